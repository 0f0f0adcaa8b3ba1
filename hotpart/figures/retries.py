"""Chapter 14's figures: a retry storm on one hot partition, and the four jitter strategies compared.

Models: :mod:`hotpart.models.backoff`, :mod:`~hotpart.models.retries`. Notebook: ``notebooks/14_retries.ipynb``
(explorable ``retry_storm``, which updates its figure in place; static figures :func:`plot_attempts` and
:func:`plot_jitter_comparison`; and the chapter's numbers, tables and regime claims as tested functions, from
:func:`sleep_check` to :func:`regime_findings`, checked in ``tests/test_cases_retries.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, log_axis, new_figure, relabel
from ..book.wording import plural
from ..models import (
    BROOKER_2015,
    BURST_WINDOW_S,
    DEFAULT_BURST_S,
    DYNAMODB_JAVA_V1,
    DYNAMODB_JAVA_V1_BASE_S,
    DYNAMODB_JAVA_V1_MAX_BACKOFF_S,
    DYNAMODB_JAVA_V1_THROTTLED,
    JITTERS,
    MAX_SIMULATED_DEMAND,
    PARTITION_MAX_WCU,
    SDK_BOTO3_LEGACY,
    SDK_STANDARD,
    SDK_STANDARD_MAX_BACKOFF_S,
    SDK_STANDARD_PRE_2026,
    SDK_STANDARD_RETRY_QUOTA,
    SDK_STANDARD_THROTTLING_RETRY_COST,
    Backoff,
    JitterComparison,
    JitterRegimes,
    Provisioned,
    RetryResult,
    Table,
    herd_comparison,
    simulate,
    simulate_retries,
)
from ..models._validation import MAX_ELEMENTS, check_array, check_counts, check_integer, check_number

__all__ = [
    "JITTER_NAMES",
    "STORM_BASELINE",
    "STORM_BIN_S",
    "STORM_HERD_AT_S",
    "STORM_MAX_BASELINE",
    "STORM_MAX_SECONDS",
    "STORM_SECONDS",
    "cap_binding_retry",
    "capacity_ahead",
    "capacity_ahead_sweep",
    "herd_sweep",
    "ONE_CLIENT_LABEL",
    "jitter_order_text",
    "lockstep_admitted",
    "lockstep_case",
    "plot_attempts",
    "plot_jitter_comparison",
    "quota_retries",
    "regime_findings",
    "regime_table",
    "retry_spike_case",
    "retry_summary",
    "sleep_budget",
    "sleep_check",
    "sleep_table",
    "spike_demand",
    "spike_policies",
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
    >>> from hotpart.models.backoff import Backoff
    >>> from hotpart.models.retries import simulate_retries
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
    series = _attempt_series(result, bin_s, end)
    x = series["x"]
    ax.fill_between(
        x, _FLOOR, series["throttled"], step="post", color=COLORS["refused"], alpha=0.55, lw=0, label="throttled attempts"
    )
    ax.step(x, series["served"], where="post", color=COLORS["served"], lw=1.3, label="served attempts")
    ax.step(
        x,
        series["new"],
        where="post",
        color=COLORS["ceiling"],
        ls=":",
        lw=1.1,
        label="first attempts (the rest are retries)",
    )
    ax.axhline(series["rate"], color=COLORS["ceiling"], lw=1.0, label=_rate_label(result))
    ax.set_xlim(start_s, end)
    ax.set_ylim(*(ylim if ylim is not None else (_FLOOR, series["top"])))
    log_axis(ax, "y")
    finish_axes(ax, title, "time (s)", f"attempts per {bin_s * 1000:g} ms", loc=loc)


_FLOOR = 0.5  # attempts per bin drawn at least this high, so that an empty bin sits at the log axis' bottom


def _rate_label(result: RetryResult) -> str:
    return f"partition rate ({result.capacity:,.0f}/s)"


def _attempt_series(result: RetryResult, bin_s: float, end: float) -> dict[str, np.ndarray | float]:
    """What :func:`plot_attempts` draws, shared with the explorable's update: bin edges, the three step curves
    (each at least :data:`_FLOOR`, the last bin repeated for ``step="post"``), the rate per bin and the fitted top."""
    bins = result.per_bin(bin_s, until_s=end)

    def ext(a: np.ndarray) -> np.ndarray:
        return np.maximum(np.append(a, a[-1]).astype(float), _FLOOR)

    return {
        "x": np.append(bins["start"], bins["start"][-1] + bin_s),
        "throttled": ext(bins["throttled"]),
        "served": ext(bins["served"]),
        "new": ext(bins["new"]),
        "rate": result.capacity * bin_s,
        "top": 2.0 * max(float(bins["offered"].max()), result.capacity * bin_s, 1.0),
    }


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


def _storm_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_storm_plot`'s figure for new data: the throttled band's, the two step lines' and the rate
    line's data, the rate's legend label and the title; the limits, labels and ticks do not depend on the controls."""
    ax = fig.axes[0]
    res: RetryResult = data["res"]
    series = _attempt_series(res, STORM_BIN_S, _STORM_WINDOW_S)
    ax.collections[0].set_data(series["x"], _FLOOR, series["throttled"])
    served_line, new_line, rate_line = ax.lines
    served_line.set_data(series["x"], series["served"])
    new_line.set_data(series["x"], series["new"])
    rate_line.set_ydata([series["rate"], series["rate"]])
    label = _rate_label(res)
    relabel(ax, rate_line, label)
    ax.set_title(_storm_title(data["policy"], data["spike"]), fontsize=11)


def _storm_title(policy: Backoff, spike: int) -> str:
    jitter = "no jitter" if policy.jitter == "none" else f"{policy.jitter} jitter"
    return (
        f"{spike:,} requests at once on top of {STORM_BASELINE}/s: {plural(policy.attempts, 'attempt')}, "
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
        f"{plural(res.requests, 'request')} made {plural(res.calls, 'call')} ({plural(res.extra_calls, 'retry')}); "
        f"{res.throttle_events:,} were throttled (what WriteThrottleEvents counts). "
        f"{res.success_rate:.1%} of requests succeeded, {res.gave_up:,} gave up; latency of successful requests: "
        f"median {res.latency_s(50):.2f} s, p99 {res.latency_s(99):.2f} s.{later}"
    )


retry_storm = register(
    Explorable(
        name="retry_storm",
        title="Retrying a short spike on one hot partition",
        controls=(
            Control("jitter", "jitter", 0, 3, 1, step=1, integer=True, choices=("none", "full", "equal", "decorrelated")),
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
        update=_storm_update,
        caption=_storm_caption,
        try_this=(
            "with no jitter (none), watch the red spike come back as echoes at base, 3 x base, 7 x base; switch "
            "to full jitter (full) and the echoes smear into a plateau at the partition's rate. Then raise the attempts: "
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
    capacity, bucket = comparisons[0].capacity, comparisons[0].burst_units
    # the bound any herd meets (the prose's): what the full bucket does not admit at once, drained at the rate
    bound = np.maximum(clients - bucket, 0.0) / capacity
    right.plot(clients, bound, color=COLORS["share"], ls="--", label="(clients - bucket) / rate")
    left.set_ylim(bottom=0)
    log_axis(right, "y")
    finish_axes(left, "Work: calls per client", "clients in the herd", "calls per client", loc="upper left")
    finish_axes(right, "Time until the last client succeeds", "clients in the herd", "time (s)", loc="lower right")
    return fig


# ---------------------------------------------------------------------------------------------
# Chapter logic: the numbers chapter 14 computes, as tested functions
# ---------------------------------------------------------------------------------------------


_MAX_SLEEP_S = 3_600.0  # the longest sleep hotpart.Backoff takes, an hour


def sleep_check(attempts: int, base_s: float, cap_s: float, size: int = 20_000, seed: int = 14) -> dict[str, object]:
    """Each jitter strategy's expected sleeps in closed form against a Monte Carlo draw (chapter 14's table).

    For every strategy in :data:`hotpart.JITTERS` and every retry ``n``, draws ``size`` sleeps with
    :meth:`hotpart.Backoff.sample_sleeps` and compares their mean with :meth:`hotpart.Backoff.expected_sleep_s`,
    in standard errors of the mean. Decorrelated jitter has no closed form per retry (its sleep depends on the
    previous one): its rows carry the Monte Carlo mean only.

    Parameters
    ----------
    attempts : int
        Attempts per request, the first included, in ``[2, 50]``.
    base_s : float
        The backoff's base, seconds, in ``(0, 3,600]``.
    cap_s : float
        The backoff's cap, seconds, in ``[base_s, 3,600]`` (as :class:`hotpart.Backoff` allows).
    size : int
        Draws per strategy, in ``[1, 1,000,000]``.
    seed : int
        Random seed, ``>= 0``.

    Returns
    -------
    dict
        ``"rows"``: one tuple ``(jitter, n, closed_s, mean_s, gap)`` per strategy and retry (``closed_s`` and
        ``gap`` are ``None`` for decorrelated jitter; ``gap`` is 0 without jitter, where every draw is exact);
        ``"worst_gap"``: the largest gap, standard errors.

    Examples
    --------
    >>> out = sleep_check(3, 0.05, 1.0, size=2_000)
    >>> jitter, n, closed, mean, gap = out["rows"][2]
    >>> jitter, n, closed, round(mean, 3), out["worst_gap"] < 5
    ('full', 0, 0.025, 0.025, True)
    """
    n_attempts = check_integer("attempts", attempts, low=2, high=50)
    base = check_number("base_s", base_s, low=0, high=_MAX_SLEEP_S, low_open=True)
    cap = check_number("cap_s", cap_s, low=base, high=_MAX_SLEEP_S)
    n = check_integer("size", size, low=1, high=1_000_000)
    rng_seed = check_integer("seed", seed, low=0, high=2**32 - 1)
    rows: list[tuple[str, int, float | None, float, float | None]] = []
    worst = 0.0
    for jitter in JITTERS:
        policy = Backoff(n_attempts, base, cap, jitter)
        sleeps = policy.sample_sleeps(n, seed=rng_seed)
        for k in range(policy.retries):
            mean = float(sleeps[:, k].mean())
            if jitter == "decorrelated":
                rows.append((jitter, k, None, mean, None))
                continue
            closed = float(policy.expected_sleep_s(k))
            se = float(sleeps[:, k].std()) / np.sqrt(n)
            gap = abs(mean - closed) / se if se > 1e-12 * closed else 0.0
            worst = max(worst, gap)
            rows.append((jitter, k, closed, mean, float(gap)))
    return {"rows": rows, "worst_gap": float(worst)}


def spike_demand(base: int, extra: int, seconds: int, at: int) -> np.ndarray:
    """New requests per second on one partition: ``base`` every second, and ``extra`` more in second ``at``.

    Parameters
    ----------
    base : int
        Steady demand, requests per second, in ``[0, 1,000,000]``.
    extra : int
        The spike's extra requests, in ``[0, 1,000,000]``.
    seconds : int
        Seconds of demand, in ``[1, 86,400]``.
    at : int
        The spike's second, in ``[0, seconds - 1]``.

    Returns
    -------
    numpy.ndarray
        Requests per second, integers, shape ``(seconds,)``.

    Examples
    --------
    >>> spike_demand(400, 2_000, 4, 2).tolist()
    [400, 400, 2400, 400]
    """
    b = check_integer("base", base, low=0, high=STORM_MAX_BASELINE)
    x = check_integer("extra", extra, low=0, high=STORM_MAX_BASELINE)
    n = check_integer("seconds", seconds, low=1, high=STORM_MAX_SECONDS)
    t = check_integer("at", at, low=0, high=n - 1)
    out = np.full(n, b, dtype=np.int64)
    out[t] += x
    return out


def lockstep_admitted(policy: Backoff, bucket: float, rate: float) -> dict[str, float]:
    """How many of a herd a token bucket admits when every client retries in lockstep (no jitter).

    All clients arrive at once on an idle bucket holding ``bucket`` units and refilled at ``rate`` units/s.
    Without jitter the throttled ones all retry after the same gaps :math:`v_0, v_1, \\ldots`, so each wave is
    admitted what refilled since the last, at most a full bucket:
    :math:`A = b + \\sum_n \\min(b, \\rho\\, v_n)` (for a herd larger than that).

    Parameters
    ----------
    policy : Backoff
        The retry policy; its jitter is ignored (the lockstep case).
    bucket : float
        Units in the bucket at the herd's arrival, ``>= 0``.
    rate : float
        The bucket's refill rate, units/s, ``> 0``.

    Returns
    -------
    dict
        ``"admitted"`` (requests admitted over all waves), ``"gaps_s"`` (the gaps between waves, seconds, a
        tuple), ``"admits"`` (admitted per retry wave, a tuple) and ``"full_waves"`` (retry waves that find a
        full bucket).

    Examples
    --------
    >>> from hotpart import DYNAMODB_JAVA_V1
    >>> out = lockstep_admitted(DYNAMODB_JAVA_V1, 100, 1_000)
    >>> out["admitted"], out["admits"][:3], out["full_waves"]
    (975.0, (25.0, 50.0, 100.0), 8)
    """
    if not isinstance(policy, Backoff):
        raise ValueError(f"policy must be a Backoff, got {type(policy).__name__}")
    b = check_number("bucket", bucket, low=0, high=MAX_ELEMENTS)
    r = check_number("rate", rate, low=0, high=MAX_ELEMENTS, low_open=True)
    gaps = tuple(float(policy.ceiling_s(n)) for n in range(policy.retries))
    admits = tuple(min(b, r * g) for g in gaps)
    return {
        "admitted": b + sum(admits),
        "gaps_s": gaps,
        "admits": admits,
        "full_waves": sum(1 for g in gaps if r * g >= b),
    }


#: The most values a sweep of chapter 14 runs (shares in :func:`capacity_ahead_sweep`, herd sizes in
#: :func:`herd_sweep`): each is a whole retry run or herd comparison, a fraction of a second to seconds.
_MAX_SWEEP = 100


def _spike_requests(spike: Sequence[int], attempts: int) -> np.ndarray:
    """``spike`` as int64 requests per second, refused by name unless 1-D, whole, in range and within the retry
    model's bound: every request's attempts recorded, :data:`MAX_ELEMENTS` at most."""
    counts = check_counts("spike", spike, high=STORM_MAX_BASELINE, empty=False, ndim=1, max_size=MAX_ELEMENTS)
    total = float(counts.sum())
    if total * attempts > MAX_ELEMENTS:
        raise ValueError(
            f"spike totals {total:,.0f} requests: with up to {attempts} attempts each, must total at most "
            f"{MAX_ELEMENTS // attempts:,} (the retry model records every attempt, at most {MAX_ELEMENTS:,})"
        )
    return counts


def capacity_ahead(share: float, spike: Sequence[int], policy: Backoff, seed: int = 14) -> dict[str, object]:
    """Chapter 14: a partition's provisioned share raised ahead of a spike, in two models.

    The retry model (:func:`hotpart.simulate_retries`) holds the partition to a hard rate, its share up to the
    partition ceiling, with no burst and no adaptive lending. The capacity simulator (:func:`hotpart.simulate`)
    plays the spike's first attempts (no retries) on a one-partition table provisioned at ``share``, once with no
    burst banked at the start and once with 300 s of the share banked (a table idle for five minutes).

    Parameters
    ----------
    share : float
        The partition's provisioned share, WCU/s, in ``(0, 1e9]``.
    spike : sequence of int
        New write requests per second (:func:`spike_demand`), a 1-D array of whole numbers in ``[0, 1,000,000]``,
        at least one, totalling at most 10,000,000 requests over ``policy.attempts`` (the retry model records every
        attempt, :data:`hotpart.models._validation.MAX_ELEMENTS` at most).
    policy : Backoff
        The client's retry policy.
    seed : int
        Random seed of the retry model, ``>= 0``.

    Returns
    -------
    dict
        ``"rate"`` (the retry model's rate, WCU/s), ``"success"`` (share of requests that succeed), ``"events"``
        (throttled attempts), ``"refused_cold"`` and ``"refused_banked"`` (first attempts the simulator refuses,
        without and with burst banked), ``"served_cold"`` and ``"served_banked"`` (WCU served per second).

    Examples
    --------
    >>> from hotpart import SDK_STANDARD
    >>> out = capacity_ahead(2_000, spike_demand(400, 2_000, 8, 2), SDK_STANDARD)
    >>> out["rate"], out["refused_banked"], float(out["served_banked"][2])
    (1000.0, 1400.0, 1000.0)
    """
    rate_share = check_number("share", share, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    if not isinstance(policy, Backoff):
        raise ValueError(f"policy must be a Backoff, got {type(policy).__name__}")
    demand = _spike_requests(spike, policy.attempts).astype(float)
    rng_seed = check_integer("seed", seed, low=0, high=2**32 - 1)
    rate = min(rate_share, PARTITION_MAX_WCU)
    r = simulate_retries(policy, demand.astype(np.int64), rate, seed=rng_seed)
    sims = [
        simulate(Table(1, wcu=rate_share), demand[:, None], demand.size, mode=Provisioned(initial_burst_s=b))
        for b in (0.0, BURST_WINDOW_S)
    ]
    return {
        "rate": float(rate),
        "success": float(r.success_rate),
        "events": int(r.throttle_events),
        "refused_cold": float(sims[0].throttled.sum()),
        "refused_banked": float(sims[1].throttled.sum()),
        "served_cold": sims[0].served[:, 0].copy(),
        "served_banked": sims[1].served[:, 0].copy(),
    }


#: The jitter strategies as chapter 14's prose and tables name them.
JITTER_NAMES: dict[str, str] = {
    "none": "no jitter",
    "full": "Full Jitter",
    "equal": "Equal Jitter",
    "decorrelated": "Decorrelated Jitter",
}
_MODEL_NAMES = {"occ": "Brooker's OCC row", "bucket": "partition (token bucket)"}


def jitter_order_text(order: Sequence[str]) -> str:
    """Strategies from best to worst, as prose: ``"Full Jitter < Equal Jitter < ..."``.

    Parameters
    ----------
    order : sequence of str
        Strategies (:data:`hotpart.JITTERS`), best first.

    Returns
    -------
    str
        Their names (:data:`JITTER_NAMES`) joined by ``" < "``.

    Examples
    --------
    >>> jitter_order_text(("full", "equal", "decorrelated", "none"))
    'Full Jitter < Equal Jitter < Decorrelated Jitter < no jitter'
    """
    if isinstance(order, str) or not isinstance(order, Sequence):
        raise ValueError(f"order must be a sequence of strategies from {list(JITTERS)}, got {order!r}")
    for j in order:
        if j not in JITTER_NAMES:
            raise ValueError(f"order must hold strategies from {list(JITTERS)}, got {j!r}")
    return " < ".join(JITTER_NAMES[j] for j in order)


def regime_table(regimes: Sequence[JitterRegimes], by: str = "calls") -> tuple[list[str], list[tuple[str, ...]]]:
    """Chapter 14's regime tables: per cell, each strategy's median and quartiles over the seeds.

    Parameters
    ----------
    regimes : sequence of JitterRegimes
        What :func:`hotpart.jitter_regimes` returned, one per contention model, in the order the rows should come.
    by : {"calls", "time"}
        Total calls, or the time the last client finishes (seconds).

    Returns
    -------
    tuple
        The header and the rows of :func:`hotpart.markdown_table`: model, clients, delay per message (ms), then
        ``"median (q1-q3)"`` per strategy.

    Examples
    --------
    >>> from hotpart import PARTITION_MAX_WCU, jitter_regimes
    >>> r = jitter_regimes([50], [0.0], models=("bucket",), capacity=PARTITION_MAX_WCU, runs=2, seed=0)
    >>> header, rows = regime_table([r])
    >>> header[3:], rows[0][:3]
    (['no jitter', 'Full Jitter', 'Equal Jitter', 'Decorrelated Jitter'], ('partition (token bucket)', '50', '0'))
    """
    if isinstance(regimes, JitterRegimes) or not isinstance(regimes, Sequence):
        raise ValueError(f"regimes must be a sequence of JitterRegimes, got {type(regimes).__name__}")
    if not all(isinstance(r, JitterRegimes) for r in regimes):
        raise ValueError("regimes must hold only JitterRegimes (from hotpart.jitter_regimes)")
    if by not in ("calls", "time"):
        raise ValueError(f"by must be 'calls' or 'time', got {by!r}")
    fmt = "{:,.0f}" if by == "calls" else "{:.3g}"
    header = ["model", "clients", "delay per message (ms)"] + [JITTER_NAMES[j] for j in JITTERS]
    rows = []
    for r in regimes:
        cells = sorted({(m, n, d) for m, n, d, _ in r.runs}, key=lambda c: (list(_MODEL_NAMES).index(c[0]), c[1], c[2]))
        for m, n, d in cells:
            quartiles = []
            for j in JITTERS:
                med, q1, q3 = r.spread(m, n, d, j, by)
                quartiles.append(f"{fmt.format(med)} ({fmt.format(q1)}-{fmt.format(q3)})")
            rows.append((_MODEL_NAMES[m], f"{n:,}", f"{d * 1000:g}", *quartiles))
    return header, rows


#: The last retry number :func:`cap_binding_retry` looks at (a 64-bit exponent: 2**63).
_MAX_RETRY_NUMBER = 63


def cap_binding_retry(base_ms: float, cap_ms: float) -> int:
    """The first retry whose capped exponential reaches the cap, numbering retries from 1 as Brooker does.

    Retry ``n`` sleeps at most :math:`\\min(\\text{cap}, \\text{base}\\cdot 2^n)`; the cap binds from
    :math:`n = \\lceil \\log_2(\\text{cap}/\\text{base}) \\rceil` on (at least 1).

    Parameters
    ----------
    base_ms : float
        The backoff's base, milliseconds, in ``(0, 3.6e6]``, and at least ``cap_ms / 2**63`` (the cap binds by
        retry 63).
    cap_ms : float
        The backoff's cap, milliseconds, in ``[base_ms, 3.6e6]``.

    Returns
    -------
    int
        The retry number.

    Examples
    --------
    >>> cap_binding_retry(5, 2_000)
    9
    """
    base = check_number("base_ms", base_ms, low=0, high=_MAX_SLEEP_S * 1000, low_open=True)
    cap = check_number("cap_ms", cap_ms, low=base, high=_MAX_SLEEP_S * 1000)
    if base * 2**_MAX_RETRY_NUMBER < cap:
        raise ValueError(
            f"base_ms = {base_ms!r} is out of range: must be >= cap_ms / 2**{_MAX_RETRY_NUMBER} = "
            f"{cap / 2**_MAX_RETRY_NUMBER:g} (cap_ms = {cap_ms!r}; the cap must bind by retry {_MAX_RETRY_NUMBER})"
        )
    return next(n for n in range(1, _MAX_RETRY_NUMBER + 1) if base * 2**n >= cap)


def sleep_table(check: dict[str, object]) -> tuple[list[str], list[tuple[object, ...]]]:
    """Chapter 14's table of expected sleeps: :func:`sleep_check`'s rows, formatted for :func:`hotpart.markdown_table`.

    Parameters
    ----------
    check : dict
        What :func:`sleep_check` returned.

    Returns
    -------
    tuple
        The header and one row per strategy and retry: strategy, retry, closed form (s, ``"-"`` for decorrelated
        jitter), Monte Carlo mean (s), gap (standard errors, ``"-"`` for decorrelated jitter).

    Examples
    --------
    >>> header, rows = sleep_table(sleep_check(3, 0.05, 1.0, size=100))
    >>> header[2], rows[0]
    ('closed form (s)', ('none', 0, '0.0500', '0.0500', '0.0'))
    """
    if not isinstance(check, dict) or not isinstance(check.get("rows"), list):
        raise ValueError(f"check = {check!r:.60} is not allowed: must be what hotpart.sleep_check returned")
    header = ["strategy", "retry", "closed form (s)", "Monte Carlo (s)", "gap (standard errors)"]
    rows = [
        (jitter, n, "-" if closed is None else f"{closed:.4f}", f"{mean:.4f}", "-" if gap is None else f"{gap:.1f}")
        for jitter, n, closed, mean, gap in check["rows"]
    ]
    return header, rows


def sleep_budget(policy: Backoff) -> dict[str, object]:
    """What a request throttled on every attempt sleeps in all before it gives up, on average and at most.

    The request sleeps once before each of its :attr:`hotpart.Backoff.retries` retries: on average
    :math:`\\sum_n E[s_n]` (:meth:`hotpart.Backoff.expected_sleep_s`), at most :math:`\\sum_n v_n`
    (:meth:`hotpart.Backoff.ceiling_s`; with no jitter the sleeps are exactly these).

    Parameters
    ----------
    policy : Backoff
        The retry policy.

    Returns
    -------
    dict
        ``"expected_s"`` and ``"max_s"`` (seconds, totals), ``"expected_each_s"`` and ``"ceilings_s"`` (per retry,
        seconds, tuples), ``"retries"`` (sleeps taken). Decorrelated jitter has no closed-form mean: its
        ``"expected_s"`` is ``None``.

    Examples
    --------
    >>> from hotpart import SDK_BOTO3_LEGACY, Backoff
    >>> round(sleep_budget(SDK_BOTO3_LEGACY)["max_s"], 2)  # 50 ms doubling, nine sleeps: 0.05 * (2**9 - 1)
    25.55
    >>> out = sleep_budget(Backoff(3, 0.1, 1.0, "full"))
    >>> out["expected_each_s"], round(out["expected_s"], 3), round(out["max_s"], 3)
    ((0.05, 0.1), 0.15, 0.3)
    """
    if not isinstance(policy, Backoff):
        raise ValueError(f"policy must be a Backoff, got {type(policy).__name__}")
    ceilings = tuple(float(policy.ceiling_s(n)) for n in range(policy.retries))
    each = None if policy.jitter == "decorrelated" else tuple(float(policy.expected_sleep_s(n)) for n in range(policy.retries))
    return {
        "retries": policy.retries,
        "ceilings_s": ceilings,
        "max_s": float(sum(ceilings)),
        "expected_each_s": each,
        "expected_s": None if each is None else float(sum(each)),
    }


def retry_summary(result: RetryResult) -> dict[str, float]:
    """A retried workload's numbers as chapter 14 reports them: success, work, throttling and latency.

    Parameters
    ----------
    result : RetryResult
        What :func:`hotpart.simulate_retries` returned.

    Returns
    -------
    dict
        ``"requests"``, ``"calls"``, ``"extra_calls"`` (retries), ``"throttle_events"``, ``"gave_up"``,
        ``"consumed_units"`` (counts); ``"success_rate"`` (share of requests); ``"events_per_request"`` and
        ``"calls_per_request"`` (per new request, 0 with none); ``"p50_s"`` and ``"p99_s"`` (latency of successful
        requests, seconds).

    Examples
    --------
    >>> from hotpart import Backoff, simulate_retries
    >>> s = retry_summary(simulate_retries(Backoff(3, 0.05, 1.0, "none"), [], 100.0, burst_units=1, herd_s=[0.0, 0.0]))
    >>> s["calls"], s["calls_per_request"], s["events_per_request"], s["p99_s"]
    (3.0, 1.5, 0.5, 0.0495)
    """
    if not isinstance(result, RetryResult):
        raise ValueError(f"result = {result!r:.60} is not allowed: must be a hotpart.RetryResult (from simulate_retries)")
    n = result.requests
    return {
        "requests": float(n),
        "calls": float(result.calls),
        "extra_calls": float(result.extra_calls),
        "throttle_events": float(result.throttle_events),
        "gave_up": float(result.gave_up),
        "consumed_units": float(result.consumed_units),
        "success_rate": float(result.success_rate),
        "events_per_request": result.throttle_events / n if n else 0.0,
        "calls_per_request": result.calls / n if n else 0.0,
        "p50_s": result.latency_s(50),
        "p99_s": result.latency_s(99),
    }


#: The row of chapter 14's spike table where Boto3's default runs with its retry quota, one client for every request.
ONE_CLIENT_LABEL: Final[str] = "the same, all requests from one client (its retry quota)"


def spike_policies() -> dict[str, Backoff]:
    """The retry policies chapter 14 plays against its short spike, by the name its table gives them.

    Returns
    -------
    dict of str to Backoff
        No retries (one attempt); Boto3's default for DynamoDB since botocore 1.44.0 (standard mode, 4 attempts);
        legacy mode (the default before 1.44.0, ``AWS_RETRY_MODE=legacy`` today); standard mode before 1.44.0
        (3 attempts); the Java 1.x DynamoDB default of 2015, that schedule with Full Jitter, and the Java 1.x default
        for throttling today.

    Examples
    --------
    >>> list(spike_policies())[:2]
    ['no retries', 'Boto3 default, DynamoDB (botocore >= 1.44.0: standard)']
    """
    java = DYNAMODB_JAVA_V1
    return {
        "no retries": Backoff(1, DYNAMODB_JAVA_V1_BASE_S, DYNAMODB_JAVA_V1_MAX_BACKOFF_S),
        "Boto3 default, DynamoDB (botocore >= 1.44.0: standard)": SDK_STANDARD,
        "Boto3 legacy mode, DynamoDB (the default before 1.44.0)": SDK_BOTO3_LEGACY,
        "botocore standard mode before 1.44.0": SDK_STANDARD_PRE_2026,
        "Java 1.x DynamoDB default (2015 code)": java,
        "Java 1.x, 2015 schedule with full jitter": Backoff(java.attempts, java.base_s, java.cap_s, "full"),
        "Java 1.x DynamoDB default today (throttling)": DYNAMODB_JAVA_V1_THROTTLED,
    }


def retry_spike_case(spike: Sequence[int], capacity: float = PARTITION_MAX_WCU, seed: int = 14) -> dict[str, object]:
    """Chapter 14's short spike under every policy of :func:`spike_policies`, and the table of what retries hide.

    Parameters
    ----------
    spike : sequence of int
        New write requests per second (:func:`spike_demand`), a 1-D array of whole numbers in ``[0, 1,000,000]``,
        at least one, totalling at most 10,000,000 requests over the most attempts of any policy (the retry model
        records every attempt, :data:`hotpart.models._validation.MAX_ELEMENTS` at most).
    capacity : float
        The partition's rate, WCU/s, in ``(0, 1e9]``.
    seed : int
        Random seed of :func:`hotpart.simulate_retries`, ``>= 0``.

    Returns
    -------
    dict
        ``"results"`` (policy name to :class:`hotpart.RetryResult`; after Boto3's default, the same policy once
        more as :data:`ONE_CLIENT_LABEL`: every request from one client, sharing its retry quota of
        :data:`hotpart.SDK_STANDARD_RETRY_QUOTA` tokens), ``"summaries"`` (policy name to
        :func:`retry_summary`), ``"header"`` and ``"rows"`` (the table for :func:`hotpart.markdown_table`),
        ``"max_served"`` (the most writes any policy had served in one second) and ``"max_allowed"`` (what the
        partition can serve in one second at most: its rate plus a full bucket).

    Examples
    --------
    >>> out = retry_spike_case(spike_demand(400, 2_000, 4, 1))
    >>> out["max_served"] <= out["max_allowed"], out["rows"][0][:2]
    (True, ('no retries', '63.8%'))
    """
    policies = spike_policies()
    counts = _spike_requests(spike, max(p.attempts for p in policies.values()))
    rate = check_number("capacity", capacity, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    rng_seed = check_integer("seed", seed, low=0, high=2**32 - 1)
    results: dict[str, RetryResult] = {}
    for name, p in policies.items():
        results[name] = simulate_retries(p, counts, rate, seed=rng_seed)
        if p is SDK_STANDARD:  # the same client with its retry quota: all the spike's requests share one
            results[ONE_CLIENT_LABEL] = simulate_retries(p, counts, rate, seed=rng_seed, retry_quota=SDK_STANDARD_RETRY_QUOTA)
    summaries = {name: retry_summary(r) for name, r in results.items()}
    header = ["policy", "success", "calls", "throttle events", "retries", "p50 (s)", "p99 (s)"]
    rows = [
        (
            name,
            f"{s['success_rate']:.1%}",
            f"{s['calls']:,.0f}",
            f"{s['throttle_events']:,.0f}",
            f"{s['extra_calls']:,.0f}",
            f"{s['p50_s']:.2f}",
            f"{s['p99_s']:.2f}",
        )
        for name, s in summaries.items()
    ]
    first = next(iter(results.values()))
    return {
        "results": results,
        "summaries": summaries,
        "header": header,
        "rows": rows,
        "max_served": int(max(r.served.max() for r in results.values())),
        "max_allowed": float(rate + first.burst_units),
    }


def capacity_ahead_sweep(shares: Sequence[float], spike: Sequence[int], policy: Backoff, seed: int = 14) -> dict[str, object]:
    """:func:`capacity_ahead` at several provisioned shares, with chapter 14's table and its claim about burst.

    Parameters
    ----------
    shares : sequence of float
        Provisioned shares of the partition, WCU/s, each in ``(0, 1e9]``: a 1-D array of at least one and at most
        100 (each is a :func:`capacity_ahead`: a retry run and two simulations).
    spike : sequence of int
        New write requests per second, whole numbers in ``[0, 1,000,000]``, bounded as in :func:`capacity_ahead`.
    policy : Backoff
        The client's retry policy.
    seed : int
        Random seed of the retry model, ``>= 0``.

    Returns
    -------
    dict
        ``"cases"`` (one :func:`capacity_ahead` per share, in order), ``"header"`` and ``"rows"`` (the table for
        :func:`hotpart.markdown_table`), ``"banked_same"`` (whether every share refuses the same first attempts
        with 300 s of burst banked: only the ceiling binds) and ``"banked_refused"`` (the first share's refusals,
        then).

    Examples
    --------
    >>> from hotpart import SDK_STANDARD
    >>> out = capacity_ahead_sweep([500, 2_000], spike_demand(400, 2_000, 8, 2), SDK_STANDARD)
    >>> out["banked_same"], out["banked_refused"], out["rows"][1][:2]
    (True, 1400.0, ('2,000', '1,000'))
    """
    values = check_array(
        "shares", shares, low=0, high=MAX_SIMULATED_DEMAND, low_open=True, empty=False, ndim=1, max_size=_MAX_SWEEP
    )
    cases = [capacity_ahead(float(s), spike, policy, seed=seed) for s in values]
    header = [
        "provisioned share (WCU/s)",
        "retry model: partition rate (WCU/s)",
        "retry model: success",
        "retry model: throttle events",
        "simulate, first attempts refused: no burst banked",
        f"simulate, first attempts refused: {BURST_WINDOW_S:g} s banked",
    ]
    rows = [
        (
            f"{s:,.0f}",
            f"{a['rate']:,.0f}",
            f"{a['success']:.1%}",
            f"{a['events']:,}",
            f"{a['refused_cold']:,.0f}",
            f"{a['refused_banked']:,.0f}",
        )
        for s, a in zip(values, cases, strict=True)
    ]
    banked = {a["refused_banked"] for a in cases}
    return {
        "cases": cases,
        "header": header,
        "rows": rows,
        "banked_same": len(banked) == 1,
        "banked_refused": float(cases[0]["refused_banked"]),  # type: ignore[arg-type]
    }


def lockstep_case(policy: Backoff, herd: int, rate: float, burst_s: float = DEFAULT_BURST_S, seed: int = 0) -> dict[str, object]:
    """Chapter 14's exercise 2: a herd at one instant on an idle partition, by formula and by simulation.

    :func:`lockstep_admitted` counts what each lockstep wave is admitted; :func:`hotpart.simulate_retries` plays
    the same herd (all at time 0, the bucket full) attempt by attempt. Without jitter both are exact and agree.

    Parameters
    ----------
    policy : Backoff
        The clients' retry policy (the formula ignores its jitter).
    herd : int
        Requests arriving at time 0, in ``[1, 1,000,000]``.
    rate : float
        The partition's refill rate, WCU/s, in ``(0, 1e9]``.
    burst_s : float
        Seconds of ``rate`` the bucket holds, in ``(0, 86,400]``; the bucket is at least one unit.
    seed : int
        Random seed of the simulation, ``>= 0``.

    Returns
    -------
    dict
        ``"bucket"`` (units), :func:`lockstep_admitted`'s ``"admitted"``, ``"gaps_s"``, ``"admits"`` and
        ``"full_waves"``; ``"first_gaps_ms"`` and ``"first_admits"`` (the gaps, in ms, of the waves after the first
        that the bucket has not refilled in time, and what each admits, as comma-separated text: every other wave
        after the first is one of the ``full_waves``); the simulation's ``"successes"``, ``"success_rate"`` and
        ``"throttle_events"``.

    Examples
    --------
    >>> from hotpart import DYNAMODB_JAVA_V1
    >>> out = lockstep_case(DYNAMODB_JAVA_V1, 2_000, 1_000.0)
    >>> out["bucket"], out["first_gaps_ms"], out["admitted"], out["successes"]
    (100.0, '25, 50', 975.0, 975)
    """
    if not isinstance(policy, Backoff):
        raise ValueError(f"policy must be a Backoff, got {type(policy).__name__}")
    n = check_integer("herd", herd, low=1, high=STORM_MAX_BASELINE)
    r = check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    b_s = check_number("burst_s", burst_s, low=0, high=_MAX_BIN_S, low_open=True)
    rng_seed = check_integer("seed", seed, low=0, high=2**32 - 1)
    bucket = max(1.0, r * b_s)
    lock = lockstep_admitted(policy, bucket, r)
    sim = simulate_retries(policy, [], r, burst_units=bucket, herd_s=np.zeros(n), seed=rng_seed)
    partial = [(g, a) for g, a in zip(lock["gaps_s"], lock["admits"], strict=True) if a < bucket]  # type: ignore[call-overload]
    return {
        "bucket": bucket,
        **lock,
        "first_gaps_ms": ", ".join(f"{g * 1000:g}" for g, _ in partial),
        "first_admits": ", ".join(f"{a:,.0f}" for _, a in partial),
        "successes": int(sim.successes),
        "success_rate": float(sim.success_rate),
        "throttle_events": int(sim.throttle_events),
    }


_ORDINALS = ("first", "second", "third", "fourth")


def _delay_pair(name: str, regimes: JitterRegimes) -> float:
    delays = regimes.net_delays_s
    if len(delays) != 2 or 0.0 not in delays:
        raise ValueError(f"{name} = {regimes!r} is not allowed: must be run at two network delays, 0 and one > 0")
    return max(delays)


def regime_findings(occ: JitterRegimes, bucket: JitterRegimes) -> dict[str, object]:
    """What chapter 14 reads off its regime runs: each regime's numbers, and whether each claim of its prose holds.

    The runs are :func:`hotpart.jitter_regimes` at Brooker's base and cap, each at two herd sizes (small, large) and
    two network delays (0 and his, :data:`hotpart.BROOKER_2015`). Regime 1 is the small herd in his contention
    model with his delay; regime 2 the large herd there; regime 3 his model with no delay; regime 4 the token
    bucket. Medians over the seeds throughout; ``b2`` is the large herd on the bucket without delay (``b2d`` with
    it), ``b1`` the small one.

    Parameters
    ----------
    occ : JitterRegimes
        Runs of model ``"occ"`` at two herd sizes and delays ``0`` and one ``> 0``.
    bucket : JitterRegimes
        Runs of model ``"bucket"`` at two herd sizes and the same two delays.

    Returns
    -------
    dict
        Herd sizes (``"occ_small"``, ``"occ_large"``, ``"bucket_small"``, ``"bucket_large"``), ``"delay_s"``,
        ``"bucket_units"`` (the bucket's size). Per strategy (dicts keyed by :data:`hotpart.JITTERS`):
        ``"r1_calls"``, ``"r1_time"``, ``"r2_calls"``, ``"r2_time"``, ``"r3_calls"``, ``"b2_calls"``, ``"b2_time"``
        (calls, seconds). Regime 1: ``"r1_order"`` (by calls), ``"cap_retry"`` (:func:`cap_binding_retry` at his
        base and cap), ``"r1_per_client"`` and ``"r2_per_client"`` (Full Jitter's calls per client). Shares:
        ``"r2_fewer"``, ``"b2_fewer"``, ``"b2d_fewer"`` (Equal Jitter's calls below Full Jitter's, share of Full
        Jitter's). Regime 3: ``"r3_none_large"``, ``"r3_time_none"`` (s). Regime 4: ``"none_rank_small"`` (no
        jitter's place by calls at ``b1``) and ``"none_time_rank_small"`` (by time at the small herd with delay),
        as words; ``"b2_equal_times"`` (Equal Jitter's completion over the seeds: min, max, mean, s),
        ``"b2_full_mean"`` (s), ``"rate_bound"`` ((clients - bucket) / rate, s), ``"jit_max_x"`` and ``"none_x"``
        (the slowest jittered median and no jitter's median over the bound). ``"texts"``: ``"r1_agrees"`` and
        ``"fd_verdict"``, prose for the comparison with Brooker's ranking. ``"checks"``: each claim of the prose by
        name, ``True`` where the runs bear it out; ``"failed"``: the names of those that do not.

    Examples
    --------
    >>> from hotpart import PARTITION_MAX_WCU, jitter_regimes
    >>> occ = jitter_regimes([20, 40], [0.0, 0.01], models=("occ",), runs=1)
    >>> bucket = jitter_regimes([150, 300], [0.0, 0.01], models=("bucket",), capacity=PARTITION_MAX_WCU, runs=1)
    >>> f = regime_findings(occ, bucket)
    >>> f["r3_calls"]["none"], f["checks"]["r3_none_triangular"], f["rate_bound"]
    (210.0, True, 0.2)
    """
    for name, value, model in (("occ", occ, "occ"), ("bucket", bucket, "bucket")):
        if not isinstance(value, JitterRegimes):
            raise ValueError(f"{name} must be a JitterRegimes (from hotpart.jitter_regimes), got {type(value).__name__}")
        if len(value.clients) != 2 or not all(k[0] == model for k in value.runs):
            raise ValueError(f"{name} = {value!r} is not allowed: must be model {model!r} alone, at two herd sizes")
    delay = _delay_pair("occ", occ)
    if _delay_pair("bucket", bucket) != delay:
        raise ValueError(f"bucket = {bucket!r} is not allowed: must be run at occ's delays, {list(occ.net_delays_s)} s")
    small, large = sorted(occ.clients)
    b_small, b_large = sorted(bucket.clients)

    def med(regimes: JitterRegimes, cell: tuple[str, int, float], j: str, by: str = "calls") -> float:
        return regimes.spread(*cell, j, by)[0]

    def per_jitter(regimes: JitterRegimes, cell: tuple[str, int, float], by: str = "calls") -> dict[str, float]:
        return {j: med(regimes, cell, j, by) for j in JITTERS}

    r1, r2 = ("occ", small, delay), ("occ", large, delay)
    r3, r3_large = ("occ", small, 0.0), ("occ", large, 0.0)
    b1, b1d = ("bucket", b_small, 0.0), ("bucket", b_small, delay)
    b2, b2d = ("bucket", b_large, 0.0), ("bucket", b_large, delay)
    cap_retry = cap_binding_retry(float(BROOKER_2015["base_ms"]), float(BROOKER_2015["cap_ms"]))  # type: ignore[arg-type]
    r1_per_client, r2_per_client = med(occ, r1, "full") / small, med(occ, r2, "full") / large
    r1_order = occ.order(*r1)
    bucket_units = max(1.0, bucket.capacity * DEFAULT_BURST_S)  # the bucket herd_comparison gives the partition
    rate_bound = (b_large - bucket_units) / bucket.capacity
    jittered = ("full", "equal", "decorrelated")
    eq_times = bucket.runs[(*b2, "equal")][1]
    occ_cells = [("occ", n, d) for n in (small, large) for d in (0.0, delay)]
    bucket_cells = [("bucket", n, d) for n in (b_small, b_large) for d in (0.0, delay)]
    fd_holds = med(occ, r1, "full") < med(occ, r1, "decorrelated") and med(occ, r1, "full", "time") > med(
        occ, r1, "decorrelated", "time"
    )
    checks = {
        # regime 1 vs 2: the small herd finishes before the cap binds, the large one does not
        "cap_binds_between_herds": r1_per_client < cap_retry < r2_per_client,
        "r1_full_fewer_than_equal": med(occ, r1, "full") < med(occ, r1, "equal"),
        "r2_equal_fewer_than_full": med(occ, r2, "equal") < med(occ, r2, "full"),
        "r2_equal_later_than_full": med(occ, r2, "equal", "time") > med(occ, r2, "full", "time"),
        # regime 3: with no delay the jittered clients collide about once each, no jitter N (N + 1) / 2 times
        "r3_jittered_collide_once": all(
            occ.spread(*cell, j, "calls")[2] < 2 * cell[1] for cell in (r3, r3_large) for j in jittered
        ),
        "r3_none_triangular": all(med(occ, cell, "none") == cell[1] * (cell[1] + 1) // 2 for cell in (r3, r3_large)),
        # regime 4: Equal Jitter fewer calls than Full at every bucket cell; no jitter slowest where the prose says
        "bucket_equal_fewer_than_full": all(med(bucket, c, "equal") < med(bucket, c, "full") for c in bucket_cells),
        "none_slowest": all(
            max(JITTERS, key=lambda j, c=c: med(occ if c[0] == "occ" else bucket, c, j, "time")) == "none"
            for c in occ_cells + [c for c in bucket_cells if c[1] == b_large]
        ),
        "b2_equal_spread_wider_than_gap": float(eq_times.max() - eq_times.min())
        > abs(med(bucket, b2, "equal", "time") - med(bucket, b2, "full", "time")),
    }
    return {
        "occ_small": small,
        "occ_large": large,
        "bucket_small": b_small,
        "bucket_large": b_large,
        "delay_s": delay,
        "bucket_units": bucket_units,
        "r1_order": r1_order,
        "r1_calls": per_jitter(occ, r1),
        "r1_time": per_jitter(occ, r1, "time"),
        "cap_retry": cap_retry,
        "r1_per_client": r1_per_client,
        "r2_per_client": r2_per_client,
        "r2_calls": per_jitter(occ, r2),
        "r2_time": per_jitter(occ, r2, "time"),
        "r2_fewer": 1 - med(occ, r2, "equal") / med(occ, r2, "full"),
        "r3_calls": per_jitter(occ, r3),
        "r3_none_large": med(occ, r3_large, "none"),
        "r3_time_none": med(occ, r3, "none", "time"),
        "b2_calls": per_jitter(bucket, b2),
        "b2_time": per_jitter(bucket, b2, "time"),
        "b2_fewer": 1 - med(bucket, b2, "equal") / med(bucket, b2, "full"),
        "b2d_fewer": 1 - med(bucket, b2d, "equal") / med(bucket, b2d, "full"),
        "none_rank_small": _ORDINALS[bucket.order(*b1).index("none")],
        "none_time_rank_small": _ORDINALS[bucket.order(*b1d, by="time").index("none")],
        "b2_equal_times": (float(eq_times.min()), float(eq_times.max()), float(eq_times.mean())),
        "b2_full_mean": float(bucket.runs[(*b2, "full")][1].mean()),
        "rate_bound": rate_bound,
        "jit_max_x": max(med(bucket, b2, j, "time") for j in jittered) / rate_bound,
        "none_x": med(bucket, b2, "none", "time") / rate_bound,
        "texts": {
            "r1_agrees": "the same as" if r1_order == tuple(BROOKER_2015["calls_order"]) else "not the same as",  # type: ignore[arg-type]
            "fd_verdict": "Holds in his set-up." if fd_holds else "Differs in our runs of his set-up.",
        },
        "checks": checks,
        "failed": tuple(k for k, v in checks.items() if not v),
    }


def herd_sweep(
    sizes: Sequence[int], capacity: float = PARTITION_MAX_WCU, *, attempts: int = 50, runs: int = 3, seed: int = 0
) -> dict[str, object]:
    """Chapter 14's herd figure: :func:`hotpart.herd_comparison` per herd size, at Brooker's base and cap, no delay.

    Parameters
    ----------
    sizes : sequence of int
        Herd sizes, clients, each in ``[1, MAX_HERD_CLIENTS]``: a 1-D array of at least one and at most 100 (each is
        a :func:`hotpart.herd_comparison` of ``runs`` runs per jitter).
    capacity : float
        The partition's rate, WCU/s, ``> 0``.
    attempts : int
        Most attempts per client, in ``[1, MAX_ATTEMPTS]``.
    runs : int
        Seeded runs per size, in ``[1, MAX_RUNS]``.
    seed : int
        First seed, ``>= 0``.

    Returns
    -------
    dict
        ``"comparisons"`` (one :class:`hotpart.JitterComparison` per size, for :func:`plot_jitter_comparison`),
        ``"all_succeed"`` (every client of every strategy succeeded in every run) and ``"sizes_text"`` (the sizes
        as comma-separated text).

    Examples
    --------
    >>> out = herd_sweep([100, 200], runs=1)
    >>> out["all_succeed"], out["sizes_text"]
    (True, '100, 200')
    """
    clients = [
        int(n) for n in check_counts("sizes", sizes, low=1, high=STORM_MAX_BASELINE, empty=False, ndim=1, max_size=_MAX_SWEEP)
    ]
    base_s, cap_s = float(BROOKER_2015["base_ms"]) / 1000.0, float(BROOKER_2015["cap_ms"]) / 1000.0  # type: ignore[arg-type]
    comparisons = [
        herd_comparison(n, capacity, attempts=attempts, base_s=base_s, cap_s=cap_s, runs=runs, seed=seed) for n in clients
    ]
    return {
        "comparisons": comparisons,
        "all_succeed": all(c.success_rate[j] == 1.0 for c in comparisons for j in JITTERS),
        "sizes_text": ", ".join(f"{n:,}" for n in clients),
    }


def quota_retries(quota: int = SDK_STANDARD_RETRY_QUOTA, cost: int = SDK_STANDARD_THROTTLING_RETRY_COST) -> int:
    """Retries a client's standard-mode retry quota pays for with no success in between: ``quota // cost``.

    Parameters
    ----------
    quota : int
        Tokens in the quota, in ``[0, 1,000,000]`` (:data:`hotpart.SDK_STANDARD_RETRY_QUOTA` by default).
    cost : int
        Tokens a retry takes, in ``[1, 1,000,000]`` (by default :data:`hotpart.SDK_STANDARD_THROTTLING_RETRY_COST`,
        a retry after a throttling error; :data:`hotpart.SDK_STANDARD_RETRY_COST` after a transient one).

    Returns
    -------
    int
        Whole retries before the quota is empty.

    Examples
    --------
    >>> quota_retries(500, 5)
    100
    """
    q = check_integer("quota", quota, low=0, high=STORM_MAX_BASELINE)
    c = check_integer("cost", cost, low=1, high=STORM_MAX_BASELINE)
    return q // c
