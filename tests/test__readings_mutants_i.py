"""Contributor Insights' reading of one scope, batch i (issue 49, part 6: _readings.py's mutation survivors in
``_read_keys``, ``_key_reading``, ``_small_space`` and ``_key_rate``, as the readings were split today).

In-process, so that mutation testing sees them: each test builds the evidence of a provisioned table (or of an
index) from the model objects a user's exports become (:class:`hotpart.ScopeEvidence`, :class:`hotpart.KeyReport` of
:class:`hotpart.TopKeys`, one per minute), calls :func:`hotpart.find_causes` and asserts what a reader sees of the
key-range finding: the cause, the named key or keys, the confidence and why, the evidence sentences with their
numbers, the remedy's numbers. Every expected number is worked out by hand in the comment beside it. The throttling
runs over 5 of 6 minutes, so no short-spike finding comes first. What these tests leave alone is equivalent:
benchmarks/equivalent/_readings_i.py says why, mutant by mutant.
"""

from __future__ import annotations

import numpy as np
import pytest
from evidence_factory import evidence

import hotpart as hp

N = 6  #: minutes in the export; throttling in the first 5
HIT = 5
KEY_CAUSES = ("hot key", "small key space", "spread", "key unknown")
CI = "Contributor Insights of the table"
LARGE = {"accessed": True, "unique_accessed": 1_000.0, "listed_accessed": 2}
AT_CAP_READS = "at least 90% of a partition's 3,000 RCU/s: a partition's worth of traffic on one key"
AT_CAP_WRITES = "at least 90% of a partition's 1,000 WCU/s: a partition's worth of traffic on one key"


def _per_minute(v: float | list[float]) -> np.ndarray:
    """A series over the export: ``v`` in each throttled minute (or the list given), 0 in the last."""
    return np.asarray(v if isinstance(v, list) else [v] * HIT + [0.0], dtype=float)


def _scope(kind: str, events, *, consumed=None, scope: str = "", reasons: bool = True) -> hp.ScopeEvidence:
    """A scope whose key-range reason metric counts all its events (``reasons``), else no reason metric exported."""
    ev = _per_minute(events)
    reason = {"KeyRangeThroughputThrottleEvents": ev} if reasons else {}
    prov = np.full(N, 10_000.0)
    return hp.ScopeEvidence(
        scope, kind, ev, True, reason, None if consumed is None else _per_minute(consumed), prov, "the metric"
    )


def _top(*, accessed=(), throttled=(), total_accessed=0.0, total_throttled=0.0) -> tuple:
    """The same lists in each of the 5 throttled minutes."""
    return tuple(hp.TopKeys(m, accessed, throttled, total_accessed, total_throttled) for m in range(HIT))


def _finding(scopes, report, *, kind: str = "write", **thresholds) -> hp.Finding:
    ev = evidence(scopes, {} if report is None else {scopes[0].scope: report}, mode_from="Provisioned*CapacityUnits is there")
    found = hp.find_causes(ev, **thresholds)
    assert found[0].cause != "short spike"
    (f,) = [f for f in found if f.kind == kind and f.cause in KEY_CAUSES]
    return f


# ---------------------------------------------------------------------------------------------------------------
# The most-throttled report: several hot keys of a large key space, and a few keys of an unknown one

#: Per minute 16 write throttle events and a report total of 16: 'hot' 6, 'b' 2, 'c' 2, 'd' 1. Over the 5 minutes
#: 'hot' 30, 'b' 10, 'c' 10, 'd' 5 of 80: 'hot' 30/80 = 37.5% (under ONE_KEY_SHARE, 50%), the listed keys 55/80 =
#: 68.75%. Every fraction is a multiple of 1/16, exact in binary, so the running sums meet the thresholds exactly.
FOUR = (("hot", 6.0), ("b", 2.0), ("c", 2.0), ("d", 1.0))
FOUR_LINE = (
    f"{CI}: the 4 keys the most-throttled report lists carry 69% of the throttled requests over the 5 minutes with "
    "throttling, the most throttled, 'hot', 38%"
)


def _four(**report) -> hp.KeyReport:
    return hp.KeyReport(_top(throttled=FOUR, total_throttled=16.0), throttled=True, weighted=True, **report)


def test_several_hot_keys_stop_at_the_first_that_brings_them_to_few_keys_share_exactly():
    # FEW_KEYS_SHARE 50%: 'hot' 30/80 = 0.375, with 'b' 0.375 + 10/80 = 0.5 exactly: the two carry the share, 'c'
    # (which would bring 62.5%) is not named a hot key
    f = _finding([_scope("Write", 16.0)], _four(**LARGE))
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "medium")
    assert f.why == "a few keys of a large key space share the throttling: several hot keys, each its own remedy"
    assert f.evidence[-3] == FOUR_LINE
    assert f.evidence[-1] == "'hot', 'b' carry 50% of the throttled requests between them: 2 keys of a large key space, each hot"
    # one write-sharding remedy per hot key, in the order of their counts
    shards = [a.split(" over")[0] for a in f.action.split("; ") if a.startswith("write-shard")]
    assert shards == ["write-shard 'hot'", "write-shard 'b'"]


def test_one_key_of_a_large_key_space_at_few_keys_share_is_a_hot_key_under_one_keys_share():
    # few_keys 37.5%: 'hot' alone, 30/80 = 0.375, carries it (under ONE_KEY_SHARE, 50%): one hot key, and the why says so
    f = _finding([_scope("Write", 16.0)], _four(**LARGE), few_keys=0.375)
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "medium")
    assert f.why == "one key of a large key space carries most of the throttling, under ONE_KEY_SHARE: a hot key"
    assert f.evidence[-1] == "'hot' carry 38% of the throttled requests between them: one key of a large key space, each hot"
    assert f.action.startswith("write-shard 'hot' over at least")


def test_a_few_keys_of_a_key_space_of_unknown_size_are_a_small_key_space_at_medium_confidence():
    # no most-accessed report, so the key space's size is unknown: the listed keys carry 68.75% >= FEW_KEYS_SHARE and
    # 'hot' 37.5% < ONE_KEY_SHARE, a few keys share the throttling: a small key space, but only at medium confidence
    f = _finding([_scope("Write", 16.0)], _four(accessed=False))
    assert (f.cause, f.key, f.confidence, f.why) == ("small key space", "hot", "medium", "a few keys share the throttling")
    assert f.evidence[-2:] == (
        FOUR_LINE,
        "the key space's size is not in the export (the most-accessed report's ApproximateUniqueCount gives it)",
    )


# ---------------------------------------------------------------------------------------------------------------
# The most-accessed report alone: a key at a partition's worth, and the other kind's units


def _accessed_only(v, *, kind: str, own: float, other, weighted: bool = True, total: float = 0.0) -> hp.Finding:
    """'hot' at ``v`` units a minute in a scope of ``kind`` that consumed ``own`` units a minute of its kind and
    ``other`` (a number or a list by minute) of the other kind; a key space of 5,000 keys, 1 listed."""
    rep = hp.KeyReport(
        _top(accessed=(("hot", v),), total_accessed=total),
        throttled=False,
        weighted=weighted,
        unique_accessed=5e3,
        listed_accessed=1,
    )
    theirs = "Write" if kind == "Read" else "Read"
    scopes = [_scope(kind, 4.0, consumed=own), _scope(theirs, 0.0, consumed=other)]
    return _finding(scopes, rep, kind=kind.lower())


def test_a_simulations_read_key_is_doubted_for_the_writes_its_table_consumed_one_unit_each():
    # a simulation's lists (weighted false) count a key's reads and writes together, one unit each (review turn 11,
    # S1): 'hot' 168,000 units a minute, 2,800 RCU/s >= 90% of 3,000, of the list's total 180,000 (93%); the table
    # consumed 60,000 WCU a minute, so were they all 'hot''s its reads would be (168,000 - 60,000) / 60 = 1,800 RCU/s,
    # under 2,700: named at medium, if its traffic is reads (AWS's units would take out 3 x 60,000, the test below)
    f = _accessed_only(168_000.0, kind="Read", own=180_000.0, other=60_000.0, weighted=False, total=180_000.0)
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "medium")
    assert f.evidence[-3:] == (
        f"{CI}: 'hot' at 2,800 RCU/s in its busiest minute, 93% of the traffic counted while the table throttles",
        AT_CAP_READS,
        "the most-accessed report counts reads and writes together, and the table consumed writes too while it "
        "throttled: were all of them 'hot''s, its reads would come to 1,800 RCU/s, so its 2,800 RCU/s hold only if "
        "its traffic is reads",
    )


def test_a_read_key_is_certain_if_it_was_a_partitions_worth_in_a_minute_without_writes():
    # 'hot' 168,000 of AWS's units each minute; the table consumed no writes in minute 1 and 60,000 WCU (180,000
    # units) in minutes 2-5. Minute 1: all 168,000 are reads, 2,800 RCU/s; minutes 2-5: (168,000 - 180,000) -> 0.
    # The key's floor is its largest minute, 2,800 RCU/s, still a partition's worth (>= 2,700): certain
    f = _accessed_only(168_000.0, kind="Read", own=180_000.0, other=[0.0] + [60_000.0] * 4 + [0.0])
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "high")
    assert f.evidence[-1] == (
        "the most-accessed report counts reads and writes together, and the table consumed writes too while it "
        "throttled: were all of them 'hot''s, its reads would come to 2,800 RCU/s, still a partition's worth"
    )


def test_a_write_keys_floor_is_its_units_less_the_reads_divided_by_three():
    # 'hot' 171,000 of AWS's units a minute, 950 WCU/s if writes; the table read 3,000 RCU a minute (3,000 units):
    # were they all 'hot''s, its writes come to (171,000 - 3,000) / 3 / 60 = 933 WCU/s, >= 900: still certain
    f = _accessed_only(171_000.0, kind="Write", own=60_000.0, other=3_000.0)
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "high")
    assert f.evidence[-1] == (
        "the most-accessed report counts reads and writes together, and the table consumed reads too while it "
        "throttled: were all of them 'hot''s, its writes would come to 933 WCU/s, still a partition's worth"
    )


@pytest.mark.parametrize("units", [54_000.0, np.nextafter(54_000.0, 0.0)])
def test_a_key_at_exactly_ninety_percent_of_a_partition_is_named(units):
    # a simulation's 54,000 write units a minute are 900 WCU/s, 0.9 x 1,000 exactly (AT_CAPACITY_SHARE): a hot key;
    # the next float below is under it, and its 10% of the 540,000 units is under HOT_KEY_TRAFFIC_SHARE: not named
    rep = hp.KeyReport(_top(accessed=(("hot", units),), total_accessed=540_000.0), throttled=False, weighted=False)
    f = _finding([_scope("Write", 4.0)], rep)
    if units == 54_000.0:
        assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "high")
        assert f.evidence[-2:] == (
            f"{CI}: 'hot' at 900 WCU/s in its busiest minute, 10% of the traffic counted while the table throttles",
            AT_CAP_WRITES,
        )
    else:
        assert (f.cause, f.key, f.confidence) == ("key unknown", "", "low")


# ---------------------------------------------------------------------------------------------------------------
# An index's writes: read from its most-accessed report alone


def test_an_indexs_write_reading_without_reports_or_reason_metrics_says_only_its_most_accessed_report_names_the_key():
    # no reason metric exported and no consumption: the utilisation cannot be read, the key-range reading is medium at
    # most (not the index's own certain metric), so the reading's why is the finding's, after the prefix
    f = _finding([_scope("Write", 4.0, scope="by-status", reasons=False)], None)
    assert (f.cause, f.key, f.confidence) == ("key unknown", "", "low")
    assert f.why == (
        "the utilisation of index 'by-status' cannot be read (consumed or provisioned capacity not exported); a "
        "partition of the index is at its limit, but only the index's most-accessed report can name the key"
    )
    assert f.missing[-1] == "the most-accessed report of index 'by-status' (DynamoDBContributorInsights-PKC-TABLE/by-status-…)"


def test_an_indexs_most_accessed_report_alone_reads_without_the_most_throttled_note():
    # only the most-accessed report was exported: no note that the most-throttled one is passed over. 'hot' 171,000 of
    # AWS's units a minute, 950 WCU/s; the index consumed 60,000 WCU a minute (180,000 units): 95%
    rep = hp.KeyReport(
        _top(accessed=(("hot", 171_000.0),)), throttled=False, weighted=True, unique_accessed=5e3, listed_accessed=1
    )
    f = _finding([_scope("Write", 4.0, scope="by-status", consumed=60_000.0)], rep)
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "high")
    assert f.evidence[2:] == (
        "Contributor Insights of index 'by-status': 'hot' at 950 WCU/s in its busiest minute (AWS's units divided by "
        "3: its traffic taken to be writes), 95% of the traffic counted while index 'by-status' throttles",
        AT_CAP_WRITES,
    )
    assert not any("its most-throttled report does not count" in e for e in f.evidence)
    assert f.missing == ()


# ---------------------------------------------------------------------------------------------------------------
# One key in all: its words, and its rate the scope's own offered peak


def test_a_report_that_saw_one_key_says_one_distinct_key_and_gives_it_the_scopes_offered_peak():
    # 'only' 171,000 of AWS's units a minute (57,000 write units, 950 WCU/s) and ApproximateUniqueCount 1: the whole
    # key space is listed, a small key space of 1 value. The table consumed 60,000 WCU and had 6,000 throttle events a
    # minute: (60,000 + 6,000) / 60 = 1,100 WCU/s offered, all of it 'only''s, larger than its 950: the key's rate.
    # Suffixes: 1,100 / (80% of 1,000) = 1.4 -> 2
    rep = hp.KeyReport(
        _top(accessed=(("only", 171_000.0),)), throttled=False, weighted=True, unique_accessed=1.0, listed_accessed=1
    )
    f = _finding([_scope("Write", 6_000.0, consumed=60_000.0)], rep)
    assert (f.cause, f.key, f.confidence) == ("small key space", "only", "high")
    assert f.evidence[-2:] == (
        "the most-accessed report saw 1 distinct key (ApproximateUniqueCount) and lists 1: the whole key space is in the list",
        "the most-accessed report saw one key in all, 'only', so every write the table consumed or refused was its: it "
        "is offered at least 1,100 WCU/s at the peak (consumed plus refused)",
    )
    assert f.numbers["rate"] == pytest.approx(1_100.0)
    assert (f.numbers["shards"], f.numbers["values"]) == (2, 1.0)
    assert "a key with 1 value sits on one partition, and 'only' alone is offered at least 1,100 WCU/s" in f.action
