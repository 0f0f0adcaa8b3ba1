"""Splits for heat: a partition kept hot for minutes splits at its key-traffic median.

Chapter ``notebooks/10_isolation.ipynb`` is built on this module. Two parts:

* :class:`SplitForHeat`, the trigger (the course's own choice: AWS names split for heat but publishes neither
  threshold nor delay, so :data:`SPLIT_TRIGGER_FRACTION` and :data:`SPLIT_TRIGGER_MINUTES` are assumptions in
  :data:`hotpart.ASSUMPTIONS`), and the simulation's cap on partitions, :data:`MAX_SPLIT_PARTITIONS`;
* ``_SplitForHeatController``, which :func:`hotpart.simulate` runs after each second: how long each partition has
  stayed hot, and its splits (``_split_partition``: keys cut in hash order where the second's traffic is halved,
  inside an item collection when the half falls there, between its items, unless an LSI or a monotonic sort key
  forbids it; one item never).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np
from numpy.typing import NDArray

from ._capacity_common import _positive
from ._validation import check_choice, check_number
from .constants import ASSUMPTIONS

if TYPE_CHECKING:
    from .on_demand import _OnDemandStep
    from .provisioned import _ProvisionedStep
    from .simulator import Table, _KeyPlacement, _Records, _Segments

__all__ = ["MAX_SPLIT_PARTITIONS", "SPLIT_TRIGGER_FRACTION", "SPLIT_TRIGGER_MINUTES", "SplitForHeat"]

#: Served fraction of the partition ceiling at which a partition counts as hot for a split.
SPLIT_TRIGGER_FRACTION: Final[float] = ASSUMPTIONS["SPLIT_TRIGGER_FRACTION"].value  # type: ignore[assignment]
#: Minutes a partition must stay hot before it splits.
SPLIT_TRIGGER_MINUTES: Final[float] = ASSUMPTIONS["SPLIT_TRIGGER_MINUTES"].value  # type: ignore[assignment]
#: The most partitions a simulation with splits may reach: a limit of the simulation (columns are
#: allocated up front), not of DynamoDB.
MAX_SPLIT_PARTITIONS: Final[int] = ASSUMPTIONS["MAX_SPLIT_PARTITIONS"].value  # type: ignore[assignment]


@dataclass(frozen=True)
class SplitForHeat:
    """Splits for heat: a partition kept busy for minutes splits at its key-traffic median.

    The trigger is the course's own choice (AWS names split for heat but
    publishes no threshold nor delay): :data:`SPLIT_TRIGGER_FRACTION` and
    :data:`SPLIT_TRIGGER_MINUTES` by default, both listed in
    :data:`hotpart.ASSUMPTIONS`.
    A partition whose served units stay at or above ``threshold`` times its
    ceiling for ``minutes`` consecutive minutes splits in two at the end of
    that second: the keys it holds, in hash order (an item collection's
    items in sort order, its traffic taken to be spread evenly over them),
    are cut where the traffic of that second is halved, and each half takes
    half its provisioned share and burst. When the half falls inside an item
    collection, the collection is cut between its items (the cut nearest the
    half, key boundaries included). One item is never split. A collection is
    never cut when the table has an LSI, or when the traffic follows a
    monotonically increasing sort key (all of it lands on the newest item, so
    a cut would not spread it): the cut then falls on the nearest key
    boundary, and a partition holding nothing but that key is blocked for
    good.

    Parameters
    ----------
    threshold : float
        Served fraction of the partition ceiling that counts as hot, in ``(0, 1]``.
    minutes : float
        Minutes the partition must stay hot, ``> 0``.
    monotonic_sort_key : bool
        Whether the hot keys' traffic follows a monotonically increasing sort key.

    Examples
    --------
    >>> SplitForHeat(threshold=0.8, minutes=5)
    SplitForHeat(above 80% of the ceiling for 5 min)
    """

    threshold: float = SPLIT_TRIGGER_FRACTION
    minutes: float = SPLIT_TRIGGER_MINUTES
    monotonic_sort_key: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "threshold", check_number("threshold", self.threshold, low=0, high=1, low_open=True))
        object.__setattr__(self, "minutes", _positive("minutes", self.minutes))
        check_choice("monotonic_sort_key", self.monotonic_sort_key, (True, False))

    def __repr__(self) -> str:
        mono = ", monotonic sort key" if self.monotonic_sort_key else ""
        return f"SplitForHeat(above {self.threshold:.0%} of the ceiling for {self.minutes:g} min{mono})"


class _SplitForHeatController:
    """Splits for heat: counts how long each partition has stayed hot, and splits those hot long enough.

    Contract (:meth:`after_second`): a partition whose served units are at or
    above ``threshold x ceiling`` for ``minutes x 60`` consecutive seconds splits at the end of that second
    (:func:`_split_partition`) into itself and the next free column, which the capacity step then shares with it
    (:meth:`_ProvisionedStep.split`); a split that cannot happen is recorded in :attr:`blocked` and never tried
    again for that partition. Before the first split of a second, every key's units of the seconds so far are booked
    to their minutes (:meth:`_KeyPlacement.book`), while keys still sit where they sat; :meth:`after_second` says
    whether keys moved, so that the orchestration places them again from the next second.

    Parameters
    ----------
    split : SplitForHeat
        Threshold, minutes, monotonic sort key.
    table : Table
        Partitions at the start, items per key and LSI (what may block a split).
    ceiling : float
        The per-partition ceiling, units/s.
    placement : _KeyPlacement
        Where the keys sit (splits move them) and the columns allocated (the cap on splits).
    step : _ProvisionedStep or _OnDemandStep
        The capacity step, which shares a split partition's capacity between its halves.
    """

    def __init__(
        self,
        split: SplitForHeat,
        table: Table,
        ceiling: float,
        placement: _KeyPlacement,
        step: _ProvisionedStep | _OnDemandStep,
    ) -> None:
        self.split = split
        self.table = table
        self.placement = placement
        self.step = step
        self.after = split.minutes * 60.0
        self.threshold = split.threshold * ceiling
        self.n_used = table.partitions
        self.n_alloc = n_alloc = placement.n_alloc
        self.hot_run = np.zeros(n_alloc)
        self._hot_now = np.empty(n_alloc, dtype=bool)
        self._hot_bound = 0.0  # at least the longest run of hot seconds of a partition not blocked
        self.blocked_flag = np.zeros(n_alloc, dtype=bool)
        self.splits: list[tuple[int, int, int]] = []
        self.blocked: list[tuple[int, int, str]] = []

    def after_second(self, t: int, rec: _Records) -> bool:
        """Second ``t`` is recorded: split the partitions hot long enough (booking each key's units of the seconds
        before, first); return whether keys moved."""
        hot_run = self.hot_run
        np.add(hot_run, 1.0, out=hot_run)
        np.greater_equal(rec.served[t], self.threshold, out=self._hot_now)
        np.multiply(hot_run, self._hot_now, out=hot_run)  # (hot_run + 1) x hot, in place
        self._hot_bound += 1.0  # no partition that may split has been hot longer
        if self._hot_bound < self.after:
            return False
        due = ((hot_run >= self.after) & ~self.blocked_flag).nonzero()[0]
        moved = False
        if due.size:
            placement, step = self.placement, self.step
            placement.book(t, rec.offered, rec.throttled)  # before any key moves
            for p in due.tolist():
                new = self.n_used
                why = _split_partition(
                    placement.seg, p, new, placement.demand[t], self.table, self.split, room=new < self.n_alloc
                )
                if why:
                    self.blocked_flag[p] = True
                    self.blocked.append((t, p, why))
                    continue
                self.splits.append((t, p, new))
                step.split(p, new)
                hot_run[p] = 0.0
                self.n_used += 1
                moved = True
            step.refresh_share()
        free = hot_run[~self.blocked_flag]
        self._hot_bound = float(free.max()) if free.size else 0.0
        return moved


def _split_partition(
    seg: _Segments,
    p: int,
    new: int,
    key_demand: NDArray[np.float64],
    table: Table,
    split: SplitForHeat,
    room: bool = True,
) -> str:
    """Split partition ``p`` at its traffic median into ``p`` and ``new``; return why not, or ``""``.

    The cut is the point nearest half the partition's traffic among the key boundaries and, for an item
    collection that may be cut (no LSI, no monotonic sort key), the boundaries between its items."""
    idx = np.flatnonzero(seg.part == p)
    if idx.size == 0:
        return "single item"
    order = np.lexsort((idx, seg.pos[idx]))
    idx = idx[order]
    splittable_item = seg.items[idx[0]] >= 2 and not table.has_lsi and not split.monotonic_sort_key
    if not room and (idx.size >= 2 or splittable_item):
        return "partition cap"
    if idx.size >= 2:
        traffic = key_demand[seg.key[idx]] * seg.frac[idx]
        cum = np.cumsum(traffic)
        half = cum[-1] / 2.0
        j = 1 + int(np.argmin(np.abs(cum[:-1] - half)))  # the key boundary nearest the median
        # the median may fall inside an item collection: cut it between its items when that is nearer the half
        m = min(int(np.searchsorted(cum, half, side="left")), idx.size - 1)
        s = int(idx[m])
        if traffic[m] > 0 and seg.items[s] >= 2 and not table.has_lsi and not split.monotonic_sort_key:
            before = float(cum[m] - traffic[m])
            per_item = float(traffic[m]) / float(seg.items[s])
            k = int(min(max(round((half - before) / per_item), 1), seg.items[s] - 1))
            if abs(before + k * per_item - half) < abs(float(cum[j - 1]) - half):
                seg.part[idx[m + 1 :]] = new
                _cut_collection(seg, s, k, new)
                return ""
        seg.part[idx[j:]] = new
        return ""
    s = int(idx[0])
    if seg.items[s] < 2:
        return "single item"
    if table.has_lsi:
        return "LSI"
    if split.monotonic_sort_key:
        return "monotonic sort key"
    _cut_collection(seg, s, int(seg.items[s] // 2), new)
    return ""


def _cut_collection(seg: _Segments, s: int, left_items: int, new: int) -> None:
    """Cut segment ``s`` (a piece of one item collection) after ``left_items`` of its items; the rest, a new
    segment at the same hash position (so it sorts after ``s``), goes to partition ``new``. The collection's
    traffic is taken to be spread evenly over its items."""
    right_items = int(seg.items[s] - left_items)
    whole = seg.frac[s]
    per_item = whole / seg.items[s]
    seg.items[s] = left_items
    seg.frac[s] = per_item * left_items
    seg.key = np.append(seg.key, seg.key[s])
    seg.pos = np.append(seg.pos, seg.pos[s])
    seg.items = np.append(seg.items, right_items)
    seg.frac = np.append(seg.frac, whole - seg.frac[s])
    seg.part = np.append(seg.part, new)
