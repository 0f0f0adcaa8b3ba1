"""Chapters 5 to 7's figures: write sharding, the cost of fan-out in N, and Streams aggregation.

Models: :mod:`hotpart.models.write_sharding`, :mod:`~hotpart.models.fanout`, :mod:`~hotpart.models.aggregation`.
Notebooks: ``notebooks/05_write_sharding.ipynb``,
``notebooks/06_fanout.ipynb``, ``notebooks/07_aggregation.ipynb``.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import AutoLocator
from scipy import stats

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, log_axis, partition_bars, relabel
from ..models import (
    EXAMPLE_HOT_PARTITION,
    EXAMPLE_SHARD_COUNT,
    PARTITION_MAX_RCU,
    PARTITION_MAX_WCU,
    SHARD_UTILIZATION,
    STREAMS_MAX_BATCH_SIZE,
    STREAMS_MAX_PARALLELIZATION,
    TAIL_AT_SCALE_EXAMPLE,
    HedgedLatency,
    StreamsAggregation,
    busiest_shard_bound,
    calculated_shard_rates,
    distinct_shards_written,
    expected_max_exponential,
    fanout_cost,
    fanout_quantile,
    partition_of,
    prob_any_slow,
    read_cost,
    read_units,
    shards_needed,
    simulate_fanout_latency,
    simulate_shard_writes,
    write_units,
)
from ..models._validation import MAX_SEED, check_array, check_choice, check_integer, check_number, check_seed

__all__ = [
    "LATENCY_MEDIAN_MS",
    "LOGNORMAL_SIGMA",
    "aggregation_breakeven",
    "aggregation_case",
    "fanout_cost_case",
    "fanout_latency_case",
    "fanout_refusals",
    "hedging_case",
    "parallelization_case",
    "read_hot_aggregate_case",
    "fanout_read_limit",
    "large_item_shards",
    "leaderboard_case",
    "point_read_load",
    "query_units_case",
    "median_passes_quantile_from",
    "parallelization_needed",
    "staleness_table",
    "suffix_collisions",
    "suffix_partition_table",
    "tail_at_scale_case",
    "write_sharding_case",
    "latency_distribution",
    "plot_aggregation_units",
    "plot_busiest_shard",
    "plot_fanout_cost",
    "plot_fanout_latency",
    "plot_prob_any_slow",
    "plot_shard_load",
]

#: The median shard latency both latency models share, ms (illustrative).
LATENCY_MEDIAN_MS = 5.0
#: Shape of the lognormal latency model (sigma of log-latency; illustrative).
LOGNORMAL_SIGMA = 1.0
_DISTS = ("exponential", "lognormal")
_SEED = 2013
#: Limits of the plot helpers' inputs: the largest finite float, a hot key's write rate (writes/s), suffix count.
_FINITE = sys.float_info.max
_MAX_RATE = 1e6
_MAX_SHARDS = 100_000
#: The largest item DynamoDB stores, bytes (400 KB).
_ITEM_MAX_BYTES = 400 * 1024
#: The most reads per write an aggregation plot evaluates.
_MAX_RATIO = 1e4


def _rates(name: str, values: object) -> np.ndarray:
    """``values`` as a non-empty 1-D array of finite rates ``>= 0``, or a ``ValueError`` naming ``name``."""
    arr = check_array(name, values, low=0, high=_FINITE)
    if arr.ndim != 1 or arr.size == 0:
        raise ValueError(f"{name} = {values!r} is not allowed: must be a non-empty 1-D array of rates >= 0")
    return arr


_UTILIZATION = SHARD_UTILIZATION
_CONSISTENCIES = ("eventual", "strong")
_STRATEGY_NAMES = ("random", "calculated")


def latency_distribution(kind: str | int) -> stats.rv_continuous:
    """One shard's latency, ms: exponential or lognormal, both with median :data:`LATENCY_MEDIAN_MS`.

    Parameters
    ----------
    kind : {"exponential", "lognormal"} or {0, 1}
        Which model.

    Returns
    -------
    scipy.stats frozen distribution
        In milliseconds.

    Examples
    --------
    >>> round(float(latency_distribution("lognormal").median()), 6)
    5.0
    >>> round(float(latency_distribution(0).median()), 6)
    5.0
    >>> latency_distribution(-1)
    Traceback (most recent call last):
    ...
    ValueError: kind = -1 is out of range: must be in [0, 1]
    """
    if isinstance(kind, str):
        name = check_choice("kind", kind, _DISTS)
    else:
        name = _DISTS[check_integer("kind", kind, low=0, high=len(_DISTS) - 1)]
    if name == "exponential":
        return stats.expon(scale=LATENCY_MEDIAN_MS / np.log(2.0))
    if name == "lognormal":
        return stats.lognorm(s=LOGNORMAL_SIGMA, scale=LATENCY_MEDIAN_MS)
    raise ValueError(f"kind = {kind!r} is not allowed: must be one of 'exponential', 'lognormal', 0, 1")


# --- chapter 5: write sharding ----------------------------------------------------------------


def plot_shard_load(ax: Axes, loads: np.ndarray, bound: float | None, mean: float, ymax: float, title: str) -> None:
    """Bars of one second's writes per shard against the ceiling, the mean ``W/N`` and the bound on the busiest.

    ``loads`` (writes per shard, at least one) are finite and ``>= 0``, as are ``bound`` (or ``None``) and ``mean``;
    ``ymax`` is finite and ``> 0``.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_shard_load(ax, [900.0, 1_100.0], 1_050.0, 1_000.0, 2_500.0, "two shards")
    """
    loads = _rates("loads", loads)
    if bound is not None:
        bound = check_number("bound", bound, low=0, high=_FINITE)
    mean = check_number("mean", mean, low=0, high=_FINITE)
    ymax = check_number("ymax", ymax, low=0, high=_FINITE, low_open=True)
    _shard_load_artists(ax, loads, bound, mean, ymax)
    finish_axes(ax, title, "shard (suffix)", "writes per second (bars clipped at the top)", loc="upper right")


def _shard_load_artists(ax: Axes, loads: np.ndarray, bound: float | None, mean: float, ymax: float) -> None:
    """:func:`plot_shard_load`'s bars, lines and labels of clipped bars, without the title and legend."""
    partition_bars(ax, loads, PARTITION_MAX_WCU, PARTITION_MAX_WCU, unit="writes/s")
    ax.axhline(_UTILIZATION * PARTITION_MAX_WCU, color=COLORS["ceiling"], ls=":", lw=1.2, label=f"{_UTILIZATION:.0%} of ceiling")
    ax.axhline(mean, color=COLORS["share"], ls="--", lw=1.2, label=f"mean W/N {mean:,.0f}")
    if bound is not None:
        ax.axhline(bound, color=COLORS["accent"], ls="-.", lw=1.4, label=f"bound on E[busiest] {bound:,.0f}")
    ax.set_ylim(0, ymax)
    _label_clipped_bars(ax, loads, ymax)


def _label_clipped_bars(ax: Axes, loads: np.ndarray, ymax: float) -> None:
    for i, v in enumerate(loads):
        if v > ymax:
            ax.annotate(
                f"{v:,.0f}", (i, ymax), xytext=(0, -12), textcoords="offset points", ha="center", fontsize=8, color="white"
            )


def _update_shard_load(ax: Axes, loads: np.ndarray, bound: float | None, mean: float, ymax: float, title: str) -> None:
    """Redraw :func:`plot_shard_load` on ``ax`` for new data: the bars' heights, the mean and bound lines and the
    labels of clipped bars; the bars and lines are drawn again when the shard count or the bound's presence changes."""
    served, refused = ax.containers
    has_bound = len(ax.lines) == 4
    for text in list(ax.texts):
        text.remove()
    if len(served) == loads.size and has_bound == (bound is not None):
        top = np.minimum(loads, PARTITION_MAX_WCU)
        for s_bar, r_bar, s, d in zip(served, refused, top, loads, strict=True):
            s_bar.set_height(s)
            r_bar.set_y(s)
            r_bar.set_height(d - s)
        ax.lines[2].set_ydata([mean, mean])
        ax.lines[2].set_label(f"mean W/N {mean:,.0f}")
        if bound is not None:
            ax.lines[3].set_ydata([bound, bound])
            ax.lines[3].set_label(f"bound on E[busiest] {bound:,.0f}")
        ax.set_ylim(0, ymax)
        _label_clipped_bars(ax, loads, ymax)
    else:
        for artist in [*served, *refused, *ax.lines]:
            artist.remove()
        ax.containers.clear()
        ax.xaxis.set_major_locator(AutoLocator())
        _shard_load_artists(ax, loads, bound, mean, ymax)
    finish_axes(ax, title, "shard (suffix)", "writes per second (bars clipped at the top)", loc="upper right")


def plot_busiest_shard(ax: Axes, write_rate: float, n_max: int = 40, seconds: int = 500, seed: int = _SEED) -> None:
    """The busiest shard against N: the even split W/N, the bound on its expectation and a seeded simulation.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    write_rate : float
        The hot key's writes per second.
    n_max : int
        Largest suffix count shown.
    seconds : int
        Seconds simulated for each N.
    seed : int
        Seed of the simulation.

    ``write_rate`` is in ``(0, 10**6]`` writes/s, ``n_max`` in ``[1, 1000]``, ``seconds`` in ``[1, 10_000]`` and
    ``seed`` a whole number from 0 to 2**64 - 1 - ``n_max``.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_busiest_shard(ax, 3_000.0, n_max=4, seconds=10)
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    n_max = check_integer("n_max", n_max, low=1, high=1_000)
    seconds = check_integer("seconds", seconds, low=1, high=10_000)
    seed = check_seed("seed", seed)
    if seed > MAX_SEED - n_max:
        raise ValueError(f"seed = {seed!r} is out of range: must be <= {MAX_SEED - n_max:,} (each N adds N to it)")
    n = np.arange(1, n_max + 1)
    simulated = [simulate_shard_writes(write_rate, int(k), seconds, seed + int(k)).max(axis=1).mean() for k in n]
    ax.plot(n, write_rate / n, color=COLORS["share"], ls="--", label="even split W/N")
    ax.plot(n, busiest_shard_bound(write_rate, n), color=COLORS["accent"], lw=2, label="bound on E[busiest shard]")
    ax.plot(n, simulated, "o", ms=3, color=COLORS["served"], label=f"busiest shard, mean of {seconds} seeded seconds")
    ax.axhline(PARTITION_MAX_WCU, color=COLORS["ceiling"], lw=1.5, label=f"ceiling {PARTITION_MAX_WCU:,.0f} WCU/s")
    ax.axhline(_UTILIZATION * PARTITION_MAX_WCU, color=COLORS["ceiling"], ls=":", label=f"{_UTILIZATION:.0%} of the ceiling")
    ax.set_ylim(0, 2.5 * PARTITION_MAX_WCU)
    finish_axes(ax, f"The busiest of N random suffixes at {write_rate:,.0f} writes/s", "suffix count N", "writes per second")


def _sharding_compute(write_rate: float, n_shards: int, strategy: int, n_values: int) -> Data:
    name = _STRATEGY_NAMES[int(strategy)]
    if name == "random":
        loads = simulate_shard_writes(write_rate, n_shards, seconds=1, seed=_SEED)[0].astype(float)
        bound = float(busiest_shard_bound(write_rate, n_shards))
    else:
        rates = calculated_shard_rates(write_rate, n_shards, n_values, seed=_SEED)
        loads = np.random.default_rng(_SEED).poisson(rates).astype(float)
        bound = None
    n_grid = np.arange(1, 41)
    costs = {(s, r): read_cost(n_grid, s, r, item_bytes=1024).requests for s in _STRATEGY_NAMES for r in ("point", "aggregate")}
    return {
        "strategy": name,
        "write_rate": float(write_rate),
        "n_shards": int(n_shards),
        "n_values": int(n_values),
        "loads": loads,
        "offered": float(loads.sum()),
        "refused": float(np.maximum(loads - PARTITION_MAX_WCU, 0).sum()),
        "bound": bound,
        "mean": write_rate / n_shards,
        "busiest": float(loads.max()),
        "ymax": 2.5 * PARTITION_MAX_WCU,
        "n_grid": n_grid,
        "costs": costs,
        "point_requests": float(read_cost(n_shards, name, "point").requests[0]),
        "aggregate_requests": float(read_cost(n_shards, name, "aggregate").requests[0]),
    }


_SUFFIX_LINES = (
    ("random", "point", "-", COLORS["refused"], "random suffix, point or aggregate read"),
    ("calculated", "aggregate", ":", COLORS["served"], "calculated suffix, aggregate read"),
    ("calculated", "point", "--", COLORS["accent"], "calculated suffix, point read"),
)


def _sharding_title(data: Data) -> str:
    return f"One second of {data['write_rate']:,.0f} writes/s over {data['n_shards']} {data['strategy']} suffixes"


def _finish_read_cost(ax: Axes) -> None:
    finish_axes(ax, "Requests per logical read", "suffix count N", "requests per read", loc="upper left")


def _sharding_plot(fig: Figure, data: Data) -> None:
    left, right = fig.axes
    fixed_layout(fig)
    plot_shard_load(left, data["loads"], data["bound"], data["mean"], data["ymax"], _sharding_title(data))
    for s, r, ls, color, label in _SUFFIX_LINES:
        lw = 3.0 if s == data["strategy"] else 1.2
        right.plot(data["n_grid"], data["costs"][(s, r)], ls=ls, color=color, lw=lw, label=label)
    right.axvline(data["n_shards"], color=COLORS["ceiling"], lw=0.8)
    right.set_ylim(0, 42)
    _finish_read_cost(right)


def _sharding_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_sharding_plot`'s figure for new data: the shard panel (:func:`_update_shard_load`), the
    read-cost lines' widths (and their legend, which copies them) and the suffix count's marker."""
    left, right = fig.axes
    _update_shard_load(left, data["loads"], data["bound"], data["mean"], data["ymax"], _sharding_title(data))
    *cost_lines, marker = right.lines
    for line, (s, _r, _ls, _color, _label) in zip(cost_lines, _SUFFIX_LINES, strict=True):
        line.set_linewidth(3.0 if s == data["strategy"] else 1.2)
    marker.set_xdata([data["n_shards"], data["n_shards"]])
    _finish_read_cost(right)


def _sharding_caption(data: Data) -> str:
    share = data["refused"] / data["offered"] if data["offered"] else 0.0
    if data["bound"] is not None:
        spread = (
            f"the busiest shard took {data['busiest']:,.0f} writes in this seeded second against a mean of "
            f"{data['mean']:,.0f} and a bound on its expectation of {data['bound']:,.0f}"
        )
    else:
        spread = (
            f"{data['n_values']:,} attribute values hashed onto {data['n_shards']} suffixes put "
            f"{data['busiest']:,.0f} writes on the busiest shard against a mean of {data['mean']:,.0f}"
        )
    return (
        f"With {data['strategy']} suffixes {spread}; {data['refused']:,.0f} writes/s ({share:.0%}) pass a "
        f"{PARTITION_MAX_WCU:,.0f} WCU/s ceiling (1 KB items). A point read costs {data['point_requests']:.0f} "
        f"request(s), an aggregate read {data['aggregate_requests']:.0f}."
    )


write_sharding = register(
    Explorable(
        name="write_sharding",
        title="Write sharding: random against calculated suffixes",
        controls=(
            Control("write_rate", "hot key write rate", 500, 20_000, EXAMPLE_HOT_PARTITION["hot_wcu"], step=500, unit="writes/s"),
            Control("n_shards", "suffix count N", 1, 40, EXAMPLE_SHARD_COUNT, step=1, integer=True),
            Control("strategy", "strategy (0 random, 1 calculated)", 0, 1, 0, step=1, integer=True),
            Control(
                "n_values", "distinct values of the suffix attribute", 10, 100_000, 1_000, step=0.5, scale="log", integer=True
            ),
        ),
        compute=_sharding_compute,
        plot=_sharding_plot,
        update=_sharding_update,
        caption=_sharding_caption,
        try_this=(
            "with random suffixes, raise N from 1 until no bar passes the ceiling and compare the tallest bar with "
            "the green bound; then switch to calculated suffixes and see the point-read line drop to one request."
        ),
        static=("n_shards", "strategy"),
        ncols=2,
        figsize=(10.0, 3.9),
    )
)


# --- chapter 6: shard count against fan-out cost ----------------------------------------------

_N_MAX = 1000
_N_LAT = np.unique(np.round(np.logspace(0, 3, 40)).astype(int))


def plot_fanout_cost(ax: Axes, cost, ymax: float) -> None:  # type: ignore[no-untyped-def]
    """Writes refused, read units and read requests per second against N (log-log), with the optimum.

    ``cost`` is a :class:`hotpart.FanoutCost`; ``ymax``, the top of the log y axis, is finite and ``> 0.1``.

    Examples
    --------
    >>> from hotpart.models.fanout import fanout_cost
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_fanout_cost(ax, fanout_cost(write_rate=3_000.0, n_max=50), 1e6)
    """
    ymax = check_number("ymax", ymax, low=0.1, high=_FINITE, low_open=True)
    n = cost.n_shards
    ax.plot(n, np.maximum(cost.writes_refused, 1e-1), color=COLORS["refused"], lw=2, label="writes refused (WCU/s)")
    ax.plot(n, cost.read_units, color=COLORS["served"], lw=2, label="read units (RCU/s)")
    ax.plot(n, cost.read_requests, color=COLORS["accent"], ls="--", lw=1.5, label="read requests (/s)")
    ax.axhline(cost.write_units, color=COLORS["share"], ls=":", lw=1.2, label=f"write units {cost.write_units:,.0f} WCU/s")
    x, ls, label = _optimum_marker(cost)
    ax.axvline(x, color=COLORS["ceiling"], lw=1.0, ls=ls, label=label)
    log_axis(ax, "x")
    log_axis(ax, "y")
    _finish_fanout_cost(ax, cost, ymax)


def _optimum_marker(cost) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    """Where :func:`plot_fanout_cost` marks the optimum N: its x, line style and legend label."""
    if cost.best_n is not None:
        return cost.best_n, "-", f"optimum N = {cost.best_n} (headroom)"
    return 1, "--", "no N within the headroom"


def _finish_fanout_cost(ax: Axes, cost, ymax: float) -> None:  # type: ignore[no-untyped-def]
    ax.set_xlim(1, cost.n_shards[-1])
    ax.set_ylim(1e-1, ymax)
    finish_axes(ax, "Cost of a hot key in N", "suffix count N", "per second", loc="lower left")


def _update_fanout_cost(ax: Axes, cost, ymax: float) -> None:  # type: ignore[no-untyped-def]
    """Redraw :func:`plot_fanout_cost` on ``ax`` for a new cost: the lines' data, the write units' and the optimum's
    lines and labels, the limits, and the legend (it copies the optimum's line style)."""
    n = cost.n_shards
    refused, units, requests, writes, optimum = ax.lines
    refused.set_data(n, np.maximum(cost.writes_refused, 1e-1))
    units.set_data(n, cost.read_units)
    requests.set_data(n, cost.read_requests)
    writes.set_ydata([cost.write_units, cost.write_units])
    writes.set_label(f"write units {cost.write_units:,.0f} WCU/s")
    x, ls, label = _optimum_marker(cost)
    optimum.set_xdata([x, x])
    optimum.set_linestyle(ls)
    optimum.set_label(label)
    _finish_fanout_cost(ax, cost, ymax)


def plot_fanout_latency(ax: Axes, dist: stats.rv_continuous, n: np.ndarray, ymax: float, hedge: float = 0.95) -> None:
    """p50 and p99 of a scatter-gather read over ``n`` shards, and p99 with hedged requests.

    ``n`` holds fan-outs (whole numbers in ``[1, 10**6]``, at least one); ``ymax`` is finite and ``> 0`` (ms);
    ``hedge``, the quantile at which a hedged request goes out, is in ``(0, 1)``.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_fanout_latency(ax, latency_distribution("exponential"), np.arange(1, 11), 100.0)
    """
    n = check_array("n", n, low=1, high=10**6)
    if n.ndim != 1 or n.size == 0 or np.any(n != np.round(n)):
        raise ValueError(f"n = {n!r} is not allowed: must be a non-empty 1-D array of whole numbers in [1, 1e+06]")
    ymax = check_number("ymax", ymax, low=0, high=_FINITE, low_open=True)
    hedge = check_number("hedge", hedge, low=0, high=1, low_open=True, high_open=True)
    (p50, p99, hedged, hedged_label, one) = _latency_lines(dist, n, hedge)
    ax.plot(n, p50, color=COLORS["served"], lw=2, label="p50")
    ax.plot(n, p99, color=COLORS["refused"], lw=2, label="p99")
    ax.plot(n, hedged, color=COLORS["accent"], ls="--", lw=1.5, label=hedged_label)
    ax.axhline(one, color=COLORS["share"], ls=":", lw=1.2, label="one shard's p99")
    log_axis(ax, "x")
    ax.set_xlim(1, n[-1])
    ax.set_ylim(0, ymax)
    finish_axes(ax, "Latency of a scatter-gather read", "fan-out N (shards queried)", "latency (ms)", loc="upper left")


def _latency_lines(
    dist: stats.rv_continuous, n: np.ndarray, hedge: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray, str, float]:
    """:func:`plot_fanout_latency`'s series: p50, p99 and hedged p99 over ``n`` (ms), the hedged line's label and one
    shard's p99 (ms)."""
    hedged = HedgedLatency(dist, hedge)
    label = f"p99, hedged at p{100 * hedge:g} (+{hedged.extra_load:.0%} requests)"
    return (
        fanout_quantile(0.5, n, dist),
        fanout_quantile(0.99, n, dist),
        fanout_quantile(0.99, n, hedged),
        label,
        float(dist.ppf(0.99)),
    )


def _update_fanout_latency(ax: Axes, dist: stats.rv_continuous, n: np.ndarray, hedge: float = 0.95) -> None:
    """Redraw :func:`plot_fanout_latency` on ``ax`` for another latency distribution: the lines' data, the hedged
    line's label and the legend text that shows it."""
    p50, p99, hedged, hedged_label, one = _latency_lines(dist, n, hedge)
    lines = ax.lines
    lines[0].set_ydata(p50)
    lines[1].set_ydata(p99)
    lines[2].set_ydata(hedged)
    relabel(ax, lines[2], hedged_label)
    lines[3].set_ydata([one, one])


def _latency_ymax() -> float:
    return 1.05 * max(float(fanout_quantile(0.99, _N_MAX, latency_distribution(k))) for k in _DISTS)


_LATENCY_YMAX = _latency_ymax()


def _cost_compute(
    write_rate: float,
    read_write_ratio: float,
    item_kb: float,
    dist: int,
    strategy: int,
    items_per_shard: int = 1,
    consistency: int = 0,
) -> Data:
    name = _STRATEGY_NAMES[int(strategy)]
    cost = fanout_cost(
        write_rate=write_rate,
        read_write_ratio=read_write_ratio,
        read_bytes=item_kb * 1024,
        strategy=name,
        read="point" if name == "calculated" else "aggregate",
        items_per_shard=int(items_per_shard),
        consistency=_CONSISTENCIES[int(consistency)],
        n_max=_N_MAX,
    )
    d = latency_distribution(int(dist))
    best = cost.best_n
    at = cost.at(best) if best is not None else None
    return {
        "cost": cost,
        "dist": d,
        "dist_name": _DISTS[int(dist)],
        "strategy": name,
        "best": best,
        "at": at,
        "p50": float(fanout_quantile(0.5, best or 1, d)),
        "p99": float(fanout_quantile(0.99, best or 1, d)),
        "ymax": 10.0 ** np.ceil(np.log10(max(write_rate * 100 * _N_MAX * np.ceil(items_per_shard * item_kb / 4), 10.0))),
    }


def _cost_plot(fig: Figure, data: Data) -> None:
    left, right = fig.axes
    fixed_layout(fig)
    plot_fanout_cost(left, data["cost"], data["ymax"])
    plot_fanout_latency(right, data["dist"], _N_LAT, _LATENCY_YMAX)


def _cost_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_cost_plot`'s figure for new data through :func:`_update_fanout_cost` and
    :func:`_update_fanout_latency`; the latency panel's limits and title do not depend on the controls."""
    left, right = fig.axes
    _update_fanout_cost(left, data["cost"], data["ymax"])
    _update_fanout_latency(right, data["dist"], _N_LAT)


def _cost_caption(data: Data) -> str:
    p = data["cost"].params
    read = "calculated-suffix point reads" if data["strategy"] == "calculated" else "reads of every shard"
    fewest = data["cost"].fewest_n_refusing
    refusal = f"{fewest}" if fewest is not None else "none"
    if data["at"] is None:
        shard = data["cost"].shard_read_rcu[-1]
        return (
            f"No N up to {_N_MAX:,} keeps every shard within the headroom: with {read} each shard still receives "
            f"{shard:,.0f} RCU/s, above {_UTILIZATION:.0%} of the {PARTITION_MAX_RCU:,.0f} RCU/s ceiling (by the "
            f"refusal criterion alone, without headroom: N = {refusal}). Cache the reads or aggregate them."
        )
    a = data["at"]
    return (
        f"{p.write_rate:,.0f} writes/s and {p.read_rate:,.0f} {read} per second ({p.consistency}ly consistent, "
        f"{p.items_per_shard} item(s) per shard summed per Query): the cheapest N that keeps every shard under "
        f"{p.utilization:.0%} of both ceilings is {data['best']}, costing {a['read_units']:,.0f} RCU/s in "
        f"{a['read_requests']:,.0f} requests/s besides {a['write_units']:,.0f} WCU/s (counting only expected refusals "
        f"of at most one write a day, without headroom: N = {refusal}). A read over {data['best']} shards with "
        f"{data['dist_name']} latencies: p50 {data['p50']:.1f} ms, p99 {data['p99']:.1f} ms."
    )


fanout_cost_view = register(
    Explorable(
        name="fanout_cost",
        title="Shard count against fan-out cost",
        controls=(
            Control("read_write_ratio", "reads per write", 0.01, 100, 0.1, step=0.25, scale="log"),
            Control("dist", "shard latency (0 exponential, 1 lognormal)", 0, 1, 1, step=1, integer=True),
            Control(
                "write_rate", "hot key write rate", 1_000, 50_000, EXAMPLE_HOT_PARTITION["hot_wcu"], step=1_000, unit="writes/s"
            ),
            Control("item_kb", "item size read per shard", 0.5, 64, 1, step=0.5, unit="KB"),
            Control("strategy", "strategy (0 random, 1 calculated)", 0, 1, 0, step=1, integer=True),
            Control("items_per_shard", "items each shard's Query returns", 1, 50, 1, step=1, integer=True),
            Control("consistency", "read consistency (0 eventual, 1 strong)", 0, 1, 0, step=1, integer=True),
        ),
        compute=_cost_compute,
        plot=_cost_plot,
        update=_cost_update,
        caption=_cost_caption,
        try_this=(
            "raise the reads per write and watch the blue read-unit line climb while the optimum stays at the "
            f"smallest N whose busiest shard stays under {SHARD_UTILIZATION:.0%} of the ceiling (the red refusals "
            "are already negligible a suffix earlier); past a point no N works. Switch the latency to exponential "
            "and compare how fast p99 grows with N."
        ),
        static=("read_write_ratio", "dist"),
        ncols=2,
        figsize=(10.0, 3.9),
    )
)


def plot_prob_any_slow(ax: Axes, p: float = TAIL_AT_SCALE_EXAMPLE["p_slow"], n_max: int = 2000) -> None:
    """The probability that a read over ``n`` shards meets at least one slow shard, against ``n``.

    ``p`` (a shard's chance of being slow) is in ``[0, 1]``; ``n_max`` is a whole number in ``[1, 10**6]``.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_prob_any_slow(ax, 0.01, n_max=200)
    """
    p = check_number("p", p, low=0, high=1)
    n_max = check_integer("n_max", n_max, low=1, high=10**6)
    n = np.unique(np.round(np.logspace(0, np.log10(n_max), 200)).astype(int))
    ax.plot(n, prob_any_slow(p, n), color=COLORS["refused"], lw=2, label=f"1 - (1 - {p:g})^n")
    n0 = int(TAIL_AT_SCALE_EXAMPLE["fanout"])
    at = float(prob_any_slow(p, n0))
    ax.plot([n0], [at], "o", color=COLORS["ceiling"], label=f"n = {n0}: {at:.1%}")
    log_axis(ax, "x")
    ax.set_ylim(0, 1.02)
    finish_axes(
        ax,
        f"Reads that meet a slow shard (each slow {p:.0%} of the time)",
        "fan-out n",
        "fraction of reads slow",
        loc="upper left",
    )


# --- chapter 7: aggregation -------------------------------------------------------------------

_N_AGG = np.arange(1, 101)
_WINDOWS = np.linspace(0.0, 5.0, 51)
#: Staleness is shown for a write made this long after the aggregator started, s (matters only when it falls behind).
_HORIZON_S = 60.0


def plot_aggregation_units(ax: Axes, agg: StreamsAggregation, n_shards: int, ratios: np.ndarray) -> None:
    """Units per second beyond the shard writes against the read/write ratio: fan-out reads against aggregation.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    agg : StreamsAggregation
        The aggregator (its write rate sets the read rate at each ratio).
    n_shards : int
        Suffix count of the fan-out read.
    ratios : numpy.ndarray
        Reads per write to evaluate, in ``(0, 10**4]`` (a log axis), at least one.

    Examples
    --------
    >>> from hotpart.models.aggregation import StreamsAggregation
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_aggregation_units(ax, StreamsAggregation(1_000.0), 10, np.array([0.1, 1.0, 10.0]))
    """
    n_shards = check_integer("n_shards", n_shards, low=1, high=_MAX_SHARDS)
    ratios = check_array("ratios", ratios, low=0, high=_MAX_RATIO, low_open=True)
    if ratios.ndim != 1 or ratios.size == 0:
        raise ValueError(f"ratios = {ratios!r} is not allowed: must be a non-empty 1-D array of ratios > 0")
    rows = [agg.compare(agg.write_rate * r, n_shards) for r in ratios]
    ax.plot(
        ratios, [c["fanout_rcu"] for c in rows], color=COLORS["refused"], lw=2, label=f"fan-out over {n_shards} shards (RCU/s)"
    )
    ax.plot(ratios, [c["aggregation_units"] for c in rows], color=COLORS["served"], lw=2, label="aggregation: updates + reads")
    ax.axhline(agg.aggregate_wcu, color=COLORS["share"], ls=":", label=f"aggregate updates {agg.aggregate_wcu:,.0f} WCU/s")
    ax.axhline(PARTITION_MAX_RCU, color=COLORS["ceiling"], lw=1.2, label=f"an item's read ceiling {PARTITION_MAX_RCU:,.0f} RCU/s")
    log_axis(ax, "x")
    log_axis(ax, "y")
    finish_axes(
        ax, f"Reading an aggregate of {agg.write_rate:,.0f} writes/s", "reads per write", "units per second", loc="upper left"
    )


def _agg_compute(
    read_write_ratio: float,
    batch_window_s: float,
    write_rate: float,
    n_shards: int,
    batch_size: int,
    parallelization_factor: int = 1,
) -> Data:
    read_rate = write_rate * read_write_ratio
    pf = int(parallelization_factor)
    agg = StreamsAggregation(write_rate, batch_window_s, batch_size, n_stream_shards=n_shards, parallelization_factor=pf)
    fan_rcu = read_rate * read_cost(_N_AGG, "random", "aggregate").read_units
    agg_units = np.array(
        [
            StreamsAggregation(write_rate, batch_window_s, batch_size, int(n), parallelization_factor=pf).compare(
                read_rate, int(n)
            )["aggregation_units"]
            for n in _N_AGG
        ]
    )
    by_window = [
        StreamsAggregation(write_rate, w, batch_size, n_stream_shards=n_shards, parallelization_factor=pf) for w in _WINDOWS
    ]
    stale_mean = np.array([a.mean_staleness_s(after_s=_HORIZON_S) for a in by_window])
    stale_max = np.array([a.max_staleness_s(after_s=_HORIZON_S) for a in by_window])
    return {
        "agg": agg,
        "cmp": agg.compare(read_rate, n_shards),
        "read_rate": read_rate,
        "n_shards": int(n_shards),
        "fan_rcu": fan_rcu,
        "agg_units": agg_units,
        "stale_mean": stale_mean,
        "stale_max": stale_max,
        "ymax_units": 10.0 ** np.ceil(np.log10(max(write_rate * 100 * _N_AGG[-1], 10.0))),
        "ymax_stale": 1.1 * float(stale_max.max()),
    }


def _agg_plot(fig: Figure, data: Data) -> None:
    left, right = fig.axes
    fixed_layout(fig)
    left.plot(_N_AGG, np.maximum(data["fan_rcu"], 1.0), color=COLORS["refused"], lw=2, label="fan-out reads (RCU/s)")
    left.plot(_N_AGG, np.maximum(data["agg_units"], 1.0), color=COLORS["served"], lw=2, label="aggregate: its updates + reads")
    left.axvline(data["n_shards"], color=COLORS["ceiling"], lw=0.8, label=f"N = {data['n_shards']}")
    log_axis(left, "y")
    left.set_ylim(1.0, data["ymax_units"])
    finish_axes(left, "Units per second beyond the shard writes", "suffix count N", "units per second", loc="lower right")
    right.plot(_WINDOWS, data["stale_mean"], color=COLORS["served"], lw=2, label="mean staleness")
    right.plot(_WINDOWS, data["stale_max"], color=COLORS["refused"], lw=1.5, ls="--", label="worst staleness")
    right.axvline(data["agg"].batch_window_s, color=COLORS["ceiling"], lw=0.8, label="this batching window")
    right.axhline(0, color=COLORS["accent"], lw=2, label="fan-out read: 0 s")
    right.set_ylim(-0.02 * data["ymax_stale"], data["ymax_stale"])
    finish_axes(right, "Staleness of the aggregate", "batching window (s)", "seconds behind the writes", loc="upper left")


def _agg_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_agg_plot`'s figure for new data: the lines' data, the markers of N and of the batching window,
    N's legend text and the y limits; titles, labels and the other legend texts do not depend on the controls."""
    left, right = fig.axes
    fan, agg, n_marker = left.lines
    fan.set_ydata(np.maximum(data["fan_rcu"], 1.0))
    agg.set_ydata(np.maximum(data["agg_units"], 1.0))
    n_marker.set_xdata([data["n_shards"], data["n_shards"]])
    relabel(left, n_marker, f"N = {data['n_shards']}")
    left.set_ylim(1.0, data["ymax_units"])
    mean, worst, window, _zero = right.lines
    mean.set_ydata(data["stale_mean"])
    worst.set_ydata(data["stale_max"])
    window.set_xdata([data["agg"].batch_window_s, data["agg"].batch_window_s])
    right.set_ylim(-0.02 * data["ymax_stale"], data["ymax_stale"])


def _agg_caption(data: Data) -> str:
    c, agg = data["cmp"], data["agg"]
    behind = "" if agg.utilization <= 1 else f" The aggregator is {agg.utilization:.1f}x over capacity and falls behind."
    return (
        f"{data['read_rate']:,.0f} eventually consistent reads/s of the aggregate over {data['n_shards']} shards: fan-out costs "
        f"{c['fanout_rcu']:,.0f} RCU/s in {c['fanout_requests']:,.0f} requests/s and is never stale; Streams aggregation "
        f"costs {c['aggregation_wcu']:,.1f} WCU/s of updates plus {c['aggregation_rcu']:,.0f} RCU/s of reads, and is "
        f"{c['aggregation_staleness_s']:.2f} s behind on average.{behind}"
    )


aggregation = register(
    Explorable(
        name="aggregation",
        title="Read-time fan-out against Streams aggregation",
        controls=(
            Control("read_write_ratio", "reads per write", 0.001, 10, 0.1, step=0.5, scale="log"),
            Control("batch_window_s", "Lambda batching window", 0, 5, 1, step=1, unit="s"),
            Control("write_rate", "hot key write rate", 500, 20_000, EXAMPLE_HOT_PARTITION["hot_wcu"], step=500, unit="writes/s"),
            Control("n_shards", "suffix count N", 1, 100, EXAMPLE_SHARD_COUNT, step=1, integer=True),
            Control("batch_size", "Lambda batch size", 1, STREAMS_MAX_BATCH_SIZE, 1_000, step=0.25, scale="log", integer=True),
            Control(
                "parallelization_factor", "Lambda ParallelizationFactor", 1, STREAMS_MAX_PARALLELIZATION, 1, step=1, integer=True
            ),
        ),
        compute=_agg_compute,
        plot=_agg_plot,
        update=_agg_update,
        caption=_agg_caption,
        try_this=(
            "raise the reads per write: the red fan-out line climbs while the blue aggregation line barely moves. "
            "Then lengthen the batching window and watch the staleness grow as the aggregate's update units fall."
        ),
        static=("read_write_ratio", "batch_window_s"),
        ncols=2,
        figsize=(10.0, 3.9),
    )
)


# ---------------------------------------------------------------------------------------------
# Chapter 5's numbers: the source's example, sharded, and suffix keys that share partitions
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ShardingCase:
    """A hot key sharded over random and sequential suffixes (:func:`write_sharding_case`). Rates in writes/s."""

    #: The key's write rate, the suffix count, the headroom criterion (a fraction of the ceiling) and its budget.
    write_rate: float
    n_shards: int
    utilization: float
    budget: float
    #: The even split, and the bound on the busiest shard's expectation (:func:`hotpart.busiest_shard_bound`).
    even: float
    bound: float
    #: The seeded simulation: seconds, the busiest shard's mean and worst, the share of seconds above the budget.
    seconds: int
    busiest_mean: float
    busiest_max: float
    over_budget: float
    #: The chance that some shard passes the ceiling in a given second, for Poisson writes.
    p_over_ceiling: float
    #: Suffixes needed by the bound (:func:`hotpart.shards_needed`) and by the even split, and the bound at the first.
    needed: int
    even_needed: int
    bound_needed: float
    #: A writer cycling its suffix 0, 1, ..., N-1: the busiest shard's mean and worst over the same seconds.
    sequential_mean: float
    sequential_max: float
    #: The most partitions that cannot carry the key at all within the budget, whatever the suffix count:
    #: ``floor(W / budget)``.
    too_few_partitions: int


def write_sharding_case(
    write_rate: float = EXAMPLE_HOT_PARTITION["hot_wcu"],
    n_shards: int = EXAMPLE_SHARD_COUNT,
    seconds: int = 3600,
    seed: int = 5,
    utilization: float = SHARD_UTILIZATION,
) -> ShardingCase:
    """The numbers of chapter 5's example: a hot key's writes over random suffixes, against a sequential suffix.

    Each second's writes are Poisson with mean ``write_rate``; a random suffix splits them multinomially
    (:func:`hotpart.simulate_shard_writes`), a sequential one puts ``ceil(X / N)`` of a second's ``X`` writes on the
    busiest shard.

    Parameters
    ----------
    write_rate : float
        The hot key's writes per second (one write unit each), in ``(0, 1e6]``.
    n_shards : int
        Suffixes, in ``[1, 100,000]``.
    seconds : int
        Seconds simulated, in ``[1, 86,400]``.
    seed : int
        Seed of the simulation, in ``[0, 2**32 - 1]``.
    utilization : float
        The headroom criterion, a fraction of the ceiling in ``(0, 1]``.

    Returns
    -------
    ShardingCase

    Examples
    --------
    >>> c = write_sharding_case()
    >>> c.even, round(c.bound), c.needed, c.even_needed
    (800.0, 861, 11, 10)
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    n_shards = check_integer("n_shards", n_shards, low=1, high=_MAX_SHARDS)
    seconds = check_integer("seconds", seconds, low=1, high=86_400)
    seed = check_integer("seed", seed, low=0, high=2**32 - 1)
    utilization = check_number("utilization", utilization, low=0, high=1, low_open=True)
    budget = utilization * PARTITION_MAX_WCU
    busiest = simulate_shard_writes(write_rate, n_shards, seconds=seconds, seed=seed).max(axis=1)
    p_shard = float(stats.poisson.sf(PARTITION_MAX_WCU, write_rate / n_shards))
    totals = np.random.default_rng(seed).poisson(write_rate, size=seconds)
    sequential = np.ceil(totals / n_shards)
    needed = shards_needed(write_rate, utilization=utilization)
    return ShardingCase(
        write_rate=write_rate,
        n_shards=n_shards,
        utilization=utilization,
        budget=budget,
        even=write_rate / n_shards,
        bound=float(busiest_shard_bound(write_rate, n_shards)),
        seconds=seconds,
        busiest_mean=float(busiest.mean()),
        busiest_max=float(busiest.max()),
        over_budget=float((busiest > budget).mean()),
        p_over_ceiling=float(-np.expm1(n_shards * np.log1p(-p_shard))),
        needed=needed,
        even_needed=math.ceil(write_rate / budget),
        bound_needed=float(busiest_shard_bound(write_rate, needed)),
        sequential_mean=float(sequential.mean()),
        sequential_max=float(sequential.max()),
        too_few_partitions=math.floor(write_rate / budget),
    )


def suffix_partition_table(
    write_rate: float, partition_counts: tuple[int, ...], utilization: float = SHARD_UTILIZATION, base_key: str = "HOT"
) -> tuple[list[str], list[tuple[str, ...]]]:
    """Suffixes a hot key needs when its suffix keys ``HOT#0``, ``HOT#1``, ... are hashed onto ``P`` partitions.

    Parameters
    ----------
    write_rate : float
        The hot key's writes per second, in ``(0, 1e6]``.
    partition_counts : tuple of int
        Partition counts ``P``, each in ``[1, 100,000]``, at least one.
    utilization : float
        The headroom criterion, a fraction of the ceiling in ``(0, 1]``.
    base_key : str
        The hot key the suffixes are appended to.

    Returns
    -------
    (list of str, list of tuple of str)
        Column titles and one row per partition count (:func:`hotpart.shards_needed` with ``n_partitions``), then
        a last row for a table with so many partitions that no two suffix keys share one.

    Examples
    --------
    >>> suffix_partition_table(8_000, (100,))[1]
    [('100', '22'), ('many (no collisions)', '11')]
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    if not isinstance(partition_counts, tuple | list) or not partition_counts:
        raise ValueError(f"partition_counts = {partition_counts!r} is not allowed: must be a non-empty tuple of partition counts")
    counts = [check_integer("partition_counts", p, low=1, high=_MAX_SHARDS) for p in partition_counts]
    utilization = check_number("utilization", utilization, low=0, high=1, low_open=True)
    rows = [
        (f"{p:,}", f"{shards_needed(write_rate, utilization=utilization, n_partitions=p, base_key=base_key)}") for p in counts
    ]
    rows.append(("many (no collisions)", f"{shards_needed(write_rate, utilization=utilization)}"))
    return ["partitions $P$", "suffixes needed"], rows


def suffix_collisions(n_keys: int, n_partitions: int, base_key: str = "HOT") -> int:
    """The most of the suffix keys ``base_key#0`` ... ``base_key#(n_keys - 1)`` that hash onto one partition.

    Parameters
    ----------
    n_keys : int
        Suffix keys, in ``[1, 100,000]``.
    n_partitions : int
        Partitions, in ``[1, 100,000]``.
    base_key : str
        The hot key the suffixes are appended to.

    Returns
    -------
    int

    Examples
    --------
    >>> suffix_collisions(12, 100)
    2
    """
    n_keys = check_integer("n_keys", n_keys, low=1, high=_MAX_SHARDS)
    n_partitions = check_integer("n_partitions", n_partitions, low=1, high=_MAX_SHARDS)
    if not isinstance(base_key, str):
        raise ValueError(f"base_key = {base_key!r} is not allowed: must be a string")
    where = partition_of([f"{base_key}#{i}" for i in range(n_keys)], n_partitions)
    return int(np.bincount(where).max())


# ---------------------------------------------------------------------------------------------
# Chapter 6's numbers: the read limit of a fan-out, the Tail at Scale example, the median against p99
# ---------------------------------------------------------------------------------------------


def fanout_read_limit(
    write_rate: float, item_bytes: float = 1024, consistency: str = "eventual", utilization: float = SHARD_UTILIZATION
) -> float:
    """The largest read-to-write ratio at which a read of every shard keeps each shard within its read headroom.

    Every read of all the shards lands on every shard, so each shard receives ``r W`` reads of ``u`` read units,
    whatever the suffix count; the ratio is ``utilization x PARTITION_MAX_RCU / (W u)``.

    Parameters
    ----------
    write_rate : float
        The key's writes per second, ``W``, in ``(0, 1e6]``.
    item_bytes : float
        Bytes each shard's read returns, in ``[0, 400 KB]``.
    consistency : str
        ``"eventual"`` (DynamoDB's default) or ``"strong"``.
    utilization : float
        The headroom criterion, a fraction of the read ceiling in ``(0, 1]``.

    Returns
    -------
    float
        Reads per write.

    Examples
    --------
    >>> round(fanout_read_limit(8_000), 3), round(fanout_read_limit(8_000, consistency="strong"), 3)
    (0.6, 0.3)
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    item_bytes = check_number("item_bytes", item_bytes, low=0, high=400 * 1024)
    consistency = check_choice("consistency", consistency, _CONSISTENCIES)
    utilization = check_number("utilization", utilization, low=0, high=1, low_open=True)
    return float(utilization * PARTITION_MAX_RCU / (write_rate * read_units(item_bytes, consistency)))


def tail_at_scale_case(
    p_slow: float = TAIL_AT_SCALE_EXAMPLE["p_slow"],
    fanout: int = int(TAIL_AT_SCALE_EXAMPLE["fanout"]),
    n_reads: int = 20_000,
    seed: int = _SEED,
) -> dict[str, float]:
    """Dean and Barroso's fan-out example: the share of slow reads, by formula and by a seeded simulation.

    Parameters
    ----------
    p_slow : float
        A server's chance of being slow, in ``[0, 1]``.
    fanout : int
        Servers each read asks, in ``[1, 10,000]``.
    n_reads : int
        Reads simulated, in ``[1, 10**6]``.
    seed : int
        Seed of the simulation, in ``[0, 2**32 - 1]``.

    Returns
    -------
    dict
        ``model`` (:func:`hotpart.prob_any_slow`) and ``simulated``, fractions of reads that meet a slow server.

    Examples
    --------
    >>> c = tail_at_scale_case()
    >>> round(c["model"], 3), abs(c["simulated"] - c["model"]) < 0.01
    (0.634, True)
    """
    p_slow = check_number("p_slow", p_slow, low=0, high=1)
    fanout = check_integer("fanout", fanout, low=1, high=10_000)
    n_reads = check_integer("n_reads", n_reads, low=1, high=10**6)
    seed = check_integer("seed", seed, low=0, high=2**32 - 1)
    rng = np.random.default_rng(seed)
    simulated = float((rng.random((n_reads, fanout)) < p_slow).any(axis=1).mean())
    return {"model": float(prob_any_slow(p_slow, fanout)), "simulated": simulated}


def median_passes_quantile_from(q: float = 0.99) -> int:
    """The smallest fan-out from which the median read is slower than one shard's ``q``-quantile.

    The median of the slowest of ``n`` shards is ``F^-1(0.5^(1/n))``, which passes ``F^-1(q)`` once
    ``0.5^(1/n) >= q``, that is ``n >= ln 0.5 / ln q``, for any continuous latency distribution.

    Parameters
    ----------
    q : float
        The quantile of one shard's latency, in ``(0.5, 1)``.

    Returns
    -------
    int

    Examples
    --------
    >>> median_passes_quantile_from(0.99), median_passes_quantile_from(0.9)
    (69, 7)
    """
    q = check_number("q", q, low=0.5, high=1, low_open=True, high_open=True)
    return math.ceil(math.log(0.5) / math.log(q))


# ---------------------------------------------------------------------------------------------
# Chapter 7's numbers: staleness against units, the ParallelizationFactor needed, the break-even ratio
# ---------------------------------------------------------------------------------------------


def staleness_table(
    write_rate: float,
    windows_s: tuple[float, ...],
    batch_size: int = STREAMS_MAX_BATCH_SIZE,
    n_stream_shards: int = EXAMPLE_SHARD_COUNT,
) -> tuple[list[str], list[tuple[str, ...]]]:
    """Mean and worst staleness and aggregate updates of a Streams aggregation, for several batching windows.

    Parameters
    ----------
    write_rate : float
        Writes per second reaching the stream, in ``(0, 1e6]``.
    windows_s : tuple of float
        Batching windows, seconds, each in ``[0, 300]``, at least one.
    batch_size : int
        The largest batch, records, in ``[1, 10,000]``.
    n_stream_shards : int
        Stream shards, each with its own consumer, in ``[1, 10,000]``.

    Returns
    -------
    (list of str, list of tuple of str)
        Column titles and one row per window (:class:`hotpart.StreamsAggregation`), for :func:`hotpart.markdown_table`.

    Examples
    --------
    >>> staleness_table(8_000, (1.0,))[1]
    [('1', '0.64', '1.14', '10')]
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    if not isinstance(windows_s, tuple | list) or not windows_s:
        raise ValueError(f"windows_s = {windows_s!r} is not allowed: must be a non-empty tuple of windows in seconds")
    windows = [check_number("windows_s", w, low=0, high=300) for w in windows_s]
    batch_size = check_integer("batch_size", batch_size, low=1, high=10_000)
    n_stream_shards = check_integer("n_stream_shards", n_stream_shards, low=1, high=10_000)
    rows = []
    for w in windows:
        a = StreamsAggregation(write_rate, batch_window_s=w, batch_size=batch_size, n_stream_shards=n_stream_shards)
        rows.append((f"{w:g}", f"{a.mean_staleness_s():.2f}", f"{a.max_staleness_s():.2f}", f"{a.aggregate_wcu:,.0f}"))
    header = ["batching window (s)", "mean staleness (s)", "worst staleness (s)", "aggregate updates (WCU/s)"]
    return header, rows


def parallelization_needed(
    write_rate: float, batch_window_s: float = 0.0, batch_size: int = 100, n_stream_shards: int = 1
) -> int:
    """The smallest Lambda ParallelizationFactor that keeps a Streams aggregator's utilization at or under one.

    Parameters
    ----------
    write_rate : float
        Writes per second reaching the stream, in ``(0, 1e6]``.
    batch_window_s : float
        The batching window, seconds, in ``[0, 300]``.
    batch_size : int
        The largest batch, records, in ``[1, 10,000]``.
    n_stream_shards : int
        Stream shards, in ``[1, 10,000]``.

    Returns
    -------
    int
        A factor in ``[1, STREAMS_MAX_PARALLELIZATION]``.

    Raises
    ------
    ValueError
        If even the largest factor leaves the aggregator behind.

    Examples
    --------
    >>> parallelization_needed(8_000)
    6
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    batch_window_s = check_number("batch_window_s", batch_window_s, low=0, high=300)
    batch_size = check_integer("batch_size", batch_size, low=1, high=10_000)
    n_stream_shards = check_integer("n_stream_shards", n_stream_shards, low=1, high=10_000)
    for p in range(1, STREAMS_MAX_PARALLELIZATION + 1):
        a = StreamsAggregation(write_rate, batch_window_s, batch_size, n_stream_shards, parallelization_factor=p)
        if a.utilization <= 1:
            return p
    raise ValueError(
        f"write_rate = {write_rate!r} is not allowed here: no ParallelizationFactor up to {STREAMS_MAX_PARALLELIZATION} keeps up"
    )


def aggregation_breakeven(agg: StreamsAggregation, n_shards: int, consistency: str = "eventual") -> float:
    """The read-to-write ratio above which a Streams aggregation costs fewer units than a fan-out read of N shards.

    Fan-out pays ``R N q`` read units for ``R`` reads per second (``q`` the units of one shard's read);
    aggregation pays its updates ``U`` plus ``R q``. They are equal at ``R = U / ((N - 1) q)``.

    Parameters
    ----------
    agg : StreamsAggregation
        The aggregator; its write rate ``W`` turns ``R`` into a ratio ``R / W``.
    n_shards : int
        Suffixes a fan-out read asks, in ``[2, 100,000]``.
    consistency : str
        ``"eventual"`` or ``"strong"``, for both designs' reads.

    Returns
    -------
    float
        Reads per write.

    Examples
    --------
    >>> f"{aggregation_breakeven(StreamsAggregation(8_000, 1.0, 1_000, 10), 10):.1e}"
    '2.8e-04'
    """
    if not isinstance(agg, StreamsAggregation):
        raise ValueError(f"agg = {agg!r} is not allowed: must be a StreamsAggregation")
    n_shards = check_integer("n_shards", n_shards, low=2, high=_MAX_SHARDS)
    consistency = check_choice("consistency", consistency, _CONSISTENCIES)
    updates = agg.compare(1.0, n_shards, consistency=consistency)["aggregation_wcu"]
    return float(updates / (agg.write_rate * (n_shards - 1) * read_units(1024, consistency)))


def large_item_shards(write_rate: float, item_bytes: float, utilization: float = SHARD_UTILIZATION) -> dict[str, float]:
    """Suffixes a hot key of large items needs: each write costs several write units.

    Parameters
    ----------
    write_rate : float
        The key's writes per second, in ``(0, 1e6]``.
    item_bytes : float
        Item size, bytes, in ``[0, 400 KB]``.
    utilization : float
        The headroom criterion, a fraction of the ceiling in ``(0, 1]``.

    Returns
    -------
    dict
        ``item_kb`` (decimal KB), ``units`` (WCU per write, :func:`hotpart.write_units`), ``needed`` (by the bound on
        the busiest shard, :func:`hotpart.shards_needed`) and ``even_needed`` (if every shard took exactly its even
        share: ``ceil(W u / budget)``).

    Examples
    --------
    >>> large_item_shards(20_000, 2_500)
    {'item_kb': 2.5, 'units': 3.0, 'needed': 91, 'even_needed': 75}
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    item_bytes = check_number("item_bytes", item_bytes, low=0, high=_ITEM_MAX_BYTES)
    utilization = check_number("utilization", utilization, low=0, high=1, low_open=True)
    units = float(write_units(item_bytes))
    return {
        "item_kb": item_bytes / 1000,
        "units": units,
        "needed": shards_needed(write_rate, units_per_write=units, utilization=utilization),
        "even_needed": math.ceil(write_rate * units / (utilization * PARTITION_MAX_WCU)),
    }


def point_read_load(reads_per_s: float, n_shards: int, consistency: str = "strong") -> dict[str, float]:
    """Point reads of one logical item (1 KB) over ``N`` suffixes: requests per second, and read units per shard.

    A random suffix cannot tell which shard holds the item, so each read asks all ``N``; a calculated suffix asks
    the one shard its attribute hashes to (:func:`hotpart.read_cost`).

    Parameters
    ----------
    reads_per_s : float
        Logical reads per second, in ``(0, 1e6]``.
    n_shards : int
        Suffixes, in ``[1, 100,000]``.
    consistency : str
        ``"eventual"`` or ``"strong"``.

    Returns
    -------
    dict
        ``random_requests`` and ``calculated_requests`` (requests/s), ``random_shard_rcu`` and
        ``calculated_shard_rcu`` (RCU/s each shard receives; calculated reads spread evenly).

    Examples
    --------
    >>> point_read_load(500, 10)
    {'random_requests': 5000.0, 'calculated_requests': 500.0, 'random_shard_rcu': 500.0, 'calculated_shard_rcu': 50.0}
    """
    reads_per_s = check_number("reads_per_s", reads_per_s, low=0, high=_MAX_RATE, low_open=True)
    n_shards = check_integer("n_shards", n_shards, low=1, high=_MAX_SHARDS)
    consistency = check_choice("consistency", consistency, _CONSISTENCIES)
    units = float(read_units(1024, consistency))
    return {
        "random_requests": reads_per_s * float(read_cost(n_shards, "random", "point", consistency=consistency).requests[0]),
        "calculated_requests": reads_per_s
        * float(read_cost(n_shards, "calculated", "point", consistency=consistency).requests[0]),
        "random_shard_rcu": reads_per_s * units,
        "calculated_shard_rcu": reads_per_s * units / n_shards,
    }


def query_units_case(n_shards: int, items_per_shard: int, item_bytes: float, consistency: str = "eventual") -> dict[str, float]:
    """An aggregate read that Queries ``N`` shards of several small items each: DynamoDB sums a Query's item sizes.

    Parameters
    ----------
    n_shards : int
        Suffixes, in ``[1, 100,000]``.
    items_per_shard : int
        Items each shard's Query returns, in ``[1, 10,000]``.
    item_bytes : float
        Size of each item, bytes, in ``[0, 400 KB]``.
    consistency : str
        ``"eventual"`` or ``"strong"``.

    Returns
    -------
    dict
        ``shard_bytes`` (bytes one Query returns), ``shard_rcu`` (its read units, :func:`hotpart.read_cost`), ``rcu``
        (the whole read) and ``per_item_rcu`` (what it would cost if each item were rounded up on its own).

    Examples
    --------
    >>> query_units_case(10, 8, 600)
    {'shard_bytes': 4800.0, 'shard_rcu': 1.0, 'rcu': 10.0, 'per_item_rcu': 40.0}
    """
    n_shards = check_integer("n_shards", n_shards, low=1, high=_MAX_SHARDS)
    items_per_shard = check_integer("items_per_shard", items_per_shard, low=1, high=10_000)
    item_bytes = check_number("item_bytes", item_bytes, low=0, high=_ITEM_MAX_BYTES)
    consistency = check_choice("consistency", consistency, _CONSISTENCIES)
    cost = read_cost(
        n_shards, "random", "aggregate", item_bytes=item_bytes, items_per_shard=items_per_shard, consistency=consistency
    )
    rcu = float(cost.read_units[0])
    return {
        "shard_bytes": float(items_per_shard * item_bytes),
        "shard_rcu": rcu / n_shards,
        "rcu": rcu,
        "per_item_rcu": n_shards * items_per_shard * float(read_units(item_bytes, consistency)),
    }


def leaderboard_case(n_shards: int, k_writes: int, mean_ms: float = LATENCY_MEDIAN_MS) -> dict[str, float]:
    """001's leaderboard code: writes that overwrite one another, and its loop of reads, one shard after another.

    Each write is a ``put_item`` on a random suffix key alone, so ``k`` writes leave only the distinct keys they
    touched (:func:`hotpart.distinct_shards_written`). Its reads ask the ``N`` shards one by one: ``N`` times the
    mean latency (a parallel read waits for the slowest of ``N``, :func:`hotpart.expected_max_exponential`).

    Parameters
    ----------
    n_shards : int
        Suffixes, in ``[1, 100,000]``.
    k_writes : int
        Writes, in ``[1, 10**9]``.
    mean_ms : float
        Mean latency of one read, ms, in ``(0, 10**6]``.

    Returns
    -------
    dict
        ``survive`` (expected items left), ``lost`` (the share of writes lost) and ``sequential_ms`` (expected
        read time, ms).

    Examples
    --------
    >>> c = leaderboard_case(10, 1_000)
    >>> round(c["survive"], 3), round(c["lost"], 2), c["sequential_ms"]
    (10.0, 0.99, 50.0)
    """
    n_shards = check_integer("n_shards", n_shards, low=1, high=_MAX_SHARDS)
    k_writes = check_integer("k_writes", k_writes, low=1, high=10**9)
    mean_ms = check_number("mean_ms", mean_ms, low=0, high=1e6, low_open=True)
    survive = float(distinct_shards_written(k_writes, n_shards))
    return {
        "survive": survive,
        "lost": 1 - survive / k_writes,
        "sequential_ms": n_shards * mean_ms,
    }


# ---------------------------------------------------------------------------------------------
# Chapter 6's cases: latency at a fan-out, hedging, the optimum N and the next suffix's cost
# ---------------------------------------------------------------------------------------------


def fanout_latency_case(
    n: int, exponential_mean_ms: float | None = None, sim_reads: int = 20_000, seed: int = 6
) -> dict[str, float]:
    """A scatter-gather read over ``n`` shards: its lognormal quantiles, the exponential mean, and a seeded check.

    Parameters
    ----------
    n : int
        Shards each read asks, in ``[1, 10,000]``.
    exponential_mean_ms : float, optional
        Mean of one shard's exponential latency, ms, in ``(0, 10**6]``; by default that of
        :func:`latency_distribution` ``("exponential")`` (median :data:`LATENCY_MEDIAN_MS`).
    sim_reads : int
        Reads simulated (lognormal, :func:`hotpart.simulate_fanout_latency`), in ``[1, 10**6]``.
    seed : int
        Seed of the simulation, in ``[0, 2**32 - 1]``.

    Returns
    -------
    dict
        ``lognormal_p50`` and ``lognormal_p99`` (ms, :func:`hotpart.fanout_quantile`), ``exponential_mean_max`` (the
        expected slowest of ``n`` exponential shards, ms, :func:`hotpart.expected_max_exponential`) and
        ``simulated_p99`` (the simulated reads' 99th percentile, ms).

    Examples
    --------
    >>> c = fanout_latency_case(1)
    >>> round(c["lognormal_p50"], 6), round(c["exponential_mean_max"], 2)
    (5.0, 7.21)
    >>> round(fanout_latency_case(20, exponential_mean_ms=10.0)["exponential_mean_max"], 1)
    36.0
    """
    n = check_integer("n", n, low=1, high=10_000)
    if exponential_mean_ms is None:
        exponential_mean_ms = float(latency_distribution("exponential").mean())
    exponential_mean_ms = check_number("exponential_mean_ms", exponential_mean_ms, low=0, high=1e6, low_open=True)
    sim_reads = check_integer("sim_reads", sim_reads, low=1, high=10**6)
    seed = check_integer("seed", seed, low=0, high=2**32 - 1)
    dist = latency_distribution("lognormal")
    sample = simulate_fanout_latency(dist, n, size=sim_reads, seed=seed)
    return {
        "lognormal_p50": float(fanout_quantile(0.5, n, dist)),
        "lognormal_p99": float(fanout_quantile(0.99, n, dist)),
        "exponential_mean_max": float(expected_max_exponential(n, 1 / exponential_mean_ms)),
        "simulated_p99": float(np.quantile(sample, 0.99)),
    }


def hedging_case(n: int = 100, hedge: float = 0.95) -> dict[str, float]:
    """Hedged requests on lognormal shards: when the hedge goes out, what it adds, and a read over ``n`` shards.

    Parameters
    ----------
    n : int
        Shards each read asks, in ``[1, 10,000]``.
    hedge : float
        The quantile of one shard's latency at which a second request goes out, in ``(0, 1)``.

    Returns
    -------
    dict
        ``percentile`` (``100 hedge``), ``delay_ms`` (the wait before hedging), ``extra_load`` (extra requests as a
        fraction), ``extra_per_100`` (extra requests per 100 reads), and ``p50``, ``p99`` of the hedged read, ms
        (:class:`hotpart.HedgedLatency`).

    Examples
    --------
    >>> c = hedging_case()
    >>> c["percentile"], round(c["extra_load"], 3), round(c["extra_per_100"], 1)
    (95.0, 0.05, 5.0)
    """
    n = check_integer("n", n, low=1, high=10_000)
    hedge = check_number("hedge", hedge, low=0, high=1, low_open=True, high_open=True)
    hedged = HedgedLatency(latency_distribution("lognormal"), hedge)
    return {
        "percentile": 100 * hedged.hedge_quantile,
        "delay_ms": float(hedged.delay),
        "extra_load": float(hedged.extra_load),
        "extra_per_100": 100 * float(hedged.extra_load),
        "p50": float(fanout_quantile(0.5, n, hedged)),
        "p99": float(fanout_quantile(0.99, n, hedged)),
    }


_DAY_S = 86_400


def fanout_cost_case(
    write_rate: float, read_write_ratio: float, consistency: str = "eventual", utilization: float = SHARD_UTILIZATION
) -> dict[str, float]:
    """Chapter 6's optimum: the suffix count that keeps every shard within its headroom, what it costs, and the next.

    Parameters
    ----------
    write_rate : float
        The hot key's writes per second, in ``(0, 1e6]``.
    read_write_ratio : float
        Reads of every shard per write, ``> 0``, and low enough that some ``N`` up to 1,000 is within the headroom.
    consistency : str
        ``"eventual"`` or ``"strong"``: the reads' consistency (the ``*_strong`` values use strong reads at the
        same ``N``).
    utilization : float
        The headroom criterion, a fraction of the ceilings in ``(0, 1]``.

    Returns
    -------
    dict
        ``reads`` (reads/s), ``budget`` (WCU/s a shard may take), ``best`` and ``best_strong`` (the optimum N,
        :func:`hotpart.fanout_cost`), ``fewest`` (the fewest N by the refusal criterion), at the optimum
        ``rcu``, ``rcu_strong``, ``requests``, ``write_units``, ``bound`` (busiest shard, WCU/s), ``shard_rcu`` and
        ``shard_rcu_strong``, and for one suffix more ``extra_requests`` and ``extra_rcu``.

    Examples
    --------
    >>> c = fanout_cost_case(8_000, 0.1)
    >>> c["best"], c["best_strong"], c["fewest"], c["extra_requests"]
    (11, 11, 10, 800.0)
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    read_write_ratio = check_number("read_write_ratio", read_write_ratio, low=0, high=_MAX_RATIO, low_open=True)
    consistency = check_choice("consistency", consistency, _CONSISTENCIES)
    utilization = check_number("utilization", utilization, low=0, high=1, low_open=True)
    workload = dict(write_rate=write_rate, read_write_ratio=read_write_ratio, utilization=utilization)
    cost = fanout_cost(consistency=consistency, **workload)
    strong = fanout_cost(consistency="strong", **workload)
    if cost.best_n is None or cost.best_n >= int(cost.n_shards[-1]):
        raise ValueError(
            f"read_write_ratio = {read_write_ratio!r} is not allowed here: no N below {int(cost.n_shards[-1])} keeps "
            "every shard within the headroom"
        )
    at, step, at_strong = cost.at(cost.best_n), cost.at(cost.best_n + 1), strong.at(cost.best_n)
    return {
        "reads": write_rate * read_write_ratio,
        "budget": utilization * PARTITION_MAX_WCU,
        "best": cost.best_n,
        "best_strong": strong.best_n,
        "fewest": cost.fewest_n_refusing,
        "rcu": at["read_units"],
        "rcu_strong": at_strong["read_units"],
        "requests": at["read_requests"],
        "write_units": at["write_units"],
        "bound": at["busiest_shard_wcu"],
        "shard_rcu": at["shard_read_rcu"],
        "shard_rcu_strong": at_strong["shard_read_rcu"],
        "extra_requests": step["read_requests"] - at["read_requests"],
        "extra_rcu": step["read_units"] - at["read_units"],
    }


def fanout_refusals(write_rate: float, n_shards: int) -> dict[str, float]:
    """Writes a hot key's busiest of ``N`` random suffixes refuses: per second, per day, and the bound on that shard.

    Parameters
    ----------
    write_rate : float
        The key's writes per second, in ``(0, 1e6]``.
    n_shards : int
        Suffixes, in ``[1, 1,000]``.

    Returns
    -------
    dict
        ``per_s`` (expected WCU/s refused, :func:`hotpart.fanout_cost`), ``per_day`` (times 86,400 s) and ``bound``
        (:func:`hotpart.busiest_shard_bound`, WCU/s).

    Examples
    --------
    >>> round(fanout_refusals(8_000, 1)["per_s"])
    7000
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    n_shards = check_integer("n_shards", n_shards, low=1, high=_N_MAX)
    at = fanout_cost(write_rate=write_rate, n_max=n_shards).at(n_shards)
    return {"per_s": at["writes_refused"], "per_day": at["writes_refused"] * _DAY_S, "bound": at["busiest_shard_wcu"]}


# ---------------------------------------------------------------------------------------------
# Chapter 7's cases: the leaderboard's aggregator, a read-hot aggregate, the ParallelizationFactor
# ---------------------------------------------------------------------------------------------


def aggregation_case(
    write_rate: float,
    read_write_ratio: float,
    batch_window_s: float,
    batch_size: int,
    n_shards: int,
    more_shards: int = 40,
    consistency: str = "eventual",
) -> dict[str, float]:
    """A Streams aggregation against a fan-out read of ``N`` shards, and the same at ``more_shards``.

    Parameters
    ----------
    write_rate : float
        Writes per second to the key, in ``(0, 1e6]``.
    read_write_ratio : float
        Reads of the aggregate per write, in ``(0, 10**4]``.
    batch_window_s : float
        Lambda's batching window, s, in ``[0, 300]``.
    batch_size : int
        Lambda's batch size, records, in ``[1, 10,000]``.
    n_shards, more_shards : int
        Suffixes (and stream shards), each in ``[1, 100,000]``.
    consistency : str
        ``"eventual"`` or ``"strong"``, for both designs' reads.

    Returns
    -------
    dict
        ``read_rate`` (reads/s), ``overhead_ms`` and ``record_ms`` (the aggregator's time per batch and per
        record), ``saving`` (the share of fan-out's read units aggregation saves, :meth:`StreamsAggregation.compare`),
        ``aggregate_kb`` (KiB), ``max_aggregate_writes`` (updates/s one aggregate item takes at the write ceiling),
        and at ``more_shards``: ``more_fanout_rcu``, ``more_aggregation_units``, ``more_aggregation_wcu`` and
        ``more_requests_ratio`` (fan-out requests against those at ``n_shards``).

    Examples
    --------
    >>> c = aggregation_case(8_000, 0.1, 1.0, 1_000, 10)
    >>> c["read_rate"], c["more_requests_ratio"], c["max_aggregate_writes"]
    (800.0, 4.0, 1000.0)
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    read_write_ratio = check_number("read_write_ratio", read_write_ratio, low=0, high=_MAX_RATIO, low_open=True)
    n_shards = check_integer("n_shards", n_shards, low=1, high=_MAX_SHARDS)
    more_shards = check_integer("more_shards", more_shards, low=1, high=_MAX_SHARDS)
    consistency = check_choice("consistency", consistency, _CONSISTENCIES)
    reads = write_rate * read_write_ratio
    agg = StreamsAggregation(write_rate, batch_window_s=batch_window_s, batch_size=batch_size, n_stream_shards=n_shards)
    more = StreamsAggregation(write_rate, batch_window_s=batch_window_s, batch_size=batch_size, n_stream_shards=more_shards)
    c, m = agg.compare(reads, n_shards, consistency=consistency), more.compare(reads, more_shards, consistency=consistency)
    return {
        "read_rate": reads,
        "overhead_ms": 1000 * agg.batch_overhead_s,
        "record_ms": 1000 * agg.record_time_s,
        "saving": 1 - c["aggregation_units"] / c["fanout_rcu"],
        "aggregate_kb": agg.aggregate_bytes / 1024,
        "max_aggregate_writes": PARTITION_MAX_WCU / float(write_units(agg.aggregate_bytes)),
        "more_fanout_rcu": m["fanout_rcu"],
        "more_aggregation_units": m["aggregation_units"],
        "more_aggregation_wcu": m["aggregation_wcu"],
        "more_requests_ratio": m["fanout_requests"] / c["fanout_requests"],
    }


def read_hot_aggregate_case(
    write_rate: float,
    hot_reads: float,
    cache_clients: int,
    cache_ttl_s: float,
    aggregate_bytes: float = 1024,
    consistency: str = "eventual",
    utilization: float = SHARD_UTILIZATION,
) -> dict[str, float]:
    """One aggregate item read by many: its read limit, a hot read rate against the ceiling, and a client cache.

    Parameters
    ----------
    write_rate : float
        The key's writes per second, in ``(0, 1e6]``.
    hot_reads : float
        Reads per second of the aggregate item, in ``(0, 1e9]``.
    cache_clients : int
        Clients that each cache the item, in ``[1, 10**6]``.
    cache_ttl_s : float
        How long each client keeps it, s, in ``(0, 86,400]``; each refetches it at most once per TTL.
    aggregate_bytes : float
        The aggregate item's size, bytes, in ``[0, 400 KB]``.
    consistency : str
        ``"eventual"`` or ``"strong"``.
    utilization : float
        The headroom criterion, a fraction of the read ceiling in ``(0, 1]``.

    Returns
    -------
    dict
        ``max_read_ratio`` (reads per write within the headroom, :func:`fanout_read_limit`) and ``max_reads``
        (reads/s), ``hot_rcu`` and ``hot_times`` (the hot rate's RCU/s and its multiple of the ceiling),
        ``cached_reads`` and ``cached_rcu`` (what reaches the table behind the cache).

    Examples
    --------
    >>> c = read_hot_aggregate_case(8_000, 20_000, 50, 1.0)
    >>> c["hot_rcu"], round(c["hot_times"], 2), c["cached_reads"], c["cached_rcu"]
    (10000.0, 3.33, 50.0, 25.0)
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    hot_reads = check_number("hot_reads", hot_reads, low=0, high=1e9, low_open=True)
    cache_clients = check_integer("cache_clients", cache_clients, low=1, high=10**6)
    cache_ttl_s = check_number("cache_ttl_s", cache_ttl_s, low=0, high=86_400, low_open=True)
    aggregate_bytes = check_number("aggregate_bytes", aggregate_bytes, low=0, high=_ITEM_MAX_BYTES)
    consistency = check_choice("consistency", consistency, _CONSISTENCIES)
    units = float(read_units(aggregate_bytes, consistency))
    ratio = fanout_read_limit(write_rate, item_bytes=aggregate_bytes, consistency=consistency, utilization=utilization)
    cached = cache_clients / cache_ttl_s
    return {
        "max_read_ratio": ratio,
        "max_reads": ratio * write_rate,
        "hot_rcu": hot_reads * units,
        "hot_times": hot_reads * units / PARTITION_MAX_RCU,
        "cached_reads": cached,
        "cached_rcu": cached * units,
    }


def parallelization_case(
    write_rate: float, batch_window_s: float = 0.0, batch_size: int = 100, n_stream_shards: int = 1
) -> dict[str, object]:
    """A Streams aggregator's utilization at each ParallelizationFactor from 1 to the largest, and the one needed.

    Parameters
    ----------
    write_rate : float
        Writes per second reaching the stream, in ``(0, 1e6]``.
    batch_window_s : float
        The batching window, s, in ``[0, 300]``.
    batch_size : int
        The largest batch, records, in ``[1, 10,000]``.
    n_stream_shards : int
        Stream shards, in ``[1, 10,000]``.

    Returns
    -------
    dict
        ``utilizations`` (a tuple, one per factor, :class:`hotpart.StreamsAggregation`), ``text`` (them to two
        decimals, comma-separated) and ``needed`` (:func:`parallelization_needed`).

    Examples
    --------
    >>> parallelization_case(8_000)["text"]
    '5.60, 2.80, 1.87, 1.40, 1.12, 0.93, 0.80, 0.70, 0.62, 0.56'
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    batch_window_s = check_number("batch_window_s", batch_window_s, low=0, high=300)
    batch_size = check_integer("batch_size", batch_size, low=1, high=10_000)
    n_stream_shards = check_integer("n_stream_shards", n_stream_shards, low=1, high=10_000)
    rho = tuple(
        float(StreamsAggregation(write_rate, batch_window_s, batch_size, n_stream_shards, parallelization_factor=p).utilization)
        for p in range(1, STREAMS_MAX_PARALLELIZATION + 1)
    )
    return {
        "utilizations": rho,
        "text": ", ".join(f"{r:.2f}" for r in rho),
        "needed": parallelization_needed(write_rate, batch_window_s, batch_size, n_stream_shards),
    }
