#!/usr/bin/env bash
# End-to-end benchmark (`scripts/bench.sh e2e`): for each output format,
# fxhost's wall time and file size on three 1 s, 60 fps, 1280x720 jobs (a
# crossfade of two photo-like images, the spinner, the shimmer), beside
# ffmpeg doing the same job from fxhost's Y4M with the same codec and
# settings. The ratio (fxhost's whole run / ffmpeg's encode alone) is the
# figure; targets are printed beside it.
#
# usage: scripts/bench-e2e.sh BIN [JOB…] [--formats "mp4 webm …"]
#   BIN   the folder holding a release fxhost and its plugins
#   BEFORE_BIN=DIR also times an older build's fxhost (the formats it has) in a "before" column.
set -euo pipefail
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

# Two photo-like pictures: smooth gradients with film grain, made the same way every time.
ffmpeg -v error -f lavfi -i "gradients=s=1280x720:seed=7:n=4,format=rgb24,noise=alls=18:all_seed=3,gblur=sigma=0.7" \
  -frames:v 1 -update 1 "$work/a.png"
ffmpeg -v error -f lavfi -i "gradients=s=1280x720:seed=11:n=5,format=rgb24,noise=alls=18:all_seed=5,gblur=sigma=0.7" \
  -frames:v 1 -update 1 "$work/b.png"

args() {
  case "$1" in
    crossfade) echo "--plugin fade --from $work/a.png --to $work/b.png --duration 1" ;;
    spinner) echo "--plugin spinner" ;;
    shimmer) echo "--plugin shimmer" ;;
    *) echo "bench e2e: unknown job '$1' (crossfade, spinner, shimmer)" >&2; exit 2 ;;
  esac
}
common="--size 1280x720 --fps 60 --end 1"

# Seconds a command takes, best of three runs (the machine is shared).
best() {
  local best=""
  for _ in 1 2 3; do
    local t0 t1
    t0=$(date +%s%N)
    "$@" >/dev/null 2>"$work/err" || { cat "$work/err" >&2; echo "bench e2e: failed: $*" >&2; exit 1; }
    t1=$(date +%s%N)
    local t=$(( (t1 - t0) / 1000000 ))
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  echo "$best"
}

# ffmpeg's encoder and settings for each format, matching fxhost's (docs/OUTPUTS.md).
ffmpeg_args() {
  case "$1" in
    y4m) echo "-f yuv4mpegpipe -pix_fmt yuv444p" ;;
    mp4) echo "-c:v libx264 -preset medium -crf 23 -pix_fmt yuv420p -movflags +faststart" ;;
    webm) echo "-c:v libvpx-vp9 -crf 32 -b:v 0 -deadline good -cpu-used 4 -row-mt 1 -pix_fmt yuv420p" ;;
    webp) echo "-c:v libwebp_anim -quality 80 -loop 0 -pix_fmt yuv420p" ;;
    png) echo "-f apng -plays 0 -pred mixed -pix_fmt rgb24" ;;
    gif) echo "-filter_complex split[a][b];[a]palettegen=stats_mode=single[p];[b][p]paletteuse=new=1:dither=floyd_steinberg -loop 0" ;;
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

echo "e2e: 1280x720, 60 fps, 1 s (61 frames), release build, best of 3; ffmpeg encodes fxhost's own Y4M"
printf "%-10s %-5s %10s %11s %10s %11s %8s %8s  %s\n" job format "fxhost ms" "fxhost KB" "ffmpeg ms" "ffmpeg KB" ratio "before" target
for job in "${jobs[@]}"; do
  a=$(args "$job")
  # shellcheck disable=SC2086
  "$bin/fxhost" $a $common --out - --format y4m > "$work/$job.y4m"
  for f in $formats; do
    out="$work/$job.$f"
    before="-"
    if [ "$f" = y4m ]; then
      # shellcheck disable=SC2086
      t=$(best sh -c "'$bin/fxhost' $a $common --out - --format y4m > '$out'")
      if [ -n "${BEFORE_BIN:-}" ]; then
        # shellcheck disable=SC2086
        before=$(best sh -c "'$BEFORE_BIN/fxhost' $a $common --out - --format y4m > '$work/before.$f'")
      fi
    else
      # shellcheck disable=SC2086
      t=$(best "$bin/fxhost" $a $common --out "$out")
      if [ -n "${BEFORE_BIN:-}" ] && { [ "$f" = png ] || [ "$f" = gif ]; }; then
        # shellcheck disable=SC2086
        before=$(best "$BEFORE_BIN/fxhost" $a $common --out "$work/before.$f")
        before="${before}ms/$(( $(size "$work/before.$f") / 1024 ))KB"
      fi
    fi
    # shellcheck disable=SC2046
    ft=$(best ffmpeg -v error -y -i "$work/$job.y4m" $(ffmpeg_args "$f") "$work/ff.$f")
    printf "%-10s %-5s %10s %11s %10s %11s %8s %8s  %s\n" "$job" "$f" "$t" $(( $(size "$out") / 1024 )) "$ft" \
      $(( $(size "$work/ff.$f") / 1024 )) "$(ratio "$t" "$ft")" "$before" "$(target "$f")"
  done
done
