"""Chapters 2 to 4's models: key popularity, keys onto partitions, balls into bins, scale limits."""

import math
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp
from conftest import ROOT
from hotpart.models import harmonic_numbers, item_collections, key_designs, max_load

# --- harmonic numbers ---------------------------------------------------------------------------

HARMONIC_N = [1, 2, 10, 999, 1000, 1001, 4321, 10**5, 10**6]
HARMONIC_S = [0.0, 0.1, 0.5, 0.99, 1.0, 1.01, 1.5, 2.0, 3.7]


@pytest.mark.parametrize("s", HARMONIC_S)
def test_harmonic_matches_an_explicit_fsum(s):
    terms = np.arange(1, max(HARMONIC_N) + 1, dtype=float) ** -s
    for n in HARMONIC_N:
        exact = math.fsum(terms[:n])
        assert hp.harmonic(n, s) == pytest.approx(exact, rel=1e-10, abs=0), (n, s)


def test_harmonic_agrees_with_ycsb_hard_coded_zeta():
    # YCSB's ScrambledZipfianGenerator hard-codes ZETAN = H(10**10, 0.99)
    assert hp.harmonic(10**10, 0.99) == pytest.approx(hp.YCSB_ZETA_10E10_099, rel=1e-9, abs=0)


def test_harmonic_limits():
    assert hp.harmonic(10**12, 0) == 1e12
    # s = 1: H(n) = ln n + gamma + 1/(2n) - ...
    n = 10**12
    assert hp.harmonic(n, 1) == pytest.approx(math.log(n) + 0.5772156649015329 + 1 / (2 * n), rel=1e-13)
    # s = 2: pi**2/6 - 1/n + ...
    assert hp.harmonic(10**9, 2) == pytest.approx(math.pi**2 / 6 - 1e-9, rel=1e-14)


@pytest.mark.parametrize("s", [0.1, 0.5, 0.9, 0.99, 1.0, 1.01, 1.5, 2.0, 3.7])
@pytest.mark.parametrize("n", [10**3, 10**6, 10**9, 10**12])
def test_harmonic_asymptotic_agrees_with_the_exact_sum(n, s):
    assert harmonic_numbers.harmonic_asymptotic(n, s) == pytest.approx(hp.harmonic(n, s), rel=1e-10)


def test_the_leading_term_alone_drops_zeta():
    # the course's old formula H(n, s) ~ n**(1-s)/(1-s): at s = 0.99, n = 10**12 it gives 132 against 32.4
    from scipy.special import zeta

    n, s = 10**12, 0.99
    lead = n ** (1 - s) / (1 - s)
    assert hp.harmonic(n, s) == pytest.approx(32.4022, abs=1e-4)
    assert lead == pytest.approx(131.83, abs=0.01)
    assert hp.harmonic(n, s) == pytest.approx(zeta(s) + lead, rel=1e-9)
    assert harmonic_numbers.harmonic_asymptotic(n, s) == pytest.approx(hp.harmonic(n, s), rel=1e-12)
    with pytest.raises(ValueError, match=r"^s = 0 is out of range"):
        harmonic_numbers.harmonic_asymptotic(10, 0)


# --- distributions: shares, head, effective cardinality -------------------------------------------


def all_distributions():
    return [
        hp.Zipf(5_000, 0.99),
        hp.Zipf(1, 2.0),
        hp.Zipf(20_000, 0.0),
        hp.Uniform(777),
        hp.Categorical({"ACTIVE": 0.9, "INACTIVE": 0.08, "SUSPENDED": 0.02}),
        hp.Categorical({"admin": 1, "member": 80, "guest": 19}),
        hp.DateKey(30, 0.3),
        hp.DateKey(7, 0.0),
        hp.DateKey(365, 1.0),
        hp.Boosted(hp.Zipf(3_000, 0.8, prefix="ITEM#"), rank=5, factor=300),
        hp.FlashSale(2_000, multiplier=50, duration_h=2, start_h=10, s=0.5),
    ]


@pytest.mark.parametrize("dist", all_distributions(), ids=repr)
def test_shares_sum_to_one_and_agree_with_the_closed_forms(dist):
    p = dist.shares()
    assert p.shape == (dist.n_keys,)
    assert math.fsum(p) == pytest.approx(1.0, abs=1e-12)
    assert np.all(p >= 0)
    desc = np.sort(p)[::-1]
    for k in sorted({min(k, dist.n_keys) for k in (1, 2, 5, dist.n_keys // 2, dist.n_keys)}):
        assert dist.top_share(k) == pytest.approx(math.fsum(desc[:k]), abs=1e-12)
    assert dist.effective_cardinality() == pytest.approx(1 / math.fsum(p * p), rel=1e-9)
    assert 1 - 1e-9 <= dist.effective_cardinality() <= dist.n_keys * (1 + 1e-9)
    for n_partitions in (1, 3, 10):
        load = hp.partition_load(dist, n_partitions)
        assert load.shape == (n_partitions,)
        assert math.fsum(load) == pytest.approx(1.0, abs=1e-12)
        exact = np.bincount(hp.partition_of(dist.keys(), n_partitions), weights=p, minlength=n_partitions)
        np.testing.assert_allclose(load, exact, atol=1e-12)


@pytest.mark.parametrize("dist", all_distributions(), ids=repr)
def test_excess_over_a_cap_matches_brute_force(dist):
    p = dist.shares()
    for t in (0.0, 1e-6, 1e-4, 0.01, 0.05, 0.3, 0.9, 1.0):
        assert dist.excess_over(t) == pytest.approx(np.maximum(0, p - t).sum(), abs=1e-12), t


@pytest.mark.parametrize("dist", all_distributions(), ids=repr)
def test_keys_for_share_is_the_smallest_sufficient_head(dist):
    for q in (0.1, 0.5, 0.8, 0.99):
        k = dist.keys_for_share(q)
        assert dist.top_share(k) >= q - 1e-12
        assert k == 1 or dist.top_share(k - 1) < q


def test_zipf_with_s_zero_equals_uniform():
    for n in (1, 10, 1_000, 10**6, 10**12):
        z, u = hp.Zipf(n, 0.0), hp.Uniform(n)
        for k in (1, min(n, 7), n):
            assert z.top_share(k) == pytest.approx(u.top_share(k), rel=1e-12)
        assert z.effective_cardinality() == pytest.approx(u.effective_cardinality(), rel=1e-12)
        np.testing.assert_allclose(z.head(min(n, 100)), u.head(min(n, 100)), rtol=1e-12)
        np.testing.assert_allclose(z.partition_shares(12, seed=3), u.partition_shares(12, seed=3), rtol=1e-9)
    np.testing.assert_allclose(hp.Zipf(500, 0).shares(), hp.Uniform(500).shares(), rtol=1e-12)


def test_zipf_head_never_lists_the_key_space():
    z = hp.Zipf(10**12, 0.99)
    head = z.head(1_000)
    assert head[0] == pytest.approx(1 / hp.harmonic(10**12, 0.99), rel=1e-12)
    assert z.top_share(1_000) == pytest.approx(math.fsum(head), rel=1e-12)
    assert np.all(np.diff(head) < 0)
    with pytest.raises(ValueError, match=r"n_keys = 1000000000000 is too many to list"):
        z.shares()
    # top-k of the 10**12-key head against a large explicit head
    assert z.top_share(10**6) == pytest.approx(math.fsum(z.head(10**6)), rel=1e-10)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 10**12),
    st.integers(1, 10**12),
    st.floats(0, 4),
)
def test_hottest_share_is_non_increasing_in_n_keys(n1, n2, s):
    lo, hi = sorted((n1, n2))
    assert hp.Zipf(hi, s).top_share(1) <= hp.Zipf(lo, s).top_share(1) * (1 + 1e-12)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10**12), st.floats(0, 4), st.floats(0, 4))
def test_hottest_share_is_non_decreasing_in_s(n, s1, s2):
    lo, hi = sorted((s1, s2))
    assert hp.Zipf(n, lo).top_share(1) <= hp.Zipf(n, hi).top_share(1) * (1 + 1e-12)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 10**12), st.floats(0, 3), st.integers(1, 10**6))
def test_top_share_is_monotone_in_k_and_bounded(n, s, k):
    z = hp.Zipf(n, s)
    k = min(k, n - 1)
    assert 0 < z.top_share(k) <= z.top_share(k + 1) <= 1 + 1e-12
    assert z.top_share(k) >= k / n * (1 - 1e-12)  # the head is at least its uniform share


def test_zipf_sampler_agrees_with_the_closed_form():
    for s in (0.0, 0.7, 1.0, 1.6):
        z = hp.Zipf(10**12, s)
        ranks = z.sample(50_000, seed=7)
        assert ranks.min() >= 1 and ranks.max() <= z.n_keys
        for k in (1, 10, 1_000, 10**6, 10**9):
            p = z.top_share(k)
            sd = math.sqrt(p * (1 - p) / ranks.size)
            assert abs(np.mean(ranks <= k) - p) <= 5 * sd + 1e-3, (s, k)


# --- key designs --------------------------------------------------------------------------------


def test_date_key_rolls_over_at_midnight():
    d = hp.DateKey(30, 0.0)
    assert d.today_share == 1.0
    assert d.at(23.99).keys()[0] == "2026-04-01"
    assert d.at(24.0).keys()[0] == "2026-04-02"
    load = hp.load_over_time(d, [0, 12, 23.75, 24, 47.75, 48], n_partitions=10, total_demand=5_000)
    hot = load.argmax(axis=1)
    assert hot[0] == hot[1] == hot[2] and hot[3] == hot[4]
    np.testing.assert_allclose(load.sum(axis=1), 5_000)
    assert len({hot[0], hot[3], hot[5]}) >= 2  # three dates, at least two different partitions


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 365), st.floats(0, 1))
def test_date_key_today_share_round_trips(n_days, u):
    q = 1 / n_days + u * (1 - 1 / n_days)
    d = hp.DateKey.with_today_share(n_days, q)
    assert d.today_share == pytest.approx(q, abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 60), st.floats(0, 1), st.floats(0, 1))
def test_date_key_today_share_rises_as_traffic_decays_faster(n_days, r1, r2):
    slow, fast = sorted((r1, r2), reverse=True)
    assert hp.DateKey(n_days, fast).today_share >= hp.DateKey(n_days, slow).today_share - 1e-12


def test_flash_sale_spikes_and_conserves_demand():
    sale = hp.FlashSale(10_000, multiplier=100, duration_h=1.5, start_h=20, s=0.8)
    b = sale.everyday.top_share(1)
    t = np.array([0, 19.9, 20, 21.4, 21.5, 30])
    share = sale.item_share(t)
    np.testing.assert_allclose(share[[0, 1, 4, 5]], b)
    np.testing.assert_allclose(share[[2, 3]], 100 * b / (1 + 99 * b))
    np.testing.assert_allclose(sale.demand_factor(t)[[2, 3]], 1 + 99 * b)
    load = hp.load_over_time(sale, t, n_partitions=8, total_demand=1_000)
    np.testing.assert_allclose(load.sum(axis=1), 1_000 * sale.demand_factor(t))
    item_partition = int(hp.partition_of("ITEM#1", 8)[0])
    extra = load[2] - load[0]
    assert extra[item_partition] == pytest.approx(1_000 * 99 * b)
    np.testing.assert_allclose(np.delete(extra, item_partition), 0, atol=1e-9)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 2_000), st.floats(0, 2), st.floats(1, 1e4), st.data())
def test_boosted_closed_forms_match_brute_force(n, s, factor, data):
    rank = data.draw(st.integers(1, n))
    b = hp.Boosted(hp.Zipf(n, s), rank=rank, factor=factor)
    p = b.shares()
    assert math.fsum(p) == pytest.approx(1, abs=1e-12)
    desc = np.sort(p)[::-1]
    for k in {1, 2, min(n, 10), n}:
        assert b.top_share(k) == pytest.approx(math.fsum(desc[:k]), abs=1e-12)
    assert b.effective_cardinality() == pytest.approx(1 / math.fsum(p * p), rel=1e-9)
    t = data.draw(st.floats(0, 1))
    assert b.excess_over(t) == pytest.approx(np.maximum(0, p - t).sum(), abs=1e-12)


def test_key_design_catalogue():
    assert hp.KEY_DESIGNS == ("date", "status", "user_type", "popular item", "userId", "deviceId", "orderId")
    for name in hp.KEY_DESIGNS:
        d = hp.key_design(name)
        assert isinstance(d, hp.KeyDistribution)
    # low-cardinality designs are concentrated; high-cardinality ones are not
    assert hp.key_design("status").effective_cardinality() < 2
    assert hp.key_design("userId").effective_cardinality() == 10**6
    assert hp.key_design("date", hot_share=0.75).top_share(1) == pytest.approx(0.75)
    with pytest.raises(ValueError, match=r"name = 'email' is not allowed"):
        hp.key_design("email")


# --- keys onto partitions -----------------------------------------------------------------------

KEYS = [f"USER#{i}" for i in range(200)] + ["2026-04-01", "ACTIVE", "日付"]


def test_partition_of_is_deterministic_across_processes():
    code = f"import hotpart as hp, json;print(json.dumps(hp.partition_of({KEYS!r}, 37).tolist()))"
    runs = [
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={"PYTHONHASHSEED": seed, "PATH": ""},
        ).stdout
        for seed in ("1", "2")
    ]
    here = hp.partition_of(KEYS, 37).tolist()
    assert runs[0] == runs[1]
    assert [int(x) for x in runs[0].strip()[1:-1].split(",")] == here


def test_partition_of_cuts_the_hash_space_into_contiguous_ranges():
    # one partition holds everything; doubling the partitions splits each range in two
    assert set(hp.partition_of(KEYS, 1).tolist()) == {0}
    p4, p8 = hp.partition_of(KEYS, 4), hp.partition_of(KEYS, 8)
    np.testing.assert_array_equal(p8 // 2, p4)


@pytest.mark.parametrize(("m", "n"), [(100_000, 10), (100_000, 100), (20_000, 1_000)])
def test_partition_of_spreads_uniform_keys_within_balls_into_bins_bounds(m, n):
    counts = np.bincount(hp.partition_of([f"USER#{i}" for i in range(m)], n), minlength=n)
    runs = 400
    mean_max, se = hp.simulated_max_load(m, n, n_runs=runs, seed=11)
    sd_max = se * math.sqrt(runs)
    # the fullest partition is as full as a random hash makes it: within 4 sd of the simulated maximum
    assert abs(counts.max() - mean_max) <= 4 * sd_max + 1
    # and the emptiest mirrors it below the mean
    assert m / n - counts.min() <= (mean_max - m / n) + 4 * sd_max + 1
    # chi-square goodness of fit against uniform, at a 1e-4 level
    from scipy.stats import chisquare

    assert chisquare(counts).pvalue > 1e-4


def test_sampled_partition_shares_of_a_huge_key_space_match_exact_hashing():
    z = hp.Zipf(300_000, 0.7)  # above the exact-listing limit, so sampled; small enough to hash in the test
    exact = np.bincount(hp.partition_of(z.keys(), 10), weights=z.shares(), minlength=10)
    sampled = z.partition_shares(10, seed=5)
    np.testing.assert_allclose(sampled, exact, atol=0.01)
    assert math.fsum(sampled) == pytest.approx(1, abs=1e-12)
    # the mean over seeds converges to the expected load: head exact, tail spread evenly
    again = z.partition_shares(10, seed=5)
    np.testing.assert_array_equal(sampled, again)


# --- balls into bins ----------------------------------------------------------------------------


# (m, n): the course's sizes and the regimes' corners. The test compares the EXCESS over the even share m/n, which is
# what the chapters glue: the old code (Raab and Steger's high-probability form used as the mean) was 7% to 26% of
# the excess too high here, e.g. 10,000 keys on 100 partitions: +27.7% against a simulated +25.96% (25 standard errors).
MAX_LOAD_CASES = [
    (3, 10),
    (100, 100),
    (1_000, 2),
    (1_000, 1_000),
    (10**4, 10),
    (10**4, 100),
    (10**5, 20),
    (10**5, 30),
    (10**6, 10),
    (10**6, 100),
]


@pytest.mark.parametrize(("m", "n"), MAX_LOAD_CASES)
def test_expected_max_load_excess_matches_a_seeded_simulation(m, n):
    runs = 4_000
    simulated, se = hp.simulated_max_load(m, n, n_runs=runs, seed=123)
    exact = hp.expected_max_load(m, n)
    even = m / n
    # the excess over the even share, to within 4 standard errors of the simulated mean (and 0.3% of the excess)
    assert abs((exact - even) - (simulated - even)) <= 4 * se + 0.003 * (simulated - even), (exact, simulated, se)


@pytest.mark.parametrize(("m", "n"), [(10**4, 100), (10**5, 30), (10**6, 100), (10**6, 10)])
def test_raab_steger_is_a_high_probability_level_above_the_mean(m, n):
    assert hp.max_load_regime(m, n) in {"iii", "iv"}
    level = hp.raab_steger_max_load(m, n)
    mean = hp.expected_max_load(m, n)
    assert level > mean
    # and it is not the mean: the simulated mean is many standard errors below it
    simulated, se = hp.simulated_max_load(m, n, n_runs=4_000, seed=7)
    assert level - simulated > 10 * se


@pytest.mark.parametrize(("m", "n"), [(10**4, 100), (10**5, 100), (10**6, 10)])
def test_raab_steger_level_is_not_one_the_maximum_rarely_passes(m, n):
    """Chapter 3 once called Raab and Steger's form a level the fullest partition "rarely passes" and one it stays
    under "with probability tending to one". With alpha = 1 it is their theorem's sharp threshold: at the course's
    sizes the fullest partition passes it in a fifth to a third of layouts, by the exact distribution function
    and by a seeded simulation (independent of it)."""
    level = hp.raab_steger_max_load(m, n)
    exact = float(1 - hp.max_load_cdf(m, n, math.floor(level))[0])
    runs = 20_000
    drawn = np.random.default_rng(11).multinomial(m, [1 / n] * n, size=runs).max(axis=1)
    simulated = float(np.mean(drawn > level))
    assert abs(simulated - exact) < 4 * math.sqrt(exact * (1 - exact) / runs), (exact, simulated)
    assert 0.15 < exact < 0.4, exact


def test_max_load_cdf_matches_brute_force_enumeration():
    import itertools

    for m, n in [(4, 3), (5, 2), (6, 4), (3, 5)]:
        maxima = [max(np.bincount(a, minlength=n)) for a in itertools.product(range(n), repeat=m)]
        for k in range(m + 1):
            assert max_load.max_load_cdf(m, n, [k])[0] == pytest.approx(np.mean(np.array(maxima) <= k), abs=1e-12), (m, n, k)
        assert hp.expected_max_load(m, n) == pytest.approx(np.mean(maxima), abs=1e-12)


@pytest.mark.parametrize("m", [200, 500])
@pytest.mark.parametrize("n", [2, 5, 10, 100, 1_000])
def test_edgeworth_and_exact_convolution_agree_where_both_apply(m, n):
    lam = m / n
    ks = np.arange(math.ceil(lam), min(m, math.ceil(lam + 14 * math.sqrt(lam) + 40)) + 1)
    exact = max_load._max_load_cdf_exact(m, n, ks)
    edge = np.where(ks >= m, 1.0, max_load._max_load_cdf_edgeworth(m, n, ks))
    excess = math.ceil(lam) + math.fsum(1 - exact) - lam
    gap = abs(math.fsum(exact - edge))  # the difference of the two expectations
    assert gap <= (2e-3 if n == 2 else 5e-4) * excess


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 3_000), st.integers(1, 300))
def test_max_load_cdf_is_a_distribution_function(m, n):
    k = np.unique(np.r_[np.arange(0, min(m, math.ceil(m / n) + 60) + 1), m])
    f = max_load.max_load_cdf(m, n, k)
    assert np.all(np.diff(f) >= -1e-12)
    assert np.all(f[k < math.ceil(m / n)] == 0) and f[-1] == 1.0
    # the expectation is the sum of the tail, and lies between the even share and m
    assert m / n - 1e-9 <= hp.expected_max_load(m, n) <= m + 1e-9
    assert np.all((0 <= f) & (f <= 1))


def test_max_load_regimes_and_limits():
    assert hp.max_load_regime(5, 1) == "one bin" and hp.expected_max_load(5, 1) == 5
    assert hp.expected_max_load(0, 10) == 0
    assert hp.max_load_regime(10, 10**4) == "sparse"
    assert hp.max_load_regime(200, 1_000) == "i"
    assert hp.max_load_regime(10**4, 10**3) == "ii"
    assert hp.max_load_regime(10**5, 10**3) == "iii"
    assert hp.max_load_regime(10**6, 10**3) == "iv"
    with pytest.raises(ValueError, match=r"m = 10 is out of range for a closed form"):
        hp.raab_steger_max_load(10, 10**4)
    # the asymptotic forms err by tens of percent at small sizes: why the simulation is used there
    assert hp.raab_steger_max_load(100, 100) > 1.15 * hp.simulated_max_load(100, 100)[0]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**5), st.integers(1, 200))
def test_expected_max_load_lies_between_the_mean_and_all_keys(m, n):
    v = hp.expected_max_load(m, n, n_runs=50)
    assert m / n - 1e-9 <= v <= m + 1e-9


# --- scale limits -------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10**12), st.floats(0, 3), st.floats(1, 1e7), st.floats(1, 1e4))
def test_scale_limit_of_a_single_hot_key_is_ceiling_over_p_max(n, s, total, ceiling):
    z = hp.Zipf(n, s)
    lim = hp.scale_limit(z, total, ceiling)
    assert lim.max_total_demand == pytest.approx(ceiling / z.top_share(1))
    assert lim.hottest_demand == pytest.approx(total * z.top_share(1))
    # nothing refused below the limit; something above it
    assert (lim.refused_fraction > 0) == (total > lim.max_total_demand * (1 + 1e-12))
    assert 0 <= lim.refused_fraction <= 1


def test_scale_limit_does_not_depend_on_provisioned_capacity():
    status = hp.key_design("status")
    limits = {hp.scale_limit(status, total).max_total_demand for total in (1e3, 1e4, 1e5)}
    assert len(limits) == 1
    assert limits.pop() == pytest.approx(hp.PARTITION_MAX_WCU / 0.9)


@settings(max_examples=40, deadline=None)
@given(st.floats(100, 1e6), st.integers(1, 40))
def test_scale_limit_on_partitions_conserves_demand(total, n_partitions):
    dist = hp.key_design("user_type", hot_share=0.7)
    lim = hp.scale_limit(dist, total, n_partitions=n_partitions)
    demand = total * hp.partition_load(dist, n_partitions)
    served = np.minimum(demand, hp.PARTITION_MAX_WCU).sum()
    assert served + lim.refused == pytest.approx(total)
    # hashing keys together never beats isolating them
    assert lim.max_total_demand <= hp.scale_limit(dist, total).max_total_demand * (1 + 1e-12)


# --- item collections ---------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.floats(1e-3, 1e3), st.floats(1, 4e5))
def test_days_to_collection_limit_inverts_the_growth(rate, item_bytes):
    days = hp.days_to_collection_limit(rate, item_bytes)
    assert hp.item_collection_gb(rate, item_bytes, [days])[0] == pytest.approx(hp.ITEM_COLLECTION_MAX_GB)
    capped = hp.item_collection_gb(rate, item_bytes, [days * 10], window_days=days / 2)[0]
    assert capped == pytest.approx(hp.ITEM_COLLECTION_MAX_GB / 2)


def test_item_collection_sizes_are_in_binary_gigabytes():
    """AWS: all DynamoDB sizes are binary (1 GB = 1024 MB = 2**30 bytes), so the 10 GB item-collection limit is
    10 * 2**30 bytes. The old code divided by 10**9 and reached the limit 7.4% too early (463 days instead of 497
    for a device writing 250 bytes a second)."""
    assert "1 GB = 1024 MB" in hp.SOURCES["DYNAMODB_BINARY_SIZE_UNITS"].quote
    day_bytes = 1.0 * 1024 * 86_400  # one 1,024-byte item a second for a day
    assert hp.item_collection_gb(1.0, 1024, [1])[0] == pytest.approx(day_bytes / 2**30, rel=1e-12)
    # by hand: 10 * 2**30 bytes at 0.5 items/s of 500 bytes (250 bytes/s)
    assert hp.days_to_collection_limit(0.5, 500) == pytest.approx(10 * 2**30 / 250 / 86_400, rel=1e-12)
    assert hp.days_to_collection_limit(0.5, 500) == pytest.approx(497.1, abs=0.05)


def test_composite_designs():
    status, _ = hp.composite_design(0, 10_000)
    device, never = hp.composite_design(3, 10_000)
    monthly, window = hp.composite_design(4, 10_000)
    assert monthly.keys()[0] == "DEVICE#2026-04#1"
    assert status.effective_cardinality() < 2 and device.effective_cardinality() == 10_000
    assert status == hp.key_design("status")  # chapters 2 and 4 share one status mix (ASSUMPTIONS["DESIGN_HOT_SHARE"])
    assert math.isinf(never) and window == 31
    assert hp.days_to_collection_limit(0, 100) == math.inf


# --- Query cost: the time-series read of chapter 4 --------------------------------------------------


def test_query_sums_item_sizes_then_rounds_to_4_kb():
    # three 1,500-byte items: 4,500 bytes, two 4 KB blocks; item by item it would be three
    assert item_collections.query_cost(3, 1_500, consistency="strong").read_units == 2.0
    assert item_collections.query_cost(3, 1_500).read_units == 1.0  # eventually consistent: boto3's default
    per_item = 3 * float(hp.read_units(1_500, "strong"))
    assert per_item == 3.0


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.floats(1, 400 * 1024), st.integers(1, 50), st.data())
def test_query_cost_pages_and_prices_what_it_reads(items, item_bytes, keys, data):
    kept = data.draw(st.integers(0, items))
    q = item_collections.query_cost(items, item_bytes, items_returned=kept, partition_keys=keys)
    strong = item_collections.query_cost(items, item_bytes, items_returned=kept, consistency="strong", partition_keys=keys)
    assert strong.read_units == pytest.approx(2 * q.read_units)
    # a filter does not change what is read or paid
    assert q.read_units == item_collections.query_cost(items, item_bytes, partition_keys=keys).read_units
    # at least the bytes read in 4 KB blocks, at most one extra block per page
    blocks = items * item_bytes / hp.READ_UNIT_BYTES
    assert blocks / 2 - 1e-9 <= q.read_units <= (blocks + q.pages) / 2 + 1e-9
    # no page holds more than 1 MB, unless one item alone
    assert q.pages >= math.ceil(items * item_bytes / hp.QUERY_PAGE_MAX_BYTES) if item_bytes <= hp.QUERY_PAGE_MAX_BYTES else True
    assert q.pages >= keys


def _query_units_page_by_page(items, item_bytes, keys, consistency):
    """query_cost's pages and units as it added them before: a list of every page's size, math.fsum of their units."""
    per_page = max(1, int(hp.QUERY_PAGE_MAX_BYTES // item_bytes))
    pages, units = 0, 0.0
    base, extra = divmod(items, keys)
    for count, how_many in ((base + 1, extra), (base, keys - extra)):
        if how_many == 0:
            continue
        full, rest = divmod(count, per_page)
        sizes = [per_page * item_bytes] * full + ([rest * item_bytes] if rest or count == 0 else [])
        pages += how_many * len(sizes)
        units += how_many * math.fsum(float(hp.read_units(x, consistency)) for x in sizes)
    return pages, units


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, 20_000),
    st.one_of(st.floats(1, 400 * 1024), st.sampled_from([1.0, 3.0, 4096.0, 100_000.0, 400 * 1024.0])),
    st.integers(1, 50),
    st.sampled_from(["eventual", "strong"]),
)
def test_query_cost_adds_its_pages_as_it_did_page_by_page(items, item_bytes, keys, consistency):
    """The pages of one size are priced once and multiplied, exactly (the same bits as fsum over the pages)."""
    q = item_collections.query_cost(items, item_bytes, partition_keys=keys, consistency=consistency)
    assert (q.pages, q.read_units) == _query_units_page_by_page(items, item_bytes, keys, consistency)


def test_the_date_key_reads_every_device_of_the_window():
    # chapter 4: one device's hour against the date key's hour of every device, filtered
    per_device, devices = 1_801, 10_000
    by_device = item_collections.query_cost(per_device, 500)
    by_date = item_collections.query_cost(per_device * devices, 500, items_returned=per_device)
    assert by_device.read_units == math.ceil(per_device * 500 / 4096) / 2
    assert by_date.read_units > 0.99 * devices * by_device.read_units


def test_key_design_defaults_are_the_named_assumptions():
    import inspect

    params = inspect.signature(hp.key_design).parameters
    assert params["sale_start_h"].default == key_designs.SALE_START_H == hp.ASSUMPTIONS["SALE_START_H"].value
    assert params["sale_duration_h"].default == key_designs.SALE_DURATION_H == hp.ASSUMPTIONS["SALE_DURATION_H"].value
    assert params["items_s"].default == key_designs.ITEMS_ZIPF_S == hp.ASSUMPTIONS["ITEMS_ZIPF_S"].value
    assert dict(params["key_counts"].default) == key_designs.DESIGN_KEYS == hp.ASSUMPTIONS["DESIGN_KEYS"].value
    sale = hp.key_design("popular item", sale_start_h=3.0, sale_duration_h=2.0, items_s=1.0)
    assert (sale.start_h, sale.duration_h, sale.s) == (3.0, 2.0, 1.0)
    assert hp.key_design("userId", key_counts={**key_designs.DESIGN_KEYS, "userId": 77}).n_keys == 77


def test_a_read_dashboard_meets_the_read_ceiling():
    # chapter 2, exercise 2: seven dates read evenly; reads meet 3,000 RCU/s per partition, not 1,000 WCU/s
    week = hp.DateKey(7, 1.0)
    assert hp.scale_limit(week, 12_000, ceiling=hp.PARTITION_MAX_RCU).max_total_demand == pytest.approx(7 * hp.PARTITION_MAX_RCU)
    assert hp.scale_limit(week, 12_000).max_total_demand == pytest.approx(7 * hp.PARTITION_MAX_WCU)


# --- validation and reprs -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: hp.Zipf(0, 1), r"^n_keys = 0 is out of range: must be in \[1, 9.0072e\+15\]"),
        (lambda: hp.Zipf(10, -0.5), r"^s = -0.5 is out of range"),
        (lambda: hp.Zipf(10, float("nan")), r"^s = nan is not a number"),
        (lambda: hp.Uniform(2.5), r"^n_keys = 2.5 is not a whole number"),
        (lambda: hp.Categorical({}), r"^shares_by_value = \{\} is not allowed"),
        (lambda: hp.Categorical({"A": -1, "B": 2}), r"^shares_by_value\[0\] = -1.0 is out of range"),
        (lambda: hp.Categorical({"A": 0}), r"sums to 0"),
        (lambda: hp.DateKey(0, 0.5), r"^n_days = 0 is out of range"),
        (lambda: hp.DateKey(5, 1.5), r"^decay = 1.5 is out of range"),
        (lambda: hp.DateKey(5, 0.5, start="tomorrow"), r"^start = 'tomorrow' is not an ISO date"),
        (lambda: hp.FlashSale(100, 0.5, 1), r"^multiplier = 0.5 is out of range"),
        (lambda: hp.FlashSale(100, 5, 0), r"^duration_h = 0 is out of range"),
        (lambda: hp.Boosted(hp.Uniform(5), rank=6), r"^rank = 6 is out of range"),
        (lambda: hp.Zipf(10, 1).top_share(11), r"^k = 11 is out of range"),
        (lambda: hp.Zipf(10, 1).excess_over(2), r"^threshold = 2 is out of range"),
        (lambda: hp.partition_load("ACTIVE", 3), r"^dist = 'ACTIVE' is not allowed"),
        (lambda: hp.partition_load(hp.Uniform(5), 0), r"^n_partitions = 0 is out of range"),
        (lambda: hp.scale_limit(hp.Uniform(5), -1), r"^total_demand = -1 is out of range"),
        (lambda: hp.scale_limit([0.5, 0.4], 10), r"summing to 1"),
        (lambda: hp.expected_max_load(-1, 3), r"^m = -1 is out of range"),
        (lambda: hp.expected_max_load(10**9, 10), r"^m = 1000000000 is out of range"),
        (lambda: max_load.max_load_cdf(5, 0, [1]), r"^n = 0 is out of range"),
        (lambda: item_collections.query_cost(5, 0), r"^item_bytes = 0 is out of range"),
        (lambda: item_collections.query_cost(5, 100, items_returned=6), r"^items_returned = 6 is out of range"),
        (
            lambda: item_collections.query_cost(5, 100, consistency="transactional"),
            r"^consistency = 'transactional' is not allowed",
        ),
        (lambda: hp.simulated_max_load(10, 10**6), r"^n = 1000000 is out of range"),
    ],
)
def test_bad_input_is_refused_by_name(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_reprs_say_what_matters():
    assert "hottest key 3.09%" in repr(hp.Zipf(10**12, 0.99))
    assert "ACTIVE 90.0%" in repr(hp.key_design("status"))
    assert "today's share 90.00%" in repr(hp.key_design("date"))
    assert "x20" in repr(hp.key_design("popular item"))
    assert "throttles above 1,111" in repr(hp.scale_limit(hp.key_design("status"), 5_000))


# --- hard edges (issue 15) ---------------------------------------------------------------------


def test_edge_partition_of_refuses_an_unrepresentable_partition_count_by_name():
    with pytest.raises(ValueError, match=r"^n_partitions = 1e\+300 is out of range"):  # was OverflowError
        hp.partition_of(["a"], 1e300)
    with pytest.raises(ValueError, match=r"^keys = None is not allowed"):  # was a bare TypeError
        hp.partition_of(None, 4)


def test_edge_partition_of_takes_integer_counts_exactly_up_to_2_63():
    # the simulator places keys at 62-bit hash positions: a count above 2**53 must not be rounded through a float
    pos = hp.partition_of(["a", "b", "c"], 2**62)
    assert pos.dtype == np.int64 and bool(((pos >= 0) & (pos < 2**62)).all())
    odd = 2**62 + 1
    assert hp.partition_of(["a"], odd)[0] == (int.from_bytes(__import__("hashlib").md5(b"a").digest(), "big") * odd) >> 128


@pytest.mark.parametrize("param", ["sale_start_h", "sale_duration_h", "items_s"])
@pytest.mark.parametrize("bad", [math.nan, math.inf, -1, "abc", None])
def test_edge_key_design_checks_the_sale_parameters_for_every_design(param, bad):
    for name in ("userId", "popular item"):
        with pytest.raises(ValueError, match=rf"^{param} = "):
            hp.key_design(name, **{param: bad})


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: hp.ScaleLimit(1000.0, 1000.0, math.nan, 0.0), r"^hottest_share = nan"),
        (lambda: hp.QueryRead(1, 1, -1.0, 1, 0.5, 1), r"^bytes_read = -1.0 is out of range"),
        (lambda: hp.item_collection_gb([1e300], 500, [1]), r"^writes_per_s\[0\] = 1e\+300 is out of range"),  # was inf
        (lambda: hp.simulated_max_load(1e300, 10), r"^m = 1e\+300 is out of range"),  # was OverflowError
        (lambda: hp.query_cost(1e300, 500), r"^items_read = 1e\+300 is out of range"),  # was OverflowError
        (lambda: hp.Zipf(100, 1.0).partition_shares(4, seed=-1), r"^seed = -1"),
        (lambda: hp.Categorical({"a": 1.0}).partition_shares(4, seed="abc"), r"^seed = 'abc'"),
    ],
)
def test_edge_records_and_counts_refuse_bad_values_by_name(call, message):
    with pytest.raises(ValueError, match=message):
        call()


# --- issue 39: a time series of partitions is 1-D in time, and bounded --------------------------------------------


def test_load_over_time_takes_a_1d_time_axis_within_its_work_bound():
    d = hp.DateKey(7, 0.0)
    with pytest.raises(ValueError, match=r"^t_h has 2 dimensions \(shape \(1, 2\)\): must be a 1-D array"):
        hp.load_over_time(d, [[23, 25]], n_partitions=4, total_demand=1000)
    with pytest.raises(ValueError, match=r"^t_h has 100,001 values: must have at most 100,000$"):
        hp.load_over_time(d, np.zeros(100_001), n_partitions=4, total_demand=1000)
    with pytest.raises(ValueError, match=r"^t_h \(100,000 times\) × n_partitions = 1,000 is 100,000,000 values"):
        hp.load_over_time(d, np.zeros(100_000), n_partitions=1_000, total_demand=1000)
    load = hp.load_over_time(d, np.arange(0.0, 48.0, 0.5), n_partitions=4, total_demand=1000)
    np.testing.assert_allclose(load.sum(axis=1), 1000.0)  # every time carries the whole demand


def test_flash_sale_factors_are_elementwise_in_any_shape():
    sale = hp.FlashSale(100, multiplier=10.0, duration_h=1.0, start_h=2.0)
    t = np.array([[0.0, 2.5], [2.5, 4.0]])
    assert sale.demand_factor(t).shape == sale.item_share(t).shape == (2, 2)
    np.testing.assert_array_equal(sale.demand_factor(t)[0], sale.demand_factor(t[0]))


# --- issue 39: sizes bounded by name, subnormal divisors refused by name, each distinct load computed once ---
def test_max_load_cdf_computes_each_distinct_load_once_and_refuses_2d_by_name():
    ks = np.array([3, 0, 1, 2, 1, 7, 3])
    one_by_one = np.array([max_load.max_load_cdf(6, 3, [k])[0] for k in ks])
    np.testing.assert_array_equal(max_load.max_load_cdf(6, 3, ks), one_by_one)  # bit for bit, in the caller's order
    assert max_load.max_load_cdf(6, 3, 2).shape == (1,)  # one number is one load
    with pytest.raises(ValueError, match=r"^k has 2 dimensions \(shape \(2, 3\)\)"):
        max_load.max_load_cdf(2, 2, [[0, 1, 2], [0, 1, 2]])


def test_skew_tables_and_ceilings_refuse_what_they_cannot_compute_by_name():
    with pytest.raises(ValueError, match=r"^s_values has 101 values: must have at most 100"):
        hp.zipf_limits_table(np.ones(101), [10])
    with pytest.raises(ValueError, match=r"^n_values has 101 values: must have at most 100"):
        hp.zipf_limits_table([1.0], np.full(101, 10))
    with pytest.raises(ValueError, match=r"^m_values has 101 values: must have at most 100"):
        hp.balls_in_bins_table(np.full(101, 10), 100)
    with pytest.raises(ValueError, match=r"^ceiling = 5e-324 is out of range: must be >= .*total_demand / ceiling"):
        hp.keys_above_ceiling(hp.Zipf(10**8, 1.2), 50_000, ceiling=5e-324)
    with pytest.raises(ValueError, match=r"^published = 5e-324 is out of range: must be >= .*their gap"):
        hp.harmonic_forms(10**4, 1.0, published=5e-324)
    assert hp.keys_above_ceiling(hp.Zipf(10**8, 1.2), 50_000) == 6  # the chapter's count stays


def test_sale_case_break_multiplier_is_zero_when_the_other_items_already_pass_the_ceiling():
    c = hp.sale_case(6_000, 10, ceiling=1.0)  # a ceiling far below the other items' demand on the partition
    assert c.others_wcu > 1.0 and c.break_multiplier == 0.0
    assert round(hp.sale_case(6_000, 10).break_multiplier, 1) == 2.1  # the chapter's multiplier stays
    for f in (hp.sale_case, hp.key_design_cases):
        with pytest.raises(ValueError, match=r"^total_wcu = 5e-324 is out of range: must be in \[0\.001, 1e\+09\]"):
            f(5e-324, 10)
