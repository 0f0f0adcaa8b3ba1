"""The findings of an index being built and of throttled requests no throttle event accounts for
(``hotpart/models/findings.py``: ``_backfill_findings``, ``_requests_only``, ``_finding``, ``_row``), in process.

The diagnosis is tested mostly through the command line in a subprocess, which mutation testing cannot see. These
tests write what a user exports (``aws cloudwatch get-metric-data`` output with its ``--metric-data-queries`` file,
one-minute ``Sum`` data points, ``aws dynamodb describe-table`` output with its ``GlobalSecondaryIndexes``) under
``tmp_path``, read them with :func:`hotpart.read_metric_data`, and assert what a reader of :func:`hotpart.diagnose`
and :func:`hotpart.find_causes` sees: the cause, the row, the scope, the share, the sentences with their numbers,
the remedy's numbers, the confidence and the exports that would settle it. Issue 49, part 6.
"""

from __future__ import annotations

import datetime as dt
import json
import math

import pytest

import hotpart as hp

START = dt.datetime(2026, 11, 30, 9, 0, tzinfo=dt.UTC)
_AVERAGED = ("Provisioned", "OnlineIndexPercentageProgress")  # levels: CloudWatch's Average, the rest Sum


def _write_export(folder, series):
    """One ``get-metric-data`` response and its queries file, newest data point first as CloudWatch returns them.

    ``series``: ``(index or "", MetricName, values per minute from START)``; a metric with no values is asked for
    and comes back without data points (a count with nothing to count, as CloudWatch returns it).
    """
    queries, results = [], []
    for n, (index, metric, values) in enumerate(series):
        dimensions = [{"Name": "TableName", "Value": "orders"}]
        if index:
            dimensions.append({"Name": "GlobalSecondaryIndexName", "Value": index})
        if metric == "ThrottledRequests":
            dimensions.append({"Name": "Operation", "Value": "PutItem"})
        stat = "Average" if metric.startswith(_AVERAGED) else "Sum"
        metric_stat = {"Metric": {"Namespace": "AWS/DynamoDB", "MetricName": metric, "Dimensions": dimensions}}
        queries.append({"Id": f"q{n}", "MetricStat": {**metric_stat, "Period": 60, "Stat": stat}, "ReturnData": True})
        times = [(START + dt.timedelta(minutes=j)).isoformat().replace("+00:00", "Z") for j in range(len(values))]
        results.append(
            {
                "Id": f"q{n}",
                "Label": f"{index} {metric}".strip(),
                "StatusCode": "Complete",
                "Timestamps": times[::-1],
                "Values": [float(v) for v in values][::-1],
            }
        )
    (folder / "metrics.json").write_text(json.dumps({"MetricDataResults": results, "Messages": []}))
    (folder / "queries.json").write_text(json.dumps({"MetricDataQueries": queries}))


def _metrics(folder, series, indexes=None, *, mode="PROVISIONED", item_units=1.0):
    """Read the export (and, with ``indexes``, a describe-table output naming them) as the command line does."""
    _write_export(folder, series)
    description = None
    if indexes is not None:
        table = {
            "TableName": "orders",
            "TableStatus": "ACTIVE",
            "BillingModeSummary": {"BillingMode": mode},
            "ProvisionedThroughput": {"ReadCapacityUnits": 100, "WriteCapacityUnits": 10, "NumberOfDecreasesToday": 0},
            "GlobalSecondaryIndexes": [
                {
                    "IndexName": name,
                    "IndexStatus": status,
                    **({"Backfilling": True} if status == "CREATING" else {}),
                    "ProvisionedThroughput": {"ReadCapacityUnits": 5, "WriteCapacityUnits": 5, "NumberOfDecreasesToday": 0},
                }
                for name, status in indexes.items()
            ],
        }
        description = folder / "table.json"
        description.write_text(json.dumps({"Table": table}))
    return hp.read_metric_data(folder / "metrics.json", folder / "queries.json", description=description, item_units=item_units)


def _causes(metrics):
    return hp.find_causes(hp.gather_evidence(metrics))


def _only(found, cause):
    (f,) = [f for f in found if f.cause == cause]
    return f


# ---------------------------------------------------------------------------------------------------------------------
# _backfill_findings: an index being built, its OnlineIndex* metrics, its remedy with numbers
# ---------------------------------------------------------------------------------------------------------------------

_REFUSED = "these are the throttle events AWS counts while an index is built (its WriteThrottleEvents do not count them)"
_BUILD_LATER = (
    "with UpdateTable, which works while the index is built, or build it when writes are light; check that its "
    "partition key spreads the items"
)

# Six minutes of a provisioned table (10 WCU) whose new index "by-status" is being built. The table's writes throttle
# once, in minute 1, for its provisioned capacity; the backfill throttles in minutes 3 and 4 (1 and 2 events). The
# throttling spans minutes 1 to 4: longer than a short spike (3 minutes), so no spike finding lowers the confidence.
# Each item is 2 capacity units (item_units=2): the backfill's offered rate in minute 4 is its consumed 2,400 units
# plus 2 refused items of 2 units, over 60 s: 2,404 / 60 = 40.07 WCU/s; at chapter 11's 70% target, 40.07 / 0.7 =
# 57.2, so at least 58 WCU. The most it consumed is 2,400 / 60 = 40 WCU/s.
_BUILDING = [
    ("", "ConsumedWriteCapacityUnits", [600.0] * 6),
    ("", "WriteThrottleEvents", [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("", "WriteProvisionedThroughputThrottleEvents", [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ("by-status", "OnlineIndexConsumedWriteCapacity", [1_200.0, 1_800.0, 1_800.0, 2_400.0, 600.0, 600.0]),
    ("by-status", "OnlineIndexThrottleEvents", [0.0, 0.0, 1.0, 2.0, 0.0, 0.0]),
    ("by-status", "OnlineIndexPercentageProgress", [10.0, 25.0, 40.0, 55.0, 70.0, 80.4]),
]


def test_a_backfill_is_its_own_finding_with_every_metric_and_the_capacity_to_set(tmp_path):
    assert hp.AUTOSCALING_TARGET == 0.7  # the target the hand computation above uses
    m = _metrics(tmp_path, _BUILDING, {"by-status": "CREATING"}, item_units=2.0)
    found = _causes(m)
    f = _only(found, "backfill")
    peak = 2_404.0 / 60.0
    assert (f.row, f.scope, f.kind) == ("index backfill throttled", "by-status", "write")
    assert f.where == "the writes of index 'by-status'"
    assert (f.events, f.share) == (3.0, 0.75)  # 3 of the 4 throttle events: the table's 1 and the backfill's 3
    assert f.evidence == (
        "by-status OnlineIndexThrottleEvents: 3 over 2 of 6 minutes",
        "by-status OnlineIndexConsumedWriteCapacity: the backfill consumed up to 40 WCU/s",
        "by-status OnlineIndexPercentageProgress reached 80%",
        "the table description: index 'by-status' is CREATING, Backfilling True",
    )
    assert f.numbers == {"peak": peak, "target": 58.0}
    assert f.action == (
        "raise index 'by-status''s write capacity to at least 58 WCU (its backfill's offered peak, 40 WCU/s, at "
        f"chapter 11's 70% target) {_BUILD_LATER}"
    )
    assert (f.chapter, f.confidence, f.why) == ("chapter 12, an index's writes", "high", _REFUSED)
    assert (f.alternatives, f.missing, f.key) == ((), (), "")
    # the table's own event: 1 of 4, its provisioned capacity; no key is named for a capacity
    table = _only(found, "provisioned capacity")
    assert (table.row, table.scope, table.kind, table.events, table.share, table.key) == (
        "under-provisioned table",
        "",
        "write",
        1.0,
        0.25,
        "",
    )
    assert [x.cause for x in found] == ["backfill", "provisioned capacity"]
    d = hp.diagnose(m)
    assert [(x.row, x.share) for x in d.findings] == [("index backfill throttled", 0.75), ("under-provisioned table", 0.25)]
    assert d.findings[0] == f and d.total_events == 4.0


def test_a_backfill_with_only_its_throttle_count_sizes_nothing(tmp_path):
    # No describe-table output and no consumption or progress exported: the index is known only by its
    # OnlineIndexThrottleEvents. One event (the least count that is throttling) is a finding; nothing to size from.
    m = _metrics(tmp_path, [("by-status", "OnlineIndexThrottleEvents", [0.0, 0.0, 0.0, 1.0, 0.0, 0.0])])
    found = _causes(m)
    assert [x.cause for x in found] == ["short spike", "backfill"]
    f = found[1]
    assert f.evidence == ("by-status OnlineIndexThrottleEvents: 1 over 1 of 6 minutes",)
    assert f.numbers == {}
    assert f.action == f"raise index 'by-status''s write capacity to above its present level {_BUILD_LATER}"
    assert (f.events, f.share, f.row, f.kind) == (1.0, 1.0, "index backfill throttled", "write")
    assert f.confidence == "medium" and f.why == f"if it recurs: {_REFUSED}"  # within a short spike


def test_an_index_described_as_building_without_throttling_is_no_finding(tmp_path):
    # "a-index" is being built (CREATING, Backfilling) with no throttle event; "by-status" after it (indexes are read
    # in name order) throttles. Only "by-status" is a finding, and the next backfill is still read after "a-index".
    series = [
        ("", "ConsumedWriteCapacityUnits", [600.0] * 6),
        ("", "WriteThrottleEvents", [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
        ("", "WriteProvisionedThroughputThrottleEvents", [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
        ("by-status", "OnlineIndexThrottleEvents", [0.0, 0.0, 0.0, 0.0, 3.0, 0.0]),
    ]
    m = _metrics(tmp_path, series, {"a-index": "CREATING", "by-status": "CREATING"})
    ev = hp.gather_evidence(m)
    assert sorted(ev.backfills) == ["a-index", "by-status"]
    found = hp.find_causes(ev)
    assert [(f.cause, f.scope, f.share) for f in found] == [("backfill", "by-status", 0.75), ("provisioned capacity", "", 0.25)]
    d = hp.diagnose(m)
    assert d.minor == ()


def test_a_backfill_offered_less_than_one_unit_a_second_is_sized_from_its_own_peak(tmp_path):
    # 6 units a minute consumed and one refused item: (6 + 1) / 60 = 0.117 WCU/s at most, no floor of 1 WCU/s;
    # at 70%, 0.167: at least 1 WCU.
    series = [
        ("by-status", "OnlineIndexConsumedWriteCapacity", [6.0] * 6),
        ("by-status", "OnlineIndexThrottleEvents", [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]),
    ]
    found = _causes(_metrics(tmp_path, series))
    f = _only(found, "backfill")
    assert f.numbers == {"peak": 7.0 / 60.0, "target": 1.0}
    # the rates under 10 WCU/s in two significant digits: 0.1 consumed, 0.12 offered (not "0 WCU/s", review of the
    # helpers' run)
    assert f.action.startswith(
        "raise index 'by-status''s write capacity to at least 1 WCU (its backfill's offered peak, 0.12 WCU/s, at "
    )
    assert "by-status OnlineIndexConsumedWriteCapacity: the backfill consumed up to 0.1 WCU/s" in f.evidence


def test_a_backfill_whose_offered_rate_rounds_to_zero_sizes_nothing(tmp_path):
    # The least positive count (a subnormal) is throttling, but its rate over 60 s rounds to 0 WCU/s: no capacity to
    # compute from it, so the remedy says "above its present level" rather than "at least 0 WCU".
    tiny = math.nextafter(0.0, 1.0)
    assert tiny / 60.0 == 0.0
    series = [
        ("by-status", "OnlineIndexConsumedWriteCapacity", [0.0] * 6),
        ("by-status", "OnlineIndexThrottleEvents", [0.0, 0.0, tiny, 0.0, 0.0, 0.0]),
    ]
    found = _causes(_metrics(tmp_path, series))
    f = _only(found, "backfill")
    assert f.numbers == {}
    assert f.action.startswith("raise index 'by-status''s write capacity to above its present level with UpdateTable")


# ---------------------------------------------------------------------------------------------------------------------
# _requests_only: ThrottledRequests with no throttle event that accounts for them
# ---------------------------------------------------------------------------------------------------------------------

_EXPORT_THEM = "export the throttle events of the table and of every index (python -m hotpart queries TABLE --index INDEX)"
_NOT_IN_EXPORT = (
    "throttled requests without a throttle event that accounts for them: the scope that throttles is not in the export"
)
_COUNTS = "ThrottledRequests: 1,234,567, and no exported throttle event of the table or of an index accounts for them"
_BACK_PRESSURE = "a write refused for an index's back-pressure counts in the table's ThrottledRequests, not in its ThrottleEvents"
_NO_INDEX = f"no index is named in the export or the description: {_BACK_PRESSURE}"
_EVERY_INDEX = "every index's ThrottleEvents (GlobalSecondaryIndexName), and the table description"
_REQUESTS = ("", "ThrottledRequests", [0.0, 1_234_000.0, 567.0])
#: Every throttle count of the table and of its index "by-status", none with an event.
_EVERY_COUNT = [
    ("", "ReadThrottleEvents", []),
    ("", "WriteThrottleEvents", []),
    ("by-status", "ReadThrottleEvents", []),
    ("by-status", "WriteThrottleEvents", [0.0, 0.0, 0.0]),
]
_ONE_WINDOW = (
    "export ThrottledRequests and every throttle event over the same minutes and period (python -m hotpart queries "
    "TABLE --index INDEX writes them together): a throttled request is a throttle event of the table or of an index"
)
_NOT_SAME_MINUTES = (
    "throttled requests without a throttle event, while every scope's events are in the export: the exports do not "
    "cover the same minutes"
)


def _requests_only(tmp_path, series, indexes=None, action=_EXPORT_THEM, why=_NOT_IN_EXPORT):
    m = _metrics(tmp_path, [*series, _REQUESTS], indexes)
    found = _causes(m)
    (f,) = found
    assert (f.cause, f.scope, f.kind, f.where, f.share, f.events) == ("key unknown", "", "", "the table", 1.0, 1_234_567.0)
    assert (f.action, f.chapter, f.confidence, f.why) == (action, "chapter 13, detecting a hot partition", "low", why)
    assert (f.alternatives, f.numbers, f.key) == (("hot partition, key unknown", "GSI-only throttling"), {}, "")
    d = hp.diagnose(m)
    assert d.findings == (f,) and d.minor == () and d.total_events == 0.0
    return f


def test_requests_with_both_table_counts_and_no_index_point_to_an_index(tmp_path):
    # Both table counts exported (with no data point: nothing to count) and no index named anywhere: the throttling
    # is an index's that nobody exported.
    f = _requests_only(tmp_path, [("", "ReadThrottleEvents", []), ("", "WriteThrottleEvents", [])])
    assert f.row == "GSI-only throttling"
    assert f.evidence == (_COUNTS, _NO_INDEX)
    assert f.missing == (_EVERY_INDEX,)


def test_requests_with_only_the_table_reads_counted_and_no_index(tmp_path):
    f = _requests_only(tmp_path, [("", "ReadThrottleEvents", [0.0, 0.0, 0.0])])
    assert f.row == "GSI-only throttling"
    assert f.evidence == (_COUNTS, _NO_INDEX)
    assert f.missing == ("WriteThrottleEvents of the table", _EVERY_INDEX)


def test_requests_with_nothing_counted_name_every_missing_count(tmp_path):
    # Only ThrottledRequests exported: neither the table's counts nor any index's; no index named.
    f = _requests_only(tmp_path, [])
    assert f.row == "hot partition, key unknown"
    assert f.evidence == (_COUNTS, _NO_INDEX)
    assert f.missing == ("ReadThrottleEvents of the table", "WriteThrottleEvents of the table", _EVERY_INDEX)


def test_requests_with_the_writes_counted_and_an_index_without_its_reads(tmp_path):
    # The table's and the index's writes counted, neither's reads.
    f = _requests_only(tmp_path, [("", "WriteThrottleEvents", []), ("by-status", "WriteThrottleEvents", [0.0, 0.0, 0.0])])
    assert f.row == "GSI-only throttling"
    assert f.evidence == (_COUNTS, f"not exported: by-status ReadThrottleEvents: {_BACK_PRESSURE}")
    assert f.missing == ("ReadThrottleEvents of the table", "by-status ReadThrottleEvents")


def test_requests_with_described_indexes_that_export_nothing_name_each_count(tmp_path):
    # Two indexes named by describe-table export nothing; the table's counts are all there. The writes of every
    # index are named first, then the reads, each index in name order.
    table = [("", "ReadThrottleEvents", []), ("", "WriteThrottleEvents", [])]
    f = _requests_only(tmp_path, table, {"by-status": "ACTIVE", "by-date": "ACTIVE"})
    names = (
        "by-date WriteThrottleEvents",
        "by-status WriteThrottleEvents",
        "by-date ReadThrottleEvents",
        "by-status ReadThrottleEvents",
    )
    assert f.row == "GSI-only throttling"
    assert f.evidence == (_COUNTS, f"not exported: {', '.join(names)}: {_BACK_PRESSURE}")
    assert f.missing == names


def test_requests_with_every_count_exported_read_as_a_hot_partition(tmp_path):
    # Every count of the table and of its index exported, none with an event: no scope is missing, so the requests
    # are a partition's whose key the export does not name.
    # Every count the export names is there, but without the table description an index it does not name may be
    # the one that throttles: the description is what is missing (not the counts, which were exported)
    f = _requests_only(
        tmp_path,
        _EVERY_COUNT,
        action="export the table description (aws dynamodb describe-table): it names every index, and the throttle "
        "events of one the export does not name may account for them",
    )
    assert f.row == "hot partition, key unknown"
    assert f.evidence == (_COUNTS,)
    assert f.missing == ("the table description",)


def test_requests_of_a_table_described_without_an_index_are_no_index_s(tmp_path):
    # The description names no index, so the table has none: the requests cannot be an index's back-pressure, and
    # with both of the table's counts exported nothing is missing but one window
    f = _requests_only(
        tmp_path,
        [("", "ReadThrottleEvents", []), ("", "WriteThrottleEvents", [])],
        {},
        action=_ONE_WINDOW,
        why=_NOT_SAME_MINUTES,
    )
    assert (f.row, f.evidence, f.missing) == ("hot partition, key unknown", (_COUNTS,), ())
    # the writes' count not exported: that is what is missing, and the table described, no index is asked for
    f = _requests_only(tmp_path, [("", "ReadThrottleEvents", [])], {})
    assert (f.row, f.evidence, f.missing) == ("hot partition, key unknown", (_COUNTS,), ("WriteThrottleEvents of the table",))


def test_requests_with_every_scope_exported_and_described_ask_for_one_window(tmp_path):
    # The description names the one index, and every count of the table and of it is exported, none with an event:
    # AWS counts each throttled request as a throttle event of the table or of an index, so the exports cover
    # different minutes; nothing is missing
    f = _requests_only(
        tmp_path,
        _EVERY_COUNT,
        {"by-status": "ACTIVE"},
        action=_ONE_WINDOW,
        why=_NOT_SAME_MINUTES,
    )
    assert f.row == "hot partition, key unknown"
    assert f.evidence == (_COUNTS,)
    assert f.missing == ()


# ---------------------------------------------------------------------------------------------------------------------
# _finding: a cause's share of every throttle event, at most 1
# ---------------------------------------------------------------------------------------------------------------------


def test_one_throttle_event_in_all_is_the_whole_share(tmp_path):
    series = [
        ("", "ConsumedWriteCapacityUnits", [600.0] * 3),
        ("", "WriteThrottleEvents", [0.0, 1.0, 0.0]),
        ("", "WriteProvisionedThroughputThrottleEvents", [0.0, 1.0, 0.0]),
    ]
    found = _causes(_metrics(tmp_path, series, {}))
    f = _only(found, "provisioned capacity")
    assert (f.events, f.share, f.key) == (1.0, 1.0, "")


def test_a_reason_counted_past_its_throttle_events_is_at_most_the_whole_share(tmp_path):
    # An export whose reason metric counts more than its WriteThrottleEvents (data points from a partial export, say):
    # the cause's share stays within [0, 1], its events are what the reason counts.
    series = [
        ("", "ConsumedWriteCapacityUnits", [600.0] * 3),
        ("", "WriteThrottleEvents", [0.0, 1.0, 0.0]),
        ("", "WriteProvisionedThroughputThrottleEvents", [0.0, 3.0, 0.0]),
    ]
    d = hp.diagnose(_metrics(tmp_path, series, {}))
    f = _only(d.findings, "provisioned capacity")
    assert (f.events, f.share) == (3.0, 1.0)


@pytest.mark.parametrize("total", [1.0, 4.0])
def test_a_cause_share_is_its_events_over_all(tmp_path, total):
    # the table's writes throttle `total` times, one of them for its provisioned capacity, the rest for a partition
    series = [
        ("", "ConsumedWriteCapacityUnits", [600.0] * 5),
        ("", "WriteThrottleEvents", [total, 0.0, 0.0, 0.0, 0.0]),
        ("", "WriteProvisionedThroughputThrottleEvents", [1.0, 0.0, 0.0, 0.0, 0.0]),
        ("", "WriteKeyRangeThroughputThrottleEvents", [total - 1.0, 0.0, 0.0, 0.0, 0.0]),
    ]
    found = _causes(_metrics(tmp_path, series, {}))
    f = _only(found, "provisioned capacity")
    assert (f.events, f.share) == (1.0, 1.0 / total)
