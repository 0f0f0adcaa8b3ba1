"""The most-accessed report counts consumed units (review turn 10, S2 and P9).

AWS's most-accessed report counts ``ConsumedThroughputUnits``, what each key *consumed*: "a graph value of 180,000
ConsumedThroughputUnits indicates that the item was accessed continuously at the per-item maximum throughput of 1,000
write request units or 3,000 read request units" (contributorinsights_HowItWorks.html). The course's simulated reports
(:func:`hotpart.cloudwatch`'s ``key_reports``, :func:`hotpart.simulated_exports`) count the same, so a hot key never
shows more than its partition serves, and the diagnosis sizes a remedy from a lower bound of what the key is offered:
its consumed units plus its throttled requests, or the scope's own offered peak when the report saw that one key in
all. Every expected number is worked out in the comment beside it.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from evidence_factory import evidence

import hotpart as hp
from hotpart.models._readings import _key_rate, _one_key_scope
from hotpart.models.evidence import Evidence, ScopeEvidence
from hotpart.models.metrics import KeyReport, TopKeys

CEILING_CTU = 180_000.0  #: AWS's per-item maximum a minute: 3 x 1,000 WCU/s x 60 s, or 3,000 RCU/s x 60 s


# ---------------------------------------------------------------------------------------------------------------------
# The simulated reports: consumed units, at most the ceiling
# ---------------------------------------------------------------------------------------------------------------------


def _hot_alone(seconds: int = 180) -> hp.SimulationResult:
    """'hot' offered 2,400 WCU/s alone (99 other keys offered nothing) on a table of 4 partitions and 8,000 WCU."""
    keys = ["hot"] + [f"k{i}" for i in range(99)]
    return hp.simulate(hp.Table(4, wcu=8_000), [2_400.0] + [0.0] * 99, seconds, keys=keys)


def test_a_throttled_hot_keys_simulated_most_accessed_report_shows_the_ceiling_not_its_offered_units():
    res = _hot_alone()
    assert np.allclose(res.key_offered[:, 0], 2_400.0 * 60)  # offered 144,000 units a minute, 432,000 of AWS's
    # cloudwatch's report: plain units, the 60,000 a minute a partition's 1,000 WCU/s serve, and 84,000 refused
    report = hp.cloudwatch(res, top_k=5).key_reports[""]
    assert all(t.accessed == (("hot", pytest.approx(60_000.0)),) for t in report.top)
    assert all(t.throttled == (("hot", pytest.approx(84_000.0)),) for t in report.top)
    assert report.unique_accessed == 1.0  # the keys that consumed anything
    # top_keys, chapter 13's teaching view, still counts what it was offered
    assert all(t.accessed[0] == ("hot", pytest.approx(144_000.0)) for t in hp.top_keys(res, 5))
    # the exported report: AWS's ConsumedThroughputUnits, 3 x 60,000 = 180,000 a minute, the per-item maximum, never
    # the 432,000 it is offered
    doc = hp.simulated_exports(res, top_n=5)["insights-accessed.json"]
    (first,) = doc["Contributors"]
    assert first["Keys"] == ["hot"]
    assert [p["ApproximateValue"] for p in first["Datapoints"]] == pytest.approx([CEILING_CTU] * 3)
    assert [p["MaxContributorValue"] for p in doc["MetricDatapoints"]] == pytest.approx([CEILING_CTU] * 3)
    # and the diagnosis of that export sizes the remedy from it: 1,000 consumed + 1,400 refused a second, 2,400
    files = hp.simulated_exports(res, top_n=5)
    m = hp.read_metric_data(
        files["metrics.json"],
        files["queries.json"],
        insights=[files["insights-accessed.json"]],
        throttled_keys=[files["insights-throttled.json"]],
        description=files["table.json"],
    )
    f = hp.diagnose(m).findings[0]
    assert (f.key, f.numbers["rate"], f.numbers["shards"]) == ("hot", pytest.approx(2_400.0), 4)


def test_the_exported_reports_are_cloudwatchs_key_reports_for_every_scope():
    # the orders scenario with its status index (chapter 12, GSI-only throttling), plus reads on the table and
    # queries on the index: each exported report, read back, lists what cloudwatch's key_reports hold (its most-accessed
    # units x 3 for writes, AWS's weight), the table's most-throttled report without the writes refused for the index's
    # back-pressure, the index's without its refused writes (INDEX_REPORT_OMITS_WRITES)
    res = hp.scenario("GSI-only throttling").result
    files = hp.simulated_exports(res, top_n=100)
    m = hp.read_metric_data(
        files["metrics.json"],
        files["queries.json"],
        insights=[files["insights-accessed.json"], files["insights-accessed-by-status.json"]],
        throttled_keys=[files["insights-throttled.json"], files["insights-throttled-by-status.json"]],
        description=files["table.json"],
    )
    ref = hp.cloudwatch(res, top_k=100).key_reports
    for scope in ("", "by-status"):
        got, want = m.key_reports[scope], ref[scope]
        for g, w in zip(got.top, want.top, strict=True):
            assert dict(g.accessed) == pytest.approx({k: 3 * v for k, v in w.accessed})  # writes only: all x 3
            assert dict(g.throttled) == pytest.approx(dict(w.throttled))
        assert got.unique_accessed == want.unique_accessed
    # OPEN at its index partition's ceiling, 1,000 WCU/s consumed of the 1,440 it is offered
    assert max(v for t in m.key_reports["by-status"].top for k, v in t.accessed if k == "OPEN") == pytest.approx(CEILING_CTU)
    assert all(t.throttled == () for t in m.key_reports["by-status"].top)


def test_a_simulated_report_lists_no_key_above_its_partitions_ceiling():
    # the sample table of chapter 16: Zipf demand over 8 partitions, the hottest customer offered 1,334 WCU/s
    _, m = hp.sample_simulation()
    top = m.key_reports[""].top
    assert max(v for t in top for _, v in t.accessed) <= 60_000.0 * (1 + 1e-12)
    assert max(v for t in m.top for _, v in t.accessed) > 60_000.0  # top_keys, chapter 13's view, counts offered units


# ---------------------------------------------------------------------------------------------------------------------
# The rate a remedy is sized from: a lower bound of what the key is offered
# ---------------------------------------------------------------------------------------------------------------------


def _scope(kind: str, events, consumed=None, scope: str = "") -> ScopeEvidence:
    ev = np.asarray(events, dtype=float)
    c = None if consumed is None else np.asarray(consumed, dtype=float)
    return ScopeEvidence(scope, kind, ev, True, {"KeyRangeThroughputThrottleEvents": ev}, c, np.full(ev.size, 10_000.0))


def _ev(scopes, report: KeyReport, *, units: float = 1.0) -> Evidence:
    return evidence(scopes, {scopes[0].scope: report}, item_units=units)


def _report(accessed, throttled=(), *, unique=None, minutes: int = 1, listed: int = 0) -> KeyReport:
    top = tuple(
        TopKeys(m, accessed, throttled, sum(v for _, v in accessed), sum(v for _, v in throttled)) for m in range(minutes)
    )
    return KeyReport(top, weighted=True, unique_accessed=unique, listed_accessed=listed)


def test_a_keys_rate_is_its_consumed_units_plus_its_throttled_requests():
    # 'hot' consumed 180,000 of AWS's units in the minute (60,000 WCU, 1,000 WCU/s) and was refused 84,000 writes:
    # offered at least (60,000 + 84,000) / 60 = 2,400 WCU/s; either list alone gives less
    s = _scope("Write", [84_000.0])
    both = _report((("hot", CEILING_CTU),), (("hot", 84_000.0),))
    assert _key_rate(s, _ev([s], both), "hot", np.array([True])) == pytest.approx(2_400.0)
    accessed = _report((("hot", CEILING_CTU),))
    assert _key_rate(s, _ev([s], accessed), "hot", np.array([True])) == pytest.approx(1_000.0)
    # items of 2 units: (60,000 + 84,000 x 2) / 60 = 3,800
    assert _key_rate(s, _ev([s], both, units=2.0), "hot", np.array([True])) == pytest.approx(3_800.0)


def test_an_indexs_write_rate_is_its_consumed_units_only():
    # AWS does not measure an index's refused writes in its most-throttled report: whatever that report lists (here,
    # as if it listed them) is not added to the index's writes; 'OPEN' consumed 1,000 WCU/s: at least 1,000
    s = _scope("Write", [84_000.0], scope="by-status")
    rep = _report((("OPEN", CEILING_CTU), ("PAID", 9_000.0)), (("OPEN", 84_000.0),), unique=2.0, listed=2)
    assert _key_rate(s, _ev([s], rep), "OPEN", np.array([True])) == pytest.approx(1_000.0)
    # the index's reads are counted: 180,000 RCU consumed (3,000 RCU/s) and 216,000 refused: (180,000 + 216,000) / 60
    r = _scope("Read", [216_000.0], scope="by-status")
    reads = _report((("OPEN", CEILING_CTU),), (("OPEN", 216_000.0),), unique=2.0, listed=2)
    assert _key_rate(r, _ev([r], reads), "OPEN", np.array([True])) == pytest.approx(6_600.0)


def test_a_read_hot_keys_rate_leaves_out_the_writes_the_report_counts_with_its_reads():
    # review turn 11, S1. Index 'by-status': 'OPEN' is offered 6,000 RCU/s of queries (3,000 served, 3,000 refused)
    # and 600 WCU/s of writes; the index consumed 1,000 WCU/s of writes in all (60,000 WCU in the minute). AWS's
    # most-accessed report counts 3 x writes + reads: 3 x 36,000 + 180,000 = 288,000 for 'OPEN'; its most-throttled
    # report holds the index's refused reads only, 180,000. Every write unit the scope consumed is taken out first:
    # (288,000 - 3 x 60,000 + 180,000) / 60 = 4,800 RCU/s, at most the 6,000 offered (without it: 7,800, above)
    r = _scope("Read", [180_000.0], consumed=[180_000.0], scope="by-status")
    w = _scope("Write", [0.0], consumed=[60_000.0], scope="by-status")
    rep = _report((("OPEN", 288_000.0),), (("OPEN", 180_000.0),), unique=3.0, listed=3)
    assert _key_rate(r, _ev([r, w], rep), "OPEN", np.array([True])) == pytest.approx(4_800.0)
    # without the writes' consumption exported, the units are taken to be reads (HOT_KEY_TRAFFIC_SHARE): 7,800
    w_bare = _scope("Write", [0.0], scope="by-status")
    assert _key_rate(r, _ev([r, w_bare], rep), "OPEN", np.array([True])) == pytest.approx(7_800.0)


def test_a_tables_throttled_count_leaves_out_the_other_kinds_throttle_events():
    # the table's reads: 'hot' consumed 180,000 RCU in the minute and its most-throttled count, 120,000, holds reads
    # and writes together; the table refused 30,000 writes (WriteThrottleEvents): at least 90,000 of the count are
    # reads, (180,000 + 90,000) / 60 = 4,500 RCU/s (5,000 if every throttled request were a read)
    r = _scope("Read", [90_000.0], consumed=[180_000.0])
    w = _scope("Write", [30_000.0], consumed=[0.0])
    rep = _report((("hot", CEILING_CTU),), (("hot", 120_000.0),))
    assert _key_rate(r, _ev([r, w], rep), "hot", np.array([True])) == pytest.approx(4_500.0)
    # more of the other kind than the key's counts: they then show none of its reads, and no rate (never a
    # negative one): consumed writes 70,000 x 3 = 210,000 > 180,000 and write events 150,000 > 120,000
    w_big = _scope("Write", [150_000.0], consumed=[70_000.0])
    assert _key_rate(r, _ev([r, w_big], rep), "hot", np.array([True])) is None
    # exactly as much of the other kind as the throttled count: the consumed reads alone, 180,000 / 60 = 3,000
    w_equal = _scope("Write", [120_000.0], consumed=[0.0])
    assert _key_rate(r, _ev([r, w_equal], rep), "hot", np.array([True])) == pytest.approx(3_000.0)


def test_an_indexs_refused_reads_are_not_reduced_by_its_write_events():
    # an index's most-throttled report holds only its refused reads (INDEX_REPORT_OMITS_WRITES), so the index's write
    # throttle events (60,000) are not taken out of 'OPEN''s 180,000: (180,000 consumed + 180,000 refused) / 60 =
    # 6,000 RCU/s (taking them out would give 5,000)
    r = _scope("Read", [180_000.0], consumed=[180_000.0], scope="by-status")
    w = _scope("Write", [60_000.0], consumed=[0.0], scope="by-status")
    rep = _report((("OPEN", CEILING_CTU),), (("OPEN", 180_000.0),), unique=3.0, listed=3)
    assert _key_rate(r, _ev([r, w], rep), "OPEN", np.array([True])) == pytest.approx(6_000.0)


def test_write_events_summed_from_their_reasons_are_not_taken_out_of_a_keys_count():
    # the table's WriteThrottleEvents not exported: its reasons give 30,000, a lower bound of the write events, no use
    # to bound the reads in 'hot''s 120,000: (180,000 + 120,000) / 60 = 5,000 RCU/s, the count taken as reads
    # (HOT_KEY_TRAFFIC_SHARE); exported, the same 30,000 would be taken out: 4,500
    r = _scope("Read", [90_000.0], consumed=[180_000.0])
    w = ScopeEvidence("", "Write", np.array([30_000.0]), False, {"KeyRangeThroughputThrottleEvents": np.array([30_000.0])})
    rep = _report((("hot", CEILING_CTU),), (("hot", 120_000.0),))
    assert _key_rate(r, _ev([r, w], rep), "hot", np.array([True])) == pytest.approx(5_000.0)


def test_the_gsi_read_scenarios_remedy_is_sized_below_what_open_is_offered():
    # hp.scenario("GSI read throttling"): 'OPEN' is offered 6,000 RCU/s of queries and 600 WCU/s of writes on an index
    # that consumes 1,000 WCU/s; the simulated report counts (unweighted) 3,000 + 600 = 3,600 units a second for 'OPEN'
    # and 3,000 refused: at least 3,600 - 1,000 + 3,000 = 5,600 RCU/s (was 6,600, above the offered 6,000)
    text = " ".join(hp.diagnose(hp.scenario("GSI read throttling").metrics).explain(markdown=False, width=200).split())
    assert "'OPEN' alone is offered at least 5,600 RCU/s" in text


@pytest.mark.parametrize(("unique", "rate"), [(1.0, 2_400.0), (2.0, 1_000.0)])
def test_a_scope_whose_report_saw_one_key_gives_that_key_its_own_offered_peak(unique, rate):
    # an index's writes: consumed 60,000 units a minute (1,000 WCU/s) and 84,000 throttle events. With one key in all
    # (ApproximateUniqueCount 1), every unit is 'PENDING''s: (60,000 + 84,000) / 60 = 2,400 WCU/s; with 2 keys the
    # events may be the other key's, and 'PENDING''s own consumption, 1,000 WCU/s, is the bound
    s = _scope("Write", [84_000.0], consumed=[60_000.0], scope="by-status")
    rep = _report((("PENDING", CEILING_CTU),), unique=unique, listed=1)
    ev = _ev([s], rep)
    assert _one_key_scope(rep, "PENDING") == (unique == 1.0)
    assert _key_rate(s, ev, "PENDING", np.array([True])) == pytest.approx(rate)


def test_one_key_scope_needs_the_count_and_the_key_listed():
    rep = _report((("a", 1.0),), unique=1.0, listed=1)
    assert _one_key_scope(rep, "a") and not _one_key_scope(rep, "b")
    assert not _one_key_scope(_report((("a", 1.0),), unique=None, listed=1), "a")  # no count: unknown
    assert not _one_key_scope(None, "a")
    throttled_only = KeyReport(rep.top, accessed=False, unique_accessed=1.0, listed_accessed=1)
    assert not _one_key_scope(throttled_only, "a")
    two = _report((("a", 2.0), ("b", 1.0)), unique=1.0, listed=2)  # a count below the keys listed: not one key
    assert not _one_key_scope(two, "a")


# ---------------------------------------------------------------------------------------------------------------------
# A key at a partition's worth of consumption is named from the most-accessed report alone, at the threshold
# ---------------------------------------------------------------------------------------------------------------------


def _accessed_only(units: float) -> hp.Finding:
    """'hot' at ``units`` of AWS's units a minute in a table that consumed 3,000 WCU a minute (9,000 of AWS's units
    and more than the key: its share is what AWS's report gives), no most-throttled report."""
    s = _scope("Write", [100.0] * 5 + [0.0], consumed=[1_000_000.0] * 6)
    top = tuple(TopKeys(m, (("hot", units),), (), units, 0.0) for m in range(5))
    rep = KeyReport(top, throttled=False, weighted=True, unique_accessed=5_000.0, listed_accessed=1)
    (f,) = [f for f in hp.find_causes(_ev([s], rep)) if f.kind == "write"]
    return f


@pytest.mark.parametrize(
    ("units", "cause", "confidence"),
    [
        (CEILING_CTU, "hot key", "high"),  # at the ceiling, AWS's per-item maximum: 1,000 WCU/s
        (162_000.0, "hot key", "high"),  # 3 x 900 x 60: 90% of the ceiling exactly (AT_CAPACITY_SHARE)
        (math.nextafter(162_000.0, 0.0), "key unknown", "low"),  # the next float below: under 90%, 5% of the traffic
    ],
)
def test_a_key_consuming_a_partitions_worth_is_named_at_the_threshold_and_not_below(units, cause, confidence):
    f = _accessed_only(units)
    assert (f.cause, f.confidence) == (cause, confidence)
    if cause == "hot key":
        assert f.key == "hot"
        assert f.evidence[-1] == "at least 90% of a partition's 1,000 WCU/s: a partition's worth of traffic on one key"
    else:
        assert f.evidence[-1] == "no key consumes 90% of a partition's 1,000 WCU/s or carries 50% of the traffic"
        assert f.missing[-1].startswith("the most-throttled report of the table")


# ---------------------------------------------------------------------------------------------------------------------
# P9: the small key space's words, one value or several
# ---------------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("unique", "words", "saw"),
    [
        (1.0, "a key with 1 value sits on one partition", "saw 1 distinct key (ApproximateUniqueCount) and lists 1"),
        (2.0, "a key with 2 values spreads over at most that many partitions", "saw 2 distinct keys"),
    ],
)
def test_a_small_key_spaces_remedy_is_worded_for_one_value_or_several(unique, words, saw):
    s = _scope("Write", [84_000.0] * 5 + [0.0], consumed=[60_000.0] * 6)
    accessed = (("PENDING", CEILING_CTU),) + ((("DONE", 300.0),) if unique == 2.0 else ())
    top = tuple(TopKeys(m, accessed, (), sum(v for _, v in accessed), 0.0) for m in range(5))
    rep = KeyReport(top, throttled=False, weighted=True, unique_accessed=unique, listed_accessed=len(accessed))
    (f,) = [f for f in hp.find_causes(_ev([s], rep)) if f.kind == "write"]
    assert (f.cause, f.key) == ("small key space", "PENDING")
    assert f"(chapter 2): {words}, and 'PENDING' alone is offered at least" in f.action
    assert "values spreads" not in f.action or unique > 1
    assert any(saw in e for e in f.evidence)
    # with one key in all, its rate is the scope's offered peak, (60,000 + 84,000) / 60 = 2,400, and the evidence says why
    one_key = [e for e in f.evidence if e.startswith("the most-accessed report saw one key in all")]
    if unique == 1.0:
        assert f.numbers["rate"] == pytest.approx(2_400.0) and f.numbers["shards"] == 4
        assert one_key == [
            "the most-accessed report saw one key in all, 'PENDING', so every write the table consumed or refused was "
            "its: it is offered at least 2,400 WCU/s at the peak (consumed plus refused)"
        ]
    else:
        assert f.numbers["rate"] == pytest.approx(1_000.0) and f.numbers["shards"] == 2 and not one_key
