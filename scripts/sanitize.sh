#!/usr/bin/env bash
# The whole test suite under AddressSanitizer (a separate build folder, so
# the ordinary build is untouched). Any report fails the run.
# UndefinedBehaviorSanitizer is not offered: this Swift toolchain refuses
# -sanitize=undefined for Linux targets, and Swift checks overflow and bounds itself.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test
flags=(--sanitize=address --scratch-path .build/sanitize)
swift build --build-tests "${flags[@]}"
# Leaks at exit of the short-lived test processes are not what this run looks for; memory errors are.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
# Suites whose work is done by outside programs skip themselves in this pass (TestSupport.isSanitizerPass).
export FXHOST_SANITIZER_PASS=1
swift test --skip-build "${flags[@]}"
