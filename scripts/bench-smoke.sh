#!/usr/bin/env bash
# Every benchmark suite once with tiny sizes (1 s per scenario), side by side: the scenarios, their
# attacks and probes still work against the current API. They measure nothing here: the targets
# are measured by the full suites (npm run bench; results in bench/README.md).
# Needs `npm run build`, wrk, and PostgreSQL at BENCH_DATABASE_URL (default: the local server).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
export BENCH_DATABASE_URL="${BENCH_DATABASE_URL:-${PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}}"
command -v wrk >/dev/null || { echo "wrk is missing (apt-get install wrk)"; exit 1; }

smoke() {
  local name=$1; shift
  node dist/bench/bench.js "$name" "$@" >".tmp/bench-smoke-$name.log" 2>&1
}
smoke orders --orders 2000 --duration 1 --warmup 0 --repeat 1 & orders=$!
smoke render --duration 1 --warmup 0 --repeat 1 --cold 1 --burst 3 & render=$!
smoke print --idle 1 --stream 2 --connections 2 & print=$!
smoke saved-assets --assets 200 --duration 1 --warmup 0 --repeat 1 & saved=$!
# Every attack of issue 24's table against one embedded instance, with small inputs.
smoke abuse --small --duration 1 --assets 20 --settle 30 & abuse=$!
smoke webhooks --duration 1 --warmup 0 --repeat 1 --idle 3 --fanout 2 --recipe-sets 4 & webhooks=$!
failed=0
for suite in orders render print saved abuse webhooks; do
  name=$suite; [ "$suite" = saved ] && name=saved-assets
  if wait "${!suite}"; then
    echo "--- $name"; grep -E '^\| ' ".tmp/bench-smoke-$name.log" | head -n 20
  else
    echo "benchmark suite $name failed:"; tail -n 40 ".tmp/bench-smoke-$name.log"; failed=1
  fi
done
exit "$failed"
