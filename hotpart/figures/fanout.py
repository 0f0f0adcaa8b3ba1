"""Chapter 6's figures and cases: the shard count against the cost and latency of fanning out reads.

Models: :mod:`hotpart.models.fanout`. Notebook: ``notebooks/06_fanout.ipynb``.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from numpy.typing import NDArray

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, log_axis, relabel
from ..book.wording import plural
from ..models import (
    EXAMPLE_HOT_PARTITION,
    PARTITION_MAX_RCU,
    PARTITION_MAX_WCU,
    SHARD_UTILIZATION,
    TAIL_AT_SCALE_EXAMPLE,
    HedgedLatency,
    expected_max_exponential,
    fanout_cost,
    fanout_quantile,
    prob_any_slow,
    query_units,
    read_units,
    simulate_fanout_latency,
)
from ..models._validation import check_array, check_choice, check_divisor, check_integer, check_number
from ._fanout_common import (
    _CONSISTENCIES,
    _DISTS,
    _FINITE,
    _MAX_RATE,
    _MAX_RATIO,
    _SEED,
    _STRATEGY_NAMES,
)

if TYPE_CHECKING:
    from scipy import stats

__all__ = [
    "LATENCY_MEDIAN_MS",
    "LOGNORMAL_SIGMA",
    "fanout_cost_case",
    "fanout_latency_case",
    "fanout_refusals",
    "hedging_case",
    "fanout_read_limit",
    "median_passes_quantile_from",
    "tail_at_scale_case",
    "latency_distribution",
    "plot_fanout_cost",
    "plot_fanout_latency",
    "plot_prob_any_slow",
    "shard_history_read",
]


#: The median shard latency both latency models share, ms (illustrative).
LATENCY_MEDIAN_MS = 5.0
#: Shape of the lognormal latency model (sigma of log-latency; illustrative).
LOGNORMAL_SIGMA = 1.0


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
    from scipy import stats

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


# --- chapter 6: shard count against fan-out cost ----------------------------------------------

_N_MAX = 1000
#: The floor of :func:`plot_fanout_cost`'s log y axis, per second: low enough to show the refused writes of the
#: refusal criterion's optimum (about 2e-10 WCU/s at N = 10 for the example key).
_FLOOR = 1e-12
_N_LAT = np.unique(np.round(np.logspace(0, 3, 40)).astype(int))


def _refused_on_axis(writes_refused: NDArray[np.float64]) -> NDArray[np.float64]:
    """The refused writes as :func:`plot_fanout_cost` draws them: the line runs down to the axis's floor (1e-12 per
    second) at the first suffix count whose refusals fall below it, and stops there (NaN after), rather than running
    along the floor as if a constant floor of refusals were left.

    Examples
    --------
    >>> _refused_on_axis(np.array([5.0, 2e-10, 1e-20, 0.0])).tolist()
    [5.0, 2e-10, 1e-12, nan]
    """
    r = check_array("writes_refused", writes_refused, low=0, high=_FINITE, ndim=1)
    out = np.where(r >= _FLOOR, r, np.nan)
    below = np.flatnonzero(r < _FLOOR)
    if below.size:
        out[below[0]] = _FLOOR
    return out


def plot_fanout_cost(ax: Axes, cost, ymax: float) -> None:  # type: ignore[no-untyped-def]
    """Writes refused, read units and read requests per second against N (log-log), with the optimum.

    ``cost`` is a :class:`hotpart.FanoutCost`; ``ymax``, the top of the log y axis, is finite and ``> 1e-12`` (the
    floor, low enough to show the refusals of the refusal criterion's optimum).

    Examples
    --------
    >>> from hotpart.models.fanout import fanout_cost
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_fanout_cost(ax, fanout_cost(write_rate=3_000.0, n_max=50), 1e6)
    """
    ymax = check_number("ymax", ymax, low=_FLOOR, high=_FINITE, low_open=True)
    n = cost.n_shards
    ax.plot(n, _refused_on_axis(cost.writes_refused), color=COLORS["refused"], lw=2, label="writes refused (WCU/s)")
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
    ax.set_ylim(_FLOOR, ymax)
    # right of the middle: under the read lines, above the refused line once it has fallen to the floor
    finish_axes(ax, "Cost of a hot key in N", "suffix count N", "per second", loc="center right")


def _update_fanout_cost(ax: Axes, cost, ymax: float) -> None:  # type: ignore[no-untyped-def]
    """Redraw :func:`plot_fanout_cost` on ``ax`` for a new cost: the lines' data, the write units' and the optimum's
    lines and labels, and the limits. The legend is the one :func:`plot_fanout_cost` built: its two changing texts
    are set (:func:`~hotpart.book.plotting.relabel`) and its optimum handle takes the line's style, instead of a new
    legend on every move (about 4 ms of the update)."""
    n = cost.n_shards
    refused, units, requests, writes, optimum = ax.lines
    refused.set_data(n, _refused_on_axis(cost.writes_refused))
    units.set_data(n, cost.read_units)
    requests.set_data(n, cost.read_requests)
    writes.set_ydata([cost.write_units, cost.write_units])
    relabel(ax, writes, f"write units {cost.write_units:,.0f} WCU/s")
    x, ls, label = _optimum_marker(cost)
    optimum.set_xdata([x, x])
    optimum.set_linestyle(ls)
    legend = ax.get_legend()
    handle = legend.legend_handles[[t.get_text() for t in legend.get_texts()].index(optimum.get_label())]
    handle.set_linestyle(ls)
    relabel(ax, optimum, label)
    ax.set_xlim(1, n[-1])
    ax.set_ylim(_FLOOR, ymax)


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


#: :func:`_latency_lines`' answers, by distribution, fan-outs and hedge quantile (at most :data:`_MAX_LATENCY_LINES`).
_LATENCY_LINES: dict[tuple[object, ...], tuple[np.ndarray, np.ndarray, np.ndarray, str, float]] = {}
_MAX_LATENCY_LINES = 16


def _latency_key(dist: stats.rv_continuous, n: np.ndarray, hedge: float) -> tuple[object, ...] | None:
    """What :func:`_latency_lines` keeps its answer under, or ``None`` for a distribution that is not a frozen scipy
    one with hashable parameters."""
    family = getattr(getattr(dist, "dist", None), "name", None)
    if family is None:
        return None
    fanouts = np.asarray(n, dtype=float).tobytes()  # the same key for whole numbers as ints or floats (as checked)
    key = ((family, tuple(dist.args), tuple(sorted(dist.kwds.items()))), fanouts, float(hedge))
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _latency_lines(
    dist: stats.rv_continuous, n: np.ndarray, hedge: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray, str, float]:
    """:func:`plot_fanout_latency`'s series: p50, p99 and hedged p99 over ``n`` (ms), the hedged line's label and one
    shard's p99 (ms).

    The hedged p99 inverts a numerical CDF (:class:`hotpart.HedgedLatency`): about 20 ms for the 40 fan-outs of the
    ``fanout_cost`` explorable, whose latency panel takes one of two distributions and was computed again on every
    move. The series of a frozen scipy distribution are kept, by its family, parameters, ``n`` and ``hedge``
    (read-only arrays), and computed once.
    """
    key = _latency_key(dist, n, hedge)
    if key is not None and key in _LATENCY_LINES:
        return _LATENCY_LINES[key]
    hedged = HedgedLatency(dist, hedge)
    label = f"p99, hedged at p{100 * hedge:g} (+{hedged.extra_load:.0%} requests)"
    series = [np.array(fanout_quantile(q, n, d), dtype=float) for q, d in ((0.5, dist), (0.99, dist), (0.99, hedged))]
    for s in series:
        s.setflags(write=False)
    lines = (*series, label, float(dist.ppf(0.99)))
    if key is not None:
        if len(_LATENCY_LINES) >= _MAX_LATENCY_LINES:
            _LATENCY_LINES.clear()
        _LATENCY_LINES[key] = lines
    return lines  # type: ignore[return-value]


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


@functools.cache
def _latency_ymax() -> float:
    """The latency panel's fixed top, ms: 5% above the larger p99 at the most shards (computed once, when first drawn)."""
    return 1.05 * max(float(fanout_quantile(0.99, _N_MAX, latency_distribution(k))) for k in _DISTS)


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
    plot_fanout_latency(right, data["dist"], _N_LAT, _latency_ymax())


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
            f"{shard:,.0f} RCU/s, above {SHARD_UTILIZATION:.0%} of the {PARTITION_MAX_RCU:,.0f} RCU/s ceiling (by the "
            f"refusal criterion alone, without headroom: N = {refusal}). Cache the reads or aggregate them."
        )
    a = data["at"]
    return (
        f"{p.write_rate:,.0f} writes/s and {p.read_rate:,.0f} {read} per second ({p.consistency}ly consistent, "
        f"{plural(p.items_per_shard, 'item')} per shard summed per Query): the cheapest N that keeps every shard "
        "under "
        f"{p.utilization:.0%} of both ceilings (each on its own) is {data['best']}, costing {a['read_units']:,.0f} RCU/s in "
        f"{a['read_requests']:,.0f} requests/s besides {a['write_units']:,.0f} WCU/s (counting only expected refusals "
        f"of at most one write a day, without headroom: N = {refusal}). A read over "
        f"{plural(data['best'], 'shard')} with "
        f"{data['dist_name']} latencies: p50 {data['p50']:.1f} ms, p99 {data['p99']:.1f} ms."
    )


fanout_cost_view = register(
    Explorable(
        name="fanout_cost",
        title="Shard count against fan-out cost",
        controls=(
            Control("read_write_ratio", "reads per write", 0.01, 100, 0.1, step=0.25, scale="log"),
            Control("dist", "shard latency", 0, 1, 1, step=1, integer=True, choices=_DISTS),
            Control(
                "write_rate", "hot key write rate", 1_000, 50_000, EXAMPLE_HOT_PARTITION["hot_wcu"], step=1_000, unit="writes/s"
            ),
            Control("item_kb", "item size read per shard", 0.5, 64, 1, step=0.5, unit="KB"),
            Control("strategy", "suffix strategy", 0, 1, 0, step=1, integer=True, choices=_STRATEGY_NAMES),
            Control("items_per_shard", "items each shard's Query returns", 1, 50, 1, step=1, integer=True),
            Control("consistency", "read consistency", 0, 1, 0, step=1, integer=True, choices=_CONSISTENCIES),
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


# ---------------------------------------------------------------------------------------------
# Chapter 6's numbers: the read limit of a fan-out, the Tail at Scale example, the median against p99
# ---------------------------------------------------------------------------------------------


def fanout_read_limit(
    write_rate: float,
    item_bytes: float = 1024,
    consistency: str = "eventual",
    utilization: float = SHARD_UTILIZATION,
    keys_per_partition: int = 1,
    hedge_extra: float = 0.0,
) -> float:
    """The largest read-to-write ratio at which a read of every shard keeps each shard within its read headroom.

    Every read of all the shards lands on every shard, so each shard receives ``r W`` reads of ``u`` read units,
    whatever the suffix count; the ratio is ``utilization x PARTITION_MAX_RCU / (W u k (1 + h))``. A partition that
    holds ``k`` suffix keys (they share partitions, chapter 5) receives ``k`` times the read rate, and hedged requests
    that re-send a fraction ``h`` of the shard requests add ``h`` more read units on every shard.

    Parameters
    ----------
    write_rate : float
        The key's writes per second, ``W``, in ``(0, 1e6]``, and not so small that the ratio overflows.
    item_bytes : float
        Bytes each shard's read returns, in ``[0, 400 KB]``.
    consistency : str
        ``"eventual"`` (DynamoDB's default) or ``"strong"``.
    utilization : float
        The headroom criterion, a fraction of the read ceiling in ``(0, 1]``.
    keys_per_partition : int
        Suffix keys on the fullest partition, in ``[1, 100,000]`` (1: each key on a partition of its own).
    hedge_extra : float
        Extra shard requests sent as hedges, a fraction in ``[0, 1]`` (0.05 for a hedge at the p95).

    Returns
    -------
    float
        Reads per write.

    Examples
    --------
    >>> round(fanout_read_limit(8_000), 3), round(fanout_read_limit(8_000, consistency="strong"), 3)
    (0.6, 0.3)
    >>> round(fanout_read_limit(8_000, keys_per_partition=2), 3), round(fanout_read_limit(8_000, hedge_extra=0.05), 3)
    (0.3, 0.571)
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    item_bytes = check_number("item_bytes", item_bytes, low=0, high=400 * 1024)
    consistency = check_choice("consistency", consistency, _CONSISTENCIES)
    utilization = check_number("utilization", utilization, low=0, high=1, low_open=True)
    k = check_integer("keys_per_partition", keys_per_partition, low=1, high=100_000)
    h = check_number("hedge_extra", hedge_extra, low=0, high=1)
    per_write = float(read_units(item_bytes, consistency)) * k * (1.0 + h)  # read units on a shard per write
    check_divisor("write_rate", write_rate, utilization * PARTITION_MAX_RCU / per_write, "the reads per write")
    return float(utilization * PARTITION_MAX_RCU / (write_rate * read_units(item_bytes, consistency) * k * (1.0 + h)))


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
        Mean of one shard's exponential latency, ms, in ``(0, 10**6]``, and at least 1 over the largest float (its
        rate, the inverse, is finite); by default that of
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
    check_divisor("exponential_mean_ms", exponential_mean_ms, 1.0, "the exponential's rate, 1 / exponential_mean_ms")
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
        The headroom criterion, a fraction of the ceilings in ``(0, 1]``, and high enough that some ``N`` up to 1,000
        is within the headroom.

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
            f"read_write_ratio = {read_write_ratio!r} is not allowed with write_rate = {write_rate!r} and "
            f"utilization = {utilization!r}: no N below {int(cost.n_shards[-1])} keeps every shard within the headroom "
            "(lower the ratio or the write rate, or raise the utilization)"
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


def shard_history_read(
    write_rate: float, n_shards: int, hours: float = 1.0, item_bytes: float = 1024, consistency: str = "eventual"
) -> dict[str, float]:
    """One shard that keeps one item per write instead of a running total: its items after ``hours``, and what one
    Query of all of them costs (:func:`hotpart.query_units`: sizes summed, rounded up once).

    Parameters
    ----------
    write_rate : float
        The key's writes per second, in ``(0, 1e6]``, spread evenly over the shards.
    n_shards : int
        Suffixes, in ``[1, 1,000]``.
    hours : float
        Hours of writes kept, in ``(0, 8,760]``.
    item_bytes : float
        Bytes per item, in ``(0, 400 KB]``.
    consistency : str
        ``"eventual"`` or ``"strong"``.

    Returns
    -------
    dict
        ``items`` (a whole number of items) and ``read_units`` of one Query of them.

    Examples
    --------
    >>> c = shard_history_read(8_000, 11)
    >>> c["items"], round(c["read_units"])
    (2618182, 327273)
    """
    w = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    n = check_integer("n_shards", n_shards, low=1, high=_N_MAX)
    h = check_number("hours", hours, low=0, high=8_760, low_open=True)
    b = check_number("item_bytes", item_bytes, low=0, high=400 * 1024, low_open=True)
    consistency = check_choice("consistency", consistency, _CONSISTENCIES)
    items = round(w / n * h * 3600)
    return {"items": items, "read_units": float(query_units(items, b, consistency))}
