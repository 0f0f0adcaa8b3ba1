"""The survivors of ``make mutants`` on ``hotpart/models/write_sharding.py`` in ``suffixes_fit_share`` (the share of
random placements of a hot key's suffix keys that meet chapter 5's rule) that are equivalent mutants, each with the
reason: (function, the mutated line as mutmut shows it) -> why. The function's tests: tests/test_write_sharding_fit.py
(the rule on every placement, the budget's boundary) and tests/test_write_sharding_mutants_fit.py (the refusals'
exact messages, the least values, the defaults).

One of the three rests on numpy's documented behaviour and not on this module alone: that ``Generator.integers(p)``
is ``integers(0, p)`` (``high=None`` makes ``low`` the exclusive high and 0 the low). The other two hold for every
input the checks let through.
"""

_BLOCK = "block = max(1, 2_000_000 // (n + p))"
_WHERE = "where = rng.integers(0, p, size=(rows, n))"

EQUIVALENT: dict[tuple[str, str], str] = {
    ("suffixes_fit_share", f"{_BLOCK} -> {_BLOCK.replace('max(1,', 'max(2,')}"): (
        "equivalent: n and p are checked to be at most 10,000 each, so n + p <= 20,000 and 2_000_000 // (n + p) >= 100; "
        "max(1, x) and max(2, x) are both x for every allowed input, the block size never changes"
    ),
    ("suffixes_fit_share", f"{_BLOCK} -> {_BLOCK.replace('2_000_000', '2000001')}"): (
        "equivalent: 2000001 // d differs from 2000000 // d only where d divides 2,000,001 = 3 x 666,667 (666,667 is "
        "prime), and the only divisor in n + p's range [2, 20,000] is 3, i.e. (n, p) = (1, 2) or (2, 1); there every "
        "placement is the same (one key on one partition, or two keys on the one partition: k_max / n and the "
        "occupied count are fixed), so each trial fits or fails alike and the share is 0.0 or 1.0 whatever the blocks. "
        "Checked: shares for (900, 1, 2), (1200, 2, 1), (1700, 2, 1) at 1, 666,666, 666,667 and 10**6 trials bit-"
        "identical. A performance-only change otherwise: a block of 666,667 rows instead of 666,666, no measurable "
        "time or memory"
    ),
    ("suffixes_fit_share", f"{_WHERE} -> {_WHERE.replace('(0, p,', '(p,')}"): (
        "equivalent: numpy's Generator.integers(low, high=None) draws from [0, low) (its docstring: if high is None, 'this "
        "parameter is 0' for low and low becomes the exclusive high), the same call as integers(0, p) with the same bounded "
        "generator and so the same stream; checked bit-identical shares on (1200, 7, 8) and (3600, 5000, 5) at "
        "1, 1,000 and 20,000 trials. Rests on numpy's documented signature, not on this module"
    ),
}
