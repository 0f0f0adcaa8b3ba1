"""Chapter 10's figures and cases: what a split for heat buys, when, and what stops it.

Models: :mod:`hotpart.models.split_for_heat`, :mod:`~hotpart.models.simulator`.
Notebook: ``notebooks/10_isolation.ipynb`` (explorable ``split_for_heat``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, fixed_layout
from ..book.wording import plural
from ..models import (
    PARTITION_MAX_WCU,
    SPLIT_TRIGGER_FRACTION,
    SPLIT_TRIGGER_MINUTES,
    OnDemand,
    SimulationResult,
    SplitForHeat,
    Table,
    partition_of,
    simulate,
)
from ..models._validation import check_divisor, check_integer, check_number
from .simulator import (
    _MARGINS,
    _update_table_totals,
    plot_table_totals,
)

__all__ = [
    "SPLIT_CASES",
    "split_case",
    "split_case_rows",
    "split_summary",
]


# ---------------------------------------------------------------------------------------------
# split_for_heat: what a split buys, when, and what stops it
# ---------------------------------------------------------------------------------------------

#: The cases of the ``split_for_heat`` explorable, by the value of its ``case`` control.
SPLIT_CASES: tuple[str, ...] = (
    "many hot keys",
    "one hot item",
    "one item collection",
    "an item collection, table with an LSI",
    "an item collection, monotonic sort key",
)
_SPLIT_S = 1200
_SPLIT_START = 60
_SPLIT_PARTS = 4


def _keys_on(partition: int, n_partitions: int, count: int, prefix: str) -> list[str]:
    """The first ``count`` keys named ``prefix#i`` that hash to ``partition``."""
    out: list[str] = []
    i = 0
    while len(out) < count:
        batch = [f"{prefix}#{j}" for j in range(i, i + 64)]
        hits = partition_of(batch, n_partitions)
        out += [k for k, p in zip(batch, hits, strict=True) if p == partition]
        i += 64
    return out[:count]


_HOT_KEYS = _keys_on(0, _SPLIT_PARTS, 8, "HOT")
_COOL_KEYS = [f"USER#{i}" for i in range(24)]
#: Each cool key's steady demand, WCU/s.
_COOL_WCU = 10.0


def split_case(
    case: int,
    hot_wcu: float,
    minutes: float,
    seconds: int = _SPLIT_S,
    start: int = _SPLIT_START,
    *,
    threshold: float = SPLIT_TRIGGER_FRACTION,
) -> Data:
    """Simulate one case of a hot partition that a split for heat may or may not relieve.

    A 4-partition on-demand table (so only partition ceilings bind) carries 24
    cool keys at 10 WCU/s each; from second ``start`` partition 0 also receives
    ``hot_wcu`` on hot keys, a sudden spike. The case picks what the hot
    traffic is (:data:`SPLIT_CASES`): eight keys sharing it, one item, one item
    collection of 64 items, the same with an LSI, or with a monotonically
    increasing sort key. Splits need the partition above ``threshold`` of its
    ceiling (half, :data:`SPLIT_TRIGGER_FRACTION`, by default) for ``minutes``.

    Parameters
    ----------
    case : int
        Which case of :data:`SPLIT_CASES`, in ``[0, 4]``.
    hot_wcu : float
        The spike on the hot keys, WCU/s, in ``[0, 1e6]``.
    minutes : float
        Minutes above the trigger before a split, ``> 0``.
    seconds : int
        Seconds simulated, in ``[1, 86,400]``.
    start : int
        The second the spike starts, in ``[0, seconds - 1]``.
    threshold : float, keyword-only
        Served fraction of the ceiling that counts as hot, in ``(0, 1]`` (:class:`SplitForHeat`'s ``threshold``),
        and large enough that the table's busiest second over ``threshold`` times the ceiling is finite (the splits
        the demand allows are counted from it; a subnormal is refused by name).

    Returns
    -------
    dict
        ``res`` (:class:`SimulationResult`), ``refused`` (units refused in all), and the set-up: ``case``,
        ``hot_wcu``, ``minutes``, ``threshold``, ``start``, ``hot_keys`` and ``cool_keys`` (counts), ``cool_wcu``
        (each cool key's WCU/s), ``items_per_key``, and ``indivisible`` (True when the hot traffic is one item, or one
        collection held together by an LSI or a rising sort key: no split divides it).

    Examples
    --------
    >>> c = split_case(0, 1_600, 2, seconds=600, start=30)  # eight hot keys: a split relieves them
    >>> len(c["res"].splits) > 0, c["res"].blocked
    (True, ())
    >>> split_case(1, 1_600, 2, seconds=600, start=30)["res"].blocked[0][2]  # one item never splits
    'single item'
    """
    case = check_integer("case", case, low=0, high=len(SPLIT_CASES) - 1)
    hot_wcu = check_number("hot_wcu", hot_wcu, low=0, high=1e6)
    minutes = check_number("minutes", minutes, low=0, high=math.inf, low_open=True, high_open=True)
    seconds = check_integer("seconds", seconds, low=1, high=86_400)
    start = check_integer("start", start, low=0, high=seconds - 1)
    hot_keys = _HOT_KEYS if case == 0 else _HOT_KEYS[:1]
    keys = hot_keys + _COOL_KEYS
    demand = np.zeros((seconds, len(keys)))
    demand[:, len(hot_keys) :] = _COOL_WCU
    demand[start:, : len(hot_keys)] = hot_wcu / len(hot_keys)
    threshold = check_number("threshold", threshold, low=0, high=1, low_open=True)
    busiest = 2.0 * float(demand.sum(axis=1).max()) / PARTITION_MAX_WCU  # twice: room for the simulator's round-off
    check_divisor("threshold", threshold, busiest, "the busiest second over threshold x ceiling, the splits it allows")
    table = Table(_SPLIT_PARTS, items_per_key=1 if case in (0, 1) else 64, has_lsi=case == 3)
    res = simulate(
        table,
        demand,
        seconds,
        keys=keys,
        mode=OnDemand(previous_peak=20_000.0),
        split=SplitForHeat(threshold=threshold, minutes=minutes, monotonic_sort_key=case == 4),
    )
    return {
        "res": res,
        "refused": float(res.throttled.sum()),
        "case": case,
        "hot_wcu": hot_wcu,
        "minutes": minutes,
        "threshold": threshold,
        "start": start,
        "hot_keys": len(hot_keys),
        "cool_keys": len(_COOL_KEYS),
        "cool_wcu": _COOL_WCU,
        "items_per_key": table.items_per_key,
        # the hot traffic no split can divide: one item, or a collection that an LSI or a rising sort key holds together
        "indivisible": len(hot_keys) == 1 and (table.items_per_key == 1 or table.has_lsi or case == 4),
    }


def _split_compute(case: int, minutes: float, hot_wcu: float) -> Data:
    return split_case(case, hot_wcu, minutes)


_SPLIT_YMAX = 1.1 * 3000


def _split_plot(fig: Figure, data: Data) -> None:
    fixed_layout(fig, **_MARGINS)
    ax = fig.axes[0]
    res: SimulationResult = data["res"]
    plot_table_totals(
        ax,
        res,
        title=f"Hot traffic: {SPLIT_CASES[data['case']]}",
        start=_SPLIT_START,
        ymax=_SPLIT_YMAX,
        capacity_label=None,
        loc="lower right",
    )
    _split_marks(ax, res)


#: The ``gid`` of the split-count labels, so that an update removes them (they are texts, not lines).
_SPLIT_COUNT_GID = "split-count"


def _split_marks(ax: Axes, res: SimulationResult) -> None:
    """The ceiling, a dash-dotted line per second with splits, and the legend: :func:`_split_plot`'s artists after
    the totals. Several splits in one second share one line, labelled with their number ("2 splits"); the first
    line carries the legend entry "split for heat"."""
    for text in [t for t in ax.texts if t.get_gid() == _SPLIT_COUNT_GID]:
        text.remove()
    ax.axhline(res.ceiling, color=COLORS["ceiling"], lw=1.0, label=f"one partition's ceiling {res.ceiling:,.0f}")
    seconds, counts = np.unique([second for second, _parent, _child in res.splits], return_counts=True)
    for i, (second, count) in enumerate(zip(seconds, counts, strict=True)):
        x = (float(second) - _SPLIT_START) / 60.0
        ax.axvline(x, color=COLORS["accent"], lw=0.8, ls="-.", label="split for heat" if i == 0 else "_nolegend_")
        if count > 1:
            ax.text(
                x,
                0.97,
                f" {count} splits",
                transform=ax.get_xaxis_transform(),
                color=COLORS["accent"],
                fontsize=8,
                va="top",
                ha="left",
                gid=_SPLIT_COUNT_GID,
            )
    ax.legend(loc="lower right", fontsize=8, framealpha=0.9)


def _split_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_split_plot`'s figure for new data: the totals' lines take the new data, the bands, ceiling,
    splits and legend are drawn again (their number depends on the case), and the title follows the case."""
    ax = fig.axes[0]
    res: SimulationResult = data["res"]
    title = f"Hot traffic: {SPLIT_CASES[data['case']]}"
    _update_table_totals(ax, res, title=title, start=_SPLIT_START, ymax=_SPLIT_YMAX, capacity_label=None)
    _split_marks(ax, res)


#: A number and the word after it (a unit, "split", "min"): kept on one line (a line never starts with a bare unit).
_NUMBER_AND_WORD = re.compile(r"(\d) (?=[A-Za-z])")


#: Why a split was blocked, in words, by the simulator's reason code (``SimulationResult.blocked``).
_BLOCKED_WHY: dict[str, str] = {
    "single item": "one item is never split",
    "LSI": "a table with an LSI keeps an item collection on one partition",
    "monotonic sort key": "every write lands on the newest item, so no cut spreads it",
    "partition cap": "the simulator's cap on partitions was reached, a limit of the model, not of DynamoDB",
}


def _cool_keys_moved(data: Data) -> tuple[int, int] | None:
    """What the first split did to the cool keys that shared the hot key's partition: ``(moved off it, shared it)``.

    Read from the split's result: the partitions' offered units in the second of the split (keys where they sat) and
    the next (keys where the cut put them), less the hot key's units, over each cool key's :data:`_COOL_WCU`. Only
    for indivisible hot traffic (one item, or a collection no cut divides), which sits whole on one side; ``None``
    when the split is not of the hot key's partition, or both sides could hold the hot traffic, or the run ends at
    the split.

    Examples
    --------
    >>> _cool_keys_moved(split_case(1, 1_600, 5))  # the hot key sorts last in its partition: the cut is just before it
    (6, 6)
    """
    res: SimulationResult = data["res"]
    if not (res.splits and data["indivisible"]):
        return None
    second, parent, child = res.splits[0]
    hot, cool = float(data["hot_wcu"]), float(data["cool_wcu"])
    if second + 1 >= res.seconds:
        return None
    shared = (float(res.offered[second, parent]) - hot) / cool
    left = [(float(res.offered[second + 1, p]) - hot) / cool for p in (parent, child)]
    left = [n for n in left if n > -0.5]  # the sides that could hold the hot traffic
    if shared <= -0.5 or len(left) != 1:
        return None
    return round(shared) - round(left[0]), round(shared)


def _next_due_s(data: Data) -> int | None:
    """The second the next split would be due after the run: the earliest, over the partitions still hot in its last
    second (and not blocked), of the last second plus the hot seconds each still needs; ``None`` when none is hot.

    A partition counts as hot serving at least ``threshold`` times the ceiling, and splits once it has been hot
    ``ceil(60 x minutes)`` seconds running, counted afresh after its own split (as the simulator counts).

    Examples
    --------
    >>> case = split_case(0, 1_600, 10)  # split at 10 min; the halves, hot from then on, would split at 20 min
    >>> (_next_due_s(case) - case["start"] + 1) / 60
    20.0
    """
    res: SimulationResult = data["res"]
    hot = data["threshold"] * res.ceiling  # as the simulator computes it: the same float
    need = math.ceil(60.0 * data["minutes"])
    blocked = {p for _second, p, _why in res.blocked}
    reset = {p: second for second, p, _child in res.splits}  # each partition's last split (splits are in time order)
    due = []
    for p in range(res.partitions):
        if p in blocked:
            continue
        hot_seconds = res.served[reset.get(p, -1) + 1 :, p] >= hot
        cold = np.flatnonzero(~hot_seconds)
        run = hot_seconds.size - (int(cold[-1]) + 1 if cold.size else 0)  # hot seconds running at the end
        if run:
            due.append(res.seconds - 1 + need - run)
    return min(due) if due else None


def _split_caption(data: Data) -> str:
    res: SimulationResult = data["res"]
    start = data["start"]

    def minute(second: int) -> str:  # minutes from the spike to a split's effect, as split_summary counts them
        return f"{(second - start + 1) / 60:,.0f} min"

    if res.splits:
        first = f"{split_summary(data)['first_split_min']:,g} min"  # as the chapter's glued text: "5"
        moved = _cool_keys_moved(data)
        moves = ""
        if moved is not None and moved[0]:
            some = ("all " if moved[1] > 1 else "the ") if moved[0] == moved[1] else f"{moved[0]} of the "
            moves = f"moves {some}{plural(moved[1], 'cool key')} off the hot key's partition"
        if len(res.splits) == 1:
            what = f"1 split at {first}" + (f" {moves}" if moves else "")
        else:
            what = plural(len(res.splits), "split") + (
                f"; the first, at {first}, {moves}" if moves else f", the first at {first}"
            )
    else:
        what = "No split"
    if res.blocked:
        why = _BLOCKED_WHY[res.blocked[0][2]]
        when = minute(res.blocked[0][0])
        what += f"; the next, due at {when}, is blocked ({why})" if res.splits else f"; the one due at {when} is blocked ({why})"
    else:
        due = _next_due_s(data)
        if due is not None:  # the step a longer wait takes: the next split falls past the run
            what += f"; the {'next' if res.splits else 'first'} would be due at {minute(due)}, after the run"
    end = float(res.throttled[-1].sum())
    shown = round((res.throttled.shape[0] - start) / 60)  # the run from the spike: a split due later is not counted
    case = SPLIT_CASES[data["case"]]
    text = (
        f"{case[:1].upper()}{case[1:]}: {data['hot_wcu']:,.0f} WCU/s arrives at once at time 0. {what}. "
        f"{plural(res.partitions, 'partition')} at {shown:,} min, the end of the run (dash-dotted lines: splits). "
        f"Refused: {data['refused']:,.0f} WCU in all, {end:,.0f} WCU/s still at the end."
    )
    return _NUMBER_AND_WORD.sub("\\1\u00a0", text)


register(
    Explorable(
        name="split_for_heat",
        title="Splitting for heat: what it buys, when, and what stops it",
        controls=(
            Control(
                "case",
                "case",
                0,
                4,
                0,
                integer=True,
                choices=("many hot keys", "one hot item", "one collection", "collection + LSI", "monotonic sort key"),
            ),
            Control("minutes", "minutes hot before a split", 1, 10, SPLIT_TRIGGER_MINUTES, step=1, unit="min"),
            Control("hot_wcu", "hot traffic", 500, 3000, 1600, step=100, unit="WCU/s"),
        ),
        compute=_split_compute,
        plot=_split_plot,
        update=_split_update,
        caption=_split_caption,
        try_this=(
            "with many hot keys, the spike is refused until the first split, minutes later, then served. Step through "
            "the cases: one item, an LSI, or a monotonic sort key keep the refused band for good. Shorten the minutes "
            "before a split: the refused units shrink, but a sudden spike is always refused at first."
        ),
        static=("case", "minutes"),
    )
)


def split_summary(case: Data) -> dict[str, Any]:
    """What one :func:`split_case` run shows, measured from the spike's start (chapter 10).

    Parameters
    ----------
    case : mapping
        What :func:`split_case` returned.

    Returns
    -------
    dict
        ``"splits"``: splits made; ``"blocked"``: why the first due split was blocked, or ``None``;
        ``"first_split_min"``: minutes from the spike to the first split's effect, or ``None``; ``"relief_s"`` and
        ``"relief_min"``: time from the spike to the first second with nothing refused for good, or ``None`` when
        refusals last to the end; ``"splits_to_relief"``: splits made before relief; ``"hot_offered"``: WCU/s
        offered to partition 0 in the spike; ``"closed_refused"``: the units the closed form refuses before the first split,
        :math:`\\max(0, w - c) \\cdot 60 m`; ``"end_refused"`` and ``"end_served_max"``: WCU/s refused over the table
        and served by the busiest partition in the last second.

    Examples
    --------
    >>> s = split_summary(split_case(0, 1_600, 2, seconds=600, start=30))
    >>> s["first_split_min"], s["relief_min"], s["end_refused"]
    (2.0, 2.0, 0.0)
    """
    res = case.get("res") if isinstance(case, Mapping) else None
    if not isinstance(res, SimulationResult):
        raise ValueError("case must be what split_case returned (a mapping with a SimulationResult under 'res')")
    start, minutes = int(case["start"]), float(case["minutes"])
    last = res.last_throttled()
    if last is None:
        relief_s: int | None = 0  # nothing refused
    elif last < res.seconds - 1:
        relief_s = last - start + 1
    else:
        relief_s = None  # refused to the end
    hot_offered = float(res.offered[start, 0])
    return {
        "splits": len(res.splits),
        "blocked": res.blocked[0][2] if res.blocked else None,
        "first_split_min": (res.splits[0][0] - start + 1) / 60 if res.splits else None,
        "relief_s": relief_s,
        "relief_min": relief_s / 60 if relief_s is not None else None,
        "splits_to_relief": sum(1 for s in res.splits if relief_s is not None and s[0] < start + relief_s),
        "hot_offered": hot_offered,
        "closed_refused": max(0.0, hot_offered - res.ceiling) * minutes * 60,
        "end_refused": float(res.throttled[-1].sum()),
        "end_served_max": float(res.served[-1].max()),
    }


def split_case_rows(hot_wcu: float, minutes: float) -> dict[str, Any]:
    """Chapter 10's table: every case of :data:`SPLIT_CASES` at one spike, with :func:`split_summary` of each.

    Parameters
    ----------
    hot_wcu : float
        The spike on the hot keys, WCU/s, in ``[0, 1e6]``.
    minutes : float
        Minutes above the trigger before a split, ``> 0``.

    Returns
    -------
    dict
        ``"runs"``: :func:`split_case` per case; ``"summaries"``: :func:`split_summary` per case; ``"header"``
        and ``"rows"``: the table (case, splits, why blocked or ``"-"``, refused WCU, still refused WCU/s);
        ``"relief_ratios"``: each case's time to relief over the first case's (many hot keys), ``None`` where a
        case is never relieved or the first needs no relief.

    Examples
    --------
    >>> out = split_case_rows(1_600, 5)
    >>> out["rows"][1], out["relief_ratios"]
    (('one hot item', '1', 'single item', '702,000', '600'), [1.0, None, 1.0, None, None])
    """
    runs = [split_case(c, hot_wcu, minutes) for c in range(len(SPLIT_CASES))]
    summaries = [split_summary(run) for run in runs]
    header = ("hot traffic", "splits", "blocked", "refused WCU", "still refused WCU/s")
    rows = [
        (case, f"{s['splits']}", s["blocked"] or "-", f"{run['refused']:,.0f}", f"{s['end_refused']:,.0f}")
        for case, run, s in zip(SPLIT_CASES, runs, summaries, strict=True)
    ]
    first = summaries[0]["relief_s"]
    ratios = [s["relief_s"] / first if s["relief_s"] is not None and first else None for s in summaries]
    return {"runs": runs, "summaries": summaries, "header": header, "rows": rows, "relief_ratios": ratios}
