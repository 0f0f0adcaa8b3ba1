"""Fan-out models: shard counts, the cost curve in N, tail quantiles, hedging, Streams aggregation.

Targets (issue 4): each explorable callback (compute, draw, render) at most 150 ms, which ``run.py`` measures at
default and extreme controls; here the models alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from _timing import time_call

import hotpart as hp

TITLE = "Fan-out: shards_needed, fanout_cost, tail quantiles, hedging, aggregation"


def run(repeats: int) -> list[str]:
    dist = hp.latency_distribution("lognormal")
    hedged = hp.HedgedLatency(dist, 0.95)
    n_1000 = np.arange(1, 1001)
    cases: list[tuple[str, Callable[[], Any], int]] = [
        ("shards_needed(8,000 writes/s)", lambda: hp.shards_needed(8000), 20),
        ("shards_needed(200,000 writes/s)", lambda: hp.shards_needed(200_000), 20),
        ("shards_needed(8,000, n_partitions=100): hashes the keys", lambda: hp.shards_needed(8000, n_partitions=100), 5),
        ("shards_needed(8,000, n_partitions=12): hashes the keys", lambda: hp.shards_needed(8000, n_partitions=12), 2),
        ("fanout_cost, N = 1..1,000", lambda: hp.fanout_cost(write_rate=8000, read_write_ratio=0.1).best_n, 10),
        ("fanout_cost, N = 1..100,000", lambda: hp.fanout_cost(write_rate=8000, read_write_ratio=0.1, n_max=100_000).best_n, 2),
        ("read_cost, N = 1..1,000", lambda: hp.read_cost(n_1000).requests[-1], 50),
        ("prob_any_slow, 10**6 fan-outs", lambda: float(hp.prob_any_slow(0.01, np.arange(1, 10**6 + 1))[-1]), 5),
        ("fanout_quantile (lognormal), N = 1..1,000", lambda: float(hp.fanout_quantile(0.99, n_1000, dist)[-1]), 20),
        ("fanout_quantile (hedged lognormal), N = 1..1,000", lambda: float(hp.fanout_quantile(0.99, n_1000, hedged)[-1]), 5),
        ("expected_max_exponential(10**6)", lambda: hp.expected_max_exponential(10**6, 0.1), 50),
        (
            "StreamsAggregation(...).compare",
            lambda: hp.StreamsAggregation(8000, 1, 1000, n_stream_shards=10).compare(800, 10)["aggregation_units"],
            200,
        ),
    ]
    rows = ["| model | median ms | result |", "| --- | --- | --- |"]
    for label, fn, inner in cases:
        t, result = time_call(fn, repeats, inner)
        shown = f"{result:,.6g}" if isinstance(result, (int, float, np.floating)) else str(result)
        rows.append(f"| {label} | {1000 * t:.3f} | {shown} |")
    return rows
