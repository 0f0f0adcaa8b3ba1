"""Fan-out: what a hot key written over ``N`` suffixes costs for each ``N``, and the tail latency of scatter-gather.

Chapter 6 (``notebooks/06_fanout.ipynb``) is built on this module; chapter 5
(``notebooks/05_write_sharding.ipynb``) quotes the expected slowest of ``N`` reads
(:func:`expected_max_exponential`), and chapter 21 (``notebooks/21_cross_shard.ipynb``) reuses the tail-latency
models for a cross-shard query:

* writes refused, read units and read requests per second as functions of
  ``N`` (:func:`fanout_cost`), and the cheapest ``N`` under two named criteria
  for "without throttling" (headroom, or a tolerance of expected refusals);
  the write and read sides come from :mod:`hotpart.models.write_sharding`;
* the latency of a scatter-gather read, which waits for its slowest shard, and
  of the same read with hedged requests (:class:`HedgedLatency`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import MAX_ELEMENTS as _MAX_ELEMENTS
from ._validation import check_array, check_broadcast, check_choice, check_count, check_divisor, check_number, check_seed
from .capacity import read_units, write_units
from .constants import ITEM_MAX_BYTES, PARTITION_MAX_RCU, PARTITION_MAX_WCU
from .harmonic_numbers import harmonic
from .write_sharding import (
    _CONSISTENCY,
    _N_SEARCH_MAX,
    _READS,
    _SCIPY_MAX_SIZE,
    _STRATEGIES,
    SHARD_UTILIZATION,
    _check_counts,
    _scalar_or_array,
    busiest_shard_bound,
    expected_refused_writes,
    query_units,
    read_cost,
)

__all__ = [
    "REFUSAL_TOLERANCE_WCU",
    "FanoutCost",
    "FanoutParams",
    "HedgedLatency",
    "expected_max_exponential",
    "fanout_cost",
    "fanout_quantile",
    "prob_any_slow",
    "simulate_fanout_latency",
]

#: Expected refused write units per second that count as "no throttling" (one write a day; an assumption).
REFUSAL_TOLERANCE_WCU: Final[float] = 1.0 / 86_400

#: Bisection steps of :meth:`HedgedLatency.ppf` (each evaluates the CDF at every ``q``), and so the most ``q``
#: values it takes: MAX_ELEMENTS CDF evaluations in all.
_PPF_STEPS = 64
_PPF_MAX_SIZE = _MAX_ELEMENTS // _PPF_STEPS


# --- the cost of N suffixes: writes refused, read units, read requests ------------------------


@dataclass(frozen=True)
class FanoutParams:
    """A hot key's workload, for :func:`fanout_cost`.

    Parameters
    ----------
    write_rate : float
        The hot key's writes per second, ``>= 0``.
    read_write_ratio : float
        Logical reads per write, ``>= 0``.
    write_bytes : float
        Size of a written item, bytes, ``>= 0``.
    read_bytes : float
        Size of an item returned by a read, bytes, ``>= 0``.
    strategy : {"random", "calculated"}
        How the suffix is chosen.
    read : {"point", "aggregate"}
        What a logical read asks for.
    items_per_shard : int
        Items an aggregate read's Query returns per shard, ``>= 1`` (summed, then rounded up to 4 KB).
    consistency : {"eventual", "strong", "transactional"}
        The kind of read; ``"eventual"`` is DynamoDB's default.
    utilization : float
        Fraction of each ceiling a shard may use, in ``(0, 1]``: the headroom criterion
        (default :data:`SHARD_UTILIZATION`, an assumption of the course).
    refusal_tolerance_wcu : float
        Expected refused write units per second that count as none, ``>= 0``: the
        refusal criterion (default :data:`REFUSAL_TOLERANCE_WCU`, one write a day).
    combine : {"apart", "linear"}
        How a shard's reads and writes meet the partition's ceilings (``ASSUMPTIONS["PARTITION_READS_WRITES_APART"]``):
        ``"apart"`` (the default) holds each to its own ceiling; ``"linear"`` holds their sum
        ``wcu / 1000 + rcu / 3000`` to one, the Knowledge Center's "linear combination of both"
        (:func:`hotpart.partition_utilization`). Each shard is taken as a partition of its own.

    Examples
    --------
    >>> FanoutParams(8000, read_write_ratio=0.5)
    FanoutParams(8,000 writes/s of 1,024 B, 0.5 reads per write (aggregate, random suffix), 1 WCU per write)
    """

    write_rate: float
    read_write_ratio: float = 1.0
    write_bytes: float = 1024
    read_bytes: float = 1024
    strategy: str = "random"
    read: str = "aggregate"
    items_per_shard: int = 1
    consistency: str = "eventual"
    utilization: float = SHARD_UTILIZATION
    refusal_tolerance_wcu: float = REFUSAL_TOLERANCE_WCU
    combine: str = "apart"

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "write_rate", check_number("write_rate", self.write_rate, low=0, high=1e9))
        set_(self, "read_write_ratio", check_number("read_write_ratio", self.read_write_ratio, low=0, high=1e6))
        set_(self, "write_bytes", check_number("write_bytes", self.write_bytes, low=0, high=ITEM_MAX_BYTES))
        set_(self, "read_bytes", check_number("read_bytes", self.read_bytes, low=0, high=ITEM_MAX_BYTES))
        check_choice("strategy", self.strategy, _STRATEGIES)
        check_choice("read", self.read, _READS)
        check_choice("consistency", self.consistency, _CONSISTENCY)
        set_(self, "items_per_shard", check_count("items_per_shard", self.items_per_shard, low=1))
        set_(self, "utilization", check_number("utilization", self.utilization, low=0, high=1, low_open=True))
        tol = check_number("refusal_tolerance_wcu", self.refusal_tolerance_wcu, low=0, high=1e9)
        set_(self, "refusal_tolerance_wcu", tol)
        check_choice("combine", self.combine, ("apart", "linear"))

    def __repr__(self) -> str:
        return (
            f"FanoutParams({self.write_rate:,.0f} writes/s of {self.write_bytes:,.0f} B, {self.read_write_ratio:g} reads "
            f"per write ({self.read}, {self.strategy} suffix), {self.wcu_per_write:g} WCU per write)"
        )

    @property
    def wcu_per_write(self) -> float:
        """Write units each write costs."""
        return float(write_units(self.write_bytes))

    @property
    def read_rate(self) -> float:
        """Logical reads per second."""
        return self.write_rate * self.read_write_ratio


@dataclass(frozen=True)
class FanoutCost:
    """The cost of a hot key written over ``N`` suffixes, for each ``N``; built by :func:`fanout_cost`.

    Parameters
    ----------
    params : FanoutParams
        The workload.
    n_shards : numpy.ndarray
        The suffix counts ``N`` evaluated.
    write_units : float
        Write units per second offered (independent of ``N``).
    writes_refused : numpy.ndarray
        Expected write units per second refused (Poisson per second, no burst).
    busiest_shard_wcu : numpy.ndarray
        Bound on the busiest shard's expected write units per second.
    read_units : numpy.ndarray
        Read units per second of the logical reads.
    read_requests : numpy.ndarray
        Read requests per second.
    shard_read_rcu : numpy.ndarray
        Read units per second that the busiest shard receives.
    feasible : numpy.ndarray of bool
        Whether neither writes nor reads pass ``utilization ×`` the ceilings
        (the headroom criterion).
    best_n : int or None
        The feasible ``N`` with the fewest units per second (write + read),
        the smallest on ties; ``None`` if no ``N`` evaluated is feasible.
    fewest_n_refusing : int or None
        The refusal criterion instead: the smallest ``N`` whose expected refused
        writes are at most ``refusal_tolerance_wcu`` and whose busiest shard's
        reads stay under the read ceiling (no headroom); ``None`` if none.
    """

    params: FanoutParams
    n_shards: NDArray[np.int64]
    write_units: float
    writes_refused: NDArray[np.float64]
    busiest_shard_wcu: NDArray[np.float64]
    read_units: NDArray[np.float64]
    read_requests: NDArray[np.float64]
    shard_read_rcu: NDArray[np.float64]
    feasible: NDArray[np.bool_]
    best_n: int | None = field(default=None)
    fewest_n_refusing: int | None = field(default=None)

    def __post_init__(self) -> None:
        if not isinstance(self.params, FanoutParams):
            raise ValueError(f"params = {self.params!r} is not allowed: must be a FanoutParams")
        n = _check_counts("n_shards", self.n_shards).reshape(-1)
        if n.size == 0:
            raise ValueError(f"n_shards = {self.n_shards!r} is empty: must be at least one count")
        object.__setattr__(self, "n_shards", n)
        object.__setattr__(
            self, "write_units", check_number("write_units", self.write_units, low=0, high=math.inf, high_open=True)
        )
        for name in ("writes_refused", "busiest_shard_wcu", "read_units", "read_requests", "shard_read_rcu"):
            arr = check_array(name, getattr(self, name), low=0, high=math.inf, high_open=True)
            if arr.shape != n.shape:
                raise ValueError(f"{name} has shape {arr.shape}: must be {n.shape}, one value per n_shards")
            object.__setattr__(self, name, arr)
        feasible = np.asarray(self.feasible)
        if feasible.dtype != np.bool_ or feasible.shape != n.shape:
            raise ValueError(
                f"feasible has dtype {feasible.dtype} and shape {feasible.shape}: must be bools of shape {n.shape}, "
                "one per n_shards"
            )
        object.__setattr__(self, "feasible", feasible)
        for name in ("best_n", "fewest_n_refusing"):
            if getattr(self, name) is not None:
                object.__setattr__(self, name, check_count(name, getattr(self, name), low=1))

    def __repr__(self) -> str:
        best = "none feasible" if self.best_n is None else f"best N={self.best_n}"
        return f"FanoutCost({self.params!r}; N={self.n_shards[0]}..{self.n_shards[-1]}; {best})"

    def at(self, n: int) -> dict[str, float]:
        """Every quantity at suffix count ``n`` (which must have been evaluated)."""
        n = check_count("n", n, low=int(self.n_shards[0]), high=int(self.n_shards[-1]))
        i = int(np.searchsorted(self.n_shards, n))
        return {
            "n_shards": float(n),
            "write_units": self.write_units,
            "writes_refused": float(self.writes_refused[i]),
            "busiest_shard_wcu": float(self.busiest_shard_wcu[i]),
            "read_units": float(self.read_units[i]),
            "read_requests": float(self.read_requests[i]),
            "shard_read_rcu": float(self.shard_read_rcu[i]),
            "total_units": self.write_units + float(self.read_units[i]),
        }


def fanout_cost(params: FanoutParams | None = None, n_max: int = 1000, **workload: Any) -> FanoutCost:
    """Writes refused, read units and read requests per second as functions of the suffix count ``N``.

    For each ``N = 1 .. n_max``: the expected write units refused
    (:func:`expected_refused_writes` at the partition ceiling), the bound on
    the busiest shard (:func:`busiest_shard_bound`), and the read rate times
    :func:`read_cost` (one Query per shard). A read that queries every shard
    lands on every shard, so each shard receives the whole read rate; a
    calculated point read lands on one shard, so each receives ``1/N`` of it.

    "Without throttling" needs a criterion, and two are reported. The
    **headroom criterion** (``best_n``): ``N`` is *feasible* when the bound on
    the busiest shard stays within ``utilization ×`` both the write ceiling
    (1,000 WCU/s) and the read ceiling (3,000 RCU/s); the optimum is the
    feasible ``N`` with the fewest units per second. The **refusal criterion**
    (``fewest_n_refusing``): the smallest ``N`` whose expected refused writes,
    Poisson per second, are at most ``refusal_tolerance_wcu``, and whose
    shards' reads stay under the read ceiling itself. Since each extra random
    suffix only adds reads, the cheapest ``N`` under either criterion is its
    smallest qualifying ``N``.

    Parameters
    ----------
    params : FanoutParams, optional
        The workload; or give its fields as keywords (``write_rate=...``).
    n_max : int
        Largest ``N`` evaluated, ``>= 1``.
    **workload
        Fields of :class:`FanoutParams`, when ``params`` is not given.

    Returns
    -------
    FanoutCost
        Arrays over ``N`` and the optimum ``best_n``.

    Examples
    --------
    >>> cost = fanout_cost(write_rate=8000, read_write_ratio=0.1, n_max=100)
    >>> cost.best_n, cost.fewest_n_refusing  # headroom criterion, refusal criterion
    (11, 10)
    >>> cost.at(11)["read_requests"], cost.at(11)["read_units"]  # eventually consistent 1 KB Queries
    (8800.0, 4400.0)
    >>> fanout_cost(write_rate=8000, read_write_ratio=0.1, strategy="calculated", read="point").at(11)["read_requests"]
    800.0
    >>> fanout_cost(write_rate=8000, read_write_ratio=0.5, consistency="strong").best_n is None  # 4,000 RCU/s a shard
    True
    >>> fanout_cost(write_rate=8000, read_write_ratio=0.1, combine="linear").best_n  # reads and writes share one budget
    14
    """
    if params is None:
        params = FanoutParams(**workload)
    elif workload:
        raise ValueError(f"give either params or workload keywords, not both; got {sorted(workload)}")
    n_max = check_count("n_max", n_max, low=1, high=_N_SEARCH_MAX)
    n = np.arange(1, n_max + 1)
    p = params
    wcu = p.wcu_per_write
    busiest = wcu * np.asarray(busiest_shard_bound(p.write_rate, n), dtype=float)
    rc = read_cost(n, p.strategy, p.read, p.read_bytes, p.items_per_shard, p.consistency)
    read_units_s = p.read_rate * rc.read_units
    requests_s = p.read_rate * rc.requests
    one = float(read_units(p.read_bytes, p.consistency))
    if p.read == "point" and p.strategy == "calculated":
        shard_rcu = p.read_rate * one / n
    elif p.read == "point":  # the shard holding the item pays for it; an empty shard pays the minimum, never more
        shard_rcu = p.read_rate * np.full(n.size, one)
    else:
        shard_rcu = p.read_rate * np.full(n.size, float(query_units(p.items_per_shard, p.read_bytes, p.consistency)))
    shard_rcu = np.asarray(shard_rcu, dtype=float)
    if p.combine == "apart":
        refused = wcu * np.asarray(expected_refused_writes(p.write_rate, n, PARTITION_MAX_WCU / wcu), dtype=float)
    else:  # a shard's reads use up part of its one budget: its writes meet the write ceiling that is left
        left = np.clip(1.0 - shard_rcu / PARTITION_MAX_RCU, 0.0, 1.0) * PARTITION_MAX_WCU / wcu
        refused = np.empty(n.size)
        for cap in np.unique(left):
            sel = left == cap
            refused[sel] = wcu * np.asarray(expected_refused_writes(p.write_rate, n[sel], float(cap)), dtype=float)
    if p.combine == "apart":
        feasible = (busiest <= p.utilization * PARTITION_MAX_WCU) & (shard_rcu <= p.utilization * PARTITION_MAX_RCU)
    else:  # one budget for both: the shares of the two ceilings add up
        feasible = busiest / PARTITION_MAX_WCU + shard_rcu / PARTITION_MAX_RCU <= p.utilization
    best = None
    if feasible.any():
        total = np.where(feasible, read_units_s, np.inf)
        best = int(n[int(np.argmin(total))])
    quiet = (refused <= p.refusal_tolerance_wcu) & (shard_rcu <= PARTITION_MAX_RCU)
    fewest = int(n[int(np.argmax(quiet))]) if quiet.any() else None
    return FanoutCost(p, n, p.write_rate * wcu, refused, busiest, read_units_s, requests_s, shard_rcu, feasible, best, fewest)


# --- tail latency of scatter-gather -----------------------------------------------------------


class _HasPpf(Protocol):
    def ppf(self, q: Any) -> Any: ...


def prob_any_slow(p: ArrayLike, n: ArrayLike) -> float | NDArray[np.float64]:
    """Probability that at least one of ``n`` independent parallel requests is slow: ``1 - (1 - p)**n``.

    Computed as ``-expm1(n × log1p(-p))``, accurate for tiny ``p``.

    Parameters
    ----------
    p : float or array_like
        Probability that one request is slow, in ``[0, 1]``; any shape (elementwise).
        At least one value (an empty array is refused).
    n : int or array_like of int
        Fan-out (requests per logical read), in ``[1, MAX_COUNT]``; broadcast against ``p``.
        At least one value (an empty array is refused).

    Returns
    -------
    float or numpy.ndarray
        The probability the logical read is slow.

    Examples
    --------
    >>> round(prob_any_slow(0.01, 100), 4)  # Dean & Barroso's 63%
    0.634
    >>> prob_any_slow(0.0, 5), prob_any_slow(1.0, 5)
    (0.0, 1.0)
    """
    pp = check_array("p", p, low=0, high=1, empty=False)
    nn = _check_counts("n", n).astype(float)
    check_broadcast(("p", pp), ("n", nn))
    with np.errstate(divide="ignore"):
        out = -np.expm1(nn * np.log1p(-pp))
    return _scalar_or_array(np.clip(out, 0.0, 1.0))


def fanout_quantile(q: ArrayLike, n: ArrayLike, dist: _HasPpf) -> float | NDArray[np.float64]:
    """The ``q``-quantile of the slowest of ``n`` independent latencies: ``dist.ppf(q ** (1/n))``.

    A scatter-gather read finishes when its slowest shard answers. If shard
    latencies are independent with CDF ``F``, the maximum has CDF ``F(t)**n``,
    whose ``q``-quantile is ``F^{-1}(q^{1/n})``.

    Parameters
    ----------
    q : float or array_like
        Quantile, in ``(0, 1)``; any shape (elementwise).
        At least one value (an empty array is refused).
    n : int or array_like of int
        Fan-out, in ``[1, MAX_COUNT]``; broadcast against ``q``, to at most 625,000 values in all
        (``MAX_ELEMENTS / 16``: a scipy ``ppf`` holds about ten arrays of that size at once).
        At least one value (an empty array is refused).
    dist : scipy.stats frozen distribution, or anything with ``ppf``
        One shard's latency, in the unit the caller chooses (the course uses ms).

    Returns
    -------
    float or numpy.ndarray
        The quantile of the read's latency, in ``dist``'s unit.

    Examples
    --------
    >>> from scipy import stats
    >>> d = stats.expon(scale=10)  # mean 10 ms
    >>> round(fanout_quantile(0.5, 1, d), 3)
    6.931
    >>> round(fanout_quantile(0.99, 100, d), 1)
    92.1
    """
    qq = check_array("q", q, low=0, high=1, low_open=True, high_open=True, empty=False, max_size=_SCIPY_MAX_SIZE)
    nn = _check_counts("n", n, max_size=_SCIPY_MAX_SIZE).astype(float)
    check_broadcast(("q", qq), ("n", nn), max_size=_SCIPY_MAX_SIZE)
    return _scalar_or_array(np.asarray(dist.ppf(qq ** (1.0 / nn)), dtype=float))


def expected_max_exponential(n: int, rate: float) -> float:
    r"""Expected maximum of ``n`` independent exponential latencies with rate ``λ``: :math:`H_n / \lambda`.

    The maximum of ``n`` exponentials is a sum of ``n`` independent
    exponential gaps with rates ``nλ, (n-1)λ, ..., λ``, hence the harmonic
    number (:func:`hotpart.harmonic`).

    Parameters
    ----------
    n : int
        Fan-out, in ``[1, MAX_COUNT]``.
    rate : float
        λ, in 1/ms (or any 1/time unit), ``> 0``, and large enough that :math:`H_n / \lambda` is finite
        (at least :math:`H_n` divided by the largest float64, about 1.8e308).

    Returns
    -------
    float
        The expected slowest latency, in 1/``rate``'s unit.

    Examples
    --------
    >>> expected_max_exponential(1, 0.1)
    10.0
    >>> round(expected_max_exponential(100, 0.1), 2)
    51.87
    """
    n = check_count("n", n, low=1)
    lam = check_number("rate", rate, low=0, high=math.inf, low_open=True, high_open=True)
    h = float(harmonic(n, 1))
    return h / check_divisor("rate", lam, h, "H_n / rate, the expected maximum")


def simulate_fanout_latency(dist: Any, n: int, size: int, seed: int) -> NDArray[np.float64]:
    """Seeded latencies of ``size`` scatter-gather reads over ``n`` shards: the max of ``n`` draws each.

    Parameters
    ----------
    dist : scipy.stats frozen distribution, or :class:`HedgedLatency`
        One shard's latency (anything with ``rvs(size=..., random_state=...)``).
    n : int
        Fan-out, ``>= 1``; ``n × size`` at most :data:`hotpart.models._validation.MAX_ELEMENTS`.
    size : int
        Logical reads simulated, ``>= 1``.
    seed : int
        Seed of :func:`numpy.random.default_rng`.
        A whole number ``>= 0``; ``None`` is refused (:func:`hotpart.models._validation.check_seed`).

    Returns
    -------
    numpy.ndarray
        One latency per logical read, in ``dist``'s unit.

    Examples
    --------
    >>> from scipy import stats
    >>> simulate_fanout_latency(stats.expon(scale=10), 5, size=3, seed=0).shape
    (3,)
    """
    n = check_count("n", n, low=1, high=_MAX_ELEMENTS)
    size = check_count("size", size, low=1, high=_MAX_ELEMENTS // n)
    rng = np.random.default_rng(check_seed("seed", seed))
    return np.asarray(dist.rvs(size=(size, n), random_state=rng), dtype=float).max(axis=1)


@dataclass(frozen=True)
class HedgedLatency:
    r"""One shard request with a hedge: a second copy is sent if the first has not answered by the ``hedge_quantile``.

    With the first copy's latency ``X1``, the second's ``X2`` (independent, the
    same distribution ``F``) and the hedge delay ``d = F^{-1}(p)``, the request
    finishes at ``T = min(X1, d + X2)``. Its survival function is

    .. math:: S_T(t) = S(t)\,S(t - d) \text{ for } t \ge d, \qquad S_T(t) = S(t) \text{ otherwise,}

    never above ``S(t)``: hedging never makes any quantile worse. A fraction
    ``1 - p`` of requests sends the extra copy (the extra load). The model
    ignores the queueing that the extra load itself causes, and any
    correlation between the copies.

    Parameters
    ----------
    dist : scipy.stats frozen distribution
        One copy's latency, ms (continuous, with ``sf``, ``ppf`` and ``rvs``).
    hedge_quantile : float
        ``p``: the hedge is sent at the first copy's ``p``-quantile, in ``(0, 1)``.

    Examples
    --------
    >>> from scipy import stats
    >>> h = HedgedLatency(stats.expon(scale=10), 0.95)
    >>> round(h.delay, 2), round(h.extra_load, 2)
    (29.96, 0.05)
    >>> round(float(h.ppf(0.99)), 1), round(float(stats.expon(scale=10).ppf(0.99)), 1)
    (38.0, 46.1)
    """

    dist: Any
    hedge_quantile: float = 0.95

    def __post_init__(self) -> None:
        if not all(hasattr(self.dist, a) for a in ("sf", "ppf", "rvs")):
            raise ValueError(f"dist = {self.dist!r} is not allowed: must be a scipy.stats frozen distribution")
        object.__setattr__(
            self,
            "hedge_quantile",
            check_number("hedge_quantile", self.hedge_quantile, low=0, high=1, low_open=True, high_open=True),
        )

    def __repr__(self) -> str:
        name = getattr(getattr(self.dist, "dist", None), "name", type(self.dist).__name__)
        hedge = f"hedge at p{100 * self.hedge_quantile:g} = {self.delay:.3g} ms"
        return f"HedgedLatency({name}, {hedge}, extra load {self.extra_load:.1%})"

    @property
    def delay(self) -> float:
        """The hedge delay ``d``, ms: the first copy's ``hedge_quantile``."""
        return float(self.dist.ppf(self.hedge_quantile))

    @property
    def extra_load(self) -> float:
        """Extra requests per request: the fraction that sends a second copy, ``1 - p``."""
        return 1.0 - self.hedge_quantile

    def extra_requests(self, n: ArrayLike) -> float | NDArray[np.float64]:
        """Expected extra requests per logical read over ``n`` shards: ``n × (1 - p)``.

        Parameters
        ----------
        n : int or array_like of int
            Fan-out, in ``[1, MAX_COUNT]``; any shape (elementwise); at least one.

        Examples
        --------
        >>> from scipy import stats
        >>> HedgedLatency(stats.expon(), 0.95).extra_requests([1, 100]).round(2).tolist()
        [0.05, 5.0]
        """
        return _scalar_or_array(_check_counts("n", n).astype(float) * self.extra_load)

    def sf(self, t: ArrayLike) -> NDArray[np.float64]:
        """P(T > t), for ``t`` in ms.

        Parameters
        ----------
        t : array_like
            Times, ms, ``>= 0`` and finite (a latency is never negative); any shape (elementwise); at least one
            and at most 625,000 values (``MAX_ELEMENTS / 16``: scipy's ``sf`` holds several arrays of that size).

        Examples
        --------
        >>> from scipy import stats
        >>> HedgedLatency(stats.expon(scale=10), 0.95).sf([10.0, 40.0]).round(4)
        array([0.3679, 0.0067])
        """
        tt = check_array("t", t, low=0, high=math.inf, high_open=True, empty=False, max_size=_SCIPY_MAX_SIZE)
        second = np.where(tt >= self.delay, self.dist.sf(tt - self.delay), 1.0)
        return np.asarray(self.dist.sf(tt) * second, dtype=float)

    def cdf(self, t: ArrayLike) -> NDArray[np.float64]:
        """The CDF of ``T`` at ``t`` ms: the probability that the request has finished by then.

        Parameters
        ----------
        t : array_like
            Times, ms, ``>= 0`` and finite (a latency is never negative); any shape (elementwise); at least one
            and at most 625,000 values (``MAX_ELEMENTS / 16``: scipy's ``sf`` holds several arrays of that size).

        Examples
        --------
        >>> from scipy import stats
        >>> HedgedLatency(stats.expon(scale=10), 0.95).cdf([10.0, 40.0]).round(4)
        array([0.6321, 0.9933])
        """
        return 1.0 - self.sf(t)

    def ppf(self, q: ArrayLike) -> NDArray[np.float64]:
        """The ``q``-quantile of ``T``, ms, for ``q`` in ``(0, 1)`` (bisection to relative 1e-12 above the hedge delay).

        Parameters
        ----------
        q : array_like
            Quantiles, in ``(0, 1)``; any shape (elementwise); at least one and at most 156,250 values
            (``MAX_ELEMENTS / 64``: each of the 64 bisection steps evaluates the CDF at every ``q``).

        Examples
        --------
        >>> from scipy import stats
        >>> HedgedLatency(stats.expon(), 0.95).ppf([0.5, 0.99]).round(3)
        array([0.693, 3.8  ])
        >>> HedgedLatency(stats.expon()).ppf([-1, 2])
        Traceback (most recent call last):
        ...
        ValueError: q[0] = -1.0 is out of range: must be in (0, 1)
        """
        qq = check_array("q", q, low=0, high=1, low_open=True, high_open=True, empty=False, max_size=_PPF_MAX_SIZE)
        upper = np.asarray(self.dist.ppf(qq), dtype=float)
        below = qq <= self.hedge_quantile
        lo = np.where(below, upper, self.delay)
        hi = upper.copy()
        for _ in range(_PPF_STEPS):
            mid = 0.5 * (lo + hi)
            too_low = self.cdf(mid) < qq
            lo = np.where(too_low, mid, lo)
            hi = np.where(too_low, hi, mid)
        return np.where(below, upper, hi)

    def rvs(self, size: Any = None, random_state: Any = 0) -> NDArray[np.float64]:
        """Seeded draws of ``T = min(X1, d + X2)``, ms.

        ``size`` is ``None`` (one draw), a count or a tuple of counts (at most
        :data:`hotpart.models._validation.MAX_ELEMENTS` draws in all); ``random_state`` is a
        :class:`numpy.random.Generator` or a seed (default 0: the same draws every call; ``None`` is refused).

        Examples
        --------
        >>> from scipy import stats
        >>> h = HedgedLatency(stats.expon())
        >>> bool((h.rvs(3, random_state=1) == h.rvs(3, random_state=1)).all())
        True
        """
        if size is not None:
            dims = size if isinstance(size, tuple) else (size,)
            shape = tuple(check_count("size", d, high=_MAX_ELEMENTS) for d in dims)
            if math.prod(shape) > _MAX_ELEMENTS:
                raise ValueError(f"size = {size!r} is out of range: must hold at most {_MAX_ELEMENTS:,} draws")
            size = shape if isinstance(size, tuple) else shape[0]
        if isinstance(random_state, np.random.Generator):
            rng = random_state
        else:
            rng = np.random.default_rng(check_seed("random_state", random_state))
        first = self.dist.rvs(size=size, random_state=rng)
        second = self.delay + self.dist.rvs(size=size, random_state=rng)
        return np.minimum(first, second)
