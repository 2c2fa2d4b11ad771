# SPDX-License-Identifier: MIT
"""The limits tables of docs/isolation.md ("## Limits", "## Scene budget") against the code's constants.

Each row of the table is matched, by the start of its "what" cell, with the
constants that hold its numbers, named by type and member
(`Limits.maxLayers`), in the order the row's "limit" cell gives them. A
constant is found by its declaration (`let`/`var member = …`) in the file that
declares the type, wherever that file lives under Sources/ or host/, so that a
file moved to another module is still found. A row with no entry here, an entry
with no row, a constant not found, a number that differs, or a `max…` bound of
a type in COMPLETE that no row names is a fault.

Numbers in a limit cell: `100,000`; with a unit, `64 KiB`, `512 MiB`, `2 GiB`
(powers of 1,024); a power, `2²⁶`; a rounded count, `67 million` (the constant
rounded to millions).
"""
import ast, glob, operator, re

PAGE = "docs/isolation.md"

# The start of the row's "what" cell → the constants of its "limit" cell, in order.
ROWS = {
    "stage size × scale": ["OutputLimits.maxSide", "OutputLimits.maxPixels"],
    "frames in one run": ["OutputLimits.maxFrames"],
    "frames on a contact sheet": ["ContactSheetLimits.maxFrames"],
    "sampling without `--end`": ["DefaultEnd.cap", "DefaultEnd.forInfinite"],
    "layers in a frame": ["Replication.maxLayers"],
    "layers": ["Limits.maxLayers"],
    "animation templates alive": ["Limits.maxAnimations"],
    "animations on one layer": ["Layer.maxAnimations"],
    "animations added in a run": ["Limits.maxAttachedAnimations"],
    "events at one instant": ["Stage.maxEventsPerInstant"],
    "elements in a path": ["Limits.maxPathElements"],
    "elements in an array value": ["Limits.maxArrayElements"],
    "string length": ["Limits.maxStringBytes"],
    "image side": ["Limits.maxImageSide"],
    "PNG file size": ["Limits.maxImageFileBytes"],
    "descriptor": ["DescriptorReader.maxFactories", "DescriptorReader.maxParameters",
                   "DescriptorReader.maxChoices", "DescriptorReader.maxText"],
    "paths alive at once": ["Limits.maxPaths"],
    "images": ["Limits.maxImages"],
    "depth of the layer tree": ["Layer.maxDepth"],
    "timers added in a run": ["Stage.maxTimersPerRun"],
    "event handlers": ["Limits.maxEventHandlers"],
    "data copied from the plugin": ["Limits.maxPluginDataBytes"],
    "strings kept from the plugin": ["Limits.maxPluginStringBytes"],
    "emitter cell templates alive": ["Limits.maxEmitterCells"],
    "cells in one emitter or cell": ["Layer.maxEmitterCells", "EmitterCell.maxDepth"],
    "live particles in a frame": ["Particles.budget"],
    "pixels drawn in a frame": ["PixelBudget.stageMultiple", "PixelBudget.minimum"],
    "memory a frame may take the run to": ["MemoryLimit.fallback"],
}

# The scene budget's table: its first column → the constants of its third.
SCENE_ROWS = {
    "layers": ["Replication.maxLayers"],
    "live particles": ["Particles.budget"],
    "pixels drawn": ["PixelBudget.stageMultiple", "PixelBudget.minimum", "PixelBudget.minimum"],
}

# Each table: its section, the column of the numbers, and its rows.
TABLES = [("## Limits", 1, ROWS), ("## Scene budget", 2, SCENE_ROWS)]

# Types whose every stored `max…` bound must have its row: a bound added there without one is a fault.
COMPLETE = ["Limits", "OutputLimits", "DescriptorReader"]

UNITS = {"KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30}
SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
NUMBER = re.compile(r"(\d[\d,]*(?:\.\d+)?)(?:([⁰¹²³⁴⁵⁶⁷⁸⁹]+)|\s*(KiB|MiB|GiB|million)\b)?")
OPERATORS = {ast.Mult: operator.mul, ast.Add: operator.add, ast.Sub: operator.sub,
             ast.LShift: operator.lshift, ast.Pow: operator.pow}


def cell_numbers(cell):
    """(value, how to compare) for each number of a limit cell: exact, or rounded to millions."""
    out = []
    for m in NUMBER.finditer(cell.replace("`", "")):
        value = float(m.group(1).replace(",", ""))
        if m.group(2):
            out.append((value ** int(m.group(2).translate(SUPERSCRIPT)), "exact"))
        elif m.group(3) == "million":
            out.append((value, "millions"))
        else:
            out.append((value * UNITS.get(m.group(3), 1), "exact"))
    return out


def evaluate(expression):
    """A constant's initial value: numbers (with `_`), `*`, `+`, `-`, `<<`."""
    def walk(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return node.value
        if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
            return OPERATORS[type(node.op)](walk(node.left), walk(node.right))
        raise ValueError(expression)
    return walk(ast.parse(expression.replace("_", ""), mode="eval").body)


def sources():
    files = sorted(glob.glob("Sources/**/*.swift", recursive=True) + glob.glob("host/**/*.swift", recursive=True))
    for path in files:
        with open(path, encoding="utf-8") as f:
            yield path, f.read()


def constant(name, texts):
    """The value of `Type.member`, or a fault (a string)."""
    owner, member = name.split(".")
    # Top-level declarations only: a type nested in another (JSONReader.Limits) is another type of the same name.
    declares = re.compile(r"^(?:(?:public|internal|final|private|fileprivate|@\w+)\s+)*(?:struct|enum|class|actor)\s+%s\b" % owner, re.M)
    defines = re.compile(r"^\s*(?:(?:public|internal|static|private|fileprivate|nonisolated)\s+)*(?:let|var)\s+%s\s*(?::\s*\w+\s*)?=\s*([^\n/{]+)" % member, re.M)
    found = [(path, m.group(1).strip()) for path, text in texts if declares.search(text) for m in defines.finditer(text)]
    if len(found) != 1:
        return f"{name}: found {len(found)} declarations in the files that declare {owner}, expected one"
    try:
        return float(evaluate(found[0][1]))
    except (ValueError, SyntaxError):
        return f"{name}: '{found[0][1]}' in {found[0][0]} is not a number this check reads"


def table(path, section, column):
    """(line number, first cell, the column's cell) of each row of the section's table, header left out."""
    rows, inside, header = [], False, True
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.startswith("## "):
                inside = line.strip() == section
                continue
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not (inside and line.startswith("|") and len(cells) > column):
                continue
            if set("".join(cells)) <= set("-: "):
                header = False  # the delimiter row: the rows that follow are the table's
            elif not header:
                rows.append((number, cells[0], cells[column]))
    return rows


def faults():
    texts = list(sources())
    out = []
    for section, column, known in TABLES:
        out += table_faults(section, column, known, texts)
    named = {name for names in ROWS.values() for name in names}
    for owner in COMPLETE:
        declares = re.compile(r"^(?:(?:public|internal|final|@\w+)\s+)*(?:struct|enum|class)\s+%s\b" % owner, re.M)
        for path, text in texts:
            if declares.search(text):
                for member in re.findall(r"^\s*(?:(?:public|internal|static)\s+)*(?:let|var)\s+(max\w+)\s*=", text, re.M):
                    if f"{owner}.{member}" not in named:
                        out.append(f"{path}: {owner}.{member} has no row in {PAGE}'s limits table (add one, and its entry in scripts/lib/doc_limits.py)")
    return out


def table_faults(section, column, known, texts):
    out, matched = [], set()
    rows = table(PAGE, section, column)
    if not rows:
        return [f"{PAGE}: no table found under '{section}'"]
    for number, what, limit in rows:
        key = max((k for k in known if what.startswith(k)), key=len, default=None)
        if key is None:
            out.append(f"{PAGE}:{number}: the limit '{what}' has no constant in scripts/lib/doc_limits.py: name the code's constant there")
            continue
        matched.add(key)
        documented = cell_numbers(limit)
        expected = [constant(name, texts) for name in known[key]]
        for e in expected:
            if isinstance(e, str):
                out.append(f"{PAGE}:{number}: {e}")
        if any(isinstance(e, str) for e in expected):
            continue
        if len(documented) != len(expected):
            out.append(f"{PAGE}:{number}: '{limit}' gives {len(documented)} numbers; the code has {len(expected)} ({', '.join(known[key])})")
            continue
        for (value, how), code, name in zip(documented, expected, known[key]):
            same = round(code / 1e6) == value if how == "millions" else value == code
            if not same:
                shown = f"{code:,.0f}" if code == int(code) else f"{code:g}"
                out.append(f"{PAGE}:{number}: '{what}' says {limit}, but {name} is {shown}")
    for key in sorted(set(known) - matched):
        out.append(f"{PAGE}: no row of the table under '{section}' starts with '{key}' (scripts/lib/doc_limits.py names one)")
    return out


if __name__ == "__main__":
    # `python3 scripts/lib/doc_limits.py [ROOT]`: the faults of the tree at ROOT (default: here), one a line; exit 1 if any.
    import os, sys
    if len(sys.argv) > 1:
        os.chdir(sys.argv[1])
    found = faults()
    for fault in found:
        print(fault)
    sys.exit(1 if found else 0)
