"""The case functions chapters 13 and 16 glue (hotpart/figures/metrics.py, heavy_hitters.py, observed.py), each checked
another way: a closed form, the model called directly, or the numbers the chapter shows; and their explorables'
update path."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp

#: The no-break space hp.expected_count_text joins its parts with (the number never breaks over two lines).
NB = "\u00a0"

#: The hot-key scenario as the chapter runs it.
PEAK, BACKGROUND, BATCH = 2_000.0, 2_000.0, hp.BATCH_WRITE_MAX_ITEMS


@pytest.fixture(scope="module")
def numbers():
    return hp.detection_numbers(PEAK, BACKGROUND, BATCH)


@pytest.fixture(scope="module")
def case():
    return hp.detection_case(PEAK, BACKGROUND, BATCH)


# ---------------------------------------------------------------------------------------------
# the explorables update instead of repaint (the pixel comparison is tests/test_explorables_pixels.py's)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["detection", "heavy_hitters", "your_table_what_if"])
def test_the_explorables_update_their_artists_rather_than_draw_a_new_figure(name):
    e = hp.EXPLORABLES[name]
    assert e.update is not None
    fig = e.draw(e.data())
    artists = [id(a) for ax in fig.axes for a in (*ax.lines, *ax.patches)]
    low = {c.name: c.low for c in e.controls}
    assert e.redraw(fig, e.data(**low)) is fig
    assert [id(a) for ax in fig.axes for a in (*ax.lines, *ax.patches)] == artists


# ---------------------------------------------------------------------------------------------
# chapter 13
# ---------------------------------------------------------------------------------------------


def test_detection_numbers_closed_forms(numbers, case):
    res = case["res"]
    assert (numbers["minutes"], numbers["users"], numbers["partitions"]) == (15, 200, 8)
    assert numbers["provisioned"] == 6_000.0
    assert numbers["consumed_share"] == pytest.approx(numbers["consumed_last"] / numbers["provisioned"])
    # the date key's partition carries the date key and 1/200 of the background for each user key hashed there
    users = [k for k in res.keys[:-1]]
    on_hot = int(np.sum(hp.partition_of(users, 8) == numbers["hot_partition"]))
    assert numbers["hot_partition"] == int(hp.partition_of([numbers["hot_key"]], 8)[0])
    assert numbers["hot_background"] == pytest.approx(on_hot * BACKGROUND / 200)
    assert numbers["hot_offered"] == pytest.approx(PEAK + on_hot * BACKGROUND / 200)
    assert numbers["quiet_peak"] == pytest.approx(hp.PARTITION_MAX_WCU - numbers["hot_background"])
    # in the last minute only the date key's partition refuses: consumed is what was offered less what passed its
    # ceiling, every second (adaptive capacity lends it up to the ceiling; the table is far from its total)
    last = slice(res.seconds - 60, res.seconds)
    hot = np.linspace(0.0, PEAK, res.seconds)[last] + numbers["hot_background"]
    offered = PEAK * np.linspace(0.0, 1.0, res.seconds)[last] + BACKGROUND
    closed = float(np.mean(offered - np.maximum(hot - hp.PARTITION_MAX_WCU, 0.0)))
    assert numbers["consumed_last"] == pytest.approx(closed, rel=1e-9)


def test_detection_numbers_counts_add_up(numbers, case):
    # no table-level shortage: every event is a key-range event; one item per request counts every refused item
    assert numbers["provisioned_events"] == 0
    assert numbers["key_range_total"] == pytest.approx(numbers["events_total"])
    assert numbers["throttled_requests_single"] == pytest.approx(numbers["events_total"])
    assert numbers["throttled_requests_total"] == round(numbers["throttled_requests_total"])  # a drawn count
    # the expected batched count from its formula, second by second over the whole table: sum N/B q^B
    res = case["res"]
    n, refused = res.offered.sum(axis=1), res.throttled.sum(axis=1)
    q = np.divide(refused, n, out=np.zeros_like(n), where=n > 0)
    assert numbers["throttled_requests_expected"] == pytest.approx(float(np.sum(n / BATCH * q**BATCH)), rel=1e-9)
    assert numbers["batches"] == pytest.approx(res.offered.sum() / BATCH)
    # batches of the date key alone meet its partition's higher refusal share, so they are throttled more often
    assert numbers["hot_batches_expected"] > numbers["throttled_requests_expected"]
    assert 0 < numbers["q_hot_max"] < 1


def test_detection_first_minute_lies_between_the_share_and_the_ceiling(numbers, case):
    # key-range events cannot start before the hot partition passes its even share of the table (750 WCU/s), and
    # must by the minute it passes the ceiling; the throttled seconds say which minute it was
    res = case["res"]
    slope = PEAK / (res.seconds - 1)
    share_s = (6_000 / 8 - numbers["hot_background"]) / slope
    ceiling_s = (hp.PARTITION_MAX_WCU - numbers["hot_background"]) / slope
    assert math.floor(share_s / 60) + 1 <= numbers["first_minute"] <= math.floor(ceiling_s / 60) + 1
    first_second = int(np.flatnonzero(res.throttled.sum(axis=1) > 0)[0])
    assert numbers["first_minute"] == first_second // 60 + 1


def test_detection_just_above_the_quiet_peak_throttles(numbers):
    assert numbers["quiet_events"] == 0
    louder = hp.detection_numbers(numbers["quiet_peak"] + 50, BACKGROUND, BATCH)
    assert louder["events_total"] > 0


def test_detection_numbers_validates_by_name():
    with pytest.raises(ValueError, match="hot_peak"):
        hp.detection_numbers(-1.0)
    with pytest.raises(ValueError, match="batch_size"):
        hp.detection_numbers(batch_size=26)
    with pytest.raises(ValueError, match="seed"):
        hp.detection_numbers(seed=-1)


def test_the_explorable_reads_the_scenario_as_the_chapter_does(numbers):
    data = hp.EXPLORABLES["detection"].data(hot_peak=PEAK, batch_size=BATCH, background=BACKGROUND)
    for key in ("first_minute", "consumed_share", "key_range_total", "events_total", "throttled_requests_total"):
        assert data[key] == pytest.approx(numbers[key]), key


def test_insights_numbers_against_the_per_key_demand(case, numbers):
    ci = hp.insights_numbers(PEAK, BACKGROUND, BATCH)
    res = case["res"]
    offered, refused = res.key_offered[-1], res.key_throttled[-1]
    assert ci["minute"] == res.key_offered.shape[0] == 15
    assert ci["key"] == ci["hot_key"] == numbers["hot_key"]
    assert ci["hot_units"] == pytest.approx(offered[-1])
    assert ci["accessed_share"] == pytest.approx(offered[-1] / offered.sum())
    assert ci["throttled_share"] == pytest.approx(refused[-1] / refused.sum())
    assert ci["second_units"] == pytest.approx(BACKGROUND / 200 * 60)  # every user key writes the same
    # the throttled-keys mode is silent exactly until the first key-range event, and lists no accessed keys
    assert ci["first_listed"] == numbers["first_minute"] == ci["quiet_minutes"] + 1
    assert all(t.accessed == () for t in hp.top_keys(res, 5, mode="THROTTLED_KEYS"))


def test_insights_numbers_refuses_a_list_of_one():
    with pytest.raises(ValueError, match="k"):
        hp.insights_numbers(k=1)


def test_index_insights_numbers_closed_forms():
    """Chapter 12's GSI case: 2,000 orders at 1.2 WCU/s each, OPEN_SHARE of them OPEN, on an index of partitions
    whose ceiling is PARTITION_MAX_WCU. The index's most-accessed report names OPEN; the table's most-throttled
    report lists nothing, since AWS does not measure write throttling an index's capacity causes."""
    g = hp.index_insights_numbers(hp.scenario("GSI-only throttling").result, "by-status", k=3)
    open_rate = hp.GSI_OPEN_SHARE * 2_000 * 1.2  # WCU/s the OPEN orders write, so the index's OPEN value takes
    assert g["index_key"] == "OPEN" and g["index_share"] == pytest.approx(hp.GSI_OPEN_SHARE)
    assert g["index_rate"] == pytest.approx(open_rate) and g["index_units"] == pytest.approx(60 * open_rate)
    assert g["index_rate"] > g["partition_max"] == hp.PARTITION_MAX_WCU  # the imbalance AWS says to look for
    # the table's report: nothing throttled, every order accessed alike
    assert g["table_listed"] == 0 and g["table_top_share"] == pytest.approx(1 / g["table_keys"])
    # what it leaves out: everything OPEN offers above one index partition's ceiling, from every OPEN order
    assert g["backpressure_units"] == pytest.approx(60 * (open_rate - hp.PARTITION_MAX_WCU))
    assert g["table_keys_refused"] == round(hp.GSI_OPEN_SHARE * g["table_keys"]) == 1_200
    with pytest.raises(ValueError, match="index"):
        hp.index_insights_numbers(hp.scenario("GSI-only throttling").result, "by-date")
    with pytest.raises(ValueError, match="result"):
        hp.index_insights_numbers(hp.scenario("under-provisioned table").result)


def test_index_insights_numbers_without_backpressure():
    """The sparse index (half the writes carry the key): OPEN still tops the index's most-accessed report, under a
    partition's ceiling, and no table key loses a write."""
    g = hp.index_insights_numbers(hp.scenario("GSI-only throttling", gsi_fraction=0.5).result, "by-status", k=1)
    assert g["index_key"] == "OPEN" and g["index_rate"] == pytest.approx(0.5 * hp.GSI_OPEN_SHARE * 2_000 * 1.2)
    assert g["index_rate"] < g["partition_max"]
    assert g["backpressure_units"] == 0.0 and g["table_keys_refused"] == 0 and g["table_listed"] == 0


def test_index_insights_numbers_consumed_is_what_aws_graph_plots():
    """Chapter 12's GSI case as AWS's most-accessed graph shows it: units consumed, so OPEN is held at one index
    partition's ceiling, AWS's 'per-item maximum' of 180,000 ConsumedThroughputUnits a minute, while the model offered
    it GSI_OPEN_SHARE x 2,400 WCU/s (turn-10 review, B1)."""
    g = hp.index_insights_numbers(hp.scenario("GSI-only throttling").result, "by-status", k=3)
    ceiling = hp.PARTITION_MAX_WCU
    open_rate = hp.GSI_OPEN_SHARE * 2_000 * 1.2  # 1,440 WCU/s offered
    shipped, closed = 0.75 * (2_400 - open_rate), 0.25 * (2_400 - open_rate)  # under the ceiling: all consumed
    assert g["consumed_key"] == g["index_key"] == "OPEN" and g["consumed_at_ceiling"]
    assert g["consumed_rate"] == pytest.approx(ceiling) and g["consumed_units"] == pytest.approx(60 * ceiling)
    assert g["consumed_share"] == pytest.approx(ceiling / (ceiling + shipped + closed))  # 1,000 / 1,960 = 51%
    assert f"{g['consumed_share']:.0%}" == "51%" and f"{g['index_share']:.0%}" == "60%"
    assert g["ceiling_ctu"] == 3 * 60 * ceiling == 180_000  # AWS's example: 1,000 write units x 60 s, weighted 3
    assert g["consumed_ctu"] == pytest.approx(g["ceiling_ctu"])
    assert g["index_key_range_events"] == pytest.approx(60 * (open_rate - ceiling))  # 26,400 in the minute


def _one_value_index(orders: int, seconds: int = 120) -> hp.IndexedResult:
    """``orders`` orders at 1 WCU/s each, all with the status OPEN: the index's one key is offered ``orders`` WCU/s
    on a partition of its own (4 partitions, 4,000 WCU/s: a share of 1,000 each, the ceiling)."""
    keys = [f"ORDER#{i:05d}" for i in range(orders)]
    gsi = hp.GlobalSecondaryIndex("by-status", tuple(["OPEN"] * orders), partitions=4, wcu=4_000)
    return hp.simulate_with_indexes(hp.Table(4, wcu=4_000), [1.0] * orders, seconds, keys, [gsi])


@pytest.mark.parametrize(
    ("orders", "at_ceiling", "events"),
    [(999, False, 0.0), (1_000, True, 0.0), (1_001, True, 60.0)],
    ids=["below", "at", "above"],
)
def test_index_insights_numbers_at_the_ceiling_boundary(orders, at_ceiling, events):
    """A key offered just under, exactly at and just over a partition's ceiling: it consumes what it is offered up to
    the ceiling and never more; only above it do the index's key-range events fire, which is why the chapter pairs
    'at the ceiling' with those events."""
    g = hp.index_insights_numbers(_one_value_index(orders), "by-status", k=1)
    assert g["index_rate"] == pytest.approx(orders)
    assert g["consumed_rate"] == pytest.approx(min(orders, hp.PARTITION_MAX_WCU))
    assert g["consumed_at_ceiling"] is at_ceiling
    assert g["consumed_ctu"] == pytest.approx(3 * 60 * min(orders, hp.PARTITION_MAX_WCU))
    assert g["consumed_ctu"] <= g["ceiling_ctu"] * (1 + 1e-12)  # never above AWS's per-item maximum
    assert g["index_key_range_events"] == pytest.approx(events) and g["consumed_share"] == 1.0


def test_index_insights_numbers_of_an_idle_index():
    """No write carries the index's key: nothing offered, nothing consumed, no key named."""
    keys = [f"ORDER#{i:05d}" for i in range(100)]
    gsi = hp.GlobalSecondaryIndex("by-status", tuple(["OPEN"] * 100), partitions=1, wcu=1_000, fraction=0.0)
    g = hp.index_insights_numbers(hp.simulate_with_indexes(hp.Table(1, wcu=1_000), [1.0] * 100, 60, keys, [gsi]))
    assert g["index_key"] is None and g["consumed_key"] is None
    assert g["consumed_units"] == g["consumed_rate"] == g["consumed_share"] == g["consumed_ctu"] == 0.0
    assert not g["consumed_at_ceiling"] and g["index_key_range_events"] == 0.0


@settings(max_examples=20, deadline=None)
@given(q=st.floats(0.0, 1.0))
def test_a_pair_is_refused_with_probability_q_squared(q):
    assert hp.throttle_metric_claims(q)["pair_refused"] == pytest.approx(q * q, abs=1e-15)


def test_throttle_metric_claims_against_the_scenarios():
    c = hp.throttle_metric_claims(0.5)
    under = hp.scenario("under-provisioned table").result
    assert c["under_provisioned_events"] == pytest.approx(under.throttled.sum())
    assert c["under_key_range_events"] == 0
    # single PutItem calls: each throttled index write is one throttled request, and the draw changes nothing
    assert c["gsi_table_events"] == 0
    assert c["gsi_throttled_requests"] == pytest.approx(c["gsi_index_events"])
    drawn = hp.cloudwatch(hp.scenario("GSI-only throttling").result, seed=0)
    assert drawn["ThrottledRequests"].sum() == pytest.approx(c["gsi_throttled_requests"])
    with pytest.raises(ValueError, match="q"):
        hp.throttle_metric_claims(1.5)


def test_throttle_metric_claims_with_a_full_burst_bank():
    """The under-provisioned table, idle for 300 s before the run (turn-10 review, P4): each partition banks
    BURST_WINDOW_S seconds of its share and spends it on its shortfall; a partition fires provisioned-throughput
    events only once its bank is gone, so the run shows (shortfall x run - bank) per partition, when positive."""
    c = hp.throttle_metric_claims()
    res = hp.scenario("under-provisioned table").result
    share = res.table.wcu / res.table.partitions
    assert c["under_bank_s"] == hp.BURST_WINDOW_S == 300
    assert c["under_bank_units"] == hp.BURST_WINDOW_S * share == 150_000
    shortfall = res.offered[0] - share  # units a second above each partition's share (the load is steady)
    assert np.all(res.offered == res.offered[0]) and np.all(shortfall > 0)
    expected = np.maximum(0.0, shortfall * res.seconds - c["under_bank_units"]).sum()
    assert c["under_banked_events"] == pytest.approx(expected) == 36_000
    first_second = (c["under_bank_units"] / shortfall).min()  # the first bank to run dry
    assert c["under_banked_first_minute"] == math.floor(first_second / 60) + 1 == 9
    # an empty bank (the scenario as run): every second's shortfall is refused, from the first minute
    assert c["under_provisioned_events"] == pytest.approx(shortfall.sum() * res.seconds) == 600_000


def test_last_minute_metrics_exercise_one_closed_form():
    e = hp.last_minute_metrics([1_500, 100, 100, 100], 4_000, seconds=120, batch_size=25, seed=0)
    assert e["consumed"] == 1_000 + 3 * 100  # the hot partition is held to its ceiling
    assert e["key_range"] == e["throttled_requests"] == 60 * 500
    assert e["provisioned_events"] == 0
    n, q = 1_800.0, 500 / 1_800
    assert e["throttled_requests_batched_expected"] == pytest.approx(60 * n / 25 * q**25, rel=1e-9)
    assert e["throttled_requests_batched"] == 0


@settings(max_examples=15, deadline=None)
@given(loads=st.lists(st.floats(0, 1_000), min_size=1, max_size=8))
def test_last_minute_metrics_under_every_limit_refuses_nothing(loads):
    e = hp.last_minute_metrics(loads, wcu=1_000 * len(loads))
    assert e["consumed"] == pytest.approx(sum(loads))
    assert e["key_range"] == e["provisioned_events"] == e["throttled_requests"] == 0


def test_last_minute_metrics_validates_by_name():
    with pytest.raises(ValueError, match="loads"):
        hp.last_minute_metrics([[1.0, 2.0]], 100)
    with pytest.raises(ValueError, match="seconds"):
        hp.last_minute_metrics([1.0], 100, seconds=59)


@settings(max_examples=50, deadline=None)
@given(x=st.floats(1e-300, 1e300))
def test_expected_count_text_reads_back_to_one_significant_figure(x):
    text = hp.expected_count_text(x)
    mantissa, power = text.split(f"{NB}×{NB}10")
    exponent = int(power.translate(str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")))
    assert 1 <= int(mantissa) <= 9
    assert abs(int(mantissa) * 10.0**exponent - x) <= 0.5 * 10.0**exponent * (1 + 1e-9)


def test_expected_count_text_matches_the_chapter_and_validates():
    assert hp.expected_count_text(2.5086806643490333e-10) == f"3{NB}×{NB}10⁻¹⁰"
    with pytest.raises(ValueError, match="x"):
        hp.expected_count_text(float("nan"))
    for bad in (0, 18, 1.5):
        with pytest.raises(ValueError, match="digits"):
            hp.expected_count_text(1.0, digits=bad)


@settings(max_examples=50, deadline=None)
@given(x=st.floats(1e-300, 1e300), digits=st.integers(1, 6))
def test_expected_count_text_keeps_digits_significant_figures(x, digits):
    mantissa, power = hp.expected_count_text(x, digits=digits).split(f"{NB}×{NB}10")
    exponent = int(power.translate(str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")))
    assert len(mantissa.replace(".", "")) == digits and 1 <= float(mantissa) < 10
    step = 10.0 ** (exponent - digits + 1)
    assert abs(float(mantissa) * 10.0**exponent - x) <= 0.5 * step * (1 + 1e-9)


def test_expected_count_text_writes_chapter_7s_break_even():
    agg = hp.StreamsAggregation(8_000, 1.0, 1_000, 10)
    assert hp.expected_count_text(hp.aggregation_breakeven(agg, 10), digits=2) == f"2.8{NB}×{NB}10⁻⁴"


def test_heavy_hitter_minute_against_exact_counts(case):
    h = hp.heavy_hitter_minute(k=50, n=5)
    minute = case["res"].key_offered[-1]
    assert h["keys"] == minute.size == 201
    assert h["total"] == pytest.approx(minute.sum())
    assert h["bound"] == pytest.approx(minute.sum() / 50)
    assert h["key"] == case["res"].keys[int(np.argmax(minute))]
    assert 0 <= h["max_error"] <= h["bound"] and h["recall"] == 1.0


@pytest.mark.parametrize(("k", "error"), [(50, 2_400.0), (199, 600.0), (200, 600.0), (201, 0.0)])
def test_heavy_hitter_minute_top_one_error_and_the_tie_below_it(k, error):
    """The minute's stream is the 200 user keys at 600 units each, then the date key (turn-10 review, P2): the users
    fill the k counters floor(200 / k) deep, so the date key inherits 600 x floor(200 / k) with the smallest one,
    and nothing once a counter is free (k = 201). Below the first place all 200 keys tie."""
    h = hp.heavy_hitter_minute(k=k, n=1)
    users = 200
    per_user = BACKGROUND / users * 60  # units each user key is offered in the minute
    assert h["key"] == "EVENTS#2026-11-30" and h["recall"] == 1.0
    assert h["max_error"] == pytest.approx(per_user * (users // k)) == error
    assert h["runner_up_units"] == pytest.approx(per_user) and h["runner_up_keys"] == users


def test_heavy_hitter_minute_without_user_keys_has_no_runner_up():
    h = hp.heavy_hitter_minute(k=50, n=1, background=0.0)
    assert h["runner_up_units"] == 0.0 and h["runner_up_keys"] == 0 and h["max_error"] == 0.0


@settings(max_examples=10, deadline=None)
@given(k=st.integers(1, 300))
def test_heavy_hitter_minute_error_is_within_n_over_k(k):
    h = hp.heavy_hitter_minute(k=k, n=5)
    assert h["max_error"] <= h["total"] / k * (1 + 1e-12)


# ---------------------------------------------------------------------------------------------
# chapter 16
# ---------------------------------------------------------------------------------------------


def test_metric_statistic_rows_average_only_the_provisioned_levels():
    rows = hp.metric_statistic_rows()
    assert [name for name, _ in rows] == list(hp.metric_names())
    assert {name for name, stat in rows if stat == "Average"} == {
        "ProvisionedReadCapacityUnits",
        "ProvisionedWriteCapacityUnits",
    }
    assert {stat for _, stat in rows} == {"Average", "Sum"}


def test_sample_diagnosis_against_the_simulation_that_wrote_the_files():
    s = hp.sample_diagnosis()
    res, metrics = hp.sample_simulation()
    assert s["round_trip"] == "identical" and s["symptom"] == s["simulation_symptom"]
    assert s["minutes"] == metrics.minutes
    # peak consumed per second, from the simulation's served units directly
    served = res.served.sum(axis=1).reshape(metrics.minutes, 60).mean(axis=1)
    assert s["peak_use"] == pytest.approx(served.max() / hp.SAMPLE_TABLE["wcu"])
    assert s["key_range_events"] == pytest.approx(res.throttled.sum())
    assert s["provisioned_events"] == 0
    assert s["symptom_throttled_only"] == s["symptom"] and s["confidence_without_reports"] == "low"
    assert 0 < s["top_throttled_share"] <= 1


def test_sample_log_numbers_recover_the_simulation():
    n = hp.sample_log_numbers(rare_below=10)
    res, _ = hp.sample_simulation()
    # the sampled log estimates the hottest key's rate within a few percent (about 4,000 logged requests)
    assert n["hot_rate"] == pytest.approx(n["hot_rate_simulated"], rel=0.05)
    assert n["hot_rate_simulated"] == pytest.approx(hp.SAMPLE_TABLE["offered"] * res.key_offered[:, 0].sum() / res.offered.sum())
    assert (n["suffixes_needed"] - 1) * hp.PARTITION_MAX_WCU < n["hot_rate"] <= n["suffixes_needed"] * hp.PARTITION_MAX_WCU
    assert n["unseen"] == hp.SAMPLE_TABLE["keys"] - n["keys"]
    assert n["even_partition"] * 8 == pytest.approx(hp.sample_profile().total.max())
    assert (n["ci_low"] <= n["true_exponent"] <= n["ci_high"]) == (n["true_exponent_position"] == "inside")


def test_the_sample_fit_errs_like_the_sparse_monte_carlo():
    """The chapter's claim: the sample's own error has the sign and size of the sparse regime's bias."""
    n = hp.sample_log_numbers()
    sparse = hp.zipf_coverage(int(hp.SAMPLE_TABLE["keys"]), hp.SAMPLE_TABLE["zipf"], n["rows"], seeds=50)
    assert abs((n["exponent"] - n["true_exponent"]) - sparse["bias"]) < 4 * sparse["half_width"]


def test_sample_log_numbers_validates_by_name():
    with pytest.raises(ValueError, match="rare_below"):
        hp.sample_log_numbers(0)


@pytest.mark.parametrize(("shards", "factor"), [(10, 2.0), (2, 1.0), (4, 1.0)])
def test_what_if_numbers_against_the_model(shards, factor):
    w = hp.what_if_numbers(shards, factor)
    model = hp.what_if(hp.sample_profile(), hp.sample_table(), shards=shards, capacity_factor=factor)
    assert [w[k] for k in ("asis", "shard", "more", "od", "split")] == pytest.approx(list(model.refused))
    for k in ("asis", "shard", "more", "od", "split"):
        assert w[f"{k}_share"] == pytest.approx(w[k] / model.offered)
    assert w["read_cost"] == pytest.approx(model.read_cost[1])
    assert w["sharded"].split(", ") == list(model.sharded_keys) and w["n_sharded"] == len(model.sharded_keys)
    # on-demand replays the table's own partitions: the hottest key, above one partition's ceiling, is refused as is
    assert w["od"] == pytest.approx(w["asis"]) and w["shard"] < w["asis"]
    if factor == 1.0:  # no more capacity: the same partitions, the same refusals
        assert w["more"] == pytest.approx(w["asis"])
    else:  # more capacity adds partitions (chapter 1's count): fewer refusals, never none while the key is too hot
        assert 0 < w["more"] < w["asis"]
