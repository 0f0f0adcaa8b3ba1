"""Key designs: the partition keys the sources name, and the load they put on each partition over time.

:class:`DateKey` (today's date takes most traffic and rolls over at midnight), :class:`Categorical` (a
low-cardinality key: status, user type), :class:`FlashSale` (a popular item during a time sale), the catalogue
:func:`key_design` of :data:`KEY_DESIGNS` on the chapters' assumptions, and the load they put on partitions:
:func:`partition_load` and :func:`load_over_time`. Chapter 2 (``notebooks/02_key_designs.ipynb``) teaches them;
chapters 3, 4 and 15 (``notebooks/03_zipf.ipynb``, ``04_composite_keys.ipynb``, ``15_diagnosis.ipynb``) use them.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import MAX_ELEMENTS as _MAX_ELEMENTS
from ._validation import check_array, check_choice, check_count, check_number
from .skew import Boosted, KeyDistribution, Uniform, Zipf, _check_partitions

__all__ = [
    "DESIGN_KEYS",
    "ITEMS_ZIPF_S",
    "KEY_DESIGNS",
    "SALE_DURATION_H",
    "SALE_START_H",
    "Categorical",
    "DateKey",
    "FlashSale",
    "key_design",
    "load_over_time",
    "partition_load",
]


@dataclass(frozen=True, repr=False)
class Categorical(KeyDistribution):
    """A low-cardinality key with a given mix: status, user_type, a category.

    Parameters
    ----------
    shares_by_value : mapping of str to float
        Each key value's weight, ``>= 0``, with a positive total; the weights
        are normalised to shares summing to 1.

    Examples
    --------
    >>> c = Categorical({"ACTIVE": 0.90, "INACTIVE": 0.08, "SUSPENDED": 0.02})
    >>> c
    Categorical(3 values: ACTIVE 90.0%, INACTIVE 8.0%, SUSPENDED 2.0%; effective cardinality 1.22)
    >>> c.top_share(1)
    0.9
    """

    shares_by_value: Mapping[str, float]

    def __post_init__(self) -> None:
        if not isinstance(self.shares_by_value, Mapping) or not self.shares_by_value:
            raise ValueError(
                f"shares_by_value = {self.shares_by_value!r} is not allowed: must be a non-empty mapping of str to weight"
            )
        names = list(self.shares_by_value)
        for name in names:
            if not isinstance(name, str):
                raise ValueError(f"shares_by_value key {name!r} is not a string: key values must be str")
        w = check_array("shares_by_value", [self.shares_by_value[k] for k in names], low=0, high=math.inf, high_open=True)
        total = math.fsum(w)
        if total <= 0.0:
            raise ValueError(f"shares_by_value = {dict(self.shares_by_value)!r} sums to 0: must have a positive total")
        frozen = MappingProxyType(dict(zip(names, (float(x) for x in w / total), strict=True)))
        object.__setattr__(self, "shares_by_value", frozen)

    def __repr__(self) -> str:
        items = sorted(self.shares_by_value.items(), key=lambda kv: -kv[1])
        shown = ", ".join(f"{k} {v:.1%}" for k, v in items[:4]) + (", ..." if len(items) > 4 else "")
        return f"Categorical({self.n_keys} values: {shown}; effective cardinality {self.effective_cardinality():,.2f})"

    def __hash__(self) -> int:
        return hash(tuple(self.shares_by_value.items()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Categorical) and dict(self.shares_by_value) == dict(other.shares_by_value)

    @property
    def n_keys(self) -> int:  # type: ignore[override]
        """Number of key values."""
        return len(self.shares_by_value)

    def shares(self) -> NDArray[np.float64]:
        """The shares, in the order the values were given."""
        return np.fromiter(self.shares_by_value.values(), dtype=float, count=self.n_keys)

    def keys(self) -> list[str]:
        """The key values, in the order given."""
        return list(self.shares_by_value)


@dataclass(frozen=True, repr=False)
class DateKey(KeyDistribution):
    """A date as the partition key (``"2026-04-01"``): today's key takes the lion's share.

    Traffic to the key of a day ``d`` days old is proportional to
    ``decay**d``, for the ``n_days`` most recent days (older days get none):

    .. math:: p_d = \\frac{r^d (1 - r)}{1 - r^{n}}, \\qquad p_0 = \\text{today's share}.

    ``decay = 0`` sends everything to today (writes of logs or IoT readings);
    ``decay = 1`` spreads evenly over the window. At midnight the hot key
    rolls over to a new date, hashed afresh: usually onto a different partition
    (:meth:`at`).

    Parameters
    ----------
    n_days : int
        Days of keys that receive traffic, in ``[1, 3650]``.
    decay : float
        Traffic of each day relative to the next more recent day, in ``[0, 1]``.
    start : str
        Today's date at ``t_h = 0``, ISO ``YYYY-MM-DD``.

    Examples
    --------
    >>> d = DateKey(n_days=30, decay=0.2)
    >>> d
    DateKey(n_days=30, decay=0.2, start='2026-04-01': today's share 80.00%)
    >>> d.keys()[:2]
    ['2026-04-01', '2026-03-31']
    >>> d.at(25).keys()[0]
    '2026-04-02'
    >>> round(DateKey.with_today_share(30, 0.8).decay, 6)
    0.2
    """

    n_days: int
    decay: float
    start: str = "2026-04-01"

    def __post_init__(self) -> None:
        object.__setattr__(self, "n_days", check_count("n_days", self.n_days, low=1, high=3650))
        object.__setattr__(self, "decay", check_number("decay", self.decay, low=0, high=1))
        try:
            dt.date.fromisoformat(self.start)
        except (TypeError, ValueError):
            raise ValueError(f"start = {self.start!r} is not an ISO date: must be 'YYYY-MM-DD'") from None

    def __repr__(self) -> str:
        return f"DateKey(n_days={self.n_days}, decay={self.decay:g}, start={self.start!r}: today's share {self.today_share:.2%})"

    @classmethod
    def with_today_share(cls, n_days: int, today_share: float, start: str = "2026-04-01") -> DateKey:
        """The date key whose today's share is ``today_share``, in ``[1/n_days, 1]``."""
        n = check_count("n_days", n_days, low=1, high=3650)
        q = check_number("today_share", today_share, low=1.0 / n, high=1)
        if q >= 1.0 or n == 1:
            return cls(n, 0.0, start)
        if q <= 1.0 / n * (1 + 1e-12):
            return cls(n, 1.0, start)
        # today's share (1 - r) / (1 - r**n) falls from 1 to 1/n as r rises from 0 to 1: bisect to the float's
        # resolution (no scipy import: the command line's plan reads a date design at start)
        lo, hi = 1e-300, 1 - 1e-15
        for _ in range(200):
            mid = 0.5 * (lo + hi)
            if mid in (lo, hi):
                break
            if (1 - mid) / -math.expm1(n * math.log(mid)) > q:
                lo = mid
            else:
                hi = mid
        return cls(n, 0.5 * (lo + hi), start)

    @property
    def n_keys(self) -> int:  # type: ignore[override]
        """Number of date keys receiving traffic (``n_days``)."""
        return self.n_days

    @property
    def today_share(self) -> float:
        """Share of requests on today's key."""
        return float(self.shares()[0])

    def shares(self) -> NDArray[np.float64]:
        """Shares of today's key, yesterday's, ... (``n_days`` of them)."""
        if self.decay == 0.0:
            w = np.zeros(self.n_days)
            w[0] = 1.0
        else:
            w = self.decay ** np.arange(self.n_days, dtype=float)
        return w / math.fsum(w)

    def keys(self) -> list[str]:
        """The dates, today first, as ISO strings."""
        today = dt.date.fromisoformat(self.start)
        return [(today - dt.timedelta(days=d)).isoformat() for d in range(self.n_days)]

    def at(self, t_h: float) -> DateKey:
        """The date key ``t_h`` hours after midnight of ``start``: today moves on at every midnight.

        Parameters
        ----------
        t_h : float
            Hours after midnight of ``start``, in ``[0, 876000]`` (a hundred years).
        """
        t = check_number("t_h", t_h, low=0, high=24 * 365 * 100)
        day = dt.date.fromisoformat(self.start) + dt.timedelta(days=int(t // 24))
        return DateKey(self.n_days, self.decay, day.isoformat())


@dataclass(frozen=True, repr=False)
class FlashSale(KeyDistribution):
    """A popular item whose demand jumps by ``multiplier`` for ``duration_h`` hours from ``start_h`` (a time sale).

    Outside the sale the items follow ``Zipf(n_items, s)``; during it the
    item of rank ``item_rank`` is :class:`Boosted` by ``multiplier``, so its
    share at time t is

    .. math:: p(t) = \\frac{M(t)\\, b}{1 + (M(t) - 1)\\, b}, \\qquad
              M(t) = \\begin{cases} M & t_0 \\le t < t_0 + D \\\\ 1 & \\text{otherwise}\\end{cases}

    and total demand is ``1 + (M(t) - 1) b`` times the baseline. The three
    shared methods describe the sale's peak; :meth:`at` gives any moment.

    Parameters
    ----------
    n_items : int
        Number of items (product IDs), ``>= 1``.
    multiplier : float
        Demand multiplier of the sale item during the sale, in ``[1, 10**6]``.
    duration_h : float
        Length of the sale, hours, ``> 0``.
    start_h : float
        When the sale starts, hours, ``>= 0``.
    s : float
        Zipf exponent of the items' everyday popularity, in ``[0, 20]``.
    item_rank : int
        Everyday popularity rank of the sale item.

    Examples
    --------
    >>> sale = FlashSale(n_items=10_000, multiplier=200, duration_h=1, start_h=20, s=0.8)
    >>> sale
    FlashSale(10,000 items, s=0.8, ITEM#1 x200 from 20 h for 1 h: its share 3.69% -> 88.45%, total demand x8.34)
    >>> sale.item_share([19.5, 20.5]).round(4)
    array([0.0369, 0.8845])
    """

    n_items: int
    multiplier: float
    duration_h: float
    start_h: float = 0.0
    s: float = 0.0
    item_rank: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "n_items", check_count("n_items", self.n_items, low=1))
        object.__setattr__(self, "multiplier", check_number("multiplier", self.multiplier, low=1, high=1e6))
        object.__setattr__(
            self, "duration_h", check_number("duration_h", self.duration_h, low=0, high=math.inf, low_open=True, high_open=True)
        )
        object.__setattr__(self, "start_h", check_number("start_h", self.start_h, low=0, high=math.inf, high_open=True))
        object.__setattr__(self, "s", check_number("s", self.s, low=0, high=20))
        object.__setattr__(self, "item_rank", check_count("item_rank", self.item_rank, low=1, high=self.n_items))

    def __repr__(self) -> str:
        peak = self.peak
        return (
            f"FlashSale({self.n_items:,} items, s={self.s:g}, ITEM#{self.item_rank} x{self.multiplier:g} "
            f"from {self.start_h:g} h for {self.duration_h:g} h: its share {peak.base_share:.2%} -> "
            f"{peak.boosted_share:.2%}, total demand x{peak.total_factor:.4g})"
        )

    @property
    def everyday(self) -> Zipf:
        """The items' popularity outside the sale."""
        return Zipf(self.n_items, self.s, prefix="ITEM#")

    @property
    def peak(self) -> Boosted:
        """The distribution during the sale."""
        return Boosted(self.everyday, self.item_rank, self.multiplier)

    @property
    def n_keys(self) -> int:  # type: ignore[override]
        """Number of items."""
        return self.n_items

    def _multiplier(self, t: NDArray[np.float64]) -> NDArray[np.float64]:
        on = (t >= self.start_h) & (t < self.start_h + self.duration_h)
        return np.where(on, self.multiplier, 1.0)

    def item_share(self, t_h: ArrayLike) -> NDArray[np.float64]:
        """The sale item's share of all requests at ``t_h`` hours.

        Parameters
        ----------
        t_h : array_like
            Hours since the start, ``>= 0`` and finite; any shape (elementwise); at least one value.
        """
        t = check_array("t_h", t_h, low=0, high=math.inf, high_open=True, empty=False)
        b = self.peak.base_share
        m = self._multiplier(t)
        return m * b / (1.0 + (m - 1.0) * b)

    def demand_factor(self, t_h: ArrayLike) -> NDArray[np.float64]:
        """Total demand at ``t_h`` hours relative to everyday demand.

        Parameters
        ----------
        t_h : array_like
            Hours since the start, ``>= 0`` and finite; any shape (elementwise); at least one value.

        Examples
        --------
        >>> FlashSale(100, multiplier=10.0, duration_h=1.0, start_h=2.0).demand_factor([0.0, 2.5]).round(3)
        array([1.  , 1.09])
        """
        t = check_array("t_h", t_h, low=0, high=math.inf, high_open=True, empty=False)
        return 1.0 + (self._multiplier(t) - 1.0) * self.peak.base_share

    def at(self, t_h: float) -> KeyDistribution:
        """The sale's peak distribution while the sale runs, the everyday one otherwise.

        Parameters
        ----------
        t_h : float
            Hours since the start, ``>= 0`` and finite.

        Examples
        --------
        >>> sale = FlashSale(100, multiplier=10.0, duration_h=1.0, start_h=2.0)
        >>> sale.at(0.0) == sale.everyday, sale.at(2.5) == sale.peak
        (True, True)
        """
        t = check_number("t_h", t_h, low=0, high=math.inf, high_open=True)
        return self.peak if self.start_h <= t < self.start_h + self.duration_h else self.everyday

    def shares(self) -> NDArray[np.float64]:
        """Shares at the sale's peak (``n_items <= 10**7``)."""
        return self.peak.shares()

    def keys(self) -> list[str]:
        """``ITEM#1`` ... ``ITEM#n``."""
        return self.everyday.keys()

    def top_share(self, k: int = 1) -> float:
        """Combined share of the ``k`` hottest items at the sale's peak.

        Parameters
        ----------
        k : int
            Number of keys, in ``[0, n_keys]``.
        """
        return self.peak.top_share(k)

    def effective_cardinality(self) -> float:
        """Effective cardinality at the sale's peak."""
        return self.peak.effective_cardinality()

    def _count_above(self, threshold: float) -> int:
        return self.peak._count_above(threshold)

    def partition_shares(self, n_partitions: int, seed: int = 0) -> NDArray[np.float64]:
        """Partition shares at the sale's peak.

        Examples
        --------
        >>> FlashSale(100, multiplier=10.0, duration_h=1.0, start_h=2.0).partition_shares(2).round(3)
        array([0.486, 0.514])
        """
        return self.peak.partition_shares(n_partitions, seed)


def partition_load(dist: KeyDistribution, n_partitions: int, seed: int = 0) -> NDArray[np.float64]:
    """Share of requests on each partition for a key distribution (sum of its keys' shares).

    Exact for listable key spaces (up to 100,000 ranked keys,
    any :class:`Categorical` or :class:`DateKey`); for huge ranked key
    spaces the tail is sampled with ``seed`` (see
    :meth:`Zipf.partition_shares`).

    Parameters
    ----------
    dist : KeyDistribution
        The key popularity.
    n_partitions : int
        Number of partitions, in ``[1, 10**6]``.
    seed : int
        Seed of the sampled part.
        A whole number ``>= 0``; ``None`` is refused (:func:`hotpart.models._validation.check_seed`).

    Returns
    -------
    numpy.ndarray
        ``n_partitions`` shares summing to 1.

    Examples
    --------
    >>> partition_load(Categorical({"ACTIVE": 0.9, "INACTIVE": 0.1}), 4).round(2)
    array([0.9, 0.1, 0. , 0. ])
    >>> load = partition_load(Zipf(10**12, 0.99), 10)
    >>> round(float(load.sum()), 12), bool(load.max() > 0.1)
    (1.0, True)
    """
    if not isinstance(dist, KeyDistribution):
        raise ValueError(f"dist = {dist!r} is not allowed: must be a KeyDistribution (Zipf, Uniform, Categorical, ...)")
    return dist.partition_shares(n_partitions, seed)


#: The most times :func:`load_over_time` takes: each is a Python step (the distribution at that moment, about 7 µs,
#: some hundred times an array element's work), so MAX_ELEMENTS / 100. Not an AWS figure: a limit of the machine.
_LOAD_MAX_TIMES = _MAX_ELEMENTS // 100


def load_over_time(
    dist: KeyDistribution, t_h: ArrayLike, n_partitions: int, total_demand: float, seed: int = 0
) -> NDArray[np.float64]:
    """Demand on each partition at each time: ``total_demand * demand_factor(t) * partition_load(dist.at(t))``.

    Parameters
    ----------
    dist : KeyDistribution
        The key popularity; :class:`DateKey` rolls over at midnight and
        :class:`FlashSale` spikes during its sale.
    t_h : array_like
        Times, hours, ``>= 0`` and finite, a 1-D array: at least one value, at most 100,000
        (``MAX_ELEMENTS / 100``: each time is a Python step, the distribution at that moment, some 7 µs) and at
        most ``MAX_ELEMENTS / n_partitions`` (the array returned).
    n_partitions : int
        Number of partitions, in ``[1, 10**6]``.
    total_demand : float
        Everyday total demand on the table, units per second, ``>= 0``.
    seed : int
        Seed for sampled key spaces.
        A whole number ``>= 0``; ``None`` is refused (:func:`hotpart.models._validation.check_seed`).

    Returns
    -------
    numpy.ndarray
        Shape ``(len(t_h), n_partitions)``, units per second.

    Examples
    --------
    >>> d = load_over_time(DateKey(7, 0.0), [23, 25], n_partitions=4, total_demand=1000)
    >>> d.argmax(axis=1), d.max(axis=1)
    (array([2, 1]), array([1000., 1000.]))
    """
    t = check_array("t_h", t_h, low=0, high=math.inf, high_open=True, empty=False, ndim=1, max_size=_LOAD_MAX_TIMES)
    n = _check_partitions(n_partitions)
    if t.size * n > _MAX_ELEMENTS:
        raise ValueError(
            f"t_h ({t.size:,} times) × n_partitions = {n:,} is {t.size * n:,} values: must be at most {_MAX_ELEMENTS:,}"
        )
    total = check_number("total_demand", total_demand, low=0, high=math.inf, high_open=True)
    factor = dist.demand_factor(t)
    out = np.empty((t.size, n))
    seen: dict[KeyDistribution, NDArray[np.float64]] = {}
    for i, ti in enumerate(t):
        now = dist.at(float(ti))
        if now not in seen:
            seen[now] = partition_load(now, n, seed)
        out[i] = total * factor[i] * seen[now]
    return out


#: The partition-key designs that 000 「ホットパーティションを引き起こすキー設計」 and 001 「ホットパーティション問題」
#: name: four that cause hot partitions, three high-cardinality ones that do not.
KEY_DESIGNS: Final[tuple[str, ...]] = ("date", "status", "user_type", "popular item", "userId", "deviceId", "orderId")
#: Key spaces assumed for the high-cardinality designs, and the catalogue's items (a modelling choice:
#: ``ASSUMPTIONS["DESIGN_KEYS"]``).
DESIGN_KEYS: Final[dict[str, int]] = {"userId": 10**6, "deviceId": 10**5, "orderId": 10**9, "items": 10_000}
#: The time sale of the "popular item" design: start and length, hours (modelling choices, in ``ASSUMPTIONS``).
SALE_START_H: Final[float] = 44.0
SALE_DURATION_H: Final[float] = 1.0
#: Everyday Zipf exponent of the catalogue's items (a modelling choice, in ``ASSUMPTIONS``).
ITEMS_ZIPF_S: Final[float] = 0.8


def key_design(
    name: str,
    hot_share: float = 0.9,
    multiplier: float = 20.0,
    sale_start_h: float = SALE_START_H,
    sale_duration_h: float = SALE_DURATION_H,
    items_s: float = ITEMS_ZIPF_S,
    key_counts: Mapping[str, int] = DESIGN_KEYS,
) -> KeyDistribution:
    """The key popularity of one of :data:`KEY_DESIGNS`, on the assumptions the chapters state.

    * ``"date"``: :class:`DateKey` over 30 days, today's key taking ``hot_share``.
    * ``"status"``: ACTIVE takes ``hot_share``; INACTIVE and SUSPENDED split the rest 4:1.
    * ``"user_type"``: member takes ``hot_share``; guest and admin split the rest 9:1.
    * ``"popular item"``: :class:`FlashSale` over ``key_counts["items"]`` items (Zipf
      ``items_s``), ``ITEM#1``'s demand times ``multiplier`` for ``sale_duration_h`` hours
      from hour ``sale_start_h``.
    * ``"userId"``, ``"deviceId"``, ``"orderId"``: :class:`Uniform` over ``key_counts`` keys
      (10**6, 10**5 and 10**9 by default).

    Every default is a modelling choice the chapters show (``hp.ASSUMPTIONS``).

    Parameters
    ----------
    name : str
        One of :data:`KEY_DESIGNS`.
    hot_share : float
        Share of the hottest value (date, status, user_type), in ``[0.34, 1]``.
    multiplier : float
        The time sale's demand multiplier, in ``[1, 10**6]``.
    sale_start_h, sale_duration_h : float
        When the time sale starts (``>= 0``) and how long it lasts (``> 0``), hours; finite.
    items_s : float
        Zipf exponent of the items' everyday popularity, in ``[0, 20]``.
    key_counts : mapping of str to int
        Distinct keys of ``"userId"``, ``"deviceId"``, ``"orderId"`` and ``"items"``.

    Returns
    -------
    KeyDistribution

    Examples
    --------
    >>> key_design("status")
    Categorical(3 values: ACTIVE 90.0%, INACTIVE 8.0%, SUSPENDED 2.0%; effective cardinality 1.22)
    >>> key_design("userId").n_keys
    1000000
    """
    check_choice("name", name, KEY_DESIGNS)
    q = check_number("hot_share", hot_share, low=0.34, high=1)
    m = check_number("multiplier", multiplier, low=1, high=1e6)
    # checked whatever the design, so that a bad value never passes silently
    start_h = check_number("sale_start_h", sale_start_h, low=0, high=math.inf, high_open=True)
    duration_h = check_number("sale_duration_h", sale_duration_h, low=0, high=math.inf, low_open=True, high_open=True)
    s = check_number("items_s", items_s, low=0, high=20)
    rest = 1.0 - q
    if name == "date":
        return DateKey.with_today_share(30, q)
    if name == "status":
        return Categorical({"ACTIVE": q, "INACTIVE": 0.8 * rest, "SUSPENDED": 0.2 * rest})
    if name == "user_type":
        return Categorical({"member": q, "guest": 0.9 * rest, "admin": 0.1 * rest})
    if name == "popular item":
        return FlashSale(key_counts["items"], m, duration_h, start_h, s=s)
    prefix = {"userId": "USER#", "deviceId": "DEVICE#", "orderId": "ORDER#"}[name]
    return Uniform(key_counts[name], prefix=prefix)
