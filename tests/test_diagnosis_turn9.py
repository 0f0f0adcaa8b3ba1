"""Chapter 15's thresholds read as its box says (the turn-9 review, section 2), each at its boundary.

In-process, so that mutation testing sees them: each test builds the evidence a user's exports become
(:class:`hotpart.ScopeEvidence`, :class:`hotpart.KeyReport` of :class:`hotpart.TopKeys`, one per minute) with the
review's probe inputs (``/tmp/t9``), calls :func:`hotpart.find_causes` and asserts what a reader sees: the row, the
cause, the confidence, the evidence and the remedy. Thresholds are tested at their value and at the next float on the
other side. Three minutes of throttling with none quiet: no short-spike finding lowers the confidence.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import hotpart as hp
from hotpart.models.evidence import REASON_METRICS, Evidence, ScopeEvidence
from hotpart.models.findings import find_causes
from hotpart.models.metrics import KeyReport, TopKeys

M = 3
Z = np.zeros(M)


def _reasons(key_range: np.ndarray, provisioned: np.ndarray | None = None) -> dict[str, np.ndarray]:
    out = {k: (key_range if k.startswith("KeyRange") else Z.copy()) for k in REASON_METRICS}
    if provisioned is not None:
        out["ProvisionedThroughputThrottleEvents"] = provisioned
    return out


def _evidence(scopes, reports, mode: str = "provisioned", minutes: int = M) -> Evidence:
    z = np.zeros(minutes)
    return Evidence(
        minutes, np.full(minutes, 60.0), tuple(scopes), {}, z, False, reports, mode, "test", None, (), np.zeros(minutes, bool)
    )


def _first(ev: Evidence, **kw) -> hp.Finding:
    return find_causes(ev, **kw)[0]


# ---------------------------------------------------------------------------------------------------------------------
# 1. HOT_KEY_TRAFFIC_SHARE and SMALL_KEY_SPACE_SHARE: the scope's total is 3 x ConsumedWrite + ConsumedRead
# ---------------------------------------------------------------------------------------------------------------------


def _accessed_only(key_ctu: float, *, wcu: float, rcu: float | None, unique: float | None = 5000.0, other: float = 1800.0):
    """A provisioned table whose writes throttle by key range (100 events a minute), ``wcu`` WCU/s and ``rcu`` RCU/s
    consumed (reads not exported when ``None``), and only the most-accessed report, weighted: the key with
    ``key_ctu`` ConsumedThroughputUnits a minute and one other key with ``other``."""
    ev_w = np.full(M, 100.0)
    w = ScopeEvidence("", "Write", ev_w, True, _reasons(ev_w), consumed=np.full(M, wcu * 60.0), provisioned=np.full(M, 2000.0))
    scopes = [w]
    if rcu is not None:
        scopes.append(
            ScopeEvidence(
                "", "Read", Z.copy(), True, _reasons(Z.copy()), consumed=np.full(M, rcu * 60.0), provisioned=np.full(M, 10_000.0)
            )
        )
    top = tuple(TopKeys(m, (("K", key_ctu), ("A", other)), (), key_ctu + other, 0.0) for m in range(M))
    rep = KeyReport(top, accessed=True, throttled=False, unique_accessed=unique, listed_accessed=2, weighted=True)
    return _evidence(scopes, {"": rep})


# 100 WCU/s and 600 RCU/s: 3 x 6,000 + 36,000 = 54,000 ConsumedThroughputUnits a minute; half is 27,000, a rate of
# 27,000 / 3 / 60 = 150 WCU/s, far under the 900 WCU/s that names a key whatever its share
HALF = 27_000.0


def test_hot_key_share_is_of_both_kinds_consumed_at_the_threshold():
    f = _first(_accessed_only(HALF, wcu=100.0, rcu=600.0))
    assert (f.row, f.cause, f.key, f.confidence) == ("single-key write concentration", "hot key", "K", "medium")
    assert any("'K' at 150 WCU/s in its busiest minute" in e and "50% of the traffic counted" in e for e in f.evidence)


def test_hot_key_share_just_below_the_threshold_names_no_key():
    f = _first(_accessed_only(math.nextafter(HALF, 0.0), wcu=100.0, rcu=600.0))
    assert (f.row, f.cause, f.key) == ("hot partition, key unknown", "key unknown", "")
    assert "no key consumes 90% of a partition's 1,000 WCU/s or carries 50% of the traffic" in f.evidence


def test_a_key_that_only_reads_is_not_the_write_hot_key():
    """The review's READER: 2,000 RCU/s = 120,000 units a minute of 3 x 36,000 + 360,000 = 468,000, 25.6%, and
    120,000 / 3 / 60 = 667 < 900 WCU/s: named by neither rule (the write scope's own 3W alone made it 99%)."""
    f = _first(_accessed_only(2000 * 60.0, wcu=600.0, rcu=6000.0))
    assert (f.cause, f.key) == ("key unknown", "")
    assert any("26% of the traffic counted" in e for e in f.evidence)


def test_a_key_that_only_reads_is_not_a_small_key_space_without_a_unique_count():
    """The same report without ApproximateUniqueCount: the two listed keys carry 121,800 / 468,000 = 26%, not 99%."""
    f = _first(_accessed_only(2000 * 60.0, wcu=600.0, rcu=6000.0, unique=None))
    assert f.cause == "key unknown"


def test_only_the_writes_consumption_exported_is_a_lower_bound_of_the_total():
    """Reads not exported: the total is 3 x 6,000 = 18,000 (never below the listed keys' sum), so 9,000 is half."""
    assert _first(_accessed_only(9000.0, wcu=100.0, rcu=None, other=100.0)).cause == "hot key"
    assert _first(_accessed_only(math.nextafter(9000.0, 0.0), wcu=100.0, rcu=None, other=100.0)).cause == "key unknown"


def test_small_key_space_share_is_of_both_kinds_consumed():
    """Without a unique count the listed keys (key + 1,800) carry 27,000 of 54,000 at small_key_space = 0.5."""
    ev = _accessed_only(HALF - 1800.0, wcu=100.0, rcu=600.0, unique=None)
    f = _first(ev, small_key_space=0.5)
    assert (f.row, f.cause, f.confidence) == ("low-cardinality key", "small key space", "high")
    assert any("carry 50.0% of the traffic" in e for e in f.evidence)
    g = _first(ev, small_key_space=math.nextafter(0.5, 1.0))
    assert g.cause != "small key space"


# ---------------------------------------------------------------------------------------------------------------------
# 2. AT_CAPACITY_SHARE on an on-demand scope: consumption, not consumed plus refused
# ---------------------------------------------------------------------------------------------------------------------


def _on_demand(consumed_per_s: float, refused_per_s: float) -> Evidence:
    """An on-demand table with a maximum of 4,000 WCU/s and no reason metric exported, throttling in minutes 2-4."""
    n = 5
    events = np.array([0.0] + [refused_per_s * 60.0] * 3 + [0.0])
    cons = np.array([2000 * 60.0] + [consumed_per_s * 60.0] * 3 + [2000 * 60.0])
    w = ScopeEvidence("", "Write", events, True, {}, consumed=cons, provisioned=None, maximum=4000.0)
    return _evidence([w], {}, mode="on-demand", minutes=n)


def _row(ev: Evidence) -> hp.Finding:
    return next(f for f in find_causes(ev) if f.row != "short spike")


def test_on_demand_maximum_reached_by_consumption_at_the_threshold():
    f = _row(_on_demand(3600.0, 1500.0))  # 3,600 = 90% of 4,000
    assert (f.row, f.confidence) == ("maximum throughput reached", "medium")
    assert "the writes of the table consumed up to 3,600 units/s in the minutes with throttling, 90% of the maximum" in (
        " ".join(f.evidence)
    )
    assert f.numbers["peak"] == pytest.approx(5100.0)  # the remedy is sized on the offered peak, consumed + refused


def test_on_demand_consumption_just_below_the_maximum_reads_as_a_partition():
    f = _row(_on_demand(math.nextafter(3600.0, 0.0), 1500.0))  # offered 5,100 WCU/s, 2.55x its previous peak
    assert (f.row, f.cause) == ("past double the previous peak", "past previous peak")


def test_refusals_do_not_lift_consumption_to_the_maximum():
    """The review's probe: 2,200 WCU/s consumed (55%) and 1,500 refused (offered 3,700, 92%): a partition."""
    f = _row(_on_demand(2200.0, 1500.0))
    assert f.row == "hot partition, key unknown"
    assert not any("maximum throughput" in e for e in f.evidence)


# ---------------------------------------------------------------------------------------------------------------------
# 3. KEY_COUNT_TOLERANCE: both kinds throttling, medium confidence whatever the key's share of both
# ---------------------------------------------------------------------------------------------------------------------


def _both_kinds(count: float, *, writes: float = 1000.0, reads: float = 1000.0) -> list[hp.Finding]:
    def sc(kind, n):
        e = np.full(M, n)
        return ScopeEvidence("", kind, e, True, _reasons(e), consumed=np.full(M, 500 * 60.0), provisioned=np.full(M, 4000.0))

    top = tuple(TopKeys(m, (), (("K", count), ("y", 20.0)), 0.0, writes + reads) for m in range(M))
    rep = KeyReport(top, accessed=False, throttled=True, unique_throttled=800.0, listed_throttled=2)
    return find_causes(_evidence([sc("Write", writes), sc("Read", reads)], {"": rep}))


def _kinds(found) -> dict[str, hp.Finding]:
    return {f.kind: f for f in found}


@pytest.mark.parametrize("count", [500.0, 1000.0, 1050.0, math.nextafter(1050.0, 2000.0), 1200.0])
def test_both_kinds_throttling_names_the_key_at_medium_with_the_caveat(count):
    by = _kinds(_both_kinds(count))
    for kind in ("write", "read"):
        f = by[kind]
        assert (f.cause, f.key, f.confidence) == ("hot key", "K", "medium")
        assert "if its count is of these requests" in f.why


def test_below_one_key_share_of_one_kind_names_no_key():
    assert all(f.cause != "hot key" for f in _both_kinds(math.nextafter(500.0, 0.0)))


def test_the_tolerance_test_at_its_bound_and_the_next_float_above():
    at = " ".join(_kinds(_both_kinds(1050.0))["write"].evidence)
    assert "105% of the 3,000 write throttle events, within the 5% the diagnosis allows" in at
    above = " ".join(_kinds(_both_kinds(math.nextafter(1050.0, 2000.0)))["write"].evidence)
    assert "more than the 5% the diagnosis allows between the two counts, so it holds both kinds' requests" in above
    assert "the key carries 53% of both kinds' together" in above  # 3,150 / 6,000


def test_a_count_beyond_the_tolerance_under_half_of_both_is_no_kinds_hot_key():
    """Writes 1,000 and reads 3,000 a minute: 1,051 is over the writes by more than 5%, and 26% of both."""
    assert all(f.cause != "hot key" for f in _both_kinds(1051.0, reads=3000.0))


def test_one_kind_throttling_keeps_high_confidence():
    f = _kinds(_both_kinds(1000.0, reads=0.0))["write"]
    assert (f.cause, f.confidence) == ("hot key", "high")
    assert "if its count" not in f.why


# ---------------------------------------------------------------------------------------------------------------------
# 4. MATERIAL_SHARE: each cause on each scope and kind
# ---------------------------------------------------------------------------------------------------------------------


def test_material_share_is_per_cause_scope_and_kind():
    """The review's probe: provisioned-throughput events of 4% on the writes and 4% on the reads stay two findings,
    each with its own capacity to set (the box's share(c, s, k))."""
    n = 10

    def sc(kind, kr, prov, cons, level):
        r = _reasons(np.full(n, kr), np.full(n, prov))
        return ScopeEvidence(
            "", kind, np.full(n, kr + prov), True, r, consumed=np.full(n, cons * 60.0), provisioned=np.full(n, level)
        )

    top = tuple(TopKeys(m, (), (("HOT", 920.0), ("x", 40.0)), 0.0, 1000.0) for m in range(n))
    rep = KeyReport(top, accessed=False, throttled=True, unique_throttled=50.0, listed_throttled=2)
    ev = _evidence([sc("Write", 920.0, 40.0, 1990.0, 2000.0), sc("Read", 0.0, 40.0, 5990.0, 6000.0)], {"": rep}, minutes=n)
    under = [f for f in find_causes(ev) if f.row == "under-provisioned table"]
    assert sorted((f.kind, round(f.share, 6)) for f in under) == [("read", 0.04), ("write", 0.04)]
    a = hp.ASSUMPTIONS["MATERIAL_SHARE"].why
    assert "each cause on each scope and kind" in a and "a stray minute of another cause is listed apart" in a


# ---------------------------------------------------------------------------------------------------------------------
# 5. FEW_KEYS_SHARE: a few hot keys of a large key space are several hot keys, not a low-cardinality key
# ---------------------------------------------------------------------------------------------------------------------


def _few_keys(unique: float, kind: str = "Write") -> Evidence:
    ev_k = np.full(M, 3000.0)
    s = ScopeEvidence("", kind, ev_k, True, _reasons(ev_k), consumed=np.full(M, 4000 * 60.0), provisioned=np.full(M, 8000.0))
    thr = (("P1", 600.0), ("P2", 600.0), ("P3", 600.0), ("Q", 30.0))
    acc = (("P1", 3 * 1100 * 60.0), ("P2", 3 * 1100 * 60.0), ("P3", 3 * 1100 * 60.0), ("Q", 3 * 20 * 60.0))
    top = tuple(TopKeys(m, acc, thr, sum(v for _, v in acc), sum(v for _, v in thr)) for m in range(M))
    rep = KeyReport(
        top, accessed=True, throttled=True, unique_accessed=unique, unique_throttled=900.0, listed_accessed=4,
        listed_throttled=4, weighted=kind == "Write",
    )  # fmt: skip
    return _evidence([s], {"": rep})


def test_few_keys_in_a_large_key_space_are_several_hot_keys():
    f = _first(_few_keys(400_000.0))
    assert (f.row, f.cause, f.confidence, f.key) == ("single-key write concentration", "hot key", "medium", "P1")
    assert "several hot keys" in f.why
    assert "'P1', 'P2', 'P3' carry 60% of the throttled requests between them" in " ".join(f.evidence)  # 1,800 / 3,000
    assert [p.split(" over")[0] for p in f.action.split("; write-shard ")] == ["write-shard 'P1'", "'P2'", "'P3'"]
    assert "high-cardinality" not in f.action and "'Q'" not in f.action


def test_few_keys_share_at_its_value_and_the_next_float_above():
    """The four listed keys carry 1,830 / 3,000 = 61%: at few_keys = 0.61 all four are the fewest that carry it."""
    f = _first(_few_keys(400_000.0), few_keys=1830.0 / 3000.0)
    assert f.cause == "hot key" and "'Q'" in f.action
    g = _first(_few_keys(400_000.0), few_keys=math.nextafter(1830.0 / 3000.0, 1.0))
    assert g.cause == "spread"


def test_few_keys_of_a_listed_key_space_stay_a_low_cardinality_key():
    f = _first(_few_keys(4.0))
    assert (f.row, f.cause, f.confidence) == ("low-cardinality key", "small key space", "high")


def test_few_read_keys_in_a_large_key_space_are_each_cached():
    f = _first(_few_keys(400_000.0, kind="Read"))
    assert f.row == "single-key read concentration"
    assert [a.split(" (DAX")[0] for a in f.action.split("; ") if a.startswith("cache")] == [
        "cache the reads of 'P1'",
        "cache the reads of 'P2'",
        "cache the reads of 'P3'",
    ]


# ---------------------------------------------------------------------------------------------------------------------
# 6, 7. The box's words
# ---------------------------------------------------------------------------------------------------------------------


def test_the_box_says_what_the_code_does():
    a = hp.ASSUMPTIONS
    assert "短期間後に停止する" in a["SPIKE_MINUTES"].aws_says
    assert "straddles a minute boundary (three one-minute data points)" in a["SPIKE_MINUTES"].why
    assert a["ONE_KEY_SHARE"].unit == a["FEW_KEYS_SHARE"].unit == "share of the throttled requests"
    assert "small (listed whole, or SMALL_KEY_SPACE_SHARE)" in a["ONE_KEY_SHARE"].why
    assert "unless ApproximateUniqueCount shows a large key space" in a["FEW_KEYS_SHARE"].why
    hot = a["HOT_KEY_TRAFFIC_SHARE"].why
    assert (
        "3 x ConsumedWriteCapacityUnits + ConsumedReadCapacityUnits" in hot
        and "(for reads, the units are taken to be reads)" in hot
    )
    tol = a["KEY_COUNT_TOLERANCE"]
    assert "two services" not in tol.why and "relates the two counts nowhere" not in tol.aws_says
    assert "the count of throttle events" in tol.aws_says
    for quote in ("each data point in the graph represents the count of throttle events over a 1-minute period",):
        assert quote in hp.SOURCES["CI_ONE_MINUTE_POINTS"].quote


# ---------------------------------------------------------------------------------------------------------------------
# 8. AWS's most-throttled report does not measure write throttling an index's write capacity causes
# ---------------------------------------------------------------------------------------------------------------------


def test_the_tables_most_throttled_report_leaves_out_index_back_pressure():
    """The GSI-only scenario: the index refuses writes, the table's partitions none. AWS: 'Write throttling caused by
    insufficient write capacity for a global secondary index is not measured', so the table's report lists no key."""
    res = hp.scenario("GSI-only throttling").result
    assert sum(float(b.sum()) for b in res.backpressure.values()) > 0 and not res.own.throttled.any()
    assert float(res.table.key_throttled.sum()) > 0  # the simulation's combined view counts them
    assert all(t.throttled == () and t.total_throttled == 0.0 for t in hp.top_keys(res, 5))
    rep = hp.cloudwatch(res, top_k=5).key_reports[""]
    assert all(t.throttled == () for t in rep.top) and rep.unique_throttled == 0.0
    assert any(t.accessed for t in rep.top)  # every write is still in the most-accessed list
