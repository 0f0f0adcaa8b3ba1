"""Calm blocks of seconds, the per-second fast paths, and the memory a run holds (issue 49, part 6).

The fifth batch of survivors of ``make mutants`` on ``hotpart/models/simulator.py`` (:func:`hotpart.simulate`'s loop
and ``_own``), each killed by what a reader sees, or by a count where a mutant changes only how fast a run is or how
much memory it takes (the results of those mutants are the same bits):

* runs of calm seconds (no partition short) served a block of rows at once: tried from the first second on a window
  of 16 rows that doubles while whole windows are calm, started again at 16 rows after a window cut short, and tried
  again 16 s after a failed try (not every second: a try costs a run that is never calm), with the same bits as the
  pure-Python reference loop;
* a table of more than 256 partitions: its blocks of seconds are ``2**18 // partitions`` rows, a whole number;
* the on-demand step's fast path: a second with no partition over its ceiling (one offered exactly the ceiling is
  not over it) and nothing scaled back writes no refusal codes, and the row totals of a block, summed once, are not
  summed again each second;
* memory: the per-block row totals of a long provisioned run are sized by the block, not by the run (a list as long
  as the seconds so far, built at every block, made a run of a million seconds take several times as long); a demand
  per key given as integers is converted to float64 once and held, not copied again.

Equivalent survivors (no input tells them apart) are explained in ``benchmarks/equivalent/simulator_e.py``.
"""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest
from simulator_oracle import assert_identical, reference

import hotpart as hp
from hotpart.models import on_demand, provisioned
from hotpart.models import simulator as simulator_module


@pytest.fixture
def calm_tries(monkeypatch):
    """What the provisioned step is asked: ``("calm", t, rows asked, rows served)`` for each try at a calm block of
    seconds, ``("one", t)`` for each second served one by one."""
    calls: list[tuple] = []
    calm, one = provisioned._ProvisionedStep.serve_calm, provisioned._ProvisionedStep.serve

    def serve_calm(self, t, o, *args, **kwargs):
        k = calm(self, t, o, *args, **kwargs)
        calls.append(("calm", t, o.shape[0], k))
        return k

    def serve(self, t, *args, **kwargs):
        calls.append(("one", t))
        return one(self, t, *args, **kwargs)

    monkeypatch.setattr(provisioned._ProvisionedStep, "serve_calm", serve_calm)
    monkeypatch.setattr(provisioned._ProvisionedStep, "serve", serve)
    return calls


def _by_turns(*phases: tuple[int, float]) -> list[list[float]]:
    """One partition's demand: ``(seconds, units)`` phases, each second ``units + t % 2`` (t counted over the whole
    run), so that no second is offered what the one before was (none is copied forward)."""
    out, t = [], 0
    for seconds, units in phases:
        for _ in range(seconds):
            out.append([units + t % 2])
            t += 1
    return out


# --------------------------------------------------------------------------- calm seconds, a block at a time


def test_a_calm_run_is_served_in_windows_that_double_from_the_first_second(calm_tries):
    """One partition of 100 WCU/s (no burst banked, no adaptive capacity) offered 50 and 51 by turns for 100 s: never
    short (the bank only fills, 49 or 50 a second, far from its 30,000 cap). From second 0 the step is asked a window
    of 16 rows, all calm, then 32 (rows 16-47), then 64, cut to the 52 rows left (48-99); no second is served one by
    one. The same bits as the reference loop."""
    table, mode, demand = hp.Table(1, wcu=100), hp.Provisioned(adaptive=False), _by_turns((100, 50.0))
    res = hp.simulate(table, np.array(demand), 100, mode=mode)
    assert calm_tries == [("calm", 0, 16, 16), ("calm", 16, 32, 32), ("calm", 48, 52, 52)]
    assert_identical(res, reference.reference_simulate(table, demand, 100, mode=mode))
    assert float(res.throttled.sum()) == 0.0


def test_a_failed_calm_try_is_tried_again_sixteen_seconds_later(calm_tries):
    """One partition of 100 WCU/s (no burst banked, no adaptive capacity) offered 150/151 for 20 s (short: nothing
    banked, 50 or 51 refused), then 50/51 for 40 s (calm). The try at second 0 fails at its first row (0 rows), so
    seconds 0-15 are served one by one and the next try is at 16 (0 + 16), which fails too (second 16 is short):
    16-31 one by one, though 20-31 are calm. The try at 32 serves 16 rows, and the next, 32 rows asked, is cut to the
    12 left (48-59). The same bits as the reference loop."""
    table, mode = hp.Table(1, wcu=100), hp.Provisioned(adaptive=False)
    demand = _by_turns((20, 150.0), (40, 50.0))
    res = hp.simulate(table, np.array(demand), 60, mode=mode)
    assert calm_tries == (
        [("calm", 0, 16, 0)]
        + [("one", t) for t in range(16)]
        + [("calm", 16, 16, 0)]
        + [("one", t) for t in range(16, 32)]
        + [("calm", 32, 16, 16), ("calm", 48, 12, 12)]
    )
    assert_identical(res, reference.reference_simulate(table, demand, 60, mode=mode))
    # 50 refused in the even seconds, 51 in the odd, for 20 s: 10 x 50 + 10 x 51
    assert float(res.throttled.sum()) == 1_010.0


def test_a_calm_window_cut_short_starts_again_at_sixteen_rows(calm_tries):
    """One partition of 100 WCU/s, no adaptive capacity, its bank full at the start (300 s: 30,000 WCU, its cap).
    Offered 50/51 for 40 s (its unused units go to a full bank: the running sum passes the cap), then 150/151 for 60 s
    (it draws 50 or 51 a second, far less than the bank holds: never short). The window of rows 16-47 stops at row 40,
    the first that draws from a bank past its cap (24 rows served, not the 32 asked): the next window, at 40, is 16
    rows again (not 64), then 32, then the 12 left. Nothing is served one by one, nothing refused, and the bits are
    the reference loop's."""
    table, mode = hp.Table(1, wcu=100), hp.Provisioned(adaptive=False, initial_burst_s=300)
    demand = _by_turns((40, 50.0), (60, 150.0))
    res = hp.simulate(table, np.array(demand), 100, mode=mode)
    assert calm_tries == [
        ("calm", 0, 16, 16),
        ("calm", 16, 32, 24),
        ("calm", 40, 16, 16),
        ("calm", 56, 32, 32),
        ("calm", 88, 12, 12),
    ]
    assert_identical(res, reference.reference_simulate(table, demand, 100, mode=mode))
    assert float(res.throttled.sum()) == 0.0
    # 30,000 at the cap after second 39, then 60 s drawing 50 and 51 by turns: 30 x 50 + 30 x 51 = 3,030
    assert float(res.burst[39, 0]) == 30_000.0 and float(res.burst[99, 0]) == 30_000.0 - 3_030.0


# --------------------------------------------------------------------------- blocks of seconds of a wide table


def test_a_table_of_more_than_256_partitions_is_run_in_blocks_of_whole_rows(monkeypatch):
    """300 partitions of 100 WCU/s each (no burst, no adaptive capacity), partition 299 offered 150 and the others 50,
    for 1,000 s. A block of seconds holds at most 2**18 = 262,144 cells: ``262,144 // 300 = 873`` rows (a whole
    number of seconds, not 873.8), so the run takes two blocks, 0-872 and 873-999, and partition 299 loses 50 WCU/s
    every second, the others nothing."""
    rows: list[int] = []
    original = simulator_module._SteadyState.new_block

    def recording(self, o_blk):
        rows.append(o_blk.shape[0])
        return original(self, o_blk)

    monkeypatch.setattr(simulator_module._SteadyState, "new_block", recording)
    res = hp.simulate(hp.Table(300, wcu=30_000), [50.0] * 299 + [150.0], 1_000, mode=hp.Provisioned(adaptive=False))
    assert rows == [873, 127]
    assert res.throttled[:, 299].tolist() == [50.0] * 1_000
    assert float(res.throttled[:, :299].sum()) == 0.0
    # served: 299 x 50 + 100 = 15,050 WCU/s for 1,000 s
    assert float(res.served.sum()) == 15_050_000.0


# --------------------------------------------------------------------------- the on-demand step's fast path


def test_an_on_demand_second_with_nothing_refused_takes_the_fast_path(monkeypatch):
    """Two partitions on demand (previous peak 10,000: a table ceiling of 20,000 units/s, never reached), partition 0
    offered exactly its 1,000 WCU/s ceiling (served whole: not over it), partition 1 offered 100 and 101 by turns, for
    30 s (every second served one by one: none is offered what the one before was). Nothing is refused, so the step
    writes no refusal codes (no ``numpy.copyto``), and each second's total comes from the block's row sums, summed once
    (no ``_seq_sum`` a second). Measured on 20,000 s of this demand: the refusal path taken every second makes the
    run about twice as long, a sum a second about a tenth longer. The same bits as the reference loop."""
    copies: list[int] = []
    sums: list[int] = []
    copyto, seq_sum = np.copyto, on_demand._seq_sum
    table, mode = hp.Table(2), hp.OnDemand(previous_peak=10_000)
    demand = [[1_000.0, 100.0 + t % 2] for t in range(30)]
    monkeypatch.setattr(np, "copyto", lambda *a, **k: copies.append(1) or copyto(*a, **k))
    monkeypatch.setattr(on_demand, "_seq_sum", lambda x: sums.append(1) or seq_sum(x))
    res = hp.simulate(table, np.array(demand), 30, mode=mode)
    monkeypatch.undo()
    assert copies == [] and sums == []
    assert_identical(res, reference.reference_simulate(table, demand, 30, mode=mode))
    assert float(res.throttled.sum()) == 0.0 and res.served[:, 0].tolist() == [1_000.0] * 30


# --------------------------------------------------------------------------- the memory a run holds


def test_a_long_run_of_few_partitions_holds_nothing_that_grows_per_block():
    """200,000 s x 2 partitions offered 50 WCU/s each (the same every second: one row, never written out): the
    records take 25 bytes a cell (served and throttled 8 each, tokens and burst 4 each, the refusal code 1) and the
    capacity 8 bytes a second (4 a cell): 29 bytes a cell, within the 33 ``MAX_SIMULATED_CELLS`` is sized by. What a
    block of 1,024 s prepares is sized by the block: a list as long as the seconds simulated so far, built at each of
    the 196 blocks, took about 31 bytes a second more at the peak (15.5 a cell, measured here), and time quadratic in
    the run's length (a run of a million seconds of one partition about five times as long)."""
    n_sec, parts = 200_000, 2
    hp.simulate(hp.Table(parts, wcu=200), [50.0] * parts, 10)  # whatever a first run allocates once
    tracemalloc.start()
    try:
        res = hp.simulate(hp.Table(parts, wcu=200), [50.0] * parts, n_sec, mode=hp.Provisioned(adaptive=False))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert float(res.served.sum()) == 50.0 * n_sec * parts
    assert peak / (n_sec * parts) < 33


def test_a_demand_per_key_given_as_integers_is_held_once():
    """2,000 s x 1,000 keys of requests counted per second, as int32 (1 a second each), on 4 partitions of
    1,000 WCU/s: the demand is converted to float64 once (8 bytes a key-cell) beside two masks of its checks (1 byte
    each): about 10 bytes a key-cell at the peak (the records, 2,000 x 4 cells, are small beside it). The converted
    array is the run's own (the caller's int32 array is another), so it is not copied again: a second float64 copy
    would take 16 bytes a key-cell, 32 MB here, 1.6 GB for the 1e8 key-cells a run may hold."""
    n_sec, k = 2_000, 1_000
    keys = [f"USER#{i}" for i in range(k)]
    counts = np.ones((n_sec, k), dtype=np.int32)
    hp.simulate(hp.Table(2, wcu=200), [50.0] * 2, 10)  # whatever a first run allocates once
    tracemalloc.start()
    try:
        res = hp.simulate(hp.Table(4, wcu=4_000), counts, n_sec, keys=keys, mode=hp.Provisioned(adaptive=False))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert float(res.served.sum()) == float(n_sec * k) and float(res.throttled.sum()) == 0.0
    assert peak / (n_sec * k) < 12
