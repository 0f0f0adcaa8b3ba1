"""Sharding beyond DynamoDB: strategies, resharding, logical shards, migration, cross-shard work, pitfalls.

Chapters 17 to 21 (``notebooks/17_strategies.ipynb``, ``18_resharding.ipynb``,
``19_migration.ipynb``, ``20_cross_shard.ipynb``, ``21_pitfalls.ipynb``) are
built on these models; source document 003 (シャーディング) is their subject.

Keys are unsigned 64-bit integers (``numpy.uint64``): a sequential ID, a
millisecond timestamp, the top 64 bits of a UUID, or a tenant ID in the high
bits with a time counter in the low ones. Hashing uses the SplitMix64
finaliser, so every placement is deterministic across processes and machines.
Scatter-gather latency is not modelled here: it is the fan-out model of
:mod:`hotpart.models.fanout` (chapter 6), which chapter 20 calls.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np
from numpy.typing import ArrayLike, NDArray
from scipy import stats

from ._validation import MAX_COUNT as _MAX_COUNT
from ._validation import MAX_ELEMENTS as _MAX_ELEMENTS
from ._validation import check_array, check_choice, check_count, check_number, check_seed
from .constants import SOURCES, TRANSACT_MAX_ACTIONS, TRANSACT_MAX_BYTES, Source
from .skew import harmonic

__all__ = [
    "KEY_STREAMS",
    "SNOWFLAKE_EPOCH_MS",
    "UUID4_RANDOM_BITS",
    "CompositeSharding",
    "DirectorySharding",
    "GeoSharding",
    "HashRangeSharding",
    "HashRing",
    "HashSharding",
    "MigrationPlan",
    "RangeSharding",
    "ShardReport",
    "TwoPhaseCommit",
    "backfill_lost_updates",
    "expected_shards_touched",
    "half_applied_probability",
    "hash64",
    "id_collision_probability",
    "jump_hash",
    "key_stream",
    "logical_balance",
    "logical_placement",
    "lookup_cost",
    "moved_fraction",
    "moved_fraction_modulo",
    "range_split_moved_fraction",
    "range_boundaries",
    "rendezvous",
    "ring_spread",
    "ring_spread_measured",
    "shard_report",
    "transact_write_calls",
    "two_phase_commit",
    "unsharded_load",
    "write_share_over_time",
]

#: Twitter Snowflake's custom epoch, ms since the Unix epoch (2010-11-04 01:42:54.657 UTC).
SNOWFLAKE_EPOCH_MS: Final[int] = 1_288_834_974_657
#: Random bits in a version-4 UUID (RFC 9562: 128 bits less 4 version and 2 variant bits).
UUID4_RANDOM_BITS: Final[int] = 122
#: A fixed "now" for generated timestamps, ms since the Unix epoch (2026-08-01 00:00 UTC).
_NOW_MS: Final[int] = 1_785_542_400_000

SOURCES["SNOWFLAKE_EPOCH_MS"] = Source(
    "Twitter, Snowflake ID generator (twitter-archive/snowflake, IdWorker.scala: twepoch)",
    "2026-11-30",
    "https://github.com/twitter-archive/snowflake/blob/129c82c3fa08bfe28c4d11f4ef9bf9905b8bc986/"
    "src/main/scala/com/twitter/service/snowflake/IdWorker.scala",
    "val twepoch = 1288834974657L",
)
SOURCES["UUID4_RANDOM_BITS"] = Source(
    "RFC 9562, Universally Unique IDentifiers, section 5.4 (UUID version 4): 48 + 12 + 62 random bits",
    "2026-11-30",
    "https://www.rfc-editor.org/rfc/rfc9562#section-5.4",
    "The first 48 bits of the layout that can be filled with random data as specified in Section 6.9. … "
    "12 more bits of the layout that can be filled random data as per Section 6.9. … "
    "The final 62 bits of the layout immediately following the var field to be filled with random data "
    "as per Section 6.9.",
)

#: The key streams :func:`key_stream` generates.
KEY_STREAMS: Final[tuple[str, ...]] = ("sequential", "timestamp", "uuid4", "tenant_time", "uuid7", "snowflake")

_U64 = np.uint64
_TWO64 = 2.0**64
_TENANT_SHIFT = 40  # tenant ID in bits 40..63, time counter in bits 0..39


# --- hashing --------------------------------------------------------------------------------------


def _as_u64(keys: ArrayLike, name: str = "keys") -> NDArray[np.uint64]:
    arr = np.asarray(keys)
    if arr.dtype == np.uint64:
        return arr
    if arr.dtype.kind not in "iu":
        raise ValueError(f"{name} = {keys!r} is not an integer array: must be unsigned 64-bit integers in [0, 2**64)")
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
    tmp = np.empty_like(z)
    with np.errstate(over="ignore"):
        z += _U64(0x9E3779B97F4A7C15)
        np.right_shift(z, _U64(30), out=tmp)
        z ^= tmp
        z *= _U64(0xBF58476D1CE4E5B9)
        np.right_shift(z, _U64(27), out=tmp)
        z ^= tmp
        z *= _U64(0x94D049BB133111EB)
        np.right_shift(z, _U64(31), out=tmp)
        z ^= tmp
    return z


def _label_hash(label: str) -> int:
    """A node or virtual-node name as a 64-bit integer (first 8 bytes of its MD5)."""
    return int.from_bytes(hashlib.md5(label.encode("utf-8"), usedforsecurity=False).digest()[:8], "big")


# --- key streams ----------------------------------------------------------------------------------


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


# --- strategies -----------------------------------------------------------------------------------


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


# --- resharding -----------------------------------------------------------------------------------


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


def _jump_chunk(k: NDArray[np.uint64], n: int, out: NDArray[np.int64]) -> None:
    """The jump-hash loop on one chunk, in place; keys that leave the loop are dropped from the arrays."""
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
        steps = np.arange(v, dtype=np.uint64)
        with np.errstate(over="ignore"):
            seeds = [_U64(_label_hash(name)) + steps * _U64(0x9E3779B97F4A7C15) for name in nodes]
        points = hash64(np.concatenate(seeds))
        owners = np.repeat(np.arange(len(nodes), dtype=np.int64), v)
        order = np.argsort(points, kind="stable")
        object.__setattr__(self, "nodes", nodes)
        object.__setattr__(self, "vnodes", v)
        object.__setattr__(self, "_points", points[order])
        object.__setattr__(self, "_owners", owners[order])
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
            table = self._owner_of_hash(np.arange(2**bits, dtype=np.uint64) << shift).astype(np.int32)
            table[np.unique(self._points >> shift).astype(np.int64)] = -1
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
        points = np.union1d(self._points, other._points)
        mine = np.array(self.nodes, dtype=object)[self._owner_of_hash(points)]
        theirs = np.array(other.nodes, dtype=object)[other._owner_of_hash(points)]
        if points.size == 1:
            return float(mine[0] != theirs[0])
        with np.errstate(over="ignore"):
            arcs = (points - np.roll(points, 1)).astype(np.float64)
        return float(arcs[mine != theirs].sum() / _TWO64)


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
    best = np.zeros(hk.shape, dtype=np.uint64)
    owner = np.zeros(hk.shape, dtype=np.int64)
    for i, name in enumerate(names):
        w = hash64(hk ^ _U64(_label_hash(name)))
        better = w > best if i else np.ones(hk.shape, dtype=bool)
        best = np.where(better, w, best)
        owner[better] = i
    return owner


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
        ``2**64``), strictly increasing; empty (the default) is one range, one shard. Use :meth:`even` for
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
        raw = np.atleast_1d(np.asarray(self.upper)) if np.size(self.upper) else np.zeros(0, np.uint64)
        u = _as_u64(raw, "upper")
        if u.ndim != 1 or (u.size > 1 and np.any(u[1:] <= u[:-1])) or (u.size and u[0] == 0):
            raise ValueError(f"upper = {self.upper!r} must be a 1-D, strictly increasing array of positive hashes")
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
    out = [HashRing([f"r{j}-n{i}" for i in range(n)], v).shares() * n for j in range(r)]
    return np.concatenate(out)


# --- logical shards -------------------------------------------------------------------------------


def logical_placement(n_logical: int, n_physical: int, previous: ArrayLike | None = None) -> NDArray[np.int64]:
    """Which physical shard holds each logical shard, moving as few logical shards as possible.

    Each physical shard ends up with ``floor(L/P)`` or ``ceil(L/P)`` logical
    shards. Given a previous placement, a physical shard keeps as many of its
    logical shards as its new quota allows, and only the excess moves, whole,
    to the shards below quota (the new ones first in line).

    Parameters
    ----------
    n_logical : int
        Logical shards ``L``, ``>= 1``.
    n_physical : int
        Physical shards ``P``, in ``[1, L]``.
    previous : array_like of int, optional
        The previous physical shard of each logical shard (values ``< P``).

    Returns
    -------
    numpy.ndarray
        int64 physical shard per logical shard.

    Examples
    --------
    >>> before = logical_placement(12, 3)
    >>> before
    array([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2])
    >>> after = logical_placement(12, 4, previous=before)
    >>> after
    array([0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 3, 3])
    >>> int((after != before).sum())  # 3 of 12 logical shards move, whole
    3
    """
    el = check_count("n_logical", n_logical, low=1, high=_MAX_ELEMENTS)
    p = check_count("n_physical", n_physical, low=1, high=el)
    if previous is None:
        return np.arange(el, dtype=np.int64) % p
    prev = check_array("previous", previous, low=0, high=p - 1)
    if prev.shape != (el,) or np.any(prev != np.round(prev)):
        raise ValueError(f"previous must hold one whole physical shard index per logical shard ({el}); got {prev!r}")
    prev = prev.astype(np.int64)
    q, r = divmod(el, p)
    counts = np.bincount(prev, minlength=p)
    # the r shards that hold most keep ceil quotas (fewest moves); ties to the lower index
    order = np.lexsort((np.arange(p), -counts))
    quota = np.full(p, q)
    quota[order[:r]] += 1
    out = prev.copy()
    movers = []
    kept = np.zeros(p, dtype=np.int64)
    for i, shard in enumerate(prev):
        if kept[shard] < quota[shard]:
            kept[shard] += 1
        else:
            movers.append(i)
    room = [s for s in range(p) for _ in range(quota[s] - kept[s])]
    for i, s in zip(movers, room, strict=True):
        out[i] = s
    return out


def logical_balance(n_logical: int, n_physical: int) -> float:
    """The busiest physical shard's load over the mean, with equal logical shards: ``ceil(L/P) / (L/P)``.

    Parameters
    ----------
    n_logical : int
        Logical shards ``L``, ``>= 1``.
    n_physical : int
        Physical shards ``P``, in ``[1, L]``.

    Returns
    -------
    float
        ``>= 1``; exactly 1 when ``P`` divides ``L``.

    Examples
    --------
    >>> logical_balance(12, 4), logical_balance(12, 5)
    (1.0, 1.25)
    """
    el = check_count("n_logical", n_logical, low=1)
    p = check_count("n_physical", n_physical, low=1, high=el)
    return math.ceil(el / p) * p / el


# --- migration ------------------------------------------------------------------------------------

_STEP_NAMES = ("dual write", "backfill", "verify", "switch reads", "delete old")


@dataclass(frozen=True)
class MigrationPlan:
    """The five steps of moving data to a new placement while the service runs.

    1. **dual write**: deploy code that writes every change under both the old
       and the new placement rule (``deploy_h``), and keep it on until the
       old rule retires;
    2. **backfill**: copy the existing data, ``data_gb / copy_gb_per_h``;
    3. **verify**: compare old and new, ``data_gb / verify_gb_per_h``;
    4. **switch reads**: move reads to the new placement, ramped over ``switch_h``;
    5. **delete old**: after ``bake_h`` with the old copy kept as a fallback,
       stop dual writing and delete the old copy, ``data_gb / delete_gb_per_h``.
       Stopping the dual write is the write cutover: from then on only the new
       placement is written, so the old copy is no fallback any more.

    The model times the steps only. Dual writes are not atomic (one of the two
    can fail, :func:`half_applied_probability` with two shards), and a backfill
    can overwrite rows updated during the copy unless its writes are
    conditional (:func:`backfill_lost_updates`); verification has to find both.

    The two placement rules coexist from the start of the dual write until it
    stops; every write during that window costs ``1 + dual_write_overhead``.

    Parameters
    ----------
    data_gb : float
        Data to move, GB, ``> 0``.
    copy_gb_per_h : float
        Backfill rate, GB/h, ``> 0``.
    verify_gb_per_h : float
        Verification rate, GB/h, ``> 0``.
    dual_write_overhead : float
        Extra write cost while dual writing, as a fraction of the normal write load, in ``[0, 2]``.
    deploy_h : float
        Time to deploy the dual-write code, h, ``>= 0``.
    switch_h : float
        Time to ramp reads over, h, ``>= 0``.
    bake_h : float
        Time the old copy stays as a fallback after the switch, h, ``>= 0``.
    delete_gb_per_h : float, optional
        Deletion rate, GB/h; the copy rate if omitted.

    Examples
    --------
    >>> plan = MigrationPlan(data_gb=2_000, copy_gb_per_h=50, verify_gb_per_h=100, dual_write_overhead=1.0)
    >>> plan
    MigrationPlan(2,000 GB: 8.2 days in all, two placement rules for 6.6 days)
    >>> [(s, round(a, 1), round(b, 1)) for s, a, b in plan.steps][1]
    ('backfill', 2.0, 42.0)
    """

    data_gb: float
    copy_gb_per_h: float
    verify_gb_per_h: float
    dual_write_overhead: float = 1.0
    deploy_h: float = 2.0
    switch_h: float = 24.0
    bake_h: float = 72.0
    delete_gb_per_h: float | None = None

    def __post_init__(self) -> None:
        pos = dict(low=0, high=math.inf, low_open=True, high_open=True)
        nonneg = dict(low=0, high=math.inf, high_open=True)
        object.__setattr__(self, "data_gb", check_number("data_gb", self.data_gb, **pos))
        object.__setattr__(self, "copy_gb_per_h", check_number("copy_gb_per_h", self.copy_gb_per_h, **pos))
        object.__setattr__(self, "verify_gb_per_h", check_number("verify_gb_per_h", self.verify_gb_per_h, **pos))
        object.__setattr__(
            self, "dual_write_overhead", check_number("dual_write_overhead", self.dual_write_overhead, low=0, high=2)
        )
        for name in ("deploy_h", "switch_h", "bake_h"):
            object.__setattr__(self, name, check_number(name, getattr(self, name), **nonneg))
        rate = self.copy_gb_per_h if self.delete_gb_per_h is None else self.delete_gb_per_h
        object.__setattr__(self, "delete_gb_per_h", check_number("delete_gb_per_h", rate, **pos))

    def __repr__(self) -> str:
        return (
            f"MigrationPlan({self.data_gb:,.0f} GB: {self.total_h / 24:.1f} days in all, "
            f"two placement rules for {self.coexistence_h / 24:.1f} days)"
        )

    @property
    def steps(self) -> tuple[tuple[str, float, float], ...]:
        """``(name, start_h, end_h)`` of each of the five steps, in order."""
        backfill_end = self.deploy_h + self.data_gb / self.copy_gb_per_h
        verify_end = backfill_end + self.data_gb / self.verify_gb_per_h
        switch_end = verify_end + self.switch_h
        stop_dual = switch_end + self.bake_h
        delete_end = stop_dual + self.data_gb / float(self.delete_gb_per_h)  # type: ignore[arg-type]
        return (
            (_STEP_NAMES[0], 0.0, stop_dual),
            (_STEP_NAMES[1], self.deploy_h, backfill_end),
            (_STEP_NAMES[2], backfill_end, verify_end),
            (_STEP_NAMES[3], verify_end, switch_end),
            (_STEP_NAMES[4], stop_dual, delete_end),
        )

    @property
    def total_h(self) -> float:
        """From the first deploy to the old copy deleted, h."""
        return self.steps[-1][2]

    @property
    def coexistence_h(self) -> float:
        """How long the application holds two placement rules: the dual-write span, h."""
        return self.steps[0][2]

    @property
    def extra_write_hours(self) -> float:
        """Dual-write cost in hours of the normal write load: ``overhead * coexistence_h``."""
        return self.dual_write_overhead * self.coexistence_h


def backfill_lost_updates(
    n_rows: int,
    writes_per_s: float,
    backfill_s: float,
    copy_lag_s: float,
    *,
    conditional: bool = False,
    seed: int = 0,
) -> dict[str, float]:
    """Rows whose newer value a backfill overwrites with an older copy, simulated and in closed form.

    The backfill reads each of ``n_rows`` rows from the old placement once, at
    a time spread evenly over ``backfill_s`` (in random row order), and writes
    that copy to the new placement ``copy_lag_s`` later. Meanwhile the
    application dual-writes: ``writes_per_s`` updates, each to a uniformly
    random row, Poisson in time, go to both placements. An update that lands
    between a row's backfill read and its backfill write is overwritten by the
    stale copy in the new placement: a lost update, which the old placement
    still has and verification must find. With ``conditional`` writes (the
    backfill writes only if the row is absent, or carries an older version
    number), the stale copy is refused and nothing is lost.

    A row receives updates at rate ``writes_per_s / n_rows``, so it is hit in
    its window with probability ``1 - exp(-writes_per_s * copy_lag_s / n_rows)``,
    and the expected number of rows lost is ``n_rows`` times that.

    Parameters
    ----------
    n_rows : int
        Rows to copy, in ``[1, MAX_ELEMENTS]`` (:data:`hotpart.models._validation.MAX_ELEMENTS`); the updates
        simulated, ``writes_per_s × (backfill_s + copy_lag_s)``, at most as many.
    writes_per_s : float
        Live updates per second during the backfill, ``>= 0``.
    backfill_s : float
        Duration of the backfill, s, ``> 0``.
    copy_lag_s : float
        Time from reading a row to writing its copy (batch size over copy rate, queueing), s, ``>= 0``.
    conditional : bool
        Whether backfill writes are conditional (versioned); then no update is lost.
    seed : int
        Seed of the simulation.
        A whole number ``>= 0``; ``None`` is refused (:func:`hotpart.models._validation.check_seed`).

    Returns
    -------
    dict
        ``simulated`` (rows lost in this run), ``expected`` (the closed form), ``updates`` (live updates in
        the run), ``share_lost`` (simulated over ``n_rows``).

    Examples
    --------
    >>> r = backfill_lost_updates(100_000, writes_per_s=500, backfill_s=3_600, copy_lag_s=2.0, seed=1)
    >>> round(r["expected"])
    995
    >>> abs(r["simulated"] - r["expected"]) < 4 * r["expected"] ** 0.5
    True
    >>> backfill_lost_updates(100_000, 500, 3_600, 2.0, conditional=True)["simulated"]
    0.0
    """
    n = check_count("n_rows", n_rows, low=1, high=_MAX_ELEMENTS)
    w = check_number("writes_per_s", writes_per_s, low=0, high=math.inf, high_open=True)
    d = check_number("backfill_s", backfill_s, low=0, high=math.inf, low_open=True, high_open=True)
    lag = check_number("copy_lag_s", copy_lag_s, low=0, high=math.inf, high_open=True)
    if w * (d + lag) > _MAX_ELEMENTS:
        raise ValueError(
            f"writes_per_s = {writes_per_s!r} over backfill_s + copy_lag_s = {d + lag:g} s is {w * (d + lag):g} "
            f"updates: must be at most {_MAX_ELEMENTS:,} (the updates are simulated one by one)"
        )
    rng = np.random.default_rng(check_seed("seed", seed))
    read_at = np.empty(n)
    read_at[rng.permutation(n)] = (np.arange(n) + 0.5) * d / n  # each row read once, in random order
    horizon = d + lag
    n_updates = int(rng.poisson(w * horizon))
    times = rng.random(n_updates) * horizon
    rows = rng.integers(0, n, size=n_updates)
    inside = (times > read_at[rows]) & (times < read_at[rows] + lag)
    lost = 0.0 if conditional else float(np.unique(rows[inside]).size)
    expected = 0.0 if conditional else float(-n * math.expm1(-w * lag / n))
    return {"simulated": lost, "expected": expected, "updates": float(n_updates), "share_lost": lost / n}


# --- cross-shard work -----------------------------------------------------------------------------


@dataclass(frozen=True)
class TwoPhaseCommit:
    """Two-phase commit over ``k`` participants and one coordinator (Gray 1978; Gray & Lamport 2006).

    Phase 1: the coordinator sends PREPARE, each participant forces a log
    record and votes; phase 2: the coordinator forces its decision and sends
    COMMIT, each participant forces it and acknowledges. So ``4k`` messages,
    two round trips, ``2k + 1`` forced log writes, and each phase waits for
    the slowest participant.

    Two different failures, with two different outcomes:

    * **abort**: the transaction commits only if the coordinator and every
      participant are up. A participant that is down cannot vote yes, so the
      coordinator times out and aborts; no one is left waiting. Commit
      availability is ``a_c * prod(a_i)``, the coordinator included.
    * **blocking**: a participant that has voted yes is *prepared*: it holds
      its locks and may neither commit nor abort on its own until it hears the
      decision; it stays so for ``max(rtt) + t_log``
      (:attr:`uncertainty_window_ms`). If the coordinator fails at any moment
      from sending PREPARE to sending the decision, ``max(rtt) + 2 t_log``
      (:attr:`blocking_window_ms`; a participant that receives PREPARE after
      the crash still votes yes and then waits), the prepared participants
      wait until it recovers. With coordinator failures at rate ``1 / MTBF``
      that happens to a transaction with probability
      ``1 - exp(-blocking_window / MTBF)`` (:meth:`blocking_probability`),
      whatever the participants' availability.

    Parameters
    ----------
    availabilities : array_like
        Probability each participant is up when the transaction runs, in ``[0, 1]``, one per participant.
    rtts_ms : array_like
        Round trip from the coordinator to each participant, ms, ``>= 0``.
    log_ms : float
        One forced log write, ms, ``>= 0``.
    coordinator_availability : float, optional
        Probability the coordinator is up when the transaction runs, in ``[0, 1]``; if omitted, the
        least available participant's (a coordinator on the same kind of machine as the shards).

    Examples
    --------
    >>> t = TwoPhaseCommit([0.999] * 3, [2.0, 5.0, 3.0])
    >>> t
    TwoPhaseCommit(3 participants and a coordinator: 12 messages, 2 round trips, commits 0.996006, latency 10 ms)
    >>> round(t.availability, 6) == round(0.999**4, 6)  # three participants and the coordinator
    True
    >>> TwoPhaseCommit([1.0, 0.0], [1.0, 1.0], coordinator_availability=1.0).abort_probability  # one down: abort
    1.0
    """

    availabilities: NDArray[np.float64]
    rtts_ms: NDArray[np.float64]
    log_ms: float = 0.0
    coordinator_availability: float | None = None

    def __post_init__(self) -> None:
        a = np.atleast_1d(check_array("availabilities", self.availabilities, low=0, high=1))
        r = np.atleast_1d(check_array("rtts_ms", self.rtts_ms, low=0, high=math.inf, high_open=True))
        if a.ndim != 1 or a.size == 0 or r.shape != a.shape:
            raise ValueError(f"availabilities and rtts_ms must be 1-D, non-empty and of one length; got {a.shape} and {r.shape}")
        object.__setattr__(self, "availabilities", a)
        object.__setattr__(self, "rtts_ms", r)
        object.__setattr__(self, "log_ms", check_number("log_ms", self.log_ms, low=0, high=math.inf, high_open=True))
        c = float(a.min()) if self.coordinator_availability is None else self.coordinator_availability
        object.__setattr__(self, "coordinator_availability", check_number("coordinator_availability", c, low=0, high=1))

    def __repr__(self) -> str:
        return (
            f"TwoPhaseCommit({self.k} participants and a coordinator: {self.messages} messages, "
            f"{self.round_trips} round trips, commits {self.availability:.6g}, latency {self.latency_ms:g} ms)"
        )

    @property
    def k(self) -> int:
        """Participants."""
        return int(self.availabilities.size)

    @property
    def messages(self) -> int:
        """Messages: PREPARE, vote, COMMIT and acknowledgement per participant."""
        return 4 * self.k

    @property
    def round_trips(self) -> int:
        """Sequential round trips: prepare, then commit."""
        return 2

    @property
    def forced_log_writes(self) -> int:
        """Forced log writes: prepare and commit at each participant, the decision at the coordinator."""
        return 2 * self.k + 1

    @property
    def availability(self) -> float:
        """Probability the transaction can commit: the coordinator and every participant up, ``a_c * prod(a_i)``."""
        return float(self.coordinator_availability) * float(np.prod(self.availabilities))

    @property
    def abort_probability(self) -> float:
        """Probability the transaction aborts (or cannot start) because the coordinator or a participant is down."""
        return 1.0 - self.availability

    @property
    def uncertainty_window_ms(self) -> float:
        """How long a participant stays prepared (voted yes, decision unknown), ms: ``max(rtt) + t_log``.

        Participant ``i`` forces its vote at ``rtt_i/2 + t_log``; the last vote
        reaches the coordinator at ``max(rtt) + t_log``, which forces the
        decision (``t_log``) and sends it, arriving ``rtt_i/2`` later. The
        difference is the same for every participant.
        """
        return float(self.rtts_ms.max()) + self.log_ms

    @property
    def blocking_window_ms(self) -> float:
        """How long a coordinator failure leaves participants blocked, ms: ``max(rtt) + 2 t_log``.

        From the moment PREPARE is sent (time 0) to the moment the decision is
        sent: the last vote arrives at ``max(rtt) + t_log`` and the coordinator
        then forces its decision (``t_log``). A crash anywhere in that span
        leaves every participant that votes yes prepared with no decision to
        come, including one whose PREPARE was still in flight. It is longer
        than :attr:`uncertainty_window_ms`, one participant's wait, by the
        participant's own forced log write.

        Examples
        --------
        >>> TwoPhaseCommit([0.999] * 2, [2.0, 5.0], log_ms=1.0).blocking_window_ms
        7.0
        """
        return float(self.rtts_ms.max()) + 2.0 * self.log_ms

    def blocking_probability(self, coordinator_mtbf_s: float) -> float:
        """Probability the coordinator fails between PREPARE and its decision, leaving participants blocked.

        Coordinator failures form a Poisson process with mean time between
        failures ``coordinator_mtbf_s``; the transaction blocks if one falls in
        the :attr:`blocking_window_ms`. The blocked participants hold their
        locks until the coordinator recovers. Participant failures never block:
        they make the transaction abort.

        Parameters
        ----------
        coordinator_mtbf_s : float
            Mean time between coordinator failures, s, ``> 0``.

        Returns
        -------
        float
            ``1 - exp(-blocking_window / MTBF)``, in ``[0, 1)``.

        Examples
        --------
        >>> t = TwoPhaseCommit([0.999] * 3, [2.0, 5.0, 3.0], log_ms=1.0)
        >>> t.uncertainty_window_ms, t.blocking_window_ms
        (6.0, 7.0)
        >>> round(t.blocking_probability(86_400.0) * 1e8, 2)  # one failure a day: 7 ms in 86,400 s
        8.1
        """
        mtbf = check_number("coordinator_mtbf_s", coordinator_mtbf_s, low=0, high=math.inf, low_open=True, high_open=True)
        return float(-math.expm1(-self.blocking_window_ms / 1000.0 / mtbf))

    @property
    def latency_ms(self) -> float:
        """Commit latency, ms: each phase waits for the slowest participant, plus the forced logs on the path."""
        return 2.0 * float(self.rtts_ms.max()) + 3.0 * self.log_ms


def two_phase_commit(
    k: int,
    availability: float = 0.999,
    rtt_ms: float = 1.0,
    log_ms: float = 0.0,
    coordinator_availability: float | None = None,
) -> TwoPhaseCommit:
    """A :class:`TwoPhaseCommit` over ``k`` identical participants and a coordinator.

    Parameters
    ----------
    k : int
        Participants (shards touched), in ``[1, MAX_ELEMENTS]`` (:data:`hotpart.models._validation.MAX_ELEMENTS`).
    availability : float
        Each participant's availability, in ``[0, 1]``.
    rtt_ms : float
        Round trip to each, ms, ``>= 0``.
    log_ms : float
        One forced log write, ms, ``>= 0``.
    coordinator_availability : float, optional
        The coordinator's availability, in ``[0, 1]``; ``availability`` if omitted.

    Returns
    -------
    TwoPhaseCommit

    Examples
    --------
    >>> math.isclose(two_phase_commit(10, availability=0.999).availability, 0.999**11)  # ten participants + coordinator
    True
    """
    n = check_count("k", k, low=1, high=_MAX_ELEMENTS)
    a = check_number("availability", availability, low=0, high=1)
    r = check_number("rtt_ms", rtt_ms, low=0, high=math.inf, high_open=True)
    c = a if coordinator_availability is None else coordinator_availability
    return TwoPhaseCommit(np.full(n, a), np.full(n, r), log_ms, c)


def transact_write_calls(n_items: int, item_bytes: float) -> int:
    """TransactWriteItems calls needed for ``n_items`` writes of ``item_bytes`` each.

    One call holds at most :data:`TRANSACT_MAX_ACTIONS` actions and
    :data:`TRANSACT_MAX_BYTES` bytes; more calls means the writes are no
    longer one atomic transaction.

    Parameters
    ----------
    n_items : int
        Items written, ``>= 1``.
    item_bytes : float
        Size of each, bytes, in ``(0, TRANSACT_MAX_BYTES]``.

    Returns
    -------
    int
        Calls, ``>= 1``; 1 means it fits in one transaction.

    Examples
    --------
    >>> transact_write_calls(100, 1_000), transact_write_calls(101, 1_000)
    (1, 2)
    >>> transact_write_calls(50, 400_000)  # 20 MB: the 4 MB limit binds first
    5
    """
    n = check_count("n_items", n_items, low=1)
    b = check_number("item_bytes", item_bytes, low=0, high=TRANSACT_MAX_BYTES, low_open=True)
    per_call = min(TRANSACT_MAX_ACTIONS, int(TRANSACT_MAX_BYTES // b))
    return math.ceil(n / per_call)


# --- pitfalls -------------------------------------------------------------------------------------

_ID_SCHEMES = ("auto_increment", "uuid4", "random")


def id_collision_probability(n_shards: int, ids_per_shard: int, scheme: str = "auto_increment", bits: int = 64) -> float:
    """Probability that at least two rows across ``n_shards`` shards get the same ID.

    ``auto_increment``: every shard counts from 1 on its own, so two shards
    with a row each already share ID 1: probability 1 for ``n_shards >= 2``.
    ``uuid4`` (:data:`UUID4_RANDOM_BITS` random bits) and ``random``
    (``bits`` random bits): the birthday bound
    ``1 - exp(-N(N-1) / 2^(b+1))`` with ``N = n_shards * ids_per_shard``.

    Parameters
    ----------
    n_shards : int
        Shards, ``>= 1``.
    ids_per_shard : int
        IDs issued on each shard, ``>= 1``.
    scheme : {"auto_increment", "uuid4", "random"}
        How IDs are made.
    bits : int
        Random bits for ``random``, in ``[1, 128]``.

    Returns
    -------
    float
        Probability of at least one collision, in ``[0, 1]``.

    Examples
    --------
    >>> id_collision_probability(2, 1)
    1.0
    >>> id_collision_probability(16, 10**9, "uuid4") < 1e-16
    True
    """
    s = check_count("n_shards", n_shards, low=1)
    n = check_count("ids_per_shard", ids_per_shard, low=1)
    scheme = check_choice("scheme", scheme, _ID_SCHEMES)
    b = UUID4_RANDOM_BITS if scheme == "uuid4" else check_count("bits", bits, low=1, high=128)
    if scheme == "auto_increment":
        return 1.0 if s >= 2 else 0.0
    total = s * n
    return float(-math.expm1(-total * (total - 1) / 2.0 / 2.0**b))


def half_applied_probability(n_shards: int, p_fail: float) -> float:
    """Probability a schema change ends applied on some shards but not all.

    Each shard's change fails independently with probability ``p_fail``:
    ``1 - (1-p)^S - p^S`` (not all succeeded, and not all failed).

    Parameters
    ----------
    n_shards : int
        Shards ``S``, ``>= 1``.
    p_fail : float
        Per-shard failure probability, in ``[0, 1]``.

    Returns
    -------
    float
        Probability of a half-applied change, in ``[0, 1]``; 0 for one shard.

    Examples
    --------
    >>> round(half_applied_probability(100, 0.01), 4)
    0.634
    >>> half_applied_probability(1, 0.3)
    0.0
    """
    s = check_count("n_shards", n_shards, low=1)
    p = check_number("p_fail", p_fail, low=0, high=1)
    if s == 1 or p == 1.0:
        return 0.0
    return max(0.0, -math.expm1(s * math.log1p(-p)) - p**s)


def unsharded_load(
    reads_per_s: float,
    writes_per_s: float,
    node_reads_per_s: float,
    node_writes_per_s: float,
    *,
    replicas: int = 0,
    cache_hit_rate: float = 0.0,
) -> dict[str, float]:
    """Utilisation of one primary (and its read replicas) after a cache: what the alternatives to sharding buy.

    A cache absorbs ``cache_hit_rate`` of the reads; the rest spread evenly
    over the primary and ``replicas`` read replicas. Every write goes to the
    primary, and every replica applies it too, so neither replicas nor a
    cache relieve writes: past one node's write capacity, only splitting the
    writes (sharding, or a service that shards for you) helps.

    Parameters
    ----------
    reads_per_s, writes_per_s : float
        Offered reads and writes per second, ``>= 0``.
    node_reads_per_s, node_writes_per_s : float
        What one node serves per second, ``> 0``.
    replicas : int
        Read replicas, ``>= 0``.
    cache_hit_rate : float
        Share of reads the cache answers, in ``[0, 1]``.

    Returns
    -------
    dict
        ``read_utilisation`` (per node), ``write_utilisation`` (primary), ``fits`` (1.0 if both are at most 1).

    Examples
    --------
    >>> u = unsharded_load(40_000, 3_000, 10_000, 2_000, replicas=3, cache_hit_rate=0.5)
    >>> u["read_utilisation"], u["write_utilisation"], u["fits"]
    (0.5, 1.5, 0.0)
    """
    r = check_number("reads_per_s", reads_per_s, low=0, high=math.inf, high_open=True)
    w = check_number("writes_per_s", writes_per_s, low=0, high=math.inf, high_open=True)
    rc = check_number("node_reads_per_s", node_reads_per_s, low=0, high=math.inf, low_open=True, high_open=True)
    wc = check_number("node_writes_per_s", node_writes_per_s, low=0, high=math.inf, low_open=True, high_open=True)
    k = check_count("replicas", replicas, low=0)
    h = check_number("cache_hit_rate", cache_hit_rate, low=0, high=1)
    read_u = r * (1.0 - h) / (k + 1) / rc
    write_u = w / wc
    return {"read_utilisation": read_u, "write_utilisation": write_u, "fits": float(read_u <= 1 and write_u <= 1)}
