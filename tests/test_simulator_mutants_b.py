"""Splits' room, keys' books, the base table's conservation with indexes, and the steady copies (issue 49, part 6).

The second batch of survivors of ``make mutants`` on ``hotpart/models/simulator.py``, each killed by what a reader
sees:

* the base table seen with its indexes conserves requests cell by cell as the pure-Python reference does (a refusal
  moved one ulp up where ``offered - served`` rounds served above what the base partitions served);
* the room for splits (columns allocated up front): a partition at exactly its threshold counts as hot and splits
  at the second the model says, however short the run or the wait, and a run the bound makes too big is refused
  naming the room the seconds, the demand and the items allow, exactly;
* keys: where a split cuts (hash order, from MD5 itself), and each key's units per minute to the last second, the
  refused share of a partition offered at most one unit/s included;
* the seconds copied forward (provisioned banks and adaptive counts, on-demand peaks): the same bits as the
  per-second reference loop, and the copies as long as the model allows (counted: the copy is what keeps long runs
  fast), no longer.

Equivalent survivors (no input tells them apart) are explained in ``benchmarks/equivalent/simulator_b.py``.
"""

from __future__ import annotations

import hashlib
import re
import warnings

import numpy as np
import pytest
from simulator_oracle import assert_identical, reference

import hotpart as hp
from hotpart.models import on_demand, provisioned
from hotpart.models import simulator as simulator_module
from hotpart.models.indexes import GlobalSecondaryIndex, simulate_with_indexes

#: A split's threshold here: half the 1,000 WCU/s ceiling.
_HALF = hp.SplitForHeat(threshold=0.5, minutes=1.0).threshold * 1_000.0


@pytest.fixture
def served_seconds(monkeypatch):
    """The seconds each capacity step serves one by one (the others are copied forward)."""
    calls: list[int] = []
    for cls in (provisioned._ProvisionedStep, on_demand._OnDemandStep):
        original = cls.serve

        def counting(self, t, *args, _original=original, **kwargs):
            calls.append(t)
            return _original(self, t, *args, **kwargs)

        monkeypatch.setattr(cls, "serve", counting)
    return calls


# --------------------------------------------------------------------------- the base table with its indexes


@pytest.mark.parametrize("index_wcu", [0.3, 1.1])
def test_the_base_table_with_an_index_conserves_each_cell_as_the_reference_does(index_wcu):
    """One base key at 700 WCU/s, an index of ``index_wcu`` WCU/s (no burst, no adaptive capacity) refusing all but
    that: the base partition serves about ``index_wcu``. ``700 - served`` rounds so that ``700 - (700 - served)``
    is above what the base partition served; the refusal must then move one ulp up, as the pure-Python
    ``_conserve`` of the reference does, so that served never exceeds it and served + throttled is 700 exactly."""
    gsi = GlobalSecondaryIndex("by-status", ["OPEN"], wcu=index_wcu, mode=hp.Provisioned(adaptive=False))
    res = simulate_with_indexes(hp.Table(1, wcu=1_000), [700.0], 3, ["o1"], [gsi])
    own_served = res.own.served[:, 0]
    for t in range(3):
        o = float(res.table.offered[t, 0])
        assert o == 700.0
        s_meant = min(float(own_served[t]), o)
        assert o - (o - s_meant) > s_meant  # the case: the plain difference would raise served
        served, throttled = reference._conserve(o, s_meant)
        assert float(res.table.served[t, 0]) == served and float(res.table.throttled[t, 0]) == throttled
        assert served < s_meant and served + throttled == o
    assert res.table.exception(2, 0) == "ProvisionedThroughputExceededException"


# --------------------------------------------------------------------------- the room for splits


def _one_hot_key(seconds: int, minutes: float, demand: float = _HALF, items: int = 2) -> hp.SimulationResult:
    """One key (an item collection of ``items``) on a table of one partition with 1,000 WCU/s: it serves all of
    ``demand``; a split at half the ceiling after ``minutes``."""
    return hp.simulate(
        hp.Table(1, wcu=1_000, items_per_key=items),
        [demand],
        seconds,
        keys=["USER#1"],
        split=hp.SplitForHeat(threshold=0.5, minutes=minutes),
    )


@pytest.mark.parametrize(
    ("minutes", "seconds", "at"),
    [
        (1.0, 60, 59),  # hot 60 s (not 61): splits at the end of second 59, the run's last
        (0.25, 16, 14),  # 15 s
        (0.01, 1, 0),  # 0.6 s: one hot second is enough, in a run of one second
    ],
)
def test_a_partition_served_exactly_its_threshold_splits_when_the_model_says(minutes, seconds, at):
    """Served 500 WCU/s, exactly half the ceiling: hot (``>=``) every second, so it splits after
    ``ceil(60 x minutes)`` seconds, cutting the collection in two (250 WCU/s each, no longer hot). The columns for
    it are allocated up front: one split fits in the run (its seconds allow one doubling, its demand one split)."""
    res = _one_hot_key(seconds, minutes)
    assert res.splits == ((at, 0, 1),) and res.blocked == ()
    assert res.partitions == 2
    if at + 1 < seconds:
        assert res.offered[at + 1].tolist() == [250.0, 250.0]
    below = _one_hot_key(seconds, minutes, demand=float(np.nextafter(_HALF, 0.0)))
    assert below.splits == () and below.blocked == () and below.partitions == 1


def test_every_generation_splits_when_the_seconds_allow_it():
    """Minutes 0.01: a partition hot for one second splits at its end. 64 keys at 500 WCU/s each (items of one)
    on one partition of a table with 64,000 WCU/s (no limit but the 1,000 ceiling): every partition holding two
    keys or more serves 1,000 and is hot, so 1, 2, 4, then 8 split in seconds 0 to 3: 15 splits in 4 seconds
    (``1 x (2**4 - 1)``, the most 4 seconds allow one partition), none blocked."""
    keys = [f"USER#{i}" for i in range(64)]
    res = hp.simulate(
        hp.Table(1, wcu=64_000),
        np.full(64, _HALF),
        4,
        keys=keys,
        split=hp.SplitForHeat(threshold=0.5, minutes=0.01),
    )
    assert [s for s, _, _ in res.splits] == [0] + [1] * 2 + [2] * 4 + [3] * 8
    assert res.blocked == () and res.partitions == 16


def _refused_room(**kwargs) -> int:
    """The room for splits a refused run names."""
    with pytest.raises(ValueError, match=r"^seconds x partitions allocated = ") as err:
        hp.simulate(**kwargs)
    found = re.search(r"the table's (\d+) at the start and room for (\d+) splits, within max_partitions = (\d+);", str(err.value))
    assert found, str(err.value)
    return int(found.group(2))


def test_the_room_the_seconds_allow_is_named_when_a_run_is_refused():
    """100,000 partitions for 600 s (6e7 cells, allowed) with one key of 2**40 items, hot enough for millions of
    splits, a split after 5 minutes: 600 s hold two doublings (``600 // 300``), so at most ``100,000 x (2**2 - 1)
    = 300,000`` splits: 400,000 partitions x 600 s = 2.4e8 cells, refused, naming that room."""
    room = _refused_room(
        table=hp.Table(100_000, wcu=1e9, items_per_key=2**40),
        demand=[5e8],
        seconds=600,
        keys=["USER#1"],
        split=hp.SplitForHeat(threshold=0.5, minutes=5.0),
        max_partitions=1_000_000,
    )
    assert room == 300_000


def test_the_room_the_demand_allows_is_named_when_a_run_is_refused():
    """One partition, one key of 2**40 items offered 100,250 WCU/s (200.5 times the 500 WCU/s threshold) for
    1,000 s, a split after one hot second (minutes 0.01): at most 200 partitions are hot each second (a
    partition serves at most what it is offered), so at most ``200 x 1,000 // 1 = 200,000`` splits; 1,000 s x
    200,001 partitions is refused, naming that room (not the 999,999 that max_partitions leaves, nor the
    ``floor(200.5 x 1,000)`` of the run's total taken at once)."""
    room = _refused_room(
        table=hp.Table(1, wcu=1_000, items_per_key=2**40),
        demand=[200.5 * _HALF],
        seconds=1_000,
        keys=["USER#1"],
        split=hp.SplitForHeat(threshold=0.5, minutes=0.01),
        max_partitions=1_000_000,
    )
    assert room == 200_000


def test_a_key_of_one_item_gets_no_room_and_runs():
    """The same heat as above, but the key is one item: nothing can split (``keys x items - 1 = 0``), so no column
    is allocated, the run is not refused, and the split is blocked as ``single item`` at its first second."""
    res = hp.simulate(
        hp.Table(1, wcu=1_000),
        [200.5 * _HALF],
        1_000,
        keys=["USER#1"],
        split=hp.SplitForHeat(threshold=0.5, minutes=0.01),
        max_partitions=1_000_000,
    )
    assert res.splits == () and res.blocked == ((0, 0, "single item"),) and res.partitions == 1


def test_a_run_at_the_cell_limit_is_not_refused_when_keys_cannot_split(monkeypatch):
    """Demand per key without splits allocates the table's partitions alone: a run of exactly the most cells is
    simulated, not refused. (The real limit, 1e8 cells, is 3.3 GB of records: the limit is lowered to 100 cells
    here, the seconds x partitions of the run.)"""
    monkeypatch.setattr(simulator_module, "_MAX_CELLS", 100)
    res = hp.simulate(hp.Table(1, wcu=100), [40.0], 100, keys=["USER#1"])
    assert res.partitions == 1 and float(res.served.sum()) == 4_000.0
    assert float(res.key_offered.sum()) == 4_000.0
    with pytest.raises(ValueError, match=r"^seconds x partitions = 101 x 1 = 101 exceeds 1e\+02"):
        hp.simulate(hp.Table(1, wcu=100), [40.0], 101, keys=["USER#1"])


# --------------------------------------------------------------------------- keys: where a split cuts, their books


def _md5_position(key: str) -> int:
    return int.from_bytes(hashlib.md5(key.encode("utf-8")).digest(), "big")


def test_a_split_cuts_the_keys_in_their_hash_order():
    """USER#25 (600 WCU/s) and USER#28 (100 WCU/s), listed in that order, on one partition: MD5 places USER#28
    first (both in the same 1/124th of the ring, so only the full position tells them apart). Hot for 15 s, the
    partition splits at the key boundary: the first key in hash order stays, the other moves to partition 1."""
    keys, demand = ["USER#25", "USER#28"], [600.0, 100.0]
    assert _md5_position("USER#28") < _md5_position("USER#25")
    assert _md5_position("USER#28") * 124 >> 128 == _md5_position("USER#25") * 124 >> 128
    first = sorted(range(2), key=lambda i: _md5_position(keys[i]))[0]
    res = hp.simulate(hp.Table(1, wcu=1_000), demand, 16, keys=keys, split=hp.SplitForHeat(threshold=0.5, minutes=0.25))
    assert res.splits == ((14, 0, 1),)
    assert res.offered[15].tolist() == [demand[first], demand[1 - first]] == [100.0, 600.0]


def test_each_keys_minute_counts_the_last_second_after_a_split_the_second_before():
    """A split at second 14 of a 16-second run (the key's collection cut in two): the key's offered units of the
    minute are all 16 seconds of its 500 WCU/s, the last second (booked at the end) included."""
    res = _one_hot_key(16, 0.25)
    assert res.splits == ((14, 0, 1),)
    assert res.key_offered.tolist() == [[16 * _HALF]]
    assert res.key_throttled.tolist() == [[0.0]]


def test_a_run_with_splits_prints_no_warning():
    """A reader's notebook shows every warning: booking the keys' refused shares (a partition offered nothing has
    none) must not leave numpy warning about uninitialised memory."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = _one_hot_key(16, 0.25)
    assert res.splits == ((14, 0, 1),) and res.key_throttled.tolist() == [[0.0]]


def test_a_key_refused_on_a_partition_offered_one_unit_a_second_is_counted():
    """One key offered exactly 1 WCU/s on a partition of 0.5 WCU/s (no burst, no adaptive capacity; splits on but
    never hot): half of each second refused, 30 WCU in 60 s, as the partition's records say."""
    res = hp.simulate(
        hp.Table(1, wcu=0.5),
        [1.0],
        60,
        keys=["USER#1"],
        mode=hp.Provisioned(adaptive=False),
        split=hp.SplitForHeat(threshold=0.5, minutes=1.0),
    )
    assert res.splits == () and float(res.throttled.sum()) == 30.0
    assert res.key_offered.tolist() == [[60.0]] and res.key_throttled.tolist() == [[30.0]]


# --------------------------------------------------------------------------- provisioned seconds copied forward


@pytest.mark.parametrize(
    ("mode", "served"),
    [
        # no adaptive capacity: partition 3 short every second, nothing else changes: second 0 served, 59 copied
        (hp.Provisioned(adaptive=False), [0]),
        # adaptive capacity at once: partition 3 past the delay from its first short second
        (hp.Provisioned(), [0]),
        # after 5 s: seconds 0-5 served one by one (short, not yet past the delay, then lent), then copied
        (hp.Provisioned(adaptive_delay_s=5), [0, 1, 2, 3, 4, 5]),
    ],
)
def test_steady_provisioned_seconds_are_copied_as_soon_as_nothing_changes(mode, served, served_seconds):
    """AWS's example (400 WCU/s over 4 partitions, partition 3 offered 150): once a second repeats the one before
    and every partition short is past adaptive capacity's delay (or it is off), the rest is copied; the same bits
    as the reference loop."""
    table, demand = hp.Table(4, wcu=400), [50.0, 50.0, 50.0, 150.0]
    res = hp.simulate(table, demand, 60, mode=mode)
    assert served_seconds == served
    assert_identical(res, reference.reference_simulate(table, [demand] * 60, 60, mode=mode))


def test_a_copy_stops_where_a_bank_no_longer_covers_its_draw(served_seconds):
    """Two partitions of 100 WCU/s, 3 s of burst banked (300 WCU each), no adaptive capacity: partition 1 offered
    1,000 empties its bank in second 0 and is short from then on; partition 0 offered 150 draws 50 a second from
    its bank: 250 left after second 0, then 200, 150, 100, 50, 0 after second 5, and from second 6 it is short.
    Second 1 is served, 2-5 copied (draws unchanged), 6 served, the rest copied."""
    table, mode = hp.Table(2, wcu=200), hp.Provisioned(adaptive=False, initial_burst_s=3)
    res = hp.simulate(table, [150.0, 1_000.0], 60, mode=mode)
    assert served_seconds == [0, 1, 6]
    assert res.burst[:7, 0].tolist() == [250.0, 200.0, 150.0, 100.0, 50.0, 0.0, 0.0]
    assert_identical(res, reference.reference_simulate(table, [[150.0, 1_000.0]] * 60, 60, mode=mode))


def test_copies_keep_counting_the_seconds_short_for_adaptive_capacity():
    """Partition 0 of 2 (100 WCU/s each, no burst) offered 150 or 151 by turns, three seconds each, adaptive
    capacity after 5 s: it is short every second, so past the delay it keeps borrowing partition 1's 50 unused
    units; two of each three seconds are copies, which must count as seconds short (a count restarted at the
    copy's length would fall back under the delay and refuse). The same bits as the reference loop."""
    table, mode = hp.Table(2, wcu=200), hp.Provisioned(adaptive_delay_s=5)
    demand = np.array([[150.0 + (t // 3) % 2, 50.0] for t in range(60)])
    res = hp.simulate(table, demand, 60, mode=mode)
    assert_identical(res, reference.reference_simulate(table, demand, 60, mode=mode))
    # seconds 0-4: short 1 to 5 s, within the delay, 50 (or 51) refused; from second 5 (short 6 s, past the delay)
    # on, the 50 unused units lent: 0 (or 1) refused
    assert res.throttled[:5, 0].tolist() == [50.0] * 3 + [51.0] * 2
    assert res.throttled[5:, 0].tolist() == [float((t // 3) % 2) for t in range(5, 60)]


# --------------------------------------------------------------------------- on-demand seconds copied forward


def test_on_demand_copies_over_look_backs_that_equal_the_peak(served_seconds):
    """Previous peak 1,200 and a flat 1,200 units/s (700 + 500), doubling time 3 s: every look-back total equals
    the peak, so the peak holds (``max``), and each second served is followed by two copies."""
    table, mode = hp.Table(2), hp.OnDemand(previous_peak=1_200, doubling_s=3)
    res = hp.simulate(table, [700.0, 500.0], 30, mode=mode)
    assert served_seconds == list(range(0, 30, 3))
    assert_identical(res, reference.reference_simulate(table, [[700.0, 500.0]] * 30, 30, mode=mode))
    assert res.capacity.tolist() == [2_400.0] * 30 and res.throttled.sum() == 0


def test_an_on_demand_copy_stops_before_the_look_back_that_raises_the_peak(served_seconds):
    """Previous peak 1,000, doubling time 3 s, four partitions; totals 1,200, 1,100, 1,500 in seconds 0-2, then a
    flat 300. Second 3 (the peak now 1,200, from second 0) would copy 4 and 5, but second 5 looks back to
    second 2's 1,500: only second 4 is copied, 5 is served (the peak raised to 1,500), then two copies after each
    second served."""
    demand = np.array([[600, 600, 0, 0], [550, 550, 0, 0], [750, 750, 0, 0]] + [[150, 150, 0, 0]] * 17, dtype=float)
    table, mode = hp.Table(4), hp.OnDemand(previous_peak=1_000, doubling_s=3)
    res = hp.simulate(table, demand, 20, mode=mode)
    assert served_seconds == [0, 1, 2, 3, 5, 8, 11, 14, 17]
    assert res.capacity.tolist() == [2_000.0] * 3 + [2_400.0] * 2 + [3_000.0] * 15
    assert_identical(res, reference.reference_simulate(table, demand, 20, mode=mode))
