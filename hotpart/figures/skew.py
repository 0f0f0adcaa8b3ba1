"""Chapter 3's explorable, tables and figure: the Zipf head, the scale limit, and balls into bins.

Models: :mod:`hotpart.models.skew` (``Zipf``), :mod:`~hotpart.models.scale_limits` (``scale_limit``) and
:mod:`~hotpart.models.max_load` (``expected_max_load``, ``max_load_cdf``, ``raab_steger_max_load``,
``simulated_max_load``). Notebook: ``notebooks/03_zipf.ipynb``. The explorable ``zipf_head``; the chapter's top-share
plot (``plot_top_shares``) and tables (``zipf_limits_table``, ``zipf_sampled_shares``, ``balls_in_bins_table``), tested
in ``tests/test_chapters_1_7.py``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from numpy.typing import NDArray
from scipy.special import zeta

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, log_axis, partition_bars
from ..models import (
    PARTITION_MAX_WCU,
    Zipf,
    expected_max_load,
    max_load_cdf,
    max_load_regime,
    raab_steger_max_load,
    scale_limit,
    simulated_max_load,
)
from ..models._validation import check_array, check_integer, check_number
from .key_designs import _MAX_DEMAND

__all__ = [
    "balls_in_bins_table",
    "zipf_limits_table",
    "zipf_sampled_shares",
    "plot_top_shares",
]

#: Keys on a top-share axis, at most.
_MAX_KEYS = 1e18


def plot_top_shares(
    ax: Axes,
    dists: Sequence[Zipf],
    samples: Sequence[tuple[NDArray[np.float64], NDArray[np.float64]]] | None = None,
    k_max: float = 1e12,
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

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_top_shares(ax, [Zipf(1_000, 1.0)], k_max=1e4)
    """
    k_max = check_number("k_max", k_max, low=1, high=_MAX_KEYS, low_open=True)
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
        ks = np.unique(np.round(np.logspace(0, math.log10(d.n_keys), 60)).astype(np.int64))
        color = palette[i % len(palette)]
        label = f"closed form, s={d.s:g}, n={d.n_keys:.0e} keys"
        ax.plot(ks, [d.top_share(int(k)) for k in ks], color=color, lw=1.8, label=label)
        if samples is not None:
            k, share = samples[i]
            ax.plot(k, share, "o", ms=3.5, color=color, mfc="white", label="sampled requests" if i == 0 else None)
    ax.set_xscale("log")
    # few decade labels: each is mathtext, and laying out a dozen of them dominates the render time
    log_axis(ax, "x", numticks=5)
    ax.set_xlim(1, k_max)
    ax.set_ylim(0, 1.02)
    finish_axes(ax, "How few keys carry the traffic", "k hottest keys (log scale)", "share of requests", loc="upper left")


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
        title="The hottest key under Zipf skew, up to 10^12 keys",
        controls=(
            Control("s", "Zipf exponent s", 0.0, 2.0, 0.99, step=0.01),
            Control("n_keys", "distinct keys", 10, 1e12, 1e10, step=0.5, scale="log"),
            Control("total_wcu", "table demand", 1_000, 100_000, 40_000, step=1_000, unit="WCU/s"),
        ),
        compute=_zipf_compute,
        plot=_zipf_plot,
        caption=_zipf_caption,
        try_this=(
            "raise s from 0 to 2 and watch the hottest bar climb through the ceiling while the curve bends up; "
            "then multiply the key count by a million: for s above 1 the hottest key's share barely moves, "
            "so more keys do not rescue the scale limit."
        ),
        static=("s", "n_keys"),
        ncols=2,
        figsize=(9.5, 3.6),
    )
)


# ---------------------------------------------------------------------------------------------
# Chapter 3's numbers: head shares and scale limits, the sampled check, balls into bins
# ---------------------------------------------------------------------------------------------


def _log10_text(n: int) -> str:
    return f"10^{{{round(math.log10(n))}}}" if n > 0 and 10 ** round(math.log10(n)) == n else f"{n:,}"


def zipf_limits_table(
    s_values: Sequence[float], n_values: Sequence[int], ceiling: float = PARTITION_MAX_WCU
) -> tuple[list[str], list[tuple[str, ...]]]:
    """The hottest key's share and the scale limit ``C / p_1 = C H(n, s)`` for Zipf exponents and key counts.

    Parameters
    ----------
    s_values : sequence of float
        Zipf exponents, each in ``[0, 10]``, at least one.
    n_values : sequence of int
        Key counts, each a whole number in ``[1, 10**18]``, at least one.
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
                *(f"{100 * p:.3g}%" for p in tops),
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
        Key counts, each a whole number in ``[1, 10**9]``, at least one.
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
        e = expected_max_load(m, n)
        sim, se = simulated_max_load(m, n, n_runs=n_runs, seed=seed)
        rs = raab_steger_max_load(m, n)
        p_pass = float(1 - max_load_cdf(m, n, math.floor(rs))[0])
        even = m / n
        rows.append(
            (
                f"{m:,}",
                max_load_regime(m, n),
                f"{e:,.2f}",
                f"{sim:,.2f} ± {se:,.2f}",
                f"{rs:,.2f}",
                f"{even:,.0f}",
                f"{e / even - 1:.2%}",
                f"{rs / even - 1:.2%}",
                f"{p_pass:.0%}",
            )
        )
    return header, rows
