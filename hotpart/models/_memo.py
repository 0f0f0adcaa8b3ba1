"""Remembered simulations: :func:`simulate_once` hands back the result of an identical earlier call.

An explorable recomputes everything on every slider move, yet most of its simulations do not depend on the control
that moved: ``what_if``'s "as is", "on-demand" and "split for heat" replays do not depend on the shard count or the
capacity factor, and ``detection``'s run does not depend on the batch size. :func:`simulate_once` takes the same
arguments as :func:`hotpart.simulate` and returns the very object an identical earlier call returned, while it is
among the :data:`MAX_ENTRIES` most recently used and their arrays fit in :data:`MAX_BYTES`.

This is exact, not an approximation: :func:`hotpart.simulate` is a pure function of its arguments (no clock, no
unseeded randomness), and a :class:`hotpart.SimulationResult` is a frozen dataclass whose arrays are read-only, so a
caller cannot change a remembered result. Two calls are identical when the table, ``seconds``, ``kind``, ``keys``,
``mode``, ``split`` and ``max_partitions`` are equal (all are frozen dataclasses or plain values) and the demand,
as float64, has the same shape and the same bytes (compared by a 32-byte BLAKE2b digest).

Used by :func:`hotpart.what_if` (``hotpart/models/whatif.py``) and the figures of chapters 9 and 13
(``hotpart/figures/adaptive.py``, ``hotpart/figures/metrics.py``); ``tests/test_memo.py`` checks that a remembered
result equals a fresh run, field by field.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
from numpy.typing import ArrayLike

from .simulator import SimulationResult, simulate

__all__ = ["MAX_BYTES", "MAX_ENTRIES", "cache_clear", "cache_info", "simulate_once"]

#: Results remembered at most (least recently used first out).
MAX_ENTRIES: Final[int] = 32
#: Bytes the remembered results' arrays may hold together; a result larger than a quarter of it is not remembered.
#: An explorable's run holds a few hundred kB to a few MB; a reader's own table replayed over a day can hold GB.
MAX_BYTES: Final[int] = 64 * 2**20

_RESULTS: OrderedDict[tuple[Any, ...], tuple[SimulationResult, int]] = OrderedDict()
_COUNTS = {"hits": 0, "misses": 0, "bytes": 0}


def _nbytes(result: SimulationResult) -> int:
    """Bytes held by a result's arrays."""
    return sum(v.nbytes for v in vars(result).values() if isinstance(v, np.ndarray))


def _demand_key(demand: ArrayLike) -> tuple[Any, ...] | None:
    """The demand's shape and digest as float64; ``None`` when it is not a float array (``simulate`` will say why)."""
    try:
        a = np.ascontiguousarray(demand, dtype=np.float64)
    except (TypeError, ValueError):
        return None
    return a.shape, hashlib.blake2b(a.tobytes(), digest_size=32).digest()


def simulate_once(
    table: Any, demand: ArrayLike, seconds: int, *, keys: Sequence[str] | None = None, **kwargs: Any
) -> SimulationResult:
    """:func:`hotpart.simulate`, remembering the last :data:`MAX_ENTRIES` results.

    Parameters
    ----------
    table, demand, seconds, keys, **kwargs
        As :func:`hotpart.simulate` (``kind``, ``mode``, ``split``, ``max_partitions``); invalid arguments raise its
        ``ValueError``, and nothing is remembered.

    Returns
    -------
    SimulationResult
        The earlier result of an identical call (the same object), or a new run's.

    Examples
    --------
    >>> from hotpart import Table
    >>> cache_clear()
    >>> a = simulate_once(Table(4, wcu=400), [50, 50, 50, 150], 60)
    >>> b = simulate_once(Table(4, wcu=400), [50.0, 50.0, 50.0, 150.0], 60)
    >>> a is b, cache_info()
    (True, {'hits': 1, 'misses': 1, 'bytes': 8400, 'entries': 1})
    >>> simulate_once(Table(4, wcu=400), [50, 50, 50, 151], 60) is a  # other demand: another run
    False
    """
    demand_key = _demand_key(demand)
    try:
        key = (table, demand_key, seconds, None if keys is None else tuple(keys), tuple(sorted(kwargs.items())))
        hash(key)
    except TypeError:  # an unhashable argument: simulate decides whether it is valid
        demand_key = None
    if demand_key is None:
        return simulate(table, demand, seconds, keys=keys, **kwargs)
    found = _RESULTS.get(key)
    if found is not None:
        _RESULTS.move_to_end(key)
        _COUNTS["hits"] += 1
        return found[0]
    result = simulate(table, demand, seconds, keys=keys, **kwargs)
    _COUNTS["misses"] += 1
    size = _nbytes(result)
    if size <= MAX_BYTES // 4:
        _RESULTS[key] = (result, size)
        _COUNTS["bytes"] += size
        while len(_RESULTS) > MAX_ENTRIES or _COUNTS["bytes"] > MAX_BYTES:
            _COUNTS["bytes"] -= _RESULTS.popitem(last=False)[1][1]
    return result


def cache_clear() -> None:
    """Forget every remembered result and zero the counts (as ``functools.lru_cache``'s ``cache_clear``)."""
    _RESULTS.clear()
    _COUNTS.update(hits=0, misses=0, bytes=0)


def cache_info() -> dict[str, int]:
    """Hits and misses since the last :func:`cache_clear`, and the results remembered now and their bytes."""
    return {**_COUNTS, "entries": len(_RESULTS)}
