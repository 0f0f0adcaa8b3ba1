"""Logical shards and live migration: placing logical shards on machines, and moving data while the service runs.

:func:`logical_placement` and :func:`logical_balance` (many logical shards on few physical ones: growing moves whole
logical shards, and only the excess), :class:`MigrationPlan` (dual write, backfill, verify, switch reads, delete
old) and :func:`backfill_lost_updates` (what a backfill overwrites unless its writes are conditional). Chapter 20
(``notebooks/20_migration.ipynb``) teaches them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import MAX_ELEMENTS as _MAX_ELEMENTS
from ._validation import check_array, check_count, check_divisor, check_number, check_seed

__all__ = [
    "MigrationPlan",
    "backfill_lost_updates",
    "logical_balance",
    "logical_placement",
]


def logical_placement(n_logical: int, n_physical: int, previous: ArrayLike | None = None) -> NDArray[np.int64]:
    """Which physical shard holds each logical shard, moving as few logical shards as possible.

    Each physical shard ends up with ``floor(L/P)`` or ``ceil(L/P)`` logical
    shards. Given a previous placement, a physical shard keeps as many of its
    logical shards as its new quota allows, and only the excess moves, whole,
    to the shards below quota (the new ones first in line).

    Parameters
    ----------
    n_logical : int
        Logical shards ``L``, ``>= 1``.
    n_physical : int
        Physical shards ``P``, in ``[1, L]``.
    previous : array_like of int, optional
        The previous physical shard of each logical shard (values ``< P``).

    Returns
    -------
    numpy.ndarray
        int64 physical shard per logical shard.

    Examples
    --------
    >>> before = logical_placement(12, 3)
    >>> before
    array([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2])
    >>> after = logical_placement(12, 4, previous=before)
    >>> after
    array([0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 3, 3])
    >>> int((after != before).sum())  # 3 of 12 logical shards move, whole
    3
    """
    el = check_count("n_logical", n_logical, low=1, high=_MAX_ELEMENTS)
    p = check_count("n_physical", n_physical, low=1, high=el)
    if previous is None:
        return np.arange(el, dtype=np.int64) % p
    prev = check_array("previous", previous, low=0, high=p - 1)
    if prev.shape != (el,) or np.any(prev != np.round(prev)):
        raise ValueError(f"previous must hold one whole physical shard index per logical shard ({el}); got {prev!r}")
    prev = prev.astype(np.int64)
    q, r = divmod(el, p)
    counts = np.bincount(prev, minlength=p)
    # the r shards that hold most keep ceil quotas (fewest moves); ties to the lower index
    order = np.lexsort((np.arange(p), -counts))
    quota = np.full(p, q)
    quota[order[:r]] += 1
    out = prev.copy()
    movers = []
    kept = np.zeros(p, dtype=np.int64)
    for i, shard in enumerate(prev):
        if kept[shard] < quota[shard]:
            kept[shard] += 1
        else:
            movers.append(i)
    room = [s for s in range(p) for _ in range(quota[s] - kept[s])]
    for i, s in zip(movers, room, strict=True):
        out[i] = s
    return out


def logical_balance(n_logical: int, n_physical: int) -> float:
    """The busiest physical shard's load over the mean, with equal logical shards: ``ceil(L/P) / (L/P)``.

    Parameters
    ----------
    n_logical : int
        Logical shards ``L``, ``>= 1``.
    n_physical : int
        Physical shards ``P``, in ``[1, L]``.

    Returns
    -------
    float
        ``>= 1``; exactly 1 when ``P`` divides ``L``.

    Examples
    --------
    >>> logical_balance(12, 4), logical_balance(12, 5)
    (1.0, 1.25)
    """
    el = check_count("n_logical", n_logical, low=1)
    p = check_count("n_physical", n_physical, low=1, high=el)
    return math.ceil(el / p) * p / el


_STEP_NAMES = ("dual write", "backfill", "verify", "switch reads", "delete old")


@dataclass(frozen=True)
class MigrationPlan:
    """The five steps of moving data to a new placement while the service runs.

    1. **dual write**: deploy code that writes every change under both the old
       and the new placement rule (``deploy_h``), and keep it on until the
       old rule retires;
    2. **backfill**: copy the existing data, ``data_gb / copy_gb_per_h``;
    3. **verify**: compare old and new, ``data_gb / verify_gb_per_h``;
    4. **switch reads**: move reads to the new placement, ramped over ``switch_h``;
    5. **delete old**: after ``bake_h`` with the old copy kept as a fallback,
       stop dual writing and delete the old copy, ``data_gb / delete_gb_per_h``.
       Stopping the dual write is the write cutover: from then on only the new
       placement is written, so the old copy is no fallback any more.

    The model times the steps only. Dual writes are not atomic (one of the two
    can fail, :func:`half_applied_probability` with two shards), and a backfill
    can overwrite rows updated during the copy unless its writes are
    conditional (:func:`backfill_lost_updates`); verification has to find both.

    The two placement rules coexist from the start of the dual write until it
    stops; every write during that window costs ``1 + dual_write_overhead``.

    Parameters
    ----------
    data_gb : float
        Data to move, GB, ``> 0``.
    copy_gb_per_h : float
        Backfill rate, GB/h, ``> 0``, and at least ``data_gb`` over the largest float (so that the hours stay finite).
    verify_gb_per_h : float
        Verification rate, GB/h, ``> 0``, and at least ``data_gb`` over the largest float (so that the hours stay finite).
    dual_write_overhead : float
        Extra write cost while dual writing, as a fraction of the normal write load, in ``[0, 2]``.
    deploy_h : float
        Time to deploy the dual-write code, h, ``>= 0``.
    switch_h : float
        Time to ramp reads over, h, ``>= 0``.
    bake_h : float
        Time the old copy stays as a fallback after the switch, h, ``>= 0``.
    delete_gb_per_h : float, optional
        Deletion rate, GB/h, ``> 0`` and at least ``data_gb`` over the largest float (so that the hours stay
        finite); the copy rate if omitted.

    Examples
    --------
    >>> plan = MigrationPlan(data_gb=2_000, copy_gb_per_h=50, verify_gb_per_h=100, dual_write_overhead=1.0)
    >>> plan
    MigrationPlan(2,000 GB: 8.2 days in all, two placement rules for 6.6 days)
    >>> [(s, round(a, 1), round(b, 1)) for s, a, b in plan.steps][1]
    ('backfill', 2.0, 42.0)
    """

    data_gb: float
    copy_gb_per_h: float
    verify_gb_per_h: float
    dual_write_overhead: float = 1.0
    deploy_h: float = 2.0
    switch_h: float = 24.0
    bake_h: float = 72.0
    delete_gb_per_h: float | None = None

    def __post_init__(self) -> None:
        pos = dict(low=0, high=math.inf, low_open=True, high_open=True)
        nonneg = dict(low=0, high=math.inf, high_open=True)
        object.__setattr__(self, "data_gb", check_number("data_gb", self.data_gb, **pos))
        object.__setattr__(self, "copy_gb_per_h", check_number("copy_gb_per_h", self.copy_gb_per_h, **pos))
        object.__setattr__(self, "verify_gb_per_h", check_number("verify_gb_per_h", self.verify_gb_per_h, **pos))
        object.__setattr__(
            self, "dual_write_overhead", check_number("dual_write_overhead", self.dual_write_overhead, low=0, high=2)
        )
        for name in ("deploy_h", "switch_h", "bake_h"):
            object.__setattr__(self, name, check_number(name, getattr(self, name), **nonneg))
        rate = self.copy_gb_per_h if self.delete_gb_per_h is None else self.delete_gb_per_h
        object.__setattr__(self, "delete_gb_per_h", check_number("delete_gb_per_h", rate, **pos))
        for name, step in (("copy_gb_per_h", "backfill"), ("verify_gb_per_h", "verify"), ("delete_gb_per_h", "delete")):
            check_divisor(name, getattr(self, name), self.data_gb, f"data_gb / {name}, the {step} hours")

    def __repr__(self) -> str:
        return (
            f"MigrationPlan({self.data_gb:,.0f} GB: {self.total_h / 24:.1f} days in all, "
            f"two placement rules for {self.coexistence_h / 24:.1f} days)"
        )

    @property
    def steps(self) -> tuple[tuple[str, float, float], ...]:
        """``(name, start_h, end_h)`` of each of the five steps, in order."""
        backfill_end = self.deploy_h + self.data_gb / self.copy_gb_per_h
        verify_end = backfill_end + self.data_gb / self.verify_gb_per_h
        switch_end = verify_end + self.switch_h
        stop_dual = switch_end + self.bake_h
        delete_end = stop_dual + self.data_gb / float(self.delete_gb_per_h)  # type: ignore[arg-type]
        return (
            (_STEP_NAMES[0], 0.0, stop_dual),
            (_STEP_NAMES[1], self.deploy_h, backfill_end),
            (_STEP_NAMES[2], backfill_end, verify_end),
            (_STEP_NAMES[3], verify_end, switch_end),
            (_STEP_NAMES[4], stop_dual, delete_end),
        )

    @property
    def total_h(self) -> float:
        """From the first deploy to the old copy deleted, h."""
        return self.steps[-1][2]

    @property
    def coexistence_h(self) -> float:
        """How long the application holds two placement rules: the dual-write span, h."""
        return self.steps[0][2]

    @property
    def extra_write_hours(self) -> float:
        """Dual-write cost in hours of the normal write load: ``overhead * coexistence_h``."""
        return self.dual_write_overhead * self.coexistence_h


def backfill_lost_updates(
    n_rows: int,
    writes_per_s: float,
    backfill_s: float,
    copy_lag_s: float,
    *,
    conditional: bool = False,
    seed: int = 0,
) -> dict[str, float]:
    """Rows whose newer value a backfill overwrites with an older copy, simulated and in closed form.

    The backfill reads each of ``n_rows`` rows from the old placement once, at
    a time spread evenly over ``backfill_s`` (in random row order), and writes
    that copy to the new placement ``copy_lag_s`` later. Meanwhile the
    application dual-writes: ``writes_per_s`` updates, each to a uniformly
    random row, Poisson in time, go to both placements. An update that lands
    between a row's backfill read and its backfill write is overwritten by the
    stale copy in the new placement: a lost update, which the old placement
    still has and verification must find. With ``conditional`` writes (the
    backfill writes only if the row is absent, or carries an older version
    number), the stale copy is refused and nothing is lost.

    A row receives updates at rate ``writes_per_s / n_rows``, so it is hit in
    its window with probability ``1 - exp(-writes_per_s * copy_lag_s / n_rows)``,
    and the expected number of rows lost is ``n_rows`` times that.

    Parameters
    ----------
    n_rows : int
        Rows to copy, in ``[1, MAX_ELEMENTS]`` (:data:`hotpart.models._validation.MAX_ELEMENTS`); the updates
        simulated, ``writes_per_s × (backfill_s + copy_lag_s)``, at most as many.
    writes_per_s : float
        Live updates per second during the backfill, ``>= 0``.
    backfill_s : float
        Duration of the backfill, s, ``> 0``.
    copy_lag_s : float
        Time from reading a row to writing its copy (batch size over copy rate, queueing), s, ``>= 0``.
    conditional : bool
        Whether backfill writes are conditional (versioned); then no update is lost.
    seed : int
        Seed of the simulation.
        A whole number ``>= 0``; ``None`` is refused (:func:`hotpart.models._validation.check_seed`).

    Returns
    -------
    dict
        ``simulated`` (rows lost in this run), ``expected`` (the closed form), ``updates`` (live updates in
        the run), ``share_lost`` (simulated over ``n_rows``).

    Examples
    --------
    >>> r = backfill_lost_updates(100_000, writes_per_s=500, backfill_s=3_600, copy_lag_s=2.0, seed=1)
    >>> round(r["expected"])
    995
    >>> abs(r["simulated"] - r["expected"]) < 4 * r["expected"] ** 0.5
    True
    >>> backfill_lost_updates(100_000, 500, 3_600, 2.0, conditional=True)["simulated"]
    0.0
    """
    n = check_count("n_rows", n_rows, low=1, high=_MAX_ELEMENTS)
    w = check_number("writes_per_s", writes_per_s, low=0, high=math.inf, high_open=True)
    d = check_number("backfill_s", backfill_s, low=0, high=math.inf, low_open=True, high_open=True)
    lag = check_number("copy_lag_s", copy_lag_s, low=0, high=math.inf, high_open=True)
    if w * (d + lag) > _MAX_ELEMENTS:
        raise ValueError(
            f"writes_per_s = {writes_per_s!r} over backfill_s + copy_lag_s = {d + lag:g} s is {w * (d + lag):g} "
            f"updates: must be at most {_MAX_ELEMENTS:,} (the updates are simulated one by one)"
        )
    rng = np.random.default_rng(check_seed("seed", seed))
    read_at = np.empty(n)
    read_at[rng.permutation(n)] = (np.arange(n) + 0.5) * d / n  # each row read once, in random order
    horizon = d + lag
    n_updates = int(rng.poisson(w * horizon))
    times = rng.random(n_updates) * horizon
    rows = rng.integers(0, n, size=n_updates)
    inside = (times > read_at[rows]) & (times < read_at[rows] + lag)
    lost = 0.0 if conditional else float(np.unique(rows[inside]).size)
    expected = 0.0 if conditional else float(-n * math.expm1(-w * lag / n))
    return {"simulated": lost, "expected": expected, "updates": float(n_updates), "share_lost": lost / n}
