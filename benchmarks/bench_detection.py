"""Detection models: the simulator with GSIs, CloudWatch metrics, Contributor Insights and diagnosis.

What matters here is that chapters 12, 13 and 15 can rebuild their scenarios on every widget move (the
scenarios of ``hp.scenario`` are cached after the first build) and that the metrics of an hour of a
1,000-key table take a fraction of a second.
"""

from __future__ import annotations

import numpy as np
from _timing import time_call

import hotpart as hp
from hotpart.models.diagnosis import _build

TITLE = "Detection: GSIs, CloudWatch metrics, top keys, diagnosis"


def run(repeats: int) -> list[str]:
    rows = ["| computation | result | time |", "| --- | --- | --- |"]
    keys = [f"K{i:04d}" for i in range(1_000)]
    demand = np.full(1_000, 2.0)
    demand[0] = 1_500.0
    table = hp.Table(8, wcu=6_000)
    t, res = time_call(lambda: hp.simulate(table, demand, 3_600, keys=keys), repeats)
    rows.append(f"| `simulate`, 1 h x 1,000 keys with per-key minutes | {res!r} | {t * 1e3:.0f} ms |")
    t, m = time_call(lambda: hp.cloudwatch(res), repeats)
    rows.append(f"| `cloudwatch` of that hour | {m.minutes} data points | {t * 1e3:.1f} ms |")
    t, top = time_call(lambda: hp.top_keys(res, 10), repeats)
    rows.append(f"| `top_keys(k=10)` of that hour | {top[-1].throttled[0][0]} first | {t * 1e3:.1f} ms |")
    status = [("OPEN", "SHIPPED", "CLOSED")[i % 3] for i in range(1_000)]
    gsi = hp.GlobalSecondaryIndex("by-status", status, partitions=4, wcu=4_000)
    t, ires = time_call(lambda: hp.simulate_with_indexes(table, np.full(1_000, 3.0), 3_600, keys, [gsi]), repeats)
    rows.append(
        f"| `simulate_with_indexes`, 1 h x 1,000 keys, one GSI | back-pressure {ires.backpressure_total():,.0f} units | "
        f"{t * 1e3:.0f} ms |"
    )
    for name in hp.SCENARIOS:

        def cold(name: str = name) -> hp.Diagnosis:
            _build.cache_clear()
            return hp.diagnose(hp.scenario(name).metrics)

        t_cold, d = time_call(cold, repeats)
        t_warm, _ = time_call(lambda name=name: hp.diagnose(hp.scenario(name).metrics), repeats)
        rows.append(
            f"| `scenario({name!r})` + `diagnose`, cold / cached | {d.symptom} ({d.confidence}) | "
            f"{t_cold * 1e3:.0f} / {t_warm * 1e3:.1f} ms |"
        )
    return rows
