"""The numbers of the remedies and the words of one scope's reading (``hotpart/models/_readings.py``), in process.

The diagnosis is tested mostly through the command line in a subprocess, which mutation testing cannot see; these
tests build the evidence from the model objects (:class:`hotpart.models.evidence.ScopeEvidence`, ``Evidence``,
:class:`hotpart.KeyReport`) and assert what a reader of a finding sees: the peak and the capacity in the remedy, the
suffix count and the read cost of write sharding, the cache's share, the growth into the throttling, the utilisation,
the cover of the most-accessed report, and the exact sentences. Every expected number is computed by hand in the
test (a comment gives the arithmetic). Issue 49, part 6: the survivors of ``make mutants`` on ``_readings.py``
(every function except ``_key_reading``, which tests/test__readings_mutants_key.py covers).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import hotpart as hp
from hotpart.models._readings import (
    _cache_words,
    _capacity_words,
    _growth,
    _growth_words,
    _key_rate,
    _keys,
    _offered_peak,
    _rule_names,
    _scope_events,
    _shard_words,
    _small_space,
    _target,
    _utilisation,
)
from hotpart.models.evidence import Evidence, ScopeEvidence
from hotpart.models.metrics import KeyReport, TopKeys
from hotpart.models.write_sharding import shards_needed


def _scope(kind, events, consumed=None, provisioned=None, scope=""):
    return ScopeEvidence(
        scope,
        kind,
        np.asarray(events, dtype=float),
        True,
        {},
        None if consumed is None else np.asarray(consumed, dtype=float),
        None if provisioned is None else np.asarray(provisioned, dtype=float),
    )


def _ev(scopes, n, *, requests=None, exported=False, reports=None, mode="provisioned", batch=1, units=1.0, seconds=None):
    return Evidence(
        minutes=n,
        seconds=np.full(n, 60.0) if seconds is None else np.asarray(seconds, dtype=float),
        scopes=tuple(scopes),
        backfills={},
        requests=np.zeros(n) if requests is None else np.asarray(requests, dtype=float),
        requests_exported=exported,
        key_reports=reports or {},
        mode=mode,
        mode_from="",
        exported=None,
        indexes=(),
        gaps=np.zeros(n, dtype=bool),
        batch_size=batch,
        item_units=units,
    )


def _top(minute, accessed=(), throttled=(), total_accessed=0.0, total_throttled=0.0):
    return TopKeys(minute, tuple(accessed), tuple(throttled), total_accessed, total_throttled)


def _mask(*bits):
    return np.array(bits, dtype=bool)


# ---------------------------------------------------------------------------------------------
# _offered_peak: consumed plus refused, with the table's throttled requests for its writes
# ---------------------------------------------------------------------------------------------

# Two minutes: the table's writes consumed 60,000 units each minute (1,000 WCU/s) and had 100 throttle events in the
# second; its reads had 50; ThrottledRequests counted 400 items (reads and writes): 400 - 50 = 350 writes refused.
_W_CONSUMED = [60_000.0, 60_000.0]
_W_EVENTS = [0.0, 100.0]
_R_EVENTS = [0.0, 50.0]
_REQUESTS = [0.0, 400.0]


def _peak_case(*, write_scope="", kind="Write", batch=1, exported=True, units=1.0):
    s = _scope(kind, _W_EVENTS if kind == "Write" else _R_EVENTS, _W_CONSUMED, scope=write_scope)
    other = _scope("Read" if kind == "Write" else "Write", _R_EVENTS if kind == "Write" else _W_EVENTS, _W_CONSUMED)
    ev = _ev([s, other], 2, requests=_REQUESTS, exported=exported, batch=batch, units=units)
    return _offered_peak(s, ev)


def test_offered_peak_counts_the_table_writes_its_throttled_requests_refused():
    # refused = max(100, 400 - 50) = 350 items of 2 units: (60,000 + 700) / 60 = 1,011.67 WCU/s
    assert _peak_case(units=2.0) == pytest.approx((60_000 + 350 * 2) / 60, rel=1e-12)
    # one unit per item: (60,000 + 350) / 60
    assert _peak_case() == pytest.approx((60_000 + 350) / 60, rel=1e-12)


@pytest.mark.parametrize(
    "case",
    [
        {"write_scope": "by-status"},  # an index's writes: its own throttle events only
        {"kind": "Read"},  # the table's reads: their own throttle events only
        {"batch": 2},  # batches: ThrottledRequests counts requests, not items
        {"exported": False},  # no ThrottledRequests exported: zeros are not a count
    ],
)
def test_offered_peak_uses_only_the_scopes_own_events_otherwise(case):
    kind = case.get("kind", "Write")
    own = 100 if kind == "Write" else 50
    # (60,000 + own events) / 60
    assert _peak_case(**case) == pytest.approx((60_000 + own) / 60, rel=1e-12)


def test_offered_peak_is_the_busiest_minute_of_those_given_and_none_without_consumption():
    s = _scope("Write", [0.0, 0.0], [6.0, 3.0])
    ev = _ev([s], 2)
    assert _offered_peak(s, ev) == pytest.approx(0.1, rel=1e-12)  # 6 units in 60 s: below one unit per second
    assert _offered_peak(s, ev, _mask(False, True)) == pytest.approx(0.05, rel=1e-12)
    assert _offered_peak(s, ev, _mask(False, False)) == pytest.approx(0.1, rel=1e-12)  # none given: every minute
    assert _offered_peak(_scope("Write", [0.0, 0.0]), ev) is None


# ---------------------------------------------------------------------------------------------
# _target and _capacity_words: the capacity at chapter 11's 70% target
# ---------------------------------------------------------------------------------------------


def test_target_is_the_peak_at_seventy_percent_rounded_up():
    assert 7.0 / 0.7 == 10.0  # exactly: 10 units serve 7 at 70%, not 11
    assert _target(7.0) == 10
    assert 700.0 / 0.7 > 1000.0  # one ulp above: the tolerance rounds it to 1,000
    assert _target(700.0) == 1000
    assert _target(7.000_001) == 11  # 10.0000014 units: above the 1e-9 tolerance, so 11


def _capacity(kind, mode, consumed, scope=""):
    s = _scope(kind, [0.0], consumed, scope=scope)
    return _capacity_words(s, _ev([s], 1, mode=mode), "raise it to")


@pytest.mark.parametrize(
    ("kind", "mode", "unit", "rate"),
    [
        ("Write", "provisioned", "WCU", "WCU/s"),
        ("Read", "provisioned", "RCU", "RCU/s"),
        ("Write", None, "WCU", "WCU/s"),
        ("Write", "on-demand", "WRU", "WCU/s"),
        ("Read", "on-demand", "RRU", "RCU/s"),
    ],
)
def test_capacity_words_name_the_mode_s_unit(kind, mode, unit, rate):
    # 420 units in a minute: a peak of 7 per second, 10 at 70%
    words, nums = _capacity(kind, mode, [420.0])
    assert words == (
        f"raise it to at least 10 {unit}: its offered peak, 7 {rate} (consumed plus refused), at chapter 11's 70% "
        "target utilisation"
    )
    assert nums == {"target": 10.0, "peak": 7.0}


def test_capacity_words_size_any_positive_peak_and_ask_for_consumption_otherwise():
    # one unit in a minute: 1/60 per second, and one unit serves it at 70%
    words, nums = _capacity("Write", "provisioned", [1.0])
    assert words.startswith("raise it to at least 1 WCU: its offered peak, 0.017 WCU/s (consumed")
    assert nums == {"target": 1.0, "peak": 1 / 60}
    # exactly one unit per second: 2 at 70%; under 10 units/s the peak is written to two significant digits, from 10
    # on as a whole number
    assert _capacity("Write", "provisioned", [60.0])[1] == {"target": 2.0, "peak": 1.0}
    assert "its offered peak, 1 WCU/s" in _capacity("Write", "provisioned", [60.0])[0]
    assert "its offered peak, 9.5 WCU/s" in _capacity("Write", "provisioned", [570.0])[0]
    assert "its offered peak, 10 WCU/s" in _capacity("Write", "provisioned", [600.0])[0]
    assert "its offered peak, 1,234 WCU/s" in _capacity("Write", "provisioned", [60 * 1234.4])[0]
    assert _capacity("Write", "provisioned", [0.0]) == (
        "raise it to above its present level (export ConsumedWriteCapacityUnits to size it)",
        {},
    )
    assert _capacity("Read", "on-demand", None, scope="by-status") == (
        "raise it to above its present level (export by-status ConsumedReadCapacityUnits to size it)",
        {},
    )


# ---------------------------------------------------------------------------------------------
# _key_rate: one key's rate from Contributor Insights
# ---------------------------------------------------------------------------------------------


def _rate(kind, top, minutes, *, weighted=False, units=1.0, seconds=None, key="hot"):
    s = _scope(kind, np.zeros(len(minutes)))
    ev = _ev([s], len(minutes), reports={"": KeyReport(tuple(top), weighted=weighted)}, units=units, seconds=seconds)
    return _key_rate(s, ev, key, _mask(*minutes))


def test_key_rate_divides_aws_weighted_units_by_three_for_writes_only():
    top = [_top(0, [("hot", 18_000.0)], total_accessed=18_000.0)]
    assert _rate("Write", top, [True], weighted=True) == pytest.approx(100.0)  # 18,000 / 3 / 60
    assert _rate("Read", top, [True], weighted=True) == pytest.approx(300.0)  # 18,000 / 60
    assert _rate("Write", top, [True]) == pytest.approx(300.0)  # a simulation's units: 18,000 / 60


def test_key_rate_takes_throttled_items_in_units_and_either_list_alone():
    throttled_only = [_top(0, [("other", 10.0)], [("hot", 600.0)], 10.0, 600.0)]
    assert _rate("Write", throttled_only, [True], units=2.0) == pytest.approx(20.0)  # 600 items x 2 units / 60
    accessed_only = [_top(0, [("hot", 600.0)], total_accessed=600.0)]
    assert _rate("Write", accessed_only, [True]) == pytest.approx(10.0)  # 600 / 60
    # both lists: the key consumed 300 units and was refused 900 items of one unit, apart (AWS's most-accessed report
    # counts consumed units): offered at least 300 + 900 = 1,200 units, 20 a second, more than either list alone
    both = [_top(0, [("hot", 300.0)], [("hot", 900.0)], 300.0, 900.0)]
    assert _rate("Write", both, [True]) == pytest.approx(20.0)
    assert _rate("Write", both, [True], units=2.0) == pytest.approx(35.0)  # (300 + 900 x 2) / 60


def test_key_rate_is_none_for_a_key_no_list_names():
    top = [_top(0, [("a", 600.0)], [("b", 60.0)], 600.0, 60.0)]
    assert _rate("Write", top, [True]) is None
    assert _rate("Write", top, [True], key="a") == pytest.approx(10.0)
    s = _scope("Write", [0.0])
    assert _key_rate(s, _ev([s], 1), "a", _mask(True)) is None  # no report at all


def test_key_rate_is_the_busiest_minute_given_each_over_its_own_seconds():
    top = [
        _top(0, [("hot", 1_200.0)], total_accessed=1_200.0),  # 20/s
        _top(1, [("hot", 600.0)], total_accessed=600.0),  # 10/s
        _top(2, [("hot", 900.0)], total_accessed=900.0),  # 30/s: a last minute of 30 seconds
    ]
    assert _rate("Write", top[:2], [True, True]) == pytest.approx(20.0)
    assert _rate("Write", top[:2], [False, True]) == pytest.approx(10.0)
    assert _rate("Write", top, [True, True, True], seconds=[60, 60, 30]) == pytest.approx(30.0)


def test_key_rate_skips_minutes_the_report_does_not_cover():
    # the report holds one minute; the metrics two
    top = [_top(0, [("hot", 600.0)], total_accessed=600.0)]
    assert _rate("Write", top, [True, True]) == pytest.approx(10.0)


# ---------------------------------------------------------------------------------------------
# _shard_words and _cache_words: the remedies for one hot key
# ---------------------------------------------------------------------------------------------


def test_shard_words_without_a_rate():
    assert _shard_words(_scope("Write", [0.0]), "hot", None) == (
        "write-shard 'hot' (chapter 5 sizes the suffix count from its rate, which the reports do not give)",
        "chapter 5, write sharding",
        {},
    )


@pytest.mark.parametrize(("rate", "shards"), [(100.0, 2), (1_000.0, 2), (5_000.0, 7)])
def test_shard_words_size_the_suffixes_at_eighty_percent_of_a_partition(rate, shards):
    # chapter 5's count (the busiest shard under 800 WCU/s), at least 2; a random suffix's aggregate read queries
    # every suffix
    assert shards == max(shards_needed(rate), 2)
    words, chapters, nums = _shard_words(_scope("Write", [0.0]), "hot", rate)
    assert words == (
        f"write-shard 'hot' over at least {shards} suffixes: it is offered at least {rate:,.0f} WCU/s, and each shard "
        f"must stay under 80% of a partition's 1,000 WCU/s (chapter 5); a read of the whole key then takes {shards} "
        "queries, one per suffix (chapter 6)"
    )
    assert chapters == "chapter 5, write sharding; chapter 6, its read cost"
    assert nums == {"rate": rate, "shards": shards, "read_queries": float(shards)}


def test_shard_words_for_an_index_name_its_key_and_a_sparse_index():
    words, _, nums = _shard_words(_scope("Write", [0.0], scope="by-status"), "OPEN", 5_000.0)
    assert words == (
        "write-shard the index's partition key 'OPEN' over at least 7 suffixes: it is offered at least 5,000 WCU/s, "
        "and each shard must stay under 80% of a partition's 1,000 WCU/s (chapter 5); a read of the whole key then "
        "takes 7 queries, one per suffix (chapter 6); or, if no query reads 'OPEN' through the index, make the index "
        "sparse so that its items leave it (a sparse index that keeps them relieves nothing: chapter 15, exercise 6); "
        "projecting fewer attributes lowers what each index write costs when the items are larger than 1 KB (chapter 12)"
    )
    assert nums["shards"] == 7


_CACHE_CHAPTERS = "chapter 15, the hot-read row; chapter 10, a split cannot cut one item"


def test_cache_words_without_a_rate():
    assert _cache_words(_scope("Read", [0.0]), "hot", None) == (
        "cache the reads of 'hot' in front of the table (DAX or an application cache)",
        _CACHE_CHAPTERS,
        {},
    )
    assert _cache_words(_scope("Read", [0.0], scope="by-status"), "OPEN", None) == (
        "cache the queries on index key 'OPEN' in front of the table (DAX or an application cache)",
        _CACHE_CHAPTERS,
        {},
    )


def test_cache_words_give_the_share_the_cache_must_serve():
    # 4,800 RCU/s on one item, 2,400 allowed (80% of 3,000): the cache serves 1 - 2,400 / 4,800 = 50%
    words, chapters, nums = _cache_words(_scope("Read", [0.0], scope="by-status"), "OPEN", 4_800.0)
    assert words == (
        "cache the queries on index key 'OPEN' (DAX or an application cache): at least 4,800 RCU/s, so the cache must "
        "serve at least 50% of them to keep the rest under 2,400 RCU/s (80% of a partition's 3,000); strongly "
        "consistent reads still reach the partition"
    )
    assert chapters == _CACHE_CHAPTERS
    assert nums == {"rate": 4_800.0, "hit_ratio": 0.5}
    words, _, nums = _cache_words(_scope("Read", [0.0]), "hot", 2_000.0)
    assert words.startswith("cache the reads of 'hot' (DAX or an application cache): the reports show at least 2,000 RCU/s")
    assert nums["hit_ratio"] == 0.0  # under the limit already: the bound cannot size the cache (test_diagnosis_turn11.py)


# ---------------------------------------------------------------------------------------------
# _keys, _rule_names, _scope_events
# ---------------------------------------------------------------------------------------------


def test_keys_counts_in_words():
    assert [_keys(n) for n in (1, 2, 0, 1_234)] == ["one key", "2 keys", "0 keys", "1,234 keys"]


def test_rule_names_of_the_table_and_an_index():
    assert _rule_names(_scope("Write", [0.0])) == "DynamoDBContributorInsights-PKC-TABLE-… and -PKT-TABLE-…"
    assert (
        _rule_names(_scope("Write", [0.0], scope="by-status"))
        == "DynamoDBContributorInsights-PKC-TABLE/by-status-… and -PKT-TABLE/by-status-…"
    )


def test_scope_events_add_the_events_the_scopes_most_throttled_report_counts():
    # the table's report counts its reads and its writes; an index's only its reads (AWS does not measure the write
    # throttling an index's write capacity causes)
    table_w = _scope("Write", [1.0, 2.0])
    table_r = _scope("Read", [10.0, 20.0])
    index_w = _scope("Write", [100.0, 200.0], scope="by-status")
    index_r = _scope("Read", [1_000.0, 2_000.0], scope="by-status")
    ev = _ev([table_w, table_r, index_w], 2)
    np.testing.assert_array_equal(_scope_events(table_w, ev), [11.0, 22.0])
    np.testing.assert_array_equal(_scope_events(table_r, ev), [11.0, 22.0])
    np.testing.assert_array_equal(_scope_events(index_w, ev), [0.0, 0.0])
    ev = _ev([table_w, table_r, index_w, index_r], 2)
    np.testing.assert_array_equal(_scope_events(index_r, ev), [1_000.0, 2_000.0])
    np.testing.assert_array_equal(_scope_events(table_r, ev), [11.0, 22.0])


# ---------------------------------------------------------------------------------------------
# _small_space: whether the most-accessed report lists the whole key space
# ---------------------------------------------------------------------------------------------

_NOT_EXPORTED = (
    None,
    "the key space's size is not in the export (the most-accessed report's ApproximateUniqueCount gives it)",
)
_NO_KEY = (None, "the most-accessed report lists no key in the minutes with throttling")


def _small(kind, top, minutes, *, consumed=None, weighted=False, share=0.5, **report):
    s = _scope(kind, np.zeros(len(minutes)), consumed)
    rep = KeyReport(tuple(top), weighted=weighted, **report)
    return _small_space(s, _ev([s], len(minutes), reports={"": rep}), _mask(*minutes), share)


def test_small_space_unknown_without_the_most_accessed_report():
    s = _scope("Write", [0.0])
    assert _small_space(s, _ev([s], 1), _mask(True), 0.5) == _NOT_EXPORTED
    top = [_top(0, [("a", 1.0)], total_accessed=1.0)]
    assert _small("Write", top, [True], accessed=False) == _NOT_EXPORTED


def test_small_space_from_the_approximate_unique_count():
    top = [_top(0, [("a", 1.0)], total_accessed=1.0)]
    assert _small("Write", top, [True], unique_accessed=3.0, listed_accessed=3) == (
        True,
        "the most-accessed report saw 3 distinct keys (ApproximateUniqueCount) and lists 3: the whole key space is in the list",
    )
    assert _small("Write", top, [True], unique_accessed=1_234.0, listed_accessed=10) == (
        False,
        "the most-accessed report saw 1,234 distinct keys (ApproximateUniqueCount) and lists 10: the key space is not small",
    )


def test_small_space_cover_of_a_simulation_s_lists():
    # 50 of 100 units, then 90 of 100: a cover of 70%; the consumed metric plays no part in unweighted lists
    top = [_top(0, [("a", 30.0), ("b", 20.0)], total_accessed=100.0), _top(1, [("a", 90.0)], total_accessed=100.0)]
    got = _small("Write", top, [True, True], consumed=[1_000.0, 1_000.0])
    assert got == (True, "the keys the most-accessed report lists carry 70.0% of the traffic")
    assert _small("Write", top, [False, True]) == (True, "the keys the most-accessed report lists carry 90.0% of the traffic")
    assert _small("Write", top, [True, False], share=0.6) == (
        False,
        "the keys the most-accessed report lists carry 50.0% of the traffic",
    )


def test_small_space_cover_at_the_share_exactly():
    top = [_top(0, [("a", 50.0)], total_accessed=100.0)]  # a cover of 0.5 exactly
    assert _small("Write", top, [True], share=0.5)[0] is True
    assert _small("Write", top, [True], share=math.nextafter(0.5, 1.0))[0] is False


def test_small_space_weighted_lists_take_the_consumed_metric_as_their_total():
    # AWS's report gives no total: the consumed metric, 20 write units a minute = 60 ConsumedThroughputUnits;
    # 30 of 60, then 45 of 60: (0.5 + 0.75) / 2 = 62.5%
    top = [_top(0, [("a", 30.0)]), _top(1, [("a", 45.0)])]
    got = _small("Write", top, [True, True], consumed=[20.0, 20.0], weighted=True)
    assert got == (True, "the keys the most-accessed report lists carry 62.5% of the traffic")
    # reads count one unit each: 30 of 60
    got = _small("Read", top[:1], [True], consumed=[60.0], weighted=True)
    assert got == (True, "the keys the most-accessed report lists carry 50.0% of the traffic")
    # a listed sum above the total is capped at the whole traffic: 60 of 3 x 10
    got = _small("Write", [_top(0, [("a", 60.0)])], [True], consumed=[10.0], weighted=True)
    assert got == (True, "the keys the most-accessed report lists carry 100.0% of the traffic")
    # no consumed metric: the report's own total
    got = _small("Write", [_top(0, [("a", 30.0)], total_accessed=120.0)], [True], weighted=True, share=0.3)
    assert got == (False, "the keys the most-accessed report lists carry 25.0% of the traffic")


def test_small_space_skips_idle_minutes_and_minutes_the_report_lacks():
    top = [_top(0), _top(1, [("a", 50.0)], total_accessed=100.0)]
    assert _small("Write", top, [True, True, True]) == (
        True,
        "the keys the most-accessed report lists carry 50.0% of the traffic",
    )
    assert _small("Write", top[:1], [True]) == _NO_KEY
    assert _small("Write", top, [False, False]) == _NO_KEY
    # half a unit (an eventually consistent read) is traffic too
    half = [_top(0, [("a", 0.5)], total_accessed=0.5)]
    assert _small("Read", half, [True]) == (True, "the keys the most-accessed report lists carry 100.0% of the traffic")


# ---------------------------------------------------------------------------------------------
# _growth and _growth_words: the rise into each run of throttled minutes
# ---------------------------------------------------------------------------------------------


def _grow(kind, consumed_per_s, events, hit, units=1.0):
    n = len(hit)
    s = _scope(kind, events, np.asarray(consumed_per_s, dtype=float) * 60.0)
    return _growth(s, _ev([s], n, units=units), _mask(*hit))


def test_growth_over_the_new_table_floor():
    # offered: 1,000, then 3,000 + 600 items x 2 units / 60 = 3,020 WCU/s; the previous peak, 1,000, is below a new
    # on-demand table's 2,000 WCU/s: 3,020 / 2,000 = 1.51
    assert _grow("Write", [1_000, 3_000, 3_000], [0, 600, 0], [False, True, False], units=2.0) == pytest.approx(1.51)
    # above the floor: 10,000 / 5,000
    assert _grow("Write", [5_000, 10_000], [0, 0], [False, True]) == pytest.approx(2.0)
    # reads: a new table's 6,000 RCU/s; 9,000 / 6,000
    assert _grow("Read", [1_000, 9_000], [0, 0], [False, True]) == pytest.approx(1.5)


def test_growth_is_the_largest_over_the_runs_and_none_from_the_first_minute():
    # runs at minutes 1 and 4: 4,000 / 2,000 = 2 and 10,000 / 4,000 = 2.5
    got = _grow("Write", [1_000, 4_000, 1_000, 1_000, 10_000], [0] * 5, [False, True, False, False, True])
    assert got == pytest.approx(2.5)
    assert _grow("Write", [1_000, 4_000], [0, 0], [True, True]) is None
    # the first run is at the export's start; the second counts: 8,000 / max(4,000, 2,000)
    assert _grow("Write", [4_000, 1_000, 8_000], [0, 0, 0], [True, False, True]) == pytest.approx(2.0)
    s = _scope("Write", [0.0, 1.0])
    assert _growth(s, _ev([s], 2), _mask(False, True)) is None  # nothing consumed exported


def test_growth_words():
    assert _growth_words(None) == (
        "the export starts already throttling, so the growth into it is not in the data (export from 30 minutes "
        "before the throttling began)"
    )
    assert _growth_words(1.51) == (
        "traffic (consumed plus refused) rose to 1.5× its previous peak in the export (at least a new on-demand "
        "table's) as the throttling began"
    )


# ---------------------------------------------------------------------------------------------
# _utilisation
# ---------------------------------------------------------------------------------------------


def _util(consumed_per_s, provisioned, minutes):
    n = len(minutes)
    consumed = None if consumed_per_s is None else np.asarray(consumed_per_s, dtype=float) * 60.0
    s = _scope("Write", np.zeros(n), consumed, provisioned)
    return _utilisation(s, _ev([s], n), _mask(*minutes))


def test_utilisation_is_the_peak_consumed_over_provisioned_in_the_minutes_given():
    assert _util([70, 90], [100, 100], [True, True]) == pytest.approx(0.9)
    assert _util([70, 90], [100, 100], [True, False]) == pytest.approx(0.7)
    assert _util([70, 90], [100, 300], [True, True]) == pytest.approx(0.7)  # 90 / 300 = 0.3 < 70 / 100
    assert _util([0.5], [1.0], [True]) == pytest.approx(0.5)  # one unit provisioned is a level like any other


def test_utilisation_unknown_without_a_positive_level():
    assert _util([70, 90], [0, 100], [True, True]) is None
    assert _util([70, 90], [0, 100], [False, True]) == pytest.approx(0.9)
    assert _util([70], None, [True]) is None
    assert _util(None, [100], [True]) is None
    assert _util([70], [100], [False]) is None


# ---------------------------------------------------------------------------------------------
# The same numbers as a reader of `hotpart diagnose` sees them: AWS's formats, written and read back
# ---------------------------------------------------------------------------------------------

_KEYS = [f"K{i:04d}" for i in range(1_000)]


def _diagnose(table, demand, kind):
    res = hp.simulate(table, demand, 600, keys=_KEYS, kind=kind)
    files = hp.simulated_exports(res)
    m = hp.read_metric_data(
        files["metrics.json"],
        files["queries.json"],
        insights=[files["insights-accessed.json"]],
        throttled_keys=[files["insights-throttled.json"]],
        description=files["table.json"],
    )
    (f,) = hp.diagnose(m).findings
    return f


_SHARD = (
    "write-shard 'K0999' over at least 2 suffixes: it is offered at least 1,500 WCU/s, and each shard must stay under "
    "80% of a partition's 1,000 WCU/s (chapter 5); a read of the whole key then takes 2 queries, one per suffix "
    "(chapter 6)"
)
_CACHE = (
    "cache the reads of 'K0999' (DAX or an application cache): at least 4,800 RCU/s, so the cache must serve at least "
    "50% of them to keep the rest under 2,400 RCU/s (80% of a partition's 3,000); strongly consistent reads still "
    "reach the partition"
)


@pytest.mark.parametrize(
    ("table", "rest", "hot", "kind", "action", "numbers", "chapter"),
    [
        # the most-accessed report counts ConsumedThroughputUnits, 3 per write unit: 4,500 a second read back as
        # 1,500 WCU/s, two suffixes of 750 each
        (
            hp.Table(4, wcu=4_000),
            1.0,
            1_500.0,
            "write",
            _SHARD,
            {"rate": 1_500.0, "shards": 2, "read_queries": 2.0},
            "chapter 5, write sharding; chapter 6, its read cost",
        ),
        # 4,800 RCU/s on one key, 2,400 allowed: the cache serves half
        (hp.Table(4, rcu=12_000), 3.0, 4_800.0, "read", _CACHE, {"rate": 4_800.0, "hit_ratio": 0.5}, _CACHE_CHAPTERS),
    ],
)
def test_a_hot_key_read_from_aws_reports_gets_its_remedy_at_its_own_rate(table, rest, hot, kind, action, numbers, chapter):
    f = _diagnose(table, [rest] * 999 + [hot], kind)
    assert (f.cause, f.key, f.confidence) == ("hot key", "K0999", "high")
    assert (f.action, f.numbers, f.chapter) == (action, numbers, chapter)
    assert (
        "the most-accessed report saw 1,000 distinct keys (ApproximateUniqueCount) and lists 25: the key space is not small"
    ) in f.evidence
