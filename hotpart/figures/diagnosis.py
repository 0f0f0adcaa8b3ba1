"""Chapter 15's explorable and figure: pick a scenario, see its metrics, read the diagnosis.

``notebooks/15_diagnosis.ipynb`` shows them; the models are in
:mod:`hotpart.models.diagnosis` (``scenario``, ``diagnose``, ``REMEDIES``) and
:mod:`hotpart.models.metrics` (``cloudwatch``). The explorable ``symptom_to_remedy``
draws a scenario's one-minute CloudWatch data points (consumed capacity per
second against the provisioned line; throttle events by reason and
``ThrottledRequests``) and captions them with :func:`hotpart.diagnose`'s
verdict and evidence.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from ..book.explorable import Control, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, log_axis
from ..models import (
    BATCH_WRITE_MAX_ITEMS,
    MAX_SIMULATED_DEMAND,
    ON_DEMAND_TABLE_QUOTA_WRU,
    PARTITION_MAX_WCU,
    PROVISIONED_WRITE_SCENARIOS,
    REMEDIES,
    SCENARIOS,
    SHARD_UTILIZATION,
    Diagnosis,
    Metrics,
    OnDemand,
    Table,
    busiest_shard_bound,
    cloudwatch,
    diagnose,
    key_design,
    on_demand_ceiling,
    on_demand_seconds_to_serve,
    partition_load,
    partition_of,
    scenario,
    shards_needed,
    simulate,
)
from ..models._validation import check_choice, check_count, check_integer, check_number
from .metrics import plot_consumed, plot_event_metrics

__all__ = [
    "SCENARIO_NAMES",
    "date_vs_device_case",
    "diagnosis_case",
    "diagnosis_claims",
    "evidence_rows",
    "gsi_read_case",
    "hot_counter_case",
    "on_demand_surge_case",
    "peak_as_key_range_case",
    "plot_diagnosis_metrics",
    "plot_fingerprints",
    "scenario_rows",
    "shard_count_case",
    "sparse_index_case",
    "verdict_phrases",
]

Data = dict[str, Any]

#: The scenarios in the order of the explorable's integer ``scenario`` control: those of a provisioned
#: table's writes, which the panels draw against the provisioned line (the read and on-demand scenarios of
#: :data:`hotpart.SCENARIOS` are diagnosed in the chapter's table).
SCENARIO_NAMES: tuple[str, ...] = PROVISIONED_WRITE_SCENARIOS

#: Fixed axis limits (they may depend only on non-static controls): capacity in units/s, events per minute.
CAPACITY_YMAX = 12_000.0
EVENTS_YLIM = (1.0, 1e8)  # the events stay under 1e6; the top decades hold the legend

_EVENT_STYLE: dict[str, tuple[str, str, str]] = {
    # key: (label, colour, line style)
    "keyrange": ("KeyRangeThroughputThrottleEvents", "#FF7F0E", "-"),
    "provisioned": ("ProvisionedThroughputThrottleEvents", "#9467BD", "-"),
    "index": ("index ThrottleEvents (GSI)", "#8C564B", "--"),
    "requests": ("ThrottledRequests", COLORS["ceiling"], ":"),
}


def diagnosis_case(
    name: str, contributor_insights: bool = True, batch_size: int = 1, minutes: int = 10, gsi_fraction: float = 1.0
) -> Data:
    """A scenario's per-minute metrics, drawn-ready, and its diagnosis.

    The inputs are checked before the cache, so a list (``batch_size=[1, 2]``) is refused by name, not found
    unhashable, and ``1`` and ``1.0`` share one entry.

    Parameters
    ----------
    name : str
        One of :data:`SCENARIO_NAMES` (a provisioned table's writes).
    contributor_insights : bool
        Whether Contributor Insights is on.
    batch_size : int
        Items per request, in ``[1, BATCH_WRITE_MAX_ITEMS]`` (25, ``BatchWriteItem``'s limit).
    minutes : int
        Minutes simulated, in ``[5, 60]``.
    gsi_fraction : float
        Share of writes that carry the GSI key (GSI scenario only), in ``[0, 1]``.

    Returns
    -------
    dict
        ``minute`` (1-based), per second ``consumed`` and ``provisioned``
        (WCU/s), per minute ``keyrange``, ``provisioned_events``, ``index``
        and ``requests`` (counts), ``diagnosis`` (:class:`hotpart.Diagnosis`),
        ``expected`` (the scenario's row), and the inputs. Cached: do not mutate.

    Examples
    --------
    >>> d = diagnosis_case("short spike")
    >>> d["diagnosis"].symptom, int(d["keyrange"].sum())
    ('short spike', 240000)
    """
    check_choice("name", name, tuple(SCENARIOS))
    check_choice("contributor_insights", contributor_insights, (True, False))
    b = check_count("batch_size", batch_size, low=1, high=BATCH_WRITE_MAX_ITEMS)
    m = check_count("minutes", minutes, low=5, high=60)
    f = check_number("gsi_fraction", gsi_fraction, low=0, high=1)
    return _diagnosis_case(name, bool(contributor_insights), b, m, f)


@functools.lru_cache(maxsize=256)
def _diagnosis_case(name: str, contributor_insights: bool, batch_size: int, minutes: int, gsi_fraction: float) -> Data:
    """:func:`diagnosis_case` for checked inputs, remembered."""
    s = scenario(
        name, minutes=minutes, contributor_insights=contributor_insights, batch_size=batch_size, gsi_fraction=gsi_fraction
    )
    m: Metrics = s.metrics
    secs = m.seconds_in_minute()
    idx = np.zeros(m.minutes)
    for im in m.indexes.values():
        idx = idx + im["WriteThrottleEvents"]
    index_consumed = None
    if m.indexes:
        index_consumed = sum(im["ConsumedWriteCapacityUnits"] for im in m.indexes.values()) / secs
    return {
        "name": name,
        "contributor_insights": contributor_insights,
        "batch_size": batch_size,
        "minutes": minutes,
        "gsi_fraction": gsi_fraction,
        "metrics": m,
        "minute": np.arange(1, m.minutes + 1),
        "consumed": m.per_second("ConsumedWriteCapacityUnits"),
        "provisioned": m["ProvisionedWriteCapacityUnits"],
        "index_consumed": index_consumed,
        "keyrange": m["WriteKeyRangeThroughputThrottleEvents"],
        "provisioned_events": m["WriteProvisionedThroughputThrottleEvents"],
        "events": m["WriteThrottleEvents"],
        "index": idx,
        "requests": m["ThrottledRequests"],
        "diagnosis": diagnose(m),
        "expected": s.expected,
    }


def plot_diagnosis_metrics(axes: tuple[Axes, Axes], data: Data, *, minutes: int | None = None) -> None:
    """Two panels of one scenario's CloudWatch data points: capacity, and throttling by reason.

    Parameters
    ----------
    axes : pair of Axes
        Left: consumed capacity per second (one point a minute) and the
        provisioned line. Right: throttle events per minute by reason and
        ``ThrottledRequests``, log scale.
    data : dict
        From :func:`diagnosis_case`.
    minutes : int, optional
        x range, minutes, a whole number in ``[1, 10_080]``; the scenario's own if omitted.

    Examples
    --------
    >>> from hotpart.book.plotting import new_figure
    >>> fig, axes = new_figure(ncols=2)
    >>> plot_diagnosis_metrics(axes, diagnosis_case("short spike"), minutes=10)
    """
    left, right = axes
    span = minutes if minutes is not None else data["minutes"]
    m = data["metrics"]
    plot_consumed(
        left,
        m,
        title=f"{data['name'][0].upper()}{data['name'][1:]}: capacity",
        ymax=CAPACITY_YMAX,
        indexes=True,
        minutes=span,
        loc="upper left",
    )
    plot_event_metrics(
        right,
        m,
        title="Throttle metrics (under 1 per minute not drawn)",
        log_ylim=EVENTS_YLIM,
        minutes=span,
        loc="upper left",
    )


def plot_fingerprints(ax: Axes, cases: list[Data], *, title: str) -> None:
    """Each scenario's throttle metrics summed over the run, side by side: the fingerprint ``diagnose`` reads.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    cases : list of dict
        From :func:`diagnosis_case`, one per scenario.
    title : str
        The axes title.
    """
    keys = ("keyrange", "provisioned", "index", "requests")
    columns = {"keyrange": "keyrange", "provisioned": "provisioned_events", "index": "index", "requests": "requests"}
    width = 0.8 / len(keys)
    x = np.arange(len(cases))
    for j, key in enumerate(keys):
        label, color, _ = _EVENT_STYLE[key]
        if key == "requests":
            label = f"{label} (batches of {cases[0]['batch_size']})"
        totals = np.array([float(c[columns[key]].sum()) for c in cases])
        ax.bar(x + (j - 1.5) * width, np.maximum(totals, 0.0), width, color=color, label=label, log=True)
    ax.set_xticks(x, [f"{c['name']}\n({_findings_label(c['diagnosis'])})" for c in cases], fontsize=7)
    ax.set_ylim(*EVENTS_YLIM)
    log_axis(ax, "y")
    finish_axes(
        ax, title, "scenario (and how many causes the diagnosis finds)", "count over the run (log scale)", loc="upper right"
    )


def _findings_label(d: Diagnosis) -> str:
    """How many causes, in an axis label: a short-spike finding reads the timing of the same events, not a cause."""
    if d.symptom == "no throttling":
        return "nothing to find"
    n = sum(f.cause != "short spike" for f in d.findings)
    spike = any(f.cause == "short spike" for f in d.findings)
    return f"{n} cause" + ("s" if n != 1 else "") + (", in a short spike" if spike else "")


# ---------------------------------------------------------------------------------------------
# symptom_to_remedy: the table as a decision aid
# ---------------------------------------------------------------------------------------------


def _compute(scenario: int, insights: int, batch_size: int, minutes: int, gsi_share: float) -> Data:
    return diagnosis_case(
        SCENARIO_NAMES[int(scenario)], bool(insights), int(batch_size), int(minutes), round(float(gsi_share), 2)
    )


def _plot(fig: Figure, data: Data) -> None:
    fixed_layout(fig, left=0.07, right=0.99, bottom=0.13, top=0.91, wspace=0.22)
    plot_diagnosis_metrics((fig.axes[0], fig.axes[1]), data)


def _update(fig: Figure, data: Data) -> None:
    """Redraw :func:`_plot`'s figure for new data, keeping its axes, ticks, grid and fixed margins.

    Which lines the panels hold depends on the scenario (an index adds its own lines, and its key-range line only
    when it has events), so the lines and the legends are removed and drawn again by the helper ``_plot`` uses,
    which also sets the titles, the legend texts and the axes' limits exactly as a fresh draw does.
    """
    for ax in fig.axes:
        for line in list(ax.lines):
            line.remove()
        legend = ax.get_legend()
        if legend is not None:
            legend.remove()
    plot_diagnosis_metrics((fig.axes[0], fig.axes[1]), data)


def _caption(data: Data) -> str:
    d: Diagnosis = data["diagnosis"]
    f = d.findings[0]
    ci = "on" if data["contributor_insights"] else "off"
    alt = f" Not ruled out: {', '.join(d.alternatives)}." if d.alternatives else ""
    match = "as expected" if d.symptom == data["expected"] else f"the scenario expects {data['expected']}"
    action = f"{f.action[0].upper()}{f.action[1:]}" if f.action else d.remedy
    return (
        f"Scenario: {data['name']} (Contributor Insights {ci}). Diagnosis ({match}): {d.summary()} First finding: "
        f"{REMEDIES[d.symptom].symptom}. Remedy: {d.remedy}; here: {action}. Pitfall: {d.pitfall}. "
        f"Confidence {d.confidence}: {d.why}. Evidence: {'; '.join(d.evidence)}.{alt}"
    )


register(
    Explorable(
        name="symptom_to_remedy",
        title="From symptom to remedy: a scenario's metrics and what diagnose reads from them",
        controls=(
            Control("scenario", "scenario", 0, len(SCENARIO_NAMES) - 1, 0, integer=True, choices=SCENARIO_NAMES),
            Control("insights", "Contributor Insights", 0, 1, 1, integer=True, choices=("off", "on")),
            Control("batch_size", "items per request (batch size)", 1, BATCH_WRITE_MAX_ITEMS, 1, integer=True, unit="items"),
            Control("minutes", "minutes of metrics", 5, 60, 10, step=5, integer=True, unit="min"),
            Control("gsi_share", "GSI scenario: share of writes carrying the index key", 0, 1, 1, step=0.1, percent=True),
        ),
        compute=_compute,
        plot=_plot,
        update=_update,
        caption=_caption,
        try_this=(
            "step through the scenarios and watch which orange, purple or brown line rises: key-range events with "
            "consumed capacity under the provisioned line mean a hot partition, provisioned events with consumed at "
            "the line an under-provisioned table. Turn Contributor Insights off: the two key-design rows become "
            "'key unknown' with low confidence. In Jupyter, raise the batch size: ThrottledRequests drops off the "
            "chart while the events stay; lower the GSI share: the sparse index stops throttling."
        ),
        static=("scenario", "insights"),
        ncols=2,
        figsize=(10.0, 3.9),
    )
)


# ---------------------------------------------------------------------------------------------
# the chapter's tables and exercises, computed
# ---------------------------------------------------------------------------------------------


def scenario_rows() -> tuple[list[str], list[tuple[str, str, str, str]]]:
    """Every canonical scenario (:data:`hotpart.SCENARIOS`) and what ``diagnose`` makes of it, with and without
    Contributor Insights.

    Returns
    -------
    tuple
        ``(header, rows)`` for :func:`hotpart.markdown_table`: the scenario, what it simulates, the verdict with
        Contributor Insights on (row, rule, confidence) and off (row, confidence).

    Examples
    --------
    >>> header, rows = scenario_rows()
    >>> rows[0][0], rows[0][2]
    ('low-cardinality key', 'low-cardinality key: 100%, high')
    """
    rows = []
    for name, text in SCENARIOS.items():
        on = diagnose(scenario(name).metrics)
        off = diagnose(scenario(name, contributor_insights=False).metrics)
        rows.append((name, text, _findings_cell(on), _findings_cell(off)))
    return ["scenario", "what it simulates", "findings, Contributor Insights on (share, confidence)", "off"], rows


def _findings_cell(d: Diagnosis) -> str:
    """A diagnosis's findings in a table cell: each row with its scope, share and confidence."""
    if d.symptom == "no throttling":
        return "no throttling (high)"
    parts = []
    for f in d.findings:
        where = f" ({f.scope})" if f.scope else ""
        # a short spike reads when the events fell, not a share of its own beside the cause's (Diagnosis.summary)
        share = "all the events in one window" if f.cause == "short spike" else f"{f.share:.0%}"
        parts.append(f"{f.row}{where}: {share}, {f.confidence}")
    return "; ".join(parts)


def evidence_rows() -> tuple[list[str], list[tuple[str, str, str, str]]]:
    """The scenarios beyond a provisioned table's writes: the evidence ``diagnose`` cites first, and its remedy.

    Returns
    -------
    tuple
        ``(header, rows)`` for :func:`hotpart.markdown_table`, one row per scenario of :data:`hotpart.SCENARIOS`
        that is not in :data:`hotpart.PROVISIONED_WRITE_SCENARIOS`.

    Examples
    --------
    >>> header, rows = evidence_rows()
    >>> [r[0] for r in rows][:2]
    ['GSI read throttling', 'single-key read concentration']
    """
    rows = []
    for name in SCENARIOS:
        if name in PROVISIONED_WRITE_SCENARIOS:
            continue
        d = diagnose(scenario(name).metrics)
        f = d.findings[0]
        rows.append((name, f.evidence[0], _findings_cell(d), f"{f.action[0].upper()}{f.action[1:]} ({f.chapter})"))
    return ["scenario", "first evidence", "findings (share, confidence)", "remedy, with its numbers"], rows


#: The longest surge :func:`on_demand_surge_case` simulates: the throttled time may be at most this, in seconds.
_MAX_SURGE_S = 6 * 3_600


def on_demand_surge_case(previous_peak: float = 3_000.0, surge: float = 20_000.0, n_keys: int = 1_000) -> dict[str, Any]:
    """An on-demand table's surge past double its previous peak, spread over many keys, cold and pre-warmed.

    The surge runs for twice the time the closed form of chapter 11 (:func:`hotpart.on_demand_seconds_to_serve`)
    says it is throttled, on 32 partitions, once with no warm throughput and once pre-warmed to the surge.

    Parameters
    ----------
    previous_peak : float
        The table's previous peak, WCU/s, in ``(0, ON_DEMAND_TABLE_QUOTA_WRU]``.
    surge : float
        The surge, WCU/s, in ``(previous_peak, ON_DEMAND_TABLE_QUOTA_WRU]``; it may be throttled for at most six hours.
    n_keys : int
        Keys sharing the surge evenly, in ``[1, 10_000]``.

    Returns
    -------
    dict
        ``ceiling_now`` (WCU/s served at once), ``closed_form_min`` (minutes throttled by the closed form),
        ``minutes_throttled`` (one-minute data points with write throttle events), ``refused_cold`` and
        ``refused_warm`` (write units refused over the run), ``run_s`` (seconds simulated) and ``diagnosis``
        (:class:`hotpart.Diagnosis` of the cold run).

    Examples
    --------
    >>> case = on_demand_surge_case(3_000.0, 8_000.0, n_keys=100)
    >>> case["minutes_throttled"], case["refused_cold"], case["refused_warm"], case["diagnosis"].symptom
    (30, 3600000.0, 0.0, 'past double the previous peak')
    """
    peak = check_number("previous_peak", previous_peak, low=0, high=ON_DEMAND_TABLE_QUOTA_WRU, low_open=True)
    big = check_number("surge", surge, low=peak, high=ON_DEMAND_TABLE_QUOTA_WRU, low_open=True)
    n = check_integer("n_keys", n_keys, low=1, high=10_000)
    to_serve = float(on_demand_seconds_to_serve(big, peak))
    if to_serve > _MAX_SURGE_S:
        raise ValueError(
            f"surge = {big!r} is not allowed: it would be throttled for {to_serve / 3600:.1f} h; "
            f"must be served within {_MAX_SURGE_S // 3600} h of a previous peak of {peak:g}"
        )
    run_s = max(2 * int(to_serve), 120)
    keys = [f"ITEM#{i:05d}" for i in range(n)]
    runs = {
        warm: simulate(Table(32), [big / n] * n, run_s, keys=keys, mode=OnDemand(previous_peak=peak, warm_throughput=warm))
        for warm in (None, big)
    }
    metrics = cloudwatch(runs[None])
    return {
        "previous_peak": peak,
        "surge": big,
        "run_s": run_s,
        "ceiling_now": float(on_demand_ceiling(peak)),
        "closed_form_min": to_serve / 60,
        "minutes_throttled": int(np.count_nonzero(metrics["WriteThrottleEvents"] > 0)),
        "refused_cold": float(runs[None].throttled.sum()),
        "refused_warm": float(runs[big].throttled.sum()),
        "diagnosis": diagnose(metrics),
    }


@functools.lru_cache(maxsize=1)
def peak_as_key_range_case() -> dict[str, Any]:
    """Growth past double the previous peak, diagnosed as the simulator counts it and as a real export might.

    An on-demand table of 32 partitions and 1,000 evenly used keys runs 10 minutes at 4,000 WCU/s (its previous
    peak) and 10 minutes at 12,000. The simulator counts the refusals in ``WriteThrottleEvents`` only
    (``hp.ASSUMPTIONS["ON_DEMAND_PEAK_REASON_METRIC"]``); a real export may count them as key-range events. The
    same run is diagnosed both ways, the second with and without Contributor Insights.

    Returns
    -------
    dict
        ``previous_peak`` and ``surge`` (WCU/s), ``partitions``, ``minutes`` (data points), ``growth`` (the surge
        over the previous peak) and the diagnoses ``as_simulated``, ``as_key_range`` and ``as_key_range_no_insights``.

    Examples
    --------
    >>> c = peak_as_key_range_case()
    >>> c["as_simulated"].symptom, c["as_key_range"].symptom
    ('past double the previous peak', 'past double the previous peak')
    """
    import dataclasses

    peak, surge, n, part = 4_000.0, 12_000.0, 1_000, 32
    keys = [f"ITEM#{i:05d}" for i in range(n)]
    demand = np.concatenate([np.full((600, n), peak / n), np.full((600, n), surge / n)])
    run = simulate(Table(part), demand, 1_200, keys=keys, mode=OnDemand(previous_peak=peak))
    metrics = cloudwatch(run, top_k=25)
    table = dict(metrics.table)
    table["WriteKeyRangeThroughputThrottleEvents"] = np.asarray(table["WriteThrottleEvents"], dtype=float).copy()
    as_kr = dataclasses.replace(metrics, table=table)
    return {
        "previous_peak": peak,
        "surge": surge,
        "partitions": part,
        "minutes": int(metrics.minutes),
        "growth": surge / peak,
        "as_simulated": diagnose(metrics),
        "as_key_range": diagnose(as_kr),
        "as_key_range_no_insights": diagnose(dataclasses.replace(as_kr, top=None, key_reports={})),
    }


def sparse_index_case(step: float = 0.05) -> dict[str, Any]:
    """The largest share of writes, on a grid of ``step``, that a sparse status index takes without throttling.

    The GSI scenario's OPEN index partition is offered a share ``f`` of its dense demand and serves at most the
    partition ceiling, so it stops throttling below ``f* = PARTITION_MAX_WCU / dense peak``; two runs of
    :func:`hotpart.scenario` (``gsi_fraction``) either side of the grid point confirm it.

    Parameters
    ----------
    step : float
        Grid step of the share, in ``[0.01, 0.5]``.

    Returns
    -------
    dict
        ``f_star`` (the exact share), ``f_max`` (the largest grid point at or below it), ``f_next`` (one step more)
        and the verdicts ``at_max`` and ``at_next`` of :func:`hotpart.diagnose`.

    Examples
    --------
    >>> case = sparse_index_case()
    >>> round(case["f_max"], 2), case["at_max"], case["at_next"]
    (0.65, 'no throttling', 'GSI-only throttling')
    """
    step = check_number("step", step, low=0.01, high=0.5)
    dense = scenario("GSI-only throttling").result.indexes["by-status"]
    f_star = PARTITION_MAX_WCU / float(dense.offered[-1].max())
    f_max = float(np.floor(f_star / step + 1e-9) * step)
    f_next = f_max + step
    verdict = {f: diagnose(scenario("GSI-only throttling", gsi_fraction=min(f, 1.0)).metrics).symptom for f in (f_max, f_next)}
    return {
        "step": step,
        "f_star": f_star,
        "f_max": f_max,
        "f_next": f_next,
        "at_max": verdict[f_max],
        "at_next": verdict[f_next],
    }


def diagnosis_claims(hot_key_wcu: float = 2_500.0, date_partitions: int = 10) -> dict[str, Any]:
    """The numbers behind chapter 15's check of the sources' claims, from the canonical scenarios.

    Parameters
    ----------
    hot_key_wcu : float
        Demand on one key of an eight-partition on-demand table whose previous peak is the per-table quota (so
        that only the partition ceiling can bind), WCU/s, in ``(0, ON_DEMAND_TABLE_QUOTA_WRU]``.
    date_partitions : int
        Partitions of the date-keyed time-series table (``key_design("date")``), in ``[1, 1_000]``.

    Returns
    -------
    dict
        For the short spike: ``spike_minutes_hit`` (one-minute data points with throttling), ``spike_keyrange``
        and ``spike_events`` (key-range and all write throttle events), ``spike_alternatives``. For the
        write-throttled GSI: ``gsi_index``, ``gsi_table`` and ``gsi_requests``; for the read-throttled one,
        ``gsi_read_table_refused`` (write units the table refuses). For the under-provisioned table and the
        low-cardinality key (prefixes ``under_`` and ``low_``): ``exceptions`` (names), ``keyrange`` and
        ``provisioned`` events, ``use`` (peak consumed over provisioned). ``od_hot_served`` (WCU/s the hot key is
        served in the last second), ``date_today`` (today's share of the writes) and ``date_busiest`` (the
        busiest partition's share). ``under_exceptions_text``, ``low_exceptions_text`` and
        ``spike_alternatives_text``: the names joined by commas, for a sentence.

    Examples
    --------
    >>> c = diagnosis_claims()
    >>> c["od_hot_served"], round(c["date_busiest"], 2), c["under_exceptions"]
    (1000.0, 0.9, ('ProvisionedThroughputExceededException',))
    """
    hot = check_number("hot_key_wcu", hot_key_wcu, low=0, high=ON_DEMAND_TABLE_QUOTA_WRU, low_open=True)
    parts = check_integer("date_partitions", date_partitions, low=1, high=1_000)
    spike, gsi = diagnosis_case("short spike"), diagnosis_case("GSI-only throttling")
    out: dict[str, Any] = {
        "spike_minutes_hit": int(np.count_nonzero(spike["events"])),
        "spike_keyrange": float(spike["keyrange"].sum()),
        "spike_events": float(spike["events"].sum()),
        "spike_alternatives": tuple(spike["diagnosis"].alternatives),
        "gsi_index": float(gsi["index"].sum()),
        "gsi_table": float(gsi["events"].sum()),
        "gsi_requests": float(gsi["requests"].sum()),
        "gsi_read_table_refused": float(scenario("GSI read throttling").result.table.throttled.sum()),
    }
    for prefix, name in (("under", "under-provisioned table"), ("low", "low-cardinality key")):
        case = diagnosis_case(name)
        out[f"{prefix}_exceptions"] = tuple(sorted(scenario(name).result.throttled_by_exception()))
        out[f"{prefix}_keyrange"] = float(case["keyrange"].sum())
        out[f"{prefix}_provisioned"] = float(case["provisioned_events"].sum())
        out[f"{prefix}_use"] = float(np.max(case["consumed"] / case["provisioned"]))
    for key in ("under_exceptions", "low_exceptions", "spike_alternatives"):
        out[f"{key}_text"] = ", ".join(out[key])
    od = simulate(Table(8), [10.0] * 7 + [hot], 60, mode=OnDemand(previous_peak=ON_DEMAND_TABLE_QUOTA_WRU))
    out["od_hot_offered"] = hot
    out["od_hot_served"] = float(od.served[-1, 7])
    out["date_today"] = float(key_design("date").today_share)
    out["date_busiest"] = float(partition_load(key_design("date"), parts).max())
    return out


def _clause(text: str) -> str:
    """A row's remedy or pitfall inside a sentence: first letter in lower case, the rest as written."""
    return text[:1].lower() + text[1:]


def verdict_phrases(diagnosis: Diagnosis) -> dict[str, str]:
    """A diagnosis in the words a sentence of the chapter needs: its first finding's row, share and confidence, the
    row's remedy and pitfall and the finding's remedy with its numbers as clauses (first letter in lower case).

    Parameters
    ----------
    diagnosis : Diagnosis
        From :func:`hotpart.diagnose`.

    Returns
    -------
    dict
        ``row`` (the symptom's key), ``where`` (its scope and kind), ``share`` (its share of the throttle events),
        ``confidence``, ``remedy`` and ``pitfall`` (the row's), ``action`` and ``chapter`` (the finding's remedy, with
        its numbers, and the chapter that explains it), ``findings`` (how many causes are material).

    Examples
    --------
    >>> v = verdict_phrases(diagnose(scenario("under-provisioned table").metrics))
    >>> v["row"], v["remedy"][:5]
    ('under-provisioned table', 'raise')
    """
    if not isinstance(diagnosis, Diagnosis):
        raise ValueError(f"diagnosis must be a Diagnosis (from hotpart.diagnose), got {type(diagnosis).__name__}")
    return {
        "row": diagnosis.symptom,
        "where": diagnosis.findings[0].where,
        "share": f"{diagnosis.findings[0].share:.0%}",
        "findings": f"{len(diagnosis.findings)}",
        "action": _clause(diagnosis.findings[0].action),
        "chapter": diagnosis.findings[0].chapter,
        "confidence": diagnosis.confidence,
        "remedy": _clause(diagnosis.remedy),
        "pitfall": _clause(diagnosis.pitfall),
    }


def date_vs_device_case(rate: float = 3_000.0, partitions: int = 10) -> dict[str, float]:
    """Chapter 15's exercise 3: time-series writes keyed by date, against the same writes keyed by device.

    Parameters
    ----------
    rate : float
        The table's writes, WCU/s, in ``(0, 1e9]`` (:data:`hotpart.MAX_SIMULATED_DEMAND`).
    partitions : int
        Partitions the keys are placed on, in ``[1, 1_000]``.

    Returns
    -------
    dict
        ``date_max`` and ``device_max``: the busiest partition's writes under ``key_design("date")`` and
        ``key_design("deviceId")``, WCU/s; ``date_refused``: what the busiest date partition is offered above the
        partition ceiling, WCU/s (0 when under it); ``today_share``: today's key's share of the writes.

    Examples
    --------
    >>> c = date_vs_device_case(3_000.0, 10)
    >>> round(c["date_max"]), round(c["date_refused"])
    (2700, 1700)
    """
    rate = check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    n = check_integer("partitions", partitions, low=1, high=1_000)
    date_max = float(partition_load(key_design("date"), n).max()) * rate
    return {
        "rate": rate,
        "partitions": n,
        "today_share": float(key_design("date").today_share),
        "date_max": date_max,
        "device_max": float(partition_load(key_design("deviceId"), n).max()) * rate,
        "date_refused": max(date_max - PARTITION_MAX_WCU, 0.0),
    }


def shard_count_case(rate: float = 10_000.0) -> dict[str, float]:
    """Chapter 15's exercise 4: random suffixes for one hot key, against dividing by the target per shard.

    Parameters
    ----------
    rate : float
        The hot key's writes, WCU/s, in ``(0, 1e9]``.

    Returns
    -------
    dict
        ``shards``: :func:`hotpart.shards_needed` at its default utilisation; ``naive``: the rate over the
        utilisation times the partition ceiling, rounded up (what the average shard needs); ``more``: ``shards -
        naive``; ``utilization``: the target share of the ceiling per shard
        (:data:`hotpart.SHARD_UTILIZATION`); ``target``: that share of the ceiling, WCU/s; ``bound`` and
        ``bound_fewer``: chapter 5's bound on the busiest shard's writes (:func:`hotpart.busiest_shard_bound`)
        with ``shards`` and with one fewer, WCU/s (``bound_fewer`` is ``inf`` when one shard suffices: there is no
        fewer count).

    Examples
    --------
    >>> c = shard_count_case(10_000.0)
    >>> c["shards"] > c["naive"] == 13, c["bound"] <= c["target"] < c["bound_fewer"]
    (True, True)
    """
    rate = check_number("rate", rate, low=0, high=MAX_SIMULATED_DEMAND, low_open=True)
    shards = int(shards_needed(rate))
    naive = int(np.ceil(rate / (SHARD_UTILIZATION * PARTITION_MAX_WCU) - 1e-12))
    return {
        "rate": rate,
        "utilization": SHARD_UTILIZATION,
        "target": SHARD_UTILIZATION * PARTITION_MAX_WCU,
        "shards": shards,
        "naive": naive,
        "more": shards - naive,
        "bound": float(busiest_shard_bound(rate, shards)),
        "bound_fewer": float(busiest_shard_bound(rate, shards - 1)) if shards > 1 else float("inf"),
    }


def hot_counter_case(key: str = "COUNTER#2026-11-30") -> dict[str, float]:
    """Chapter 15's exercise 5: one key of the single-key write scenario, offered and served on average.

    Parameters
    ----------
    key : str
        A key of ``scenario("single-key write concentration")``.

    Returns
    -------
    dict
        ``offered`` and ``served``: the key's mean WCU/s over the run; ``neighbours``: the mean WCU/s the other
        keys on its partition are offered; ``proportional``: what the key is served if its partition's ceiling is
        shared in proportion to what each key is offered, WCU/s; ``table_wcu``: the table's provisioned
        WCU/s; ``partitions``; ``peak_use``: the highest one-minute consumed capacity over provisioned.

    Examples
    --------
    >>> c = hot_counter_case()
    >>> c["served"] <= PARTITION_MAX_WCU < c["offered"], round(c["served"]) == round(c["proportional"])
    (True, True)
    """
    single = scenario("single-key write concentration")
    res = single.result
    if key not in res.keys:
        raise ValueError(f"key = {key!r} is not allowed: must be one of the scenario's keys, such as {res.keys[0]!r}")
    k = res.keys.index(key)
    m = single.metrics
    table_wcu = float(m["ProvisionedWriteCapacityUnits"][0])
    placed = partition_of(list(res.keys), res.partitions)
    mates = [j for j in range(len(res.keys)) if placed[j] == placed[k] and j != k]
    offered = float(res.key_offered[:, k].sum()) / res.seconds
    neighbours = float(res.key_offered[:, mates].sum()) / res.seconds if mates else 0.0
    return {
        "neighbours": neighbours,
        "proportional": offered * min(1.0, PARTITION_MAX_WCU / (offered + neighbours)),
        "offered": offered,
        "served": float((res.key_offered[:, k] - res.key_throttled[:, k]).sum()) / res.seconds,
        "table_wcu": table_wcu,
        "partitions": res.partitions,
        "peak_use": float(m.per_second("ConsumedWriteCapacityUnits").max()) / table_wcu,
    }


def gsi_read_case() -> dict[str, Any]:
    """Chapter 15's exercise 7: the index that throttles only on reads, as CloudWatch and ``diagnose`` see it.

    Returns
    -------
    dict
        ``index_read_events`` and ``index_write_events``: the index's read and write throttle events over the
        run; ``requests``: the table's ``ThrottledRequests``; ``throttled_queries``: queries on the index the
        simulation refused; ``table_refused``: write units the table refused; ``diagnosis``.

    Examples
    --------
    >>> c = gsi_read_case()
    >>> c["index_write_events"], c["table_refused"], c["diagnosis"].symptom
    (0.0, 0.0, 'GSI read throttling')
    """
    s = scenario("GSI read throttling")
    idx = s.metrics.indexes["by-status"]
    return {
        "index_read_events": float(idx["ReadThrottleEvents"].sum()),
        "index_write_events": float(idx["WriteThrottleEvents"].sum()),
        "requests": float(s.metrics["ThrottledRequests"].sum()),
        "throttled_queries": float(s.result.index_reads["by-status"].throttled.sum()),
        "table_refused": float(s.result.table.throttled.sum()),
        "diagnosis": diagnose(s.metrics),
    }
