"""What a reader sees of a simulation's result, exactly, and the on-demand shortcut's reach (issue 49, part 6).

The survivors of ``make mutants`` on ``hotpart/models/simulator.py`` in :class:`hotpart.Table`'s and
:class:`hotpart.SimulationResult`'s text and summaries, and in the copy of steady on-demand seconds:

* the two ``repr`` strings whole (a zero share when nothing was offered, a table's item collections and LSI);
* the units refused by reason and by exception: units, not cells, every reason counted however little it refused
  (half a unit, exactly one), reasons that share an exception summed into it;
* a partition index at its bounds: ``0`` and ``partitions - 1`` accepted, ``-1`` and ``partitions`` refused by name
  with the allowed range (a negative index would silently read the last column), and one partition's seconds read
  from its column alone;
* on-demand seconds offered what the second before was offered: the run gives the pure-Python reference loop's bits
  at the look-back's edges, and after each second served one by one, ``int(doubling_s) - 1`` seconds are copied
  while the peak holds (no fewer: the shortcut is what keeps a long on-demand run fast).

Equivalent survivors (no input tells them apart) are explained in ``benchmarks/equivalent/simulator_a.py``.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from simulator_oracle import assert_identical, reference

import hotpart as hp
from hotpart.models import on_demand


def _aws_example() -> hp.SimulationResult:
    """AWS's example: 400 WCU/s over 4 partitions (100 each), partition 3 offered 150 WCU/s, no adaptive capacity and
    no burst banked at the start: partition 3 loses 50 WCU/s every second, the others nothing."""
    return hp.simulate(hp.Table(4, wcu=400), [50, 50, 50, 150], 60, mode=hp.Provisioned(adaptive=False))


# --------------------------------------------------------------------------- Table.__repr__


@pytest.mark.parametrize(
    ("table", "text"),
    [
        (hp.Table(4, wcu=400), "Table(4 partitions, 400 WCU/s (100 each), 0 RCU/s, simple keys)"),
        (
            hp.Table(4, wcu=400, items_per_key=50, has_lsi=True),
            "Table(4 partitions, 400 WCU/s (100 each), 0 RCU/s, 50 items per key, LSI)",
        ),
        # the first count above a simple key, and an LSI on simple keys
        (
            hp.Table(3, wcu=3_000, rcu=2_500, items_per_key=2),
            "Table(3 partitions, 3,000 WCU/s (1,000 each), 2,500 RCU/s, 2 items per key)",
        ),
        (hp.Table(2, wcu=200, has_lsi=True), "Table(2 partitions, 200 WCU/s (100 each), 0 RCU/s, simple keys, LSI)"),
        # one partition, in the singular
        (hp.Table(1, wcu=100), "Table(1 partition, 100 WCU/s (100 each), 0 RCU/s, simple keys)"),
    ],
)
def test_a_tables_repr_names_its_keys_and_its_lsi(table, text):
    assert repr(table) == text


# --------------------------------------------------------------------------- SimulationResult.__repr__


def test_a_results_repr_gives_the_throttled_share_of_the_offered_units():
    # 60 s x (50 + 50 + 50 + 150) = 18,000 WCU offered, 60 s x 50 = 3,000 refused: 3,000 / 18,000 = 16.7 %
    assert repr(_aws_example()) == (
        "SimulationResult(60 s x 4 partitions, writes, provisioned: offered 18,000 units, throttled 3,000 (16.7%), 0 splits)"
    )


def test_a_results_repr_is_singular_for_one_partition_and_one_split():
    one = hp.simulate(hp.Table(1, wcu=100), [[50.0]] * 5, 5, mode=hp.Provisioned(adaptive=False))
    assert repr(one) == (
        "SimulationResult(5 s x 1 partition, writes, provisioned: offered 250 units, throttled 0 (0.0%), 0 splits)"
    )
    # two keys of 300 WCU/s: 600 of a partition's 1,000 is past the 50 % trigger, one split leaves 300 on each half
    mode = hp.OnDemand(previous_peak=40_000)
    split = hp.simulate(hp.Table(1), [300.0, 300.0], 200, keys=["k1", "k2"], mode=mode, split=hp.SplitForHeat(minutes=1))
    assert len(split.splits) == 1
    assert repr(split).startswith("SimulationResult(200 s x 2 partitions, writes, on-demand")
    assert repr(split).endswith(", 1 split)")


def test_a_results_repr_with_nothing_offered_gives_a_zero_share():
    res = hp.simulate(hp.Table(4, wcu=400), [0, 0, 0, 0], 3)
    assert repr(res) == (
        "SimulationResult(3 s x 4 partitions, writes, provisioned: offered 0 units, throttled 0 (0.0%), 0 splits)"
    )


# --------------------------------------------------------------------------- throttled_by_reason / _by_exception


def test_the_refused_units_by_reason_and_exception_count_units_not_cells():
    res = _aws_example()
    assert int(np.count_nonzero(res.throttled)) == 60  # 60 cells refused, 50 units each
    assert res.throttled_by_reason() == {"partition share": 3_000.0}
    assert res.throttled_by_exception() == {"ProvisionedThroughputExceededException": 3_000.0}


@pytest.mark.parametrize("over", [0.5, 1.0])
def test_a_refusal_of_at_most_one_unit_over_the_run_is_still_counted(over):
    """One second, one partition of 100 WCU/s offered 100 + ``over``: half a unit, or exactly one, refused."""
    res = hp.simulate(hp.Table(1, wcu=100), [100.0 + over], 1, mode=hp.Provisioned(adaptive=False))
    assert res.throttled[0, 0] == over
    assert res.throttled_by_reason() == {"provisioned total": over}
    assert res.throttled_by_exception() == {"ProvisionedThroughputExceededException": over}


def test_reasons_that_share_an_exception_are_summed_into_it():
    """On demand, three partitions, previous peak 750 (instant ceiling 1,500 units/s, doubling far away):
    seconds 0-1 offer 1,500 to partition 0 alone (its 1,000 ceiling refuses 500), seconds 2-3 offer 1,000 to each
    (3,000 over the 1,500 ceiling: each scaled back to 500, so 1,500 refused). Both are a ThrottlingException."""
    demand = np.array([[1_500.0, 0.0, 0.0]] * 2 + [[1_000.0, 1_000.0, 1_000.0]] * 2)
    res = hp.simulate(hp.Table(3), demand, 4, mode=hp.OnDemand(previous_peak=750))
    assert res.throttled_by_reason() == {"partition ceiling": 1_000.0, "on-demand peak (reason undocumented)": 3_000.0}
    assert res.throttled_by_exception() == {"ThrottlingException": 4_000.0}
    assert repr(res) == (
        "SimulationResult(4 s x 3 partitions, writes, on-demand: offered 9,000 units, throttled 4,000 (44.4%), 0 splits)"
    )


def test_nothing_refused_gives_empty_totals():
    res = hp.simulate(hp.Table(2, wcu=200), [100, 100], 5, mode=hp.Provisioned(adaptive=False))
    assert res.throttled_by_reason() == {} and res.throttled_by_exception() == {}
    assert res.first_throttled() is None and res.last_throttled() is None


# --------------------------------------------------------------------------- a cell, a partition's column


def _refused(call, message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        call()


@pytest.mark.parametrize("reader", ["exception", "throttling_reason"])
def test_a_cell_is_read_at_its_bounds_and_refused_past_them_by_name(reader):
    res = _aws_example()
    read = getattr(res, reader)
    expected = "ProvisionedThroughputExceededException" if reader == "exception" else "TableWriteKeyRangeThroughputExceeded"
    assert read(0, 3) == expected and read(59, 3) == expected  # the last partition, the first and last second
    assert read(0, 0) == ""  # the first partition
    _refused(lambda: read(0, -1), "partition = -1 is out of range: must be in [0, 3]")
    _refused(lambda: read(0, 4), "partition = 4 is out of range: must be in [0, 3]")
    _refused(lambda: read(-1, 3), "second = -1 is out of range: must be in [0, 59]")
    _refused(lambda: read(60, 3), "second = 60 is out of range: must be in [0, 59]")


@pytest.mark.parametrize("which", ["first_throttled", "last_throttled"])
def test_a_partitions_seconds_are_read_at_its_bounds_and_refused_past_them_by_name(which):
    res = _aws_example()
    find = getattr(res, which)
    assert find(0) is None  # the first partition: accepted, never refused
    assert find(3) == (0 if which == "first_throttled" else 59)  # the last partition
    _refused(lambda: find(-1), "partition = -1 is out of range: must be in [0, 3]")
    _refused(lambda: find(4), "partition = 4 is out of range: must be in [0, 3]")
    _refused(lambda: find(5), "partition = 5 is out of range: must be in [0, 3]")


def test_a_partitions_seconds_are_read_from_its_own_column_alone():
    """Partition 2 is never refused, partition 3 beside it always: partition 2 has no throttled second."""
    res = _aws_example()
    assert res.first_throttled(2) is None and res.last_throttled(2) is None
    assert res.first_throttled() == 0 and res.last_throttled() == 59


@pytest.mark.parametrize("over", [0.5, 1.0])
def test_a_second_refusing_at_most_one_unit_is_a_throttled_second(over):
    """Partition 0 of 2 (100 WCU/s each) offered its share, 100, for two seconds (nothing left to bank), then
    100 + ``over``: half a unit, or exactly one, refused each second; partition 1 offered 50."""
    demand = np.array([[100.0, 50.0]] * 2 + [[100.0 + over, 50.0]] * 3)
    res = hp.simulate(hp.Table(2, wcu=200), demand, 5, mode=hp.Provisioned(adaptive=False))
    assert res.throttled[:, 0].tolist() == [0.0, 0.0, over, over, over]
    assert res.first_throttled() == 2 and res.first_throttled(0) == 2 and res.first_throttled(1) is None
    assert res.last_throttled() == 4 and res.last_throttled(0) == 4 and res.last_throttled(1) is None


# --------------------------------------------------------------------------- steady on-demand seconds, copied


@pytest.mark.parametrize(
    "doubling_s",
    [
        1.0,  # the look-back is one second: nothing is copied
        2.0,  # the shortest look-back copied: one second after each served
        2.5,  # int 2, ceil 3: the first second that looks back is 3
        3.0,
        7.0,
        600.0,  # longer than the run: no second looks back
    ],
)
def test_on_demand_seconds_offered_the_same_give_the_reference_loops_bits(doubling_s):
    """Two partitions, previous peak 1,000: 300 s at 3,000 units/s (over the instant ceiling 2,000 until the peak
    catches up, raising it inside the run of equal rows), then 200 s at 1,200 (under the ceiling, the peak held),
    then 100 s at 5,000 (a partition over its 1,000 ceiling too): the same bits as the pure-Python loop."""
    demand = np.vstack(
        [np.tile([2_000.0, 1_000.0], (300, 1)), np.tile([600.0, 600.0], (200, 1)), np.tile([4_000.0, 1_000.0], (100, 1))]
    )
    mode = hp.OnDemand(previous_peak=1_000, doubling_s=doubling_s)
    table = hp.Table(2)
    res = hp.simulate(table, demand, 600, mode=mode)
    assert_identical(res, reference.reference_simulate(table, demand, 600, mode=mode))
    assert res.throttled.sum() > 0  # the peak's limit bit


@pytest.mark.parametrize(("doubling_s", "seconds", "served"), [(2.0, 100, 50), (2.5, 100, 50), (7.0, 700, 100)])
def test_on_demand_seconds_offered_the_same_are_copied_l_minus_1_at_a_time(doubling_s, seconds, served, monkeypatch):
    """A flat demand under the peak's limit (1,200 units/s, previous peak 10,000): no look-back raises the peak, so
    after each second served one by one the next ``L - 1`` are copied (``L = int(doubling_s)``, the look-back: a
    copied second may look back only to seconds already summed), one served in every ``L``; the result is the
    reference loop's."""
    calls: list[int] = []
    original = on_demand._OnDemandStep.serve

    def counting(self, t, *args, **kwargs):
        calls.append(t)
        return original(self, t, *args, **kwargs)

    monkeypatch.setattr(on_demand._OnDemandStep, "serve", counting)
    mode = hp.OnDemand(previous_peak=10_000, doubling_s=doubling_s)
    table = hp.Table(2)
    res = hp.simulate(table, [700.0, 500.0], seconds, mode=mode)
    lookback = int(doubling_s)
    assert calls == list(range(0, seconds, lookback)) and len(calls) == served
    assert_identical(res, reference.reference_simulate(table, [[700.0, 500.0]] * seconds, seconds, mode=mode))
    assert res.throttled.sum() == 0
