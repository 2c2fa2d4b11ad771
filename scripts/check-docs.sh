#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Keeps the docs walkable: no page in docs/ over 40 KB (40 × 1024 bytes; split a
# longer one by purpose: guide, reference, tables), and every relative link in
# README.md and docs/*.md reaches a file that exists and, when it names one, a
# heading with that anchor. Anchors follow GitHub's rule: the heading's text
# lowercased, punctuation dropped, spaces turned to '-', and a repeated anchor
# numbered -1, -2, … in order. And the limits table of docs/isolation.md gives
# the code's constants (scripts/lib/doc_limits.py). Prints one line per fault
# and exits 1 if any.
#   scripts/check-docs.sh
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/check-docs.sh" -- "$@"
if [ $# -gt 0 ]; then
  echo "check-docs.sh: takes no arguments, got '$1' (see --help)" >&2
  exit 2
fi
cd "$(dirname "$0")/.."
exec python3 - <<'PY'
import glob, os, re, sys

LIMIT = 40 * 1024
pages = ["README.md"] + sorted(glob.glob("docs/*.md"))
faults = []

for page in sorted(glob.glob("docs/*.md")):
    size = os.path.getsize(page)
    if size > LIMIT:
        faults.append(f"{page}: {size} bytes, over the 40 KB limit ({LIMIT} bytes): split it by purpose")

fence = re.compile(r"^\s*(```|~~~)")
heading = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")

def prose_lines(path):
    """(line number, text) of the lines outside fenced code blocks."""
    inside = None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            m = fence.match(line)
            if m:
                if inside is None:
                    inside = m.group(1)
                elif m.group(1) == inside:
                    inside = None
                continue
            if inside is None:
                yield number, line.rstrip("\n")

def slug(text):
    # What GitHub renders, then its anchor: links keep their text, inline
    # markup goes, the rest is lowercased with punctuation dropped.
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text)
    text = text.replace("`", "").replace("*", "")
    text = text.strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")

anchors_cache = {}
def anchors(path):
    if path not in anchors_cache:
        seen, found = {}, set()
        for _, line in prose_lines(path):
            m = heading.match(line)
            if not m:
                continue
            base = slug(m.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
        anchors_cache[path] = found
    return anchors_cache[path]

link = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
reference = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
code = re.compile(r"`+[^`]*`+")

for page in pages:
    previous = ""
    for number, line in prose_lines(page):
        targets = [m.group(1) for m in link.finditer(code.sub("", line))]
        # A reference definition starts a block; "[Test]: text" inside a
        # paragraph is prose.
        m = reference.match(line) if not previous.strip() else None
        if m:
            targets.append(m.group(1))
        previous = line
        for target in targets:
            if re.match(r"^[a-zA-Z][a-zA-Z0-9+.-]*:", target) or target.startswith("//"):
                continue  # an address with a scheme: not a file of this tree
            path, _, anchor = target.partition("#")
            file = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
            if not os.path.exists(file):
                faults.append(f"{page}:{number}: links to {target}, but {file} does not exist")
                continue
            if anchor and file.endswith(".md") and anchor.lower() not in anchors(file):
                faults.append(f"{page}:{number}: links to {target}, but {file} has no heading with the anchor #{anchor}")

sys.path.insert(0, "scripts/lib")
import doc_limits
faults += doc_limits.faults()

for fault in faults:
    print(fault)
sys.exit(1 if faults else 0)
PY
