"""Contributor Insights reports (``aws cloudwatch get-insight-rule-report``) of DynamoDB's rules, read per scope.

Chapter 16 (``notebooks/16_your_table.ipynb``) reads them. DynamoDB creates two rules for each table and each
global secondary index with Contributor Insights on: the most accessed keys
(``DynamoDBContributorInsights-PKC-[resource_name]-[creationtimestamp]``) and the most throttled keys (``-PKT-``),
plus ``-SKC-``/``-SKT-`` for the items of a table with a sort key. :func:`read_insight_report` reads one report into
per-minute :class:`hotpart.TopKeys`; :func:`read_key_report` reads a scope's two reports into one
:class:`hotpart.KeyReport`, with what the reports say of the key space (``ApproximateUniqueCount``: the distinct
keys the rule saw; the contributors it lists); :func:`insight_rule_scope` reads a rule name's table or index.

The response does not carry its rule's name, so the reader takes it from the document's ``RuleName`` (which
``python -m hotpart fetch`` adds) or from the file's name when that holds the rule name. What a report counts:
``ConsumedThroughputUnits`` in the most-accessed rule (3 x write units + read units), ``ThrottleCount`` (throttling
errors) in the most-throttled one (``hp.SOURCES["CI_CONSUMED_THROUGHPUT_UNITS"]``, ``["CI_THROTTLE_COUNT"]``). A
minute in which the rule saw throttling but lists no contributor is read as it is: a total with no key named.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._validation import check_choice, check_count, check_integer
from .constants import PERIOD_S
from .metric_data import _MAX_EPOCH_S, _MAX_MINUTES, ExportError, _epoch, _field, _iso, _load, _number
from .metrics import KeyReport, TopKeys

__all__ = ["INSIGHT_RULE_CODES", "insight_rule_scope", "read_insight_report", "read_key_report"]

#: DynamoDB's Contributor Insights rules by the code in their name: the kind of report each gives (AWS,
#: contributorinsights_HowItWorks.html: "CloudWatch rule name format: DynamoDBContributorInsights-PKC-
#: [resource_name]-[creationtimestamp]").
INSIGHT_RULE_CODES: dict[str, str] = {"PKC": "accessed", "PKT": "throttled", "SKC": "accessed", "SKT": "throttled"}
_RULE = re.compile(r"DynamoDBContributorInsights-(PKC|PKT|SKC|SKT)-([A-Za-z0-9_.\-/]+?)(?:-(\d+))?(?:\.json)?$")
_KINDS = ("accessed", "throttled")


@dataclass(frozen=True)
class _Report:
    """One report as read: its data points, per-minute totals, and what it says of itself."""

    file: str
    kind: str
    points: tuple[tuple[str, int, float], ...]  # (key, time, value)
    totals: dict[int, float]  # time -> MetricDatapoints Sum
    unique: float | None  # ApproximateUniqueCount
    listed: int  # contributors listed
    rule: str  # "" when unknown


def _rule_of(data: dict, file: str) -> str:
    """The rule's name: the document's ``RuleName`` (as fetch writes it), else the file name when it holds one."""
    name = data.get("RuleName")
    if isinstance(name, str) and name:
        return name
    m = _RULE.search(Path(file).name)
    return m.group(0).removesuffix(".json") if m else ""


def insight_rule_scope(rule: str, table: str = "", indexes: tuple[str, ...] | list[str] = ()) -> tuple[str, str] | None:
    """The report kind and the scope a DynamoDB Contributor Insights rule name gives, or ``None`` for another name.

    Parameters
    ----------
    rule : str
        ``DynamoDBContributorInsights-<code>-<resource>-<timestamp>``; ``<resource>`` is the table's name, or the
        table's and the index's joined by ``/`` or ``-``.
    table : str
        The table's name, when known (tells ``orders-status-index`` apart from a table of that name).
    indexes : sequence of str
        The table's index names, when known.

    Returns
    -------
    (str, str) or None
        ``("accessed" or "throttled", scope)``: the scope is ``""`` for the table, else the index's name.

    Examples
    --------
    >>> insight_rule_scope("DynamoDBContributorInsights-PKT-orders/status-index-1764493200000")
    ('throttled', 'status-index')
    >>> insight_rule_scope("DynamoDBContributorInsights-PKC-orders-status-index-1764493200000", "orders")
    ('accessed', 'status-index')
    >>> insight_rule_scope("DynamoDBContributorInsights-PKC-orders-1764493200000", "orders")
    ('accessed', '')
    >>> insight_rule_scope("my-rule") is None
    True
    """
    m = _RULE.fullmatch(rule.strip())
    if m is None:
        return None
    kind, resource = INSIGHT_RULE_CODES[m.group(1)], m.group(2)
    if "/" in resource:
        return kind, resource.split("/", 1)[1]
    if table and resource == table:
        return kind, ""
    for index in sorted(indexes, key=len, reverse=True):
        if resource.endswith(f"-{index}") and (not table or resource == f"{table}-{index}"):
            return kind, index
    if table and resource.startswith(f"{table}-"):
        return kind, resource[len(table) + 1 :]
    return kind, ""


def _parse(report: Any, kind: str | None) -> _Report:
    data, file = _load(report, "report")
    if not isinstance(data, dict):
        raise ExportError(file, "(document)", "a GetInsightRuleReport object", data)
    rule = _rule_of(data, file)
    ruled = insight_rule_scope(rule) if rule else None
    if kind is None:
        kind = ruled[0] if ruled else "accessed"
    elif ruled and ruled[0] != kind:
        names = {"throttled": "most-throttled (PKT)", "accessed": "most-accessed (PKC)"}
        want = "--throttled-keys" if ruled[0] == "throttled" else "--insights"
        raise ExportError(
            file, "RuleName", f"a {names[kind]} report for this option; {rule} is a {names[ruled[0]]} report ({want})"
        )
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
    unique = data.get("ApproximateUniqueCount")
    if unique is not None:
        unique = _number(unique, file, "ApproximateUniqueCount")
    return _Report(file, kind, tuple(points), totals, unique, len(contributors), rule)


def _period(rep: _Report, period: int | None) -> int:
    if period is not None:
        p = check_integer("period", period, low=PERIOD_S, high=3_600)
        if p % PERIOD_S:
            raise ValueError(f"period = {period!r} is not a whole number of minutes: must be a multiple of {PERIOD_S} s")
        return p
    stamps = sorted(rep.totals) if len(rep.totals) > 1 else sorted({t for _, t, _ in rep.points})
    gaps = [b - a for a, b in itertools.pairwise(stamps)]
    step = math.gcd(*gaps) if gaps else PERIOD_S
    return step if step % PERIOD_S == 0 and PERIOD_S <= step <= 3_600 else PERIOD_S


def _window(reps: list[_Report], start: int | None, minutes: int | None, span: int) -> tuple[int, int]:
    """The first minute and the number of minutes the reports are read on."""
    times = [t for r in reps for _, t, _ in r.points] + [t for r in reps for t in r.totals]
    given_start = start is not None
    if start is None:
        if not times:
            raise ExportError(reps[0].file, "Contributors", "at least one data point")
        start = min(times)
    if minutes is None:
        minutes = (max(times) - start) // PERIOD_S + 1 if times else 1
        if given_start and not 1 <= minutes <= _MAX_MINUTES:
            raise ValueError(
                f"start = {start!r} puts the report's last data point ({_iso(max(times))}) {minutes - 1:,} minutes "
                f"after it: must be from 0 to {_MAX_MINUTES - 1:,} minutes (or pass minutes)"
            )
        minutes += span - 1
    return start, check_count("minutes", minutes, low=1, high=_MAX_MINUTES)


def _lists(rep: _Report, start: int, n: int, period: int) -> tuple[list[list[tuple[str, float]]], dict[int, float]]:
    """Each minute's listed keys and the minute totals: a data point of a longer period counts for every minute it
    covers, its value spread evenly over them."""
    span = period // PERIOD_S
    per: list[list[tuple[str, float]]] = [[] for _ in range(n)]
    for key, t, v in rep.points:
        i, off = divmod(t - start, PERIOD_S)
        if off:
            raise ExportError(rep.file, "Contributors[*].Datapoints[*].Timestamp", "data points on the metrics' minutes", _iso(t))
        for j in range(i, i + span):
            if 0 <= j < n:
                per[j].append((key, v / span))
    totals: dict[int, float] = {}
    for t, v in rep.totals.items():
        i = (t - start) // PERIOD_S
        for j in range(i, i + span):
            if 0 <= j < n:
                totals[j] = v / span
    return per, totals


def _top(rep: _Report | None, kind: str, start: int, n: int, period: int | None) -> list[TopKeys | None]:
    if rep is None:
        return [None] * n
    per, totals = _lists(rep, start, n, _period(rep, period))
    out: list[TopKeys | None] = []
    for m in range(n):
        listed = tuple(sorted(per[m], key=lambda kv: -kv[1]))
        total = max(totals.get(m, 0.0), math.fsum(v for _, v in listed))
        if kind == "accessed":
            out.append(TopKeys(m, listed, (), total, 0.0))
        else:
            out.append(TopKeys(m, (), listed, 0.0, total))
    return out


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
        contributors; where it is absent or smaller, the listed contributors' sum stands in).
    kind : {"accessed", "throttled"}
        Which of DynamoDB's rules the report is: most accessed keys or most throttled keys. A report whose rule name
        (``RuleName``, or the file's name) says the other kind is refused by name.
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
        One per minute. Composite keys (partition and sort key) are joined with ``|``. A minute whose total is
        above zero may list no key: the rule saw traffic (or throttling) and named no contributor.

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
    check_choice("kind", kind, _KINDS)
    if start is not None:
        start = check_count("start", start, low=0, high=_MAX_EPOCH_S)
    if minutes is not None:
        minutes = check_count("minutes", minutes, low=1, high=_MAX_MINUTES)
    rep = _parse(report, kind)
    span = _period(rep, period) // PERIOD_S
    t0, n = _window([rep], start, minutes, span if minutes is None else 1)
    return tuple(t for t in _top(rep, kind, t0, n, period) if t is not None)


def read_key_report(
    accessed: Any = None,
    throttled: Any = None,
    *,
    start: int | None = None,
    minutes: int | None = None,
    period: int | None = None,
) -> KeyReport:
    """Read one table's or one index's Contributor Insights reports into a :class:`hotpart.KeyReport`.

    Parameters
    ----------
    accessed, throttled : dict or path, optional
        The most-accessed and the most-throttled report (``get-insight-rule-report``); at least one.
    start, minutes, period
        As in :func:`read_insight_report`; both reports are read on the same minutes.

    Returns
    -------
    KeyReport
        Per minute, both lists; each report's ``ApproximateUniqueCount`` and the contributors it lists; the rule
        names; ``weighted`` (the most-accessed units are ``ConsumedThroughputUnits``).

    Examples
    --------
    >>> rep = {"KeyLabels": ["PK"], "ApproximateUniqueCount": 402118, "Contributors": [
    ...     {"Keys": ["hot"], "ApproximateAggregateValue": 60.0,
    ...      "Datapoints": [{"Timestamp": "2026-11-30T09:00:00Z", "ApproximateValue": 60.0}]}]}
    >>> r = read_key_report(rep)
    >>> r.unique_accessed, r.listed_accessed, r.key_space_listed()
    (402118.0, 1, False)
    """
    if accessed is None and throttled is None:
        raise ValueError("read_key_report: expected a most-accessed or a most-throttled report (or both)")
    if start is not None:
        start = check_count("start", start, low=0, high=_MAX_EPOCH_S)
    if minutes is not None:
        minutes = check_count("minutes", minutes, low=1, high=_MAX_MINUTES)
    reps = {k: _parse(doc, k) if doc is not None else None for k, doc in (("accessed", accessed), ("throttled", throttled))}
    present = [r for r in reps.values() if r is not None]
    span = max(_period(r, period) for r in present) // PERIOD_S
    t0, n = _window(present, start, minutes, span if minutes is None else 1)
    acc = _top(reps["accessed"], "accessed", t0, n, period)
    thr = _top(reps["throttled"], "throttled", t0, n, period)
    top = tuple(
        TopKeys(
            m,
            a.accessed if a else (),
            t.throttled if t else (),
            a.total_accessed if a else 0.0,
            t.total_throttled if t else 0.0,
        )
        for m, (a, t) in enumerate(zip(acc, thr, strict=True))
    )
    a, t = reps["accessed"], reps["throttled"]
    return KeyReport(
        top,
        accessed=a is not None,
        throttled=t is not None,
        unique_accessed=a.unique if a else None,
        unique_throttled=t.unique if t else None,
        listed_accessed=a.listed if a else 0,
        listed_throttled=t.listed if t else 0,
        weighted=True,
        rules=tuple(r.rule for r in present if r.rule),
    )


def report_rule(report: Any) -> str:
    """The rule name of a report (its ``RuleName``, or the file's name), ``""`` when neither gives one."""
    data, file = _load(report, "report")
    return _rule_of(data, file) if isinstance(data, dict) else ""
