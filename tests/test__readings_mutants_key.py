"""Contributor Insights' reading of one scope, at its boundaries (issue 49, part 6: _readings.py's mutation survivors
in ``_key_reading``).

In-process, so that mutation testing sees them: each test builds the evidence of a provisioned table from the model
objects a user's exports become (:class:`hotpart.ScopeEvidence` with its ``KeyRangeThroughputThrottleEvents``,
:class:`hotpart.KeyReport` of :class:`hotpart.TopKeys`, one per minute), calls :func:`hotpart.find_causes` and asserts
what a reader sees of the key-range finding: the cause, the named key, the confidence and why, the evidence sentence
with its numbers, the alternatives, the exports that would settle it. Every expected number is worked out by hand in
the comment beside it. The key-range reason metric was exported, so the finding's confidence and ``why`` are the
reading's own; the throttling runs over 5 of 6 minutes, so no short-spike finding lowers them.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from evidence_factory import evidence

import hotpart as hp

N = 6  #: minutes in the export; throttling in the first 5 (a short spike is at most 3)
HIT = 5
KEY_CAUSES = ("hot key", "small key space", "spread", "key unknown")
NO_SIZE = "the key space's size is not in the export (the most-accessed report's ApproximateUniqueCount gives it)"
RULES = "DynamoDBContributorInsights-PKC-TABLE-… and -PKT-TABLE-…"
MISSING_PKT = f"the most-throttled report of the table ({RULES})"
CI = "Contributor Insights of the table"


def _per_minute(v: float | list[float]) -> np.ndarray:
    """A series over the export: ``v`` in each throttled minute (or the list given), 0 in the last."""
    return np.asarray(v if isinstance(v, list) else [v] * HIT + [0.0], dtype=float)


def _scope(kind: str, events, *, key_range=None, consumed=None, scope: str = "") -> hp.ScopeEvidence:
    ev = _per_minute(events)
    reasons = {"KeyRangeThroughputThrottleEvents": ev if key_range is None else _per_minute(key_range)}
    prov = np.full(N, 10_000.0)
    return hp.ScopeEvidence(
        scope, kind, ev, True, reasons, None if consumed is None else _per_minute(consumed), prov, "the metric"
    )


def _top(minutes: int = HIT, *, accessed=(), throttled=(), total_accessed=0.0, total_throttled=0.0) -> tuple:
    """The same lists in each of the first ``minutes`` minutes."""
    return tuple(hp.TopKeys(m, accessed, throttled, total_accessed, total_throttled) for m in range(minutes))


def _finding(scopes, report, *, item_units: float = 1.0, kind: str = "write", spike: bool = False, **thresholds) -> hp.Finding:
    ev = evidence(
        scopes,
        {} if report is None else {scopes[0].scope: report},
        item_units=item_units,
        mode_from="Provisioned*CapacityUnits is there",
    )
    found = hp.find_causes(ev, **thresholds)
    assert (found[0].cause == "short spike") == spike
    (f,) = [f for f in found if f.kind == kind and f.cause in KEY_CAUSES]
    return f


def _read(f: hp.Finding) -> tuple:
    return f.cause, f.key, f.confidence, f.why


def _throttled(throttled, total, *, unique=None, accessed=False, minutes: int = HIT, **kw) -> hp.KeyReport:
    """A most-throttled report (and, with ``accessed``, a most-accessed one of ``kw``'s key space)."""
    return hp.KeyReport(
        _top(minutes, throttled=throttled, total_throttled=total),
        accessed=accessed,
        throttled=True,
        unique_throttled=unique,
        weighted=True,
        **kw,
    )


#: A most-accessed report beside the most-throttled one that says the key space is large (1,000 keys, 2 listed).
LARGE = {"accessed": True, "unique_accessed": 1_000.0, "listed_accessed": 2}
LARGE_WORDS = "the most-accessed report saw 1,000 distinct keys (ApproximateUniqueCount) and lists 2: the key space is not small"


# ---------------------------------------------------------------------------------------------------------------
# No report: the key is unknown, and the reports that would name it are named


@pytest.mark.parametrize("report", [None, hp.KeyReport((), accessed=False, throttled=False)])
@pytest.mark.parametrize("scope", ["", "by-status"])
def test_without_a_report_no_key_is_named_and_the_two_rules_are(report, scope):
    f = _finding([_scope("Write", 4.0, scope=scope)], report)
    where = f"index {scope!r}" if scope else "the table"
    resource = f"TABLE/{scope}" if scope else "TABLE"
    assert (f.cause, f.key) == ("key unknown", "")
    if scope:  # the index's own metric makes its row certain: only which of its keys is not known
        assert (f.confidence, f.why) == (
            "medium",
            "the index's key-range throttling is certain, but which of its keys needs its reports",
        )
    else:
        assert (f.confidence, f.why) == ("low", "a partition is at its limit, but which key design is at fault needs the keys")
    if scope:  # an index's write throttling shows only in its most-accessed report (AWS does not measure it in the other)
        assert f.evidence[-1] == (
            f"no Contributor Insights report of {where}: an index's write throttling shows in its most-accessed report "
            "(AWS does not measure it in the most-throttled one)"
        )
        assert f.missing == (f"the most-accessed report of {where} (DynamoDBContributorInsights-PKC-{resource}-…)",)
        return
    assert f.evidence[-1] == (
        f"no Contributor Insights report of {where}: CloudWatch's metrics stop at the table and the index, so no key can be named"
    )
    rules = f"DynamoDBContributorInsights-PKC-{resource}-… and -PKT-{resource}-…"
    assert f.missing == (f"Contributor Insights reports of {where} ({rules})",)


def test_an_indexs_write_throttling_is_read_from_its_most_accessed_report_whatever_its_most_throttled_one_lists():
    # AWS does not measure the write throttling an index's write capacity causes: its most-throttled report, naming
    # 'x' or nothing, is passed over for the most-accessed one ('hot' at 171,000 units, 950 WCU/s, of 5,000 keys)
    accessed = (("hot", 171_000.0),)
    for throttled in ((("x", 4.0),), ()):
        rep = hp.KeyReport(
            _top(accessed=accessed, throttled=throttled, total_throttled=4.0 if throttled else 0.0),
            accessed=True,
            throttled=True,
            weighted=True,
            unique_accessed=5e3,
            listed_accessed=1,
        )
        f = _finding([_scope("Write", 4.0, scope="by-status", consumed=60_000.0)], rep)
        assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "high")
        assert f.evidence[-3] == (
            "Contributor Insights of index 'by-status': its most-throttled report does not count the writes the index's "
            "write capacity refuses (AWS does not measure them), so the keys are read from its most-accessed report"
        )
        assert f.missing == ()  # the most-throttled report would not settle it
    # the most-throttled report alone names nothing of these writes
    rep = hp.KeyReport(_top(throttled=(("x", 4.0),), total_throttled=4.0), accessed=False, throttled=True, weighted=True)
    f = _finding([_scope("Write", 4.0, scope="by-status")], rep)
    assert (f.cause, f.key, f.confidence) == ("key unknown", "", "medium")
    assert f.evidence[-1].startswith("Contributor Insights of index 'by-status': its most-throttled report does not count")
    assert f.missing == ("the most-accessed report of index 'by-status' (DynamoDBContributorInsights-PKC-TABLE/by-status-…)",)
    # an index's reads are measured: its most-throttled report is read as the table's is
    rep = hp.KeyReport(_top(throttled=(("x", 4.0),), total_throttled=4.0), accessed=False, throttled=True, weighted=True)
    f = _finding([_scope("Read", 4.0, scope="by-status")], rep, kind="read")
    assert (f.cause, f.key) != ("key unknown", "")


# ---------------------------------------------------------------------------------------------------------------
# The most-throttled report names no key


@pytest.mark.parametrize(("unique", "words"), [(1_234.0, " of the 1,234 keys it saw throttled"), (None, ""), (0.0, "")])
def test_a_most_throttled_report_that_names_no_key_reads_as_spread(unique, words):
    f = _finding([_scope("Write", 4.0)], _throttled((), 4.0, unique=unique))
    assert _read(f) == ("spread", "", "medium", "the throttling is spread too thin for any key to reach the report's list")
    assert f.evidence[-1] == f"{CI}: the most-throttled report names no key{words} in the 5 minutes with throttling"


def test_a_key_listed_with_no_count_where_nothing_is_counted_names_no_key():
    # the reason metric counts minutes 1-5, the throttle events (and the report's total) only minute 6, and the report
    # lists 'k' with 0 throttled requests: the denominator is 0, so no key carries a share: spread, not a division by 0
    s = _scope("Write", [0.0] * HIT + [4.0], key_range=4.0)
    f = _finding([s], _throttled((("k", 0.0),), 0.0), spike=True)  # the throttle events fall in one minute
    assert (f.cause, f.key) == ("spread", "")
    assert f.evidence[-1] == f"{CI}: the most-throttled report names no key in the 5 minutes with throttling"


# ---------------------------------------------------------------------------------------------------------------
# One key's share of the throttled requests


def test_one_key_with_most_of_the_throttled_requests_is_a_hot_key():
    # per minute: 'hot' 8 and 'b' 1 of 10 throttled (10 write throttle events); over 5 minutes 40 and 5 of 50:
    # 'hot' 80%, the listed keys 90%; no most-accessed report, so a low-cardinality key is not ruled out
    f = _finding([_scope("Write", 10.0)], _throttled((("hot", 8.0), ("b", 1.0)), 10.0))
    assert _read(f) == ("hot key", "hot", "high", "one key among many takes the throttling")
    assert f.evidence[-2:] == (
        f"{CI}: 'hot' carries 80% of the throttled requests over the 5 minutes with throttling (the 2 keys the "
        "most-throttled report lists, 90%)",
        NO_SIZE,
    )
    assert f.alternatives == ("low-cardinality key",)


def test_a_hot_key_in_a_large_key_space_has_no_alternative():
    f = _finding([_scope("Write", 10.0)], _throttled((("hot", 8.0), ("b", 1.0)), 10.0, **LARGE))
    assert (f.cause, f.key, f.confidence, f.alternatives) == ("hot key", "hot", "high", ())
    assert f.evidence[-1] == LARGE_WORDS


def _named_in_three(minutes_listed: int) -> hp.KeyReport:
    """'hot' 9 and 'b' 1 of 10 in minutes 1-3; minutes 4-5 either list no key or are past the report's end."""
    top = _top(3, throttled=(("hot", 9.0), ("b", 1.0)), total_throttled=10.0)
    top += tuple(hp.TopKeys(m, (), (), 0.0, 10.0) for m in range(3, minutes_listed))
    return hp.KeyReport(top, accessed=False, weighted=True)


@pytest.mark.parametrize("minutes_listed", [HIT, 4, 3])
def test_the_minutes_in_which_the_report_names_a_key_are_counted(minutes_listed):
    # 'hot' 27, 'b' 3 of 5 x 10 throttle events (the minutes the report lists nothing, or does not cover, still count
    # their 10 events): 'hot' 54%, listed 60%, a key named in 3 of the 5 minutes
    f = _finding([_scope("Write", 10.0)], _named_in_three(minutes_listed))
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "high")
    assert f.evidence[-2] == (
        f"{CI}: 'hot' carries 54% of the throttled requests over the 5 minutes with throttling (the 2 keys the "
        "most-throttled report lists, 60%; it names a key in 3 of them)"
    )


def test_each_minute_counts_its_largest_total_the_report_list_or_the_throttle_events():
    # minute by minute the denominator is the largest of the report's total, its listed keys' sum and the throttle
    # events (per item): minute 1 total 20; minute 2 the list, 8 + 8 = 16; minute 3 the events, 12; minutes 4-5 the
    # events, 2 each (the report lists nothing there): 20 + 16 + 12 + 2 + 2 = 52.
    # 'hot' 6 + 8 + 6 = 20 (38%), 'b' 2 + 8 = 10: the listed keys 30/52 = 58%. Reads throttle too (2 a minute in
    # minutes 1-3), so the report counts both kinds; 'hot''s 20 is under one key's 50% of them, but between 50% and
    # 1.05 x the 10 + 10 + 10 + 2 + 2 = 34 write events: read as the writes' hot key, 20/34 = 59%, at medium
    writes = _scope("Write", [10.0, 10.0, 10.0, 2.0, 2.0, 0.0])
    reads = _scope("Read", [2.0, 2.0, 2.0, 0.0, 0.0, 0.0])
    top = (
        hp.TopKeys(0, (), (("hot", 6.0), ("b", 2.0)), 0.0, 20.0),
        hp.TopKeys(1, (), (("hot", 8.0), ("b", 8.0)), 0.0, 0.0),
        hp.TopKeys(2, (), (("hot", 6.0),), 0.0, 0.0),
    )
    f = _finding([writes, reads], hp.KeyReport(top, accessed=False, weighted=True))
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "medium")
    assert f.evidence[-3] == (
        f"{CI}: 'hot' carries 59% of the throttled requests over the 5 minutes with throttling (the 2 keys the "
        "most-throttled report lists, 58%; it names a key in 3 of them)"
    )
    assert f.evidence[-1] == (
        "the most-throttled report counts the throttled requests of both kinds; 'hot''s count is 59% of the 34 write "
        "throttle events, and no more than them"
    )


def test_the_throttle_events_are_counted_per_item():
    # items of 4 units: 2 write events a minute are 0.5 items; minutes 1-3 list 'hot' 2 (total 2), minutes 4-5 are
    # past the report's end and count their 0.5: 3 x 2 + 2 x 0.5 = 7, 'hot' 6/7 = 86%. Reads throttle too (2 events
    # a minute in minutes 1-3, 0.5 items), so the count is not taken as the writes' alone (the writes' own 2.5 items
    # are below 'hot''s 6, beyond 1.05 x them): 86% stands, and the listed key carries 86% too
    writes = _scope("Write", 2.0)
    reads = _scope("Read", [2.0, 2.0, 2.0, 0.0, 0.0, 0.0])
    rep = hp.KeyReport(_top(3, throttled=(("hot", 2.0),), total_throttled=2.0), accessed=False, weighted=True)
    f = _finding([writes, reads], rep, item_units=4.0)
    # both kinds throttle, so the report cannot tell them apart: medium, "if its count is of these requests" (turn 9)
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "medium")
    assert f.evidence[-3] == (  # then the both-kinds line (turn 9: both kinds throttle, so medium)
        f"{CI}: 'hot' carries 86% of the throttled requests over the 5 minutes with throttling (the one key the "
        "most-throttled report lists, 86%; it names a key in 3 of them)"
    )


@pytest.mark.parametrize(
    ("one_key", "cause", "confidence"), [(0.4, "hot key", "high"), (math.nextafter(0.4, 1), "hot key", "medium")]
)
def test_one_keys_share_is_a_hot_key_at_the_threshold_and_not_the_next_float_above(one_key, cause, confidence):
    # per minute 'hot' 4, 'b' 2, 'c' 2 of 10 write events: 'hot' 20/50 = 40% exactly, the listed keys 40/50 = 80%
    f = _finding([_scope("Write", 10.0)], _throttled((("hot", 4.0), ("b", 2.0), ("c", 2.0)), 10.0, **LARGE), one_key=one_key)
    assert (f.cause, f.key, f.confidence) == (cause, "hot", confidence)
    if confidence == "high":
        assert f.evidence[-2] == (
            f"{CI}: 'hot' carries 40% of the throttled requests over the 5 minutes with throttling (the 3 keys the "
            "most-throttled report lists, 80%)"
        )
    else:  # the key space is large (1,000 keys): 'hot' and 'b', 60%, are several hot keys (turn 9), not a few values
        assert f.why == "a few keys of a large key space share the throttling: several hot keys, each its own remedy"
        assert (
            f.evidence[-1] == "'hot', 'b' carry 60% of the throttled requests between them: 2 keys of a large key space, each hot"
        )
        assert f.evidence[-3] == (
            f"{CI}: the 3 keys the most-throttled report lists carry 80% of the throttled requests over the 5 minutes "
            "with throttling, the most throttled, 'hot', 40%"
        )


@pytest.mark.parametrize(("few_keys", "cause"), [(0.8, "hot key"), (math.nextafter(0.8, 1), "spread")])
def test_a_few_keys_share_the_throttling_at_the_threshold_and_not_the_next_float_above(few_keys, cause):
    # the same minutes: the listed keys carry 80% exactly; the most-accessed report says the key space is large
    report = _throttled((("hot", 4.0), ("b", 2.0), ("c", 2.0)), 10.0, unique=1_234.0, **LARGE)
    f = _finding([_scope("Write", 10.0)], report, few_keys=few_keys)
    assert (f.cause, f.key, f.confidence) == (cause, "hot", "medium")
    head = (
        f"{CI}: the 3 keys the most-throttled report lists carry 80% of the throttled requests over the 5 minutes with "
        "throttling, the most throttled, 'hot', 40%"
    )
    if cause == "hot key":  # a large key space: the three keys that carry 80% are several hot keys (turn 9)
        assert f.why == "a few keys of a large key space share the throttling: several hot keys, each its own remedy"
        assert f.evidence[-3:-1] == (head, LARGE_WORDS)
        assert [a.split(" over")[0] for a in f.action.split("; ") if a.startswith("write-shard")] == [
            "write-shard 'hot'",
            "write-shard 'b'",
            "write-shard 'c'",
        ]
        assert "values spreads" not in f.action
    else:
        assert f.why == "the throttling is spread over many keys: every partition they fall on is at its limit"
        assert f.evidence[-3:] == (head, LARGE_WORDS, "the most-throttled report saw 1,234 distinct keys throttled")


def test_a_whole_key_space_in_the_list_is_a_small_key_space_whatever_the_listed_share():
    # 3 keys in all, 3 listed: the key space is small. Per minute 'c' 4, 'b' 3, 'hot' 3 listed of a total of 30:
    # the listed keys carry 10/30 = 33%; 'c' 20/150 = 13%, but the scope's own 50 write events are all its throttled
    # requests can be, so 'c' carries 20/50 = 40%: under one key's 50%, a small key space, high confidence
    small = {"accessed": True, "unique_accessed": 3.0, "listed_accessed": 3}
    rep = _throttled((("c", 4.0), ("b", 3.0), ("hot", 3.0)), 30.0, **small)
    f = _finding([_scope("Write", 10.0)], rep)
    assert _read(f) == ("small key space", "c", "high", "the whole key space is in the list")
    assert f.evidence[-2:] == (
        f"{CI}: the 3 keys the most-throttled report lists carry 33% of the throttled requests over the 5 minutes with "
        "throttling, the most throttled, 'c', 40%",
        "the most-accessed report saw 3 distinct keys (ApproximateUniqueCount) and lists 3: the whole key space is in the list",
    )
    assert f.numbers["values"] == 3.0
    assert "a key with 3 values spreads over at most that many partitions" in f.action


def test_one_value_of_a_small_key_space_with_most_of_the_throttling():
    small = {"accessed": True, "unique_accessed": 3.0, "listed_accessed": 3}
    f = _finding([_scope("Write", 10.0)], _throttled((("hot", 8.0), ("b", 1.0)), 10.0, **small))
    assert _read(f) == ("small key space", "hot", "high", "one value of a key with few values takes the throttling")
    assert f.numbers["values"] == 3.0
    assert "a key with 3 values" in f.action and "'hot' alone" in f.action


def test_the_small_key_space_is_read_from_the_throttled_minutes_coverage():
    # no ApproximateUniqueCount: the listed most-accessed keys carry all the traffic of the throttled minutes (100%
    # >= 99%), so the key space is small; the most-throttled report names 'hot' with 80%
    top = _top(accessed=(("hot", 800.0), ("b", 200.0)), throttled=(("hot", 8.0), ("b", 1.0)), total_accessed=1_000.0)
    top = tuple(hp.TopKeys(t.minute, t.accessed, t.throttled, t.total_accessed, 10.0) for t in top)
    top += (hp.TopKeys(HIT, (("x", 1.0),), (), 1_000.0, 0.0),)  # a quiet minute that lists 0.1% of its traffic
    f = _finding([_scope("Write", 10.0)], hp.KeyReport(top, weighted=False))
    assert (f.cause, f.key, f.confidence) == ("small key space", "hot", "high")
    assert f.evidence[-1] == "the keys the most-accessed report lists carry 100.0% of the traffic"


# ---------------------------------------------------------------------------------------------------------------
# Writes throttled alone, or with reads: whose throttled requests the report counts


@pytest.mark.parametrize(("reads", "cause", "top"), [(0.0, "hot key", "100%"), (1.0, "spread", "38%")])
def test_a_report_that_counts_more_than_the_writes_throttle_events(reads, cause, top):
    # per minute 'hot' 15 of a total of 40 throttled, 10 write events: 75 of 200 over 5 minutes (38%). When only the
    # writes throttle, the report's extra counts are requests of the table, not its events: 'hot''s 75 is all of the
    # 50 write events, 100% (no more). When reads throttle too (1 a minute), 75 is more than 1.05 x 50: not the
    # writes' key; 38% stays, spread
    scopes = [_scope("Write", 10.0)] + ([_scope("Read", reads)] if reads else [])
    f = _finding(scopes, _throttled((("hot", 15.0),), 40.0, **LARGE))
    assert (f.cause, f.key) == (cause, "hot")
    if cause == "hot key":
        assert f.evidence[-2] == (
            f"{CI}: 'hot' carries 100% of the throttled requests over the 5 minutes with throttling (the one key the "
            "most-throttled report lists, 38%)"
        )
    else:
        assert f.evidence[-2] == (
            f"{CI}: the one key the most-throttled report lists carry 38% of the throttled requests over the 5 minutes "
            "with throttling, the most throttled, 'hot', 38%"
        )


def test_a_fraction_of_an_item_of_events_is_still_the_scopes_own():
    # items of 10 units: 2 write events a minute are 0.2 items, 1 over 5 minutes; the report counts 'hot' 0.2 of 0.8
    # a minute (1 of 4: 25%); only the writes throttle, so 'hot''s 1 is all the writes' 1 item of events: 100%
    f = _finding([_scope("Write", 2.0)], _throttled((("hot", 0.2),), 0.8, **LARGE), item_units=10.0)
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "high")
    assert "'hot' carries 100% of the throttled requests" in f.evidence[-2]


def _both(hot: float, other: float, total: float, writes: float = 10.0, reads: float = 10.0, **kw) -> hp.Finding:
    report = _throttled((("hot", hot), ("b", other)), total, unique=1_234.0, **LARGE)
    return _finding([_scope("Write", writes), _scope("Read", reads)], report, **kw)


MIXED_WHY = (
    "one key among many takes the throttling, if its count is of these requests (the report does not tell reads from writes)"
)


def test_a_key_whose_count_is_most_of_the_writes_events_is_their_hot_key_at_medium_confidence():
    # writes and reads 10 events a minute each; the report (both kinds) 'hot' 9, 'b' 5 a minute: 45 of 100 (45%,
    # under 50%), but 45 is 90% of the 50 write events and no more than them: the writes' hot key, said at medium
    f = _both(9.0, 5.0, 0.0)
    assert _read(f) == ("hot key", "hot", "medium", MIXED_WHY)
    assert f.evidence[-3:] == (
        f"{CI}: 'hot' carries 90% of the throttled requests over the 5 minutes with throttling (the 2 keys the "
        "most-throttled report lists, 70%)",
        LARGE_WORDS,
        "the most-throttled report counts the throttled requests of both kinds; 'hot''s count is 90% of the 50 write "
        "throttle events, and no more than them",
    )
    assert f.alternatives == ("low-cardinality key",)


def test_a_key_at_one_keys_share_of_both_kinds_is_not_reread_as_the_writes():
    # 'hot' 10, 'b' 4 a minute of 20 events: 50 of 100; its 50 is also the writes' 50 events, all of them, so it is
    # read as the writes' share, 100%: both kinds throttle, so at medium confidence with the caveat (turn 9)
    f = _both(10.0, 4.0, 0.0)
    assert _read(f) == ("hot key", "hot", "medium", MIXED_WHY)
    line = (
        f"{CI}: 'hot' carries 100% of the throttled requests over the 5 minutes with throttling (the 2 keys the "
        "most-throttled report lists, 70%)"
    )
    assert line in f.evidence
    assert f.alternatives == ("low-cardinality key",)


@pytest.mark.parametrize(("one_key", "cause"), [(0.5, "hot key"), (math.nextafter(0.5, 1), "spread")])
def test_a_count_of_one_keys_share_of_the_writes_events_at_the_threshold_and_not_the_next_float_above(one_key, cause):
    # 'hot' 5, 'b' 3 a minute of 20 events: 25 of 100 (25%); 25 is 50% of the 50 write events exactly
    f = _both(5.0, 3.0, 0.0, one_key=one_key)
    assert (f.cause, f.key) == (cause, "hot")
    if cause == "hot key":
        assert (f.confidence, f.why) == ("medium", MIXED_WHY)
        assert "'hot''s count is 50% of the 50 write throttle events" in f.evidence[-1]
    else:
        assert f.evidence[-3] == (
            f"{CI}: the 2 keys the most-throttled report lists carry 40% of the throttled requests over the 5 minutes "
            "with throttling, the most throttled, 'hot', 25%"
        )


@pytest.mark.parametrize(("hot", "cause"), [(21.0, "hot key"), (21.2, "spread")])
def test_a_count_up_to_105_percent_of_the_writes_events_is_still_theirs(hot, cause):
    # writes and reads 20 events a minute, a total of 50 throttled a minute: 'hot' 21 a minute is 105 of 250 (42%),
    # and 105 is 1.05 x the 100 write events exactly (taken: counts are approximate); 21.2 a minute, 106, is not
    f = _both(hot, 0.0, 50.0, writes=20.0, reads=20.0)
    assert (f.cause, f.key) == (cause, "hot")
    if cause == "hot key":
        assert f.confidence == "medium"
        assert f.evidence[-1].endswith(
            "'hot''s count is 105% of the 100 write throttle events, within the 5% the diagnosis allows between the two counts"
        )
        # its share of the writes' throttled requests is all of them, not 105% (review of the helpers' run)
        assert "'hot' carries 100% of the throttled requests" in f.evidence[-3]
    else:
        assert "the most throttled, 'hot', 42%" in f.evidence[-3]


def test_a_count_far_below_the_writes_events_is_not_reread():
    # 'hot' 3, 'b' 1 a minute of 20 events: 15 of 100 (15%), and 15 is below 50% of the 50 write events: spread
    f = _both(3.0, 1.0, 20.0)
    assert (f.cause, f.key, f.confidence) == ("spread", "hot", "medium")
    assert f.evidence[-3:] == (
        f"{CI}: the 2 keys the most-throttled report lists carry 20% of the throttled requests over the 5 minutes with "
        "throttling, the most throttled, 'hot', 15%",
        LARGE_WORDS,
        "the most-throttled report saw 1,234 distinct keys throttled",
    )
    assert f.why == "the throttling is spread over many keys: every partition they fall on is at its limit"


def test_a_fraction_of_an_item_of_write_events_beside_reads():
    # items of 10 units: writes and reads 2 events a minute, 1 item each over 5 minutes; 'hot' 0.2 a minute of 4
    # (1 of 20: 5%), and its 1 is the writes' 1 item: their hot key, 100%, at medium confidence
    f = _both(0.2, 0.0, 4.0, writes=2.0, reads=2.0, item_units=10.0)
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "medium")
    assert f.evidence[-1].endswith("'hot''s count is 100% of the 1 write throttle events, and no more than them")


# ---------------------------------------------------------------------------------------------------------------
# The most-accessed report alone


def _accessed(accessed, *, kind: str = "Write", total: float = 0.0, consumed=None, weighted: bool = True, **kw) -> hp.Finding:
    rep = hp.KeyReport(_top(accessed=accessed, total_accessed=total), throttled=False, weighted=weighted, **kw)
    return _finding([_scope(kind, 4.0, consumed=consumed)], rep, kind=kind.lower())


def _busiest(rate: str, share: str) -> str:
    """The most-accessed report's line of a key, unweighted: its busiest minute's rate and its share of the traffic."""
    return f"{CI}: {rate} in its busiest minute, {share} of the traffic counted while the table throttles"


def test_a_small_key_space_from_the_most_accessed_report_alone():
    # the busiest value while the table throttles is named: the remedy's numbers start from it
    f = _accessed((("a", 10.0), ("b", 5.0)), unique_accessed=2.0, listed_accessed=2)
    assert _read(f) == ("small key space", "a", "high", "the whole key space is in the list")
    assert f.evidence[-1] == (
        "the most-accessed report saw 2 distinct keys (ApproximateUniqueCount) and lists 2: the whole key space is in the list"
    )
    assert f.missing == (MISSING_PKT,)
    # 'a' 10 of AWS's units in its minute: 10 / 3 / 60 = 0.056 WCU/s, written to two digits (never "0 WCU/s")
    assert f.numbers == {"rate": 10 / 3 / 60, "shards": 2, "read_queries": 2.0, "values": 2.0}
    assert f.action == (
        "move the table's partition key to a high-cardinality attribute (chapter 2): a key with 2 values spreads over "
        "at most that many partitions, and 'a' alone is offered at least 0.056 WCU/s; if the key must stay, "
        "write-shard 'a' over at least 2 suffixes: it is offered at least 0.056 WCU/s, and each shard must stay under "
        "80% of a partition's 1,000 WCU/s (chapter 5); a read of the whole key then takes 2 queries, one per suffix "
        "(chapter 6)"
    )


def test_a_write_key_at_a_partitions_worth_of_aws_units_is_a_hot_key():
    # AWS's ConsumedThroughputUnits count a write unit 3 times: 171,000 in a minute are 57,000 write units, 950 WCU/s,
    # at least 90% of a partition's 1,000. The table consumed 1,000 WCU/s (60,000 units, 180,000 of AWS's) and AWS
    # gives no total: 'hot' carries 171,000 / 180,000 = 95% of it
    f = _accessed((("hot", 171_000.0),), consumed=60_000.0, unique_accessed=5_000.0, listed_accessed=1)
    assert _read(f) == ("hot key", "hot", "high", "one key's own rate is what a partition serves")
    assert f.evidence[-2:] == (
        f"{CI}: 'hot' at 950 WCU/s in its busiest minute (AWS's units divided by 3: its traffic taken to be writes), "
        "95% of the traffic counted while the table throttles",
        "at least 90% of a partition's 1,000 WCU/s: a partition's worth of traffic on one key",
    )
    assert f.missing == (MISSING_PKT,)


def test_a_read_key_is_counted_in_aws_units_as_they_are():
    # reads are one unit each in ConsumedThroughputUnits: 168,000 in a minute are 2,800 RCU/s (>= 90% of 3,000);
    # the table consumed 180,000 units: 93%
    f = _accessed((("hot", 168_000.0),), kind="Read", consumed=180_000.0, unique_accessed=5_000.0, listed_accessed=1)
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "high")
    assert f.evidence[-2] == (
        f"{CI}: 'hot' at 2,800 RCU/s in its busiest minute (AWS's units as they are: its traffic taken to be reads), "
        "93% of the traffic counted while the table throttles"
    )


def _both_consumed(v: float, reads: float, writes: float, kind: str) -> hp.Finding:
    """'hot' at ``v`` of AWS's units a minute in a scope that consumed ``reads`` RCU and ``writes`` WCU a minute."""
    rep = hp.KeyReport(_top(accessed=(("hot", v),)), throttled=False, weighted=True, unique_accessed=5e3, listed_accessed=1)
    own, other = ("Read", "Write") if kind == "read" else ("Write", "Read")
    by_kind = {"Read": reads, "Write": writes}
    scopes = [_scope(own, 4.0, consumed=by_kind[own]), _scope(other, 0.0, consumed=by_kind[other])]
    return _finding(scopes, rep, kind=kind)


def test_a_read_key_that_may_be_writes_is_named_at_medium_confidence():
    # 'hot' 168,000 units a minute, 2,800 RCU/s if reads; the table also consumed 60,000 WCU a minute, 180,000 of AWS's
    # units: taken all from 'hot', its reads come to max(168,000 - 180,000, 0) / 60 = 0 RCU/s. Its share: 168,000 of
    # 180,000 + 180,000 = 47%
    f = _both_consumed(168_000.0, 180_000.0, 60_000.0, "read")
    assert _read(f) == (
        "hot key",
        "hot",
        "medium",
        "one key's own rate is what a partition serves, if its traffic is of these requests (the report does not tell "
        "reads from writes)",
    )
    assert f.evidence[-3:] == (
        f"{CI}: 'hot' at 2,800 RCU/s in its busiest minute (AWS's units as they are: its traffic taken to be reads), "
        "47% of the traffic counted while the table throttles",
        "at least 90% of a partition's 3,000 RCU/s: a partition's worth of traffic on one key",
        "the most-accessed report counts reads and writes together, and the table consumed writes too while it "
        "throttled: were all of them 'hot''s, its reads would come to 0 RCU/s, so its 2,800 RCU/s hold only if its "
        "traffic is reads",
    )


def test_a_write_key_that_may_be_reads_is_named_at_medium_confidence():
    # 'hot' 171,000 units a minute, 950 WCU/s if writes; the table also read 180,000 RCU a minute: 0 WCU/s without them
    f = _both_consumed(171_000.0, 180_000.0, 60_000.0, "write")
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "medium")
    assert f.evidence[-1].endswith(
        "the table consumed reads too while it throttled: were all of them 'hot''s, its writes would come to 0 WCU/s, "
        "so its 950 WCU/s hold only if its traffic is writes"
    )


@pytest.mark.parametrize(("writes", "confidence", "floor"), [(2_000.0, "high", "2,700"), (2_000.01, "medium", "2,700")])
def test_a_read_key_still_at_a_partitions_worth_without_every_write_is_certain(writes, confidence, floor):
    # 'hot' 168,000 units a minute; 2,000 WCU a minute are 6,000 of AWS's units: (168,000 - 6,000) / 60 = 2,700 RCU/s,
    # 90% of 3,000 exactly, still a partition's worth; 0.01 WCU more (0.03 units) leaves it just under
    f = _both_consumed(168_000.0, 180_000.0, writes, "read")
    assert f.confidence == confidence
    tail = ", still a partition's worth" if confidence == "high" else (", so its 2,800 RCU/s hold only if its traffic is reads")
    assert f.evidence[-1].endswith(f"its reads would come to {floor} RCU/s{tail}")
    assert f.why.startswith("one key's own rate is what a partition serves")
    assert f.why.endswith("serves") == (confidence == "high")


def test_a_read_key_with_no_write_consumed_while_it_throttles_is_certain():
    # the write metric was exported, and is 0 in the throttled minutes: nothing to take from 'hot'
    f = _both_consumed(168_000.0, 180_000.0, 0.0, "read")
    assert (f.confidence, f.evidence[-1]) == (
        "high",
        "at least 90% of a partition's 3,000 RCU/s: a partition's worth of traffic on one key",
    )


def test_a_simulations_write_units_are_not_divided():
    # a simulation's lists count write units: 36,000 in a minute are 600 WCU/s; its own total, 60,000, is the
    # traffic (60% of it), not the consumed metric (it is weighted only in AWS's reports)
    f = _accessed((("hot", 36_000.0),), total=60_000.0, consumed=90_000.0, weighted=False, unique_accessed=5e3, listed_accessed=1)
    assert _read(f) == ("hot key", "hot", "medium", "one key carries most of the traffic while it throttles")
    assert f.evidence[-1] == _busiest("'hot' at 600 WCU/s", "60%")
    assert f.alternatives == ("low-cardinality key",)
    assert f.missing == (MISSING_PKT,)


@pytest.mark.parametrize(("hot_share", "cause"), [(0.6, "hot key"), (math.nextafter(0.6, 1), "key unknown")])
def test_a_keys_share_of_the_traffic_at_the_threshold_and_not_the_next_float_above(hot_share, cause):
    # 'hot' 36,000 of 60,000 units a minute: 0.6 exactly (600 WCU/s, below a partition's 900)
    rep = hp.KeyReport(_top(accessed=(("hot", 36_000.0),), total_accessed=60_000.0), throttled=False, weighted=False)
    f = _finding([_scope("Write", 4.0)], rep, hot_key_share=hot_share)
    line = _busiest("'hot' at 600 WCU/s", "60%")
    if cause == "hot key":
        assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "medium")
    else:
        # the report counts consumed units: the words name the thresholds the key missed, not a judgment
        below = "no key consumes 90% of a partition's 1,000 WCU/s or carries 60% of the traffic"
        assert _read(f) == ("key unknown", "", "low", f"{below} in the most-accessed report")
        assert f.evidence[-2:] == (line, below)
        assert f.missing[-1] == MISSING_PKT


def test_a_key_below_one_unit_a_second_is_still_named():
    # 30 units in a minute: 0.5 WCU/s, all of the 30 units of traffic (100%): a hot key by its share
    f = _accessed((("hot", 30.0),), total=30.0, weighted=False, unique_accessed=5e3, listed_accessed=1)
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "medium")
    assert f.evidence[-1] == _busiest("'hot' at 0.5 WCU/s", "100%")


def test_a_share_of_a_small_total_is_counted():
    # a total of 1 unit in a minute, 'hot' 0.8 of it: 80%
    f = _accessed((("hot", 0.8),), total=1.0, weighted=False, unique_accessed=5e3, listed_accessed=1)
    assert (f.cause, f.key) == ("hot key", "hot")
    assert "80% of the traffic counted" in f.evidence[-1]


def test_a_real_report_without_consumption_has_no_share():
    # AWS gives no total and the consumed metric was not exported: the share cannot be read (0%), and 'hot' at
    # 100 WCU/s (300 of AWS's units a second) is far below a partition: no key is named
    f = _accessed((("hot", 18_000.0),), unique_accessed=5e3, listed_accessed=1)
    assert (f.cause, f.key, f.confidence) == ("key unknown", "", "low")
    assert f.evidence[-2] == (
        f"{CI}: 'hot' at 100 WCU/s in its busiest minute (AWS's units divided by 3: its traffic taken to be writes), 0% "
        "of the traffic counted while the table throttles"
    )


def test_a_most_accessed_report_that_lists_no_key_while_it_throttles():
    f = _accessed((), total=1_000.0, weighted=False)
    assert _read(f) == ("key unknown", "", "low", "no report names a key")
    assert f.evidence[-1] == f"{CI}: the most-accessed report lists no key while it throttles"
    assert f.missing[-1] == MISSING_PKT


def test_a_most_accessed_report_shorter_than_the_throttling():
    # the report covers 3 of the 5 throttled minutes: 'hot' 36,000 of 60,000 units in each (600 WCU/s, 60%)
    rep = hp.KeyReport(_top(3, accessed=(("hot", 36_000.0),), total_accessed=60_000.0), throttled=False, weighted=False)
    f = _finding([_scope("Write", 4.0)], rep)
    assert (f.cause, f.key, f.confidence) == ("hot key", "hot", "medium")
    assert f.evidence[-1] == _busiest("'hot' at 600 WCU/s", "60%")


def test_one_throttled_request_named_by_the_report_is_its_hot_key():
    # one write throttle event in the whole export, and the report names its key: 'k' 1 of 1, 100%; the one
    # minute is a short spike, which comes first
    s = _scope("Write", [1.0, 0.0, 0.0, 0.0, 0.0, 0.0])
    f = _finding([s], _throttled((("k", 1.0),), 1.0, minutes=1, **LARGE), spike=True)
    assert (f.cause, f.key) == ("hot key", "k")
    assert f.evidence[-2] == (
        f"{CI}: 'k' carries 100% of the throttled requests over the 1 minutes with throttling (the one key the "
        "most-throttled report lists, 100%)"
    )


def test_a_key_with_a_zero_count_where_the_scope_has_no_events_is_not_reread():
    # the reason metric counts minutes 1-5, the write throttle events only minute 6 (misaligned data points), and the
    # report counts 4 throttled requests a minute, listing 'k' with a data point of 0 (AWS can give one): the scope's
    # own events in those minutes are 0, so nothing is reread against them; 'k' carries 0%: spread
    s = _scope("Write", [0.0] * HIT + [4.0], key_range=4.0)
    f = _finding([s], _throttled((("k", 0.0),), 4.0, **LARGE), spike=True)
    assert (f.cause, f.key) == ("spread", "k")
    assert f.evidence[-2] == (
        f"{CI}: the one key the most-throttled report lists carry 0% of the throttled requests over the 5 minutes with "
        "throttling, the most throttled, 'k', 0%"
    )


@pytest.mark.parametrize("above", [False, True])
def test_the_reads_within_the_rounding_tolerance_leave_the_writes_alone(above):
    # the writes' 50 events and reads of 5e-8 events in minute 1 sum to 50 x (1 + 1e-9) exactly, the tolerance for
    # rounding in the sum of the kinds: the writes throttle alone, so 'hot''s 75 (of the report's 200) is all their 50
    # events, 100%. One float more of reads and both kinds throttle: 75 is more than 1.05 x 50, 'hot' keeps 38%
    limit = 50 * (1 + 1e-9)
    reads = (math.nextafter(limit, math.inf) if above else limit) - 50
    scopes = [_scope("Write", 10.0), _scope("Read", [reads, 0.0, 0.0, 0.0, 0.0, 0.0])]
    assert float(np.sum([10.0 + reads, 10.0, 10.0, 10.0, 10.0])) == (math.nextafter(limit, math.inf) if above else limit)
    f = _finding(scopes, _throttled((("hot", 15.0),), 40.0, **LARGE))
    assert (f.cause, f.key) == (("spread", "hot") if above else ("hot key", "hot"))
    assert f.evidence[-2].endswith("with throttling, the most throttled, 'hot', 38%" if above else "lists, 38%)")
    assert ("'hot' carries 100%" in f.evidence[-2]) is not above


def test_an_indexs_read_hot_key_is_certain_while_the_index_also_throttles_writes():
    # the index throttles 10 reads and 10 writes a minute; its most-throttled report counts only the reads (AWS does
    # not measure the writes), so 'q' at 9 a minute is 90% of the reads, named at high confidence: not "both kinds"
    rep = _throttled((("q", 9.0), ("r", 1.0)), 10.0, **LARGE)
    scopes = [_scope("Read", 10.0, scope="by-status"), _scope("Write", 10.0, scope="by-status")]
    f = _finding(scopes, rep, kind="read")
    assert (f.cause, f.key, f.confidence) == ("hot key", "q", "high")
    assert "the most-throttled report counts the throttled requests of both kinds" not in " ".join(f.evidence)
