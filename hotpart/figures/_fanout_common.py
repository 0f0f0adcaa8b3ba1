"""What chapters 5 to 7's figures modules share: the latency model's constants, input limits and checks.

Internal (``_fanout_common``): :mod:`hotpart.figures.write_sharding`, :mod:`~hotpart.figures.fanout` and
:mod:`~hotpart.figures.aggregation` import from it.
"""

from __future__ import annotations

import sys

import numpy as np

from ..models._validation import check_array

_DISTS = ("exponential", "lognormal")
_SEED = 2013
#: Limits of the plot helpers' inputs: the largest finite float, a hot key's write rate (writes/s), suffix count.
_FINITE = sys.float_info.max
_MAX_RATE = 1e6
_MAX_SHARDS = 100_000
#: The largest item DynamoDB stores, bytes (400 KB).
_ITEM_MAX_BYTES = 400 * 1024
#: The most reads per write an aggregation plot evaluates.
_MAX_RATIO = 1e4


def _rates(name: str, values: object) -> np.ndarray:
    """``values`` as a non-empty 1-D array of finite rates ``>= 0``, or a ``ValueError`` naming ``name``."""
    arr = check_array(name, values, low=0, high=_FINITE)
    if arr.ndim != 1 or arr.size == 0:
        raise ValueError(f"{name} = {values!r} is not allowed: must be a non-empty 1-D array of rates >= 0")
    return arr


_CONSISTENCIES = ("eventual", "strong")
_STRATEGY_NAMES = ("random", "calculated")
