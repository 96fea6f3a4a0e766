#!/usr/bin/env bash
# Benchmark suites once with tiny sizes (1 s per scenario), side by side: the scenarios, their
# attacks and probes still work against the current API. They measure nothing here: the targets
# are measured by the full suites (npm run bench; results in bench/README.md).
# Usage: scripts/bench-smoke.sh [suite ...]   (default: every suite; CI runs one suite, or a sixth
# of the abuse suite's attacks, per commit, turning with the commit: each once in eleven commits).
# Needs `npm run build`, wrk, and PostgreSQL at BENCH_DATABASE_URL (default: the local server).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
export BENCH_DATABASE_URL="${BENCH_DATABASE_URL:-${PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}}"
command -v wrk >/dev/null || { echo "wrk is missing (apt-get install wrk)"; exit 1; }

# Each suite's tiny sizes.
declare -A ARGS=(
  [orders]="--orders 2000 --recipe-sets 50 --duration 1 --warmup 0 --repeat 1"
  [render]="--duration 1 --warmup 0 --repeat 1 --cold 1 --burst 3"
  [print]="--idle 1 --stream 2 --connections 2 --duration 1 --repeat 1"
  [saved-assets]="--assets 200 --duration 1 --warmup 0 --repeat 1"
  # Every attack of the abuse table against one embedded instance, with small inputs.
  # BENCH_SMOKE_ABUSE_PART=k/n: a part of them (every n-th from the k-th; CI turns k with the commit).
  [abuse]="--small --duration 1 --assets 20 --settle 30${BENCH_SMOKE_ABUSE_PART:+ --part $BENCH_SMOKE_ABUSE_PART}"
  [webhooks]="--duration 1 --warmup 0 --repeat 1 --idle 3 --fanout 2 --recipe-sets 4"
)
# A suite still running after this long has hung: it fails (exit 124) with its log.
SUITE_SECONDS="${BENCH_SMOKE_SUITE_SECONDS:-600}"
suites=("$@")
[ ${#suites[@]} -gt 0 ] || suites=(orders render print saved-assets abuse webhooks)

declare -A pids=()
for suite in "${suites[@]}"; do
  [ -n "${ARGS[$suite]+set}" ] || { echo "unknown suite $suite (one of: ${!ARGS[*]})"; exit 2; }
  # shellcheck disable=SC2086
  timeout --kill-after=30 "$SUITE_SECONDS" node dist/bench/bench.js "$suite" ${ARGS[$suite]} \
    >".tmp/bench-smoke-$suite.log" 2>&1 &
  pids[$suite]=$!
done
failed=0
for suite in "${suites[@]}"; do
  if wait "${pids[$suite]}"; then
    echo "--- $suite"; grep -E '^\| ' ".tmp/bench-smoke-$suite.log" | head -n 20
  else
    rc=$?
    [ "$rc" = 124 ] && echo "benchmark suite $suite still ran after ${SUITE_SECONDS} s: stopped"
    echo "benchmark suite $suite failed (exit $rc):"; tail -n 40 ".tmp/bench-smoke-$suite.log"; failed=1
  fi
done
exit "$failed"
