"""Write sharding and its read side: shard counts, fan-out cost, tail latency and Streams aggregation.

Chapters 5 to 7 (``notebooks/05_write_sharding.ipynb``, ``notebooks/06_fanout.ipynb``,
``notebooks/07_aggregation.ipynb``) are built on these models:

* how many suffixes ``N`` a hot key needs when random suffixes spread its
  writes unevenly (a multinomial, bounded by a Chernoff maximal inequality),
  and when suffix keys share physical partitions;
* what a logical read costs in requests and read units with a random or a
  calculated suffix, by DynamoDB's rules (eventually consistent by default,
  a Query's items summed before rounding, BatchGetItem priced per item), and
  the cheapest ``N`` under two named criteria for "without throttling"
  (headroom, or a tolerance of expected refusals);
* the latency of a scatter-gather read, which waits for its slowest shard, and
  of the same read with hedged requests;
* the alternative to read-time fan-out: an asynchronous aggregator fed by
  DynamoDB Streams (with Lambda's ParallelizationFactor), with its staleness
  and its write units.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy import special, stats

from ._validation import MAX_COUNT as _MAX_COUNT
from ._validation import MAX_ELEMENTS as _MAX_ELEMENTS
from ._validation import check_array, check_choice, check_count, check_counts, check_number, check_seed
from .capacity import read_units, write_units
from .constants import (
    BATCH_GET_MAX_BYTES,
    BATCH_GET_MAX_ITEMS,
    PARTITION_MAX_RCU,
    PARTITION_MAX_WCU,
    STREAMS_MAX_BATCH_SIZE,
    STREAMS_MAX_BATCH_WINDOW_S,
    STREAMS_MAX_PARALLELIZATION,
    STREAMS_POLLS_PER_S,
)
from .harmonic_numbers import harmonic
from .hashing import partition_of

__all__ = [
    "REFUSAL_TOLERANCE_WCU",
    "SHARD_UTILIZATION",
    "STREAMS_BATCH_OVERHEAD_S",
    "STREAMS_DELAY_S",
    "STREAMS_RECORD_TIME_S",
    "FanoutCost",
    "FanoutParams",
    "HedgedLatency",
    "ReadCost",
    "StreamsAggregation",
    "busiest_shard_bound",
    "calculated_shard_rates",
    "distinct_shards_written",
    "expected_max_exponential",
    "expected_refused_writes",
    "fanout_cost",
    "fanout_quantile",
    "prob_any_slow",
    "query_units",
    "read_cost",
    "shards_needed",
    "simulate_fanout_latency",
    "simulate_shard_writes",
]

#: The fraction of a partition's ceiling a shard may use: the headroom criterion of :func:`shards_needed`
#: and :func:`fanout_cost` (an assumption of the course, ``hp.ASSUMPTIONS["SHARD_UTILIZATION"]``).
SHARD_UTILIZATION: Final[float] = 0.8
#: Expected refused write units per second that count as "no throttling" (one write a day; an assumption).
REFUSAL_TOLERANCE_WCU: Final[float] = 1.0 / 86_400
#: Aggregator time per Lambda batch (invocation, the aggregate update), s (an assumption; measure it).
STREAMS_BATCH_OVERHEAD_S: Final[float] = 0.06
#: Aggregator time per stream record, s (an assumption; measure it).
STREAMS_RECORD_TIME_S: Final[float] = 1e-4
#: Time from a write to its stream record being readable, s (an assumption: AWS publishes none).
STREAMS_DELAY_S: Final[float] = 0.0


_STRATEGIES = ("random", "calculated")
_READS = ("point", "aggregate")
_CONSISTENCY = ("eventual", "strong", "transactional")
_REQUESTS = ("query", "get_item", "batch_get_item")
#: Largest shard count the searches consider.
_N_SEARCH_MAX = 10**6
#: Largest shard count :func:`shards_needed` places on partitions by hashing.
_N_PLACED_MAX = 50_000


def _scalar_or_array(x: NDArray[Any]) -> Any:
    return x.item() if x.ndim == 0 else x


def _check_counts(name: str, values: ArrayLike) -> NDArray[np.int64]:
    """Whole counts in ``[1, MAX_COUNT]`` (2**53: beyond it float64 loses units and int64 products wrap), at least one."""
    return check_counts(name, values, low=1, empty=False)


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
        Suffix count ``N``, in ``[1, MAX_COUNT]`` (:data:`hotpart.models._validation.MAX_COUNT`, 2**53).
        At least one value (an empty array is refused).

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
    n = _check_counts("n_shards", n_shards).astype(float)
    if w == 0.0:
        return _scalar_or_array(np.zeros_like(n))
    return _scalar_or_array(np.minimum(w, _chernoff_max(w / n, n)))


def _chernoff_max(mu: ArrayLike, n: ArrayLike) -> NDArray[np.float64]:
    """min over t > 0 of (ln n + mu (e^t - 1)) / t, for mu > 0 and n >= 1 (see :func:`busiest_shard_bound`)."""
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
    ValueError: write_rate = 8000.0 is more than n_partitions = 4 carry at 800 WCU/s each (units_per_write = 1.0): ...
    >>> shards_needed(8000, n_partitions=100)  # suffix keys collide on partitions
    22
    """
    w = check_number("write_rate", write_rate, low=0, high=1e12)
    ceiling = check_number("partition_ceiling", partition_ceiling, low=0, high=math.inf, low_open=True, high_open=True)
    u = check_number("utilization", utilization, low=0, high=1, low_open=True)
    per = check_number("units_per_write", units_per_write, low=0, high=math.inf, low_open=True, high_open=True)
    budget = u * ceiling / per  # writes per second a shard may carry
    if w <= budget:
        return 1
    if n_partitions is None:
        lo = max(1, math.ceil(w / budget))
        n = np.arange(lo, lo + 4096)
        while n[0] <= _N_SEARCH_MAX:
            ok = np.flatnonzero(np.asarray(busiest_shard_bound(w, n)) <= budget)
            if ok.size:
                return int(n[ok[0]])
            n = n + n.size
        raise ValueError(
            f"write_rate = {w!r} needs more than {_N_SEARCH_MAX:,} shards of {budget * per:,.0f} WCU/s "
            f"(units_per_write = {per!r})"
        )
    p = check_count("n_partitions", n_partitions, low=1, high=_MAX_ELEMENTS)
    if w > p * budget:
        raise ValueError(
            f"write_rate = {w!r} is more than n_partitions = {p} carry at {budget * per:,.0f} WCU/s each "
            f"(units_per_write = {per!r}): no suffix count helps"
        )
    limit = min(_N_PLACED_MAX, 100 * (math.ceil(w / budget) + p))
    where = partition_of([f"{base_key}#{i}" for i in range(limit)], p)
    per_partition = np.zeros(p, dtype=np.int64)
    for n_keys in range(1, limit + 1):
        per_partition[where[n_keys - 1]] += 1
        occupied = int(np.count_nonzero(per_partition))
        # the fullest partition carries W k_max / N on average; bound the busiest of the occupied ones
        bound = float(_chernoff_max(w * per_partition.max() / n_keys, occupied))
        if min(w, bound) <= budget:
            return n_keys
    raise ValueError(
        f"write_rate = {w!r} needs more than {p} partitions: no suffix count up to {limit:,} keeps each "
        f"under {budget * per:,.0f} WCU/s"
    )


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
        Suffix count, in ``[1, MAX_COUNT]`` (:data:`hotpart.models._validation.MAX_COUNT`, 2**53).
        At least one value (an empty array is refused).
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
    w = check_number("write_rate", write_rate, low=0, high=1e12)
    n = _check_counts("n_shards", n_shards).astype(float)
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
        n = _check_counts("n_shards", self.n_shards).reshape(-1)
        if n.size == 0:
            raise ValueError(f"n_shards = {self.n_shards!r} is empty: must be at least one count")
        object.__setattr__(self, "n_shards", n)
        for name in ("requests", "read_units"):
            arr = check_array(name, getattr(self, name), low=0, high=math.inf, high_open=True).reshape(-1)
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
        Size of one item, bytes, ``>= 0``.
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
    b = check_number("item_bytes", item_bytes, low=0, high=400 * 1024)
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
        Suffix count ``N``, in ``[1, MAX_COUNT]`` (:data:`hotpart.models._validation.MAX_COUNT`, 2**53); at least one.
    strategy : {"random", "calculated"}
        How the suffix is chosen.
    read : {"point", "aggregate"}
        One item, or every item of the logical key.
    item_bytes : float
        Size of one item, bytes, ``>= 0``.
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
    n = _check_counts("n_shards", n_shards).reshape(-1)
    if n.size == 0:
        raise ValueError(f"n_shards = {n_shards!r} is empty: must be at least one count in [1, {_MAX_COUNT:,}]")
    check_choice("strategy", strategy, _STRATEGIES)
    check_choice("read", read, _READS)
    check_choice("consistency", consistency, _CONSISTENCY)
    check_choice("request", request, _REQUESTS)
    k = check_count("items_per_shard", items_per_shard, low=1, high=_MAX_COUNT)
    if request != "query" and k != 1:
        raise ValueError(f"items_per_shard = {k} is not allowed with request = {request!r}: GetItem reads one item; allowed: 1")
    b = check_number("item_bytes", item_bytes, low=0, high=400 * 1024)
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

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "write_rate", check_number("write_rate", self.write_rate, low=0, high=1e9))
        set_(self, "read_write_ratio", check_number("read_write_ratio", self.read_write_ratio, low=0, high=1e6))
        set_(self, "write_bytes", check_number("write_bytes", self.write_bytes, low=0, high=400 * 1024))
        set_(self, "read_bytes", check_number("read_bytes", self.read_bytes, low=0, high=400 * 1024))
        check_choice("strategy", self.strategy, _STRATEGIES)
        check_choice("read", self.read, _READS)
        check_choice("consistency", self.consistency, _CONSISTENCY)
        set_(self, "items_per_shard", check_count("items_per_shard", self.items_per_shard, low=1))
        set_(self, "utilization", check_number("utilization", self.utilization, low=0, high=1, low_open=True))
        tol = check_number("refusal_tolerance_wcu", self.refusal_tolerance_wcu, low=0, high=1e9)
        set_(self, "refusal_tolerance_wcu", tol)

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
        for name in ("writes_refused", "busiest_shard_wcu", "read_units", "read_requests", "shard_read_rcu", "feasible"):
            arr = check_array(name, getattr(self, name), low=0, high=math.inf, high_open=True)
            if arr.shape != n.shape:
                raise ValueError(f"{name} has shape {arr.shape}: must be {n.shape}, one value per n_shards")
            object.__setattr__(self, name, arr.astype(bool) if name == "feasible" else arr)
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
    """
    if params is None:
        params = FanoutParams(**workload)
    elif workload:
        raise ValueError(f"give either params or workload keywords, not both; got {sorted(workload)}")
    n_max = check_count("n_max", n_max, low=1, high=_N_SEARCH_MAX)
    n = np.arange(1, n_max + 1)
    p = params
    wcu = p.wcu_per_write
    refused = wcu * np.asarray(expected_refused_writes(p.write_rate, n, PARTITION_MAX_WCU / wcu), dtype=float)
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
    feasible = (busiest <= p.utilization * PARTITION_MAX_WCU) & (shard_rcu <= p.utilization * PARTITION_MAX_RCU)
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
        Probability that one request is slow, in ``[0, 1]``.
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
        Quantile, in ``(0, 1)``.
        At least one value (an empty array is refused).
    n : int or array_like of int
        Fan-out, in ``[1, MAX_COUNT]``; broadcast against ``q``.
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
    qq = check_array("q", q, low=0, high=1, low_open=True, high_open=True, empty=False)
    nn = _check_counts("n", n).astype(float)
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
        λ, in 1/ms (or any 1/time unit), ``> 0``.

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
    return harmonic(n, 1) / lam


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
            Times, ms, ``>= 0`` and finite (a latency is never negative); at least one.

        Examples
        --------
        >>> from scipy import stats
        >>> HedgedLatency(stats.expon(scale=10), 0.95).sf([10.0, 40.0]).round(4)
        array([0.3679, 0.0067])
        """
        tt = check_array("t", t, low=0, high=math.inf, high_open=True, empty=False)
        second = np.where(tt >= self.delay, self.dist.sf(tt - self.delay), 1.0)
        return np.asarray(self.dist.sf(tt) * second, dtype=float)

    def cdf(self, t: ArrayLike) -> NDArray[np.float64]:
        """The CDF of ``T`` at ``t`` ms: the probability that the request has finished by then.

        Parameters
        ----------
        t : array_like
            Times, ms, ``>= 0`` and finite (a latency is never negative); at least one.

        Examples
        --------
        >>> from scipy import stats
        >>> HedgedLatency(stats.expon(scale=10), 0.95).cdf([10.0, 40.0]).round(4)
        array([0.6321, 0.9933])
        """
        return 1.0 - self.sf(t)

    def ppf(self, q: ArrayLike) -> NDArray[np.float64]:
        """The ``q``-quantile of ``T``, ms, for ``q`` in ``(0, 1)`` (bisection to relative 1e-12 above the hedge delay).

        Examples
        --------
        >>> from scipy import stats
        >>> HedgedLatency(stats.expon()).ppf([-1, 2])
        Traceback (most recent call last):
        ...
        ValueError: q[0] = -1.0 is out of range: must be in (0, 1)
        """
        qq = check_array("q", q, low=0, high=1, low_open=True, high_open=True, empty=False)
        upper = np.asarray(self.dist.ppf(qq), dtype=float)
        below = qq <= self.hedge_quantile
        lo = np.where(below, upper, self.delay)
        hi = upper.copy()
        for _ in range(64):
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


# --- the alternative: aggregate asynchronously from DynamoDB Streams --------------------------


@dataclass(frozen=True)
class StreamsAggregation:
    r"""Writes spread over ``N`` shards, and an asynchronous aggregator fed by DynamoDB Streams.

    The writes reach ``n_stream_shards`` stream shards evenly (an assumption:
    AWS does not publish how stream shards follow partitions; the model puts
    suffix keys on different partitions on different stream shards). Lambda
    reads each shard with ``parallelization_factor`` concurrent batches
    (ParallelizationFactor, 1 by default, at most
    :data:`STREAMS_MAX_PARALLELIZATION`), keeping each item's records in
    order, so the model has :math:`n P` sequential consumers, each at
    :math:`W' = W / (n P)` records per second. Splitting a shard's records
    needs many distinct items on it (a sort key per event, say): one item's
    records all go to one batch.
    Lambda invokes the aggregator with a batch once the batching window
    :math:`w` has passed or the batch size :math:`B` is reached, and polls at
    most :data:`STREAMS_POLLS_PER_S` times a second while no batch is full, so a batch collects for
    :math:`f = \min(\max(w, 1/\text{polls}), B / W')` seconds and holds
    :math:`r = \min(B, W' f)` records. Processing takes
    :math:`s = o + r\tau` (overhead :math:`o` per batch, :math:`\tau` per
    record), and each batch updates the aggregate item once.

    A consumer's utilization is :math:`\rho = W'(o/r + \tau)`, its time
    per record including the record's share of the batch overhead. While
    :math:`\rho \le 1` it keeps up: a write waits :math:`f/2` on average for
    its batch to close, then :math:`s`, so the mean staleness is
    :math:`\delta + f/2 + s` and the worst :math:`\delta + f + s` (stream
    delay :math:`\delta`). Past that the backlog grows, and a write made
    :math:`t` seconds after the start waits a further :math:`t(\rho - 1)`.
    Reading the stream from Lambda costs no read units (DynamoDB Streams
    charges nothing for Lambda's reads). Lambda may deliver a record twice,
    which the model does not count.

    Parameters
    ----------
    write_rate : float
        Writes per second reaching the stream, all shards together, ``>= 0``.
    batch_window_s : float
        Lambda's MaximumBatchingWindowInSeconds, s, in ``[0, 300]``.
    batch_size : int
        Lambda's BatchSize, records, in ``[1, 10000]``.
    n_stream_shards : int
        Stream shards (and consumers) the writes spread over, ``>= 1``.
    record_time_s : float
        Aggregator time per record, s, ``>= 0``.
    batch_overhead_s : float
        Aggregator time per batch (invocation, the aggregate update), s, ``>= 0``.
    aggregate_bytes : float
        Size of the aggregate item (counter, leaderboard), bytes, ``>= 0``.
    stream_delay_s : float
        Time from a write to its stream record being readable, s, ``>= 0`` (not published; measure it).
    update_per_record : bool
        Whether the aggregator updates the aggregate item once per record (as a
        handler that calls ``update_aggregation`` inside its loop does) rather
        than once per batch.
    parallelization_factor : int
        Lambda's ParallelizationFactor: concurrent batches per stream shard, in ``[1, 10]``.

    The defaults of ``record_time_s``, ``batch_overhead_s`` and
    ``stream_delay_s`` are assumptions of the course
    (:data:`STREAMS_RECORD_TIME_S`, :data:`STREAMS_BATCH_OVERHEAD_S`,
    :data:`STREAMS_DELAY_S`); set them from measurements.

    Examples
    --------
    >>> agg = StreamsAggregation(write_rate=8000, batch_window_s=1, batch_size=1000, n_stream_shards=10)
    >>> agg.batch_records, agg.fill_s, round(agg.utilization, 2)
    (800.0, 1.0, 0.14)
    >>> round(agg.mean_staleness_s(), 2), round(agg.max_staleness_s(), 2)
    (0.64, 1.14)
    >>> agg.aggregate_wcu
    10.0
    >>> StreamsAggregation(8000, 1, 1000, n_stream_shards=10, update_per_record=True).aggregate_wcu
    8000.0
    >>> slow = StreamsAggregation(8000, 0, 100, n_stream_shards=1)
    >>> round(slow.utilization, 1), round(StreamsAggregation(8000, 0, 100, 1, parallelization_factor=10).utilization, 1)
    (5.6, 0.6)
    """

    write_rate: float
    batch_window_s: float = 0.0
    batch_size: int = 100
    n_stream_shards: int = 1
    record_time_s: float = STREAMS_RECORD_TIME_S
    batch_overhead_s: float = STREAMS_BATCH_OVERHEAD_S
    aggregate_bytes: float = 1024
    stream_delay_s: float = STREAMS_DELAY_S
    update_per_record: bool = False
    parallelization_factor: int = 1

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        check_choice("update_per_record", self.update_per_record, (True, False))
        set_(self, "write_rate", check_number("write_rate", self.write_rate, low=0, high=1e9))
        set_(self, "batch_window_s", check_number("batch_window_s", self.batch_window_s, low=0, high=STREAMS_MAX_BATCH_WINDOW_S))
        set_(self, "batch_size", check_count("batch_size", self.batch_size, low=1, high=STREAMS_MAX_BATCH_SIZE))
        set_(self, "n_stream_shards", check_count("n_stream_shards", self.n_stream_shards, low=1, high=10**6))
        set_(self, "record_time_s", check_number("record_time_s", self.record_time_s, low=0, high=60))
        set_(self, "batch_overhead_s", check_number("batch_overhead_s", self.batch_overhead_s, low=0, high=60))
        set_(self, "aggregate_bytes", check_number("aggregate_bytes", self.aggregate_bytes, low=0, high=400 * 1024))
        set_(self, "stream_delay_s", check_number("stream_delay_s", self.stream_delay_s, low=0, high=86_400))
        pf = check_count("parallelization_factor", self.parallelization_factor, low=1, high=STREAMS_MAX_PARALLELIZATION)
        set_(self, "parallelization_factor", pf)

    def __repr__(self) -> str:
        return (
            f"StreamsAggregation({self.write_rate:,.0f} writes/s over {self.n_stream_shards} stream shards; batches of "
            f"{self.batch_records:,.0f} every {self.fill_s:.3g} s; staleness mean {self.mean_staleness_s():.3g} s, "
            f"max {self.max_staleness_s():.3g} s; utilization {self.utilization:.0%})"
        )

    @property
    def shard_rate(self) -> float:
        """Records per second on one stream shard, ``W / n``."""
        return self.write_rate / self.n_stream_shards

    @property
    def consumers(self) -> int:
        """Sequential consumers: stream shards times the parallelization factor, ``n P``."""
        return self.n_stream_shards * self.parallelization_factor

    @property
    def consumer_rate(self) -> float:
        """Records per second one consumer (one concurrent batch of a shard) receives, ``W / (n P)``."""
        return self.write_rate / self.consumers

    @property
    def fill_s(self) -> float:
        """Seconds a batch collects records before the aggregator is invoked."""
        full = self.batch_size / self.consumer_rate if self.consumer_rate > 0 else math.inf
        return min(max(self.batch_window_s, 1.0 / STREAMS_POLLS_PER_S), full)

    @property
    def batch_records(self) -> float:
        """Records per batch, on average."""
        return min(float(self.batch_size), self.consumer_rate * self.fill_s)

    @property
    def service_s(self) -> float:
        """Seconds the aggregator takes for one batch."""
        return self.batch_overhead_s + self.batch_records * self.record_time_s

    @property
    def utilization(self) -> float:
        """Fraction of the time each consumer is busy; above 1 it falls behind."""
        if self.batch_records == 0:
            return 0.0
        return self.consumer_rate * (self.batch_overhead_s / self.batch_records + self.record_time_s)

    @property
    def batches_per_s(self) -> float:
        """Aggregator invocations per second, all consumers together (one aggregate update each)."""
        if self.batch_records == 0:
            return 0.0
        per_consumer = self.consumer_rate / self.batch_records
        if self.service_s > 0:
            per_consumer = min(per_consumer, 1.0 / self.service_s)
        return self.consumers * per_consumer

    @property
    def records_per_s(self) -> float:
        """Records aggregated per second, all stream shards together (the write rate while it keeps up)."""
        return self.batches_per_s * self.batch_records

    @property
    def aggregate_updates_per_s(self) -> float:
        """Updates of the aggregate item per second: one per batch, or one per record."""
        return self.records_per_s if self.update_per_record else self.batches_per_s

    @property
    def aggregate_wcu(self) -> float:
        """Write units per second the aggregators spend updating the aggregate item (one key)."""
        return self.aggregate_updates_per_s * float(write_units(self.aggregate_bytes))

    def backlog_s(self, after_s: float = 0.0) -> float:
        """Extra wait of a write made ``after_s`` seconds after the start, s, from the growing backlog (0 if it keeps up)."""
        t = check_number("after_s", after_s, low=0, high=math.inf, high_open=True)
        return t * max(0.0, self.utilization - 1.0)

    def mean_staleness_s(self, after_s: float = 0.0) -> float:
        """Mean seconds between a write and the aggregate reflecting it."""
        return self.stream_delay_s + 0.5 * self.fill_s + self.service_s + self.backlog_s(after_s)

    def max_staleness_s(self, after_s: float = 0.0) -> float:
        """Worst-case seconds between a write and the aggregate reflecting it."""
        return self.stream_delay_s + self.fill_s + self.service_s + self.backlog_s(after_s)

    def compare(
        self, read_rate: float, n_shards: int, item_bytes: float = 1024, consistency: str = "eventual"
    ) -> dict[str, float]:
        """Read-time fan-out against this aggregator, for the same reads.

        Both designs write every event to ``N`` shards (the same write units).
        Fan-out reads query all ``N`` shards (:func:`read_cost`, aggregate);
        the aggregator pays its aggregate updates and each read gets one item.

        Parameters
        ----------
        read_rate : float
            Logical reads of the aggregate per second, ``>= 0``.
        n_shards : int
            Suffix count, in ``[1, MAX_COUNT]``.
        item_bytes : float
            Size of one shard's item (fan-out) , bytes, ``>= 0``.
        consistency : {"eventual", "strong", "transactional"}
            The kind of both designs' reads (``"eventual"``: DynamoDB's default).

        Returns
        -------
        dict
            ``fanout_rcu``, ``fanout_requests`` (per second), ``fanout_staleness_s`` (0);
            ``aggregation_wcu``, ``aggregation_rcu``, ``aggregation_units`` and
            ``aggregation_staleness_s``; ``aggregate_key_rcu`` and ``aggregate_key_wcu``
            (the aggregate item is itself one key, under the ceilings).

        Examples
        --------
        >>> c = StreamsAggregation(1000.0).compare(read_rate=100.0, n_shards=10)
        >>> c["fanout_rcu"], c["aggregation_units"]
        (500.0, 60.0)
        """
        r = check_number("read_rate", read_rate, low=0, high=1e9)
        fan = read_cost(n_shards, "random", "aggregate", item_bytes, 1, consistency)
        agg_read = float(read_units(self.aggregate_bytes, consistency))
        return {
            "fanout_rcu": r * float(fan.read_units[0]),
            "fanout_requests": r * float(fan.requests[0]),
            "fanout_staleness_s": 0.0,
            "aggregation_wcu": self.aggregate_wcu,
            "aggregation_rcu": r * agg_read,
            "aggregation_units": self.aggregate_wcu + r * agg_read,
            "aggregation_requests": r + self.batches_per_s,
            "aggregation_staleness_s": self.mean_staleness_s(),
            "aggregate_key_rcu": r * agg_read,
            "aggregate_key_wcu": self.aggregate_wcu,
        }
