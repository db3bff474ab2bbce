#!/usr/bin/env python3
"""Prints the docs/packages.md section of a std package from its Go
source: its exported functions, then each exported type with its methods.

    python3 docs/package_section.py time           # print it
    python3 docs/package_section.py --write time   # update packages.md

--write replaces the generated lines (Functions:, - type) under the
package's `### path` heading, adding the heading at the end if missing;
prose after them is kept. vm/tests/docs.rs checks every name is listed.
"""
import glob
import os
import re
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
write = "--write" in sys.argv
path = [a for a in sys.argv[1:] if a != "--write"][0]
funcs, types, methods = [], [], {}
for f in sorted(glob.glob(os.path.join(root, "vm/src/std", path, "*.go"))):
    for line in open(f, encoding="utf-8"):
        m = re.match(r"func \(\w+ \*?(\w+)(?:\[[^\]]*\])?\) ([A-Z]\w*)", line)
        if m:
            if m.group(1)[0].isupper():
                methods.setdefault(m.group(1), []).append(m.group(2))
            continue
        m = re.match(r"func ([A-Z]\w*)", line)
        if m:
            funcs.append(m.group(1))
            continue
        m = re.match(r"type ([A-Z]\w*)", line)
        if m:
            types.append(m.group(1))
out = []
if funcs:
    out.append("Functions: " + ", ".join("`%s`" % n for n in sorted(set(funcs))) + ".")
for t in sorted(set(types)):
    ms = sorted(set(methods.get(t, [])))
    out.append("- type `%s`" % t + (": " + ", ".join("`%s`" % m for m in ms) if ms else ""))
if not write:
    print("\n".join(out))
    sys.exit(0)
doc_path = os.path.join(root, "docs/packages.md")
lines = open(doc_path, encoding="utf-8").read().split("\n")
head = "### " + path
if head not in lines:
    while lines and lines[-1] == "":
        lines.pop()
    lines += ["", head] + out + [""]
else:
    i = lines.index(head) + 1
    j = i
    while j < len(lines) and (lines[j].startswith("Functions:") or lines[j].startswith("- type ")):
        j += 1
    lines[i:j] = out
open(doc_path, "w", encoding="utf-8").write("\n".join(lines))
