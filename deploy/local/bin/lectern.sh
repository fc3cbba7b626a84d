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

stamp=node_modules/.lectern-installed
if [ ! -x node_modules/.bin/node ] || [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
  echo "lectern: installing workspace dependencies (npm ci)…"
  if [ -f package-lock.json ]; then npm ci --no-audit --no-fund --loglevel=error; else npm install --no-audit --no-fund --loglevel=error; fi
  touch "$stamp"
fi

NODE="$ROOT/node_modules/.bin/node"
PATH="$ROOT/node_modules/.bin:$PATH"
export PATH
exec "$NODE" --disable-warning=ExperimentalWarning "$ROOT/deploy/local/src/cli.ts" "$@"
