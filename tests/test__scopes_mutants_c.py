"""Throttle events no exported reason metric accounts for, read from the rest of the evidence (issue 49, part 6:
_scopes.py's mutation survivors in ``_inferred``, the first half).

In-process, so that mutation testing sees them: each test builds one scope's evidence (:class:`hotpart.ScopeEvidence`
in a :class:`hotpart.Evidence` from ``tests/evidence_factory.py``, its capacity mode set per test), calls
:func:`hotpart.find_causes` and asserts what a reader sees of the finding ``_inferred`` makes: the evidence line that
says which reason metrics were not exported, the reading the capacity mode and the utilisation of the same kind
decide (at capacity, a partition, or neither known), its why with the utilisation in words, its alternatives, and on
an on-demand table the limit its consumption reached (the per-table quota or the maximum throughput set on it). Every
expected number is worked out by hand in the comment beside it. Each export is 6 minutes of 60 s with 5 throttle
events in each of minutes 0-4 (25 in all, no short spike: the run starts at the export's first minute).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from evidence_factory import evidence

import hotpart as hp

N = 6  #: minutes in the export; 5 throttle events in each of the first 5
REASONS = (
    "KeyRangeThroughputThrottleEvents",
    "ProvisionedThroughputThrottleEvents",
    "AccountLimitThrottleEvents",
    "MaxOnDemandThroughputThrottleEvents",
)
NOT_EXPORTED = (
    "; not exported: WriteKeyRangeThroughputThrottleEvents, WriteProvisionedThroughputThrottleEvents, "
    "WriteAccountLimitThrottleEvents, WriteMaxOnDemandThroughputThrottleEvents: their counts are unknown, not zero"
)
NO_KEYS = "a partition is at its limit, but which key design is at fault needs the keys"  # no Contributor Insights
PARTITION = "so a partition ran out (the key-range reason metric would confirm it); "
KEY_ALTS = ("low-cardinality key", "single-key write concentration")  # a table's key unknown: which key design


def _per_minute(v: float) -> np.ndarray:
    return np.array([v] * 5 + [0.0])


def _scope(
    *,
    scope: str = "",
    reasons: bool = False,
    consumed: float | None = None,
    provisioned: float | None = None,
    maximum: float | None = None,
) -> hp.ScopeEvidence:
    """The writes of the table (or of index ``scope``): ``consumed`` units in each throttled minute, ``provisioned``
    units/s; the four reason metrics exported at 0 (none accounts for the events) or, without ``reasons``, none."""
    return hp.ScopeEvidence(
        scope,
        "Write",
        _per_minute(5.0),
        True,
        {stem: np.zeros(N) for stem in REASONS} if reasons else {},
        None if consumed is None else _per_minute(consumed),
        None if provisioned is None else np.full(N, provisioned),
        "the metric" if provisioned is not None else "",
        maximum,
    )


def _inferred(s: hp.ScopeEvidence, mode: str | None, report: hp.KeyReport | None = None) -> hp.Finding:
    ev = replace(evidence([s], {} if report is None else {s.scope: report}, mode_from="the test says so"), mode=mode)
    (f,) = hp.find_causes(ev)  # one scope, one reason: one finding, and no short spike
    return f


# ---------------------------------------------------------------------------------------------------------------
# Which reason metrics were not exported


def test_all_four_reason_metrics_exported_at_zero_say_the_export_is_short_of_some():
    # the four reason metrics are there, summing to 0 of the 25 events: none is missing, so the line says AWS gives
    # every throttle a reason (a provisioned table at 3,000 / 60 = 50 units/s of 100: 50%, below 90%)
    f = _inferred(_scope(reasons=True, consumed=3_000.0, provisioned=100.0), "provisioned")
    assert f.evidence[0] == (
        "WriteThrottleEvents: 25 over 5 minutes that no exported reason metric accounts for (all four were exported: "
        "AWS gives every throttle a reason, so the export is short of some)"
    )
    assert f.missing == ("Contributor Insights reports of the table (DynamoDBContributorInsights-PKC-TABLE-… and -PKT-TABLE-…)",)


def test_reason_metrics_not_exported_are_named_with_their_counts_unknown():
    f = _inferred(_scope(consumed=3_000.0, provisioned=100.0), "provisioned")
    assert f.evidence[0] == f"WriteThrottleEvents: 25 over 5 minutes that no exported reason metric accounts for{NOT_EXPORTED}"


# ---------------------------------------------------------------------------------------------------------------
# The capacity mode: provisioned (said, or read from a provisioned level), on-demand, or neither


def test_a_provisioned_level_without_a_mode_reads_as_provisioned_and_at_capacity_as_its_capacity():
    # no capacity mode, but a provisioned level of 100 WCU/s: provisioned. Consumed 5,700 a minute = 95 units/s,
    # 95% of 100, at least the 90% that reads as the capacity: medium confidence, a partition the alternative
    f = _inferred(_scope(consumed=5_700.0, provisioned=100.0), None)
    assert (f.cause, f.confidence) == ("provisioned capacity", "medium")
    assert f.evidence[1:] == (
        "capacity mode: unknown (the test says so)",
        "ConsumedWriteCapacityUnits peaked at 95% of the provisioned write capacity of the table (the metric) in the "
        "minutes with throttling",
    )
    assert f.why == (
        "the table ran at 95% of its provisioned write capacity while it throttled: the provisioned capacity of the "
        "table, not one partition, runs out"
    )
    assert f.alternatives == ("hot partition, key unknown",)
    # offered (5,700 + 5 events x 1 unit) / 60 = 95.08 units/s; ceil(95.08 / 0.70) = ceil(135.8) = 136
    assert f.numbers == {"peak": 5_705.0 / 60, "target": 136.0}


def test_neither_a_mode_nor_a_provisioned_level_reads_as_one_reading_of_several():
    # no mode, no provisioned level: the low-confidence reading, which names the mode's exports missing
    f = _inferred(_scope(), None)
    assert (f.cause, f.confidence) == ("key unknown", "low")
    assert f.why == (
        "neither the reason metrics nor the capacity mode were exported: a hot partition is one reading of several; " + NO_KEYS
    )
    assert "Provisioned*CapacityUnits or the table description (the capacity mode)" in f.missing
    assert f.alternatives == ("under-provisioned table", *KEY_ALTS)


# ---------------------------------------------------------------------------------------------------------------
# A provisioned scope below its capacity: a partition ran out


def test_a_provisioned_table_below_its_capacity_reads_as_a_partition_with_its_utilisation_in_words():
    # consumed 3,000 a minute = 50 units/s of 100 provisioned: 50%, below 90%; the utilisation was read, so the
    # table's capacity is not an alternative
    f = _inferred(_scope(consumed=3_000.0, provisioned=100.0), "provisioned")
    assert f.cause == "key unknown"
    assert f.why == f"the table ran at only 50% of its provisioned write capacity while it throttled, {PARTITION}{NO_KEYS}"
    assert f.alternatives == KEY_ALTS


def test_a_provisioned_table_without_its_consumption_names_its_capacity_an_alternative():
    # no ConsumedWriteCapacityUnits: the utilisation is unknown, so the table's own capacity may be the limit
    f = _inferred(_scope(provisioned=100.0), "provisioned")
    assert f.why == f"the utilisation of the table cannot be read (consumed or provisioned capacity not exported); {NO_KEYS}"
    assert f.alternatives == ("under-provisioned table", *KEY_ALTS)


def test_an_index_without_its_consumption_does_not_name_the_tables_capacity():
    # the same for index 'by-status': "under-provisioned table" is the table's row, not the index's
    f = _inferred(_scope(scope="by-status", provisioned=100.0), "provisioned")
    assert f.why.startswith("the utilisation of index 'by-status' cannot be read (consumed or provisioned capacity")
    assert f.alternatives == ()


def test_a_partitions_reading_uses_the_throttled_minutes_and_the_thresholds_to_name_the_key():
    # the most-throttled report lists 'hot' 4 and 'b' 0.5 of 5 throttled requests in each of minutes 0-4: 'hot'
    # carries 20 of 25, 80%, at least the one-key share, so it is named; its rate is its throttled requests alone
    # (no most-accessed report): 4 a minute / 60 s = 0.067 WCU/s, under 80% of 1,000 WCU/s, so 2 suffixes
    top = tuple(hp.TopKeys(m, (), (("hot", 4.0), ("b", 0.5)), 0.0, 5.0) for m in range(5))
    report = hp.KeyReport(top, accessed=False, throttled=True, weighted=True)
    f = _inferred(_scope(consumed=3_000.0, provisioned=100.0), "provisioned", report)
    assert (f.cause, f.key) == ("hot key", "hot")
    assert f.why == f"the table ran at only 50% of its provisioned write capacity while it throttled, {PARTITION}" + (
        "one key among many takes the throttling"
    )
    assert f.evidence[3] == (
        "Contributor Insights of the table: 'hot' carries 80% of the throttled requests over the 5 minutes with "
        "throttling (the 2 keys the most-throttled report lists, 90%)"
    )
    assert f.numbers == {"rate": 4.0 / 60, "read_queries": 2.0, "shards": 2}


# ---------------------------------------------------------------------------------------------------------------
# An on-demand table at one of its limits


def test_an_on_demand_table_at_the_per_table_quota_reads_as_the_account_quota():
    # consumed 2,400,000 a minute = 40,000 units/s, 100% of the default 40,000 WRU per-table quota (at least 90%);
    # no maximum throughput is set, so the quota is the limit reached
    f = _inferred(_scope(consumed=2_400_000.0), "on-demand")
    assert (f.cause, f.row, f.confidence) == ("account quota", "per-table quota reached", "medium")
    assert f.evidence[-1] == (
        "the writes of the table consumed up to 40,000 units/s in the minutes with throttling, 100% of the default "
        "per-table quota"
    )
    assert f.why == (
        "it ran at its limit while it throttled; the per-table account quota, not one partition, is the limit "
        "(AccountLimitExceeded)"
    )


def test_an_on_demand_table_at_its_maximum_throughput_reads_as_the_maximum():
    # MaxWriteRequestUnits 500; consumed 30,000 a minute = 500 units/s, 100% of it (at least 90%)
    f = _inferred(_scope(consumed=30_000.0, maximum=500.0), "on-demand")
    assert (f.cause, f.row) == ("maximum throughput", "maximum throughput reached")
    assert f.evidence[-1] == (
        "the writes of the table consumed up to 500 units/s in the minutes with throttling, 100% of the maximum "
        "throughput set on it"
    )
    assert f.why == (
        "it ran at its limit while it throttled; the maximum throughput set on the table is the limit "
        "(MaxOnDemandThroughputExceeded)"
    )
