#!/usr/bin/env bash
# The main job: set up, build, and run fxhost on the default effect.
# Extra arguments go to fxhost.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release 2>&1 | grep -v -e 'prohibited flag(s): -pthread' >&2 || true
bin=$(swift build -c release --show-bin-path)
test -x "$bin/fxhost" || { echo "run: the build failed (see above)" >&2; exit 1; }
if [ $# -eq 0 ]; then set -- --demo; fi
exec "$bin/fxhost" "$@"
