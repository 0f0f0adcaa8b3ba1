"""The findings: every scope's throttle events attributed to their causes by share, each cause with its remedy's numbers.

Chapter 15 (``notebooks/15_diagnosis.ipynb``) teaches the reading and chapter 16 (``notebooks/16_your_table.ipynb``)
applies it to exports. :func:`find_causes` reads an :class:`hotpart.Evidence` scope by scope, the table's writes and
reads and each index's, never adding reads to writes. Within a scope, AWS gives every throttled request a reason
with its own metric, so the throttle events are split by reason:

* **key range** (a partition's limit): Contributor Insights of that scope names the cause: one key carrying at
  least ``one_key`` of the throttled requests (write sharding for writes, a cache for reads), a key space the
  report lists whole (its ``ApproximateUniqueCount`` no larger than the keys it lists: a low-cardinality key), a
  few listed keys carrying ``few_keys`` of them, or the throttling spread over many keys (every partition at its
  limit); without a report the key is unknown;
* **provisioned throughput**, **account limit**, **maximum on-demand throughput**: the table's (or the index's)
  capacity, quota or maximum;
* events no exported reason accounts for: where every reason metric was exported, an on-demand table past double
  its previous peak (AWS names no reason for it); where some were not, the cause is read from what is there
  (utilisation of the same kind, the capacity mode, the growth of the traffic) with lower confidence, and the
  export that would settle it is named;
* an index's ``OnlineIndexThrottleEvents``: its backfill.

Each cause becomes a :class:`Finding` with its share of all the throttle events (every scope and kind), its
evidence, its remedy with numbers (the capacity to provision at the course's target utilisation, the maximum or
warm throughput to set, the suffix count and its read cost, the quota to request), the chapter that explains the
remedy, and its confidence. A hot key's numbers start from a lower bound of the rate it is offered, said "at least":
Contributor Insights' most-accessed report counts what a key consumed, never more than its partition serves, and the
most-throttled report what it was refused. A cause is *material* when its share is at least :data:`MATERIAL_SHARE`; the diagnosis
reports every material cause (``hp.ASSUMPTIONS["MATERIAL_SHARE"]``). When all the throttling falls in a short window
(at most ``spike_minutes`` minutes, with as many quiet), a *short spike* finding comes first.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Final

import numpy as np
from numpy.typing import NDArray

from ._readings import (
    _LOWER,
    _RANK,
    _UNIT,
    _offered_peak,
    _rate,
    _target,
    _Thresholds,
)
from ._validation import check_choice, check_count, check_number
from .autoscaling import AUTOSCALING_TARGET
from .evidence import Evidence, ScopeEvidence

__all__ = [
    "AT_CAPACITY_SHARE",
    "CAUSES",
    "FEW_KEYS_SHARE",
    "HOT_KEY_TRAFFIC_SHARE",
    "KEY_COUNT_TOLERANCE",
    "MATERIAL_SHARE",
    "ONE_KEY_SHARE",
    "SMALL_KEY_SPACE_SHARE",
    "SPIKE_MINUTES",
    "Finding",
    "find_causes",
]

#: A cause carrying at least this share of all the throttle events (every scope and kind) is material: the
#: diagnosis reports it as a finding of its own; below it the cause is listed apart. The course's choice
#: (``hp.ASSUMPTIONS["MATERIAL_SHARE"]``).
MATERIAL_SHARE: Final[float] = 0.05
#: Share of the throttled requests one key must carry to be the cause (one hot key). The course's choice
#: (``hp.ASSUMPTIONS["ONE_KEY_SHARE"]``).
ONE_KEY_SHARE: Final[float] = 0.5
#: Share of the throttled requests the listed most-throttled keys must carry for a few keys to share the throttling;
#: below it the throttling is spread over many keys. The course's choice (``hp.ASSUMPTIONS["FEW_KEYS_SHARE"]``).
FEW_KEYS_SHARE: Final[float] = 0.5
#: The longest run of one-minute data points with throttling that still reads as a short spike, minutes. The
#: course's choice (``hp.ASSUMPTIONS["SPIKE_MINUTES"]``).
SPIKE_MINUTES: Final[int] = 3
#: Share of the traffic the listed most-accessed keys must carry for the key space to count as small, when the report
#: gives no ApproximateUniqueCount. The course's choice (``hp.ASSUMPTIONS["SMALL_KEY_SPACE_SHARE"]``).
SMALL_KEY_SPACE_SHARE: Final[float] = 0.99
#: Consumed capacity at or above this share of the provisioned capacity (or of an on-demand maximum or quota), of
#: the same kind, in a minute with throttling, reads as the limit reached when the reason metrics were not exported.
#: The course's choice (``hp.ASSUMPTIONS["AT_CAPACITY_SHARE"]``).
AT_CAPACITY_SHARE: Final[float] = 0.9
#: Share of the traffic one most-accessed key must carry, while the scope throttles, to be named from that report
#: alone. The course's choice (``hp.ASSUMPTIONS["HOT_KEY_TRAFFIC_SHARE"]``).
HOT_KEY_TRAFFIC_SHARE: Final[float] = 0.5
#: How far above one kind's throttle events a key's count in a most-throttled report that counts both kinds may be,
#: as a fraction of those events, for the key still to be read as that kind's hot key: the report counts errors,
#: CloudWatch counts throttle events. The course's choice (``hp.ASSUMPTIONS["KEY_COUNT_TOLERANCE"]``).
KEY_COUNT_TOLERANCE: Final[float] = 0.05

#: The causes a finding can name, in words.
CAUSES: Final[dict[str, str]] = {
    "hot key": "one key takes most of the throttling",
    "small key space": "the key has few values, each on one partition",
    "spread": "the throttling is spread over many keys: every partition is at its limit",
    "key unknown": "a partition's limit, with no report that names the key",
    "provisioned capacity": "the provisioned capacity is used up",
    "account quota": "the per-table account quota is reached",
    "maximum throughput": "the maximum throughput set on it is reached",
    "past previous peak": "on-demand traffic grew past double its previous peak",
    "backfill": "a new index being built is short of write capacity",
    "short spike": "all the throttling falls in a short window",
    "no throttling": "nothing is throttled",
}
_CONFIDENCES = ("high", "medium", "low")
_ROWS = {
    "provisioned capacity": "under-provisioned table",
    "account quota": "per-table quota reached",
    "maximum throughput": "maximum throughput reached",
    "past previous peak": "past double the previous peak",
    "backfill": "index backfill throttled",
    "short spike": "short spike",
    "no throttling": "no throttling",
    "key unknown": "hot partition, key unknown",
    "small key space": "low-cardinality key",
}
_WENT_ON_SHARE = 0.8  # traffic after a spike at least this share of the spike's reads as traffic that went on


@dataclass(frozen=True)
class Finding:
    """One cause of throttling: where, how much of it, the evidence, the remedy with its numbers, and how sure.

    Attributes
    ----------
    row : str
        The symptom table's row (a key of :data:`hotpart.REMEDIES`): an index's write throttling is 000's
        ``"GSI-only throttling"`` row, its read throttling ``"GSI read throttling"``, whatever the cause.
    cause : str
        A key of :data:`CAUSES`.
    scope : str
        ``""`` for the table, else the index's name.
    kind : {"write", "read", ""}
        The capacity throttled (``""`` for a finding over every scope: a short spike, no throttling).
    share : float
        Its share of all the throttle events, in ``[0, 1]``.
    events : float
        Its throttle events over the run.
    evidence : tuple of str
        The metric values that point there, in words with numbers and metric names.
    action : str
        The remedy for this table, with its numbers.
    chapter : str
        The chapter that explains the remedy.
    confidence : {"high", "medium", "low"}
        How sure the reading is; ``why`` says why.
    alternatives : tuple of str
        Other rows the evidence does not rule out.
    missing : tuple of str
        The exports that would settle it.
    numbers : dict of str to float
        The remedy's numbers (``target``, ``peak``, ``shards``, ``read_queries``, ``hit_ratio``, ``values``,
        ``rate``), as computed: ``rate`` is a lower bound of the key's offered rate, units per second (its consumed
        units plus its throttled requests), and ``shards`` and ``hit_ratio`` follow from it, lower bounds too.
    key : str
        The key Contributor Insights names, when one is named.
    """

    row: str
    cause: str
    scope: str
    kind: str
    share: float
    events: float
    evidence: tuple[str, ...]
    action: str
    chapter: str
    confidence: str
    why: str
    alternatives: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    numbers: dict[str, float] = field(default_factory=dict)
    key: str = ""

    def __post_init__(self) -> None:
        check_choice("cause", self.cause, tuple(CAUSES))
        check_choice("confidence", self.confidence, _CONFIDENCES)
        check_number("share", self.share, low=0, high=1)

    def __repr__(self) -> str:
        return f"Finding({self.row!r} on {self.where}, {self.share:.0%} of the throttle events, confidence {self.confidence})"

    @property
    def where(self) -> str:
        """The scope and kind in words (``the table's writes``, ``the reads of index 'status-index'``, ``the table``)."""
        if not self.kind:
            return "the table" if not self.scope else f"index {self.scope!r}"
        return f"the table's {self.kind}s" if not self.scope else f"the {self.kind}s of index {self.scope!r}"


# ---------------------------------------------------------------------------------------------
# One finding per cause
# ---------------------------------------------------------------------------------------------


def _row(cause: str, s: ScopeEvidence) -> str:
    """The symptom table's row of a cause: an index's under the GSI rows, a hot key's by its kind, a spread of keys
    under "under-provisioned table" (an on-demand table past double its previous peak is its own cause, "past previous
    peak", found before; a backfill's findings are written by :func:`_backfill_findings`)."""
    if s.scope:
        return "GSI-only throttling" if s.kind == "Write" else "GSI read throttling"
    if cause == "hot key":
        return "single-key read concentration" if s.kind == "Read" else "single-key write concentration"
    if cause == "spread":
        return "under-provisioned table"
    return _ROWS[cause]


def _finding(
    cause: str,
    s: ScopeEvidence,
    events: float,
    total: float,
    evidence: list[str],
    *,
    confidence: str,
    why: str,
    action: str,
    chapter: str,
    numbers: dict[str, float] | None = None,
    alternatives: tuple[str, ...] = (),
    missing: tuple[str, ...] = (),
    key: str = "",
) -> Finding:
    row = _row(cause, s)
    return Finding(
        row,
        cause,
        s.scope,
        s.kind.lower(),
        min(events / total, 1.0) if total > 0 else 0.0,
        events,
        tuple(dict.fromkeys(e for e in evidence if e)),  # each line once, in order
        action,
        chapter,
        confidence,
        why,
        tuple(dict.fromkeys(a for a in alternatives if a != row)),
        tuple(dict.fromkeys(missing)),
        dict(numbers or {}),
        key,
    )


def _backfill_findings(ev: Evidence, total: float) -> list[Finding]:
    out = []
    for name, b in ev.backfills.items():
        v = float(b.throttle_events.sum())
        if v <= 0:
            continue
        lines = [f"{name} OnlineIndexThrottleEvents: {v:,.0f} over {int((b.throttle_events > 0).sum())} of {ev.minutes} minutes"]
        nums: dict[str, float] = {}
        if b.consumed is not None:
            rate = (b.consumed + b.throttle_events * ev.item_units) / ev.seconds
            peak = float(rate.max(initial=0.0))
            lines.append(
                f"{name} OnlineIndexConsumedWriteCapacity: the backfill consumed up to "
                f"{_rate(float((b.consumed / ev.seconds).max()))} WCU/s"
            )
            nums = {"peak": peak, "target": float(_target(peak))} if peak > 0 else {}
        if b.progress is not None:
            lines.append(f"{name} OnlineIndexPercentageProgress reached {float(np.nanmax(b.progress)):.0f}%")
        if b.status is not None:
            lines.append(f"the table description: index {name!r} is {b.status}, Backfilling {b.backfilling}")
        size = (
            f"at least {int(nums['target']):,} WCU (its backfill's offered peak, {_rate(nums['peak'])} WCU/s, at chapter 11's "
            f"{AUTOSCALING_TARGET:.0%} target)"
            if nums
            else "above its present level"
        )
        action = (
            f"raise index {name!r}'s write capacity to {size} with UpdateTable, which works while the index is built, or "
            "build it when writes are light; check that its partition key spreads the items"
        )
        out.append(
            Finding(
                "index backfill throttled",
                "backfill",
                name,
                "write",
                min(v / total, 1.0),
                v,
                tuple(lines),
                action,
                "chapter 12, an index's writes",
                "high",
                "these are the throttle events AWS counts while an index is built (its WriteThrottleEvents do not count them)",
                numbers=nums,
            )
        )
    return out


def _spike(ev: Evidence, found: list[Finding], hit: NDArray[np.bool_], th: _Thresholds) -> Finding | None:
    """All the throttling in one short window (at most ``spike`` minutes, with as many quiet minutes): a finding of
    its own, first, which says whether the throttling stopped while the traffic went on."""
    minutes = np.flatnonzero(hit)
    if minutes.size == 0:
        return None
    first, last = int(minutes[0]), int(minutes[-1])
    span = last - first + 1
    quiet = int((~hit & ~ev.gaps).sum())
    if span > th.spike or quiet < span:
        return None
    lines = [
        f"throttling in {minutes.size} one-minute data points, minutes {first + 1} to {last + 1} of {ev.minutes}; {quiet} quiet"
    ]
    lines += [f"within it: {f.where}, {f.share:.0%} of the throttle events ({f.row})" for f in found]
    throttled = [s for s in ev.scopes if float(s.events.sum()) > 0 and s.consumed is not None]
    went_on = None
    if throttled and last + 1 < ev.minutes:
        after = [
            float(np.mean(s.consumed[last + 1 :])) >= _WENT_ON_SHARE * float(np.mean(s.consumed[minutes])) for s in throttled
        ]
        went_on = all(after) if all(float(np.mean(s.consumed[minutes])) > 0 for s in throttled) else None
    if went_on is None and last + 1 >= ev.minutes:
        after_words = "the data end with the throttling, so see whether it stops by itself while the traffic goes on"
    elif went_on is None:  # no consumed capacity of a throttled scope in the throttled minutes to compare with
        after_words = (
            "the export has no consumed capacity in the throttled minutes to compare the traffic after them with, so see "
            "whether it stops by itself while the traffic goes on"
        )
    elif went_on:
        after_words = "the throttling stopped while the traffic went on, which may mean DynamoDB has split the hot partition"
        lines.append("consumed capacity after the throttled minutes stayed at their level: the traffic went on")
    else:
        after_words = "the throttling stopped because the traffic fell: the spike ended, so nothing was split"
        lines.append("consumed capacity fell after the throttled minutes: the spike ended")
    nums: dict[str, float] = {}
    action = "if the spikes recur, raise capacity ahead of them"
    worst = max(throttled, key=lambda s: float(s.events.sum()), default=None)
    if worst is not None:
        peak = _offered_peak(worst, ev, hit)
        if peak:
            nums = {"peak": peak, "target": float(_target(peak))}
            unit = ("RCU" if worst.kind == "Read" else "WCU") if ev.mode != "on-demand" else "units/s of warm throughput"
            action = (
                f"if the spikes recur, raise the {worst.kind.lower()} capacity of {worst.where} ahead of them to at least "
                f"{int(nums['target']):,} {unit} (the spike's offered peak, {_rate(peak)} {_UNIT[worst.kind]}, at "
                f"chapter 11's {AUTOSCALING_TARGET:.0%} target)"
            )
    action += (
        "; retry throttled requests with exponential backoff and jitter (chapter 14); burst capacity covers at most 300 s "
        "of unused capacity (chapter 8)"
    )
    events = ev.total_events()
    return Finding(
        "short spike",
        "short spike",
        "",
        "",
        1.0 if events > 0 else 0.0,
        events,
        tuple(lines),
        action,
        "chapter 14, retries; chapter 8, burst",
        "medium",
        f"one short window cannot show whether it recurs; {after_words}",
        alternatives=tuple(dict.fromkeys(f.row for f in found)),
        numbers=nums,
    )


def _requests_only(ev: Evidence) -> Finding:
    """ThrottledRequests with no throttle event that accounts for them: what is missing is named, never what was read."""
    n = float(ev.requests.sum())
    table_events = [k for k in ("Read", "Write") if ev.has(f"{k}ThrottleEvents")]
    index_missing = [f"{i} WriteThrottleEvents" for i in ev.indexes if not ev.has("WriteThrottleEvents", i)]
    index_missing += [f"{i} ReadThrottleEvents" for i in ev.indexes if not ev.has("ReadThrottleEvents", i)]
    lines = [f"ThrottledRequests: {n:,.0f}, and no exported throttle event of the table or of an index accounts for them"]
    missing = [f"{k}ThrottleEvents of the table" for k in ("Read", "Write") if k not in table_events]
    no_index_known = not ev.indexes and ev.description is None  # a description naming none: the table has none
    if no_index_known:
        lines.append(
            "no index is named in the export or the description: a write refused for an index's back-pressure counts "
            "in the table's ThrottledRequests, not in its ThrottleEvents"
        )
        missing.append("every index's ThrottleEvents (GlobalSecondaryIndexName), and the table description")
    elif index_missing:
        lines.append(
            f"not exported: {', '.join(index_missing)}: a write refused for an index's back-pressure counts in the "
            "table's ThrottledRequests, not in its ThrottleEvents"
        )
        missing += index_missing
    row = "GSI-only throttling" if table_events and (no_index_known or index_missing) else "hot partition, key unknown"
    action = "export the throttle events of the table and of every index (python -m hotpart queries TABLE --index INDEX)"
    why = "throttled requests without a throttle event that accounts for them: the scope that throttles is not in the export"
    if not missing and ev.description is None:  # every index the export names is there: the description names the rest
        action = (
            "export the table description (aws dynamodb describe-table): it names every index, and the throttle events "
            "of one the export does not name may account for them"
        )
        missing.append("the table description")
    elif not missing:  # every scope's events are there, and each throttled request is one of them (AWS,
        # SOURCES["THROTTLED_REQUESTS_ANY_EVENT"]: "Incremented by one when any event within a request is throttled")
        action = (
            "export ThrottledRequests and every throttle event over the same minutes and period (python -m hotpart "
            "queries TABLE --index INDEX writes them together): a throttled request is a throttle event of the table "
            "or of an index"
        )
        why = (
            "throttled requests without a throttle event, while every scope's events are in the export: the exports do "
            "not cover the same minutes"
        )
    return Finding(
        row,
        "key unknown",
        "",
        "",
        1.0,
        n,
        tuple(lines),
        action,
        "chapter 13, detecting a hot partition",
        "low",
        why,
        alternatives=("hot partition, key unknown", "GSI-only throttling"),
        missing=tuple(missing),
    )


def find_causes(
    evidence: Evidence,
    *,
    spike_minutes: int = SPIKE_MINUTES,
    small_key_space: float = SMALL_KEY_SPACE_SHARE,
    one_key: float = ONE_KEY_SHARE,
    few_keys: float = FEW_KEYS_SHARE,
    at_capacity: float = AT_CAPACITY_SHARE,
    hot_key_share: float = HOT_KEY_TRAFFIC_SHARE,
) -> tuple[list[Finding], list[str]]:
    """Every cause of the evidence's throttling, each with its share, evidence, remedy and confidence.

    Parameters
    ----------
    evidence : Evidence
        From :func:`hotpart.gather_evidence`.
    spike_minutes : int
        The longest span of throttled minutes that reads as a short spike, minutes, in ``[1, 60]``.
    small_key_space : float
        Share of the traffic, in ``(0, 1]``, the listed most-accessed keys must carry for the key space to count as
        small when the report gives no ``ApproximateUniqueCount``.
    one_key : float
        Share of the throttled requests, in ``(0, 1]``, one key must carry to be the cause.
    few_keys : float
        Share of the throttled requests, in ``(0, 1]``, the listed most-throttled keys must carry for a few keys to
        share the throttling.
    at_capacity : float
        Share of the capacity of the same kind, in ``(0, 1]``, at which a scope whose reason metrics were not
        exported reads as at its limit.
    hot_key_share : float
        Share of the traffic, in ``(0, 1]``, one most-accessed key must carry to be named without the
        most-throttled report.

    Returns
    -------
    list of Finding
        The findings, largest share first (a short spike before the rest): every throttle event is in one of them.

    Examples
    --------
    >>> from hotpart import gather_evidence, scenario
    >>> found = find_causes(gather_evidence(scenario("under-provisioned table").metrics))
    >>> [(f.row, f.cause, round(f.share, 2)) for f in found]
    [('under-provisioned table', 'provisioned capacity', 1.0)]
    """
    if not isinstance(evidence, Evidence):
        raise ValueError(f"evidence = {evidence!r} is not an Evidence (use hotpart.gather_evidence)")
    spike_minutes = check_count("spike_minutes", spike_minutes, low=1, high=60)
    small_key_space = check_number("small_key_space", small_key_space, low=0, high=1, low_open=True)
    one_key = check_number("one_key", one_key, low=0, high=1, low_open=True)
    few_keys = check_number("few_keys", few_keys, low=0, high=1, low_open=True)
    at_capacity = check_number("at_capacity", at_capacity, low=0, high=1, low_open=True)
    hot_key_share = check_number("hot_key_share", hot_key_share, low=0, high=1, low_open=True)
    th = _Thresholds(spike_minutes, small_key_space, one_key, few_keys, at_capacity, hot_key_share, KEY_COUNT_TOLERANCE)
    total = evidence.total_events()
    hit = evidence.hit()
    if not hit.any():
        return [
            Finding(
                "no throttling",
                "no throttling",
                "",
                "",
                0.0,
                0.0,
                (f"no throttle events and no ThrottledRequests in any of the {evidence.minutes} minutes",),
                "nothing to fix",
                "chapter 15",
                "high",
                "every data point is zero",
            )
        ]
    if total <= 0:
        return [_requests_only(evidence)]
    from ._scopes import _scope_findings  # each scope's reasons; it builds this module's Findings

    found: list[Finding] = []
    for s in evidence.scopes:
        found += _scope_findings(s, evidence, total, th, hit)
    found += _backfill_findings(evidence, total)
    found = _merge_same(found)
    found.sort(key=lambda f: -f.share)
    spike = _spike(evidence, found, hit, th)
    if spike is not None:
        found = [spike] + [
            replace(f, confidence=_LOWER[max(_RANK[f.confidence], 1)], why=f"if it recurs: {f.why}") for f in found
        ]
    return found


def _merge_same(found: list[Finding]) -> list[Finding]:
    """One finding per cause, scope and kind (a scope's key-range and inferred events may name the same cause)."""
    out: dict[tuple[str, str, str, str], Finding] = {}
    for f in found:
        k = (f.row, f.cause, f.scope, f.kind)
        if k in out:
            g = out[k]
            out[k] = replace(
                g,
                share=min(g.share + f.share, 1.0),
                events=g.events + f.events,
                evidence=tuple(dict.fromkeys((*g.evidence, *f.evidence))),
                missing=tuple(dict.fromkeys((*g.missing, *f.missing))),
            )
        else:
            out[k] = f
    return list(out.values())
