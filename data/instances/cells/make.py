#!/usr/bin/env python3
"""Writes figures.tsv: what Knuth's ssxcc printed for each bundled instance it accepts, and his
ssmcc for those with bounds on items (multiplicities), which ssxcc refuses; weighted.tsv and
failrate.tsv: what his ssmcc-wtd and ssmcc-frb (ssmcc.w with ssmcc-wtd.ch, ssmcc-frb.ch)
printed.

Usage: make.py PATH/TO/ssxcc PATH/TO/ssmcc [PATH/TO/ssmcc-wtd [PATH/TO/ssmcc-frb]]  (run from
data/instances; each built from ascherer/cwebtest's .w file, and change file, with ctangle and
gcc -O2); ssmcc-wtd and ssmcc-frb run on the files figures.tsv lists. Columns: the file, the
solutions, nodes and updates the program printed (v1), the FNV-1a 64-bit hash of its solutions in the order it found
them (`m1`): each option written as its items (with `:color`) sorted and joined by spaces, one
option per line in the order it took them, a blank line after each solution; and the program.
Files both refuse (long names) or that take more than 60 seconds are left out, and so are the
costs.
"""
import glob, re, subprocess, sys

def fnv1a64(data):
    h = 0xcbf29ce484222325
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h

def figures(program_names, out_path, files=None):
    programs = program_names
    rows = []
    for path in files or sorted(glob.glob("**/*.dlx", recursive=True)):
        if path.startswith("cost/"):
            continue
        text = open(path, "rb").read()
        for name, binary in programs:
            try:
                run = subprocess.run([binary, "m1"], input=text, capture_output=True, timeout=60)
            except subprocess.TimeoutExpired:
                print("skipped (slow):", name, path)
                run = None
                break
            if b"!" in run.stderr:
                print("refused:", name, path, run.stderr.decode().splitlines()[-1])
                run = None
                continue
            break
        if run is None:
            continue
        m = re.search(rb"Altogether (\d+) solutions?, \S+ mems, (\d+) updates, \d+ bytes, (\d+) nodes", run.stderr)
        out = []
        for line in run.stdout.decode().splitlines():
            if re.fullmatch(r"\d+:", line):
                if out:
                    out.append("")
                continue
            line = re.sub(r"\s*\(\d+ of \d+\)$", "", line)
            out.append(" ".join(sorted(line.split())))
        digest = "".join(l + "\n" for l in out) + ("\n" if out else "")
        rows.append((path, m.group(1).decode(), m.group(3).decode(), m.group(2).decode(), "%016x" % fnv1a64(digest.encode()), name))
    with open(out_path, "w") as f:
        f.write("# file\tsolutions\tnodes\tupdates\tfnv1a64_of_solutions_in_order\tprogram\n")
        for row in rows:
            f.write("\t".join(row) + "\n")
    print(len(rows), "files")

figures([("ssxcc", sys.argv[1]), ("ssmcc", sys.argv[2])], "cells/figures.tsv")
if len(sys.argv) > 3:
    # The files of figures.tsv: those the others finish in a minute (the rest print millions of
    # solutions, which this script would hold in memory).
    listed = [l.split("\t")[0] for l in open("cells/figures.tsv") if not l.startswith("#")]
    figures([("ssmcc-wtd", sys.argv[3])], "cells/weighted.tsv", listed)
if len(sys.argv) > 4:
    figures([("ssmcc-frb", sys.argv[4])], "cells/failrate.tsv", listed)
