"""The chapter functions of 17 to 19 that the hidden cells call and glue, each checked another way (brute force,
closed form, a direct model call or a Monte Carlo run), and their explorables' update path.

Functions: ``range_example_case``, ``strategy_settings_case`` (figures/strategies.py); ``modulo_case``,
``ring_growth_case``, ``ring_spread_case``, ``vnodes_for_spread`` and the new keys of ``range_split_case`` and
``jump_growth_case`` (figures/resharding.py); ``migration_case``, ``backfill_case``, ``logical_resize_case`` and the
new keys of ``dual_write_case``, ``logical_move_case`` and ``logical_shards_needed`` (figures/migration.py).
"""

from __future__ import annotations

import bisect
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp

# --- 17 ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("ids", [(0, 999, 1000, 2999), (5, 1999, 2000, 10**12)])
def test_range_example_case_places_ids_by_bisection(ids):
    bounds = (1000, 2000)
    *_, last = ids
    c = hp.range_example_case(bounds, last_listed=ids[1], new_id=last)
    # shard = the number of boundaries at or below the key
    assert c["last_listed_shard"] == bisect.bisect_right(bounds, ids[1])
    assert c["new_shard"] == bisect.bisect_right(bounds, last)
    assert c["n_shards"] == len(bounds) + 1 and c["boundaries"] == bounds
    assert c["first_unlisted"] == ids[1] + 1


def test_range_example_case_refuses_bad_input_by_name():
    with pytest.raises(ValueError, match=r"^boundaries = \(\) is not allowed"):
        hp.range_example_case(())
    with pytest.raises(ValueError, match=r"^last_listed = -1 is out of range"):
        hp.range_example_case(last_listed=-1)


@pytest.mark.parametrize("n", [1, 4, 8, 16])
def test_strategy_settings_case_against_closed_forms(n):
    c = hp.strategy_settings_case(n, 30)
    assert c["even_share"] == pytest.approx(1 / n)
    w = hp.KEYS_PER_DAY
    assert c["hash_range_expected"] == pytest.approx(n * (1 - (1 - 1 / n) ** w))
    # a point query is routed when the cache holds the placement or the lookup answers
    h, a = c["dir_hit_rate"], c["dir_availability"]
    assert c["dir_routed"] == pytest.approx(h + (1 - h) * a)
    shares = [float(x.strip("%")) / 100 for x in c["geo_shares"].split(", ")]
    assert len(shares) == c["geo_n"] and sum(shares) == pytest.approx(1.0)
    assert c["geo_cross_ms"] >= c["geo_local_ms"]


def test_strategy_settings_case_refuses_zero_shards():
    with pytest.raises(ValueError, match=r"^n_shards = 0 is out of range"):
        hp.strategy_settings_case(0)


# --- 18 ---------------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 40), st.integers(1, 40))
def test_modulo_case_by_brute_force_over_three_periods(a, b):
    n, m = min(a, b), max(a, b)  # the case grows the table (a count of new shards is never negative: issue 49)
    c = hp.modulo_case(n, m)
    period = int(c["period"])
    keys = np.arange(3 * period)
    stay = keys % n == keys % m
    assert period % n == 0 and period % m == 0 and period == n * m // math.gcd(n, m)
    assert int(stay.sum()) == 3 * c["stay"]
    assert c["moved_per_period"] == period - c["stay"]
    assert c["moved"] == pytest.approx(1 - stay.mean())
    assert c["ideal"] == pytest.approx(max(1 - n / m, 0)) and c["new_shards"] == m - n


def test_modulo_case_refuses_zero_shards_by_name():
    with pytest.raises(ValueError, match=r"^n = 0 is out of range"):
        hp.modulo_case(0, 4)


@pytest.mark.parametrize(("n", "m", "vnodes"), [(3, 4, 1), (3, 4, 100), (8, 16, 100), (10, 11, 20)])
def test_ring_growth_case_against_the_rings_measured_on_keys(n, m, vnodes):
    c = hp.ring_growth_case(n, m, vnodes)
    before = hp.HashRing([str(i) for i in range(n)], vnodes)
    after = hp.HashRing([str(i) for i in range(m)], vnodes)
    assert c["moved"] == pytest.approx(before.moved_share(after))
    keys = np.random.default_rng(7).integers(0, 2**64, size=200_000, dtype=np.uint64)
    a, b = np.array(before.nodes)[before.lookup(keys)], np.array(after.nodes)[after.lookup(keys)]
    moved = float(np.mean(a != b))
    assert abs(moved - c["moved"]) < 4 * math.sqrt(c["moved"] * (1 - c["moved"]) / keys.size) + 1e-3
    counts = np.bincount(after.lookup(keys), minlength=m)
    assert abs(counts.max() / counts.mean() - c["busiest"]) < 0.05
    assert c["ideal"] == pytest.approx(1 - n / m)


@pytest.mark.parametrize(("vnodes", "n_nodes"), [(1, 10), (100, 10), (30, 4)])
def test_ring_spread_case_against_beta_and_gamma(vnodes, n_nodes):
    c = hp.ring_spread_case(vnodes, n_nodes, n_rings=60)
    v, n = vnodes, n_nodes
    assert c["cv"] == pytest.approx(math.sqrt((n - 1) / (n * v + 1)), rel=1e-6)  # Beta(V, (N-1)V) times N
    assert c["cv_gamma"] == pytest.approx(1 / math.sqrt(v))
    assert c["measured"] == pytest.approx(hp.ring_spread_measured(v, n, n_rings=60).std())
    # the sample std of 60 N shares lies near the exact spread (loose: shares within a ring are dependent)
    assert abs(c["measured"] - c["cv"]) < 0.25 * c["cv"]


@pytest.mark.parametrize(("target", "n_nodes"), [(0.05, 50), (0.1, 10), (0.3, 5), (1.0, 2)])
def test_vnodes_for_spread_is_the_smallest_v_with_one_over_root_v_within_target(target, n_nodes):
    c = hp.vnodes_for_spread(target, n_nodes, n_rings=5)
    v = int(c["vnodes"])
    assert 1 / math.sqrt(v) <= target + 1e-12 and (v == 1 or 1 / math.sqrt(v - 1) > target)
    assert c["lookup_cost"] == pytest.approx(max(1.0, math.log2(n_nodes * v)), rel=1e-9)
    assert c["measured"] == pytest.approx(hp.ring_spread_measured(v, n_nodes, n_rings=5).std())


def test_vnodes_for_spread_refuses_a_target_needing_too_many_vnodes():
    with pytest.raises(ValueError, match=r"^target = 0.01 is out of range"):
        hp.vnodes_for_spread(0.01, 10)


@pytest.mark.parametrize(("n", "splits"), [(3, 1), (8, 3), (4, 4)])
def test_range_split_case_new_keys_against_closed_forms(n, splits):
    c = hp.range_split_case(n, splits=splits, n_keys=50_000)
    m = n + splits
    assert c["half"] == pytest.approx(1 / (2 * n))
    assert c["split_all"] == pytest.approx(0.5)
    assert c["modulo"] == pytest.approx(1 - min(n, m) / math.lcm(n, m))
    assert c["ideal"] == pytest.approx(1 - n / m)
    assert c["from_split_share"] == 1.0 and c["to_new_share"] == 1.0
    assert c["copy_whole"] == pytest.approx(splits / n)  # a Vitess split copies each whole source range


def test_range_split_case_of_chapter_18_vitess_copies_a_third_and_a_balancer_a_quarter():
    """Chapter 19, 3 -> 4: DynamoDB's split moves 1/6, a Vitess split copies the whole shard (1/3), a balancer that
    evens data sizes moves the floor 1/4 (the reviewer's recomputation)."""
    c = hp.range_split_case(3, splits=1)
    assert c["formula"] == pytest.approx(1 / 6)
    assert c["copy_whole"] == pytest.approx(1 / 3)
    assert c["ideal"] == pytest.approx(1 / 4)
    assert c["copy_whole"] > c["ideal"] > c["formula"]


@pytest.mark.parametrize("n", [2, 4, 25, 1000])
def test_harmonic_number_is_ln_n_plus_euler_gamma_to_within_one_over_2n(n):
    """Chapter 19: jump hash's expected loop steps H(n) = ln n + gamma + O(1/(2n)), below Lamping & Veach's ln n + 1."""
    h = hp.harmonic(n, 1)
    assert h == pytest.approx(sum(1 / i for i in range(1, n + 1)))
    assert abs(h - (math.log(n) + np.euler_gamma)) <= 1 / (2 * n)
    assert h <= math.log(n) + 1


@pytest.mark.parametrize("n", [1, 4, 11, 500])
def test_jump_steps_case_counts_the_loop_steps_of_a_direct_jump_hash(n):
    """Chapter 19: H(n) is the mean number of jumps the loop takes, counted here on 20,000 keys (1 + jumps below n)."""
    c = hp.jump_steps_case(n)
    assert c["expected"] == pytest.approx(hp.harmonic(n, 1))
    assert c["approx"] == pytest.approx(c["ln"] + c["gamma"]) and c["bound"] == pytest.approx(c["ln"] + 1)
    # the buckets a key passes through as the count grows 1..n are the loop's steps: count the changes
    keys = np.arange(20_000, dtype=np.uint64)
    changes = np.ones(keys.size)
    prev = hp.jump_hash(keys, 1)
    for b in range(2, n + 1):
        cur = hp.jump_hash(keys, b)
        changes += cur != prev
        prev = cur
    assert changes.mean() == pytest.approx(c["expected"], rel=0.03)


def test_virtual_nodes_figure_follows_v_and_labels_a_cumulative_axis():
    """Chapter 19: the x-range shrinks with 1/sqrt(V) and keeps every measured share; the y-axis says it is a CDF."""
    from hotpart.figures.resharding import _vnodes_xrange

    e = hp.EXPLORABLES["virtual_nodes"]
    widths = []
    for v in (1, 100, 1000):
        data = e.data(vnodes=v)
        lo, hi = _vnodes_xrange(data)
        assert lo <= data["measured"].min() and hi >= data["measured"].max()
        widths.append(hi - lo)
    assert widths[0] > widths[1] > widths[2]
    fig = e.draw(e.data(vnodes=100))
    assert fig.axes[0].get_ylabel() == "fraction of nodes with share ≤ x"
    assert fig.axes[0].get_xlim() == pytest.approx((0.6, 1.4))


@pytest.mark.parametrize("n", [1, 5, 10])
def test_jump_growth_case_new_keys_by_a_direct_jump_hash_call(n):
    c = hp.jump_growth_case(n, 20_000)
    keys = np.arange(20_000, dtype=np.uint64)
    before, after = hp.jump_hash(keys, n), hp.jump_hash(keys, n + 1)
    moved = before != after
    assert c["to_new_share"] == float(np.mean(after[moved] == n)) == 1.0
    assert c["n_after"] == n + 1 and c["last_key"] == 19_999


# --- 19 ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("d", "c", "v"), [(2_000, 50, 100), (100, 500, 1_000), (10_000, 25, 50)])
def test_migration_case_against_the_step_lengths_added_up(d, c, v):
    r = hp.migration_case(d, c, v)
    deploy, switch, bake = r["deploy_h"], r["switch_h"], r["bake_h"]
    assert (deploy, switch, bake) == (2.0, 24.0, 72.0)  # MigrationPlan's defaults
    assert r["backfill_h"] == pytest.approx(d / c) and r["verify_h"] == pytest.approx(d / v)
    coexist = deploy + d / c + d / v + switch + bake
    assert r["coexist_h"] == pytest.approx(coexist)
    assert r["coexist_days"] == pytest.approx(coexist / 24)
    assert r["total_days"] == pytest.approx((coexist + d / c) / 24)  # deletion at the copy rate
    assert r["coexist_share"] == pytest.approx(coexist / (coexist + d / c))
    assert r["extra_write_h"] == pytest.approx(r["dual_write_overhead"] * coexist)


@pytest.mark.parametrize(("n", "m"), [(3, 4), (8, 16), (10, 11)])
def test_placement_step_hours_scale_with_the_data_the_rule_moves(n, m):
    """Chapter 20: the copy, the verification and the deletion scale with the moved data (modulo against the floor)."""
    c = hp.placement_step_hours(2_000, n, m, 50, 100)
    assert c["modulo_gb"] == pytest.approx(2_000 * (1 - min(n, m) / math.lcm(n, m)))
    assert c["floor_gb"] == pytest.approx(2_000 * (1 - n / m))
    for rule in ("modulo", "floor"):
        gb = c[f"{rule}_gb"]
        assert c[f"copy_h_{rule}"] == pytest.approx(gb / 50) == pytest.approx(c[f"delete_h_{rule}"])
        assert c[f"verify_h_{rule}"] == pytest.approx(gb / 100)
    assert c["verify_h_modulo"] >= c["verify_h_floor"]


def test_placement_step_hours_of_chapter_19():
    c = hp.placement_step_hours(2_000, 3, 4, 50, 100)
    assert (c["verify_h_modulo"], c["verify_h_floor"]) == (15.0, 5.0)
    with pytest.raises(ValueError, match=r"^m = 3 is out of range"):
        hp.placement_step_hours(2_000, 3, 3, 50, 100)


def test_migration_defaults_are_the_named_assumptions():
    """Chapter 20's box lists every default the timeline takes from the course: deploy, ramp, fallback, deletion."""
    plan = hp.MigrationPlan(2_000, 50, 100)
    assert plan.deploy_h == hp.ASSUMPTIONS["MIGRATION_DEPLOY_H"].value
    assert plan.switch_h == hp.ASSUMPTIONS["MIGRATION_SWITCH_H"].value
    assert plan.bake_h == hp.ASSUMPTIONS["MIGRATION_BAKE_H"].value
    assert hp.ASSUMPTIONS["MIGRATION_DELETE_AT_COPY_RATE"].value is None and plan.delete_gb_per_h == 50


def test_migration_timeline_axis_follows_the_move():
    """Chapter 20: the explorable's time axis ends at 1.5 times the move, whatever the data size."""
    e = hp.EXPLORABLES["migration_timeline"]
    for gb in (e.control("data_gb").low, e.defaults()["data_gb"], e.control("data_gb").high):
        data = e.data(data_gb=gb)
        assert data["xmax_days"] == pytest.approx(1.5 * data["plan"].total_h / 24)


def test_migration_case_refuses_a_zero_rate_by_name():
    with pytest.raises(ValueError, match=r"^copy_gb_per_h = 0 is out of range"):
        hp.migration_case(100, 0, 100)


def test_backfill_case_against_the_closed_form_and_a_direct_call():
    n, w, hours, lag = 200_000, 400, 1.5, 3.0
    c = hp.backfill_case(n, w, hours, lag, seed=2)
    assert c["expected"] == pytest.approx(n * (1 - math.exp(-w * lag / n)))
    assert c["approx"] == pytest.approx(w * lag)
    assert abs(c["lost"] - c["expected"]) < 4 * math.sqrt(c["expected"])
    direct = hp.backfill_lost_updates(n, w, hours * 3600, lag, seed=2)
    assert c["lost"] == direct["simulated"] and c["updates"] == direct["updates"]
    assert c["lost_conditional"] == 0.0


def test_backfill_case_refuses_a_negative_lag_by_name():
    with pytest.raises(ValueError, match=r"^copy_lag_s = -1 is out of range"):
        hp.backfill_case(1_000, 10, 1.0, -1)


@settings(max_examples=30, deadline=None)
@given(st.floats(0, 1))
def test_dual_write_case_direct_formula_equals_the_half_applied_probability(p):
    c = hp.dual_write_case(1.0, 1.0, p)
    assert c["p_split_direct"] == pytest.approx(c["p_split"], abs=1e-12)


def test_logical_move_case_adds_one_machine_by_default_and_moves_whole_shards():
    c = hp.logical_move_case(64, 5)
    assert c["p_after"] == 6.0
    assert c == hp.logical_move_case(64, 5, 6)
    assert c["whole_share"] == 1.0 and c["whole"] == 1.0


@pytest.mark.parametrize("el", [2, 12, 256])
def test_logical_resize_case_by_brute_force(el):
    c = hp.logical_resize_case(el)
    more = el + el // 2
    keys = np.arange(math.lcm(el, more) * 2)
    assert c["more"] == more and c["more_moved"] == pytest.approx(np.mean(keys % el != keys % more))
    keys = np.arange(2 * el * 2)
    assert c["double"] == 2 * el and c["double_moved"] == pytest.approx(np.mean(keys % el != keys % (2 * el)))


def test_logical_shards_needed_reports_its_tolerance():
    assert hp.logical_shards_needed(1.05, 20)["tolerance"] == pytest.approx(0.05)


# --- the explorables: update instead of repaint ----------------------------------------------------


@pytest.mark.parametrize("name", ["sharding_strategies", "resharding", "virtual_nodes", "migration_timeline"])
def test_explorables_of_17_to_19_update_their_figure_in_place(name):
    """The update path keeps the figure and its artists (the pixel comparison is tests/test_explorables_pixels.py's)."""
    e = hp.EXPLORABLES[name]
    assert e.update is not None
    fig = e.draw(e.data())
    artists = [len(ax.get_children()) for ax in fig.axes]
    corner = {c.name: c.high for c in e.controls}
    assert e.redraw(fig, e.data(**corner)) is fig
    assert [len(ax.get_children()) for ax in fig.axes] == artists


# --- issue 39: chapter tables bounded by name, rates and probabilities too small to compute refused by name ---
def test_sharding_tables_refuse_more_rows_than_a_page_holds_by_name():
    many = tuple(range(1, 102))
    with pytest.raises(ValueError, match=r"^shards has 101 values: must have at most 100"):
        hp.half_applied_rows(many, (0.01,))
    with pytest.raises(ValueError, match=r"^p_fail has 101 values: must have at most 100"):
        hp.half_applied_rows((2,), np.full(101, 0.01))
    with pytest.raises(ValueError, match=r"^n_physicals has 101 values: must have at most 100"):
        hp.logical_balance_rows((12,), many)
    with pytest.raises(ValueError, match=r"^n_logicals has 21 values: must have at most 20"):
        hp.plot_logical_balance(hp.new_figure()[1][0], tuple(range(1, 22)), 16)
    with pytest.raises(ValueError, match=r"^changes has 101 pairs: must have at most 100"):
        hp.moved_rows([(4, 5)] * 101)
    with pytest.raises(ValueError, match=r"^boundaries has 10,000 values: must have at most 9,999"):
        hp.range_example_case(tuple(range(1, 10_001)))
    assert hp.half_applied_rows((2,), (0.01,)) == (["shards", "p = 1%"], [("2", "2.0%")])  # the chapter's row stays


def test_sharding_cases_refuse_subnormal_rates_and_unreachable_probabilities_by_name():
    with pytest.raises(ValueError, match=r"^node_reads_per_s = 5e-324 is out of range: must be >= "):
        hp.replicas_needed(90_000, 5e-324, 0.8)
    for name in ("node_reads_per_s", "node_writes_per_s"):
        args = {"node_reads_per_s": 10_000.0, "node_writes_per_s": 2_000.0, name: 5e-324}
        with pytest.raises(ValueError, match=rf"^{name} = 5e-324 is out of range: must be >= "):
            hp.unsharded_load(90_000, 1_500, **args)
    for name in ("copy_gb_per_h", "verify_gb_per_h"):
        args = {"copy_gb_per_h": 50.0, "verify_gb_per_h": 100.0, name: 5e-324}
        with pytest.raises(ValueError, match=rf"^{name} = 5e-324 is out of range: must be >= .*hours"):
            hp.placement_step_hours(2_000, 3, 4, **args)
        with pytest.raises(ValueError, match=rf"^{name} = 5e-324 is out of range: must be >= .*hours"):
            hp.MigrationPlan(data_gb=2_000, **args)
    with pytest.raises(ValueError, match=r"^delete_gb_per_h = 5e-324 is out of range: must be >= .*delete hours"):
        hp.MigrationPlan(data_gb=2_000, copy_gb_per_h=50, verify_gb_per_h=100, delete_gb_per_h=5e-324)
    # the least probability one 64-bit ID reaches by the birthday bound: below it no whole ID is counted
    with pytest.raises(ValueError, match=r"^probability = 5e-324 is out of range: must be in \[2\.71051e-20, 1\)"):
        hp.collision_case(5e-324)
    assert hp.collision_case(-math.expm1(-(2.0**-65)))["ids"] >= 1.0
    assert hp.replicas_needed(90_000, 10_000, 0.8) == 1  # the chapter's count stays


def test_migration_caption_gives_the_whole_move_as_the_text_does():
    """Review turn 4, 19-3: the explorable's caption rounds the whole move as the chapter's text does (8.25 days)."""
    e = hp.EXPLORABLES["migration_timeline"]
    data = e.compute(**{c.name: c.default for c in e.controls})
    assert "the whole move 8.25 days" in e.caption(data)


def test_sharding_strategies_names_its_key_streams():
    """Issue 46 item 5: the key stream is picked by name, not by a numbered slider."""
    stream = {c.name: c for c in hp.EXPLORABLES["sharding_strategies"].controls}["stream"]
    assert stream.choices == ("sequential IDs", "timestamps", "UUIDv4", "customer ID + time")
    assert "0 " not in stream.label
