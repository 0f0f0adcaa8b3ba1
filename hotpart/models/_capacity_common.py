"""Internal: what the capacity modules of chapters 08 to 11 share.

The two kinds of units, the per-partition ceiling and the on-demand table quota of a kind, the positive-number
check, the left-to-right sum that lets ``tests/reference_simulator.py`` agree bit for bit, zeroed arrays, the
simulation's demand limit (public as :data:`hotpart.MAX_SIMULATED_DEMAND`, in :mod:`hotpart.models.simulator`;
auto scaling bounds its capacity by it too) and its memory bound, :data:`MAX_SIMULATED_CELLS`. No public names:
:mod:`hotpart.models.burst`, :mod:`~hotpart.models.adaptive`, :mod:`~hotpart.models.provisioned`,
:mod:`~hotpart.models.on_demand`, :mod:`~hotpart.models.autoscaling`, :mod:`~hotpart.models.split_for_heat`,
:mod:`~hotpart.models.refusals` and :mod:`~hotpart.models.simulator` import from here, never the other way round.
"""

from __future__ import annotations

import math
from typing import Final

import numpy as np
from numpy.typing import NDArray

from ._validation import check_number
from .constants import ASSUMPTIONS, ON_DEMAND_TABLE_QUOTA_RRU, ON_DEMAND_TABLE_QUOTA_WRU, PARTITION_MAX_RCU, PARTITION_MAX_WCU

_KINDS = ("write", "read")
_INF = math.inf
#: The most units/s one second of demand may total (:data:`hotpart.MAX_SIMULATED_DEMAND`, an assumption).
_MAX_DEMAND: Final[float] = ASSUMPTIONS["MAX_SIMULATED_DEMAND"].value  # type: ignore[assignment]

#: The most cells one simulation may hold: seconds x partitions allocated (the splits' room included), and seconds x
#: keys when demand is per key. Not an AWS figure nor a modelling choice: a limit of the machine the course runs on,
#: like :data:`hotpart.models._validation.MAX_ELEMENTS`. The memory arithmetic: a cell of the records costs 33 bytes
#: (offered, served and throttled in float64, 3 x 8; tokens and burst in float32, 2 x 4; the refusal code in int8, 1),
#: so 1e8 cells are 3.3 GB of records, and at most twice that while a run with splits copies out the columns it used.
#: Per key, a cell is a second of one key's demand (8 bytes when given per second; every second places every key).
#: That is an hour of 27,700 partitions, a day of 1,150 or a week of 165; ``benchmarks/bench_simulator.py`` runs
#: 3.6e7 (an hour of 10,000). The issue-39 probe's week of 10,000 partitions (6.05e9 cells, 200 GB) is refused by
#: name instead of failing with a ``MemoryError`` after validation.
MAX_SIMULATED_CELLS: Final[int] = 10**8
#: Bytes of records a cell costs (the arithmetic above), for the refusal's message.
_CELL_BYTES: Final[int] = 3 * 8 + 2 * 4 + 1


def _ceiling(kind: str) -> float:
    return PARTITION_MAX_WCU if kind == "write" else PARTITION_MAX_RCU


def _quota(kind: str) -> float:
    return ON_DEMAND_TABLE_QUOTA_WRU if kind == "write" else ON_DEMAND_TABLE_QUOTA_RRU


def _positive(name: str, value: float, *, allow_inf: bool = False, allow_zero: bool = False) -> float:
    return check_number(name, value, low=0, high=math.inf, low_open=not allow_zero, high_open=not allow_inf)


def _zeros(shape: tuple[int, int], dtype: type = np.float64) -> NDArray:
    out = np.empty(shape, dtype=dtype)
    out.fill(0)
    return out


#: Up to this many float64 values, :func:`_seq_sum` adds them in a Python loop: a microsecond or two less than
#: numpy's cumsum per call, which the simulator makes several times a simulated second.
_LOOP_SUM_MAX = 24
_F64 = np.dtype(np.float64)


def _seq_sum(x: NDArray[np.float64]) -> float:
    """Left-to-right sum (as a Python loop adds), so the reference loop agrees bit for bit.

    A few float64 values are added in a Python loop, more with numpy's cumsum (the method: ``np.cumsum`` adds a
    Python-level dispatch); both add the same numbers in the same order in float64, so both give the same bits
    (``tests/test_simulator.py`` checks it, signed zeros, infinities and NaN included). A row sum of a 2-D array's
    ``cumsum(axis=1)[:, -1]`` is the same sum for every row at once (accumulate never reorders).
    """
    if x.ndim == 1 and x.size <= _LOOP_SUM_MAX and x.dtype is _F64:
        it = iter(x.tolist())
        total = next(it, 0.0)
        for value in it:
            total += value
        return total
    return float(x.cumsum()[-1]) if x.size else 0.0
