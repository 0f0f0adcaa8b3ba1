"""On-demand mode: no provisioned capacity, a table ceiling that follows the previous peak.

Chapter ``notebooks/11_capacity_modes.ipynb`` is built on this module; ``notebooks/10_isolation.ipynb`` and
``notebooks/15_diagnosis.ipynb`` use it too. Three parts:

* closed-form bounds: what a table serves at once (:func:`on_demand_ceiling`) and how long sustained demand takes
  to be served in full as the ceiling doubles (:func:`on_demand_seconds_to_serve`);
* :class:`OnDemand`, the mode's settings (previous peak, maximum throughput, quota, warm throughput), with AWS's
  published figures :data:`ON_DEMAND_DOUBLING_S`, :data:`ON_DEMAND_NEW_TABLE_PEAK` and
  :data:`ON_DEMAND_SWITCHES_PER_DAY` (their sources in :data:`hotpart.SOURCES`) and the assumptions
  :data:`ON_DEMAND_OVER_PEAK_REFUSED` and :data:`SWITCHED_PEAK_RULE` (:data:`hotpart.ASSUMPTIONS`);
* ``_OnDemandStep``, one second of the mode in :func:`hotpart.simulate`: the partitions scaled back in proportion
  when their total exceeds the table's ceiling, each refusal with the reason of the limit that bound.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

import numpy as np
from numpy.typing import NDArray

from ._capacity_common import _INF, _KINDS, _positive, _quota, _seq_sum
from ._validation import check_choice, check_divisor, check_number
from .constants import ASSUMPTIONS, ON_DEMAND_PEAK_MULTIPLIER, ON_DEMAND_TABLE_QUOTA_WRU
from .refusals import Refusal

#: The refusal codes as plain ints (an IntEnum member looked up on its class costs microseconds a second).
_TABLE_REASONS = (int(Refusal.ON_DEMAND_QUOTA), int(Refusal.MAX_THROUGHPUT), int(Refusal.ON_DEMAND_PEAK))
_NONE, _PARTITION_CEILING = int(Refusal.NONE), int(Refusal.PARTITION_CEILING)

if TYPE_CHECKING:
    from .simulator import _Records

__all__ = [
    "ON_DEMAND_DOUBLING_S",
    "ON_DEMAND_NEW_TABLE_PEAK",
    "ON_DEMAND_OVER_PEAK_REFUSED",
    "ON_DEMAND_SWITCHES_PER_DAY",
    "SWITCHED_PEAK_RULE",
    "OnDemand",
    "on_demand_ceiling",
    "on_demand_seconds_to_serve",
]

#: On-demand mode *can* throttle traffic above double the previous peak if it arrives
#: within this many seconds (30 minutes) of that peak; the model lets the peak it
#: doubles catch up with served traffic after this delay.
ON_DEMAND_DOUBLING_S: Final[float] = 1800.0
#: The previous peak a newly created on-demand table starts from, request units per
#: second (it can serve double this at once: 4,000 writes or 12,000 reads per second).
ON_DEMAND_NEW_TABLE_PEAK: Final[dict[str, float]] = {"write": 2_000.0, "read": 6_000.0}
#: How many times a table may switch from provisioned to on-demand mode in a rolling 24 hours
#: (switching back to provisioned is allowed at any time).
ON_DEMAND_SWITCHES_PER_DAY: Final[int] = 4
#: Fraction of on-demand traffic above double the previous peak that is refused (1: the worst case).
ON_DEMAND_OVER_PEAK_REFUSED: Final[float] = ASSUMPTIONS["ON_DEMAND_OVER_PEAK_REFUSED"].value  # type: ignore[assignment]
#: Which previous peak a table switched from provisioned to on-demand starts from (an assumption: AWS lists two).
SWITCHED_PEAK_RULE: Final[str] = ASSUMPTIONS["SWITCHED_PEAK_RULE"].value  # type: ignore[assignment]
_PEAK_RULES = ("higher", "half", "new-table")


def on_demand_ceiling(previous_peak: float) -> float:
    """What an on-demand table serves at once: :data:`ON_DEMAND_PEAK_MULTIPLIER` times its previous peak.

    Assumptions: table level only (partition ceilings and the table quota
    still apply); the previous peak is the highest traffic the table has
    served.

    Parameters
    ----------
    previous_peak : float
        Previous peak of served traffic, units/s, ``> 0``.

    Returns
    -------
    float
        Units/s served without throttling at once.

    Examples
    --------
    >>> on_demand_ceiling(2_000)
    4000.0
    """
    return ON_DEMAND_PEAK_MULTIPLIER * _positive("previous_peak", previous_peak)


def on_demand_seconds_to_serve(
    demand: float,
    previous_peak: float,
    doubling_s: float = ON_DEMAND_DOUBLING_S,
    quota: float = ON_DEMAND_TABLE_QUOTA_WRU,
) -> float:
    """Seconds of sustained ``demand`` before an on-demand table serves all of it.

    Assumptions: the table serves up to twice its previous peak at once; the
    peak it doubles catches up with what it served ``doubling_s`` seconds
    earlier (AWS: traffic above double the previous peak within 30 minutes may
    be throttled), so under sustained demand the ceiling doubles every
    ``doubling_s``. Partition ceilings are ignored (demand spread over enough
    partitions). Demand above ``quota`` is never served.

    .. math:: t = \\tau \\left\\lceil \\log_2 \\frac{D}{2P} \\right\\rceil^{+}

    Parameters
    ----------
    demand : float
        Sustained table demand, units/s, ``>= 0``.
    previous_peak : float
        The previous peak, units/s, ``> 0``, and at least ``demand / (2 * 1.8e308)`` (below it the ratio of demand
        to twice the peak overflows).
    doubling_s : float
        Seconds for the peak to catch up, ``> 0``.
    quota : float
        The table quota (or a maximum throughput), units/s, ``> 0`` and finite
        (every on-demand table has a quota).

    Returns
    -------
    float
        Seconds until nothing is throttled; 0 when ``demand`` is within
        double the peak, ``inf`` above ``quota`` (never served).

    Examples
    --------
    >>> on_demand_seconds_to_serve(4_000, 2_000)
    0.0
    >>> on_demand_seconds_to_serve(16_000, 2_000)  # 4,000 -> 8,000 -> 16,000
    3600.0
    >>> on_demand_seconds_to_serve(50_000, 2_000)
    inf
    """
    d = _positive("demand", demand, allow_zero=True)
    p = _positive("previous_peak", previous_peak)
    tau = _positive("doubling_s", doubling_s)
    q = _positive("quota", quota)
    if d > q:
        return _INF
    check_divisor("previous_peak", p, d / ON_DEMAND_PEAK_MULTIPLIER, "demand / (2 x previous_peak), the peak's growth")
    ratio = d / (ON_DEMAND_PEAK_MULTIPLIER * p)
    if ratio <= 1.0:
        return 0.0
    return tau * math.ceil(math.log(ratio, ON_DEMAND_PEAK_MULTIPLIER) - 1e-12)


@dataclass(frozen=True)
class OnDemand:
    """On-demand mode: no provisioned capacity, a ceiling that follows the previous peak.

    The table serves at once up to :data:`ON_DEMAND_PEAK_MULTIPLIER` times its
    previous peak (or its warm throughput, if that is higher); the peak it
    doubles catches up with served traffic after ``doubling_s`` seconds. AWS
    says traffic above double the previous peak within 30 minutes *can* be
    throttled; the model refuses ``over_peak_refused`` of it (all of it by
    default: the worst case, :data:`ON_DEMAND_OVER_PEAK_REFUSED`). AWS does not
    document which throttling reason such a refusal carries. The table never
    serves more than the table quota (:data:`ON_DEMAND_TABLE_QUOTA_WRU` /
    ``_RRU``, refused with :data:`QUOTA_EXCEPTION`) nor more than the optional
    maximum throughput you set. Per-partition ceilings hold as in provisioned
    mode.

    Parameters
    ----------
    previous_peak : float, optional
        Previous peak, units/s, ``> 0``; a new table's
        (:data:`ON_DEMAND_NEW_TABLE_PEAK`) if omitted.
    max_throughput : float, optional
        A maximum throughput set on the table, units/s, ``> 0``; none if omitted.
    quota : float, optional
        The table quota, units/s, ``> 0``; the default quota for the kind if omitted.
    doubling_s : float
        Seconds for the peak to catch up, ``> 0``.
    warm_throughput : float, optional, keyword-only
        The table's warm throughput, units/s, ``> 0``: what it can serve at
        once. Pre-warming raises it ahead of a known peak. The instant ceiling
        is the larger of it and double the previous peak; none if omitted.
    over_peak_refused : float, keyword-only
        Fraction of the traffic above the instant ceiling (and within the
        quota and maximum) that is refused, in ``[0, 1]``
        (:data:`ON_DEMAND_OVER_PEAK_REFUSED`, an assumption: 1 is the worst
        case; AWS only says such traffic *can* be throttled).

    Examples
    --------
    >>> OnDemand(previous_peak=1_000)
    OnDemand(previous peak 1,000 units/s, instant 2,000, default quota, no maximum throughput)
    >>> OnDemand(previous_peak=1_000, warm_throughput=10_000, over_peak_refused=0.5)
    OnDemand(previous peak 1,000 units/s, instant 10,000, default quota, no maximum throughput, 50% of over-peak refused)
    """

    previous_peak: float | None = None
    max_throughput: float | None = None
    quota: float | None = None
    doubling_s: float = ON_DEMAND_DOUBLING_S
    warm_throughput: float | None = field(default=None, kw_only=True)
    over_peak_refused: float = field(default=ON_DEMAND_OVER_PEAK_REFUSED, kw_only=True)

    name: str = field(default="on-demand", init=False, repr=False)

    def __post_init__(self) -> None:
        if self.previous_peak is not None:
            object.__setattr__(self, "previous_peak", _positive("previous_peak", self.previous_peak))
        if self.max_throughput is not None:
            object.__setattr__(self, "max_throughput", _positive("max_throughput", self.max_throughput))
        if self.quota is not None:
            object.__setattr__(self, "quota", _positive("quota", self.quota))
        object.__setattr__(self, "doubling_s", _positive("doubling_s", self.doubling_s))
        if self.warm_throughput is not None:
            object.__setattr__(self, "warm_throughput", _positive("warm_throughput", self.warm_throughput))
        object.__setattr__(self, "over_peak_refused", check_number("over_peak_refused", self.over_peak_refused, low=0, high=1))

    @classmethod
    def switched_from_provisioned(
        cls, provisioned: float, kind: str = "write", peak_rule: str = SWITCHED_PEAK_RULE, **settings: object
    ) -> OnDemand:
        """An on-demand table that was provisioned at ``provisioned`` units/s before the switch.

        AWS gives its previous peak as one of half the previous provisioned
        throughput or a new on-demand table's setting, without saying which
        applies; by default the model takes the higher (the assumption
        ``hp.ASSUMPTIONS["SWITCHED_PEAK_RULE"]``).

        Parameters
        ----------
        provisioned : float
            Provisioned capacity before the switch, units/s, ``> 0``.
        kind : {"write", "read"}
            Which new-table setting applies (:data:`ON_DEMAND_NEW_TABLE_PEAK`).
        peak_rule : {"higher", "half", "new-table"}
            Which of AWS's two values is the previous peak: the higher of them,
            half the provisioned rate, or a new table's setting.
        **settings
            Further :class:`OnDemand` settings (``max_throughput``, ...).

        Examples
        --------
        >>> OnDemand.switched_from_provisioned(10_000).previous_peak
        5000.0
        >>> OnDemand.switched_from_provisioned(1_000).previous_peak  # a new table's is higher
        2000.0
        >>> OnDemand.switched_from_provisioned(1_000, peak_rule="half").previous_peak
        500.0
        """
        p = _positive("provisioned", provisioned)
        kind = check_choice("kind", kind, _KINDS)
        rule = check_choice("peak_rule", peak_rule, _PEAK_RULES)
        values = {"half": p / 2.0, "new-table": ON_DEMAND_NEW_TABLE_PEAK[kind]}
        peak = max(values.values()) if rule == "higher" else values[rule]
        return cls(previous_peak=peak, **settings)  # type: ignore[arg-type]

    def __repr__(self) -> str:
        peak = "a new table's" if self.previous_peak is None else f"{self.previous_peak:,.0f} units/s"
        instant = ""
        if self.previous_peak is not None:
            instant = f", instant {max(on_demand_ceiling(self.previous_peak), self.warm_throughput or 0.0):,.0f}"
        quota = "default quota" if self.quota is None else f"quota {self.quota:,.0f}"
        mx = "no maximum throughput" if self.max_throughput is None else f"maximum {self.max_throughput:,.0f}"
        over = "" if self.over_peak_refused == 1.0 else f", {self.over_peak_refused:.0%} of over-peak refused"
        return f"OnDemand(previous peak {peak}{instant}, {quota}, {mx}{over})"

    def peak(self, kind: str) -> float:
        """The starting previous peak for ``kind``, units/s."""
        kind = check_choice("kind", kind, _KINDS)
        return ON_DEMAND_NEW_TABLE_PEAK[kind] if self.previous_peak is None else self.previous_peak

    def instant_ceiling(self, peak: float) -> float:
        """What the table serves at once given its previous ``peak``: double it, or the warm throughput if higher.

        Parameters
        ----------
        peak : float
            The previous peak, units/s, ``> 0``.

        Returns
        -------
        float
            Units/s served at once.

        Examples
        --------
        >>> OnDemand(previous_peak=1_000).instant_ceiling(1_000)
        2000.0
        >>> OnDemand(warm_throughput=10_000).instant_ceiling(1_000)  # pre-warmed
        10000.0
        """
        return self._instant_ceiling(_positive("peak", peak))

    def _instant_ceiling(self, peak: float) -> float:
        """:meth:`instant_ceiling` without the check (the simulator's loop calls it every second)."""
        doubled = ON_DEMAND_PEAK_MULTIPLIER * peak
        return doubled if self.warm_throughput is None else max(doubled, self.warm_throughput)

    def table_limit(self) -> float:
        """The maximum throughput, units/s (``inf`` when none is set)."""
        return math.inf if self.max_throughput is None else self.max_throughput

    def table_quota(self, kind: str) -> float:
        """The table quota for ``kind``, units/s."""
        return _quota(kind) if self.quota is None else self.quota


class _OnDemandStep:
    """One second of on-demand mode: a table ceiling that follows the previous peak, and the partition ceilings.

    Contract (:meth:`serve`): each partition offers ``m_i = min(o_i, c)``; when their total exceeds the table's
    ceiling (:meth:`_table_ceiling`) every partition is scaled back in proportion, and each refusal carries the
    reason of the limit that bound (or the partition ceiling). The peak it doubles catches up with what the table
    served ``doubling_s`` seconds earlier, so under sustained demand the ceiling doubles every ``doubling_s``.
    No buckets: ``tokens`` and ``burst`` stay zero; splits change nothing here but where keys sit.

    Parameters
    ----------
    mode : OnDemand
        The mode.
    kind : {"write", "read"}
        Which quota and new-table peak apply.
    n_sec : int
        Seconds simulated (the served totals are kept for the look-back).
    """

    cap_table = 0.0  # no provisioned capacity

    def __init__(self, mode: OnDemand, kind: str, n_sec: int) -> None:
        self.mode = mode
        self.peak = mode.peak(kind)
        self.over_peak_served = 1.0 - mode.over_peak_refused
        self.lasting = (mode.table_quota(kind), mode.table_limit())  # the quota, then the maximum throughput
        self.lookback = int(mode.doubling_s)
        self.totals = np.zeros(n_sec)  # served total per second
        self._summed = 0  # seconds whose total is in totals

    def _table_ceiling(self, t: int, total: float, served: NDArray[np.float64] | None = None) -> tuple[float, int]:
        """The table's ceiling this second, units/s, and which limit set it (0 quota, 1 maximum, 2 peak).

        ``served`` holds the seconds served so far (rows before ``t``): the served totals the look-back needs are summed
        from it when first needed, many seconds at once (else :attr:`totals` must be filled by the caller).
        """
        if t >= self.mode.doubling_s:
            back = t - self.lookback
            if served is not None and back >= self._summed:
                self.sum_totals(t, served)
            self.peak = max(self.peak, self.totals[back])
        # ties go to the lasting limit: the quota, then the maximum throughput, then the peak
        limits = (*self.lasting, self.mode._instant_ceiling(self.peak))
        cap = min(limits)
        which = limits.index(cap)
        if which == 2 and self.over_peak_served > 0.0 and total > cap:
            # AWS: over-peak traffic *can* be throttled; serve part of it, within the quota and maximum
            hard = min(limits[0], limits[1])
            cap = cap + self.over_peak_served * (min(total, hard) - cap)
            if cap >= hard:
                which = limits.index(hard)
        return cap, which

    def sum_totals(self, t: int, served: NDArray[np.float64]) -> None:
        """Sum the served totals of the seconds before ``t`` not summed yet (second ``t`` is not served yet: its total
        is still 0), many at once: the same left-to-right row sums ``_seq_sum`` gives a second at a time."""
        if t > self._summed:
            self.totals[self._summed : t] = served[self._summed : t].cumsum(axis=1)[:, -1]
            self._summed = t

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

        ``total`` is ``_seq_sum(m)`` and ``over`` whether any ``o`` exceeds the ceiling, when the caller has them
        (computed here when ``None``).
        """
        if total is None:
            total = _seq_sum(m)
        cap, which = self._table_ceiling(t, total, rec.served)
        rec.capacity[t] = cap
        if total > cap:
            s_od = m * (cap / total)
            table_reason = _TABLE_REASONS[which]
        else:
            s_od = m
            table_reason = _NONE
            if over is False:
                # nothing scaled back and nothing over the ceiling: m is o, so nothing is refused (o - o == 0)
                rec.settle(t, o, s_od)
                return
        thr = rec.settle(t, o, s_od)
        # each refused cell: the table's limit where it was scaled back, else the partition ceiling (masked: the same
        # cells and codes as gathering the refused ones)
        np.copyto(rec.reason[t], np.where(s_od < m, table_reason, _PARTITION_CEILING), where=thr > 0, casting="unsafe")

    def split(self, p: int, new: int) -> None:
        """A split moves keys only; the table ceiling is not per partition."""

    def refresh_share(self) -> None:
        """Nothing is shared out in on-demand mode."""
