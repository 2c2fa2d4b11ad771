#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The seeds plugin (the tutorials' own Swift through QuartzCore and UIKit)
# beside the hand ports it must equal (scripts/bench.sh seeds).
#
#   scripts/bench-seeds.sh BIN_FOLDER   (a release build's bin folder)
#
# For each of the five effects, with the same arguments, instructions
# counted by valgrind's callgrind (which other programs' load does not move,
# where CPU seconds on this shared machine moved by 20 % from run to run):
#   - sampling and rendering: a run of 1 s at 1280x720 and 60 fps (61
#     frames) to Y4M on a pipe, less a run of its first frame alone (the
#     same loading and building); target: seeds within 1.05x;
#   - building the scene: the instructions inside the host's factory call
#     (the build function and everything it calls: every fx.h call it makes
#     and the Swift runtime's first-use work); target: at most 1.2x.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/bench-seeds.sh BIN_FOLDER" -- "$@"
bin=${1:?usage: bench-seeds.sh BIN_FOLDER}
fx="$bin/fxhost"
# The Swift runtime seeds its hashing per process, which moved the counts by
# 0.5-2 % between identical runs; one fixed seed for every run, both sides.
export SWIFT_DETERMINISTIC_HASHING=1
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

# valgrind cannot read the debug information of Swift's release binaries
# ("possibly corrupted debuginfo"): it counts copies without it.
mkdir -p "$work/bin"
for f in "$fx" "$bin"/lib*.so; do objcopy --strip-debug "$f" "$work/bin/$(basename "$f")"; done

count() {  # instructions of every process of one run (fxhost and the plugin's child)
  rm -f "$work"/callgrind.out.*
  valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$work/callgrind.out.%p" "$@" >/dev/null 2>"$work/vg.log"
  cat "$work"/callgrind.out.* | awk '/^summary:/ { n += $2 } END { print n + 0 }'
}

render_instructions() {  # 61 frames less 1 frame
  local all one
  all=$(count "$work/bin/fxhost" "$@" --end 1 --size 1280x720 --fps 60 --out - --format y4m)
  one=$(count "$work/bin/fxhost" "$@" --time 0 --size 1280x720 --fps 60 --out - --format y4m)
  echo $((all - one))
}

build_instructions() {  # instructions inside the factory call, in the child that runs plugin code
  # The factory call is inlined into HostSession.callPlugin, specialised for each kind of build.
  rm -f "$work"/callgrind.out.*
  valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out.%p" \
    --toggle-collect='*HostSessionC10callPlugin*FactoryCall*' "$work/bin/fxhost" "$@" --time 0 --sink jsonl >/dev/null 2>"$work/vg.log"
  cat "$work"/callgrind.out.* | awk '/^summary:/ { n += $2 } END { print n + 0 }'
}

echo "seeds: each effect by the seeds plugin and by its hand port, same arguments (instructions)"
printf "  %-8s %14s %14s %8s %8s   %12s %12s %8s %8s\n" effect "hand render" "seeds render" ratio target "hand build" "seeds build" ratio target
worst_render=0 worst_build=0
for e in "${effects[@]}"; do
  read -r -a a <<<"${args[$e]}"
  hr=$(render_instructions --plugin "$work/bin/lib$e.so" "${a[@]}")
  sr=$(render_instructions --plugin "$work/bin/libseeds.so" --factory "$e" "${a[@]}")
  hb=$(build_instructions --plugin "$work/bin/lib$e.so" "${a[@]}")
  sb=$(build_instructions --plugin "$work/bin/libseeds.so" --factory "$e" "${a[@]}")
  rr=$(python3 -c "print(f'{$sr / max($hr, 1):.3f}')")
  br=$(python3 -c "print(f'{$sb / max($hb, 1):.2f}')")
  printf "  %-8s %14s %14s %7sx %7s   %12s %12s %7sx %7s\n" "$e" "$hr" "$sr" "$rr" "≤1.05x" "$hb" "$sb" "$br" "≤1.2x"
  worst_render=$(python3 -c "print(max($worst_render, $rr))")
  worst_build=$(python3 -c "print(max($worst_build, $br))")
done
echo "seeds: worst sampling and rendering ratio ${worst_render}x (target ≤1.05x); worst build ratio ${worst_build}x (target ≤1.2x)"
