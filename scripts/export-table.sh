#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The table of docs/EXPORT.md: every in-repo effect exported to Lottie
# (fxhost --format lottie) over its default run, with the file's size and what
# fxhost warned it left out. Prints the table; with --update, writes it into
# docs/EXPORT.md between its export-table markers. FXHOST names the binary
# (default: the release build, else the debug one). FXHOST_SWIFT_CORPUS, when
# set, names the folder of the Swift corpus's built libraries
# (libcorpus_NAME.so: scripts/swift-corpus.sh builds them in
# DIR/.package/.build/debug), whose effects join the table; the corpus's
# third-party sources are not in the repository, so without it they are left out.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/export-table.sh [--update]" --update -- "$@"
cd "$(dirname "$0")/.."
fxhost=${FXHOST:-}
if [[ -z $fxhost ]]; then
    for candidate in .build/release/fxhost .build/debug/fxhost; do
        [[ -x $candidate ]] && { fxhost=$candidate; break; }
    done
fi
[[ -n $fxhost ]] || { echo "export-table.sh: no fxhost built (swift build, or set FXHOST)" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for port in spinkit dgactivity replicators; do
    cc -std=c99 -shared -fPIC -I Sources/CFX/include "Tests/Conformance/Fixtures/$port.c" -o "$dir/$port.so"
done
cc -std=c99 -shared -fPIC -I Sources/CFX/include Plugins/examples/badge.c -o "$dir/badge.so"

# name|arguments
effects=()
for e in spinner shimmer cube fade pulse; do effects+=("seeds $e|--plugin seeds --factory $e"); done
for e in spinner shimmer cube fade pulse; do effects+=("$e (hand port)|--plugin $e"); done
effects+=("badge (C example)|--plugin $dir/badge.so")
# With events, and the fade with its snow.
effects+=("badge tapped at 1.2 and 2 s|--plugin $dir/badge.so --count 7 --event 1.2:tap --event 2:tap --end 3")
effects+=("seeds pulse tapped at 2 s|--plugin seeds --factory pulse --size 320x568 --event 2:tap --end 6")
effects+=("seeds fade with snow|--plugin seeds --factory fade --snow")
for port in spinkit dgactivity replicators; do
    for factory in $(grep -o 'sizeof(fx_factory), "[^"]*"' "Tests/Conformance/Fixtures/$port.c" | cut -d'"' -f2); do
        case $factory in bars) size=120x40 ;; ring) size=128x128 ;; *) size=64x64 ;; esac
        effects+=("$port $factory|--plugin $dir/$port.so --factory $factory --size $size")
    done
done
# The Swift corpus: every source it compiles (no `unsupported` line in its SOURCE), every factory its entry declares.
if [[ -n ${FXHOST_SWIFT_CORPUS:-} ]]; then
    for source in Tests/SwiftCorpus/*/SOURCE; do
        grep -q '^unsupported ' "$source" && continue
        n=$(basename "$(dirname "$source")")
        lib="$FXHOST_SWIFT_CORPUS/libcorpus_${n//-/_}.so"
        [[ -f $lib ]] || { echo "export-table.sh: no $lib (build the corpus with scripts/swift-corpus.sh)" >&2; exit 2; }
        for factory in $(grep -o 'FXFactory("[^"]*"' "Tests/SwiftCorpus/$n/Entry.swift" | cut -d'"' -f2); do
            effects+=("$n $factory (Swift corpus)|--plugin $lib --factory $factory")
        done
    done
fi

table="| effect | run | Lottie file | warned (left out), and notes |
|---|---|---|---|"
for entry in "${effects[@]}"; do
    name=${entry%%|*} args=${entry#*|}
    # shellcheck disable=SC2086
    if ! "$fxhost" $args --format lottie --out "$dir/out.json" 2> "$dir/err"; then
        table+=$'\n'"| $name | | refused | $(head -1 "$dir/err" | sed 's/^fxhost: //; s/|/\\|/g') |"
        continue
    fi
    bytes=$(stat -c %s "$dir/out.json")
    frames=$(python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print("%d frames at %g fps, %d layers" % (d["op"] - d["ip"], d["fr"], len(d["layers"])))' "$dir/out.json")
    text=$(python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print("yes" if any(l["ty"] == 5 for l in d["layers"]) else "")' "$dir/out.json")
    warned=$(grep -o 'Lottie cannot hold .*: left out' "$dir/err" | sed 's/^Lottie cannot hold //; s/: left out$//' || true)
    grep -q 'drop shadow effect' "$dir/err" && warned="${warned:+$warned; }shadows as the drop shadow effect (rlottie and the lottie plugin draw none: not compared)"
    [[ -n $text ]] && warned="${warned:+$warned; }text (rlottie draws none: the lottie plugin's comparison alone)"
    size=$(awk -v b="$bytes" 'BEGIN { if (b < 1024) printf "%d B", b; else if (b < 1048576) printf "%.1f KB", b / 1024; else printf "%.1f MB", b / 1048576 }')
    table+=$'\n'"| $name | $frames | $size | ${warned:-} |"
done

if [[ ${1:-} == --update ]]; then
    python3 - "$table" <<'PY'
import sys
path = "docs/EXPORT.md"
doc = open(path).read()
start, end = "<!-- export-table: scripts/export-table.sh --update -->", "<!-- /export-table -->"
a, b = doc.index(start) + len(start), doc.index(end)
open(path, "w").write(doc[:a] + "\n" + sys.argv[1] + "\n" + doc[b:])
PY
    echo "export-table.sh: docs/EXPORT.md updated" >&2
else
    echo "$table"
fi
