"""Chapter 7's figures and cases: aggregating with DynamoDB Streams, leaderboards and counters.

Models: :mod:`hotpart.models.aggregation`. Notebook: ``notebooks/07_aggregation.ipynb``.
"""

from __future__ import annotations

import math
import sys

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, log_axis, relabel
from ..book.wording import plural
from ..models import (
    EXAMPLE_HOT_PARTITION,
    EXAMPLE_SHARD_COUNT,
    PARTITION_MAX_RCU,
    PARTITION_MAX_WCU,
    SHARD_UTILIZATION,
    STREAMS_MAX_BATCH_SIZE,
    STREAMS_MAX_PARALLELIZATION,
    STREAMS_MAX_PAYLOAD_BYTES,
    StreamsAggregation,
    read_cost,
    read_units,
    write_units,
)
from ..models._validation import check_array, check_choice, check_divisor, check_integer, check_number
from ._fanout_common import (
    _CONSISTENCIES,
    _ITEM_MAX_BYTES,
    _MAX_RATE,
    _MAX_RATIO,
    _MAX_SHARDS,
)
from .fanout import fanout_read_limit

__all__ = [
    "aggregation_breakeven",
    "aggregation_case",
    "largest_record_bytes",
    "parallelization_case",
    "read_hot_aggregate_case",
    "parallelization_needed",
    "staleness_table",
    "plot_aggregation_units",
]


# --- chapter 7: aggregation -------------------------------------------------------------------

_N_AGG = np.arange(1, 101)
_WINDOWS = np.linspace(0.0, 5.0, 51)
#: Staleness is shown for a write made this long after the aggregator started, s (matters only when it falls behind).
_HORIZON_S = 60.0
#: The most ratios :func:`plot_aggregation_units` draws: one comparison each, and more points than a figure has pixels.
_MAX_RATIOS = 10_000


def plot_aggregation_units(ax: Axes, agg: StreamsAggregation, n_shards: int, ratios: np.ndarray) -> None:
    """Units per second beyond the shard writes against the read/write ratio: fan-out reads against aggregation.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    agg : StreamsAggregation
        The aggregator (its write rate sets the read rate at each ratio).
    n_shards : int
        Suffix count of the fan-out read.
    ratios : numpy.ndarray
        Reads per write to evaluate, in ``(0, 10**4]`` (a log axis), a 1-D array of at least one and at most
        10,000 (each is a comparison; a figure is narrower than that many points).

    Examples
    --------
    >>> from hotpart.models.aggregation import StreamsAggregation
    >>> from hotpart.book.plotting import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_aggregation_units(ax, StreamsAggregation(1_000.0), 10, np.array([0.1, 1.0, 10.0]))
    """
    n_shards = check_integer("n_shards", n_shards, low=1, high=_MAX_SHARDS)
    ratios = check_array("ratios", ratios, low=0, high=_MAX_RATIO, low_open=True, ndim=1, max_size=_MAX_RATIOS)
    if ratios.size == 0:
        raise ValueError(f"ratios = {ratios!r} is not allowed: must be a non-empty 1-D array of ratios > 0")
    rows = [agg.compare(agg.write_rate * r, n_shards) for r in ratios]
    ax.plot(
        ratios,
        [c["fanout_rcu"] for c in rows],
        color=COLORS["refused"],
        lw=2,
        label=f"fan-out over {plural(n_shards, 'shard')} (RCU/s)",
    )
    ax.plot(ratios, [c["aggregation_units"] for c in rows], color=COLORS["served"], lw=2, label="aggregation: updates + reads")
    ax.axhline(agg.aggregate_wcu, color=COLORS["share"], ls=":", label=f"aggregate updates {agg.aggregate_wcu:,.0f} WCU/s")
    ax.axhline(
        PARTITION_MAX_RCU,
        color=COLORS["ceiling"],
        lw=1.2,
        label=f"read ceiling of the aggregate's partition {PARTITION_MAX_RCU:,.0f} RCU/s",
    )
    log_axis(ax, "x")
    log_axis(ax, "y")
    finish_axes(
        ax, f"Reading an aggregate of {agg.write_rate:,.0f} writes/s", "reads per write", "units per second", loc="upper left"
    )


def _agg_compute(
    read_write_ratio: float,
    batch_window_s: float,
    write_rate: float,
    n_shards: int,
    batch_size: int,
    parallelization_factor: int = 1,
) -> Data:
    read_rate = write_rate * read_write_ratio
    pf = int(parallelization_factor)
    agg = StreamsAggregation(write_rate, batch_window_s, batch_size, n_stream_shards=n_shards, parallelization_factor=pf)
    fan_rcu = read_rate * read_cost(_N_AGG, "random", "aggregate").read_units
    agg_units = np.array(
        [
            StreamsAggregation(write_rate, batch_window_s, batch_size, int(n), parallelization_factor=pf).aggregation_units(
                read_rate
            )
            for n in _N_AGG
        ]
    )
    by_window = [
        StreamsAggregation(write_rate, w, batch_size, n_stream_shards=n_shards, parallelization_factor=pf) for w in _WINDOWS
    ]
    stale_mean = np.array([a.mean_staleness_s(after_s=_HORIZON_S) for a in by_window])
    stale_max = np.array([a.max_staleness_s(after_s=_HORIZON_S) for a in by_window])
    return {
        "agg": agg,
        "cmp": agg.compare(read_rate, n_shards),
        "read_rate": read_rate,
        "n_shards": int(n_shards),
        "fan_rcu": fan_rcu,
        "agg_units": agg_units,
        "stale_mean": stale_mean,
        "stale_max": stale_max,
        "ymax_units": 10.0 ** np.ceil(np.log10(max(write_rate * 100 * _N_AGG[-1], 10.0))),
        # headroom above the worst-staleness curve, so the legend (upper left) covers no line
        "ymax_stale": 1.7 * float(stale_max.max()),
    }


def _agg_plot(fig: Figure, data: Data) -> None:
    left, right = fig.axes
    fixed_layout(fig)
    left.plot(_N_AGG, np.maximum(data["fan_rcu"], 1.0), color=COLORS["refused"], lw=2, label="fan-out reads (RCU/s)")
    left.plot(_N_AGG, np.maximum(data["agg_units"], 1.0), color=COLORS["served"], lw=2, label="aggregate: its updates + reads")
    left.axvline(data["n_shards"], color=COLORS["ceiling"], lw=0.8, label=f"N = {data['n_shards']}")
    log_axis(left, "y")
    left.set_ylim(1.0, data["ymax_units"])
    finish_axes(left, "Units per second beyond the shard writes", "suffix count N", "units per second", loc="lower right")
    right.plot(_WINDOWS, data["stale_mean"], color=COLORS["served"], lw=2, label="mean staleness")
    right.plot(_WINDOWS, data["stale_max"], color=COLORS["refused"], lw=1.5, ls="--", label="worst staleness")
    right.axvline(data["agg"].batch_window_s, color=COLORS["ceiling"], lw=0.8, label="this batching window")
    right.axhline(0, color=COLORS["accent"], lw=2, label="fan-out read: 0 s")
    right.set_ylim(-0.02 * data["ymax_stale"], data["ymax_stale"])
    finish_axes(right, "Staleness of the aggregate", "batching window (s)", "seconds behind the writes", loc="upper left")


def _agg_update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_agg_plot`'s figure for new data: the lines' data, the markers of N and of the batching window,
    N's legend text and the y limits; titles, labels and the other legend texts do not depend on the controls."""
    left, right = fig.axes
    fan, agg, n_marker = left.lines
    fan.set_ydata(np.maximum(data["fan_rcu"], 1.0))
    agg.set_ydata(np.maximum(data["agg_units"], 1.0))
    n_marker.set_xdata([data["n_shards"], data["n_shards"]])
    relabel(left, n_marker, f"N = {data['n_shards']}")
    left.set_ylim(1.0, data["ymax_units"])
    mean, worst, window, _zero = right.lines
    mean.set_ydata(data["stale_mean"])
    worst.set_ydata(data["stale_max"])
    window.set_xdata([data["agg"].batch_window_s, data["agg"].batch_window_s])
    right.set_ylim(-0.02 * data["ymax_stale"], data["ymax_stale"])


def _agg_caption(data: Data) -> str:
    c, agg = data["cmp"], data["agg"]
    behind = "" if agg.utilization <= 1 else f" The aggregator is {agg.utilization:.1f}x over capacity and falls behind."
    return (
        f"{data['read_rate']:,.0f} eventually consistent reads/s of the aggregate over "
        f"{plural(data['n_shards'], 'shard')}: fan-out costs "
        f"{c['fanout_rcu']:,.0f} RCU/s in {c['fanout_requests']:,.0f} requests/s and waits for no batch "
        "(it lags only by replication); Streams aggregation "
        f"costs {c['aggregation_wcu']:,.1f} WCU/s of updates plus {c['aggregation_rcu']:,.0f} RCU/s of reads, and is "
        f"{c['aggregation_staleness_s']:.2f} s behind on average.{behind}"
    )


aggregation = register(
    Explorable(
        name="aggregation",
        title="Read-time fan-out against Streams aggregation",
        controls=(
            Control("read_write_ratio", "reads per write", 0.001, 10, 0.1, step=0.5, scale="log"),
            Control("batch_window_s", "Lambda batching window", 0, 5, 1, step=1, unit="s"),
            Control("write_rate", "hot key write rate", 500, 20_000, EXAMPLE_HOT_PARTITION["hot_wcu"], step=500, unit="writes/s"),
            Control("n_shards", "suffix count N", 1, 100, EXAMPLE_SHARD_COUNT, step=1, integer=True),
            Control("batch_size", "Lambda batch size", 1, STREAMS_MAX_BATCH_SIZE, 1_000, step=0.25, scale="log", integer=True),
            Control(
                "parallelization_factor", "Lambda ParallelizationFactor", 1, STREAMS_MAX_PARALLELIZATION, 1, step=1, integer=True
            ),
        ),
        compute=_agg_compute,
        plot=_agg_plot,
        update=_agg_update,
        caption=_agg_caption,
        try_this=(
            "raise the reads per write: the red fan-out line climbs while the blue aggregation line barely moves. "
            "Then lengthen the batching window: the staleness grows and the aggregate's update units fall only until "
            "the batch fills first (at the batch size over each consumer's records per second); past that the batch "
            "size, not the window, closes the batch and both stay flat."
        ),
        static=("read_write_ratio", "batch_window_s"),
        ncols=2,
        figsize=(10.0, 3.9),
    )
)


# ---------------------------------------------------------------------------------------------
# Chapter 7's numbers: staleness against units, the ParallelizationFactor needed, the break-even ratio
# ---------------------------------------------------------------------------------------------


def staleness_table(
    write_rate: float,
    windows_s: tuple[float, ...],
    batch_size: int = STREAMS_MAX_BATCH_SIZE,
    n_stream_shards: int = EXAMPLE_SHARD_COUNT,
    record_bytes: float = 0.0,
) -> tuple[list[str], list[tuple[str, ...]]]:
    """Mean and worst staleness and aggregate updates of a Streams aggregation, for several batching windows.

    Each row also gives the records per batch and the largest stream record that lets such a batch stay under
    Lambda's 6 MB payload limit (:data:`hotpart.STREAMS_MAX_PAYLOAD_BYTES` over the records): with larger records
    the batch closes at the limit first, which ``record_bytes`` models.

    Parameters
    ----------
    write_rate : float
        Writes per second reaching the stream, in ``(0, 1e6]``.
    windows_s : tuple of float
        Batching windows, seconds, each in ``[0, 300]``, at least one.
    batch_size : int
        The largest batch, records, in ``[1, 10,000]``.
    n_stream_shards : int
        Stream shards, each with its own consumer, in ``[1, 10,000]``.
    record_bytes : float
        Size of one stream record, bytes, in ``[0, 6,000,000]``; 0 leaves the payload limit out.

    Returns
    -------
    (list of str, list of tuple of str)
        Column titles and one row per window (:class:`hotpart.StreamsAggregation`), for :func:`hotpart.markdown_table`.

    Examples
    --------
    >>> staleness_table(8_000, (1.0,))[1]
    [('1', '0.64', '1.14', '10', '800', '7,500')]
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    if not isinstance(windows_s, tuple | list) or not windows_s:
        raise ValueError(f"windows_s = {windows_s!r} is not allowed: must be a non-empty tuple of windows in seconds")
    windows = [check_number("windows_s", w, low=0, high=300) for w in windows_s]
    batch_size = check_integer("batch_size", batch_size, low=1, high=10_000)
    n_stream_shards = check_integer("n_stream_shards", n_stream_shards, low=1, high=10_000)
    record_bytes = check_number("record_bytes", record_bytes, low=0, high=STREAMS_MAX_PAYLOAD_BYTES)
    rows = []
    for w in windows:
        a = StreamsAggregation(
            write_rate, batch_window_s=w, batch_size=batch_size, n_stream_shards=n_stream_shards, record_bytes=record_bytes
        )
        rows.append(
            (
                f"{w:g}",
                f"{a.mean_staleness_s():.2f}",
                f"{a.max_staleness_s():.2f}",
                f"{a.aggregate_wcu:,.0f}",
                f"{a.batch_records:,.0f}",
                f"{largest_record_bytes(a):,.0f}",
            )
        )
    header = [
        "batching window (s)",
        "mean staleness (s)",
        "worst staleness (s)",
        "aggregate updates (WCU/s)",
        "records per batch",
        "largest record under 6 MB (bytes)",
    ]
    return header, rows


def largest_record_bytes(agg: StreamsAggregation) -> float:
    """The largest stream record, bytes, with which ``agg``'s batches stay under Lambda's 6 MB payload limit.

    Parameters
    ----------
    agg : StreamsAggregation
        The aggregator; its records per batch :math:`r` divide :data:`hotpart.STREAMS_MAX_PAYLOAD_BYTES`.

    Returns
    -------
    float
        Bytes per record (infinite for an empty batch).

    Examples
    --------
    >>> largest_record_bytes(StreamsAggregation(8_000, 10, 10_000, 10))
    750.0
    """
    if not isinstance(agg, StreamsAggregation):
        raise ValueError(f"agg = {agg!r} is not allowed: must be a StreamsAggregation")
    r = agg.batch_records
    return float("inf") if r == 0 else STREAMS_MAX_PAYLOAD_BYTES / r


def parallelization_needed(
    write_rate: float, batch_window_s: float = 0.0, batch_size: int = 100, n_stream_shards: int = 1
) -> int:
    """The smallest Lambda ParallelizationFactor that keeps a Streams aggregator's utilization at or under one.

    Parameters
    ----------
    write_rate : float
        Writes per second reaching the stream, in ``(0, 1e6]``.
    batch_window_s : float
        The batching window, seconds, in ``[0, 300]``.
    batch_size : int
        The largest batch, records, in ``[1, 10,000]``.
    n_stream_shards : int
        Stream shards, in ``[1, 10,000]``.

    Returns
    -------
    int
        A factor in ``[1, STREAMS_MAX_PARALLELIZATION]``.

    Raises
    ------
    ValueError
        If even the largest factor leaves the aggregator behind.

    Examples
    --------
    >>> parallelization_needed(8_000)
    6
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    batch_window_s = check_number("batch_window_s", batch_window_s, low=0, high=300)
    batch_size = check_integer("batch_size", batch_size, low=1, high=10_000)
    n_stream_shards = check_integer("n_stream_shards", n_stream_shards, low=1, high=10_000)
    for p in range(1, STREAMS_MAX_PARALLELIZATION + 1):
        a = StreamsAggregation(write_rate, batch_window_s, batch_size, n_stream_shards, parallelization_factor=p)
        if a.utilization <= 1:
            return p
    raise ValueError(
        f"write_rate = {write_rate!r} is not allowed here: no ParallelizationFactor up to {STREAMS_MAX_PARALLELIZATION} keeps up"
    )


def aggregation_breakeven(agg: StreamsAggregation, n_shards: int, consistency: str = "eventual") -> float:
    """The read-to-write ratio above which a Streams aggregation costs fewer units than a fan-out read of N shards.

    Fan-out pays ``R N q`` read units for ``R`` reads per second (``q`` the units of one shard's read);
    aggregation pays its updates ``U`` plus ``R q``. They are equal at ``R = U / ((N - 1) q)``.

    Parameters
    ----------
    agg : StreamsAggregation
        The aggregator; its write rate ``W`` turns ``R`` into a ratio ``R / W``.
    n_shards : int
        Suffixes a fan-out read asks, in ``[2, 100,000]``.
    consistency : str
        ``"eventual"`` or ``"strong"``, for both designs' reads.

    Returns
    -------
    float
        Reads per write.

    Examples
    --------
    >>> f"{aggregation_breakeven(StreamsAggregation(8_000, 1.0, 1_000, 10), 10):.1e}"
    '2.8e-04'
    """
    if not isinstance(agg, StreamsAggregation):
        raise ValueError(f"agg = {agg!r} is not allowed: must be a StreamsAggregation")
    n_shards = check_integer("n_shards", n_shards, low=2, high=_MAX_SHARDS)
    consistency = check_choice("consistency", consistency, _CONSISTENCIES)
    updates = agg.compare(1.0, n_shards, consistency=consistency)["aggregation_wcu"]
    return float(updates / (agg.write_rate * (n_shards - 1) * read_units(1024, consistency)))


# ---------------------------------------------------------------------------------------------
# Chapter 7's cases: the leaderboard's aggregator, a read-hot aggregate, the ParallelizationFactor
# ---------------------------------------------------------------------------------------------


def aggregation_case(
    write_rate: float,
    read_write_ratio: float,
    batch_window_s: float,
    batch_size: int,
    n_shards: int,
    more_shards: int = 40,
    consistency: str = "eventual",
) -> dict[str, float]:
    """A Streams aggregation against a fan-out read of ``N`` shards, and the same at ``more_shards``.

    Parameters
    ----------
    write_rate : float
        Writes per second to the key, in ``(0, 1e6]``.
    read_write_ratio : float
        Reads of the aggregate per write, in ``(0, 10**4]``. With ``write_rate``, the read rate must be large enough
        that fan-out's read units do not underflow (``saving`` divides by them).
    batch_window_s : float
        Lambda's batching window, s, in ``[0, 300]``.
    batch_size : int
        Lambda's batch size, records, in ``[1, 10,000]``.
    n_shards, more_shards : int
        Suffixes (and stream shards), each in ``[1, 100,000]``.
    consistency : str
        ``"eventual"`` or ``"strong"``, for both designs' reads.

    Returns
    -------
    dict
        ``read_rate`` (reads/s), ``overhead_ms`` and ``record_ms`` (the aggregator's time per batch and per
        record), ``saving`` (the share of fan-out's read units aggregation saves, :meth:`StreamsAggregation.compare`),
        ``aggregate_kb`` (KiB), ``max_aggregate_writes`` (updates/s one aggregate item takes at the write ceiling),
        and at ``more_shards``: ``more_fanout_rcu``, ``more_aggregation_units``, ``more_aggregation_wcu`` and
        ``more_requests_ratio`` (fan-out requests against those at ``n_shards``).

    Examples
    --------
    >>> c = aggregation_case(8_000, 0.1, 1.0, 1_000, 10)
    >>> c["read_rate"], c["more_requests_ratio"], c["max_aggregate_writes"]
    (800.0, 4.0, 1000.0)
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    read_write_ratio = check_number("read_write_ratio", read_write_ratio, low=0, high=_MAX_RATIO, low_open=True)
    n_shards = check_integer("n_shards", n_shards, low=1, high=_MAX_SHARDS)
    more_shards = check_integer("more_shards", more_shards, low=1, high=_MAX_SHARDS)
    consistency = check_choice("consistency", consistency, _CONSISTENCIES)
    reads = write_rate * read_write_ratio
    agg = StreamsAggregation(write_rate, batch_window_s=batch_window_s, batch_size=batch_size, n_stream_shards=n_shards)
    more = StreamsAggregation(write_rate, batch_window_s=batch_window_s, batch_size=batch_size, n_stream_shards=more_shards)
    c, m = agg.compare(reads, n_shards, consistency=consistency), more.compare(reads, more_shards, consistency=consistency)
    _check_saving_finite(agg, n_shards, consistency, write_rate, read_write_ratio, c)
    return {
        "read_rate": reads,
        "overhead_ms": 1000 * agg.batch_overhead_s,
        "record_ms": 1000 * agg.record_time_s,
        "saving": 1 - c["aggregation_units"] / c["fanout_rcu"],
        "aggregate_kb": agg.aggregate_bytes / 1024,
        "max_aggregate_writes": PARTITION_MAX_WCU / float(write_units(agg.aggregate_bytes)),
        "more_fanout_rcu": m["fanout_rcu"],
        "more_aggregation_units": m["aggregation_units"],
        "more_aggregation_wcu": m["aggregation_wcu"],
        "more_requests_ratio": m["fanout_requests"] / c["fanout_requests"],
    }


def _check_saving_finite(
    agg: StreamsAggregation, n_shards: int, consistency: str, write_rate: float, ratio: float, c: dict[str, float]
) -> None:
    """Refuse a read rate so small that fan-out's read units underflow and ``aggregation_case``'s saving is not finite."""
    fan = c["fanout_rcu"]
    if fan > 0 and math.isfinite(c["aggregation_units"] / fan):
        return
    per_read = agg.compare(1.0, n_shards, consistency=consistency)["fanout_rcu"]  # fan-out RCU/s per read/s
    least = max(c["aggregation_units"] / per_read / sys.float_info.max, sys.float_info.min / per_read)
    raise ValueError(
        f"write_rate = {write_rate!r} and read_write_ratio = {ratio!r} are out of range: their product, "
        f"{write_rate * ratio!r} reads/s, must be >= {least:g} (the saving divides by fan-out's read units, which underflow)"
    )


def read_hot_aggregate_case(
    write_rate: float,
    hot_reads: float,
    cache_clients: int,
    cache_ttl_s: float,
    aggregate_bytes: float = 1024,
    consistency: str = "eventual",
    utilization: float = SHARD_UTILIZATION,
    update_wcu: float = 0.0,
) -> dict[str, float]:
    """One aggregate item read by many: its read limit, a hot read rate against the ceiling, a client cache, and
    copies of the item under several keys.

    Copies (``AGG#0`` ... ``AGG#(k-1)``, each written on every update and a reader picking one at random) divide the
    reads by ``k`` and multiply the update units by ``k``; unlike suffixes that partition the data, they serve a key
    that is hot for reads. ``k`` is the fewest copies that keep each within ``utilization`` of the read ceiling.

    Parameters
    ----------
    write_rate : float
        The key's writes per second, in ``(0, 1e6]``.
    hot_reads : float
        Reads per second of the aggregate item, in ``(0, 1e9]``.
    cache_clients : int
        Clients that each cache the item, in ``[1, 10**6]``.
    cache_ttl_s : float
        How long each client keeps it, s, in ``(0, 86,400]``, and at least ``cache_clients`` over the largest float
        (the refetch rate is finite); each refetches it at most once per TTL.
    aggregate_bytes : float
        The aggregate item's size, bytes, in ``[0, 400 KB]``.
    consistency : str
        ``"eventual"`` or ``"strong"``.
    utilization : float
        The headroom criterion, a fraction of the read ceiling in ``[0.01, 1]`` (at least 1%:
        below it the copies are past counting).
    update_wcu : float
        The aggregate's update units per second (one copy), WCU/s, in ``[0, 1e6]``.

    Returns
    -------
    dict
        ``max_read_ratio`` (reads per write within the headroom, :func:`fanout_read_limit`) and ``max_reads``
        (reads/s), ``hot_rcu`` and ``hot_times`` (the hot rate's RCU/s and its multiple of the ceiling),
        ``cached_reads`` and ``cached_rcu`` (what reaches the table behind the cache), ``copies`` (copies needed
        within the headroom), ``copy_rcu`` (RCU/s each copy is read at) and ``copies_wcu`` (their update WCU/s).

    Examples
    --------
    >>> c = read_hot_aggregate_case(8_000, 20_000, 50, 1.0, update_wcu=10.0)
    >>> c["hot_rcu"], round(c["hot_times"], 2), c["cached_reads"], c["cached_rcu"]
    (10000.0, 3.33, 50.0, 25.0)
    >>> c["copies"], c["copy_rcu"], c["copies_wcu"]
    (5, 2000.0, 50.0)
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    hot_reads = check_number("hot_reads", hot_reads, low=0, high=1e9, low_open=True)
    cache_clients = check_integer("cache_clients", cache_clients, low=1, high=10**6)
    cache_ttl_s = check_number("cache_ttl_s", cache_ttl_s, low=0, high=86_400, low_open=True)
    aggregate_bytes = check_number("aggregate_bytes", aggregate_bytes, low=0, high=_ITEM_MAX_BYTES)
    consistency = check_choice("consistency", consistency, _CONSISTENCIES)
    units = float(read_units(aggregate_bytes, consistency))
    ratio = fanout_read_limit(write_rate, item_bytes=aggregate_bytes, consistency=consistency, utilization=utilization)
    update_wcu = check_number("update_wcu", update_wcu, low=0, high=_MAX_RATE)
    utilization = check_number("utilization", utilization, low=0.01, high=1)
    check_divisor("cache_ttl_s", cache_ttl_s, cache_clients, "cache_clients / cache_ttl_s, the refetches per second")
    cached = cache_clients / cache_ttl_s
    copies = max(1, math.ceil(hot_reads * units / (utilization * PARTITION_MAX_RCU)))
    return {
        "copies": copies,
        "copy_rcu": hot_reads * units / copies,
        "copies_wcu": copies * update_wcu,
        "max_read_ratio": ratio,
        "max_reads": ratio * write_rate,
        "hot_rcu": hot_reads * units,
        "hot_times": hot_reads * units / PARTITION_MAX_RCU,
        "cached_reads": cached,
        "cached_rcu": cached * units,
    }


def parallelization_case(
    write_rate: float, batch_window_s: float = 0.0, batch_size: int = 100, n_stream_shards: int = 1
) -> dict[str, object]:
    """A Streams aggregator's utilization at each ParallelizationFactor from 1 to the largest, and the one needed.

    Parameters
    ----------
    write_rate : float
        Writes per second reaching the stream, in ``(0, 1e6]``.
    batch_window_s : float
        The batching window, s, in ``[0, 300]``.
    batch_size : int
        The largest batch, records, in ``[1, 10,000]``.
    n_stream_shards : int
        Stream shards, in ``[1, 10,000]``.

    Returns
    -------
    dict
        ``utilizations`` (a tuple, one per factor, :class:`hotpart.StreamsAggregation`), ``text`` (them to two
        decimals, comma-separated) and ``needed`` (:func:`parallelization_needed`).

    Examples
    --------
    >>> parallelization_case(8_000)["text"]
    '5.60, 2.80, 1.87, 1.40, 1.12, 0.93, 0.80, 0.70, 0.62, 0.56'
    """
    write_rate = check_number("write_rate", write_rate, low=0, high=_MAX_RATE, low_open=True)
    batch_window_s = check_number("batch_window_s", batch_window_s, low=0, high=300)
    batch_size = check_integer("batch_size", batch_size, low=1, high=10_000)
    n_stream_shards = check_integer("n_stream_shards", n_stream_shards, low=1, high=10_000)
    rho = tuple(
        float(StreamsAggregation(write_rate, batch_window_s, batch_size, n_stream_shards, parallelization_factor=p).utilization)
        for p in range(1, STREAMS_MAX_PARALLELIZATION + 1)
    )
    return {
        "utilizations": rho,
        "text": ", ".join(f"{r:.2f}" for r in rho),
        "needed": parallelization_needed(write_rate, batch_window_s, batch_size, n_stream_shards),
    }
