"""Chapter 3's explorable, tables and figure: the Zipf head, the scale limit, and balls into bins.

Models: :mod:`hotpart.models.skew` (``Zipf``), :mod:`~hotpart.models.scale_limits` (``scale_limit``) and
:mod:`~hotpart.models.max_load` (``expected_max_load``, ``max_load_cdf``, ``raab_steger_max_load``,
``simulated_max_load``). Notebook: ``notebooks/03_zipf.ipynb``. The explorable ``zipf_head``; the chapter's top-share
plot (``plot_top_shares``) and tables (``zipf_limits_table``, ``zipf_sampled_shares``, ``balls_in_bins_table``), tested
in ``tests/test_chapters_1_7.py``; the cases its hidden cells glue (``harmonic_forms``, ``max_load_case``,
``keys_above_ceiling``), tested in ``tests/test_cases_keys.py``. The explorable updates its figure in place
(``_zipf_update``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from numpy.typing import NDArray

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import (
    _MAX_TABLE_VALUES,
    COLORS,
    finish_axes,
    fixed_layout,
    log_axis,
    partition_bars,
    relabel,
    set_partition_bars,
)
from ..models import (
    PARTITION_MAX_WCU,
    Zipf,
    expected_max_load,
    harmonic,
    harmonic_asymptotic,
    max_load_cdf,
    max_load_regime,
    raab_steger_max_load,
    scale_limit,
    simulated_max_load,
)
from ..models._validation import check_array, check_divisor, check_integer, check_number
from .key_designs import _MAX_DEMAND, share_text
from .metrics import _SUPERSCRIPT

__all__ = [
    "harmonic_forms",
    "max_load_case",
    "keys_above_ceiling",
    "zipf_limit_growth",
    "zipf_flat_exponent",
    "max_load_regime_starts",
    "balls_in_bins_table",
    "zipf_limits_table",
    "zipf_sampled_shares",
    "plot_top_shares",
]

#: Keys on a top-share axis, at most.
_MAX_KEYS = 1e18


def _top_share_ks(d: Zipf) -> NDArray[np.int64]:
    """The key counts at which :func:`plot_top_shares` draws a distribution's closed form: 60 steps on a log scale."""
    return np.unique(np.round(np.logspace(0, math.log10(d.n_keys), 60)).astype(np.int64))


def _top_share_label(d: Zipf) -> str:
    return f"closed form, s={d.s:g}, n={d.n_keys:.0e} keys"


def plot_top_shares(
    ax: Axes,
    dists: Sequence[Zipf],
    samples: Sequence[tuple[NDArray[np.float64], NDArray[np.float64]]] | None = None,
    k_max: float = 1e12,
    legend_outside: bool = False,
) -> None:
    """Cumulative share of the k hottest keys against k (log scale), closed form as lines, samples as dots.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    dists : sequence of Zipf
        Distributions to draw (closed form, :meth:`Zipf.top_share`).
    samples : sequence of (k, share) arrays, optional
        Sampled top-k shares, one pair per distribution, drawn as dots (``k`` in ``[1, k_max]``, shares in
        ``[0, 1]``).
    k_max : float
        Right end of the x axis, keys, in ``(1, 1e18]``.
    legend_outside : bool
        Put the legend to the right of the axes, where it covers no curve (for several exponents: a steep curve
        fills the upper left, a flat one the lower right); otherwise in the upper left, inside.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_top_shares(ax, [Zipf(1_000, 1.0)], k_max=1e4)
    """
    k_max = check_number("k_max", k_max, low=1, high=_MAX_KEYS, low_open=True)
    if not isinstance(legend_outside, bool):
        raise ValueError(f"legend_outside = {legend_outside!r} is not allowed: must be True or False")
    if samples is not None:
        if isinstance(samples, (str, bytes)) or not hasattr(samples, "__len__") or len(samples) != len(dists):
            raise ValueError(f"samples = {samples!r} is not allowed: must hold one (k, share) pair per distribution")
        for i, pair in enumerate(samples):
            if isinstance(pair, (str, bytes)) or not hasattr(pair, "__len__") or len(pair) != 2:
                raise ValueError(f"samples[{i}] = {pair!r} is not allowed: must be a (k, share) pair of arrays")
            k = check_array(f"samples[{i}][0]", pair[0], low=1, high=_MAX_KEYS)
            share = check_array(f"samples[{i}][1]", pair[1], low=0, high=1)
            if k.shape != share.shape:
                raise ValueError(f"samples[{i}]: k has shape {k.shape} but share {share.shape}: must match")
    palette = [COLORS["served"], COLORS["refused"], COLORS["accent"], COLORS["share"], COLORS["ceiling"]]
    for i, d in enumerate(dists):
        ks = _top_share_ks(d)
        color = palette[i % len(palette)]
        ax.plot(ks, [d.top_share(int(k)) for k in ks], color=color, lw=1.8, label=_top_share_label(d))
        if samples is not None:
            k, share = samples[i]
            ax.plot(k, share, "o", ms=3.5, color=color, mfc="white", label="sampled requests" if i == 0 else None)
    ax.set_xscale("log")
    # few decade labels: each is mathtext, and laying out a dozen of them dominates the render time
    log_axis(ax, "x", numticks=5)
    ax.set_xlim(1, k_max)
    ax.set_ylim(0, 1.02)
    title, xlabel, ylabel = "How few keys carry the traffic", "k hottest keys (log scale)", "share of requests"
    finish_axes(ax, title, xlabel, ylabel, legend=not legend_outside, loc="upper left")
    if legend_outside:
        ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0, fontsize=8, framealpha=0.9)


# ---------------------------------------------------------------------------------------------
# Chapter 3: the Zipf head, and the scale limit
# ---------------------------------------------------------------------------------------------

#: Requests drawn for the sampled check of the Zipf head.
ZIPF_SAMPLE_SIZE = 20_000


def _zipf_compute(s: float, n_keys: float, total_wcu: float) -> Data:
    n = round(n_keys)
    z = Zipf(n, s)
    ranks = z.sample(ZIPF_SAMPLE_SIZE, seed=0)
    ks = np.unique(np.round(np.logspace(0, math.log10(n), 13)).astype(np.int64))
    sorted_ranks = np.sort(ranks)
    sampled = np.searchsorted(sorted_ranks, ks, side="right") / ranks.size
    top = z.head(min(10, n))
    limit = scale_limit(z, total_wcu)
    return {
        "dist": z,
        "k": ks.astype(float),
        "sampled": sampled,
        "head_demand": top * total_wcu,
        "limit": limit,
        "sampled_top1": float(np.mean(ranks == 1)),
        "k50": z.keys_for_share(0.5),
        "k80": z.keys_for_share(0.8),
        "ymax": 3.0 * max(total_wcu, PARTITION_MAX_WCU),
    }


def _zipf_plot(fig: Figure, data: Data) -> None:
    left, right = fig.axes
    plot_top_shares(left, [data["dist"]], [(data["k"], data["sampled"])])
    demand = data["head_demand"]
    partition_bars(right, demand, PARTITION_MAX_WCU, PARTITION_MAX_WCU, labels=[str(i) for i in range(1, demand.size + 1)])
    right.set_yscale("log")
    log_axis(right, "y", numticks=4)
    right.set_xlim(-0.6, 9.6)
    right.set_ylim(1, data["ymax"])
    finish_axes(right, "The ten hottest keys, each alone", "key rank", "demand on the key (WCU/s, log scale)")
    fixed_layout(fig)


def _zipf_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_zipf_plot`'s figure for new data: the closed-form curve, the sampled dots, the ten bars'
    heights, the curve's legend label and the bars' y range. The bar count (ten), the left axes' limits, the titles
    and the ceiling do not depend on the controls."""
    left, right = fig.axes
    z: Zipf = data["dist"]
    curve, dots = left.lines[:2]
    ks = _top_share_ks(z)
    curve.set_data(ks, [z.top_share(int(k)) for k in ks])
    label = _top_share_label(z)
    relabel(left, curve, label)
    dots.set_data(data["k"], data["sampled"])
    set_partition_bars(right, data["head_demand"], PARTITION_MAX_WCU)  # always ten bars
    right.set_ylim(1, data["ymax"])


def _zipf_caption(data: Data) -> str:
    z: Zipf = data["dist"]
    lim = data["limit"]
    return (
        f"Zipf s={z.s:g} over {z.n_keys:.3g} keys: the hottest key takes {z.top_share(1):.2%} (closed form; "
        f"{data['sampled_top1']:.2%} of {ZIPF_SAMPLE_SIZE:,} sampled requests); {data['k50']:,} keys carry half the "
        f"traffic and {data['k80']:,} carry 80%. At {lim.total_demand:,.0f} WCU/s the hottest key alone demands "
        f"{lim.hottest_demand:,.0f}; the table throttles above {lim.max_total_demand:,.0f} WCU/s, however many "
        f"partitions it has, while each key's items stay on one partition ({lim.refused_fraction:.1%} refused now)."
    )


zipf_head = register(
    Explorable(
        name="zipf_head",
        title="The hottest key under Zipf skew, up to 10¹² keys",
        controls=(
            Control("s", "Zipf exponent s", 0.0, 2.0, 0.99, step=0.01),
            Control("n_keys", "distinct keys", 10, 1e12, 1e10, step=0.5, scale="log"),
            Control("total_wcu", "table demand", 1_000, 100_000, 40_000, step=1_000, unit="WCU/s"),
        ),
        compute=_zipf_compute,
        plot=_zipf_plot,
        update=_zipf_update,
        caption=_zipf_caption,
        try_this=(
            "raise s from 0 to 2 and watch the hottest bar climb through the ceiling while the curve bends up; "
            "then multiply the key count by a million: at s = 1.5 the hottest key's share barely moves, so more keys "
            "do not rescue the scale limit; just above 1 (s = 1.05) it still falls several-fold."
        ),
        static=("s", "n_keys"),
        ncols=2,
        figsize=(9.5, 3.6),
    )
)


# ---------------------------------------------------------------------------------------------
# Chapter 3's numbers: head shares and scale limits, the sampled check, balls into bins
# ---------------------------------------------------------------------------------------------


def _power_of_ten_text(n: int) -> str:
    """``n`` as prose writes it: a power of ten in superscript digits (``"10¹²"``), any other count with commas.

    Examples
    --------
    >>> _power_of_ten_text(10**12), _power_of_ten_text(10_001)
    ('10¹²', '10,001')
    """
    if n > 0 and 10 ** round(math.log10(n)) == n:
        return "10" + str(round(math.log10(n))).translate(_SUPERSCRIPT)
    return f"{n:,}"


def _log10_text(n: int) -> str:
    return f"10^{{{round(math.log10(n))}}}" if n > 0 and 10 ** round(math.log10(n)) == n else f"{n:,}"


def zipf_limits_table(
    s_values: Sequence[float], n_values: Sequence[int], ceiling: float = PARTITION_MAX_WCU
) -> tuple[list[str], list[tuple[str, ...]]]:
    """The hottest key's share and the scale limit ``C / p_1 = C H(n, s)`` for Zipf exponents and key counts.

    Parameters
    ----------
    s_values : sequence of float
        Zipf exponents, each in ``[0, 10]``: at least one and at most 100 (one row each).
    n_values : sequence of int
        Key counts, each a whole number in ``[1, 10**18]``: at least one and at most 100 (two columns each).
    ceiling : float
        The per-partition ceiling ``C``, units/s, in ``(0, 1e9]``.

    Returns
    -------
    (list of str, list of tuple of str)
        Column titles and one row per exponent, for :func:`hotpart.markdown_table`: ``s``, ``p_1`` for each key
        count (a percentage), the scale limit for each key count (units/s), and the limit for infinitely many keys,
        ``C zeta(s)`` ("unbounded" for ``s <= 1``).

    Examples
    --------
    >>> header, rows = zipf_limits_table([0.5, 1.5], [10**4])
    >>> header[1], rows[1]
    ('$p_1$, $n = 10^{4}$', ('1.5', '38.6%', '2,592', '2,612'))
    """
    from scipy.special import zeta

    for name, values in (("s_values", s_values), ("n_values", n_values)):
        check_array(name, values, ndim=(0, 1), max_size=_MAX_TABLE_VALUES)  # the table's size, before any value
    ss = [check_number("s_values", x, low=0, high=10) for x in np.atleast_1d(np.asarray(s_values, dtype=object))]
    ns = [check_integer("n_values", x, low=1, high=10**18) for x in np.atleast_1d(np.asarray(n_values, dtype=object))]
    if not ss or not ns:
        raise ValueError("s_values and n_values must each hold at least one value")
    ceiling = check_number("ceiling", ceiling, low=0, high=_MAX_DEMAND, low_open=True)
    header = ["$s$"]
    header += [f"$p_1$, $n = {_log10_text(n)}$" for n in ns]
    header += [f"$T_{{\\max}}$, $n = {_log10_text(n)}$ (WCU/s)" for n in ns]
    header += ["$C\\,\\zeta(s)$, $n \\to \\infty$ (WCU/s)"]
    rows = []
    for s in ss:
        tops = [Zipf(n, s).top_share(1) for n in ns]
        rows.append(
            (
                f"{s:g}",
                *(share_text(p) for p in tops),
                *(f"{ceiling / p:,.0f}" for p in tops),
                f"{ceiling * zeta(s):,.0f}" if s > 1 else "unbounded",
            )
        )
    return header, rows


def zipf_sampled_shares(
    dists: Sequence[Zipf], n_requests: int = ZIPF_SAMPLE_SIZE, seed: int = 1, n_points: int = 13
) -> tuple[list[tuple[NDArray[np.float64], NDArray[np.float64]]], float]:
    """The share of sampled requests that hit the ``k`` hottest keys, against the closed form ``H(k, s)/H(n, s)``.

    Parameters
    ----------
    dists : sequence of Zipf
        The distributions to sample, at least one.
    n_requests : int
        Requests drawn from each, a whole number in ``[1, 10**7]``.
    seed : int
        Seed of the draws, a whole number in ``[0, 2**32 - 1]``.
    n_points : int
        Values of ``k``, spaced evenly on a log scale from 1 to the key count, in ``[2, 100]``.

    Returns
    -------
    (list of (k, share), float)
        For each distribution, the ``k`` values and the sampled shares (the ``samples`` of :func:`plot_top_shares`);
        and the largest gap between a sampled share and the closed form, a fraction.

    Examples
    --------
    >>> samples, gap = zipf_sampled_shares([Zipf(10**6, 1.0)], 20_000, seed=1)
    >>> samples[0][0][:3], gap < 0.01
    (array([ 1.,  3., 10.]), True)
    """
    if isinstance(dists, Zipf) or not isinstance(dists, Sequence) or not dists or not all(isinstance(d, Zipf) for d in dists):
        raise ValueError(f"dists = {dists!r} is not allowed: must be a non-empty sequence of Zipf")
    n_requests = check_integer("n_requests", n_requests, low=1, high=10**7)
    seed = check_integer("seed", seed, low=0, high=2**32 - 1)
    n_points = check_integer("n_points", n_points, low=2, high=100)
    samples, gap = [], 0.0
    for d in dists:
        ranks = np.sort(d.sample(n_requests, seed=seed))
        ks = np.unique(np.round(np.logspace(0, math.log10(d.n_keys), n_points)).astype(np.int64))
        shares = np.searchsorted(ranks, ks, side="right") / ranks.size
        gap = max(gap, max(abs(share - d.top_share(int(k))) for k, share in zip(ks, shares, strict=True)))
        samples.append((ks.astype(float), shares))
    return samples, float(gap)


def balls_in_bins_table(
    m_values: Sequence[int], n_partitions: int, n_runs: int = 2_000, seed: int = 1
) -> tuple[list[str], list[tuple[str, ...]]]:
    """The fullest of ``n_partitions`` partitions when ``m`` equally busy keys are hashed onto them, four ways.

    For each key count: the regime (:func:`hotpart.max_load_regime`), the exact expected fullest partition
    (:func:`hotpart.expected_max_load`), a seeded simulation (:func:`hotpart.simulated_max_load`, with its standard
    error), Raab and Steger's level (:func:`hotpart.raab_steger_max_load`), the even share ``m/n``, the excess of the
    expectation and of the level over it, and the probability that the fullest partition passes the level
    (:func:`hotpart.max_load_cdf`).

    Parameters
    ----------
    m_values : sequence of int
        Key counts, each a whole number in ``[1, 10**9]``: at least one and at most 100 (one row, and one simulation,
        each).
    n_partitions : int
        Partitions, in ``[2, 10,000]``.
    n_runs : int
        Runs of the simulation, in ``[1, 100,000]``.
    seed : int
        Seed of the simulation, in ``[0, 2**32 - 1]``.

    Returns
    -------
    (list of str, list of tuple of str)
        Column titles and one row per key count, for :func:`hotpart.markdown_table`.

    Examples
    --------
    >>> header, rows = balls_in_bins_table([1_000], 100, n_runs=200)
    >>> len(header), rows[0][0], rows[0][2]
    (9, '1,000', '18.76')
    """
    check_array("m_values", m_values, ndim=(0, 1), max_size=_MAX_TABLE_VALUES)  # the rows, before any simulation
    ms = [check_integer("m_values", x, low=1, high=10**9) for x in np.atleast_1d(np.asarray(m_values, dtype=object))]
    if not ms:
        raise ValueError("m_values must hold at least one key count")
    n = check_integer("n_partitions", n_partitions, low=2, high=10_000)
    n_runs = check_integer("n_runs", n_runs, low=1, high=100_000)
    seed = check_integer("seed", seed, low=0, high=2**32 - 1)
    header = [
        "keys $m$",
        "regime",
        "expected fullest partition (exact), keys",
        "seeded simulation, keys",
        "Raab–Steger level, keys",
        "even share $m/n$",
        "expected excess",
        "Raab–Steger excess",
        "P(fullest passes it)",
    ]
    rows = []
    for m in ms:
        c = max_load_case(m, n, n_runs=n_runs, seed=seed)
        rows.append(
            (
                f"{m:,}",
                c.regime,
                f"{c.expected:,.2f}",
                f"{c.simulated:,.2f} ± {c.simulated_se:,.2f}",
                f"{c.raab_steger:,.2f}",
                f"{c.even:,.0f}",
                f"{c.expected_excess:.2%}",
                f"{c.raab_steger_excess:.2%}",
                f"{c.p_pass:.0%}",
            )
        )
    return header, rows


@dataclass(frozen=True)
class MaxLoadCase:
    """The fullest of ``n`` partitions when ``m`` equally busy keys are hashed onto them (:func:`max_load_case`).

    Loads are keys on the partition; excesses are fractions above the even share ``m / n``.
    """

    m: int
    n: int
    #: :func:`hotpart.max_load_regime`'s name for the ratio of keys to partitions.
    regime: str
    #: The even share ``m / n``, the exact expected fullest partition, and its ratio and excess to the even share.
    even: float
    expected: float
    expected_ratio: float
    expected_excess: float
    #: Raab and Steger's level, its excess, and the probability that the fullest partition passes it (None in the
    #: sparse regime, ``m < n / ln n``, where the level has no closed form).
    raab_steger: float | None
    raab_steger_excess: float | None
    p_pass: float | None
    #: A seeded simulation's mean fullest partition, its standard error and its excess (None without runs).
    simulated: float | None
    simulated_se: float | None
    simulated_excess: float | None


def max_load_case(m: int, n: int, n_runs: int = 0, seed: int = 1) -> MaxLoadCase:
    """The fullest partition of balls into bins, four ways: exact expectation, Raab–Steger, its tail, a simulation.

    Parameters
    ----------
    m : int
        Keys, a whole number in ``[1, 10**9]``.
    n : int
        Partitions, in ``[2, 10,000]``.
    n_runs : int
        Runs of the seeded simulation (:func:`hotpart.simulated_max_load`), in ``[0, 100,000]``; 0 skips it.
    seed : int
        Seed of the simulation, in ``[0, 2**32 - 1]``.

    Returns
    -------
    MaxLoadCase

    Examples
    --------
    >>> c = max_load_case(10_000, 100)
    >>> round(c.expected, 1), f"{c.expected_excess:.0%}", f"{c.p_pass:.0%}", c.regime, c.simulated
    (126.0, '26%', '32%', 'iv', None)
    """
    m = check_integer("m", m, low=1, high=10**9)
    n = check_integer("n", n, low=2, high=10_000)
    n_runs = check_integer("n_runs", n_runs, low=0, high=100_000)
    seed = check_integer("seed", seed, low=0, high=2**32 - 1)
    even = m / n
    e = expected_max_load(m, n)
    regime = max_load_regime(m, n)
    rs = raab_steger_max_load(m, n) if regime != "sparse" else None  # no closed form when keys are few
    sim, se = simulated_max_load(m, n, n_runs=n_runs, seed=seed) if n_runs else (None, None)
    return MaxLoadCase(
        m=m,
        n=n,
        regime=regime,
        even=even,
        expected=e,
        expected_ratio=e / even,
        expected_excess=e / even - 1.0,
        raab_steger=rs,
        raab_steger_excess=rs / even - 1.0 if rs is not None else None,
        p_pass=float(1 - max_load_cdf(m, n, math.floor(rs))[0]) if rs is not None else None,
        simulated=sim,
        simulated_se=se,
        simulated_excess=sim / even - 1.0 if sim is not None else None,
    )


@dataclass(frozen=True)
class HarmonicForms:
    """The generalised harmonic number ``H(n, s)`` three ways, and the scale limits they give (:func:`harmonic_forms`)."""

    n: int
    s: float
    #: ``n`` as the chapter writes it (``"10¹²"`` for a power of ten).
    n_text: str
    #: The exact sum and the Euler–Maclaurin form.
    exact: float
    asymptotic: float
    #: The leading term ``n^(1-s) / (1-s)`` alone, for ``s < 1`` (None otherwise: it is negative above 1).
    leading: float | None
    #: Riemann's zeta at ``s`` (scipy's value), two decimals: negative below 1 (its analytic continuation).
    zeta_text: str
    #: The scale limit ``C H(n, s)`` from the exact sum, and from the leading term (None for ``s >= 1``), units/s.
    limit: float
    leading_limit: float | None
    #: The scale limit with infinitely many keys, ``C zeta(s)``, units/s (None for ``s <= 1``: unbounded).
    zeta_limit: float | None
    #: The relative difference ``|exact / published - 1|`` from a published value of ``H(n, s)`` (None without one).
    published_gap: float | None = None


def harmonic_forms(n: int, s: float, ceiling: float = PARTITION_MAX_WCU, published: float | None = None) -> HarmonicForms:
    """``H(n, s)`` exactly, by Euler–Maclaurin and by its leading term, with the scale limit ``C H(n, s)`` of each.

    Parameters
    ----------
    n : int
        Keys, a whole number in ``[1, 10**18]``.
    s : float
        The Zipf exponent, in ``[0, 10]``.
    ceiling : float
        The per-partition ceiling ``C``, units/s, in ``(0, 1e9]``.
    published : float, optional
        A published value of ``H(n, s)`` to compare the exact sum with, ``> 0`` and finite, and large enough that
        the exact sum over it is finite (a subnormal is refused by name).

    Returns
    -------
    HarmonicForms

    Examples
    --------
    >>> h = harmonic_forms(10**12, 0.99)
    >>> h.n_text, round(h.exact, 2), round(h.leading, 1), h.zeta_text, h.zeta_limit
    ('10¹²', 32.4, 131.8, '-99.42', None)
    """
    from scipy.special import zeta

    n = check_integer("n", n, low=1, high=10**18)
    s = check_number("s", s, low=0, high=10)
    ceiling = check_number("ceiling", ceiling, low=0, high=_MAX_DEMAND, low_open=True)
    if published is not None:
        published = check_number("published", published, low=0, high=_MAX_KEYS, low_open=True)
    exact = harmonic(n, s)
    if published is not None:
        check_divisor("published", published, exact, f"the exact sum H = {exact:g} / published, their gap")
    leading = n ** (1 - s) / (1 - s) if s < 1 else None
    return HarmonicForms(
        n=n,
        s=s,
        n_text=_power_of_ten_text(n),
        exact=exact,
        asymptotic=harmonic_asymptotic(n, s),
        leading=leading,
        zeta_text=f"{float(zeta(s)):.2f}",
        limit=ceiling * exact,
        leading_limit=ceiling * leading if leading is not None else None,
        zeta_limit=ceiling * float(zeta(s)) if s > 1 else None,
        published_gap=abs(exact / published - 1) if published is not None else None,
    )


def keys_above_ceiling(dist: Zipf, total_demand: float, ceiling: float = PARTITION_MAX_WCU) -> int:
    """How many keys of a Zipf distribution are each offered more than the ceiling on their own.

    Key ``k`` is offered ``total_demand * k^-s / H(n, s)``, so the keys above ``C`` are those with
    ``k < (total_demand p_1 / C)^(1/s)``, and there are at most ``total_demand / C`` of them (the shares sum to
    one); they are counted from :meth:`Zipf.head` up to the smaller bound.

    Parameters
    ----------
    dist : Zipf
        The distribution of requests over keys.
    total_demand : float
        The table's demand, units/s, in ``[0, 1e9]``.
    ceiling : float
        The per-partition ceiling ``C``, units/s, in ``(0, 1e9]``, and at least ``total_demand`` over the largest
        float (so that ``total_demand / C`` is finite; a subnormal is refused by name).

    Returns
    -------
    int
        Keys offered more than ``ceiling``.

    Examples
    --------
    >>> keys_above_ceiling(Zipf(10**8, 1.2), 50_000)
    6
    """
    if not isinstance(dist, Zipf):
        raise ValueError(f"dist = {dist!r} is not allowed: must be a Zipf")
    total = check_number("total_demand", total_demand, low=0, high=_MAX_DEMAND)
    ceiling = check_number("ceiling", ceiling, low=0, high=_MAX_DEMAND, low_open=True)
    check_divisor("ceiling", ceiling, total, "total_demand / ceiling, the most keys above it")
    hottest = total * dist.top_share(1)
    if hottest <= ceiling:
        return 0
    if dist.s == 0:
        return int(dist.n_keys)
    # shares sum to 1, so at most total / ceiling keys pass it; and key k passes only if k^s < hottest / ceiling
    bound = min(int(dist.n_keys), math.floor(total / ceiling) + 1)
    log_k = math.log(hottest / ceiling) / dist.s
    if log_k < math.log(bound):
        bound = min(bound, math.floor(math.exp(log_k)) + 1)
    return int(np.count_nonzero(total * dist.head(bound) > ceiling))


@dataclass(frozen=True)
class ZipfLimitGrowth:
    """How much more keys raise the scale limit ``C H(n, s)`` at one exponent (:func:`zipf_limit_growth`)."""

    s: float
    n_from: int
    n_to: int
    #: The hottest key's share at each key count, fractions.
    p1_from: float
    p1_to: float
    #: The scale limit ``C / p_1`` at each key count, units/s, and their ratio ``limit_to / limit_from``.
    limit_from: float
    limit_to: float
    growth: float


def zipf_limit_growth(s: float, n_from: int, n_to: int, ceiling: float = PARTITION_MAX_WCU) -> ZipfLimitGrowth:
    """The scale limit ``C H(n, s)`` at two key counts, and how much it grows from one to the other.

    The growth is continuous in ``s``: just above 1, :math:`\\zeta(s) \\approx 1/(s-1)` is large and the
    :math:`n^{1-s}` term dies away slowly, so more keys still raise the limit a lot; well above 1 they hardly do.

    Parameters
    ----------
    s : float
        The Zipf exponent, in ``[0, 10]``.
    n_from, n_to : int
        The two key counts, whole numbers in ``[1, 10**18]``, ``n_from <= n_to``.
    ceiling : float
        The per-partition ceiling ``C``, units/s, in ``(0, 1e9]``.

    Returns
    -------
    ZipfLimitGrowth

    Examples
    --------
    >>> g = zipf_limit_growth(1.05, 10**4, 10**12)
    >>> round(g.limit_from), round(g.limit_to), round(g.growth, 2)
    (7962, 15557, 1.95)
    """
    s = check_number("s", s, low=0, high=10)
    n_from = check_integer("n_from", n_from, low=1, high=10**18)
    n_to = check_integer("n_to", n_to, low=n_from, high=10**18)
    ceiling = check_number("ceiling", ceiling, low=0, high=_MAX_DEMAND, low_open=True)
    h_from, h_to = harmonic(n_from, s), harmonic(n_to, s)
    return ZipfLimitGrowth(
        s=s,
        n_from=n_from,
        n_to=n_to,
        p1_from=1.0 / h_from,
        p1_to=1.0 / h_to,
        limit_from=ceiling * h_from,
        limit_to=ceiling * h_to,
        growth=h_to / h_from,
    )


def zipf_flat_exponent(n_from: int, n_to: int, max_growth: float = 1.1) -> float:
    """The smallest Zipf exponent above 1 at which going from ``n_from`` to ``n_to`` keys raises the limit at most
    ``max_growth``-fold.

    The growth ``H(n_to, s) / H(n_from, s)`` falls as ``s`` rises, so the exponent is the root of
    ``H(n_to, s) / H(n_from, s) = max_growth`` on ``(1, 10]`` (the ceiling cancels).

    Parameters
    ----------
    n_from, n_to : int
        The two key counts, whole numbers in ``[1, 10**18]``, ``n_from < n_to``.
    max_growth : float
        The growth called "barely", a ratio in ``(1, 100]``; it must be below the growth at ``s = 1``.

    Returns
    -------
    float
        The exponent ``s``.

    Examples
    --------
    >>> round(zipf_flat_exponent(10**4, 10**12), 2)
    1.24
    """
    from scipy.optimize import brentq

    n_from = check_integer("n_from", n_from, low=1, high=10**18)
    n_to = check_integer("n_to", n_to, low=n_from + 1, high=10**18)
    max_growth = check_number("max_growth", max_growth, low=1, high=100, low_open=True)
    at_one = harmonic(n_to, 1.0) / harmonic(n_from, 1.0)
    if max_growth >= at_one:
        raise ValueError(
            f"max_growth = {max_growth!r} is out of range: must be below the growth at s = 1, {at_one:.3g}, "
            f"for {n_from:,} to {n_to:,} keys"
        )
    return float(brentq(lambda s: harmonic(n_to, s) / harmonic(n_from, s) - max_growth, 1.0, 10.0, xtol=1e-10))


def max_load_regime_starts(n: int) -> dict[str, float]:
    """Where each of Raab & Steger's regimes begins, in keys, for ``n`` partitions: the cut-offs
    :func:`hotpart.max_load_regime` applies, sharp, at a finite ``n``.

    With :math:`L = \\ln n`: regime i from :math:`n / L` keys, ii from :math:`0.1\\, n L`, iii from :math:`10\\, n L`
    and iv from :math:`n L^3`. The theorem's regimes are asymptotic; treating these as sharp boundaries is the
    course's choice.

    Parameters
    ----------
    n : int
        Partitions, in ``[2, 10**15]``.

    Returns
    -------
    dict of str to float
        Keys at which regimes ``"i"``, ``"ii"``, ``"iii"`` and ``"iv"`` begin.

    Examples
    --------
    >>> {k: round(v) for k, v in max_load_regime_starts(100).items()}
    {'i': 22, 'ii': 46, 'iii': 4605, 'iv': 9766}
    """
    n = check_integer("n", n, low=2, high=10**15)
    ln = math.log(n)
    return {"i": n / ln, "ii": 0.1 * n * ln, "iii": 10 * n * ln, "iv": n * ln**3}
