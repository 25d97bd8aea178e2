import sys, random
"""A random set-partitioning problem with costs: ITEMS items, OPTIONS options of 2 to 5 items,
among them a hidden partition (so there is a solution); an option costs 5 to 20 per item plus 0
to 10.

    python3 setpart.py ITEMS OPTIONS SEED > FILE.dlx
"""
n, m, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
items = ['i%d' % k for k in range(n)]
opts = []
# a hidden partition
perm = items[:]; rng.shuffle(perm)
k = 0
while k < n:
    size = rng.randint(2, 5); opts.append(perm[k:k+size]); k += size
while len(opts) < m:
    size = rng.randint(2, 5)
    opts.append(rng.sample(items, size))
rng.shuffle(opts)
print('| set partitioning: %d items, %d options, seed %d' % (n, m, seed))
print(' '.join(items))
for o in opts:
    cost = sum(rng.randint(5, 20) for _ in o) + rng.randint(0, 10)
    print(' '.join(o) + ' |%d' % cost)
