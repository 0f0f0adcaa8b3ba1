"""Chapter 13's explorable and figures: CloudWatch's view of a hot partition.

``notebooks/13_detection.ipynb`` shows them; the models are in
:mod:`hotpart.models.metrics` (``cloudwatch``, ``top_keys``). :func:`plot_metrics`
is shared with chapter 15 (``hotpart.figures.diagnosis``).
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..book.explorable import Control, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, log_axis, short_number
from ..models import (
    BATCH_WRITE_MAX_ITEMS,
    PARTITION_MAX_WCU,
    Metrics,
    SimulationResult,
    Table,
    TopKeys,
    batch_throttled_requests,
    cloudwatch,
    partition_of,
    simulate,
)
from ..models._validation import check_array, check_integer, check_number, check_seed

__all__ = [
    "batch_refusal_threshold",
    "detection_case",
    "hot_key_batches",
    "plot_consumed",
    "plot_event_metrics",
    "plot_top_keys",
]

Data = dict[str, Any]

#: Limits of the plot helpers' inputs: the largest finite float, and the longest x axis, minutes (a week).
_FINITE = sys.float_info.max
_MAX_AXIS_MINUTES = 10_080

#: Colours of the throttle metrics, by CloudWatch name (without the Read/Write prefix).
METRIC_COLORS: dict[str, str] = {
    "ThrottleEvents": COLORS["refused"],
    "KeyRangeThroughputThrottleEvents": "#FF7F0E",
    "ProvisionedThroughputThrottleEvents": "#9467BD",
    "ThrottledRequests": COLORS["ceiling"],
    "index": "#8C564B",
}


def _minute_axis(ax: Axes, metrics: Metrics, minutes: int | None) -> np.ndarray:
    """The data points' x values (1-based minutes), and a fixed x range of ``minutes`` (the run's if omitted)."""
    if minutes is not None:
        minutes = check_integer("minutes", minutes, low=1, high=_MAX_AXIS_MINUTES)
    ax.set_xlim(0.5, (metrics.minutes if minutes is None else minutes) + 0.5)
    return np.arange(metrics.minutes) + 1


def plot_consumed(
    ax: Axes,
    metrics: Metrics,
    *,
    title: str,
    ymax: float | None = None,
    indexes: bool = False,
    minutes: int | None = None,
    loc: str = "lower right",
) -> None:
    """Consumed capacity per second (one point a minute) against the provisioned line.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    metrics : Metrics
        From :func:`hotpart.cloudwatch`.
    title : str
        The axes title.
    ymax : float, optional
        Upper y limit, units/s (fixed in explorables so frames do not rescale).
    indexes : bool
        Also draw each index's consumed capacity (dashed).
    minutes : int, optional
        x range, minutes (the run's if omitted).
    loc : str
        Legend position.

    ``ymax`` is finite and ``> 0``, or ``None``; ``minutes`` a whole number in ``[1, 10_080]`` (a week), or ``None``.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_consumed(ax, detection_case(2_000.0, 2_000.0, 1, minutes=2)["metrics"], title="consumed", ymax=7_000.0)
    """
    if ymax is not None:
        ymax = check_number("ymax", ymax, low=0, high=_FINITE, low_open=True)
    x = _minute_axis(ax, metrics, minutes)
    kind = "Write" if "ConsumedWriteCapacityUnits" in metrics.table else "Read"
    unit = "WCU/s" if kind == "Write" else "RCU/s"
    name = f"Consumed{kind}CapacityUnits"
    consumed = metrics.per_second(name)
    ax.plot(x, consumed, color=COLORS["served"], marker="o", ms=3, lw=1.6, label=f"{name} / 60")
    drawn = [consumed]
    if indexes:
        for index_name, m in metrics.indexes.items():
            if name in m:
                series = metrics.per_second(name, index=index_name)
                ax.plot(x, series, color=METRIC_COLORS["index"], ls="--", lw=1.4, label=f"the same, index {index_name}")
                drawn.append(series)
    prov = metrics.table.get(f"Provisioned{kind}CapacityUnits")
    if prov is not None:
        ax.plot(x, prov, color=COLORS["ceiling"], lw=1.4, ls="--", label=f"Provisioned{kind}CapacityUnits")
        drawn.append(prov)
    top = ymax if ymax is not None else 1.15 * max(max(float(d.max()) for d in drawn), 1.0)
    ax.set_ylim(0, top)
    ax.yaxis.set_major_formatter(short_number)
    finish_axes(ax, title, "minute", f"capacity ({unit})", loc=loc)


def plot_event_metrics(
    ax: Axes,
    metrics: Metrics,
    *,
    title: str,
    ymax: float | None = None,
    indexes: bool = True,
    log_ylim: tuple[float, float] | None = None,
    minutes: int | None = None,
    loc: str = "upper left",
) -> None:
    """Throttle metrics per one-minute data point: events, by cause, and throttled requests.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    metrics : Metrics
        From :func:`hotpart.cloudwatch`.
    title : str
        The axes title.
    ymax : float, optional
        Upper y limit of the linear axis, events per minute.
    indexes : bool
        Also draw each index's throttle events, and its key-range events when there are any.
    log_ylim : (float, float), optional
        Draw on a log axis with these limits instead; data points under the
        lower limit are left out (a count under 1 a minute is off the scale).
    minutes : int, optional
        x range, minutes (the run's if omitted).
    loc : str
        Legend position.

    ``ymax`` is finite and ``> 0``, or ``None``; ``log_ylim`` two finite limits with ``0 < low < high``, or
    ``None``; ``minutes`` a whole number in ``[1, 10_080]`` (a week), or ``None``.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> metrics = detection_case(2_500.0, 2_000.0, 1, minutes=2)["metrics"]
    >>> plot_event_metrics(ax, metrics, title="throttle metrics", log_ylim=(1.0, 1e6))
    """
    if ymax is not None:
        ymax = check_number("ymax", ymax, low=0, high=_FINITE, low_open=True)
    if log_ylim is not None:
        limits = check_array("log_ylim", log_ylim, low=0, high=_FINITE, low_open=True)
        if limits.shape != (2,) or not limits[0] < limits[1]:
            raise ValueError(f"log_ylim = {log_ylim!r} is not allowed: must be two limits (low, high), 0 < low < high")
        log_ylim = (float(limits[0]), float(limits[1]))
    x = _minute_axis(ax, metrics, minutes)
    kind = "Write" if "WriteThrottleEvents" in metrics.table else "Read"
    where = ", table" if indexes and metrics.indexes else ""  # name the dimension once there are two
    lines = [
        (metrics[f"{kind}{short}"], f"{kind}{short}{where}", METRIC_COLORS[short], style, None)
        for short, style in (
            ("ThrottleEvents", "-"),
            ("KeyRangeThroughputThrottleEvents", "--"),
            ("ProvisionedThroughputThrottleEvents", ":"),
        )
    ]
    if indexes:
        for name, m in metrics.indexes.items():
            lines.append((m[f"{kind}ThrottleEvents"], f"{kind}ThrottleEvents, index {name}", METRIC_COLORS["index"], "-.", None))
            key_range = m[f"{kind}KeyRangeThroughputThrottleEvents"]
            if np.any(key_range):
                label = f"{kind}KeyRangeThroughputThrottleEvents, index {name}"
                lines.append((key_range, label, METRIC_COLORS["KeyRangeThroughputThrottleEvents"], (0, (1, 3)), "^"))
    lines.append(
        (
            metrics["ThrottledRequests"],
            f"ThrottledRequests (batches of {metrics.batch_size})",
            METRIC_COLORS["ThrottledRequests"],
            ":",
            "s",
        )
    )
    for series, label, color, style, marker in lines:
        y = series if log_ylim is None else np.where(series >= log_ylim[0], series, np.nan)
        ax.plot(x, y, color=color, ls=style, lw=1.6, marker=marker, ms=3, label=label)
    if log_ylim is not None:
        log_axis(ax, "y")
        ax.set_ylim(*log_ylim)
        ylabel = "count per minute (log scale)"
    else:
        top = ymax if ymax is not None else 1.15 * max(max(float(s.max()) for s, *_ in lines), 1.0)
        ax.set_ylim(0, top)
        ax.yaxis.set_major_formatter(short_number)
        ylabel = "count per minute"
    finish_axes(ax, title, "minute", ylabel, loc=loc)


def plot_top_keys(ax: Axes, top: TopKeys, *, title: str, n: int = 8) -> None:
    """Contributor Insights for one minute: the most accessed keys, with the part of each that was throttled.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    top : TopKeys
        One minute of :func:`hotpart.top_keys`.
    title : str
        The axes title.
    n : int
        Keys drawn, at most: a whole number in ``[1, 100]``.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> metrics = detection_case(2_500.0, 2_000.0, 1, minutes=2)["metrics"]
    >>> plot_top_keys(ax, metrics.top[-1], title="last minute", n=5)
    """
    n = check_integer("n", n, low=1, high=100)
    keys = [k for k, _ in top.accessed[:n]][::-1]
    accessed = np.array([v for _, v in top.accessed[:n]][::-1])
    thr_of = dict(top.throttled)
    throttled = np.array([thr_of.get(k, 0.0) for k in keys])
    y = np.arange(len(keys))
    ax.barh(y, accessed - throttled, color=COLORS["served"], label="served (units)")
    ax.barh(y, throttled, left=accessed - throttled, color=COLORS["refused"], label="throttled (units)")
    ax.set_yticks(y, keys, fontsize=8)
    ax.xaxis.set_major_formatter(short_number)
    ax.grid(axis="x", alpha=0.3)
    finish_axes(ax, title, f"units in minute {top.minute + 1}", "partition key", loc="lower right")


# ---------------------------------------------------------------------------------------------
# detection: a hot key grows while the table looks fine
# ---------------------------------------------------------------------------------------------

_DET_PARTS = 8
_DET_WCU = 6_000.0
_DET_MINUTES = 15
_DET_USERS = 200
#: The largest rate detection_case takes for either demand, WCU/s (1,000 partition ceilings: far past any case the
#: chapter shows, and small enough that the simulator's per-second arithmetic stays exact).
_DET_MAX_WCU = 1e6
#: The longest detection_case run, minutes.
_DET_MAX_MINUTES = 60
_HOT_KEY = "EVENTS#2026-11-30"  # a date key: the day's events, written as new items (put requests)


def detection_case(
    hot_peak: float, background: float, batch_size: int, minutes: int = _DET_MINUTES, seed: int | None = 0
) -> Data:
    """A date key whose writes grow linearly to ``hot_peak`` while 200 user keys share ``background``.

    The table has 8 partitions and 6,000 WCU/s provisioned; the date key
    (``EVENTS#<day>``, each event a new item under it, so the writes are put
    requests that ``BatchWriteItem`` can carry) starts at zero and reaches
    ``hot_peak`` WCU/s in the last second; the writes go out in batches of
    ``batch_size`` items of 1 WCU. ``ThrottledRequests`` is drawn as a count
    with ``seed`` (``None``: the expected count; see :func:`hotpart.cloudwatch`).

    Parameters
    ----------
    hot_peak : float
        The date key's write rate in the last second, WCU/s, in ``[0, 10**6]``.
    background : float
        The 200 user keys' writes together, WCU/s, in ``[0, 10**6]``.
    batch_size : int
        Items per ``BatchWriteItem`` request, in ``[1, 25]``.
    minutes : int
        Length of the run, in ``[1, 60]``.
    seed : int or None
        Seed of the ``ThrottledRequests`` draw (0 to 2**64 - 1), or ``None`` for the expected count.

    Returns
    -------
    dict
        ``res`` (:class:`hotpart.SimulationResult`), ``metrics``
        (:class:`hotpart.Metrics`, Contributor Insights on) and the inputs.

    Examples
    --------
    >>> case = detection_case(2_000.0, 2_000.0, 1, minutes=2)
    >>> case["metrics"].seconds
    120
    >>> detection_case(float("nan"), 2_000.0, 1)
    Traceback (most recent call last):
    ...
    ValueError: hot_peak = nan is not a number: must be in [0, 1e+06]
    """
    hot_peak = check_number("hot_peak", hot_peak, low=0, high=_DET_MAX_WCU)
    background = check_number("background", background, low=0, high=_DET_MAX_WCU)
    batch_size = check_integer("batch_size", batch_size, low=1, high=BATCH_WRITE_MAX_ITEMS)
    minutes = check_integer("minutes", minutes, low=1, high=_DET_MAX_MINUTES)
    if seed is not None:
        seed = check_seed("seed", seed)
    seconds = 60 * minutes
    keys = [f"USER#{i:04d}" for i in range(_DET_USERS)] + [_HOT_KEY]
    demand = np.empty((seconds, len(keys)))
    demand[:, :-1] = background / _DET_USERS
    demand[:, -1] = np.linspace(0.0, hot_peak, seconds)
    res: SimulationResult = simulate(Table(_DET_PARTS, wcu=_DET_WCU), demand, seconds, keys=keys)
    metrics = cloudwatch(res, batch_size=batch_size, top_k=5, seed=seed)
    return {"res": res, "metrics": metrics, "hot_peak": hot_peak, "background": background, "batch_size": batch_size}


def _detection_compute(hot_peak: float, batch_size: int, background: float) -> Data:
    data = detection_case(hot_peak, background, int(batch_size))
    m: Metrics = data["metrics"]
    kr = m["WriteKeyRangeThroughputThrottleEvents"]
    first = np.flatnonzero(kr > 0)
    last_top = m.top[-1] if m.top else None
    data.update(
        consumed_share=float(m.per_second("ConsumedWriteCapacityUnits")[-1] / _DET_WCU),
        first_minute=int(first[0]) + 1 if first.size else None,
        events_last=float(m["WriteThrottleEvents"][-1]),
        key_range_total=float(kr.sum()),
        throttled_requests_total=float(m["ThrottledRequests"].sum()),
        events_total=float(m["WriteThrottleEvents"].sum()),
        top_key=last_top.throttled[0][0] if last_top and last_top.throttled else None,
        top_share=last_top.throttled_share(1) if last_top else 0.0,
    )
    return data


def _detection_plot(fig: Figure, data: Data) -> None:
    ax1, ax2 = fig.axes
    fixed_layout(fig, left=0.075, right=0.99, bottom=0.14, top=0.9, wspace=0.22)
    m = data["metrics"]
    plot_consumed(ax1, m, title="What the table dashboard shows", ymax=1.15 * _DET_WCU)
    ymax = 1.1 * 60 * (3_000 - PARTITION_MAX_WCU + data["background"] / _DET_PARTS)
    plot_event_metrics(ax2, m, title="Throttle metrics", ymax=ymax, indexes=False)


def _detection_caption(data: Data) -> str:
    when = "never" if data["first_minute"] is None else f"from minute {data['first_minute']}"
    top = (
        f"Contributor Insights names {data['top_key']} as the most-throttled key ({data['top_share']:.0%} of the last "
        "minute's throttled units)."
        if data["top_key"]
        else "Contributor Insights lists no throttled key."
    )
    return (
        f"In the last minute the table consumes {data['consumed_share']:.0%} of its provisioned capacity, yet "
        f"key-range throttle events fire {when} ({data['key_range_total']:,.0f} in all). With batches of "
        f"{data['batch_size']}, ThrottledRequests totals {data['throttled_requests_total']:,.0f} against "
        f"{data['events_total']:,.0f} WriteThrottleEvents. {top}"
    )


register(
    Explorable(
        name="detection",
        title="Detecting a hot key the table dashboard hides",
        controls=(
            Control("hot_peak", "the date key's final write rate", 500, 3_000, 2_000, step=100, unit="WCU/s"),
            Control(
                "batch_size", "items per BatchWriteItem", 1, BATCH_WRITE_MAX_ITEMS, BATCH_WRITE_MAX_ITEMS, step=1, integer=True
            ),
            Control("background", "all other keys together", 500, 4_000, 2_000, step=250, unit="WCU/s"),
        ),
        compute=_detection_compute,
        plot=_detection_plot,
        caption=_detection_caption,
        try_this=(
            "at the defaults, the left panel never gets near the provisioned line while the right one fills with "
            "key-range throttle events; ThrottledRequests stays flat at zero because the writes go out 25 to a "
            "batch. Drag the batch size to 1: ThrottledRequests jumps onto the event line. Lower the date key's "
            f"final rate: just under {PARTITION_MAX_WCU:,.0f} WCU/s is not enough, because user keys share its "
            "partition; a little lower and everything goes quiet."
        ),
        static=("hot_peak", "batch_size"),
        ncols=2,
        figsize=(9.0, 3.8),
    )
)


def batch_refusal_threshold(n_items: float, batch_size: int = BATCH_WRITE_MAX_ITEMS) -> float:
    """Chapter 13's exercise 2: the refused share at which batches show one throttled request a minute.

    ``n_items`` items a minute go out in batches of ``batch_size``; a batch counts as a throttled request only when
    every item in it is refused (:func:`hotpart.batch_throttled_requests`). With each item refused with
    probability :math:`q`, the expected count is :math:`\\frac{N}{B} q^B`, which is one at
    :math:`q = (B/N)^{1/B}`.

    Parameters
    ----------
    n_items : float
        Items written a minute, in ``[batch_size, 1e15]``.
    batch_size : int
        Items per batch, in ``[1, 1,000]``.

    Returns
    -------
    float
        The refused share, in ``(0, 1]``.

    Examples
    --------
    >>> round(batch_refusal_threshold(150_000, 25), 4)
    0.7061
    """
    b = check_integer("batch_size", batch_size, low=1, high=1_000)
    n = check_number("n_items", n_items, low=b, high=1e15)
    return float((b / n) ** (1 / b))


def hot_key_batches(hot_peak: float, background: float, batch_size: int = BATCH_WRITE_MAX_ITEMS) -> dict[str, float]:
    """Chapter 13: the hot key's own batches, when every batch holds only the date key's events.

    In :func:`detection_case`, every item on the date key's partition meets that partition's refused share
    :math:`q_t` in second :math:`t`. Batches of ``batch_size`` items drawn only from the date key's
    :math:`n_t` events a second then count :math:`\\sum_t \\frac{n_t}{B} q_t^B` throttled requests
    (:func:`hotpart.batch_throttled_requests`), against the mixed batches of the case.

    Parameters
    ----------
    hot_peak : float
        The date key's write rate in the last second, WCU/s, in ``[0, 10**6]``.
    background : float
        The 200 user keys' writes together, WCU/s, in ``[0, 10**6]``.
    batch_size : int
        Items per ``BatchWriteItem`` request, in ``[1, 25]``.

    Returns
    -------
    dict
        ``"partition"`` (the date key's partition), ``"q_max"`` (its largest refused share in a second) and
        ``"expected_requests"`` (throttled requests expected over the run).

    Examples
    --------
    >>> out = hot_key_batches(500.0, 2_000.0)
    >>> out["q_max"], out["expected_requests"]
    (0.0, 0.0)
    """
    case = detection_case(hot_peak, background, batch_size)
    res: SimulationResult = case["res"]
    part = int(partition_of([res.keys[-1]], res.table.partitions)[0])
    offered, refused = res.offered[:, part], res.throttled[:, part]
    q = np.divide(refused, offered, out=np.zeros(res.seconds), where=offered > 0)
    hot_items = np.linspace(0.0, case["hot_peak"], res.seconds)  # the date key's writes per second (detection_case)
    expected = float(np.sum(batch_throttled_requests(hot_items, q, case["batch_size"])))
    return {"partition": part, "q_max": float(q.max()), "expected_requests": expected}
