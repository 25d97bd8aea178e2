"""Exact-cover instances for the memoized search (Knuth's dlx6): domino tilings of boards and
of Aztec diamonds, and Langford pairs, in Knuth's text format.

    python3 make.py dominoes ROWS COLS > dominoes_RxC.dlx
    python3 make.py two ROWS COLS > two_RxC.dlx    (two boards side by side, a column apart)
    python3 make.py aztec N > aztec_N.dlx
    python3 make.py langford N > langford_N.dlx

Cells are items named `rRcC` (row R, column C, from 0), row by row; each domino is an option
of its two cells, horizontal ones first then vertical, each in row order. Langford pairs have
the items 1..N and s0..s(2N-1), and an option `k sI sJ` for each place of the pair of k's
(J = I + k + 1), as `../langford11.dlx`.
"""
import sys


def tilings(cells):
    cells = sorted(cells)
    have = set(cells)
    print('| domino tilings of %d cells' % len(cells))
    print(' '.join('r%dc%d' % rc for rc in cells))
    for (r, c) in cells:
        if (r, c + 1) in have:
            print('r%dc%d r%dc%d' % (r, c, r, c + 1))
    for (r, c) in cells:
        if (r + 1, c) in have:
            print('r%dc%d r%dc%d' % (r, c, r + 1, c))


def main(argv):
    kind = argv[1]
    if kind == 'dominoes':
        rows, cols = int(argv[2]), int(argv[3])
        tilings([(r, c) for r in range(rows) for c in range(cols)])
    elif kind == 'two':
        # Two boards side by side, a column apart: items row by row across both, so that the
        # plain search meets every pair of their states (`--components` counts them apart).
        rows, cols = int(argv[2]), int(argv[3])
        tilings([(r, c) for r in range(rows) for c in range(2 * cols + 1) if c != cols])
    elif kind == 'aztec':
        # The Aztec diamond of order n: the cells (r, c), 0 <= r, c < 2n, with
        # |r - n + 1/2| + |c - n + 1/2| <= n; it has 2^(n(n+1)/2) domino tilings.
        n = int(argv[2])
        tilings([(r, c) for r in range(2 * n) for c in range(2 * n)
                 if abs(2 * r - 2 * n + 1) + abs(2 * c - 2 * n + 1) <= 2 * n])
    elif kind == 'langford':
        n = int(argv[2])
        print('| Langford pairs n=%d (all)' % n)
        print(' '.join([str(k) for k in range(1, n + 1)] + ['s%d' % i for i in range(2 * n)]))
        for k in range(1, n + 1):
            for i in range(2 * n - k - 1):
                print('%d s%d s%d' % (k, i, i + k + 1))
    else:
        sys.exit(__doc__)


main(sys.argv)
