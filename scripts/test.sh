#!/usr/bin/env bash
# The one test command (README, .ci/run): installs what the tests need, then runs every check.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x node_modules/.bin/vitest ]; then
  echo "== installing npm dependencies"
  npm install --no-audit --no-fund
fi
if ! command -v openssl >/dev/null 2>&1; then
  echo "== installing Debian's openssl: the scan tests make their certificates with it"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq openssl >/dev/null
fi
if ! command -v chromium >/dev/null 2>&1; then
  echo "== installing Debian's Chromium for the end-to-end tests"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-liberation >/dev/null
fi

# Redis for the scale-out tests (REDIS_URL): the one on 6379 when it answers, else a throwaway one on 6391
redis_answers() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1" && printf 'PING\r\n' >&3 && timeout 2 head -c 5 <&3 | grep -q PONG) 2>/dev/null
}
if [ -z "${REDIS_URL:-}" ]; then
  if redis_answers 6379; then
    export REDIS_URL=redis://127.0.0.1:6379
  else
    if ! command -v redis-server >/dev/null 2>&1; then
      echo "== installing Debian's Redis for the scale-out tests"
      SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
      $SUDO apt-get update -qq
      DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq redis-server >/dev/null
    fi
    redis_answers 6391 || redis-server --port 6391 --save '' --appendonly no --daemonize yes >/dev/null
    for _ in $(seq 50); do redis_answers 6391 && break; sleep 0.1; done
    redis_answers 6391 || { echo "Redis on 6391 did not start" >&2; exit 1; }
    export REDIS_URL=redis://127.0.0.1:6391
  fi
fi
echo "== Redis for the tests: $REDIS_URL"

# Groups: the static checks; the client build; Vitest; the browser suite. Each group writes its own
# log, printed whole when the group ends, and every phase's time is printed at the end.
LOGS="$(mktemp -d)"
START=$SECONDS
phase() {
  local name="$1"
  shift
  echo "== $name"
  local began=$SECONDS status=0
  "$@" || status=$?
  printf '%-26s %4ss%s\n' "$name" $((SECONDS - began)) "$([ "$status" = 0 ] || echo "  FAILED ($status)")" >>"$LOGS/times"
  return "$status"
}
static_checks() {
  phase "type check (strict)" npx tsc -p tsconfig.json --noEmit &&
    phase "lint + format (biome)" npx biome check . &&
    phase "locale parity" node scripts/check-locales.mjs
}
unit_integration() { phase "unit + integration" npx vitest run; }
# the client, and the server bundle the browser suite's servers run as `npm start` would (scripts/start.mjs)
client_build() { phase "client + server build" node scripts/start.mjs --build-only; }
browser() { phase "end-to-end (Chromium)" npx playwright test; }

# The static checks and the client build beside Vitest, then the browser suite on its own. Run all side
# by side, the browser suite and Vitest took each other's cores on this 2-core machine: an integration
# file that takes 7 s alone took 35 s beside them, timeouts fired, and the whole took 19 minutes.
run_groups() {
  local -A pids
  for group in "$@"; do
    "$group" >"$LOGS/$group.log" 2>&1 &
    pids[$group]=$!
  done
  echo "== running: $* (each group's log follows when it ends)"
  for group in "$@"; do
    wait "${pids[$group]}" || FAILED+=("$group")
    echo "======== $group"
    cat "$LOGS/$group.log"
  done
}
FAILED=()
run_groups static_checks client_build unit_integration
# the browser suite needs the client just built
if [[ " ${FAILED[*]} " != *" client_build "* ]]; then run_groups browser; fi
echo "== phase times"
sed 's/^/   /' "$LOGS/times"
echo "   total: $((SECONDS - START))s"
rm -rf "$LOGS"
if [ "${#FAILED[@]}" -gt 0 ]; then
  echo "== FAILED: ${FAILED[*]}" >&2
  exit 1
fi
