"""Chapter 14's figures: a retry storm on one hot partition, and the four jitter strategies compared.

Models: :mod:`hotpart.models.retries`. Notebook: ``notebooks/14_retries.ipynb``
(explorable ``retry_storm``; static figures :func:`plot_attempts` and
:func:`plot_jitter_comparison`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, log_axis, new_figure
from ..models import (
    JITTERS,
    PARTITION_MAX_WCU,
    SDK_STANDARD_MAX_BACKOFF_S,
    Backoff,
    JitterComparison,
    RetryResult,
    simulate_retries,
)
from ..models._validation import MAX_ELEMENTS, check_array, check_integer, check_number

__all__ = [
    "STORM_BASELINE",
    "STORM_BIN_S",
    "STORM_HERD_AT_S",
    "STORM_MAX_BASELINE",
    "STORM_MAX_SECONDS",
    "STORM_SECONDS",
    "plot_attempts",
    "plot_jitter_comparison",
    "storm_demand",
]

_JITTER_COLORS = {"none": COLORS["refused"], "full": COLORS["served"], "equal": COLORS["accent"], "decorrelated": "#9467BD"}

#: The storm's steady demand on the hot partition, new requests per second.
STORM_BASELINE = 400
#: Seconds of steady demand in the storm.
STORM_SECONDS = 8
#: When the storm's herd (the spike) arrives, all at once, seconds.
STORM_HERD_AT_S = 2.0
_STORM_START_S = 1.0
_STORM_WINDOW_S = 10.0
#: Width of the storm figure's bins, seconds.
STORM_BIN_S = 0.02
_STORM_YLIM = (0.5, 3e4)  # attempts per 20 ms, fixed: the busiest bin at any control setting stays below
_STORM_SPIKE_MAX = 3000
_STORM_SEED = 14
_MAX_BIN_S = 86_400.0  # a bin of a day at most, as RetryResult.per_bin allows
_MAX_AXIS_S = 1e9  # ends of the time axis, seconds: about 32 years, far past any simulation's last attempt
_MAX_YLIM = 1e300  # finite y limits for the log axis


#: Longest storm :func:`storm_demand` builds, seconds (a day).
STORM_MAX_SECONDS = 86_400
#: Highest steady demand :func:`storm_demand` builds, new requests per second (a thousand partitions' ceilings).
STORM_MAX_BASELINE = 1_000_000


def storm_demand(baseline: int = STORM_BASELINE, seconds: int = STORM_SECONDS) -> np.ndarray:
    """New requests per second for the storm's steady part: ``baseline`` in each of ``seconds`` seconds.

    Parameters
    ----------
    baseline : int
        New requests per second, a whole number from 0 to :data:`STORM_MAX_BASELINE`.
    seconds : int
        Seconds of demand, 1 to :data:`STORM_MAX_SECONDS`.

    Examples
    --------
    >>> storm_demand(10, 3).tolist()
    [10.0, 10.0, 10.0]
    >>> storm_demand(-1)
    Traceback (most recent call last):
    ...
    ValueError: baseline = -1 is out of range: must be in [0, 1e+06]
    """
    baseline = check_integer("baseline", baseline, low=0, high=STORM_MAX_BASELINE)
    seconds = check_integer("seconds", seconds, low=1, high=STORM_MAX_SECONDS)
    return np.full(seconds, float(baseline))


def plot_attempts(
    ax: Axes,
    result: RetryResult,
    *,
    title: str,
    bin_s: float = 0.1,
    start_s: float = 0.0,
    until_s: float | None = None,
    ylim: tuple[float, float] | None = None,
    loc: str = "upper right",
) -> None:
    """Attempts per bin over time on a log scale: served, throttled, and the new requests among them.

    Where the dotted line of new requests lies below the served and throttled
    attempts, the difference is retries. The black line is what the partition
    admits per bin at its rate.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    result : RetryResult
        What :func:`hotpart.simulate_retries` returned.
    title : str
        The axes title.
    bin_s : float
        Bin width, seconds, in (0, 86400] (see :meth:`hotpart.RetryResult.per_bin`).
    start_s : float
        Left end of the time axis, seconds (>= 0, below the right end).
    until_s : float, optional
        Right end of the time axis, seconds (above ``start_s``, at most 1e9 s and 10,000,000 bins from 0); the last
        attempt (or one bin, if later) if omitted.
    ylim : (float, float), optional
        The y limits (attempts per bin), two finite numbers with ``0 < low < high`` (the axis is logarithmic);
        fitted if omitted.
    loc : str
        Legend position.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> from hotpart.models.retries import Backoff, simulate_retries
    >>> res = simulate_retries(Backoff(4, 0.05, 1.0, "full"), [1500, 500], 1000.0, seed=1)
    >>> fig, (ax,) = new_figure()
    >>> plot_attempts(ax, res, title="a spike, retried", bin_s=0.1, until_s=3.0, ylim=(0.5, 1000.0))
    >>> [float(x) for x in ax.get_xlim()]
    [0.0, 3.0]
    """
    if not isinstance(result, RetryResult):
        raise ValueError(f"result = {result!r} is not allowed: must be a hotpart.RetryResult (from simulate_retries)")
    bin_s = check_number("bin_s", bin_s, low=0, high=_MAX_BIN_S, low_open=True)
    start_s = check_number("start_s", start_s, low=0, high=_MAX_AXIS_S)
    if until_s is None:
        end = max(result.completion_s, bin_s)
        if start_s >= end:
            raise ValueError(
                f"start_s = {start_s!r} is out of range: must be below the right end, {end:g} s (the last attempt; "
                "pass until_s for a later one)"
            )
    else:
        end = check_number("until_s", until_s, low=0, high=_MAX_AXIS_S)
        if end <= start_s:
            raise ValueError(f"until_s = {until_s!r} is not above start_s = {start_s!r}: must be until_s > start_s")
    if end / bin_s > MAX_ELEMENTS:
        raise ValueError(
            f"bin_s = {bin_s:g} over until_s = {end:g} s makes {end / bin_s:.3g} bins: must make at most "
            f"{MAX_ELEMENTS:,} (until_s / bin_s)"
        )
    if ylim is not None:
        limits = check_array("ylim", ylim, low=0, high=_MAX_YLIM, low_open=True)
        if limits.shape != (2,) or not limits[0] < limits[1]:
            raise ValueError(f"ylim = {ylim!r} is not allowed: must be two limits (low, high) with 0 < low < high")
        ylim = (float(limits[0]), float(limits[1]))
    bins = result.per_bin(bin_s, until_s=end)
    x = np.append(bins["start"], bins["start"][-1] + bin_s)

    def ext(a: np.ndarray) -> np.ndarray:
        return np.append(a, a[-1]).astype(float)

    floor = 0.5
    throttled, served, new = ext(bins["throttled"]), ext(bins["served"]), ext(bins["new"])
    ax.fill_between(
        x, floor, np.maximum(throttled, floor), step="post", color=COLORS["refused"], alpha=0.55, lw=0, label="throttled attempts"
    )
    ax.step(x, np.maximum(served, floor), where="post", color=COLORS["served"], lw=1.3, label="served attempts")
    ax.step(
        x,
        np.maximum(new, floor),
        where="post",
        color=COLORS["ceiling"],
        ls=":",
        lw=1.1,
        label="first attempts (the rest are retries)",
    )
    ax.axhline(result.capacity * bin_s, color=COLORS["ceiling"], lw=1.0, label=f"partition rate ({result.capacity:,.0f}/s)")
    ax.set_xlim(start_s, end)
    top = 2.0 * max(float(bins["offered"].max()), result.capacity * bin_s, 1.0)
    ax.set_ylim(*(ylim if ylim is not None else (floor, top)))
    log_axis(ax, "y")
    finish_axes(ax, title, "time (s)", f"attempts per {bin_s * 1000:g} ms", loc=loc)


# ---------------------------------------------------------------------------------------------
# retry_storm: a short spike, retried
# ---------------------------------------------------------------------------------------------


def _storm_run(jitter: str, attempts: int, base_ms: float, spike: int) -> RetryResult:
    policy = Backoff(attempts, base_ms / 1000.0, SDK_STANDARD_MAX_BACKOFF_S, jitter)
    herd = np.full(spike, STORM_HERD_AT_S) if spike else None  # simulate_retries refuses an empty herd
    return simulate_retries(policy, storm_demand(), PARTITION_MAX_WCU, seed=_STORM_SEED, herd_s=herd)


def _storm_compute(jitter: int, attempts: int, base_ms: float, spike: int) -> Data:
    res = _storm_run(JITTERS[int(jitter)], int(attempts), float(base_ms), int(spike))
    return {"res": res, "policy": res.policy, "spike": int(spike)}


def _storm_plot(fig: Figure, data: Data) -> None:
    fixed_layout(fig, left=0.085, bottom=0.13, top=0.91)
    res: RetryResult = data["res"]
    plot_attempts(
        fig.axes[0],
        res,
        title=_storm_title(data["policy"], data["spike"]),
        bin_s=STORM_BIN_S,
        until_s=_STORM_WINDOW_S,
        start_s=_STORM_START_S,
        ylim=_STORM_YLIM,
    )


def _storm_title(policy: Backoff, spike: int) -> str:
    jitter = "no jitter" if policy.jitter == "none" else f"{policy.jitter} jitter"
    return (
        f"{spike:,} requests at once on top of {STORM_BASELINE}/s: {policy.attempts} attempts, "
        f"base {policy.base_s * 1000:g} ms, {jitter}"
    )


def _storm_caption(data: Data) -> str:
    res: RetryResult = data["res"]
    later = (
        f" The last request finished at {res.completion_s:,.1f} s, beyond the {_STORM_WINDOW_S:g} s shown."
        if res.completion_s > _STORM_WINDOW_S
        else ""
    )
    return (
        f"{res.requests:,} requests made {res.calls:,} calls ({res.extra_calls:,} retries); "
        f"{res.throttle_events:,} were throttled (what WriteThrottleEvents counts). "
        f"{res.success_rate:.1%} of requests succeeded, {res.gave_up:,} gave up; latency of successful requests: "
        f"median {res.latency_s(50):.2f} s, p99 {res.latency_s(99):.2f} s.{later}"
    )


retry_storm = register(
    Explorable(
        name="retry_storm",
        title="Retrying a short spike on one hot partition",
        controls=(
            Control("jitter", "jitter: 0 none, 1 full, 2 equal, 3 decorrelated", 0, 3, 1, step=1, integer=True),
            Control("attempts", "most attempts per request", 1, 10, 6, step=1, integer=True),
            Control("base_ms", "base delay", 10, 1000, 100, step=10, unit="ms"),
            Control(
                "spike",
                f"herd arriving at once at {STORM_HERD_AT_S:g} s",
                0,
                _STORM_SPIKE_MAX,
                2000,
                step=250,
                unit="requests",
                integer=True,
            ),
        ),
        compute=_storm_compute,
        plot=_storm_plot,
        caption=_storm_caption,
        try_this=(
            "with no jitter (0), watch the red spike come back as echoes at base, 3 x base, 7 x base; switch to "
            "full jitter (1) and the echoes smear into a plateau at the partition's rate. Then raise the attempts: "
            "success climbs towards 100% while the throttled count keeps growing."
        ),
        static=("jitter", "spike"),
    )
)


# ---------------------------------------------------------------------------------------------
# the four strategies compared
# ---------------------------------------------------------------------------------------------


def plot_jitter_comparison(comparisons: Sequence[JitterComparison]) -> Figure:
    """Total calls and time to completion of the four strategies, against the size of the herd.

    Parameters
    ----------
    comparisons : sequence of JitterComparison
        One :func:`hotpart.herd_comparison` per herd size, in increasing size.

    Returns
    -------
    Figure
        Two panels: total calls per request, and the time the last client finished (log scale).
    """
    clients = np.array([c.clients for c in comparisons])
    fig, (left, right) = new_figure(ncols=2)
    for j in JITTERS:
        color = _JITTER_COLORS[j]
        label = "no jitter" if j == "none" else f"{j} jitter"
        left.plot(clients, [c.calls[j] / c.clients for c in comparisons], "o-", color=color, label=label)
        right.plot(clients, [c.completion_s[j] for c in comparisons], "o-", color=color, label=label)
    capacity = comparisons[0].capacity
    right.plot(clients, clients / capacity, color=COLORS["share"], ls="--", label="clients / rate")
    left.set_ylim(bottom=0)
    log_axis(right, "y")
    finish_axes(left, "Work: calls per client", "clients in the herd", "calls per client", loc="upper left")
    finish_axes(right, "Time until the last client succeeds", "clients in the herd", "time (s)", loc="lower right")
    return fig
