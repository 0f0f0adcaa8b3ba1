"""A real table's exports read into the course's objects, and a simulation written out in AWS's formats.

Chapter 16 (``notebooks/16_your_table.ipynb``) is built on this module.
:func:`read_metric_data` reads what ``aws cloudwatch get-metric-data``
prints (the ``GetMetricData`` response: ``MetricDataResults`` with ``Id``,
``Label``, ``Timestamps``, ``Values``, ``StatusCode``) into a
:class:`hotpart.Metrics`, the object :func:`hotpart.cloudwatch` builds from a
simulation, so :func:`hotpart.diagnose` runs on a real table unchanged.
:func:`read_insight_report` reads ``aws cloudwatch get-insight-rule-report``
for one of DynamoDB's Contributor Insights rules into per-minute
:class:`hotpart.TopKeys`. :func:`to_metric_data` and :func:`to_insight_report`
go the other way, so a simulation can be written as the files a reader would
export (:func:`write_sample_exports`), and a round trip (simulate, export,
import) gives the same metrics and the same diagnosis.

What the readers accept and how they read it:

* metric identity from the ``--metric-data-queries`` file (``MetricStat`` with
  ``Metric`` ``Namespace`` ``AWS/DynamoDB``, ``MetricName``, ``Dimensions``
  ``TableName`` and optionally ``GlobalSecondaryIndexName`` or
  ``Operation``; ``Period``; ``Stat``) matched by ``Id``, else from the
  result's ``Label`` (``MetricName``, or ``IndexName MetricName``);
* ``Sum`` for the consumed capacity and the throttle counts, ``Average``
  (or ``Minimum``/``Maximum``) for the provisioned level; ``SampleCount`` of
  the consumed capacity, if asked for, is read as requests served;
* timestamps in either order (``ScanBy``), as ISO
  8601 strings, epoch seconds or :class:`datetime.datetime`;
* periods of 60 s or more, a whole number of minutes: a ``Sum`` over a longer
  period is spread evenly over its minutes, a level is repeated (said in
  the notes);
* a minute with no data point counts as 0 in the sums and is reported as a
  gap (no data, not zero traffic); ``PartialData`` is reported.

Anything else raises :class:`ExportError` (a ``ValueError``) naming the file,
the field and what was expected.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ._validation import MAX_ELEMENTS as _MAX_ELEMENTS
from ._validation import check_choice, check_count, check_integer, check_number
from .constants import PERIOD_S
from .metrics import Metrics, TopKeys

__all__ = [
    "DYNAMODB_NAMESPACE",
    "ExportError",
    "ObservedMetrics",
    "metric_names",
    "read_insight_report",
    "read_metric_data",
    "to_insight_report",
    "to_metric_data",
    "SAMPLE_FILES",
    "SAMPLE_LOG_RATE",
    "SAMPLE_TABLE",
    "sample_simulation",
    "write_sample_exports",
]

#: CloudWatch's namespace for DynamoDB's metrics.
DYNAMODB_NAMESPACE = "AWS/DynamoDB"

_KINDS = ("Read", "Write")
_COUNT_STEMS = (
    "ThrottleEvents",
    "KeyRangeThroughputThrottleEvents",
    "ProvisionedThroughputThrottleEvents",
    "MaxOnDemandThroughputThrottleEvents",
    "AccountLimitThrottleEvents",
)
_LEVEL_STATS = ("Average", "Minimum", "Maximum")
_INSIGHT_KINDS = ("accessed", "throttled")
#: The longest period the readers take, seconds (one day): a limit of the readers, not of CloudWatch. A longer period
#: hides every burst the course diagnoses, and each data point is spread over one array cell per minute.
_MAX_PERIOD_S = 86_400
#: The most one-minute data points a reader builds for one call (MAX_ELEMENTS): about 19 years of minutes.
_MAX_MINUTES = _MAX_ELEMENTS
#: The latest time the readers take, seconds since the epoch: 9999-12-31T23:59:59Z, the last second a
#: datetime can write as ISO 8601.
_MAX_EPOCH_S = 253_402_300_799


def metric_names() -> tuple[str, ...]:
    """The DynamoDB metric names the readers know (what :func:`hotpart.cloudwatch` produces).

    Examples
    --------
    >>> "WriteKeyRangeThroughputThrottleEvents" in metric_names(), len(metric_names())
    (True, 15)
    """
    out = []
    for k in _KINDS:
        out += [f"Consumed{k}CapacityUnits", f"Provisioned{k}CapacityUnits"]
        out += [f"{k}{s}" for s in _COUNT_STEMS]
    return (*out, "ThrottledRequests")


class ExportError(ValueError):
    """Bad input in an exported file: names the file, the field and what was expected.

    Examples
    --------
    >>> print(ExportError("metrics.json", "MetricDataResults[0].Values[2]", "a number >= 0", -1.0))
    metrics.json: MetricDataResults[0].Values[2]: expected a number >= 0, got -1.0
    """

    def __init__(self, file: str, field: str, expected: str, got: Any = None) -> None:
        self.file, self.field, self.expected = file, field, expected
        tail = "" if got is None else f", got {_short(got)}"
        super().__init__(f"{file}: {field}: expected {expected}{tail}")


def _short(x: Any) -> str:
    s = repr(x)
    return s if len(s) <= 60 else s[:57] + "..."


def _load(obj: Any, what: str) -> tuple[Any, str]:
    """A parsed JSON document and the name to report: a path is read, a dict or list is taken as is."""
    if isinstance(obj, (str, Path)):
        path = Path(obj)
        name = str(obj)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as e:
            raise ExportError(name, "(file)", "a readable file", e.strerror) from None
        if not text.strip():
            raise ExportError(name, "(file)", "a JSON document, not an empty file")
        try:
            return json.loads(text), name
        except json.JSONDecodeError as e:
            raise ExportError(name, f"(line {e.lineno})", f"valid JSON ({e.msg})") from None
    return obj, what


def _epoch(value: Any, file: str, where: str) -> int:
    """Seconds since the epoch (UTC) of an ISO 8601 string, a number or a datetime."""
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        if not 0 <= value <= _MAX_EPOCH_S:
            raise ExportError(file, where, f"epoch seconds in [0, {_MAX_EPOCH_S:,}] (1970 to 9999)", value)
        return round(value)
    elif isinstance(value, str):
        try:
            dt = datetime.fromisoformat(value.strip())
        except ValueError:
            raise ExportError(file, where, "an ISO 8601 timestamp", value) from None
    else:
        raise ExportError(file, where, "an ISO 8601 timestamp", value)
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=UTC)
    return round(dt.timestamp())


def _iso(t: int) -> str:
    return datetime.fromtimestamp(t, tz=UTC).isoformat()


def _number(value: Any, file: str, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise ExportError(file, where, "a number >= 0", value)
    return float(value)


def _field(d: Any, key: str, file: str, where: str, kind: type | tuple[type, ...]) -> Any:
    if not isinstance(d, dict) or key not in d:
        raise ExportError(file, f"{where}{key}" if where else key, "the field to be present")
    v = d[key]
    if not isinstance(v, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise ExportError(file, f"{where}{key}", f"a JSON {_JSON_NAMES.get(names, names)}", v)
    return v


_JSON_NAMES = {"list": "array", "dict": "object", "str": "string", "int or float": "number"}


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


@dataclass
class _Series:
    index: str | None
    name: str
    stat: str
    period: int | None
    times: list[int]
    values: list[float]
    where: str


def _queries_by_id(queries: Any, file: str) -> dict[str, tuple[str, str | None, str, int | None, str]]:
    """Query Id to (metric name, index or None, stat, period, table name)."""
    if isinstance(queries, dict):
        queries = _field(queries, "MetricDataQueries", file, "", list)
    if not isinstance(queries, list):
        raise ExportError(file, "MetricDataQueries", "a JSON array of MetricDataQuery objects", queries)
    out = {}
    for i, q in enumerate(queries):
        w = f"MetricDataQueries[{i}]."
        qid = _field(q, "Id", file, w, str)
        if "Expression" in q and "MetricStat" not in q:
            raise ExportError(file, f"{w}MetricStat", "a MetricStat query (math expressions are not read)")
        ms = _field(q, "MetricStat", file, w, dict)
        metric = _field(ms, "Metric", file, w + "MetricStat.", dict)
        ns = _field(metric, "Namespace", file, w + "MetricStat.Metric.", str)
        if ns != DYNAMODB_NAMESPACE:
            raise ExportError(file, w + "MetricStat.Metric.Namespace", repr(DYNAMODB_NAMESPACE), ns)
        name = _field(metric, "MetricName", file, w + "MetricStat.Metric.", str)
        dims = metric.get("Dimensions", [])
        if not isinstance(dims, list):
            raise ExportError(file, w + "MetricStat.Metric.Dimensions", "a JSON array of {Name, Value}", dims)
        d = {}
        for j, dim in enumerate(dims):
            dw = f"{w}MetricStat.Metric.Dimensions[{j}]."
            d[_field(dim, "Name", file, dw, str)] = _field(dim, "Value", file, dw, str)
        stat = _field(ms, "Stat", file, w + "MetricStat.", str)
        period = _field(ms, "Period", file, w + "MetricStat.", int)
        out[qid] = (name, d.get("GlobalSecondaryIndexName"), stat, period, d.get("TableName", ""))
    return out


def _from_label(label: str) -> tuple[str, str | None]:
    parts = label.split()
    if len(parts) == 1:
        return parts[0], None
    if len(parts) == 2:
        return parts[1], parts[0]
    return label, None


def _grid(times: list[int], period: int, file: str) -> tuple[int, int, int]:
    """(start, period, points) of the regular grid the timestamps lie on."""
    uniq = sorted(set(times))
    if period < PERIOD_S or period % PERIOD_S or period > _MAX_PERIOD_S:
        raise ExportError(file, "Period", f"a whole number of minutes, from {PERIOD_S} to {_MAX_PERIOD_S:,} s", period)
    start = uniq[0]
    off = [t for t in uniq if (t - start) % period]
    if off:
        raise ExportError(file, "Timestamps", f"times on one grid of {period} s", _iso(off[0]))
    points = (uniq[-1] - start) // period + 1
    if points * (period // PERIOD_S) > _MAX_MINUTES:
        raise ExportError(file, "Timestamps", f"at most {_MAX_MINUTES:,} minutes from the first to the last", points)
    return start, period, points


def _minutes_of(series: _Series, start: int, period: int, points: int) -> tuple[NDArray[np.float64], int]:
    """The series on the one-minute grid, and the number of periods with no data point."""
    per = period // PERIOD_S
    vals = np.zeros(points)
    seen = np.zeros(points, dtype=bool)
    for t, v in zip(series.times, series.values, strict=False):
        i = (t - start) // period
        vals[i] += v
        seen[i] = True
    level = series.name.startswith("Provisioned")
    out = np.repeat(vals if level else vals / per, per)
    return out, int((~seen).sum())


def read_metric_data(
    results: Any,
    queries: Any = None,
    *,
    insights: Any = None,
    throttled_keys: Any = None,
    table: str | None = None,
    period: int | None = None,
    batch_size: int = 1,
    item_units: float = 1.0,
) -> ObservedMetrics:
    """Read ``aws cloudwatch get-metric-data`` output into the course's :class:`hotpart.Metrics`.

    Parameters
    ----------
    results : dict, list or path
        The ``GetMetricData`` response (``{"MetricDataResults": [...]}``), its
        list of results, or the path of a JSON file holding it.
    queries : dict, list or path, optional
        The ``--metric-data-queries`` input (a list of ``MetricDataQuery``, or
        ``{"MetricDataQueries": [...]}``), matched to the results by ``Id``.
        Without it, the identity comes from each result's ``Label``.
    insights, throttled_keys : dict or path, optional
        Contributor Insights reports (``get-insight-rule-report``) of the
        most-accessed and the most-throttled keys rules, read with
        :func:`read_insight_report` on the metrics' minutes.
    table : str, optional
        The ``TableName`` to read when the queries name several tables.
    period : int, optional
        The data points' period, seconds: a multiple of 60 in ``[60, 86_400]`` (at most a day, a limit of the
        reader); the queries' ``Period`` if given, else 60 (a gap is then missing data, not a longer period).
    batch_size : int
        Items per request, in ``[1, 100]`` (CloudWatch does not say).
    item_units : float
        Capacity units per item, ``> 0``; throttle events are items.

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
    """
    data, rfile = _load(results, "results")
    b = check_integer("batch_size", batch_size, low=1, high=100)
    u = check_number("item_units", item_units, low=0, high=math.inf, low_open=True, high_open=True)
    if isinstance(data, dict):
        data = _field(data, "MetricDataResults", rfile, "", list)
    if not isinstance(data, list):
        raise ExportError(rfile, "MetricDataResults", "a JSON array of results", data)
    if not data:
        raise ExportError(rfile, "MetricDataResults", "at least one result")
    ident = None
    qfile = "queries"
    if queries is not None:
        qdata, qfile = _load(queries, "queries")
        ident = _queries_by_id(qdata, qfile)
    known = set(metric_names())
    notes: list[str] = []
    series: list[_Series] = []
    tables: set[str] = set()
    for i, r in enumerate(data):
        w = f"MetricDataResults[{i}]."
        rid = _field(r, "Id", rfile, w, str)
        times = _field(r, "Timestamps", rfile, w, list)
        values = _field(r, "Values", rfile, w, list)
        if len(times) != len(values):
            raise ExportError(rfile, w + "Values", f"as many values as timestamps ({len(times)})", f"{len(values)} values")
        status = r.get("StatusCode", "Complete")
        if status not in ("Complete", "PartialData"):
            raise ExportError(rfile, w + "StatusCode", "'Complete' or 'PartialData'", status)
        if ident is not None:
            if rid not in ident:
                raise ExportError(qfile, "MetricDataQueries", f"a query with Id {rid!r} (from {rfile})")
            name, index, stat, qperiod, tname = ident[rid]
            if table is not None and tname and tname != table:
                continue
            tables.add(tname)
        else:
            label = _field(r, "Label", rfile, w, str)
            name, index = _from_label(label)
            stat, qperiod = ("Average" if name.startswith("Provisioned") else "Sum"), None
        if name not in known:
            raise ExportError(
                rfile, w + ("Id" if ident else "Label"), "a DynamoDB metric (" + ", ".join(sorted(known)) + ")", name
            )
        want = (
            _LEVEL_STATS
            if name.startswith("Provisioned")
            else ("Sum", "SampleCount")
            if name.startswith("Consumed")
            else ("Sum",)
        )
        if stat not in want:
            raise ExportError(qfile, f"query {rid!r} MetricStat.Stat", f"one of {', '.join(want)} for {name}", stat)
        label = f"{index + ' ' if index else ''}{name}"
        if status == "PartialData":
            notes.append(f"{label}: StatusCode PartialData (an incomplete set of data points; page with NextToken)")
        ts = [_epoch(t, rfile, f"{w}Timestamps[{j}]") for j, t in enumerate(times)]
        if len(set(ts)) != len(ts):
            raise ExportError(rfile, w + "Timestamps", "each timestamp once")
        vs = [_number(v, rfile, f"{w}Values[{j}]") for j, v in enumerate(values)]
        series.append(_Series(index, name, stat, qperiod, ts, vs, w))
    if len(tables - {""}) > 1:
        raise ExportError(qfile, "Dimensions.TableName", "one table (pass table= or --table)", sorted(tables))
    all_times = [t for s in series for t in s.times]
    if not all_times:
        raise ExportError(rfile, "MetricDataResults[*].Timestamps", "at least one data point")
    periods = {s.period for s in series if s.period is not None}
    if len(periods) > 1:
        raise ExportError(qfile, "MetricStat.Period", "one period for every query", sorted(periods))
    if period is not None:
        p = check_integer("period", period, low=PERIOD_S, high=_MAX_PERIOD_S)
        if p % PERIOD_S:
            raise ValueError(f"period = {period!r} is not a whole number of minutes: must be a multiple of {PERIOD_S} s")
        periods = {p}
    start, period, points = _grid(all_times, periods.pop() if periods else PERIOD_S, qfile if ident else rfile)
    if period > PERIOD_S:
        notes.append(f"period {period} s: each Sum is spread evenly over its {period // PERIOD_S} minutes, each level repeated")
    n = points * period // PERIOD_S
    tab: dict[str, NDArray[np.float64]] = {}
    idx: dict[str, dict[str, NDArray[np.float64]]] = {}
    sample_counts = np.zeros(n)
    for s in [s for s in series if s.stat == "SampleCount"]:
        if s.index is None:  # requests to the table that consumed capacity (AWS: SampleCount of Consumed*)
            sample_counts = sample_counts + _minutes_of(s, start, period, points)[0]
    series = [s for s in series if s.stat != "SampleCount"]
    for s in series:
        arr, missing = _minutes_of(s, start, period, points)
        target = tab if s.index is None else idx.setdefault(s.index, {})
        label = f"{s.index + ' ' if s.index else ''}{s.name}"
        if s.name in target:
            if s.name != "ThrottledRequests":
                raise ExportError(rfile, s.where + "Id", f"one series of {label}")
            arr = arr + target[s.name]  # one series per Operation: summed
        if missing:
            notes.append(f"{label}: {missing} of {points} data points missing (no data, counted as 0 in sums)")
        target[s.name] = arr
    for m in [tab, *idx.values()]:
        for v in m.values():
            v.flags.writeable = False
    kinds = {k.lower() for k in _KINDS for name in [*tab, *(x for m in idx.values() for x in m)] if k in name}
    requests = np.zeros(n)
    for k in _KINDS:
        requests = requests + tab.get(f"Consumed{k}CapacityUnits", np.zeros(n)) / u + tab.get(f"{k}ThrottleEvents", np.zeros(n))
    requests = requests / b
    if sample_counts.any():
        requests = sample_counts + tab.get("ThrottledRequests", np.zeros(n))
        notes.append("requests per minute: SampleCount of the consumed capacity (requests served) plus ThrottledRequests")
    top = None
    if insights is not None or throttled_keys is not None:
        acc = read_insight_report(insights, "accessed", start=start, minutes=n) if insights is not None else None
        thr = read_insight_report(throttled_keys, "throttled", start=start, minutes=n) if throttled_keys is not None else None
        top = _combine(acc, thr, n)
    return ObservedMetrics(
        kind=kinds.pop() if len(kinds) == 1 else "both" if kinds else "write",
        seconds=n * PERIOD_S,
        batch_size=b,
        item_units=u,
        table=tab,
        indexes=idx,
        requests=requests,
        top=top,
        table_name=(tables - {""}).pop() if tables - {""} else "",
        start=start,
        period_s=period,
        notes=tuple(notes),
    )


def _combine(acc: tuple[TopKeys, ...] | None, thr: tuple[TopKeys, ...] | None, n: int) -> tuple[TopKeys, ...]:
    out = []
    for m in range(n):
        a = acc[m] if acc is not None else None
        t = thr[m] if thr is not None else None
        out.append(
            TopKeys(
                minute=m,
                accessed=a.accessed if a else (),
                throttled=t.throttled if t else (),
                total_accessed=a.total_accessed if a else 0.0,
                total_throttled=t.total_throttled if t else 0.0,
            )
        )
    return tuple(out)


def read_insight_report(
    report: Any, kind: str = "accessed", *, start: int | None = None, minutes: int | None = None
) -> tuple[TopKeys, ...]:
    """Read ``aws cloudwatch get-insight-rule-report`` for a DynamoDB rule into per-minute top keys.

    Parameters
    ----------
    report : dict or path
        The ``GetInsightRuleReport`` response: ``KeyLabels``, ``Contributors``
        (``Keys``, ``ApproximateAggregateValue``, ``Datapoints`` of
        ``Timestamp`` and ``ApproximateValue``) and, if present,
        ``MetricDatapoints`` (their ``Sum`` is the minute's total over all
        contributors; without it the listed contributors' sum stands in).
    kind : {"accessed", "throttled"}
        Which of DynamoDB's rules the report is: most accessed keys or most
        throttled keys.
    start : int, optional
        The first minute, seconds since the epoch (UTC), a whole number in ``[0, 253_402_300_799]`` (1970 to
        9999) on the report's one-minute grid; the report's first data point if omitted. Without ``minutes``, the
        report's last data point must lie from ``start`` to at most ``10_000_000`` minutes after it.
    minutes : int, optional
        Minutes to return, in ``[1, 10_000_000]`` (about 19 years); up to the report's last data point if omitted.

    Returns
    -------
    tuple of TopKeys
        One per minute. Composite keys (partition and sort key) are joined with ``|``.

    Examples
    --------
    >>> rep = {"KeyLabels": ["PK"], "AggregateValue": 70.0, "Contributors": [
    ...     {"Keys": ["hot"], "ApproximateAggregateValue": 60.0,
    ...      "Datapoints": [{"Timestamp": "2026-11-30T09:00:00Z", "ApproximateValue": 60.0}]},
    ...     {"Keys": ["cold"], "ApproximateAggregateValue": 10.0,
    ...      "Datapoints": [{"Timestamp": "2026-11-30T09:00:00Z", "ApproximateValue": 10.0}]}]}
    >>> read_insight_report(rep, "throttled")[0].throttled
    (('hot', 60.0), ('cold', 10.0))
    """
    check_choice("kind", kind, _INSIGHT_KINDS)
    if start is not None:
        start = check_count("start", start, low=0, high=_MAX_EPOCH_S)
    if minutes is not None:
        minutes = check_count("minutes", minutes, low=1, high=_MAX_MINUTES)
    data, file = _load(report, "report")
    if not isinstance(data, dict):
        raise ExportError(file, "(document)", "a GetInsightRuleReport object", data)
    labels = _field(data, "KeyLabels", file, "", list)
    contributors = _field(data, "Contributors", file, "", list)
    points: list[tuple[str, int, float]] = []
    for i, c in enumerate(contributors):
        w = f"Contributors[{i}]."
        keys = _field(c, "Keys", file, w, list)
        if len(keys) != len(labels) or not all(isinstance(k, str) for k in keys):
            raise ExportError(file, w + "Keys", f"{len(labels)} strings, one per KeyLabels entry", keys)
        _number(_field(c, "ApproximateAggregateValue", file, w, (int, float)), file, w + "ApproximateAggregateValue")
        for j, dp in enumerate(_field(c, "Datapoints", file, w, list)):
            dw = f"{w}Datapoints[{j}]."
            t = _epoch(_field(dp, "Timestamp", file, dw, (str, int, float)), file, dw + "Timestamp")
            v = _number(_field(dp, "ApproximateValue", file, dw, (int, float)), file, dw + "ApproximateValue")
            points.append(("|".join(keys), t, v))
    totals: dict[int, float] = {}
    for j, dp in enumerate(data.get("MetricDatapoints") or []):
        dw = f"MetricDatapoints[{j}]."
        t = _epoch(_field(dp, "Timestamp", file, dw, (str, int, float)), file, dw + "Timestamp")
        if "Sum" in dp:
            totals[t] = _number(dp["Sum"], file, dw + "Sum")
    times = [t for _, t, _ in points] + list(totals)
    given_start = start is not None
    if start is None:
        if not times:
            raise ExportError(file, "Contributors", "at least one data point")
        start = min(times)
    if minutes is None:
        minutes = (max(times) - start) // PERIOD_S + 1 if times else 1
        if given_start and not 1 <= minutes <= _MAX_MINUTES:
            raise ValueError(
                f"start = {start!r} puts the report's last data point ({_iso(max(times))}) {minutes - 1:,} minutes "
                f"after it: must be from 0 to {_MAX_MINUTES - 1:,} minutes (or pass minutes)"
            )
    n = check_count("minutes", minutes, low=1, high=_MAX_MINUTES)
    per: list[list[tuple[str, float]]] = [[] for _ in range(n)]
    for key, t, v in points:
        i, off = divmod(t - start, PERIOD_S)
        if off:
            raise ExportError(
                file, "Contributors[*].Datapoints[*].Timestamp", "one-minute data points on the metrics' minutes", _iso(t)
            )
        if 0 <= i < n:
            per[i].append((key, v))
    out = []
    for m in range(n):
        listed = tuple(sorted(per[m], key=lambda kv: -kv[1]))
        total = totals.get(start + PERIOD_S * m, sum(v for _, v in listed))
        if kind == "accessed":
            out.append(TopKeys(m, listed, (), float(total), 0.0))
        else:
            out.append(TopKeys(m, (), listed, 0.0, float(total)))
    return tuple(out)


# ---------------------------------------------------------------------------------------------
# Writing a simulation in AWS's formats
# ---------------------------------------------------------------------------------------------

_DEFAULT_START = "2026-11-30T09:00:00+00:00"


def to_metric_data(
    metrics: Metrics, *, table: str = "orders", start: str = _DEFAULT_START, newest_first: bool = True
) -> tuple[dict, list]:
    """A :class:`hotpart.Metrics` as ``get-metric-data`` output and the queries that ask for it.

    Parameters
    ----------
    metrics : Metrics
        From :func:`hotpart.cloudwatch` (whole minutes only: CloudWatch has no partial data point).
    table : str
        The ``TableName`` dimension.
    start : str
        The first data point's time, ISO 8601.
    newest_first : bool
        Timestamps newest first (``TimestampDescending``) or oldest first.

    Returns
    -------
    (dict, list)
        The response ``{"MetricDataResults": [...], "Messages": []}`` and the
        ``MetricDataQuery`` list (``Sum``, or ``Average`` for the provisioned
        level; period 60 s), matched by ``Id``.

    Examples
    --------
    >>> from hotpart import Table, simulate, cloudwatch
    >>> m = cloudwatch(simulate(Table(4, wcu=4_000), [1_500, 100, 100, 100], 120))
    >>> res, queries = to_metric_data(m)
    >>> read_metric_data(res, queries)["WriteKeyRangeThroughputThrottleEvents"].tolist()
    [30000.0, 30000.0]
    """
    if not isinstance(metrics, Metrics):
        raise ValueError(f"metrics = {metrics!r} is not a Metrics (use hotpart.cloudwatch)")
    if metrics.seconds % PERIOD_S:
        raise ValueError(f"metrics.seconds = {metrics.seconds} is not a whole number of minutes: CloudWatch has none")
    t0 = _epoch(start, "start", "start")
    stamps = [_iso(t0 + PERIOD_S * i) for i in range(metrics.minutes)]
    order = slice(None, None, -1) if newest_first else slice(None)
    results, queries = [], []
    parts = [(None, metrics.table), *list(metrics.indexes.items())]
    for index, m in parts:
        for name, arr in m.items():
            qid = f"m{len(queries)}"
            dims = [{"Name": "TableName", "Value": table}]
            if index is not None:
                dims.append({"Name": "GlobalSecondaryIndexName", "Value": index})
            label = f"{index} {name}" if index else name
            stat = "Average" if name.startswith("Provisioned") else "Sum"
            queries.append(
                {
                    "Id": qid,
                    "MetricStat": {
                        "Metric": {"Namespace": DYNAMODB_NAMESPACE, "MetricName": name, "Dimensions": dims},
                        "Period": PERIOD_S,
                        "Stat": stat,
                    },
                    "Label": label,
                    "ReturnData": True,
                }
            )
            results.append(
                {
                    "Id": qid,
                    "Label": label,
                    "Timestamps": stamps[order],
                    "Values": [float(v) for v in np.asarray(arr)][order],
                    "StatusCode": "Complete",
                }
            )
    return {"MetricDataResults": results, "Messages": []}, queries


def to_insight_report(
    top: tuple[TopKeys, ...], kind: str = "accessed", *, start: str = _DEFAULT_START, key_label: str = "PK"
) -> dict:
    """Per-minute top keys as a ``get-insight-rule-report`` response of one DynamoDB rule.

    Parameters
    ----------
    top : tuple of TopKeys
        From :func:`hotpart.top_keys` (or ``Metrics.top``).
    kind : {"accessed", "throttled"}
        The most-accessed or the most-throttled keys rule.
    start : str
        The first minute's time, ISO 8601.
    key_label : str
        The key's label (the partition key attribute's name).

    Returns
    -------
    dict
        ``KeyLabels``, ``AggregationStatistic`` ``"Sum"``, ``AggregateValue``,
        ``ApproximateUniqueCount`` (the keys listed), ``Contributors`` (most
        first, each with its one-minute ``Datapoints``) and
        ``MetricDatapoints`` (each minute's ``Sum`` over all keys).

    Examples
    --------
    >>> from hotpart import Table, simulate, top_keys
    >>> top = top_keys(simulate(Table(1, wcu=3_000), [1_500, 10, 5], 120, keys=["hot", "a", "b"]), 2)
    >>> rep = to_insight_report(top, "throttled")
    >>> [c["Keys"] for c in rep["Contributors"]], read_insight_report(rep, "throttled")[0].throttled == top[0].throttled
    ([['hot'], ['a']], True)
    """
    check_choice("kind", kind, _INSIGHT_KINDS)
    t0 = _epoch(start, "start", "start")
    per_key: dict[str, list[tuple[str, float]]] = {}
    metric_points = []
    for tk in top:
        stamp = _iso(t0 + PERIOD_S * tk.minute)
        listed = tk.accessed if kind == "accessed" else tk.throttled
        total = tk.total_accessed if kind == "accessed" else tk.total_throttled
        for key, v in listed:
            per_key.setdefault(key, []).append((stamp, float(v)))
        metric_points.append(
            {
                "Timestamp": stamp,
                "UniqueContributors": float(len(listed)),
                "MaxContributorValue": float(max((v for _, v in listed), default=0.0)),
                "Sum": float(total),
            }
        )
    contributors = [
        {
            "Keys": [key],
            "ApproximateAggregateValue": math.fsum(v for _, v in pts),
            "Datapoints": [{"Timestamp": s, "ApproximateValue": v} for s, v in pts],
        }
        for key, pts in per_key.items()
    ]
    contributors.sort(key=lambda c: -c["ApproximateAggregateValue"])
    return {
        "KeyLabels": [key_label],
        "AggregationStatistic": "Sum",
        "AggregateValue": math.fsum(p["Sum"] for p in metric_points),
        "ApproximateUniqueCount": len(per_key),
        "Contributors": contributors,
        "MetricDatapoints": metric_points,
    }


#: The sample table of chapter 16: partitions, provisioned WCU/s, keys, Zipf exponent, total WCU/s offered, minutes.
SAMPLE_TABLE: dict[str, float] = {"partitions": 8, "wcu": 8_000, "keys": 2_000, "zipf": 1.2, "offered": 6_000, "minutes": 10}
#: Share of the sample's requests its access log records (one in 200).
SAMPLE_LOG_RATE = 0.005
#: The sample files :func:`write_sample_exports` writes, by role.
SAMPLE_FILES: dict[str, str] = {
    "metrics": "metrics.json",
    "queries": "queries.json",
    "insights": "insights-accessed.json",
    "throttled_keys": "insights-throttled.json",
    "log": "access-log.parquet",
}


def sample_simulation() -> tuple[Any, Metrics]:
    """The sample table's simulation (:data:`SAMPLE_TABLE`) and its metrics with Contributor Insights.

    The simulation is deterministic (no seed); the access log's draw takes its seed in :func:`write_sample_exports`.

    Returns
    -------
    (SimulationResult, Metrics)

    Examples
    --------
    >>> res, m = sample_simulation()
    >>> m.minutes, float(m["WriteKeyRangeThroughputThrottleEvents"].sum()) > 0
    (10, True)
    """
    from .metrics import cloudwatch
    from .simulator import Table, simulate

    t = SAMPLE_TABLE
    n = int(t["keys"])
    ranks = np.arange(1, n + 1, dtype=float)
    share = ranks ** -t["zipf"] / (ranks ** -t["zipf"]).sum()
    keys = [f"CUSTOMER#{i:05d}" for i in range(n)]
    res = simulate(Table(int(t["partitions"]), wcu=t["wcu"]), share * t["offered"], int(t["minutes"]) * PERIOD_S, keys=keys)
    return res, cloudwatch(res, top_k=10)


def write_sample_exports(folder: str | Path, *, seed: int = 21, start: str = _DEFAULT_START) -> dict[str, Path]:
    """Write the sample table's exports, as a reader would get them from AWS and from their application.

    The table is :data:`SAMPLE_TABLE` simulated by :func:`sample_simulation`; the files are
    :data:`SAMPLE_FILES`: ``get-metric-data`` output and its queries, the two Contributor Insights
    reports, and an access log (Parquet; one request in ``1 / SAMPLE_LOG_RATE`` recorded, columns
    ``request_time``, ``customer_id``, ``consumed_wcu``) drawn from the offered demand with ``seed``.

    Parameters
    ----------
    folder : str or Path
        Where to write (created if needed).
    seed : int
        The log's random draw, a whole number from 0 to ``2**64 - 1`` (``None`` is refused: the files repeat).
    start : str
        The first minute, ISO 8601.

    Returns
    -------
    dict of str to Path
        The files by role.

    Examples
    --------
    >>> import tempfile
    >>> paths = write_sample_exports(tempfile.mkdtemp(), seed=21)
    >>> sorted(paths) == sorted(SAMPLE_FILES), paths["log"].name
    (True, 'access-log.parquet')
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    from ._validation import check_seed

    rng = np.random.default_rng(check_seed("seed", seed))
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    res, m = sample_simulation()
    results, queries = to_metric_data(m, table="orders", start=start)
    docs = {
        "metrics": results,
        "queries": queries,
        "insights": to_insight_report(m.top, "accessed", start=start, key_label="customer_id"),
        "throttled_keys": to_insight_report(m.top, "throttled", start=start, key_label="customer_id"),
    }
    paths = {}
    for role, doc in docs.items():
        paths[role] = out / SAMPLE_FILES[role]
        paths[role].write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    # the log: requests offered per key and second, thinned to the sample rate, at random times in the second
    offered = res.key_offered  # (minutes, keys) units per minute
    counts = rng.poisson(offered * SAMPLE_LOG_RATE)
    m_idx, k_idx = np.nonzero(counts)
    reps = counts[m_idx, k_idx]
    minute = np.repeat(m_idx, reps)
    key = np.repeat(k_idx, reps)
    t0 = np.datetime64(datetime.fromisoformat(start).astimezone(UTC).replace(tzinfo=None), "ms")
    ms = minute.astype(np.int64) * 60_000 + rng.integers(0, 60_000, size=minute.size)
    order = np.argsort(ms, kind="stable")
    table = pa.table(
        {
            "request_time": pa.array((t0 + ms[order].astype("timedelta64[ms]")), type=pa.timestamp("ms")),
            "customer_id": pa.array([res.keys[i] for i in key[order]]),
            "consumed_wcu": pa.array(np.ones(minute.size)),
        }
    )
    paths["log"] = out / SAMPLE_FILES["log"]
    pq.write_table(table, paths["log"])
    return paths
