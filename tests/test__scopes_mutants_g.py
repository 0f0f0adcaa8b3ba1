"""One scope's throttle events split by reason, at their boundaries (issue 49, part 6: _scopes.py's mutation survivors
in ``_scope_findings``).

In-process, so that mutation testing sees them: each test builds one scope's evidence (:class:`hotpart.ScopeEvidence`
in a :class:`hotpart.Evidence`, through ``tests/evidence_factory.py``), calls :func:`hotpart.find_causes` and asserts
what a reader sees: which findings there are and their events, the evidence sentences with their numbers (the minutes
counted, the utilisation in a reason's minutes, the growth into the throttling) and the reading of events no reason
metric accounts for (past the previous peak of an on-demand table, or read from the rest of the evidence). Every
expected number is worked out by hand in the comment beside it. Each minute is 60 s; an on-demand write scope's growth
is measured against at least 2,000 units/s (a new on-demand table's previous peak, ``ON_DEMAND_NEW_TABLE_PEAK``).
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from evidence_factory import evidence

import hotpart as hp

REASONS = (
    "KeyRangeThroughputThrottleEvents",
    "ProvisionedThroughputThrottleEvents",
    "AccountLimitThrottleEvents",
    "MaxOnDemandThroughputThrottleEvents",
)
UNACCOUNTED = "that none of the four reason metrics accounts for"
ALL_FOUR = "(all four were exported: AWS gives every throttle a reason, so the export is short of some)"
ON_DEMAND = "capacity mode: on-demand (the table description says PAY_PER_REQUEST)"


def _scope(
    events: list[float],
    reasons: dict[str, list[float]] | None = None,
    *,
    consumed: list[float] | None = None,
    provisioned: float | None = None,
    kind: str = "Write",
) -> hp.ScopeEvidence:
    """The table's ``kind``: its events, the reason metrics exported (by stem; ``None``: none), consumed per minute."""
    n = len(events)
    return hp.ScopeEvidence(
        "",
        kind,
        np.asarray(events, dtype=float),
        True,
        {stem: np.asarray(v, dtype=float) for stem, v in (reasons or {}).items()},
        None if consumed is None else np.asarray(consumed, dtype=float),
        None if provisioned is None else np.full(n, provisioned),
        "the metric" if provisioned is not None else "",
    )


def _all_four(n: int, **counts: list[float]) -> dict[str, list[float]]:
    """The four reason metrics exported, at 0 unless given."""
    return {stem: counts.get(stem, [0.0] * n) for stem in REASONS}


def _findings(*scopes: hp.ScopeEvidence, on_demand: bool = False) -> list[hp.Finding]:
    ev = evidence(scopes, {}, mode_from="the table description says PAY_PER_REQUEST" if on_demand else "the metric")
    if on_demand:
        ev = dataclasses.replace(ev, mode="on-demand")
    return [f for f in hp.find_causes(ev) if f.cause != "short spike"]


def test_reason_counts_of_a_scope_with_no_throttle_events_make_no_finding():
    # the table's writes: 25 events, all provisioned-throughput ones (the reads' 10 do not count in their share); the
    # table's reads: no ReadThrottleEvents at all, yet a ReadProvisionedThroughputThrottleEvents of 10: a scope without
    # throttle events is not read (its reasons' share of 0 events has no meaning), so the writes' finding is the only one
    writes = _scope([5.0] * 5 + [0.0], {"ProvisionedThroughputThrottleEvents": [5.0] * 5 + [0.0]}, provisioned=100.0)
    reads = _scope([0.0] * 6, {"ProvisionedThroughputThrottleEvents": [10.0] + [0.0] * 5}, provisioned=100.0, kind="Read")
    found = _findings(writes, reads)
    assert [(f.cause, f.kind, f.events) for f in found] == [("provisioned capacity", "write", 25.0)]


def test_unexplained_events_count_every_minute_with_a_throttle_event_even_a_single_one():
    # no reason metric exported, provisioned, no consumption: 1 + 1 + 2 = 4 events over 3 minutes (a minute with one
    # event is a throttled minute), read from the rest of the evidence
    (f,) = _findings(_scope([1.0, 1.0, 2.0, 0.0, 0.0, 0.0], provisioned=100.0))
    assert f.evidence[0].startswith("WriteThrottleEvents: 4 over 3 minutes that no exported reason metric accounts for")


def test_a_reasons_utilisation_is_read_in_its_own_minutes_only():
    # provisioned 100 WCU/s; 10 provisioned-throughput events in minute 0 only, which consumed 3,000 (50/s: 50%);
    # minute 3, with no throttling, consumed 5,400 (90/s: 90%) and is not read
    s = _scope(
        [10.0, 0.0, 0.0, 0.0, 0.0, 0.0],
        {"ProvisionedThroughputThrottleEvents": [10.0, 0.0, 0.0, 0.0, 0.0, 0.0]},
        consumed=[3_000.0, 0.0, 0.0, 5_400.0, 0.0, 0.0],
        provisioned=100.0,
    )
    (f,) = _findings(s)
    assert f.evidence == (
        "WriteProvisionedThroughputThrottleEvents: 10 of the 10 WriteThrottleEvents (100%) over 1 of 6 minutes",
        "ConsumedWriteCapacityUnits peaked at 50% of the provisioned write capacity of the table (the metric) in those minutes",
    )


@pytest.mark.parametrize(
    ("per_minute", "unexplained", "read"),
    [
        # 1,000,000 events, 1 not accounted for: 1 = 1e-6 × 1,000,000, at the rounding limit, not a finding
        (500_000.0, 1.0, False),
        # 10,000,000 events, 5 not accounted for: 5 < 1e-6 × 10,000,000 = 10, rounding, not a finding
        (5_000_000.0, 5.0, False),
        # 1,000,000 events, 2 not accounted for: 2 > 1, a finding of its own with its 2 events
        (500_000.0, 2.0, True),
    ],
)
def test_events_a_millionth_or_less_unaccounted_for_are_rounding_not_a_finding(per_minute, unexplained, read):
    # provisioned 100 WCU/s, no consumption; events in minutes 0-1, the provisioned-throughput reason accounts for all
    # but `unexplained` of them
    events = [per_minute, per_minute, 0.0, 0.0, 0.0, 0.0]
    reason = [per_minute, per_minute - unexplained, 0.0, 0.0, 0.0, 0.0]
    found = _findings(_scope(events, {"ProvisionedThroughputThrottleEvents": reason}, provisioned=100.0))
    expected = [("provisioned capacity", 2 * per_minute - unexplained)]
    if read:
        expected.append(("key unknown", unexplained))
    assert [(f.cause, f.events) for f in found] == expected


def test_unexplained_events_of_an_on_demand_table_below_double_its_peak_read_as_a_partition():
    # all four reasons exported at 0; minutes 0-1 consume 60,000 a minute (1,000/s), minutes 2-6 throttle 600 events and
    # consume 60,000: offered (60,000 + 600) / 60 = 1,010/s at minute 2, a growth of 1,010 / max(1,000, 2,000) = 0.505,
    # below 2: not past the previous peak; the consumed peak 1,000/s is far below the 40,000 WRU quota, so a partition
    # (key unknown: no Contributor Insights) is the reading, with the growth said to one digit
    s = _scope([0.0, 0.0] + [600.0] * 5 + [0.0], _all_four(8), consumed=[60_000.0] * 7 + [0.0])
    (f,) = _findings(s, on_demand=True)
    assert f.cause == "key unknown"
    assert f.events == 3_000.0  # 5 × 600
    assert f.evidence[:3] == (
        f"WriteThrottleEvents: 3,000 over 5 minutes that no exported reason metric accounts for {ALL_FOUR}",
        ON_DEMAND,
        "traffic (consumed plus refused) rose to 0.5× its previous peak in the export (at least a new on-demand "
        "table's) as the throttling began",
    )
    assert "past double the previous peak" not in f.alternatives


def test_unexplained_events_of_an_on_demand_table_at_exactly_double_its_peak_read_as_past_the_peak():
    # all four reasons exported at 0; minutes 0-1 consume 120,000 a minute (2,000/s), minutes 2-6 throttle 6,000 events
    # and consume 234,000: offered (234,000 + 6,000) / 60 = 4,000/s, a growth of 4,000 / max(2,000, 2,000) = 2.0, at
    # ON_DEMAND_PEAK_MULTIPLIER itself: past the previous peak, said from the reason metrics' own count
    s = _scope([0.0, 0.0] + [6_000.0] * 5 + [0.0], _all_four(8), consumed=[120_000.0] * 2 + [234_000.0] * 5 + [0.0])
    (f,) = _findings(s, on_demand=True)
    assert f.cause == "past previous peak"
    assert f.events == 30_000.0  # 5 × 6,000
    assert f.evidence == (
        f"WriteThrottleEvents: 30,000 of 30,000 {UNACCOUNTED}",
        "traffic (consumed plus refused) rose to 2.0× its previous peak in the export (at least a new on-demand "
        "table's) as the throttling began",
        ON_DEMAND,
    )


def test_the_part_no_reason_accounts_for_is_read_apart_from_the_account_limit_part():
    # minutes 0-1 consume 60,000 a minute (1,000/s), minutes 2-6 throttle 1,200 events, 400 of them account-limit ones,
    # and consume 354,000: offered (354,000 + 1,200) / 60 = 5,920/s, a growth of 5,920 / max(1,000, 2,000) = 2.96,
    # said as 3.0×; the account limit takes 5 × 400 = 2,000 events, the other 6,000 - 2,000 = 4,000 of the 6,000 read
    # as past the previous peak
    counts = {"AccountLimitThrottleEvents": [0.0, 0.0] + [400.0] * 5 + [0.0]}
    s = _scope([0.0, 0.0] + [1_200.0] * 5 + [0.0], _all_four(8, **counts), consumed=[60_000.0] * 2 + [354_000.0] * 5 + [0.0])
    found = {f.cause: f for f in _findings(s, on_demand=True)}
    assert sorted(found) == ["account quota", "past previous peak"]
    assert found["account quota"].events == 2_000.0
    past = found["past previous peak"]
    assert past.events == 4_000.0
    assert past.evidence[:2] == (
        f"WriteThrottleEvents: 4,000 of 6,000 {UNACCOUNTED}",
        "traffic (consumed plus refused) rose to 3.0× its previous peak in the export (at least a new on-demand "
        "table's) as the throttling began",
    )
