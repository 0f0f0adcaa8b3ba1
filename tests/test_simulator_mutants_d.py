"""What a reader is told when a run is refused, what the result names, and the memory a run holds (issue 49, part 6).

The fourth batch of survivors of ``make mutants`` on ``hotpart/models/simulator.py`` (:func:`hotpart.simulate`'s
checks, :meth:`hotpart.Table.capacity` and the result built from the records), each killed by what a reader sees:

* each refusal's message whole: a table that is not a ``Table``, a mode that is none of the three, a kind that is
  neither ``"write"`` nor ``"read"`` (``Table.capacity``), an empty list of keys, an infinite demand, a demand that is
  a single number or an empty 2-D array (refused by its shape, not by numpy), and a demand whose total overflows
  float64 (refused by name, printing no warning);
* the bound on the seconds, exactly: 10,000,000 pass the seconds' check, 10,000,001 are refused by it (the seconds
  are checked before the kind, so a wrong kind beside them shows which check refused);
* the cell limit's message: the records' size named for partitions' cells (33 bytes a cell), not for keys' cells
  (whose demand is not a record: no size, nothing else in its place);
* the result: the table it simulated, and no copy of the records when every partition allocated was used (the peak
  memory of a long run stays within its records' 33 bytes a cell, where copying them would nearly double it).

Equivalent survivors (no input tells them apart) are explained in ``benchmarks/equivalent/simulator_d.py``.
"""

from __future__ import annotations

import tracemalloc
import warnings

import numpy as np
import pytest

import hotpart as hp

# --------------------------------------------------------------------------- simulate's checks, in their order


def test_a_table_that_is_not_a_table_is_refused_by_name():
    with pytest.raises(ValueError) as err:
        hp.simulate("t", [1.0], 10)
    assert str(err.value) == "table = 't' is not a Table"


def test_a_mode_that_is_none_of_the_three_is_refused_naming_them():
    with pytest.raises(ValueError) as err:
        hp.simulate(hp.Table(1, wcu=100), [1.0], 10, mode="provisioned")
    assert str(err.value) == "mode = 'provisioned' is not allowed: must be Provisioned, AutoScaling or OnDemand"


@pytest.mark.parametrize(
    ("seconds", "message"),
    [
        # the most seconds a run takes: they pass the seconds' check, and the next check, the kind's, refuses the run
        (10_000_000, "kind = 'both' is not allowed: must be one of 'write', 'read'"),
        # one more: refused by the seconds' check, the first after the table's (its range printed to 6 digits)
        (10_000_001, "seconds = 10000001 is out of range: must be in [1, 1e+07]"),
    ],
)
def test_the_seconds_are_refused_from_ten_million_and_one(seconds, message):
    """The seconds' bound, 10,000,000, exactly. The kind is wrong in both calls, so that the run is refused (cheaply:
    a simulation of ten million seconds would hold 330 MB of records) and the message says which check refused it."""
    with pytest.raises(ValueError) as err:
        hp.simulate(hp.Table(1, wcu=100), [1.0], seconds, kind="both")
    assert str(err.value) == message


def test_a_capacity_of_neither_kind_is_refused_naming_the_kind():
    table = hp.Table(2, wcu=200, rcu=600)
    assert (table.capacity("write"), table.capacity("read")) == (200, 600)
    with pytest.raises(ValueError) as err:
        table.capacity("both")
    assert str(err.value) == "kind = 'both' is not allowed: must be one of 'write', 'read'"


def test_an_empty_list_of_keys_is_refused():
    with pytest.raises(ValueError) as err:
        hp.simulate(hp.Table(1, wcu=100), [], 10, keys=[])
    assert str(err.value) == "keys must hold at least one key"


# --------------------------------------------------------------------------- the demand


def test_an_infinite_demand_is_refused_as_out_of_range():
    """Demand is in ``[0, inf)``: an infinite value is refused where it is, by check_array, before any total of it."""
    with pytest.raises(ValueError) as err:
        hp.simulate(hp.Table(2, wcu=200), [1.0, np.inf], 10)
    assert str(err.value) == "demand[1] = inf is out of range: must be in [0, inf)"


@pytest.mark.parametrize(
    ("demand", "shape"),
    [
        # one number, twice MAX_SIMULATED_DEMAND (1e9): it is no partition's demand, so it is not a total either
        (2e9, "()"),
        # two dimensions, no values: no second to find the busiest of (numpy's argmax would refuse an empty array)
        (np.zeros((0, 0)), "(0, 0)"),
    ],
)
def test_a_demand_of_no_partitions_axis_or_no_values_is_refused_by_its_shape(demand, shape):
    """Only a 1-D or 2-D demand with values has per-second totals to check against ``MAX_SIMULATED_DEMAND``; any
    other is refused by its shape, with the shapes allowed, not as a total nor by numpy's error."""
    with pytest.raises(ValueError) as err:
        hp.simulate(hp.Table(1, wcu=100), demand, 10)
    assert str(err.value) == f"demand must be shaped (seconds, partitions) = (10, 1) or (1,); got {shape}"


def test_a_demand_whose_total_overflows_is_refused_by_name_without_a_warning():
    """Two partitions offered 1e308 units/s each: their total overflows float64 to inf, above ``MAX_SIMULATED_DEMAND``
    (1e9): refused naming the total, and the overflow, expected there, prints no RuntimeWarning in a reader's
    notebook."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(ValueError) as err:
            hp.simulate(hp.Table(2, wcu=200), [1e308, 1e308], 10)
    assert str(err.value) == (
        "demand totals inf units/s each second; allowed: at most 1e+09 units/s in one second (MAX_SIMULATED_DEMAND, "
        "a limit of the simulation: above it float64 rounding would lose served units)"
    )
    assert [str(w.message) for w in caught] == []


# --------------------------------------------------------------------------- the cell limit's message


def test_a_run_over_the_cell_limit_by_partitions_names_its_records_size():
    """11 partitions x 10,000,000 s = 1.1e8 cells, over the 1e8 limit; the records take 33 bytes a cell:
    1.1e8 x 33 = 3.63e9 bytes, printed as 4 GB."""
    with pytest.raises(ValueError) as err:
        hp.simulate(hp.Table(11, wcu=1_100), [1.0] * 11, 10_000_000)
    assert str(err.value) == (
        "seconds x partitions = 10000000 x 11 = 1.1e+08 exceeds 1e+08, the most cells one simulation holds "
        "(MAX_SIMULATED_CELLS, a limit of the machine, not of DynamoDB; 33 bytes of records a cell: 4 GB); "
        "simulate fewer seconds or fewer partitions"
    )


def test_a_run_over_the_cell_limit_by_keys_names_no_records_size():
    """11 keys x 10,000,000 s = 1.1e8 cells of demand per key, over the 1e8 limit (the one partition's 1e7 cells
    pass): the per-key demand is not a record, so the message gives no size and nothing in its place."""
    with pytest.raises(ValueError) as err:
        hp.simulate(hp.Table(1, wcu=100), [1.0] * 11, 10_000_000, keys=[f"USER#{i}" for i in range(11)])
    assert str(err.value) == (
        "seconds x keys = 10000000 x 11 = 1.1e+08 exceeds 1e+08, the most cells one simulation holds "
        "(MAX_SIMULATED_CELLS, a limit of the machine, not of DynamoDB); simulate fewer seconds or fewer keys"
    )


# --------------------------------------------------------------------------- the result


def test_the_result_names_the_table_simulated():
    table = hp.Table(4, wcu=400)
    res = hp.simulate(table, [50, 50, 50, 150], 60)
    assert res.table is table


def test_a_long_run_holds_its_records_once():
    """100,000 s x 10 partitions = 1e6 cells, offered 50 WCU/s each (the same every second: one row, never written
    out per second). The records are served and throttled (8 bytes a cell each), tokens and burst (4 each) and the
    refusal code (1): 25 bytes a cell, and the capacity, 8 bytes a second (0.8 a cell): about 26 MB at the peak, within
    the 33 bytes a cell ``MAX_SIMULATED_CELLS`` is sized by. When every partition allocated is used (no splits) the result
    holds those records themselves, read-only: a copy of them would take 25 more bytes a cell, and 8 more for the
    offered units (then written out), about 59 MB."""
    n_sec, parts = 100_000, 10
    tracemalloc.start()
    try:
        res = hp.simulate(hp.Table(parts, wcu=1_000), np.full(parts, 50.0), n_sec)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert float(res.served.sum()) == 50.0 * n_sec * parts and not res.served.flags.writeable
    assert peak / (n_sec * parts) < 33


@pytest.mark.parametrize("shape", [(5, 2), (2,)])
def test_a_result_does_not_change_when_the_caller_writes_to_its_demand_afterwards(shape):
    """A result is read-only and conserves requests: the caller's demand array, written to after the run, changes
    neither (the result held a view of it: offered 999 beside served 50 and throttled 0)."""
    d = np.full(shape, 50.0)
    res = hp.simulate(hp.Table(2, wcu=200), d, 5)
    d[..., 0] = 999.0
    assert float(res.offered[0, 0]) == 50.0
    assert np.array_equal(res.served + res.throttled, res.offered)
