"""Adds random costs to an exact-cover file, as dlx5 reads them: one or two `|n` entries (n from
0 to HI) after random items of each option line.

    python3 addcost.py IN.dlx OUT.dlx SEED HI

The files here were made from ../ and ../xcc/ with the seed and HI in their names (`_s1_h9`:
seed 1, costs 0 to 9).
"""
import sys, random
src, dst, seed, hi = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed)
out = []
seen_items = False
for line in open(src):
    s = line.strip()
    if not s or s.startswith('|'):
        out.append(line.rstrip('\n')); continue
    if not seen_items:
        seen_items = True; out.append(line.rstrip('\n')); continue
    toks = s.split()
    # one or two cost entries, after random items
    n = rng.choice([1, 1, 2])
    for _ in range(n):
        toks.insert(rng.randint(1, len(toks)), '|%d' % rng.randint(0, hi))
    out.append(' '.join(toks))
open(dst, 'w').write('\n'.join(out) + '\n')
