"""Client retries (chapter 14): the backoff formulas, the retry simulation's conservation, and Brooker's ordering."""

import itertools
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp

sys.path.insert(0, str(Path(__file__).parent))  # brooker_port, the test oracle

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
    assert repr(hp.SDK_STANDARD) == "Backoff(4 attempts, base 1 s, cap 20 s, full jitter)"  # DynamoDB, botocore >= 1.44
    assert repr(hp.SDK_STANDARD_PRE_2026) == "Backoff(3 attempts, base 1 s, cap 20 s, full jitter)"
    assert "no jitter" in repr(hp.DYNAMODB_JAVA_V1)
    res = hp.simulate_retries(hp.Backoff(3, 0.05, 1.0), [1500], 1000.0, seed=1)
    assert repr(res).startswith("RetryResult(1,500 requests")


# --- published defaults ----------------------------------------------------------------------


def test_sdk_defaults_are_the_published_figures_with_sources():
    assert hp.SDK_STANDARD_MAX_ATTEMPTS == 3 and hp.SDK_STANDARD_DYNAMODB_MAX_ATTEMPTS == 4
    assert hp.SDK_STANDARD_BASE_S == 1.0 and hp.SDK_STANDARD_DYNAMODB_TRANSIENT_BASE_S == 0.025
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
        # every record was read on the date the course states: Brooker's post is dated by the post, the botocore
        # figures by the third review (read from the installed release), the Java 1.x code by the first reading
        if name == "BROOKER_2015":
            assert source.as_of == "2015-03"
        elif name.startswith("SDK_"):
            assert source.as_of == "2026-12-04", name
        else:  # the pinned Java 1.x code: read on 2026-11-30, confirmed again since
            assert "2026-11-30" <= source.as_of <= "2026-12-04", name
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
    p = hp.Backoff(5, 0.01, 3600.0, "decorrelated")  # the longest cap: 4 retries reach at most 0.01 * 3**4 s
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
    if not demand and not herd:  # no second of demand and no herd: nothing to simulate, refused by name
        with pytest.raises(ValueError, match=r"^demand = "):
            hp.simulate_retries(policy, demand, capacity, burst_units=burst, seed=seed, herd_s=herd or None)
        return
    res = hp.simulate_retries(policy, demand, capacity, burst_units=burst, seed=seed, herd_s=herd or None)
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


# --- SDK presets from their sources (issue 13) -------------------------------------------------


def test_boto3_legacy_preset_is_botocore_retry_json_for_dynamodb():
    p = hp.SDK_BOTO3_LEGACY
    assert hp.SDK_BOTO3_LEGACY_DYNAMODB_MAX_ATTEMPTS == 10 and p.attempts == 10  # the first attempt included
    assert hp.SDK_BOTO3_LEGACY_BASE_S == 0.05 and p.jitter == "none"
    # retryhandler: base * 2 ** (attempts - 1) after attempt 1, 2, ...: 50 ms, 100 ms, ..., 12.8 s, never capped
    assert [p.ceiling_s(n) for n in range(p.retries)] == pytest.approx([0.05 * 2**n for n in range(9)])
    assert p.cap_s == p.ceiling_s(p.retries - 1)
    src = hp.SOURCES["SDK_BOTO3_LEGACY_DYNAMODB_MAX_ATTEMPTS"].quote
    assert '"max_attempts": 10' in src and '"base": 0.05' in src and '"growth_factor": 2' in src
    assert "attempts - 1" in hp.SOURCES["SDK_BOTO3_LEGACY_BASE_S"].quote
    assert "default mode" in hp.SOURCES["BOTO3_DEFAULT_RETRY_LEGACY"].quote
    assert "before 1.44.0" in hp.SOURCES["BOTO3_DEFAULT_RETRY_LEGACY"].where  # dated: the guide lags the code


def test_standard_mode_is_labelled_botocore_and_other_sdks_differ():
    assert "botocore" in hp.SOURCES["SDK_STANDARD_BASE_S"].where
    assert hp.SDK_JS_V3_BASE_S == 0.1 and hp.SDK_JS_V3_THROTTLING_BASE_S == 0.5
    assert "= 100;" in hp.SOURCES["SDK_JS_V3_BASE_S"].quote and "= 500;" in hp.SOURCES["SDK_JS_V3_THROTTLING_BASE_S"].quote
    # the retry quota the model omits: 500 tokens, 5 per retry after throttling (14 after a transient error), so
    # 100 throttled retries without a success in between
    assert hp.SDK_STANDARD_RETRY_QUOTA == 500 and hp.SDK_STANDARD_THROTTLING_RETRY_COST == 5
    assert hp.SDK_STANDARD_RETRY_COST == 14
    assert "500" in hp.SOURCES["SDK_STANDARD_RETRY_QUOTA"].quote
    assert "= 5" in hp.SOURCES["SDK_STANDARD_THROTTLING_RETRY_COST"].quote


def test_java_v1_today_uses_equal_jitter_on_500_ms_for_throttling():
    p = hp.DYNAMODB_JAVA_V1_THROTTLED
    assert hp.DYNAMODB_JAVA_V1_THROTTLED_BASE_S == 0.5
    assert (p.attempts, p.base_s, p.cap_s, p.jitter) == (11, 0.5, 20.0, "equal")
    src = hp.SOURCES["DYNAMODB_JAVA_V1_THROTTLED_BASE_S"]
    assert "= 500;" in src.quote and "equal jitter" in src.quote
    assert "/blob/169446809c792b2adcfaaaf54df1e21bf2203a23/" in src.url  # pinned, not a moving branch
    for name in (
        "DYNAMODB_JAVA_V1_THROTTLED_BASE_S",
        "SDK_BOTO3_LEGACY_DYNAMODB_MAX_ATTEMPTS",
        "SDK_BOTO3_LEGACY_BASE_S",
        "SDK_JS_V3_BASE_S",
        "SDK_JS_V3_THROTTLING_BASE_S",
        "SDK_STANDARD_RETRY_QUOTA",
        "SDK_STANDARD_RETRY_COST",
    ):
        s = hp.SOURCES[name]
        if name.startswith(("SDK_BOTO3", "SDK_STANDARD")):
            assert s.as_of == "2026-12-04", name  # read from the installed botocore in the third review
        else:
            assert "2026-11-30" <= s.as_of <= "2026-12-04", name  # pinned commits: read then, confirmed since
        assert s.url.startswith("https://github.com/") and "/blob/" in s.url and s.quote


def test_boto3_legacy_herd_is_lockstep():
    res = hp.simulate_retries(hp.SDK_BOTO3_LEGACY, [], 1000.0, burst_units=100, herd_s=np.zeros(2000))
    retried = res.attempt_s[res.attempt_number > 1]
    assert np.unique(np.round(retried, 12)).size == hp.SDK_BOTO3_LEGACY.retries  # one instant per retry


# --- hard edges (issue 15) -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: hp.Backoff(attempts=1e300), "attempts"),
        (lambda: hp.Backoff(attempts=hp.MAX_ATTEMPTS + 1), "attempts"),
        (lambda: hp.Backoff(5, 0.1, 1.0, "full").next_sleep_s(2, 0.1, -1), "u"),
        (lambda: hp.Backoff(5, 0.1, 1.0, "full").next_sleep_s(2, 0.1, 1.0), "u"),
        (lambda: hp.Backoff(5, 0.1, 1.0, "decorrelated").next_sleep_s(2, float("-inf"), 0.5), "previous_s"),
        (lambda: hp.Backoff(5, 0.1, 1.0, "decorrelated").next_sleep_s(2, float("inf"), 0.5), "previous_s"),
        (lambda: hp.Backoff(5, 0.1, 1.0, "decorrelated").next_sleep_s(2, -1.0, 0.5), "previous_s"),
        (lambda: hp.Backoff(5, 0.1, 1.0).next_sleep_s(-1, 0.1, 0.5), "n"),
        (lambda: hp.Backoff(5, 0.1, 1.0).sample_sleeps(1e300), "size"),
        (lambda: hp.Backoff(5, 0.1, 1.0).sample_sleeps(2, seed=None), "seed"),
        (lambda: hp.Backoff(5, 0.1, 1.0).sample_sleeps(2, seed="abc"), "seed"),
        (lambda: hp.herd_comparison(attempts=1e300), "attempts"),
        (lambda: hp.herd_comparison(runs=1e300), "runs"),
        (lambda: hp.herd_comparison(clients=1e300), "clients"),
        (lambda: hp.herd_comparison(seed=-1), "seed"),
        (lambda: hp.herd_comparison(seed=2**64 - 1, runs=2), "seed"),
        (lambda: hp.simulate_retries(hp.Backoff(), [1], 1000.0, seed=None), "seed"),
        (lambda: hp.simulate_retries(hp.Backoff(), [1], 1000.0, seed=1.5), "seed"),
        (lambda: hp.simulate_retries(hp.Backoff(), [1], 1000.0, net_delay_s=float("nan")), "net_delay_s"),
        (lambda: hp.simulate_retries(hp.Backoff(), [1], 1000.0, net_delay_s=-0.01), "net_delay_s"),
        (lambda: hp.occ_herd(0, "full"), "clients"),
        (lambda: hp.occ_herd(1e300, "full"), "clients"),
        (lambda: hp.occ_herd(10, "half"), "jitter"),
        (lambda: hp.occ_herd(10, "full", net_delay_s=float("inf")), "net_delay_s"),
        (lambda: hp.occ_herd(10, "full", seed="abc"), "seed"),
        (lambda: hp.jitter_regimes([10], [0.0], runs=1e300), "runs"),
        (lambda: hp.jitter_regimes([10], [-1.0]), r"net_delays_s\[0\]"),
        (lambda: hp.jitter_regimes([10], [0.0], models=("queue",)), "models"),
        (lambda: hp.storm_demand(baseline=float("nan")), "baseline"),
        (lambda: hp.storm_demand(baseline=-1), "baseline"),
        (lambda: hp.storm_demand(baseline=1.5), "baseline"),
        (lambda: hp.storm_demand(seconds=1e300), "seconds"),
        (lambda: hp.storm_demand(seconds=0), "seconds"),
    ],
)
def test_hard_edges_raise_a_named_error(call, name):
    with pytest.raises(ValueError, match=rf"^{name} = "):
        call()


def test_count_bounds_are_documented_course_limits():
    for name in ("MAX_ATTEMPTS", "MAX_HERD_CLIENTS", "MAX_RUNS", "MAX_SAMPLE_SIZE"):
        assert hp.ASSUMPTIONS[name].value == getattr(hp, name)
    assert hp.Backoff(attempts=hp.MAX_ATTEMPTS).attempts == hp.MAX_ATTEMPTS  # the bound itself is allowed


def test_next_sleep_stays_within_zero_and_cap_for_valid_draws():
    for jitter in hp.JITTERS:
        p = hp.Backoff(8, 0.1, 1.0, jitter)
        for u in (0.0, 0.5, 0.999):
            for prev in (0.0, 0.1, 5.0):
                assert 0.0 <= p.next_sleep_s(3, prev, u) <= p.cap_s


# --- network delay on the bucket, Brooker's contention model, and the regime (issue 13) ------------


def test_a_network_delay_costs_a_round_trip_per_retry():
    p = hp.Backoff(4, 0.1, 1.0, "none")
    res = hp.simulate_retries(p, [], 1000.0, burst_units=50, herd_s=np.zeros(200), seed=5, net_delay_s=0.01)
    retried = res.attempt_s[res.attempt_number == 2]
    # the first retry arrives after base (0.1 s) plus two messages of |N(10 ms, 2 ms)| each
    assert np.all(retried > 0.1) and 0.1 + 0.012 < retried.mean() < 0.1 + 0.028
    np.testing.assert_array_equal(res.served + res.throttled, res.offered)  # still conserved
    zero = hp.simulate_retries(p, [], 1000.0, burst_units=50, herd_s=np.zeros(200), seed=5, net_delay_s=0.0)
    base = hp.simulate_retries(p, [], 1000.0, burst_units=50, herd_s=np.zeros(200), seed=5)
    np.testing.assert_array_equal(zero.attempt_s, base.attempt_s)  # 0 is the old model exactly


def test_occ_without_delay_or_jitter_is_a_triangle_number():
    for n in (1, 2, 7, 40):
        calls, _ = hp.occ_herd(n, "none", net_delay_s=0.0)
        assert calls == n * (n + 1) // 2


def test_occ_herd_is_reproducible_and_every_client_writes_once_successfully():
    a, b = hp.occ_herd(60, "full", seed=3), hp.occ_herd(60, "full", seed=3)
    assert a == b and a[0] >= 60
    assert hp.occ_herd(60, "full", seed=4) != a


@pytest.fixture(scope="module")
def brooker_scale():
    return hp.jitter_regimes([100], [0.0, 0.01], runs=20, seed=0)


def test_occ_herd_agrees_with_an_independent_port_of_brookers_simulator():
    from brooker_port import brooker_run

    for jitter in hp.JITTERS:
        ours = np.array([hp.occ_herd(100, jitter, seed=s)[0] for s in range(30)], float)
        port = np.array([brooker_run(100, jitter, seed=1000 + s)[0] for s in range(30)], float)
        se = np.sqrt(ours.var(ddof=1) / ours.size + port.var(ddof=1) / port.size)
        assert abs(ours.mean() - port.mean()) < 4 * se + 1, (jitter, ours.mean(), port.mean())


def test_brookers_published_calls_are_reproduced_at_his_scale(brooker_scale):
    # Brooker's 100 clients, 10 ms per message (his simulator, 100 runs averaged: issue 13's table)
    published = {"none": 1855, "full": 797, "equal": 812, "decorrelated": 1001}
    for jitter, calls in published.items():
        med, _, _ = brooker_scale.spread("occ", 100, 0.01, jitter)
        assert abs(med - calls) < 0.05 * calls, (jitter, med, calls)
    # his published order by work holds, Full < Equal in every quartile of the 20 seeds' calls
    assert brooker_scale.order("occ", 100, 0.01) == hp.BROOKER_2015["calls_order"]
    full, equal = brooker_scale.spread("occ", 100, 0.01, "full"), brooker_scale.spread("occ", 100, 0.01, "equal")
    assert full[2] < equal[2] and full[0] < equal[0]


def test_without_a_round_trip_occ_contention_is_the_lockstep_herds_alone(brooker_scale):
    # no network delay: a read and its write are instantaneous, so only clients sleeping to the same instant collide
    for jitter in ("full", "equal", "decorrelated"):
        q3 = brooker_scale.spread("occ", 100, 0.0, jitter)[2]
        assert q3 < 2 * 100  # one failed write each at most, on the first (simultaneous) round
    assert brooker_scale.spread("occ", 100, 0.0, "none")[0] == 100 * 101 // 2


def test_token_bucket_at_brookers_scale_with_his_delay():
    reg = hp.jitter_regimes([100], [0.01], models=("bucket",), capacity=50.0, runs=20, seed=0)
    # a bucket too small for the herd: no jitter does by far the most work, as in Brooker's model
    assert reg.order("bucket", 100, 0.01)[-1] == "none"
    for _, _, _, _, calls, time in reg.rows():
        assert calls[1] <= calls[0] <= calls[2] and time[1] <= time[0] <= time[2]


def test_occ_lockstep_shortcut_equals_the_port_without_delay():
    from brooker_port import brooker_run

    for n in (1, 2, 5, 60):
        calls, done = hp.occ_herd(n, "none", net_delay_s=0.0)
        port_calls, port_ms = brooker_run(n, "none", seed=0, mean_ms=0.0)
        assert calls == port_calls and done * 1000 == pytest.approx(port_ms)


# --- the API walk's edges (issue 15): bounds named by the caller's parameter --------------------------------------


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: hp.Backoff(base_s=1e300), "base_s"),  # named cap_s before: the cap was checked against the base
        (lambda: hp.Backoff(base_s=1e300, cap_s=1e300), "base_s"),
        (lambda: hp.Backoff(cap_s=1e300), "cap_s"),  # accepted before: no ceiling on a sleep
        (lambda: hp.Backoff(cap_s=float("inf")), "cap_s"),
        (lambda: hp.herd_comparison(cap_s=1e300, runs=1), "cap_s"),
        (lambda: hp.herd_comparison(base_s=1e300, runs=1), "base_s"),
        (lambda: hp.occ_herd(5, "full", cap_s=1e300), "cap_s"),
        (lambda: hp.occ_herd(5, "full", base_s=1e300), "base_s"),
        (lambda: hp.jitter_regimes([10], [0.0], cap_s=1e300, runs=1), "cap_s"),
        (lambda: hp.jitter_regimes([10], [0.0], base_s=1e300, runs=1), "base_s"),
        (lambda: hp.jitter_regimes([10], [0.0], models=("occ",), capacity=float("nan"), runs=1), "capacity"),
        (lambda: hp.jitter_regimes([10], [0.0], models=("occ",), capacity=0, runs=1), "capacity"),
        (lambda: hp.jitter_regimes([10], [0.0], models=(), runs=1), "models"),
        (lambda: hp.Backoff(5, 0.1, 1.0).ceiling_s(1e300), "n"),
        (lambda: hp.Backoff(5, 0.1, 1.0).expected_sleep_s(1e300), "n"),
        (lambda: hp.Backoff(5, 0.1, 1.0).next_sleep_s(1e300, 0.1, 0.5), "n"),
        (lambda: hp.simulate_retries(hp.Backoff(), [1e300], 1000.0), r"demand\[0\]"),
        (lambda: hp.simulate_retries(hp.Backoff(), [5e6, 5e6 + 1], 1000.0), r"demand \+ herd_s"),
        (lambda: hp.simulate_retries(hp.Backoff(), [], 1000.0), "demand"),
        (lambda: hp.simulate_retries(hp.Backoff(), [1], 1000.0, herd_s=[1e300]), r"herd_s\[0\]"),
        (lambda: hp.simulate_retries(hp.Backoff(), [1], 1000.0, herd_s=[]), "herd_s"),
        (lambda: hp.simulate_retries(hp.Backoff(), [1], 1000.0, herd_s="abc"), "herd_s"),
    ],
)
def test_walk_edges_raise_an_error_naming_the_callers_parameter(call, name):
    with pytest.raises(ValueError, match=rf"^{name} = "):
        call()


def test_the_sleep_bounds_themselves_are_allowed():
    p = hp.Backoff(hp.MAX_ATTEMPTS, 3600.0, 3600.0, "none")
    assert p.ceiling_s(hp.MAX_ATTEMPTS - 2) == 3600.0 and p.ceiling_s(0) == 3600.0
    with pytest.raises(ValueError, match=r"^base_s = "):
        hp.Backoff(base_s=3600.5, cap_s=3600.5)


def test_an_empty_demand_with_a_herd_still_runs():
    res = hp.simulate_retries(hp.Backoff(3, 0.05, 1.0, "none"), [], 100.0, burst_units=1, herd_s=[0.0, 0.0])
    assert res.requests == 2 and res.latency_s(0) == 0.0 and res.latency_s(100) == pytest.approx(0.05)


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"bin_s": float("inf")}, "bin_s"),
        ({"bin_s": 1e300}, "bin_s"),
        ({"bin_s": 0.1, "until_s": float("inf")}, "until_s"),
        ({"bin_s": 0.1, "until_s": 1e300}, "until_s"),  # 1e301 bins: refused before allocating them
        ({"bin_s": 1e-300}, "bin_s"),
    ],
)
def test_per_bin_refuses_spans_it_cannot_count(kwargs, name):
    res = hp.simulate_retries(hp.Backoff(3, 0.05, 1.0), [100], 1000.0, seed=1)
    with pytest.raises(ValueError, match=rf"^{name} = "):
        res.per_bin(**kwargs)


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"bin_s": "abc"}, "bin_s"),
        ({"start_s": 1e300}, "start_s"),
        ({"start_s": float("nan")}, "start_s"),
        ({"until_s": 0.0}, "until_s"),
        ({"until_s": float("inf")}, "until_s"),
        ({"ylim": (0.0, 10.0)}, r"ylim\[0\]"),
        ({"ylim": (10.0, 1.0)}, "ylim"),
        ({"ylim": ()}, "ylim"),
    ],
)
def test_plot_attempts_refuses_bad_axes_by_name(kwargs, name):
    import matplotlib.pyplot as plt

    res = hp.simulate_retries(hp.Backoff(3, 0.05, 1.0), [100], 1000.0, seed=1)
    fig, ax = plt.subplots()
    try:
        with pytest.raises(ValueError, match=rf"^{name} = "):
            hp.plot_attempts(ax, res, title="t", **kwargs)
    finally:
        plt.close(fig)


def test_retry_storm_without_a_spike_is_the_baseline_alone():
    data = hp.EXPLORABLES["retry_storm"].compute(jitter=1, attempts=6, base_ms=100, spike=0)
    assert data["res"].requests == hp.STORM_BASELINE * hp.STORM_SECONDS


# --- standard mode's retry quota (botocore's RetryQuotaChecker) -------------------------------------------------


def test_retry_quota_bounds_the_retries_of_one_client() -> None:
    spike = hp.spike_demand(400, 2_000, 8, 2)
    free = hp.simulate_retries(hp.SDK_STANDARD, spike, 1000.0, seed=14)
    shared = hp.simulate_retries(hp.SDK_STANDARD, spike, 1000.0, seed=14, retry_quota=hp.SDK_STANDARD_RETRY_QUOTA)
    assert free.quota_denied == 0 and shared.quota_denied > 0
    assert np.array_equal(shared.served + shared.throttled, shared.offered)  # conservation holds with the quota
    assert shared.success_rate < free.success_rate and shared.calls < free.calls  # it fails fast
    # a request that gave up with attempts left is one the quota refused
    gave_up_early = (~shared.succeeded) & (shared.attempts_made < hp.SDK_STANDARD.attempts)
    assert int(gave_up_early.sum()) == shared.quota_denied


def test_retry_quota_limits() -> None:
    spike = hp.spike_demand(400, 2_000, 8, 2)
    none = hp.simulate_retries(hp.Backoff(1, 1.0, 20.0), spike, 1000.0, seed=14)
    empty = hp.simulate_retries(hp.SDK_STANDARD, spike, 1000.0, seed=14, retry_quota=0, no_retry_increment=0)
    assert empty.calls == none.calls and empty.success_rate == none.success_rate  # no token: no retry at all
    free = hp.simulate_retries(hp.SDK_STANDARD, spike, 1000.0, seed=14)
    huge = hp.simulate_retries(hp.SDK_STANDARD, spike, 1000.0, seed=14, retry_quota=1_000_000)
    assert huge.calls == free.calls and huge.success_rate == free.success_rate  # a quota that never binds
    for bad in (-1, 1.5, 10**7):
        with pytest.raises(ValueError, match="retry_quota"):
            hp.simulate_retries(hp.SDK_STANDARD, [10], 1000.0, retry_quota=bad)
    with pytest.raises(ValueError, match="retry_cost"):
        hp.simulate_retries(hp.SDK_STANDARD, [10], 1000.0, retry_quota=500, retry_cost=0)


def test_retry_quota_matches_botocores_own_checker() -> None:
    """A throttled retry takes 5 tokens; with 12, the third is refused; a first-attempt success returns 1."""
    quota_mod = pytest.importorskip("botocore.retries.quota")
    q = quota_mod.RetryQuota(12)
    assert [q.acquire(hp.SDK_STANDARD_THROTTLING_RETRY_COST) for _ in range(3)] == [True, True, False]
    # the model: an empty partition (bucket of 1 spent by the first request) and three more requests at once
    res = hp.simulate_retries(hp.Backoff(2, 0.001, 0.001, "none"), [], 1e-9, burst_units=1, herd_s=np.zeros(4), retry_quota=12)
    assert res.quota_denied == 1 and res.successes == 1


# --- issue 39: lists where a scalar belongs, 2-D arrays, the work bound ----------------------------------------------


@pytest.mark.parametrize(("clients", "delay", "named"), [([30, 40], 0.0, "clients"), (30, [0.0, 0.01], "net_delay_s")])
def test_jitter_regimes_cells_are_looked_up_by_checked_scalars(clients, delay, named):
    reg = hp.jitter_regimes([30], [0.0], models=("occ",), runs=1)
    for look_up in (lambda: reg.spread("occ", clients, delay, "none"), lambda: reg.order("occ", clients, delay)):
        with pytest.raises(ValueError, match=rf"^{named} = \[.*\] is a list, not a number"):
            look_up()
    assert reg.spread("occ", np.int64(30), np.float64(0.0), "none") == (465.0, 465.0, 465.0)  # numpy scalars are cells


def test_jitter_regimes_refuses_a_grid_that_is_not_a_list():
    with pytest.raises(ValueError, match=r"^clients has 2 dimensions \(shape \(2, 2\)\)"):
        hp.jitter_regimes([[20, 40], [20, 40]], [0.0], models=("occ",), runs=1)
    with pytest.raises(ValueError, match=r"^net_delays_s has 2 dimensions"):
        hp.jitter_regimes([20], [[0.0, 0.01]], models=("occ",), runs=1)
    assert hp.jitter_regimes(20, 0.0, models=("occ",), runs=1).clients == (20,)  # one size and one delay


def test_jitter_regimes_bounds_the_herd_requests_it_would_simulate():
    # 10**7 herd sizes of one client, 2 delays, 2 models, 4 jitters, 5 runs: 8e8 herd requests, refused before any runs
    with pytest.raises(ValueError, match=r"^clients \(10,000,000 sizes.*net_delays_s .* must make at most 10,000,000$"):
        hp.jitter_regimes(np.ones(10**7))
    with pytest.raises(ValueError, match=r"make 10,000,008 herd requests over 1 models × 4 jitters × runs = 1"):
        hp.jitter_regimes([100_000] * 25 + [2], [0.0], models=("occ",), runs=1)  # 8 herd requests past the bound


def test_simulate_retries_refuses_a_2d_herd_and_bounds_its_attempts():
    policy = hp.Backoff(3, 0.05, 1.0, "full")
    with pytest.raises(ValueError, match=r"^herd_s has 2 dimensions"):
        hp.simulate_retries(policy, [], 100.0, herd_s=np.zeros((2, 2)))
    with pytest.raises(ValueError, match=r"^demand has 2 dimensions"):
        hp.simulate_retries(policy, [[1, 2]], 100.0)
    with pytest.raises(ValueError, match=r"requests × policy.attempts = 3 is 30,000,000 attempts at most: must be"):
        hp.simulate_retries(policy, [], 100.0, herd_s=np.zeros(10**7))
    assert hp.simulate_retries(policy, [], 100.0, herd_s=0.0).requests == 1  # one arrival time is a herd of one
