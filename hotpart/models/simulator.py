"""Capacity over time: burst, adaptive capacity, splits for heat, on-demand and auto scaling.

Chapters 08 to 11 (``notebooks/08_burst.ipynb``, ``notebooks/09_adaptive.ipynb``,
``notebooks/10_isolation.ipynb``, ``notebooks/11_capacity_modes.ipynb``) are
built on this module. It has two halves:

* **closed-form bounds**: how long banked burst lasts (:func:`burst_seconds`),
  the rate adaptive capacity can sustain for one partition
  (:func:`adaptive_rate`), the most one item can ever get (:func:`max_item_rate`,
  also :func:`max_key_rate` for a partition key whose items cannot be split),
  and on-demand's instant ceiling and the time it takes to grow past it
  (:func:`on_demand_ceiling`, :func:`on_demand_seconds_to_serve`);
* **a simulator**, :func:`simulate`: one step per second, vectorised over
  partitions with numpy and looping only over time. Each partition has a token
  bucket refilled at its provisioned share, a burst bucket that banks unused
  capacity for up to :data:`BURST_WINDOW_S` seconds of that share (two readings
  of AWS's sentence, ``Provisioned(burst_reading=...)``), and adaptive
  capacity that lends the table's unused provisioned capacity to throttled
  partitions, never above the per-partition ceiling. Options add splits for
  heat (:class:`SplitForHeat`), on-demand mode (:class:`OnDemand`) and
  provisioned mode with auto scaling (:class:`AutoScaling`).

Where AWS publishes no figure, the model's choice is a named entry of
:data:`hotpart.ASSUMPTIONS` and the default of the parameter it sets:
:data:`BURST_READING`, :data:`BURST_RETAINED_FRACTION`,
:data:`SPLIT_TRIGGER_FRACTION`, :data:`SPLIT_TRIGGER_MINUTES`,
:data:`ON_DEMAND_OVER_PEAK_REFUSED`, auto scaling's provisioning lag
:data:`AUTOSCALING_LAG_S` and default target :data:`AUTOSCALING_TARGET`, and the
simulation limits :data:`MAX_SPLIT_PARTITIONS` and :data:`MAX_SIMULATED_DEMAND`
(a second's demand above it is refused with a ``ValueError``: float64 could not
keep conservation exact without losing served units).

The result, :class:`SimulationResult`, holds arrays shaped (seconds,
partitions) for ``offered``, ``served`` and ``throttled`` units, the token and
burst balances, and the reason for every refusal (:class:`Refusal`) with the
exception a client sees (:meth:`SimulationResult.exception`). Conservation is
exact: ``served + throttled == offered`` in every cell, bit for bit.

:func:`simulate` itself is a short loop over seconds that hands each second to
small private steps, each with its own contract (in the spirit of Ciw, which
splits its simulator into node, server and simulation):

* ``_KeyPlacement``: demand per key placed on partitions, and each key's
  offered and refused units per minute;
* ``_ProvisionedStep``: the per-partition token bucket, then
  ``_BurstBucket`` (both readings of the 300 s), then ``_AdaptiveCapacity``
  (the table's unused units lent to the partitions short of theirs);
* ``_OnDemandStep``: the table ceiling that doubles from the previous peak,
  within the quota and maximum throughput;
* ``_AutoScalingController``: the one-minute alarms, the provisioning lag,
  the scale-in margin and the daily decrease quota;
* ``_SplitForHeatController``: how long each partition has been hot, and
  its splits;
* ``_Records``: the per-second arrays, settled so that served + throttled
  equals offered in every cell, and the result built from them.

The sources of the published figures above are in
:mod:`hotpart.models.constants` (:data:`hotpart.SOURCES`). A straightforward
pure-Python loop of the same model lives in ``tests/reference_simulator.py``;
the tests check that both give identical results, ``tests/test_simulator_steps.py``
that the steps give what the single loop gave before them (issue 16), and
``benchmarks/bench_simulator.py`` times them.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import check_array, check_choice, check_count, check_integer, check_number
from .constants import (
    ASSUMPTIONS,
    AUTOSCALING_SCALE_DOWN_POINTS,
    AUTOSCALING_SCALE_UP_MINUTES,
    BURST_WINDOW_S,
    ON_DEMAND_PEAK_MULTIPLIER,
    ON_DEMAND_TABLE_QUOTA_RRU,
    ON_DEMAND_TABLE_QUOTA_WRU,
    PARTITION_MAX_RCU,
    PARTITION_MAX_WCU,
    QUOTA_EXCEPTION,
    THROTTLE_EXCEPTION,
)
from .hashing import partition_of

__all__ = [
    "AUTOSCALING_DECREASES_AT_ONCE",
    "AUTOSCALING_DECREASES_PER_DAY",
    "AUTOSCALING_DECREASE_REFILL_S",
    "AUTOSCALING_LAG_S",
    "AUTOSCALING_MAX_CAPACITY",
    "AUTOSCALING_MIN_CAPACITY",
    "AUTOSCALING_SCALE_DOWN_MARGIN",
    "AUTOSCALING_TARGET",
    "BURST_READING",
    "BURST_RETAINED_FRACTION",
    "MAX_SIMULATED_DEMAND",
    "MAX_SPLIT_PARTITIONS",
    "ON_DEMAND_DOUBLING_S",
    "ON_DEMAND_NEW_TABLE_PEAK",
    "ON_DEMAND_OVER_PEAK_REFUSED",
    "ON_DEMAND_SWITCHES_PER_DAY",
    "SWITCHED_PEAK_RULE",
    "SPLIT_TRIGGER_FRACTION",
    "SPLIT_TRIGGER_MINUTES",
    "AutoScaling",
    "OnDemand",
    "Provisioned",
    "Refusal",
    "SimulationResult",
    "SplitForHeat",
    "Table",
    "adaptive_rate",
    "burst_seconds",
    "max_item_rate",
    "max_key_rate",
    "on_demand_ceiling",
    "on_demand_seconds_to_serve",
    "refusal_exception",
    "simulate",
]

#: On-demand mode *can* throttle traffic above double the previous peak if it arrives
#: within this many seconds (30 minutes) of that peak; the model lets the peak it
#: doubles catch up with served traffic after this delay.
ON_DEMAND_DOUBLING_S: Final[float] = 1800.0
#: The previous peak a newly created on-demand table starts from, request units per
#: second (it can serve double this at once: 4,000 writes or 12,000 reads per second).
ON_DEMAND_NEW_TABLE_PEAK: Final[dict[str, float]] = {"write": 2_000.0, "read": 6_000.0}
#: How many times a table may switch from provisioned to on-demand mode in a rolling 24 hours
#: (switching back to provisioned is allowed at any time).
ON_DEMAND_SWITCHES_PER_DAY: Final[int] = 4

#: Auto scaling lowers capacity only when utilisation is this many *percentage points* (a fraction of
#: provisioned capacity) or more below the target: AWS's example puts 20% below a 70% target at 50 RCUs
#: of 100, that is 50% utilisation (20 points), not 56% (20% of the target).
AUTOSCALING_SCALE_DOWN_MARGIN: Final[float] = 0.2
#: Provisioned capacity decreases a table has available at the start of each UTC day, and at most at any time.
AUTOSCALING_DECREASES_AT_ONCE: Final[int] = 4
#: Seconds after which one more decrease becomes available (up to :data:`AUTOSCALING_DECREASES_AT_ONCE`).
AUTOSCALING_DECREASE_REFILL_S: Final[float] = 3600.0
#: The most decreases in one UTC day: 4 in the first hour and one for each of the other 23.
AUTOSCALING_DECREASES_PER_DAY: Final[int] = 27
#: The default upper bound of auto scaling, units/s: the default per-table quota of a provisioned table.
AUTOSCALING_MAX_CAPACITY: Final[float] = 40_000.0
#: The default lower bound of auto scaling, units/s: the least a provisioned table may have.
AUTOSCALING_MIN_CAPACITY: Final[float] = 1.0

#: Modelling choices AWS does not publish (see :data:`hotpart.ASSUMPTIONS` for why and what AWS says).
#: How burst is banked: ``"bank"`` keeps unused capacity until spent, ``"window"`` only the last 300 s.
BURST_READING: Final[str] = ASSUMPTIONS["BURST_READING"].value  # type: ignore[assignment]
#: The portion of each second's unused capacity that goes into the burst bank.
BURST_RETAINED_FRACTION: Final[float] = ASSUMPTIONS["BURST_RETAINED_FRACTION"].value  # type: ignore[assignment]
#: Served fraction of the partition ceiling at which a partition counts as hot for a split.
SPLIT_TRIGGER_FRACTION: Final[float] = ASSUMPTIONS["SPLIT_TRIGGER_FRACTION"].value  # type: ignore[assignment]
#: Minutes a partition must stay hot before it splits.
SPLIT_TRIGGER_MINUTES: Final[float] = ASSUMPTIONS["SPLIT_TRIGGER_MINUTES"].value  # type: ignore[assignment]
#: Fraction of on-demand traffic above double the previous peak that is refused (1: the worst case).
ON_DEMAND_OVER_PEAK_REFUSED: Final[float] = ASSUMPTIONS["ON_DEMAND_OVER_PEAK_REFUSED"].value  # type: ignore[assignment]
#: Which previous peak a table switched from provisioned to on-demand starts from (an assumption: AWS lists two).
SWITCHED_PEAK_RULE: Final[str] = ASSUMPTIONS["SWITCHED_PEAK_RULE"].value  # type: ignore[assignment]
_PEAK_RULES = ("higher", "half", "new-table")
#: The default target utilisation of :class:`AutoScaling` (AWS's own examples use 70%; AWS allows 20% to 90%).
AUTOSCALING_TARGET: Final[float] = ASSUMPTIONS["AUTOSCALING_TARGET"].value  # type: ignore[assignment]
#: Seconds from the end of the minute that triggers auto scaling to the new capacity: CloudWatch's alarm delay
#: plus the time UpdateTable takes (AWS: "up to a few minutes" and "several minutes"; no figure).
AUTOSCALING_LAG_S: Final[float] = ASSUMPTIONS["AUTOSCALING_LAG_S"].value  # type: ignore[assignment]
#: The most units/s one second of demand may total: a limit of the simulation, not of DynamoDB. Above it,
#: float64 rounding in ``served + throttled == offered`` would cost served units (at 1e19, all of them).
MAX_SIMULATED_DEMAND: Final[float] = ASSUMPTIONS["MAX_SIMULATED_DEMAND"].value  # type: ignore[assignment]


_KINDS = ("write", "read")
_BURST_READINGS = ("bank", "window")
#: The most partitions a simulation with splits may reach: a limit of the simulation (columns are
#: allocated up front), not of DynamoDB.
MAX_SPLIT_PARTITIONS: Final[int] = ASSUMPTIONS["MAX_SPLIT_PARTITIONS"].value  # type: ignore[assignment]
_INF = math.inf
_UTIL_TOL = 1e-9  # utilisation within this of the scale-in threshold counts as at it


def _ceiling(kind: str) -> float:
    return PARTITION_MAX_WCU if kind == "write" else PARTITION_MAX_RCU


def _quota(kind: str) -> float:
    return ON_DEMAND_TABLE_QUOTA_WRU if kind == "write" else ON_DEMAND_TABLE_QUOTA_RRU


def _positive(name: str, value: float, *, allow_inf: bool = False, allow_zero: bool = False) -> float:
    return check_number(name, value, low=0, high=math.inf, low_open=not allow_zero, high_open=not allow_inf)


# ---------------------------------------------------------------------------------------------
# Closed-form bounds
# ---------------------------------------------------------------------------------------------


def burst_seconds(
    rate: float,
    demand: float,
    idle_seconds: float = BURST_WINDOW_S,
    idle_demand: float = 0.0,
    *,
    ceiling: float = math.inf,
    reading: str = BURST_READING,
    portion: float = BURST_RETAINED_FRACTION,
) -> float:
    r"""How long banked burst capacity lets a partition serve more than its provisioned rate.

    Assumptions: the partition is provisioned at ``rate`` units/s. It first
    runs for ``idle_seconds`` at ``idle_demand`` units/s, banking ``portion``
    of the unused ``rate - idle_demand`` units every second (AWS reserves "a
    portion"; the default keeps all of it), starting empty. Then it faces
    ``demand`` units/s; it serves ``min(demand, ceiling)`` while the bank
    lasts, which drains it at ``d = min(demand, ceiling) - rate`` units/s.
    AWS says it retains up to 300 s (:data:`BURST_WINDOW_S`, ``W``) of unused
    capacity; the two readings of that sentence differ:

    * ``reading="bank"``: a bucket that holds at most ``W`` seconds of the
      rate and keeps what it holds until spent:
      :math:`T = \min\big(t_{idle} q,\ W r\big) / d`, with ``q`` the banked
      units per idle second;
    * ``reading="window"`` (000: the unused capacity of the last five
      minutes): only units that went unused in the last ``W`` seconds count,
      spent oldest first, so they also expire during the spike:
      :math:`T = \min\big(W,\ \min(t_{idle}, W)\, q / d\big)`.

    Burst never lifts the per-partition ceiling: demand above ``ceiling`` is
    refused from the first second. Burst is best effort (002): DynamoDB may
    spend it on maintenance, so this is an upper bound.

    Parameters
    ----------
    rate : float
        Provisioned rate of the partition, units/s, ``> 0``.
    demand : float
        Demand after the idle period, units/s, ``>= 0``.
    idle_seconds : float
        Length of the idle period, seconds, ``>= 0``.
    idle_demand : float
        Demand during the idle period, units/s, ``>= 0``; above ``rate`` it
        banks nothing.
    ceiling : float
        The per-partition ceiling, units/s, ``> 0`` (no ceiling by default).
    reading : {"bank", "window"}
        How the 300 s are read (:data:`BURST_READING`, an assumption).
    portion : float
        Fraction of unused capacity banked, in ``(0, 1]``
        (:data:`BURST_RETAINED_FRACTION`, an assumption).

    Returns
    -------
    float
        Seconds the bank sustains ``min(demand, ceiling)``; ``inf`` when that
        does not exceed ``rate``.

    Examples
    --------
    >>> burst_seconds(rate=100, demand=150)
    600.0
    >>> burst_seconds(rate=100, demand=150, reading="window")  # units older than 300 s expire
    300.0
    >>> burst_seconds(rate=100, demand=400, idle_seconds=60)
    20.0
    >>> burst_seconds(rate=100, demand=400, idle_seconds=60, portion=0.5)
    10.0
    >>> burst_seconds(rate=100, demand=100)
    inf
    """
    r = _positive("rate", rate)
    d = _positive("demand", demand, allow_zero=True)
    idle = _positive("idle_seconds", idle_seconds, allow_zero=True)
    i = _positive("idle_demand", idle_demand, allow_zero=True)
    c = _positive("ceiling", ceiling, allow_inf=True)
    reading = check_choice("reading", reading, _BURST_READINGS)
    p = check_number("portion", portion, low=0, high=1, low_open=True)
    drain = min(d, c) - r
    if drain <= 0:
        return _INF
    per_second = p * max(0.0, r - i)
    if reading == "bank":
        return min(idle * per_second, BURST_WINDOW_S * r) / drain
    return min(BURST_WINDOW_S, min(idle, BURST_WINDOW_S) * per_second / drain)


def adaptive_rate(table_capacity: float, n_partitions: int, others_demand: ArrayLike = 0.0, kind: str = "write") -> float:
    """The rate one hot partition can sustain under adaptive capacity, units/s.

    Assumptions: provisioned mode; the table's ``table_capacity`` is split
    evenly, ``table_capacity / n_partitions`` per partition; the other
    partitions keep their demand steady; adaptive capacity lends the hot
    partition all the capacity they leave unused, at once and for as long as
    needed (000 and 002 call it instant). It cannot lend more than the table
    is provisioned for, nor lift the partition past its ceiling:

    .. math:: r = \\min\\Big(c,\\; \\frac{C}{n} + \\sum_{j \\ne i} \\max\\big(0, \\tfrac{C}{n} - d_j\\big)\\Big)

    Burst is ignored (it only lasts a while, see :func:`burst_seconds`).

    Parameters
    ----------
    table_capacity : float
        Provisioned capacity of the table, units/s, ``> 0``.
    n_partitions : int
        Partitions, in ``[1, 2**53]`` (the largest count exact in float64).
    others_demand : float or array_like
        Demand of each of the other ``n_partitions - 1`` partitions, units/s,
        ``>= 0``; a scalar applies to each.
    kind : {"write", "read"}
        Which ceiling applies: :data:`PARTITION_MAX_WCU` or :data:`PARTITION_MAX_RCU`.

    Returns
    -------
    float
        The sustainable rate of the hot partition, units/s.

    Examples
    --------
    >>> adaptive_rate(400, 4, 50)   # AWS's example: 100 + 3 x 50 unused
    250.0
    >>> adaptive_rate(10_000, 4, 0)  # the ceiling binds
    1000.0
    """
    c_total = _positive("table_capacity", table_capacity)
    n = check_count("n_partitions", n_partitions, low=1)
    kind = check_choice("kind", kind, _KINDS)
    d = check_array("others_demand", others_demand, low=0, high=math.inf, high_open=True)
    share = c_total / n
    if d.ndim == 0:  # a scalar applies to each of the others: no array of n - 1 values is built
        unused = (n - 1) * max(0.0, share - float(d))
    else:
        if d.shape != (n - 1,):
            raise ValueError(f"others_demand must be a scalar or hold n_partitions - 1 = {n - 1} values; got {d.shape}")
        unused = float(np.maximum(0.0, share - d).sum())
    return min(_ceiling(kind), share + unused)


def max_item_rate(kind: str = "write") -> float:
    """The most one item can ever be served, units/s: the partition ceiling.

    Assumptions: none about the mode. Provisioned, auto scaling and on-demand
    all keep the per-partition ceiling; adaptive capacity can at best isolate
    the item on a partition of its own, which then serves up to the ceiling
    (002 「アクセス頻度の高い項目を分離する」); burst cannot lift it. One item
    is never split, so no setting of the table serves it more.

    The same bound holds for one *partition key* only when its items cannot
    be spread over partitions: a simple primary key (one item per key), a
    table with a local secondary index (its item collections are never
    split), or traffic that follows a monotonically increasing or decreasing
    sort key (all of it lands on the newest item). Otherwise an item collection
    can be split between its items, by sort key (002), and the key as a whole
    can be served more (chapter 10).

    Parameters
    ----------
    kind : {"write", "read"}
        Write units (WCU/s) or read units (RCU/s).

    Returns
    -------
    float
        :data:`PARTITION_MAX_WCU` or :data:`PARTITION_MAX_RCU`.

    Examples
    --------
    >>> max_item_rate("write"), max_item_rate("read")
    (1000.0, 3000.0)
    """
    return _ceiling(check_choice("kind", kind, _KINDS))


def max_key_rate(kind: str = "write") -> float:
    """The most one partition key whose items cannot be split can be served, units/s.

    The older name of :func:`max_item_rate`, kept working. It is the bound
    for one *item*, and for one partition key only under the conditions
    given there (one item per key, an LSI, or a monotonic sort key); an item
    collection without them can be split between its items.

    Examples
    --------
    >>> max_key_rate("write") == max_item_rate("write")
    True
    """
    return max_item_rate(kind)


def on_demand_ceiling(previous_peak: float) -> float:
    """What an on-demand table serves at once: :data:`ON_DEMAND_PEAK_MULTIPLIER` times its previous peak.

    Assumptions: table level only (partition ceilings and the table quota
    still apply); the previous peak is the highest traffic the table has
    served.

    Parameters
    ----------
    previous_peak : float
        Previous peak of served traffic, units/s, ``> 0``.

    Returns
    -------
    float
        Units/s served without throttling at once.

    Examples
    --------
    >>> on_demand_ceiling(2_000)
    4000.0
    """
    return ON_DEMAND_PEAK_MULTIPLIER * _positive("previous_peak", previous_peak)


def on_demand_seconds_to_serve(
    demand: float,
    previous_peak: float,
    doubling_s: float = ON_DEMAND_DOUBLING_S,
    quota: float = ON_DEMAND_TABLE_QUOTA_WRU,
) -> float:
    """Seconds of sustained ``demand`` before an on-demand table serves all of it.

    Assumptions: the table serves up to twice its previous peak at once; the
    peak it doubles catches up with what it served ``doubling_s`` seconds
    earlier (AWS: traffic above double the previous peak within 30 minutes may
    be throttled), so under sustained demand the ceiling doubles every
    ``doubling_s``. Partition ceilings are ignored (demand spread over enough
    partitions). Demand above ``quota`` is never served.

    .. math:: t = \\tau \\left\\lceil \\log_2 \\frac{D}{2P} \\right\\rceil^{+}

    Parameters
    ----------
    demand : float
        Sustained table demand, units/s, ``>= 0``.
    previous_peak : float
        The previous peak, units/s, ``> 0``.
    doubling_s : float
        Seconds for the peak to catch up, ``> 0``.
    quota : float
        The table quota (or a maximum throughput), units/s, ``> 0`` and finite
        (every on-demand table has a quota).

    Returns
    -------
    float
        Seconds until nothing is throttled; 0 when ``demand`` is within
        double the peak, ``inf`` above ``quota`` (never served).

    Examples
    --------
    >>> on_demand_seconds_to_serve(4_000, 2_000)
    0.0
    >>> on_demand_seconds_to_serve(16_000, 2_000)  # 4,000 -> 8,000 -> 16,000
    3600.0
    >>> on_demand_seconds_to_serve(50_000, 2_000)
    inf
    """
    d = _positive("demand", demand, allow_zero=True)
    p = _positive("previous_peak", previous_peak)
    tau = _positive("doubling_s", doubling_s)
    q = _positive("quota", quota)
    if d > q:
        return _INF
    ratio = d / (ON_DEMAND_PEAK_MULTIPLIER * p)
    if ratio <= 1.0:
        return 0.0
    return tau * math.ceil(math.log(ratio, ON_DEMAND_PEAK_MULTIPLIER) - 1e-12)


# ---------------------------------------------------------------------------------------------
# Parameters
# ---------------------------------------------------------------------------------------------


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
        return (
            f"Table({self.partitions} partitions, {self.wcu:,.0f} WCU/s ({self.wcu / self.partitions:,.0f} each), "
            f"{self.rcu:,.0f} RCU/s, {keys}{', LSI' if self.has_lsi else ''})"
        )

    def capacity(self, kind: str) -> float:
        """Provisioned capacity for ``kind`` (``"write"``: WCU/s, ``"read"``: RCU/s)."""
        return self.wcu if check_choice("kind", kind, _KINDS) == "write" else self.rcu


@dataclass(frozen=True)
class Provisioned:
    """Provisioned mode: fixed capacity, with burst and adaptive capacity.

    Parameters
    ----------
    adaptive : bool
        Whether adaptive capacity lends unused table capacity to throttled
        partitions (it is always on in DynamoDB; off shows what it buys).
    adaptive_delay_s : float
        Seconds a partition must be short of capacity before adaptive
        capacity lends to it, ``>= 0``. 0 is what 000 and 002 describe
        (instant); a delay reproduces the throttled phase of AWS's figure.
    initial_burst_s : float
        Burst banked at the start, in seconds of each partition's share, in
        ``[0, 300]`` (:data:`BURST_WINDOW_S`): 300 for a table idle for five minutes.
        Under ``burst_reading="window"`` it counts as banked in second 0, so it
        expires after 300 s.
    burst_reading : {"bank", "window"}, keyword-only
        How "retains up to 300 seconds of unused capacity" is read
        (:data:`BURST_READING`, an assumption): ``"bank"`` keeps unused units
        in a bucket of at most 300 s of the share until they are spent;
        ``"window"`` keeps only the units left unused in the last 300 s,
        spending the oldest first.
    burst_portion : float, keyword-only
        Fraction of each second's unused units that is banked, in ``(0, 1]``
        (:data:`BURST_RETAINED_FRACTION`, an assumption: AWS says "a portion").

    Examples
    --------
    >>> Provisioned()
    Provisioned(adaptive instant, burst banked 0 s)
    >>> Provisioned(adaptive_delay_s=120, initial_burst_s=300)
    Provisioned(adaptive after 120 s, burst banked 300 s)
    >>> Provisioned(burst_reading="window", burst_portion=0.5)
    Provisioned(adaptive instant, burst banked 0 s, window of the last 300 s, 50% of unused banked)
    """

    adaptive: bool = True
    adaptive_delay_s: float = 0.0
    initial_burst_s: float = 0.0
    burst_reading: str = field(default=BURST_READING, kw_only=True)
    burst_portion: float = field(default=BURST_RETAINED_FRACTION, kw_only=True)

    name: str = field(default="provisioned", init=False, repr=False)

    def __post_init__(self) -> None:
        check_choice("adaptive", self.adaptive, (True, False))
        object.__setattr__(self, "adaptive_delay_s", _positive("adaptive_delay_s", self.adaptive_delay_s, allow_zero=True))
        object.__setattr__(
            self, "initial_burst_s", check_number("initial_burst_s", self.initial_burst_s, low=0, high=BURST_WINDOW_S)
        )
        check_choice("burst_reading", self.burst_reading, _BURST_READINGS)
        object.__setattr__(self, "burst_portion", check_number("burst_portion", self.burst_portion, low=0, high=1, low_open=True))

    def _adaptive_repr(self) -> str:
        if not self.adaptive:
            return "no adaptive capacity"
        return "adaptive instant" if self.adaptive_delay_s == 0 else f"adaptive after {self.adaptive_delay_s:g} s"

    def _burst_repr(self) -> str:
        out = ""
        if self.burst_reading != "bank":
            out += f", window of the last {BURST_WINDOW_S:g} s"
        if self.burst_portion != 1.0:
            out += f", {self.burst_portion:.0%} of unused banked"
        return out

    def __repr__(self) -> str:
        return f"Provisioned({self._adaptive_repr()}, burst banked {self.initial_burst_s:g} s{self._burst_repr()})"


@dataclass(frozen=True)
class AutoScaling(Provisioned):
    """Provisioned mode with auto scaling of the table's capacity.

    Every minute the consumed capacity (served units, averaged over the
    minute: throttled requests are not consumed) is compared with the target
    utilisation ``u``. After :data:`AUTOSCALING_SCALE_UP_MINUTES` consecutive
    minutes above ``u``, capacity is raised to ``consumed / u``; after
    :data:`AUTOSCALING_SCALE_DOWN_POINTS` consecutive minutes at least
    ``scale_down_margin`` (20 percentage points, :data:`AUTOSCALING_SCALE_DOWN_MARGIN`)
    below ``u``, lowered to the same; always within ``[min_capacity,
    max_capacity]``. A new capacity takes effect ``lag_s`` seconds after the
    minute that triggered it (the alarm's delay plus the update,
    :data:`AUTOSCALING_LAG_S`, an assumption); until then the previous
    capacity holds and demand above it is refused, and no further update is
    issued. Decreases obey the table's daily quota when ``decrease_quota``:
    :data:`AUTOSCALING_DECREASES_AT_ONCE` available at the start of each UTC
    day (second 0 of the simulation is 00:00 UTC), one more each whole hour
    (:data:`AUTOSCALING_DECREASE_REFILL_S`), never more than 4 at once, so at
    most :data:`AUTOSCALING_DECREASES_PER_DAY` a day (a decrease counts on the day it
    is requested, not when it lands); a scale-in that finds none waits, its alarm
    still firing. Partition counts stay as they are; burst and
    adaptive capacity work as in :class:`Provisioned`; capacity is sized from
    consumed capacity, never from refused demand.

    Parameters
    ----------
    target : float
        Target utilisation, in ``[0.2, 0.9]`` (the range AWS allows;
        :data:`AUTOSCALING_TARGET` by default, an assumption).
    min_capacity, max_capacity : float
        Bounds of the capacity, units/s, ``0 < min_capacity <= max_capacity <= 1e9``
        (:data:`AUTOSCALING_MIN_CAPACITY` and :data:`AUTOSCALING_MAX_CAPACITY`:
        the least a table may have and the default per-table quota; the upper
        bound is :data:`MAX_SIMULATED_DEMAND`, a limit of the simulation).
    scale_up_minutes, scale_down_points : int
        The consecutive one-minute data points that trigger each action, in ``[1, 1440]``.
    lag_s : float
        Seconds from the end of the triggering minute to the new capacity, in
        ``[0, 3600]`` (:data:`AUTOSCALING_LAG_S`, an assumption: AWS gives no figure).
    scale_down_margin : float
        How far below the target utilisation a minute must be to count towards
        a scale-in, in percentage points as a fraction, in ``[0, target]``
        (:data:`AUTOSCALING_SCALE_DOWN_MARGIN`).
    decrease_quota : bool
        Whether decreases obey the daily quota (4 at any time, one more per hour).
    adaptive, adaptive_delay_s, initial_burst_s
        As in :class:`Provisioned`.

    Examples
    --------
    >>> a = AutoScaling(target=0.7, min_capacity=100, max_capacity=4000)
    >>> a  # doctest: +ELLIPSIS
    AutoScaling(target 70%, 100 to 4,000 units/s, up after 2 min, down after 15 points 20 points below target, ...)
    >>> a.lag_s, a.scale_down_margin, a.decrease_quota
    (120.0, 0.2, True)
    >>> "no lag, no decrease quota" in repr(AutoScaling(lag_s=0, decrease_quota=False))
    True
    """

    target: float = AUTOSCALING_TARGET
    min_capacity: float = AUTOSCALING_MIN_CAPACITY
    max_capacity: float = AUTOSCALING_MAX_CAPACITY
    scale_up_minutes: int = AUTOSCALING_SCALE_UP_MINUTES
    scale_down_points: int = AUTOSCALING_SCALE_DOWN_POINTS
    lag_s: float = AUTOSCALING_LAG_S
    scale_down_margin: float = AUTOSCALING_SCALE_DOWN_MARGIN
    decrease_quota: bool = True

    name: str = field(default="auto scaling", init=False, repr=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "target", check_number("target", self.target, low=0.2, high=0.9))
        max_cap = check_number("max_capacity", self.max_capacity, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
        object.__setattr__(
            self, "min_capacity", check_number("min_capacity", self.min_capacity, low=0, high=max_cap, low_open=True)
        )
        object.__setattr__(self, "max_capacity", max_cap)
        object.__setattr__(self, "scale_up_minutes", check_integer("scale_up_minutes", self.scale_up_minutes, low=1, high=1440))
        object.__setattr__(
            self, "scale_down_points", check_integer("scale_down_points", self.scale_down_points, low=1, high=1440)
        )
        object.__setattr__(self, "lag_s", check_number("lag_s", self.lag_s, low=0, high=3600))
        object.__setattr__(
            self, "scale_down_margin", check_number("scale_down_margin", self.scale_down_margin, low=0, high=self.target)
        )
        check_choice("decrease_quota", self.decrease_quota, (True, False))

    def __repr__(self) -> str:
        margin = f" {self.scale_down_margin * 100:g} points" if self.scale_down_margin else ""
        lag = f"lag {self.lag_s:g} s" if self.lag_s else "no lag"
        quota = (
            f"{AUTOSCALING_DECREASES_AT_ONCE} decreases at once then 1 per hour" if self.decrease_quota else "no decrease quota"
        )
        return (
            f"AutoScaling(target {self.target:.0%}, {self.min_capacity:,.0f} to {self.max_capacity:,.0f} units/s, "
            f"up after {self.scale_up_minutes} min, down after {self.scale_down_points} points{margin} below target, "
            f"{lag}, {quota}, {self._adaptive_repr()})"
        )


@dataclass(frozen=True)
class OnDemand:
    """On-demand mode: no provisioned capacity, a ceiling that follows the previous peak.

    The table serves at once up to :data:`ON_DEMAND_PEAK_MULTIPLIER` times its
    previous peak (or its warm throughput, if that is higher); the peak it
    doubles catches up with served traffic after ``doubling_s`` seconds. AWS
    says traffic above double the previous peak within 30 minutes *can* be
    throttled; the model refuses ``over_peak_refused`` of it (all of it by
    default: the worst case, :data:`ON_DEMAND_OVER_PEAK_REFUSED`). AWS does not
    document which throttling reason such a refusal carries. The table never
    serves more than the table quota (:data:`ON_DEMAND_TABLE_QUOTA_WRU` /
    ``_RRU``, refused with :data:`QUOTA_EXCEPTION`) nor more than the optional
    maximum throughput you set. Per-partition ceilings hold as in provisioned
    mode.

    Parameters
    ----------
    previous_peak : float, optional
        Previous peak, units/s, ``> 0``; a new table's
        (:data:`ON_DEMAND_NEW_TABLE_PEAK`) if omitted.
    max_throughput : float, optional
        A maximum throughput set on the table, units/s, ``> 0``; none if omitted.
    quota : float, optional
        The table quota, units/s; the default quota for the kind if omitted.
    doubling_s : float
        Seconds for the peak to catch up, ``> 0``.
    warm_throughput : float, optional, keyword-only
        The table's warm throughput, units/s, ``> 0``: what it can serve at
        once. Pre-warming raises it ahead of a known peak. The instant ceiling
        is the larger of it and double the previous peak; none if omitted.
    over_peak_refused : float, keyword-only
        Fraction of the traffic above the instant ceiling (and within the
        quota and maximum) that is refused, in ``[0, 1]``
        (:data:`ON_DEMAND_OVER_PEAK_REFUSED`, an assumption: 1 is the worst
        case; AWS only says such traffic *can* be throttled).

    Examples
    --------
    >>> OnDemand(previous_peak=1_000)
    OnDemand(previous peak 1,000 units/s, instant 2,000, default quota, no maximum throughput)
    >>> OnDemand(previous_peak=1_000, warm_throughput=10_000, over_peak_refused=0.5)
    OnDemand(previous peak 1,000 units/s, instant 10,000, default quota, no maximum throughput, 50% of over-peak refused)
    """

    previous_peak: float | None = None
    max_throughput: float | None = None
    quota: float | None = None
    doubling_s: float = ON_DEMAND_DOUBLING_S
    warm_throughput: float | None = field(default=None, kw_only=True)
    over_peak_refused: float = field(default=ON_DEMAND_OVER_PEAK_REFUSED, kw_only=True)

    name: str = field(default="on-demand", init=False, repr=False)

    def __post_init__(self) -> None:
        if self.previous_peak is not None:
            object.__setattr__(self, "previous_peak", _positive("previous_peak", self.previous_peak))
        if self.max_throughput is not None:
            object.__setattr__(self, "max_throughput", _positive("max_throughput", self.max_throughput))
        if self.quota is not None:
            object.__setattr__(self, "quota", _positive("quota", self.quota))
        object.__setattr__(self, "doubling_s", _positive("doubling_s", self.doubling_s))
        if self.warm_throughput is not None:
            object.__setattr__(self, "warm_throughput", _positive("warm_throughput", self.warm_throughput))
        object.__setattr__(self, "over_peak_refused", check_number("over_peak_refused", self.over_peak_refused, low=0, high=1))

    @classmethod
    def switched_from_provisioned(
        cls, provisioned: float, kind: str = "write", peak_rule: str = SWITCHED_PEAK_RULE, **settings: object
    ) -> OnDemand:
        """An on-demand table that was provisioned at ``provisioned`` units/s before the switch.

        AWS gives its previous peak as one of half the previous provisioned
        throughput or a new on-demand table's setting, without saying which
        applies; by default the model takes the higher (the assumption
        ``hp.ASSUMPTIONS["SWITCHED_PEAK_RULE"]``).

        Parameters
        ----------
        provisioned : float
            Provisioned capacity before the switch, units/s, ``> 0``.
        kind : {"write", "read"}
            Which new-table setting applies (:data:`ON_DEMAND_NEW_TABLE_PEAK`).
        peak_rule : {"higher", "half", "new-table"}
            Which of AWS's two values is the previous peak: the higher of them,
            half the provisioned rate, or a new table's setting.
        **settings
            Further :class:`OnDemand` settings (``max_throughput``, ...).

        Examples
        --------
        >>> OnDemand.switched_from_provisioned(10_000).previous_peak
        5000.0
        >>> OnDemand.switched_from_provisioned(1_000).previous_peak  # a new table's is higher
        2000.0
        >>> OnDemand.switched_from_provisioned(1_000, peak_rule="half").previous_peak
        500.0
        """
        p = _positive("provisioned", provisioned)
        kind = check_choice("kind", kind, _KINDS)
        rule = check_choice("peak_rule", peak_rule, _PEAK_RULES)
        values = {"half": p / 2.0, "new-table": ON_DEMAND_NEW_TABLE_PEAK[kind]}
        peak = max(values.values()) if rule == "higher" else values[rule]
        return cls(previous_peak=peak, **settings)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        peak = "a new table's" if self.previous_peak is None else f"{self.previous_peak:,.0f} units/s"
        instant = ""
        if self.previous_peak is not None:
            instant = f", instant {max(on_demand_ceiling(self.previous_peak), self.warm_throughput or 0.0):,.0f}"
        quota = "default quota" if self.quota is None else f"quota {self.quota:,.0f}"
        mx = "no maximum throughput" if self.max_throughput is None else f"maximum {self.max_throughput:,.0f}"
        over = "" if self.over_peak_refused == 1.0 else f", {self.over_peak_refused:.0%} of over-peak refused"
        return f"OnDemand(previous peak {peak}{instant}, {quota}, {mx}{over})"

    def peak(self, kind: str) -> float:
        """The starting previous peak for ``kind``, units/s."""
        kind = check_choice("kind", kind, _KINDS)
        return ON_DEMAND_NEW_TABLE_PEAK[kind] if self.previous_peak is None else self.previous_peak

    def instant_ceiling(self, peak: float) -> float:
        """What the table serves at once given its previous ``peak``: double it, or the warm throughput if higher.

        Parameters
        ----------
        peak : float
            The previous peak, units/s, ``> 0``.

        Returns
        -------
        float
            Units/s served at once.

        Examples
        --------
        >>> OnDemand(previous_peak=1_000).instant_ceiling(1_000)
        2000.0
        >>> OnDemand(warm_throughput=10_000).instant_ceiling(1_000)  # pre-warmed
        10000.0
        """
        return self._instant_ceiling(_positive("peak", peak))

    def _instant_ceiling(self, peak: float) -> float:
        """:meth:`instant_ceiling` without the check (the simulator's loop calls it every second)."""
        doubled = ON_DEMAND_PEAK_MULTIPLIER * peak
        return doubled if self.warm_throughput is None else max(doubled, self.warm_throughput)

    def table_limit(self) -> float:
        """The maximum throughput, units/s (``inf`` when none is set)."""
        return math.inf if self.max_throughput is None else self.max_throughput

    def table_quota(self, kind: str) -> float:
        """The table quota for ``kind``, units/s."""
        return _quota(kind) if self.quota is None else self.quota


@dataclass(frozen=True)
class SplitForHeat:
    """Splits for heat: a partition kept busy for minutes splits at its key-traffic median.

    The trigger is the course's own choice (AWS names split for heat but
    publishes no threshold nor delay): :data:`SPLIT_TRIGGER_FRACTION` and
    :data:`SPLIT_TRIGGER_MINUTES` by default, both listed in
    :data:`hotpart.ASSUMPTIONS`.
    A partition whose served units stay at or above ``threshold`` times its
    ceiling for ``minutes`` consecutive minutes splits in two at the end of
    that second: the keys it holds, in hash order, are cut where the traffic
    of that second is halved, and each half takes half its provisioned share
    and burst. One item is never split. A partition holding a single key's
    item collection splits it between items (traffic assumed spread evenly
    over them) unless the table has an LSI, or the traffic follows a
    monotonically increasing sort key (all of it lands on the newest item, so
    a split would not spread it); either blocks the split for good.

    Parameters
    ----------
    threshold : float
        Served fraction of the partition ceiling that counts as hot, in ``(0, 1]``.
    minutes : float
        Minutes the partition must stay hot, ``> 0``.
    monotonic_sort_key : bool
        Whether the hot keys' traffic follows a monotonically increasing sort key.

    Examples
    --------
    >>> SplitForHeat(threshold=0.8, minutes=5)
    SplitForHeat(above 80% of the ceiling for 5 min)
    """

    threshold: float = SPLIT_TRIGGER_FRACTION
    minutes: float = SPLIT_TRIGGER_MINUTES
    monotonic_sort_key: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "threshold", check_number("threshold", self.threshold, low=0, high=1, low_open=True))
        object.__setattr__(self, "minutes", _positive("minutes", self.minutes))
        check_choice("monotonic_sort_key", self.monotonic_sort_key, (True, False))

    def __repr__(self) -> str:
        mono = ", monotonic sort key" if self.monotonic_sort_key else ""
        return f"SplitForHeat(above {self.threshold:.0%} of the ceiling for {self.minutes:g} min{mono})"


class Refusal(enum.IntEnum):
    """Why a partition refused units in a second (the codes in :attr:`SimulationResult.reason`).

    These are the model's causes. DynamoDB reports its own in the
    ``ThrottlingReasons`` of a throttling exception, each a reason
    ``<Table|Index><Read|Write><LimitType>`` and the ARN of the table or index;
    :meth:`throttling_reason` maps a cause to that reason where AWS documents
    one. The four limit types:

    ``PARTITION_CEILING``: offered above the per-partition ceiling
    (``KeyRangeThroughputExceeded``, both modes).
    ``PARTITION_SHARE``: above its provisioned share and burst while the table
    had unused capacity that adaptive capacity did not (yet) lend: a
    partition-level refusal, reported by the model as ``KeyRangeThroughputExceeded``.
    ``PROVISIONED_TOTAL``: the table's provisioned capacity was all used
    (``ProvisionedThroughputExceeded``, provisioned mode).
    ``ON_DEMAND_PEAK``: on-demand traffic above double the previous peak
    within 30 minutes, which AWS says *can* be throttled. This is **not** an
    AWS category: AWS documents no throttling reason for it, so the model
    reports none (:meth:`throttling_reason` returns ``""``).
    ``ON_DEMAND_QUOTA``: on-demand traffic above the table quota
    (``AccountLimitExceeded``).
    ``MAX_THROUGHPUT``: on-demand traffic above the maximum throughput set
    (``MaxOnDemandThroughputExceeded``).
    ``INDEX_BACKPRESSURE``: a base-table write refused because a global
    secondary index partition it had to update was throttled (chapter 12,
    :func:`hotpart.simulate_with_indexes`); the reason names the index
    (``Index...``) and the index's own limit type.

    Examples
    --------
    >>> Refusal.PARTITION_CEILING.throttling_reason("write")
    'TableWriteKeyRangeThroughputExceeded'
    >>> Refusal.ON_DEMAND_PEAK.throttling_reason("read"), Refusal.ON_DEMAND_PEAK.label
    ('', 'on-demand peak (reason undocumented)')
    """

    NONE = 0
    PARTITION_CEILING = 1
    PARTITION_SHARE = 2
    PROVISIONED_TOTAL = 3
    ON_DEMAND_PEAK = 4
    ON_DEMAND_QUOTA = 5
    MAX_THROUGHPUT = 6
    INDEX_BACKPRESSURE = 7

    @property
    def label(self) -> str:
        """The reason in words."""
        text = self.name.lower().replace("_", " ").replace("on demand", "on-demand")
        return text + " (reason undocumented)" if self == Refusal.ON_DEMAND_PEAK else text

    @property
    def limit_type(self) -> str:
        """AWS's ``LimitType`` for this cause, or ``""`` where AWS documents none (or none applies)."""
        return _LIMIT_TYPE.get(self, "")

    def throttling_reason(self, kind: str, resource: str = "Table") -> str:
        """The ``ThrottlingReason.reason`` DynamoDB would report: ``<resource><Read|Write><LimitType>``.

        Parameters
        ----------
        kind : {"write", "read"}
            The operation type.
        resource : {"Table", "Index"}
            What was throttled.

        Returns
        -------
        str
            E.g. ``"TableWriteKeyRangeThroughputExceeded"``; ``""`` for no
            refusal, for :attr:`ON_DEMAND_PEAK` (undocumented) and for
            :attr:`INDEX_BACKPRESSURE` (it carries the index's own reason).
        """
        kind = check_choice("kind", kind, _KINDS)
        resource = check_choice("resource", resource, ("Table", "Index"))
        lt = self.limit_type
        return f"{resource}{kind.capitalize()}{lt}" if lt else ""


_LIMIT_TYPE: dict[Refusal, str] = {
    Refusal.PARTITION_CEILING: "KeyRangeThroughputExceeded",
    Refusal.PARTITION_SHARE: "KeyRangeThroughputExceeded",
    Refusal.PROVISIONED_TOTAL: "ProvisionedThroughputExceeded",
    Refusal.ON_DEMAND_QUOTA: "AccountLimitExceeded",
    Refusal.MAX_THROUGHPUT: "MaxOnDemandThroughputExceeded",
}


def _refusal(name: str, reason: object) -> Refusal:
    """``reason`` as a :class:`Refusal`, or a ``ValueError`` naming ``name`` and the codes allowed."""
    if isinstance(reason, Refusal):
        return reason
    return Refusal(check_integer(name, reason, low=0, high=len(Refusal) - 1))


def refusal_exception(reason: Refusal | int, mode: str) -> str:
    """The exception a client sees for a refusal in a capacity mode, as 000 gives it.

    000 「ホットパーティションとは」 and 「オンデマンドモードでも発生する」 name
    ``ProvisionedThroughputExceededException`` for provisioned mode,
    ``ThrottlingException`` for on-demand mode (a hot partition, or past a
    maximum throughput) and ``RequestLimitExceeded`` past the on-demand table
    quota. AWS's current throttling pages name the same three exception
    classes but do not tabulate which class each mode returns; what they do
    document is the ``ThrottlingReasons`` list every throttling exception
    carries (reason plus resource ARN, see :meth:`Refusal.throttling_reason`).
    Read the reason, not the class. For :attr:`Refusal.ON_DEMAND_PEAK` AWS
    documents neither; the model returns the on-demand class as 000 would.

    Parameters
    ----------
    reason : Refusal or int
        Why the units were refused: a :class:`Refusal` or its code, in ``[0, 7]``.
    mode : {"provisioned", "auto scaling", "on-demand"}
        The table's capacity mode.

    Returns
    -------
    str
        :data:`QUOTA_EXCEPTION` past the on-demand table quota; otherwise
        :data:`THROTTLE_EXCEPTION` for the mode; ``""`` for no refusal.

    Examples
    --------
    >>> refusal_exception(5, "on-demand")  # a code from SimulationResult.reason: 5 is ON_DEMAND_QUOTA
    'RequestLimitExceeded'
    >>> refusal_exception(Refusal.PARTITION_CEILING, "provisioned")
    'ProvisionedThroughputExceededException'
    >>> refusal_exception(Refusal.ON_DEMAND_QUOTA, "on-demand")
    'RequestLimitExceeded'
    >>> refusal_exception(Refusal.PARTITION_CEILING, "on-demand")
    'ThrottlingException'
    """
    r = _refusal("reason", reason)
    mode = check_choice("mode", mode, ("provisioned", "auto scaling", "on-demand"))
    if r == Refusal.NONE:
        return ""
    if r == Refusal.ON_DEMAND_QUOTA:
        return QUOTA_EXCEPTION
    return THROTTLE_EXCEPTION["on-demand" if mode == "on-demand" else "provisioned"]


# ---------------------------------------------------------------------------------------------
# The result
# ---------------------------------------------------------------------------------------------


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
        int8 :class:`Refusal` code of each cell (``0`` where nothing was refused).
    capacity : numpy.ndarray
        The table's capacity each second, units/s: provisioned (auto scaling
        moves it), or on-demand's ceiling ``min(2 x peak, quota, maximum)``.
    splits : tuple of (int, int, int)
        ``(second, parent, child)`` for every split for heat.
    blocked : tuple of (int, int, str)
        ``(second, partition, why)`` for every split that was due but could
        not happen (``"single item"``, ``"LSI"``, ``"monotonic sort key"``, or ``"partition cap"``
        when the simulation reached :data:`MAX_SPLIT_PARTITIONS`).
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
            f"SimulationResult({seconds} s x {parts} partitions, {self.kind}s, {self.mode.name}: "
            f"offered {offered:,.0f} units, throttled {refused:,.0f} ({share:.1%}), {len(self.splits)} splits)"
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


def _zeros(shape: tuple[int, int], dtype: type = np.float64) -> NDArray:
    out = np.empty(shape, dtype=dtype)
    out.fill(0)
    return out


def _seq_sum(x: NDArray[np.float64]) -> float:
    """Left-to-right sum (as a Python loop adds), so the reference loop agrees bit for bit."""
    return float(np.cumsum(x)[-1]) if x.size else 0.0


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
    np.subtract(offered, served, out=out_throttled)
    np.subtract(offered, out_throttled, out=out_served)
    np.greater(out_served, served, out=up)
    if up.any():
        idx = np.flatnonzero(up)
        out_throttled[idx] = np.nextafter(out_throttled[idx], np.inf)
        out_served[idx] = offered[idx] - out_throttled[idx]


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
        return np.broadcast_to(d, (seconds, width))
    if d.ndim != 2 or d.shape != (seconds, width):
        raise ValueError(f"{name} must be shaped (seconds, {what}s) = ({seconds}, {width}) or ({width},); got {d.shape}")
    return d


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
        throttled = self.throttled[t]
        _conserve_into(offered, served, self.served[t], throttled, self._up)
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


class _KeyPlacement:
    """Demand given per key: where each key (or piece of an item collection) sits, and what each key lost per minute.

    Keys are placed with :func:`hotpart.partition_of`; a split for heat moves some of them (:func:`_split_partition`
    edits :attr:`seg`). Contract: :meth:`offer` fills second ``t`` of the per-partition offered units from the keys'
    demand; :meth:`record_second` (only while keys move, that is with splits) and :meth:`per_key` give every key the
    refused fraction of the partition it sat on that second, summed a minute at a time (what Contributor Insights
    counts), so each key's offered units per minute sum to its demand.

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
    """

    def __init__(
        self, keys: list[str], demand: NDArray[np.float64], table: Table, split: SplitForHeat | None, max_partitions: int
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
        # room for every split the model allows (at most one per item), within MAX_SPLIT_PARTITIONS
        self.n_alloc = n0 + (min(k * table.items_per_key - 1, max(max_partitions - n0, 0)) if split is not None else 0)
        self._seg_demand = np.zeros(k)

    def offer(self, t: int, offered: NDArray[np.float64]) -> NDArray[np.float64]:
        """Fill ``offered[t]`` with each partition's units/s that second; return the row."""
        seg = self.seg
        self._seg_demand = self.demand[t, seg.key] * seg.frac
        offered[t] = np.bincount(seg.part, weights=self._seg_demand, minlength=self.n_alloc)
        return offered[t]

    def record_second(self, t: int, offered: NDArray[np.float64], throttled: NDArray[np.float64]) -> None:
        """Add second ``t`` to each key's offered and refused units of its minute (keys may move next second)."""
        seg = self.seg
        o_seg = offered[seg.part]
        frac_thr = np.divide(throttled[seg.part], o_seg, out=np.zeros(seg.part.size), where=o_seg > 0)
        self.key_off_min[t // 60] += np.bincount(seg.key, weights=self._seg_demand, minlength=self.k)
        self.key_thr_min[t // 60] += np.bincount(seg.key, weights=self._seg_demand * frac_thr, minlength=self.k)

    def per_key(self, offered: NDArray[np.float64], throttled: NDArray[np.float64], recorded: bool) -> dict[str, object]:
        """The result's ``keys``, ``key_offered`` and ``key_throttled``; computed here unless ``recorded`` each second."""
        if not recorded:
            # keys never move: each key loses its partition's refused share, summed a minute at a time
            seg, d = self.seg, self.demand
            for m0 in range(0, d.shape[0], 60):
                block = slice(m0, min(m0 + 60, d.shape[0]))
                o_blk = offered[block][:, seg.part]
                frac_blk = np.divide(throttled[block][:, seg.part], o_blk, out=np.zeros_like(o_blk), where=o_blk > 0)
                self.key_off_min[m0 // 60] = d[block].sum(axis=0)
                self.key_thr_min[m0 // 60] = (d[block] * frac_blk).sum(axis=0)
        self.key_off_min.flags.writeable = False
        self.key_thr_min.flags.writeable = False
        return {"keys": self.keys, "key_offered": self.key_off_min, "key_throttled": self.key_thr_min}


class _BurstBucket:
    """Each partition's burst bank: the units its token bucket left unused and did not lend, up to 300 s of its share.

    Contract, each second (:meth:`settle`): the bank loses the burst units spent and gains ``portion`` of the units
    left, and never holds more than :data:`BURST_WINDOW_S` seconds of the partition's share ``r``:

    * ``reading="bank"`` with ``portion == 1``: :math:`b \\leftarrow \\min(W r,\\ b - \\text{spent} + \\text{left})`;
    * otherwise a FIFO: cumulative deposits ``dep`` and cumulative units gone ``gone`` (spent, expired or over the
      cap), the bank being ``dep - gone``; under ``reading="window"`` the deposits of second ``t - W`` expire at
      ``t`` (a history of the last ``W`` seconds' ``dep``).

    Parameters
    ----------
    share : numpy.ndarray
        Each partition's provisioned share, units/s.
    mode : Provisioned
        ``initial_burst_s``, ``burst_reading`` and ``burst_portion``.
    """

    def __init__(self, share: NDArray[np.float64], mode: Provisioned) -> None:
        n_alloc = share.size
        self.level = share * mode.initial_burst_s  # banked units now
        self.cap = BURST_WINDOW_S * share
        self.portion = mode.burst_portion
        self.window = mode.burst_reading == "window"
        self.fifo = self.window or self.portion != 1.0
        self.w_len = int(BURST_WINDOW_S)
        self.dep = self.level.copy()
        self.gone = np.zeros(n_alloc)
        self.dep_hist = np.zeros((self.w_len, n_alloc)) if self.window else np.zeros((0, n_alloc))

    def set_cap(self, share: NDArray[np.float64]) -> None:
        """The shares changed by splits: the cap follows (the bank keeps its units)."""
        self.cap = BURST_WINDOW_S * share

    def resize(self, share: NDArray[np.float64]) -> None:
        """The table's capacity changed: the cap follows and the bank is cut to it."""
        self.cap = BURST_WINDOW_S * share
        np.minimum(self.level, self.cap, out=self.level)
        if self.fifo:
            np.subtract(self.dep, self.level, out=self.gone)

    def settle(self, t: int, spent: NDArray[np.float64], left: NDArray[np.float64]) -> NDArray[np.float64]:
        """Second ``t``: ``spent`` burst units were served, ``left`` units went unused and unlent; return the bank."""
        burst = self.level
        if self.fifo:
            gone, dep = self.gone, self.dep
            gone += spent
            dep += left * self.portion
            if self.window:
                slot = t % self.w_len
                np.maximum(gone, self.dep_hist[slot], out=gone)  # deposits of second t - W expire now
                self.dep_hist[slot] = dep
            np.maximum(gone, dep - self.cap, out=gone)
            np.subtract(dep, gone, out=burst)
        else:
            np.subtract(burst, spent, out=burst)
            np.add(burst, left, out=burst)
            np.minimum(burst, self.cap, out=burst)
        return burst

    def split(self, p: int, new: int) -> None:
        """Partition ``p`` splits into ``p`` and ``new``: each half keeps half its bank (and its history)."""
        self.level[new] = self.level[p] = self.level[p] / 2.0
        if self.fifo:
            self.dep[new] = self.dep[p] = self.dep[p] / 2.0
            self.gone[new] = self.gone[p] = self.gone[p] / 2.0
            if self.window:
                self.dep_hist[:, new] = self.dep_hist[:, p] = self.dep_hist[:, p] / 2.0


class _AdaptiveCapacity:
    """Adaptive capacity: lends the table's unused provisioned units to partitions short of their own.

    Contract, each second (:meth:`lend`): a partition is eligible once it has been short (demand left after its
    token bucket and burst) for more than ``delay`` seconds in a row; eligible partitions get
    :math:`\\text{want}_i \\min(1, U / W)`, where ``W`` is what they want in total and ``U`` the units all token
    buckets left unused, so no more than ``U`` is ever lent; ``g = min(1, W / U)`` is the fraction of ``U`` lent.
    When off, nothing is lent.

    Parameters
    ----------
    mode : Provisioned
        ``adaptive`` and ``adaptive_delay_s``.
    n_alloc : int
        Partitions allocated.
    """

    def __init__(self, mode: Provisioned, n_alloc: int) -> None:
        self.enabled = mode.adaptive
        self.delay = mode.adaptive_delay_s
        self.run = np.zeros(n_alloc)  # seconds each partition has been short of its own capacity
        self.lent = np.empty(n_alloc)

    def lend(
        self, short: NDArray[np.bool_], any_short: bool, want: NDArray[np.float64], unused: NDArray[np.float64]
    ) -> tuple[float, NDArray[np.int64], float]:
        """Fill :attr:`lent`; return ``g``, the eligible partitions, and ``U`` (``-1`` when it was not needed)."""
        self.lent.fill(0.0)
        lent_frac, total_unused = 0.0, -1.0
        eligible = np.empty(0, dtype=np.int64)
        if not self.enabled:
            return lent_frac, eligible, total_unused
        run = self.run
        np.add(run, 1.0, out=run)
        np.multiply(run, short, out=run)
        if any_short:
            eligible = np.flatnonzero(run > self.delay)
            if eligible.size:
                wanted = want[eligible]
                total_want = _seq_sum(wanted)
                total_unused = _seq_sum(unused)
                if total_want > 0 and total_unused > 0:
                    give = min(1.0, total_unused / total_want)
                    lent_frac = min(1.0, total_want / total_unused)
                    self.lent[eligible] = wanted * give
        return lent_frac, eligible, total_unused

    def split(self, p: int, new: int) -> None:
        """Partition ``p`` splits: the new half has been short as long as its parent."""
        self.run[new] = self.run[p]


class _ProvisionedStep:
    """One second of provisioned mode for every partition: token bucket, then burst, then adaptive capacity.

    Contract (:meth:`serve`): partition ``i`` with share ``r_i`` (the table's capacity split by its weight) serves
    ``min(o_i, c)`` as far as ``r_i``, then its burst bank (:class:`_BurstBucket`), then what adaptive capacity
    lends it (:class:`_AdaptiveCapacity`); the rest is refused, and each refusal gets its reason
    (:meth:`_record_refusals`). It writes the records' ``capacity``, ``tokens`` and ``burst`` for the second.
    Auto scaling changes the table's capacity with :meth:`set_capacity`, a split the weights with :meth:`split`.

    Parameters
    ----------
    mode : Provisioned or AutoScaling
        The mode; auto scaling starts within its ``[min_capacity, max_capacity]``.
    capacity : float
        The table's provisioned capacity, units/s.
    n0, n_alloc : int
        Partitions at the start, and allocated for splits.
    ceiling : float
        The per-partition ceiling, units/s.
    """

    def __init__(self, mode: Provisioned, capacity: float, n0: int, n_alloc: int, ceiling: float) -> None:
        if isinstance(mode, AutoScaling):
            capacity = min(max(capacity, mode.min_capacity), mode.max_capacity)
        self.cap_table = capacity
        self.weight = np.zeros(n_alloc)
        self.weight[:n0] = 1.0 / n0
        self.share = capacity * self.weight
        self.ceiling = ceiling
        self.burst = _BurstBucket(self.share, mode)
        self.adaptive = _AdaptiveCapacity(mode, n_alloc)
        # work buffers, reused every second
        self._a_tok, self._rem, self._a_b, self._rem2, self._unused, self._shortfall, self._left, self._s = (
            np.empty(n_alloc) for _ in range(8)
        )
        self._short = np.empty(n_alloc, dtype=bool)
        self._elig_mask = np.zeros(n_alloc, dtype=bool)

    def set_capacity(self, capacity: float) -> None:
        """An auto-scaling update completes: ``capacity`` units/s hold from this second."""
        self.cap_table = capacity
        self.share = capacity * self.weight
        self.burst.resize(self.share)

    def split(self, p: int, new: int) -> None:
        """Partition ``p`` splits into ``p`` and ``new``: each takes half its share, bank and history."""
        self.weight[new] = self.weight[p] = self.weight[p] / 2.0
        self.burst.split(p, new)
        self.adaptive.split(p, new)

    def refresh_share(self) -> None:
        """After the splits of a second: the shares (and burst caps) follow the new weights."""
        self.share = self.cap_table * self.weight
        self.burst.set_cap(self.share)

    def serve(self, t: int, o: NDArray[np.float64], m: NDArray[np.float64], rec: _Records) -> None:
        """Serve second ``t``: ``o`` offered and ``m = min(o, ceiling)`` units/s per partition."""
        a_tok, rem, a_b, rem2, unused = self._a_tok, self._rem, self._a_b, self._rem2, self._unused
        short, left, shortfall, s = self._short, self._left, self._shortfall, self._s
        rec.capacity[t] = self.cap_table
        np.minimum(m, self.share, out=a_tok)
        np.subtract(m, a_tok, out=rem)
        np.minimum(rem, self.burst.level, out=a_b)
        np.subtract(rem, a_b, out=rem2)
        np.subtract(self.share, a_tok, out=unused)
        np.greater(rem2, 0.0, out=short)
        any_short = bool(short.any())
        lent_frac, eligible, total_unused = self.adaptive.lend(short, any_short, rem2, unused)
        if lent_frac > 0.0:
            np.multiply(unused, 1.0 - lent_frac, out=left)
        else:
            left[:] = unused
        rec.tokens[t] = left
        # served = m - shortfall (not a_tok + a_b + lent, whose rounding could refuse 1e-14 units)
        np.subtract(rem2, self.adaptive.lent, out=shortfall)
        np.subtract(m, shortfall, out=s)
        rec.burst[t] = self.burst.settle(t, a_b, left)
        thr = rec.settle(t, o, s)
        if any_short or bool((o > self.ceiling).any()):
            self._record_refusals(t, thr, rec, eligible, lent_frac, total_unused)

    def _record_refusals(
        self,
        t: int,
        thr: NDArray[np.float64],
        rec: _Records,
        eligible: NDArray[np.int64],
        lent_frac: float,
        total_unused: float,
    ) -> None:
        """Why each refused cell was refused: over the ceiling; short while the table had units left that were not
        lent to it (its share); or short with the table's capacity all used."""
        idx = np.flatnonzero(thr > 0)
        if not idx.size:
            return
        if total_unused < 0:
            total_unused = _seq_sum(self._unused)
        mask = self._elig_mask
        mask[eligible] = True
        elig = mask[idx]
        mask[eligible] = False
        still_short = self._shortfall[idx] > 0
        table_left = total_unused * (1.0 - lent_frac) > 0
        rec.reason[t, idx] = np.where(
            still_short,
            np.where(~elig & table_left, Refusal.PARTITION_SHARE, Refusal.PROVISIONED_TOTAL),
            Refusal.PARTITION_CEILING,
        )


class _OnDemandStep:
    """One second of on-demand mode: a table ceiling that follows the previous peak, and the partition ceilings.

    Contract (:meth:`serve`): each partition offers ``m_i = min(o_i, c)``; when their total exceeds the table's
    ceiling (:meth:`_table_ceiling`) every partition is scaled back in proportion, and each refusal carries the
    reason of the limit that bound (or the partition ceiling). The peak it doubles catches up with what the table
    served ``doubling_s`` seconds earlier, so under sustained demand the ceiling doubles every ``doubling_s``.
    No buckets: ``tokens`` and ``burst`` stay zero; splits change nothing here but where keys sit.

    Parameters
    ----------
    mode : OnDemand
        The mode.
    kind : {"write", "read"}
        Which quota and new-table peak apply.
    n_sec : int
        Seconds simulated (the served totals are kept for the look-back).
    """

    cap_table = 0.0  # no provisioned capacity

    def __init__(self, mode: OnDemand, kind: str, n_sec: int) -> None:
        self.mode = mode
        self.peak = mode.peak(kind)
        self.over_peak_served = 1.0 - mode.over_peak_refused
        self.lasting = (mode.table_quota(kind), mode.table_limit())  # the quota, then the maximum throughput
        self.lookback = int(mode.doubling_s)
        self.totals = np.zeros(n_sec)  # served total per second

    def _table_ceiling(self, t: int, total: float) -> tuple[float, int]:
        """The table's ceiling this second, units/s, and which limit set it (0 quota, 1 maximum, 2 peak)."""
        if t >= self.mode.doubling_s:
            self.peak = max(self.peak, self.totals[t - self.lookback])
        # ties go to the lasting limit: the quota, then the maximum throughput, then the peak
        limits = (*self.lasting, self.mode._instant_ceiling(self.peak))
        cap = min(limits)
        which = limits.index(cap)
        if which == 2 and self.over_peak_served > 0.0 and total > cap:
            # AWS: over-peak traffic *can* be throttled; serve part of it, within the quota and maximum
            hard = min(limits[0], limits[1])
            cap = cap + self.over_peak_served * (min(total, hard) - cap)
            if cap >= hard:
                which = limits.index(hard)
        return cap, which

    def serve(self, t: int, o: NDArray[np.float64], m: NDArray[np.float64], rec: _Records) -> None:
        """Serve second ``t``: ``o`` offered and ``m = min(o, ceiling)`` units/s per partition."""
        total = _seq_sum(m)
        cap, which = self._table_ceiling(t, total)
        rec.capacity[t] = cap
        if total > cap:
            s_od = m * (cap / total)
            table_reason = (Refusal.ON_DEMAND_QUOTA, Refusal.MAX_THROUGHPUT, Refusal.ON_DEMAND_PEAK)[which]
        else:
            s_od = m
            table_reason = Refusal.NONE
        thr = rec.settle(t, o, s_od)
        idx = np.flatnonzero(thr > 0)
        if idx.size:
            rec.reason[t, idx] = np.where(s_od[idx] < m[idx], table_reason, Refusal.PARTITION_CEILING)
        self.totals[t] = _seq_sum(rec.served[t])

    def split(self, p: int, new: int) -> None:
        """A split moves keys only; the table ceiling is not per partition."""

    def refresh_share(self) -> None:
        """Nothing is shared out in on-demand mode."""


class _AutoScalingController:
    """Auto scaling's controller: one-minute alarms, the provisioning lag, the scale-in margin and the daily quota.

    Contract: :meth:`observe` takes each second's served units and, at the end of every minute, compares the
    minute's consumed capacity with the target (:meth:`_evaluate`); an update it issues lands ``ceil(lag_s)``
    seconds after that minute, when :meth:`land` hands it to the capacity step; while one is in flight no other
    is issued. Decreases obey the daily quota (:meth:`_refill_decreases`): 4 at 00:00 UTC (second 0), one more each
    whole hour, never more than 4 at once.

    Parameters
    ----------
    mode : AutoScaling
        Target, bounds, alarm lengths, lag, margin and whether the quota applies.
    n_sec : int
        Seconds simulated.
    """

    def __init__(self, mode: AutoScaling, n_sec: int) -> None:
        self.mode = mode
        self.totals = np.zeros(n_sec)  # served total per second
        # the runs of one-minute points above / below target, the update in flight (its capacity and the second it
        # takes effect), and the decreases available today
        self.up_run = self.down_run = 0
        self.pending_cap = -1.0
        self.pending_at = 0
        self.lag = math.ceil(mode.lag_s)
        self.dec_left = AUTOSCALING_DECREASES_AT_ONCE
        self.dec_hour = 0

    def land(self, t: int, step: _ProvisionedStep) -> None:
        """Before second ``t`` is served: if the update in flight takes effect now, give ``step`` its capacity."""
        if self.pending_cap >= 0.0 and t >= self.pending_at:
            step.set_capacity(self.pending_cap)
            self.pending_cap = -1.0

    def observe(self, t: int, served: NDArray[np.float64], capacity: float) -> None:
        """Second ``t`` served ``served`` units/s per partition at the table's ``capacity`` units/s."""
        self.totals[t] = _seq_sum(served)
        if (t + 1) % 60 == 0:
            self._evaluate(t, capacity)

    def _refill_decreases(self, t: int) -> None:
        now_hour = (t + 1) // int(AUTOSCALING_DECREASE_REFILL_S)
        while self.dec_hour < now_hour:  # one more decrease each whole hour; 4 again at 00:00 UTC
            self.dec_hour += 1
            if self.dec_hour * AUTOSCALING_DECREASE_REFILL_S % 86_400 == 0:
                self.dec_left = AUTOSCALING_DECREASES_AT_ONCE
            else:
                self.dec_left = min(self.dec_left + 1, AUTOSCALING_DECREASES_AT_ONCE)

    def _evaluate(self, t: int, cap_table: float) -> None:
        """The minute ending at second ``t``: count the alarms' data points and issue an update if one fires."""
        mode = self.mode
        consumed = _seq_sum(self.totals[t - 59 : t + 1]) / 60.0
        util = consumed / cap_table
        self.up_run = self.up_run + 1 if util > mode.target else 0
        # "20% or more below the target": percentage points, with a tolerance for 0.7 - 0.2 != 0.5
        self.down_run = self.down_run + 1 if util <= mode.target - mode.scale_down_margin + _UTIL_TOL else 0
        self._refill_decreases(t)
        if self.pending_cap >= 0.0:  # an update in flight
            return
        wanted = min(max(consumed / mode.target, mode.min_capacity), mode.max_capacity)
        new_cap = cap_table
        if self.up_run >= mode.scale_up_minutes:
            new_cap = max(cap_table, wanted)
            self.up_run = self.down_run = 0
        elif self.down_run >= mode.scale_down_points and (self.dec_left > 0 or not mode.decrease_quota):
            new_cap = min(cap_table, wanted)
            self.up_run = self.down_run = 0
            if new_cap < cap_table:
                self.dec_left -= 1
        if new_cap != cap_table:
            self.pending_cap = new_cap
            self.pending_at = t + 1 + self.lag


class _SplitForHeatController:
    """Splits for heat: counts how long each partition has stayed hot, and splits those hot long enough.

    Contract (:meth:`after_second`): first each key's units of the second are booked to its minute
    (:meth:`_KeyPlacement.record_second`, before any key moves); then a partition whose served units are at or
    above ``threshold x ceiling`` for ``minutes x 60`` consecutive seconds splits at the end of that second
    (:func:`_split_partition`) into itself and the next free column, which the capacity step then shares with it
    (:meth:`_ProvisionedStep.split`); a split that cannot happen is recorded in :attr:`blocked` and never tried
    again for that partition.

    Parameters
    ----------
    split : SplitForHeat
        Threshold, minutes, monotonic sort key.
    table : Table
        Partitions at the start, items per key and LSI (what may block a split).
    ceiling : float
        The per-partition ceiling, units/s.
    placement : _KeyPlacement
        Where the keys sit (splits move them) and the columns allocated (the cap on splits).
    step : _ProvisionedStep or _OnDemandStep
        The capacity step, which shares a split partition's capacity between its halves.
    """

    def __init__(
        self,
        split: SplitForHeat,
        table: Table,
        ceiling: float,
        placement: _KeyPlacement,
        step: _ProvisionedStep | _OnDemandStep,
    ) -> None:
        self.split = split
        self.table = table
        self.placement = placement
        self.step = step
        self.after = split.minutes * 60.0
        self.threshold = split.threshold * ceiling
        self.n_used = table.partitions
        self.n_alloc = n_alloc = placement.n_alloc
        self.hot_run = np.zeros(n_alloc)
        self.blocked_flag = np.zeros(n_alloc, dtype=bool)
        self.splits: list[tuple[int, int, int]] = []
        self.blocked: list[tuple[int, int, str]] = []

    def after_second(self, t: int, rec: _Records) -> None:
        """Second ``t`` is recorded: book each key's units of the minute, then split the partitions hot long enough."""
        placement, step = self.placement, self.step
        placement.record_second(t, rec.offered[t], rec.throttled[t])  # before any key moves
        self.hot_run = (self.hot_run + 1.0) * (rec.served[t] >= self.threshold)
        due = np.flatnonzero((self.hot_run >= self.after) & ~self.blocked_flag)
        for p in due:
            new = self.n_used
            why = _split_partition(
                placement.seg, int(p), new, placement.demand[t], self.table, self.split, room=new < self.n_alloc
            )
            if why:
                self.blocked_flag[p] = True
                self.blocked.append((t, int(p), why))
                continue
            self.splits.append((t, int(p), new))
            step.split(p, new)
            self.hot_run[p] = 0.0
            self.n_used += 1
        if due.size:
            step.refresh_share()


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
    return n_sec, kind, mode, max_parts


def _place_demand(
    table: Table,
    demand: ArrayLike,
    n_sec: int,
    keys: Sequence[str] | None,
    split: SplitForHeat | None,
    max_partitions: int,
) -> tuple[NDArray[np.float64], _KeyPlacement | None]:
    """The offered units/s shaped (seconds, partitions allocated), and the keys' placement when demand is per key."""
    if keys is None:
        return _demand_matrix("demand", demand, n_sec, table.partitions, "partition").view(), None
    key_list = list(keys)
    if not key_list:
        raise ValueError("keys must hold at least one key")
    d = _demand_matrix("demand", demand, n_sec, len(key_list), "key")
    placement = _KeyPlacement(key_list, d, table, split, max_partitions)
    return _zeros((n_sec, placement.n_alloc)), placement


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
        step = _ProvisionedStep(mode, table.capacity(kind), table.partitions, n_alloc, ceiling)
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
        Seconds to simulate, ``>= 1``.
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
        (:data:`MAX_SPLIT_PARTITIONS`, listed in :data:`hotpart.ASSUMPTIONS`).

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
    offered, placement = _place_demand(table, demand, n_sec, keys, split, max_parts)
    ceil = _ceiling(kind)
    rec = _Records(offered)
    step, scaler, splitter = _steps(table, kind, mode, split, placement, n_sec)

    for t in range(n_sec):
        o = offered[t] if placement is None else placement.offer(t, offered)
        if scaler is not None:
            scaler.land(t, step)
        step.serve(t, o, np.minimum(o, ceil), rec)
        if scaler is not None:
            scaler.observe(t, rec.served[t], step.cap_table)
        if splitter is not None:
            splitter.after_second(t, rec)

    if splitter is None:
        n_used, splits, blocked = table.partitions, (), ()
    else:
        n_used, splits, blocked = splitter.n_used, tuple(splitter.splits), tuple(splitter.blocked)
    per_key = None if placement is None else placement.per_key(offered, rec.throttled, recorded=splitter is not None)
    return rec.result(table, kind, mode, ceil, n_used, splits, blocked, per_key)


def _split_partition(
    seg: _Segments,
    p: int,
    new: int,
    key_demand: NDArray[np.float64],
    table: Table,
    split: SplitForHeat,
    room: bool = True,
) -> str:
    """Split partition ``p`` at its traffic median into ``p`` and ``new``; return why not, or ``""``."""
    idx = np.flatnonzero(seg.part == p)
    if idx.size == 0:
        return "single item"
    order = np.lexsort((idx, seg.pos[idx]))
    idx = idx[order]
    splittable_item = seg.items[idx[0]] >= 2 and not table.has_lsi and not split.monotonic_sort_key
    if not room and (idx.size >= 2 or splittable_item):
        return "partition cap"
    if idx.size >= 2:
        traffic = key_demand[seg.key[idx]] * seg.frac[idx]
        cum = np.cumsum(traffic)
        half = cum[-1] / 2.0
        j = 1 + int(np.argmin(np.abs(cum[:-1] - half)))
        seg.part[idx[j:]] = new
        return ""
    s = int(idx[0])
    if seg.items[s] < 2:
        return "single item"
    if table.has_lsi:
        return "LSI"
    if split.monotonic_sort_key:
        return "monotonic sort key"
    left_items = int(seg.items[s] // 2)
    right_items = int(seg.items[s] - left_items)
    whole = seg.frac[s]
    per_item = whole / seg.items[s]
    seg.items[s] = left_items
    seg.frac[s] = per_item * left_items
    seg.key = np.append(seg.key, seg.key[s])
    seg.pos = np.append(seg.pos, seg.pos[s])
    seg.items = np.append(seg.items, right_items)
    seg.frac = np.append(seg.frac, whole - seg.frac[s])
    seg.part = np.append(seg.part, new)
    return ""
