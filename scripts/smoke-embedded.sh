#!/usr/bin/env bash
# Smoke test of embedded mode, as a new user runs it: `npm start` on an empty data directory
# saves a demo token in an owner-only file (never in the output); health answers; the token authenticates; a restart reuses the data.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
# A free port below the kernel's ephemeral range (scripts/lib/ports.ts), for the build npm start runs.
node scripts/build-if-stale.mjs
port=$(node dist/scripts/free-port.js)
export DATA_DIR="$work/data" PORT="$port" BASE_URL="http://127.0.0.1:$port"
unset DATABASE_URL REDIS_URL SEED_DEMO
pid=""
cleanup() {
  [ -n "$pid" ] && kill -TERM -- "-$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "smoke: FAILED: $*"; echo "--- server output"; tail -n 40 "$work/out.log" || true; exit 1; }

start() {
  : > "$work/out.log"
  setsid npm start > "$work/out.log" 2>&1 &
  pid=$!
  local t0=$SECONDS
  # Output piped: the banner is a JSON line (msg "listening").
  until grep -q '"msg":"listening"' "$work/out.log"; do
    kill -0 "$pid" 2>/dev/null || fail "the server exited during start-up"
    [ $((SECONDS - t0)) -lt 120 ] || fail "no start-up banner within 120 s"
    sleep 0.3
  done
  echo "smoke: started in $((SECONDS - t0)) s (including the build npm start runs first)"
}

stop() {
  kill -TERM -- "-$pid"
  local t0=$SECONDS
  # Wait for the whole process group: npm exits at once on SIGTERM, the server after its graceful stop.
  while pgrep -g "$pid" >/dev/null; do
    [ $((SECONDS - t0)) -lt 20 ] || fail "the server did not stop within 20 s of SIGTERM"
    sleep 0.2
  done
  pid=""
  [ ! -e "$DATA_DIR/run/.s.PGSQL.5432" ] || fail "the embedded database socket was left behind"
}

start
# A field of the banner's JSON line (empty when absent).
banner() {
  grep '"msg":"listening"' "$work/out.log" | tail -n1 |
    node -e 'let t="";process.stdin.on("data",(c)=>(t+=c)).on("end",()=>{let v=JSON.parse(t);for(const k of process.argv[1].split("."))v=v?.[k];process.stdout.write(v===undefined?"":String(v))})' "$1"
}
token_file=$(banner demo.tokenFile)
[ "$token_file" = "$DATA_DIR/demo-token" ] || fail "the banner does not name the demo token file: $token_file"
[ "$(stat -c %a "$token_file")" = 600 ] || fail "the demo token file is not owner-only"
token=$(cat "$token_file")
[ -n "$token" ] || fail "no demo token saved on first start"
grep -q "$token" "$work/out.log" && fail "the demo token is in the output"
curl -fsS "http://127.0.0.1:$port/health/ready" | grep -q '"database":"up"' || fail "readiness"
code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/clients/current")
[ "$code" = 401 ] || fail "expected 401 without a token, got $code"
curl -fsS -H "SERVICE_API_TOKEN: $token" "http://127.0.0.1:$port/api/clients/current/" | grep -q '"handle":"demo"' \
  || fail "the demo token did not authenticate"
curl -fsS "http://127.0.0.1:$port/docs/" | grep -qi "swagger" || fail "Swagger UI"
# The demo recipe sets are designed on the demo catalog, and their image is served under /cdn.
recipe_set=$(banner demo.recipeSets | cut -d, -f1)
[ -n "$recipe_set" ] || fail "no demo recipe set printed on first start"
design=$(curl -fsS -H "SERVICE_API_TOKEN: $token" "http://127.0.0.1:$port/api/recipesets/$recipe_set")
echo "$design" | grep -q '"productHandle":"demo-tee"' || fail "the demo recipe set is not on demo-tee"
asset=$(echo "$design" | grep -o '"uploadedAssetId":[0-9]*' | head -n1 | cut -d: -f2)
[ -n "$asset" ] || fail "the demo recipe set has no image"
uri=$(curl -fsS -H "SERVICE_API_TOKEN: $token" "http://127.0.0.1:$port/api/assets/uploaded/$asset" | grep -o '"uri":"[^"]*"' | cut -d'"' -f4)
curl -fsS -o "$work/artwork.png" -w '%{content_type}' "$uri" | grep -q '^image/png$' || fail "the demo image is not served at $uri"
curl -fsS -H "SERVICE_API_TOKEN: $token" "http://127.0.0.1:$port/api/catalog/demo/products" | grep -q '"handle":"demo-bottle"' \
  || fail "the demo catalog was not installed"
stop

start
grep -q "pci_" "$work/out.log" && fail "a second start must not seed again"
[ "$(banner demo.created)" = false ] || fail "a second start must say the demo client exists"
[ "$(banner demo.recipeSets | cut -d, -f1)" = "$recipe_set" ] \
  || fail "a second start must print the same demo recipe set for the examples"
curl -fsS -H "SERVICE_API_TOKEN: $token" "http://127.0.0.1:$port/api/clients/current" | grep -q '"role":"Admin"' \
  || fail "the demo token did not survive a restart"
stop
echo "smoke: embedded mode OK"
