"""Chapters 17 to 21's explorables: strategies, resharding, virtual nodes, migration, cross-shard work, pitfalls.

Models: :mod:`hotpart.models.sharding`, and the fan-out models of :mod:`hotpart.models.fanout`
for scatter-gather latency. Notebooks: ``notebooks/17_strategies.ipynb`` to
``notebooks/21_pitfalls.ipynb``.
"""

from __future__ import annotations

import functools

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
    jump_hash,
    key_stream,
    logical_balance,
    lookup_cost,
    moved_fraction,
    range_boundaries,
    rendezvous,
    ring_spread,
    ring_spread_measured,
    shard_report,
    two_phase_commit,
)
from ..models._validation import check_array, check_integer, check_number, check_seed

__all__ = [
    "INITIAL_KEYS",
    "KEYS_PER_DAY",
    "STREAM_LABELS",
    "plot_logical_balance",
    "plot_migration",
    "plot_moved_by_method",
    "plot_write_shares",
    "strategy_table",
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
