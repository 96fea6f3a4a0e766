#!/usr/bin/env bash
# Runs the shell examples of the README and of docs/ as printed, in order, against a fresh
# `npm start` (embedded mode, demo data), with the variables its banner tells a reader to export
# (API, TOKEN from the demo token file it names, RECIPE_SET; CONSOLE_EMAIL and CONSOLE_PASSWORD). Every ```sh block runs, one shell for all of them (a block may use what
# an earlier one set); ```sh skip marks a block that cannot run here (it starts a server or needs
# a second one) and ```text an output. curl fails on any 4xx or 5xx answer (--fail-with-body) unless
# the example passes -w (it prints the status itself); a failing command fails the run, naming the
# file and the line of its block.
# Needs `npm run build` (npm start builds when stale), curl and jq. Usage: docs-examples.sh [files…]
#
# With CONTRACT_PROXY=<OpenAPI document> (npm run docs:contract: openapi.json) the examples reach the
# server through Stoplight Prism in proxy mode, which checks every answer against that document
# (status, headers, content type, body schema) and passes it on unchanged; at the end the run fails
# when Prism reported any violation, printing each with its request, even when every example
# succeeded. Requests are passed unchecked (examples
# show lenient and refused inputs on purpose). Needs @stoplight/prism-cli (a devDependency).
set -euo pipefail
cd "$(dirname "$0")/.."

files=("$@")
if [ ${#files[@]} = 0 ]; then
  files=(README.md docs/api/authentication-and-errors.md docs/api/orders.md docs/api/artwork.md
    docs/api/catalog-and-designs.md docs/api/rendering.md docs/api/print-files.md
    docs/api/messages-and-sharing.md docs/api/users.md docs/api/webhooks.md
    docs/api/plans-and-limits.md docs/api/pages.md docs/api/sandbox.md docs/pages.md docs/cli.md)
fi
# DOCS_EXAMPLES_SKIP="<file> …": files of the default list left out (CI runs those through the
# contract proxy in a run of their own; the README stays, later pages use what it sets).
if [ $# = 0 ] && [ -n "${DOCS_EXAMPLES_SKIP:-}" ]; then
  kept=()
  for f in "${files[@]}"; do [[ " $DOCS_EXAMPLES_SKIP " == *" $f "* ]] || kept+=("$f"); done
  files=("${kept[@]}")
fi
for tool in curl jq; do
  command -v "$tool" >/dev/null || { echo "docs examples: $tool is missing"; exit 1; }
done

work=$(mktemp -d)
# A free port below the kernel's ephemeral range (scripts/lib/ports.ts).
port=$(node dist/scripts/free-port.js)
pid=""
cleanup() {
  if [ -n "$pid" ]; then
    kill -TERM -- "-$pid" 2>/dev/null || true
    # The server writes its data directory until it has exited (up to 30 s): remove it after.
    for _ in $(seq 1 300); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  [ -n "${proxy_pid:-}" ] && kill -TERM -- "-$proxy_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "docs examples: FAILED: $*"; echo "--- server output"; tail -n 30 "$work/server.log" || true; exit 1; }
contract=${CONTRACT_PROXY:-}
# Prints the contract proxy's violations, each after the request it answered; fails when any.
contract_violations() {
  grep -q 'Violation:' "$work/prism.log" || return 0
  echo "docs examples: the contract proxy reported violations:"
  awk '/\[HTTP SERVER\]/ { sub(/.*\[HTTP SERVER\] */, ""); sub(/ *[✖ℹ⚠].*/, ""); request = $0 }
    /Violation:/ { sub(/.*Violation: */, ""); print "  " request ": " $0 }' "$work/prism.log"
  return 1
}
if [ -n "$contract" ]; then
  [ -f "$contract" ] || { echo "docs examples: CONTRACT_PROXY=$contract: no such document"; exit 1; }
  prism=node_modules/.bin/prism
  [ -x "$prism" ] || { echo "docs examples: $prism is missing (npm install)"; exit 1; }
fi

export DATA_DIR="$work/data" PORT="$port" BASE_URL="http://127.0.0.1:$port"
# Where `pci listen` keeps its secret and place (the partner commands in docs/cli.md): in the run's
# folder, not the machine's ~/.config.
export XDG_CONFIG_HOME="$work/config"
unset DATABASE_URL REDIS_URL SEED_DEMO NODE_ENV
setsid npm start >"$work/server.log" 2>&1 &
pid=$!
t0=$SECONDS
until grep -q '"msg":"listening"' "$work/server.log"; do
  kill -0 "$pid" 2>/dev/null || fail "the server exited during start-up"
  [ $((SECONDS - t0)) -lt 180 ] || fail "no start-up banner within 180 s"
  sleep 0.3
done
banner=$(grep '"msg":"listening"' "$work/server.log" | tail -n1)
API=$(jq -r .url <<<"$banner")
TOKEN=$(cat "$(jq -r .demo.tokenFile <<<"$banner")")
RECIPE_SET=$(jq -r '.demo.recipeSets[0]' <<<"$banner")
[ "$TOKEN" != null ] && [ "$RECIPE_SET" != null ] || fail "the banner has no demo token or recipe set: $banner"
CONSOLE_EMAIL=$(jq -r .demo.consoleUser.email <<<"$banner")
[ "$CONSOLE_EMAIL" != null ] || fail "the banner has no demo console user: $banner"
CONSOLE_PASSWORD=$(cat "$(jq -r .demo.consoleUser.passwordFile <<<"$banner")")

if [ -n "$contract" ]; then
  # Prism's own port: another free one.
  proxy_port=$(node dist/scripts/free-port.js)
  setsid "$prism" proxy "$contract" "$API" --port "$proxy_port" --host 127.0.0.1 \
    --validate-request false --cors false >"$work/prism.log" 2>&1 &
  proxy_pid=$!
  t0=$SECONDS
  until grep -q 'Prism is listening' "$work/prism.log"; do
    kill -0 "$proxy_pid" 2>/dev/null || { cat "$work/prism.log"; fail "the contract proxy exited during start-up"; }
    [ $((SECONDS - t0)) -lt 120 ] || { cat "$work/prism.log"; fail "the contract proxy did not listen within 120 s"; }
    sleep 0.3
  done
  server_api=$API
  API="http://127.0.0.1:$proxy_port"
  echo "docs examples: through the contract proxy (Prism, $contract) at $API"
fi

# One script: every block in order, each announced, with the reader's environment.
script="$work/examples.sh"
{
  echo 'set -euo pipefail'
  printf 'export API=%q TOKEN=%q RECIPE_SET=%q\n' "$API" "$TOKEN" "$RECIPE_SET"
  printf 'export CONSOLE_EMAIL=%q CONSOLE_PASSWORD=%q\n' "$CONSOLE_EMAIL" "$CONSOLE_PASSWORD"
  # What a reader types is curl; here an HTTP error fails the example. With -w the example prints
  # the status itself (a 202 or a 303 is the point), so it is left alone.
  if [ -n "$contract" ]; then
    # Prism re-encodes the bodies it forwards as text, which breaks binary ones (file uploads):
    # requests with a file body go to the server itself, unchecked.
    printf 'export CONTRACT_PROXY_API=%q CONTRACT_SERVER_API=%q\n' "$API" "$server_api"
    cat <<'EOF'
curl() {
  local arg args=() binary=
  for arg in "$@"; do case "$arg" in -F | --form | --data-binary | -T | --upload-file) binary=1 ;; esac; done
  for arg in "$@"; do
    [ -n "$binary" ] && arg=${arg/#"$CONTRACT_PROXY_API"/$CONTRACT_SERVER_API}
    args+=("$arg")
  done
  for arg in "${args[@]}"; do [ "$arg" = -w ] && { command curl "${args[@]}"; return; }; done
  command curl --fail-with-body "${args[@]}"
}
EOF
  else
    cat <<'EOF'
curl() {
  local arg
  for arg in "$@"; do [ "$arg" = -w ] && { command curl "$@"; return; }; done
  command curl --fail-with-body "$@"
}
EOF
  fi
  for file in "${files[@]}"; do
    awk -v file="$file" '
      /^```sh( |$)/ && $0 !~ /skip/ { inblock = 1; printf "printf %c\\n--- %s:%d\\n%c\n", 39, file, NR, 39; next }
      /^```/ { inblock = 0; next }
      inblock { print }
    ' "$file"
  done
} >"$script"

echo "docs examples: $(grep -c '^printf .\\n--- ' "$script") blocks from ${#files[@]} files against $API"
scratch="$work/scratch"
mkdir -p "$scratch"
# The examples run as from the repository's root (they name docs/examples/logo.png and run
# `npm run cli`), in a scratch directory that links what they use, so that the files they write
# (renders, ZIPs, PDFs) do not land in the checkout.
if ! (cd "$scratch" && ln -s "$OLDPWD/docs" docs && ln -s "$OLDPWD/package.json" package.json \
  && ln -s "$OLDPWD/node_modules" node_modules && ln -s "$OLDPWD/dist" dist \
  && ln -s "$OLDPWD/scripts" scripts && bash "$script") 2>&1 | tee "$work/examples.log"; then
  echo
  [ -n "$contract" ] && contract_violations
  fail "an example failed (the last '---' line names its block)"
fi
if [ -n "$contract" ]; then
  contract_violations || fail "answers broke the contract ($contract)"
  echo "docs examples: every answer through the contract proxy conformed"
fi
echo "docs examples: every block ran"
