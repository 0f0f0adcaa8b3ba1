"""The generative test of the whole diagnosis path (issue 47): draw a table and its causes, simulate it with the
course's simulator, write the exports in AWS's documented formats (:func:`hotpart.simulated_exports`), read them
back, diagnose, and check.

Each draw is a table (mode, capacities, partitions, 0 to 3 indexes with their keys), one or two causes from the
list the diagnosis knows, and traffic that makes them happen. The exports are cut the ways real ones are: the reason
metrics left out (the classic dashboard), Contributor Insights on for some scopes only, no table description, a
result marked PartialData. The checks, per draw:

* nothing crashes;
* every drawn cause that carries a material share of the simulated throttle events is named, with its scope, when
  the export carries what decides it; when it does not, some finding says which export would settle it;
* nothing the export contradicts is claimed (:func:`contradictions.contradictions`).

``python tests/generative.py --draws 10000`` runs more draws and prints the hit rate per cause; ``make test``
runs :data:`DRAWS` with the seed :data:`SEED` (``tests/test_generative.py``).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from contradictions import contradictions

import hotpart as hp

SEED = 47
DRAWS = int(os.environ.get("HOTPART_GENERATIVE_DRAWS", "1000"))
TABLE_CAUSES = ("hot write key", "hot read item", "small key space", "under-provisioned table")
INDEX_CAUSES = ("under-provisioned index", "index back-pressure", "backfill")
ON_DEMAND_CAUSES = ("per-table quota", "maximum throughput", "past double the previous peak")
CAUSES = (*TABLE_CAUSES, *INDEX_CAUSES, *ON_DEMAND_CAUSES, "short spike", "no throttling")
#: The row (and the scope: the table, or the index the cause is drawn on) each drawn cause must be named as.
ROWS = {
    "hot write key": "single-key write concentration",
    "hot read item": "single-key read concentration",
    "small key space": "low-cardinality key",
    "under-provisioned table": "under-provisioned table",
    "under-provisioned index": "GSI-only throttling",
    "index back-pressure": "GSI-only throttling",
    "backfill": "index backfill throttled",
    "per-table quota": "per-table quota reached",
    "maximum throughput": "maximum throughput reached",
    "past double the previous peak": "past double the previous peak",
    "short spike": "short spike",
    "no throttling": "no throttling",
}
#: A drawn cause must be named when it carries at least this share of the simulated throttle events: the diagnosis's
#: material share with a margin, since a cause at the edge may fall either side of it.
REQUIRED_SHARE = 2 * hp.MATERIAL_SHARE
MINUTES = 8
#: Per cause, the draws whose export lacked what decides it, in which a finding named the export that would.
UNDECIDED: Counter = Counter()


@dataclass
class Draw:
    causes: tuple[str, ...]
    result: object
    index: str = ""  # the index the index cause is drawn on
    backfilling: tuple[str, ...] = ()
    reasons: bool = True
    insights: dict[str, bool] = field(default_factory=dict)
    description: bool = True
    partial: bool = False


def _keys(prefix: str, n: int) -> list[str]:
    return [f"{prefix}#{i:05d}" for i in range(n)]


def draw(rng: np.random.Generator) -> Draw:
    """One table, one or two causes, and traffic that makes them happen."""
    kind = rng.choice(["table", "index", "on-demand", "spike", "none"], p=[0.35, 0.3, 0.15, 0.1, 0.1])
    seconds = 60 * MINUTES
    n = int(rng.integers(60, 160))
    keys = _keys("ITEM", n)
    partitions = int(rng.integers(4, 9))
    base = np.full(n, float(rng.uniform(2.0, 6.0)))  # the cold keys, WCU/s each
    causes: list[str] = []
    wcu = float(rng.uniform(2.0, 3.0) * base.sum() + 1_500)  # ample capacity unless a cause says otherwise
    table_cause = None
    if kind in ("table", "index"):
        table_cause = rng.choice(TABLE_CAUSES) if kind == "table" or rng.random() < 0.4 else None
    if kind == "spike":
        table_cause = "short spike"
    demand = np.tile(base, (seconds, 1))
    reads = None
    if table_cause == "hot write key":
        demand[:, 0] = rng.uniform(1_300, 3_000)
        wcu = max(wcu, 3.5 * float(demand[0].sum()))
    elif table_cause == "small key space":
        n = int(rng.integers(2, 7))
        keys = _keys("STATUS", n)
        demand = np.tile(np.linspace(2_000.0, 300.0, n) * rng.uniform(0.8, 1.3), (seconds, 1))
        wcu = max(wcu, 3.5 * float(demand[0].sum()))
    elif table_cause == "under-provisioned table":
        wcu = float(base.sum() / rng.uniform(1.4, 2.0))
    elif table_cause == "hot read item":
        reads = np.tile(np.full(n, 3.0), (seconds, 1))
        reads[:, 0] = rng.uniform(3_800, 8_000)
    elif table_cause == "short spike":
        start = 60 * int(rng.integers(2, MINUTES - 3))
        demand[start : start + 120, :] *= 1_500.0 / float(base.mean()) * rng.uniform(1.0, 2.0) / n * 4
        wcu = max(wcu, 2.0 * float(base.sum()))
    if table_cause:
        causes.append(str(table_cause))
    rcu = float(3.5 * reads[0].sum()) if reads is not None else 0.0
    table = hp.Table(partitions, wcu=wcu, rcu=rcu)
    if kind == "on-demand":
        cause = str(rng.choice(ON_DEMAND_CAUSES))
        total = float(demand[0].sum())
        if cause == "per-table quota":
            mode = hp.OnDemand(previous_peak=4 * total, quota=total / rng.uniform(1.3, 2.0))
        elif cause == "maximum throughput":
            mode = hp.OnDemand(previous_peak=4 * total, max_throughput=total / rng.uniform(1.3, 2.0))
        else:
            peak = 2_000.0 * rng.uniform(1.0, 1.5)
            demand = np.tile(base * (0.8 * peak / total), (seconds, 1))
            demand[180:, :] *= rng.uniform(2.6, 3.5) / 0.8
            mode = hp.OnDemand(previous_peak=peak)
        res = hp.simulate(hp.Table(max(partitions, 8)), demand, seconds, keys=keys, mode=mode)
        return Draw((cause,), res)
    indexes = []
    index_cause = None
    if kind == "index":
        index_cause = str(rng.choice(INDEX_CAUSES))
        if index_cause == "index back-pressure":  # half the items OPEN: its index partition above its ceiling
            demand[:, : len(keys)] = np.maximum(demand, 2_600.0 / (len(keys) / 2))
        for j in range(int(rng.integers(1, 4))):
            name = f"gsi-{j}"
            if j == 0 and index_cause == "index back-pressure":
                values = [f"STATUS#{i % 3}" if i % 2 else "STATUS#OPEN" for i in range(len(keys))]
                wcu_i = float(4 * demand[0].sum())
            elif j == 0:
                values = [f"V#{i % 40}" for i in range(len(keys))]
                wcu_i = float(demand[0].sum() / rng.uniform(1.4, 2.0))
            else:
                values = [f"C#{i}" for i in range(len(keys))]
                wcu_i = float(4 * demand[0].sum())
            indexes.append(hp.GlobalSecondaryIndex(name, values, partitions=4, wcu=wcu_i))
        causes.append(index_cause)
    if indexes or reads is not None:
        res = hp.simulate_with_indexes(table, demand, seconds, keys, indexes, reads=reads)
    else:
        res = hp.simulate(table, demand, seconds, keys=keys)
    if not causes:
        causes.append("no throttling")
    return Draw(tuple(causes), res, "gsi-0" if index_cause else "", ("gsi-0",) if index_cause == "backfill" else ())


def _cut(d: Draw, rng: np.random.Generator) -> dict:
    """The exports, cut the ways real ones are."""
    scopes = [""] + (list(d.result.indexes) if isinstance(d.result, hp.IndexedResult) else [])
    d.reasons = bool(rng.random() < 0.75)
    d.insights = {s: bool(rng.random() < 0.7) for s in scopes}
    d.description = bool(rng.random() < 0.7)
    d.partial = bool(rng.random() < 0.2)
    files = hp.simulated_exports(d.result, backfilling=d.backfilling, partial_data=("WriteThrottleEvents",) if d.partial else ())
    if not d.reasons:
        stems = ("KeyRangeThroughputThrottleEvents", "ProvisionedThroughputThrottleEvents", "AccountLimitThrottleEvents",
                 "MaxOnDemandThroughputThrottleEvents")  # fmt: skip
        drop = {q["Id"] for q in files["queries.json"] if q["MetricStat"]["Metric"]["MetricName"].endswith(stems)}
        files["queries.json"] = [q for q in files["queries.json"] if q["Id"] not in drop]
        files["metrics.json"]["MetricDataResults"] = [
            r for r in files["metrics.json"]["MetricDataResults"] if r["Id"] not in drop
        ]
    return files


def _read(d: Draw, files: dict) -> hp.Metrics:
    acc, thr = [], []
    for scope, on in d.insights.items():
        suffix = f"-{scope}" if scope else ""
        if on and f"insights-accessed{suffix}.json" in files:
            acc.append(files[f"insights-accessed{suffix}.json"])
            thr.append(files[f"insights-throttled{suffix}.json"])
    return hp.read_metric_data(files["metrics.json"], files["queries.json"], insights=acc or None, throttled_keys=thr or None,
                               description=files["table.json"] if d.description else None)  # fmt: skip


def _true_shares(d: Draw) -> dict[str, float]:
    """Each drawn cause's share of the simulated throttle events (every scope and kind)."""
    m = hp.cloudwatch(d.result)
    table = sum(float(m.table[f"{k}ThrottleEvents"].sum()) for k in ("Read", "Write") if f"{k}ThrottleEvents" in m.table)
    index = {name: float(sum(v.sum() for k, v in im.items() if k in ("ReadThrottleEvents", "WriteThrottleEvents")))
             for name, im in m.indexes.items()}  # fmt: skip
    total = table + sum(index.values())
    out = {}
    for c in d.causes:
        if c in INDEX_CAUSES:
            out[c] = index.get(d.index, 0.0) / total if total else 0.0
        elif c == "hot read item":
            out[c] = float(m.table.get("ReadThrottleEvents", np.zeros(1)).sum()) / total if total else 0.0
        elif c == "no throttling":
            out[c] = 1.0 if total == 0 else 0.0
        else:
            out[c] = table / total if total else 0.0
    return out


def _decides(d: Draw, cause: str) -> bool:
    """Whether the export carries what decides the cause (else a finding must name the export that would)."""
    if cause in ("hot write key", "hot read item", "small key space"):
        return d.insights.get("", False)
    if cause in ("per-table quota", "maximum throughput"):
        return d.reasons or (cause == "maximum throughput" and d.description)
    if cause == "under-provisioned table":
        return True  # the reason metric, or the utilisation of the writes against their provisioned level
    return True


def check(d: Draw, m: hp.Metrics, diagnosis: hp.Diagnosis) -> dict[str, bool | None]:
    """Per drawn cause: ``True`` named (or, when the export lacks what decides it, the export that would settle it
    named: counted in :data:`UNDECIDED`), ``False`` missed, ``None`` not required (immaterial); raises nothing."""
    shares = _true_shares(d)
    out: dict[str, bool | None] = {}
    found = [(f.row, f.scope) for f in (*diagnosis.findings, *diagnosis.minor)]
    for cause in d.causes:
        if shares[cause] < REQUIRED_SHARE and cause not in ("no throttling", "short spike"):
            out[cause] = None
            continue
        scope = d.index if cause in INDEX_CAUSES else ""
        if _decides(d, cause):
            out[cause] = (ROWS[cause], scope) in found
        else:  # "cannot tell": a finding on that scope names the export that would settle it
            out[cause] = any(f.missing for f in diagnosis.findings if f.scope == scope)
            UNDECIDED[cause] += bool(out[cause])
    return out


def run(draws: int = DRAWS, seed: int = SEED) -> tuple[Counter, Counter, list[str]]:
    """Draw, simulate, export, read, diagnose, check; the hits and tries per cause, and every failure in words."""
    hits, tries = Counter(), Counter()
    UNDECIDED.clear()
    failures: list[str] = []
    for i in range(draws):
        rng = np.random.default_rng([seed, i])
        d = draw(rng)
        files = _cut(d, rng)
        try:
            m = _read(d, files)
            diagnosis = hp.diagnose(m)
        except Exception as e:
            failures.append(f"draw {i} {d.causes}: {type(e).__name__}: {e}")
            continue
        for c in contradictions(m, diagnosis):
            failures.append(f"draw {i} {d.causes}: contradicts its input: {c}")
        for cause, ok in check(d, m, diagnosis).items():
            if ok is None:
                continue
            tries[cause] += 1
            hits[cause] += bool(ok)
            if not ok:
                failures.append(
                    f"draw {i} {d.causes} (reasons {d.reasons}, insights {d.insights}): {cause} not named; got {diagnosis!r}"
                )
    return hits, tries, failures


def table(hits: Counter, tries: Counter) -> str:
    rows = [f"{'cause':32} {'named':>7} {'of':>7} {'hit rate':>9}  {'of which: export named':>22}"]
    for c in CAUSES:
        if tries[c]:
            rows.append(f"{c:32} {hits[c]:7,} {tries[c]:7,} {hits[c] / tries[c]:9.1%}  {UNDECIDED[c]:22,}")
    return "\n".join(rows)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--draws", type=int, default=DRAWS)
    ap.add_argument("--seed", type=int, default=SEED)
    a = ap.parse_args()
    h, t, f = run(a.draws, a.seed)
    print(table(h, t))
    print(f"{len(f)} failures")
    for line in f[:40]:
        print(" ", line)
