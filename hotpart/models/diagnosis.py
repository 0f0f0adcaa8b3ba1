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
      A real export may count such refusals under a reason, most likely key
      range; so the row is also read at rule 5e, when an on-demand table whose
      traffic grew past double throttles over a long tail of keys, and named
      as the alternative of rule 5's other verdicts on such a table.
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
from .constants import (
    BATCH_WRITE_MAX_ITEMS,
    ON_DEMAND_PEAK_MULTIPLIER,
    ON_DEMAND_TABLE_QUOTA_RRU,
    ON_DEMAND_TABLE_QUOTA_WRU,
    PARTITION_MAX_RCU,
    PARTITION_MAX_WCU,
)
from .indexes import GlobalSecondaryIndex, IndexedResult, simulate_with_indexes
from .metrics import Metrics, TopKeys, cloudwatch
from .on_demand import ON_DEMAND_NEW_TABLE_PEAK, OnDemand
from .simulator import SimulationResult, Table, simulate

__all__ = [
    "AT_CAPACITY_SHARE",
    "HOT_KEY_TRAFFIC_SHARE",
    "FEW_KEYS_SHARE",
    "ON_DEMAND_PEAK_REASON_METRIC",
    "OVERLOAD_REFUSAL_METRIC",
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
        "First see whether the throttling stops by itself while the traffic goes on: then DynamoDB may have split the "
        "hot partition, and nothing is left to do; if it stopped because the spike ended, nothing was split: if the "
        "spikes recur, raise capacity ahead of them, and retry with exponential backoff",
        "Neither adaptive capacity nor burst capacity lifts the partition ceiling",
    ),
    "GSI-only throttling": Remedy(
        "Only the GSI throttles",
        "Review the GSI's key design and projected attributes; in provisioned mode, give the index at least the "
        "table's write capacity (and the table's auto scaling settings); in on-demand mode, check the index's maximum "
        "throughput and quota",
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
        "AWS warns of it without saying which of its throttling reasons such a refusal carries, so the course's "
        "simulator counts it in ThrottleEvents only (a real export may count it under a reason, most likely key "
        "range)",
        "Pre-warm the table (raise its warm throughput) before a planned peak, or spread the growth over at least 30 minutes",
        "A table can be pre-warmed only up to its account's per-table quota; pre-warming is billed, and a raised warm "
        "throughput cannot be lowered; neither lifts a partition's ceiling",
        in_source=False,
    ),
    "hot partition, key unknown": Remedy(
        "A partition refuses traffic while the table has capacity to spare",
        "Turn on Contributor Insights to name the key, then pick the row that fits",
        "CloudWatch's capacity metrics stop at the table and the index; they cannot name a key",
        in_source=False,
    ),
    "index backfill throttled": Remedy(
        "Writes are throttled while a new global secondary index is being built (OnlineIndexThrottleEvents)",
        "In provisioned mode, raise the new index's write capacity with UpdateTable, which works while the index is "
        "still being built, or build the index when writes are light; in either mode, check that the index's "
        "partition key spreads the items: a narrow or uneven key throttles the backfill and the table's writes",
        "The index's WriteThrottleEvents do not count these events, and the backfill shares the index's write "
        "throughput with the ongoing writes",
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

#: Consumed capacity at or above this share of the provisioned capacity (or of an on-demand maximum or quota), in
#: a minute with throttling, reads as the table at its limit when the reason metrics were not exported. Below it
#: the table had capacity to spare, so a partition ran out. One-minute averages hide sub-minute peaks, so the
#: share is below 1. The course's choice (``hp.ASSUMPTIONS["AT_CAPACITY_SHARE"]``).
AT_CAPACITY_SHARE: Final[float] = 0.9
#: Share of the traffic Contributor Insights counts that one key must carry, in the minutes the table throttles,
#: to be named the hot key from the most-accessed report alone. The course's choice
#: (``hp.ASSUMPTIONS["HOT_KEY_TRAFFIC_SHARE"]``).
HOT_KEY_TRAFFIC_SHARE: Final[float] = 0.5

#: The reason metric the course's simulator counts refusals past double an on-demand table's previous peak in:
#: none (they are in ``ThrottleEvents`` only), because AWS names no reason for them. A real export may count them
#: under a reason, most likely key range; rules 4d and 5e read both (``hp.ASSUMPTIONS["ON_DEMAND_PEAK_REASON_METRIC"]``).
ON_DEMAND_PEAK_REASON_METRIC: Final[str] = "none (ThrottleEvents only)"
#: The reason metric the simulator counts a partition's refusals above its ceiling in when the table is also past
#: its provisioned capacity (burst carrying the partitions up to the ceiling): key range, as for any refusal above
#: the partition ceiling. AWS does not say which reason such an overload reports
#: (``hp.ASSUMPTIONS["OVERLOAD_REFUSAL_METRIC"]``).
OVERLOAD_REFUSAL_METRIC: Final[str] = "KeyRangeThroughputThrottleEvents"

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
        "2c",
        "a new index being built throttles writes (OnlineIndexThrottleEvents), the table's own partitions do not",
        "OnlineIndexThrottleEvents, OnlineIndexConsumedWriteCapacity (GlobalSecondaryIndexName)",
        "index backfill throttled",
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
        "an on-demand table's traffic grew past double within 30 minutes, and the reason metrics do not account for "
        "its throttle events (not exported, or AWS documents no reason), or its key-range events are spread over a "
        "long tail of keys (rule 5e's Contributor Insights reading)",
        "Consumed*CapacityUnits + ThrottleEvents over 30 minutes; ThrottleEvents minus the four reason metrics, or "
        "Contributor Insights: most-throttled keys",
        "past double the previous peak",
    ),
    (
        "4e",
        "the reason metrics were not exported and the table ran at or above at_capacity of its provisioned capacity "
        "(or of its on-demand maximum or quota)",
        "Consumed vs Provisioned*CapacityUnits (or the table description)",
        "under-provisioned table",
    ),
    (
        "5a",
        "key-range events (or, the reason metrics not exported, throttling while the table had capacity to spare), "
        "and no key report that names a key",
        "KeyRangeThroughputThrottleEvents, or Consumed vs Provisioned*CapacityUnits",
        "hot partition, key unknown",
    ),
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
        "5f",
        "no most-throttled report; one most-accessed key is at or above at_capacity of a partition's 1,000 WCU/s, or "
        "carries at least hot_key_share of the traffic; key-range events are writes",
        "Contributor Insights: most-accessed keys",
        "single-key write concentration",
    ),
    (
        "5f",
        "no most-throttled report; one most-accessed key is at or above at_capacity of a partition's 3,000 RCU/s, or "
        "carries at least hot_key_share of the traffic; key-range events are reads",
        "Contributor Insights: most-accessed keys",
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
        The rule of :data:`RULES` that decided ("1" to "5f").
    missing : tuple of str
        The exports that were not there and would settle the question (metric names, reports).

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
    missing: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        check_choice("symptom", self.symptom, tuple(REMEDIES))
        check_choice("confidence", self.confidence, _CONFIDENCES)
        for alt in self.alternatives:
            check_choice("alternatives", alt, tuple(REMEDIES))

    def __repr__(self) -> str:
        rule = f", rule {self.rule}" if self.rule else ""
        return f"Diagnosis({self.symptom!r}{rule}, confidence {self.confidence}: {self.remedy})"

    def rule_in_words(self) -> str:
        """The rule that decided, in words, with its chapter (chapter 15) and its number.

        Examples
        --------
        >>> diagnose(scenario("no throttling").metrics).rule_in_words()
        'no throttling anywhere (chapter 15, rule 1)'
        """
        cond = next((c for rule, c, _, row in RULES if rule == self.rule and row == self.symptom), None)
        cond = cond or next((c for rule, c, _, _ in RULES if rule == self.rule), "")
        return f"{cond} (chapter 15, rule {self.rule})" if self.rule else ""

    def explain(self, markdown: bool = True) -> str:
        """The diagnosis as a short paragraph: Markdown, or plain text for a terminal (``markdown=False``).

        Examples
        --------
        >>> print(diagnose(scenario("no throttling").metrics).explain().splitlines()[0])
        **Symptom:** Nothing is throttled (no throttling).
        >>> print(diagnose(scenario("no throttling").metrics).explain(markdown=False).splitlines()[0])
        Symptom: Nothing is throttled (no throttling).
        """
        b = (lambda x: f"**{x}**") if markdown else (lambda x: x)
        lines = [
            f"{b('Symptom:')} {REMEDIES[self.symptom].symptom} ({self.symptom}).",
            f"{b('Remedy:')} {self.remedy}.",
            f"{b('Pitfall:')} {self.pitfall}.",
            f"{b('Confidence:')} {self.confidence}: {self.why}",
        ]
        if self.missing:
            lines.append(
                f"{b('Would settle it:')} export {', '.join(self.missing)} (`{QUERIES_COMMAND}` prints the queries and commands)"
                if markdown
                else f"Would settle it: export {', '.join(self.missing)} ({QUERIES_COMMAND} prints the queries and commands)"
            )
        lines += [
            b("Evidence:"),
            *[f"- {e}" for e in self.evidence],
        ]
        if self.alternatives:
            lines.append(f"{b('Not ruled out:')} " + ", ".join(self.alternatives) + ".")
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


#: Table-level throttle reasons (the table, not a partition, ran out of what it may serve): the metric's
#: stem, and the row and rule of AWS's reason family it reports.
_TABLE_LEVEL: dict[str, tuple[str, str]] = {
    "ProvisionedThroughputThrottleEvents": ("under-provisioned table", "4a"),
    "AccountLimitThrottleEvents": ("per-table quota reached", "4b"),
    "MaxOnDemandThroughputThrottleEvents": ("maximum throughput reached", "4c"),
}
#: Every reason metric: AWS's four families ("Each reason for throttling corresponds to specific CloudWatch
#: metrics", TroubleshootingThrottling.html).
_REASON_STEMS = ("KeyRangeThroughputThrottleEvents", *_TABLE_LEVEL)
#: The label of throttle events that no reason metric accounts for, and its row and rule (rule 4d, on an
#: on-demand table whose traffic grew past double within 30 minutes).
_UNATTRIBUTED = "throttle events no reason metric accounts for (in ThrottleEvents only)"
_UNATTRIBUTED_ROW = ("past double the previous peak", "4d")
#: What to do when an index's own table-level limit, not its key, throttles it (rule 2's evidence).
_INDEX_FIX = {
    "ProvisionedThroughputThrottleEvents": "the index's provisioned capacity is short (provision its writes at least "
    "as high as the table's)",
    "AccountLimitThrottleEvents": "the index is at its per-index quota (request an increase through Service Quotas)",
    "MaxOnDemandThroughputThrottleEvents": "the index is at the maximum throughput set on it (raise or remove it)",
}
_PARTITION_MAX = {"Read": PARTITION_MAX_RCU, "Write": PARTITION_MAX_WCU}
_QUOTA = {"Read": ON_DEMAND_TABLE_QUOTA_RRU, "Write": ON_DEMAND_TABLE_QUOTA_WRU}
#: The command that prints the queries for every metric diagnose reads (and the CLI commands for the rest).
QUERIES_COMMAND = "python -m hotpart queries TABLE"


def _has(metrics: Metrics, name: str, index: str | None = None) -> bool:
    """Whether the metrics carry ``name``: an export knows what it exported; a simulation has every metric."""
    has = getattr(metrics, "has", None)
    if has is not None:
        return bool(has(name, index))
    m = metrics.table if index is None else metrics.indexes.get(index, {})
    return name in m


def _mode(metrics: Metrics) -> tuple[str | None, str]:
    """The capacity mode and how it was read."""
    mode = getattr(metrics, "capacity_mode", None)
    if mode is not None:
        return mode
    if any(n.startswith("Provisioned") for n in metrics.table):
        return "provisioned", "Provisioned*CapacityUnits is there"
    return "on-demand", "no Provisioned*CapacityUnits metric"


def _lists(metrics: Metrics) -> tuple[bool, bool]:
    """Whether the most-accessed and the most-throttled Contributor Insights reports are there."""
    if metrics.top is None:
        return False, False
    given = getattr(metrics, "insights_exported", None)
    return tuple(given) if given is not None else (True, True)  # type: ignore[return-value]


@dataclass(frozen=True)
class _Read:
    """What the rules need from the metrics, computed once."""

    n: int
    own: NDArray[np.float64]  # the table's own throttle events per minute
    keyrange: float
    table_level: dict[str, float]  # by metric name
    table_rows: dict[str, tuple[str, str]]  # the same keys: the row and rule each one points to
    keyrange_by_kind: dict[str, float]  # key-range events of the table, "Read" and "Write"
    requests: float
    index_events: dict[str, float]
    hit: NDArray[np.bool_]  # minutes with any throttling
    use: str  # consumed against provisioned in the throttled minutes, in words ("" when unknown)
    batch: str  # the batch trap, in words ("" when it does not apply)
    kinds: tuple[str, ...]  # "Read"/"Write" with table throttle events
    missing_reasons: tuple[str, ...]  # reason metrics of those kinds that were not exported
    unexplained: float  # throttle events no exported reason metric accounts for
    utilisation: float | None  # peak consumed / provisioned in the throttled minutes (throttled kinds)
    rate: dict[str, float]  # peak consumed units per second in the throttled minutes, by kind
    growth: float | None  # the largest growth of offered traffic within 30 minutes before a throttled minute
    mode: str | None
    mode_from: str


def _growth(metrics: Metrics, kinds: tuple[str, ...], hit: NDArray[np.bool_]) -> float | None:
    """How far offered traffic (consumed + refused units) rose above its previous peak into each run of throttled
    minutes: the largest ``offered[t0] / max(peak before t0, floor)`` over the runs' first minutes ``t0``. The floor is
    what every on-demand table serves at once (a new table's previous peak, :data:`ON_DEMAND_NEW_TABLE_PEAK`, per
    minute). ``None`` when every run starts at the export's first minute: the growth came before it."""
    from .on_demand import ON_DEMAND_NEW_TABLE_PEAK

    t = metrics.table
    n = metrics.minutes
    starts = [int(i) for i in np.flatnonzero(hit) if i > 0 and not hit[i - 1]]
    best: float | None = None
    secs = metrics.seconds_in_minute()
    for k in kinds:
        consumed = t.get(f"Consumed{k}CapacityUnits")
        if consumed is None:
            continue
        offered = (np.asarray(consumed, dtype=float) + metrics.item_units * t.get(f"{k}ThrottleEvents", np.zeros(n))) / secs
        floor = ON_DEMAND_NEW_TABLE_PEAK[k.lower()]
        for i in starts:
            g = float(offered[i]) / max(float(offered[:i].max()), floor)
            best = g if best is None else max(best, g)
    return best


def _provisioned(metrics: Metrics, k: str) -> NDArray[np.float64] | None:
    """Provisioned capacity of kind ``k`` per minute: the metric, else a provisioned table description's level."""
    name = f"Provisioned{k}CapacityUnits"
    if name in metrics.table:
        return metrics.table[name]
    desc = getattr(metrics, "description", None)
    if desc is not None and desc.mode == "provisioned":
        units = desc.read_units if k == "Read" else desc.write_units
        if units > 0:
            return np.full(metrics.minutes, float(units))
    return None


def _read(metrics: Metrics) -> _Read:
    t = metrics.table
    n = metrics.minutes
    own = _series(t, "ThrottleEvents", n)
    keyrange = _series(t, "KeyRangeThroughputThrottleEvents", n)
    table_level = {_label(t, stem): float(_series(t, stem, n).sum()) for stem in _TABLE_LEVEL if _kinds(t, stem)}
    table_rows = {_label(t, stem): row for stem, row in _TABLE_LEVEL.items() if _kinds(t, stem)}
    kinds = tuple(k for k in ("Read", "Write") if f"{k}ThrottleEvents" in t and float(t[f"{k}ThrottleEvents"].sum()) > 0)
    missing = tuple(f"{k}{stem}" for k in kinds for stem in _REASON_STEMS if not _has(metrics, f"{k}{stem}"))
    other = float(own.sum() - keyrange.sum() - sum(table_level.values()))
    unexplained = other if other > 1e-6 * max(float(own.sum()), 1.0) else 0.0
    keyrange_by_kind = {
        k: float(t[f"{k}KeyRangeThroughputThrottleEvents"].sum()) for k in _kinds(t, "KeyRangeThroughputThrottleEvents")
    }
    requests = t["ThrottledRequests"] if "ThrottledRequests" in t else np.zeros(n)
    idx = {name: _series(m, "ThrottleEvents", n) for name, m in metrics.indexes.items()}
    any_idx = np.sum(list(idx.values()), axis=0) if idx else np.zeros(n)
    hit = (own + any_idx + requests) > 0
    use = ""
    utilisation = None
    prov = {k: _provisioned(metrics, k) for k in ("Read", "Write")}
    per_s = metrics.seconds_in_minute()
    from_desc = any(f"Provisioned{k}CapacityUnits" not in t and prov[k] is not None for k in prov)
    consumed_kinds = [k for k in ("Read", "Write") if f"Consumed{k}CapacityUnits" in t and prov[k] is not None]
    if hit.any() and consumed_kinds:
        consumed = sum(t[f"Consumed{k}CapacityUnits"] for k in consumed_kinds) / per_s
        provisioned = sum(prov[k] for k in consumed_kinds)
        if float(np.min(provisioned[hit])) > 0:
            peak = float(np.max(consumed[hit] / provisioned[hit]))
            where = " (the table description's)" if from_desc else ""
            use = (
                f"Consumed{'/'.join(consumed_kinds)}CapacityUnits peaked at {peak:.0%} of "
                f"Provisioned{'/'.join(consumed_kinds)}CapacityUnits{where} in the minutes with throttling"
            )
    for k in kinds or ("Read", "Write"):
        c, p = t.get(f"Consumed{k}CapacityUnits"), prov[k]
        if c is not None and p is not None and hit.any() and float(np.min(p[hit])) > 0:
            u = float(np.max((c / per_s)[hit] / p[hit]))
            utilisation = u if utilisation is None else max(utilisation, u)
    rate = {
        k: float(np.max((t[f"Consumed{k}CapacityUnits"] / per_s)[hit]))
        for k in ("Read", "Write")
        if f"Consumed{k}CapacityUnits" in t and hit.any()
    }
    batch = ""
    events = float(own.sum() + any_idx.sum())
    if metrics.batch_size > 1 and events > 0 and float(requests.sum()) < 0.01 * events:
        batch = (
            f"ThrottledRequests is only {float(requests.sum()):,.0f} against {events:,.0f} throttle events: "
            f"in batches of {metrics.batch_size} a request counts only when all its items are throttled"
        )
    mode, mode_from = _mode(metrics)
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
        kinds,
        missing,
        unexplained,
        utilisation,
        rate,
        _growth(metrics, kinds, hit),
        mode,
        mode_from,
    )


def _make(
    symptom: str,
    evidence: list[str],
    confidence: str,
    why: str,
    rule: str,
    alternatives: tuple[str, ...] = (),
    missing: tuple[str, ...] = (),
) -> Diagnosis:
    row = REMEDIES[symptom]
    alternatives = tuple(dict.fromkeys(a for a in alternatives if a != symptom))
    return Diagnosis(
        symptom,
        row.remedy,
        row.pitfall,
        tuple(e for e in evidence if e),
        confidence,
        why,
        alternatives,
        rule,
        tuple(dict.fromkeys(missing)),
    )


_WHY_TABLE_LEVEL = {
    "4a": "the table's provisioned capacity, not one partition, runs out",
    "4b": "the per-table account quota, not one partition, is the limit (AccountLimitExceeded)",
    "4c": "the maximum throughput set on the table is the limit (MaxOnDemandThroughputExceeded)",
    "4d": "an on-demand table whose reason metrics do not account for its throttle events, with its traffic past "
    "double within 30 minutes or the growth before the export; AWS warns of throttling past twice the previous "
    "peak without naming its reason, so this is the course's reading, not a metric's",
}
_LOWER = {"high": 0, "medium": 1, "low": 2}


def _cap(confidence: str, cap: str) -> str:
    """The lower of two confidences."""
    return confidence if _LOWER[confidence] >= _LOWER[cap] else cap


_NO_HISTORY = (
    "the export starts already throttling, so the growth into it is not in the data (export from 30 minutes "
    "before the throttling began)"
)


def _growth_words(g: float | None) -> str:
    if g is None:
        return ""
    return (
        f"traffic (consumed plus refused units) rose to {g:.1f}× its previous peak in the export (at least a new "
        "on-demand table's) as the throttling began"
    )


def _steady(metrics: Metrics, r: _Read, small: float, one: float, few: float, at_cap: float, hot_share: float) -> Diagnosis:
    """Rules 4 and 5: the row for throttling that is not a short spike."""
    t = metrics.table
    table_level = dict(r.table_level)
    table_rows = dict(r.table_rows)
    mode_ev = f"capacity mode: {r.mode or 'unknown'} ({r.mode_from})"
    grew = r.growth is not None and r.growth >= ON_DEMAND_PEAK_MULTIPLIER
    if r.unexplained > 0 and r.missing_reasons:
        return _inferred(metrics, r, small, one, few, at_cap, hot_share)
    extra: list[str] = []
    if r.unexplained > 0:
        if r.mode == "on-demand" and (grew or r.growth is None):
            table_level[_UNATTRIBUTED] = r.unexplained
            table_rows[_UNATTRIBUTED] = _UNATTRIBUTED_ROW
        else:
            extra.append(
                f"{r.unexplained:,.0f} throttle events no reason metric accounts for (AWS gives every throttle a "
                "reason with its own metric): left out of the reading"
            )
    table_total = sum(table_level.values())
    kr_name = _label(t, "KeyRangeThroughputThrottleEvents")
    minutes = f"{int(r.hit.sum())} of {r.n} minutes"
    if table_total > r.keyrange:
        worst = max(table_level, key=table_level.__getitem__)
        symptom, rule = table_rows[worst]
        ev = [f"{name}: {v:,.0f}" for name, v in table_level.items() if v > 0]
        ev += [f"{kr_name}: {r.keyrange:,.0f} (fewer)", f"throttling in {minutes}", r.use, r.batch, *extra]
        if rule == "4d":
            ev += [mode_ev, _growth_words(r.growth) or _NO_HISTORY]
        confidence = "medium" if rule == "4d" else "high"
        return _make(symptom, ev, confidence, _WHY_TABLE_LEVEL[rule], rule)
    ev = [f"{kr_name}: {r.keyrange:,.0f} over {minutes}, more than the table-level events ({table_total:,.0f})", r.use]
    ev += [r.batch, *extra]
    reads = r.keyrange_by_kind.get("Read", 0.0) > r.keyrange_by_kind.get("Write", 0.0)
    return _hot(metrics, r, ev, reads, small, one, few, hot_share, "high", (), (), at_cap=at_cap)


def _inferred(metrics: Metrics, r: _Read, small: float, one: float, few: float, at_cap: float, hot_share: float) -> Diagnosis:
    """Rules 4d, 4e and 5 when reason metrics were not exported: utilisation, the capacity mode and the growth decide."""
    t = metrics.table
    own_label = _label(t, "ThrottleEvents")
    ev = [
        f"{own_label}: {float(r.own.sum()):,.0f} over {int(r.hit.sum())} of {r.n} minutes; "
        f"{r.unexplained:,.0f} of them no exported reason metric accounts for",
        f"not exported: {', '.join(r.missing_reasons)}: their counts are unknown, not zero",
        f"capacity mode: {r.mode or 'unknown'} ({r.mode_from})",
        r.use,
        _growth_words(r.growth),
        r.batch,
    ]
    missing = list(r.missing_reasons)
    grew = r.growth is not None and r.growth >= ON_DEMAND_PEAK_MULTIPLIER
    reads = "Read" in r.kinds and (
        "Write" not in r.kinds or float(t["ReadThrottleEvents"].sum()) > float(t["WriteThrottleEvents"].sum())
    )
    if r.mode == "provisioned":
        u = r.utilisation
        if u is not None and u >= at_cap:
            return _make(
                "under-provisioned table",
                ev,
                "medium",
                f"the table ran at {u:.0%} of its provisioned capacity while it throttled (at least "
                f"{at_cap:.0%}): the table, not one partition, ran out; the provisioned-throughput reason metric "
                "would confirm it",
                "4e",
                ("hot partition, key unknown",),
                missing,
            )
        why = (
            f"the table ran at only {u:.0%} of its provisioned capacity while it throttled: it had capacity to spare, "
            "so a partition ran out (the key-range reason metric would confirm it)"
            if u is not None
            else "a provisioned table whose utilisation cannot be read"
        )
        alts = ("under-provisioned table",) if u is None else ()
        return _hot(metrics, r, ev, reads, small, one, few, hot_share, "medium", alts, missing, why, at_cap=at_cap)
    if r.mode == "on-demand":
        desc = getattr(metrics, "description", None)
        for k, rate in r.rate.items():
            if k not in r.kinds:
                continue
            cap = None if desc is None else (desc.max_read_units if k == "Read" else desc.max_write_units)
            if cap is not None and cap > 0 and rate >= at_cap * cap:
                ev.append(
                    f"Consumed{k}CapacityUnits peaked at {rate:,.0f} per second, {rate / cap:.0%} of the "
                    f"maximum throughput set on the table ({cap:,.0f})"
                )
                return _make(
                    "maximum throughput reached",
                    ev,
                    "medium",
                    "the table ran at its on-demand maximum while it throttled; the maximum-throughput reason "
                    "metric would confirm it",
                    "4e",
                    (),
                    missing,
                )
            if rate >= at_cap * _QUOTA[k] and not grew:
                ev.append(
                    f"Consumed{k}CapacityUnits peaked at {rate:,.0f} per second, {rate / _QUOTA[k]:.0%} of the "
                    f"default per-table quota ({_QUOTA[k]:,.0f}; your account's may be higher)"
                )
                return _make(
                    "per-table quota reached",
                    ev,
                    "medium",
                    "the table ran at the default per-table quota while it throttled (if your account's quota was "
                    "raised, this is not the limit); the account-limit reason metric would confirm it",
                    "4e",
                    ("hot partition, key unknown",),
                    missing,
                )
        if grew:
            return _make(
                "past double the previous peak",
                ev,
                "medium",
                "an on-demand table's traffic rose past double its previous peak as it began to throttle, as AWS warns; "
                "the reason metrics were not exported to confirm it, and a hot key would look the same",
                "4d",
                ("hot partition, key unknown",),
                missing,
            )
        alts: tuple[str, ...] = ()
        unknown = []
        if desc is None or all((desc.max_read_units if k == "Read" else desc.max_write_units) is None for k in r.kinds):
            unknown.append("its maximum throughput (if one is set) is not in the export")
            if desc is None:
                missing.append("the table description (--table-description: an on-demand maximum)")
            alts += ("maximum throughput reached",)
        if r.growth is None:
            unknown.append("its growth before the throttling is not in the export")
            alts += ("past double the previous peak",)
        why = (
            "an on-demand table below the default per-table quota"
            + (", whose traffic stayed within double its previous peak" if r.growth is not None else "")
            + ": a partition ran out (the key-range reason metric would confirm it)"
            + ("; " + " and ".join(unknown) if unknown else "")
        )
        return _hot(metrics, r, ev, reads, small, one, few, hot_share, "medium", alts, missing, why, at_cap=at_cap)
    missing.append("ProvisionedReadCapacityUnits/ProvisionedWriteCapacityUnits or --table-description")
    alts = ("under-provisioned table",) + (("past double the previous peak",) if grew else ())
    return _hot(
        metrics,
        r,
        ev,
        reads,
        small,
        one,
        few,
        hot_share,
        "low",
        alts,
        missing,
        "neither the reason metrics nor the capacity mode were exported: a hot partition is one reading of several",
        at_cap=at_cap,
    )


def _accessed_total(metrics: Metrics, tk: TopKeys) -> float:
    """The minute's whole traffic in Contributor Insights' units, for a key's share of it.

    For an export, AWS's report does not give it (only MaxContributorValue and Maximum are meaningful for
    DynamoDB's rules), so it is taken from the consumed-capacity metrics in ConsumedThroughputUnits: 3 x consumed
    write units + consumed read units (AWS's formula for provisioned tables, used for on-demand ones too: the course's
    reading, HOT_KEY_TRAFFIC_SHARE's entry). A simulation's lists carry their own total. 0 when unknown.
    """
    if getattr(metrics, "exported", None) is None:
        return tk.total_accessed
    t = metrics.table
    w = t.get("ConsumedWriteCapacityUnits")
    rd = t.get("ConsumedReadCapacityUnits")
    if w is None and rd is None:
        return 0.0
    m = tk.minute
    return 3.0 * (float(w[m]) if w is not None else 0.0) + (float(rd[m]) if rd is not None else 0.0)


def _share(metrics: Metrics, tk: TopKeys, listed: float) -> float:
    """``listed`` units as a share of the minute's whole traffic (0 when it is unknown)."""
    total = _accessed_total(metrics, tk)
    return min(listed / total, 1.0) if total > 0 else 0.0


def _key_rate(metrics: Metrics, key: str, kind: str) -> float | None:
    """A lower bound of one key's rate, units per second, from Contributor Insights: its busiest minute's counted
    units (for an export divided by 3, AWS's weight of writes in ConsumedThroughputUnits, so the key's traffic is
    taken to be writes) or its throttled count, whichever is larger; ``None`` when neither report lists it."""
    if metrics.top is None:
        return None
    secs = metrics.seconds_in_minute()
    weight = 3.0 if kind == "Write" and getattr(metrics, "exported", None) is not None else 1.0
    best = None
    for tk in metrics.top:
        acc = dict(tk.accessed).get(key, 0.0) / weight
        thr = dict(tk.throttled).get(key, 0.0) * metrics.item_units
        if acc or thr:
            # the larger of the two is a lower bound; their sum would count refused units twice where the
            # accessed figure already includes them (the simulation's offered units)
            rate = max(acc, thr) / float(secs[tk.minute])
            best = rate if best is None else max(best, rate)
    return best


def _shard_advice(metrics: Metrics, key: str, kind: str) -> str:
    """What write sharding the key needs (chapter 5's shards_needed) and what it costs a read of the key."""
    from .write_sharding import SHARD_UTILIZATION, read_cost, shards_needed

    rate = _key_rate(metrics, key, kind)
    if rate is None or kind != "Write":
        return ""
    n = shards_needed(rate)
    if n < 2:
        return (
            f"remedy for {key!r}: offered at least {rate:,.0f} WCU/s, within what one partition serves "
            f"({SHARD_UTILIZATION:.0%} of {PARTITION_MAX_WCU:,.0f} WCU/s): it throttles beside the other keys on its "
            "partition, so write-sharding it over 2 suffixes (chapter 5) moves half of it to another partition; a read "
            "of the whole key then takes 2 queries (chapter 6)"
        )
    reads = float(read_cost(n, "random", "aggregate").requests[0])
    return (
        f"remedy for {key!r}: offered at least {rate:,.0f} WCU/s, so write-shard it over at least {n} suffixes "
        f"(chapter 5's shards_needed, each shard kept under {SHARD_UTILIZATION:.0%} of a partition's "
        f"{PARTITION_MAX_WCU:,.0f} WCU/s); a read of the whole key then takes {reads:,.0f} queries, one per suffix "
        "(chapter 6)"
    )


def _hot(
    metrics: Metrics,
    r: _Read,
    ev: list[str],
    reads: bool,
    small: float,
    one: float,
    few: float,
    hot_share: float,
    cap: str,
    alternatives: tuple[str, ...],
    missing: tuple[str, ...] | list[str],
    why_prefix: str = "",
    at_cap: float = AT_CAPACITY_SHARE,
) -> Diagnosis:
    """Rule 5: a hot partition; Contributor Insights decides which key design is at fault."""
    single = "single-key read concentration" if reads else "single-key write concentration"
    key_rows = ("low-cardinality key", single)
    missing = list(missing)
    pre = f"{why_prefix}; " if why_prefix else ""
    have_acc, have_thr = _lists(metrics)
    # an on-demand table whose traffic grew past double as it throttled: a real export may count the refusals of
    # growth past the previous peak as key-range events (AWS gives every throttle a reason, and does not say which)
    grew_od = r.mode == "on-demand" and r.growth is not None and r.growth >= ON_DEMAND_PEAK_MULTIPLIER
    if grew_od:
        ev.append(_growth_words(r.growth))
        alternatives = (*alternatives, "past double the previous peak")
    elif r.mode == "on-demand" and r.growth is None:
        ev.append(_NO_HISTORY)
        alternatives = (*alternatives, "past double the previous peak")

    def done(symptom: str, confidence: str, why: str, rule: str, alts: tuple[str, ...] = ()) -> Diagnosis:
        return _make(symptom, ev, _cap(confidence, cap), pre + why, rule, (*alts, *alternatives), tuple(missing))

    if metrics.top is None:
        ev.append("Contributor Insights is off or not exported: CloudWatch's metrics stop at the table, so no key can be named")
        missing.append("Contributor Insights reports (most-accessed and most-throttled keys)")
        return done(
            "hot partition, key unknown",
            "low",
            "a partition is hot, but which key design is at fault needs the keys",
            "5a",
            key_rows,
        )
    busy = [tk for tk in metrics.top if tk.total_throttled > 0]
    hit_top = [metrics.top[i] for i in np.flatnonzero(r.hit) if i < len(metrics.top)]
    if not busy and have_acc and hit_top:
        return _accessed_only(metrics, r, ev, reads, small, hot_share, done, missing, key_rows, have_thr, at_cap)
    if not busy:  # key-range events but no key throttled: cannot happen with consistent metrics
        ev.append("Contributor Insights lists no throttled key")
        return done("hot partition, key unknown", "low", "Contributor Insights saw no throttled key", "5a", key_rows)
    cover = float(np.mean([_share(metrics, tk, sum(v for _, v in tk.accessed)) for tk in busy]))
    listed = max(len(tk.accessed) for tk in busy)
    top1 = float(np.mean([tk.throttled_share(1) for tk in busy]))
    top_k = float(np.mean([tk.throttled_share(len(tk.throttled)) for tk in busy]))
    per_key: dict[str, float] = {}
    for tk in busy:
        for key, units in tk.throttled:
            per_key[key] = per_key.get(key, 0.0) + units
    top_key = max(per_key, key=per_key.__getitem__) if per_key else "?"
    ci = f"Contributor Insights, averaged over the {len(busy)} minutes with throttling"
    if have_acc and cover >= small:
        ev.append(f"{ci}: the {listed} most-accessed keys carry {cover:.1%} of the traffic; the key space is that small")
        return done("low-cardinality key", "high", "the whole key space fits in Contributor Insights' list", "5b")
    if top1 >= one:
        ev.append(f"{ci}: one key, {top_key!r}, carries {top1:.0%} of the throttled units")
        if have_acc:
            ev.append(
                f"the {listed} most-accessed keys carry only {cover:.0%} of the consumed units (their own counts include "
                "throttled requests, so their share of the traffic offered is smaller still): a long tail of other keys"
            )
        else:
            missing.append("Contributor Insights most-accessed-keys report")
        kind = "reads" if reads else "writes"
        ev.append(_shard_advice(metrics, top_key, "Read" if reads else "Write"))
        return done(single, "high", f"one key among many takes the throttling, on {kind}", "5c")
    if top_k >= few:
        ev.append(f"{ci}: the most-throttled key carries {top1:.0%} of the throttled units, the listed ones {top_k:.0%}")
        return done("low-cardinality key", "medium", "a few keys share the throttling", "5d", (single,))
    ev.append(f"{ci}: the listed most-throttled keys carry only {top_k:.0%} of the throttled units")
    if grew_od:
        return _make(
            "past double the previous peak",
            ev,
            "medium",
            "the throttling is spread over many keys of an on-demand table whose traffic grew past double its "
            "previous peak as it began: AWS warns of throttling there without naming its reason, so key-range events "
            "spread this thin read as growth past the previous peak, not as one hot partition",
            "4d",
            ("under-provisioned table",),
            tuple(missing),
        )
    if r.mode == "on-demand":
        # on-demand: no provisioned capacity to raise; the row's remedy does not fit as written
        ev.append(
            "an on-demand table, so there is no provisioned capacity to raise; relief comes from DynamoDB's splits "
            "for heat or from a key design that spreads the load"
        )
        return done(
            "under-provisioned table",
            "low",
            "every partition of an on-demand table is at its limit; the row's remedy is written for provisioned mode",
            "5e",
        )
    return done(
        "under-provisioned table",
        "medium",
        "the throttling is spread over many keys: every partition is at its limit, so more capacity (and partitions) is needed",
        "5e",
    )


def _accessed_only(metrics, r, ev, reads, small, hot_share, done, missing, key_rows, have_thr, at_cap) -> Diagnosis:
    """Rule 5f (and 5b): only the most-accessed report: a key above a partition's ceiling, or carrying most traffic."""
    kind = "Read" if reads else "Write"
    minutes = [metrics.top[i] for i in np.flatnonzero(r.hit) if i < len(metrics.top)]
    if not have_thr:
        missing.append("Contributor Insights most-throttled-keys report")
    cover = float(np.mean([_share(metrics, tk, sum(v for _, v in tk.accessed)) for tk in minutes]))
    listed = max(len(tk.accessed) for tk in minutes)
    ci = f"Contributor Insights' most-accessed keys, over the {len(minutes)} minutes with throttling"
    if cover >= small and listed > 0:
        ev.append(f"{ci}: the {listed} keys listed carry {cover:.1%} of the traffic; the key space is that small")
        return done("low-cardinality key", "high", "the whole key space fits in Contributor Insights' list", "5b")
    secs = metrics.seconds_in_minute()
    per_key: dict[str, list[float]] = {}
    per_key_rate: dict[str, list[float]] = {}
    for tk in minutes:
        for key, units in tk.accessed:
            per_key.setdefault(key, []).append(units)
            per_key_rate.setdefault(key, []).append(units / float(secs[tk.minute]))
    if not per_key:
        ev.append(f"{ci}: no key listed")
        return done("hot partition, key unknown", "low", "no key report names a key", "5a", key_rows)
    top_key = max(per_key, key=lambda k: max(per_key[k]))
    peak = max(per_key[top_key])
    share = float(np.mean([_share(metrics, tk, dict(tk.accessed).get(top_key, 0.0)) for tk in minutes]))
    # AWS counts a key's access in ConsumedThroughputUnits, writes weighted 3: dividing by 3 reads the key's units
    # as writes (the course's reading, HOT_KEY_TRAFFIC_SHARE's entry)
    weight = 3.0 if kind == "Write" and getattr(metrics, "exported", None) is not None else 1.0
    rate = max(per_key_rate[top_key]) / weight
    ceiling = _PARTITION_MAX[kind]
    unit = "RCU/s" if kind == "Read" else "WCU/s"
    single = key_rows[1]
    if rate >= at_cap * ceiling:
        ev.append(
            f"{ci}: {top_key!r} at {peak:,.0f} units in its busiest minute, {rate:,.0f} {unit} (its traffic taken to be "
            f"{kind.lower()}s): at least {at_cap:.0%} of a partition's {ceiling:,.0f} {unit}, a partition's worth of "
            "traffic on one key"
        )
        ev.append(_shard_advice(metrics, top_key, kind))
        return done(single, "high", "one key's own rate is above what a partition serves", "5f")
    if share >= hot_share:
        ev.append(f"{ci}: {top_key!r} carries {share:.0%} of the traffic counted while the table throttles")
        ev.append(_shard_advice(metrics, top_key, kind))
        return done(
            single, "medium", "one key carries most of the traffic while the table throttles", "5f", ("low-cardinality key",)
        )
    ev.append(
        f"{ci}: the busiest key, {top_key!r}, carries {share:.0%} of the traffic, at least {rate:,.0f} {unit}: no key stands out"
    )
    return done("hot partition, key unknown", "low", "no key stands out in the most-accessed report", "5a", key_rows)


def diagnose(
    metrics: Metrics,
    *,
    spike_minutes: int = SPIKE_MINUTES,
    small_key_space: float = SMALL_KEY_SPACE_SHARE,
    one_key: float = ONE_KEY_SHARE,
    few_keys: float = FEW_KEYS_SHARE,
    at_capacity: float = AT_CAPACITY_SHARE,
    hot_key_share: float = HOT_KEY_TRAFFIC_SHARE,
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
    at_capacity : float
        Share of the provisioned capacity (or of an on-demand maximum or quota), in ``(0, 1]``, at which a table
        whose reason metrics were not exported reads as at its limit (rule 4e).
    hot_key_share : float
        Share of the traffic, in ``(0, 1]``, one most-accessed key must carry to be named without the
        most-throttled report (rule 5f).

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
    at_cap = check_number("at_capacity", at_capacity, low=0, high=1, low_open=True)
    hot_share = check_number("hot_key_share", hot_key_share, low=0, high=1, low_open=True)
    r = _read(metrics)
    online = {
        name: m["OnlineIndexThrottleEvents"]
        for name, m in (getattr(metrics, "online", None) or {}).items()
        if "OnlineIndexThrottleEvents" in m and float(m["OnlineIndexThrottleEvents"].sum()) > 0
    }
    building = np.sum(list(online.values()), axis=0) if online else np.zeros(r.n)
    hit_minutes = np.flatnonzero(r.hit | (building > 0))

    throttle_names = ("ReadThrottleEvents", "WriteThrottleEvents", "ThrottledRequests")
    if getattr(metrics, "exported", None) is not None and not any(_has(metrics, n) for n in throttle_names):
        raise ValueError(
            "metrics: expected at least one throttle metric (ReadThrottleEvents, WriteThrottleEvents or "
            f"ThrottledRequests) in the export; without one no diagnosis can be made ({QUERIES_COMMAND} prints them)"
        )
    # ThrottledRequests with no throttle event of the table's own and no index exported: the events may be an
    # index's (its back-pressure on the table's writes), so the index metrics are what is missing
    own_exported = any(_has(metrics, n) for n in throttle_names[:2])
    if getattr(metrics, "exported", None) is not None and r.requests > 0 and float(r.own.sum()) == 0 and not metrics.indexes:
        missing = [] if own_exported else ["ReadThrottleEvents/WriteThrottleEvents of the table"]
        missing.append("the indexes' ThrottleEvents (GlobalSecondaryIndexName)")
        return _make(
            "GSI-only throttling",
            [
                f"table: ThrottledRequests {r.requests:,.0f}, and "
                + ("no throttle event on the table itself" if own_exported else "the table's throttle events not exported"),
                "no index metric was exported: a request refused for an index's write back-pressure counts in the "
                "table's ThrottledRequests, not in its ThrottleEvents",
            ],
            "low",
            "throttled requests without throttle events of the table's own point to an index, but its metrics are not "
            "in the export",
            "2a",
            ("hot partition, key unknown",),
            tuple(missing),
        )

    # rule 1
    if hit_minutes.size == 0:
        return _make(
            "no throttling",
            [f"no throttle events and no ThrottledRequests in any of the {r.n} minutes"],
            "high",
            "every data point is zero",
            "1",
        )

    own_total = float(r.own.sum())
    # rule 2c: a new index being built throttles the writes (its own WriteThrottleEvents do not count them)
    if online and own_total == 0:
        ev = []
        for name, v in online.items():
            om = metrics.online[name]  # type: ignore[attr-defined]
            ev.append(f"index {name!r}: OnlineIndexThrottleEvents {float(v.sum()):,.0f} over {int((v > 0).sum())} minutes")
            if "OnlineIndexConsumedWriteCapacity" in om:
                peak = float(np.max(om["OnlineIndexConsumedWriteCapacity"] / metrics.seconds_in_minute()))
                ev.append(f"index {name!r}: OnlineIndexConsumedWriteCapacity peaked at {peak:,.0f} per second")
            if "OnlineIndexPercentageProgress" in om:
                ev.append(
                    f"index {name!r}: OnlineIndexPercentageProgress reached "
                    f"{float(om['OnlineIndexPercentageProgress'].max()):.0f}%"
                )
            desc = getattr(metrics, "description", None)
            gi = desc.index(name) if desc is not None else None
            if gi is not None:
                ev.append(
                    f"table description: index {name!r} is {gi.status}, Backfilling {gi.backfilling}, "
                    f"{gi.write_units:,.0f} provisioned WCU"
                )
        ev.append(f"table: {_label(metrics.table, 'ThrottleEvents')} 0")
        return _make(
            "index backfill throttled",
            ev,
            "high",
            "the throttle events are the ones AWS counts while an index is built, and the table's own partitions do not throttle",
            "2c",
        )

    # rule 2: an index throttles and the table's own partitions do not; reads and writes apart
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
        steady = _steady(metrics, r, small, one, few, at_cap, hot_share)
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
        went_on = _traffic_went_on(metrics, hit_minutes)
        if went_on is None:
            after = "the data end with the throttling, so see whether it stops by itself while the traffic goes on"
        elif went_on:
            after = (
                "the throttling stopped by itself while the traffic went on, which may mean DynamoDB has split the hot "
                "partition (AWS's key-range page)"
            )
            ev.append("consumed capacity after the throttled minutes stayed at their level: the traffic went on")
        else:
            after = "the throttling stopped because the traffic fell: the spike ended, so nothing was split"
            ev.append("consumed capacity fell after the throttled minutes: the spike ended")
        return _make(
            "short spike",
            ev,
            "medium",
            f"one short window cannot show whether it recurs; {after}",
            "3",
            (steady.symptom,),
        )

    # rules 4 and 5
    return _steady(metrics, r, small, one, few, at_cap, hot_share)


#: Consumed capacity after a short spike's throttled minutes at least this share of theirs reads as traffic that
#: went on (the throttling stopped by itself); below it, the spike ended. A reading of the evidence, not a rule.
_WENT_ON_SHARE: Final[float] = 0.8


def _traffic_went_on(metrics: Metrics, hit_minutes: NDArray[np.int64]) -> bool | None:
    """Whether the consumed capacity after the throttled minutes stayed near theirs; ``None`` when it cannot be told
    (no consumed-capacity metric, or no minute after the throttling)."""
    t = metrics.table
    last = int(hit_minutes[-1])
    series = [
        np.asarray(t[f"Consumed{k}CapacityUnits"], dtype=float) for k in ("Read", "Write") if f"Consumed{k}CapacityUnits" in t
    ]
    if not series or last + 1 >= metrics.minutes:
        return None
    consumed = np.sum(series, axis=0)
    during = float(np.mean(consumed[hit_minutes]))
    if during <= 0:
        return None
    return float(np.mean(consumed[last + 1 :])) >= _WENT_ON_SHARE * during


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
    "past double the previous peak": "on-demand: 1,000 keys at 5,000 WCU/s, evenly spread on 8 partitions, "
    "previous peak 2,000 WCU/s (a new table's setting: it serves 4,000 at once)",
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
        peak = ON_DEMAND_NEW_TABLE_PEAK["write"]  # the lowest previous peak an on-demand table has (4,000 at once)
        return simulate(Table(8), [5.0] * 1_000, seconds, keys=keys, mode=OnDemand(previous_peak=peak))
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
