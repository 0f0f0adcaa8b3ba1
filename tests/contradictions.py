"""What a diagnosis must never claim against its own input (issue 47): the corpus test and the generative test both
run every diagnosis through :func:`contradictions`.

* no line calls a metric missing ("not exported", "would settle it: export ...") that the export carried;
* no utilisation mixes reads and writes (``ConsumedWriteCapacityUnits peaked at ... of the provisioned read
  capacity``, or ``Read/Write``);
* no index is called being built, and no backfill finding names it, unless its ``OnlineIndex*`` series carry data or
  the description says ``CREATING`` or ``Backfilling``;
* "no index metric was exported" is never said of an export that carried one;
* a key a finding names is one a Contributor Insights report of that scope lists;
* a scope a finding names is one the export or the description names.
"""

from __future__ import annotations

import re

import numpy as np

import hotpart as hp

_METRIC = re.compile(r"(?:([A-Za-z0-9_.-]+) )?((?:Read|Write)[A-Za-z]*ThrottleEvents|Consumed(?:Read|Write)CapacityUnits|"
                     r"Provisioned(?:Read|Write)CapacityUnits|OnlineIndex[A-Za-z]+|ThrottledRequests)")  # fmt: skip


def _claimed_missing(text: str) -> list[tuple[str, str]]:
    """(index, metric) pairs a line says were not exported."""
    out = []
    for part in re.findall(r"not exported: ([^:]+)", text):
        for index, name in _METRIC.findall(part):
            out.append((index if index not in ("", "the", "and") else "", name))
    return out


def contradictions(metrics: hp.Metrics, diagnosis: hp.Diagnosis) -> list[str]:
    """Every claim of ``diagnosis`` that ``metrics`` contradicts, in words (empty when there is none)."""
    found = []
    has = getattr(metrics, "has", None)
    online = getattr(metrics, "online", {}) or {}
    desc = getattr(metrics, "description", None)
    indexes = set(metrics.indexes) | set(online) | ({i.name for i in desc.indexes} if desc is not None else set())
    index_metric_exported = has is not None and any(" " in n for n in metrics.exported)
    for f in (*diagnosis.findings, *diagnosis.minor):
        lines = [*f.evidence, *f.missing, f.why, f.action]
        text = " ".join(lines)
        if has is not None:
            for line in [*f.evidence, *(f"not exported: {m}" for m in f.missing)]:
                for index, name in _claimed_missing(line):
                    if has(name, index or None):
                        found.append(f"{f.row}: says {index + ' ' if index else ''}{name} was not exported: {line!r}")
        if "Read/Write" in text or "ReadWrite" in text:
            found.append(f"{f.row}: adds reads and writes: {text!r}")
        for metric, kind in re.findall(
            r"Consumed(Read|Write)CapacityUnits peaked at [0-9,]+% of the provisioned (read|write)", text
        ):
            if metric.lower() != kind:
                found.append(f"{f.row}: utilisation of {metric}s against {kind} capacity")
        if "no index metric was exported" in text and index_metric_exported:
            found.append(
                f"{f.row}: says no index metric was exported, but {sorted(n for n in metrics.exported if ' ' in n)} were"
            )
        if f.scope and f.scope not in indexes:
            found.append(f"{f.row}: names index {f.scope!r}, which the export does not")
        if f.key:
            reports = getattr(metrics, "key_reports", {}) or {}
            rep = reports.get(f.scope)
            listed = {k for t in (rep.top if rep else ()) for k, _ in (*t.accessed, *t.throttled)}
            if f.key not in listed:
                found.append(f"{f.row}: names key {f.key!r}, which no report of that scope lists")
        for index in indexes:
            built = _being_built(metrics, index)
            named = f.row == "index backfill throttled" and f.scope == index
            said = re.search(rf"index {re.escape(repr(index))}[^.;]*being built", text) is not None
            if (named or said) and not built:
                found.append(f"{f.row}: calls index {index!r} being built, but nothing says so")
    return found


def _being_built(metrics: hp.Metrics, index: str) -> bool:
    om = (getattr(metrics, "online", {}) or {}).get(index, {})
    data = any(float(np.asarray(v).sum()) > 0 for k, v in om.items() if k != "OnlineIndexPercentageProgress")
    desc = getattr(metrics, "description", None)
    gi = desc.index(index) if desc is not None else None
    return data or (gi is not None and (gi.status == "CREATING" or gi.backfilling))
