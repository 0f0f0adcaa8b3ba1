"""Closing the loop: a planned table's peak simulated, exported as AWS would export it, and diagnosed.

Chapter 17 (``notebooks/17_before_you_deploy.ipynb``) uses this module to check :func:`hotpart.plan` against the
course's other route to the same answer. :func:`rehearse` takes a :class:`hotpart.Plan` and one of its tables,
simulates that table's peak second by second with the course's simulator (:func:`hotpart.simulate`, or
:func:`hotpart.simulate_with_indexes` when its writes update global indexes) on the partitions and in the capacity
mode the plan found, writes the simulation in AWS's export formats (:func:`hotpart.simulated_exports`: CloudWatch's
metrics, ``describe-table`` and Contributor Insights' reports), reads them back as a real table's exports are
read, and runs :func:`hotpart.diagnose` on them. The cause the plan predicts for the table's worst pattern is then
compared with the row the diagnosis picks (:attr:`Rehearsal.agrees`).

The simulated keys are each pattern's hottest keys by name, up to :data:`PLAN_SIMULATED_KEYS` of them, and the rest
of each partition's load carried by stand-in keys that hash to it (:func:`hotpart.what_if`'s stand-ins), so a run
holds the plan's partition loads exactly; writes and their index values are paired so that each index value receives
its share of the writes. The export step is one function, ``_aws_exports`` in this module: the course's generative
exporter (:func:`hotpart.simulated_exports`, the files ``hotpart fetch`` writes), read back as ``diagnose --from``
reads them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from ._plan_load import Contribution, place, top_keys
from ._validation import check_choice, check_integer
from .diagnosis import Diagnosis, diagnose
from .exports import simulated_exports
from .hashing import partition_of
from .indexes import GlobalSecondaryIndex, IndexedResult, simulate_with_indexes
from .metrics import Metrics
from .observed import read_metric_data
from .on_demand import ON_DEMAND_NEW_TABLE_PEAK, OnDemand
from .planning import VERDICTS, Plan, TargetLoad, _contributions, _warm_floor
from .provisioned import Provisioned
from .simulator import SimulationResult, Table, simulate
from .split_for_heat import SplitForHeat
from .whatif import _stand_ins
from .workload import TableStats

__all__ = ["PLAN_SIMULATED_KEYS", "Rehearsal", "rehearse", "simulate_plan"]

#: Keys a rehearsal simulates by name per pattern (the rest of each partition's load carried by stand-in keys): a
#: resolution of the simulation, not a property of DynamoDB (``hp.ASSUMPTIONS["PLAN_SIMULATED_KEYS"]``).
PLAN_SIMULATED_KEYS: Final[int] = 256


@dataclass(frozen=True)
class Rehearsal:
    """A planned table's peak, simulated, exported and diagnosed.

    Attributes
    ----------
    table, kind : str
        The table and the capacity simulated (the worst pattern's).
    expected : str
        The cause the plan predicts for that pattern (a row of :data:`hotpart.REMEDIES`), or "no throttling" when the
        plan finds the pattern at risk but refused nothing at the peak.
    diagnosis : Diagnosis
        What :func:`hotpart.diagnose` reads in the exports.
    result : SimulationResult or IndexedResult
        The simulation.
    metrics : Metrics
        The metrics read back from the exports.
    """

    table: str
    kind: str
    expected: str
    diagnosis: Diagnosis
    result: SimulationResult | IndexedResult
    metrics: Metrics

    @property
    def agrees(self) -> bool:
        """Whether the diagnosis picks the cause the plan predicts."""
        return self.diagnosis.symptom == self.expected

    def __repr__(self) -> str:
        word = "agrees" if self.agrees else "differs"
        return f"Rehearsal({self.table} {self.kind}s: plan {self.expected!r}, diagnose {self.diagnosis.symptom!r}: {word})"


def _worst(plan: Plan, table: str) -> Any:
    mine = [v for v in plan.patterns if v.table == table]
    if not mine:
        planned = ", ".join(sorted({v.table for v in plan.patterns}))
        raise ValueError(f"table = {table!r} is not allowed: must be a table the plan planned ({planned})")
    return max(mine, key=lambda v: (VERDICTS.index(v.verdict), v.refused_after_split, v.refused, v.utilization))


def rehearse(plan: Plan, table: str | None = None, *, seconds: int = 600, kind: str | None = None) -> Rehearsal:
    """Simulate a planned table's peak, export it as AWS would, diagnose it, and compare with the plan.

    Parameters
    ----------
    plan : Plan
        From :func:`hotpart.plan`.
    table : str, optional
        The table (its name as the plan reports it); the plan's first table if omitted.
    seconds : int
        Seconds simulated, a whole number of minutes in ``[300, 7200]`` (the diagnosis reads one-minute data points).
    kind : {"write", "read"}, optional
        The capacity to simulate; the worst pattern's if omitted.

    Returns
    -------
    Rehearsal

    Examples
    --------
    One counter among 100,000 users takes half of 3,000 writes a second: 500 WCU/s above its partition's ceiling.

    >>> from hotpart import TableDefinition, plan
    >>> t = TableDefinition("events", "provisioned", ("userId",), read_units=1_000, write_units=8_000)
    >>> w = {"access_pattern_list": [{"pattern": "bump", "table": "events", "operation": "UpdateItem",
    ...     "rps": 3_000, "item_size_bytes": 200, "spread": {"keys": 100_000, "top_share": 0.5}}]}
    >>> r = rehearse(plan(t, w))
    >>> r.expected, r.diagnosis.symptom, r.agrees
    ('single-key write concentration', 'single-key write concentration', True)
    """
    if not isinstance(plan, Plan):
        raise ValueError(f"plan = {plan!r} is not a Plan (use hotpart.plan)")
    name = table if table is not None else (plan.patterns[0].table if plan.patterns else "")
    worst = _worst(plan, name)
    k = check_choice("kind", kind, ("write", "read")) if kind is not None else worst.pattern.kind
    n = check_integer("seconds", seconds, low=300, high=7200)
    if n % 60:
        raise ValueError(f"seconds = {seconds!r} is not a whole number of minutes: must be a multiple of 60")
    result = simulate_plan(plan, name, k, n)
    observed = _aws_exports(result, table=name)
    # what the diagnosis of the peak should find: the plan's cause where the peak is refused, none where it is only at risk
    expected = worst.cause if worst.refused > 0 else "no throttling"
    return Rehearsal(name, k, expected, diagnose(observed), result, observed)


def _aws_exports(result: Any, *, table: str) -> Metrics:
    """The adapter of the loop: a simulated peak written as the files ``hotpart fetch`` writes, in AWS's formats
    (:func:`hotpart.simulated_exports`: ``get-metric-data`` output and its queries, ``describe-table``, and each
    scope's two Contributor Insights reports), and read back as a real table's exports are read
    (:func:`hotpart.read_metric_data`)."""
    files = simulated_exports(result, table=table)
    accessed = [doc for name, doc in sorted(files.items()) if name.startswith("insights-accessed")]
    throttled = [doc for name, doc in sorted(files.items()) if name.startswith("insights-throttled")]
    return read_metric_data(
        files["metrics.json"],
        files["queries.json"],
        insights=accessed or None,
        throttled_keys=throttled or None,
        description=files["table.json"],
    )


# ---------------------------------------------------------------------------------------------
# The simulation of a planned peak
# ---------------------------------------------------------------------------------------------


def _columns(contribs: list[Contribution], n: int) -> tuple[list[str], NDArray[np.float64], NDArray[np.float64]]:
    """Key names, peak units/s per named key, and the rest of the load per partition (for stand-ins)."""
    units: dict[str, float] = {}
    rest = np.zeros(n)
    for c in contribs:
        names, shares = top_keys(c.dist, PLAN_SIMULATED_KEYS)
        n_suffix = c.spread.suffixes
        if n_suffix > 1:
            names = [f"{name}#{i}" for name in names for i in range(n_suffix)]
            shares = np.repeat(shares / n_suffix, n_suffix)
        placed = np.bincount(partition_of(names, n), weights=shares, minlength=n) if names else np.zeros(n)
        for name, s in zip(names, shares, strict=True):
            units[name] = units.get(name, 0.0) + c.units * float(s)
        rest += c.units * np.maximum(c.shares - placed, 0.0)
    return list(units), np.array(list(units.values())), rest


def _profile(tl: TargetLoad, contribs: list[Contribution], seconds: int) -> NDArray[np.float64]:
    """Each second's demand relative to the peak: 1 throughout, or a spike in the middle from the base level."""
    f = np.ones(seconds)
    if tl.shape == "spike":
        spike = min((c.pattern.shape.duration_s for c in contribs if c.pattern.shape.kind == "spike"), default=seconds)
        base = sum(c.units * c.pattern.shape.from_rps / c.pattern.rps for c in contribs if c.pattern.shape.kind == "spike")
        base += sum(c.units for c in contribs if c.pattern.shape.kind != "spike")
        level = base / max(tl.demand, 1e-300)
        start = 60 * (seconds // 120)
        f[:] = level
        f[start : start + int(spike)] = 1.0
    return f


def _mode(tl: TargetLoad, table: Any, stats: Any) -> Provisioned | OnDemand:
    if tl.mode == "provisioned":
        return Provisioned()
    owner = table if tl.index is None else table.index(tl.index)
    prev = (getattr(stats, f"previous_peak_{tl.kind}_units", None) if stats is not None else None) or ON_DEMAND_NEW_TABLE_PEAK[
        tl.kind
    ]
    if tl.shape not in ("launch", "spike") and (stats is None or getattr(stats, f"previous_peak_{tl.kind}_units", None) is None):
        prev = max(prev, tl.demand)  # the peak has been served before: its previous peak is the peak itself
    return OnDemand(
        previous_peak=prev,
        max_throughput=getattr(owner, f"max_{tl.kind}_units"),
        warm_throughput=_warm_floor(tl.kind, getattr(owner, f"warm_{tl.kind}_units")),
    )


def simulate_plan(plan: Plan, table: str, kind: str = "write", seconds: int = 3600) -> SimulationResult | IndexedResult:
    """Simulate one planned table's peak, second by second, for one kind of capacity.

    Parameters
    ----------
    plan : Plan
        From :func:`hotpart.plan`.
    table : str
        The table's name as the plan reports it.
    kind : {"write", "read"}
        The capacity simulated; a table's writes are simulated with the global indexes they update.
    seconds : int
        Seconds simulated, in ``[60, 7200]``: the peak hour by default.

    Returns
    -------
    SimulationResult or IndexedResult
        The simulation (an :class:`hotpart.IndexedResult` when the writes update indexes).

    Examples
    --------
    One counter among 100,000 users takes half of 3,000 writes a second: ten minutes of it offer 1.8 million write
    units, and the counter's partition refuses some of them every second (its ceiling is 1,000 WCU/s).

    >>> from hotpart import TableDefinition, plan
    >>> t = TableDefinition("events", "provisioned", ("userId",), read_units=1_000, write_units=8_000)
    >>> w = {"access_pattern_list": [{"pattern": "bump", "table": "events", "operation": "UpdateItem",
    ...     "rps": 3_000, "item_size_bytes": 200, "spread": {"keys": 100_000, "top_share": 0.5}}]}
    >>> r = simulate_plan(plan(t, w), "events", "write", seconds=600)
    >>> round(float(r.offered.sum())), bool(r.throttled.sum(axis=1).min() > 0)
    (1800000, True)
    """
    if not isinstance(plan, Plan):
        raise ValueError(f"plan = {plan!r} is not a Plan (use hotpart.plan)")
    check_choice("kind", kind, ("write", "read"))
    n_sec = check_integer("seconds", seconds, low=60, high=7200)
    run, args, kwargs = _simulation(plan, table, kind, n_sec)
    return run(*args, **kwargs)


def _simulation(plan: Plan, table: str, kind: str, n_sec: int) -> tuple[Any, tuple[Any, ...], dict[str, Any]]:
    """The simulator call :func:`simulate_plan` makes: the function, its arguments and its keywords (built from the
    plan, not yet run; ``benchmarks/bench_plan.py`` times the run alone as the floor)."""
    t = next((d for d in plan.tables if d.name == table), None)
    if t is None:
        raise ValueError(
            f"table = {table!r} is not allowed: must be one of the plan's tables ({', '.join(d.name for d in plan.tables)})"
        )
    tl = plan.target(table, kind)
    cs, index_cs, stats = _rebuild(plan, t, kind)
    names, peak, rest = _columns(cs, tl.partitions)
    rest_cols, rest_names = _stand_ins(rest[None, :], tl.partitions)
    keys = names + list(rest_names)
    per_key = np.concatenate([peak, np.array([float(c[0]) for c in rest_cols])]) if rest_cols else peak
    f = _profile(tl, cs, n_sec)
    demand = np.outer(f, per_key)
    cap = tl.capacity if tl.capacity is not None else 0.0
    items = max((c.spread.items_per_key for c in cs if c.hot_units > 0), default=1)
    base = Table(tl.partitions, wcu=cap if kind == "write" else 0.0, rcu=cap if kind == "read" else 0.0,
                 items_per_key=items, has_lsi=bool(t.local_indexes))  # fmt: skip
    mode = _mode(tl, t, stats)
    if kind == "write" and index_cs:
        indexes = [_index(plan, t, name, ics, keys, per_key) for name, ics in index_cs.items()]
        return simulate_with_indexes, (base, demand, n_sec, keys, indexes), {"mode": mode}
    split = SplitForHeat(monotonic_sort_key=any(c.spread.monotonic for c in cs)) if items > 1 or len(keys) > 1 else None
    return simulate, (base, demand, n_sec), {"kind": kind, "keys": keys, "mode": mode, "split": split}


def _rebuild(plan: Plan, t: Any, kind: str) -> tuple[list[Contribution], dict[str, list[Contribution]], TableStats]:
    """The plan's contributions to ``t``, placed on the partitions the plan found (the plan keeps only its results)."""
    stats = plan.stats.get(t.name) or TableStats(t.name)
    contribs, _ = _contributions(t, [v.pattern for v in plan.patterns if v.table == t.name], stats)
    for (target, k), cs in contribs.items():
        n = plan.target(t.name, k, target).partitions
        for c in cs:
            place(c, n, plan.seed)
    index_cs = {name: cs for (name, k), cs in contribs.items() if name is not None and k == "write"} if kind == "write" else {}
    return contribs.get((None, kind), []), index_cs, stats


def _index(
    plan: Plan, t: Any, name: str, ics: list[Contribution], keys: list[str], per_key: NDArray[np.float64]
) -> GlobalSecondaryIndex:
    """The index as the simulator takes it: each base key paired with an index value so that every value gets its
    share of the writes (values beyond the simulated ones stand in per index partition)."""
    tl = plan.target(t.name, "write", name)
    total = float(per_key.sum())
    value_units: dict[str, float] = {}
    base_units = math.fsum(c.units / c.per_base_unit for c in ics)
    for c in ics:
        vnames, shares = top_keys(c.dist, 64)
        placed = np.bincount(partition_of(vnames, tl.partitions), weights=shares, minlength=tl.partitions)
        weight = (c.units / c.per_base_unit) / base_units
        for v, s in zip(vnames, shares, strict=True):
            value_units[v] = value_units.get(v, 0.0) + weight * float(s)
        rest = np.maximum(c.shares - placed, 0.0) * weight
        _, rnames = _stand_ins(rest[None, :], tl.partitions)
        per = max(1, len(rnames) // max(1, int((rest > 0).sum())))
        rparts = partition_of(list(rnames), tl.partitions) if rnames else np.zeros(0, dtype=np.int64)
        for p, r in enumerate(rest):
            for rn in [x for x, q in zip(rnames, rparts, strict=True) if q == p][:per]:
                value_units[rn] = value_units.get(rn, 0.0) + float(r) / per
    # the writes that update the index: a share of every key's writes (the patterns that update it, over all writes)
    fraction = min(1.0, base_units / total) if total > 0 else 1.0
    # greedy pairing: the heaviest base keys first, each to the value with the most share still wanted
    wanted = {v: u * total for v, u in value_units.items()}
    values: list[str | None] = [None] * len(keys)
    for i in np.argsort(-per_key, kind="stable"):
        v = max(wanted, key=wanted.__getitem__)
        values[int(i)] = v
        wanted[v] -= float(per_key[i])
    per_write = math.fsum(c.units for c in ics) / base_units
    owner = t.index(name)
    mode = Provisioned() if tl.mode == "provisioned" else OnDemand(
        previous_peak=max(ON_DEMAND_NEW_TABLE_PEAK["write"], tl.demand), max_throughput=owner.max_write_units,
        warm_throughput=owner.warm_write_units,
    )  # fmt: skip
    return GlobalSecondaryIndex(
        name,
        tuple(values),
        partitions=tl.partitions,
        wcu=tl.capacity or 0.0,
        fraction=fraction,
        units_per_write=per_write,
        mode=mode,
    )
