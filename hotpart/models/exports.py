"""A simulation written out in AWS's formats: the files a reader would export, and the course's generative exporter.

Chapter 16 (``notebooks/16_your_table.ipynb``) is built on this module, and the tests of the diagnosis use it.
:func:`to_metric_data` and :func:`to_insight_report` write a :class:`hotpart.Metrics` as ``get-metric-data`` output
and one Contributor Insights report; :func:`write_sample_exports` writes chapter 16's sample table that way, and a
round trip (simulate, export, read back with :func:`hotpart.read_metric_data`) gives the same metrics.

:func:`simulated_exports` (and :func:`write_exports`, which writes its files) is the generative exporter: any
simulation (:func:`hotpart.simulate`, or :func:`hotpart.simulate_with_indexes` for a table and its indexes) as the
files ``python -m hotpart fetch`` writes and ``python -m hotpart diagnose --from DIR`` reads, each in AWS's
documented format and with AWS's conventions:

* ``metrics.json`` and ``queries.json``: every query ``python -m hotpart queries`` asks for (AWS's periods and
  dimensions: the consumed capacity and the throttle counts at one minute, ``ThrottledRequests`` per
  ``Operation``, the provisioned level as its ``Average`` every five minutes, an index's ``OnlineIndex*`` metrics
  at five minutes); a throttle count has no data point in a minute with nothing to count, an on-demand table's
  provisioned level none at all; a result may be marked ``PartialData``;
* ``table.json``: ``describe-table`` (billing mode, capacities, an on-demand maximum or warm throughput, each
  index with its status: ``CREATING`` and ``Backfilling`` for an index being built);
* ``insights-accessed[-INDEX].json`` and ``insights-throttled[-INDEX].json``: each scope's two Contributor Insights
  reports as ``get-insight-rule-report`` returns them: the top contributors over the whole window (not minute by
  minute), each with its one-minute data points, ``ApproximateUniqueCount`` the distinct keys seen, the
  most-accessed report in ``ConsumedThroughputUnits`` (3 x consumed write units + consumed read units: what each key
  consumed, so never more than 180,000 a minute for a key alone at its partition's ceiling), the most-throttled in
  throttled requests (the table's own partitions' refusals, not an index's back-pressure; an index's refused reads
  only: the counts of :func:`hotpart.cloudwatch`'s ``key_reports``); a minute whose throttled keys all fall outside
  the top contributors lists none.

Where AWS does not say how its exports look the choice is named: ``hp.ASSUMPTIONS["EXPORT_BACKFILL_METRICS"]``; how a
throttled partition's refusals fall on its keys, and so what each key consumed, is the simulator's
(``hp.ASSUMPTIONS["KEY_REFUSAL_SHARE"]``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from ._validation import check_choice, check_count, check_integer, check_number
from .constants import PERIOD_S
from .indexes import IndexedResult
from .metric_data import DYNAMODB_NAMESPACE, _epoch, _iso
from .metrics import Metrics, TopKeys, _key_units, batch_throttled_requests, cloudwatch
from .on_demand import OnDemand
from .simulator import SimulationResult

__all__ = [
    "EXPORT_BACKFILL_METRICS",
    "SAMPLE_FILES",
    "SAMPLE_LOG_RATE",
    "SAMPLE_TABLE",
    "sample_simulation",
    "simulated_exports",
    "to_insight_report",
    "to_metric_data",
    "write_exports",
    "write_sample_exports",
]

_KINDS = ("Read", "Write")
_INSIGHT_KINDS = ("accessed", "throttled")

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
    >>> from hotpart import Table, cloudwatch, read_metric_data, simulate
    >>> m = cloudwatch(simulate(Table(4, wcu=4_000), [1_500, 100, 100, 100], 120))
    >>> res, queries = to_metric_data(m)
    >>> read_metric_data(res, queries)["WriteKeyRangeThroughputThrottleEvents"].tolist()
    [30000.0, 30000.0]
    """
    if not isinstance(metrics, Metrics):
        raise ValueError(f"metrics = {metrics!r} is not a Metrics (use hotpart.cloudwatch)")
    if metrics.seconds % PERIOD_S:
        raise ValueError(f"metrics.seconds = {metrics.seconds} is not a whole number of minutes: CloudWatch has none")
    pp = check_choice("provisioned_period", check_integer("provisioned_period", provisioned_period), (60, 300))
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
    unique: int | None = None,
) -> dict:
    """Per-minute top keys as a ``get-insight-rule-report`` response of one DynamoDB rule.

    Parameters
    ----------
    top : tuple of TopKeys
        A :class:`hotpart.KeyReport`'s ``top`` (``cloudwatch(result, top_k=k).key_reports[""].top``), whose
        most-accessed lists count the units each key consumed, as AWS's report does; :func:`hotpart.top_keys` counts
        the units each key was offered, which no real most-accessed report holds.
    kind : {"accessed", "throttled"}
        The most-accessed or the most-throttled keys rule.
    start : str
        The first minute's time, ISO 8601.
    key_label : str
        The key's label (the partition key attribute's name).
    weight : float
        Units the report counts per unit of the lists, in ``[1, 3]``: 3 writes the most-accessed report of a
        write table in AWS's ConsumedThroughputUnits (3 x write units + read units); 1 leaves the lists' units.
    unique : int, optional
        The distinct keys the rule saw over the window, at least the keys the lists name (AWS's
        ``ApproximateUniqueCount``); left out of the report when omitted (the lists alone cannot give it).

    Returns
    -------
    dict
        ``KeyLabels``, ``AggregationStatistic`` ``"Sum"``, ``AggregateValue``,
        ``ApproximateUniqueCount`` (``unique``, when given), ``Contributors`` (most
        first, each with its one-minute ``Datapoints``) and
        ``MetricDatapoints`` (each minute's ``Sum`` over all keys).

    Examples
    --------
    >>> from hotpart import Table, cloudwatch, read_insight_report, simulate
    >>> top = cloudwatch(simulate(Table(1, wcu=3_000), [1_500, 10, 5], 120, keys=["hot", "a", "b"]), top_k=2).key_reports[""].top
    >>> rep = to_insight_report(top, "throttled")
    >>> [c["Keys"] for c in rep["Contributors"]], read_insight_report(rep, "throttled")[0].throttled == top[0].throttled
    ([['hot'], ['a']], True)

    'hot' is offered 1,500 WCU/s and consumes 990 of its partition's 1,000 (its neighbours the rest): 3 x 990 x 60
    ConsumedThroughputUnits a minute, under the 180,000 of a key alone at the ceiling.

    >>> round(to_insight_report(top, "accessed", weight=3)["Contributors"][0]["Datapoints"][0]["ApproximateValue"])
    178218
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
        **({} if unique is None else {"ApproximateUniqueCount": check_count("unique", unique, low=len(per_key))}),
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
    "description": "table.json",
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
    reports, ``describe-table`` output, and an access log (Parquet; one request in ``1 / SAMPLE_LOG_RATE`` recorded, columns
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
    report = m.key_reports[""]
    results, queries = to_metric_data(m, table="orders", start=start)
    docs = {
        "metrics": results,
        "queries": queries,
        # AWS's most-accessed report counts ConsumedThroughputUnits: what each key consumed, a write table's units
        # weighted 3 (the table's KeyReport, not top_keys' offered units)
        "insights": to_insight_report(
            report.top,
            "accessed",
            start=start,
            key_label="customer_id",
            weight=3.0,
            unique=int(report.unique_accessed or 0),
        ),
        "throttled_keys": to_insight_report(
            report.top,
            "throttled",
            start=start,
            key_label="customer_id",
            unique=int(report.unique_throttled or 0),
        ),
        "description": _description(res, "orders", ()),
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


# ---------------------------------------------------------------------------------------------
# The generative exporter: any simulation as the files fetch writes
# ---------------------------------------------------------------------------------------------

#: How the exporter writes an index being built (a backfill): its simulated writes and refusals go to
#: ``OnlineIndexConsumedWriteCapacity`` and ``OnlineIndexThrottleEvents`` (sums at five minutes), its progress rises
#: evenly over the window, and its own ``ConsumedWriteCapacityUnits`` and ``WriteThrottleEvents`` carry no data
#: point. AWS documents each metric, not how a backfill's writes divide between them
#: (``hp.ASSUMPTIONS["EXPORT_BACKFILL_METRICS"]``).
EXPORT_BACKFILL_METRICS: Final[str] = "OnlineIndex metrics only"
#: AWS's weight of a write unit in the most-accessed report's ConsumedThroughputUnits (3 x write + read units;
#: ``hp.SOURCES["CI_CONSUMED_THROUGHPUT_UNITS"]``).
_WRITE_WEIGHT = 3.0


def _minute_sums(x: NDArray[np.float64]) -> NDArray[np.float64]:
    """A per-second series summed into one-minute data points (whole minutes only)."""
    return x.reshape(-1, PERIOD_S).sum(axis=1)


def _throttled_requests(res: SimulationResult, batch_size: int) -> NDArray[np.float64]:
    """Whole ``ThrottledRequests`` per minute of one part of a simulation (the batch rule, then rounded)."""
    items = res.offered.sum(axis=1)
    refused = res.throttled.sum(axis=1)
    share = np.divide(refused, items, out=np.zeros_like(items), where=items > 0).clip(0.0, 1.0)
    return np.round(_minute_sums(batch_throttled_requests(items, share, batch_size)))


def _operations(result: SimulationResult | IndexedResult, batch_size: int) -> dict[str, NDArray[np.float64]]:
    """The table's ThrottledRequests per Operation: writes as PutItem (BatchWriteItem), reads as GetItem
    (BatchGetItem), queries on an index as Query."""
    write_op, read_op = ("PutItem", "GetItem") if batch_size == 1 else ("BatchWriteItem", "BatchGetItem")
    out: dict[str, NDArray[np.float64]] = {}

    def add(op: str, series: NDArray[np.float64]) -> None:
        out[op] = out.get(op, 0.0) + series

    if isinstance(result, IndexedResult):
        add(write_op, _throttled_requests(result.table, batch_size))
        if result.reads is not None:
            add(read_op, _throttled_requests(result.reads, batch_size))
        for r in result.index_reads.values():
            add("Query", _throttled_requests(r, 1))
    else:
        add(write_op if result.kind == "write" else read_op, _throttled_requests(result, batch_size))
    return out


def _accessed_and_throttled(
    parts: list[SimulationResult], own: list[SimulationResult | None], index: bool
) -> tuple[tuple[str, ...], NDArray, NDArray]:
    """One scope's keys, its most-accessed report's ConsumedThroughputUnits (3 x consumed write units + consumed read
    units: what each key consumed, never what it was offered) and its most-throttled report's refused units, per minute
    and key: the counts of :func:`hotpart.cloudwatch`'s ``key_reports`` (``own``, the base partitions' own result of each
    part where given; ``index`` for an index's own reports), the parts on other keys left out."""
    keys = parts[0].keys
    same = [
        (r, o)
        for r, o in zip(parts, own, strict=True)
        if r.keys == keys and r.key_offered is not None and r.key_throttled is not None
    ]
    acc, thr = _key_units([r for r, _ in same], [o for _, o in same], index=index, write_weight=_WRITE_WEIGHT)
    return keys, acc, thr


def _insight_document(
    keys: tuple[str, ...], values: NDArray[np.float64], t0: int, top_n: int, key_label: str, sums: bool
) -> dict:
    """A get-insight-rule-report response as AWS returns one: the ``top_n`` contributors over the window, each with
    its one-minute data points; the distinct keys seen; per minute the unique contributors and the largest."""
    totals = values.sum(axis=0)
    order = [int(i) for i in np.argsort(-totals, kind="stable") if totals[i] > 0][:top_n]
    contributors = [
        {
            "Keys": [keys[i]],
            "ApproximateAggregateValue": float(totals[i]),
            "Datapoints": [
                {"Timestamp": _iso(t0 + PERIOD_S * m), "ApproximateValue": float(values[m, i])}
                for m in range(values.shape[0])
                if values[m, i] > 0
            ],
        }
        for i in order
    ]
    points = []
    for m in range(values.shape[0]):
        row = values[m]
        point = {
            "Timestamp": _iso(t0 + PERIOD_S * m),
            "UniqueContributors": float(np.count_nonzero(row)),
            "MaxContributorValue": float(row.max(initial=0.0)),
        }
        if sums:
            point["Sum"] = float(math.fsum(row.tolist()))
        points.append(point)
    return {
        "KeyLabels": [key_label],
        "AggregationStatistic": "Sum",
        "AggregateValue": float(math.fsum(totals.tolist())),
        "ApproximateUniqueCount": int(np.count_nonzero(totals)),
        "Contributors": contributors,
        "MetricDatapoints": points,
    }


def _description(result: SimulationResult | IndexedResult, table: str, backfilling: Sequence[str]) -> dict:
    """``describe-table`` of the simulated table and its indexes."""
    base = result.table if isinstance(result, IndexedResult) else result
    parts = [base] + ([result.reads] if isinstance(result, IndexedResult) and result.reads is not None else [])
    on_demand = isinstance(base.mode, OnDemand)
    t: dict[str, Any] = {
        "TableName": table,
        "TableStatus": "ACTIVE",
        "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
        "BillingModeSummary": {"BillingMode": "PAY_PER_REQUEST" if on_demand else "PROVISIONED"},
        "ProvisionedThroughput": {
            "NumberOfDecreasesToday": 0,
            "ReadCapacityUnits": 0 if on_demand else round(base.table.rcu),
            "WriteCapacityUnits": 0 if on_demand else round(base.table.wcu),
        },
        # a size whose 10 GB partitions are the simulated count (chapter 1's rule of thumb)
        "TableSizeBytes": int(base.table.partitions * 9.5e9),
        "ItemCount": int(base.table.partitions * 9_500_000),
    }
    if on_demand:
        od: dict[str, int] = {}
        warm: dict[str, int] = {}
        for r in parts:
            k = "Write" if r.kind == "write" else "Read"
            if isinstance(r.mode, OnDemand) and r.mode.max_throughput is not None:
                od[f"Max{k}RequestUnits"] = round(r.mode.max_throughput)
            if isinstance(r.mode, OnDemand) and r.mode.warm_throughput is not None:
                warm[f"{k}UnitsPerSecond"] = round(r.mode.warm_throughput)
        if od:
            t["OnDemandThroughput"] = od
        if warm:
            t["WarmThroughput"] = {**warm, "Status": "ACTIVE"}
    if isinstance(result, IndexedResult):
        gsis = []
        for name, r in result.indexes.items():
            g: dict[str, Any] = {
                "IndexName": name,
                "KeySchema": [{"AttributeName": f"{name}-key", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "KEYS_ONLY"},
                "IndexStatus": "CREATING" if name in backfilling else "ACTIVE",
                "ProvisionedThroughput": {
                    "NumberOfDecreasesToday": 0,
                    "ReadCapacityUnits": 0 if on_demand else round(r.table.rcu),
                    "WriteCapacityUnits": 0 if on_demand else round(r.table.wcu),
                },
            }
            if name in backfilling:
                g["Backfilling"] = True
            if isinstance(r.mode, OnDemand) and r.mode.max_throughput is not None:
                g["OnDemandThroughput"] = {"MaxWriteRequestUnits": round(r.mode.max_throughput)}
            gsis.append(g)
        t["GlobalSecondaryIndexes"] = gsis
    return {"Table": t}


def _five_minute(values: NDArray[np.float64], stat: str) -> tuple[list[int], list[float]]:
    """Five-minute data points of a per-minute series: the Sum or the Average of each period's minutes."""
    idx, out = [], []
    for i in range(0, values.size, 5):
        block = values[i : i + 5]
        idx.append(i)
        out.append(float(block.sum() if stat == "Sum" else block.mean()))
    return idx, out


def _series_for(
    query: dict, metrics: Metrics, ops: dict[str, NDArray[np.float64]], backfilling: Sequence[str]
) -> tuple[list[int], list[float]]:
    """The data points (minute index, value) one query of ``hotpart queries`` returns for a simulated table."""
    ms = query["MetricStat"]
    name = ms["Metric"]["MetricName"]
    dims = {d["Name"]: d["Value"] for d in ms["Metric"]["Dimensions"]}
    index, op = dims.get("GlobalSecondaryIndexName"), dims.get("Operation")
    n = metrics.minutes
    if name == "ThrottledRequests":
        v = ops.get(op)
        return ([], []) if v is None else ([int(i) for i in np.flatnonzero(v > 0)], [float(x) for x in v[v > 0]])
    source = metrics.table if index is None else metrics.indexes.get(index, {})
    if name.startswith("OnlineIndex"):
        if index not in backfilling:
            return [], []
        m = metrics.indexes[index]
        if name == "OnlineIndexConsumedWriteCapacity":
            return _five_minute(np.asarray(m.get("ConsumedWriteCapacityUnits", np.zeros(n))), "Sum")
        if name == "OnlineIndexThrottleEvents":
            idx, vals = _five_minute(np.asarray(m.get("WriteThrottleEvents", np.zeros(n))), "Sum")
            return [i for i, v in zip(idx, vals, strict=True) if v > 0], [v for v in vals if v > 0]
        progress = np.linspace(100.0 / n, 100.0, n) * 0.9  # rises evenly, not done within the window
        return _five_minute(progress, "Average")
    if index is not None and index in backfilling and name.startswith(("ConsumedWrite", "Write")):
        return [], []  # a backfill's writes are counted in OnlineIndex* (EXPORT_BACKFILL_METRICS)
    if name not in source:
        return [], []
    v = np.asarray(source[name], dtype=float)
    if name.startswith("Provisioned"):
        return _five_minute(v, "Average")
    if name.startswith("Consumed"):
        return list(range(n)), [float(x) for x in v]
    keep = np.flatnonzero(v > 0)  # a throttle count has no data point in a minute with nothing to count
    return [int(i) for i in keep], [float(x) for x in v[keep]]


def simulated_exports(
    result: SimulationResult | IndexedResult,
    *,
    table: str = "orders",
    start: str = _DEFAULT_START,
    batch_size: int = 1,
    top_n: int | None = 25,
    backfilling: Sequence[str] = (),
    partial_data: Sequence[str] = (),
    insight_sums: bool = True,
    key_label: str = "pk",
) -> dict[str, Any]:
    """A simulated table and its indexes as the files ``python -m hotpart fetch`` writes, in AWS's formats.

    Parameters
    ----------
    result : SimulationResult or IndexedResult
        From :func:`hotpart.simulate` or :func:`hotpart.simulate_with_indexes`, whole minutes; per-key demand
        (``keys=``) for the Contributor Insights reports.
    table : str
        The ``TableName``.
    start : str
        The first minute, ISO 8601.
    batch_size : int
        Items per request, in ``[1, 25]``, for ``ThrottledRequests`` (the batch rule of :func:`hotpart.cloudwatch`).
    top_n : int or None
        Contributors per Contributor Insights report, in ``[1, 100]`` (``fetch`` asks for 25); ``None`` for
        Contributor Insights off (no report written).
    backfilling : sequence of str
        Indexes being built: written ``CREATING`` with ``Backfilling``, their writes as ``OnlineIndex*`` metrics
        (:data:`EXPORT_BACKFILL_METRICS`).
    partial_data : sequence of str
        Metric labels (``"WriteThrottleEvents"``, ``"status-index WriteThrottleEvents"``) whose result is marked
        ``StatusCode`` ``PartialData`` (their data points are all there).
    insight_sums : bool
        Whether the reports' ``MetricDatapoints`` carry ``Sum`` (asked for with ``--metrics Sum``; ``fetch`` does not).
    key_label : str
        The reports' ``KeyLabels`` entry.

    Returns
    -------
    dict of str to object
        JSON documents by file name: ``metrics.json``, ``queries.json``, ``table.json`` and, with ``top_n``,
        ``insights-accessed.json``, ``insights-throttled.json`` and the same with ``-INDEX`` for each index; each
        report carries its rule name (``RuleName``), as ``fetch`` writes it.

    Examples
    --------
    >>> from hotpart import Table, read_metric_data, simulate
    >>> res = simulate(Table(4, wcu=4_000), [1_500] + [10.0] * 99, 120, keys=[f"K{i}" for i in range(100)])
    >>> files = simulated_exports(res)
    >>> sorted(files)
    ['insights-accessed.json', 'insights-throttled.json', 'metrics.json', 'queries.json', 'table.json']
    >>> m = read_metric_data(files["metrics.json"], files["queries.json"], description=files["table.json"])
    >>> m["WriteKeyRangeThroughputThrottleEvents"].tolist(), m.capacity_mode[0]
    ([45600.0, 45600.0], 'provisioned')
    """
    from .._aws import metric_queries

    if not isinstance(result, (SimulationResult, IndexedResult)):
        raise ValueError(f"result = {result!r} is not a SimulationResult or IndexedResult")
    if result.seconds % PERIOD_S:
        raise ValueError(f"result.seconds = {result.seconds} is not a whole number of minutes: CloudWatch has none")
    b = check_count("batch_size", batch_size, low=1, high=25)
    if top_n is not None:
        top_n = check_count("top_n", top_n, low=1, high=100)
    indexes = list(result.indexes) if isinstance(result, IndexedResult) else []
    for name in [*backfilling]:
        check_choice("backfilling", name, tuple(indexes))
    t0 = _epoch(start, "start", "start")
    metrics = cloudwatch(result, batch_size=b)
    ops = _operations(result, b)
    queries = metric_queries(table, indexes)
    results = []
    for q in queries:
        minutes, values = _series_for(q, metrics, ops, backfilling)
        order = sorted(range(len(minutes)), key=lambda j: -minutes[j])  # TimestampDescending, the default
        results.append(
            {
                "Id": q["Id"],
                "Label": q["Label"],
                "Timestamps": [_iso(t0 + PERIOD_S * minutes[j]) for j in order],
                "Values": [values[j] for j in order],
                "StatusCode": "PartialData" if q["Label"] in partial_data else "Complete",
            }
        )
    files: dict[str, Any] = {
        "metrics.json": {"MetricDataResults": results, "Messages": []},
        "queries.json": queries,
        "table.json": _description(result, table, backfilling),
    }
    if top_n is None:
        return files
    # each scope's parts, the base partitions' own result of each (the table's most-throttled report holds only
    # their refusals), and whether it is an index (its most-throttled report holds only its refused reads)
    scopes: list[tuple[str, list[SimulationResult], list[SimulationResult | None], bool]] = []
    if isinstance(result, IndexedResult):
        reads = [result.reads] if result.reads is not None else []
        scopes.append(("", [result.table, *reads], [result.own] + [None] * len(reads), False))
        for name, r in result.indexes.items():
            parts = [r] + ([result.index_reads[name]] if name in result.index_reads else [])
            scopes.append((name, parts, [None] * len(parts), True))
    else:
        scopes.append(("", [result], [None], False))
    stamp = "1764493200000"
    for scope, parts, own, index in scopes:
        if parts[0].key_offered is None:
            continue
        keys, acc, thr = _accessed_and_throttled(parts, own, index)
        resource = f"{table}/{scope}" if scope else table
        suffix = f"-{scope}" if scope else ""
        for code, role, values in (("PKC", "accessed", acc), ("PKT", "throttled", thr)):
            doc = _insight_document(keys, values, t0, top_n, key_label, insight_sums)
            files[f"insights-{role}{suffix}.json"] = {"RuleName": f"DynamoDBContributorInsights-{code}-{resource}-{stamp}", **doc}
    return files


def write_exports(result: SimulationResult | IndexedResult, folder: str | Path, **options: Any) -> dict[str, Path]:
    """Write :func:`simulated_exports` into ``folder``, the way ``python -m hotpart fetch`` writes a folder.

    Parameters
    ----------
    result : SimulationResult or IndexedResult
        The simulation.
    folder : str or Path
        A new name, an empty folder or a previous export (only the files this writes are replaced; anything else
        there is refused, as for ``fetch``).
    **options
        Passed to :func:`simulated_exports`.

    Returns
    -------
    dict of str to Path
        The files written, by name. ``python -m hotpart diagnose --from FOLDER`` reads them.

    Examples
    --------
    >>> import tempfile
    >>> from hotpart import Table, simulate
    >>> res = simulate(Table(4, wcu=4_000), [1_500] + [10.0] * 99, 120, keys=[f"K{i}" for i in range(100)])
    >>> sorted(write_exports(res, tempfile.mkdtemp() + "/exports"))[:2]
    ['insights-accessed.json', 'insights-throttled.json']
    """
    from .._outdir import write_output_folder

    files = simulated_exports(result, **options)
    write_output_folder(
        folder, {name: (json.dumps(doc, indent=1) + "\n").encode() for name, doc in files.items()}, kind="exports"
    )
    return {name: Path(folder) / name for name in files}
