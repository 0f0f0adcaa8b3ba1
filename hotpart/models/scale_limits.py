"""Scale limits: how much demand a key design carries before its hottest partition reaches the ceiling.

:func:`scale_limit` gives the hottest partition's (or key's) demand, the share refused and the largest total demand
before throttling, as a :class:`ScaleLimit`. Chapter 3 (``notebooks/03_zipf.ipynb``) teaches it; chapters 2 and 4
(``notebooks/02_key_designs.ipynb``, ``04_composite_keys.ipynb``) apply it to their key designs.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from ._validation import check_array, check_number, check_seed
from .constants import PARTITION_MAX_WCU
from .key_designs import partition_load
from .skew import KeyDistribution

__all__ = [
    "ScaleLimit",
    "scale_limit",
]


@dataclass(frozen=True)
class ScaleLimit:
    """How far a key design carries a table's demand before a partition throttles.

    Parameters
    ----------
    total_demand : float
        Offered demand on the table, units per second, ``>= 0`` and finite.
    ceiling : float
        Per-partition ceiling, units per second, ``> 0`` and finite.
    hottest_share : float
        Share of all demand on the hottest partition (or key), in ``[0, 1]``.
    refused_fraction : float
        Share of all demand above the ceilings, in ``[0, 1]``.

    Examples
    --------
    >>> from hotpart.models.skew import Zipf
    >>> scale_limit(Zipf(10**12, 0.99), total_demand=50_000)
    ScaleLimit(hottest 1,543 units/s of 50,000 against ceiling 1,000: refuses 1.09%; throttles above 32,402 units/s)
    """

    total_demand: float
    ceiling: float
    hottest_share: float
    refused_fraction: float

    def __post_init__(self) -> None:
        finite = {"high": math.inf, "high_open": True}
        object.__setattr__(self, "total_demand", check_number("total_demand", self.total_demand, low=0, **finite))
        object.__setattr__(self, "ceiling", check_number("ceiling", self.ceiling, low=0, low_open=True, **finite))
        object.__setattr__(self, "hottest_share", check_number("hottest_share", self.hottest_share, low=0, high=1))
        object.__setattr__(self, "refused_fraction", check_number("refused_fraction", self.refused_fraction, low=0, high=1))

    def __repr__(self) -> str:
        return (
            f"ScaleLimit(hottest {self.hottest_demand:,.0f} units/s of {self.total_demand:,.0f} against ceiling "
            f"{self.ceiling:,.0f}: refuses {self.refused_fraction:.2%}; throttles above {self.max_total_demand:,.0f} units/s)"
        )

    @property
    def hottest_demand(self) -> float:
        """Demand on the hottest partition, units per second."""
        return self.total_demand * self.hottest_share

    @property
    def refused(self) -> float:
        """Demand refused, units per second."""
        return self.total_demand * self.refused_fraction

    @property
    def max_total_demand(self) -> float:
        """Largest total demand before any partition throttles: ``ceiling / hottest_share``, units per second."""
        return self.ceiling / self.hottest_share if self.hottest_share > 0 else math.inf


def scale_limit(
    dist: KeyDistribution | ArrayLike,
    total_demand: float,
    ceiling: float = PARTITION_MAX_WCU,
    n_partitions: int | None = None,
    seed: int = 0,
) -> ScaleLimit:
    """The hottest partition's demand, the fraction refused, and the largest demand before throttling.

    With ``n_partitions=None`` every key is on a partition of its own: the
    best any number of partitions can do while each key's items stay on one
    partition. Then the hottest share is the hottest key's, ``p_max``, and
    the table throttles above ``ceiling / p_max`` whatever its provisioned
    capacity. That holds for good when the key is one item; a key with many
    items (an item collection) can be split by sort key over time, unless
    the table has a local secondary index or the key's traffic follows a
    monotonically increasing or decreasing sort key (AWS, "Isolate
    frequently accessed items"; chapter 10), so for such a key the limit is
    the one before any split. Use ``ceiling=PARTITION_MAX_RCU`` for reads.
    With ``n_partitions`` the keys are hashed onto that many partitions
    (:func:`partition_load`). An array is read as per-partition shares.

    Parameters
    ----------
    dist : KeyDistribution or array_like
        The key popularity, or the shares of each partition (summing to 1).
    total_demand : float
        Offered demand, units per second, ``>= 0``.
    ceiling : float
        Per-partition ceiling, units per second, ``> 0`` (default
        :data:`PARTITION_MAX_WCU`, for writes; reads meet :data:`PARTITION_MAX_RCU`).
    n_partitions : int, optional
        Partitions to hash the keys onto; ``None`` isolates every key.
    seed : int
        Seed for sampled key spaces.
        A whole number ``>= 0``; ``None`` is refused (:func:`hotpart.models._validation.check_seed`).

    Returns
    -------
    ScaleLimit

    Examples
    --------
    >>> from hotpart.models.key_designs import Categorical
    >>> lim = scale_limit(Categorical({"ACTIVE": 0.9, "INACTIVE": 0.08, "SUSPENDED": 0.02}), 5_000)
    >>> round(lim.max_total_demand), round(lim.refused_fraction, 3)
    (1111, 0.7)
    """
    total = check_number("total_demand", total_demand, low=0, high=math.inf, high_open=True)
    cap = check_number("ceiling", ceiling, low=0, high=math.inf, low_open=True, high_open=True)
    check_seed("seed", seed)
    threshold = min(1.0, cap / total) if total > 0 else 1.0
    if isinstance(dist, KeyDistribution):
        if n_partitions is None:
            return ScaleLimit(total, cap, dist.top_share(1), dist.excess_over(threshold) if total > 0 else 0.0)
        shares = partition_load(dist, n_partitions, seed)
    else:
        shares = check_array("dist", dist, low=0, high=1)
        if shares.ndim != 1 or shares.size == 0 or abs(math.fsum(shares) - 1.0) > 1e-9:
            raise ValueError(f"dist must be 1-D partition shares summing to 1; got shape {shares.shape}, sum {shares.sum()!r}")
    refused = math.fsum(np.maximum(0.0, shares - threshold)) if total > 0 else 0.0
    return ScaleLimit(total, cap, float(shares.max()), refused)
