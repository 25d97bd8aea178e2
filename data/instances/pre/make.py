#!/usr/bin/env python3
"""Writes figures.tsv: what Knuth's dlx-pre did with each bundled instance it accepts.

Usage: make.py PATH/TO/dlx-pre  (run from data/instances; dlx-pre built from ascherer/cwebtest's
dlx-pre.w with ctangle and gcc -O3). Columns: the file, the options and items removed and the
rounds (as dlx-pre v1 prints them), and the FNV-1a 64-bit hash of what it writes with v8 (the
reduced problem, each option followed by `| (from N)`). Files it refuses (bounds on items, costs
on options) are left out.
"""
import glob, re, subprocess, sys

def fnv1a64(data):
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h

pre = sys.argv[1]
rows = []
for path in sorted(glob.glob("**/*.dlx", recursive=True)):
    text = open(path, "rb").read()
    run = subprocess.run([pre, "v1025"], input=text, capture_output=True)
    if b"!" in run.stderr:  # its panics end with `!` (its exit status is not meaningful)
        continue
    m = re.search(rb"Removed (\d+) options? and (\d+) items?, after \S+ mems, (\d+) rounds?\.", run.stderr)
    out = subprocess.run([pre, "v8"], input=text, capture_output=True).stdout
    rows.append((path, m.group(1).decode(), m.group(2).decode(), m.group(3).decode(), "%016x" % fnv1a64(out)))
with open("pre/figures.tsv", "w") as f:
    f.write("# file\toptions_removed\titems_removed\trounds\tfnv1a64_of_v8_output\n")
    for row in rows:
        f.write("\t".join(row) + "\n")
print(len(rows), "files")
