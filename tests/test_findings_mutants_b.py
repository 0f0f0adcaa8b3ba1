"""The short spike, the merging of one scope's findings and a finding's own checks (``hotpart/models/findings.py``:
``_spike``, ``_merge_same``, ``Finding.__post_init__``), in process (issue 49, part 6: the survivors of ``make mutants``
in these three).

The diagnosis is tested mostly through the command line in a subprocess, which mutation testing cannot see. These
tests write the exports a user has (``aws cloudwatch get-metric-data`` output with its ``--metric-data-queries`` file,
one-minute data points unless said) under ``tmp_path``, read them with :func:`hotpart.read_metric_data`, call
:func:`hotpart.find_causes` and assert what a reader sees of the findings: the cause, the scope, the share, the
confidence, and the whole sentences with their numbers, each number worked out by hand in the comment beside it.

A short spike is all the throttling within ``spike_minutes`` (3) minutes, with at least as many quiet minutes. Its
finding says whether the traffic went on after it: the mean consumed capacity of every throttled scope after the
throttled minutes at least 80% of its mean in them (``_WENT_ON_SHARE``). Its remedy sizes the capacity of the scope
with the most throttle events at its offered peak *in the throttled minutes* (consumed plus refused) at chapter 11's
70% target.
"""

from __future__ import annotations

import dataclasses
import json
import math

import numpy as np
import pytest
from test_evidence_mutants_rest import _export

import hotpart as hp

RETRY = (
    "; retry throttled requests with exponential backoff and jitter (chapter 14); burst capacity covers at most 300 s "
    "of unused capacity (chapter 8)"
)
ONE_WINDOW = "one short window cannot show whether it recurs; "
WENT_ON = "the throttling stopped while the traffic went on, which may mean DynamoDB has split the hot partition"
WENT_ON_LINE = "consumed capacity after the throttled minutes stayed at their level: the traffic went on"
FELL = "the throttling stopped because the traffic fell: the spike ended, so nothing was split"
FELL_LINE = "consumed capacity fell after the throttled minutes: the spike ended"
DATA_END = "the data end with the throttling, so see whether it stops by itself while the traffic goes on"
NO_LEVEL = (
    "the export has no consumed capacity in the throttled minutes to compare the traffic after them with, so see "
    "whether it stops by itself while the traffic goes on"
)
WITHIN_WRITES = "within it: the table's writes, 100% of the throttle events (under-provisioned table)"
SPIKE_CHAPTER = "chapter 14, retries; chapter 8, burst"


def _found(tmp_path, series, **kw):
    """The findings of one export (``series`` as :func:`test_evidence_mutants_rest._export` takes them)."""
    metrics, queries = _export(tmp_path, "export", series)
    found = hp.find_causes(hp.gather_evidence(hp.read_metric_data(metrics, queries, **kw)))
    return found


def _writes(consumed, events, *, provisioned=100.0, reason="ProvisionedThroughputThrottleEvents"):
    """A provisioned table's writes (``provisioned`` WCU), every throttle event for one reason (its provisioned
    throughput unless said)."""
    n = len(consumed)
    return [
        ("", "ConsumedWriteCapacityUnits", consumed),
        ("", "ProvisionedWriteCapacityUnits", [provisioned] * n),
        ("", "WriteThrottleEvents", events),
        ("", f"Write{reason}", events),
    ]


def _spike(found):
    """The short-spike finding, which comes first, over the whole table."""
    s = found[0]
    assert (s.row, s.cause, s.scope, s.kind, s.where) == ("short spike", "short spike", "", "", "the table")
    assert (s.confidence, s.chapter, s.missing, s.key) == ("medium", SPIKE_CHAPTER, (), "")
    return s


def _raise(kind, where, target, unit, peak, rate):
    return (
        f"if the spikes recur, raise the {kind} capacity of {where} ahead of them to at least {target} {unit} (the "
        f"spike's offered peak, {peak} {rate}, at chapter 11's 70% target)" + RETRY
    )


# ---------------------------------------------------------------------------------------------------------------------
# _spike: whether the traffic went on, at the 80% boundary, and the remedy's numbers
# ---------------------------------------------------------------------------------------------------------------------


def test_a_spike_the_traffic_outlasts_at_exactly_80_percent_went_on(tmp_path):
    # 100 WCU; minute 2 throttles 60 writes while consuming 6,000 units (100 WCU x 60 s); minute 3 consumes 4,800 =
    # 80% of 6,000 exactly (0.8 x 6,000 rounds to 4,800.0): the traffic went on. The offered peak in the throttled
    # minute: (6,000 + 60) / 60 s = 101 WCU/s; at 70%: 101 / 0.7 = 144.3, so 145 WCU.
    found = _found(tmp_path, _writes([3_000.0, 6_000.0, 4_800.0], [0.0, 60.0, 0.0]))
    s = _spike(found)
    assert s.evidence == (
        "throttling in 1 one-minute data points, minutes 2 to 2 of 3; 2 quiet",
        WITHIN_WRITES,
        WENT_ON_LINE,
    )
    assert s.why == ONE_WINDOW + WENT_ON
    assert s.action == _raise("write", "the table", 145, "WCU", "101", "WCU/s")
    assert s.numbers == {"peak": 101.0, "target": 145.0}
    assert (s.share, s.events, s.alternatives) == (1.0, 60.0, ("under-provisioned table",))
    # the table's own finding follows, its confidence lowered to medium and its why prefixed: one window
    (f,) = found[1:]
    assert (f.row, f.cause, f.share, f.confidence) == ("under-provisioned table", "provisioned capacity", 1.0, "medium")
    assert f.why == "if it recurs: the provisioned capacity of the table, not one partition, runs out"


def test_a_spike_the_traffic_outlasts_at_just_under_80_percent_fell(tmp_path):
    # the next float below 4,800: the mean after the spike is below 80% of its mean in it: the spike ended
    found = _found(tmp_path, _writes([3_000.0, 6_000.0, math.nextafter(4_800.0, 0.0)], [0.0, 60.0, 0.0]))
    s = _spike(found)
    assert s.evidence == ("throttling in 1 one-minute data points, minutes 2 to 2 of 3; 2 quiet", WITHIN_WRITES, FELL_LINE)
    assert s.why == ONE_WINDOW + FELL
    assert s.action == _raise("write", "the table", 145, "WCU", "101", "WCU/s")


def test_the_traffic_after_a_spike_is_the_mean_of_every_minute_after_it(tmp_path):
    # after the spike in minute 2: 5,600 then 4,000, mean 4,800 = 80% of 6,000: went on. Neither the throttled minute
    # (mean 4,650 with minute 1 and 2 in it) nor the second minute alone (4,000) would say so.
    found = _found(tmp_path, _writes([3_000.0, 6_000.0, 5_600.0, 4_000.0], [0.0, 60.0, 0.0, 0.0]))
    s = _spike(found)
    assert s.evidence[-1] == WENT_ON_LINE and s.why == ONE_WINDOW + WENT_ON
    assert s.evidence[0] == "throttling in 1 one-minute data points, minutes 2 to 2 of 4; 3 quiet"


def test_a_spike_in_the_last_minute_cannot_say_whether_the_traffic_went_on(tmp_path):
    found = _found(tmp_path, _writes([3_000.0, 3_000.0, 6_000.0], [0.0, 0.0, 60.0]))
    s = _spike(found)
    assert s.evidence == ("throttling in 1 one-minute data points, minutes 3 to 3 of 3; 2 quiet", WITHIN_WRITES)
    assert s.why == ONE_WINDOW + DATA_END
    assert s.action == _raise("write", "the table", 145, "WCU", "101", "WCU/s")  # (6,000 + 60) / 60 = 101 WCU/s


def test_as_many_quiet_minutes_as_throttled_is_still_a_spike_one_fewer_is_not(tmp_path):
    # throttled in minutes 2 and 3 (a span of 2) with 2 quiet minutes: a spike; with 1 quiet minute: not
    events = [0.0, 60.0, 60.0, 0.0]
    s = _spike(_found(tmp_path, _writes([3_000.0, 6_000.0, 6_000.0, 6_000.0], events)))
    assert s.evidence == ("throttling in 2 one-minute data points, minutes 2 to 3 of 4; 2 quiet", WITHIN_WRITES, WENT_ON_LINE)
    assert (s.events, s.share) == (120.0, 1.0)
    found = _found(tmp_path, _writes([3_000.0, 6_000.0, 6_000.0], events[:3]))
    assert [(f.cause, f.confidence) for f in found] == [("provisioned capacity", "high")]


def test_the_spike_sizes_the_scope_with_the_most_events_at_its_peak_in_the_throttled_minutes(tmp_path):
    # The table's reads (300 RCU) throttle 120 reads in minute 2, its writes (100 WCU) 30 writes: the reads are the
    # worse. Their offered peak in minute 2: (18,000 + 120) / 60 = 302 RCU/s; 302 / 0.7 = 431.4, so 432 RCU. In minute
    # 1 the reads consumed 24,000 units (400 RCU/s, burst capacity) with no throttling: not the spike's peak.
    found = _found(
        tmp_path,
        [
            ("", "ConsumedReadCapacityUnits", [24_000.0, 18_000.0, 18_000.0, 18_000.0]),
            ("", "ProvisionedReadCapacityUnits", [300.0] * 4),
            ("", "ReadThrottleEvents", [0.0, 120.0, 0.0, 0.0]),
            ("", "ReadProvisionedThroughputThrottleEvents", [0.0, 120.0, 0.0, 0.0]),
            *_writes([3_000.0, 6_000.0, 6_000.0, 6_000.0], [0.0, 30.0, 0.0, 0.0]),
        ],
    )
    s = _spike(found)
    assert s.action == _raise("read", "the table", 432, "RCU", "302", "RCU/s")
    assert s.numbers == {"peak": 302.0, "target": 432.0}
    assert s.evidence == (
        "throttling in 1 one-minute data points, minutes 2 to 2 of 4; 3 quiet",
        "within it: the table's reads, 80% of the throttle events (under-provisioned table)",  # 120 of 150
        "within it: the table's writes, 20% of the throttle events (under-provisioned table)",  # 30 of 150
        WENT_ON_LINE,  # reads 18,000 >= 0.8 x 18,000 and writes 6,000 >= 0.8 x 6,000 after the spike
    )
    # two findings of one row: the row once among the alternatives
    assert (s.events, s.share, s.alternatives) == (150.0, 1.0, ("under-provisioned table",))


def test_an_on_demand_spike_is_sized_in_warm_throughput(tmp_path):
    # ProvisionedWriteCapacityUnits exported with no data point: on demand (CloudWatch has no level for it).
    # (6,000 + 60) / 60 = 101 WCU/s offered; 145 at 70%.
    found = _found(
        tmp_path,
        [
            ("", "ProvisionedWriteCapacityUnits", []),
            ("", "ConsumedWriteCapacityUnits", [3_000.0, 6_000.0, 6_000.0]),
            ("", "WriteThrottleEvents", [0.0, 60.0, 0.0]),
            ("", "WriteMaxOnDemandThroughputThrottleEvents", [0.0, 60.0, 0.0]),
        ],
    )
    s = _spike(found)
    assert s.action == _raise("write", "the table", 145, "units/s of warm throughput", "101", "WCU/s")
    assert s.numbers == {"peak": 101.0, "target": 145.0}
    assert s.alternatives == ("maximum throughput reached",) and s.why == ONE_WINDOW + WENT_ON


def test_only_the_throttled_scopes_say_whether_the_traffic_went_on(tmp_path):
    # the writes throttle in minute 2 and go on; the reads never throttle and stop after minute 2: the traffic of the
    # throttled scope went on, whatever the others did
    found = _found(
        tmp_path,
        [
            ("", "ConsumedReadCapacityUnits", [600.0, 600.0, 0.0]),
            ("", "ProvisionedReadCapacityUnits", [100.0] * 3),
            ("", "ReadThrottleEvents", [0.0, 0.0, 0.0]),
            *_writes([3_000.0, 6_000.0, 6_000.0], [0.0, 60.0, 0.0]),
        ],
    )
    s = _spike(found)
    assert s.evidence[1:] == (WITHIN_WRITES, WENT_ON_LINE) and s.why == ONE_WINDOW + WENT_ON
    assert s.action == _raise("write", "the table", 145, "WCU", "101", "WCU/s")


def test_a_spike_of_one_throttle_event_is_the_whole_of_the_throttling(tmp_path):
    # one event (the least a Sum can count): share 1; offered peak (6,000 + 1) / 60 = 100.02 WCU/s, shown 100;
    # 100.0167 / 0.7 = 142.9, so 143 WCU
    found = _found(tmp_path, _writes([3_000.0, 6_000.0, 6_000.0], [0.0, 1.0, 0.0]))
    s = _spike(found)
    assert (s.events, s.share) == (1.0, 1.0)
    assert s.action == _raise("write", "the table", 143, "WCU", "100", "WCU/s")
    assert s.numbers == {"peak": 6_001.0 / 60.0, "target": 143.0}
    assert s.why == ONE_WINDOW + WENT_ON


def test_a_spike_of_one_consumed_unit_a_minute_still_reads_the_traffic(tmp_path):
    # 1 unit consumed in the throttled minute and after it (1 >= 0.8): went on. Offered (1 + 60) / 60 = 1.02 WCU/s,
    # shown 1; 1.0167 / 0.7 = 1.45, so 2 WCU.
    found = _found(tmp_path, _writes([1.0, 1.0, 1.0], [0.0, 60.0, 0.0], provisioned=1.0))
    s = _spike(found)
    assert s.why == ONE_WINDOW + WENT_ON and s.evidence[-1] == WENT_ON_LINE
    assert s.action == _raise("write", "the table", 2, "WCU", "1", "WCU/s")


@pytest.mark.parametrize(
    ("consumed", "events", "target", "shown"),
    [
        # (12 + 14) / 60 = 0.433 WCU/s: "0.43", not "0"; 0.433 / 0.7 = 0.62, so 1 WCU
        (12.0, 14.0, 1, "0.43"),
        # (540 + 30) / 60 = 9.5 WCU/s: two significant digits below 10 WCU/s; 9.5 / 0.7 = 13.6, so 14 WCU
        (540.0, 30.0, 14, "9.5"),
    ],
)
def test_a_small_spike_peak_is_shown_with_two_significant_digits(tmp_path, consumed, events, target, shown):
    # a hot partition of a 10 WCU table (key-range throttling, no Contributor Insights): a peak under 0.5 WCU/s was
    # shown as "0 WCU/s" (a bug this test found)
    series = _writes([consumed] * 3, [0.0, events, 0.0], provisioned=10.0, reason="KeyRangeThroughputThrottleEvents")
    s = _spike(_found(tmp_path, series))
    assert s.action == _raise("write", "the table", target, "WCU", shown, "WCU/s")
    assert s.numbers == {"peak": (consumed + events) / 60.0, "target": float(target)}


def test_a_spike_with_nothing_consumed_in_it_cannot_say_whether_the_traffic_went_on(tmp_path):
    # every write of minute 2 refused (0 consumed): no level to compare the minute after with, and the data do not
    # end with the throttling (they did say so: a bug this test found)
    found = _found(tmp_path, _writes([600.0, 0.0, 600.0], [0.0, 60.0, 0.0]))
    s = _spike(found)
    assert s.evidence == ("throttling in 1 one-minute data points, minutes 2 to 2 of 3; 2 quiet", WITHIN_WRITES)
    assert s.why == ONE_WINDOW + NO_LEVEL
    assert s.action == _raise("write", "the table", 2, "WCU", "1", "WCU/s")  # (0 + 60) / 60 = 1 WCU/s; 1 / 0.7 = 1.4


def test_a_spike_without_consumed_capacity_names_no_number(tmp_path):
    # no Consumed*CapacityUnits exported: nothing to size, nothing to compare
    found = _found(
        tmp_path,
        [
            ("", "ProvisionedWriteCapacityUnits", [100.0] * 3),
            ("", "WriteThrottleEvents", [0.0, 60.0, 0.0]),
            ("", "WriteProvisionedThroughputThrottleEvents", [0.0, 60.0, 0.0]),
        ],
    )
    s = _spike(found)
    assert s.action == "if the spikes recur, raise capacity ahead of them" + RETRY
    assert s.numbers == {}
    assert s.evidence == ("throttling in 1 one-minute data points, minutes 2 to 2 of 3; 2 quiet", WITHIN_WRITES)
    assert s.why == ONE_WINDOW + NO_LEVEL
    assert (s.events, s.share) == (60.0, 1.0)


# ---------------------------------------------------------------------------------------------------------------------
# _merge_same: a scope's reason metric and its inferred events naming one cause are one finding
# ---------------------------------------------------------------------------------------------------------------------

_MISSING = (
    "WriteKeyRangeThroughputThrottleEvents",
    "WriteAccountLimitThrottleEvents",
    "WriteMaxOnDemandThroughputThrottleEvents",
)


def test_a_reason_and_the_inferred_rest_of_one_cause_are_one_finding(tmp_path):
    # Five-minute data points (period 300: each Sum spread evenly over its 5 minutes): 46 write throttle events in the
    # first five minutes, 1 of them for the provisioned throughput; the other three reason metrics not exported. The
    # other 45 are inferred: the writes ran at 100% of 100 WCU (30,000 units in 300 s), so the provisioned capacity
    # again. One finding: 1 + 45 = 46 events, all of them (share 1), the evidence of both in order, the exports that
    # would settle the rest.
    metrics, queries = _export(
        tmp_path,
        "export",
        [
            ("", "ConsumedWriteCapacityUnits", [30_000.0, 15_000.0]),
            ("", "ProvisionedWriteCapacityUnits", [100.0, 100.0]),
            ("", "WriteThrottleEvents", [46.0, 0.0]),
            ("", "WriteProvisionedThroughputThrottleEvents", [1.0, 0.0]),
        ],
    )
    results, asked = json.loads(metrics.read_text()), json.loads(queries.read_text())
    for q in asked["MetricDataQueries"]:
        q["MetricStat"]["Period"] = 300
    for r in results["MetricDataResults"]:
        r["Timestamps"] = ["2026-11-30T09:05:00Z", "2026-11-30T09:00:00Z"]  # newest first
    metrics.write_text(json.dumps(results))
    queries.write_text(json.dumps(asked))
    found = hp.find_causes(hp.gather_evidence(hp.read_metric_data(metrics, queries)))
    (f,) = found
    assert (f.row, f.cause, f.scope, f.kind, f.confidence) == (
        "under-provisioned table",
        "provisioned capacity",
        "",
        "write",
        "high",
    )
    assert (f.share, f.events) == (1.0, 46.0)
    use = "ConsumedWriteCapacityUnits peaked at 100% of the provisioned write capacity of the table (the metric)"
    assert f.evidence == (
        "WriteProvisionedThroughputThrottleEvents: 1 of the 46 WriteThrottleEvents (2%) over 5 of 10 minutes",
        f"{use} in those minutes",
        "WriteThrottleEvents: 45 over 5 minutes that no exported reason metric accounts for; not exported: "
        + ", ".join(_MISSING)
        + ": their counts are unknown, not zero",
        "capacity mode: provisioned (Provisioned*CapacityUnits has data points)",
        f"{use} in the minutes with throttling",
    )
    assert f.missing == _MISSING
    # the first finding's remedy and reading: (30,000 / 300 + 46 / 300) = 100.15 WCU/s offered; / 0.7 = 143.1: 144
    assert f.why == "the provisioned capacity of the table, not one partition, runs out"
    assert f.numbers == {"target": 144.0, "peak": (30_000.0 / 5 + 46.0 / 5) / 60.0}
    assert f.alternatives == ()


def test_the_share_of_merged_findings_never_passes_one():
    # A simulation's throttle events need not be whole numbers: 8.8 a minute for 4 minutes, 0.2 of them for the
    # provisioned throughput. 0.8 / 35.2 + 34.4 / 35.2 rounds to 1.0000000000000002 in floating point; the merged
    # finding's share is all of the throttling, 1, not more.
    n = 4
    events = np.array([8.8] * n)
    assert 0.8 / 35.2 + (float(events.sum()) - 0.8) / 35.2 > 1.0
    writes = hp.ScopeEvidence(
        "",
        "Write",
        events,
        True,
        {"ProvisionedThroughputThrottleEvents": np.full(n, 0.2)},
        np.full(n, 6_000.0),
        np.full(n, 100.0),
        "the metric",
    )
    ev = hp.Evidence(
        minutes=n,
        seconds=np.full(n, 60.0),
        scopes=(writes,),
        backfills={},
        requests=np.zeros(n),
        requests_exported=False,
        key_reports={},
        mode="provisioned",
        mode_from="Provisioned*CapacityUnits is there",
        exported=None,
        indexes=(),
        gaps=np.zeros(n, dtype=bool),
    )
    found = hp.find_causes(ev)
    (f,) = found
    assert (f.cause, f.share, f.events) == ("provisioned capacity", 1.0, pytest.approx(35.2))


# ---------------------------------------------------------------------------------------------------------------------
# Finding.__post_init__: a cause, a confidence and a share in [0, 1], refused by name otherwise
# ---------------------------------------------------------------------------------------------------------------------


def _finding(**change):
    fields = {
        "row": "under-provisioned table",
        "cause": "provisioned capacity",
        "scope": "",
        "kind": "write",
        "share": 0.5,
        "events": 10.0,
        "evidence": (),
        "action": "",
        "chapter": "chapter 11, capacity modes",
        "confidence": "high",
        "why": "",
    }
    return hp.Finding(**{**fields, **change})


CAUSE_LIST = ", ".join(repr(c) for c in hp.CAUSES)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"cause": "hot partition"}, f"cause = 'hot partition' is not allowed: must be one of {CAUSE_LIST}"),
        ({"confidence": "certain"}, "confidence = 'certain' is not allowed: must be one of 'high', 'medium', 'low'"),
        ({"share": -1e-300}, "share = -1e-300 is out of range: must be in [0, 1]"),
        ({"share": math.nextafter(1.0, 2.0)}, "share = 1.0000000000000002 is out of range: must be in [0, 1]"),
        ({"share": 1.5}, "share = 1.5 is out of range: must be in [0, 1]"),
        ({"share": float("nan")}, "share = nan is not a number: must be in [0, 1]"),
    ],
)
def test_a_finding_refuses_a_bad_field_by_name(change, message):
    with pytest.raises(ValueError) as e:
        _finding(**change)
    assert str(e.value) == message


def test_a_finding_takes_every_cause_and_confidence_and_a_share_at_both_ends():
    for cause in hp.CAUSES:
        assert _finding(cause=cause).cause == cause
    for confidence in ("high", "medium", "low"):
        assert _finding(confidence=confidence).confidence == confidence
    assert [_finding(share=x).share for x in (0.0, 1.0)] == [0.0, 1.0]
    f = _finding(share=1.0)
    assert repr(f) == "Finding('under-provisioned table' on the table's writes, 100% of the throttle events, confidence high)"
    assert dataclasses.replace(f, scope="by-status").where == "the writes of index 'by-status'"
