"""Chapter 1's figures: per-partition demand against the ceiling, and partitions that never merge.

Models: :mod:`hotpart.models.capacity`. Notebook: ``notebooks/01_partitions.ipynb``.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import numpy as np
from matplotlib.figure import Figure
from matplotlib.ticker import AutoLocator, MaxNLocator
from numpy.typing import ArrayLike

from ..book.explorable import EXPLORABLES, Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, new_figure, partition_bars, set_partition_bars
from ..book.wording import plural
from ..models import (
    AUTOSCALING_MIN_CAPACITY,
    EXAMPLE_HOT_PARTITION,
    PARTITION_MAX_RCU,
    PARTITION_MAX_WCU,
    PartitionLoad,
    estimate_partitions,
    partition_history,
    read_units,
    split_demand,
    throttled,
    write_units,
)
from ..models._validation import check_array, check_integer, check_number

#: The most steps :func:`plot_partition_history` draws: one labelled tick each, and more would not be read.
_MAX_PLOT_STEPS = 1_000
#: The most steps :func:`partition_history_case` takes: :func:`hotpart.partition_history` costs a few microseconds
#: a step, so 100,000 steps take under a second.
_MAX_CASE_STEPS = 100_000

__all__ = [
    "SALE_STEPS_WCU",
    "SALE_STEP_LABELS",
    "ceiling_try_this",
    "item_read_case",
    "item_write_case",
    "partition_count_case",
    "partition_history_case",
    "plot_partition_history",
    "plot_partition_load",
    "source_example_case",
    "source_example_load",
    "units_text",
]


def _load_title(load: PartitionLoad) -> str:
    return f"Write demand on {plural(load.n_partitions, 'partition')} against the {load.ceiling:,.0f} WCU/s ceiling"


def plot_partition_load(fig: Figure, load: PartitionLoad, ymax: float | None = None, title: str | None = None) -> None:
    """Draw a :class:`PartitionLoad`: served and refused bars, ceiling and even share.

    ``ymax``, the top of the y axis in WCU/s, is finite and ``> 0``, or ``None`` to fit the bars.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, _ = new_figure()
    >>> plot_partition_load(fig, PartitionLoad(split_demand(3_000.0, 4, 0.5), table_capacity=4_000.0))
    """
    if ymax is not None:
        ymax = check_number("ymax", ymax, low=0, high=sys.float_info.max, low_open=True)
    ax = fig.axes[0]
    partition_bars(ax, load.demand, load.ceiling, load.ceiling, even_share=load.even_share)
    ax.set_ylim(0, ymax if ymax is not None else 1.08 * max(load.demand.max(), load.ceiling))
    finish_axes(
        ax,
        title or _load_title(load),
        "partition (0 is the hottest)",
        "write demand (WCU/s)",
    )


def _ceiling_compute(table_wcu: float, n_partitions: int, hot_share: float, load_pct: float) -> Data:
    total = table_wcu * load_pct / 100.0
    load = PartitionLoad(split_demand(total, n_partitions, hot_share), table_capacity=table_wcu)
    return {"load": load, "ymax": 1.08 * max(total, PARTITION_MAX_WCU)}


def _ceiling_plot(fig: Figure, data: Data) -> None:
    fixed_layout(fig, left=0.11, right=0.985, bottom=0.13, top=0.92)
    plot_partition_load(fig, data["load"], ymax=data["ymax"])


def _ceiling_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_ceiling_plot`'s figure for new data: the bars' heights (drawn again when the partition count
    changes), the even share's line and legend label, the y limit and the title."""
    ax = fig.axes[0]
    load: PartitionLoad = data["load"]
    served, refused = ax.containers
    if set_partition_bars(ax, load.demand, load.ceiling):
        ax.lines[1].set_ydata([load.even_share, load.even_share])
    else:  # a new partition count: the bars, ticks and lines as plot_partition_load draws them
        for artist in [*served, *refused, *ax.lines]:
            artist.remove()
        ax.containers.clear()
        ax.xaxis.set_major_locator(AutoLocator())
        partition_bars(ax, load.demand, load.ceiling, load.ceiling, even_share=load.even_share)
    # the bars and lines may have been drawn anew above, with their new labels: set the legend's entry by place
    ax.lines[1].set_label(f"even share {load.even_share:,.0f}")
    ax.get_legend().get_texts()[1].set_text(ax.lines[1].get_label())
    ax.set_ylim(0, data["ymax"])
    ax.set_title(_load_title(load), fontsize=11)


def units_text(x: float) -> str:
    """``x`` units/s as text with thousands separators, rounded to a whole unit, never ``-0``.

    Examples
    --------
    >>> units_text(-1e-9), units_text(-0.4), units_text(-2_500.6), units_text(10_000)
    ('0', '0', '-2,501', '10,000')

    ``x`` is any finite number (a headroom may be negative).
    """
    x = check_number("x", x, low=-sys.float_info.max, high=sys.float_info.max)
    rounded = round(float(x))
    return f"{rounded + 0:,d}" if rounded else "0"


def _ceiling_caption(data: Data) -> str:
    load: PartitionLoad = data["load"]
    share = load.min_refused / load.offered if load.offered else 0.0
    return (
        f"Offered {load.offered:,.0f} WCU/s to a table provisioned at {load.table_capacity:,.0f} "
        f"(headroom {units_text(load.headroom)}). Refused at least {load.min_refused:,.0f} WCU/s "
        f"({share:.0%}) even with every partition allowed up to its {load.ceiling:,.0f} WCU/s ceiling; "
        f"held to an even share of {load.even_share:,.0f} each, {load.refused_even_split.sum():,.0f} WCU/s."
    )


partition_ceiling = register(
    Explorable(
        name="partition_ceiling",
        title="One hot partition against the per-partition ceiling",
        controls=(
            Control("table_wcu", "table capacity", 1_000, 40_000, 10_000, step=1_000, unit="WCU/s"),
            Control("n_partitions", "partitions", 1, 40, 10, step=1, integer=True),
            Control("hot_share", "share of demand on the hottest partition", 0.0, 1.0, 0.8, step=0.01, percent=True),
            Control("load_pct", "offered demand", 10, 150, 100, step=5, unit="% of table capacity"),
        ),
        compute=_ceiling_compute,
        plot=_ceiling_plot,
        update=_ceiling_update,
        caption=_ceiling_caption,
        try_this=(
            "lower the hot share until the red bar disappears, then add partitions and watch the dashed even "
            "share fall while the solid ceiling stays put. In Jupyter, double the table capacity and halve the "
            "offered demand (a percentage of the capacity): the hot partition gets the same demand and the red bar "
            "stays as tall."
        ),
        static=("hot_share", "n_partitions"),
    )
)


def plot_partition_history(wcu: ArrayLike, rcu: ArrayLike | None = None, step_labels: tuple[str, ...] | None = None) -> Figure:
    """Partitions and the even per-partition share as provisioned WCU is raised and lowered.

    Parameters
    ----------
    wcu : array_like
        Provisioned WCU/s at each step, ``>= 0``: a 1-D array of at least one step and at most 1,000 (one tick each).
    rcu : array_like, optional
        Provisioned RCU/s at each step, ``>= 0``; zero if omitted.
    step_labels : tuple of str, optional
        A name for each step ("before 1", "sale 1", ...), one per step of ``wcu`` and each different, so that no two
        ticks read alike; each tick then shows the name above the step's provisioned WCU/s. Without it a tick
        shows the provisioned WCU/s alone.

    Returns
    -------
    Figure
        Two panels: partition count (whole-number ticks), and WCU/s per partition, each step's tick labelled
        with its provisioned WCU/s. The even share is drawn with a marker at every step, on top of the ceiling,
        so it stays visible where the two are equal.

    Examples
    --------
    >>> fig = plot_partition_history([1_000.0, 4_000.0, 1_000.0])
    >>> len(fig.axes)
    2
    """
    w = check_array("wcu", wcu, low=0, high=sys.float_info.max, ndim=1, max_size=_MAX_PLOT_STEPS)
    if w.size == 0:
        raise ValueError(f"wcu = {wcu!r} is not allowed: must be a non-empty 1-D array of WCU/s >= 0")
    r = np.zeros_like(w) if rcu is None else check_array("rcu", rcu, low=0, high=sys.float_info.max)
    if r.shape != w.shape:
        raise ValueError(f"rcu has shape {r.shape}: must match wcu's {w.shape}")
    if step_labels is not None and (
        len(step_labels) != w.size or not all(isinstance(x, str) for x in step_labels) or len(set(step_labels)) != w.size
    ):
        raise ValueError(f"step_labels = {step_labels!r} is not allowed: must be {w.size} different strings, one per step of wcu")
    counts = partition_history(r, w)
    steps = np.arange(w.size)
    ticks = [f"{x:,.0f}" for x in w] if step_labels is None else [f"{n}\n{x:,.0f}" for n, x in zip(step_labels, w, strict=True)]
    xlabel = "provisioned WCU/s at each step"
    fig, (left, right) = new_figure(ncols=2)
    left.step(steps, counts, where="post", color=COLORS["served"], label="partitions")
    left.yaxis.set_major_locator(MaxNLocator(integer=True))
    finish_axes(left, "Partitions split but never merge", xlabel, "partitions", loc="lower right")
    right.axhline(PARTITION_MAX_WCU, color=COLORS["ceiling"], lw=2, label=f"ceiling {PARTITION_MAX_WCU:,.0f} WCU/s")
    right.step(steps, w / counts, where="post", color=COLORS["share"], ls="--", marker="o", zorder=3, label="even share (WCU/s)")
    right.set_ylim(0, 1.15 * PARTITION_MAX_WCU)
    finish_axes(right, "Each partition's share after scaling down", xlabel, "WCU/s per partition", loc="lower left")
    for ax in (left, right):
        ax.set_xticks(steps, ticks, fontsize="small")
    return fig


# ---------------------------------------------------------------------------------------------
# Chapter 1's numbers: the source's example, the explorable's "Try this", a sale that splits partitions
# ---------------------------------------------------------------------------------------------

#: Provisioned write capacity at each step of chapter 1's sale, WCU/s: raised for the sale, then lowered back
#: (an illustration of the course, not a source's figure).
SALE_STEPS_WCU: tuple[float, ...] = (10_000.0, 10_000.0, 30_000.0, 30_000.0, 10_000.0, 10_000.0)
#: A name for each step of :data:`SALE_STEPS_WCU`, for the figure's ticks.
SALE_STEP_LABELS: tuple[str, ...] = ("before 1", "before 2", "sale 1", "sale 2", "after 1", "after 2")


def source_example_load() -> PartitionLoad:
    """000's example (:data:`hotpart.EXAMPLE_HOT_PARTITION`) as a :class:`PartitionLoad`.

    Partition A is offered ``hot_wcu`` and each of the other ``n_partitions - 1`` partitions ``other_wcu``, on a
    table provisioned at ``table_wcu`` WCU/s.

    Returns
    -------
    PartitionLoad
        The demand per partition (partition A first), WCU/s, and the table's capacity.

    Examples
    --------
    >>> load = source_example_load()
    >>> load.n_partitions, float(load.offered), float(load.min_refused)
    (10, 9800.0, 7000.0)
    """
    n = int(EXAMPLE_HOT_PARTITION["n_partitions"])
    demand = [EXAMPLE_HOT_PARTITION["hot_wcu"]] + [EXAMPLE_HOT_PARTITION["other_wcu"]] * (n - 1)
    return PartitionLoad(demand, table_capacity=EXAMPLE_HOT_PARTITION["table_wcu"])


@dataclass(frozen=True)
class CeilingTryThis:
    """What the ``partition_ceiling`` explorable shows at the settings its "Try this" names (:func:`ceiling_try_this`).

    All rates in WCU/s; shares as fractions.
    """

    #: The default settings: hot share, offered demand as a fraction of capacity, table capacity.
    default_hot_share: float
    default_load: float
    default_table_wcu: float
    #: The hot share at which the hot partition's demand comes down to the ceiling (the red bar disappears).
    red_gone_share: float
    #: The hot partition's demand at the default.
    hot_wcu: float
    #: Doubled capacity: the hot partition's demand with the same offered percentage, and the capacity.
    scaled_table_wcu: float
    scaled_hot_wcu: float
    #: Doubled capacity with half the offered percentage: the offered fraction, the even share, the least refused.
    same_load: float
    same_even_share: float
    same_min_refused: float
    #: More partitions: their count, the even share, the least refused, and what is refused at an even split
    #: (in all, and by the cool partitions).
    more_partitions: int
    more_even_share: float
    more_min_refused: float
    more_even_refused: float
    more_cool_refused: float
    #: The least refused at the default.
    min_refused: float


def ceiling_try_this(more_partitions: int = 40) -> CeilingTryThis:
    """The numbers of chapter 1's "Try this", from the ``partition_ceiling`` explorable at its default and three moves.

    Parameters
    ----------
    more_partitions : int
        The partition count the reader raises to, a whole number in ``[1, 40]`` (the control's range).

    Returns
    -------
    CeilingTryThis
        The defaults, and the loads at the default, with the capacity doubled (same and half the offered
        percentage) and with ``more_partitions`` partitions.

    Examples
    --------
    >>> t = ceiling_try_this()
    >>> round(t.red_gone_share, 3), t.hot_wcu, t.scaled_hot_wcu, t.same_min_refused == t.min_refused
    (0.1, 8000.0, 16000.0, True)
    """
    more_partitions = check_integer("more_partitions", more_partitions, low=1, high=40)
    e = EXPLORABLES["partition_ceiling"]
    d = e.defaults()
    default: PartitionLoad = e.data()["load"]
    cap = 2 * d["table_wcu"]
    scaled: PartitionLoad = e.data(table_wcu=cap)["load"]
    same: PartitionLoad = e.data(table_wcu=cap, load_pct=d["load_pct"] / 2)["load"]
    more: PartitionLoad = e.data(n_partitions=more_partitions)["load"]
    return CeilingTryThis(
        default_hot_share=float(d["hot_share"]),
        default_load=float(d["load_pct"]) / 100.0,
        default_table_wcu=float(d["table_wcu"]),
        red_gone_share=float(PARTITION_MAX_WCU / default.offered),
        hot_wcu=float(default.demand[0]),
        scaled_table_wcu=float(cap),
        scaled_hot_wcu=float(scaled.demand[0]),
        same_load=float(d["load_pct"]) / 200.0,
        same_even_share=float(same.even_share),
        same_min_refused=float(same.min_refused),
        more_partitions=more_partitions,
        more_even_share=float(more.even_share),
        more_min_refused=float(more.min_refused),
        more_even_refused=float(more.refused_even_split.sum()),
        more_cool_refused=float(more.refused_even_split[1:].sum()),
        min_refused=float(default.min_refused),
    )


@dataclass(frozen=True)
class HistoryCase:
    """Partitions over a sequence of provisioned write capacities (:func:`partition_history_case`)."""

    #: Provisioned WCU/s at each step, and the partition count at each step.
    wcu: tuple[float, ...]
    partitions: tuple[int, ...]
    #: The largest provisioned rate, WCU/s, and the partition count it leaves.
    peak_wcu: float
    peak_partitions: int
    #: Partitions added since the first step.
    new_partitions: int
    #: The even share per partition at the first and the last step, WCU/s, and their ratio (last / first).
    share_before: float
    share_after: float
    share_ratio: float


def partition_history_case(wcu: ArrayLike = SALE_STEPS_WCU) -> HistoryCase:
    """How partitions added for a peak dilute each partition's share once the capacity is lowered again.

    Parameters
    ----------
    wcu : array_like
        Provisioned WCU/s at each step (reads and storage zero): a 1-D array of at least one step and at most
        100,000, each in ``[1, 2**53]`` (1 is the least a provisioned table may have,
        :data:`hotpart.AUTOSCALING_MIN_CAPACITY`; 2**53 is :func:`hotpart.partition_history`'s ceiling).

    Returns
    -------
    HistoryCase
        The partition count at each step (:func:`hotpart.partition_history`) and the even shares before and after.

    Examples
    --------
    >>> c = partition_history_case([10_000, 30_000, 10_000])
    >>> c.partitions, c.share_before, c.share_after, round(c.share_ratio, 3)
    ((10, 30, 30), 1000.0, 333.3333333333333, 0.333)
    """
    w = check_array("wcu", wcu, low=AUTOSCALING_MIN_CAPACITY, high=2.0**53, ndim=1, max_size=_MAX_CASE_STEPS)
    if w.size == 0:
        raise ValueError(f"wcu = {wcu!r} is not allowed: must be a non-empty 1-D array of WCU/s >= 1")
    counts = partition_history(np.zeros_like(w), w)
    before, after = float(w[0] / counts[0]), float(w[-1] / counts[-1])
    return HistoryCase(
        wcu=tuple(float(x) for x in w),
        partitions=tuple(int(c) for c in counts),
        peak_wcu=float(w.max()),
        peak_partitions=int(counts.max()),
        new_partitions=int(counts.max() - counts[0]),
        share_before=before,
        share_after=after,
        share_ratio=after / before,
    )


# ---------------------------------------------------------------------------------------------
# Chapter 1's numbers: the source's example in shares, and the exercises' units
# ---------------------------------------------------------------------------------------------

#: The largest item DynamoDB stores, bytes (400 KB): the range the exercises' item sizes are checked against.
_ITEM_MAX_BYTES = 400 * 1024
#: The largest request rate the exercises take, requests/s.
_MAX_RATE = 1e9


@dataclass(frozen=True)
class SourceExampleCase:
    """000's example in the numbers chapter 1 states (:func:`source_example_case`). Rates in WCU/s."""

    #: The table's capacity, its partitions, partition A's demand and each other partition's.
    table_wcu: float
    n_partitions: int
    hot_wcu: float
    other_wcu: float
    #: The partitions AWS's old rule of thumb gives for the table's write capacity (:func:`hotpart.estimate_partitions`).
    estimated_partitions: int
    #: The even share of the capacity per partition, the demand offered, and the table's headroom (capacity - offered).
    even_share: float
    offered: float
    headroom: float
    #: The least refused with every partition allowed its ceiling, as a rate and as a share of the offered demand.
    min_refused: float
    refused_share: float
    #: The share of partition A's own demand it refuses at the ceiling.
    hot_refused_share: float
    #: The other partitions, and the capacity they leave unused below their ceilings.
    n_other: int
    idle_wcu: float


def source_example_case() -> SourceExampleCase:
    """000's example (:func:`source_example_load`) with the shares and the unused capacity chapter 1 states.

    Returns
    -------
    SourceExampleCase

    Examples
    --------
    >>> c = source_example_case()
    >>> c.n_other, c.refused_share, c.hot_refused_share, c.idle_wcu
    (9, 0.7142857142857143, 0.875, 7200.0)
    """
    load = source_example_load()
    return SourceExampleCase(
        table_wcu=float(load.table_capacity),
        n_partitions=load.n_partitions,
        hot_wcu=float(load.demand[0]),
        other_wcu=float(load.demand[1]),
        estimated_partitions=estimate_partitions(rcu=0, wcu=load.table_capacity),
        even_share=float(load.even_share),
        offered=float(load.offered),
        headroom=float(load.headroom),
        min_refused=float(load.min_refused),
        refused_share=float(load.min_refused / load.offered),
        hot_refused_share=float(load.refused_at_ceiling[0] / load.demand[0]),
        n_other=load.n_partitions - 1,
        idle_wcu=float((load.ceiling - load.demand[1:]).sum()),
    )


def partition_count_case(rcu: float, wcu: float, size_gb: float) -> dict[str, float]:
    """Partitions a table's throughput and size imply, each alone and together, and the even write share.

    Parameters
    ----------
    rcu, wcu : float
        Provisioned read and write capacity, RCU/s and WCU/s, each in ``[0, 2**53]``.
    size_gb : float
        Table size, GB (10**9 bytes), in ``[0, 2**53]``.

    Returns
    -------
    dict
        ``partitions`` (:func:`hotpart.estimate_partitions`), ``by_throughput`` (size zero), ``by_size`` (throughput
        zero), and ``write_share``, WCU/s per partition when the writes spread evenly.

    Examples
    --------
    >>> partition_count_case(4_000, 2_000, 45)
    {'partitions': 5, 'by_throughput': 4, 'by_size': 5, 'write_share': 400.0}
    """
    rcu = check_number("rcu", rcu, low=0, high=2.0**53)
    wcu = check_number("wcu", wcu, low=0, high=2.0**53)
    size_gb = check_number("size_gb", size_gb, low=0, high=2.0**53)
    partitions = estimate_partitions(rcu=rcu, wcu=wcu, size_gb=size_gb)
    return {
        "partitions": partitions,
        "by_throughput": estimate_partitions(rcu=rcu, wcu=wcu),
        "by_size": estimate_partitions(rcu=0, wcu=0, size_gb=size_gb),
        "write_share": wcu / partitions,
    }


def _rate_and_size(rate: float, item_bytes: float) -> tuple[float, float]:
    rate = check_number("rate", rate, low=0, high=_MAX_RATE, low_open=True)
    item_bytes = check_number("item_bytes", item_bytes, low=0, high=_ITEM_MAX_BYTES)
    return rate, item_bytes


def item_write_case(rate: float, item_bytes: float) -> dict[str, float]:
    """One partition written ``rate`` times a second with items of ``item_bytes``: units, demand, refusals.

    Parameters
    ----------
    rate : float
        Writes per second to one partition, in ``(0, 1e9]``.
    item_bytes : float
        Item size, bytes, in ``[0, 400 KB]``.

    Returns
    -------
    dict
        ``item_kb`` (decimal KB), ``units`` (WCU per write, :func:`hotpart.write_units`), ``demand`` (WCU/s),
        ``refused`` (WCU/s above :data:`hotpart.PARTITION_MAX_WCU`) and ``max_rate`` (the most such writes a second
        the partition takes).

    Examples
    --------
    >>> item_write_case(1_500, 2_500)
    {'item_kb': 2.5, 'units': 3.0, 'demand': 4500.0, 'refused': 3500.0, 'max_rate': 333.3333333333333}
    """
    rate, item_bytes = _rate_and_size(rate, item_bytes)
    units = float(write_units(item_bytes))
    demand = rate * units
    return {
        "item_kb": item_bytes / 1000,
        "units": units,
        "demand": demand,
        "refused": float(throttled(demand, PARTITION_MAX_WCU)),
        "max_rate": PARTITION_MAX_WCU / units,
    }


def item_read_case(rate: float, item_bytes: float) -> dict[str, float | str]:
    """One partition read ``rate`` times a second, items of ``item_bytes``: units each way and whether they fit.

    Parameters
    ----------
    rate : float
        Reads per second from one partition, in ``(0, 1e9]``.
    item_bytes : float
        Item size, bytes, in ``[0, 400 KB]``.

    Returns
    -------
    dict
        ``item_kb`` (decimal KB), ``strong`` and ``eventual`` (RCU/s, :func:`hotpart.read_units`), and
        ``strong_verdict`` and ``eventual_verdict``: ``"fits"`` when the rate is within
        :data:`hotpart.PARTITION_MAX_RCU`, else ``"does not fit"``.

    Examples
    --------
    >>> c = item_read_case(2_000, 6_000)
    >>> c["strong"], c["eventual"], c["strong_verdict"], c["eventual_verdict"]
    (4000.0, 2000.0, 'does not fit', 'fits')
    """
    rate, item_bytes = _rate_and_size(rate, item_bytes)
    strong = rate * float(read_units(item_bytes))
    eventual = rate * float(read_units(item_bytes, "eventual"))
    verdict = {True: "fits", False: "does not fit"}
    return {
        "item_kb": item_bytes / 1000,
        "strong": strong,
        "eventual": eventual,
        "strong_verdict": verdict[strong <= PARTITION_MAX_RCU],
        "eventual_verdict": verdict[eventual <= PARTITION_MAX_RCU],
    }
