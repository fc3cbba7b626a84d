#!/bin/sh
# Entry point behind `npm start`, `npm test` and `npm run bench`.
# It runs on whatever Node the machine has (npm calls it), makes sure the workspace is installed
# (which brings the pinned Node LTS from the npm registry), then hands over to the TypeScript CLI
# running on that pinned Node.
set -eu
ROOT=$(CDPATH= cd -- "$(dirname -- "$0")/../../.." && pwd)
cd "$ROOT"

need() { command -v "$1" >/dev/null 2>&1 || { echo "lectern: '$1' is missing — $2" >&2; exit 1; }; }
need npm "install Node.js with npm (any version; the project pins its own Node LTS)"

# A fresh clone, or an installed workspace whose manifest changed since (a pull), gets
# `npm install`, which follows the lock, never deletes node_modules, and is serialised with flock
# where the machine has it. Not `npm ci`: the lock written from this workplace's registry lacks
# turbo's macOS/Windows binaries (the registry does not serve them) and `npm ci` refuses such a
# lock (ADR 0001). LECTERN_SKIP_INSTALL=1 skips the install.
stamp=node_modules/.lectern-installed
locked() { if command -v flock >/dev/null 2>&1; then flock "${TMPDIR:-/tmp}/lectern-npm.lock" "$@"; else "$@"; fi; }
if [ "${LECTERN_SKIP_INSTALL:-}" != 1 ]; then
  if [ ! -x node_modules/.bin/node ]; then
    echo "lectern: installing workspace dependencies (npm install; first time takes a few minutes)…"
    locked npm install --no-audit --no-fund --loglevel=error
    touch "$stamp"
  elif [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
    echo "lectern: dependencies changed, updating the workspace (npm install)…"
    locked npm install --no-audit --no-fund --loglevel=error
    touch "$stamp"
  fi
fi

NODE="$ROOT/node_modules/.bin/node"
PATH="$ROOT/node_modules/.bin:$PATH"
export PATH
# kafkajs 2.2.4 schedules a negative timeout while a broker starts (harmless; Node 24 warns).
exec "$NODE" --disable-warning=ExperimentalWarning --disable-warning=TimeoutNegativeWarning "$ROOT/deploy/local/src/cli.ts" "$@"
