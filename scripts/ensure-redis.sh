#!/usr/bin/env bash
# The live hub's tests across two server nodes start a real redis-server (Debian's package).
set -euo pipefail
command -v redis-server >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Redis is missing: installing it with apt-get (package redis-server)..." >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null) &&
    command -v redis-server >/dev/null 2>&1 && exit 0
fi
echo "redis-server is required for the live hub's tests across server nodes and is not installed." >&2
echo "Install it (Debian/Ubuntu: sudo apt-get install redis-server) and run the tests again." >&2
exit 1
