#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the Debian package fxhost_VERSION_ARCH.deb: the executable, the
# plugins, the Swift runtime they need (in /usr/lib/fxhost/swift, so the
# machine needs no Swift toolchain), and, for plugin authors, fx.h and
# fxhost.pc (one package: a plugin needs only the header).
#
#     scripts/package-deb.sh [--bin DIR] [--out DIR] [--compression xz|gzip|none]
#
# Without --bin it builds the release configuration first. Depends lists the
# Debian packages of every shared library the files need, as dpkg-shlibdeps
# finds them, plus the packages of the libraries fxhost loads with dlopen, which
# no ELF file names: libcairo2 (at the first drawing), libpangocairo-1.0-0 (at the first text drawn), libwebpmux3
# and libwebp7 (WebP output), libmicrohttpd12 (fxhost studio's server); and
# fonts-dejavu-core (text renders the same everywhere). Recommends names the
# GPL libraries fxhost loads, which the package must not require
# (docs/THIRD-PARTY.md): libimagequant0 (GIF output, GPL-3.0+) and FFmpeg's
# libraries (MP4 and WebM, GPL-2.0+ as Debian builds them); a run that needs
# one that is missing fails in one line naming it.
# Needs dpkg-dev and patchelf (scripts/setup.sh --test installs them).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/package-deb.sh [--bin DIR] [--out DIR] [--compression xz|gzip|none]" --bin --out --compression -- "$@"
root=$(cd "$(dirname "$0")/.." && pwd)

usage() { echo "usage: scripts/package-deb.sh [--bin DIR] [--out DIR] [--compression xz|gzip|none]" >&2; exit 2; }
bin="" out="$root" compression=xz
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) [ $# -ge 2 ] || usage; bin=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
    --compression) [ $# -ge 2 ] || usage; compression=$2; shift 2 ;;
    *) usage ;;
  esac
done
case "$compression" in xz|gzip|none) ;; *) echo "package-deb: --compression takes xz, gzip or none (got '$compression')" >&2; exit 2 ;; esac
[ -d "$out" ] || { echo "package-deb: the output folder '$out' does not exist" >&2; exit 2; }
for tool in dpkg-deb dpkg-shlibdeps dpkg-parsechangelog patchelf; do
  command -v $tool >/dev/null || { echo "package-deb: $tool is missing: apt-get install dpkg-dev patchelf (or scripts/setup.sh --test)" >&2; exit 1; }
done
if [ -z "$bin" ]; then
  "$root/scripts/setup.sh"
  (cd "$root" && swift build -c release >&2) || { echo "package-deb: the build failed (see above)" >&2; exit 1; }
  bin=$(cd "$root" && swift build -c release --show-bin-path)
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# dpkg-shlibdeps reads debian/control and treats libraries under debian/PACKAGE as the package's own.
pkg="$work/debian/fxhost"
DESTDIR="$pkg" "$root/scripts/install.sh" --bin "$bin" --bundle-swift-runtime --strip --no-manifest /usr
upstream=$("$pkg/usr/bin/fxhost" --version | awk '{print $2}')
# The package's version is debian/changelog's newest entry: fxhost's own version and a Debian revision.
version=$(dpkg-parsechangelog -l "$root/debian/changelog" -S Version)
[ "${version%-*}" = "$upstream" ] || {
  echo "package-deb: debian/changelog's newest entry is $version but fxhost is $upstream: add an entry for $upstream-1 at its top" >&2; exit 1; }
arch=$(dpkg --print-architecture)

# Debian policy 12.5, 12.7 and 12.1: the copyright file (in the machine-readable format),
# the changelog and the manual page, both compressed with gzip -9n (no name or time stamp,
# so the same input gives the same bytes); and the lintian tags that do not apply to a
# package built outside the Debian archive, each with its reason (debian/lintian-overrides).
doc="$pkg/usr/share/doc/fxhost"
install -m 644 "$root/debian/copyright" "$doc/copyright"
gzip -9n <"$root/debian/changelog" >"$doc/changelog.Debian.gz" && chmod 644 "$doc/changelog.Debian.gz"
gzip -9n "$pkg/usr/share/man/man1/fxhost.1"
install -D -m 644 "$root/debian/lintian-overrides" "$pkg/usr/share/lintian/overrides/fxhost"
# fxhost.pc names no architecture's files (a header folder, -lm): /usr/share/pkgconfig, which the
# pkg-config of every architecture, cross-compilers' included, searches.
mkdir -p "$pkg/usr/share/pkgconfig"
mv "$pkg/usr/lib/pkgconfig/fxhost.pc" "$pkg/usr/share/pkgconfig/fxhost.pc"
rmdir "$pkg/usr/lib/pkgconfig"

elves=()
while IFS= read -r f; do
  if [ "$(head -c 4 "$f" | od -An -c | tr -d ' ')" = "177ELF" ]; then elves+=("$f"); fi
done < <(find "$pkg" -type f | sort)

mkdir -p "$pkg/DEBIAN"
cat >"$work/debian/control" <<EOF
Source: fxhost

Package: fxhost
Architecture: any
EOF
depends=$(cd "$work" && dpkg-shlibdeps -O -l"$pkg/usr/lib/fxhost/swift" "${elves[@]}" 2>"$work/shlibdeps.err" |
  sed -n 's/^shlibs:Depends=//p') || { cat "$work/shlibdeps.err" >&2; exit 1; }
[ -n "$depends" ] || { echo "package-deb: dpkg-shlibdeps found no dependencies" >&2; cat "$work/shlibdeps.err" >&2; exit 1; }

cat >"$pkg/DEBIAN/control" <<EOF
Package: fxhost
Version: $version
Architecture: $arch
Maintainer: fxhost maintainers <fxhost@packages.invalid>
Installed-Size: $(du -sk --exclude=DEBIAN "$pkg" | cut -f1)
Depends: $depends, libcairo2, libpangocairo-1.0-0, libwebpmux3, libwebp7, libmicrohttpd12, fonts-dejavu-core
Recommends: libimagequant0, libavformat59, libavcodec59, libavutil57
Section: graphics
Priority: optional
Description: Core Animation-style effects engine, with effect plugins
 fxhost loads effect plugins (shared objects) through one stable C header,
 fx.h, plays them on a simulated clock with Core Animation's timing rules, and
 writes what it sampled as a trace, JSON lines, PNG, APNG, animated WebP, Y4M,
 or (with libimagequant and FFmpeg's libraries, recommended) GIF, MP4 and
 WebM. It plays Lottie (Bodymovin) files through its lottie plugin.
 .
 This package carries the plugin ABI too: /usr/include/fxhost/fx.h and
 fxhost.pc (pkg-config --cflags fxhost), and the Swift runtime the programs
 and plugins need, in /usr/lib/fxhost/swift.
EOF
(cd "$pkg" && find . -type f ! -path './DEBIAN/*' -printf '%P\0' | sort -z | xargs -0 md5sum) >"$pkg/DEBIAN/md5sums"
deb="$out/fxhost_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Z"$compression" --build "$pkg" "$deb.partial" >/dev/null
mv "$deb.partial" "$deb"
echo "$deb"
