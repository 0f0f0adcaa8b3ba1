"""One timing helper for every benchmark file."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def time_call(fn: Callable[[], Any], repeats: int, inner: int = 1, best: bool = False) -> tuple[float, Any]:
    """Seconds per call over ``repeats`` timings of ``inner`` calls (median, or best with ``best=True``), and the last result."""
    times = []
    result = None
    for _ in range(max(1, repeats)):
        start = time.perf_counter()
        for _ in range(inner):
            result = fn()
        times.append((time.perf_counter() - start) / inner)
    return (min(times) if best else statistics.median(times)), result
