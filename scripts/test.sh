#!/usr/bin/env bash
# The whole test suite: lint, formatting, type checks, unit and integration tests on the embedded
# database, the console build, then the end-to-end tests in Chromium beside the integration tests on a
# real PostgreSQL server and the cross-node test.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s (at %d s) ===\n' "$*" "$SECONDS"; }

# Runs commands side by side (each keeps to one core), then shows each one's output in turn, those
# that failed last, so that the end of the log (all a CI summary may keep) shows what failed; fails
# when any of them failed.
side_by_side() {
  local logs pids=() failed=() index=0 commands=("$@")
  logs=$(mktemp -d)
  for command in "$@"; do
    bash -c "$command" >"$logs/$index" 2>&1 &
    pids+=($!)
    index=$((index + 1))
  done
  index=0
  for command in "$@"; do
    if wait "${pids[$index]}"; then
      echo "--- $command: passed"
      cat "$logs/$index"
    else
      failed+=("$index")
    fi
    index=$((index + 1))
  done
  for index in "${failed[@]}"; do
    echo "--- ${commands[$index]}: FAILED"
    cat "$logs/$index"
  done
  rm -rf "$logs"
  [ "${#failed[@]}" -eq 0 ]
}

step "System packages"
bash scripts/ensure-chromium.sh
bash scripts/ensure-redis.sh
bash scripts/ensure-nginx.sh

step "Lint, formatting and type checks"
side_by_side "npm run lint" "npm run format:check" "npm run typecheck"

step "Unit and integration tests (embedded PGlite)"
npx vitest run

step "Console build, and its first load as served against the budget"
npm run build
npm run check:first-load -w apps/web

# The end-to-end tests mostly wait on the browser and the simulated devices: about one core stays
# free, and the tests on PostgreSQL take it (one test file at a time).
step "End-to-end tests (Chromium), beside them the tests on PostgreSQL and the cross-node test"
side_by_side "npm run test:e2e" \
  "SERVER_TEST_WORKERS=1 bash scripts/with-postgres.sh npx vitest run --project server --project server-mocked &&
   bash scripts/with-postgres.sh npx vitest run --config apps/server/vitest.cluster.config.ts"
step "All passed"
