#!/usr/bin/env bash
# Install Debian's Chromium for the browser tests (Playwright drives it; its own browser download
# is not reachable here). Does nothing when /usr/bin/chromium is already there.
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  echo "installing chromium from Debian's packages" >&2
  export DEBIAN_FRONTEND=noninteractive
  (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) >&2
fi
