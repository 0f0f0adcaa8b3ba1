"""A simulation's records are read-only: what the timeouts of the first run left (issue 49, part 6).

The simulator's 42 timeouts of its first mutation run were measured on a loaded machine; run again one at a time
(``benchmarks/mutants.py --resume --recheck-timeouts``, 2026-12-07), some were survivors that had only run slowly.
This file kills those that a reader can tell apart; the rest are explained in ``benchmarks/equivalent/simulator_g.py``.

* A result's records are the run's, not a scratch copy to write over: every array of a :class:`hotpart.SimulationResult`
  refuses a write (numpy's ``ValueError: assignment destination is read-only``), the capacity included.
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
