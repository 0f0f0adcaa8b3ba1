"""Sharding's pitfalls, and the alternatives to sharding: ID collisions, half-applied changes, one node's load.

:func:`id_collision_probability` (per-shard auto-increment IDs against random ones), :func:`half_applied_probability`
(a schema change that succeeds on some shards only) and :func:`unsharded_load` (what a cache and read replicas
buy before sharding is needed). Chapter 22 (``notebooks/22_pitfalls.ipynb``) teaches them; chapter 20
(``notebooks/20_migration.ipynb``) uses :func:`half_applied_probability` for dual writes.
"""

from __future__ import annotations

import math
from typing import Final

from ._validation import check_choice, check_count, check_divisor, check_number
from .constants import UUID4_RANDOM_BITS

__all__ = [
    "NODE_LOAD_ADDS_READS_AND_WRITES",
    "half_applied_probability",
    "id_collision_probability",
    "unsharded_load",
]

_ID_SCHEMES = ("auto_increment", "uuid4", "random")
#: A node's load is the share of its read capacity its reads use plus the share of its write capacity its writes use:
#: the two draw on one machine (``hp.ASSUMPTIONS["NODE_LOAD_ADDS_READS_AND_WRITES"]``).
NODE_LOAD_ADDS_READS_AND_WRITES: Final[bool] = True


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
    primary, and every replica applies it too, so every node carries all the
    writes: neither replicas nor a cache relieve writes, and past one node's
    write capacity only splitting the writes (sharding, or a service that
    shards for you) helps. A node's load adds its reads' share of its read
    capacity and the writes' share of its write capacity
    (:data:`NODE_LOAD_ADDS_READS_AND_WRITES`): a replica busy applying writes
    has less room for reads.

    Parameters
    ----------
    reads_per_s, writes_per_s : float
        Offered reads and writes per second, ``>= 0``.
    node_reads_per_s, node_writes_per_s : float
        What one node serves per second, ``> 0``, and large enough that the load over it stays finite (a
        subnormal is refused by name).
    replicas : int
        Read replicas, ``>= 0``.
    cache_hit_rate : float
        Share of reads the cache answers, in ``[0, 1]``.

    Returns
    -------
    dict
        ``read_utilisation`` (each node's share of the reads over its read capacity), ``write_utilisation`` (all the
        writes over one node's write capacity: the primary's, and each replica's too), ``node_utilisation`` (their
        sum, each node's load), ``read_room`` (the share of each node the writes leave for reads, ``1 -
        write_utilisation``, and 0 when the writes alone fill or overload a node: ``write_utilisation`` then says by
        how much) and ``fits`` (1.0 if
        ``node_utilisation`` is at most 1).

    Examples
    --------
    >>> u = unsharded_load(40_000, 3_000, 10_000, 2_000, replicas=3, cache_hit_rate=0.5)
    >>> u["read_utilisation"], u["write_utilisation"], u["node_utilisation"], u["fits"]
    (0.5, 1.5, 2.0, 0.0)
    """
    r = check_number("reads_per_s", reads_per_s, low=0, high=math.inf, high_open=True)
    w = check_number("writes_per_s", writes_per_s, low=0, high=math.inf, high_open=True)
    rc = check_number("node_reads_per_s", node_reads_per_s, low=0, high=math.inf, low_open=True, high_open=True)
    wc = check_number("node_writes_per_s", node_writes_per_s, low=0, high=math.inf, low_open=True, high_open=True)
    k = check_count("replicas", replicas, low=0)
    h = check_number("cache_hit_rate", cache_hit_rate, low=0, high=1)
    misses = r * (1.0 - h) / (k + 1)  # reads each node serves a second
    read_u = misses / check_divisor("node_reads_per_s", rc, misses, "the reads each node serves / node_reads_per_s")
    write_u = w / check_divisor("node_writes_per_s", wc, w, "writes_per_s / node_writes_per_s")
    node_u = read_u + write_u
    return {
        "read_utilisation": read_u,
        "write_utilisation": write_u,
        "node_utilisation": node_u,
        "read_room": max(0.0, 1.0 - write_u),
        "fits": float(node_u <= 1 + 1e-12),
    }
