"""Chapters 5 to 7's models: shard counts, fan-out cost, tail latency, hedging and Streams aggregation."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

import hotpart as hp
from hotpart.models import constants

# --- shard counts -----------------------------------------------------------------------------

rates = st.floats(min_value=0, max_value=200_000, allow_nan=False)
ceilings = st.floats(min_value=100, max_value=20_000, allow_nan=False)
utilizations = st.floats(min_value=0.1, max_value=1.0, allow_nan=False)  # a budget of at least 10 writes/s


@settings(max_examples=60, deadline=None)
@given(rates, rates, ceilings, utilizations)
def test_shards_needed_non_decreasing_in_write_rate(w1, w2, ceiling, u):
    lo, hi = sorted((w1, w2))
    assert hp.shards_needed(lo, ceiling, u) <= hp.shards_needed(hi, ceiling, u)


@settings(max_examples=60, deadline=None)
@given(rates, ceilings, ceilings, utilizations)
def test_shards_needed_non_increasing_in_ceiling(w, c1, c2, u):
    lo, hi = sorted((c1, c2))
    assert hp.shards_needed(w, hi, u) <= hp.shards_needed(w, lo, u)


@settings(max_examples=30, deadline=None)
@given(st.floats(min_value=0, max_value=30_000), st.integers(min_value=20, max_value=200))
def test_shards_needed_with_partitions_non_decreasing_in_write_rate(w, p):
    budget = 0.8 * hp.PARTITION_MAX_WCU
    w2 = min(w * 1.5, 0.5 * p * budget)
    w1 = min(w, w2)
    assert hp.shards_needed(w1, n_partitions=p) <= hp.shards_needed(w2, n_partitions=p)


@settings(max_examples=60, deadline=None)
@given(rates, ceilings, utilizations)
def test_shards_needed_is_the_smallest_that_fits(w, ceiling, u):
    n = hp.shards_needed(w, ceiling, u)
    assert hp.busiest_shard_bound(w, n) <= u * ceiling
    assert n == 1 or hp.busiest_shard_bound(w, n - 1) > u * ceiling
    assert n >= math.ceil(w / (u * ceiling)) or w == 0  # at least the even-split count


def test_busiest_shard_bound_is_never_looser_than_the_sub_gamma_form():
    w = 8000.0
    n = np.arange(1, 5000)
    mu = w / n
    sub_gamma = mu + np.sqrt(2 * mu * np.log(n)) + np.log(n) / 3
    assert np.all(hp.busiest_shard_bound(w, n) <= sub_gamma * (1 + 1e-12))


def test_shards_needed_refuses_a_budget_below_what_any_shard_receives():
    with pytest.raises(ValueError, match=r"^write_rate = 8.0 needs more than"):
        hp.shards_needed(8, partition_ceiling=10, utilization=0.125)


def test_shards_needed_exceeds_the_even_split_for_the_source_example():
    w = hp.EXAMPLE_HOT_PARTITION["hot_wcu"]
    even = math.ceil(w / (0.8 * hp.PARTITION_MAX_WCU))
    assert hp.shards_needed(w) > even


def test_collisions_need_more_suffixes_and_few_partitions_cannot_carry_the_key():
    w = hp.EXAMPLE_HOT_PARTITION["hot_wcu"]
    assert hp.shards_needed(w, n_partitions=100) > hp.shards_needed(w)
    with pytest.raises(ValueError, match=r"^write_rate = 8000.0 is more than n_partitions = 8"):
        hp.shards_needed(w, n_partitions=8)


def test_collision_model_uses_partition_of():
    w, p = 8000.0, 40
    n = hp.shards_needed(w, n_partitions=p)
    where = hp.partition_of([f"HOT#{i}" for i in range(n)], p)
    k_max = np.bincount(where).max()
    assert w * k_max / n <= 0.8 * hp.PARTITION_MAX_WCU  # the mean load of the fullest partition fits


@pytest.mark.parametrize(
    ("w", "n", "within"),
    [(8000, 10, 0.03), (8000, 11, 0.03), (20_000, 40, 0.03), (500, 3, 0.06), (2000, 20, 0.06), (2000, 100, 0.10)],
)
def test_busiest_shard_bound_holds_and_is_tight_against_simulation(w, n, within):
    counts = hp.simulate_shard_writes(w, n, seconds=4000, seed=7)
    simulated = counts.max(axis=1).mean()
    bound = hp.busiest_shard_bound(w, n)
    assert simulated <= bound  # an upper bound
    assert bound <= simulated * (1 + within)  # 3 % at 100s of writes per shard, looser as W/N falls
    assert simulated > w / n  # the busiest shard carries more than W/N


def test_simulated_writes_are_conserved():
    counts = hp.simulate_shard_writes(8000, 10, seconds=50, seed=3)
    totals = np.random.default_rng(3).poisson(8000, size=50)
    np.testing.assert_array_equal(counts.sum(axis=1), totals)


def test_expected_refused_matches_simulation():
    w, n, c = 8000, 9, 900
    counts = hp.simulate_shard_writes(w, n, seconds=20_000, seed=11)
    served = np.minimum(counts, c)
    refused = counts - served
    assert (served + refused).sum() == counts.sum()  # conservation
    assert refused.sum(axis=1).mean() == pytest.approx(hp.expected_refused_writes(w, n, c), rel=0.05)


@settings(max_examples=50, deadline=None)
@given(st.floats(min_value=0, max_value=50_000), st.integers(min_value=1, max_value=500), st.integers(0, 3000))
def test_expected_refused_is_between_zero_and_offered_and_at_least_the_fluid_excess(w, n, c):
    refused = hp.expected_refused_writes(w, n, c)
    assert 0 <= refused <= w + 1e-6 * max(w, 1)
    assert refused >= max(0.0, w - n * c) - 1e-6 * max(w, 1)  # Jensen: E(X-c)+ >= (EX-c)+


def test_distinct_shards_written_matches_simulation():
    rng = np.random.default_rng(1)
    n, k = 10, 25
    hits = [np.unique(rng.integers(0, n, size=k)).size for _ in range(20_000)]
    assert np.mean(hits) == pytest.approx(hp.distinct_shards_written(k, n), abs=0.02)
    assert hp.distinct_shards_written(0, n) == 0.0
    assert hp.distinct_shards_written(5, 1) == 1.0


# --- read cost --------------------------------------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(
    st.integers(min_value=1, max_value=10_000),
    st.sampled_from(["point", "aggregate"]),
    st.floats(min_value=0, max_value=400 * 1024),
    st.sampled_from(["eventual", "strong"]),
)
def test_random_suffix_read_requests_equal_n_exactly(n, read, item_bytes, consistency):
    cost = hp.read_cost(n, "random", read, item_bytes=item_bytes, consistency=consistency)
    assert cost.requests.tolist() == [float(n)]
    assert cost.read_units[0] >= n * hp.read_units(0, consistency)  # each request at least the minimum unit


def test_calculated_suffix_point_read_is_one_request_and_aggregate_is_n():
    n = np.arange(1, 50)
    np.testing.assert_array_equal(hp.read_cost(n, "calculated", "point").requests, np.ones(49))
    np.testing.assert_array_equal(hp.read_cost(n, "calculated", "aggregate").requests, n)


def test_a_query_sums_its_items_then_rounds_up_once():
    # AWS: a Query's returned items are summed and the total rounded up to the next 4 KB (SOURCES
    # ["QUERY_SUMS_ITEM_SIZES"]). Four 1,000-byte items are one 4 KB block, not four. The old code priced
    # k × read_units(b) per shard: 40 units here instead of 10.
    c = hp.read_cost(10, "random", "aggregate", item_bytes=1000, items_per_shard=4, consistency="strong")
    assert c.read_units[0] == 10 * hp.read_units(4 * 1000, "strong") == 10.0
    # AWS's own example: 10 items totalling 40.8 KB round to 44 KB, 11 units strongly consistent
    assert (
        hp.read_cost(1, "random", "aggregate", item_bytes=40.8 * 1024 / 10, items_per_shard=10, consistency="strong").read_units[
            0
        ]
        == 11.0
    )
    c = hp.read_cost(10, "random", "aggregate", item_bytes=4097, items_per_shard=3, consistency="eventual")
    assert c.read_units[0] == 10 * hp.read_units(3 * 4097, "eventual") == 20.0
    point = hp.read_cost(10, "random", "point", item_bytes=9000, consistency="strong")
    assert point.read_units[0] == hp.read_units(9000) + 9 * hp.read_units(0)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=1, max_value=200),
    st.integers(min_value=1, max_value=100),
    st.floats(min_value=0, max_value=400 * 1024),
    st.sampled_from(["eventual", "strong", "transactional"]),
)
def test_query_units_never_exceed_per_item_rounding_and_never_undercount_bytes(n, k, b, consistency):
    units = hp.read_cost(n, "calculated", "aggregate", item_bytes=b, items_per_shard=k, consistency=consistency).read_units[0]
    factor = hp.read_units(0, consistency)  # units per 4 KB block
    assert units <= n * k * hp.read_units(b, consistency) + 1e-9  # summing never costs more than rounding each item
    assert units >= n * factor * max(1.0, k * b / hp.READ_UNIT_BYTES) - 1e-9  # every byte is paid for


def test_the_source_leaderboard_read_is_eventually_consistent():
    # 001's read_user_scores calls get_item without ConsistentRead: eventually consistent, DynamoDB's default,
    # so ten GetItems of items up to 4 KB cost 5 units (and 10 with ConsistentRead=True); empty keys cost as much.
    n = hp.EXAMPLE_SHARD_COUNT
    loop = hp.read_cost(n, "random", "aggregate", request="get_item")
    assert loop.read_units[0] == n * 0.5 and loop.requests[0] == n
    strong = hp.read_cost(n, "random", "aggregate", request="get_item", consistency="strong")
    assert strong.read_units[0] == n
    empty = hp.read_cost(n, "random", "point", item_bytes=1000, request="get_item")
    assert empty.read_units[0] == n * hp.read_units(0, "eventual")  # nine empty keys at the minimum, one item
    with pytest.raises(ValueError, match=r"^items_per_shard = 3 is not allowed with request = 'get_item'"):
        hp.read_cost(n, items_per_shard=3, request="get_item")


def test_batch_get_item_cuts_round_trips_not_read_units():
    for n, item_bytes in ((10, 1024), (250, 1024), (120, 300 * 1024)):
        loop = hp.read_cost(n, "random", "aggregate", item_bytes=item_bytes, request="get_item")
        batch = hp.read_cost(n, "random", "aggregate", item_bytes=item_bytes, request="batch_get_item")
        assert batch.read_units[0] == loop.read_units[0]  # each item priced as its own GetItem
        per_call = min(constants.BATCH_GET_MAX_ITEMS, constants.BATCH_GET_MAX_BYTES // item_bytes)
        assert batch.requests[0] == math.ceil(n / per_call) < loop.requests[0]
    assert hp.read_cost(10, "calculated", "point", request="batch_get_item").requests[0] == 1


def test_fanout_cost_optimum_is_the_smallest_feasible_n():
    cost = hp.fanout_cost(write_rate=8000, read_write_ratio=0.1, n_max=200)
    assert cost.best_n == hp.shards_needed(8000)
    assert cost.feasible[cost.best_n - 1] and not cost.feasible[: cost.best_n - 1].any()
    np.testing.assert_array_equal(cost.read_requests, 800 * np.arange(1, 201))
    assert np.all(np.diff(cost.writes_refused) <= 1e-9)  # more shards never refuse more
    assert cost.writes_refused[0] == pytest.approx(7000)


def test_fanout_cost_has_no_optimum_when_every_shard_sees_too_many_reads():
    cost = hp.fanout_cost(write_rate=8000, read_write_ratio=0.5, consistency="strong", n_max=300)
    assert cost.best_n is None
    assert cost.shard_read_rcu[-1] == 4000  # every aggregate read lands on every shard
    calc = hp.fanout_cost(write_rate=8000, read_write_ratio=0.5, strategy="calculated", read="point", consistency="strong")
    assert calc.best_n == hp.shards_needed(8000)
    eventual = hp.fanout_cost(write_rate=8000, read_write_ratio=0.5, n_max=300)  # half the units: 2,000 RCU/s a shard
    assert eventual.shard_read_rcu[-1] == 2000 and eventual.best_n == hp.shards_needed(8000)


def test_fanout_cost_names_both_criteria_for_no_throttling():
    # Headroom: the bound on the busiest shard within 80% of the ceiling gives 11. Refusals: the expected refused
    # writes at 10 suffixes are about 2e-10 WCU/s, under one write a day, so that criterion gives 10.
    cost = hp.fanout_cost(write_rate=8000, read_write_ratio=0.1, n_max=50)
    assert cost.best_n == hp.shards_needed(8000) == 11
    tol = cost.params.refusal_tolerance_wcu
    assert tol == pytest.approx(1 / 86_400)
    assert cost.fewest_n_refusing == 10
    assert cost.writes_refused[9] <= tol < cost.writes_refused[8]
    assert hp.busiest_shard_bound(8000, 10) > hp.FanoutParams(8000).utilization * hp.PARTITION_MAX_WCU


def test_expected_refused_keeps_its_accuracy_in_the_tail():
    # The old closed form mu - c + c F(c-1) - mu F(c-2) cancelled to 0 at 11 shards; direct summation gives 1.8e-20.
    w, c = 8000, 1000
    for n in (2, 9, 10, 11, 12):
        mu = w / n
        x = np.arange(c + 1, c + 4000)
        direct = n * float(((x - c) * stats.poisson.pmf(x, mu)).sum())
        assert hp.expected_refused_writes(w, n, c) == pytest.approx(direct, rel=1e-6, abs=0)


def test_fanout_params_validate_by_name():
    with pytest.raises(ValueError, match=r"^read_write_ratio = -1 is out of range"):
        hp.FanoutParams(8000, read_write_ratio=-1)
    with pytest.raises(ValueError, match=r"^strategy = 'hash' is not allowed"):
        hp.FanoutParams(8000, strategy="hash")
    with pytest.raises(ValueError, match=r"^n_shards = 0"):
        hp.read_cost(0)


# --- tail latency -----------------------------------------------------------------------------


def test_tail_at_scale_example():
    ex = hp.TAIL_AT_SCALE_EXAMPLE
    value = hp.prob_any_slow(ex["p_slow"], int(ex["fanout"]))
    assert round(value, 2) == ex["published_fraction_slow"]


@settings(max_examples=100, deadline=None)
@given(st.floats(min_value=0, max_value=1), st.integers(min_value=1, max_value=10_000))
def test_prob_any_slow_equals_closed_form(p, n):
    assert hp.prob_any_slow(p, n) == pytest.approx(1 - (1 - p) ** n, abs=1e-12)


def test_prob_any_slow_matches_simulation():
    rng = np.random.default_rng(2013)
    p, n, reads = 0.01, 100, 40_000
    slow = (rng.random((reads, n)) < p).any(axis=1).mean()
    se = math.sqrt(0.634 * 0.366 / reads)
    assert slow == pytest.approx(hp.prob_any_slow(p, n), abs=4 * se)


@pytest.mark.parametrize("dist", [stats.expon(scale=10), stats.lognorm(s=1.0, scale=5.0)], ids=["expon", "lognorm"])
@pytest.mark.parametrize("n", [1, 10, 100])
def test_fanout_quantile_matches_simulation(dist, n):
    sample = hp.simulate_fanout_latency(dist, n, size=20_000, seed=n)
    for q in (0.5, 0.9, 0.99):
        # tolerance: 4 standard errors of an empirical quantile, sqrt(q(1-q)/m) / f_max(x_q), in probability
        empirical_cdf = (sample <= hp.fanout_quantile(q, n, dist)).mean()
        assert empirical_cdf == pytest.approx(q, abs=4 * math.sqrt(q * (1 - q) / sample.size))


def test_fanout_quantile_is_the_published_formula():
    d = stats.lognorm(s=0.7, scale=3)
    n = np.array([1, 7, 1000])
    np.testing.assert_allclose(hp.fanout_quantile(0.99, n, d), d.ppf(0.99 ** (1 / n)))


@pytest.mark.parametrize("n", [1, 2, 10, 100, 1000])
def test_expected_max_exponential_is_harmonic_over_rate(n):
    rate = 0.2
    assert hp.expected_max_exponential(n, rate) == pytest.approx(sum(1 / k for k in range(1, n + 1)) / rate, rel=1e-12)


def test_expected_max_exponential_matches_simulation():
    rate, n = 0.1, 100
    sample = hp.simulate_fanout_latency(stats.expon(scale=1 / rate), n, size=20_000, seed=5)
    se = sample.std() / math.sqrt(sample.size)
    assert sample.mean() == pytest.approx(hp.expected_max_exponential(n, rate), abs=4 * se)


@settings(max_examples=60, deadline=None)
@given(
    st.floats(min_value=0.01, max_value=0.999),
    st.floats(min_value=0.5, max_value=0.999),
    st.integers(min_value=1, max_value=1000),
    st.sampled_from(["expon", "lognorm", "pareto"]),
)
def test_hedged_latency_never_worse_than_unhedged(q, hedge, n, name):
    dist = {"expon": stats.expon(scale=10), "lognorm": stats.lognorm(s=1.2, scale=5), "pareto": stats.pareto(b=2.5)}[name]
    hedged = hp.HedgedLatency(dist, hedge)
    assert hp.fanout_quantile(q, n, hedged) <= hp.fanout_quantile(q, n, dist) * (1 + 1e-9)


def test_hedged_latency_matches_simulation_and_extra_load():
    dist = stats.lognorm(s=1.0, scale=5.0)
    hedged = hp.HedgedLatency(dist, 0.95)
    sample = hedged.rvs(size=100_000, random_state=9)
    for q in (0.5, 0.95, 0.99, 0.999):
        assert (sample <= hedged.ppf(q)).mean() == pytest.approx(q, abs=4 * math.sqrt(q * (1 - q) / sample.size))
    first = dist.rvs(size=100_000, random_state=np.random.default_rng(9))
    assert (first > hedged.delay).mean() == pytest.approx(hedged.extra_load, abs=0.003)
    assert hedged.ppf(0.5) == pytest.approx(dist.ppf(0.5))  # below the hedge, nothing changes
    # extra requests of a fan-out read: simulate 100 shards per read and count second copies
    rng = np.random.default_rng(10)
    firsts = dist.rvs(size=(2_000, 100), random_state=rng)
    copies = (firsts > hedged.delay).sum(axis=1)
    assert copies.mean() == pytest.approx(hedged.extra_requests(100), rel=0.03)


def test_tail_inputs_validate_by_name():
    with pytest.raises(ValueError, match=r"^p\[0\] = 1.5|^p = 1.5"):
        hp.prob_any_slow(1.5, 10)
    with pytest.raises(ValueError, match=r"^q = 1.0 is out of range"):
        hp.fanout_quantile(1.0, 10, stats.expon())
    with pytest.raises(ValueError, match=r"^hedge_quantile = 1 is out of range"):
        hp.HedgedLatency(stats.expon(), 1)


# --- Streams aggregation ----------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    st.floats(min_value=1, max_value=50_000),
    st.floats(min_value=0, max_value=300),
    st.integers(min_value=1, max_value=10_000),
    st.integers(min_value=1, max_value=200),
)
def test_aggregation_staleness_grows_with_the_window_and_updates_fall(w, window, size, shards):
    a = hp.StreamsAggregation(w, window, size, n_stream_shards=shards)
    b = hp.StreamsAggregation(w, min(window * 2 + 1, 300), size, n_stream_shards=shards)
    if a.utilization <= 1 and b.utilization <= 1:
        assert b.mean_staleness_s() >= a.mean_staleness_s() - 1e-12
        assert b.aggregate_wcu <= a.aggregate_wcu + 1e-9
    assert a.mean_staleness_s() <= a.max_staleness_s()
    assert a.mean_staleness_s(after_s=60) >= a.mean_staleness_s()


def test_aggregation_conserves_records_when_it_keeps_up():
    a = hp.StreamsAggregation(8000, batch_window_s=2, batch_size=10_000, n_stream_shards=10)
    assert a.utilization < 1
    assert a.batches_per_s * a.batch_records == pytest.approx(8000)  # every record is aggregated once


def test_aggregation_simulated_staleness_matches_mean():
    # A seeded discrete-event run of one stream shard: Poisson arrivals, batches that close at the window
    a = hp.StreamsAggregation(1000, batch_window_s=1, batch_size=10_000)
    rng = np.random.default_rng(4)
    t = np.cumsum(rng.exponential(1 / a.shard_rate, size=50_000))
    close = (np.floor(t / a.fill_s) + 1) * a.fill_s
    n_batch = np.bincount(np.floor(t / a.fill_s).astype(int))
    done = close + a.batch_overhead_s + n_batch[np.floor(t / a.fill_s).astype(int)] * a.record_time_s
    assert n_batch.sum() == t.size  # conservation
    assert (done - t).mean() == pytest.approx(a.mean_staleness_s(), rel=0.02)


def test_aggregation_against_fanout_for_the_leaderboard():
    a = hp.StreamsAggregation(8000, batch_window_s=1, batch_size=10_000, n_stream_shards=hp.EXAMPLE_SHARD_COUNT)
    c = a.compare(read_rate=800, n_shards=hp.EXAMPLE_SHARD_COUNT)
    assert c["fanout_requests"] == 800 * hp.EXAMPLE_SHARD_COUNT
    assert c["aggregation_units"] < c["fanout_rcu"]
    assert c["aggregation_staleness_s"] > c["fanout_staleness_s"] == 0


def test_streams_constants_have_sources():
    for name in ("STREAMS_POLLS_PER_S", "STREAMS_MAX_BATCH_WINDOW_S", "STREAMS_MAX_BATCH_SIZE", "STREAMS_MAX_PARALLELIZATION"):
        assert hp.SOURCES[name].url.startswith("https://docs.aws.amazon.com/lambda/")
        # read on or after the first reading (2026-11-30); a re-read moves the date, never back
        assert hp.SOURCES[name].as_of >= "2026-11-30" and hp.SOURCES[name].quote


@settings(max_examples=40, deadline=None)
@given(
    st.floats(min_value=1, max_value=50_000),
    st.integers(min_value=1, max_value=1000),
    st.integers(min_value=1, max_value=50),
    st.integers(min_value=1, max_value=10),
)
def test_parallelization_factor_divides_the_load_of_each_consumer(w, size, shards, pf):
    one = hp.StreamsAggregation(w, 0.0, size, n_stream_shards=shards)
    many = hp.StreamsAggregation(w, 0.0, size, n_stream_shards=shards, parallelization_factor=pf)
    assert many.consumers == shards * pf
    assert many.utilization <= one.utilization * (1 + 1e-12)
    if many.utilization <= 1:
        assert many.records_per_s == pytest.approx(w)  # every record aggregated once, over all consumers


def test_parallelization_factor_rescues_an_overloaded_stream_shard():
    # 8,000 records/s on one stream shard in batches of 100: one consumer would need 5.6 times its capacity
    one = hp.StreamsAggregation(8000, 0, 100, n_stream_shards=1)
    ten = hp.StreamsAggregation(8000, 0, 100, n_stream_shards=1, parallelization_factor=constants.STREAMS_MAX_PARALLELIZATION)
    assert one.utilization > 1 > ten.utilization
    with pytest.raises(ValueError, match=r"^parallelization_factor = 11 is out of range"):
        hp.StreamsAggregation(8000, parallelization_factor=11)


# --- parameter sets: validated, frozen, informative reprs -------------------------------------


def test_parameter_sets_are_frozen_and_say_what_they_hold():
    params = hp.FanoutParams(8000, read_write_ratio=0.1)
    assert repr(params) == (
        "FanoutParams(8,000 writes/s of 1,024 B, 0.1 reads per write (aggregate, random suffix), 1 WCU per write)"
    )
    with pytest.raises(AttributeError):
        params.write_rate = 1  # type: ignore[misc]
    cost = hp.fanout_cost(params, n_max=50)
    assert repr(cost).endswith("N=1..50; best N=11)")
    assert repr(hp.HedgedLatency(stats.expon(scale=10), 0.95)) == "HedgedLatency(expon, hedge at p95 = 30 ms, extra load 5.0%)"
    agg = hp.StreamsAggregation(8000, 1, 1000, n_stream_shards=10)
    assert repr(agg).startswith("StreamsAggregation(8,000 writes/s over 10 stream shards; batches of 800 every 1 s")
    assert repr(hp.read_cost([1, 10], consistency="strong")) == "ReadCost(N=1..10: 1 requests and 1 RCU per read at N=1)"
    assert repr(hp.read_cost([1, 10])) == "ReadCost(N=1..10: 1 requests and 0.5 RCU per read at N=1)"


def test_parameter_sets_validate_by_name():
    with pytest.raises(ValueError, match=r"^batch_window_s = 301 is out of range: must be in \[0, 300\]"):
        hp.StreamsAggregation(8000, batch_window_s=301)
    with pytest.raises(ValueError, match=r"^batch_size = 10001 is out of range"):
        hp.StreamsAggregation(8000, batch_size=10_001)
    with pytest.raises(ValueError, match=r"^dist = 3 is not allowed"):
        hp.HedgedLatency(3)
    with pytest.raises(ValueError, match=r"give either params or workload keywords"):
        hp.fanout_cost(hp.FanoutParams(8000), write_rate=1)


# --- hard edges (issue 15): unbounded counts, seeds, empty input -------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: hp.read_cost(1e19), r"^n_shards = 1e\+19 is out of range"),  # was -9.22e18 requests (int64 wrap)
        (lambda: hp.busiest_shard_bound(8000, 1e19), r"^n_shards = 1e\+19 is out of range"),  # was NaN
        (lambda: hp.expected_refused_writes(8000, [1e300], 1000), r"^n_shards\[0\] = 1e\+300 is out of range"),  # NaN
        (lambda: hp.StreamsAggregation(1000.0).compare(read_rate=100.0, n_shards=1e300), r"^n_shards"),  # was negative
        (lambda: hp.HedgedLatency(stats.expon()).extra_requests([1e300]), r"^n\[0\] = 1e\+300 is out of range"),
        (lambda: hp.HedgedLatency(stats.expon()).ppf([-1, 2]), r"^q\[0\] = -1.0 is out of range"),  # was NaN
        (lambda: hp.read_cost([]), r"^n_shards = \[\] is empty"),  # repr raised IndexError
        (lambda: hp.shards_needed(8000, n_partitions=1e300), r"^n_partitions = 1e\+300 is out of range"),  # Overflow
        (lambda: hp.expected_refused_writes(8000, 2, 1e300), r"^shard_capacity = 1e\+300 is out of range"),
        (lambda: hp.simulate_shard_writes(100, 1e300, 3, seed=0), r"^n_shards = 1e\+300 is out of range"),
        (lambda: hp.simulate_shard_writes(100, 4, 10**7, seed=0), r"^seconds = 10000000 is out of range"),
        (lambda: hp.simulate_fanout_latency(stats.expon(), 4, 1e300, seed=0), r"^size = 1e\+300 is out of range"),
        (lambda: hp.HedgedLatency(stats.expon()).rvs(size=-1), r"^size = -1 is out of range"),
        (lambda: hp.query_units([math.inf], 1024), r"^items\[0\] = inf is out of range"),
    ],
)
def test_edge_counts_beyond_the_models_range_are_refused_by_name(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize("bad", [None, -1, "abc", math.nan, 1.5, 2**64])
@pytest.mark.parametrize(
    "call",
    [
        lambda seed: hp.simulate_shard_writes(100, 4, 3, seed=seed),
        lambda seed: hp.calculated_shard_rates(100, 4, 10, seed=seed),
        lambda seed: hp.simulate_fanout_latency(stats.expon(), 4, 3, seed=seed),
    ],
)
def test_edge_seeds_are_checked(call, bad):
    with pytest.raises(ValueError, match=r"^seed = "):
        call(bad)


def test_edge_hedged_draws_repeat_and_check_their_seed():
    h = hp.HedgedLatency(stats.expon(scale=10))
    assert np.array_equal(h.rvs(5), h.rvs(5))  # the default seed is fixed, not fresh entropy
    assert np.array_equal(h.rvs((2, 3), random_state=4), h.rvs((2, 3), random_state=4))
    for bad in (None, -1, "abc"):
        with pytest.raises(ValueError, match=r"^random_state = "):
            h.rvs(3, random_state=bad)


@settings(max_examples=60, deadline=None)
@given(
    st.floats(min_value=0, max_value=1e12, allow_nan=False),
    st.integers(min_value=1, max_value=hp.models._validation.MAX_COUNT),
)
def test_edge_shard_counts_up_to_max_count_give_finite_non_negative_answers(rate, n):
    bound = hp.busiest_shard_bound(rate, n)
    assert math.isfinite(bound) and 0 <= bound <= rate * (1 + 1e-12)
    refused = hp.expected_refused_writes(rate, n, 1000)
    assert math.isfinite(refused) and refused >= 0
    cost = hp.read_cost(n)
    assert cost.requests[0] == n and cost.read_units[0] > 0 and repr(cost)
    assert hp.HedgedLatency(stats.expon()).extra_requests(n) >= 0


# --- issue 39: lists where a scalar belongs, shapes that do not broadcast, named size bounds ------------------------


def test_aggregation_compare_refuses_a_list_of_shard_counts_by_name():
    agg = hp.StreamsAggregation(1000.0)
    with pytest.raises(ValueError, match=r"^n_shards = \[5.0, 2.0\] is a list, not a number"):
        agg.compare(read_rate=100.0, n_shards=[5.0, 2.0])
    assert agg.compare(read_rate=100.0, n_shards=np.int64(10))["fanout_rcu"] == 500.0  # a numpy count is a count


@given(record_bytes=st.floats(min_value=0.0, max_value=600.0), size=st.integers(min_value=1, max_value=10_000))
def test_aggregation_records_smaller_than_the_payload_share_never_cut_the_batch(record_bytes, size):
    # 6 MB / record_bytes >= 10,000 records for records up to 600 bytes: the batch size stands (a subnormal too)
    agg = hp.StreamsAggregation(8000, batch_size=size, record_bytes=record_bytes)
    assert agg.effective_batch_size == size
    assert "StreamsAggregation(" in repr(agg)


def test_aggregation_subnormal_record_bytes_gives_a_finite_repr():
    agg = hp.StreamsAggregation(8000, 1, 1000, n_stream_shards=10, record_bytes=5e-324)
    assert agg.effective_batch_size == 1000
    assert repr(agg).startswith("StreamsAggregation(8,000 writes/s")


def test_tail_shapes_that_do_not_broadcast_are_refused_naming_both():
    with pytest.raises(ValueError, match=r"^q \(shape \(3,\)\) and n \(shape \(2,\)\) do not broadcast"):
        hp.fanout_quantile([0.5, 0.9, 0.99], [1, 2], stats.expon())
    with pytest.raises(ValueError, match=r"^p \(shape \(3,\)\) and n \(shape \(2,\)\) do not broadcast"):
        hp.prob_any_slow([0.1, 0.2, 0.3], [1, 2])
    assert hp.prob_any_slow(np.full((2, 3), 0.01), 100).shape == (2, 3)  # any shape broadcasts, elementwise


def test_scipy_backed_models_bound_their_input_size_by_name():
    from hotpart.models.write_sharding import _SCIPY_MAX_SIZE

    assert _SCIPY_MAX_SIZE == hp.models._validation.MAX_ELEMENTS // 16
    big = np.full(_SCIPY_MAX_SIZE + 1, 10)
    for call, name in [
        (lambda: hp.fanout_quantile(0.99, big, stats.expon(scale=10)), "n"),
        (lambda: hp.fanout_quantile(big / 20.0, 10, stats.expon(scale=10)), "q"),
        (lambda: hp.fanout_quantile(np.full((1, 1_000), 0.5), np.ones((1_000, 1)), stats.expon()), "q"),
        (lambda: hp.busiest_shard_bound(8000, big), "n_shards"),
        (lambda: hp.expected_refused_writes(8000, big, 1000), "n_shards"),
        (lambda: hp.HedgedLatency(stats.expon()).sf(big), "t"),
        (lambda: hp.HedgedLatency(stats.expon()).cdf(big), "t"),
    ]:
        with pytest.raises(ValueError, match=rf"^{name}\b.* must (have|be) at most 625,000$"):
            call()
    assert hp.busiest_shard_bound(8000, big[:-1]).size == _SCIPY_MAX_SIZE  # the bound itself is computed


def test_hedged_ppf_bounds_its_bisection_work():
    h = hp.HedgedLatency(stats.expon(scale=10), 0.95)
    with pytest.raises(ValueError, match=r"^q has 156,251 values: must have at most 156,250$"):
        h.ppf(np.full(156_251, 0.5))
    q = np.array([0.5, 0.95, 0.99])
    assert np.allclose(h.cdf(h.ppf(q)), q, rtol=1e-9)  # the bisection inverts the CDF


def test_expected_max_refuses_a_rate_whose_mean_overflows():
    with pytest.raises(
        ValueError, match=r"^rate = 5e-324 is out of range: must be >= .* \(H_n / rate, the expected maximum, overflows\)"
    ):
        hp.expected_max_exponential(100, 5e-324)
    assert math.isfinite(hp.expected_max_exponential(100, 1e-300))


def test_read_cost_takes_one_count_or_a_list_never_a_table_of_them():
    assert hp.read_cost(10).n_shards.tolist() == [10]
    assert hp.read_cost([1, 10]).n_shards.tolist() == [1, 10]
    with pytest.raises(ValueError, match=r"^n_shards has 2 dimensions \(shape \(2, 2\)\): must be a number or a 1-D array"):
        hp.read_cost([[1, 2], [3, 4]])


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [({"partition_ceiling": 5e-324}, "partition_ceiling = 5e-324"), ({"utilization": 5e-324}, "utilization = 5e-324")],
)
def test_shards_needed_names_the_tiny_budget_it_cannot_meet(kwargs, named):
    with pytest.raises(ValueError, match=rf"^write_rate = 8000.0 needs more than 1,000,000 shards .*{named}"):
        hp.shards_needed(8000, **kwargs)
    with pytest.raises(ValueError, match=rf"^write_rate = 8000.0 is more than n_partitions = 10 .*{named}"):
        hp.shards_needed(8000, n_partitions=10, **kwargs)
