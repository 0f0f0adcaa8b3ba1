"""Capacity over time: a per-second simulator of a table's partitions in every capacity mode.

Chapters 08 to 11 (``notebooks/08_burst.ipynb``, ``notebooks/09_adaptive.ipynb``,
``notebooks/10_isolation.ipynb``, ``notebooks/11_capacity_modes.ipynb``) are built on :func:`simulate`, and
``notebooks/12_gsi.ipynb`` to ``notebooks/16_your_table.ipynb`` reuse it (``notebooks/13_detection.ipynb``,
``notebooks/14_retries.ipynb``, ``notebooks/15_diagnosis.ipynb``).

:func:`simulate` takes a :class:`Table` and its demand (per partition, or per key), steps one second at a time,
vectorised over partitions with numpy and looping only over time, and returns a :class:`SimulationResult`: arrays
shaped (seconds, partitions) for ``offered``, ``served`` and ``throttled`` units, the token and burst balances,
and the reason for every refusal (:class:`hotpart.Refusal`) with the exception a client sees. Conservation is
exact: ``served + throttled == offered`` in every cell, bit for bit, and no record is ever negative.
:data:`MAX_SIMULATED_DEMAND` (an assumption, a limit of the simulation) bounds a second's demand: above it float64
could not keep conservation exact without losing served units, so it is refused with a ``ValueError``. A run's
records are bounded too, by ``MAX_SIMULATED_CELLS`` (``hotpart.models._capacity_common``: 1e8 cells of seconds x
partitions, or seconds x keys, 33 bytes each; a limit of the machine): a larger run is refused with a ``ValueError``
naming both counts before anything is allocated.

Each mechanism lives in its own module, which holds its settings, its closed-form bounds and its private step;
this module holds the table, the records, the per-key accounting and the orchestration:

* :mod:`hotpart.models.burst`: the burst bank (``_BurstBucket``) and :func:`hotpart.burst_seconds`;
* :mod:`hotpart.models.adaptive`: adaptive capacity (``_AdaptiveCapacity``), :func:`hotpart.adaptive_rate`,
  :func:`hotpart.max_item_rate`;
* :mod:`hotpart.models.provisioned`: :class:`hotpart.Provisioned` and its step (``_ProvisionedStep``: token
  bucket, then burst, then adaptive capacity);
* :mod:`hotpart.models.autoscaling`: :class:`hotpart.AutoScaling` and its controller
  (``_AutoScalingController``: the one-minute alarms, the provisioning lag, the scale-in margin and the quota);
* :mod:`hotpart.models.on_demand`: :class:`hotpart.OnDemand` and its step (``_OnDemandStep``);
* :mod:`hotpart.models.split_for_heat`: :class:`hotpart.SplitForHeat` and its controller
  (``_SplitForHeatController``);
* :mod:`hotpart.models.refusals`: :class:`hotpart.Refusal` and :func:`hotpart.refusal_exception`.

Here: ``_KeyPlacement`` (demand per key placed on partitions, and each key's offered and refused units per
minute), ``_Records`` (the per-second arrays, settled so that served + throttled equals offered in every cell,
and the result built from them) and :func:`simulate`, a short loop over seconds that hands each second to the
steps (in the spirit of Ciw, which splits its simulator into node, server and simulation).

The sources of the published figures are in :mod:`hotpart.models.constants` (:data:`hotpart.SOURCES`). A
straightforward pure-Python loop of the same model lives in ``tests/reference_simulator.py``; the tests check
that both give identical results, ``tests/test_simulator_steps.py`` that the steps give what the single loop gave
before them (issue 16), and ``benchmarks/bench_simulator.py`` times them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._capacity_common import _CELL_BYTES, _KINDS, _MAX_DEMAND, _ceiling, _zeros
from ._capacity_common import MAX_SIMULATED_CELLS as _MAX_CELLS
from ._validation import check_array, check_choice, check_count, check_integer, check_number
from .autoscaling import AutoScaling, _AutoScalingController
from .hashing import partition_of
from .on_demand import OnDemand, _OnDemandStep
from .provisioned import Provisioned, _ProvisionedStep
from .refusals import Refusal, refusal_exception
from .split_for_heat import MAX_SPLIT_PARTITIONS, SplitForHeat, _SplitForHeatController

__all__ = ["MAX_SIMULATED_DEMAND", "SimulationResult", "Table", "simulate"]

#: The most units/s one second of demand may total: a limit of the simulation, not of DynamoDB. Above it,
#: float64 rounding in ``served + throttled == offered`` would cost served units (at 1e19, all of them).
MAX_SIMULATED_DEMAND: Final[float] = _MAX_DEMAND

# numpy's functions as module globals: the per-second loop calls them thousands of times a run
_subtract, _greater, _nextafter, _count_nonzero = np.subtract, np.greater, np.nextafter, np.count_nonzero
_INF = math.inf
#: Seconds of demand prepared at once (offered units placed, ``min(o, c)``, row totals), at most :data:`_BLOCK_CELLS`
#: cells; with splits, a block is cut short when a split moves keys.
_BLOCK_S, _SPLIT_BLOCK_S, _BLOCK_CELLS = 1024, 60, 1 << 18
#: Rows a first try at a run of seconds with none short covers, and seconds before the next try after a failure.
_CALM_TRY_S: Final[int] = 16


@dataclass(frozen=True)
class Table:
    """A table as the simulator sees it.

    Parameters
    ----------
    partitions : int
        Partitions at the start, ``>= 1``. Provisioned capacity is split
        evenly over them.
    wcu : float
        Provisioned write capacity, WCU/s, in ``[0, 1e9]`` (ignored in on-demand
        mode; the upper bound is :data:`MAX_SIMULATED_DEMAND`, a limit of the
        simulation, whose per-second records are finite only up to it).
    rcu : float
        Provisioned read capacity, RCU/s, in ``[0, 1e9]``, as ``wcu``.
    items_per_key : int
        Items per partition-key value, in ``[1, 2**53]`` (the largest count exact in float64):
        1 for a simple primary key, more for item collections (a sort key). A
        split for heat can cut a collection between its items, never an item.
    has_lsi : bool
        Whether the table has a local secondary index; then item collections
        are never split across partitions.

    Examples
    --------
    >>> Table(4, wcu=400)
    Table(4 partitions, 400 WCU/s (100 each), 0 RCU/s, simple keys)
    >>> Table(4, wcu=400, items_per_key=50, has_lsi=True)
    Table(4 partitions, 400 WCU/s (100 each), 0 RCU/s, 50 items per key, LSI)
    """

    partitions: int
    wcu: float = 0.0
    rcu: float = 0.0
    items_per_key: int = 1
    has_lsi: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "partitions", check_integer("partitions", self.partitions, low=1, high=1_000_000))
        object.__setattr__(self, "wcu", check_number("wcu", self.wcu, low=0, high=MAX_SIMULATED_DEMAND))
        object.__setattr__(self, "rcu", check_number("rcu", self.rcu, low=0, high=MAX_SIMULATED_DEMAND))
        object.__setattr__(self, "items_per_key", check_count("items_per_key", self.items_per_key, low=1))
        check_choice("has_lsi", self.has_lsi, (True, False))

    def __repr__(self) -> str:
        keys = "simple keys" if self.items_per_key == 1 else f"{self.items_per_key} items per key"
        parts = f"{self.partitions} partition{'' if self.partitions == 1 else 's'}"
        return (
            f"Table({parts}, {self.wcu:,.0f} WCU/s ({self.wcu / self.partitions:,.0f} each), "
            f"{self.rcu:,.0f} RCU/s, {keys}{', LSI' if self.has_lsi else ''})"
        )

    def capacity(self, kind: str) -> float:
        """Provisioned capacity for ``kind`` (``"write"``: WCU/s, ``"read"``: RCU/s)."""
        return self.wcu if check_choice("kind", kind, _KINDS) == "write" else self.rcu


@dataclass(frozen=True)
class SimulationResult:
    """What :func:`simulate` returns: per second and partition, what was offered, served and refused.

    Every array indexed ``[second, partition]`` has shape (seconds,
    partitions), where partitions counts every partition that existed at any
    time: a partition created by a split at second ``t`` is zero before
    ``t + 1``, and the parent keeps its column for its left half.

    Attributes
    ----------
    table : Table
        The table simulated.
    kind : {"write", "read"}
        Units are WCU or RCU.
    mode : Provisioned, AutoScaling or OnDemand
        The capacity mode and its settings.
    ceiling : float
        The per-partition ceiling, units/s.
    offered, served, throttled : numpy.ndarray
        Units per second offered, served and refused; ``served + throttled == offered`` exactly.
    tokens : numpy.ndarray
        Units left in each partition's token bucket at the end of the second
        (its share not used nor lent); zero in on-demand mode. Stored as
        float32 (seven significant digits), like ``burst``; the arithmetic runs
        in float64.
    burst : numpy.ndarray
        Banked burst units at the end of the second; zero in on-demand mode.
    reason : numpy.ndarray
        int8 :class:`hotpart.Refusal` code of each cell (``0`` where nothing was refused).
    capacity : numpy.ndarray
        The table's capacity each second, units/s: provisioned (auto scaling
        moves it), or on-demand's ceiling ``min(2 x peak, quota, maximum)``.
    splits : tuple of (int, int, int)
        ``(second, parent, child)`` for every split for heat.
    blocked : tuple of (int, int, str)
        ``(second, partition, why)`` for every split that was due but could
        not happen (``"single item"``, ``"LSI"``, ``"monotonic sort key"``, or ``"partition cap"``
        when the simulation reached :data:`hotpart.MAX_SPLIT_PARTITIONS`).
    keys : tuple of str
        The partition-key values, when demand was given per key (else empty).
    key_offered, key_throttled : numpy.ndarray or None
        Units offered and refused per minute and key, shaped (minutes, keys),
        when demand was given per key: what Contributor Insights counts
        (:func:`hotpart.top_keys`). Within a partition every key loses the
        same fraction of its units. The last minute may be partial.
    """

    table: Table
    kind: str
    mode: Provisioned | OnDemand
    ceiling: float
    offered: NDArray[np.float64]
    served: NDArray[np.float64]
    throttled: NDArray[np.float64]
    tokens: NDArray[np.float32]
    burst: NDArray[np.float32]
    reason: NDArray[np.int8]
    capacity: NDArray[np.float64]
    splits: tuple[tuple[int, int, int], ...] = ()
    blocked: tuple[tuple[int, int, str], ...] = ()
    keys: tuple[str, ...] = ()
    key_offered: NDArray[np.float64] | None = None
    key_throttled: NDArray[np.float64] | None = None

    def __repr__(self) -> str:
        seconds, parts = self.offered.shape
        offered = float(self.offered.sum())
        refused = float(self.throttled.sum())
        share = refused / offered if offered else 0.0
        return (
            f"SimulationResult({seconds} s x {parts} partition{'' if parts == 1 else 's'}, {self.kind}s, {self.mode.name}: "
            f"offered {offered:,.0f} units, throttled {refused:,.0f} ({share:.1%}), "
            f"{len(self.splits)} split{'' if len(self.splits) == 1 else 's'})"
        )

    @property
    def seconds(self) -> int:
        """Seconds simulated."""
        return int(self.offered.shape[0])

    @property
    def partitions(self) -> int:
        """Partitions that existed at any time."""
        return int(self.offered.shape[1])

    def _cell(self, second: int, partition: int) -> int:
        """The refusal code of one cell; ``second`` and ``partition`` count from 0 (no negative indices)."""
        t = check_integer("second", second, low=0, high=self.seconds - 1)
        p = check_integer("partition", partition, low=0, high=self.partitions - 1)
        return int(self.reason[t, p])

    def exception(self, second: int, partition: int) -> str:
        """The exception a client sees for a request refused in that cell (``""`` if none was).

        ``second`` in ``[0, seconds - 1]`` and ``partition`` in ``[0, partitions - 1]``; negative indices are
        refused (they would silently read the last cell).
        """
        return refusal_exception(self._cell(second, partition), self.mode.name)

    def throttling_reason(self, second: int, partition: int) -> str:
        """The ``ThrottlingReason.reason`` for a refusal in that cell (``""`` if none, or undocumented).

        ``second`` in ``[0, seconds - 1]`` and ``partition`` in ``[0, partitions - 1]``, as :meth:`exception`.

        Examples
        --------
        >>> res = simulate(Table(4, wcu=400), [50, 50, 50, 150], 60, mode=Provisioned(adaptive=False))
        >>> res.throttling_reason(59, 3), res.throttling_reason(59, 0)
        ('TableWriteKeyRangeThroughputExceeded', '')
        """
        return Refusal(self._cell(second, partition)).throttling_reason(self.kind)

    def throttled_by_reason(self) -> dict[str, float]:
        """Units refused over the whole run, by the reason's label (reasons that refused nothing left out)."""
        totals = np.bincount(self.reason.ravel(), weights=self.throttled.ravel(), minlength=len(Refusal))
        return {Refusal(i).label: float(t) for i, t in enumerate(totals) if i and t > 0}

    def throttled_by_exception(self) -> dict[str, float]:
        """Units refused over the whole run, by the exception the client sees."""
        out: dict[str, float] = {}
        totals = np.bincount(self.reason.ravel(), weights=self.throttled.ravel(), minlength=len(Refusal))
        for i, t in enumerate(totals):
            if i and t > 0:
                name = refusal_exception(i, self.mode.name)
                out[name] = out.get(name, 0.0) + float(t)
        return out

    def _column(self, partition: int | None) -> NDArray[np.float64]:
        if partition is None:
            return self.throttled
        p = check_integer("partition", partition, low=0, high=self.partitions - 1)
        return self.throttled[:, p : p + 1]

    def first_throttled(self, partition: int | None = None) -> int | None:
        """First second with any units refused (on ``partition``, or anywhere), or ``None``.

        ``partition`` in ``[0, partitions - 1]``, or ``None`` for the whole table.

        Examples
        --------
        >>> res = simulate(Table(4, wcu=400), [50, 50, 50, 150], 60, mode=Provisioned(adaptive=False))
        >>> res.first_throttled(3), res.first_throttled(0), res.last_throttled()
        (0, None, 59)
        """
        t = self._column(partition)
        hit = np.flatnonzero(t.max(axis=1) > 0)
        return int(hit[0]) if hit.size else None

    def last_throttled(self, partition: int | None = None) -> int | None:
        """Last second with any units refused (on ``partition``, or anywhere), or ``None``.

        ``partition`` in ``[0, partitions - 1]``, or ``None`` for the whole table.
        """
        t = self._column(partition)
        hit = np.flatnonzero(t.max(axis=1) > 0)
        return int(hit[-1]) if hit.size else None


# ---------------------------------------------------------------------------------------------
# The simulator
# ---------------------------------------------------------------------------------------------


def _conserve_into(
    offered: NDArray[np.float64],
    served: NDArray[np.float64],
    out_served: NDArray[np.float64],
    out_throttled: NDArray[np.float64],
    up: NDArray[np.bool_],
) -> None:
    """Write served and throttled such that ``served + throttled == offered`` exactly, served never raised.

    ``throttled = offered - served`` rounds when served is under half of
    offered; then ``offered - throttled`` is exact (Sterbenz's lemma) and sums
    back to offered exactly. If that rounding raised served, throttled moves
    one ulp up, which lowers served below the intended value instead.
    """
    _subtract(offered, served, out=out_throttled)
    _subtract(offered, out_throttled, out=out_served)
    _greater(out_served, served, out=up)
    if _count_nonzero(up):  # the same two operations on the cells concerned, in place (masked, not gathered)
        _nextafter(out_throttled, _INF, out=out_throttled, where=up)
        _subtract(offered, out_throttled, out=out_served, where=up)


@dataclass
class _Segments:
    """Keys (or pieces of item collections) and the partition each sits on; used only with key demand."""

    key: NDArray[np.int64]
    pos: NDArray[np.int64]
    items: NDArray[np.int64]
    frac: NDArray[np.float64]
    part: NDArray[np.int64]


def _demand_matrix(name: str, demand: ArrayLike, seconds: int, width: int, what: str) -> NDArray[np.float64]:
    d = check_array(name, demand, low=0, high=math.inf, high_open=True)
    if d.ndim in (1, 2) and d.size:
        with np.errstate(over="ignore"):
            per_second = d.sum(axis=-1)
        worst = int(np.argmax(per_second)) if per_second.ndim else 0
        total = float(per_second.max())
        if not total <= MAX_SIMULATED_DEMAND:
            at = f" in second {worst}" if d.ndim == 2 else " each second"
            raise ValueError(
                f"{name} totals {total:.3g} units/s{at}; allowed: at most {MAX_SIMULATED_DEMAND:.0e} units/s in one "
                "second (MAX_SIMULATED_DEMAND, a limit of the simulation: above it float64 rounding would lose served "
                "units)"
            )
    if d.ndim == 1:
        if d.shape[0] != width:
            raise ValueError(f"{name} must hold one value per {what} ({width}); got shape {d.shape}")
        return np.broadcast_to(_own(d, demand), (seconds, width))
    if d.ndim != 2 or d.shape != (seconds, width):
        raise ValueError(f"{name} must be shaped (seconds, {what}s) = ({seconds}, {width}) or ({width},); got {d.shape}")
    return _own(d, demand)


def _own(d: NDArray[np.float64], given: ArrayLike) -> NDArray[np.float64]:
    """``d``, or a copy of it where it shares memory with the array the caller gave: the result's records must not
    change when the caller later writes to its own array (its ``offered`` would no longer be served + throttled)."""
    return d.copy() if isinstance(given, np.ndarray) and np.may_share_memory(d, given) else d


class _Records:
    """The per-second, per-partition records of one run, and the :class:`SimulationResult` built from them.

    Contract: :meth:`settle` writes ``served[t]`` and ``throttled[t]`` so that ``served + throttled == offered``
    holds bit for bit and served never exceeds what the step meant to serve (:func:`_conserve_into`); every other
    record is written by the step that owns it: ``tokens``, ``burst`` and ``capacity`` by the capacity step,
    ``reason`` by the step that refused. Arrays are shaped (seconds, partitions allocated); the result keeps the
    partitions used and is read-only.

    Parameters
    ----------
    offered : numpy.ndarray
        Units/s offered, shaped (seconds, partitions allocated): the demand itself when it is per partition, or
        zeros that :meth:`_KeyPlacement.offer` fills a second at a time.
    """

    def __init__(self, offered: NDArray[np.float64]) -> None:
        n_sec, n_alloc = offered.shape
        # np.empty (then filled) rather than np.zeros: large empty arrays get transparent huge pages,
        # which makes first writes many times faster than calloc's zero pages.
        self.offered = offered
        self.served = np.empty((n_sec, n_alloc))
        self.throttled = np.empty((n_sec, n_alloc))
        self.tokens = _zeros((n_sec, n_alloc), dtype=np.float32)
        self.burst = _zeros((n_sec, n_alloc), dtype=np.float32)
        self.reason = _zeros((n_sec, n_alloc), dtype=np.int8)
        self.capacity = np.zeros(n_sec)
        self._up = np.empty(n_alloc, dtype=bool)

    def settle(self, t: int, offered: NDArray[np.float64], served: NDArray[np.float64]) -> NDArray[np.float64]:
        """Record second ``t``: ``served`` units/s meant of ``offered``; return that second's throttled row."""
        # _conserve_into, inlined (a call less every simulated second)
        throttled, out_served, up = self.throttled[t], self.served[t], self._up
        _subtract(offered, served, out=throttled)
        _subtract(offered, throttled, out=out_served)
        _greater(out_served, served, out=up)
        if _count_nonzero(up):
            _nextafter(throttled, _INF, out=throttled, where=up)
            _subtract(offered, throttled, out=out_served, where=up)
        return throttled

    def result(
        self,
        table: Table,
        kind: str,
        mode: Provisioned | OnDemand,
        ceiling: float,
        n_used: int,
        splits: tuple[tuple[int, int, int], ...] = (),
        blocked: tuple[tuple[int, int, str], ...] = (),
        per_key: dict[str, object] | None = None,
    ) -> SimulationResult:
        """The result: the first ``n_used`` partitions of every record, read-only."""
        n_alloc = self.served.shape[1]

        def out(a: NDArray) -> NDArray:
            a = a[:, :n_used].copy() if n_used < n_alloc else a.view()
            a.flags.writeable = False
            return a

        self.capacity.flags.writeable = False
        return SimulationResult(
            table=table,
            kind=kind,
            mode=mode,
            ceiling=ceiling,
            offered=out(self.offered),
            served=out(self.served),
            throttled=out(self.throttled),
            tokens=out(self.tokens),
            burst=out(self.burst),
            reason=out(self.reason),
            capacity=self.capacity,
            splits=splits,
            blocked=blocked,
            **(per_key or {}),
        )


def _split_room(n0: int, n_sec: int, minutes: float) -> int:
    """The most splits ``n_sec`` seconds allow ``n0`` partitions, when a split needs ``minutes`` hot (``> 0``).

    A partition splits once it has been hot for ``A = ceil(60 x minutes)`` whole seconds running (its count of hot
    seconds is a whole number, compared with ``60 x minutes``), and both halves count again from zero (the split one
    is reset, the new one was never hot: an unused column serves nothing, below any positive threshold). So the
    partitions of generation ``j`` split no earlier than second ``j x A - 1``, and ``n_sec`` seconds hold at most
    ``G = n_sec // A`` doublings: at most ``n0 x (2**G - 1)`` splits. The simulator allocates no more columns than
    that (nor than :func:`_heat_room` allows) rather than one per item: by this bound 64 instead of 1,603 for chapter
    10's 1,200 seconds at five minutes. Columns never used are cut from the result, so the bound changes no result
    (``tests/test_simulator_speed.py``).

    Examples
    --------
    >>> _split_room(4, 1200, 5.0), _split_room(4, 299, 5.0), _split_room(1, 86_400, 0.01) == 2**40 - 1
    (60, 0, True)
    """
    doublings = n_sec // max(1, math.ceil(60.0 * minutes))
    return n0 * ((1 << min(doublings, 40)) - 1)


def _heat_room(demand: NDArray[np.float64], threshold: float, minutes: float) -> int:
    """The most splits ``demand`` allows (units/s, shaped (seconds, keys)), when a partition counts as hot serving at
    least ``threshold`` units/s (``> 0``) and splits after ``A = ceil(60 x minutes)`` hot seconds running.

    A partition serves no more than it is offered, so in second ``t`` at most ``H_t = floor(D_t / threshold)``
    partitions are hot, ``D_t`` the demand of all keys that second. Each split uses ``A`` hot seconds of its
    partition that no other split uses (the count restarts at zero), so there are at most ``sum(H_t) // A``
    splits. ``D_t`` is taken ``1e-9`` larger than its float sum, for the rounding of the partitions' sums.

    Examples
    --------
    Chapter 10's one hot item at 500 WCU/s beside 24 keys at 10 WCU/s, for 1,200 s, splitting at half of 1,000 WCU/s
    after a minute: one partition hot at a time, 20 splits at most (1,599 by items, 4,194,300 by doublings).

    >>> _heat_room(np.full((1200, 25), [500.0] + [10.0] * 24), 500.0, 1.0)
    20
    """
    totals = demand.sum(axis=1) * (1.0 + 1e-9)
    # H_t capped at 2**53 partitions: a subnormal threshold (SplitForHeat(threshold=5e-324)) makes the quotient
    # infinite (silently: a reader's notebook shows every warning), and the room is only ever the smaller of this and
    # max_partitions
    with np.errstate(over="ignore"):
        hot = np.minimum(np.floor(totals / threshold), 2.0**53)
    return int(hot.sum()) // max(1, math.ceil(60.0 * minutes))


class _KeyPlacement:
    """Demand given per key: where each key (or piece of an item collection) sits, and what each key lost per minute.

    Keys are placed with :func:`hotpart.partition_of`; a split for heat moves some of them (``_split_partition``, in
    :mod:`hotpart.models.split_for_heat`, edits :attr:`seg`). Contract: :meth:`fill` fills a block of seconds from
    ``t`` of the per-partition offered units from the keys' demand (refilled from the next second when keys move);
    :meth:`book` (only while keys move, that is with splits: called before they move) and :meth:`per_key` give every
    key the refused fraction of the partition it sat on that second, summed a minute at a time (what Contributor
    Insights counts), so each key's offered units per minute sum to its demand.

    Parameters
    ----------
    keys : list of str
        The partition-key values, at least one.
    demand : numpy.ndarray
        Units/s per key, shaped (seconds, keys) (possibly a broadcast view).
    table : Table
        Its partitions and items per key.
    split : SplitForHeat or None
        Splits for heat, if any: then room is allocated for every split the model allows.
    max_partitions : int
        The most partitions splits may reach.
    ceiling : float
        The per-partition ceiling, units/s (what a split's threshold is a fraction of).
    """

    def __init__(
        self,
        keys: list[str],
        demand: NDArray[np.float64],
        table: Table,
        split: SplitForHeat | None,
        max_partitions: int,
        ceiling: float,
    ) -> None:
        n_sec, k = demand.shape
        n0 = table.partitions
        self.demand = demand
        self.k = k
        self.keys = tuple(keys)
        n_min = -(-n_sec // 60)
        self.key_off_min = np.zeros((n_min, k))
        self.key_thr_min = np.zeros((n_min, k))
        self.seg = _Segments(
            key=np.arange(k, dtype=np.int64),
            pos=partition_of(keys, 2**62),
            items=np.full(k, table.items_per_key, dtype=np.int64),
            frac=np.ones(k),
            part=partition_of(keys, n0),
        )
        # room for every split the model allows (at most one per item), within MAX_SPLIT_PARTITIONS, and no more
        # than the seconds (_split_room) and the demand (_heat_room) allow
        room = 0
        if split is not None:
            room = min(k * table.items_per_key - 1, max(max_partitions - n0, 0), _split_room(n0, n_sec, split.minutes))
            if room > 0:
                room = min(room, _heat_room(demand, split.threshold * ceiling, split.minutes))
        self.n_alloc = n0 + room
        self._booked = 0  # seconds booked to key_off_min and key_thr_min (with splits)

    def fill(self, t: int, offered: NDArray[np.float64], split: bool = False) -> int:
        """Fill ``offered[t:end]`` with each partition's units/s, keys where they sit now; return ``end``.

        One ``bincount`` over the block, each row's cells offset by ``row x n_alloc``: it adds every partition's keys in
        the same order, from the same 0, as a ``bincount`` a second would, so the same bits. With splits the block is
        short (:data:`_SPLIT_BLOCK_S`), and refilled from the next second when a split moves keys.
        """
        seg, n_alloc = self.seg, self.n_alloc
        rows = max(1, min(_SPLIT_BLOCK_S if split else _BLOCK_S, _BLOCK_CELLS // max(seg.key.size, n_alloc)))
        end = min(self.demand.shape[0], t + rows)
        block = self.demand[t:end]
        # a row offered what the row before it was (bit for bit) is placed as that row was: only the first row of each
        # run is added up, and the same additions give the same bits
        first = np.ones(end - t, dtype=bool)
        bits = block.view(np.uint64)
        np.any(bits[1:] != bits[:-1], axis=1, out=first[1:])
        starts = first.nonzero()[0]
        weights = block[starts][:, seg.key] * seg.frac
        cells = (np.arange(starts.size)[:, None] * n_alloc + seg.part).ravel()
        placed = np.bincount(cells, weights=weights.ravel(), minlength=starts.size * n_alloc).reshape(starts.size, n_alloc)
        offered[t:end] = placed if starts.size == end - t else placed[np.cumsum(first) - 1]
        return end

    def book(self, t: int, offered: NDArray[np.float64], throttled: NDArray[np.float64]) -> None:
        """Add seconds ``booked .. t`` to each key's offered and refused units of their minutes (keys sit where they
        sat all those seconds: called before any key moves, and at the end).

        The same sums as adding each second's ``bincount`` of the keys' units to its minute, in order: each second's
        row is one ``bincount`` (rows offset as in :meth:`fill`), and a minute's rows are added to it one after the
        other by ``cumsum`` down the rows, which adds left to right like ``+=`` a second at a time.
        """
        seg, k = self.seg, self.k
        while self._booked <= t:
            t0 = self._booked
            t1 = min(t + 1, (t0 // 60 + 1) * 60)  # within one minute
            rows = t1 - t0
            seg_demand = self.demand[t0:t1][:, seg.key] * seg.frac
            o_seg = offered[t0:t1][:, seg.part]
            frac_thr = np.divide(throttled[t0:t1][:, seg.part], o_seg, out=np.zeros(o_seg.shape), where=o_seg > 0)
            cells = (np.arange(rows)[:, None] * k + seg.key).ravel()
            for acc, w in ((self.key_off_min, seg_demand), (self.key_thr_min, seg_demand * frac_thr)):
                per_second = np.bincount(cells, weights=w.ravel(), minlength=rows * k).reshape(rows, k)
                chain = np.empty((rows + 1, k))
                chain[0] = acc[t0 // 60]
                chain[1:] = per_second
                acc[t0 // 60] = chain.cumsum(axis=0)[-1]
            self._booked = t1

    def per_key(self, offered: NDArray[np.float64], throttled: NDArray[np.float64], recorded: bool) -> dict[str, object]:
        """The result's ``keys``, ``key_offered`` and ``key_throttled``; booked as keys moved if ``recorded``."""
        if recorded:
            self.book(offered.shape[0] - 1, offered, throttled)
        else:
            # keys never move: each key loses its partition's refused share, summed a minute at a time
            seg, d = self.seg, self.demand
            for m0 in range(0, d.shape[0], 60):
                block = slice(m0, min(m0 + 60, d.shape[0]))
                self.key_off_min[m0 // 60] = d[block].sum(axis=0)
                if not _count_nonzero(throttled[block]):
                    # nothing refused this minute: every key's share is 0 (the sums below would be +0.0 too)
                    self.key_thr_min[m0 // 60] = 0.0
                    continue
                o_blk = offered[block][:, seg.part]
                frac_blk = np.divide(throttled[block][:, seg.part], o_blk, out=np.zeros_like(o_blk), where=o_blk > 0)
                self.key_thr_min[m0 // 60] = (d[block] * frac_blk).sum(axis=0)
        self.key_off_min.flags.writeable = False
        self.key_thr_min.flags.writeable = False
        return {"keys": self.keys, "key_offered": self.key_off_min, "key_throttled": self.key_thr_min}


def _check_cells(what: str, n_sec: int, count: int, advice: str, records: bool = True) -> None:
    """Refuse a run of more than ``MAX_SIMULATED_CELLS`` cells (``n_sec`` seconds x ``count`` columns), naming both
    counts, their product and the bound, before anything is allocated; ``records``: the cells are the records' (33
    bytes each), whose size the message gives.

    Examples
    --------
    >>> _check_cells("partitions", 604_800, 10_000, "simulate fewer seconds or fewer partitions")
    Traceback (most recent call last):
    ...
    ValueError: seconds x partitions = 604800 x 10000 = 6.05e+09 exceeds 1e+08, the most cells one simulation holds \
(MAX_SIMULATED_CELLS, a limit of the machine, not of DynamoDB; 33 bytes of records a cell: 200 GB); simulate fewer \
seconds or fewer partitions
    """
    cells = n_sec * count
    if cells > _MAX_CELLS:
        size = f"; {_CELL_BYTES} bytes of records a cell: {cells * _CELL_BYTES / 1e9:,.0f} GB" if records else ""
        raise ValueError(
            f"seconds x {what} = {n_sec} x {count} = {cells:.3g} exceeds {_MAX_CELLS:.0e}, the most cells one simulation "
            f"holds (MAX_SIMULATED_CELLS, a limit of the machine, not of DynamoDB{size}); {advice}"
        )


def _check_arguments(
    table: Table,
    seconds: int,
    kind: str,
    keys: Sequence[str] | None,
    mode: Provisioned | OnDemand | None,
    split: SplitForHeat | None,
    max_partitions: int,
) -> tuple[int, str, Provisioned | OnDemand, int]:
    """:func:`simulate`'s checks, in its order: the seconds, kind, mode (``Provisioned()`` if omitted) and cap."""
    if not isinstance(table, Table):
        raise ValueError(f"table = {table!r} is not a Table")
    n_sec = check_integer("seconds", seconds, low=1, high=10_000_000)
    kind = check_choice("kind", kind, _KINDS)
    mode = Provisioned() if mode is None else mode
    if not isinstance(mode, (Provisioned, OnDemand)):
        raise ValueError(f"mode = {mode!r} is not allowed: must be Provisioned, AutoScaling or OnDemand")
    if split is not None and not isinstance(split, SplitForHeat):
        raise ValueError(f"split = {split!r} is not a SplitForHeat")
    if split is not None and keys is None:
        raise ValueError("split needs keys: a split cuts the key range at its traffic median, so demand must be per key")
    max_parts = check_integer("max_partitions", max_partitions, low=1, high=1_000_000)
    _check_cells("partitions", n_sec, table.partitions, "simulate fewer seconds or fewer partitions")
    return n_sec, kind, mode, max_parts


def _place_demand(
    table: Table,
    demand: ArrayLike,
    n_sec: int,
    keys: Sequence[str] | None,
    split: SplitForHeat | None,
    max_partitions: int,
    ceiling: float,
) -> tuple[NDArray[np.float64], _KeyPlacement | None]:
    """The offered units/s shaped (seconds, partitions allocated), and the keys' placement when demand is per key."""
    if keys is None:
        return _demand_matrix("demand", demand, n_sec, table.partitions, "partition").view(), None
    key_list = list(keys)
    if not key_list:
        raise ValueError("keys must hold at least one key")
    _check_cells("keys", n_sec, len(key_list), "simulate fewer seconds or fewer keys", records=False)
    d = _demand_matrix("demand", demand, n_sec, len(key_list), "key")
    placement = _KeyPlacement(key_list, d, table, split, max_partitions, ceiling)
    if placement.n_alloc > table.partitions:  # the room for splits, allocated up front
        _check_cells(
            "partitions allocated",
            n_sec,
            placement.n_alloc,
            f"the table's {table.partitions} at the start and room for {placement.n_alloc - table.partitions} splits, "
            f"within max_partitions = {max_partitions}; simulate fewer seconds or lower max_partitions",
        )
    return _zeros((n_sec, placement.n_alloc)), placement


class _SteadyState:
    """Seconds that repeat the one before, filled in at once: provisioned mode (auto scaling included) without
    splits or a bank that keeps its deposits' ages (``burst_reading="window"`` or ``burst_portion < 1``).

    Such a second is a function of its offered row and of the state the second before left: the burst bank, and
    adaptive capacity's count of seconds each partition has been short (through ``count > delay`` alone; nothing
    else is carried from second to second, and the table's capacity and shares do not change: with auto scaling a
    copy stops at the minute's end, where the alarms evaluate, and before an update lands). So when second ``t``
    is offered what the next seconds are offered (bit for bit) and every partition short in it is already past the
    delay (or adaptive capacity is off, or none is short), those seconds compute what ``t`` computed for as long as
    each partition draws from its bank what it drew in ``t`` (:meth:`copy_forward`): their records are ``t``'s,
    copied, but for the banks, summed forward, and the counts of the partitions short grow by one a second (whole
    numbers, exact in float64). A table is not served a second at a time while its banks hold still, fill or drain.
    Within the block of seconds the loop has prepared; ``tests/test_simulator_speed.py`` replays the recorded runs
    and the reference loop bit for bit with and without it.
    """

    #: The records a second writes, row ``t`` of each.
    _ROWS = ("served", "throttled", "tokens", "burst", "reason", "capacity")

    def __init__(self, step: _ProvisionedStep, rec: _Records) -> None:
        self.step, self.rec = step, rec
        self._runs: list[int] = []

    @staticmethod
    def applies(
        step: _ProvisionedStep | _OnDemandStep, scaler: _AutoScalingController | None, splitter: _SplitForHeatController | None
    ) -> bool:
        return isinstance(step, _ProvisionedStep) and splitter is None and not step.burst.fifo

    @staticmethod
    def limit(t: int, scaler: _AutoScalingController | None) -> int:
        """How many seconds after ``t`` may be copied: with auto scaling, none past the minute's end (where the
        alarms evaluate) nor at or past the second an update in flight lands (the capacity changes)."""
        if scaler is None:
            return _BLOCK_S
        limit = 59 - t % 60
        if scaler.pending_cap >= 0.0:
            limit = min(limit, scaler.pending_at - t - 1)
        return limit

    def new_block(self, o_blk: NDArray[np.float64]) -> None:
        """For each row of the block, how many rows after it are offered the same, bit for bit."""
        bits = np.ascontiguousarray(o_blk).view(np.uint64)
        same = [*(bits[1:] == bits[:-1]).all(axis=1).tolist(), False]
        runs, after = [0] * len(same), 0
        for j in range(len(same) - 1, -1, -1):
            after = after + 1 if same[j] else 0
            runs[j] = after
        self._runs = runs

    def repeats(self, i: int) -> bool:
        """Whether row ``i`` of the block is followed by a row offered the same."""
        return self._runs[i] > 0

    def copy_forward(self, t: int, i: int, limit: int) -> int:
        """Second ``t`` has been served: copy its records over as many of the seconds after it offered the same (in
        this block, at most ``limit`` of them) as draw what it drew from their banks, and return how many.

        A second's rows depend on the bank only through each partition's draw ``a = min(rem, b)`` (``rem`` what its
        bucket could not serve); with the draws fixed, nothing else changes from second to second but the banks
        and adaptive capacity's counts (so every partition short must be past the delay, or adaptive capacity
        off). The banks are then ``b <- min(cap, (b - a) + left)``, ``left`` fixed: the running sums
        ``b - a + left - a + left ...``, each capped (a fixed point, whose bank the second leaves as it found it,
        gives the same bank every row). ``numpy.add.accumulate`` adds in the loop's order (one addition a row, never
        reordered; ``x + (-a)`` is ``x - a`` bit for bit); a partition that draws has used its bucket
        (``left = 0``), so its bank never grows past the cap, and once a bank that only fills reaches the cap the
        later sums, never smaller, cap too. The copy stops before the first second whose draws would differ
        (``min(rem, b)`` against ``a``, bit for bit): a partition whose bank no longer covers its draw, or one
        short whose bank was not yet empty.
        """
        k = min(self._runs[i], limit)
        step = self.step
        adaptive, short = step.adaptive, step._short
        any_short = bool(_count_nonzero(short))
        if not k or (adaptive.enabled and any_short and not bool((adaptive.run[short] > adaptive.delay).all())):
            return 0
        level, draw = step.burst.level, step._a_b
        left = step._left if adaptive.any_lent else step._unused  # what serve banked: unused, less what it lent
        sums = np.empty((2 * k + 1, level.size))
        sums[0] = level
        np.negative(draw, out=sums[1::2])
        sums[2::2] = left
        np.add.accumulate(sums, axis=0, out=sums)
        banks = sums[::2]  # the bank after second t, t + 1, ..., t + k
        np.minimum(banks, step.burst.cap, out=banks)
        # the seconds whose draws are t's: the leading rows of banks[:-1] (each the bank a second starts from)
        same = (np.minimum(step._rem, banks[:-1]).view(np.uint64) == draw.view(np.uint64)).all(axis=1)
        k = k if same.all() else int(same.argmin())
        if not k:
            return 0
        rec = self.rec
        for name in self._ROWS:
            if name != "burst":
                a = getattr(rec, name)
                a[t + 1 : t + 1 + k] = a[t]
        rec.burst[t + 1 : t + 1 + k] = banks[1 : k + 1]
        level[:] = banks[k]
        if adaptive.enabled and any_short:
            adaptive.run[short] += float(k)
        return k


class _SteadyOnDemand(_SteadyState):
    """Seconds that repeat the one before, filled in at once, in on-demand mode without splits.

    Such a second is a function of its offered row and of the peak the table's ceiling doubles (nothing else is
    carried from second to second: no buckets). The peak catches up with the total served ``L = int(doubling_s)``
    seconds earlier: ``peak <- max(peak, total[s - L])`` from second ``doubling_s`` on. So the seconds after ``t``
    offered what ``t`` was offered compute ``t``'s rows as long as the totals they look back to are at most the peak
    (``max`` then leaves it as it is); those totals are of seconds before ``t`` when at most ``L - 1`` seconds are
    copied. The copy stops before the first second whose look-back would raise the peak.
    """

    @staticmethod
    def applies(
        step: _ProvisionedStep | _OnDemandStep, scaler: _AutoScalingController | None, splitter: _SplitForHeatController | None
    ) -> bool:
        return isinstance(step, _OnDemandStep) and splitter is None and step.lookback >= 2

    def copy_forward(self, t: int, i: int, limit: int) -> int:
        """Second ``t`` has been served: copy its records over the seconds offered the same after it (in this block,
        at most ``limit`` and ``L - 1`` of them) whose look-back leaves the peak as it is; return how many."""
        step = self.step
        assert isinstance(step, _OnDemandStep)
        k = min(self._runs[i], limit, step.lookback - 1)
        first = max(t + 1, math.ceil(step.mode.doubling_s))  # the first of them that looks back
        if k > 0 and first <= t + k:
            step.sum_totals(t, self.rec.served)
            back = step.totals[first - step.lookback : t + k - step.lookback + 1]
            raised = back > step.peak
            if raised.any():
                k = first - t - 1 + int(raised.argmax())
        if k <= 0:
            return 0
        rec = self.rec
        for name in self._ROWS:
            a = getattr(rec, name)
            a[t + 1 : t + 1 + k] = a[t]
        return k


def _steps(
    table: Table,
    kind: str,
    mode: Provisioned | OnDemand,
    split: SplitForHeat | None,
    placement: _KeyPlacement | None,
    n_sec: int,
) -> tuple[_ProvisionedStep | _OnDemandStep, _AutoScalingController | None, _SplitForHeatController | None]:
    """The steps a run needs: the capacity mode's, auto scaling's controller and the splits' (``None`` when unused)."""
    ceiling = _ceiling(kind)
    n_alloc = table.partitions if placement is None else placement.n_alloc
    step: _ProvisionedStep | _OnDemandStep
    if isinstance(mode, OnDemand):
        step = _OnDemandStep(mode, kind, n_sec)
    else:
        capacity = table.capacity(kind)
        if isinstance(mode, AutoScaling):  # auto scaling starts within its [min_capacity, max_capacity]
            capacity = min(max(capacity, mode.min_capacity), mode.max_capacity)
        step = _ProvisionedStep(mode, capacity, table.partitions, n_alloc, ceiling)
    scaler = _AutoScalingController(mode, n_sec) if isinstance(mode, AutoScaling) else None
    splitter = None
    if split is not None and placement is not None:
        splitter = _SplitForHeatController(split, table, ceiling, placement, step)
    return step, scaler, splitter


def simulate(
    table: Table,
    demand: ArrayLike,
    seconds: int,
    *,
    kind: Literal["write", "read"] = "write",
    keys: Sequence[str] | None = None,
    mode: Provisioned | OnDemand | None = None,
    split: SplitForHeat | None = None,
    max_partitions: int = MAX_SPLIT_PARTITIONS,
) -> SimulationResult:
    """Simulate a table second by second: token buckets, burst, adaptive capacity, splits, capacity modes.

    Each second, every partition serves (up to its ceiling ``c``, 1,000 WCU/s
    or 3,000 RCU/s) first from its token bucket, refilled each second to its
    provisioned share ``r_i``; then from its burst bucket; then, if adaptive
    capacity has engaged for it, from the units the other partitions left in
    their buckets (lent in proportion to each throttled partition's shortfall,
    all at once, never more than the table left unused). Whatever its own
    bucket leaves unused and does not lend is banked as burst (a portion
    ``p`` of it with ``Provisioned(burst_portion=p)``), up to
    :data:`BURST_WINDOW_S` seconds of its share; with
    ``Provisioned(burst_reading="window")`` units older than that expire:

    .. math:: b_i \\leftarrow \\min\\big(300\\, r_i,\\; b_i - \\text{burst spent}_i + \\text{unused}_i (1 - g)\\big)

    where ``g`` is the fraction of the table's unused units lent that second.
    In on-demand mode there are no buckets: each partition serves up to its
    ceiling, and when the table's total exceeds ``min(max(2 x peak, warm
    throughput), quota, maximum throughput)`` every partition is scaled back
    in proportion (above the peak's limit only by ``over_peak_refused`` of the
    excess, all of it by default: the worst case).

    Reads and writes are managed separately by DynamoDB; simulate each
    ``kind`` with its own demand. Requests are in units (RCU or WCU), not items.

    Parameters
    ----------
    table : Table
        Partitions, provisioned capacity, item collections and LSI.
    demand : array_like
        Offered units/s, ``>= 0``, shaped (seconds, n) or (n,) (the same every
        second), with n the table's partitions, or the number of ``keys``
        when they are given.
    seconds : int
        Seconds to simulate, ``>= 1``; seconds x partitions (allocated, with
        the room for splits) and seconds x keys at most 1e8 each
        (``MAX_SIMULATED_CELLS``, 33 bytes of records a cell: a limit of the
        machine, refused by name above it).
    kind : {"write", "read"}
        WCU (ceiling 1,000) or RCU (ceiling 3,000); picks the table's capacity.
    keys : sequence of str, optional
        Partition-key values; ``demand`` is then per key, and keys are placed
        with :func:`hotpart.partition_of`. Needed for splits.
    mode : Provisioned, AutoScaling or OnDemand, optional
        The capacity mode; ``Provisioned()`` if omitted.
    split : SplitForHeat, optional
        Split hot partitions (needs ``keys``).
    max_partitions : int
        The most partitions splits may create, in ``[1, 1,000,000]`` (as
        :class:`Table`'s ``partitions``): a limit of the
        simulation (columns are allocated up front), not of DynamoDB
        (:data:`hotpart.MAX_SPLIT_PARTITIONS`, listed in :data:`hotpart.ASSUMPTIONS`).

    Returns
    -------
    SimulationResult
        The per-second, per-partition arrays.

    Examples
    --------
    AWS's example: 400 WCU/s over 4 partitions, partition 4 offered 150 WCU/s.

    >>> t = Table(4, wcu=400)
    >>> res = simulate(t, [50, 50, 50, 150], 60)
    >>> float(res.served[-1, 3]), float(res.throttled.sum())
    (150.0, 0.0)
    >>> res = simulate(t, [50, 50, 50, 150], 60, mode=Provisioned(adaptive=False))
    >>> float(res.served[-1, 3]), res.exception(59, 3)
    (100.0, 'ProvisionedThroughputExceededException')
    """
    n_sec, kind, mode, max_parts = _check_arguments(table, seconds, kind, keys, mode, split, max_partitions)
    ceil = _ceiling(kind)
    offered, placement = _place_demand(table, demand, n_sec, keys, split, max_parts, ceil)
    rec = _Records(offered)
    step, scaler, splitter = _steps(table, kind, mode, split, placement, n_sec)

    serve, on_demand = step.serve, isinstance(step, _OnDemandStep)
    steady: _SteadyState | None = None
    for kind_of_steady in (_SteadyState, _SteadyOnDemand):
        if kind_of_steady.applies(step, scaler, splitter):
            steady = kind_of_steady(step, rec)
    # runs of seconds with no partition short, served a block of rows at once (_ProvisionedStep.serve_calm): tried
    # on a window of rows that doubles while whole windows are calm, and again _CALM_TRY_S seconds after a failure
    calm = type(steady) is _SteadyState
    calm_rows, calm_next = _CALM_TRY_S, 0
    end = start = 0
    t = 0
    while t < n_sec:
        if t >= end:  # a block of seconds: offered units placed, min(o, c), which rows exceed c, row totals
            start = t
            if placement is None:
                end = min(n_sec, t + max(1, min(_BLOCK_S, _BLOCK_CELLS // offered.shape[1])))
            else:
                end = placement.fill(t, offered, splitter is not None)
            o_blk = offered[t:end]
            m_blk = np.minimum(o_blk, ceil)
            over_blk = (o_blk > ceil).any(axis=1).tolist()
            # the left-to-right row sums _seq_sum gives, every row at once (cumsum never reorders)
            tot_blk = m_blk.cumsum(axis=1)[:, -1].tolist() if on_demand else [None] * (end - t)
            if steady is not None:
                steady.new_block(o_blk)
        i = t - start
        if scaler is not None:
            scaler.land(t, step)
        if calm and t >= calm_next:
            assert isinstance(step, _ProvisionedStep) and steady is not None
            asked = min(end - t, calm_rows, 1 + steady.limit(t, scaler))
            k = step.serve_calm(t, offered[t : t + asked], m_blk[i : i + asked], rec)
            if k:
                calm_rows = min(2 * calm_rows, _BLOCK_S) if k == asked else _CALM_TRY_S
                t += k - 1  # the last second served
                if scaler is not None and (t + 1) % 60 == 0:
                    scaler.observe_minute(t, rec.served, step.cap_table)
                t += 1
                continue
            calm_rows, calm_next = _CALM_TRY_S, t + _CALM_TRY_S
        serve(t, offered[t], m_blk[i], rec, total=tot_blk[i], over=over_blk[i])
        if steady is not None and steady.repeats(i):  # no splits: seconds t + 1, ..., t + k copied, t is now t + k
            t += steady.copy_forward(t, i, steady.limit(t, scaler))
        if scaler is not None and (t + 1) % 60 == 0:
            scaler.observe_minute(t, rec.served, step.cap_table)
        if splitter is not None and splitter.after_second(t, rec):
            end = t + 1  # keys moved: place them again from the next second
        t += 1

    if splitter is None:
        n_used, splits, blocked = table.partitions, (), ()
    else:
        n_used, splits, blocked = splitter.n_used, tuple(splitter.splits), tuple(splitter.blocked)
    per_key = None if placement is None else placement.per_key(offered, rec.throttled, recorded=splitter is not None)
    return rec.result(table, kind, mode, ceil, n_used, splits, blocked, per_key)
