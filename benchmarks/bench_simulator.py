"""The capacity simulator: one hour of 10,000 partitions, and the speed-up over the pure-Python reference.

Targets (issue 5): 1 hour (3,600 one-second steps) of 10,000 partitions in under 2 s on this 2-core machine,
and at least 30x faster than a straightforward pure-Python per-partition loop of the same model
(``tests/reference_simulator.py``), with identical results.

The workload: a provisioned table at 100 WCU/s per partition, skewed demand (gamma-distributed per partition,
mean at 100% of the share, re-drawn with a slow daily-like swing), burst banked, adaptive capacity on. The hour
is timed after one warm-up run (the first run in a process also pays for the operating system handing over
about 1 GB of fresh memory, which is reported apart). The reference loop is timed on the first 60 seconds of the
same workload, the vectorised simulator on the same 60 seconds, and their results compared array by array.
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
import time
from pathlib import Path

import numpy as np

import hotpart as hp
from hotpart.models._validation import check_seed

TITLE = "Capacity simulator: 1 hour x 10,000 partitions, and the pure-Python reference"
HOUR_TARGET_S = 2.0
SPEEDUP_TARGET = 30.0
PARTITIONS = 10_000
SECONDS = 3_600
REFERENCE_SECONDS = 60


def _reference():
    path = Path(__file__).resolve().parent.parent / "tests" / "reference_simulator.py"
    spec = importlib.util.spec_from_file_location("reference_simulator", path)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    sys.modules.setdefault("reference_simulator", module)
    spec.loader.exec_module(module)
    return module


def workload(seconds: int = SECONDS, partitions: int = PARTITIONS, seed: int = 5) -> tuple[hp.Table, np.ndarray]:
    """The benchmark's table and demand, WCU/s shaped (seconds, partitions)."""
    rng = np.random.default_rng(check_seed("seed", seed))
    base = rng.gamma(0.5, 200.0, partitions)  # mean 100 WCU/s, heavy right tail
    swing = 1.0 + 0.3 * np.sin(np.arange(seconds) / seconds * 2 * np.pi)[:, None]
    noise = rng.uniform(0.8, 1.2, (seconds, 1))
    return hp.Table(partitions, wcu=100.0 * partitions), base[None, :] * swing * noise


def _identical(a: hp.SimulationResult, b: hp.SimulationResult) -> bool:
    names = ("offered", "served", "throttled", "tokens", "burst", "reason", "capacity")
    return all(np.array_equal(getattr(a, n), getattr(b, n)) for n in names)


def run(repeats: int) -> list[str]:
    mode = hp.Provisioned(initial_burst_s=300)
    table, demand = workload()
    start = time.perf_counter()
    first = hp.simulate(table, demand, SECONDS, mode=mode)
    cold = time.perf_counter() - start
    throttled_share = float(first.throttled.sum() / first.offered.sum())
    conserved = bool(np.array_equal(first.served + first.throttled, first.offered))
    del first
    times = []
    for _ in range(max(1, repeats)):
        start = time.perf_counter()
        res = hp.simulate(table, demand, SECONDS, mode=mode)
        times.append(time.perf_counter() - start)
        del res
    hour = statistics.median(times)

    ref = _reference()
    short = np.ascontiguousarray(demand[:REFERENCE_SECONDS])
    start = time.perf_counter()
    slow = ref.reference_simulate(table, short, REFERENCE_SECONDS, mode=mode)
    ref_s = time.perf_counter() - start
    fast_times = []
    for _ in range(max(3, repeats)):
        start = time.perf_counter()
        fast = hp.simulate(table, short, REFERENCE_SECONDS, mode=mode)
        fast_times.append(time.perf_counter() - start)
    fast_s = statistics.median(fast_times)
    same = _identical(fast, slow)
    speedup = ref_s / fast_s
    return [
        "| measure | value | target | met |",
        "| --- | --- | --- | --- |",
        f"| 1 hour x {PARTITIONS:,} partitions, median of {len(times)} (s) | {hour:.2f} | < {HOUR_TARGET_S:g} | "
        f"{'yes' if hour < HOUR_TARGET_S else 'NO'} |",
        f"| the same, first run in the process, incl. fresh memory (s) | {cold:.2f} | | |",
        f"| share of offered units throttled in that hour | {throttled_share:.2%} | | |",
        f"| served + throttled == offered in every cell | {conserved} | True | {'yes' if conserved else 'NO'} |",
        f"| reference loop, {REFERENCE_SECONDS} s x {PARTITIONS:,} partitions (s) | {ref_s:.2f} | | |",
        f"| vectorised, same {REFERENCE_SECONDS} s (s) | {fast_s:.3f} | | |",
        f"| speed-up over the reference | {speedup:.0f}x | >= {SPEEDUP_TARGET:g}x | "
        f"{'yes' if speedup >= SPEEDUP_TARGET else 'NO'} |",
        f"| results identical to the reference (every array) | {same} | True | {'yes' if same else 'NO'} |",
    ]


if __name__ == "__main__":
    print("\n".join(run(3)))
