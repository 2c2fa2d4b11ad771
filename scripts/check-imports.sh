#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Checks the arrows of docs/ARCHITECTURE.md against the code: every `import`
# of one of this package's modules, in a target's Swift files, names a
# dependency that Package.swift declares for that target (directly; a module
# reached only through another's dependencies is an arrow the design does not
# draw). Then checks docs/ARCHITECTURE.md's table of parts the other way: for
# each row naming a target, the parts its "depends on" column names must be
# exactly the parts among the target's declared dependencies; and every target
# under Sources/ and host/ is named in the table. Prints one line
# per undeclared import or wrong row and exits 1 if there is any.
#   scripts/check-imports.sh
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/check-imports.sh" -- "$@"
cd "$(dirname "$0")/.."
swift package dump-package 2>/dev/null | python3 -c '
import json, os, re, sys
package = json.load(sys.stdin)
targets = {t["name"]: t for t in package["targets"]}
# A target is imported by its module name: dashes become underscores.
modules = {name.replace("-", "_"): name for name in targets}
pattern = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)", re.M)
bad = 0
for name, t in sorted(targets.items()):
    if t["type"] == "system":
        continue
    path = t.get("path") or ("Tests/" if t["type"] == "test" else "Sources/") + name
    declared = {d["byName"][0] for d in t["dependencies"] if "byName" in d}
    declared |= {d["target"][0] for d in t["dependencies"] if "target" in d}
    declared |= {d["product"][0] for d in t["dependencies"] if "product" in d}
    for root, _, files in os.walk(path):
        for f in sorted(files):
            if not f.endswith(".swift"):
                continue
            file = os.path.join(root, f)
            with open(file, encoding="utf-8") as src:
                text = src.read()
            for m in pattern.finditer(text):
                module = m.group(1)
                target = modules.get(module)
                if target is None or target == name or target in declared:
                    continue
                line = text.count("\n", 0, m.start()) + 1
                print(f"{file}:{line}: imports {module}, which Package.swift does not declare as a dependency of {name}")
                bad += 1
# The table of parts: "| **Part** | folder | what it is | depends on |". Only parts that are rows
# of the table are compared (a C library such as cairo is named in words, not by its target).
rows = {}
with open("docs/ARCHITECTURE.md", encoding="utf-8") as doc:
    for line in doc:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        m = re.fullmatch(r"\*\*(\w+)\*\*", cells[0]) if len(cells) == 4 else None
        if m and m.group(1) in targets:
            rows[m.group(1)] = cells[3]
if not rows:
    print("docs/ARCHITECTURE.md: no table of parts found")
    bad += 1
# Every module under Sources/ and host/ is on the page: a row of its own, or named in a row
# (the C libraries share one).
with open("docs/ARCHITECTURE.md", encoding="utf-8") as doc:
    table = "\n".join(line for line in doc if line.startswith("| "))
for name, t in sorted(targets.items()):
    path = t.get("path") or ""
    if t["type"] != "test" and path.startswith(("Sources/", "host/")) and not re.search(r"\b%s\b" % re.escape(name), table):
        print(f"docs/ARCHITECTURE.md: {name} ({path}) is named in no row of the table of parts")
        bad += 1
for name, cell in sorted(rows.items()):
    named = {w for w in re.findall(r"\w+", cell) if w in rows and w != name}
    t = targets[name]
    declared = {d[k][0] for d in t["dependencies"] for k in ("byName", "target", "product") if k in d} & set(rows)
    if named != declared:
        missing = ", ".join(sorted(declared - named)) or "nothing"
        extra = ", ".join(sorted(named - declared)) or "nothing"
        print(f"docs/ARCHITECTURE.md: the row of {name} names {extra} that Package.swift does not declare, and leaves out {missing} that it does")
        bad += 1
sys.exit(1 if bad else 0)
'
