"""gather_evidence (hotpart/models/evidence.py) read from a real table's exports, in process: which scopes exist,
what each one carries (events, reasons, consumed and provisioned capacity, where the level came from, the on-demand
maximum and warm throughput), the backfills, the throttled requests, the gaps.

The exports are written under ``tmp_path`` in AWS's documented formats: ``aws cloudwatch get-metric-data`` output
(``MetricDataResults``: ``Id``, ``Label``, ``Timestamps`` newest first, ``Values``, ``StatusCode``) with the
``--metric-data-queries`` file it answered (``MetricStat`` with the ``AWS/DynamoDB`` namespace, the ``TableName`` and
``GlobalSecondaryIndexName`` dimensions), and ``aws dynamodb describe-table`` output, read with
:func:`hotpart.read_metric_data`. A metric not exported is unknown, never zero: each test says which were.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import numpy as np
import pytest

import hotpart as hp

START = 1_796_115_600  # 2026-12-01T10:20:00Z, a whole minute
MINUTES = 3
ZEROS = [0.0] * MINUTES


def _iso(t: int) -> str:
    return datetime.datetime.fromtimestamp(t, datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _write_export(folder: Path, series: dict[str, list], start: int = START, name: str = "metrics") -> tuple[Path, Path]:
    """get-metric-data's output and its queries: one query per label (``MetricName`` or ``IndexName MetricName``),
    a value per minute (``None``: no data point that minute; ``[]``: exported with no data point at all)."""
    queries, results = [], []
    for i, (label, values) in enumerate(series.items()):
        index, metric = label.split() if " " in label else (None, label)
        dims = [{"Name": "TableName", "Value": "orders"}]
        if index:
            dims.append({"Name": "GlobalSecondaryIndexName", "Value": index})
        level = metric.startswith("Provisioned") or metric == "OnlineIndexPercentageProgress"
        stat = {"Namespace": "AWS/DynamoDB", "MetricName": metric, "Dimensions": dims}
        queries.append(
            {
                "Id": f"m{i}",
                "Label": label,
                "MetricStat": {"Metric": stat, "Period": 60, "Stat": "Average" if level else "Sum"},
                "ReturnData": True,
            }
        )
        points = [(start + 60 * j, v) for j, v in enumerate(values) if v is not None][::-1]  # newest first
        results.append(
            {
                "Id": f"m{i}",
                "Label": label,
                "Timestamps": [_iso(t) for t, _ in points],
                "Values": [v for _, v in points],
                "StatusCode": "Complete",
            }
        )
    out, qs = folder / f"{name}.json", folder / f"{name}-queries.json"
    out.write_text(json.dumps({"MetricDataResults": results, "Messages": []}), encoding="utf-8")
    qs.write_text(json.dumps(queries), encoding="utf-8")
    return out, qs


def _read(folder: Path, series: dict[str, list], table: dict | None = None) -> hp.ObservedMetrics:
    out, qs = _write_export(folder, series)
    if table is None:
        return hp.read_metric_data(out, qs)
    path = folder / "table.json"
    path.write_text(json.dumps({"Table": {"TableName": "orders", **table}}), encoding="utf-8")
    return hp.read_metric_data(out, qs, description=path)


def _scopes(ev: hp.Evidence) -> list[tuple[str, str]]:
    return [(s.scope, s.kind) for s in ev.scopes]


def _list(a: np.ndarray | None) -> list[float] | None:
    return None if a is None else np.asarray(a).tolist()


def test_anything_but_metrics_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"^metrics = \{'WriteThrottleEvents': 5\} is not a Metrics \(use hotpart"):
        hp.gather_evidence({"WriteThrottleEvents": 5})


# --- which scopes exist: exactly the scope and kind pairs the export carries ------------------------------------------

TABLE_AND_INDEX = {
    # the table's writes: throttle events, two reasons, consumed and provisioned capacity, throttled requests
    "WriteThrottleEvents": [0.0, 5.0, 0.0],
    "WriteKeyRangeThroughputThrottleEvents": [0.0, 5.0, 0.0],
    "WriteProvisionedThroughputThrottleEvents": ZEROS,
    "ConsumedWriteCapacityUnits": [600.0, 900.0, 300.0],
    "ProvisionedWriteCapacityUnits": [10.0, 10.0, 10.0],
    "ThrottledRequests": [0.0, 4.0, 0.0],
    # the table's reads: only the provisioned level (no throttle metric, no consumption)
    "ProvisionedReadCapacityUnits": [50.0, 50.0, 50.0],
    # the index's reads: events, one reason, and consumption exported with no data point (nothing consumed)
    "by-status ReadThrottleEvents": [0.0, 2.0, 1.0],
    "by-status ReadKeyRangeThroughputThrottleEvents": [0.0, 2.0, 1.0],
    "by-status ConsumedReadCapacityUnits": [],
}


def test_the_scopes_are_the_scope_and_kind_pairs_the_export_carries(tmp_path: Path) -> None:
    m = _read(tmp_path, TABLE_AND_INDEX)
    ev = hp.gather_evidence(m)
    # not the index's writes (nothing of them exported, though the table's writes are), not the table's throttle reads
    assert _scopes(ev) == [("", "Read"), ("", "Write"), ("by-status", "Read")]  # each scope: reads, then writes
    assert [s.name for s in ev.scopes] == ["the table's reads", "the table's writes", "the reads of index 'by-status'"]
    assert ev.exported == m.exported == frozenset(TABLE_AND_INDEX)
    assert ev.indexes == ("by-status",)
    assert ev.minutes == MINUTES and _list(ev.seconds) == [60.0] * MINUTES
    assert ev.description is None and ev.backfills == {}

    tr, tw, ir = ev.scopes
    assert _list(tw.events) == [0.0, 5.0, 0.0] and tw.events_exported is True
    assert set(tw.reasons) == {"KeyRangeThroughputThrottleEvents", "ProvisionedThroughputThrottleEvents"}
    assert _list(tw.reasons["KeyRangeThroughputThrottleEvents"]) == [0.0, 5.0, 0.0]
    assert _list(tw.reasons["ProvisionedThroughputThrottleEvents"]) == ZEROS  # exported, no throttling: zeros
    assert tw.missing_reasons == ("AccountLimitThrottleEvents", "MaxOnDemandThroughputThrottleEvents")
    assert _list(tw.consumed) == [600.0, 900.0, 300.0]
    assert _list(tw.provisioned) == [10.0] * 3 and tw.provisioned_from == "the metric"

    # reads of the table: carried by their provisioned level alone; no throttle metric, no consumption: unknown
    assert _list(tr.events) == ZEROS and tr.events_exported is False and tr.reasons == {}
    assert tr.consumed is None
    assert _list(tr.provisioned) == [50.0] * 3 and tr.provisioned_from == "the metric"

    # the index's reads: its own names (``by-status ReadThrottleEvents``), not the table's
    assert _list(ir.events) == [0.0, 2.0, 1.0] and ir.events_exported is True
    assert set(ir.reasons) == {"KeyRangeThroughputThrottleEvents"}
    assert _list(ir.reasons["KeyRangeThroughputThrottleEvents"]) == [0.0, 2.0, 1.0]
    assert _list(ir.consumed) == ZEROS  # exported with no data point: nothing consumed, not unknown
    assert ir.provisioned is None and ir.provisioned_from == ""

    assert _list(ev.requests) == [0.0, 4.0, 0.0] and ev.requests_exported is True
    assert ev.mode == "provisioned"


def test_throttled_requests_not_exported_are_zeros_said_as_not_exported(tmp_path: Path) -> None:
    ev = hp.gather_evidence(_read(tmp_path, {"WriteThrottleEvents": [1.0, 0.0, 2.0]}))
    assert _scopes(ev) == [("", "Write")]
    assert ev.requests.shape == (MINUTES,) and _list(ev.requests) == ZEROS
    assert ev.requests_exported is False
    s = ev.scopes[0]
    assert s.consumed is None and s.provisioned is None and s.reasons == {}
    assert ev.indexes == () and ev.backfills == {}


def test_a_throttle_metric_exported_with_no_data_point_still_makes_its_scope(tmp_path: Path) -> None:
    """Exported with no data point: zero events, known to be zero (not an unknown scope dropped)."""
    series = {"WriteThrottleEvents": [], "ConsumedWriteCapacityUnits": [5.0, 6.0, 7.0]}
    ev = hp.gather_evidence(_read(tmp_path, series))
    assert _scopes(ev) == [("", "Write")]
    s = ev.scopes[0]
    assert _list(s.events) == ZEROS and s.events_exported is True
    assert _list(s.consumed) == [5.0, 6.0, 7.0]


def test_an_index_whose_consumption_has_no_data_point_consumed_nothing(tmp_path: Path) -> None:
    """The index's ``ConsumedWriteCapacityUnits`` is exported (empty), the table's is not: the index consumed
    nothing, the table's consumption is unknown."""
    ev = hp.gather_evidence(
        _read(
            tmp_path,
            {
                "WriteThrottleEvents": [0.0, 1.0, 0.0],
                "by-status WriteThrottleEvents": [0.0, 3.0, 0.0],
                "by-status ConsumedWriteCapacityUnits": [],
            },
        )
    )
    assert _scopes(ev) == [("", "Write"), ("by-status", "Write")]
    table, index = ev.scopes
    assert table.consumed is None
    assert _list(index.consumed) == ZEROS
    assert ev.scope("by-status", "Write") is index and ev.scope("by-status", "Read") is None


def test_a_reason_exported_for_the_table_is_not_the_index_s(tmp_path: Path) -> None:
    """The table exports every reason, the index none: the index's events are left to no exported reason."""
    series = {"WriteThrottleEvents": [0.0, 4.0, 0.0], "by-status WriteThrottleEvents": [0.0, 4.0, 0.0]}
    series |= {f"Write{stem}": [0.0, 4.0 if stem.startswith("Key") else 0.0, 0.0] for stem in hp.REASON_METRICS}
    ev = hp.gather_evidence(_read(tmp_path, series))
    table, index = ev.scopes
    assert set(table.reasons) == set(hp.REASON_METRICS) and table.missing_reasons == ()
    assert index.reasons == {} and index.missing_reasons == tuple(hp.REASON_METRICS)


# --- the provisioned level, the on-demand maximum and warm throughput from the description ---------------------------

PROVISIONED_TABLE = {
    "BillingModeSummary": {"BillingMode": "PROVISIONED"},
    "ProvisionedThroughput": {"ReadCapacityUnits": 100, "WriteCapacityUnits": 200},
    "GlobalSecondaryIndexes": [
        {
            "IndexName": "by-status",
            "IndexStatus": "ACTIVE",
            "ProvisionedThroughput": {"ReadCapacityUnits": 30, "WriteCapacityUnits": 40},
        }
    ],
}


def test_the_provisioned_level_is_the_metric_else_the_scope_and_kind_s_described_level(tmp_path: Path) -> None:
    series = {
        "WriteThrottleEvents": ZEROS,
        "ProvisionedWriteCapacityUnits": [250.0, 250.0, 250.0],  # raised since the description: the metric wins
        "ReadThrottleEvents": ZEROS,
        "by-status WriteThrottleEvents": ZEROS,
        "by-status ReadThrottleEvents": ZEROS,
    }
    m = _read(tmp_path, series, PROVISIONED_TABLE)
    ev = hp.gather_evidence(m)
    assert ev.description is m.description and ev.description.write_units == 200.0
    assert _scopes(ev) == [("", "Read"), ("", "Write"), ("by-status", "Read"), ("by-status", "Write")]
    got = {(s.scope, s.kind): (_list(s.provisioned), s.provisioned_from) for s in ev.scopes}
    assert got == {
        ("", "Write"): ([250.0] * 3, "the metric"),
        ("", "Read"): ([100.0] * 3, "the table description"),
        ("by-status", "Write"): ([40.0] * 3, "the table description"),
        ("by-status", "Read"): ([30.0] * 3, "the table description"),
    }
    for s in ev.scopes:
        assert s.provisioned.shape == (MINUTES,) and s.provisioned.dtype == np.float64
        assert s.maximum is None and s.warm is None
    assert ev.indexes == ("by-status",) and ev.backfills == {}
    assert ev.mode == "provisioned"


ON_DEMAND_TABLE = {
    "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST"},
    "ProvisionedThroughput": {"ReadCapacityUnits": 0, "WriteCapacityUnits": 0},
    "OnDemandThroughput": {"MaxReadRequestUnits": 500, "MaxWriteRequestUnits": 1000},
    "WarmThroughput": {"ReadUnitsPerSecond": 12000, "WriteUnitsPerSecond": 4000, "Status": "ACTIVE"},
    "GlobalSecondaryIndexes": [
        {
            "IndexName": "by-status",
            "IndexStatus": "ACTIVE",
            "ProvisionedThroughput": {"ReadCapacityUnits": 0, "WriteCapacityUnits": 0},
            "OnDemandThroughput": {"MaxReadRequestUnits": 70, "MaxWriteRequestUnits": 300},
        }
    ],
}


def test_an_on_demand_scope_has_no_level_and_carries_its_maximum_and_warm_throughput(tmp_path: Path) -> None:
    series = {
        "WriteThrottleEvents": ZEROS,
        "ReadThrottleEvents": ZEROS,
        "ProvisionedWriteCapacityUnits": [],  # exported, no data point: an on-demand table has no level
        "by-status WriteThrottleEvents": ZEROS,
        "by-status ReadThrottleEvents": ZEROS,
    }
    ev = hp.gather_evidence(_read(tmp_path, series, ON_DEMAND_TABLE))
    got = {(s.scope, s.kind): (s.provisioned, s.provisioned_from, s.maximum, s.warm) for s in ev.scopes}
    assert got == {
        ("", "Write"): (None, "", 1000.0, 4000.0),
        ("", "Read"): (None, "", 500.0, 12000.0),
        ("by-status", "Write"): (None, "", 300.0, None),  # an index has no warm throughput of its own here
        ("by-status", "Read"): (None, "", 70.0, None),
    }
    assert ev.mode == "on-demand"


def test_without_a_description_nothing_is_read_from_one(tmp_path: Path) -> None:
    ev = hp.gather_evidence(_read(tmp_path, {"WriteThrottleEvents": ZEROS, "ReadThrottleEvents": ZEROS}))
    for s in ev.scopes:
        assert (s.provisioned, s.provisioned_from, s.maximum, s.warm) == (None, "", None, None)
    assert ev.description is None


# --- the indexes and their backfills ---------------------------------------------------------------------------------


def test_an_index_known_only_by_its_backfill_metrics_is_an_index_being_built(tmp_path: Path) -> None:
    series = {
        "WriteThrottleEvents": ZEROS,
        "new-index OnlineIndexThrottleEvents": [1.0, 2.0, 3.0],
        "new-index OnlineIndexConsumedWriteCapacity": [10.0, 20.0, 30.0],
        "new-index OnlineIndexPercentageProgress": [10.0, None, 30.0],  # a level: carried forward over the gap
    }
    ev = hp.gather_evidence(_read(tmp_path, series))
    assert ev.indexes == ("new-index",)
    assert _scopes(ev) == [("", "Write")]  # a backfill is not a scope: its events are OnlineIndexThrottleEvents
    assert list(ev.backfills) == ["new-index"]
    b = ev.backfills["new-index"]
    assert b.index == "new-index"
    assert b.throttle_events.dtype == np.float64 and _list(b.throttle_events) == [1.0, 2.0, 3.0]
    assert _list(b.consumed) == [10.0, 20.0, 30.0]
    assert _list(b.progress) == [10.0, 10.0, 30.0]
    assert b.status is None and b.backfilling is None and b.being_built
    assert ev.total_events() == 6.0 and ev.hit().tolist() == [True, True, True]


def test_an_index_described_as_being_built_has_a_backfill_without_its_metrics(tmp_path: Path) -> None:
    """Sorted by name: an active index (no backfill) first, then one CREATING (not yet backfilling), then one
    UPDATING and backfilling; none of them with an OnlineIndex* metric in the export."""
    table = {
        "BillingModeSummary": {"BillingMode": "PROVISIONED"},
        "ProvisionedThroughput": {"ReadCapacityUnits": 100, "WriteCapacityUnits": 200},
        "GlobalSecondaryIndexes": [
            {"IndexName": "a-active", "IndexStatus": "ACTIVE"},
            {"IndexName": "b-creating", "IndexStatus": "CREATING", "Backfilling": False},
            {"IndexName": "c-updating", "IndexStatus": "UPDATING", "Backfilling": True},
        ],
    }
    ev = hp.gather_evidence(_read(tmp_path, {"WriteThrottleEvents": ZEROS}, table))
    assert ev.indexes == ("a-active", "b-creating", "c-updating")
    assert _scopes(ev) == [("", "Write")]
    assert list(ev.backfills) == ["b-creating", "c-updating"]
    b, c = ev.backfills["b-creating"], ev.backfills["c-updating"]
    assert (b.index, b.status, b.backfilling) == ("b-creating", "CREATING", False)
    assert (c.index, c.status, c.backfilling) == ("c-updating", "UPDATING", True)
    for x in (b, c):
        assert x.throttle_events.shape == (MINUTES,) and _list(x.throttle_events) == ZEROS
        assert x.consumed is None and x.progress is None and x.being_built


def test_backfill_metrics_and_the_description_together(tmp_path: Path) -> None:
    table = {
        "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST"},
        "GlobalSecondaryIndexes": [{"IndexName": "new-index", "IndexStatus": "CREATING", "Backfilling": True}],
    }
    series = {"WriteThrottleEvents": ZEROS, "new-index OnlineIndexPercentageProgress": [40.0, 55.0, 70.0]}
    ev = hp.gather_evidence(_read(tmp_path, series, table))
    b = ev.backfills["new-index"]
    assert (b.status, b.backfilling) == ("CREATING", True)
    assert _list(b.progress) == [40.0, 55.0, 70.0] and b.consumed is None
    assert b.throttle_events.shape == (MINUTES,) and _list(b.throttle_events) == ZEROS  # not exported: zeros


def test_an_index_with_metrics_the_description_no_longer_names_stays_an_index(tmp_path: Path) -> None:
    """The exports cover a window when ``old-index`` existed; the description, read later, names only ``by-status``:
    both are the table's indexes (the union, not the description's list alone)."""
    table = {
        "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST"},
        "GlobalSecondaryIndexes": [{"IndexName": "by-status", "IndexStatus": "ACTIVE"}],
    }
    series = {"WriteThrottleEvents": ZEROS, "old-index WriteThrottleEvents": [0.0, 7.0, 0.0]}
    ev = hp.gather_evidence(_read(tmp_path, series, table))
    assert ev.indexes == ("by-status", "old-index")
    assert _scopes(ev) == [("", "Write"), ("old-index", "Write")]
    assert _list(ev.scope("old-index", "Write").events) == [0.0, 7.0, 0.0]
    assert ev.backfills == {}


# --- the gaps between exports read together --------------------------------------------------------------------------


def test_the_minutes_no_export_covers_are_the_evidence_s_gaps(tmp_path: Path) -> None:
    first = _write_export(tmp_path, {"WriteThrottleEvents": [1.0, 2.0]}, name="first")
    second = _write_export(tmp_path, {"WriteThrottleEvents": [3.0, 4.0]}, start=START + 4 * 60, name="second")
    m = hp.read_metric_data([first[0], second[0]], [first[1], second[1]])
    ev = hp.gather_evidence(m)
    assert ev.minutes == 6
    assert ev.gaps.dtype == np.bool_ and ev.gaps.tolist() == [False, False, True, True, False, False]
    assert _list(ev.scopes[0].events) == [1.0, 2.0, 0.0, 0.0, 3.0, 4.0]


# --- metrics built by hand (hotpart.Metrics is public): integer counts, Contributor Insights from ``top`` ------------


def _top() -> tuple[hp.TopKeys, ...]:
    return tuple(hp.TopKeys(i, (("K1", 900.0), ("K2", 30.0)), (("K1", 100.0 * i),), 960.0, 100.0 * i) for i in range(3))


def test_hand_built_integer_counts_become_float_arrays() -> None:
    """Every evidence array is float64, as documented, whatever dtype a hand-built Metrics holds."""
    ints = {
        "WriteThrottleEvents": np.array([0, 3, 1]),
        "WriteKeyRangeThroughputThrottleEvents": np.array([0, 3, 1]),
        "ConsumedWriteCapacityUnits": np.array([600, 900, 300]),
        "ProvisionedWriteCapacityUnits": np.array([10, 10, 10]),
        "ThrottledRequests": np.array([0, 1, 1]),
    }
    m = hp.Metrics("write", 180, 25, 2.0, ints, indexes={"by-status": {"WriteThrottleEvents": np.array([2, 0, 0])}})
    ev = hp.gather_evidence(m)
    # a simulation carries every metric, so only the kinds with throttle events are scopes: no reads
    assert _scopes(ev) == [("", "Write"), ("by-status", "Write")]
    assert ev.exported is None and ev.requests_exported is True
    assert ev.indexes == ("by-status",)  # the metrics' own index, with no export to name it
    assert (ev.batch_size, ev.item_units) == (25, 2.0)
    s = ev.scopes[0]
    for a in (s.events, s.reasons["KeyRangeThroughputThrottleEvents"], s.consumed, s.provisioned, ev.requests):
        assert a.dtype == np.float64
    # a simulation carries every metric: a reason it holds no series of is zeros
    assert set(s.reasons) == set(hp.REASON_METRICS)
    assert _list(s.reasons["KeyRangeThroughputThrottleEvents"]) == [0.0, 3.0, 1.0]
    assert _list(s.reasons["AccountLimitThrottleEvents"]) == ZEROS
    assert _list(s.events) == [0.0, 3.0, 1.0] and _list(ev.requests) == [0.0, 1.0, 1.0]
    assert _list(s.consumed) == [600.0, 900.0, 300.0] and _list(s.provisioned) == [10.0] * 3
    assert s.provisioned_from == "the metric"
    assert ev.scopes[1].events.dtype == np.float64 and ev.scopes[1].consumed is None


def test_a_hand_built_backfill_with_integer_counts_becomes_float() -> None:
    """A backfill's series held by the metrics make its index known, though the export list built by hand omits it."""
    m = hp.ObservedMetrics(
        "write",
        180,
        1,
        1.0,
        {"WriteThrottleEvents": np.zeros(3)},
        exported=frozenset({"WriteThrottleEvents"}),
        online={"new-index": {"OnlineIndexThrottleEvents": np.array([4, 0, 1])}},
    )
    ev = hp.gather_evidence(m)
    assert ev.indexes == ("new-index",) and list(ev.backfills) == ["new-index"]
    b = ev.backfills["new-index"]
    assert b.throttle_events.dtype == np.float64 and _list(b.throttle_events) == [4.0, 0.0, 1.0]


def test_contributor_insights_from_top_are_the_table_s_report() -> None:
    top = _top()
    m = hp.Metrics("write", 180, 1, 1.0, {"WriteThrottleEvents": np.array([0.0, 100.0, 200.0])}, top=top)
    ev = hp.gather_evidence(m)
    assert list(ev.key_reports) == [""]
    r = ev.key_reports[""]
    assert r == hp.KeyReport(top) and r.top == top and r.accessed and r.throttled
    # a table report already there is kept, not replaced by ``top``
    own = hp.KeyReport(top[:1], throttled=False)
    kept = hp.gather_evidence(dataclass_replace(m, key_reports={"": own}))
    assert kept.key_reports == {"": own}


def dataclass_replace(m: hp.Metrics, **changes: object) -> hp.Metrics:
    import dataclasses

    return dataclasses.replace(m, **changes)


# --- a bug this file found: an index the export names with no data point was dropped ----------------------------------


def test_an_index_named_only_by_metrics_without_data_points_is_still_an_index(tmp_path: Path) -> None:
    """CloudWatch gives no data point where nothing was throttled: an index whose throttle metrics were exported and
    came back empty is an index that did not throttle, known, not one the export fails to name. (The diagnosis said
    "no index is named in the export or the description" and asked to export what was exported.)"""
    series = {
        "ThrottledRequests": [0.0, 4.0, 0.0],
        "WriteThrottleEvents": [],
        "by-status WriteThrottleEvents": [],
        "by-status ReadThrottleEvents": [],
    }
    m = _read(tmp_path, series)
    ev = hp.gather_evidence(m)
    assert ev.indexes == ("by-status",)
    assert _scopes(ev) == [("", "Write"), ("by-status", "Read"), ("by-status", "Write")]
    for s in ev.scopes:
        assert _list(s.events) == ZEROS and s.events_exported is True and s.consumed is None
    d = hp.diagnose(m)
    text = " ".join(e for f in d.findings for e in f.evidence) + " ".join(m for f in d.findings for m in f.missing)
    assert "ThrottledRequests: 4" in text
    assert "no index is named" not in text and "by-status WriteThrottleEvents" not in text
