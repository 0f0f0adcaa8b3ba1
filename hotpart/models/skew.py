"""Key popularity: how requests spread over the values of a partition key.

:class:`KeyDistribution` is the common interface (shares, top-k shares, effective cardinality, the share above a
per-key cap, each partition's share); :class:`Zipf` and :class:`Uniform` are ranked popularity over key spaces of
any size (closed forms through :func:`hotpart.models.harmonic_numbers.harmonic`, nothing of ``n_keys`` elements is
ever built), and :class:`Boosted` multiplies one key's demand. Chapter 3 (``notebooks/03_zipf.ipynb``) teaches
them; chapters 2 and 4 (``notebooks/02_key_designs.ipynb``, ``04_composite_keys.ipynb``) build the key designs of
:mod:`hotpart.models.key_designs` on them.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import check_array, check_count, check_number, check_seed
from .harmonic_numbers import harmonic
from .hashing import partition_of

__all__ = [
    "Boosted",
    "KeyDistribution",
    "Uniform",
    "Zipf",
]

#: Largest key space whose shares :meth:`KeyDistribution.shares` lists in full (a memory limit, not a model).
_LIST_MAX_KEYS: Final[int] = 10_000_000
#: Ranks hashed one by one (exactly) by :meth:`KeyDistribution.partition_shares`; beyond, strata are sampled
#: (a computation limit: the sampled strata have the exact mean and the multinomial spread).
_EXACT_MAX_KEYS: Final[int] = 100_000
#: Hottest ranks always hashed exactly when the key space is sampled.
_HEAD_KEYS = 2_000
#: Ratio between the ends of one sampled stratum of ranks.
_STRATUM_RATIO = 1.1


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
        >>> from hotpart.models.key_designs import Categorical
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
            Hours since the start, ``>= 0`` and finite; any shape (elementwise); at least one value.

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
