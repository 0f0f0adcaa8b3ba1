"""Auto scaling: provisioned mode whose table capacity follows consumed capacity, a minute at a time and late.

Chapter ``notebooks/11_capacity_modes.ipynb`` simulates it. Two parts:

* :class:`AutoScaling`, the mode's settings (a :class:`hotpart.Provisioned` with a target utilisation, bounds,
  alarm lengths, a provisioning lag, a scale-in margin and the daily decrease quota), and AWS's published figures
  as constants (their sources in :data:`hotpart.SOURCES`): :data:`AUTOSCALING_SCALE_DOWN_MARGIN`,
  :data:`AUTOSCALING_DECREASES_AT_ONCE`, :data:`AUTOSCALING_DECREASE_REFILL_S`,
  :data:`AUTOSCALING_DECREASES_PER_DAY`, :data:`AUTOSCALING_MAX_CAPACITY`, :data:`AUTOSCALING_MIN_CAPACITY`;
  the provisioning lag :data:`AUTOSCALING_LAG_S` and the default target :data:`AUTOSCALING_TARGET` are
  assumptions (:data:`hotpart.ASSUMPTIONS`);
* ``_AutoScalingController``, which :func:`hotpart.simulate` runs beside the provisioned step
  (:mod:`hotpart.models.provisioned`): the one-minute alarms, the lag, the margin and the quota.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Final

import numpy as np
from numpy.typing import NDArray

from ._capacity_common import _MAX_DEMAND, _seq_sum
from ._validation import check_choice, check_integer, check_number
from .constants import ASSUMPTIONS, AUTOSCALING_SCALE_DOWN_POINTS, AUTOSCALING_SCALE_UP_MINUTES
from .provisioned import Provisioned, _ProvisionedStep

__all__ = [
    "AUTOSCALING_DECREASES_AT_ONCE",
    "AUTOSCALING_DECREASES_PER_DAY",
    "AUTOSCALING_DECREASE_REFILL_S",
    "AUTOSCALING_LAG_S",
    "AUTOSCALING_MAX_CAPACITY",
    "AUTOSCALING_MIN_CAPACITY",
    "AUTOSCALING_SCALE_DOWN_MARGIN",
    "AUTOSCALING_TARGET",
    "AutoScaling",
]

#: Auto scaling lowers capacity only when utilisation is this many *percentage points* (a fraction of
#: provisioned capacity) or more below the target: AWS's example puts 20% below a 70% target at 50 RCUs
#: of 100, that is 50% utilisation (20 points), not 56% (20% of the target).
AUTOSCALING_SCALE_DOWN_MARGIN: Final[float] = 0.2
#: Provisioned capacity decreases a table has available at the start of each UTC day, and at most at any time.
AUTOSCALING_DECREASES_AT_ONCE: Final[int] = 4
#: Seconds after which one more decrease becomes available (up to :data:`AUTOSCALING_DECREASES_AT_ONCE`).
AUTOSCALING_DECREASE_REFILL_S: Final[float] = 3600.0
#: The most decreases in one UTC day: 4 in the first hour and one for each of the other 23.
AUTOSCALING_DECREASES_PER_DAY: Final[int] = 27
#: The default upper bound of auto scaling, units/s: the default per-table quota of a provisioned table.
AUTOSCALING_MAX_CAPACITY: Final[float] = 40_000.0
#: The default lower bound of auto scaling, units/s: the least a provisioned table may have.
AUTOSCALING_MIN_CAPACITY: Final[float] = 1.0
#: The default target utilisation of :class:`AutoScaling` (AWS's own examples use 70%; AWS allows 20% to 90%).
AUTOSCALING_TARGET: Final[float] = ASSUMPTIONS["AUTOSCALING_TARGET"].value  # type: ignore[assignment]
#: Seconds from the end of the minute that triggers auto scaling to the new capacity: CloudWatch's alarm delay
#: plus the time UpdateTable takes (AWS: "up to a few minutes" and "several minutes"; no figure).
AUTOSCALING_LAG_S: Final[float] = ASSUMPTIONS["AUTOSCALING_LAG_S"].value  # type: ignore[assignment]
_UTIL_TOL = 1e-9  # utilisation within this of the scale-in threshold counts as at it


@dataclass(frozen=True)
class AutoScaling(Provisioned):
    """Provisioned mode with auto scaling of the table's capacity.

    Every minute the consumed capacity (served units, averaged over the
    minute: throttled requests are not consumed) is compared with the target
    utilisation ``u``. After :data:`AUTOSCALING_SCALE_UP_MINUTES` consecutive
    minutes above ``u``, capacity is raised to ``consumed / u``; after
    :data:`AUTOSCALING_SCALE_DOWN_POINTS` consecutive minutes at least
    ``scale_down_margin`` (20 percentage points, :data:`AUTOSCALING_SCALE_DOWN_MARGIN`)
    below ``u``, lowered to the same; always within ``[min_capacity,
    max_capacity]``. A new capacity takes effect ``lag_s`` seconds after the
    minute that triggered it (the alarm's delay plus the update,
    :data:`AUTOSCALING_LAG_S`, an assumption); until then the previous
    capacity holds and demand above it is refused, and no further update is
    issued. Decreases obey the table's daily quota when ``decrease_quota``:
    :data:`AUTOSCALING_DECREASES_AT_ONCE` available at the start of each UTC
    day (second 0 of the simulation is 00:00 UTC), one more each whole hour
    (:data:`AUTOSCALING_DECREASE_REFILL_S`), never more than 4 at once, so at
    most :data:`AUTOSCALING_DECREASES_PER_DAY` a day (a decrease counts on the day it
    is requested, not when it lands); a scale-in that finds none waits, its alarm
    still firing. Partition counts stay as they are; burst and
    adaptive capacity work as in :class:`Provisioned`; capacity is sized from
    consumed capacity, never from refused demand.

    Parameters
    ----------
    target : float
        Target utilisation, in ``[0.2, 0.9]`` (the range AWS allows;
        :data:`AUTOSCALING_TARGET` by default, an assumption).
    min_capacity, max_capacity : float
        Bounds of the capacity, units/s, ``0 < min_capacity <= max_capacity <= 1e9``
        (:data:`AUTOSCALING_MIN_CAPACITY` and :data:`AUTOSCALING_MAX_CAPACITY`:
        the least a table may have and the default per-table quota; the upper
        bound is :data:`hotpart.MAX_SIMULATED_DEMAND`, a limit of the simulation).
    scale_up_minutes, scale_down_points : int
        The consecutive one-minute data points that trigger each action, in ``[1, 1440]``.
    lag_s : float
        Seconds from the end of the triggering minute to the new capacity, in
        ``[0, 3600]`` (:data:`AUTOSCALING_LAG_S`, an assumption: AWS gives no figure).
    scale_down_margin : float
        How far below the target utilisation a minute must be to count towards
        a scale-in, in percentage points as a fraction, in ``[0, target]``
        (:data:`AUTOSCALING_SCALE_DOWN_MARGIN`).
    decrease_quota : bool
        Whether decreases obey the daily quota (4 at any time, one more per hour).
    adaptive : bool
        As in :class:`Provisioned`.
    adaptive_delay_s : float
        Seconds a partition must be short before adaptive capacity lends to it, ``>= 0`` (as in :class:`Provisioned`).
    initial_burst_s : float
        Burst banked at the start, seconds of each partition's share, in ``[0, 300]`` (as in :class:`Provisioned`).
    burst_reading : {"bank", "window"}, keyword-only
        As in :class:`Provisioned`.
    burst_portion : float, keyword-only
        Fraction of each second's unused units that is banked, in ``(0, 1]`` (as in :class:`Provisioned`).

    Examples
    --------
    >>> a = AutoScaling(target=0.7, min_capacity=100, max_capacity=4000)
    >>> a  # doctest: +ELLIPSIS
    AutoScaling(target 70%, 100 to 4,000 units/s, up after 2 min, down after 15 points 20 points below target, ...)
    >>> a.lag_s, a.scale_down_margin, a.decrease_quota
    (120.0, 0.2, True)
    >>> "no lag, no decrease quota" in repr(AutoScaling(lag_s=0, decrease_quota=False))
    True
    """

    target: float = AUTOSCALING_TARGET
    min_capacity: float = AUTOSCALING_MIN_CAPACITY
    max_capacity: float = AUTOSCALING_MAX_CAPACITY
    scale_up_minutes: int = AUTOSCALING_SCALE_UP_MINUTES
    scale_down_points: int = AUTOSCALING_SCALE_DOWN_POINTS
    lag_s: float = AUTOSCALING_LAG_S
    scale_down_margin: float = AUTOSCALING_SCALE_DOWN_MARGIN
    decrease_quota: bool = True

    name: str = field(default="auto scaling", init=False, repr=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        object.__setattr__(self, "target", check_number("target", self.target, low=0.2, high=0.9))
        max_cap = check_number("max_capacity", self.max_capacity, low=0, high=_MAX_DEMAND, low_open=True)
        try:
            min_cap = check_number("min_capacity", self.min_capacity, low=0, high=max_cap, low_open=True)
        except ValueError as error:  # the bound is max_capacity's: name it, since either may be the one at fault
            raise ValueError(f"{error} (at most max_capacity = {self.max_capacity!r})") from None
        object.__setattr__(self, "min_capacity", min_cap)
        object.__setattr__(self, "max_capacity", max_cap)
        object.__setattr__(self, "scale_up_minutes", check_integer("scale_up_minutes", self.scale_up_minutes, low=1, high=1440))
        object.__setattr__(
            self, "scale_down_points", check_integer("scale_down_points", self.scale_down_points, low=1, high=1440)
        )
        object.__setattr__(self, "lag_s", check_number("lag_s", self.lag_s, low=0, high=3600))
        object.__setattr__(
            self, "scale_down_margin", check_number("scale_down_margin", self.scale_down_margin, low=0, high=self.target)
        )
        check_choice("decrease_quota", self.decrease_quota, (True, False))

    def __repr__(self) -> str:
        margin = f" {self.scale_down_margin * 100:g} points" if self.scale_down_margin else ""
        lag = f"lag {self.lag_s:g} s" if self.lag_s else "no lag"
        quota = (
            f"{AUTOSCALING_DECREASES_AT_ONCE} decreases at once then 1 per hour" if self.decrease_quota else "no decrease quota"
        )
        return (
            f"AutoScaling(target {self.target:.0%}, {self.min_capacity:,.0f} to {self.max_capacity:,.0f} units/s, "
            f"up after {self.scale_up_minutes} min, down after {self.scale_down_points} points{margin} below target, "
            f"{lag}, {quota}, {self._adaptive_repr()})"
        )


class _AutoScalingController:
    """Auto scaling's controller: one-minute alarms, the provisioning lag, the scale-in margin and the daily quota.

    Contract: :meth:`observe` takes each second's served units and, at the end of every minute, compares the
    minute's consumed capacity with the target (:meth:`_evaluate`); an update it issues lands ``ceil(lag_s)``
    seconds after that minute, when :meth:`land` hands it to the capacity step; while one is in flight no other
    is issued. Decreases obey the daily quota (:meth:`_refill_decreases`): 4 at 00:00 UTC (second 0), one more each
    whole hour, never more than 4 at once.

    Parameters
    ----------
    mode : AutoScaling
        Target, bounds, alarm lengths, lag, margin and whether the quota applies.
    n_sec : int
        Seconds simulated.
    """

    def __init__(self, mode: AutoScaling, n_sec: int) -> None:
        self.mode = mode
        self.totals = np.zeros(n_sec)  # served total per second
        # the runs of one-minute points above / below target, the update in flight (its capacity and the second it
        # takes effect), and the decreases available today
        self.up_run = self.down_run = 0
        self.pending_cap = -1.0
        self.pending_at = 0
        self.lag = math.ceil(mode.lag_s)
        self.dec_left = AUTOSCALING_DECREASES_AT_ONCE
        self.dec_hour = 0

    def land(self, t: int, step: _ProvisionedStep) -> None:
        """Before second ``t`` is served: if the update in flight takes effect now, give ``step`` its capacity."""
        if self.pending_cap >= 0.0 and t >= self.pending_at:
            step.set_capacity(self.pending_cap)
            self.pending_cap = -1.0

    def observe(self, t: int, served: NDArray[np.float64], capacity: float) -> None:
        """Second ``t`` served ``served`` units/s per partition at the table's ``capacity`` units/s."""
        self.totals[t] = _seq_sum(served)
        if (t + 1) % 60 == 0:
            self._evaluate(t, capacity)

    def observe_minute(self, t: int, served: NDArray[np.float64], capacity: float) -> None:
        """The minute ending at second ``t`` (``t + 1`` a multiple of 60) is served: ``served`` holds every second's
        units/s per partition (rows up to ``t`` at least), at the table's ``capacity`` units/s.

        What :meth:`observe` does for each of the minute's 60 seconds, at once: each second's total is the same
        left-to-right row sum (``cumsum`` along the row never reorders), and only the minute's end evaluates.
        """
        self.totals[t - 59 : t + 1] = served[t - 59 : t + 1].cumsum(axis=1)[:, -1]
        self._evaluate(t, capacity)

    def _refill_decreases(self, t: int) -> None:
        now_hour = (t + 1) // int(AUTOSCALING_DECREASE_REFILL_S)
        while self.dec_hour < now_hour:  # one more decrease each whole hour; 4 again at 00:00 UTC
            self.dec_hour += 1
            if self.dec_hour * AUTOSCALING_DECREASE_REFILL_S % 86_400 == 0:
                self.dec_left = AUTOSCALING_DECREASES_AT_ONCE
            else:
                self.dec_left = min(self.dec_left + 1, AUTOSCALING_DECREASES_AT_ONCE)

    def _evaluate(self, t: int, cap_table: float) -> None:
        """The minute ending at second ``t``: count the alarms' data points and issue an update if one fires."""
        mode = self.mode
        consumed = _seq_sum(self.totals[t - 59 : t + 1]) / 60.0
        util = consumed / cap_table
        self.up_run = self.up_run + 1 if util > mode.target else 0
        # "20% or more below the target": percentage points, with a tolerance for 0.7 - 0.2 != 0.5
        self.down_run = self.down_run + 1 if util <= mode.target - mode.scale_down_margin + _UTIL_TOL else 0
        self._refill_decreases(t)
        if self.pending_cap >= 0.0:  # an update in flight
            return
        wanted = min(max(consumed / mode.target, mode.min_capacity), mode.max_capacity)
        new_cap = cap_table
        if self.up_run >= mode.scale_up_minutes:
            new_cap = max(cap_table, wanted)
            self.up_run = self.down_run = 0
        elif self.down_run >= mode.scale_down_points and (self.dec_left > 0 or not mode.decrease_quota):
            new_cap = min(cap_table, wanted)
            self.up_run = self.down_run = 0
            if new_cap < cap_table:
                self.dec_left -= 1
        if new_cap != cap_table:
            self.pending_cap = new_cap
            self.pending_at = t + 1 + self.lag
