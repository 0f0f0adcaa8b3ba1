"""Readers and writers of AWS's export formats: round trip, and every bad input named by file and field."""

import dataclasses
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp
from hotpart.models.exports import to_insight_report, to_metric_data
from hotpart.models.insight_reports import read_insight_report
from hotpart.models.metric_data import ExportError
from hotpart.models.observed import read_metric_data


def _export(metrics):
    res, queries = to_metric_data(metrics)
    w = 3.0 if metrics.kind == "write" else 1.0  # AWS's ConsumedThroughputUnits weight writes 3
    r = metrics.key_reports[""]
    return (
        res,
        queries,
        to_insight_report(metrics.top, "accessed", weight=w, unique=int(r.unique_accessed)),
        to_insight_report(metrics.top, "throttled", unique=int(r.unique_throttled)),
    )


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

    def same(d):  # the causes, their scopes, shares and confidence; the index's reports are not exported here
        return [(f.row, f.scope, f.kind, round(f.share, 9), f.confidence) for f in d.findings if not f.scope]

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


# --- issue 47: several exports of one table, and Contributor Insights per scope ---------------------------------


def _halves(tmp_path, overlap=0, gap=0, period2=None):
    """One simulated table's export cut in two files by time, as people export an incident in pieces."""
    m0 = hp.scenario("single-key write concentration", minutes=20).metrics
    res, queries = to_metric_data(m0, newest_first=True)
    cut = 10
    first, second = json.loads(json.dumps(res)), json.loads(json.dumps(res))
    for doc, keep in ((first, lambda i: i < cut + overlap), (second, lambda i: i >= cut + gap)):
        for r in doc["MetricDataResults"]:
            pairs = [(t, v) for t, v in zip(r["Timestamps"], r["Values"], strict=True) if keep(int(t[14:16]))]
            r["Timestamps"], r["Values"] = [t for t, _ in pairs], [v for _, v in pairs]
    (tmp_path / "q1.json").write_text(json.dumps(queries))
    q2 = json.loads(json.dumps(queries))
    if period2 is not None:
        for q in q2:
            if q["MetricStat"]["Metric"]["MetricName"] == "WriteThrottleEvents":
                q["MetricStat"]["Period"] = period2
    (tmp_path / "q2.json").write_text(json.dumps(q2))
    (tmp_path / "a.json").write_text(json.dumps(first))
    (tmp_path / "b.json").write_text(json.dumps(second))
    return m0, [str(tmp_path / "a.json"), str(tmp_path / "b.json")], [str(tmp_path / "q1.json"), str(tmp_path / "q2.json")]


@pytest.mark.parametrize("overlap", [0, 3])
def test_consecutive_or_overlapping_exports_read_together_as_one(tmp_path, overlap):
    m0, files, queries = _halves(tmp_path, overlap=overlap)
    m = read_metric_data(files, queries[0])
    assert m.minutes == 20 and not m.gaps.any()
    for k, v in m0.table.items():
        assert np.array_equal(m.table[k], v), k
    bare = dataclasses.replace(m0, top=None, key_reports={})  # the exports carry no Contributor Insights here
    assert hp.diagnose(m).findings == hp.diagnose(bare).findings
    assert not any("disagree" in n for n in m.notes)


def test_a_gap_between_exports_is_said_as_a_gap_not_read_as_quiet(tmp_path):
    _, files, queries = _halves(tmp_path, gap=4)
    m = read_metric_data(files, queries)
    assert m.minutes == 20 and m.gaps.tolist() == [False] * 10 + [True] * 4 + [False] * 6
    assert any("no export covers 4 minutes between the exports" in n and "not zero traffic" in n for n in m.notes)
    # the gap's minutes are not quiet minutes: no short spike is read from the missing middle
    assert all(f.row != "short spike" for f in hp.diagnose(m).findings)


def test_overlapping_exports_that_disagree_keep_the_larger_value_and_say_so(tmp_path):
    _, files, queries = _halves(tmp_path, overlap=2)
    doc = json.loads((tmp_path / "b.json").read_text())
    r = next(r for r in doc["MetricDataResults"] if r["Label"] == "WriteThrottleEvents")
    r["Values"] = [v + 1.0 for v in r["Values"]]
    (tmp_path / "b.json").write_text(json.dumps(doc))
    m = read_metric_data(files, queries[0])
    assert any("disagree at" in n and "larger value" in n for n in m.notes)


def test_a_period_mismatch_between_exports_is_refused_by_name(tmp_path):
    _, files, queries = _halves(tmp_path, period2=300)
    with pytest.raises(
        ExportError, match=r"b\.json: WriteThrottleEvents Period: expected the period of the same metric in .*a\.json \(60 s\)"
    ):
        read_metric_data(files, queries)


def test_two_files_with_the_same_ids_are_not_confused_with_one_file(tmp_path):
    # the case: --metrics twice with one queries file was refused pointing at an entry of neither file
    _, files, queries = _halves(tmp_path)
    n = len(json.loads((tmp_path / "b.json").read_text())["MetricDataResults"])
    doc = json.loads((tmp_path / "b.json").read_text())
    doc["MetricDataResults"][0]["Values"] = doc["MetricDataResults"][0]["Values"][:-1]
    (tmp_path / "b.json").write_text(json.dumps(doc))
    with pytest.raises(ExportError, match=r"b\.json: MetricDataResults\[0\]\.Values"):
        read_metric_data(files, queries[0])
    assert n < 100


def _report(keys_minutes, unique=None, rule=None, sums=None):
    minutes = sorted({m for _, m, _ in keys_minutes} | set(sums or {}))
    doc = {
        "KeyLabels": ["pk"],
        "Contributors": [
            {"Keys": [k], "ApproximateAggregateValue": v,
             "Datapoints": [{"Timestamp": f"2026-11-30T09:{m:02d}:00Z", "ApproximateValue": v}]}
            for k, m, v in keys_minutes
        ],
        "MetricDatapoints": [{"Timestamp": f"2026-11-30T09:{m:02d}:00Z", **({"Sum": sums[m]} if sums else {})}
                             for m in range(max(minutes) + 1)],
    }  # fmt: skip
    if unique is not None:
        doc["ApproximateUniqueCount"] = unique
    if rule is not None:
        doc["RuleName"] = rule
    return doc


def test_the_scope_of_a_report_is_read_from_its_rule_name():
    assert hp.insight_rule_scope("DynamoDBContributorInsights-PKC-orders/status-index-1764493200000") == (
        "accessed",
        "status-index",
    )
    assert hp.insight_rule_scope("DynamoDBContributorInsights-PKT-orders-status-index-1764493200000", "orders") == (
        "throttled", "status-index")  # fmt: skip
    assert hp.insight_rule_scope("DynamoDBContributorInsights-PKT-orders-1764493200000", "orders", ["status-index"]) == (
        "throttled", "")  # fmt: skip
    assert hp.insight_rule_scope("DynamoDBContributorInsights-SKT-orders-1", "orders") == ("throttled", "")
    assert hp.insight_rule_scope("DynamoDBContributorInsights-Orders") is None


def test_a_report_of_the_wrong_kind_is_refused_by_its_rule_name():
    rep = _report([("a", 0, 5.0)], rule="DynamoDBContributorInsights-PKT-orders-1")
    with pytest.raises(
        ExportError,
        match=r"RuleName: expected a most-accessed \(PKC\) report for this option; .*PKT.* is a most-throttled \(PKT\) "
        r"report \(--throttled-keys\)",
    ):
        read_insight_report(rep, "accessed")


def test_minutes_with_throttling_and_no_contributor_are_read_as_they_are():
    # the launch spike: a throttled minute whose keys are too thin to be listed, with and without a Sum
    rep = _report([("k1", 0, 2.0)], unique=2_350_000, sums={0: 40_000.0, 1: 39_000.0})
    top = read_insight_report(rep, "throttled")
    assert len(top) == 2 and top[1].throttled == () and top[1].total_throttled == 39_000.0
    r = hp.read_key_report(throttled=rep)
    assert r.unique_throttled == 2_350_000 and r.listed_throttled == 1 and not r.accessed


def test_approximate_unique_count_decides_the_key_space_not_the_lists():
    listed = _report([(f"k{i}", 0, 100.0) for i in range(10)], unique=402_118)
    whole = _report([(f"k{i}", 0, 100.0) for i in range(4)], unique=4)
    assert not hp.read_key_report(listed).key_space_listed()
    assert hp.read_key_report(whole).key_space_listed()


def test_reports_of_every_scope_are_read_by_rule_name_or_given_scope():
    m0 = hp.scenario("GSI-only throttling").metrics
    res, queries = to_metric_data(m0)
    table_rep = _report([("ORDER#1", 0, 5.0)], unique=2_000, rule="DynamoDBContributorInsights-PKC-orders-1")
    index_rep = _report([("OPEN", 0, 5.0)], unique=3, rule="DynamoDBContributorInsights-PKC-orders/by-status-1")
    m = read_metric_data(res, queries, insights=[table_rep, index_rep])
    assert set(m.key_reports) == {"", "by-status"} and m.key_reports["by-status"].unique_accessed == 3
    m2 = read_metric_data(res, queries, insights=[("by-status", _report([("OPEN", 0, 5.0)]))])
    assert set(m2.key_reports) == {"by-status"}
    with pytest.raises(ExportError, match="one most-accessed report for index 'by-status'"):
        read_metric_data(res, queries, insights=[index_rep, index_rep])
    bad = _report([("x", 0, 1.0)], rule="DynamoDBContributorInsights-PKC-orders/no-such-index-1")
    with pytest.raises(ExportError, match="one of its indexes"):
        read_metric_data(res, queries, insights=[bad])


def test_the_generative_exporter_round_trips_a_table_with_indexes():
    s = hp.scenario("GSI-only throttling")
    files = hp.simulated_exports(s.result, table="orders")
    assert {"insights-accessed-by-status.json", "insights-throttled-by-status.json", "table.json"} <= set(files)
    m = read_metric_data(
        files["metrics.json"], files["queries.json"], description=files["table.json"],
        insights=[files["insights-accessed.json"], files["insights-accessed-by-status.json"]],
        throttled_keys=[files["insights-throttled.json"], files["insights-throttled-by-status.json"]],
    )  # fmt: skip
    for k, v in s.metrics.indexes["by-status"].items():
        if k in m.indexes["by-status"]:
            assert np.allclose(m.indexes["by-status"][k], v), k
        else:  # exported with no data point: nothing to count in any minute
            assert float(v.sum()) == 0 and m.has(k, "by-status"), k
    # a throttle count has no data point in a quiet minute: no WriteThrottleEvents of the table at all
    wte = next(r for r in files["metrics.json"]["MetricDataResults"] if r["Label"] == "WriteThrottleEvents")
    assert wte["Timestamps"] == [] and "WriteThrottleEvents" not in m.table and m.has("WriteThrottleEvents")
    d = hp.diagnose(m)
    assert (d.symptom, d.findings[0].scope, d.findings[0].cause) == ("GSI-only throttling", "by-status", "small key space")
