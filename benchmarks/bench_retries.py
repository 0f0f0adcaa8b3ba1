"""Client retries: the event-driven retry simulation, per attempt, and Brooker's herd comparison.

Targets (issue 6): the explorable ``retry_storm`` stays under 150 ms per callback (``run.py`` times it with
its redraw); here the models alone, with the cost per simulated attempt, which sets how large a workload a
notebook or a widget can afford.
"""

from __future__ import annotations

import numpy as np
from _timing import time_call

import hotpart as hp

TITLE = "Retries: simulate_retries (heapq event loop), herd_comparison, and Brooker's OCC model (occ_herd, jitter_regimes)"


def run(repeats: int) -> list[str]:
    spike = np.full(8, 400)
    spike[2] += 2000
    cases = [
        ("short spike, SDK standard (3 attempts, full jitter)", lambda: hp.simulate_retries(hp.SDK_STANDARD, spike, 1000.0)),
        (
            "short spike, Java 1.x DynamoDB (11 attempts, no jitter)",
            lambda: hp.simulate_retries(hp.DYNAMODB_JAVA_V1, spike, 1000.0),
        ),
        (
            "retry_storm's worst corner (herd 3,000, 10 attempts, 10 ms, decorrelated)",
            lambda: hp.EXPLORABLES["retry_storm"].data(jitter=3, attempts=10, base_ms=10, spike=3000)["res"],
        ),
        (
            "herd of 5,000, no jitter, 60 attempts",
            lambda: hp.simulate_retries(hp.Backoff(60, 0.005, 2.0, "none"), [], 1000.0, herd_s=np.zeros(5000)),
        ),
        (
            "herd of 5,000, full jitter, 60 attempts",
            lambda: hp.simulate_retries(hp.Backoff(60, 0.005, 2.0, "full"), [], 1000.0, herd_s=np.zeros(5000)),
        ),
        (
            "sustained overload: 60 s at 1,500/s, 5 attempts, full jitter",
            lambda: hp.simulate_retries(hp.Backoff(5, 0.05, 2.0, "full"), [1500] * 60, 1000.0),
        ),
    ]
    rows = ["| workload | attempts simulated | time (ms) | per attempt (µs) |", "| --- | ---: | ---: | ---: |"]
    for name, fn in cases:
        seconds, res = time_call(fn, repeats)
        rows.append(f"| {name} | {res.calls:,} | {seconds * 1000:,.1f} | {seconds / res.calls * 1e6:,.2f} |")
    seconds, cmp = time_call(
        lambda: hp.herd_comparison(2000, hp.PARTITION_MAX_WCU, attempts=50, base_s=0.005, cap_s=2.0, runs=5), 1
    )
    total = sum(cmp.calls.values()) * cmp.runs
    rows.append(
        f"| herd_comparison(2,000 clients, 4 strategies x 5 runs) | {total:,.0f} | {seconds * 1000:,.1f} | "
        f"{seconds / total * 1e6:,.2f} |"
    )
    for label, fn in (
        ("occ_herd(100 clients, Brooker's set-up, no jitter)", lambda: hp.occ_herd(100, "none", seed=0)),
        ("occ_herd(500 clients, Brooker's set-up, full jitter)", lambda: hp.occ_herd(500, "full", seed=0)),
    ):
        seconds, (calls, _) = time_call(fn, repeats)
        rows.append(f"| {label} | {calls:,} writes | {seconds * 1000:,.1f} | {seconds / calls * 1e6:,.2f} |")
    seconds, reg = time_call(lambda: hp.jitter_regimes([100, 300], [0.0, 0.01], models=("occ",), runs=5), 1)
    total = sum(float(c.sum()) for c, _ in reg.runs.values())
    rows.append(
        f"| jitter_regimes(OCC, 100 and 300 clients x 2 delays x 4 strategies x 5 seeds: chapter 14's grid) | "
        f"{total:,.0f} writes | {seconds * 1000:,.1f} | {seconds / total * 1e6:,.2f} |"
    )
    return rows


if __name__ == "__main__":
    print("\n".join(run(3)))
