"""A seeded port of Brooker's backoff simulator (2015), used by the tests as an oracle for ``hp.occ_herd``.

Written for this course from the model that Brooker's post and his simulator
(github: aws-samples/aws-arch-backoff-simulator, ``src/backoff_simulator.py``)
describe; none of his code is copied. The model: clients start at once; each
reads one row's version and then writes with that version; the row accepts the
write only if its version still matches (optimistic concurrency). A failed
client sleeps ``backoff(attempt)`` (attempt counted from 1) on top of one
network delay and starts again with a read. Every message takes
``|N(mean, sd)|`` milliseconds. The port differs from his program in two ways
that matter to a test: it takes a seed (his uses the global, unseeded
``random``), and events at the same instant run first-in, first-out.

It is deliberately written differently from ``hotpart.models.retries.occ_herd``
(objects and callbacks, milliseconds, a strategy object per client), so that
agreement between the two is evidence, not a copy.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable


class Strategy:
    """One client's backoff, in milliseconds."""

    def __init__(self, kind: str, base_ms: float, cap_ms: float, rng: random.Random) -> None:
        self.kind, self.base, self.cap, self.rng = kind, base_ms, cap_ms, rng
        self.last = base_ms

    def ceiling(self, attempt: int) -> float:
        return min(self.cap, self.base * 2**attempt)

    def __call__(self, attempt: int) -> float:
        if self.kind == "none":
            return self.ceiling(attempt)
        if self.kind == "full":
            return self.rng.uniform(0, self.ceiling(attempt))
        if self.kind == "equal":
            half = self.ceiling(attempt) / 2
            return half + self.rng.uniform(0, half)
        if self.kind == "decorrelated":
            self.last = min(self.cap, self.rng.uniform(self.base, 3 * self.last))
            return self.last
        raise ValueError(kind_error(self.kind))


def kind_error(kind: str) -> str:
    return f"jitter = {kind!r} is not allowed"


class World:
    """The event queue, the network and the row."""

    def __init__(self, mean_ms: float, sd_ms: float, rng: random.Random) -> None:
        self.queue: list[tuple[float, int, Callable[[float], None]]] = []
        self.count = 0
        self.mean, self.sd, self.rng = mean_ms, sd_ms, rng
        self.version = 0
        self.writes = 0

    def net(self) -> float:
        return abs(self.rng.gauss(self.mean, self.sd)) if self.mean > 0 else 0.0

    def at(self, when: float, action: Callable[[float], None]) -> None:
        heapq.heappush(self.queue, (when, self.count, action))
        self.count += 1

    def run(self) -> float:
        clock = 0.0
        while self.queue:
            clock, _, action = heapq.heappop(self.queue)
            action(clock)
        return clock


class Client:
    def __init__(self, world: World, backoff: Strategy) -> None:
        self.world, self.backoff, self.attempt = world, backoff, 0

    def begin(self, now: float) -> None:
        self.world.at(now + self.world.net(), self.row_read)

    def row_read(self, now: float) -> None:
        seen = self.world.version
        self.world.at(now + self.world.net(), lambda t: self.got_version(t, seen))

    def got_version(self, now: float, seen: int) -> None:
        self.world.at(now + self.world.net(), lambda t: self.row_write(t, seen))

    def row_write(self, now: float, seen: int) -> None:
        w = self.world
        w.writes += 1
        won = seen == w.version
        if won:
            w.version += 1
        w.at(now + w.net(), lambda t: self.got_answer(t, won))

    def got_answer(self, now: float, won: bool) -> None:
        if won:
            return
        self.attempt += 1
        self.world.at(now + self.world.net() + self.backoff(self.attempt), self.row_read)


def brooker_run(
    clients: int, kind: str, *, seed: int, base_ms: float = 5.0, cap_ms: float = 2000.0, mean_ms: float = 10.0
) -> tuple[int, float]:
    """One seeded run: (writes attempted, time the last client learnt its result in ms)."""
    rng = random.Random(seed)
    world = World(mean_ms, mean_ms / 5.0, rng)
    for _ in range(clients):
        Client(world, Strategy(kind, base_ms, cap_ms, rng)).begin(0.0)
    end = world.run()
    return world.writes, end
