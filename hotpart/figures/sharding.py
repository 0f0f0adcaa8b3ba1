"""Chapters 17 to 21's explorables: strategies, resharding, virtual nodes, migration, cross-shard work, pitfalls.

Models: :mod:`hotpart.models.strategies`, :mod:`~hotpart.models.hashing`, :mod:`~hotpart.models.resharding`,
:mod:`~hotpart.models.migration`, :mod:`~hotpart.models.cross_shard` and :mod:`~hotpart.models.pitfalls`, and the
fan-out models for scatter-gather latency. Notebooks: 17_strategies, 18_resharding, 19_migration, 20_cross_shard,
21_pitfalls. Besides the explorables, the functions that compute each chapter's tables and exercise answers
(``strategy_rows``, ``moved_rows``, ...), tested in ``tests/test_chapters_15_21.py``.
"""

from __future__ import annotations

import functools
import math

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from matplotlib.ticker import NullLocator
from numpy.typing import NDArray
from scipy import stats

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout
from ..models import (
    EXAMPLE_RESHARD,
    CompositeSharding,
    DirectorySharding,
    GeoSharding,
    HashRangeSharding,
    HashRing,
    HashSharding,
    MigrationPlan,
    RangeSharding,
    half_applied_probability,
    hash64,
    jump_hash,
    key_stream,
    logical_balance,
    logical_placement,
    lookup_cost,
    moved_fraction,
    moved_fraction_modulo,
    range_boundaries,
    range_split_moved_fraction,
    rendezvous,
    ring_spread,
    ring_spread_measured,
    shard_report,
    simulate_shard_writes,
    two_phase_commit,
    unsharded_load,
)
from ..models._validation import check_array, check_integer, check_number, check_seed

__all__ = [
    "INITIAL_KEYS",
    "KEYS_PER_DAY",
    "STRATEGY_ORDER",
    "STREAM_LABELS",
    "alternatives_rows",
    "auto_increment_case",
    "directory_hit_rate_needed",
    "dual_write_case",
    "half_applied_rows",
    "ids_for_collision",
    "jump_growth_case",
    "logical_balance_rows",
    "logical_move_case",
    "logical_shards_needed",
    "moved_rows",
    "plot_logical_balance",
    "plot_migration",
    "plot_moved_by_method",
    "plot_write_shares",
    "range_split_case",
    "replicas_needed",
    "strategy_rows",
    "strategy_table",
    "suffix_spread_case",
    "two_phase_rows",
]

#: The key streams of the strategies explorable, by slider position.
STREAM_LABELS: dict[int, tuple[str, str]] = {
    0: ("sequential", "sequential IDs"),
    1: ("timestamp", "timestamps"),
    2: ("uuid4", "UUIDv4"),
    3: ("tenant_time", "customer ID + time"),
}
_METHOD_COLORS = {
    "modulo": COLORS["refused"],
    "ring": COLORS["served"],
    "jump": COLORS["accent"],
    "rendezvous": "#9467BD",
    "ranges": "#8C564B",
}

#: Keys present when the ranges are set, and keys written per day after that.
INITIAL_KEYS = 50_000
KEYS_PER_DAY = 5_000
MAX_DAYS = 30
#: The longest time axis a migration plot draws, days (ten years).
_MAX_DAYS_AXIS = 3_650.0


@functools.lru_cache(maxsize=16)
def _stream(kind: str, n_keys: int, seed: int = 0) -> NDArray[np.uint64]:
    keys = key_stream(kind, n_keys, seed=seed)
    keys.setflags(write=False)
    return keys


def _grouped_bars(ax: Axes, series: dict[str, NDArray[np.float64]], colors: dict[str, str]) -> None:
    """Grouped bars, one collection per series: a few artists instead of one patch per bar (several times faster to draw)."""
    n_groups = len(series)
    width = 0.8 / n_groups
    for i, (label, values) in enumerate(series.items()):
        left = np.arange(values.size) + (i - (n_groups - 1) / 2) * width - width / 2
        verts = np.stack(
            [
                np.column_stack([left, np.zeros_like(values)]),
                np.column_stack([left, values]),
                np.column_stack([left + width, values]),
                np.column_stack([left + width, np.zeros_like(values)]),
            ],
            axis=1,
        )
        ax.add_collection(PolyCollection(verts, facecolors=colors[label], edgecolors="none", label=label))
    size = next(iter(series.values())).size
    if size <= 20:
        ax.set_xticks(np.arange(size))
    ax.set_xlim(-0.6, size - 0.4)


# --- 16: strategies -------------------------------------------------------------------------------

_STRATEGY_COLORS = {"range": COLORS["refused"], "hash": COLORS["served"], "composite": COLORS["accent"]}


def strategy_table(kind: str, n_shards: int, day: int = MAX_DAYS, seed: int = 0) -> dict[str, object]:
    """Every strategy against one key stream, ``day`` days after the ranges were set.

    Parameters
    ----------
    kind : str
        A :data:`hotpart.KEY_STREAMS` name.
    n_shards : int
        Shards, in ``[1, INITIAL_KEYS]`` (the range boundaries come from the first :data:`INITIAL_KEYS` keys;
        the geo strategy has three regions whatever this is).
    day : int
        Days since the range boundaries were set from the first
        :data:`INITIAL_KEYS` keys, in ``[1, 30]``; the report's window is that day's writes.
    seed : int
        Seed of the key stream: a whole number from 0 to 2**64 - 1 (``None`` is refused, so that tables repeat).

    Returns
    -------
    dict
        ``reports`` (name to :class:`hotpart.ShardReport`), ``strategies`` and ``keys``.

    Examples
    --------
    >>> table = strategy_table("sequential", 4, day=3)
    >>> table["reports"]["range"].write_share
    array([0., 0., 0., 1.])
    >>> table["reports"]["hash"].range_shards
    4.0
    >>> strategy_table("sequential", 4, day=float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: day = nan is not a number: must be in [1, 30]
    """
    n_shards = check_integer("n_shards", n_shards, low=1, high=INITIAL_KEYS)
    day = check_integer("day", day, low=1, high=MAX_DAYS)
    seed = check_seed("seed", seed)
    keys = _stream(kind, INITIAL_KEYS + MAX_DAYS * KEYS_PER_DAY, seed)[: INITIAL_KEYS + day * KEYS_PER_DAY]
    strategies = {
        "hash": HashSharding(n_shards),
        "range": RangeSharding(range_boundaries(keys[:INITIAL_KEYS], n_shards)),
        "geo": GeoSharding([0.5, 0.3, 0.2], local_ms=5.0, remote_ms=[5.0, 80.0, 150.0]),
        "directory": DirectorySharding(n_shards, lookup_availability=0.999, cache_hit_rate=0.9),
        "composite": CompositeSharding(n_shards),
    }
    per_tenant = kind == "tenant_time"
    reports = {name: shard_report(s, keys, window=KEYS_PER_DAY, per_tenant=per_tenant) for name, s in strategies.items()}
    return {"reports": reports, "strategies": strategies, "keys": keys}


def plot_write_shares(ax: Axes, shares: dict[str, NDArray[np.float64]], title: str) -> None:
    """Grouped bars: each strategy's share of new writes per shard.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_write_shares(ax, {"range": np.array([0.0, 1.0]), "hash": np.array([0.5, 0.5])}, "two shards")
    >>> ax.get_title()
    'two shards'
    """
    if not isinstance(shares, dict) or not shares:
        raise ValueError(f"shares = {shares!r} is not allowed: must be a non-empty dict of strategy to shares per shard")
    for name, values in shares.items():
        arr = check_array(f"shares[{name!r}]", values, low=0, high=1)
        if arr.ndim != 1 or arr.size == 0:
            raise ValueError(f"shares[{name!r}] = {values!r} is not allowed: must be a non-empty 1-D array of shares")
    _grouped_bars(ax, shares, _STRATEGY_COLORS)
    n = next(iter(shares.values())).size
    ax.axhline(1.0 / n, color=COLORS["share"], ls="--", lw=1.2, label=f"even share 1/{n}")
    ax.set_ylim(0, 1.05)
    finish_axes(ax, title, "shard", "share of the day's writes", loc="upper center")


def _strategies_compute(day: int, stream: int, n_shards: int) -> Data:
    kind, label = STREAM_LABELS[int(stream)]
    table = strategy_table(kind, n_shards, day)
    reports = table["reports"]
    keys = table["keys"]
    rng = table["strategies"]["range"]
    stored_range = np.bincount(rng.shard_of(keys), minlength=rng.n_shards).astype(float)
    stored_hash = np.bincount(HashSharding(n_shards).shard_of(keys), minlength=n_shards).astype(float)
    return {
        "day": day,
        "label": label,
        "n_shards": n_shards,
        "reports": reports,
        "stored": {"range": stored_range / 1e3, "hash": stored_hash / 1e3},
        "ymax_stored": 1.08 * (INITIAL_KEYS / max(n_shards, 1) + MAX_DAYS * KEYS_PER_DAY + INITIAL_KEYS / 10) / 1e3,
    }


def _strategies_plot(fig: Figure, data: Data) -> None:
    left, right = fig.axes
    fixed_layout(fig, left=0.07, right=0.99, bottom=0.14, top=0.9, wspace=0.2)
    reports = data["reports"]
    shares = {name: reports[name].write_share for name in ("range", "hash", "composite")}
    plot_write_shares(left, shares, f"Day {data['day']}: where {data['label']} are written")
    _grouped_bars(right, data["stored"], _STRATEGY_COLORS)
    right.set_ylim(0, data["ymax_stored"])
    finish_axes(right, "Rows stored per shard", "shard", "rows (thousands)", loc="upper left")


def _strategies_caption(data: Data) -> str:
    r = data["reports"]
    rng, hsh, comp = r["range"], r["hash"], r["composite"]
    hot = int(np.argmax(rng.write_share))
    scope = "one customer's" if data["label"].startswith("customer") else "a"
    return (
        f"Day {data['day']}, {data['label']}, {data['n_shards']} shards. Range sharding puts "
        f"{rng.max_share:.0%} of the day's writes on shard {hot}; hash's busiest shard takes {hsh.max_share:.0%}, "
        f"composite's {comp.max_share:.0%}. {scope.capitalize()} time-range query over the day touches "
        f"{rng.range_shards:.0f} shard(s) under range, {hsh.range_shards:.0f} under hash, "
        f"{comp.range_shards:.0f} under composite."
    )


sharding_strategies = register(
    Explorable(
        name="sharding_strategies",
        title="Range, hash and composite sharding of one key stream, day by day",
        controls=(
            Control("day", "days since the ranges were set", 1, MAX_DAYS, 1, step=1, unit="days", integer=True),
            Control(
                "stream", "key stream (0 sequential, 1 timestamp, 2 UUIDv4, 3 customer ID + time)", 0, 3, 0, step=1, integer=True
            ),
            Control("n_shards", "shards", 2, 16, 4, step=1, integer=True),
        ),
        compute=_strategies_compute,
        plot=_strategies_plot,
        caption=_strategies_caption,
        try_this=(
            "with sequential IDs, move the day forward and watch every new write land on the last range shard while "
            "its stored rows climb; then switch the stream to UUIDv4 and to customer ID + time, where range sharding "
            "spreads the writes."
        ),
        static=("day", "stream"),
        ncols=2,
        figsize=(9.5, 3.8),
    )
)


# --- 17: resharding -------------------------------------------------------------------------------

_RESHARD_KEYS = 40_000
_METHODS_COSTED = ("modulo", "ring", "jump", "rendezvous")


@functools.lru_cache(maxsize=4)
def _uniform_keys(n: int, seed: int = 1) -> NDArray[np.uint64]:
    keys = np.random.default_rng(seed).integers(0, 2**64, size=n, dtype=np.uint64)
    keys.setflags(write=False)
    return keys


def _split_ranges(n: int, m: int) -> HashRangeSharding:
    """``n`` equal hash ranges grown to ``m`` by splitting the widest range in half, ``m - n`` times."""
    layout = HashRangeSharding.even(n)
    for _ in range(m - n):
        layout = layout.split(int(np.argmax(layout.shares())))
    return layout


def _placements(method: str, keys: NDArray[np.uint64], n: int, vnodes: int) -> NDArray[np.int64]:
    names = [str(i) for i in range(n)]
    if method == "modulo":
        return (keys % np.uint64(n)).astype(np.int64)
    if method == "jump":
        return jump_hash(keys, n)
    if method == "ring":
        return HashRing(names, vnodes).lookup(keys)
    return rendezvous(keys, names)


def plot_moved_by_method(ax: Axes, moved: dict[str, float], ideal: float, title: str) -> None:
    """Bars: share of keys moved per method, against the minimum (the new shards' share).

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_moved_by_method(ax, {"modulo": 0.75, "jump": 0.25}, 0.25, "3 to 4 shards")
    >>> len(ax.patches)
    2

    ``moved`` maps method names to shares in ``[0, 1]``; ``ideal`` is a share in ``[0, 1]``.
    """
    ideal = check_number("ideal", ideal, low=0, high=1)
    for method, share in moved.items():
        check_number(f"moved[{method!r}]", share, low=0, high=1)
    names = list(moved)
    ax.bar(names, [moved[m] for m in names], color=[_METHOD_COLORS[m] for m in names], label="keys moved")
    ax.axhline(ideal, color=COLORS["ceiling"], ls="--", lw=1.2, label=f"balanced minimum 1 - n/m = {ideal:.0%}")
    ax.set_ylim(0, 1.05)
    finish_axes(ax, title, "placement", "share of keys moved")


def _reshard_compute(n_before: int, added: int, vnodes: int) -> Data:
    n, m = n_before, n_before + added
    keys = _uniform_keys(_RESHARD_KEYS)
    moved, balance = {}, {}
    for method in ("modulo", "ring", "jump", "rendezvous"):
        before = _placements(method, keys, n, vnodes)
        after = _placements(method, keys, m, vnodes)
        moved[method] = float(np.mean(before != after))
        counts = np.bincount(after, minlength=m)
        balance[method] = float(counts.max() / counts.mean())
    # splitting hash ranges (DynamoDB, MongoDB hashed chunks, Vitess): the widest range in half, m - n times
    before_r, after_r = HashRangeSharding.even(n).shard_of(keys), _split_ranges(n, m).shard_of(keys)
    moved["ranges"] = float(np.mean(before_r != after_r))
    counts = np.bincount(after_r, minlength=m)
    balance["ranges"] = float(counts.max() / counts.mean())
    exact = {
        "modulo": moved_fraction("modulo", n, m),
        "ring": moved_fraction("ring", n, m, vnodes=vnodes),
        "jump": moved_fraction("jump", n, m),
    }
    cost = {method: lookup_cost(method, m, vnodes) for method in _METHODS_COSTED}
    cost["ranges"] = max(1.0, float(np.log2(m)))  # a binary search over the m range boundaries
    ymax = max(2.1, 1.0 + 5.0 / np.sqrt(vnodes))  # a range split leaves the busiest shard at up to twice the mean
    return {
        "n": n,
        "m": m,
        "vnodes": vnodes,
        "n_keys": _RESHARD_KEYS,
        "moved": moved,
        "exact": exact,
        "balance": balance,
        "cost": cost,
        "ymax": ymax,
    }


def _reshard_plot(fig: Figure, data: Data) -> None:
    left, right = fig.axes
    fixed_layout(fig, left=0.075, right=0.99, bottom=0.14, top=0.9, wspace=0.24)
    plot_moved_by_method(
        left, data["moved"], 1.0 - data["n"] / data["m"], f"Keys moved going from {data['n']} to {data['m']} shards"
    )
    names = list(data["balance"])
    right.bar(names, [data["balance"][m] for m in names], color=[_METHOD_COLORS[m] for m in names], label="busiest / mean")
    right.axhline(1.0, color=COLORS["share"], ls="--", lw=1.2, label="perfect balance")
    right.set_ylim(0, data["ymax"])
    finish_axes(right, f"Balance on {data['m']} shards ({_RESHARD_KEYS:,} keys)", "placement", "busiest shard / mean")


def _reshard_caption(data: Data) -> str:
    mv, c = data["moved"], data["cost"]
    return (
        f"{data['n']} to {data['m']} shards: modulo moves {mv['modulo']:.0%} of the keys (exactly "
        f"{data['exact']['modulo']:.1%}), a ring with {data['vnodes']:,} virtual node{'s' if data['vnodes'] != 1 else ''} "
        f"{mv['ring']:.0%}, jump hash "
        f"{mv['jump']:.0%}, rendezvous {mv['rendezvous']:.0%}, splitting hash ranges {mv['ranges']:.0%} (uneven "
        f"until every range is split); the minimum for a balanced layout is {1 - data['n'] / data['m']:.0%}. "
        f"Steps per lookup: modulo {c['modulo']:.0f}, ring {c['ring']:.1f}, jump {c['jump']:.1f}, "
        f"rendezvous {c['rendezvous']:.0f}."
    )


resharding = register(
    Explorable(
        name="resharding",
        title="Resharding: modulo, ring, jump hash, rendezvous and splitting hash ranges",
        controls=(
            Control("n_before", "shards before", 1, 24, EXAMPLE_RESHARD[0], step=1, integer=True),
            Control("added", "shards added", 1, 8, EXAMPLE_RESHARD[1] - EXAMPLE_RESHARD[0], step=1, integer=True),
            Control("vnodes", "virtual nodes per node (ring)", 1, 1000, 100, step=0.25, scale="log", integer=True),
        ),
        compute=_reshard_compute,
        plot=_reshard_plot,
        caption=_reshard_caption,
        try_this=(
            "start at 003's 3 to 4 shards: modulo moves most keys, ring, jump and rendezvous about a quarter, and a "
            "range split a sixth, at the price of the uneven layout on the right. Add more shards before and after; "
            "modulo stays high unless the new count is a multiple of the old. In Jupyter, lower the virtual nodes to "
            "1 and watch the ring's balance bar grow."
        ),
        static=("n_before", "added"),
        ncols=2,
        figsize=(9.5, 3.8),
    )
)


# --- 17: virtual nodes ----------------------------------------------------------------------------


def _vnodes_compute(vnodes: int, n_nodes: int) -> Data:
    # about 2,000 node shares, within a budget of 300,000 ring points so that a frame stays fast
    n_rings = max(5, min(2000 // n_nodes, 300_000 // (n_nodes * vnodes)))
    pooled = ring_spread_measured(vnodes, n_nodes, n_rings)
    maxima = pooled.reshape(n_rings, n_nodes).max(axis=1)
    measured = np.sort(pooled)
    analytic = ring_spread(vnodes, n_nodes)
    return {
        "vnodes": vnodes,
        "n_nodes": n_nodes,
        "measured": measured,
        "cv_measured": float(pooled.std() / pooled.mean()),
        "max_measured": float(maxima.mean()),
        "analytic": analytic,
        "n_rings": n_rings,
    }


def _vnodes_plot(fig: Figure, data: Data) -> None:
    (ax,) = fig.axes
    v, n = data["vnodes"], data["n_nodes"]
    x = np.linspace(0.0, 3.0, 301)
    y = np.arange(1, data["measured"].size + 1) / data["measured"].size
    ax.step(data["measured"], y, where="post", color=COLORS["served"], lw=1.8, label=f"measured ({data['n_rings']} rings)")
    ax.plot(x, stats.gamma(a=v, scale=1.0 / v).cdf(x), color=COLORS["refused"], ls="--", label=f"Gamma({v}, 1/{v})")
    ax.plot(x, stats.beta(v, (n - 1) * v).cdf(x / n), color=COLORS["ceiling"], ls=":", label="Beta (exact)")
    ax.set_xlim(0, 3)
    ax.set_ylim(0, 1.02)
    finish_axes(
        ax,
        f"Node shares on a ring: {n} nodes x {v} virtual nodes",
        "node's share / even share",
        "fraction of nodes",
        loc="lower right",
    )


def _vnodes_caption(data: Data) -> str:
    a = data["analytic"]
    return (
        f"{data['n_nodes']} nodes with {data['vnodes']:,} virtual node{'s' if data['vnodes'] != 1 else ''} each: "
        f"share spread (std / mean) measured "
        f"{data['cv_measured']:.3f}, analytic {a['cv']:.3f} (Gamma's 1/sqrt(V) = {a['cv_gamma']:.3f}). The busiest "
        f"node carries {data['max_measured']:.2f}x the even share on average (analytic {a['expected_max']:.2f}x)."
    )


virtual_nodes = register(
    Explorable(
        name="virtual_nodes",
        title="Virtual nodes against the spread of load on a ring",
        controls=(
            Control("vnodes", "virtual nodes per node", 1, 1000, 100, step=0.25, scale="log", integer=True),
            Control("n_nodes", "nodes", 2, 64, 10, step=1, integer=True),
        ),
        compute=_vnodes_compute,
        plot=_vnodes_plot,
        caption=_vnodes_caption,
        try_this=(
            "drop the virtual nodes to 1: shares spread from almost nothing to several times the even share. Each "
            "hundredfold increase in virtual nodes narrows the spread tenfold, as 1/sqrt(V) says."
        ),
        static=("vnodes", "n_nodes"),
    )
)


# --- 18: logical shards ---------------------------------------------------------------------------


def plot_logical_balance(ax: Axes, n_logicals: tuple[int, ...], max_physical: int) -> None:
    """Busiest physical shard over the mean, ``ceil(L/P) / (L/P)``, against physical shards ``P``, one line per ``L``.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_logical_balance(ax, (12, 64), 16)
    >>> ax.get_ylabel()
    'busiest / mean load'

    ``n_logicals`` holds at least one logical shard count, each a whole number in ``[1, 100_000]``; ``max_physical``
    is a whole number in ``[2, 10_000]`` (the x axis runs from 1 to it).
    """
    if isinstance(n_logicals, (str, bytes)) or not hasattr(n_logicals, "__len__") or len(n_logicals) == 0:
        raise ValueError(f"n_logicals = {n_logicals!r} is not allowed: must be a non-empty sequence of whole numbers")
    n_logicals = tuple(check_integer(f"n_logicals[{i}]", el, low=1, high=100_000) for i, el in enumerate(n_logicals))
    max_physical = check_integer("max_physical", max_physical, low=2, high=10_000)
    colors = [COLORS["refused"], "#FF7F0E", COLORS["served"], COLORS["accent"], "#9467BD"]
    for i, el in enumerate(n_logicals):
        p = np.arange(1, min(max_physical, el) + 1)
        ax.plot(p, [logical_balance(el, int(x)) for x in p], marker=".", color=colors[i % len(colors)], label=f"L = {el}")
    ax.axhline(1.0, color=COLORS["share"], ls="--", lw=1.2, label="perfect balance")
    ax.set_xlim(1, max_physical)
    finish_axes(ax, "Logical shards on physical shards", "physical shards P", "busiest / mean load")


# --- 18: migration --------------------------------------------------------------------------------

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
    steps = plan.steps
    for i, (name, start, end) in enumerate(steps):
        left.barh(len(steps) - 1 - i, (end - start) / 24, left=start / 24, color=_STEP_COLORS[i], label=name)
    left.axvspan(0, plan.coexistence_h / 24, color=COLORS["share"], alpha=0.15, label="two placement rules")
    left.set_yticks(range(len(steps)), [s[0] for s in reversed(steps)])
    xmax = xmax_days if xmax_days is not None else 1.05 * plan.total_h / 24
    left.set_xlim(0, xmax)
    finish_axes(left, "The five steps", "days since the dual write starts", "step", loc="upper right")
    t = np.linspace(0, xmax * 24, 600)
    _, (_, b0, b1), _, _, (_, x0, x1) = steps
    new = np.clip((t - b0) / max(b1 - b0, 1e-9), 0, 1)
    old = 1.0 - np.clip((t - x0) / max(x1 - x0, 1e-9), 0, 1)
    writes = np.where(t < plan.coexistence_h, 1.0 + plan.dual_write_overhead, 1.0)
    right.plot(t / 24, old + new, color=COLORS["served"], label="copies of the data stored")
    right.plot(t / 24, writes, color=COLORS["refused"], ls="--", label="write cost")
    right.set_xlim(0, xmax)
    right.set_ylim(0, 3.2)
    finish_axes(right, "Storage and write cost during the move", "days since the dual write starts", "multiple of normal")


def _migration_compute(
    data_gb: float, copy_gb_per_h: float, verify_gb_per_h: float, switch_h: float, bake_h: float, dual_write_overhead: float
) -> Data:
    kw = dict(verify_gb_per_h=verify_gb_per_h, dual_write_overhead=dual_write_overhead, switch_h=switch_h, bake_h=bake_h)
    plan = MigrationPlan(data_gb, copy_gb_per_h, **kw)
    d = migration_timeline.control("data_gb")
    c = migration_timeline.control("copy_gb_per_h")
    worst = MigrationPlan(d.high, c.low, **kw)
    return {"plan": plan, "xmax_days": 1.05 * worst.total_h / 24}


def _migration_plot(fig: Figure, data: Data) -> None:
    fixed_layout(fig, left=0.145, right=0.99, bottom=0.14, top=0.9, wspace=0.2)  # room for the step names
    plot_migration(*fig.axes, data["plan"], data["xmax_days"])


def _migration_caption(data: Data) -> str:
    p: MigrationPlan = data["plan"]
    steps = {name: (a, b) for name, a, b in p.steps}
    b = steps["backfill"]
    return (
        f"{p.data_gb:,.0f} GB at {p.copy_gb_per_h:,.0f} GB/h: backfill {(b[1] - b[0]) / 24:.1f} days, the whole move "
        f"{p.total_h / 24:.1f} days, of which the application holds two placement rules for "
        f"{p.coexistence_h / 24:.1f} days, writing {1 + p.dual_write_overhead:.1f}x as much."
    )


migration_timeline = register(
    Explorable(
        name="migration_timeline",
        title="Live migration: dual write, backfill, verify, switch reads, delete old",
        controls=(
            Control("data_gb", "data to move", 100, 10_000, 2_000, step=0.1, unit="GB", scale="log"),
            Control("copy_gb_per_h", "backfill rate", 25, 500, 50, step=0.1, unit="GB/h", scale="log"),
            Control("verify_gb_per_h", "verification rate", 25, 1_000, 100, step=0.1, unit="GB/h", scale="log"),
            Control("switch_h", "read switch ramp", 0, 168, 24, step=6, unit="h"),
            Control("bake_h", "fallback kept after the switch", 0, 336, 72, step=12, unit="h"),
            Control("dual_write_overhead", "dual-write overhead", 0, 2, 1, step=0.1, unit="x writes"),
        ),
        compute=_migration_compute,
        plot=_migration_plot,
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


# --- 19: cross-shard ------------------------------------------------------------------------------

_MAX_SHARDS = 64


def _cross_compute(n_shards: int, p_slow_pct: float, mean_ms: float, availability_pct: float) -> Data:
    import hotpart as hp  # the fan-out models (chapter 6), looked up at run time

    n = np.arange(1, _MAX_SHARDS + 1)
    dist = stats.expon(scale=mean_ms)
    p = p_slow_pct / 100.0
    a = availability_pct / 100.0
    tpc = two_phase_commit(n_shards, availability=a, rtt_ms=mean_ms)
    return {
        "n": n,
        "n_shards": n_shards,
        "p50": np.asarray(hp.fanout_quantile(0.5, n, dist)),
        "p99": np.asarray(hp.fanout_quantile(0.99, n, dist)),
        "any_slow": np.asarray(hp.prob_any_slow(p, n)),
        # a 2PC over n shards commits only if they and the coordinator (as available as one shard) are up
        "aborted": -np.expm1((n + 1) * np.log(a)) if a < 1 else np.zeros(n.size),
        "ymax_ms": 1.08 * float(hp.fanout_quantile(0.99, _MAX_SHARDS, dist)),
        "p_slow": p,
        "availability": a,
        "tpc": tpc,
        "mean_ms": mean_ms,
        "single_p99": float(hp.fanout_quantile(0.99, 1, dist)),
    }


def _cross_plot(fig: Figure, data: Data) -> None:
    left, right = fig.axes
    fixed_layout(fig, left=0.075, right=0.99, bottom=0.14, top=0.9, wspace=0.24)
    n, k = data["n"], data["n_shards"]
    left.plot(n, data["p99"], color=COLORS["refused"], label="p99 of the slowest shard")
    left.plot(n, data["p50"], color=COLORS["served"], label="median of the slowest shard")
    left.axvline(k, color=COLORS["share"], ls=":", label=f"{k} shards")
    left.set_xlim(1, _MAX_SHARDS)
    left.set_ylim(0, data["ymax_ms"])
    finish_axes(left, "Scatter-gather waits for the slowest shard", "shards queried", "latency (ms)", loc="lower right")
    floor = 1e-6
    right.semilogy(n, np.maximum(data["any_slow"], floor), color=COLORS["refused"], label="a scatter-gather is slow")
    right.semilogy(
        n, np.maximum(data["aborted"], floor), color=COLORS["served"], label="2PC aborts (a shard or the coordinator down)"
    )
    right.axvline(k, color=COLORS["share"], ls=":", label=f"{k} shards")
    right.set_xlim(1, _MAX_SHARDS)
    right.set_ylim(floor, 1.5)
    right.yaxis.set_minor_locator(NullLocator())  # minor log ticks double the render time
    finish_axes(right, "Every added shard is one more way to fail", "shards involved", "probability", loc="lower right")


def _cross_caption(data: Data) -> str:
    k = data["n_shards"]
    t = data["tpc"]
    return (
        f"{k} shards, each slow {data['p_slow']:.1%} of the time: {float(data['any_slow'][k - 1]):.1%} of scatter-gathers "
        f"are slow, and their p99 is {float(data['p99'][k - 1]):.0f} ms against {data['single_p99']:.0f} ms for one shard. "
        f"A 2PC over the {k} shards sends {t.messages} messages in {t.round_trips} round trips and commits only when "
        f"they and its coordinator are all up: {t.availability:.4%}, against {data['availability']:.3%} for one shard "
        "with no coordinator; otherwise it aborts."
    )


cross_shard = register(
    Explorable(
        name="cross_shard",
        title="Scatter-gather and two-phase commit against the number of shards",
        controls=(
            Control("n_shards", "shards involved", 1, _MAX_SHARDS, 8, step=1, integer=True),
            Control("p_slow_pct", "chance one shard is slow", 0.1, 10, 1, step=0.1, unit="%", scale="log"),
            Control("mean_ms", "mean shard latency", 1, 50, 10, step=1, unit="ms"),
            Control("availability_pct", "one shard's availability", 99.0, 99.999, 99.9, step=0.001, unit="%"),
        ),
        compute=_cross_compute,
        plot=_cross_plot,
        caption=_cross_caption,
        try_this=(
            "move the shards from 1 to 64: the slowest-shard p99 climbs with the logarithm of the shard count, and "
            "the chance that some shard is slow or down climbs almost linearly until it saturates. Then lower the "
            "chance one shard is slow and see how far the knee moves."
        ),
        static=("n_shards", "p_slow_pct"),
        ncols=2,
        figsize=(9.5, 3.8),
    )
)


# --- 20: pitfalls ---------------------------------------------------------------------------------

_PITFALL_MAX_SHARDS = 128
_ID_SCHEMES = {"auto-increment": "sequential", "UUIDv4": "uuid4", "UUIDv7": "uuid7", "Snowflake": "snowflake"}
_PITFALL_INITIAL, _PITFALL_NEW = 20_000, 2_000


def _pitfalls_compute(n_shards: int, p_fail_pct: float) -> Data:
    p = p_fail_pct / 100.0
    s = np.arange(1, _PITFALL_MAX_SHARDS + 1)
    half = np.array([half_applied_probability(int(x), p) for x in s])
    all_ok = np.exp(s * np.log1p(-p))
    hottest = {"range": [], "hash": []}
    for kind in _ID_SCHEMES.values():
        keys = _stream(kind, _PITFALL_INITIAL + _PITFALL_NEW)
        strategies = {
            "range": RangeSharding(range_boundaries(keys[:_PITFALL_INITIAL], n_shards)),
            "hash": HashSharding(n_shards),
        }
        for name, strat in strategies.items():
            hottest[name].append(shard_report(strat, keys, window=_PITFALL_NEW).max_share)
    return {
        "s": s,
        "n_shards": n_shards,
        "p_fail": p,
        "half": half,
        "all_ok": all_ok,
        "half_here": half_applied_probability(n_shards, p),
        "hottest": {k: np.array(v) for k, v in hottest.items()},
    }


def _pitfalls_plot(fig: Figure, data: Data) -> None:
    left, right = fig.axes
    fixed_layout(fig, left=0.075, right=0.99, bottom=0.14, top=0.9, wspace=0.24)
    s, k = data["s"], data["n_shards"]
    left.plot(s, data["half"], color=COLORS["refused"], label="half applied")
    left.plot(s, data["all_ok"], color=COLORS["served"], label="applied everywhere")
    left.axvline(k, color=COLORS["share"], ls=":", label=f"{k} shards")
    left.set_xlim(1, _PITFALL_MAX_SHARDS)
    left.set_ylim(0, 1.05)
    finish_axes(left, f"A schema change, each shard failing {data['p_fail']:.2%}", "shards", "probability", loc="center right")
    x = np.arange(len(_ID_SCHEMES))
    right.bar(x - 0.2, data["hottest"]["range"], width=0.4, color=COLORS["refused"], label="range sharding")
    right.bar(x + 0.2, data["hottest"]["hash"], width=0.4, color=COLORS["served"], label="hash sharding")
    right.axhline(1 / k, color=COLORS["share"], ls="--", lw=1.2, label=f"even share 1/{k}")
    right.set_xticks(x, list(_ID_SCHEMES))
    right.set_ylim(0, 1.45)  # room for the legend above the full bars
    finish_axes(right, f"Busiest of {k} shards, share of new rows", "ID scheme", "share of new writes", loc="upper center")


def _pitfalls_caption(data: Data) -> str:
    h = data["hottest"]
    names = list(_ID_SCHEMES)
    return (
        f"{data['n_shards']} shards, each failing a schema change with probability {data['p_fail']:.2%}: the change "
        f"ends half applied with probability {data['half_here']:.1%}. Under range sharding the busiest shard takes "
        f"{h['range'][names.index('UUIDv7')]:.0%} of new UUIDv7 rows and {h['range'][names.index('Snowflake')]:.0%} "
        f"of Snowflake rows, against {h['range'][names.index('UUIDv4')]:.0%} for UUIDv4; hashing spreads all of them."
    )


pitfalls = register(
    Explorable(
        name="pitfalls",
        title="Operations per shard, and time-ordered IDs under range and hash sharding",
        controls=(
            Control("n_shards", "shards", 1, _PITFALL_MAX_SHARDS, 16, step=1, integer=True),
            Control("p_fail_pct", "chance the change fails on one shard", 0.01, 20, 1, step=0.1, unit="%", scale="log"),
        ),
        compute=_pitfalls_compute,
        plot=_pitfalls_plot,
        caption=_pitfalls_caption,
        try_this=(
            "raise the shards: the chance that a schema change ends half applied rises toward one as long as a "
            "single shard can fail. On the right, see that time-ordered UUIDv7 and Snowflake IDs bring the range "
            "hot spot back, exactly like auto-increment."
        ),
        static=("n_shards", "p_fail_pct"),
        ncols=2,
        figsize=(9.5, 3.8),
    )
)


# --- the chapters' tables: each returns (header, rows) for hp.markdown_table -----------------------

_Rows = tuple[list[str], list[tuple[str, ...]]]

#: The strategies in the order the chapter's tables list them.
STRATEGY_ORDER: tuple[str, ...] = ("hash", "range", "geo", "directory", "composite")
_KIND_LABELS = {kind: label for kind, label in STREAM_LABELS.values()}
_MAX_TABLE_SHARDS = 10_000


def _whole_numbers(name: str, values: object, low: int, high: int) -> tuple[int, ...]:
    """A non-empty sequence of whole numbers in ``[low, high]``, or ValueError naming ``name``."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__") or len(values) == 0:  # type: ignore[arg-type]
        raise ValueError(f"{name} = {values!r} is not allowed: must be a non-empty sequence of whole numbers")
    return tuple(check_integer(f"{name}[{i}]", v, low=low, high=high) for i, v in enumerate(values))  # type: ignore[arg-type]


def strategy_rows(kind: str, n_shards: int, day: int = MAX_DAYS, label: str | None = None) -> _Rows:
    """Chapter 17's table: every strategy against one key stream, ``day`` days after the ranges were set.

    Parameters
    ----------
    kind : str
        A key stream of the strategies explorable (``sequential``, ``timestamp``, ``uuid4``, ``tenant_time``).
    n_shards : int
        Shards, in ``[1, INITIAL_KEYS]`` (geo has its three regions whatever this is).
    day : int
        Days since the range boundaries were set, in ``[1, 30]``; the writes counted are that day's.
    label : str, optional
        The first column's title; by default the stream's label in :data:`STREAM_LABELS`.

    Returns
    -------
    tuple
        ``(header, rows)``: one row per strategy (:data:`STRATEGY_ORDER`) with the busiest shard's share of the
        day's writes, the shards a point query and the day's range query ask, and the share of point queries
        routed (the directory's lookup service may be down).

    Examples
    --------
    >>> header, rows = strategy_rows("sequential", 4, day=3)
    >>> header[0], rows[1][:4]
    ('sequential IDs', ('range (4 shards)', '100%', '1', '1'))
    >>> strategy_rows("sequential", 0)
    Traceback (most recent call last):
    ...
    ValueError: n_shards = 0 is out of range: must be in [1, 50000]
    """
    if kind not in _KIND_LABELS:
        raise ValueError(f"kind = {kind!r} is not allowed: must be one of {', '.join(_KIND_LABELS)}")
    reports = strategy_table(kind, n_shards, day)["reports"]
    header = [
        _KIND_LABELS[kind] if label is None else str(label),
        "busiest shard's share of new writes",
        "point query: shards",
        "time-range query: shards",
        "point query routed",
    ]
    rows = []
    for name in STRATEGY_ORDER:
        r = reports[name]
        rows.append(
            (
                f"{name} ({r.n_shards} shards)",
                f"{r.max_share:.0%}",
                f"{r.point_shards:.0f}",
                f"{r.range_shards:.0f}",
                f"{r.point_availability:.2%}",
            )
        )
    return header, rows


def moved_rows(changes: tuple[tuple[int, int], ...], vnodes: int = 100, n_keys: int = 100_000) -> _Rows:
    """Chapter 18's table: the share of keys each scheme moves when ``n`` shards become ``m``.

    Parameters
    ----------
    changes : sequence of (int, int)
        Shard counts before and after, ``n`` and ``m``, each a whole number in ``[1, 10_000]``.
    vnodes : int
        Virtual nodes per node of the ring, in ``[1, 1_000]``.
    n_keys : int
        Random keys rendezvous hashing is measured on, in ``[1, 1_000_000]``.

    Returns
    -------
    tuple
        ``(header, rows)``: per change, the share moved by modulo (exact), a ring (exact arc measure), jump hash
        (exact in expectation), rendezvous (measured) and the floor ``1 - n/m`` of a layout that ends balanced.

    Examples
    --------
    >>> header, rows = moved_rows([(4, 5)])
    >>> header[1], rows[0][0], rows[0][1], rows[0][3], rows[0][5]
    ('modulo', '4 → 5', '80.0%', '20.0%', '20.0%')
    >>> moved_rows([(4, 0)])
    Traceback (most recent call last):
    ...
    ValueError: changes[0][1] = 0 is out of range: must be in [1, 10000]
    """
    if isinstance(changes, (str, bytes)) or not hasattr(changes, "__len__") or len(changes) == 0:
        raise ValueError(f"changes = {changes!r} is not allowed: must be a non-empty sequence of (n, m) pairs")
    pairs = []
    for i, pair in enumerate(changes):
        if isinstance(pair, (str, bytes)) or not hasattr(pair, "__len__") or len(pair) != 2:
            raise ValueError(f"changes[{i}] = {pair!r} is not allowed: must be a pair (n, m) of shard counts")
        pairs.append(tuple(check_integer(f"changes[{i}][{j}]", v, low=1, high=_MAX_TABLE_SHARDS) for j, v in enumerate(pair)))
    vnodes = check_integer("vnodes", vnodes, low=1, high=1_000)
    n_keys = check_integer("n_keys", n_keys, low=1, high=1_000_000)
    header = ["n → m", "modulo", f"ring ({vnodes} vnodes)", "jump", "rendezvous", "minimum"]
    rows = []
    for n, m in pairs:
        moved = (
            moved_fraction_modulo(n, m),
            moved_fraction("ring", n, m, vnodes=vnodes),
            moved_fraction("jump", n, m),
            moved_fraction("rendezvous", n, m, n_keys=n_keys),
            max(1 - n / m, 0.0),
        )
        rows.append((f"{n} → {m}", *(f"{x:.1%}" for x in moved)))
    return header, rows


def logical_balance_rows(n_logicals: tuple[int, ...], n_physicals: tuple[int, ...]) -> _Rows:
    """Chapter 19's table: the busiest physical shard over the mean, ``ceil(L/P) / (L/P)``, for each ``L`` and ``P``.

    Parameters
    ----------
    n_logicals : sequence of int
        Logical shard counts ``L`` (one row each), whole numbers in ``[1, 100_000]``.
    n_physicals : sequence of int
        Physical shard counts ``P`` (one column each), whole numbers in ``[1, 10_000]``.

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
    logicals = _whole_numbers("n_logicals", n_logicals, 1, 100_000)
    physicals = _whole_numbers("n_physicals", n_physicals, 1, _MAX_TABLE_SHARDS)
    header = ["logical shards L", *(f"P = {p}" for p in physicals)]
    rows = [(str(el), *(f"{logical_balance(el, p):.3f}" for p in physicals)) for el in logicals]
    return header, rows


def two_phase_rows(participants: tuple[int, ...], availability: float, rtt_ms: float, log_ms: float) -> _Rows:
    """Chapter 20's table: two-phase commit against the number of participants.

    Parameters
    ----------
    participants : sequence of int
        Participant counts ``k``, whole numbers in ``[1, 10_000]``.
    availability : float
        Each participant's (and the coordinator's) availability, in ``(0, 1]``.
    rtt_ms : float
        Round trip to every participant, ms, ``>= 0``.
    log_ms : float
        One forced log write, ms, ``>= 0``.

    Returns
    -------
    tuple
        ``(header, rows)``: messages, round trips, forced log writes, the probability of committing and of aborting,
        and the latency in ms, per ``k`` (:func:`hotpart.two_phase_commit`).

    Examples
    --------
    >>> header, rows = two_phase_rows((1, 4), availability=0.999, rtt_ms=1.0, log_ms=0.5)
    >>> rows[1]
    ('4', '16', '2', '9', '99.501%', '0.499%', '3.5')
    """
    ks = _whole_numbers("participants", participants, 1, _MAX_TABLE_SHARDS)
    availability = check_number("availability", availability, low=0, high=1, low_open=True)
    header = ["participants k", "messages", "round trips", "forced log writes", "commits", "aborts", "latency (ms)"]
    rows = []
    for k in ks:
        t = two_phase_commit(k, availability=availability, rtt_ms=rtt_ms, log_ms=log_ms)
        rows.append(
            (
                str(k),
                str(t.messages),
                str(t.round_trips),
                str(t.forced_log_writes),
                f"{t.availability:.3%}",
                f"{t.abort_probability:.3%}",
                f"{t.latency_ms:g}",
            )
        )
    return header, rows


def alternatives_rows(
    reads_per_s: float,
    writes_per_s: float,
    node_reads_per_s: float,
    node_writes_per_s: float,
    *,
    replicas: int = 3,
    cache_hit_rate: float = 0.8,
) -> _Rows:
    """Chapter 21's table: one node, read replicas, a cache, and both, against the same reads and writes.

    Parameters
    ----------
    reads_per_s, writes_per_s : float
        Offered reads and writes per second, ``>= 0``.
    node_reads_per_s, node_writes_per_s : float
        What one node serves per second, ``> 0``.
    replicas : int
        Read replicas of the second and fourth rows, in ``[1, 10_000]``.
    cache_hit_rate : float
        Share of reads the cache of the third and fourth rows answers, in ``[0, 1]``.

    Returns
    -------
    tuple
        ``(header, rows)``: per setup, the read utilisation per node, the primary's write utilisation and whether
        both fit (:func:`hotpart.unsharded_load`).

    Examples
    --------
    >>> header, rows = alternatives_rows(40_000, 3_000, 10_000, 2_000)
    >>> rows[3]
    ('3 replicas and the cache', '20%', '150%', 'no')
    """
    replicas = check_integer("replicas", replicas, low=1, high=_MAX_TABLE_SHARDS)
    h = check_number("cache_hit_rate", cache_hit_rate, low=0, high=1)
    setups = (
        ("one node", {}),
        (f"{replicas} read replicas", {"replicas": replicas}),
        (f"cache, {h:.0%} hits", {"cache_hit_rate": h}),
        (f"{replicas} replicas and the cache", {"replicas": replicas, "cache_hit_rate": h}),
    )
    header = ["setup", "reads per node", "writes on the primary", "fits one primary"]
    rows = []
    for label, kw in setups:
        u = unsharded_load(reads_per_s, writes_per_s, node_reads_per_s, node_writes_per_s, **kw)  # type: ignore[arg-type]
        rows.append((label, f"{u['read_utilisation']:.0%}", f"{u['write_utilisation']:.0%}", "yes" if u["fits"] else "no"))
    return header, rows


def half_applied_rows(shards: tuple[int, ...], p_fail: tuple[float, ...]) -> _Rows:
    """Chapter 21's table: the probability that a change run on every shard ends half applied.

    Parameters
    ----------
    shards : sequence of int
        Shard counts ``S`` (one row each), whole numbers in ``[1, 10_000]``.
    p_fail : sequence of float
        Probabilities that the change fails on one shard (one column each), each in ``[0, 1]``.

    Returns
    -------
    tuple
        ``(header, rows)`` of :func:`hotpart.half_applied_probability`, ``1 - (1-p)^S - p^S``.

    Examples
    --------
    >>> half_applied_rows((2,), (0.01,))
    (['shards', 'p = 1%'], [('2', '2.0%')])
    """
    ss = _whole_numbers("shards", shards, 1, _MAX_TABLE_SHARDS)
    if isinstance(p_fail, (str, bytes)) or not hasattr(p_fail, "__len__") or len(p_fail) == 0:
        raise ValueError(f"p_fail = {p_fail!r} is not allowed: must be a non-empty sequence of probabilities")
    ps = tuple(check_number(f"p_fail[{i}]", p, low=0, high=1) for i, p in enumerate(p_fail))
    header = ["shards", *(f"p = {p:.1%}".replace(".0%", "%") for p in ps)]
    rows = [(str(s), *(f"{half_applied_probability(s, p):.1%}" for p in ps)) for s in ss]
    return header, rows


# --- the chapters' cases: the numbers a chapter computes, as plain values ---------------------------


def _random_keys(n_keys: int, seed: int) -> NDArray[np.uint64]:
    return np.random.default_rng(seed).integers(0, 2**64, size=n_keys, dtype=np.uint64)


def range_split_case(n_shards: int, splits: int = 1, n_keys: int = 100_000, seed: int = 3) -> dict[str, float]:
    """Chapter 18: split the first ``splits`` of ``n_shards`` equal hash ranges in half; what moves, and where.

    Parameters
    ----------
    n_shards : int
        Equal hash ranges before the splits, in ``[1, 10_000]``.
    splits : int
        Ranges split in half (shards ``0`` to ``splits - 1``), in ``[1, n_shards]``.
    n_keys : int
        Random keys the move is measured on, in ``[1, 1_000_000]``.
    seed : int
        Seed of the random keys, a whole number from 0 to 2**64 - 1.

    Returns
    -------
    dict
        ``formula`` (:func:`hotpart.range_split_moved_fraction`), ``exact`` (the moved measure of the hash space,
        :meth:`hotpart.HashRangeSharding.moved_share`), ``measured`` (share of the random keys that moved),
        ``from_split`` and ``to_new`` (1.0 when every moved key left a split range and landed on a new shard,
        else 0.0), and ``busiest`` (the busiest shard's share over the mean share, afterwards).

    Examples
    --------
    >>> c = range_split_case(4)
    >>> c["formula"], c["exact"], c["from_split"], c["to_new"], c["busiest"]
    (0.125, 0.125, 1.0, 1.0, 1.25)
    """
    n = check_integer("n_shards", n_shards, low=1, high=_MAX_TABLE_SHARDS)
    k = check_integer("splits", splits, low=1, high=n)
    n_keys = check_integer("n_keys", n_keys, low=1, high=1_000_000)
    seed = check_seed("seed", seed)
    before = HashRangeSharding.even(n)
    after = before
    for shard in range(k):
        after = after.split(shard)
    keys = _random_keys(n_keys, seed)
    b, a = before.shard_of(keys), after.shard_of(keys)
    moved = b != a
    return {
        "formula": float(range_split_moved_fraction(n, n + k)),
        "exact": float(before.moved_share(after)),
        "measured": float(moved.mean()),
        "from_split": float(bool(np.all(b[moved] < k))),
        "to_new": float(bool(np.all(a[moved] >= n))),
        "busiest": float(after.shares().max() * after.n_shards),
    }


def jump_growth_case(n_buckets: int, n_keys: int = 100_000) -> dict[str, float]:
    """Chapter 18: hash the keys ``0 .. n_keys - 1`` with jump hash into ``n_buckets`` and then one bucket more.

    Parameters
    ----------
    n_buckets : int
        Buckets before, in ``[1, 10_000]``.
    n_keys : int
        Keys, in ``[1, 1_000_000]``.

    Returns
    -------
    dict
        ``moved`` (share of keys whose bucket changed), ``expected`` (``1 / (n_buckets + 1)``) and ``to_new``
        (1.0 when every moved key went to the new bucket, number ``n_buckets``).

    Examples
    --------
    >>> c = jump_growth_case(10)
    >>> round(c["expected"], 4), c["to_new"], abs(c["moved"] - c["expected"]) < 0.005
    (0.0909, 1.0, True)
    """
    n = check_integer("n_buckets", n_buckets, low=1, high=_MAX_TABLE_SHARDS)
    n_keys = check_integer("n_keys", n_keys, low=1, high=1_000_000)
    keys = np.arange(n_keys, dtype=np.uint64)
    before, after = jump_hash(keys, n), jump_hash(keys, n + 1)
    moved = before != after
    return {"moved": float(moved.mean()), "expected": 1 / (n + 1), "to_new": float(bool(np.all(after[moved] == n)))}


def logical_move_case(n_logical: int, p_before: int, p_after: int, n_keys: int = 100_000, seed: int = 0) -> dict[str, float]:
    """Chapter 19: ``n_logical`` logical shards moved from ``p_before`` to ``p_after`` machines.

    Parameters
    ----------
    n_logical : int
        Logical shards ``L``, in ``[1, 100_000]``.
    p_before, p_after : int
        Machines before and after, each in ``[1, n_logical]``.
    n_keys : int
        Random keys the move is checked on, in ``[1, 1_000_000]``.
    seed : int
        Seed of the random keys, a whole number from 0 to 2**64 - 1.

    Returns
    -------
    dict
        ``moved_logical`` (logical shards that changed machine), ``moved_share`` (their share of ``L``),
        ``new_holds`` (logical shards on the last machine afterwards), ``whole`` (1.0 when every logical shard's
        keys moved together), ``key_moved`` (share of the random keys that moved), ``modulo`` (what ``key % P``
        would move) and the balances ``balance_before`` and ``balance_after`` (busiest over mean).

    Examples
    --------
    >>> c = logical_move_case(256, 4, 5)
    >>> c["moved_logical"], c["new_holds"], c["whole"], c["modulo"]
    (51.0, 51.0, 1.0, 0.8)
    """
    el = check_integer("n_logical", n_logical, low=1, high=100_000)
    p0 = check_integer("p_before", p_before, low=1, high=el)
    p1 = check_integer("p_after", p_after, low=1, high=el)
    n_keys = check_integer("n_keys", n_keys, low=1, high=1_000_000)
    seed = check_seed("seed", seed)
    before = logical_placement(el, p0)
    after = logical_placement(el, p1, previous=before)
    logical = (hash64(_random_keys(n_keys, seed)) % np.uint64(el)).astype(int)
    key_moved = before[logical] != after[logical]
    whole = all(len(set(key_moved[logical == s])) == 1 for s in np.unique(logical))
    moved = int(np.sum(before != after))
    return {
        "moved_logical": float(moved),
        "moved_share": moved / el,
        "new_holds": float(np.bincount(after, minlength=p1)[-1]),
        "whole": float(whole),
        "key_moved": float(key_moved.mean()),
        "modulo": float(moved_fraction_modulo(p0, p1)),
        "balance_before": float(logical_balance(el, p0)),
        "balance_after": float(logical_balance(el, p1)),
    }


def logical_shards_needed(max_imbalance: float, max_physical: int) -> dict[str, float]:
    """Chapter 19: the fewest logical shards ``L`` that keep the busiest of ``P`` machines within ``max_imbalance``
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
        ``n_logical`` (the smallest such ``L``) and ``worst`` (its largest ``ceil(L/P) / (L/P)`` over the fleets).

    Examples
    --------
    >>> logical_shards_needed(1.25, 4)
    {'n_logical': 8.0, 'worst': 1.125}
    """
    target = check_number("max_imbalance", max_imbalance, low=1.001, high=2.0)
    pmax = check_integer("max_physical", max_physical, low=1, high=1_000)
    el = pmax
    while True:  # ends by L = pmax / (target - 1), where ceil(L/P) / (L/P) < 1 + P/L <= target for every P
        worst = max(logical_balance(el, p) for p in range(1, pmax + 1))
        if worst <= target:
            return {"n_logical": float(el), "worst": float(worst)}
        el += 1


def auto_increment_case(n_shards: int = 4, ids_per_shard: int = 1_000) -> dict[str, float]:
    """Chapter 21: ``n_shards`` shards side by side, each counting its IDs from one.

    Parameters
    ----------
    n_shards : int
        Shards, in ``[1, 1_000]``.
    ids_per_shard : int
        Rows each shard numbers ``1 .. ids_per_shard``, in ``[1, 1_000_000]``.

    Returns
    -------
    dict
        ``rows``, ``distinct`` (distinct IDs among them), ``shared`` (share of rows whose ID another row also
        holds) and ``repeats`` (share of rows that repeat an ID already taken: ``(S - 1) / S``).

    Examples
    --------
    >>> auto_increment_case(4, 1_000)
    {'rows': 4000.0, 'distinct': 1000.0, 'shared': 1.0, 'repeats': 0.75}
    """
    s = check_integer("n_shards", n_shards, low=1, high=1_000)
    n = check_integer("ids_per_shard", ids_per_shard, low=1, high=1_000_000)
    ids = np.concatenate([np.arange(1, n + 1) for _ in range(s)])
    distinct, per_id = np.unique(ids, return_counts=True)
    return {
        "rows": float(ids.size),
        "distinct": float(distinct.size),
        "shared": float(np.mean(per_id[np.searchsorted(distinct, ids)] > 1)),
        "repeats": 1 - distinct.size / ids.size,
    }


def ids_for_collision(probability: float, bits: int = 64) -> float:
    """Chapter 21: how many random ``bits``-bit IDs reach a collision ``probability``, from the birthday bound.

    Solves ``P = 1 - exp(-N^2 / 2^(b+1))`` for ``N``: ``N = sqrt(-2^(b+1) ln(1 - P))``.

    Parameters
    ----------
    probability : float
        The collision probability, in ``(0, 1)``.
    bits : int
        Random bits per ID, in ``[1, 1_024]``.

    Returns
    -------
    float
        IDs in all.

    Examples
    --------
    >>> f"{ids_for_collision(0.5, 32):,.0f}"
    '77,163'
    """
    p = check_number("probability", probability, low=0, high=1, low_open=True, high_open=True)
    b = check_integer("bits", bits, low=1, high=1_024)
    return math.sqrt(-(2.0 ** (b + 1)) * math.log1p(-p))


def suffix_spread_case(writes_per_s: float, suffixes: int, seconds: int = 60, seed: int = 0) -> dict[str, float]:
    """Chapter 21: one hot key's writes spread over random suffixes and over sequential (round-robin) ones.

    Parameters
    ----------
    writes_per_s : float
        Writes a second to the key, in ``[1, 1_000_000]``.
    suffixes : int
        Suffix keys, in ``[1, 10_000]``.
    seconds : int
        Seconds simulated for the random suffix, in ``[1, 3_600]``.
    seed : int
        Seed of the random suffixes, a whole number from 0 to 2**64 - 1.

    Returns
    -------
    dict
        ``random_max`` (the busiest suffix key's writes in its busiest second, :func:`hotpart.simulate_shard_writes`),
        ``sequential_max`` (the same with a counter modulo ``suffixes``) and ``even`` (writes over suffixes).

    Examples
    --------
    >>> c = suffix_spread_case(1_000, 8)
    >>> c["sequential_max"], c["even"], c["random_max"] > c["even"]
    (125.0, 125.0, True)
    """
    w = check_number("writes_per_s", writes_per_s, low=1, high=1_000_000)
    n = check_integer("suffixes", suffixes, low=1, high=_MAX_TABLE_SHARDS)
    seconds = check_integer("seconds", seconds, low=1, high=3_600)
    seed = check_seed("seed", seed)
    random_counts = simulate_shard_writes(w, n, seconds, seed=seed)
    sequential = np.bincount(np.arange(int(w)) % n, minlength=n)  # one second dealt out in turn
    return {"random_max": float(random_counts.max()), "sequential_max": float(sequential.max()), "even": w / n}


def replicas_needed(reads_per_s: float, node_reads_per_s: float, cache_hit_rate: float = 0.8) -> int:
    """Chapter 21: the fewest read replicas that keep every node's reads within its capacity behind a cache.

    ``k`` replicas and the primary share the reads the cache misses: ``(1 - h) R / (k + 1) <= C``.

    Parameters
    ----------
    reads_per_s : float
        Offered reads per second, ``>= 0`` and at most ``1e12``.
    node_reads_per_s : float
        Reads one node serves per second, ``> 0`` and at most ``1e12``.
    cache_hit_rate : float
        Share of reads the cache answers, in ``[0, 1]``.

    Returns
    -------
    int
        Read replicas, ``>= 0``.

    Examples
    --------
    >>> replicas_needed(90_000, 10_000, 0.8)
    1
    """
    r = check_number("reads_per_s", reads_per_s, low=0, high=1e12)
    c = check_number("node_reads_per_s", node_reads_per_s, low=0, high=1e12, low_open=True)
    h = check_number("cache_hit_rate", cache_hit_rate, low=0, high=1)
    return max(math.ceil(r * (1 - h) / c - 1e-12) - 1, 0)


def dual_write_case(coexistence_h: float, writes_per_s: float, p_fail: float) -> dict[str, float]:
    """Chapter 19: dual writes during a migration, each of the two writes failing on its own with ``p_fail``.

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
        ``writes`` (dual writes in all), ``p_split`` (share that land on one side only) and ``diverged``
        (expected writes that land on one side only).

    Examples
    --------
    >>> c = dual_write_case(24.0, 100.0, 0.01)
    >>> c["writes"], round(c["p_split"], 4), round(c["diverged"])
    (8640000.0, 0.0198, 171072)
    """
    hours = check_number("coexistence_h", coexistence_h, low=0, high=100_000)
    w = check_number("writes_per_s", writes_per_s, low=0, high=1e9)
    p = check_number("p_fail", p_fail, low=0, high=1)
    writes = w * hours * 3_600
    p_split = float(half_applied_probability(2, p))
    return {"writes": writes, "p_split": p_split, "diverged": writes * p_split}


def directory_hit_rate_needed(target: float, lookup_availability: float) -> float:
    """Chapter 17: the cache hit rate at which a directory routes ``target`` of point queries.

    A point query is routed when the client's cache holds the placement (probability ``h``) or the lookup service
    answers (``a``): ``h + (1 - h) a = target``, so ``h = 1 - (1 - target) / (1 - a)``.

    Parameters
    ----------
    target : float
        Share of point queries to route, in ``[lookup_availability, 1]``.
    lookup_availability : float
        The lookup service's availability, in ``[0, 1)``.

    Returns
    -------
    float
        The cache hit rate, in ``[0, 1]``.

    Examples
    --------
    >>> round(directory_hit_rate_needed(0.9999, 0.999), 6)
    0.9
    """
    a = check_number("lookup_availability", lookup_availability, low=0, high=1, high_open=True)
    t = check_number("target", target, low=a, high=1)
    return 1 - (1 - t) / (1 - a)
