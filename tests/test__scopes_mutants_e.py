"""A key-range finding's remedy and alternatives, as a reader sees them (issue 49, part 6: _scopes.py's mutation
survivors in ``_key_range_finding``, its first half).

In-process, so that mutation testing sees them: each test builds one scope's evidence (:class:`hotpart.ScopeEvidence`
with its ``KeyRangeThroughputThrottleEvents``, :class:`hotpart.KeyReport` of :class:`hotpart.TopKeys`, one per minute)
with the shared :func:`evidence_factory.evidence`, sets the capacity mode, calls :func:`hotpart.find_causes` and reads
the one key-range finding: on an on-demand table, whether growth past double the previous peak is named beside it
(and the growth sentence said once), or read as the cause when the throttling is spread; the remedy of a small key
space (the index's or the table's key, its number of values, the key's rate, write sharding for writes only); the
chapter of several hot keys. The throttling runs over minutes 1 to 4 of 6 (100 events each), so no short spike, and
the growth into it is the offered rate of minute 1 over that of minute 0. Every expected number is worked out in the
comment beside it.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from evidence_factory import evidence

import hotpart as hp

N = 6  #: minutes in the export
EVENTS = [0.0, 100.0, 100.0, 100.0, 100.0, 0.0]  #: throttle events per minute: 400 over minutes 1 to 4
HIT = [e > 0 for e in EVENTS]
PAST = "past double the previous peak"
NO_GROWTH = (
    "the export starts already throttling, so the growth into it is not in the data (export from 30 minutes before "
    "the throttling began)"
)
# A write's offered rate is (consumed + refused) / 60 s, and an on-demand table's previous peak is at least what a new
# one serves, 2,000 write units/s (ON_DEMAND_NEW_TABLE_PEAK). Minute 0 offers 120,000 / 60 = 2,000 units/s.
#: minute 1 offers (239,900 + 100) / 60 = 4,000 units/s: 4,000 / 2,000 = 2.0 times the previous peak, the threshold
DOUBLED = [120_000.0, 239_900.0, 0.0, 0.0, 0.0, 0.0]
#: minute 1 offers (179,900 + 100) / 60 = 3,000 units/s: 1.5 times the previous peak, below the threshold
GREW = [120_000.0, 179_900.0, 0.0, 0.0, 0.0, 0.0]
ROSE_2 = (
    "traffic (consumed plus refused) rose to 2.0× its previous peak in the export (at least a new on-demand table's) "
    "as the throttling began"
)


def _scope(kind: str, *, consumed=None, scope: str = "") -> hp.ScopeEvidence:
    events = np.asarray(EVENTS)
    return hp.ScopeEvidence(
        scope,
        kind,
        events,
        True,
        {"KeyRangeThroughputThrottleEvents": events},
        None if consumed is None else np.asarray(consumed, dtype=float),
        None,
        "",
    )


def _report(listed=(), **kw) -> hp.KeyReport:
    """A most-throttled report that lists ``listed`` (of 100 throttled requests) in each throttled minute (minutes 1
    to 4), none in the others; ``kw`` says which reports are there and the key space's size."""
    top = tuple(hp.TopKeys(m, (), listed if HIT[m] else (), 0.0, 100.0) for m in range(N))
    return hp.KeyReport(top, throttled=True, weighted=True, **kw)


def _finding(s: hp.ScopeEvidence, report: hp.KeyReport, mode: str) -> hp.Finding:
    ev = dataclasses.replace(evidence([s], {s.scope: report}, mode_from="the test says so"), mode=mode)
    (f,) = hp.find_causes(ev)
    return f


#: 'user#1' takes all 100 throttled requests of each minute: a hot key (no most-accessed report)
HOT = (("user#1", 100.0),)
#: no key named in any minute: the throttling is spread
SPREAD = ()


def _on_demand(listed, *, consumed=None) -> hp.Finding:
    """The on-demand table's writes, with the most-throttled report alone."""
    return _finding(_scope("Write", consumed=consumed), _report(listed, accessed=False), "on-demand")


# ---------------------------------------------------------------------------------------------------------------
# An on-demand table's hot key: growth past double the previous peak named beside it, or ruled out


def test_on_demand_hot_key_without_consumption_names_growth_it_cannot_rule_out():
    # no consumption exported: the growth is unknown, so "past double the previous peak" stays an alternative and the
    # evidence says why the growth is not in the data (after the reading's 'low-cardinality key': no accessed report)
    f = _on_demand(HOT)
    assert (f.cause, f.key) == ("hot key", "user#1")
    assert f.alternatives == ("low-cardinality key", PAST)
    assert f.evidence[-1] == NO_GROWTH
    assert f.evidence.count(NO_GROWTH) == 1


def test_on_demand_hot_key_at_exactly_double_its_previous_peak_names_the_growth():
    # 4,000 / 2,000 = 2.0: at ON_DEMAND_PEAK_MULTIPLIER the growth counts, and its ratio is said
    f = _on_demand(HOT, consumed=DOUBLED)
    assert f.cause == "hot key"
    assert f.alternatives == ("low-cardinality key", PAST)
    assert f.evidence[-1] == ROSE_2


def test_on_demand_hot_key_below_double_its_previous_peak_rules_the_growth_out():
    # 3,000 / 2,000 = 1.5 < 2: no growth alternative and no growth sentence
    f = _on_demand(HOT, consumed=GREW)
    assert f.cause == "hot key"
    assert f.alternatives == ("low-cardinality key",)
    assert not any("previous peak" in line for line in f.evidence)


def test_on_demand_index_hot_key_names_no_table_growth():
    # the growth past the previous peak is read for the table only: an index's hot key names neither it nor its sentence
    f = _finding(_scope("Read", scope="by-status"), _report(HOT, accessed=False), "on-demand")
    assert (f.cause, f.scope) == ("hot key", "by-status")
    assert PAST not in f.alternatives
    assert NO_GROWTH not in f.evidence


# ---------------------------------------------------------------------------------------------------------------
# An on-demand table's spread throttling: growth past double the previous peak reads as the cause


def test_on_demand_spread_without_consumption_names_the_unknown_growth_once():
    # the growth is unknown: named as the alternative, and its sentence said once (the growth check of the other
    # readings, hot key or small key space, is not run for spread throttling, which has its own)
    f = _on_demand(SPREAD)
    assert (f.cause, f.confidence) == ("spread", "low")
    assert f.alternatives == (PAST,)
    assert f.evidence.count(NO_GROWTH) == 1
    assert f.evidence[-1] == NO_GROWTH


def test_on_demand_spread_at_double_its_previous_peak_reads_as_growth_past_the_peak():
    # 4,000 / 2,000 = 2.0: the spread events read as growth; the offered peak, 4,000 units/s, at 70% is
    # ceil(4,000 / 0.7) = 5,715 units/s of warm throughput
    f = _on_demand(SPREAD, consumed=DOUBLED)
    assert (f.cause, f.confidence) == ("past previous peak", "medium")
    assert f.numbers == {"target": 5715.0, "peak": 4000.0}
    assert f.alternatives == ("under-provisioned table",)
    assert ROSE_2 in f.evidence


def test_on_demand_spread_below_double_its_previous_peak_stays_spread_with_growth_ruled_out():
    # 1.5 < 2: the throttling is the partitions', and growth is ruled out (no alternative, no sentence)
    f = _on_demand(SPREAD, consumed=GREW)
    assert (f.cause, f.confidence) == ("spread", "low")
    assert f.alternatives == ()
    assert not any("previous peak" in line for line in f.evidence)


# ---------------------------------------------------------------------------------------------------------------
# Several hot keys: one remedy each, the chapter of the first


@pytest.mark.parametrize(
    ("kind", "chapter"),
    [
        ("Write", "chapter 5, write sharding; chapter 6, its read cost"),
        ("Read", "chapter 15, the hot-read row; chapter 10, a split cannot cut one item"),
    ],
)
def test_several_hot_keys_cite_the_chapter_of_their_remedy(kind, chapter):
    # 'a' 30, 'b' 25, 'c' 5 of 100 throttled requests a minute: 'a' alone (30% < ONE_KEY_SHARE) is not one hot key,
    # the list's 60% >= FEW_KEYS_SHARE in a key space of 1,000 keys: 'a' and 'b' (55%) are the hot keys
    rep = _report((("a", 30.0), ("b", 25.0), ("c", 5.0)), accessed=True, unique_accessed=1000.0, listed_accessed=3)
    f = _finding(_scope(kind), rep, "provisioned")
    assert (f.cause, f.key) == ("hot key", "a")
    assert f.chapter == chapter
    # the numbers are the first key's: 30 refused a minute, 30 / 60 = 0.5 units/s
    assert f.numbers["rate"] == 0.5


# ---------------------------------------------------------------------------------------------------------------
# A small key space: move the key; write sharding only for writes


def _small(kind: str, *, scope: str = "") -> hp.Finding:
    # 'k1' takes all 100 throttled requests a minute; the most-accessed report saw 3 keys and lists 3: the whole space
    rep = _report((("k1", 100.0),), accessed=True, unique_accessed=3.0, listed_accessed=3)
    return _finding(_scope(kind, scope=scope), rep, "provisioned")


def test_small_key_space_of_the_tables_reads_moves_the_key_without_write_sharding():
    # 'k1' is refused 100 reads a minute: 100 / 60 = 1.7 RCU/s; a read has no write sharding to add
    f = _small("Read")
    assert (f.cause, f.key, f.confidence) == ("small key space", "k1", "high")
    assert f.action == (
        "move the table's partition key to a high-cardinality attribute (chapter 2): a key with 3 values spreads over "
        "at most that many partitions, and 'k1' alone is offered at least 1.7 RCU/s"
    )
    assert f.numbers == {"values": 3.0}


def test_small_key_space_of_an_index_moves_the_indexs_key():
    f = _small("Read", scope="by-status")
    assert (f.cause, f.scope) == ("small key space", "by-status")
    assert f.action == (
        "move the index's partition key to a high-cardinality attribute (chapter 2): a key with 3 values spreads over "
        "at most that many partitions, and 'k1' alone is offered at least 1.7 RCU/s"
    )


def test_small_key_space_of_unknown_size_says_few_values_and_shards_the_writes():
    # 'a' 40 and 'b' 30 of 100 a minute: 'a' is no hot key (40% < 50%) but the two carry 70% >= FEW_KEYS_SHARE; with no
    # most-accessed report the number of values is unknown. 'a' is refused 40 a minute, 40 / 60 = 0.67 WCU/s
    rep = _report((("a", 40.0), ("b", 30.0)), accessed=False)
    f = _finding(_scope("Write"), rep, "provisioned")
    assert (f.cause, f.key, f.confidence) == ("small key space", "a", "medium")
    assert f.action == (
        "move the table's partition key to a high-cardinality attribute (chapter 2): a key with few values spreads over "
        "at most that many partitions, and 'a' alone is offered at least 0.67 WCU/s; if the key must stay, write-shard "
        "'a' over at least 2 suffixes: it is offered at least 0.67 WCU/s, and each shard must stay under 80% of a "
        "partition's 1,000 WCU/s (chapter 5); a read of the whole key then takes 2 queries, one per suffix (chapter 6)"
    )
    # the sharding's numbers, no number of values: max(shards_needed(0.67), 2) = 2 suffixes, 2 queries to read it whole
    assert f.numbers == {"rate": 40 / 60, "shards": 2, "read_queries": 2.0}


def test_small_key_space_with_no_key_listed_while_throttling_gives_no_rate():
    # the most-accessed report saw 2 keys and lists 2 (the whole space), but lists them only in minute 5, which does
    # not throttle: no key is named, so no key's rate and no write sharding (for writes: no key to shard)
    top = tuple(hp.TopKeys(m, (("a", 50.0), ("b", 10.0)) if m == 5 else (), (), 0.0, 0.0) for m in range(N))
    rep = hp.KeyReport(top, accessed=True, throttled=False, unique_accessed=2.0, listed_accessed=2, weighted=True)
    f = _finding(_scope("Write"), rep, "provisioned")
    assert (f.cause, f.key) == ("small key space", "")
    assert f.action == (
        "move the table's partition key to a high-cardinality attribute (chapter 2): a key with 2 values spreads over "
        "at most that many partitions"
    )
    assert f.numbers == {"values": 2.0}
