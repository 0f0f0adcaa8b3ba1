"""Adaptive capacity: the table's unused provisioned capacity lent to a hot partition, never past its ceiling.

Chapter ``notebooks/09_adaptive.ipynb`` is built on this module; ``notebooks/10_isolation.ipynb``,
``notebooks/12_gsi.ipynb`` and ``notebooks/15_diagnosis.ipynb`` use its bounds. Two parts:

* closed-form bounds: the rate adaptive capacity can sustain for one partition (:func:`adaptive_rate`), and the
  most one item can ever be served (:func:`max_item_rate`; :func:`max_key_rate` for a partition key whose items
  cannot be split);
* ``_AdaptiveCapacity``, the lender that :func:`hotpart.simulate`'s provisioned step
  (:mod:`hotpart.models.provisioned`) asks each second, with its delay
  (``Provisioned(adaptive_delay_s=...)``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._capacity_common import _KINDS, _ceiling, _positive, _seq_sum
from ._validation import check_array, check_choice, check_count

if TYPE_CHECKING:
    from .provisioned import Provisioned

_add, _multiply = np.add, np.multiply
#: The smallest normal float64, 2**-1022: below it (subnormal numbers) a quotient or product keeps fewer significant
#: bits the smaller it is, so a loan computed there can pass what the table left unused by far more than round-off.
_TINY = float(np.finfo(np.float64).tiny)
#: No partition eligible (read only: callers only read it).
_NO_PARTITIONS = np.empty(0, dtype=np.int64)
_NO_PARTITIONS.flags.writeable = False

__all__ = ["ADAPTIVE_LOAN_SPLIT", "adaptive_rate", "max_item_rate", "max_key_rate"]

#: How adaptive capacity's loan is shared each second (``_AdaptiveCapacity.lend``): only the units the token buckets
#: left unused in that same second are lent, split between the partitions that are short in proportion to what each
#: lacks. AWS publishes neither (``hp.ASSUMPTIONS["ADAPTIVE_LOAN_SPLIT"]``).
ADAPTIVE_LOAN_SPLIT: Final[tuple[str, str]] = ("the same second's unused units", "in proportion to what each lacks")


def adaptive_rate(table_capacity: float, n_partitions: int, others_demand: ArrayLike = 0.0, kind: str = "write") -> float:
    """The rate one hot partition can sustain under adaptive capacity, units/s.

    Assumptions: provisioned mode; the table's ``table_capacity`` is split
    evenly, ``table_capacity / n_partitions`` per partition; the other
    partitions keep their demand steady; adaptive capacity lends the hot
    partition all the capacity they leave unused, at once and for as long as
    needed (000 and 002 call it instant). It cannot lend more than the table
    is provisioned for, nor lift the partition past its ceiling:

    .. math:: r = \\min\\Big(c,\\; \\frac{C}{n} + \\sum_{j \\ne i} \\max\\big(0, \\tfrac{C}{n} - d_j\\big)\\Big)

    Burst is ignored (it only lasts a while, see :func:`hotpart.burst_seconds`).

    Parameters
    ----------
    table_capacity : float
        Provisioned capacity of the table, units/s, ``> 0``.
    n_partitions : int
        Partitions, in ``[1, 2**53]`` (the largest count exact in float64).
    others_demand : float or array_like
        Demand of each of the other ``n_partitions - 1`` partitions, units/s,
        ``>= 0``; a scalar applies to each.
    kind : {"write", "read"}
        Which ceiling applies: :data:`PARTITION_MAX_WCU` or :data:`PARTITION_MAX_RCU`.

    Returns
    -------
    float
        The sustainable rate of the hot partition, units/s.

    Examples
    --------
    >>> adaptive_rate(400, 4, 50)   # AWS's example: 100 + 3 x 50 unused
    250.0
    >>> adaptive_rate(10_000, 4, 0)  # the ceiling binds
    1000.0
    """
    c_total = _positive("table_capacity", table_capacity)
    n = check_count("n_partitions", n_partitions, low=1)
    kind = check_choice("kind", kind, _KINDS)
    d = check_array("others_demand", others_demand, low=0, high=math.inf, high_open=True)
    share = c_total / n
    if d.ndim == 0:  # a scalar applies to each of the others: no array of n - 1 values is built
        unused = (n - 1) * max(0.0, share - float(d))
    else:
        if d.shape != (n - 1,):
            raise ValueError(f"others_demand must be a scalar or hold n_partitions - 1 = {n - 1} values; got {d.shape}")
        unused = float(np.maximum(0.0, share - d).sum())
    return min(_ceiling(kind), share + unused)


def max_item_rate(kind: str = "write") -> float:
    """The most one item can ever be served, units/s: the partition ceiling.

    Assumptions: none about the mode. Provisioned, auto scaling and on-demand
    all keep the per-partition ceiling; adaptive capacity can at best isolate
    the item on a partition of its own, which then serves up to the ceiling
    (002 「アクセス頻度の高い項目を分離する」); burst cannot lift it. One item
    is never split, so no setting of the table serves it more.

    The same bound holds for one *partition key* only when its items cannot
    be spread over partitions: a simple primary key (one item per key), a
    table with a local secondary index (its item collections are never
    split), or traffic that follows a monotonically increasing or decreasing
    sort key (all of it lands on the newest item). Otherwise an item collection
    can be split between its items, by sort key (002), and the key as a whole
    can be served more (chapter 10).

    Parameters
    ----------
    kind : {"write", "read"}
        Write units (WCU/s) or read units (RCU/s).

    Returns
    -------
    float
        :data:`PARTITION_MAX_WCU` or :data:`PARTITION_MAX_RCU`.

    Examples
    --------
    >>> max_item_rate("write"), max_item_rate("read")
    (1000.0, 3000.0)
    """
    return _ceiling(check_choice("kind", kind, _KINDS))


def max_key_rate(kind: str = "write") -> float:
    """The most one partition key whose items cannot be split can be served, units/s.

    The older name of :func:`max_item_rate`, kept working. It is the bound
    for one *item*, and for one partition key only under the conditions
    given there (one item per key, an LSI, or a monotonic sort key); an item
    collection without them can be split between its items.

    Examples
    --------
    >>> max_key_rate("write") == max_item_rate("write")
    True
    """
    return max_item_rate(kind)


class _AdaptiveCapacity:
    """Adaptive capacity: lends the table's unused provisioned units to partitions short of their own.

    Contract, each second (:meth:`lend`): a partition is eligible once it has been short (demand left after its
    token bucket and burst) for more than ``delay`` seconds in a row; eligible partitions get
    :math:`\\text{want}_i \\min(1, U / W)`, where ``W`` is what they want in total and ``U`` the units all token
    buckets left unused, so no more than ``U`` is ever lent (in float64, up to the round-off of a product and a
    sum: a few ulps); ``g = min(1, W / U)`` is the fraction of ``U`` lent. Where ``U`` or ``U / W`` is subnormal
    (below 2**-1022, where float64 loses significant bits; Hypothesis found a loan of 2.2250738588e-313 out of
    2.2250738585e-313) the share ``U / W`` is lowered to the largest that lends at most ``U``, exactly
    (:func:`_loan_within`). When off, nothing is lent.

    Parameters
    ----------
    mode : Provisioned
        ``adaptive`` and ``adaptive_delay_s``.
    n_alloc : int
        Partitions allocated.
    """

    def __init__(self, mode: Provisioned, n_alloc: int) -> None:
        self.enabled = mode.adaptive
        self.delay = mode.adaptive_delay_s
        self.run = np.zeros(n_alloc)  # seconds each partition has been short of its own capacity
        self.lent = np.zeros(n_alloc)
        self.any_lent = False  # whether lent holds anything but zeros
        self._run_zero = True  # whether run is all zeros

    def lend(
        self, short: NDArray[np.bool_], any_short: bool, want: NDArray[np.float64], unused: NDArray[np.float64]
    ) -> tuple[float, NDArray[np.int64], float]:
        """Fill :attr:`lent`; return ``g``, the eligible partitions, and ``U`` (``-1`` when it was not needed)."""
        if self.any_lent:
            self.lent.fill(0.0)
            self.any_lent = False
        lent_frac, total_unused = 0.0, -1.0
        if not self.enabled:
            return lent_frac, _NO_PARTITIONS, total_unused
        run = self.run
        if not any_short:
            # (run + 1) x False: every count back to +0.0, as a fill gives
            if not self._run_zero:
                run.fill(0.0)
                self._run_zero = True
            return lent_frac, _NO_PARTITIONS, total_unused
        _add(run, 1.0, out=run)
        _multiply(run, short, out=run)
        self._run_zero = False
        eligible = (run > self.delay).nonzero()[0]
        if eligible.size:
            wanted = want[eligible]
            total_want = _seq_sum(wanted)
            total_unused = _seq_sum(unused)
            if total_want > 0 and total_unused > 0:
                give = min(1.0, total_unused / total_want)
                lent_frac = min(1.0, total_want / total_unused)
                if give < 1.0 and min(give, total_unused) < _TINY:
                    self.lent[eligible] = _loan_within(wanted, give, total_unused)
                else:
                    self.lent[eligible] = wanted * give
                self.any_lent = True
        return lent_frac, eligible, total_unused

    def split(self, p: int, new: int) -> None:
        """Partition ``p`` splits: the new half has been short as long as its parent."""
        self.run[new] = self.run[p]


def _float_bits(x: float) -> int:
    """The bits of a float64 ``>= 0`` as an int: for such floats, bits and values sort alike."""
    return int(np.array(x, dtype=np.float64).view(np.int64))


def _bits_float(bits: int) -> float:
    return float(np.array(bits, dtype=np.int64).view(np.float64))


def _loan_within(wanted: NDArray[np.float64], give: float, total_unused: float) -> NDArray[np.float64]:
    """``wanted x g`` for the largest ``g <= give`` whose loans sum (left to right) to at most ``total_unused``.

    For a loan in subnormal numbers, where ``give = U / W`` and the products have lost significant bits: the sum of
    the loans is non-decreasing in ``g`` (rounding is monotonic), so the largest share that fits is found by
    bisection over the bits of ``[0, give]`` (at most 64 steps; ``give`` itself when it already fits).

    Examples
    --------
    Hypothesis's case: 2.2250738585e-313 units left unused, three partitions short by 4 units each.

    >>> u = 2.2250738585e-313
    >>> lent = np.array([4.0, 4.0, 4.0]) * (u / 12.0)
    >>> bool(lent.sum() > u), bool(_loan_within(np.array([4.0, 4.0, 4.0]), u / 12.0, u).sum() <= u)
    (True, True)
    """
    lent = wanted * give
    if _seq_sum(lent) <= total_unused:
        return lent
    low, high = 0, _float_bits(give) - 1  # the largest bits whose loans fit lie in [low, high]; 0 (g = 0) always fits
    while low < high:
        mid = (low + high + 1) // 2
        if _seq_sum(wanted * _bits_float(mid)) <= total_unused:
            low = mid
        else:
            high = mid - 1
    return wanted * _bits_float(low)
