"""Chapters 8 to 11's figures: the capacity simulator over time.

Models: :mod:`hotpart.models.simulator` and its modes (:mod:`~hotpart.models.burst`, :mod:`~hotpart.models.adaptive`,
:mod:`~hotpart.models.provisioned`, :mod:`~hotpart.models.split_for_heat`, :mod:`~hotpart.models.on_demand`,
:mod:`~hotpart.models.autoscaling`, :mod:`~hotpart.models.refusals`). Notebooks: ``notebooks/08_burst.ipynb``
(explorable ``burst``), ``notebooks/09_adaptive.ipynb`` (``adaptive``),
``notebooks/10_isolation.ipynb`` (``split_for_heat``) and
``notebooks/11_capacity_modes.ipynb`` (``capacity_modes``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, relabel
from ..models import (
    BURST_WINDOW_S,
    EXAMPLE_ADAPTIVE,
    MAX_SIMULATED_DEMAND,
    ON_DEMAND_DOUBLING_S,
    ON_DEMAND_PEAK_MULTIPLIER,
    ON_DEMAND_TABLE_QUOTA_WRU,
    PARTITION_MAX_RCU,
    PARTITION_MAX_WCU,
    QUOTA_EXCEPTION,
    SPLIT_TRIGGER_FRACTION,
    SPLIT_TRIGGER_MINUTES,
    THROTTLE_EXCEPTION,
    AutoScaling,
    OnDemand,
    Provisioned,
    Refusal,
    SimulationResult,
    SplitForHeat,
    Table,
    adaptive_rate,
    burst_seconds,
    max_key_rate,
    on_demand_seconds_to_serve,
    partition_of,
    refusal_exception,
    simulate,
)
from ..models._validation import check_array, check_choice, check_count, check_counts, check_integer, check_number

__all__ = [
    "BURST_CHECK_SPIKE_S",
    "DIURNAL_HIGH_RCU",
    "DIURNAL_LOW_RCU",
    "SPLIT_CASES",
    "adaptive_case",
    "adaptive_ceiling_capacity",
    "adaptive_default",
    "burst_bank_case",
    "burst_check",
    "burst_check_rows",
    "burst_reading_rows",
    "burst_readings",
    "burst_spike_lasting",
    "diurnal_demand",
    "hot_item_case",
    "plot_burst_readings",
    "plot_simulation",
    "plot_table_totals",
    "refusal_window",
    "scale_in_day",
    "split_case",
    "split_case_rows",
    "split_summary",
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
        Columns to draw, at least one, each in ``[0, result.partitions - 1]``.
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
    >>> from hotpart import new_figure
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
    ax.axhline(result.ceiling, color=COLORS["ceiling"], lw=1.2, label=f"partition ceiling {result.ceiling:,.0f}")
    if share is not None:
        ax.axhline(share, color=COLORS["share"], lw=1.0, ls="--", label=f"provisioned share {share:,.0f}")
    ax.set_xlim(x[0], x[-1])
    top = ymax if ymax is not None else 1.1 * max(float(result.offered[:, list(partitions)].max()), result.ceiling)
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
        parts = [int(p) for p in check_counts("partitions", partitions, high=result.partitions - 1, empty=False).ravel()]
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
    >>> from hotpart import new_figure
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


# ---------------------------------------------------------------------------------------------
# burst: what 300 s buy
# ---------------------------------------------------------------------------------------------

_BURST_SPIKE_S = 600
#: The explorables' fixed margins (fractions of the figure): wide enough for every label at every setting.
_MARGINS = dict(left=0.1, right=0.97, bottom=0.13, top=0.92)
_BURST_IDLE_MAX = 600
_DAY_S = 86_400


def _burst_compute(rate: float, idle_s: float, spike: float) -> Data:
    idle = int(idle_s)
    steps = idle + _BURST_SPIKE_S
    demand = np.zeros((steps, 1))
    demand[idle:, 0] = spike
    res = simulate(Table(1, wcu=rate), demand, steps)
    after = res.served[idle:, 0]
    lasted = int(np.count_nonzero(after > rate + 1e-9))
    closed = burst_seconds(rate, spike, idle_seconds=idle, ceiling=PARTITION_MAX_WCU)
    banked = float(res.burst[idle - 1, 0]) if idle else 0.0
    return {
        "res": res,
        "rate": rate,
        "idle": idle,
        "spike": spike,
        "lasted": lasted,
        "closed": closed if math.isfinite(closed) else None,  # None: the spike never needs burst
        "banked": banked,
        "refused": float(res.throttled[idle:, 0].sum()),
        "above_ceiling": max(0.0, spike - PARTITION_MAX_WCU),
    }


def _burst_plot(fig: Figure, data: Data) -> None:
    fixed_layout(fig, **_MARGINS)
    ax = fig.axes[0]
    res: SimulationResult = data["res"]
    plot_simulation(
        ax,
        res,
        [0],
        labels=["partition"],
        title="A spike after an idle spell: burst, then the provisioned rate",
        start=data["idle"],
        ymax=1.1 * 1500,
        share=data["rate"],
    )
    ax.set_xlim(-_BURST_IDLE_MAX, _BURST_SPIKE_S)


def _burst_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_burst_plot`'s figure for new data: the lines', the refused band's and the share's data, and
    the share's legend label; the title, the axes' limits and the ceiling do not depend on the controls."""
    ax = fig.axes[0]
    res: SimulationResult = data["res"]
    x, _ = _time_axis(res.seconds, data["idle"], False)
    k = _thin(res.seconds)
    offered_line, served_line, _ceiling_line, share_line = ax.lines
    offered_line.set_data(x[k], res.offered[k, 0])
    served_line.set_data(x[k], res.served[k, 0])
    ax.collections[0].set_data(x[k], res.served[k, 0], res.offered[k, 0])
    share_line.set_ydata([data["rate"], data["rate"]])
    label = f"provisioned share {data['rate']:,.0f}"
    relabel(ax, share_line, label)


def _burst_caption(data: Data) -> str:
    closed = data["closed"]
    lasted = (
        "the spike never needs burst (it is within the rate)"
        if closed is None
        else f"burst carries the spike for {data['lasted']} s (closed form {closed:,.1f} s)"
    )
    ceiling = (
        f" {data['above_ceiling']:,.0f} WCU/s above the {PARTITION_MAX_WCU:,.0f} ceiling are refused from the "
        "first second: burst never lifts the ceiling."
        if data["above_ceiling"] > 0
        else ""
    )
    return (
        f"Idle for {data['idle']} s, the partition banks {data['banked']:,.0f} WCU. Against a spike of "
        f"{data['spike']:,.0f} WCU/s on a rate of {data['rate']:,.0f}, {lasted}; then it is held to its rate and "
        f"refuses {data['refused']:,.0f} WCU in the {_BURST_SPIKE_S} s shown.{ceiling}"
    )


def burst_readings(
    rate: float, spike: float, idle_s: int, busy_s: int = 0, spike_s: int = 900, portion: float = 1.0
) -> dict[str, Data]:
    """One partition under both readings of AWS's burst sentence: idle, then busy at its rate, then a spike.

    The partition is provisioned at ``rate`` units/s (no adaptive capacity),
    idle for ``idle_s`` seconds, then offered exactly ``rate`` for ``busy_s``
    seconds (it banks and spends nothing), then ``spike`` units/s for
    ``spike_s`` seconds. ``"bank"`` keeps unused capacity until spent,
    ``"window"`` only what went unused in the last 300 s (000's reading).

    Parameters
    ----------
    rate : float
        The partition's provisioned rate, units/s, in ``(0, 1e9]``
        (:data:`hotpart.MAX_SIMULATED_DEMAND`, a limit of the simulation).
    spike : float
        Demand during the spike, units/s, in ``[0, 1e9]``.
    idle_s : int
        Seconds idle before, in ``[0, 86,400]``.
    busy_s : int
        Seconds offered exactly ``rate`` between the idle spell and the spike, in ``[0, 86,400]``.
    spike_s : int
        Seconds of the spike, in ``[1, 86,400]``.
    portion : float
        Fraction of unused capacity banked, in ``(0, 1]`` (``Provisioned(burst_portion=...)``).

    Returns
    -------
    dict
        For each reading, ``"res"`` (the simulation), ``"start"`` (the spike's
        first second), ``"lasted"`` (seconds the spike is served above the
        rate), ``"closed"`` (:func:`hotpart.burst_seconds` when ``busy_s`` is
        0 and the spike exceeds ``rate``, else ``None``) and ``"refused"``
        (units refused during the spike).

    Examples
    --------
    >>> out = burst_readings(100, 150, 300)
    >>> out["bank"]["lasted"], out["window"]["lasted"]
    (600, 300)
    >>> out = burst_readings(100, 400, 300, busy_s=400)
    >>> out["bank"]["lasted"], out["window"]["lasted"]
    (100, 0)
    """
    rate = check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    spike = check_number("spike", spike, low=0, high=MAX_SIMULATED_DEMAND)
    idle = check_count("idle_s", idle_s, high=_DAY_S)
    busy = check_count("busy_s", busy_s, high=_DAY_S)
    spike_len = check_count("spike_s", spike_s, low=1, high=_DAY_S)
    portion = check_number("portion", portion, low=0, high=1, low_open=True)
    steps = idle + busy + spike_len
    demand = np.zeros((steps, 1))
    demand[idle : idle + busy, 0] = rate
    demand[idle + busy :, 0] = spike
    out: dict[str, Data] = {}
    for reading in ("bank", "window"):
        mode = Provisioned(adaptive=False, burst_reading=reading, burst_portion=portion)
        res = simulate(Table(1, wcu=rate), demand, steps, mode=mode)
        start = idle + busy
        above = res.served[start:, 0] > rate * (1 + 1e-9)
        closed: float | None = None
        if busy == 0:
            closed = burst_seconds(rate, spike, idle_seconds=idle, ceiling=PARTITION_MAX_WCU, reading=reading, portion=portion)
            closed = closed if math.isfinite(closed) else None  # None: the spike never needs burst
        out[reading] = {
            "res": res,
            "start": start,
            "lasted": int(np.argmin(above)) if not above.all() else spike_len,
            "closed": closed,
            "refused": float(res.throttled[start:, 0].sum()),
        }
    return out


def plot_burst_readings(fig: Figure, data: dict[str, Data], rate: float) -> None:
    """Draw :func:`burst_readings`' two runs side by side (the figure needs two axes).

    Parameters
    ----------
    fig : Figure
        A figure with two axes.
    data : dict
        What :func:`burst_readings` returned.
    rate : float
        The partition's provisioned rate, units/s, ``> 0`` and finite: the share line and the burst axis's scale.

    Examples
    --------
    >>> from hotpart import new_figure
    >>> fig, _ = new_figure(ncols=2)
    >>> plot_burst_readings(fig, burst_readings(100, 400, 300, busy_s=400), 100)
    >>> [ax.get_title() for ax in fig.axes[:2]]
    ["'bank': kept until spent", "'window': the last 300 s only"]
    """
    rate = check_number("rate", rate, low=0, high=math.inf, low_open=True, high_open=True)
    if len(fig.axes) < 2:
        raise ValueError(f"fig has {len(fig.axes)} axes: plot_burst_readings needs two (hp.new_figure(ncols=2))")
    titles = {"bank": "'bank': kept until spent", "window": "'window': the last 300 s only"}
    top = 1.15 * max(float(d["res"].offered.max()) for d in data.values())
    for ax, (reading, d) in zip(fig.axes, data.items(), strict=True):
        res: SimulationResult = d["res"]
        plot_simulation(
            ax, res, [0], labels=["partition"], title=titles[reading], start=d["start"], ymax=top, share=rate, loc="upper left"
        )
        ax2 = ax.twinx()
        x = np.arange(res.seconds) - d["start"]
        ax2.plot(x, res.burst[:, 0], color=COLORS["accent"], lw=1.0, ls="-.", label="banked burst")
        ax2.set_ylim(0, 1.1 * BURST_WINDOW_S * rate)
        ax2.set_ylabel("banked burst (units)")
        ax.legend(loc="upper left", fontsize="x-small")
        ax2.legend(loc="center left", fontsize="x-small")


register(
    Explorable(
        name="burst",
        title="Burst capacity: what 300 seconds buy",
        controls=(
            Control("rate", "partition's provisioned rate", 50, 500, 100, step=10, unit="WCU/s"),
            Control("idle_s", "idle time before the spike", 0, _BURST_IDLE_MAX, 300, step=30, unit="s"),
            Control("spike", "demand during the spike", 100, 1500, 400, step=50, unit="WCU/s"),
        ),
        compute=_burst_compute,
        plot=_burst_plot,
        update=_burst_update,
        caption=_burst_caption,
        try_this=(
            f"lengthen the idle time: past {BURST_WINDOW_S:g} s the bucket is full and the spike lasts no longer. "
            f"Then raise the spike past the {PARTITION_MAX_WCU:,.0f} WCU/s ceiling: burst runs out faster, and the "
            "part above the ceiling is refused at once."
        ),
        static=("spike", "idle_s"),
    )
)


# ---------------------------------------------------------------------------------------------
# adaptive: AWS's example over time, with and without adaptive capacity
# ---------------------------------------------------------------------------------------------

_ADAPTIVE_S = 900


def _adaptive_compute(table_wcu: float, n_partitions: int, hot_wcu: float, delay_s: float) -> Data:
    n = int(n_partitions)
    share = table_wcu / n
    demand = np.full(n, share / 2.0)
    demand[-1] = hot_wcu
    table = Table(n, wcu=table_wcu)
    with_ac = simulate(table, demand, _ADAPTIVE_S, mode=Provisioned(adaptive_delay_s=delay_s, initial_burst_s=300))
    without = simulate(table, demand, _ADAPTIVE_S, mode=Provisioned(adaptive=False, initial_burst_s=300))
    hot = n - 1
    return {
        "with": with_ac,
        "without": without,
        "share": share,
        "hot": hot,
        "hot_wcu": hot_wcu,
        "sustainable": adaptive_rate(table_wcu, n, share / 2.0),
        "sustained": float(with_ac.served[-1, hot]),
        "without_first": without.first_throttled(hot),
        "with_first": with_ac.first_throttled(hot),
        "with_last": with_ac.last_throttled(hot),
        "refused_with": float(with_ac.throttled[:, hot].sum()),
        "refused_without": float(without.throttled[:, hot].sum()),
        "reasons": with_ac.throttled_by_reason(),
    }


def _adaptive_plot(fig: Figure, data: Data) -> None:
    fixed_layout(fig, **_MARGINS)
    ax = fig.axes[0]
    hot = data["hot"]
    k = _thin(_ADAPTIVE_S)
    x = np.arange(_ADAPTIVE_S)[k]
    w: SimulationResult = data["with"]
    wo: SimulationResult = data["without"]
    ax.plot(x, w.offered[k, hot], color=COLORS["ceiling"], ls=":", lw=1.4, label="hot partition offered")
    ax.plot(x, wo.served[k, hot], color=COLORS["refused"], lw=1.6, label="served, no adaptive capacity")
    ax.plot(x, w.served[k, hot], color=COLORS["served"], lw=1.8, label="served, adaptive capacity")
    ax.axhline(PARTITION_MAX_WCU, color=COLORS["ceiling"], lw=1.2, label=f"partition ceiling {PARTITION_MAX_WCU:,.0f}")
    ax.axhline(data["share"], color=COLORS["share"], lw=1.0, ls="--", label=f"even share {data['share']:,.0f}")
    ax.set_xlim(0, _ADAPTIVE_S)
    ax.set_yscale("log")  # the example's 100 and 150 WCU/s and the 1,000 ceiling on one fixed scale
    ax.set_ylim(5, 5_000)
    ticks = (10, 30, 100, 300, 1_000, 3_000)
    ax.set_yticks(ticks, labels=[f"{t:,}" for t in ticks])
    ax.minorticks_off()  # log-scale minor ticks would cost more to lay out than the rest of the figure
    finish_axes(ax, "The hot partition, with and without adaptive capacity", "time (s)", "write units (WCU/s, log scale)")


def _adaptive_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_adaptive_plot`'s figure for new data: the three lines' data, the even share's height and its
    legend label; the title, the limits, the ticks and the ceiling do not depend on the controls."""
    ax = fig.axes[0]
    hot = data["hot"]
    k = _thin(_ADAPTIVE_S)
    x = np.arange(_ADAPTIVE_S)[k]
    w: SimulationResult = data["with"]
    wo: SimulationResult = data["without"]
    offered_line, without_line, with_line, _ceiling_line, share_line = ax.lines
    offered_line.set_data(x, w.offered[k, hot])
    without_line.set_data(x, wo.served[k, hot])
    with_line.set_data(x, w.served[k, hot])
    share_line.set_ydata([data["share"], data["share"]])
    label = f"even share {data['share']:,.0f}"
    relabel(ax, share_line, label)


def _when(t: int | None) -> str:
    return "never" if t is None else f"from {t} s"


def _adaptive_caption(data: Data) -> str:
    last = data["with_last"]
    if data["refused_with"] == 0:
        with_text = f"with it, nothing is refused and the partition sustains {data['sustained']:,.0f} WCU/s"
    elif last is not None and last < _ADAPTIVE_S - 1:
        with_text = (
            f"with it, throttling lasts {data['with_first']} to {last} s, then the partition sustains "
            f"{data['sustained']:,.0f} WCU/s"
        )
    else:
        with_text = f"with it, the partition is still held to {data['sustained']:,.0f} WCU/s at the end"
    return (
        f"Hot partition offered {data['hot_wcu']:,.0f} WCU/s on an even share of {data['share']:,.0f}. "
        f"Without adaptive capacity it is throttled {_when(data['without_first'])} "
        f"({data['refused_without']:,.0f} WCU refused); {with_text} "
        f"(closed form: at most {data['sustainable']:,.0f} WCU/s, the lesser of the ceiling and the share plus "
        f"the table's unused capacity)."
    )


register(
    Explorable(
        name="adaptive",
        title="Adaptive capacity and its two bounds",
        controls=(
            Control("table_wcu", "table capacity", 100, 4000, 400, step=100, unit="WCU/s"),
            Control("n_partitions", "partitions", 2, 10, 4, step=1, integer=True),
            Control("hot_wcu", "hot partition's demand", 50, 1500, 150, step=50, unit="WCU/s"),
            Control("delay_s", "adaptive capacity's reaction time", 0, 300, 0, step=30, unit="s"),
        ),
        compute=_adaptive_compute,
        plot=_adaptive_plot,
        update=_adaptive_update,
        caption=_adaptive_caption,
        try_this=(
            f"start at AWS's example ({EXAMPLE_ADAPTIVE['table_wcu']:,.0f} WCU/s, {EXAMPLE_ADAPTIVE['n_partitions']} "
            f"partitions, {EXAMPLE_ADAPTIVE['demand_wcu'][-1]:,.0f} on the hot one): the red line drops to the "
            "share once burst is spent, the blue one holds on. Raise the hot demand to the slider's end: adaptive "
            f"capacity stops at the {PARTITION_MAX_WCU:,.0f} ceiling. In Jupyter, give it a reaction time to see "
            "the throttled phase of AWS's figure."
        ),
        static=("hot_wcu", "n_partitions"),
    )
)


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


def split_case(case: int, hot_wcu: float, minutes: float, seconds: int = _SPLIT_S, start: int = _SPLIT_START) -> Data:
    """Simulate one case of a hot partition that a split for heat may or may not relieve.

    A 4-partition on-demand table (so only partition ceilings bind) carries 24
    cool keys at 10 WCU/s each; from second ``start`` partition 0 also receives
    ``hot_wcu`` on hot keys, a sudden spike. The case picks what the hot
    traffic is (:data:`SPLIT_CASES`): eight keys sharing it, one item, one item
    collection of 64 items, the same with an LSI, or with a monotonically
    increasing sort key. Splits need the partition above half its ceiling for
    ``minutes``.

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

    Returns
    -------
    dict
        ``res`` (:class:`SimulationResult`), ``refused`` (units refused in all), and the set-up:
        ``start``, ``hot_keys`` and ``cool_keys`` (counts), ``items_per_key``.

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
    demand[:, len(hot_keys) :] = 10.0
    demand[start:, : len(hot_keys)] = hot_wcu / len(hot_keys)
    table = Table(_SPLIT_PARTS, items_per_key=1 if case in (0, 1) else 64, has_lsi=case == 3)
    res = simulate(
        table,
        demand,
        seconds,
        keys=keys,
        mode=OnDemand(previous_peak=20_000.0),
        split=SplitForHeat(threshold=SPLIT_TRIGGER_FRACTION, minutes=minutes, monotonic_sort_key=case == 4),
    )
    return {
        "res": res,
        "refused": float(res.throttled.sum()),
        "case": case,
        "hot_wcu": hot_wcu,
        "minutes": minutes,
        "start": start,
        "hot_keys": len(hot_keys),
        "cool_keys": len(_COOL_KEYS),
        "items_per_key": table.items_per_key,
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


def _split_marks(ax: Axes, res: SimulationResult) -> None:
    """The ceiling, a dash-dotted line per split, and the legend: :func:`_split_plot`'s artists after the totals."""
    ax.axhline(res.ceiling, color=COLORS["ceiling"], lw=1.0, label=f"one partition's ceiling {res.ceiling:,.0f}")
    for second, _parent, _child in res.splits:
        ax.axvline((second - _SPLIT_START) / 60.0, color=COLORS["accent"], lw=0.8, ls="-.")
    ax.legend(loc="lower right", fontsize=8, framealpha=0.9)


def _split_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_split_plot`'s figure for new data: the totals' lines take the new data, the bands, ceiling,
    splits and legend are drawn again (their number depends on the case), and the title follows the case."""
    ax = fig.axes[0]
    res: SimulationResult = data["res"]
    title = f"Hot traffic: {SPLIT_CASES[data['case']]}"
    _update_table_totals(ax, res, title=title, start=_SPLIT_START, ymax=_SPLIT_YMAX, capacity_label=None)
    _split_marks(ax, res)


def _split_caption(data: Data) -> str:
    res: SimulationResult = data["res"]
    if res.splits:
        first = (res.splits[0][0] - _SPLIT_START) / 60.0
        what = f"{len(res.splits)} split(s), the first {first:,.1f} min after the spike"
    else:
        what = "no split"
    blocked = f"; a split was due but blocked ({res.blocked[0][2]})" if res.blocked else ""
    end = float(res.throttled[-1].sum())
    return (
        f"{SPLIT_CASES[data['case']].capitalize()}: {data['hot_wcu']:,.0f} WCU/s arrives at once. {what}{blocked}; "
        f"{res.partitions} partitions at the end (dash-dotted lines: splits). Refused: {data['refused']:,.0f} WCU "
        f"in all, {end:,.0f} WCU/s still at the end."
    )


register(
    Explorable(
        name="split_for_heat",
        title="Splitting for heat: what it buys, when, and what stops it",
        controls=(
            Control("case", "case (0 keys, 1 item, 2 collection, 3 with LSI, 4 monotonic)", 0, 4, 0, integer=True),
            Control("minutes", "minutes hot before a split", 1, 10, SPLIT_TRIGGER_MINUTES, step=1, unit="min"),
            Control("hot_wcu", "hot traffic", 500, 3000, 1600, step=100, unit="WCU/s"),
        ),
        compute=_split_compute,
        plot=_split_plot,
        update=_split_update,
        caption=_split_caption,
        try_this=(
            "with many hot keys, the spike is refused until the split, minutes later, then served. Step through "
            "the cases: one item, an LSI, or a monotonic sort key keep the red for good. Shorten the minutes "
            "before a split: the refused units shrink, but a sudden spike is always refused at first."
        ),
        static=("case", "minutes"),
    )
)


# ---------------------------------------------------------------------------------------------
# capacity_modes: on-demand doubling, quota, maximum throughput, auto scaling's lag
# ---------------------------------------------------------------------------------------------

_MODES_S = 2400
_MODES_START = 300
_MODES_PARTS = 64
_MODES_TARGET = 0.7
MODE_NAMES: tuple[str, ...] = ("on-demand", "provisioned + auto scaling")


def _modes_compute(mode: int, step: float, peak_k: float, max_k: float) -> Data:
    peak = peak_k * 1000.0
    demand_total = np.full(_MODES_S, peak)
    demand_total[_MODES_START:] = peak * step
    demand = np.repeat(demand_total[:, None] / _MODES_PARTS, _MODES_PARTS, axis=1)
    max_tp = None if max_k == 0 else max_k * 1000.0
    if int(mode) == 0:
        sim_mode: Provisioned | OnDemand = OnDemand(previous_peak=peak, max_throughput=max_tp)
        table = Table(_MODES_PARTS)
        closed = on_demand_seconds_to_serve(peak * step, peak, quota=min(sim_mode.table_quota("write"), sim_mode.table_limit()))
    else:
        target = _MODES_TARGET
        sim_mode = AutoScaling(target=target, min_capacity=100.0, max_capacity=80_000.0 if max_tp is None else max_tp)
        table = Table(_MODES_PARTS, wcu=peak / target)
        closed = None
    res = simulate(table, demand, _MODES_S, mode=sim_mode)
    after = res.throttled[_MODES_START:].sum(axis=1)
    hit = np.flatnonzero(after > 0)
    return {
        "res": res,
        "mode": int(mode),
        "start": _MODES_START,
        "target": _MODES_TARGET,
        "step": step,
        "peak": peak,
        "ymax": 1.1 * peak * 4.0,
        "closed": closed if closed is not None and math.isfinite(closed) else None,
        "last": int(hit[-1]) if hit.size else None,
        "by_exception": res.throttled_by_exception(),
    }


def _modes_labels(data: Data) -> tuple[str, str]:
    """The ``capacity_modes`` figure's title and capacity label."""
    title = f"{MODE_NAMES[data['mode']].capitalize()}: a step to {data['step']:g}x the previous peak"
    return title, "on-demand ceiling" if data["mode"] == 0 else "provisioned capacity"


def _modes_plot(fig: Figure, data: Data) -> None:
    fixed_layout(fig, **_MARGINS)
    res: SimulationResult = data["res"]
    title, label = _modes_labels(data)
    plot_table_totals(
        fig.axes[0], res, title=title, start=_MODES_START, ymax=data["ymax"], capacity_label=label, loc="upper left"
    )


def _modes_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_modes_plot`'s figure for new data: the totals' lines take the new data, the capacity step and
    the refusal bands are drawn again, and the title, the y limit and the legend follow the controls."""
    ax = fig.axes[0]
    title, label = _modes_labels(data)
    _update_table_totals(ax, data["res"], title=title, start=_MODES_START, ymax=data["ymax"], capacity_label=label)
    ax.legend(loc="upper left", fontsize=8, framealpha=0.9)


def _modes_caption(data: Data) -> str:
    by = data["by_exception"]
    if not by:
        refused = "nothing is refused"
    else:
        refused = "refused: " + ", ".join(f"{v:,.0f} WCU as {k}" for k, v in by.items())
    last = data["last"]
    if last is None:
        ends = ""
    elif last >= _MODES_S - _MODES_START - 1:
        ends = " Throttling lasts to the end of the run."
    else:
        ends = f" Throttling ends {last / 60:,.1f} min after the step."
    closed = data["closed"]
    if data["mode"] == 0 and closed is not None and closed > 0:
        ends += (
            f" Closed form: {closed / 60:,.0f} min of throttling at the table level, in the worst case (AWS: "
            "traffic above double the previous peak *can* be throttled)."
        )
    return (
        f"{MODE_NAMES[data['mode']].capitalize()}, demand steps from {data['peak']:,.0f} to "
        f"{data['peak'] * data['step']:,.0f} WCU/s: {refused}.{ends}"
    )


register(
    Explorable(
        name="capacity_modes",
        title="On-demand and auto scaling against a step in demand",
        controls=(
            Control("mode", "mode (0 on-demand, 1 provisioned + auto scaling)", 0, 1, 0, integer=True),
            Control("step", "demand after the step", 1, 4, 3, step=0.25, unit="x previous peak"),
            Control("peak_k", "previous peak", 1, 20, 10, step=1, unit="thousand WCU/s"),
            Control("max_k", "maximum throughput (0 for none)", 0, 60, 0, step=5, unit="thousand WCU/s"),
        ),
        compute=_modes_compute,
        plot=_modes_plot,
        update=_modes_update,
        caption=_modes_caption,
        try_this=(
            f"in on-demand mode, a step to {ON_DEMAND_PEAK_MULTIPLIER:g}x is served at once; more can be throttled "
            f"(the model's worst case: all of it) until the peak catches up {ON_DEMAND_DOUBLING_S / 60:g} minutes "
            "later. Switch to auto scaling: a "
            "step that burst cannot carry is throttled for minutes while consumed capacity climbs. In Jupyter, "
            f"raise the previous peak until the step passes the {ON_DEMAND_TABLE_QUOTA_WRU:,.0f} quota "
            f"({QUOTA_EXCEPTION}), or set a maximum throughput ({THROTTLE_EXCEPTION['on-demand']})."
        ),
        static=("mode", "step"),
    )
)


# ---------------------------------------------------------------------------------------------
# Chapter logic: the numbers chapters 8 and 11 compute, as tested functions
# ---------------------------------------------------------------------------------------------

#: Seconds of spike :func:`burst_check` simulates after the idle spell (long enough for any bank at a ceiling).
BURST_CHECK_SPIKE_S = 900


def burst_check(rate: float, spike: float, idle_s: int, spike_s: int = BURST_CHECK_SPIKE_S) -> dict[str, float]:
    """Chapter 8's check: burst's closed form against the per-second simulator, for one spike after an idle spell.

    One partition provisioned at ``rate`` WCU/s, with no adaptive capacity, is idle for ``idle_s`` seconds
    (banking what it leaves unused) and then offered ``spike`` WCU/s for ``spike_s`` seconds.

    Parameters
    ----------
    rate : float
        The partition's provisioned rate, WCU/s, in ``(0, 1e9]`` (:data:`hotpart.MAX_SIMULATED_DEMAND`).
    spike : float
        Demand during the spike, WCU/s, in ``(rate, 1e9]``: a spike above the rate, which needs burst.
    idle_s : int
        Seconds idle before the spike, in ``[0, 86,400]``.
    spike_s : int
        Seconds of spike simulated, in ``[1, 86,400]``.

    Returns
    -------
    dict
        ``"closed_s"``: :func:`hotpart.burst_seconds` with the partition ceiling; ``"simulated_s"``: seconds
        the simulator serves the partition above its rate;
        ``"refused_first"``: WCU refused in the spike's first second (above the ceiling);
        ``"refused"``: WCU refused during the whole spike.

    Examples
    --------
    >>> out = burst_check(100, 400, 300)
    >>> out["closed_s"], out["simulated_s"], out["refused_first"]
    (100.0, 100, 0.0)
    >>> burst_check(100, 1_500, 300)["refused_first"]
    500.0
    """
    rate = check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    spike = check_number("spike", spike, low=rate, high=MAX_SIMULATED_DEMAND, low_open=True)
    idle = check_count("idle_s", idle_s, high=_DAY_S)
    length = check_count("spike_s", spike_s, low=1, high=_DAY_S)
    closed = burst_seconds(rate, spike, idle_seconds=idle, ceiling=PARTITION_MAX_WCU)
    trace = np.concatenate([np.zeros(idle), np.full(length, spike)])[:, None]
    res = simulate(Table(1, wcu=rate), trace, idle + length, mode=Provisioned(adaptive=False))
    after = res.served[idle:, 0]
    return {
        "closed_s": float(closed),
        "simulated_s": int(np.count_nonzero(after > rate * (1 + 1e-9))),
        "refused_first": float(res.throttled[idle, 0]),
        "refused": float(res.throttled[idle:, 0].sum()),
    }


def refusal_window(res: SimulationResult, start: int) -> dict[str, int | None]:
    """When a step's refusals start and end, and how many capacity raises came before they ended (chapter 11).

    Parameters
    ----------
    res : SimulationResult
        A simulation whose demand steps up at second ``start``.
    start : int
        The second of the step, in ``[0, res.seconds - 1]``.

    Returns
    -------
    dict
        ``"first_s"`` and ``"last_s"``: seconds after the step of the first and the last second with a refusal
        (``None`` when nothing is refused); ``"raises"``: capacity raises in the whole run; ``"raises_needed"``:
        raises made up to one second after the last refusal; ``"first_raise_s"``: seconds after the step of the
        first raise (``None`` without one).

    Examples
    --------
    A step to three times the previous peak under auto scaling (chapter 11's explorable):

    >>> from hotpart import EXPLORABLES
    >>> step = EXPLORABLES["capacity_modes"].data(mode=1, step=3)
    >>> refusal_window(step["res"], step["start"])
    {'first_s': 81, 'last_s': 419, 'raises': 3, 'raises_needed': 2, 'first_raise_s': 240}
    """
    if not isinstance(res, SimulationResult):
        raise ValueError(f"res must be a SimulationResult, got {type(res).__name__}")
    t0 = check_integer("start", start, low=0, high=max(0, int(res.seconds) - 1))
    refused_s = np.flatnonzero(res.throttled.sum(axis=1) > 0) - t0
    refused_s = refused_s[refused_s >= 0]
    ups = np.flatnonzero(np.diff(res.capacity) > 0) + 1 - t0
    first = int(refused_s[0]) if refused_s.size else None
    last = int(refused_s[-1]) if refused_s.size else None
    needed = int(np.count_nonzero(ups <= last + 1)) if last is not None else 0
    return {
        "first_s": first,
        "last_s": last,
        "raises": int(ups.size),
        "raises_needed": needed,
        "first_raise_s": int(ups[ups >= 0][0]) if np.any(ups >= 0) else None,
    }


#: Chapter 11's diurnal read demand: lowest and highest RCU/s over the day (one partition, below its ceiling).
DIURNAL_LOW_RCU = 300.0
DIURNAL_HIGH_RCU = 2_500.0


def diurnal_demand(low: float = DIURNAL_LOW_RCU, high: float = DIURNAL_HIGH_RCU, seconds: int = _DAY_S) -> np.ndarray:
    """A day of demand that swings from ``low`` (at midnight) to ``high`` (at noon) and back, as a cosine.

    Parameters
    ----------
    low : float
        Lowest demand, units/s, in ``[0, 1e9]``.
    high : float
        Highest demand, units/s, in ``[low, 1e9]``.
    seconds : int
        Length of the day, seconds, in ``[1, 86,400]``.

    Returns
    -------
    numpy.ndarray
        Demand per second, shape ``(seconds,)``.

    Examples
    --------
    >>> d = diurnal_demand(300, 2_500)
    >>> float(d.min()), float(d.max()), float(d[43_200])
    (300.0, 2500.0, 2500.0)
    """
    low = check_number("low", low, low=0, high=MAX_SIMULATED_DEMAND)
    high = check_number("high", high, low=low, high=MAX_SIMULATED_DEMAND)
    n = check_count("seconds", seconds, low=1, high=_DAY_S)
    return low + (high - low) * (0.5 - 0.5 * np.cos(2 * np.pi * np.arange(n) / n))


def scale_in_day(low: float = DIURNAL_LOW_RCU, high: float = DIURNAL_HIGH_RCU, naive: bool = False) -> dict[str, float]:
    """Chapter 11's day of auto scaling on one partition of reads: how often capacity goes up and down.

    One partition provisioned at 1,000 RCU/s with :class:`hotpart.AutoScaling` (minimum capacity 1) follows
    :func:`diurnal_demand` for a day. ``naive=True`` scales in with no lag, no margin below the target and no
    daily quota on decreases (the rule the course used before).

    Parameters
    ----------
    low : float
        The day's lowest read demand, RCU/s, in ``(0, 1e9]``.
    high : float
        The day's highest read demand, RCU/s, in ``[low, 1e9]``.
    naive : bool
        Use the naive scale-in rule.

    Returns
    -------
    dict
        ``"up"`` and ``"down"``: capacity raises and decreases; ``"refused"``: RCU refused over the day;
        ``"idle_units"``: provisioned capacity left unused over the day, RCU.

    Examples
    --------
    >>> from hotpart import AUTOSCALING_DECREASES_PER_DAY
    >>> day, naive = scale_in_day(), scale_in_day(naive=True)
    >>> day["down"] <= AUTOSCALING_DECREASES_PER_DAY < naive["down"], day["refused"]
    (True, 0.0)
    """
    if not isinstance(naive, bool):
        raise ValueError(f"naive must be True or False, got {naive!r}")
    low = check_number("low", low, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    demand = diurnal_demand(low, high)
    settings = dict(lag_s=0.0, scale_down_margin=0.0, decrease_quota=False) if naive else {}
    mode = AutoScaling(min_capacity=1.0, **settings)
    res = simulate(Table(1, rcu=1_000), demand[:, None], demand.size, kind="read", mode=mode)
    steps = np.diff(res.capacity)
    return {
        "up": int(np.count_nonzero(steps > 0)),
        "down": int(np.count_nonzero(steps < 0)),
        "refused": float(res.throttled.sum()),
        "idle_units": float((res.capacity - res.served[:, 0]).sum()),
    }


def adaptive_ceiling_capacity(n_partitions: int, step: float = 100.0) -> float:
    """The least table capacity at which the ``adaptive`` explorable's hot partition can reach the ceiling.

    In the explorable every other partition is offered half its even share, so the hot one can sustain its share
    plus half of each other share, :math:`\\frac{C}{n}\\cdot\\frac{n + 1}{2}` (:func:`hotpart.adaptive_rate`),
    which reaches the partition ceiling :math:`c` from :math:`C = 2nc/(n + 1)` on; rounded up to the slider's
    ``step``.

    Parameters
    ----------
    n_partitions : int
        Partitions, in ``[1, 10,000]``.
    step : float
        The capacity slider's step, WCU/s, in ``(0, 1e6]``.

    Returns
    -------
    float
        Table capacity, WCU/s.

    Examples
    --------
    >>> adaptive_ceiling_capacity(4)
    1600.0
    """
    n = check_integer("n_partitions", n_partitions, low=1, high=10_000)
    s = check_number("step", step, low=0, high=1e6, low_open=True)
    exact = 2 * n * PARTITION_MAX_WCU / (n + 1)
    return float(math.ceil(exact / s - 1e-12) * s)


# ---------------------------------------------------------------------------------------------
# Chapter logic: the tables and numbers chapters 8, 9 and 10 compute, as tested functions
# ---------------------------------------------------------------------------------------------


def _pairs(name: str, values: Any) -> list[tuple[Any, Any]]:
    """``values`` as a non-empty list of pairs, or a ValueError naming ``name``."""
    try:
        pairs = [tuple(v) for v in values]
    except TypeError:
        raise ValueError(f"{name} = {values!r} is not a sequence of pairs") from None
    if not pairs:
        raise ValueError(f"{name} = {values!r} is empty: must hold at least one pair")
    for i, p in enumerate(pairs):
        if len(p) != 2:
            raise ValueError(f"{name}[{i}] = {p!r} is not a pair")
    return pairs


def burst_check_rows(rate: float, cases: Sequence[tuple[float, int]]) -> dict[str, Any]:
    """Chapter 8's table: :func:`burst_check` for several spikes on one rate, and the largest disagreement.

    Parameters
    ----------
    rate : float
        The partition's provisioned rate, WCU/s, in ``(0, 1e9]``.
    cases : sequence of (float, int)
        ``(spike, idle_s)`` pairs, at least one: the spike in WCU/s, above ``rate``, and the idle seconds before
        it (see :func:`burst_check`).

    Returns
    -------
    dict
        ``"checks"``: :func:`burst_check`'s result per case; ``"header"`` and ``"rows"``: the table, formatted;
        ``"max_diff_s"``: the largest gap between the closed form and the simulator, seconds.

    Examples
    --------
    >>> out = burst_check_rows(100, [(150, 300), (400, 300)])
    >>> out["rows"][1], out["max_diff_s"]
    (('400', '300', '100.0', '100', '0'), 0.0)
    """
    rate = check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    cases = _pairs("cases", cases)
    for i, (spike, idle_s) in enumerate(cases):
        check_number(f"cases[{i}] spike", spike, low=rate, high=MAX_SIMULATED_DEMAND, low_open=True)
        check_count(f"cases[{i}] idle_s", idle_s, high=_DAY_S)
    checks = [burst_check(rate, spike, idle_s) for spike, idle_s in cases]
    header = ("spike WCU/s", "idle s", "closed form s", "simulated s", "refused in 1st s")
    rows = [
        (f"{spike:,.0f}", f"{idle_s}", f"{c['closed_s']:,.1f}", f"{c['simulated_s']}", f"{c['refused_first']:,.0f}")
        for (spike, idle_s), c in zip(cases, checks, strict=True)
    ]
    gap = max(abs(c["closed_s"] - c["simulated_s"]) for c in checks)
    return {"checks": checks, "header": header, "rows": rows, "max_diff_s": float(gap)}


def burst_reading_rows(cases: Sequence[tuple[str, Mapping[str, Any]]]) -> dict[str, Any]:
    """Chapter 8's table of the two readings: :func:`burst_readings` per scenario, seconds served above the rate.

    Parameters
    ----------
    cases : sequence of (str, mapping)
        ``(name, keyword arguments of burst_readings)`` pairs, at least one.

    Returns
    -------
    dict
        ``"runs"``: :func:`burst_readings`' result per case; ``"header"`` and ``"rows"``: the table (the name, then
        the seconds above the rate under ``"bank"`` and under ``"window"``).

    Examples
    --------
    >>> burst_reading_rows([("short", dict(rate=100, spike=150, idle_s=300))])["rows"]
    [('short', '600', '300')]
    """
    cases = _pairs("cases", cases)
    for i, (_, kw) in enumerate(cases):
        if not isinstance(kw, Mapping):
            raise ValueError(f"cases[{i}] = {cases[i]!r}: the second item must be a mapping of burst_readings' keywords")
    runs = [burst_readings(**kw) for _, kw in cases]
    header = ("scenario", "bank: seconds above the rate", "window: seconds above the rate")
    rows = [
        (str(name), f"{run['bank']['lasted']:,}", f"{run['window']['lasted']:,}")
        for (name, _), run in zip(cases, runs, strict=True)
    ]
    return {"runs": runs, "header": header, "rows": rows}


def burst_bank_case(rate: float, idle_s: int, idle_demand: float, spike: float) -> dict[str, float]:
    """Chapter 8's exercise: what a partition banks while lightly used, and how long that carries a spike.

    The partition, provisioned at ``rate`` WCU/s, is offered ``idle_demand`` for ``idle_s`` seconds and banks
    what it leaves unused, at most :data:`hotpart.BURST_WINDOW_S` seconds of its rate:
    :math:`B = \\min(t_{idle} (r - d), 300 r)`; a spike then drains the bank at ``spike - rate`` per second.

    Parameters
    ----------
    rate : float
        The provisioned rate, WCU/s, in ``(0, 1e9]``.
    idle_s : int
        Seconds of light use before the spike, in ``[0, 86,400]``.
    idle_demand : float
        Demand during that time, WCU/s, in ``[0, rate]``.
    spike : float
        Demand during the spike, WCU/s, in ``(rate, 1e9]``.

    Returns
    -------
    dict
        ``"bank"``: units banked; ``"drain"``: units per second the spike takes from the bank; ``"seconds"``:
        :func:`hotpart.burst_seconds`, how long the bank carries the spike.

    Examples
    --------
    >>> burst_bank_case(200, 120, 50, 500)
    {'bank': 18000.0, 'drain': 300.0, 'seconds': 60.0}
    """
    rate = check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    idle = check_count("idle_s", idle_s, high=_DAY_S)
    idle_demand = check_number("idle_demand", idle_demand, low=0, high=rate)
    spike = check_number("spike", spike, low=rate, high=MAX_SIMULATED_DEMAND, low_open=True)
    bank = min(idle * (rate - idle_demand), BURST_WINDOW_S * rate)
    seconds = burst_seconds(rate, spike, idle_seconds=idle, idle_demand=idle_demand)
    return {"bank": float(bank), "drain": float(spike - rate), "seconds": float(seconds)}


def burst_spike_lasting(rate: float, seconds: float) -> float:
    """The spike, WCU/s, that a full burst bank (:data:`hotpart.BURST_WINDOW_S` seconds of ``rate``) carries for
    exactly ``seconds``: :math:`r + 300 r / t` (chapter 8's exercise).

    Parameters
    ----------
    rate : float
        The provisioned rate, WCU/s, in ``(0, 1e9]``.
    seconds : float
        How long the spike should be carried, seconds, in ``(0, 86,400]``.

    Returns
    -------
    float
        The spike, WCU/s.

    Examples
    --------
    >>> burst_spike_lasting(100, 60)
    600.0
    """
    rate = check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    seconds = check_number("seconds", seconds, low=0, high=_DAY_S, low_open=True)
    return float(rate + BURST_WINDOW_S * rate / seconds)


def adaptive_case(table_wcu: float, demand_wcu: Sequence[float], seconds: int = 60) -> dict[str, Any]:
    """Chapter 9's arithmetic for one table: shares, the unused capacity, adaptive capacity's bound, and the
    simulator's steady state for the last (hot) partition.

    Parameters
    ----------
    table_wcu : float
        The table's provisioned capacity, WCU/s, in ``(0, 1e9]``.
    demand_wcu : sequence of float
        Demand per partition, WCU/s, each in ``[0, 1e9]``, at least two; the last is the hot one.
    seconds : int
        Seconds simulated (adaptive capacity reacts at once, burst starts empty), in ``[1, 86,400]``.

    Returns
    -------
    dict
        ``"n"``: partitions; ``"share"``: the even share, WCU/s; ``"unused"``: what the other partitions leave of
        their shares, :math:`\\sum_{i<n} (C/n - d_i)`; ``"bound"``: :func:`hotpart.adaptive_rate`; ``"total"`` and
        ``"hottest"``: the demand's sum and maximum; ``"even_needed"``: the capacity an even split needs to give
        the hottest partition its demand, :math:`n \\max d_i`; ``"even_over"``: how much more that is than the
        table's capacity, a fraction; ``"served"``, ``"refused"`` and ``"reason"``: the hot partition in the
        simulation's last second, WCU/s, and the label of its refusal.

    Examples
    --------
    >>> c = adaptive_case(400, [50, 50, 50, 150])
    >>> c["share"], c["unused"], c["bound"], c["served"], c["even_over"]
    (100.0, 150.0, 250.0, 150.0, 0.5)
    """
    table_wcu = check_number("table_wcu", table_wcu, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    demand = check_array("demand_wcu", demand_wcu, low=0, high=MAX_SIMULATED_DEMAND)
    if demand.ndim != 1 or demand.size < 2:
        raise ValueError(f"demand_wcu has shape {demand.shape}: must be one demand per partition, at least two")
    length = check_count("seconds", seconds, low=1, high=_DAY_S)
    n = int(demand.size)
    share = table_wcu / n
    res = simulate(Table(n, wcu=table_wcu), demand, length)
    even_needed = float(demand.max()) * n
    return {
        "n": n,
        "share": share,
        "unused": float((share - demand[:-1]).sum()),
        "bound": adaptive_rate(table_wcu, n, demand[:-1]),
        "total": float(demand.sum()),
        "hottest": float(demand.max()),
        "even_needed": even_needed,
        "even_over": even_needed / table_wcu - 1,
        "served": float(res.served[-1, -1]),
        "refused": float(res.throttled[-1, -1]),
        "reason": Refusal(int(res.reason[-1, -1])).label,
    }


def adaptive_default() -> str:
    """``"on"`` when :class:`hotpart.Provisioned` applies adaptive capacity by default, else ``"off"``.

    Examples
    --------
    >>> adaptive_default()
    'on'
    """
    return "on" if Provisioned().adaptive else "off"


def hot_item_case(rate: float, kind: str = "write") -> dict[str, float]:
    """One item (or key) offered ``rate`` units/s: what it keeps, what it loses, and how many parts the rate needs.

    One key is held to :func:`hotpart.max_key_rate` however the table is provisioned; spreading the rate over
    ``ceil(rate / ceiling)`` keys on different partitions is the least that keeps each within the partition
    ceiling (chapters 9 and 10).

    Parameters
    ----------
    rate : float
        Units per second offered to the item, in ``[0, 1e9]``.
    kind : {"write", "read"}
        WCU or RCU.

    Returns
    -------
    dict
        ``"served"`` and ``"refused"``: units/s; ``"shards"``: keys needed at the partition ceiling.

    Examples
    --------
    >>> hot_item_case(1_600)
    {'served': 1000.0, 'refused': 600.0, 'shards': 2}
    """
    rate = check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND)
    kind = check_choice("kind", kind, ("write", "read"))
    key_max = max_key_rate(kind)
    ceiling = PARTITION_MAX_WCU if kind == "write" else PARTITION_MAX_RCU
    return {
        "served": float(min(rate, key_max)),
        "refused": float(max(0.0, rate - key_max)),
        "shards": max(1, math.ceil(rate / ceiling - 1e-12)),
    }


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
    (('one hot item', '1', 'single item', '702,000', '600'), [1.0, None, 2.0, None, None])
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
