"""Chapter 18's explorable, table and figure: hash, range, geo, directory and composite sharding of one key stream.

Models: :mod:`hotpart.models.strategies` (``key_stream``, the five strategies, ``shard_report``) and
:mod:`~hotpart.models.hashing`. Notebook: ``notebooks/18_strategies``. The explorable ``sharding_strategies`` (drawn once,
then updated in place); the chapter's table (``strategy_table``, ``strategy_rows``), its write-share plot, its cases
(``range_example_case``, ``strategy_settings_case``) and its exercise answer (``directory_hit_rate_needed``), tested in
``tests/test_chapters_15_21.py`` and ``tests/test_cases_sharding.py``.
"""

from __future__ import annotations

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from numpy.typing import NDArray

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, relabel
from ..book.wording import plural
from ..models import (
    CompositeSharding,
    DirectorySharding,
    GeoSharding,
    HashSharding,
    RangeSharding,
    expected_shards_touched,
    range_boundaries,
    shard_report,
)
from ..models._validation import check_array, check_count, check_integer, check_number, check_seed
from ._sharding_common import _MAX_TABLE_SHARDS, _Rows, _stream

__all__ = [
    "GEO_LOCAL_MS",
    "GEO_REGION_SHARES",
    "GEO_REMOTE_MS",
    "INITIAL_KEYS",
    "KEYS_PER_DAY",
    "STRATEGY_ORDER",
    "STREAM_LABELS",
    "directory_hit_rate_needed",
    "plot_write_shares",
    "range_example_case",
    "strategy_rows",
    "strategy_settings_case",
    "strategy_table",
]

#: The key streams of the strategies explorable, by slider position.
STREAM_LABELS: dict[int, tuple[str, str]] = {
    0: ("sequential", "sequential IDs"),
    1: ("timestamp", "timestamps"),
    2: ("uuid4", "UUIDv4"),
    3: ("tenant_time", "customer ID + time"),
}

#: Keys present when the ranges are set, and keys written per day after that.
INITIAL_KEYS = 50_000
KEYS_PER_DAY = 5_000
MAX_DAYS = 30
#: The geo layout of the strategies table: the regions' shares of the users, a local query's latency and each
#: region's latency from the first, ms (scenario inputs: ``hp.ASSUMPTIONS["GEO_REGION_SHARES"]`` and the next two).
GEO_REGION_SHARES: tuple[float, ...] = (0.5, 0.3, 0.2)
GEO_LOCAL_MS = 5.0
GEO_REMOTE_MS: tuple[float, ...] = (5.0, 80.0, 150.0)


def _bar_verts(values: NDArray[np.float64], i: int, n_groups: int) -> NDArray[np.float64]:
    """The ``(bars, 4, 2)`` corners of series ``i``'s bars among ``n_groups`` grouped series."""
    width = 0.8 / n_groups
    left = np.arange(values.size) + (i - (n_groups - 1) / 2) * width - width / 2
    return np.stack(
        [
            np.column_stack([left, np.zeros_like(values)]),
            np.column_stack([left, values]),
            np.column_stack([left + width, values]),
            np.column_stack([left + width, np.zeros_like(values)]),
        ],
        axis=1,
    )


def _bar_axis(ax: Axes, size: int) -> None:
    """The x axis of ``size`` grouped bars: one tick per group (up to 20) and the limits around them."""
    if size <= 20:
        ax.set_xticks(np.arange(size))
    ax.set_xlim(-0.6, size - 0.4)


def _grouped_bars(ax: Axes, series: dict[str, NDArray[np.float64]], colors: dict[str, str]) -> None:
    """Grouped bars, one collection per series: a few artists instead of one patch per bar (several times faster to draw)."""
    for i, (label, values) in enumerate(series.items()):
        verts = _bar_verts(values, i, len(series))
        ax.add_collection(PolyCollection(verts, facecolors=colors[label], edgecolors="none", label=label))
    _bar_axis(ax, next(iter(series.values())).size)


def _update_grouped_bars(ax: Axes, series: dict[str, NDArray[np.float64]]) -> None:
    """New heights (and number of groups) for the bars :func:`_grouped_bars` drew, in the same collections."""
    for i, (collection, values) in enumerate(zip(ax.collections, series.values(), strict=True)):
        collection.set_verts(_bar_verts(values, i, len(series)))
    _bar_axis(ax, next(iter(series.values())).size)


# --- 17: strategies -------------------------------------------------------------------------------

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
        "geo": GeoSharding(list(GEO_REGION_SHARES), local_ms=GEO_LOCAL_MS, remote_ms=list(GEO_REMOTE_MS)),
        "directory": DirectorySharding(n_shards),
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


def _strategies_shares(data: Data) -> dict[str, NDArray[np.float64]]:
    return {name: data["reports"][name].write_share for name in ("range", "hash", "composite")}


def _strategies_title(data: Data) -> str:
    return f"Day {data['day']}: where {data['label']} are written"


def _strategies_plot(fig: Figure, data: Data) -> None:
    left, right = fig.axes
    fixed_layout(fig, left=0.07, right=0.99, bottom=0.14, top=0.9, wspace=0.2)
    plot_write_shares(left, _strategies_shares(data), _strategies_title(data))
    _grouped_bars(right, data["stored"], _STRATEGY_COLORS)
    right.set_ylim(0, data["ymax_stored"])
    finish_axes(right, "Rows stored per shard", "shard", "rows (thousands)", loc="upper left")


def _strategies_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_strategies_plot`'s figure for new data: the bars' corners, the ticks and limits of the shard
    axis, the even share's line and legend label, the left title and the right panel's height."""
    left, right = fig.axes
    shares = _strategies_shares(data)
    _update_grouped_bars(left, shares)
    n = next(iter(shares.values())).size
    (even_line,) = left.lines
    even_line.set_ydata([1.0 / n, 1.0 / n])
    relabel(left, even_line, f"even share 1/{n}")
    left.set_title(_strategies_title(data), fontsize=11)
    _update_grouped_bars(right, data["stored"])
    right.set_ylim(0, data["ymax_stored"])


def _strategies_caption(data: Data) -> str:
    r = data["reports"]
    rng, hsh, comp = r["range"], r["hash"], r["composite"]
    hot = int(np.argmax(rng.write_share))
    scope = "one customer's" if data["label"].startswith("customer") else "a"
    return (
        f"Day {data['day']}, {data['label']}, {plural(data['n_shards'], 'shard')}. Range sharding puts "
        f"{rng.max_share:.0%} of the day's writes on shard {hot}; hash's busiest shard takes {hsh.max_share:.0%}, "
        f"composite's {comp.max_share:.0%}. {scope.capitalize()} time-range query over the day touches "
        f"{plural(rng.range_shards, 'shard', fmt='.0f')} under range, {hsh.range_shards:.0f} under hash, "
        f"{comp.range_shards:.0f} under composite."
    )


sharding_strategies = register(
    Explorable(
        name="sharding_strategies",
        title="Range, hash and composite sharding of one key stream, day by day",
        controls=(
            Control("day", "days since the ranges were set", 1, MAX_DAYS, 1, step=1, unit="days", integer=True),
            Control(
                "stream",
                "key stream",
                0,
                3,
                0,
                step=1,
                integer=True,
                choices=("sequential IDs", "timestamps", "UUIDv4", "customer ID + time"),
            ),
            Control("n_shards", "shards", 2, 16, 4, step=1, integer=True),
        ),
        compute=_strategies_compute,
        plot=_strategies_plot,
        update=_strategies_update,
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


# --- chapter 18's table and exercise: each table returns (header, rows) for hp.markdown_table ----------------

#: The strategies in the order the chapter's tables list them.
STRATEGY_ORDER: tuple[str, ...] = ("hash", "range", "geo", "directory", "composite")
_KIND_LABELS = {kind: label for kind, label in STREAM_LABELS.values()}


def strategy_rows(kind: str, n_shards: int, day: int = MAX_DAYS, label: str | None = None) -> _Rows:
    """Chapter 18's table: every strategy against one key stream, ``day`` days after the ranges were set.

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
        day's writes, the shards a point query and the day's range query ask, the share of point queries
        routed (the directory's lookup service may be down; its cache answers the rest), and the share of point
        queries for a new key routed (a new key is never cached, so the directory's lookup alone decides).

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
    table = strategy_table(kind, n_shards, day)
    reports = table["reports"]
    header = [
        _KIND_LABELS[kind] if label is None else str(label),
        "busiest shard's share of new writes",
        "point query: shards",
        "time-range query: shards",
        "point query routed",
        "new key's point query routed",
    ]
    rows = []
    for name in STRATEGY_ORDER:
        r = reports[name]
        rows.append(
            (
                f"{name} ({plural(r.n_shards, 'shard')})",
                f"{r.max_share:.0%}",
                f"{r.point_shards:.0f}",
                f"{r.range_shards:.0f}",
                f"{r.point_availability:.2%}",
                f"{_new_key_routed(table['strategies'][name]):.2%}",
            )
        )
    return header, rows


def _new_key_routed(strategy: object) -> float:
    """Share of point queries for a key no client has cached that can be routed: the directory's lookup
    availability (``hp.ASSUMPTIONS["DIRECTORY_CACHE_HIT_RATE"]``: new keys always miss); 1 for a computed placement."""
    return float(strategy.lookup_availability) if isinstance(strategy, DirectorySharding) else 1.0


def directory_hit_rate_needed(target: float, lookup_availability: float) -> float:
    """Chapter 18: the cache hit rate at which a directory routes ``target`` of point queries.

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


def range_example_case(
    boundaries: tuple[int, ...] = (1_000, 2_000), last_listed: int = 2_999, new_id: int = 1_000_000
) -> dict[str, object]:
    """Chapter 18: 003's range table as a :class:`hotpart.RangeSharding`, and where IDs past the table land.

    Parameters
    ----------
    boundaries : sequence of int
        Sorted lower bounds of shards 1, 2, ... (shard 0 starts at 0), whole numbers in ``[1, 10**18]``; at most
        9,999 (10,000 shards).
    last_listed : int
        The last user ID the table lists, a whole number in ``[0, 10**18]``.
    new_id : int
        A user ID created later, a whole number in ``[0, 10**18]``.

    Returns
    -------
    dict
        ``n_shards``, ``boundaries`` (a tuple of ints), ``last_listed`` and ``first_unlisted``
        (``last_listed + 1``), ``last_listed_shard`` and ``new_shard`` (the shards of ``last_listed`` and ``new_id``),
        and ``new_id``.

    Examples
    --------
    >>> c = range_example_case()
    >>> c["n_shards"], c["boundaries"], c["first_unlisted"], c["last_listed_shard"], c["new_shard"]
    (3, (1000, 2000), 3000, 2, 2)
    >>> range_example_case(new_id=-1)
    Traceback (most recent call last):
    ...
    ValueError: new_id = -1 is out of range: must be in [0, 1e+18]
    """
    if isinstance(boundaries, (str, bytes)) or not hasattr(boundaries, "__len__") or len(boundaries) == 0:
        raise ValueError(f"boundaries = {boundaries!r} is not allowed: must be a non-empty sequence of whole numbers")
    if len(boundaries) >= _MAX_TABLE_SHARDS:  # the shards, before any value is checked
        raise ValueError(f"boundaries has {len(boundaries):,} values: must have at most {_MAX_TABLE_SHARDS - 1:,}")
    bounds = tuple(check_integer(f"boundaries[{i}]", b, low=1, high=10**18) for i, b in enumerate(boundaries))
    last = check_integer("last_listed", last_listed, low=0, high=10**18)
    new = check_integer("new_id", new_id, low=0, high=10**18)
    layout = RangeSharding(bounds)
    last_shard, new_shard = layout.shard_of(np.array([last, new], dtype=np.uint64))
    return {
        "n_shards": int(layout.n_shards),
        "boundaries": bounds,
        "last_listed": last,
        "first_unlisted": last + 1,
        "last_listed_shard": int(last_shard),
        "new_id": new,
        "new_shard": int(new_shard),
    }


def strategy_settings_case(n_shards: int, day: int = MAX_DAYS) -> dict[str, object]:
    """Chapter 18: the settings behind :func:`strategy_table`'s geo and directory strategies, and two reference values.

    Parameters
    ----------
    n_shards : int
        Shards, in ``[1, INITIAL_KEYS]``.
    day : int
        Days since the range boundaries were set, in ``[1, 30]``.

    Returns
    -------
    dict
        ``even_share`` (``1 / n_shards``); ``geo_n``, ``geo_shares`` (the regions' shares of users as whole
        percentages joined by ", "), ``geo_local_ms`` and ``geo_cross_ms``; ``dir_availability``,
        ``dir_hit_rate``, ``dir_routed`` (share of point queries routed) and ``dir_block_keys``; and
        ``hash_range_expected``, the shards a range of one day's :data:`KEYS_PER_DAY` keys touches under hashing
        on average (:func:`hotpart.expected_shards_touched`).

    Examples
    --------
    >>> c = strategy_settings_case(8)
    >>> c["even_share"], c["geo_n"], c["geo_shares"], c["dir_block_keys"]
    (0.125, 3, '50%, 30%, 20%', 1024)
    >>> round(c["hash_range_expected"], 2)
    8.0
    """
    n = check_count("n_shards", n_shards, low=1, high=INITIAL_KEYS)
    strategies = strategy_table("sequential", n, day)["strategies"]
    geo, directory = strategies["geo"], strategies["directory"]
    return {
        "even_share": 1.0 / n,
        "geo_n": int(geo.n_shards),
        "geo_shares": ", ".join(f"{x:.0%}" for x in geo.region_shares),
        "geo_local_ms": float(geo.local_ms),
        "geo_cross_ms": float(geo.cross_region_ms),
        "dir_availability": float(directory.lookup_availability),
        "dir_hit_rate": float(directory.cache_hit_rate),
        "dir_routed": float(directory.point_availability),
        "dir_block_keys": int(directory.block_keys),
        "hash_range_expected": float(expected_shards_touched(n, KEYS_PER_DAY)),
    }
