"""From symptom to remedy: the source's table as a decision aid that reads metrics.

Chapter 15 (``notebooks/15_diagnosis.ipynb``) is built on this module, and
chapter 13 (``notebooks/13_detection.ipynb``) uses its scenarios.
:data:`REMEDIES` holds 000's table 「症状から手を選ぶ」 (symptom, remedy,
pitfall), in English, plus the outcomes the table leaves out but a reader
meets: the table-level limits of AWS's throttling guide (an
under-provisioned table, the per-table quota, the maximum throughput set on
an on-demand table, traffic past double the previous peak), read throttling
on an index, a key hot for reads (a cache, not write sharding), a hot
partition whose key is not yet known, and nothing to fix. :func:`diagnose` reads :func:`hotpart.cloudwatch`
metrics, picks a row, and says which data points point there and how sure it
is. :func:`scenario` builds the canonical cases: each is a seeded,
deterministic simulation with the key design the table describes.

The rules (:data:`RULES`), tried in order; the first that holds decides:

1. **No throttling**: no throttle event on the table or any index and no
   ``ThrottledRequests`` in any minute.
2. **GSI-only throttling**: an index has throttle events
   (``GlobalSecondaryIndexName`` dimension) and the table's own partitions
   have none. Reads and writes are told apart, because AWS throttles them
   independently and only index *writes* push back onto the table:

   a. the index's ``WriteThrottleEvents`` fire: **GSI-only throttling**
      (000's row); the table's ``ThrottledRequests`` include the
      back-pressured writes;
   b. only the index's ``ReadThrottleEvents`` fire: **GSI read
      throttling**; the table's ``ThrottledRequests`` are the throttled
      queries on the index, and the table's writes are not held back.

   When the index's own provisioned-throughput, account-limit or
   maximum-throughput events outnumber its key-range events, the evidence
   says that the index's capacity, quota or maximum is short, not its key.
3. **Short spike**: the one-minute data points with any throttling span at
   most ``spike_minutes`` minutes, and at least as many data points are
   quiet. Medium confidence: one window cannot show whether it recurs; the
   row rules 4 and 5 would pick for the same window is named as the
   alternative.
4. **A table-level limit** (the table-level throttle events outnumber the
   ``KeyRangeThroughputThrottleEvents``): the reason with the most events
   decides, one row per family of AWS's throttling guide:

   a. ``ProvisionedThroughputThrottleEvents``: an **under-provisioned table**
      (provisioned mode);
   b. ``AccountLimitThrottleEvents``: the **per-table quota reached**
      (on-demand mode);
   c. ``MaxOnDemandThroughputThrottleEvents``: the **maximum throughput
      reached** that was set on the on-demand table or index;
   d. throttle events that no reason metric accounts for: **past double the
      previous peak** (on-demand). AWS documents no throttling reason and no
      metric for this case, so the row says so and the confidence is medium.
5. **A hot partition** (key-range events dominate). Contributor Insights
   decides which key design is at fault:

   a. off: the key cannot be named; **hot partition, key unknown**, low
      confidence, the key-design rows of the throttled kind (reads or
      writes) as alternatives;
   b. the most-accessed keys it lists carry at least ``small_key_space``
      of the traffic: the whole key space fits in the list, a
      **low-cardinality key**;
   c. one key carries at least ``one_key`` of the throttled units amid a
      long tail: **single-key write concentration** when the key-range
      events are writes, **single-key read concentration** (a cache is the
      remedy, not write sharding) when they are reads;
   d. the listed most-throttled keys carry at least ``few_keys``
      (:data:`FEW_KEYS_SHARE`) of the throttled units: a few keys share
      the throttling, a **low-cardinality key** (medium confidence);
   e. otherwise the throttling is spread over a long tail of keys: every
      partition is at its limit, an **under-provisioned table** (medium; low
      on an on-demand table, which has no provisioned capacity to raise: the
      evidence says so).

The thresholds ``spike_minutes``, ``small_key_space``, ``one_key`` and
``few_keys`` are the course's choices (:data:`SPIKE_MINUTES`,
:data:`SMALL_KEY_SPACE_SHARE`, :data:`ONE_KEY_SHARE`,
:data:`FEW_KEYS_SHARE`), listed in :data:`hotpart.ASSUMPTIONS`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from ._validation import check_choice, check_count, check_number
from .constants import BATCH_WRITE_MAX_ITEMS, ON_DEMAND_TABLE_QUOTA_WRU
from .indexes import GlobalSecondaryIndex, IndexedResult, simulate_with_indexes
from .metrics import Metrics, cloudwatch
from .on_demand import OnDemand
from .simulator import SimulationResult, Table, simulate

__all__ = [
    "FEW_KEYS_SHARE",
    "GSI_OPEN_SHARE",
    "ONE_KEY_SHARE",
    "PROVISIONED_WRITE_SCENARIOS",
    "REMEDIES",
    "RULES",
    "SCENARIOS",
    "SMALL_KEY_SPACE_SHARE",
    "SPIKE_MINUTES",
    "Diagnosis",
    "Remedy",
    "Scenario",
    "diagnose",
    "scenario",
]


@dataclass(frozen=True)
class Remedy:
    """One row of the symptom table: what you see, what to do, what to watch out for.

    Attributes
    ----------
    symptom, remedy, pitfall : str
        In words (000 「症状から手を選ぶ」, or the course where noted).
    in_source : bool
        Whether the row is in the source's table.

    Examples
    --------
    >>> REMEDIES["short spike"].in_source
    True
    """

    symptom: str
    remedy: str
    pitfall: str
    in_source: bool = True

    def __repr__(self) -> str:
        return f"Remedy({self.symptom!r} -> {self.remedy!r}; pitfall: {self.pitfall!r})"


#: The source's table (000 「症状から手を選ぶ」, 2026-08), in English, and the rows the course adds. The
#: course's rows rest on AWS's throttling guide and the pages quoted in :data:`hotpart.SOURCES`
#: (``THROTTLING_REASONS``, ``ACCOUNT_LIMIT_REMEDY``, ``MAX_THROUGHPUT_REMEDY``, ``PEAK_THROTTLING``,
#: ``PEAK_PREWARM``, ``GSI_READ_THROTTLING``, ``CACHE_HOT_READS``).
REMEDIES: dict[str, Remedy] = {
    "low-cardinality key": Remedy(
        "A low-cardinality partition key (a status, a category)",
        "Move the partition key to a high-cardinality attribute (userId, orderId) and put the filter in the sort key",
        "Hold GSI partition keys to the same standard",
    ),
    "single-key write concentration": Remedy(
        "Writes concentrated on one key (a date, a counter)",
        "Widen the key space with write sharding",
        "If reads would have to visit every shard, use a calculated suffix instead of a random one",
    ),
    "short spike": Remedy(
        "Only short spikes",
        "Raise capacity ahead of the spike, and retry with exponential backoff",
        "Neither adaptive capacity nor burst capacity lifts the partition ceiling",
    ),
    "GSI-only throttling": Remedy(
        "Only the GSI throttles",
        "Review the GSI's key design and projected attributes",
        "Write throttling on the index is pushed back onto the base table",
    ),
    "GSI read throttling": Remedy(
        "Only the GSI throttles, and only its reads (queries on the index)",
        "Spread the index's partition key over more values, or cache the hot query results (DAX or an application "
        "cache); in provisioned mode, check the index's own read capacity",
        "Read throttling on an index does not hold back the table's writes: only the queries on the index fail",
        in_source=False,
    ),
    "single-key read concentration": Remedy(
        "Reads concentrated on one key (a popular item)",
        "Cache the key's reads in front of the table (DAX or an application cache)",
        "Write sharding does not help reads of one item; a cache serves eventually consistent reads, and strongly "
        "consistent ones still reach the partition",
        in_source=False,
    ),
    "under-provisioned table": Remedy(
        "The table's provisioned capacity is used up, evenly (provisioned mode)",
        "Raise provisioned capacity, turn on auto scaling, or use on-demand for unpredictable traffic",
        "It returns the same exception as a hot partition: check which throttle-reason metric fires",
        in_source=False,
    ),
    "per-table quota reached": Remedy(
        "An on-demand table or index is refused above its per-table account quota (AccountLimitExceeded)",
        "Request a higher per-table throughput quota through Service Quotas",
        "The quota bounds the table, not a partition: a hot key still throttles below it",
        in_source=False,
    ),
    "maximum throughput reached": Remedy(
        "An on-demand table or index is refused above the maximum throughput set on it (MaxOnDemandThroughputExceeded)",
        "Raise the maximum throughput (MaxReadRequestUnits, MaxWriteRequestUnits) or remove it (-1), if the cap no "
        "longer serves its purpose",
        "The cap was set to bound cost or protect downstream systems: this throttling is the cap at work",
        in_source=False,
    ),
    "past double the previous peak": Remedy(
        "An on-demand table is refused while its traffic grows past double its previous peak within 30 minutes; "
        "AWS documents no throttling reason or metric for this, so only ThrottleEvents count it",
        "Pre-warm the table (raise its warm throughput) before a planned peak, or spread the growth over at least 30 minutes",
        "Warm throughput does not raise the per-table quota, and neither lifts a partition's ceiling",
        in_source=False,
    ),
    "hot partition, key unknown": Remedy(
        "A partition refuses traffic while the table has capacity to spare",
        "Turn on Contributor Insights to name the key, then pick the row that fits",
        "CloudWatch's capacity metrics stop at the table and the index; they cannot name a key",
        in_source=False,
    ),
    "no throttling": Remedy("Nothing is throttled", "Nothing to fix", "None", in_source=False),
}

#: Share of the throttled units that the keys Contributor Insights lists as most throttled must carry for
#: rule 5d (a few keys share the throttling); below it the throttling is spread over a long tail (rule 5e).
#: The course's choice, not a published figure (``hp.ASSUMPTIONS["FEW_KEYS_SHARE"]``).
FEW_KEYS_SHARE: Final[float] = 0.5
#: The longest run of one-minute data points with throttling that still reads as a short spike (rule 3),
#: minutes. The course's choice (``hp.ASSUMPTIONS["SPIKE_MINUTES"]``).
SPIKE_MINUTES: Final[int] = 3
#: Share of the traffic the most-accessed keys Contributor Insights lists must carry for the key space to
#: count as small (rule 5b). The course's choice (``hp.ASSUMPTIONS["SMALL_KEY_SPACE_SHARE"]``).
SMALL_KEY_SPACE_SHARE: Final[float] = 0.99
#: Share of the throttled units one key must carry for single-key concentration (rule 5c). The course's
#: choice (``hp.ASSUMPTIONS["ONE_KEY_SHARE"]``).
ONE_KEY_SHARE: Final[float] = 0.5

#: The rules :func:`diagnose` applies, in order: (rule, condition, metrics read, row chosen).
RULES: tuple[tuple[str, str, str, str], ...] = (
    ("1", "no throttling anywhere", "all ThrottleEvents (table, indexes), ThrottledRequests", "no throttling"),
    (
        "2a",
        "an index's writes throttle, the table's own partitions do not",
        "index WriteThrottleEvents (GlobalSecondaryIndexName), table ThrottleEvents",
        "GSI-only throttling",
    ),
    (
        "2b",
        "only an index's reads throttle, the table's own partitions do not",
        "index ReadThrottleEvents (GlobalSecondaryIndexName), table ThrottleEvents",
        "GSI read throttling",
    ),
    (
        "3",
        "throttling spans at most spike_minutes data points, and as many are quiet",
        "minutes with any ThrottleEvents or ThrottledRequests",
        "short spike",
    ),
    (
        "4a",
        "table-level events outnumber key-range events; provisioned-throughput events are the most",
        "ProvisionedThroughputThrottleEvents vs KeyRangeThroughputThrottleEvents",
        "under-provisioned table",
    ),
    (
        "4b",
        "table-level events outnumber key-range events; account-limit events are the most",
        "AccountLimitThrottleEvents vs KeyRangeThroughputThrottleEvents",
        "per-table quota reached",
    ),
    (
        "4c",
        "table-level events outnumber key-range events; maximum-throughput events are the most",
        "MaxOnDemandThroughputThrottleEvents vs KeyRangeThroughputThrottleEvents",
        "maximum throughput reached",
    ),
    (
        "4d",
        "throttle events that no reason metric accounts for outnumber key-range events (AWS documents no reason for them)",
        "ThrottleEvents minus the four reason metrics",
        "past double the previous peak",
    ),
    ("5a", "key-range events, Contributor Insights off", "KeyRangeThroughputThrottleEvents", "hot partition, key unknown"),
    (
        "5b",
        "the most-accessed keys listed carry at least small_key_space of the traffic",
        "Contributor Insights: most-accessed keys",
        "low-cardinality key",
    ),
    (
        "5c",
        "one key carries at least one_key of the throttled units; key-range events are writes",
        "Contributor Insights: most-throttled keys; WriteKeyRangeThroughputThrottleEvents",
        "single-key write concentration",
    ),
    (
        "5c",
        "one key carries at least one_key of the throttled units; key-range events are reads",
        "Contributor Insights: most-throttled keys; ReadKeyRangeThroughputThrottleEvents",
        "single-key read concentration",
    ),
    (
        "5d",
        "the most-throttled keys listed carry at least few_keys of the throttled units",
        "Contributor Insights: most-throttled keys",
        "low-cardinality key",
    ),
    (
        "5e",
        "the throttling is spread over a long tail of keys",
        "Contributor Insights: most-throttled keys",
        "under-provisioned table",
    ),
)

_CONFIDENCES = ("high", "medium", "low")


@dataclass(frozen=True)
class Diagnosis:
    """What :func:`diagnose` concludes, and why.

    Attributes
    ----------
    symptom : str
        The key of the :data:`REMEDIES` row chosen.
    remedy, pitfall : str
        From that row.
    evidence : tuple of str
        The metric values that point there, in words with numbers and metric names.
    confidence : {"high", "medium", "low"}
        How sure the rules are.
    why : str
        A sentence on the confidence.
    alternatives : tuple of str
        Other rows the evidence does not rule out.
    rule : str
        The rule of :data:`RULES` that decided ("1" to "5e").

    Examples
    --------
    >>> d = diagnose(scenario("no throttling").metrics)
    >>> d
    Diagnosis('no throttling', rule 1, confidence high: Nothing to fix)
    """

    symptom: str
    remedy: str
    pitfall: str
    evidence: tuple[str, ...]
    confidence: str
    why: str
    alternatives: tuple[str, ...] = ()
    rule: str = ""

    def __post_init__(self) -> None:
        check_choice("symptom", self.symptom, tuple(REMEDIES))
        check_choice("confidence", self.confidence, _CONFIDENCES)
        for alt in self.alternatives:
            check_choice("alternatives", alt, tuple(REMEDIES))

    def __repr__(self) -> str:
        rule = f", rule {self.rule}" if self.rule else ""
        return f"Diagnosis({self.symptom!r}{rule}, confidence {self.confidence}: {self.remedy})"

    def explain(self) -> str:
        """The diagnosis as a short paragraph (markdown).

        Examples
        --------
        >>> print(diagnose(scenario("no throttling").metrics).explain().splitlines()[0])
        **Symptom:** Nothing is throttled (no throttling).
        """
        lines = [
            f"**Symptom:** {REMEDIES[self.symptom].symptom} ({self.symptom}).",
            f"**Remedy:** {self.remedy}.",
            f"**Pitfall:** {self.pitfall}.",
            f"**Confidence:** {self.confidence}: {self.why}",
            "**Evidence:**",
            *[f"- {e}" for e in self.evidence],
        ]
        if self.alternatives:
            lines.append("**Not ruled out:** " + ", ".join(self.alternatives) + ".")
        return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Reading the metrics
# ---------------------------------------------------------------------------------------------


def _kinds(m: dict[str, NDArray[np.float64]], stem: str) -> list[str]:
    """The ``Read``/``Write`` prefixes for which ``<prefix><stem>`` is a metric of ``m``."""
    return [k for k in ("Read", "Write") if f"{k}{stem}" in m]


def _series(m: dict[str, NDArray[np.float64]], stem: str, n: int) -> NDArray[np.float64]:
    """Per-minute sum of ``Read<stem>`` and ``Write<stem>`` (zeros when neither is there)."""
    out = np.zeros(n)
    for k in _kinds(m, stem):
        out = out + m[f"{k}{stem}"]
    return out


def _label(m: dict[str, NDArray[np.float64]], stem: str) -> str:
    """The metric's CloudWatch name: ``WriteKeyRange...``, or ``Read/WriteKeyRange...`` for both kinds."""
    kinds = _kinds(m, stem) or ["Write"]
    return f"{'/'.join(kinds)}{stem}"


def _capacity(m: dict[str, NDArray[np.float64]], what: str, n: int) -> NDArray[np.float64]:
    """``Consumed`` or ``Provisioned`` Read plus Write capacity units, per minute (zeros if absent)."""
    out = np.zeros(n)
    for k in ("Read", "Write"):
        name = f"{what}{k}CapacityUnits"
        if name in m:
            out = out + m[name]
    return out


#: Table-level throttle reasons (the table, not a partition, ran out of what it may serve): the metric's
#: stem, and the row and rule of AWS's reason family it reports.
_TABLE_LEVEL: dict[str, tuple[str, str]] = {
    "ProvisionedThroughputThrottleEvents": ("under-provisioned table", "4a"),
    "AccountLimitThrottleEvents": ("per-table quota reached", "4b"),
    "MaxOnDemandThroughputThrottleEvents": ("maximum throughput reached", "4c"),
}
#: The label of throttle events that no reason metric accounts for (AWS documents none for traffic past
#: double the previous peak of an on-demand table), and its row and rule.
_UNATTRIBUTED = "throttle events no reason metric accounts for (in ThrottleEvents only)"
_UNATTRIBUTED_ROW = ("past double the previous peak", "4d")
#: What to do when an index's own table-level limit, not its key, throttles it (rule 2's evidence).
_INDEX_FIX = {
    "ProvisionedThroughputThrottleEvents": "the index's provisioned capacity is short (provision its writes at least "
    "as high as the table's)",
    "AccountLimitThrottleEvents": "the index is at its per-index quota (request an increase through Service Quotas)",
    "MaxOnDemandThroughputThrottleEvents": "the index is at the maximum throughput set on it (raise or remove it)",
}


@dataclass(frozen=True)
class _Read:
    """What the rules need from the metrics, computed once."""

    n: int
    own: NDArray[np.float64]  # the table's own throttle events per minute
    keyrange: float
    table_level: dict[str, float]  # by metric name, and _UNATTRIBUTED for events no reason metric accounts for
    table_rows: dict[str, tuple[str, str]]  # the same keys: the row and rule each one points to
    keyrange_by_kind: dict[str, float]  # key-range events of the table, "Read" and "Write"
    requests: float
    index_events: dict[str, float]
    hit: NDArray[np.bool_]  # minutes with any throttling
    use: str  # consumed against provisioned in the throttled minutes, in words ("" when unknown)
    batch: str  # the batch trap, in words ("" when it does not apply)


def _read(metrics: Metrics) -> _Read:
    t = metrics.table
    n = metrics.minutes
    own = _series(t, "ThrottleEvents", n)
    keyrange = _series(t, "KeyRangeThroughputThrottleEvents", n)
    table_level = {_label(t, stem): float(_series(t, stem, n).sum()) for stem in _TABLE_LEVEL if _kinds(t, stem)}
    table_rows = {_label(t, stem): row for stem, row in _TABLE_LEVEL.items() if _kinds(t, stem)}
    # throttle events with no reason metric of their own: AWS documents no throttling reason for on-demand
    # traffic past double the previous peak, so the course reports that case in ThrottleEvents only
    other = float(own.sum() - keyrange.sum() - sum(table_level.values()))
    if other > 1e-6 * max(float(own.sum()), 1.0):
        table_level[_UNATTRIBUTED] = other
        table_rows[_UNATTRIBUTED] = _UNATTRIBUTED_ROW
    keyrange_by_kind = {
        k: float(t[f"{k}KeyRangeThroughputThrottleEvents"].sum()) for k in _kinds(t, "KeyRangeThroughputThrottleEvents")
    }
    requests = t["ThrottledRequests"] if "ThrottledRequests" in t else np.zeros(n)
    idx = {name: _series(m, "ThrottleEvents", n) for name, m in metrics.indexes.items()}
    any_idx = np.sum(list(idx.values()), axis=0) if idx else np.zeros(n)
    hit = (own + any_idx + requests) > 0
    use = ""
    provisioned = _capacity(t, "Provisioned", n)
    if hit.any() and provisioned[hit].min() > 0:
        consumed = _capacity(t, "Consumed", n) / metrics.seconds_in_minute()
        peak = float(np.max(consumed[hit] / provisioned[hit]))
        use = (
            f"{_label_capacity(t, 'Consumed')} peaked at {peak:.0%} of {_label_capacity(t, 'Provisioned')} "
            "in the minutes with throttling"
        )
    batch = ""
    events = float(own.sum() + any_idx.sum())
    if metrics.batch_size > 1 and events > 0 and float(requests.sum()) < 0.01 * events:
        batch = (
            f"ThrottledRequests is only {float(requests.sum()):,.0f} against {events:,.0f} throttle events: "
            f"in batches of {metrics.batch_size} a request counts only when all its items are throttled"
        )
    return _Read(
        n,
        own,
        float(keyrange.sum()),
        table_level,
        table_rows,
        keyrange_by_kind,
        float(requests.sum()),
        {k: float(v.sum()) for k, v in idx.items()},
        hit,
        use,
        batch,
    )


def _label_capacity(m: dict[str, NDArray[np.float64]], what: str) -> str:
    kinds = [k for k in ("Read", "Write") if f"{what}{k}CapacityUnits" in m] or ["Write"]
    return f"{what}{'/'.join(kinds)}CapacityUnits"


def _make(
    symptom: str,
    evidence: list[str],
    confidence: str,
    why: str,
    rule: str,
    alternatives: tuple[str, ...] = (),
) -> Diagnosis:
    row = REMEDIES[symptom]
    return Diagnosis(symptom, row.remedy, row.pitfall, tuple(e for e in evidence if e), confidence, why, alternatives, rule)


_WHY_TABLE_LEVEL = {
    "4a": "the table's provisioned capacity, not one partition, runs out",
    "4b": "the per-table account quota, not one partition, is the limit (AccountLimitExceeded)",
    "4c": "the maximum throughput set on the table is the limit (MaxOnDemandThroughputExceeded)",
    "4d": "no reason metric accounts for these events; AWS documents no throttling reason for traffic past double "
    "the previous peak, so this is the course's reading, not a metric's",
}


def _steady(metrics: Metrics, r: _Read, small: float, one: float, few: float) -> Diagnosis:
    """Rules 4 and 5: the row for throttling that is not a short spike."""
    t = metrics.table
    table_total = sum(r.table_level.values())
    kr_name = _label(t, "KeyRangeThroughputThrottleEvents")
    minutes = f"{int(r.hit.sum())} of {r.n} minutes"
    if table_total > r.keyrange:
        worst = max(r.table_level, key=r.table_level.__getitem__)
        symptom, rule = r.table_rows[worst]
        ev = [f"{name}: {v:,.0f}" for name, v in r.table_level.items() if v > 0]
        ev += [f"{kr_name}: {r.keyrange:,.0f} (fewer)", f"throttling in {minutes}", r.use, r.batch]
        confidence = "medium" if rule == "4d" else "high"
        return _make(symptom, ev, confidence, _WHY_TABLE_LEVEL[rule], rule)

    reads = r.keyrange_by_kind.get("Read", 0.0) > r.keyrange_by_kind.get("Write", 0.0)
    single = "single-key read concentration" if reads else "single-key write concentration"
    key_rows = ("low-cardinality key", single)
    ev = [f"{kr_name}: {r.keyrange:,.0f} over {minutes}, more than the table-level events ({table_total:,.0f})", r.use]
    ev.append(r.batch)
    if metrics.top is None:
        ev.append("Contributor Insights is off: CloudWatch's metrics stop at the table, so no key can be named")
        return _make(
            "hot partition, key unknown",
            ev,
            "low",
            "a partition is hot, but which key design is at fault needs the keys",
            "5a",
            key_rows,
        )
    busy = [tk for tk in metrics.top if tk.total_throttled > 0]
    if not busy:  # key-range events but no key throttled: cannot happen with consistent metrics
        ev.append("Contributor Insights lists no throttled key")
        return _make("hot partition, key unknown", ev, "low", "Contributor Insights saw no throttled key", "5a", key_rows)
    cover = float(np.mean([tk.accessed_share() for tk in busy]))
    listed = max(len(tk.accessed) for tk in busy)
    top1 = float(np.mean([tk.throttled_share(1) for tk in busy]))
    top_k = float(np.mean([tk.throttled_share(len(tk.throttled)) for tk in busy]))
    per_key: dict[str, float] = {}
    for tk in busy:
        for key, units in tk.throttled:
            per_key[key] = per_key.get(key, 0.0) + units
    top_key = max(per_key, key=per_key.__getitem__) if per_key else "?"
    ci = f"Contributor Insights, averaged over the {len(busy)} minutes with throttling"
    if cover >= small:
        ev.append(f"{ci}: the {listed} most-accessed keys carry {cover:.1%} of the traffic; the key space is that small")
        return _make("low-cardinality key", ev, "high", "the whole key space fits in Contributor Insights' list", "5b")
    if top1 >= one:
        ev.append(f"{ci}: one key, {top_key!r}, carries {top1:.0%} of the throttled units")
        ev.append(f"the {listed} most-accessed keys carry only {cover:.0%} of the traffic: a long tail of other keys")
        kind = "reads" if reads else "writes"
        return _make(single, ev, "high", f"one key among many takes the throttling, on {kind}", "5c")
    if top_k >= few:
        ev.append(f"{ci}: the most-throttled key carries {top1:.0%} of the throttled units, the listed ones {top_k:.0%}")
        return _make("low-cardinality key", ev, "medium", "a few keys share the throttling", "5d", (single,))
    ev.append(f"{ci}: the listed most-throttled keys carry only {top_k:.0%} of the throttled units")
    if not any(name.startswith("Provisioned") for name in t):
        # on-demand: no provisioned capacity to raise; the row's remedy does not fit as written
        ev.append(
            "no Provisioned*CapacityUnits metric: an on-demand table, so there is no provisioned capacity to raise; "
            "relief comes from DynamoDB's splits for heat or from a key design that spreads the load"
        )
        return _make(
            "under-provisioned table",
            ev,
            "low",
            "every partition of an on-demand table is at its limit; the row's remedy is written for provisioned mode",
            "5e",
        )
    return _make(
        "under-provisioned table",
        ev,
        "medium",
        "the throttling is spread over many keys: every partition is at its limit, so more capacity (and partitions) is needed",
        "5e",
    )


def diagnose(
    metrics: Metrics,
    *,
    spike_minutes: int = SPIKE_MINUTES,
    small_key_space: float = SMALL_KEY_SPACE_SHARE,
    one_key: float = ONE_KEY_SHARE,
    few_keys: float = FEW_KEYS_SHARE,
) -> Diagnosis:
    """Pick the symptom-table row the metrics point to, with the evidence and a confidence.

    Applies :data:`RULES` in order (see the module docstring).

    Parameters
    ----------
    metrics : Metrics
        From :func:`hotpart.cloudwatch` (with ``top_k`` for Contributor Insights).
    spike_minutes : int
        The longest span of one-minute data points with throttling that
        still counts as a short spike, minutes, in ``[1, 60]``.
    small_key_space : float
        Share of traffic, in ``(0, 1]``, that the most-accessed keys
        Contributor Insights lists must carry for the key space to count as small.
    one_key : float
        Share of throttled units, in ``(0, 1]``, one key must carry for
        single-key concentration.
    few_keys : float
        Share of throttled units, in ``(0, 1]``, the listed most-throttled
        keys must carry for a few keys to share the throttling (rule 5d).

    Returns
    -------
    Diagnosis
        The row, the evidence, the confidence and the rule that decided.

    Examples
    --------
    >>> d = diagnose(scenario("GSI-only throttling").metrics)
    >>> d.symptom, d.confidence, d.rule
    ('GSI-only throttling', 'high', '2a')
    >>> diagnose(scenario("single-key write concentration").metrics).remedy
    'Widen the key space with write sharding'
    >>> diagnose(scenario("single-key write concentration", contributor_insights=False).metrics).alternatives
    ('low-cardinality key', 'single-key write concentration')

    An on-demand table at its per-table quota is not an under-provisioned one, and a key hot for reads wants a cache:

    >>> diagnose(scenario("per-table quota reached").metrics).remedy
    'Request a higher per-table throughput quota through Service Quotas'
    >>> diagnose(scenario("single-key read concentration").metrics).remedy
    "Cache the key's reads in front of the table (DAX or an application cache)"
    """
    if not isinstance(metrics, Metrics):
        raise ValueError(f"metrics = {metrics!r} is not a Metrics (use hotpart.cloudwatch)")
    spike = check_count("spike_minutes", spike_minutes, low=1, high=60)
    small = check_number("small_key_space", small_key_space, low=0, high=1, low_open=True)
    one = check_number("one_key", one_key, low=0, high=1, low_open=True)
    few = check_number("few_keys", few_keys, low=0, high=1, low_open=True)
    r = _read(metrics)
    hit_minutes = np.flatnonzero(r.hit)

    # rule 1
    if hit_minutes.size == 0:
        return _make(
            "no throttling",
            [f"no throttle events and no ThrottledRequests in any of the {r.n} minutes"],
            "high",
            "every data point is zero",
            "1",
        )

    # rule 2: an index throttles and the table's own partitions do not; reads and writes apart
    own_total = float(r.own.sum())
    idx_total = sum(r.index_events.values())
    if own_total == 0 and idx_total > 0:
        t = metrics.table
        by_kind = {
            name: {k: float(m[f"{k}ThrottleEvents"].sum()) for k in _kinds(m, "ThrottleEvents")}
            for name, m in metrics.indexes.items()
        }
        writes = sum(v.get("Write", 0.0) for v in by_kind.values())
        reads = sum(v.get("Read", 0.0) for v in by_kind.values())
        ev = [f"index {n!r}: {k}ThrottleEvents {v:,.0f}" for n, kinds in by_kind.items() for k, v in kinds.items() if v > 0]
        ev.append(f"table: {_label(t, 'ThrottleEvents')} 0")
        kind = "Write" if writes > 0 else "Read"
        worst = max(metrics.indexes, key=lambda n: by_kind[n].get(kind, 0.0))
        wm = metrics.indexes[worst]
        kr_name = f"{kind}KeyRangeThroughputThrottleEvents"
        kr_idx = float(wm[kr_name].sum()) if kr_name in wm else 0.0
        if writes > 0:
            ev.append(
                f"table: ThrottledRequests {r.requests:,.0f} (writes refused for the index's write back-pressure"
                + (", and queries throttled on the index)" if reads > 0 else ")")
            )
        else:
            ev.append(
                f"table: ThrottledRequests {r.requests:,.0f} (the queries throttled on the index; "
                "the index's writes are not throttled, so the table's writes are not held back)"
            )
        if kr_idx > 0:
            ev.append(f"index {worst!r}: {kr_name} {kr_idx:,.0f} (an index partition is hot)")
        # the index's own table-level limits: then its capacity, quota or maximum, not its key, is short
        for stem, fix in _INDEX_FIX.items():
            name = f"{kind}{stem}"
            v = float(wm[name].sum()) if name in wm else 0.0
            if v > kr_idx:
                ev.append(f"index {worst!r}: {name} {v:,.0f}, more than its key-range events: {fix}")
        ev.append(r.batch)
        if writes > 0:
            alternatives = ("GSI read throttling",) if reads > 0 else ()
            return _make(
                "GSI-only throttling",
                ev,
                "high",
                "only the index dimension shows throttle events, and the index's writes are among them",
                "2a",
                alternatives,
            )
        return _make(
            "GSI read throttling",
            ev,
            "high",
            "only the index dimension shows throttle events, all of them reads",
            "2b",
        )

    # rule 3
    first, last = int(hit_minutes[0]), int(hit_minutes[-1])
    span = last - first + 1
    quiet = r.n - hit_minutes.size
    if span <= spike and quiet >= span:
        steady = _steady(metrics, r, small, one, few)
        ev = [
            f"throttling in {hit_minutes.size} one-minute data points, minutes {first + 1} to {last + 1} of {r.n}; {quiet} quiet",
            f"{_label(metrics.table, 'ThrottleEvents')}: {own_total:,.0f}",
        ]
        if r.keyrange > 0:
            ev.append(
                f"{_label(metrics.table, 'KeyRangeThroughputThrottleEvents')}: {r.keyrange:,.0f}: the spike hit partition limits"
            )
        ev.append(r.batch)
        ev.append(f"if it recurred, the same data would read as: {steady.symptom} (rule {steady.rule})")
        return _make(
            "short spike",
            ev,
            "medium",
            "one short window cannot show whether it recurs",
            "3",
            (steady.symptom,),
        )

    # rules 4 and 5
    return _steady(metrics, r, small, one, few)


# ---------------------------------------------------------------------------------------------
# Canonical scenarios
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Scenario:
    """A canonical case: the simulation, its CloudWatch metrics, and the row it should lead to.

    Attributes
    ----------
    name : str
        The scenario (a key of :data:`SCENARIOS`).
    description : str
        The table, the keys and the traffic, in words.
    result : SimulationResult or IndexedResult
        The simulation.
    metrics : Metrics
        Its metrics (with Contributor Insights when asked for).
    expected : str
        The :data:`REMEDIES` row a correct diagnosis picks.
    """

    name: str
    description: str
    result: SimulationResult | IndexedResult
    metrics: Metrics
    expected: str

    def __repr__(self) -> str:
        return f"Scenario({self.name!r}: {self.description}; expect {self.expected!r})"


#: The canonical scenarios and what each describes.
SCENARIOS: dict[str, str] = {
    "low-cardinality key": "orders keyed by status: 4 values, two of them above 1,000 WCU/s, "
    "on a table of 8 partitions and 6,000 WCU/s",
    "single-key write concentration": "2,000 users at 1 WCU/s each and one daily counter at 1,500 WCU/s, "
    "on 8 partitions and 8,000 WCU/s",
    "short spike": "1,000 keys at 800 WCU/s in all, jumping to 6,000 WCU/s for two minutes, on 4 partitions and 2,000 WCU/s",
    "GSI-only throttling": "2,000 orders at 2,400 WCU/s, evenly spread; a GSI keyed by status "
    "(60% OPEN) with 4 partitions and 4,000 WCU/s",
    "under-provisioned table": "1,000 keys at 3,000 WCU/s, evenly spread, on 4 partitions and 2,000 WCU/s",
    "no throttling": "1,000 keys at 1,000 WCU/s, evenly spread, on 4 partitions and 2,000 WCU/s",
    "GSI read throttling": "2,000 orders written at 1,000 WCU/s; queries on a GSI keyed by status "
    "(4 partitions, 12,000 RCU/s): 6,000 RCU/s for OPEN, 500 each for the other two",
    "single-key read concentration": "2,000 users read at 1 RCU/s each and one product at 4,500 RCU/s, "
    "on 8 partitions and 16,000 RCU/s",
    "per-table quota reached": "on-demand: 1,000 keys at 45,000 WCU/s in all, evenly spread on 128 partitions, "
    "previous peak 40,000, default per-table quota",
    "maximum throughput reached": "on-demand: 1,000 keys at 3,000 WCU/s, evenly spread on 4 partitions, "
    "a maximum throughput of 2,000 WCU/s set on the table",
    "past double the previous peak": "on-demand: 1,000 keys at 3,000 WCU/s, evenly spread on 8 partitions, "
    "previous peak 1,000 WCU/s",
}

#: The scenarios of a provisioned table's writes (the others are reads, or on-demand): the ones the
#: chapter's explorable draws against a provisioned line.
PROVISIONED_WRITE_SCENARIOS: tuple[str, ...] = (
    "low-cardinality key",
    "single-key write concentration",
    "short spike",
    "GSI-only throttling",
    "under-provisioned table",
    "no throttling",
)

_STATUS = ("OPEN", "SHIPPED", "CLOSED")

#: The share of orders that are OPEN in the GSI scenarios (the index's hot value): a scenario's input, not
#: a published figure (``hp.ASSUMPTIONS["GSI_OPEN_SHARE"]``).
GSI_OPEN_SHARE: Final[float] = 0.6
_SPIKE_MINUTE_S = 60
_SPIKE_S = 120  # the short spike lasts two one-minute data points


def _status_of(n: int, open_share: float) -> list[str]:
    """Assign statuses deterministically: ``open_share`` OPEN, the rest split 3:1 SHIPPED:CLOSED."""
    n_open = round(open_share * n)
    n_shipped = round(0.75 * (n - n_open))
    return ["OPEN"] * n_open + ["SHIPPED"] * n_shipped + ["CLOSED"] * (n - n_open - n_shipped)


@functools.lru_cache(maxsize=64)
def _build(name: str, seconds: int, gsi_fraction: float, open_share: float) -> SimulationResult | IndexedResult:
    if name == "low-cardinality key":
        keys = ["STATUS#ACTIVE", "STATUS#PENDING", "STATUS#SHIPPED", "STATUS#CANCELLED"]
        return simulate(Table(8, wcu=6_000), [1_500, 1_200, 250, 50], seconds, keys=keys)
    if name == "single-key write concentration":
        keys = [f"USER#{i:05d}" for i in range(2_000)] + ["COUNTER#2026-11-30"]
        return simulate(Table(8, wcu=8_000), [1.0] * 2_000 + [1_500.0], seconds, keys=keys)
    if name == "short spike":
        keys = [f"ITEM#{i:05d}" for i in range(1_000)]
        rate = np.full(seconds, 0.8)
        start = _SPIKE_MINUTE_S * (seconds // _SPIKE_MINUTE_S // 2)  # on a minute boundary, in the middle
        rate[start : start + _SPIKE_S] = 6.0
        return simulate(Table(4, wcu=2_000), np.outer(rate, np.ones(1_000)), seconds, keys=keys)
    if name == "GSI-only throttling":
        keys = [f"ORDER#{i:05d}" for i in range(2_000)]
        gsi = GlobalSecondaryIndex("by-status", _status_of(2_000, open_share), partitions=4, wcu=4_000, fraction=gsi_fraction)
        return simulate_with_indexes(Table(4, wcu=4_000), [1.2] * 2_000, seconds, keys, [gsi])
    if name == "GSI read throttling":
        keys = [f"ORDER#{i:05d}" for i in range(2_000)]
        gsi = GlobalSecondaryIndex("by-status", _status_of(2_000, open_share), partitions=4, wcu=4_000, rcu=12_000)
        queries = {"by-status": [500.0 if v != "OPEN" else 6_000.0 for v in gsi.values]}
        return simulate_with_indexes(Table(4, wcu=4_000), [0.5] * 2_000, seconds, keys, [gsi], index_reads=queries)
    if name == "single-key read concentration":
        keys = [f"USER#{i:05d}" for i in range(2_000)] + ["PRODUCT#LAUNCH"]
        return simulate(Table(8, rcu=16_000), [1.0] * 2_000 + [4_500.0], seconds, kind="read", keys=keys)
    if name == "per-table quota reached":
        keys = [f"ITEM#{i:05d}" for i in range(1_000)]
        mode = OnDemand(previous_peak=ON_DEMAND_TABLE_QUOTA_WRU)
        return simulate(Table(128), [45.0] * 1_000, seconds, keys=keys, mode=mode)
    if name == "maximum throughput reached":
        keys = [f"ITEM#{i:05d}" for i in range(1_000)]
        return simulate(Table(4), [3.0] * 1_000, seconds, keys=keys, mode=OnDemand(max_throughput=2_000))
    if name == "past double the previous peak":
        keys = [f"ITEM#{i:05d}" for i in range(1_000)]
        return simulate(Table(8), [3.0] * 1_000, seconds, keys=keys, mode=OnDemand(previous_peak=1_000))
    if name == "under-provisioned table":
        keys = [f"ITEM#{i:05d}" for i in range(1_000)]
        return simulate(Table(4, wcu=2_000), [3.0] * 1_000, seconds, keys=keys)
    if name == "no throttling":
        keys = [f"ITEM#{i:05d}" for i in range(1_000)]
        return simulate(Table(4, wcu=2_000), [1.0] * 1_000, seconds, keys=keys)
    raise AssertionError(name)  # pragma: no cover - names are checked by the caller


def scenario(
    name: str,
    *,
    minutes: int = 10,
    contributor_insights: bool = True,
    batch_size: int = 1,
    gsi_fraction: float = 1.0,
    open_share: float = GSI_OPEN_SHARE,
) -> Scenario:
    """Build a canonical scenario: simulate it and read its CloudWatch metrics.

    Parameters
    ----------
    name : str
        One of :data:`SCENARIOS`.
    minutes : int
        Minutes simulated, in ``[5, 60]``. The short spike starts on the minute
        boundary at (or just before) the middle and lasts two minutes.
    contributor_insights : bool
        Whether the metrics include Contributor Insights' top keys.
    batch_size : int
        Items per request for ``ThrottledRequests``, in ``[1, BATCH_WRITE_MAX_ITEMS]`` (25, ``BatchWriteItem``'s limit).
    gsi_fraction : float
        For the GSI scenario: the share of writes that carry the index key, in
        ``[0, 1]`` (below 1, the sparse-index fix).
    open_share : float
        For the two GSI scenarios: the share of orders whose status is OPEN,
        the index's hot value, in ``[0, 1]``.

    Returns
    -------
    Scenario
        The simulation, its metrics and the expected row.

    Examples
    --------
    >>> s = scenario("low-cardinality key")
    >>> s.expected, diagnose(s.metrics).symptom
    ('low-cardinality key', 'low-cardinality key')
    """
    name = check_choice("name", name, tuple(SCENARIOS))
    m = check_count("minutes", minutes, low=5, high=60)
    check_choice("contributor_insights", contributor_insights, (True, False))
    b = check_count("batch_size", batch_size, low=1, high=BATCH_WRITE_MAX_ITEMS)
    f = check_number("gsi_fraction", gsi_fraction, low=0, high=1)
    o = check_number("open_share", open_share, low=0, high=1)
    gsi = name in ("GSI-only throttling", "GSI read throttling")
    result = _build(name, 60 * m, float(f) if name == "GSI-only throttling" else 1.0, float(o) if gsi else GSI_OPEN_SHARE)
    metrics = cloudwatch(result, batch_size=b, top_k=10 if contributor_insights else None)
    expected = name
    # an index that refuses nothing leaves nothing to diagnose: judged from the simulation itself, not from the
    # metrics diagnose reads (the sparse-index fix of the write scenario; too few OPEN orders for the reads)
    if isinstance(result, IndexedResult):
        refused = sum(float(x.throttled.sum()) for x in (result.table, *result.index_reads.values()))
        if refused == 0.0:
            expected = "no throttling"
    return Scenario(name, SCENARIOS[name], result, metrics, expected)
