"""Chapter 11's explorable and cases: on-demand's doubling, quotas and maximum throughput, and auto scaling's lag.

Notebook: ``notebooks/11_capacity_modes.ipynb`` (``11_capacity_modes``), explorable ``capacity_modes``.

Models: :mod:`hotpart.models.on_demand` (``OnDemand``, ``on_demand_ceiling``, ``on_demand_seconds_to_serve``),
:mod:`hotpart.models.autoscaling` (``AutoScaling``), :mod:`hotpart.models.refusals` (``Refusal``,
``refusal_exception``) and the simulator (``simulate``). The explorable draws the table's totals over time with
:func:`hotpart.figures.simulator.plot_table_totals`; the cases summarise the explorable's runs
(:func:`mode_step_case`), re-run them under another assumption (:func:`on_demand_bounds`, :func:`autoscaling_no_lag`),
and compute the chapter's other sections: the refusal window of a run (:func:`refusal_window`), a diurnal day scaled
in (:func:`diurnal_demand`, :func:`scale_in_day`), the rules' derived figures (:func:`autoscaling_rules`), scaling in
(:func:`scale_in_case`, :func:`margin_hold_case`), a hot item in on-demand mode (:func:`on_demand_hot_item`), the
refusal causes (:func:`refusal_rows`) and exercise 1's flash sale (:func:`on_demand_sale_case`).
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..book.explorable import EXPLORABLES, Control, Data, Explorable, register
from ..book.plotting import fixed_layout
from ..models import (
    AUTOSCALING_DECREASE_REFILL_S,
    AUTOSCALING_DECREASES_AT_ONCE,
    AUTOSCALING_DECREASES_PER_DAY,
    AUTOSCALING_LAG_S,
    AUTOSCALING_SCALE_DOWN_MARGIN,
    AUTOSCALING_SCALE_DOWN_POINTS,
    AUTOSCALING_SCALE_UP_MINUTES,
    AUTOSCALING_TARGET,
    MAX_SIMULATED_DEMAND,
    ON_DEMAND_DOUBLING_S,
    ON_DEMAND_PEAK_MULTIPLIER,
    ON_DEMAND_TABLE_QUOTA_WRU,
    QUOTA_EXCEPTION,
    THROTTLE_EXCEPTION,
    AutoScaling,
    OnDemand,
    Provisioned,
    Refusal,
    SimulationResult,
    Table,
    burst_seconds,
    on_demand_ceiling,
    on_demand_seconds_to_serve,
    refusal_exception,
    simulate,
)
from ..models._validation import check_count, check_integer, check_number
from .simulator import (
    _DAY_S,
    _MARGINS,
    _update_table_totals,
    plot_table_totals,
)

__all__ = [
    "autoscaling_no_lag",
    "autoscaling_rules",
    "margin_hold_case",
    "on_demand_bounds",
    "on_demand_hot_item",
    "on_demand_sale_case",
    "refusal_rows",
    "scale_in_case",
    "mode_step_case",
    "DIURNAL_HIGH_RCU",
    "DIURNAL_LOW_RCU",
    "diurnal_demand",
    "refusal_window",
    "scale_in_day",
]

#: The explorable's controls' ranges: the step (times the previous peak), the previous peak and the maximum
#: throughput (thousand WCU/s; 0 for none).
_STEP_RANGE = (1.0, 4.0)
_PEAK_K_RANGE = (1.0, 20.0)
_MAX_K_RANGE = (0.0, 60.0)
#: Auto scaling's minimum capacity in the explorable's runs, WCU/s; a maximum below it (``max_k`` under 0.1) is refused.
_MODES_MIN_CAPACITY = 100.0


def _names(by_exception: dict[str, float]) -> str:
    """The exceptions that refused anything, sorted and joined by "and" ("none" when nothing was refused)."""
    return " and ".join(sorted(by_exception)) or "none"


def _run(mode: int, step: float, peak_k: float, max_k: float) -> dict[str, Any]:
    m = check_integer("mode", mode, low=0, high=1)
    s = check_number("step", step, low=_STEP_RANGE[0], high=_STEP_RANGE[1])
    p = check_number("peak_k", peak_k, low=_PEAK_K_RANGE[0], high=_PEAK_K_RANGE[1])
    x = check_number("max_k", max_k, low=_MAX_K_RANGE[0], high=_MAX_K_RANGE[1])
    if 0 < x * 1_000.0 < _MODES_MIN_CAPACITY:
        raise ValueError(
            f"max_k = {max_k!r} is out of range: must be 0 (none) or in [{_MODES_MIN_CAPACITY / 1_000:g}, "
            f"{_MAX_K_RANGE[1]:g}] (auto scaling's minimum capacity is {_MODES_MIN_CAPACITY:,.0f} WCU/s)"
        )
    return EXPLORABLES["capacity_modes"].data(mode=m, step=s, peak_k=p, max_k=x)


def mode_step_case(mode: int, step: float, peak_k: float = 10.0, max_k: float = 0.0) -> dict[str, Any]:
    """One run of chapter 11's explorable ``capacity_modes``, summarised: a step in demand, on-demand or auto scaled.

    A table of 64 equally loaded partitions runs at its previous peak, then demand steps to ``step`` times it
    (second 300 of a 2,400-second run) and stays there.

    Parameters
    ----------
    mode : int
        The capacity mode, in ``[0, 1]``: 0 on-demand, 1 provisioned with auto scaling (at a 70% target,
        provisioned at the peak over the target).
    step : float
        Demand after the step, times the previous peak, in ``[1, 4]``.
    peak_k : float
        The previous peak, thousand WCU/s, in ``[1, 20]``.
    max_k : float
        A maximum throughput set on the table (on-demand) or auto scaling's maximum capacity, thousand WCU/s, in
        ``[0.1, 60]`` (0.1: auto scaling's minimum capacity, 100 WCU/s), or 0 for none.

    Returns
    -------
    dict
        ``res`` (the :class:`hotpart.SimulationResult`); ``peak``, ``demand`` (after the step) and ``served_end``
        (served in the last second), WCU/s; ``max_throughput`` (WCU/s or ``None``); ``partitions``; ``start_s``
        and ``start_min`` (when the step comes); ``target`` (auto scaling's); ``refused`` (WCU over the run);
        ``quota_units`` (WCU refused past the table quota); ``exceptions`` (the exceptions that refused anything,
        joined by "and", or "none"); ``closed_min`` (on-demand: minutes of throttling by the closed form of
        :func:`hotpart.on_demand_seconds_to_serve`, ``None`` if never throttled or never served); the refusal
        window of :func:`hotpart.refusal_window` (``first_s``, ``last_s``, ``raises``, ``raises_needed``,
        ``first_raise_s``), with ``end_s`` and ``end_min`` (when the refusals end, after the step),
        ``first_raise_min`` and ``raises_after`` (raises after the refusals ended); auto scaling only (``None``
        on-demand): ``burst_s`` (seconds the burst banked before the step carries each partition,
        :func:`hotpart.burst_seconds`), ``capacity_before`` and ``capacity_after`` (WCU/s, before the step and
        after the first raise), ``raise_factor`` (their ratio), ``inverse_target`` (``1 / target``, the factor
        a raise from fully used capacity gives), ``max_capacity`` (auto scaling's maximum, WCU/s: ``max_k`` or, for
        0, 80,000, twice a provisioned table's default quota) and ``utilisation_end`` (served over provisioned in
        the run's last minute).

    Examples
    --------
    >>> c = mode_step_case(1, 2.0)
    >>> c["demand"], c["first_s"], c["end_s"], round(c["raise_factor"], 1)
    (20000.0, 225, 240, 2.0)
    >>> c = mode_step_case(1, 3.0, max_k=40)  # capped at the default per-table quota: refusals end as before
    >>> c["end_min"], c["max_capacity"], round(c["utilisation_end"], 2)
    (7.0, 40000.0, 0.75)
    >>> mode_step_case(0, 3.0)["exceptions"]
    'ThrottlingException'
    """
    data = _run(mode, step, peak_k, max_k)
    res: SimulationResult = data["res"]
    start, peak = int(data["start"]), float(data["peak"])
    by = data["by_exception"]
    window = refusal_window(res, start)
    parts = res.partitions
    out: dict[str, Any] = {
        "res": res,
        "mode": int(mode),
        "step": float(step),
        "peak": peak,
        "demand": peak * float(step),
        "max_throughput": None if max_k == 0 else float(max_k) * 1_000.0,
        "partitions": parts,
        "start_s": start,
        "start_min": start / 60,
        "target": float(data["target"]),
        "refused": float(sum(by.values())),
        "quota_units": float(by.get(QUOTA_EXCEPTION, 0.0)),
        "exceptions": _names(by),
        "served_end": float(res.served[-1].sum()),
        "closed_min": None if data["closed"] is None else data["closed"] / 60,
        **window,
        "end_s": None if window["last_s"] is None else window["last_s"] + 1,
        "end_min": None if window["last_s"] is None else (window["last_s"] + 1) / 60,
        "first_raise_min": None if window["first_raise_s"] is None else window["first_raise_s"] / 60,
        "raises_after": window["raises"] - window["raises_needed"],
        "burst_s": None,
        "capacity_before": None,
        "capacity_after": None,
        "raise_factor": None,
        "inverse_target": None,
        "max_capacity": None,
        "utilisation_end": None,
    }
    if int(mode) == 1:
        target = out["target"]
        share = peak / target / parts  # each partition's provisioned rate before the step
        out["burst_s"] = float(burst_seconds(share, out["demand"] / parts, idle_seconds=start, idle_demand=peak / parts))
        before = float(res.capacity[start])
        out["capacity_before"] = before
        out["inverse_target"] = 1 / target
        out["max_capacity"] = _MODES_MAX_CAPACITY if max_k == 0 else float(max_k) * 1_000.0
        out["utilisation_end"] = float(res.served[-60:].sum() / res.capacity[-60:].sum())
        if window["first_raise_s"] is not None:
            after = float(res.capacity[start + window["first_raise_s"]])
            out["capacity_after"] = after
            out["raise_factor"] = after / before
    return out


def on_demand_bounds(step: float = 3.0, peak_k: float = 10.0) -> dict[str, float]:
    """The on-demand step of :func:`mode_step_case` under the two other readings of AWS's "can be throttled", and
    pre-warmed.

    Parameters
    ----------
    step : float
        Demand after the step, times the previous peak, in ``[1, 4]``.
    peak_k : float
        The previous peak, thousand WCU/s, in ``[1, 20]``.

    Returns
    -------
    dict
        ``worst_refused`` (the model's default: all traffic above double the previous peak refused),
        ``best_refused`` (none of it refused, ``over_peak_refused=0``), ``warm_value`` (a warm throughput equal to
        the demand after the step, WCU/s) and ``warm_refused`` (refused on the table pre-warmed to it), WCU over
        the run.

    Examples
    --------
    >>> b = on_demand_bounds(3.0, 10.0)
    >>> b["worst_refused"], b["best_refused"], b["warm_value"], b["warm_refused"]
    (18000000.0, 0.0, 30000.0, 0.0)
    """
    data = _run(0, step, peak_k, 0.0)
    res: SimulationResult = data["res"]
    peak = float(data["peak"])
    warm = peak * float(step)
    best = simulate(res.table, res.offered, res.seconds, mode=OnDemand(previous_peak=peak, over_peak_refused=0.0))
    warmed = simulate(res.table, res.offered, res.seconds, mode=OnDemand(previous_peak=peak, warm_throughput=warm))
    return {
        "worst_refused": float(res.throttled.sum()),
        "best_refused": float(best.throttled.sum()),
        "warm_value": warm,
        "warm_refused": float(warmed.throttled.sum()),
    }


def autoscaling_no_lag(step: float = 2.0, peak_k: float = 10.0) -> dict[str, float]:
    """The auto-scaled step of :func:`mode_step_case`, again with no provisioning lag (``lag_s=0``).

    Parameters
    ----------
    step : float
        Demand after the step, times the previous peak, in ``[1, 4]``.
    peak_k : float
        The previous peak, thousand WCU/s, in ``[1, 20]``.

    Returns
    -------
    dict
        ``refused`` (with the lag, :data:`hotpart.AUTOSCALING_LAG_S`) and ``refused_no_lag``, WCU over the run.

    Examples
    --------
    >>> c = autoscaling_no_lag(2.0)
    >>> round(c["refused"]), c["refused_no_lag"]
    (85714, 0.0)
    """
    res: SimulationResult = _run(1, step, peak_k, 0.0)["res"]
    no_lag = simulate(res.table, res.offered, res.seconds, mode=dataclasses.replace(res.mode, lag_s=0.0))
    return {"refused": float(res.throttled.sum()), "refused_no_lag": float(no_lag.throttled.sum())}


def autoscaling_rules() -> dict[str, float]:
    """The figures chapter 11 states about auto scaling's rules, derived from the model's constants.

    Returns
    -------
    dict
        ``target`` (the default target utilisation), ``up_minutes``, ``lag_s`` and ``lag_min`` (the provisioning
        lag), ``earliest_raise_min`` (the earliest a step is answered: the minutes above target plus the lag),
        ``margin_points`` (the scale-in margin, percentage points of utilisation), ``scale_in_below`` (the
        utilisation under which scale-in counts a data point at the default target), ``down_points``,
        ``decreases_at_once``, ``decreases_per_day``, ``refill_min`` (minutes per new decrease) and
        ``doubling_min`` (on-demand: minutes for the previous peak to catch up).

    Examples
    --------
    >>> r = autoscaling_rules()
    >>> r["margin_points"], r["scale_in_below"], r["earliest_raise_min"]
    (20.0, 0.5, 4.0)
    """
    return {
        "target": AUTOSCALING_TARGET,
        "up_minutes": AUTOSCALING_SCALE_UP_MINUTES,
        "lag_s": AUTOSCALING_LAG_S,
        "lag_min": AUTOSCALING_LAG_S / 60,
        "earliest_raise_min": AUTOSCALING_SCALE_UP_MINUTES + AUTOSCALING_LAG_S / 60,
        "margin_points": round(AUTOSCALING_SCALE_DOWN_MARGIN * 100, 9),
        "scale_in_below": round(AUTOSCALING_TARGET - AUTOSCALING_SCALE_DOWN_MARGIN, 9),
        "down_points": AUTOSCALING_SCALE_DOWN_POINTS,
        "decreases_at_once": AUTOSCALING_DECREASES_AT_ONCE,
        "decreases_per_day": AUTOSCALING_DECREASES_PER_DAY,
        "refill_min": AUTOSCALING_DECREASE_REFILL_S / 60,
        "doubling_min": ON_DEMAND_DOUBLING_S / 60,
    }


def scale_in_case() -> dict[str, float]:
    """Chapter 11's day of auto scaling (:func:`hotpart.scale_in_day`), with the model's rule and the naive one.

    Returns
    -------
    dict
        ``up``, ``down`` and ``refused`` (RCU) with the model's rule; ``naive_up`` and ``naive_down`` with the
        naive one (no lag, no margin, no quota); ``idle_ratio``: provisioned capacity left unused over the day,
        the model's rule over the naive one.

    Examples
    --------
    >>> c = scale_in_case()
    >>> c["down"], c["naive_down"], round(c["idle_ratio"], 2)
    (6, 48, 1.21)
    """
    now, naive = scale_in_day(), scale_in_day(naive=True)
    return {
        "up": now["up"],
        "down": now["down"],
        "refused": now["refused"],
        "naive_up": naive["up"],
        "naive_down": naive["down"],
        "idle_ratio": now["idle_units"] / naive["idle_units"],
    }


def margin_hold_case(share_of_margin: float = 0.5, hold_s: int = 3_600, lead_s: int = 600) -> dict[str, float]:
    """One partition of reads held below its auto-scaling target, by a share of the scale-in margin: is it lowered?

    The partition is provisioned at 1,000 RCU/s and offered the target utilisation for ``lead_s`` seconds, then
    ``target - share_of_margin x margin`` for ``hold_s`` seconds, under :class:`hotpart.AutoScaling`'s defaults.

    Parameters
    ----------
    share_of_margin : float
        How far below the target demand drops, as a share of the scale-in margin, in ``[0, 2]`` (1 is the margin).
    hold_s : int
        Seconds held there, in ``[60, 86,400]``.
    lead_s : int
        Seconds at the target first, in ``[0, 3,600]``.

    Returns
    -------
    dict
        ``points`` (percentage points below the target), ``minutes`` (held), ``decreases`` (capacity decreases
        over the run).

    Examples
    --------
    >>> margin_hold_case(0.5)
    {'points': 10.0, 'minutes': 60.0, 'decreases': 0}
    >>> margin_hold_case(1.5)["decreases"] > 0
    True
    """
    share = check_number("share_of_margin", share_of_margin, low=0, high=2)
    hold = check_integer("hold_s", hold_s, low=60, high=86_400)
    lead = check_integer("lead_s", lead_s, low=0, high=3_600)
    capacity = 1_000.0
    demand = np.full(lead + hold, capacity * AUTOSCALING_TARGET)
    demand[lead:] = capacity * (AUTOSCALING_TARGET - AUTOSCALING_SCALE_DOWN_MARGIN * share)
    res = simulate(Table(1, rcu=capacity), demand[:, None], demand.size, kind="read", mode=AutoScaling())
    return {
        "points": round(AUTOSCALING_SCALE_DOWN_MARGIN * share * 100, 9),
        "minutes": hold / 60,
        "decreases": int(np.count_nonzero(np.diff(res.capacity) < 0)),
    }


def on_demand_hot_item(
    hot_wcu: float = 2_500.0, previous_peak: float = 40_000.0, n_partitions: int = 8, other_wcu: float = 10.0
) -> dict[str, Any]:
    """One hot item on an on-demand table whose previous peak allows far more than it is offered.

    The item is alone on the last of ``n_partitions`` partitions, each other partition is offered ``other_wcu``;
    the run lasts 60 seconds.

    Parameters
    ----------
    hot_wcu : float
        The item's writes, WCU/s, in ``(0, 1e9]``.
    previous_peak : float
        The table's previous peak, WCU/s, in ``(0, ON_DEMAND_TABLE_QUOTA_WRU]``.
    n_partitions : int
        Partitions, in ``[2, 1_000]``.
    other_wcu : float
        Each other partition's writes, WCU/s, in ``[0, 1e9]``.

    Returns
    -------
    dict
        ``served`` and ``refused``: the item's WCU/s in the last second; ``exception`` and ``reason`` (the
        model's refusal cause) and ``throttling_reason`` (AWS's ``ThrottlingReason``) of its refusal.

    Examples
    --------
    >>> c = on_demand_hot_item()
    >>> c["served"], c["refused"], c["reason"], c["throttling_reason"]
    (1000.0, 1500.0, 'partition ceiling', 'TableWriteKeyRangeThroughputExceeded')
    """
    hot = check_number("hot_wcu", hot_wcu, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    peak = check_number("previous_peak", previous_peak, low=0, high=ON_DEMAND_TABLE_QUOTA_WRU, low_open=True)
    n = check_integer("n_partitions", n_partitions, low=2, high=1_000)
    other = check_number("other_wcu", other_wcu, low=0, high=MAX_SIMULATED_DEMAND)
    res = simulate(Table(n), [other] * (n - 1) + [hot], 60, mode=OnDemand(previous_peak=peak))
    last, p = res.seconds - 1, n - 1
    return {
        "hot_wcu": hot,
        "served": float(res.served[last, p]),
        "refused": float(res.throttled[last, p]),
        "exception": res.exception(last, p),
        "reason": Refusal(int(res.reason[last, p])).label,
        "throttling_reason": res.throttling_reason(last, p),
    }


#: The capacity modes each refusal cause of the model arises in (chapter 11's table).
_REFUSAL_MODES: dict[Refusal, tuple[str, ...]] = {
    Refusal.PARTITION_CEILING: ("provisioned", "on-demand"),
    Refusal.PARTITION_SHARE: ("provisioned",),
    Refusal.PROVISIONED_TOTAL: ("provisioned",),
    Refusal.ON_DEMAND_QUOTA: ("on-demand",),
    Refusal.MAX_THROUGHPUT: ("on-demand",),
    Refusal.ON_DEMAND_PEAK: ("on-demand",),
}


#: A reason the model assigns where AWS does not say which one applies: flagged in :func:`refusal_rows`.
_REASON_NOTES: dict[Refusal, str] = {
    Refusal.PARTITION_SHARE: " (the model's choice, AWS does not say: SHARE_REFUSAL_METRIC, chapter 13)",
}


def refusal_rows(kind: str = "write") -> tuple[list[str], list[tuple[str, str, str, str]]]:
    """The model's refusal causes: the ``ThrottlingReason`` each carries, the modes it arises in, and the exception
    000 names for it, for :func:`hotpart.markdown_table`.

    Parameters
    ----------
    kind : {"write", "read"}
        Whose reason: a table's writes or reads.

    Returns
    -------
    tuple
        ``(header, rows)``: the cause's label, its ``ThrottlingReason`` on the table (``"none documented"`` when AWS
        documents none; flagged as the model's choice where AWS does not say which reason applies), the modes
        joined by "and", and the distinct exceptions of :func:`hotpart.refusal_exception`
        over those modes joined by " / ".

    Examples
    --------
    >>> header, rows = refusal_rows()
    >>> rows[0][:3]
    ('partition ceiling', 'TableWriteKeyRangeThroughputExceeded', 'provisioned and on-demand')
    """
    if kind not in ("write", "read"):
        raise ValueError(f"kind = {kind!r} is not allowed: must be 'write' or 'read'")
    rows = [
        (
            cause.label,
            (cause.throttling_reason(kind) or "none documented") + _REASON_NOTES.get(cause, ""),
            " and ".join(modes),
            " / ".join(dict.fromkeys(refusal_exception(cause, m) for m in modes)),
        )
        for cause, modes in _REFUSAL_MODES.items()
    ]
    return ["model's cause", f"ThrottlingReason (a table {kind})", "mode", "exception per 000"], rows


def on_demand_sale_case(
    previous_peak: float = 5_000.0,
    demand: float = 35_000.0,
    big: float = 45_000.0,
    raised_quota: float = 50_000.0,
    n_partitions: int = 64,
) -> dict[str, Any]:
    """Chapter 11's exercise 1: a flash sale on an on-demand table, against the doubling, the quota and pre-warming.

    Parameters
    ----------
    previous_peak : float
        The table's previous peak, WCU/s, in ``(0, ON_DEMAND_TABLE_QUOTA_WRU]``.
    demand : float
        The sale's writes, WCU/s, spread over many keys, in ``(previous_peak, ON_DEMAND_TABLE_QUOTA_WRU]``.
    big : float
        A bigger sale, WCU/s, in ``(ON_DEMAND_TABLE_QUOTA_WRU, raised_quota]``: past the default quota.
    raised_quota : float
        The quota after an increase, WCU/s, in ``[big, 1e9]``.
    n_partitions : int
        Partitions the bigger sale is spread over evenly (each stays under its ceiling), in ``[1, 10_000]``.

    Returns
    -------
    dict
        ``now``: WCU/s served at once (:func:`hotpart.on_demand_ceiling`); ``minutes`` and ``doublings``: how long
        the sale can be throttled at worst (:func:`hotpart.on_demand_seconds_to_serve`), in minutes and in
        doubling periods; ``big_served``: ``"never"`` when the default quota keeps the bigger sale from ever being
        served in full, else ``"eventually"``; ``quota_only_min``: minutes the bigger sale can be throttled with
        the quota raised but no pre-warming; over a minute of the bigger sale: ``warm_only_refused`` (WCU/s refused
        in the last second, pre-warmed to the default quota, the most AWS allows without an increase) and
        ``warm_only_exc`` (its exceptions, joined by "and"), and ``both_refused`` (WCU refused with the quota raised
        and the table pre-warmed to ``big``).

    Examples
    --------
    >>> c = on_demand_sale_case()
    >>> c["now"], c["minutes"], c["big_served"], c["warm_only_refused"], c["both_refused"]
    (10000.0, 60.0, 'never', 5000.0, 0.0)
    """
    peak = check_number("previous_peak", previous_peak, low=0, high=ON_DEMAND_TABLE_QUOTA_WRU, low_open=True)
    sale = check_number("demand", demand, low=peak, high=ON_DEMAND_TABLE_QUOTA_WRU, low_open=True)
    quota = check_number("raised_quota", raised_quota, low=ON_DEMAND_TABLE_QUOTA_WRU, high=MAX_SIMULATED_DEMAND)
    large = check_number("big", big, low=ON_DEMAND_TABLE_QUOTA_WRU, high=quota, low_open=True)
    n = check_integer("n_partitions", n_partitions, low=1, high=10_000)
    to_serve = float(on_demand_seconds_to_serve(sale, peak))
    spread = np.full(n, large / n)
    # a table can be pre-warmed only up to its table quota (hp.SOURCES['PRE_WARM_UP_TO_QUOTA']): the default one here
    warm_only = simulate(Table(n), spread, 60, mode=OnDemand(previous_peak=peak, warm_throughput=ON_DEMAND_TABLE_QUOTA_WRU))
    both = simulate(Table(n), spread, 60, mode=OnDemand(previous_peak=peak, warm_throughput=large, quota=quota))
    return {
        "previous_peak": peak,
        "demand": sale,
        "big": large,
        "raised_quota": quota,
        "now": float(on_demand_ceiling(peak)),
        "minutes": to_serve / 60,
        "doublings": to_serve / ON_DEMAND_DOUBLING_S,
        "big_served": "never" if math.isinf(on_demand_seconds_to_serve(large, peak)) else "eventually",
        "quota_only_min": float(on_demand_seconds_to_serve(large, peak, quota=quota)) / 60,
        "warm_only_refused": float(warm_only.throttled[-1].sum()),
        "warm_only_exc": _names(warm_only.throttled_by_exception()),
        "both_refused": float(both.throttled.sum()),
    }


# ---------------------------------------------------------------------------------------------
# capacity_modes: on-demand doubling, quota, maximum throughput, auto scaling's lag
# ---------------------------------------------------------------------------------------------

_MODES_S = 2400
_MODES_START = 300
_MODES_PARTS = 64
_MODES_TARGET = 0.7
#: Auto scaling's maximum capacity in the explorable's runs, WCU/s: twice a provisioned table's default per-table
#: quota (AUTOSCALING_MAX_CAPACITY), so the raises past that quota assume it has been increased (chapter 11 says so).
_MODES_MAX_CAPACITY = 80_000.0
MODE_NAMES: tuple[str, ...] = ("on-demand", "provisioned + auto scaling")


def _modes_compute(mode: int, step: float, peak_k: float, max_k: float) -> Data:
    peak = peak_k * 1000.0
    demand_total = np.full(_MODES_S, peak)
    demand_total[_MODES_START:] = peak * step
    demand = np.repeat(demand_total[:, None] / _MODES_PARTS, _MODES_PARTS, axis=1)
    max_tp = None if max_k == 0 else max_k * 1000.0
    if int(mode) == 0:
        sim_mode: Provisioned | OnDemand = OnDemand(previous_peak=peak, max_throughput=max_tp)
        table = Table(_MODES_PARTS)
        closed = on_demand_seconds_to_serve(peak * step, peak, quota=min(sim_mode.table_quota("write"), sim_mode.table_limit()))
    else:
        target = _MODES_TARGET
        sim_mode = AutoScaling(
            target=target, min_capacity=_MODES_MIN_CAPACITY, max_capacity=_MODES_MAX_CAPACITY if max_tp is None else max_tp
        )
        table = Table(_MODES_PARTS, wcu=peak / target)
        closed = None
    res = simulate(table, demand, _MODES_S, mode=sim_mode)
    after = res.throttled[_MODES_START:].sum(axis=1)
    hit = np.flatnonzero(after > 0)
    return {
        "res": res,
        "mode": int(mode),
        "start": _MODES_START,
        "target": _MODES_TARGET,
        "step": step,
        "peak": peak,
        "ymax": 1.1 * peak * 4.0,
        "closed": closed if closed is not None and math.isfinite(closed) else None,
        "last": int(hit[-1]) if hit.size else None,
        "by_exception": res.throttled_by_exception(),
    }


def _modes_labels(data: Data) -> tuple[str, str]:
    """The ``capacity_modes`` figure's title and capacity label."""
    title = f"{MODE_NAMES[data['mode']].capitalize()}: a step to {data['step']:g}x the previous peak"
    return title, "on-demand ceiling" if data["mode"] == 0 else "provisioned capacity"


def _modes_plot(fig: Figure, data: Data) -> None:
    fixed_layout(fig, **_MARGINS)
    res: SimulationResult = data["res"]
    title, label = _modes_labels(data)
    plot_table_totals(
        fig.axes[0], res, title=title, start=_MODES_START, ymax=data["ymax"], capacity_label=label, loc="lower right"
    )
    _modes_legend(fig.axes[0])


def _modes_legend(ax: Axes) -> None:
    """The legend in two columns at the lower right: below every line once the step has come (demand after it is at
    least the previous peak, a quarter of the fixed ``ymax``), so it hides no raise of the capacity."""
    ax.legend(loc="lower right", fontsize=8, framealpha=0.9, ncol=2)


def _modes_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_modes_plot`'s figure for new data: the totals' lines take the new data, the capacity step and
    the refusal bands are drawn again, and the title, the y limit and the legend follow the controls."""
    ax = fig.axes[0]
    title, label = _modes_labels(data)
    _update_table_totals(ax, data["res"], title=title, start=_MODES_START, ymax=data["ymax"], capacity_label=label)
    _modes_legend(ax)


def _modes_caption(data: Data) -> str:
    by = data["by_exception"]
    if not by:
        refused = "nothing is refused"
    else:
        refused = "refused: " + ", ".join(f"{v:,.0f} WCU as {k}" for k, v in by.items())
    last = data["last"]
    if last is None:
        ends = ""
    elif last >= _MODES_S - _MODES_START - 1:
        ends = " Throttling lasts to the end of the run."
    else:
        ends = f" Throttling ends {last / 60:,.1f} min after the step."
    closed = data["closed"]
    if data["mode"] == 0 and closed is not None and closed > 0:
        ends += (
            f" Closed form: {closed / 60:,.0f} min of throttling at the table level, in the worst case (AWS: "
            "traffic above double the previous peak *can* be throttled)."
        )
    return (
        f"{MODE_NAMES[data['mode']].capitalize()}, demand steps from {data['peak']:,.0f} to "
        f"{data['peak'] * data['step']:,.0f} WCU/s: {refused}.{ends}"
    )


register(
    Explorable(
        name="capacity_modes",
        title="On-demand and auto scaling against a step in demand",
        controls=(
            Control("mode", "mode", 0, 1, 0, integer=True, choices=("on-demand", "provisioned + auto scaling")),
            Control("step", "demand after the step", 1, 4, 3, step=0.25, unit="x previous peak"),
            Control("peak_k", "previous peak", 1, 20, 10, step=1, unit="thousand WCU/s"),
            Control("max_k", "maximum throughput (0 for none)", 0, 60, 0, step=5, unit="thousand WCU/s"),
        ),
        compute=_modes_compute,
        plot=_modes_plot,
        update=_modes_update,
        caption=_modes_caption,
        try_this=(
            f"in on-demand mode, a step to {ON_DEMAND_PEAK_MULTIPLIER:g}x is served at once; more can be throttled "
            f"(the model's worst case: all of it) until the peak catches up {ON_DEMAND_DOUBLING_S / 60:g} minutes "
            "later. Switch to auto scaling: a "
            "step that burst cannot carry is throttled for minutes while consumed capacity climbs. In Jupyter, "
            f"raise the previous peak until the step passes the {ON_DEMAND_TABLE_QUOTA_WRU:,.0f} quota "
            f"({QUOTA_EXCEPTION}), or set a maximum throughput ({THROTTLE_EXCEPTION['on-demand']})."
        ),
        static=("mode", "step"),
    )
)


def refusal_window(res: SimulationResult, start: int) -> dict[str, int | None]:
    """When a step's refusals start and end, and how many capacity raises came before they ended (chapter 11).

    Parameters
    ----------
    res : SimulationResult
        A simulation whose demand steps up at second ``start``.
    start : int
        The second of the step, in ``[0, res.seconds - 1]``.

    Returns
    -------
    dict
        ``"first_s"`` and ``"last_s"``: seconds after the step of the first and the last second with a refusal
        (``None`` when nothing is refused); ``"raises"``: capacity raises in the whole run; ``"raises_needed"``:
        raises made up to one second after the last refusal; ``"first_raise_s"``: seconds after the step of the
        first raise (``None`` without one).

    Examples
    --------
    A step to three times the previous peak under auto scaling (chapter 11's explorable):

    >>> from hotpart import EXPLORABLES
    >>> step = EXPLORABLES["capacity_modes"].data(mode=1, step=3)
    >>> refusal_window(step["res"], step["start"])
    {'first_s': 81, 'last_s': 419, 'raises': 3, 'raises_needed': 2, 'first_raise_s': 240}
    """
    if not isinstance(res, SimulationResult):
        raise ValueError(f"res must be a SimulationResult, got {type(res).__name__}")
    t0 = check_integer("start", start, low=0, high=max(0, int(res.seconds) - 1))
    refused_s = np.flatnonzero(res.throttled.sum(axis=1) > 0) - t0
    refused_s = refused_s[refused_s >= 0]
    ups = np.flatnonzero(np.diff(res.capacity) > 0) + 1 - t0
    first = int(refused_s[0]) if refused_s.size else None
    last = int(refused_s[-1]) if refused_s.size else None
    needed = int(np.count_nonzero(ups <= last + 1)) if last is not None else 0
    return {
        "first_s": first,
        "last_s": last,
        "raises": int(ups.size),
        "raises_needed": needed,
        "first_raise_s": int(ups[ups >= 0][0]) if np.any(ups >= 0) else None,
    }


#: Chapter 11's diurnal read demand: lowest and highest RCU/s over the day (one partition, below its ceiling).
DIURNAL_LOW_RCU = 300.0
DIURNAL_HIGH_RCU = 2_500.0


def diurnal_demand(low: float = DIURNAL_LOW_RCU, high: float = DIURNAL_HIGH_RCU, seconds: int = _DAY_S) -> np.ndarray:
    """A day of demand that swings from ``low`` (at midnight) to ``high`` (at noon) and back, as a cosine.

    Parameters
    ----------
    low : float
        Lowest demand, units/s, in ``[0, 1e9]``.
    high : float
        Highest demand, units/s, in ``[low, 1e9]``.
    seconds : int
        Length of the day, seconds, in ``[1, 86,400]``.

    Returns
    -------
    numpy.ndarray
        Demand per second, shape ``(seconds,)``.

    Examples
    --------
    >>> d = diurnal_demand(300, 2_500)
    >>> float(d.min()), float(d.max()), float(d[43_200])
    (300.0, 2500.0, 2500.0)
    """
    low = check_number("low", low, low=0, high=MAX_SIMULATED_DEMAND)
    high = check_number("high", high, low=low, high=MAX_SIMULATED_DEMAND)
    n = check_count("seconds", seconds, low=1, high=_DAY_S)
    return low + (high - low) * (0.5 - 0.5 * np.cos(2 * np.pi * np.arange(n) / n))


def scale_in_day(low: float = DIURNAL_LOW_RCU, high: float = DIURNAL_HIGH_RCU, naive: bool = False) -> dict[str, float]:
    """Chapter 11's day of auto scaling on one partition of reads: how often capacity goes up and down.

    One partition provisioned at 1,000 RCU/s with :class:`hotpart.AutoScaling` (minimum capacity 1) follows
    :func:`diurnal_demand` for a day. ``naive=True`` scales in with no lag, no margin below the target and no
    daily quota on decreases (the rule the course used before).

    Parameters
    ----------
    low : float
        The day's lowest read demand, RCU/s, in ``(0, 1e9]``.
    high : float
        The day's highest read demand, RCU/s, in ``[low, 1e9]``.
    naive : bool
        Use the naive scale-in rule.

    Returns
    -------
    dict
        ``"up"`` and ``"down"``: capacity raises and decreases; ``"refused"``: RCU refused over the day;
        ``"idle_units"``: provisioned capacity left unused over the day, RCU.

    Examples
    --------
    >>> from hotpart import AUTOSCALING_DECREASES_PER_DAY
    >>> day, naive = scale_in_day(), scale_in_day(naive=True)
    >>> day["down"] <= AUTOSCALING_DECREASES_PER_DAY < naive["down"], day["refused"]
    (True, 0.0)
    """
    if not isinstance(naive, bool):
        raise ValueError(f"naive must be True or False, got {naive!r}")
    low = check_number("low", low, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    demand = diurnal_demand(low, high)
    settings = dict(lag_s=0.0, scale_down_margin=0.0, decrease_quota=False) if naive else {}
    mode = AutoScaling(min_capacity=1.0, **settings)
    res = simulate(Table(1, rcu=1_000), demand[:, None], demand.size, kind="read", mode=mode)
    steps = np.diff(res.capacity)
    return {
        "up": int(np.count_nonzero(steps > 0)),
        "down": int(np.count_nonzero(steps < 0)),
        "refused": float(res.throttled.sum()),
        "idle_units": float((res.capacity - res.served[:, 0]).sum()),
    }
