"""Chapter 4's explorable, tables and figure: composite and time-series keys, single-table design, item collections.

Models: :mod:`hotpart.models.item_collections` (``item_collection_gb``, ``days_to_collection_limit``), with
:mod:`~hotpart.models.key_designs` and :mod:`~hotpart.models.skew` for the designs' key distributions,
:mod:`~hotpart.models.scale_limits` and :mod:`~hotpart.models.hashing` (``partition_of``). Notebook:
``notebooks/04_composite_keys.ipynb``. The explorable ``composite_keys``; the chapter's growth plot
(``plot_collection_growth``, ``collection_curves``), its table (``composite_cases``, ``composite_table``) and its
single-table layout (``single_table_example``), tested in ``tests/test_chapters_1_7.py``; the cases its hidden cells
glue (``device_collection``, ``sparse_status_index``, ``time_series_reads``), tested in ``tests/test_cases_keys.py``.
The explorable updates its figure in place (``_composite_update``).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from numpy.typing import ArrayLike, NDArray

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, log_axis, partition_bars, set_partition_bars
from ..book.wording import plural
from ..models import (
    ITEM_COLLECTION_MAX_GB,
    ON_DEMAND_NEW_TABLE_PEAK,
    PARTITION_MAX_WCU,
    Categorical,
    DateKey,
    KeyDistribution,
    QueryRead,
    ScaleLimit,
    Uniform,
    days_to_collection_limit,
    item_collection_gb,
    key_design,
    partition_load,
    partition_of,
    query_cost,
    read_units,
    scale_limit,
    write_units,
)
from ..models._validation import check_array, check_integer, check_number
from .key_designs import _FINITE

__all__ = [
    "COMPOSITE_CHOICES",
    "COMPOSITE_DESIGNS",
    "COLLECTION_DAYS",
    "SingleTable",
    "collection_curves",
    "composite_cases",
    "composite_design",
    "composite_table",
    "single_table_example",
    "plot_collection_growth",
    "device_collection",
    "new_period_table",
    "partitions_over_ceiling",
    "sparse_status_index",
    "status_partitions",
    "stored_rate",
    "time_series_reads",
]

#: Days in a year, for :attr:`CompositeCase.years_to_limit` (a Julian year).
_YEAR_DAYS = 365.25

#: Entities of a composite design, at most.
_MAX_ENTITIES = 10**12
#: The y ticks of :func:`plot_collection_growth`, GB: from a megabyte to a petabyte.
_GB_TICKS = (1e-3, 1.0, 1e3, 1e6)
#: The most days a curve of :func:`plot_collection_growth` or :func:`collection_curves` holds (points per line).
_MAX_DAYS = 100_000
#: The most write rates :func:`collection_curves` takes: one labelled curve each.
_MAX_RATES = 100
#: Bytes in a GB as the item-collection limit counts them (1024**3, as :func:`hotpart.item_collection_gb`).
_GB_BYTES = 1024**3


def _duration_text(days: float) -> str:
    """A duration given in days, in the unit that reads best: minutes under an hour, hours under a day, else days.

    ``days`` is ``>= 0`` and finite.

    Examples
    --------
    >>> _duration_text(0.02), _duration_text(0.0552), _duration_text(0.5), _duration_text(497.1)
    ('29 minutes', '1.3 hours', '12 hours', '497 days')
    """
    days = check_number("days", days, low=0, high=_FINITE)
    if days < 1 / 24:
        return f"{days * 1440:,.0f} minutes"
    if days < 1:
        return f"{days * 24:,.1f} hours".replace(".0 hours", " hours")
    text = f"{days:,.0f}"
    return f"{text} day" if text == "1" else f"{text} days"


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
        Elapsed days, a 1-D array of at least two and at most 100,000 (points per line).
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
    d = check_array("days", days, low=0, high=_FINITE, ndim=1, max_size=_MAX_DAYS)
    if d.size < 2:
        raise ValueError(f"days = {days!r} is not allowed: must be a 1-D array of at least two days >= 0")
    limit_gb = check_number("limit_gb", limit_gb, low=0, high=_FINITE, low_open=True)
    if not isinstance(sizes_gb, dict):
        raise TypeError(f"sizes_gb = {sizes_gb!r} is not allowed: must be a dict of label to sizes, GB")
    for label, gb in sizes_gb.items():
        if check_array(f"sizes_gb[{label!r}]", gb, low=0, high=_FINITE).shape != d.shape:
            raise ValueError(f"sizes_gb[{label!r}] must hold one size per day of days ({d.size:,} days)")
    palette = [COLORS["refused"], COLORS["served"], COLORS["accent"], COLORS["share"], COLORS["ceiling"]]
    for i, (label, gb) in enumerate(sizes_gb.items()):
        ax.plot(d, np.maximum(gb, 1e-6), lw=1.8, color=palette[i % len(palette)], label=label)
    ax.axhline(limit_gb, color=COLORS["ceiling"], ls="--", lw=1.2, label=f"{limit_gb:g} GB item-collection limit (LSI)")
    ax.set_yscale("log")
    log_axis(ax, "y", numticks=4)
    # ticks in GB themselves, not SI prefixes ("1G" on a GB axis would read as 1 GB)
    ax.set_yticks(_GB_TICKS, [f"{t:,.10g} GB" for t in _GB_TICKS])
    ax.set_ylim(_GB_TICKS[0], _GB_TICKS[-1])
    ax.set_xlim(d.min(), d.max())
    finish_axes(ax, title, "days of writes", "item collection (log scale)", loc="upper left")


# ---------------------------------------------------------------------------------------------
# Chapter 4: composite keys, time-series keys, item collections
# ---------------------------------------------------------------------------------------------

#: The designs of the composite-keys chapter, by index: (label, what the partition key holds).
COMPOSITE_DESIGNS: tuple[str, ...] = (
    "PK = status, SK = userId#timestamp",
    "PK = USER#id, SK = STATUS#… / ORDER#…",
    "PK = date, SK = timestamp",
    "PK = deviceId, SK = timestamp",
    "PK = deviceId#YYYY-MM, SK = timestamp",
)
#: The designs' short names, as the explorable's design control shows them.
COMPOSITE_CHOICES: tuple[str, ...] = ("status", "USER#id", "date", "deviceId", "deviceId#YYYY-MM")
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
    # refused writes store nothing: the hottest key keeps what its partition serves (stored_rate)
    hottest_rate = stored_rate(rate_per_s * dist.top_share(1), limit.hottest_demand)
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
        "hottest_rate": hottest_rate,
        "item_bytes": float(item_bytes),
        "ymax": 1.08 * max(total_wcu, PARTITION_MAX_WCU),
    }


def _composite_plot(fig: Figure, data: Data) -> None:
    left, right = fig.axes
    partition_bars(left, data["load"], PARTITION_MAX_WCU, PARTITION_MAX_WCU)
    left.set_ylim(0, data["ymax"])
    finish_axes(left, data["label"], "partition", "write demand (WCU/s)")
    plot_collection_growth(right, COLLECTION_DAYS, {"hottest key's item collection (writes stored)": data["sizes"]})
    fixed_layout(fig, wspace=0.42)


def _composite_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_composite_plot`'s figure for new data: the bars' heights (:func:`~hotpart.set_partition_bars`),
    or, when the partition count (a control) changed, the bars and the ceiling drawn again by the same
    :func:`~hotpart.partition_bars`; the left title and y range, and the growth curve. The legends (built once, their
    texts fixed), the right axes' limits and the 10 GB line stay."""
    left, right = fig.axes
    if not set_partition_bars(left, data["load"], PARTITION_MAX_WCU):
        for artist in [*left.containers, *left.lines]:
            artist.remove()
        partition_bars(left, data["load"], PARTITION_MAX_WCU, PARTITION_MAX_WCU)
    left.set_ylim(0, data["ymax"])
    left.set_title(data["label"], fontsize=11)
    right.lines[0].set_ydata(np.maximum(data["sizes"], 1e-6))


def _composite_caption(data: Data) -> str:
    lim = data["limit"]
    dist: KeyDistribution = data["dist"]
    days = data["days_to_limit"]
    limit = f"the {ITEM_COLLECTION_MAX_GB:g} GB limit"
    if days is not None and math.isfinite(days):
        growth = f"with an LSI its item collection reaches {limit} after {_duration_text(days)}, and writes to it fail"
    elif data["capped_gb"] > ITEM_COLLECTION_MAX_GB:
        # a collection cannot pass the limit: with an LSI it stops there (writes fail), without one there is none
        to_limit = days_to_collection_limit(data["hottest_rate"], data["item_bytes"])
        growth = (
            f"with an LSI its item collection reaches {limit} after {_duration_text(to_limit)}, and writes to it "
            f"fail; without one it grows to {data['capped_gb']:,.3g} GB"
        )
    else:
        growth = f"its item collection stops growing at {data['capped_gb']:,.3g} GB"
    return (
        f"{data['label']}: {data['total_wcu']:,.0f} WCU/s over {plural(dist.n_keys, 'partition-key value')}. The hottest "
        f"partition is offered {lim.hottest_demand:,.0f} WCU/s ({lim.refused_fraction:.0%} of writes refused); "
        f"the hottest key takes {100 * dist.top_share(1):.3g}% of the writes and {growth}"
        + (" (refused writes store nothing)." if lim.refused_fraction > 0 else ".")
    )


composite_keys = register(
    Explorable(
        name="composite_keys",
        title="Composite and time-series keys: per-partition load and item-collection size",
        controls=(
            Control("design", "design", 0, 4, 0, integer=True, choices=COMPOSITE_CHOICES),
            Control("n_entities", "users or devices", 100, 1e6, 1e4, step=0.5, scale="log"),
            Control("writes_per_min", "writes per user or device", 0.1, 60, 30, step=0.1, unit="per minute"),
            Control("item_bytes", "item size", 100, 4_000, 500, step=100, unit="bytes"),
            Control("n_partitions", "partitions", 1, 20, 10, step=1, integer=True),
        ),
        compute=_composite_compute,
        plot=_composite_plot,
        update=_composite_update,
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
# Chapter 4's numbers: five designs for one workload, a single-table layout, collection growth
# ---------------------------------------------------------------------------------------------


def stored_rate(offered_rate: float, partition_demand: float, ceiling: float = PARTITION_MAX_WCU) -> float:
    """Writes per second a key actually stores when its partition refuses the excess over the ceiling.

    A refused write stores nothing. A partition offered ``partition_demand`` serves at most ``ceiling``, and the
    course takes the refusals in proportion to each key's writes, so a key offered ``offered_rate`` stores
    ``offered_rate * min(1, ceiling / partition_demand)``. No split for heat relieves the keys of chapter 4 that
    pass the ceiling: a date key's writes follow a timestamp sort key that only grows, and the 10 GB limit itself
    exists only with an LSI, under which DynamoDB does not split an item collection.

    Parameters
    ----------
    offered_rate : float
        Writes per second offered to the key, ``>= 0`` and finite.
    partition_demand : float
        Write units per second offered to the key's partition, ``>= 0`` and finite.
    ceiling : float
        The partition's write ceiling, WCU/s, ``> 0`` and finite.

    Returns
    -------
    float
        Writes per second stored, ``<= offered_rate``.

    Examples
    --------
    >>> round(stored_rate(4_500, 4_600), 1), stored_rate(5_000, 5_000), stored_rate(0.5, 520)
    (978.3, 1000.0, 0.5)
    """
    rate = check_number("offered_rate", offered_rate, low=0, high=_FINITE)
    demand = check_number("partition_demand", partition_demand, low=0, high=_FINITE)
    ceiling = check_number("ceiling", ceiling, low=0, high=_FINITE, low_open=True)
    return rate if demand <= ceiling else rate * ceiling / demand


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
    #: Partitions of the table.
    n_partitions: int = 1

    @property
    def excess_over_even(self) -> float:
        """How far the hottest partition sits above an even share, a fraction: ``p_max * n_partitions - 1``."""
        return self.limit.hottest_share * self.n_partitions - 1.0

    @property
    def keys_on_hottest(self) -> int:
        """Partition-key values hashed onto the hottest partition (equally busy values: its share times their count)."""
        return round(self.limit.hottest_share * self.dist.n_keys)

    @property
    def stored_rate(self) -> float:
        """The hottest key's writes per second that are stored: refused writes store nothing (:func:`stored_rate`).

        Among equally busy keys the hottest key is taken on the hottest partition."""
        return stored_rate(self.hottest_rate, self.limit.hottest_demand)

    @property
    def days_to_limit(self) -> float:
        """Days until the hottest key's item collection reaches the limit, or inf if it stops growing first.

        The collection grows at :attr:`stored_rate`, not at the offered rate."""
        days = days_to_collection_limit(self.stored_rate, self.item_bytes)
        return days if days <= self.window_days else math.inf

    @property
    def hours_to_limit(self) -> float:
        """Hours until the hottest key's item collection reaches the limit at :attr:`stored_rate`, whether or not the
        key stops receiving items first (compare :attr:`window_days`). With a local secondary index every later write
        to the key fails (``ItemCollectionSizeLimitExceededException``); without one there is no limit to reach."""
        return days_to_collection_limit(self.stored_rate, self.item_bytes) * 24.0

    @property
    def years_to_limit(self) -> float:
        """:attr:`days_to_limit` in years of 365.25 days."""
        return self.days_to_limit / _YEAR_DAYS

    @property
    def capped_gb(self) -> float:
        """The hottest key's item collection when it stops receiving items, GB (inf if it never stops)."""
        if math.isinf(self.window_days):
            return math.inf
        return float(item_collection_gb(self.stored_rate, self.item_bytes, [self.window_days])[0])


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
    >>> cases[1].keys_on_hottest, f"{cases[1].excess_over_even:.1%}", round(cases[3].years_to_limit, 2)
    (1041, '4.1%', 1.36)
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
                n_partitions=n_partitions,
            )
        )
    return tuple(cases)


def _cardinality_text(x: float) -> str:
    """An effective cardinality in the format of the key counts: whole numbers from 1,000 on, three digits below.

    Examples
    --------
    >>> _cardinality_text(1.2244), _cardinality_text(10_000.0)
    ('1.22', '10,000')
    """
    return f"{x:,.0f}" if x >= 1_000 else f"{x:,.3g}"


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
    >>> rows[2][-1]  # a key that would pass the limit before it stops growing: it cannot, with an LSI
    'with an LSI: 10 GB after 6 h, then writes fail; without: 40.2 GB a day'
    """
    if not isinstance(cases, Sequence) or not cases or not all(isinstance(c, CompositeCase) for c in cases):
        raise ValueError(f"cases = {cases!r} is not allowed: must be a non-empty sequence of CompositeCase (composite_cases)")
    header = [
        "design",
        "PK values",
        "effective cardinality",
        "hottest partition (WCU/s)",
        "refused",
        "hottest key's item collection (writes stored)",
    ]
    rows = []
    for c in cases:
        if math.isinf(c.window_days):
            growth = f"{c.days_to_limit:,.3g} days to {ITEM_COLLECTION_MAX_GB:g} GB"
        elif c.capped_gb > ITEM_COLLECTION_MAX_GB:
            # a collection in a table with an LSI stops at the limit (its writes then fail); without one it has none
            growth = (
                f"with an LSI: {ITEM_COLLECTION_MAX_GB:g} GB after {c.hours_to_limit:,.2g} h, then writes fail; "
                f"without: {c.capped_gb:,.3g} GB a day"
            )
        else:
            growth = f"capped at {c.capped_gb:,.3g} GB"
        rows.append(
            (
                c.label.replace("#", "\\#"),
                f"{c.dist.n_keys:,}",
                _cardinality_text(c.dist.effective_cardinality()),
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
        Write rates of a device, writes/s, each in ``(0, 1e6]``: a number or a 1-D array of at least one and at
        most 100 (one curve each).
    item_bytes : float
        Bytes per item, in ``(0, 400 KB]``.
    bucketed_rate : float
        The write rate of the bucketed device, writes/s, in ``(0, 1e6]``.
    bucket_days : float
        The bucket's length, days, in ``(0, 1e6]`` (31: a month).
    days : array_like
        Elapsed days, each in ``[0, 1e6]``: a 1-D array of at least one and at most 100,000.

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
    checked = check_array("rates_per_s", rates_per_s, low=0, high=1e6, low_open=True, ndim=(0, 1), max_size=_MAX_RATES)
    rates = [float(r) for r in np.atleast_1d(checked)]
    if not rates:
        raise ValueError("rates_per_s must hold at least one rate")
    item_bytes = check_number("item_bytes", item_bytes, low=0, high=400 * 1024, low_open=True)
    bucketed_rate = check_number("bucketed_rate", bucketed_rate, low=0, high=1e6, low_open=True)
    bucket_days = check_number("bucket_days", bucket_days, low=0, high=1e6, low_open=True)
    d = check_array("days", days, low=0, high=1e6, empty=False, ndim=1, max_size=_MAX_DAYS)
    curves = {f"deviceId, {r:g} writes/s": item_collection_gb(r, item_bytes, d) for r in rates}
    curves[f"deviceId#YYYY-MM, {bucketed_rate:g} writes/s"] = item_collection_gb(
        bucketed_rate, item_bytes, d, window_days=bucket_days
    )
    return curves


#: Days in the month of a ``deviceId#YYYY-MM`` bucket, as the chapter counts it.
_MONTH_DAYS = 31.0


@dataclass(frozen=True)
class DeviceCollection:
    """One partition-key value's item collection at a steady write rate (:func:`device_collection`). Sizes in GB."""

    #: Writes per second to the key, and bytes per item.
    rate_per_s: float
    item_bytes: float
    #: The collection after one day and after one month, and the limit it is measured against.
    day_gb: float
    month_gb: float
    limit_gb: float
    #: Days until the collection reaches the limit.
    days_to_limit: float
    #: Bytes each item adds to the collection's counted size through local secondary index projections
    #: (0: the items alone).
    lsi_projected_bytes: float = 0.0

    @property
    def day_over_limit(self) -> float:
        """One day's collection as a multiple of the limit."""
        return self.day_gb / self.limit_gb

    @property
    def month_vs_limit(self) -> str:
        """``"above"`` when one month's collection passes the limit, else ``"below"``."""
        return "above" if self.month_gb > self.limit_gb else "below"


def device_collection(
    rate_per_s: float, item_bytes: float, limit_gb: float = ITEM_COLLECTION_MAX_GB, lsi_projected_bytes: float = 0.0
) -> DeviceCollection:
    """How fast one partition-key value's item collection grows: after a day, after a month, and to the limit.

    The size counted against the limit is that of the items plus every attribute projected into the table's local
    secondary indexes (SOURCES["ITEM_COLLECTION_SIZE_INCLUDES_LSI"]). With ``lsi_projected_bytes = 0`` only the
    items count: the size with a ``KEYS_ONLY`` LSI, less its small per-entry overhead. One LSI that projects
    ``ALL`` attributes adds about ``item_bytes`` per item, so the collection counts about twice as much.

    Parameters
    ----------
    rate_per_s : float
        Writes per second to the key, in ``(0, 1e6]``.
    item_bytes : float
        Bytes per item, in ``(0, 400 KB]``. With ``rate_per_s``, the collection must grow fast enough that the days
        to the limit are finite (``rate_per_s x (item_bytes + lsi_projected_bytes)`` at least the limit's bytes
        over a day's seconds and the largest float).
    limit_gb : float
        The item-collection limit, GB, in ``(0, 1e6]`` (10 GB with a local secondary index).
    lsi_projected_bytes : float
        Bytes each item adds through LSI projections, in ``[0, 400 KB × 5]`` (a table has at most five LSIs).

    Returns
    -------
    DeviceCollection

    Examples
    --------
    >>> c = device_collection(10.0, 500)
    >>> round(c.day_gb, 2), round(c.month_gb, 1), c.month_vs_limit, round(c.days_to_limit)
    (0.4, 12.5, 'above', 25)
    >>> round(device_collection(0.5, 500, lsi_projected_bytes=500).days_to_limit)  # an ALL projection: half as long
    249
    """
    rate = check_number("rate_per_s", rate_per_s, low=0, high=1e6, low_open=True)
    item_bytes = check_number("item_bytes", item_bytes, low=0, high=400 * 1024, low_open=True)
    limit_gb = check_number("limit_gb", limit_gb, low=0, high=1e6, low_open=True)
    lsi = check_number("lsi_projected_bytes", lsi_projected_bytes, low=0, high=5 * 400 * 1024)
    counted = item_bytes + lsi
    days_to_limit = days_to_collection_limit(rate, counted, limit_gb)
    if not math.isfinite(days_to_limit):
        least = limit_gb * _GB_BYTES / _DAY_S / sys.float_info.max
        raise ValueError(
            f"rate_per_s = {rate_per_s!r} and item_bytes = {item_bytes!r} are out of range: the collection grows "
            f"{rate * counted!r} bytes/s (with lsi_projected_bytes), must be >= {least:g} (the days to the limit overflow)"
        )
    day, month = item_collection_gb(rate, counted, [1.0, _MONTH_DAYS])
    return DeviceCollection(
        rate_per_s=rate,
        item_bytes=item_bytes,
        day_gb=float(day),
        month_gb=float(month),
        limit_gb=limit_gb,
        days_to_limit=days_to_limit,
        lsi_projected_bytes=lsi,
    )


@dataclass(frozen=True)
class SparseIndex:
    """Writes to a GSI keyed on status, with every item indexed or only one status (:func:`sparse_status_index`)."""

    #: The table's write demand, units/s; the index partition key's demand with the hottest status indexed, and
    #: with only the sparse status.
    total_wcu: float
    full_wcu: float
    sparse_wcu: float
    #: The per-partition ceiling, units/s.
    ceiling: float

    @property
    def sparse_vs_ceiling(self) -> str:
        """``"under"`` when the sparse index's key stays within the ceiling, else ``"over"``."""
        return "under" if self.sparse_wcu <= self.ceiling else "over"


def sparse_status_index(
    dist: Categorical, total_wcu: float, full: str, sparse: str, ceiling: float = PARTITION_MAX_WCU
) -> SparseIndex:
    """A GSI whose partition key is a status: its busiest key when the ``full`` status is indexed, and when only the
    ``sparse`` status is (items without the attribute are left out of a sparse index).

    Parameters
    ----------
    dist : Categorical
        Share of writes by status (e.g. :func:`hotpart.key_design` ``("status")``).
    total_wcu : float
        The table's write demand, WCU/s, in ``(0, 1e9]``.
    full, sparse : str
        Statuses of ``dist``: the busiest one, and the one a sparse index keeps.
    ceiling : float
        The per-partition ceiling, WCU/s, in ``(0, 1e9]``.

    Returns
    -------
    SparseIndex

    Examples
    --------
    >>> g = sparse_status_index(key_design("status"), 20_000, "ACTIVE", "SUSPENDED")
    >>> round(g.full_wcu), round(g.sparse_wcu), g.sparse_vs_ceiling
    (18000, 400, 'under')
    """
    if not isinstance(dist, Categorical):
        raise ValueError(f"dist = {dist!r} is not allowed: must be a Categorical of statuses")
    total = check_number("total_wcu", total_wcu, low=0, high=1e9, low_open=True)
    ceiling = check_number("ceiling", ceiling, low=0, high=1e9, low_open=True)
    for name, value in (("full", full), ("sparse", sparse)):
        if value not in dist.shares_by_value:
            raise ValueError(f"{name} = {value!r} is not allowed: must be one of {sorted(dist.shares_by_value)}")
    return SparseIndex(
        total_wcu=total,
        full_wcu=total * dist.shares_by_value[full],
        sparse_wcu=total * dist.shares_by_value[sparse],
        ceiling=ceiling,
    )


#: Bytes in DynamoDB's KB, and seconds in a day.
_KB = 1024
_DAY_S = 86_400


@dataclass(frozen=True)
class TimeSeriesReads:
    """One hour of one device's readings, read two ways, and a day read from one or two period tables
    (:func:`time_series_reads`)."""

    #: The window, minutes; the items one device writes in it (both ends included, as ``BETWEEN``) and their KB.
    window_min: float
    items_per_device: int
    kb_per_device: float
    #: ``PK = deviceId``: the Query, eventually and strongly consistent, and the units if priced item by item.
    by_device: QueryRead
    by_device_strong: QueryRead
    per_item_rcu: float
    #: ``PK = date``: the Query reads every device's window and a filter keeps one device's; GB read, and its units
    #: as a multiple of ``by_device``'s.
    by_date: QueryRead
    date_gb: float
    date_ratio: float
    #: A 24-hour window of one device: its items, and the Query on one period table and across two.
    day_items: int
    one_table: QueryRead
    two_tables: QueryRead


def time_series_reads(
    n_devices: int, write_every_s: int, item_bytes: float, window_s: int = 3_600, date_stored_fraction: float = 1.0
) -> TimeSeriesReads:
    """Reading one device's window of a time series keyed by device or by date (:func:`hotpart.query_cost`).

    Each device writes one item every ``write_every_s`` seconds, so a window of ``window_s`` seconds with both ends
    included holds ``window_s // write_every_s + 1`` of its items; a date key puts every device's items under one
    key, so the Query reads ``n_devices`` times as many and a filter returns one device's. A date key over the
    per-partition ceiling stores only the writes its partition serves (``date_stored_fraction``, spread evenly over
    the devices): the Query reads and returns only those, rounded to whole items.

    Parameters
    ----------
    n_devices : int
        Devices, in ``[1, 10**7]``.
    write_every_s : int
        Seconds between one device's writes, in ``[1, 86,400]``.
    item_bytes : float
        Bytes per item, in ``(0, 400 KB]``.
    window_s : int
        The window read, seconds, in ``[1, 86,400]``.
    date_stored_fraction : float
        Share of the date key's writes that were stored, in ``(0, 1]`` (1: every write; a throttled date key keeps
        ceiling / demand).

    Returns
    -------
    TimeSeriesReads

    Examples
    --------
    >>> r = time_series_reads(10_000, 2, 500)
    >>> r.items_per_device, r.by_device.read_units, r.by_date.items_read, r.day_items
    (1801, 110.0, 18010000, 43201)
    >>> t = time_series_reads(10_000, 2, 500, date_stored_fraction=0.2)  # a date key that kept 1 write in 5
    >>> t.by_date.items_read, t.by_date.items_returned, t.by_date.pages, round(t.date_ratio)
    (3602000, 360, 1718, 1999)
    """
    n = check_integer("n_devices", n_devices, low=1, high=10**7)
    every = check_integer("write_every_s", write_every_s, low=1, high=_DAY_S)
    item_bytes = check_number("item_bytes", item_bytes, low=0, high=400 * 1024, low_open=True)
    window = check_integer("window_s", window_s, low=1, high=_DAY_S)
    stored = check_number("date_stored_fraction", date_stored_fraction, low=0, high=1, low_open=True)
    per_device = window // every + 1
    by_device = query_cost(per_device, item_bytes)
    by_date = query_cost(round(per_device * n * stored), item_bytes, items_returned=round(per_device * stored))
    day = _DAY_S // every + 1
    return TimeSeriesReads(
        window_min=window / 60,
        items_per_device=per_device,
        kb_per_device=per_device * item_bytes / _KB,
        by_device=by_device,
        by_device_strong=query_cost(per_device, item_bytes, consistency="strong"),
        per_item_rcu=per_device * float(read_units(item_bytes, "eventual")),
        by_date=by_date,
        date_gb=by_date.bytes_read / _KB**3,
        date_ratio=by_date.read_units / by_device.read_units,
        day_items=day,
        one_table=query_cost(day, item_bytes),
        two_tables=query_cost(day, item_bytes, partition_keys=2),
    )


def status_partitions(dist: Categorical, total_wcu: float, n_partitions: int) -> dict[str, object]:
    """Where each value of a status key lands, and what the partition of the busiest value is offered.

    Parameters
    ----------
    dist : Categorical
        Share of writes by status (e.g. :func:`hotpart.key_design` ``("status")``).
    total_wcu : float
        The table's write demand, WCU/s, in ``(0, 1e9]``.
    n_partitions : int
        Partitions the values are hashed onto (:func:`hotpart.partition_of`), in ``[1, 10,000]``.

    Returns
    -------
    dict
        ``wcu`` (each value's WCU/s), ``partition`` (each value's partition), ``hottest`` (the busiest value),
        ``sharing`` (the other values on its partition, in the order given), ``hottest_partition_wcu`` (what that
        partition is offered), ``alone`` (whether the busiest value has its partition to itself) and ``placement``
        (the same in words: ``"alone on its partition"`` or ``"sharing its partition"``).

    Examples
    --------
    >>> c = status_partitions(key_design("status"), 5_000, 10)
    >>> c["sharing"], round(c["hottest_partition_wcu"]), c["alone"]
    (['SUSPENDED'], 4600, False)
    >>> status_partitions(key_design("status"), 20_000, 20)["alone"]
    True
    """
    if not isinstance(dist, Categorical):
        raise ValueError(f"dist = {dist!r} is not allowed: must be a Categorical of statuses")
    total = check_number("total_wcu", total_wcu, low=0, high=1e9, low_open=True)
    n_partitions = check_integer("n_partitions", n_partitions, low=1, high=10_000)
    values = dist.keys()
    where = dict(zip(values, partition_of(values, n_partitions).tolist(), strict=True))
    wcu = {v: total * share for v, share in dist.shares_by_value.items()}
    hottest = max(values, key=lambda v: wcu[v])
    sharing = [v for v in values if v != hottest and where[v] == where[hottest]]
    return {
        "wcu": wcu,
        "partition": where,
        "hottest": hottest,
        "sharing": sharing,
        "hottest_partition_wcu": wcu[hottest] + sum(wcu[v] for v in sharing),
        "alone": not sharing,
        "placement": "sharing its partition" if sharing else "alone on its partition",
    }


def new_period_table(write_wcu: float) -> dict[str, object]:
    """A new on-demand table at a period's switch-over: what it sustains at once, against the writes it takes.

    A new on-demand table's previous peak is :data:`hotpart.ON_DEMAND_NEW_TABLE_PEAK` (2,000 writes/s), and a table
    serves up to twice its previous peak at once (SOURCES["ON_DEMAND_NEW_TABLE_PEAK"]: 4,000 writes per second).

    Parameters
    ----------
    write_wcu : float
        Write units per second the current period's table takes, in ``[0, 1e9]``.

    Returns
    -------
    dict
        ``sustained_wcu`` (what the new table sustains at once, with no reads: AWS words it as a budget shared with
        reads, SOURCES["ON_DEMAND_NEW_TABLE_LINEAR_COMBINATION"]) and ``vs``, how that compares with ``write_wcu``,
        worded to follow the sustained rate: ``"less than"`` when ``write_wcu`` passes it, else ``"at least"``.

    Examples
    --------
    >>> new_period_table(5_000)
    {'sustained_wcu': 4000.0, 'vs': 'less than'}
    """
    w = check_number("write_wcu", write_wcu, low=0, high=1e9)
    sustained = 2.0 * ON_DEMAND_NEW_TABLE_PEAK["write"]
    return {"sustained_wcu": sustained, "vs": "less than" if sustained < w else "at least"}


def partitions_over_ceiling(
    dist: KeyDistribution, total_wcu: float, n_partitions: int, ceiling: float = PARTITION_MAX_WCU
) -> int:
    """How many partitions are offered more than the ceiling (:func:`hotpart.partition_load`).

    Parameters
    ----------
    dist : KeyDistribution
        Share of writes by partition-key value.
    total_wcu : float
        The table's write demand, WCU/s, in ``(0, 1e9]``.
    n_partitions : int
        Partitions, in ``[1, 10,000]``.
    ceiling : float
        The per-partition ceiling, WCU/s, in ``(0, 1e9]``.

    Returns
    -------
    int

    Examples
    --------
    >>> partitions_over_ceiling(Uniform(100_000, prefix="USER#"), 20_000, 20)
    10
    """
    if not isinstance(dist, KeyDistribution):
        raise ValueError(f"dist = {dist!r} is not allowed: must be a KeyDistribution")
    total = check_number("total_wcu", total_wcu, low=0, high=1e9, low_open=True)
    n_partitions = check_integer("n_partitions", n_partitions, low=1, high=10_000)
    ceiling = check_number("ceiling", ceiling, low=0, high=1e9, low_open=True)
    return int(np.count_nonzero(partition_load(dist, n_partitions) * total > ceiling))
