#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Scale figures (scripts/bench.sh scale): a 4,000-frame render whole and in
# 2 and 4 shards at once, what a shard that starts late pays to replay the
# timeline, and a 1,000-job batch with -j 1 and -j 2, each beside its ideal.
# Usage: scripts/bench-scale.sh BIN_FOLDER (a release build's bin folder).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/bench-scale.sh BIN_FOLDER" -- "$@"
bin=${1:?usage: bench-scale.sh BIN_FOLDER}
fx="$bin/fxhost"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cores=$(nproc)
now() { date +%s.%N; }
secs() { python3 -c "print(f'{$2 - $1:.2f}')"; }
ratio() { python3 -c "print(f'{$1 / $2:.2f}')"; }

# 4,000 frames: the spinner at 100 fps for 40 s (frames 0 … 3999 at k/100 s).
render=(--plugin spinner --size 320x240 --fps 100 --end 39.99)
echo "scale: load before: $(cut -d' ' -f1-3 /proc/loadavg); $cores cores"
declare -A wall
for n in 1 2 4; do
  mkdir -p "$work/p$n"
  t0=$(now)
  for ((i = 0; i < n; i++)); do
    "$fx" "${render[@]}" --shard "$i/$n" --out "$work/p$n/part-$i.fxpart" --manifest &
  done
  wait
  t1=$(now)
  wall[$n]=$(secs "$t0" "$t1")
  tj0=$(now)
  "$fx" join "$work/p$n.y4m" "$work/p$n"/part-*.fxpart
  tj1=$(now)
  ideal=$(( n < cores ? n : cores ))
  speedup=$(ratio "${wall[1]}" "${wall[$n]}")
  echo "scale: 4000 frames in $n shard(s) at once: ${wall[$n]} s (speed-up ${speedup}× vs 1; ideal ${ideal}× on $cores cores); join to Y4M $(secs "$tj0" "$tj1") s"
done
cmp -s "$work/p1.y4m" "$work/p4.y4m" && echo "scale: the 4-shard join equals the 1-shard render byte for byte"

# Replay: the last frame alone against the first alone (best of 5 each); the difference is
# sampling 3,999 frames without drawing them.
# The spinner (two layers) and the seed's snow (an emitter, its particles sampled each frame).
best() {
  local b=999
  for _ in 1 2 3 4 5; do
    local t0 t1
    t0=$(now); "$fx" "${@:2}" --frames "$1" --out "$work/one.fxpart"; t1=$(now)
    b=$(python3 -c "print(min($b, $t1 - $t0))")
  done
  echo "$b"
}
snow=(--plugin fade --snow --size 320x240 --fps 100 --end 39.99)
for scene in spinner snow; do
  if [ $scene = spinner ]; then args=("${render[@]}"); else args=("${snow[@]}"); fi
  first=$(best 0:1 "${args[@]}") last=$(best 3999:4000 "${args[@]}")
  python3 -c "
first, last = $first, $last
print(f'scale: replay ($scene): frame 0 alone {first * 1e3:.1f} ms, frame 3999 alone {last * 1e3:.1f} ms: '
      f'{max(0.0, last - first) / 3999 * 1e6:.1f} µs per frame replayed before a late shard starts (ideal 0)')"
done
echo "scale: (the spinner's frames cost $(python3 -c "print(f'{float(${wall[1]}) / 4000 * 1e3:.2f}')") ms each drawn and written)"

# 1,000 jobs: one sample of the cube each, as JSON lines.
jobs="$work/jobs.jsonl"
for ((i = 0; i < 1000; i++)); do
  printf '{"plugin": "cube", "parameters": {"text": "Name %d"}, "options": {"time": 0.25}, "out": "%s/out/%d.jsonl"}\n' "$i" "$work" "$i"
done > "$jobs"
declare -A rate
for j in 1 2; do
  rm -rf "$work/out"; mkdir -p "$work/out"
  t0=$(now)
  "$fx" batch "$jobs" -j "$j" 2>/dev/null
  t1=$(now)
  rate[$j]=$(python3 -c "print(f'{1000 / ($t1 - $t0):.1f}')")
  ideal=$(( j < cores ? j : cores ))
  echo "scale: 1000-job batch -j $j: $(secs "$t0" "$t1") s, ${rate[$j]} jobs/s (speed-up $(ratio "${rate[$j]}" "${rate[1]}")× vs -j 1; ideal ${ideal}×)"
done
t0=$(now); "$fx" batch "$jobs" -j 2 2>/dev/null; t1=$(now)
echo "scale: the same batch again (every job skipped): $(secs "$t0" "$t1") s"
echo "scale: load after: $(cut -d' ' -f1-3 /proc/loadavg)"
