"""One table's exports read together into the metrics the diagnosis reads.

Chapter 16 (``notebooks/16_your_table.ipynb``) is built on this module. :func:`read_metric_data` reads what
``aws cloudwatch get-metric-data`` prints (one export, or several of one table read together) with the reader of
:mod:`hotpart.models.metric_data`, the table's description with :func:`hotpart.read_table_description`, and each
scope's Contributor Insights reports with :func:`hotpart.read_key_report`, into an :class:`ObservedMetrics`: a
:class:`hotpart.Metrics`, the object :func:`hotpart.cloudwatch` builds from a simulation, so
:func:`hotpart.diagnose` runs on a real table unchanged. It also keeps what a simulation has no need of: which
metrics were exported (a metric not exported is unknown, never zero), the notes on what the reader noticed, the
minutes no export covers, the description. :mod:`hotpart.models.exports` goes the other way: a simulation written
as the files a reader would export, so a round trip (simulate, export, import) gives the same metrics.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ._validation import check_count, check_divisor, check_integer, check_number
from .constants import PERIOD_S
from .metric_data import (
    _KINDS,
    _MAX_MINUTES,
    _MAX_PERIOD_S,
    ExportError,
    _coverage,
    _grid,
    _is_level,
    _iso,
    _load,
    _merge,
    _read_results,
    _windows,
)
from .metrics import KeyReport, Metrics
from .table_description import TableDescription, read_table_description

__all__ = ["ObservedMetrics", "read_metric_data"]


@dataclass(frozen=True, repr=False)
class ObservedMetrics(Metrics):
    """A :class:`hotpart.Metrics` read from a real table's exports, with what the reader noticed.

    Attributes
    ----------
    table_name : str
        The ``TableName`` dimension ("" when the metric identity came from labels only).
    start : int
        The first data point's time, seconds since the epoch (UTC).
    period_s : int
        The exports' period, seconds (60 or a multiple of it).
    notes : tuple of str
        Gaps, partial data, spread periods, estimates: said once each.
    exported, no_data : frozenset of str
        The metrics the exports carry (``IndexName MetricName`` for an index), and those exported with no data point.
    online : dict of str to dict of str to numpy.ndarray
        Each index's ``OnlineIndex*`` series (an index being built), per minute.
    description : TableDescription or None
        The table description, when given.
    gaps : numpy.ndarray of bool
        Minutes no export covers (between two exports read together): no data, not zero traffic.
    files : tuple of str
        The exports read, in order.

    Examples
    --------
    Built by :func:`read_metric_data` (not by hand): the metrics of two one-minute data points.

    >>> m = read_metric_data({"MetricDataResults": [{"Id": "m0", "Label": "WriteThrottleEvents",
    ...     "Timestamps": [1_800_000_000, 1_800_000_060], "Values": [0.0, 5.0]}]})
    >>> m.minutes, m.start, m.period_s, m.notes
    (2, 1800000000, 60, ())
    """

    table_name: str = ""
    start: int = 0
    period_s: int = PERIOD_S
    notes: tuple[str, ...] = field(default_factory=tuple)
    exported: frozenset[str] = field(default_factory=frozenset)
    no_data: frozenset[str] = field(default_factory=frozenset)
    online: dict[str, dict[str, NDArray[np.float64]]] = field(default_factory=dict)
    description: TableDescription | None = None
    gaps: NDArray[np.bool_] = field(default_factory=lambda: np.zeros(0, dtype=bool))
    files: tuple[str, ...] = ()

    @property
    def insights_exported(self) -> tuple[bool, bool]:
        """Whether the table's most-accessed and most-throttled Contributor Insights reports are there."""
        r = self.key_reports.get("")
        return (r.accessed, r.throttled) if r is not None else (False, False)

    def has(self, name: str, index: str | None = None) -> bool:
        """Whether the export carries metric ``name`` (of ``index``): exported, with or without data points.

        A metric that was not exported is unknown, never zero. Examples: see :func:`read_metric_data`.
        """
        return (f"{index} {name}" if index else name) in self.exported

    @property
    def capacity_mode(self) -> tuple[str | None, str]:
        """(``"provisioned"``, ``"on-demand"`` or ``None``, how it was read).

        From the table description when one was given; else from the provisioned-capacity metrics: data points
        mean provisioned mode, exported with no data points means on-demand (CloudWatch has no provisioned level
        for an on-demand table); else unknown.
        """
        if self.description is not None:
            return self.description.mode, f"the table description ({self.description.mode_from})"
        if any(n.startswith("Provisioned") for n in self.table):
            return "provisioned", "Provisioned*CapacityUnits has data points"
        if any(n.startswith("Provisioned") for n in self.no_data if " " not in n):
            return "on-demand", "Provisioned*CapacityUnits was exported and has no data points"
        return None, "neither a table description nor Provisioned*CapacityUnits was exported"

    def timestamp(self, minute: int) -> str:
        """The ISO 8601 time (UTC) of a one-minute data point.

        Parameters
        ----------
        minute : int
            The data point's index, in ``[0, minutes - 1]`` (``minutes`` of these metrics).

        Returns
        -------
        str
            Its time, ISO 8601 with the UTC offset.

        Examples
        --------
        >>> m = read_metric_data({"MetricDataResults": [{"Id": "m0", "Label": "WriteThrottleEvents",
        ...     "Timestamps": ["2026-11-30T09:00:00Z", "2026-11-30T09:01:00Z"], "Values": [0.0, 5.0]}]})
        >>> m.timestamp(1)
        '2026-11-30T09:01:00+00:00'
        """
        i = check_count("minute", minute, low=0, high=max(self.minutes - 1, 0))
        return _iso(self.start + PERIOD_S * i)


def read_metric_data(
    results: Any,
    queries: Any = None,
    *,
    insights: Any = None,
    throttled_keys: Any = None,
    table: str | None = None,
    period: int | None = None,
    insights_period: int | None = None,
    batch_size: int = 1,
    item_units: float = 1.0,
    description: Any = None,
) -> ObservedMetrics:
    """Read ``aws cloudwatch get-metric-data`` output into the course's :class:`hotpart.Metrics`.

    Parameters
    ----------
    results : dict, list or path, or a list of them
        The ``GetMetricData`` response (``{"MetricDataResults": [...]}``), its
        list of results, the output of ``aws cloudwatch get-metric-statistics``
        for one metric (``Label``, ``Datapoints``), or the path of a JSON file
        holding one of these; or a list of paths: one per metric (as get-metric-statistics writes them), or several
        exports of one table (consecutive or overlapping windows), read together: each metric's data points are
        de-duplicated by timestamp, a window between two exports that neither covers is said as a gap, and a metric
        exported at two different periods is refused by name.
    queries : dict, list or path, or a list of paths, optional
        The ``--metric-data-queries`` input (a list of ``MetricDataQuery``, or
        ``{"MetricDataQueries": [...]}``), matched to the results by ``Id``; one file for every export, or one per
        export in the same order. Without it, the identity comes from each result's ``Label``. Metrics the
        results do not carry are *not exported*: unknown to the diagnosis, never zero.
    insights, throttled_keys : dict, path, list or dict of them, optional
        Contributor Insights reports (``get-insight-rule-report``) of the most-accessed (``PKC``) and the
        most-throttled (``PKT``) keys rules, read with :func:`hotpart.read_key_report` on the metrics' minutes. One
        report is the table's unless its rule name (the document's ``RuleName``, or the file's name) names an index;
        a list is read the same way, report by report; a dict maps a scope (``""`` for the table, else the index's
        name) to its report.
    table : str, optional
        The ``TableName`` to read when the queries name several tables.
    period : int, optional
        The period, seconds, of the results that no query describes: a multiple of 60 in ``[60, 86_400]`` (at most a
        day, a limit of the reader); 60 if omitted (a gap is then missing data, not a longer period).
    insights_period : int, optional
        The Contributor Insights reports' period, seconds (a multiple of 60 up to 3,600); read from the reports'
        spacing if omitted.
    batch_size : int
        Items per request, in ``[1, 100]`` (CloudWatch does not say).
    item_units : float
        Capacity units per item, ``> 0``; throttle events are items. So small that a minute's consumed units over it
        overflow (a subnormal) is refused by name.
    description : dict or path, optional
        ``aws dynamodb describe-table`` output (:func:`hotpart.read_table_description`): the billing mode,
        capacities and indexes.

    Returns
    -------
    ObservedMetrics
        A :class:`hotpart.Metrics` with ``notes``; ``requests`` is the
        ``SampleCount`` of the consumed capacity (requests that consumed
        capacity) plus ``ThrottledRequests`` when the queries ask for it, else
        estimated as (consumed units / ``item_units`` + throttle events) / ``batch_size``.

    Examples
    --------
    >>> results = {"MetricDataResults": [
    ...     {"Id": "m0", "Label": "WriteThrottleEvents", "StatusCode": "Complete",
    ...      "Timestamps": ["2026-11-30T09:01:00Z", "2026-11-30T09:00:00Z"], "Values": [5.0, 0.0]},
    ...     {"Id": "m1", "Label": "ConsumedWriteCapacityUnits", "StatusCode": "Complete",
    ...      "Timestamps": ["2026-11-30T09:01:00Z", "2026-11-30T09:00:00Z"], "Values": [6000.0, 6000.0]}]}
    >>> m = read_metric_data(results)
    >>> m.minutes, m["WriteThrottleEvents"].tolist(), m.timestamp(0)
    (2, [0.0, 5.0], '2026-11-30T09:00:00+00:00')
    >>> sorted(m.exported)
    ['ConsumedWriteCapacityUnits', 'WriteThrottleEvents']
    """
    b = check_integer("batch_size", batch_size, low=1, high=100)
    u = check_number("item_units", item_units, low=0, high=math.inf, low_open=True, high_open=True)
    default_period = PERIOD_S
    if period is not None:
        default_period = check_integer("period", period, low=PERIOD_S, high=_MAX_PERIOD_S)
        if default_period % PERIOD_S:
            raise ValueError(f"period = {period!r} is not a whole number of minutes: must be a multiple of {PERIOD_S} s")
    if insights_period is not None:
        ip = check_integer("insights_period", insights_period, low=PERIOD_S, high=3_600)
        if ip % PERIOD_S:
            raise ValueError(
                f"insights_period = {insights_period!r} is not a whole number of minutes: must be a multiple of {PERIOD_S} s"
            )
    docs = (
        list(results)
        if isinstance(results, (list, tuple)) and results and all(isinstance(x, (str, Path)) for x in results)
        else [results]
    )
    notes: list[str] = []
    series, tables, first_file = _read_results(docs, queries, table, notes)
    files = list(dict.fromkeys(s.file for s in series))
    windows = _windows(series, default_period)
    series = _merge(series, default_period, notes)
    all_times = [s.times for s in series if s.times.size]
    if not all_times:
        raise ExportError(first_file, "MetricDataResults[*].Timestamps", "at least one data point")
    start = int(min(int(t.min()) for t in all_times))
    for s in series:
        off = s.times[(s.times - start) % PERIOD_S != 0]
        if off.size:
            raise ExportError(s.file, s.where + "Timestamps", f"times on one grid of {PERIOD_S} s", _iso(int(off[0])))
    periods = {id(s): (s.period if s.period is not None else default_period) for s in series}
    sums = [s for s in series if not _is_level(s.name)]
    ends = [int(s.times.max()) + periods[id(s)] for s in sums if s.times.size]
    ends += [int(s.times.max()) + PERIOD_S for s in series if s.times.size]
    n = (max(ends) - start) // PERIOD_S
    if n > _MAX_MINUTES:
        raise ExportError(first_file, "Timestamps", f"at most {_MAX_MINUTES:,} minutes from the first to the last", n)
    gaps = _coverage(windows, start, n)
    if gaps.any():
        runs = np.flatnonzero(np.diff(np.concatenate([[0], gaps.astype(int), [0]])))
        spans = [
            f"{_iso(start + PERIOD_S * int(a))} to {_iso(start + PERIOD_S * int(z))}"
            for a, z in zip(runs[::2], runs[1::2], strict=True)
        ]
        notes.append(
            f"no export covers {int(gaps.sum())} minutes between the exports ({'; '.join(spans)}): a gap, no data, "
            "not zero traffic"
        )
    sum_periods = sorted({periods[id(s)] for s in sums if s.times.size}) or [PERIOD_S]
    for p in sorted({periods[id(s)] for s in sums if s.times.size and periods[id(s)] > PERIOD_S}):
        notes.append(f"period {p} s: each Sum is spread evenly over its {p // PERIOD_S} minutes")
    tab, idx, online, exported, no_data, sample_counts = _grid(series, periods, start, n, gaps, notes)
    kinds = {k.lower() for k in _KINDS for name in [*tab, *(x for m in idx.values() for x in m)] if k in name}
    requests = np.zeros(n)
    consumed = max(
        (float(tab[f"Consumed{k}CapacityUnits"].max(initial=0.0)) for k in _KINDS if f"Consumed{k}CapacityUnits" in tab),
        default=0.0,
    )
    check_divisor("item_units", u, consumed, f"the {consumed:g} consumed units of a minute / item_units, its items")
    for k in _KINDS:
        requests = requests + tab.get(f"Consumed{k}CapacityUnits", np.zeros(n)) / u + tab.get(f"{k}ThrottleEvents", np.zeros(n))
    requests = requests / b
    if sample_counts.any():
        requests = sample_counts + tab.get("ThrottledRequests", np.zeros(n))
        notes.append("requests per minute: SampleCount of the consumed capacity (requests served) plus ThrottledRequests")
    desc = None
    if description is not None:
        desc = description if isinstance(description, TableDescription) else read_table_description(description)
    tname = (tables - {""}).pop() if tables - {""} else ""
    if desc is not None and tname and desc.name and desc.name != tname:
        raise ExportError(desc.file, "Table.TableName", f"the table the metrics are for ({tname!r})", desc.name)
    name = tname or (desc.name if desc is not None else "") or (table or "")
    index_names = sorted(set(idx) | set(online) | ({i.name for i in desc.indexes} if desc is not None else set()))
    reports = _key_reports(insights, throttled_keys, name, index_names, start, n, insights_period)
    return ObservedMetrics(
        kind=kinds.pop() if len(kinds) == 1 else "both" if kinds else "write",
        seconds=n * PERIOD_S,
        batch_size=b,
        item_units=u,
        table=tab,
        indexes=idx,
        requests=requests,
        top=reports[""].top if "" in reports else None,
        key_reports=reports,
        table_name=name,
        start=start,
        period_s=sum_periods[0],
        notes=tuple(notes),
        exported=frozenset(exported),
        no_data=frozenset(no_data),
        online=online,
        description=desc,
        gaps=gaps,
        files=tuple(files),
    )


def _scoped(reports: Any, kind: str, table: str, indexes: list[str]) -> dict[str, Any]:
    """Reports of one kind by scope: each report's scope given with it (``(scope, report)``, or a dict of scope to
    report) or read from its rule name (the document's ``RuleName``, or the file's name), the table's when neither
    says. A scope given is checked against the rule name as one read from it is (a dict was once taken unchecked: a
    table's report given as an index's was read as the index's)."""
    if reports is None:
        return {}
    if isinstance(reports, dict) and "Contributors" not in reports and "KeyLabels" not in reports:
        items: list[Any] = list(reports.items())
    else:
        items = list(reports) if isinstance(reports, (list, tuple)) and not _is_pair(reports) else [reports]
    from .insight_reports import _rule_of, insight_rule_scope

    out: dict[str, Any] = {}
    for item in items:
        given, rep = item if _is_pair(item) else (None, item)
        data, file = _load(rep, "report")
        rule = _rule_of(data, file) if isinstance(data, dict) else ""
        read = insight_rule_scope(rule, table, indexes) if rule else None
        scope = given if given is not None else read[1] if read else ""
        if read and given is not None and read[1] != given:
            raise ExportError(file, "RuleName", f"a report of {given or 'the table'} (as given)", rule)
        if scope and scope not in indexes:
            known = ", ".join(indexes) or "none exported"
            raise ExportError(
                file, "RuleName" if rule else "(file)", f"a report of the table or of one of its indexes ({known})", scope
            )
        if scope in out:
            where = f"index {scope!r}" if scope else "the table"
            raise ExportError(file, "RuleName" if rule else "(file)", f"one {kind} report for {where}", "a second one")
        out[scope] = rep
    return out


def _is_pair(x: Any) -> bool:
    """A report given with its scope: ``(scope, report)``, the scope ``""`` or an index name (never a file's path)."""
    return (
        isinstance(x, tuple)
        and len(x) == 2
        and isinstance(x[0], str)
        and re.fullmatch(r"[A-Za-z0-9_.-]{0,255}", x[0]) is not None
        and not x[0].endswith(".json")
    )


def _key_reports(
    insights: Any, throttled: Any, table: str, indexes: list[str], start: int, n: int, period: int | None
) -> dict[str, KeyReport]:
    """Each scope's Contributor Insights, read on the metrics' minutes."""
    from .insight_reports import read_key_report

    acc = _scoped(insights, "most-accessed", table, indexes)
    thr = _scoped(throttled, "most-throttled", table, indexes)
    return {
        scope: read_key_report(acc.get(scope), thr.get(scope), start=start, minutes=n, period=period)
        for scope in sorted(set(acc) | set(thr))
    }
