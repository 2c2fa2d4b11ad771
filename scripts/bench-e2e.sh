#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# End-to-end benchmark (`scripts/bench.sh e2e`): for each output format,
# fxhost's wall time and file size on three 1 s, 60 fps, 1280x720 jobs (a
# crossfade of two photo-like images, the spinner, the shimmer), beside
# ffmpeg doing the same job from fxhost's Y4M with the same codec and
# settings. The ratio (fxhost's whole run / ffmpeg's encode alone) is the
# figure; targets are printed beside it.
#
# usage: scripts/bench-e2e.sh BIN [JOB…] [--formats "mp4 webm …"]
#   BIN   the folder holding a release fxhost and its plugins
#   BEFORE_BIN=DIR also times an older build's fxhost (the formats it has) in a "before" column
#   (ms wall/CPU/KB), run beside the others.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/bench-e2e.sh BIN [JOB…] [--formats 'mp4 webm …']" --formats -- "$@"
set -f  # ffmpeg filter graphs hold brackets: no globbing
bin=${1:?usage: bench-e2e.sh BIN [JOB…]}
shift
formats="y4m mp4 webm webp png gif"
jobs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --formats) formats=$2; shift 2 ;;
    *) jobs+=("$1"); shift ;;
  esac
done
[ ${#jobs[@]} -gt 0 ] || jobs=(crossfade spinner shimmer)
command -v ffmpeg >/dev/null || { echo "bench e2e: ffmpeg is needed (scripts/setup.sh --test installs it)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Two photo-like pictures: smooth colour gradients with film grain from a fixed pseudo-random
# sequence, so that every run encodes the same bytes.
photo() {
  python3 - "$@" <<'PY'
import struct, sys, zlib
out, seed = sys.argv[1], int(sys.argv[2])
w, h, state = 1280, 720, seed
rows = bytearray()
for y in range(h):
    rows.append(0)
    for x in range(w):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        grain = (state >> 16) % 37 - 18
        base = ((x * (3 + seed)) // 16 + y // 5, (y * 2) // 7 + (x // 11) * seed % 90, 220 - x // 8 + y // 9)
        rows += bytes(max(0, min(255, c % 256 + grain)) for c in base)
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b"")
open(out, "wb").write(png)
PY
}
photo "$work/a.png" 1
photo "$work/b.png" 2

args() {
  case "$1" in
    crossfade) echo "--plugin fade --from $work/a.png --to $work/b.png --duration 1" ;;
    spinner) echo "--plugin spinner" ;;
    shimmer) echo "--plugin shimmer" ;;
    *) echo "bench e2e: unknown job '$1' (crossfade, spinner, shimmer)" >&2; exit 2 ;;
  esac
}
common="--size 1280x720 --fps 60 --end 1"

# Milliseconds a command takes, wall and CPU (user + system, all threads), from the run with the
# least wall time of three (the machine is shared: CPU time is the steadier figure).
best() {
  python3 - "$@" <<'PY'
import os, resource, subprocess, sys, time
runs = []
for _ in range(int(os.environ.get("RUNS", "3"))):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        sys.stderr.write(r.stderr.decode() + "bench e2e: failed: %s\n" % " ".join(sys.argv[1:]))
        sys.exit(1)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    runs.append((wall, cpu))
wall, cpu = min(runs)
print("%d %d" % (wall * 1000, cpu * 1000))
PY
}

# The same for several shell commands run in turn, round after round, so that a change in the
# machine's load falls on all of them alike; one line each, "- -" for one that failed.
side_by_side() {
  python3 - "$@" <<'PY'
import os, resource, subprocess, sys, time
runs = {c: [] for c in sys.argv[1:]}
failed = set()
for _ in range(int(os.environ.get("RUNS", "3"))):
    for c in sys.argv[1:]:
        if c in failed:
            continue
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.monotonic()
        r = subprocess.run(["sh", "-c", c], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wall = time.monotonic() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if r.returncode != 0:
            failed.add(c)
            continue
        runs[c].append((wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)))
for c in sys.argv[1:]:
    if c in failed or not runs[c]:
        print("- -")
    else:
        wall, cpu = min(runs[c])
        print("%d %d" % (wall * 1000, cpu * 1000))
PY
}

# ffmpeg's encoder and settings for each format, matching fxhost's (docs/OUTPUTS.md), quoted for sh -c.
ffmpeg_args() {
  case "$1" in
    y4m) echo "-f yuv4mpegpipe -pix_fmt yuv444p" ;;
    mp4) echo "-c:v libx264 -preset medium -crf 23 -pix_fmt yuv420p -movflags +faststart" ;;
    webm) echo "-c:v libvpx-vp9 -crf 32 -b:v 0 -deadline good -cpu-used 4 -row-mt 1 -pix_fmt yuv420p" ;;
    webp) echo "-c:v libwebp_anim -quality 80 -loop 0 -pix_fmt yuv420p" ;;
    png) echo "-f apng -plays 0 -pred mixed -pix_fmt rgb24" ;;
    gif) echo "-filter_complex 'split[a][b];[a]palettegen=stats_mode=single[p];[b][p]paletteuse=new=1:dither=floyd_steinberg' -loop 0" ;;
  esac
}

target() {
  case "$1" in
    y4m) echo "<= 2 ms/frame convert+write" ;;
    mp4 | webm) echo "<= 1.0x ffmpeg's encode" ;;
    png) echo "crossfade >= 2x faster than before, no larger; spinner no slower" ;;
    *) echo "" ;;
  esac
}

size() { stat -c %s "$1"; }
ms_frame() { awk -v t="$1" 'BEGIN { printf "%.2f", t / 61 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2fx", a / b; else print "-" }'; }

# GIF palettes: speed, size, PSNR and SSIM against the frames themselves (fxhost's Y4M of the same run,
# compared in its own Y'CbCr by ffmpeg's psnr and ssim filters), for the five effects and the crossfade.
if [ "${jobs[0]}" = gif-quality ]; then
  quality() {  # FILE.gif REFERENCE.y4m FILTER -> the figure ffmpeg prints
    ffmpeg -v info -i "$1" -i "$2" -lavfi "[0]format=yuv444p,settb=1/1000,setpts=N[a];[1]settb=1/1000,setpts=N[b];[a][b]$3" \
      -f null - 2>&1 | sed -n "s/.*$4\([0-9.inf]*\).*/\1/p" | tail -n 1
  }
  echo "gif: per-frame 256-colour palettes, Floyd-Steinberg dithering; PSNR (dB) and SSIM against the source frames"
  printf "%-10s %-14s %13s %9s %8s %7s\n" job quantiser "ms wall/CPU" KB PSNR SSIM
  for job in cube shimmer spinner fade pulse crossfade; do
    case "$job" in
      crossfade) a="$(args crossfade) $common" ;;
      *) a="--plugin $job --end 2" ;;
    esac
    # shellcheck disable=SC2086
    "$bin/fxhost" $a --out - --format y4m > "$work/ref.y4m"
    for side in libimagequant "${BEFORE_BIN:+median-cut}"; do
      [ -n "$side" ] || continue
      b=$bin; [ "$side" = median-cut ] && b=$BEFORE_BIN
      # shellcheck disable=SC2086
      read -r t tc < <(RUNS=1 best "$b/fxhost" $a --out "$work/q.gif")
      printf "%-10s %-14s %13s %9s %8s %7s\n" "$job" "$side" "$t/$tc" $(( $(size "$work/q.gif") / 1024 )) \
        "$(quality "$work/q.gif" "$work/ref.y4m" psnr 'average:')" "$(quality "$work/q.gif" "$work/ref.y4m" ssim 'All:')"
    done
  done
  exit 0
fi

echo "e2e: 1280x720, 60 fps, 1 s (61 frames), release build, best of ${RUNS:-3} rounds (fxhost, ffmpeg and before run in turn); ffmpeg encodes fxhost's own Y4M"
echo "ms: wall/CPU; ratio: fxhost's whole run over ffmpeg's encode alone, wall (CPU)"
printf "%-10s %-5s %12s %9s %12s %9s %13s %16s  %s\n" job format "fxhost ms" "KB" "ffmpeg ms" "KB" ratio "before ms/KB" target
for job in "${jobs[@]}"; do
  a=$(args "$job")
  # shellcheck disable=SC2086
  "$bin/fxhost" $a $common --out - --format y4m > "$work/$job.y4m"
  for f in $formats; do
    out="$work/$job.$f"
    before="-"
    if [ "$f" = y4m ]; then
      mine="'$bin/fxhost' $a $common --out - --format y4m > '$out'"
      older="'${BEFORE_BIN:-}/fxhost' $a $common --out - --format y4m > '$work/before.$f'"
    else
      mine="'$bin/fxhost' $a $common --out '$out'"
      older="'${BEFORE_BIN:-}/fxhost' $a $common --out '$work/before.$f'"
    fi
    theirs="ffmpeg -v error -y -i '$work/$job.y4m' $(ffmpeg_args "$f") '$work/ff.$f'"
    commands=("$mine" "$theirs")
    [ -n "${BEFORE_BIN:-}" ] && commands+=("$older")
    mapfile -t timed < <(side_by_side "${commands[@]}")
    read -r t tc <<< "${timed[0]}"
    read -r ft ftc <<< "${timed[1]}"
    [ "$t" != - ] && [ "$ft" != - ] || { echo "bench e2e: $job $f failed" >&2; exit 1; }
    if [ -n "${BEFORE_BIN:-}" ]; then
      read -r bt btc <<< "${timed[2]}"
      if [ "$bt" != - ]; then
        before="$bt/$btc"
        [ "$f" = y4m ] || before="$before/$(( $(size "$work/before.$f") / 1024 ))"
      fi
    fi
    printf "%-10s %-5s %12s %9s %12s %9s %13s %16s  %s\n" "$job" "$f" "$t/$tc" $(( $(size "$out") / 1024 )) "$ft/$ftc" \
      $(( $(size "$work/ff.$f") / 1024 )) "$(ratio "$t" "$ft") ($(ratio "$tc" "$ftc"))" "$before" "$(target "$f")"
  done
done
