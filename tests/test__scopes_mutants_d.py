"""Throttle events no exported reason metric accounts for, read from the capacity mode, the limits and the growth
(issue 49, part 6: _scopes.py's mutation survivors in the second half of ``_inferred``).

In-process, so that mutation testing sees them: each test builds one scope's writes with none of the four reason
metrics exported (so every event is left to ``_inferred``), in an on-demand table or one whose capacity mode is not
known, calls :func:`hotpart.find_causes` and asserts what a reader sees of the finding: its cause, its why with the
prefix that says how the mode and the limits were read, its alternatives, the exports that would settle it and, for an
index, its evidence. Every expected number is worked out by hand in the comment beside it. The exports are 6 minutes
throttling in minutes 0-4 (the growth into them is not in the data), or 7 minutes throttling in minutes 1-5 after a
quiet one (the growth is read); each run is 5 minutes, longer than a short spike (at most 3), so no "if it recurs: "
comes before a why. A new on-demand table serves 2,000 write units/s (the growth's floor), and a scope is at its
limit from 90% of it (AT_CAPACITY_SHARE).
"""

from __future__ import annotations

import dataclasses

import numpy as np
from evidence_factory import evidence

import hotpart as hp

REASONS = (
    "KeyRangeThroughputThrottleEvents",
    "ProvisionedThroughputThrottleEvents",
    "AccountLimitThrottleEvents",
    "MaxOnDemandThroughputThrottleEvents",
)
ON_DEMAND = "the table description says PAY_PER_REQUEST"
BELOW_LIMITS = "an on-demand table below its limits, so a partition ran out (the key-range reason metric would confirm it); "
NO_MODE = "neither the reason metrics nor the capacity mode were exported: a hot partition is one reading of several; "
NO_DESCRIPTION = "the table description (an on-demand maximum throughput)"
HOT_KEY_WHY = "one key among many takes the throttling"
#: 7 minutes: 1,000 units/s consumed in minute 0 (60,000 a minute), then 6,000 events a minute over minutes 1-5
GROWN_EVENTS = [0.0] + [6_000.0] * 5 + [0.0]


def _missing(scope: str = "") -> tuple[str, ...]:
    """The four reason metrics of the scope's writes, none exported."""
    return tuple(f"{scope} Write{stem}" if scope else f"Write{stem}" for stem in REASONS)


def _writes(scope: str, events, consumed, *, maximum: float | None = None) -> hp.ScopeEvidence:
    return hp.ScopeEvidence(scope, "Write", np.asarray(events, float), True, {}, np.asarray(consumed, float), None, "", maximum)


def _findings(s: hp.ScopeEvidence, *, mode: str | None = "on-demand", report: hp.KeyReport | None = None) -> list[hp.Finding]:
    ev = evidence([s], {} if report is None else {s.scope: report}, mode_from=ON_DEMAND if mode else "nothing says")
    return hp.find_causes(dataclasses.replace(ev, mode=mode))


def _hot_report() -> hp.KeyReport:
    """The table's most-throttled report: 'hot' alone, 600 throttled requests in each of minutes 0-4."""
    top = tuple(hp.TopKeys(m, (), (("hot", 600.0),), 0.0, 600.0) for m in range(5))
    return hp.KeyReport(top, accessed=False, throttled=True, weighted=True)


def test_an_on_demand_table_at_its_maximum_throughput_reads_as_its_maximum_with_the_reason_metrics_missing():
    # 6,000 units consumed a minute over minutes 0-4: 6,000 / 60 = 100 units/s, 100% of the 100 units/s maximum set on
    # the table (>= 90%): the maximum is the limit, said "it ran at its limit", at medium confidence, and the four
    # reason metrics that would have counted it are the exports that settle it
    (f,) = _findings(_writes("", [600.0] * 5 + [0.0], [6_000.0] * 5 + [0.0], maximum=100.0))
    assert (f.cause, f.confidence) == ("maximum throughput", "medium")
    assert f.why == (
        "it ran at its limit while it throttled; the maximum throughput set on the table is the limit "
        "(MaxOnDemandThroughputExceeded)"
    )
    assert f.missing == _missing()
    assert f.evidence[-1] == (
        "the writes of the table consumed up to 100 units/s in the minutes with throttling, 100% of the maximum "
        "throughput set on it"
    )


def test_an_on_demand_indexs_growth_is_not_read_and_its_events_read_as_a_partition():
    # the index's offered traffic rose from 1,000 units/s in minute 0 to (294,000 + 6,000) / 60 = 5,000 units/s in
    # minute 1, 2.5x its previous peak (max(1,000, 2,000)); but the growth past the previous peak is read of the
    # table only, never of an index: no growth is read, said or named as an alternative,
    # and the index's events read as one of its partitions (its consumed peak 4,900 units/s is far from the 40,000
    # quota, and no maximum is known: no description)
    (f,) = _findings(_writes("by-status", GROWN_EVENTS, [60_000.0] + [294_000.0] * 5 + [0.0]))
    assert (f.cause, f.confidence) == ("key unknown", "low")
    assert f.why == (
        f"{BELOW_LIMITS}a partition of the index is at its limit, but only the index's most-accessed report can name the key"
    )
    assert f.alternatives == ("maximum throughput reached",)
    assert f.evidence == (
        # 6,000 events a minute over 5 minutes: 30,000
        "by-status WriteThrottleEvents: 30,000 over 5 minutes that no exported reason metric accounts for; not "
        f"exported: {', '.join(_missing('by-status'))}: their counts are unknown, not zero",
        f"capacity mode: on-demand ({ON_DEMAND})",
        "no Contributor Insights report of index 'by-status': an index's write throttling shows in its most-accessed "
        "report (AWS does not measure it in the most-throttled one)",
    )
    assert f.missing == (
        *_missing("by-status"),
        NO_DESCRIPTION,
        "the most-accessed report of index 'by-status' (DynamoDBContributorInsights-PKC-TABLE/by-status-…)",
    )


def test_traffic_at_exactly_double_its_previous_peak_reads_as_past_the_peak():
    # minute 0: 60,000 / 60 = 1,000 units/s; minute 1: (234,000 + 6,000) / 60 = 4,000 units/s; the previous peak is at
    # least a new table's 2,000 units/s, so the growth is 4,000 / 2,000 = 2.0 exactly: AWS's "double" is reached;
    # pre-warm target ceil(4,000 / 0.70) = ceil(5,714.29) = 5,715
    (f,) = _findings(_writes("", GROWN_EVENTS, [60_000.0] + [234_000.0] * 5 + [0.0]))
    assert (f.cause, f.confidence) == ("past previous peak", "medium")
    assert f.numbers == {"target": 5_715.0, "peak": 4_000.0}
    assert f.missing == _missing()
    assert f.evidence[-1] == (
        "traffic (consumed plus refused) rose to 2.0× its previous peak in the export (at least a new on-demand "
        "table's) as the throttling began"
    )


def test_a_known_maximum_and_growth_under_double_are_not_named_as_alternatives():
    # minute 1: (174,000 + 6,000) / 60 = 3,000 units/s over max(1,000, 2,000): growth 1.5 < 2, measured, so "past
    # double the previous peak" is ruled out; the maximum is known (100,000 units/s, the consumed 2,900 units/s far
    # below it), so "maximum throughput reached" is ruled out too and no description is asked for; the keys are not
    # known (no report): the table's two key designs remain
    (f,) = _findings(_writes("", GROWN_EVENTS, [60_000.0] + [174_000.0] * 5 + [0.0], maximum=100_000.0))
    assert (f.cause, f.confidence) == ("key unknown", "low")
    assert f.alternatives == ("low-cardinality key", "single-key write concentration")
    assert f.missing == (
        *_missing(),
        "Contributor Insights reports of the table (DynamoDBContributorInsights-PKC-TABLE-… and -PKT-TABLE-…)",
    )
    assert f.why == f"{BELOW_LIMITS}a partition is at its limit, but which key design is at fault needs the keys"


def test_an_on_demand_table_below_its_limits_reads_as_the_hot_key_its_report_names():
    # consumed 6,000 / 60 = 100 units/s, far below the 40,000 quota, and no maximum known (no description); the
    # throttling starts at minute 0, so the growth is unknown; the most-throttled report names 'hot' with all 600 of
    # each minute's throttled requests: 100% of them over the 5 minutes; read without the key-range metric, the
    # finding is at most medium
    (f,) = _findings(_writes("", [600.0] * 5 + [0.0], [6_000.0] * 5 + [0.0]), report=_hot_report())
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "medium")
    assert f.why == f"{BELOW_LIMITS}{HOT_KEY_WHY}"
    assert f.alternatives == ("maximum throughput reached", "past double the previous peak", "low-cardinality key")
    assert f.missing == (*_missing(), NO_DESCRIPTION)
    assert (
        "Contributor Insights of the table: 'hot' carries 100% of the throttled requests over the 5 minutes with "
        "throttling (the one key the most-throttled report lists, 100%)"
    ) in f.evidence


def test_without_the_capacity_mode_a_hot_partition_is_one_reading_of_several():
    # no mode and no provisioned level: the same report names 'hot' (100% over the 5 minutes), at low confidence, an
    # under-provisioned table the first alternative, and what would tell the mode named missing
    (f,) = _findings(_writes("", [600.0] * 5 + [0.0], [6_000.0] * 5 + [0.0]), mode=None, report=_hot_report())
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "low")
    assert f.why == f"{NO_MODE}{HOT_KEY_WHY}"
    assert f.alternatives == ("under-provisioned table", "low-cardinality key")
    assert f.missing == (*_missing(), "Provisioned*CapacityUnits or the table description (the capacity mode)")
    assert f.evidence[1] == "capacity mode: unknown (nothing says)"
    assert (
        "Contributor Insights of the table: 'hot' carries 100% of the throttled requests over the 5 minutes with "
        "throttling (the one key the most-throttled report lists, 100%)"
    ) in f.evidence
