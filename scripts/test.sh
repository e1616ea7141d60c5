#!/usr/bin/env bash
# The one test command (README, .ci/run): installs what the tests need, then runs every check.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x node_modules/.bin/vitest ]; then
  echo "== installing npm dependencies"
  npm install --no-audit --no-fund
fi
if ! command -v chromium >/dev/null 2>&1; then
  echo "== installing Debian's Chromium for the end-to-end tests"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-liberation >/dev/null
fi

echo "== type check (strict)";   npx tsc -p tsconfig.json --noEmit
echo "== lint + format (biome)"; npx biome check .
echo "== locale parity";         node scripts/check-locales.mjs
echo "== unit + integration";    npx vitest run
echo "== client build";          npx vite build --logLevel warn
echo "== end-to-end (Chromium)"; npx playwright test
