#!/usr/bin/env bash
# The cross-node test alone (npm test runs it too): two server nodes behind nginx (deploy/nginx) on one PostgreSQL, one Redis and one
# S3 bucket, all started on this machine (docs/scaling.md). Missing system packages are installed with
# apt-get when the machine allows it; otherwise this stops saying what to install.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-redis.sh
bash scripts/ensure-nginx.sh
node scripts/build-server.mjs
bash scripts/with-postgres.sh npx vitest run --config apps/server/vitest.cluster.config.ts
