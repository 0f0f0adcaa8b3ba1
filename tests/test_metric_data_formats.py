"""CloudWatch exports in the shapes the AWS CLI writes them, beyond `hotpart fetch`'s own: the queries file of
`get-metric-data --cli-input-json` ({"MetricDataQueries": [...]}), a math expression among the queries, timestamps
without a zone, `get-metric-statistics` output one metric per file, gzip and PowerShell's UTF-16; and each malformed
field refused in one line naming the file and the field."""

from __future__ import annotations

import copy
import gzip
import json

import numpy as np
import pytest

import hotpart as hp

KEYS = [f"K{i}" for i in range(100)]


@pytest.fixture(scope="module")
def files():
    res = hp.simulate(hp.Table(4, wcu=4_000), [1_500.0] + [10.0] * 99, 300, keys=KEYS)
    return hp.simulated_exports(res)


def _read(metrics, queries, **kw):
    return hp.read_metric_data(metrics, queries, **kw)


def _same(a, b, name="WriteKeyRangeThroughputThrottleEvents"):
    assert a.minutes == b.minutes and np.array_equal(a[name], b[name])


def test_the_cli_input_json_form_of_the_queries_reads_as_the_list(files):
    wrapped = {"StartTime": "2026-11-30T09:00:00Z", "EndTime": "2026-11-30T09:05:00Z", "MetricDataQueries": files["queries.json"]}
    _same(_read(files["metrics.json"], wrapped), _read(files["metrics.json"], files["queries.json"]))


def test_a_math_expression_query_is_skipped_with_a_note(files):
    queries = [*files["queries.json"], {"Id": "e1", "Expression": "m0 * 2", "Label": "doubled", "ReturnData": True}]
    metrics = copy.deepcopy(files["metrics.json"])
    first = metrics["MetricDataResults"][0]
    metrics["MetricDataResults"].append(dict(first, Id="e1", Label="doubled"))
    m = _read(metrics, queries)
    assert "query 'e1': a math expression, not a metric: skipped" in m.notes
    _same(m, _read(files["metrics.json"], files["queries.json"]))


def test_timestamps_without_a_zone_are_utc(files):
    metrics = copy.deepcopy(files["metrics.json"])
    for r in metrics["MetricDataResults"]:
        r["Timestamps"] = [t.replace("Z", "").replace("+00:00", "") for t in r["Timestamps"]]
    a, b = _read(metrics, files["queries.json"]), _read(files["metrics.json"], files["queries.json"])
    _same(a, b)
    assert a.timestamp(0) == b.timestamp(0)


def test_gzip_and_utf16_files_read_like_the_plain_file(files, tmp_path):
    text = json.dumps(files["metrics.json"])
    (tmp_path / "q.json").write_text(json.dumps(files["queries.json"]))
    (tmp_path / "m.json.gz").write_bytes(gzip.compress(text.encode()))
    (tmp_path / "m16.json").write_bytes(text.encode("utf-16"))  # with its BOM, as PowerShell's > writes
    plain = _read(files["metrics.json"], files["queries.json"])
    _same(_read(tmp_path / "m.json.gz", tmp_path / "q.json"), plain)
    _same(_read(tmp_path / "m16.json", tmp_path / "q.json"), plain)
    (tmp_path / "cut.json.gz").write_bytes(gzip.compress(text.encode())[:40])
    with pytest.raises(hp.ExportError, match=r"cut\.json\.gz: \(file\): expected a complete gzip file"):
        _read(tmp_path / "cut.json.gz", tmp_path / "q.json")


def test_get_metric_statistics_output_one_metric_per_file(files, tmp_path):
    # aws cloudwatch get-metric-statistics --statistics Sum: {"Label": ..., "Datapoints": [{"Timestamp", "Sum", "Unit"}]}
    paths = []
    for label in ("ConsumedWriteCapacityUnits", "WriteThrottleEvents"):
        r = next(x for x in files["metrics.json"]["MetricDataResults"] if x["Label"] == label)
        points = [{"Timestamp": t, "Sum": v, "Unit": "Count"} for t, v in zip(r["Timestamps"], r["Values"], strict=True)]
        paths.append(tmp_path / f"{label}.json")
        paths[-1].write_text(json.dumps({"Label": label, "Datapoints": points}))
    m = hp.read_metric_data(paths)
    want = _read(files["metrics.json"], files["queries.json"])
    assert np.array_equal(m["WriteThrottleEvents"], want["WriteThrottleEvents"])
    assert np.array_equal(m["ConsumedWriteCapacityUnits"], want["ConsumedWriteCapacityUnits"])
    wrong = {"Label": "WriteThrottleEvents", "Datapoints": [{"Timestamp": points[0]["Timestamp"], "Average": 1.0}]}
    with pytest.raises(
        hp.ExportError,
        match=r"Datapoints\[\*\]: expected the Sum statistic for WriteThrottleEvents \(--statistics Sum\), got \['Average'\]",
    ):
        hp.read_metric_data(wrong)


def _query_edit(files, edit):
    queries = copy.deepcopy(files["queries.json"])
    edit(queries[0])
    return queries


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (
            lambda q: q["MetricStat"].__setitem__("Period", 30),
            r"MetricStat\.Period: expected a whole number of minutes, from 60 to",
        ),
        (lambda q: q["MetricStat"].__setitem__("Period", 90), r"MetricStat\.Period: expected a whole number of minutes"),
        (
            lambda q: q["MetricStat"]["Metric"].__setitem__("Dimensions", {"TableName": "orders"}),
            r"MetricStat\.Metric\.Dimensions: expected a JSON array of \{Name, Value\}",
        ),
        (
            lambda q: q["MetricStat"]["Metric"].__setitem__("Namespace", "AWS/Lambda"),
            r"MetricStat\.Metric\.Namespace: expected 'AWS/DynamoDB', got 'AWS/Lambda'",
        ),
    ],
)
def test_a_malformed_query_is_refused_naming_its_field(files, edit, expected):
    with pytest.raises(hp.ExportError, match=r"^queries: MetricDataQueries\[0\]\." + expected):
        _read(files["metrics.json"], _query_edit(files, edit))


def test_queries_that_are_no_list_and_timestamps_that_are_no_time_are_refused(files):
    with pytest.raises(hp.ExportError, match=r"MetricDataQueries: expected a JSON array of MetricDataQuery objects"):
        _read(files["metrics.json"], 7)
    metrics = copy.deepcopy(files["metrics.json"])
    i = next(i for i, r in enumerate(metrics["MetricDataResults"]) if len(r["Timestamps"]) > 1)
    metrics["MetricDataResults"][i]["Timestamps"][0] = "yesterday"
    with pytest.raises(
        hp.ExportError, match=rf"MetricDataResults\[{i}\]\.Timestamps\[0\]: expected an ISO 8601 timestamp, got 'yesterday'"
    ):
        _read(metrics, files["queries.json"])
    metrics["MetricDataResults"][i]["Timestamps"][0] = metrics["MetricDataResults"][i]["Timestamps"][1]
    with pytest.raises(hp.ExportError, match=rf"MetricDataResults\[{i}\]\.Timestamps: expected each timestamp once"):
        _read(metrics, files["queries.json"])


def test_a_description_of_another_table_is_refused(files):
    other = copy.deepcopy(files["table.json"])
    other["Table"]["TableName"] = "invoices"
    with pytest.raises(
        hp.ExportError, match=r"Table\.TableName: expected the table the metrics are for \('orders'\), got 'invoices'"
    ):
        _read(files["metrics.json"], files["queries.json"], description=other)


def test_results_without_a_data_point_and_a_window_beyond_the_limit_are_refused(files):
    empty = copy.deepcopy(files["metrics.json"])
    for r in empty["MetricDataResults"]:
        r["Timestamps"], r["Values"] = [], []
    with pytest.raises(hp.ExportError, match=r"MetricDataResults\[\*\]\.Timestamps: expected at least one data point"):
        _read(empty, files["queries.json"])
    far = copy.deepcopy(files["metrics.json"])
    i = next(i for i, r in enumerate(far["MetricDataResults"]) if len(r["Timestamps"]) > 1)
    far["MetricDataResults"][i]["Timestamps"][0] = "2066-11-30T09:00:00Z"  # forty years after the rest
    with pytest.raises(hp.ExportError, match=r"Timestamps: expected at most [\d,]+ minutes from the first to the last"):
        _read(far, files["queries.json"])


def test_reports_given_by_scope_and_a_report_period_off_the_minute(files):
    acc, thr = files["insights-accessed.json"], files["insights-throttled.json"]
    by_scope = _read(files["metrics.json"], files["queries.json"], insights={"": acc}, throttled_keys={"": thr})
    assert by_scope.insights_exported == (True, True)
    # a table's report handed over as an index's is refused by its rule name, as a (scope, report) pair always was
    with pytest.raises(hp.ExportError, match=r"RuleName: expected a report of by-status \(as given\)"):
        _read(files["metrics.json"], files["queries.json"], insights={"by-status": acc})
    with pytest.raises(ValueError, match=r"insights_period"):
        _read(files["metrics.json"], files["queries.json"], insights=acc, insights_period=30)
