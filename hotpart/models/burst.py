"""Burst capacity: each partition banks the capacity it leaves unused, up to 300 seconds of its share.

Chapter ``notebooks/08_burst.ipynb`` is built on this module; ``notebooks/09_adaptive.ipynb`` and
``notebooks/11_capacity_modes.ipynb`` use its bound too. Two parts:

* the closed-form bound :func:`burst_seconds`: how long a bank filled while idle sustains a spike;
* ``_BurstBucket``, the bank of every partition that :func:`hotpart.simulate`'s provisioned step
  (:mod:`hotpart.models.provisioned`) settles each second, under both readings of AWS's sentence.

AWS says it retains up to :data:`hotpart.BURST_WINDOW_S` seconds of unused capacity, and "a portion" of it; how the
300 s are read and which portion is banked are the model's choices, named entries of :data:`hotpart.ASSUMPTIONS`
and the defaults of :class:`hotpart.Provisioned`: :data:`BURST_READING` and :data:`BURST_RETAINED_FRACTION`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

import numpy as np
from numpy.typing import NDArray

from ._capacity_common import _INF, _positive
from ._validation import check_choice, check_number
from .constants import ASSUMPTIONS, BURST_WINDOW_S

if TYPE_CHECKING:
    from .provisioned import Provisioned

__all__ = ["BURST_READING", "BURST_RETAINED_FRACTION", "burst_seconds"]

#: How burst is banked: ``"bank"`` keeps unused capacity until spent, ``"window"`` only the last 300 s (an
#: assumption: see :data:`hotpart.ASSUMPTIONS` for why and what AWS says).
BURST_READING: Final[str] = ASSUMPTIONS["BURST_READING"].value  # type: ignore[assignment]
#: The portion of each second's unused capacity that goes into the burst bank.
BURST_RETAINED_FRACTION: Final[float] = ASSUMPTIONS["BURST_RETAINED_FRACTION"].value  # type: ignore[assignment]
_BURST_READINGS = ("bank", "window")


def burst_seconds(
    rate: float,
    demand: float,
    idle_seconds: float = BURST_WINDOW_S,
    idle_demand: float = 0.0,
    *,
    ceiling: float = math.inf,
    reading: str = BURST_READING,
    portion: float = BURST_RETAINED_FRACTION,
) -> float:
    r"""How long banked burst capacity lets a partition serve more than its provisioned rate.

    Assumptions: the partition is provisioned at ``rate`` units/s. It first
    runs for ``idle_seconds`` at ``idle_demand`` units/s, banking ``portion``
    of the unused ``rate - idle_demand`` units every second (AWS reserves "a
    portion"; the default keeps all of it), starting empty. Then it faces
    ``demand`` units/s; it serves ``min(demand, ceiling)`` while the bank
    lasts, which drains it at ``d = min(demand, ceiling) - rate`` units/s.
    AWS says it retains up to 300 s (:data:`BURST_WINDOW_S`, ``W``) of unused
    capacity; the two readings of that sentence differ:

    * ``reading="bank"``: a bucket that holds at most ``W`` seconds of the
      rate and keeps what it holds until spent:
      :math:`T = \min\big(t_{idle} q,\ W r\big) / d`, with ``q`` the banked
      units per idle second;
    * ``reading="window"`` (000: the unused capacity of the last five
      minutes): only units that went unused in the last ``W`` seconds count,
      spent oldest first, so they also expire during the spike:
      :math:`T = \min\big(W,\ \min(t_{idle}, W)\, q / d\big)`.

    Burst never lifts the per-partition ceiling: demand above ``ceiling`` is
    refused from the first second. Burst is best effort (002): DynamoDB may
    spend it on maintenance, so this is an upper bound.

    Parameters
    ----------
    rate : float
        Provisioned rate of the partition, units/s, ``> 0``.
    demand : float
        Demand after the idle period, units/s, ``>= 0``.
    idle_seconds : float
        Length of the idle period, seconds, ``>= 0``.
    idle_demand : float
        Demand during the idle period, units/s, ``>= 0``; above ``rate`` it
        banks nothing.
    ceiling : float
        The per-partition ceiling, units/s, ``> 0`` (no ceiling by default).
    reading : {"bank", "window"}
        How the 300 s are read (:data:`BURST_READING`, an assumption).
    portion : float
        Fraction of unused capacity banked, in ``(0, 1]``
        (:data:`BURST_RETAINED_FRACTION`, an assumption).

    Returns
    -------
    float
        Seconds the bank sustains ``min(demand, ceiling)``; ``inf`` when that
        does not exceed ``rate``.

    Examples
    --------
    >>> burst_seconds(rate=100, demand=150)
    600.0
    >>> burst_seconds(rate=100, demand=150, reading="window")  # units older than 300 s expire
    300.0
    >>> burst_seconds(rate=100, demand=400, idle_seconds=60)
    20.0
    >>> burst_seconds(rate=100, demand=400, idle_seconds=60, portion=0.5)
    10.0
    >>> burst_seconds(rate=100, demand=100)
    inf
    """
    r = _positive("rate", rate)
    d = _positive("demand", demand, allow_zero=True)
    idle = _positive("idle_seconds", idle_seconds, allow_zero=True)
    i = _positive("idle_demand", idle_demand, allow_zero=True)
    c = _positive("ceiling", ceiling, allow_inf=True)
    reading = check_choice("reading", reading, _BURST_READINGS)
    p = check_number("portion", portion, low=0, high=1, low_open=True)
    drain = min(d, c) - r
    if drain <= 0:
        return _INF
    per_second = p * max(0.0, r - i)
    if reading == "bank":
        return min(idle * per_second, BURST_WINDOW_S * r) / drain
    return min(BURST_WINDOW_S, min(idle, BURST_WINDOW_S) * per_second / drain)


class _BurstBucket:
    """Each partition's burst bank: the units its token bucket left unused and did not lend, up to 300 s of its share.

    Contract, each second (:meth:`settle`): the bank loses the burst units spent and gains ``portion`` of the units
    left, and never holds more than :data:`BURST_WINDOW_S` seconds of the partition's share ``r``:

    * ``reading="bank"`` with ``portion == 1``: :math:`b \\leftarrow \\min(W r,\\ b - \\text{spent} + \\text{left})`;
    * otherwise a FIFO: cumulative deposits ``dep`` and cumulative units gone ``gone`` (spent, expired or over the
      cap), the bank being ``dep - gone``; under ``reading="window"`` the deposits of second ``t - W`` expire at
      ``t`` (a history of the last ``W`` seconds' ``dep``). ``gone`` never passes ``dep``: a draw of the whole bank
      adds ``dep - gone`` (rounded) to ``gone``, which can land an ulp past ``dep`` (banks of ``-4.5e-13``, and a
      second with no demand drawing them, before issue 39), so it is clamped there and the bank is never negative.

    Both keep ``0 <= bank <= W r`` exactly, so a draw ``min(rem, bank)`` is never negative nor more than the bank holds.

    Parameters
    ----------
    share : numpy.ndarray
        Each partition's provisioned share, units/s.
    mode : Provisioned
        ``initial_burst_s``, ``burst_reading`` and ``burst_portion``.
    """

    def __init__(self, share: NDArray[np.float64], mode: Provisioned) -> None:
        n_alloc = share.size
        self.level = share * mode.initial_burst_s  # banked units now
        self.cap = BURST_WINDOW_S * share
        self.portion = mode.burst_portion
        self.window = mode.burst_reading == "window"
        self.fifo = self.window or self.portion != 1.0
        self.w_len = int(BURST_WINDOW_S)
        self.dep = self.level.copy()
        self.gone = np.zeros(n_alloc)
        self.dep_hist = np.zeros((self.w_len, n_alloc)) if self.window else np.zeros((0, n_alloc))

    def set_cap(self, share: NDArray[np.float64]) -> None:
        """The shares changed by splits: the cap follows (the bank keeps its units)."""
        self.cap = BURST_WINDOW_S * share

    def resize(self, share: NDArray[np.float64]) -> None:
        """The table's capacity changed: the cap follows and the bank is cut to it."""
        self.cap = BURST_WINDOW_S * share
        np.minimum(self.level, self.cap, out=self.level)
        if self.fifo:
            np.subtract(self.dep, self.level, out=self.gone)

    def settle(self, t: int, spent: NDArray[np.float64], left: NDArray[np.float64]) -> NDArray[np.float64]:
        """Second ``t``: ``spent`` burst units were served, ``left`` units went unused and unlent; return the bank."""
        burst = self.level
        if self.fifo:
            gone, dep = self.gone, self.dep
            gone += spent
            dep += left * self.portion
            if self.window:
                slot = t % self.w_len
                np.maximum(gone, self.dep_hist[slot], out=gone)  # deposits of second t - W expire now
                self.dep_hist[slot] = dep
            np.maximum(gone, dep - self.cap, out=gone)
            np.minimum(gone, dep, out=gone)  # never more gone than deposited: gone + spent may round past dep
            np.subtract(dep, gone, out=burst)
        else:
            np.subtract(burst, spent, out=burst)
            np.add(burst, left, out=burst)
            np.minimum(burst, self.cap, out=burst)
        return burst

    def split(self, p: int, new: int, share: float) -> None:
        """Partition ``p`` splits into ``p`` and ``new``: each half keeps ``share`` of its bank (and of its history;
        the provisioned model's :data:`hotpart.SPLIT_SHARE_OF_PARENT`, an assumption)."""
        self.level[new] = self.level[p] = self.level[p] * share
        if self.fifo:
            self.dep[new] = self.dep[p] = self.dep[p] * share
            self.gone[new] = self.gone[p] = self.gone[p] * share
            if self.window:
                self.dep_hist[:, new] = self.dep_hist[:, p] = self.dep_hist[:, p] * share
