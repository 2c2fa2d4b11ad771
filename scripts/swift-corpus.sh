#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Compiles public iOS animation code, unchanged, against this package's
# QuartzCore, UIKit and CoreGraphics modules, runs each result through fxhost,
# and checks the values Tests/SwiftCorpus/<name>/expect.json lists
# (docs/SWIFT-CORPUS.md).
#
#   scripts/swift-corpus.sh DIR [NAME…]          the third-party files are already in DIR/<name>/
#   scripts/swift-corpus.sh --fetch DIR [NAME…]  first fetch them into DIR/<name>/ with git, at the
#                                                commit each Tests/SwiftCorpus/<name>/SOURCE names
#
# Each DIR/<name>/ gets our entry file (Tests/SwiftCorpus/<name>/Entry.swift,
# copied in as Entry.swift) and becomes one dynamic library target of a
# scratch package in DIR/.package that depends on this checkout by path, in
# the Swift 5 language mode the sources were written for. Prints one row per
# source: compiled (or the first error), values checked, values agreed.
# Exits 1 if any value disagrees, a source with an expect.json does not
# compile, or a named source's files are missing; 2 on bad usage or when no
# source's files are there at all. A source whose SOURCE has `unsupported
# REASON` and `unsupported-error TEXT` lines is expected not to compile: its
# row says "no" and the reason, and it fails the run only if it compiles or if
# some compiler error contains none of the TEXTs (a new, unexplained error).
# A source whose SOURCE has `awaits WHAT` lines waits for something the
# modules lack (a member, a class) and `awaits-error TEXT` lines say which
# compiler errors that explains: while it does not compile and every error is
# explained, its row says "no" and what it awaits, and the run does not fail;
# once it compiles it is checked like any other. `needs drawing` marks a
# source that draws (draw(_:), draw(in:), CGContext…): the script compiles a
# probe of Apple's drawing API (Tests/SwiftCorpus/DrawingProbe) and, while the
# probe does not compile, the source's `drawing-error TEXT` lines explain
# errors too; once it compiles, they no longer do.
#
# Environment: SWIFT_CORPUS_GIT  where --fetch clones from, as BASE/OWNER/NAME.git
#                                (default https://github.com)
#              FXHOST            the fxhost to run (default .build/debug/fxhost;
#                                run `swift build` first)
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/swift-corpus.sh [--fetch] DIR [NAME…]" --fetch -- "$@"

root=$(cd "$(dirname "$0")/.." && pwd)
corpus="$root/Tests/SwiftCorpus"
fetch=false
if [ "${1:-}" = "--fetch" ]; then fetch=true; shift; fi
if [ $# -lt 1 ] || [ "${1#-}" != "$1" ]; then
    echo "usage: scripts/swift-corpus.sh [--fetch] DIR [NAME…]  (DIR holds one folder of third-party .swift files per source)" >&2
    exit 2
fi
dir=$1; shift
mkdir -p "$dir" || { echo "swift-corpus: cannot create $dir; pass a writable folder" >&2; exit 2; }
dir=$(cd "$dir" && pwd)
fxhost=${FXHOST:-$root/.build/debug/fxhost}
if [ ! -x "$fxhost" ]; then
    echo "swift-corpus: no fxhost at $fxhost; run \`swift build\` in $root or set FXHOST" >&2
    exit 2
fi

if [ $# -gt 0 ]; then
    names=("$@")
else
    names=()
    for s in "$corpus"/*/SOURCE; do names+=("$(basename "$(dirname "$s")")"); done
fi
for n in "${names[@]}"; do
    if [ ! -f "$corpus/$n/SOURCE" ]; then
        echo "swift-corpus: no source named $n; the names are the folders of Tests/SwiftCorpus" >&2
        exit 2
    fi
done

# --fetch: each SOURCE names `repo OWNER/NAME`, `commit SHA` and `file PATH` lines.
fetch_one() {
    local n=$1 repo commit base=${SWIFT_CORPUS_GIT:-https://github.com}
    repo=$(awk '$1 == "repo" { print $2 }' "$corpus/$n/SOURCE")
    commit=$(awk '$1 == "commit" { print $2 }' "$corpus/$n/SOURCE")
    local git="$dir/.git-cache/${repo/\//+}"
    if [ ! -d "$git" ]; then
        git init -q --bare "$git" || return 1
    fi
    if ! git --git-dir="$git" cat-file -e "$commit^{commit}" 2>/dev/null; then
        git --git-dir="$git" fetch -q --depth 1 "$base/$repo.git" "$commit" 2>/dev/null \
            || git --git-dir="$git" fetch -q "$base/$repo.git" 2>/dev/null \
            || { echo "swift-corpus: cannot fetch $base/$repo.git at $commit" >&2; return 1; }
    fi
    mkdir -p "$dir/$n"
    sed -n 's/^file //p' "$corpus/$n/SOURCE" | while IFS= read -r path; do
        git --git-dir="$git" show "$commit:$path" > "$dir/$n/$(basename "$path")" \
            || { echo "swift-corpus: $repo has no $path at $commit" >&2; return 1; }
    done
}
if $fetch; then
    for n in "${names[@]}"; do fetch_one "$n" || exit 1; done
fi

present=()
missing=0
for n in "${names[@]}"; do
    if ! ls "$dir/$n/"*.swift > /dev/null 2>&1; then
        echo "swift-corpus: $dir/$n holds no .swift files; place the files Tests/SwiftCorpus/$n/SOURCE lists there, or pass --fetch" >&2
        missing=1
        continue
    fi
    if [ -f "$corpus/$n/Entry.swift" ]; then cp "$corpus/$n/Entry.swift" "$dir/$n/Entry.swift"; fi
    present+=("$n")
done

if [ ${#present[@]} -eq 0 ]; then exit 2; fi

# The scratch package: one dynamic library per source, plus the value checker.
pkg="$dir/.package"
mkdir -p "$pkg/Sources"
target() { echo "corpus_${1//-/_}"; }
dep=$(basename "$root")
{
    echo '// swift-tools-version:6.0'
    echo '// Generated by scripts/swift-corpus.sh.'
    echo 'import PackageDescription'
    echo 'let package = Package('
    echo '    name: "swiftcorpus",'
    echo '    products: ['
    for n in "${present[@]}"; do
        echo "        .library(name: \"$(target "$n")\", type: .dynamic, targets: [\"$(target "$n")\"]),"
    done
    echo '        .library(name: "corpus_drawing_probe", type: .dynamic, targets: ["corpus_drawing_probe"]),'
    echo '        .executable(name: "corpus-check", targets: ["corpus-check"]),'
    echo '    ],'
    echo "    dependencies: [.package(path: \"$root\")],"
    echo '    targets: ['
    for n in "${present[@]}"; do
        echo "        .target(name: \"$(target "$n")\", dependencies: [.product(name: \"UIKit\", package: \"$dep\")],"
        echo "                swiftSettings: [.swiftLanguageMode(.v5)]),"
    done
    echo "        .target(name: \"corpus_drawing_probe\", dependencies: [.product(name: \"UIKit\", package: \"$dep\")],"
    echo "                swiftSettings: [.swiftLanguageMode(.v5)]),"
    echo '        .executableTarget(name: "corpus-check"),'
    echo '    ]'
    echo ')'
} > "$pkg/Package.swift.new"
cmp -s "$pkg/Package.swift.new" "$pkg/Package.swift" 2>/dev/null || mv "$pkg/Package.swift.new" "$pkg/Package.swift"
rm -f "$pkg/Package.swift.new"
mkdir -p "$pkg/Sources/corpus-check"
cp -p "$corpus/Checker/"*.swift "$pkg/Sources/corpus-check/"
mkdir -p "$pkg/Sources/corpus_drawing_probe"
cp -p "$corpus/DrawingProbe/"*.swift "$pkg/Sources/corpus_drawing_probe/"
for n in "${present[@]}"; do
    t=$(target "$n")
    rm -rf "$pkg/Sources/$t"
    mkdir -p "$pkg/Sources/$t"
    cp -p "$dir/$n/"*.swift "$pkg/Sources/$t/"
done

if ! (cd "$pkg" && swift build -q --product corpus-check > "$pkg/check-build.log" 2>&1); then
    echo "swift-corpus: the value checker or this package's modules do not build; see $pkg/check-build.log" >&2
    grep -m 5 'error:' "$pkg/check-build.log" >&2
    exit 1
fi
bin=$(cd "$pkg" && swift build --show-bin-path)

# Whether the modules have Apple's drawing API yet (`needs drawing` above).
if (cd "$pkg" && swift build --product corpus_drawing_probe > "$pkg/drawing-probe.build.log" 2>&1); then
    drawing=yes
else
    drawing=no
fi
echo "drawing API (Tests/SwiftCorpus/DrawingProbe): $drawing"

status=$missing
# The compiler quotes the source around an error (" 13 |     func f(error: E)"): a quoted line is not an error.
quoted='^ *[0-9]+ [|] '
printf '%-20s %-8s %-58s %7s %7s\n' source compiled "first error" checked agreed
for n in "${present[@]}"; do
    t=$(target "$n")
    log="$pkg/$n.build.log"
    rm -f "$pkg/$n.check.log"
    if (cd "$pkg" && swift build --product "$t" > "$log" 2>&1); then
        compiled=yes; first=-
    else
        compiled=no
        # The compiler's order varies from run to run: the first by file and line.
        first=$( (grep -E '^/[^ ]*: error:' "$log" | sort -t: -k1,1 -k2,2n; grep 'error:' "$log") | head -n 1 \
            | sed -e "s|^$pkg/Sources/$t/||" -e 's/: error:/:/' | cut -c 1-58)
    fi
    checked=0; agreed=0
    reason=$(sed -n 's/^unsupported //p' "$corpus/$n/SOURCE")
    awaits=$(sed -n 's/^awaits //p' "$corpus/$n/SOURCE" | paste -sd ';' -)
    explains=$(sed -n 's/^awaits-error //p' "$corpus/$n/SOURCE")
    if [ "$drawing" = no ] && grep -qx 'needs drawing' "$corpus/$n/SOURCE"; then
        awaits="drawing${awaits:+; $awaits}"
        explains=$(printf '%s\n%s' "$explains" "$(sed -n 's/^drawing-error //p' "$corpus/$n/SOURCE")")
    fi
    if [ "$compiled" = no ] && [ -z "$reason" ] && [ -n "$awaits" ]; then
        # Expected not to compile yet: every compiler error must be one SOURCE explains.
        unexplained=$(grep 'error:' "$log" | grep -v 'command failed' | grep -Ev "$quoted" \
            | grep -v -F -f <(printf '%s\n' "$explains" | sed '/^$/d') | head -n 1)
        if [ -z "$unexplained" ]; then
            printf '%-20s %-8s %-58s %7s %7s\n' "$n" no "awaits: $awaits" - -
            continue
        fi
        status=1
        first="not explained by awaits: $(echo "$unexplained" | sed -e "s|^$pkg/Sources/$t/||" -e 's/: error:/:/')"
    fi
    if [ -n "$reason" ]; then
        # Expected not to compile: every compiler error must be one SOURCE explains.
        unexplained=$(grep 'error:' "$log" | grep -v 'command failed' | grep -Ev "$quoted" \
            | grep -v -F -f <(sed -n 's/^unsupported-error //p' "$corpus/$n/SOURCE"; printf '%s\n' "$explains" | sed '/^$/d') | head -n 1)
        if [ "$compiled" = no ] && [ -z "$unexplained" ]; then
            printf '%-20s %-8s %-58s %7s %7s\n' "$n" no "unsupported: $reason" - -
            continue
        fi
        status=1
        if [ "$compiled" = yes ]; then first="compiles, but SOURCE says unsupported: $reason"; fi
    fi
    if [ "$compiled" = yes ] && [ -f "$corpus/$n/expect.json" ] && [ -z "$reason" ]; then
        out=$("$bin/corpus-check" "$corpus/$n/expect.json" "$bin/lib$t.so" "$fxhost" 2> "$pkg/$n.check.log")
        rc=$?
        checked=$(echo "$out" | awk '{print $1}'); agreed=$(echo "$out" | awk '{print $2}')
        if [ $rc -ne 0 ] || [ "$checked" != "$agreed" ]; then status=1; fi
    elif [ "$compiled" = no ] && { [ -f "$corpus/$n/expect.json" ] || [ -n "$awaits" ]; }; then
        status=1
    fi
    printf '%-20s %-8s %-58s %7s %7s\n' "$n" "$compiled" "$first" "$checked" "$agreed"
done
for n in "${present[@]}"; do
    if [ -s "$pkg/$n.check.log" ]; then echo "--- $n"; cat "$pkg/$n.check.log"; fi
done
exit $status
