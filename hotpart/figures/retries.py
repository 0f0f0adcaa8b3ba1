"""Chapter 14's figures: a retry storm on one hot partition, and the four jitter strategies compared.

Models: :mod:`hotpart.models.backoff`, :mod:`~hotpart.models.retries`. Notebook: ``notebooks/14_retries.ipynb``
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
    BURST_WINDOW_S,
    JITTERS,
    MAX_SIMULATED_DEMAND,
    PARTITION_MAX_WCU,
    SDK_STANDARD_MAX_BACKOFF_S,
    Backoff,
    JitterComparison,
    JitterRegimes,
    Provisioned,
    RetryResult,
    Table,
    simulate,
    simulate_retries,
)
from ..models._validation import MAX_ELEMENTS, check_array, check_integer, check_number

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
    "jitter_order_text",
    "lockstep_admitted",
    "plot_attempts",
    "plot_jitter_comparison",
    "regime_table",
    "sleep_check",
    "spike_demand",
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
        New write requests per second (:func:`spike_demand`), each ``>= 0``.
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
    demand = check_array("spike", spike, low=0, high=STORM_MAX_BASELINE, empty=False)
    if not isinstance(policy, Backoff):
        raise ValueError(f"policy must be a Backoff, got {type(policy).__name__}")
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


def cap_binding_retry(base_ms: float, cap_ms: float) -> int:
    """The first retry whose capped exponential reaches the cap, numbering retries from 1 as Brooker does.

    Retry ``n`` sleeps at most :math:`\\min(\\text{cap}, \\text{base}\\cdot 2^n)`; the cap binds from
    :math:`n = \\lceil \\log_2(\\text{cap}/\\text{base}) \\rceil` on (at least 1).

    Parameters
    ----------
    base_ms : float
        The backoff's base, milliseconds, in ``(0, 3.6e6]``.
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
    return next(n for n in range(1, 64) if base * 2**n >= cap)
