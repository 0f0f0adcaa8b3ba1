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
from ..models import BATCH_WRITE_MAX_ITEMS, PROVISIONED_WRITE_SCENARIOS, REMEDIES, Diagnosis, Metrics, diagnose, scenario
from .metrics import plot_consumed, plot_event_metrics

__all__ = [
    "SCENARIO_NAMES",
    "diagnosis_case",
    "plot_diagnosis_metrics",
    "plot_fingerprints",
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


def _codes(names: tuple[str, ...]) -> str:
    return ", ".join(f"{i} {n}" for i, n in enumerate(names))


@functools.lru_cache(maxsize=256)
def diagnosis_case(
    name: str, contributor_insights: bool = True, batch_size: int = 1, minutes: int = 10, gsi_fraction: float = 1.0
) -> Data:
    """A scenario's per-minute metrics, drawn-ready, and its diagnosis.

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
    ax.set_xticks(x, [f"{c['name']}\n-> rule {c['diagnosis'].rule}" for c in cases], fontsize=7)
    ax.set_ylim(*EVENTS_YLIM)
    log_axis(ax, "y")
    finish_axes(ax, title, "scenario (and the rule that decided)", "count over the run (log scale)", loc="upper right")


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


def _caption(data: Data) -> str:
    d: Diagnosis = data["diagnosis"]
    ci = "on" if data["contributor_insights"] else "off"
    alt = f" Not ruled out: {', '.join(d.alternatives)}." if d.alternatives else ""
    match = "as expected" if d.symptom == data["expected"] else f"the scenario expects {data['expected']}"
    return (
        f"Scenario: {data['name']} (Contributor Insights {ci}). Diagnosis, rule {d.rule} ({match}): "
        f"{REMEDIES[d.symptom].symptom}. Remedy: {d.remedy}. Pitfall: {d.pitfall}. "
        f"Confidence {d.confidence}: {d.why}. Evidence: {'; '.join(d.evidence)}.{alt}"
    )


register(
    Explorable(
        name="symptom_to_remedy",
        title="From symptom to remedy: a scenario's metrics and what diagnose reads from them",
        controls=(
            Control("scenario", f"scenario ({_codes(SCENARIO_NAMES)})", 0, len(SCENARIO_NAMES) - 1, 0, integer=True),
            Control("insights", "Contributor Insights (0 off, 1 on)", 0, 1, 1, integer=True),
            Control("batch_size", "items per request (batch size)", 1, BATCH_WRITE_MAX_ITEMS, 1, integer=True, unit="items"),
            Control("minutes", "minutes of metrics", 5, 60, 10, step=5, integer=True, unit="min"),
            Control("gsi_share", "GSI scenario: share of writes carrying the index key", 0, 1, 1, step=0.1),
        ),
        compute=_compute,
        plot=_plot,
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
