"""The reading "past previous peak" of an on-demand table, at its boundaries (issue 49, part 6: _scopes.py's mutation
survivors in ``_past_peak`` and ``_consumed_peak``).

In-process, so that mutation testing sees them: each test builds the evidence of an on-demand table from the model
objects a user's exports become (:class:`hotpart.ScopeEvidence`, :class:`hotpart.Evidence`), calls
:func:`hotpart.find_causes` and asserts what a reader sees of the finding: its action with its numbers, its why, its
alternatives and the exports that would settle it. Two readings no export reaches through ``find_causes`` (an offered
peak of exactly 0, and events Contributor Insights reads as spread over many keys) call ``_past_peak`` itself. Every
expected number is worked out by hand in the comment beside it. Each export is 6 minutes of 60 s; the throttling runs
over minutes 0-4 (no short spike), or over minutes 2-4 after 2 quiet ones (a short spike, which prefixes each why).
"""

from __future__ import annotations

import numpy as np

import hotpart as hp
from hotpart.models._scopes import _past_peak

N = 6  #: minutes in the export
REASONS = (
    "KeyRangeThroughputThrottleEvents",
    "ProvisionedThroughputThrottleEvents",
    "AccountLimitThrottleEvents",
    "MaxOnDemandThroughputThrottleEvents",
)
TAIL = "before the next peak, or let the traffic grow over at least 30 minutes"
FALLBACK = f"pre-warm the table's warm throughput {TAIL}"
WHY_UNEXPLAINED = (
    "an on-demand table's throttle events no reason metric accounts for, as its traffic grew: AWS warns of "
    "throttling past twice the previous peak without naming its reason, so this is the course's reading"
)
WHY_SPREAD = (
    "the throttling is spread over many keys of an on-demand table whose traffic grew past double its previous peak: "
    "AWS warns of throttling there without naming its reason, so events spread this thin read as growth"
)


def _scope(events: list[float], consumed: list[float] | None, *, reasons: bool = True) -> hp.ScopeEvidence:
    """The table's writes: ``events`` and ``consumed`` per minute; the four reason metrics exported at 0 (none of them
    accounts for the events) or, without ``reasons``, none exported."""
    ev = np.asarray(events, dtype=float)
    return hp.ScopeEvidence(
        "",
        "Write",
        ev,
        True,
        {stem: np.zeros(N) for stem in REASONS} if reasons else {},
        None if consumed is None else np.asarray(consumed, dtype=float),
    )


def _evidence(s: hp.ScopeEvidence) -> hp.Evidence:
    return hp.Evidence(
        minutes=N,
        seconds=np.full(N, 60.0),
        scopes=(s,),
        backfills={},
        requests=np.zeros(N),
        requests_exported=False,
        key_reports={},
        mode="on-demand",
        mode_from="the table description says PAY_PER_REQUEST",
        exported=None,
        indexes=(),
        gaps=np.zeros(N, dtype=bool),
    )


def _findings(s: hp.ScopeEvidence) -> list[hp.Finding]:
    return [f for f in hp.find_causes(_evidence(s)) if f.kind == "write" and f.cause != "short spike"]


def _past(s: hp.ScopeEvidence) -> hp.Finding:
    (f,) = [f for f in _findings(s) if f.cause == "past previous peak"]
    return f


def test_the_offered_peak_sizes_the_pre_warming_and_the_reading_says_why():
    # 600 events and 6,000 units consumed a minute over minutes 0-4: offered (6,000 + 600) / 60 = 110 units/s; the
    # run starts at minute 0, so the growth is unknown (None) and the unexplained events read as past the peak;
    # target ceil(110 / 0.70) = ceil(157.14) = 158
    f = _past(_scope([600.0] * 5 + [0.0], [6_000.0] * 5 + [0.0]))
    assert f.numbers == {"target": 158.0, "peak": 110.0}
    assert f.action == (
        "pre-warm: set the WarmThroughput WriteUnitsPerSecond of the table to at least 158 (its offered peak, "
        f"110 units/s, at chapter 11's 70% target) {TAIL}"
    )
    assert f.why == WHY_UNEXPLAINED
    assert f.alternatives == ("hot partition, key unknown",)
    assert f.confidence == "medium"


def test_without_consumption_the_pre_warming_is_not_sized():
    # no ConsumedWriteCapacityUnits: no offered peak (None) and no growth (None), so past the peak without a number
    f = _past(_scope([600.0] * 5 + [0.0], None))
    assert f.numbers == {}
    assert f.action == FALLBACK
    assert f.why == WHY_UNEXPLAINED


def test_an_offered_peak_below_one_unit_per_second_is_still_sized():
    # nothing consumed, 30 events a minute: offered 30 / 60 = 0.5 units/s, above 0; target ceil(0.5 / 0.70) = 1
    f = _past(_scope([30.0] * 5 + [0.0], [0.0] * N))
    assert f.numbers == {"target": 1.0, "peak": 0.5}
    assert f.action.startswith(
        "pre-warm: set the WarmThroughput WriteUnitsPerSecond of the table to at least 1 (its offered peak, 0.5 units/s,"
    )  # a peak under 1 unit/s written as it is, never "0 units/s"


def test_an_offered_peak_of_zero_is_not_sized():
    # no consumption and no events in the export: the offered peak is 0.0, which sizes nothing
    s = _scope([0.0] * N, [0.0] * N)
    f = _past_peak(s, _evidence(s), 1.0, 1.0, ["a line"], cap="medium")
    assert f.numbers == {}
    assert f.action == FALLBACK


def test_events_spread_over_many_keys_read_as_growth_with_under_provisioning_the_alternative():
    # the reading Contributor Insights' spread hands over (kr_events): its own why and alternative, and the exports
    # named missing are kept
    s = _scope([600.0] * 5 + [0.0], [6_000.0] * 5 + [0.0])
    f = _past_peak(s, _evidence(s), 3_000.0, 3_000.0, ["a line"], cap="medium", kr_events=True, missing=("an export",))
    assert f.why == WHY_SPREAD
    assert f.alternatives == ("under-provisioned table",)
    assert f.missing == ("an export",)
    assert f.evidence == ("a line", "capacity mode: on-demand (the table description says PAY_PER_REQUEST)")


def test_growth_without_reason_metrics_names_them_missing():
    # no reason metric exported: the events are read from the rest. Minutes 0-1 consume 60,000 a minute (1,000/s),
    # minutes 2-4 throttle 6,000 events and consume 294,000 a minute: offered (294,000 + 6,000) / 60 = 5,000/s, a
    # run starting at minute 2 whose growth is 5,000 / max(1,000, 2,000 for a new table's writes) = 2.5 >= 2; the
    # consumed peak 4,900/s is far below the 40,000 WRU quota, so past the peak, with the four metrics missing; a run
    # of 3 minutes is a short spike too, which puts "if it recurs: " before each finding's why
    f = _past(_scope([0.0, 0.0, 6_000.0, 6_000.0, 6_000.0, 0.0], [60_000.0] * 2 + [294_000.0] * 3 + [0.0], reasons=False))
    assert f.missing == tuple(f"Write{stem}" for stem in REASONS)
    assert f.numbers == {"target": 7_143.0, "peak": 5_000.0}  # ceil(5,000 / 0.70) = ceil(7,142.86) = 7,143
    assert f.why == f"if it recurs: {WHY_UNEXPLAINED}"


def test_on_demand_events_without_reason_metrics_or_consumption_read_as_a_partition():
    # no reason metric and no ConsumedWriteCapacityUnits: the consumed peak is unknown (not a crash), so neither the
    # maximum nor the quota is read as reached, the growth is unknown, and a partition is the reading
    (f,) = _findings(_scope([600.0] * 5 + [0.0], None, reasons=False))
    assert f.cause == "key unknown"
    assert "past double the previous peak" in f.alternatives
    assert "maximum throughput reached" in f.alternatives
