"""Skew models: the generalized harmonic number, hashing keys onto partitions, Zipf head shares.

Targets (issue 3): the head shares of ``Zipf(10**12, s)`` in under 1 ms; ``harmonic`` compared, in the same
run, with summing 10**7 terms in numpy and with ``scipy.stats.zipfian(s, n).pmf(1)`` (which sums the terms
for s <= 1, so it is run at n = 10**7 there, and at 10**12 for s = 1.5).
"""

from __future__ import annotations

import time

import numpy as np
from _timing import time_call

import hotpart as hp

TITLE = "Skew: harmonic numbers, partition_of, Zipf head shares"
HEAD_TARGET_MS = 1.0


def _numpy_sum(n: int, s: float) -> float:
    return float(np.sum(np.arange(1, n + 1, dtype=np.float64) ** -s))


def run(repeats: int) -> list[str]:
    from scipy.stats import zipfian

    s, big, mid = 0.99, 10**12, 10**7
    rows = [
        "| computation | value | time | note |",
        "| --- | --- | --- | --- |",
    ]
    t, h_big = time_call(lambda: hp.harmonic(big, s), repeats, inner=200)
    rows.append(f"| `hp.harmonic(10**12, 0.99)` | {h_big:.15g} | {t * 1e6:.1f} µs | O(1): 31 terms + Euler–Maclaurin tail |")
    t, h_mid = time_call(lambda: hp.harmonic(mid, s), repeats, inner=200)
    rows.append(f"| `hp.harmonic(10**7, 0.99)` | {h_mid:.15g} | {t * 1e6:.1f} µs | |")
    t, np_mid = time_call(lambda: _numpy_sum(mid, s), repeats)
    rel = abs(np_mid - h_mid) / h_mid
    rows.append(
        f"| numpy sum of 10**7 terms, s = 0.99 | {np_mid:.15g} | {t * 1e3:.1f} ms | "
        f"relative difference from `hp.harmonic(10**7, 0.99)`: {rel:.1e}; cannot reach n = 10**12 |"
    )
    # scipy sums the terms explicitly for s <= 1 (O(n): 10**12 would take hours), so it is timed at 10**7
    t, pmf = time_call(lambda: float(zipfian(s, mid).pmf(1)), repeats)
    rel = abs(pmf * h_mid - 1.0)
    rows.append(
        f"| `scipy.stats.zipfian(0.99, 10**7).pmf(1)` | {pmf:.15g} | {t * 1e3:.1f} ms | "
        f"1/H: relative difference from `1 / hp.harmonic(10**7, 0.99)`: {rel:.1e}; O(n) for s <= 1 |"
    )
    t, pmf = time_call(lambda: float(zipfian(1.5, big).pmf(1)), repeats)
    rel = abs(pmf * hp.harmonic(big, 1.5) - 1.0)
    rows.append(
        f"| `scipy.stats.zipfian(1.5, 10**12).pmf(1)` | {pmf:.15g} | {t * 1e3:.2f} ms | "
        f"relative difference from `1 / hp.harmonic(10**12, 1.5)`: {rel:.1e}; zeta-based for s > 1 |"
    )
    t, ycsb = time_call(lambda: hp.harmonic(10**10, s), repeats, inner=200)
    rows.append(
        f"| `hp.harmonic(10**10, 0.99)` vs YCSB's ZETAN {hp.YCSB_ZETA_10E10_099!r} | {ycsb!r} | {t * 1e6:.1f} µs | "
        f"relative difference {abs(ycsb / hp.YCSB_ZETA_10E10_099 - 1):.1e} (test: <= 1e-9) |"
    )

    keys = [f"USER#{i}" for i in range(10**6)]
    t, _ = time_call(lambda: hp.partition_of(keys, 100), max(1, min(repeats, 3)))
    rows.append(f"| `hp.partition_of` on 10**6 keys, 100 partitions | {len(keys) / t:,.0f} keys/s | {t:.2f} s | MD5 per key |")

    for exponent in (0.5, 0.99, 1.5):

        def head(e: float = exponent) -> tuple[float, float]:
            z = hp.Zipf(big, e)
            return float(z.head(10)[0]), z.top_share(10)

        t, (p1, p10) = time_call(head, repeats, inner=100)
        ok = "yes" if t * 1e3 < HEAD_TARGET_MS else "NO"
        rows.append(
            f"| `Zipf(10**12, {exponent:g})`: build, `head(10)`, `top_share(10)` | p1 {p1:.4%}, top 10 {p10:.4%} | "
            f"{t * 1e3:.3f} ms | target < {HEAD_TARGET_MS:g} ms: {ok} |"
        )
    t, _ = time_call(lambda: hp.partition_load(hp.Zipf(big, 0.99), 10, seed=int(time.perf_counter_ns() % 1000) + 1), repeats)
    rows.append(
        f"| `partition_load(Zipf(10**12, 0.99), 10)`, sampled | | {t * 1e3:.1f} ms | 2,000 head keys hashed, ~200 strata drawn |"
    )
    return rows


if __name__ == "__main__":
    print("\n".join(run(3)))
