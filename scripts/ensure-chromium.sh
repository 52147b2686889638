#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium; never a downloaded browser.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing it with apt-get (package chromium)..." >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) && [ -x "$CHROMIUM" ] && exit 0
fi
echo "Chromium is required for the end-to-end tests and is not installed at $CHROMIUM." >&2
echo "Install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH, then run the tests again." >&2
exit 1
