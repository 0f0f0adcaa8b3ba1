"""Readers and writers of AWS's export formats: round trip, and every bad input named by file and field."""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp
from hotpart.models.observed import ExportError, read_insight_report, read_metric_data, to_insight_report, to_metric_data


def _export(metrics):
    res, queries = to_metric_data(metrics)
    w = 3.0 if metrics.kind == "write" else 1.0  # AWS's ConsumedThroughputUnits weight writes 3
    return res, queries, to_insight_report(metrics.top, "accessed", weight=w), to_insight_report(metrics.top, "throttled")


@pytest.mark.parametrize("name", list(hp.SCENARIOS))
def test_round_trip_gives_identical_metrics_and_the_same_diagnosis(name):
    s = hp.scenario(name)
    res, queries, acc, thr = _export(s.metrics)
    m = read_metric_data(json.loads(json.dumps(res)), json.loads(json.dumps(queries)), insights=acc, throttled_keys=thr)
    assert set(m.table) == set(s.metrics.table)
    for k, v in s.metrics.table.items():
        assert np.array_equal(m.table[k], v), k
    assert set(m.indexes) == set(s.metrics.indexes)
    for i, im in s.metrics.indexes.items():
        for k, v in im.items():
            assert np.array_equal(m.indexes[i][k], v), (i, k)
    w = 3.0 if s.metrics.kind == "write" else 1.0
    for a, b in zip(m.top, s.metrics.top, strict=False):
        assert sorted(a.accessed) == sorted((k, v * w) for k, v in b.accessed) and sorted(a.throttled) == sorted(b.throttled)
        assert (a.total_accessed, a.total_throttled) == (b.total_accessed * w, b.total_throttled)
    d0, d1 = hp.diagnose(s.metrics), hp.diagnose(m)

    def same(d):  # how the capacity mode was read differs: a simulation knows it, an export shows it
        # a simulation's lists count offered units and carry their own total; an export is read as AWS's
        # ConsumedThroughputUnits against the consumed-capacity metrics, so the key's rate and the listed keys'
        # share of the traffic differ (the verdict must not)
        skip = ("capacity mode:", "remedy for")
        return d.symptom, d.rule, d.confidence, [e for e in d.evidence if not e.startswith(skip) and "keys carry" not in e]

    assert same(d1) == same(d0)
    allowed = ("a level at 5-minute points", "read per Operation and summed", "exported, no data points")
    assert all(any(a in note for a in allowed) for note in m.notes), m.notes


def test_requests_estimate_matches_a_plain_simulation():
    m0 = hp.scenario("single-key write concentration").metrics
    m = read_metric_data(*to_metric_data(m0))
    assert np.allclose(m.requests, m0.requests)


def test_without_queries_the_labels_name_the_metrics_and_either_time_order_reads_the_same():
    m0 = hp.scenario("GSI-only throttling").metrics
    new, _ = to_metric_data(m0, newest_first=True)
    old, _ = to_metric_data(m0, newest_first=False)
    a, b = read_metric_data(new), read_metric_data(old)
    for k in m0.table:
        assert np.array_equal(a.table[k], b.table[k])
    assert np.array_equal(a.index("by-status")["WriteThrottleEvents"], m0.index("by-status")["WriteThrottleEvents"])


def _one(values, stamps=None, label="WriteThrottleEvents", status="Complete"):
    stamps = stamps or [f"2026-11-30T09:{i:02d}:00Z" for i in range(len(values))]
    return {"MetricDataResults": [{"Id": "m0", "Label": label, "Timestamps": stamps, "Values": values, "StatusCode": status}]}


def test_gaps_and_partial_data_are_reported_not_hidden():
    m = read_metric_data(_one([1.0, 2.0], ["2026-11-30T09:00:00Z", "2026-11-30T09:03:00Z"], status="PartialData"))
    assert m["WriteThrottleEvents"].tolist() == [1.0, 0.0, 0.0, 2.0]
    assert any("PartialData" in n for n in m.notes)
    assert any("no data point in 2 of 4 periods" in n and "read as 0" in n for n in m.notes)


def test_a_longer_period_is_spread_over_its_minutes():
    m = read_metric_data(_one([300.0, 600.0], ["2026-11-30T09:00:00Z", "2026-11-30T09:05:00Z"]), period=300)
    assert m.minutes == 10 and m["WriteThrottleEvents"].tolist() == [60.0] * 5 + [120.0] * 5
    assert any("spread" in n for n in m.notes)


@pytest.mark.parametrize(
    ("doc", "field"),
    [
        ({"nothing": 1}, "MetricDataResults"),
        ({"MetricDataResults": []}, "MetricDataResults"),
        (_one([1.0, 2.0], ["2026-11-30T09:00:00Z"]), "MetricDataResults[0].Values"),
        (_one([1.0, -2.0]), "MetricDataResults[0].Values[1]"),
        (_one([1.0, "x"]), "MetricDataResults[0].Values[1]"),
        (_one([1.0], label="CPUUtilization"), "MetricDataResults[0].Label"),
        (_one([1.0], ["yesterday"]), "MetricDataResults[0].Timestamps[0]"),
        (_one([1.0], status="InternalError"), "MetricDataResults[0].StatusCode"),
        (_one([1.0, 1.0], ["2026-11-30T09:00:00Z", "2026-11-30T09:00:30Z"]), "MetricDataResults[0].Timestamps"),
        ({"MetricDataResults": [{"Id": "m0", "Label": "WriteThrottleEvents", "Values": []}]}, "MetricDataResults[0].Timestamps"),
    ],
)
def test_bad_metric_data_names_the_field(doc, field):
    with pytest.raises(ExportError) as e:
        read_metric_data(doc)
    assert e.value.field == field
    assert str(e.value).startswith("results: " + field)


def test_bad_files_name_the_file(tmp_path):
    empty = tmp_path / "empty.json"
    empty.write_text("")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    for f in (empty, bad, tmp_path / "missing.json"):
        with pytest.raises(ExportError, match=str(f)):
            read_metric_data(f)


def test_query_file_errors_name_the_query_file(tmp_path):
    m0 = hp.scenario("no throttling").metrics
    res, queries = to_metric_data(m0)
    queries[0]["MetricStat"]["Metric"]["Namespace"] = "AWS/EC2"
    q = tmp_path / "queries.json"
    q.write_text(json.dumps(queries))
    with pytest.raises(ExportError, match=r"queries.json: MetricDataQueries\[0\]\.MetricStat\.Metric\.Namespace"):
        read_metric_data(res, q)
    _, queries = to_metric_data(m0)
    queries[1]["MetricStat"]["Stat"] = "p99"
    with pytest.raises(ExportError, match="Stat"):
        read_metric_data(res, queries)


def test_insight_report_bad_input():
    rep = to_insight_report(hp.scenario("single-key write concentration").metrics.top, "throttled")
    rep["Contributors"][0]["Keys"] = ["a", "b"]
    with pytest.raises(ExportError, match=r"Contributors\[0\]\.Keys"):
        read_insight_report(rep, "throttled")
    with pytest.raises(ExportError, match="KeyLabels"):
        read_insight_report({"Contributors": []})


def test_partial_minute_is_refused_on_export():
    res = hp.simulate(hp.Table(1, wcu=100), [10.0], 90)
    with pytest.raises(ValueError, match="whole number of minutes"):
        to_metric_data(hp.cloudwatch(res))


@settings(max_examples=25, deadline=None)
@given(st.lists(st.floats(0, 1e6, allow_nan=False), min_size=1, max_size=30), st.booleans())
def test_any_series_survives_the_round_trip(values, newest_first):
    top = hp.scenario("no throttling").metrics
    arr = np.array(values)
    m0 = hp.Metrics(kind="write", seconds=60 * len(values), batch_size=1, item_units=1.0, table={"WriteThrottleEvents": arr})
    res, q = to_metric_data(m0, newest_first=newest_first)
    assert np.array_equal(read_metric_data(res, q)["WriteThrottleEvents"], arr)
    assert top.minutes == 10


def test_the_committed_sample_files_are_what_write_sample_exports_writes(tmp_path):
    """If the simulator changes, regenerate them: ``hotpart.write_sample_exports("notebooks/data")``."""
    fresh = hp.write_sample_exports(tmp_path)
    committed = hp.sample_paths()
    for role in ("metrics", "queries", "insights", "throttled_keys"):
        assert json.loads(fresh[role].read_text()) == json.loads(committed[role].read_text()), role


def test_sample_count_of_consumed_capacity_is_read_as_requests():
    m0 = hp.scenario("single-key write concentration").metrics
    res, queries = to_metric_data(m0)
    consumed = next(r for r in res["MetricDataResults"] if r["Label"] == "ConsumedWriteCapacityUnits")
    res["MetricDataResults"].append({**consumed, "Id": "count", "Values": [7.0] * len(consumed["Values"])})
    q = next(q for q in queries if q["Label"] == "ConsumedWriteCapacityUnits")
    queries.append({**q, "Id": "count", "MetricStat": {**q["MetricStat"], "Stat": "SampleCount"}})
    m = read_metric_data(res, queries)
    assert np.array_equal(m["ConsumedWriteCapacityUnits"], m0["ConsumedWriteCapacityUnits"])
    assert np.allclose(m.requests, 7.0 + m0["ThrottledRequests"])
    assert any("SampleCount" in n for n in m.notes)


def _two_minutes():
    return read_metric_data(
        {
            "MetricDataResults": [
                {"Id": "m0", "Label": "WriteThrottleEvents", "Timestamps": [1_800_000_000, 1_800_000_060], "Values": [0.0, 5.0]}
            ]
        }
    )


def _one_key_report():
    dp = {"Timestamp": "2026-11-30T09:00:00Z", "ApproximateValue": 60.0}
    return {"KeyLabels": ["PK"], "Contributors": [{"Keys": ["hot"], "ApproximateAggregateValue": 60.0, "Datapoints": [dp]}]}


def test_timestamp_takes_only_the_metrics_minutes():
    # issue 15: minute -1 gave the minute before the data, nan/inf/'abc'/None raised raw int() errors
    m = _two_minutes()
    assert m.timestamp(1) == "2027-01-15T08:01:00+00:00"
    for bad in (-1, 2, np.nan, np.inf, 1e300, "abc", None):
        with pytest.raises(ValueError, match=r"^minute = .* must be in \[0, 1\]"):
            m.timestamp(bad)


def test_insight_report_start_and_minutes_are_bounded_and_named():
    # issue 15: start 0 or -1 and minutes=1e300 hung (millions of empty minutes built), 'abc' raised a raw TypeError
    rep = _one_key_report()
    t0 = 1_796_029_200  # 2026-11-30T09:00:00Z
    assert read_insight_report(rep, start=t0 - 60)[1].accessed == (("hot", 60.0),)
    for bad in (-1, np.nan, np.inf, 1e300, "abc", 2.5):
        with pytest.raises(ValueError, match=r"^start = "):
            read_insight_report(rep, start=bad)
    for bad in (0, t0 + 60):  # the last data point 29 million minutes later, or before start
        with pytest.raises(ValueError, match=r"^start = .* minutes"):
            read_insight_report(rep, start=bad)
    for bad in (0, 1e300, np.nan, "abc"):
        with pytest.raises(ValueError, match=r"^minutes = "):
            read_insight_report(rep, minutes=bad)


def test_period_is_a_whole_number_of_minutes_up_to_a_day():
    # issue 15: period=1e300 was accepted and failed later naming the file's Timestamps
    res = {"MetricDataResults": [{"Id": "m0", "Label": "WriteThrottleEvents", "Timestamps": [0, 3_600], "Values": [0.0, 5.0]}]}
    assert read_metric_data(res, period=3_600).minutes == 120
    for bad in (1e300, 86_460, 90, 30, np.nan, "abc"):
        with pytest.raises(ValueError, match=r"^period = "):
            read_metric_data(res, period=bad)
    with pytest.raises(ExportError, match="epoch seconds"):
        read_metric_data({"MetricDataResults": [{**res["MetricDataResults"][0], "Timestamps": [0, 1e300]}]})


def test_the_sample_simulation_takes_no_seed_and_the_exports_refuse_a_bad_one(tmp_path):
    # issue 15: sample_simulation(seed) accepted any seed and ignored it
    import inspect

    assert not inspect.signature(hp.sample_simulation).parameters
    for bad in (None, -1, 1.5, "abc"):
        with pytest.raises(ValueError, match=r"^seed = "):
            hp.write_sample_exports(tmp_path, seed=bad)


def test_fit_zipf_refuses_a_table_of_counts_and_bounds_its_keys():
    # issue 39: a 2 x 3 array was fitted as six counts, and ten million keys ran out of memory
    with pytest.raises(ValueError, match=r"^counts has 2 dimensions \(shape \(2, 3\)\): must be a 1-D array"):
        hp.fit_zipf([[5, 3, 2], [9, 4, 1]])
    with pytest.raises(ValueError, match=r"^counts has 5,000,001 values: must have at most 5,000,000$"):
        hp.fit_zipf(np.ones(5_000_001))
    ranks = np.arange(1, 1_001)
    fit = hp.fit_zipf(np.round(1e6 * ranks**-1.1))
    assert fit.ci_low < 1.1 < fit.ci_high


def test_read_metric_data_refuses_an_item_units_that_makes_the_requests_infinite():
    # issue 39: the error named requests[0], a value the caller never passed; it now names item_units
    results = {
        "MetricDataResults": [
            {"Id": "m1", "Label": "ConsumedWriteCapacityUnits", "StatusCode": "Complete",
             "Timestamps": ["2026-11-30T09:01:00Z", "2026-11-30T09:00:00Z"], "Values": [6000.0, 6000.0]}
        ]
    }  # fmt: skip
    with pytest.raises(ValueError, match=r"^item_units = 5e-324 is out of range: must be >= .*consumed units"):
        read_metric_data(results, item_units=5e-324)
    assert read_metric_data(results, item_units=2.0).requests.tolist() == [3000.0, 3000.0]
