"""Splits' columns, keys placed block by block, each key's minutes, and the steady copies' edges (issue 49, part 6).

The third batch of survivors of ``make mutants`` on ``hotpart/models/simulator.py`` (``_KeyPlacement`` and
``_SteadyState``), each killed by what a reader sees:

* the room for splits (columns allocated up front, bounded by ``MAX_SIMULATED_CELLS``): a run refused at the limit
  names the room the items allow, exactly; a table already at ``max_partitions`` never splits past it; a demand
  that never heats a partition gets no room, so a run at the limit is simulated; keys that cannot split print no
  warning, even at the smallest threshold;
* keys placed on partitions a block of seconds at a time: more keys than a full block's cells allow, placed block by
  block; with splits at most a minute ahead (a split moves keys, and the seconds placed after it are placed again),
  without them a full block; a demand the same every second added up once per block, not once per second;
* each key's units per minute without splits: a minute refused after one that was not, and the refused share of a
  partition offered one unit/s, counted; the per-key records read-only like every other record;
* the seconds copied forward: an update of auto scaling to less than one unit/s lands when its lag says, a
  second offered ``-0.0`` is not a copy of one offered ``+0.0`` (the same bits as the pure-Python reference loop),
  and a second unlike the next is served without even trying a copy (counted: trying costs a run whose demand
  changes every second about a tenth of its time).

Equivalent survivors (no input tells them apart) are explained in ``benchmarks/equivalent/simulator_c.py``.
"""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest
from simulator_oracle import assert_identical, reference

import hotpart as hp
from hotpart.models import provisioned
from hotpart.models import simulator as simulator_module


@pytest.fixture
def served_seconds(monkeypatch):
    """The seconds the provisioned step serves one by one (the others are copied forward)."""
    calls: list[int] = []
    original = provisioned._ProvisionedStep.serve

    def counting(self, t, *args, **kwargs):
        calls.append(t)
        return original(self, t, *args, **kwargs)

    monkeypatch.setattr(provisioned._ProvisionedStep, "serve", counting)
    return calls


@pytest.fixture
def blocks(monkeypatch):
    """The blocks of seconds whose keys are placed on partitions, as ``(first, end)``."""
    placed: list[tuple[int, int]] = []
    original = simulator_module._KeyPlacement.fill

    def recording(self, t, *args, **kwargs):
        end = original(self, t, *args, **kwargs)
        placed.append((t, end))
        return end

    monkeypatch.setattr(simulator_module._KeyPlacement, "fill", recording)
    return placed


# --------------------------------------------------------------------------- the room for splits


def test_a_run_refused_at_the_cell_limit_names_the_room_its_items_allow():
    """One key, an item collection of 1,000 items, offered 5,000 WCU/s (ten times a 500 WCU/s threshold: hot), a
    split after one hot second, for 100,001 s: the items allow ``1 x 1,000 - 1 = 999`` splits (a split cuts between
    items), fewer than the seconds (``2**40 - 1``), the demand (``10 x 100,001``) and max_partitions (999,999)
    allow. 1,000 partitions x 100,001 s = 1.00001e8 cells, over the 1e8 limit: refused, naming that room."""
    with pytest.raises(ValueError, match=r"^seconds x partitions allocated = 100001 x 1000 = ") as err:
        hp.simulate(
            hp.Table(1, wcu=1_000, items_per_key=1_000),
            [5_000.0],
            100_001,
            keys=["USER#1"],
            split=hp.SplitForHeat(threshold=0.5, minutes=0.01),
            max_partitions=1_000_000,
        )
    assert re.search(r"the table's 1 at the start and room for 999 splits, within max_partitions = 1000000;", str(err.value))


def test_a_table_already_at_max_partitions_never_splits():
    """One partition and ``max_partitions = 1``: a key of two items served 600 WCU/s (hot: at least half the 1,000
    ceiling) could be cut in two after 15 s, but no partition may be added: the split is blocked (``partition
    cap``) at second 14, the run keeps its one partition and serves all 600 WCU/s every second."""
    res = hp.simulate(
        hp.Table(1, wcu=1_000, items_per_key=2),
        [600.0],
        30,
        keys=["USER#1"],
        split=hp.SplitForHeat(threshold=0.5, minutes=0.25),
        max_partitions=1,
    )
    assert res.splits == () and res.blocked == ((14, 0, "partition cap"),)
    assert res.partitions == 1 and res.served[:, 0].tolist() == [600.0] * 30


def test_a_demand_that_never_heats_a_partition_gets_no_room(monkeypatch):
    """A key of two items (room for one split by its items) offered 100 WCU/s, a fifth of the 500 WCU/s threshold:
    no second is hot (``floor(100 / 500) = 0``), so no column is allocated for a split, and a run of exactly the
    most cells, 100 s x 1 partition, is simulated, not refused. (The real limit, 1e8 cells, is 3.3 GB of records:
    it is lowered to 100 cells here.)"""
    monkeypatch.setattr(simulator_module, "_MAX_CELLS", 100)
    res = hp.simulate(
        hp.Table(1, wcu=1_000, items_per_key=2),
        [100.0],
        100,
        keys=["USER#1"],
        split=hp.SplitForHeat(threshold=0.5, minutes=0.01),
    )
    assert res.splits == () and res.blocked == () and res.partitions == 1
    assert float(res.served.sum()) == 10_000.0  # 100 WCU/s x 100 s


def test_keys_that_cannot_split_print_no_warning_even_at_the_smallest_threshold(monkeypatch):
    """A reader's notebook shows every warning. One key of one item cannot split (``1 x 1 - 1 = 0`` splits), so
    the heat of its demand is never measured (a pass over every second of the demand saved); at the smallest
    threshold there is (5e-324 of the ceiling, at which 500 WCU/s divided by the threshold overflows float64) a run
    prints no warning, whether its key can split or not, and the partition, hot from its first second, is blocked
    as ``single item``."""
    from hotpart.models import simulator

    measured = []
    real = simulator._heat_room
    monkeypatch.setattr(simulator, "_heat_room", lambda *a: measured.append(a) or real(*a))
    split = hp.SplitForHeat(threshold=5e-324, minutes=0.01)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = hp.simulate(hp.Table(1, wcu=1_000), [500.0], 10, keys=["USER#1"], split=split)
        assert res.splits == () and res.blocked == ((0, 0, "single item"),)
        assert measured == []
        # a key of two items can split once: its heat is measured, overflowing to the 2**53 cap, silently
        two = hp.simulate(hp.Table(1, wcu=1_000, items_per_key=2), [500.0], 10, keys=["USER#1"], split=split)
        assert len(measured) == 1 and len(two.splits) == 1


# --------------------------------------------------------------------------- keys placed a block at a time


def test_more_keys_than_a_full_block_holds_are_placed_block_by_block():
    """300 keys of 1 WCU/s each on 4 partitions (1,200 WCU/s: nothing refused) for 1,000 s. A block holds at most
    2**18 = 262,144 cells: ``262,144 // 300 = 873`` seconds of 300 keys, fewer than a full block of 1,024, so the
    keys are placed in two blocks (0-872, 873-999). Every second is offered the 300 WCU/s, and each key's minutes
    hold 60 WCU (the last minute, seconds 960-999, 40)."""
    keys = [f"USER#{i}" for i in range(300)]
    res = hp.simulate(hp.Table(4, wcu=1_200), np.ones(300), 1_000, keys=keys)
    assert res.offered.sum(axis=1).tolist() == [300.0] * 1_000
    assert float(res.throttled.sum()) == 0.0
    assert res.key_offered.shape == (17, 300)
    assert res.key_offered[:16].tolist() == [[60.0] * 300] * 16 and res.key_offered[16].tolist() == [40.0] * 300


def test_keys_are_placed_a_full_block_ahead_without_splits(blocks, served_seconds):
    """One key offered 200 WCU/s on a partition of 100 (no burst banked, no adaptive capacity): 100 refused every
    second, the same every second. Without splits keys never move, so 2,048 s are placed in two blocks of 1,024
    (the most a block holds), and in each the first second is served and the other 1,023 copied forward."""
    res = hp.simulate(hp.Table(1, wcu=100), [200.0], 2_048, keys=["USER#1"], mode=hp.Provisioned(adaptive=False))
    assert blocks == [(0, 1_024), (1_024, 2_048)]
    assert served_seconds == [0, 1_024]
    assert res.throttled[:, 0].tolist() == [100.0] * 2_048


def test_with_splits_keys_are_placed_at_most_a_minute_ahead(blocks):
    """A key of two items served 500 WCU/s (hot: half the ceiling) splits after 15 s, at the end of second 14: its
    keys move, so the seconds placed after it are placed again. Keys are placed at most 60 s ahead (a split would
    throw away the rest): 0-59 placed, the split at 14 places 15-74 again, then a minute at a time to 299."""
    res = hp.simulate(
        hp.Table(1, wcu=1_000, items_per_key=2),
        [500.0],
        300,
        keys=["USER#1"],
        split=hp.SplitForHeat(threshold=0.5, minutes=0.25),
    )
    assert res.splits == ((14, 0, 1),)
    assert blocks == [(0, 60), (15, 75), (75, 135), (135, 195), (195, 255), (255, 300)]
    assert res.offered[14].tolist() == [500.0, 0.0] and res.offered[15].tolist() == [250.0, 250.0]


def test_a_demand_the_same_every_second_is_added_up_once_per_block(monkeypatch):
    """Ten keys offered the same every second (a demand of one row, broadcast): a second offered what the second
    before was, bit for bit, is placed as that second was, so each block of 1,024 s adds up the ten keys once:
    two blocks for 2,048 s, ten weights each (not 10,240: adding up every second would make a long run of many keys
    several times slower)."""
    weights: list[int] = []
    original = np.bincount

    def counting(*args, **kwargs):
        weights.append(len(kwargs.get("weights", ())))  # the simulator passes its weights by name
        return original(*args, **kwargs)

    keys = [f"USER#{i}" for i in range(10)]
    table = hp.Table(4, wcu=400)
    monkeypatch.setattr(np, "bincount", counting)
    res = hp.simulate(table, np.full(10, 5.0), 2_048, keys=keys)
    monkeypatch.undo()
    assert weights == [10, 10]
    assert res.offered.sum(axis=1).tolist() == [50.0] * 2_048


# --------------------------------------------------------------------------- each key's minutes without splits


def test_a_keys_refused_minute_is_kept_when_the_next_minute_refuses_nothing():
    """One key on a partition of 100 WCU/s (no burst banked, no adaptive capacity): offered 200 WCU/s in minute 0,
    half of it refused (100 x 60 = 6,000 WCU), then 50 WCU/s in minute 1, nothing refused (the 50 unused units go
    to the bank). The key's minutes: offered 12,000 then 3,000, refused 6,000 then 0."""
    demand = np.array([[200.0]] * 60 + [[50.0]] * 60)
    res = hp.simulate(hp.Table(1, wcu=100), demand, 120, keys=["USER#1"], mode=hp.Provisioned(adaptive=False))
    assert float(res.throttled[:60].sum()) == 6_000.0 and float(res.throttled[60:].sum()) == 0.0
    assert res.key_offered.tolist() == [[12_000.0], [3_000.0]]
    assert res.key_throttled.tolist() == [[6_000.0], [0.0]]


def test_a_key_refused_on_a_partition_offered_one_unit_a_second_is_counted_without_splits():
    """One key offered exactly 1 WCU/s on a partition of 0.5 WCU/s (no burst, no adaptive capacity, no splits):
    half of each second refused (the partition's refused fraction 0.5 / 1), 30 WCU in 60 s, as the partition's
    records say."""
    res = hp.simulate(hp.Table(1, wcu=0.5), [1.0], 60, keys=["USER#1"], mode=hp.Provisioned(adaptive=False))
    assert float(res.throttled.sum()) == 30.0
    assert res.key_offered.tolist() == [[60.0]] and res.key_throttled.tolist() == [[30.0]]


@pytest.mark.parametrize("name", ["key_offered", "key_throttled"])
def test_each_keys_minutes_are_read_only(name):
    """Like every record of a result, each key's minutes cannot be changed by mistake (say, a notebook scaling them
    in place): writing to them raises numpy's read-only error."""
    res = hp.simulate(hp.Table(1, wcu=100), [150.0], 60, keys=["USER#1"], mode=hp.Provisioned(adaptive=False))
    minutes = getattr(res, name)
    before = minutes.tolist()
    with pytest.raises(ValueError, match="read-only"):
        minutes[0, 0] = 0.0
    assert minutes.tolist() == before == ([[9_000.0]] if name == "key_offered" else [[3_000.0]])


# --------------------------------------------------------------------------- the steady copies' edges


def test_an_update_to_less_than_one_unit_a_second_lands_when_its_lag_says():
    """Auto scaling between 0.1 and 0.9 WCU/s, target 70 %, a 30 s lag; a table of 0.5 WCU/s (one partition, no
    adaptive capacity, no burst) offered 0.8: it serves 0.5 (utilisation 100 %), so after two minutes above the
    target (seconds 0-119) it asks for ``0.5 / 0.7 = 0.714...`` WCU/s, in flight until second 150 (119 + 1 + 30).
    The seconds in between repeat one another and are copied, but no copy may cross the second the update lands:
    from 150 on the capacity is 0.714... and 0.0857... is refused, as the reference loop says, bit for bit."""
    table, mode = hp.Table(1, wcu=0.5), hp.AutoScaling(target=0.7, min_capacity=0.1, max_capacity=0.9, lag_s=30, adaptive=False)
    res = hp.simulate(table, [0.8], 240, mode=mode)
    assert res.capacity[149] == 0.5 and res.capacity[150] == 0.5 / 0.7
    assert float(res.throttled[149, 0]) == 0.8 - 0.5 and float(res.throttled[150, 0]) == 0.8 - 0.5 / 0.7
    assert_identical(res, reference.reference_simulate(table, [[0.8]] * 240, 240, mode=mode))


@pytest.mark.parametrize("mode", [hp.Provisioned(adaptive=False), hp.OnDemand()], ids=["provisioned", "on-demand"])
def test_a_second_offered_minus_zero_is_not_a_copy_of_one_offered_zero(mode):
    """Partition 0 offered ``+0.0``, ``-0.0``, ``-0.0``, ``+0.0`` by turns (both ``>= 0``, equal as numbers, not bit
    for bit), partition 1 offered 80 (short of its 50 WCU/s when provisioned). A second is copied from the one before
    only if it is offered the same bits: the partition serves ``-0.0`` where offered ``-0.0``, as the reference loop
    does, and every record has its bits."""
    table = hp.Table(2, wcu=100)
    demand = np.array([[0.0, 80.0], [-0.0, 80.0], [-0.0, 80.0], [0.0, 80.0]] * 5)
    res = hp.simulate(table, demand, 20, mode=mode)
    assert np.signbit(res.served[:, 0]).tolist() == [False, True, True, False] * 5
    assert_identical(res, reference.reference_simulate(table, demand.tolist(), 20, mode=mode))


@pytest.mark.parametrize("mode", [hp.Provisioned(adaptive=False), hp.OnDemand()], ids=["provisioned", "on-demand"])
def test_a_second_unlike_the_next_is_not_offered_for_copying(mode, monkeypatch):
    """Partition 0 offered 100 and 101 WCU/s by turns, partition 1 80 (short of its 50 WCU/s when provisioned): no
    second is offered what the next is, so none is copied forward and no copy is even tried (trying after every
    second would make a run whose demand changes every second about a tenth slower). The same bits as the
    reference loop."""
    tries: list[int] = []
    for cls in (simulator_module._SteadyState, simulator_module._SteadyOnDemand):
        original = cls.copy_forward

        def counting(self, t, *args, _original=original, **kwargs):
            tries.append(t)
            return _original(self, t, *args, **kwargs)

        monkeypatch.setattr(cls, "copy_forward", counting)
    table = hp.Table(2, wcu=100)
    demand = np.array([[100.0 + t % 2, 80.0] for t in range(40)])
    res = hp.simulate(table, demand, 40, mode=mode)
    assert tries == []
    assert_identical(res, reference.reference_simulate(table, demand.tolist(), 40, mode=mode))
