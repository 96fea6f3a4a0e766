#!/usr/bin/env bash
# Browser tests (Swagger UI, log-entry page) in Debian's Chromium. Without Chromium they do not
# run, and this says so; CI installs Chromium (apt-get install chromium) and runs them.
set -euo pipefail
cd "$(dirname "$0")/.."
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  echo "browser tests DID NOT RUN: no Chromium at $chromium (apt-get install chromium, or set CHROMIUM_PATH)"
  exit 0
fi
NODE_OPTIONS=--experimental-vm-modules npx jest --selectProjects browser "$@"
