"""Chapters 2 to 4's figures: key designs over time, the Zipf head and scale limit, composite keys.

Models: :mod:`hotpart.models.skew`. Notebooks: ``notebooks/02_key_designs.ipynb``,
``notebooks/03_zipf.ipynb`` and ``notebooks/04_composite_keys.ipynb``.
"""

from __future__ import annotations

import itertools
import math
import sys
from collections.abc import Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from numpy.typing import ArrayLike, NDArray

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, log_axis, partition_bars
from ..models import (
    ITEM_COLLECTION_MAX_GB,
    KEY_DESIGNS,
    PARTITION_MAX_WCU,
    SALE_START_H,
    DateKey,
    KeyDistribution,
    Uniform,
    Zipf,
    days_to_collection_limit,
    item_collection_gb,
    key_design,
    load_over_time,
    partition_load,
    scale_limit,
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
    "composite_design",
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
