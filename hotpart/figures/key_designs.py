"""Chapter 2's explorable, table and figure: seven partition-key designs on one table, over three days.

Models: :mod:`hotpart.models.key_designs` (``key_design``, ``load_over_time``, ``partition_load``, the designs),
:mod:`~hotpart.models.scale_limits` (``scale_limit``) and :mod:`~hotpart.models.hashing` (``partition_of``).
Notebook: ``notebooks/02_key_designs.ipynb``. The explorable ``key_design_load``; the chapter's timeline plot
(``plot_load_over_time``), its table (``key_design_cases``, ``key_design_table``) and its time sale (``sale_case``),
tested in ``tests/test_chapters_1_7.py``; the cases its hidden cells glue (``hash_spread``, ``date_key_case``),
tested in ``tests/test_cases_keys.py``. The explorable updates its figure in place (``_design_update``).
"""

from __future__ import annotations

import itertools
import math
import sys
from dataclasses import dataclass
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from numpy.typing import ArrayLike, NDArray

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout
from ..models import (
    KEY_DESIGNS,
    PARTITION_MAX_WCU,
    SALE_START_H,
    DateKey,
    KeyDistribution,
    ScaleLimit,
    expected_max_excess,
    expected_max_load,
    key_design,
    load_over_time,
    max_load_regime,
    partition_load,
    partition_of,
    raab_steger_max_load,
    scale_limit,
)
from ..models._validation import check_array, check_integer, check_number
from .metrics import expected_count_text

__all__ = [
    "TIMELINE_H",
    "key_design_cases",
    "key_design_table",
    "sale_case",
    "plot_load_over_time",
    "hash_spread",
    "date_key_case",
]

#: Limits of the helpers' inputs: the largest finite float, and hours on a timeline.
_FINITE = sys.float_info.max
_MAX_HOURS = 1e6

#: The largest table demand the chapter helpers take, units/s.
_MAX_DEMAND = 1e9
#: The smallest table demand :func:`key_design_cases` and :func:`sale_case` take, WCU/s: a thousandth of a unit a
#: second. Far below it (a subnormal) every key's demand underflows to 0, and the hottest partition's shares are 0/0.
_MIN_TABLE_WCU = 1e-3


#: One colour per partition in the timeline (matplotlib's "tab10").
_CYCLE = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf")

#: The most partitions the explorable ``key_design_load`` shows (its control's top): its figure holds as many lines.
_MAX_DESIGN_PARTITIONS = 20

#: Hours shown by the key-design timeline: three days, in quarter hours.
TIMELINE_H = np.arange(0.0, 72.0, 0.25)


def _partitions_label(n: int) -> str:
    return f"one line per partition ({n})"


def _draw_timeline(
    ax: Axes,
    t: NDArray[np.float64],
    load: NDArray[np.float64],
    ceiling: float,
    top: float,
    midnights: bool,
    n_lines: int | None = None,
) -> None:
    """The artists of :func:`plot_load_over_time` that follow the data, in the order it draws them: a line per
    partition, the refused band, the ceiling, the midnights and the hottest partition's label above each day.

    ``n_lines`` (at least the partition count; the count if omitted) partition lines are drawn, those past the count
    empty and hidden: ``_design_update`` shows them when the partition count rises, so that they keep their place in
    the drawing order (before the ceiling and the midnights) without drawing every artist again.
    """
    n = load.shape[1]
    for j in range(max(n, n_lines or 0)):
        shown = j < n
        ax.plot(t if shown else [], load[:, j] if shown else [], color=_CYCLE[j % len(_CYCLE)], lw=1.3, visible=shown)
    ax.plot([], [], color=_CYCLE[0], lw=1.3, label=_partitions_label(n))
    ax.fill_between(t, ceiling, np.maximum(load.max(axis=1), ceiling), color=COLORS["refused"], alpha=0.15, lw=0)
    ax.fill_between([], [], [], color=COLORS["refused"], alpha=0.15, lw=0, label="above the ceiling (refused)")
    ax.axhline(ceiling, color=COLORS["ceiling"], lw=1.5, label=f"partition ceiling {ceiling:,.0f}")
    edges = _day_edges(t, midnights)
    for i, lo in enumerate(edges[1:-1] if midnights else []):
        ax.axvline(lo, color=COLORS["share"], ls=":", lw=1, label="midnight" if i == 0 else None)
    for x, label, color in _hottest_labels(t, load, edges):
        ax.text(x, 0.97 * top, label, ha="center", va="top", fontsize=8, color=color)


def _day_edges(t: NDArray[np.float64], midnights: bool) -> list[float]:
    """The edges of the blocks :func:`_draw_timeline` labels: every midnight inside ``t``'s range, or none."""
    return [t.min(), *np.arange(24.0, t.max(), 24.0), t.max()] if midnights else [t.min(), t.max()]


def _hottest_labels(t: NDArray[np.float64], load: NDArray[np.float64], edges: list[float]) -> list[tuple[float, str, str]]:
    """The label above each block between ``edges`` with any demand: its x (the block's middle), ``P<index>`` of the
    block's hottest partition, and that partition's colour."""
    labels = []
    for i, (lo, hi) in enumerate(itertools.pairwise(edges)):
        inside = (t >= lo) & (t < hi) if i < len(edges) - 2 else (t >= lo)
        block = load[inside]
        if block.size and block.max() > 0:
            j = int(block.max(axis=0).argmax())
            labels.append(((lo + hi) / 2, f"P{j}", _CYCLE[j % len(_CYCLE)]))
    return labels


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
    >>> from hotpart import DateKey
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
    top = ymax if ymax is not None else 1.08 * max(float(load.max()), ceiling)
    _plot_timeline(ax, t, load, ceiling, title, top, midnights)


def _plot_timeline(
    ax: Axes,
    t: NDArray[np.float64],
    load: NDArray[np.float64],
    ceiling: float,
    title: str,
    top: float,
    midnights: bool,
    n_lines: int | None = None,
) -> None:
    """:func:`plot_load_over_time` on checked inputs, the top of the y axis given (``n_lines``: see
    :func:`_draw_timeline`)."""
    _draw_timeline(ax, t, load, ceiling, top, midnights, n_lines)
    ax.set_xlim(t.min(), t.max())
    ax.set_ylim(0, top)
    finish_axes(ax, title, "time (hours)", "demand per partition (WCU/s)", loc="upper left")
    # below the axes, so that the hottest-partition labels at the top of every day stay readable
    fig = ax.get_figure()
    narrow = fig is not None and ax.get_position().width * fig.get_figwidth() < 5.0
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.17), ncol=2 if narrow else 4, fontsize=8, framealpha=0.9)


# ---------------------------------------------------------------------------------------------
# Chapter 2: key designs over time
# ---------------------------------------------------------------------------------------------


def share_text(share: float) -> str:
    """A share as a percentage that reads in prose and tables: three significant digits (``"43.4%"``), and below
    0.0001% (where Python's ``g`` format turns to an exponent), a power of ten in superscript digits
    (``"1 × 10⁻⁷%"``, with no-break spaces: :func:`expected_count_text`) rather than ``"1e-07%"``.

    Parameters
    ----------
    share : float
        The share, a fraction in ``[0, 1]``.

    Examples
    --------
    >>> share_text(0.434), share_text(0.0000123), share_text(1e-6), share_text(1e-9), share_text(0.0)
    ('43.4%', '0.00123%', '0.0001%', '1\\xa0×\\xa010⁻⁷%', '0%')
    """
    p = check_number("share", share, low=0, high=1)
    plain = f"{100 * p:.3g}"
    return f"{plain}%" if "e" not in plain else f"{expected_count_text(100 * p)}%"


_DESIGN_LABELS = {
    "date": 'PK = date ("2026-04-01")',
    "status": "PK = status (ACTIVE / INACTIVE / SUSPENDED)",
    "user_type": "PK = user_type (member / guest / admin)",
    "popular item": "PK = product ID, time sale at 20:00 on day 2",
    "userId": "PK = userId (10⁶ users)",
    "deviceId": "PK = deviceId (10⁵ devices)",
    "orderId": "PK = orderId (10⁹ orders)",
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
    # fixed margins, set before drawing (the legend's column count reads the axes' width): constrained layout
    # places the legend below the axes differently on a figure's first and later renders
    fixed_layout(fig, left=0.118, right=0.98, bottom=0.205, top=0.93)
    _plot_timeline(
        fig.axes[0], TIMELINE_H, data["load"], PARTITION_MAX_WCU, _design_title(data), data["ymax"], True, _MAX_DESIGN_PARTITIONS
    )


def _design_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_design_plot`'s figure for new data by changing its artists: the partition lines' data (the
    figure holds one line per partition the control allows, those past the count hidden), the refused band, the
    labels above the days (drawn again only when their number changes), the title, the y range and the legend's
    count of partitions. The x range, the ceiling, the midnights, the axis labels and the legend's other entries do
    not depend on the controls.

    Drawing every artist again on each move (a line per partition, two bands, the ceiling and the midnights) took
    8 to 10 ms; changing them takes under 2."""
    ax = fig.axes[0]
    load = data["load"]
    n = load.shape[1]
    lines = ax.lines[:_MAX_DESIGN_PARTITIONS]
    for j, line in enumerate(lines):
        if j < n:
            line.set_data(TIMELINE_H, load[:, j])
        line.set_visible(j < n)
    band = ax.collections[0]
    band.set_data(TIMELINE_H, PARTITION_MAX_WCU, np.maximum(load.max(axis=1), PARTITION_MAX_WCU))
    top = data["ymax"]
    labels = _hottest_labels(TIMELINE_H, load, _day_edges(TIMELINE_H, True))
    if len(labels) == len(ax.texts):
        for text, (x, label, color) in zip(ax.texts, labels, strict=True):
            text.set_position((x, 0.97 * top))
            text.set_text(label)
            text.set_color(color)
    else:
        for text in list(ax.texts):
            text.remove()
        for x, label, color in labels:
            ax.text(x, 0.97 * top, label, ha="center", va="top", fontsize=8, color=color)
    ax.set_ylim(0, top)
    ax.set_title(_design_title(data), fontsize=11)
    ax.get_legend().get_texts()[0].set_text(_partitions_label(n))


def _design_title(data: Data) -> str:
    return f"{data['label']}: demand per partition"


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
            Control("design", "design", 0, 6, 0, integer=True, choices=KEY_DESIGNS),
            Control("hot_pct", "share of the hottest value (date, status, user_type)", 40, 100, 90, step=5, unit="%"),
            Control("multiplier", "time-sale demand multiplier (popular item)", 1, 1000, 20, step=0.1, scale="log"),
            Control("total_wcu", "table demand", 1_000, 20_000, 6_000, step=1_000, unit="WCU/s"),
            Control("n_partitions", "partitions", 1, 20, 10, step=1, integer=True),
        ),
        compute=_design_compute,
        plot=_design_plot,
        update=_design_update,
        caption=_design_caption,
        try_this=(
            "step the design from date to orderId at the same table demand. The date key's hottest partition (the label "
            "above each day) changes at every midnight; status and user_type sit above the ceiling all day; the "
            "popular item spikes during its sale; userId, deviceId and orderId stay flat under the ceiling. Then "
            "lower the hottest value's share."
        ),
        static=("design", "hot_pct"),
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

    @property
    def hottest_days(self) -> str:
        """The hottest partition of each day, as the timeline labels them: ``"P7, P2, P9"``."""
        return ", ".join(f"P{j}" for j in self.hottest_by_day)

    @property
    def excess_over_even(self) -> float:
        """How far the hottest partition at the worst moment sits above an even share, a fraction:
        ``p_max * n_partitions - 1`` (0 when every partition gets the same demand)."""
        return self.partition_limit.hottest_share * self.load.shape[1] - 1.0

    @property
    def hottest_value_mates(self) -> tuple[tuple[str, float], ...]:
        """For a design with named values (status, user_type): the other values the model's hash
        (:func:`hotpart.partition_of`) puts on the hottest value's partition, each with its share of requests, a
        fraction; empty when that value has its partition to itself, or the design has no named values.

        Examples
        --------
        >>> key_design_cases(6_000, 10)["status"].hottest_value_mates
        (('SUSPENDED', 0.02),)
        """
        shares = getattr(self.dist, "shares_by_value", None)
        if not shares:
            return ()
        names = list(shares)
        where = partition_of(names, self.load.shape[1])
        top = max(names, key=lambda k: shares[k])
        home = where[names.index(top)]
        return tuple((k, round(float(shares[k]), 12)) for k, j in zip(names, where, strict=True) if j == home and k != top)

    @property
    def hottest_value_mates_text(self) -> str:
        """:attr:`hottest_value_mates` as the chapter writes it, ``"SUSPENDED's 2%"`` ("no other value" when empty).

        Examples
        --------
        >>> key_design_cases(6_000, 10)["status"].hottest_value_mates_text
        "SUSPENDED's 2%"
        """
        mates = self.hottest_value_mates
        return " and ".join(f"{k}'s {v:.0%}" for k, v in mates) if mates else "no other value"


def key_design_cases(
    total_wcu: float, n_partitions: int, hot_share: float | None = None, multiplier: float | None = None
) -> dict[str, KeyDesignCase]:
    """Every design of :data:`hotpart.KEY_DESIGNS` on one table, over the three days of :data:`TIMELINE_H`.

    Parameters
    ----------
    total_wcu : float
        The table's everyday demand, WCU/s, in ``[0.001, 1e9]``.
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
    total_wcu = check_number("total_wcu", total_wcu, low=_MIN_TABLE_WCU, high=_MAX_DEMAND)
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
            share_text(c.dist.top_share(1)),
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
    #: The smallest sale multiplier that puts the item's partition at the ceiling; 0 when the other items alone
    #: already reach it (a ceiling below their demand), so that no multiplier is needed.
    break_multiplier: float
    #: The smallest sale multiplier that puts the item alone at the ceiling, ``C / (total_wcu * b)``.
    alone_multiplier: float


def sale_case(
    total_wcu: float, n_partitions: int, multiplier: float | None = None, ceiling: float = PARTITION_MAX_WCU
) -> SaleCase:
    """What a time sale does to the best-selling item's partition, and which multiplier breaks its ceiling.

    The partition is offered ``total_wcu`` times the shares of the items hashed onto it; during the sale the item's
    own demand is multiplied by ``M``, so the partition reaches the ceiling ``C`` at
    ``M* = (C - others) / (total_wcu * b)``, with ``b`` the item's everyday share (0 when ``others >= C``).

    Parameters
    ----------
    total_wcu : float
        The table's everyday demand, WCU/s, in ``[0.001, 1e9]``.
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
    >>> c.n_items, round(c.item_share, 4), round(c.break_multiplier, 1), round(c.alone_multiplier, 1)
    (10000, 0.0369, 2.1, 4.5)
    """
    total_wcu = check_number("total_wcu", total_wcu, low=_MIN_TABLE_WCU, high=_MAX_DEMAND)
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
        break_multiplier=max(0.0, (ceiling - others) / (total_wcu * b)),
        alone_multiplier=ceiling / (total_wcu * b),
    )


@dataclass(frozen=True)
class HashSpread:
    """Equally busy keys hashed onto partitions: the even share against the fullest partition (:func:`hash_spread`)."""

    #: Keys, partitions, and the table's demand, units/s.
    n_keys: int
    n_partitions: int
    total_demand: float
    #: Each partition's even share, ``total_demand / n_partitions``, units/s.
    even_demand: float
    #: The fullest partition's expected demand over all hash layouts, units/s.
    expected_hottest_demand: float
    #: The fullest partition's expected excess over the even share, and Raab and Steger's level's, fractions (the
    #: latter None in the sparse regime, ``n_keys < n_partitions / ln n_partitions``).
    expected_excess: float
    raab_steger_excess: float | None
    #: The per-partition ceiling, units/s.
    ceiling: float = PARTITION_MAX_WCU

    @property
    def vs_ceiling(self) -> str:
        """``"over the ceiling"`` when the fullest partition's expected demand passes it, else ``"under the ceiling"``."""
        return "over the ceiling" if self.expected_hottest_demand > self.ceiling else "under the ceiling"


def hash_spread(n_keys: int, n_partitions: int, total_demand: float, ceiling: float = PARTITION_MAX_WCU) -> HashSpread:
    """How far above an even share the fullest partition sits when ``n_keys`` equally busy keys are hashed.

    The fullest partition holds ``E[max load]`` keys (:func:`hotpart.expected_max_load`), each offered
    ``total_demand / n_keys``; its excess over the even share ``n_keys / n_partitions`` is
    :func:`hotpart.expected_max_excess`, and Raab and Steger's level (:func:`hotpart.raab_steger_max_load`) gives a
    second, closed-form estimate.

    Parameters
    ----------
    n_keys : int
        Keys, each offered the same demand, in ``[1, 10**9]``.
    n_partitions : int
        Partitions, in ``[2, 10,000]``.
    total_demand : float
        The table's demand, units/s, in ``(0, 1e9]``.
    ceiling : float
        The per-partition ceiling, units/s, in ``(0, 1e9]`` (for :attr:`HashSpread.vs_ceiling`).

    Returns
    -------
    HashSpread

    Examples
    --------
    >>> h = hash_spread(10_000, 10, 5_000)
    >>> round(h.even_demand), round(h.expected_hottest_demand), f"{h.expected_excess:.1%}", h.vs_ceiling
    (500, 524, '4.9%', 'under the ceiling')
    """
    m = check_integer("n_keys", n_keys, low=1, high=10**9)
    n = check_integer("n_partitions", n_partitions, low=2, high=10_000)
    total = check_number("total_demand", total_demand, low=0, high=_MAX_DEMAND, low_open=True)
    ceiling = check_number("ceiling", ceiling, low=0, high=_MAX_DEMAND, low_open=True)
    return HashSpread(
        n_keys=m,
        n_partitions=n,
        total_demand=total,
        even_demand=total / n,
        expected_hottest_demand=total * expected_max_load(m, n) / m,
        expected_excess=expected_max_excess(m, n),
        raab_steger_excess=raab_steger_max_load(m, n) / (m / n) - 1.0 if max_load_regime(m, n) != "sparse" else None,
        ceiling=ceiling,
    )


@dataclass(frozen=True)
class DateKeyCase:
    """Reads keyed by date, spread over the dates of a window, on one table (:func:`date_key_case`)."""

    #: The key distribution (today's date takes the largest share).
    dist: DateKey
    #: The table's demand spread evenly over the dates, units/s per date.
    per_date: float
    #: The scale limit with every date on a partition of its own, and on the table's partitions.
    key_limit: ScaleLimit
    partition_limit: ScaleLimit
    #: Dates hashed onto the busiest partition, partitions that hold that many, and partitions that hold at least one.
    dates_on_busiest: int
    busiest_partitions: int
    partitions_used: int
    #: Over all the ways a uniform hash can place the dates: the expected partitions used,
    #: ``n (1 - (1 - 1/n)**d)``, and the probability that no two dates share a partition, ``n! / ((n - d)! n**d)``.
    expected_partitions_used: float
    p_all_apart: float


def date_key_case(
    n_days: int, total_demand: float, n_partitions: int, decay: float = 1.0, ceiling: float = PARTITION_MAX_WCU
) -> DateKeyCase:
    """A date partition key over ``n_days`` dates on ``n_partitions`` partitions: the limits and the hash layout.

    Parameters
    ----------
    n_days : int
        Dates in the window, in ``[1, 3,650]``.
    total_demand : float
        The table's demand, units/s, in ``(0, 1e9]``.
    n_partitions : int
        Partitions, in ``[1, 10,000]``.
    decay : float
        :class:`hotpart.DateKey`'s decay, in ``[0, 1]`` (1: every date equally busy).
    ceiling : float
        The per-partition ceiling, units/s, in ``(0, 1e9]`` (pass :data:`hotpart.PARTITION_MAX_RCU` for reads).

    Returns
    -------
    DateKeyCase

    Examples
    --------
    >>> c = date_key_case(7, 12_000, 10, ceiling=3_000)
    >>> round(c.per_date), c.dates_on_busiest, c.busiest_partitions, c.partitions_used
    (1714, 2, 2, 5)
    >>> round(c.expected_partitions_used, 2), round(c.p_all_apart, 4)
    (5.22, 0.0605)
    """
    n_days = check_integer("n_days", n_days, low=1, high=3_650)
    total = check_number("total_demand", total_demand, low=0, high=_MAX_DEMAND, low_open=True)
    n_partitions = check_integer("n_partitions", n_partitions, low=1, high=10_000)
    decay = check_number("decay", decay, low=0, high=1)
    ceiling = check_number("ceiling", ceiling, low=0, high=_MAX_DEMAND, low_open=True)
    dist = DateKey(n_days, decay)
    shares = partition_load(dist, n_partitions)
    return DateKeyCase(
        dist=dist,
        per_date=total / n_days,
        key_limit=scale_limit(dist, total, ceiling=ceiling),
        partition_limit=scale_limit(shares, total, ceiling=ceiling),
        dates_on_busiest=round(float(shares.max()) * n_days),
        busiest_partitions=int(np.count_nonzero(np.isclose(shares, shares.max()))),
        partitions_used=int(np.count_nonzero(shares > 0)),
        expected_partitions_used=n_partitions * -math.expm1(n_days * math.log1p(-1.0 / n_partitions))
        if n_partitions > 1
        else 1.0,
        p_all_apart=math.prod((n_partitions - i) / n_partitions for i in range(n_days)) if n_days <= n_partitions else 0.0,
    )
