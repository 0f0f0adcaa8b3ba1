"""Skew: key popularity, hashing keys onto partitions, and the generalized harmonic numbers.

Chapters 2 to 4 (``notebooks/02_key_designs.ipynb``, ``03_zipf.ipynb``,
``04_composite_keys.ipynb``) are built on these models.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import MAX_COUNT as _MAX_COUNT
from ._validation import check_array, check_choice, check_count, check_number, check_seed
from .capacity import read_units
from .constants import ITEM_COLLECTION_MAX_GB, PARTITION_MAX_WCU

__all__ = [
    "DESIGN_KEYS",
    "ITEMS_ZIPF_S",
    "KEY_DESIGNS",
    "QUERY_PAGE_MAX_BYTES",
    "SALE_DURATION_H",
    "SALE_START_H",
    "Boosted",
    "Categorical",
    "DateKey",
    "days_to_collection_limit",
    "expected_max_excess",
    "expected_max_load",
    "FlashSale",
    "harmonic",
    "harmonic_asymptotic",
    "item_collection_gb",
    "key_design",
    "KeyDistribution",
    "load_over_time",
    "max_load_cdf",
    "max_load_regime",
    "partition_load",
    "partition_of",
    "query_cost",
    "QueryRead",
    "raab_steger_max_load",
    "scale_limit",
    "ScaleLimit",
    "simulated_max_load",
    "Uniform",
    "Zipf",
]

#: Below this n, :func:`harmonic` sums the terms explicitly.
_EXPLICIT_MAX_N = 1_000
#: Terms summed explicitly before the Euler–Maclaurin tail starts.
_EM_HEAD = 32
#: Bernoulli numbers B_2, B_4, ..., B_16.
_BERNOULLI = (1 / 6, -1 / 30, 1 / 42, -1 / 30, 5 / 66, -691 / 2730, 7 / 6, -3617 / 510)


def _em_tail(m: int, n: int, s: float) -> float:
    """sum_{k=m}^{n} k**-s by Euler–Maclaurin, for m >= 32."""
    log_ratio = math.log(n / m)
    # integral_m^n x**-s dx, written to stay accurate as s -> 1
    if s == 1.0:
        integral = log_ratio
    else:
        integral = m ** (1.0 - s) * math.expm1((1.0 - s) * log_ratio) / (1.0 - s)
    total = integral + 0.5 * (m**-s + n**-s)
    # + sum_j B_2j / (2j)! * (f^(2j-1)(n) - f^(2j-1)(m)), with f^(r)(x) = (-1)^r s(s+1)...(s+r-1) x^(-s-r)
    rising = s  # s (s+1) ... (s + r - 1) for r = 1
    for j, b in enumerate(_BERNOULLI, start=1):
        r = 2 * j - 1
        if j > 1:
            rising *= (s + r - 2) * (s + r - 1)
        if rising == 0.0:
            break
        term = b / math.factorial(2 * j) * (-rising) * (n ** (-s - r) - m ** (-s - r))
        total += term
    return total


def harmonic(n: int, s: float) -> float:
    r"""The generalized harmonic number :math:`H(n, s) = \sum_{k=1}^{n} k^{-s}`.

    An explicit sum (``math.fsum``) for ``n <= 1000``; above that, the first
    31 terms summed explicitly plus an Euler–Maclaurin tail with eight
    Bernoulli corrections, O(1) in ``n`` and accurate to about 1e-15 relative
    for every ``s >= 0`` (``s = 1`` included).

    Parameters
    ----------
    n : int
        Number of terms, ``>= 1`` (up to about 1e300).
    s : float
        Exponent, ``>= 0``.

    Returns
    -------
    float
        H(n, s); ``n`` for ``s = 0`` and the n-th harmonic number for ``s = 1``.

    Examples
    --------
    >>> harmonic(4, 1)
    2.0833333333333335
    >>> harmonic(10**12, 0)
    1000000000000.0
    >>> round(harmonic(10**10, 0.99), 10)  # YCSB's ScrambledZipfianGenerator.ZETAN
    26.4690282018
    """
    n = check_count("n", n, low=1)
    s = check_number("s", s, low=0, high=math.inf, high_open=True)
    if s == 0.0:
        return float(n)
    if n <= _EXPLICIT_MAX_N:
        return math.fsum(k**-s for k in range(1, n + 1))
    head = math.fsum(k**-s for k in range(1, _EM_HEAD))
    return head + _em_tail(_EM_HEAD, n, s)


def harmonic_asymptotic(n: int, s: float) -> float:
    r"""The Euler–Maclaurin form of the generalized harmonic number :math:`H(n, s)`, for large ``n``.

    .. math:: H(n, s) \approx \zeta(s) + \frac{n^{1-s}}{1-s} + \frac{n^{-s}}{2} - \frac{s\, n^{-s-1}}{12}

    For ``s = 1`` the same expansion reads :math:`\ln n + \gamma + \frac{1}{2n} - \frac{1}{12 n^2}`.
    It holds for every ``s > 0`` (for ``s < 1`` with :math:`\zeta(s)` the
    analytic continuation, which is negative), with an error of the order
    of the next term, :math:`s(s+1)(s+2)\, n^{-s-3} / 720`, so it is
    accurate once ``n`` is large (tested against :func:`harmonic`). The
    constant :math:`\zeta(s)` is what the bare leading term
    :math:`n^{1-s}/(1-s)` drops: near ``s = 1`` it is close to
    :math:`1/(s-1)`, and leaving it out overstates :math:`H` by about
    :math:`1/(1-s)`.

    Parameters
    ----------
    n : int
        Number of terms, ``>= 1``.
    s : float
        Exponent, in ``(0, 20]``.

    Returns
    -------
    float
        The approximation of H(n, s).

    Examples
    --------
    >>> round(harmonic_asymptotic(10**12, 0.99), 4), round(harmonic(10**12, 0.99), 4)
    (32.4022, 32.4022)
    >>> round(10**(12 * 0.01) / 0.01, 1)  # the leading term alone
    131.8
    """
    from scipy.special import zeta

    n = check_count("n", n, low=1)
    s = check_number("s", s, low=0, high=20, low_open=True)
    if s == 1.0:
        return math.log(n) + float(np.euler_gamma) + 0.5 / n - 1.0 / (12.0 * n * n)
    return float(zeta(s)) + n ** (1.0 - s) / (1.0 - s) + 0.5 * n**-s - s * n ** (-s - 1.0) / 12.0


def partition_of(keys: str | Iterable[str], n_partitions: int) -> NDArray[np.int64]:
    """Partition index of each key: MD5 to a 128-bit integer, then contiguous hash ranges.

    The hash space ``[0, 2**128)`` is cut into ``n_partitions`` equal,
    contiguous ranges, and a key belongs to the range its hash falls in:
    ``partition = hash * n_partitions // 2**128``. This is how Cassandra's
    RandomPartitioner places keys; DynamoDB's own hash function is internal,
    so the model fixes MD5 to be deterministic across processes and machines.

    Parameters
    ----------
    keys : str or iterable of str
        Partition-key values (UTF-8 encoded before hashing).
    n_partitions : int
        Number of partitions, in ``[1, 2**63]`` (the indices are int64; integers are taken exactly, so
        ``2**62`` partitions give a 62-bit hash position).

    Returns
    -------
    numpy.ndarray
        int64 partition indices in ``[0, n_partitions)``, one per key.

    Examples
    --------
    >>> partition_of(["USER#1", "USER#2", "2026-04-01"], 4)
    array([3, 1, 2])
    >>> partition_of("ACTIVE", 10)
    array([0])
    """
    n = check_count("n_partitions", n_partitions, low=1, high=2**63)
    try:
        items = [keys] if isinstance(keys, str) else list(keys)
    except TypeError:
        raise ValueError(f"keys = {keys!r} is not allowed: must be a str or an iterable of str") from None
    out = np.empty(len(items), dtype=np.int64)
    for i, key in enumerate(items):
        if not isinstance(key, str):
            raise ValueError(f"keys[{i}] = {key!r} is not a string: partition keys must be str")
        digest = hashlib.md5(key.encode("utf-8"), usedforsecurity=False).digest()
        out[i] = (int.from_bytes(digest, "big") * n) >> 128
    return out


# ---------------------------------------------------------------------------------------------
# Key-popularity distributions
# ---------------------------------------------------------------------------------------------

#: Largest key space whose shares :meth:`KeyDistribution.shares` lists in full (a memory limit, not a model).
_LIST_MAX_KEYS: Final[int] = 10_000_000
#: Ranks hashed one by one (exactly) by :meth:`KeyDistribution.partition_shares`; beyond, strata are sampled
#: (a computation limit: the sampled strata have the exact mean and the multinomial spread).
_EXACT_MAX_KEYS: Final[int] = 100_000
#: Hottest ranks always hashed exactly when the key space is sampled.
_HEAD_KEYS = 2_000
#: Ratio between the ends of one sampled stratum of ranks.
_STRATUM_RATIO = 1.1
#: Seconds per day.
_DAY_S = 86_400.0
#: Up to this many keys, :func:`max_load_cdf` convolves exactly; beyond, Levin's Edgeworth expansion.
_EXACT_CONVOLUTION_MAX_M = 500
#: Largest mean load :func:`expected_max_load` computes (the truncated Poisson is summed term by term).
_MAX_KEYS_PER_PARTITION = 10**7
#: Bytes per gigabyte: DynamoDB's sizes are binary, 1 GB = 1024 MB (SOURCES["DYNAMODB_BINARY_SIZE_UNITS"]).
_GB = 1024**3


#: Names the package used to export; they are computation limits, not model constants, so they are private now.
@functools.lru_cache(maxsize=128)
def _range_partitions(prefix: str, start: int, stop: int, n_partitions: int) -> NDArray[np.int64]:
    """Partitions of the keys ``prefix + str(r)`` for ``r`` in ``[start, stop)``, cached and read-only."""
    out = partition_of([f"{prefix}{r}" for r in range(start, stop)], n_partitions)
    out.setflags(write=False)
    return out


@functools.lru_cache(maxsize=512)
def _names_partitions(names: tuple[str, ...], n_partitions: int) -> NDArray[np.int64]:
    """Partitions of the given key names, cached and read-only."""
    out = partition_of(names, n_partitions)
    out.setflags(write=False)
    return out


def _check_partitions(n_partitions: int) -> int:
    return check_count("n_partitions", n_partitions, low=1, high=10**6)


class KeyDistribution:
    """How requests spread over the values of a partition key: the common interface.

    Every distribution offers :meth:`shares` (for key spaces small enough to
    list), :meth:`top_share`, :meth:`effective_cardinality`,
    :meth:`excess_over`, :meth:`partition_shares` and :meth:`at` (the
    distribution at a moment, for the ones that change over time). Shares
    are fractions of all requests and sum to 1.
    """

    n_keys: int

    # -- to implement ---------------------------------------------------------------------
    def shares(self) -> NDArray[np.float64]:  # pragma: no cover - abstract
        """Every key's share of requests, in the order of :meth:`keys`."""
        raise NotImplementedError

    def keys(self) -> list[str]:  # pragma: no cover - abstract
        """Every key's name, in the order of :meth:`shares`."""
        raise NotImplementedError

    # -- shared ---------------------------------------------------------------------------
    def _sorted(self) -> NDArray[np.float64]:
        return np.sort(self.shares())[::-1]

    def _check_k(self, k: int) -> int:
        return check_count("k", k, low=0, high=self.n_keys)

    def top_share(self, k: int = 1) -> float:
        """Combined share of the ``k`` hottest keys; ``top_share(1)`` is the hottest key's share.

        Parameters
        ----------
        k : int
            Number of keys, in ``[0, n_keys]``.

        Returns
        -------
        float
            A fraction in ``[0, 1]``, non-decreasing in ``k``.
        """
        k = self._check_k(k)
        return float(math.fsum(self._sorted()[:k])) if k else 0.0

    def effective_cardinality(self) -> float:
        r"""The number of equally popular keys that would be as concentrated: :math:`1 / \sum_k p_k^2`.

        It equals ``n_keys`` for a uniform distribution and 1 when one key takes everything.
        """
        p = self.shares()
        return 1.0 / math.fsum(p * p)

    def _count_above(self, threshold: float) -> int:
        return int(np.count_nonzero(self.shares() > threshold))

    def keys_for_share(self, share: float) -> int:
        """The fewest keys that together carry at least ``share`` of requests (hottest first).

        Parameters
        ----------
        share : float
            A fraction in ``[0, 1]``.

        Returns
        -------
        int
            The smallest ``k`` with ``top_share(k) >= share``, in ``[0, n_keys]``.

        Examples
        --------
        >>> Zipf(100, 1.0).keys_for_share(0.5)
        8
        """
        q = check_number("share", share, low=0, high=1)
        if q == 0.0:
            return 0
        lo, hi = 1, self.n_keys  # top_share(hi) = 1 >= q
        while lo < hi:
            mid = (lo + hi) // 2
            if self.top_share(mid) >= q * (1 - 1e-12):
                hi = mid
            else:
                lo = mid + 1
        return lo

    def excess_over(self, threshold: float) -> float:
        r"""Share of requests above a per-key cap: :math:`\sum_k \max(0, p_k - t)`.

        With ``t = ceiling / total_demand`` this is the fraction of demand
        refused when every key has a partition of its own.

        Parameters
        ----------
        threshold : float
            The cap ``t``, a share in ``[0, 1]``.

        Returns
        -------
        float
            A fraction in ``[0, 1]``, non-increasing in ``threshold``.

        Examples
        --------
        >>> round(Zipf(100, 1.0).excess_over(0.1), 3)
        0.093
        """
        t = check_number("threshold", threshold, low=0, high=1)
        k = self._count_above(t)
        return max(0.0, self.top_share(k) - k * t) if k else 0.0

    def partition_shares(self, n_partitions: int, seed: int = 0) -> NDArray[np.float64]:
        """Share of requests landing on each partition: the shares of its keys, summed.

        Keys are placed with :func:`partition_of` (MD5, contiguous hash
        ranges). Exact for key spaces that can be listed; see the
        distributions with huge key spaces for how they sample.

        Parameters
        ----------
        n_partitions : int
            Number of partitions, in ``[1, 10**6]``.
        seed : int
            Seed for the sampled part, if any (ignored when exact).
            A whole number ``>= 0``; ``None`` is refused (:func:`hotpart.models._validation.check_seed`).

        Returns
        -------
        numpy.ndarray
            ``n_partitions`` shares summing to 1.

        Examples
        --------
        >>> Categorical({"a": 0.5, "b": 0.5}).partition_shares(4).round(2)
        array([0.5, 0. , 0.5, 0. ])
        """
        n = _check_partitions(n_partitions)
        check_seed("seed", seed)
        parts = _names_partitions(tuple(self.keys()), n)
        return np.bincount(parts, weights=self.shares(), minlength=n)

    def at(self, t_h: float) -> KeyDistribution:
        """The distribution at time ``t_h`` hours; a distribution that does not change returns itself.

        Parameters
        ----------
        t_h : float
            Hours since the start, ``>= 0`` and finite.

        Examples
        --------
        >>> Zipf(100, 1.0).at(5.0) == Zipf(100, 1.0)
        True
        """
        check_number("t_h", t_h, low=0, high=math.inf, high_open=True)
        return self

    def demand_factor(self, t_h: ArrayLike) -> NDArray[np.float64]:
        """Total demand at ``t_h`` hours relative to the baseline: 1 unless the distribution models a surge.

        Parameters
        ----------
        t_h : array_like
            Hours since the start, ``>= 0`` and finite; at least one value.

        Examples
        --------
        >>> Zipf(100, 1.0).demand_factor([0.0, 5.0])
        array([1., 1.])
        """
        t = check_array("t_h", t_h, low=0, high=math.inf, high_open=True, empty=False)
        return np.ones_like(t)


class _Ranked(KeyDistribution):
    """Keys named ``prefix + str(rank)``, rank 1 the hottest, with shares given by rank."""

    prefix: str

    # subclasses: _rank_shares(ranks) and _mass(a, b) (the share of ranks a..b, inclusive)
    def _rank_shares(self, ranks: NDArray[np.float64]) -> NDArray[np.float64]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _mass(self, a: int, b: int) -> float:  # pragma: no cover - abstract
        raise NotImplementedError

    def head(self, k: int) -> NDArray[np.float64]:
        """The shares of the ``k`` hottest keys (ranks 1 to k), hottest first; ``k`` in ``[0, min(n_keys, 10**7)]``.

        Costs O(k), whatever ``n_keys`` is.
        """
        k = check_count("k", k, low=0, high=min(self.n_keys, _LIST_MAX_KEYS))
        return self._rank_shares(np.arange(1, k + 1, dtype=float))

    def shares(self) -> NDArray[np.float64]:
        """Every key's share, rank 1 first; only for ``n_keys <= 10**7`` (use :meth:`head` beyond)."""
        if self.n_keys > _LIST_MAX_KEYS:
            raise ValueError(
                f"n_keys = {self.n_keys} is too many to list: shares() needs n_keys <= {_LIST_MAX_KEYS}; "
                "use head(k), top_share(k) or partition_shares(n) instead"
            )
        return self.head(self.n_keys)

    def keys(self) -> list[str]:
        """Every key's name, rank 1 first (``prefix`` + rank); only for ``n_keys <= 10**7``."""
        if self.n_keys > _LIST_MAX_KEYS:
            raise ValueError(f"n_keys = {self.n_keys} is too many to list: keys() needs n_keys <= {_LIST_MAX_KEYS}")
        return [f"{self.prefix}{r}" for r in range(1, self.n_keys + 1)]

    def top_share(self, k: int = 1) -> float:
        """Combined share of the ``k`` hottest keys, in O(1) (closed form).

        Parameters
        ----------
        k : int
            Number of keys, in ``[0, n_keys]``.
        """
        k = self._check_k(k)
        return self._mass(1, k) if k else 0.0

    def partition_shares(self, n_partitions: int, seed: int = 0) -> NDArray[np.float64]:
        """Share of requests on each partition: exact up to 100,000 keys, sampled with ``seed`` beyond.

        Up to 100,000 keys every key is hashed with
        :func:`partition_of`. Beyond, the 2,000 hottest keys are hashed
        exactly, and the rest are cut into strata of ranks whose ends differ
        by a factor of 1.1: each stratum's exact share (from the closed
        form) is spread over the partitions in proportion to a multinomial
        draw of how many of its keys each partition holds, which is how a
        uniform hash places them (balls into bins). The mean is exact; the
        spread between partitions has the right size; the shares sum to 1.

        Parameters
        ----------
        n_partitions : int
            Number of partitions, in ``[1, 10**6]``.
        seed : int
            Seed of the sampled strata.
            A whole number ``>= 0``; ``None`` is refused (:func:`hotpart.models._validation.check_seed`).

        Returns
        -------
        numpy.ndarray
            ``n_partitions`` shares summing to 1.

        Examples
        --------
        >>> Uniform(8).partition_shares(4).round(3)
        array([0.25 , 0.125, 0.5  , 0.125])
        """
        n = _check_partitions(n_partitions)
        seed = check_seed("seed", seed)
        return _ranked_partition_shares(self, n, seed).copy()


@functools.lru_cache(maxsize=256)
def _ranked_partition_shares(dist: _Ranked, n: int, seed: int) -> NDArray[np.float64]:
    exact = dist.n_keys if dist.n_keys <= _EXACT_MAX_KEYS else _HEAD_KEYS
    parts = _range_partitions(dist.prefix, 1, exact + 1, n)
    load = np.bincount(parts, weights=dist.head(exact), minlength=n).astype(float)
    if exact < dist.n_keys:
        rng = np.random.default_rng(seed)
        uniform = np.full(n, 1.0 / n)
        a = exact + 1
        while a <= dist.n_keys:
            b = min(dist.n_keys, max(a, int(a * _STRATUM_RATIO)))
            count = b - a + 1
            draw = rng.multinomial(count, uniform)
            load += dist._mass(a, b) * draw / count
            a = b + 1
    return load / math.fsum(load)


@dataclass(frozen=True, repr=False)
class Zipf(_Ranked):
    r"""Zipf popularity over ``n_keys`` keys: the key of rank r takes :math:`r^{-s} / H(n, s)`.

    ``s = 0`` is uniform; ``s`` near 1 is the web-cache and YCSB skew;
    larger ``s`` concentrates more. Head shares, top-k shares and the
    effective cardinality are closed forms through :func:`harmonic`, O(1) in
    ``n_keys``, so ``n_keys`` may be 10**12 or more; no array of ``n_keys``
    elements is ever built for them.

    Parameters
    ----------
    n_keys : int
        Number of distinct keys, ``>= 1``.
    s : float
        Skew exponent, in ``[0, 20]``.
    prefix : str
        Key names are ``prefix + str(rank)`` (for hashing onto partitions).

    Examples
    --------
    >>> z = Zipf(10**12, 0.99)
    >>> z
    Zipf(n_keys=1e+12, s=0.99: hottest key 3.09%, top 10 9.12%, effective cardinality 631)
    >>> z.head(3).round(4)
    array([0.0309, 0.0155, 0.0104])
    """

    n_keys: int
    s: float
    prefix: str = "KEY#"
    _h: float = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "n_keys", check_count("n_keys", self.n_keys, low=1))
        object.__setattr__(self, "s", check_number("s", self.s, low=0, high=20))
        if not isinstance(self.prefix, str):
            raise ValueError(f"prefix = {self.prefix!r} is not a string: must be str")
        object.__setattr__(self, "_h", harmonic(self.n_keys, self.s))

    def __repr__(self) -> str:
        top = f", top 10 {self.top_share(10):.2%}" if self.n_keys >= 10 else ""
        return (
            f"Zipf(n_keys={self.n_keys:.4g}, s={self.s:g}: hottest key {self.top_share(1):.2%}{top}, "
            f"effective cardinality {self.effective_cardinality():,.0f})"
        )

    def _rank_shares(self, ranks: NDArray[np.float64]) -> NDArray[np.float64]:
        return ranks**-self.s / self._h

    def _mass(self, a: int, b: int) -> float:
        if a > b:
            return 0.0
        if self.s == 0.0:
            return (b - a + 1) / self.n_keys
        below = harmonic(a - 1, self.s) if a > 1 else 0.0
        if b - a < 1_000:
            # short runs deep in the tail: sum them, rather than subtract two close numbers
            return math.fsum(k**-self.s for k in range(a, b + 1)) / self._h
        return (harmonic(b, self.s) - below) / self._h

    def effective_cardinality(self) -> float:
        """``H(n, s)**2 / H(n, 2s)``, in O(1)."""
        return self._h**2 / harmonic(self.n_keys, 2 * self.s)

    def _count_above(self, threshold: float) -> int:
        if threshold <= 0.0:
            return self.n_keys
        if self.s == 0.0:
            return self.n_keys if 1.0 / self.n_keys > threshold else 0
        # r**-s / H > t  <=>  r < (t H)**(-1/s)
        log_r = -math.log(threshold * self._h) / self.s
        if log_r >= math.log(self.n_keys):
            return self.n_keys
        if log_r <= 0.0:
            return 0
        k = int(math.exp(log_r))
        while k + 1 <= self.n_keys and (k + 1) ** -self.s / self._h > threshold:
            k += 1
        while k >= 1 and k**-self.s / self._h <= threshold:
            k -= 1
        return k

    def sample(self, size: int, seed: int = 0) -> NDArray[np.int64]:
        """Ranks of ``size`` requests drawn from the distribution (1 is the hottest key).

        Ranks up to 1,000 are drawn exactly (inverse of the explicit CDF);
        beyond, a stratum of ranks is picked by its exact share and a rank
        inside it from the continuous density ``x**-s``, so the draw never
        lists the key space.

        Parameters
        ----------
        size : int
            Number of requests, in ``[0, 10**8]``.
        seed : int
            Seed of the generator.
            A whole number ``>= 0``; ``None`` is refused (:func:`hotpart.models._validation.check_seed`).

        Returns
        -------
        numpy.ndarray
            int64 ranks in ``[1, n_keys]``.

        Examples
        --------
        >>> r = Zipf(10**12, 1.0).sample(100_000, seed=1)
        >>> bool(abs((r == 1).mean() - Zipf(10**12, 1.0).top_share(1)) < 0.003)
        True
        """
        size = check_count("size", size, low=0, high=10**8)
        rng = np.random.default_rng(check_seed("seed", seed))
        head_n = min(self.n_keys, 1_000)
        bounds = [(1, head_n)]
        a = head_n + 1
        while a <= self.n_keys:
            b = min(self.n_keys, max(a, int(a * _STRATUM_RATIO)))
            bounds.append((a, b))
            a = b + 1
        masses = np.array([self._mass(lo, hi) for lo, hi in bounds])
        which = rng.choice(len(bounds), size=size, p=masses / masses.sum())
        out = np.empty(size, dtype=np.int64)
        head_mask = which == 0
        cdf = np.cumsum(self.head(head_n))
        cdf /= cdf[-1]
        out[head_mask] = np.searchsorted(cdf, rng.random(int(head_mask.sum())), side="right") + 1
        for i in np.unique(which[~head_mask]):
            lo, hi = bounds[int(i)]
            mask = which == i
            u = rng.random(int(mask.sum()))
            x_lo, x_hi = float(lo), float(hi + 1)
            if self.s == 1.0:
                x = x_lo * np.exp(u * math.log(x_hi / x_lo))
            else:
                e = 1.0 - self.s
                x = (x_lo**e + u * (x_hi**e - x_lo**e)) ** (1.0 / e)
            out[mask] = np.clip(np.floor(x).astype(np.int64), lo, hi)
        return out


@dataclass(frozen=True, repr=False)
class Uniform(_Ranked):
    """Every one of ``n_keys`` keys equally popular: the high-cardinality key (userId, orderId, deviceId).

    Parameters
    ----------
    n_keys : int
        Number of distinct keys, ``>= 1``.
    prefix : str
        Key names are ``prefix + str(rank)``.

    Examples
    --------
    >>> Uniform(10**6, prefix="USER#")
    Uniform(n_keys=1e+06, prefix='USER#': each key 0.0001%)
    >>> Uniform(4).top_share(3)
    0.75
    """

    n_keys: int
    prefix: str = "KEY#"

    def __post_init__(self) -> None:
        object.__setattr__(self, "n_keys", check_count("n_keys", self.n_keys, low=1))
        if not isinstance(self.prefix, str):
            raise ValueError(f"prefix = {self.prefix!r} is not a string: must be str")

    def __repr__(self) -> str:
        return f"Uniform(n_keys={self.n_keys:.4g}, prefix={self.prefix!r}: each key {1 / self.n_keys:.4%})"

    def _rank_shares(self, ranks: NDArray[np.float64]) -> NDArray[np.float64]:
        return np.full(ranks.shape, 1.0 / self.n_keys)

    def _mass(self, a: int, b: int) -> float:
        return max(0, b - a + 1) / self.n_keys

    def effective_cardinality(self) -> float:
        """Exactly ``n_keys``."""
        return float(self.n_keys)

    def _count_above(self, threshold: float) -> int:
        return self.n_keys if 1.0 / self.n_keys > threshold else 0


@dataclass(frozen=True, repr=False)
class Categorical(KeyDistribution):
    """A low-cardinality key with a given mix: status, user_type, a category.

    Parameters
    ----------
    shares_by_value : mapping of str to float
        Each key value's weight, ``>= 0``, with a positive total; the weights
        are normalised to shares summing to 1.

    Examples
    --------
    >>> c = Categorical({"ACTIVE": 0.90, "INACTIVE": 0.08, "SUSPENDED": 0.02})
    >>> c
    Categorical(3 values: ACTIVE 90.0%, INACTIVE 8.0%, SUSPENDED 2.0%; effective cardinality 1.22)
    >>> c.top_share(1)
    0.9
    """

    shares_by_value: Mapping[str, float]

    def __post_init__(self) -> None:
        if not isinstance(self.shares_by_value, Mapping) or not self.shares_by_value:
            raise ValueError(
                f"shares_by_value = {self.shares_by_value!r} is not allowed: must be a non-empty mapping of str to weight"
            )
        names = list(self.shares_by_value)
        for name in names:
            if not isinstance(name, str):
                raise ValueError(f"shares_by_value key {name!r} is not a string: key values must be str")
        w = check_array("shares_by_value", [self.shares_by_value[k] for k in names], low=0, high=math.inf, high_open=True)
        total = math.fsum(w)
        if total <= 0.0:
            raise ValueError(f"shares_by_value = {dict(self.shares_by_value)!r} sums to 0: must have a positive total")
        frozen = MappingProxyType(dict(zip(names, (float(x) for x in w / total), strict=True)))
        object.__setattr__(self, "shares_by_value", frozen)

    def __repr__(self) -> str:
        items = sorted(self.shares_by_value.items(), key=lambda kv: -kv[1])
        shown = ", ".join(f"{k} {v:.1%}" for k, v in items[:4]) + (", ..." if len(items) > 4 else "")
        return f"Categorical({self.n_keys} values: {shown}; effective cardinality {self.effective_cardinality():,.2f})"

    def __hash__(self) -> int:
        return hash(tuple(self.shares_by_value.items()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Categorical) and dict(self.shares_by_value) == dict(other.shares_by_value)

    @property
    def n_keys(self) -> int:  # type: ignore[override]
        """Number of key values."""
        return len(self.shares_by_value)

    def shares(self) -> NDArray[np.float64]:
        """The shares, in the order the values were given."""
        return np.fromiter(self.shares_by_value.values(), dtype=float, count=self.n_keys)

    def keys(self) -> list[str]:
        """The key values, in the order given."""
        return list(self.shares_by_value)


@dataclass(frozen=True, repr=False)
class DateKey(KeyDistribution):
    """A date as the partition key (``"2026-04-01"``): today's key takes the lion's share.

    Traffic to the key of a day ``d`` days old is proportional to
    ``decay**d``, for the ``n_days`` most recent days (older days get none):

    .. math:: p_d = \\frac{r^d (1 - r)}{1 - r^{n}}, \\qquad p_0 = \\text{today's share}.

    ``decay = 0`` sends everything to today (writes of logs or IoT readings);
    ``decay = 1`` spreads evenly over the window. At midnight the hot key
    rolls over to a new date, hashed afresh: usually onto a different partition
    (:meth:`at`).

    Parameters
    ----------
    n_days : int
        Days of keys that receive traffic, in ``[1, 3650]``.
    decay : float
        Traffic of each day relative to the next more recent day, in ``[0, 1]``.
    start : str
        Today's date at ``t_h = 0``, ISO ``YYYY-MM-DD``.

    Examples
    --------
    >>> d = DateKey(n_days=30, decay=0.2)
    >>> d
    DateKey(n_days=30, decay=0.2, start='2026-04-01': today's share 80.00%)
    >>> d.keys()[:2]
    ['2026-04-01', '2026-03-31']
    >>> d.at(25).keys()[0]
    '2026-04-02'
    >>> round(DateKey.with_today_share(30, 0.8).decay, 6)
    0.2
    """

    n_days: int
    decay: float
    start: str = "2026-04-01"

    def __post_init__(self) -> None:
        object.__setattr__(self, "n_days", check_count("n_days", self.n_days, low=1, high=3650))
        object.__setattr__(self, "decay", check_number("decay", self.decay, low=0, high=1))
        try:
            dt.date.fromisoformat(self.start)
        except (TypeError, ValueError):
            raise ValueError(f"start = {self.start!r} is not an ISO date: must be 'YYYY-MM-DD'") from None

    def __repr__(self) -> str:
        return f"DateKey(n_days={self.n_days}, decay={self.decay:g}, start={self.start!r}: today's share {self.today_share:.2%})"

    @classmethod
    def with_today_share(cls, n_days: int, today_share: float, start: str = "2026-04-01") -> DateKey:
        """The date key whose today's share is ``today_share``, in ``[1/n_days, 1]``."""
        n = check_count("n_days", n_days, low=1, high=3650)
        q = check_number("today_share", today_share, low=1.0 / n, high=1)
        if q >= 1.0 or n == 1:
            return cls(n, 0.0, start)
        if q <= 1.0 / n * (1 + 1e-12):
            return cls(n, 1.0, start)
        from scipy.optimize import brentq

        decay = brentq(lambda r: (1 - r) / -math.expm1(n * math.log(r)) - q, 1e-300, 1 - 1e-15, xtol=1e-15, rtol=1e-14)
        return cls(n, float(decay), start)

    @property
    def n_keys(self) -> int:  # type: ignore[override]
        """Number of date keys receiving traffic (``n_days``)."""
        return self.n_days

    @property
    def today_share(self) -> float:
        """Share of requests on today's key."""
        return float(self.shares()[0])

    def shares(self) -> NDArray[np.float64]:
        """Shares of today's key, yesterday's, ... (``n_days`` of them)."""
        if self.decay == 0.0:
            w = np.zeros(self.n_days)
            w[0] = 1.0
        else:
            w = self.decay ** np.arange(self.n_days, dtype=float)
        return w / math.fsum(w)

    def keys(self) -> list[str]:
        """The dates, today first, as ISO strings."""
        today = dt.date.fromisoformat(self.start)
        return [(today - dt.timedelta(days=d)).isoformat() for d in range(self.n_days)]

    def at(self, t_h: float) -> DateKey:
        """The date key ``t_h`` hours after midnight of ``start``: today moves on at every midnight.

        Parameters
        ----------
        t_h : float
            Hours after midnight of ``start``, in ``[0, 876000]`` (a hundred years).
        """
        t = check_number("t_h", t_h, low=0, high=24 * 365 * 100)
        day = dt.date.fromisoformat(self.start) + dt.timedelta(days=int(t // 24))
        return DateKey(self.n_days, self.decay, day.isoformat())


@dataclass(frozen=True, repr=False)
class Boosted(KeyDistribution):
    """A ranked distribution with one key's demand multiplied by ``factor`` (a popular item during a sale).

    Every other key keeps its demand, so the boosted key's share is
    ``f b / (1 + (f - 1) b)`` for a base share ``b``, and total demand grows
    by ``1 + (f - 1) b`` (:meth:`demand_factor`).

    Parameters
    ----------
    base : Zipf or Uniform
        The popularity without the boost.
    rank : int
        Rank of the boosted key in ``base``, in ``[1, n_keys]``.
    factor : float
        Demand multiplier of that key, in ``[1, 10**6]``.

    Examples
    --------
    >>> Boosted(Uniform(1000, prefix="ITEM#"), rank=1, factor=50)
    Boosted(Uniform(n_keys=1000, prefix='ITEM#'), ITEM#1 x50: its share 0.10% -> 4.77%, total demand x1.049)
    """

    base: _Ranked
    rank: int = 1
    factor: float = 1.0

    def __post_init__(self) -> None:
        if not isinstance(self.base, _Ranked):
            raise ValueError(f"base = {self.base!r} is not allowed: must be a Zipf or Uniform distribution")
        object.__setattr__(self, "rank", check_count("rank", self.rank, low=1, high=self.base.n_keys))
        object.__setattr__(self, "factor", check_number("factor", self.factor, low=1, high=1e6))

    def __repr__(self) -> str:
        base = repr(self.base).split(":")[0] + ")"
        return (
            f"Boosted({base}, {self.base.prefix}{self.rank} x{self.factor:g}: its share {self.base_share:.2%} -> "
            f"{self.boosted_share:.2%}, total demand x{self.total_factor:.4g})"
        )

    @property
    def n_keys(self) -> int:  # type: ignore[override]
        """Number of keys (those of ``base``)."""
        return self.base.n_keys

    @property
    def base_share(self) -> float:
        """The boosted key's share before the boost."""
        return self.base._mass(self.rank, self.rank)

    @property
    def total_factor(self) -> float:
        """Total demand relative to ``base``: ``1 + (factor - 1) * base_share``."""
        return 1.0 + (self.factor - 1.0) * self.base_share

    @property
    def boosted_share(self) -> float:
        """The boosted key's share of all requests."""
        return self.factor * self.base_share / self.total_factor

    def shares(self) -> NDArray[np.float64]:
        """Every key's share, in ``base``'s rank order (``n_keys <= 10**7``)."""
        p = self.base.shares().copy()
        p[self.rank - 1] *= self.factor
        return p / self.total_factor

    def keys(self) -> list[str]:
        """The keys of ``base``."""
        return self.base.keys()

    def _others_top(self, j: int) -> float:
        if j <= 0:
            return 0.0
        j = min(j, self.n_keys - 1)
        return self.base.top_share(j) if j < self.rank else self.base.top_share(j + 1) - self.base_share

    def top_share(self, k: int = 1) -> float:
        """Combined share of the ``k`` hottest keys, in O(1).

        Parameters
        ----------
        k : int
            Number of keys, in ``[0, n_keys]``.
        """
        k = self._check_k(k)
        if k == 0:
            return 0.0
        c = 1.0 / self.total_factor
        return min(1.0, max(c * self._others_top(k), self.boosted_share + c * self._others_top(k - 1)))

    def effective_cardinality(self) -> float:
        """``1 / sum p**2``, from ``base``'s in O(1)."""
        b = self.base_share
        sum_sq = 1.0 / self.base.effective_cardinality() + (self.factor**2 - 1.0) * b * b
        return self.total_factor**2 / sum_sq

    def _count_above(self, threshold: float) -> int:
        c = 1.0 / self.total_factor
        others = self.base._count_above(threshold / c) if threshold > 0 else self.n_keys
        if self.base_share * c > threshold:
            others -= 1  # the boosted key was counted among the base's
        return others + (1 if self.boosted_share > threshold else 0)

    def partition_shares(self, n_partitions: int, seed: int = 0) -> NDArray[np.float64]:
        """``base``'s partition shares with the boosted key's extra demand added to its partition.

        Examples
        --------
        >>> Boosted(Uniform(10), rank=1, factor=2.0).partition_shares(2).round(3)
        array([0.273, 0.727])
        """
        n = _check_partitions(n_partitions)
        load = self.base.partition_shares(n, seed)
        load[int(_range_partitions(self.base.prefix, self.rank, self.rank + 1, n)[0])] += (self.factor - 1.0) * self.base_share
        return load / self.total_factor


@dataclass(frozen=True, repr=False)
class FlashSale(KeyDistribution):
    """A popular item whose demand jumps by ``multiplier`` for ``duration_h`` hours from ``start_h`` (a time sale).

    Outside the sale the items follow ``Zipf(n_items, s)``; during it the
    item of rank ``item_rank`` is :class:`Boosted` by ``multiplier``, so its
    share at time t is

    .. math:: p(t) = \\frac{M(t)\\, b}{1 + (M(t) - 1)\\, b}, \\qquad
              M(t) = \\begin{cases} M & t_0 \\le t < t_0 + D \\\\ 1 & \\text{otherwise}\\end{cases}

    and total demand is ``1 + (M(t) - 1) b`` times the baseline. The three
    shared methods describe the sale's peak; :meth:`at` gives any moment.

    Parameters
    ----------
    n_items : int
        Number of items (product IDs), ``>= 1``.
    multiplier : float
        Demand multiplier of the sale item during the sale, in ``[1, 10**6]``.
    duration_h : float
        Length of the sale, hours, ``> 0``.
    start_h : float
        When the sale starts, hours, ``>= 0``.
    s : float
        Zipf exponent of the items' everyday popularity, in ``[0, 20]``.
    item_rank : int
        Everyday popularity rank of the sale item.

    Examples
    --------
    >>> sale = FlashSale(n_items=10_000, multiplier=200, duration_h=1, start_h=20, s=0.8)
    >>> sale
    FlashSale(10,000 items, s=0.8, ITEM#1 x200 from 20 h for 1 h: its share 3.69% -> 88.45%, total demand x8.34)
    >>> sale.item_share([19.5, 20.5]).round(4)
    array([0.0369, 0.8845])
    """

    n_items: int
    multiplier: float
    duration_h: float
    start_h: float = 0.0
    s: float = 0.0
    item_rank: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "n_items", check_count("n_items", self.n_items, low=1))
        object.__setattr__(self, "multiplier", check_number("multiplier", self.multiplier, low=1, high=1e6))
        object.__setattr__(
            self, "duration_h", check_number("duration_h", self.duration_h, low=0, high=math.inf, low_open=True, high_open=True)
        )
        object.__setattr__(self, "start_h", check_number("start_h", self.start_h, low=0, high=math.inf, high_open=True))
        object.__setattr__(self, "s", check_number("s", self.s, low=0, high=20))
        object.__setattr__(self, "item_rank", check_count("item_rank", self.item_rank, low=1, high=self.n_items))

    def __repr__(self) -> str:
        peak = self.peak
        return (
            f"FlashSale({self.n_items:,} items, s={self.s:g}, ITEM#{self.item_rank} x{self.multiplier:g} "
            f"from {self.start_h:g} h for {self.duration_h:g} h: its share {peak.base_share:.2%} -> "
            f"{peak.boosted_share:.2%}, total demand x{peak.total_factor:.4g})"
        )

    @property
    def everyday(self) -> Zipf:
        """The items' popularity outside the sale."""
        return Zipf(self.n_items, self.s, prefix="ITEM#")

    @property
    def peak(self) -> Boosted:
        """The distribution during the sale."""
        return Boosted(self.everyday, self.item_rank, self.multiplier)

    @property
    def n_keys(self) -> int:  # type: ignore[override]
        """Number of items."""
        return self.n_items

    def _multiplier(self, t: NDArray[np.float64]) -> NDArray[np.float64]:
        on = (t >= self.start_h) & (t < self.start_h + self.duration_h)
        return np.where(on, self.multiplier, 1.0)

    def item_share(self, t_h: ArrayLike) -> NDArray[np.float64]:
        """The sale item's share of all requests at ``t_h`` hours.

        Parameters
        ----------
        t_h : array_like
            Hours since the start, ``>= 0`` and finite; at least one value.
        """
        t = check_array("t_h", t_h, low=0, high=math.inf, high_open=True, empty=False)
        b = self.peak.base_share
        m = self._multiplier(t)
        return m * b / (1.0 + (m - 1.0) * b)

    def demand_factor(self, t_h: ArrayLike) -> NDArray[np.float64]:
        """Total demand at ``t_h`` hours relative to everyday demand.

        Parameters
        ----------
        t_h : array_like
            Hours since the start, ``>= 0`` and finite; at least one value.

        Examples
        --------
        >>> FlashSale(100, multiplier=10.0, duration_h=1.0, start_h=2.0).demand_factor([0.0, 2.5]).round(3)
        array([1.  , 1.09])
        """
        t = check_array("t_h", t_h, low=0, high=math.inf, high_open=True, empty=False)
        return 1.0 + (self._multiplier(t) - 1.0) * self.peak.base_share

    def at(self, t_h: float) -> KeyDistribution:
        """The sale's peak distribution while the sale runs, the everyday one otherwise.

        Parameters
        ----------
        t_h : float
            Hours since the start, ``>= 0`` and finite.

        Examples
        --------
        >>> sale = FlashSale(100, multiplier=10.0, duration_h=1.0, start_h=2.0)
        >>> sale.at(0.0) == sale.everyday, sale.at(2.5) == sale.peak
        (True, True)
        """
        t = check_number("t_h", t_h, low=0, high=math.inf, high_open=True)
        return self.peak if self.start_h <= t < self.start_h + self.duration_h else self.everyday

    def shares(self) -> NDArray[np.float64]:
        """Shares at the sale's peak (``n_items <= 10**7``)."""
        return self.peak.shares()

    def keys(self) -> list[str]:
        """``ITEM#1`` ... ``ITEM#n``."""
        return self.everyday.keys()

    def top_share(self, k: int = 1) -> float:
        """Combined share of the ``k`` hottest items at the sale's peak.

        Parameters
        ----------
        k : int
            Number of keys, in ``[0, n_keys]``.
        """
        return self.peak.top_share(k)

    def effective_cardinality(self) -> float:
        """Effective cardinality at the sale's peak."""
        return self.peak.effective_cardinality()

    def _count_above(self, threshold: float) -> int:
        return self.peak._count_above(threshold)

    def partition_shares(self, n_partitions: int, seed: int = 0) -> NDArray[np.float64]:
        """Partition shares at the sale's peak.

        Examples
        --------
        >>> FlashSale(100, multiplier=10.0, duration_h=1.0, start_h=2.0).partition_shares(2).round(3)
        array([0.486, 0.514])
        """
        return self.peak.partition_shares(n_partitions, seed)


# ---------------------------------------------------------------------------------------------
# Load over time, balls into bins, scale limits
# ---------------------------------------------------------------------------------------------


def partition_load(dist: KeyDistribution, n_partitions: int, seed: int = 0) -> NDArray[np.float64]:
    """Share of requests on each partition for a key distribution (sum of its keys' shares).

    Exact for listable key spaces (up to 100,000 ranked keys,
    any :class:`Categorical` or :class:`DateKey`); for huge ranked key
    spaces the tail is sampled with ``seed`` (see
    :meth:`Zipf.partition_shares`).

    Parameters
    ----------
    dist : KeyDistribution
        The key popularity.
    n_partitions : int
        Number of partitions, in ``[1, 10**6]``.
    seed : int
        Seed of the sampled part.
        A whole number ``>= 0``; ``None`` is refused (:func:`hotpart.models._validation.check_seed`).

    Returns
    -------
    numpy.ndarray
        ``n_partitions`` shares summing to 1.

    Examples
    --------
    >>> partition_load(Categorical({"ACTIVE": 0.9, "INACTIVE": 0.1}), 4).round(2)
    array([0.9, 0.1, 0. , 0. ])
    >>> load = partition_load(Zipf(10**12, 0.99), 10)
    >>> round(float(load.sum()), 12), bool(load.max() > 0.1)
    (1.0, True)
    """
    if not isinstance(dist, KeyDistribution):
        raise ValueError(f"dist = {dist!r} is not allowed: must be a KeyDistribution (Zipf, Uniform, Categorical, ...)")
    return dist.partition_shares(n_partitions, seed)


def load_over_time(
    dist: KeyDistribution, t_h: ArrayLike, n_partitions: int, total_demand: float, seed: int = 0
) -> NDArray[np.float64]:
    """Demand on each partition at each time: ``total_demand * demand_factor(t) * partition_load(dist.at(t))``.

    Parameters
    ----------
    dist : KeyDistribution
        The key popularity; :class:`DateKey` rolls over at midnight and
        :class:`FlashSale` spikes during its sale.
    t_h : array_like
        Times, hours, ``>= 0``.
        At least one value (an empty array is refused).
    n_partitions : int
        Number of partitions.
    total_demand : float
        Everyday total demand on the table, units per second, ``>= 0``.
    seed : int
        Seed for sampled key spaces.
        A whole number ``>= 0``; ``None`` is refused (:func:`hotpart.models._validation.check_seed`).

    Returns
    -------
    numpy.ndarray
        Shape ``(len(t_h), n_partitions)``, units per second.

    Examples
    --------
    >>> d = load_over_time(DateKey(7, 0.0), [23, 25], n_partitions=4, total_demand=1000)
    >>> d.argmax(axis=1), d.max(axis=1)
    (array([2, 1]), array([1000., 1000.]))
    """
    t = check_array("t_h", t_h, low=0, high=math.inf, high_open=True, empty=False)
    if t.ndim != 1:
        raise ValueError(f"t_h must be 1-D; got shape {t.shape}")
    n = _check_partitions(n_partitions)
    total = check_number("total_demand", total_demand, low=0, high=math.inf, high_open=True)
    factor = dist.demand_factor(t)
    out = np.empty((t.size, n))
    seen: dict[KeyDistribution, NDArray[np.float64]] = {}
    for i, ti in enumerate(t):
        now = dist.at(float(ti))
        if now not in seen:
            seen[now] = partition_load(now, n, seed)
        out[i] = total * factor[i] * seen[now]
    return out


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
        rounded down. At least one value (an empty array is refused).

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
    ks = np.floor(check_array("k", k, low=0, high=_MAX_COUNT, empty=False)).astype(np.int64).reshape(-1)
    out = np.zeros(ks.size)
    if n == 1:
        return (ks >= m).astype(float)
    inside = ks >= math.ceil(m / n)
    if inside.any():
        if m <= _EXACT_CONVOLUTION_MAX_M:
            out[inside] = _max_load_cdf_exact(m, n, ks[inside])
        else:
            order = np.argsort(ks[inside])
            vals = np.empty(order.size)
            vals[order] = _max_load_cdf_edgeworth(m, n, ks[inside][order])
            out[inside] = vals
    return np.where(ks >= m, 1.0, out)


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
    return expected_max_load(m, n) / (m / n) - 1.0


@dataclass(frozen=True)
class ScaleLimit:
    """How far a key design carries a table's demand before a partition throttles.

    Parameters
    ----------
    total_demand : float
        Offered demand on the table, units per second, ``>= 0`` and finite.
    ceiling : float
        Per-partition ceiling, units per second, ``> 0`` and finite.
    hottest_share : float
        Share of all demand on the hottest partition (or key), in ``[0, 1]``.
    refused_fraction : float
        Share of all demand above the ceilings, in ``[0, 1]``.

    Examples
    --------
    >>> scale_limit(Zipf(10**12, 0.99), total_demand=50_000)
    ScaleLimit(hottest 1,543 units/s of 50,000 against ceiling 1,000: refuses 1.09%; throttles above 32,402 units/s)
    """

    total_demand: float
    ceiling: float
    hottest_share: float
    refused_fraction: float

    def __post_init__(self) -> None:
        finite = {"high": math.inf, "high_open": True}
        object.__setattr__(self, "total_demand", check_number("total_demand", self.total_demand, low=0, **finite))
        object.__setattr__(self, "ceiling", check_number("ceiling", self.ceiling, low=0, low_open=True, **finite))
        object.__setattr__(self, "hottest_share", check_number("hottest_share", self.hottest_share, low=0, high=1))
        object.__setattr__(self, "refused_fraction", check_number("refused_fraction", self.refused_fraction, low=0, high=1))

    def __repr__(self) -> str:
        return (
            f"ScaleLimit(hottest {self.hottest_demand:,.0f} units/s of {self.total_demand:,.0f} against ceiling "
            f"{self.ceiling:,.0f}: refuses {self.refused_fraction:.2%}; throttles above {self.max_total_demand:,.0f} units/s)"
        )

    @property
    def hottest_demand(self) -> float:
        """Demand on the hottest partition, units per second."""
        return self.total_demand * self.hottest_share

    @property
    def refused(self) -> float:
        """Demand refused, units per second."""
        return self.total_demand * self.refused_fraction

    @property
    def max_total_demand(self) -> float:
        """Largest total demand before any partition throttles: ``ceiling / hottest_share``, units per second."""
        return self.ceiling / self.hottest_share if self.hottest_share > 0 else math.inf


def scale_limit(
    dist: KeyDistribution | ArrayLike,
    total_demand: float,
    ceiling: float = PARTITION_MAX_WCU,
    n_partitions: int | None = None,
    seed: int = 0,
) -> ScaleLimit:
    """The hottest partition's demand, the fraction refused, and the largest demand before throttling.

    With ``n_partitions=None`` every key is on a partition of its own: the
    best any number of partitions can do while each key's items stay on one
    partition. Then the hottest share is the hottest key's, ``p_max``, and
    the table throttles above ``ceiling / p_max`` whatever its provisioned
    capacity. That holds for good when the key is one item; a key with many
    items (an item collection) can be split by sort key over time, unless
    the table has a local secondary index or the key's traffic follows a
    monotonically increasing or decreasing sort key (AWS, "Isolate
    frequently accessed items"; chapter 10), so for such a key the limit is
    the one before any split. Use ``ceiling=PARTITION_MAX_RCU`` for reads.
    With ``n_partitions`` the keys are hashed onto that many partitions
    (:func:`partition_load`). An array is read as per-partition shares.

    Parameters
    ----------
    dist : KeyDistribution or array_like
        The key popularity, or the shares of each partition (summing to 1).
    total_demand : float
        Offered demand, units per second, ``>= 0``.
    ceiling : float
        Per-partition ceiling, units per second, ``> 0`` (default
        :data:`PARTITION_MAX_WCU`, for writes; reads meet :data:`PARTITION_MAX_RCU`).
    n_partitions : int, optional
        Partitions to hash the keys onto; ``None`` isolates every key.
    seed : int
        Seed for sampled key spaces.
        A whole number ``>= 0``; ``None`` is refused (:func:`hotpart.models._validation.check_seed`).

    Returns
    -------
    ScaleLimit

    Examples
    --------
    >>> lim = scale_limit(Categorical({"ACTIVE": 0.9, "INACTIVE": 0.08, "SUSPENDED": 0.02}), 5_000)
    >>> round(lim.max_total_demand), round(lim.refused_fraction, 3)
    (1111, 0.7)
    """
    total = check_number("total_demand", total_demand, low=0, high=math.inf, high_open=True)
    cap = check_number("ceiling", ceiling, low=0, high=math.inf, low_open=True, high_open=True)
    check_seed("seed", seed)
    threshold = min(1.0, cap / total) if total > 0 else 1.0
    if isinstance(dist, KeyDistribution):
        if n_partitions is None:
            return ScaleLimit(total, cap, dist.top_share(1), dist.excess_over(threshold) if total > 0 else 0.0)
        shares = partition_load(dist, n_partitions, seed)
    else:
        shares = check_array("dist", dist, low=0, high=1)
        if shares.ndim != 1 or shares.size == 0 or abs(math.fsum(shares) - 1.0) > 1e-9:
            raise ValueError(f"dist must be 1-D partition shares summing to 1; got shape {shares.shape}, sum {shares.sum()!r}")
    refused = math.fsum(np.maximum(0.0, shares - threshold)) if total > 0 else 0.0
    return ScaleLimit(total, cap, float(shares.max()), refused)


# ---------------------------------------------------------------------------------------------
# Item collections: how much one partition-key value holds over time
# ---------------------------------------------------------------------------------------------


def item_collection_gb(
    writes_per_s: ArrayLike, item_bytes: float, days: ArrayLike, window_days: float = math.inf
) -> NDArray[np.float64]:
    """Size of one item collection (the items sharing a partition-key value) after ``days`` of writes, GB.

    A key written ``writes_per_s`` times a second with items of
    ``item_bytes`` grows by ``writes_per_s * item_bytes * 86,400`` bytes a
    day, until ``window_days`` (a key that stops receiving writes: a date,
    or ``deviceId#YYYY-MM`` after its month) caps it.

    Parameters
    ----------
    writes_per_s : array_like
        New items per second under the key, in ``[0, 1e12]``.
    item_bytes : float
        Bytes per item, in ``[0, 400 KB]`` (DynamoDB's item size limit).
    days : array_like
        Elapsed days, in ``[0, MAX_COUNT]`` (:data:`hotpart.models._validation.MAX_COUNT`). An empty array is refused.
    window_days : float
        Days after which the key receives no more items, ``> 0`` (default never).

    Returns
    -------
    numpy.ndarray
        GB (DynamoDB's binary GB, 2**30 bytes), broadcast over ``writes_per_s`` and ``days``.

    Examples
    --------
    >>> item_collection_gb(1.0, 500, [1, 365]).round(4)
    array([ 0.0402, 14.6851])
    >>> item_collection_gb(1.0, 500, [365], window_days=31).round(4)
    array([1.2472])
    """
    w = check_array("writes_per_s", writes_per_s, low=0, high=1e12, empty=False)
    b = check_number("item_bytes", item_bytes, low=0, high=400 * 1024)
    d = check_array("days", days, low=0, high=_MAX_COUNT, empty=False)
    try:
        np.broadcast_shapes(w.shape, d.shape)
    except ValueError:
        raise ValueError(f"writes_per_s has shape {w.shape} and days {d.shape}: they must broadcast together") from None
    win = check_number("window_days", window_days, low=0, low_open=True)
    return w * b * np.minimum(d, win) * _DAY_S / _GB


def days_to_collection_limit(writes_per_s: float, item_bytes: float, limit_gb: float = ITEM_COLLECTION_MAX_GB) -> float:
    """Days until one key's item collection reaches ``limit_gb`` (the 10 GB limit with an LSI); inf if never.

    Parameters
    ----------
    writes_per_s : float
        New items per second under the key, ``>= 0`` and finite; 0 never fills it (the result is ``inf``).
    item_bytes : float
        Bytes per item, ``>= 0`` and finite; 0 never fills it (the result is ``inf``).
    limit_gb : float
        The collection's limit, GB (2**30 bytes), ``> 0`` and finite.

    Returns
    -------
    float
        Days, ``> 0``; ``inf`` exactly when the collection never grows (documented, not an error).

    Examples
    --------
    >>> round(days_to_collection_limit(1.0, 500), 1)
    248.6
    """
    w = check_number("writes_per_s", writes_per_s, low=0, high=math.inf, high_open=True)
    b = check_number("item_bytes", item_bytes, low=0, high=math.inf, high_open=True)
    lim = check_number("limit_gb", limit_gb, low=0, high=math.inf, low_open=True, high_open=True)
    rate = w * b * _DAY_S / _GB
    return lim / rate if rate > 0 else math.inf


#: Most data one Query call reads before it returns a page (1 MB), bytes; the limit applies before any filter.
QUERY_PAGE_MAX_BYTES: Final[int] = 1024 * 1024


@dataclass(frozen=True)
class QueryRead:
    """What one logical Query (all its pages) reads, returns and costs.

    Parameters
    ----------
    items_read : int
        Items that match the key condition (partition key and sort-key range): what DynamoDB reads.
    items_returned : int
        Items left after a filter expression (equal to ``items_read`` without one).
    bytes_read : float
        Bytes read, ``items_read * item_bytes``.
    pages : int
        Query calls needed, one per page of at most :data:`QUERY_PAGE_MAX_BYTES`.
    read_units : float
        Read units consumed: each page's bytes summed, rounded up to 4 KB, times
        0.5 (eventually consistent, the default) or 1 (strongly consistent).
    partition_keys : int
        Partition-key values (item collections) the reads touch, one Query each.

    The counts are whole numbers in ``[0, MAX_COUNT]`` (:data:`hotpart.models._validation.MAX_COUNT`), the bytes and
    units finite and ``>= 0``; anything else raises ``ValueError`` naming the field.

    Examples
    --------
    >>> query_cost(items_read=1_800, item_bytes=500)
    QueryRead(items_read=1800, items_returned=1800, bytes_read=900000.0, pages=1, read_units=110.0, partition_keys=1)
    """

    items_read: int
    items_returned: int
    bytes_read: float
    pages: int
    read_units: float
    partition_keys: int

    def __post_init__(self) -> None:
        for name in ("items_read", "items_returned", "pages", "partition_keys"):
            object.__setattr__(self, name, check_count(name, getattr(self, name)))
        for name in ("bytes_read", "read_units"):
            object.__setattr__(self, name, check_number(name, getattr(self, name), low=0, high=math.inf, high_open=True))


def query_cost(
    items_read: int,
    item_bytes: float,
    items_returned: int | None = None,
    consistency: str = "eventual",
    partition_keys: int = 1,
) -> QueryRead:
    """Read units of a Query that reads ``items_read`` items of ``item_bytes`` each, paged at 1 MB.

    A Query sums the sizes of the items it reads on one page and rounds the
    total up to a multiple of 4 KB (not each item); eventually consistent
    reads, boto3's default, cost half. A filter expression does not lower
    the cost: it drops items after they are read. A page holds as many whole
    items as fit in :data:`QUERY_PAGE_MAX_BYTES`. With ``partition_keys > 1``
    the items are spread evenly over that many item collections (one Query
    each, for example one per day of a date key or one per period table).

    Parameters
    ----------
    items_read : int
        Items matched by the key condition, ``>= 0``.
    item_bytes : float
        Bytes per item, in ``(0, 400 KB]``.
    items_returned : int, optional
        Items left after a filter, in ``[0, items_read]`` (default: all).
    consistency : {"eventual", "strong"}
        The read consistency (``ConsistentRead=False`` is the default).
    partition_keys : int
        Item collections queried, ``>= 1``.

    Returns
    -------
    QueryRead

    Examples
    --------
    >>> query_cost(3, 1_500).read_units  # 4,500 bytes: two 4 KB blocks, halved
    1.0
    >>> query_cost(3, 1_500, consistency="strong").read_units
    2.0
    """
    n = check_count("items_read", items_read, low=0)
    b = check_number("item_bytes", item_bytes, low=0, high=400 * 1024, low_open=True)
    kept = n if items_returned is None else check_count("items_returned", items_returned, low=0, high=n)
    check_choice("consistency", consistency, ("eventual", "strong"))
    keys = check_count("partition_keys", partition_keys, low=1)
    per_page = max(1, int(QUERY_PAGE_MAX_BYTES // b))
    pages, units = 0, 0.0
    base, extra = divmod(n, keys)
    for count, how_many in ((base + 1, extra), (base, keys - extra)):
        if how_many == 0:
            continue
        full, rest = divmod(count, per_page)
        sizes = [per_page * b] * full + ([rest * b] if rest or count == 0 else [])
        pages += how_many * len(sizes)
        units += how_many * math.fsum(float(read_units(x, consistency)) for x in sizes)
    return QueryRead(n, kept, n * b, pages, units, keys)


# ---------------------------------------------------------------------------------------------
# The key designs of the sources, on one footing
# ---------------------------------------------------------------------------------------------

#: The partition-key designs that 000 「ホットパーティションを引き起こすキー設計」 and 001 「ホットパーティション問題」
#: name: four that cause hot partitions, three high-cardinality ones that do not.
KEY_DESIGNS: Final[tuple[str, ...]] = ("date", "status", "user_type", "popular item", "userId", "deviceId", "orderId")
#: Key spaces assumed for the high-cardinality designs, and the catalogue's items (a modelling choice:
#: ``ASSUMPTIONS["DESIGN_KEYS"]``).
DESIGN_KEYS: Final[dict[str, int]] = {"userId": 10**6, "deviceId": 10**5, "orderId": 10**9, "items": 10_000}
#: The time sale of the "popular item" design: start and length, hours (modelling choices, in ``ASSUMPTIONS``).
SALE_START_H: Final[float] = 44.0
SALE_DURATION_H: Final[float] = 1.0
#: Everyday Zipf exponent of the catalogue's items (a modelling choice, in ``ASSUMPTIONS``).
ITEMS_ZIPF_S: Final[float] = 0.8


def key_design(
    name: str,
    hot_share: float = 0.9,
    multiplier: float = 20.0,
    sale_start_h: float = SALE_START_H,
    sale_duration_h: float = SALE_DURATION_H,
    items_s: float = ITEMS_ZIPF_S,
    key_counts: Mapping[str, int] = DESIGN_KEYS,
) -> KeyDistribution:
    """The key popularity of one of :data:`KEY_DESIGNS`, on the assumptions the chapters state.

    * ``"date"``: :class:`DateKey` over 30 days, today's key taking ``hot_share``.
    * ``"status"``: ACTIVE takes ``hot_share``; INACTIVE and SUSPENDED split the rest 4:1.
    * ``"user_type"``: member takes ``hot_share``; guest and admin split the rest 9:1.
    * ``"popular item"``: :class:`FlashSale` over ``key_counts["items"]`` items (Zipf
      ``items_s``), ``ITEM#1``'s demand times ``multiplier`` for ``sale_duration_h`` hours
      from hour ``sale_start_h``.
    * ``"userId"``, ``"deviceId"``, ``"orderId"``: :class:`Uniform` over ``key_counts`` keys
      (10**6, 10**5 and 10**9 by default).

    Every default is a modelling choice the chapters show (``hp.ASSUMPTIONS``).

    Parameters
    ----------
    name : str
        One of :data:`KEY_DESIGNS`.
    hot_share : float
        Share of the hottest value (date, status, user_type), in ``[0.34, 1]``.
    multiplier : float
        The time sale's demand multiplier, in ``[1, 10**6]``.
    sale_start_h, sale_duration_h : float
        When the time sale starts (``>= 0``) and how long it lasts (``> 0``), hours; finite.
    items_s : float
        Zipf exponent of the items' everyday popularity, in ``[0, 20]``.
    key_counts : mapping of str to int
        Distinct keys of ``"userId"``, ``"deviceId"``, ``"orderId"`` and ``"items"``.

    Returns
    -------
    KeyDistribution

    Examples
    --------
    >>> key_design("status")
    Categorical(3 values: ACTIVE 90.0%, INACTIVE 8.0%, SUSPENDED 2.0%; effective cardinality 1.22)
    >>> key_design("userId").n_keys
    1000000
    """
    check_choice("name", name, KEY_DESIGNS)
    q = check_number("hot_share", hot_share, low=0.34, high=1)
    m = check_number("multiplier", multiplier, low=1, high=1e6)
    # checked whatever the design, so that a bad value never passes silently
    start_h = check_number("sale_start_h", sale_start_h, low=0, high=math.inf, high_open=True)
    duration_h = check_number("sale_duration_h", sale_duration_h, low=0, high=math.inf, low_open=True, high_open=True)
    s = check_number("items_s", items_s, low=0, high=20)
    rest = 1.0 - q
    if name == "date":
        return DateKey.with_today_share(30, q)
    if name == "status":
        return Categorical({"ACTIVE": q, "INACTIVE": 0.8 * rest, "SUSPENDED": 0.2 * rest})
    if name == "user_type":
        return Categorical({"member": q, "guest": 0.9 * rest, "admin": 0.1 * rest})
    if name == "popular item":
        return FlashSale(key_counts["items"], m, duration_h, start_h, s=s)
    prefix = {"userId": "USER#", "deviceId": "DEVICE#", "orderId": "ORDER#"}[name]
    return Uniform(key_counts[name], prefix=prefix)
