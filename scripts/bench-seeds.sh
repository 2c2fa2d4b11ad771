#!/usr/bin/env bash
# The seeds plugin (the tutorials' own Swift through QuartzCore and UIKit)
# beside the hand ports it must equal (scripts/bench.sh seeds).
#
#   scripts/bench-seeds.sh BIN_FOLDER   (a release build's bin folder)
#
# For each of the five effects, with the same arguments:
#   - sampling and rendering: CPU seconds (user + system) of a run of 6 s at
#     1280x720, 60 fps, to Y4M on a pipe, less those of a run of its first
#     frame alone (loading, building), best of 5 runs each, alternating the
#     two plugins so that both see the same load; target: seeds within 1.05x;
#   - building the scene: instructions executed inside the host's factory
#     call (FactoryCall.build and everything it calls: the plugin's build
#     and every fx.h call it makes), counted by valgrind's callgrind, which
#     other programs' load does not change; target: at most 1.2x.
set -euo pipefail
bin=${1:?usage: bench-seeds.sh BIN_FOLDER}
fx="$bin/fxhost"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v valgrind >/dev/null || { echo "bench-seeds: valgrind is missing; scripts/setup.sh --bench installs it" >&2; exit 2; }

effects=(spinner shimmer cube fade pulse)
declare -A args=(
  [spinner]=""
  [shimmer]=""
  [cube]="--text Paris"
  [fade]=""
  [pulse]="--event 1:focus --event 2:tap"
)

cpu() {  # CPU seconds of one run
  /usr/bin/time -f "%U %S" -o "$work/time" "$fx" "$@" --size 1280x720 --fps 60 --out - --format y4m >/dev/null 2>&1
  awk '{ printf "%.3f", $1 + $2 }' "$work/time"
}

# valgrind cannot read the debug information of Swift's release binaries
# ("possibly corrupted debuginfo"): it counts copies without it.
mkdir -p "$work/bin"
for f in "$fx" "$bin"/lib*.so; do objcopy --strip-debug "$f" "$work/bin/$(basename "$f")"; done

build_instructions() {  # instructions inside the factory call, in the child that runs plugin code
  rm -f "$work"/callgrind.out.*
  # The factory call is inlined into HostSession.callPlugin, specialised for each kind of build.
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out.%p" \
    --toggle-collect='*HostSessionC10callPlugin*FactoryCall*' "$work/bin/fxhost" "$@" --time 0 --sink jsonl >/dev/null 2>"$work/vg.log"
  local total=0
  for f in "$work"/callgrind.out.*; do
    local n
    n=$(awk '/^summary:/ { print $2 }' "$f")
    total=$((total + ${n:-0}))
  done
  echo "$total"
}

echo "seeds: load $(cut -d' ' -f1-3 /proc/loadavg); each effect by the seeds plugin and by its hand port, same arguments"
printf "  %-8s %12s %12s %8s %8s   %14s %14s %8s %8s\n" effect "hand CPU s" "seeds CPU s" ratio target "hand build" "seeds build" ratio target
worst_render=0 worst_build=0
for e in "${effects[@]}"; do
  read -r -a a <<<"${args[$e]}"
  hand=999 seeds=999 hand0=999 seeds0=999
  for _ in 1 2 3 4 5; do
    h=$(cpu --plugin "$bin/lib$e.so" "${a[@]}" --end 6)
    s=$(cpu --plugin "$bin/libseeds.so" --factory "$e" "${a[@]}" --end 6)
    h0=$(cpu --plugin "$bin/lib$e.so" "${a[@]}" --time 0)
    s0=$(cpu --plugin "$bin/libseeds.so" --factory "$e" "${a[@]}" --time 0)
    hand=$(python3 -c "print(min($hand, $h))"); hand0=$(python3 -c "print(min($hand0, $h0))")
    seeds=$(python3 -c "print(min($seeds, $s))"); seeds0=$(python3 -c "print(min($seeds0, $s0))")
  done
  hand=$(python3 -c "print(f'{$hand - $hand0:.2f}')"); seeds=$(python3 -c "print(f'{$seeds - $seeds0:.2f}')")
  hb=$(build_instructions --plugin "$work/bin/lib$e.so" "${a[@]}")
  sb=$(build_instructions --plugin "$work/bin/libseeds.so" --factory "$e" "${a[@]}")
  rr=$(python3 -c "print(f'{$seeds / $hand:.3f}')")
  br=$(python3 -c "print(f'{$sb / max($hb, 1):.2f}')")
  printf "  %-8s %12s %12s %7sx %7s   %14s %14s %7sx %7s\n" "$e" "$hand" "$seeds" "$rr" "≤1.05x" "$hb" "$sb" "$br" "≤1.2x"
  worst_render=$(python3 -c "print(max($worst_render, $rr))")
  worst_build=$(python3 -c "print(max($worst_build, $br))")
done
echo "seeds: worst sampling and rendering ratio ${worst_render}x (target ≤1.05x); worst build ratio ${worst_build}x (target ≤1.2x)"
