"""What CloudWatch and Contributor Insights would show for a simulated table.

Chapter 13 (``notebooks/13_detection.ipynb``) is built on this module, and
chapter 15 (``notebooks/15_diagnosis.ipynb``) reads its output.
:func:`cloudwatch` turns a :class:`hotpart.SimulationResult` (or an
:class:`hotpart.IndexedResult`) into one-minute data points with
CloudWatch's metric names, resolved to the table and to each index, never to
a partition (000 「CloudWatch メトリクス」):

========================================  ====================================================
metric (``Write`` shown; ``Read`` alike)  what the model counts, per minute
========================================  ====================================================
``ConsumedWriteCapacityUnits``            Sum of served units (``per_second`` divides by 60)
``ProvisionedWriteCapacityUnits``         the provisioned capacity, averaged (provisioned mode) [#]_
``WriteThrottleEvents``                   refused items (events): the table's own partitions'; an index's [#i]_
``WriteKeyRangeThroughputThrottleEvents``  refused at a partition: above its ceiling, or its share
``WriteProvisionedThroughputThrottleEvents``  refused because the table's capacity was used up
``WriteMaxOnDemandThroughputThrottleEvents``  refused above an on-demand maximum throughput
``WriteAccountLimitThrottleEvents``       refused above the on-demand table quota
``ThrottledRequests``                     requests with any event refused; batch rule below
========================================  ====================================================

.. [#] CloudWatch aggregates the consumed and throttle metrics at one-minute
   intervals and every other DynamoDB metric, the provisioned capacity
   among them, at five minutes (``hp.SOURCES["METRICS_OTHER_FIVE_MINUTES"]``);
   the model reports the provisioned level every minute, for comparison.

.. [#i] An index's write events are the writes refused for it (its back-pressure,
   ``IndexedResult.backpressure``), each reason metric its share of them in
   the proportions of the index's own refusals that minute.

Every metric is a count per data point. The model's figures are expected
counts (real numbers) unless :func:`cloudwatch` is given a ``seed``, which
draws whole numbers of throttled requests.

The batch rule (000 「スロットリングの監視」, AWS's metrics page): a
``BatchWriteItem`` (put and delete requests only; it cannot update items, so
a counter's ``UpdateItem`` calls are never batched) or ``BatchGetItem`` of
``B`` items adds to ``ThrottledRequests`` only when all ``B`` items are
throttled, while every throttled item is a throttle event.
If each item of a second is refused with the same probability ``q`` (the
second's refused share, items drawn from the whole mix), the expected
throttled requests of that second are

.. math:: \\mathrm{E}[\\text{ThrottledRequests}] = \\frac{N}{B}\\, q^{B}

for ``N`` items, which is :func:`batch_throttled_requests`. A write refused
by index back-pressure counts as a throttle event of the index (under the
``GlobalSecondaryIndexName`` dimension) and as a throttled request of the
table, but not as a throttle event of the table, nor in the table's
most-throttled keys (AWS does not measure it there). Every such write is one
event of the index, whether or not its base partition would have accepted
it: the index's simulation is charged only for the writes the base
partitions accept (:func:`hotpart.simulate_with_indexes`), so its own
refusals are fewer, and the events are counted from the back-pressure
instead (AWS: each throttled index write of a ``PutItem`` is one event). The
model refuses each write once, at the first index that refuses it or else at
its base partition, so for single-item writes the table's and its indexes'
``WriteThrottleEvents`` add up to the table's write ``ThrottledRequests``
(``tests/test_index_events.py``). The index's consumed units, and its
Contributor Insights reports, stay those of the writes it was charged for. A
throttled read on an index (a ``Query`` with ``IndexName``) is likewise an
index event and a throttled request of the table.

:func:`top_keys` is Contributor Insights' view: per minute, the most accessed
and the most throttled partition keys (its "partition key" rules, for the
table or for one index), in either of its two modes; its most-accessed lists
count the units each key was *offered*, the course's teaching view. A
:class:`KeyReport` holds one table's or one index's two reports as AWS writes
them, with what they say of the key space (how many distinct keys, how many
listed): its most-accessed lists count the units each key *consumed*, since
AWS's ``ConsumedThroughputUnits`` are consumed units
(``hp.SOURCES["CI_CONSUMED_THROUGHPUT_UNITS"]``), so a key never shows more
than its partition serves (1,000 WCU/s, 180,000 ConsumedThroughputUnits a
minute for writes). How a throttled partition's refusals fall on its keys,
and so what each consumes, is the simulator's choice
(:data:`KEY_REFUSAL_SHARE`). :func:`cloudwatch` gives one per scope, the
table's under ``""``, each index's under its name, and
:func:`hotpart.simulated_exports` writes the same reports in AWS's format.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import check_array, check_broadcast, check_choice, check_count, check_divisor, check_number, check_seed
from .constants import BATCH_GET_MAX_ITEMS, PERIOD_S
from .indexes import IndexedResult
from .on_demand import OnDemand
from .refusals import Refusal
from .simulator import SimulationResult

__all__ = [
    "CONTRIBUTOR_INSIGHTS_MODES",
    "INDEX_REPORT_OMITS_WRITES",
    "KEY_REFUSAL_SHARE",
    "TABLE_DIMENSION_SUMS_INDEXES",
    "KeyReport",
    "Metrics",
    "TopKeys",
    "batch_throttled_requests",
    "cloudwatch",
    "top_keys",
]

#: Whether the table dimension's Consumed*CapacityUnits adds the indexes' units to the table's own: it does not in
#: the model (``hp.ASSUMPTIONS["TABLE_DIMENSION_SUMS_INDEXES"]``); each index has its own dimension.
TABLE_DIMENSION_SUMS_INDEXES: Final[bool] = False

#: Whether an index's most-throttled report leaves out the index's refused writes, whatever refused them (its
#: provisioned total or one of its partitions' ceilings): it does in the model, which reads AWS's "write throttling
#: caused by insufficient write capacity for a global secondary index is not measured" as covering both
#: (``hp.ASSUMPTIONS["INDEX_REPORT_OMITS_WRITES"]``).
INDEX_REPORT_OMITS_WRITES: Final[bool] = True

#: How a partition's refused units fall on its keys in the simulator's per-key counts (``SimulationResult.key_throttled``):
#: every key of a partition loses the same fraction of its units, so each consumes its partition's served units in
#: proportion to what it was offered, and a simulated most-accessed report (:class:`KeyReport`) shows a key alone on a
#: partition at its ceiling at the ceiling, a hot key with busy neighbours below it. AWS does not say how a partition
#: at its ceiling shares it among its keys (``hp.ASSUMPTIONS["KEY_REFUSAL_SHARE"]``).
KEY_REFUSAL_SHARE: Final[str] = "proportional"

#: Contributor Insights' modes (``hp.SOURCES["CONTRIBUTOR_INSIGHTS_MODES"]``): every request, or throttled ones only.
CONTRIBUTOR_INSIGHTS_MODES: Final[tuple[str, str]] = ("ACCESSED_AND_THROTTLED_KEYS", "THROTTLED_KEYS")

_REASON_METRIC: dict[str, tuple[Refusal, ...]] = {
    "KeyRangeThroughputThrottleEvents": (Refusal.PARTITION_CEILING,),
    "ProvisionedThroughputThrottleEvents": (Refusal.PROVISIONED_TOTAL,),
    "MaxOnDemandThroughputThrottleEvents": (Refusal.MAX_THROUGHPUT,),
    "AccountLimitThrottleEvents": (Refusal.ON_DEMAND_QUOTA,),
}
#: Where a partition's refusals at its *share* (before adaptive capacity lends it more) may be counted: AWS does
#: not say; :func:`cloudwatch`'s ``share_refusals`` picks one (``hp.ASSUMPTIONS["SHARE_REFUSAL_METRIC"]``).
_SHARE_METRICS = ("KeyRangeThroughputThrottleEvents", "ProvisionedThroughputThrottleEvents")


def batch_throttled_requests(items: ArrayLike, refused_share: ArrayLike, batch_size: int) -> NDArray[np.float64]:
    """Expected ``ThrottledRequests`` when ``items`` go out in batches of ``batch_size``.

    Assumptions: each item of a batch is refused independently with
    probability ``refused_share`` (items drawn at random from the second's
    mix); a batch counts as a throttled request only when all its items are
    refused; a single-item request (``batch_size = 1``) counts whenever its
    item is refused.

    Parameters
    ----------
    items : array_like
        Items requested, ``>= 0``; any shape (elementwise).
        At least one value (an empty array is refused).
    refused_share : array_like
        Share of items refused, in ``[0, 1]``; broadcast against ``items`` (same shape, or one of them a number).
        At least one value (an empty array is refused).
    batch_size : int
        Items per request, in ``[1, 100]`` (``BatchGetItem`` takes up to 100,
        ``BatchWriteItem`` up to 25).

    Returns
    -------
    numpy.ndarray
        ``items / batch_size * refused_share ** batch_size``.

    Examples
    --------
    >>> float(batch_throttled_requests(2_500, 0.5, 1))
    1250.0
    >>> float(batch_throttled_requests(2_500, 0.5, 25)) < 1e-4
    True
    >>> batch_throttled_requests([1.0, 1.0, 1.0], [0.5, 0.1], 5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: items (shape (3,)) and refused_share (shape (2,)) do not broadcast: ...
    """
    n = check_array("items", items, low=0, high=math.inf, high_open=True, empty=False)
    q = check_array("refused_share", refused_share, low=0, high=1, empty=False)
    b = check_count("batch_size", batch_size, low=1, high=BATCH_GET_MAX_ITEMS)
    check_broadcast(("items", n), ("refused_share", q))
    return n / b * q**b


@dataclass(frozen=True)
class TopKeys:
    """Contributor Insights for one minute: the most accessed and most throttled keys.

    Attributes
    ----------
    minute : int
        The minute (0 for seconds 0 to 59).
    accessed : tuple of (str, float)
        The keys with the most units, most first: units offered in :func:`top_keys` (the course's teaching view),
        units consumed in a :class:`KeyReport` (what AWS's most-accessed report counts).
    throttled : tuple of (str, float)
        The keys with the most units refused, most first (only keys refused at all).
    total_accessed, total_throttled : float
        Units of the ``accessed`` kind (offered or consumed) and units refused, over all keys that minute.
    """

    minute: int
    accessed: tuple[tuple[str, float], ...]
    throttled: tuple[tuple[str, float], ...]
    total_accessed: float
    total_throttled: float

    def __post_init__(self) -> None:
        object.__setattr__(self, "minute", check_count("minute", self.minute))
        for name in ("accessed", "throttled"):
            pairs = getattr(self, name)
            if not isinstance(pairs, (tuple, list)) or not all(isinstance(p, (tuple, list)) and len(p) == 2 for p in pairs):
                raise ValueError(f"{name} = {pairs!r} is not allowed: must be a tuple of (key, units) pairs")
            units = check_array(name, [v for _, v in pairs], low=0, high=math.inf, high_open=True)
            object.__setattr__(self, name, tuple((str(k), float(v)) for (k, _), v in zip(pairs, units, strict=True)))
        for name in ("total_accessed", "total_throttled"):
            object.__setattr__(self, name, check_number(name, getattr(self, name), low=0, high=math.inf, high_open=True))

    def __repr__(self) -> str:
        head = ", ".join(f"{k} {v:,.0f}" for k, v in self.accessed[:3])
        thr = ", ".join(f"{k} {v:,.0f}" for k, v in self.throttled[:3]) or "none"
        return f"TopKeys(minute {self.minute}: most accessed {head}; most throttled {thr})"

    def accessed_share(self) -> float:
        """Share of the minute's units that the listed most-accessed keys carry (0 when idle)."""
        return sum(v for _, v in self.accessed) / self.total_accessed if self.total_accessed > 0 else 0.0

    def throttled_share(self, n: int = 1) -> float:
        """Share of the minute's refused units that the ``n`` most-throttled keys carry (0 when none); ``n >= 1``."""
        n = check_count("n", n, low=1)
        if self.total_throttled <= 0:
            return 0.0
        return sum(v for _, v in self.throttled[:n]) / self.total_throttled


def _per_key(result: SimulationResult | IndexedResult) -> SimulationResult:
    res = result.table if isinstance(result, IndexedResult) else result
    if not isinstance(res, SimulationResult):
        raise ValueError(f"result = {result!r} is not a SimulationResult or IndexedResult")
    return res


def top_keys(
    result: SimulationResult | IndexedResult, k: int = 10, *, mode: str = "ACCESSED_AND_THROTTLED_KEYS"
) -> tuple[TopKeys, ...]:
    """Contributor Insights: the ``k`` most accessed and most throttled partition keys, per minute.

    Needs demand given per key (``keys`` in :func:`hotpart.simulate`). For an
    :class:`hotpart.IndexedResult` it reports the base table: every write in
    the most-accessed list, only the base partitions' refusals in the
    most-throttled one, since AWS's report does not measure write throttling an
    index's write capacity causes (``hp.SOURCES["CI_INDEX_WRITE_THROTTLING_NOT_MEASURED"]``:
    the index's own most-accessed report shows it); pass ``result.indexes[name]`` for an
    index's own keys (Contributor Insights is enabled per table and per
    global secondary index): its most-throttled list then holds the writes the index
    refused, which AWS does not measure there either (the ``key_reports`` of
    :func:`metrics` leave them out). This is the "partition key" view; a table or
    index with a sort key also gets AWS's "partition and sort keys" rules,
    which rank items rather than partition keys (the model has no sort keys).
    Units are capacity units (AWS ranks by requests or consumed capacity; with
    items of one unit each they agree).

    Parameters
    ----------
    result : SimulationResult or IndexedResult
        A simulation with per-key demand.
    k : int
        Keys listed per minute, in ``[1, 100]``.
    mode : {"ACCESSED_AND_THROTTLED_KEYS", "THROTTLED_KEYS"}
        Contributor Insights' mode: both lists, or only the throttled keys
        (``accessed`` is then empty and ``total_accessed`` 0, and a minute
        without throttling lists nothing).

    Returns
    -------
    tuple of TopKeys
        One per minute.

    Examples
    --------
    >>> from hotpart import Table, simulate
    >>> res = simulate(Table(1, wcu=3_000), [1_500, 10, 5], 120, keys=["hot", "a", "b"])
    >>> top = top_keys(res, 2)
    >>> [k for k, _ in top[0].accessed], round(top[0].throttled_share(1), 3)
    (['hot', 'a'], 0.99)
    >>> top_keys(res, 2, mode="THROTTLED_KEYS")[0].accessed
    ()
    """
    res = _per_key(result)
    own = result.own if isinstance(result, IndexedResult) else res  # the base partitions' own refusals
    n = check_count("k", k, low=1, high=100)
    check_choice("mode", mode, CONTRIBUTOR_INSIGHTS_MODES)
    accessed_too = mode == "ACCESSED_AND_THROTTLED_KEYS"
    if res.key_offered is None or res.key_throttled is None or own.key_throttled is None:
        raise ValueError("result has no per-key counts: simulate with keys= to see top keys")
    out = []
    for m in range(res.key_offered.shape[0]):
        off = res.key_offered[m]
        thr = own.key_throttled[m]
        top_a = np.argsort(-off, kind="stable")[:n]
        refused = bool(np.count_nonzero(thr))  # a minute without refusals lists none and totals 0.0 (fsum's)
        top_t = [i for i in np.argsort(-thr, kind="stable")[:n] if thr[i] > 0] if refused else []
        out.append(
            TopKeys(
                minute=m,
                accessed=tuple((res.keys[i], float(off[i])) for i in top_a if off[i] > 0) if accessed_too else (),
                throttled=tuple((res.keys[i], float(thr[i])) for i in top_t),
                # math.fsum, correctly rounded: numpy's pairwise sum rounds differently on CPUs with and without
                # AVX2 (360000.0 against 359999.9999999999 for the sample table's minute), and the totals go into
                # the committed sample exports
                total_accessed=math.fsum(off.tolist()) if accessed_too else 0.0,
                total_throttled=math.fsum(thr.tolist()) if refused else 0.0,
            )
        )
    return tuple(out)


@dataclass(frozen=True)
class KeyReport:
    """Contributor Insights for one table or one index: its two reports, minute by minute, and its key space.

    Attributes
    ----------
    top : tuple of TopKeys
        One per minute: the most-accessed and the most-throttled lists (either may be empty). The most-accessed lists
        count the units each key consumed, as AWS's report does (``hp.SOURCES["CI_CONSUMED_THROUGHPUT_UNITS"]``): never
        more than its partition serves, whatever it was offered.
    accessed, throttled : bool
        Whether the most-accessed (``PKC``) and the most-throttled (``PKT``) report are there. A report that is not
        there is unknown, never empty.
    unique_accessed, unique_throttled : float or None
        Distinct keys each report saw over its window (AWS's ``ApproximateUniqueCount``; for a simulation, the keys
        that consumed or were refused anything), ``None`` when not known.
    listed_accessed, listed_throttled : int
        Distinct keys each report lists over its window (at most its ``MaxContributorCount``).
    weighted : bool
        Whether the most-accessed units are AWS's ``ConsumedThroughputUnits`` (3 x write units + read units), as a
        real report counts them; ``False`` for a simulation's lists, which count units, a read unit and a write unit
        one each. Either way a key's reads and writes are counted together when the run simulated both.
    rules : tuple of str
        The rule names the reports came from, when known.

    Examples
    --------
    >>> from hotpart import Table, simulate
    >>> m = cloudwatch(simulate(Table(1, wcu=3_000), [1_500, 10, 5], 120, keys=["hot", "a", "b"]), top_k=2)
    >>> r = m.key_reports[""]
    >>> r.unique_accessed, r.listed_accessed, r.key_space_listed()
    (3.0, 2, False)
    """

    top: tuple[TopKeys, ...]
    accessed: bool = True
    throttled: bool = True
    unique_accessed: float | None = None
    unique_throttled: float | None = None
    listed_accessed: int = 0
    listed_throttled: int = 0
    weighted: bool = False
    rules: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.top, tuple) or not all(isinstance(t, TopKeys) for t in self.top):
            raise ValueError(f"top = {self.top!r} is not allowed: must be a tuple of TopKeys, one per minute")
        for name in ("unique_accessed", "unique_throttled"):
            v = getattr(self, name)
            if v is not None:
                object.__setattr__(self, name, check_number(name, v, low=0, high=math.inf, high_open=True))
        for name in ("listed_accessed", "listed_throttled"):
            object.__setattr__(self, name, check_count(name, getattr(self, name), low=0))

    def __repr__(self) -> str:
        which = " and ".join(w for w, on in (("most accessed", self.accessed), ("most throttled", self.throttled)) if on)
        unique = "" if self.unique_accessed is None else f", {self.unique_accessed:,.0f} distinct keys"
        return f"KeyReport({which or 'no report'}, {len(self.top)} minutes{unique})"

    def key_space_listed(self) -> bool:
        """Whether the most-accessed report lists every key it saw: its distinct keys are no more than it lists."""
        return self.accessed and self.unique_accessed is not None and 0 < self.unique_accessed <= self.listed_accessed


def _key_units(
    results: list[SimulationResult],
    own: list[SimulationResult | None] | None = None,
    *,
    index: bool = False,
    write_weight: float = 1.0,
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """One scope's two Contributor Insights counts per minute and key, shaped (minutes, keys): the units each key
    consumed (what AWS's most-accessed report counts: offered less refused, whatever refused them, an index's
    back-pressure included, since a refused write consumes nothing), and the units its most-throttled report counts as
    refused. ``results`` are the scope's simulations on the same keys (writes, and reads on the same keys), summed;
    ``own``, where given, holds the base partitions' own result of each: its refusals are the most-throttled report's,
    since AWS's report does not measure write throttling an index's write capacity causes
    (``hp.SOURCES["CI_INDEX_WRITE_THROTTLING_NOT_MEASURED"]``). For the same reason an index's own report (``index``)
    counts only its refused reads (queries on the index), whatever refused its writes (:data:`INDEX_REPORT_OMITS_WRITES`).
    How a partition's refusals fall on its keys is the simulator's (:data:`KEY_REFUSAL_SHARE`). ``write_weight`` weights
    the consumed units of writes: 3 gives AWS's ConsumedThroughputUnits (3 x write units + read units,
    ``hp.SOURCES["CI_CONSUMED_THROUGHPUT_UNITS"]``), 1 plain units."""
    owns = own or [None] * len(results)
    # a key's refused units are part of its offered units, so the difference is >= 0 but for rounding: clipped
    consumed = sum(
        (write_weight if r.kind == "write" else 1.0) * np.maximum(r.key_offered - r.key_throttled, 0.0)  # type: ignore[operator]
        for r in results
    )
    refused = sum((o or r).key_throttled for r, o in zip(results, owns, strict=True))  # type: ignore[misc]
    if index and INDEX_REPORT_OMITS_WRITES:
        refused = sum((r.key_throttled for r in results if r.kind == "read"), np.zeros_like(consumed))
    return np.asarray(consumed, dtype=float), np.asarray(refused, dtype=float)


def _key_report(
    results: list[SimulationResult], k: int, own: list[SimulationResult | None] | None = None, *, index: bool = False
) -> KeyReport:
    """A simulated table's or index's Contributor Insights as AWS reports them (:func:`_key_units`): per minute, the
    ``k`` keys that consumed the most units and the ``k`` most refused."""
    res = results[0]
    consumed, refused = _key_units(results, own, index=index)
    top = []
    for m in range(consumed.shape[0]):
        used, thr = consumed[m], refused[m]
        top_a = np.argsort(-used, kind="stable")[:k]
        refused_any = bool(np.count_nonzero(thr))
        top_t = [i for i in np.argsort(-thr, kind="stable")[:k] if thr[i] > 0] if refused_any else []
        top.append(
            TopKeys(
                m,
                tuple((res.keys[i], float(used[i])) for i in top_a if used[i] > 0),
                tuple((res.keys[i], float(thr[i])) for i in top_t),
                math.fsum(used.tolist()),
                math.fsum(thr.tolist()) if refused_any else 0.0,
            )
        )
    listed_a = {key for t in top for key, _ in t.accessed}
    listed_t = {key for t in top for key, _ in t.throttled}
    return KeyReport(
        tuple(top),
        unique_accessed=float(np.count_nonzero(consumed.sum(axis=0))),
        unique_throttled=float(np.count_nonzero(refused.sum(axis=0))),
        listed_accessed=len(listed_a),
        listed_throttled=len(listed_t),
    )


def _check_series(name: str, series: Any) -> None:
    """A metric's per-minute values: numbers, none negative (a count, a capacity or a percentage); NaN is taken, as
    a minute a level or a progress has no data point for."""
    try:
        values = np.asarray(series, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"{name} = {series!r} is not allowed: must be per-minute numbers") from None
    if values.ndim != 1:
        raise ValueError(f"{name} has shape {values.shape}: must be one value per minute (1-D)")
    if bool(np.any(values < 0)):
        raise ValueError(f"{name} holds {float(np.nanmin(values))!r}: must be >= 0 (or NaN: no data point)")


@dataclass(frozen=True)
class Metrics:
    """CloudWatch's one-minute data points for a table and its indexes.

    Attributes
    ----------
    kind : {"write", "read", "both"}
        Which capacity the metrics cover.
    seconds : int
        Seconds simulated; the last minute may be partial.
    batch_size : int
        Items per request used for ``ThrottledRequests``.
    item_units : float
        Capacity units per item, so events (items) are units / ``item_units``.
    table : dict of str to numpy.ndarray
        Per-minute values by CloudWatch metric name (``TableName`` dimension).
    indexes : dict of str to dict of str to numpy.ndarray
        The same for each index (``TableName`` + ``GlobalSecondaryIndexName``).
    requests : numpy.ndarray
        Requests per minute (items / ``batch_size``): the bound of ``ThrottledRequests``.
    top : tuple of TopKeys or None
        Contributor Insights of the table, when enabled: from :func:`cloudwatch` (``top_k`` given), :func:`top_keys`'
        lists, whose most-accessed units are offered units (``key_reports`` holds what AWS reports: consumed units);
        read from exports, the table's report (``key_reports[""].top``).
    key_reports : dict of str to KeyReport
        Contributor Insights per scope: the table's under ``""``, each index's under its name (only the scopes
        whose reports are there).
    """

    kind: str
    seconds: int
    batch_size: int
    item_units: float
    table: dict[str, NDArray[np.float64]]
    indexes: dict[str, dict[str, NDArray[np.float64]]] = field(default_factory=dict)
    requests: NDArray[np.float64] = field(default_factory=lambda: np.zeros(0))
    top: tuple[TopKeys, ...] | None = None
    key_reports: dict[str, KeyReport] = field(default_factory=dict)

    def __post_init__(self) -> None:
        check_choice("kind", self.kind, ("write", "read", "both"))
        if not isinstance(self.key_reports, dict) or not all(isinstance(r, KeyReport) for r in self.key_reports.values()):
            raise ValueError(f"key_reports = {self.key_reports!r} is not allowed: must be a dict of scope to KeyReport")
        object.__setattr__(self, "seconds", check_count("seconds", self.seconds, low=1))
        object.__setattr__(self, "batch_size", check_count("batch_size", self.batch_size, low=1, high=BATCH_GET_MAX_ITEMS))
        u = check_number("item_units", self.item_units, low=0, high=math.inf, low_open=True, high_open=True)
        object.__setattr__(self, "item_units", u)
        if not isinstance(self.table, dict):
            raise ValueError(f"table = {self.table!r} is not allowed: must be a dict of metric name to per-minute values")
        if not isinstance(self.indexes, dict) or not all(isinstance(m, dict) for m in self.indexes.values()):
            raise ValueError(f"indexes = {self.indexes!r} is not allowed: must be a dict of index name to metrics")
        for where, metrics in (("table", self.table), *((f"indexes[{i!r}]", m) for i, m in self.indexes.items())):
            for name, series in metrics.items():
                _check_series(f"{where}[{name!r}]", series)
        object.__setattr__(self, "requests", check_array("requests", self.requests, low=0, high=math.inf, high_open=True))

    def __repr__(self) -> str:
        names = [n for n in self.table if n.endswith("ThrottleEvents") or n == "ThrottledRequests"]
        fired = [n for n in names if float(self.table[n].sum()) > 0]
        idx = {
            n: float(sum(v.sum() for k, v in m.items() if k.endswith("ThrottleEvents") and "Range" not in k))
            for n, m in self.indexes.items()
        }
        idx_s = ", ".join(f"{n} {v:,.0f} events" for n, v in idx.items()) or "no indexes"
        ci = "on" if self.top is not None else "off"
        return (
            f"Metrics({self.minutes} min of {self.kind}s, batches of {self.batch_size}; non-zero: "
            f"{', '.join(fired) or 'none'}; {idx_s}; Contributor Insights {ci})"
        )

    def __getitem__(self, name: str) -> NDArray[np.float64]:
        if name not in self.table:
            raise ValueError(f"no table metric {name!r}; the metrics are {sorted(self.table)}")
        return self.table[name]

    @property
    def minutes(self) -> int:
        """One-minute data points."""
        return -(-self.seconds // PERIOD_S)

    def seconds_in_minute(self) -> NDArray[np.float64]:
        """Seconds each data point covers (60, except perhaps the last)."""
        s = np.full(self.minutes, float(PERIOD_S))
        s[-1] = self.seconds - PERIOD_S * (self.minutes - 1)
        return s

    def per_second(self, name: str, index: str | None = None) -> NDArray[np.float64]:
        """A metric's per-minute Sum divided by the seconds it covers (as the console plots consumed capacity)."""
        series = self[name] if index is None else self.index(index)[name]
        return series / self.seconds_in_minute()

    def index(self, name: str) -> dict[str, NDArray[np.float64]]:
        """The metrics of one index."""
        if name not in self.indexes:
            raise ValueError(f"no index {name!r}; the indexes are {sorted(self.indexes)}")
        return self.indexes[name]

    def total(self, name: str, index: str | None = None) -> float:
        """A metric summed over the run (a level metric like provisioned capacity is averaged)."""
        series = self[name] if index is None else self.index(name=index)[name]
        if name.startswith("Provisioned") and "Throttle" not in name:
            return float(series.mean())
        return float(series.sum())


def _minutes(x: NDArray[np.float64]) -> NDArray[np.float64]:
    """Sum a per-second series into one-minute data points (the last may be partial)."""
    n = x.shape[0]
    m = -(-n // PERIOD_S)
    pad = np.zeros(m * PERIOD_S)
    pad[:n] = x
    return pad.reshape(m, PERIOD_S).sum(axis=1)


def _events_by_reason(
    res: SimulationResult, item_units: float, share_refusals: str = "KeyRangeThroughputThrottleEvents"
) -> dict[str, NDArray[np.float64]]:
    """Throttle events split by cause: the units above the partition ceiling are always key-range events.

    A cell records one refusal reason; when a partition was both above its
    ceiling and short of table capacity, the part above the ceiling is
    attributed to the key range and the rest to the cell's reason.
    """
    above = np.minimum(res.throttled, np.maximum(res.offered - res.ceiling, 0.0))
    rest = res.throttled - above
    out = {}
    for metric, codes in _REASON_METRIC.items():
        if metric == share_refusals:
            codes = (*codes, Refusal.PARTITION_SHARE)
        mask = np.isin(res.reason, [int(c) for c in codes])
        units = np.where(mask, rest, 0.0)
        if metric.startswith("KeyRange"):
            units = units + above
        out[metric] = _minutes(units.sum(axis=1)) / item_units
    return out


def _capacity_metrics(
    res: SimulationResult,
    item_units: float,
    own: SimulationResult | None = None,
    share_refusals: str = "KeyRangeThroughputThrottleEvents",
) -> dict:
    """Consumed, provisioned and throttle-event metrics of one table or index (one kind)."""
    k = res.kind.capitalize()
    ev_src = res if own is None else own
    out = {f"Consumed{k}CapacityUnits": _minutes(res.served.sum(axis=1))}
    if not isinstance(res.mode, OnDemand):
        out[f"Provisioned{k}CapacityUnits"] = _minutes(res.capacity) / np.maximum(_minutes(np.ones(res.seconds)), 1.0)
    out[f"{k}ThrottleEvents"] = _minutes(ev_src.throttled.sum(axis=1)) / item_units
    for metric, series in _events_by_reason(ev_src, item_units, share_refusals).items():
        out[f"{k}{metric}"] = series
    return out


def _backpressure_events(
    charged: dict[str, NDArray[np.float64]], backpressure: NDArray[np.float64], item_units: float
) -> dict[str, NDArray[np.float64]]:
    """An index's write throttle events: the base-table writes refused for it, split by reason as the index refused.

    ``charged`` holds the index's write metrics from its own simulation, whose refusals are of the writes it was
    *charged* for (those the base partitions accept), in index units; ``backpressure`` is the base-table write units
    refused because of the index, shaped (seconds, base partitions): every write that reached the index and met its
    refused share, whatever the base partition did with it. Each refused write is one event, so
    ``WriteThrottleEvents`` is ``backpressure`` per minute over ``item_units``, and each reason metric takes the share
    of it that reason had of the index's own refusals that minute, so that they still add up to the events. (A write
    is refused for an index only in a second the index refused some of its own units, so a minute with events always
    has reasons; were it otherwise, they would go to key-range.)
    """
    events = _minutes(backpressure.sum(axis=1)) / item_units
    reasons = [f"Write{m}" for m in _REASON_METRIC]
    own = np.sum([charged[m] for m in reasons], axis=0)
    out = {"WriteThrottleEvents": events}
    for m in reasons:
        fallback = 1.0 if m == "WriteKeyRangeThroughputThrottleEvents" else 0.0
        share = np.divide(charged[m], own, out=np.full_like(own, fallback), where=own > 0)
        out[m] = events * share
    return out


def cloudwatch(
    result: SimulationResult | IndexedResult,
    *,
    batch_size: int = 1,
    item_units: float = 1.0,
    top_k: int | None = None,
    seed: int | None = None,
    share_refusals: str = "KeyRangeThroughputThrottleEvents",
) -> Metrics:
    """CloudWatch's one-minute metrics for a simulated table, with the batch rule for ``ThrottledRequests``.

    Parameters
    ----------
    result : SimulationResult or IndexedResult
        A simulation (writes or reads), or a table with its indexes (writes,
        plus reads if simulated).
    batch_size : int
        Items per request, in ``[1, 100]``: 1 for ``PutItem``/``GetItem``, up
        to 25 for ``BatchWriteItem`` and 100 for ``BatchGetItem``. A batch's
        items are taken to be drawn from the whole table's (or index's)
        traffic of that second, so each is refused with the overall refused
        share ``q``; batches built from one hot key's items would meet that
        key's own, higher, share.
    item_units : float
        Capacity units per item, ``> 0`` (1 for items up to 1 KB written or
        4 KB read strongly consistent), and large enough that the run's units make a finite count of items
        (at least the units offered in all divided by the largest float64, about 1.8e308).
    top_k : int, optional
        Enable Contributor Insights with this many keys per minute (needs
        per-key demand), in ``[1, 100]``: ``key_reports[""]`` for the table,
        one per index under its name (``top`` keeps :func:`top_keys`' lists of
        the table, offered units). Each most-accessed report counts the units
        each key consumed, as AWS's does. The table's most-throttled report
        holds only its base partitions' own refusals, not the writes refused
        for an index's back-pressure, and an index's holds only its refused
        reads: AWS does not measure write throttling an index's write
        capacity causes, and points to the index's most-accessed report
        (``hp.SOURCES["CI_INDEX_WRITE_THROTTLING_NOT_MEASURED"]``).
    seed : int, optional
        ``None`` (the default): ``ThrottledRequests`` is the expected count,
        a real number (``N/B q^B`` per second); nothing is drawn, so the
        result is the same on every call (``None`` never means fresh entropy). An int: for ``B > 1`` each
        second's requests are a whole number (``N/B``, the fraction rounded
        at random) and each is throttled with probability ``q^B``, so the
        metric is a count, as CloudWatch reports it; for ``B = 1`` every
        refused item is one throttled request, nothing is drawn.
        An int must be a whole number ``>= 0`` (:func:`hotpart.models._validation.check_seed`).
    share_refusals : {"KeyRangeThroughputThrottleEvents", "ProvisionedThroughputThrottleEvents"}
        Which reason metric counts units a partition refused at its share
        before adaptive capacity lent it more. AWS does not say; the default
        is the course's choice (``hp.ASSUMPTIONS["SHARE_REFUSAL_METRIC"]``).

    Returns
    -------
    Metrics
        Per-minute data points for the table and each index. An index's
        ``WriteThrottleEvents`` (and its reason metrics, in the same
        proportions as its own refusals) count the base-table writes refused
        for it, ``result.backpressure``, in items; its consumed units are those
        of the writes it was charged for.

    Examples
    --------
    A key at 1,500 WCU/s on a table with room to spare: consumed stays under
    the provisioned line while key-range throttle events pile up.

    >>> from hotpart import Table, simulate
    >>> res = simulate(Table(4, wcu=4_000), [1_500, 100, 100, 100], 120)
    >>> m = cloudwatch(res)
    >>> m.per_second("ConsumedWriteCapacityUnits")[-1], m["ProvisionedWriteCapacityUnits"][-1]
    (np.float64(1300.0), np.float64(4000.0))
    >>> m["WriteKeyRangeThroughputThrottleEvents"].tolist()
    [30000.0, 30000.0]

    In batches of 25 the expected throttled requests are a tiny fraction; drawn
    as counts they are zero:

    >>> float(cloudwatch(res, batch_size=25)["ThrottledRequests"].sum()) < 1e-6
    True
    >>> cloudwatch(res, batch_size=25, seed=1)["ThrottledRequests"].tolist()
    [0.0, 0.0]
    """
    b = check_count("batch_size", batch_size, low=1, high=BATCH_GET_MAX_ITEMS)
    u = check_number("item_units", item_units, low=0, high=math.inf, low_open=True, high_open=True)
    rng = None if seed is None else np.random.default_rng(check_seed("seed", seed))
    if top_k is not None:
        check_count("top_k", top_k, low=1, high=100)
    check_choice("share_refusals", share_refusals, _SHARE_METRICS)
    if isinstance(result, IndexedResult):
        results = [(result.table, result.own)] + ([(result.reads, None)] if result.reads is not None else [])
        # every index has a write simulation; reads, if any, join it under the same dimension
        index_parts: dict[str, list[SimulationResult]] = {
            n: [r] + ([result.index_reads[n]] if n in result.index_reads else []) for n, r in result.indexes.items()
        }
    elif isinstance(result, SimulationResult):
        results = [(result, None)]
        index_parts = {}
    else:
        raise ValueError(f"result = {result!r} is not a SimulationResult or IndexedResult")
    units = math.fsum(float(r.offered.sum()) for r in [r for r, _ in results] + [r for p in index_parts.values() for r in p])
    check_divisor("item_units", u, units, f"the run's {units:g} units / item_units, its items")

    table: dict[str, NDArray[np.float64]] = {}
    for res, own in results:  # the table's own units only (TABLE_DIMENSION_SUMS_INDEXES is False)
        table.update(_capacity_metrics(res, u, own, share_refusals))
    # a Query or Scan on an index is a request to the table: its throttling counts in ThrottledRequests too
    index_queries = list(result.index_reads.values()) if isinstance(result, IndexedResult) else []
    requests = np.zeros(-(-results[0][0].seconds // PERIOD_S))
    throttled_requests = np.zeros_like(requests)
    for res in [r for r, _ in results] + index_queries:
        items = res.offered.sum(axis=1) / u
        refused = res.throttled.sum(axis=1) / u
        share = np.divide(refused, items, out=np.zeros_like(items), where=items > 0).clip(0.0, 1.0)
        requests += _minutes(items) / b
        if rng is None or b == 1:  # a single-item request is throttled exactly when its item is
            throttled_requests += _minutes(batch_throttled_requests(items, share, b))
        else:  # whole requests, each throttled when all its b items are
            n_req = items / b
            whole = np.floor(n_req)
            whole += rng.random(whole.shape) < (n_req - whole)
            throttled_requests += _minutes(rng.binomial(whole.astype(np.int64), share**b).astype(float))
    table["ThrottledRequests"] = throttled_requests
    indexes = {}
    for name, parts in index_parts.items():
        merged: dict[str, NDArray[np.float64]] = {}
        for r in parts:
            merged.update(_capacity_metrics(r, u, share_refusals=share_refusals))
        if isinstance(result, IndexedResult):  # an index's write events: the writes refused for it
            merged.update(_backpressure_events(merged, result.backpressure[name], u))
        indexes[name] = merged
    kinds = {r.kind for r, _ in results} | {r.kind for parts in index_parts.values() for r in parts}
    top = None
    reports: dict[str, KeyReport] = {}
    if top_k is not None:
        top = top_keys(result, top_k)
        table_parts = [(r, o) for r, o in results if r.key_offered is not None and r.key_throttled is not None]
        if table_parts:  # reads join the writes' lists when they name the same keys
            same = [(r, o) for r, o in table_parts if r.keys == table_parts[0][0].keys]
            reports[""] = _key_report([r for r, _ in same], top_k, [o for _, o in same])
        for name, parts in index_parts.items():
            if all(r.key_offered is not None and r.key_throttled is not None for r in parts):
                reports[name] = _key_report(parts, top_k, index=True)
    for series in list(table.values()) + [v for m in indexes.values() for v in m.values()]:
        series.flags.writeable = False
    return Metrics(
        kind=kinds.pop() if len(kinds) == 1 else "both",
        seconds=results[0][0].seconds,
        batch_size=b,
        item_units=u,
        table=table,
        indexes=indexes,
        requests=requests,
        top=top,
        key_reports=reports,
    )
