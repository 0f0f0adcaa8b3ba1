"""Chapter 13's heavy-hitter figure: estimated against true counts of the hottest keys, with the bound.

Models: :mod:`hotpart.models.heavy_hitters`, fed chapter 13's hot-key scenario (:func:`hotpart.detection_case`).
Notebook: ``notebooks/13_detection.ipynb``.
"""

from __future__ import annotations

import functools
import math
import sys
from typing import Final

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, log_axis
from ..book.wording import plural
from ..models import BATCH_WRITE_MAX_ITEMS, CountMin, HeavyHitterCheck, SpaceSaving, Zipf, compare_each_to_exact, compare_to_exact
from ..models._validation import MAX_ELEMENTS, check_integer, check_number, check_seed
from .metrics import detection_case

__all__ = [
    "HH_CM_DEPTH",
    "HH_KEYS",
    "HH_SEED",
    "HH_TOP",
    "heavy_hitter_coverage",
    "heavy_hitter_minute",
    "heavy_hitter_stream",
    "plot_heavy_hitters",
]

#: Distinct keys the explorable's stream draws from (ranks of a Zipf distribution).
HH_KEYS: Final[int] = 100_000
#: The true top keys the explorable shows and whose recall it reports.
HH_TOP: Final[int] = 10
#: Rows of the explorable's Count-Min sketch (width = k, so 3k counters: about Space-Saving's memory of k keys, counts, errors).
HH_CM_DEPTH: Final[int] = 3
#: Display names of the estimators.
_NAMES: Final[dict[str, str]] = {"SpaceSaving": "Space-Saving", "CountMin": "Count-Min"}
#: The most distinct keys a stream may draw from (the draw holds one share per key in memory).
_MAX_KEYS: Final[int] = 10**7
#: Seed of the explorable's stream and sketch.
HH_SEED: Final[int] = 0


@functools.lru_cache(maxsize=64)
def _cached_stream(s: float, n_events: int, n_keys: int, seed: int) -> np.ndarray:
    out = Zipf(n_keys, s).sample(n_events, seed=seed)
    out.setflags(write=False)
    return out


def heavy_hitter_stream(s: float, n_events: int, n_keys: int = HH_KEYS, seed: int = HH_SEED) -> np.ndarray:
    """A seeded stream of key ranks drawn from Zipf(``n_keys``, ``s``): one request per event.

    Parameters
    ----------
    s : float
        Zipf exponent, in ``[0, 20]``.
    n_events : int
        Requests in the stream, in ``[0, 10**7]``.
    n_keys : int
        Distinct keys, in ``[1, 10**7]`` (the draw holds one share per key in memory).
    seed : int
        Seed of the draw, a whole number from 0 to 2**64 - 1.

    Returns
    -------
    numpy.ndarray
        int64 key ranks (1 is the hottest key), read-only.

    Examples
    --------
    >>> heavy_hitter_stream(1.0, 5, n_keys=100, seed=1)
    array([ 5, 41,  5, 10,  1])
    >>> heavy_hitter_stream(1.0, 1000, n_keys=1e300)
    Traceback (most recent call last):
    ...
    ValueError: n_keys = 1e+300 is out of range: must be in [1, 1e+07]
    """
    s = check_number("s", s, low=0, high=20)
    n_events = check_integer("n_events", n_events, low=0, high=10**7)
    n_keys = check_integer("n_keys", n_keys, low=1, high=_MAX_KEYS)
    seed = check_seed("seed", seed)
    return _cached_stream(s, n_events, n_keys, seed)


def plot_heavy_hitters(
    ax: Axes,
    check: HeavyHitterCheck,
    other: HeavyHitterCheck | None = None,
    ymax: float | None = None,
    title: str | None = None,
) -> None:
    """True weight of the hottest keys (bars), an estimator's values (dots) and its bound band.

    The band on each bar spans ``[true, true + bound]``, where a Space-Saving
    estimate always lies (``bound = N / k``) and a Count-Min estimate lies
    with probability at least ``1 - delta`` (``bound = eps N``). A hollow dot
    is a true top key the estimator's own top list missed. Log y scale.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    check : HeavyHitterCheck
        The main estimator, from :func:`hotpart.compare_to_exact`.
    other : HeavyHitterCheck, optional
        A second estimator on the same stream, drawn as crosses (its band is not drawn).
    ymax : float, optional
        Top of the y axis (requests); ``2 N`` if omitted.
    title : str, optional
        The axes' title.

    ``ymax`` is finite and ``> 0.8`` (the bottom of the log axis), or ``None``.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> stream = heavy_hitter_stream(1.0, 2_000, n_keys=100)
    >>> sketch = SpaceSaving(10)
    >>> sketch.update_many(stream)
    >>> plot_heavy_hitters(ax, compare_to_exact(sketch, stream), ymax=1e4)
    """
    if ymax is not None:
        ymax = check_number("ymax", ymax, low=0.8, high=sys.float_info.max, low_open=True)
    rows = check.rows
    x = np.arange(1, len(rows) + 1)
    true = np.array([r.true for r in rows])
    est = np.array([r.estimate for r in rows])
    found = np.array([r.found for r in rows], dtype=bool)
    name = _NAMES.get(check.estimator.split("(")[0], check.estimator)
    ax.bar(x, true, width=0.6, color=COLORS["served"], label="true count (requests)")
    ax.bar(
        x,
        np.full(x.size, check.bound),
        bottom=true,
        width=0.6,
        color=COLORS["share"],
        alpha=0.25,
        label=f"{name} bound: true + {check.bound:,.0f}",
    )
    ax.plot(x[found], est[found], "o", color=COLORS["refused"], ms=6, label=f"{name} estimate, in its top {check.n}")
    ax.plot(x[~found], est[~found], "o", color=COLORS["refused"], mfc="white", ms=6, label=f"{name} estimate, missed")
    if other is not None:
        other_est = np.array([r.estimate for r in other.rows])
        other_name = _NAMES.get(other.estimator.split("(")[0], other.estimator)
        ax.plot(x, other_est, "x", color=COLORS["accent"], ms=7, mew=2, label=f"{other_name} estimate")
    top = ymax if ymax is not None else 2.0 * max(check.total_weight, 1.0)
    ax.set_yscale("log")
    log_axis(ax, "y", numticks=6)
    ax.set_ylim(0.8, top)
    ax.set_xlim(0.4, max(len(rows), HH_TOP) + 0.6)
    ax.set_xticks(x)
    finish_axes(
        ax,
        title or f"The {len(rows)} hottest keys: estimated against true counts",
        "key, by true rank (1 is the hottest)",
        "requests to the key (log scale)",
        loc="upper left",
    )
    legend = ax.get_legend()
    legend.set_bbox_to_anchor((1.01, 1.0))  # outside, right of the axes: estimates may reach the top


def _hh_compute(k: int, s: float, n_events: float) -> Data:
    n = round(n_events)
    stream = heavy_hitter_stream(s, n)
    ss = SpaceSaving(k)
    ss.update_many(stream)
    cm = CountMin(k, HH_CM_DEPTH, seed=HH_SEED)
    cm.update_many(stream)
    ss_check, cm_check = compare_each_to_exact([ss, cm], stream, n=HH_TOP)
    return {
        "k": k,
        "s": s,
        "ss": ss_check,
        "cm": cm_check,
        "ymax": 2.0 * n,
    }


def _hh_title(data: Data) -> str:
    return f"Space-Saving, {data['k']} counters, on a Zipf s={data['s']:g} stream"


def _hh_plot(fig: Figure, data: Data) -> None:
    plot_heavy_hitters(
        fig.axes[0],
        data["ss"],
        data["cm"],
        ymax=data["ymax"],
        title=_hh_title(data),
    )
    fixed_layout(fig, left=0.09, right=0.68, bottom=0.13, top=0.92)


def _hh_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_hh_plot`'s figure for new data: the bars' heights, the band's bottoms and heights, the dots'
    and crosses' data, the title, the y range and the legend labels that carry numbers; the x axis is fixed (the
    true top :data:`HH_TOP` keys). A stream with fewer distinct keys than that draws the axes again."""
    ax = fig.axes[0]
    check: HeavyHitterCheck = data["ss"]
    other: HeavyHitterCheck = data["cm"]
    rows = check.rows
    true_bars, band = ax.containers
    if len(rows) != len(true_bars):  # a different number of bars: draw the one axes again, as plot does
        ax.clear()
        _hh_plot(fig, data)
        return
    x = np.arange(1, len(rows) + 1)
    true = np.array([r.true for r in rows])
    est = np.array([r.estimate for r in rows])
    found = np.array([r.found for r in rows], dtype=bool)
    for bar, height in zip(true_bars, true, strict=True):
        bar.set_height(height)
    for bar, bottom in zip(band, true, strict=True):
        bar.set_y(bottom)
        bar.set_height(check.bound)
    found_dots, missed_dots, crosses = ax.lines
    found_dots.set_data(x[found], est[found])
    missed_dots.set_data(x[~found], est[~found])
    crosses.set_data(x, np.array([r.estimate for r in other.rows]))
    name = _NAMES.get(check.estimator.split("(")[0], check.estimator)
    labels = (f"{name} bound: true + {check.bound:,.0f}", f"{name} estimate, in its top {check.n}")
    band.set_label(labels[0])
    found_dots.set_label(labels[1])
    for text, label in zip(ax.get_legend().get_texts(), ax.get_legend_handles_labels()[1], strict=True):
        text.set_text(label)  # the legend lists the lines first, then the bars
    ax.set_ylim(0.8, data["ymax"])
    ax.set_title(_hh_title(data), fontsize=11)


def _hh_caption(data: Data) -> str:
    ss: HeavyHitterCheck = data["ss"]
    cm: HeavyHitterCheck = data["cm"]
    delta = math.exp(-HH_CM_DEPTH)
    over = round((1.0 - cm.share_within_bound) * cm.distinct_keys)
    return (
        f"{ss.total_weight:,.0f} requests over {ss.distinct_keys:,} distinct keys (Zipf s={data['s']:g}). "
        f"Space-Saving with {data['k']} counters finds {ss.recall:.0%} of the true top {ss.n}; its largest "
        f"overestimate is {ss.max_error:,.0f} requests against the guaranteed bound N/k = {ss.bound:,.0f}, and "
        f"{'the one key' if ss.heavy_keys == 1 else 'all ' + plural(ss.heavy_keys, 'key')} above N/k "
        f"{'is' if ss.heavy_keys == 1 else 'are'} monitored. Count-Min with {HH_CM_DEPTH} rows of {data['k']} counters "
        f"(no keys kept) never underestimates; its largest overestimate is {cm.max_error:,.0f} against "
        f"eps N = {cm.bound:,.0f}, which each key keeps with probability at least {1 - delta:.0%} "
        f"({over:,} of the {cm.distinct_keys:,} keys {'exceeds' if over == 1 else 'exceed'} it here); "
        f"ranking the stream's keys by it finds {cm.recall:.0%} of the top {cm.n}."
    )


heavy_hitters = register(
    Explorable(
        name="heavy_hitters",
        title="Finding the hottest keys with a few counters: Space-Saving and Count-Min against exact counts",
        controls=(
            Control("k", "Space-Saving counters k (and Count-Min width)", 5, 500, 50, step=0.1, scale="log", integer=True),
            Control("s", "Zipf exponent s of the key stream", 0.0, 2.0, 1.0, step=0.05),
            Control("n_events", "requests in the stream", 1_000, 30_000, 20_000, step=1_000),
        ),
        compute=_hh_compute,
        plot=_hh_plot,
        update=_hh_update,
        caption=_hh_caption,
        try_this=(
            "start at s = 1 and lower k until hollow dots appear: the summary starts missing top keys, yet every "
            "red dot stays inside its grey band (true + N/k). Then lower s towards 0: with no hot keys the band is "
            "wide compared with the bars and the top list is a guess; raise s and a handful of counters is exact."
        ),
        static=("k", "s"),
        figsize=(9.0, 3.8),
    )
)


def heavy_hitter_coverage(
    phi: float, n_events: int, n_keys: int = HH_KEYS, s: float = 1.0, seed: int = HH_SEED
) -> dict[str, int]:
    """Chapter 13's exercise 3: counters that guarantee every key above a share ``phi`` is monitored, checked.

    A Space-Saving summary of :math:`k` counters monitors every key heavier than :math:`N/k`, so
    :math:`k = \\lceil 1/\\varphi \\rceil` counters monitor every key above the share :math:`\\varphi` of a stream
    of total weight :math:`N`. The check feeds a Zipf stream (:func:`heavy_hitter_stream`) to a summary of that
    size and counts the keys above :math:`\\varphi N` it monitors.

    Parameters
    ----------
    phi : float
        The share of the traffic a key must exceed, in ``[1e-7, 1]``: its ``1/phi`` counters are at most
        10,000,000 (:data:`hotpart.models._validation.MAX_ELEMENTS`, the most :class:`hotpart.SpaceSaving` keeps).
    n_events : int
        Events in the stream, in ``[1, 10,000,000]``.
    n_keys : int
        Distinct keys the stream draws from, in ``[1, 10,000,000]``.
    s : float
        The Zipf exponent, in ``[0, 10]``.
    seed : int
        Random seed, ``>= 0``.

    Returns
    -------
    dict
        ``"k"`` (counters), ``"heavy"`` (keys above the share, counted exactly) and ``"found"`` (of those, the ones
        the summary monitors).

    Examples
    --------
    >>> out = heavy_hitter_coverage(0.01, 50_000, n_keys=100_000)
    >>> out["k"], out["found"] == out["heavy"]
    (100, True)
    """
    share = check_number("phi", phi, low=1 / MAX_ELEMENTS, high=1)
    events = check_integer("n_events", n_events, low=1, high=10_000_000)
    keys = check_integer("n_keys", n_keys, low=1, high=10_000_000)
    exponent = check_number("s", s, low=0, high=10)
    k = math.ceil(1 / share - 1e-12)
    stream = heavy_hitter_stream(exponent, events, n_keys=keys, seed=seed)
    summary = SpaceSaving(k)
    summary.update_many(stream)
    values, counts = np.unique(stream, return_counts=True)
    heavy = values[counts > share * len(stream)]
    found = int(np.sum(summary.monitored(list(heavy)))) if heavy.size else 0
    return {"k": int(k), "heavy": int(heavy.size), "found": found}


def heavy_hitter_minute(
    k: int = 50, n: int = 5, hot_peak: float = 2_000.0, background: float = 2_000.0
) -> dict[str, float | int | str]:
    """Chapter 13: a Space-Saving summary of ``k`` counters fed the last minute of the hot-key scenario.

    The stream is :func:`hotpart.detection_case`'s last minute: each of its keys once, weighted by the units offered
    to it in that minute; the summary's top ``n`` are compared with the exact counts (:func:`hotpart.compare_to_exact`).

    Parameters
    ----------
    k : int
        Counters, in ``[1, 10,000]``.
    n : int
        True top keys compared, in ``[1, 201]`` (the scenario's keys).
    hot_peak : float
        The date key's write rate in the last second, WCU/s, in ``[0, 10**6]``.
    background : float
        The 200 user keys' writes together, WCU/s, in ``[0, 10**6]``.

    Returns
    -------
    dict
        ``k``; ``keys`` (distinct keys in the stream); ``key`` (the summary's first); ``bound`` (its bound ``N/k``,
        units); ``total`` (``N``, units); ``max_error`` (largest overestimate on the true top ``n``, units) and
        ``recall`` (share of the true top ``n`` in the summary's top ``n``; :func:`hotpart.compare_to_exact` counts
        every key tied with the ``n``-th as top, so past a tie it holds by construction); ``runner_up_units``
        (the true count of the second heaviest key, units, 0 with one key) and ``runner_up_keys`` (how many keys
        carry that count, to a relative 1e-9: the tie below the first place).

    Examples
    --------
    >>> h = heavy_hitter_minute()
    >>> h["key"], h["max_error"] <= h["bound"]
    ('EVENTS#2026-11-30', True)
    >>> h["runner_up_units"], h["runner_up_keys"]  # the 200 user keys, alike
    (600.0, 200)
    """
    k = check_integer("k", k, low=1, high=10_000)
    n = check_integer("n", n, low=1, high=201)
    res = detection_case(hot_peak, background, BATCH_WRITE_MAX_ITEMS)["res"]
    keys = np.array(res.keys)
    weights = res.key_offered[-1]  # units offered to each key in the last minute
    summary = SpaceSaving(k)
    summary.update_many(keys, weights)
    check = compare_to_exact(summary, keys, weights, n=n)
    runner_up = float(np.sort(weights)[-2]) if weights.size > 1 else 0.0
    return {
        "k": k,
        "keys": int(keys.size),
        "key": str(summary.top(1)[0].key),
        "bound": float(summary.bound),
        "total": float(summary.total_weight),
        "max_error": float(check.max_error),
        "recall": float(check.recall),
        "runner_up_units": runner_up,
        "runner_up_keys": int(np.count_nonzero(np.abs(weights - runner_up) <= 1e-9 * runner_up)) if runner_up > 0 else 0,
    }
