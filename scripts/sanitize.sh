#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The whole test suite under AddressSanitizer (a separate build folder, so
# the ordinary build is untouched). Any report fails the run.
#   scripts/sanitize.sh               build, then run
#   scripts/sanitize.sh --build-only  only build (scripts/test.sh builds while the ordinary tests run)
#   scripts/sanitize.sh --skip-build  only run what is built
# UndefinedBehaviorSanitizer is not offered: this Swift toolchain refuses
# -sanitize=undefined for Linux targets, and Swift checks overflow and bounds itself.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/sanitize.sh [--build-only | --skip-build]" --build-only --skip-build -- "$@"
cd "$(dirname "$0")/.."
mode=${1:-}
flags=(--sanitize=address --scratch-path .build/sanitize)
if [ "$mode" != "--skip-build" ]; then
  scripts/setup.sh --test
  swift build --build-tests "${flags[@]}"
fi
[ "$mode" = "--build-only" ] && exit 0
# Leaks at exit of the short-lived test processes are not what this run looks for; memory errors are.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
# Suites whose work is done by outside programs skip themselves in this pass (TestSupport.isSanitizerPass).
export FXHOST_SANITIZER_PASS=1
exec scripts/run-suites.sh "$(swift build "${flags[@]}" --show-bin-path)"
