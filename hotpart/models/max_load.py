"""Balls into bins: how many of ``m`` equally busy keys the fullest of ``n`` partitions holds.

The exact distribution of the maximum (:func:`max_load_cdf`, Levin's representation), its expectation
(:func:`expected_max_load`, :func:`expected_max_excess`), Raab and Steger's asymptotic threshold
(:func:`raab_steger_max_load`, :func:`max_load_regime`) and seeded simulations (:func:`simulated_max_load`).
Chapter 3 (``notebooks/03_zipf.ipynb``) teaches them; chapters 2 and 4 (``notebooks/02_key_designs.ipynb``,
``04_composite_keys.ipynb``) use them for high-cardinality keys.
"""

from __future__ import annotations

import functools
import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import MAX_COUNT as _MAX_COUNT
from ._validation import MAX_ELEMENTS as _MAX_ELEMENTS
from ._validation import check_array, check_count, check_seed

__all__ = [
    "expected_max_excess",
    "expected_max_load",
    "max_load_cdf",
    "max_load_regime",
    "raab_steger_max_load",
    "simulated_max_load",
]

#: Up to this many keys, :func:`max_load_cdf` convolves exactly; beyond, Levin's Edgeworth expansion.
_EXACT_CONVOLUTION_MAX_M = 500
#: Largest mean load :func:`expected_max_load` computes (the truncated Poisson is summed term by term).
_MAX_KEYS_PER_PARTITION = 10**7


def max_load_regime(m: int, n: int) -> str:
    r"""Which of Raab & Steger's regimes ``m`` balls into ``n`` bins falls in.

    With :math:`c = m / (n \ln n)`: ``"one bin"`` (n = 1), ``"sparse"``
    (:math:`m < n / \ln n`, no closed form), ``"i"`` (:math:`c < 0.1`),
    ``"ii"`` (:math:`0.1 \le c < 10`, :math:`m = c\, n \ln n`), ``"iii"``
    (:math:`10 \le c < (\ln n)^2`) and ``"iv"`` (:math:`m \ge n (\ln n)^3`).

    Parameters
    ----------
    m : int
        Balls (keys), in ``[0, MAX_COUNT]`` (:data:`hotpart.models._validation.MAX_COUNT`, 2**53).
    n : int
        Bins (partitions), in ``[1, MAX_COUNT]``.

    Returns
    -------
    str
        The regime's name.

    Examples
    --------
    >>> max_load_regime(10**6, 10), max_load_regime(1000, 1000), max_load_regime(10, 10**4)
    ('iv', 'ii', 'sparse')
    """
    m = check_count("m", m, low=0)
    n = check_count("n", n, low=1)
    if n == 1:
        return "one bin"
    ln = math.log(n)
    c = m / (n * ln)
    if c >= ln * ln:
        return "iv"
    if c >= 10:
        return "iii"
    if c >= 0.1:
        return "ii"
    return "i" if m >= n / ln else "sparse"


def raab_steger_max_load(m: int, n: int) -> float:
    r"""Raab & Steger's (1998) asymptotic maximum load of ``m`` balls in ``n`` bins, with :math:`\alpha = 1`.

    Their Theorem 1, regime by regime (:func:`max_load_regime`), with
    :math:`L = \ln n`:

    * i: :math:`\frac{L}{\ln z}\left(1 + \frac{\ln\ln z}{\ln z}\right)`, :math:`z = n L / m`;
    * ii: :math:`d_c L`, with :math:`d_c > c` the root of :math:`1 + x(\ln c - \ln x + 1) - c = 0`;
    * iii: :math:`m/n + \sqrt{2 (m/n) L}`;
    * iv: :math:`m/n + \sqrt{2 (m/n) L \left(1 - \frac{\ln L}{2L}\right)}`.

    These are first-order asymptotics of the sharp threshold of their
    theorem: with probability tending to 1 the maximum stays under the level
    for any :math:`\alpha > 1` and passes it for any :math:`\alpha < 1`; at
    :math:`\alpha = 1` itself the theorem says neither. They are not the
    expectation: they lie above the mean of the maximum (by 7% of the excess
    at 10,000 keys on 100 partitions, more at small sizes), and neither are
    they a level the maximum rarely passes: at that size it passes it in about
    a third of layouts (``1 - max_load_cdf(m, n, floor(level))``). Their
    relative error shrinks slowly with ``n``. For the expectation use
    :func:`expected_max_load`.

    Returns
    -------
    float
        The asymptotic threshold of the maximum load, keys per partition;
        NaN never: the sparse regime raises ``ValueError``.

    Examples
    --------
    >>> round(raab_steger_max_load(10**6, 100), 1)
    10277.2
    """
    m = check_count("m", m, low=0)
    n = check_count("n", n, low=1)
    regime = max_load_regime(m, n)
    if regime == "one bin":
        return float(m)
    if regime == "sparse":
        raise ValueError(f"m = {m} is out of range for a closed form with n = {n}: must be >= n / ln n = {n / math.log(n):.1f}")
    ln = math.log(n)
    mean = m / n
    if regime == "iv":
        return mean + math.sqrt(2 * mean * ln * (1 - math.log(ln) / (2 * ln)))
    if regime == "iii":
        return mean + math.sqrt(2 * mean * ln)
    c = m / (n * ln)
    if regime == "ii":
        from scipy.optimize import brentq

        d = brentq(lambda x: 1 + x * (math.log(c) - math.log(x) + 1) - c, c * (1 + 1e-12), 100 * c + 10)
        return d * ln
    z = n * ln / m
    return ln / math.log(z) * (1 + math.log(math.log(z)) / math.log(z))


@functools.lru_cache(maxsize=1024)
def _simulated_max_load(m: int, n: int, n_runs: int, seed: int) -> tuple[float, float]:
    rng = np.random.default_rng(seed)
    maxima = np.empty(n_runs)
    batch = max(1, min(n_runs, 2_000_000 // n))
    done = 0
    while done < n_runs:
        size = min(batch, n_runs - done)
        maxima[done : done + size] = rng.multinomial(m, np.full(n, 1.0 / n), size=size).max(axis=1)
        done += size
    return float(maxima.mean()), float(maxima.std(ddof=1) / math.sqrt(n_runs)) if n_runs > 1 else 0.0


def simulated_max_load(m: int, n: int, n_runs: int = 400, seed: int = 0) -> tuple[float, float]:
    """Mean maximum load of ``m`` balls in ``n`` bins over ``n_runs`` seeded runs, and its standard error.

    Each run draws the bins' loads at once (multinomial), so the cost is
    O(n * n_runs) whatever ``m`` is. Cached.

    Parameters
    ----------
    m : int
        Balls (keys), ``>= 0``.
    n : int
        Bins (partitions), in ``[1, 10**5]``.
    n_runs : int
        Runs, in ``[1, 10**5]``.
    seed : int
        Seed.
        A whole number ``>= 0``; ``None`` is refused (:func:`hotpart.models._validation.check_seed`).

    Returns
    -------
    (float, float)
        Mean maximum load (keys) and its standard error.

    Examples
    --------
    >>> simulated_max_load(1, 10)
    (1.0, 0.0)
    """
    return _simulated_max_load(
        check_count("m", m, low=0),
        check_count("n", n, low=1, high=10**5),
        check_count("n_runs", n_runs, low=1, high=10**5),
        check_seed("seed", seed),
    )


def _poisson_log_pmf(j: NDArray[np.float64], lam: float) -> NDArray[np.float64]:
    from scipy.special import gammaln

    return j * math.log(lam) - lam - gammaln(j + 1.0)


def _levin_constant(m: int) -> float:
    """log(m! / (m**m e**-m)), the constant of Levin's representation with s = m."""
    from scipy.special import gammaln

    return float(gammaln(m + 1.0) - m * math.log(m) + m)


def _max_load_cdf_exact(m: int, n: int, ks: NDArray[np.int64]) -> NDArray[np.float64]:
    """P(max <= k) by Levin's representation, P(W = m) by exact (direct) convolution; for small m."""
    lam = m / n
    out = np.empty(ks.size)
    for i, k in enumerate(ks.tolist()):
        j = np.arange(0, min(k, m) + 1, dtype=float)
        logp = _poisson_log_pmf(j, lam)
        top = float(logp.max())
        log_f = top + math.log(math.fsum(np.exp(logp - top)))
        p = np.exp(logp - log_f)
        # n-fold convolution of the truncated pmf, kept to the coefficients 0..m
        result, base, e = np.array([1.0]), p, n
        while e:
            if e & 1:
                result = np.convolve(result, base)[: m + 1]
            e >>= 1
            if e:
                base = np.convolve(base, base)[: m + 1]
        pw = float(result[m]) if m < result.size else 0.0
        out[i] = math.exp(_levin_constant(m) + n * log_f + math.log(pw)) if pw > 0 else 0.0
    return np.clip(out, 0.0, 1.0)


def _max_load_cdf_edgeworth(m: int, n: int, ks: NDArray[np.int64]) -> NDArray[np.float64]:
    """P(max <= k) by Levin's representation, P(W = m) by his Edgeworth expansion (terms to 1/n)."""
    lam = m / n
    sd = math.sqrt(lam)
    lo = max(0, math.floor(lam - 14 * sd - 30))
    hi = int(min(m, ks.max()))
    j = np.arange(lo, hi + 1, dtype=float)
    logp = _poisson_log_pmf(j, lam)
    p = np.exp(logp)
    # truncated moments for every k at once, on j - lam (small numbers: no cancellation)
    d = j - lam
    c = [np.cumsum(p * d**r) for r in range(5)]
    idx = np.clip(ks - lo, 0, hi - lo)
    mass = c[0][idx]
    log_f = np.log(mass)
    with np.errstate(divide="ignore", invalid="ignore"):
        e1 = c[1][idx] / mass
        e2 = c[2][idx] / mass
        e3 = c[3][idx] / mass
        e4 = c[4][idx] / mass
        var = e2 - e1**2
        mu3 = e3 - 3 * e1 * e2 + 2 * e1**3
        mu4 = e4 - 4 * e1 * e3 + 6 * e1**2 * e2 - 3 * e1**4
        g1 = mu3 / var**1.5
        g2 = mu4 / var**2 - 3.0
        x = (m - n * (lam + e1)) / np.sqrt(n * var)
        he3, he4, he6 = x**3 - 3 * x, x**4 - 6 * x**2 + 3, x**6 - 15 * x**4 + 45 * x**2 - 15
        corr = 1 + g1 / (6 * math.sqrt(n)) * he3 + g2 / (24 * n) * he4 + g1**2 / (72 * n) * he6
        log_pw = -0.5 * x * x - 0.5 * np.log(2 * math.pi * n * var) + np.log(corr)
        out = np.exp(_levin_constant(m) + n * log_f + log_pw)
    out = np.where(np.isfinite(out) & (corr > 0) & (var > 0), out, 0.0)
    out = np.where(ks >= m, 1.0, out)
    return np.clip(np.maximum.accumulate(out), 0.0, 1.0)


def max_load_cdf(m: int, n: int, k: ArrayLike) -> NDArray[np.float64]:
    r"""P(the fullest of ``n`` bins holds at most ``k`` balls) when ``m`` balls fall uniformly into them.

    Levin's (1981) representation of a multinomial distribution function:
    with independent :math:`Y_i \sim \text{Poisson}(m/n)` and :math:`W` the
    sum of the :math:`Y_i` each conditioned on :math:`Y_i \le k`,

    .. math:: P(\max_i X_i \le k) = \frac{m!}{m^m e^{-m}}\, P(Y_1 \le k)^n\, P(W = m),

    which is exact. :math:`P(W = m)` is an exact convolution for
    ``m <= 500`` and Levin's Edgeworth expansion (skewness and kurtosis
    terms) beyond. Where both can be computed, the expected maximum they
    give differs by at most 0.2% of the excess over ``m/n`` at ``n = 2``
    and 0.05% from ``n = 5`` on (tested), and both agree with seeded
    simulations (tested).

    Parameters
    ----------
    m : int
        Balls (equally busy keys), ``>= 1``.
    n : int
        Bins (partitions), in ``[1, 10**6]``.
    k : array_like
        Loads, keys per partition, in ``[0, MAX_COUNT]`` (:data:`hotpart.models._validation.MAX_COUNT`); fractions are
        rounded down. One number or a 1-D array of at least one and at most
        :data:`hotpart.models._validation.MAX_ELEMENTS` values (an empty or 2-D array is refused). Each distinct load
        is computed once, so the work grows with the distinct loads below ``m`` (at most ``m``), not with the size.

    Returns
    -------
    numpy.ndarray
        Probabilities, non-decreasing in ``k``; 0 below ``m/n``, 1 from ``m`` on.

    Examples
    --------
    >>> max_load_cdf(2, 2, [0, 1, 2])  # two keys, two partitions: apart with probability 1/2
    array([0. , 0.5, 1. ])
    """
    m = check_count("m", m, low=1)
    n = check_count("n", n, low=1, high=10**6)
    ks_all = check_array("k", k, low=0, high=_MAX_COUNT, empty=False, ndim=(0, 1), max_size=_MAX_ELEMENTS)
    ks_all = np.floor(ks_all).astype(np.int64).reshape(-1)
    if n == 1:
        return (ks_all >= m).astype(float)
    ks, where = np.unique(ks_all, return_inverse=True)  # each distinct load once: the work is per distinct load
    out = np.zeros(ks.size)
    inside = ks >= math.ceil(m / n)
    if inside.any():
        if m <= _EXACT_CONVOLUTION_MAX_M:
            below = inside & (ks < m)  # one convolution per distinct load below m (at most m); from m on it is 1
            out[below] = _max_load_cdf_exact(m, n, ks[below])
        else:
            order = np.argsort(ks[inside])
            vals = np.empty(order.size)
            vals[order] = _max_load_cdf_edgeworth(m, n, ks[inside][order])
            out[inside] = vals
    return np.where(ks >= m, 1.0, out)[where.reshape(-1)]


@functools.lru_cache(maxsize=1024)
def _expected_max_load(m: int, n: int) -> float:
    lam = m / n
    first = math.ceil(lam)
    last = int(min(m, math.ceil(lam + 14 * math.sqrt(lam) + 40)))
    ks = np.arange(first, last + 1, dtype=np.int64)
    tail = 1.0 - max_load_cdf(m, n, ks)
    # E[max] = sum_{j >= 0} P(max > j); P(max > j) = 1 for j < ceil(m/n)
    return first + math.fsum(tail)


def expected_max_load(m: int, n: int, n_runs: int = 400, seed: int = 0) -> float:
    r"""Expected number of keys on the fullest of ``n`` partitions when ``m`` equally busy keys hash onto them.

    The expectation itself, :math:`E[\max] = \sum_{k \ge 0} \left(1 - P(\max \le k)\right)`,
    summed over the exact distribution function of the maximum of a
    multinomial (:func:`max_load_cdf`). It is not Raab and Steger's
    asymptotic threshold (:func:`raab_steger_max_load`), which lies above
    the expectation (and which the maximum still passes in a sizeable share
    of layouts at practical sizes): at 10,000 keys on 100 partitions their form gives
    27.7% above the even share, the expectation 25.96%.

    Parameters
    ----------
    m : int
        Equally busy keys, in ``[0, 10**7 n]``.
    n : int
        Partitions, in ``[1, 10**6]``.
    n_runs, seed : int
        Ignored; kept so that older calls still work (the value is no longer simulated).

    Returns
    -------
    float
        Expected maximum keys per partition, in ``[m/n, m]``.

    Examples
    --------
    >>> round(expected_max_load(10_000, 100), 2)
    125.96
    >>> round(expected_max_load(3, 10), 2)  # 1 + P(two or three keys share a partition) + P(all three do)
    1.29
    """
    m = check_count("m", m, low=0)
    n = check_count("n", n, low=1, high=10**6)
    check_count("n_runs", n_runs, low=1)
    check_seed("seed", seed)
    if m > _MAX_KEYS_PER_PARTITION * n:
        raise ValueError(f"m = {m} is out of range: must be <= {_MAX_KEYS_PER_PARTITION:,} keys per partition (n = {n})")
    if n == 1 or m == 0:
        return float(m)
    return _expected_max_load(m, n)


def expected_max_excess(m: int, n: int) -> float:
    """How far the expected fullest partition lies above the even share ``m/n``, as a fraction of it.

    Examples
    --------
    >>> round(expected_max_excess(10_000, 100), 4)
    0.2596
    """
    m = check_count("m", m, low=1)
    n = check_count("n", n, low=1, high=10**6)
    return expected_max_load(m, n) / (m / n) - 1.0
