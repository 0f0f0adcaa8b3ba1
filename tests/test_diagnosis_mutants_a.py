"""The diagnosis's entry point (``hotpart/models/diagnosis.py``: ``diagnose``), in process.

The diagnosis is tested mostly through the command line in a subprocess, which mutation testing cannot see. These
tests write what a user exports (``aws cloudwatch get-metric-data`` output with its ``--metric-data-queries`` file,
one-minute ``Sum`` data points) under ``tmp_path``, read them with :func:`hotpart.read_metric_data`, and assert what a
reader of :func:`hotpart.diagnose` sees: each threshold refused outside its range by name and taken at its bounds,
an export without any throttle metric refused with one sentence, an export whose only throttle metric is one of the
table's or one of an index's taken, the batch trap's note exactly at its bounds, and which findings are material.
Issue 49, part 6.
"""

from __future__ import annotations

import dataclasses
import json
import math

import pytest
from test_findings_mutants_a import _metrics, _write_export
from test_findings_mutants_c import _HALF_LISTED, _KEY_RANGE, _accessed_report

import hotpart as hp

# Six minutes of a provisioned table whose writes throttle in minutes 0 to 3 for its provisioned capacity.
_WRITES = [
    ("", "ConsumedWriteCapacityUnits", [600.0] * 6),
    ("", "WriteThrottleEvents", [10.0, 10.0, 10.0, 10.0, 0.0, 0.0]),
    ("", "WriteProvisionedThroughputThrottleEvents", [10.0, 10.0, 10.0, 10.0, 0.0, 0.0]),
]

_SHARES = ("small_key_space", "one_key", "few_keys", "at_capacity", "hot_key_share")


@pytest.fixture
def writes(tmp_path):
    return _metrics(tmp_path, _WRITES)


# ---------------------------------------------------------------------------------------------------------------------
# The thresholds: refused by name outside their ranges, taken at their bounds
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", _SHARES)
@pytest.mark.parametrize("value", [0.0, -0.5, math.nextafter(1.0, 2.0), 2.0])
def test_a_share_threshold_outside_zero_to_one_is_refused_by_name(writes, name, value):
    with pytest.raises(ValueError) as e:
        hp.diagnose(writes, **{name: value})
    assert str(e.value) == f"{name} = {value!r} is out of range: must be in (0, 1]"


@pytest.mark.parametrize("name", _SHARES)
@pytest.mark.parametrize("value", [5e-324, 1.0])
def test_a_share_threshold_at_its_bounds_is_taken(writes, name, value):
    d = hp.diagnose(writes, **{name: value})
    assert d.findings  # a diagnosis, not a refusal


@pytest.mark.parametrize("value", [0, -1, 61, 1_000])
def test_a_spike_span_outside_one_to_sixty_minutes_is_refused_by_name(writes, value):
    with pytest.raises(ValueError) as e:
        hp.diagnose(writes, spike_minutes=value)
    assert str(e.value) == f"spike_minutes = {value!r} is out of range: must be in [1, 60]"


@pytest.mark.parametrize("value", [1, 60])
def test_a_spike_span_of_one_or_sixty_minutes_is_taken(writes, value):
    assert hp.diagnose(writes, spike_minutes=value).findings


def test_something_other_than_metrics_is_refused_by_name():
    with pytest.raises(ValueError, match=r"^metrics = 'orders' is not a Metrics \(use hotpart.cloudwatch\)$"):
        hp.diagnose("orders")


# ---------------------------------------------------------------------------------------------------------------------
# An export must carry a throttle metric: of the table, or of one of its indexes
# ---------------------------------------------------------------------------------------------------------------------


def test_an_export_without_any_throttle_metric_is_refused_with_one_sentence(tmp_path):
    m = _metrics(tmp_path, [("", "ConsumedWriteCapacityUnits", [600.0] * 6)])
    with pytest.raises(ValueError) as e:
        hp.diagnose(m)
    assert str(e.value) == (
        "metrics: expected at least one throttle metric (ReadThrottleEvents, WriteThrottleEvents or "
        "ThrottledRequests) in the export; without one no diagnosis can be made (python -m hotpart queries TABLE prints them)"
    )


@pytest.mark.parametrize("metric", ["ReadThrottleEvents", "WriteThrottleEvents", "ThrottledRequests"])
def test_an_export_whose_only_throttle_metric_is_one_of_the_tables_is_diagnosed(tmp_path, metric):
    m = _metrics(tmp_path, [("", metric, [0.0] * 6)])
    d = hp.diagnose(m)
    assert [f.cause for f in d.findings] == ["no throttling"]


@pytest.mark.parametrize("metric", ["ReadThrottleEvents", "WriteThrottleEvents", "OnlineIndexThrottleEvents"])
def test_an_export_whose_only_throttle_metric_is_an_indexs_is_diagnosed(tmp_path, metric):
    m = _metrics(tmp_path, [("by-status", metric, [0.0] * 6)])
    d = hp.diagnose(m)
    assert [f.cause for f in d.findings] == ["no throttling"]


def test_a_model_run_has_every_metric_and_is_diagnosed():
    d = hp.diagnose(hp.scenario("GSI-only throttling").metrics)
    assert (d.symptom, d.findings[0].scope) == ("GSI-only throttling", "by-status")


# ---------------------------------------------------------------------------------------------------------------------
# Each threshold given to diagnose is the one the causes are read with
# ---------------------------------------------------------------------------------------------------------------------


def _key_range_metrics(tmp_path):
    # test_findings_mutants_c's six minutes: 4 write events a minute in minutes 0 to 3, all for a partition's limit;
    # the most-accessed report lists 'a' (300 units a minute) and 'b' (200) of 1,000: exactly 50% listed, 'a' 30%.
    _write_export(tmp_path, [("", "WriteThrottleEvents", _KEY_RANGE), ("", "WriteKeyRangeThroughputThrottleEvents", _KEY_RANGE)])
    (tmp_path / "pkc.json").write_text(json.dumps(_HALF_LISTED))
    return hp.read_metric_data(tmp_path / "metrics.json", tmp_path / "queries.json", insights=tmp_path / "pkc.json")


@pytest.mark.parametrize(
    ("kw", "cause", "key"),
    [
        ({}, "key unknown", ""),  # the course's shares: 0.99 of the traffic listed, 'a' named from 0.5 (not 0.3)
        ({"small_key_space": 0.5}, "small key space", "a"),  # the listed keys carry exactly 0.5; the busiest named
        ({"hot_key_share": 0.3}, "hot key", "a"),  # 'a' carries exactly 0.3 of the traffic
        ({"hot_key_share": math.nextafter(0.3, 1.0)}, "key unknown", ""),  # and not the next float above
    ],
)
def test_the_key_shares_given_to_diagnose_decide_the_cause(tmp_path, kw, cause, key):
    assert (hp.SMALL_KEY_SPACE_SHARE, hp.HOT_KEY_TRAFFIC_SHARE) == (0.99, 0.5)
    d = hp.diagnose(_key_range_metrics(tmp_path), **kw)
    assert [(f.cause, f.key, f.share) for f in d.findings] == [(cause, key, 1.0)]


@pytest.mark.parametrize(
    ("at_capacity", "cause", "confidence"),
    [(None, "key unknown", "low"), (0.7, "provisioned capacity", "medium"), (1.0, "key unknown", "low")],
)
def test_the_at_capacity_share_given_to_diagnose_decides_the_cause(tmp_path, at_capacity, cause, confidence):
    # 420 units a minute of a table provisioned at 10 WCU: 7 WCU/s, 70% of its capacity; no reason metrics exported,
    # so the table reads as at its limit from at_capacity = 0.7 (the course's 0.9 does not).
    assert hp.AT_CAPACITY_SHARE == 0.9
    series = [("", "ConsumedWriteCapacityUnits", [420.0] * 6), ("", "WriteThrottleEvents", [10.0, 10.0, 10.0, 10.0, 0.0, 0.0])]
    m = _metrics(tmp_path, series, indexes={})
    kw = {} if at_capacity is None else {"at_capacity": at_capacity}
    d = hp.diagnose(m, **kw)
    assert [(f.cause, f.share, f.confidence) for f in d.findings] == [(cause, 1.0, confidence)]
    assert d.total_events == 40.0


# ---------------------------------------------------------------------------------------------------------------------
# The batch trap: ThrottledRequests under 1% of the throttle events, in batches
# ---------------------------------------------------------------------------------------------------------------------


def _batched(tmp_path, events, requests, batch_size):
    series = [
        ("", "WriteThrottleEvents", [events, 0.0, 0.0, 0.0, 0.0, 0.0]),
        ("", "WriteProvisionedThroughputThrottleEvents", [events, 0.0, 0.0, 0.0, 0.0, 0.0]),
        ("", "ThrottledRequests", [requests, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ]
    return hp.diagnose(dataclasses.replace(_metrics(tmp_path, series), batch_size=batch_size))


def _trap(requests, events, batch_size):
    return (
        f"ThrottledRequests is only {requests:,.0f} against {events:,.0f} throttle events: in batches of {batch_size} "
        "a request counts only when all its items are throttled"
    )


@pytest.mark.parametrize(
    ("events", "requests", "batch_size", "noted"),
    [
        (100.0, 0.0, 2, True),  # the least batch
        (100.0, 0.0, 25, True),
        (100.0, 0.0, 1, False),  # single-item requests: every throttled one counts, no trap
        (1.0, 0.0, 2, True),  # a single event
        (100.0, 1.0, 2, False),  # exactly 1%: not under it
        (200.0, 1.0, 2, True),  # 0.5%
        (100.0, 50.0, 2, False),
    ],
)
def test_the_batch_trap_is_noted_below_one_percent_of_the_events_in_batches(tmp_path, events, requests, batch_size, noted):
    d = _batched(tmp_path, events, requests, batch_size)
    assert (_trap(requests, events, batch_size) in d.notes) is noted
    assert not any(n.startswith("ThrottledRequests is only") for n in d.notes if n != _trap(requests, events, batch_size))


# ---------------------------------------------------------------------------------------------------------------------
# Material findings: at least 5% of the events; below it, minor; when none reaches it, the largest answers
# ---------------------------------------------------------------------------------------------------------------------


def _two_scopes(tmp_path, table, index):
    z = [0.0, 0.0]
    series = []
    for scope, n in (("", table), ("by-status", index)):
        series += [
            (scope, "WriteThrottleEvents", [n / 4] * 4 + z),
            (scope, "WriteProvisionedThroughputThrottleEvents", [n / 4] * 4 + z),
        ]
    return hp.diagnose(_metrics(tmp_path, series))


def test_a_cause_at_five_percent_is_material(tmp_path):
    assert hp.MATERIAL_SHARE == 0.05
    d = _two_scopes(tmp_path, 95.0, 5.0)  # 5 of 100 events: exactly 0.05
    assert [(f.cause, f.scope, f.share) for f in d.findings] == [
        ("provisioned capacity", "", 0.95),
        ("provisioned capacity", "by-status", 0.05),
    ]
    assert d.minor == ()
    assert d.total_events == 100.0


def test_a_cause_below_five_percent_is_minor(tmp_path):
    d = _two_scopes(tmp_path, 99.0, 1.0)
    assert [(f.scope, f.share) for f in d.findings] == [("", 0.99)]
    assert [(f.cause, f.scope, f.share) for f in d.minor] == [("provisioned capacity", "by-status", 0.01)]


def test_when_no_cause_reaches_five_percent_the_largest_answers_and_the_rest_are_minor(tmp_path):
    # The table and 20 indexes throttle alike: each carries 1/21 = 4.8% of the events, below 5%.
    z = [0.0, 0.0]
    series = []
    for scope in ["", *(f"gsi-{i:02d}" for i in range(20))]:
        series += [
            (scope, "WriteThrottleEvents", [1.0] * 4 + z),
            (scope, "WriteProvisionedThroughputThrottleEvents", [1.0] * 4 + z),
        ]
    d = hp.diagnose(_metrics(tmp_path, series))
    assert [(f.scope, f.share) for f in d.findings] == [("", 1 / 21)]
    assert len(d.minor) == 20
    assert {f.scope for f in d.minor} == {f"gsi-{i:02d}" for i in range(20)}
    assert all(f.share == 1 / 21 for f in d.minor)
    assert d.total_events == 84.0


def _throttled_keys_metrics(tmp_path):
    # 25 write events a minute in minutes 0 to 3, all for a partition's limit; the most-throttled report lists 'hot'
    # (10 a minute), 'b' and 'c' (5 each) of 25: the listed keys carry 20 / 25 = 80% of the throttled requests.
    events = [25.0, 25.0, 25.0, 25.0, 0.0, 0.0]
    _write_export(tmp_path, [("", "WriteThrottleEvents", events), ("", "WriteKeyRangeThroughputThrottleEvents", events)])
    quiet = [0.0, 0.0]
    report = _accessed_report({"hot": [10.0] * 4 + quiet, "b": [5.0] * 4 + quiet, "c": [5.0] * 4 + quiet}, events)
    report["RuleName"] = "DynamoDBContributorInsights-PKT-orders-1700000000000"  # the most-throttled keys rule
    (tmp_path / "pkt.json").write_text(json.dumps(report))
    return hp.read_metric_data(tmp_path / "metrics.json", tmp_path / "queries.json", throttled_keys=tmp_path / "pkt.json")


@pytest.mark.parametrize(
    ("few_keys", "cause", "why"),
    [
        (None, "small key space", "a few keys share the throttling"),  # the course's 0.5
        (0.8, "small key space", "a few keys share the throttling"),  # exactly the listed keys' 80%
        (
            math.nextafter(0.8, 1.0),
            "spread",
            "the throttling is spread over many keys: every partition they fall on is at its limit",
        ),
    ],
)
def test_the_few_keys_share_given_to_diagnose_decides_the_cause(tmp_path, few_keys, cause, why):
    assert hp.FEW_KEYS_SHARE == 0.5
    kw = {} if few_keys is None else {"few_keys": few_keys}
    d = hp.diagnose(_throttled_keys_metrics(tmp_path), **kw)
    assert [(f.cause, f.key, f.why) for f in d.findings] == [(cause, "hot", why)]
