"""Capacity units, partition counts and the per-partition ceiling.

Chapter 1 (``notebooks/01_partitions.ipynb``) is built on these models: how an
item's size becomes read and write units, how many partitions a table's
throughput and storage imply, and how much demand a partition refuses once it
passes its ceiling while the table as a whole still has room.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import MAX_COUNT as _MAX_COUNT
from ._validation import MAX_ELEMENTS as _MAX_ELEMENTS
from ._validation import check_array, check_choice, check_count, check_number
from .constants import (
    ITEM_MAX_BYTES,
    PARTITION_MAX_RCU,
    PARTITION_MAX_STORAGE_GB,
    PARTITION_MAX_WCU,
    READ_UNIT_BYTES,
    WRITE_UNIT_BYTES,
)

__all__ = [
    "PartitionLoad",
    "estimate_partitions",
    "partition_history",
    "partition_utilization",
    "read_units",
    "split_demand",
    "throttled",
    "write_units",
]

_READ_FACTOR = {"eventual": 0.5, "strong": 1.0, "transactional": 2.0}


def _scalar_or_array(x: NDArray[np.float64]) -> float | NDArray[np.float64]:
    return float(x) if x.ndim == 0 else x


def read_units(item_bytes: ArrayLike, consistency: str = "strong") -> float | NDArray[np.float64]:
    """Read request units to read one item once.

    A read is charged per 4 KB block of the item (:data:`READ_UNIT_BYTES`),
    rounded up, and at least one block: 1 unit per block for a strongly
    consistent read, 0.5 for an eventually consistent one, 2 inside a
    transaction.

    Parameters
    ----------
    item_bytes : float or array_like
        The bytes the read returns, ``>= 0`` and finite: one item's size (at most
        :data:`hotpart.ITEM_MAX_BYTES`, 400 KB), or for a Query the sizes of the
        items it reads summed (a page holds up to 1 MB), so no item ceiling here.
        At least one value (an empty array is refused).
    consistency : {"strong", "eventual", "transactional"}
        The kind of read.

    Returns
    -------
    float or numpy.ndarray
        Read units (RCU) per read, with the shape of ``item_bytes``.

    Examples
    --------
    >>> read_units(4096)
    1.0
    >>> read_units(4097)
    2.0
    >>> read_units(10_000, consistency="eventual")
    1.5
    >>> read_units([1, 8192, 8193], consistency="transactional")
    array([2., 4., 6.])
    """
    factor = _READ_FACTOR[check_choice("consistency", consistency, _READ_FACTOR)]
    size = check_array("item_bytes", item_bytes, low=0, high=math.inf, high_open=True, empty=False)
    blocks = np.maximum(1.0, np.ceil(size / READ_UNIT_BYTES))
    return _scalar_or_array(blocks * factor)


def write_units(item_bytes: ArrayLike, transactional: bool = False) -> float | NDArray[np.float64]:
    """Write request units to write one item once.

    A write is charged per 1 KB block of the item (:data:`WRITE_UNIT_BYTES`),
    rounded up, and at least one block; a transactional write costs double.

    Parameters
    ----------
    item_bytes : float or array_like
        Item size in bytes, in ``[0, ITEM_MAX_BYTES]`` (:data:`hotpart.ITEM_MAX_BYTES`, DynamoDB's 400 KB item
        limit: a write is of one item). At least one value (an empty array is refused).
    transactional : bool
        Whether the write is part of a transaction.

    Returns
    -------
    float or numpy.ndarray
        Write units (WCU) per write, with the shape of ``item_bytes``.

    Examples
    --------
    >>> write_units(1024)
    1.0
    >>> write_units(1025)
    2.0
    >>> write_units(500, transactional=True)
    2.0
    """
    check_choice("transactional", transactional, (True, False))
    size = check_array("item_bytes", item_bytes, low=0, high=ITEM_MAX_BYTES, empty=False)
    blocks = np.maximum(1.0, np.ceil(size / WRITE_UNIT_BYTES))
    return _scalar_or_array(blocks * (2.0 if transactional else 1.0))


def estimate_partitions(rcu: float, wcu: float, size_gb: float = 0.0) -> int:
    """Partitions implied by provisioned throughput and by storage.

    Uses AWS's historical rule of thumb: throughput needs
    ``ceil(RCU/3000 + WCU/1000)`` partitions and storage needs
    ``ceil(size / 10 GB)``; the table has whichever is larger, and at least
    one. AWS no longer publishes this rule, and the real count is internal,
    so treat the result as the order of magnitude the ceilings imply, not as
    what a given table has. Partitions split but never merge: lowering the
    provisioned throughput later does not reduce the count (see
    :func:`partition_history`).

    Parameters
    ----------
    rcu : float
        Provisioned read capacity, RCU/s, in ``[0, MAX_COUNT]`` (:data:`hotpart.models._validation.MAX_COUNT`, 2**53).
    wcu : float
        Provisioned write capacity, WCU/s, in ``[0, MAX_COUNT]``.
    size_gb : float
        Table size in GB (10**9 bytes), in ``[0, MAX_COUNT]``.

    Returns
    -------
    int
        The estimated partition count, ``>= 1``.

    Examples
    --------
    >>> estimate_partitions(rcu=0, wcu=10_000)
    10
    >>> estimate_partitions(rcu=3000, wcu=1000)
    2
    >>> estimate_partitions(rcu=100, wcu=100, size_gb=25)
    3
    """
    r = check_number("rcu", rcu, low=0, high=_MAX_COUNT)
    w = check_number("wcu", wcu, low=0, high=_MAX_COUNT)
    s = check_number("size_gb", size_gb, low=0, high=_MAX_COUNT)
    # RCU/3000 + WCU/1000 == (RCU + 3 WCU) / 3000, which stays exact for whole units.
    ratio = PARTITION_MAX_RCU / PARTITION_MAX_WCU
    by_throughput = math.ceil((r + ratio * w) / PARTITION_MAX_RCU)
    by_storage = math.ceil(s / PARTITION_MAX_STORAGE_GB)
    return max(1, by_throughput, by_storage)


def partition_history(rcu: ArrayLike, wcu: ArrayLike, size_gb: ArrayLike | None = None) -> NDArray[np.int64]:
    """Partition count over a sequence of settings, given that partitions never merge.

    Each step's count is the largest :func:`estimate_partitions` seen so far.

    Parameters
    ----------
    rcu, wcu : array_like
        Provisioned RCU/s and WCU/s at each step, in ``[0, MAX_COUNT]``
        (:data:`hotpart.models._validation.MAX_COUNT`, 2**53); same length.
    size_gb : array_like, optional
        Table size in GB at each step, in ``[0, MAX_COUNT]``; zero if omitted.

    Returns
    -------
    numpy.ndarray
        Partition count at each step (non-decreasing).

    Examples
    --------
    >>> partition_history(rcu=[0, 0, 0], wcu=[10_000, 30_000, 10_000])
    array([10, 30, 30])
    """
    r = check_array("rcu", rcu, low=0, high=_MAX_COUNT)
    w = check_array("wcu", wcu, low=0, high=_MAX_COUNT)
    s = np.zeros_like(r) if size_gb is None else check_array("size_gb", size_gb, low=0, high=_MAX_COUNT)
    if not (r.shape == w.shape == s.shape) or r.ndim != 1:
        raise ValueError(f"rcu, wcu and size_gb must be 1-D and of one length; got shapes {r.shape}, {w.shape}, {s.shape}")
    counts = [estimate_partitions(a, b, c) for a, b, c in zip(r, w, s, strict=True)]
    return np.maximum.accumulate(np.asarray(counts, dtype=np.int64))


#: How :func:`partition_utilization` may combine a partition's reads and writes.
_COMBINE = ("apart", "linear")


def partition_utilization(rcu: float, wcu: float, combine: str = "apart") -> float:
    """How much of one partition's throughput a mix of reads and writes uses, as a fraction of its ceiling.

    AWS words the per-partition ceiling two ways. The key-range throttling page and 002 treat reads and writes
    apart: a partition throttles reads past 3,000 RCU/s or writes past 1,000 WCU/s, each on its own
    (``combine="apart"``: the larger of ``rcu / 3000`` and ``wcu / 1000``). The Knowledge Center's on-demand
    article allows "a linear combination of both" (``combine="linear"``: ``rcu / 3000 + wcu / 1000``, the same sum
    as :func:`estimate_partitions`' historical rule). The course's ceiling models use ``"apart"``
    (``hp.ASSUMPTIONS["PARTITION_READS_WRITES_APART"]``). The mix fits one partition when the result is ``<= 1``.

    Parameters
    ----------
    rcu : float
        Read units per second the partition is offered, RCU/s, in ``[0, MAX_COUNT]``
        (:data:`hotpart.models._validation.MAX_COUNT`, 2**53).
    wcu : float
        Write units per second the partition is offered, WCU/s, in ``[0, MAX_COUNT]``.
    combine : {"apart", "linear"}
        How the two ceilings combine: each on its own, or as a linear combination.

    Returns
    -------
    float
        The fraction of the partition's ceiling used, ``>= 0`` (above 1: part of the demand is refused).

    Examples
    --------
    >>> partition_utilization(2_000, 600)
    0.6666666666666666
    >>> round(partition_utilization(2_000, 600, combine="linear"), 4)
    1.2667
    """
    r = check_number("rcu", rcu, low=0, high=_MAX_COUNT)
    w = check_number("wcu", wcu, low=0, high=_MAX_COUNT)
    check_choice("combine", combine, _COMBINE)
    reads, writes = r / PARTITION_MAX_RCU, w / PARTITION_MAX_WCU
    return float(max(reads, writes) if combine == "apart" else reads + writes)


def throttled(demand: ArrayLike, capacity: ArrayLike) -> NDArray[np.float64]:
    """Units per second refused where demand exceeds capacity, element-wise.

    Parameters
    ----------
    demand : array_like
        Offered units per second per partition, ``>= 0`` and finite; at least one value.
    capacity : array_like
        What each partition can serve, units per second, ``>= 0`` and finite;
        broadcast against ``demand``.

    Returns
    -------
    numpy.ndarray
        ``max(0, demand - capacity)``, never negative and never above demand.

    Examples
    --------
    >>> throttled([8000, 200, 200], 1000)
    array([7000.,    0.,    0.])
    """
    d = check_array("demand", demand, low=0, high=math.inf, high_open=True, empty=False)
    c = check_array("capacity", capacity, low=0, high=math.inf, high_open=True, empty=False)
    try:
        np.broadcast_shapes(d.shape, c.shape)
    except ValueError:
        raise ValueError(f"demand has shape {d.shape} and capacity {c.shape}: they must broadcast together") from None
    return np.maximum(0.0, d - c)


def split_demand(total: float, n_partitions: int, hot_share: float) -> NDArray[np.float64]:
    """Per-partition demand when one partition takes a share and the rest split evenly.

    Partition 0 receives ``hot_share * total``; the other ``n_partitions - 1``
    share the remainder equally. With one partition it carries everything.

    Parameters
    ----------
    total : float
        Total offered demand, units per second, ``>= 0``.
    n_partitions : int
        Number of partitions, in ``[1, MAX_ELEMENTS]`` (:data:`hotpart.models._validation.MAX_ELEMENTS`).
    hot_share : float
        Fraction of the demand on partition 0, in ``[0, 1]``.

    Returns
    -------
    numpy.ndarray
        Demand per partition, units per second; sums to ``total``.

    Examples
    --------
    >>> split_demand(10_000, 5, 0.6)
    array([6000., 1000., 1000., 1000., 1000.])
    """
    t = check_number("total", total, low=0, high=math.inf, high_open=True)
    n = check_count("n_partitions", n_partitions, low=1, high=_MAX_ELEMENTS)
    h = check_number("hot_share", hot_share, low=0, high=1)
    if n == 1:
        return np.array([t])
    rest = np.full(n - 1, t * (1.0 - h) / (n - 1))
    return np.concatenate(([t * h], rest))


@dataclass(frozen=True)
class PartitionLoad:
    """Per-partition demand against the table's capacity and the partition ceiling.

    Two readings of one situation. *At the ceiling*: each partition serves up
    to the per-partition ceiling, the best any mechanism can do (adaptive
    capacity at its best), and the table serves no more than it is
    provisioned for; what is refused then is a lower bound. *Even split*:
    each partition serves only its even share of the table's capacity,
    ``capacity / n``, capped by the ceiling: what a table without adaptive
    capacity would do.

    Parameters
    ----------
    demand : array_like
        Offered units per second per partition, in ``[0, MAX_COUNT]`` (:data:`hotpart.models._validation.MAX_COUNT`, 2**53).
    table_capacity : float
        The table's provisioned units per second, in ``(0, MAX_COUNT]``.
    ceiling : float
        The per-partition ceiling, units per second, in ``(0, MAX_COUNT]``
        (default :data:`PARTITION_MAX_WCU`).

    Examples
    --------
    >>> load = PartitionLoad([8000] + [200] * 9, table_capacity=10_000)
    >>> load
    PartitionLoad(10 partitions, offered 9,800 of 10,000 units/s, ceiling 1,000, refused >= 7,000)
    >>> load.headroom
    200.0
    >>> float(load.min_refused)
    7000.0
    """

    demand: NDArray[np.float64]
    table_capacity: float
    ceiling: float = PARTITION_MAX_WCU

    def __post_init__(self) -> None:
        d = check_array("demand", self.demand, low=0, high=_MAX_COUNT)
        if d.ndim != 1 or d.size == 0:
            raise ValueError(f"demand must be a non-empty 1-D array; got shape {d.shape}")
        object.__setattr__(self, "demand", d)
        object.__setattr__(
            self,
            "table_capacity",
            check_number("table_capacity", self.table_capacity, low=0, high=_MAX_COUNT, low_open=True),
        )
        object.__setattr__(self, "ceiling", check_number("ceiling", self.ceiling, low=0, high=_MAX_COUNT, low_open=True))

    def __repr__(self) -> str:
        return (
            f"PartitionLoad({self.n_partitions} partitions, offered {self.offered:,.0f} of "
            f"{self.table_capacity:,.0f} units/s, ceiling {self.ceiling:,.0f}, "
            f"refused >= {self.min_refused:,.0f})"
        )

    @property
    def n_partitions(self) -> int:
        """Number of partitions."""
        return int(self.demand.size)

    @property
    def offered(self) -> float:
        """Total offered demand, units per second."""
        return float(self.demand.sum())

    @property
    def headroom(self) -> float:
        """Provisioned capacity minus offered demand, units per second (negative when over)."""
        return self.table_capacity - self.offered + 0.0  # never -0.0

    @property
    def even_share(self) -> float:
        """The table's capacity divided evenly over partitions, units per second."""
        return self.table_capacity / self.n_partitions

    @property
    def refused_at_ceiling(self) -> NDArray[np.float64]:
        """Units per second each partition refuses above the ceiling."""
        return throttled(self.demand, self.ceiling)

    @property
    def min_refused(self) -> float:
        """Least total refused: above the ceilings, and above the table's capacity."""
        servable = float(np.minimum(self.demand, self.ceiling).sum())
        return self.offered - min(self.table_capacity, servable)

    @property
    def refused_even_split(self) -> NDArray[np.float64]:
        """Units per second each partition refuses when held to its even share."""
        return throttled(self.demand, min(self.even_share, self.ceiling))
