"""An index's WriteThrottleEvents count the writes refused for it (review turn 11, finding S2).

AWS counts one event per throttled write of the table and of each index a ``PutItem`` touches, and a request with any
event throttled is a throttled request: so for single-item writes the events of the table and its indexes are at
least ``ThrottledRequests``. The model refuses each write once (at the first index that refuses it, else at its base
partition), so there they are equal. ``simulate_with_indexes`` charges an index only for the writes the base partition
accepts, while its refused share meets every write that reaches it: the index's events are that back-pressure
(``IndexedResult.backpressure``), not the refused part of what it was charged for.
"""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hotpart as hp
from hotpart import GlobalSecondaryIndex, Table, simulate_with_indexes

REASONS = [
    "WriteKeyRangeThroughputThrottleEvents",
    "WriteProvisionedThroughputThrottleEvents",
    "WriteMaxOnDemandThroughputThrottleEvents",
    "WriteAccountLimitThrottleEvents",
]


def write_events(m: hp.Metrics) -> np.ndarray:
    """The table's and every index's WriteThrottleEvents, per minute."""
    return m.table["WriteThrottleEvents"] + sum((v["WriteThrottleEvents"] for v in m.indexes.values()), np.zeros(1))


@pytest.fixture(scope="module")
def two():
    return hp.two_causes_case()


def test_two_causes_index_events_are_the_writes_refused_for_it(two):
    m = two["metrics"]
    idx = m.indexes["by-status"]
    # the OPEN partition is charged open_offered = 1,440 x (share the base partitions accept) = 1,200.9 WCU/s and
    # serves its ceiling, 1,000: it refuses 1 - 1,000 / 1,200.9 = 16.7% of what reaches it, and that share meets all
    # 0.6 x 2,400 = 1,440 OPEN writes/s: 1,440 x (1 - 1,000 / 1,200.9) = 240.9 writes/s, x 600 s = 144,536
    expected = 1_440 * (1 - 1_000 / two["open_offered"]) * 600
    assert float(idx["WriteThrottleEvents"].sum()) == pytest.approx(expected, rel=1e-9)
    assert round(float(idx["WriteThrottleEvents"].sum())) == 144_536
    assert two["open_refused"] == pytest.approx(expected / 600, rel=1e-9)  # 240.9 writes/s, every minute alike
    assert round(two["open_refused"], 1) == 240.9
    # the OPEN partition is the only one refused, above its ceiling: every event is a key-range event
    np.testing.assert_allclose(idx["WriteKeyRangeThroughputThrottleEvents"], idx["WriteThrottleEvents"], rtol=1e-12)
    assert float(idx["WriteProvisionedThroughputThrottleEvents"].sum()) == 0.0
    # the charged view is unchanged: OPEN is offered 1,201 WCU/s, consumes 1,000, and the index consumes
    # 1,800 WCU/s (what the base partitions accept) x 60 = 108,000 a minute
    assert (round(two["open_offered"]), round(two["open_consumed"])) == (1_201, 1_000)
    np.testing.assert_allclose(idx["ConsumedWriteCapacityUnits"], 108_000, rtol=1e-9)


def test_two_causes_total_events_and_shares(two):
    m = two["metrics"]
    # the table is offered 2,400 WCU/s and consumes its 1,800: 600 writes/s refused, x 600 s = 360,000 requests
    assert float(m.table["ThrottledRequests"].sum()) == pytest.approx(360_000, rel=1e-9)
    # its own partitions refuse the rest, 360,000 - 144,536 = 215,464; together 360,000 events, one per refusal
    own = float(m.table["WriteThrottleEvents"].sum())
    assert round(own) == 215_464
    assert float(write_events(m).sum()) == pytest.approx(360_000, rel=1e-9)
    # shares: 215,464 / 360,000 = 59.85% and 144,536 / 360,000 = 40.15% (64% / 36% over 336,000 before)
    f = two["findings"]
    assert f["under-provisioned table"]["share"] == pytest.approx(215_464 / 360_000, abs=1e-5)
    assert f["GSI-only throttling"]["share"] == pytest.approx(144_536 / 360_000, abs=1e-5)
    assert (round(f["under-provisioned table"]["share"], 3), round(f["GSI-only throttling"]["share"], 3)) == (0.599, 0.401)
    assert two["diagnosis"].summary() == (
        "2 causes, each at least 5% of the 360,000 throttle events: under-provisioned table on the table's writes "
        "(60%), GSI-only throttling on the writes of index 'by-status' (40%)."
    )
    explained = " ".join(two["diagnosis"].explain(markdown=False).split())  # unwrapped
    assert "by-status WriteKeyRangeThroughputThrottleEvents: 144,536 of the 144,536 by-status WriteThrottleEvents" in explained


def test_two_causes_index_reports_unchanged(two):
    # Contributor Insights of the index counts consumed units and, for writes, no refusals (INDEX_REPORT_OMITS_WRITES):
    # OPEN consumes its partition's 1,000 WCU/s, 60,000 a minute; the most-throttled list is empty (no index reads)
    rep = two["metrics"].key_reports["by-status"]
    for t in rep.top:
        assert t.accessed[0][0] == "OPEN"
        assert t.accessed[0][1] == pytest.approx(60_000, rel=1e-9)
        assert t.throttled == ()


def test_gsi_only_scenario_events_equal_throttled_requests():
    m = hp.scenario("GSI-only throttling").metrics
    # the base partitions refuse nothing; every throttled request is one refused for the index: 264,000 of each
    assert float(m.table["WriteThrottleEvents"].sum()) == 0.0
    assert round(float(m.indexes["by-status"]["WriteThrottleEvents"].sum())) == 264_000
    assert round(float(m.table["ThrottledRequests"].sum())) == 264_000
    np.testing.assert_allclose(write_events(m), m.table["ThrottledRequests"], rtol=1e-9)


@pytest.mark.parametrize(
    ("units_per_write", "item_units", "events"), [(1.0, 1.0, 0.0), (2.0, 1.0, 18_000.0), (2.0, 2.0, 9_000.0)]
)
def test_events_count_items_not_index_units(units_per_write, item_units, events):
    # 3 OPEN orders at 200 WCU/s on a base partition of 1,000 (it refuses nothing) and an index of one partition
    # with 600 WCU/s. At 1 index unit a write the index is offered 600 and refuses nothing. At 2 it is offered
    # 1,200 index units/s, serves 600 and refuses half: 300 base WCU/s of writes, 300 x 60 = 18,000 items a minute
    # (the index's own refusals, 600 index units/s, would have made 36,000); with 2 WCU an item, 9,000 items.
    gsi = GlobalSecondaryIndex("by-status", ["OPEN"] * 3, wcu=600, units_per_write=units_per_write)
    res = simulate_with_indexes(Table(1, wcu=1_000), [200, 200, 200], 60, ["o1", "o2", "o3"], [gsi])
    m = hp.cloudwatch(res, item_units=item_units)
    idx = m.indexes["by-status"]
    assert idx["WriteThrottleEvents"].tolist() == pytest.approx([events], rel=1e-12)
    assert m.table["ThrottledRequests"].tolist() == pytest.approx([events], rel=1e-12)
    # of the 600 index units refused each second, 1,200 - 1,000 = 200 are above the partition's ceiling (key range)
    # and 400 past the index's capacity (provisioned): 1/3 and 2/3 of the events
    assert idx["WriteKeyRangeThroughputThrottleEvents"].tolist() == pytest.approx([events / 3], rel=1e-12)
    assert idx["WriteProvisionedThroughputThrottleEvents"].tolist() == pytest.approx([2 * events / 3], rel=1e-12)


def test_batches_throttle_fewer_requests_than_events():
    # in batches of 25 a request is throttled only when all 25 items are: the events stay, the requests shrink
    gsi = GlobalSecondaryIndex("by-status", ["OPEN"] * 3, wcu=600, units_per_write=2.0)
    res = simulate_with_indexes(Table(1, wcu=1_000), [200, 200, 200], 60, ["o1", "o2", "o3"], [gsi])
    m = hp.cloudwatch(res, batch_size=25)
    # half of the items refused: 600 items/s / 25 x 0.5^25 x 60 = 4.3e-5 requests a minute, 18,000 events
    assert float(m.table["ThrottledRequests"][0]) == pytest.approx(600 / 25 * 0.5**25 * 60, rel=1e-9)
    assert float(write_events(m)[0]) == pytest.approx(18_000, rel=1e-12)


# Random small tables with one or two indexes, both sides often refusing: each write is refused once, so for
# single-item writes the events equal the throttled requests minute by minute; in batches they are at least as many.
_VALUES = st.sampled_from(["A", "B", "C", None])


@st.composite
def indexed_runs(draw):
    n = draw(st.integers(2, 8))
    keys = [f"K{i}" for i in range(n)]
    demand = draw(st.lists(st.floats(0, 900), min_size=n, max_size=n))
    table = Table(draw(st.integers(1, 3)), wcu=draw(st.floats(100, 1_500)))
    indexes = [
        GlobalSecondaryIndex(
            f"gsi{i}",
            draw(st.lists(_VALUES, min_size=n, max_size=n)),
            partitions=draw(st.integers(1, 3)),
            wcu=draw(st.floats(50, 1_500)),
            fraction=draw(st.sampled_from([1.0, 0.5])),
            units_per_write=draw(st.sampled_from([1.0, 2.0, 0.5])),
        )
        for i in range(draw(st.integers(1, 2)))
    ]
    seconds = draw(st.sampled_from([60, 90]))  # 90: a partial last minute
    return simulate_with_indexes(table, demand, seconds, keys, indexes), draw(st.sampled_from([1.0, 2.0]))


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(indexed_runs())
def test_events_at_least_throttled_requests(run):
    res, item_units = run
    m = hp.cloudwatch(res, item_units=item_units)
    events = write_events(m)
    # single-item writes: one event per refused write, one throttled request per refused write
    np.testing.assert_allclose(events, m.table["ThrottledRequests"], rtol=1e-9, atol=1e-9 * float(m.requests.max()))
    # the index's events are its back-pressure in items, and its reasons add up to them in its own refusals' shares
    for name, idx in m.indexes.items():
        bp = res.backpressure[name].sum(axis=1)
        per_minute = np.array([bp[i : i + 60].sum() for i in range(0, res.seconds, 60)]) / item_units
        np.testing.assert_allclose(idx["WriteThrottleEvents"], per_minute, rtol=1e-12, atol=1e-12)
        reasons = np.sum([idx[r] for r in REASONS], axis=0)
        np.testing.assert_allclose(reasons, idx["WriteThrottleEvents"], rtol=1e-9, atol=1e-9)
        charged = hp.cloudwatch(res.indexes[name], item_units=item_units).table  # the index's own refusals
        for r in REASONS:
            own = charged["WriteThrottleEvents"]
            share = np.divide(charged[r], own, out=np.zeros_like(own), where=own > 0)
            np.testing.assert_allclose(idx[r], share * idx["WriteThrottleEvents"], rtol=1e-9, atol=1e-9)
    # batches of 5: a request is throttled only when all its items are, never more requests than events
    batched = hp.cloudwatch(res, item_units=item_units, batch_size=5)
    assert np.all(batched.table["ThrottledRequests"] <= events * (1 + 1e-9) + 1e-9)
