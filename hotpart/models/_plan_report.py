"""A :class:`hotpart.Plan` as the JSON report (:func:`hotpart.plan_report_schema`), text and Markdown (internal)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Final

from .planning import PLAN_SCHEMA_VERSION, VERDICTS

if TYPE_CHECKING:
    from .planning import Number, Plan, TargetLoad

_CHAPTER_TITLES = {
    "01_partitions": "chapter 1",
    "02_key_designs": "chapter 2",
    "03_zipf": "chapter 3",
    "05_write_sharding": "chapter 5",
    "06_fanout": "chapter 6",
    "08_burst": "chapter 8",
    "09_adaptive": "chapter 9",
    "10_isolation": "chapter 10",
    "11_capacity_modes": "chapter 11",
    "12_gsi": "chapter 12",
    "15_diagnosis": "chapter 15",
}


def _value(x: float) -> float | None:
    return None if isinstance(x, float) and not math.isfinite(x) else round(float(x), 6)


def _number(n: Number) -> dict[str, Any]:
    return {"name": n.name, "value": _value(n.value), "unit": n.unit, "chapter": n.chapter}


def _target_numbers(t: TargetLoad) -> list[Number]:
    from .planning import PLAN_CHAPTERS, Number

    unit = "WCU/s" if t.kind == "write" else "RCU/s"
    ch = PLAN_CHAPTERS
    out = [
        Number("partitions", t.partitions, "", ch["partitions"]),
        Number("demand", t.demand, unit, ch["units"]),
        Number("hottest key", t.hot_key, unit, ch["hottest key"]),
        Number("hottest partition", t.hot_partition, unit, ch["ceiling"]),
    ]
    if t.capacity is not None:
        out.append(Number("capacity", t.capacity, unit, ch["adaptive"]))
    elif math.isfinite(t.limit):
        out.append(Number("table-level limit", t.limit, unit, ch["on-demand"]))
    out.append(Number("refused at the peak", t.refused, unit, ch["adaptive"] if t.capacity is not None else ch["on-demand"]))
    out.append(Number("refused after split for heat", t.refused_after_split, unit, ch["split for heat"]))
    return out


def report_dict(plan: Plan, fail_on: str) -> dict[str, Any]:
    """The JSON report of ``hotpart plan --format json``."""

    status = plan.exit_status(fail_on)
    return {
        "schema_version": PLAN_SCHEMA_VERSION,
        "definition": {"file": plan.definition, "format": plan.definition_format},
        "workload": {"file": plan.workload},
        "worst": plan.worst,
        "fail_on": fail_on,
        "exit_status": status,
        "counts": {k: sum(v.verdict == k for v in plan.patterns) for k in VERDICTS},
        "targets": [
            {
                "table": t.table,
                "index": t.index,
                "kind": t.kind,
                "mode": t.mode,
                "shape": t.shape,
                "partitions": t.partitions,
                "partitions_from": t.partitions_from,
                "demand": _value(t.demand),
                "hottest_key": _value(t.hot_key),
                "hottest_partition": _value(t.hot_partition),
                "ceiling": _value(t.ceiling),
                "refused": _value(t.refused),
                "refused_after_split": _value(t.refused_after_split),
                "blocked": t.blocked,
                "numbers": [_number(n) for n in _target_numbers(t)],
            }
            for t in plan.targets
        ],
        "patterns": [
            {
                "pattern": v.pattern.pattern,
                "description": v.pattern.description,
                "table": v.table,
                "target": v.target,
                "operation": v.pattern.operation,
                "kind": v.pattern.kind,
                "verdict": v.verdict,
                "refused": _value(v.refused),
                "refused_after_split": _value(v.refused_after_split),
                "backpressure": _value(v.backpressure),
                "utilization": _value(v.utilization),
                "cause": v.cause,
                "numbers": [_number(n) for n in v.numbers],
                "remedies": [{"row": r.row, "action": r.action, "numbers": [_number(n) for n in r.numbers]} for r in v.remedies],
                "unchecked": list(v.unchecked),
            }
            for v in plan.patterns
        ],
        "notes": list(plan.notes),
        "assumptions": [
            "PLAN_PATTERNS_SHARE_KEYS",
            "PLAN_KEYS_ONLY_ENTRY_BYTES",
            "PLAN_ON_DEMAND_PARTITIONS",
            "SHARD_UTILIZATION",
            "PARTITION_READS_WRITES_APART",
            "SPLIT_TRIGGER_MINUTES",
            "INDEX_SPLIT_FOR_HEAT",
        ],
    }


#: Why split for heat cannot cut a hot key, as the report says it (the codes are :attr:`TargetLoad.blocked`'s).
_BLOCKED = {
    "single item": "single item (one item a key: give the spread's items_per_key if a key holds a collection)",
    "LSI": "a collection with a local index",
    "monotonic sort key": "traffic on a rising sort key",
}


def _fmt(x: float) -> str:
    if isinstance(x, float) and math.isinf(x):
        return "none"
    if 0 < abs(x) < 0.01:  # a key of a uniform key space of millions: not a number to read as 1e-06
        return "< 0.01"
    if abs(x) >= 100 or float(x).is_integer():
        return f"{x:,.0f}"
    return f"{x:,.3g}"


def _cite(chapter: str, markdown: bool) -> str:
    title = _CHAPTER_TITLES.get(chapter, chapter)
    return f"({title}, `{chapter}`)" if markdown else f"[{title}]"


def _numbers_line(numbers: tuple[Number, ...] | list[Number], markdown: bool) -> list[str]:
    return [f"{n.name}: {_fmt(n.value)}{' ' + n.unit if n.unit else ''} {_cite(n.chapter, markdown)}" for n in numbers]


def report_text(plan: Plan, *, markdown: bool = False) -> str:
    """The report in words: what each table and index carries, then each pattern's verdict, its numbers and remedies."""
    b = (lambda s: f"**{s}**") if markdown else (lambda s: s)
    counts = ", ".join(f"{sum(v.verdict == k for v in plan.patterns)} {k}" for k in VERDICTS)
    head = (
        f"Plan of {plan.definition or 'the design'} ({plan.definition_format or 'tables'}) against "
        f"{plan.workload}: {len(plan.patterns)} patterns: {counts}. Worst: {plan.worst}."
    )
    out = [f"# {head}" if markdown else head, ""]
    out.append("## Tables and indexes" if markdown else "Tables and indexes")
    for t in plan.targets:
        unit = "WCU/s" if t.kind == "write" else "RCU/s"
        cap = f"{_fmt(t.capacity)} {unit} provisioned" if t.capacity is not None else (
            f"on-demand, table-level limit {_fmt(t.limit)} {unit}" if math.isfinite(t.limit) else "on-demand"
        )  # fmt: skip
        pushed = math.fsum(
            v.backpressure for v in plan.patterns if v.table == t.name and v.target == "table" and v.pattern.kind == t.kind
        ) if t.index is None else 0.0  # fmt: skip
        reach = f"{_fmt(t.demand)} {unit} on its partitions"
        if pushed > 0:  # what the indexes refused first never reaches the table's partitions (chapter 12)
            reach = (
                f"{_fmt(t.demand + pushed)} {unit} offered, {_fmt(pushed)} refused first by its global indexes, "
                f"{_fmt(t.demand)} on its partitions"
            )
        line = (
            f"{t.name} {t.kind}s ({t.shape}): {reach}, {cap}; {t.partitions} partitions "
            f"from {t.partitions_from} {_cite('01_partitions', markdown)}; hottest key {_fmt(t.hot_key)}, hottest "
            f"partition {_fmt(t.hot_partition)} of {_fmt(t.ceiling)} {unit}; refused {_fmt(t.refused)} {unit} at the "
            f"peak, {_fmt(t.refused_after_split)} after split for heat"
        )
        if t.blocked:
            line += f" (split for heat blocked: {_BLOCKED.get(t.blocked, t.blocked)})"
        out.append(f"- {line}" if markdown else f"  {line}")
    out += ["", "## Patterns" if markdown else "Patterns"]
    for v in plan.patterns:
        p = v.pattern
        unit = "WCU/s" if p.kind == "write" else "RCU/s"
        title = f"{v.verdict.upper()}: {p.pattern}" + (f" ({p.description})" if p.description else "")
        out.append("")
        out.append(f"### {title}" if markdown else title)
        target = v.table if v.target == "table" else f"{v.table}/{v.target}"
        summary = (
            f"{p.operation} on {target}: {_fmt(p.rps)} requests/s at {_fmt(p.units_per_request)} units each; "
            f"refused {_fmt(v.refused)} {unit} at the peak, {_fmt(v.refused_after_split)} after split for heat"
        )
        if v.backpressure > 0:
            summary += f" ({_fmt(v.backpressure)} of them index back-pressure)"
        summary += f"; highest use of a ceiling {v.utilization:.0%}; cause: {v.cause} {_cite('15_diagnosis', markdown)}"
        out.append(summary if markdown else f"  {summary}")
        for line in _numbers_line(v.numbers, markdown):
            out.append(f"- {line}" if markdown else f"    {line}")
        for r in v.remedies:
            out.append(f"- {b('Remedy')}: {r.action}" if markdown else f"  Remedy: {r.action}")
            for line in _numbers_line(r.numbers, markdown):
                out.append(f"  - {line}" if markdown else f"      {line}")
        for u in v.unchecked:
            out.append(f"- {b('Not checked')}: {u}" if markdown else f"  Not checked: {u}")
    if plan.notes:
        out += ["", "## Notes" if markdown else "Notes"]
        out += [f"- {n}" if markdown else f"  {n}" for n in plan.notes]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------
# The JSON report's schema
# ---------------------------------------------------------------------------------------------

_NUMBER = {
    "type": "object",
    "required": ["name", "value", "unit", "chapter"],
    "properties": {
        "name": {"type": "string"},
        "value": {"type": ["number", "null"], "description": "null for an unbounded value"},
        "unit": {"type": "string"},
        "chapter": {"type": "string", "description": "The notebook that explains the number (notebooks/<chapter>.ipynb)"},
    },
}

#: What ``refused`` measures, in a target and a pattern alike (review turn 11 S1).
_REFUSED = (
    "units/s refused at the peak, on average: each partition's mean load above its ceiling (a key written over "
    "random suffixes counted at its mean, so that suffix counts compare; its busiest second is the headroom test "
    "of hottest_partition and utilization)"
)

#: The JSON Schema (draft 2020-12) of ``hotpart plan --format json``, version :data:`PLAN_SCHEMA_VERSION`.
PLAN_REPORT_SCHEMA: Final[dict[str, Any]] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "urn:hotpart:plan-report:1",
    "title": "hotpart plan report",
    "type": "object",
    "required": ["schema_version", "definition", "workload", "worst", "fail_on", "exit_status", "targets", "patterns"],
    "properties": {
        "schema_version": {"type": "string", "pattern": r"^1\.\d+$"},
        "definition": {
            "type": "object",
            "required": ["file", "format"],
            "properties": {"file": {"type": "string"}, "format": {"type": "string"}},
        },
        "workload": {"type": "object", "required": ["file"], "properties": {"file": {"type": "string"}}},
        "worst": {"enum": list(VERDICTS)},
        "fail_on": {"enum": ["throttles", "at risk"]},
        "exit_status": {"enum": [0, 1], "description": "1 when a pattern's verdict is fail_on or worse"},
        "counts": {"type": "object", "additionalProperties": {"type": "integer"}},
        "targets": {
            "type": "array",
            "items": {
                "type": "object",
                "required": [
                    "table",
                    "index",
                    "kind",
                    "mode",
                    "partitions",
                    "demand",
                    "hottest_key",
                    "hottest_partition",
                    "ceiling",
                    "refused",
                    "refused_after_split",
                    "numbers",
                ],
                "properties": {
                    "table": {"type": "string"},
                    "index": {"type": ["string", "null"]},
                    "kind": {"enum": ["read", "write"]},
                    "mode": {"enum": ["provisioned", "on-demand"]},
                    "shape": {"type": "string"},
                    "partitions": {"type": "integer", "minimum": 1},
                    "partitions_from": {"type": "string"},
                    "demand": {"type": "number"},
                    "hottest_key": {"type": "number"},
                    "hottest_partition": {
                        "type": "number",
                        "description": "units/s on the busiest partition; for a key written over random suffixes, in "
                        "its busiest second (chapter 5's bound): the headroom test",
                    },
                    "ceiling": {"type": "number"},
                    "refused": {"type": "number", "description": _REFUSED},
                    "refused_after_split": {"type": "number"},
                    "blocked": {"type": "string"},
                    "numbers": {"type": "array", "items": _NUMBER},
                },
            },
        },
        "patterns": {
            "type": "array",
            "items": {
                "type": "object",
                "required": [
                    "pattern",
                    "table",
                    "target",
                    "operation",
                    "kind",
                    "verdict",
                    "refused",
                    "refused_after_split",
                    "cause",
                    "numbers",
                    "remedies",
                    "unchecked",
                ],
                "properties": {
                    "pattern": {"type": "string"},
                    "description": {"type": "string"},
                    "table": {"type": "string"},
                    "target": {"type": "string"},
                    "operation": {"type": "string"},
                    "kind": {"enum": ["read", "write"]},
                    "verdict": {"enum": list(VERDICTS)},
                    "refused": {"type": "number", "minimum": 0, "description": _REFUSED},
                    "refused_after_split": {"type": "number", "minimum": 0},
                    "backpressure": {"type": "number", "minimum": 0},
                    "utilization": {
                        "type": ["number", "null"],
                        "description": "the highest use of a partition's ceiling (a suffixed key's partition in its "
                        "busiest second): above SHARD_UTILIZATION, 'at risk'",
                    },
                    "cause": {"type": "string", "description": "The row of chapter 15's symptom table"},
                    "numbers": {"type": "array", "items": _NUMBER},
                    "remedies": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "required": ["row", "action", "numbers"],
                            "properties": {
                                "row": {"type": "string"},
                                "action": {"type": "string"},
                                "numbers": {"type": "array", "items": _NUMBER},
                            },
                        },
                    },
                    "unchecked": {"type": "array", "items": {"type": "string"}},
                },
            },
        },
        "notes": {"type": "array", "items": {"type": "string"}},
        "assumptions": {"type": "array", "items": {"type": "string"}},
    },
}
