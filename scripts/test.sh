#!/usr/bin/env bash
# The whole test suite: lint, formatting, type checks, unit and integration tests (on the embedded
# database, then on a real PostgreSQL server), the console build, then the end-to-end tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s (at %d s) ===\n' "$*" "$SECONDS"; }

step "System packages"
bash scripts/ensure-chromium.sh
bash scripts/ensure-redis.sh
bash scripts/ensure-nginx.sh

step "Lint"
npm run lint
step "Formatting"
npm run format:check
step "Type checks"
npm run typecheck

step "Unit and integration tests (embedded PGlite)"
npx vitest run
step "Integration tests on PostgreSQL"
bash scripts/with-postgres.sh npx vitest run --project server --project server-mocked

step "Cross-node test (two nodes behind nginx, PostgreSQL, Redis, S3)"
bash scripts/with-postgres.sh npx vitest run --config apps/server/vitest.cluster.config.ts

step "Console build"
npm run build
step "End-to-end tests (Chromium)"
npm run test:e2e
step "All passed"
