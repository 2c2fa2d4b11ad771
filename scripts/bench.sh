#!/usr/bin/env bash
# Benchmarks (not tests): release build, figures printed to stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release
exec "$(swift build -c release --show-bin-path)/fxbench" "$@"
