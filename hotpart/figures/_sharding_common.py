"""Private helpers shared by the sharding chapters' figures (17 to 21): cached key streams, random keys, table checks.

Internal: no public names. Used by :mod:`hotpart.figures.strategies`, :mod:`~hotpart.figures.resharding`,
:mod:`~hotpart.figures.migration`, :mod:`~hotpart.figures.cross_shard` and :mod:`~hotpart.figures.pitfalls`.
"""

from __future__ import annotations

import functools

import numpy as np
from numpy.typing import NDArray

from ..models import key_stream
from ..models._validation import check_integer

_Rows = tuple[list[str], list[tuple[str, ...]]]
#: The largest shard count a chapter table takes.
_MAX_TABLE_SHARDS = 10_000


@functools.lru_cache(maxsize=16)
def _stream(kind: str, n_keys: int, seed: int = 0) -> NDArray[np.uint64]:
    keys = key_stream(kind, n_keys, seed=seed)
    keys.setflags(write=False)
    return keys


def _whole_numbers(name: str, values: object, low: int, high: int) -> tuple[int, ...]:
    """A non-empty sequence of whole numbers in ``[low, high]``, or ValueError naming ``name``."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__") or len(values) == 0:  # type: ignore[arg-type]
        raise ValueError(f"{name} = {values!r} is not allowed: must be a non-empty sequence of whole numbers")
    return tuple(check_integer(f"{name}[{i}]", v, low=low, high=high) for i, v in enumerate(values))  # type: ignore[arg-type]


def _random_keys(n_keys: int, seed: int) -> NDArray[np.uint64]:
    return np.random.default_rng(seed).integers(0, 2**64, size=n_keys, dtype=np.uint64)
