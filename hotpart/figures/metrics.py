"""Chapter 13's explorable and figures: CloudWatch's view of a hot partition.

``notebooks/13_detection.ipynb`` shows them; the models are in
:mod:`hotpart.models.metrics` (``cloudwatch``, ``top_keys``). :func:`plot_metrics`
is shared with chapter 15 (``hotpart.figures.diagnosis``).
"""

from __future__ import annotations

import math
import sys
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..book.explorable import Control, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, log_axis, relabel, short_number
from ..models import (
    BATCH_WRITE_MAX_ITEMS,
    BURST_WINDOW_S,
    PARTITION_MAX_WCU,
    IndexedResult,
    Metrics,
    Provisioned,
    SimulationResult,
    Table,
    TopKeys,
    batch_throttled_requests,
    cloudwatch,
    partition_of,
    scenario,
    simulate,
    top_keys,
)
from ..models._memo import simulate_once
from ..models._validation import check_array, check_integer, check_number, check_seed

__all__ = [
    "batch_refusal_threshold",
    "detection_case",
    "detection_numbers",
    "expected_count_text",
    "hot_key_batches",
    "index_insights_numbers",
    "insights_numbers",
    "last_minute_metrics",
    "plot_consumed",
    "plot_event_metrics",
    "plot_top_keys",
    "throttle_metric_claims",
]

Data = dict[str, Any]

#: A write unit's weight in Contributor Insights' ConsumedThroughputUnits (3 x write units + read units,
#: ``hp.SOURCES["CI_CONSUMED_THROUGHPUT_UNITS"]``).
_CTU_WRITE_WEIGHT = 3.0

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
            _throttled_requests_label(metrics.batch_size),
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
    # a remembered run (simulate_once): the batch size changes the metrics, not the run
    res: SimulationResult = simulate_once(Table(_DET_PARTS, wcu=_DET_WCU), demand, seconds, keys=keys)
    metrics = cloudwatch(res, batch_size=batch_size, top_k=5, seed=seed)
    return {"res": res, "metrics": metrics, "hot_peak": hot_peak, "background": background, "batch_size": batch_size}


def _detection_readings(m: Metrics) -> Data:
    """What the chapter and the explorable read off one run's write metrics."""
    kr = m["WriteKeyRangeThroughputThrottleEvents"]
    first = np.flatnonzero(kr > 0)
    consumed = float(m.per_second("ConsumedWriteCapacityUnits")[-1])
    provisioned = float(m["ProvisionedWriteCapacityUnits"][-1])
    return {
        "first_minute": int(first[0]) + 1 if first.size else None,
        "consumed_last": consumed,
        "provisioned": provisioned,
        "consumed_share": consumed / provisioned if provisioned > 0 else 0.0,
        "key_range_total": float(kr.sum()),
        "key_range_last": float(kr[-1]),
        "provisioned_events": float(m["WriteProvisionedThroughputThrottleEvents"].sum()),
        "events_total": float(m["WriteThrottleEvents"].sum()),
        "events_last": float(m["WriteThrottleEvents"][-1]),
        "throttled_requests_total": float(m["ThrottledRequests"].sum()),
    }


def _detection_compute(hot_peak: float, batch_size: int, background: float) -> Data:
    data = detection_case(hot_peak, background, int(batch_size))
    m: Metrics = data["metrics"]
    last_top = m.top[-1] if m.top else None
    data.update(
        _detection_readings(m),
        top_key=last_top.throttled[0][0] if last_top and last_top.throttled else None,
        top_share=last_top.throttled_share(1) if last_top else 0.0,
    )
    return data


def _detection_events_ymax(data: Data) -> float:
    """The throttle panel's top, events a minute: the most a partition can refuse at the controls' largest rate."""
    return 1.1 * 60 * (3_000 - PARTITION_MAX_WCU + data["background"] / _DET_PARTS)


def _detection_plot(fig: Figure, data: Data) -> None:
    ax1, ax2 = fig.axes
    fixed_layout(fig, left=0.075, right=0.99, bottom=0.14, top=0.9, wspace=0.22)
    m = data["metrics"]
    plot_consumed(ax1, m, title="What the table dashboard shows", ymax=1.15 * _DET_WCU)
    plot_event_metrics(ax2, m, title="Throttle metrics", ymax=_detection_events_ymax(data), indexes=False)


def _detection_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_detection_plot`'s figure for new data: every line's y values, the throttle panel's top and the
    ThrottledRequests legend label (it names the batch size); titles, x ranges and the left panel's top are fixed."""
    ax1, ax2 = fig.axes
    m: Metrics = data["metrics"]
    consumed, provisioned = ax1.lines
    consumed.set_ydata(m.per_second("ConsumedWriteCapacityUnits"))
    provisioned.set_ydata(m.table["ProvisionedWriteCapacityUnits"])
    events, key_range, provisioned_events, requests = ax2.lines
    events.set_ydata(m["WriteThrottleEvents"])
    key_range.set_ydata(m["WriteKeyRangeThroughputThrottleEvents"])
    provisioned_events.set_ydata(m["WriteProvisionedThroughputThrottleEvents"])
    requests.set_ydata(m["ThrottledRequests"])
    label = _throttled_requests_label(m.batch_size)
    relabel(ax2, requests, label)
    ax2.set_ylim(0, _detection_events_ymax(data))


def _throttled_requests_label(batch_size: int) -> str:
    """The legend of ThrottledRequests: the table's dimension (what a request counts), and what one request holds."""
    what = "single-item writes" if batch_size == 1 else f"batches of {batch_size}"
    return f"ThrottledRequests, table ({what})"


def _detection_caption(data: Data) -> str:
    when = "never" if data["first_minute"] is None else f"from minute {data['first_minute']}"
    if not data["top_key"]:
        top = "The model's throttled-keys list is empty."
    elif data["batch_size"] == 1:  # every refusal is an error, which is what AWS's most-throttled graph counts
        top = (
            f"Contributor Insights names {data['top_key']} as the most-throttled key ({data['top_share']:.0%} of the "
            "last minute's throttled units)."
        )
    else:  # partly refused batches return UnprocessedItems, not errors: unpublished whether the list shows them
        top = (
            f"The model's throttled list names {data['top_key']} ({data['top_share']:.0%} of the last minute's refused "
            "units); AWS's most-throttled graph counts errors, which partly refused batches do not return, so the "
            "most-accessed list is the one sure to name it."
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
        update=_detection_update,
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
    return _hot_key_batches(detection_case(hot_peak, background, batch_size))


def _hot_key_batches(case: Data) -> dict[str, float]:
    res: SimulationResult = case["res"]
    part = int(partition_of([res.keys[-1]], res.table.partitions)[0])
    offered, refused = res.offered[:, part], res.throttled[:, part]
    q = np.divide(refused, offered, out=np.zeros(res.seconds), where=offered > 0)
    hot_items = np.linspace(0.0, case["hot_peak"], res.seconds)  # the date key's writes per second (detection_case)
    expected = float(np.sum(batch_throttled_requests(hot_items, q, case["batch_size"])))
    return {"partition": part, "q_max": float(q.max()), "expected_requests": expected}


def expected_count_text(x: float, digits: int = 1) -> str:
    """A small (or large) number as text in a power of ten, to ``digits`` significant figures: ``3 × 10⁻¹⁰``.

    Prose and tables write such numbers this way rather than as ``3e-10`` (an expected count, a break-even ratio).
    No-break spaces (U+00A0) join the mantissa, ``×`` and the power, so that a narrow column never breaks the
    number over two lines.

    Parameters
    ----------
    x : float
        The number, finite and ``>= 0``.
    digits : int
        Significant figures of the mantissa, in ``[1, 17]`` (1: ``3 × 10⁻¹⁰``; 2: ``2.8 × 10⁻⁴``).

    Returns
    -------
    str
        The mantissa, then ``× 10`` and the exponent in superscript digits, joined by no-break spaces.

    Examples
    --------
    >>> expected_count_text(3.2e-10), expected_count_text(2.7778e-4, digits=2)
    ('3\\xa0×\\xa010⁻¹⁰', '2.8\\xa0×\\xa010⁻⁴')
    >>> expected_count_text(1_500.0).replace("\\xa0", " ")  # the no-break spaces shown as spaces
    '2 × 10³'
    >>> expected_count_text(-1.0)
    Traceback (most recent call last):
    ...
    ValueError: x = -1.0 is out of range: must be in [0, 1.79769e+308]
    """
    x = check_number("x", x, low=0, high=_FINITE)
    digits = check_integer("digits", digits, low=1, high=17)
    mantissa, exponent = f"{x:.{digits - 1}e}".split("e")
    return f"{mantissa}{_NO_BREAK}×{_NO_BREAK}10" + str(int(exponent)).translate(_SUPERSCRIPT)


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")
_NO_BREAK = "\u00a0"  # a no-break space: the number stays on one line


def detection_numbers(
    hot_peak: float = 2_000.0, background: float = 2_000.0, batch_size: int = BATCH_WRITE_MAX_ITEMS, seed: int = 0
) -> Data:
    """Chapter 13's hot-key scenario (:func:`detection_case`), read as the chapter reads it.

    Besides the one-minute readings, it reads the scenario three more ways: as one item per request
    (``ThrottledRequests`` then counts every refused item), as the expected count of the batched requests
    (:func:`hotpart.cloudwatch` with ``seed=None``), and as batches drawn only from the date key's events
    (:func:`hot_key_batches`). It also finds the date key's partition, the user keys' load that shares it, and the
    final rate below which the date key's partition stays under its ceiling (``quiet_peak``), and runs the scenario at
    that rate.

    Parameters
    ----------
    hot_peak : float
        The date key's write rate in the last second, WCU/s, in ``[0, 10**6]``.
    background : float
        The 200 user keys' writes together, WCU/s, in ``[0, 10**6]``.
    batch_size : int
        Items per ``BatchWriteItem`` request, in ``[1, 25]``.
    seed : int
        Seed of the ``ThrottledRequests`` draw, a whole number from 0 to 2**64 - 1.

    Returns
    -------
    dict
        The inputs; ``minutes``, ``users``, ``partitions``, ``hot_key``; from the metrics (counts over the run
        unless ``_last``, the last minute): ``first_minute`` (first minute with key-range events, 1-based, or
        ``None``), ``consumed_last`` (WCU/s), ``provisioned`` (WCU/s), ``consumed_share``, ``key_range_total``,
        ``key_range_last``, ``provisioned_events``, ``events_total``, ``events_last``,
        ``throttled_requests_total`` (drawn), ``throttled_requests_expected``, ``throttled_requests_single``
        (batches of one), ``batches`` (requests sent); ``hot_partition``, ``hot_offered`` (its offered WCU/s in the
        last second), ``hot_background`` (the user keys' part of that, WCU/s), ``quiet_peak`` (the ceiling less
        ``hot_background``, at least 0, WCU/s), ``quiet_events`` (throttle events at ``hot_peak = quiet_peak``);
        ``q_hot_max`` and ``hot_batches_expected`` (:func:`hot_key_batches`).

    Examples
    --------
    >>> d = detection_numbers()
    >>> d["first_minute"], f"{d['consumed_share']:.0%}", d["quiet_events"]
    (7, '47%', 0.0)
    """
    case = detection_case(hot_peak, background, batch_size, seed=check_seed("seed", seed))
    res: SimulationResult = case["res"]
    m: Metrics = case["metrics"]
    own = _hot_key_batches(case)
    part = int(own["partition"])
    hot_offered = float(res.offered[-1, part])
    hot_background = max(0.0, hot_offered - case["hot_peak"])
    quiet_peak = max(0.0, PARTITION_MAX_WCU - hot_background)
    quiet = detection_case(quiet_peak, case["background"], case["batch_size"], seed=seed)["metrics"]
    return {
        "hot_peak": case["hot_peak"],
        "background": case["background"],
        "batch_size": case["batch_size"],
        "minutes": m.minutes,
        "users": len(res.keys) - 1,
        "partitions": res.table.partitions,
        "hot_key": res.keys[-1],
        **_detection_readings(m),
        "throttled_requests_expected": float(cloudwatch(res, batch_size=case["batch_size"])["ThrottledRequests"].sum()),
        "throttled_requests_single": float(cloudwatch(res, batch_size=1)["ThrottledRequests"].sum()),
        "batches": float(m.requests.sum()),
        "hot_partition": part,
        "hot_offered": hot_offered,
        "hot_background": hot_background,
        "quiet_peak": quiet_peak,
        "quiet_events": float(quiet["WriteThrottleEvents"].sum()),
        "q_hot_max": own["q_max"],
        "hot_batches_expected": own["expected_requests"],
    }


def insights_numbers(
    hot_peak: float = 2_000.0, background: float = 2_000.0, batch_size: int = BATCH_WRITE_MAX_ITEMS, k: int = 5
) -> Data:
    """Chapter 13: Contributor Insights on the hot-key scenario, in both of its modes.

    The last minute's lists of :func:`hotpart.top_keys` (mode ``ACCESSED_AND_THROTTLED_KEYS``) on
    :func:`detection_case`, and, in mode ``THROTTLED_KEYS``, which minutes list no key.

    Parameters
    ----------
    hot_peak : float
        The date key's write rate in the last second, WCU/s, in ``[0, 10**6]``.
    background : float
        The 200 user keys' writes together, WCU/s, in ``[0, 10**6]``.
    batch_size : int
        Items per ``BatchWriteItem`` request, in ``[1, 25]``.
    k : int
        Keys in each list, in ``[2, 100]``.

    Returns
    -------
    dict
        ``minute`` (the last, 1-based); ``key`` (most throttled, or ``None``) and ``throttled_share`` (its share of
        the refused units); ``hot_key``, ``hot_units`` (most accessed, units in the minute) and ``accessed_share``
        (its share of all units); ``second_key`` and ``second_units`` (the next most accessed); a key missing from
        the list (fewer keys written) is ``None``, with 0 units; ``quiet_minutes``
        (minutes the throttled-keys mode lists nothing) and ``first_listed`` (first minute it lists a key, 1-based,
        or ``None``).

    Examples
    --------
    >>> ci = insights_numbers()
    >>> ci["key"], ci["quiet_minutes"], ci["first_listed"]
    ('EVENTS#2026-11-30', 6, 7)
    """
    k = check_integer("k", k, low=2, high=100)
    res: SimulationResult = detection_case(hot_peak, background, batch_size)["res"]
    top = top_keys(res, k)[-1]
    throttled_only = top_keys(res, k, mode="THROTTLED_KEYS")
    listed = [t.minute + 1 for t in throttled_only if t.throttled]
    (hot_key, hot_units), (second_key, second_units) = (*top.accessed, (None, 0.0), (None, 0.0))[:2]
    return {
        "minute": top.minute + 1,
        "key": top.throttled[0][0] if top.throttled else None,
        "throttled_share": top.throttled_share(1),
        "hot_key": hot_key,
        "hot_units": hot_units,
        "accessed_share": hot_units / top.total_accessed if top.total_accessed > 0 else 0.0,
        "second_key": second_key,
        "second_units": second_units,
        "quiet_minutes": len(throttled_only) - len(listed),
        "first_listed": listed[0] if listed else None,
    }


def index_insights_numbers(result: IndexedResult, index: str = "by-status", k: int = 3) -> Data:
    """Chapter 13: Contributor Insights on a table and on one of its indexes, in the last minute.

    The chapter feeds it chapter 12's ``"GSI-only throttling"`` scenario (``hp.scenario(...).result``). AWS's
    most-throttled report does not measure write throttling an index's write capacity causes, and points to the
    index's most-accessed report instead (``hp.SOURCES["CI_INDEX_WRITE_THROTTLING_NOT_MEASURED"]``): the table's
    report (:func:`hotpart.top_keys` on the result) lists none of the writes the index refused, and the index's
    most-accessed list names the hot value.

    Parameters
    ----------
    result : IndexedResult
        A simulation with indexes (:func:`hotpart.simulate_with_indexes`, or a scenario's ``result``).
    index : str
        One of the result's indexes.
    k : int
        Keys in each list, in ``[1, 100]``.

    Returns
    -------
    dict
        The index's most-accessed list as :func:`hotpart.top_keys` ranks it, by units *offered* (refused ones
        included): ``index_key`` (its first key, or ``None`` when idle), ``index_units`` (that key's write units
        offered in the minute), ``index_rate`` (the same per second, WCU/s), ``index_share`` (its share of the
        units offered to the index) and ``partition_max`` (a partition's ceiling, WCU/s, for comparison).
        What AWS's most-accessed graph plots instead, units *consumed* (a key never consumes more than its
        partition serves, ``hp.SOURCES["CI_MOST_ACCESSED_PER_ITEM_MAXIMUM"]``): ``consumed_key`` (the key that
        consumed most, or ``None`` when idle), ``consumed_units`` (its write units consumed in the minute),
        ``consumed_rate`` (per second, WCU/s), ``consumed_share`` (its share of the index's consumed write units),
        ``consumed_ctu`` (its ``ConsumedThroughputUnits`` in the minute, 3 x write units) and ``ceiling_ctu``
        (the same for a key held at ``partition_max`` the whole minute: 180,000 for 60 s), ``consumed_at_ceiling``
        (whether ``consumed_rate`` is ``partition_max``, to a relative 1e-9: float sums aside). The index's own
        metric: ``index_key_range_events`` (its ``WriteKeyRangeThroughputThrottleEvents`` in the minute).
        The table's report: ``table_listed`` (keys in its most-throttled list: the index's back-pressure is not
        among them), ``table_top_share`` (its most-accessed key's share of the table's write units). What that
        report leaves out: ``backpressure_units`` (base-table write units refused because of ``index`` in the
        minute), ``table_keys_refused`` (table keys that lost writes to it) and ``table_keys`` (all the table's
        keys).

    Examples
    --------
    >>> g = index_insights_numbers(scenario("GSI-only throttling").result, "by-status")
    >>> g["index_key"], g["table_listed"], g["table_keys_refused"] < g["table_keys"]
    ('OPEN', 0, True)
    >>> g["consumed_key"], round(g["index_rate"]), round(g["consumed_rate"]), g["consumed_at_ceiling"]
    ('OPEN', 1440, 1000, True)
    """
    if not isinstance(result, IndexedResult):
        raise ValueError(f"result = {result!r:.60} is not allowed: must be an IndexedResult (a simulation with indexes)")
    k = check_integer("k", k, low=1, high=100)
    if index not in result.indexes:
        raise ValueError(f"index = {index!r} is not an index of the result: must be one of {sorted(result.indexes)}")
    index_top = top_keys(result.indexes[index], k)[-1]
    table_top = top_keys(result, k)[-1]
    key, units = index_top.accessed[0] if index_top.accessed else (None, 0.0)
    table = result.table
    assert table.key_offered is not None and table.key_throttled is not None  # top_keys checked
    own = result.own.key_throttled[-1] if result.own.key_throttled is not None else 0.0
    seconds = table.seconds - 60 * (table.key_offered.shape[0] - 1)  # the last minute's length, seconds
    idx = result.indexes[index]
    assert idx.key_offered is not None and idx.key_throttled is not None  # top_keys checked
    served = np.maximum(idx.key_offered[-1] - idx.key_throttled[-1], 0.0)  # each key's write units consumed
    served_total = math.fsum(served.tolist())
    first = int(np.argmax(served))  # the first of equals, as top_keys' stable sort
    served_units = float(served[first]) if served_total > 0 else 0.0
    index_metrics = cloudwatch(result).index(index)
    return {
        "index_key": key,
        "index_units": units,
        "index_rate": units / seconds,
        "index_share": units / index_top.total_accessed if index_top.total_accessed > 0 else 0.0,
        "partition_max": float(PARTITION_MAX_WCU),
        "consumed_key": idx.keys[first] if served_total > 0 else None,
        "consumed_units": served_units,
        "consumed_rate": served_units / seconds,
        "consumed_share": served_units / served_total if served_total > 0 else 0.0,
        "consumed_ctu": _CTU_WRITE_WEIGHT * served_units,
        "ceiling_ctu": _CTU_WRITE_WEIGHT * PARTITION_MAX_WCU * seconds,
        "consumed_at_ceiling": abs(served_units / seconds - PARTITION_MAX_WCU) <= 1e-9 * PARTITION_MAX_WCU,
        "index_key_range_events": float(index_metrics["WriteKeyRangeThroughputThrottleEvents"][-1]),
        "table_listed": len(table_top.throttled),
        "table_top_share": table_top.accessed[0][1] / table_top.total_accessed if table_top.total_accessed > 0 else 0.0,
        "backpressure_units": float(result.backpressure[index][-seconds:].sum()),
        # keys whose refusals exceed the base partitions' own (their share of the back-pressure), rounding aside
        "table_keys_refused": int(np.count_nonzero(table.key_throttled[-1] > own + 1e-9 * table.key_offered[-1])),
        "table_keys": len(table.keys),
    }


def throttle_metric_claims(q: float = 0.5) -> Data:
    """Chapter 13's claims table: the throttle metrics of chapter 15's under-provisioned table and chapter 12's
    index case, and how often a pair of items is refused together.

    Parameters
    ----------
    q : float
        The share of items refused, each independently, in ``[0, 1]``.

    Returns
    -------
    dict
        ``under_provisioned_events`` and ``under_key_range_events`` (the ``"under-provisioned table"`` scenario's
        write throttle events by cause, over its run, which starts with no burst banked, :class:`hotpart.Provisioned`'s
        default), ``under_description`` and ``under_minutes`` (its set-up and length); the same run on a table idle
        for :data:`hotpart.BURST_WINDOW_S` seconds before it (a full bank): ``under_bank_s`` (those seconds),
        ``under_bank_units`` (the units each partition banks, its share times those seconds),
        ``under_banked_events`` (its provisioned-throughput events) and ``under_banked_first_minute`` (the first
        minute with any, 1-based, or ``None``), ``under_part_low`` and ``under_part_high`` (the least and the most
        a partition is offered on average, WCU/s: the course's hash spreads the keys unevenly) and
        ``under_even_bank_s`` (how long a full bank would last on evenly loaded partitions, seconds); ``q`` and
        ``pair_refused`` (the expected throttled requests per batch of two items, :math:`q^2`); ``gsi_index_events``,
        ``gsi_table_events``,
        ``gsi_throttled_requests`` and ``gsi_minutes`` (the ``"GSI-only throttling"`` scenario).

    Examples
    --------
    >>> c = throttle_metric_claims()
    >>> c["under_key_range_events"], c["pair_refused"]
    (0.0, 0.25)
    >>> c["under_provisioned_events"], c["under_bank_units"], c["under_banked_events"], c["under_banked_first_minute"]
    (600000.0, 150000.0, 36000.0, 9)
    >>> round(c["under_part_low"]), round(c["under_part_high"]), round(c["under_even_bank_s"])
    (711, 804, 600)
    """
    q = check_number("q", q, low=0, high=1)
    case = scenario("under-provisioned table")
    under = case.metrics
    gsi = scenario("GSI-only throttling").metrics
    res = case.result
    assert isinstance(res, SimulationResult)  # the scenario has no index
    idle_before = Provisioned(initial_burst_s=BURST_WINDOW_S)  # a full bank on every partition at the start
    idle_metrics = cloudwatch(simulate_once(res.table, res.offered, res.seconds, mode=idle_before))
    banked = idle_metrics["WriteProvisionedThroughputThrottleEvents"]
    firing = np.flatnonzero(banked)
    return {
        "under_description": case.description,
        "under_minutes": under.minutes,
        "under_provisioned_events": float(under["WriteProvisionedThroughputThrottleEvents"].sum()),
        "under_key_range_events": float(under["WriteKeyRangeThroughputThrottleEvents"].sum()),
        "under_bank_s": BURST_WINDOW_S,
        "under_bank_units": BURST_WINDOW_S * res.table.wcu / res.table.partitions,
        "under_banked_events": float(banked.sum()),
        "under_banked_first_minute": int(firing[0]) + 1 if firing.size else None,
        "under_part_low": float(res.offered.mean(axis=0).min()),
        "under_part_high": float(res.offered.mean(axis=0).max()),
        # the bank over the even shortfall: each partition offered the table's mean share, served its provisioned one
        "under_even_bank_s": BURST_WINDOW_S
        * (res.table.wcu / res.table.partitions)
        / (float(res.offered.mean(axis=0).mean()) - res.table.wcu / res.table.partitions),
        "q": q,
        "pair_refused": float(batch_throttled_requests(2, q, 2)),
        "gsi_index_events": float(gsi.index("by-status")["WriteThrottleEvents"].sum()),
        "gsi_table_events": float(gsi["WriteThrottleEvents"].sum()),
        "gsi_throttled_requests": float(gsi["ThrottledRequests"].sum()),
        "gsi_minutes": gsi.minutes,
    }


#: The longest run :func:`last_minute_metrics` simulates, seconds (an hour).
_LAST_MINUTE_MAX_S = 3_600


def last_minute_metrics(
    loads: Any, wcu: float, seconds: int = 120, batch_size: int = BATCH_WRITE_MAX_ITEMS, seed: int = 0
) -> Data:
    """Chapter 13's exercise 1: steady loads on a provisioned table, read off the last one-minute data point.

    Parameters
    ----------
    loads : array_like
        Write demand on each partition, WCU/s, each in ``[0, 10**6]``; one to 1,000 partitions.
    wcu : float
        The table's provisioned write capacity, WCU/s, in ``(0, 10**9]``.
    seconds : int
        Length of the run, in ``[60, 3,600]``.
    batch_size : int
        Items per ``BatchWriteItem`` request in the batched reading, in ``[1, 25]``.
    seed : int
        Seed of the batched ``ThrottledRequests`` draw, a whole number from 0 to 2**64 - 1.

    Returns
    -------
    dict
        For the last minute: ``consumed`` (WCU/s), ``key_range`` and ``provisioned_events`` (write throttle events
        by cause), ``throttled_requests`` (one item per request), ``throttled_requests_batched`` (batches of
        ``batch_size``, drawn) and ``throttled_requests_batched_expected``.

    Examples
    --------
    >>> e = last_minute_metrics([1_500, 100, 100, 100], 4_000)
    >>> e["consumed"], e["key_range"], e["throttled_requests"]
    (1300.0, 30000.0, 30000.0)
    """
    demand = check_array("loads", loads, low=0, high=_DET_MAX_WCU)
    if demand.ndim != 1 or not 1 <= demand.size <= 1_000:
        raise ValueError(f"loads has shape {demand.shape}: must be one rate per partition, 1 to 1,000 partitions")
    wcu = check_number("wcu", wcu, low=0, high=1e9, low_open=True)
    seconds = check_integer("seconds", seconds, low=60, high=_LAST_MINUTE_MAX_S)
    batch_size = check_integer("batch_size", batch_size, low=1, high=BATCH_WRITE_MAX_ITEMS)
    seed = check_seed("seed", seed)
    res = simulate(Table(demand.size, wcu=wcu), demand, seconds)
    single = cloudwatch(res)
    return {
        "consumed": float(single.per_second("ConsumedWriteCapacityUnits")[-1]),
        "key_range": float(single["WriteKeyRangeThroughputThrottleEvents"][-1]),
        "provisioned_events": float(single["WriteProvisionedThroughputThrottleEvents"][-1]),
        "throttled_requests": float(single["ThrottledRequests"][-1]),
        "throttled_requests_batched": float(cloudwatch(res, batch_size=batch_size, seed=seed)["ThrottledRequests"][-1]),
        "throttled_requests_batched_expected": float(cloudwatch(res, batch_size=batch_size)["ThrottledRequests"][-1]),
    }
