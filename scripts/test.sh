#!/usr/bin/env bash
# The whole test suite: set up, build everything, run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test
swift build --build-tests
swift test --skip-build
# In CI (CI=true) the same suite runs again under AddressSanitizer.
if [ "${CI:-}" = "true" ]; then scripts/sanitize.sh; fi
