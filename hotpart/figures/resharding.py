"""Chapter 18's explorables, table and figure: what moves when shards are added, and how even a ring is.

Models: :mod:`hotpart.models.resharding` (``moved_fraction``, ``moved_fraction_modulo``,
``range_split_moved_fraction``, ``lookup_cost``, ``ring_spread``) and :mod:`~hotpart.models.hashing` (``jump_hash``,
``HashRing``, ``rendezvous``, ``HashRangeSharding``). Notebook: ``notebooks/18_resharding``. The explorables
``resharding`` and ``virtual_nodes``; the chapter's table (``moved_rows``), its plot and its cases
(``range_split_case``, ``jump_growth_case``), tested in ``tests/test_chapters_15_21.py``.
"""

from __future__ import annotations

import functools

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from numpy.typing import NDArray
from scipy import stats

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout
from ..models import (
    EXAMPLE_RESHARD,
    HashRangeSharding,
    HashRing,
    jump_hash,
    lookup_cost,
    moved_fraction,
    moved_fraction_modulo,
    range_split_moved_fraction,
    rendezvous,
    ring_spread,
    ring_spread_measured,
)
from ..models._validation import check_integer, check_number, check_seed
from ._sharding_common import _MAX_TABLE_SHARDS, _random_keys, _Rows

__all__ = [
    "jump_growth_case",
    "moved_rows",
    "plot_moved_by_method",
    "range_split_case",
]

_METHOD_COLORS = {
    "modulo": COLORS["refused"],
    "ring": COLORS["served"],
    "jump": COLORS["accent"],
    "rendezvous": "#9467BD",
    "ranges": "#8C564B",
}


# --- 18: resharding -------------------------------------------------------------------------------

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


# --- 18: virtual nodes ----------------------------------------------------------------------------


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


# --- chapter 18's table and cases ---------------------------------------------------------------------------


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
