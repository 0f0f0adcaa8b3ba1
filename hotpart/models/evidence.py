"""One evidence model over every scope: the table and each index, reads and writes apart.

Chapter 15 (``notebooks/15_diagnosis.ipynb``) teaches it; chapter 16 reads real tables' exports through it.
:func:`gather_evidence` turns a :class:`hotpart.Metrics` (a simulation's, from :func:`hotpart.cloudwatch`, or a
real table's, from :func:`hotpart.read_metric_data`) into an :class:`Evidence`: one :class:`ScopeEvidence` per
scope and kind, the table's writes, the table's reads, each index's writes and reads, each with the same metrics
(consumed and provisioned capacity, the throttle events and each of AWS's reason metrics) and the same Contributor
Insights reports (:class:`hotpart.KeyReport`), plus what only some scopes have: an index's backfill
(``OnlineIndex*``) and the table's ``ThrottledRequests``. AWS throttles reads and writes independently and gives
every throttled request a reason with its own metric (``hp.SOURCES["EVERY_REASON_HAS_A_METRIC"]``), so each
scope's throttle events are attributed to reasons by :mod:`hotpart.models.findings`, never added across kinds.

A metric that was not exported is unknown, never zero: each scope keeps which of its metrics the export carried.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from .metrics import KeyReport, Metrics

__all__ = ["REASON_METRICS", "Backfill", "Evidence", "ScopeEvidence", "gather_evidence"]

#: AWS's four families of throttling reasons, by the stem of their metric (``Read``/``Write`` + stem):
#: TroubleshootingThrottling.html ("Each reason for throttling corresponds to specific CloudWatch metrics").
REASON_METRICS: Final[dict[str, str]] = {
    "KeyRangeThroughputThrottleEvents": "key range (a partition's limit)",
    "ProvisionedThroughputThrottleEvents": "provisioned throughput",
    "AccountLimitThrottleEvents": "the per-table account quota",
    "MaxOnDemandThroughputThrottleEvents": "the maximum on-demand throughput",
}
_KINDS = ("Read", "Write")


@dataclass(frozen=True)
class ScopeEvidence:
    """One scope (the table or one index) and one kind (reads or writes): its metrics, minute by minute.

    Attributes
    ----------
    scope : str
        ``""`` for the table, else the index's name.
    kind : {"Read", "Write"}
        The capacity the metrics count.
    events : numpy.ndarray
        ``<kind>ThrottleEvents`` per minute (zeros when not exported).
    events_exported : bool
        Whether ``<kind>ThrottleEvents`` was exported.
    reasons : dict of str to numpy.ndarray
        The reason metrics that were exported, by stem (:data:`REASON_METRICS`), per minute.
    consumed : numpy.ndarray or None
        ``Consumed<kind>CapacityUnits`` per minute (units in the minute), ``None`` when not exported.
    provisioned : numpy.ndarray or None
        The provisioned level, units per second, per minute: the metric, else the table description's; ``None`` on
        an on-demand scope or when neither says.
    provisioned_from : str
        Where the level came from, in words (``""`` when there is none).
    maximum, warm : float or None
        An on-demand maximum throughput and the warm throughput, units per second, from the description.
    """

    scope: str
    kind: str
    events: NDArray[np.float64]
    events_exported: bool
    reasons: dict[str, NDArray[np.float64]]
    consumed: NDArray[np.float64] | None = None
    provisioned: NDArray[np.float64] | None = None
    provisioned_from: str = ""
    maximum: float | None = None
    warm: float | None = None

    @property
    def name(self) -> str:
        """The scope and kind in words: ``the table's writes``, ``the reads of index 'status-index'``."""
        kind = self.kind.lower()
        return f"the table's {kind}s" if not self.scope else f"the {kind}s of index {self.scope!r}"

    @property
    def where(self) -> str:
        """The scope in words: ``the table`` or ``index 'status-index'``."""
        return "the table" if not self.scope else f"index {self.scope!r}"

    def metric(self, stem: str) -> str:
        """The CloudWatch name of one of this scope's metrics, with its index (``status-index WriteThrottleEvents``)."""
        name = f"{self.kind}{stem}" if stem[0] != "C" else f"Consumed{self.kind}CapacityUnits"
        return f"{self.scope} {name}" if self.scope else name

    @property
    def missing_reasons(self) -> tuple[str, ...]:
        """The reason stems that were not exported."""
        return tuple(stem for stem in REASON_METRICS if stem not in self.reasons)


@dataclass(frozen=True)
class Backfill:
    """An index being built: its ``OnlineIndex*`` series and what the description says of it.

    Attributes
    ----------
    index : str
        The index's name.
    throttle_events : numpy.ndarray
        ``OnlineIndexThrottleEvents`` per minute (zeros when not exported or without data).
    consumed : numpy.ndarray or None
        ``OnlineIndexConsumedWriteCapacity`` per minute.
    progress : numpy.ndarray or None
        ``OnlineIndexPercentageProgress`` per minute (a level).
    status : str or None
        ``IndexStatus`` from the description, when given; ``backfilling`` its ``Backfilling``.
    """

    index: str
    throttle_events: NDArray[np.float64]
    consumed: NDArray[np.float64] | None = None
    progress: NDArray[np.float64] | None = None
    status: str | None = None
    backfilling: bool | None = None

    @property
    def being_built(self) -> bool:
        """Whether anything says the index is being built: its ``OnlineIndex*`` series carry data, or the
        description says ``CREATING`` or ``Backfilling``."""
        data = float(self.throttle_events.sum()) > 0 or (self.consumed is not None and float(self.consumed.sum()) > 0)
        return data or self.status == "CREATING" or bool(self.backfilling)


@dataclass(frozen=True)
class Evidence:
    """What a table's metrics say, scope by scope: the input of :func:`hotpart.find_causes`.

    Attributes
    ----------
    minutes : int
        One-minute data points.
    seconds : numpy.ndarray
        Seconds each data point covers (60, except perhaps the last of a simulation).
    scopes : tuple of ScopeEvidence
        The table's writes and reads, then each index's, for the kinds the metrics carry.
    backfills : dict of str to Backfill
        Indexes with ``OnlineIndex*`` series or described as being built.
    requests : numpy.ndarray
        The table's ``ThrottledRequests`` per minute (zeros when not exported); ``requests_exported`` says whether.
    key_reports : dict of str to KeyReport
        Contributor Insights per scope (``""`` for the table).
    mode, mode_from : str or None, str
        The capacity mode (``"provisioned"``, ``"on-demand"`` or ``None``) and how it was read.
    exported : frozenset of str or None
        The metrics the export carried (``IndexName MetricName`` for an index); ``None`` for a simulation, which
        has every metric.
    indexes : tuple of str
        Every index the export or the description names.
    gaps : numpy.ndarray of bool
        Minutes no export covers.
    batch_size, item_units : int, float
        Items per request and units per item (``ThrottledRequests`` and throttle events are counts of them).
    description : object or None
        The :class:`hotpart.TableDescription`, when given.
    """

    minutes: int
    seconds: NDArray[np.float64]
    scopes: tuple[ScopeEvidence, ...]
    backfills: dict[str, Backfill]
    requests: NDArray[np.float64]
    requests_exported: bool
    key_reports: dict[str, KeyReport]
    mode: str | None
    mode_from: str
    exported: frozenset[str] | None
    indexes: tuple[str, ...]
    gaps: NDArray[np.bool_]
    batch_size: int = 1
    item_units: float = 1.0
    description: Any = None
    notes: tuple[str, ...] = field(default_factory=tuple)

    def has(self, name: str, index: str = "") -> bool:
        """Whether the export carried metric ``name`` (of ``index``); a simulation carries every metric."""
        return self.exported is None or (f"{index} {name}" if index else name) in self.exported

    def scope(self, scope: str, kind: str) -> ScopeEvidence | None:
        """The evidence of one scope and kind, or ``None``."""
        return next((s for s in self.scopes if s.scope == scope and s.kind == kind), None)

    def hit(self) -> NDArray[np.bool_]:
        """Minutes with any throttling: a throttle event of any scope and kind, a backfill's, or a throttled request."""
        total = self.requests.copy()
        for s in self.scopes:
            total = total + s.events
        for b in self.backfills.values():
            total = total + b.throttle_events
        return total > 0

    def total_events(self) -> float:
        """Throttle events over the run, every scope and kind and every backfill: the share's denominator."""
        return float(sum(s.events.sum() for s in self.scopes) + sum(b.throttle_events.sum() for b in self.backfills.values()))


def _mode(metrics: Metrics) -> tuple[str | None, str]:
    mode = getattr(metrics, "capacity_mode", None)
    if mode is not None:
        return mode
    if any(n.startswith("Provisioned") for n in metrics.table):
        return "provisioned", "Provisioned*CapacityUnits is there"
    return "on-demand", "no Provisioned*CapacityUnits metric"


def _description_level(desc: Any, scope: str, kind: str) -> tuple[float | None, float | None, float | None]:
    """A scope's provisioned level, on-demand maximum and warm throughput from the table description."""
    if desc is None:
        return None, None, None
    if scope:
        gi = desc.index(scope)
        if gi is None:
            return None, None, None
        units = gi.read_units if kind == "Read" else gi.write_units
        maximum = gi.max_read_units if kind == "Read" else gi.max_write_units
        return (units if desc.mode == "provisioned" and units > 0 else None), maximum, None
    units = desc.read_units if kind == "Read" else desc.write_units
    maximum = desc.max_read_units if kind == "Read" else desc.max_write_units
    warm = desc.warm_read_per_s if kind == "Read" else desc.warm_write_per_s
    return (units if desc.mode == "provisioned" and units > 0 else None), maximum, warm


def _gaps(metrics: Metrics, n: int) -> NDArray[np.bool_]:
    gaps = getattr(metrics, "gaps", None)
    if gaps is None or len(gaps) != n:
        return np.zeros(n, dtype=bool)
    return np.asarray(gaps, dtype=bool)


def gather_evidence(metrics: Metrics) -> Evidence:
    """Every scope's evidence: the table's and each index's metrics, reads and writes apart.

    Parameters
    ----------
    metrics : Metrics
        From :func:`hotpart.cloudwatch` or :func:`hotpart.read_metric_data`.

    Returns
    -------
    Evidence

    Examples
    --------
    >>> from hotpart import scenario
    >>> ev = gather_evidence(scenario("GSI-only throttling").metrics)
    >>> [s.name for s in ev.scopes]
    ["the table's writes", "the writes of index 'by-status'"]
    >>> float(ev.scope("by-status", "Write").reasons["KeyRangeThroughputThrottleEvents"].sum()) > 0
    True
    """
    if not isinstance(metrics, Metrics):
        raise ValueError(f"metrics = {metrics!r} is not a Metrics (use hotpart.cloudwatch or hotpart.read_metric_data)")
    n = metrics.minutes
    exported = getattr(metrics, "exported", None)
    desc = getattr(metrics, "description", None)

    def has(name: str, scope: str) -> bool:
        return exported is None or (f"{scope} {name}" if scope else name) in exported

    scopes = []
    parts = [("", metrics.table), *metrics.indexes.items()]
    known = {name for name in metrics.indexes} | set(getattr(metrics, "online", {}) or {})
    # an index the export names whose every metric came with no data point (nothing throttled) is still an index
    known |= {label.split()[0] for label in exported or () if " " in label}  # "IndexName MetricName"
    if desc is not None:
        known |= {i.name for i in desc.indexes}
    for scope in sorted(known - set(metrics.indexes)):
        parts.append((scope, {}))
    for scope, m in parts:
        for k in _KINDS:
            names = [f"Consumed{k}CapacityUnits", f"Provisioned{k}CapacityUnits", f"{k}ThrottleEvents"]
            names += [f"{k}{stem}" for stem in REASON_METRICS]
            if not any(has(x, scope) for x in names) or (exported is None and f"{k}ThrottleEvents" not in m):
                continue
            level, maximum, warm = _description_level(desc, scope, k)
            prov = m.get(f"Provisioned{k}CapacityUnits")
            source = "the metric" if prov is not None else "the table description" if level is not None else ""
            if prov is None and level is not None:
                prov = np.full(n, float(level))
            reasons = {
                stem: np.asarray(m.get(f"{k}{stem}", np.zeros(n)), dtype=float)
                for stem in REASON_METRICS
                if has(f"{k}{stem}", scope)
            }
            events = np.asarray(m.get(f"{k}ThrottleEvents", np.zeros(n)), dtype=float)
            if not has(f"{k}ThrottleEvents", scope) and reasons:
                # every throttle event carries one reason: without <kind>ThrottleEvents, the reasons exported add up
                # to a lower bound of it (never zero events beside reason counts)
                events = np.sum(list(reasons.values()), axis=0)
            scopes.append(
                ScopeEvidence(
                    scope,
                    k,
                    events,
                    has(f"{k}ThrottleEvents", scope),
                    reasons,
                    np.asarray(m[f"Consumed{k}CapacityUnits"], dtype=float)
                    if f"Consumed{k}CapacityUnits" in m
                    else np.zeros(n)  # exported with no data point: nothing consumed
                    if exported is not None and has(f"Consumed{k}CapacityUnits", scope)
                    else None,
                    None if prov is None else np.asarray(prov, dtype=float),
                    source,
                    maximum,
                    warm,
                )
            )
    backfills = {}
    online = getattr(metrics, "online", None) or {}
    for index in sorted(known):
        om = online.get(index, {})
        gi = desc.index(index) if desc is not None else None
        if not om and (gi is None or (gi.status != "CREATING" and not gi.backfilling)):
            continue
        backfills[index] = Backfill(
            index,
            np.asarray(om.get("OnlineIndexThrottleEvents", np.zeros(n)), dtype=float),
            om.get("OnlineIndexConsumedWriteCapacity"),
            om.get("OnlineIndexPercentageProgress"),
            gi.status if gi is not None else None,
            gi.backfilling if gi is not None else None,
        )
    mode, mode_from = _mode(metrics)
    reports = dict(getattr(metrics, "key_reports", {}) or {})
    if "" not in reports and metrics.top is not None:
        reports[""] = KeyReport(tuple(metrics.top))
    return Evidence(
        minutes=n,
        seconds=metrics.seconds_in_minute(),
        scopes=tuple(scopes),
        backfills=backfills,
        requests=np.asarray(metrics.table.get("ThrottledRequests", np.zeros(n)), dtype=float),
        requests_exported=has("ThrottledRequests", ""),
        key_reports=reports,
        mode=mode,
        mode_from=mode_from,
        exported=exported,
        indexes=tuple(sorted(known)),
        gaps=_gaps(metrics, n),
        batch_size=metrics.batch_size,
        item_units=metrics.item_units,
        description=desc,
    )
