"""The reference for :func:`hotpart.simulate`: the same model as a plain pure-Python loop.

One loop over seconds, one over partitions inside it, Python floats only (no
numpy in the arithmetic). It implements the same model as
``hotpart/models/simulator.py`` and the mode modules it orchestrates (token bucket, burst bucket, adaptive capacity with
its delay, auto scaling with its provisioning lag, scale-in margin and daily
decrease quota, on-demand's peak, quota and maximum throughput, the refusal
reasons and exact conservation), with the same order of every
floating-point operation, so the two agree bit for bit. It covers demand per
partition; keys and splits for heat are left to the vectorised simulator.

``tests/test_simulator.py`` checks that both agree exactly on small cases, and
``benchmarks/bench_simulator.py`` measures how much faster the vectorised one is.
"""

from __future__ import annotations

import math

import numpy as np

from hotpart.models._capacity_common import _ceiling
from hotpart.models.autoscaling import _UTIL_TOL, AUTOSCALING_DECREASE_REFILL_S, AUTOSCALING_DECREASES_AT_ONCE, AutoScaling
from hotpart.models.constants import BURST_WINDOW_S, ON_DEMAND_PEAK_MULTIPLIER
from hotpart.models.on_demand import OnDemand
from hotpart.models.provisioned import Provisioned
from hotpart.models.refusals import Refusal
from hotpart.models.simulator import SimulationResult, Table


def _conserve(o: float, s: float) -> tuple[float, float]:
    thr = o - s
    s2 = o - thr
    if s2 > s:
        thr = math.nextafter(thr, math.inf)
        s2 = o - thr
    return s2, thr


def reference_simulate(
    table: Table,
    demand: list[list[float]],
    seconds: int,
    *,
    kind: str = "write",
    mode: Provisioned | OnDemand | None = None,
) -> SimulationResult:
    """Simulate with nested Python loops; ``demand`` is per partition, shaped (seconds, partitions)."""
    mode = Provisioned() if mode is None else mode
    n = table.partitions
    rows = [[float(x) for x in row] for row in np.broadcast_to(np.asarray(demand, dtype=float), (seconds, n))]
    ceil = _ceiling(kind)
    on_demand = isinstance(mode, OnDemand)
    autoscale = isinstance(mode, AutoScaling)
    adaptive = (not on_demand) and mode.adaptive
    delay = 0.0 if on_demand else mode.adaptive_delay_s

    cap_table = 0.0 if on_demand else table.capacity(kind)
    if autoscale:
        cap_table = min(max(cap_table, mode.min_capacity), mode.max_capacity)
    share = [cap_table / n] * n  # capacity / n each, as AWS describes it (not capacity x (1 / n), an ulp off)
    burst_cap = [BURST_WINDOW_S * r for r in share]
    burst = [r * (0.0 if on_demand else mode.initial_burst_s) for r in share]
    run = [0.0] * n
    peak = mode.peak(kind) if on_demand else 0.0
    totals = [0.0] * seconds
    up_run = down_run = 0
    pending_cap, pending_at = -1.0, 0
    lag = math.ceil(mode.lag_s) if autoscale else 0
    dec_left, dec_hour = AUTOSCALING_DECREASES_AT_ONCE, 0

    served_out, thr_out, tok_out, burst_out, reason_out, cap_out = [], [], [], [], [], []
    for t in range(seconds):
        o = rows[t]
        m = [min(x, ceil) for x in o]
        served_row = [0.0] * n
        thr_row = [0.0] * n
        reason_row = [0] * n
        tok_row = [0.0] * n
        if on_demand:
            if t >= mode.doubling_s:
                peak = max(peak, totals[t - int(mode.doubling_s)])
            # ties go to the lasting limit: the quota, then the maximum throughput, then the peak
            limits = (mode.table_quota(kind), mode.table_limit(), ON_DEMAND_PEAK_MULTIPLIER * peak)
            cap = min(limits)
            cap_out.append(cap)
            total = 0.0
            for x in m:
                total += x
            if total > cap:
                factor = cap / total
                s = [x * factor for x in m]
                table_reason = (Refusal.ON_DEMAND_QUOTA, Refusal.MAX_THROUGHPUT, Refusal.ON_DEMAND_PEAK)[limits.index(cap)]
            else:
                s = list(m)
                table_reason = Refusal.NONE
            for i in range(n):
                served_row[i], thr_row[i] = _conserve(o[i], s[i])
                if thr_row[i] > 0:
                    reason_row[i] = int(table_reason if s[i] < m[i] else Refusal.PARTITION_CEILING)
            total = 0.0
            for x in served_row:
                total += x
            totals[t] = total
            burst_row = [0.0] * n
        else:
            if pending_cap >= 0.0 and t >= pending_at:
                cap_table, pending_cap = pending_cap, -1.0
                share = [cap_table / n] * n
                burst_cap = [BURST_WINDOW_S * r for r in share]
                burst = [min(b, c) for b, c in zip(burst, burst_cap, strict=True)]
            cap_out.append(cap_table)
            a_tok, rem2, a_b, unused = [0.0] * n, [0.0] * n, [0.0] * n, [0.0] * n
            short = [False] * n
            for i in range(n):
                a_tok[i] = min(m[i], share[i])
                rem = m[i] - a_tok[i]
                a_b[i] = min(rem, burst[i])
                rem2[i] = rem - a_b[i]
                unused[i] = share[i] - a_tok[i]
                short[i] = rem2[i] > 0
            eligible = [False] * n
            if adaptive:
                for i in range(n):
                    run[i] = (run[i] + 1.0) * (1.0 if short[i] else 0.0)
                    eligible[i] = run[i] > delay
            total_unused = 0.0
            for x in unused:
                total_unused += x
            a_ad = [0.0] * n
            lent = 0.0
            if any(eligible):
                total_want = 0.0
                for i in range(n):
                    if eligible[i]:
                        total_want += rem2[i]
                if total_want > 0 and total_unused > 0:
                    give = min(1.0, total_unused / total_want)
                    lent = min(1.0, total_want / total_unused)
                    for i in range(n):
                        if eligible[i]:
                            a_ad[i] = rem2[i] * give
            table_left = total_unused * (1.0 - lent) > 0
            for i in range(n):
                left = unused[i] * (1.0 - lent) if lent > 0.0 else unused[i]
                tok_row[i] = left
                shortfall = rem2[i] - a_ad[i]
                s = m[i] - shortfall
                burst[i] = min(burst[i] - a_b[i] + left, burst_cap[i])
                served_row[i], thr_row[i] = _conserve(o[i], s)
                if thr_row[i] > 0:
                    if shortfall > 0:
                        code = Refusal.PARTITION_SHARE if (not eligible[i] and table_left) else Refusal.PROVISIONED_TOTAL
                    else:
                        code = Refusal.PARTITION_CEILING
                    reason_row[i] = int(code)
            burst_row = list(burst)
            if autoscale:
                total = 0.0
                for x in served_row:
                    total += x
                totals[t] = total
                if (t + 1) % 60 == 0:
                    consumed = 0.0
                    for x in totals[t - 59 : t + 1]:
                        consumed += x
                    consumed = consumed / 60.0
                    util = consumed / cap_table
                    up_run = up_run + 1 if util > mode.target else 0
                    down_run = down_run + 1 if util <= mode.target - mode.scale_down_margin + _UTIL_TOL else 0
                    while dec_hour < (t + 1) // int(AUTOSCALING_DECREASE_REFILL_S):
                        dec_hour += 1
                        if dec_hour * AUTOSCALING_DECREASE_REFILL_S % 86_400 == 0:
                            dec_left = AUTOSCALING_DECREASES_AT_ONCE
                        else:
                            dec_left = min(dec_left + 1, AUTOSCALING_DECREASES_AT_ONCE)
                    if pending_cap < 0.0:
                        new_cap = cap_table
                        wanted = min(max(consumed / mode.target, mode.min_capacity), mode.max_capacity)
                        if up_run >= mode.scale_up_minutes:
                            new_cap = max(cap_table, wanted)
                            up_run = down_run = 0
                        elif down_run >= mode.scale_down_points and (dec_left > 0 or not mode.decrease_quota):
                            new_cap = min(cap_table, wanted)
                            up_run = down_run = 0
                            if new_cap < cap_table:
                                dec_left -= 1
                        if new_cap != cap_table:
                            pending_cap, pending_at = new_cap, t + 1 + lag
        served_out.append(served_row)
        thr_out.append(thr_row)
        tok_out.append(tok_row)
        burst_out.append(burst_row)
        reason_out.append(reason_row)

    return SimulationResult(
        table=table,
        kind=kind,
        mode=mode,
        ceiling=ceil,
        offered=np.array(rows),
        served=np.array(served_out),
        throttled=np.array(thr_out),
        tokens=np.array(tok_out, dtype=np.float32),
        burst=np.array(burst_out, dtype=np.float32),
        reason=np.array(reason_out, dtype=np.int8),
        capacity=np.array(cap_out),
    )
