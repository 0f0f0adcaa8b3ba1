"""The export step (issue 36, part 5): ``queries`` and ``fetch``. No test reaches AWS: moto's server on localhost
serves DescribeTable and GetMetricData (which it implements), and botocore's Stubber serves
DescribeContributorInsights and GetInsightRuleReport (which moto does not), checking each request and response
against AWS's service model."""

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import boto3
import pytest
from botocore.stub import ANY, Stubber

from conftest import ROOT
from hotpart._aws import GET_METRIC_DATA_MAX_QUERIES, cli_commands, fetch, metric_queries
from hotpart._outdir import MARKER
from hotpart.models.observed import read_metric_data

moto_server = pytest.importorskip("moto.server")
T0 = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
CREDS = {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing", "AWS_DEFAULT_REGION": "us-east-1"}


@pytest.fixture(scope="module")
def endpoint():
    server = moto_server.ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    yield f"http://{host}:{port}"
    server.stop()


def _session():
    return boto3.session.Session(aws_access_key_id="testing", aws_secret_access_key="testing", region_name="us-east-1")


def _seed(endpoint, table="orders"):
    """A provisioned table with one index, and its throttling metrics put into moto's CloudWatch."""
    s = _session()
    ddb = s.client("dynamodb", endpoint_url=endpoint)
    if table not in ddb.list_tables()["TableNames"]:
        ddb.create_table(
            TableName=table,
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "st", "AttributeType": "S"}],
            ProvisionedThroughput={"ReadCapacityUnits": 1000, "WriteCapacityUnits": 4000},
            GlobalSecondaryIndexes=[{
                "IndexName": "status-index", "KeySchema": [{"AttributeName": "st", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "KEYS_ONLY"},
                "ProvisionedThroughput": {"ReadCapacityUnits": 100, "WriteCapacityUnits": 4000},
            }],
        )  # fmt: skip
    cw = s.client("cloudwatch", endpoint_url=endpoint)
    dims = [{"Name": "TableName", "Value": table}]
    data = []
    for m in range(30):
        t = T0 + timedelta(minutes=m)
        data.append({"MetricName": "ConsumedWriteCapacityUnits", "Dimensions": dims, "Value": 1_560 * 60.0, "Timestamp": t})
        if m % 5 == 0:
            data.append({"MetricName": "ProvisionedWriteCapacityUnits", "Dimensions": dims, "Value": 4000.0, "Timestamp": t})
        if m >= 5:
            data.append({"MetricName": "WriteThrottleEvents", "Dimensions": dims, "Value": 4_200.0, "Timestamp": t})
    for i in range(0, len(data), 20):
        cw.put_metric_data(Namespace="AWS/DynamoDB", MetricData=data[i : i + 20])


def test_the_queries_cover_what_diagnose_reads_with_awss_periods_and_dimensions():
    q = metric_queries("orders", ["status-index"])
    names = {(x["MetricStat"]["Metric"]["MetricName"], x["MetricStat"]["Period"]) for x in q}
    assert ("ProvisionedWriteCapacityUnits", 300) in names and ("WriteKeyRangeThroughputThrottleEvents", 60) in names
    ops = [x for x in q if x["MetricStat"]["Metric"]["MetricName"] == "ThrottledRequests"]
    assert ops and all({d["Name"] for d in x["MetricStat"]["Metric"]["Dimensions"]} == {"TableName", "Operation"} for x in ops)
    assert any(d.get("Value") == "status-index" for x in q for d in x["MetricStat"]["Metric"]["Dimensions"])
    assert len({x["Id"] for x in q}) == len(q) and len(q) <= GET_METRIC_DATA_MAX_QUERIES
    assert any("DynamoDBContributorInsights-PKT-orders-status-index" in c for c in cli_commands("orders", ["status-index"]))


def test_the_queries_command_prints_json_and_the_commands(tmp_path):
    r = subprocess.run([sys.executable, "-m", "hotpart", "queries", "orders", "--index", "status-index"],
                       capture_output=True, text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)})  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == metric_queries("orders", ["status-index"])
    assert "aws cloudwatch get-metric-data" in r.stderr and "describe-table" in r.stderr


def test_too_many_indexes_for_one_call_is_refused_in_one_line(tmp_path):
    idx = [arg for i in range(30) for arg in ("--index", f"i{i}")]
    r = subprocess.run([sys.executable, "-m", "hotpart", "queries", "orders", *idx], capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})  # fmt: skip
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "at most 500" in r.stderr


def _stub_only(client, method, responses):
    """Serve ``method`` from botocore's Stubber (each request checked against the service model), the rest from moto."""
    stub = Stubber(client)
    for response, params in responses:
        stub.add_response(method, response, params)
    real = getattr(client, method)

    def call(**kw):
        stub.activate()
        try:
            return real(**kw)
        finally:
            stub.deactivate()

    setattr(client, method, call)
    return stub


def _stub_insights(session, rules, report):
    """Stubbed clients for the two calls moto does not implement; ``session.stubs`` keeps the stubs to check."""
    real = session.client
    session.stubs = []
    report_params = {"RuleName": ANY, "StartTime": ANY, "EndTime": ANY, "Period": 60, "MaxContributorCount": 25}

    def client(name, **kw):
        c = real(name, **kw)
        if name == "dynamodb":
            session.stubs.append(_stub_only(c, "describe_contributor_insights", [
                ({"TableName": "orders", "ContributorInsightsRuleList": rules, "ContributorInsightsStatus": "ENABLED"},
                 {"TableName": "orders"}),
                ({"TableName": "orders", "IndexName": "status-index", "ContributorInsightsStatus": "DISABLED"},
                 {"TableName": "orders", "IndexName": "status-index"}),
            ]))  # fmt: skip
        if name == "cloudwatch":
            n = sum(r.startswith(("DynamoDBContributorInsights-PKC-", "DynamoDBContributorInsights-PKT-")) for r in rules)
            session.stubs.append(_stub_only(c, "get_insight_rule_report", [(report, report_params)] * n))
        return c

    session.client = client
    return session


REPORT = {
    "KeyLabels": ["pk"],
    "AggregationStatistic": "Sum",
    "AggregateValue": 3 * 1_200 * 60.0 * 30,
    "ApproximateUniqueCount": 1000,
    "Contributors": [{
        "Keys": ["CUSTOMER#0042"], "ApproximateAggregateValue": 3 * 1_200 * 60.0 * 30,
        "Datapoints": [{"Timestamp": T0 + timedelta(minutes=m), "ApproximateValue": 3 * 1_200 * 60.0} for m in range(30)],
    }],
    "MetricDatapoints": [{"Timestamp": T0 + timedelta(minutes=m), "Sum": 3 * 1_560 * 60.0} for m in range(30)],
}  # fmt: skip


def test_fetch_writes_what_diagnose_from_reads(endpoint, tmp_path, monkeypatch):
    for k, v in CREDS.items():
        monkeypatch.setenv(k, v)
    _seed(endpoint)
    s = _stub_insights(
        _session(), ["DynamoDBContributorInsights-PKC-orders-1", "DynamoDBContributorInsights-PKT-orders-1"], REPORT
    )
    out = tmp_path / "exports"
    written = fetch("orders", "2026-11-30T09:00:00Z", "2026-11-30T09:30:00Z", out, session=s, endpoint_url=endpoint)
    for stub in s.stubs:  # every stubbed call was made: the table's and the index's Insights, both reports
        stub.assert_no_pending_responses()
    assert not written.failures
    assert sorted(p.name for p in out.iterdir()) == sorted([MARKER, *(p.name for p in written.files.values())])
    m = read_metric_data(written["metrics"], written["queries"], insights=written["insights"], description=written["description"])
    assert m.capacity_mode[0] == "provisioned" and m.description.write_units == 4000
    assert m["ProvisionedWriteCapacityUnits"].tolist() == [4000.0] * m.minutes
    r = subprocess.run([sys.executable, "-m", "hotpart", "diagnose", "--from", str(out), "--out", str(tmp_path / "r")],
                       capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "1. Single-key write concentration on the table's writes" in r.stdout and "CUSTOMER#0042" in r.stdout


def test_fetch_refuses_a_folder_holding_the_users_files(endpoint, tmp_path, monkeypatch):
    for k, v in CREDS.items():
        monkeypatch.setenv(k, v)
    _seed(endpoint)
    (tmp_path / "mine.txt").write_text("keep")
    s = _stub_insights(_session(), [], REPORT)
    with pytest.raises(ValueError, match="nothing was written"):
        fetch("orders", "2026-11-30T09:00:00Z", "2026-11-30T09:30:00Z", tmp_path, session=s, endpoint_url=endpoint)
    assert [p.name for p in tmp_path.iterdir()] == ["mine.txt"]


def test_fetch_of_a_missing_table_is_one_line_from_the_cli(endpoint, tmp_path):
    r = subprocess.run(
        [sys.executable, "-m", "hotpart", "fetch", "no-such-table", "--start", "2026-11-30T09:00:00Z",
         "--end", "2026-11-30T09:30:00Z", "--out", str(tmp_path / "o"), "--endpoint-url", endpoint],
        capture_output=True, text=True, env={**os.environ, **CREDS, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert r.returncode == 1 and len(r.stderr.strip().splitlines()) == 1 and "ResourceNotFound" in r.stderr, r.stderr
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize(
    ("start", "end", "match"),
    [("yesterday", "2026-11-30T09:30:00Z", "start"), ("2026-11-30T10:00:00Z", "2026-11-30T09:00:00Z", "before")],
)
def test_fetch_refuses_a_bad_window_by_name(start, end, match, tmp_path):
    with pytest.raises(ValueError, match=match):
        fetch("orders", start, end, tmp_path / "o", session=_session(), endpoint_url="http://127.0.0.1:9")


# --- issue 47: fetch keeps what it fetched ---------------------------------------------------------------------


def _cli(*args, env=None):
    return subprocess.run([sys.executable, "-m", "hotpart", *map(str, args)], capture_output=True, text=True,
                          env={**os.environ, **CREDS, "PYTHONPATH": str(ROOT), **(env or {})}, timeout=240)  # fmt: skip


def test_fetch_against_moto_without_contributor_insights_keeps_the_rest_and_says_what_failed(endpoint, tmp_path):
    # moto does not implement DescribeContributorInsights: the call fails, the metrics and description are kept
    _seed(endpoint, table="no-insights")  # a table of its own: the module's server keeps what other tests put
    out = tmp_path / "exports"
    r = _cli("fetch", "no-insights", "--start", "2026-11-30T09:00:00Z", "--end", "2026-11-30T09:30:00Z", "--out", out,
             "--endpoint-url", endpoint)  # fmt: skip
    assert r.returncode == 0, r.stderr
    notes = [line for line in r.stderr.splitlines() if line.startswith("hotpart: note: DescribeContributorInsights")]
    assert len(notes) == 2 and all("dynamodb:DescribeContributorInsights" in n and "(optional)" in n for n in notes), r.stderr
    assert {p.name for p in out.iterdir()} >= {"metrics.json", "queries.json", "table.json", "fetch-notes.json"}
    failed = json.loads((out / "fetch-notes.json").read_text())["failed"]
    assert [(f["call"], f["iam_action"], f["required"]) for f in failed] == [
        ("DescribeContributorInsights", "dynamodb:DescribeContributorInsights", False)] * 2  # fmt: skip
    assert {f["scope"] for f in failed} == {"the table", "index status-index"}
    d = _cli("diagnose", "--from", out, "--out", tmp_path / "report")
    assert d.returncode == 0, d.stderr
    assert "What fetch could not export" in d.stdout and "DescribeContributorInsights for the table" in d.stdout
    report = (tmp_path / "report" / "report.md").read_text()
    assert "## What fetch could not export" in report and "1. Hot partition, key unknown on the table's writes" in report


def _refuse(session, method, code, status=400):
    """A session whose clients refuse one call with AWS's error (botocore's Stubber), the rest from moto."""
    real = session.client

    def client(name, **kw):
        c = real(name, **kw)
        if hasattr(c, method):
            stub = Stubber(c)
            stub.add_client_error(method, service_error_code=code, service_message=f"User is not authorized to perform: {method}",
                                  http_status_code=status)  # fmt: skip
            stub.add_client_error(method, service_error_code=code, service_message="denied", http_status_code=status)
            original = getattr(c, method)

            def call(**k):
                stub.activate()
                try:
                    return original(**k)
                finally:
                    stub.deactivate()

            setattr(c, method, call)
        return c

    session.client = client
    return session


def test_a_denied_contributor_insights_call_is_noted_and_the_folder_written(endpoint, tmp_path, monkeypatch):
    for k, v in CREDS.items():
        monkeypatch.setenv(k, v)
    _seed(endpoint)
    s = _refuse(_session(), "describe_contributor_insights", "AccessDeniedException")
    got = fetch("orders", "2026-11-30T09:00:00Z", "2026-11-30T09:30:00Z", tmp_path / "o", session=s, endpoint_url=endpoint)
    assert not got.required_failed and [f.code for f in got.failures] == ["AccessDeniedException"] * 2
    assert "it needs dynamodb:DescribeContributorInsights (optional)" in str(got.failures[0])
    assert got["notes"].exists() and got["metrics"].exists() and got["description"].exists()
    m = read_metric_data(got["metrics"], got["queries"], description=got["description"])
    assert m.minutes == 30 and not m["WriteThrottleEvents"][:5].any() and m["WriteThrottleEvents"][5:].all()


def test_a_denied_describe_table_keeps_the_metrics_and_fails_the_command(endpoint, tmp_path, monkeypatch):
    for k, v in CREDS.items():
        monkeypatch.setenv(k, v)
    _seed(endpoint)
    s = _refuse(_stub_insights(_session(), [], REPORT), "describe_table", "AccessDeniedException")
    got = fetch("orders", "2026-11-30T09:00:00Z", "2026-11-30T09:30:00Z", tmp_path / "o", session=s, endpoint_url=endpoint)
    assert got.required_failed and got.failures[0].iam_action == "dynamodb:DescribeTable"
    assert "description" not in got.files and got["metrics"].exists()
    failed = json.loads(got["notes"].read_text())["failed"]
    assert failed[0]["call"] == "DescribeTable" and failed[0]["required"] is True
