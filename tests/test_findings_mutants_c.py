""":func:`hotpart.find_causes` itself (``hotpart/models/findings.py``): its thresholds' ranges, a table with no
throttling, and the thresholds and minutes it hands to each scope's reading, in process.

The diagnosis is tested mostly through the command line in a subprocess, which mutation testing cannot see. These
tests write what a user exports (``aws cloudwatch get-metric-data`` output with its ``--metric-data-queries`` file,
``aws dynamodb describe-table`` output, a Contributor Insights ``get-insight-rule-report``) under ``tmp_path``, read
them with :func:`hotpart.read_metric_data`, and assert what a reader of :func:`hotpart.find_causes` and
:func:`hotpart.diagnose` sees: the refusal's whole message, the finding's cause, row, share, sentences with their
numbers, confidence and remedy. Issue 49, part 6.
"""

from __future__ import annotations

import datetime as dt
import json
import math

import pytest
from test_findings_mutants_a import START, _metrics, _write_export

import hotpart as hp

# ---------------------------------------------------------------------------------------------------------------------
# The thresholds: each refused by name with its value and range, just outside it, and taken at its bounds
# ---------------------------------------------------------------------------------------------------------------------

SHARES = ("small_key_space", "one_key", "few_keys", "at_capacity", "hot_key_share")
ABOVE_ONE = math.nextafter(1.0, 2.0)  # 1.0000000000000002
TINY = math.nextafter(0.0, 1.0)  # 5e-324, the least share above 0


def _iso(minute: int) -> str:
    return (START + dt.timedelta(minutes=minute)).isoformat().replace("+00:00", "Z")


def _accessed_report(per_key: dict[str, list[float]], totals: list[float]) -> dict:
    """A most-accessed keys report (``get-insight-rule-report`` of the table's PKC rule) without an
    ``ApproximateUniqueCount``: each key's one-minute data points and each minute's ``MetricDatapoints`` Sum."""
    return {
        "RuleName": "DynamoDBContributorInsights-PKC-orders-1700000000000",
        "KeyLabels": ["pk"],
        "AggregationStatistic": "Sum",
        "AggregateValue": float(sum(totals)),
        "Contributors": [
            {
                "Keys": [key],
                "ApproximateAggregateValue": float(sum(values)),
                "Datapoints": [{"Timestamp": _iso(j), "ApproximateValue": float(v)} for j, v in enumerate(values) if v],
            }
            for key, values in per_key.items()
        ],
        "MetricDatapoints": [{"Timestamp": _iso(j), "Sum": float(t)} for j, t in enumerate(totals)],
    }


#: Six minutes of a table's writes throttled in the first four (4 events each, all for a partition's limit:
#: WriteKeyRangeThroughputThrottleEvents), and its most-accessed report: keys 'a' (300 units a minute) and 'b' (200)
#: of 1,000 a minute, so the listed keys carry 500 / 1,000 = 50% of the traffic, exactly 0.5, in every minute.
_KEY_RANGE = [4.0, 4.0, 4.0, 4.0, 0.0, 0.0]
_HALF_LISTED = _accessed_report({"a": [300.0] * 6, "b": [200.0] * 6}, [1_000.0] * 6)


def _key_range_evidence(tmp_path, events=_KEY_RANGE) -> hp.Evidence:
    _write_export(tmp_path, [("", "WriteThrottleEvents", events), ("", "WriteKeyRangeThroughputThrottleEvents", events)])
    (tmp_path / "pkc.json").write_text(json.dumps(_HALF_LISTED))
    m = hp.read_metric_data(tmp_path / "metrics.json", tmp_path / "queries.json", insights=tmp_path / "pkc.json")
    return hp.gather_evidence(m)


@pytest.mark.parametrize("name", SHARES)
@pytest.mark.parametrize(("value", "shown"), [(0.0, "0.0"), (ABOVE_ONE, "1.0000000000000002"), (-0.5, "-0.5")])
def test_a_share_threshold_outside_its_range_is_refused_by_name(tmp_path, name, value, shown):
    ev = _key_range_evidence(tmp_path)
    with pytest.raises(ValueError) as e:
        hp.find_causes(ev, **{name: value})
    assert str(e.value) == f"{name} = {shown} is out of range: must be in (0, 1]"


@pytest.mark.parametrize("name", SHARES)
def test_a_share_threshold_of_the_wrong_kind_is_refused_by_name(tmp_path, name):
    ev = _key_range_evidence(tmp_path)
    with pytest.raises(ValueError) as e:
        hp.find_causes(ev, **{name: "0.5"})
    assert str(e.value) == f"{name} = '0.5' is a string, not a number: must be in (0, 1]"


@pytest.mark.parametrize("name", SHARES)
@pytest.mark.parametrize("value", [TINY, 1.0])
def test_a_share_threshold_at_its_bounds_is_taken(tmp_path, name, value):
    # the least share above 0 and 1 itself: a reading, whatever it is, of all 16 throttle events
    found = hp.find_causes(_key_range_evidence(tmp_path), **{name: value})
    assert [(f.kind, f.share, f.events) for f in found] == [("write", 1.0, 16.0)]


@pytest.mark.parametrize(("value", "message"), [(0, "0"), (61, "61"), (0.5, "0.5"), (None, "None"), (True, "True")])
def test_a_spike_span_outside_one_to_sixty_minutes_is_refused_by_name(tmp_path, value, message):
    ev = _key_range_evidence(tmp_path)
    with pytest.raises(ValueError) as e:
        hp.find_causes(ev, spike_minutes=value)
    kind = {"None": "is not a number", "True": "is a bool, not a number"}.get(message, "is out of range")
    assert str(e.value) == f"spike_minutes = {message} {kind}: must be in [1, 60]"


@pytest.mark.parametrize(("spike_minutes", "spike"), [(1, False), (2, True), (60, True)])
def test_the_spike_span_is_taken_from_one_to_sixty_minutes(tmp_path, spike_minutes, spike):
    # throttling in minutes 1 and 2 of 6 (4 events each), 4 quiet: a short spike when 2 minutes may be one
    found = hp.find_causes(_key_range_evidence(tmp_path, [4.0, 4.0, 0.0, 0.0, 0.0, 0.0]), spike_minutes=spike_minutes)
    assert [f.cause for f in found] == (["short spike", "key unknown"] if spike else ["key unknown"])
    assert found[0].share == 1.0 and found[0].events == 8.0
    if spike:
        assert found[0].evidence[0] == "throttling in 2 one-minute data points, minutes 1 to 2 of 6; 4 quiet"


def test_something_other_than_evidence_is_refused_by_name():
    with pytest.raises(ValueError) as e:
        hp.find_causes({"minutes": 6})
    assert str(e.value) == "evidence = {'minutes': 6} is not an Evidence (use hotpart.gather_evidence)"


# ---------------------------------------------------------------------------------------------------------------------
# No throttling: one finding that says so, whole
# ---------------------------------------------------------------------------------------------------------------------


def test_a_table_with_no_throttling_is_one_finding_that_says_so(tmp_path):
    # five minutes of writes, throttle counts exported and zero in every minute (CloudWatch returns 0.0 data points)
    series = [
        ("", "ConsumedWriteCapacityUnits", [300.0] * 5),
        ("", "WriteThrottleEvents", [0.0] * 5),
        ("", "ThrottledRequests", [0.0] * 5),
    ]
    m = _metrics(tmp_path, series, {})
    found = hp.find_causes(hp.gather_evidence(m))
    assert found == [
        hp.Finding(
            "no throttling",
            "no throttling",
            "",
            "",
            0.0,
            0.0,
            ("no throttle events and no ThrottledRequests in any of the 5 minutes",),
            "nothing to fix",
            "chapter 15",
            "high",
            "every data point is zero",
        )
    ]
    f = found[0]
    assert (f.where, f.alternatives, f.missing, f.numbers, f.key) == ("the table", (), (), {}, "")
    assert type(f.events) is float and type(f.share) is float
    d = hp.diagnose(m)
    assert d.findings == (f,) and d.minor == () and d.total_events == 0.0


# ---------------------------------------------------------------------------------------------------------------------
# What find_causes hands each scope: the small-key-space share, and the minutes with throttling (the growth into them)
# ---------------------------------------------------------------------------------------------------------------------

_NO_KEY = "no key consumes 90% of a partition's 1,000 WCU/s or carries 50% of the traffic"
_NO_KEY_WHY = f"{_NO_KEY} in the most-accessed report"


@pytest.mark.parametrize(
    ("small_key_space", "cause", "why"),
    [
        # the listed keys carry exactly 0.5: small at the threshold, judged by their share (no ApproximateUniqueCount)
        (0.5, "small key space", "the keys the most-accessed report lists carry at least 50% of the traffic"),
        (0.495, "small key space", "the keys the most-accessed report lists carry at least 49.5% of the traffic"),
        (math.nextafter(0.5, 1.0), "key unknown", _NO_KEY_WHY),  # and not at the next float above
        (None, "key unknown", _NO_KEY_WHY),  # the course's 0.99 (SMALL_KEY_SPACE_SHARE)
    ],
)
def test_the_small_key_space_share_is_the_one_given(tmp_path, small_key_space, cause, why):
    assert hp.SMALL_KEY_SPACE_SHARE == 0.99
    kw = {} if small_key_space is None else {"small_key_space": small_key_space}
    (f,) = hp.find_causes(_key_range_evidence(tmp_path), **kw)
    assert (f.cause, f.kind, f.share, f.events, f.why) == (cause, "write", 1.0, 16.0, why)
    assert f.evidence[0] == "WriteKeyRangeThroughputThrottleEvents: 16 of the 16 WriteThrottleEvents (100%) over 4 of 6 minutes"
    if cause == "small key space":
        assert (f.row, f.confidence) == ("low-cardinality key", "high")
        assert f.evidence[1] == "the keys the most-accessed report lists carry 50.0% of the traffic"
        assert f.action.startswith("move the table's partition key to a high-cardinality attribute (chapter 2)")
    else:
        # 'a', 300 of AWS's units a minute (a write counts 3): 100 / 60 = 1.7 WCU/s (two digits below 10), 30% of 1,000
        assert (f.row, f.confidence, f.key) == ("hot partition, key unknown", "low", "")
        assert f.evidence[1:] == (
            "Contributor Insights of the table: 'a' at 1.7 WCU/s in its busiest minute (AWS's units divided by 3: its "
            "traffic taken to be writes), 30% of the traffic counted while the table throttles",
            _NO_KEY,
        )


def test_an_on_demand_tables_growth_into_its_throttled_minutes_is_read(tmp_path):
    # An on-demand table (describe-table: PAY_PER_REQUEST) whose writes ran at 60,000 units a minute (1,000 WCU/s),
    # then 300,000 (5,000 WCU/s) with 10 throttle events a minute in minutes 3 to 6 of 8. No reason metric was
    # exported, so the events are read from the growth into the first throttled minute: (300,000 + 10 refused) / 60
    # = 5,000.17 units/s over the previous peak, at least a new on-demand table's 2,000 WCU/s: 2.5 times, past double.
    assert hp.ON_DEMAND_NEW_TABLE_PEAK["write"] == 2_000.0
    consumed = [60_000.0, 60_000.0] + [300_000.0] * 4 + [60_000.0, 60_000.0]
    events = [0.0, 0.0, 10.0, 10.0, 10.0, 10.0, 0.0, 0.0]
    m = _metrics(
        tmp_path,
        [("", "ConsumedWriteCapacityUnits", consumed), ("", "WriteThrottleEvents", events)],
        {},
        mode="PAY_PER_REQUEST",
    )
    found = hp.find_causes(hp.gather_evidence(m))
    (f,) = found
    assert (f.row, f.cause, f.kind, f.share, f.events, f.confidence) == (
        "past double the previous peak",
        "past previous peak",
        "write",
        1.0,
        40.0,
        "medium",
    )
    # each sentence once: the capacity mode is said where the events are read, not again by the growth's finding
    assert f.evidence == (
        "WriteThrottleEvents: 40 over 4 minutes that no exported reason metric accounts for; not exported: "
        "WriteKeyRangeThroughputThrottleEvents, WriteProvisionedThroughputThrottleEvents, WriteAccountLimitThrottleEvents, "
        "WriteMaxOnDemandThroughputThrottleEvents: their counts are unknown, not zero",
        "capacity mode: on-demand (the table description (BillingModeSummary.BillingMode))",
        "traffic (consumed plus refused) rose to 2.5× its previous peak in the export (at least a new on-demand "
        "table's) as the throttling began",
    )
    # the remedy: warm throughput for the offered peak at chapter 11's 70%: 5,000.17 / 0.7 = 7,143.1, so 7,144
    assert f.numbers == {"target": 7_144.0, "peak": 300_010.0 / 60.0}
    assert f.action.startswith("pre-warm: set the WarmThroughput WriteUnitsPerSecond of the table to at least 7,144")
    assert f.alternatives == ("hot partition, key unknown",)
