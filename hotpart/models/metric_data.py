"""``aws cloudwatch get-metric-data`` and ``get-metric-statistics`` output, read into one series per metric.

Chapter 16 (``notebooks/16_your_table.ipynb``) reads a table's exports with :func:`hotpart.read_metric_data`
(:mod:`hotpart.models.observed`), which is built on this module: the reader of AWS's metric formats. It knows the
DynamoDB metric names (:func:`metric_names`, :data:`OTHER_DYNAMODB_METRICS`), reads each result's identity from the
``--metric-data-queries`` file (``MetricStat``: ``Metric`` with ``Namespace`` ``AWS/DynamoDB``, ``MetricName``,
``Dimensions`` ``TableName`` and optionally ``GlobalSecondaryIndexName`` or ``Operation``; ``Period``; ``Stat``)
matched by ``Id``, else from its ``Label``, and turns its ``Timestamps`` and ``Values`` into a series on the
one-minute grid:

* ``Sum`` for the consumed capacity and the throttle counts, ``Average`` (or ``Minimum``/``Maximum``) for the
  provisioned level; ``SampleCount`` of the consumed capacity, if asked for, is read as requests served;
* timestamps in either order (``ScanBy``), as ISO 8601 strings, epoch seconds or :class:`datetime.datetime`;
* periods of 60 s or more, a whole number of minutes: a ``Sum`` over a longer period is spread evenly over its
  minutes, a level is carried forward between its points (said in the notes);
* a minute with no data point counts as 0 in the sums and is reported (no data, not zero traffic);
  ``PartialData`` is reported;
* several exports of one table (consecutive or overlapping windows) are merged metric by metric: points
  de-duplicated by timestamp, a window no export covers said as a gap, a metric exported at two periods refused.

Anything else raises :class:`ExportError` (a ``ValueError``) naming the file, the field and what was expected.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ._validation import MAX_ELEMENTS as _MAX_ELEMENTS
from .constants import PERIOD_S

__all__ = [
    "DYNAMODB_NAMESPACE",
    "FIVE_MINUTE_METRICS",
    "ONLINE_INDEX_METRICS",
    "OTHER_DYNAMODB_METRICS",
    "ExportError",
    "metric_names",
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
            text = _decode(path.read_bytes(), name)
        except OSError as e:
            raise ExportError(name, "(file)", "a readable file", e.strerror) from None
        if not text.strip():
            raise ExportError(name, "(file)", "a JSON document, not an empty file")
        try:
            return json.loads(text), name
        except json.JSONDecodeError as e:
            raise ExportError(name, f"(line {e.lineno})", f"valid JSON ({e.msg})") from None
    return obj, what


def _decode(raw: bytes, name: str) -> str:
    """A file's text: UTF-8 (with or without a BOM), UTF-16 with a BOM (PowerShell's ``>``), or gzip of either."""
    import gzip

    if raw[:2] == b"\x1f\x8b":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError) as e:
            raise ExportError(name, "(file)", "a complete gzip file", str(e)) from None
    try:
        if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
            return raw.decode("utf-16")
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise ExportError(name, "(file)", f"UTF-8 text (or UTF-16 with a BOM, or gzip); byte {e.start} is not", None) from None


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


#: The largest value the readers take, a count or units per data point: far above any table (40,000 units per
#: second for a day is 3.5e9), and low enough that no sum or product the diagnosis forms can overflow.
_MAX_VALUE = 1e15


def _number(value: Any, file: str, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ExportError(file, where, "a number >= 0", value)
    try:
        v = float(value)
    except OverflowError:
        v = math.inf
    if not 0 <= v <= _MAX_VALUE:  # NaN fails too
        raise ExportError(file, where, f"a number from 0 to {_MAX_VALUE:g}", value if math.isfinite(v) else "overflow")
    return v


def _field(d: Any, key: str, file: str, where: str, kind: type | tuple[type, ...]) -> Any:
    if not isinstance(d, dict) or key not in d:
        raise ExportError(file, f"{where}{key}" if where else key, "the field to be present")
    v = d[key]
    if not isinstance(v, kind):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise ExportError(file, f"{where}{key}", f"a JSON {_JSON_NAMES.get(names, names)}", v)
    return v


_JSON_NAMES = {"list": "array", "dict": "object", "str": "string", "int or float": "number"}


#: Every other metric DynamoDB publishes to CloudWatch (AWS, DynamoDB metrics and dimensions,
#: metrics-dimensions.html, read 2026-12-03). An export may carry any of them: the OnlineIndex* metrics of an
#: index being built are read (:attr:`ObservedMetrics.online`), the rest are skipped with a note, and none is a
#: reason to refuse the export.
OTHER_DYNAMODB_METRICS: tuple[str, ...] = (
    "AccountMaxReads",
    "AccountMaxTableLevelReads",
    "AccountMaxTableLevelWrites",
    "AccountMaxWrites",
    "AccountProvisionedReadCapacityUtilization",
    "AccountProvisionedWriteCapacityUtilization",
    "AgeOfOldestUnreplicatedRecord",
    "ConditionalCheckFailedRequests",
    "ConsumedChangeDataCaptureUnits",
    "FailedToReplicateRecordCount",
    "FaultInjectionServiceInducedErrors",
    "MaxProvisionedTableReadCapacityUtilization",
    "MaxProvisionedTableWriteCapacityUtilization",
    "OnlineIndexConsumedWriteCapacity",
    "OnlineIndexPercentageProgress",
    "OnlineIndexThrottleEvents",
    "PendingReplicationCount",
    "ReplicationLatency",
    "ReturnedBytes",
    "ReturnedItemCount",
    "ReturnedRecordsCount",
    "SuccessfulRequestLatency",
    "SystemErrors",
    "ThrottledPutRecordCount",
    "TimeToLiveDeletedItemCount",
    "TransactionConflict",
    "UserErrors",
)
#: The metrics of an index being built (a backfill), read per index into :attr:`ObservedMetrics.online`.
ONLINE_INDEX_METRICS: tuple[str, ...] = (
    "OnlineIndexConsumedWriteCapacity",
    "OnlineIndexPercentageProgress",
    "OnlineIndexThrottleEvents",
)
#: AWS aggregates these at five minutes, the throttling, consumed-capacity and request metrics at one minute
#: (AWS, metrics-dimensions.html: "For all other DynamoDB metrics, the aggregation granularity is five
#: minutes."). The readers carry a level forward between its points; a Sum at five minutes is spread over them.
FIVE_MINUTE_METRICS: tuple[str, ...] = ("ProvisionedReadCapacityUnits", "ProvisionedWriteCapacityUnits")


@dataclass
class _Series:
    """One result as read: its metric, where it came from, and its data points (times in epoch seconds)."""

    index: str | None
    name: str
    stat: str
    period: int | None
    times: NDArray[np.int64]
    values: NDArray[np.float64]
    where: str
    file: str
    operation: str | None = None
    table: str = ""
    files: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return f"{self.index + ' ' if self.index else ''}{self.name}"

    def identity(self) -> tuple:
        """What makes two results of two exports the same series (merged by timestamp)."""
        return (self.table, self.index, self.name, self.operation, self.stat == "SampleCount")


@dataclass(frozen=True)
class _Query:
    name: str
    index: str | None
    stat: str
    period: int
    table: str
    operation: str | None
    label: str | None = None


def _queries_by_id(queries: Any, file: str, notes: list[str]) -> dict[str, _Query | None]:
    """Query Id to its metric (``None`` for a math expression, which is skipped with a note)."""
    if isinstance(queries, dict):
        queries = _field(queries, "MetricDataQueries", file, "", list)
    if not isinstance(queries, list):
        raise ExportError(file, "MetricDataQueries", "a JSON array of MetricDataQuery objects", queries)
    out: dict[str, _Query | None] = {}
    for i, q in enumerate(queries):
        w = f"MetricDataQueries[{i}]."
        qid = _field(q, "Id", file, w, str)
        if "Expression" in q and "MetricStat" not in q:
            notes.append(f"query {qid!r}: a math expression, not a metric: skipped")
            out[qid] = None
            continue
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
        if isinstance(period, bool) or period < PERIOD_S or period % PERIOD_S or period > _MAX_PERIOD_S:
            raise ExportError(
                file, w + "MetricStat.Period", f"a whole number of minutes, from {PERIOD_S} to {_MAX_PERIOD_S:,} s", period
            )
        label = q.get("Label") if isinstance(q.get("Label"), str) and "${" not in q["Label"] else None  # not dynamic
        out[qid] = _Query(
            name, d.get("GlobalSecondaryIndexName"), stat, period, d.get("TableName", ""), d.get("Operation"), label
        )
    return out


def _from_label(label: str) -> tuple[str, str | None, str | None]:
    """(metric, index, operation) from a result's ``Label``: ``MetricName``, ``IndexName MetricName`` or
    ``MetricName Operation`` (as ``python -m hotpart queries`` labels ``ThrottledRequests`` per operation)."""
    parts = label.split()
    if len(parts) == 1:
        return parts[0], None, None
    if len(parts) == 2 and parts[0] == "ThrottledRequests":
        return parts[0], None, parts[1]
    if len(parts) == 2:
        return parts[1], parts[0], None
    return label, None, None


_STATISTICS_STATS = ("Sum", "Average", "Maximum", "Minimum", "SampleCount")


def _results_of(doc: Any, file: str) -> list[tuple[dict, str]]:
    """The results of one document: get-metric-data's ``MetricDataResults``, or one get-metric-statistics metric."""
    if isinstance(doc, dict) and "Datapoints" in doc and "MetricDataResults" not in doc:
        # aws cloudwatch get-metric-statistics: {"Label": name, "Datapoints": [{Timestamp, Sum|Average|..., Unit}]}
        label = _field(doc, "Label", file, "", str)
        points = _field(doc, "Datapoints", file, "", list)
        stats = {k for p in points if isinstance(p, dict) for k in p if k in _STATISTICS_STATS}
        want = "Average" if label.startswith("Provisioned") else "Sum"
        if not stats:
            stat = want
        elif want in stats:
            stat = want
        elif label.startswith("Provisioned") and stats & {"Maximum", "Minimum"}:
            stat = sorted(stats & {"Maximum", "Minimum"})[0]
        else:
            raise ExportError(file, "Datapoints[*]", f"the {want} statistic for {label} (--statistics {want})", sorted(stats))
        times, values = [], []
        for j, p in enumerate(points):
            w = f"Datapoints[{j}]."
            times.append(_field(p, "Timestamp", file, w, (str, int, float)))
            values.append(_field(p, stat, file, w, (int, float)))
        return [({"Id": f"statistics:{label}", "Label": label, "Timestamps": times, "Values": values, "_stat": stat}, file)]
    if isinstance(doc, dict):
        doc = _field(doc, "MetricDataResults", file, "", list)
    if not isinstance(doc, list):
        raise ExportError(file, "MetricDataResults", "a JSON array of results", doc)
    return [(r, file) for r in doc]


def _is_level(name: str) -> bool:
    """A level (read with Average and carried forward), not a count summed over minutes."""
    return name.startswith("Provisioned") or name == "OnlineIndexPercentageProgress"


def _times(values: list, file: str, where: str, cache: dict) -> NDArray[np.int64]:
    """Epoch seconds of a result's timestamps; a string seen before (every series of an export shares them) is
    parsed once."""
    out = np.empty(len(values), dtype=np.int64)
    for j, t in enumerate(values):
        key = t if isinstance(t, str) else None
        if key is not None and key in cache:
            out[j] = cache[key]
            continue
        e = _epoch(t, file, f"{where}Timestamps[{j}]")
        if key is not None:
            cache[key] = e
        out[j] = e
    return out


def _values(values: list, file: str, where: str) -> NDArray[np.float64]:
    """A result's values as numbers from 0 to _MAX_VALUE; the first bad one is named."""
    if all(type(v) in (int, float) for v in values):
        try:
            arr = np.asarray(values, dtype=float)
        except OverflowError:  # an integer past float64: the first bad value is named below
            arr = np.array([math.inf])
        if arr.size == 0 or (np.all(arr >= 0) and np.all(arr <= _MAX_VALUE)):
            return arr
    return np.array([_number(v, file, f"{where}Values[{j}]") for j, v in enumerate(values)], dtype=float)


def _per_minute(s: _Series, start: int, n: int, period: int) -> tuple[NDArray[np.float64], int]:
    """The series on the one-minute grid from ``start`` (``n`` minutes), and its periods with no data point.

    A ``Sum`` over a period of several minutes is spread evenly over them; a level (``Provisioned*``) is
    carried forward from each data point to the next, and back to the first minute before its first point.
    """
    per = period // PERIOD_S
    idx = (s.times - start) // PERIOD_S
    if _is_level(s.name):
        out = np.full(n, np.nan)
        order = np.argsort(s.times, kind="stable")
        out[idx[order]] = s.values[order]
        seen = ~np.isnan(out)
        pos = np.where(seen, np.arange(n), 0)
        np.maximum.accumulate(pos, out=pos)
        first = int(np.argmax(seen))
        filled = out[pos]
        filled[:first] = out[first]
        return filled, 0
    out = np.zeros(n)
    for j in range(per):
        cells = idx + j
        ok = cells < n
        np.add.at(out, cells[ok], s.values[ok] / per)
    seen_periods = np.unique((s.times - start) // period).size
    expected = -(-n // per)
    return out, max(expected - seen_periods, 0)


def _read_results(docs: list[Any], queries: Any, table: str | None, notes: list[str]) -> tuple[list[_Series], set[str], str]:
    """Every DynamoDB result of every export, identified by its query (or its label), read into series."""
    raw: list[tuple[dict, str, int]] = []
    first_file = "results"
    for k, doc in enumerate(docs):
        data, rfile = _load(doc, "results")
        if k == 0:
            first_file = rfile
        raw += [(r, f, k) for r, f in _results_of(data, rfile)]
    if not raw:
        raise ExportError(first_file, "MetricDataResults", "at least one result")
    qdocs = (
        queries
        if isinstance(queries, (list, tuple)) and queries and all(isinstance(q, (str, Path)) for q in queries)
        else [queries]
    )
    if len(qdocs) not in (1, len(docs)):
        raise ValueError(f"queries: {len(qdocs)} files for {len(docs)} exports: give one, or one per export, in order")
    idents: list[tuple[dict[str, _Query | None] | None, str]] = []
    for q in qdocs:
        if q is None:
            idents.append((None, "queries"))
            continue
        qdata, qfile = _load(q, "queries")
        idents.append((_queries_by_id(qdata, qfile, notes), qfile))
    known = set(metric_names())
    series: list[_Series] = []
    tables: set[str] = set()
    skipped: dict[str, int] = {}
    cache: dict[str, int] = {}
    position: dict[str, int] = {}
    for r, rfile, k in raw:
        i = position.get(rfile, 0)
        position[rfile] = i + 1
        stats_doc = str(r.get("Id", "")).startswith("statistics:")
        w = "" if stats_doc else f"MetricDataResults[{i}]."
        rid = _field(r, "Id", rfile, w, str)
        times = _field(r, "Timestamps", rfile, w, list)
        values = _field(r, "Values", rfile, w, list)
        if len(times) != len(values):
            raise ExportError(rfile, w + "Values", f"as many values as timestamps ({len(times)})", f"{len(values)} values")
        status = r.get("StatusCode", "Complete")
        if status not in ("Complete", "PartialData"):
            raise ExportError(rfile, w + "StatusCode", "'Complete' or 'PartialData'", status)
        ident, qfile = idents[k if len(idents) > 1 else 0]
        operation, tname = None, ""
        if ident is not None and not stats_doc:
            if rid not in ident:
                raise ExportError(qfile, "MetricDataQueries", f"a query with Id {rid!r} (from {rfile})")
            q = ident[rid]
            if q is None:
                continue
            # CloudWatch returns a query's Label as the result's: a different one means another export's queries
            if q.label is not None and isinstance(r.get("Label"), str) and r["Label"] != q.label:
                raise ExportError(
                    rfile,
                    w + "Label",
                    f"{q.label!r}, the Label of the query with Id {rid!r} in {qfile} (were these metrics exported "
                    "with other queries?)",
                    r["Label"],
                )
            name, index, stat, qperiod, tname, operation = q.name, q.index, q.stat, q.period, q.table, q.operation
            if table is not None and tname and tname != table:
                continue
            tables.add(tname)
        else:
            name, index, operation = _from_label(_field(r, "Label", rfile, w, str))
            stat = r.get("_stat") or ("Average" if name.startswith("Provisioned") else "Sum")
            qperiod = None
        if name in OTHER_DYNAMODB_METRICS:
            skipped[name] = skipped.get(name, 0) + 1
            if name not in ONLINE_INDEX_METRICS:
                continue
        elif name not in known:
            raise ExportError(
                rfile,
                w + ("Id" if ident else "Label"),
                "a DynamoDB metric (" + ", ".join(sorted(known | set(OTHER_DYNAMODB_METRICS))) + ")",
                name,
            )
        if name in ONLINE_INDEX_METRICS:
            want: tuple[str, ...] = ("Average", "Maximum", "Minimum") if name.endswith("Progress") else ("Sum",)
        else:
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
            notes.append(f"{label}: StatusCode PartialData in {rfile} (an incomplete set of data points; page with NextToken)")
        ts = _times(times, rfile, w, cache)
        if np.unique(ts).size != ts.size:
            raise ExportError(rfile, w + "Timestamps", "each timestamp once")
        series.append(_Series(index, name, stat, qperiod, ts, _values(values, rfile, w), w, rfile, operation, tname, (rfile,)))
    if skipped:
        read = sorted(n for n in skipped if n in ONLINE_INDEX_METRICS)
        other = sorted(n for n in skipped if n not in ONLINE_INDEX_METRICS)
        if other:
            notes.append("skipped (documented DynamoDB metrics the diagnosis does not use): " + ", ".join(other))
        if read:
            notes.append("read per index (the metrics of a backfill, when one runs): " + ", ".join(read))
    if len(tables - {""}) > 1:
        raise ExportError(idents[0][1], "Dimensions.TableName", "one table (pass table= or --table)", sorted(tables))
    return series, tables, first_file


def _merge(series: list[_Series], default_period: int, notes: list[str]) -> list[_Series]:
    """One series per metric across several exports of one table: points de-duplicated by timestamp (where two
    exports disagree the larger value is kept, and said), periods equal or refused by name."""
    groups: dict[tuple, list[_Series]] = {}
    for s in series:
        groups.setdefault(s.identity(), []).append(s)
    out = []
    disagree = 0
    for parts in groups.values():
        files = [s.file for s in parts]
        if len(set(files)) < len(files):
            s = parts[files.index(next(f for f in files if files.count(f) > 1), 1)]
            if s.name != "ThrottledRequests":
                raise ExportError(s.file, s.where + "Id", f"one series of {s.label}")
        if len(set(files)) < len(files) or len(parts) == 1:
            if len(parts) > 1:  # ThrottledRequests twice in one file (one query per Operation without the dimension)
                out.extend(parts)
                continue
            out.append(parts[0])
            continue
        periods = {s.file: (s.period if s.period is not None else default_period) for s in parts}
        if len(set(periods.values())) > 1:
            (f1, p1), (f2, p2) = min(periods.items(), key=lambda fp: fp[1]), max(periods.items(), key=lambda fp: fp[1])
            want = f"the period of the same metric in {f1} ({p1} s): export both at one period"
            raise ExportError(f2, f"{parts[0].label} Period", want, f"{p2} s")
        merged: dict[int, float] = {}
        for s in parts:
            for t, v in zip(s.times.tolist(), s.values.tolist(), strict=True):
                if t in merged and merged[t] != v:
                    disagree += 1
                    v = max(v, merged[t])
                merged[t] = v
        ts = np.array(sorted(merged), dtype=np.int64)
        first = parts[0]
        out.append(
            _Series(
                first.index, first.name, first.stat, first.period, ts, np.array([merged[t] for t in ts.tolist()]),
                first.where, first.file, first.operation, first.table, tuple(files),
            )
        )  # fmt: skip
    if disagree:
        notes.append(
            f"the exports overlap and disagree at {disagree} data points (a minute still being aggregated when one was "
            "exported): the larger value of each is kept"
        )
    return out


def _windows(series: list[_Series], default_period: int) -> dict[str, tuple[int, int]]:
    """Each export's window, before the exports are merged: its first data point and the end of its last period (a
    level's five-minute points say nothing of the window's end)."""
    out: dict[str, tuple[int, int]] = {}
    for s in series:
        if not s.times.size or _is_level(s.name):
            continue
        lo, hi = int(s.times.min()), int(s.times.max()) + (s.period if s.period is not None else default_period)
        a, b = out.get(s.file, (lo, hi))
        out[s.file] = (min(a, lo), max(b, hi))
    return out


def _coverage(windows: dict[str, tuple[int, int]], start: int, n: int) -> NDArray[np.bool_]:
    """Minutes that no export's window covers, between the first and the last: a gap between exports, no data,
    not zero traffic."""
    if len(windows) < 2:
        return np.zeros(n, dtype=bool)
    covered = np.zeros(n, dtype=bool)
    for lo, hi in windows.values():
        covered[max((lo - start) // PERIOD_S, 0) : min((hi - start) // PERIOD_S, n)] = True
    return ~covered


def _grid(
    series: list[_Series], periods: dict[int, int], start: int, n: int, gaps: NDArray[np.bool_], notes: list[str]
) -> tuple[dict, dict, dict, set[str], set[str], NDArray[np.float64]]:
    """Every series on the one-minute grid: the table's, each index's, each building index's; what was exported,
    what came with no data point, and the SampleCount of the consumed capacity."""
    tab: dict[str, NDArray[np.float64]] = {}
    idx: dict[str, dict[str, NDArray[np.float64]]] = {}
    online: dict[str, dict[str, NDArray[np.float64]]] = {}
    exported: set[str] = set()
    no_data: set[str] = set()
    sample_counts = np.zeros(n)
    for s in series:
        label = s.label
        if s.stat == "SampleCount":
            if s.index is None and s.times.size:  # requests to the table that consumed capacity (AWS: SampleCount)
                sample_counts = sample_counts + _per_minute(s, start, n, periods[id(s)])[0]
            continue
        exported.add(label)
        if not s.times.size:
            no_data.add(label)
            continue
        arr, missing = _per_minute(s, start, n, periods[id(s)])
        if s.name in ONLINE_INDEX_METRICS:
            target = online.setdefault(s.index or "", {})
        else:
            target = tab if s.index is None else idx.setdefault(s.index, {})
        if s.name in target:
            if s.name != "ThrottledRequests":
                raise ExportError(s.file, s.where + "Id", f"one series of {label}")
            arr = arr + target[s.name]  # one series per Operation: summed
        if s.name.startswith("Provisioned"):
            spacing = np.diff(np.sort(s.times))
            if spacing.size and int(spacing.min()) > PERIOD_S:
                notes.append(
                    f"{label}: a level at {int(spacing.min()) // PERIOD_S}-minute points (AWS aggregates it at five "
                    "minutes), carried forward between them"
                )
        elif missing:
            per = periods[id(s)] // PERIOD_S
            missing = max(missing - int(gaps.sum()) // per, 0)
            total = -(-n // per) - int(gaps.sum()) // per
            counts = s.name.endswith(("ThrottleEvents", "ThrottledRequests"))
            note = (
                f"{label}: no data point in {missing} of {total} periods, read as 0 (the course's reading: a throttle "
                "count is taken to have no data point when there was nothing to count)"
                if counts
                else f"{label}: {missing} of {total} data points missing (no data, counted as 0 in sums)"
            )
            if missing and note not in notes:
                notes.append(note)
        target[s.name] = arr
    ops = sorted({s.operation for s in series if s.name == "ThrottledRequests" and s.operation})
    if ops:
        notes.append("ThrottledRequests: read per Operation and summed (" + ", ".join(ops) + ")")
    for label in sorted(no_data):
        capacity = "Provisioned" in label and label.endswith("CapacityUnits")
        what = " (an on-demand table or index has no provisioned capacity)" if capacity else ""
        notes.append(f"{label}: exported, no data points{what}")
    for m in [tab, *idx.values(), *online.values()]:
        for v in m.values():
            v.flags.writeable = False
    return tab, idx, online, exported, no_data, sample_counts
