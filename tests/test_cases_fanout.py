"""Chapters 1 and 5-7's case functions (hotpart/figures/capacity.py, write_sharding.py, fanout.py, aggregation.py), each checked
another way: a closed form, a direct model call, a Monte Carlo run; and their explorables update in place."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

import hotpart as hp

CEIL_W, CEIL_R = hp.PARTITION_MAX_WCU, hp.PARTITION_MAX_RCU


# --- chapter 1 ------------------------------------------------------------------------------------------------


def test_source_example_case_matches_the_example_by_hand():
    ex = hp.EXAMPLE_HOT_PARTITION
    n, hot, other, table = int(ex["n_partitions"]), ex["hot_wcu"], ex["other_wcu"], ex["table_wcu"]
    c = hp.source_example_case()
    offered = hot + (n - 1) * other
    assert (c.n_partitions, c.n_other, c.hot_wcu, c.other_wcu) == (n, n - 1, hot, other)
    assert c.offered == pytest.approx(offered)
    assert c.min_refused == pytest.approx(hot - CEIL_W)  # only partition A is above its ceiling
    assert c.refused_share == pytest.approx((hot - CEIL_W) / offered)
    assert c.hot_refused_share == pytest.approx((hot - CEIL_W) / hot)
    assert c.idle_wcu == pytest.approx((n - 1) * (CEIL_W - other))
    assert c.headroom == pytest.approx(table - offered)
    assert c.even_share == pytest.approx(table / n)
    assert c.estimated_partitions == math.ceil(table / CEIL_W)


def test_partition_count_case_by_the_rule_of_thumb():
    c = hp.partition_count_case(4_000, 2_000, 45)
    by_tp = math.ceil(4_000 / CEIL_R + 2_000 / CEIL_W)
    by_size = math.ceil(45 / hp.PARTITION_MAX_STORAGE_GB)
    assert (c["by_throughput"], c["by_size"]) == (by_tp, by_size)
    assert c["partitions"] == max(by_tp, by_size)
    assert c["write_share"] == pytest.approx(2_000 / c["partitions"])


@settings(max_examples=60, deadline=None)
@given(
    rcu=st.floats(0, 1e6),
    wcu=st.floats(0, 1e6),
    size_gb=st.floats(0, 1e4),
)
def test_partition_count_is_the_larger_of_throughput_and_size(rcu, wcu, size_gb):
    c = hp.partition_count_case(rcu, wcu, size_gb)
    assert c["partitions"] == max(c["by_throughput"], c["by_size"], 1)
    assert c["write_share"] * c["partitions"] == pytest.approx(wcu)


def test_item_write_case_by_hand():
    c = hp.item_write_case(1_500, 2_500)
    units = math.ceil(2_500 / hp.WRITE_UNIT_BYTES)
    assert c["units"] == units == 3
    assert c["demand"] == 1_500 * units
    assert c["refused"] == 1_500 * units - CEIL_W
    assert c["max_rate"] == pytest.approx(CEIL_W / units)
    assert c["item_kb"] == 2.5


def test_item_read_case_by_hand():
    c = hp.item_read_case(2_000, 6_000)
    blocks = math.ceil(6_000 / hp.READ_UNIT_BYTES)
    assert c["strong"] == 2_000 * blocks
    assert c["eventual"] == 2_000 * blocks / 2
    assert (c["strong_verdict"], c["eventual_verdict"]) == ("does not fit", "fits")
    small = hp.item_read_case(100, 1_000)
    assert (small["strong_verdict"], small["eventual_verdict"]) == ("fits", "fits")


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: hp.partition_count_case(-1, 0, 0), "rcu"),
        (lambda: hp.partition_count_case(0, 0, float("nan")), "size_gb"),
        (lambda: hp.item_write_case(0, 1_000), "rate"),
        (lambda: hp.item_read_case(10, 500 * 1024), "item_bytes"),
    ],
)
def test_chapter_1_cases_refuse_bad_input_by_name(call, name):
    with pytest.raises(ValueError, match=name):
        call()


# --- chapter 5 ------------------------------------------------------------------------------------------------


def test_too_few_partitions_is_the_floor_of_rate_over_budget():
    c = hp.write_sharding_case(seconds=10)
    assert c.too_few_partitions == math.floor(c.write_rate / c.budget)
    # one partition more can carry the key within the budget, that many cannot
    assert c.too_few_partitions * c.budget <= c.write_rate < (c.too_few_partitions + 1) * c.budget


def test_large_item_shards_by_hand():
    c = hp.large_item_shards(20_000, 2_500)
    units = math.ceil(2_500 / hp.WRITE_UNIT_BYTES)
    budget = hp.SHARD_UTILIZATION * CEIL_W
    assert c["units"] == units
    assert c["even_needed"] == math.ceil(20_000 * units / budget)
    assert c["needed"] == hp.shards_needed(20_000, units_per_write=units)
    assert c["needed"] >= c["even_needed"]  # the busiest shard takes more than the even share
    # at the bound's count, the bound on the busiest shard (in write units) is within the budget
    assert units * float(hp.busiest_shard_bound(20_000, c["needed"])) <= budget + 1e-6


def test_point_read_load_by_hand():
    c = hp.point_read_load(500, 10, consistency="strong")
    assert c == {
        "random_requests": 500 * 10,
        "calculated_requests": 500,
        "random_shard_rcu": 500 * 1.0,
        "calculated_shard_rcu": 500 * 1.0 / 10,
    }
    eventual = hp.point_read_load(500, 10, consistency="eventual")
    assert eventual["random_shard_rcu"] == 250


def test_query_units_sum_item_sizes_before_rounding():
    c = hp.query_units_case(10, 8, 600)
    per_query = 0.5 * math.ceil(8 * 600 / hp.READ_UNIT_BYTES)  # eventual: half a unit per 4 KB block
    assert c["shard_bytes"] == 4_800
    assert c["shard_rcu"] == per_query
    assert c["rcu"] == 10 * per_query
    assert c["per_item_rcu"] == 10 * 8 * 0.5  # each item rounded up on its own: one block each
    assert c["per_item_rcu"] > c["rcu"]


def test_leaderboard_case_against_monte_carlo_and_harmonic_numbers():
    n, k = 10, 1_000
    c = hp.leaderboard_case(n, k, mean_ms=5.0)
    rng = np.random.default_rng(1)
    distinct = np.mean([np.unique(rng.integers(0, n, size=k)).size for _ in range(200)])
    assert c["survive"] == pytest.approx(distinct, abs=0.05)
    assert c["lost"] == pytest.approx(1 - c["survive"] / k)
    assert c["sequential_ms"] == 50.0
    few = hp.leaderboard_case(1_000, 20)
    assert few["survive"] == pytest.approx(1_000 * (1 - (1 - 1 / 1_000) ** 20))


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: hp.large_item_shards(0, 1_000), "write_rate"),
        (lambda: hp.point_read_load(10, 0), "n_shards"),
        (lambda: hp.point_read_load(10, 5, consistency="weak"), "consistency"),
        (lambda: hp.query_units_case(10, 0, 100), "items_per_shard"),
        (lambda: hp.leaderboard_case(10, 10, mean_ms=0), "mean_ms"),
    ],
)
def test_chapter_5_cases_refuse_bad_input_by_name(call, name):
    with pytest.raises(ValueError, match=name):
        call()


# --- chapter 6 ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 10, 100])
def test_fanout_latency_case_against_closed_forms(n):
    c = hp.fanout_latency_case(n)
    lognormal = stats.lognorm(s=hp.LOGNORMAL_SIGMA, scale=hp.LATENCY_MEDIAN_MS)
    assert c["lognormal_p50"] == pytest.approx(lognormal.ppf(0.5 ** (1 / n)))
    assert c["lognormal_p99"] == pytest.approx(lognormal.ppf(0.99 ** (1 / n)))
    mean = hp.LATENCY_MEDIAN_MS / math.log(2)  # an exponential with that median
    assert c["exponential_mean_max"] == pytest.approx(mean * sum(1 / i for i in range(1, n + 1)))
    assert c["simulated_p99"] == pytest.approx(c["lognormal_p99"], rel=0.1)


def test_fanout_latency_case_takes_another_exponential_mean():
    c = hp.fanout_latency_case(20, exponential_mean_ms=10.0, sim_reads=10)
    assert c["exponential_mean_max"] == pytest.approx(10.0 * hp.harmonic(20, 1))


def test_hedging_case():
    c = hp.hedging_case(n=100, hedge=0.95)
    assert c["percentile"] == pytest.approx(95.0)
    assert c["extra_load"] == pytest.approx(0.05)  # a hedge goes out when the first request passes p95
    assert c["extra_per_100"] == pytest.approx(100 * c["extra_load"])
    lognormal = hp.latency_distribution("lognormal")
    assert c["delay_ms"] == pytest.approx(lognormal.ppf(0.95))
    assert c["p99"] < hp.fanout_latency_case(100, sim_reads=10)["lognormal_p99"]  # hedging cuts the tail


def test_fanout_cost_case_against_fanout_cost():
    w, ratio = hp.EXAMPLE_HOT_PARTITION["hot_wcu"], 0.1
    c = hp.fanout_cost_case(w, ratio)
    cost = hp.fanout_cost(write_rate=w, read_write_ratio=ratio, consistency="eventual")
    at = cost.at(cost.best_n)
    assert c["best"] == cost.best_n and c["fewest"] == cost.fewest_n_refusing
    assert c["reads"] == w * ratio
    assert c["budget"] == hp.SHARD_UTILIZATION * CEIL_W
    assert c["bound"] <= c["budget"]  # the optimum keeps the busiest shard within the headroom
    assert (c["rcu"], c["requests"], c["shard_rcu"]) == (at["read_units"], at["read_requests"], at["shard_read_rcu"])
    assert c["extra_requests"] == pytest.approx(w * ratio)  # one more Query per read
    assert c["rcu_strong"] == pytest.approx(2 * c["rcu"])  # 1 KB items: a strong read costs twice an eventual one
    assert c["best_strong"] == c["best"]


def test_fanout_cost_case_refuses_a_ratio_no_n_can_carry():
    with pytest.raises(ValueError, match="read_write_ratio"):
        hp.fanout_cost_case(8_000, 50.0)


def test_fanout_refusals_against_a_poisson_tail():
    w = 8_000.0
    one = hp.fanout_refusals(w, 1)
    x = np.arange(0, 20_000)
    expected = float(((x - CEIL_W).clip(min=0) * stats.poisson.pmf(x, w)).sum())
    assert one["per_s"] == pytest.approx(expected, rel=1e-6)
    ten = hp.fanout_refusals(w, 10)
    assert ten["per_day"] == pytest.approx(86_400 * ten["per_s"])
    assert ten["bound"] == pytest.approx(float(hp.busiest_shard_bound(w, 10)))
    assert ten["per_s"] < hp.fanout_refusals(w, 9)["per_s"] < one["per_s"]


# --- chapter 7 ------------------------------------------------------------------------------------------------


def test_aggregation_case_against_the_model():
    w, ratio = 8_000.0, 0.1
    c = hp.aggregation_case(w, ratio, 1.0, 1_000, 10, more_shards=40)
    agg = hp.StreamsAggregation(w, batch_window_s=1.0, batch_size=1_000, n_stream_shards=10)
    cmp = agg.compare(w * ratio, 10)
    assert c["read_rate"] == w * ratio
    assert c["saving"] == pytest.approx(1 - cmp["aggregation_units"] / cmp["fanout_rcu"])
    assert c["more_requests_ratio"] == pytest.approx(40 / 10)  # fan-out asks every shard
    assert c["overhead_ms"] == pytest.approx(1000 * agg.batch_overhead_s)
    assert c["aggregate_kb"] == pytest.approx(agg.aggregate_bytes / 1024)
    assert c["max_aggregate_writes"] == pytest.approx(CEIL_W / math.ceil(agg.aggregate_bytes / hp.WRITE_UNIT_BYTES))
    more = hp.StreamsAggregation(w, batch_window_s=1.0, batch_size=1_000, n_stream_shards=40).compare(w * ratio, 40)
    assert c["more_fanout_rcu"] == pytest.approx(more["fanout_rcu"])
    assert c["more_fanout_rcu"] == pytest.approx(4 * cmp["fanout_rcu"])


def test_read_hot_aggregate_case_by_hand():
    c = hp.read_hot_aggregate_case(8_000, 20_000, 50, 1.0)
    assert c["hot_rcu"] == 20_000 * 0.5  # 1 KB, eventually consistent
    assert c["hot_times"] == pytest.approx(10_000 / CEIL_R)
    assert (c["cached_reads"], c["cached_rcu"]) == (50.0, 25.0)
    assert c["max_reads"] == pytest.approx(hp.SHARD_UTILIZATION * CEIL_R / 0.5)
    assert c["max_read_ratio"] == pytest.approx(c["max_reads"] / 8_000)


def test_read_hot_aggregate_copies_divide_the_reads_and_multiply_the_updates():
    """Review 7.1: a read-hot item replicated under k keys; the review's 4 copies (40 WCU/s, 2,500 RCU/s each) at
    the bare ceiling, 5 (50 WCU/s) within the course's 80% headroom."""
    bare = hp.read_hot_aggregate_case(8_000, 20_000, 50, 1.0, utilization=1.0, update_wcu=10.0)
    assert (bare["copies"], bare["copy_rcu"], bare["copies_wcu"]) == (4, 2_500.0, 40.0)
    kept = hp.read_hot_aggregate_case(8_000, 20_000, 50, 1.0, update_wcu=10.0)
    assert (kept["copies"], kept["copies_wcu"]) == (5, 50.0)
    assert kept["copy_rcu"] <= hp.SHARD_UTILIZATION * CEIL_R < 10_000 / (kept["copies"] - 1)  # the fewest that fit
    # exactly at the headroom: one copy suffices, one read more needs two
    at = hp.SHARD_UTILIZATION * CEIL_R / 0.5
    assert hp.read_hot_aggregate_case(8_000, at, 1, 1.0)["copies"] == 1
    assert hp.read_hot_aggregate_case(8_000, at + 1, 1, 1.0)["copies"] == 2
    with pytest.raises(ValueError, match="update_wcu"):
        hp.read_hot_aggregate_case(8_000, 20_000, 50, 1.0, update_wcu=-1.0)


@settings(max_examples=30, deadline=None)
@given(write_rate=st.floats(100, 20_000), batch_size=st.integers(1, 1_000))
def test_parallelization_divides_the_load_and_needed_is_the_first_that_keeps_up(write_rate, batch_size):
    try:
        c = hp.parallelization_case(write_rate, 0.0, batch_size, 1)
    except ValueError:
        return  # no factor keeps up: parallelization_needed refuses
    rho = np.array(c["utilizations"])
    assert rho.size == hp.STREAMS_MAX_PARALLELIZATION
    assert np.all(np.diff(rho) <= 1e-12)  # more concurrent batches never load each one more
    assert c["needed"] == int(np.argmax(rho <= 1)) + 1
    assert c["text"].split(", ") == [f"{r:.2f}" for r in rho]


def test_parallelization_case_of_chapter_7_divides_the_load():
    """A busy shard (8,000 writes/s, batches of 100): factor p shares its work p ways."""
    c = hp.parallelization_case(8_000, 0.0, 100, 1)
    rho = np.array(c["utilizations"])
    assert np.allclose(rho * np.arange(1, rho.size + 1), rho[0])
    assert c["needed"] == hp.parallelization_needed(8_000) == math.ceil(rho[0])


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: hp.aggregation_case(8_000, 0, 1.0, 100, 10), "read_write_ratio"),
        (lambda: hp.aggregation_case(8_000, 0.1, 1.0, 100, 10, more_shards=0), "more_shards"),
        (lambda: hp.read_hot_aggregate_case(8_000, 100, 0, 1.0), "cache_clients"),
        (lambda: hp.read_hot_aggregate_case(8_000, 100, 5, 0), "cache_ttl_s"),
        (lambda: hp.parallelization_case(8_000, batch_size=0), "batch_size"),
    ],
)
def test_chapter_7_cases_refuse_bad_input_by_name(call, name):
    with pytest.raises(ValueError, match=name):
        call()


# --- the explorables update in place (tests/test_explorables_pixels.py compares their pixels with fresh draws) ----------


@pytest.mark.parametrize("name", ["partition_ceiling", "write_sharding", "fanout_cost", "aggregation"])
def test_the_explorables_declare_update_and_reuse_their_figure(name):
    e = hp.EXPLORABLES[name]
    assert e.update is not None
    fig = e.draw(e.data())
    low = {c.name: c.low for c in e.controls}
    assert e.redraw(fig, e.data(**low)) is fig


# --- chapters 5 and 6, round 3: random layouts, many writers, the read limit's conditions ----------------------


def test_suffix_layout_spread_against_shards_needed_on_hashed_layouts():
    w = hp.EXAMPLE_HOT_PARTITION["hot_wcu"]
    s = hp.suffix_layout_spread(w, 100, n_layouts=100, seed=3)
    assert s["minimum"] == hp.shards_needed(w) and 0 < s["share_minimum"] < 1
    assert s["minimum"] <= s["median"] <= s["upper_quartile"] <= s["worst"]
    # MD5 layouts of other key names are layouts too: the share needing the minimum is of the same size
    hashed = [hp.shards_needed(w, n_partitions=100, base_key=f"K{j}") for j in range(60)]
    assert abs(np.mean(np.array(hashed) == s["minimum"]) - s["share_minimum"]) < 0.25
    with pytest.raises(ValueError, match="n_partitions"):
        hp.suffix_layout_spread(w, 5)


def test_suffix_layout_spread_gives_the_birthday_probability_the_sample_estimates():
    """Review 5.2: needing only 11 suffixes is no two of the 11 keys on one partition (2 x 727 > 800)."""
    w = hp.EXAMPLE_HOT_PARTITION["hot_wcu"]
    for p, published in ((40, 0.220), (100, 0.565), (1_000, 0.946)):
        s = hp.suffix_layout_spread(w, p, n_layouts=2_000, seed=1)
        assert s["p_minimum"] == pytest.approx(math.prod(1 - k / p for k in range(11)))
        assert round(s["p_minimum"], 3) == published
        assert abs(s["share_minimum"] - s["p_minimum"]) < 4 * math.sqrt(s["p_minimum"] * (1 - s["p_minimum"]) / 2_000)
    # one key cannot collide; two keys of a key just over the budget collide only on one partition
    assert hp.suffix_layout_spread(700, 100, n_layouts=10)["p_minimum"] == 1.0
    assert hp.suffix_layout_spread(900, 100, n_layouts=10)["p_minimum"] == pytest.approx(0.99)


def test_sequential_busiest_one_writer_is_ceil_and_many_writers_approach_random():
    w, n = 8_000.0, 10
    one = hp.sequential_busiest(w, n, 1, seconds=300, seed=4)
    assert w / n <= one <= w / n + 1.5  # at most ceil(X / N): within one write of the even split
    many = hp.sequential_busiest(w, n, 8_000, seconds=100, seed=4)
    random = hp.simulate_shard_writes(w, n, seconds=100, seed=4).max(axis=1).mean()
    assert many == pytest.approx(random, rel=0.02)  # one write per writer: no better than random
    restart = hp.sequential_busiest(w, n, 8_000, seconds=50, seed=4, restart=True)
    assert restart > 0.6 * w  # every first write on shard 0: Poisson(1) writers write at least once with 1 - 1/e
    with pytest.raises(ValueError, match="restart"):
        hp.sequential_busiest(w, n, 10, restart=1)


def test_fanout_read_limit_divides_by_shared_keys_and_hedges():
    base = hp.fanout_read_limit(8_000)
    assert hp.fanout_read_limit(8_000, keys_per_partition=2) == pytest.approx(base / 2)
    assert hp.fanout_read_limit(8_000, hedge_extra=0.05) == pytest.approx(base / 1.05)
    with pytest.raises(ValueError, match="keys_per_partition"):
        hp.fanout_read_limit(8_000, keys_per_partition=0)


def test_fanout_cost_linear_combination_shares_one_budget():
    lin = hp.fanout_cost(write_rate=8_000, read_write_ratio=0.1, combine="linear", n_max=100)
    apart = hp.fanout_cost(write_rate=8_000, read_write_ratio=0.1, n_max=100)
    share = lin.busiest_shard_wcu / CEIL_W + lin.shard_read_rcu / CEIL_R
    assert lin.best_n == int(lin.n_shards[np.argmax(share <= 0.8)]) == 14 > apart.best_n == 11
    assert (lin.writes_refused >= apart.writes_refused).all()  # the reads leave the writes less room
    with pytest.raises(ValueError, match="combine"):
        hp.fanout_cost(write_rate=8_000, combine="sum")


def test_shard_history_read_sums_the_items_before_rounding():
    c = hp.shard_history_read(8_000, 11)
    assert c["items"] == round(8_000 / 11 * 3_600)
    assert c["read_units"] == pytest.approx(math.ceil(c["items"] * 1024 / 4096) / 2)
    strong = hp.shard_history_read(8_000, 11, consistency="strong")
    assert strong["read_units"] == pytest.approx(2 * c["read_units"])


def test_fanout_figure_stops_the_refused_line_where_it_leaves_the_axis():
    """Review 6.3: refusals below the axis's floor (1.8e-20 at N = 11) are not drawn as a flat line along it."""
    from hotpart.figures.fanout import _FLOOR, plot_fanout_cost

    cost = hp.fanout_cost(write_rate=hp.EXAMPLE_HOT_PARTITION["hot_wcu"], read_write_ratio=0.1, n_max=40)
    _fig, (ax,) = hp.new_figure()
    plot_fanout_cost(ax, cost, 1e6)
    y = np.asarray(ax.lines[0].get_ydata(), dtype=float)
    below = np.flatnonzero(np.asarray(cost.writes_refused) < _FLOOR)
    assert below.size and y[below[0]] == _FLOOR  # the line reaches the axis ...
    assert np.isnan(y[below[0] + 1 :]).all()  # ... and stops there
    kept = np.flatnonzero(np.asarray(cost.writes_refused) >= _FLOOR)
    assert np.array_equal(y[kept], np.asarray(cost.writes_refused)[kept])  # the rest is drawn as computed


def test_aggregation_caption_does_not_call_an_eventually_consistent_fan_out_never_stale():
    """Review 7.2: an eventually consistent read may miss a recent write; only the batching delay is absent."""
    e = hp.EXPLORABLES["aggregation"]
    text = e.caption(e.data())
    assert "never stale" not in text and "waits for no batch (it lags only by replication)" in text
