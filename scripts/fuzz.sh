#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the libFuzzer harnesses (with AddressSanitizer) and runs each one.
#   scripts/fuzz.sh                 all of them, 1,000,000 executions each
#   scripts/fuzz.sh png 5000000     one harness, more executions
# Harnesses: keypath (key path parsing), arguments (parameter values from the
# command line), png (the PNG input path), lottie (a Lottie file or .lottie
# archive through the lottie plugin, in process), batch (batch job lines),
# golden (golden snapshot samples files), part and manifest (what fxhost join
# reads). A crash stops the run and leaves the input in Fuzz/crash-*; rerun it
# with .build/release/fuzz-NAME FILE.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/fuzz.sh [HARNESS [RUNS]]" -- "$@"
cd "$(dirname "$0")/.."
scripts/setup.sh
which=${1:-all}
runs=${2:-1000000}
cd Fuzz
swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing >&2
bin=$(swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing --show-bin-path)
mkdir -p corpus/keypath corpus/arguments corpus/png
printf 'position.x' > corpus/keypath/seed1; printf 'transform.rotation.z' > corpus/keypath/seed2
printf 'bounds.size.width' > corpus/keypath/seed3
printf '\x01-0.5' > corpus/arguments/seed1; printf '\x04#ff000080' > corpus/arguments/seed2
printf '\x06down' > corpus/arguments/seed3
# A real PNG to start from, made by fxhost itself when it is built.
fx="../.build/release/fxhost"
if [ -x "$fx" ] && [ ! -s corpus/png/seed.png ]; then
  "$fx" --plugin cube --size 16x12 --time 0.2 --out corpus/png/seed.png 2>/dev/null || true
fi
# lottie: the project's own Lottie test files, and .lottie archives of two of them.
mkdir -p corpus/lottie && cp ../Tests/LottieTests/Fixtures/*.json corpus/lottie/
python3 ../Tests/LottieTests/Fixtures/make-dotlottie.py corpus/lottie/shapes.lottie ../Tests/LottieTests/Fixtures/shapes.json
python3 ../Tests/LottieTests/Fixtures/make-dotlottie.py corpus/lottie/two.lottie ../Tests/LottieTests/Fixtures/hold.json ../Tests/LottieTests/Fixtures/trim.json
# batch: job lines as the batch tests write them.
mkdir -p corpus/batch
printf '{"plugin": "cube", "parameters": {"text": "Paris"}, "options": {"size": "320x240", "end": 1}, "out": "paris.png"}\n{"plugin": "fade", "factory": "fade", "out": "f/"}\n' > corpus/batch/seed1
printf '{"plugin":"lottie","parameters":{"file":"a.json"},"options":{"fps":[10],"event":["tap@0.5","tap@1"],"frames":"0-3"},"out":"b.gif"}\n' > corpus/batch/seed2
# golden: a snapshot fxhost records of the cube plugin, when it is built (release or debug).
mkdir -p corpus/golden
for build in release debug; do
  [ -x "../.build/$build/fxhost" ] && [ ! -s corpus/golden/seed.jsonl ] || continue
  rm -rf corpus/golden-record
  "../.build/$build/fxhost" check --golden corpus/golden-record --update "../.build/$build/libcube.so" >/dev/null 2>&1 || true
  cp corpus/golden-record/cube/*/samples.jsonl corpus/golden/seed.jsonl 2>/dev/null || true
  rm -rf corpus/golden-record
done
printf '{"t":0,"layers":[{"path":"stage/box","kind":"shape","props":{"opacity":1}}]}\n{"t":0.5,"layers":[]}\n' > corpus/golden/seed2
# The part reader and the manifest reader of fxhost join: a one-frame part (after two bytes that choose its layout) and its manifest.
mkdir -p corpus/part corpus/manifest; if [ -x "$fx" ] && [ ! -s corpus/manifest/seed ] && "$fx" --plugin spinner --size 2x2 --end 0 --frames 0: --out corpus/seed.fxpart --manifest 2>/dev/null; then { printf '\x09\x10'; cat corpus/seed.fxpart; } > corpus/part/seed; cp corpus/seed.fxpart.manifest.json corpus/manifest/seed; fi
for h in keypath arguments png lottie batch golden part manifest; do
  [ "$which" = all ] || [ "$which" = "$h" ] || continue
  echo "fuzz-$h: $runs runs" >&2
  "$bin/fuzz-$h" -runs="$runs" -max_len=4096 -timeout=60 -artifact_prefix=crash-$h- -print_final_stats=1 corpus/$h 2>&1 \
    | grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|Done|==[0-9]+==ERROR|SUMMARY)" || true
  test "${PIPESTATUS[0]}" -eq 0 || { echo "fuzz-$h found a crash (see Fuzz/crash-$h-*)" >&2; exit 1; }
done
