"""Sharding strategies and their hot spots: where each kind of key stream writes under each strategy.

Key streams (:func:`key_stream`: sequential IDs, timestamps, UUIDv4, UUIDv7, Snowflake IDs, tenant and time) and
the five strategies of source document 003 (シャーディング): :class:`HashSharding` (modulo placement of
:func:`hotpart.models.hashing.hash64`), :class:`RangeSharding`, :class:`GeoSharding`, :class:`DirectorySharding`
and :class:`CompositeSharding`; :func:`shard_report` measures the write load per shard and the shards a point or
range query touches. Chapter 18 (``notebooks/18_strategies.ipynb``) teaches them; chapters 21 and 22
(``notebooks/21_cross_shard.ipynb``, ``22_pitfalls.ipynb``) reuse the key streams and the shards a query touches.

Keys are unsigned 64-bit integers (``numpy.uint64``): a sequential ID, a millisecond timestamp, the top 64 bits of
a UUID, or a tenant ID in the high bits with a time counter in the low ones. Scatter-gather latency is not
modelled here: it is the fan-out model of :mod:`hotpart.models.fanout` (chapter 6), which chapter 21 calls.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import MAX_COUNT as _MAX_COUNT
from ._validation import MAX_ELEMENTS as _MAX_ELEMENTS
from ._validation import check_array, check_choice, check_count, check_number, check_seed
from .constants import SNOWFLAKE_EPOCH_MS
from .hashing import _TWO64, _U64, _as_u64, hash64

__all__ = [
    "KEY_STREAMS",
    "CompositeSharding",
    "DirectorySharding",
    "GeoSharding",
    "HashSharding",
    "RangeSharding",
    "ShardReport",
    "expected_shards_touched",
    "key_stream",
    "range_boundaries",
    "shard_report",
    "write_share_over_time",
]

#: A fixed "now" for generated timestamps, ms since the Unix epoch (2026-08-01 00:00 UTC).
_NOW_MS: Final[int] = 1_785_542_400_000
#: The key streams :func:`key_stream` generates.
KEY_STREAMS: Final[tuple[str, ...]] = ("sequential", "timestamp", "uuid4", "tenant_time", "uuid7", "snowflake")
_TENANT_SHIFT = 40  # tenant ID in bits 40..63, time counter in bits 0..39


def key_stream(kind: str, n_keys: int, *, seed: int = 0, n_tenants: int = 1_000, start: int = 0) -> NDArray[np.uint64]:
    """Keys in the order they are written, for one kind of key.

    Parameters
    ----------
    kind : {"sequential", "timestamp", "uuid4", "tenant_time", "uuid7", "snowflake"}
        ``sequential``: auto-increment IDs ``start, start+1, ...``.
        ``timestamp``: creation time in ms, non-decreasing, about one key per ms.
        ``uuid4``: the top 64 bits of a random UUID (uniform).
        ``tenant_time``: a tenant ID (uniform over ``n_tenants``) in bits 40 to 63, a time counter below.
        ``uuid7``: the top 64 bits of a UUIDv7 (RFC 9562): 48 bits of ms time, the version ``0b0111``, 12 random bits.
        ``snowflake``: 41 bits of ms since :data:`SNOWFLAKE_EPOCH_MS`, 10 worker bits, 12 sequence bits.
    n_keys : int
        Keys to generate, in ``[1, MAX_ELEMENTS]`` (:data:`hotpart.models._validation.MAX_ELEMENTS`).
    seed : int
        Seed of the random parts, a whole number ``>= 0`` (:func:`hotpart.models._validation.check_seed`: ``None``
        is refused, so a stream always repeats).
    n_tenants : int
        Tenants for ``tenant_time``, ``>= 1``.
    start : int
        Offset of the counter: where this stream picks up (IDs or ms), ``>= 0``.

    Returns
    -------
    numpy.ndarray
        uint64 keys, in write order.

    Examples
    --------
    >>> key_stream("sequential", 4, start=10)
    array([10, 11, 12, 13], dtype=uint64)
    >>> bool(np.all(np.diff(key_stream("snowflake", 100).astype(float)) >= 0))
    True
    """
    kind = check_choice("kind", kind, KEY_STREAMS)
    n = check_count("n_keys", n_keys, low=1, high=_MAX_ELEMENTS)
    t = check_count("n_tenants", n_tenants, low=1, high=2**24)
    s0 = check_count("start", start, low=0, high=2**39)
    rng = np.random.default_rng(check_seed("seed", seed))
    counter = s0 + np.arange(n, dtype=np.uint64)
    if kind == "sequential":
        return counter.astype(np.uint64)
    ms = _U64(_NOW_MS) + counter  # one key per ms on average
    if kind == "timestamp":
        return ms
    if kind == "uuid4":
        return rng.integers(0, 2**64, size=n, dtype=np.uint64, endpoint=False)
    if kind == "tenant_time":
        tenant = rng.integers(0, t, size=n, dtype=np.uint64)
        return (tenant << _U64(_TENANT_SHIFT)) | counter
    if kind == "uuid7":
        return (ms << _U64(16)) | _U64(0x7000) | rng.integers(0, 2**12, size=n, dtype=np.uint64)
    # snowflake
    worker = rng.integers(0, 2**10, size=n, dtype=np.uint64)
    seq = np.arange(n, dtype=np.uint64) % _U64(2**12)
    return ((ms - _U64(SNOWFLAKE_EPOCH_MS)) << _U64(22)) | (worker << _U64(12)) | seq


@dataclass(frozen=True)
class HashSharding:
    """Hash sharding: ``shard = hash64(key) mod n_shards``.

    Parameters
    ----------
    n_shards : int
        Shards, ``>= 1``.

    Examples
    --------
    >>> HashSharding(4).shard_of(np.arange(6, dtype=np.uint64))
    array([3, 1, 2, 1, 2, 2])
    """

    n_shards: int
    name: str = field(default="hash", init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "n_shards", check_count("n_shards", self.n_shards, low=1))

    def __repr__(self) -> str:
        return f"HashSharding({self.n_shards} shards)"

    def shard_of(self, keys: ArrayLike) -> NDArray[np.int64]:
        """Shard index of each key."""
        return (hash64(keys) % _U64(self.n_shards)).astype(np.int64)


@dataclass(frozen=True)
class RangeSharding:
    """Range sharding: shard ``i`` holds keys in ``[boundaries[i-1], boundaries[i])``.

    The first shard is open below and the last open above, so a key past the
    last boundary (a new sequential ID) always lands on the last shard.

    Parameters
    ----------
    boundaries : array_like of uint64
        The ``n_shards - 1`` split points, strictly increasing; empty is one shard holding every key.

    Examples
    --------
    >>> r = RangeSharding([1000, 2000])
    >>> r
    RangeSharding(3 shards, boundaries [1000, 2000])
    >>> r.shard_of(np.array([5, 1500, 2000, 10**9], dtype=np.uint64))
    array([0, 1, 2, 2])
    """

    boundaries: NDArray[np.uint64]
    name: str = field(default="range", init=False)

    def __post_init__(self) -> None:
        raw = np.atleast_1d(np.asarray(self.boundaries)) if np.size(self.boundaries) else np.zeros(0, np.uint64)
        b = _as_u64(raw, "boundaries")
        if b.ndim != 1 or (b.size > 1 and np.any(b[1:] <= b[:-1])):
            raise ValueError(f"boundaries = {self.boundaries!r} must be a 1-D, strictly increasing array")
        object.__setattr__(self, "boundaries", b)

    def __repr__(self) -> str:
        shown = ", ".join(str(int(x)) for x in self.boundaries[:4]) + (", ..." if self.boundaries.size > 4 else "")
        return f"RangeSharding({self.n_shards} shards, boundaries [{shown}])"

    @property
    def n_shards(self) -> int:
        """Shards, one more than the boundaries."""
        return int(self.boundaries.size) + 1

    def shard_of(self, keys: ArrayLike) -> NDArray[np.int64]:
        """Shard index of each key."""
        return np.searchsorted(self.boundaries, _as_u64(keys), side="right").astype(np.int64)


@dataclass(frozen=True)
class GeoSharding:
    """Geo sharding: one shard per region, each user's rows in their home region.

    Writes follow the users: region ``i`` receives ``region_shares[i]`` of
    them, whatever the key. A user's own query stays in their region
    (``local_ms``); a query across regions asks every region and waits for the
    farthest (``max(remote_ms)``).

    Parameters
    ----------
    region_shares : array_like
        Share of users (and writes) per region, ``>= 0``, summing to 1.
    local_ms : float
        Round trip to the home region's shard, ms, ``>= 0``.
    remote_ms : array_like
        Round trip from a querying client to each region's shard, ms, ``>= 0``.
    seed : int
        Seed of the users' home regions.
        A whole number ``>= 0``; ``None`` is refused (:func:`hotpart.models._validation.check_seed`).

    Examples
    --------
    >>> g = GeoSharding([0.5, 0.3, 0.2], local_ms=5, remote_ms=[5, 80, 150])
    >>> g
    GeoSharding(3 regions, shares [0.5, 0.3, 0.2], local 5 ms, cross-region 150 ms)
    >>> g.cross_region_ms
    150.0
    """

    region_shares: NDArray[np.float64]
    local_ms: float
    remote_ms: NDArray[np.float64]
    seed: int = 0
    name: str = field(default="geo", init=False)

    def __post_init__(self) -> None:
        s = check_array("region_shares", self.region_shares, low=0, high=1)
        if s.ndim != 1 or s.size == 0 or not math.isclose(float(s.sum()), 1.0, abs_tol=1e-9):
            raise ValueError(f"region_shares = {self.region_shares!r} must be a non-empty 1-D array summing to 1")
        r = check_array("remote_ms", self.remote_ms, low=0, high=math.inf, high_open=True)
        if r.shape != s.shape:
            raise ValueError(f"remote_ms must have one entry per region ({s.size}); got shape {r.shape}")
        object.__setattr__(self, "region_shares", s)
        object.__setattr__(self, "remote_ms", r)
        object.__setattr__(self, "local_ms", check_number("local_ms", self.local_ms, low=0, high=math.inf, high_open=True))
        object.__setattr__(self, "seed", check_seed("seed", self.seed))

    def __repr__(self) -> str:
        shares = ", ".join(f"{x:g}" for x in self.region_shares)
        return (
            f"GeoSharding({self.n_shards} regions, shares [{shares}], local {self.local_ms:g} ms, "
            f"cross-region {self.cross_region_ms:g} ms)"
        )

    @property
    def n_shards(self) -> int:
        """Shards, one per region."""
        return int(self.region_shares.size)

    @property
    def cross_region_ms(self) -> float:
        """Latency of a query that asks every region: the farthest one's round trip, ms."""
        return float(self.remote_ms.max())

    def shard_of(self, keys: ArrayLike) -> NDArray[np.int64]:
        """Home region of each key's user: drawn once per key from ``region_shares`` (seeded by key).

        Examples
        --------
        >>> GeoSharding([0.5, 0.3, 0.2], local_ms=5, remote_ms=[5, 80, 150]).shard_of(np.arange(6, dtype=np.uint64))
        array([2, 1, 1, 0, 0, 0])
        """
        u = hash64(_as_u64(keys) ^ _U64(self.seed)).astype(np.float64) / _TWO64
        idx = np.searchsorted(np.cumsum(self.region_shares), u, side="right")
        return np.minimum(idx, self.n_shards - 1).astype(np.int64)


@dataclass(frozen=True)
class DirectorySharding:
    """Directory sharding: a lookup table says where each block of keys lives.

    The directory assigns each block of ``block_keys`` consecutive keys to the
    shard with the fewest blocks (round robin), so stored rows stay balanced
    even for sequential keys and a short key range stays on few shards; but
    with sequential keys the newest block, and so every write at any one
    moment, is on one shard until the next block begins. A point
    query first finds its shard: in the client's cache with probability
    ``cache_hit_rate``, otherwise in the directory, which answers with
    probability ``lookup_availability``: the directory is a single point of
    failure.

    Parameters
    ----------
    n_shards : int
        Shards, ``>= 1``.
    lookup_availability : float
        Probability the directory answers, in ``[0, 1]``.
    cache_hit_rate : float
        Share of point queries whose placement is cached, in ``[0, 1]``.
    block_keys : int
        Keys per directory entry, ``>= 1``.
    lookup_ms : float
        Round trip of a directory lookup, ms, ``>= 0``.

    Examples
    --------
    >>> d = DirectorySharding(4, lookup_availability=0.999, cache_hit_rate=0.9)
    >>> round(d.point_availability, 6)
    0.9999
    >>> d.shard_of(np.array([0, 1023, 1024, 4096], dtype=np.uint64))
    array([0, 0, 1, 0])
    """

    n_shards: int
    lookup_availability: float = 0.999
    cache_hit_rate: float = 0.9
    block_keys: int = 1024
    lookup_ms: float = 1.0
    name: str = field(default="directory", init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "n_shards", check_count("n_shards", self.n_shards, low=1))
        object.__setattr__(
            self, "lookup_availability", check_number("lookup_availability", self.lookup_availability, low=0, high=1)
        )
        object.__setattr__(self, "cache_hit_rate", check_number("cache_hit_rate", self.cache_hit_rate, low=0, high=1))
        object.__setattr__(self, "block_keys", check_count("block_keys", self.block_keys, low=1))
        object.__setattr__(self, "lookup_ms", check_number("lookup_ms", self.lookup_ms, low=0, high=math.inf, high_open=True))

    def __repr__(self) -> str:
        return (
            f"DirectorySharding({self.n_shards} shards, lookup availability {self.lookup_availability:g}, "
            f"cache hit {self.cache_hit_rate:g}, point availability {self.point_availability:.6g})"
        )

    @property
    def point_availability(self) -> float:
        """Probability a point query can be routed: cached, or the directory answers."""
        return self.cache_hit_rate + (1.0 - self.cache_hit_rate) * self.lookup_availability

    @property
    def lookup_ms_mean(self) -> float:
        """Mean routing delay a point query adds, ms: a lookup on every cache miss."""
        return (1.0 - self.cache_hit_rate) * self.lookup_ms

    def shard_of(self, keys: ArrayLike) -> NDArray[np.int64]:
        """Shard index of each key: its block, round robin over shards."""
        return ((_as_u64(keys) // _U64(self.block_keys)) % _U64(self.n_shards)).astype(np.int64)


@dataclass(frozen=True)
class CompositeSharding:
    """Composite: hash the high-cardinality prefix (bits 40 to 63, e.g. a tenant ID), keep time order inside it.

    All of one tenant's keys share a shard, in key order, so a tenant's time
    range is one shard; tenants spread by hash. A key with no prefix (a bare
    sequential ID) has prefix 0 and every such key lands on one shard.

    Parameters
    ----------
    n_shards : int
        Shards, ``>= 1``.
    prefix_shift : int
        Bits below the prefix, in ``[0, 63]``.

    Examples
    --------
    >>> c = CompositeSharding(8)
    >>> keys = key_stream("tenant_time", 5, n_tenants=1)
    >>> c.shard_of(keys)
    array([7, 7, 7, 7, 7])
    """

    n_shards: int
    prefix_shift: int = _TENANT_SHIFT
    name: str = field(default="composite", init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "n_shards", check_count("n_shards", self.n_shards, low=1))
        object.__setattr__(self, "prefix_shift", check_count("prefix_shift", self.prefix_shift, low=0, high=63))

    def __repr__(self) -> str:
        return f"CompositeSharding({self.n_shards} shards, hash of bits {self.prefix_shift}..63, order inside)"

    def shard_of(self, keys: ArrayLike) -> NDArray[np.int64]:
        """Shard index of each key: the hash of its prefix."""
        prefix = _as_u64(keys) >> _U64(self.prefix_shift)
        return (hash64(prefix) % _U64(self.n_shards)).astype(np.int64)


Strategy = HashSharding | RangeSharding | GeoSharding | DirectorySharding | CompositeSharding


def range_boundaries(keys: ArrayLike, n_shards: int) -> NDArray[np.uint64]:
    """Split points that balance the given (existing) keys over ``n_shards`` ranges.

    What an operator sets up from the data at hand: the ``i/n`` quantiles of
    the keys. Keys written later are not taken into account.

    Parameters
    ----------
    keys : array_like of uint64
        The keys present when the ranges are chosen.
    n_shards : int
        Shards, in ``[1, MAX_ELEMENTS]`` (:data:`hotpart.models._validation.MAX_ELEMENTS`).

    Returns
    -------
    numpy.ndarray
        ``n_shards - 1`` strictly increasing uint64 boundaries (fewer if keys repeat).

    Examples
    --------
    >>> range_boundaries(np.arange(1000, dtype=np.uint64), 4)
    array([250, 500, 750], dtype=uint64)
    """
    n = check_count("n_shards", n_shards, low=1, high=_MAX_ELEMENTS)
    k = np.sort(_as_u64(keys))
    if k.size == 0:
        raise ValueError("keys is empty: need at least one key to place range boundaries")
    idx = (np.arange(1, n) * k.size) // n
    return np.unique(k[idx])


@dataclass(frozen=True)
class ShardReport:
    """What one strategy does with one key stream.

    Parameters
    ----------
    strategy : str
        The strategy's name.
    write_share : numpy.ndarray
        Share of the newest writes (the report's window) on each shard; sums to 1.
    point_shards : float
        Shards a point query on the shard key touches.
    range_shards : float
        Shards a time-range query over the window touches (everyone's, or
        one tenant's: see :func:`shard_report`).
    point_availability : float
        Probability a point query can be routed (below 1 only with a directory).
    point_extra_ms : float
        Routing delay a point query adds on average, ms.
    """

    strategy: str
    write_share: NDArray[np.float64]
    point_shards: float
    range_shards: float
    point_availability: float = 1.0
    point_extra_ms: float = 0.0

    def __post_init__(self) -> None:
        share = check_array("write_share", self.write_share, low=0, high=1)
        if share.ndim != 1 or share.size == 0:
            raise ValueError(f"write_share = {self.write_share!r} must be a non-empty 1-D array of shares in [0, 1]")
        object.__setattr__(self, "write_share", share)
        for name in ("point_shards", "range_shards"):
            object.__setattr__(self, name, check_number(name, getattr(self, name), low=0, high=_MAX_COUNT))
        avail = check_number("point_availability", self.point_availability, low=0, high=1)
        object.__setattr__(self, "point_availability", avail)
        extra = check_number("point_extra_ms", self.point_extra_ms, low=0, high=math.inf, high_open=True)
        object.__setattr__(self, "point_extra_ms", extra)

    def __repr__(self) -> str:
        return (
            f"ShardReport({self.strategy}: {self.n_shards} shards, hottest takes {self.max_share:.1%} of new writes, "
            f"point query {self.point_shards:g} shard, range query {self.range_shards:g} shards)"
        )

    @property
    def n_shards(self) -> int:
        """Shards."""
        return int(self.write_share.size)

    @property
    def max_share(self) -> float:
        """The hottest shard's share of new writes."""
        return float(self.write_share.max())

    @property
    def imbalance(self) -> float:
        """Hottest shard's load over the mean: 1 is perfectly even, ``n_shards`` is one shard taking all."""
        return self.max_share * self.n_shards


def shard_report(strategy: Strategy, keys: ArrayLike, *, window: int | None = None, per_tenant: bool = False) -> ShardReport:
    """Per-shard write load and shards touched by point and range queries.

    Parameters
    ----------
    strategy : HashSharding, RangeSharding, GeoSharding, DirectorySharding or CompositeSharding
        How keys are placed.
    keys : array_like of uint64
        Keys in write order (see :func:`key_stream`).
    window : int, optional
        The newest ``window`` keys are the "new writes" and the range a
        time-range query asks for; default the last tenth of ``keys``.
    per_tenant : bool
        Whether the range query is one tenant's (the newest key's prefix,
        bits 40 to 63) rather than everyone's: the query of a
        ``tenant_time`` application.

    Returns
    -------
    ShardReport

    Examples
    --------
    >>> old = key_stream("sequential", 10_000)
    >>> new = key_stream("sequential", 1_000, start=10_000)
    >>> r = shard_report(RangeSharding(range_boundaries(old, 4)), np.concatenate([old, new]), window=1_000)
    >>> r.write_share
    array([0., 0., 0., 1.])
    >>> shard_report(HashSharding(4), np.concatenate([old, new]), window=1_000).range_shards
    4.0
    """
    k = _as_u64(keys)
    if k.ndim != 1 or k.size == 0:
        raise ValueError(f"keys must be a non-empty 1-D array; got shape {k.shape}")
    w = max(1, k.size // 10) if window is None else check_count("window", window, low=1, high=k.size)
    recent = k[-w:]
    shards = strategy.shard_of(recent)
    share = np.bincount(shards, minlength=strategy.n_shards) / w
    # a time-range query: the window's keys; with a tenant prefix, one tenant's keys in it
    query = recent[(recent >> _U64(_TENANT_SHIFT)) == (recent[-1] >> _U64(_TENANT_SHIFT))] if per_tenant else recent
    range_shards = float(np.unique(strategy.shard_of(query)).size)
    if isinstance(strategy, GeoSharding):
        # every region writes all the time, so a time range asks every region that has users
        range_shards = float(np.count_nonzero(strategy.region_shares))
    availability = strategy.point_availability if isinstance(strategy, DirectorySharding) else 1.0
    extra = strategy.lookup_ms_mean if isinstance(strategy, DirectorySharding) else 0.0
    return ShardReport(strategy.name, share, 1.0, range_shards, availability, extra)


def expected_shards_touched(n_shards: int, n_keys: ArrayLike) -> float | NDArray[np.float64]:
    """Expected distinct shards a query for ``n_keys`` hashed keys touches: ``n (1 - (1 - 1/n)^W)``.

    Under hash sharding each key of a range lands on a shard at random, so a
    range of ``W`` keys misses a given shard with probability
    ``(1 - 1/n)^W``. Under range sharding the same range touches one shard
    (two if it straddles a boundary).

    Parameters
    ----------
    n_shards : int
        Shards ``n``, ``>= 1``.
    n_keys : int or array_like
        Keys the query reads ``W``, ``>= 0``.
        At least one value (an empty array is refused).

    Returns
    -------
    float or numpy.ndarray
        Expected shards touched, in ``[0, n]``.

    Examples
    --------
    >>> round(expected_shards_touched(16, 20), 2)
    11.6
    >>> expected_shards_touched(8, [0, 1])
    array([0., 1.])
    """
    n = check_count("n_shards", n_shards, low=1)
    w = check_array("n_keys", n_keys, low=0, high=_MAX_COUNT, empty=False)
    out = -n * np.expm1(w * math.log1p(-1.0 / n)) if n > 1 else np.minimum(w, 1.0)
    out = np.asarray(out, dtype=float)
    return float(out) if out.ndim == 0 else out


def write_share_over_time(strategy: Strategy, keys: ArrayLike, n_windows: int) -> NDArray[np.float64]:
    """Each shard's share of the writes in consecutive windows of the stream.

    Parameters
    ----------
    strategy : a sharding strategy
        How keys are placed.
    keys : array_like of uint64
        Keys in write order.
    n_windows : int
        Equal windows to cut the stream into, in ``[1, len(keys)]``.

    Returns
    -------
    numpy.ndarray
        Shape ``(n_windows, n_shards)``; each row sums to 1.

    Examples
    --------
    >>> keys = key_stream("sequential", 400)
    >>> write_share_over_time(RangeSharding([100, 200, 300]), keys, 4)
    array([[1., 0., 0., 0.],
           [0., 1., 0., 0.],
           [0., 0., 1., 0.],
           [0., 0., 0., 1.]])
    """
    k = _as_u64(keys)
    n = check_count("n_windows", n_windows, low=1, high=k.size)
    shards = strategy.shard_of(k)
    window = np.arange(k.size) * n // k.size
    counts = np.zeros((n, strategy.n_shards))
    np.add.at(counts, (window, shards), 1.0)
    return counts / counts.sum(axis=1, keepdims=True)
