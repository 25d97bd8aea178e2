# Writes sudoku puzzles with givens kept at random from shuffles of one solved grid.
# Usage: random-givens.py SOLVED.json n box count givens seed (see README.md).
import json,random,sys
src,n,b,count,givens,seed=sys.argv[1],int(sys.argv[2]),int(sys.argv[3]),int(sys.argv[4]),int(sys.argv[5]),int(sys.argv[6])
sol=[json.loads(l) for l in open(src) if '"solution"' in l][0]['solution']
syms=sorted(set(sol))
assert len(syms)==n and len(sol)==n*n
g=[[sol[r*n+c] for c in range(n)] for r in range(n)]
rnd=random.Random(seed)
for _ in range(count):
    perm=syms[:]; rnd.shuffle(perm); m=dict(zip(syms,perm))
    bands=list(range(b)); rnd.shuffle(bands)
    rows=[band*b+r for band in bands for r in rnd.sample(range(b),b)]
    stacks=list(range(b)); rnd.shuffle(stacks)
    cols=[s*b+c for s in stacks for c in rnd.sample(range(b),b)]
    h=[[m[g[r][c]] for c in cols] for r in rows]
    if rnd.random()<0.5: h=[list(x) for x in zip(*h)]
    keep=set(rnd.sample(range(n*n),givens))
    print(''.join(h[k//n][k%n] if k in keep else '.' for k in range(n*n)))
