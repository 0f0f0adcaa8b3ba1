"""From symptom to remedy: the source's table, and a diagnosis that reports every material cause.

Chapter 15 (``notebooks/15_diagnosis.ipynb``) is built on this module, chapter 16
(``notebooks/16_your_table.ipynb``) runs it on exports, and chapter 13 (``notebooks/13_detection.ipynb``) uses its
scenarios. :data:`REMEDIES` holds 000's table 「症状から手を選ぶ」 (symptom, remedy, pitfall), in English, plus the
outcomes the table leaves out but a reader meets: the table-level limits of AWS's throttling guide (an
under-provisioned table, the per-table quota, the maximum throughput set on an on-demand table, traffic past double
the previous peak), read throttling on an index, a key hot for reads (a cache, not write sharding), an index whose
backfill is throttled, a hot partition whose key is not yet known, and nothing to fix.

:func:`diagnose` is a straight line: :func:`hotpart.gather_evidence` reads the metrics into one evidence model over
every scope (the table and each index, reads and writes apart), :func:`hotpart.find_causes` attributes each scope's
throttle events to their causes by share (AWS gives every throttled request a reason with its own metric), and the
:class:`Diagnosis` reports every cause whose share is material (:data:`hotpart.MATERIAL_SHARE`), each with its
evidence, its remedy with numbers, the chapter that explains it, and its confidence. Two causes at once (a hot index
key and an under-provisioned table) give two findings. :data:`DECISION_TABLE` says, cause by cause, which metric the
share is read from, what tells the cause apart, and which number its remedy gives. :func:`scenario` builds the
canonical cases: each a deterministic simulation with the key design the table describes.

The thresholds (:data:`hotpart.SPIKE_MINUTES`, :data:`hotpart.ONE_KEY_SHARE`, :data:`hotpart.FEW_KEYS_SHARE`,
:data:`hotpart.SMALL_KEY_SPACE_SHARE`, :data:`hotpart.AT_CAPACITY_SHARE`, :data:`hotpart.HOT_KEY_TRAFFIC_SHARE`,
:data:`hotpart.MATERIAL_SHARE`) are the course's choices, listed in :data:`hotpart.ASSUMPTIONS`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Final

import numpy as np

from ._validation import check_choice, check_count, check_number
from .autoscaling import AUTOSCALING_TARGET
from .constants import BATCH_WRITE_MAX_ITEMS, ON_DEMAND_TABLE_QUOTA_WRU, PARTITION_MAX_RCU, PARTITION_MAX_WCU, PERIOD_S
from .evidence import gather_evidence
from .findings import (
    AT_CAPACITY_SHARE,
    FEW_KEYS_SHARE,
    HOT_KEY_TRAFFIC_SHARE,
    MATERIAL_SHARE,
    ONE_KEY_SHARE,
    SMALL_KEY_SPACE_SHARE,
    SPIKE_MINUTES,
    Finding,
    find_causes,
)
from .indexes import GlobalSecondaryIndex, IndexedResult, simulate_with_indexes
from .metrics import Metrics, cloudwatch
from .on_demand import ON_DEMAND_NEW_TABLE_PEAK, OnDemand
from .simulator import SimulationResult, Table, simulate
from .write_sharding import SHARD_UTILIZATION

__all__ = [
    "DECISION_TABLE",
    "GSI_OPEN_SHARE",
    "ON_DEMAND_PEAK_REASON_METRIC",
    "OVERLOAD_REFUSAL_METRIC",
    "PROVISIONED_WRITE_SCENARIOS",
    "QUERIES_COMMAND",
    "REMEDIES",
    "SCENARIOS",
    "Diagnosis",
    "Remedy",
    "Scenario",
    "diagnose",
    "remedy_rows",
    "scenario",
    "two_causes_case",
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
        "Only the GSI throttles (the course reads every cause of an index's write throttling under this row)",
        "Review the GSI's key design and projected attributes; in provisioned mode, give the index at least the "
        "table's write capacity (and the table's auto scaling settings); in on-demand mode, check the index's maximum "
        "throughput and quota",
        "Write throttling on the index is pushed back onto the base table",
    ),
    "GSI read throttling": Remedy(
        "An index throttles its reads (queries on the index)",
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
        "The table's provisioned capacity is used up, or every partition is at its limit (provisioned mode)",
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
        "An on-demand table may be refused (the model refuses all of it) while its traffic grows past double its "
        "previous peak within 30 minutes; "
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
    "no throttling": Remedy("Nothing is throttled", "Nothing to fix", "Nothing to watch for", in_source=False),
}


#: The reason metric the course's simulator counts refusals past double an on-demand table's previous peak in:
#: none (they are in ``ThrottleEvents`` only), because AWS names no reason for them. A real export may count them
#: under a reason, most likely key range; the findings read both (``hp.ASSUMPTIONS["ON_DEMAND_PEAK_REASON_METRIC"]``).
ON_DEMAND_PEAK_REASON_METRIC: Final[str] = "none (ThrottleEvents only)"
#: The reason metric the simulator counts a partition's refusals above its ceiling in when the table is also past
#: its provisioned capacity (burst carrying the partitions up to the ceiling): key range, as for any refusal above
#: the partition ceiling. AWS does not say which reason such an overload reports
#: (``hp.ASSUMPTIONS["OVERLOAD_REFUSAL_METRIC"]``).
OVERLOAD_REFUSAL_METRIC: Final[str] = "KeyRangeThroughputThrottleEvents"
#: The command that prints the queries for every metric diagnose reads (and the CLI commands for the rest).
QUERIES_COMMAND: Final[str] = "python -m hotpart queries TABLE"

#: How each cause is read: (the throttle events it takes its share from, what tells it apart, the row of
#: :data:`REMEDIES`, the number its remedy gives, the chapter that explains the remedy). Every scope (the table and
#: each index) and kind (reads, writes) is read alike; an index's causes report under the GSI rows.
_AT = f"{AUTOSCALING_TARGET:.0%} utilisation"
DECISION_TABLE: tuple[tuple[str, str, str, str, str], ...] = (
    ("none", "no throttle event and no throttled request in any minute", "no throttling", "none", "15"),
    ("key range, writes", f"Contributor Insights of the scope: one key carries at least {ONE_KEY_SHARE:.0%} of the "
     "throttled requests, and the key space is not listed whole", "single-key write concentration",
     f"at least the suffixes that keep each shard under {SHARD_UTILIZATION:.0%} of {PARTITION_MAX_WCU:,.0f} WCU/s at "
     "the key's rate, read as a lower bound (its consumed units plus its throttled requests: the most-accessed report "
     "counts consumed units); a read of the whole key costs that many queries", "5, 6"),
    ("key range, reads", "the same", "single-key read concentration", "at least the share of the key's reads a cache "
     f"must serve to keep the rest under {SHARD_UTILIZATION:.0%} of {PARTITION_MAX_RCU:,.0f} RCU/s, from the same "
     "lower bound", "10, 15"),
    ("key range", "the most-accessed report saw no more distinct keys (ApproximateUniqueCount) than it lists, or the "
     f"listed most-throttled keys carry {FEW_KEYS_SHARE:.0%} (unless ApproximateUniqueCount shows a large key space: "
     "then each of the few is a hot key, the rows above)", "low-cardinality key",
     "the key's values; the hottest value's rate (a lower bound) and its suffixes", "2, 5"),
    ("key range", f"the listed most-throttled keys carry less than {FEW_KEYS_SHARE:.0%} (or none is listed): every "
     "partition at its limit", "under-provisioned table (provisioned); past double the previous peak (on-demand, "
     "its traffic grown past double)", f"the capacity that serves the offered peak at {_AT}", "1, 11"),
    ("key range", "no Contributor Insights report of the scope", "hot partition, key unknown",
     "the command that turns Contributor Insights on", "13"),
    ("provisioned throughput", "the reason's own metric", "under-provisioned table (an index: GSI-only throttling)",
     f"the capacity that serves the offered peak at {_AT} (an index: at least the table's too)", "11, 12"),
    ("account limit", "the reason's own metric", "per-table quota reached", f"the quota to request: the offered peak "
     f"at {_AT}", "11"),
    ("maximum on-demand throughput", "the reason's own metric", "maximum throughput reached",
     f"the maximum to set: the offered peak at {_AT}", "11"),
    ("none of the four reasons (all four exported)", "an on-demand table whose traffic grew past double its previous "
     "peak (AWS names no reason for it)", "past double the previous peak",
     f"the warm throughput to set: the offered peak at {_AT}", "11"),
    ("the reasons not exported", f"the utilisation of the same kind (at least {AT_CAPACITY_SHARE:.0%}: the capacity; "
     "below: a partition), the capacity mode, the growth; medium confidence at most, and the export that settles it "
     "named", "any of the rows above", "as the row", "13, 16"),
    ("an index being built (OnlineIndexThrottleEvents)", "the metric itself (the index's own throttle events do not "
     "count them)", "index backfill throttled", f"the index's write capacity for its backfill at {_AT}", "12"),
    ("every scope's", f"all of them within {SPIKE_MINUTES} minutes, with as many quiet", "short spike (first, the other "
     "findings at medium confidence)", "the capacity for the spike's offered peak, if it recurs", "8, 14"),
)  # fmt: skip
_CONFIDENCES = ("high", "medium", "low")


@dataclass(frozen=True)
class Diagnosis:
    """What :func:`diagnose` concludes: every material cause, each with its share, evidence, remedy and confidence.

    Attributes
    ----------
    findings : tuple of Finding
        The causes that carry at least ``material_share`` of the throttle events, largest first (a short spike
        first); one ``"no throttling"`` finding when nothing is throttled.
    minor : tuple of Finding
        The causes below ``material_share``, largest first.
    notes : tuple of str
        What the evidence says that no finding takes (events no reason accounts for, the batch trap).
    material_share : float
        The share that makes a cause material (:data:`hotpart.MATERIAL_SHARE`).
    total_events : float
        Throttle events over the run, every scope and kind: what the shares are of.

    The first finding's row, remedy, pitfall, evidence, confidence and the rest are also the diagnosis's own
    (``d.symptom``, ``d.remedy``, ...), for a reader who asks for one verdict.

    Examples
    --------
    >>> diagnose(scenario("no throttling").metrics)
    Diagnosis(no throttling)
    """

    findings: tuple[Finding, ...]
    minor: tuple[Finding, ...] = ()
    notes: tuple[str, ...] = ()
    material_share: float = MATERIAL_SHARE
    total_events: float = 0.0

    def __post_init__(self) -> None:
        if not self.findings or not all(isinstance(f, Finding) for f in self.findings + self.minor):
            raise ValueError(f"findings = {self.findings!r} is not allowed: must be at least one Finding")
        for f in self.findings + self.minor:
            check_choice("symptom", f.row, tuple(REMEDIES))
            for alt in f.alternatives:
                check_choice("alternatives", alt, tuple(REMEDIES))

    def __repr__(self) -> str:
        if self.symptom == "no throttling":
            return "Diagnosis(no throttling)"
        parts = "; ".join(f"{f.row} on {f.where} {f.share:.0%}" for f in self.findings)
        return f"Diagnosis({parts})"

    @property
    def symptom(self) -> str:
        """The first finding's row (a key of :data:`REMEDIES`)."""
        return self.findings[0].row

    @property
    def remedy(self) -> str:
        """The first finding's row's remedy, as the symptom table gives it."""
        return REMEDIES[self.symptom].remedy

    @property
    def pitfall(self) -> str:
        """The first finding's row's pitfall."""
        return REMEDIES[self.symptom].pitfall

    @property
    def evidence(self) -> tuple[str, ...]:
        """The first finding's evidence."""
        return self.findings[0].evidence

    @property
    def confidence(self) -> str:
        """The first finding's confidence."""
        return self.findings[0].confidence

    @property
    def why(self) -> str:
        """Why the first finding has its confidence."""
        return self.findings[0].why

    @property
    def alternatives(self) -> tuple[str, ...]:
        """Rows the first finding's evidence does not rule out."""
        return self.findings[0].alternatives

    @property
    def missing(self) -> tuple[str, ...]:
        """The exports that would settle any finding."""
        return tuple(dict.fromkeys(m for f in self.findings for m in f.missing))

    @property
    def causes(self) -> tuple[str, ...]:
        """The rows of every material finding, in order."""
        return tuple(f.row for f in self.findings)

    def finding(self, row: str, scope: str | None = None) -> Finding | None:
        """The first material finding of ``row`` (and ``scope``: ``""`` for the table, else an index), or ``None``."""
        return next((f for f in self.findings if f.row == row and (scope is None or f.scope == scope)), None)

    def summary(self, width: int | None = None) -> str:
        """The diagnosis in one paragraph: how many causes, which, and their shares (wrapped at ``width`` characters,
        in ``[40, 200]``, when given).

        Examples
        --------
        >>> diagnose(scenario("under-provisioned table").metrics).summary()
        "One cause, of the 600,000 throttle events: under-provisioned table on the table's writes (100%)."
        """
        text = self._summary()
        if width is None:
            return text
        return "\n".join(_wrap(text, check_count("width", width, low=40, high=200)))

    def _summary(self) -> str:
        if self.symptom == "no throttling":
            return "Nothing is throttled: no throttle event and no ThrottledRequests in any minute."
        causes = [f for f in self.findings if f.cause != "short spike"]
        lead = "All the throttling falls in one short window. " if len(causes) < len(self.findings) else ""
        if not causes:
            return lead.strip()
        total = f"the {self.total_events:,.0f} throttle events" if self.total_events > 0 else "the throttled requests"
        parts = ", ".join(f"{f.row} on {f.where} ({f.share:.0%})" for f in causes)
        more = (
            f" {len(self.minor)} more carry less than {self.material_share:.0%} each (listed after the findings)."
            if self.minor
            else ""
        )
        if len(causes) == 1:
            return f"{lead}One cause, of {total}: {parts}.{more}"
        return f"{lead}{len(causes)} causes, each at least {self.material_share:.0%} of {total}: {parts}.{more}"

    def explain(self, markdown: bool = True, level: int = 2, width: int | None = None) -> str:
        """The diagnosis for a person: each finding its own section (Markdown headings of ``level``, or plain text for
        a terminal with ``markdown=False``, its lines wrapped at ``width`` characters, in ``[40, 200]``, when given).

        Examples
        --------
        >>> print(diagnose(scenario("no throttling").metrics).explain().splitlines()[0])
        ## 1. No throttling
        >>> print(diagnose(scenario("no throttling").metrics).explain(markdown=False).splitlines()[0])
        1. No throttling
        """
        out: list[str] = []
        h = "#" * check_count("level", level, low=1, high=6) + " "
        for i, f in enumerate(self.findings, 1):
            out += [*_finding_text(i, f, markdown, h), ""]
        if self.minor:
            head = f"Causes below the material share ({self.material_share:.0%} of the throttle events)"
            out += [f"{h}{head}" if markdown else head, ""]
            out += [f"- {f.row} on {f.where}: {f.share:.1%} of the throttle events; {f.action} ({f.chapter})" for f in self.minor]
            out.append("")
        if self.notes:
            out += [f"{h}Also in the evidence" if markdown else "Also in the evidence", "", *[f"- {n}" for n in self.notes], ""]
        if width is not None:
            w = check_count("width", width, low=40, high=200)
            out = [wrapped for line in out for wrapped in (_wrap(line, w) if line else [line])]
        return "\n".join(out).rstrip() + "\n"


def _wrap(line: str, width: int) -> list[str]:
    """One line of the plain text wrapped at ``width``, a list item's continuation indented under its text."""
    import textwrap

    item = line.startswith("- ")  # the dash stays with the first word, however long
    text, first, rest = (line[2:], "- ", "  ") if item else (line, "", "")
    return textwrap.wrap(
        text, width, initial_indent=first, subsequent_indent=rest, break_long_words=False, break_on_hyphens=False
    ) or [line]


def _finding_text(i: int, f: Finding, markdown: bool, h: str = "## ") -> list[str]:
    """One finding as a section: its heading, then a paragraph per part (symptom, remedy, pitfall, confidence, what
    would settle it, what is not ruled out), then the evidence as a list."""
    b = (lambda x: f"**{x}**") if markdown else (lambda x: x)
    title = f"{i}. {f.row[0].upper()}{f.row[1:]}"
    if f.row not in ("no throttling", "short spike") or f.kind:
        title += f" on {f.where}"
    if f.row != "no throttling":
        title += f": {f.share:.0%} of the throttle events"
    row = REMEDIES[f.row]
    parts = [
        f"{b('Symptom:')} {row.symptom}.",
        f"{b('Remedy:')} {f.action[0].upper()}{f.action[1:]}. See {f.chapter}.",
        f"{b('Pitfall:')} {row.pitfall}.",
        f"{b('Confidence:')} {f.confidence}: {f.why}.",
    ]
    if f.missing:
        cmd = f"`{QUERIES_COMMAND}`" if markdown else QUERIES_COMMAND
        parts.append(f"{b('Would settle it:')} export {'; '.join(f.missing)} ({cmd} prints the queries and commands).")
    if f.alternatives:
        parts.append(f"{b('Not ruled out:')} {', '.join(f.alternatives)}.")
    lines = [f"{h}{title}" if markdown else title, ""]
    for part in parts:
        lines += [part, ""] if markdown else [part]
    lines += [b("Evidence:"), ""] if markdown else ["", "Evidence:"]
    lines += [f"- {e}" for e in f.evidence]
    return lines


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
    """Every cause of a table's throttling, by share, each with its evidence, remedy and confidence.

    Reads the evidence of every scope (:func:`hotpart.gather_evidence`), attributes each scope's throttle events to
    their causes (:func:`hotpart.find_causes`, :data:`DECISION_TABLE`), and reports the causes whose share is at
    least :data:`hotpart.MATERIAL_SHARE`.

    Parameters
    ----------
    metrics : Metrics
        From :func:`hotpart.cloudwatch` (with ``top_k`` for Contributor Insights) or :func:`hotpart.read_metric_data`.
    spike_minutes : int
        The longest span of one-minute data points with throttling that still counts as a short spike, minutes, in
        ``[1, 60]``.
    small_key_space : float
        Share of traffic, in ``(0, 1]``, that the listed most-accessed keys must carry for the key space to count as
        small, when the report gives no ``ApproximateUniqueCount``.
    one_key : float
        Share of the throttled requests, in ``(0, 1]``, one key must carry to be the cause.
    few_keys : float
        Share of the throttled requests, in ``(0, 1]``, the listed most-throttled keys must carry for a few keys to
        share the throttling.
    at_capacity : float
        Share of the capacity of the same kind (or of an on-demand maximum or quota), in ``(0, 1]``, at which a scope
        whose reason metrics were not exported reads as at its limit.
    hot_key_share : float
        Share of the traffic, in ``(0, 1]``, one most-accessed key must carry to be named without the most-throttled
        report.

    Returns
    -------
    Diagnosis
        The material findings, the minor ones, and notes.

    Examples
    --------
    >>> d = diagnose(scenario("GSI-only throttling").metrics)
    >>> d.symptom, d.findings[0].scope, d.confidence
    ('GSI-only throttling', 'by-status', 'high')
    >>> f = diagnose(scenario("single-key write concentration").metrics).findings[0]
    >>> f.row, f.key, int(f.numbers["shards"])
    ('single-key write concentration', 'COUNTER#2026-11-30', 2)
    >>> diagnose(scenario("per-table quota reached").metrics).remedy
    'Request a higher per-table throughput quota through Service Quotas'
    """
    if not isinstance(metrics, Metrics):
        raise ValueError(f"metrics = {metrics!r} is not a Metrics (use hotpart.cloudwatch)")
    spike = check_count("spike_minutes", spike_minutes, low=1, high=60)
    small = check_number("small_key_space", small_key_space, low=0, high=1, low_open=True)
    one = check_number("one_key", one_key, low=0, high=1, low_open=True)
    few = check_number("few_keys", few_keys, low=0, high=1, low_open=True)
    at_cap = check_number("at_capacity", at_capacity, low=0, high=1, low_open=True)
    hot_share = check_number("hot_key_share", hot_key_share, low=0, high=1, low_open=True)
    ev = gather_evidence(metrics)
    throttle_names = ("ReadThrottleEvents", "WriteThrottleEvents", "ThrottledRequests")
    if (
        ev.exported is not None
        and not any(ev.has(n) for n in throttle_names)
        and not any(
            ev.has(n, i) for i in ev.indexes for n in ("ReadThrottleEvents", "WriteThrottleEvents", "OnlineIndexThrottleEvents")
        )
    ):
        raise ValueError(
            "metrics: expected at least one throttle metric (ReadThrottleEvents, WriteThrottleEvents or "
            f"ThrottledRequests) in the export; without one no diagnosis can be made ({QUERIES_COMMAND} prints them)"
        )
    notes: list[str] = []
    found = find_causes(
        ev, spike_minutes=spike, small_key_space=small, one_key=one, few_keys=few, at_capacity=at_cap, hot_key_share=hot_share
    )
    events = float(sum(s.events.sum() for s in ev.scopes))
    if metrics.batch_size > 1 and events > 0 and float(ev.requests.sum()) < 0.01 * events:
        notes.append(
            f"ThrottledRequests is only {float(ev.requests.sum()):,.0f} against {events:,.0f} throttle events: in batches "
            f"of {metrics.batch_size} a request counts only when all its items are throttled"
        )
    for s in ev.scopes:
        if not s.events_exported and s.reasons and float(s.events.sum()) > 0:
            notes.append(
                f"{s.metric('ThrottleEvents')} was not exported: the sum of its reason metrics stands for it, a lower "
                "bound (every throttle event carries one reason); export it to count them all"
            )
    material = tuple(f for f in found if f.share >= MATERIAL_SHARE or f.cause in ("short spike", "no throttling"))
    minor = tuple(f for f in found if f not in material)
    if not material:  # every cause below the share: the largest still answers
        material, minor = minor[:1], minor[1:]
    return Diagnosis(material, minor, tuple(notes), MATERIAL_SHARE, ev.total_events())


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


def remedy_rows(in_source_only: bool = False) -> tuple[list[str], list[tuple[str, str, str, str, str]]]:
    """The course's table of symptoms (:data:`hotpart.REMEDIES`), one row per symptom, for
    :func:`hotpart.markdown_table`.

    Parameters
    ----------
    in_source_only : bool
        Keep only the rows of 000's own table (「症状から手を選ぶ」), not the ones the course adds.

    Returns
    -------
    tuple
        ``(header, rows)``: the row's key, symptom, remedy, pitfall, and whether 000's table has it
        (``"yes"`` or ``"no (course)"``).

    Examples
    --------
    >>> header, rows = remedy_rows()
    >>> header[-1], len(rows) == len(REMEDIES)
    ("in 000's table", True)
    >>> all(r[-1] == "yes" for r in remedy_rows(in_source_only=True)[1])
    True
    """
    if not isinstance(in_source_only, bool):
        raise ValueError(f"in_source_only = {in_source_only!r} is not allowed: must be True or False")
    rows = [
        (key, row.symptom, row.remedy, row.pitfall, "yes" if row.in_source else "no (course)")
        for key, row in REMEDIES.items()
        if row.in_source or not in_source_only
    ]
    return ["row", "symptom", "remedy", "pitfall", "in 000's table"], rows


@functools.lru_cache(maxsize=1)
def two_causes_case() -> dict[str, Any]:
    """Two causes at once: a table short of write capacity, and a status index whose hot value is above its
    partition's ceiling; the diagnosis gives two findings, each with its share and its numbers.

    2,000 orders at 1.2 WCU/s each (2,400 WCU/s) on a table of 4 partitions and 1,800 WCU/s, for 10 minutes; an index
    keyed by status (:data:`hotpart.GSI_OPEN_SHARE` of the orders OPEN, the rest SHIPPED and CLOSED 3:1) on 4
    partitions with 8,000 WCU/s, so its capacity is ample and only the OPEN partition throttles.

    Returns
    -------
    dict
        ``metrics`` (with Contributor Insights of the table and the index), ``diagnosis``, ``offered`` and
        ``table_wcu`` (WCU/s), ``open_offered`` and ``open_consumed`` (the OPEN index value's offered and consumed
        rates in its busiest minute, WCU/s, from the simulation: the index's most-accessed report shows only the
        second; offered is what the OPEN partition is charged, the OPEN writes the base partitions accept),
        ``open_refused`` (the OPEN writes refused for the index per second in its busiest minute, from the
        back-pressure: every OPEN write meets the partition's refused share, those the base table would refuse too,
        so it is more than ``open_offered - open_consumed``, and it is what the index's ``WriteThrottleEvents``
        count), and for each finding by its row: ``share``, ``target`` and the rest of its numbers.

    Examples
    --------
    >>> c = two_causes_case()
    >>> [f.row for f in c["diagnosis"].findings]  # largest share first
    ['under-provisioned table', 'GSI-only throttling']
    >>> round(c["open_offered"]), round(c["open_consumed"])  # what OPEN is offered, what its partition serves
    (1201, 1000)
    >>> round(c["open_refused"], 1)  # OPEN writes refused for the index: 1,440 x (1 - 1,000 / 1,200.9)
    240.9
    """
    n = 2_000
    n_open = round(GSI_OPEN_SHARE * n)
    values = ["OPEN"] * n_open + ["SHIPPED"] * round(0.75 * (n - n_open))
    values += ["CLOSED"] * (n - len(values))
    gsi = GlobalSecondaryIndex("by-status", values, partitions=4, wcu=8_000)
    keys = [f"ORDER#{i:05d}" for i in range(n)]
    res = simulate_with_indexes(Table(4, wcu=1_800), [1.2] * n, 600, keys, [gsi])
    metrics = cloudwatch(res, top_k=10)
    d = diagnose(metrics)
    idx = res.indexes["by-status"]
    assert idx.key_offered is not None and idx.key_throttled is not None  # simulated per key
    k = idx.keys.index("OPEN")
    # the OPEN partition's refused share each second meets every OPEN write (gsi.fraction is 1, the only index)
    p = int(gsi.value_partitions()[gsi.values.index("OPEN")])
    refused_share = idx.throttled[:, p] / idx.offered[:, p]
    open_refused = refused_share * 1.2 * n_open * gsi.fraction
    return {
        "metrics": metrics,
        "diagnosis": d,
        "offered": 1.2 * n,
        "table_wcu": 1_800.0,
        "open_offered": float(idx.key_offered[:, k].max()) / PERIOD_S,
        "open_consumed": float((idx.key_offered[:, k] - idx.key_throttled[:, k]).max()) / PERIOD_S,
        "open_refused": float(open_refused.reshape(-1, PERIOD_S).sum(axis=1).max()) / PERIOD_S,
        "findings": {f.row: {"share": f.share, "key": f.key, **f.numbers} for f in d.findings},
    }
