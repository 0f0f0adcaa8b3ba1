"""What one scope's evidence says: the numbers of the remedies, and Contributor Insights' reading of the keys.

Internal to :mod:`hotpart.models.findings` (chapters ``15_diagnosis`` and ``16_your_table``): the offered peak of a
scope and the capacity that serves it at the course's target utilisation, the suffix count of a hot key and its
read cost, the share of reads a cache must serve, the growth of on-demand traffic, the utilisation of one kind, and
which key design a scope's Contributor Insights reports point to. A hot key's remedy is sized from a lower bound of
the rate it is offered (:func:`_key_rate`): AWS's most-accessed report counts what a key consumed, never more than
its partition serves, so the bound adds the key's throttled requests to it, and says "at least".
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import NDArray

from .autoscaling import AUTOSCALING_TARGET
from .constants import ON_DEMAND_TABLE_QUOTA_RRU, ON_DEMAND_TABLE_QUOTA_WRU, PARTITION_MAX_RCU, PARTITION_MAX_WCU
from .evidence import Evidence, ScopeEvidence
from .metrics import KeyReport
from .on_demand import ON_DEMAND_NEW_TABLE_PEAK
from .write_sharding import SHARD_UTILIZATION, read_cost, shards_needed

_CEILING = {"Read": PARTITION_MAX_RCU, "Write": PARTITION_MAX_WCU}
_QUOTA = {"Read": ON_DEMAND_TABLE_QUOTA_RRU, "Write": ON_DEMAND_TABLE_QUOTA_WRU}
_UNIT = {"Read": "RCU/s", "Write": "WCU/s"}
_WRITE_WEIGHT = 3.0  # a write unit in ConsumedThroughputUnits (hp.SOURCES["CI_CONSUMED_THROUGHPUT_UNITS"])


# ---------------------------------------------------------------------------------------------
# The numbers of the remedies
# ---------------------------------------------------------------------------------------------


def _offered_peak(s: ScopeEvidence, ev: Evidence, minutes: NDArray[np.bool_] | None = None) -> float | None:
    """The scope's peak offered rate, units per second: consumed plus refused (one unit per throttle event,
    ``item_units`` each), over the minutes given (all by default). ``None`` when consumption was not exported."""
    if s.consumed is None:
        return None
    refused = s.events
    if not s.scope and s.kind == "Write" and ev.batch_size == 1 and ev.requests_exported:
        # writes an index refused first never reach the table's partitions: they are throttled requests of the
        # table, not its throttle events; the requests no read accounts for are writes the table is offered too
        reads = sum((t.events for t in ev.scopes if t.kind == "Read"), np.zeros(ev.minutes))
        refused = np.maximum(refused, ev.requests - reads)
    rate = (s.consumed + refused * ev.item_units) / ev.seconds
    if minutes is not None and minutes.any():
        rate = rate[minutes]
    return float(rate.max(initial=0.0))


def _target(peak: float) -> int:
    """The capacity that serves ``peak`` at the course's target utilisation (chapter 11's auto scaling target)."""
    return math.ceil(peak / AUTOSCALING_TARGET - 1e-9)


def _rate(units_per_s: float) -> str:
    """A rate, units per second, as a reader sees it: whole from 10 on (``1,234``), two significant digits below
    (``9.5``, ``0.017``), so that a small peak is never written ``0``."""
    return f"{units_per_s:,.0f}" if units_per_s >= 10 else f"{units_per_s:.2g}"


def _capacity_words(s: ScopeEvidence, ev: Evidence, what: str) -> tuple[str, dict[str, float]]:
    """``<what> at least N WCU: its offered peak, P WCU/s, at 70% utilisation``, or how to size it without consumption."""
    peak = _offered_peak(s, ev)
    rate = _UNIT[s.kind]
    unit = ("RCU" if s.kind == "Read" else "WCU") if ev.mode != "on-demand" else ("RRU" if s.kind == "Read" else "WRU")
    if peak is None or peak <= 0:
        return f"{what} above its present level (export {s.metric('C')} to size it)", {}
    t = _target(peak)
    words = (
        f"{what} at least {t:,} {unit}: its offered peak, {_rate(peak)} {rate} (consumed plus refused), at chapter 11's "
        f"{AUTOSCALING_TARGET:.0%} target utilisation"
    )
    return words, {"target": float(t), "peak": peak}


def _one_key_scope(rep: KeyReport | None, key: str) -> bool:
    """Whether the scope's most-accessed report saw one key, ``key``, in all (its ``ApproximateUniqueCount`` is 1 and
    the key is the one it lists): then every unit the scope consumed or refused is that key's."""
    if rep is None or not rep.accessed or rep.unique_accessed is None or rep.unique_accessed > 1:
        return False
    return {k for t in rep.top for k, _ in t.accessed} == {key}


def _key_rate(s: ScopeEvidence, ev: Evidence, key: str, minutes: NDArray[np.bool_]) -> float | None:
    """A lower bound of the rate one key is offered, units per second, in its busiest minute of those given.

    AWS's most-accessed report counts what a key *consumed* (hp.SOURCES["CI_CONSUMED_THROUGHPUT_UNITS"]), never more
    than its partition serves, and its most-throttled report what was refused, so the key was offered at least its
    consumed units (divided by 3 for writes) plus its throttled requests (``item_units`` each), minute by minute. The
    reports count a key's reads and writes together, so when the scope's consumption (its throttle events) of the
    other kind was exported, all of that minute's is taken from the key's units first (:func:`_other_kind_units`:
    the bound stays a bound whoever the other kind's units were); when it was not, the key's traffic is taken to be
    of the throttled kind, as for the reading of the key (hp.ASSUMPTIONS["HOT_KEY_TRAFFIC_SHARE"]). An index's
    most-throttled report does not count its refused writes (AWS does not
    measure them: hp.ASSUMPTIONS["INDEX_REPORT_OMITS_WRITES"]), so for an index's writes the consumed units alone are
    the bound. When the most-accessed report saw this one key in all (:func:`_one_key_scope`), the scope's own offered
    peak (consumed plus refused, :func:`_offered_peak`) is the key's, and the larger bound is taken. ``None`` when no
    report lists the key."""
    rep = ev.key_reports.get(s.scope)
    if rep is None:
        return None
    weight = _WRITE_WEIGHT if rep.weighted and s.kind == "Write" else 1.0
    refusals = rep.throttled and not (s.scope and s.kind == "Write")
    other = _other_kind_units(s, ev, rep.weighted)
    # an index's most-throttled report holds only its refused reads (INDEX_REPORT_OMITS_WRITES): nothing to take out
    other_refused = _other_kind_units(s, ev, False, events=True) if refusals and not s.scope else None
    best = None
    for m in np.flatnonzero(minutes):
        if m >= len(rep.top):
            continue
        tk = rep.top[m]
        acc = dict(tk.accessed).get(key, 0.0)
        acc = max(acc - float(other[m]), 0.0) / weight if other is not None else acc / weight
        thr = dict(tk.throttled).get(key, 0.0) if refusals else 0.0
        thr = (max(thr - float(other_refused[m]), 0.0) if other_refused is not None else thr) * ev.item_units
        if acc or thr:
            rate = (acc + thr) / float(ev.seconds[m])
            best = rate if best is None else max(best, rate)
    if _one_key_scope(rep, key):
        whole = _offered_peak(s, ev, minutes)
        if whole is not None and whole > 0:
            best = whole if best is None else max(best, whole)
    return best


def _shard_words(s: ScopeEvidence, key: str, rate: float | None) -> tuple[str, str, dict[str, float]]:
    """Write sharding for one hot key: the suffix count (chapter 5) and what it costs a read (chapter 6)."""
    if rate is None:
        return (
            f"write-shard {key!r} (chapter 5 sizes the suffix count from its rate, which the reports do not give)",
            "chapter 5, write sharding",
            {},
        )
    n = max(int(shards_needed(rate)), 2)
    reads = float(read_cost(n, "random", "aggregate").requests[0])
    target = "the index's partition key " if s.scope else ""
    words = (
        f"write-shard {target}{key!r} over at least {n} suffixes: it is offered at least {_rate(rate)} WCU/s, and each "
        f"shard must stay under {SHARD_UTILIZATION:.0%} of a partition's {PARTITION_MAX_WCU:,.0f} WCU/s (chapter 5); a "
        f"read of the whole key then takes {reads:,.0f} queries, one per suffix (chapter 6)"
    )
    if s.scope:
        words += (
            f"; or, if no query reads {key!r} through the index, make the index sparse so that its items leave it (a "
            "sparse index that keeps them relieves nothing: chapter 15, exercise 6); projecting fewer attributes "
            "lowers what each index write costs when the items are larger than 1 KB (chapter 12)"
        )
    return words, "chapter 5, write sharding; chapter 6, its read cost", {"rate": rate, "shards": n, "read_queries": reads}


def _cache_words(s: ScopeEvidence, key: str, rate: float | None) -> tuple[str, str, dict[str, float]]:
    """A cache for one hot item: the share of its reads the cache must serve."""
    limit = SHARD_UTILIZATION * PARTITION_MAX_RCU
    what = f"the queries on index key {key!r}" if s.scope else f"the reads of {key!r}"
    if rate is None:
        return (
            f"cache {what} in front of the table (DAX or an application cache)",
            "chapter 15, the hot-read row; chapter 10, a split cannot cut one item",
            {},
        )
    hit = max(0.0, 1.0 - limit / rate)
    if hit == 0.0:  # the bound is under what a cache must bring the reads to: it cannot size the cache
        words = (
            f"cache {what} (DAX or an application cache): the reports show at least {_rate(rate)} RCU/s, already under "
            f"the {limit:,.0f} RCU/s ({SHARD_UTILIZATION:.0%} of a partition's {PARTITION_MAX_RCU:,.0f}) a cache must "
            "bring them down to; a lower bound cannot size the cache, so size the share it must serve from the key's "
            "offered reads (a log of its requests, chapter 16); strongly consistent reads still reach the partition"
        )
        return words, "chapter 15, the hot-read row; chapter 10, a split cannot cut one item", {"rate": rate, "hit_ratio": hit}
    words = (
        f"cache {what} (DAX or an application cache): at least {_rate(rate)} RCU/s, so the cache must serve at least "
        f"{hit:.0%} of them to keep the rest under {limit:,.0f} RCU/s ({SHARD_UTILIZATION:.0%} of a partition's "
        f"{PARTITION_MAX_RCU:,.0f}); strongly consistent reads still reach the partition"
    )
    return words, "chapter 15, the hot-read row; chapter 10, a split cannot cut one item", {"rate": rate, "hit_ratio": hit}


# ---------------------------------------------------------------------------------------------
# Contributor Insights: which key design
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _KeyReading:
    cause: str  # "hot key", "small key space", "spread" or "key unknown"
    key: str
    evidence: tuple[str, ...]
    confidence: str
    why: str
    missing: tuple[str, ...] = ()
    alternatives: tuple[str, ...] = ()
    values: float | None = None
    hot_keys: tuple[str, ...] = ()  # several hot keys of a large key space (FEW_KEYS_SHARE), hottest first


def _keys(n: int) -> str:
    return "one key" if n == 1 else f"{n:,} keys"


def _rule_names(s: ScopeEvidence) -> str:
    resource = "TABLE" + (f"/{s.scope}" if s.scope else "")
    return f"DynamoDBContributorInsights-PKC-{resource}-… and -PKT-{resource}-…"


def _scope_events(s: ScopeEvidence, ev: Evidence) -> NDArray[np.float64]:
    """The scope's throttle events per minute that its most-throttled report counts: the table's reads and writes;
    an index's reads only, since AWS does not measure the write throttling an index's write capacity causes
    (hp.SOURCES["CI_INDEX_WRITE_THROTTLING_NOT_MEASURED"]; the course reads it as covering an index partition's
    ceiling too: hp.ASSUMPTIONS["INDEX_REPORT_OMITS_WRITES"])."""
    out = np.zeros(ev.minutes)
    for t in ev.scopes:
        if t.scope == s.scope and not (t.scope and t.kind == "Write"):
            out = out + t.events
    return out


def _accessed_total(s: ScopeEvidence, ev: Evidence, weighted: bool, listed: float, m: int) -> float:
    """The scope's whole traffic in minute ``m`` in the most-accessed report's units: AWS's ConsumedThroughputUnits,
    3 x ConsumedWriteCapacityUnits + ConsumedReadCapacityUnits of the same scope (table or index), both kinds, since a
    key's units count its reads and its writes together (hp.SOURCES["CI_CONSUMED_THROUGHPUT_UNITS"]). AWS's report gives
    no total, so the listed keys' sum (``listed``) is the floor; a kind whose consumption was not exported adds nothing,
    which leaves the total a lower bound and the shares upper bounds. A report that counts plain units (a
    simulation's, ``weighted`` false) is its own total."""
    if not weighted:
        return listed
    consumed = 0.0
    for t in ev.scopes:
        if t.scope == s.scope and t.consumed is not None and m < len(t.consumed):
            consumed += (_WRITE_WEIGHT if t.kind == "Write" else 1.0) * float(t.consumed[m])
    return max(listed, consumed)


def _other_kind_units(s: ScopeEvidence, ev: Evidence, weighted: bool, *, events: bool = False) -> NDArray[np.float64] | None:
    """The scope's consumption of the other kind, per minute, in the most-accessed report's units (3 per write unit
    when ``weighted``, as AWS counts them: hp.SOURCES["CI_CONSUMED_THROUGHPUT_UNITS"]; 1 in the simulated reports),
    or with ``events`` its throttle events of the other kind (requests, as the most-throttled report counts them,
    never weighted); ``None`` when that metric was not exported (events summed from the reason metrics are a lower
    bound, no use to take out). A scope has one evidence of each kind."""
    t = next((t for t in ev.scopes if t.scope == s.scope and t.kind != s.kind), None)
    series = None if t is None else (t.events if t.events_exported else None) if events else t.consumed
    if t is None or series is None:
        return None
    out = np.zeros(ev.minutes)
    n = min(len(series), ev.minutes)
    out[:n] = (_WRITE_WEIGHT if weighted and not events and t.kind == "Write" else 1.0) * series[:n]
    return out


def _small_space(s: ScopeEvidence, ev: Evidence, minutes: NDArray[np.bool_], small_share: float) -> tuple[bool | None, str]:
    """Whether the key space is small (the report lists it whole), and what says so; ``None`` when unknown."""
    rep = ev.key_reports.get(s.scope)
    if rep is None or not rep.accessed:
        return None, "the key space's size is not in the export (the most-accessed report's ApproximateUniqueCount gives it)"
    if rep.unique_accessed is not None:
        small = rep.key_space_listed()
        saw = f"{rep.unique_accessed:,.0f} distinct key" + ("" if round(rep.unique_accessed) == 1 else "s")
        words = f"the most-accessed report saw {saw} (ApproximateUniqueCount) and lists {rep.listed_accessed}: " + (
            "the whole key space is in the list" if small else "the key space is not small"
        )
        return small, words
    covers = []
    for m in np.flatnonzero(minutes):
        if m < len(rep.top):
            tk = rep.top[m]
            total = _accessed_total(s, ev, rep.weighted, tk.total_accessed, m)
            if total > 0:
                covers.append(min(sum(v for _, v in tk.accessed) / total, 1.0))
    if not covers:
        return None, "the most-accessed report lists no key in the minutes with throttling"
    cover = float(np.mean(covers))
    return cover >= small_share, f"the keys the most-accessed report lists carry {cover:.1%} of the traffic"


def _key_reading(s: ScopeEvidence, ev: Evidence, minutes: NDArray[np.bool_], th: _Thresholds) -> _KeyReading:
    """Contributor Insights of one scope over its throttled minutes: which key design is at fault.

    An index's write throttling is read from its most-accessed report alone: AWS does not measure the write
    throttling an index's write capacity causes, and points to the index's most-accessed report
    (hp.SOURCES["CI_INDEX_WRITE_THROTTLING_NOT_MEASURED"]), so the index's most-throttled report, whatever it lists,
    says nothing of these writes (an empty one is not throttling spread thin)."""
    rep = ev.key_reports.get(s.scope)
    if not (s.scope and s.kind == "Write"):
        return _read_keys(s, ev, minutes, th, rep)
    where = f"Contributor Insights of {s.where}"
    accessed = f"the most-accessed report of {s.where} (DynamoDBContributorInsights-PKC-TABLE/{s.scope}-…)"
    note = (
        f"{where}: its most-throttled report does not count the writes the index's write capacity refuses (AWS does "
        "not measure them), so the keys are read from its most-accessed report"
    )
    if rep is None or not rep.accessed:
        return _KeyReading(
            "key unknown",
            "",
            (
                note
                if rep is not None and rep.throttled
                else f"no Contributor Insights report of {s.where}: an index's write throttling shows in its "
                "most-accessed report (AWS does not measure it in the most-throttled one)",
            ),
            "low",
            "a partition of the index is at its limit, but only the index's most-accessed report can name the key",
            (accessed,),
        )
    r = _read_keys(s, ev, minutes, th, replace(rep, throttled=False))
    lines = (note, *r.evidence) if rep.throttled else r.evidence
    return replace(r, evidence=lines, missing=tuple(m for m in r.missing if "most-throttled" not in m))


def _read_keys(s: ScopeEvidence, ev: Evidence, minutes: NDArray[np.bool_], th: _Thresholds, rep: KeyReport | None) -> _KeyReading:
    """:func:`_key_reading` on the reports ``rep`` holds."""
    report = f"Contributor Insights of {s.where}"
    if rep is None or not (rep.accessed or rep.throttled):
        return _KeyReading(
            "key unknown",
            "",
            (
                f"no Contributor Insights report of {s.where}: CloudWatch's metrics stop at the table and the index, so no "
                "key can be named",
            ),
            "low",
            "a partition is at its limit, but which key design is at fault needs the keys",
            (f"Contributor Insights reports of {s.where} ({_rule_names(s)})",),
        )
    n_hit = int(minutes.sum())
    small, small_words = _small_space(s, ev, minutes, th.small)
    # why a small key space is small: the report's count of distinct keys, or (without it) the listed keys' share
    small_why = (
        "the whole key space is in the list"
        if rep.unique_accessed is not None
        else f"the keys the most-accessed report lists carry at least {th.small * 100:g}% of the traffic"
    )
    if rep.throttled:
        events = _scope_events(s, ev)
        per_key: dict[str, float] = {}
        denominator = 0.0
        named = 0
        for m in np.flatnonzero(minutes):
            tk = rep.top[m] if m < len(rep.top) else None
            listed = sum(v for _, v in tk.throttled) if tk else 0.0
            denominator += max(tk.total_throttled if tk else 0.0, listed, float(events[m]) / ev.item_units)
            if tk and tk.throttled:
                named += 1
                for key, v in tk.throttled:
                    per_key[key] = per_key.get(key, 0.0) + v
        if not per_key or denominator <= 0:
            unique = f" of the {rep.unique_throttled:,.0f} keys it saw throttled" if rep.unique_throttled else ""
            return _KeyReading(
                "spread",
                "",
                (f"{report}: the most-throttled report names no key{unique} in the {n_hit} minutes with throttling",),
                "medium",
                "the throttling is spread too thin for any key to reach the report's list",
            )
        key = max(per_key, key=per_key.__getitem__)
        top, listed_share = per_key[key] / denominator, sum(per_key.values()) / denominator
        own = float(s.events[minutes].sum()) / ev.item_units
        mixed = False
        if own > 0 and float(events[minutes].sum()) / ev.item_units <= own * (1 + 1e-9):
            # the scope throttles only this kind, so every count the report holds is of this kind's requests; one
            # above the kind's events (the report counts errors, the metric throttle events) is still all of them.
            # Writes an index's write capacity refused are not in the table's report at all (AWS does not measure
            # them there: hp.SOURCES["CI_INDEX_WRITE_THROTTLING_NOT_MEASURED"]): the key's share of the events
            top = max(top, min(per_key[key] / own, 1.0))
        elif own > 0:
            # both kinds throttle and the report counts both, so no count is known to be this kind's: whatever the key
            # is named, it is named at medium confidence, "if its count is of these requests". A count of at least
            # ONE_KEY_SHARE of this kind's events, above them by at most KEY_COUNT_TOLERANCE of them, may be this
            # kind's alone: its share of them; a count further above is not one kind's alone, and the key is read by
            # its share of both kinds' throttled requests together (``top`` as it is)
            mixed = True
            if th.one * own <= per_key[key] <= own * (1 + th.tolerance):
                top = min(per_key[key] / own, 1.0)  # the key's share of this kind's requests: at most all of them
        named_words = "" if named == n_hit else f"; it names a key in {named} of them"
        if top >= th.one:
            line = (
                f"{report}: {key!r} carries {top:.0%} of the throttled requests over the {n_hit} minutes with "
                f"throttling (the {_keys(len(per_key))} the most-throttled report lists, {listed_share:.0%}{named_words})"
            )
        else:
            line = (
                f"{report}: the {_keys(len(per_key))} the most-throttled report lists carry {listed_share:.0%} of the "
                f"throttled requests over the {n_hit} minutes with throttling, the most throttled, {key!r}, "
                f"{top:.0%}{named_words}"
            )
        ev_lines = [line, small_words]
        if top >= th.one:
            if small:
                return _KeyReading(
                    "small key space",
                    key,
                    tuple(ev_lines),
                    "high",
                    "one value of a key with few values takes the throttling",
                    values=rep.unique_accessed,
                )
            alts = ("low-cardinality key",) if small is None or mixed else ()
            if mixed:
                share = per_key[key] / own
                bound = (
                    "and no more than them"
                    if share <= 1
                    else f"within the {th.tolerance:.0%} the diagnosis allows between the two counts"
                    if share <= 1 + th.tolerance
                    else f"more than the {th.tolerance:.0%} the diagnosis allows between the two counts, so it holds "
                    f"both kinds' requests: the key carries {top:.0%} of both kinds' together"
                )
                ev_lines.append(
                    f"the most-throttled report counts the throttled requests of both kinds; {key!r}'s count is "
                    f"{share:.0%} of the {own:,.0f} {s.kind.lower()} throttle events, {bound}"
                )
            why = "one key among many takes the throttling" + (
                ", if its count is of these requests (the report does not tell reads from writes)" if mixed else ""
            )
            return _KeyReading("hot key", key, tuple(ev_lines), "medium" if mixed else "high", why, alternatives=alts)
        if listed_share >= th.few and small is False and rep.unique_accessed is not None:
            # a few listed keys carry the throttling of a key space ApproximateUniqueCount shows is large: not a
            # low-cardinality key but several hot keys, the fewest of the list that carry FEW_KEYS_SHARE, each named
            ranked = sorted(per_key, key=lambda k: -per_key[k])
            hot: list[str] = []
            carried = 0.0
            for k in ranked:
                hot.append(k)
                carried += per_key[k] / denominator
                if carried >= th.few:
                    break
            ev_lines.append(
                f"{', '.join(repr(k) for k in hot)} carry {carried:.0%} of the throttled requests between them: "
                f"{_keys(len(hot))} of a large key space, each hot"
            )
            return _KeyReading(
                "hot key",
                key,
                tuple(ev_lines),
                "medium",
                "a few keys of a large key space share the throttling: several hot keys, each its own remedy"
                if len(hot) > 1
                else "one key of a large key space carries most of the throttling, under ONE_KEY_SHARE: a hot key",
                hot_keys=tuple(hot),
            )
        if small or listed_share >= th.few:
            return _KeyReading(
                "small key space",
                key,
                tuple(ev_lines),
                "high" if small else "medium",
                "a few keys share the throttling" if not small else small_why,
                values=rep.unique_accessed,
            )
        if rep.unique_throttled:
            ev_lines.append(f"the most-throttled report saw {rep.unique_throttled:,.0f} distinct keys throttled")
        return _KeyReading(
            "spread",
            key,
            tuple(ev_lines),
            "medium",
            "the throttling is spread over many keys: every partition they fall on is at its limit",
        )
    # the most-accessed report alone: a key at a partition's worth of traffic, or carrying most of it
    missing = (f"the most-throttled report of {s.where} ({_rule_names(s)})",)
    weight = _WRITE_WEIGHT if rep.weighted and s.kind == "Write" else 1.0
    other = _other_kind_units(s, ev, rep.weighted)
    best: tuple[float, str] = (0.0, "")
    shares: dict[str, list[float]] = {}
    floor: dict[str, float] = {}  # each key's rate were every unit of the other kind in the minute its own
    for m in np.flatnonzero(minutes):
        if m >= len(rep.top):
            continue
        tk = rep.top[m]
        total = _accessed_total(s, ev, rep.weighted, tk.total_accessed, m)
        sec = float(ev.seconds[m])
        for key, v in tk.accessed:
            best = max(best, (v / weight / sec, key))
            shares.setdefault(key, []).append(v / total if total > 0 else 0.0)
            if other is not None:
                floor[key] = max(floor.get(key, 0.0), max(v - other[m], 0.0) / weight / sec)
    rate, key = best
    if small:
        # the key space is listed whole: the busiest value (if the report lists one while the scope throttles) is
        # the one the remedy's numbers start from
        return _KeyReading(
            "small key space",
            key,
            (small_words,),
            "high",
            small_why,
            missing=missing,
            values=rep.unique_accessed,
        )
    if not key:
        return _KeyReading(
            "key unknown",
            "",
            (f"{report}: the most-accessed report lists no key while it throttles",),
            "low",
            "no report names a key",
            missing,
        )
    share = float(np.mean(shares[key])) if shares.get(key) else 0.0
    ceiling = _CEILING[s.kind]
    line = (
        f"{report}: {key!r} at {_rate(rate)} {_UNIT[s.kind]} in its busiest minute"
        + (" (AWS's units divided by 3: its traffic taken to be writes)" if weight > 1 else "")
        + (" (AWS's units as they are: its traffic taken to be reads)" if rep.weighted and weight == 1 else "")
        + f", {share:.0%} of the traffic counted while {s.where} throttles"
    )
    if rate >= th.at_cap * ceiling:
        lines = [
            line,
            f"at least {th.at_cap:.0%} of a partition's {ceiling:,.0f} {_UNIT[s.kind]}: "
            "a partition's worth of traffic on one key",
        ]
        # AWS's report counts a key's reads and writes together: when the scope consumed the other kind too, the
        # key's units may be that kind's; the key is this kind's hot key for certain only if it stays at a
        # partition's worth with every unit of the other kind in the minute taken from it
        both = other is not None and bool(other[minutes].any())
        certain = not both or floor.get(key, 0.0) >= th.at_cap * ceiling
        if both:
            theirs = "writes" if s.kind == "Read" else "reads"
            lines.append(
                f"the most-accessed report counts reads and writes together, and {s.where} consumed {theirs} too while "
                f"it throttled: were all of them {key!r}'s, its {s.kind.lower()}s would come to "
                f"{_rate(floor.get(key, 0.0))} {_UNIT[s.kind]}"
                + (
                    ", still a partition's worth"
                    if certain
                    else f", so its {_rate(rate)} {_UNIT[s.kind]} hold only if its traffic is {s.kind.lower()}s"
                )
            )
        return _KeyReading(
            "hot key",
            key,
            tuple(lines),
            "high" if certain else "medium",
            "one key's own rate is what a partition serves"
            + ("" if certain else ", if its traffic is of these requests (the report does not tell reads from writes)"),
            missing,
        )
    if share >= th.hot_share:
        return _KeyReading(
            "hot key",
            key,
            (line,),
            "medium",
            "one key carries most of the traffic while it throttles",
            missing,
            ("low-cardinality key",),
        )
    # the report counts consumed units: a hot key beside busy neighbours consumes less than the ceiling (its partition
    # shares it), so what the report alone cannot show is said as the thresholds it missed, and the most-throttled
    # report, which counts the key's refusals, is named as what would settle it
    below = (
        f"no key consumes {th.at_cap:.0%} of a partition's {ceiling:,.0f} {_UNIT[s.kind]} or carries "
        f"{th.hot_share:.0%} of the traffic"
    )
    return _KeyReading("key unknown", "", (line, below), "low", f"{below} in the most-accessed report", missing)


@dataclass(frozen=True)
class _Thresholds:
    spike: int
    small: float
    one: float
    few: float
    at_cap: float
    hot_share: float
    tolerance: float  # KEY_COUNT_TOLERANCE: a key's count over one kind's throttle events, as a fraction of them


def _growth(s: ScopeEvidence, ev: Evidence, hit: NDArray[np.bool_]) -> float | None:
    """How far the offered traffic rose above its previous peak (at least what a new on-demand table serves) into
    each run of throttled minutes: the largest ratio; ``None`` when every run starts at the export's first minute."""
    if s.consumed is None:
        return None
    offered = (s.consumed + s.events * ev.item_units) / ev.seconds
    floor = ON_DEMAND_NEW_TABLE_PEAK[s.kind.lower()]
    starts = [int(i) for i in np.flatnonzero(hit) if i > 0 and not hit[i - 1]]
    ratios = [float(offered[i]) / max(float(offered[:i].max()), floor) for i in starts]
    return max(ratios) if ratios else None


def _utilisation(s: ScopeEvidence, ev: Evidence, minutes: NDArray[np.bool_]) -> float | None:
    """Peak consumed over provisioned, of this scope's kind only, in the minutes given."""
    if s.consumed is None or s.provisioned is None or not minutes.any() or float(np.min(s.provisioned[minutes])) <= 0:
        return None
    return float(np.max((s.consumed / ev.seconds)[minutes] / s.provisioned[minutes]))


_RANK = {"high": 0, "medium": 1, "low": 2}
_LOWER = {v: k for k, v in _RANK.items()}


def _growth_words(g: float | None) -> str:
    if g is None:
        return (
            "the export starts already throttling, so the growth into it is not in the data (export from 30 minutes "
            "before the throttling began)"
        )
    return (
        f"traffic (consumed plus refused) rose to {g:.1f}× its previous peak in the export (at least a new on-demand "
        "table's) as the throttling began"
    )
