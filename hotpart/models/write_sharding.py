"""Write sharding: how many suffixes a hot key needs, how unevenly they fill, and what a sharded key's read costs.

Chapter 5 (``notebooks/05_write_sharding.ipynb``) is built on this module. Chapters 6 and 7
(``notebooks/06_fanout.ipynb``, ``notebooks/07_aggregation.ipynb``) price their reads with :func:`read_cost`,
chapter 6 sizes shards with :func:`shards_needed`, as chapter 15 (``notebooks/15_diagnosis.ipynb``) does for a
remedy, and chapters 7 and 22 (``notebooks/22_pitfalls.ipynb``) count or draw writes with
:func:`distinct_shards_written` and :func:`simulate_shard_writes`:

* how many suffixes ``N`` a hot key needs when random suffixes spread its
  writes unevenly (a multinomial, bounded by a Chernoff maximal inequality),
  and when suffix keys share physical partitions; a calculated suffix's
  static imbalance; the writes refused when each shard's second is Poisson;
* what a logical read costs in requests and read units with a random or a
  calculated suffix, by DynamoDB's rules (eventually consistent by default,
  a Query's items summed before rounding, BatchGetItem priced per item).

The cost of all this as a function of ``N``, and the latency of the read that
fans out, are :mod:`hotpart.models.fanout`'s; the asynchronous alternative is
:mod:`hotpart.models.aggregation`'s.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import MAX_COUNT as _MAX_COUNT
from ._validation import MAX_ELEMENTS as _MAX_ELEMENTS
from ._validation import check_array, check_choice, check_count, check_counts, check_number, check_seed
from .capacity import read_units
from .constants import BATCH_GET_MAX_BYTES, BATCH_GET_MAX_ITEMS, ITEM_MAX_BYTES, PARTITION_MAX_WCU
from .hashing import partition_of

__all__ = [
    "SHARD_UTILIZATION",
    "ReadCost",
    "busiest_shard_bound",
    "calculated_shard_rates",
    "distinct_shards_written",
    "expected_refused_writes",
    "query_units",
    "read_cost",
    "shards_needed",
    "simulate_shard_writes",
    "suffixes_fit_share",
]

#: The fraction of a partition's ceiling a shard may use: the headroom criterion of :func:`shards_needed`
#: and :func:`hotpart.fanout_cost` (an assumption of the course, ``hp.ASSUMPTIONS["SHARD_UTILIZATION"]``).
SHARD_UTILIZATION: Final[float] = 0.8


_STRATEGIES = ("random", "calculated")
_READS = ("point", "aggregate")
_CONSISTENCY = ("eventual", "strong", "transactional")
_REQUESTS = ("query", "get_item", "batch_get_item")
#: Largest shard count the searches consider.
_N_SEARCH_MAX = 10**6
#: Shard counts :func:`shards_needed` bounds at once (a speed choice: any size gives the same answer).
_SEARCH_BLOCK = 4096
#: Largest shard count :func:`shards_needed` places on partitions by hashing.
_N_PLACED_MAX = 50_000
#: The most values an elementwise model over scipy's special functions or distributions evaluates in one call
#: (:func:`busiest_shard_bound`, :func:`expected_refused_writes`, :func:`hotpart.fanout_quantile`,
#: :class:`hotpart.HedgedLatency`): they hold 7 to 12 arrays of the input's size at once (measured with
#: tracemalloc), so MAX_ELEMENTS / 16 keeps a call within MAX_ELEMENTS float64 in all. Not an AWS figure: a
#: limit of the machine, as MAX_ELEMENTS is.
_SCIPY_MAX_SIZE = _MAX_ELEMENTS // 16


def _scalar_or_array(x: NDArray[Any]) -> Any:
    return x.item() if x.ndim == 0 else x


def _check_counts(
    name: str, values: ArrayLike, *, ndim: int | tuple[int, ...] | None = None, max_size: int | None = None
) -> NDArray[np.int64]:
    """Whole counts in ``[1, MAX_COUNT]`` (2**53: beyond it float64 loses units and int64 products wrap), at least one;
    ``ndim`` and ``max_size`` as in :func:`hotpart.models._validation.check_array`."""
    return check_counts(name, values, low=1, empty=False, ndim=ndim, max_size=max_size)


# --- write side: how unevenly random suffixes spread a hot key -------------------------------


def busiest_shard_bound(write_rate: float, n_shards: ArrayLike) -> float | NDArray[np.float64]:
    r"""Upper bound on the expected writes per second of the busiest of ``n_shards`` random-suffix shards.

    Writes arrive at ``write_rate`` per second and each picks a suffix
    uniformly at random, so in any one second the counts on the ``N`` shards
    are multinomial (Poisson with mean :math:`\mu = W/N` each, if arrivals
    are Poisson). How the imbalance is bounded: for any :math:`t > 0`,
    :math:`e^{t\,\mathbb{E}\max_i X_i} \le \sum_i \mathbb{E}e^{tX_i} \le N e^{\mu(e^t - 1)}`
    (Jensen, then the Poisson moment generating function, which also bounds
    the binomial one), so

    .. math:: \mathbb{E}\max_i X_i \le \min_{t>0} \frac{\ln N + \mu(e^t - 1)}{t}
              = \mu\, e^{t^*}, \qquad t^* = 1 + W_0\!\left(\frac{\ln N/\mu - 1}{e}\right),

    with :math:`W_0` the Lambert W function. It is never looser than the
    sub-gamma form :math:`\mu + \sqrt{2\mu\ln N} + \tfrac13\ln N`
    (Boucheron, Lugosi & Massart, *Concentration Inequalities*, 2013, §2.5),
    whose first two terms Raab & Steger (1998) show are the exact asymptotics
    for :math:`W \ge N\ln N`. At the rates of the course it lies within a
    few percent of a seeded simulation (see the tests). It bounds the
    *expected* busiest shard in a second; single seconds exceed it, which the
    utilization headroom of :func:`shards_needed` absorbs.

    Parameters
    ----------
    write_rate : float
        The hot key's writes per second, in ``[0, 1e12]``.
    n_shards : int or array_like of int
        Suffix count ``N``, in ``[1, MAX_COUNT]`` (:data:`hotpart.models._validation.MAX_COUNT`, 2**53); any
        shape (elementwise). At least one value (an empty array is refused) and at most 625,000
        (``MAX_ELEMENTS / 16``: the Lambert W evaluation holds about eight arrays of that size at once).

    Returns
    -------
    float or numpy.ndarray
        Writes per second on the busiest shard, an upper bound on its expectation.

    Examples
    --------
    >>> busiest_shard_bound(8000, 1)
    8000.0
    >>> round(busiest_shard_bound(8000, 10), 1)
    861.5
    """
    w = check_number("write_rate", write_rate, low=0, high=1e12)
    n = _check_counts("n_shards", n_shards, max_size=_SCIPY_MAX_SIZE).astype(float)
    if w == 0.0:
        return _scalar_or_array(np.zeros_like(n))
    return _scalar_or_array(np.minimum(w, _chernoff_max(w / n, n)))


def _chernoff_max(mu: ArrayLike, n: ArrayLike) -> NDArray[np.float64]:
    """min over t > 0 of (ln n + mu (e^t - 1)) / t, for mu > 0 and n >= 1 (see :func:`busiest_shard_bound`)."""
    from scipy import special

    m = np.asarray(mu, dtype=float)
    nn = np.asarray(n, dtype=float)
    with np.errstate(divide="ignore", over="ignore", invalid="ignore"):
        a = np.log(nn) / m
    # W0 is nan at exactly -1/e in scipy; one shard (a = 0) needs no bound: its count is the whole rate
    z = np.maximum((a - 1.0) / math.e, np.nextafter(-1.0 / math.e, 0.0))
    t = 1.0 + np.real(special.lambertw(z))
    with np.errstate(over="ignore", invalid="ignore"):  # m == 0 (a rate that underflows per shard): the where picks m
        return np.asarray(np.where((nn == 1) | (m == 0), m, m * np.exp(t)), dtype=float)


def simulate_shard_writes(write_rate: float, n_shards: int, seconds: int, seed: int) -> NDArray[np.int64]:
    """Seeded per-second write counts on each random-suffix shard.

    Each second draws a Poisson(``write_rate``) number of writes and splits
    them multinomially over the shards, so every row sums to that second's
    total (writes are conserved).

    Parameters
    ----------
    write_rate : float
        Mean writes per second, ``>= 0``.
    n_shards : int
        Suffix count, in ``[1, MAX_ELEMENTS]`` (:data:`hotpart.models._validation.MAX_ELEMENTS`).
    seconds : int
        Seconds simulated, ``>= 1``; ``seconds × n_shards`` at most
        :data:`hotpart.models._validation.MAX_ELEMENTS` (the array it returns).
    seed : int
        Seed of :func:`numpy.random.default_rng`.
        A whole number ``>= 0``; ``None`` is refused (:func:`hotpart.models._validation.check_seed`).

    Returns
    -------
    numpy.ndarray
        Writes per shard per second, shape ``(seconds, n_shards)``.

    Examples
    --------
    >>> counts = simulate_shard_writes(1000, 10, seconds=5, seed=1)
    >>> counts.shape
    (5, 10)
    """
    w = check_number("write_rate", write_rate, low=0, high=1e9)
    n = check_count("n_shards", n_shards, low=1, high=_MAX_ELEMENTS)
    s = check_count("seconds", seconds, low=1, high=_MAX_ELEMENTS // n)
    rng = np.random.default_rng(check_seed("seed", seed))
    totals = rng.poisson(w, size=s)
    return rng.multinomial(totals, np.full(n, 1.0 / n))


def shards_needed(
    write_rate: float,
    partition_ceiling: float = PARTITION_MAX_WCU,
    utilization: float = SHARD_UTILIZATION,
    *,
    units_per_write: float = 1.0,
    n_partitions: int | None = None,
    base_key: str = "HOT",
) -> int:
    r"""The smallest suffix count ``N`` that keeps every shard under ``utilization × partition_ceiling``.

    The condition is on the busiest shard, not the average:
    ``units_per_write × busiest_shard_bound(write_rate, N) <= utilization ×
    partition_ceiling``. With random suffixes the load per shard is
    multinomial, so the expected busiest shard carries more than ``W/N``;
    :func:`busiest_shard_bound` bounds it by
    :math:`\min_t (\ln N + \mu(e^t - 1))/t \le \mu + \sqrt{2\mu\ln N} + \ln N / 3`
    with :math:`\mu = W/N` (a Chernoff maximal inequality; see its docstring). A calculated suffix over
    many equally active values fluctuates the same way second by second.

    When ``n_partitions`` is given, the ``N`` keys ``f"{base_key}#{i}"`` are
    hashed onto that many partitions with :func:`hotpart.partition_of`, and
    suffix keys that collide add up: the partition holding the most suffix keys
    carries ``W × k_max / N`` on average, and the same bound applies over the
    occupied partitions. A table with few partitions may then need more
    suffixes than the per-key arithmetic says, or none may do.

    Parameters
    ----------
    write_rate : float
        The hot key's writes per second, ``>= 0``.
    partition_ceiling : float
        The per-partition write ceiling, WCU/s, ``> 0`` (default :data:`PARTITION_MAX_WCU`).
    utilization : float
        The fraction of the ceiling a shard may use, in ``(0, 1]`` (default
        :data:`SHARD_UTILIZATION`, a headroom the course chooses: AWS publishes
        no such target for write sharding).
    units_per_write : float
        Write units each write costs (see :func:`hotpart.write_units`), ``> 0``.
    n_partitions : int, optional
        Physical partitions of the table; ``None`` puts each suffix key on its own partition; at most
        :data:`hotpart.models._validation.MAX_ELEMENTS`.
    base_key : str
        The hot key the suffixes are appended to (only used with ``n_partitions``).

    Returns
    -------
    int
        The smallest ``N >= 1`` that meets the condition.

    Raises
    ------
    ValueError
        If an input is out of range, or no ``N`` up to one million meets the
        condition: the table's partitions cannot carry the rate together, or
        the budget ``utilization × partition_ceiling / units_per_write`` is
        a write or two per second, below what the busiest of many shards
        receives (the bound tends to one write as ``N`` grows).

    Examples
    --------
    >>> shards_needed(8000)
    11
    >>> shards_needed(500)
    1
    >>> shards_needed(8000, n_partitions=4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: write_rate = 8000.0 is more than n_partitions = 4 carry at 800 WCU/s each (partition_ceiling = ...
    >>> shards_needed(8000, n_partitions=100)  # suffix keys collide on partitions
    22
    """
    w = check_number("write_rate", write_rate, low=0, high=1e12)
    ceiling = check_number("partition_ceiling", partition_ceiling, low=0, high=math.inf, low_open=True, high_open=True)
    u = check_number("utilization", utilization, low=0, high=1, low_open=True)
    per = check_number("units_per_write", units_per_write, low=0, high=math.inf, low_open=True, high_open=True)
    # checked before the answer 1 too: a bad partition count is refused whatever the rate
    p = None if n_partitions is None else check_count("n_partitions", n_partitions, low=1, high=_MAX_ELEMENTS)
    if not isinstance(base_key, str):  # hashed as its text: 5 and "5" would name the same keys
        raise ValueError(f"base_key = {base_key!r} is not a string: partition keys must be str")
    budget = u * ceiling / per  # writes per second a shard may carry
    if w <= budget:
        return 1
    # the budget's inputs, named: a tiny partition_ceiling or utilization is why no count helps
    inputs = f"partition_ceiling = {ceiling!r} × utilization = {u!r}, units_per_write = {per!r}"
    if p is None:
        if w > budget * _N_SEARCH_MAX:  # even an even split needs more shards (and w / budget may overflow)
            raise ValueError(
                f"write_rate = {w!r} needs more than {_N_SEARCH_MAX:,} shards of {budget * per:,.3g} WCU/s ({inputs})"
            )
        lo = max(1, math.ceil(w / budget))
        for start in range(lo, _N_SEARCH_MAX + 1, _SEARCH_BLOCK):  # every count from the even split to one million
            n = np.arange(start, min(start + _SEARCH_BLOCK, _N_SEARCH_MAX + 1))
            ok = np.flatnonzero(np.asarray(busiest_shard_bound(w, n)) <= budget)
            if ok.size:
                return int(n[ok[0]])
        raise ValueError(f"write_rate = {w!r} needs more than {_N_SEARCH_MAX:,} shards of {budget * per:,.3g} WCU/s ({inputs})")
    if w > p * budget:
        raise ValueError(
            f"write_rate = {w!r} is more than n_partitions = {p} carry at {budget * per:,.3g} WCU/s each "
            f"({inputs}): no suffix count helps"
        )
    limit = _placed_limit(w, budget, p)
    where = partition_of([f"{base_key}#{i}" for i in range(limit)], p)
    found = _needed_for_placement(w, budget, where, p)
    if found is not None:
        return found
    raise ValueError(
        f"write_rate = {w!r} needs more than {p} partitions: no suffix count up to {limit:,} keeps each "
        f"under {budget * per:,.0f} WCU/s"
    )


def suffixes_fit_share(
    write_rate: float,
    n_suffixes: int,
    n_partitions: int,
    partition_ceiling: float = PARTITION_MAX_WCU,
    utilization: float = SHARD_UTILIZATION,
    *,
    units_per_write: float = 1.0,
    trials: int = 20_000,
    seed: int = 0,
) -> float:
    """The share of random placements of ``n_suffixes`` suffix keys on ``n_partitions`` partitions that meet the
    condition of :func:`shards_needed`.

    DynamoDB does not publish its hash, so from the reader's side where the suffix keys land is random: each trial
    puts each key on a partition drawn uniformly (seeded), and it fits when the partition holding the most keys,
    ``W × k_max / N`` on average, keeps its busiest second's bound over the occupied partitions within
    ``utilization × partition_ceiling`` (the rule :func:`shards_needed` applies to the course's one placement).

    Parameters
    ----------
    write_rate : float
        The hot key's writes per second, ``>= 0``.
    n_suffixes : int
        Suffix keys, in ``[1, 10_000]``.
    n_partitions : int
        Partitions of the table or index, in ``[1, 10_000]``.
    partition_ceiling : float
        The per-partition write ceiling (or the room a partition leaves the suffixes), WCU/s, ``> 0``.
    utilization : float
        The fraction of the ceiling a shard may use, in ``(0, 1]``.
    units_per_write : float
        Write units each write costs, ``> 0``.
    trials : int
        Random placements, in ``[1, 10**6]``.
    seed : int
        Seed of the placements.

    Returns
    -------
    float
        The share of the placements that fit, in ``[0, 1]``.

    Examples
    --------
    >>> # chapter 17's index value: 1,200 writes/s of 2 WCU, over 4 (the per-key count) or 7 suffixes on 8 partitions
    >>> [round(suffixes_fit_share(1200, k, 8, 1000, units_per_write=2), 2) for k in (4, 7)]
    [0.42, 0.65]
    >>> suffixes_fit_share(500, 1, 1)
    1.0
    """
    w = check_number("write_rate", write_rate, low=0, high=1e12)
    n = check_count("n_suffixes", n_suffixes, low=1, high=10_000)
    p = check_count("n_partitions", n_partitions, low=1, high=10_000)
    ceiling = check_number("partition_ceiling", partition_ceiling, low=0, high=math.inf, low_open=True, high_open=True)
    u = check_number("utilization", utilization, low=0, high=1, low_open=True)
    per = check_number("units_per_write", units_per_write, low=0, high=math.inf, low_open=True, high_open=True)
    m = check_count("trials", trials, low=1, high=10**6)
    rng = np.random.default_rng(check_seed("seed", seed))
    budget = u * ceiling / per
    fit = 0
    block = max(1, 2_000_000 // (n + p))
    for start in range(0, m, block):
        rows = min(block, m - start)
        where = rng.integers(0, p, size=(rows, n))
        flat = (np.arange(rows)[:, None] * p + where).ravel()
        counts = np.bincount(flat, minlength=rows * p).reshape(rows, p)
        k_max = counts.max(axis=1)
        occupied = np.count_nonzero(counts, axis=1)
        bound = np.minimum(w, _chernoff_max(w * k_max / n, occupied))
        fit += int(np.count_nonzero(bound <= budget))
    return fit / m


def _placed_limit(w: float, budget: float, p: int) -> int:
    """How many suffix keys :func:`shards_needed` tries on ``p`` partitions before it gives up."""
    return min(_N_PLACED_MAX, 100 * (math.ceil(w / budget) + p))


def _needed_for_placement(w: float, budget: float, where: NDArray[np.int64], p: int) -> int | None:
    """The rule of :func:`shards_needed` on a given placement: the first ``N`` whose keys ``where[:N]`` keep the
    fullest partition's bound within ``budget``, or ``None`` if no prefix of ``where`` does.

    ``where`` holds the partition (in ``[0, p)``) of suffix key 0, 1, ...; the fullest partition carries
    ``W k_max / N`` on average, and the bound is taken over the occupied partitions.
    """
    per_partition = np.zeros(p, dtype=np.int64)
    for n_keys in range(1, len(where) + 1):
        per_partition[where[n_keys - 1]] += 1
        occupied = int(np.count_nonzero(per_partition))
        bound = float(_chernoff_max(w * per_partition.max() / n_keys, occupied))
        if min(w, bound) <= budget:
            return n_keys
    return None


def calculated_shard_rates(write_rate: float, n_shards: int, n_values: int, seed: int) -> NDArray[np.float64]:
    """Mean writes per second on each shard when the suffix is calculated from an attribute with ``n_values`` values.

    The suffix is ``hash(value) mod N`` and the ``n_values`` values are equally
    active, so shard ``i`` carries ``W × k_i / n_values``, where ``k_i`` is how
    many values hash to it. A uniform hash makes ``(k_i)`` multinomial; the
    seed fixes which. With few values per shard the static imbalance is large;
    with many it vanishes and only the per-second fluctuation of
    :func:`busiest_shard_bound` remains. Skewed values (one very active user)
    make it worse still.

    Parameters
    ----------
    write_rate : float
        The hot key's writes per second, ``>= 0``.
    n_shards : int
        Suffix count ``N``, in ``[1, MAX_ELEMENTS]`` (:data:`hotpart.models._validation.MAX_ELEMENTS`).
    n_values : int
        Distinct, equally active values of the attribute, in ``[1, 1e12]``.
    seed : int
        Seed of :func:`numpy.random.default_rng` (which values land where).
        A whole number ``>= 0``; ``None`` is refused (:func:`hotpart.models._validation.check_seed`).

    Returns
    -------
    numpy.ndarray
        Mean writes per second per shard; sums to ``write_rate``.

    Examples
    --------
    >>> rates = calculated_shard_rates(8000, 10, n_values=20, seed=0)
    >>> float(rates.sum())
    8000.0
    """
    w = check_number("write_rate", write_rate, low=0, high=1e12)
    n = check_count("n_shards", n_shards, low=1, high=_MAX_ELEMENTS)
    v = check_count("n_values", n_values, low=1, high=10**12)
    rng = np.random.default_rng(check_seed("seed", seed))
    per_shard = rng.multinomial(v, np.full(n, 1.0 / n))
    return w * per_shard / v


def distinct_shards_written(n_writes: ArrayLike, n_shards: int) -> float | NDArray[np.float64]:
    """Expected number of distinct random-suffix keys that ``n_writes`` writes touch: ``N (1 - (1 - 1/N)**k)``.

    When each write is a ``put_item`` on the suffixed key alone (no sort key),
    a write to a key already written replaces the item, so this is also the
    expected number of items that survive, out of ``k`` written.

    Parameters
    ----------
    n_writes : int or array_like
        Writes ``k``, in ``[0, MAX_COUNT]``.
        At least one value (an empty array is refused).
    n_shards : int
        Suffix count ``N``, in ``[1, MAX_COUNT]`` (:data:`hotpart.models._validation.MAX_COUNT`, 2**53).

    Returns
    -------
    float or numpy.ndarray
        Expected distinct keys written (items that survive).

    Examples
    --------
    >>> round(distinct_shards_written(100, 10), 4)
    9.9997
    >>> distinct_shards_written(1, 10)
    1.0
    """
    k = check_array("n_writes", n_writes, low=0, high=_MAX_COUNT, empty=False)
    n = check_count("n_shards", n_shards, low=1)
    return _scalar_or_array(-n * np.expm1(k * np.log1p(-1.0 / n)) if n > 1 else np.minimum(k, 1.0))


def expected_refused_writes(write_rate: float, n_shards: ArrayLike, shard_capacity: float) -> float | NDArray[np.float64]:
    r"""Expected writes per second refused over all shards when each second's count per shard is Poisson.

    Each of the ``N`` shards receives Poisson(:math:`\mu = W/N`) writes in a
    second and serves at most ``c = floor(shard_capacity)``; the rest is
    refused. With :math:`F` the Poisson CDF,

    .. math:: \mathbb{E}(X - c)^+ = \mu\,P(X = c) + (\mu - c)\,P(X > c),

    (from :math:`x\,p(x) = \mu\,p(x-1)` for the Poisson), and the total is
    ``N`` times that. Written with the survival function it keeps its relative
    accuracy far in the tail, where the equivalent
    :math:`\mu - c + c\,F(c-1) - \mu\,F(c-2)` cancels to zero. No burst
    capacity, no retries.

    Parameters
    ----------
    write_rate : float
        The hot key's writes per second, in ``[0, 1e12]``.
    n_shards : int or array_like of int
        Suffix count, in ``[1, MAX_COUNT]`` (:data:`hotpart.models._validation.MAX_COUNT`, 2**53); any shape
        (elementwise). At least one value (an empty array is refused) and at most 625,000 (``MAX_ELEMENTS / 16``:
        scipy's Poisson ``pmf`` and ``sf`` hold about twelve arrays of that size at once).
    shard_capacity : float
        Writes per second one shard serves, in ``[0, MAX_COUNT]``.

    Returns
    -------
    float or numpy.ndarray
        Expected refused writes per second (all shards together).

    Examples
    --------
    >>> round(expected_refused_writes(8000, 1, 1000), 6)
    7000.0
    >>> f"{expected_refused_writes(8000, [10, 11], 1000)[1]:.2e}"  # tiny, but not zero
    '1.82e-20'
    """
    from scipy import stats

    w = check_number("write_rate", write_rate, low=0, high=1e12)
    n = _check_counts("n_shards", n_shards, max_size=_SCIPY_MAX_SIZE).astype(float)
    c = math.floor(check_number("shard_capacity", shard_capacity, low=0, high=_MAX_COUNT))
    mu = w / n
    excess = mu * stats.poisson.pmf(c, mu) + (mu - c) * stats.poisson.sf(c, mu)
    return _scalar_or_array(n * np.maximum(excess, 0.0))


# --- read side: what a logical read costs -----------------------------------------------------


@dataclass(frozen=True)
class ReadCost:
    """Requests and read units of one logical read of a sharded key.

    Parameters
    ----------
    n_shards : numpy.ndarray
        Suffix counts ``N``.
    requests : numpy.ndarray
        Requests (round trips: Query, GetItem or BatchGetItem calls) per logical read.
    read_units : numpy.ndarray
        Read units (RCU) per logical read.
    """

    n_shards: NDArray[np.int64]
    requests: NDArray[np.float64]
    read_units: NDArray[np.float64]

    def __post_init__(self) -> None:
        n = _check_counts("n_shards", self.n_shards, ndim=(0, 1)).reshape(-1)
        object.__setattr__(self, "n_shards", n)
        for name in ("requests", "read_units"):
            arr = check_array(name, getattr(self, name), low=0, high=math.inf, high_open=True, ndim=(0, 1)).reshape(-1)
            if arr.shape != n.shape:
                raise ValueError(f"{name} has shape {arr.shape}: must be {n.shape}, one value per n_shards")
            object.__setattr__(self, name, arr)

    def __repr__(self) -> str:
        n = self.n_shards
        span = f"N={n[0]}" if n.size == 1 else f"N={n[0]}..{n[-1]}"
        return f"ReadCost({span}: {self.requests[0]:g} requests and {self.read_units[0]:g} RCU per read at N={n[0]})"


def query_units(items: ArrayLike, item_bytes: float, consistency: str = "eventual") -> float | NDArray[np.float64]:
    """Read units of one Query that returns ``items`` items of ``item_bytes`` each.

    DynamoDB treats the items a Query returns as one read: it sums their sizes
    and rounds the total up to the next 4 KB, so ``k`` small items cost
    ``read_units(k × b)``, not ``k × read_units(b)``. A Query that returns
    nothing still costs the minimum unit of its kind of read. (A Query also pays
    for partitions searched; a suffix key's Query reads one item collection.)

    Parameters
    ----------
    items : int or array_like of int
        Items returned, in ``[0, MAX_COUNT]`` (:data:`hotpart.models._validation.MAX_COUNT`).
        At least one value (an empty array is refused).
    item_bytes : float
        Size of one item, bytes, in ``[0, ITEM_MAX_BYTES]`` (:data:`hotpart.ITEM_MAX_BYTES`, 400 KB).
    consistency : {"eventual", "strong", "transactional"}
        The kind of read; ``"eventual"`` is DynamoDB's default.

    Returns
    -------
    float or numpy.ndarray
        Read units of the Query.

    Examples
    --------
    >>> query_units(3, 1000), query_units(3, 1000, "strong")  # 3,000 B rounds to one 4 KB block
    (0.5, 1.0)
    >>> query_units([0, 10], 4096, "strong").tolist()
    [1.0, 10.0]
    """
    k = check_array("items", items, low=0, high=_MAX_COUNT, empty=False)
    b = check_number("item_bytes", item_bytes, low=0, high=ITEM_MAX_BYTES)
    check_choice("consistency", consistency, _CONSISTENCY)
    return _scalar_or_array(np.asarray(read_units(k * b, consistency), dtype=float))


def read_cost(
    n_shards: ArrayLike,
    strategy: str = "random",
    read: str = "aggregate",
    item_bytes: float = 1024,
    items_per_shard: int = 1,
    consistency: str = "eventual",
    request: str = "query",
) -> ReadCost:
    """Requests and read units of one logical read of a key written over ``N`` suffixes.

    * **random suffix**: the reader cannot know which shard holds what, so
      every read, point or aggregate, asks all ``N`` shards. A point read finds
      its item on one shard; the other ``N - 1`` come back empty and still cost
      the minimum unit each (0.5 eventually consistent, 1 strongly consistent).
    * **calculated suffix** (a hash of a read attribute, modulo ``N``): a
      point read goes to the one shard the attribute names. An aggregate over
      the whole key still needs all ``N``.

    How the units are counted depends on the request (DynamoDB's rules):

    * ``"query"``: one Query per shard; the ``k`` items a shard returns are
      summed and the total rounded up to 4 KB (:func:`query_units`).
    * ``"get_item"``: one GetItem per shard key, as the source's leaderboard
      does; a key holds one item (``items_per_shard`` must be 1), rounded up
      to 4 KB on its own.
    * ``"batch_get_item"``: the same keys in BatchGetItem calls of at most
      :data:`BATCH_GET_MAX_ITEMS` items and :data:`BATCH_GET_MAX_BYTES`; each
      item is priced as its own GetItem, so the units equal ``"get_item"``'s
      and only the round trips fall.

    ``consistency`` defaults to ``"eventual"``, DynamoDB's default for GetItem,
    Query and BatchGetItem (boto3's ``get_item`` without ``ConsistentRead``).

    Parameters
    ----------
    n_shards : int or array_like of int
        Suffix count ``N``, in ``[1, MAX_COUNT]`` (:data:`hotpart.models._validation.MAX_COUNT`, 2**53): one
        count or a 1-D array of them (a 2-D array is refused); at least one.
    strategy : {"random", "calculated"}
        How the suffix is chosen.
    read : {"point", "aggregate"}
        One item, or every item of the logical key.
    item_bytes : float
        Size of one item, bytes, in ``[0, ITEM_MAX_BYTES]`` (:data:`hotpart.ITEM_MAX_BYTES`, 400 KB).
    items_per_shard : int
        Items an aggregate read returns from each shard, ``>= 1``.
    consistency : {"eventual", "strong", "transactional"}
        The kind of read.
    request : {"query", "get_item", "batch_get_item"}
        The API the reader calls.

    Returns
    -------
    ReadCost
        Requests and RCU per logical read, one entry per ``N``.

    Examples
    --------
    >>> c = read_cost([1, 10], "random", "point", item_bytes=1000, consistency="strong")
    >>> c.requests.tolist(), c.read_units.tolist()
    ([1.0, 10.0], [1.0, 10.0])
    >>> read_cost(10, "random", "point", item_bytes=1000).read_units.tolist()  # eventual, the default
    [5.0]
    >>> read_cost(10, "calculated", "point", item_bytes=6000, consistency="strong").read_units.tolist()
    [2.0]
    >>> read_cost(10, "calculated", "aggregate", items_per_shard=3).read_units.tolist()  # 3 KB per Query
    [5.0]
    >>> b = read_cost(10, "random", "aggregate", request="batch_get_item")
    >>> b.requests.tolist(), b.read_units.tolist()
    ([1.0], [5.0])
    """
    n = _check_counts("n_shards", n_shards, ndim=(0, 1)).reshape(-1)
    check_choice("strategy", strategy, _STRATEGIES)
    check_choice("read", read, _READS)
    check_choice("consistency", consistency, _CONSISTENCY)
    check_choice("request", request, _REQUESTS)
    k = check_count("items_per_shard", items_per_shard, low=1, high=_MAX_COUNT)
    if request != "query" and k != 1:
        raise ValueError(f"items_per_shard = {k} is not allowed with request = {request!r}: GetItem reads one item; allowed: 1")
    b = check_number("item_bytes", item_bytes, low=0, high=ITEM_MAX_BYTES)
    one = float(read_units(b, consistency))
    empty = float(read_units(0, consistency))
    per_shard = float(query_units(k, b, consistency))
    nf = n.astype(float)
    if read == "aggregate":
        keys = nf
        units = nf * per_shard
    elif strategy == "random":
        keys = nf
        units = one + (nf - 1.0) * empty
    else:
        keys = np.ones_like(nf)
        units = np.full_like(nf, one)
    if request == "batch_get_item":
        per_call = max(1, min(BATCH_GET_MAX_ITEMS, BATCH_GET_MAX_BYTES // max(math.ceil(b), 1)))
        requests = np.ceil(keys / per_call)
    else:
        requests = keys
    return ReadCost(n, requests, units)
