#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian packages fxhost builds against, when any is missing.
# Safe to run again: it does nothing when everything is present.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/setup.sh [--test | --bench]" --test --bench -- "$@"

# Build: libffi for factory calls; cairo's header (the library is loaded with dlopen); libpng to read PNGs.
packages=(pkg-config libffi-dev libcairo2-dev libpng-dev)
# Run: cairo's and pango's libraries, loaded at the first drawing and the first text drawn (no pango
# header is needed to build); DejaVu so that text renders the same everywhere.
packages+=(libcairo2 libpangocairo-1.0-0 fonts-dejavu-core)
# The encoders: libavformat/libavcodec (H.264 and VP9), libwebp(mux), libdeflate, libimagequant.
packages+=(libavformat-dev libavcodec-dev libavutil-dev libwebp-dev libdeflate-dev libimagequant-dev)
# The studio's HTTP server (fxhost studio; loaded with dlopen when a studio starts).
packages+=(libmicrohttpd-dev)
# The tests compile a C program against pango's headers (TextLibraryTests), as the benchmarks' cairo baseline does.
if [ "${1:-}" = "--test" ] || [ "${1:-}" = "--bench" ]; then packages+=(libpango1.0-dev); fi
# The tests also read the image outputs back with an independent decoder (ffmpeg).
if [ "${1:-}" = "--test" ]; then packages+=(ffmpeg); fi
# The independent-renderer tests draw the same scenes with headless Chromium.
if [ "${1:-}" = "--test" ]; then packages+=(chromium); fi
# The studio's tests drive its page in headless Chromium through chromedriver and selenium.
if [ "${1:-}" = "--test" ]; then packages+=(chromium-driver python3-selenium); fi
# And build the Debian package (dpkg-dev, patchelf, binutils) and check the manual page (groff).
if [ "${1:-}" = "--test" ]; then packages+=(dpkg-dev patchelf binutils groff-base); fi
# And check the Debian package against Debian's policy (lintian, Tests/IntegrationTests/DebianPackageTests).
if [ "${1:-}" = "--test" ]; then packages+=(lintian); fi
# And animated WebP with Pillow (ffmpeg 5.1 does not decode it).
if [ "${1:-}" = "--test" ]; then packages+=(python3-pil); fi
# And rlottie, the independent renderer the Lottie plugin's tests compare with (Tests/LottieTests).
if [ "${1:-}" = "--test" ]; then packages+=(librlottie-dev); fi
# And python-lottie (PyPI `lottie`, pinned; drawn through cairosvg), the third player that settles where
# fxhost and rlottie disagree (Tests/LottieTests/ThirdPlayerTests), in a virtual environment in .build.
if [ "${1:-}" = "--test" ]; then packages+=(python3-venv python3-cairosvg); fi
# And the job engines the sharding tests run for real (docs/SCALE.md): a one-node Slurm
# cluster, GNU parallel, and PyYAML to read the Kubernetes manifests.
if [ "${1:-}" = "--test" ]; then packages+=(slurm-wlm munge parallel python3-yaml); fi
# The benchmarks (scripts/bench.sh) count instructions with valgrind where wall time is too noisy.
if [ "${1:-}" = "--bench" ]; then packages+=(valgrind binutils); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
# python-lottie's pinned version goes into the virtual environment (Debian's python3 takes no pip installs).
third_player="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.build/python-lottie" python_lottie=0.7.2
if [ "${1:-}" = "--test" ] && ! "$third_player/bin/python" -c "import cairosvg, importlib.metadata as m
assert m.version('lottie') == '$python_lottie'" 2>/dev/null; then
  echo "setup: installing python-lottie $python_lottie into $third_player" >&2
  /usr/bin/python3 -m venv --system-site-packages "$third_player"
  "$third_player/bin/pip" install -q --disable-pip-version-check "lottie==$python_lottie"
fi
command -v swift >/dev/null || { echo "setup: swift is not on PATH; install the Swift 6.3 toolchain first" >&2; exit 2; }
