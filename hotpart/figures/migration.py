"""Chapter 20's explorable, tables and figures: logical shards on physical ones, and the steps of a live migration.

Models: :mod:`hotpart.models.migration` (``logical_placement``, ``logical_balance``, ``MigrationPlan``) and, for dual
writes, :mod:`~hotpart.models.pitfalls` (``half_applied_probability``). Notebook: ``notebooks/20_migration``. The
explorable ``migration_timeline`` (drawn once, then updated in place); the chapter's table (``logical_balance_rows``),
its plots and its cases (``migration_case``, ``backfill_case``, ``dual_write_case``, ``logical_move_case``,
``logical_resize_case``, ``logical_shards_needed``), tested in ``tests/test_chapters_15_21.py`` and
``tests/test_cases_sharding.py``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import _MAX_LINES, _MAX_TABLE_VALUES, COLORS, finish_axes, fixed_layout
from ..models import (
    MigrationPlan,
    backfill_lost_updates,
    half_applied_probability,
    hash64,
    logical_balance,
    logical_placement,
    moved_fraction_modulo,
)
from ..models._validation import check_array, check_divisor, check_integer, check_number, check_seed
from ._sharding_common import _MAX_TABLE_SHARDS, _random_keys, _Rows, _whole_numbers

__all__ = [
    "backfill_case",
    "dual_write_case",
    "logical_balance_rows",
    "logical_move_case",
    "logical_resize_case",
    "logical_shards_needed",
    "migration_case",
    "placement_step_hours",
    "plot_logical_balance",
    "plot_migration",
]

#: The longest time axis a migration plot draws, days (ten years).
_MAX_DAYS_AXIS = 3_650.0


# --- 19: logical shards ---------------------------------------------------------------------------


def plot_logical_balance(ax: Axes, n_logicals: tuple[int, ...], max_physical: int) -> None:
    """Busiest physical shard over the mean, ``ceil(L/P) / (L/P)``, against physical shards ``P``, one line per ``L``.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_logical_balance(ax, (12, 64), 16)
    >>> ax.get_ylabel()
    'busiest / mean load'

    ``n_logicals`` holds one to 20 logical shard counts (a line each), each a whole number in ``[1, 100_000]``; ``max_physical``
    is a whole number in ``[2, 10_000]`` (the x axis runs from 1 to it).
    """
    if isinstance(n_logicals, (str, bytes)) or not hasattr(n_logicals, "__len__") or len(n_logicals) == 0:
        raise ValueError(f"n_logicals = {n_logicals!r} is not allowed: must be a non-empty sequence of whole numbers")
    check_array("n_logicals", n_logicals, ndim=1, max_size=_MAX_LINES)  # the lines, before any value
    n_logicals = tuple(check_integer(f"n_logicals[{i}]", el, low=1, high=100_000) for i, el in enumerate(n_logicals))
    max_physical = check_integer("max_physical", max_physical, low=2, high=10_000)
    colors = [COLORS["refused"], "#FF7F0E", COLORS["served"], COLORS["accent"], "#9467BD"]
    for i, el in enumerate(n_logicals):
        p = np.arange(1, min(max_physical, el) + 1)
        ax.plot(p, [logical_balance(el, int(x)) for x in p], marker=".", color=colors[i % len(colors)], label=f"L = {el}")
    ax.axhline(1.0, color=COLORS["share"], ls="--", lw=1.2, label="perfect balance")
    ax.set_xlim(1, max_physical)
    finish_axes(ax, "Logical shards on physical shards", "physical shards P", "busiest / mean load")


# --- 19: migration ---------------------------------------------------------------------------------

_STEP_COLORS = (COLORS["accent"], COLORS["served"], "#FF7F0E", "#9467BD", COLORS["refused"])


def plot_migration(left: Axes, right: Axes, plan: MigrationPlan, xmax_days: float | None = None) -> None:
    """The five steps as a timeline (left), and copies stored and write cost over time (right).

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (left, right) = new_figure(ncols=2)
    >>> plot_migration(left, right, MigrationPlan(1_000, 50, 100))
    >>> [t.get_text() for t in left.get_yticklabels()][-1]
    'dual write'

    ``xmax_days``, the right end of both time axes in days, is finite and ``> 0``, or ``None`` to fit the plan.
    """
    if xmax_days is not None:
        xmax_days = check_number("xmax_days", xmax_days, low=0, high=_MAX_DAYS_AXIS, low_open=True)
    g = _migration_geometry(plan, xmax_days)
    steps = plan.steps
    for i, ((name, _, _), (start, width)) in enumerate(zip(steps, g["bars"], strict=True)):
        left.barh(len(steps) - 1 - i, width, left=start, color=_STEP_COLORS[i], label=name)
    left.axvspan(0, g["coexistence"], color=COLORS["share"], alpha=0.15, label="two placement rules")
    left.set_yticks(range(len(steps)), [s[0] for s in reversed(steps)])
    left.set_xlim(0, g["xmax"])
    finish_axes(left, "The five steps", "days since the dual write starts", "step", loc="upper right")
    right.plot(g["days"], g["copies"], color=COLORS["served"], label="copies of the data stored")
    right.plot(g["days"], g["writes"], color=COLORS["refused"], ls="--", label="write cost")
    right.set_xlim(0, g["xmax"])
    right.set_ylim(0, 3.2)
    finish_axes(right, "Storage and write cost during the move", "days since the dual write starts", "multiple of normal")


def _migration_geometry(plan: MigrationPlan, xmax_days: float | None) -> dict[str, Any]:
    """What :func:`plot_migration` draws, in days: each step's bar (start, length), the two-rules window's length,
    the time axis's end, and the copies stored and the write cost along it."""
    steps = plan.steps
    xmax = xmax_days if xmax_days is not None else 1.05 * plan.total_h / 24
    t = np.linspace(0, xmax * 24, 600)
    _, (_, b0, b1), _, _, (_, x0, x1) = steps
    new = np.clip((t - b0) / max(b1 - b0, 1e-9), 0, 1)
    old = 1.0 - np.clip((t - x0) / max(x1 - x0, 1e-9), 0, 1)
    return {
        "bars": [(start / 24, (end - start) / 24) for _, start, end in steps],
        "coexistence": plan.coexistence_h / 24,
        "xmax": xmax,
        "days": t / 24,
        "copies": old + new,
        "writes": np.where(t < plan.coexistence_h, 1.0 + plan.dual_write_overhead, 1.0),
    }


def _update_migration(left: Axes, right: Axes, plan: MigrationPlan, xmax_days: float) -> None:
    """Put a new plan on the axes :func:`plot_migration` drew: the bars, the two-rules window, both curves, the limits."""
    g = _migration_geometry(plan, xmax_days)
    *bars, window = left.patches
    for bar, (start, width) in zip(bars, g["bars"], strict=True):
        bar.set_x(start)
        bar.set_width(width)
    window.set_width(g["coexistence"])
    left.set_xlim(0, g["xmax"])
    copies, writes = right.lines
    copies.set_data(g["days"], g["copies"])
    writes.set_data(g["days"], g["writes"])
    right.set_xlim(0, g["xmax"])


def _migration_compute(
    data_gb: float, copy_gb_per_h: float, verify_gb_per_h: float, switch_h: float, bake_h: float, dual_write_overhead: float
) -> Data:
    kw = dict(verify_gb_per_h=verify_gb_per_h, dual_write_overhead=dual_write_overhead, switch_h=switch_h, bake_h=bake_h)
    plan = MigrationPlan(data_gb, copy_gb_per_h, **kw)
    # the time axes follow the move's length, with the right third left free for the legends
    return {"plan": plan, "xmax_days": 1.5 * plan.total_h / 24}


def _migration_plot(fig: Figure, data: Data) -> None:
    fixed_layout(fig, left=0.145, right=0.99, bottom=0.14, top=0.9, wspace=0.2)  # room for the step names
    plot_migration(*fig.axes, data["plan"], data["xmax_days"])


def _migration_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_migration_plot`'s figure for a new plan (the titles, labels and legends do not change)."""
    _update_migration(*fig.axes, data["plan"], data["xmax_days"])


def _migration_caption(data: Data) -> str:
    p: MigrationPlan = data["plan"]
    steps = {name: (a, b) for name, a, b in p.steps}
    b = steps["backfill"]
    return (
        f"{p.data_gb:,.0f} GB at {p.copy_gb_per_h:,.0f} GB/h: backfill {(b[1] - b[0]) / 24:.1f} days, the whole move "
        f"{p.total_h / 24:.2f} days, of which the application holds two placement rules for "
        f"{p.coexistence_h / 24:.1f} days, writing {1 + p.dual_write_overhead:.1f}x as much."
    )


migration_timeline = register(
    Explorable(
        name="migration_timeline",
        title="Live migration: dual write, backfill, verify, switch reads, delete old",
        controls=(
            # linear steps that hold the chapter's values (2,000 GB, 50 and 100 GB/h): a log slider's grid missed them
            Control("data_gb", "data to move", 100, 10_000, 2_000, step=100, unit="GB"),
            Control("copy_gb_per_h", "backfill rate", 25, 500, 50, step=5, unit="GB/h"),
            Control("verify_gb_per_h", "verification rate", 25, 1_000, 100, step=5, unit="GB/h"),
            Control("switch_h", "read switch ramp", 0, 168, 24, step=6, unit="h"),
            Control("bake_h", "fallback kept after the switch", 0, 336, 72, step=12, unit="h"),
            Control("dual_write_overhead", "dual-write overhead", 0, 2, 1, step=0.1, unit="x writes"),
        ),
        compute=_migration_compute,
        plot=_migration_plot,
        update=_migration_update,
        caption=_migration_caption,
        try_this=(
            "raise the data size, then the backfill rate: the backfill and the deletion stretch and shrink, while the "
            "read switch and the fallback period stay fixed costs. The grey window, two placement rules at once, "
            "covers most of the move."
        ),
        static=("data_gb", "copy_gb_per_h"),
        ncols=2,
        figsize=(9.5, 3.8),
    )
)


# --- chapter 20's table and cases ---------------------------------------------------------------------------


def logical_balance_rows(n_logicals: tuple[int, ...], n_physicals: tuple[int, ...]) -> _Rows:
    """Chapter 20's table: the busiest physical shard over the mean, ``ceil(L/P) / (L/P)``, for each ``L`` and ``P``.

    Parameters
    ----------
    n_logicals : sequence of int
        Logical shard counts ``L`` (one row each, at most 100), whole numbers in ``[1, 100_000]``.
    n_physicals : sequence of int
        Physical shard counts ``P`` (one column each, at most 100), whole numbers in ``[1, 10_000]``.

    Returns
    -------
    tuple
        ``(header, rows)``, the balance to three decimals (1.000 when ``P`` divides ``L``).

    Examples
    --------
    >>> header, rows = logical_balance_rows((12, 16), (3, 5))
    >>> header
    ['logical shards L', 'P = 3', 'P = 5']
    >>> rows
    [('12', '1.000', '1.250'), ('16', '1.125', '1.250')]
    """
    logicals = _whole_numbers("n_logicals", n_logicals, 1, 100_000, max_size=_MAX_TABLE_VALUES)
    physicals = _whole_numbers("n_physicals", n_physicals, 1, _MAX_TABLE_SHARDS, max_size=_MAX_TABLE_VALUES)
    header = ["logical shards L", *(f"P = {p}" for p in physicals)]
    rows = [(str(el), *(f"{logical_balance(el, p):.3f}" for p in physicals)) for el in logicals]
    return header, rows


def logical_move_case(
    n_logical: int, p_before: int, p_after: int | None = None, n_keys: int = 100_000, seed: int = 0
) -> dict[str, float]:
    """Chapter 20: ``n_logical`` logical shards moved from ``p_before`` to ``p_after`` machines.

    Parameters
    ----------
    n_logical : int
        Logical shards ``L``, in ``[1, 100_000]``.
    p_before, p_after : int
        Machines before and after, each in ``[1, n_logical]``; ``p_after`` is ``p_before + 1`` if omitted.
    n_keys : int
        Random keys the move is checked on, in ``[1, 1_000_000]``.
    seed : int
        Seed of the random keys, a whole number from 0 to 2**64 - 1.

    Returns
    -------
    dict
        ``moved_logical`` (logical shards that changed machine), ``moved_share`` (their share of ``L``),
        ``new_holds`` (logical shards on the last machine afterwards), ``whole`` (1.0 when every logical shard's
        keys moved together), ``whole_share`` (the share of the logical shards holding keys whose keys all moved or
        all stayed), ``key_moved`` (share of the random keys that moved), ``modulo`` (what ``key % P`` would move),
        the balances ``balance_before`` and ``balance_after`` (busiest over mean) and ``p_after``.

    Examples
    --------
    >>> c = logical_move_case(256, 4, 5)
    >>> c["moved_logical"], c["new_holds"], c["whole"], c["modulo"]
    (51.0, 51.0, 1.0, 0.8)
    >>> c["whole_share"], logical_move_case(256, 4)["p_after"]
    (1.0, 5.0)
    """
    el = check_integer("n_logical", n_logical, low=1, high=100_000)
    p0 = check_integer("p_before", p_before, low=1, high=el)
    p1 = check_integer("p_after", p0 + 1 if p_after is None else p_after, low=1, high=el)
    n_keys = check_integer("n_keys", n_keys, low=1, high=1_000_000)
    seed = check_seed("seed", seed)
    before = logical_placement(el, p0)
    after = logical_placement(el, p1, previous=before)
    logical = (hash64(_random_keys(n_keys, seed)) % np.uint64(el)).astype(int)
    key_moved = before[logical] != after[logical]
    held = np.unique(logical)
    whole_each = [len(set(key_moved[logical == s])) == 1 for s in held]
    moved = int(np.sum(before != after))
    return {
        "moved_logical": float(moved),
        "moved_share": moved / el,
        "new_holds": float(np.bincount(after, minlength=p1)[-1]),
        "whole": float(all(whole_each)),
        "whole_share": float(np.mean(whole_each)),
        "key_moved": float(key_moved.mean()),
        "modulo": float(moved_fraction_modulo(p0, p1)),
        "balance_before": float(logical_balance(el, p0)),
        "balance_after": float(logical_balance(el, p1)),
        "p_after": float(p1),
    }


def logical_shards_needed(max_imbalance: float, max_physical: int) -> dict[str, float]:
    """Chapter 20: the fewest logical shards ``L`` that keep the busiest of ``P`` machines within ``max_imbalance``
    of the mean for every ``P`` from 1 to ``max_physical``.

    Parameters
    ----------
    max_imbalance : float
        Largest busiest-over-mean allowed, in ``[1.001, 2]``.
    max_physical : int
        Largest fleet, in ``[1, 1_000]``.

    Returns
    -------
    dict
        ``n_logical`` (the smallest such ``L``), ``worst`` (its largest ``ceil(L/P) / (L/P)`` over the fleets) and
        ``tolerance`` (``max_imbalance - 1``, the excess over the mean allowed).

    Examples
    --------
    >>> logical_shards_needed(1.25, 4)
    {'n_logical': 8.0, 'worst': 1.125, 'tolerance': 0.25}
    """
    target = check_number("max_imbalance", max_imbalance, low=1.001, high=2.0)
    pmax = check_integer("max_physical", max_physical, low=1, high=1_000)
    el = pmax
    while True:  # ends by L = pmax / (target - 1), where ceil(L/P) / (L/P) < 1 + P/L <= target for every P
        worst = max(logical_balance(el, p) for p in range(1, pmax + 1))
        if worst <= target:
            return {"n_logical": float(el), "worst": float(worst), "tolerance": target - 1}
        el += 1


def dual_write_case(coexistence_h: float, writes_per_s: float, p_fail: float) -> dict[str, float]:
    """Chapter 20: dual writes during a migration, each of the two writes failing on its own with ``p_fail``.

    One write lands and the other does not with probability ``1 - (1-p)^2 - p^2 = 2p(1-p)``
    (:func:`hotpart.half_applied_probability` with two shards).

    Parameters
    ----------
    coexistence_h : float
        Hours the application dual writes, in ``[0, 100_000]``.
    writes_per_s : float
        Dual writes a second, in ``[0, 1e9]``.
    p_fail : float
        Probability that one of the two writes fails, in ``[0, 1]``.

    Returns
    -------
    dict
        ``writes`` (dual writes in all), ``p_split`` (share that land on one side only), ``p_split_direct``
        (the same from ``2p(1-p)`` written out) and ``diverged`` (expected writes that land on one side only).

    Examples
    --------
    >>> c = dual_write_case(24.0, 100.0, 0.01)
    >>> c["writes"], round(c["p_split"], 4), round(c["diverged"])
    (8640000.0, 0.0198, 171072)
    >>> round(c["p_split_direct"], 4)
    0.0198
    """
    hours = check_number("coexistence_h", coexistence_h, low=0, high=100_000)
    w = check_number("writes_per_s", writes_per_s, low=0, high=1e9)
    p = check_number("p_fail", p_fail, low=0, high=1)
    writes = w * hours * 3_600
    p_split = float(half_applied_probability(2, p))
    return {"writes": writes, "p_split": p_split, "p_split_direct": 2 * p * (1 - p), "diverged": writes * p_split}


def migration_case(data_gb: float, copy_gb_per_h: float, verify_gb_per_h: float) -> dict[str, float]:
    """Chapter 20: the lengths of a :class:`hotpart.MigrationPlan` with the default deploy, ramp and fallback times.

    Parameters
    ----------
    data_gb : float
        Data to move, GB, in ``(0, 1e7]``.
    copy_gb_per_h : float
        Backfill rate, GB/h, in ``(0, 1e6]``.
    verify_gb_per_h : float
        Verification rate, GB/h, in ``(0, 1e6]``.

    Returns
    -------
    dict
        The plan's inputs (``data_gb``, ``copy_gb_per_h``, ``verify_gb_per_h``, ``deploy_h``, ``switch_h``,
        ``bake_h``, ``dual_write_overhead``); ``backfill_h`` and ``verify_h`` (those steps' lengths, h);
        ``total_days`` and ``coexist_days`` (the whole move, and the span with two placement rules, days), and
        ``coexist_h`` (that span in hours);
        ``coexist_share`` (their ratio), ``extra_write_h`` (the dual writes' cost in hours of normal write load), and
        ``delete_gb_per_h`` and ``delete_h`` (the deletion's rate, the backfill's by default, and its length, h).

    Examples
    --------
    >>> c = migration_case(2_000, 50, 100)
    >>> c["backfill_h"], c["verify_h"], round(c["total_days"], 1), round(c["coexist_days"], 1)
    (40.0, 20.0, 8.2, 6.6)
    >>> migration_case(0, 50, 100)
    Traceback (most recent call last):
    ...
    ValueError: data_gb = 0 is out of range: must be in (0, 1e+07]
    """
    d = check_number("data_gb", data_gb, low=0, high=1e7, low_open=True)
    c = check_number("copy_gb_per_h", copy_gb_per_h, low=0, high=1e6, low_open=True)
    v = check_number("verify_gb_per_h", verify_gb_per_h, low=0, high=1e6, low_open=True)
    plan = MigrationPlan(data_gb=d, copy_gb_per_h=c, verify_gb_per_h=v)
    steps = {name: end - start for name, start, end in plan.steps}
    return {
        "data_gb": plan.data_gb,
        "copy_gb_per_h": plan.copy_gb_per_h,
        "verify_gb_per_h": plan.verify_gb_per_h,
        "deploy_h": plan.deploy_h,
        "switch_h": plan.switch_h,
        "bake_h": plan.bake_h,
        "dual_write_overhead": plan.dual_write_overhead,
        "backfill_h": steps["backfill"],
        "verify_h": steps["verify"],
        "total_days": plan.total_h / 24,
        "coexist_days": plan.coexistence_h / 24,
        "coexist_h": plan.coexistence_h,
        "coexist_share": plan.coexistence_h / plan.total_h,
        "extra_write_h": plan.extra_write_hours,
        "delete_gb_per_h": float(plan.delete_gb_per_h),  # type: ignore[arg-type]
        "delete_h": steps["delete old"],
    }


def backfill_case(n_rows: int, writes_per_s: float, backfill_h: float, copy_lag_s: float, seed: int = 0) -> dict[str, float]:
    """Chapter 20: a backfill racing live updates, with plain and with conditional writes
    (:func:`hotpart.backfill_lost_updates`), and the small-lag approximation ``W l``.

    Parameters
    ----------
    n_rows : int
        Rows copied, in ``[1, 10_000_000]``.
    writes_per_s : float
        Live updates a second, in ``[0, 1e5]``; at most 10,000,000 updates in the run.
    backfill_h : float
        Length of the backfill, h, in ``(0, 1_000]``.
    copy_lag_s : float
        Time from reading a row to writing its copy, s, in ``[0, 3_600]``.
    seed : int
        Seed of both simulations, a whole number from 0 to 2**64 - 1.

    Returns
    -------
    dict
        ``updates`` (live updates in the run), ``lost`` (rows whose newer value the backfill overwrote),
        ``expected`` (the closed form ``N (1 - exp(-W l / N))``), ``approx`` (``W l``) and ``lost_conditional``
        (rows lost when the backfill's writes are conditional).

    Examples
    --------
    >>> c = backfill_case(100_000, 500, 1.0, 2.0, seed=1)
    >>> round(c["expected"]), c["approx"], c["lost_conditional"], abs(c["lost"] - c["expected"]) < 4 * c["expected"] ** 0.5
    (995, 1000.0, 0.0, True)
    """
    n = check_integer("n_rows", n_rows, low=1, high=10_000_000)
    w = check_number("writes_per_s", writes_per_s, low=0, high=1e5)
    hours = check_number("backfill_h", backfill_h, low=0, high=1_000, low_open=True)
    lag = check_number("copy_lag_s", copy_lag_s, low=0, high=3_600)
    seed = check_seed("seed", seed)
    race = backfill_lost_updates(n, w, hours * 3_600, lag, seed=seed)
    safe = backfill_lost_updates(n, w, hours * 3_600, lag, conditional=True, seed=seed)
    return {
        "updates": float(race["updates"]),
        "lost": float(race["simulated"]),
        "expected": float(race["expected"]),
        "approx": w * lag,
        "lost_conditional": float(safe["simulated"]),
    }


def logical_resize_case(n_logical: int) -> dict[str, float]:
    """Chapter 20: what changing the logical shard count moves, a key's logical shard being ``h(k) mod L``.

    Parameters
    ----------
    n_logical : int
        Logical shards ``L``, in ``[2, 100_000]``.

    Returns
    -------
    dict
        ``more`` (``L + L // 2``) and ``more_moved`` (the share of keys whose logical shard changes going there,
        :func:`hotpart.moved_fraction_modulo`), and ``double`` (``2 L``) and ``double_moved`` likewise.

    Examples
    --------
    >>> logical_resize_case(256)
    {'more': 384.0, 'more_moved': 0.6666666666666667, 'double': 512.0, 'double_moved': 0.5}
    """
    el = check_integer("n_logical", n_logical, low=2, high=100_000)
    more, double = el + el // 2, 2 * el
    return {
        "more": float(more),
        "more_moved": float(moved_fraction_modulo(el, more)),
        "double": float(double),
        "double_moved": float(moved_fraction_modulo(el, double)),
    }


def placement_step_hours(table_gb: float, n: int, m: int, copy_gb_per_h: float, verify_gb_per_h: float) -> dict[str, float]:
    """Chapter 20: the steps whose length the placement rule sets, for a table going from ``n`` to ``m`` shards.

    The rule decides how much data moves: modulo moves :func:`hotpart.moved_fraction_modulo` of the table, a
    scheme that reaches the balanced floor (a ring on average, jump hash, rendezvous, logical shards) ``1 - n/m``.
    The backfill, the verification and the row-by-row deletion scale with it; the deploy, the read ramp and the
    fallback period do not.

    Parameters
    ----------
    table_gb : float
        The table's size, GB, in ``(0, 1e7]``.
    n, m : int
        Shards before and after, each in ``[1, 10_000]``, ``m > n``.
    copy_gb_per_h : float
        Backfill rate (and deletion rate), GB/h, in ``(0, 1e6]``, and at least ``table_gb`` over the largest float
        (so that the hours stay finite; a subnormal is refused by name).
    verify_gb_per_h : float
        Verification rate, GB/h, in ``(0, 1e6]``, at least ``table_gb`` over the largest float likewise.

    Returns
    -------
    dict
        ``modulo_gb`` and ``floor_gb`` (the data moved under modulo and at the floor, GB), and for each rule
        ``copy_h_*``, ``verify_h_*`` and ``delete_h_*`` (hours, ``*`` being ``modulo`` or ``floor``).

    Examples
    --------
    >>> c = placement_step_hours(2_000, 3, 4, 50, 100)
    >>> c["modulo_gb"], c["floor_gb"], c["verify_h_modulo"], c["verify_h_floor"]
    (1500.0, 500.0, 15.0, 5.0)
    >>> placement_step_hours(2_000, 4, 4, 50, 100)
    Traceback (most recent call last):
    ...
    ValueError: m = 4 is out of range: must be in [5, 10000]
    """
    d = check_number("table_gb", table_gb, low=0, high=1e7, low_open=True)
    n = check_integer("n", n, low=1, high=_MAX_TABLE_SHARDS)
    m = check_integer("m", m, low=n + 1, high=_MAX_TABLE_SHARDS)
    c = check_number("copy_gb_per_h", copy_gb_per_h, low=0, high=1e6, low_open=True)
    v = check_number("verify_gb_per_h", verify_gb_per_h, low=0, high=1e6, low_open=True)
    check_divisor("copy_gb_per_h", c, d, "table_gb / copy_gb_per_h, the backfill hours")
    check_divisor("verify_gb_per_h", v, d, "table_gb / verify_gb_per_h, the verification hours")
    moved = {"modulo": d * moved_fraction_modulo(n, m), "floor": d * (1 - n / m)}
    out: dict[str, float] = {"modulo_gb": float(moved["modulo"]), "floor_gb": float(moved["floor"])}
    for rule, gb in moved.items():
        out[f"copy_h_{rule}"] = float(gb / c)
        out[f"verify_h_{rule}"] = float(gb / v)
        out[f"delete_h_{rule}"] = float(gb / c)
    return out
