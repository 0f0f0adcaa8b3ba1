"""Chapter 5's figures and cases: write sharding, random against calculated suffixes, and what reads pay.

Models: :mod:`hotpart.models.write_sharding`. Notebook: ``notebooks/05_write_sharding.ipynb``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import AutoLocator

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import _MAX_BARS, COLORS, finish_axes, fixed_layout, partition_bars, relabel, set_partition_bars
from ..book.wording import plural
from ..models import (
    EXAMPLE_HOT_PARTITION,
    EXAMPLE_SHARD_COUNT,
    PARTITION_MAX_WCU,
    SHARD_UTILIZATION,
    busiest_shard_bound,
    calculated_shard_rates,
    distinct_shards_written,
    partition_of,
    read_cost,
    read_units,
    shards_needed,
    simulate_shard_writes,
    write_units,
)
from ..models._validation import MAX_SEED, check_array, check_choice, check_integer, check_number, check_seed
from ..models.write_sharding import _needed_for_placement, _placed_limit
from ._fanout_common import (
    _CONSISTENCIES,
    _FINITE,
    _ITEM_MAX_BYTES,
    _MAX_RATE,
    _MAX_SHARDS,
    _SEED,
    _STRATEGY_NAMES,
    _rates,
)
from .fanout import LATENCY_MEDIAN_MS

__all__ = [
    "large_item_shards",
    "leaderboard_case",
    "point_read_load",
    "query_units_case",
    "sequential_busiest",
    "sequential_writers_table",
    "suffix_collisions",
    "suffix_layout_spread",
    "suffix_partition_table",
    "write_sharding_case",
    "plot_busiest_shard",
    "plot_shard_load",
]


def plot_shard_load(ax: Axes, loads: np.ndarray, bound: float | None, mean: float, ymax: float, title: str) -> None:
    """Bars of one second's writes per shard against the ceiling, the mean ``W/N`` and the bound on the busiest.

    ``loads`` (writes per shard, one bar each: at least one and at most 1,000) are finite and ``>= 0``, as are
    ``bound`` (or ``None``) and ``mean``; ``ymax`` is finite and ``> 0``.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_shard_load(ax, [900.0, 1_100.0], 1_050.0, 1_000.0, 2_500.0, "two shards")
    """
    loads = _rates("loads", check_array("loads", loads, max_size=_MAX_BARS))
    if bound is not None:
        bound = check_number("bound", bound, low=0, high=_FINITE)
    mean = check_number("mean", mean, low=0, high=_FINITE)
    ymax = check_number("ymax", ymax, low=0, high=_FINITE, low_open=True)
    _shard_load_artists(ax, loads, bound, mean, ymax)
    finish_axes(ax, title, "shard (suffix)", "writes per second (bars clipped at the top)", loc="upper right")


def _shard_load_artists(ax: Axes, loads: np.ndarray, bound: float | None, mean: float, ymax: float) -> None:
    """:func:`plot_shard_load`'s bars, lines and labels of clipped bars, without the title and legend."""
    partition_bars(ax, loads, PARTITION_MAX_WCU, PARTITION_MAX_WCU, unit="writes/s")
    ax.axhline(
        SHARD_UTILIZATION * PARTITION_MAX_WCU,
        color=COLORS["ceiling"],
        ls=":",
        lw=1.2,
        label=f"{SHARD_UTILIZATION:.0%} of ceiling",
    )
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
    """Redraw :func:`plot_shard_load` on ``ax`` for new data: the bars' heights, the mean and bound lines, their
    legend texts (:func:`~hotpart.book.plotting.relabel`), the title and the labels of clipped bars.

    When the shard count changes, the bars are drawn again (:func:`~hotpart.book.plotting.partition_bars`, whose
    ceiling line, the same as the one already there, is removed so that the lines keep their order); only when the
    bound appears or goes, which changes the legend's entries, is the whole panel drawn again with a new legend.
    Otherwise the legend :func:`plot_shard_load` built stays: building a new one on every move took about 4 ms, most
    of the update when the bars keep their number.
    """
    served, refused = ax.containers
    for text in list(ax.texts):
        text.remove()
    if (len(ax.lines) == 4) != (bound is not None):
        for artist in [*served, *refused, *ax.lines]:
            artist.remove()
        ax.containers.clear()
        ax.xaxis.set_major_locator(AutoLocator())
        _shard_load_artists(ax, loads, bound, mean, ymax)
        finish_axes(ax, title, "shard (suffix)", "writes per second (bars clipped at the top)", loc="upper right")
        return
    if not set_partition_bars(ax, loads, PARTITION_MAX_WCU):
        for bar in [*served, *refused]:
            bar.remove()
        ax.containers.clear()
        ax.xaxis.set_major_locator(AutoLocator())
        partition_bars(ax, loads, PARTITION_MAX_WCU, PARTITION_MAX_WCU, unit="writes/s")
        ax.lines[-1].remove()
    ax.lines[2].set_ydata([mean, mean])
    relabel(ax, ax.lines[2], f"mean W/N {mean:,.0f}")
    if bound is not None:
        ax.lines[3].set_ydata([bound, bound])
        relabel(ax, ax.lines[3], f"bound on E[busiest] {bound:,.0f}")
    ax.set_ylim(0, ymax)
    _label_clipped_bars(ax, loads, ymax)
    ax.set_title(title, fontsize=11)


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
    ax.axhline(
        SHARD_UTILIZATION * PARTITION_MAX_WCU, color=COLORS["ceiling"], ls=":", label=f"{SHARD_UTILIZATION:.0%} of the ceiling"
    )
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
    ("calculated", "aggregate", ":", COLORS["served"], "calculated suffix, aggregate read (under the random line)"),
    ("calculated", "point", "--", COLORS["accent"], "calculated suffix, point read"),
)


def _sharding_title(data: Data) -> str:
    return f"One second of {data['write_rate']:,.0f} writes/s over {plural(data['n_shards'], data['strategy'] + ' suffix')}"


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
    right.set_ylim(0, 54)  # headroom above the 40-request line for the legend (it covered the line's end)
    _finish_read_cost(right)


def _sharding_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_sharding_plot`'s figure for new data: the shard panel (:func:`_update_shard_load`), the
    read-cost lines' widths and those of their legend's handles (the legend copied them when it was built) and the
    suffix count's marker."""
    left, right = fig.axes
    _update_shard_load(left, data["loads"], data["bound"], data["mean"], data["ymax"], _sharding_title(data))
    *cost_lines, marker = right.lines
    handles = right.get_legend().legend_handles
    for line, handle, (s, _r, _ls, _color, _label) in zip(cost_lines, handles, _SUFFIX_LINES, strict=True):
        lw = 3.0 if s == data["strategy"] else 1.2
        line.set_linewidth(lw)
        handle.set_linewidth(lw)
    marker.set_xdata([data["n_shards"], data["n_shards"]])


def _sharding_caption(data: Data) -> str:
    share = data["refused"] / data["offered"] if data["offered"] else 0.0
    if data["bound"] is not None:
        spread = (
            f"the busiest shard took {data['busiest']:,.0f} writes in this seeded second against a mean of "
            f"{data['mean']:,.0f} and a bound on its expectation of {data['bound']:,.0f}"
            if data["n_shards"] > 1
            else f"the one shard took {data['busiest']:,.0f} writes in this seeded second, {data['mean']:,.0f} expected"
        )
    else:
        spread = (
            f"{data['n_values']:,} attribute values hashed onto {plural(data['n_shards'], 'suffix')} put "
            f"{data['busiest']:,.0f} writes on the busiest shard against a mean of {data['mean']:,.0f}"
        )
    return (
        f"With {data['strategy']} suffixes {spread}; {data['refused']:,.0f} writes/s ({share:.0%}) pass a "
        f"{PARTITION_MAX_WCU:,.0f} WCU/s ceiling (1 KB items). A point read costs "
        f"{plural(data['point_requests'], 'request', fmt='.0f')}, an aggregate read {data['aggregate_requests']:.0f}."
    )


write_sharding = register(
    Explorable(
        name="write_sharding",
        title="Write sharding: random against calculated suffixes",
        controls=(
            Control("write_rate", "hot key write rate", 500, 20_000, EXAMPLE_HOT_PARTITION["hot_wcu"], step=500, unit="writes/s"),
            Control("n_shards", "suffix count N", 1, 40, EXAMPLE_SHARD_COUNT, step=1, integer=True),
            Control("strategy", "suffix strategy", 0, 1, 0, step=1, integer=True, choices=("random", "calculated")),
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
    #: The chance that some shard passes the budget in a given second, for Poisson writes (the model's value of the
    #: simulation's ``over_budget``; a near-certainty, not a certainty).
    p_over_budget: float
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
    from scipy import stats

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
        # each shard's writes are Poisson (thinning), independent: the busiest is within the budget with P(X <= b)^N
        p_over_budget=float(-np.expm1(n_shards * float(stats.poisson.logcdf(math.floor(budget), write_rate / n_shards)))),
        needed=needed,
        even_needed=math.ceil(write_rate / budget),
        bound_needed=float(busiest_shard_bound(write_rate, needed)),
        sequential_mean=float(sequential.mean()),
        sequential_max=float(sequential.max()),
        too_few_partitions=math.floor(write_rate / budget),
    )


def suffix_layout_spread(
    write_rate: float,
    n_partitions: int,
    n_layouts: int = 400,
    seed: int = _SEED,
    utilization: float = SHARD_UTILIZATION,
) -> dict[str, float]:
    """Suffixes needed over random placements of the suffix keys on ``n_partitions`` partitions.

    :func:`hotpart.shards_needed` hashes one particular set of key names with the course's MD5 stand-in for
    DynamoDB's internal hash, onto equal hash ranges: one layout. Here each layout places suffix key 0, 1, ... on a
    partition drawn uniformly at random, and the same rule (:func:`hotpart.shards_needed`) gives the count.

    Parameters
    ----------
    write_rate : float
        The hot key's writes per second, in ``(0, 1e6]``.
    n_partitions : int
        Partitions, in ``[1, 100,000]``; enough to carry the key within the budget.
    n_layouts : int
        Random layouts, in ``[1, 10,000]``.
    seed : int
        Seed of the placements, a whole number ``>= 0``.
    utilization : float
        The headroom criterion, a fraction of the ceiling in ``(0, 1]``.

    Returns
    -------
    dict
        ``minimum`` (the count with no collisions), ``share_minimum`` (the share of layouts that need only it),
        ``median``, ``upper_quartile`` and ``worst`` (suffixes needed), and ``layouts``; and ``p_minimum``, the
        closed form ``share_minimum`` estimates. ``minimum`` is the fewest keys of at most the budget each, so two of
        them carry more than the budget (``w / minimum > budget (minimum - 1) / minimum >= budget / 2``): needing
        only ``minimum`` means no two of its keys share a partition, the birthday probability
        ``prod_{k < minimum} (1 - k / n_partitions)``.

    Examples
    --------
    >>> s = suffix_layout_spread(8_000, 1_000, n_layouts=50)
    >>> s["minimum"], s["share_minimum"] > 0.8, round(s["p_minimum"], 3)
    (11, True, 0.946)
    """
    w = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    p = check_integer("n_partitions", n_partitions, low=1, high=_MAX_SHARDS)
    layouts = check_integer("n_layouts", n_layouts, low=1, high=10_000)
    seed = check_seed("seed", seed)
    u = check_number("utilization", utilization, low=0, high=1, low_open=True)
    budget = u * PARTITION_MAX_WCU
    minimum = shards_needed(w, utilization=u)
    if w > p * budget:
        raise ValueError(f"n_partitions = {p} cannot carry write_rate = {w!r} at {budget:,.0f} WCU/s each: no suffix count helps")
    limit = _placed_limit(w, budget, p)
    rng = np.random.default_rng(seed)
    needed = []
    for _ in range(layouts):
        found = _needed_for_placement(w, budget, rng.integers(0, p, size=limit), p)
        needed.append(limit if found is None else found)
    arr = np.asarray(needed, dtype=float)
    return {
        "minimum": minimum,
        "share_minimum": float(np.mean(arr == minimum)),
        "p_minimum": math.prod(1 - k / p for k in range(minimum)),
        "median": float(np.median(arr)),
        "upper_quartile": float(np.quantile(arr, 0.75)),
        "worst": float(arr.max()),
        "layouts": layouts,
    }


def suffix_partition_table(
    write_rate: float,
    partition_counts: tuple[int, ...],
    utilization: float = SHARD_UTILIZATION,
    base_key: str = "HOT",
    n_layouts: int = 400,
    seed: int = _SEED,
    spread_from: int = 40,
) -> tuple[list[str], list[tuple[str, ...]]]:
    """Suffixes a hot key needs when its suffix keys ``HOT#0``, ``HOT#1``, ... are hashed onto ``P`` partitions.

    The second column is the course's one layout (:func:`hotpart.partition_of`, MD5 of the key names on equal hash
    ranges); the others summarise ``n_layouts`` random layouts (:func:`suffix_layout_spread`), for ``P`` from
    ``spread_from`` on (below it a layout needs hundreds of suffixes and the search is slow; the cells say "–").

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
    n_layouts : int
        Random layouts per partition count, in ``[1, 10,000]``.
    seed : int
        Seed of the random layouts, a whole number >= 0 (see :func:`hotpart.check_seed`).
    spread_from : int
        The smallest ``P`` whose random layouts are summarised, in ``[1, 100,000]``.

    Returns
    -------
    (list of str, list of tuple of str)
        Column titles and one row per partition count (:func:`hotpart.shards_needed` with ``n_partitions``, and the
        spread over random layouts), then a last row for a table with so many partitions that no two suffix keys
        share one.

    Examples
    --------
    >>> suffix_partition_table(8_000, (1000,), n_layouts=20)[1][1]
    ('many (no collisions)', '11', '', '', '')
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    if not isinstance(partition_counts, tuple | list) or not partition_counts:
        raise ValueError(f"partition_counts = {partition_counts!r} is not allowed: must be a non-empty tuple of partition counts")
    counts = [check_integer("partition_counts", p, low=1, high=_MAX_SHARDS) for p in partition_counts]
    utilization = check_number("utilization", utilization, low=0, high=1, low_open=True)
    spread_from = check_integer("spread_from", spread_from, low=1, high=_MAX_SHARDS)
    rows = []
    for p in counts:
        ours = f"{shards_needed(write_rate, utilization=utilization, n_partitions=p, base_key=base_key)}"
        if p < spread_from:
            rows.append((f"{p:,}", ours, "–", "–", "–"))
            continue
        spread = suffix_layout_spread(write_rate, p, n_layouts=n_layouts, seed=seed, utilization=utilization)
        exact = f" (exactly {spread['p_minimum']:.1%})"
        rows.append(
            (
                f"{p:,}",
                ours,
                f"{spread['share_minimum']:.0%}{exact}",
                f"{spread['median']:,.0f}",
                f"{spread['upper_quartile']:,.0f}",
            )
        )
    rows.append(("many (no collisions)", f"{shards_needed(write_rate, utilization=utilization)}", "", "", ""))
    header = [
        "partitions $P$",
        "suffixes needed, the course's layout",
        f"random layouts needing only {shards_needed(write_rate, utilization=utilization)} (sampled, and the closed form)",
        "median over random layouts",
        "upper quartile",
    ]
    return header, rows


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


def sequential_busiest(
    write_rate: float, n_shards: int, n_writers: int, seconds: int = 600, seed: int = _SEED, restart: bool = False
) -> float:
    """The busiest shard's mean writes per second when ``n_writers`` writers each cycle their own suffix counter.

    Each second, writer ``k`` makes Poisson(``write_rate / n_writers``) writes and sends them to shards ``c_k``,
    ``c_k + 1``, ... (mod ``N``); its counter ``c_k`` carries on into the next second from a random starting phase
    (long-lived writers), or starts again at 0 every second (``restart=True``: short-lived writers, such as new
    Lambda execution environments). One writer puts at most ``ceil(X / N)`` of a second's ``X`` writes on a shard;
    many writers each add up to one write per shard above the even split.

    Parameters
    ----------
    write_rate : float
        The key's writes per second, in ``(0, 1e6]``.
    n_shards : int
        Suffixes, in ``[1, 100,000]``.
    n_writers : int
        Writers, in ``[1, 10**6]``.
    seconds : int
        Seconds simulated, in ``[1, 86,400]``.
    seed : int
        Seed of the simulation, a whole number ``>= 0``.
    restart : bool
        Whether every counter starts again at 0 each second.

    Returns
    -------
    float
        The busiest shard's writes per second, averaged over the seconds.

    Examples
    --------
    >>> 800 <= sequential_busiest(8_000, 10, 1, seconds=200) < 810  # ceil(X / N) of Poisson(8,000) writes
    True
    >>> sequential_busiest(8_000, 10, 8_000, seconds=50) > 830, sequential_busiest(8_000, 10, 8_000, 50, restart=True) > 5_000
    (True, True)
    """
    w = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    n = check_integer("n_shards", n_shards, low=1, high=_MAX_SHARDS)
    k = check_integer("n_writers", n_writers, low=1, high=10**6)
    seconds = check_integer("seconds", seconds, low=1, high=86_400)
    seed = check_seed("seed", seed)
    if not isinstance(restart, bool):
        raise ValueError(f"restart = {restart!r} is not allowed: must be True or False")
    rng = np.random.default_rng(seed)
    phase = np.zeros(k, dtype=np.int64) if restart else rng.integers(0, n, size=k)
    busiest = np.empty(seconds)
    for t in range(seconds):
        x = rng.poisson(w / k, size=k)
        full, rest = np.divmod(x, n)
        diff = np.zeros(2 * n + 1, dtype=np.int64)
        np.add.at(diff, phase, 1)
        np.add.at(diff, phase + rest, -1)
        run = np.cumsum(diff[:-1])
        per_shard = int(full.sum()) + run[:n] + run[n:]
        busiest[t] = per_shard.max()
        phase = np.zeros(k, dtype=np.int64) if restart else (phase + x) % n
    return float(busiest.mean())


def sequential_writers_table(
    write_rate: float,
    n_shards: int,
    writers: tuple[int, ...] = (1, 10, 100, 1_000, 8_000),
    seconds: int = 600,
    seed: int = _SEED,
) -> tuple[list[str], list[tuple[str, ...]]]:
    """Chapter 5's table of a sequential suffix by number of writers (:func:`sequential_busiest`).

    Parameters
    ----------
    write_rate : float
        The key's writes per second, in ``(0, 1e6]``.
    n_shards : int
        Suffixes, in ``[1, 100,000]``.
    writers : tuple of int
        Writer counts, each in ``[1, 10**6]``, at least one.
    seconds : int
        Seconds simulated per row, in ``[1, 86,400]``.
    seed : int
        Seed of the simulation, a whole number >= 0 (see :func:`hotpart.check_seed`).

    Returns
    -------
    (list of str, list of tuple of str)
        Column titles, and one row per writer count: the busiest shard with long-lived counters, and with counters
        that start at 0 every second.

    Examples
    --------
    >>> header, rows = sequential_writers_table(8_000, 10, writers=(1,), seconds=20)
    >>> rows[0][0], [800 <= int(x.replace(",", "")) < 810 for x in rows[0][1:]]
    ('1', [True, True])
    """
    if not isinstance(writers, tuple | list) or not writers:
        raise ValueError(f"writers = {writers!r} is not allowed: must be a non-empty tuple of writer counts")
    rows = [
        (
            f"{k:,}",
            f"{sequential_busiest(write_rate, n_shards, k, seconds, seed):,.0f}",
            f"{sequential_busiest(write_rate, n_shards, k, seconds, seed, restart=True):,.0f}",
        )
        for k in (check_integer("writers", x, low=1, high=10**6) for x in writers)
    ]
    header = [
        "writers",
        "busiest shard, writes/s (long-lived counters)",
        "busiest shard, writes/s (counters restarting at 0 each second)",
    ]
    return header, rows
