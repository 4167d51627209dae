#!/usr/bin/env bash
# A newcomer's first minute: a fresh clone, the machine's own `node` (20 on a fresh machine) first
# on PATH, the README's first command, then the home page must answer. The project pins Node 24 as
# a dependency, so `npm start` runs on it whatever the machine has.
# Usage: scripts/check-first-run.sh <repository> [port] [web build to reuse]
# With a web build (the CI passes the one its tests just used), `npm start` uses it when it was
# built from the same sources (apps/web/build-stamp.ts compares their hash) and builds otherwise.
set -euo pipefail
repo="$1"
port="${2:-3397}"
reuse_build="${3:-}"
work="$(mktemp -d)"
server=""
# The server and everything it started go with the check: `npm start` runs in a session of its
# own, whose whole process group is stopped here (its node's command line does not name $work, so
# matching on the path left it running, and the next check found its port taken).
stop_server() {
  if [ -n "$server" ]; then
    kill -TERM -- "-$server" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 -- "-$server" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$server" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap stop_server EXIT

# Another server on the port would answer for this one.
if curl -fs -o /dev/null -m 2 "http://127.0.0.1:$port/"; then
  echo "first run: port $port already answers; stop what runs there first" >&2
  exit 1
fi
git clone -q "$repo" "$work/clone"
cd "$work/clone"
echo "first run with $(command -v node) $(node -v), npm $(npm -v)"
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --prefer-offline >"$work/ci.log" 2>&1 || { tail -30 "$work/ci.log"; exit 1; }
if [ -n "$reuse_build" ] && [ -f "$reuse_build/index.html" ]; then
  cp -r "$reuse_build" apps/web/dist
  echo "first run: offered the web build of $reuse_build (used only if its sources' hash matches)"
fi
DATA_DIR="$work/data" PORT="$port" HOST=127.0.0.1 setsid npm start >"$work/start.log" 2>&1 &
server=$!
for _ in $(seq 1 180); do
  if curl -fs -o /dev/null "http://127.0.0.1:$port/"; then
    echo "first run: the home page answers 200 on http://127.0.0.1:$port/"
    grep -q 'Building the web app' "$work/start.log" && echo "first run: npm start built the web app" || echo "first run: npm start used the offered build"
    exit 0
  fi
  sleep 1
done
echo "first run: the home page did not answer within 180 s" >&2
tail -40 "$work/start.log" >&2
exit 1
