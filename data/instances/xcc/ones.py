#!/usr/bin/env python3
"""Writes onesN.dlx (N = 101..106): random problems whose item line gives bounds that are all 1
(`1|name`, `1:1|name`) beside plain primary items, with colored secondary items. Such a file is
read by Knuth's dlx3 and ssmcc (dlx2 and ssxcc refuse the `|` in a name), and their figures
differ from those of dlx2 and ssxcc on the same problem written without bounds. Each problem
has a few exact covers planted among random options, so that it has solutions.

Usage: ones.py  (run from data/instances/xcc; the same files every time)
"""
import random

def problem(seed):
    r = random.Random(seed)
    n1, n2 = r.randint(10, 16), r.randint(2, 4)
    primary = ["p%d" % i for i in range(n1)]
    secondary = ["s%d" % i for i in range(n2)]
    colors = "abc"
    items = []
    for p in primary:
        k = r.random()
        items.append(p if k < 0.3 else "1|" + p if k < 0.65 else "1:1|" + p)
    options = []

    def extra(option):
        if r.random() < 0.6:
            s = r.choice(secondary)
            option.append(s + (":" + r.choice(colors) if r.random() < 0.7 else ""))
        return option

    for _ in range(3):
        rest = primary[:]
        r.shuffle(rest)
        while rest:
            k = min(len(rest), r.randint(1, 4))
            options.append(extra(rest[:k]))
            rest = rest[k:]
    for _ in range(r.randint(30, 50)):
        options.append(extra(r.sample(primary, r.randint(2, 4))))
    seen, lines = set(), []
    for o in options:
        key = " ".join(o)
        if key not in seen:
            seen.add(key)
            lines.append(key)
    r.shuffle(lines)
    head = "| problem with bounds that are all 1, seed %d\n" % seed
    return head + " ".join(items) + " | " + " ".join(secondary) + "\n" + "\n".join(lines) + "\n"

for seed in range(101, 107):
    with open("ones%d.dlx" % seed, "w") as f:
        f.write(problem(seed))
