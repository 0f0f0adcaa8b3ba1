"""Each pattern's verdict, its cause and its remedies with their numbers (internal: :func:`hotpart.plan`).

A pattern's refusals are its share of what its table or index refuses (:mod:`hotpart.models._plan_load`) and, for a
write, of what each global index it updates pushes back (in base-table units: the index's refusals divided by the
index units one of its write units costs). The verdict follows the module docstring of :mod:`hotpart.models.planning`;
the cause is the row of chapter 15's table the throttling would be diagnosed as, chosen by what binds: an index's
back-pressure, a table-level limit (provisioned capacity; on-demand's instant ceiling, maximum throughput or
quota), or a partition's ceiling (one key carrying at least :data:`hotpart.ONE_KEY_SHARE` of the hottest
partition, or a few keys).

The remedies are the row's, sized: write sharding by chapter 5's rule with the course's placement on the table's or
index's partitions (the per-key count beside it when that is fewer); for an index's hot value, a sparse index only
when no query of the workload reads the value, and fewer projected attributes when its entries are over 1 KB (000's
「GSI のキー設計と射影属性を見直す」, AWS's "Optimize GSI projections", ``SOURCES["GSI_WRITE_OPTIMIZE_PROJECTIONS"]``); for
hot reads, a cache naming every key above the headroom (the course's row of :data:`hotpart.REMEDIES`; DAX serves
eventually consistent reads only, ``SOURCES["DAX_STRONG_PASS_THROUGH"]``), or read copies of each key.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from ._plan_load import Contribution, Served, key_loads, serve, top_keys, utilization
from .capacity import read_units
from .constants import ON_DEMAND_TABLE_QUOTA_RRU, ON_DEMAND_TABLE_QUOTA_WRU
from .definitions import IndexDefinition, TableDefinition
from .diagnosis import FEW_KEYS_SHARE, ONE_KEY_SHARE, SMALL_KEY_SPACE_SHARE
from .indexes import index_write_units
from .on_demand import on_demand_seconds_to_serve
from .planning import (
    _TOL,
    PLAN_CHAPTERS,
    PLAN_KEYS_ONLY_ENTRY_BYTES,
    Number,
    PatternVerdict,
    PlannedRemedy,
    TargetLoad,
    _shape,
)
from .workload import AccessPattern
from .write_sharding import SHARD_UTILIZATION, read_cost, shards_needed, suffixes_fit_share

#: The most partitions or suffixes whose random placements the plan draws (suffixes_fit_share's limit).
_ODDS_MAX = 10_000

# ---------------------------------------------------------------------------------------------
# Verdicts and remedies
# ---------------------------------------------------------------------------------------------


def verdict(
    t: TableDefinition,
    p: AccessPattern,
    contribs: dict[tuple[str | None, str], list[Contribution]],
    loads: dict[tuple[str | None, str], tuple[TargetLoad, Served, list[float], list[float]]],
    unchecked: list[str],
) -> PatternVerdict:
    idx = t.index(p.index) if p.index else None
    own_key = (idx.name if idx is not None and idx.kind == "global" else None, p.kind)
    tl, s, r0s, r1s = loads[own_key]
    i = next(j for j, c in enumerate(contribs[own_key]) if c.pattern is p)
    c = contribs[own_key][i]
    r0, r1 = r0s[i], r1s[i]
    util = utilization(c, s, tl.ceiling)
    table_util = _table_use(tl)
    bp0 = bp1 = 0.0
    bp_loads: list[tuple[TargetLoad, Contribution, float]] = []
    if p.kind == "write":
        for (target, kind), cs in contribs.items():
            if target is None or kind != "write":
                continue
            for j, ci in enumerate(cs):
                if ci.pattern is p:
                    gtl, gs, g0, g1 = loads[(target, kind)]
                    bp0 += g0[j] / ci.per_base_unit
                    bp1 += g1[j] / ci.per_base_unit
                    bp_loads.append((gtl, ci, g0[j] / ci.per_base_unit))
                    util = max(util, utilization(ci, gs, gtl.ceiling), _table_use(gtl))
    units = p.units_per_second
    refused = min(units, r0 + bp0)
    after = min(units, r1 + bp1)
    util = max(util, table_util)
    verdict = "throttles" if after > _TOL else "at risk" if refused > _TOL or util > SHARD_UTILIZATION else "fits"
    cause = _cause(p, tl, s, contribs[own_key], c, bp_loads, util, verdict)
    numbers = _numbers(t, p, tl, s, c, r0, r1, bp_loads, idx)
    remedies = _remedies(t, p, tl, s, c, cause, bp_loads, contribs) if verdict != "fits" else ()
    return PatternVerdict(
        p, t.name, own_key[0] or "table", verdict, refused, after, bp0, util, cause, numbers, remedies, tuple(unchecked)
    )


#: The rows of chapter 15's table that name a key (the ones a bystander pattern can be caught in).
_KEY_ROWS = ("low-cardinality key", "single-key write concentration", "single-key read concentration")


def _table_use(tl: TargetLoad) -> float:
    if tl.capacity is not None:
        return tl.demand / tl.capacity if tl.capacity > 0 else math.inf
    return tl.demand / tl.limit if math.isfinite(tl.limit) and tl.limit > 0 else 0.0


def _cause(
    p: AccessPattern,
    tl: TargetLoad,
    s: Served,
    cs: list[Contribution],
    c: Contribution,
    bp: list[tuple[TargetLoad, Contribution, float]],
    util: float,
    verdict: str,
) -> str:
    """The row of chapter 15's table the pattern's throttling (or its risk) would be diagnosed as, by diagnose's own
    rules: an index that refuses while the table does not (2a, 2b), a table-level limit (4), then the keys
    Contributor Insights would list (5b: a key space its ten hottest keys cover; 5c: one key taking half the
    refusals; 5d: a few keys of a key space they do not cover, each a hot key; 5e: a long tail)."""
    if verdict == "fits":
        return "no throttling"
    index_refused = sum(g.refused for g, _, _ in bp)
    index_use = max((max(g.hot_partition / g.ceiling, _table_use(g)) for g, _, _ in bp), default=0.0)
    own_use = max(tl.hot_partition / tl.ceiling, _table_use(tl))
    if tl.refused <= _TOL and (index_refused > _TOL or (bp and index_use >= own_use)):
        return "GSI-only throttling"
    if tl.index is not None and p.kind == "read":
        return "GSI read throttling"
    if tl.refused > _TOL:
        table_level, ceiling_level = s.table_excess0, s.ceiling_excess
    else:  # at risk without refusals: the limit nearest to binding
        table_level, ceiling_level = _table_use(tl), tl.hot_partition / tl.ceiling
    if table_level > ceiling_level:
        if tl.capacity is not None:
            return "under-provisioned table"
        quota = ON_DEMAND_TABLE_QUOTA_WRU if p.kind == "write" else ON_DEMAND_TABLE_QUOTA_RRU
        if tl.limit_at_start >= quota:
            return "per-table quota reached"
        if tl.shape in ("launch", "spike") and tl.limit_at_start < quota:
            return "past double the previous peak"
        return "maximum throughput reached"
    _, units, parts = key_loads(cs, tl.partitions)
    single = "single-key write concentration" if p.kind == "write" else "single-key read concentration"
    if tl.demand > 0 and float(units[:10].sum()) >= SMALL_KEY_SPACE_SHARE * tl.demand:
        return "low-cardinality key"
    demand = s.demand
    if tl.refused > _TOL:
        frac = np.divide(s.refused0, demand, out=np.zeros_like(demand), where=demand > 0)
    else:
        frac = np.divide(
            np.maximum(demand - tl.ceiling * SHARD_UTILIZATION, 0.0), demand, out=np.zeros_like(demand), where=demand > 0
        )
    refused = units * frac[parts]
    total = float((demand * frac).sum())
    if total <= 0:
        return single if s.hot_key >= ONE_KEY_SHARE * tl.hot_partition else "low-cardinality key"
    if float(refused.max(initial=0.0)) >= ONE_KEY_SHARE * total:
        return single
    if float(np.sort(refused)[-10:].sum()) >= FEW_KEYS_SHARE * total:
        # a few keys take the refusals of a key space their ten do not cover (5b above): Contributor Insights'
        # ApproximateUniqueCount shows it large, and diagnose names each of the few a hot key, not a low-cardinality key
        return single
    return "under-provisioned table"


def _numbers(
    t: TableDefinition,
    p: AccessPattern,
    tl: TargetLoad,
    s: Served,
    c: Contribution,
    r0: float,
    r1: float,
    bp: list[tuple[TargetLoad, Contribution, float]],
    idx: IndexDefinition | None,
) -> tuple[Number, ...]:
    ch = PLAN_CHAPTERS
    unit = "WCU" if p.kind == "write" else "RCU"
    out = [
        Number("units per request", p.units_per_request, unit, ch["units"]),
        Number("units per second", p.units_per_second, f"{unit}/s", ch["units"]),
        Number(f"partitions of {tl.name}", tl.partitions, "", ch["partitions"]),
        Number("hottest key", c.hot_units, f"{unit}/s", ch["hottest key"]),
        Number(f"hottest partition of {tl.name}", tl.hot_partition, f"{unit}/s", ch["ceiling"]),
        Number("partition ceiling", tl.ceiling, f"{unit}/s", ch["ceiling"]),
    ]
    lsi_units = c.units / p.rps - p.units_per_request if p.rps > 0 else 0.0
    if p.kind == "write" and tl.index is None and t.local_indexes and lsi_units > 1e-9:
        names = ", ".join(i.name for i in t.local_indexes)
        out.insert(
            2,
            Number(
                f"local index units per write on {names} (written with the table's capacity)",
                lsi_units,
                unit,
                ch["index"],
            ),
        )
    if any(refused > 0 for _, _, refused in bp):  # the table's loads above are what its indexes let through
        out.insert(
            4,
            Number(
                f"{unit}/s reaching the partitions of {tl.name} (all patterns, after index back-pressure)",
                tl.demand,
                f"{unit}/s",
                ch["index"],
            ),
        )
    if tl.capacity is not None:
        out.append(Number(f"{tl.name} capacity", tl.capacity, f"{unit}/s", ch["adaptive"]))
        out.append(Number("even share of a partition", tl.capacity / tl.partitions, f"{unit}/s", ch["adaptive"]))
    elif math.isfinite(tl.limit):
        out.append(Number(f"{tl.name} table-level limit", tl.limit, f"{unit}/s", ch["on-demand"]))
    out.append(Number("refused at the peak", r0, f"{unit}/s", ch["adaptive"] if tl.capacity is not None else ch["on-demand"]))
    if tl.split_minutes:
        out.append(Number("minutes of split for heat", tl.split_minutes, "min", ch["split for heat"]))
    out.append(Number("refused after split for heat", r1, f"{unit}/s", ch["split for heat"]))
    if tl.burst_s:
        out.append(Number("seconds burst carries", tl.burst_s, "s", ch["burst"]))
    for g, ci, refused in bp:
        out.append(Number(f"index units per write on {g.index}", ci.per_base_unit * p.units_per_request, "WCU", ch["index"]))
        out.append(Number(f"hottest partition of {g.name}", g.hot_partition, "WCU/s", ch["index"]))
        out.append(Number(f"back-pressure from {g.index}", refused, "WCU/s", ch["index"]))
    return tuple(out)


def _remedies(
    t: TableDefinition,
    p: AccessPattern,
    tl: TargetLoad,
    s: Served,
    c: Contribution,
    cause: str,
    bp: list[tuple[TargetLoad, Contribution, float]],
    contribs: dict[tuple[str | None, str], list[Contribution]],
) -> tuple[PlannedRemedy, ...]:
    ch = PLAN_CHAPTERS
    u = SHARD_UTILIZATION
    out: list[PlannedRemedy] = []
    unit = "WCU" if p.kind == "write" else "RCU"
    own_key = (tl.index, p.kind)
    hot = [ci for ci in contribs.get(own_key, []) if ci.hot_units >= ONE_KEY_SHARE * tl.hot_key]
    if cause in _KEY_ROWS and tl.hot_key > 0 and all(ci is not c for ci in hot):
        # a bystander: other patterns carry most of the hottest key's load, on the partitions it shares with them
        names = ", ".join(sorted({ci.pattern.pattern for ci in hot}))
        return (
            PlannedRemedy(
                cause,
                f"Fix pattern {names} first: it carries most of the load on the hottest key and its partition, which "
                "this pattern shares",
                (
                    Number("this pattern's hottest key", c.hot_units, f"{unit}/s", ch["hottest key"]),
                    Number(f"hottest key of {tl.name}", tl.hot_key, f"{unit}/s", ch["hottest key"]),
                ),
            ),
        )
    if cause == "single-key write concentration":
        out += filter(None, [_sharding(t, p, tl, c, contribs, cause)])
    elif cause == "single-key read concentration":
        out.append(_cache(p, tl, c, contribs, cause))
    elif cause == "low-cardinality key":
        even = math.ceil(tl.demand / (u * tl.ceiling))
        what = "the index's partition key" if tl.index else "the partition key"
        eff = c.dist.effective_cardinality()
        # one value in use (a counter, today's date): moving the key means nothing for it; the write sharding that
        # follows (a key hotter than the headroom) is its fix
        sharded = p.kind == "write" and tl.index is None and c.hot_units > u * tl.ceiling
        one = (
            "; a key that is one value by nature (a counter, today's date) cannot move: the write sharding below is its fix"
            if eff < 2 and sharded
            else ""
        )
        out.append(
            PlannedRemedy(
                cause,
                f"Move {what} to a high-cardinality attribute (and put this one in the sort key): its keys act like "
                f"{eff:,.1f} equally popular values{one}",
                (
                    Number("effective cardinality of the key", eff, "keys", ch["key design"]),
                    Number(f"partitions {tl.name} needs at {u:.0%} of the ceiling", even, "", ch["partitions"]),
                ),
            )
        )
    elif cause == "GSI-only throttling":
        for g, _ci, refused in bp:
            if refused <= _TOL and g.hot_partition <= u * g.ceiling:
                continue
            need = g.demand / u
            nums = [Number(f"{g.index} hottest value", g.hot_key, "WCU/s", ch["index"])]
            if g.capacity is not None:
                need = max(need, tl.capacity or 0.0)
                nums.append(Number(f"{g.index} write capacity at {u:.0%}", need, "WCU/s", ch["index"]))
            action = f"Index {g.index}: "
            spread: PlannedRemedy | None = None
            if g.hot_key > u * g.ceiling:
                spread = _index_sharding(t, g, contribs)
                action += f"its hottest value {spread.row!r} alone is beyond what one index partition takes: "
                action += spread.action
                nums += spread.numbers
                if g.capacity is not None and need > g.capacity:
                    action += (
                        f"; separately, its provisioned {g.capacity:,.0f} WCU/s are short of its peak: capacity alone "
                        "cannot fix the hot value"
                    )
                elif g.capacity is not None:
                    nums.pop(1)  # its capacity is not short: the hot value is the whole problem
            else:
                action += "give it write capacity for its peak (at least the table's, as AWS advises)"
            out.append(PlannedRemedy(cause, action, tuple(nums)))
            projection = _index_projection(t, g, contribs, spread.row if spread is not None else None)
            if projection is not None:
                out.append(projection)
    elif cause == "under-provisioned table":
        need = tl.demand / u
        out.append(
            PlannedRemedy(
                cause,
                f"Provision {tl.name} for its peak, or use on-demand",
                (Number(f"{unit}/s at {u:.0%} use", need, f"{unit}/s", ch["adaptive"]),),
            )
        )
    elif cause == "past double the previous peak":
        prev = tl.limit_at_start / 2
        secs = on_demand_seconds_to_serve(tl.demand, max(prev, 1e-9))
        out.append(
            PlannedRemedy(
                cause,
                f"Pre-warm {tl.name} (warm throughput) to its peak before the launch, or ramp the traffic over "
                f"{secs / 60:,.0f} minutes",
                (
                    Number(
                        f"warm {'write' if p.kind == 'write' else 'read'} units per second",
                        tl.demand,
                        f"{unit}/s",
                        ch["on-demand"],
                    ),
                    Number("minutes for the previous peak to double up to the demand", secs / 60, "min", ch["on-demand"]),
                ),
            )
        )
    elif cause in ("maximum throughput reached", "per-table quota reached"):
        what = "the maximum throughput" if cause == "maximum throughput reached" else "the per-table quota (Service Quotas)"
        out.append(
            PlannedRemedy(
                cause,
                f"Raise {what} of {tl.name}",
                (Number(f"{unit}/s at {u:.0%} use", tl.demand / u, f"{unit}/s", ch["on-demand"]),),
            )
        )
    # beyond the cause's row, what the numbers call for: a key hotter than the course's headroom of a partition
    if p.kind == "write" and tl.index is None and c.hot_units > u * tl.ceiling and cause != "single-key write concentration":
        out += filter(None, [_sharding(t, p, tl, c, contribs, "single-key write concentration")])
    if p.kind == "read" and c.hot_units > u * tl.ceiling and cause != "single-key read concentration":
        out.append(_cache(p, tl, c, contribs, "single-key read concentration"))
    absorbed = tl.refused > _TOL and tl.refused_after_split <= _TOL and tl.split_minutes > 0 and not s.blocked
    if absorbed or (not out and tl.index is None and tl.hot_partition > u * tl.ceiling):
        # the partition, not one key, is too hot: more partitions from the start separate its keys
        parts = math.ceil(tl.partitions * tl.hot_partition / (u * tl.ceiling))
        head = f"Split for heat absorbs it after about {tl.split_minutes:g} minutes; to avoid those minutes, pre-warm"
        action = head if absorbed else "The hottest partition's keys fit apart, not together: pre-warm or provision"
        out.append(
            PlannedRemedy(
                cause,
                f"{action} {tl.name} so it starts with more partitions",
                (Number("partitions to start with", parts, "", ch["split for heat"]),),
            )
        )
    return tuple(out)


def _sharding(
    t: TableDefinition,
    p: AccessPattern,
    tl: TargetLoad,
    c: Contribution,
    contribs: dict[tuple[str | None, str], list[Contribution]],
    row: str,
) -> PlannedRemedy | None:
    """Write sharding of the hottest key (chapter 5): the suffixes :func:`hotpart.shards_needed` gives on the table's
    partitions, and what they cost each read of the table (:func:`hotpart.read_cost`, chapter 6).

    The key is the patterns' hottest key (``PLAN_PATTERNS_SHARE_KEYS``), and each suffix shares its partition with the
    other keys' mean load there, ``(demand - key) / partitions``: the busiest suffix must fit in the headroom it
    leaves, ``SHARD_UTILIZATION x ceiling - background``. The count is chapter 5's rule with the course's placement
    (the suffix keys hashed onto the table's partitions with :func:`hotpart.partition_of`); when the per-key
    arithmetic (each suffix on a partition of its own) gives fewer, that count and its read cost are given too. None
    when the key fits a partition on its own (its neighbours, not the key, fill the partition: more partitions
    separate them, which the caller says).
    """
    ch, u = PLAN_CHAPTERS, SHARD_UTILIZATION
    key = max(tl.hot_key, c.hot_units)
    visits = p.rps * p.items_per_request
    per = c.units / visits if visits > 0 and c.units > 0 else 1.0  # units per write of the key
    background = max(tl.demand - key, 0.0) / tl.partitions
    room = tl.ceiling - background / u  # a shard's ceiling such that u x room = u x ceiling - background
    nums = []
    n_free = 0
    try:
        if room <= 0:
            raise ValueError("the other keys fill every partition")
        n_free = shards_needed(key / per, room, units_per_write=per)
        # the course's hash of the key the workload names (its hottest value, e.g. today's date; a stand-in name,
        # the key's attribute and rank, when the workload gives only a popularity)
        base = top_keys(c.dist, 1)[0][0]
        n_sh = shards_needed(key / per, room, units_per_write=per, n_partitions=tl.partitions, base_key=base)
        where = f"on the table's {tl.partitions} partitions"
        if n_free < n_sh:
            odds = _placement_odds(key / per, (n_free, n_sh), tl.partitions, room, per)
            nums += [Number(f"random placements in which {k} suffixes fit", x, "%", ch["suffixes"]) for k, x in odds]
            where = (
                f"{n_free} by chapter 5's rule for one key (each suffix on a partition of its own); on the table's "
                f"{tl.partitions} partitions the course's hash of {base + '#0'!r}, {base + '#1'!r}, ... puts several "
                f"together, and "
                f"{n_sh} keep its busiest partition within the headroom. DynamoDB's hash is not published, so suffix "
                f"keys may share a partition whatever the count ({_odds_words(odds)}); each suffix key is an item of "
                "its own, which split for heat parts from the others after some minutes"
            )
    except ValueError:
        n_sh = shards_needed(key / per, units_per_write=per)
        parts = math.ceil(tl.demand / (u * tl.ceiling))
        nums.append(Number("partitions the suffixes need at least", parts, "", ch["suffixes"]))
        unit = "WCU/s" if p.kind == "write" else "RCU/s"
        where = (
            f"each on a partition of its own; first raise {tl.name}'s capacity or warm throughput: its "
            f"{tl.partitions} partitions cannot carry its {tl.demand:,.0f} {unit} at {u:.0%} of their ceiling, "
            f"which takes at least {parts} partitions"
        )
    if n_sh <= 1:
        return None
    free = 1 < n_free < n_sh
    if free:  # the per-key count first (chapter 5's rule for one key), then the course's placement's
        nums[:0] = [
            Number("suffixes, each on a partition of its own", n_free, "", ch["suffixes"]),
            Number("suffixes", n_sh, "", ch["suffixes"]),
            Number("hot key's load per suffix", key / n_sh, "WCU/s", ch["suffixes"]),
        ]
        action = f"Write the hot key over random suffixes: {where}"
    else:
        nums[:0] = [
            Number("suffixes", n_sh, "", ch["suffixes"]),
            Number("hot key's load per suffix", key / n_sh, "WCU/s", ch["suffixes"]),
        ]
        action = f"Write the hot key over {n_sh} random suffixes, {where}"
    reads = [r for (tg, k), cs in contribs.items() if tg is None and k == "read" for r in cs]
    for r in reads:
        kind = "aggregate" if r.pattern.operation in ("Query", "query") else "point"
        cons = "strong" if r.pattern.consistency == "strong" else "eventual"
        counts = [n_sh, n_free] if free else [n_sh]
        cost = read_cost([1, *counts], "random", kind, r.pattern.item_size_bytes, 1, cons)
        extra = r.pattern.rps * (cost.read_units[1:] - cost.read_units[0])
        nums.append(Number(f"requests per read of {r.pattern.pattern}", float(cost.requests[1]), "", ch["read cost"]))
        nums.append(Number(f"extra RCU/s for {r.pattern.pattern}", float(extra[0]), "RCU/s", ch["read cost"]))
        if free:
            nums.append(
                Number(f"extra RCU/s for {r.pattern.pattern} with {n_free} suffixes", float(extra[1]), "RCU/s",
                       ch["read cost"])
            )  # fmt: skip
    if reads:
        # a read of the key's total (a counter, a day's count) asks every suffix whatever the suffix: a calculated
        # suffix helps only items read one at a time by the attribute it is computed from (000's pitfall; review
        # turn 11 S4)
        action += (
            "; every read of the key's total then asks all of them, whatever the suffix (a calculated suffix saves "
            "requests only for items read one at a time by the attribute it is computed from, not for a total)"
        )
    return PlannedRemedy(row, action, tuple(nums))


def _placement_odds(writes: float, counts: tuple[int, ...], partitions: int, room: float, per: float) -> list[tuple[int, float]]:
    """Each suffix count's share of random placements that fit (:func:`hotpart.suffixes_fit_share`, seeded), in %:
    DynamoDB's hash is not published, so from the reader's side where the suffix keys land is random."""
    if partitions > _ODDS_MAX:
        return []
    return [
        (k, 100.0 * suffixes_fit_share(writes, k, partitions, room, units_per_write=per, seed=0))
        for k in dict.fromkeys(counts)
        if k <= _ODDS_MAX
    ]


def _odds_words(odds: list[tuple[int, float]]) -> str:
    """``[(2, 50.0), (21, 80.0)]`` as "2 fit in 50% of random placements, 21 in 80%"."""
    if not odds:
        return "their odds are not computed on this many partitions"
    words = [f"{k} fit in {x:.0f}% of random placements" if i == 0 else f"{k} in {x:.0f}%" for i, (k, x) in enumerate(odds)]
    return ", ".join(words)


def _hot_value(cs: list[Contribution]) -> tuple[str, float, float]:
    """The hottest value of an index's (or table's) key among ``cs`` (the patterns' hottest values taken as one,
    ``PLAN_PATTERNS_SHARE_KEYS``), its writes per second and its units per write, before any suffix."""
    hottest = max(cs, key=lambda ci: ci.units * ci.dist.top_share(1))
    name = top_keys(hottest.dist, 1)[0][0]
    writes = math.fsum(ci.pattern.rps * ci.pattern.items_per_request * ci.dist.top_share(1) for ci in cs)
    units = math.fsum(ci.units * ci.dist.top_share(1) for ci in cs)
    return name, writes, units / writes if writes > 0 else 1.0


def _value_readers(cs: list[Contribution], value: str) -> list[tuple[Contribution, float]]:
    """The read patterns among ``cs`` that read ``value``, with the share of their requests that do."""
    out = []
    for r in cs:
        names, shares = top_keys(r.dist, 64)
        share = math.fsum(float(x) for n, x in zip(names, shares, strict=True) if n == value)
        if share > 0:
            out.append((r, share))
    return out


def _index_suffixes(g: TargetLoad, value: str, writes: float, per: float, key_units: float) -> tuple[int | None, int]:
    """Chapter 5's suffix count for an index value: with the course's placement on the index's partitions (``None``
    when no count fits them), and each suffix on a partition of its own (0 when none fits)."""
    u = SHARD_UTILIZATION
    room = g.ceiling - max(g.demand - key_units, 0.0) / g.partitions / u
    if room <= 0:
        return None, 0
    try:
        free = shards_needed(writes, room, units_per_write=per)
    except ValueError:
        return None, 0
    try:
        return shards_needed(writes, room, units_per_write=per, n_partitions=g.partitions, base_key=value), free
    except ValueError:
        return None, free


def _index_sharding(
    t: TableDefinition, g: TargetLoad, contribs: dict[tuple[str | None, str], list[Contribution]]
) -> PlannedRemedy:
    """Write sharding of an index's hottest value (chapter 5 on the index's partitions, as :func:`_sharding` on a
    table's), what it costs the queries that read the value (chapter 6), and whether a sparse index could help:
    only when no query of the workload reads the value (a sparse index leaves out of the index the items its
    queries do not need). The remedy's ``row`` holds the value's name for the caller."""
    ch, u = PLAN_CHAPTERS, SHARD_UTILIZATION
    ics = contribs.get((g.index, "write"), [])
    value, writes, per = _hot_value(ics)
    key_units = writes * per
    n_sh, n_free = _index_suffixes(g, value, writes, per, key_units)
    nums: list[Number] = []
    parts_words = f"{g.partitions} partition{'s' if g.partitions != 1 else ''}"
    if n_sh is not None and 1 < n_free < n_sh:
        # the per-key count first (chapter 5's rule for one key), then the course's placement's, and the odds of
        # each over random placements: DynamoDB's hash is not published (review turn 11 S2)
        room = g.ceiling - max(g.demand - key_units, 0.0) / g.partitions / u
        odds = _placement_odds(writes, (n_free, n_sh), g.partitions, room, per)
        action = (
            f"write it over random suffixes: {n_free} by chapter 5's rule for one key (each suffix on a partition of "
            f"its own); on the index's {parts_words} the course's hash of {value + '#0'!r}, {value + '#1'!r}, ... puts "
            f"several together, and {n_sh} keep its busiest partition within the headroom. DynamoDB's hash is not published, so "
            f"suffix keys may share a partition whatever the count ({_odds_words(odds)})"
        )
        nums.append(Number(f"suffixes of {value!r}, each on a partition of its own", n_free, "", ch["suffixes"]))
        nums.append(Number(f"suffixes of {value!r}", n_sh, "", ch["suffixes"]))
        nums.append(Number(f"{value!r} per suffix", key_units / n_sh, "WCU/s", ch["suffixes"]))
        nums += [Number(f"random placements in which {k} suffixes fit", x, "%", ch["suffixes"]) for k, x in odds]
    elif n_sh is not None:
        action = f"write it over {n_sh} random suffixes on the index's {parts_words}"
        nums.append(Number(f"suffixes of {value!r}", n_sh, "", ch["suffixes"]))
        nums.append(Number(f"{value!r} per suffix", key_units / n_sh, "WCU/s", ch["suffixes"]))
    else:
        parts = math.ceil(g.demand / (u * g.ceiling))
        action = (
            f"no suffix count fits the index's {parts_words}; give it warm throughput or capacity for at "
            f"least {parts} partitions first, then write the value over suffixes"
        )
        nums.append(Number(f"partitions {g.name} needs at {u:.0%} of the ceiling", parts, "", ch["partitions"]))
    action += ", or give the index key more values"
    readers = _value_readers(contribs.get((g.index, "read"), []), value)
    for r, share in readers:
        if n_sh is None:
            break
        per_shard = max(1, r.pattern.item_count // n_sh)
        cons = "strong" if r.pattern.consistency == "strong" else "eventual"
        cost = read_cost([1, n_sh], "random", "aggregate", r.pattern.item_size_bytes, per_shard, cons)
        cost1 = read_cost(1, "random", "aggregate", r.pattern.item_size_bytes, r.pattern.item_count, cons)
        extra = r.pattern.rps * share * float(cost.read_units[1] - cost1.read_units[0])
        nums.append(Number(f"queries per read of {value!r} by {r.pattern.pattern}", n_sh, "", ch["read cost"]))
        nums.append(Number(f"extra RCU/s for {r.pattern.pattern}", extra, "RCU/s", ch["read cost"]))
    if readers:
        names = ", ".join(sorted({r.pattern.pattern for r, _ in readers}))
        action += f"; a sparse index cannot help: pattern {names} queries {value!r}, so every item with it must stay in the index"
    else:
        action += f"; or make the index sparse: no pattern of the workload queries {value!r}, so its items can stay out"
    return PlannedRemedy(value, action, tuple(nums))


def _index_projection(
    t: TableDefinition, g: TargetLoad, contribs: dict[tuple[str | None, str], list[Contribution]], value: str | None
) -> PlannedRemedy | None:
    """Project fewer attributes into an index whose entries are over 1 KB (000's 「GSI のキー設計と射影属性を見直す」, AWS's
    "Optimize GSI projections"): each entry's write units at ``PLAN_KEYS_ONLY_ENTRY_BYTES`` (a ``KEYS_ONLY`` entry,
    or an ``INCLUDE`` of few attributes), the index served again with them (the plan's own steps), its refusals and
    back-pressure then, the suffixes the hottest value would still need, and what the index's queries would cost
    were they to read their items back from the table (AWS: fewer projected attributes "may require additional base
    table reads"). None when the entries already fit 1 KB."""
    ch, u = PLAN_CHAPTERS, SHARD_UTILIZATION
    idx = t.index(g.index or "")
    ics = contribs.get((g.index, "write"), [])
    if idx is None or idx.projection == "KEYS_ONLY" or not ics:
        return None
    scaled, factors = [], []
    for ci in ics:
        visits = ci.pattern.rps * ci.pattern.items_per_request
        now = ci.units / visits if visits > 0 else 0.0
        small = float(index_write_units(min(ci.pattern.item_size_bytes, PLAN_KEYS_ONLY_ENTRY_BYTES)))
        f = min(1.0, small / now) if now > 0 else 1.0
        factors.append(f)
        scaled.append(
            replace(ci, units=ci.units * f, hot_units=ci.hot_units * f, hot_partition_units=ci.hot_partition_units * f,
                    mean_hot_units=ci.mean_hot_units * f, mean_partition_units=ci.mean_partition_units * f,
                    per_base_unit=ci.per_base_unit * f)
        )  # fmt: skip
    if min(factors) >= 1.0:
        return None
    _, spike, base = _shape(scaled)
    s = serve(
        scaled,
        n=g.partitions,
        ceiling=g.ceiling,
        capacity0=g.capacity_at_start,
        capacity1=g.capacity,
        limit0=g.limit_at_start,
        limit1=g.limit,
        splittable_target=False,
        has_lsi=bool(t.local_indexes),
        spike_s=spike,
        base_units=base,
    )
    refused = float(s.refused0.sum())
    per_base = math.fsum(ci.per_base_unit * ci.units for ci in scaled) / max(math.fsum(ci.units for ci in scaled), 1e-300)
    entry = math.fsum(ci.units / max(ci.pattern.rps * ci.pattern.items_per_request, 1e-300) for ci in scaled[:1])
    nums = [
        Number(f"index units per write on {g.index} with entries of at most 1 KB", entry, "WCU", ch["index"]),
        Number(f"{g.index} hottest value with entries of at most 1 KB", s.hot_key, "WCU/s", ch["index"]),
        Number(f"refused by {g.index} now", g.refused, "WCU/s", ch["index"]),
        Number(f"refused by {g.index} with entries of at most 1 KB", refused, "WCU/s", ch["index"]),
        Number(f"back-pressure from {g.index} with entries of at most 1 KB", refused / per_base, "WCU/s", ch["index"]),
    ]
    first = ics[0].pattern
    now = ics[0].units / max(first.rps * first.items_per_request, 1e-300)
    action = (
        f"Project fewer attributes into {g.index} (KEYS_ONLY, or an INCLUDE of what its queries return): an entry of at "
        f"most 1 KB costs {entry:g} WCU a write instead of {now:g}"
    )
    if refused > _TOL:
        action += f", and the index refuses {refused:,.0f} WCU/s instead of {g.refused:,.0f}"
    else:
        action += f", and the index refuses nothing instead of {g.refused:,.0f} WCU/s"
    if value is not None and s.hot_key > u * g.ceiling:
        small_value, writes, per = _hot_value(scaled)
        n_sh, _ = _index_suffixes(replace(g, demand=float(s.demand.sum())), small_value, writes, per, writes * per)
        if n_sh is not None:
            nums.append(Number(f"suffixes of {value!r} with entries of at most 1 KB", n_sh, "", ch["suffixes"]))
            action += f"; with the suffixes too, {n_sh} are enough"
    readers = contribs.get((g.index, "read"), [])
    for r in readers:
        cons = "strong" if r.pattern.consistency == "strong" else "eventual"
        back = r.pattern.rps * r.pattern.item_count * float(read_units(r.pattern.item_size_bytes, cons))
        nums.append(Number(f"RCU/s on {t.name} were {r.pattern.pattern} to read its items back", back, "RCU/s", ch["units"]))
    if readers:
        action += "; a query that needs the other attributes then reads them from the table"
    return PlannedRemedy("GSI-only throttling", action, tuple(nums))


def _cache(
    p: AccessPattern,
    tl: TargetLoad,
    c: Contribution,
    contribs: dict[tuple[str | None, str], list[Contribution]],
    row: str,
) -> PlannedRemedy:
    """A cache in front of every key of the pattern above the course's headroom of a partition, each named with its
    load and the share of its reads the cache must serve (chapter 3); DAX serves eventually consistent reads only, so
    a strongly consistent pattern is made eventual first (which also halves its units, chapter 1). The alternative:
    read copies of each key under suffixed keys, each read going to one copy at random, each update writing all of
    them, as many as chapter 5's bound gives with each copy on a partition of its own."""
    ch, u = PLAN_CHAPTERS, SHARD_UTILIZATION
    budget = u * tl.ceiling
    cs = contribs.get((tl.index, p.kind), [c])
    names, units, _ = key_loads(cs, tl.partitions)
    mine = set(key_loads([c], tl.partitions)[0])
    hot = [(n, float(x)) for n, x in zip(names, units, strict=True) if n in mine and x > budget]
    if not hot:
        hot = [(top_keys(c.dist, 1)[0][0], c.hot_units)]
    strong = p.consistency == "strong"
    nums = [Number("hottest key", c.hot_units, "RCU/s", ch["hottest key"])]
    for name, x in hot:
        nums.append(Number(f"reads of {name!r}", x, "RCU/s", ch["hottest key"]))
        if x > budget:
            nums.append(Number(f"share of the reads of {name!r} the cache must serve", 100 * (1 - budget / x), "%",
                               ch["hottest key"]))  # fmt: skip
    keys = " and ".join(f"{n!r}" for n, _ in hot) if len(hot) <= 2 else ", ".join(f"{n!r}" for n, _ in hot)
    each = "each" if len(hot) > 1 else "it"
    action = ""
    if strong:
        nums.append(Number("hottest key read eventually consistent", c.hot_units / 2, "RCU/s", ch["units"]))
        action = (
            "Make these reads eventually consistent first (it halves their units): DAX passes a strongly consistent "
            "read through to the table; then c"
        )
    else:
        action = "C"
    action += (
        f"ache the reads of {keys} in front of the table (DAX or an application cache, which serve eventually "
        f"consistent reads): {each} is above {u:.0%} of a partition's {tl.ceiling:,.0f} RCU/s"
    )
    per_read = p.units_per_request if p.units_per_request > 0 else 1.0
    try:
        copies = max(shards_needed(x / per_read, tl.ceiling, units_per_write=per_read) for _, x in hot)
    except ValueError:  # more than a million copies: no read copies to offer
        copies = 0
    if copies > 1:
        nums.append(Number("read copies of each key, each on a partition of its own", copies, "", ch["suffixes"]))
        first = hot[0][0]
        action += (
            f"; or keep {copies} copies of each under suffixed keys ({first + '#0'!r} …), each read going to one copy "
            f"at random and each update writing every copy (chapter 5's bound; copies that share a partition are "
            "separate items, which split for heat can part)"
        )
    return PlannedRemedy(row, action, tuple(nums))
