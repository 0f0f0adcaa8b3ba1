"""Each scope's throttle events split by reason, each reason a finding: internal to :mod:`hotpart.models.findings`.

Chapters ``15_diagnosis`` and ``16_your_table`` read it through :func:`hotpart.find_causes`: a scope's key-range
events go to its Contributor Insights (:func:`hotpart.models._readings._key_reading`), its provisioned-throughput,
account-limit and maximum-throughput events to its capacity, quota and maximum, and events no exported reason
accounts for to what the rest of the evidence says (utilisation of the same kind, the capacity mode, the growth).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ._readings import (
    _LOWER,
    _QUOTA,
    _RANK,
    _UNIT,
    _cache_words,
    _capacity_words,
    _growth,
    _growth_words,
    _key_rate,
    _key_reading,
    _offered_peak,
    _one_key_scope,
    _rate,
    _shard_words,
    _target,
    _Thresholds,
    _utilisation,
)
from .autoscaling import AUTOSCALING_TARGET
from .constants import ON_DEMAND_PEAK_MULTIPLIER
from .evidence import Evidence, ScopeEvidence
from .findings import Finding, _finding


def _key_range_finding(
    s: ScopeEvidence,
    ev: Evidence,
    events: float,
    total: float,
    lines: list[str],
    minutes: NDArray[np.bool_],
    th: _Thresholds,
    cap: str,
    why_prefix: str,
    missing: tuple[str, ...],
    alternatives: tuple[str, ...],
) -> Finding:
    """A partition's limit: Contributor Insights decides which key design, and the remedy follows it."""
    kr = _key_reading(s, ev, minutes, th)
    confidence = _LOWER[max(_RANK[kr.confidence], _RANK[cap])]
    why = f"{why_prefix}{kr.why}"
    grew = None
    alts = (*alternatives, *kr.alternatives)
    ev_lines = [*lines, *kr.evidence]
    rate = _key_rate(s, ev, kr.key, minutes) if kr.key else None
    if rate is not None and _one_key_scope(ev.key_reports.get(s.scope), kr.key):
        ev_lines.append(
            f"the most-accessed report saw one key in all, {kr.key!r}, so every {s.kind.lower()} {s.where} consumed or "
            f"refused was its: it is offered at least {_rate(rate)} {_UNIT[s.kind]} at the peak (consumed plus refused)"
        )
    if ev.mode == "on-demand" and not s.scope and kr.cause != "spread":
        # growth past the previous peak may be counted as key range (AWS does not say): named, not ruled out
        growth = _growth(s, ev, ev.hit())
        if growth is None or growth >= ON_DEMAND_PEAK_MULTIPLIER:
            alts = _name_growth(alts, ev_lines, growth)
    if kr.cause == "hot key" and kr.hot_keys:  # several hot keys: the single-key remedy for each, numbers of the first
        remedy = _cache_words if s.kind == "Read" else _shard_words
        parts = [remedy(s, k, _key_rate(s, ev, k, minutes)) for k in kr.hot_keys]
        action = "; ".join(p[0] for p in parts)
        chapter, nums = parts[0][1], parts[0][2]
    elif kr.cause == "hot key":
        action, chapter, nums = _cache_words(s, kr.key, rate) if s.kind == "Read" else _shard_words(s, kr.key, rate)
    elif kr.cause == "small key space":
        n = kr.values
        spread = (
            "a key with 1 value sits on one partition"
            if n is not None and round(n) == 1
            else f"a key with {n:,.0f} values spreads over at most that many partitions"
            if n is not None
            else "a key with few values spreads over at most that many partitions"
        )
        shard, _, nums = _shard_words(s, kr.key, rate) if s.kind == "Write" and kr.key else ("", "", {})
        action = (
            f"move {'the index' if s.scope else 'the table'}'s partition key to a high-cardinality attribute (chapter 2): "
            f"{spread}"
            + (f", and {kr.key!r} alone is offered at least {_rate(rate)} {_UNIT[s.kind]}" if rate else "")
            + (f"; if the key must stay, {shard}" if shard else "")
        )
        chapter = "chapter 2, key designs; chapter 5, write sharding" if shard else "chapter 2, key designs"
        nums = {**nums, **({"values": float(n)} if n is not None else {})}
    elif kr.cause == "spread":
        growth = _growth(s, ev, ev.hit()) if ev.mode == "on-demand" and not s.scope else None
        grew = None if growth is None else growth >= ON_DEMAND_PEAK_MULTIPLIER
        if ev.mode == "on-demand" and not s.scope and grew:
            return _past_peak(s, ev, events, total, [*ev_lines, _growth_words(growth)], cap="medium", kr_events=True)
        if ev.mode == "on-demand":
            action = (
                "an on-demand table has no provisioned capacity to raise: DynamoDB adds partitions for sustained "
                "heat (chapter 10); spread the load with a key design that uses more values (chapter 2)"
            )
            chapter, nums, confidence = "chapter 10, splits for heat; chapter 2, key designs", {}, "low"
            if grew is None and not s.scope:
                alts = _name_growth(alts, ev_lines, None)
            why = f"{why_prefix}every partition of an on-demand table is at its limit; there is no capacity to raise"
        else:
            words, nums = _capacity_words(s, ev, f"raise the {s.kind.lower()} capacity of {s.where} to")
            action = f"{words}; raised capacity adds partitions, so each key has more room (chapter 1)"
            chapter = "chapter 1, partitions; chapter 11, capacity modes"
    else:
        flag = f" --index-name {s.scope}" if s.scope else ""
        action = (
            f"turn on Contributor Insights for {s.where} and export its two reports: aws dynamodb "
            f"update-contributor-insights --table-name TABLE{flag} --contributor-insights-action ENABLE (chapter 13)"
        )
        chapter, nums = "chapter 13, detecting a hot partition", {}
        if not s.scope:
            single = "single-key read concentration" if s.kind == "Read" else "single-key write concentration"
            alts = (*alts, "low-cardinality key", single)
        elif cap == "high":  # the index's row is certain (its own metric); only which of its keys is not known
            confidence = "medium"
            why = f"{why_prefix}the index's key-range throttling is certain, but which of its keys needs its reports"
    return _finding(
        kr.cause,
        s,
        events,
        total,
        ev_lines,
        confidence=confidence,
        why=why,
        action=action,
        chapter=chapter,
        numbers=nums,
        alternatives=alts,
        missing=(*missing, *kr.missing),
        key=kr.key,
    )


def _name_growth(alts: tuple[str, ...], ev_lines: list[str], growth: float | None) -> tuple[str, ...]:
    """Growth past the previous peak named as an alternative, with its evidence line (``ev_lines`` is extended in
    place; the alternatives are returned). :func:`_inferred` may have named both already: a finding keeps each
    evidence line and each alternative once (:func:`hotpart.models.findings._finding`)."""
    ev_lines.append(_growth_words(growth))
    return (*alts, "past double the previous peak")


def _past_peak(
    s: ScopeEvidence,
    ev: Evidence,
    events: float,
    total: float,
    lines: list[str],
    *,
    cap: str,
    kr_events: bool = False,
    missing: tuple[str, ...] = (),
) -> Finding:
    peak = _offered_peak(s, ev)
    nums = {}
    if peak is not None and peak > 0:
        t = _target(peak)
        nums = {"target": float(t), "peak": peak}
        action = (
            f"pre-warm: set the WarmThroughput {s.kind}UnitsPerSecond of {s.where} to at least {t:,} (its offered peak, "
            f"{_rate(peak)} units/s, at chapter 11's {AUTOSCALING_TARGET:.0%} target) before the next peak, or let the "
            "traffic grow over at least 30 minutes"
        )
    else:
        action = "pre-warm the table's warm throughput before the next peak, or let the traffic grow over at least 30 minutes"
    why = (
        "the throttling is spread over many keys of an on-demand table whose traffic grew past double its previous peak: "
        "AWS warns of throttling there without naming its reason, so events spread this thin read as growth"
        if kr_events
        else "an on-demand table's throttle events no reason metric accounts for, as its traffic grew: AWS warns of "
        "throttling past twice the previous peak without naming its reason, so this is the course's reading"
    )
    return _finding(
        "past previous peak",
        s,
        events,
        total,
        list(dict.fromkeys([*lines, f"capacity mode: on-demand ({ev.mode_from})"])),  # once, where _inferred said it
        confidence=_LOWER[max(_RANK["medium"], _RANK[cap])],
        why=why,
        action=action,
        chapter="chapter 11, on-demand capacity and pre-warming",
        numbers=nums,
        alternatives=("under-provisioned table",) if kr_events else ("hot partition, key unknown",),
        missing=missing,
    )


def _limit_finding(
    stem: str,
    s: ScopeEvidence,
    ev: Evidence,
    events: float,
    total: float,
    lines: list[str],
    *,
    confidence: str = "high",
    why_prefix: str = "",
    missing: tuple[str, ...] = (),
    alternatives: tuple[str, ...] = (),
) -> Finding:
    """A table-level reason (of the table or of one index): its capacity, its quota or its maximum."""
    if stem == "ProvisionedThroughputThrottleEvents":
        words, nums = _capacity_words(s, ev, f"set the provisioned {s.kind.lower()} capacity of {s.where} to")
        if s.scope and s.kind == "Write":
            table = ev.scope("", "Write")
            level = float(table.provisioned.max()) if table is not None and table.provisioned is not None else None
            if level:
                nums["table_capacity"] = level
                words += (
                    f", and at least the table's {level:,.0f} WCU (AWS's first remedy for an index's write throttling); the "
                    "index's units are its own, which its projection's size sets (chapter 12)"
                )
        action = f"{words}, or turn on auto scaling with that maximum, or switch to on-demand"
        return _finding(
            "provisioned capacity",
            s,
            events,
            total,
            lines,
            confidence=confidence,
            why=f"{why_prefix}the provisioned capacity of {s.where}, not one partition, runs out",
            action=action,
            chapter="chapter 11, capacity modes" + ("; chapter 12, an index's writes" if s.scope else ""),
            numbers=nums,
            missing=missing,
            alternatives=alternatives,
        )
    if stem == "AccountLimitThrottleEvents":
        words, nums = _capacity_words(s, ev, f"request a per-table {s.kind.lower()} quota of")
        unit = "WRU" if s.kind == "Write" else "RRU"  # the quota is on-demand's: request units
        action = f"{words}, through Service Quotas (the default is {_QUOTA[s.kind]:,.0f} {unit} per table or index)"
        return _finding(
            "account quota",
            s,
            events,
            total,
            lines,
            confidence=confidence,
            why=f"{why_prefix}the per-table account quota, not one partition, is the limit (AccountLimitExceeded)",
            action=action,
            chapter="chapter 11, on-demand capacity",
            numbers=nums,
            missing=missing,
            alternatives=alternatives,
        )
    words, nums = _capacity_words(s, ev, f"raise Max{s.kind}RequestUnits of {s.where} to")
    if s.maximum:
        words += f" (set now: {s.maximum:,.0f})"
        nums["maximum"] = s.maximum
    return _finding(
        "maximum throughput",
        s,
        events,
        total,
        lines,
        confidence=confidence,
        why=f"{why_prefix}the maximum throughput set on {s.where} is the limit (MaxOnDemandThroughputExceeded)",
        action=f"{words}, or remove it (-1) if the cap no longer serves its purpose",
        chapter="chapter 11, on-demand capacity",
        numbers=nums,
        missing=missing,
        alternatives=alternatives,
    )


def _consumed_peak(s: ScopeEvidence, ev: Evidence, minutes: NDArray[np.bool_]) -> float | None:
    """The scope's peak consumed rate, units per second, over the minutes given; ``None`` without consumption."""
    if s.consumed is None or not minutes.any():
        return None
    return float((s.consumed / ev.seconds)[minutes].max())


def _inferred(
    s: ScopeEvidence,
    ev: Evidence,
    events: float,
    total: float,
    minutes: NDArray[np.bool_],
    th: _Thresholds,
    hit: NDArray[np.bool_],
) -> Finding:
    """Events whose reason metrics were not exported: utilisation of the same kind, the capacity mode and the growth
    decide, at medium confidence at most, and the export that would settle it is named."""
    missing = tuple(s.metric(stem) for stem in s.missing_reasons)
    unknown = (
        f"; not exported: {', '.join(missing)}: their counts are unknown, not zero"
        if missing
        else " (all four were exported: AWS gives every throttle a reason, so the export is short of some)"
    )
    lines = [
        f"{s.metric('ThrottleEvents')}: {events:,.0f} over {int(minutes.sum())} minutes that no exported reason metric "
        f"accounts for{unknown}",
        f"capacity mode: {ev.mode or 'unknown'} ({ev.mode_from})",
    ]
    u = _utilisation(s, ev, minutes)
    if ev.mode == "provisioned" or (s.provisioned is not None and ev.mode is None):
        if u is not None:
            lines.append(
                f"{s.metric('C')} peaked at {u:.0%} of the provisioned {s.kind.lower()} capacity of {s.where} "
                f"({s.provisioned_from}) in the minutes with throttling"
            )
        if u is not None and u >= th.at_cap:
            return _limit_finding(
                "ProvisionedThroughputThrottleEvents",
                s,
                ev,
                events,
                total,
                lines,
                confidence="medium",
                why_prefix=f"{s.where} ran at {u:.0%} of its provisioned {s.kind.lower()} capacity while it throttled: ",
                missing=missing,
                alternatives=("hot partition, key unknown",),
            )
        prefix = (
            f"{s.where} ran at only {u:.0%} of its provisioned {s.kind.lower()} capacity while it throttled, so a partition "
            "ran out (the key-range reason metric would confirm it); "
            if u is not None
            else f"the utilisation of {s.where} cannot be read (consumed or provisioned capacity not exported); "
        )
        alts = ("under-provisioned table",) if u is None and not s.scope else ()
        return _key_range_finding(s, ev, events, total, lines, minutes, th, "medium", prefix, missing, alts)
    if ev.mode == "on-demand":
        # what the scope consumed, not what it was offered: a capped table serves at most its cap, and a partition's
        # refusals added to its consumption would reach a maximum the table never reached (the offered peak sizes
        # the remedy, in _limit_finding)
        peak = _consumed_peak(s, ev, minutes)
        for stem, cap in (("MaxOnDemandThroughputThrottleEvents", s.maximum), ("AccountLimitThrottleEvents", _QUOTA[s.kind])):
            if cap and peak is not None and peak >= th.at_cap * cap:
                lines.append(
                    f"the {s.kind.lower()}s of {s.where} consumed up to {_rate(peak)} units/s in the minutes with throttling, "
                    f"{peak / cap:.0%} of "
                    + ("the maximum throughput set on it" if "Max" in stem else "the default per-table quota")
                )
                return _limit_finding(
                    stem,
                    s,
                    ev,
                    events,
                    total,
                    lines,
                    confidence="medium",
                    why_prefix="it ran at its limit while it throttled; ",
                    missing=missing,
                )
        growth = _growth(s, ev, hit) if not s.scope else None
        lines.append(_growth_words(growth) if not s.scope else "")
        if growth is not None and growth >= ON_DEMAND_PEAK_MULTIPLIER:
            return _past_peak(s, ev, events, total, lines, cap="medium", missing=missing)
        alts: tuple[str, ...] = ()
        if s.maximum is None and ev.description is None:
            alts += ("maximum throughput reached",)
            missing = (*missing, "the table description (an on-demand maximum throughput)")
        if growth is None and not s.scope:
            alts += ("past double the previous peak",)
        prefix = "an on-demand table below its limits, so a partition ran out (the key-range reason metric would confirm it); "
        return _key_range_finding(s, ev, events, total, lines, minutes, th, "medium", prefix, missing, alts)
    missing = (*missing, "Provisioned*CapacityUnits or the table description (the capacity mode)")
    prefix = "neither the reason metrics nor the capacity mode were exported: a hot partition is one reading of several; "
    return _key_range_finding(s, ev, events, total, lines, minutes, th, "low", prefix, missing, ("under-provisioned table",))


def _scope_findings(s: ScopeEvidence, ev: Evidence, total: float, th: _Thresholds, hit: NDArray[np.bool_]) -> list[Finding]:
    """One scope and kind: its events split by reason, each reason a finding."""
    events = float(s.events.sum())
    if events <= 0:
        return []
    minutes = s.events > 0
    found: list[Finding] = []
    attributed = 0.0
    for stem, series in s.reasons.items():
        v = float(series.sum())
        if v <= 0:
            continue
        attributed += v
        line = (
            f"{s.metric(stem)}: {v:,.0f} of the {events:,.0f} {s.metric('ThrottleEvents')} ({v / events:.0%}) over "
            f"{int((series > 0).sum())} of {ev.minutes} minutes"
        )
        u = _utilisation(s, ev, series > 0)
        use = (
            f"{s.metric('C')} peaked at {u:.0%} of the provisioned {s.kind.lower()} capacity of {s.where} ({s.provisioned_from}) "
            "in those minutes"
            if u is not None
            else ""
        )
        if stem == "KeyRangeThroughputThrottleEvents":
            found.append(_key_range_finding(s, ev, v, total, [line, use], series > 0, th, "high", "", (), ()))
        else:
            found.append(_limit_finding(stem, s, ev, v, total, [line, use]))
    rest = events - attributed
    if rest > 1e-6 * events:
        growth = _growth(s, ev, hit) if ev.mode == "on-demand" and not s.scope else None
        if (
            not s.missing_reasons
            and ev.mode == "on-demand"
            and not s.scope
            and (growth is None or growth >= ON_DEMAND_PEAK_MULTIPLIER)
        ):
            line = f"{s.metric('ThrottleEvents')}: {rest:,.0f} of {events:,.0f} that none of the four reason metrics accounts for"
            found.append(_past_peak(s, ev, rest, total, [line, _growth_words(growth)], cap="medium"))
        else:  # read from what is there: utilisation of the same kind, the mode, the growth
            found.append(_inferred(s, ev, rest, total, minutes, th, hit))
    return found
