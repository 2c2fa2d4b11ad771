#!/usr/bin/env bash
# Builds the libFuzzer harnesses (with AddressSanitizer) and runs each one.
#   scripts/fuzz.sh                 all three, 1,000,000 executions each
#   scripts/fuzz.sh png 5000000     one harness, more executions
# Harnesses: keypath (key path parsing), arguments (parameter values from the
# command line), png (the PNG input path), part and manifest (what fxhost join
# reads). A crash stops the run and leaves the input in Fuzz/crash-*; rerun it
# with .build/release/fuzz-NAME FILE.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
which=${1:-all}
runs=${2:-1000000}
cd Fuzz
swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >&2
bin=$(swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --show-bin-path)
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
# The part reader and the manifest reader of fxhost join: a one-frame part (after two bytes that choose its layout) and its manifest.
mkdir -p corpus/part corpus/manifest; if [ -x "$fx" ] && [ ! -s corpus/manifest/seed ] && "$fx" --plugin spinner --size 2x2 --end 0 --frames 0: --out corpus/seed.fxpart --manifest 2>/dev/null; then { printf '\x09\x10'; cat corpus/seed.fxpart; } > corpus/part/seed; cp corpus/seed.fxpart.manifest.json corpus/manifest/seed; fi
for h in keypath arguments png part manifest; do
  [ "$which" = all ] || [ "$which" = "$h" ] || continue
  echo "fuzz-$h: $runs runs" >&2
  "$bin/fuzz-$h" -runs="$runs" -max_len=4096 -artifact_prefix=crash-$h- -print_final_stats=1 corpus/$h 2>&1 \
    | grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|Done|==[0-9]+==ERROR|SUMMARY)" || true
  test "${PIPESTATUS[0]}" -eq 0 || { echo "fuzz-$h found a crash (see Fuzz/crash-$h-*)" >&2; exit 1; }
done
