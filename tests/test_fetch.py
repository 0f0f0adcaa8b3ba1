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
    assert sorted(p.name for p in out.iterdir()) == sorted([MARKER, *(p.name for p in written.values())])
    m = read_metric_data(written["metrics"], written["queries"], insights=written["insights"], description=written["description"])
    assert m.capacity_mode[0] == "provisioned" and m.description.write_units == 4000
    assert m["ProvisionedWriteCapacityUnits"].tolist() == [4000.0] * m.minutes
    r = subprocess.run([sys.executable, "-m", "hotpart", "diagnose", "--from", str(out), "--out", str(tmp_path / "r")],
                       capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "(single-key write concentration)." in r.stdout and "CUSTOMER#0042" in r.stdout


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
