"""Chapter 16's explorable and figures: the sample table's exports, diagnosed and replayed under each remedy.

``notebooks/16_your_table.ipynb`` shows them; the models are in
:mod:`hotpart.models.observed` (the readers), :mod:`hotpart.models.logs`
(``profile_log``) and :mod:`hotpart.models.whatif` (``what_if``). The explorable
``your_table_what_if`` replays the sample access log's demand with a chosen
number of write shards and a capacity multiplier, and draws the units each
remedy refuses.
"""

from __future__ import annotations

import functools
import math
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..book.explorable import Control, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout
from ..models import (
    ONLINE_INDEX_METRICS,
    PARTITION_MAX_WCU,
    PERIOD_S,
    SAMPLE_FILES,
    SAMPLE_LOG_RATE,
    SAMPLE_TABLE,
    WHATIF_REST_KEYS,
    LogProfile,
    Table,
    WhatIf,
    diagnose,
    fit_zipf,
    metric_names,
    profile_log,
    read_metric_data,
    sample_simulation,
    shards_needed,
    what_if,
    write_sample_exports,
)
from ..models._validation import check_integer, check_number

__all__ = [
    "metric_statistic_rows",
    "plot_what_if",
    "sample_diagnosis",
    "sample_log_numbers",
    "sample_paths",
    "sample_profile",
    "sample_table",
    "what_if_case",
    "what_if_numbers",
    "zipf_coverage",
]

Data = dict[str, Any]

#: The sample log's column names (as an application might name them).
_LOG_COLUMNS = {"timestamp": "request_time", "key": "customer_id", "units": "consumed_wcu"}
_REMEDY_COLORS = ("#7F7F7F", "#2CA02C", "#9467BD", "#FF7F0E", "#1F77B4")


@functools.lru_cache(maxsize=1)
def sample_paths() -> dict[str, Path]:
    """The chapter's sample files: ``notebooks/data`` of the repository, or written to a temporary folder."""
    folder = Path(__file__).resolve().parents[2] / "notebooks" / "data"
    paths = {role: folder / name for role, name in SAMPLE_FILES.items()}
    if all(p.is_file() for p in paths.values()):
        return paths
    return write_sample_exports(tempfile.mkdtemp(prefix="hotpart-sample-"))


def sample_table() -> Table:
    """The sample table as it is (:data:`hotpart.SAMPLE_TABLE`)."""
    return Table(int(SAMPLE_TABLE["partitions"]), wcu=float(SAMPLE_TABLE["wcu"]))


@functools.lru_cache(maxsize=1)
def sample_profile() -> LogProfile:
    """The sample access log's profile, on the sample table's partitions.

    Examples
    --------
    >>> sample_profile().keys[0]
    'CUSTOMER#00000'
    """
    return profile_log(
        sample_paths()["log"], **_LOG_COLUMNS, partitions=int(SAMPLE_TABLE["partitions"]), sample_rate=SAMPLE_LOG_RATE
    )


def what_if_case(shards: int = 10, capacity_factor: float = 2.0) -> Data:
    """The sample's what-if for ``shards`` suffixes and a capacity multiplier (cached: do not mutate).

    The inputs are checked before the cache, so a list (``shards=[1, 2]``) is refused by name, not found
    unhashable, and ``10`` and ``10.0`` share one entry.

    Parameters
    ----------
    shards : int
        Write-sharding suffixes per hot key, in ``[2, 1000]``.
    capacity_factor : float
        Provisioned capacity multiplier for "more capacity", in ``[1, 100]``.

    Returns
    -------
    dict
        ``shards``, ``capacity_factor``, the :class:`hotpart.WhatIf` and ``observed``: the key-range throttle
        events the sample's exported metrics count over the same minutes, the calibration of "as is".

    Examples
    --------
    >>> w = what_if_case(10, 2.0)["what_if"]
    >>> bool(w.refused[1] < w.refused[0])
    True
    """
    n = check_integer("shards", shards, low=2, high=1000)
    factor = check_number("capacity_factor", capacity_factor, low=1, high=100)
    return _what_if_case(n, factor)


@functools.lru_cache(maxsize=128)
def _what_if_case(n: int, factor: float) -> Data:
    """:func:`what_if_case` for checked inputs, remembered."""
    w: WhatIf = what_if(sample_profile(), sample_table(), shards=n, capacity_factor=factor)
    observed = _observed_key_range()
    return {"shards": n, "capacity_factor": factor, "what_if": w, "observed": observed}


@functools.lru_cache(maxsize=1)
def _observed_key_range() -> float:
    """The sample's exported WriteKeyRangeThroughputThrottleEvents over the run: what "as is" is calibrated on."""
    return float(sample_diagnosis()["key_range_events"])


def plot_what_if(axes: tuple[Axes, Axes], data: Data) -> None:
    """Left: units each remedy refuses over the replay, with the observed throttle events as a dashed calibration
    line. Right: refused units per minute.

    Parameters
    ----------
    axes : pair of Axes
        Where to draw.
    data : dict
        From :func:`what_if_case`.
    """
    left, right = axes
    w: WhatIf = data["what_if"]
    short = _short_names(w)
    for i, (name, units, color) in enumerate(zip(short, w.refused, _REMEDY_COLORS, strict=False)):
        left.barh(i, units / 1e3, color=color, label=f"{name}: {units / w.offered:.1%}")
    left.set_yticks(np.arange(len(short)), short, fontsize=8)
    left.invert_yaxis()
    if "observed" in data:  # calibration: what the table's own metrics counted, against the "as is" bar
        obs = float(data["observed"]) / 1e3
        left.axvline(obs, color=COLORS["ceiling"], ls="--", lw=1)
        left.annotate(
            "observed throttle events",
            (obs, -0.55),
            fontsize=7,
            ha="left",
            va="center",
            xytext=(3, 0),
            textcoords="offset points",
        )
    finish_axes(left, "Refused over the replay (share of offered)", "thousand units refused", "remedy", loc="lower right")
    minute = np.arange(1, w.refused_per_minute.shape[1] + 1)
    for name, series, color in zip(short, w.refused_per_minute, _REMEDY_COLORS, strict=False):
        # a line another one may cover exactly (as is under on-demand) is drawn wide and pale beneath, the other dashed
        style = {"lw": 5, "alpha": 0.45, "zorder": 1} if name == "as is" else {"ls": "--"} if name == "on-demand" else {}
        right.plot(minute, series / 60.0, color=color, label=name, marker="o", ms=3, **style)
    right.axhline(0, color=COLORS["ceiling"], lw=0.5)
    finish_axes(right, "Refused per second, by minute", "minute", "units/s refused", loc="upper center")
    right.legend(loc="upper center", ncol=3, fontsize=7, framealpha=0.9)
    _what_if_limits(left, right, w)


def _short_names(w: WhatIf) -> list[str]:
    """The remedies' names without their parenthesised settings."""
    return [r.split(" (")[0] for r in w.remedies]


def _what_if_limits(left: Axes, right: Axes, w: WhatIf) -> None:
    """The two panels' value ranges, from the replay's offered units (a fifth of them, a quarter of their rate); the
    left panel is kept wide enough that the bars end in its left 55%, clear of the legend at the lower right."""
    longest = max(float(np.max(w.refused)), 1.0) / 1e3
    left.set_xlim(0, max(float(w.offered) * 0.2 / 1e3, longest / 0.5, 1.0))
    left.set_ylim(len(w.refused) - 0.5, -1.0)  # inverted, with a row above the first bar for the dashed line's label
    highest = float(np.max(w.refused_per_minute)) / 60.0
    right.set_ylim(0, max(float(w.offered) / 60.0 / w.refused_per_minute.shape[1] * 0.25, highest * 1.5, 1.0))


def _update_what_if(left: Axes, right: Axes, data: Data) -> None:
    """Redraw :func:`plot_what_if`'s panels for new data with the same remedies and minutes: the bars' widths, the
    lines' y values, the left legend's shares and both value ranges."""
    w: WhatIf = data["what_if"]
    bars = [container[0] for container in left.containers]
    texts = left.get_legend().get_texts()
    if len(bars) != len(w.refused) or len(right.lines) != len(w.refused) + 1:
        raise ValueError(f"data has {len(w.refused)} remedies; the figure was drawn with {len(bars)}")
    for bar, text, name, units in zip(bars, texts, _short_names(w), w.refused, strict=True):
        label = f"{name}: {units / w.offered:.1%}"
        bar.set_width(units / 1e3)
        bar.set_label(label)  # the container's label is the legend's; keep the artist's in step
        text.set_text(label)
    for line, series in zip(right.lines, w.refused_per_minute, strict=False):
        line.set_ydata(series / 60.0)
    _what_if_limits(left, right, w)


def _compute(shards: int, capacity: float) -> Data:
    return what_if_case(int(shards), round(float(capacity), 1))


def _plot(fig: Figure, data: Data) -> None:
    fixed_layout(fig, left=0.16, right=0.99, bottom=0.14, top=0.9, wspace=0.28)
    plot_what_if((fig.axes[0], fig.axes[1]), data)


def _update(fig: Figure, data: Data) -> None:
    _update_what_if(fig.axes[0], fig.axes[1], data)


def _caption(data: Data) -> str:
    w: WhatIf = data["what_if"]
    parts = [
        f"{r}: {u:,.0f} units refused ({u / w.offered:.1%}), {c:.2f} reads per read"
        for r, u, c in zip(w.remedies, w.refused, w.read_cost, strict=False)
    ]
    keys = ", ".join(w.sharded_keys) or "none"
    return (
        f"The sample log replayed on {SAMPLE_TABLE['partitions']:.0f} partitions. "
        + "; ".join(parts)
        + f". Keys sharded: {keys}."
    )


register(
    Explorable(
        name="your_table_what_if",
        title="Your own table: the sample log's demand replayed under each remedy",
        controls=(
            Control("shards", "write-sharding suffixes per hot key", 2, 16, 10, step=2, integer=True, unit="shards"),
            Control("capacity", "provisioned capacity multiplier", 1, 4, 2, step=1, unit="x"),
        ),
        compute=_compute,
        plot=_plot,
        update=_update,
        caption=_caption,
        try_this=(
            "raise the capacity multiplier: the purple bar (more capacity, on the partitions chapter 1's rule gives "
            "for it) falls as cold keys move off the hot key's partition, but never below what the hottest customer "
            "alone is offered above one partition's ceiling; the grey and orange bars (as is, on-demand) do not "
            "move. Then raise the shards: the green bar falls towards zero while the reads per read grow."
        ),
        static=("shards", "capacity"),
        ncols=2,
        figsize=(10.0, 3.6),
    )
)


def zipf_coverage(n_keys: int, exponent: float, n_requests: int, seeds: int = 50) -> dict[str, float]:
    """How often :func:`hotpart.fit_zipf`'s interval covers the true exponent, over simulated logs.

    Each of ``seeds`` logs draws ``n_requests`` requests over ``n_keys`` keys with Zipf popularity of the given
    exponent (a multinomial draw, seeds ``0`` to ``seeds - 1``), and is fitted; the ranks are the logs' own.

    Parameters
    ----------
    n_keys : int
        Keys, in ``[2, 1_000_000]``.
    exponent : float
        The true Zipf exponent, in ``[0, 5]``.
    n_requests : int
        Requests per simulated log, in ``[1, 10_000_000]``.
    seeds : int
        Simulated logs, in ``[1, 1_000]``.

    Returns
    -------
    dict
        ``covered`` (how many intervals hold the true exponent), ``bias`` (mean fitted minus true exponent),
        ``half_width`` (mean half-width of the interval), ``mean_exponent`` and ``mean_ks`` (the fits' mean exponent
        and KS distance), ``fit`` (how many fits pass as Zipf), and the inputs. With ``exponent=0`` the logs are flat:
        ``mean_exponent`` is what ranking by observed counts alone gives a uniform popularity.

    Examples
    --------
    >>> c = zipf_coverage(100, 1.0, 50_000, seeds=20)
    >>> c["covered"] >= 17, abs(c["bias"]) < 0.01
    (True, True)
    """
    n = check_integer("n_keys", n_keys, low=2, high=1_000_000)
    s = check_number("exponent", exponent, low=0, high=5)
    requests = check_integer("n_requests", n_requests, low=1, high=10_000_000)
    seeds = check_integer("seeds", seeds, low=1, high=1_000)
    ranks = np.arange(1, n + 1, dtype=float)
    share = ranks**-s / (ranks**-s).sum()
    fits = [fit_zipf(np.random.default_rng(k).multinomial(requests, share)) for k in range(seeds)]
    return {
        "n_keys": n,
        "exponent": s,
        "n_requests": requests,
        "seeds": seeds,
        "covered": sum(f.ci_low <= s <= f.ci_high for f in fits),
        "bias": float(np.mean([f.exponent for f in fits])) - s,
        "half_width": float(np.mean([(f.ci_high - f.ci_low) / 2 for f in fits])),
        "mean_exponent": float(np.mean([f.exponent for f in fits])),
        "mean_ks": float(np.mean([f.ks for f in fits])),
        "fit": sum(bool(f.fits) for f in fits),
    }


def metric_statistic_rows() -> list[tuple[str, str]]:
    """Each metric the readers know, with the statistic they expect it in: ``Average`` for a provisioned level,
    ``Sum`` for consumed capacity and the throttle counts.

    Examples
    --------
    >>> metric_statistic_rows()[:2]
    [('ConsumedReadCapacityUnits', 'Sum'), ('ProvisionedReadCapacityUnits', 'Average')]
    """
    return [(name, "Average" if name.startswith("Provisioned") else "Sum") for name in metric_names()]


def sample_diagnosis() -> Data:
    """Chapter 16's step 1: the sample exports read back and diagnosed, with all the reports, with none, and with the
    throttled-keys report alone; and the round trip against the simulation that wrote them.

    Returns
    -------
    dict
        ``minutes`` (data points), ``series`` (table metrics read), ``peak_use`` (peak consumed per second over the
        provisioned level), ``key_range_events`` and ``provisioned_events`` (write throttle events over the run);
        ``symptom``, ``share``, ``n_findings``, ``action``, ``key``, ``numbers`` and ``confidence`` (the first finding
        of :func:`hotpart.diagnose` with both Contributor Insights reports: its row, its share of the throttle events,
        how many causes are material, its remedy with its numbers, the key it names);
        ``symptom_without_reports`` and ``confidence_without_reports`` (the metrics alone); ``symptom_throttled_only``,
        ``confidence_throttled_only`` and ``top_throttled_share`` (the throttled-keys report alone, and the most-throttled
        key's share of the refused units, averaged over the minutes with any); ``round_trip`` (``"identical"`` when
        every series read back equals the simulation's, else ``"different"``), ``simulation_symptom``;
        ``online_metrics`` (the metrics of an index being built that the readers take, joined by commas)
        and ``n_online_metrics``.

    Examples
    --------
    >>> s = sample_diagnosis()
    >>> s["round_trip"], s["minutes"]
    ('identical', 10)
    """
    paths = sample_paths()
    metrics = read_metric_data(
        paths["metrics"], paths["queries"], insights=paths["insights"], throttled_keys=paths["throttled_keys"]
    )
    full = diagnose(metrics)
    bare = diagnose(read_metric_data(paths["metrics"], paths["queries"]))
    throttled_only = read_metric_data(paths["metrics"], paths["queries"], throttled_keys=paths["throttled_keys"])
    by_throttled = diagnose(throttled_only)
    shares = [t.throttled_share(1) for t in throttled_only.top if t.total_throttled > 0]
    _, simulated = sample_simulation()
    same = set(simulated.table) == set(metrics.table) and all(
        np.array_equal(simulated.table[name], metrics.table[name]) for name in simulated.table
    )
    provisioned = float(metrics["ProvisionedWriteCapacityUnits"].max())
    return {
        "minutes": metrics.minutes,
        "series": len(metrics.table),
        "peak_use": float(metrics.per_second("ConsumedWriteCapacityUnits").max()) / provisioned,
        "key_range_events": float(metrics["WriteKeyRangeThroughputThrottleEvents"].sum()),
        "provisioned_events": float(metrics["WriteProvisionedThroughputThrottleEvents"].sum()),
        "symptom": full.symptom,
        "share": full.findings[0].share,
        "n_findings": len(full.findings),
        "action": full.findings[0].action,
        "key": full.findings[0].key,
        "numbers": dict(full.findings[0].numbers),
        "confidence": full.confidence,
        "symptom_without_reports": bare.symptom,
        "confidence_without_reports": bare.confidence,
        "symptom_throttled_only": by_throttled.symptom,
        "confidence_throttled_only": by_throttled.confidence,
        "top_throttled_share": float(np.mean(shares)) if shares else 0.0,
        "round_trip": "identical" if same else "different",
        "simulation_symptom": diagnose(simulated).symptom,
        "online_metrics": ", ".join(ONLINE_INDEX_METRICS),
        "n_online_metrics": len(ONLINE_INDEX_METRICS),
    }


def sample_log_numbers(rare_below: int = 10) -> Data:
    """Chapter 16's step 2: the sample access log's profile (:func:`sample_profile`), read as the chapter reads it.

    Parameters
    ----------
    rare_below : int
        A key logged fewer times than this is rare, in ``[1, 10**9]``.

    Returns
    -------
    dict
        ``rows``, ``keys`` and ``minutes`` of the log; ``hot_key``, ``hot_share`` (its share of the units) and
        ``hot_rate`` (its units/s over the log, estimated from the sample); ``hot_rate_simulated`` (the units/s the
        simulation offered it); ``exponent``, ``ci_low``, ``ci_high``, ``ks`` and ``verdict`` (the Zipf fit);
        ``true_exponent`` (:data:`hotpart.SAMPLE_TABLE`'s) and ``true_exponent_position`` (``"inside"`` or
        ``"outside"`` the interval); ``peak_partition`` (the busiest partition's peak, units/s),
        ``busiest_partition`` and ``even_partition`` (the peak minute's units/s spread evenly over the partitions);
        ``rare_below`` and ``rare_share`` (share of the logged keys logged fewer than ``rare_below`` times);
        ``unseen`` (the table's keys the log never names); ``suffixes_needed`` (chapter 5's
        :func:`hotpart.shards_needed` for the hottest key's rate: the fewest random suffixes whose busiest shard
        stays within 80% of a partition's ceiling) and ``suffixes_by_average`` (the rate over the ceiling, rounded
        up).

    Examples
    --------
    >>> n = sample_log_numbers()
    >>> n["hot_key"], n["suffixes_needed"], n["true_exponent_position"]
    ('CUSTOMER#00000', 2, 'outside')
    """
    rare_below = check_integer("rare_below", rare_below, low=1, high=10**9)
    prof = sample_profile()
    fit = prof.zipf
    hot_key, hot_units, hot_share = prof.hottest(1)[0]
    hot_rate = hot_units / (prof.minutes * PERIOD_S)
    res, _ = sample_simulation()
    true = float(SAMPLE_TABLE["zipf"])
    logged = prof.key_requests * prof.sample_rate  # the log's own request counts
    return {
        "rare_below": rare_below,
        "rows": prof.rows,
        "keys": len(prof.keys),
        "minutes": prof.minutes,
        "hot_key": hot_key,
        "hot_share": hot_share,
        "hot_rate": hot_rate,
        "hot_rate_simulated": float(res.key_offered[:, res.keys.index(hot_key)].sum()) / res.seconds,
        "exponent": fit.exponent,
        "ci_low": fit.ci_low,
        "ci_high": fit.ci_high,
        "ks": fit.ks,
        "verdict": fit.verdict,
        "true_exponent": true,
        "true_exponent_position": "inside" if fit.ci_low <= true <= fit.ci_high else "outside",
        "peak_partition": float(prof.partition_peak),
        "busiest_partition": int(prof.busiest_partition),
        "even_partition": float(prof.total.max()) / prof.partitions,
        "rare_share": float(np.mean(logged < rare_below)),
        "unseen": int(SAMPLE_TABLE["keys"]) - len(prof.keys),
        "suffixes_needed": int(shards_needed(hot_rate)),
        "suffixes_by_average": math.ceil(hot_rate / PARTITION_MAX_WCU),
    }


#: The chapter's short names of the remedies, by :data:`hotpart.REMEDY_NAMES`.
_REMEDY_KEYS = {"as is": "asis", "write sharding": "shard", "more capacity": "more", "on-demand": "od", "split for heat": "split"}


def what_if_numbers(shards: int = 10, capacity_factor: float = 2.0) -> Data:
    """Chapter 16's step 3: :func:`what_if_case` read remedy by remedy.

    Parameters
    ----------
    shards : int
        Write-sharding suffixes per hot key, in ``[2, 1000]``.
    capacity_factor : float
        Provisioned capacity multiplier for "more capacity", in ``[1, 100]``.

    Returns
    -------
    dict
        ``shards``, ``capacity_factor``, ``offered`` (units over the replay); for each remedy, by its short name
        (``asis``, ``shard``, ``more``, ``od``, ``split``), the units it refuses, and under ``<name>_share`` their
        share of ``offered``; ``read_cost`` (write sharding's reads per logical read), ``sharded`` (the sharded keys,
        comma-separated), ``n_sharded``, ``observed`` (the key-range throttle events of the sample's metrics over the
        same minutes), ``asis_vs_observed`` (the "as is" replay's refusals over them, minus 1), ``named_keys`` (the
        profile's hottest keys, replayed by name), ``stand_ins_per_partition`` (the stand-ins of the other keys on
        each partition), ``more_partitions`` (the partitions "more capacity" runs on), ``more_same`` (what "more
        capacity" refuses on the table's own partitions), ``more_capacity`` (its units/s) and ``hot_floor``
        (units the hottest key alone is offered above one partition's ceiling over the replay: what no remedy but
        sharding removes).

    Examples
    --------
    >>> w = what_if_numbers(10, 2.0)
    >>> w["more_same"] == w["asis"], w["hot_floor"] < w["more"] < w["asis"], w["shard"] < w["asis"]
    (True, True, True)
    """
    case = what_if_case(shards, capacity_factor)
    w: WhatIf = case["what_if"]
    out: Data = {"shards": case["shards"], "capacity_factor": case["capacity_factor"], "offered": float(w.offered)}
    out["observed"] = float(case["observed"])
    for remedy, units in zip(_short_names(w), w.refused, strict=True):
        out[_REMEDY_KEYS[remedy]] = float(units)
        out[f"{_REMEDY_KEYS[remedy]}_share"] = float(units) / w.offered if w.offered > 0 else 0.0
    out["read_cost"] = float(w.read_cost[_short_names(w).index("write sharding")])
    out["sharded"] = ", ".join(w.sharded_keys)
    out["n_sharded"] = len(w.sharded_keys)
    out["asis_vs_observed"] = out["asis"] / out["observed"] - 1.0 if out["observed"] > 0 else 0.0
    out["named_keys"] = int(sample_profile().demand.shape[1])
    out["stand_ins_per_partition"] = max(1, WHATIF_REST_KEYS // int(SAMPLE_TABLE["partitions"]))
    more = w.remedies[_short_names(w).index("more capacity")]
    out["more_partitions"] = int(more.rsplit(" on ", 1)[1].split(" ")[0])
    out["more_capacity"] = float(SAMPLE_TABLE["wcu"]) * float(case["capacity_factor"])
    same = what_if(
        sample_profile(),
        sample_table(),
        shards=case["shards"],
        capacity_factor=case["capacity_factor"],
        capacity_partitions="same",
    )
    out["more_same"] = float(same.refused[_short_names(same).index("more capacity")])
    prof = sample_profile()
    hot = prof.demand[:, 0]
    out["hot_floor"] = float(np.clip(hot - PARTITION_MAX_WCU, 0.0, None).sum() * PERIOD_S)
    return out
