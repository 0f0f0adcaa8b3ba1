"""A hot key's rate when its scope saw one key, and the other kind's units (``hotpart/models/_readings.py``), in process.

Issue 49, part 6, batch h: the survivors of ``make mutants`` in ``_key_rate`` (its one-key rule: when the
most-accessed report saw one key in all, the scope's own offered peak over the throttled minutes is the key's, and
the larger of that and the reports' bound is taken), ``_other_kind_units`` (the other kind's consumption in AWS's
units: 3 per write unit, 1 per read unit) and ``_accessed_total`` (a consumed series that ends before the report's
minutes adds nothing there). The tests build the evidence from the model objects, as
tests/test_diagnosis_consumed.py does, and assert what a reader of :func:`hotpart.find_causes`' finding sees: the rate
in its numbers, the evidence's sentences and the confidence; two call ``_key_rate`` directly, in minutes the diagnosis
does not reach with these numbers. Every expected number is worked out in the comment beside it. The survivors
tests/test_diagnosis_consumed.py already kills, and the equivalent ones (benchmarks/equivalent/_readings_h.py), are
not tested again here.
"""

from __future__ import annotations

import numpy as np
import pytest
from evidence_factory import evidence

import hotpart as hp
from hotpart.models._readings import _key_rate, _other_kind_units
from hotpart.models.evidence import Evidence, ScopeEvidence
from hotpart.models.metrics import KeyReport, TopKeys


def _scope(kind: str, events, consumed=None) -> ScopeEvidence:
    """The table's reads or writes: key-range throttling only, 10,000 units a second provisioned."""
    e = np.asarray(events, dtype=float)
    c = None if consumed is None else np.asarray(consumed, dtype=float)
    return ScopeEvidence("", kind, e, True, {"KeyRangeThroughputThrottleEvents": e}, c, np.full(e.size, 10_000.0))


def _ev(scopes, report: KeyReport) -> Evidence:
    return evidence(scopes, {"": report})


def _report(per_minute, *, unique: float) -> KeyReport:
    """AWS's most-accessed report (ConsumedThroughputUnits, writes x 3), one list per minute; no most-throttled one."""
    top = tuple(TopKeys(m, tuple(a), (), sum(v for _, v in a), 0.0) for m, a in enumerate(per_minute))
    return KeyReport(top, throttled=False, weighted=True, unique_accessed=unique, listed_accessed=1)


def _finding(scopes, report: KeyReport, kind: str) -> hp.Finding:
    (f,) = [f for f in hp.find_causes(_ev(scopes, report)) if f.kind == kind]
    return f


def _one_key_line(f: hp.Finding) -> str:
    (line,) = [e for e in f.evidence if e.startswith("the most-accessed report saw one key in all")]
    return line


# ---------------------------------------------------------------------------------------------------------------------
# _key_rate: the one-key rule
# ---------------------------------------------------------------------------------------------------------------------


def test_a_one_key_scopes_peak_is_taken_over_its_throttled_minutes_only():
    # a burst inside minute 0: 30,000 WCU consumed (500 WCU/s on average) and 600 writes refused; minute 1 quiet at
    # 54,000 WCU (900 WCU/s), nothing refused. 'PENDING' is the one key: its rate is the scope's offered peak in the
    # throttled minute, (30,000 + 600) / 60 = 510 WCU/s (its report's 90,000 units / 3 / 60 = 500 is less); the quiet
    # minute's 900 WCU/s, all of it consumed, is not what was refused
    s = _scope("Write", [600.0, 0.0], consumed=[30_000.0, 54_000.0])
    f = _finding([s], _report([[("PENDING", 90_000.0)], [("PENDING", 162_000.0)]], unique=1.0), "write")
    assert (f.cause, f.key, f.numbers["rate"]) == ("small key space", "PENDING", pytest.approx(510.0))
    assert _one_key_line(f) == (
        "the most-accessed report saw one key in all, 'PENDING', so every write the table consumed or refused was its: "
        "it is offered at least 510 WCU/s at the peak (consumed plus refused)"
    )


def test_a_one_key_scope_without_its_consumption_takes_the_reports_rate():
    # ConsumedWriteCapacityUnits not exported: the scope has no offered peak, and the key's bound is its report's
    # 180,000 units / 3 / 60 = 1,000 WCU/s
    s = _scope("Write", [84_000.0])
    f = _finding([s], _report([[("PENDING", 180_000.0)]], unique=1.0), "write")
    assert (f.cause, f.key, f.numbers["rate"], f.numbers["shards"]) == ("small key space", "PENDING", 1_000.0, 2)
    assert _one_key_line(f).endswith("it is offered at least 1,000 WCU/s at the peak (consumed plus refused)")


def test_a_one_key_scope_below_one_unit_a_second_still_gives_its_own_peak():
    # 6 WCU consumed and 30 writes refused in the minute: (6 + 30) / 60 = 0.6 WCU/s offered, more than the report's
    # 18 units / 3 / 60 = 0.1 WCU/s; a peak under one unit a second is a peak all the same
    s = _scope("Write", [30.0], consumed=[6.0])
    f = _finding([s], _report([[("PENDING", 18.0)]], unique=1.0), "write")
    assert (f.cause, f.key, f.numbers["rate"]) == ("small key space", "PENDING", pytest.approx(0.6))
    assert _one_key_line(f).endswith("it is offered at least 0.6 WCU/s at the peak (consumed plus refused)")


def test_a_one_key_scope_keeps_the_reports_rate_when_it_is_the_larger():
    # reads throttled: 60,000 RCU consumed and 600 reads refused, (60,000 + 600) / 60 = 1,010 RCU/s offered; 'a' is
    # also written, and AWS's report counts both: 120,000 units. The writes' consumption was not exported, so the
    # units are taken as reads (the throttled kind, HOT_KEY_TRAFFIC_SHARE): 120,000 / 60 = 2,000 RCU/s, the larger
    # bound, is the one said (with 20,000 WCU of writes exported, 3 x 20,000 would be taken out first: 1,000, and the
    # scope's own 1,010 is the larger: test_diagnosis_consumed.py)
    reads, writes = _scope("Read", [600.0], consumed=[60_000.0]), _scope("Write", [0.0])
    f = _finding([reads, writes], _report([[("a", 120_000.0)]], unique=1.0), "read")
    assert (f.cause, f.key) == ("small key space", "a")
    assert _one_key_line(f) == (
        "the most-accessed report saw one key in all, 'a', so every read the table consumed or refused was its: it is "
        "offered at least 2,000 RCU/s at the peak (consumed plus refused)"
    )


def test_a_one_key_scopes_rate_in_minutes_its_report_does_not_cover_is_the_scopes_own_peak():
    # the report covers minute 0 only; in minute 1 the scope consumed 30,000 WCU and refused 600 writes: the report
    # gives nothing there, and the one key's rate is the scope's offered peak, (30,000 + 600) / 60 = 510 WCU/s
    s = _scope("Write", [0.0, 600.0], consumed=[60_000.0, 30_000.0])
    ev = _ev([s], _report([[("PENDING", 180_000.0)]], unique=1.0))
    assert _key_rate(s, ev, "PENDING", np.array([False, True])) == pytest.approx(510.0)
    # a key listed at zero units in a minute its scope consumed and refused nothing: an offered peak of 0 is no
    # bound, and the key has no rate (a remedy sized from 0 WCU/s would say nothing)
    quiet = _scope("Write", [0.0], consumed=[0.0])
    assert _key_rate(quiet, _ev([quiet], _report([[("PENDING", 0.0)]], unique=1.0)), "PENDING", np.array([True])) is None


# ---------------------------------------------------------------------------------------------------------------------
# _other_kind_units and _accessed_total: the reads beside a hot key's writes
# ---------------------------------------------------------------------------------------------------------------------


def _hot_writes(reads) -> hp.Finding:
    """'hot' at 180,000 units a minute (AWS's per-item maximum: 1,000 WCU/s) for 3 minutes of write throttling in a
    table that consumed 60,000 WCU a minute and the reads given; the report saw 5,000 keys (not a small key space)."""
    w = _scope("Write", [100.0] * 3, consumed=[60_000.0] * 3)
    r = _scope("Read", [0.0] * 3, consumed=reads)
    return _finding([w, r], _report([[("hot", 180_000.0)]] * 3, unique=5_000.0), "write")


def test_a_hot_writes_certainty_counts_the_tables_reads_at_one_unit_each():
    # were the 12,000 RCU of reads a minute all 'hot''s (one of AWS's units each), its writes would be
    # (180,000 - 12,000) / 3 / 60 = 933 WCU/s: still at least 90% of 1,000, so the key is hot for certain
    f = _hot_writes([12_000.0] * 3)
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "high")
    assert f.evidence[-1] == (
        "the most-accessed report counts reads and writes together, and the table consumed reads too while it "
        "throttled: were all of them 'hot''s, its writes would come to 933 WCU/s, still a partition's worth"
    )
    # the share: 180,000 of 3 x 60,000 + 12,000 = 192,000 units, 93.75% each minute: 94%
    assert "94% of the traffic counted while the table throttles" in f.evidence[-3]


def test_a_reads_series_that_ends_early_adds_nothing_after_its_end():
    # the reads' series holds 2 of the 3 minutes: in minutes 0 and 1, 'hot' at (180,000 - 12,000) / 3 / 60 = 933
    # WCU/s were the reads its, in minute 2 at its full 180,000 / 3 / 60 = 1,000; the floor is the busiest, 1,000.
    # Shares: 180,000 / 192,000 = 93.75% twice and 180,000 / 180,000 = 100% once, 95.8% on average: 96%
    f = _hot_writes([12_000.0, 12_000.0])
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "high")
    assert f.evidence[-1].endswith("were all of them 'hot''s, its writes would come to 1,000 WCU/s, still a partition's worth")
    assert "96% of the traffic counted while the table throttles" in f.evidence[-3]
    # the other kind's units, minute by minute: a short series padded with zeros, a long one cut at the minutes
    w = _scope("Write", [0.0] * 3, consumed=[0.0] * 3)
    for series, want in (([600.0], [600.0, 0.0, 0.0]), ([1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.0])):
        r = _scope("Read", [0.0] * len(series), consumed=series)
        ev = _ev([w, r], _report([[("hot", 1.0)]], unique=5_000.0))
        assert _other_kind_units(w, ev, True).tolist() == want
    # the writes seen from the reads: AWS's units count a write three times (600 -> 1,800), a simulation's once;
    # throttle events are requests, never weighted (5 stays 5)
    writer = _scope("Write", [5.0, 0.0, 0.0], consumed=[600.0, 0.0, 0.0])
    reader = _scope("Read", [0.0] * 3, consumed=[0.0] * 3)
    ev = _ev([reader, writer], _report([[("hot", 1.0)]], unique=5_000.0))
    assert _other_kind_units(reader, ev, True).tolist() == [1_800.0, 0.0, 0.0]
    assert _other_kind_units(reader, ev, False).tolist() == [600.0, 0.0, 0.0]
    assert _other_kind_units(reader, ev, True, events=True).tolist() == [5.0, 0.0, 0.0]
