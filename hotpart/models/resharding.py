"""Resharding: the share of keys each placement moves when the shard count changes, and what a lookup costs.

Modulo placement moves most keys (:func:`moved_fraction_modulo`); splitting hash ranges moves only the split halves
(:func:`range_split_moved_fraction`); jump hashing, a consistent-hash ring and rendezvous hashing move close to the
floor ``1 - n/m`` (:func:`moved_fraction`), at different lookup costs (:func:`lookup_cost`); a ring's virtual nodes
set how evenly it spreads (:func:`ring_spread`, :func:`ring_spread_measured`). The placements themselves are in
:mod:`hotpart.models.hashing`. Chapter 19 (``notebooks/19_resharding.ipynb``) teaches them; chapter 20
(``notebooks/20_migration.ipynb``) compares logical shards with modulo placement.
"""

from __future__ import annotations

import functools
import math

import numpy as np
from numpy.typing import NDArray

from ._validation import MAX_ELEMENTS as _MAX_ELEMENTS
from ._validation import check_choice, check_count, check_seed
from .harmonic_numbers import harmonic
from .hashing import HashRing, _label_hash, _ring_points, rendezvous

__all__ = [
    "lookup_cost",
    "moved_fraction",
    "moved_fraction_modulo",
    "range_split_moved_fraction",
    "ring_spread",
    "ring_spread_measured",
]


def moved_fraction_modulo(n: int, m: int) -> float:
    """Exact share of keys whose shard changes when ``key % n`` becomes ``key % m``.

    Over one period ``L = lcm(n, m)`` a key keeps its shard exactly when
    ``k % n == k % m``, i.e. ``k ≡ r (mod n)`` and ``(mod m)`` for some
    ``r < min(n, m)``; by the Chinese remainder theorem each such ``r`` has
    exactly one ``k`` in ``[0, L)``. So the moved share is
    ``1 - min(n, m) / lcm(n, m)``, exact for keys uniform over a whole
    number of periods.

    Parameters
    ----------
    n, m : int
        Shards before and after, ``>= 1``.

    Returns
    -------
    float
        Share of keys that move, in ``[0, 1)``.

    Examples
    --------
    >>> moved_fraction_modulo(3, 4)  # 003's example: 9 keys in 12 move
    0.75
    >>> moved_fraction_modulo(4, 8)
    0.5
    >>> moved_fraction_modulo(5, 5)
    0.0
    """
    a = check_count("n", n, low=1)
    b = check_count("m", m, low=1)
    return 1.0 - min(a, b) / math.lcm(a, b)


def range_split_moved_fraction(n: int, m: int) -> float:
    """Share of keys moved going from ``n`` equal hash ranges to ``m`` by splitting ``m - n`` of them in half.

    Each split hands the upper half of one range, ``1/(2n)`` of the keys, to a
    new shard, and touches no other range, so ``(m - n) / (2n)`` move, for
    ``n <= m <= 2n`` (each range split at most once). That is less than the
    balanced floor ``1 - n/m``, because the layout is then uneven: the split
    ranges are half as wide as the rest until every range has been split.

    Parameters
    ----------
    n : int
        Ranges (shards) before, ``>= 1``.
    m : int
        Ranges after, in ``[n, 2n]``.

    Returns
    -------
    float
        Share of keys moved, in ``[0, 1/2]``.

    Examples
    --------
    >>> range_split_moved_fraction(3, 4)  # one of three ranges split: half of a third moves
    0.16666666666666666
    >>> range_split_moved_fraction(4, 8)  # every range split once: half the keys, like doubling under modulo
    0.5
    """
    a = check_count("n", n, low=1)
    b = check_count("m", m, low=a, high=2 * a)
    return (b - a) / (2.0 * a)


_TWO64 = 2.0**64

_METHODS = ("modulo", "jump", "ring", "rendezvous")


def moved_fraction(method: str, n: int, m: int, *, vnodes: int = 100, n_keys: int = 100_000, seed: int = 0) -> float:
    """Share of keys whose shard changes as shards go from ``n`` to ``m``, measured on hashed keys.

    ``modulo`` places ``hash64(key) % n``; ``jump`` uses :func:`jump_hash`;
    ``ring`` a :class:`HashRing` with nodes ``"0" .. "n-1"`` (its moved
    share is the exact arc measure); ``rendezvous`` :func:`rendezvous`. The
    ideal when growing is ``1 - n/m``; modulo moves
    :func:`moved_fraction_modulo`.

    Parameters
    ----------
    method : {"modulo", "jump", "ring", "rendezvous"}
        Placement.
    n, m : int
        Shards before and after, in ``[1, 4096]``.
    vnodes : int
        Virtual nodes per node for ``ring``, in ``[1, 100000]``.
    n_keys : int
        Keys measured (uniform random) for ``rendezvous``, ``>= 1``, ``n_keys × max(n, m)`` at most
        :data:`hotpart.models._validation.MAX_ELEMENTS`; checked whatever the method.
    seed : int
        Seed of the keys (:func:`hotpart.models._validation.check_seed`); checked whatever the method.
        A whole number ``>= 0``; ``None`` is refused (:func:`hotpart.models._validation.check_seed`).

    Returns
    -------
    float
        Share moved, in ``[0, 1]``.

    Examples
    --------
    >>> moved_fraction("modulo", 3, 4)
    0.75
    >>> moved_fraction("jump", 3, 4)
    0.25
    """
    method = check_choice("method", method, _METHODS)
    a = check_count("n", n, low=1, high=4096)
    b = check_count("m", m, low=1, high=4096)
    v = check_count("vnodes", vnodes, low=1, high=100_000)
    n_k = check_count("n_keys", n_keys, low=1, high=_MAX_ELEMENTS // max(a, b))
    rng = np.random.default_rng(check_seed("seed", seed))
    if method == "modulo":
        return moved_fraction_modulo(a, b)
    if method == "ring":
        before = HashRing([str(i) for i in range(a)], v)
        after = HashRing([str(i) for i in range(b)], v)
        return before.moved_share(after)
    if method == "jump":
        return abs(1.0 - min(a, b) / max(a, b))  # exact: keys move only into (or out of) the added buckets
    keys = rng.integers(0, 2**64, size=n_k, dtype=np.uint64)
    before_r = np.array([str(i) for i in range(a)])[rendezvous(keys, [str(i) for i in range(a)])]
    after_r = np.array([str(i) for i in range(b)])[rendezvous(keys, [str(i) for i in range(b)])]
    return float(np.mean(before_r != after_r))


def lookup_cost(method: str, n: int, vnodes: int = 100) -> float:
    """Expected work of one lookup: hashes or comparisons, by method.

    ``modulo``: 1. ``jump``: ``H(n)``, the expected loop iterations (about
    ``ln n + 0.58``). ``ring``: ``log2(n * vnodes)``, a binary search over the
    virtual nodes. ``rendezvous``: ``n``, one hash per node.

    Parameters
    ----------
    method : {"modulo", "jump", "ring", "rendezvous"}
        Placement.
    n : int
        Shards, ``>= 1``.
    vnodes : int
        Virtual nodes per node (ring only), ``>= 1``.

    Returns
    -------
    float
        Expected steps per lookup.

    Examples
    --------
    >>> lookup_cost("jump", 4)
    2.0833333333333335
    >>> lookup_cost("ring", 8, vnodes=128)
    10.0
    """
    method = check_choice("method", method, _METHODS)
    k = check_count("n", n, low=1)
    v = check_count("vnodes", vnodes, low=1)
    if method == "modulo":
        return 1.0
    if method == "jump":
        return harmonic(k, 1.0)
    if method == "ring":
        return max(1.0, math.log2(k * v))
    return float(k)


def ring_spread(vnodes: int, n_nodes: int) -> dict[str, float]:
    """Analytic spread of node shares on a ring with ``vnodes`` virtual nodes per node.

    With ``N V`` points placed at random, a node's share is exactly
    Beta(V, (N-1)V); times ``N`` (share over the even share) that is about
    Gamma(V, 1/V): mean 1, coefficient of variation ``1/sqrt(V)``.

    Parameters
    ----------
    vnodes : int
        Virtual nodes per node ``V``, ``>= 1``.
    n_nodes : int
        Nodes ``N``, ``>= 2``.

    Returns
    -------
    dict
        ``cv`` (std of share over the mean), ``p01``, ``p99`` (quantiles of share
        over the even share, Gamma), ``expected_max`` (expected largest share
        over the even share among the ``N`` nodes: the largest of ``N``
        independent Gamma(V, 1/V), by integration; exactly ``H(N)`` for ``V = 1``).

    Examples
    --------
    >>> s = ring_spread(100, 10)
    >>> round(s["cv"], 3), s["cv_gamma"]
    (0.095, 0.1)
    >>> 1.1 < s["expected_max"] < 1.3
    True
    """
    from scipy import stats

    v = check_count("vnodes", vnodes, low=1, high=1_000_000)
    n = check_count("n_nodes", n_nodes, low=2, high=1_000_000)
    gamma = stats.gamma(a=v, scale=1.0 / v)
    # E[max of N] = integral_0^inf (1 - G(x)^N) dx, the N shares taken as independent Gamma(V, 1/V)
    x = np.linspace(0.0, float(gamma.ppf(1 - 1e-12)), 4001)
    tail = -np.expm1(n * np.log(np.maximum(gamma.cdf(x), 1e-300)))
    expected_max = float(np.sum((tail[1:] + tail[:-1]) * np.diff(x)) / 2.0)
    return {
        "cv": math.sqrt((n - 1) / (n * v + 1)),
        "cv_gamma": 1.0 / math.sqrt(v),
        "p01": float(gamma.ppf(0.01)),
        "p99": float(gamma.ppf(0.99)),
        "expected_max": expected_max,
    }


def ring_spread_measured(vnodes: int, n_nodes: int, n_rings: int = 20) -> NDArray[np.float64]:
    """Node shares over the even share, measured on real rings (:class:`HashRing`), pooled over rings.

    Ring ``r`` names its nodes ``"r<r>-n<i>"``, so the rings are independent
    draws of positions.

    Parameters
    ----------
    vnodes : int
        Virtual nodes per node, ``>= 1``.
    n_nodes : int
        Nodes per ring, ``>= 2``.
    n_rings : int
        Rings measured, ``>= 1``; ``n_rings × n_nodes × vnodes`` ring points at most
        :data:`hotpart.models._validation.MAX_ELEMENTS` (one ring is always allowed).

    Returns
    -------
    numpy.ndarray
        ``n_rings * n_nodes`` values of share times ``n_nodes``; mean exactly 1.

    Examples
    --------
    >>> x = ring_spread_measured(50, 10, n_rings=5)
    >>> x.size, round(float(x.mean()), 12)
    (50, 1.0)
    """
    v = check_count("vnodes", vnodes, low=1, high=100_000)
    n = check_count("n_nodes", n_nodes, low=2, high=10_000)
    r = check_count("n_rings", n_rings, low=1, high=max(1, _MAX_ELEMENTS // (n * v)))
    # every ring at once, in batches of about _RING_CHUNK_POINTS points: row j of a batch is ring j's sorted points,
    # exactly HashRing(...).shares() ring by ring (n >= 2, so no ring has the one point HashRing.shares() special-cases)
    labels = _spread_labels(n, r) if n * r <= _CACHED_LABELS else None
    per_batch = max(1, _RING_CHUNK_POINTS // (n * v))
    out = []
    for lo in range(0, r, per_batch):
        hi = min(r, lo + per_batch)
        rows = labels[lo:hi] if labels is not None else _spread_label_rows(n, lo, hi)
        points, owners = _ring_points(rows, v)
        arcs = np.empty_like(points)  # each point's arc: from the point before it, as HashRing.shares() measures
        with np.errstate(over="ignore"):
            np.subtract(points[:, 1:], points[:, :-1], out=arcs[:, 1:])
            np.subtract(points[:, 0], points[:, -1], out=arcs[:, 0])  # wraps mod 2**64 for each ring's first arc
        owners += np.arange(0, rows.shape[0] * n, n)[:, None]  # ring j's node i is bin j * n + i
        # one bincount adds each bin's weights in array order: ring by ring, in each ring's point order, as before
        shares = np.bincount(owners.ravel(), weights=arcs.astype(np.float64).ravel(), minlength=rows.size) / _TWO64
        out.append(shares * n)
    return np.concatenate(out)


#: Ring points per batch of :func:`ring_spread_measured`: about 8 MB per array.
_RING_CHUNK_POINTS = 1 << 20
#: The most node labels :func:`_spread_labels` keeps per entry (800 kB); larger sets are hashed batch by batch.
_CACHED_LABELS = 100_000


def _spread_label_rows(n_nodes: int, lo: int, hi: int) -> NDArray[np.uint64]:
    """The label hashes of :func:`ring_spread_measured`'s nodes ``"r<j>-n<i>"`` for rings ``lo <= j < hi``, by ring."""
    flat = (_label_hash(f"r{j}-n{i}") for j in range(lo, hi) for i in range(n_nodes))
    return np.fromiter(flat, dtype=np.uint64, count=(hi - lo) * n_nodes).reshape(hi - lo, n_nodes)


@functools.lru_cache(maxsize=16)
def _spread_labels(n_nodes: int, n_rings: int) -> NDArray[np.uint64]:
    """:func:`_spread_label_rows` of rings ``0 .. n_rings - 1``, read-only (cached: a slider move keeps most of them)."""
    labels = _spread_label_rows(n_nodes, 0, n_rings)
    labels.flags.writeable = False
    return labels
