"""Chapters 18 to 22's models: strategies, resharding, logical shards, migration, 2PC, pitfalls."""

import math
from bisect import bisect_left

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp
from hotpart.models.hashing import _label_hash

MASK = 2**64 - 1


def jump_reference(key: int, num_buckets: int) -> int:
    """Lamping & Veach (2014), figure 1, transcribed line by line."""
    b, j = -1, 0
    while j < num_buckets:
        b = j
        key = (key * 2862933555777941757 + 1) & MASK
        j = int((b + 1) * (float(1 << 31) / float((key >> 33) + 1)))
    return b


def jump_reference_steps(key: int, num_buckets: int) -> int:
    b, j, steps = -1, 0, 0
    while j < num_buckets:
        b, steps = j, steps + 1
        key = (key * 2862933555777941757 + 1) & MASK
        j = int((b + 1) * (float(1 << 31) / float((key >> 33) + 1)))
    return steps


def splitmix_reference(x: int) -> int:
    z = (x + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def uniform_keys(n, seed=0):
    return np.random.default_rng(seed).integers(0, 2**64, size=n, dtype=np.uint64)


# --- hashing and key streams ----------------------------------------------------------------------


def test_every_key_to_place_hash_lives_in_one_hashing_module():
    """Issue 16: partition_of (chapter 2) and the sharding chapters' hashes are one concept, in one module."""
    hashes = (hp.partition_of, hp.hash64, hp.jump_hash, hp.HashRing, hp.rendezvous, hp.HashRangeSharding)
    assert {f.__module__ for f in hashes} == {"hotpart.models.hashing"}
    assert sorted(hp.models.hashing.__all__) == sorted(f.__name__ for f in hashes)


def test_hash64_is_splitmix64():
    # Vigna's splitmix64.c from state 0: first output 0xE220A8397B1DCDAF
    assert int(hp.hash64(np.array([0], dtype=np.uint64))[0]) == 0xE220A8397B1DCDAF
    keys = uniform_keys(200)
    assert [int(h) for h in hp.hash64(keys)] == [splitmix_reference(int(k)) for k in keys]


def test_hash64_rejects_negative_and_float_keys():
    with pytest.raises(ValueError, match="keys has a negative entry"):
        hp.hash64(np.array([-1, 2]))
    with pytest.raises(ValueError, match="not an integer array"):
        hp.hash64([1.5])


@pytest.mark.parametrize("kind", ["sequential", "timestamp", "uuid7", "snowflake"])
def test_time_ordered_streams_are_non_decreasing(kind):
    keys = hp.key_stream(kind, 5_000, seed=3)
    ordered = keys >> np.uint64(16) if kind == "uuid7" else keys  # UUIDv7: ordered by its 48 bits of time
    assert np.all(ordered[1:] >= ordered[:-1])


def test_uuid7_keys_carry_the_version_bits():
    # RFC 9562 section 5.7: bits 48-51 of a UUIDv7 are the version 0b0111 (fails on the old stream, which drew
    # all 16 bits below the timestamp at random)
    keys = hp.key_stream("uuid7", 2_000, seed=5)
    assert np.all((keys >> np.uint64(12)) & np.uint64(0xF) == 7)
    assert np.unique(keys & np.uint64(0xFFF)).size > 1_000  # 12 random bits (rand_a) below the version


def test_random_streams_are_not_ordered_and_tenants_are_in_the_high_bits():
    u = hp.key_stream("uuid4", 5_000)
    assert 0.45 < np.mean(u[1:] > u[:-1]) < 0.55
    t = hp.key_stream("tenant_time", 5_000, n_tenants=7)
    assert set((t >> np.uint64(40)).tolist()) == set(range(7))


def test_key_stream_rejects_unknown_kinds():
    with pytest.raises(ValueError, match=r"kind = 'uuid1' is not allowed"):
        hp.key_stream("uuid1", 10)


# --- strategies -----------------------------------------------------------------------------------


def _history_and_new(kind, n_old=20_000, n_new=2_000):
    keys = hp.key_stream(kind, n_old + n_new, seed=1)
    return keys[:n_old], keys


@pytest.mark.parametrize("kind", ["sequential", "timestamp", "uuid7", "snowflake"])
def test_time_ordered_keys_under_range_sharding_write_only_to_the_last_shard(kind):
    old, keys = _history_and_new(kind)
    report = hp.shard_report(hp.RangeSharding(hp.range_boundaries(old, 8)), keys, window=2_000)
    np.testing.assert_array_equal(report.write_share, [0, 0, 0, 0, 0, 0, 0, 1])
    assert report.imbalance == 8
    assert report.range_shards == 1  # but the recent range is cheap to read


@pytest.mark.parametrize("kind", ["sequential", "uuid4", "tenant_time"])
def test_hash_sharding_balances_writes_and_scatters_range_queries(kind):
    _, keys = _history_and_new(kind, n_new=40_000)
    report = hp.shard_report(hp.HashSharding(8), keys, window=40_000)
    assert report.max_share < 1 / 8 + 4 * math.sqrt(1 / 8 * 7 / 8 / 40_000)
    assert report.range_shards == 8
    assert report.point_shards == 1


def test_uuid4_under_range_sharding_is_balanced_but_range_queries_touch_every_shard():
    old, keys = _history_and_new("uuid4", n_new=40_000)
    report = hp.shard_report(hp.RangeSharding(hp.range_boundaries(old, 8)), keys, window=40_000)
    assert report.max_share < 0.15
    assert report.range_shards == 8


def test_composite_keeps_a_tenants_range_on_one_shard_and_spreads_tenants():
    _, keys = _history_and_new("tenant_time", n_new=40_000)
    comp = hp.shard_report(hp.CompositeSharding(8), keys, window=40_000, per_tenant=True)
    assert comp.range_shards == 1
    assert comp.max_share < 0.2
    assert hp.shard_report(hp.HashSharding(8), keys, window=40_000, per_tenant=True).range_shards == 8
    # without a high-cardinality prefix, composite collapses onto one shard
    seq = hp.shard_report(hp.CompositeSharding(8), hp.key_stream("sequential", 1_000))
    assert seq.max_share == 1.0


def test_geo_write_shares_follow_the_regions():
    geo = hp.GeoSharding([0.5, 0.3, 0.2], local_ms=5, remote_ms=[5, 80, 150])
    report = hp.shard_report(geo, uniform_keys(100_000), window=100_000)
    np.testing.assert_allclose(report.write_share, [0.5, 0.3, 0.2], atol=0.01)
    assert report.range_shards == 3 and geo.cross_region_ms == 150


def test_directory_availability_matches_monte_carlo():
    d = hp.DirectorySharding(4, lookup_availability=0.99, cache_hit_rate=0.7)
    rng = np.random.default_rng(5)
    n = 200_000
    hit = rng.random(n) < 0.7
    up = rng.random(n) < 0.99
    routed = np.mean(hit | up)
    assert abs(routed - d.point_availability) < 4 * math.sqrt(d.point_availability * (1 - d.point_availability) / n)
    assert d.point_availability == pytest.approx(1 - 0.3 * 0.01)
    report = hp.shard_report(d, hp.key_stream("sequential", 40_960), window=40_960)
    np.testing.assert_allclose(report.write_share, 0.25)  # balanced even for sequential keys


@pytest.mark.parametrize(("n", "w"), [(16, 20), (8, 3), (64, 200), (1, 5)])
def test_expected_shards_touched_against_monte_carlo(n, w):
    rng = np.random.default_rng(n * w)
    shards = hp.HashSharding(n).shard_of(rng.integers(0, 2**64, size=(4_000, w), dtype=np.uint64))
    touched = np.mean([np.unique(row).size for row in shards])
    assert touched == pytest.approx(hp.expected_shards_touched(n, w), rel=0.02)


def test_write_share_over_time_rows_sum_to_one():
    shares = hp.write_share_over_time(hp.HashSharding(5), hp.key_stream("uuid4", 1_000), 7)
    assert shares.shape == (7, 5)
    np.testing.assert_allclose(shares.sum(axis=1), 1.0)


def test_strategies_validate():
    with pytest.raises(ValueError, match=r"n_shards = 0"):
        hp.HashSharding(0)
    with pytest.raises(ValueError, match="strictly increasing"):
        hp.RangeSharding([5, 5])
    with pytest.raises(ValueError, match="summing to 1"):
        hp.GeoSharding([0.5, 0.4], local_ms=1, remote_ms=[1, 2])
    with pytest.raises(ValueError, match=r"cache_hit_rate = 1.5"):
        hp.DirectorySharding(3, cache_hit_rate=1.5)


# --- resharding -----------------------------------------------------------------------------------


@given(st.integers(1, 40), st.integers(1, 40))
def test_moved_fraction_modulo_matches_brute_force_over_a_full_period(n, m):
    period = math.lcm(n, m)
    k = np.arange(period)
    assert hp.moved_fraction_modulo(n, m) == pytest.approx(np.mean(k % n != k % m), abs=1e-12)


def test_moved_fraction_modulo_source_example():
    n, m = hp.EXAMPLE_RESHARD
    assert hp.moved_fraction_modulo(n, m) == 0.75
    assert hp.moved_fraction_modulo(4, 8) == 0.5  # doubling moves half


def test_jump_hash_published_vectors():
    assert hp.jump_hash(42, 57) == 43
    assert hp.jump_hash(256, 1024) == 520
    np.testing.assert_array_equal(hp.jump_hash(np.array([42, 256], dtype=np.uint64), 57), [43, jump_reference(256, 57)])


@settings(max_examples=60)
@given(st.lists(st.integers(0, MASK), min_size=1, max_size=50), st.integers(1, 2**31))
def test_jump_hash_is_bit_exact_with_the_papers_loop(keys, n):
    got = hp.jump_hash(np.array(keys, dtype=np.uint64), n)
    assert got.tolist() == [jump_reference(k, n) for k in keys]


def test_jump_hash_across_chunk_boundaries():
    from hotpart.models.hashing import _JUMP_CHUNK

    keys = uniform_keys(2 * _JUMP_CHUNK + 7, seed=12)
    got = hp.jump_hash(keys, 97)
    for i in (0, _JUMP_CHUNK - 1, _JUMP_CHUNK, 2 * _JUMP_CHUNK, keys.size - 1):
        assert got[i] == jump_reference(int(keys[i]), 97)
    assert hp.jump_hash(np.array([], dtype=np.uint64), 5).size == 0


@pytest.mark.parametrize("n", [1, 2, 3, 10, 57, 1000])
def test_jump_hash_moves_exactly_the_keys_landing_in_the_new_bucket(n):
    keys = uniform_keys(100_000, seed=n)
    before, after = hp.jump_hash(keys, n), hp.jump_hash(keys, n + 1)
    moved = before != after
    assert np.all(after[moved] == n)
    assert np.all(after[~moved] == before[~moved])
    p = 1 / (n + 1)
    assert abs(moved.mean() - p) < 4 * math.sqrt(p * (1 - p) / keys.size)


def test_jump_hash_loop_length_is_the_harmonic_number():
    n = 100
    keys = uniform_keys(20_000, seed=9)
    mean_steps = np.mean([jump_reference_steps(int(k), n) for k in keys])
    assert mean_steps == pytest.approx(hp.lookup_cost("jump", n), rel=0.03)


def test_jump_hash_validates():
    with pytest.raises(ValueError, match=r"num_buckets = 0"):
        hp.jump_hash(1, 0)
    with pytest.raises(ValueError, match=r"key = -1"):
        hp.jump_hash(-1, 5)


def test_ring_lookup_matches_a_pure_python_ring():
    ring = hp.HashRing(["a", "b", "c", "d"], vnodes=20)
    points = sorted(
        (int(hp.hash64(np.array([(_label_hash(name) + i * 0x9E3779B97F4A7C15) & MASK], dtype=np.uint64))[0]), o)
        for o, name in enumerate(ring.nodes)
        for i in range(20)
    )
    positions = [p for p, _ in points]
    keys = uniform_keys(2_000, seed=4)
    expected = [points[bisect_left(positions, splitmix_reference(int(k))) % len(points)][1] for k in keys]
    assert ring.lookup(keys).tolist() == expected


def test_ring_shares_sum_to_one_and_match_measured_keys():
    ring = hp.HashRing([f"n{i}" for i in range(5)], vnodes=10)
    shares = ring.shares()
    assert shares.sum() == pytest.approx(1.0, abs=1e-12)
    keys = uniform_keys(200_000, seed=2)
    measured = np.bincount(ring.lookup(keys), minlength=5) / keys.size
    np.testing.assert_allclose(measured, shares, atol=4 * math.sqrt(0.25 / keys.size))


def test_ring_with_one_vnode_per_node_moves_only_the_new_nodes_arc():
    ring = hp.HashRing(["a", "b", "c"], vnodes=1)
    bigger = ring.add("d")
    keys = uniform_keys(100_000, seed=3)
    before = np.array(ring.nodes)[ring.lookup(keys)]
    after = np.array(bigger.nodes)[bigger.lookup(keys)]
    moved = before != after
    assert np.all(after[moved] == "d")
    assert np.array_equal(moved, after == "d")
    assert ring.moved_share(bigger) == pytest.approx(bigger.shares()[3], abs=1e-15)
    # the new node's arc is one contiguous arc: it takes keys from exactly one node
    assert len(set(before[moved])) == 1


def test_ring_removal_moves_only_the_removed_nodes_keys():
    ring = hp.HashRing([f"n{i}" for i in range(6)], vnodes=30)
    smaller = ring.remove("n2")
    keys = uniform_keys(50_000, seed=6)
    before = np.array(ring.nodes)[ring.lookup(keys)]
    after = np.array(smaller.nodes)[smaller.lookup(keys)]
    assert np.all(before[before != after] == "n2")
    assert ring.moved_share(smaller) == pytest.approx(ring.shares()[2], abs=1e-15)
    with pytest.raises(ValueError, match="is not on the ring"):
        ring.remove("zz")


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 12), st.integers(0, 10_000))
def test_rendezvous_minimal_disruption(n, seed):
    keys = uniform_keys(2_000, seed=seed)
    names = [f"s{i}" for i in range(n + 1)]
    before = np.array(names[:n])[hp.rendezvous(keys, names[:n])]
    after = np.array(names)[hp.rendezvous(keys, names)]
    moved = before != after
    assert np.all(after[moved] == names[n])  # adding moves keys only to the new node
    if n >= 2:
        drop = names[0]
        rest = names[1:n]
        removed = np.array(rest)[hp.rendezvous(keys, rest)]
        assert np.all(before[before != removed] == drop)  # removing moves only the removed node's keys


def test_moved_fraction_of_each_method_against_the_minimum():
    n, m = hp.EXAMPLE_RESHARD
    assert hp.moved_fraction("modulo", n, m) == 0.75
    assert hp.moved_fraction("jump", n, m) == pytest.approx(1 - n / m)
    assert hp.moved_fraction("rendezvous", n, m, n_keys=200_000) == pytest.approx(1 - n / m, abs=0.01)
    ring = hp.moved_fraction("ring", n, m, vnodes=200)
    assert abs(ring - (1 - n / m)) < 0.1  # the ring's share for the new node varies around 1/m


@pytest.mark.parametrize(("n", "v"), [(10, 1), (10, 10), (10, 100), (4, 50)])
def test_ring_spread_matches_gamma_and_beta(n, v):
    measured = hp.ring_spread_measured(v, n, n_rings=400)
    analytic = hp.ring_spread(v, n)
    assert measured.std() == pytest.approx(analytic["cv"], rel=0.08)
    maxima = measured.reshape(400, n).max(axis=1)
    assert maxima.mean() == pytest.approx(analytic["expected_max"], rel=0.05)
    # Gamma(V, 1/V) quantiles bracket the measured shares
    inside = np.mean((measured > analytic["p01"]) & (measured < analytic["p99"]))
    assert inside == pytest.approx(0.98, abs=0.02)


@pytest.mark.parametrize("n", [2, 10, 64])
def test_ring_expected_max_with_one_vnode_is_the_harmonic_number(n):
    # N points on a circle: the largest of N spacings, times N, has mean H(N)
    assert hp.ring_spread(1, n)["expected_max"] == pytest.approx(hp.harmonic(n, 1), rel=1e-6)


def test_lookup_costs():
    assert hp.lookup_cost("modulo", 50) == 1
    assert hp.lookup_cost("rendezvous", 50) == 50
    assert hp.lookup_cost("ring", 8, 128) == 10
    assert hp.lookup_cost("jump", 1) == 1


# --- logical shards -------------------------------------------------------------------------------


@settings(max_examples=60)
@given(st.integers(1, 200), st.data())
def test_logical_shard_moves_are_whole_and_minimal(n_logical, data):
    p_old = data.draw(st.integers(1, n_logical))
    p_new = data.draw(st.integers(p_old, n_logical))
    before = hp.logical_placement(n_logical, p_old)
    after = hp.logical_placement(n_logical, p_new, previous=before)
    counts = np.bincount(after, minlength=p_new)
    assert counts.max() - counts.min() <= 1  # balanced
    assert counts.max() / (n_logical / p_new) == pytest.approx(hp.logical_balance(n_logical, p_new))
    # the fewest moves: each new shard must be filled from the old ones
    minimum = sum(counts[p_old:])
    assert int(np.sum(after != before)) == minimum
    # keys follow their logical shard: every key of a logical shard moves, or none does
    keys = uniform_keys(5_000, seed=n_logical)
    logical = (hp.hash64(keys) % np.uint64(n_logical)).astype(int)
    moved_keys = before[logical] != after[logical]
    for shard in np.unique(logical):
        assert len(set(moved_keys[logical == shard])) == 1


def test_logical_balance_examples():
    assert hp.logical_balance(12, 4) == 1
    assert hp.logical_balance(12, 5) == 1.25
    assert hp.logical_balance(1024, 10) == pytest.approx(103 / 102.4)
    with pytest.raises(ValueError, match=r"n_physical = 13"):
        hp.logical_balance(12, 13)


# --- migration ------------------------------------------------------------------------------------


def test_migration_plan_steps_in_order():
    plan = hp.MigrationPlan(data_gb=1_000, copy_gb_per_h=50, verify_gb_per_h=100, bake_h=48, switch_h=12, deploy_h=1)
    steps = dict((name, (a, b)) for name, a, b in plan.steps)
    assert list(steps) == ["dual write", "backfill", "verify", "switch reads", "delete old"]
    assert steps["backfill"] == (1, 21)
    assert steps["verify"] == (21, 31)
    assert steps["switch reads"] == (31, 43)
    assert steps["delete old"] == (91, 111)
    assert plan.coexistence_h == 91 and plan.total_h == 111
    assert plan.extra_write_hours == 91


@given(st.floats(1, 1e5), st.floats(1, 1e5), st.floats(1, 1e4))
def test_migration_grows_with_data_and_shrinks_with_rates(data, copy, verify):
    a = hp.MigrationPlan(data, copy, verify)
    assert hp.MigrationPlan(2 * data, copy, verify).total_h > a.total_h
    assert hp.MigrationPlan(data, 2 * copy, verify).total_h < a.total_h
    assert a.coexistence_h <= a.total_h
    starts = [s for _, s, _ in a.steps]
    assert starts[1:] == sorted(starts[1:])


def test_migration_validates():
    with pytest.raises(ValueError, match=r"copy_gb_per_h = 0"):
        hp.MigrationPlan(10, 0, 1)


# --- cross-shard ----------------------------------------------------------------------------------


@given(
    st.lists(st.floats(0, 1), min_size=1, max_size=30),
    st.lists(st.floats(0, 1e3), min_size=30, max_size=30),
    st.floats(0, 1),
)
def test_2pc_commit_needs_the_coordinator_and_every_participant(avail, rtts, coord):
    t = hp.TwoPhaseCommit(avail, rtts[: len(avail)], coordinator_availability=coord)
    assert t.availability == pytest.approx(coord * math.prod(avail), abs=1e-15)
    assert t.abort_probability == pytest.approx(1 - coord * math.prod(avail), abs=1e-15)
    assert t.latency_ms == 2 * max(rtts[: len(avail)])
    assert t.messages == 4 * len(avail) and t.round_trips == 2 and t.forced_log_writes == 2 * len(avail) + 1


def test_2pc_coordinator_counts_in_availability():
    # fails on the old model, which multiplied the participants only (and had no coordinator at all)
    t = hp.TwoPhaseCommit([1.0, 1.0, 1.0], [1.0, 1.0, 1.0], coordinator_availability=0.99)
    assert t.availability == pytest.approx(0.99)
    assert hp.two_phase_commit(3, availability=0.999).availability == pytest.approx(0.999**4)
    # omitted: the coordinator is as available as the least available participant
    assert hp.TwoPhaseCommit([0.9, 0.99], [1.0, 1.0]).coordinator_availability == 0.9


def test_2pc_a_participant_down_aborts_it_does_not_block():
    down = hp.TwoPhaseCommit([1.0, 0.0, 1.0], [1.0, 1.0, 1.0], coordinator_availability=1.0)
    assert down.abort_probability == 1.0
    up = hp.TwoPhaseCommit([1.0, 1.0, 1.0], [1.0, 1.0, 1.0], coordinator_availability=1.0)
    # blocking depends on the coordinator failing in the window, not on the participants' availability
    assert down.blocking_probability(3600.0) == up.blocking_probability(3600.0) > 0


@given(st.lists(st.floats(0, 100), min_size=1, max_size=8), st.floats(0, 10), st.floats(1.0, 1e6))
def test_2pc_blocking_window_and_probability(rtts, log_ms, mtbf_s):
    t = hp.TwoPhaseCommit([0.999] * len(rtts), rtts, log_ms=log_ms)
    assert t.uncertainty_window_ms == pytest.approx(max(rtts) + log_ms)
    w = max(rtts) + 2 * log_ms  # from PREPARE sent to the decision sent
    assert t.blocking_window_ms == pytest.approx(w)
    p = t.blocking_probability(mtbf_s)
    assert p == pytest.approx(-math.expm1(-w / 1000 / mtbf_s), rel=1e-12, abs=1e-300)
    assert 0 <= p < 1
    assert t.blocking_probability(2 * mtbf_s) <= p


def test_2pc_blocking_against_a_simulated_coordinator():
    # The protocol's timeline, message by message, with coordinator crashes as a Poisson process: PREPARE
    # leaves at 0; participant i gets it at rtt_i/2, forces its vote (t_log) and is prepared; the vote arrives
    # at rtt_i + t_log; the coordinator forces its decision after the last vote and sends it. A participant is
    # blocked if it is prepared and the decision never leaves (the coordinator crashed first). Crashes before
    # PREPARE leaves block no one (the transaction never started), so the clock starts at PREPARE.
    rtts, log_ms = np.array([20.0, 50.0, 30.0, 40.0]), 10.0
    t = hp.TwoPhaseCommit([0.999] * 4, rtts, log_ms=log_ms)
    mtbf_s = 0.5  # absurdly fragile, so that blocking is common enough to count
    rng = np.random.default_rng(12)
    n = 200_000
    crash_ms = rng.exponential(mtbf_s, size=n) * 1000  # first crash after PREPARE leaves (memoryless)
    prepared_ms = rtts / 2 + log_ms  # each participant votes yes even if the coordinator already crashed
    decision_sent_ms = np.max(rtts + log_ms) + log_ms
    assert prepared_ms.max() < decision_sent_ms  # every participant is prepared before the decision could leave
    blocked = np.mean(crash_ms < decision_sent_ms)
    p = t.blocking_probability(mtbf_s)
    assert abs(blocked - p) < 4 * math.sqrt(p * (1 - p) / n)


def test_2pc_a_crash_while_the_decision_is_forced_still_blocks():
    # Fails on the old model, which counted only one participant's wait (max rtt + t_log): with no network delay
    # and a 1 ms log, a crash at 1.5 ms, after the votes but before the decision is forced, blocks everyone.
    t = hp.TwoPhaseCommit([1.0, 1.0], [0.0, 0.0], log_ms=1.0)
    assert t.uncertainty_window_ms == 1.0
    assert t.blocking_window_ms == 2.0
    assert t.blocking_probability(1.0) == pytest.approx(-math.expm1(-0.002))


def test_2pc_availability_against_monte_carlo():
    avail = np.array([0.99, 0.95, 0.9, 0.999])
    coord = 0.98
    up = np.random.default_rng(8).random((200_000, avail.size + 1)) < np.append(avail, coord)
    commits = np.mean(up.all(axis=1))
    p = hp.TwoPhaseCommit(avail, np.ones(4), coordinator_availability=coord).availability
    assert abs(commits - p) < 4 * math.sqrt(p * (1 - p) / 200_000)


def test_2pc_helper_and_validation():
    assert hp.two_phase_commit(10, availability=0.999, coordinator_availability=1.0).availability == pytest.approx(0.999**10)
    with pytest.raises(ValueError, match="one length"):
        hp.TwoPhaseCommit([0.9, 0.9], [1.0])
    with pytest.raises(ValueError, match=r"coordinator_availability = 1\.5"):
        hp.TwoPhaseCommit([0.9], [1.0], coordinator_availability=1.5)
    with pytest.raises(ValueError, match="coordinator_mtbf_s = 0"):
        hp.TwoPhaseCommit([0.9], [1.0]).blocking_probability(0)


def test_transact_write_limits():
    assert hp.transact_write_calls(hp.TRANSACT_MAX_ACTIONS, 100) == 1
    assert hp.transact_write_calls(hp.TRANSACT_MAX_ACTIONS + 1, 100) == 2
    big = hp.ITEM_MAX_BYTES  # the largest item: 4 MB holds 10 of them (10.24)
    assert hp.transact_write_calls(10, big) == 1
    assert hp.transact_write_calls(11, big) == 2
    with pytest.raises(ValueError, match=r"item_bytes = "):
        hp.transact_write_calls(1, hp.ITEM_MAX_BYTES + 1)  # no item is larger (issue 49)


# --- pitfalls -------------------------------------------------------------------------------------


def test_auto_increment_collides_with_certainty():
    counters = [np.arange(1, 101) for _ in range(4)]  # four shards, each counting from 1
    ids = np.concatenate(counters)
    assert np.unique(ids).size < ids.size
    assert hp.id_collision_probability(4, 100) == 1.0
    assert hp.id_collision_probability(1, 100) == 0.0


@pytest.mark.parametrize(("shards", "per_shard", "bits"), [(4, 100, 20), (16, 50, 24), (2, 10, 10)])
def test_random_id_collisions_match_the_birthday_bound(shards, per_shard, bits):
    rng = np.random.default_rng(bits)
    trials = 4_000
    ids = rng.integers(0, 2**bits, size=(trials, shards * per_shard))
    ids.sort(axis=1)
    collided = np.mean(np.any(ids[:, 1:] == ids[:, :-1], axis=1))
    p = hp.id_collision_probability(shards, per_shard, "random", bits)
    assert abs(collided - p) < 4 * math.sqrt(p * (1 - p) / trials) + 0.005


def test_uuid4_collisions_are_negligible():
    assert hp.id_collision_probability(1_000, 10**9, "uuid4") < 1e-13


@given(st.integers(1, 500), st.floats(0, 1))
def test_half_applied_probability_properties(s, p):
    h = hp.half_applied_probability(s, p)
    assert 0 <= h <= 1
    assert h == pytest.approx(max(0.0, 1 - (1 - p) ** s - p**s) if s > 1 else 0.0, abs=1e-12)
    if p <= 0.5:  # f(S+1) - f(S) = p (1-p) ((1-p)^(S-1) - p^(S-1)) >= 0 exactly when p <= 1/2
        assert hp.half_applied_probability(s + 1, p) >= h - 1e-12


def test_half_applied_probability_against_monte_carlo():
    s, p = 20, 0.03
    fails = np.random.default_rng(11).random((100_000, s)) < p
    k = fails.sum(axis=1)
    mc = np.mean((k > 0) & (k < s))
    h = hp.half_applied_probability(s, p)
    assert abs(mc - h) < 4 * math.sqrt(h * (1 - h) / 100_000)


# --- views ----------------------------------------------------------------------------------------


def test_strategy_table_reports_every_strategy():
    table = hp.strategy_table("sequential", 4, day=5)
    assert set(table["reports"]) == {"hash", "range", "geo", "directory", "composite"}
    assert table["reports"]["range"].write_share[-1] == 1.0


def test_resharding_explorable_shows_the_source_example():
    data = hp.EXPLORABLES["resharding"].data()
    assert (data["n"], data["m"]) == hp.EXAMPLE_RESHARD
    assert data["moved"]["modulo"] == pytest.approx(0.75, abs=0.01)
    for method in ("ring", "jump", "rendezvous"):
        assert data["moved"][method] == pytest.approx(0.25, abs=0.05)


@given(st.floats(0, 1e6), st.floats(0, 1e5), st.integers(0, 20), st.floats(0, 1))
def test_replicas_and_cache_relieve_reads_never_writes(reads, writes, replicas, hit):
    base = hp.unsharded_load(reads, writes, 10_000, 2_000)
    helped = hp.unsharded_load(reads, writes, 10_000, 2_000, replicas=replicas, cache_hit_rate=hit)
    assert helped["read_utilisation"] <= base["read_utilisation"] + 1e-12
    assert helped["write_utilisation"] == base["write_utilisation"]


# --- hash-range splitting (chapter 19) and the backfill race (chapter 20) ---------------------------


def test_hash_range_split_moves_only_the_split_half():
    keys = np.random.default_rng(21).integers(0, 2**64, size=200_000, dtype=np.uint64)
    before = hp.HashRangeSharding.even(3)
    after = before.split(1)
    a, b = before.shard_of(keys), after.shard_of(keys)
    moved = a != b
    assert set(np.unique(b[moved])) == {3}  # every moved key goes to the new shard
    assert set(np.unique(a[moved])) == {1}  # and comes from the split one
    assert before.moved_share(after) == pytest.approx(1 / 6, abs=1e-15)
    assert moved.mean() == pytest.approx(1 / 6, abs=4 * math.sqrt(1 / 6 * 5 / 6 / keys.size))
    assert after.shares() == pytest.approx([1 / 3, 1 / 6, 1 / 3, 1 / 6])
    # modulo over the same hashes moves almost everything
    mod = np.mean(hp.HashSharding(3).shard_of(keys) != hp.HashSharding(4).shard_of(keys))
    assert mod == pytest.approx(hp.moved_fraction_modulo(3, 4), abs=0.01)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 12), st.integers(0, 12))
def test_range_split_closed_form_matches_splitting_the_widest_range(n, extra):
    extra = min(extra, n)
    m = n + extra
    layout = hp.HashRangeSharding.even(n)
    start = layout
    for _ in range(extra):
        widest = int(np.argmax(layout.shares()))
        layout = layout.split(widest)
    assert layout.n_shards == m
    assert start.moved_share(layout) == pytest.approx(hp.range_split_moved_fraction(n, m), abs=1e-12)
    assert hp.range_split_moved_fraction(n, m) == pytest.approx((m - n) / (2 * n))
    assert hp.range_split_moved_fraction(n, m) <= 1 - n / m + 1e-12  # below the balanced floor: uneven


def test_hash_range_validates():
    with pytest.raises(ValueError, match="strictly increasing"):
        hp.HashRangeSharding(np.array([5, 3], dtype=np.uint64))
    with pytest.raises(ValueError, match="shard = 4"):
        hp.HashRangeSharding.even(2).split(4)
    with pytest.raises(ValueError, match="m = 7"):
        hp.range_split_moved_fraction(3, 7)
    with pytest.raises(ValueError, match="shard_order"):
        hp.HashRangeSharding(np.array([5], dtype=np.uint64), (0, 0))


def test_backfill_race_simulation_matches_closed_form():
    for seed in range(3):
        r = hp.backfill_lost_updates(50_000, writes_per_s=200, backfill_s=1_800, copy_lag_s=5.0, seed=seed)
        assert r["expected"] == pytest.approx(50_000 * -math.expm1(-200 * 5.0 / 50_000))
        assert abs(r["simulated"] - r["expected"]) < 4 * math.sqrt(r["expected"])
    assert hp.backfill_lost_updates(50_000, 200, 1_800, 5.0, conditional=True)["simulated"] == 0.0
    assert hp.backfill_lost_updates(50_000, 200, 1_800, 0.0)["simulated"] == 0.0  # no window, no race
    assert hp.backfill_lost_updates(50_000, 0, 1_800, 5.0)["simulated"] == 0.0


@settings(max_examples=20, deadline=None)
@given(st.floats(0, 1_000), st.floats(0, 20))
def test_backfill_losses_grow_with_writes_and_lag(w, lag):
    a = hp.backfill_lost_updates(10_000, w, 600, lag)["expected"]
    assert 0 <= a <= 10_000
    assert hp.backfill_lost_updates(10_000, 2 * w, 600, lag)["expected"] >= a
    assert hp.backfill_lost_updates(10_000, w, 600, 2 * lag)["expected"] >= a


def test_resharding_explorable_shows_the_range_split():
    d = hp.EXPLORABLES["resharding"].compute(n_before=3, added=1, vnodes=100)
    p = hp.range_split_moved_fraction(3, 4)
    assert d["moved"]["ranges"] == pytest.approx(p, abs=4 * math.sqrt(p * (1 - p) / 40_000))
    assert d["balance"]["ranges"] == pytest.approx(4 / 3, abs=0.05)


# --- hard edges (issue 15): hangs, seeds, unchecked parameters ---------------------------------


def test_edge_ring_spread_measured_refuses_a_huge_ring_count_instead_of_hanging():
    with pytest.raises(ValueError, match=r"^n_rings = 1e\+300 is out of range"):
        hp.ring_spread_measured(100, 8, n_rings=1e300)
    with pytest.raises(ValueError, match=r"^n_rings = 12501 is out of range"):  # 12,501 x 8 x 100 > 10**7 ring points
        hp.ring_spread_measured(100, 8, n_rings=12_501)


@pytest.mark.parametrize("bad", [None, -1, "abc", math.nan, 0.5])
def test_edge_key_stream_seed_is_checked(bad):
    with pytest.raises(ValueError, match=r"^seed = "):
        hp.key_stream("uuid4", 3, seed=bad)


def test_edge_key_stream_repeats_for_a_seed_and_bounds_its_length():
    assert np.array_equal(hp.key_stream("uuid4", 3, seed=5), hp.key_stream("uuid4", 3, seed=5))
    with pytest.raises(ValueError, match=r"^n_keys = 1e\+300 is out of range"):
        hp.key_stream("uuid4", 1e300)


@pytest.mark.parametrize("method", ["modulo", "jump", "ring", "rendezvous"])
def test_edge_moved_fraction_checks_every_parameter_whatever_the_method(method):
    with pytest.raises(ValueError, match=r"^n_keys = 'abc'"):
        hp.moved_fraction(method, 4, 5, n_keys="abc")
    with pytest.raises(ValueError, match=r"^seed = "):
        hp.moved_fraction(method, 4, 5, seed=math.nan)
    with pytest.raises(ValueError, match=r"^vnodes = "):
        hp.moved_fraction(method, 4, 5, vnodes=0)


@pytest.mark.parametrize("bad", [math.nan, -1, None, "abc"])
def test_edge_geo_sharding_checks_its_seed(bad):
    with pytest.raises(ValueError, match=r"^seed = "):
        hp.GeoSharding([0.5, 0.5], 5, [5, 80], seed=bad)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: hp.backfill_lost_updates(1e300, 1.0, 10.0, 1.0), r"^n_rows = 1e\+300 is out of range"),
        (lambda: hp.backfill_lost_updates(10, 1e300, 10.0, 1.0), r"^writes_per_s = 1e\+300"),
        (lambda: hp.backfill_lost_updates(10, 1.0, 10.0, 1.0, seed=None), r"^seed = None"),
        (lambda: hp.two_phase_commit(1e300), r"^k = 1e\+300 is out of range"),
        (lambda: hp.logical_placement(1e300, 4), r"^n_logical = 1e\+300 is out of range"),
        (lambda: hp.range_boundaries([1, 2, 3], 1e300), r"^n_shards = 1e\+300 is out of range"),
        (lambda: hp.ShardReport("hash", np.array([0.5, 0.5]), math.nan, 1.0), r"^point_shards = nan"),
    ],
)
def test_edge_sizes_beyond_memory_are_refused_by_name(call, message):
    with pytest.raises(ValueError, match=message):
        call()
