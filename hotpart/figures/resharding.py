"""Chapter 19's explorables, table and figure: what moves when shards are added, and how even a ring is.

Models: :mod:`hotpart.models.resharding` (``moved_fraction``, ``moved_fraction_modulo``,
``range_split_moved_fraction``, ``lookup_cost``, ``ring_spread``) and :mod:`~hotpart.models.hashing` (``jump_hash``,
``HashRing``, ``rendezvous``, ``HashRangeSharding``). Notebook: ``notebooks/19_resharding``. The explorables
``resharding`` and ``virtual_nodes`` (drawn once, then updated in place); the chapter's table (``moved_rows``), its plot
and its cases (``modulo_case``, ``ring_growth_case``, ``ring_spread_case``, ``vnodes_for_spread``, ``range_split_case``,
``jump_growth_case``), tested in ``tests/test_chapters_15_21.py`` and ``tests/test_cases_sharding.py``.
"""

from __future__ import annotations

import functools
import math

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from numpy.typing import NDArray

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import _MAX_TABLE_VALUES, COLORS, finish_axes, fixed_layout, relabel
from ..book.wording import plural
from ..models import (
    EXAMPLE_RESHARD,
    HashRangeSharding,
    HashRing,
    harmonic,
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
from ..models.hashing import _jump_hash_pair, _label_hashes, _rendezvous_scan, hash64
from ._sharding_common import _MAX_TABLE_SHARDS, _random_keys, _Rows

__all__ = [
    "jump_growth_case",
    "jump_steps_case",
    "modulo_case",
    "moved_rows",
    "plot_moved_by_method",
    "range_split_case",
    "ring_busiest_case",
    "ring_growth_case",
    "ring_spread_case",
    "vnodes_for_spread",
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


# A slider move changes one of n, m = n + added and vnodes, so most placements of the explorable's keys are the ones
# the last frame computed: they are cached (read-only) by the arguments they depend on.


@functools.lru_cache(maxsize=32)
def _placements_cached(method: str, n: int, vnodes: int = 0) -> NDArray[np.int64]:
    """:func:`_placements` of the explorable's keys on ``n`` shards, read-only; ``vnodes`` is the ring's only."""
    keys = _uniform_keys(_RESHARD_KEYS)
    if method == "rendezvous":
        owner = _rendezvous_state(n)[1]
    elif method == "ranges":
        owner = HashRangeSharding.even(n).shard_of(keys)
    else:
        owner = _placements(method, keys, n, vnodes)
    owner.flags.writeable = False
    return owner


@functools.lru_cache(maxsize=8)
def _rendezvous_state(n: int) -> tuple[NDArray[np.uint64], NDArray[np.int64]]:
    """Rendezvous of the explorable's keys over nodes ``"0" .. "n-1"``: each key's best weight and node, read-only.

    The owners are :func:`rendezvous`'s; nodes ``"n" .. "m-1"`` added later are scanned from here
    (:func:`_rendezvous_grown`), so growing to ``m`` costs ``m - n`` hashes per key, not ``m``.
    """
    hk = hash64(_uniform_keys(_RESHARD_KEYS))
    best, owner = np.zeros(hk.size, dtype=np.uint64), np.zeros(hk.size, dtype=np.int64)
    _rendezvous_scan(hk, _label_hashes(tuple(str(i) for i in range(n))), 0, best, owner)
    best.flags.writeable = owner.flags.writeable = False
    return best, owner


@functools.lru_cache(maxsize=16)
def _rendezvous_grown(n: int, m: int) -> NDArray[np.int64]:
    """:func:`rendezvous` of the explorable's keys over nodes ``"0" .. "m-1"``, from the state on ``n <= m`` nodes."""
    best, owner = (x.copy() for x in _rendezvous_state(n))
    _rendezvous_scan(hash64(_uniform_keys(_RESHARD_KEYS)), _label_hashes(tuple(str(i) for i in range(n, m))), n, best, owner)
    owner.flags.writeable = False
    return owner


@functools.lru_cache(maxsize=16)
def _jump_grown(n: int, m: int) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """:func:`jump_hash` of the explorable's keys into ``n`` and ``m >= n`` buckets (one loop), read-only."""
    before, after = _jump_hash_pair(_uniform_keys(_RESHARD_KEYS), n, m)
    before.flags.writeable = after.flags.writeable = False
    return before, after


def _before_after(method: str, n: int, m: int, vnodes: int) -> tuple[NDArray[np.int64], NDArray[np.int64]]:
    """:func:`_placements` of the explorable's keys on ``n`` and on ``m >= n`` shards, from the caches."""
    if method == "jump":
        return _jump_grown(n, m)
    if method == "rendezvous":
        return _rendezvous_state(n)[1], _rendezvous_grown(n, m)
    v = vnodes if method == "ring" else 0  # only the ring depends on the virtual nodes
    return _placements_cached(method, n, v), _placements_cached(method, m, v)


@functools.lru_cache(maxsize=16)
def _ranges_grown(n: int, m: int) -> NDArray[np.int64]:
    """Shard of each of the explorable's keys once ``n`` equal hash ranges are split to ``m`` (:func:`_split_ranges`)."""
    owner = _split_ranges(n, m).shard_of(_uniform_keys(_RESHARD_KEYS))
    owner.flags.writeable = False
    return owner


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
    moved, balance = {}, {}
    for method in ("modulo", "ring", "jump", "rendezvous"):
        before, after = _before_after(method, n, m, vnodes)
        moved[method] = float(np.mean(before != after))
        counts = np.bincount(after, minlength=m)
        balance[method] = float(counts.max() / counts.mean())
    # splitting hash ranges (DynamoDB, MongoDB hashed chunks, Vitess): the widest range in half, m - n times
    before_r, after_r = _placements_cached("ranges", n), _ranges_grown(n, m)
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


def _reshard_titles(data: Data) -> tuple[str, str, str]:
    """The left title, the minimum's legend label and the right title: the parts of the figure that name counts."""
    ideal = 1.0 - data["n"] / data["m"]
    return (
        f"Keys moved going from {data['n']} to {plural(data['m'], 'shard')}",
        f"balanced minimum 1 - n/m = {ideal:.0%}",
        f"Balance on {plural(data['m'], 'shard')} ({_RESHARD_KEYS:,} keys)",
    )


def _reshard_plot(fig: Figure, data: Data) -> None:
    left, right = fig.axes
    fixed_layout(fig, left=0.075, right=0.99, bottom=0.14, top=0.9, wspace=0.24)
    plot_moved_by_method(left, data["moved"], 1.0 - data["n"] / data["m"], _reshard_titles(data)[0])
    names = list(data["balance"])
    right.bar(names, [data["balance"][m] for m in names], color=[_METHOD_COLORS[m] for m in names], label="busiest / mean")
    right.axhline(1.0, color=COLORS["share"], ls="--", lw=1.2, label="perfect balance")
    right.set_ylim(0, data["ymax"])
    finish_axes(right, _reshard_titles(data)[2], "placement", "busiest shard / mean")


def _reshard_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_reshard_plot`'s figure for new data: the bars' heights, the minimum's line and legend label,
    both titles and the balance panel's height; the methods, and so the bars, stay the same."""
    left, right = fig.axes
    left_title, ideal_label, right_title = _reshard_titles(data)
    for bar, method in zip(left.patches, data["moved"], strict=True):
        bar.set_height(data["moved"][method])
    (ideal_line,) = left.lines
    ideal = 1.0 - data["n"] / data["m"]
    ideal_line.set_ydata([ideal, ideal])
    relabel(left, ideal_line, ideal_label)
    left.set_title(left_title, fontsize=11)
    for bar, method in zip(right.patches, data["balance"], strict=True):
        bar.set_height(data["balance"][method])
    right.set_ylim(0, data["ymax"])
    right.set_title(right_title, fontsize=11)


def _reshard_caption(data: Data) -> str:
    mv, c = data["moved"], data["cost"]
    return (
        f"{data['n']} to {plural(data['m'], 'shard')}: modulo moves {mv['modulo']:.0%} of the keys (exactly "
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
        update=_reshard_update,
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


def _vnodes_xrange(data: Data) -> tuple[float, float]:
    """The x-range of the virtual-nodes figure: four Gamma spreads ``1/sqrt(V)`` either side of 1, within
    ``[0, 3]`` unless a measured share lies outside, so that the curves fill the panel at every ``V``."""
    sigma = 1.0 / np.sqrt(data["vnodes"])
    measured = data["measured"]
    lo = min(max(0.0, 1.0 - 4.0 * sigma), 0.98 * float(measured.min()))
    hi = max(min(3.0, 1.0 + 4.0 * sigma), 1.02 * float(measured.max()))
    return lo, hi


def _vnodes_curves(data: Data) -> tuple[tuple[NDArray[np.float64], NDArray[np.float64]], ...]:
    """The measured share's empirical CDF, and Gamma's and Beta's, as (x, y) pairs."""
    from scipy import stats

    v, n = data["vnodes"], data["n_nodes"]
    x = np.linspace(*_vnodes_xrange(data), 301)
    y = np.arange(1, data["measured"].size + 1) / data["measured"].size
    return (
        (data["measured"], y),
        (x, stats.gamma(a=v, scale=1.0 / v).cdf(x)),
        (x, stats.beta(v, (n - 1) * v).cdf(x / n)),
    )


def _vnodes_labels(data: Data) -> tuple[str, str, str]:
    v = data["vnodes"]
    return (f"measured ({data['n_rings']} rings)", f"Gamma({v}, 1/{v})", "Beta (exact)")


def _vnodes_title(data: Data) -> str:
    return f"Node shares on a ring: {plural(data['n_nodes'], 'node')} x {plural(data['vnodes'], 'virtual node')}"


def _vnodes_plot(fig: Figure, data: Data) -> None:
    (ax,) = fig.axes
    measured, gamma, beta = _vnodes_curves(data)
    labels = _vnodes_labels(data)
    ax.step(*measured, where="post", color=COLORS["served"], lw=1.8, label=labels[0])
    ax.plot(*gamma, color=COLORS["refused"], ls="--", label=labels[1])
    ax.plot(*beta, color=COLORS["ceiling"], ls=":", label=labels[2])
    ax.set_xlim(*_vnodes_xrange(data))
    ax.set_ylim(0, 1.02)
    finish_axes(ax, _vnodes_title(data), "node's share / even share", "fraction of nodes with share ≤ x", loc="lower right")


def _vnodes_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_vnodes_plot`'s figure for new data: the three curves, their legend labels and the title."""
    (ax,) = fig.axes
    texts = ax.get_legend().get_texts()
    for line, xy, label, text in zip(ax.lines, _vnodes_curves(data), _vnodes_labels(data), texts, strict=True):
        line.set_data(*xy)
        line.set_label(label)
        text.set_text(label)
    ax.set_xlim(*_vnodes_xrange(data))
    ax.set_title(_vnodes_title(data), fontsize=11)


def _vnodes_caption(data: Data) -> str:
    a = data["analytic"]
    return (
        f"{plural(data['n_nodes'], 'node')} with {plural(data['vnodes'], 'virtual node')} each: "
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
        update=_vnodes_update,
        caption=_vnodes_caption,
        try_this=(
            "drop the virtual nodes to 1: shares spread from almost nothing to several times the even share. Each "
            "hundredfold increase in virtual nodes narrows the spread tenfold, as 1/sqrt(V) says."
        ),
        static=("vnodes", "n_nodes"),
    )
)


# --- chapter 19's table and cases ---------------------------------------------------------------------------


def moved_rows(changes: tuple[tuple[int, int], ...], vnodes: int = 100, n_keys: int = 100_000) -> _Rows:
    """Chapter 19's table: the share of keys each scheme moves when ``n`` shards become ``m``.

    Parameters
    ----------
    changes : sequence of (int, int)
        Shard counts before and after, ``n`` and ``m``, each a whole number in ``[1, 10_000]``; one row each, at
        most 100 pairs.
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
    if len(changes) > _MAX_TABLE_VALUES:  # the table's size, before any pair is measured
        raise ValueError(f"changes has {len(changes):,} pairs: must have at most {_MAX_TABLE_VALUES:,} (one row each)")
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
    """Chapter 19: split the first ``splits`` of ``n_shards`` equal hash ranges in half; what moves, and where.

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
        else 0.0), ``from_split_share`` and ``to_new_share`` (the shares of the moved keys that did), ``busiest``
        (the busiest shard's share over the mean share, afterwards), ``half`` (the share of the hash space each
        half of a split range holds, ``1 / (2 n)``), ``split_all`` (what splitting every range once moves,
        :func:`hotpart.range_split_moved_fraction` to ``2 n``), and, for the same growth to ``n + splits`` shards,
        ``modulo`` (:func:`hotpart.moved_fraction_modulo`) and ``ideal`` (the balanced floor ``1 - n / (n + splits)``,
        which a balancer that moves ranges from every shard until data sizes are even approaches, as MongoDB's
        does), and ``copy_whole`` (the share copied when each split copies its whole source range into new
        destination shards, as a Vitess Reshard does: ``splits / n``).

    Examples
    --------
    >>> c = range_split_case(4)
    >>> c["formula"], c["exact"], c["from_split"], c["to_new"], c["busiest"]
    (0.125, 0.125, 1.0, 1.0, 1.25)
    >>> c["from_split_share"], c["to_new_share"], c["half"], c["split_all"], c["modulo"], c["ideal"]
    (1.0, 1.0, 0.125, 0.5, 0.8, 0.2)
    >>> c["copy_whole"]
    0.25
    >>> range_split_case(4, splits=5)
    Traceback (most recent call last):
    ...
    ValueError: splits = 5 is out of range: must be in [1, 4]
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
        "from_split_share": float(np.mean(b[moved] < k)) if moved.any() else 1.0,
        "to_new_share": float(np.mean(a[moved] >= n)) if moved.any() else 1.0,
        "half": float(before.shares()[0] / 2),
        "split_all": float(range_split_moved_fraction(n, 2 * n)),
        "modulo": float(moved_fraction_modulo(n, n + k)),
        "ideal": k / (n + k),
        "copy_whole": k / n,
    }


def jump_steps_case(n_buckets: int) -> dict[str, float]:
    """Chapter 19: jump hash's expected loop steps at ``n_buckets``, against ``ln n`` and ``ln n + gamma``.

    The loop jumps to bucket ``j`` with probability ``1/j`` for each ``j <= n`` (Lamping & Veach 2014), so it
    runs the harmonic number ``H(n) = 1 + 1/2 + ... + 1/n`` steps on average, ``ln n + gamma + O(1/n)``, below the
    paper's bound ``ln n + 1``.

    Parameters
    ----------
    n_buckets : int
        Buckets, in ``[1, 10_000]``.

    Returns
    -------
    dict
        ``expected`` (``H(n)``, :func:`hotpart.harmonic`), ``ln`` (``ln n``), ``gamma`` (the Euler-Mascheroni
        constant, the limit of ``H(n) - ln n``), ``approx`` (``ln n + gamma``) and ``bound`` (``ln n + 1``).

    Examples
    --------
    >>> c = jump_steps_case(4)
    >>> round(c["expected"], 4), round(c["ln"], 4), round(c["gamma"], 4), round(c["bound"], 4)
    (2.0833, 1.3863, 0.5772, 2.3863)
    """
    n = check_integer("n_buckets", n_buckets, low=1, high=_MAX_TABLE_SHARDS)
    ln = math.log(n)
    return {
        "expected": float(harmonic(n, 1)),
        "ln": ln,
        "gamma": float(np.euler_gamma),
        "approx": ln + float(np.euler_gamma),
        "bound": ln + 1.0,
    }


def jump_growth_case(n_buckets: int, n_keys: int = 100_000) -> dict[str, float]:
    """Chapter 19: hash the keys ``0 .. n_keys - 1`` with jump hash into ``n_buckets`` and then one bucket more.

    Parameters
    ----------
    n_buckets : int
        Buckets before, in ``[1, 10_000]``.
    n_keys : int
        Keys, in ``[1, 1_000_000]``.

    Returns
    -------
    dict
        ``moved`` (share of keys whose bucket changed), ``expected`` (``1 / (n_buckets + 1)``), ``to_new``
        (1.0 when every moved key went to the new bucket, number ``n_buckets``), ``to_new_share`` (the share of
        the moved keys that did), ``n_after`` (``n_buckets + 1``) and ``last_key`` (``n_keys - 1``).

    Examples
    --------
    >>> c = jump_growth_case(10)
    >>> round(c["expected"], 4), c["to_new"], abs(c["moved"] - c["expected"]) < 0.005
    (0.0909, 1.0, True)
    >>> c["to_new_share"], c["n_after"], c["last_key"]
    (1.0, 11.0, 99999.0)
    """
    n = check_integer("n_buckets", n_buckets, low=1, high=_MAX_TABLE_SHARDS)
    n_keys = check_integer("n_keys", n_keys, low=1, high=1_000_000)
    keys = np.arange(n_keys, dtype=np.uint64)
    before, after = jump_hash(keys, n), jump_hash(keys, n + 1)
    moved = before != after
    return {
        "moved": float(moved.mean()),
        "expected": 1 / (n + 1),
        "to_new": float(bool(np.all(after[moved] == n))),
        "to_new_share": float(np.mean(after[moved] == n)) if moved.any() else 1.0,
        "n_after": float(n + 1),
        "last_key": float(n_keys - 1),
    }


def modulo_case(n: int, m: int) -> dict[str, float]:
    """Chapter 19: ``key % n`` becomes ``key % m``; one period of keys, who stays and who moves.

    Over a period of ``lcm(n, m)`` consecutive keys exactly ``min(n, m)`` keep their shard (one per common
    remainder, by the Chinese remainder theorem), so ``1 - min(n, m) / lcm(n, m)`` of the keys move
    (:func:`hotpart.moved_fraction_modulo`); a layout that ends balanced must move at least ``1 - n / m``.

    Parameters
    ----------
    n, m : int
        Shards before and after, each a whole number in ``[1, 10_000]``, ``m >= n`` (the table grows).

    Returns
    -------
    dict
        ``period`` (``lcm(n, m)``, keys), ``stay`` and ``moved_per_period`` (keys of one period that keep and that
        change their shard), ``moved`` (the share that moves), ``ideal`` (the balanced floor ``max(1 - n/m, 0)``)
        and ``new_shards`` (``m - n``).

    Examples
    --------
    >>> c = modulo_case(3, 4)
    >>> c["period"], c["stay"], c["moved_per_period"], c["moved"], c["ideal"], c["new_shards"]
    (12.0, 3.0, 9.0, 0.75, 0.25, 1.0)
    >>> modulo_case(3, 0)
    Traceback (most recent call last):
    ...
    ValueError: m = 0 is out of range: must be in [1, 10000]
    >>> modulo_case(4, 3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: m = 3 is out of range: must be in [n, 10000] = [4, 10000] (the shards after growing; ...)
    """
    n = check_integer("n", n, low=1, high=_MAX_TABLE_SHARDS)
    m = check_integer("m", m, low=1, high=_MAX_TABLE_SHARDS)
    if m < n:  # the case grows the table: new_shards = m - n is a count, never negative
        raise ValueError(f"m = {m!r} is out of range: must be in [n, {_MAX_TABLE_SHARDS}] = [{n}, {_MAX_TABLE_SHARDS}] (the "
                         "shards after growing; for fewer shards, hp.moved_fraction_modulo(n, m))")  # fmt: skip
    period = math.lcm(n, m)
    return {
        "period": float(period),
        "stay": float(min(n, m)),
        "moved_per_period": float(period - min(n, m)),
        "moved": float(moved_fraction_modulo(n, m)),
        "ideal": max(1.0 - n / m, 0.0),
        "new_shards": float(m - n),
    }


def ring_growth_case(n: int, m: int, vnodes: int = 100) -> dict[str, float]:
    """Chapter 19: a ring (:class:`hotpart.HashRing`, nodes ``"0"`` to ``"m-1"``) grown from ``n`` to ``m`` nodes.

    Parameters
    ----------
    n, m : int
        Nodes before and after, each a whole number in ``[1, 4096]``.
    vnodes : int
        Virtual nodes per node, in ``[1, 1_000]``.

    Returns
    -------
    dict
        ``moved`` (the exact arc measure that changes node, :func:`hotpart.moved_fraction` ``"ring"``),
        ``ideal`` (the balanced floor ``max(1 - n/m, 0)``) and ``busiest`` (the busiest node's share over the even
        share ``1/m``, afterwards).

    Examples
    --------
    >>> c = ring_growth_case(8, 16)
    >>> c["ideal"], c["moved"] < c["ideal"], 1.0 < c["busiest"] < 1.5
    (0.5, True, True)
    >>> ring_growth_case(8, 16, vnodes=0)
    Traceback (most recent call last):
    ...
    ValueError: vnodes = 0 is out of range: must be in [1, 1000]
    """
    n = check_integer("n", n, low=1, high=4096)
    m = check_integer("m", m, low=1, high=4096)
    vnodes = check_integer("vnodes", vnodes, low=1, high=1_000)
    after = HashRing([str(i) for i in range(m)], vnodes)
    return {
        "moved": float(moved_fraction("ring", n, m, vnodes=vnodes)),
        "ideal": max(1.0 - n / m, 0.0),
        "busiest": float(after.shares().max() * m),
    }


def ring_busiest_case(n_nodes: int, vnodes: int, busiest: float, n_rings: int = 2_000, seed: int = 0) -> dict[str, float]:
    """Chapter 19: how typical one ring's busiest node is, over random rings of the same size.

    Each of ``n_rings`` rings puts ``n_nodes * vnodes`` uniform random points on the circle; a node owns the arcs
    ending at its points. The busiest node's share over the even share ``1/n_nodes`` is recorded per ring.

    Parameters
    ----------
    n_nodes : int
        Nodes, in ``[1, 4096]``.
    vnodes : int
        Virtual nodes per node, in ``[1, 1_000]``.
    busiest : float
        A ring's busiest node over the even share, ``>= 1``: the value whose tail probability is returned.
    n_rings : int
        Random rings, in ``[1, 100_000]``.
    seed : int
        Seed of the random points, ``>= 0``.

    Returns
    -------
    dict
        ``mean_busiest`` (the busiest node over the even share, averaged over the rings) and ``share_at_least``
        (the share of rings whose busiest node is at least ``busiest``), and the inputs.

    Examples
    --------
    >>> c = ring_busiest_case(16, 100, 1.33, n_rings=500)
    >>> 1.1 < c["mean_busiest"] < 1.25, c["share_at_least"] < 0.05
    (True, True)
    """
    n = check_integer("n_nodes", n_nodes, low=1, high=4096)
    v = check_integer("vnodes", vnodes, low=1, high=1_000)
    x = check_number("busiest", busiest, low=1, high=math.inf, high_open=True)
    rings = check_integer("n_rings", n_rings, low=1, high=100_000)
    seed = check_integer("seed", seed, low=0, high=2**63 - 1)
    rng = np.random.default_rng(seed)
    owner = np.repeat(np.arange(n), v)
    tops = np.empty(rings)
    for r in range(rings):
        pts = rng.random(n * v)
        order = np.argsort(pts)
        p = pts[order]
        arcs = np.diff(p, prepend=p[-1] - 1.0)  # each point owns the arc before it (clockwise owner)
        tops[r] = np.bincount(owner[order], weights=arcs, minlength=n).max() * n
    return {
        "n_nodes": n,
        "vnodes": v,
        "busiest": x,
        "n_rings": rings,
        "mean_busiest": float(tops.mean()),
        "share_at_least": float(np.mean(tops >= x)),
    }


def ring_spread_case(vnodes: int, n_nodes: int, n_rings: int = 200) -> dict[str, float]:
    """Chapter 19: the spread of node shares on a ring, analytic (:func:`hotpart.ring_spread`) and measured.

    Parameters
    ----------
    vnodes : int
        Virtual nodes per node ``V``, in ``[1, 1_000]``.
    n_nodes : int
        Nodes ``N``, in ``[2, 1_000]``.
    n_rings : int
        Real rings measured (:func:`hotpart.ring_spread_measured`), in ``[1, 1_000]``; at most
        ``MAX_ELEMENTS / (N V)``.

    Returns
    -------
    dict
        ``cv`` (exact, Beta), ``cv_gamma`` (``1/sqrt(V)``) and ``expected_max`` (the busiest node's expected share
        over the even share) from :func:`hotpart.ring_spread`; and ``measured``, the standard deviation of the
        measured shares over the even share (their mean is exactly 1).

    Examples
    --------
    >>> c = ring_spread_case(100, 10, n_rings=20)
    >>> round(c["cv"], 3), c["cv_gamma"], abs(c["measured"] - c["cv"]) < 0.03
    (0.095, 0.1, True)
    """
    v = check_integer("vnodes", vnodes, low=1, high=1_000)
    n = check_integer("n_nodes", n_nodes, low=2, high=1_000)
    r = check_integer("n_rings", n_rings, low=1, high=1_000)
    analytic = ring_spread(v, n)
    return {
        "cv": float(analytic["cv"]),
        "cv_gamma": float(analytic["cv_gamma"]),
        "expected_max": float(analytic["expected_max"]),
        "measured": float(ring_spread_measured(v, n, n_rings=r).std()),
    }


def vnodes_for_spread(target: float, n_nodes: int, n_rings: int = 10) -> dict[str, float]:
    """Chapter 19: the virtual nodes per node that bring the spread of node shares to ``target``, and their cost.

    The spread (standard deviation over the mean) is about ``1/sqrt(V)``, so ``V = ceil(1 / target**2)``.

    Parameters
    ----------
    target : float
        Spread wanted, in ``[0.032, 1]`` (at most 1,000 virtual nodes).
    n_nodes : int
        Nodes on the ring, in ``[2, 1_000]``.
    n_rings : int
        Real rings the spread is measured on, in ``[1, 1_000]``.

    Returns
    -------
    dict
        ``vnodes`` (``V``), ``lookup_cost`` (comparisons of a binary search over the ``N V`` points,
        :func:`hotpart.lookup_cost`) and ``measured`` (the spread measured on ``n_rings`` rings).

    Examples
    --------
    >>> c = vnodes_for_spread(0.05, 50)
    >>> c["vnodes"], round(c["lookup_cost"], 1), abs(c["measured"] - 0.05) < 0.01
    (400.0, 14.3, True)
    """
    t = check_number("target", target, low=0.032, high=1.0)
    n = check_integer("n_nodes", n_nodes, low=2, high=1_000)
    r = check_integer("n_rings", n_rings, low=1, high=1_000)
    v = math.ceil(1 / t**2)
    return {
        "vnodes": float(v),
        "lookup_cost": float(lookup_cost("ring", n, v)),
        "measured": float(ring_spread_measured(v, n, n_rings=r).std()),
    }
