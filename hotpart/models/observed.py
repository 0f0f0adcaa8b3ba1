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

import itertools
import json
import math
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from ._validation import MAX_ELEMENTS as _MAX_ELEMENTS
from ._validation import check_choice, check_count, check_divisor, check_integer, check_number
from .constants import PERIOD_S
from .metrics import Metrics, TopKeys

__all__ = [
    "DYNAMODB_NAMESPACE",
    "FIVE_MINUTE_METRICS",
    "IndexDescription",
    "ONLINE_INDEX_METRICS",
    "OTHER_DYNAMODB_METRICS",
    "TableDescription",
    "read_table_description",
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
    exported: frozenset[str] = field(default_factory=frozenset)
    no_data: frozenset[str] = field(default_factory=frozenset)
    online: dict[str, dict[str, NDArray[np.float64]]] = field(default_factory=dict)
    description: TableDescription | None = None
    insights_exported: tuple[bool, bool] = (False, False)

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


@dataclass(frozen=True)
class IndexDescription:
    """One global secondary index of ``describe-table`` output.

    Attributes
    ----------
    name, status : str
        ``IndexName`` and ``IndexStatus`` (``CREATING``, ``UPDATING``, ``DELETING``, ``ACTIVE``).
    backfilling : bool
        ``Backfilling``: DynamoDB is writing the table's existing items into a new index.
    read_units, write_units : float
        Its ``ProvisionedThroughput`` (capacity units per second, ``>= 0``; 0 on an on-demand table).
    max_read_units, max_write_units : float or None
        Its ``OnDemandThroughput`` maximum, request units per second, ``> 0`` (``None``: not set, or -1).

    Examples
    --------
    >>> IndexDescription("status-index", "CREATING", True, 100.0, 100.0)
    IndexDescription('status-index', CREATING, 100 RCU, 100 WCU)
    """

    name: str
    status: str = "ACTIVE"
    backfilling: bool = False
    read_units: float = 0.0
    write_units: float = 0.0
    max_read_units: float | None = None
    max_write_units: float | None = None

    def __post_init__(self) -> None:
        _check_description(self, ("read_units", "write_units"), ("max_read_units", "max_write_units"))
        check_choice("status", self.status, _INDEX_STATUSES)
        if not isinstance(self.backfilling, bool):
            raise ValueError(f"backfilling = {self.backfilling!r} is not allowed: must be True or False")

    def __repr__(self) -> str:
        return f"IndexDescription({self.name!r}, {self.status}, {self.read_units:g} RCU, {self.write_units:g} WCU)"


_INDEX_STATUSES = ("CREATING", "UPDATING", "DELETING", "ACTIVE")


def _check_description(obj: Any, units: tuple[str, ...], optional: tuple[str, ...]) -> None:
    if not isinstance(obj.name, str):
        raise ValueError(f"name = {obj.name!r} is not allowed: must be a string")
    for f in units:
        object.__setattr__(obj, f, check_number(f, getattr(obj, f), low=0, high=_MAX_UNITS))
    for f in optional:
        if getattr(obj, f) is not None:
            object.__setattr__(obj, f, check_number(f, getattr(obj, f), low=0, high=_MAX_UNITS, low_open=True))


#: The largest capacity a description may give, units per second: far above any quota AWS grants.
_MAX_UNITS = 1e12


@dataclass(frozen=True)
class TableDescription:
    """What ``aws dynamodb describe-table`` says about a table: its mode, capacities, size and indexes.

    Attributes
    ----------
    name : str
        ``TableName``.
    mode : {"provisioned", "on-demand"}
        From ``BillingModeSummary.BillingMode``; a table that was never on-demand may have no
        ``BillingModeSummary`` (AWS: "You may need to switch to on-demand mode at least once in order to return a
        BillingModeSummary response"), and is then read as provisioned when it has provisioned capacity.
    mode_from : str
        Which field gave the mode.
    read_units, write_units : float
        ``ProvisionedThroughput``, capacity units per second, ``>= 0`` and at most 1e12 (0 on an on-demand table).
    max_read_units, max_write_units : float or None
        ``OnDemandThroughput`` maximum, request units per second, ``> 0`` (``None``: not set, or -1).
    warm_read_per_s, warm_write_per_s : float or None
        ``WarmThroughput``, units per second, ``> 0`` (``None``: not given).
    size_bytes, item_count : int
        ``TableSizeBytes`` and ``ItemCount`` (AWS updates them about every six hours).
    indexes : tuple of IndexDescription
        ``GlobalSecondaryIndexes``.
    file : str
        The file read.

    Examples
    --------
    >>> TableDescription("orders", "provisioned", "BillingModeSummary.BillingMode", 3000.0, 4000.0)
    TableDescription('orders', 3000 RCU, 4000 WCU, 0.0 GB, 0 indexes)
    """

    name: str
    mode: str
    mode_from: str
    read_units: float = 0.0
    write_units: float = 0.0
    max_read_units: float | None = None
    max_write_units: float | None = None
    warm_read_per_s: float | None = None
    warm_write_per_s: float | None = None
    size_bytes: int = 0
    item_count: int = 0
    indexes: tuple[IndexDescription, ...] = ()
    file: str = "description"

    def __post_init__(self) -> None:
        _check_description(
            self,
            ("read_units", "write_units"),
            ("max_read_units", "max_write_units", "warm_read_per_s", "warm_write_per_s"),
        )
        check_choice("mode", self.mode, ("provisioned", "on-demand"))
        object.__setattr__(self, "size_bytes", check_count("size_bytes", self.size_bytes, low=0))
        object.__setattr__(self, "item_count", check_count("item_count", self.item_count, low=0))
        if not all(isinstance(i, IndexDescription) for i in self.indexes):
            raise ValueError(f"indexes = {self.indexes!r} is not allowed: must be IndexDescription objects")

    def __repr__(self) -> str:
        cap = f"{self.read_units:g} RCU, {self.write_units:g} WCU" if self.mode == "provisioned" else "on-demand"
        return f"TableDescription({self.name!r}, {cap}, {self.size_bytes / 1e9:.1f} GB, {len(self.indexes)} indexes)"

    def index(self, name: str) -> IndexDescription | None:
        """The index called ``name``, or ``None``."""
        return next((i for i in self.indexes if i.name == name), None)

    def as_table(self) -> Any:
        """The table as :func:`hotpart.what_if` and the simulator take it: the partition estimate and the provisioned
        capacity (an on-demand table's warm throughput stands in, the course's reading; see
        :attr:`partitions_estimate`).

        Examples
        --------
        >>> TableDescription("orders", "provisioned", "x", 3000.0, 4000.0).as_table()
        Table(5 partitions, 4,000 WCU/s (800 each), 3,000 RCU/s, simple keys)
        """
        from .simulator import Table

        if self.mode == "provisioned":
            r, w = self.read_units, self.write_units
        else:
            r, w = self.warm_read_per_s or 0.0, self.warm_write_per_s or 0.0
        return Table(self.partitions_estimate, wcu=w, rcu=r)

    @property
    def partitions_estimate(self) -> int:
        """Partitions the published rule of thumb gives for its capacity and size (:func:`hotpart.estimate_partitions`).

        On an on-demand table the warm throughput stands in for the provisioned capacity (the course's reading:
        warm throughput is what the table can serve at once). An estimate: AWS does not publish a table's
        partition count.
        """
        from .capacity import estimate_partitions

        if self.mode == "provisioned":
            r, w = self.read_units, self.write_units
        else:
            r, w = self.warm_read_per_s or 0.0, self.warm_write_per_s or 0.0
        return estimate_partitions(r, w, self.size_bytes / 1e9)


def _units(d: Any, key: str, file: str, where: str) -> float | None:
    if not isinstance(d, dict) or key not in d:
        return None
    v = d[key]
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v < -1:
        raise ExportError(file, where + key, "a number >= 0 (or -1: no maximum)", v)
    return None if v <= 0 and key not in ("ReadCapacityUnits", "WriteCapacityUnits", "TableSizeBytes", "ItemCount") else float(v)


def _status(v: Any, file: str, where: str) -> str:
    if v not in _INDEX_STATUSES:
        raise ExportError(file, where, " or ".join(repr(x) for x in _INDEX_STATUSES), v)
    return str(v)


def read_table_description(description: Any) -> TableDescription:
    """Read ``aws dynamodb describe-table`` output (``{"Table": {...}}``).

    Parameters
    ----------
    description : dict or path
        The ``DescribeTable`` response, its ``Table`` object, or the path of a JSON file holding it.

    Returns
    -------
    TableDescription

    Examples
    --------
    >>> d = read_table_description({"Table": {"TableName": "orders",
    ...     "ProvisionedThroughput": {"ReadCapacityUnits": 3000, "WriteCapacityUnits": 4000},
    ...     "TableSizeBytes": 2_000_000_000, "ItemCount": 1_000_000}})
    >>> d.mode, d.mode_from, d.write_units, d.partitions_estimate
    ('provisioned', 'ProvisionedThroughput (no BillingModeSummary)', 4000.0, 5)
    """
    data, file = _load(description, "description")
    if isinstance(data, dict) and "Table" in data:
        data = _field(data, "Table", file, "", dict)
    if not isinstance(data, dict):
        raise ExportError(file, "Table", "describe-table output (a Table object)", data)
    w = "Table."
    name = _field(data, "TableName", file, w, str)
    pt = data.get("ProvisionedThroughput") or {}
    rcu = _units(pt, "ReadCapacityUnits", file, w + "ProvisionedThroughput.") or 0.0
    wcu = _units(pt, "WriteCapacityUnits", file, w + "ProvisionedThroughput.") or 0.0
    bms = data.get("BillingModeSummary")
    if isinstance(bms, dict) and "BillingMode" in bms:
        bm = bms["BillingMode"]
        if bm not in ("PROVISIONED", "PAY_PER_REQUEST"):
            raise ExportError(file, w + "BillingModeSummary.BillingMode", "'PROVISIONED' or 'PAY_PER_REQUEST'", bm)
        mode, mode_from = ("provisioned" if bm == "PROVISIONED" else "on-demand"), "BillingModeSummary.BillingMode"
    elif rcu > 0 or wcu > 0:
        mode, mode_from = "provisioned", "ProvisionedThroughput (no BillingModeSummary)"
    else:
        mode, mode_from = "on-demand", "ProvisionedThroughput of 0 (no BillingModeSummary)"
    od = data.get("OnDemandThroughput") or {}
    warm = data.get("WarmThroughput") or {}
    indexes = []
    for i, g in enumerate(data.get("GlobalSecondaryIndexes") or []):
        gw = f"{w}GlobalSecondaryIndexes[{i}]."
        gpt = g.get("ProvisionedThroughput") or {} if isinstance(g, dict) else {}
        god = g.get("OnDemandThroughput") or {} if isinstance(g, dict) else {}
        indexes.append(
            IndexDescription(
                _field(g, "IndexName", file, gw, str),
                _status(g.get("IndexStatus", "ACTIVE"), file, gw + "IndexStatus"),
                bool(g.get("Backfilling", False)),
                _units(gpt, "ReadCapacityUnits", file, gw + "ProvisionedThroughput.") or 0.0,
                _units(gpt, "WriteCapacityUnits", file, gw + "ProvisionedThroughput.") or 0.0,
                _units(god, "MaxReadRequestUnits", file, gw + "OnDemandThroughput."),
                _units(god, "MaxWriteRequestUnits", file, gw + "OnDemandThroughput."),
            )
        )
    size = _units(data, "TableSizeBytes", file, w) or 0.0
    items = _units(data, "ItemCount", file, w) or 0.0
    if size > 2**53 or items > 2**53:
        raise ExportError(file, w + "TableSizeBytes", "a size and an item count up to 2**53", max(size, items))
    return TableDescription(
        name,
        mode,
        mode_from,
        rcu,
        wcu,
        _units(od, "MaxReadRequestUnits", file, w + "OnDemandThroughput."),
        _units(od, "MaxWriteRequestUnits", file, w + "OnDemandThroughput."),
        _units(warm, "ReadUnitsPerSecond", file, w + "WarmThroughput."),
        _units(warm, "WriteUnitsPerSecond", file, w + "WarmThroughput."),
        int(size),
        int(items),
        tuple(indexes),
        file,
    )


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
    index: str | None
    name: str
    stat: str
    period: int | None
    times: list[int]
    values: list[float]
    where: str
    file: str
    operation: str | None = None


@dataclass(frozen=True)
class _Query:
    name: str
    index: str | None
    stat: str
    period: int
    table: str
    operation: str | None


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
        out[qid] = _Query(name, d.get("GlobalSecondaryIndexName"), stat, period, d.get("TableName", ""), d.get("Operation"))
    return out


def _from_label(label: str) -> tuple[str, str | None]:
    parts = label.split()
    if len(parts) == 1:
        return parts[0], None
    if len(parts) == 2:
        return parts[1], parts[0]
    return label, None


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


def _per_minute(s: _Series, start: int, n: int, period: int) -> tuple[NDArray[np.float64], int]:
    """The series on the one-minute grid from ``start`` (``n`` minutes), and its periods with no data point.

    A ``Sum`` over a period of several minutes is spread evenly over them; a level (``Provisioned*``) is
    carried forward from each data point to the next, and back to the first minute before its first point.
    """
    per = period // PERIOD_S
    if _is_level(s.name):
        out = np.full(n, np.nan)
        for t, v in sorted(zip(s.times, s.values, strict=False)):
            out[(t - start) // PERIOD_S] = v
        seen = ~np.isnan(out)
        idx = np.where(seen, np.arange(n), 0)
        np.maximum.accumulate(idx, out=idx)
        first = int(np.argmax(seen))
        filled = out[idx]
        filled[:first] = out[first]
        return filled, 0
    out = np.zeros(n)
    seen_periods: set[int] = set()
    for t, v in zip(s.times, s.values, strict=False):
        i = (t - start) // PERIOD_S
        out[i : i + per] += v / per
        seen_periods.add((t - start) // period)
    expected = -(-n // per)
    return out, max(expected - len(seen_periods), 0)


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
        holding one of these; or a list of paths (one per file, as
        get-metric-statistics writes them).
    queries : dict, list or path, optional
        The ``--metric-data-queries`` input (a list of ``MetricDataQuery``, or
        ``{"MetricDataQueries": [...]}``), matched to the results by ``Id``.
        Without it, the identity comes from each result's ``Label``. Metrics the
        results do not carry are *not exported*: unknown to the diagnosis, never zero.
    insights, throttled_keys : dict or path, optional
        Contributor Insights reports (``get-insight-rule-report``) of the
        most-accessed and the most-throttled keys rules, read with
        :func:`read_insight_report` on the metrics' minutes.
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
        ``aws dynamodb describe-table`` output (:func:`read_table_description`): the billing mode and capacities.

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
        results
        if isinstance(results, (list, tuple)) and results and all(isinstance(x, (str, Path)) for x in results)
        else [results]
    )
    raw: list[tuple[dict, str]] = []
    first_file = "results"
    for k, doc in enumerate(docs):
        data, rfile = _load(doc, "results")
        if k == 0:
            first_file = rfile
        raw += _results_of(data, rfile)
    if not raw:
        raise ExportError(first_file, "MetricDataResults", "at least one result")
    notes: list[str] = []
    ident = None
    qfile = "queries"
    if queries is not None:
        qdata, qfile = _load(queries, "queries")
        ident = _queries_by_id(qdata, qfile, notes)
    known = set(metric_names())
    series: list[_Series] = []
    tables: set[str] = set()
    skipped: dict[str, int] = {}
    for i, (r, rfile) in enumerate(raw):
        w = "" if str(r.get("Id", "")).startswith("statistics:") else f"MetricDataResults[{i}]."
        rid = _field(r, "Id", rfile, w, str)
        times = _field(r, "Timestamps", rfile, w, list)
        values = _field(r, "Values", rfile, w, list)
        if len(times) != len(values):
            raise ExportError(rfile, w + "Values", f"as many values as timestamps ({len(times)})", f"{len(values)} values")
        status = r.get("StatusCode", "Complete")
        if status not in ("Complete", "PartialData"):
            raise ExportError(rfile, w + "StatusCode", "'Complete' or 'PartialData'", status)
        operation = None
        if ident is not None and not rid.startswith("statistics:"):
            if rid not in ident:
                raise ExportError(qfile, "MetricDataQueries", f"a query with Id {rid!r} (from {rfile})")
            q = ident[rid]
            if q is None:
                continue
            name, index, stat, qperiod, tname, operation = q.name, q.index, q.stat, q.period, q.table, q.operation
            if table is not None and tname and tname != table:
                continue
            tables.add(tname)
        else:
            label = _field(r, "Label", rfile, w, str)
            name, index = _from_label(label)
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
            notes.append(f"{label}: StatusCode PartialData (an incomplete set of data points; page with NextToken)")
        ts = [_epoch(t, rfile, f"{w}Timestamps[{j}]") for j, t in enumerate(times)]
        if len(set(ts)) != len(ts):
            raise ExportError(rfile, w + "Timestamps", "each timestamp once")
        vs = [_number(v, rfile, f"{w}Values[{j}]") for j, v in enumerate(values)]
        series.append(_Series(index, name, stat, qperiod, ts, vs, w, rfile, operation))
    if skipped:
        read = sorted(n for n in skipped if n in ONLINE_INDEX_METRICS)
        other = sorted(n for n in skipped if n not in ONLINE_INDEX_METRICS)
        if other:
            notes.append("skipped (documented DynamoDB metrics the diagnosis does not use): " + ", ".join(other))
        if read:
            notes.append("read for an index being built: " + ", ".join(read))
    if len(tables - {""}) > 1:
        raise ExportError(qfile, "Dimensions.TableName", "one table (pass table= or --table)", sorted(tables))
    all_times = [t for s in series for t in s.times]
    if not all_times:
        raise ExportError(first_file, "MetricDataResults[*].Timestamps", "at least one data point")
    start = min(all_times)
    for s in series:
        off = [t for t in s.times if (t - start) % PERIOD_S]
        if off:
            raise ExportError(s.file, s.where + "Timestamps", f"times on one grid of {PERIOD_S} s", _iso(off[0]))
    periods = {id(s): (s.period if s.period is not None else default_period) for s in series}
    sums = [s for s in series if not _is_level(s.name)]
    end = max([t + periods[id(s)] for s in sums for t in s.times] + [t + PERIOD_S for s in series for t in s.times])
    n = (end - start) // PERIOD_S
    if n > _MAX_MINUTES:
        raise ExportError(first_file, "Timestamps", f"at most {_MAX_MINUTES:,} minutes from the first to the last", n)
    sum_periods = sorted({periods[id(s)] for s in sums if s.times}) or [PERIOD_S]
    longer = sorted({periods[id(s)] for s in sums if s.times and periods[id(s)] > PERIOD_S})
    for p in longer:
        notes.append(f"period {p} s: each Sum is spread evenly over its {p // PERIOD_S} minutes")
    tab: dict[str, NDArray[np.float64]] = {}
    idx: dict[str, dict[str, NDArray[np.float64]]] = {}
    online: dict[str, dict[str, NDArray[np.float64]]] = {}
    exported: set[str] = set()
    no_data: set[str] = set()
    sample_counts = np.zeros(n)
    for s in series:
        label = f"{s.index + ' ' if s.index else ''}{s.name}"
        if s.stat == "SampleCount":
            if s.index is None and s.times:  # requests to the table that consumed capacity (AWS: SampleCount)
                sample_counts = sample_counts + _per_minute(s, start, n, periods[id(s)])[0]
            continue
        exported.add(label)
        if not s.times:
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
            spacing = np.diff(sorted(s.times))
            if spacing.size and int(spacing.min()) > PERIOD_S:
                notes.append(
                    f"{label}: a level at {int(spacing.min()) // PERIOD_S}-minute points (AWS aggregates it at five "
                    "minutes), carried forward between them"
                )
        elif missing:
            total = -(-n // (periods[id(s)] // PERIOD_S))
            counts = s.name.endswith(("ThrottleEvents", "ThrottledRequests"))
            note = (
                f"{label}: no data point in {missing} of {total} periods, read as 0 (the course's reading: a throttle "
                "count is taken to have no data point when there was nothing to count)"
                if counts
                else f"{label}: {missing} of {total} data points missing (no data, counted as 0 in sums)"
            )
            if note not in notes:
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
    top = None
    if insights is not None or throttled_keys is not None:
        acc = (
            read_insight_report(insights, "accessed", start=start, minutes=n, period=insights_period)
            if insights is not None
            else None
        )
        thr = (
            read_insight_report(throttled_keys, "throttled", start=start, minutes=n, period=insights_period)
            if throttled_keys is not None
            else None
        )
        top = _combine(acc, thr, n)
    desc = None
    if description is not None:
        desc = description if isinstance(description, TableDescription) else read_table_description(description)
    tname = (tables - {""}).pop() if tables - {""} else ""
    if desc is not None and tname and desc.name and desc.name != tname:
        raise ExportError(desc.file, "Table.TableName", f"the table the metrics are for ({tname!r})", desc.name)
    return ObservedMetrics(
        kind=kinds.pop() if len(kinds) == 1 else "both" if kinds else "write",
        seconds=n * PERIOD_S,
        batch_size=b,
        item_units=u,
        table=tab,
        indexes=idx,
        requests=requests,
        top=top,
        table_name=tname or (desc.name if desc is not None else "") or (table or ""),
        start=start,
        period_s=sum_periods[0],
        notes=tuple(notes),
        exported=frozenset(exported),
        no_data=frozenset(no_data),
        online=online,
        description=desc,
        insights_exported=(insights is not None, throttled_keys is not None),
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
    report: Any,
    kind: str = "accessed",
    *,
    start: int | None = None,
    minutes: int | None = None,
    period: int | None = None,
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
    period : int, optional
        The report's period, seconds: a multiple of 60 in ``[60, 3_600]``. The response does not carry it; if
        omitted it is read from the spacing of ``MetricDatapoints`` (else of the contributors' data points), and
        60 when a single time is given. A data point of a longer period counts for every minute it covers, its
        value spread evenly over them.

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
    given_minutes = minutes is not None
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
    if period is None:
        stamps = sorted(totals) if len(totals) > 1 else sorted({t for _, t, _ in points})
        gaps = [b - a for a, b in itertools.pairwise(stamps)]
        step = math.gcd(*gaps) if gaps else PERIOD_S
        period = step if step % PERIOD_S == 0 and PERIOD_S <= step <= 3_600 else PERIOD_S
    else:
        period = check_integer("period", period, low=PERIOD_S, high=3_600)
        if period % PERIOD_S:
            raise ValueError(f"period = {period!r} is not a whole number of minutes: must be a multiple of {PERIOD_S} s")
    span = period // PERIOD_S
    n = check_count("minutes", minutes if given_minutes else minutes + span - 1, low=1, high=_MAX_MINUTES)
    per: list[list[tuple[str, float]]] = [[] for _ in range(n)]
    for key, t, v in points:
        i, off = divmod(t - start, PERIOD_S)
        if off:
            raise ExportError(file, "Contributors[*].Datapoints[*].Timestamp", "data points on the metrics' minutes", _iso(t))
        for j in range(i, i + span):
            if 0 <= j < n:
                per[j].append((key, v / span))
    minute_totals: dict[int, float] = {}
    for t, v in totals.items():
        i = (t - start) // PERIOD_S
        for j in range(i, i + span):
            minute_totals[start + PERIOD_S * j] = v / span
    out = []
    for m in range(n):
        listed = tuple(sorted(per[m], key=lambda kv: -kv[1]))
        total = minute_totals.get(start + PERIOD_S * m, sum(v for _, v in listed))
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
    metrics: Metrics,
    *,
    table: str = "orders",
    start: str = _DEFAULT_START,
    newest_first: bool = True,
    provisioned_period: int = 300,
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
    provisioned_period : int
        The period of ``Provisioned*CapacityUnits``, seconds, 60 or 300: AWS aggregates them at five minutes,
        so a real export has a data point every five minutes (the level's ``Average`` over them).

    Returns
    -------
    (dict, list)
        The response ``{"MetricDataResults": [...], "Messages": []}`` and the
        ``MetricDataQuery`` list (``Sum`` at 60 s, or ``Average`` at ``provisioned_period`` for the provisioned
        level), matched by ``Id``. An on-demand table's ``Provisioned*CapacityUnits`` are asked for and come back
        with no data points, as CloudWatch returns them; ``ThrottledRequests`` carries the ``Operation``
        dimension (``PutItem``/``BatchWriteItem`` for writes, ``GetItem``/``BatchGetItem`` for reads).

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
    pp = check_choice("provisioned_period", provisioned_period, (60, 300))
    t0 = _epoch(start, "start", "start")
    stamps = [_iso(t0 + PERIOD_S * i) for i in range(metrics.minutes)]
    order = slice(None, None, -1) if newest_first else slice(None)
    results, queries = [], []
    op_by_kind = {
        "write": "PutItem" if metrics.batch_size == 1 else "BatchWriteItem",
        "read": "GetItem" if metrics.batch_size == 1 else "BatchGetItem",
        "both": "PutItem" if metrics.batch_size == 1 else "BatchWriteItem",
    }
    parts = [(None, metrics.table), *list(metrics.indexes.items())]
    for index, m in parts:
        items = list(m.items())
        kinds = [k for k in _KINDS if f"Consumed{k}CapacityUnits" in m]
        if not any(name.startswith("Provisioned") for name in m):  # on-demand: asked for, no data points
            items += [(f"Provisioned{k}CapacityUnits", None) for k in kinds]
        for name, arr in items:
            qid = f"m{len(queries)}"
            dims = [{"Name": "TableName", "Value": table}]
            if index is not None:
                dims.append({"Name": "GlobalSecondaryIndexName", "Value": index})
            if name == "ThrottledRequests":
                dims.append({"Name": "Operation", "Value": op_by_kind[metrics.kind]})
            label = f"{index} {name}" if index else name
            level = name.startswith("Provisioned")
            stat = "Average" if level else "Sum"
            period = pp if level else PERIOD_S
            if arr is None:
                times, values = [], []
            elif level and period > PERIOD_S:
                per = period // PERIOD_S
                a = np.asarray(arr, dtype=float)
                times = stamps[::per]
                values = [float(a[i : i + per].mean()) for i in range(0, a.size, per)]
            else:
                times, values = stamps, [float(v) for v in np.asarray(arr)]
            queries.append(
                {
                    "Id": qid,
                    "MetricStat": {
                        "Metric": {"Namespace": DYNAMODB_NAMESPACE, "MetricName": name, "Dimensions": dims},
                        "Period": period,
                        "Stat": stat,
                    },
                    "Label": label,
                    "ReturnData": True,
                }
            )
            results.append(
                {"Id": qid, "Label": label, "Timestamps": times[order], "Values": values[order], "StatusCode": "Complete"}
            )
    return {"MetricDataResults": results, "Messages": []}, queries


def to_insight_report(
    top: tuple[TopKeys, ...],
    kind: str = "accessed",
    *,
    start: str = _DEFAULT_START,
    key_label: str = "PK",
    weight: float = 1.0,
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
    weight : float
        Units the report counts per unit of the lists, in ``[1, 3]``: 3 writes the most-accessed report of a
        write table in AWS's ConsumedThroughputUnits (3 x write units + read units); 1 leaves the lists' units.

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
    wgt = check_number("weight", weight, low=1, high=3)
    t0 = _epoch(start, "start", "start")
    per_key: dict[str, list[tuple[str, float]]] = {}
    metric_points = []
    for tk in top:
        stamp = _iso(t0 + PERIOD_S * tk.minute)
        listed = tuple((k, v * wgt) for k, v in tk.accessed) if kind == "accessed" else tk.throttled
        total = tk.total_accessed * wgt if kind == "accessed" else tk.total_throttled
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
        # AWS's most-accessed report counts ConsumedThroughputUnits: a write table's units weighted 3
        "insights": to_insight_report(m.top, "accessed", start=start, key_label="customer_id", weight=3.0),
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
