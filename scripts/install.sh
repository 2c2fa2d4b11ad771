#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs fxhost under PREFIX (default /usr/local), or removes what an
# earlier install put there.
#
#     scripts/install.sh [PREFIX]                 build (release) and install
#     scripts/install.sh --bin DIR [PREFIX]       install what DIR holds (a `swift build` bin folder)
#     scripts/install.sh --uninstall [PREFIX]     remove every file the install wrote
#
# DESTDIR is honoured (DESTDIR=$PWD/stage scripts/install.sh /usr puts the
# files under stage/usr, for packaging). Installed:
#
#     PREFIX/bin/fxhost
#     PREFIX/lib/fxhost/plugins/lib*.so           the effect plugins
#     PREFIX/include/fxhost/fx.h                  the plugin ABI
#     PREFIX/lib/pkgconfig/fxhost.pc              cc $(pkg-config --cflags fxhost) …
#     PREFIX/share/man/man1/fxhost.1              from fxhost --help (scripts/manpage.sh)
#     PREFIX/share/doc/fxhost/                    README.md, docs/*.md, the C examples
#     PREFIX/lib/fxhost/install-manifest          what --uninstall removes
#
# fxhost finds all of it relative to its own file: the plugins in
# ../lib/fxhost/plugins and fx.h in ../include/fxhost.
#
# The Swift runtime: the binaries and plugins link the Swift runtime's shared
# libraries and find them through the toolchain path they were built with
# (readelf -d shows it as RUNPATH), so by default the machine that runs them
# needs the same Swift toolchain at the same path. --bundle-swift-runtime
# copies those libraries to PREFIX/lib/fxhost/swift and points the installed
# files' RUNPATH there instead (it needs patchelf), so nothing outside PREFIX
# but Debian's libraries is needed (scripts/package-deb.sh does this).
# --strip removes debugging symbols; --no-manifest writes no manifest (for a
# package manager that tracks the files itself).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/install.sh [--bin DIR] [--bundle-swift-runtime] [--strip] [--no-manifest] [PREFIX] | --uninstall [PREFIX]" --bin --bundle-swift-runtime --strip --no-manifest --uninstall -- "$@"
root=$(cd "$(dirname "$0")/.." && pwd)

usage() { echo "usage: scripts/install.sh [--bin DIR] [--bundle-swift-runtime] [--strip] [--no-manifest] [PREFIX] | --uninstall [PREFIX]" >&2; exit 2; }
bin="" bundle=0 strip=0 manifest=1 uninstall=0 prefix=""
while [ $# -gt 0 ]; do
  case "$1" in
    --bin) [ $# -ge 2 ] || usage; bin=$2; shift 2 ;;
    --bundle-swift-runtime) bundle=1; shift ;;
    --strip) strip=1; shift ;;
    --no-manifest) manifest=0; shift ;;
    --uninstall) uninstall=1; shift ;;
    *) [ -z "$prefix" ] || usage; prefix=$1; shift ;;
  esac
done
prefix=${prefix:-/usr/local}
case "$prefix" in /*) ;; *) echo "install: PREFIX must be an absolute path (got '$prefix')" >&2; exit 2 ;; esac
prefix=${prefix%/}
dest=${DESTDIR:-}
dest=${dest%/}
list="$dest$prefix/lib/fxhost/install-manifest"

if [ $uninstall = 1 ]; then
  [ -f "$list" ] || { echo "install: nothing to uninstall: no $list (was fxhost installed with this PREFIX and DESTDIR?)" >&2; exit 1; }
  # Files first, then the folders the install created, deepest first, each only if empty.
  files=() dirs=()
  while IFS= read -r line; do
    case "$line" in
      "file "*) files+=("${line#file }") ;;
      "dir "*) dirs+=("${line#dir }") ;;
    esac
  done <"$list"
  for f in "${files[@]}"; do rm -f "$dest$f"; done
  rm -f "$list"
  for ((i = ${#dirs[@]} - 1; i >= 0; i--)); do rmdir "$dest${dirs[i]}" 2>/dev/null || true; done
  echo "install: removed ${#files[@]} files from $dest$prefix" >&2
  exit 0
fi

if [ -z "$bin" ]; then
  "$root/scripts/setup.sh"
  (cd "$root" && swift build -c release >&2) || { echo "install: the build failed (see above)" >&2; exit 1; }
  bin=$(cd "$root" && swift build -c release --show-bin-path)
fi
plugins=()
for d in "$root"/Plugins/*/; do
  name=$(basename "$d")
  [ "$name" = examples ] && continue
  plugins+=("lib$name.so")
done
for f in fxhost "${plugins[@]}"; do
  [ -f "$bin/$f" ] || { echo "install: $bin/$f is missing: build first (swift build -c release), or give --bin the folder that holds it" >&2; exit 1; }
done
if [ $bundle = 1 ] && ! command -v patchelf >/dev/null; then
  echo "install: --bundle-swift-runtime needs patchelf (apt-get install patchelf)" >&2; exit 1
fi

# What was written, and which folders were made, for --uninstall; a second
# install keeps what the first one recorded (a file it no longer writes is
# still removed by --uninstall).
written=() made=() earlier=()
if [ -f "$list" ]; then
  while IFS= read -r line; do
    case "$line" in "dir "*) made+=("${line#dir }") ;; "file "*) earlier+=("${line#file }") ;; esac
  done <"$list"
fi
[ -z "$dest" ] || mkdir -p "$dest"
makedir() {
  local d=$1 parts=() p
  while [ "$d" != / ] && [ ! -d "$dest$d" ]; do parts=("$d" "${parts[@]}"); d=$(dirname "$d"); done
  for p in "${parts[@]}"; do mkdir "$dest$p"; made+=("$p"); done
}
put() { # put MODE SOURCE TARGET (TARGET without DESTDIR)
  makedir "$(dirname "$3")"
  install -m "$1" "$2" "$dest$3"
  # Before any patchelf: strip rewrites the file and may undo its changes.
  if [ $strip = 1 ] && [ "$(head -c 4 "$dest$3" | od -An -c | tr -d ' ')" = "177ELF" ]; then
    strip --strip-unneeded --remove-section=.comment "$dest$3"
  fi
  written+=("$3")
}

put 755 "$bin/fxhost" "$prefix/bin/fxhost"
for p in "${plugins[@]}"; do put 644 "$bin/$p" "$prefix/lib/fxhost/plugins/$p"; done
put 644 "$root/Sources/CFX/include/fx.h" "$prefix/include/fxhost/fx.h"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
version=$("$bin/fxhost" --version | awk '{print $2}')
cat >"$tmp/fxhost.pc" <<EOF
prefix=$prefix
includedir=\${prefix}/include/fxhost
plugindir=\${prefix}/lib/fxhost/plugins

Name: fxhost
Description: the fxhost plugin ABI (fx.h): effect plugins link nothing of fxhost
Version: $version
Cflags: -I\${includedir}
Libs: -lm
EOF
put 644 "$tmp/fxhost.pc" "$prefix/lib/pkgconfig/fxhost.pc"
"$root/scripts/manpage.sh" "$bin/fxhost" >"$tmp/fxhost.1"
put 644 "$tmp/fxhost.1" "$prefix/share/man/man1/fxhost.1"
put 644 "$root/README.md" "$prefix/share/doc/fxhost/README.md"
for f in "$root"/docs/*.md; do put 644 "$f" "$prefix/share/doc/fxhost/$(basename "$f")"; done
for f in "$root"/Plugins/examples/*.c; do put 644 "$f" "$prefix/share/doc/fxhost/examples/$(basename "$f")"; done

if [ $bundle = 1 ]; then
  # Every library the toolchain's runtime folder supplies (where libswiftCore.so
  # resolves), for any installed binary or plugin.
  elves=("$dest$prefix/bin/fxhost")
  for p in "${plugins[@]}"; do elves+=("$dest$prefix/lib/fxhost/plugins/$p"); done
  needed=$(ldd "${elves[@]}")
  runtime=$(awk '$1 == "libswiftCore.so" { print $3 }' <<<"$needed" | head -n 1)
  [ -n "$runtime" ] || { echo "install: cannot find libswiftCore.so for the binaries (ldd)" >&2; exit 1; }
  runtime_dir=$(dirname "$runtime")
  for lib in $(awk -v d="$runtime_dir/" 'index($3, d) == 1 { print $3 }' <<<"$needed" | sort -u); do
    put 644 "$lib" "$prefix/lib/fxhost/swift/$(basename "$lib")"
    patchelf --set-rpath '$ORIGIN' "$dest$prefix/lib/fxhost/swift/$(basename "$lib")"
  done
  patchelf --set-rpath '$ORIGIN/../lib/fxhost/swift' "$dest$prefix/bin/fxhost"
  for p in "${plugins[@]}"; do patchelf --set-rpath '$ORIGIN/../swift' "$dest$prefix/lib/fxhost/plugins/$p"; done
fi

if [ $manifest = 1 ]; then
  { for d in "${made[@]}"; do echo "dir $d"; done
    for f in "${earlier[@]}" "${written[@]}"; do echo "file $f"; done | awk '!seen[$0]++'; } >"$list"
fi
echo "install: installed fxhost $version in $dest$prefix (${#written[@]} files)" >&2
