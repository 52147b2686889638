#!/usr/bin/env bash
# The cross-node test puts nginx in front of the nodes, with the configuration of deploy/nginx.
set -euo pipefail
{ [ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1; } && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "nginx is missing: installing it with apt-get (package nginx-light)..." >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null) &&
    [ -x /usr/sbin/nginx ] && exit 0
fi
echo "nginx is required for the cross-node test and is not installed." >&2
echo "Install it (Debian/Ubuntu: sudo apt-get install nginx-light) and run the tests again." >&2
exit 1
