"""Chapters 2-4's case functions, checked another way (brute force, closed forms, Monte Carlo), and their explorables'
update path (the figure's artists are changed in place, not drawn on a new figure)."""

from __future__ import annotations

import collections
import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.special import zeta

import hotpart as hp

C = hp.PARTITION_MAX_WCU


# ---------------------------------------------------------------------------------------------
# chapter 2: key designs
# ---------------------------------------------------------------------------------------------


def test_hottest_days_names_each_days_hottest_partition_from_the_load():
    date = hp.key_design_cases(6_000, 10)["date"]
    by_day = [int(date.load[(hp.TIMELINE_H >= 24 * d) & (hp.TIMELINE_H < 24 * (d + 1))].max(axis=0).argmax()) for d in range(3)]
    assert date.hottest_days == ", ".join(f"P{j}" for j in by_day)
    assert len(set(by_day)) == 3  # a date key's hot spot moves at every midnight


def test_excess_over_even_is_the_hottest_partition_against_total_over_n():
    total, n = 6_000.0, 10
    user = hp.key_design_cases(total, n)["userId"]  # flat over time: the worst moment offers the whole demand
    assert user.excess_over_even == pytest.approx(user.partition_limit.hottest_demand / (total / n) - 1, rel=1e-9)
    shares = hp.partition_load(user.dist, n)  # the model's layout of the 10^6 user keys
    assert user.excess_over_even == pytest.approx(shares.max() * n - 1, rel=1e-9)


def test_hash_spread_matches_a_monte_carlo_of_hashed_keys():
    m, n, total = 2_000, 20, 8_000.0
    h = hp.hash_spread(m, n, total)
    assert h.even_demand == total / n
    rng = np.random.default_rng(7)
    runs = 4_000
    fullest = np.array([np.bincount(rng.integers(0, n, m), minlength=n).max() for _ in range(runs)])
    mc_hot = total * fullest.mean() / m
    se = total * fullest.std(ddof=1) / m / math.sqrt(runs)
    assert abs(h.expected_hottest_demand - mc_hot) < 4 * se
    assert h.expected_excess == pytest.approx(h.expected_hottest_demand / h.even_demand - 1, rel=1e-9)
    assert h.raab_steger_excess == pytest.approx(hp.raab_steger_max_load(m, n) * n / m - 1, rel=1e-12)


def test_hash_spread_says_over_or_under_the_ceiling():
    assert hp.hash_spread(100, 10, 5_000).vs_ceiling == "under the ceiling"
    assert hp.hash_spread(100, 10, 50_000).vs_ceiling == "over the ceiling"
    with pytest.raises(ValueError, match="n_partitions"):
        hp.hash_spread(100, 1, 5_000)
    with pytest.raises(ValueError, match="total_demand"):
        hp.hash_spread(100, 10, 0)


def test_date_key_case_counts_dates_and_partitions_by_hashing_the_dates():
    days, total, n = 7, 12_000.0, 10
    c = hp.date_key_case(days, total, n, ceiling=hp.PARTITION_MAX_RCU)
    where = collections.Counter(hp.partition_of(list(c.dist.keys()), n).tolist())
    assert c.partitions_used == len(where)
    assert c.dates_on_busiest == max(where.values())
    assert c.per_date == pytest.approx(total / days)
    # every date equally busy (decay 1): each date takes 1/days, the busiest partition its dates' share
    assert c.key_limit.hottest_share == pytest.approx(1 / days)
    assert c.partition_limit.hottest_demand == pytest.approx(total * c.dates_on_busiest / days)
    assert c.busiest_partitions == sum(v == c.dates_on_busiest for v in where.values())
    with pytest.raises(ValueError, match="n_days"):
        hp.date_key_case(0, total, n)


def test_date_key_case_expected_partitions_used_and_all_apart_match_a_simulation():
    days, n = 7, 10
    c = hp.date_key_case(days, 12_000.0, n, ceiling=hp.PARTITION_MAX_RCU)
    assert c.p_all_apart == pytest.approx(math.perm(n, days) / n**days)
    rng = np.random.default_rng(3)
    layouts = rng.integers(0, n, size=(200_000, days))
    used = np.array([len(set(row)) for row in layouts[:20_000]])
    assert used.mean() == pytest.approx(c.expected_partitions_used, abs=0.03)
    distinct = (np.sort(layouts, axis=1)[:, 1:] != np.sort(layouts, axis=1)[:, :-1]).all(axis=1)
    assert distinct.mean() == pytest.approx(c.p_all_apart, abs=0.003)
    assert hp.date_key_case(1, 100.0, 1).expected_partitions_used == 1.0
    assert hp.date_key_case(11, 100.0, 10).p_all_apart == 0.0


def test_alone_multiplier_puts_the_item_alone_at_the_ceiling():
    for total in (6_000.0, 20_000.0):
        sc = hp.sale_case(total, 10)
        assert total * sc.item_share * sc.alone_multiplier == pytest.approx(C, rel=1e-12)
        # the partition also carries other items, so it breaks first
        assert sc.break_multiplier < sc.alone_multiplier


def test_hottest_value_mates_are_the_values_hashed_with_the_hottest():
    cases = hp.key_design_cases(6_000, 10)
    for name in ("status", "user_type"):
        case = cases[name]
        shares = case.dist.shares_by_value
        where = dict(zip(shares, hp.partition_of(list(shares), 10).tolist(), strict=True))
        top = max(shares, key=shares.get)
        expected = {k: v for k, v in shares.items() if k != top and where[k] == where[top]}
        assert dict(case.hottest_value_mates) == pytest.approx(expected)
        # the hottest partition is offered the hottest value plus its mates
        assert case.partition_limit.hottest_demand == pytest.approx(6_000 * (shares[top] + sum(expected.values())))
    assert cases["status"].hottest_value_mates == (("SUSPENDED", 0.02),)
    assert cases["status"].hottest_value_mates_text == "SUSPENDED's 2%"
    assert cases["date"].hottest_value_mates == () and cases["userId"].hottest_value_mates == ()
    assert cases["user_type"].hottest_value_mates_text == "no other value"  # member has its partition to itself


# ---------------------------------------------------------------------------------------------
# chapter 3: Zipf, harmonic numbers, balls into bins
# ---------------------------------------------------------------------------------------------


def test_harmonic_forms_against_a_direct_sum_and_zeta():
    n, s = 5_000, 0.8
    h = hp.harmonic_forms(n, s)
    direct = float(np.sum(np.arange(1, n + 1, dtype=float) ** -s))
    assert h.exact == pytest.approx(direct, rel=1e-10)
    assert h.asymptotic == pytest.approx(direct, rel=1e-8)
    assert h.leading == pytest.approx(n ** (1 - s) / (1 - s))
    assert h.limit == pytest.approx(C * direct)
    assert h.zeta_text == f"{float(zeta(s)):.2f}"
    assert h.zeta_limit is None and h.published_gap is None
    big = hp.harmonic_forms(10**4, 1.5)
    assert big.zeta_limit == pytest.approx(C * 2.612375348685488)  # zeta(3/2)
    # review 3.2: a power of ten reads 10⁴ in prose, never the caret notation 10^4
    assert big.n_text == "10⁴" and hp.harmonic_forms(1234, 1.0).n_text == "1,234"
    assert hp.harmonic_forms(10**12, 1.05).n_text == "10¹²" and "^" not in hp.harmonic_forms(10**10, 1.0).n_text


def test_harmonic_forms_published_gap_against_ycsb():
    h = hp.harmonic_forms(10**10, 0.99, published=hp.YCSB_ZETA_10E10_099)
    assert h.published_gap == pytest.approx(abs(hp.harmonic(10**10, 0.99) / hp.YCSB_ZETA_10E10_099 - 1))
    assert h.published_gap < 1e-9


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(1, 3_000),
    s=st.floats(0.0, 2.5),
    total=st.floats(0.0, 1e6),
)
def test_keys_above_ceiling_counts_the_whole_head_by_brute_force(n, s, total):
    z = hp.Zipf(n, s)
    brute = int(np.count_nonzero(total * z.head(n) > C))
    assert hp.keys_above_ceiling(z, total) == brute


def test_keys_above_ceiling_on_the_chapters_exercise_and_a_huge_uniform():
    assert hp.keys_above_ceiling(hp.Zipf(10**8, 1.2), 50_000) == int(
        np.count_nonzero(50_000 * hp.Zipf(10**8, 1.2).head(1_000) > C)
    )
    assert hp.keys_above_ceiling(hp.Zipf(10**12, 0.0), 1e9) == 0  # 10^12 equal keys: each far below the ceiling
    assert hp.keys_above_ceiling(hp.Zipf(10, 0.0), 20_000) == 10
    with pytest.raises(ValueError, match="dist"):
        hp.keys_above_ceiling(hp.Uniform(10), 1_000)


@pytest.mark.parametrize("s", [0.5, 1.0, 1.05, 1.5])
def test_zipf_limit_growth_against_direct_sums(s):
    g = hp.zipf_limit_growth(s, 100, 20_000)
    h_from = math.fsum(k**-s for k in range(1, 101))
    h_to = math.fsum(k**-s for k in range(1, 20_001))
    assert g.limit_from == pytest.approx(C * h_from, rel=1e-10) and g.limit_to == pytest.approx(C * h_to, rel=1e-10)
    assert g.growth == pytest.approx(h_to / h_from, rel=1e-10)
    assert g.p1_from == pytest.approx(1 / h_from, rel=1e-10) and g.p1_to == pytest.approx(1 / h_to, rel=1e-10)


def test_limit_growth_falls_continuously_through_s_one():
    """Just above 1 more keys still raise the limit nearly as much as at 1; well above 1 they hardly do."""
    grow = [hp.zipf_limit_growth(s, 10**4, 10**12).growth for s in (1.0, 1.01, 1.05, 1.1, 1.2, 1.5)]
    assert all(a > b for a, b in itertools.pairwise(grow))
    assert grow[1] > 2.5 and grow[2] > 1.9 and grow[-1] < 1.01
    assert hp.zipf_limit_growth(1.05, 10**4, 10**12).limit_to == pytest.approx(15_557, abs=1)


def test_zipf_flat_exponent_is_where_the_growth_reaches_the_bound():
    s = hp.zipf_flat_exponent(10**4, 10**12, 1.1)
    assert hp.zipf_limit_growth(s, 10**4, 10**12).growth == pytest.approx(1.1, rel=1e-8)
    assert hp.zipf_limit_growth(s - 0.01, 10**4, 10**12).growth > 1.1 > hp.zipf_limit_growth(s + 0.01, 10**4, 10**12).growth
    assert 1.2 < s < 1.3
    with pytest.raises(ValueError, match="max_growth"):
        hp.zipf_flat_exponent(10**4, 10**12, 5.0)  # more than the growth at s = 1
    with pytest.raises(ValueError, match="n_to"):
        hp.zipf_flat_exponent(10**4, 10**4)


@pytest.mark.parametrize("n", [100, 1_000, 10_000])
def test_max_load_regime_starts_are_where_max_load_regime_changes(n):
    starts = hp.max_load_regime_starts(n)
    for regime, before in (("i", "sparse"), ("ii", "i"), ("iii", "ii"), ("iv", "iii")):
        first = math.ceil(starts[regime])
        assert hp.max_load_regime(first, n) == regime and hp.max_load_regime(first - 1, n) == before
    assert starts["iv"] == pytest.approx(n * math.log(n) ** 3)
    with pytest.raises(ValueError, match="n"):
        hp.max_load_regime_starts(1)


def test_max_load_case_against_a_monte_carlo_of_balls_into_bins():
    m, n = 1_000, 50
    c = hp.max_load_case(m, n, n_runs=500, seed=3)
    rng = np.random.default_rng(11)
    fullest = np.array([np.bincount(rng.integers(0, n, m), minlength=n).max() for _ in range(4_000)])
    se = fullest.std(ddof=1) / math.sqrt(fullest.size)
    assert abs(c.expected - fullest.mean()) < 4 * se
    p = float(np.mean(fullest > math.floor(c.raab_steger)))
    assert abs(c.p_pass - p) < 4 * math.sqrt(p * (1 - p) / fullest.size) + 1e-3
    assert c.even == m / n and c.expected_ratio == pytest.approx(c.expected_excess + 1)
    assert abs(c.simulated - c.expected) < 5 * c.simulated_se
    assert c.simulated_excess == pytest.approx(c.simulated / c.even - 1)


def test_max_load_case_without_runs_and_with_one_key():
    c = hp.max_load_case(1, 10)  # sparse: no Raab-Steger level
    assert c.expected == pytest.approx(1.0) and c.even == 0.1 and c.simulated is None
    assert c.raab_steger is None and c.p_pass is None and hp.hash_spread(1, 10, 100).raab_steger_excess is None
    with pytest.raises(ValueError, match="n_runs"):
        hp.max_load_case(10, 10, n_runs=-1)


def test_balls_in_bins_table_rows_come_from_max_load_case():
    _, rows = hp.balls_in_bins_table([1_000], 100, n_runs=200, seed=1)
    c = hp.max_load_case(1_000, 100, n_runs=200, seed=1)
    assert rows[0][2] == f"{c.expected:,.2f}" and rows[0][-1] == f"{c.p_pass:.0%}"


# ---------------------------------------------------------------------------------------------
# chapter 4: composite keys, item collections, time series
# ---------------------------------------------------------------------------------------------


def test_composite_case_keys_on_hottest_by_counting_hashed_user_keys():
    n_ent, n = 10_000, 10
    user = hp.composite_cases(n_ent, 30, 500, n)[1]
    shares = hp.partition_load(user.dist, n)  # equally busy keys: a partition's share is its keys over all keys
    assert user.keys_on_hottest == round(shares.max() * n_ent)
    assert user.excess_over_even == pytest.approx(user.keys_on_hottest / (n_ent / n) - 1, rel=1e-9)
    assert user.n_partitions == n
    device = hp.composite_cases(n_ent, 30, 500, n)[3]
    assert device.years_to_limit * 365.25 == pytest.approx(device.days_to_limit)


def test_device_collection_grows_linearly_until_the_limit():
    c = hp.device_collection(10.0, 500)
    assert c.month_gb == pytest.approx(31 * c.day_gb)
    assert c.days_to_limit * c.day_gb == pytest.approx(c.limit_gb)
    assert c.day_over_limit == pytest.approx(c.day_gb / hp.ITEM_COLLECTION_MAX_GB)
    assert c.month_vs_limit == "above" and hp.device_collection(1.0, 500).month_vs_limit == "below"
    with pytest.raises(ValueError, match="rate_per_s"):
        hp.device_collection(0.0, 500)


def test_sparse_status_index_splits_the_demand_by_status():
    dist = hp.Categorical({"A": 0.7, "B": 0.25, "C": 0.05})
    g = hp.sparse_status_index(dist, 10_000, full="A", sparse="C")
    assert (g.full_wcu, g.sparse_wcu) == pytest.approx((7_000, 500))
    assert g.sparse_vs_ceiling == "under"
    assert hp.sparse_status_index(dist, 100_000, full="A", sparse="C").sparse_vs_ceiling == "over"
    with pytest.raises(ValueError, match="sparse"):
        hp.sparse_status_index(dist, 10_000, full="A", sparse="D")


def test_time_series_reads_against_a_brute_force_copy():
    """The chapter's small copy, counted item by item, scaled to all devices."""
    every, hours, devices, item = 2, 3, 4, 500
    start, end = 3_600, 7_200
    stamps = range(0, hours * 3_600, every)
    per_device = sum(1 for s in stamps if start <= s <= end)
    r = hp.time_series_reads(devices, every, item, window_s=end - start)
    assert r.items_per_device == per_device
    assert r.by_date.items_read == devices * per_device and r.by_date.items_returned == per_device
    assert r.kb_per_device == pytest.approx(per_device * item / 1024)
    assert r.date_gb == pytest.approx(devices * per_device * item / 1024**3)
    # one page: eventually consistent reads cost half a unit per 4 KB of the page's total size
    assert r.by_device.read_units == pytest.approx(math.ceil(per_device * item / 4096) / 2)
    assert r.by_device_strong.read_units == pytest.approx(2 * r.by_device.read_units)
    assert r.date_ratio == pytest.approx(r.by_date.read_units / r.by_device.read_units)
    assert r.day_items == sum(1 for s in range(0, 86_400 + 1, every))
    assert r.two_tables.read_units >= r.one_table.read_units
    with pytest.raises(ValueError, match="write_every_s"):
        hp.time_series_reads(10, 0, 500)


def test_time_series_reads_price_only_the_stored_writes_of_a_throttled_date_key():
    """Chapter 4's date key is offered 5x the ceiling and keeps 1 write in 5: its Query reads what was stored."""
    every, item, devices = 2, 500, 10_000
    full = hp.time_series_reads(devices, every, item)
    kept = hp.time_series_reads(devices, every, item, date_stored_fraction=0.2)
    per_device = 3_600 // every + 1
    assert kept.by_date.items_read == round(0.2 * devices * per_device) == 3_602_000
    assert kept.by_date.items_returned == round(0.2 * per_device) == 360  # device-0 lost the rest
    # 2,097 items of 500 B fill a 1 MiB page, a full page costs 128 RCU eventually consistent
    assert kept.by_date.pages == math.ceil(3_602_000 / (1024**2 // item)) == 1_718
    assert kept.date_ratio == pytest.approx(kept.by_date.read_units / kept.by_device.read_units)
    assert 1_990 < kept.date_ratio < 2_010 and full.date_ratio > 9_990  # the old premise priced every write
    assert kept.by_device == full.by_device  # the device key is under the ceiling: nothing changes
    for bad in (0, 1.5, float("nan")):
        with pytest.raises(ValueError, match="date_stored_fraction"):
            hp.time_series_reads(devices, every, item, date_stored_fraction=bad)


# ---------------------------------------------------------------------------------------------
# the explorables update in place
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "change"),
    [
        ("key_design_load", {"design": 1, "n_partitions": 3}),
        ("zipf_head", {"s": 1.5, "n_keys": 100}),
        ("composite_keys", {"design": 4, "n_partitions": 20}),
    ],
)
def test_an_update_keeps_the_figure_axes_and_legends(name, change):
    e = hp.EXPLORABLES[name]
    assert e.update is not None
    fig = e.draw(e.data())
    axes, legends = list(fig.axes), [ax.get_legend() for ax in fig.axes]
    assert e.redraw(fig, e.data(**change)) is fig
    assert list(fig.axes) == axes and [ax.get_legend() for ax in fig.axes] == legends


# --- chapter 4, round 3: stored writes, LSI projections, where the statuses land ------------------------------


def test_stored_rate_keeps_only_what_the_partition_serves():
    # 4,500 of a partition's 4,600 WCU/s, cut to the 1,000 it serves: in proportion, 4,500 / 4.6
    assert hp.stored_rate(4_500, 4_600) == pytest.approx(4_500 / 4.6)
    assert hp.stored_rate(300, 900) == 300  # under the ceiling every write is stored
    assert hp.stored_rate(5_000, 5_000, ceiling=2_000) == pytest.approx(2_000)
    with pytest.raises(ValueError, match="ceiling"):
        hp.stored_rate(1, 1, ceiling=0)


def test_lsi_projections_count_towards_the_collection():
    alone = hp.device_collection(0.5, 500)
    with_all = hp.device_collection(0.5, 500, lsi_projected_bytes=500)
    assert with_all.days_to_limit == pytest.approx(alone.days_to_limit / 2)
    assert with_all.month_gb == pytest.approx(2 * alone.month_gb)
    assert with_all.days_to_limit * with_all.day_gb == pytest.approx(with_all.limit_gb)
    with pytest.raises(ValueError, match="lsi_projected_bytes"):
        hp.device_collection(0.5, 500, lsi_projected_bytes=-1)


def test_status_partitions_against_partition_of():
    dist = hp.key_design("status")
    c = hp.status_partitions(dist, 5_000, 10)
    where = dict(zip(dist.keys(), hp.partition_of(dist.keys(), 10).tolist(), strict=True))
    assert c["partition"] == where
    same = [v for v in dist.keys() if v != "ACTIVE" and where[v] == where["ACTIVE"]]
    assert c["sharing"] == same and c["alone"] == (not same)
    assert c["hottest_partition_wcu"] == pytest.approx(5_000 * sum(dist.shares_by_value[v] for v in ["ACTIVE", *same]))
    # the same number as the scale limit's hottest partition, since ACTIVE's partition is the hottest
    assert c["hottest_partition_wcu"] == pytest.approx(hp.scale_limit(dist, 5_000, n_partitions=10).hottest_demand)
    with pytest.raises(ValueError, match="dist"):
        hp.status_partitions(hp.Uniform(10), 5_000, 10)


def test_partitions_over_ceiling_counts_the_bars_above_it():
    dist = hp.Uniform(100_000, prefix="USER#")
    load = hp.partition_load(dist, 20) * 20_000
    assert hp.partitions_over_ceiling(dist, 20_000, 20) == int((load > C).sum())
    assert hp.partitions_over_ceiling(dist, 10_000, 20) == 0  # half the demand: all under


def test_new_period_table_against_the_published_peak():
    c = hp.new_period_table(5_000)
    assert c["sustained_wcu"] == 2 * hp.ON_DEMAND_NEW_TABLE_PEAK["write"] == 4_000
    # the word follows the sustained rate: "sustains 4,000 ..., less than the 5,000 it takes" (not "above")
    assert c["vs"] == "less than" and hp.new_period_table(4_000)["vs"] == "at least"
    assert hp.new_period_table(4_000.5)["vs"] == "less than"
    assert hp.status_partitions(hp.key_design("status"), 5_000, 10)["placement"] == "sharing its partition"
