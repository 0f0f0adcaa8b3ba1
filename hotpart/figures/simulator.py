"""The capacity simulator over time, drawn: the figures chapters 8 to 11 share.

Models: :mod:`hotpart.models.simulator` and its modes. Notebooks: ``notebooks/08_burst.ipynb`` and
``notebooks/09_adaptive.ipynb`` (:func:`plot_simulation`), ``notebooks/10_isolation.ipynb`` and
``notebooks/11_capacity_modes.ipynb`` (:func:`plot_table_totals`). Each chapter's explorable and cases live in
its own module: :mod:`~hotpart.figures.burst`, :mod:`~hotpart.figures.adaptive`,
:mod:`~hotpart.figures.split_for_heat` and :mod:`~hotpart.figures.capacity_modes`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from matplotlib.axes import Axes

from ..book.plotting import _MAX_LINES, COLORS, finish_axes
from ..models import (
    Refusal,
    SimulationResult,
    refusal_exception,
)
from ..models._validation import check_counts, check_number

__all__ = [
    "plot_simulation",
    "plot_table_totals",
    "throttled_by_exception_over_time",
]

_LINE_COLORS = (COLORS["served"], COLORS["accent"], "#9467BD", "#FF7F0E", "#8C564B")
_EXC_COLORS = {
    "ProvisionedThroughputExceededException": COLORS["refused"],
    "ThrottlingException": "#FF7F0E",
    "RequestLimitExceeded": "#9467BD",
}


#: Most points a time series is drawn with; longer ones are thinned (every k-th second) to keep drawing fast.
MAX_POINTS = 600


def _thin(n: int) -> slice:
    return slice(None, None, max(1, math.ceil(n / MAX_POINTS)))


def _time_axis(n: int, start: float, minutes: bool) -> tuple[np.ndarray, str]:
    x = np.arange(n) - start
    return (x / 60.0, "time (min)") if minutes else (x, "time (s)")


def plot_simulation(
    ax: Axes,
    result: SimulationResult,
    partitions: Sequence[int],
    *,
    title: str,
    labels: Sequence[str] | None = None,
    start: float = 0.0,
    minutes: bool = False,
    ymax: float | None = None,
    share: float | None = None,
    loc: str = "upper right",
) -> None:
    """Offered (dashed) and served (solid) units per second of some partitions over time.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    result : SimulationResult
        What :func:`hotpart.simulate` returned.
    partitions : sequence of int
        Columns to draw, a 1-D sequence of one to 20 (two lines each), each in ``[0, result.partitions - 1]``.
    title : str
        The axes title.
    labels : sequence of str, optional
        Legend names of the partitions; ``"partition i"`` if omitted.
    start : float
        Second drawn as time 0, in ``[0, result.seconds]``.
    minutes : bool
        Time in minutes rather than seconds.
    ymax : float, optional
        Upper y limit, units/s, ``> 0`` and finite; fitted if omitted.
    share : float, optional
        A partition's provisioned share, units/s, ``>= 0`` and finite, drawn dashed grey.
    loc : str
        Legend position.

    Examples
    --------
    >>> from hotpart import Provisioned, Table, new_figure, simulate
    >>> res = simulate(Table(4, wcu=400), [50, 50, 50, 150], 60, mode=Provisioned(adaptive=False))
    >>> fig, (ax,) = new_figure()
    >>> plot_simulation(ax, res, [3, 0], title="The hot partition", share=100.0)
    >>> len(ax.lines)  # offered and served of each partition, the ceiling, the share
    6
    """
    partitions, start, ymax, share = _plot_checks(result, partitions, start, ymax, share)
    x, xlabel = _time_axis(result.seconds, start, minutes)
    unit = "WCU/s" if result.kind == "write" else "RCU/s"
    k = _thin(result.seconds)
    for j, p in enumerate(partitions):
        name = labels[j] if labels is not None else f"partition {p}"
        color = _LINE_COLORS[j % len(_LINE_COLORS)]
        offered, served = result.offered[k, p], result.served[k, p]
        ax.plot(x[k], offered, color=color, ls=":", lw=1.2, label=f"{name} offered")
        ax.plot(x[k], served, color=color, lw=1.8, label=f"{name} served")
        refused_label = "refused" if j == 0 else None
        ax.fill_between(x[k], served, offered, color=COLORS["refused"], alpha=0.25, lw=0, label=refused_label)
    top = ymax if ymax is not None else 1.1 * max(float(result.offered[:, list(partitions)].max()), result.ceiling)
    # a ceiling above the axis is drawn (off-scale) but says so in the legend, so no reader looks for a line
    off_scale = " (off-scale, above the axis)" if result.ceiling > top else ""
    ax.axhline(result.ceiling, color=COLORS["ceiling"], lw=1.2, label=f"partition ceiling {result.ceiling:,.0f}{off_scale}")
    if share is not None:
        ax.axhline(share, color=COLORS["share"], lw=1.0, ls="--", label=f"provisioned share {share:,.0f}")
    ax.set_xlim(x[0], x[-1])
    ax.set_ylim(0, top)
    finish_axes(ax, title, xlabel, f"units per second ({unit})", loc=loc)


_NO_PARTITIONS: list[int] = []


def _plot_checks(
    result: SimulationResult, partitions: Sequence[int], start: float, ymax: float | None, share: float | None
) -> tuple[list[int], float, float | None, float | None]:
    """The plot helpers' numeric arguments, checked (``partitions=_NO_PARTITIONS`` skips that check)."""
    if not isinstance(result, SimulationResult):
        raise ValueError(f"result = {result!r} is not a SimulationResult")
    parts: list[int] = []
    if partitions is not _NO_PARTITIONS:
        checked = check_counts("partitions", partitions, high=result.partitions - 1, empty=False, ndim=1, max_size=_MAX_LINES)
        parts = [int(p) for p in checked]
    start = check_number("start", start, low=0, high=result.seconds)
    if ymax is not None:
        ymax = check_number("ymax", ymax, low=0, high=math.inf, low_open=True, high_open=True)
    if share is not None:
        share = check_number("share", share, low=0, high=math.inf, high_open=True)
    return parts, start, ymax, share


def throttled_by_exception_over_time(result: SimulationResult) -> dict[str, np.ndarray]:
    """Units refused each second over the whole table, by the exception the client sees.

    Returns
    -------
    dict of str to numpy.ndarray
        One array of length ``result.seconds`` per exception that occurs.
    """
    out: dict[str, np.ndarray] = {}
    for code in Refusal:
        if code == Refusal.NONE:
            continue
        mask = result.reason == code
        if not mask.any():
            continue
        per_second = np.where(mask, result.throttled, 0.0).sum(axis=1)
        name = refusal_exception(code, result.mode.name)
        out[name] = out.get(name, 0.0) + per_second
    return out


def plot_table_totals(
    ax: Axes,
    result: SimulationResult,
    *,
    title: str,
    start: float = 0.0,
    minutes: bool = True,
    ymax: float | None = None,
    capacity_label: str | None = "table capacity",
    loc: str = "upper left",
) -> None:
    """The whole table over time: offered, served, its capacity, and refusals coloured by exception.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    result : SimulationResult
        What :func:`hotpart.simulate` returned.
    title : str
        The axes title.
    start : float
        Second drawn as time 0, in ``[0, result.seconds]``.
    minutes : bool
        Time in minutes rather than seconds.
    ymax : float, optional
        Upper y limit, units/s, ``> 0`` and finite; fitted if omitted.
    capacity_label : str or None
        Legend name of the capacity line; ``None`` leaves the line out.
    loc : str
        Legend position.

    Examples
    --------
    >>> from hotpart import Provisioned, Table, new_figure, simulate
    >>> res = simulate(Table(4, wcu=400), [50, 50, 50, 150], 120, mode=Provisioned(adaptive=False))
    >>> fig, (ax,) = new_figure()
    >>> plot_table_totals(ax, res, title="The whole table", start=60)
    >>> [round(float(x), 2) for x in ax.get_xlim()]  # minutes, from the start
    [-1.0, 0.98]
    """
    _, start, ymax, _ = _plot_checks(result, _NO_PARTITIONS, start, ymax, None)
    x, xlabel = _time_axis(result.seconds, start, minutes)
    unit = "WCU/s" if result.kind == "write" else "RCU/s"
    k = _thin(result.seconds)
    offered = result.offered.sum(axis=1)
    served = result.served.sum(axis=1)
    ax.plot(x[k], offered[k], color=COLORS["ceiling"], ls=":", lw=1.4, label="offered")
    ax.plot(x[k], served[k], color=COLORS["served"], lw=1.8, label="served")
    _table_totals_layers(ax, result, x, served, capacity_label)
    ax.set_xlim(x[0], x[-1])
    ax.set_ylim(0, ymax if ymax is not None else 1.1 * max(float(offered.max()), 1.0))
    finish_axes(ax, title, xlabel, f"table units per second ({unit})", loc=loc)


def _table_totals_layers(ax: Axes, result: SimulationResult, x: np.ndarray, served: np.ndarray, label: str | None) -> None:
    """:func:`plot_table_totals`' artists after its two lines: the capacity step and the refusals by exception."""
    k = _thin(result.seconds)
    if label is not None:
        ax.step(x[k], result.capacity[k], where="post", color=COLORS["share"], ls="--", lw=1.2, label=label)
    bottom = served[k]
    for name, per_second in throttled_by_exception_over_time(result).items():
        top = bottom + per_second[k]
        ax.fill_between(x[k], bottom, top, color=_EXC_COLORS.get(name, COLORS["refused"]), alpha=0.45, lw=0, label=name)
        bottom = top


def _update_table_totals(
    ax: Axes, result: SimulationResult, *, title: str, start: float, ymax: float, capacity_label: str | None
) -> None:
    """Redraw :func:`plot_table_totals` (in minutes, with a fixed ``ymax``) on ``ax`` for a new result of the same
    length: its two lines take the new data; the capacity step, the refusal bands and every later artist are
    removed and drawn again (their number depends on the result); the title and the y limit are set again.
    The caller draws its own later artists again and then the legend."""
    x, _ = _time_axis(result.seconds, start, True)
    k = _thin(result.seconds)
    offered_line, served_line, *rest = ax.lines
    served = result.served.sum(axis=1)
    offered_line.set_data(x[k], result.offered.sum(axis=1)[k])
    served_line.set_data(x[k], served[k])
    for artist in [*rest, *ax.collections]:
        artist.remove()
    _table_totals_layers(ax, result, x, served, capacity_label)
    ax.set_ylim(0, ymax)
    ax.set_title(title, fontsize=11)


#: The explorables' fixed margins (fractions of the figure): wide enough for every label at every setting.
_MARGINS = dict(left=0.1, right=0.97, bottom=0.13, top=0.92)
#: Seconds in a day.
_DAY_S = 86_400
