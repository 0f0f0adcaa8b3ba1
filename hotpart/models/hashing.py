"""Hashing keys onto partitions and shards: every key-to-place function of the course.

* :func:`partition_of`: string partition keys onto DynamoDB-like partitions (MD5, contiguous hash ranges),
  chapter 2 (``notebooks/02_key_designs.ipynb``) and every chapter that places keys (4, 5, 10, 13, 16);
* :func:`hash64`: the SplitMix64 finaliser for 64-bit keys (chapters 18 to 22, ``notebooks/18_strategies.ipynb``
  to ``22_pitfalls.ipynb``), deterministic across processes and machines;
* the placements chapter 19 (``notebooks/19_resharding.ipynb``) compares when the shard count changes:
  :func:`jump_hash`, :class:`HashRing` (consistent hashing with virtual nodes), :func:`rendezvous` and
  :class:`HashRangeSharding` (contiguous hash ranges that split). Modulo placement, ``hash64(key) % n``, is
  :class:`hotpart.models.strategies.HashSharding`; what each placement moves is :mod:`hotpart.models.resharding`.

Keys of the sharding chapters are unsigned 64-bit integers (``numpy.uint64``).
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import _short, check_count

__all__ = [
    "HashRangeSharding",
    "HashRing",
    "hash64",
    "jump_hash",
    "partition_of",
    "rendezvous",
]

_U64 = np.uint64
_TWO64 = 2.0**64


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


def _as_u64(keys: ArrayLike, name: str = "keys") -> NDArray[np.uint64]:
    """Keys as uint64, refused by name when they are not unsigned 64-bit integers (floats, bools, negative numbers,
    a pandas DataFrame: take its key column, ``df["key"].to_numpy()``)."""
    if type(keys).__name__ == "DataFrame" and type(keys).__module__.startswith("pandas"):
        shape = getattr(keys, "shape", "?")
        raise ValueError(f"{name} is a DataFrame of shape {shape}: must be one array of keys (one column: df['key'])")
    arr = np.asarray(keys)
    if arr.dtype == np.uint64:
        return arr
    if arr.dtype.kind not in "iu":
        raise ValueError(f"{name} = {_short(keys)} is not an integer array: must be unsigned 64-bit integers in [0, 2**64)")
    if arr.dtype.kind == "i" and arr.size and int(arr.min()) < 0:
        raise ValueError(f"{name} has a negative entry {int(arr.min())}: must be unsigned 64-bit integers in [0, 2**64)")
    return arr.astype(np.uint64)


def _index(x: Any) -> int:
    """A whole number given as an int (not a float or a string), for shard indices."""
    if isinstance(x, bool) or not isinstance(x, (int, np.integer)):
        raise TypeError(f"{x!r} is not an int")
    return int(x)


def _keys(keys: ArrayLike | int, name: str = "key") -> tuple[NDArray[np.uint64], bool]:
    """Keys as a uint64 array, and whether the caller passed a scalar Python int; errors name ``name``."""
    if isinstance(keys, (int, np.integer)) and not isinstance(keys, bool):
        k = int(keys)
        if not 0 <= k < 2**64:
            raise ValueError(f"{name} = {k} is out of range: must be in [0, 2**64)")
        return np.array([k], dtype=np.uint64), True
    return _as_u64(keys, name), False


def hash64(keys: ArrayLike) -> NDArray[np.uint64]:
    """SplitMix64's finaliser: a fast, well-mixed 64-bit hash of each 64-bit key.

    Parameters
    ----------
    keys : array_like of unsigned 64-bit integers
        The keys.

    Returns
    -------
    numpy.ndarray
        uint64 hashes, one per key; a bijection of ``[0, 2**64)``.

    Examples
    --------
    >>> hash64(np.array([0, 1], dtype=np.uint64))
    array([16294208416658607535, 10451216379200822465], dtype=uint64)
    """
    z = np.array(_as_u64(keys), dtype=np.uint64, copy=True)
    with np.errstate(over="ignore"):
        _mix64(z, np.empty_like(z))
    return z


def _mix64(z: NDArray[np.uint64], tmp: NDArray[np.uint64]) -> None:
    """:func:`hash64` of ``z``, in place; ``tmp`` is scratch space of ``z``'s shape.

    The arithmetic wraps mod 2**64: callers run this under ``np.errstate(over="ignore")``.
    """
    z += _U64(0x9E3779B97F4A7C15)
    np.right_shift(z, _U64(30), out=tmp)
    z ^= tmp
    z *= _U64(0xBF58476D1CE4E5B9)
    np.right_shift(z, _U64(27), out=tmp)
    z ^= tmp
    z *= _U64(0x94D049BB133111EB)
    np.right_shift(z, _U64(31), out=tmp)
    z ^= tmp


def _label_hash(label: str) -> int:
    """A node or virtual-node name as a 64-bit integer (first 8 bytes of its MD5)."""
    return int.from_bytes(hashlib.md5(label.encode("utf-8"), usedforsecurity=False).digest()[:8], "big")


@functools.lru_cache(maxsize=128)
def _label_hashes(names: tuple[str, ...]) -> NDArray[np.uint64]:
    """:func:`_label_hash` of each name, as a read-only uint64 array (cached: rings and rendezvous reuse names)."""
    out = np.fromiter((_label_hash(name) for name in names), dtype=np.uint64, count=len(names))
    out.flags.writeable = False
    return out


def jump_hash(key: ArrayLike | int, num_buckets: int) -> NDArray[np.int64] | int:
    """Lamping & Veach's jump consistent hash, bit-exact, vectorised over uint64 keys.

    The published loop, run on every key at once::

        b, j = -1, 0
        while j < num_buckets:
            b = j
            key = key * 2862933555777941757 + 1          # mod 2**64
            j = int((b + 1) * (2**31 / ((key >> 33) + 1)))  # in double precision
        return b

    Going from ``n`` to ``n + 1`` buckets, a key either keeps its bucket or
    moves to the new bucket ``n``, and each does so with probability
    ``1/(n + 1)``. The expected number of loop iterations is ``H(n) ≈ ln n``.

    Parameters
    ----------
    key : int or array_like of uint64
        Keys in ``[0, 2**64)``.
    num_buckets : int
        Buckets, in ``[1, 2**31]``.

    Returns
    -------
    int or numpy.ndarray
        Bucket in ``[0, num_buckets)``: an int for an int key, else int64 per key.

    Examples
    --------
    >>> jump_hash(42, 57), jump_hash(256, 1024)  # the published test vectors
    (43, 520)
    >>> jump_hash(np.array([42, 256], dtype=np.uint64), 1024)
    array([571, 520])
    """
    n = check_count("num_buckets", num_buckets, low=1, high=2**31)
    k, scalar = _keys(key)
    out = np.empty(k.shape, dtype=np.int64)
    for lo in range(0, k.size, _JUMP_CHUNK):  # chunks small enough to stay in cache
        _jump_chunk(k[lo : lo + _JUMP_CHUNK].copy(), n, out[lo : lo + _JUMP_CHUNK])
    return int(out[0]) if scalar else out


#: Keys per pass of :func:`jump_hash`: about 1 MB per array, so each pass stays in cache.
_JUMP_CHUNK: Final[int] = 1 << 17


def _jump_hash_pair(keys: NDArray[np.uint64], n0: int, n: int) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """:func:`jump_hash` of uint64 ``keys`` into ``n0`` and into ``n >= n0`` buckets, in one run of the loop."""
    out0, out = np.empty(keys.shape, dtype=np.int64), np.empty(keys.shape, dtype=np.int64)
    for lo in range(0, keys.size, _JUMP_CHUNK):
        part = slice(lo, lo + _JUMP_CHUNK)
        _jump_chunk(keys[part].copy(), n, out[part], (n0, out0[part]))
    return out0, out


def _jump_chunk(
    k: NDArray[np.uint64], n: int, out: NDArray[np.int64], fewer: tuple[int, NDArray[np.int64]] | None = None
) -> None:
    """The jump-hash loop on one chunk, in place; keys that leave the loop are dropped from the arrays.

    With ``fewer = (n0, out0)``, ``n0 <= n``, also each key's bucket among ``n0`` into ``out0``: the loop for ``n0``
    is this loop stopped at a key's first ``j >= n0`` (``j`` only grows), the one iteration where ``j >= n0`` while
    ``b + 1 <= n0``.
    """
    idx = np.arange(k.size)
    b1 = np.ones(k.size)  # b + 1 of the keys still looping, as doubles (exact below 2**53)
    mult = _U64(2862933555777941757)
    while k.size:
        with np.errstate(over="ignore"):
            k *= mult
            k += _U64(1)
        j = np.add(k >> _U64(33), 1.0)  # float64
        np.divide(float(1 << 31), j, out=j)
        j *= b1  # the next bucket, before truncation: int(j) < n exactly when j < n
        if fewer is not None:
            n0, out0 = fewer
            stop = np.flatnonzero((j >= n0) & (b1 <= n0))
            out0[idx.take(stop)] = b1.take(stop) - 1.0
        looping = j < n
        done = np.flatnonzero(~looping)
        out[idx.take(done)] = b1.take(done) - 1.0
        keep = np.flatnonzero(looping)
        k, idx = k.take(keep), idx.take(keep)
        b1 = np.floor(j.take(keep))
        b1 += 1.0


@dataclass(frozen=True)
class HashRing:
    """A consistent-hash ring with ``vnodes`` virtual nodes per node.

    A node's ``vnodes`` positions are the first ``vnodes`` outputs of
    SplitMix64 seeded with the MD5 of its name (so they are the same on every
    machine); a key, hashed with :func:`hash64`, belongs to the first virtual
    node at or clockwise after it. Lookups are one vectorised binary search.

    Parameters
    ----------
    nodes : sequence of str
        Node names, unique, at least one.
    vnodes : int
        Virtual nodes per node, ``>= 1``.

    Examples
    --------
    >>> ring = HashRing(["a", "b", "c"], vnodes=100)
    >>> ring
    HashRing(3 nodes x 100 vnodes, shares 0.315 to 0.366)
    >>> bigger = ring.add("d")
    >>> bool(abs(ring.moved_share(bigger) - bigger.shares()[3]) < 1e-12)  # only the new node's arcs move
    True
    """

    nodes: tuple[str, ...]
    vnodes: int = 100
    _points: NDArray[np.uint64] = field(init=False, repr=False, compare=False)
    _owners: NDArray[np.int64] = field(init=False, repr=False, compare=False)
    _table: tuple[NDArray[np.int32], np.uint64] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        nodes = tuple(self.nodes)
        if not nodes or len(set(nodes)) != len(nodes) or not all(isinstance(x, str) for x in nodes):
            raise ValueError(f"nodes = {self.nodes!r} must be a non-empty sequence of unique strings")
        v = check_count("vnodes", self.vnodes, low=1, high=100_000)
        points, owners = _ring_points(_label_hashes(nodes), v)
        points.flags.writeable = owners.flags.writeable = False  # a ring never changes: safe to share and cache
        object.__setattr__(self, "nodes", nodes)
        object.__setattr__(self, "vnodes", v)
        object.__setattr__(self, "_points", points)
        object.__setattr__(self, "_owners", owners)
        object.__setattr__(self, "_table", None)  # built on the first lookup

    def __repr__(self) -> str:
        s = self.shares()
        return f"HashRing({len(self.nodes)} nodes x {self.vnodes} vnodes, shares {s.min():.3f} to {s.max():.3f})"

    def _owner_of_hash(self, h: NDArray[np.uint64]) -> NDArray[np.int64]:
        idx = np.searchsorted(self._points, h, side="left")
        idx[idx == self._points.size] = 0
        return self._owners[idx]

    def lookup(self, keys: ArrayLike) -> NDArray[np.int64]:
        """Index into :attr:`nodes` of the node owning each key.

        A table over the top bits of the hash answers most keys with one
        gather; keys whose bucket holds a virtual node take the binary search.

        Examples
        --------
        >>> HashRing(("a", "b", "c")).lookup(np.arange(5, dtype=np.uint64))
        array([2, 1, 0, 1, 2])
        """
        if self._table is None:
            # a direct-mapped table over the top bits of the hash: the owner of every bucket no point falls
            # in, -1 where one does (those keys take the binary search)
            bits = int(min(20, max(8, math.ceil(math.log2(self._points.size)) + 5)))
            shift = _U64(64 - bits)
            table = _bucket_owners(self._points, self._owners, bits)
            table.flags.writeable = False
            object.__setattr__(self, "_table", (table, shift))
        table, shift = self._table  # type: ignore[misc]
        h = hash64(keys)
        owner = table.take((h >> shift).astype(np.intp)).astype(np.int64)
        mixed = np.flatnonzero(owner < 0)
        owner[mixed] = self._owner_of_hash(h.take(mixed))
        return owner

    def shares(self) -> NDArray[np.float64]:
        """Exact share of the hash space each node owns (its arcs' total length over 2**64)."""
        if self._points.size == 1:
            return np.ones(1)
        with np.errstate(over="ignore"):
            arcs = self._points - np.roll(self._points, 1)  # wraps mod 2**64 for the first arc
        return np.bincount(self._owners, weights=arcs.astype(np.float64), minlength=len(self.nodes)) / _TWO64

    def add(self, node: str) -> HashRing:
        """The ring with one more node."""
        return HashRing((*self.nodes, node), self.vnodes)

    def remove(self, node: str) -> HashRing:
        """The ring without ``node``."""
        if node not in self.nodes:
            raise ValueError(f"node = {node!r} is not on the ring: must be one of {list(self.nodes)}")
        return HashRing(tuple(x for x in self.nodes if x != node), self.vnodes)

    def moved_share(self, other: HashRing) -> float:
        """Exact share of the hash space whose owner (by name) differs between this ring and ``other``."""
        points = np.sort(np.concatenate((self._points, other._points)))  # np.union1d, without its hash table
        points = points[np.concatenate(([True], points[1:] != points[:-1]))]
        # owners by name: each of other's nodes as its index into self.nodes (-1 if self has no such node)
        index = {name: i for i, name in enumerate(self.nodes)}
        as_mine = np.array([index.get(name, -1) for name in other.nodes], dtype=np.int64)
        moved = self._owner_of_hash(points) != as_mine[other._owner_of_hash(points)]
        if points.size == 1:
            return float(moved[0])
        with np.errstate(over="ignore"):
            arcs = (points - np.roll(points, 1)).astype(np.float64)
        return float(arcs[moved].sum() / _TWO64)


def _ring_points(labels: NDArray[np.uint64], vnodes: int) -> tuple[NDArray[np.uint64], NDArray[np.int64]]:
    """Sorted points and their owners of the rings whose nodes hash to ``labels``, one ring per row.

    ``labels`` has shape ``(..., n)``, one 64-bit label hash per node; node ``i``'s ``vnodes`` points are
    :func:`hash64` of ``label + s * 0x9E3779B97F4A7C15`` for ``s < vnodes`` (mod 2**64), point ``i * vnodes + s`` of
    its ring. Each ring's points are sorted as a stable argsort sorts them (equal points in point order), and its
    owners (int64, ``0 .. n-1``) follow them. Returns arrays of shape ``(..., n * vnodes)``; :class:`HashRing` is
    the 1-D case.
    """
    steps = np.arange(vnodes, dtype=np.uint64)
    with np.errstate(over="ignore"):
        steps *= _U64(0x9E3779B97F4A7C15)
        seeds = labels[..., :, None] + steps  # (..., n, vnodes), wraps mod 2**64
    size = labels.shape[-1] * vnodes
    seeds = seeds.reshape(*labels.shape[:-1], size)
    scratch = np.empty_like(seeds)
    with np.errstate(over="ignore"):
        _mix64(seeds, scratch)
    # A stable argsort of 64-bit points is several times slower than the default sorts, which give the same order
    # whenever a ring's points are distinct; so sort the fast way and check. Up to 2**20 points per ring, one
    # value sort of each point's top bits with its index in the low bits gives the order (when no two points share
    # their top bits, that order is the points' order) and a second the sorted points themselves.
    bits = max(1, (size - 1).bit_length())
    if bits <= 20:
        low = _U64((1 << bits) - 1)
        tagged = np.bitwise_and(seeds, ~low, out=scratch)
        tagged |= np.arange(size, dtype=np.uint64)
        tagged.sort(axis=-1)
        top = tagged >> _U64(bits)
        if not np.any(top[..., 1:] == top[..., :-1]):
            tagged &= low
            owners = tagged.view(np.int64)  # each point's index in its ring, < 2**20
            owners //= vnodes
            seeds.sort(axis=-1)
            return seeds, owners
    order = np.argsort(seeds, axis=-1)
    points = np.take_along_axis(seeds, order, axis=-1)
    if np.any(points[..., 1:] == points[..., :-1]):  # equal points (never seen in practice): in point order
        order = np.argsort(seeds, axis=-1, kind="stable")
        points = np.take_along_axis(seeds, order, axis=-1)
    return points, order // vnodes


def _bucket_owners(points: NDArray[np.uint64], owners: NDArray[np.int64], bits: int) -> NDArray[np.int32]:
    """The owner of each of the ``2**bits`` buckets of the hash space no point falls in, ``-1`` where one does.

    Bucket ``b`` covers the hashes whose top ``bits`` bits are ``b``. A hash ``h`` is owned by the first point
    ``>= h`` (wrapping to the first point), so a bucket without points belongs to the first point above it: the
    first point whose bucket is ``>= b``. With the points sorted, point ``k`` is that point for the buckets
    ``hi[k-1] < b <= hi[k]`` (``hi``, the points' buckets), which a ``repeat`` lays out without a binary search.
    """
    hi = (points >> _U64(64 - bits)).astype(np.intp)
    counts = np.empty(points.size + 1, dtype=np.intp)
    counts[0] = hi[0] + 1
    np.subtract(hi[1:], hi[:-1], out=counts[1:-1])
    counts[-1] = 2**bits - 1 - hi[-1]
    table = np.repeat(np.append(owners, owners[:1]).astype(np.int32), counts)
    table[hi] = -1
    return table


def rendezvous(keys: ArrayLike, nodes: Sequence[str]) -> NDArray[np.int64]:
    """Highest-random-weight (rendezvous) hashing: each key goes to the node with the largest ``hash(key, node)``.

    Removing a node moves only its own keys; adding one moves only the keys
    the new node now wins, about ``1/(n+1)`` of them. A lookup costs one hash
    per node.

    Parameters
    ----------
    keys : array_like of uint64
        Keys.
    nodes : sequence of str
        Node names, unique, at least one.

    Returns
    -------
    numpy.ndarray
        int64 index into ``nodes`` per key.

    Examples
    --------
    >>> keys = np.arange(6, dtype=np.uint64)
    >>> rendezvous(keys, ["a", "b", "c"])
    array([0, 1, 0, 2, 2, 1])
    >>> rendezvous(keys, ["a", "b", "c", "d"])  # each key stays or moves to "d" (index 3)
    array([3, 1, 0, 2, 2, 3])
    """
    names = tuple(nodes)
    if not names or len(set(names)) != len(names) or not all(isinstance(x, str) for x in names):
        raise ValueError(f"nodes = {nodes!r} must be a non-empty sequence of unique strings")
    hk = hash64(keys)
    best = np.zeros(hk.size, dtype=np.uint64)
    owner = np.zeros(hk.size, dtype=np.int64)
    _rendezvous_scan(hk.reshape(-1), _label_hashes(names), 0, best, owner)
    return owner.reshape(hk.shape)


#: Keys per pass of :func:`_rendezvous_scan`: each pass's arrays stay in cache.
_RENDEZVOUS_CHUNK: Final[int] = 1 << 13


def _rendezvous_scan(
    hk: NDArray[np.uint64], labels: NDArray[np.uint64], first: int, best: NDArray[np.uint64], owner: NDArray[np.int64]
) -> None:
    """Rendezvous over nodes ``first, first + 1, ...`` (label hashes ``labels``), in place on ``best`` and ``owner``.

    ``hk`` is 1-D, the keys' :func:`hash64`; ``best`` and ``owner`` hold each key's largest weight and its node over
    the nodes before ``first`` (anything when ``first == 0``: node 0 always wins over no node). A node takes a key
    only with a strictly larger weight, so ties go to the earlier node; scanning nodes ``0 .. m-1`` in one call or
    in two (``first = n``) gives the same result.
    """
    with np.errstate(over="ignore"):
        for lo in range(0, hk.size, _RENDEZVOUS_CHUNK):
            h, b, o = (x[lo : lo + _RENDEZVOUS_CHUNK] for x in (hk, best, owner))
            w, tmp, better = np.empty_like(h), np.empty_like(h), np.empty(h.size, dtype=bool)
            for i, label in enumerate(labels, start=first):
                np.bitwise_xor(h, label, out=w)
                _mix64(w, tmp)
                if i == 0:
                    b[...] = w
                    o[...] = 0
                    continue
                np.greater(w, b, out=better)
                np.maximum(b, w, out=b)
                o[better] = i


@dataclass(frozen=True)
class HashRangeSharding:
    """Contiguous ranges of the hash space, one per shard; a shard grows by splitting its range in two.

    What DynamoDB (each partition holds a contiguous part of the hashed key
    range), MongoDB's hashed sharding (chunks are ranges of hashed values) and
    Vitess (shards named by ranges of keyspace IDs, such as ``-80`` and
    ``80-``) do. A key belongs to the range its hash falls in. Splitting
    range ``i`` at a point gives the part above the point to a new shard:
    only the keys in that part move, and no other shard is touched, unlike
    ``hash % n`` where changing ``n`` moves keys between every pair of shards.

    Parameters
    ----------
    upper : array_like of uint64, optional
        The exclusive upper ends of every range but the last (the last ends at
        ``2**64``), strictly increasing, the first above 0; empty (the default) is one range, one shard. A list
        of ints is taken exactly (numpy alone reads ints on both sides of 2**63 as floats). Use :meth:`even` for
        equal ranges.
    shard_order : tuple of int, optional
        The shard holding each range, in hash order (a permutation of
        ``0 .. n-1``; a split appends its new shard next to the old one).
        Default (or empty): range ``i`` is shard ``i``.

    Examples
    --------
    >>> r = HashRangeSharding.even(2)  # Vitess's "-80" and "80-"
    >>> r.shares()
    array([0.5, 0.5])
    >>> s = r.split(0)  # "-80" becomes "-40" and "40-80"; the upper half goes to a new shard 2
    >>> s.shares()
    array([0.25, 0.5 , 0.25])
    >>> r.moved_share(s)  # only the keys of the split half move
    0.25
    """

    upper: NDArray[np.uint64] = field(default_factory=lambda: np.zeros(0, np.uint64))
    shard_order: tuple[int, ...] = ()
    name: str = field(default="hash range", init=False)

    def __post_init__(self) -> None:
        raw = self.upper
        if isinstance(raw, (list, tuple)) and all(type(x) is int and 0 <= x < 2**64 for x in raw):
            raw = np.array(raw, dtype=np.uint64)  # numpy reads ints on both sides of 2**63 together as floats
        raw = np.atleast_1d(np.asarray(raw)) if np.size(raw) else np.zeros(0, np.uint64)
        u = _as_u64(raw, "upper")
        if u.ndim != 1 or (u.size > 1 and np.any(u[1:] <= u[:-1])) or (u.size and u[0] == 0):
            raise ValueError(f"upper = {_short(self.upper)} must be a 1-D, strictly increasing array of positive hashes")
        object.__setattr__(self, "upper", u)
        try:
            order = tuple(_index(x) for x in self.shard_order) or tuple(range(u.size + 1))
        except (TypeError, ValueError):
            raise ValueError(f"shard_order = {self.shard_order!r} must be a permutation of 0..{u.size}") from None
        if sorted(order) != list(range(u.size + 1)):
            raise ValueError(f"shard_order = {self.shard_order!r} must be a permutation of 0..{u.size}")
        object.__setattr__(self, "shard_order", order)

    @classmethod
    def even(cls, n_shards: int) -> HashRangeSharding:
        """``n_shards`` equal ranges of the hash space (shards ``0 .. n-1`` in hash order)."""
        n = check_count("n_shards", n_shards, low=1, high=2**20)
        return cls(np.array([(i * 2**64) // n for i in range(1, n)], dtype=np.uint64))

    def __repr__(self) -> str:
        s = self.shares()
        return f"HashRangeSharding({self.n_shards} ranges, shares {s.min():.3f} to {s.max():.3f})"

    @property
    def n_shards(self) -> int:
        """Shards, one per range."""
        return int(self.upper.size) + 1

    def _bounds(self) -> tuple[list[int], list[int]]:
        """Lower and upper end of each range, by shard, as Python ints (exact)."""
        cuts = [0, *(int(x) for x in self.upper), 2**64]
        order = self._order()
        lo, hi = [0] * self.n_shards, [0] * self.n_shards
        for pos, shard in enumerate(order):
            lo[shard], hi[shard] = cuts[pos], cuts[pos + 1]
        return lo, hi

    def _order(self) -> list[int]:
        """Shard index of each range, in hash order."""
        return list(self.shard_order)

    def shares(self) -> NDArray[np.float64]:
        """Exact share of the hash space each shard holds."""
        lo, hi = self._bounds()
        return np.array([(h - low) / 2**64 for low, h in zip(lo, hi, strict=True)])

    def shard_of(self, keys: ArrayLike) -> NDArray[np.int64]:
        """Shard index of each key: the range its hash falls in.

        Examples
        --------
        >>> HashRangeSharding(np.array([2**63], dtype=np.uint64)).shard_of(np.array([0, 2**63], dtype=np.uint64))
        array([1, 0])
        """
        pos = np.searchsorted(self.upper, hash64(keys), side="right")
        return np.asarray(self._order(), dtype=np.int64)[pos]

    def split(self, shard: int, at: int | None = None) -> HashRangeSharding:
        """Split ``shard``'s range at hash ``at`` (its midpoint if omitted); the upper part becomes a new shard.

        Parameters
        ----------
        shard : int
            The shard to split, in ``[0, n_shards - 1]``.
        at : int, optional
            The hash where the new shard starts, strictly inside the shard's range (an int, taken exactly).

        Examples
        --------
        >>> HashRangeSharding(np.array([2**63], dtype=np.uint64)).split(0)
        HashRangeSharding(3 ranges, shares 0.250 to 0.500)
        """
        i = check_count("shard", shard, low=0, high=self.n_shards - 1)
        lo, hi = self._bounds()
        cut = (lo[i] + hi[i]) // 2 if at is None else check_count("at", at, low=lo[i] + 1, high=hi[i] - 1)
        order = self._order()
        pos = order.index(i)
        upper = sorted([*(int(x) for x in self.upper), cut])
        return HashRangeSharding(np.array(upper, dtype=np.uint64), (*order[: pos + 1], self.n_shards, *order[pos + 1 :]))

    def moved_share(self, other: HashRangeSharding) -> float:
        """Exact share of the hash space whose shard differs between this layout and ``other``."""
        cuts = sorted({0, 2**64, *(int(x) for x in self.upper), *(int(x) for x in other.upper)})
        moved = 0
        for a, b in itertools.pairwise(cuts):
            probe = np.array([a], dtype=np.uint64)
            mine = np.asarray(self._order())[np.searchsorted(self.upper, probe, side="right")][0]
            theirs = np.asarray(other._order())[np.searchsorted(other.upper, probe, side="right")][0]
            moved += (b - a) if mine != theirs else 0
        return moved / 2**64
