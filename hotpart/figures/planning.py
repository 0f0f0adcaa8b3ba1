"""Chapter 17's explorable, figures and numbers: a key design and its workload checked before they ship.

Models: :mod:`hotpart.models.planning` (:func:`hotpart.plan`, :func:`hotpart.read_plan`),
:mod:`hotpart.models.definitions`, :mod:`hotpart.models.workload` and :mod:`hotpart.models.rehearsal`.
Notebook: ``notebooks/17_before_you_deploy.ipynb`` (explorable ``plan_verdict``). The chapter's three examples are
files in ``notebooks/data/plan/``, each in the format a team would deploy (:data:`PLAN_EXAMPLES`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from numpy.typing import ArrayLike

from ..book.explorable import Control, Data, Explorable, register
from ..book.plotting import COLORS, finish_axes, fixed_layout, partition_bars, set_partition_bars
from ..models import (
    PARTITION_MAX_WCU,
    REMEDIES,
    SHARD_UTILIZATION,
    VERDICTS,
    IndexDefinition,
    Plan,
    TableDefinition,
    TargetLoad,
    partition_of,
    plan,
    read_definition,
    read_plan,
    read_units,
    rehearse,
    workload_schema,
    write_units,
)
from ..models._validation import check_array, check_choice, check_integer, check_number

__all__ = [
    "PLAN_CASE_RATE",
    "PLAN_EXAMPLES",
    "SALE_TABLE",
    "plan_case",
    "plan_chapter_numbers",
    "plan_example",
    "plan_example_paths",
    "plan_formula_refused",
    "plan_index_suffix_case",
    "plan_launch_case",
    "plan_spike_case",
    "plan_pattern_rows",
    "plan_rehearsal_rows",
    "plan_remedy_rows",
    "plot_plan_partitions",
    "workload_field_rows",
]

#: The chapter's examples: a name, and the definition and workload files in ``notebooks/data/plan/``. The orders
#: service is cdk synth output (two tables, one with a global index), the sessions table a Terraform plan
#: (``terraform show -json``, provisioned with auto scaling), the catalogue a NoSQL Workbench model with sample data.
PLAN_EXAMPLES: dict[str, tuple[str, str]] = {
    "orders": ("orders-cdk.template.json", "orders-workload.yaml"),
    "sessions": ("sessions-plan.json", "sessions-workload.json"),
    "catalog": ("catalog-workbench.json", "catalog-workload.yaml"),
}
_DATA = Path(__file__).resolve().parents[2] / "notebooks" / "data" / "plan"


def plan_example_paths(name: str) -> tuple[Path, Path]:
    """The definition and workload files of one of the chapter's examples (:data:`PLAN_EXAMPLES`), relative to the
    current folder when they are under it (so that a report names them as a reader would type them).

    Examples
    --------
    >>> [p.name for p in plan_example_paths("orders")]
    ['orders-cdk.template.json', 'orders-workload.yaml']
    """
    check_choice("name", name, tuple(PLAN_EXAMPLES))
    definition, workload = (_DATA / f for f in PLAN_EXAMPLES[name])
    if not (definition.is_file() and workload.is_file()):
        raise ValueError(f"name = {name!r}: its files are not in {_DATA} (the course's repository holds them)")
    here = Path.cwd().resolve()
    return tuple(p.relative_to(here) if p.is_relative_to(here) else p for p in (definition, workload))  # type: ignore[return-value]


@functools.lru_cache(maxsize=4)
def plan_example(name: str) -> Plan:
    """One of the chapter's examples, planned (cached: the same :class:`hotpart.Plan` each time).

    Examples
    --------
    >>> plan_example("orders").worst
    'throttles'
    """
    return read_plan(*plan_example_paths(name))


def _pct(x: float) -> str:
    return f"{x:.0%}"


def _units(x: float) -> str:
    """A rate as the report prints it: whole units from 10 up, three significant digits below."""
    return f"{x:,.0f}" if x >= 10 or x == 0 else f"{x:.3g}"


def _unit_words(unit: str) -> str:
    """A unit after its number: ``%`` glued to it, any other after a space (review turn 11 P7)."""
    return unit if unit == "%" else f" {unit}" if unit else ""


def _chapter_words(stem: str) -> str:
    """A chapter's file stem as the page names it: ``05_write_sharding`` as "chapter 5" (review turn 11 P7)."""
    head = stem.split("_", 1)[0]
    return f"chapter {int(head)}" if head.isdigit() else stem


def plan_pattern_rows(p: Plan) -> list[list[str]]:
    """One row per access pattern: what it is, the units it offers, the highest use of a ceiling it meets, the units
    refused at the peak and after split for heat, its verdict and the row of chapter 15's table it would be diagnosed
    as.

    Examples
    --------
    >>> plan_pattern_rows(plan_example("orders"))[0][5:]
    ['throttles', 'GSI-only throttling']
    """
    rows = []
    for v in p.patterns:
        unit = "WCU/s" if v.pattern.kind == "write" else "RCU/s"
        what = f"{v.pattern.pattern}: {v.pattern.description}" if v.pattern.description else v.pattern.pattern
        target = v.table if v.target == "table" else f"{v.table}/{v.target}"
        rows.append(
            [
                what,
                f"{v.pattern.operation} on {target}",
                f"{_units(v.number('units per second'))} {unit}",
                _pct(v.utilization),
                f"{_units(v.refused)} / {_units(v.refused_after_split)}",
                v.verdict,
                v.cause,
            ]
        )
    return rows


def plan_remedy_rows(p: Plan) -> list[list[str]]:
    """One row per remedy the plan proposes: the pattern, the remedy and its numbers with their chapters.

    Examples
    --------
    >>> plan_remedy_rows(plan_example("orders"))[0][0]
    '1: Place an order'
    """
    rows = []
    for v in p.patterns:
        what = f"{v.pattern.pattern}: {v.pattern.description}" if v.pattern.description else v.pattern.pattern
        for r in v.remedies:
            nums = "; ".join(f"{n.name} {_units(n.value)}{_unit_words(n.unit)} ({_chapter_words(n.chapter)})" for n in r.numbers)
            rows.append([what, r.action, nums])
    return rows


@functools.lru_cache(maxsize=1)
def _rehearsals() -> tuple[Any, ...]:
    out = []
    for name in PLAN_EXAMPLES:
        p = plan_example(name)
        for table in dict.fromkeys(v.table for v in p.patterns):
            out.append((name, rehearse(p, table)))
    return tuple(out)


def plan_rehearsal_rows() -> list[list[str]]:
    """Each table of the chapter's examples rehearsed (:func:`hotpart.rehearse`): its peak simulated, exported in
    AWS's formats, read back and diagnosed. One row per table, the deciding columns first (a phone shows them without
    scrolling): the table; whether the plan's and the diagnosis's rows agree; the size of the sharding or cache remedy
    each gives (suffixes, or the keys to cache), the plan's beside the diagnosis's; the example; what was simulated;
    the plan's cause; the diagnosis's first finding, its share of the throttle events, its confidence and the keys its
    remedy names.

    Examples
    --------
    >>> [r[1] for r in plan_rehearsal_rows()]
    ['yes', 'yes', 'yes', 'yes']
    """
    return [
        [
            r.table,
            "yes" if r.agrees else "no",
            f"{_plan_size(plan_example(name), r.table)} / {_diagnosis_size(r.diagnosis)}",
            name,
            f"{r.kind}s",
            r.expected,
            _first_finding(r.diagnosis),
        ]
        for name, r in _rehearsals()
    ]


def _finding_keys(f) -> list[str]:
    """The keys a finding's remedy names (quoted in its action), in order."""
    return list(dict.fromkeys(re.findall(r"(?<!\w)'([^'\s]+)'(?!\w)", f.action)))


def _first_finding(d) -> str:
    """A diagnosis's first finding in words: its row, its share of the throttle events, its confidence and the keys
    its remedy names."""
    f = d.findings[0]
    if d.symptom == "no throttling":
        return d.symptom
    keys = _finding_keys(f)
    named = f"; {len(keys)} key{'s' if len(keys) != 1 else ''}: {', '.join(keys)}" if keys else ""
    return f"{f.row} ({f.share:.0%} of the throttle events; confidence {f.confidence}{named})"


def _plan_size(p: Plan, table: str) -> str:
    """The size of the plan's first sized remedy for a table's worst pattern: its suffixes (the per-key count first,
    and what the course's placement asks for where it asks for more), or the keys a cache must take."""
    mine = [v for v in p.patterns if v.table == table]
    worst = max(mine, key=lambda v: (VERDICTS.index(v.verdict), v.refused_after_split, v.refused, v.utilization))
    for r in worst.remedies:
        nums = {n.name: n.value for n in r.numbers}
        placed = [v for k, v in nums.items() if re.fullmatch(r"suffixes( of '[^']+')?", k)]
        if placed:
            free = [v for k, v in nums.items() if k.startswith("suffixes") and k.endswith("each on a partition of its own")]
            if free:  # the per-key count first (chapter 5's rule for one key), then the course's placement's
                return f"{free[0]:,.0f} suffixes ({placed[0]:,.0f} where the course's hash puts them)"
            return f"{placed[0]:,.0f} suffixes"
        cached = [re.fullmatch(r"share of the reads of '([^']+)' the cache must serve", k) for k in nums]
        keys = [(m.group(1), nums[m.group(0)]) for m in cached if m]
        if keys:
            return "cache " + ", ".join(f"{k} ({x:.0f}%)" for k, x in keys)
    return "none"


def _diagnosis_size(d) -> str:
    """The size of the diagnosis's first remedy: at least so many suffixes, or the keys to cache and the share of
    their reads a cache must serve."""
    f = d.findings[0]
    if "shards" in f.numbers:
        return f"at least {f.numbers['shards']:,.0f} suffixes"
    if "hit_ratio" in f.numbers:
        return "cache " + ", ".join(f"{k} ({f.numbers['hit_ratio']:.0%})" for k in _finding_keys(f))
    return "none"


def workload_field_rows() -> list[list[str]]:
    """The workload schema's fields for one access pattern: name, type and meaning (:func:`hotpart.workload_schema`).

    Examples
    --------
    >>> workload_field_rows()[0][:2]
    ['pattern (required)', 'string or integer']
    """
    pattern = workload_schema()["$defs"]["pattern"]
    required = set(pattern.get("required", ()))
    rows = []
    for name, spec in pattern["properties"].items():
        kind = spec.get("type", "one of the names below" if "enum" in spec else "object" if "$ref" in spec else "")
        kind = " or ".join(kind) if isinstance(kind, list) else kind
        if "enum" in spec:
            kind = ", ".join(str(x) for x in spec["enum"])
        elif "oneOf" in spec:
            kind = " or ".join(str(o.get("type")) for o in spec["oneOf"])
        rows.append([name + (" (required)" if name in required else ""), kind, spec.get("description", "")])
    return rows


# ---------------------------------------------------------------------------------------------
# The chapter's numbers, and its exercises' cases
# ---------------------------------------------------------------------------------------------


def plan_formula_refused(partition_demand: ArrayLike, ceiling: float, limit: float) -> float:
    r"""The refused units per second of the chapter's formula, from a target's partition loads:
    :math:`R = \sum_j L_j - \min\big(C, \sum_j \min(L_j, c)\big)` (adaptive capacity's steady state).

    Parameters
    ----------
    partition_demand : array_like
        :math:`L_j`, units/s on each partition: a 1-D array of at least one finite value ``>= 0``.
    ceiling : float
        :math:`c`, the per-partition ceiling, units/s, finite and ``> 0``.
    limit : float
        :math:`C`, the table-level limit (provisioned capacity, or on-demand's), units/s, ``>= 0`` (``inf``: none
        binds, as :attr:`hotpart.TargetLoad.limit` says).

    Returns
    -------
    float
        :math:`R`, units/s refused, ``>= 0``.

    Examples
    --------
    >>> plan_formula_refused([1_500, 200, 200], 1_000, 8_000)
    500.0
    >>> plan_formula_refused([900, 900], 1_000, 1_500)
    300.0
    """
    d = check_array("partition_demand", partition_demand, low=0, high=np.inf, high_open=True, empty=False, ndim=1)
    c = check_number("ceiling", ceiling, low=0, high=np.inf, low_open=True, high_open=True)
    lim = check_number("limit", limit, low=0, high=np.inf)
    return max(0.0, float(d.sum()) - min(lim, float(np.minimum(d, c).sum())))


def _orders_doc() -> dict[str, Any]:
    import yaml

    return yaml.safe_load(plan_example_paths("orders")[1].read_text(encoding="utf-8"))


def plan_index_suffix_case(suffixes: int, entry: str = "ALL") -> Data:
    """Chapter 17's exercise: the orders example with the ``by-status`` index's PENDING value written over
    ``suffixes`` random suffixes (``PENDING#0`` ..), each write picking one; the plan bounds the suffixes' busiest
    partition in its busiest second by chapter 5's rule with the course's placement, the rule its remedy sizes
    suffixes with.

    Parameters
    ----------
    suffixes : int
        Suffixes of the PENDING value, in ``[1, 64]``.
    entry : {"ALL", "KEYS_ONLY"}
        The index's projection: the example's ``ALL`` (an entry the size of the 1,800-byte order, 2 WCU), or
        ``KEYS_ONLY`` (an entry of at most 1 KB, 1 WCU).

    Returns
    -------
    dict
        ``verdict`` and ``refused`` (pattern 1, WCU/s, after split for heat: the mean refusal, each index partition's
        average load above its ceiling), ``utilization`` (the highest use of a ceiling, the headroom test),
        ``index_hot_partition`` (WCU/s on the index's busiest partition: the busiest second's bound where it is the
        suffixes'), ``per_suffix`` (WCU/s each suffix takes on average), ``shared`` (the most suffixes
        on one index partition) and ``queries`` (requests per listing of the pending orders: one per suffix).

    Examples
    --------
    >>> c = plan_index_suffix_case(3)  # 800 WCU/s a suffix on average, more in its busiest second
    >>> c["verdict"], c["per_suffix"], c["queries"]
    ('at risk', 800.0, 3)
    >>> plan_index_suffix_case(2, "KEYS_ONLY")["verdict"]
    'fits'
    >>> [round(plan_index_suffix_case(k)["refused"]) for k in (2, 4)]  # the mean refusal: 4 suffixes halve it
    [400, 200]
    """
    k = check_integer("suffixes", suffixes, low=1, high=64)
    projection = check_choice("entry", entry, ("ALL", "KEYS_ONLY"))
    doc = _orders_doc()
    doc["access_pattern_list"][0]["index_spread"]["by-status"] = {"shares": {"PENDING": 1.0}, "suffixes": k}
    tables, _ = read_definition(plan_example_paths("orders")[0])
    if projection == "KEYS_ONLY":
        tables = tuple(replace(t, indexes=tuple(replace(i, projection="KEYS_ONLY") for i in t.indexes)) for t in tables)
    p = plan(tables, doc)
    v = p.verdict("1")
    g = p.target("orders", "write", "by-status")
    return {
        "verdict": v.verdict,
        "refused": v.refused_after_split,
        "utilization": v.utilization,
        "index_hot_partition": g.hot_partition,
        "per_suffix": g.demand / k,
        "shared": int(np.bincount(partition_of([f"PENDING#{i}" for i in range(k)], g.partitions)).max()),
        "queries": k,
    }


def plan_launch_case(rps: float, previous_peak_rps: float = 300.0) -> Data:
    """Chapter 17's exercise: a checkout launched on an on-demand table whose writes peaked at ``previous_peak_rps``.

    A new on-demand table keyed by ``orderId`` (no warm throughput set) takes ``rps`` writes a second of 1 KB items,
    spread over a million orders, up from ``previous_peak_rps``, recorded as its previous peak (``table_list``). A new
    table serves at once the larger of double that peak and its warm throughput, 4,000 WCU/s, which never decreases.

    Parameters
    ----------
    rps : float
        Writes per second at the launch, in ``(previous_peak_rps, 100,000]``.
    previous_peak_rps : float
        The previous peak, writes per second, in ``(0, 100,000)``.

    Returns
    -------
    dict
        ``verdict``, ``refused`` (WCU/s), ``cause``, ``limit`` (the on-demand instant limit, WCU/s), ``warm``
        (the warm write throughput to pre-warm to, WCU/s) and ``ramp_min`` (minutes over which to ramp instead).

    Examples
    --------
    >>> c = plan_launch_case(10_000)  # a new table serves 4,000 at once, not double its 300
    >>> c["cause"], c["limit"], c["refused"]
    ('past double the previous peak', 4000.0, 6000.0)
    """
    prev = check_number("previous_peak_rps", previous_peak_rps, low=0, high=100_000, low_open=True, high_open=True)
    r = check_number("rps", rps, low=prev, high=100_000, low_open=True)
    t = TableDefinition("checkout", "on-demand", ("orderId",))
    w = {
        "access_pattern_list": [{"pattern": "checkout", "table": "checkout", "operation": "PutItem", "rps": r,
                                 "item_size_bytes": _ITEM_BYTES, "spread": {"keys": 1_000_000},
                                 "shape": {"kind": "launch", "from_rps": prev}}],
        "table_list": [{"name": "checkout", "previous_peak_write_units": prev * write_units(_ITEM_BYTES)}],
    }  # fmt: skip
    p = plan(t, w)
    v = p.patterns[0]
    nums = {n.name: n.value for r_ in v.remedies for n in r_.numbers}
    return {
        "verdict": v.verdict,
        "refused": v.refused_after_split,
        "cause": v.cause,
        "limit": p.target("checkout", "write").limit_at_start,
        "warm": nums.get("warm write units per second", 0.0),
        "ramp_min": nums.get("minutes for the previous peak to double up to the demand", 0.0),
    }


#: The flash-sale table of chapter 17's exercise: read and write capacity (units/s), writes a second before and during
#: the sale, the two sales' lengths (s) the exercise compares, and the items the writes spread over.
SALE_TABLE: dict[str, float] = {
    "read_units": 9_000,
    "write_units": 2_000,
    "base_rps": 1_000,
    "sale_rps": 3_000,
    "short_s": 60,
    "long_s": 600,
    "items": 100_000,
}


def plan_spike_case(seconds: float) -> Data:
    """Chapter 17's exercise: a flash sale's writes jump from 1,000 to 3,000 a second for ``seconds`` seconds on a
    provisioned table of 2,000 WCU and 9,000 RCU (5 partitions: no partition reaches its ceiling, the table's
    capacity binds).

    Parameters
    ----------
    seconds : float
        The spike's length, s, in ``(0, 86,400]``.

    Returns
    -------
    dict
        ``verdict``, ``refused`` and ``refused_after`` (WCU/s, at the peak and once burst has acted), ``burst_s``
        (seconds the bank carries the shortfall), ``cause``, ``provision`` (WCU/s the remedy provisions) and
        ``partitions``.

    Examples
    --------
    >>> plan_spike_case(60)["verdict"], plan_spike_case(600)["verdict"]
    ('at risk', 'throttles')
    """
    sec = check_number("seconds", seconds, low=0, high=86_400, low_open=True)
    t = TableDefinition("sale", "provisioned", ("itemId",), read_units=SALE_TABLE["read_units"],
                        write_units=SALE_TABLE["write_units"])  # fmt: skip
    w = {"access_pattern_list": [{"pattern": "sale", "table": "sale", "operation": "PutItem",
                                  "rps": SALE_TABLE["sale_rps"], "item_size_bytes": _ITEM_BYTES,
                                  "spread": {"keys": SALE_TABLE["items"]},
                                  "shape": {"kind": "spike", "from_rps": SALE_TABLE["base_rps"],
                                            "duration_s": sec}}]}  # fmt: skip
    p = plan(t, w)
    v = p.patterns[0]
    tl = p.target("sale", "write")
    nums = {n.name: n.value for r_ in v.remedies for n in r_.numbers}
    return {
        "verdict": v.verdict,
        "refused": v.refused,
        "refused_after": v.refused_after_split,
        "burst_s": tl.burst_s,
        "cause": v.cause,
        "provision": next((x for name, x in nums.items() if name.startswith("WCU/s at")), 0.0),
        "partitions": tl.partitions,
    }


def plan_chapter_numbers() -> Data:
    """The numbers chapter 17's prose quotes, from its three examples and their rehearsals (each checked in
    ``tests/test_plan_chapter.py`` against a second route: the formula, chapter 1's rules, the simulator).

    Examples
    --------
    >>> n = plan_chapter_numbers()
    >>> n["o_bp"], n["d_refused"], n["agree"]
    (1400.0, 200.0, 4)
    """
    o, se, ca = plan_example("orders"), plan_example("sessions"), plan_example("catalog")
    ow, og, dw = o.target("orders", "write"), o.target("orders", "write", "by-status"), o.target("daily-stats", "write")
    v1, v4 = o.verdict("1"), o.verdict("4")
    shard = next(r for r in v4.remedies if r.row == "single-key write concentration")
    sn = {n.name: n.value for n in shard.numbers}
    sw = se.target("sessions-prod", "write")
    s2 = se.verdict("2")
    s_split = next(r for r in s2.remedies if r.action.startswith("Split for heat"))
    s_shard = next(r for r in s2.remedies if r.row == "single-key write concentration")
    cr = ca.target("Catalog", "read")
    browse = ca.verdict("browse")
    catalog = next(t for t in ca.tables if t.name == "Catalog")
    reh = _rehearsals()
    pattern1 = v1.pattern
    # the orders index's remedies: its hot value over suffixes, and fewer projected attributes
    spread = next(r for r in v1.remedies if r.action.startswith("Index by-status"))
    projected = next(r for r in v1.remedies if r.action.startswith("Project fewer attributes"))
    on, pn = {x.name: x.value for x in spread.numbers}, {x.name: x.value for x in projected.numbers}
    # the catalogue's cache: every key above the headroom, and the busiest partition's keys
    cache = next(r for r in browse.remedies if r.row == "single-key read concentration")
    cn = {x.name: x.value for x in cache.numbers}
    lists = {m.group(1): cn[m.group(0)] for m in map(re.compile(r"reads of '([^']+)'").fullmatch, cn) if m}
    hot_j = int(np.argmax(cr.partition_demand))
    on_hot = [k for k in lists if int(partition_of(k, cr.partitions)[0]) == hot_j]
    product = ca.verdict("product")
    odds = "random placements in which {:.0f} suffixes fit"  # a count's share of random placements that fit, %
    return {
        # orders (cdk synth)
        "o_patterns": len(o.patterns),
        "o_throttles": sum(v.verdict == "throttles" for v in o.patterns),
        "o_parts": ow.partitions,
        "o_parts_from": ow.partitions_from,
        "o_order_rps": pattern1.rps,
        "o_item_bytes": pattern1.item_size_bytes,
        "o_units_per_write": float(write_units(pattern1.item_size_bytes)),
        "o_write_units": v1.number("units per second"),
        "o_from_rps": pattern1.shape.from_rps,
        "o_limit": ow.limit_at_start,
        "o_idx_units": v1.number("index units per write on by-status"),
        "o_idx_parts": og.partitions,
        "o_idx_hot": og.hot_partition,
        "o_bp": v1.backpressure,
        "o_bp_share": v1.backpressure / v1.pattern.units_per_second,
        "o_per_part": v1.number("units per second") / ow.partitions,
        "o_get_units": float(read_units(o.verdict("2").pattern.item_size_bytes)),
        "o_sh": on["suffixes of 'PENDING'"],
        "o_sh_free": on["suffixes of 'PENDING', each on a partition of its own"],
        "o_sh_each": on["'PENDING' per suffix"],
        # each count's share of random placements that fit (DynamoDB's hash is not published: review turn 11 S2)
        "o_odds_free": on[odds.format(on["suffixes of 'PENDING', each on a partition of its own"])],
        "o_odds": on[odds.format(on["suffixes of 'PENDING'"])],
        "o_sh_extra_rcu": on["extra RCU/s for 3"],
        "o_sparse_readers": "queries 'PENDING', so every item with it must stay" in spread.action,
        "o_pending_share": o.verdict("3").pattern.spread.shares["PENDING"],
        "o_proj_units": pn["index units per write on by-status with entries of at most 1 KB"],
        "o_proj_hot": pn["by-status hottest value with entries of at most 1 KB"],
        "o_proj_refused": pn["refused by by-status with entries of at most 1 KB"],
        "o_proj_bp": pn["back-pressure from by-status with entries of at most 1 KB"],
        "o_proj_sh": pn["suffixes of 'PENDING' with entries of at most 1 KB"],
        "o_proj_back_rcu": pn["RCU/s on orders were 3 to read its items back"],
        "o_idx_refused": og.refused,
        # daily-stats
        "d_rate": v4.number("units per second"),
        "d_parts": dw.partitions,
        "d_capacity": dw.capacity,
        "d_refused": v4.refused_after_split,
        "d_blocked": dw.blocked,
        "d_suffixes": sn["suffixes"],
        "d_per_suffix": sn["hot key's load per suffix"],
        "d_reads_per": sn["requests per read of 5"],
        "d_extra_rcu": sn["extra RCU/s for 5"],
        "d_read_rps": o.verdict("5").pattern.rps,
        "d_suffixes_free": sn["suffixes, each on a partition of its own"],
        "d_odds_free": sn[odds.format(sn["suffixes, each on a partition of its own"])],
        "d_odds": sn[odds.format(sn["suffixes"])],
        "d_hashed_key": re.search(r"hash of '([^']+)#0'", shard.action).group(1),
        "d_extra_rcu_free": sn[f"extra RCU/s for 5 with {sn['suffixes, each on a partition of its own']:.0f} suffixes"],
        # sessions (Terraform plan)
        "s_scale_min": se.tables[0].write_scaling.min_units,
        "s_scale_max": se.tables[0].write_scaling.max_units,
        "s_scale_target": se.tables[0].write_scaling.target,
        "s_keys": se.verdict("2").pattern.spread.keys,
        "s_parts": sw.partitions,
        "s_capacity": sw.capacity,
        "s_demand": sw.demand,
        "s_hot": sw.hot_partition,
        "s_hot_key": sw.hot_key,
        "s_refused": sw.refused,
        "s_after": sw.refused_after_split,
        "s_split_min": sw.split_minutes,
        "s_prewarm": next(n.value for n in s_split.numbers),
        "s_suffixes": next(n.value for n in s_shard.numbers if n.name == "suffixes"),
        "s_notes": len(se.notes),
        "s_verdict": se.worst,
        # catalog (NoSQL Workbench)
        "c_parts": cr.partitions,
        "c_demand": cr.demand,
        "c_hot": cr.hot_partition,
        "c_refused": cr.refused,
        "c_after": cr.refused_after_split,
        "c_split_min": cr.split_minutes,
        # the browse pattern's keys weighted by the model's sample items (its spread), as equally popular values
        "c_eff": browse.pattern.spread.distribution("", catalog.samples.get(catalog.partition_key[0])).effective_cardinality(),
        "c_hot_key": browse.number("hottest key"),
        "c_lists": lists,  # each key the cache must take, RCU/s
        "c_cache_share": min(v for k, v in cn.items() if k.startswith("share of the reads of")),
        "c_copies": cn["read copies of each key, each on a partition of its own"],
        "c_lists_on_hot": on_hot,  # the keys above the headroom that hash onto the busiest partition
        "c_lists_all_on_hot": sorted(on_hot) == sorted(lists),
        "c_list_names": " and ".join(lists),
        "c_list_sample": max(lists.values()),
        "c_hot_rest": cr.hot_partition - sum(lists[k] for k in on_hot),
        # split for heat cannot cut a list; the product pattern's hottest key is merged into the hottest list
        # (PLAN_PATTERNS_SHARE_KEYS), so what stays refused is the lists' excess and that key
        "c_after_lists": sum(max(x - cr.ceiling, 0.0) for x in lists.values()),
        "c_product_hot": product.number("hottest key"),
        "c_product_after": product.refused_after_split,
        # what stays refused beyond the lists' excess and the merged product key (0: nothing else)
        "c_after_rest": cr.refused_after_split
        - sum(max(x - cr.ceiling, 0.0) for x in lists.values())
        - product.number("hottest key"),
        "c_read_row_in_source": REMEDIES["single-key read concentration"].in_source,
        # the loop
        "agree": sum(r.agrees for _, r in reh),
        "rehearsed": len(reh),
        "sale": dict(SALE_TABLE),
        "ceiling_w": PARTITION_MAX_WCU,
        "headroom": SHARD_UTILIZATION,
    }


# ---------------------------------------------------------------------------------------------
# The partitions of one planned table or index
# ---------------------------------------------------------------------------------------------


def _served(t: TargetLoad) -> np.ndarray:
    return np.maximum(np.array(t.partition_demand) - np.array(t.partition_refused), 0.0)


def _target_title(t: TargetLoad) -> str:
    return f"{t.name} {t.kind}s: {t.partitions} partitions"


def plot_plan_partitions(
    ax: Axes, p: Plan, table: str, kind: str, index: str | None = None, *, ymax: float | None = None
) -> None:
    """A planned table's (or index's) partitions at the peak: units served and refused on each, against the ceiling.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    p : Plan
        From :func:`hotpart.plan`.
    table, kind, index
        The target, as :meth:`hotpart.Plan.target` takes it.
    ymax : float, optional
        Upper y limit, units/s, ``> 0``; fitted if omitted.

    Examples
    --------
    >>> from hotpart import new_figure
    >>> fig, (ax,) = new_figure()
    >>> plot_plan_partitions(ax, plan_example("orders"), "orders", "write", "by-status")
    >>> ax.get_title()
    'orders/by-status writes: 8 partitions'
    """
    t = p.target(table, kind, index)
    unit = "WCU/s" if kind == "write" else "RCU/s"
    demand = np.array(t.partition_demand)
    even = t.capacity / t.partitions if t.capacity is not None else None
    partition_bars(ax, demand, _served(t), t.ceiling, even_share=even, unit=unit)
    top = ymax if ymax is not None else 1.2 * max(float(demand.max(initial=0.0)), t.ceiling)
    ax.set_ylim(0, check_number("ymax", top, low=0, high=np.inf, low_open=True, high_open=True))
    finish_axes(ax, _target_title(t), "partition", f"units at the peak ({unit})", loc="upper left")


# ---------------------------------------------------------------------------------------------
# plan_verdict: one write pattern against its table and a status index, planned as the controls move
# ---------------------------------------------------------------------------------------------

_MODES = ("provisioned", "on-demand")
_ITEM_BYTES = 1_000  # one write unit per write, on the table and (KEYS_ONLY) on the index
#: The explorable's design: writes a second at the peak (WCU/s); and the defaults of its controls: keys, Zipf
#: exponent, index values, capacity (WCU/s).
PLAN_CASE_RATE = 4_000
_KEYS, _ZIPF, _VALUES, _CAPACITY = 100_000, 1.3, 100, 8_000


def plan_case(keys: float, zipf: float, suffixes: int, index_values: float, capacity: float, mode: int = 0) -> Data:
    """One write pattern on a table with a global index, planned: the explorable ``plan_verdict``.

    A table keyed by ``userId`` takes :data:`PLAN_CASE_RATE` writes a second of 1 KB items (one WCU each) over
    ``keys`` keys of Zipf popularity ``zipf`` (chapter 3), each key written over ``suffixes`` random suffixes
    (chapter 5). Every write also updates a ``KEYS_ONLY`` global index keyed by a status of ``index_values`` equally
    common values (chapter 12). The table and its index have ``capacity`` WCU/s each, provisioned, or as their warm
    throughput in on-demand mode (chapter 11).

    Parameters
    ----------
    keys : float
        Partition-key values, in ``[1, 10**7]`` (rounded to a whole number).
    zipf : float
        Zipf exponent of their popularity, in ``[0, 3]`` (0: all alike).
    suffixes : int
        Write-sharding suffixes per key, in ``[1, 1000]``.
    index_values : float
        Values of the index's key, in ``[1, 10**6]`` (rounded).
    capacity : float
        Write capacity, or warm write throughput, of the table and of the index, WCU/s, in ``[1, 1,000,000]``.
    mode : int
        0 provisioned, 1 on-demand.

    Returns
    -------
    dict
        The pattern's ``verdict``, ``refused`` and ``refused_after_split`` (WCU/s, the index's back-pressure
        included), ``backpressure`` (WCU/s), ``utilization`` (of a ceiling), ``cause`` and ``remedy`` (the first
        remedy's action, or ""); the table's ``demand`` and ``served`` per partition (WCU/s: what reaches its
        partitions, past the index), ``partitions``, ``limit`` (the table-level limit, WCU/s), ``ceiling``,
        ``hot_key`` (WCU/s reaching the table on its busiest key or suffix) and ``blocked`` (why split for heat cannot
        help, or ""); the index's ``index_demand``, ``index_served`` and ``index_partitions``; ``mode`` (its name) and
        the inputs.

    Examples
    --------
    >>> c = plan_case(100_000, 1.3, 1, 100, 8_000)
    >>> c["verdict"], c["cause"], round(c["hot_key"]), round(c["refused_after_split"])
    ('throttles', 'single-key write concentration', 1045, 45)
    >>> plan_case(100_000, 1.3, 2, 100, 8_000)["verdict"]
    'at risk'
    >>> c = plan_case(100_000, 1.3, 2, 3, 8_000)
    >>> c["verdict"], c["cause"], round(c["backpressure"])
    ('throttles', 'GSI-only throttling', 2000)
    """
    n = round(check_number("keys", keys, low=1, high=1e7))
    s = check_number("zipf", zipf, low=0, high=3)
    k = check_integer("suffixes", suffixes, low=1, high=1000)
    v = round(check_number("index_values", index_values, low=1, high=1e6))
    cap = check_number("capacity", capacity, low=1, high=1e6)
    m = _MODES[check_integer("mode", mode, low=0, high=1)]
    attrs = {"userId": "S", "status": "S"}
    if m == "provisioned":
        idx = IndexDefinition("by-status", "global", ("status",), projection="KEYS_ONLY", read_units=0, write_units=cap)
        t = TableDefinition("events", m, ("userId",), attributes=attrs, read_units=0, write_units=cap, indexes=(idx,))
    else:  # reads: a new table's warm throughput
        idx = IndexDefinition("by-status", "global", ("status",), projection="KEYS_ONLY", warm_write_units=cap)
        t = TableDefinition("events", m, ("userId",), attributes=attrs, warm_write_units=cap, indexes=(idx,))
    w = {"access_pattern_list": [{"pattern": "write", "table": "events", "operation": "PutItem", "rps": PLAN_CASE_RATE,
                                  "item_size_bytes": _ITEM_BYTES, "spread": {"keys": n, "zipf": s, "suffixes": k},
                                  "index_spread": {"by-status": {"keys": v}}}]}  # fmt: skip
    p = plan(t, w)
    tl, g = p.target("events", "write"), p.target("events", "write", "by-status")
    pv = p.patterns[0]
    return {
        "verdict": pv.verdict,
        "refused": pv.refused,
        "refused_after_split": pv.refused_after_split,
        "backpressure": pv.backpressure,
        "utilization": pv.utilization,
        "cause": pv.cause,
        "remedy": pv.remedies[0].action if pv.remedies else "",
        "demand": np.array(tl.partition_demand),
        "busiest": float(max(tl.partition_demand)),  # the busiest partition's demand, WCU/s
        "served": _served(tl),
        "partitions": tl.partitions,
        "limit": tl.capacity if tl.capacity is not None else tl.limit,
        "ceiling": tl.ceiling,
        "hot_key": tl.hot_key,
        "blocked": tl.blocked,
        "index_demand": np.array(g.partition_demand),
        "index_served": _served(g),
        "index_partitions": g.partitions,
        "mode": m,
        "rate": float(PLAN_CASE_RATE),
        "keys": n,
        "zipf": s,
        "suffixes": k,
        "index_values": v,
        "capacity": cap,
    }


def _verdict_top(data: Data) -> float:
    """Both panels' upper y limit: the tallest bar stays inside, the legend above the bars."""
    tallest = max(float(data["demand"].max()), float(data["index_demand"].max()), PARTITION_MAX_WCU)
    return 1.6 * tallest


def _verdict_plot(fig: Figure, data: Data) -> None:
    fixed_layout(fig, left=0.08, right=0.99, bottom=0.15, top=0.9, wspace=0.2)
    left, right = fig.axes
    top = _verdict_top(data)
    for ax, demand, served, title in (
        (left, data["demand"], data["served"], f"table: {data['partitions']} partitions"),
        (right, data["index_demand"], data["index_served"], f"index by-status: {data['index_partitions']} partitions"),
    ):
        partition_bars(ax, demand, served, data["ceiling"])
        headroom = SHARD_UTILIZATION * data["ceiling"]
        ax.axhline(headroom, color=COLORS["accent"], lw=1.0, ls=":", label=f"{SHARD_UTILIZATION:.0%} of the ceiling")
        ax.set_ylim(0, top)
        finish_axes(ax, title, "partition", "writes at the peak (WCU/s)", loc="upper left")


def _verdict_update(fig: Figure, data: Data) -> None:
    """New heights on the bars when both panels keep their partitions; otherwise both drawn anew."""
    left, right = fig.axes
    same = len(left.containers) >= 2 and len(left.containers[0]) == data["partitions"]
    same = same and len(right.containers) >= 2 and len(right.containers[0]) == data["index_partitions"]
    if not same:
        left.cla()
        right.cla()
        _verdict_plot(fig, data)
        return
    set_partition_bars(left, data["demand"], data["served"])
    set_partition_bars(right, data["index_demand"], data["index_served"])
    top = _verdict_top(data)
    left.set_ylim(0, top)
    right.set_ylim(0, top)


def _verdict_caption(data: Data) -> str:
    over = f", each written over {data['suffixes']} suffixes" if data["suffixes"] > 1 else ""
    head = (
        f"{data['rate']:,.0f} WCU/s over {data['keys']:,} keys of Zipf exponent {data['zipf']:g}{over}: "
        f"{_units(data['hot_key'])} WCU/s on the busiest key; the index's {data['index_values']:,} values take "
        f"{data['rate'] / data['index_values']:,.0f} WCU/s each ({data['mode']}, {data['capacity']:,.0f} WCU/s). "
    )
    if data["verdict"] == "fits":
        return head + f"Verdict: FITS (highest use of a ceiling {data['utilization']:.0%})."
    refused = f"refused {data['refused']:,.0f} WCU/s at the peak"
    if data["backpressure"] > 0:
        refused += f" ({data['backpressure']:,.0f} pushed back by the index)"
    refused += f", {data['refused_after_split']:,.0f} once split for heat has acted"
    why = f" (split for heat blocked: {data['blocked']})" if data["blocked"] else ""
    remedy = f" Remedy: {data['remedy']}." if data["remedy"] else ""
    return head + f"Verdict: {data['verdict'].upper()}, {refused}{why}; cause: {data['cause']}.{remedy}"


plan_verdict = register(
    Explorable(
        name="plan_verdict",
        title="A design's knobs against its verdict: one write pattern, its table and a status index",
        controls=(
            Control("keys", "partition-key values", 10, 10_000_000, _KEYS, step=1, scale="log"),
            Control("zipf", "skew: Zipf exponent of the keys", 0.0, 2.0, _ZIPF, step=0.1),
            Control("suffixes", "suffixes per key (write sharding)", 1, 8, 1, step=1, integer=True),
            Control("index_values", "values of the index's key", 1, 1_000, _VALUES, step=0.5, scale="log"),
            Control("capacity", "capacity, or warm throughput", 1_000, 40_000, _CAPACITY, step=1_000, unit="WCU/s"),
            Control("mode", "capacity mode", 0, 1, 0, integer=True, choices=_MODES),
        ),
        compute=plan_case,
        plot=_verdict_plot,
        update=_verdict_update,
        caption=_verdict_caption,
        try_this=(
            f"at the defaults, {PLAN_CASE_RATE:,} writes a second over {_KEYS:,} keys of Zipf exponent {_ZIPF:g} put "
            f"the hottest key just past the {PARTITION_MAX_WCU:,.0f} WCU/s ceiling. Raise the suffixes until the "
            "verdict is fits; set them back to 1 and switch to on-demand: the hot key is refused all the same. Then "
            "lower the index's values to 3: each value takes a third of the writes, and the index pushes back on the "
            "table."
        ),
        static=("zipf", "suffixes"),
        ncols=2,
        figsize=(10.0, 3.8),
    )
)
