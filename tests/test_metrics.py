"""CloudWatch metrics and Contributor Insights from the simulator (hotpart/models/metrics.py, chapter 13)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp
from hotpart.models.metrics import PERIOD_S

KEYS = [f"K{i}" for i in range(12)]


def _random_result(seed: int, seconds: int, hot: float) -> hp.SimulationResult:
    rng = np.random.default_rng(seed)
    demand = rng.gamma(1.0, 40.0, size=(seconds, len(KEYS)))
    demand[:, 0] += hot
    return hp.simulate(hp.Table(3, wcu=900), demand, seconds, keys=KEYS)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), seconds=st.integers(1, 200), hot=st.floats(0, 2_500))
def test_minute_sums_equal_second_sums(seed: int, seconds: int, hot: float) -> None:
    res = _random_result(seed, seconds, hot)
    m = hp.cloudwatch(res)
    assert m.minutes == -(-seconds // PERIOD_S)
    np.testing.assert_allclose(m["ConsumedWriteCapacityUnits"].sum(), res.served.sum(), rtol=1e-12)
    np.testing.assert_allclose(m["WriteThrottleEvents"].sum(), res.throttled.sum(), rtol=1e-12, atol=1e-9)
    # every reason metric is a part of the throttle events, and (no on-demand peak here) they add up to it
    parts = sum(
        m[f"Write{n}"]
        for n in (
            "KeyRangeThroughputThrottleEvents",
            "ProvisionedThroughputThrottleEvents",
            "MaxOnDemandThroughputThrottleEvents",
            "AccountLimitThrottleEvents",
        )
    )
    np.testing.assert_allclose(parts, m["WriteThrottleEvents"], rtol=1e-9, atol=1e-9)
    # per-key counts add up to the partitions' totals
    np.testing.assert_allclose(res.key_offered.sum(), res.offered.sum(), rtol=1e-12)
    np.testing.assert_allclose(res.key_throttled.sum(), res.throttled.sum(), rtol=1e-9, atol=1e-9)
    # per second: the last, partial minute divides by its own length
    assert np.all(m.seconds_in_minute() > 0)
    np.testing.assert_allclose((m.per_second("ConsumedWriteCapacityUnits") * m.seconds_in_minute()).sum(), res.served.sum())


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), hot=st.floats(0, 2_500), batch=st.integers(1, 25))
def test_throttled_requests_bounded_and_falling_with_batch_size(seed: int, hot: float, batch: int) -> None:
    res = _random_result(seed, 120, hot)
    m = hp.cloudwatch(res, batch_size=batch)
    tr = m["ThrottledRequests"]
    assert np.all(tr <= m.requests + 1e-9)
    assert np.all(tr <= m["WriteThrottleEvents"] + 1e-9)
    bigger = hp.cloudwatch(res, batch_size=batch + 1)["ThrottledRequests"]
    assert np.all(bigger <= tr + 1e-9)
    if batch == 1:  # single-item requests: every refused item is a throttled request
        np.testing.assert_allclose(tr, m["WriteThrottleEvents"], rtol=1e-12)


def test_batch_rule_against_monte_carlo() -> None:
    """N/B q^B against drawing batches: items land on partitions by the offered mix, refused by each one's share."""
    res = hp.simulate(hp.Table(4, wcu=4_000), [1_500, 900, 300, 300], 60)
    o, thr = res.offered[-1], res.throttled[-1]
    share = thr / o
    q = thr.sum() / o.sum()
    rng = np.random.default_rng(7)
    for batch in (1, 2, 4):
        n_batches = 200_000
        parts = rng.choice(4, size=(n_batches, batch), p=o / o.sum())
        refused = rng.random((n_batches, batch)) < share[parts]
        simulated = refused.all(axis=1).mean()
        expected = float(hp.batch_throttled_requests(batch, q, batch))  # one batch of `batch` items
        assert simulated == pytest.approx(expected, abs=4 * np.sqrt(expected * (1 - expected) / n_batches) + 1e-4)


def test_batch_trap_throttled_requests_zero_while_events_grow() -> None:
    """000 「スロットリングの監視」: with BatchWriteItem, ThrottledRequests can stay 0 while skew grows."""
    s = hp.scenario("single-key write concentration", batch_size=25)
    events = s.metrics["WriteThrottleEvents"]
    assert events.sum() > 100_000
    assert s.metrics["ThrottledRequests"].max() < 1e-6
    single = hp.scenario("single-key write concentration", batch_size=1).metrics
    np.testing.assert_allclose(single["ThrottledRequests"], single["WriteThrottleEvents"])


def test_consumed_under_provisioned_while_key_range_events_rise() -> None:
    """000 「CloudWatch メトリクス」: consumed below the provisioned line, yet throttling; the key-range metric says why."""
    hot = 1_500.0
    res = hp.simulate(hp.Table(4, wcu=4_000), [hot, 100, 100, 100], 180)
    m = hp.cloudwatch(res)
    consumed = m.per_second("ConsumedWriteCapacityUnits")
    assert np.all(consumed < m["ProvisionedWriteCapacityUnits"])
    assert np.all(m["WriteKeyRangeThroughputThrottleEvents"] == (hot - hp.PARTITION_MAX_WCU) * hp.PERIOD_S)
    assert m["WriteProvisionedThroughputThrottleEvents"].sum() == 0


def test_provisioned_total_points_to_the_provisioned_metric() -> None:
    table, demand, seconds = hp.Table(4, wcu=400), [200.0] * 4, 120
    res = hp.simulate(table, demand, seconds)
    m = hp.cloudwatch(res)
    assert m["WriteKeyRangeThroughputThrottleEvents"].sum() == 0
    assert m["WriteProvisionedThroughputThrottleEvents"].sum() == pytest.approx((sum(demand) - table.wcu) * seconds)


def test_index_metrics_and_backpressure_accounting() -> None:
    """The back-pressure is the index's throttle events and the table's throttled requests, not the table's events."""
    s = hp.scenario("GSI-only throttling")
    m = s.metrics
    idx = m.index("by-status")
    bp = s.result.backpressure_total()
    assert bp > 0
    assert m["WriteThrottleEvents"].sum() == 0
    assert idx["WriteThrottleEvents"].sum() == pytest.approx(bp)
    assert m["ThrottledRequests"].sum() == pytest.approx(bp)
    assert idx["WriteKeyRangeThroughputThrottleEvents"].sum() == pytest.approx(bp)
    assert m.total("ConsumedWriteCapacityUnits") == pytest.approx(float(s.result.table.served.sum()))


def test_on_demand_has_no_provisioned_metric_and_names_the_quota() -> None:
    mode = hp.OnDemand(previous_peak=1_000, quota=1_500)
    res = hp.simulate(hp.Table(8), [400] * 8, 60, mode=mode)
    m = hp.cloudwatch(res)
    assert "ProvisionedWriteCapacityUnits" not in m.table
    assert m["WriteAccountLimitThrottleEvents"].sum() == pytest.approx((3_200 - 1_500) * 60)


def test_reads_are_named_read() -> None:
    table, (hot, cool), seconds, units = hp.Table(2, rcu=2_000), (4_000.0, 100.0), 60, 2.0
    res = hp.simulate(table, [hot, cool], seconds, kind="read")
    m = hp.cloudwatch(res, item_units=units)
    assert m.kind == "read"
    # the hot partition: what lies above its ceiling is key range; of the rest, its share plus what the
    # other partition leaves unused is served, and the remainder finds the table used up
    share = table.rcu / table.partitions
    above = hot - hp.PARTITION_MAX_RCU
    short = hp.PARTITION_MAX_RCU - share - (share - cool)
    assert m["ReadKeyRangeThroughputThrottleEvents"].sum() == pytest.approx(above * seconds / units)
    assert m["ReadProvisionedThroughputThrottleEvents"].sum() == pytest.approx(short * seconds / units)
    assert m.total("ProvisionedReadCapacityUnits") == table.rcu


def test_top_keys_names_the_hot_key_and_counts_add_up() -> None:
    s = hp.scenario("single-key write concentration")
    top = s.metrics.top
    assert top is not None and len(top) == s.metrics.minutes
    for tk in top:
        assert tk.accessed[0][0] == "COUNTER#2026-11-30"
        assert tk.throttled[0][0] == "COUNTER#2026-11-30"
        k = s.result.keys.index("COUNTER#2026-11-30")
        rate = float(s.result.key_offered[0, k]) / hp.PERIOD_S
        assert rate > hp.PARTITION_MAX_WCU  # the counter alone passes the ceiling
        assert tk.accessed[0][1] == pytest.approx(rate * hp.PERIOD_S)  # the same every minute
        assert [v for _, v in tk.accessed] == sorted((v for _, v in tk.accessed), reverse=True)
        assert 0 <= tk.throttled_share(1) <= 1 and 0 <= tk.accessed_share() <= 1
    totals = np.array([tk.total_throttled for tk in top])
    np.testing.assert_allclose(totals, s.metrics["WriteThrottleEvents"], rtol=1e-9)


def test_top_keys_leave_out_index_backpressure() -> None:
    """AWS's most-throttled report does not measure write throttling an index's write capacity causes
    (SOURCES["CI_INDEX_WRITE_THROTTLING_NOT_MEASURED"]): the GSI scenario's table refuses only for its index, so its
    report lists no throttled key, while its most-accessed list still holds every write."""
    s = hp.scenario("GSI-only throttling")
    assert s.result.backpressure_total() > 0 and not s.result.own.throttled.any()
    top = hp.top_keys(s.result, 5)
    assert all(tk.throttled == () and tk.total_throttled == 0.0 for tk in top)
    assert sum(tk.total_accessed for tk in top) == pytest.approx(float(s.result.table.offered.sum()))
    # the index's own report still sees its writes: every one of them in its most-accessed list
    index_top = hp.top_keys(s.result.indexes["by-status"], 5)
    assert sum(tk.total_accessed for tk in index_top) == pytest.approx(float(s.result.indexes["by-status"].offered.sum()))


@pytest.mark.parametrize(("table_wcu", "index_wcu"), [(600, 800), (800, 1_000), (1_000, 800), (600, 400)])
def test_top_keys_list_the_base_partitions_own_refusals(table_wcu: int, index_wcu: int) -> None:
    """The table's most-throttled list is the base partitions' own refusals, minute by minute, whether the base
    partition (600/800, 800/1,000) or the index (1,000/800, 600/400) refuses."""
    gsi = hp.GlobalSecondaryIndex("by-x", ["X", "Y"], partitions=1, wcu=index_wcu)
    res = hp.simulate_with_indexes(hp.Table(1, wcu=table_wcu), [1_500, 300], 600, ["a", "b"], [gsi])
    assert res.own.key_throttled is not None and res.table.key_throttled is not None
    top = hp.top_keys(res, 2)
    for m, tk in enumerate(top):
        assert tk.total_throttled == pytest.approx(float(res.own.key_throttled[m].sum()))
        assert dict(tk.throttled) == pytest.approx(
            {k: v for k, v in zip(res.table.keys, res.own.key_throttled[m], strict=True) if v > 0}
        )
    own, combined = float(res.own.throttled.sum()), float(res.table.throttled.sum())
    assert own == pytest.approx(combined - res.backpressure_total())  # the combined view's back-pressure is left out
    if res.backpressure_total() > 0:
        assert sum(tk.total_throttled for tk in top) < combined


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda r: hp.cloudwatch(r, batch_size=0), "batch_size"),
        (lambda r: hp.cloudwatch(r, batch_size=101), "batch_size"),
        (lambda r: hp.cloudwatch(r, item_units=0), "item_units"),
        (lambda r: hp.top_keys(r, 0), "k"),
        (lambda r: hp.cloudwatch("nope"), "result"),
        (lambda r: hp.batch_throttled_requests(10, 1.5, 2), "refused_share"),
        (lambda r: hp.batch_throttled_requests(-1, 0.5, 2), "items"),
    ],
)
def test_validation_names_the_parameter(call, name: str) -> None:
    res = hp.simulate(hp.Table(1, wcu=100), [50], 10, keys=["a"])
    with pytest.raises(ValueError, match=name):
        call(res)


def test_top_keys_needs_keys() -> None:
    res = hp.simulate(hp.Table(1, wcu=100), [50], 10)
    with pytest.raises(ValueError, match="keys="):
        hp.top_keys(res)
    with pytest.raises(ValueError, match="no table metric"):
        hp.cloudwatch(res)["Nope"]


def test_index_read_throttling_counts_as_table_requests_only() -> None:
    """A throttled Query on a GSI is an index event and a throttled request of the table, never a table event."""
    keys = [f"O{i}" for i in range(30)]
    gsi = hp.GlobalSecondaryIndex("by-status", ["OPEN"] * 30, partitions=1, wcu=1_000, rcu=1_000)
    res = hp.simulate_with_indexes(hp.Table(2, wcu=1_000), [1.0] * 30, 60, keys, [gsi], index_reads={"by-status": [5_000.0]})
    m = hp.cloudwatch(res)
    idx_reads = m.index("by-status")["ReadThrottleEvents"].sum()
    assert idx_reads > 0
    assert "ReadThrottleEvents" not in m.table
    assert m["WriteThrottleEvents"].sum() == 0
    assert m["ThrottledRequests"].sum() == pytest.approx(idx_reads)


def test_a_seeded_throttled_requests_metric_is_a_count_whose_mean_is_the_expectation() -> None:
    res = _random_result(3, 180, 1_500.0)
    # one item per request: every refused item is a throttled request, nothing is drawn
    np.testing.assert_array_equal(hp.cloudwatch(res, seed=5)["ThrottledRequests"], hp.cloudwatch(res)["ThrottledRequests"])
    for batch in (2, 4, 8):
        expected = hp.cloudwatch(res, batch_size=batch)["ThrottledRequests"]
        draws = np.array([hp.cloudwatch(res, batch_size=batch, seed=s)["ThrottledRequests"] for s in range(40)])
        assert np.array_equal(draws, np.round(draws))  # whole requests, as CloudWatch counts them
        requests = hp.cloudwatch(res, batch_size=batch).requests
        assert (draws <= np.ceil(requests) + 1).all()
        # the mean of 40 draws is within 5 standard errors of the expected count
        se = np.sqrt(np.maximum(expected, 1.0) / 40)
        assert (np.abs(draws.mean(axis=0) - expected) <= 5 * se).all()
    # same seed, same counts
    a = hp.cloudwatch(res, batch_size=4, seed=7)["ThrottledRequests"]
    b = hp.cloudwatch(res, batch_size=4, seed=7)["ThrottledRequests"]
    assert np.array_equal(a, b)
    with pytest.raises(ValueError, match=r"^seed = -1"):
        hp.cloudwatch(res, seed=-1)


def test_batches_of_25_show_no_throttled_request_as_a_count() -> None:
    case = hp.detection_case(2_000, 2_000, hp.BATCH_WRITE_MAX_ITEMS)
    counted = hp.cloudwatch(case["res"], batch_size=hp.BATCH_WRITE_MAX_ITEMS, seed=0)
    assert counted["ThrottledRequests"].sum() == 0.0
    assert counted["WriteThrottleEvents"].sum() > 10_000


def test_throttled_keys_mode_lists_only_throttled_keys() -> None:
    res = hp.simulate(hp.Table(1, wcu=3_000), [1_500, 10, 5], 120, keys=["hot", "a", "b"])
    both = hp.top_keys(res, 3)
    only = hp.top_keys(res, 3, mode="THROTTLED_KEYS")
    for full, thr in zip(both, only, strict=True):
        assert thr.accessed == () and thr.total_accessed == 0.0
        assert thr.throttled == full.throttled and thr.total_throttled == full.total_throttled
    quiet = hp.simulate(hp.Table(1, wcu=3_000), [500, 10, 5], 60, keys=["hot", "a", "b"])
    assert hp.top_keys(quiet, 3, mode="THROTTLED_KEYS")[0].throttled == ()
    with pytest.raises(ValueError, match="mode"):
        hp.top_keys(res, 3, mode="ALL_KEYS")


def test_contributor_insights_on_an_index_names_the_hot_index_value() -> None:
    s = hp.scenario("GSI-only throttling")
    idx = s.result.indexes["by-status"]
    top = hp.top_keys(idx, 3)[-1]
    assert top.accessed[0][0] == "OPEN" and top.throttled[0][0] == "OPEN"
    # on the table, the throttled "keys" are the orders: no single one stands out
    table_top = hp.top_keys(s.result, 3)[-1]
    assert table_top.throttled_share(1) < 0.01


def test_share_refusals_move_between_the_two_reason_metrics_and_nothing_else() -> None:
    # a partition held to its share: provisioned 400 over 4 partitions, no adaptive lending, one key at 150
    res = hp.simulate(hp.Table(4, wcu=400), [150, 0, 0, 0], 60, mode=hp.Provisioned(adaptive=False))
    key_range = hp.cloudwatch(res)
    provisioned = hp.cloudwatch(res, share_refusals="ProvisionedThroughputThrottleEvents")
    assert key_range["WriteKeyRangeThroughputThrottleEvents"].sum() == pytest.approx(50 * 60)
    assert key_range["WriteProvisionedThroughputThrottleEvents"].sum() == 0
    assert provisioned["WriteProvisionedThroughputThrottleEvents"].sum() == pytest.approx(50 * 60)
    assert provisioned["WriteKeyRangeThroughputThrottleEvents"].sum() == 0
    assert provisioned["WriteThrottleEvents"].sum() == key_range["WriteThrottleEvents"].sum()
    with pytest.raises(ValueError, match="share_refusals"):
        hp.cloudwatch(res, share_refusals="ThrottledRequests")


def test_backpressure_throttles_exactly_the_keys_that_carry_the_hot_index_value() -> None:
    # chapter 13 counts the order keys that lose writes: the OPEN orders, not every order of the table
    table = hp.scenario("GSI-only throttling").result.table
    statuses = hp.order_statuses(len(table.keys), 0.6)  # the scenario's orders, 60% OPEN (chapter 12)
    throttled = set(np.asarray(table.keys)[table.key_throttled[-1] > 0])
    open_orders = {k for k, v in zip(table.keys, statuses, strict=True) if v == "OPEN"}
    assert throttled == open_orders
    assert 0 < len(throttled) < len(table.keys)


def test_detection_key_under_the_ceiling_still_throttles_with_partition_neighbours() -> None:
    # chapter 13's "Try this": the date key alone under 1,000 WCU/s is not enough, the user keys on its partition count
    ceiling = hp.PARTITION_MAX_WCU
    base = hp.detection_case(2_000, 2_000, hp.BATCH_WRITE_MAX_ITEMS)["res"]
    hot_part = int(hp.partition_of([base.keys[-1]], base.table.partitions)[0])
    neighbours = float(base.offered[-1, hot_part]) - 2_000
    assert neighbours > 0
    just_under = hp.detection_case(ceiling - 1, 2_000, hp.BATCH_WRITE_MAX_ITEMS)["metrics"]
    assert just_under["WriteKeyRangeThroughputThrottleEvents"].sum() > 0
    quiet = hp.detection_case(ceiling - neighbours, 2_000, hp.BATCH_WRITE_MAX_ITEMS)["metrics"]
    assert quiet["WriteThrottleEvents"].sum() == 0


# --- hard edges (issue 15): seeds, top_k, records ----------------------------------------------


@pytest.mark.parametrize("bad", [-1, "abc", 1.5, float("nan")])
def test_edge_cloudwatch_checks_its_seed(bad) -> None:
    res = _random_result(1, 60, 800.0)
    with pytest.raises(ValueError, match=r"^seed = "):
        hp.cloudwatch(res, batch_size=25, seed=bad)


def test_edge_cloudwatch_without_a_seed_is_the_same_every_call() -> None:
    # seed=None means expected counts, nothing drawn: never fresh entropy
    res = _random_result(2, 120, 1_500.0)
    a = hp.cloudwatch(res, batch_size=25)["ThrottledRequests"]
    b = hp.cloudwatch(res, batch_size=25)["ThrottledRequests"]
    np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("bad", [0, -1, 1e300, "abc", float("nan")])
def test_edge_cloudwatch_names_top_k(bad) -> None:
    with pytest.raises(ValueError, match=r"^top_k = "):  # was named "k", the argument of top_keys
        hp.cloudwatch(_random_result(3, 60, 100.0), top_k=bad)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: hp.TopKeys(0, (("a", 1.0),), (), float("nan"), 0.0), r"^total_accessed = nan"),
        (lambda: hp.TopKeys(-1, (), (), 0.0, 0.0), r"^minute = -1 is out of range"),
        (lambda: hp.TopKeys(0, (("a", -1.0),), (), 1.0, 0.0), r"^accessed\[0\] = -1.0 is out of range"),
        (lambda: hp.top_keys(_random_result(4, 60, 900.0), 3)[0].throttled_share(None), r"^n = None"),
    ],
)
def test_edge_top_keys_records_refuse_bad_values_by_name(call, message) -> None:
    with pytest.raises(ValueError, match=message):
        call()


# --- issue 39: shapes that do not broadcast, item units that overflow the count -------------------------------------


def test_batch_throttled_requests_names_both_shapes_that_do_not_broadcast() -> None:
    with pytest.raises(ValueError, match=r"^items \(shape \(3,\)\) and refused_share \(shape \(2,\)\) do not broadcast"):
        hp.batch_throttled_requests(np.ones(3), [0.5, 0.1], 5)
    out = hp.batch_throttled_requests(np.full((2, 3), 100.0), [0.5, 0.1, 1.0], 1)  # a share per column broadcasts
    assert out.tolist() == [[50.0, 10.0, 100.0]] * 2


def test_cloudwatch_refuses_item_units_whose_count_overflows_by_name() -> None:
    res = hp.simulate(hp.Table(4, wcu=4_000), [1_500, 100, 100, 100], 120)
    with pytest.raises(ValueError, match=r"^item_units = 5e-324 is out of range: must be >= [0-9.e+-]+ \(the run's 216000 units"):
        hp.cloudwatch(res, item_units=5e-324)
    tiny = hp.cloudwatch(res, item_units=1e-300)  # small, but every count stays finite
    assert np.isfinite(tiny["WriteThrottleEvents"]).all() and np.isfinite(tiny.requests).all()


def test_metrics_refuse_a_negative_or_non_numeric_series_by_name() -> None:
    """A hand-built Metrics took ThrottledRequests of -5, and the diagnosis then wrote "ThrottledRequests is only -5
    against 0 throttle events" (a mutation-testing helper's find): every series is per-minute numbers, none negative;
    NaN (a minute without a data point) and 0 are taken."""
    import numpy as np

    ok = hp.Metrics("write", 120, 2, 1.0, {"ThrottledRequests": np.array([0.0, np.nan])}, indexes={"g": {"X": [0, 1]}})
    assert ok.table["ThrottledRequests"][0] == 0.0
    cases = [
        ({"ThrottledRequests": [0.0, -5.0]}, {}, "table['ThrottledRequests'] holds -5.0: must be >= 0 (or NaN: no data point)"),
        ({}, {"g": {"WriteThrottleEvents": [0.0, -5e-324]}},
         "indexes['g']['WriteThrottleEvents'] holds -5e-324: must be >= 0 (or NaN: no data point)"),
        ({"X": [[1.0, 2.0]]}, {}, "table['X'] has shape (1, 2): must be one value per minute (1-D)"),
        ({"X": ["a"]}, {}, "table['X'] = ['a'] is not allowed: must be per-minute numbers"),
        ({}, {"g": [1.0]}, "indexes = {'g': [1.0]} is not allowed: must be a dict of index name to metrics"),
    ]  # fmt: skip
    for table, indexes, message in cases:
        with pytest.raises(ValueError) as e:
            hp.Metrics("write", 120, 2, 1.0, table, indexes=indexes)
        assert str(e.value) == message


def test_an_indexs_most_throttled_report_leaves_out_the_writes_the_index_refused():
    """AWS does not measure the write throttling an index's write capacity causes, in the table's report or the
    index's own (hp.SOURCES["CI_INDEX_WRITE_THROTTLING_NOT_MEASURED"]): chapter 12's orders index refuses 264,000
    writes over 10 minutes at one partition's ceiling, and its most-throttled report names no key and counts 0, while
    its most-accessed report puts OPEN first with what it consumed, as AWS's report counts it: 60,000 units a minute,
    1,000 WCU/s, its partition's ceiling, of the 86,400 (1,440 WCU/s) it is offered."""
    m = hp.scenario("GSI-only throttling").metrics
    assert float(m.indexes["by-status"]["WriteThrottleEvents"].sum()) == pytest.approx(264_000)
    r = m.key_reports["by-status"]
    assert r.throttled and r.accessed  # both reports are there: the most-throttled one is empty, not missing
    assert all(t.throttled == () and t.total_throttled == 0.0 for t in r.top)
    assert (r.unique_throttled, r.listed_throttled) == (0.0, 0)
    assert all(t.accessed[0] == ("OPEN", pytest.approx(60_000)) for t in r.top)
    # the index result itself still holds them: top_keys of it lists what the model refused
    assert any(t.throttled for t in hp.top_keys(hp.scenario("GSI-only throttling").result.indexes["by-status"]))
