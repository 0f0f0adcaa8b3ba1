"""GSIs in the simulator: one hour of a table with two indexes, against the table alone.

The workload is chapter 12's order table at a larger scale: 2,000 orders written at 2,400 WCU/s on a base table of
4 partitions and 4,000 WCU/s, with a status-keyed index (60% OPEN, 4 partitions, 4,000 WCU/s: it pushes back) and
a customer-keyed index (500 customers: it never throttles). ``simulate_with_indexes`` runs the simulator once per
index and once for the base table, so its cost should stay near (indexes + 1) times one ``simulate`` of the
table; the table alone is timed on the same demand. The steady back-pressure is compared with the closed form
:func:`hotpart.steady_backpressure`.

The explorable's callback (``gsi_backpressure``) is timed by ``benchmarks/run.py`` with every other explorable.
"""

from __future__ import annotations

import numpy as np
from _timing import time_call

import hotpart as hp
from hotpart.models.indexes import steady_backpressure

TITLE = "GSIs: one hour of a table with two indexes"
ORDERS = 2_000
RATE = 2_400.0
SECONDS = 3_600
TARGET_RATIO = 6.0  # floor 3x: (2 indexes + 1) simulations; plus per-key bookkeeping over (seconds, keys) arrays


def run(repeats: int) -> list[str]:
    keys = [f"ORDER#{i:05d}" for i in range(ORDERS)]
    demand = np.full(ORDERS, RATE / ORDERS)
    base = hp.Table(4, wcu=4_000)
    by_status = hp.GlobalSecondaryIndex("by-status", hp.order_statuses(ORDERS, 0.6), partitions=4, wcu=4_000)
    customers = [f"CUSTOMER#{i % 500:03d}" for i in range(ORDERS)]
    by_customer = hp.GlobalSecondaryIndex("by-customer", customers, partitions=4, wcu=4_000)

    t_with, res = time_call(lambda: hp.simulate_with_indexes(base, demand, SECONDS, keys, [by_status, by_customer]), repeats)
    t_alone, _ = time_call(lambda: hp.simulate(base, demand, SECONDS, keys=keys), repeats)
    ratio = t_with / t_alone
    parts = [res.table, res.own, *res.indexes.values()]
    conserved = all(np.array_equal(r.served + r.throttled, r.offered) for r in parts)
    closed = steady_backpressure(res.indexes["by-status"].offered[-1], by_status.wcu)
    simulated = res.backpressure["by-status"].sum(axis=1)
    gap = float(np.abs(simulated - closed).max())
    return [
        "| measure | value | target | met |",
        "| --- | --- | --- | --- |",
        f"| 1 hour x {ORDERS:,} keys, table + 2 indexes, median of {max(1, repeats)} (s) | {t_with:.2f} | | |",
        f"| the table alone, same demand (s) | {t_alone:.2f} | | |",
        f"| ratio | {ratio:.1f}x | <= {TARGET_RATIO:g}x | {'yes' if ratio <= TARGET_RATIO else 'NO'} |",
        f"| served + throttled == offered, table, own partitions and each index | {conserved} | True | "
        f"{'yes' if conserved else 'NO'} |",
        f"| back-pressure, simulated vs closed form, largest gap in any second (WCU/s) | {gap:.1e} | < 1e-6 | "
        f"{'yes' if gap < 1e-6 else 'NO'} |",
        f"| back-pressure per second (closed form, WCU/s) | {closed:,.0f} | | |",
    ]


if __name__ == "__main__":
    print("\n".join(run(3)))
