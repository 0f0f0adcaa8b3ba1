"""The simulator at its hard edges (issue 39): every valid simulation runs or is refused by name, and none records a
negative value.

* **the memory bound**: a simulation whose records would not fit (seconds x partitions, or seconds x keys, past
  ``MAX_SIMULATED_CELLS``) is refused with a ``ValueError`` naming the parameters, their values and the bound,
  before any array is allocated;
* **nothing negative, conservation exact**: a Hypothesis property and a seeded sweep of 10,000 small random valid
  simulations across every capacity mode (provisioned with and without burst, both burst readings and portions,
  adaptive capacity instant, delayed and off, auto scaling, on-demand, splits for heat, reads and writes, global
  secondary indexes): no record (offered, served, throttled, tokens, burst, capacity, the per-key minutes, the
  indexes' back-pressure) holds a negative value, and ``served + throttled == offered`` bit for bit in every cell.
  Before the fix the round-off of the FIFO bank (``burst_reading="window"`` or ``burst_portion < 1``) left banks
  below 0 (the issue's probe: ``-4.5e-13``; this sweep: 7 of its 10,000 runs, down to ``-1.1e-13``) and seconds with
  no demand serving ``-4.4e-16``, and adaptive capacity lent more than a subnormal unused total;
* **the rules two mutants broke unnoticed** (only the digests of ``tests/test_simulator_steps.py`` saw them): the bank
  is cut to the new cap the second an auto-scaling decrease lands, and a split for heat happens at the second its
  trigger is met, not one later.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import hotpart as hp
from hotpart.models import _capacity_common, burst

# --- the memory bound -------------------------------------------------------------------------------------------


def test_the_issues_week_on_ten_thousand_partitions_is_refused_by_name_before_any_allocation():
    cells = 10_000 * 604_800
    with pytest.raises(ValueError) as err:
        hp.simulate(hp.Table(10_000, wcu=1e7), np.full(10_000, 900.0), 604_800)
    message = str(err.value)
    assert message.startswith(f"seconds x partitions = 604800 x 10000 = {cells:.3g} exceeds ")
    assert f"{_capacity_common.MAX_SIMULATED_CELLS:.0e}" in message
    assert "simulate fewer seconds or fewer partitions" in message


def test_the_bound_admits_exactly_max_simulated_cells():
    bound = _capacity_common.MAX_SIMULATED_CELLS
    # at the bound the check passes (the run itself is not made: a demand of the wrong width stops it next)
    with pytest.raises(ValueError, match=r"^demand must hold one value per partition"):
        hp.simulate(hp.Table(bound // 100_000), [1.0], 100_000)
    with pytest.raises(ValueError, match=r"^seconds x partitions = 100001 x 1000 = "):
        hp.simulate(hp.Table(bound // 100_000), [1.0], 100_001)


def test_demand_per_key_is_bounded_by_seconds_x_keys():
    keys = [f"k{i}" for i in range(2_000)]
    with pytest.raises(
        ValueError, match=r"^seconds x keys = 100000 x 2000 = 2e\+08 exceeds 1e\+08, .*; simulate fewer seconds or fewer keys$"
    ):
        hp.simulate(hp.Table(1), np.ones(2_000), 100_000, keys=keys)


def test_the_room_for_splits_counts_against_the_bound_and_the_message_names_max_partitions():
    # 10 keys of 10**6 items: room for max_partitions - 1 splits, allocated up front
    keys = [f"k{i}" for i in range(10)]
    table = hp.Table(1, items_per_key=10**6)
    split, mode = hp.SplitForHeat(threshold=0.001, minutes=0.01), hp.OnDemand(previous_peak=1e6)
    with pytest.raises(ValueError, match=r"^seconds x partitions allocated = 100000 x 4096 = .* max_partitions"):
        hp.simulate(table, np.full(10, 1_000.0), 100_000, keys=keys, mode=mode, split=split)
    # a run within the bound: the room allocated follows max_partitions, and the splits stop there
    res = hp.simulate(table, np.full(10, 1_000.0), 60, keys=keys, mode=mode, split=split, max_partitions=8)
    assert res.partitions == 8 and any(why == "partition cap" for _, _, why in res.blocked)


# --- the bank's round-off, at its source ------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    st.floats(1e-6, 1e6),
    st.floats(0.0, 1.0),
    st.sampled_from(["bank", "window"]),
    st.sampled_from([1.0, 0.5, 0.25]),
)
def test_a_draw_of_the_whole_bank_never_leaves_it_below_zero(share, gone_fraction, reading, portion):
    """The FIFO bank holds ``dep - gone``; a second that draws all of it leaves 0, or the round-off of ``dep`` above
    it, never below. Before issue 39, ``gone + (dep - gone)`` could round past ``dep`` (when ``gone < dep / 2``,
    ``dep - gone`` is inexact): banks of -2.8e-14, which a second with no demand then drew."""
    mode = hp.Provisioned(burst_reading=reading, burst_portion=portion)
    bucket = burst._BurstBucket(np.array([share]), mode)
    bank = hp.BURST_WINDOW_S * share  # a full bank, of which a fraction is already gone
    if bucket.fifo:
        bucket.dep[:] = bank / (1.0 - gone_fraction / 2.0)
        bucket.gone[:] = bucket.dep * gone_fraction / 2.0
        np.subtract(bucket.dep, bucket.gone, out=bucket.level)
    else:
        bucket.level[:] = bank * (1.0 - gone_fraction)
    level = bucket.settle(0, bucket.level.copy(), np.zeros(1))
    if bucket.fifo:
        assert 0.0 <= level[0] <= 2.0 * np.spacing(bucket.dep[0]) and bucket.gone[0] <= bucket.dep[0]
    else:
        assert level[0] == 0.0  # the bank reading subtracts the draw from the bank itself: exactly 0


# --- the rules two mutants broke unnoticed -----------------------------------------------------------------------


@pytest.mark.parametrize("reading", ["bank", "window"])
def test_a_scale_down_cuts_the_bank_to_the_new_cap_the_second_it_lands(reading):
    """One partition of 1,000 WCU/s with a full bank (300 s of its share, 300,000 units) idles for a minute: auto
    scaling lowers it to ``min_capacity`` = 1 WCU/s, from second 60 (no lag). The bank is cut to the new cap, 300 s of
    1 WCU/s, as the capacity lands: second 60, offered the ceiling, serves its share and that cap, 301 units, not the
    ceiling from the old bank."""
    mode = hp.AutoScaling(
        target=0.5,
        min_capacity=1.0,
        max_capacity=1_000.0,
        scale_down_points=1,
        lag_s=0.0,
        initial_burst_s=hp.BURST_WINDOW_S,
        burst_reading=reading,
        adaptive=False,
    )
    lands = 60  # the idle minute 0 (seconds 0 to 59) is one point at 0% utilisation: the decrease holds from second 60
    demand = np.zeros((lands + 2, 1))
    demand[lands:] = hp.PARTITION_MAX_WCU
    res = hp.simulate(hp.Table(1, wcu=1_000.0), demand, lands + 2, mode=mode)
    new_share = 1.0
    new_cap = hp.BURST_WINDOW_S * new_share
    assert res.capacity[lands - 1] == 1_000.0 and res.capacity[lands] == new_share
    assert res.burst[lands - 1, 0] == hp.BURST_WINDOW_S * 1_000.0  # full before the decrease lands
    assert res.served[lands, 0] == new_share + new_cap  # 301: the share, then the bank cut to the new cap
    assert res.burst[lands, 0] == 0.0
    assert res.served[lands + 1, 0] == new_share  # the bank spent, the share alone


@pytest.mark.parametrize("minutes", [0.25, 0.5, 1.0, 45.5 / 60])
@pytest.mark.parametrize("mode", [hp.OnDemand(previous_peak=10_000.0), hp.Provisioned()], ids=["on-demand", "provisioned"])
def test_a_split_for_heat_happens_at_the_second_its_trigger_is_met(minutes, mode):
    """Two keys on one partition, offered 600 WCU/s each: it serves its ceiling, 1,000 WCU/s, at or above the
    trigger's 80% from second 0. Hot for ``ceil(60 x minutes)`` whole seconds running (seconds 0 to N), it splits at
    the end of second ``N = ceil(60 x minutes) - 1``; the new partition is offered its keys from second N + 1."""
    split = hp.SplitForHeat(threshold=0.8, minutes=minutes)
    res = hp.simulate(hp.Table(1, wcu=2_000.0), [600.0, 600.0], 90, keys=["a", "b"], mode=mode, split=split)
    n = math.ceil(60.0 * minutes) - 1
    assert res.served[: n + 1, 0].min() >= 0.8 * hp.PARTITION_MAX_WCU  # hot from second 0 to N
    assert res.splits == ((n, 0, 1),)  # at N exactly (one key each after it: neither half is hot)
    assert res.offered[n, 1] == 0.0 and res.offered[n + 1, 1] == 600.0


# --- random valid simulations: the case builder ---------------------------------------------------------------
# One builder, two sources of choices: Hypothesis (which shrinks a failure) and a numpy Generator (the seeded sweep).


class _FromGenerator:
    """Choices from a seeded numpy Generator."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    def integer(self, low: int, high: int) -> int:
        return int(self.rng.integers(low, high + 1))

    def choice(self, options: Sequence):
        return options[int(self.rng.integers(len(options)))]

    def uniform(self, low: float, high: float) -> float:
        return float(self.rng.uniform(low, high))

    def demand(self, shape: tuple[int, int], high: float) -> np.ndarray:
        """Units/s in ``[0, high]``: continuous values, about a quarter of them zero, some rows held for a while."""
        d = self.rng.uniform(0.0, high, shape) * (self.rng.random(shape) > 0.25)
        if self.rng.random() < 0.5:  # rows held from the row before (the copy-forward and calm paths)
            held = self.rng.random(shape[0]) < 0.7
            held[0] = False
            d = d[np.maximum.accumulate(np.where(held, 0, np.arange(shape[0])))]
        return d


class _FromHypothesis:
    """Choices drawn by Hypothesis (subnormals and exact bounds included)."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def integer(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high))

    def choice(self, options: Sequence):
        return self.data.draw(st.sampled_from(options))

    def uniform(self, low: float, high: float) -> float:
        return self.data.draw(st.floats(low, high))

    def demand(self, shape: tuple[int, int], high: float) -> np.ndarray:
        d = self.data.draw(arrays(np.float64, shape, elements=st.floats(0.0, high)))
        if self.data.draw(st.booleans()):  # held: the first row every second
            d = np.tile(d[0], (shape[0], 1))
        return d


FAMILIES = ("provisioned", "burst fifo", "auto scaling", "on-demand", "split for heat", "indexes")

_Records = dict[str, np.ndarray]


def _provisioned(pick, fifo: bool) -> hp.Provisioned:
    return hp.Provisioned(
        adaptive=pick.choice((True, False)),
        adaptive_delay_s=pick.choice((0.0, 0.0, 2.0, 5.5)),
        initial_burst_s=pick.choice((0.0, 0.0, 3.0, 300.0, pick.uniform(0.0, 300.0))),
        burst_reading=pick.choice(("bank", "window")) if fifo else "bank",
        burst_portion=pick.choice((1.0, 0.5, 0.3, pick.uniform(0.01, 1.0))) if fifo else 1.0,
    )


def _on_demand(pick) -> hp.OnDemand:
    return hp.OnDemand(
        previous_peak=pick.choice((None, 50.0, 500.0, pick.uniform(1.0, 5_000.0))),
        max_throughput=pick.choice((None, 300.0, pick.uniform(10.0, 5_000.0))),
        quota=pick.choice((None, 1_000.0)),
        doubling_s=pick.choice((1.0, 2.5, 10.0, 1_800.0)),
        warm_throughput=pick.choice((None, None, pick.uniform(10.0, 8_000.0))),
        over_peak_refused=pick.choice((1.0, 0.0, pick.uniform(0.0, 1.0))),
    )


def _capacity(pick) -> float:
    return pick.choice((0.0, 1.0, 100.0, 400.0, 3_000.0, 12_345.6, pick.uniform(0.0, 5_000.0), 10 ** pick.uniform(-6, 0)))


def _result_records(prefix: str, res: hp.SimulationResult) -> _Records:
    out = {f"{prefix}{name}": getattr(res, name) for name in ("offered", "served", "throttled", "tokens", "burst", "capacity")}
    if res.key_offered is not None:
        out[f"{prefix}key_offered"] = res.key_offered
        out[f"{prefix}key_throttled"] = res.key_throttled
    return out


def build_case(pick) -> tuple[str, Callable[[], tuple[list[hp.SimulationResult], _Records]]]:
    """A random valid simulation: a label (to reproduce it) and a call returning its results and records by name."""
    family = pick.choice(FAMILIES)
    kind = pick.choice(("write", "read"))
    ceiling = hp.PARTITION_MAX_WCU if kind == "write" else hp.PARTITION_MAX_RCU
    n = pick.integer(1, 5)
    cap = _capacity(pick)
    table = hp.Table(n, **{"wcu" if kind == "write" else "rcu": cap})
    # demand scaled to the share (so banks fill and drain around it) or to the ceiling
    high = pick.choice((max(cap / n, 1e-3) * pick.choice((0.5, 1.0, 2.0, 4.0)), ceiling * 1.5, 1e-300))
    kwargs: dict = {"kind": kind}
    if family in ("provisioned", "burst fifo"):
        seconds = pick.integer(1, 120)
        kwargs["mode"] = _provisioned(pick, fifo=family == "burst fifo")
    elif family == "auto scaling":
        seconds = pick.integer(60, 200)
        target = pick.choice((0.2, 0.5, 0.7, 0.9))
        kwargs["mode"] = hp.AutoScaling(
            target=target,
            min_capacity=pick.choice((1.0, 10.0, 100.0)),
            max_capacity=pick.choice((500.0, 5_000.0)),
            scale_up_minutes=1,
            scale_down_points=pick.integer(1, 2),
            lag_s=pick.choice((0.0, 1.5, 30.0)),
            scale_down_margin=pick.choice((0.0, 0.2 * target / 0.9)),
            decrease_quota=pick.choice((True, False)),
            initial_burst_s=pick.choice((0.0, 30.0, 300.0)),
            burst_reading=pick.choice(("bank", "window")),
            burst_portion=pick.choice((1.0, 0.5)),
            adaptive=pick.choice((True, False)),
        )
    elif family == "on-demand":
        seconds = pick.integer(1, 60)
        kwargs["mode"] = _on_demand(pick)
    elif family == "split for heat":
        seconds = pick.integer(5, 60)
        n_keys = pick.integer(1, 6)
        table = hp.Table(
            pick.integer(1, 2),
            **{"wcu" if kind == "write" else "rcu": cap},
            items_per_key=pick.choice((1, 4)),
            has_lsi=pick.choice((False, True)),
        )
        kwargs["keys"] = [f"key#{i}" for i in range(n_keys)]
        kwargs["split"] = hp.SplitForHeat(
            threshold=pick.choice((0.05, 0.5, pick.uniform(0.01, 1.0))),
            minutes=pick.choice((0.02, 0.05, 0.1)),
            monotonic_sort_key=pick.choice((False, True)),
        )
        kwargs["mode"] = pick.choice((_provisioned(pick, fifo=True), _on_demand(pick)))
        high, n = ceiling * pick.choice((0.3, 1.0, 2.0)), n_keys
    else:  # indexes: base writes through one or two GSIs, and reads
        seconds = pick.integer(1, 60)
        n_keys = pick.integer(1, 6)
        keys = [f"order#{i}" for i in range(n_keys)]
        gsis = [
            hp.GlobalSecondaryIndex(
                f"gsi{j}",
                [pick.choice(("OPEN", "DONE", None)) for _ in keys],
                partitions=pick.integer(1, 2),
                wcu=_capacity(pick),
                fraction=pick.choice((1.0, 0.5, pick.uniform(0.0, 1.0))),
                units_per_write=pick.choice((1.0, 2.0, 0.3)),
                mode=_provisioned(pick, fifo=True),
            )
            for j in range(pick.integer(1, 2))
        ]
        base = hp.Table(n, wcu=cap, rcu=cap)
        mode = _provisioned(pick, fifo=True)
        demand = pick.demand((seconds, n_keys), high)
        reads = pick.demand((seconds, n_keys), high) if pick.choice((False, True)) else None
        label = f"indexes: {base!r}, {seconds} s, {n_keys} keys, {gsis!r}, mode={mode!r}, reads={reads is not None}"

        def run_indexes() -> tuple[list[hp.SimulationResult], _Records]:
            res = hp.simulate_with_indexes(base, demand, seconds, keys, gsis, mode=mode, reads=reads)
            results = {"table.": res.table, "own.": res.own, **{f"{g}.": r for g, r in res.indexes.items()}}
            if res.reads is not None:
                results["reads."] = res.reads
            records: _Records = {}
            for prefix, r in results.items():
                records.update(_result_records(prefix, r))
            records.update({f"backpressure[{g}]": b for g, b in res.backpressure.items()})
            return list(results.values()), records

        return label, run_indexes
    demand = pick.demand((seconds, n), high)
    label = f"{family}: {table!r}, {seconds} s, {kwargs!r}"

    def run() -> tuple[list[hp.SimulationResult], _Records]:
        res = hp.simulate(table, demand, seconds, **kwargs)
        return [res], _result_records("", res)

    return label, run


def check_case(label: str, run) -> dict[str, float]:
    """Run one case: exact conservation in every result, nothing negative in any record; the records' minima."""
    results, records = run()
    for res in results:
        np.testing.assert_array_equal(res.served + res.throttled, res.offered, err_msg=label)
    lows = {name: float(a.min()) if a.size else math.inf for name, a in records.items()}
    negative = {name: low for name, low in lows.items() if not low >= 0.0}
    assert not negative, f"{label}: negative values {negative}"
    return lows


# --- the property and the sweep --------------------------------------------------------------------------------


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_no_valid_simulation_records_a_negative_value_and_conservation_is_exact(data):
    label, run = build_case(_FromHypothesis(data))
    check_case(label, run)


#: The seeded sweep: how many random small valid simulations, from which seed.
SWEEP_CASES, SWEEP_SEED = 10_000, 39


def sweep(n_cases: int = SWEEP_CASES, seed: int = SWEEP_SEED) -> tuple[dict[str, int], dict[str, float]]:
    """Run ``n_cases`` random cases; return how many of each family ran and the least value seen per record kind."""
    rng = np.random.default_rng(seed)
    pick = _FromGenerator(rng)
    ran: dict[str, int] = {}
    lowest: dict[str, float] = {}
    for _ in range(n_cases):
        label, run = build_case(pick)
        family = label.split(":", 1)[0]
        ran[family] = ran.get(family, 0) + 1
        for name, low in check_case(label, run).items():
            record = name.rsplit(".", 1)[-1].split("[", 1)[0]
            lowest[record] = min(lowest.get(record, math.inf), low)
    return ran, lowest


def test_a_seeded_sweep_of_ten_thousand_random_simulations_records_nothing_negative():
    ran, lowest = sweep()
    assert sum(ran.values()) == SWEEP_CASES
    assert set(ran) == set(FAMILIES)  # every family of capacity mode ran
    assert set(lowest) >= {"offered", "served", "throttled", "tokens", "burst", "capacity", "key_offered", "backpressure"}
    assert all(low >= 0.0 for low in lowest.values()), lowest


if __name__ == "__main__":  # the sweep's counts and minima: python tests/test_simulator_edges.py
    import time

    start = time.perf_counter()
    counts, minima = sweep()
    print(f"{sum(counts.values())} simulations in {time.perf_counter() - start:.1f} s: {counts}")
    for record, low in sorted(minima.items()):
        print(f"  min {record}: {low!r}")
