"""Sharding: vectorised jump hash and consistent-hash ring lookups for 10**6 keys.

Targets (issue 7): ``hotpart.jump_hash`` and ``hotpart.HashRing.lookup`` at least 20x faster than a pure-Python
loop over the same keys; the ring's lookups compared, in the same run, with ``uhashring`` (a maintained
consistent-hashing library on PyPI) on the same number of keys and nodes. Every timing is the best of ``repeats``
runs (the least disturbed by other processes on a shared machine), for all contenders alike.
"""

from __future__ import annotations

from bisect import bisect_left

import numpy as np
from _timing import time_call

import hotpart as hp
from hotpart.models.hashing import _label_hash

TITLE = "Sharding: jump hash and hash-ring lookups, vectorised against pure Python and uhashring"
N_KEYS = 10**6
N_NODES = 10
VNODES = 160  # uhashring's default for its own (non-ketama) ring
SPEEDUP_TARGET = 20.0
MASK = 2**64 - 1
GOLDEN = 0x9E3779B97F4A7C15


def _jump_one(key: int, n: int) -> int:
    """Lamping & Veach's loop, as printed in the paper."""
    b, j = -1, 0
    while j < n:
        b = j
        key = (key * 2862933555777941757 + 1) & MASK
        j = int((b + 1) * (float(1 << 31) / float((key >> 33) + 1)))
    return b


def _jump_python(keys: list[int], n: int) -> list[int]:
    return [_jump_one(key, n) for key in keys]


def _splitmix(x: int) -> int:
    z = (x + GOLDEN) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class _PythonRing:
    """The same ring in pure Python: sorted positions and ``bisect``."""

    def __init__(self, ring: hp.HashRing) -> None:
        points = sorted(
            (_splitmix((_label_hash(name) + i * GOLDEN) & MASK), owner)
            for owner, name in enumerate(ring.nodes)
            for i in range(ring.vnodes)
        )
        self.positions = [p for p, _ in points]
        self.owners = [o for _, o in points]

    def lookup(self, key: int) -> int:
        i = bisect_left(self.positions, _splitmix(key))
        return self.owners[i if i < len(self.owners) else 0]


def _ring_python(keys: list[int], ring: hp.HashRing) -> list[int]:
    python_ring = _PythonRing(ring)
    return [python_ring.lookup(key) for key in keys]


def run(repeats: int) -> list[str]:
    from uhashring import HashRing as UHashRing

    keys = np.random.default_rng(0).integers(0, 2**64, size=N_KEYS, dtype=np.uint64)
    as_int = [int(k) for k in keys]
    rows = [
        f"{N_KEYS:,} uniform 64-bit keys; ring of {N_NODES} nodes x {VNODES} virtual nodes; best of {repeats} runs.",
        "",
        "| operation | vectorised s | pure Python s | speed-up | target >= 20x | uhashring s | hotpart / uhashring |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for n in (N_NODES, 1000):
        fast, got = time_call(lambda n=n: hp.jump_hash(keys, n), repeats, best=True)
        slow, expected = time_call(lambda n=n: _jump_python(as_int, n), repeats, best=True)
        assert got.tolist() == expected, "jump_hash disagrees with the pure-Python loop"
        ratio = slow / fast
        ok = "yes" if ratio >= SPEEDUP_TARGET else "NO"
        rows.append(f"| `jump_hash`, {n} buckets | {fast:.3f} | {slow:.2f} | {ratio:.0f}x | {ok} | | |")

    names = [f"node-{i}" for i in range(N_NODES)]
    ring = hp.HashRing(names, VNODES)
    fast, got = time_call(lambda: ring.lookup(keys), repeats, best=True)
    slow, expected = time_call(lambda: _ring_python(as_int, ring), repeats, best=True)
    assert got.tolist() == expected, "HashRing.lookup disagrees with the pure-Python ring"
    uring = UHashRing(nodes=names, vnodes=VNODES)
    texts = [str(k) for k in as_int]
    ut, placed = time_call(lambda: [uring.get_node(t) for t in texts], repeats, best=True)
    assert set(placed) <= set(names)
    ratio = slow / fast
    ok = "yes" if ratio >= SPEEDUP_TARGET else "NO"
    rows.append(f"| `HashRing.lookup` | {fast:.3f} | {slow:.2f} | {ratio:.0f}x | {ok} | {ut:.2f} | {ut / fast:.0f}x faster |")
    build, _ = time_call(lambda: hp.HashRing(names, VNODES), repeats, best=True)
    ubuild, _ = time_call(lambda: UHashRing(nodes=names, vnodes=VNODES), repeats, best=True)
    rows.append(f"| ring construction | {build * 1e3:.2f} ms | | | | {ubuild * 1e3:.2f} ms | {ubuild / build:.1f}x |")
    return rows
