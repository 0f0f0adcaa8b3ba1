"""Chapters 2 to 4's figures: key designs over time, the Zipf head and scale limit, composite keys.

Models: :mod:`hotpart.models.key_designs`, :mod:`~hotpart.models.skew`, :mod:`~hotpart.models.max_load`,
:mod:`~hotpart.models.scale_limits`, :mod:`~hotpart.models.item_collections`. Notebooks: ``notebooks/02_key_designs.ipynb``,
``notebooks/03_zipf.ipynb`` and ``notebooks/04_composite_keys.ipynb``.
"""

from __future__ import annotations

import itertools
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from numpy.typing import ArrayLike, NDArray
from scipy.special import zeta

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, log_axis, partition_bars
from ..models import (
    ITEM_COLLECTION_MAX_GB,
    KEY_DESIGNS,
    PARTITION_MAX_WCU,
    SALE_START_H,
    DateKey,
    KeyDistribution,
    ScaleLimit,
    Uniform,
    Zipf,
    days_to_collection_limit,
    expected_max_load,
    item_collection_gb,
    key_design,
    load_over_time,
    max_load_cdf,
    max_load_regime,
    partition_load,
    partition_of,
    raab_steger_max_load,
    scale_limit,
    simulated_max_load,
    write_units,
)
from ..models._validation import check_array, check_integer, check_number

#: Limits of the helpers' inputs: the largest finite float, keys on a top-share axis, entities of a composite design.
_FINITE = sys.float_info.max
_MAX_KEYS = 1e18
_MAX_ENTITIES = 10**12
_MAX_HOURS = 1e6

__all__ = [
    "COMPOSITE_DESIGNS",
    "TIMELINE_H",
    "COLLECTION_DAYS",
    "SingleTable",
    "balls_in_bins_table",
    "collection_curves",
    "composite_cases",
    "composite_design",
    "composite_table",
    "key_design_cases",
    "key_design_table",
    "sale_case",
    "single_table_example",
    "zipf_limits_table",
    "zipf_sampled_shares",
    "plot_collection_growth",
    "plot_load_over_time",
    "plot_top_shares",
]

#: One colour per partition in the timeline (matplotlib's "tab10").
_CYCLE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf")

#: Hours shown by the key-design timeline: three days, in quarter hours.
TIMELINE_H = np.arange(0.0, 72.0, 0.25)


# ---------------------------------------------------------------------------------------------
# Shared plots
# ---------------------------------------------------------------------------------------------


def plot_load_over_time(
    ax: Axes,
    t_h: ArrayLike,
    load: NDArray[np.float64],
    ceiling: float = PARTITION_MAX_WCU,
    title: str = "Demand on each partition over time",
    ymax: float | None = None,
    midnights: bool = True,
) -> None:
    """Draw each partition's demand over time against the ceiling, one colour per partition.

    The label above each day (between midnights) names the partition that is hottest that day, ``P<index>``.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    t_h : array_like
        Times, hours.
    load : numpy.ndarray
        Demand, units per second, shape ``(len(t_h), n_partitions)`` (see :func:`hotpart.load_over_time`).
    ceiling : float
        The per-partition ceiling, units per second.
    title : str
        The axes' title.
    ymax : float, optional
        Top of the y axis; from the data if omitted.
    midnights : bool
        Mark every midnight (where a date key rolls over).

    ``t_h`` (at least one time, hours ``>= 0``, at most 10**6) and ``load`` (``>= 0``) are finite; ``ceiling`` and
    ``ymax`` are finite and ``> 0``.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> t = np.linspace(0.0, 48.0, 97)
    >>> plot_load_over_time(ax, t, load_over_time(DateKey(n_days=3, decay=0.5), t, 4, 2_000.0))
    """
    t = check_array("t_h", t_h, low=0, high=_MAX_HOURS)
    if t.ndim != 1 or t.size == 0:
        raise ValueError(f"t_h = {t_h!r} is not allowed: must be a non-empty 1-D array of hours")
    load = check_array("load", load, low=0, high=_FINITE)
    if load.ndim != 2 or load.shape[0] != t.size or load.shape[1] == 0:
        raise ValueError(f"load has shape {load.shape}: must be (len(t_h), n_partitions) = ({t.size}, n >= 1)")
    ceiling = check_number("ceiling", ceiling, low=0, high=_FINITE, low_open=True)
    if ymax is not None:
        ymax = check_number("ymax", ymax, low=0, high=_FINITE, low_open=True)
    n = load.shape[1]
    colors = [_CYCLE[j % len(_CYCLE)] for j in range(n)]
    for j in range(n):
        ax.plot(t, load[:, j], color=colors[j], lw=1.3)
    ax.plot([], [], color=_CYCLE[0], lw=1.3, label=f"one line per partition ({n})")
    ax.fill_between(t, ceiling, np.maximum(load.max(axis=1), ceiling), color=COLORS["refused"], alpha=0.15, lw=0)
    ax.fill_between([], [], [], color=COLORS["refused"], alpha=0.15, lw=0, label="above the ceiling (refused)")
    ax.axhline(ceiling, color=COLORS["ceiling"], lw=1.5, label=f"partition ceiling {ceiling:,.0f}")
    top = ymax if ymax is not None else 1.08 * max(float(load.max()), ceiling)
    edges = [t.min(), *np.arange(24.0, t.max(), 24.0), t.max()] if midnights else [t.min(), t.max()]
    for i, (lo, hi) in enumerate(itertools.pairwise(edges)):
        inside = (t >= lo) & (t < hi) if i < len(edges) - 2 else (t >= lo)
        if midnights and i:
            ax.axvline(lo, color=COLORS["share"], ls=":", lw=1, label="midnight" if i == 1 else None)
        block = load[inside]
        if block.size and block.max() > 0:
            j = int(block.max(axis=0).argmax())
            ax.text((lo + hi) / 2, 0.97 * top, f"P{j}", ha="center", va="top", fontsize=8, color=colors[j])
    ax.set_xlim(t.min(), t.max())
    ax.set_ylim(0, top)
    finish_axes(ax, title, "time (hours)", "demand per partition (WCU/s)", loc="upper left")
    # below the axes, so that the hottest-partition labels at the top of every day stay readable
    fig = ax.get_figure()
    narrow = fig is not None and ax.get_position().width * fig.get_figwidth() < 5.0
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.17), ncol=2 if narrow else 4, fontsize=8, framealpha=0.9)


def plot_top_shares(
    ax: Axes,
    dists: Sequence[Zipf],
    samples: Sequence[tuple[NDArray[np.float64], NDArray[np.float64]]] | None = None,
    k_max: float = 1e12,
) -> None:
    """Cumulative share of the k hottest keys against k (log scale), closed form as lines, samples as dots.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    dists : sequence of Zipf
        Distributions to draw (closed form, :meth:`Zipf.top_share`).
    samples : sequence of (k, share) arrays, optional
        Sampled top-k shares, one pair per distribution, drawn as dots (``k`` in ``[1, k_max]``, shares in
        ``[0, 1]``).
    k_max : float
        Right end of the x axis, keys, in ``(1, 1e18]``.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_top_shares(ax, [Zipf(1_000, 1.0)], k_max=1e4)
    """
    k_max = check_number("k_max", k_max, low=1, high=_MAX_KEYS, low_open=True)
    if samples is not None:
        if isinstance(samples, (str, bytes)) or not hasattr(samples, "__len__") or len(samples) != len(dists):
            raise ValueError(f"samples = {samples!r} is not allowed: must hold one (k, share) pair per distribution")
        for i, pair in enumerate(samples):
            if isinstance(pair, (str, bytes)) or not hasattr(pair, "__len__") or len(pair) != 2:
                raise ValueError(f"samples[{i}] = {pair!r} is not allowed: must be a (k, share) pair of arrays")
            k = check_array(f"samples[{i}][0]", pair[0], low=1, high=_MAX_KEYS)
            share = check_array(f"samples[{i}][1]", pair[1], low=0, high=1)
            if k.shape != share.shape:
                raise ValueError(f"samples[{i}]: k has shape {k.shape} but share {share.shape}: must match")
    palette = [COLORS["served"], COLORS["refused"], COLORS["accent"], COLORS["share"], COLORS["ceiling"]]
    for i, d in enumerate(dists):
        ks = np.unique(np.round(np.logspace(0, math.log10(d.n_keys), 60)).astype(np.int64))
        color = palette[i % len(palette)]
        label = f"closed form, s={d.s:g}, n={d.n_keys:.0e} keys"
        ax.plot(ks, [d.top_share(int(k)) for k in ks], color=color, lw=1.8, label=label)
        if samples is not None:
            k, share = samples[i]
            ax.plot(k, share, "o", ms=3.5, color=color, mfc="white", label="sampled requests" if i == 0 else None)
    ax.set_xscale("log")
    # few decade labels: each is mathtext, and laying out a dozen of them dominates the render time
    log_axis(ax, "x", numticks=5)
    ax.set_xlim(1, k_max)
    ax.set_ylim(0, 1.02)
    finish_axes(ax, "How few keys carry the traffic", "k hottest keys (log scale)", "share of requests", loc="upper left")


def plot_collection_growth(
    ax: Axes,
    days: ArrayLike,
    sizes_gb: dict[str, NDArray[np.float64]],
    limit_gb: float = ITEM_COLLECTION_MAX_GB,
    title: str = "Largest item collection over time",
) -> None:
    """Item-collection size over time, one line per design, against the 10 GB limit (log y scale).

    Parameters
    ----------
    ax : Axes
        Where to draw.
    days : array_like
        Elapsed days.
    sizes_gb : dict of str to array
        Label to sizes, GB, one per day.
    limit_gb : float
        The item-collection limit, GB (with an LSI).
    title : str
        The axes' title.

    ``days`` (at least two, finite, ``>= 0``) and each array of ``sizes_gb`` (one size per day, ``>= 0``) are finite;
    ``limit_gb`` is finite and ``> 0``.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_collection_growth(ax, np.arange(31.0), {"date key": np.linspace(0.0, 5.0, 31)})
    """
    d = check_array("days", days, low=0, high=_FINITE)
    if d.ndim != 1 or d.size < 2:
        raise ValueError(f"days = {days!r} is not allowed: must be a 1-D array of at least two days >= 0")
    limit_gb = check_number("limit_gb", limit_gb, low=0, high=_FINITE, low_open=True)
    if not isinstance(sizes_gb, dict):
        raise TypeError(f"sizes_gb = {sizes_gb!r} is not allowed: must be a dict of label to sizes, GB")
    for label, gb in sizes_gb.items():
        if check_array(f"sizes_gb[{label!r}]", gb, low=0, high=_FINITE).shape != d.shape:
            raise ValueError(f"sizes_gb[{label!r}] must hold one size per day ({d.size})")
    palette = [COLORS["refused"], COLORS["served"], COLORS["accent"], COLORS["share"], COLORS["ceiling"]]
    for i, (label, gb) in enumerate(sizes_gb.items()):
        ax.plot(d, np.maximum(gb, 1e-6), lw=1.8, color=palette[i % len(palette)], label=label)
    ax.axhline(limit_gb, color=COLORS["ceiling"], ls="--", lw=1.2, label=f"{limit_gb:g} GB item-collection limit (LSI)")
    ax.set_yscale("log")
    log_axis(ax, "y", numticks=5)
    ax.set_ylim(1e-4, 1e9)
    ax.set_xlim(d.min(), d.max())
    finish_axes(ax, title, "days of writes", "item collection (GB, log scale)", loc="upper left")


# ---------------------------------------------------------------------------------------------
# Chapter 2: key designs over time
# ---------------------------------------------------------------------------------------------

_DESIGN_LABELS = {
    "date": 'PK = date ("2026-04-01")',
    "status": "PK = status (ACTIVE / INACTIVE / SUSPENDED)",
    "user_type": "PK = user_type (member / guest / admin)",
    "popular item": "PK = product ID, time sale at 20:00 on day 2",
    "userId": "PK = userId (10^6 users)",
    "deviceId": "PK = deviceId (10^5 devices)",
    "orderId": "PK = orderId (10^9 orders)",
}


def _design_compute(design: int, hot_pct: float, multiplier: float, total_wcu: float, n_partitions: int) -> Data:
    name = KEY_DESIGNS[design]
    dist = key_design(name, hot_share=hot_pct / 100.0, multiplier=multiplier)
    load = load_over_time(dist, TIMELINE_H, n_partitions, total_wcu)
    peak_row = int(load.max(axis=1).argmax())
    peak = load[peak_row]
    offered = float(peak.sum())
    shares = peak / offered if offered > 0 else np.full(n_partitions, 1.0 / n_partitions)
    limit = scale_limit(shares, offered, PARTITION_MAX_WCU)
    sale = key_design("popular item", multiplier=multiplier)
    ymax = 1.08 * max(total_wcu * float(sale.demand_factor([SALE_START_H])[0]), PARTITION_MAX_WCU)
    return {
        "name": name,
        "label": _DESIGN_LABELS[name],
        "dist": dist,
        "load": load,
        "peak_t": float(TIMELINE_H[peak_row]),
        "limit": limit,
        "effective": dist.effective_cardinality(),
        "ymax": ymax,
        "refused_day": float(np.maximum(0.0, load - PARTITION_MAX_WCU).sum() / max(load.sum(), 1e-300)),
    }


def _design_plot(fig: Figure, data: Data) -> None:
    plot_load_over_time(fig.axes[0], TIMELINE_H, data["load"], title=f"{data['label']}: demand per partition", ymax=data["ymax"])


def _design_caption(data: Data) -> str:
    lim = data["limit"]
    dist: KeyDistribution = data["dist"]
    return (
        f"{data['label']}: {dist.n_keys:,} key values, effective cardinality {data['effective']:,.1f}. "
        f"At its worst moment (hour {data['peak_t']:g}) the hottest partition is offered {lim.hottest_demand:,.0f} "
        f"WCU/s against the {lim.ceiling:,.0f} ceiling and {lim.refused_fraction:.0%} of the table's demand is refused; "
        f"over the three days, {data['refused_day']:.0%}. With this spread the table throttles above "
        f"{lim.max_total_demand:,.0f} WCU/s in all."
    )


key_design_load = register(
    Explorable(
        name="key_design_load",
        title="Seven partition-key designs, one table: demand per partition over three days",
        controls=(
            Control(
                "design", "design: 0 date, 1 status, 2 user_type, 3 item, 4 userId, 5 deviceId, 6 orderId", 0, 6, 0, integer=True
            ),
            Control("hot_pct", "share of the hottest value (date, status, user_type)", 40, 100, 90, step=5, unit="%"),
            Control("multiplier", "time-sale demand multiplier (design 3)", 1, 1000, 20, step=0.1, scale="log"),
            Control("total_wcu", "table demand", 1_000, 20_000, 6_000, step=1_000, unit="WCU/s"),
            Control("n_partitions", "partitions", 1, 20, 10, step=1, integer=True),
        ),
        compute=_design_compute,
        plot=_design_plot,
        caption=_design_caption,
        try_this=(
            "step the design from 0 to 6 at the same table demand. The date key's hottest partition (the label "
            "above each day) changes at every midnight; status and user_type sit above the ceiling all day; the "
            "popular item spikes during its sale; userId, deviceId and orderId stay flat under the ceiling. Then "
            "lower the hottest value's share."
        ),
        static=("design", "hot_pct"),
    )
)


# ---------------------------------------------------------------------------------------------
# Chapter 3: the Zipf head, and the scale limit
# ---------------------------------------------------------------------------------------------

#: Requests drawn for the sampled check of the Zipf head.
ZIPF_SAMPLE_SIZE = 20_000


def _zipf_compute(s: float, n_keys: float, total_wcu: float) -> Data:
    n = round(n_keys)
    z = Zipf(n, s)
    ranks = z.sample(ZIPF_SAMPLE_SIZE, seed=0)
    ks = np.unique(np.round(np.logspace(0, math.log10(n), 13)).astype(np.int64))
    sorted_ranks = np.sort(ranks)
    sampled = np.searchsorted(sorted_ranks, ks, side="right") / ranks.size
    top = z.head(min(10, n))
    limit = scale_limit(z, total_wcu)
    return {
        "dist": z,
        "k": ks.astype(float),
        "sampled": sampled,
        "head_demand": top * total_wcu,
        "limit": limit,
        "sampled_top1": float(np.mean(ranks == 1)),
        "k50": z.keys_for_share(0.5),
        "k80": z.keys_for_share(0.8),
        "ymax": 3.0 * max(total_wcu, PARTITION_MAX_WCU),
    }


def _zipf_plot(fig: Figure, data: Data) -> None:
    left, right = fig.axes
    plot_top_shares(left, [data["dist"]], [(data["k"], data["sampled"])])
    demand = data["head_demand"]
    partition_bars(right, demand, PARTITION_MAX_WCU, PARTITION_MAX_WCU, labels=[str(i) for i in range(1, demand.size + 1)])
    right.set_yscale("log")
    log_axis(right, "y", numticks=4)
    right.set_xlim(-0.6, 9.6)
    right.set_ylim(1, data["ymax"])
    finish_axes(right, "The ten hottest keys, each alone", "key rank", "demand on the key (WCU/s, log scale)")
    fixed_layout(fig)


def _zipf_caption(data: Data) -> str:
    z: Zipf = data["dist"]
    lim = data["limit"]
    return (
        f"Zipf s={z.s:g} over {z.n_keys:.3g} keys: the hottest key takes {z.top_share(1):.2%} (closed form; "
        f"{data['sampled_top1']:.2%} of {ZIPF_SAMPLE_SIZE:,} sampled requests); {data['k50']:,} keys carry half the "
        f"traffic and {data['k80']:,} carry 80%. At {lim.total_demand:,.0f} WCU/s the hottest key alone demands "
        f"{lim.hottest_demand:,.0f}; the table throttles above {lim.max_total_demand:,.0f} WCU/s, however many "
        f"partitions it has, while each key's items stay on one partition ({lim.refused_fraction:.1%} refused now)."
    )


zipf_head = register(
    Explorable(
        name="zipf_head",
        title="The hottest key under Zipf skew, up to 10^12 keys",
        controls=(
            Control("s", "Zipf exponent s", 0.0, 2.0, 0.99, step=0.01),
            Control("n_keys", "distinct keys", 10, 1e12, 1e10, step=0.5, scale="log"),
            Control("total_wcu", "table demand", 1_000, 100_000, 40_000, step=1_000, unit="WCU/s"),
        ),
        compute=_zipf_compute,
        plot=_zipf_plot,
        caption=_zipf_caption,
        try_this=(
            "raise s from 0 to 2 and watch the hottest bar climb through the ceiling while the curve bends up; "
            "then multiply the key count by a million: for s above 1 the hottest key's share barely moves, "
            "so more keys do not rescue the scale limit."
        ),
        static=("s", "n_keys"),
        ncols=2,
        figsize=(9.5, 3.6),
    )
)


# ---------------------------------------------------------------------------------------------
# Chapter 4: composite keys, time-series keys, item collections
# ---------------------------------------------------------------------------------------------

#: The designs of the composite-keys chapter, by index: (label, what the partition key holds).
COMPOSITE_DESIGNS: tuple[str, ...] = (
    "PK = status",
    "PK = USER#id, SK = STATUS#… / ORDER#…",
    "PK = date, SK = timestamp",
    "PK = deviceId, SK = timestamp",
    "PK = deviceId#YYYY-MM, SK = timestamp",
)
#: Share of entities in the ACTIVE status, for the status design: the default of :func:`key_design`
#: (``ASSUMPTIONS["DESIGN_HOT_SHARE"]``), so chapters 2 and 4 use one value.
ACTIVE_SHARE = key_design("status").top_share(1)
#: Days shown by the item-collection panel.
COLLECTION_DAYS = np.arange(0.0, 731.0)


def composite_design(design: int, n_entities: int) -> tuple[KeyDistribution, float]:
    """The write distribution of a composite-keys design, and how long its hottest key keeps receiving items.

    Parameters
    ----------
    design : int
        Index into :data:`COMPOSITE_DESIGNS`.
    n_entities : int
        Users or devices, each writing at the same rate, in ``[1, 10**12]``.

    Returns
    -------
    (KeyDistribution, float)
        Share of writes by partition-key value, and the days after which
        the hottest key stops growing (inf: never).

    Examples
    --------
    >>> composite_design(3, 1000)
    (Uniform(n_keys=1000, prefix='DEVICE#': each key 0.1000%), inf)
    """
    design = check_integer("design", design, low=0, high=len(COMPOSITE_DESIGNS) - 1)
    n = check_integer("n_entities", n_entities, low=1, high=_MAX_ENTITIES)
    if design == 0:
        return key_design("status"), math.inf
    if design == 1:
        return Uniform(n, prefix="USER#"), math.inf
    if design == 2:
        return DateKey(n_days=1, decay=0.0), 1.0
    if design == 3:
        return Uniform(n, prefix="DEVICE#"), math.inf
    return Uniform(n, prefix="DEVICE#2026-04#"), 31.0


def _composite_compute(design: int, n_entities: float, writes_per_min: float, item_bytes: float, n_partitions: int) -> Data:
    n = round(n_entities)
    dist, window = composite_design(design, n)
    rate_per_s = n * writes_per_min / 60.0
    units = float(write_units(item_bytes))
    total_wcu = rate_per_s * units
    load = partition_load(dist, n_partitions) * total_wcu
    limit = scale_limit(load / total_wcu if total_wcu > 0 else np.full(n_partitions, 1 / n_partitions), total_wcu)
    hottest_rate = rate_per_s * dist.top_share(1)
    sizes = item_collection_gb(hottest_rate, item_bytes, COLLECTION_DAYS, window_days=window)
    return {
        "design": design,
        "label": COMPOSITE_DESIGNS[design],
        "dist": dist,
        "load": load,
        "total_wcu": total_wcu,
        "limit": limit,
        "sizes": sizes,
        "days_to_limit": days_to_collection_limit(hottest_rate, item_bytes) if math.isinf(window) else None,
        "capped_gb": float(sizes[-1]),
        "ymax": 1.08 * max(total_wcu, PARTITION_MAX_WCU),
    }


def _composite_plot(fig: Figure, data: Data) -> None:
    left, right = fig.axes
    partition_bars(left, data["load"], PARTITION_MAX_WCU, PARTITION_MAX_WCU)
    left.set_ylim(0, data["ymax"])
    finish_axes(left, data["label"], "partition", "write demand (WCU/s)")
    plot_collection_growth(right, COLLECTION_DAYS, {"hottest key's item collection": data["sizes"]})
    fixed_layout(fig)


def _composite_caption(data: Data) -> str:
    lim = data["limit"]
    dist: KeyDistribution = data["dist"]
    days = data["days_to_limit"]
    growth = (
        f"its item collection passes {ITEM_COLLECTION_MAX_GB:g} GB after {days:,.0f} days"
        if days is not None and math.isfinite(days)
        else f"its item collection stops growing at {data['capped_gb']:,.3g} GB"
    )
    return (
        f"{data['label']}: {dist.n_keys:,} partition-key values take {data['total_wcu']:,.0f} WCU/s. The hottest "
        f"partition is offered {lim.hottest_demand:,.0f} WCU/s ({lim.refused_fraction:.0%} of writes refused); "
        f"the hottest key takes {dist.top_share(1):.3g} of the writes and {growth}."
    )


composite_keys = register(
    Explorable(
        name="composite_keys",
        title="Composite and time-series keys: per-partition load and item-collection size",
        controls=(
            Control("design", "design: 0 status, 1 USER#id, 2 date, 3 deviceId, 4 deviceId#month", 0, 4, 0, integer=True),
            Control("n_entities", "users or devices", 100, 1e6, 1e4, step=0.5, scale="log"),
            Control("writes_per_min", "writes per user or device", 0.1, 60, 30, step=0.1, unit="per minute"),
            Control("item_bytes", "item size", 100, 4_000, 500, step=100, unit="bytes"),
            Control("n_partitions", "partitions", 1, 20, 10, step=1, integer=True),
        ),
        compute=_composite_compute,
        plot=_composite_plot,
        caption=_composite_caption,
        try_this=(
            "step the design from 0 to 4. Status and date put the writes on one partition; USER#id and deviceId "
            f"spread them, but a device's history grows without bound and crosses {ITEM_COLLECTION_MAX_GB:g} GB; "
            "deviceId#YYYY-MM caps it. Then raise the writes per device and watch when the "
            f"{ITEM_COLLECTION_MAX_GB:g} GB line is crossed."
        ),
        static=("design", "n_partitions"),
        ncols=2,
        figsize=(9.5, 3.6),
    )
)


# ---------------------------------------------------------------------------------------------
# Chapter 2's numbers: seven designs on one table, and the time sale
# ---------------------------------------------------------------------------------------------

#: The chapter's short names of the designs of :data:`hotpart.KEY_DESIGNS`, for its table.
_DESIGN_SHORT = {
    "date": "date",
    "status": "status",
    "user_type": "user_type",
    "popular item": "product ID (time sale)",
    "userId": "userId",
    "deviceId": "deviceId",
    "orderId": "orderId",
}
#: The largest table demand the chapter helpers take, units/s.
_MAX_DEMAND = 1e9


@dataclass(frozen=True)
class KeyDesignCase:
    """One key design run over :data:`TIMELINE_H` on one table (:func:`key_design_cases`)."""

    #: The design's name in :data:`hotpart.KEY_DESIGNS`, and the chapter's short label.
    name: str
    label: str
    #: Share of requests by key value.
    dist: KeyDistribution
    #: Demand on each partition at each time of :data:`TIMELINE_H`, units/s, shape ``(times, partitions)``.
    load: NDArray[np.float64]
    #: The hour of the design's worst moment (its hottest partition at its busiest).
    worst_h: float
    #: The scale limit of the partitions at the worst moment, and with every key value on a partition of its own.
    partition_limit: ScaleLimit
    key_limit: ScaleLimit
    #: The hottest partition of each day shown (index of the partition).
    hottest_by_day: tuple[int, ...]


def key_design_cases(
    total_wcu: float, n_partitions: int, hot_share: float | None = None, multiplier: float | None = None
) -> dict[str, KeyDesignCase]:
    """Every design of :data:`hotpart.KEY_DESIGNS` on one table, over the three days of :data:`TIMELINE_H`.

    Parameters
    ----------
    total_wcu : float
        The table's everyday demand, WCU/s, in ``(0, 1e9]``.
    n_partitions : int
        Partitions of the table, in ``[1, 10,000]``.
    hot_share : float, optional
        Share of the hottest value of the date, status and user_type keys, in ``(0, 1]``; :func:`hotpart.key_design`'s
        default if omitted.
    multiplier : float, optional
        The time sale's demand multiplier, in ``[1, 1e6]``; :func:`hotpart.key_design`'s default if omitted.

    Returns
    -------
    dict of str to KeyDesignCase
        One case per design, in the order of :data:`hotpart.KEY_DESIGNS`.

    Examples
    --------
    >>> cases = key_design_cases(6_000, 10)
    >>> status = cases["status"]
    >>> round(status.key_limit.max_total_demand), round(status.partition_limit.hottest_demand)
    (1111, 5520)
    >>> len(set(cases["date"].hottest_by_day))  # the hot spot moves at midnight
    3
    """
    total_wcu = check_number("total_wcu", total_wcu, low=0, high=_MAX_DEMAND, low_open=True)
    n_partitions = check_integer("n_partitions", n_partitions, low=1, high=10_000)
    kwargs: dict[str, Any] = {}
    if hot_share is not None:
        kwargs["hot_share"] = check_number("hot_share", hot_share, low=0, high=1, low_open=True)
    if multiplier is not None:
        kwargs["multiplier"] = check_number("multiplier", multiplier, low=1, high=1e6)
    days = math.ceil(TIMELINE_H[-1] / 24.0)
    cases = {}
    for name in KEY_DESIGNS:
        dist = key_design(name, **kwargs)
        load = load_over_time(dist, TIMELINE_H, n_partitions, total_wcu)
        worst = int(load.max(axis=1).argmax())
        offered = float(load[worst].sum())
        by_day = tuple(int(load[(TIMELINE_H >= 24 * d) & (TIMELINE_H < 24 * (d + 1))].max(axis=0).argmax()) for d in range(days))
        cases[name] = KeyDesignCase(
            name=name,
            label=_DESIGN_SHORT[name],
            dist=dist,
            load=load,
            worst_h=float(TIMELINE_H[worst]),
            partition_limit=scale_limit(load[worst] / offered, offered),
            key_limit=scale_limit(dist, total_wcu),
            hottest_by_day=by_day,
        )
    return cases


def _cardinality_text(x: float) -> str:
    return f"{x:,.2f}" if x < 100 else f"{x:,.0f}"


def key_design_table(cases: dict[str, KeyDesignCase]) -> tuple[list[str], list[tuple[str, ...]]]:
    """Chapter 2's table of key designs: header and formatted rows, for :func:`hotpart.markdown_table`.

    Parameters
    ----------
    cases : dict of str to KeyDesignCase
        From :func:`key_design_cases`, at least one.

    Returns
    -------
    (list of str, list of tuple of str)
        Column titles, and one row per design: distinct values, effective cardinality, the hottest value's share
        at its peak, the hottest partition at its worst (WCU/s), the share refused then, and the two scale limits.

    Examples
    --------
    >>> header, rows = key_design_table(key_design_cases(6_000, 10))
    >>> len(header), rows[1][:4]
    (8, ('status', '3', '1.22', '90%'))
    """
    if not isinstance(cases, dict) or not cases or not all(isinstance(c, KeyDesignCase) for c in cases.values()):
        raise ValueError(f"cases = {cases!r} is not allowed: must be a non-empty dict of KeyDesignCase (key_design_cases)")
    header = [
        "partition key",
        "distinct values",
        "effective cardinality",
        "hottest value's share (peak)",
        "hottest partition at its worst (WCU/s)",
        "refused then",
        "table limit on these partitions (WCU/s)",
        "limit with every value alone, $C/p_{\\max}$ (WCU/s)",
    ]
    rows = [
        (
            c.label,
            f"{c.dist.n_keys:,}",
            _cardinality_text(c.dist.effective_cardinality()),
            f"{100 * c.dist.top_share(1):.3g}%",
            f"{c.partition_limit.hottest_demand:,.0f}",
            f"{c.partition_limit.refused_fraction:.0%}",
            f"{c.partition_limit.max_total_demand:,.0f}",
            f"{c.key_limit.max_total_demand:,.0f}",
        )
        for c in cases.values()
    ]
    return header, rows


@dataclass(frozen=True)
class SaleCase:
    """The best-selling item of chapter 2's time sale, on its partition (:func:`sale_case`). Rates in WCU/s."""

    #: Items, their Zipf exponent, and the best seller's everyday share of requests.
    n_items: int
    s: float
    item_share: float
    #: The item's share during the sale, and how much the table's demand grows then.
    sale_share: float
    demand_factor: float
    #: The partition holding the item: its index, its everyday demand, and the part of it from other items.
    partition: int
    everyday_wcu: float
    others_wcu: float
    #: The smallest sale multiplier that puts the item's partition at the ceiling.
    break_multiplier: float


def sale_case(
    total_wcu: float, n_partitions: int, multiplier: float | None = None, ceiling: float = PARTITION_MAX_WCU
) -> SaleCase:
    """What a time sale does to the best-selling item's partition, and which multiplier breaks its ceiling.

    The partition is offered ``total_wcu`` times the shares of the items hashed onto it; during the sale the item's
    own demand is multiplied by ``M``, so the partition reaches the ceiling ``C`` at
    ``M* = (C - others) / (total_wcu * b)``, with ``b`` the item's everyday share.

    Parameters
    ----------
    total_wcu : float
        The table's everyday demand, WCU/s, in ``(0, 1e9]``.
    n_partitions : int
        Partitions of the table, in ``[1, 10,000]``.
    multiplier : float, optional
        The sale's multiplier, in ``[1, 1e6]``; :func:`hotpart.key_design`'s default if omitted.
    ceiling : float
        The per-partition ceiling, WCU/s, in ``(0, 1e9]``.

    Returns
    -------
    SaleCase

    Examples
    --------
    >>> c = sale_case(6_000, 10)
    >>> c.n_items, round(c.item_share, 4), round(c.break_multiplier, 1)
    (10000, 0.0369, 2.1)
    """
    total_wcu = check_number("total_wcu", total_wcu, low=0, high=_MAX_DEMAND, low_open=True)
    n_partitions = check_integer("n_partitions", n_partitions, low=1, high=10_000)
    ceiling = check_number("ceiling", ceiling, low=0, high=_MAX_DEMAND, low_open=True)
    kwargs: dict[str, Any] = {}
    if multiplier is not None:
        kwargs["multiplier"] = check_number("multiplier", multiplier, low=1, high=1e6)
    sale = key_design("popular item", **kwargs)
    everyday, peak = sale.everyday, sale.peak
    b = everyday.top_share(1)
    item = next(iter(everyday.keys()))
    where = int(partition_of(item, n_partitions)[0])
    on_partition = float(total_wcu * partition_load(everyday, n_partitions)[where])
    others = on_partition - total_wcu * b
    return SaleCase(
        n_items=int(everyday.n_keys),
        s=float(everyday.s),
        item_share=float(b),
        sale_share=float(peak.boosted_share),
        demand_factor=float(peak.total_factor),
        partition=where,
        everyday_wcu=on_partition,
        others_wcu=others,
        break_multiplier=(ceiling - others) / (total_wcu * b),
    )


# ---------------------------------------------------------------------------------------------
# Chapter 3's numbers: head shares and scale limits, the sampled check, balls into bins
# ---------------------------------------------------------------------------------------------


def _log10_text(n: int) -> str:
    return f"10^{{{round(math.log10(n))}}}" if n > 0 and 10 ** round(math.log10(n)) == n else f"{n:,}"


def zipf_limits_table(
    s_values: Sequence[float], n_values: Sequence[int], ceiling: float = PARTITION_MAX_WCU
) -> tuple[list[str], list[tuple[str, ...]]]:
    """The hottest key's share and the scale limit ``C / p_1 = C H(n, s)`` for Zipf exponents and key counts.

    Parameters
    ----------
    s_values : sequence of float
        Zipf exponents, each in ``[0, 10]``, at least one.
    n_values : sequence of int
        Key counts, each a whole number in ``[1, 10**18]``, at least one.
    ceiling : float
        The per-partition ceiling ``C``, units/s, in ``(0, 1e9]``.

    Returns
    -------
    (list of str, list of tuple of str)
        Column titles and one row per exponent, for :func:`hotpart.markdown_table`: ``s``, ``p_1`` for each key
        count (a percentage), the scale limit for each key count (units/s), and the limit for infinitely many keys,
        ``C zeta(s)`` ("unbounded" for ``s <= 1``).

    Examples
    --------
    >>> header, rows = zipf_limits_table([0.5, 1.5], [10**4])
    >>> header[1], rows[1]
    ('$p_1$, $n = 10^{4}$', ('1.5', '38.6%', '2,592', '2,612'))
    """
    ss = [check_number("s_values", x, low=0, high=10) for x in np.atleast_1d(np.asarray(s_values, dtype=object))]
    ns = [check_integer("n_values", x, low=1, high=10**18) for x in np.atleast_1d(np.asarray(n_values, dtype=object))]
    if not ss or not ns:
        raise ValueError("s_values and n_values must each hold at least one value")
    ceiling = check_number("ceiling", ceiling, low=0, high=_MAX_DEMAND, low_open=True)
    header = ["$s$"]
    header += [f"$p_1$, $n = {_log10_text(n)}$" for n in ns]
    header += [f"$T_{{\\max}}$, $n = {_log10_text(n)}$ (WCU/s)" for n in ns]
    header += ["$C\\,\\zeta(s)$, $n \\to \\infty$ (WCU/s)"]
    rows = []
    for s in ss:
        tops = [Zipf(n, s).top_share(1) for n in ns]
        rows.append(
            (
                f"{s:g}",
                *(f"{100 * p:.3g}%" for p in tops),
                *(f"{ceiling / p:,.0f}" for p in tops),
                f"{ceiling * zeta(s):,.0f}" if s > 1 else "unbounded",
            )
        )
    return header, rows


def zipf_sampled_shares(
    dists: Sequence[Zipf], n_requests: int = ZIPF_SAMPLE_SIZE, seed: int = 1, n_points: int = 13
) -> tuple[list[tuple[NDArray[np.float64], NDArray[np.float64]]], float]:
    """The share of sampled requests that hit the ``k`` hottest keys, against the closed form ``H(k, s)/H(n, s)``.

    Parameters
    ----------
    dists : sequence of Zipf
        The distributions to sample, at least one.
    n_requests : int
        Requests drawn from each, a whole number in ``[1, 10**7]``.
    seed : int
        Seed of the draws, a whole number in ``[0, 2**32 - 1]``.
    n_points : int
        Values of ``k``, spaced evenly on a log scale from 1 to the key count, in ``[2, 100]``.

    Returns
    -------
    (list of (k, share), float)
        For each distribution, the ``k`` values and the sampled shares (the ``samples`` of :func:`plot_top_shares`);
        and the largest gap between a sampled share and the closed form, a fraction.

    Examples
    --------
    >>> samples, gap = zipf_sampled_shares([Zipf(10**6, 1.0)], 20_000, seed=1)
    >>> samples[0][0][:3], gap < 0.01
    (array([ 1.,  3., 10.]), True)
    """
    if isinstance(dists, Zipf) or not isinstance(dists, Sequence) or not dists or not all(isinstance(d, Zipf) for d in dists):
        raise ValueError(f"dists = {dists!r} is not allowed: must be a non-empty sequence of Zipf")
    n_requests = check_integer("n_requests", n_requests, low=1, high=10**7)
    seed = check_integer("seed", seed, low=0, high=2**32 - 1)
    n_points = check_integer("n_points", n_points, low=2, high=100)
    samples, gap = [], 0.0
    for d in dists:
        ranks = np.sort(d.sample(n_requests, seed=seed))
        ks = np.unique(np.round(np.logspace(0, math.log10(d.n_keys), n_points)).astype(np.int64))
        shares = np.searchsorted(ranks, ks, side="right") / ranks.size
        gap = max(gap, max(abs(share - d.top_share(int(k))) for k, share in zip(ks, shares, strict=True)))
        samples.append((ks.astype(float), shares))
    return samples, float(gap)


def balls_in_bins_table(
    m_values: Sequence[int], n_partitions: int, n_runs: int = 2_000, seed: int = 1
) -> tuple[list[str], list[tuple[str, ...]]]:
    """The fullest of ``n_partitions`` partitions when ``m`` equally busy keys are hashed onto them, four ways.

    For each key count: the regime (:func:`hotpart.max_load_regime`), the exact expected fullest partition
    (:func:`hotpart.expected_max_load`), a seeded simulation (:func:`hotpart.simulated_max_load`, with its standard
    error), Raab and Steger's level (:func:`hotpart.raab_steger_max_load`), the even share ``m/n``, the excess of the
    expectation and of the level over it, and the probability that the fullest partition passes the level
    (:func:`hotpart.max_load_cdf`).

    Parameters
    ----------
    m_values : sequence of int
        Key counts, each a whole number in ``[1, 10**9]``, at least one.
    n_partitions : int
        Partitions, in ``[2, 10,000]``.
    n_runs : int
        Runs of the simulation, in ``[1, 100,000]``.
    seed : int
        Seed of the simulation, in ``[0, 2**32 - 1]``.

    Returns
    -------
    (list of str, list of tuple of str)
        Column titles and one row per key count, for :func:`hotpart.markdown_table`.

    Examples
    --------
    >>> header, rows = balls_in_bins_table([1_000], 100, n_runs=200)
    >>> len(header), rows[0][0], rows[0][2]
    (9, '1,000', '18.76')
    """
    ms = [check_integer("m_values", x, low=1, high=10**9) for x in np.atleast_1d(np.asarray(m_values, dtype=object))]
    if not ms:
        raise ValueError("m_values must hold at least one key count")
    n = check_integer("n_partitions", n_partitions, low=2, high=10_000)
    n_runs = check_integer("n_runs", n_runs, low=1, high=100_000)
    seed = check_integer("seed", seed, low=0, high=2**32 - 1)
    header = [
        "keys $m$",
        "regime",
        "expected fullest partition (exact), keys",
        "seeded simulation, keys",
        "Raab–Steger level, keys",
        "even share $m/n$",
        "expected excess",
        "Raab–Steger excess",
        "P(fullest passes it)",
    ]
    rows = []
    for m in ms:
        e = expected_max_load(m, n)
        sim, se = simulated_max_load(m, n, n_runs=n_runs, seed=seed)
        rs = raab_steger_max_load(m, n)
        p_pass = float(1 - max_load_cdf(m, n, math.floor(rs))[0])
        even = m / n
        rows.append(
            (
                f"{m:,}",
                max_load_regime(m, n),
                f"{e:,.2f}",
                f"{sim:,.2f} ± {se:,.2f}",
                f"{rs:,.2f}",
                f"{even:,.0f}",
                f"{e / even - 1:.2%}",
                f"{rs / even - 1:.2%}",
                f"{p_pass:.0%}",
            )
        )
    return header, rows


# ---------------------------------------------------------------------------------------------
# Chapter 4's numbers: five designs for one workload, a single-table layout, collection growth
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CompositeCase:
    """One design of :data:`COMPOSITE_DESIGNS` run on one workload (:func:`composite_cases`)."""

    #: The design's label, its share of writes by partition-key value, and the days its hottest key keeps
    #: receiving items (inf: for ever).
    label: str
    dist: KeyDistribution
    window_days: float
    #: The workload's write demand, WCU/s, and the partitions' scale limit (hottest partition, share refused).
    total_wcu: float
    limit: ScaleLimit
    #: The hottest partition key's writes per second, and the item size, bytes.
    hottest_rate: float
    item_bytes: float

    @property
    def days_to_limit(self) -> float:
        """Days until the hottest key's item collection reaches the limit, or inf if it stops growing first."""
        days = days_to_collection_limit(self.hottest_rate, self.item_bytes)
        return days if days <= self.window_days else math.inf

    @property
    def capped_gb(self) -> float:
        """The hottest key's item collection when it stops receiving items, GB (inf if it never stops)."""
        if math.isinf(self.window_days):
            return math.inf
        return float(item_collection_gb(self.hottest_rate, self.item_bytes, [self.window_days])[0])


def composite_cases(n_entities: int, writes_per_min: float, item_bytes: float, n_partitions: int) -> tuple[CompositeCase, ...]:
    """Every design of :data:`COMPOSITE_DESIGNS` on one workload: users or devices that write at the same rate.

    Parameters
    ----------
    n_entities : int
        Users or devices, a whole number in ``[1, 10**7]``.
    writes_per_min : float
        Items each writes per minute, in ``(0, 1e6]``.
    item_bytes : float
        Bytes per item, in ``(0, 400 KB]``.
    n_partitions : int
        Partitions of the table, in ``[1, 10,000]``.

    Returns
    -------
    tuple of CompositeCase
        One per design, in the order of :data:`COMPOSITE_DESIGNS`.

    Examples
    --------
    >>> cases = composite_cases(10_000, 30, 500, 10)
    >>> round(cases[0].total_wcu), round(cases[0].limit.hottest_demand), round(cases[3].days_to_limit)
    (5000, 4600, 497)
    """
    n = check_integer("n_entities", n_entities, low=1, high=10**7)
    per_min = check_number("writes_per_min", writes_per_min, low=0, high=1e6, low_open=True)
    item_bytes = check_number("item_bytes", item_bytes, low=0, high=400 * 1024, low_open=True)
    n_partitions = check_integer("n_partitions", n_partitions, low=1, high=10_000)
    rate = n * per_min / 60.0
    total = rate * float(write_units(item_bytes))
    cases = []
    for design, label in enumerate(COMPOSITE_DESIGNS):
        dist, window = composite_design(design, n)
        cases.append(
            CompositeCase(
                label=label,
                dist=dist,
                window_days=float(window),
                total_wcu=total,
                limit=scale_limit(partition_load(dist, n_partitions), total),
                hottest_rate=rate * dist.top_share(1),
                item_bytes=item_bytes,
            )
        )
    return tuple(cases)


def composite_table(cases: Sequence[CompositeCase]) -> tuple[list[str], list[tuple[str, ...]]]:
    """Chapter 4's table of designs: header and formatted rows, for :func:`hotpart.markdown_table`.

    Parameters
    ----------
    cases : sequence of CompositeCase
        From :func:`composite_cases`, at least one.

    Returns
    -------
    (list of str, list of tuple of str)
        Column titles, and one row per design: partition-key values, effective cardinality, hottest partition
        (WCU/s), share refused, and how the hottest key's item collection grows.

    Examples
    --------
    >>> header, rows = composite_table(composite_cases(10_000, 30, 500, 10))
    >>> rows[4][-1]
    'capped at 0.624 GB'
    """
    if not isinstance(cases, Sequence) or not cases or not all(isinstance(c, CompositeCase) for c in cases):
        raise ValueError(f"cases = {cases!r} is not allowed: must be a non-empty sequence of CompositeCase (composite_cases)")
    header = [
        "design",
        "PK values",
        "effective cardinality",
        "hottest partition (WCU/s)",
        "refused",
        "hottest key's item collection",
    ]
    rows = []
    for c in cases:
        if math.isinf(c.window_days):
            growth = f"{c.days_to_limit:,.3g} days to {ITEM_COLLECTION_MAX_GB:g} GB"
        else:
            growth = f"capped at {c.capped_gb:,.3g} GB"
        rows.append(
            (
                c.label.replace("#", "\\#"),
                f"{c.dist.n_keys:,}",
                f"{c.dist.effective_cardinality():,.3g}",
                f"{c.limit.hottest_demand:,.0f}",
                f"{c.limit.refused_fraction:.0%}",
                growth,
            )
        )
    return header, rows


@dataclass(frozen=True)
class SingleTable:
    """A tiny in-memory single-table layout of 001 「複合主キーの設計」 (:func:`single_table_example`)."""

    #: The items, as (partition key, sort key) pairs.
    items: tuple[tuple[str, str], ...]
    #: The partition each partition-key value hashes to.
    partitions: dict[str, int]

    def query(self, pk: str, prefix: str) -> list[str]:
        """The sort keys ``PK = pk AND begins_with(SK, prefix)`` returns, in sort-key order.

        Examples
        --------
        >>> single_table_example(10).query("USER#user123", "ORDER#")[0]
        'ORDER#2026-04-01#order1230'
        """
        return sorted(sk for p, sk in self.items if p == pk and sk.startswith(prefix))


def single_table_example(
    n_partitions: int, users: Sequence[str] = ("user123", "user456"), orders_per_user: int = 3, items_per_order: int = 2
) -> SingleTable:
    """Users, their orders and the orders' items in one table, keyed as in 001 「複合主キーの設計」.

    Each user has a ``PROFILE`` item and ``ORDER#<date>#<order>`` items under ``USER#<user>``; each order has
    ``ITEM#<n>`` items under ``ORDER#<order>``.

    Parameters
    ----------
    n_partitions : int
        Partitions the keys are hashed onto (:func:`hotpart.partition_of`), in ``[1, 10,000]``.
    users : sequence of str
        User IDs, at least one; each ends in three characters that name its orders.
    orders_per_user : int
        Orders per user, in ``[1, 9]`` (one per day from the 1st of April 2026).
    items_per_order : int
        Items per order, in ``[1, 100]``.

    Returns
    -------
    SingleTable

    Examples
    --------
    >>> t = single_table_example(10)
    >>> len(t.items), len(t.partitions)
    (20, 8)
    """
    n_partitions = check_integer("n_partitions", n_partitions, low=1, high=10_000)
    if isinstance(users, str) or not isinstance(users, Sequence) or not users or not all(isinstance(u, str) and u for u in users):
        raise ValueError(f"users = {users!r} is not allowed: must be a non-empty sequence of non-empty strings")
    orders_per_user = check_integer("orders_per_user", orders_per_user, low=1, high=9)
    items_per_order = check_integer("items_per_order", items_per_order, low=1, high=100)
    items = []
    for u in users:
        items.append((f"USER#{u}", "PROFILE"))
        for n in range(orders_per_user):
            order = f"order{u[-3:]}{n}"
            items.append((f"USER#{u}", f"ORDER#2026-04-0{n + 1}#{order}"))
            items.extend((f"ORDER#{order}", f"ITEM#item{it}") for it in range(items_per_order))
    pks = sorted({pk for pk, _ in items})
    return SingleTable(items=tuple(items), partitions=dict(zip(pks, partition_of(pks, n_partitions).tolist(), strict=True)))


def collection_curves(
    rates_per_s: Sequence[float],
    item_bytes: float,
    bucketed_rate: float,
    bucket_days: float = 31.0,
    days: ArrayLike = COLLECTION_DAYS,
) -> dict[str, NDArray[np.float64]]:
    """One device's item collection over time at several write rates, and one rate with a time bucket in the key.

    Parameters
    ----------
    rates_per_s : sequence of float
        Write rates of a device, writes/s, each in ``(0, 1e6]``, at least one.
    item_bytes : float
        Bytes per item, in ``(0, 400 KB]``.
    bucketed_rate : float
        The write rate of the bucketed device, writes/s, in ``(0, 1e6]``.
    bucket_days : float
        The bucket's length, days, in ``(0, 1e6]`` (31: a month).
    days : array_like
        Elapsed days, each in ``[0, 1e6]``, at least one.

    Returns
    -------
    dict of str to numpy.ndarray
        The collection's size in GB on each day, by label (``"deviceId, 1 writes/s"``,
        ``"deviceId#YYYY-MM, 1 writes/s"``), for :func:`plot_collection_growth`.

    Examples
    --------
    >>> curves = collection_curves([1.0], 500, 1.0, days=[0.0, 31.0, 62.0])
    >>> [round(float(x), 2) for x in curves["deviceId#YYYY-MM, 1 writes/s"]]
    [0.0, 1.25, 1.25]
    """
    rates = [
        check_number("rates_per_s", r, low=0, high=1e6, low_open=True)
        for r in np.atleast_1d(np.asarray(rates_per_s, dtype=object))
    ]
    if not rates:
        raise ValueError("rates_per_s must hold at least one rate")
    item_bytes = check_number("item_bytes", item_bytes, low=0, high=400 * 1024, low_open=True)
    bucketed_rate = check_number("bucketed_rate", bucketed_rate, low=0, high=1e6, low_open=True)
    bucket_days = check_number("bucket_days", bucket_days, low=0, high=1e6, low_open=True)
    d = check_array("days", days, low=0, high=1e6, empty=False)
    curves = {f"deviceId, {r:g} writes/s": item_collection_gb(r, item_bytes, d) for r in rates}
    curves[f"deviceId#YYYY-MM, {bucketed_rate:g} writes/s"] = item_collection_gb(
        bucketed_rate, item_bytes, d, window_days=bucket_days
    )
    return curves
