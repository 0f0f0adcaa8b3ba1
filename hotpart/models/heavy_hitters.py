"""Heavy hitters: finding the hottest keys of a stream without counting every key.

DynamoDB's CloudWatch Contributor Insights reports a table's most-accessed and
most-throttled keys. A service that did this by keeping one exact counter per
key would need memory proportional to the number of distinct keys; streaming
summaries need a fixed, small amount instead, and pay with a bounded error:

* :class:`SpaceSaving` (Metwally, Agrawal and El Abbadi 2005): ``k`` counters;
  every estimate overshoots the true count by at most ``N / k`` (``N`` the
  stream's total weight), never undershoots a monitored key, and every key
  heavier than ``N / k`` is monitored. Deterministic.
* :class:`CountMin` (Cormode and Muthukrishnan 2005): a ``depth x width``
  table of counters; estimates never undershoot, and overshoot by more than
  ``eps N`` (``eps = e / width``) with probability at most ``delta = exp(-depth)``
  per key. Randomised (``seed``), fully vectorised, keeps no keys.

:func:`exact_counts` and :func:`exact_top` count exactly, for comparison, and
:func:`compare_to_exact` checks an estimator against them: the largest error,
its bound, and the recall of the true top ``n`` (:func:`compare_each_to_exact`
checks several fed the same stream, counting it once).

Chapter 13 (``notebooks/13_detection.ipynb``, "Detecting a hot partition") uses
these models; the explorable is in :mod:`hotpart.figures.heavy_hitters`.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import check_array, check_choice, check_count, check_number, check_seed
from .hashing import partition_of

__all__ = [
    "HeavyHitter",
    "SpaceSaving",
    "CountMin",
    "exact_counts",
    "exact_top",
    "CheckRow",
    "HeavyHitterCheck",
    "compare_to_exact",
    "compare_each_to_exact",
]

#: The Mersenne prime 2**61 - 1: the field of Count-Min's hash functions.
_P = (1 << 61) - 1
_P64 = np.uint64(_P)
_MASK32 = np.uint64(0xFFFFFFFF)
_MASK29 = np.uint64((1 << 29) - 1)
#: Largest Count-Min width and depth accepted (memory: width * depth * 8 bytes).
_MAX_WIDTH = 10**8
_MAX_DEPTH = 64
#: Largest Space-Saving counter count accepted.
_MAX_K = 10**7


# ---------------------------------------------------------------------------------------------
# Streams: keys and weights
# ---------------------------------------------------------------------------------------------


def _key_list(keys: Any) -> tuple[list[Hashable], NDArray[Any] | None]:
    """Keys as a list of plain Python values, and as a numpy array when numpy can sort them (ints, strings).

    A list mixing types (``[1, "1"]``) is never coerced by numpy (which would turn ``1`` into ``"1"``).
    """
    if isinstance(keys, (str, bytes)) or not isinstance(keys, Iterable):
        raise ValueError(f"keys = {keys!r} is not a sequence of keys: pass a list or array (one key: update())")
    arr: NDArray[Any] | None
    if isinstance(keys, np.ndarray):
        arr = keys
    else:
        keys = list(keys)
        try:
            arr = np.asarray(keys)
        except (ValueError, TypeError, OverflowError):
            arr = None
        if arr is not None and arr.dtype.kind == "U" and not all(type(k) is str for k in keys):
            arr = None
    if arr is not None and arr.ndim == 1 and arr.dtype.kind in "iuU":
        return arr.tolist(), arr
    items = list(keys)
    for i, key in enumerate(items):
        try:
            hash(key)
        except TypeError:
            raise ValueError(f"keys[{i}] = {key!r} is not hashable: keys must be hashable (str, int, ...)") from None
    return items, None


def _weights(weights: ArrayLike | None, n: int) -> NDArray[np.float64] | None:
    """Checked weights (finite, >= 0), one per key, or None for unit weights."""
    if weights is None:
        return None
    w = check_array("weights", weights, low=0, high=math.inf, high_open=True)
    if w.shape != (n,):
        raise ValueError(f"weights has shape {w.shape}: must be ({n},), one weight per key of keys (which has {n})")
    return w


def _tally(keys: Any, weights: ArrayLike | None = None) -> tuple[list[Hashable], NDArray[Any] | None, NDArray[np.float64]]:
    """Distinct keys in order of first appearance (a list, and as a numpy array when numpy sorted them), and each
    one's total weight (zero-weight keys included)."""
    items, arr = _key_list(keys)
    w = _weights(weights, len(items))
    if arr is not None:
        if arr.size == 0:
            return [], arr[:0], np.zeros(0)
        uniq, first, inverse = np.unique(arr, return_index=True, return_inverse=True)
        totals = np.bincount(inverse.ravel(), weights=w, minlength=uniq.size).astype(float)
        order = np.argsort(first, kind="stable")
        distinct = uniq[order]
        return distinct.tolist(), distinct, totals[order]
    sums: dict[Hashable, float] = {}
    for i, key in enumerate(items):
        sums[key] = sums.get(key, 0.0) + (1.0 if w is None else float(w[i]))
    return list(sums), None, np.fromiter(sums.values(), dtype=float, count=len(sums))


def _aggregate(keys: Any, weights: ArrayLike | None = None) -> tuple[list[Hashable], NDArray[np.float64]]:
    """Distinct keys in order of first appearance, and each one's total weight (zero-weight keys included)."""
    distinct, _, totals = _tally(keys, weights)
    return distinct, totals


def _top_order(values: NDArray[np.float64], n: int) -> NDArray[np.intp]:
    """Indices of the ``n`` largest values, largest first, ties by index: ``np.argsort(-values, kind="stable")[:n]``,
    sorting only the values at least as large as the ``n``-th largest."""
    if n >= values.size:
        return np.argsort(-values, kind="stable")
    nth = np.partition(values, values.size - n)[values.size - n]
    candidates = np.flatnonzero(values >= nth)
    return candidates[np.argsort(-values[candidates], kind="stable")[:n]]


def exact_counts(keys: Any, weights: ArrayLike | None = None) -> dict[Hashable, float]:
    """The exact total weight of every distinct key: one counter per key, the memory streaming avoids.

    Parameters
    ----------
    keys : sequence of hashable
        The stream's keys, one per event (a list or numpy array of ints or strings).
    weights : array_like, optional
        Each event's weight (requests, or capacity units such as WCU), finite and ``>= 0``;
        1 per event if omitted.

    Returns
    -------
    dict
        Key to total weight, keys in order of first appearance.

    Examples
    --------
    >>> exact_counts(["a", "b", "a"], [1.0, 2.0, 0.5])
    {'a': 1.5, 'b': 2.0}
    """
    distinct, totals = _aggregate(keys, weights)
    return dict(zip(distinct, totals.tolist(), strict=True))


def exact_top(keys: Any, weights: ArrayLike | None = None, n: int = 10) -> list[tuple[Hashable, float]]:
    """The ``n`` heaviest keys of a stream, counted exactly, heaviest first.

    Ties are broken by first appearance in the stream.

    Parameters
    ----------
    keys : sequence of hashable
        The stream's keys, one per event.
    weights : array_like, optional
        Each event's weight (requests or units), ``>= 0``; 1 per event if omitted.
    n : int
        How many keys, ``>= 0``.

    Returns
    -------
    list of (key, float)
        Up to ``n`` pairs of key and total weight.

    Examples
    --------
    >>> exact_top(["a", "b", "a", "c", "b", "a"], n=2)
    [('a', 3.0), ('b', 2.0)]
    """
    n = check_count("n", n, low=0)
    distinct, totals = _aggregate(keys, weights)
    order = np.argsort(-totals, kind="stable")[:n]
    return [(distinct[i], float(totals[i])) for i in order]


# ---------------------------------------------------------------------------------------------
# Space-Saving
# ---------------------------------------------------------------------------------------------


class _HeavyHitterFields(NamedTuple):
    key: Hashable
    estimate: float
    error: float


class HeavyHitter(_HeavyHitterFields):
    """One monitored key of a :class:`SpaceSaving` summary.

    Parameters
    ----------
    key : hashable
        The key.
    estimate : float
        Its counter: an upper bound on its true weight, finite and ``>= 0``.
    error : float
        The counter's overestimation bound: the true weight is at least ``estimate - error``; in ``[0, estimate]``.

    Examples
    --------
    >>> HeavyHitter("a", 3, 1).guaranteed
    2
    >>> HeavyHitter("a", float("nan"), 0)
    Traceback (most recent call last):
    ...
    ValueError: estimate = nan is not a number: must be in [0, inf)
    """

    __slots__ = ()

    def __new__(cls, key: Hashable, estimate: float, error: float) -> HeavyHitter:
        check_number("estimate", estimate, low=0, high=math.inf, high_open=True)
        check_number("error", error, low=0, high=float(estimate))
        return super().__new__(cls, key, estimate, error)

    @property
    def guaranteed(self) -> float:
        """``estimate - error``: a lower bound on the key's true weight."""
        return self.estimate - self.error


class SpaceSaving:
    r"""The Space-Saving summary: ``k`` counters that find every key heavier than ``N / k``.

    Each counter holds a key, a count and an error. An event of key ``x``
    and weight ``w`` adds ``w`` to ``x``'s counter if ``x`` is monitored;
    otherwise, while fewer than ``k`` keys are monitored, ``x`` gets a new
    counter ``(w, error 0)``; otherwise the counter with the smallest count
    ``m`` is taken over: ``x`` gets ``(m + w, error m)`` and the old key is
    forgotten (Metwally, Agrawal and El Abbadi 2005, who count unit events;
    with weights the proofs are the same). The counts always sum to the
    total weight ``N``, so the smallest is at most ``N / k``; it never
    decreases, and for every monitored key

    .. math:: \text{true} \le \text{estimate} \le \text{true} + \text{error}, \qquad \text{error} \le \min_j c_j \le N / k,

    and any key whose true weight exceeds the smallest count, in particular
    any key heavier than ``N / k``, is monitored. These hold for every
    stream and every order: nothing is random.

    The smallest counter is found with a binary heap with lazy keys: an
    increment touches only a dict; the heap entry of a counter is refreshed
    only when it reaches the top with a stale count, so each event costs
    O(1) amortised plus O(log k) per take-over (instead of the paper's
    stream-summary lists, which need unit weights for O(1)).

    Parameters
    ----------
    k : int
        Number of counters, in ``[1, 10**7]``. Memory is ``k`` keys and ``2k`` numbers.

    Examples
    --------
    >>> ss = SpaceSaving(k=2)
    >>> ss.update_many(["a", "b", "a", "c", "a"])
    >>> ss.top(2)
    [HeavyHitter(key='a', estimate=3, error=0), HeavyHitter(key='c', estimate=2, error=1)]
    >>> ss
    SpaceSaving(k=2: 2 keys monitored, N=5, bound N/k=2.5)
    >>> ss.estimate(["a", "b", "c"])  # b is no longer monitored: at most the smallest count
    array([3., 2., 2.])
    """

    __slots__ = ("_counts", "_errors", "_heap", "_seq", "_total", "k")

    def __init__(self, k: int) -> None:
        self.k: int = check_count("k", k, low=1, high=_MAX_K)
        self._counts: dict[Hashable, float] = {}
        self._errors: dict[Hashable, float] = {}
        self._heap: list[tuple[float, int, Hashable]] = []
        self._seq = itertools.count()
        self._total: float = 0

    def __repr__(self) -> str:
        return f"SpaceSaving(k={self.k}: {len(self._counts)} keys monitored, N={self._total:,.6g}, bound N/k={self.bound:,.6g})"

    # -- state --------------------------------------------------------------------------------
    @property
    def total_weight(self) -> float:
        """``N``, the total weight of the events seen (requests or units)."""
        return self._total

    @property
    def bound(self) -> float:
        """``N / k``: no estimate exceeds its key's true weight by more, and every heavier key is monitored."""
        return self._total / self.k

    @property
    def min_count(self) -> float:
        """The smallest counter once all ``k`` are in use (an upper bound on any unmonitored key), else 0."""
        if len(self._counts) < self.k:
            return 0
        return min(self._counts.values())

    def __len__(self) -> int:
        return len(self._counts)

    def __contains__(self, key: object) -> bool:
        return key in self._counts

    # -- updates ------------------------------------------------------------------------------
    def _take_over(self, key: Hashable, w: float) -> None:
        """Give the smallest counter to ``key`` (the summary is full and ``key`` is not monitored)."""
        heap, counts = self._heap, self._counts
        while True:
            stale, _, victim = heap[0]
            current = counts[victim]
            if current == stale:
                break
            heapq.heapreplace(heap, (current, next(self._seq), victim))
        del counts[victim]
        del self._errors[victim]
        counts[key] = stale + w
        self._errors[key] = stale
        heapq.heapreplace(heap, (stale + w, next(self._seq), key))

    def update(self, key: Hashable, weight: float = 1) -> None:
        """Count one event of ``key`` with ``weight`` (requests or units, finite, ``>= 0``).

        Examples
        --------
        >>> ss = SpaceSaving(k=1)
        >>> ss.update("USER#1", 3.5); ss.update("USER#2", 1)
        >>> ss.top(1)
        [HeavyHitter(key='USER#2', estimate=4.5, error=3.5)]
        """
        try:
            hash(key)
        except TypeError:
            raise ValueError(f"key = {key!r} is not hashable: keys must be hashable (str, int, ...)") from None
        w = (
            weight
            if type(weight) is int and weight >= 0
            else check_number("weight", weight, low=0, high=math.inf, high_open=True)
        )
        if w == 0:
            return
        self._total += w
        c = self._counts.get(key)
        if c is not None:
            self._counts[key] = c + w
        elif len(self._counts) < self.k:
            self._counts[key] = w
            self._errors[key] = 0
            heapq.heappush(self._heap, (w, next(self._seq), key))
        else:
            self._take_over(key, w)

    def update_many(self, keys: Any, weights: ArrayLike | None = None, *, aggregate: bool = False) -> None:
        """Count a batch of events, in order; or, with ``aggregate=True``, pre-aggregated.

        With ``aggregate=True`` the batch is first reduced with numpy to one
        weighted event per distinct key (its total weight), applied in order
        of first appearance. That is itself a weighted stream with the same
        per-key totals and the same ``N``, so every guarantee still holds;
        only the order of events inside the batch is lost (the estimates may
        differ from the event-by-event run). It is how a service that sums
        each second's traffic per key before summarising would use it; it
        saves time when keys repeat a lot within a batch (a skewed stream).

        Parameters
        ----------
        keys : sequence of hashable
            The events' keys (a list, or a numpy array of ints or strings).
        weights : array_like, optional
            Each event's weight (requests or units), finite and ``>= 0``; 1 if omitted.
        aggregate : bool
            Pre-aggregate the batch (order within it does not matter for the bounds).

        Examples
        --------
        >>> ss = SpaceSaving(k=3)
        >>> ss.update_many(["a", "b", "a"], [2, 1, 4], aggregate=True)
        >>> ss.top(1)
        [HeavyHitter(key='a', estimate=6.0, error=0)]
        """
        if aggregate:
            distinct, totals = _aggregate(keys, weights)
            items: list[Hashable] = distinct
            ws: Iterable[float] = totals.tolist()
            skip_zero = True
        else:
            items, _ = _key_list(keys)
            w = _weights(weights, len(items))
            ws = itertools.repeat(1, len(items)) if w is None else w.tolist()
            skip_zero = w is not None
        counts, errors, heap, k = self._counts, self._errors, self._heap, self.k
        replace, push, get = heapq.heapreplace, heapq.heappush, counts.get
        total, seq = self._total, next(self._seq)  # a local counter (faster than next()); handed back below
        for key, wt in zip(items, ws, strict=True):
            if skip_zero and wt == 0:
                continue
            total += wt
            c = get(key)
            if c is not None:
                counts[key] = c + wt
            elif len(counts) < k:
                counts[key] = wt
                errors[key] = 0
                push(heap, (wt, seq, key))
                seq += 1
            else:  # _take_over, inlined: this loop is the summary's hot path
                while True:
                    stale, _, victim = heap[0]
                    current = counts[victim]
                    if current == stale:
                        break
                    replace(heap, (current, seq, victim))
                    seq += 1
                del counts[victim], errors[victim]
                counts[key] = stale + wt
                errors[key] = stale
                replace(heap, (stale + wt, seq, key))
                seq += 1
        self._seq = itertools.count(seq)
        self._total = total

    # -- queries ------------------------------------------------------------------------------
    def top(self, n: int | None = None) -> list[HeavyHitter]:
        """The ``n`` monitored keys with the largest estimates (all of them if ``n`` is None), largest first.

        Parameters
        ----------
        n : int, optional
            How many, ``>= 0``.

        Returns
        -------
        list of HeavyHitter
            ``(key, estimate, error)`` triples; ties broken deterministically (by heap entry order).
        """
        n = len(self._counts) if n is None else check_count("n", n, low=0)
        rank = {key: seq for _, seq, key in self._heap}
        best = heapq.nsmallest(n, self._counts.items(), key=lambda kv: (-kv[1], rank[kv[0]]))
        return [HeavyHitter(key, c, self._errors[key]) for key, c in best]

    def estimate(self, keys: Any) -> NDArray[np.float64]:
        """Upper bounds on the keys' true weights: the counter if monitored, else the smallest counter.

        Every value is ``>= true`` and ``<= true + N / k``.

        Parameters
        ----------
        keys : sequence of hashable
            Keys to look up.

        Returns
        -------
        numpy.ndarray
            One estimate per key (requests or units).
        """
        return self._lookup(keys)[0]

    def monitored(self, keys: Any) -> NDArray[np.bool_]:
        """Whether each key holds a counter (every key heavier than ``N / k`` does)."""
        return self._lookup(keys)[1]

    def _positions(self, keys: Any) -> NDArray[np.intp] | None:
        """Each key's place among the monitored keys (-1 if not monitored), vectorised, when ``keys`` is a 1-d numpy
        array of ints (up to int64) and every monitored key is a Python int; else None (look the keys up one by one)."""
        if not (isinstance(keys, np.ndarray) and keys.ndim == 1 and keys.dtype.kind in "iu" and keys.dtype != np.uint64):
            return None
        monitored = list(self._counts)
        if not all(type(key) is int for key in monitored):
            return None
        try:
            mk = np.array(monitored, dtype=np.int64)
        except OverflowError:
            return None
        if mk.size == 0:
            return np.full(keys.size, -1, dtype=np.intp)
        a = keys.astype(np.int64, copy=False)
        order = np.argsort(mk, kind="stable")
        ranked = mk[order]
        i = np.searchsorted(ranked, a).clip(max=ranked.size - 1)
        return np.where(ranked[i] == a, order[i], -1)

    def _lookup(self, keys: Any) -> tuple[NDArray[np.float64], NDArray[np.bool_], bool]:
        """:meth:`estimate` and :meth:`monitored` of ``keys`` together, and whether they were vectorised (then every
        monitored key is an int)."""
        floor = self.min_count
        pos = self._positions(keys)
        if pos is None:
            items, _ = _key_list(keys)
            get = self._counts.get
            est = np.fromiter((get(key, floor) for key in items), dtype=float, count=len(items))
            counts = self._counts
            return est, np.fromiter((key in counts for key in items), dtype=bool, count=len(items)), False
        found = pos >= 0
        if not self._counts:
            return np.full(pos.size, float(floor)), found, True
        values = np.fromiter(self._counts.values(), dtype=float, count=len(self._counts))
        return np.where(found, values[pos], float(floor)), found, True


# ---------------------------------------------------------------------------------------------
# Count-Min
# ---------------------------------------------------------------------------------------------


def _mod_p(s: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """``s mod (2**61 - 1)`` for any uint64 ``s``."""
    s = (s & _P64) + (s >> np.uint64(61))
    s = (s & _P64) + (s >> np.uint64(61))
    return np.where(s >= _P64, s - _P64, s)


def _hash_row(x: NDArray[np.uint64], a: int, b: int, width: int) -> NDArray[np.intp]:
    """``((a x + b) mod p) mod width`` for ``x < p = 2**61 - 1``, in uint64 without overflow.

    ``a x`` is split into 32-bit halves: with ``2**61 = 1 (mod p)``,
    ``a x = 8 a1 x1 + (mid >> 29) + (mid mod 2**29) 2**32 + a0 x0 (mod p)``,
    where ``mid = a1 x0 + a0 x1``. Every partial sum stays below ``2**64``.
    """
    a1, a0 = np.uint64(a >> 32), np.uint64(a & 0xFFFFFFFF)
    x1, x0 = x >> np.uint64(32), x & _MASK32
    hi = a1 * x1  # < 2**58
    mid = a1 * x0 + a0 * x1  # < 2**62
    lo = a0 * x0  # < 2**64
    s = (hi << np.uint64(3)) + (mid >> np.uint64(29)) + ((mid & _MASK29) << np.uint64(32))  # < 2**62 + 2**33
    s = _mod_p(s) + _mod_p(lo) + np.uint64(b)  # < 3p
    return (_mod_p(s) % np.uint64(width)).astype(np.intp)


def _base_hash(keys: Any) -> NDArray[np.uint64]:
    """Each key as an element of the field ``[0, 2**61 - 1)``: integers directly, strings by MD5.

    Strings go through :func:`hotpart.partition_of` (MD5, to ``[0, 2**62)``)
    once per distinct string, then modulo ``p``; two distinct strings share a
    value with probability about ``2**-60``, negligible next to ``1 / width``.
    """
    items, arr = _key_list(keys)
    if not items:
        return np.zeros(0, dtype=np.uint64)
    if arr is not None and arr.dtype.kind == "u":
        return arr.astype(np.uint64) % _P64
    if arr is not None and arr.dtype.kind == "i":
        return (arr.astype(np.int64) % np.int64(_P)).astype(np.uint64)
    if arr is not None:  # strings
        uniq, inverse = np.unique(arr, return_inverse=True)
        return (partition_of(uniq.tolist(), 2**62).astype(np.uint64) % _P64)[inverse.ravel()]
    out = np.empty(len(items), dtype=np.uint64)
    strings: dict[str, list[int]] = {}
    for i, key in enumerate(items):
        if isinstance(key, str):
            strings.setdefault(key, []).append(i)
        elif isinstance(key, (int, np.integer)) and not isinstance(key, (bool, np.bool_)):
            out[i] = int(key) % _P
        else:
            raise ValueError(f"keys[{i}] = {key!r} is not allowed: Count-Min keys must be int or str")
    if strings:
        values = partition_of(list(strings), 2**62).astype(np.uint64) % _P64
        for value, where in zip(values, strings.values(), strict=True):
            out[where] = value
    return out


class CountMin:
    r"""The Count-Min sketch: ``depth`` rows of ``width`` counters, one hashed counter per row and key.

    An event of key ``x`` and weight ``w`` adds ``w`` to counter ``h_r(x)``
    of every row ``r``; the estimate of ``x`` is the smallest of its
    ``depth`` counters. Counters only add, so no estimate is ever below the
    true weight. Each row's excess is the weight of the other keys hashed to
    the same counter, whose expectation is at most ``N / width``; by Markov's
    inequality and independent rows (Cormode and Muthukrishnan 2005),

    .. math:: \Pr[\hat{a}_x > a_x + \varepsilon N] \le \delta, \qquad
              \varepsilon = e / \text{width}, \quad \delta = e^{-\text{depth}},

    for each key ``x`` (not for all keys at once). The row hashes are the
    pairwise-independent family ``h_r(x) = ((a_r x + b_r) mod p) mod width``
    with ``p = 2**61 - 1`` and ``a_r, b_r`` drawn from ``seed``, computed on
    whole numpy arrays. The sketch keeps no keys: it answers "how heavy is
    this key?", not "which keys are heavy?", so a service pairs it with a
    candidate list (here, :func:`compare_to_exact` uses the stream's keys).

    Parameters
    ----------
    width : int
        Counters per row, in ``[1, 10**8]``.
    depth : int
        Rows (independent hash functions), in ``[1, 64]``.
    seed : int
        Seed of the hash functions, ``>= 0``.

    Examples
    --------
    >>> cm = CountMin(width=272, depth=5, seed=1)
    >>> cm.update_many(["a"] * 50 + ["b"] * 20 + [f"k{i}" for i in range(30)])
    >>> cm
    CountMin(width=272, depth=5, seed=1: eps=0.999%, delta=0.674%, N=100, eps N=0.999)
    >>> cm.estimate(["a", "b", "absent"])
    array([50., 20.,  0.])
    >>> CountMin.from_error(eps=0.01, delta=0.01).depth
    5
    """

    __slots__ = ("_a", "_b", "_table", "_total", "depth", "seed", "width")

    def __init__(self, width: int, depth: int, seed: int = 0) -> None:
        self.width: int = check_count("width", width, low=1, high=_MAX_WIDTH)
        self.depth: int = check_count("depth", depth, low=1, high=_MAX_DEPTH)
        self.seed: int = check_seed("seed", seed)
        rng = np.random.default_rng(self.seed)
        self._a = [int(v) for v in rng.integers(1, _P, size=self.depth)]
        self._b = [int(v) for v in rng.integers(0, _P, size=self.depth)]
        self._table = np.zeros((self.depth, self.width))
        self._total = 0.0

    @classmethod
    def from_error(cls, eps: float, delta: float, seed: int = 0) -> CountMin:
        """The smallest sketch with overestimate at most ``eps N`` with probability at least ``1 - delta``.

        ``width = ceil(e / eps)``, ``depth = ceil(ln(1 / delta))``.

        Parameters
        ----------
        eps : float
            Error as a fraction of the total weight, in ``(0, 1]``.
        delta : float
            Failure probability per key, in ``(0, 1)``.
        seed : int
            Seed of the hash functions.
            A whole number ``>= 0``; ``None`` is refused (:func:`hotpart.models._validation.check_seed`).

        Examples
        --------
        >>> CountMin.from_error(eps=0.001, delta=0.05)
        CountMin(width=2719, depth=3, seed=0: eps=0.1%, delta=4.98%, N=0, eps N=0)
        """
        e = check_number("eps", eps, low=0, high=1, low_open=True)
        d = check_number("delta", delta, low=0, high=1, low_open=True, high_open=True)
        width = math.ceil(math.e / e)
        depth = math.ceil(math.log(1.0 / d) - 1e-12)
        return cls(width, max(1, depth), seed)

    def __repr__(self) -> str:
        return (
            f"CountMin(width={self.width}, depth={self.depth}, seed={self.seed}: eps={100 * self.eps:.3g}%, "
            f"delta={100 * self.delta:.3g}%, N={self._total:,.6g}, eps N={self.bound:,.3g})"
        )

    @property
    def eps(self) -> float:
        """``e / width``: the overestimate, as a fraction of ``N``, exceeded with probability at most ``delta``."""
        return math.e / self.width

    @property
    def delta(self) -> float:
        """``exp(-depth)``: the probability, per key, that the overestimate exceeds ``eps N``."""
        return math.exp(-self.depth)

    @property
    def total_weight(self) -> float:
        """``N``, the total weight of the events seen (requests or units)."""
        return self._total

    @property
    def bound(self) -> float:
        """``eps N``: the overestimate each key stays within with probability at least ``1 - delta``."""
        return self.eps * self._total

    def _rows(self, x: NDArray[np.uint64]) -> list[NDArray[np.intp]]:
        return [_hash_row(x, a, b, self.width) for a, b in zip(self._a, self._b, strict=True)]

    def update(self, key: int | str, weight: float = 1) -> None:
        """Count one event (for many, :meth:`update_many` is far faster).

        Parameters
        ----------
        key : int or str
            The event's key: an identifier, not a quantity (any int, negative or 0 included, or any str).
        weight : float
            Its weight (requests or units), finite and ``>= 0``.

        Examples
        --------
        >>> cm = CountMin(64, 4)
        >>> cm.update("a", 3)
        >>> cm.estimate(["a"])
        array([3.])
        """
        w = check_number("weight", weight, low=0, high=math.inf, high_open=True)
        if isinstance(key, bool) or not isinstance(key, (int, np.integer, str)):
            raise ValueError(f"key = {key!r} is not allowed: Count-Min keys must be int or str")
        self.update_many([key], [w])

    def update_many(self, keys: Any, weights: ArrayLike | None = None) -> None:
        """Count a batch of events, vectorised: hash every key once per row, add with ``bincount``.

        Order does not matter: the sketch is a sum.

        Parameters
        ----------
        keys : sequence of int or str
            The events' keys (a list or numpy array).
        weights : array_like, optional
            Each event's weight (requests or units), finite and ``>= 0``; 1 if omitted.
        """
        x = _base_hash(keys)
        w = _weights(weights, x.size)
        for r, idx in enumerate(self._rows(x)):
            self._table[r] += np.bincount(idx, weights=w, minlength=self.width)
        self._total += float(x.size if w is None else w.sum())

    def merge(self, other: CountMin) -> CountMin:
        """The sketch of both streams together: the tables added (same width, depth and seed needed).

        This is how per-node sketches combine into a table-wide one: each
        storage node sketches its own requests and the sums are exactly the
        sketch of the union, with ``N`` the sum of both totals.

        Examples
        --------
        >>> a, b = CountMin(64, 3, seed=2), CountMin(64, 3, seed=2)
        >>> a.update_many(["x", "y"]); b.update_many(["x"])
        >>> a.merge(b).estimate(["x", "y"])
        array([2., 1.])
        """
        if not isinstance(other, CountMin) or (other.width, other.depth, other.seed) != (self.width, self.depth, self.seed):
            raise ValueError(
                f"other = {other!r} is not allowed: must be a CountMin with width={self.width}, "
                f"depth={self.depth}, seed={self.seed}"
            )
        out = CountMin(self.width, self.depth, self.seed)
        out._table = self._table + other._table
        out._total = self._total + other._total
        return out

    def estimate(self, keys: Any) -> NDArray[np.float64]:
        """Each key's estimate: the smallest of its ``depth`` counters; never below its true weight.

        Parameters
        ----------
        keys : sequence of int or str
            Keys to look up.

        Returns
        -------
        numpy.ndarray
            One estimate per key (requests or units).
        """
        x = _base_hash(keys)
        if x.size == 0:
            return np.zeros(0)
        rows = self._rows(x)
        return np.min([self._table[r, idx] for r, idx in enumerate(rows)], axis=0)


# ---------------------------------------------------------------------------------------------
# Checking an estimator against exact counts
# ---------------------------------------------------------------------------------------------


class _CheckRowFields(NamedTuple):
    key: Hashable
    true: float
    estimate: float
    found: bool


class CheckRow(_CheckRowFields):
    """One of the true top keys, as :func:`compare_to_exact` saw it.

    Parameters
    ----------
    key : hashable
        The key.
    true : float
        Its exact weight, finite and ``>= 0``.
    estimate : float
        The estimator's value for it, finite and ``>= 0``.
    found : bool
        Whether the estimator's own top ``n`` lists it.
    """

    __slots__ = ()

    def __new__(cls, key: Hashable, true: float, estimate: float, found: bool) -> CheckRow:
        check_number("true", true, low=0, high=math.inf, high_open=True)
        check_number("estimate", estimate, low=0, high=math.inf, high_open=True)
        check_choice("found", found, (True, False))
        return super().__new__(cls, key, true, estimate, found)


@dataclass(frozen=True)
class HeavyHitterCheck:
    """An estimator checked against the exact counts of the stream it saw; built by :func:`compare_to_exact`.

    Parameters
    ----------
    estimator : str
        The estimator's repr.
    n : int
        Size of the top list compared.
    total_weight : float
        ``N``, the stream's total weight (requests or units).
    distinct_keys : int
        Distinct keys in the stream.
    bound : float
        The estimator's overestimation bound: ``N / k`` (Space-Saving, always) or ``eps N``
        (Count-Min, per key with probability ``>= 1 - delta``).
    max_error : float
        The largest ``estimate - true`` over all the stream's keys.
    max_underestimate : float
        The largest ``true - estimate``; 0 for both estimators.
    share_within_bound : float
        Fraction of the stream's distinct keys with ``estimate - true <= bound``.
    recall : float
        Fraction of the true top ``n`` found in the estimator's top ``n``. A key tied with the
        ``n``-th heaviest counts as a true top key.
    heavy_keys : int
        Keys whose true weight exceeds ``bound``.
    heavy_missed : int
        Of those, how many the estimator does not report (Space-Saving: not monitored;
        Count-Min: estimate not above the bound). 0 for both.
    rows : tuple of CheckRow
        The true top ``n`` keys, heaviest first.
    """

    estimator: str
    n: int
    total_weight: float
    distinct_keys: int
    bound: float
    max_error: float
    max_underestimate: float
    share_within_bound: float
    recall: float
    heavy_keys: int
    heavy_missed: int
    rows: tuple[CheckRow, ...]

    def __post_init__(self) -> None:
        finite = {"high": math.inf, "high_open": True}
        for name in ("n", "distinct_keys", "heavy_keys", "heavy_missed"):
            object.__setattr__(self, name, check_count(name, getattr(self, name)))
        for name in ("total_weight", "bound"):
            object.__setattr__(self, name, check_number(name, getattr(self, name), low=0, **finite))
        for name in ("max_error", "max_underestimate"):  # differences of two estimates: finite, either sign in rounding
            object.__setattr__(self, name, check_number(name, getattr(self, name), low=-math.inf, low_open=True, **finite))
        for name in ("share_within_bound", "recall"):
            object.__setattr__(self, name, check_number(name, getattr(self, name), low=0, high=1))
        if not all(isinstance(r, CheckRow) for r in self.rows):
            raise ValueError(f"rows = {self.rows!r} is not allowed: must be a tuple of CheckRow")

    @property
    def within_bound(self) -> bool:
        """Whether every key's overestimate is within the bound (up to float rounding)."""
        return self.max_error <= self.bound * (1 + 1e-9) + 1e-9

    def __repr__(self) -> str:
        return (
            f"HeavyHitterCheck({self.estimator.split(':')[0]}): top {self.n} recall {self.recall:.0%}, "
            f"max error {self.max_error:,.6g} vs bound {self.bound:,.6g} "
            f"({'within' if self.within_bound else 'OUTSIDE'}), {self.heavy_keys - self.heavy_missed} of "
            f"{self.heavy_keys} keys above the bound found, N={self.total_weight:,.6g}, {self.distinct_keys:,} keys)"
        )


def compare_to_exact(
    estimator: SpaceSaving | CountMin, keys: Any, weights: ArrayLike | None = None, n: int = 10
) -> HeavyHitterCheck:
    """Check an estimator against the exact counts of the stream it was fed.

    Space-Saving's top ``n`` is its own :meth:`SpaceSaving.top`; Count-Min
    keeps no keys, so its top ``n`` is the stream's distinct keys ranked by
    their estimates (as a service would rank the candidate keys it saw).

    Parameters
    ----------
    estimator : SpaceSaving or CountMin
        An estimator that has seen exactly this stream.
    keys : sequence of hashable
        The stream's keys, one per event.
    weights : array_like, optional
        Each event's weight (requests or units), ``>= 0``; 1 per event if omitted.
    n : int
        Size of the top list, ``>= 1``.

    Returns
    -------
    HeavyHitterCheck
        Errors, bound, recall and the true top ``n`` with their estimates.

    Examples
    --------
    >>> import numpy as np
    >>> stream = np.random.default_rng(0).zipf(1.5, 5_000)
    >>> ss = SpaceSaving(k=50); ss.update_many(stream)
    >>> check = compare_to_exact(ss, stream, n=5)
    >>> check.within_bound, check.recall, check.heavy_missed
    (True, 1.0, 0)
    """
    if not isinstance(estimator, (SpaceSaving, CountMin)):
        raise ValueError(f"estimator = {estimator!r} is not allowed: must be a SpaceSaving or a CountMin")
    return compare_each_to_exact([estimator], keys, weights, n)[0]


def compare_each_to_exact(
    estimators: Iterable[SpaceSaving | CountMin], keys: Any, weights: ArrayLike | None = None, n: int = 10
) -> tuple[HeavyHitterCheck, ...]:
    """:func:`compare_to_exact` for several estimators fed the same stream, counting the stream exactly once.

    Parameters
    ----------
    estimators : iterable of SpaceSaving or CountMin
        Estimators that have each seen exactly this stream.
    keys : sequence of hashable
        The stream's keys, one per event.
    weights : array_like, optional
        Each event's weight (requests or units), ``>= 0``; 1 per event if omitted.
    n : int
        Size of the top lists, ``>= 1``.

    Returns
    -------
    tuple of HeavyHitterCheck
        One check per estimator, in order; each the same as :func:`compare_to_exact` gives.

    Examples
    --------
    >>> stream = [1, 2, 1, 3, 1, 2]
    >>> ss, cm = SpaceSaving(k=2), CountMin(64, 3)
    >>> ss.update_many(stream); cm.update_many(stream)
    >>> [check.recall for check in compare_each_to_exact([ss, cm], stream, n=2)]
    [1.0, 1.0]
    """
    if isinstance(estimators, (SpaceSaving, CountMin)) or not isinstance(estimators, Iterable):
        raise ValueError(f"estimators = {estimators!r} is not allowed: must be a list of SpaceSaving or CountMin")
    estimators = list(estimators)
    for i, estimator in enumerate(estimators):
        if not isinstance(estimator, (SpaceSaving, CountMin)):
            raise ValueError(f"estimators[{i}] = {estimator!r} is not allowed: must be a SpaceSaving or a CountMin")
    n = check_count("n", n, low=1)
    tally = _tally(keys, weights)
    return tuple(_compare(estimator, tally, n) for estimator in estimators)


def _compare(
    estimator: SpaceSaving | CountMin,
    tally: tuple[list[Hashable], NDArray[Any] | None, NDArray[np.float64]],
    n: int,
) -> HeavyHitterCheck:
    """One estimator against the stream's exact tally (:func:`_tally`)."""
    distinct, arr, true = tally
    total = float(true.sum())
    if abs(total - estimator.total_weight) > 1e-9 * max(1.0, total):
        raise ValueError(
            f"keys carry total weight {total:g} but the estimator has seen {estimator.total_weight:g}: "
            "compare it with exactly the stream it was fed"
        )
    lookup = distinct if arr is None else arr  # the array when numpy sorted the keys: looked up without a loop
    bound = estimator.bound
    top_true = _top_order(true, n)
    cutoff = true[top_true[-1]] if top_true.size else math.inf
    if isinstance(estimator, SpaceSaving):
        est, reported, ints = estimator._lookup(lookup) if distinct else (np.zeros(0), np.zeros(0, dtype=bool), False)
        listed = [h.key for h in estimator.top(n)]
        if ints:  # every monitored key, so every listed one, is an int
            found = np.isin(arr, np.array(listed, dtype=np.int64))
        else:
            listed_set = set(listed)
            found = np.array([key in listed_set for key in distinct], dtype=bool)
    else:
        est = estimator.estimate(lookup) if distinct else np.zeros(0)
        reported = est > bound
        found = np.zeros(len(distinct), dtype=bool)
        found[_top_order(est, n)] = True
    err = est - true
    true_top = true >= cutoff
    hits = int(np.count_nonzero(found & true_top))
    expected = min(n, len(distinct))
    heavy = true > bound
    rows = tuple(CheckRow(distinct[i], float(true[i]), float(est[i]), bool(found[i])) for i in top_true)
    return HeavyHitterCheck(
        estimator=repr(estimator),
        n=n,
        total_weight=total,
        distinct_keys=len(distinct),
        bound=float(bound),
        max_error=float(err.max()) if err.size else 0.0,
        max_underestimate=float(max(0.0, -err.min())) if err.size else 0.0,
        share_within_bound=float(np.mean(err <= bound * (1 + 1e-9) + 1e-9)) if err.size else 1.0,
        recall=min(hits, expected) / expected if expected else 1.0,
        heavy_keys=int(np.count_nonzero(heavy)),
        heavy_missed=int(np.count_nonzero(heavy & ~reported)),
        rows=rows,
    )
