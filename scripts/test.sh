#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The whole test suite: set up, build everything, run every test.
# In CI (CI=true) the same suite runs again under AddressSanitizer; its build
# runs while the ordinary tests do (they mostly wait on child processes).
# The last line is "N passed, N failed" over every pass; any failure exits 1.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/test.sh" -- "$@"
cd "$(dirname "$0")/.."
scripts/setup.sh --test
# The arrows of docs/ARCHITECTURE.md: every import of a project module is a declared dependency.
scripts/check-imports.sh
# The docs stay walkable: no page over 40 KB, no relative link to a missing file or heading.
scripts/check-docs.sh
# The studio page compiled into fxhost is the one in Sources/FXStudio/Page.
scripts/studio-page.sh --check
# The cairo functions fxhost loads with dlopen (Sources/CCairo) are the ones its sources call.
scripts/gen-cairo-shim.py --check
swift build --build-tests
# The faces of FXCore's property catalog (typed keys, the facade's animatable set, docs/KEYPATHS.md) are current.
scripts/generate.sh --check
work=$(mktemp -d "${TMPDIR:-/tmp}/fxhost-test.XXXXXX")
trap 'rm -rf "$work"' EXIT
sanitizer_build=""
if [ "${CI:-}" = "true" ]; then
  scripts/sanitize.sh --build-only >"$work/asan-build.log" 2>&1 &
  sanitizer_build=$!
fi
status=0
scripts/run-suites.sh "$(swift build --show-bin-path)" | tee "$work/plain.log" || status=1
tail -1 "$work/plain.log" >"$work/summary"
if [ -n "$sanitizer_build" ]; then
  if wait "$sanitizer_build"; then
    cat "$work/asan-build.log"
    scripts/sanitize.sh --skip-build | tee "$work/asan.log" || status=1
    tail -1 "$work/asan.log" >>"$work/summary"
  else
    cat "$work/asan-build.log"
    echo "test.sh: the AddressSanitizer build failed" >&2
    echo "0 passed, 1 failed" >>"$work/summary"
    status=1
  fi
fi
# One closing line over every pass.
awk '$2 == "passed," { p += $1; f += $3 } END { printf "%d passed, %d failed\n", p, f }' "$work/summary"
exit $status
