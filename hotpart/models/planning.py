"""Before you deploy: a key design and its workload, checked against the partition ceilings, pattern by pattern.

Chapter 17 (``notebooks/17_before_you_deploy.ipynb``) is built on this module, :mod:`hotpart.models.definitions`
(the tables, read from the files engineers write) and :mod:`hotpart.models.workload` (the access patterns at their
peak). :func:`plan` predicts, for each table and global index and each kind of capacity (a :class:`TargetLoad`):

* its partitions (chapter 1's rule, :func:`hotpart.estimate_partitions`, from provisioned capacity, or from warm
  throughput in on-demand mode, and from size);
* each pattern's capacity units (:func:`hotpart.read_units`, :func:`hotpart.write_units`,
  :func:`hotpart.query_units`), the hottest key's and the hottest partition's load against the ceilings
  (1,000 WCU/s and 3,000 RCU/s);
* what is refused at the peak once adaptive capacity has lent what the table leaves unused (chapter 9), on-demand's
  instant ceiling, maximum throughput and quota (chapter 11), burst in a spike (chapter 8) and split for heat
  (chapter 10) have done what they can, and the writes a global index pushes back (chapter 12, its projection
  priced by :func:`hotpart.index_write_units`);

and, for each pattern (a :class:`PatternVerdict`), a verdict: **fits**, **at risk** (nothing refused, but a ceiling
used past the course's headroom, :data:`hotpart.SHARD_UTILIZATION`, or refusals that split for heat or burst
absorb), or **throttles** (refusals that remain), with the units per second refused, the row of chapter 15's table it
would be diagnosed as (:data:`hotpart.REMEDIES`), and the remedy with its numbers (the write-sharding suffixes
:func:`hotpart.shards_needed` gives on the table's or index's partitions, with the course's placement, and what they
cost every read, :func:`hotpart.read_cost`; an index's entries cut to 1 KB and what its refusals then are; every key
a cache must take, and the share of its reads; the capacity, warm throughput or index capacity that would fit). A
verdict's headroom test and a remedy's suffix count follow one rule: a suffixed key's busiest partition in its busiest
second, chapter 5's bound with the course's placement. What is *refused* is the mean: each partition's average load
above its ceiling, a suffixed key counted at its mean, so that refusals compare across suffix counts (the busiest
second decides **fits** or **at risk**, not the units refused). Every number names the chapter that explains it.

:class:`Plan` renders the result as text, Markdown or JSON (:func:`plan_report_schema`, version
:data:`PLAN_SCHEMA_VERSION`), and gives the exit status a CI gate needs. :func:`hotpart.rehearse` closes the loop:
it simulates a planned table's peak and diagnoses the exports AWS would give.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from ._plan_load import Contribution, Served, allocate, place, serve
from ._validation import check_seed
from .capacity import estimate_partitions, write_units
from .constants import (
    ON_DEMAND_TABLE_QUOTA_RRU,
    ON_DEMAND_TABLE_QUOTA_WRU,
    PARTITION_MAX_RCU,
    PARTITION_MAX_WCU,
)
from .definitions import IndexDefinition, TableDefinition, read_definition
from .indexes import index_write_units
from .metric_data import ExportError
from .on_demand import ON_DEMAND_NEW_TABLE_PEAK, OnDemand, on_demand_ceiling
from .workload import AccessPattern, Spread, TableStats, Workload, read_workload
from .write_sharding import read_cost

__all__ = [
    "PLAN_CHAPTERS",
    "PLAN_KEYS_ONLY_ENTRY_BYTES",
    "PLAN_ON_DEMAND_PARTITIONS",
    "PLAN_PATTERNS_SHARE_KEYS",
    "PLAN_SCHEMA_VERSION",
    "VERDICTS",
    "Number",
    "PatternVerdict",
    "Plan",
    "PlannedRemedy",
    "TargetLoad",
    "plan",
    "plan_report_schema",
    "read_plan",
]

#: The version of the JSON report (:func:`plan_report_schema`): the minor number grows with added fields, the major
#: with anything a reader of the previous version would misread.
#: 1.1: ``refused`` is the mean refusal for a key written over random suffixes too (1.0 took the busiest second's
#: excess where it was larger); its measure is stated in the schema's descriptions.
PLAN_SCHEMA_VERSION: Final[str] = "1.1"
#: The verdicts, from best to worst.
VERDICTS: Final[tuple[str, ...]] = ("fits", "at risk", "throttles")
#: Whether the patterns on one table's (or index's) key share their key space, so that their hottest keys are one key
#: (the worst case; ``hp.ASSUMPTIONS["PLAN_PATTERNS_SHARE_KEYS"]``).
PLAN_PATTERNS_SHARE_KEYS: Final[bool] = True
#: A ``KEYS_ONLY`` index entry's size, bytes, when the workload does not give it: the keys only, at most 1 KB, so one
#: write unit (``INCLUDE`` and ``ALL`` entries are taken as large as the item, an upper bound;
#: ``hp.ASSUMPTIONS["PLAN_KEYS_ONLY_ENTRY_BYTES"]``).
PLAN_KEYS_ONLY_ENTRY_BYTES: Final[float] = 1024.0
#: What an on-demand table's (or index's) partitions are estimated from: its warm throughput, a new table's instant
#: throughput when it has none, and, once the peak has been served before (a steady or daily shape), the peak itself
#: (``hp.ASSUMPTIONS["PLAN_ON_DEMAND_PARTITIONS"]``).
PLAN_ON_DEMAND_PARTITIONS: Final[str] = "warm throughput"
#: The chapter that explains each kind of number the plan gives.
PLAN_CHAPTERS: Final[dict[str, str]] = {
    "units": "01_partitions",
    "partitions": "01_partitions",
    "ceiling": "01_partitions",
    "key design": "02_key_designs",
    "hottest key": "03_zipf",
    "suffixes": "05_write_sharding",
    "read cost": "06_fanout",
    "burst": "08_burst",
    "adaptive": "09_adaptive",
    "split for heat": "10_isolation",
    "on-demand": "11_capacity_modes",
    "index": "12_gsi",
    "diagnosis": "15_diagnosis",
}
_TOL = 1e-6  # units/s: below it nothing is refused


@dataclass(frozen=True)
class Number:
    """One number of a plan, with its unit and the chapter that explains it."""

    name: str
    value: float
    unit: str
    chapter: str

    def __repr__(self) -> str:
        return f"{self.name}: {_fmt(self.value)} {self.unit} [{self.chapter}]".replace("  [", " [")


@dataclass(frozen=True)
class PlannedRemedy:
    """A remedy for a pattern at risk or throttling: the row of chapter 15's table, what to do, and its numbers."""

    row: str
    action: str
    numbers: tuple[Number, ...] = ()


@dataclass(frozen=True)
class TargetLoad:
    """What one table or global index carries, for one kind of capacity, at the workload's peak.

    Attributes
    ----------
    table, index : str, str or None
        The table, and the index (``None``: the table itself).
    kind : {"read", "write"}
        The capacity.
    mode : {"provisioned", "on-demand"}
        Its capacity mode.
    partitions : int
        Partitions at the peak, and ``partitions_from`` how they were estimated.
    capacity, capacity_at_start : float or None
        A provisioned target's capacity once auto scaling has settled, and when the peak starts, units/s.
    limit, limit_at_start : float
        An on-demand target's table-level limit through the peak and at its start (the least of the instant ceiling,
        the maximum throughput and the quota), units/s; ``inf`` when none binds.
    demand : float
        Units/s that reach its partitions at the peak (a table's writes: what its global indexes let through, as
        :func:`hotpart.simulate_with_indexes` checks them first); ``partition_demand`` per partition, and
        ``partition_refused`` what each refuses at the peak (before split for heat).
    hot_key, hot_partition : float
        Units/s on the hottest key and on the hottest partition.
    ceiling : float
        The per-partition ceiling, units/s.
    refused, refused_after_split : float
        Units/s refused at the peak, and once split for heat (and burst, in a spike) have acted.
    blocked : str
        Why split for heat cannot separate the hottest key ("" when it can or need not).
    split_minutes, burst_s : float
        Minutes split for heat takes to do what it can; seconds burst carries a spike's shortfall.
    shape : str
        The peak's shape (``steady``, ``daily``, ``launch``, ``spike``).
    """

    table: str
    index: str | None
    kind: str
    mode: str
    partitions: int
    partitions_from: str
    capacity: float | None
    capacity_at_start: float | None
    limit: float
    limit_at_start: float
    demand: float
    partition_demand: tuple[float, ...]
    partition_refused: tuple[float, ...]
    hot_key: float
    hot_partition: float
    ceiling: float
    refused: float
    refused_after_split: float
    blocked: str
    split_minutes: float
    burst_s: float
    shape: str

    @property
    def name(self) -> str:
        """``table`` or ``table/index``."""
        return self.table if self.index is None else f"{self.table}/{self.index}"

    def __repr__(self) -> str:
        unit = "WCU/s" if self.kind == "write" else "RCU/s"
        return (
            f"TargetLoad({self.name} {self.kind}s: {self.demand:,.0f} {unit} on {self.partitions} partitions, hottest "
            f"partition {self.hot_partition:,.0f} of {self.ceiling:,.0f}, refused {self.refused:,.0f} "
            f"({self.refused_after_split:,.0f} after split for heat))"
        )


@dataclass(frozen=True)
class PatternVerdict:
    """The plan's verdict on one access pattern.

    Attributes
    ----------
    pattern : AccessPattern
        The pattern as the workload gives it.
    table, target : str
        The table's name, and what the pattern reads or writes (``table`` or the index's name).
    verdict : {"fits", "at risk", "throttles"}
        See the module docstring.
    refused, refused_after_split : float
        The pattern's units/s refused at the peak (its own partitions' and its indexes' back-pressure together), and
        what remains once split for heat and burst have acted.
    backpressure : float
        Of ``refused``, the units/s of its writes refused because an index could not take them.
    utilization : float
        The highest use of a ceiling among the partitions (and table-level limits) it uses, a fraction.
    cause : str
        The row of :data:`hotpart.REMEDIES` its throttling would be diagnosed as ("no throttling" when none).
    numbers : tuple of Number
        The numbers behind the verdict, each with its chapter.
    remedies : tuple of PlannedRemedy
        For "at risk" and "throttles": what to do, with its numbers.
    unchecked : tuple of str
        What the plan could not check for want of input (an index whose key the workload does not describe).
    """

    pattern: AccessPattern
    table: str
    target: str
    verdict: str
    refused: float
    refused_after_split: float
    backpressure: float
    utilization: float
    cause: str
    numbers: tuple[Number, ...] = ()
    remedies: tuple[PlannedRemedy, ...] = ()
    unchecked: tuple[str, ...] = ()

    def __repr__(self) -> str:
        return (
            f"PatternVerdict({self.pattern.pattern!r} on {self.table}: {self.verdict}, refused "
            f"{self.refused:,.1f} units/s ({self.refused_after_split:,.1f} after split for heat), cause {self.cause!r})"
        )

    def number(self, name: str) -> float:
        """The value of the number called ``name``.

        Raises
        ------
        KeyError
            When the verdict has no such number.
        """
        for n in self.numbers:
            if n.name == name:
                return n.value
        raise KeyError(name)


@dataclass(frozen=True)
class Plan:
    """A design and its workload, checked: each target's load and each pattern's verdict.

    Attributes
    ----------
    tables : tuple of TableDefinition
        The tables planned.
    targets : tuple of TargetLoad
        Each table's and index's load, per kind of capacity.
    patterns : tuple of PatternVerdict
        Each pattern's verdict, in the workload's order.
    definition, definition_format, workload : str
        The files read, and the definition's format.
    notes : tuple of str
        What the readers and the plan noticed.
    stats : mapping of str to TableStats
        What the workload says of each planned table (its ``table_list``), by table name.
    seed : int
        The seed of the placement of large key spaces.
    """

    tables: tuple[TableDefinition, ...]
    targets: tuple[TargetLoad, ...]
    patterns: tuple[PatternVerdict, ...]
    definition: str = ""
    definition_format: str = ""
    workload: str = ""
    notes: tuple[str, ...] = ()
    stats: Mapping[str, TableStats] = field(default_factory=dict, repr=False, compare=False)
    seed: int = 0

    def __repr__(self) -> str:
        counts = ", ".join(f"{sum(v.verdict == k for v in self.patterns)} {k}" for k in VERDICTS)
        return f"Plan({len(self.tables)} tables, {len(self.patterns)} patterns: {counts})"

    @property
    def worst(self) -> str:
        """The worst verdict of any pattern."""
        return max((v.verdict for v in self.patterns), key=VERDICTS.index, default="fits")

    def exit_status(self, fail_on: str = "throttles") -> int:
        """What a CI gate exits with: 1 when a pattern's verdict is ``fail_on`` or worse, else 0.

        Parameters
        ----------
        fail_on : {"throttles", "at risk"}
            The verdict that fails the gate.
        """
        if fail_on not in ("throttles", "at risk"):
            raise ValueError(f"fail_on = {fail_on!r} is not allowed: must be 'throttles' or 'at risk'")
        return int(VERDICTS.index(self.worst) >= VERDICTS.index(fail_on))

    def target(self, table: str, kind: str, index: str | None = None) -> TargetLoad:
        """The load of ``table`` (or its ``index``) for ``kind``.

        Raises
        ------
        KeyError
            When the plan has no such target.
        """
        for t in self.targets:
            if t.table == table and t.kind == kind and t.index == index:
                return t
        raise KeyError((table, index, kind))

    def verdict(self, pattern: str) -> PatternVerdict:
        """The verdict on the pattern whose ID is ``pattern`` (the first, when several share it).

        Raises
        ------
        KeyError
            When no pattern has that ID.
        """
        for v in self.patterns:
            if v.pattern.pattern == str(pattern):
                return v
        raise KeyError(pattern)

    def to_dict(self, fail_on: str = "throttles") -> dict[str, Any]:
        """The JSON report (:func:`plan_report_schema`)."""
        from ._plan_report import report_dict

        return report_dict(self, fail_on)

    def text(self, markdown: bool = False) -> str:
        """The report in words: the terminal's text, or Markdown."""
        from ._plan_report import report_text

        return report_text(self, markdown=markdown)


def _fmt(x: float) -> str:
    if math.isinf(x):
        return "none"
    if abs(x) >= 100 or x == int(x):
        return f"{x:,.0f}"
    return f"{x:,.3g}"


# ---------------------------------------------------------------------------------------------
# The plan
# ---------------------------------------------------------------------------------------------


def read_plan(
    definition: str | Path,
    workload: str | Path | Mapping[str, Any],
    *,
    table: str | None = None,
    parameters: Mapping[str, Any] | None = None,
    seed: int = 0,
) -> Plan:
    """Read a definition file and a workload file and plan them (:func:`hotpart.read_definition`,
    :func:`hotpart.read_workload`, :func:`plan`).

    Parameters
    ----------
    definition : str or Path
        The definition file (any format :func:`hotpart.read_definition` reads).
    workload : str, Path or mapping
        The workload file, or its document (:func:`hotpart.read_workload`).
    table : str, optional
        Plan only the table of this name.
    parameters : mapping of str to value, optional
        Values for the template's parameters or the Terraform variables.
    seed : int
        Seed of the placement of key spaces too large to hash key by key, a whole number in ``[0, 2**64 - 1]``;
        checked before any file is read.

    Returns
    -------
    Plan

    Raises
    ------
    hotpart.ExportError
        On a file that cannot be read or a field that is wrong: one line naming the file and the field.
    ValueError
        On a bad ``seed``, naming it.

    Examples
    --------
    >>> import json, os, tempfile
    >>> d = tempfile.mkdtemp()
    >>> table = {"Table": {"TableName": "counters", "KeySchema": [{"AttributeName": "day", "KeyType": "HASH"}],
    ...     "AttributeDefinitions": [{"AttributeName": "day", "AttributeType": "S"}],
    ...     "BillingModeSummary": {"BillingMode": "PROVISIONED"},
    ...     "ProvisionedThroughput": {"ReadCapacityUnits": 1000, "WriteCapacityUnits": 2000}}}
    >>> _ = open(os.path.join(d, "t.json"), "w").write(json.dumps(table))
    >>> w = {"access_pattern_list": [{"pattern": "bump", "table": "counters", "operation": "UpdateItem",
    ...     "rps": 1500, "item_size_bytes": 200, "spread": {"design": "date", "hot_share": 1.0}}]}
    >>> p = read_plan(os.path.join(d, "t.json"), w)
    >>> v = p.patterns[0]
    >>> v.verdict, round(v.refused), v.cause  # today's key, the only one written: a key space of one
    ('throttles', 500, 'low-cardinality key')
    """
    n = check_seed("seed", seed)
    tables, fmt = read_definition(definition, table=table, parameters=parameters)
    wl = workload if isinstance(workload, Workload) else read_workload(workload)
    p = plan(tables, wl, seed=n)
    return Plan(p.tables, p.targets, p.patterns, str(definition), fmt, wl.file, p.notes, p.stats, n)


def plan(
    tables: TableDefinition | Sequence[TableDefinition], workload: Workload | str | Path | Mapping[str, Any], *, seed: int = 0
) -> Plan:
    """Plan a workload on a design: each table's and index's load, and each pattern's verdict.

    Parameters
    ----------
    tables : TableDefinition or sequence of them
        The design (:func:`hotpart.read_definition`).
    workload : Workload, path or mapping
        The access patterns (:func:`hotpart.read_workload` reads a path or a document).
    seed : int
        Seed of the placement of key spaces too large to hash key by key (:func:`hotpart.partition_load`), a whole
        number in ``[0, 2**64 - 1]``.

    Returns
    -------
    Plan
        Its targets' ``limit`` is ``inf`` where no table-level limit binds (a provisioned target's, always).

    Raises
    ------
    hotpart.ExportError
        When the workload names a table, an index or a key attribute the design lacks: one line naming the
        workload's file and the field.
    ValueError
        On a bad ``seed``, or ``tables`` that are not :class:`hotpart.TableDefinition` objects, naming them.

    Examples
    --------
    Chapter 12's status index: orders written evenly at 2,400 WCU/s, 60% OPEN on an index of 4,000 WCU/s.

    >>> t = TableDefinition("orders", "provisioned", ("orderId",), read_units=1_000, write_units=4_000,
    ...     indexes=(IndexDefinition("by-status", "global", ("status",), projection="KEYS_ONLY",
    ...                              read_units=1_000, write_units=4_000),))
    >>> w = {"access_pattern_list": [{"pattern": "put", "table": "orders", "operation": "PutItem", "rps": 2400,
    ...     "item_size_bytes": 800, "spread": {"keys": 2000},
    ...     "index_spread": {"by-status": {"shares": {"OPEN": 0.6, "SHIPPED": 0.3, "CLOSED": 0.1}}}}]}
    >>> v = plan(t, w).patterns[0]
    >>> v.verdict, round(v.backpressure), v.cause
    ('throttles', 440, 'GSI-only throttling')
    """
    n = check_seed("seed", seed)
    defs = (tables,) if isinstance(tables, TableDefinition) else tuple(tables) if isinstance(tables, Sequence) else ()
    if not defs or not all(isinstance(t, TableDefinition) for t in defs):
        raise ValueError(f"tables = {tables!r} is not allowed: must be a TableDefinition or a sequence of them")
    wl = workload if isinstance(workload, Workload) else read_workload(workload)
    matched = {id(p): _match(p, defs, wl.file) for p in wl.patterns}
    targets: list[TargetLoad] = []
    verdicts: dict[int, PatternVerdict] = {}
    notes: list[str] = []
    for t in defs:
        mine = [p for p in wl.patterns if matched[id(p)] is t]
        notes += [f"{t.name}: {n}" for n in t.notes]
        if not mine:
            notes.append(f"{t.name}: no pattern of the workload uses it; not planned")
            continue
        got_targets, got_verdicts = _plan_table(t, mine, wl.stats(t.name, *t.aliases), wl.file, n)
        targets += got_targets
        verdicts.update(got_verdicts)
    patterns = tuple(verdicts[id(p)] for p in wl.patterns)
    stats = {t.name: wl.stats(t.name, *t.aliases) for t in defs}
    return Plan(defs, tuple(targets), patterns, workload=wl.file, notes=tuple(notes), stats=stats, seed=n)


def _match(p: AccessPattern, tables: tuple[TableDefinition, ...], file: str) -> TableDefinition:
    """The table a pattern names, checked: its index, its key attributes and the indexes its writes update."""
    found = [t for t in tables if t.answers_to(p.table)]
    names = ", ".join(t.name for t in tables)
    if not found:
        raise ExportError(file, f"{p.where}.table", f"one of the definition's tables ({names})", p.table)
    if len(found) > 1:
        raise ExportError(file, f"{p.where}.table", "a name that picks one table (use its TableName)", p.table)
    t = found[0]
    globals_ = ", ".join(i.name for i in t.global_indexes) or "none"
    idx = None
    if p.index is not None:
        idx = t.index(p.index)
        if idx is None:
            raise ExportError(
                file, f"{p.where}.index", f"an index of {t.name} ({', '.join(i.name for i in t.indexes) or 'none'})", p.index
            )
        if idx.kind == "global" and p.consistency == "strong":
            raise ExportError(
                file,
                f"{p.where}.strongly_consistent",
                "eventually consistent reads on a global index (it has no strongly consistent reads)",
                True,
            )
    for name in (p.gsi_list or ()) + tuple(p.index_spread):
        g = t.index(name)
        if g is None or g.kind != "global":
            where = "gsi_list" if name in (p.gsi_list or ()) else f"index_spread.{name}"
            raise ExportError(file, f"{p.where}.{where}", f"a global index of {t.name} ({globals_})", name)
    key = idx.partition_key if idx is not None and idx.kind == "global" else t.partition_key
    if p.key is not None and tuple(p.key) != tuple(key):
        raise ExportError(
            file,
            f"{p.where}.key",
            f"the partition key of {t.name}{'/' + idx.name if idx else ''} ({'+'.join(key)})",
            "+".join(p.key),
        )
    _check_spread(p.spread, key, t, file, f"{p.where}.spread")
    for name, sp in p.index_spread.items():
        _check_spread(sp, t.index(name).partition_key, t, file, f"{p.where}.index_spread.{name}")  # type: ignore[union-attr]
    return t


def _check_spread(sp: Spread, key: tuple[str, ...], t: TableDefinition, file: str, where: str) -> None:
    if sp.key_counts and tuple(sp.key_counts) != tuple(key):
        raise ExportError(file, f"{where}.keys", f"a count per attribute of the key ({', '.join(key)})", ", ".join(sp.key_counts))
    if sp.sample_items:
        if len(key) != 1 or key[0] not in t.samples:
            raise ExportError(
                file,
                f"{where}.sample_items",
                f"a definition with sample items carrying {'+'.join(key)} (a NoSQL Workbench model's TableData)",
            )


def _prefix(key: tuple[str, ...]) -> str:
    return "+".join(key) + "#"


def _distribution(sp: Spread, key: tuple[str, ...], t: TableDefinition) -> Any:
    return sp.distribution(_prefix(key), t.samples.get(key[0]) if sp.sample_items else None)


def _entry_bytes(idx: IndexDefinition, p: AccessPattern, stats: TableStats) -> float:
    """An index entry's size: the workload's (``table_list``), else the item for ALL and INCLUDE, at most 1 KB for
    KEYS_ONLY (``PLAN_KEYS_ONLY_ENTRY_BYTES``)."""
    if idx.name in stats.index_item_size_bytes:
        return min(stats.index_item_size_bytes[idx.name], p.item_size_bytes)
    if idx.projection == "KEYS_ONLY":
        return min(p.item_size_bytes, PLAN_KEYS_ONLY_ENTRY_BYTES)
    return p.item_size_bytes


def _shape(contribs: list[Contribution]) -> tuple[str, float | None, float]:
    """The target's shape (launch before spike before daily before steady), a spike's length, and the units/s before it."""
    shapes = [c.pattern.shape.kind for c in contribs]
    kind = next((k for k in ("launch", "spike", "daily") if k in shapes), "steady")
    spike = min((c.pattern.shape.duration_s for c in contribs if c.pattern.shape.kind == "spike"), default=None)
    base = 0.0
    for c in contribs:
        s = c.pattern.shape
        base += c.units * (s.from_rps / c.pattern.rps if s.kind in ("launch", "spike") else 1.0)
    return kind, spike if kind == "spike" else None, base


def _plan_table(
    t: TableDefinition, patterns: list[AccessPattern], stats: TableStats, file: str, seed: int
) -> tuple[list[TargetLoad], dict[int, PatternVerdict]]:
    contribs, unchecked = _contributions(t, patterns, stats)
    size_gb = (t.size_bytes or 0) / 1e9 or stats.size_gb
    loads: dict[tuple[str | None, str], tuple[TargetLoad, Served, list[float], list[float]]] = {}
    # global indexes before the table, in the simulator's order (hotpart.simulate_with_indexes): a write an index
    # refuses never reaches the table's partitions, which serve the share of each pattern's writes let through
    through: dict[int, float] = {}
    for target in sorted(dict.fromkeys(k[0] for k in contribs), key=lambda g: g is None):
        idx = t.index(target) if target else None
        n, n_from, caps = _partitions(t, idx, contribs, target, stats, size_gb)
        for kind in ("read", "write"):
            cs = contribs.get((target, kind))
            if not cs:
                continue
            for c in cs:
                place(c, n, seed)
                if target is None and kind == "write":
                    c.units *= through.get(id(c.pattern), 1.0)
                    c.hot_units *= through.get(id(c.pattern), 1.0)
                    c.hot_partition_units *= through.get(id(c.pattern), 1.0)
                    c.mean_hot_units *= through.get(id(c.pattern), 1.0)
                    c.mean_partition_units *= through.get(id(c.pattern), 1.0)
            shape, spike, base = _shape(cs)
            ceiling = PARTITION_MAX_WCU if kind == "write" else PARTITION_MAX_RCU
            cap0, cap1, lim0, lim1 = caps[kind]
            s = serve(
                cs,
                n=n,
                ceiling=ceiling,
                capacity0=cap0,
                capacity1=cap1,
                limit0=lim0,
                limit1=lim1,
                splittable_target=target is None,
                has_lsi=bool(t.local_indexes),
                spike_s=spike,
                base_units=base,
            )
            r0, r1 = allocate(cs, s)
            if target is not None and kind == "write":
                for c, refused in zip(cs, r0, strict=True):
                    through[id(c.pattern)] = through.get(id(c.pattern), 1.0) * (1.0 - refused / c.units if c.units > 0 else 1.0)
            tl = TargetLoad(
                t.name, target, kind, t.mode, n, n_from, cap1, cap0, lim1, lim0, float(s.demand.sum()),
                tuple(float(x) for x in s.demand), tuple(float(x) for x in s.refused0), s.hot_key,
                float(s.demand.max()), ceiling, float(s.refused0.sum()), s.refused1, s.blocked, s.split_minutes,
                s.burst_s, shape,
            )  # fmt: skip
            loads[(target, kind)] = (tl, s, r0, r1)
    from ._plan_verdict import verdict

    verdicts = {id(p): verdict(t, p, contribs, loads, unchecked[id(p)]) for p in patterns}
    # reported table first, then its indexes, whatever order they were served in
    return sorted((v[0] for v in loads.values()), key=lambda tl: tl.index is not None), verdicts


def _contributions(
    t: TableDefinition, patterns: Sequence[AccessPattern], stats: TableStats
) -> tuple[dict[tuple[str | None, str], list[Contribution]], dict[int, list[str]]]:
    """Each pattern's load on the table and its indexes, by (index or ``None``, kind), before placement on partitions;
    and what could not be checked, by pattern (internal: the plan and its rehearsal share it)."""
    pk = t.partition_key
    contribs: dict[tuple[str | None, str], list[Contribution]] = {}
    unchecked: dict[int, list[str]] = {id(p): [] for p in patterns}
    for p in patterns:
        idx = t.index(p.index) if p.index else None
        if p.kind == "read":
            on = idx.name if idx is not None and idx.kind == "global" else None
            key = idx.partition_key if on else pk
            units = p.units_per_second
            fanout = p.spread.suffixes > 1 and p.spread.suffix == "random"
            if fanout:  # a read of a randomly suffixed key asks every suffix (chapter 5)
                read = "aggregate" if p.operation in ("Query", "query", "Scan") else "point"
                per_shard = max(1, p.item_count // p.spread.suffixes)
                rc = read_cost(p.spread.suffixes, "random", read, p.item_size_bytes, per_shard, p.consistency)
                units = p.rps * float(rc.read_units[0])
            contribs.setdefault((on, "read"), []).append(
                Contribution(p, units, p.spread, _distribution(p.spread, key, t), fanout=fanout)
            )
            continue
        units = p.units_per_second
        visits = p.rps * p.items_per_request
        for lsi in t.local_indexes:  # a local index's entries are written with the table's capacity
            units += visits * float(write_units(_entry_bytes(lsi, p, stats)))
        contribs.setdefault((None, "write"), []).append(Contribution(p, units, p.spread, _distribution(p.spread, pk, t)))
        affected = p.gsi_list if p.gsi_list is not None else tuple(g.name for g in t.global_indexes)
        for name in affected:
            g = t.index(name)
            sp = p.index_spread.get(name)
            if sp is None and g.partition_key == pk:  # type: ignore[union-attr]
                sp = p.spread
            if sp is None:
                key = "+".join(g.partition_key)  # type: ignore[union-attr]
                unchecked[id(p)].append(
                    f"index {name}: its key ({key}) is not described for these writes (give index_spread.{name}, or gsi_list)"
                )
                continue
            per_write = float(index_write_units(_entry_bytes(g, p, stats)))  # type: ignore[arg-type]
            idx_units = visits * per_write
            contribs.setdefault((name, "write"), []).append(
                Contribution(
                    p, idx_units, sp, _distribution(sp, g.partition_key, t), per_base_unit=idx_units / p.units_per_second
                )  # type: ignore[union-attr]
            )
    return contribs, unchecked


def _warm_floor(kind: str, warm_units: float | None) -> float:
    """An on-demand table's (or index's) warm throughput, units/s: the one set, never below a new table's.

    A new on-demand table starts with 4,000 write and 12,000 read units per second of warm throughput, and warm
    throughput is never decreased (SOURCES['ON_DEMAND_NEW_TABLE_WARM_THROUGHPUT'], ['WARM_THROUGHPUT_NO_DECREASE']):
    a previous peak below half of that, given in a workload's ``table_list``, does not lower what the table serves at
    once.
    """
    return max(warm_units or 0.0, on_demand_ceiling(ON_DEMAND_NEW_TABLE_PEAK[kind]))


def _partitions(
    t: TableDefinition,
    idx: IndexDefinition | None,
    contribs: dict[tuple[str | None, str], list[Contribution]],
    target: str | None,
    stats: TableStats,
    size_gb: float,
) -> tuple[int, str, dict[str, tuple[float | None, float | None, float, float]]]:
    """Partitions of a table or index, and per kind: (capacity at start, capacity settled, limit at start, limit)."""
    owner: Any = idx if idx is not None else t
    demand = {k: math.fsum(c.units for c in contribs.get((target, k), [])) for k in ("read", "write")}
    caps: dict[str, tuple[float | None, float | None, float, float]] = {}
    size = size_gb if idx is None else 0.0
    if t.mode == "provisioned":
        settled = {}
        for k in ("read", "write"):
            units, scaling = getattr(owner, f"{k}_units"), getattr(owner, f"{k}_scaling")
            if scaling is not None:
                cs = contribs.get((target, k), [])
                _, _, base = _shape(cs) if cs else ("steady", None, 0.0)
                caps[k] = (
                    scaling.capacity_for(base if base < demand[k] else demand[k]),
                    scaling.capacity_for(demand[k]),
                    math.inf,
                    math.inf,
                )
            else:
                caps[k] = (units or 0.0, units or 0.0, math.inf, math.inf)
            settled[k] = caps[k][1] or 0.0
        n = estimate_partitions(settled["read"], settled["write"], size)
        how = f"{settled['read']:,.0f} RCU/s and {settled['write']:,.0f} WCU/s provisioned" + (
            f", {size:,.1f} GB" if size else ""
        )
        return n, how, caps
    warm = {}
    for k in ("read", "write"):
        w = getattr(owner, f"warm_{k}_units")
        cs = contribs.get((target, k), [])
        shape = _shape(cs)[0] if cs else "steady"
        prev = getattr(stats, f"previous_peak_{k}_units") if idx is None else None
        peak = prev if prev is not None else ON_DEMAND_NEW_TABLE_PEAK[k]
        if shape in ("launch", "spike") and cs:
            peak = max(peak, _shape(cs)[2]) if prev is None else prev
        od = OnDemand(previous_peak=peak, warm_throughput=_warm_floor(k, w))
        instant = od.instant_ceiling(peak)
        quota = ON_DEMAND_TABLE_QUOTA_WRU if k == "write" else ON_DEMAND_TABLE_QUOTA_RRU
        maximum = getattr(owner, f"max_{k}_units") or math.inf
        held = shape in ("launch", "spike") or prev is not None
        lim = min(quota, maximum, instant if held else math.inf)
        caps[k] = (None, None, lim, lim)
        warm[k] = max(w or 0.0, instant if w is None else 0.0, demand[k] if not held else 0.0)
    n = estimate_partitions(warm["read"], warm["write"], size)
    how = f"{warm['read']:,.0f} RCU/s and {warm['write']:,.0f} WCU/s of warm throughput (on-demand)" + (
        f", {size:,.1f} GB" if size else ""
    )
    return n, how, caps


def plan_report_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the JSON report, version :data:`PLAN_SCHEMA_VERSION` (a copy:
    ``hotpart plan --schema report`` prints it).

    Examples
    --------
    >>> plan_report_schema()["properties"]["worst"]
    {'enum': ['fits', 'at risk', 'throttles']}
    """
    import copy

    from ._plan_report import PLAN_REPORT_SCHEMA

    return copy.deepcopy(PLAN_REPORT_SCHEMA)
