"""Monotone where the mechanism is, and the named exceptions where it is not (issue 49, part 5).

Two properties, for every capacity mode, with splits for heat and with indexes: **more capacity never throttles
more** (1.5 times the table's capacity, auto scaling's bounds, on-demand's ceilings and every index's), and **more
demand never serves less** (each cell raised by a random share). Random cases come from the generator of
``benchmarks/monotonicity.py`` (which measures 10,000 per mode, ``benchmarks/results/monotonicity.md``), drawn here by
Hypothesis from their seeds (derandomized: the same seeds every run, so that the suite is repeatable; the measurement
draws 10,000 per mode). Where a property fails, the failure must have one of the causes the model names, each found by
rerunning the pair with that mechanism neutralised (``CAUSES`` there):

* provisioned mode with adaptive capacity instant or off, and on-demand mode: no exception;
* adaptive capacity's optional delay (a partition short for fewer whole seconds in a row waits again);
* auto scaling, sized from the units served in its last minutes: the run with more was given less capacity somewhere;
* a split for heat shares its partition's capacity between the halves (chapter 10 states it), cuts at one second's
  traffic median, and triggers on the units served (a table limit that scales partitions back can keep it away);
* an index listed first is charged for writes a later index refuses (``INDEX_CHARGE_ORDER``);
* two limits in series, base and index partitions: in one second where both refuse, each refuses the same share of
  every write reaching it, so more demand on a key whose base partition is at its limit takes index capacity from
  another base partition's keys; and where one of them fixes how many writes succeed, the other's partitions spend
  their burst banks on another mix of keys and run short sooner.

The issue's two findings are reproduced first: a split that 1.5 times the capacity triggers, and an index charged
for writes its base partition refuses (the bug, fixed: an index is charged only for writes the base accepts).
"""

from __future__ import annotations

import importlib.util
import itertools
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hotpart as hp

_PATH = Path(__file__).resolve().parent.parent / "benchmarks" / "monotonicity.py"
_spec = importlib.util.spec_from_file_location("monotonicity", _PATH)
mono = importlib.util.module_from_spec(_spec)
sys.modules["monotonicity"] = mono
assert _spec.loader is not None
_spec.loader.exec_module(mono)

SEEDS = st.integers(0, 2**31 - 1)
EXAMPLES = {"provisioned": 40, "on-demand": 40, "auto scaling": 12, "split for heat": 15, "indexes": 12}


def _check(mode: str, seed: int) -> list:
    return mono.check(mono.draw(mode, seed))


# --- the two findings ------------------------------------------------------------------------------------


def _hot_partition(wcu: float, adaptive: bool) -> hp.SimulationResult:
    """One partition: a hot key at 700 WCU/s and six cool keys at 10, splitting at half the ceiling after a minute."""
    keys = ["hot"] + [f"cool{i}" for i in range(6)]
    split = hp.SplitForHeat(threshold=0.5, minutes=1)
    return hp.simulate(hp.Table(1, wcu=wcu), [700.0] + [10.0] * 6, 600, keys=keys, mode=hp.Provisioned(adaptive=adaptive),
                       split=split)  # fmt: skip


def test_more_capacity_that_triggers_a_split_can_throttle_more_without_adaptive_capacity():
    """Chapter 10's property: a split shares its partition's capacity between the halves and adds none. At 400 WCU/s the
    partition serves 400, under the trigger (500); at 600 it serves 600, splits, and the half holding the hot key is
    held to half the share (300) while the other half leaves 240 of its 300 unused: 1.5 times the capacity refuses
    more. With adaptive capacity (instant, the default) the hot half borrows them, and more capacity refuses less."""
    low, high = _hot_partition(400.0, adaptive=False), _hot_partition(600.0, adaptive=False)
    assert low.splits == () and high.splits == ((59, 0, 1),)
    assert float(high.served[-1, 0]) == 300.0 == 600.0 / 2  # the hot half: half the parent's share
    assert float(high.served[-1, 1]) == 50.0  # the cool half, with 250 of its share unused
    assert float(high.throttled.sum()) > float(low.throttled.sum())  # 231,000 against 216,000 WCU
    assert float(low.throttled.sum()) == 300.0 * 600 + 60.0 * 600  # 700 + 60 offered, 400 served, every second
    lent_low, lent_high = _hot_partition(400.0, adaptive=True), _hot_partition(600.0, adaptive=True)
    assert float(lent_high.throttled.sum()) < float(lent_low.throttled.sum())
    # and the benchmark names the cause the same way on the random case that showed it
    case = mono.draw("split for heat", 1052)
    (v,) = mono.check(case)
    assert (v.prop, v.cause) == ("demand", "split halves the share")


def test_an_index_is_never_charged_for_writes_its_base_partition_refuses():
    """The issue's finding, now fixed: the index was charged for every write, so more demand, refused by the base
    partition anyway, spent the index's capacity and served fewer writes. Now the index is offered exactly what the
    base partition accepts."""
    keys = [f"k{i}" for i in range(4)]
    gsi = hp.GlobalSecondaryIndex("by-status", ["OPEN"] * 4, partitions=1, wcu=2_000)
    res = hp.simulate_with_indexes(hp.Table(1, wcu=300), [400.0, 300.0, 200.0, 100.0], 60, keys, [gsi],
                                   mode=hp.Provisioned(adaptive=False))  # fmt: skip
    served = res.table.served.sum(axis=1)
    np.testing.assert_allclose(res.indexes["by-status"].offered.sum(axis=1), served, rtol=1e-12)
    assert float(served[-1]) == 300.0 and res.backpressure_total() == 0.0
    # the random case that showed it: more demand now serves no fewer writes
    case = mono.draw("indexes", 68)
    assert mono.check(case) == []


def test_an_index_shared_by_a_hot_and_a_cool_base_partition_serves_no_less_with_more_demand():
    """The mechanism of the finding, built by hand: a hot key whose base partition refuses most of its writes shares
    an index partition with a cool key on another base partition. Raising the hot key's demand must not cost the cool
    key its writes: the hot key's extra writes are refused by its own partition and never reach the index."""
    keys = ["hot", "cool"]
    assert list(hp.partition_of(keys, 2)) == [0, 1]  # on two base partitions
    gsi = hp.GlobalSecondaryIndex("by-day", ["2026-12-06", "2026-12-06"], partitions=1, wcu=600,
                                  mode=hp.Provisioned(adaptive=False))  # fmt: skip
    served = []
    for hot in (600.0, 900.0, 1_500.0, 3_000.0):
        res = hp.simulate_with_indexes(hp.Table(2, wcu=1_000), [hot, 300.0], 120, keys, [gsi],
                                       mode=hp.Provisioned(adaptive=False))  # fmt: skip
        served.append(float(res.table.served.sum()))
    assert all(b >= a * (1 - 1e-12) for a, b in itertools.pairwise(served))  # float sums: to the last bits
    # the base holds the hot key to its share (500), the index (600) takes both keys' accepted writes (800) no more
    assert served[-1] == pytest.approx(600.0 * 120, rel=1e-9)


# --- the properties, mode by mode --------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["provisioned", "on-demand"])
def test_fixed_capacity_modes_are_monotone_but_for_the_adaptive_delay(mode):
    @settings(max_examples=EXAMPLES[mode], deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
    @given(SEEDS)
    def prop(seed):
        for v in _check(mode, seed):
            assert v.cause == "adaptive delay", (mode, seed, v)

    prop()


@pytest.mark.parametrize("mode", ["auto scaling", "split for heat", "indexes"])
def test_every_violation_has_its_named_cause(mode):
    @settings(max_examples=EXAMPLES[mode], deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
    @given(SEEDS)
    def prop(seed):
        for v in _check(mode, seed):
            assert v.cause in mono.CAUSES, (mode, seed, v)

    prop()


@pytest.mark.parametrize(
    ("mode", "seed", "prop", "cause"),
    [
        ("auto scaling", 13, "capacity", "adaptive delay"),  # the bank ran out with less left in its last second
        ("auto scaling", 162, "demand", "auto scaling sized from consumption"),  # burst spent sooner, scaled lower
        ("split for heat", 683, "demand", "split cut follows its second"),
        ("split for heat", 1052, "demand", "split halves the share"),
        ("split for heat", 4772, "demand", "split no longer triggers"),  # on-demand's maximum throughput scaled it back
        ("indexes", 125, "capacity", "adaptive delay"),  # a larger share dips under demand less: the delay restarts
        ("indexes", 281, "demand", "index charge order"),
        ("indexes", 5354, "demand", "two limits in one second"),  # the cases the first measurement left unexplained
        ("indexes", 1771, "demand", "two limits in one second"),
        ("indexes", 3404, "demand", "bank spent on another mix"),
        ("indexes", 6965, "demand", "bank spent on another mix"),  # seen in the running totals (a bank moves units)
    ],
)
def test_each_named_cause_on_the_case_that_showed_it(mode, seed, prop, cause):
    found = _check(mode, seed)
    assert [(v.prop, v.cause) for v in found] == [(prop, cause)]


def test_the_named_causes_disappear_when_their_mechanism_is_neutralised():
    """Each cause is a counterfactual: the violation is gone when that mechanism is (instant adaptive capacity; the
    indexes one at a time)."""
    case = mono.draw("indexes", 125)
    more = mono._more_demand(np.random.default_rng([125, 99]), case.demand)
    assert mono._violates(case, "capacity", more)[0] and not mono._violates(case, "capacity", more, instant=True)[0]
    case = mono.draw("indexes", 281)
    more = mono._more_demand(np.random.default_rng([281, 99]), case.demand)
    assert mono._violates(case, "demand", more)[0]
    assert not any(mono._violates(case, "demand", more, indexes=[i])[0] for i in range(len(case.detail["indexes"])))
    reversed_order = list(reversed(range(len(case.detail["indexes"]))))
    assert not mono._violates(case, "demand", more, indexes=reversed_order)[0]  # the order alone made it


# --- two limits in series: the index's named exceptions ------------------------------------------------------------


def _shared_index(hot: float) -> hp.IndexedResult:
    """One second: "cool" (500 WCU/s) alone on base partition 0; "hot" and "plain" (1,000, not in the index) on base
    partition 1, held to its 1,000 WCU/s ceiling; "cool" and "hot" share one index partition of 600 WCU/s."""
    keys = ["k0", "k1", "k3"]  # cool, hot, plain
    assert list(hp.partition_of(keys, 2)) == [0, 1, 1]
    gsi = hp.GlobalSecondaryIndex("by-day", ["d", "d", None], partitions=1, wcu=600, mode=hp.Provisioned(adaptive=False))
    return hp.simulate_with_indexes(hp.Table(2, wcu=4_000), [500.0, hot, 1_000.0], 1, keys, [gsi],
                                    mode=hp.Provisioned(adaptive=False))  # fmt: skip


def test_two_limits_in_one_second_more_demand_on_a_full_partition_serves_less():
    """The named exception "two limits in one second", built by hand. Up to the index's 600 nothing is lost; past it,
    every write reaching the index partition is refused in the same share, so the hot key's writes that its full base
    partition accepts (in place of "plain" writes, which need no index) take the index from "cool": partition 1 serves
    its 1,000 either way, partition 0 less and less. The fixed point, in closed form for hot = 200: the index passes
    the share p of both keys with 500 p + 200 p a = 600, a = 1000 / (1000 + 200 p) partition 1's accepted share."""
    served = {hot: _shared_index(hot) for hot in (0.0, 100.0, 200.0, 800.0, 1_600.0)}
    totals = [float(r.table.served.sum()) for r in served.values()]
    assert totals[:2] == [1_500.0, 1_500.0]  # the index not yet refusing: all served
    assert all(b < a for a, b in itertools.pairwise(totals[1:]))  # more demand, fewer writes served
    for r in list(served.values())[2:]:
        assert float(r.table.served[0, 1]) == pytest.approx(1_000.0, rel=1e-12)  # the full partition: its ceiling
        assert float(r.indexes["by-day"].served.sum()) == pytest.approx(600.0, rel=1e-12)  # the index: its capacity
    # hot = 200: p solves 500 p + 200 p * 1000 / (1000 + 200 p) = 600, a quadratic: 100,000 p^2 + 580,000 p - 600,000
    p = (-580_000 + (580_000**2 + 4 * 100_000 * 600_000) ** 0.5) / (2 * 100_000)
    assert float(served[200.0].table.served[0, 0]) == pytest.approx(500.0 * p, rel=1e-9)  # 448.03
    assert totals[2] == pytest.approx(1_000.0 + 500.0 * p, rel=1e-9)


def test_the_index_exceptions_are_found_by_their_mechanism():
    """The named exception "bank spent on another mix" disappears without burst banks, and every second before its
    first loss served the same total; "two limits in one second" shows in one second raised alone, from the same
    state."""
    case = mono.draw("indexes", 3404)
    more = mono._more_demand(np.random.default_rng([3404, 99]), case.demand)
    assert mono._violates(case, "demand", more)[0] and not mono._violates(case, "demand", more, bankless=True)[0]
    a, b = case.results(1.0, case.demand), case.results(1.0, more)
    sa, sb = a.table.served.sum(axis=1), b.table.served.sum(axis=1)
    first = int(np.flatnonzero(sb < sa - 1e-6)[0])
    np.testing.assert_allclose(sa[:first], sb[:first], rtol=1e-9)  # the same totals, a different mix
    assert not np.allclose(a.own.served[:first], b.own.served[:first])
    case = mono.draw("indexes", 5354)
    more = mono._more_demand(np.random.default_rng([5354, 99]), case.demand)
    base = case.results(1.0, case.demand)
    one = case.demand.copy()
    one[12] = more[12]  # the first second that serves less, raised alone
    raised = case.results(1.0, one)
    assert float(raised.table.served[12].sum()) < float(base.table.served[12].sum()) - 1.0
    np.testing.assert_array_equal(raised.table.served[:12], base.table.served[:12])
    assert float(raised.own.throttled[12].sum()) > 0 and float(raised.indexes["gsi0"].throttled[12].sum()) > 0


def test_a_bank_spent_on_another_mix_shows_in_the_running_totals():
    """Seed 6965 (benchmarks/results/monotonicity.md): the base's burst banks move units between seconds, so no second
    before the first loss serves the same total; the running totals do. Through second 116 both runs serve exactly
    58,800 units, the index serves 287 more of them (its bank spent sooner), and in the last second, with the same
    demand, the run with more demand finds 39.7 units left in the index's bank where the other finds 326.9."""
    case = mono.draw("indexes", 6965)
    more = mono._more_demand(np.random.default_rng([6965, 99]), case.demand)
    a, b = case.results(1.0, case.demand), case.results(1.0, more)
    sa, sb = a.table.served.sum(axis=1), b.table.served.sum(axis=1)
    assert float(sb[1:22].sum()) > float(sa[1:22].sum()) + 500  # served more first, so the per-second test misses it
    last = case.demand.shape[0] - 1
    np.testing.assert_array_equal(case.demand[last], more[last])  # the same demand in the second that loses
    assert float(sa[:last].sum()) == pytest.approx(58_800.0, rel=1e-12)
    assert float(sb[:last].sum()) == pytest.approx(58_800.0, rel=1e-12)
    ga, gb = a.indexes["gsi0"], b.indexes["gsi0"]
    assert float(gb.served[:last].sum() - ga.served[:last].sum()) == pytest.approx(287.2, abs=0.1)
    assert float(gb.burst[last - 1, 0]) == pytest.approx(39.7, abs=0.05)
    assert float(ga.burst[last - 1, 0]) == pytest.approx(326.9, abs=0.05)
    assert float(sb[last]) == pytest.approx(float(sa[last]) - 38.1, abs=0.05)
    assert mono._violates(case, "demand", more)[0] and not mono._violates(case, "demand", more, bankless=True)[0]
