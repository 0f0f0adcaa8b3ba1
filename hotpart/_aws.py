"""The export step: the queries diagnose reads, the AWS CLI commands that export them, and ``fetch`` with boto3.

``python -m hotpart queries TABLE [--index NAME ...]`` prints the ``--metric-data-queries`` JSON for every
metric :func:`hotpart.diagnose` reads (AWS's periods and dimensions, at most 500 queries per
``GetMetricData`` call) and the AWS CLI commands that export the rest. ``python -m hotpart fetch TABLE
--start ISO --end ISO --out DIR`` makes the same calls with boto3 (``DescribeTable``, ``GetMetricData``
following ``NextToken``, ``DescribeContributorInsights``, ``GetInsightRuleReport``) and writes exactly the
files ``diagnose --from DIR`` reads; a refused or unimplemented call is noted in ``fetch-notes.json`` (the call, the
error code, the IAM action it needs) and the rest is kept.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ._outdir import write_output_folder

__all__ = [
    "FETCH_FILES",
    "FETCH_NOTES",
    "IAM_ACTIONS",
    "FetchFailure",
    "Fetched",
    "GET_METRIC_DATA_MAX_QUERIES",
    "INSIGHT_DEFAULT_CONTRIBUTORS",
    "INSIGHT_MAX_CONTRIBUTORS",
    "THROTTLED_REQUEST_OPERATIONS",
    "cli_commands",
    "fetch",
    "metric_queries",
]

#: GetMetricData's limit of queries per call (AWS, CloudWatch API reference, GetMetricData: "You can include up
#: to 500 MetricDataQuery structures in one request").
GET_METRIC_DATA_MAX_QUERIES = 500
#: The Operation dimension's values queried for ThrottledRequests: the nine AWS's metrics page lists for the Operation
#: dimension (PutItem to BatchWriteItem, GetRecords being the streams') and the transaction and PartiQL operations
#: added since, which the page does not list (the course's choice: a query with no data returns no data points).
THROTTLED_REQUEST_OPERATIONS = (
    "PutItem",
    "DeleteItem",
    "UpdateItem",
    "GetItem",
    "BatchGetItem",
    "Scan",
    "Query",
    "BatchWriteItem",
    "TransactWriteItems",
    "TransactGetItems",
    "ExecuteTransaction",
    "BatchExecuteStatement",
    "ExecuteStatement",
)
_REASONS = (
    "KeyRangeThroughputThrottleEvents",
    "ProvisionedThroughputThrottleEvents",
    "AccountLimitThrottleEvents",
    "MaxOnDemandThroughputThrottleEvents",
)
_ONLINE = ("OnlineIndexConsumedWriteCapacity", "OnlineIndexPercentageProgress", "OnlineIndexThrottleEvents")
#: Most contributors a DynamoDB Contributor Insights rule reports (AWS, contributorinsights_HowItWorks: "CloudWatch
#: Contributor Insights for DynamoDB has a limit of 25 contributors").
INSIGHT_MAX_CONTRIBUTORS = 25
#: Contributors GetInsightRuleReport returns when MaxContributorCount is omitted
#: (``hp.SOURCES["INSIGHT_DEFAULT_CONTRIBUTORS"]``: "If you omit this, the default of 10 is used").
INSIGHT_DEFAULT_CONTRIBUTORS = 10
#: The files ``fetch`` writes and ``diagnose --from`` reads (the insight reports only when the rules exist).
FETCH_FILES = {
    "metrics": "metrics.json",
    "queries": "queries.json",
    "description": "table.json",
    "insights": "insights-accessed.json",
    "throttled_keys": "insights-throttled.json",
}
_NAME = re.compile(r"[a-zA-Z0-9_.-]{1,255}")


def _check_name(what: str, name: str) -> str:
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise ValueError(f"{what} = {name!r} is not a DynamoDB name: 1 to 255 of a-z, A-Z, 0-9, '_', '-', '.'")
    return name


def metric_queries(table: str, indexes: tuple[str, ...] | list[str] = ()) -> list[dict]:
    """The ``MetricDataQuery`` list for every metric :func:`hotpart.diagnose` reads, with AWS's periods and dimensions.

    Parameters
    ----------
    table : str
        The ``TableName``.
    indexes : sequence of str
        Global secondary index names (``GlobalSecondaryIndexName``).

    Returns
    -------
    list of dict
        Consumed capacity (``Sum``, 60 s), provisioned capacity (``Average``, 300 s: AWS aggregates it at five
        minutes), the throttle events and the four reason metrics (``Sum``, 60 s), ``ThrottledRequests`` per
        ``Operation``; per index the same without ``ThrottledRequests``, plus the ``OnlineIndex*`` metrics of a
        backfill.

    Examples
    --------
    >>> q = metric_queries("orders", ["status-index"])
    >>> len(q), q[0]["Id"], q[0]["MetricStat"]["Period"]
    (44, 'm0', 60)
    """
    _check_name("table", table)
    targets: list[str | None] = [None, *[_check_name("index", i) for i in indexes]]
    out: list[dict] = []

    def add(name: str, stat: str, period: int, index: str | None, operation: str | None = None) -> None:
        dims = [{"Name": "TableName", "Value": table}]
        if index:
            dims.append({"Name": "GlobalSecondaryIndexName", "Value": index})
        if operation:
            dims.append({"Name": "Operation", "Value": operation})
        label = " ".join(x for x in (index, name, operation) if x)
        out.append(
            {
                "Id": f"m{len(out)}",
                "MetricStat": {
                    "Metric": {"Namespace": "AWS/DynamoDB", "MetricName": name, "Dimensions": dims},
                    "Period": period,
                    "Stat": stat,
                },
                "Label": label,
                "ReturnData": True,
            }
        )

    for index in targets:
        for k in ("Read", "Write"):
            add(f"Consumed{k}CapacityUnits", "Sum", 60, index)
            add(f"Provisioned{k}CapacityUnits", "Average", 300, index)
            add(f"{k}ThrottleEvents", "Sum", 60, index)
            for stem in _REASONS:
                add(f"{k}{stem}", "Sum", 60, index)
        if index is None:
            for op in THROTTLED_REQUEST_OPERATIONS:
                add("ThrottledRequests", "Sum", 60, None, op)
        else:
            # not in AWS's one-minute list: aggregated at five minutes
            add("OnlineIndexConsumedWriteCapacity", "Sum", 300, index)
            add("OnlineIndexPercentageProgress", "Average", 300, index)
            add("OnlineIndexThrottleEvents", "Sum", 300, index)
    return out


def cli_commands(table: str, indexes: tuple[str, ...] | list[str] = (), start: str = "START", end: str = "END") -> list[str]:
    """The AWS CLI commands that export what ``diagnose`` reads (the metrics, the key reports, the description).

    Examples
    --------
    >>> print(cli_commands("orders")[0])
    aws dynamodb describe-table --table-name orders > table.json
    """
    _check_name("table", table)
    cmds = [
        f"aws dynamodb describe-table --table-name {table} > table.json",
        f"aws cloudwatch get-metric-data --metric-data-queries file://queries.json --start-time {start} "
        f"--end-time {end} > metrics.json",
    ]
    for index in [None, *indexes]:
        flag = f" --index-name {index}" if index else ""
        target = f"{table}-{index}" if index else table
        cmds.append(f"aws dynamodb describe-contributor-insights --table-name {table}{flag}  # lists the rule names")
        for code, file in (("PKC", "insights-accessed"), ("PKT", "insights-throttled")):
            suffix = f"-{index}" if index else ""
            cmds.append(
                f"aws cloudwatch get-insight-rule-report --rule-name DynamoDBContributorInsights-{code}-{target}-ID "
                f"--start-time {start} --end-time {end} --period 60 --max-contributor-count {INSIGHT_MAX_CONTRIBUTORS} "
                f"> {file}{suffix}.json"
            )
    cmds.append(
        f"aws dynamodb update-contributor-insights --table-name {table} --contributor-insights-action ENABLE  "
        "# if Contributor Insights is off (it shows key values in plain text)"
    )
    return cmds


def _iso(value: str, what: str) -> datetime:
    """An ISO 8601 time (UTC without an offset), read as the export readers read timestamps."""
    from .models.metric_data import _epoch

    return datetime.fromtimestamp(_epoch(value, what, what), UTC)


def _jsonable(obj: Any) -> Any:
    if isinstance(obj, datetime):
        return obj.astimezone(UTC).isoformat()
    if isinstance(obj, dict):
        return {k: _jsonable(v) for k, v in obj.items() if k != "ResponseMetadata"}
    if isinstance(obj, list):
        return [_jsonable(v) for v in obj]
    return obj


#: What ``fetch`` writes when a call fails: the call, its scope, AWS's error code and message, the IAM action the call
#: needs, and whether the part is required (the metrics and the description) or optional (Contributor Insights).
FETCH_NOTES = "fetch-notes.json"
#: The IAM action each call needs (AWS's service authorization reference names them after the API operation).
IAM_ACTIONS = {
    "DescribeTable": "dynamodb:DescribeTable",
    "GetMetricData": "cloudwatch:GetMetricData",
    "DescribeContributorInsights": "dynamodb:DescribeContributorInsights",
    "GetInsightRuleReport": "cloudwatch:GetInsightRuleReport",
}


@dataclass(frozen=True)
class FetchFailure:
    """One call ``fetch`` could not make: what, where, AWS's error, and the IAM action it needs."""

    call: str
    scope: str
    code: str
    message: str
    required: bool

    @property
    def iam_action(self) -> str:
        return IAM_ACTIONS[self.call]

    def __str__(self) -> str:
        part = "required" if self.required else "optional"
        where = f" for {self.scope}" if self.scope else ""
        return f"{self.call}{where} failed ({self.code}: {self.message}); it needs {self.iam_action} ({part})"


@dataclass(frozen=True)
class Fetched:
    """What ``fetch`` wrote (files by role) and the calls that failed."""

    files: dict[str, Path]
    failures: tuple[FetchFailure, ...] = ()

    @property
    def required_failed(self) -> bool:
        """Whether a required part (the metrics or the description) could not be fetched."""
        return any(f.required for f in self.failures)

    def __getitem__(self, role: str) -> Path:
        return self.files[role]


def _client_error(e: Exception) -> tuple[str, str]:
    """AWS's error code and the first line of its message."""
    err = getattr(e, "response", None) or {}
    err = err.get("Error", {}) if isinstance(err, dict) else {}
    code = err.get("Code") or type(e).__name__
    message = str(err.get("Message") or e or "")
    if message.lstrip().startswith("<"):  # an HTML error page (a proxy, or a service that does not implement the call)
        message = f"the endpoint answered HTTP {code} with an HTML page"
    lines = message.splitlines()
    return str(code), (lines[0] if lines else "")[:200]


def fetch(
    table: str,
    start: str,
    end: str,
    out: str | Path,
    *,
    region: str | None = None,
    profile: str | None = None,
    session: Any = None,
    endpoint_url: str | None = None,
) -> Fetched:
    """Export a table's metrics, key reports and description with boto3, as the files ``diagnose --from`` reads.

    A call AWS refuses (a role without the permission) or does not implement does not discard the rest: the folder
    is written with what succeeded and :data:`FETCH_NOTES`, which names each failed call, its error code and the IAM
    action it needs. The metrics and the description are required, Contributor Insights optional; the caller decides
    the exit status from :attr:`Fetched.required_failed`. A table that does not exist, or credentials that do not
    work, write nothing.

    Parameters
    ----------
    table : str
        The table's name.
    start, end : str
        The window, ISO 8601 (UTC when no offset is given); ``start`` before ``end``.
    out : path
        The folder to write: a new name, an empty folder or a previous ``fetch`` folder (see
        :func:`hotpart._outdir.write_output_folder`).
    region, profile : str, optional
        The AWS Region and named profile (boto3's defaults otherwise).
    session : boto3.session.Session, optional
        A session to use instead (the tests pass one); ``region``/``profile`` are then ignored.
    endpoint_url : str, optional
        An endpoint for both services (the tests point it at moto's server).

    Returns
    -------
    Fetched
        The files written, by role (:data:`FETCH_FILES`; an index's reports as ``insights-accessed-INDEX`` and
        ``insights-throttled-INDEX``, the notes as ``notes``), and the failed calls.
    """
    import boto3
    from botocore.exceptions import ClientError

    _check_name("table", table)
    t0, t1 = _iso(start, "start"), _iso(end, "end")
    if not t0 < t1:
        raise ValueError(f"start = {start!r} is not before end = {end!r}")
    s = session or boto3.session.Session(region_name=region, profile_name=profile)
    kw = {"endpoint_url": endpoint_url} if endpoint_url else {}
    ddb = s.client("dynamodb", **kw)
    cw = s.client("cloudwatch", **kw)
    failures: list[FetchFailure] = []
    files: dict[str, Any] = {}
    indexes: list[str] = []
    try:
        desc = ddb.describe_table(TableName=table)
        indexes = [g["IndexName"] for g in desc["Table"].get("GlobalSecondaryIndexes", [])]
        files[FETCH_FILES["description"]] = desc
    except ClientError as e:
        code, message = _client_error(e)
        if code == "ResourceNotFoundException":
            raise  # no such table: nothing to write
        failures.append(FetchFailure("DescribeTable", "", code, message, True))
    queries = metric_queries(table, indexes)
    files[FETCH_FILES["queries"]] = queries
    try:
        files[FETCH_FILES["metrics"]] = _metric_data(cw, queries, t0, t1)
    except ClientError as e:
        failures.append(FetchFailure("GetMetricData", "", *_client_error(e), True))
    for index in [None, *indexes]:
        scope = f"index {index}" if index else "the table"
        try:
            ci = ddb.describe_contributor_insights(TableName=table, **({"IndexName": index} if index else {}))
        except ClientError as e:
            failures.append(FetchFailure("DescribeContributorInsights", scope, *_client_error(e), False))
            continue
        rules = ci.get("ContributorInsightsRuleList", []) if ci.get("ContributorInsightsStatus") == "ENABLED" else []
        for code, role in (("PKC", "insights"), ("PKT", "throttled_keys")):
            rule = next((r for r in rules if r.startswith(f"DynamoDBContributorInsights-{code}-")), None)
            if rule is None:
                continue
            name = FETCH_FILES[role] if index is None else FETCH_FILES[role].replace(".json", f"-{index}.json")
            try:
                report = cw.get_insight_rule_report(
                    RuleName=rule, StartTime=t0, EndTime=t1, Period=60, MaxContributorCount=INSIGHT_MAX_CONTRIBUTORS
                )
            except ClientError as e:
                failures.append(FetchFailure("GetInsightRuleReport", f"{scope} ({rule})", *_client_error(e), False))
                continue
            files[name] = {"RuleName": rule, **report}
    if FETCH_FILES["metrics"] not in files and FETCH_FILES["description"] not in files:
        first = failures[0]
        raise ValueError(f"fetch: nothing could be fetched, so nothing was written: {first}")
    if failures:
        files[FETCH_NOTES] = {
            "failed": [
                {"call": f.call, "scope": f.scope, "error": f.code, "message": f.message, "iam_action": f.iam_action,
                 "required": f.required}
                for f in failures
            ]
        }  # fmt: skip
    write_output_folder(
        out, {name: (json.dumps(_jsonable(doc), indent=1) + "\n").encode() for name, doc in files.items()}, kind="exports"
    )
    roles = {role: Path(out) / name for role, name in FETCH_FILES.items() if name in files}
    for name in files:
        if name.startswith("insights-") and name not in FETCH_FILES.values():
            roles[name.removesuffix(".json")] = Path(out) / name
    if FETCH_NOTES in files:
        roles["notes"] = Path(out) / FETCH_NOTES
    return Fetched(roles, tuple(failures))


def _metric_data(cw: Any, queries: list[dict], t0: datetime, t1: datetime) -> dict:
    """GetMetricData for every query, at most 500 a call, following NextToken."""
    results: list[dict] = []
    messages: list[dict] = []
    for i in range(0, len(queries), GET_METRIC_DATA_MAX_QUERIES):
        chunk = queries[i : i + GET_METRIC_DATA_MAX_QUERIES]
        token = None
        merged: dict[str, dict] = {}
        while True:
            args = {"MetricDataQueries": chunk, "StartTime": t0, "EndTime": t1, "ScanBy": "TimestampDescending"}
            if token:
                args["NextToken"] = token
            page = cw.get_metric_data(**args)
            for r in page["MetricDataResults"]:
                if r["Id"] in merged:  # a later page continues a result: its data points are appended
                    merged[r["Id"]]["Timestamps"] += r["Timestamps"]
                    merged[r["Id"]]["Values"] += r["Values"]
                    merged[r["Id"]]["StatusCode"] = r.get("StatusCode", "Complete")
                else:
                    merged[r["Id"]] = {**r, "Timestamps": list(r["Timestamps"]), "Values": list(r["Values"])}
            messages += page.get("Messages", [])
            token = page.get("NextToken")
            if not token:
                break
        results += list(merged.values())
    return {"MetricDataResults": results, "Messages": messages}
