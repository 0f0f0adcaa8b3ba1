"""Provisioned mode: a fixed capacity split evenly over the partitions, with burst and adaptive capacity.

Chapters ``notebooks/08_burst.ipynb`` and ``notebooks/09_adaptive.ipynb`` simulate it. Two parts:

* :class:`Provisioned`, the mode's settings: adaptive capacity on or off and its delay, the burst banked at the
  start, and the two burst assumptions (:data:`hotpart.BURST_READING`, :data:`hotpart.BURST_RETAINED_FRACTION`);
  :class:`hotpart.AutoScaling` extends it (:mod:`hotpart.models.autoscaling`);
* ``_ProvisionedStep``, one second of the mode for every partition in :func:`hotpart.simulate`: the token bucket
  refilled at the partition's share, then its burst bank (``_BurstBucket``, :mod:`hotpart.models.burst`), then
  what adaptive capacity lends (``_AdaptiveCapacity``, :mod:`hotpart.models.adaptive`), and the reason for each
  refusal (:class:`hotpart.Refusal`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

import numpy as np
from numpy.typing import NDArray

from ._capacity_common import _positive, _seq_sum
from ._validation import check_choice, check_number
from .adaptive import _AdaptiveCapacity
from .burst import _BURST_READINGS, BURST_READING, BURST_RETAINED_FRACTION, _BurstBucket
from .constants import BURST_WINDOW_S
from .refusals import Refusal

#: The refusal codes as plain ints: an IntEnum member looked up on its class costs microseconds, every second
#: of a simulation that refuses.
_PARTITION_CEILING, _PARTITION_SHARE, _PROVISIONED_TOTAL = (
    int(Refusal.PARTITION_CEILING),
    int(Refusal.PARTITION_SHARE),
    int(Refusal.PROVISIONED_TOTAL),
)
#: Up to this many refused partitions in a second, their causes are set one at a time (faster than numpy's calls
#: on a few cells; the same comparisons, so the same codes: tests/test_simulator.py checks both paths agree).
_SCALAR_REFUSALS = 16
# numpy's functions as module globals: serve calls them every simulated second
_minimum, _subtract, _multiply, _greater, _count_nonzero = np.minimum, np.subtract, np.multiply, np.greater, np.count_nonzero

if TYPE_CHECKING:
    from .simulator import _Records

__all__ = ["SPEND_ORDER", "SPLIT_SHARE_OF_PARENT", "Provisioned"]

#: The order in which a provisioned partition is served each second: its token bucket (its share), then its burst
#: bank, then adaptive capacity's loan. AWS publishes no order (``hp.ASSUMPTIONS["SPEND_ORDER"]``); it matters once
#: adaptive capacity has a reaction time, whose throttled phase starts only when the bank is spent.
SPEND_ORDER: Final[tuple[str, ...]] = ("token bucket", "burst", "adaptive loan")
#: The fraction of a splitting partition's share of the table's provisioned capacity (and of its burst bank and
#: history) that each half takes. AWS publishes no rule for how a split divides a provisioned table's capacity
#: (``hp.ASSUMPTIONS["SPLIT_SHARE_OF_PARENT"]``); the model halves it, so a split adds no capacity.
SPLIT_SHARE_OF_PARENT: Final[float] = 0.5


@dataclass(frozen=True)
class Provisioned:
    """Provisioned mode: fixed capacity, with burst and adaptive capacity.

    Parameters
    ----------
    adaptive : bool
        Whether adaptive capacity lends unused table capacity to throttled
        partitions (it is always on in DynamoDB; off shows what it buys).
    adaptive_delay_s : float
        Seconds a partition must be short of capacity before adaptive
        capacity lends to it, ``>= 0``. 0 is what 000 and 002 describe
        (instant); a delay reproduces the throttled phase of AWS's figure.
    initial_burst_s : float
        Burst banked at the start, in seconds of each partition's share, in
        ``[0, 300]`` (:data:`BURST_WINDOW_S`): 300 for a table idle for five minutes.
        Under ``burst_reading="window"`` it counts as banked in second 0, so it
        expires after 300 s.
    burst_reading : {"bank", "window"}, keyword-only
        How "retains up to 300 seconds of unused capacity" is read
        (:data:`hotpart.BURST_READING`, an assumption): ``"bank"`` keeps unused units
        in a bucket of at most 300 s of the share until they are spent;
        ``"window"`` keeps only the units left unused in the last 300 s,
        spending the oldest first.
    burst_portion : float, keyword-only
        Fraction of each second's unused units that is banked, in ``(0, 1]``
        (:data:`hotpart.BURST_RETAINED_FRACTION`, an assumption: AWS says "a portion").

    Examples
    --------
    >>> Provisioned()
    Provisioned(adaptive instant, burst banked 0 s)
    >>> Provisioned(adaptive_delay_s=120, initial_burst_s=300)
    Provisioned(adaptive after 120 s, burst banked 300 s)
    >>> Provisioned(burst_reading="window", burst_portion=0.5)
    Provisioned(adaptive instant, burst banked 0 s, window of the last 300 s, 50% of unused banked)
    """

    adaptive: bool = True
    adaptive_delay_s: float = 0.0
    initial_burst_s: float = 0.0
    burst_reading: str = field(default=BURST_READING, kw_only=True)
    burst_portion: float = field(default=BURST_RETAINED_FRACTION, kw_only=True)

    name: str = field(default="provisioned", init=False, repr=False)

    def __post_init__(self) -> None:
        check_choice("adaptive", self.adaptive, (True, False))
        object.__setattr__(self, "adaptive_delay_s", _positive("adaptive_delay_s", self.adaptive_delay_s, allow_zero=True))
        object.__setattr__(
            self, "initial_burst_s", check_number("initial_burst_s", self.initial_burst_s, low=0, high=BURST_WINDOW_S)
        )
        check_choice("burst_reading", self.burst_reading, _BURST_READINGS)
        object.__setattr__(self, "burst_portion", check_number("burst_portion", self.burst_portion, low=0, high=1, low_open=True))

    def _adaptive_repr(self) -> str:
        if not self.adaptive:
            return "no adaptive capacity"
        return "adaptive instant" if self.adaptive_delay_s == 0 else f"adaptive after {self.adaptive_delay_s:g} s"

    def _burst_repr(self) -> str:
        out = ""
        if self.burst_reading != "bank":
            out += f", window of the last {BURST_WINDOW_S:g} s"
        if self.burst_portion != 1.0:
            out += f", {self.burst_portion:.0%} of unused banked"
        return out

    def __repr__(self) -> str:
        return f"Provisioned({self._adaptive_repr()}, burst banked {self.initial_burst_s:g} s{self._burst_repr()})"


class _ProvisionedStep:
    """One second of provisioned mode for every partition: token bucket, then burst, then adaptive capacity.

    Contract (:meth:`serve`): partition ``i`` with share ``r_i`` (the table's capacity split by its weight) serves
    ``min(o_i, c)`` as far as ``r_i``, then its burst bank (:class:`_BurstBucket`), then what adaptive capacity
    lends it (:class:`_AdaptiveCapacity`); the rest is refused, and each refusal gets its reason
    (:meth:`_record_refusals`). It writes the records' ``capacity``, ``tokens`` and ``burst`` for the second.
    Auto scaling changes the table's capacity with :meth:`set_capacity`, a split the weights with :meth:`split`.

    Parameters
    ----------
    mode : Provisioned or AutoScaling
        The mode: burst and adaptive capacity settings.
    capacity : float
        The table's provisioned capacity at the start, units/s (for auto scaling, already within its
        ``[min_capacity, max_capacity]``: the orchestration clamps it).
    n0, n_alloc : int
        Partitions at the start, and allocated for splits.
    ceiling : float
        The per-partition ceiling, units/s.
    """

    def __init__(self, mode: Provisioned, capacity: float, n0: int, n_alloc: int, ceiling: float) -> None:
        self.cap_table = capacity
        # Each partition's part of the table as a power of two (1, then 1/2, 1/4 ... after splits): its share is
        # (capacity / n0) x that part, exact, so n0 partitions share capacity / n0 each, as AWS describes it; the
        # product capacity x (1 / n0) can be an ulp below (65 x (1 / 3) < 65 / 3), and demand of exactly
        # capacity / n0 a partition was refused 4e-15 units of it.
        self.n0 = n0
        self.part = np.zeros(n_alloc)
        self.part[:n0] = 1.0
        self.weight = self.part / n0
        self.share = (capacity / n0) * self.part
        self.ceiling = ceiling
        self.burst = _BurstBucket(self.share, mode)
        self.adaptive = _AdaptiveCapacity(mode, n_alloc)
        # work buffers, reused every second
        self._a_tok, self._rem, self._a_b, self._rem2, self._unused, self._shortfall, self._left, self._s = (
            np.empty(n_alloc) for _ in range(8)
        )
        self._short = np.empty(n_alloc, dtype=bool)
        self._elig_mask = np.zeros(n_alloc, dtype=bool)

    def set_capacity(self, capacity: float) -> None:
        """An auto-scaling update completes: ``capacity`` units/s hold from this second."""
        self.cap_table = capacity
        self.share = (capacity / self.n0) * self.part
        self.burst.resize(self.share)

    def split(self, p: int, new: int) -> None:
        """Partition ``p`` splits into ``p`` and ``new``: each takes half its share (:data:`SPLIT_SHARE_OF_PARENT`),
        bank and history."""
        self.part[new] = self.part[p] = self.part[p] * SPLIT_SHARE_OF_PARENT
        self.weight[new] = self.weight[p] = self.weight[p] * SPLIT_SHARE_OF_PARENT
        self.burst.split(p, new, SPLIT_SHARE_OF_PARENT)
        self.adaptive.split(p, new)

    def refresh_share(self) -> None:
        """After the splits of a second: the shares (and burst caps) follow the new weights."""
        self.share = (self.cap_table / self.n0) * self.part
        self.burst.set_cap(self.share)

    def serve(
        self,
        t: int,
        o: NDArray[np.float64],
        m: NDArray[np.float64],
        rec: _Records,
        total: float | None = None,
        over: bool | None = None,
    ) -> None:
        """Serve second ``t``: ``o`` offered and ``m = min(o, ceiling)`` units/s per partition.

        ``over`` tells whether any ``o`` exceeds the ceiling (computed here when ``None``); ``total`` is unused (the
        on-demand step's row total).
        """
        a_tok, rem, a_b, rem2, unused = self._a_tok, self._rem, self._a_b, self._rem2, self._unused
        short, share, adaptive = self._short, self.share, self.adaptive
        rec.capacity[t] = self.cap_table
        _minimum(m, share, out=a_tok)
        _subtract(m, a_tok, out=rem)
        _minimum(rem, self.burst.level, out=a_b)
        _subtract(rem, a_b, out=rem2)
        _subtract(share, a_tok, out=unused)
        _greater(rem2, 0.0, out=short)
        any_short = bool(_count_nonzero(short))  # .any() costs three times as much on a few cells
        lent_frac, eligible, total_unused = adaptive.lend(short, any_short, rem2, unused)
        if lent_frac > 0.0:
            left = self._left
            _multiply(unused, 1.0 - lent_frac, out=left)
        else:
            left = unused  # the same values as a copy: nothing below writes to either
        rec.tokens[t] = left
        # served = m - shortfall (not a_tok + a_b + lent, whose rounding could refuse 1e-14 units); nothing lent:
        # rem2 - 0.0 is rem2, bit for bit
        if adaptive.any_lent:
            shortfall = self._shortfall
            _subtract(rem2, adaptive.lent, out=shortfall)
        else:
            shortfall = rem2
        if any_short:
            s = self._s
            _subtract(m, shortfall, out=s)
        else:
            # none short: rem2 = rem - min(rem, level) is rem - rem = +0.0 in every cell (rem - level > 0 would be
            # short), and m - 0.0 is m, bit for bit (-0.0 included)
            s = m
        rec.burst[t] = self.burst.settle(t, a_b, left)
        thr = rec.settle(t, o, s)
        if any_short or (bool(_count_nonzero(o > self.ceiling)) if over is None else over):
            self._record_refusals(t, thr, rec, eligible, lent_frac, total_unused, shortfall)

    def serve_calm(self, t: int, o: NDArray[np.float64], m: NDArray[np.float64], rec: _Records) -> int:
        """Serve seconds ``t, t + 1, ...`` at once (rows of ``o`` offered and ``m = min(o, ceiling)``) as long as no
        partition is short; return how many were served (0: second ``t`` is served by :meth:`serve`).

        With none short nothing is lent, and each partition serves ``m`` (refusing only what is over the ceiling):
        ``m`` up to its share from its bucket, the rest ``rem = m - min(m, r)`` from its bank, which then keeps
        ``b <- min(cap, (b - rem) + left)`` with ``left = r - min(m, r)`` (one of ``rem`` and ``left`` is 0). The
        banks are the running sums ``numpy.add.accumulate`` gives in :meth:`serve`'s order (``x + (-rem)`` is
        ``x - rem`` bit for bit), capped: right until a bank that passed its cap draws again (the sum, unlike the
        bank, kept what the cap cut off). So the run stops before the first second in which a partition's bank
        does not cover its draw (short) or one that passed its cap draws; every record is :meth:`serve`'s, bit for
        bit, and adaptive capacity's state is what ``k`` seconds with none short leave.
        """
        share, burst = self.share, self.burst
        a_tok = np.minimum(m, share)
        rem = m - a_tok
        left = share - a_tok  # unused, none of it lent
        k = m.shape[0]
        sums = np.empty((2 * k + 1, share.size))
        sums[0] = burst.level
        np.negative(rem, out=sums[1::2])
        sums[2::2] = left
        np.add.accumulate(sums, axis=0, out=sums)
        over_cap = sums[::2] > burst.cap  # the running sum past the cap, after second t - 1, t, ..., t + k - 1
        banks = np.minimum(sums[::2], burst.cap)  # the bank each second leaves (row 0: the one t starts from)
        drawing = rem > 0
        stop = (rem > banks[:-1]) | (drawing & over_cap[:-1])
        if stop.any():
            k = int(stop.any(axis=1).argmax())
            if not k:
                return 0
            o, m, rem, left, banks = o[:k], m[:k], rem[:k], left[:k], banks[: k + 1]
        rows = slice(t, t + k)
        rec.capacity[rows] = self.cap_table
        rec.tokens[rows] = left
        rec.burst[rows] = banks[1:]
        # rec.settle, a block of rows at once: served m (none short). Its nextafter step, for a served share that
        # rounds above m, is never needed here: a refused cell has m = c, 1,000 or 3,000, a multiple of every ulp
        # below 2**56, so o - c is exact and o - (o - c) is c
        throttled, served = rec.throttled[rows], rec.served[rows]
        np.subtract(o, m, out=throttled)
        np.subtract(o, throttled, out=served)
        refused = throttled > 0  # only over the ceiling (none short)
        if refused.any():
            rec.reason[rows][refused] = _PARTITION_CEILING
        burst.level[:] = banks[-1]
        self._short.fill(False)
        self.adaptive.lend(self._short, False, rem[-1], left[-1])  # what a second with none short leaves
        return k

    def _record_refusals(
        self,
        t: int,
        thr: NDArray[np.float64],
        rec: _Records,
        eligible: NDArray[np.int64],
        lent_frac: float,
        total_unused: float,
        shortfall: NDArray[np.float64],
    ) -> None:
        """Why each refused cell was refused: over the ceiling; short while the table had units left that were not
        lent to it (its share); or short with the table's capacity all used."""
        idx = (thr > 0).nonzero()[0]
        if not idx.size:
            return
        if total_unused < 0:
            total_unused = _seq_sum(self._unused)
        table_left = total_unused * (1.0 - lent_frac) > 0
        if idx.size <= _SCALAR_REFUSALS:
            # a few refused partitions: the same tests one cell at a time, without numpy's per-call cost
            row = rec.reason[t]
            lent_to = set(eligible.tolist()) if table_left else set()
            for i in idx.tolist():
                if shortfall[i] > 0:
                    row[i] = _PARTITION_SHARE if table_left and i not in lent_to else _PROVISIONED_TOTAL
                else:
                    row[i] = _PARTITION_CEILING
            return
        mask = self._elig_mask
        mask[eligible] = True
        elig = mask[idx]
        mask[eligible] = False
        still_short = shortfall[idx] > 0
        rec.reason[t, idx] = np.where(
            still_short,
            np.where(~elig & table_left, _PARTITION_SHARE, _PROVISIONED_TOTAL),
            _PARTITION_CEILING,
        )
