"""Chapter 12's figures: base-table writes refused by a global secondary index's back-pressure.

Models: :mod:`hotpart.models.indexes` (and :func:`hotpart.cloudwatch`, drawn with
:func:`hotpart.plot_event_metrics`, for the metrics figure). Notebook: ``notebooks/12_gsi.ipynb`` (explorable
``gsi_backpressure``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, relabel
from ..book.wording import plural
from ..models import (
    MAX_SIMULATED_DEMAND,
    PARTITION_MAX_WCU,
    GlobalSecondaryIndex,
    IndexedResult,
    Table,
    adaptive_rate,
    cloudwatch,
    diagnose,
    index_write_units,
    simulate_with_indexes,
    steady_backpressure,
    steady_index_rates,
    write_units,
)
from ..models._validation import MAX_ELEMENTS, check_array, check_integer, check_number

__all__ = [
    "ORDER_STATUSES",
    "PROJECTION_ITEM_BYTES",
    "PROJECTION_ORDER_WRITES",
    "SWEEP_OPEN_SHARE",
    "SWEEP_ORDERS",
    "SWEEP_RATE_WCU",
    "gsi_case",
    "gsi_chapter_case",
    "gsi_metrics_case",
    "index_capacity_sweep",
    "index_reads_case",
    "order_statuses",
    "plot_base_by_index_value",
    "plot_index_partitions",
    "plot_sparse_sweep",
    "projection_case",
    "second_index_case",
    "sharded_index_case",
    "sparse_checks_case",
    "sparse_index_sweep",
]

#: The order statuses of chapter 12's example, the hot one first.
ORDER_STATUSES: tuple[str, ...] = ("OPEN", "SHIPPED", "CLOSED")

_ORDERS = 400
_MAX_ORDERS = 10_000_000
_SECONDS = 60
_BASE = Table(8, wcu=8_000)  # 400 orders hash to at most 58 per partition: under 725 WCU/s at 5,000 in all
_INDEX_PARTITIONS = 4
_INDEX = "by-status"


def order_statuses(n_orders: int, hot_share: float) -> list[str]:
    """Statuses of ``n_orders`` orders: ``hot_share`` of them OPEN, the rest SHIPPED and CLOSED 3:1.

    Parameters
    ----------
    n_orders : int
        Orders, in ``[1, 10,000,000]`` (the list is built in memory).
    hot_share : float
        Share of orders in the hot status (OPEN), in ``[0, 1]``.

    Returns
    -------
    list of str
        One status per order, OPEN orders first.

    Examples
    --------
    >>> from collections import Counter
    >>> Counter(order_statuses(400, 0.6))
    Counter({'OPEN': 240, 'SHIPPED': 120, 'CLOSED': 40})
    """
    n = check_integer("n_orders", n_orders, low=1, high=_MAX_ORDERS)
    share = check_number("hot_share", hot_share, low=0, high=1)
    n_open = round(share * n)
    n_shipped = round(0.75 * (n - n_open))
    return ["OPEN"] * n_open + ["SHIPPED"] * n_shipped + ["CLOSED"] * (n - n_open - n_shipped)


def gsi_case(hot_pct: float, sparse_pct: float, index_wcu: float, rate: float, seconds: int = _SECONDS) -> Data:
    """Simulate chapter 12's orders table with a GSI keyed by status.

    400 orders share ``rate`` WCU/s evenly on a base table of 8 partitions and
    8,000 WCU/s (its own partitions never throttle at up to 5,000 WCU/s). A GSI
    ``by-status`` of 4 partitions and ``index_wcu`` WCU/s takes ``sparse_pct``
    percent of the writes (those that carry the index key); ``hot_pct`` percent
    of the orders are OPEN, the rest SHIPPED and CLOSED 3:1.

    Parameters
    ----------
    hot_pct : float
        Orders in the hot status, percent, in ``[0, 100]``.
    sparse_pct : float
        Writes that carry the index key, percent, in ``[0, 100]`` (100: dense).
    index_wcu : float
        The index's provisioned capacity, WCU/s, in ``[0, 1e9]``
        (:data:`hotpart.MAX_SIMULATED_DEMAND`, a limit of the simulation).
    rate : float
        The base table's write rate, WCU/s, in ``[0, 1e9]``, as ``index_wcu``.
    seconds : int
        Seconds simulated, ``>= 1``.

    Returns
    -------
    dict
        ``res`` (:class:`hotpart.IndexedResult`), ``gsi``, and the steady-state
        figures per second at the end: ``hot_demand`` and ``hot_served`` (the
        busiest index partition), ``share`` (its provisioned share),
        ``backpressure`` (simulated) and ``closed`` (:func:`hotpart.steady_backpressure`),
        ``own`` (refused by the base partitions), ``refused_pct`` (of all base
        writes) and ``open_refused_pct`` (of the OPEN orders' writes).

    Examples
    --------
    >>> c = gsi_case(60, 100, 4_000, 2_400)
    >>> round(c["hot_demand"], 6), round(c["backpressure"], 6), round(c["closed"], 6), c["own"]
    (1440.0, 440.0, 440.0, 0.0)
    """
    hot = check_number("hot_pct", hot_pct, low=0, high=100) / 100.0
    frac = check_number("sparse_pct", sparse_pct, low=0, high=100) / 100.0
    total = check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND)
    wcu = check_number("index_wcu", index_wcu, low=0, high=MAX_SIMULATED_DEMAND)
    keys = [f"ORDER#{i:04d}" for i in range(_ORDERS)]
    statuses = order_statuses(_ORDERS, hot)
    gsi = GlobalSecondaryIndex(_INDEX, statuses, partitions=_INDEX_PARTITIONS, wcu=wcu, fraction=frac)
    res = simulate_with_indexes(_BASE, np.full(_ORDERS, total / _ORDERS), seconds, keys, [gsi])
    idx = res.indexes[_INDEX]
    last = idx.offered[-1]
    hot_part = int(np.argmax(last))
    bp = float(res.backpressure[_INDEX][-1].sum())
    offered_end = float(res.table.offered[-1].sum())
    n_open = statuses.count("OPEN")
    open_rate = total * n_open / _ORDERS
    # OPEN orders' writes refused: the OPEN value's partition refuses the same share of every value on it
    open_part = int(gsi.value_partitions()[gsi.values.index("OPEN")]) if n_open else hot_part
    q_open = float(idx.throttled[-1, open_part] / idx.offered[-1, open_part]) if idx.offered[-1, open_part] > 0 else 0.0
    return {
        "res": res,
        "gsi": gsi,
        "hot_pct": hot * 100.0,
        "sparse_pct": frac * 100.0,
        "rate": total,
        "index_wcu": gsi.wcu,
        "share": gsi.wcu / gsi.partitions,
        "hot_part": hot_part,
        "hot_values": [v for v, p in zip(gsi.values, gsi.value_partitions(), strict=True) if p == hot_part],
        "hot_demand": float(last[hot_part]),
        "hot_served": float(idx.served[-1, hot_part]),
        "backpressure": bp,
        "closed": steady_backpressure(last, gsi.wcu),
        "own": float(res.own.throttled[-1].sum()),
        "refused_pct": 100.0 * bp / offered_end if offered_end > 0 else 0.0,
        "open_refused_pct": 100.0 * frac * q_open if open_rate > 0 else 0.0,
    }


def _check_ymax(ymax: float | None) -> float | None:
    return None if ymax is None else check_number("ymax", ymax, low=0, high=np.inf, low_open=True, high_open=True)


def _last_minute(res: IndexedResult) -> tuple[np.ndarray, np.ndarray, float]:
    """Per-key base writes offered and refused in the last minute, and the seconds it covers."""
    key_off = res.table.key_offered
    key_thr = res.table.key_throttled
    assert key_off is not None and key_thr is not None  # simulate_with_indexes always simulates per key
    covered = res.seconds - 60 * (key_off.shape[0] - 1)
    return key_off[-1], key_thr[-1], float(covered)


def plot_base_by_index_value(
    ax: Axes,
    res: IndexedResult,
    gsi: GlobalSecondaryIndex,
    *,
    values: Sequence[str] | None = None,
    title: str = "Base-table writes, by the index value of the item",
    ymax: float | None = None,
    loc: str = "upper right",
) -> None:
    """Base-table writes served and refused, grouped by the index value of each key, in the last minute.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    res : IndexedResult
        What :func:`hotpart.simulate_with_indexes` returned.
    gsi : GlobalSecondaryIndex
        The index whose values group the base keys (keys without a value go under "not indexed").
    values : sequence of str, optional
        The values to draw, in order; the index's values if omitted.
    title : str
        The axes title.
    ymax : float, optional
        Upper y limit, WCU/s, ``> 0`` and finite; fitted if omitted.
    loc : str
        Legend position.

    Examples
    --------
    >>> from hotpart import new_figure
    >>> c = gsi_case(60, 100, 4_000, 2_400)
    >>> fig, (ax,) = new_figure()
    >>> plot_base_by_index_value(ax, c["res"], c["gsi"], values=ORDER_STATUSES, ymax=3_000)
    >>> [t.get_text() for t in ax.get_xticklabels()]
    ['OPEN', 'SHIPPED', 'CLOSED']
    """
    ymax = _check_ymax(ymax)
    groups, o, t = _base_groups(res, gsi, values)
    _base_bars(ax, groups, o, t)
    ax.set_ylim(0, ymax if ymax is not None else 1.1 * max(float(o.max()), 1.0))
    finish_axes(ax, title, f"{gsi.name} value of the base item", "base-table writes (WCU/s)", loc=loc)


def _base_groups(
    res: IndexedResult, gsi: GlobalSecondaryIndex, values: Sequence[str] | None
) -> tuple[list[str], np.ndarray, np.ndarray]:
    """The groups of base keys by index value, and each group's writes offered and refused (WCU/s, last minute)."""
    off, thr, covered = _last_minute(res)
    names = list(values) if values is not None else list(gsi.values)
    groups = [*names, "not indexed"] if None in gsi.keys else names
    key_group = np.array(
        [groups.index(k) if k in groups else -1 for k in (v if v is not None else "not indexed" for v in gsi.keys)]
    )
    o = np.array([off[key_group == j].sum() for j in range(len(groups))]) / covered
    t = np.array([thr[key_group == j].sum() for j in range(len(groups))]) / covered
    return groups, o, t


def _base_bars(ax: Axes, groups: list[str], offered: np.ndarray, refused: np.ndarray) -> None:
    """The served and refused bars of :func:`plot_base_by_index_value`, one pair per group, with their ticks."""
    x = np.arange(len(groups))
    ax.bar(x, offered - refused, color=COLORS["served"], label="served (WCU/s)")
    ax.bar(x, refused, bottom=offered - refused, color=COLORS["refused"], label="refused: index back-pressure (WCU/s)")
    ax.set_xticks(x, groups)
    ax.set_xlim(-0.6, len(groups) - 0.4)


def _update_base_bars(ax: Axes, groups: list[str], offered: np.ndarray, refused: np.ndarray) -> None:
    """New heights on :func:`_base_bars`' bars; when the number of groups changed, those bars are drawn anew."""
    served_bars, refused_bars = ax.containers
    if len(served_bars) != len(groups):
        served_bars.remove()
        refused_bars.remove()
        _base_bars(ax, groups, offered, refused)
        return
    for a, b, o, t in zip(served_bars, refused_bars, offered, refused, strict=True):
        a.set_height(o - t)
        b.set_y(o - t)
        b.set_height(t)
    ax.set_xticks(np.arange(len(groups)), groups)


def plot_index_partitions(
    ax: Axes,
    res: IndexedResult,
    gsi: GlobalSecondaryIndex,
    *,
    title: str | None = None,
    ymax: float | None = None,
    loc: str = "upper right",
) -> None:
    """The index's partitions in the last second: offered, served, refused, its ceiling and provisioned share.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    res : IndexedResult
        What :func:`hotpart.simulate_with_indexes` returned.
    gsi : GlobalSecondaryIndex
        The index to draw (one of ``res.indexes``).
    title : str, optional
        The axes title; a default names the index.
    ymax : float, optional
        Upper y limit, WCU/s, ``> 0`` and finite; fitted if omitted.
    loc : str
        Legend position.

    Examples
    --------
    >>> from hotpart import new_figure
    >>> c = gsi_case(60, 100, 4_000, 2_400)
    >>> fig, (ax,) = new_figure()
    >>> plot_index_partitions(ax, c["res"], c["gsi"], ymax=3_000)
    >>> ax.get_title()
    "Index 'by-status': its partitions"
    """
    ymax = _check_ymax(ymax)
    r = res.indexes[gsi.name]
    offered = r.offered[-1]
    served = r.served[-1]
    labels = _partition_labels(gsi)
    x = np.arange(gsi.partitions)
    ax.bar(x, served, color=COLORS["served"], label="served (WCU/s)")
    ax.bar(x, offered - served, bottom=served, color=COLORS["refused"], label="refused (WCU/s)")
    ax.axhline(r.ceiling, color=COLORS["ceiling"], lw=1.5, label=f"partition ceiling {r.ceiling:,.0f}")
    share = gsi.wcu / gsi.partitions
    ax.axhline(share, color=COLORS["share"], lw=1.2, ls="--", label=f"provisioned share {share:,.0f}")
    ax.set_xticks(x, labels)
    ax.set_xlim(-0.6, gsi.partitions - 0.4)
    ax.set_ylim(0, ymax if ymax is not None else 1.1 * max(float(offered.max()), r.ceiling))
    finish_axes(
        ax,
        title or f"Index {gsi.name!r}: its partitions",
        "index partition: the values it holds",
        "index writes (WCU/s)",
        loc=loc,
    )


def _partition_labels(gsi: GlobalSecondaryIndex) -> list[str]:
    """Each index partition's tick label: its number and the values it holds."""
    parts = gsi.value_partitions()
    labels = []
    for p in range(gsi.partitions):
        on = [v for v, q in zip(gsi.values, parts, strict=True) if q == p and v]
        labels.append(f"{p}: {'+'.join(on)}" if on else f"{p}: -")
    return labels


def plot_sparse_sweep(
    ax: Axes,
    fractions: Sequence[float],
    simulated: Sequence[float],
    closed: Sequence[float],
    *,
    closed_fractions: Sequence[float] | None = None,
    threshold: float | None = None,
    title: str = "The sparse-index fix: back-pressure against the share of writes indexed",
    loc: str = "upper left",
) -> None:
    """Back-pressure (base WCU/s refused) against the sparse fraction: simulated points, closed-form line.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    fractions : sequence of float
        Shares of writes that carry the index key, each in ``[0, 1]``; a 1-D array, at least one.
    simulated : sequence of float
        Back-pressure at each of ``fractions``, WCU/s, ``>= 0``, from the simulator (1-D, one per fraction).
    closed : sequence of float
        Back-pressure from :func:`hotpart.steady_backpressure`, WCU/s, ``>= 0``, at
        ``closed_fractions`` (at ``fractions`` if omitted; 1-D, one per value).
    closed_fractions : sequence of float, optional
        A finer grid for the closed-form line, each in ``[0, 1]``; 1-D.
    threshold : float, optional
        The fraction below which nothing is refused, in ``[0, 1]``, drawn as a vertical line.
    title : str
        The axes title.
    loc : str
        Legend position.

    Examples
    --------
    >>> from hotpart import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_sparse_sweep(ax, [0.0, 0.5, 1.0], [0.0, 0.0, 440.0], [0.0, 0.0, 440.0], threshold=0.69)
    >>> len(ax.lines)  # the closed-form line, the simulated points, the threshold
    3
    """
    f = 100.0 * check_array("fractions", fractions, low=0, high=1, empty=False, ndim=1)
    sim = check_array("simulated", simulated, low=0, high=np.inf, high_open=True, ndim=1)
    if sim.shape != f.shape:
        raise ValueError(f"len(simulated) = {sim.size:,}: must be len(fractions) = {f.size:,}, one value per fraction")
    fc = f if closed_fractions is None else 100.0 * check_array("closed_fractions", closed_fractions, low=0, high=1, ndim=1)
    closed = check_array("closed", closed, low=0, high=np.inf, high_open=True, ndim=1)
    if closed.shape != fc.shape:
        grid = "fractions" if closed_fractions is None else "closed_fractions"
        raise ValueError(f"len(closed) = {closed.size:,}: must be len({grid}) = {fc.size:,}, one value per fraction")
    if threshold is not None:
        threshold = check_number("threshold", threshold, low=0, high=1)
    ax.plot(fc, closed, color=COLORS["ceiling"], lw=1.4, label="closed form (WCU/s)")
    ax.plot(f, sim, "o", color=COLORS["refused"], ms=5, label="simulated (WCU/s)")
    if threshold is not None:
        ax.axvline(100.0 * threshold, color=COLORS["accent"], ls="--", lw=1.2, label=f"no back-pressure below {threshold:.1%}")
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 1.15 * max(float(closed.max(initial=0.0)), float(sim.max()), 1.0))
    finish_axes(ax, title, "writes that carry the index key (%)", "base writes refused (WCU/s)", loc=loc)


# ---------------------------------------------------------------------------------------------
# gsi_backpressure: a status-keyed GSI makes base-table writes fail; the sparse fix
# ---------------------------------------------------------------------------------------------


def _gsi_limits(data: Data) -> tuple[float, float]:
    """The two panels' upper y limits, WCU/s: the base write rate (the index panel at least the ceiling), plus 50%,
    so that the legends, in the top quarter of each panel, sit above the tallest bar a frame can draw."""
    return max(_GSI_HEADROOM * data["rate"], 1.0), _GSI_HEADROOM * max(data["rate"], PARTITION_MAX_WCU)


#: Room above the tallest possible bar in chapter 12's explorable, a factor: the legends take the top quarter.
_GSI_HEADROOM = 1.5


def _gsi_right_title(gsi: GlobalSecondaryIndex) -> str:
    return f"GSI {gsi.name!r}: {gsi.wcu:,.0f} WCU/s on {plural(gsi.partitions, 'partition')}"


def _gsi_plot(fig: Figure, data: Data) -> None:
    fixed_layout(fig, left=0.07, right=0.99, bottom=0.2, top=0.9, wspace=0.22)
    left, right = fig.axes
    res: IndexedResult = data["res"]
    gsi: GlobalSecondaryIndex = data["gsi"]
    left_top, right_top = _gsi_limits(data)
    plot_base_by_index_value(left, res, gsi, values=ORDER_STATUSES, title="Base table: order writes by status", ymax=left_top)
    plot_index_partitions(right, res, gsi, title=_gsi_right_title(gsi), ymax=right_top)


def _gsi_update(fig: Figure, data: Data) -> None:
    """Put new data on :func:`_gsi_plot`'s figure: both panels' bars, tick labels, y limits, the provisioned share
    and the index panel's title (the base panel always shows the three statuses; the legends and the axis labels do
    not change)."""
    left, right = fig.axes
    res: IndexedResult = data["res"]
    gsi: GlobalSecondaryIndex = data["gsi"]
    left_top, right_top = _gsi_limits(data)
    _update_base_bars(left, *_base_groups(res, gsi, ORDER_STATUSES))
    left.set_ylim(0, left_top)
    r = res.indexes[gsi.name]
    offered, served = r.offered[-1], r.served[-1]
    served_bars, refused_bars = right.containers
    for a, b, o, v in zip(served_bars, refused_bars, offered, served, strict=True):
        a.set_height(v)
        b.set_y(v)
        b.set_height(o - v)
    right.set_xticks(np.arange(gsi.partitions), _partition_labels(gsi))
    ceiling_line, share_line = right.lines
    ceiling_line.set_ydata([r.ceiling, r.ceiling])
    relabel(right, ceiling_line, f"partition ceiling {r.ceiling:,.0f}")
    share = gsi.wcu / gsi.partitions
    share_line.set_ydata([share, share])
    relabel(right, share_line, f"provisioned share {share:,.0f}")
    right.set_ylim(0, right_top)
    right.set_title(_gsi_right_title(gsi), fontsize=11)


def _gsi_caption(data: Data) -> str:
    hot_values = "+".join(data["hot_values"]) or "nothing"
    limit = (
        f"and serves {data['hot_served']:,.0f} of them (ceiling {PARTITION_MAX_WCU:,.0f}, provisioned share "
        f"{data['share']:,.0f} plus what adaptive capacity lends)"
    )
    if data["backpressure"] > 0:
        effect = (
            f"Base-table writes refused by back-pressure: {data['backpressure']:,.0f} WCU/s "
            f"({data['refused_pct']:.1f}% of all order writes, {data['open_refused_pct']:.1f}% of OPEN orders' writes); "
            f"closed form {data['closed']:,.0f} WCU/s."
        )
    else:
        effect = "No base-table write is refused: the index keeps up."
    return (
        f"{data['hot_pct']:.0f}% of the orders are OPEN and {data['sparse_pct']:.0f}% of writes carry the index key. "
        f"The busiest index partition ({hot_values}) is offered {data['hot_demand']:,.0f} WCU/s, {limit}. {effect} "
        f"The base table's own partitions refuse {data['own']:,.0f} WCU/s."
    )


gsi_backpressure = register(
    Explorable(
        name="gsi_backpressure",
        title="A GSI keyed by status: base-table writes refused by the index's back-pressure",
        controls=(
            Control("hot_pct", "orders in the hot status (OPEN)", 10, 100, 60, step=5, unit="%"),
            Control("sparse_pct", "writes that carry the index key (sparse index)", 0, 100, 100, step=5, unit="%"),
            Control("index_wcu", "index capacity", 500, 8_000, 4_000, step=500, unit="WCU/s"),
            Control("rate", "base-table write rate", 500, 5_000, 2_400, step=250, unit="WCU/s"),
        ),
        compute=gsi_case,
        plot=_gsi_plot,
        update=_gsi_update,
        caption=_gsi_caption,
        try_this=(
            f"at the default, the OPEN partition of the index is offered more than its {PARTITION_MAX_WCU:,.0f} WCU/s "
            "ceiling and red "
            "appears on the base table, whose own partitions are nowhere near theirs. Lower the writes that carry "
            "the index key (the sparse index) until the red is gone. In Jupyter, double the index capacity: the red "
            "does not shrink, because the ceiling, not the share, binds."
        ),
        static=("hot_pct", "sparse_pct"),
        ncols=2,
        figsize=(10.0, 3.8),
    )
)


# ---------------------------------------------------------------------------------------------
# Chapter logic: the sparse-index sweep of chapter 12, as a tested function
# ---------------------------------------------------------------------------------------------

#: Chapter 12's orders table: orders, their total write rate (WCU/s), the share OPEN, and the base table and
#: index size (partitions, WCU/s) of the sparse-index sweep.
SWEEP_ORDERS = 2_000
SWEEP_RATE_WCU = 2_400.0
SWEEP_OPEN_SHARE = 0.6
_SWEEP_PARTITIONS = 4
_SWEEP_WCU = 4_000.0
_SWEEP_SECONDS = 60
_BISECTIONS = 60
_MAX_ITEM_BYTES = 409_600.0  # DynamoDB's largest item, 400 KB


@functools.lru_cache(maxsize=8)
def _sweep(n_orders: int, rate: float, open_share: float, points: int) -> tuple:
    statuses = order_statuses(n_orders, open_share)
    keys = [f"ORDER#{i:05d}" for i in range(n_orders)]
    demand = np.full(n_orders, rate / n_orders)
    base = Table(_SWEEP_PARTITIONS, wcu=_SWEEP_WCU)
    dense = GlobalSecondaryIndex(_INDEX, statuses, partitions=_SWEEP_PARTITIONS, wcu=_SWEEP_WCU)
    value_demand = np.array([rate * statuses.count(v) / n_orders for v in dense.values])
    placement = dense.value_partitions()

    def closed_form(fraction: float) -> float:
        per_partition = np.bincount(placement, weights=fraction * value_demand, minlength=_SWEEP_PARTITIONS)
        return steady_backpressure(per_partition, _SWEEP_WCU)

    lo, hi = 0.0, 1.0  # the largest fraction with no back-pressure, by bisection on the closed form
    for _ in range(_BISECTIONS):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if closed_form(mid) == 0 else (lo, mid)
    fractions = np.linspace(0.0, 1.0, points)
    simulated = []
    for f in fractions:
        g = GlobalSecondaryIndex(_INDEX, statuses, partitions=_SWEEP_PARTITIONS, wcu=_SWEEP_WCU, fraction=float(f))
        run = simulate_with_indexes(base, demand, _SWEEP_SECONDS, keys, [g])
        simulated.append(float(run.backpressure[_INDEX][-1].sum()))
    fine = np.linspace(0.0, 1.0, 10 * (points - 1) + 1)
    closed = [closed_form(float(f)) for f in fine]
    gap = max(abs(s - closed_form(float(f))) for s, f in zip(simulated, fractions, strict=True))
    return lo, tuple(fractions), tuple(simulated), tuple(fine), tuple(closed), gap


def sparse_index_sweep(
    n_orders: int = SWEEP_ORDERS, rate: float = SWEEP_RATE_WCU, open_share: float = SWEEP_OPEN_SHARE, points: int = 21
) -> dict[str, object]:
    """Chapter 12's sparse-index fix: back-pressure against the fraction of writes that carry the index key.

    ``n_orders`` orders share ``rate`` WCU/s evenly on a base table of 4 partitions and 4,000 WCU/s; a
    ``by-status`` GSI of 4 partitions and 4,000 WCU/s takes a fraction ``f`` of the writes (a sparse index),
    ``open_share`` of the orders OPEN (:func:`order_statuses`). The simulator runs 60 s at each of ``points``
    fractions; the closed form (:func:`hotpart.steady_backpressure` on the index partitions' demand) gives the
    curve and, by bisection, the largest fraction with no back-pressure, :math:`f^\\ast`.

    Parameters
    ----------
    n_orders : int
        Orders, in ``[1, 100,000]``.
    rate : float
        The base table's write rate, WCU/s, in ``[0, 1e9]``.
    open_share : float
        Share of orders OPEN, in ``[0, 1]``.
    points : int
        Fractions simulated, evenly from 0 to 1, in ``[2, 101]``.

    Returns
    -------
    dict
        ``"f_star"`` (fraction), ``"fractions"`` and ``"simulated"`` (base WCU/s refused, simulated),
        ``"closed_fractions"`` and ``"closed"`` (the closed form on a finer grid), and ``"max_gap"`` (WCU/s, the
        largest difference between the two at the simulated fractions).

    Examples
    --------
    >>> s = sparse_index_sweep(400, 2_400, 0.6, points=3)
    >>> round(s["f_star"], 4), [round(x, 6) for x in s["simulated"]]
    (0.6944, [0.0, 0.0, 440.0])
    """
    n = check_integer("n_orders", n_orders, low=1, high=100_000)
    total = check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND)
    share = check_number("open_share", open_share, low=0, high=1)
    k = check_integer("points", points, low=2, high=101)
    f_star, fractions, simulated, fine, closed, gap = _sweep(n, total, share, k)
    return {
        "f_star": f_star,
        "fractions": np.array(fractions),
        "simulated": list(simulated),
        "closed_fractions": np.array(fine),
        "closed": list(closed),
        "max_gap": gap,
    }


def index_capacity_sweep(
    capacities: Sequence[float], n_orders: int = SWEEP_ORDERS, rate: float = SWEEP_RATE_WCU
) -> dict[str, object]:
    """Chapter 12's exercise 1: the back-pressure left as the ``by-status`` index's capacity is raised.

    The orders table of :func:`sparse_index_sweep` (``n_orders`` orders at ``rate`` WCU/s, 60 % OPEN, a dense
    index of 4 partitions) is simulated for 60 s at each capacity. The floor is the back-pressure with unlimited
    capacity (the OPEN demand above the ceiling), and ``w_min`` the least capacity that reaches it, by bisection
    on the closed form :func:`hotpart.steady_backpressure`.

    Parameters
    ----------
    capacities : sequence of float
        The index's provisioned capacities, WCU/s, each in ``(0, 1e9]``: a 1-D array, at least one. Each is a
        simulation of ``n_orders`` keys over 60 s, so ``len(capacities) × n_orders × 60`` is at most
        :data:`hotpart.models._validation.MAX_ELEMENTS` (83 capacities at the default 2,000 orders).
    n_orders : int
        Orders, in ``[1, 100,000]``.
    rate : float
        The base table's write rate, WCU/s, in ``[0, 1e9]``.

    Returns
    -------
    dict
        ``"rows"``: per capacity a dict of ``wcu``, ``share`` (per partition), ``simulated`` and ``closed`` (base
        WCU/s refused), ``single`` (the single-hot-partition form, :func:`hotpart.adaptive_rate`) and ``above``
        (partitions offered more than their share); ``"floor"`` (WCU/s) and ``"w_min"`` (WCU/s).

    Examples
    --------
    >>> out = index_capacity_sweep([4_000], n_orders=400)
    >>> row = out["rows"][0]
    >>> round(row["simulated"], 6), round(row["closed"], 6), round(out["floor"], 6)
    (440.0, 440.0, 440.0)
    """
    caps = check_array("capacities", capacities, low=0, high=MAX_SIMULATED_DEMAND, low_open=True, empty=False, ndim=1)
    n = check_integer("n_orders", n_orders, low=1, high=100_000)
    if caps.size * n * _SWEEP_SECONDS > MAX_ELEMENTS:
        raise ValueError(
            f"capacities ({caps.size:,} values) × n_orders = {n:,} × {_SWEEP_SECONDS} s is "
            f"{caps.size * n * _SWEEP_SECONDS:,} simulated key-seconds: must be at most {MAX_ELEMENTS:,}"
        )
    total = check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND)
    statuses = order_statuses(n, SWEEP_OPEN_SHARE)
    keys = [f"ORDER#{i:05d}" for i in range(n)]
    demand = np.full(n, total / n)
    base = Table(_SWEEP_PARTITIONS, wcu=_SWEEP_WCU)
    dense = GlobalSecondaryIndex(_INDEX, statuses, partitions=_SWEEP_PARTITIONS, wcu=_SWEEP_WCU)
    value_demand = np.array([total * statuses.count(v) / n for v in dense.values])
    per_partition = np.bincount(dense.value_partitions(), weights=value_demand, minlength=_SWEEP_PARTITIONS)
    floor = steady_backpressure(per_partition, MAX_SIMULATED_DEMAND)
    lo, hi = 0.0, float(MAX_SIMULATED_DEMAND)
    for _ in range(2 * _BISECTIONS):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if steady_backpressure(per_partition, mid) <= floor + 1e-9 else (mid, hi)
    rows = []
    for c in caps:
        g = GlobalSecondaryIndex(_INDEX, statuses, partitions=_SWEEP_PARTITIONS, wcu=float(c))
        r = simulate_with_indexes(base, demand, _SWEEP_SECONDS, keys, [g])
        offered = r.indexes[_INDEX].offered[-1]
        hot = int(np.argmax(offered))
        share = float(c) / _SWEEP_PARTITIONS
        rows.append(
            {
                "wcu": float(c),
                "share": share,
                "simulated": float(r.backpressure[_INDEX][-1].sum()),
                "closed": steady_backpressure(offered, float(c)),
                "single": max(0.0, float(offered[hot]) - adaptive_rate(float(c), _SWEEP_PARTITIONS, np.delete(offered, hot))),
                "above": int((offered > share).sum()),
            }
        )
    return {"rows": rows, "floor": floor, "w_min": hi}


#: Chapter 12's projection example: an order item's size, bytes, and order writes per second (3 units each).
PROJECTION_ITEM_BYTES = 3_000
PROJECTION_ORDER_WRITES = 800.0


def projection_case(
    entry_bytes: float,
    key_change: bool = False,
    item_bytes: float = PROJECTION_ITEM_BYTES,
    order_writes: float = PROJECTION_ORDER_WRITES,
) -> dict[str, float]:
    """Chapter 12's projections: what an index entry's size does to the OPEN partition and the back-pressure.

    ``order_writes`` order writes per second of ``item_bytes`` each (``write_units(item_bytes)`` units on the
    table) go to the orders table of :func:`sparse_index_sweep` (2,000 orders, 60 % OPEN, a dense ``by-status``
    index of 4 partitions and 4,000 WCU/s). Each write costs the index :func:`hotpart.index_write_units` of its
    ``entry_bytes`` entry (two writes, a delete and a put, when it changes the index key); the run lasts 60 s.

    With ``key_change`` every order write moves an order between statuses, and its two index writes land on two
    partitions: the delete on the old value's, the put on the new one's. Only one of them can be OPEN, so OPEN's
    partition takes at most one entry's units per order write. The case takes that worst case for OPEN in a steady
    state: every write touches OPEN, half of them moving an order into it and half out of it (so OPEN keeps its
    share), the other side of each write going to SHIPPED or CLOSED in proportion to their orders. The OPEN
    partition is then offered ``order_writes * write_units(entry_bytes)`` units/s, and the back-pressure is
    :func:`hotpart.steady_backpressure` of the per-partition loads (the simulator charges a base key's writes to one
    index value, so it cannot hold a write that touches two).

    Parameters
    ----------
    entry_bytes : float
        The index entry's size, bytes, in ``[0, 409,600]`` (an item's maximum, 400 KB).
    key_change : bool
        Whether each write changes the index key value.
    item_bytes : float
        The table item's size, bytes, in ``(0, 409,600]``.
    order_writes : float
        Order writes per second, in ``[0, 1e6]``.

    Returns
    -------
    dict
        ``"units"`` (index write units per order write), ``"item_units"`` (table write units per order write),
        ``"open_writes"`` (OPEN orders' writes per second), ``"enter_open"`` (with ``key_change``, writes per second
        moving an order into OPEN, as many as move one out; 0 otherwise), ``"open_load"`` (index WCU/s offered to
        the OPEN partition), ``"backpressure"`` (base-table WCU/s refused) and ``"backpressure_writes"`` (order
        writes per second refused).

    Examples
    --------
    >>> out = projection_case(3_000)
    >>> out["units"], round(out["open_load"], 6), round(out["backpressure"], 6)
    (3.0, 1440.0, 440.0)

    Every write changing the status: two index writes each, but only one on OPEN's partition.

    >>> out = projection_case(200, key_change=True)
    >>> out["units"], out["enter_open"], out["open_load"], out["backpressure"]
    (2.0, 400.0, 800.0, 0.0)
    """
    entry = check_number("entry_bytes", entry_bytes, low=0, high=_MAX_ITEM_BYTES)
    if not isinstance(key_change, bool):
        raise ValueError(f"key_change must be True or False, got {key_change!r}")
    item = check_number("item_bytes", item_bytes, low=0, high=_MAX_ITEM_BYTES, low_open=True)
    writes = check_number("order_writes", order_writes, low=0, high=1e6)
    item_units = float(write_units(item))
    units = float(index_write_units(entry, key_change=key_change))
    statuses = order_statuses(SWEEP_ORDERS, SWEEP_OPEN_SHARE)
    keys = [f"ORDER#{i:05d}" for i in range(SWEEP_ORDERS)]
    g = GlobalSecondaryIndex(_INDEX, statuses, partitions=_SWEEP_PARTITIONS, wcu=_SWEEP_WCU, units_per_write=units / item_units)
    parts = g.value_partitions()
    open_part = int(parts[g.values.index("OPEN")])
    if key_change:
        entry_units = float(write_units(entry))  # one side of a key change: a delete or a put
        load = np.zeros(_SWEEP_PARTITIONS)
        load[open_part] += writes * entry_units  # every write touches OPEN once, entering or leaving it
        others = {v: statuses.count(v) for v in g.values if v != "OPEN"}
        for v, count in others.items():
            load[int(parts[g.values.index(v)])] += writes * entry_units * count / sum(others.values())
        open_load = float(load[open_part])
        backpressure = steady_backpressure(load, _SWEEP_WCU, units_per_write=entry_units / item_units)
    else:
        base = Table(_SWEEP_PARTITIONS, wcu=_SWEEP_WCU)
        demand = np.full(SWEEP_ORDERS, writes * item_units / SWEEP_ORDERS)
        r = simulate_with_indexes(base, demand, _SWEEP_SECONDS, keys, [g])
        open_load = float(r.indexes[_INDEX].offered[-1, open_part])
        backpressure = float(r.backpressure[_INDEX][-1].sum())
    return {
        "units": units,
        "item_units": item_units,
        "open_writes": writes * statuses.count("OPEN") / SWEEP_ORDERS,
        "enter_open": writes / 2 if key_change else 0.0,
        "open_load": open_load,
        "backpressure": backpressure,
        "backpressure_writes": backpressure / item_units,
    }


# ---------------------------------------------------------------------------------------------
# Chapter 12's cases: the orders table's numbers, each from one tested call
# ---------------------------------------------------------------------------------------------

_CHAPTER_RCU = 12_000.0  # the by-status index's read capacity in chapter 12, RCU/s
_CHAPTER_MINUTES = 5


@functools.lru_cache(maxsize=8)
def _orders(n_orders: int, open_share: float) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Chapter 12's order keys and statuses (cached: several cases share them)."""
    return tuple(f"ORDER#{i:05d}" for i in range(n_orders)), tuple(order_statuses(n_orders, open_share))


def _orders_run(
    indexes: Sequence[GlobalSecondaryIndex],
    n_orders: int,
    rate: float,
    seconds: int,
    index_reads: dict[str, np.ndarray] | None = None,
) -> IndexedResult:
    """The orders table of :func:`sparse_index_sweep` (4 partitions, 4,000 WCU/s) with ``indexes``, for ``seconds``."""
    keys, _ = _orders(n_orders, SWEEP_OPEN_SHARE)
    base = Table(_SWEEP_PARTITIONS, wcu=_SWEEP_WCU)
    return simulate_with_indexes(
        base, np.full(n_orders, rate / n_orders), seconds, list(keys), list(indexes), index_reads=index_reads
    )


def _by_status(n_orders: int, **kwargs: float) -> GlobalSecondaryIndex:
    _, statuses = _orders(n_orders, SWEEP_OPEN_SHARE)
    return GlobalSecondaryIndex(_INDEX, list(statuses), partitions=_SWEEP_PARTITIONS, **{"wcu": _SWEEP_WCU, **kwargs})


def _check_orders(n_orders: int, rate: float) -> tuple[int, float]:
    return check_integer("n_orders", n_orders, low=1, high=100_000), check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND)


def gsi_chapter_case(n_orders: int = SWEEP_ORDERS, rate: float = SWEEP_RATE_WCU, minutes: int = _CHAPTER_MINUTES) -> Data:
    """Chapter 12's orders table with a dense ``by-status`` GSI: what the index refuses and what the table sees.

    ``n_orders`` orders (60 % OPEN, :func:`order_statuses`) share ``rate`` WCU/s evenly on a base table of 4
    partitions and 4,000 WCU/s; the ``by-status`` GSI has 4 partitions, 4,000 WCU/s and 12,000 RCU/s. The run lasts
    ``minutes`` minutes; rates are those of the last second (the steady state).

    Parameters
    ----------
    n_orders : int
        Orders, in ``[1, 100,000]``.
    rate : float
        The base table's write rate, WCU/s, in ``[0, 1e9]``.
    minutes : int
        Minutes simulated, in ``[1, 60]``.

    Returns
    -------
    dict
        ``res``, ``gsi`` and ``base`` (the base :class:`hotpart.Table`); ``per_order`` (WCU/s), ``base_busiest``
        (the busiest base partition's demand, WCU/s: what clients send it, before the index refuses any),
        ``share`` (the index's provisioned share per partition), ``open_demand`` (the OPEN orders' WCU/s),
        ``open_served`` and ``open_rate_bound`` (what the OPEN index partition serves, simulated and
        :func:`hotpart.steady_index_rates`), ``single_hot_rate`` (:func:`hotpart.adaptive_rate`), ``above_share``
        (index partitions offered more than their share), ``bp`` and ``bp_closed`` (base WCU/s refused, simulated and
        :func:`hotpart.steady_backpressure`), ``bp_share_all`` and ``bp_share_open`` (of all writes and of the OPEN
        orders' writes), ``own_refused`` and ``idx_refused`` (WCU refused in the whole run by the base partitions
        and by the index) and ``exception`` (what a client of a refused base write sees).

    Examples
    --------
    >>> c = gsi_chapter_case(400, minutes=1)
    >>> round(c["open_demand"], 6), round(c["bp"], 6), c["above_share"], c["own_refused"]
    (1440.0, 440.0, 1, 0.0)
    """
    n, total = _check_orders(n_orders, rate)
    m = check_integer("minutes", minutes, low=1, high=60)
    gsi = _by_status(n, rcu=_CHAPTER_RCU)
    res = _orders_run([gsi], n, total, 60 * m)
    idx = res.indexes[_INDEX]
    _, statuses = _orders(n, SWEEP_OPEN_SHARE)
    open_demand = total * statuses.count("OPEN") / n
    open_part = int(gsi.value_partitions()[gsi.values.index("OPEN")])
    demand = idx.offered[-1]
    share = gsi.wcu / gsi.partitions
    bp = float(res.backpressure[_INDEX][-1].sum())
    refused = np.argwhere(res.table.throttled > 0)
    return {
        "res": res,
        "gsi": gsi,
        "base": Table(_SWEEP_PARTITIONS, wcu=_SWEEP_WCU),
        "per_order": total / n,
        "base_busiest": float(res.table.offered[-1].max()),
        "share": share,
        "open_demand": open_demand,
        "open_served": float(idx.served[-1, open_part]),
        "open_rate_bound": float(steady_index_rates(demand, gsi.wcu)[open_part]),
        "single_hot_rate": adaptive_rate(gsi.wcu, gsi.partitions, np.delete(demand, open_part)),
        "above_share": int((demand > share).sum()),
        "bp": bp,
        "bp_closed": steady_backpressure(demand, gsi.wcu),
        "bp_share_all": bp / total if total > 0 else 0.0,
        "bp_share_open": bp / open_demand if open_demand > 0 else 0.0,
        "own_refused": float(res.own.throttled.sum()),
        "idx_refused": float(idx.throttled.sum()),
        "exception": res.table.exception(*(int(i) for i in refused[0])) if refused.size else "",
    }


def gsi_metrics_case(res: IndexedResult, minute: int, index: str = _INDEX) -> dict[str, object]:
    """Chapter 12: the CloudWatch data points of one minute, for the table and for ``index``.

    Parameters
    ----------
    res : IndexedResult
        What :func:`hotpart.simulate_with_indexes` returned.
    minute : int
        The minute, in ``[0, minutes - 1]`` for a run of ``minutes`` minutes.
    index : str
        One of ``res``'s indexes.

    Returns
    -------
    dict
        The table's ``consumed_ps`` (consumed WCU per second), ``provisioned``, ``events``, ``keyrange`` (key-range
        throttle events) and ``requests``; the index's ``idx_consumed_ps``, ``idx_events``, ``idx_keyrange`` and
        ``idx_provisioned_events``; ``consumed_sum`` (table and index, per second), ``bp_per_minute`` (base WCU
        refused by back-pressure in one minute of the steady state) and ``diagnosis`` (:func:`hotpart.diagnose`).

    Examples
    --------
    >>> c = gsi_metrics_case(gsi_chapter_case(400, minutes=2)["res"], 1)
    >>> round(c["bp_per_minute"]), c["events"]
    (26400, 0.0)
    """
    m = cloudwatch(res)
    if index not in res.indexes:
        raise ValueError(f"index = {index!r} is not allowed: must be one of {sorted(res.indexes)}")
    minute = check_integer("minute", minute, low=0, high=len(m["ThrottledRequests"]) - 1)
    mi = m.index(index)
    consumed = m.per_second("ConsumedWriteCapacityUnits")[minute]
    idx_consumed = m.per_second("ConsumedWriteCapacityUnits", index=index)[minute]
    return {
        "consumed_ps": float(consumed),
        "provisioned": float(m["ProvisionedWriteCapacityUnits"][minute]),
        "events": float(m["WriteThrottleEvents"][minute]),
        "keyrange": float(m["WriteKeyRangeThroughputThrottleEvents"][minute]),
        "requests": float(m["ThrottledRequests"][minute]),
        "idx_consumed_ps": float(idx_consumed),
        "idx_events": float(mi["WriteThrottleEvents"][minute]),
        "idx_keyrange": float(mi["WriteKeyRangeThroughputThrottleEvents"][minute]),
        "idx_provisioned_events": float(mi["WriteProvisionedThroughputThrottleEvents"][minute]),
        "consumed_sum": float(consumed + idx_consumed),
        "bp_per_minute": 60.0 * float(res.backpressure[index][-1].sum()),
        "diagnosis": diagnose(m).symptom,
    }


def second_index_case(customers: int = 500, n_orders: int = SWEEP_ORDERS, rate: float = SWEEP_RATE_WCU) -> dict[str, float]:
    """Chapter 12: a healthy ``by-customer`` index loses writes when the hot ``by-status`` index pushes back.

    Order ``i`` belongs to customer ``i mod customers``; both indexes have 4 partitions and 4,000 WCU/s, on chapter
    12's orders table (:func:`gsi_chapter_case`), for 5 minutes.

    Parameters
    ----------
    customers : int
        Distinct customers, in ``[1, n_orders]``.
    n_orders : int
        Orders, in ``[1, 100,000]``.
    rate : float
        The base table's write rate, WCU/s, in ``[0, 1e9]``.

    Returns
    -------
    dict
        ``customers``; ``alone`` and ``both`` (WCU/s the by-customer index serves alone and beside by-status, last
        second), ``drop`` (their difference) and ``refused`` (WCU the by-customer index itself refuses in the run).

    Examples
    --------
    >>> c = second_index_case(100, n_orders=400)
    >>> round(c["alone"]), round(c["both"]), c["refused"]
    (2400, 1960, 0.0)
    """
    n, total = _check_orders(n_orders, rate)
    k = check_integer("customers", customers, low=1, high=n)
    owners = [f"CUSTOMER#{i % k:03d}" for i in range(n)]
    by_customer = GlobalSecondaryIndex("by-customer", owners, partitions=_SWEEP_PARTITIONS, wcu=_SWEEP_WCU)
    seconds = 60 * _CHAPTER_MINUTES
    both = _orders_run([_by_status(n, rcu=_CHAPTER_RCU), by_customer], n, total, seconds)
    alone = _orders_run([by_customer], n, total, seconds)
    served_alone = float(alone.indexes["by-customer"].served[-1].sum())
    served_both = float(both.indexes["by-customer"].served[-1].sum())
    return {
        "customers": float(len(set(owners))),
        "alone": served_alone,
        "both": served_both,
        "drop": served_alone - served_both,
        "refused": float(both.indexes["by-customer"].throttled.sum()),
    }


def index_reads_case(
    reads_per_value: dict[str, float], n_orders: int = SWEEP_ORDERS, rate: float = SWEEP_RATE_WCU
) -> dict[str, object]:
    """Chapter 12: queries on the ``by-status`` index, throttled on its own partitions, never pushed back.

    Parameters
    ----------
    reads_per_value : dict
        RCU/s of queries per status (each of the index's values, ``>= 0``).
    n_orders : int
        Orders, in ``[1, 100,000]``.
    rate : float
        The base table's write rate, WCU/s, in ``[0, 1e9]``.

    Returns
    -------
    dict
        ``refused`` (index RCU/s refused, last second), ``writes_unchanged`` (whether the base table's served,
        refused and reasons are identical to the run without reads) and ``bp`` (base WCU/s refused, last second).

    Examples
    --------
    >>> c = index_reads_case({"OPEN": 4_500.0, "SHIPPED": 600.0, "CLOSED": 200.0}, n_orders=400)
    >>> round(c["refused"]), c["writes_unchanged"], round(c["bp"])
    (1500, True, 440)
    """
    n, total = _check_orders(n_orders, rate)
    gsi = _by_status(n, rcu=_CHAPTER_RCU)
    missing = sorted(set(gsi.values) - set(reads_per_value))
    if missing:
        raise ValueError(f"reads_per_value = {reads_per_value!r} is not allowed: it lacks the values {missing}")
    reads = check_array("reads_per_value", [reads_per_value[v] for v in gsi.values], low=0, high=MAX_SIMULATED_DEMAND)
    seconds = 60 * _CHAPTER_MINUTES
    without = _orders_run([gsi], n, total, seconds)
    with_reads = _orders_run([gsi], n, total, seconds, index_reads={_INDEX: reads})
    same = all(np.array_equal(getattr(without.table, a), getattr(with_reads.table, a)) for a in ("served", "throttled", "reason"))
    return {
        "refused": float(with_reads.index_reads[_INDEX].throttled[-1].sum()),
        "writes_unchanged": same,
        "bp": float(with_reads.backpressure[_INDEX][-1].sum()),
    }


def sparse_checks_case(below: float = 0.99, n_orders: int = SWEEP_ORDERS, rate: float = SWEEP_RATE_WCU) -> dict[str, float]:
    """Chapter 12: the sparse-index threshold checked by simulation, and an index of the OPEN orders only.

    Parameters
    ----------
    below : float
        Share of :math:`f^\\ast` (:func:`sparse_index_sweep`) simulated to check that nothing is refused, in
        ``[0, 1]``.
    n_orders : int
        Orders, in ``[1, 100,000]``.
    rate : float
        The base table's write rate, WCU/s, in ``[0, 1e9]``.

    Returns
    -------
    dict
        ``f_star``, ``below_bp`` (base WCU/s refused at ``below * f_star``), ``open_only_bp`` and ``open_only_load``
        (an ``open-orders`` index holding only OPEN orders: base WCU/s refused and index WCU/s offered) and
        ``dense_load`` (the dense index's offered WCU/s), all at the end of 60 s.

    Examples
    --------
    >>> c = sparse_checks_case(n_orders=400)
    >>> c["below_bp"], round(c["open_only_bp"]), round(c["open_only_load"]), round(c["dense_load"])
    (0.0, 440, 1440, 2400)
    """
    share = check_number("below", below, low=0, high=1)
    n, total = _check_orders(n_orders, rate)
    f_star = sparse_index_sweep(n, total, SWEEP_OPEN_SHARE)["f_star"]
    below_run = _orders_run([_by_status(n, fraction=share * f_star)], n, total, _SWEEP_SECONDS)
    _, statuses = _orders(n, SWEEP_OPEN_SHARE)
    only = GlobalSecondaryIndex(
        "open-orders", [s if s == "OPEN" else None for s in statuses], partitions=_SWEEP_PARTITIONS, wcu=_SWEEP_WCU
    )
    only_run = _orders_run([only], n, total, _SWEEP_SECONDS)
    dense_run = _orders_run([_by_status(n)], n, total, _SWEEP_SECONDS)
    return {
        "f_star": float(f_star),
        "below_bp": float(below_run.backpressure[_INDEX][-1].sum()),
        "open_only_bp": float(only_run.backpressure["open-orders"][-1].sum()),
        "open_only_load": float(only_run.indexes["open-orders"].offered[-1].sum()),
        "dense_load": float(dense_run.indexes[_INDEX].offered[-1].sum()),
    }


def sharded_index_case(suffixes: int = 2, n_orders: int = SWEEP_ORDERS, rate: float = SWEEP_RATE_WCU) -> dict[str, object]:
    """Chapter 12's exercise 2: the OPEN value written as ``OPEN#0`` .. ``OPEN#{suffixes-1}``, round robin.

    Parameters
    ----------
    suffixes : int
        Suffixes of the OPEN value, in ``[1, 1_000]``.
    n_orders : int
        Orders, in ``[1, 100,000]``.
    rate : float
        The base table's write rate, WCU/s, in ``[0, 1e9]``.

    Returns
    -------
    dict
        ``each`` (index WCU/s per suffix), ``bp`` (base WCU/s refused), ``part`` (the index partition of
        ``OPEN#0``), ``shared`` (the other values on it, joined by commas, or ``"no other value"``) and
        ``shared_load`` (that partition's offered WCU/s), after 60 s.

    Examples
    --------
    >>> c = sharded_index_case(2, n_orders=400)
    >>> c["each"], c["shared"]
    (720.0, 'SHIPPED')
    """
    k = check_integer("suffixes", suffixes, low=1, high=1_000)
    n, total = _check_orders(n_orders, rate)
    _, statuses = _orders(n, SWEEP_OPEN_SHARE)
    sharded = [f"OPEN#{i % k}" if s == "OPEN" else s for i, s in enumerate(statuses)]
    g = GlobalSecondaryIndex(_INDEX, sharded, partitions=_SWEEP_PARTITIONS, wcu=_SWEEP_WCU)
    r = _orders_run([g], n, total, _SWEEP_SECONDS)
    place = dict(zip(g.values, (int(p) for p in g.value_partitions()), strict=True))
    shared = [v for v in g.values if v != "OPEN#0" and place[v] == place["OPEN#0"]]
    return {
        "each": total * statuses.count("OPEN") / n / k,
        "bp": float(r.backpressure[_INDEX][-1].sum()),
        "part": place["OPEN#0"],
        "shared": ", ".join(shared) or "no other value",
        "shared_load": float(r.indexes[_INDEX].offered[-1, place["OPEN#0"]]),
    }
