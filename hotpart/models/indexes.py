"""Global secondary indexes: another write path, with its own partitions, ceilings and back-pressure.

Chapter 12 (``notebooks/12_gsi.ipynb``) is built on this module; chapters 13
and 15 read its results through :func:`hotpart.cloudwatch` (which counts an
index's write throttle events from its back-pressure, the writes refused for
it) and :func:`hotpart.scenario`. A global secondary index (GSI) is a second table
that DynamoDB keeps up to date from the base table's writes. It has its own
partition key (so its own key mapping), its own partitions with the same
per-partition ceilings (1,000 WCU/s, 3,000 RCU/s) and its own capacity. Two
rules make it a write path rather than a read escape hatch (000
「複合キーの設計」, AWS's GSI throttling guide):

* a base-table write that must update an index partition that is throttled
  is refused; the refusal carries :attr:`hotpart.Refusal.INDEX_BACKPRESSURE`,
  and the writes it would have made to the indexes after it are not made;
* reads on an index are throttled by the index alone; the base table never
  sees them.

:func:`simulate_with_indexes` runs the capacity simulator
(:func:`hotpart.simulate`) once per index and once for the base table,
passing each index's refusals on as lost base-table demand. A *sparse*
index (items without the index key attribute are not in it) is modelled by
``fraction``, the share of each key's writes that carry the attribute, or by
mapping a base key to ``None``.

In a steady state (no burst banked, adaptive capacity instant) index
partition ``j``, offered ``D_j`` index units/s with ``m_j = min(D_j, c)``,
serves its share ``s = W/P`` plus a part of what the partitions under their
share leave unused, ``U``, in proportion to what it lacks
(:func:`steady_index_rates`); the base table loses

.. math:: B = \\frac{1}{u} \\sum_j \\big(D_j - r_j\\big)

base write units/s to back-pressure, with ``u`` the index units per base
write unit. Only when a single index partition is above its share does
``r_p`` reduce to ``min(c, s + U)`` (:func:`hotpart.adaptive_rate`); with two
or more above it they split ``U``. The tests check the simulator against
both forms.

A base-table write also costs the index: one index write per 1 KB of the
index entry (its keys and projected attributes), two when the write changes
the index key (:func:`index_write_units`). AWS recommends provisioning each
index's write capacity at least as high as the table's
(``hp.SOURCES["GSI_WRITE_CAPACITY_AT_LEAST_TABLE"]``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import check_array, check_choice, check_divisor, check_integer, check_number
from .capacity import write_units
from .constants import ITEM_MAX_BYTES, PARTITION_MAX_WCU
from .hashing import partition_of
from .on_demand import OnDemand
from .provisioned import Provisioned
from .refusals import Refusal
from .simulator import (
    MAX_SIMULATED_DEMAND,
    SimulationResult,
    Table,
    _check_cells,
    _conserve_into,
    _demand_matrix,
    simulate,
)

__all__ = [
    "INDEX_CHARGE_ORDER",
    "INDEX_REFUSAL_DELAY_S",
    "INDEX_SPLIT_FOR_HEAT",
    "GlobalSecondaryIndex",
    "IndexedResult",
    "index_write_units",
    "simulate_with_indexes",
    "steady_backpressure",
    "steady_index_rates",
]

#: Whether the model splits an index partition for heat: it does not (``hp.ASSUMPTIONS["INDEX_SPLIT_FOR_HEAT"]``).
#: AWS publishes nothing about split for heat on a GSI, so an index value above one partition's ceiling is held
#: to that ceiling for as long as its writes last: the conservative reading, an upper bound on the back-pressure.
INDEX_SPLIT_FOR_HEAT: Final[bool] = False
#: Seconds between an index partition's refusal and the base-table write it fails: none, the same second
#: (``hp.ASSUMPTIONS["INDEX_REFUSAL_DELAY_S"]``). AWS describes a buffer that only a long imbalance fills and gives
#: neither its size nor that period, so the model describes a sustained overload, not a spike.
INDEX_REFUSAL_DELAY_S: Final[float] = 0.0
#: The order in which :func:`simulate_with_indexes` charges a write to the indexes: the order they are listed
#: (``hp.ASSUMPTIONS["INDEX_CHARGE_ORDER"]``); an index listed before a throttled one is charged for writes that
#: then fail, an upper bound on its consumption.
INDEX_CHARGE_ORDER: Final[str] = "listed"


@dataclass(frozen=True)
class GlobalSecondaryIndex:
    """A global secondary index: its key mapping, partitions and capacity.

    Parameters
    ----------
    name : str
        The index name (CloudWatch's ``GlobalSecondaryIndexName``).
    keys : sequence of str or None
        For each base-table key (in the order given to
        :func:`simulate_with_indexes`), the value of the index's partition key
        on its items, or ``None`` when the items lack the attribute (they are
        not in a sparse index).
    partitions : int
        Partitions of the index, ``>= 1``.
    wcu, rcu : float
        Provisioned capacity of the index, WCU/s and RCU/s, in ``[0, 1e9]``
        (ignored when ``mode`` is on-demand; the upper bound is
        :data:`hotpart.MAX_SIMULATED_DEMAND`, as for :class:`hotpart.Table`).
    fraction : float
        Share of each key's writes whose item carries the index key
        attribute, in ``[0, 1]``; 1 for a dense index.
    units_per_write : float
        Index write units per base-table write unit that reaches the index,
        ``> 0``: 1 when base items and index entries are both at most 1 KB
        (one write each), less when the projection is smaller than the base
        item, more when it is bigger, 2 when the write changes the index key
        (a delete and a put).
    mode : Provisioned, AutoScaling or OnDemand, optional
        The index's capacity mode; ``Provisioned()`` if omitted. A GSI of an
        on-demand table is on-demand too.

    Attributes
    ----------
    values : tuple of str
        The distinct index key values, sorted: the index's "keys" as the
        simulator sees them (``("",)`` when no base key has one).

    Notes
    -----
    Every write of a base key lands on the one index partition that holds
    its index value, so a value shared by many base keys (a status, a date,
    a flag) concentrates their writes on one index partition however well
    the base key spreads them (000 「複合キーの設計」). ``fraction`` and
    ``None`` both thin that stream: ``fraction`` for every key alike (only
    some writes set the attribute), ``None`` for keys whose items never have it.

    Examples
    --------
    >>> GlobalSecondaryIndex("by-status", ["ACTIVE", "ACTIVE", "DONE"], partitions=2, wcu=2_000)
    GlobalSecondaryIndex('by-status', 2 values over 2 partitions, 2,000 WCU/s, 0 RCU/s, dense)
    >>> GlobalSecondaryIndex("open", ["OPEN", None, "OPEN"], wcu=500, fraction=0.1)
    GlobalSecondaryIndex('open', 1 values over 1 partitions, 500 WCU/s, 0 RCU/s, sparse: 10% of writes, 1 of 3 keys never indexed)
    """

    name: str
    keys: tuple[str | None, ...]
    partitions: int = 1
    wcu: float = 0.0
    rcu: float = 0.0
    fraction: float = 1.0
    units_per_write: float = 1.0
    mode: Provisioned | OnDemand | None = None

    values: tuple[str, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"name = {self.name!r} is not allowed: must be a non-empty str")
        if isinstance(self.keys, str):
            raise ValueError(f"keys = {self.keys!r} is not allowed: must be a sequence of str or None, one per base key")
        keys = tuple(self.keys)
        if not keys:
            raise ValueError("keys must hold one index key (or None) per base-table key; got none")
        for k in keys:
            if k is not None and not isinstance(k, str):
                raise ValueError(f"keys holds {k!r}: each must be a str or None")
        object.__setattr__(self, "keys", keys)
        object.__setattr__(self, "partitions", check_integer("partitions", self.partitions, low=1, high=1_000_000))
        object.__setattr__(self, "wcu", check_number("wcu", self.wcu, low=0, high=MAX_SIMULATED_DEMAND))
        object.__setattr__(self, "rcu", check_number("rcu", self.rcu, low=0, high=MAX_SIMULATED_DEMAND))
        object.__setattr__(self, "fraction", check_number("fraction", self.fraction, low=0, high=1))
        object.__setattr__(
            self,
            "units_per_write",
            check_number("units_per_write", self.units_per_write, low=0, high=math.inf, low_open=True, high_open=True),
        )
        if self.mode is not None and not isinstance(self.mode, (Provisioned, OnDemand)):
            raise ValueError(f"mode = {self.mode!r} is not allowed: must be Provisioned, AutoScaling or OnDemand")
        values = tuple(sorted({k for k in keys if k is not None}))
        if not values:
            values = ("",)  # an index nobody writes to still has a (empty) key space
        object.__setattr__(self, "values", values)

    def __repr__(self) -> str:
        n_values = len({k for k in self.keys if k is not None})
        missing = sum(k is None for k in self.keys)
        parts = ([f"{self.fraction:.0%} of writes"] if self.fraction < 1 else []) + (
            [f"{missing} of {len(self.keys)} keys never indexed"] if missing else []
        )
        sparse = "sparse: " + ", ".join(parts) if parts else "dense"
        return (
            f"GlobalSecondaryIndex({self.name!r}, {n_values} values over {self.partitions} partitions, "
            f"{self.wcu:,.0f} WCU/s, {self.rcu:,.0f} RCU/s, {sparse})"
        )

    @property
    def table(self) -> Table:
        """The index as the simulator sees it: a :class:`hotpart.Table` with its partitions and capacity."""
        return Table(self.partitions, wcu=self.wcu, rcu=self.rcu)

    def value_partitions(self) -> NDArray[np.int64]:
        """The index partition of each index value (in the order of ``values``)."""
        return partition_of(list(self.values), self.partitions)

    def _value_columns(self) -> NDArray[np.int64]:
        """The column in ``values`` of each base key's index value, ``-1`` for ``None``."""
        col = {v: j for j, v in enumerate(self.values)}
        return np.array([-1 if k is None else col[k] for k in self.keys], dtype=np.int64)

    def value_matrix(self) -> NDArray[np.float64]:
        """Index write units per base-table write unit, shaped (base keys, index values).

        Row ``k`` holds ``fraction * units_per_write`` in the column of base key
        ``k``'s index value, and zeros for a key whose items lack the attribute.
        """
        col = {v: j for j, v in enumerate(self.values)}
        m = np.zeros((len(self.keys), len(self.values)))
        for i, k in enumerate(self.keys):
            if k is not None:
                m[i, col[k]] = self.fraction * self.units_per_write
        return m


@dataclass(frozen=True)
class IndexedResult:
    """What :func:`simulate_with_indexes` returns: the base table and every index, second by second.

    Attributes
    ----------
    table : SimulationResult
        Base-table writes: ``offered`` is all the write demand, ``throttled``
        counts writes refused by the base partitions *and* by index
        back-pressure (reason :attr:`Refusal.INDEX_BACKPRESSURE` where the
        back-pressure refused at least as much as the partition itself),
        ``served + throttled == offered`` exactly. ``key_throttled`` includes
        the back-pressure.
    own : SimulationResult
        The base partitions alone, on the demand the indexes let through:
        what the table's own throttle events count.
    indexes : dict of str to SimulationResult
        Each index's writes, in index units: the writes it was charged for
        (those the base partitions accept), so its ``throttled`` is the
        refused part of those. The index's throttle events are not that but
        ``backpressure`` (:func:`hotpart.cloudwatch`): every write refused for
        the index, including those the base partition would have refused too.
    backpressure : dict of str to numpy.ndarray
        Units of base-table writes refused because of each index, shaped
        (seconds, base partitions). A write refused by an index is counted
        under that index only, never again under a later one.
    reads : SimulationResult or None
        Base-table reads, if any were given.
    index_reads : dict of str to SimulationResult
        Reads on each index that had read demand; they never touch the base table.
    """

    table: SimulationResult
    own: SimulationResult
    indexes: dict[str, SimulationResult]
    backpressure: dict[str, NDArray[np.float64]]
    reads: SimulationResult | None = None
    index_reads: dict[str, SimulationResult] = field(default_factory=dict)

    def __repr__(self) -> str:
        offered = float(self.table.offered.sum())
        bp = sum(float(b.sum()) for b in self.backpressure.values())
        own = float(self.own.throttled.sum())
        idx = ", ".join(f"{n}: {float(r.throttled.sum()):,.0f} refused" for n, r in self.indexes.items())
        return (
            f"IndexedResult({self.table.seconds} s, base writes offered {offered:,.0f} units, "
            f"refused by base partitions {own:,.0f}, by index back-pressure {bp:,.0f}; {idx})"
        )

    @property
    def seconds(self) -> int:
        """Seconds simulated."""
        return self.table.seconds

    def backpressure_total(self) -> float:
        """Base-table write units refused because of any index, over the run."""
        return float(sum(b.sum() for b in self.backpressure.values()))


#: How adaptive capacity splits the unused units among several index partitions above their share
#: (``steady_index_rates``' default; AWS does not publish it, ``hp.ASSUMPTIONS["INDEX_ADAPTIVE_SPLIT"]``).
INDEX_SPLITS: tuple[str, str] = ("proportional", "neediest-first")


def steady_index_rates(
    partition_demand: ArrayLike,
    wcu: float,
    *,
    adaptive: bool = True,
    split: str = "proportional",
    ceiling: float = PARTITION_MAX_WCU,
) -> NDArray[np.float64]:
    """Index write units/s each partition of one provisioned index serves, in a steady state.

    Assumptions: the index's ``P`` partitions share ``wcu`` evenly,
    ``s = wcu / P`` each; no burst is banked (a steady load from the start,
    :class:`hotpart.Provisioned`'s default ``initial_burst_s=0``); adaptive
    capacity, when on, is instant and lends the units the partitions under
    their share leave unused to those above it, never past the ceiling ``c``
    (:data:`PARTITION_MAX_WCU`). How DynamoDB splits unused capacity among
    *several* partitions above their share is not published; the model (and
    :func:`hotpart.simulate`) splits it in proportion to what each lacks
    (``split="proportional"``); ``"neediest-first"`` gives it to the
    partition that lacks most, then the next. The total served, and so
    :func:`steady_backpressure`, is the same under either split (all of
    ``min(U, N)`` is lent); only which partition loses writes changes.
    With ``m_j = min(D_j, c)``, ``U = sum_j max(0, s - m_j)`` and
    ``N = sum_j max(0, m_j - s)``, partition ``j`` serves

    .. math:: r_j = \\min(m_j, s) + \\max(0, m_j - s)\\,\\min\\big(1, U / N\\big)

    (the second term is 0 without adaptive capacity). When only one
    partition ``p`` is above its share, ``N = m_p - s`` and this is
    ``min(m_p, s + U)``: :func:`hotpart.adaptive_rate`'s single-hot-partition
    form. With two or more above their share, that form overstates each one's
    rate, because they split ``U`` between them.

    Parameters
    ----------
    partition_demand : array_like
        Index write units/s offered to each index partition, ``>= 0``, one
        value per partition.
    wcu : float
        The index's provisioned capacity, WCU/s, ``>= 0``.
    adaptive : bool
        Whether adaptive capacity lends unused index capacity.
    split : {"proportional", "neediest-first"}
        How the unused units are shared among partitions above their share.
    ceiling : float
        The per-partition ceiling ``c``, units/s, ``> 0``: :data:`PARTITION_MAX_WCU` for an index's writes (the
        default); :data:`hotpart.PARTITION_MAX_RCU` applies the same steady state to a table's or an index's reads
        (chapter 17 does).

    Returns
    -------
    numpy.ndarray
        Units/s served by each partition, ``<= partition_demand``.

    Examples
    --------
    Chapter 12's exercise 1 at 1,000 WCU/s: two partitions (1,440 and 720
    WCU/s offered) above the share of 250 split the 250 units the other two
    leave unused, 10 by the partition offered 240 and 250 by the empty one.

    >>> [round(float(r), 1) for r in steady_index_rates([240, 0, 1_440, 720], 1_000)]
    [240.0, 0.0, 409.8, 350.2]
    >>> [round(float(r), 1) for r in steady_index_rates([240, 0, 1_440, 720], 1_000, split="neediest-first")]
    [240.0, 0.0, 510.0, 250.0]
    """
    d = check_array("partition_demand", partition_demand, low=0, high=math.inf, high_open=True)
    if d.ndim != 1 or d.size == 0:
        raise ValueError(f"partition_demand must hold one value per index partition; got shape {d.shape}")
    w = check_number("wcu", wcu, low=0, high=math.inf, high_open=True)
    check_choice("adaptive", adaptive, (True, False))
    check_choice("split", split, INDEX_SPLITS)
    c = check_number("ceiling", ceiling, low=0, high=math.inf, low_open=True, high_open=True)
    share = w / d.size
    m = np.minimum(d, c)
    want = np.maximum(0.0, m - share)
    served = np.minimum(m, share)
    if adaptive:
        unused = float(np.maximum(0.0, share - m).sum())
        need = float(want.sum())
        if need > 0 and split == "proportional":
            served = served + want * min(1.0, unused / need)
        elif need > 0:
            lent = np.zeros_like(want)
            for j in np.argsort(-want, kind="stable"):
                lent[j] = min(want[j], unused)
                unused -= lent[j]
            served = served + lent
    return served


def steady_backpressure(partition_demand: ArrayLike, wcu: float, *, units_per_write: float = 1.0, adaptive: bool = True) -> float:
    """Base-table write units/s refused by one provisioned index's back-pressure, in a steady state.

    Assumptions: those of :func:`steady_index_rates` (even shares, no burst,
    instant adaptive capacity split in proportion to need), and the index is
    the only one (or the first) on the write path. What partition ``j``
    refuses of its ``D_j``, ``D_j - r_j``, divided by ``units_per_write``, is
    base-table demand refused:

    .. math:: B = \\frac{1}{u} \\sum_j \\big(D_j - r_j\\big)

    With a single partition above its share this is
    ``max(0, D_hot - adaptive_rate(wcu, P, others)) / u``
    (:func:`hotpart.adaptive_rate`); with several it is more.

    Parameters
    ----------
    partition_demand : array_like
        Index write units/s offered to each index partition, ``>= 0``, one
        value per partition.
    wcu : float
        The index's provisioned capacity, WCU/s, ``>= 0``.
    units_per_write : float
        Index units per base-table write unit, ``> 0`` (as in
        :class:`GlobalSecondaryIndex`), and large enough that the refused index
        units over it stay finite (a subnormal is refused by name).
    adaptive : bool
        Whether adaptive capacity lends unused index capacity.

    Returns
    -------
    float
        Base-table write units/s refused with :attr:`Refusal.INDEX_BACKPRESSURE`.

    Examples
    --------
    The status index of chapter 12: OPEN at 1,440 WCU/s on one of four
    partitions, 4,000 WCU/s in all; the ceiling binds.

    >>> steady_backpressure([0, 0, 1_440, 0], 4_000)
    440.0
    >>> steady_backpressure([0, 0, 1_440, 0], 2_000, adaptive=False)  # held to its share
    940.0

    Two partitions above a share of 250 split the unused 250 units; the
    single-hot form would give 930 instead of 1,400.

    >>> round(steady_backpressure([240, 0, 1_440, 720], 1_000))
    1400
    """
    d = check_array("partition_demand", partition_demand, low=0, high=math.inf, high_open=True)
    u = check_number("units_per_write", units_per_write, low=0, high=math.inf, low_open=True, high_open=True)
    served = steady_index_rates(d, wcu, adaptive=adaptive)
    refused = float(np.maximum(0.0, d - served).sum())
    return refused / check_divisor("units_per_write", u, refused, "the index units refused / units_per_write")


def index_write_units(entry_bytes: float, *, key_change: bool = False) -> float:
    """Index write units one base-table write costs an index whose entry is ``entry_bytes`` long.

    AWS's rules (``hp.SOURCES["GSI_WRITE_COST"]``): a write that puts an item
    into the index costs one index write per 1 KB of the index entry,
    rounded up (:func:`hotpart.write_units`); a write that changes the index
    key costs two (a delete of the old entry and a put of the new); a write
    of an item that is in the index neither before nor after costs nothing
    (model that with :class:`GlobalSecondaryIndex`'s ``fraction`` or
    ``None``). The entry holds the table's key, the index key and the
    projected attributes, so projecting fewer attributes makes each index
    write cheaper: ``KEYS_ONLY`` is the smallest entry, ``ALL`` copies the
    whole item. Assumption: the old entry of a key change is the same size.

    Parameters
    ----------
    entry_bytes : float
        Size of the index entry in bytes, in ``[0, ITEM_MAX_BYTES]`` (:data:`hotpart.ITEM_MAX_BYTES`, DynamoDB's
        400 KB item limit: an entry is at most the item it projects).
    key_change : bool
        Whether the write changes the index key value (from A to B).

    Returns
    -------
    float
        Index write units per base-table write; divide by the base write's own
        units for :class:`GlobalSecondaryIndex`'s ``units_per_write``.

    Examples
    --------
    A 3 KB order projected ``ALL`` against a 200-byte ``KEYS_ONLY`` entry:

    >>> index_write_units(3_000), index_write_units(200)
    (3.0, 1.0)
    >>> index_write_units(200, key_change=True)  # OPEN -> SHIPPED: a delete and a put
    2.0
    """
    size = check_number("entry_bytes", entry_bytes, low=0, high=ITEM_MAX_BYTES)
    check_choice("key_change", key_change, (True, False))
    return float(write_units(size)) * (2.0 if key_change else 1.0)


def _group_sum(x: NDArray[np.float64], groups: NDArray[np.int64], n_groups: int) -> NDArray[np.float64]:
    """Sum the columns of ``x`` (seconds, items) by group: shaped (seconds, n_groups), zero for empty groups."""
    out = np.zeros((x.shape[0], n_groups))
    if x.shape[1] == 0:
        return out
    order = np.argsort(groups, kind="stable")
    g = groups[order]
    starts = np.flatnonzero(np.r_[True, g[1:] != g[:-1]])
    out[:, g[starts]] = np.add.reduceat(x[:, order], starts, axis=1)
    return out


def _refused_fraction(res: SimulationResult, n_values: int, parts: NDArray[np.int64]) -> NDArray[np.float64]:
    """Fraction of units refused, per second and index value (every value of a partition loses the same share)."""
    o = res.offered[:, parts]
    return np.divide(res.throttled[:, parts], o, out=np.zeros((res.seconds, n_values)), where=o > 0)


def _check_index_demand(g: GlobalSecondaryIndex, index_demand: NDArray[np.float64]) -> None:
    """Refuse index demand the simulator cannot hold exactly, naming the caller's arguments, not ours."""
    with np.errstate(over="ignore", invalid="ignore"):
        per_second = index_demand.sum(axis=1)
    worst = int(np.argmax(np.where(np.isnan(per_second), np.inf, per_second)))
    total = float(per_second[worst])
    if not total <= MAX_SIMULATED_DEMAND:
        raise ValueError(
            f"demand x indexes[{g.name!r}] (fraction {g.fraction:g} x units_per_write {g.units_per_write:g}) totals "
            f"{total:.3g} WCU/s on the index in second {worst}; allowed: at most {MAX_SIMULATED_DEMAND:.0e} units/s "
            "in one second (MAX_SIMULATED_DEMAND, a limit of the simulation): lower demand or units_per_write"
        )


def simulate_with_indexes(
    table: Table,
    demand: ArrayLike,
    seconds: int,
    keys: Sequence[str],
    indexes: Sequence[GlobalSecondaryIndex] = (),
    *,
    mode: Provisioned | OnDemand | None = None,
    reads: ArrayLike | None = None,
    index_reads: Mapping[str, ArrayLike] | None = None,
) -> IndexedResult:
    """Simulate a table's writes with its global secondary indexes, and optionally reads.

    Each second, a base-table write of key ``k`` reaches index ``i`` with
    probability ``f_i`` (the index's ``fraction``; 0 when ``k`` maps to
    ``None``) and is refused there with the share ``q_i`` that index
    partition refused that second. The indexes are checked in the order
    given, then the base partition, so the share of key ``k``'s writes that
    the indexes let through is

    .. math:: p_k = \\prod_i \\big(1 - f_i\\, q_i(v_i(k))\\big)

    and the refused rest, ``d_k (1 - p_k)``, is base-table demand refused with
    :attr:`Refusal.INDEX_BACKPRESSURE`. A write refused by one index never
    reaches the indexes after it nor the base table. Reads are independent:
    base reads throttle only the base table's read capacity, index reads only
    the index's.

    An index is charged only for writes the base partition accepts: a write
    the base partition refuses changes no index. What the base partitions
    accept depends on what the indexes refuse, and the other way round, so
    the two are settled together: the indexes are charged with the writes the
    base partitions accepted, the base partitions offered what the indexes
    let through, round after round from every write charged (a fixed point,
    reached from above). So more demand never serves fewer writes for a
    charge the base table refused (issue 49; ``tests/test_monotonicity.py``).

    Assumptions, each an upper bound on an index's consumption: an index is
    charged for writes that a *later* index then refuses
    (:data:`INDEX_CHARGE_ORDER`; in DynamoDB such a write changes nothing),
    so list the index you expect to throttle first (with two indexes that
    both refuse, more demand can then serve fewer writes: the first index
    spends its burst on writes the second refuses); ``q_i`` is shared by
    every value of an index partition (requests arrive mixed within the
    second). Two limits in series are not monotone either, as in DynamoDB:
    in a second where a base partition and an index partition both refuse,
    more demand for a key whose base partition is at its limit takes index
    capacity from keys of other base partitions and serves fewer writes in
    all; and where one limit fixes how many writes succeed, more demand
    changes whose writes they are, so a partition of the other spends its
    burst bank sooner (``benchmarks/results/monotonicity.md``). Splits for
    heat are not simulated, on the base table nor on the indexes
    (:data:`INDEX_SPLIT_FOR_HEAT`): a hot index value stays on its one
    partition for the whole run.

    Assumption, for sustained overload only: an index partition's refusal
    comes back to the base table in the same second. DynamoDB updates
    indexes asynchronously through a buffer that only an imbalance over an
    extended period fills (``hp.SOURCES["GSI_WRITE_BUFFER"]``); AWS does not
    publish its size, so short bursts that the buffer would absorb are
    refused here, and the model describes a steady overload, not a spike.
    Every write of a key reaches the indexes that key maps to: a write that
    changes neither an index key nor a projected attribute costs that index
    nothing in DynamoDB (``hp.SOURCES["GSI_WRITE_WITHOUT_INDEX_UPDATE"]``);
    leave such writes out of ``demand`` or lower the index's ``fraction``.

    Parameters
    ----------
    table : Table
        The base table.
    demand : array_like
        Write units/s per base key, ``>= 0``, shaped (seconds, keys) or (keys,).
    seconds : int
        Seconds to simulate, ``>= 1``.
    keys : sequence of str
        The base table's partition-key values.
    indexes : sequence of GlobalSecondaryIndex
        The table's GSIs; each one's ``keys`` aligns with ``keys``.
    mode : Provisioned, AutoScaling or OnDemand, optional
        The base table's capacity mode.
    reads : array_like, optional
        Read units/s per base key, shaped like ``demand``.
    index_reads : mapping of str to array_like, optional
        Read units/s per index value (in the order of the index's
        ``values``), shaped (seconds, values) or (values,), by index name.

    Returns
    -------
    IndexedResult
        The base table (with back-pressure), each index, and any reads.

    Examples
    --------
    Three order keys, their status as the index key, the index short of capacity:

    >>> keys = ["o1", "o2", "o3"]
    >>> gsi = GlobalSecondaryIndex("by-status", ["OPEN", "OPEN", "OPEN"], wcu=300)
    >>> res = simulate_with_indexes(Table(1, wcu=1_000), [200, 200, 200], 60, keys, [gsi])
    >>> round(res.backpressure_total()), float(res.own.throttled.sum())
    (18000, 0.0)
    >>> res.table.exception(59, 0)
    'ProvisionedThroughputExceededException'
    """
    if not isinstance(table, Table):
        raise ValueError(f"table = {table!r} is not a Table")
    if isinstance(keys, str):
        raise ValueError(f"keys = {keys!r} is not allowed: must be a sequence of str, one per base key")
    key_list = list(keys)
    if not key_list:
        raise ValueError("keys must hold at least one key")
    n_sec = check_integer("seconds", seconds, low=1, high=10_000_000)
    # seconds x keys (and x each index's values) are arrays here before simulate checks its own cells
    _check_cells("keys", n_sec, len(key_list), "simulate fewer seconds or fewer keys", records=False)
    d = _demand_matrix("demand", demand, n_sec, len(key_list), "key")
    idx_list = list(indexes)
    for g in idx_list:
        if not isinstance(g, GlobalSecondaryIndex):
            raise ValueError(f"indexes holds {g!r}: each must be a GlobalSecondaryIndex")
        _check_cells(f"{g.name} values", n_sec, len(g.values), "simulate fewer seconds or fewer index values", records=False)
    names = [g.name for g in idx_list]
    if len(set(names)) != len(names):
        raise ValueError(f"indexes must have distinct names; got {names}")
    for g in idx_list:
        if len(g.keys) != len(key_list):
            raise ValueError(f"indexes[{g.name!r}].keys maps {len(g.keys)} keys; the table has {len(key_list)}")
    read_d = None if reads is None else _demand_matrix("reads", reads, n_sec, len(key_list), "key")
    idx_read_d: dict[str, NDArray[np.float64]] = {}
    for name, r in (index_reads or {}).items():
        if name not in names:
            raise ValueError(f"index_reads names {name!r}; the indexes are {names}")
        g = idx_list[names.index(name)]
        idx_read_d[name] = _demand_matrix(f"index_reads[{name!r}]", r, n_sec, len(g.values), "index value")

    # INDEX_CHARGE_ORDER: the indexes in the order listed; INDEX_REFUSAL_DELAY_S: refusals come back the same second.
    # An index is charged only for writes the base partition accepts (a write it refuses changes no index): the share
    # each base partition accepts and the share the indexes let through depend on each other, so both are found
    # together (_charged_indexes), starting from every write charged to every index.
    base_part = partition_of(key_list, table.partitions)
    accepted: NDArray[np.float64] | None = None  # share of each key's writes the base partition accepts; None: all
    own: SimulationResult | None = None
    own_saw_all = False
    seen: list[NDArray[np.float64]] = [np.ones_like(d)]  # the accepted shares since the last extrapolation
    for _ in range(_MAX_CHARGE_ROUNDS):
        index_results, bp, passing = _charged_indexes(idx_list, d, accepted, base_part, table.partitions, n_sec)
        if passing is None and own is not None and own_saw_all:
            break  # the base partitions see every write again: the same refusals, the charges already match them
        own = simulate(table, d if passing is None else d * passing, n_sec, kind="write", keys=key_list, mode=mode)
        own_saw_all = passing is None
        if not own.throttled.any():
            break  # the base refused nothing: every charge is of a write it accepted
        now = 1.0 - _refused_fraction(own, len(key_list), base_part)
        if accepted is not None and float(np.max(np.abs(now - accepted), initial=0.0)) <= _CHARGE_TOLERANCE:
            break  # the charges were of the writes the base partitions accept: settled
        seen.append(now)
        accepted = _aitken(seen) if len(seen) == 3 else now
        if len(seen) == 3:
            seen = [accepted]
    assert own is not None
    combined = _combine(own, d, passing, base_part, bp)

    read_res = None
    if read_d is not None:
        read_res = simulate(table, read_d, n_sec, kind="read", keys=key_list, mode=mode)
    idx_reads: dict[str, SimulationResult] = {}
    for name, r in idx_read_d.items():
        g = idx_list[names.index(name)]
        idx_reads[name] = simulate(g.table, r, n_sec, kind="read", keys=list(g.values), mode=g.mode)
    return IndexedResult(table=combined, own=own, indexes=index_results, backpressure=bp, reads=read_res, index_reads=idx_reads)


#: The most rounds :func:`simulate_with_indexes` takes to find the writes each index is charged for, and the change of
#: the base partitions' accepted shares below which they are settled. Each round charges the indexes with the writes
#: the base partitions accepted in the round before; the accepted shares only fall and the indexes' only rise from
#: round to round (each a decreasing function of the other's), so they settle on the greatest fixed point, most runs in
#: one or two rounds (one side refuses nothing), else geometrically (a ratio up to 0.9 when both refuse), which every
#: third round's extrapolation (:func:`_aitken`) cuts to a few rounds; past the bound the last round stands.
_MAX_CHARGE_ROUNDS: Final[int] = 60
_CHARGE_TOLERANCE: Final[float] = 1e-12


def _aitken(seen: list[NDArray[np.float64]]) -> NDArray[np.float64]:
    """Aitken's extrapolation of three accepted shares in a row (``x``, ``F(x)``, ``F(F(x))``), cell by cell, in
    ``[0, 1]``: where they close in geometrically (the base and an index both refusing: a ratio up to 0.9), the limit
    comes in one step instead of dozens; where they do not (a ratio outside ``[0, 1)``, or settled), the last one.

    Examples
    --------
    >>> _aitken([np.array([1.0]), np.array([0.5]), np.array([0.25])])  # halving each round: the limit is 0
    array([0.])
    """
    x0, x1, x2 = seen
    step0, step1 = x1 - x0, x2 - x1
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(step0 != 0.0, step1 / step0, 0.0)
        out = np.where((ratio > 0.0) & (ratio < 1.0), x2 + step1 * ratio / (1.0 - ratio), x2)
    return np.clip(out, 0.0, 1.0)


def _charged_indexes(
    idx_list: list[GlobalSecondaryIndex],
    d: NDArray[np.float64],
    accepted: NDArray[np.float64] | None,
    base_part: NDArray[np.int64],
    n_part: int,
    n_sec: int,
) -> tuple[dict[str, SimulationResult], dict[str, NDArray[np.float64]], NDArray[np.float64] | None]:
    """Every index simulated on the writes it is charged for, in the order listed; their back-pressure and passing.

    Index ``i`` is charged for key ``k``'s writes that the base partition accepts (``accepted``, ``None`` for all)
    and the indexes before it let through (INDEX_CHARGE_ORDER), thinned by its ``fraction`` and scaled by its
    ``units_per_write``. Its refused share ``q`` of a second then refuses that share of every write of the key that
    reached it: the back-pressure counts writes of the whole demand ``d`` (each refused write counted under the first
    index that refuses it), so that with the base partition's own refusals they add up to what is refused. Returns the
    results by index name, the back-pressure by index name (shaped (seconds, base partitions)) and the share of each
    key's writes every index let through (``None`` when no index refused anything).
    """
    passing: NDArray[np.float64] | None = None
    index_results: dict[str, SimulationResult] = {}
    bp: dict[str, NDArray[np.float64]] = {}
    for g in idx_list:
        col = g._value_columns()  # index value of each base key, -1 where the items lack the attribute
        has = col >= 0
        through = d if passing is None else d * passing
        charged = through if accepted is None else through * accepted
        index_demand = np.zeros((n_sec, len(g.values)))
        if has.any():
            keys_in = np.flatnonzero(has)
            index_demand = _group_sum(charged[:, keys_in], col[keys_in], len(g.values))
            with np.errstate(over="ignore"):
                index_demand *= g.fraction * g.units_per_write
        _check_index_demand(g, index_demand)
        # no split for heat on an index partition (INDEX_SPLIT_FOR_HEAT is False): split=None
        res = simulate(g.table, index_demand, n_sec, kind="write", keys=list(g.values), mode=g.mode, split=None)
        index_results[g.name] = res
        if g.fraction == 0 or not res.throttled.any():  # nothing refused: nothing pushed back
            bp[g.name] = np.zeros((n_sec, n_part))
            bp[g.name].flags.writeable = False
            continue
        q = _refused_fraction(res, len(g.values), g.value_partitions())
        # share of key k's surviving writes refused by this index: f * q(value of k), 0 outside the index
        refused_share = np.where(has, q[:, np.maximum(col, 0)] * g.fraction, 0.0)
        per_part = _group_sum(through * refused_share, base_part, n_part)
        per_part.flags.writeable = False
        bp[g.name] = per_part
        passing = 1.0 - refused_share if passing is None else passing * (1.0 - refused_share)
    return index_results, bp, passing


def _per_minute(x: NDArray[np.float64]) -> NDArray[np.float64]:
    """Sum rows (seconds) into minutes; the last minute may be partial."""
    n_sec = x.shape[0]
    n_min = -(-n_sec // 60)
    pad = np.zeros((n_min * 60, x.shape[1]))
    pad[:n_sec] = x
    return pad.reshape(n_min, 60, -1).sum(axis=1)


def _combine(
    own: SimulationResult,
    d: NDArray[np.float64],
    passing: NDArray[np.float64] | None,
    base_part: NDArray[np.int64],
    bp: dict[str, NDArray[np.float64]],
) -> SimulationResult:
    """The base table's view: all demand offered, back-pressure added to what its partitions refused."""
    n_sec, n_part = own.offered.shape
    offered = _group_sum(d, base_part, n_part)
    bp_total = sum(bp.values()) if bp else np.zeros((n_sec, n_part))
    served = np.empty_like(offered)
    throttled = np.empty_like(offered)
    # _conserve_into works on flat arrays (it indexes with flatnonzero): pass 1-D views
    _conserve_into(
        offered.reshape(-1),
        np.minimum(own.served, offered).reshape(-1),
        served.reshape(-1),
        throttled.reshape(-1),
        np.empty(offered.size, dtype=bool),
    )
    # where no index refused anything, the base partitions saw all the demand: keep their exact figures
    # (a sum over keys in another order could leave a 1e-13 "refusal" behind)
    quiet = bp_total <= 0
    offered[quiet] = own.offered[quiet]
    served[quiet] = own.served[quiet]
    throttled[quiet] = own.throttled[quiet]
    reason = np.where((bp_total > 0) & (bp_total >= own.throttled), np.int8(Refusal.INDEX_BACKPRESSURE), own.reason).astype(
        np.int8
    )
    reason[throttled == 0] = Refusal.NONE
    key_offered = _per_minute(d)
    # back-pressure per key counted directly (exactly 0 where no index refused), not as a difference of sums
    key_throttled = own.key_throttled if passing is None else own.key_throttled + _per_minute(d * (1.0 - passing))
    for a in (offered, served, throttled, reason, key_offered, key_throttled):
        a.flags.writeable = False
    return replace(
        own,
        offered=offered,
        served=served,
        throttled=throttled,
        reason=reason,
        key_offered=key_offered,
        key_throttled=key_throttled,
    )
