"""Heavy hitters: Space-Saving and Count-Min throughput, and their error against exact counts.

Targets (issue 6, chapter 13): Space-Saving at a few hundred thousand updates per second or more (event by
event, in order), its pre-aggregated batches and Count-Min's vectorised updates faster; every Space-Saving
error within N/k; the explorable's callback under 150 ms (``run.py`` times it at every control extreme).
"""

from __future__ import annotations

import numpy as np
from _timing import time_call

import hotpart as hp

TITLE = "Heavy hitters: Space-Saving and Count-Min updates per second, errors against exact counts"
SS_TARGET_PER_S = 300_000
N_EVENTS = 1_000_000


def _space_saving(stream: np.ndarray, k: int, aggregate: bool, batch: int) -> hp.SpaceSaving:
    ss = hp.SpaceSaving(k)
    for start in range(0, stream.size, batch):
        ss.update_many(stream[start : start + batch], aggregate=aggregate)
    return ss


def _count_min(stream: np.ndarray | list[str], width: int, depth: int, batch: int) -> hp.CountMin:
    cm = hp.CountMin(width, depth, seed=0)
    for start in range(0, len(stream), batch):
        cm.update_many(stream[start : start + batch])
    return cm


def run(repeats: int) -> list[str]:
    rows = [
        "| estimator, stream | updates/s | ms per 10**6 | max error | bound | recall top 10 | note |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    reps = max(1, min(repeats, 3))
    for s in (0.0, 0.99, 1.5):
        stream = hp.Zipf(10**6, s).sample(N_EVENTS, seed=1)
        for k, aggregate, batch in ((100, False, N_EVENTS), (1_000, False, N_EVENTS), (100, True, 10_000), (1_000, True, 10_000)):
            t, ss = time_call(lambda st=stream, k=k, a=aggregate, b=batch: _space_saving(st, k, a, b), reps)
            check = hp.compare_to_exact(ss, stream, n=10)
            how = f"pre-aggregated batches of {batch:,}" if aggregate else "event by event"
            ok = "" if aggregate else f"target >= {SS_TARGET_PER_S:,}/s: {'yes' if N_EVENTS / t >= SS_TARGET_PER_S else 'NO'}"
            rows.append(
                f"| Space-Saving k={k:,}, Zipf(10**6, {s:g}), {how} | {N_EVENTS / t:,.0f} | {t * 1e3:.0f} | "
                f"{check.max_error:,.0f} | {check.bound:,.0f} | {check.recall:.0%} | {ok} |"
            )
        for width, depth in ((1_000, 3), (2_719, 5)):
            t, cm = time_call(lambda st=stream, w=width, d=depth: _count_min(st, w, d, 100_000), reps)
            check = hp.compare_to_exact(cm, stream, n=10)
            rows.append(
                f"| Count-Min {depth}x{width:,}, Zipf(10**6, {s:g}), int keys, batches of 100,000 | {N_EVENTS / t:,.0f} | "
                f"{t * 1e3:.0f} | {check.max_error:,.0f} | {check.bound:,.0f} (eps N) | {check.recall:.0%} | "
                f"{check.share_within_bound:.4%} of keys within eps N |"
            )
    names = np.array([f"USER#{r}" for r in hp.Zipf(10**5, 0.99).sample(200_000, seed=2)])
    t, cm = time_call(lambda: _count_min(names, 2_719, 5, 100_000), reps)
    rows.append(
        f"| Count-Min 5x2,719, 200,000 string keys (MD5 once per distinct key per batch) | {names.size / t:,.0f} | "
        f"{t * 1e3 * N_EVENTS / names.size:.0f} | | | | |"
    )
    t, ss = time_call(lambda: _space_saving(names, 1_000, False, names.size), reps)
    rows.append(
        f"| Space-Saving k=1,000, the same 200,000 string keys, event by event | {names.size / t:,.0f} | "
        f"{t * 1e3 * N_EVENTS / names.size:.0f} | | | | |"
    )
    stream = hp.Zipf(10**6, 0.99).sample(N_EVENTS, seed=1)
    t, _ = time_call(lambda: hp.exact_counts(stream), reps)
    rows.append(
        f"| exact_counts (numpy unique + bincount), 10**6 int keys | {N_EVENTS / t:,.0f} | {t * 1e3:.0f} | 0 | | 100% | "
        "one counter per key |"
    )
    e = hp.EXPLORABLES["heavy_hitters"]
    for values in ({}, {"k": 500, "s": 0.0, "n_events": 30_000}):
        t, _ = time_call(lambda v=values: e.data(**v), reps)
        label = ", ".join(f"{k}={v:g}" for k, v in values.items()) or "defaults"
        rows.append(
            f"| explorable `heavy_hitters` compute, {label} (stream cached) | | {t * 1e3:.1f} ms per call | | | | "
            "draw: see callbacks |"
        )
    return rows


if __name__ == "__main__":
    print("\n".join(run(3)))
