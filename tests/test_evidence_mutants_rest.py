"""The evidence model's small parts (``hotpart/models/evidence.py``), in process: each scope's level, maximum and warm
throughput from the table description, the capacity mode and how it was known, the minutes no export covers, and the
questions the findings ask of the evidence (which minutes throttled, how many events in all, which scope, whether a
metric was exported, a metric's CloudWatch name).

The diagnosis is tested mostly through the command line in a subprocess, which mutation testing cannot see; these
tests write the exports a user has (``aws cloudwatch get-metric-data`` output with its ``--metric-data-queries`` file,
``aws dynamodb describe-table`` output with its ``ProvisionedThroughput``, ``BillingModeSummary``,
``OnDemandThroughput``, ``WarmThroughput`` and ``GlobalSecondaryIndexes``) under ``tmp_path``, read them with
:func:`hotpart.read_metric_data`, and assert what :func:`hotpart.gather_evidence` keeps and the diagnosis' words a reader
sees. Issue 49, part 6: the survivors of ``make mutants`` on ``evidence.py`` in every function except
``gather_evidence`` (tests/test_evidence_mutants_gather.py covers that one).
"""

from __future__ import annotations

import datetime as dt
import json
import math

import numpy as np
import pytest

import hotpart as hp
from hotpart.models.evidence import Backfill, Evidence, ScopeEvidence

T0 = dt.datetime(2026, 11, 30, 9, 0, tzinfo=dt.UTC)
KEYS = [f"K{i}" for i in range(10)]
_LEVELS = ("Provisioned", "OnlineIndexPercentageProgress")


def _iso(minute):
    return (T0 + dt.timedelta(minutes=minute)).strftime("%Y-%m-%dT%H:%M:%SZ")


def _export(folder, name, series, start=0):
    """Write one ``get-metric-data`` export and its queries file, as the AWS CLI reads and writes them.

    ``series``: ``(index or "", MetricName, per-minute values)``; the results list the newest data point first, as
    CloudWatch does (``ScanBy`` TimestampDescending by default).
    """
    queries, results = [], []
    for i, (index, metric, values) in enumerate(series):
        dims = [{"Name": "TableName", "Value": "orders"}]
        if index:
            dims.append({"Name": "GlobalSecondaryIndexName", "Value": index})
        stat = "Average" if metric.startswith(_LEVELS) else "Sum"
        queries.append(
            {
                "Id": f"m{i}",
                "MetricStat": {
                    "Metric": {"Namespace": "AWS/DynamoDB", "MetricName": metric, "Dimensions": dims},
                    "Period": 60,
                    "Stat": stat,
                },
                "ReturnData": True,
            }
        )
        stamps = [_iso(start + j) for j in range(len(values))]
        results.append(
            {"Id": f"m{i}", "Label": metric, "StatusCode": "Complete", "Timestamps": stamps[::-1], "Values": list(values)[::-1]}
        )
    (folder / f"{name}.json").write_text(json.dumps({"MetricDataResults": results, "Messages": []}))
    (folder / f"{name}-queries.json").write_text(json.dumps({"MetricDataQueries": queries}))
    return folder / f"{name}.json", folder / f"{name}-queries.json"


def _describe(folder, table):
    """Write ``aws dynamodb describe-table`` output (``{"Table": {...}}``) for table ``orders``."""
    path = folder / "table.json"
    path.write_text(json.dumps({"Table": {"TableName": "orders", "TableStatus": "ACTIVE", **table}}))
    return path


def _read(folder, series, table=None, **kw):
    metrics, queries = _export(folder, "export", series)
    description = _describe(folder, table) if table is not None else None
    return hp.read_metric_data(metrics, queries, description=description, **kw)


def _evidence(lines):
    return "\n".join(line for f in lines for line in (*f.evidence, f.action))


# ---------------------------------------------------------------------------------------------------------------------
# _description_level: each scope and kind its own provisioned level, maximum and warm throughput
# ---------------------------------------------------------------------------------------------------------------------

# A provisioned table of 300 RCU and 400 WCU with an index of 30 RCU and 40 WCU: every number different, so a level
# read from the wrong kind or the wrong scope shows. No Provisioned*CapacityUnits metric is exported: the description
# is the only source of the levels.
_PROVISIONED = {
    "BillingModeSummary": {"BillingMode": "PROVISIONED"},
    "ProvisionedThroughput": {"ReadCapacityUnits": 300, "WriteCapacityUnits": 400, "NumberOfDecreasesToday": 0},
    "GlobalSecondaryIndexes": [
        {
            "IndexName": "by-status",
            "IndexStatus": "ACTIVE",
            "ProvisionedThroughput": {"ReadCapacityUnits": 30, "WriteCapacityUnits": 40, "NumberOfDecreasesToday": 0},
        }
    ],
}


def _provisioned_export():
    # Three minutes. The table's reads and the index's writes throttle in minute 2 for their provisioned capacity,
    # each at exactly its level: 300 RCU x 60 s = 18,000 units and 40 WCU x 60 s = 2,400 units in that minute.
    # A third index, "legacy", is in the export but not in the description: nothing to read of it there.
    return [
        ("", "ConsumedReadCapacityUnits", [6_000.0, 18_000.0, 6_000.0]),
        ("", "ReadThrottleEvents", [0.0, 50.0, 0.0]),
        ("", "ReadProvisionedThroughputThrottleEvents", [0.0, 50.0, 0.0]),
        ("", "ConsumedWriteCapacityUnits", [6_000.0, 6_000.0, 6_000.0]),
        ("", "WriteThrottleEvents", [0.0, 0.0, 0.0]),
        ("by-status", "ConsumedReadCapacityUnits", [600.0, 600.0, 600.0]),
        ("by-status", "ReadThrottleEvents", [0.0, 0.0, 0.0]),
        ("by-status", "ConsumedWriteCapacityUnits", [600.0, 2_400.0, 600.0]),
        ("by-status", "WriteThrottleEvents", [0.0, 20.0, 0.0]),
        ("by-status", "WriteProvisionedThroughputThrottleEvents", [0.0, 20.0, 0.0]),
        ("legacy", "ConsumedWriteCapacityUnits", [60.0, 60.0, 60.0]),
        ("legacy", "WriteThrottleEvents", [0.0, 0.0, 0.0]),
    ]


def test_a_provisioned_description_gives_each_scope_and_kind_its_own_level(tmp_path):
    m = _read(tmp_path, _provisioned_export(), _PROVISIONED)
    ev = hp.gather_evidence(m)
    for scope, kind, level in (
        ("", "Read", 300.0),
        ("", "Write", 400.0),
        ("by-status", "Read", 30.0),
        ("by-status", "Write", 40.0),
    ):
        s = ev.scope(scope, kind)
        assert s.provisioned.tolist() == [level] * 3, (scope, kind)
        assert s.provisioned_from == "the table description"
        assert (s.maximum, s.warm) == (None, None)
    legacy = ev.scope("legacy", "Write")  # an index the description does not name: no level, no maximum
    assert (legacy.provisioned, legacy.provisioned_from, legacy.maximum, legacy.warm) == (None, "", None, None)
    assert (ev.mode, ev.mode_from) == ("provisioned", "the table description (BillingModeSummary.BillingMode)")


def test_a_reader_sees_the_utilisation_against_the_described_level(tmp_path):
    # 18,000 / (300 x 60) = 100% of the table's reads; 2,400 / (40 x 60) = 100% of the index's writes
    d = hp.diagnose(_read(tmp_path, _provisioned_export(), _PROVISIONED))
    words = _evidence(d.findings)
    assert (
        "ConsumedReadCapacityUnits peaked at 100% of the provisioned read capacity of the table (the table description) "
        "in those minutes" in words
    )
    assert (
        "by-status ConsumedWriteCapacityUnits peaked at 100% of the provisioned write capacity of index 'by-status' "
        "(the table description) in those minutes" in words
    )
    assert "set the provisioned write capacity of index 'by-status' to" in words
    assert "and at least the table's 400 WCU" in words  # the table's write level, from the description too


def _level_table(units):
    pt = {"ReadCapacityUnits": units, "WriteCapacityUnits": units, "NumberOfDecreasesToday": 0}
    return {
        "BillingModeSummary": {"BillingMode": "PROVISIONED"},
        "ProvisionedThroughput": pt,
        "GlobalSecondaryIndexes": [{"IndexName": "by-status", "IndexStatus": "ACTIVE", "ProvisionedThroughput": pt}],
    }


_EVERY_SCOPE = [
    (scope, metric, [0.0, 0.0])
    for scope in ("", "by-status")
    for metric in ("ConsumedReadCapacityUnits", "ReadThrottleEvents", "ConsumedWriteCapacityUnits", "WriteThrottleEvents")
]


@pytest.mark.parametrize(
    ("units", "level"),
    [
        (0, None),  # a level of 0 is no level: nothing to measure the utilisation against
        (math.nextafter(0.0, 1.0), math.nextafter(0.0, 1.0)),  # the least positive level is a level
        (1, 1.0),  # DynamoDB's least provisioned capacity
    ],
)
def test_a_described_level_counts_only_above_zero(tmp_path, units, level):
    ev = hp.gather_evidence(_read(tmp_path, _EVERY_SCOPE, _level_table(units)))
    assert len(ev.scopes) == 4
    for s in ev.scopes:
        got = None if s.provisioned is None else s.provisioned.tolist()
        assert got == (None if level is None else [level, level]), (s.scope, s.kind)
        assert s.provisioned_from == ("" if level is None else "the table description")


# An on-demand table with a maximum throughput and warm throughput, every number different; its index has a maximum
# of its own. AWS's describe-table gives an on-demand table's ProvisionedThroughput as zeros.
_ON_DEMAND = {
    "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST"},
    "ProvisionedThroughput": {"ReadCapacityUnits": 0, "WriteCapacityUnits": 0, "NumberOfDecreasesToday": 0},
    "OnDemandThroughput": {"MaxReadRequestUnits": 700, "MaxWriteRequestUnits": 500},
    "WarmThroughput": {"ReadUnitsPerSecond": 12_000, "WriteUnitsPerSecond": 4_000, "Status": "ACTIVE"},
    "GlobalSecondaryIndexes": [
        {
            "IndexName": "by-status",
            "IndexStatus": "ACTIVE",
            "ProvisionedThroughput": {"ReadCapacityUnits": 0, "WriteCapacityUnits": 0, "NumberOfDecreasesToday": 0},
            "OnDemandThroughput": {"MaxReadRequestUnits": 70, "MaxWriteRequestUnits": 50},
            "WarmThroughput": {"ReadUnitsPerSecond": 12_000, "WriteUnitsPerSecond": 4_000, "Status": "ACTIVE"},
        }
    ],
}


def _on_demand_export():
    # Three minutes. The table's reads hit their maximum of 700 RRU/s (42,000 units in the minute) and the index's
    # writes their maximum of 50 WRU/s (3,000 units): each throttled for MaxOnDemandThroughput.
    return [
        ("", "ConsumedReadCapacityUnits", [6_000.0, 42_000.0, 6_000.0]),
        ("", "ReadThrottleEvents", [0.0, 80.0, 0.0]),
        ("", "ReadMaxOnDemandThroughputThrottleEvents", [0.0, 80.0, 0.0]),
        ("", "ConsumedWriteCapacityUnits", [600.0, 600.0, 600.0]),
        ("", "WriteThrottleEvents", [0.0, 0.0, 0.0]),
        ("by-status", "ConsumedReadCapacityUnits", [60.0, 60.0, 60.0]),
        ("by-status", "ReadThrottleEvents", [0.0, 0.0, 0.0]),
        ("by-status", "ConsumedWriteCapacityUnits", [600.0, 3_000.0, 600.0]),
        ("by-status", "WriteThrottleEvents", [0.0, 30.0, 0.0]),
        ("by-status", "WriteMaxOnDemandThroughputThrottleEvents", [0.0, 30.0, 0.0]),
    ]


def test_an_on_demand_description_gives_maximum_and_warm_throughput_by_kind_and_no_level(tmp_path):
    ev = hp.gather_evidence(_read(tmp_path, _on_demand_export(), _ON_DEMAND))
    want = {
        ("", "Read"): (700.0, 12_000.0),
        ("", "Write"): (500.0, 4_000.0),
        ("by-status", "Read"): (70.0, None),  # the description's reader keeps no index WarmThroughput
        ("by-status", "Write"): (50.0, None),
    }
    for (scope, kind), (maximum, warm) in want.items():
        s = ev.scope(scope, kind)
        assert (s.maximum, s.warm) == (maximum, warm), (scope, kind)
        assert (s.provisioned, s.provisioned_from) == (None, ""), (scope, kind)  # on demand: zeros are no level
    assert (ev.mode, ev.mode_from) == ("on-demand", "the table description (BillingModeSummary.BillingMode)")


def test_a_reader_sees_the_maximum_set_on_each_scope(tmp_path):
    d = hp.diagnose(_read(tmp_path, _on_demand_export(), _ON_DEMAND))
    by_where = {f.where: f for f in d.findings if f.cause == "maximum throughput"}
    table, index = by_where["the table's reads"], by_where["the writes of index 'by-status'"]
    assert len(by_where) == 2
    assert "raise MaxReadRequestUnits of the table to" in table.action and "(set now: 700)" in table.action
    assert "raise MaxWriteRequestUnits of index 'by-status' to" in index.action and "(set now: 50)" in index.action


# ---------------------------------------------------------------------------------------------------------------------
# _mode: the capacity mode and how it was known
# ---------------------------------------------------------------------------------------------------------------------


def test_an_export_without_description_or_provisioned_metric_leaves_the_mode_unknown(tmp_path):
    m = _read(tmp_path, [("", "ConsumedWriteCapacityUnits", [600.0, 600.0]), ("", "WriteThrottleEvents", [0.0, 5.0])])
    ev = hp.gather_evidence(m)
    assert (ev.mode, ev.mode_from) == (None, "neither a table description nor Provisioned*CapacityUnits was exported")
    words = _evidence(hp.diagnose(m).findings)
    assert "capacity mode: unknown (neither a table description nor Provisioned*CapacityUnits was exported)" in words


def test_an_export_reads_the_mode_from_its_provisioned_metric_and_says_so(tmp_path):
    m = _read(
        tmp_path,
        [
            ("", "ConsumedWriteCapacityUnits", [600.0, 600.0]),
            ("", "ProvisionedWriteCapacityUnits", [100.0, 100.0]),
            ("", "WriteThrottleEvents", [0.0, 5.0]),
        ],
    )
    ev = hp.gather_evidence(m)
    assert (ev.mode, ev.mode_from) == ("provisioned", "Provisioned*CapacityUnits has data points")
    assert "capacity mode: provisioned (Provisioned*CapacityUnits has data points)" in _evidence(hp.diagnose(m).findings)


@pytest.mark.parametrize(
    ("mode", "want"),
    [
        (None, ("provisioned", "Provisioned*CapacityUnits is there")),
        (hp.OnDemand(), ("on-demand", "no Provisioned*CapacityUnits metric")),
    ],
)
def test_a_simulation_says_its_mode_by_its_provisioned_metric(mode, want):
    res = hp.simulate(hp.Table(4, wcu=4_000), [1_500.0] + [10.0] * 9, 120, keys=KEYS, mode=mode)
    ev = hp.gather_evidence(hp.cloudwatch(res))
    assert (ev.mode, ev.mode_from) == want


# ---------------------------------------------------------------------------------------------------------------------
# _gaps: the minutes no export covers are no data, not quiet minutes
# ---------------------------------------------------------------------------------------------------------------------


def _two_exports(tmp_path):
    # minutes 0-2 in one export, 5-7 in the next: minutes 3 and 4 are covered by neither
    a = _export(tmp_path, "a", [("", "WriteThrottleEvents", [0.0, 5.0, 0.0]), ("", "ConsumedWriteCapacityUnits", [600.0] * 3)])
    b = _export(
        tmp_path, "b", [("", "WriteThrottleEvents", [0.0, 0.0, 0.0]), ("", "ConsumedWriteCapacityUnits", [600.0] * 3)], start=5
    )
    return hp.read_metric_data([a[0], b[0]], [a[1], b[1]])


def test_the_minutes_between_two_exports_are_gaps(tmp_path):
    m = _two_exports(tmp_path)
    ev = hp.gather_evidence(m)
    assert ev.minutes == 8
    assert ev.gaps.dtype == np.bool_
    assert ev.gaps.tolist() == [False, False, False, True, True, False, False, False]


def test_a_gap_is_not_counted_as_quiet_in_the_spike(tmp_path):
    # 8 minutes, one with throttling, two in the gap: 8 - 1 - 2 = 5 quiet minutes (7 if the gap counted as quiet)
    (spike,) = [f for f in hp.diagnose(_two_exports(tmp_path)).findings if f.cause == "short spike"]
    assert spike.evidence[0] == "throttling in 1 one-minute data points, minutes 2 to 2 of 8; 5 quiet"


def _observed(gaps):
    w = np.array([0.0, 5.0, 0.0, 0.0])
    return hp.ObservedMetrics(
        kind="write",
        seconds=240,
        batch_size=1,
        item_units=1.0,
        table={"WriteThrottleEvents": w, "ConsumedWriteCapacityUnits": np.full(4, 600.0)},
        requests=w,
        exported=frozenset({"WriteThrottleEvents", "ConsumedWriteCapacityUnits"}),
        gaps=gaps,
    )


def test_gaps_given_as_a_list_of_flags_are_a_boolean_mask():
    ev = hp.gather_evidence(_observed([0, 0, 1, 0]))
    assert isinstance(ev.gaps, np.ndarray) and ev.gaps.dtype == np.bool_
    assert ev.gaps.tolist() == [False, False, True, False]


@pytest.mark.parametrize("gaps", [np.zeros(0, dtype=bool), np.array([True, False, True])])
def test_gaps_of_another_length_than_the_minutes_are_no_gaps(gaps):
    ev = hp.gather_evidence(_observed(gaps))
    assert ev.gaps.tolist() == [False] * 4


def test_a_simulation_has_no_gaps():
    ev = hp.gather_evidence(hp.cloudwatch(hp.simulate(hp.Table(4, wcu=4_000), [10.0] * 10, 150, keys=KEYS)))
    assert ev.gaps.tolist() == [False, False, False]


# ---------------------------------------------------------------------------------------------------------------------
# Evidence.hit, Evidence.total_events: every scope, kind and backfill counts; one event is throttling
# ---------------------------------------------------------------------------------------------------------------------

# An index being built ("by-status", CREATING and backfilling): its backfill throttles in minute 4 only, the table's
# writes in minute 2 (one event: the least count that is throttling).
_BUILDING = {
    "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST"},
    "ProvisionedThroughput": {"ReadCapacityUnits": 0, "WriteCapacityUnits": 0, "NumberOfDecreasesToday": 0},
    "GlobalSecondaryIndexes": [
        {
            "IndexName": "by-status",
            "IndexStatus": "CREATING",
            "Backfilling": True,
            "ProvisionedThroughput": {"ReadCapacityUnits": 0, "WriteCapacityUnits": 0, "NumberOfDecreasesToday": 0},
        }
    ],
}
_BACKFILL_EXPORT = [
    ("", "ConsumedWriteCapacityUnits", [600.0] * 6),
    ("", "WriteThrottleEvents", [0.0, 1.0, 0.0, 0.0, 0.0, 0.0]),
    ("", "ConsumedReadCapacityUnits", [600.0] * 6),
    ("", "ReadThrottleEvents", [0.0] * 6),
    ("by-status", "OnlineIndexConsumedWriteCapacity", [300.0] * 6),
    ("by-status", "OnlineIndexThrottleEvents", [0.0, 0.0, 0.0, 2.0, 0.0, 0.0]),
]


def test_throttling_minutes_and_total_count_the_backfill_and_a_single_event(tmp_path):
    m = _read(tmp_path, _BACKFILL_EXPORT, _BUILDING)
    ev = hp.gather_evidence(m)
    assert ev.backfills["by-status"].throttle_events.tolist() == [0.0, 0.0, 0.0, 2.0, 0.0, 0.0]
    assert ev.hit().tolist() == [False, True, False, True, False, False]
    assert ev.total_events() == 3.0  # 1 of the table's writes + 2 of the backfill
    d = hp.diagnose(m)
    assert d.total_events == 3.0
    (spike,) = [f for f in d.findings if f.cause == "short spike"]
    # minutes 2 and 4 throttled (span 3), 4 quiet
    assert spike.evidence[0] == "throttling in 2 one-minute data points, minutes 2 to 4 of 6; 4 quiet"


def _scope(kind, events, scope=""):
    return ScopeEvidence(scope, kind, np.asarray(events, dtype=float), True, {})


def _ev(scopes, backfill_events, requests, exported=None):
    n = len(requests)
    return Evidence(
        minutes=n,
        seconds=np.full(n, 60.0),
        scopes=tuple(scopes),
        backfills={"by-status": Backfill("by-status", np.asarray(backfill_events, dtype=float))},
        requests=np.asarray(requests, dtype=float),
        requests_exported=True,
        key_reports={},
        mode="provisioned",
        mode_from="",
        exported=exported,
        indexes=("by-status",),
        gaps=np.zeros(n, dtype=bool),
    )


def test_a_minute_is_hit_above_zero_events_exactly():
    tiny = math.nextafter(0.0, 1.0)  # the least positive count: throttling; 0 is not
    ev = _ev(
        [_scope("Read", [0.0, tiny, 0.0, 0.0, 0.0]), _scope("Write", [0.0, 0.0, 1.0, 0.0, 0.0], "by-status")],
        [0.0, 0.0, 0.0, 1.0, 0.0],
        [0.0, 0.0, 0.0, 0.0, 1.0],
    )
    assert ev.hit().tolist() == [False, True, True, True, True]
    assert ev.total_events() == 1.0 + tiny + 1.0  # ThrottledRequests are requests, not events: not in the total


def test_backfill_events_add_to_the_scopes_events_minute_by_minute():
    # a minute where the table's 3 events and the backfill's 2 meet: 5, never 1
    ev = _ev([_scope("Write", [3.0, 0.0])], [2.0, 4.0], [0.0, 0.0])
    assert ev.hit().tolist() == [True, True]
    assert ev.total_events() == 9.0


# ---------------------------------------------------------------------------------------------------------------------
# Evidence.scope, Evidence.has, ScopeEvidence.metric
# ---------------------------------------------------------------------------------------------------------------------


def test_scope_finds_the_scope_and_the_kind_both(tmp_path):
    ev = hp.gather_evidence(_read(tmp_path, _provisioned_export(), _PROVISIONED))
    assert [(s.scope, s.kind) for s in ev.scopes][:2] == [("", "Read"), ("", "Write")]
    for scope in ("", "by-status"):
        for kind in ("Read", "Write"):
            s = ev.scope(scope, kind)
            assert (s.scope, s.kind) == (scope, kind)
    assert ev.scope("legacy", "Read") is None  # the export has only the writes of "legacy"
    assert ev.scope("nope", "Write") is None


def test_has_reads_an_index_metric_by_its_index(tmp_path):
    # the table's reads and the index's writes exported, not the other way round
    m = _read(
        tmp_path,
        [
            ("", "ReadThrottleEvents", [0.0, 0.0, 0.0]),
            ("", "ThrottledRequests", [0.0, 4.0, 0.0]),
            ("by-status", "WriteThrottleEvents", [0.0, 0.0, 0.0]),
        ],
    )
    ev = hp.gather_evidence(m)
    assert ev.has("ReadThrottleEvents") and not ev.has("WriteThrottleEvents")
    assert ev.has("WriteThrottleEvents", "by-status") and not ev.has("ReadThrottleEvents", "by-status")
    assert not ev.has("ThrottledRequests", "by-status")
    (f,) = hp.diagnose(m).findings
    assert f.evidence[1].startswith("not exported: by-status ReadThrottleEvents: a write refused for an index's back-pressure")
    assert f.missing == ("WriteThrottleEvents of the table", "by-status ReadThrottleEvents")


def test_a_simulation_has_every_metric():
    ev = hp.gather_evidence(hp.cloudwatch(hp.simulate(hp.Table(4, wcu=4_000), [10.0] * 10, 60, keys=KEYS)))
    assert ev.exported is None
    assert ev.has("WriteThrottleEvents") and ev.has("OnlineIndexThrottleEvents", "by-status")


@pytest.mark.parametrize(
    ("scope", "kind", "stem", "name"),
    [
        ("", "Write", "ThrottleEvents", "WriteThrottleEvents"),
        ("", "Read", "KeyRangeThroughputThrottleEvents", "ReadKeyRangeThroughputThrottleEvents"),
        ("", "Write", "C", "ConsumedWriteCapacityUnits"),
        ("by-status", "Read", "ThrottleEvents", "by-status ReadThrottleEvents"),
        ("by-status", "Write", "C", "by-status ConsumedWriteCapacityUnits"),
    ],
)
def test_a_metric_is_named_as_cloudwatch_names_it(scope, kind, stem, name):
    assert _scope(kind, [0.0], scope).metric(stem) == name
