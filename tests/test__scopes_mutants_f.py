"""A key-range finding whose keys Contributor Insights cannot name, as a reader sees it (issue 49, part 6: _scopes.py's
mutation survivors in ``_key_range_finding``, its second half: the throttling spread over many keys, and no report).

In-process, so that mutation testing sees them: each test builds the table's (or an index's) evidence with its
``KeyRangeThroughputThrottleEvents`` (every throttle event is a key-range one) through ``tests/evidence_factory.py``,
sets the capacity mode, calls :func:`hotpart.find_causes` and asserts the one finding a reader sees: its cause, action,
chapter, why, confidence, numbers, alternatives and evidence sentences. Two readings of the keys are used:

- "spread": a most-throttled report that names no key in any throttled minute (the throttling is too thin for any
  key to reach its list); on an on-demand table the growth into the throttling decides between "past previous peak"
  (at least double the previous peak, ``ON_DEMAND_PEAK_MULTIPLIER`` = 2) and the on-demand remedy; on a provisioned
  one the remedy is to raise its capacity;
- "key unknown": no Contributor Insights report at all, whose remedy is the command that turns it on.

Each export is 8 minutes of 60 s; the throttling runs over minutes 2-6 (5 minutes: no short spike), 6,000 write
events a minute, 30,000 in all, or over minutes 0-4 when the growth into it must be unknown. Every expected number is
worked out by hand in the comment beside it.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from evidence_factory import evidence

import hotpart as hp

N = 8  #: minutes in the export
LATE = [0.0, 0.0] + [6_000.0] * 5 + [0.0]  #: throttle events a minute over minutes 2-6, after 2 quiet ones
EARLY = [6_000.0] * 5 + [0.0] * 3  #: the same events over minutes 0-4: the export starts already throttling
REASON_LINE = "WriteKeyRangeThroughputThrottleEvents: 30,000 of the 30,000 WriteThrottleEvents (100%) over 5 of 8 minutes"
NO_KEY = "Contributor Insights of the table: the most-throttled report names no key in the 5 minutes with throttling"
NO_GROWTH = (
    "the export starts already throttling, so the growth into it is not in the data (export from 30 minutes before "
    "the throttling began)"
)
ON_DEMAND_ACTION = (
    "an on-demand table has no provisioned capacity to raise: DynamoDB adds partitions for sustained heat (chapter 10); "
    "spread the load with a key design that uses more values (chapter 2)"
)
ON_DEMAND_WHY = "every partition of an on-demand table is at its limit; there is no capacity to raise"
SPREAD_GROWTH_WHY = (
    "the throttling is spread over many keys of an on-demand table whose traffic grew past double its previous peak: "
    "AWS warns of throttling there without naming its reason, so events spread this thin read as growth"
)
CHAPTER_13 = "chapter 13, detecting a hot partition"


def _scope(events: list[float], consumed: list[float] | None, *, scope: str = "", kind: str = "Write") -> hp.ScopeEvidence:
    """``events`` a minute, every one a key-range event; ``consumed`` units a minute (``None``: not exported)."""
    e = np.asarray(events, dtype=float)
    c = None if consumed is None else np.asarray(consumed, dtype=float)
    return hp.ScopeEvidence(scope, kind, e, True, {"KeyRangeThroughputThrottleEvents": e}, c)


def _names_no_key() -> hp.KeyReport:
    """The table's most-throttled report, listing no key in any minute: the throttling reads as spread."""
    return hp.KeyReport(tuple(hp.TopKeys(m, (), (), 0.0, 0.0) for m in range(N)), accessed=False, throttled=True)


def _finding(s: hp.ScopeEvidence, reports: dict[str, hp.KeyReport], mode: str) -> hp.Finding:
    ev = dataclasses.replace(evidence([s], reports, mode_from="the test says so"), mode=mode)
    (f,) = hp.find_causes(ev)
    return f


def test_spread_throttling_at_exactly_double_the_previous_peak_reads_as_growth_and_sizes_the_pre_warming():
    # minutes 0-1 offer 60,000 / 60 = 1,000 units/s, under a new on-demand table's 2,000 writes/s, so the previous
    # peak is 2,000; minute 2 offers (234,000 consumed + 6,000 refused) / 60 = 4,000 units/s: growth 4,000 / 2,000 =
    # 2.0, exactly ON_DEMAND_PEAK_MULTIPLIER, which counts as past double. The offered peak 4,000 units/s sizes the
    # pre-warming: ceil(4,000 / 0.70) = ceil(5,714.29) = 5,715
    f = _finding(_scope(LATE, [60_000.0] * 2 + [234_000.0] * 5 + [0.0]), {"": _names_no_key()}, "on-demand")
    assert (f.cause, f.scope, f.kind, f.events, f.share) == ("past previous peak", "", "write", 30_000.0, 1.0)
    assert f.numbers == {"target": 5_715.0, "peak": 4_000.0}
    assert f.action == (
        "pre-warm: set the WarmThroughput WriteUnitsPerSecond of the table to at least 5,715 (its offered peak, "
        "4,000 units/s, at chapter 11's 70% target) before the next peak, or let the traffic grow over at least 30 "
        "minutes"
    )
    assert f.chapter == "chapter 11, on-demand capacity and pre-warming"
    assert f.why == SPREAD_GROWTH_WHY  # the reading spread events hand over, not the unexplained events' one
    assert f.confidence == "medium"
    assert f.alternatives == ("under-provisioned table",)
    assert f.missing == ()
    assert f.evidence == (
        REASON_LINE,
        NO_KEY,
        "traffic (consumed plus refused) rose to 2.0× its previous peak in the export (at least a new on-demand "
        "table's) as the throttling began",
        "capacity mode: on-demand (the test says so)",
    )


def test_spread_throttling_below_double_the_previous_peak_gets_the_on_demand_remedy():
    # minute 2 offers (174,000 + 6,000) / 60 = 3,000 units/s against the 2,000 floor: growth 1.5, under 2, so not
    # growth: the on-demand remedy, at low confidence, and the growth (known, under 2) is no alternative
    f = _finding(_scope(LATE, [60_000.0] * 2 + [174_000.0] * 5 + [0.0]), {"": _names_no_key()}, "on-demand")
    assert f.cause == "spread"
    assert f.action == ON_DEMAND_ACTION
    assert f.chapter == "chapter 10, splits for heat; chapter 2, key designs"
    assert f.why == ON_DEMAND_WHY
    assert f.confidence == "low"
    assert f.numbers == {}
    assert f.alternatives == ()
    assert f.evidence == (REASON_LINE, NO_KEY)


def test_spread_throttling_from_the_exports_first_minute_names_growth_an_alternative():
    # the throttling starts at minute 0, so there is no minute before it to grow from: the growth is unknown (None),
    # named as an alternative, with the sentence saying why it is not in the data
    f = _finding(_scope(EARLY, [60_000.0] * N), {"": _names_no_key()}, "on-demand")
    assert f.cause == "spread"
    assert f.action == ON_DEMAND_ACTION
    assert f.why == ON_DEMAND_WHY
    assert f.alternatives == ("past double the previous peak",)
    assert f.evidence == (REASON_LINE, NO_KEY, NO_GROWTH)


def test_spread_throttling_of_a_provisioned_table_asks_to_raise_its_write_capacity():
    # no consumption exported: the capacity is not sized, and the sentence says which export would size it
    f = _finding(_scope(LATE, None), {"": _names_no_key()}, "provisioned")
    assert f.cause == "spread"
    assert f.action == (
        "raise the write capacity of the table to above its present level (export ConsumedWriteCapacityUnits to size "
        "it); raised capacity adds partitions, so each key has more room (chapter 1)"
    )
    assert f.chapter == "chapter 1, partitions; chapter 11, capacity modes"
    assert f.numbers == {}


def test_without_reports_the_table_is_told_to_turn_on_contributor_insights_without_an_index_flag():
    f = _finding(_scope(LATE, None), {}, "provisioned")
    assert f.cause == "key unknown"
    assert f.action == (
        "turn on Contributor Insights for the table and export its two reports: aws dynamodb "
        "update-contributor-insights --table-name TABLE --contributor-insights-action ENABLE (chapter 13)"
    )
    assert f.chapter == CHAPTER_13
    assert f.alternatives == ("low-cardinality key", "single-key write concentration")


def test_without_reports_an_index_is_told_to_turn_on_contributor_insights_with_its_name():
    # the index's own key-range metric makes its row certain (high), so only which key is unknown: medium
    f = _finding(_scope(LATE, None, scope="by-status", kind="Read"), {}, "provisioned")
    assert f.cause == "key unknown"
    assert f.action == (
        "turn on Contributor Insights for index 'by-status' and export its two reports: aws dynamodb "
        "update-contributor-insights --table-name TABLE --index-name by-status --contributor-insights-action ENABLE "
        "(chapter 13)"
    )
    assert f.chapter == CHAPTER_13
    assert f.confidence == "medium"
