"""A simulation's records are read-only: what the timeouts of the first run left (issue 49, part 6).

The simulator's 42 timeouts of its first mutation run were measured on a loaded machine; run again one at a time
(``benchmarks/mutants.py --resume --recheck-timeouts``, 2026-12-07), some were survivors that had only run slowly.
This file kills those that a reader can tell apart; the rest are explained in ``benchmarks/equivalent/simulator_g.py``.

* A result's records are the run's, not a scratch copy to write over: every array of a :class:`hotpart.SimulationResult`
  refuses a write (numpy's ``ValueError: assignment destination is read-only``), the capacity included.
* Each refusal of the arguments is a whole sentence, checked whole: a demand of the wrong shape names the keys; too
  many cells give the records' size where records are kept (partitions) and not where they are not (keys), the size
  rounded as written (49.5 GB is "50 GB"); ``max_partitions`` in ``[1, 1e+06]`` at both ends; a split without keys,
  a split that is not a ``SplitForHeat``, and no key at all.
"""

from __future__ import annotations

import numpy as np
import pytest

import hotpart as hp


@pytest.mark.parametrize("mode", [None, hp.OnDemand()], ids=["provisioned", "on-demand"])
def test_every_record_of_a_result_is_read_only(mode):
    res = hp.simulate(hp.Table(2, wcu=1_000), [600.0, 200.0], 5, keys=["a", "b"], mode=mode)
    for name in ("offered", "served", "throttled", "capacity", "reason"):  # the ceiling is one float
        arr = np.asarray(getattr(res, name))
        assert not arr.flags.writeable, name
        with pytest.raises(ValueError, match="read-only"):
            arr.flat[0] = 1


def test_a_per_key_demand_of_the_wrong_shape_is_refused_naming_the_keys():
    # two keys: a demand of three values, or of 4 seconds' rows for a 5-second run, is refused with the keys named
    table = hp.Table(2, wcu=1_000)
    with pytest.raises(ValueError, match=r"^demand must hold one value per key \(2\); got shape \(3,\)$"):
        hp.simulate(table, [1.0, 2.0, 3.0], 5, keys=["a", "b"])
    with pytest.raises(ValueError, match=r"^demand must be shaped \(seconds, keys\) = \(5, 2\) or \(2,\); got \(4, 2\)$"):
        hp.simulate(table, np.ones((4, 2)), 5, keys=["a", "b"])


_LIMIT = "exceeds 1e+08, the most cells one simulation holds (MAX_SIMULATED_CELLS, a limit of the machine, not of DynamoDB"


def test_too_many_cells_are_refused_with_the_records_size_where_records_are_kept():
    # seconds x partitions: 150,000 x 10,000 = 1.5e9 cells of records, 33 bytes each: 49.5 GB, written "50 GB" (half to
    # even: a divisor a hair off 1e9 would give 49.49... and "49"); seconds x keys are not records: no size
    with pytest.raises(ValueError) as parts:
        hp.simulate(hp.Table(10_000), [1.0] * 10_000, 150_000)
    assert str(parts.value) == (
        f"seconds x partitions = 150000 x 10000 = 1.5e+09 {_LIMIT}; 33 bytes of records a cell: 50 GB); simulate "
        "fewer seconds or fewer partitions"
    )
    with pytest.raises(ValueError) as keys:
        hp.simulate(hp.Table(2, wcu=1_000), 1.0, 10_000_000, keys=[f"k{i}" for i in range(100)])
    assert str(keys.value) == (f"seconds x keys = 10000000 x 100 = 1e+09 {_LIMIT}); simulate fewer seconds or fewer keys")


def test_the_arguments_refusals_are_whole_sentences():
    table = hp.Table(2, wcu=1_000)
    with pytest.raises(ValueError, match=r"^split = 'x' is not a SplitForHeat$"):
        hp.simulate(table, [1.0, 1.0], 5, keys=["a", "b"], split="x")
    with pytest.raises(ValueError) as no_keys:
        hp.simulate(table, [1.0, 1.0], 5, split=hp.SplitForHeat())
    assert str(no_keys.value) == ("split needs keys: a split cuts the key range at its traffic median, so demand must be per key")
    with pytest.raises(ValueError, match=r"^keys must hold at least one key$"):
        hp.simulate(table, [1.0, 1.0], 5, keys=[])
    # max_partitions in [1, 1e+06]: both ends accepted, one past the top refused
    assert hp.simulate(table, [1.0, 1.0], 5, max_partitions=1).seconds == 5
    assert hp.simulate(table, [1.0, 1.0], 5, max_partitions=1_000_000).seconds == 5
    with pytest.raises(ValueError, match=r"^max_partitions = 1000001 is out of range: must be in \[1, 1e\+06\]$"):
        hp.simulate(table, [1.0, 1.0], 5, max_partitions=1_000_001)
