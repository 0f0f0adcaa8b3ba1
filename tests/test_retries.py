"""Client retries (chapter 14): the backoff formulas, the retry simulation's conservation, and Brooker's ordering."""

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp

# --- validation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"attempts": 0}, "attempts"),
        ({"attempts": 2.5}, "attempts"),
        ({"base_s": 0.0}, "base_s"),
        ({"base_s": float("inf")}, "base_s"),
        ({"base_s": 1.0, "cap_s": 0.5}, "cap_s"),
        ({"jitter": "half"}, "jitter"),
    ],
)
def test_backoff_refuses_bad_parameters_by_name(kwargs, name):
    with pytest.raises(ValueError, match=rf"^{name} = "):
        hp.Backoff(**kwargs)


@pytest.mark.parametrize(
    ("args", "kwargs", "name"),
    [
        (([1, -1], 1000.0), {}, r"demand\[1\]"),
        (([1.5], 1000.0), {}, r"demand\[0\]"),
        (([1], 0.0), {}, "capacity"),
        (([1], 1000.0), {"burst_units": 0.5}, "burst_units"),
        (([1], 1000.0), {"seed": -1}, "seed"),
        (([1], 1000.0), {"herd_s": [-1.0]}, r"herd_s\[0\]"),
    ],
)
def test_simulate_retries_refuses_bad_input_by_name(args, kwargs, name):
    with pytest.raises(ValueError, match=rf"^{name} = "):
        hp.simulate_retries(hp.Backoff(), *args, **kwargs)


def test_simulate_retries_needs_a_backoff():
    with pytest.raises(ValueError, match=r"^policy = "):
        hp.simulate_retries("full", [1], 1000.0)


def test_decorrelated_has_no_closed_form_and_says_so():
    with pytest.raises(ValueError, match=r"^jitter = 'decorrelated'"):
        hp.Backoff(jitter="decorrelated").expected_sleep_s(0)


def test_repr_is_informative():
    assert repr(hp.SDK_STANDARD) == "Backoff(3 attempts, base 1 s, cap 20 s, full jitter)"
    assert "no jitter" in repr(hp.DYNAMODB_JAVA_V1)
    res = hp.simulate_retries(hp.Backoff(3, 0.05, 1.0), [1500], 1000.0, seed=1)
    assert repr(res).startswith("RetryResult(1,500 requests")


# --- published defaults ----------------------------------------------------------------------


def test_sdk_defaults_are_the_published_figures_with_sources():
    assert hp.SDK_STANDARD_MAX_ATTEMPTS == 3
    assert hp.SDK_STANDARD_BASE_S == 1.0
    assert hp.SDK_STANDARD_MAX_BACKOFF_S == 20.0
    assert hp.DYNAMODB_JAVA_V1_MAX_RETRIES == 10
    assert hp.DYNAMODB_JAVA_V1_BASE_S == 0.025
    assert hp.DYNAMODB_JAVA_V1.attempts == 11
    for name in (
        "SDK_STANDARD_MAX_ATTEMPTS",
        "SDK_STANDARD_BASE_S",
        "SDK_STANDARD_MAX_BACKOFF_S",
        "DYNAMODB_JAVA_V1_MAX_RETRIES",
        "DYNAMODB_JAVA_V1_BASE_S",
        "DYNAMODB_JAVA_V1_MAX_BACKOFF_S",
        "BROOKER_2015",
    ):
        source = hp.SOURCES[name]
        assert source.where and source.as_of and source.url.startswith("https://") and source.quote
        # every record but Brooker's post (dated by the post) was read on the date the course states
        assert source.as_of == ("2015-03" if name == "BROOKER_2015" else "2026-11-30")
    # the Java 1.x figures are the 2015 code's, pinned to its commit; botocore's base is one SDK's implementation
    assert all("2015" in hp.SOURCES[n].where for n in ("DYNAMODB_JAVA_V1_MAX_RETRIES", "DYNAMODB_JAVA_V1_BASE_S"))
    assert "/blob/master/" not in hp.SOURCES["DYNAMODB_JAVA_V1_BASE_S"].url
    assert hp.SOURCES["SDK_STANDARD_BASE_S"].where.startswith("botocore")
    assert "25" in hp.SOURCES["DYNAMODB_JAVA_V1_BASE_S"].quote and "= 10" in hp.SOURCES["DYNAMODB_JAVA_V1_MAX_RETRIES"].quote


def test_java_v1_schedule_is_25_ms_doubling_capped_at_20_s():
    p = hp.DYNAMODB_JAVA_V1
    base, cap = hp.DYNAMODB_JAVA_V1_BASE_S, hp.DYNAMODB_JAVA_V1_MAX_BACKOFF_S
    assert [p.ceiling_s(n) for n in range(4)] == pytest.approx([base * 2**n for n in range(4)])
    assert p.ceiling_s(9) == pytest.approx(base * 2**9) and p.ceiling_s(10) == cap  # 25.6 s would pass the cap


# --- the formulas ----------------------------------------------------------------------------


@pytest.mark.parametrize("jitter", ["none", "full", "equal"])
def test_closed_form_expected_sleep_matches_monte_carlo(jitter):
    p = hp.Backoff(8, 0.05, 2.0, jitter)
    sleeps = p.sample_sleeps(40_000, seed=7)
    for n in range(p.retries):
        expected = p.expected_sleep_s(n)
        sd = sleeps[:, n].std() / np.sqrt(sleeps.shape[0])
        assert abs(sleeps[:, n].mean() - expected) <= 5 * sd + 1e-12, (n, expected)


def test_expected_sleeps_are_the_textbook_fractions():
    base, cap = 0.1, 1.0
    v = hp.Backoff(6, base, cap, "none").ceiling_s(3)
    assert v == pytest.approx(base * 2**3)
    assert hp.Backoff(6, base, cap, "full").expected_sleep_s(3) == pytest.approx(v / 2)  # mean of U(0, v)
    assert hp.Backoff(6, base, cap, "equal").expected_sleep_s(3) == pytest.approx(3 * v / 4)  # v/2 + mean of U(0, v/2)
    assert hp.Backoff(6, base, cap, "none").expected_sleep_s(5) == cap  # base * 2**5 = 3.2 s, capped


def test_decorrelated_uncapped_mean_follows_its_recursion():
    # E[U(b, 3 s)] = (b + 3 E[s]) / 2 while the cap never binds.
    p = hp.Backoff(5, 0.01, 1e6, "decorrelated")
    sleeps = p.sample_sleeps(100_000, seed=3)
    mean, expected = sleeps.mean(axis=0), []
    prev = p.base_s
    for _ in range(p.retries):
        prev = (p.base_s + 3 * prev) / 2
        expected.append(prev)
    np.testing.assert_allclose(mean, expected, rtol=0.02)


@settings(max_examples=60, deadline=None)
@given(
    jitter=st.sampled_from(hp.JITTERS),
    attempts=st.integers(1, 30),
    base=st.floats(1e-3, 2.0),
    ratio=st.floats(1.0, 1000.0),
    seed=st.integers(0, 10_000),
)
def test_sleeps_stay_within_zero_and_cap(jitter, attempts, base, ratio, seed):
    p = hp.Backoff(attempts, base, base * ratio, jitter)
    s = p.sample_sleeps(50, seed=seed)
    assert s.shape == (50, attempts - 1)
    assert np.all(s >= 0) and np.all(s <= p.cap_s * (1 + 1e-12))
    if jitter in ("equal", "decorrelated") and s.size:
        assert np.all(s >= min(p.base_s, p.cap_s) / 2 * (1 - 1e-12))


def test_next_sleep_matches_the_formulas():
    u = 0.3
    assert hp.Backoff(5, 0.1, 1.0, "none").next_sleep_s(2, 0.0, u) == pytest.approx(0.4)
    assert hp.Backoff(5, 0.1, 1.0, "full").next_sleep_s(2, 0.0, u) == pytest.approx(0.12)
    assert hp.Backoff(5, 0.1, 1.0, "equal").next_sleep_s(2, 0.0, u) == pytest.approx(0.2 + 0.06)
    assert hp.Backoff(5, 0.1, 1.0, "decorrelated").next_sleep_s(2, 0.2, u) == pytest.approx(0.1 + 0.3 * 0.5)
    assert hp.Backoff(5, 0.1, 1.0, "decorrelated").next_sleep_s(2, 0.9, 0.99) == 1.0  # capped


# --- conservation and limits -----------------------------------------------------------------


@st.composite
def workloads(draw):
    seconds = draw(st.integers(0, 6))
    demand = draw(st.lists(st.integers(0, 400), min_size=seconds, max_size=seconds))
    herd = draw(st.lists(st.floats(0, 5, allow_nan=False), max_size=300))
    policy = hp.Backoff(
        draw(st.integers(1, 8)),
        draw(st.sampled_from([0.001, 0.02, 0.3])),
        draw(st.sampled_from([0.3, 2.0])),
        draw(st.sampled_from(hp.JITTERS)),
    )
    capacity = draw(st.sampled_from([1.0, 50.0, 1000.0]))
    burst = draw(st.sampled_from([None, 1.0, 37.5]))
    return policy, demand, herd, capacity, burst, draw(st.integers(0, 1000))


@settings(max_examples=80, deadline=None)
@given(workloads())
def test_every_attempt_is_conserved(case):
    policy, demand, herd, capacity, burst, seed = case
    res = hp.simulate_retries(policy, demand, capacity, burst_units=burst, seed=seed, herd_s=herd)
    # per second, exactly, in integers
    for a in (res.offered, res.served, res.throttled, res.new, res.retried):
        assert a.dtype.kind == "i" and a.shape == (res.seconds,)
    np.testing.assert_array_equal(res.served + res.throttled, res.offered)
    np.testing.assert_array_equal(res.new + res.retried, res.offered)
    assert res.seconds >= len(demand)
    # in total
    assert int(res.offered.sum()) == res.calls == int(res.attempts_made.sum())
    assert res.requests == sum(demand) + len(herd) == int(res.new.sum())
    assert res.successes + res.gave_up == res.requests
    assert res.consumed_units == res.successes == int(res.attempt_served.sum())
    assert res.throttle_events == res.calls - res.successes
    # each request: at most `attempts` tries, and gives up only after all of them
    assert np.all((res.attempts_made >= 1) | (res.requests == 0))
    assert np.all(res.attempts_made <= policy.attempts)
    assert np.all(res.attempts_made[~res.succeeded] == policy.attempts)
    assert np.all(res.finish_s >= res.arrival_s)
    assert np.all(np.diff(res.attempt_s) >= 0)
    # the bucket: never more admitted in any window than it holds plus its refill
    t = res.attempt_s[res.attempt_served]
    if t.size:
        window = 0.5
        j = np.searchsorted(t, t + window, side="right")
        assert np.all(j - np.arange(t.size) <= res.burst_units + capacity * window + 1e-6)


def test_reproducible_with_a_seed_and_different_without():
    p = hp.Backoff(5, 0.02, 1.0, "full")
    a = hp.simulate_retries(p, [3000, 500], 1000.0, seed=11)
    b = hp.simulate_retries(p, [3000, 500], 1000.0, seed=11)
    c = hp.simulate_retries(p, [3000, 500], 1000.0, seed=12)
    np.testing.assert_array_equal(a.attempt_s, b.attempt_s)
    np.testing.assert_array_equal(a.succeeded, b.succeeded)
    assert not np.array_equal(a.attempt_s, c.attempt_s)


def test_without_jitter_a_herd_retries_in_lockstep():
    p = hp.Backoff(4, 0.1, 1.0, "none")
    res = hp.simulate_retries(p, [], 1000.0, burst_units=50, herd_s=np.zeros(500), seed=5)
    retries = res.attempt_number > 1
    times = {round(t, 12) for t in res.attempt_s[retries]}
    assert times == {0.1, 0.3, 0.7}  # base, base + 2 base, + 4 base: every client at once
    # each wave admits only what the bucket refilled since the last one
    per_wave = [int(np.count_nonzero(res.attempt_served & np.isclose(res.attempt_s, t))) for t in (0.0, 0.1, 0.3, 0.7)]
    assert per_wave == [50, 50, 50, 50]


def test_a_lockstep_herd_gets_one_refill_per_wave():
    # Chapter 14, exercise 2: each wave is admitted min(bucket, rate x gap); the gaps are the Java 1.x schedule.
    p, bucket, rate = hp.DYNAMODB_JAVA_V1, 100.0, 1000.0
    expected = bucket + sum(min(bucket, rate * p.ceiling_s(n)) for n in range(p.retries))
    res = hp.simulate_retries(p, [], rate, burst_units=bucket, herd_s=np.zeros(2000))
    assert expected == 975 and res.successes == expected
    assert res.throttle_events == res.calls - 975


def test_with_full_jitter_the_same_herd_spreads_out():
    p = hp.Backoff(4, 0.1, 1.0, "full")
    res = hp.simulate_retries(p, [], 1000.0, burst_units=50, herd_s=np.zeros(500), seed=5)
    assert np.unique(res.attempt_s[res.attempt_number > 1]).size > 0.99 * res.extra_calls
    assert res.successes > 4 * 50


def test_one_attempt_means_no_retries_and_success_is_what_the_bucket_admits():
    res = hp.simulate_retries(hp.Backoff(1, 0.1, 1.0), [], 100.0, burst_units=10, herd_s=np.zeros(60))
    assert res.calls == res.requests == 60
    assert res.successes == 10 and res.extra_calls == 0


def test_below_capacity_nothing_is_throttled():
    res = hp.simulate_retries(hp.SDK_STANDARD, [100] * 5, 1000.0, seed=2)
    assert res.throttle_events == 0 and res.success_rate == 1.0 and res.latency_s(99) == 0.0


@settings(max_examples=25, deadline=None)
@given(
    jitter=st.sampled_from(hp.JITTERS),
    seed=st.integers(0, 1000),
    herd=st.integers(50, 1500),
)
def test_more_attempts_never_lower_success(jitter, seed, herd):
    # A herd against a small bucket; a request's schedule of retries is a prefix of the next policy's.
    rates = []
    for attempts in (1, 2, 3, 5, 8, 13):
        p = hp.Backoff(attempts, 0.05, 1.0, jitter)
        rates.append(hp.simulate_retries(p, [300] * 3, 1000.0, seed=seed, herd_s=np.full(herd, 0.5)).successes)
    assert all(b >= a for a, b in itertools.pairwise(rates)), rates


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 1000), herd=st.integers(50, 1500))
def test_more_capacity_never_lowers_success_without_jitter(seed, herd):
    rates = []
    for capacity in (100.0, 300.0, 1000.0, 3000.0):
        p = hp.Backoff(4, 0.05, 1.0, "none")
        res = hp.simulate_retries(p, [200] * 3, capacity, burst_units=20, seed=seed, herd_s=np.full(herd, 0.5))
        rates.append(res.successes)
    assert all(b >= a for a, b in itertools.pairwise(rates)), rates


def test_retries_hide_throttling_from_the_client():
    # The chapter's short spike: 2,000 extra requests spread over one second on a 400/s partition.
    demand = np.full(8, 400)
    demand[2] += 2000
    res = hp.simulate_retries(hp.DYNAMODB_JAVA_V1, demand, hp.PARTITION_MAX_WCU, seed=14)
    assert res.success_rate == 1.0
    assert res.throttle_events > res.requests  # more throttle events than requests, none visible to the client
    assert res.calls == res.requests + res.throttle_events  # every throttled attempt was retried
    assert res.latency_s(99) > 1.0
    once = hp.simulate_retries(hp.Backoff(1, 0.025, 20.0), demand, hp.PARTITION_MAX_WCU, seed=14)
    assert once.success_rate < 0.8 and once.throttle_events < res.throttle_events / 5


def test_per_bin_counts_add_up():
    res = hp.simulate_retries(hp.Backoff(5, 0.05, 1.0, "equal"), [2000, 300], 1000.0, seed=4)
    bins = res.per_bin(0.1)
    assert int(bins["offered"].sum()) == res.calls
    np.testing.assert_array_equal(bins["served"] + bins["throttled"], bins["offered"])
    np.testing.assert_array_equal(bins["new"] + bins["retried"], bins["offered"])
    coarse = res.per_bin(1.0)
    np.testing.assert_array_equal(coarse["offered"][: res.seconds], res.offered[: coarse["offered"].size])


# --- Brooker's comparison --------------------------------------------------------------------


def test_brooker_constant_states_his_orders():
    assert hp.BROOKER_2015["calls_order"] == ("full", "equal", "decorrelated", "none")
    assert hp.BROOKER_2015["time_order"] == ("decorrelated", "full", "equal", "none")


@pytest.fixture(scope="module")
def herd():
    return hp.herd_comparison(2000, hp.PARTITION_MAX_WCU, attempts=50, base_s=0.005, cap_s=2.0, runs=5, seed=0)


def test_herd_comparison_every_client_finishes(herd):
    assert all(herd.success_rate[j] == 1.0 for j in hp.JITTERS)


def test_our_order_by_calls_is_the_one_the_chapter_claims(herd):
    # The chapter's claim: no jitter does by far the most work and decorrelated more than full and equal,
    # as Brooker found; but on a token bucket "Equal Jitter" makes slightly FEWER calls than "Full Jitter",
    # where Brooker found it made slightly more. So the orders differ only in that pair.
    assert herd.order("calls") == ("equal", "full", "decorrelated", "none")
    assert not herd.agrees_with_brooker("calls")
    assert herd.calls["none"] > 1.5 * max(herd.calls["full"], herd.calls["equal"])
    assert herd.calls["none"] > 1.1 * herd.calls["decorrelated"] > 1.1 * herd.calls["full"]
    assert herd.calls["equal"] < herd.calls["full"] < 1.1 * herd.calls["equal"]


def test_no_jitter_takes_by_far_the_longest(herd):
    assert herd.order("time")[-1] == "none"
    assert herd.completion_s["none"] > 5 * max(herd.completion_s[j] for j in ("full", "equal", "decorrelated"))


def test_jittered_strategies_finish_near_the_rate_bound(herd):
    bound = (herd.clients - herd.burst_units) / herd.capacity  # the partition cannot admit the herd faster
    for j in ("full", "equal", "decorrelated"):
        assert bound <= herd.completion_s[j] < 2.5 * bound
