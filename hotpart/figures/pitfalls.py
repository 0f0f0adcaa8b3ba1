"""Chapter 22's explorable and tables: operations run on every shard, time-ordered IDs, and what to try before sharding.

Models: :mod:`hotpart.models.pitfalls` (``half_applied_probability``, ``unsharded_load``), with
:mod:`~hotpart.models.strategies` (range and hash sharding of ID schemes) and :mod:`~hotpart.models.write_sharding`
(``simulate_shard_writes``). Notebook: ``notebooks/22_pitfalls``. The explorable ``pitfalls``; the chapter's tables
(``alternatives_rows``, ``half_applied_rows``) and cases (``auto_increment_case``, ``ids_for_collision``,
``suffix_spread_case``, ``replicas_needed``), tested in ``tests/test_chapters_15_21.py``, and ``collision_case``,
tested in ``tests/test_cases_cross_shard.py``.
"""

from __future__ import annotations

import math

import numpy as np
from matplotlib.figure import Figure

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import _MAX_TABLE_VALUES, COLORS, finish_axes, fixed_layout, relabel
from ..book.wording import plural
from ..models import (
    HashSharding,
    RangeSharding,
    half_applied_probability,
    id_collision_probability,
    range_boundaries,
    shard_report,
    simulate_shard_writes,
    unsharded_load,
)
from ..models._validation import check_array, check_divisor, check_integer, check_number, check_seed
from ._sharding_common import (
    _MAX_TABLE_SHARDS,
    _Rows,
    _shard_curves,
    _shards_control,
    _stream,
    _update_shard_curves,
    _whole_numbers,
)

__all__ = [
    "alternatives_rows",
    "auto_increment_case",
    "collision_case",
    "half_applied_rows",
    "ids_for_collision",
    "replicas_needed",
    "suffix_spread_case",
]

# --- 21: pitfalls ---------------------------------------------------------------------------------

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


def _pitfalls_titles(data: Data) -> tuple[str, str]:
    """The two panels' titles, which name the failure probability and the shard count."""
    return (
        f"A schema change, each shard failing {data['p_fail']:.2%}",
        f"Busiest of {plural(data['n_shards'], 'shard')}, share of new rows",
    )


def _pitfalls_plot(fig: Figure, data: Data) -> None:
    left, right = fig.axes
    fixed_layout(fig, left=0.075, right=0.99, bottom=0.14, top=0.9, wspace=0.24)
    s, k = data["s"], data["n_shards"]
    left_title, right_title = _pitfalls_titles(data)
    _shard_curves(
        left,
        s,
        ((data["half"], "refused", "half applied"), (data["all_ok"], "served", "applied everywhere")),
        k,
        ylim=(0, 1.05),
        title=left_title,
        xlabel="shards",
        ylabel="probability",
        loc="upper right",  # clear of the crossing of the two curves near the middle of the panel
    )
    x = np.arange(len(_ID_SCHEMES))
    right.bar(x - 0.2, data["hottest"]["range"], width=0.4, color=COLORS["refused"], label="range sharding")
    right.bar(x + 0.2, data["hottest"]["hash"], width=0.4, color=COLORS["served"], label="hash sharding")
    right.axhline(1 / k, color=COLORS["share"], ls="--", lw=1.2, label=f"even share 1/{k}")
    right.set_xticks(x, list(_ID_SCHEMES))
    right.set_ylim(0, 1.45)  # room for the legend above the full bars
    finish_axes(right, right_title, "ID scheme", "share of new writes", loc="upper center")


def _pitfalls_update(fig: Figure, data: Data) -> None:
    """Put new data on :func:`_pitfalls_plot`'s figure: the curves, the marked shard count, the bars' heights, the even
    share and both titles (the scheme names, the limits and the legends' places do not change)."""
    left, right = fig.axes
    k = data["n_shards"]
    left_title, right_title = _pitfalls_titles(data)
    _update_shard_curves(left, (data["half"], data["all_ok"]), k, ylim=(0, 1.05), title=left_title)
    for bars, name in zip(right.containers, ("range", "hash"), strict=True):
        for bar, height in zip(bars, data["hottest"][name], strict=True):
            bar.set_height(height)
    even = right.lines[0]
    even.set_ydata([1 / k, 1 / k])
    relabel(right, even, f"even share 1/{k}")
    right.set_title(right_title, fontsize=11)


def _pitfalls_caption(data: Data) -> str:
    h = data["hottest"]
    names = list(_ID_SCHEMES)
    return (
        f"{plural(data['n_shards'], 'shard')}, each failing a schema change with probability {data['p_fail']:.2%}: the change "
        f"ends half applied with probability {data['half_here']:.1%}. Under range sharding the busiest shard takes "
        f"{h['range'][names.index('UUIDv7')]:.0%} of new UUIDv7 rows and {h['range'][names.index('Snowflake')]:.0%} "
        f"of Snowflake rows, against {h['range'][names.index('UUIDv4')]:.0%} for UUIDv4; hashing spreads all of them."
    )


pitfalls = register(
    Explorable(
        name="pitfalls",
        title="Operations per shard, and time-ordered IDs under range and hash sharding",
        controls=(
            _shards_control("shards", _PITFALL_MAX_SHARDS, 16),
            Control("p_fail_pct", "chance the change fails on one shard", 0.01, 20, 1, step=0.1, unit="%", scale="log"),
        ),
        compute=_pitfalls_compute,
        plot=_pitfalls_plot,
        update=_pitfalls_update,
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


# --- chapter 22's tables and cases --------------------------------------------------------------------------


def alternatives_rows(
    reads_per_s: float,
    writes_per_s: float,
    node_reads_per_s: float,
    node_writes_per_s: float,
    *,
    replicas: int = 3,
    cache_hit_rate: float = 0.8,
) -> _Rows:
    """Chapter 22's table: one node, read replicas, a cache, and both, against the same reads and writes.

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
        ``(header, rows)``: per setup, the reads per node, the writes every node applies (the primary and each
        replica), each node's load (their sum) and whether it fits (:func:`hotpart.unsharded_load`).

    Examples
    --------
    >>> header, rows = alternatives_rows(40_000, 3_000, 10_000, 2_000)
    >>> rows[3]
    ('3 replicas and the cache', '20%', '150%', '170%', 'no')
    """
    replicas = check_integer("replicas", replicas, low=1, high=_MAX_TABLE_SHARDS)
    h = check_number("cache_hit_rate", cache_hit_rate, low=0, high=1)
    setups = (
        ("one node", {}),
        (f"{replicas} read replicas", {"replicas": replicas}),
        (f"cache, {h:.0%} hits", {"cache_hit_rate": h}),
        (f"{replicas} replicas and the cache", {"replicas": replicas, "cache_hit_rate": h}),
    )
    header = ["setup", "reads per node", "writes on every node", "load per node (reads + writes)", "fits"]
    rows = []
    for label, kw in setups:
        u = unsharded_load(reads_per_s, writes_per_s, node_reads_per_s, node_writes_per_s, **kw)  # type: ignore[arg-type]
        rows.append(
            (
                label,
                f"{u['read_utilisation']:.0%}",
                f"{u['write_utilisation']:.0%}",
                f"{u['node_utilisation']:.0%}",
                "yes" if u["fits"] else "no",
            )
        )
    return header, rows


def half_applied_rows(shards: tuple[int, ...], p_fail: tuple[float, ...]) -> _Rows:
    """Chapter 22's table: the probability that a change run on every shard ends half applied.

    Parameters
    ----------
    shards : sequence of int
        Shard counts ``S`` (one row each, at most 100), whole numbers in ``[1, 10_000]``.
    p_fail : sequence of float
        Probabilities that the change fails on one shard (one column each, at least one and at most 100), each in
        ``[0, 1]``.

    Returns
    -------
    tuple
        ``(header, rows)`` of :func:`hotpart.half_applied_probability`, ``1 - (1-p)^S - p^S``.

    Examples
    --------
    >>> half_applied_rows((2,), (0.01,))
    (['shards', 'p = 1%'], [('2', '2.0%')])
    """
    ss = _whole_numbers("shards", shards, 1, _MAX_TABLE_SHARDS, max_size=_MAX_TABLE_VALUES)
    if isinstance(p_fail, (str, bytes)) or not hasattr(p_fail, "__len__") or len(p_fail) == 0:
        raise ValueError(f"p_fail = {p_fail!r} is not allowed: must be a non-empty sequence of probabilities")
    ps = tuple(float(p) for p in check_array("p_fail", p_fail, low=0, high=1, ndim=1, max_size=_MAX_TABLE_VALUES))
    header = ["shards", *(f"p = {p:.1%}".replace(".0%", "%") for p in ps)]
    rows = [(str(s), *(f"{half_applied_probability(s, p):.1%}" for p in ps)) for s in ss]
    return header, rows


def auto_increment_case(n_shards: int = 4, ids_per_shard: int = 1_000) -> dict[str, float]:
    """Chapter 22: ``n_shards`` shards side by side, each counting its IDs from one.

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
    """Chapter 22: how many random ``bits``-bit IDs reach a collision ``probability``, from the birthday bound.

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


def collision_case(probability: float, bits: int = 64, digits: int = 6) -> dict[str, float]:
    """Chapter 22: the random IDs that reach a collision ``probability``, rounded for the prose, and a check.

    Parameters
    ----------
    probability : float
        The collision probability, in ``[-expm1(-2**-(bits + 1)), 1)``: at least what the birthday bound gives one
        ID (``2.7e-20`` at 64 bits), so that the count is one ID or more.
    bits : int
        Random bits per ID, in ``[1, 128]``.
    digits : int
        Trailing zeros of the rounded count (``round(ids, -digits)``), in ``[0, 30]``.

    Returns
    -------
    dict
        ``ids`` (:func:`ids_for_collision`), ``rounded`` (to ``10**digits``) and ``check`` (the collision probability
        of ``int(ids)`` IDs in one shard, :func:`hotpart.id_collision_probability`, which should give back
        ``probability``).

    Examples
    --------
    >>> c = collision_case(0.5, 32, digits=3)
    >>> c["rounded"], round(c["check"], 4)
    (77000.0, 0.5)
    """
    p = check_number("probability", probability, low=0, high=1, low_open=True, high_open=True)
    b = check_integer("bits", bits, low=1, high=128)
    d = check_integer("digits", digits, low=0, high=30)
    p = check_number("probability", p, low=-math.expm1(-(2.0 ** -(b + 1))), high=1, high_open=True)  # one ID or more
    ids = ids_for_collision(p, b)
    return {
        "ids": ids,
        "rounded": float(round(ids, -d)),
        "check": id_collision_probability(1, int(ids), "random", b),
    }


def suffix_spread_case(writes_per_s: float, suffixes: int, seconds: int = 60, seed: int = 0) -> dict[str, float]:
    """Chapter 22: one hot key's writes spread over random suffixes and over sequential (round-robin) ones.

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


def replicas_needed(
    reads_per_s: float,
    node_reads_per_s: float,
    cache_hit_rate: float = 0.8,
    writes_per_s: float = 0.0,
    node_writes_per_s: float = 1.0,
) -> int | None:
    """Chapter 22: the fewest read replicas that keep every node within its capacity behind a cache.

    ``k`` replicas and the primary share the reads the cache misses, and every node applies every write:
    ``(1 - h) R / ((k + 1) C_r) + W / C_w <= 1`` (:func:`hotpart.unsharded_load`'s node load).

    Parameters
    ----------
    reads_per_s : float
        Offered reads per second, ``>= 0`` and at most ``1e12``.
    node_reads_per_s : float
        Reads one node serves per second, ``> 0`` and at most ``1e12``, and large enough that the missed reads over
        it are finite (a subnormal is refused by name).
    cache_hit_rate : float
        Share of reads the cache answers, in ``[0, 1]``.
    writes_per_s : float
        Offered writes per second, ``>= 0`` and at most ``1e12`` (every node applies them all).
    node_writes_per_s : float
        Writes one node serves per second, ``> 0`` and at most ``1e12``.

    Returns
    -------
    int or None
        Read replicas, ``>= 0``; ``None`` when the writes alone fill a node, so that no number of replicas fits.

    Examples
    --------
    >>> replicas_needed(90_000, 10_000, 0.8)
    1
    >>> replicas_needed(90_000, 10_000, 0.8, writes_per_s=1_500, node_writes_per_s=2_000)
    7
    >>> replicas_needed(90_000, 10_000, 0.8, writes_per_s=2_000, node_writes_per_s=2_000) is None
    True
    """
    r = check_number("reads_per_s", reads_per_s, low=0, high=1e12)
    c = check_number("node_reads_per_s", node_reads_per_s, low=0, high=1e12, low_open=True)
    h = check_number("cache_hit_rate", cache_hit_rate, low=0, high=1)
    w = check_number("writes_per_s", writes_per_s, low=0, high=1e12)
    cw = check_number("node_writes_per_s", node_writes_per_s, low=0, high=1e12, low_open=True)
    room = 1.0 - w / cw  # the share of a node the writes leave for reads
    misses = r * (1 - h)
    if misses <= 0:
        return 0 if room >= -1e-12 else None
    if room <= 1e-12:
        return None
    # twice the quotient: room for round-off between (misses / room) / c and misses / (c * room)
    check_divisor("node_reads_per_s", c, 2.0 * misses / room, "the missed reads over each node's room for reads")
    return max(math.ceil(misses / (c * room) - 1e-12) - 1, 0)
