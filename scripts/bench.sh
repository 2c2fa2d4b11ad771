#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Benchmarks (not tests): release build, figures printed to stdout.
# With no argument, every suite of the fxbench harness; with one, that suite
# (sampling, particles, render, startup, apng, memory), or one that runs a
# script of its own: scale (bench-scale.sh), lottie [DIR…] (bench-lottie.sh),
# seeds (bench-seeds.sh), e2e [JOB…] [--formats …] (bench-e2e.sh), studio [--long [MINUTES]]
# (bench-studio.sh).
# docs/BENCHMARKS.md says what each measures.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/bench.sh [sampling|particles|render|startup|apng|memory|e2e|scale|lottie|seeds|studio] [ARG…]" --formats --long -- "$@"
cd "$(dirname "$0")/.."
scripts/setup.sh --bench
swift build -c release
bin=$(swift build -c release --show-bin-path)
# The plain-cairo program the render benchmarks compare against, built as any C program is.
cc -O2 Benchmarks/cairo-baseline/baseline.c $(pkg-config --cflags --libs pangocairo) -lm -o "$bin/cairo-baseline"
# Shards and batches (docs/SCALE.md): whole fxhost runs, timed from outside.
if [ "${1:-}" = "scale" ]; then exec scripts/bench-scale.sh "$bin"; fi
# The lottie plugin beside rlottie (scripts/bench-lottie.sh; more folders of Lottie files may follow).
if [ "${1:-}" = "lottie" ]; then shift; exec scripts/bench-lottie.sh "$bin" "$@"; fi
# The seeds plugin beside the hand ports it equals (scripts/bench-seeds.sh).
if [ "${1:-}" = "seeds" ]; then exec scripts/bench-seeds.sh "$bin"; fi
# fxhost studio in its page: scrubbing, playback, memory; `studio --long [MINUTES]`: memory over a
# long scrub (scripts/bench-studio.sh).
if [ "${1:-}" = "studio" ]; then shift; exec scripts/bench-studio.sh "$bin" "$@"; fi
# End to end, every output format beside ffmpeg (scripts/bench-e2e.sh).
if [ "${1:-}" = "e2e" ]; then shift; "$bin/fxbench-e2e"; exec scripts/bench-e2e.sh "$bin" "$@"; fi
exec "$bin/fxbench" "$@"
