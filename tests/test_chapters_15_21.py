"""Chapters 15 to 22: the tables and cases the chapters show, recomputed another way (closed forms, direct model
calls, a Monte Carlo run)."""

from __future__ import annotations

import math

import numpy as np
import pytest

import hotpart as hp


def pct(text: str) -> float:
    """'12.5%' -> 0.125."""
    return float(text.rstrip("%")) / 100


# --- 15: diagnosis ----------------------------------------------------------------------------------


def test_scenario_rows_diagnose_each_scenario_as_its_own_row():
    header, rows = hp.scenario_rows()
    assert len(header) == 4
    assert [r[0] for r in rows] == list(hp.SCENARIOS)
    for name, text, on, off in rows:
        assert text == hp.SCENARIOS[name]
        # every canonical scenario is built so that its own row applies when Contributor Insights is on
        assert on.startswith(name)
        assert off.split(":")[0].split(" (")[0] == hp.diagnose(hp.scenario(name, contributor_insights=False).metrics).symptom


def test_evidence_rows_are_the_scenarios_beyond_provisioned_writes():
    _, rows = hp.evidence_rows()
    assert [r[0] for r in rows] == [n for n in hp.SCENARIOS if n not in hp.PROVISIONED_WRITE_SCENARIOS]
    for name, evidence, row, remedy in rows:
        d = hp.diagnose(hp.scenario(name).metrics)
        f = d.findings[0]
        assert evidence == f.evidence[0] and remedy == f"{f.action[0].upper()}{f.action[1:]} ({f.chapter})"
        assert row.startswith(name) and d.remedy == hp.REMEDIES[name].remedy


def test_on_demand_surge_case_matches_the_closed_form_and_the_refusals_by_hand():
    peak, big = 3_000.0, 20_000.0
    case = hp.on_demand_surge_case(peak, big)
    assert case["ceiling_now"] == 2 * peak
    # by hand: 30 minutes at double the peak, then 30 at four times it (the model refuses all traffic above)
    by_hand = sum((big - m * peak) * hp.ON_DEMAND_DOUBLING_S for m in (2, 4) if m * peak < big)
    assert case["refused_cold"] == pytest.approx(by_hand)
    assert case["refused_warm"] == 0.0
    assert abs(case["minutes_throttled"] - case["closed_form_min"]) <= 1
    assert case["minutes_throttled"] < case["run_s"] / 60  # the throttling ended inside the run
    assert case["diagnosis"].symptom == "past double the previous peak"


def test_on_demand_surge_case_refuses_bad_input():
    with pytest.raises(ValueError, match="surge"):
        hp.on_demand_surge_case(1.0, 40_000.0)  # throttled for 7.5 hours, more than six
    with pytest.raises(ValueError, match="previous_peak"):
        hp.on_demand_surge_case(0.0, 1_000.0)


def test_sparse_index_case_brackets_the_exact_share():
    case = hp.sparse_index_case(0.05)
    assert case["f_max"] <= case["f_star"] < case["f_next"]
    assert case["f_next"] - case["f_max"] == pytest.approx(0.05)
    assert case["at_max"] == "no throttling" and case["at_next"] == "GSI-only throttling"
    # another way: the exact share is the partition ceiling over the OPEN partition's dense peak demand
    dense = hp.scenario("GSI-only throttling").result.indexes["by-status"]
    assert case["f_star"] * float(dense.offered.max(axis=1).max()) == pytest.approx(hp.PARTITION_MAX_WCU)


# --- 18: strategies ---------------------------------------------------------------------------------


def test_strategy_rows_sequential_ids():
    n = 8
    header, rows = hp.strategy_rows("sequential", n, 30)
    assert header[0] == "sequential IDs" and len(rows) == len(hp.STRATEGY_ORDER)
    by = {r[0].split(" ")[0]: r for r in rows}
    assert by["range"][1:4] == ("100%", "1", "1")  # every new ID is on the last range; a day's range on one shard
    assert abs(pct(by["hash"][1]) - 1 / n) < 0.02  # hashing is close to even
    # a day of keys under hashing asks n(1 - (1 - 1/n)^W) shards: all of them
    assert by["hash"][3] == f"{n * (1 - (1 - 1 / n) ** hp.KEYS_PER_DAY):.0f}" == str(n)
    assert by["geo"][0] == "geo (3 shards)"
    directory = hp.DirectorySharding(n, lookup_availability=0.999, cache_hit_rate=0.9)
    assert pct(by["directory"][4]) == pytest.approx(0.9 + 0.1 * 0.999, abs=5e-5) == directory.point_availability
    # a new key is never cached: only the lookup routes it (issue 37 round 3, F17-2); a computed placement always
    assert pct(by["directory"][5]) == pytest.approx(directory.lookup_availability)
    assert all(by[k][5] == "100.00%" for k in by if k != "directory")


def test_strategy_rows_refuse_an_unknown_stream():
    with pytest.raises(ValueError, match="kind"):
        hp.strategy_rows("nope", 4)


# --- 19: resharding ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "m"), [(4, 5), (8, 16), (10, 11)])
def test_moved_rows_against_closed_forms(n, m):
    header, [row] = hp.moved_rows([(n, m)], vnodes=100, n_keys=100_000)
    assert header == ["n → m", "modulo", "ring (100 vnodes)", "jump", "rendezvous", "minimum"]
    assert row[0] == f"{n} → {m}"
    assert row[1] == f"{1 - min(n, m) / math.lcm(n, m):.1%}"  # modulo: the Chinese remainder theorem
    assert row[5] == f"{1 - n / m:.1%}"
    assert row[3] == row[5]  # jump hash moves exactly 1 - n/m in expectation
    # rendezvous on 100,000 random keys: within four standard errors of 1 - n/m
    p = 1 - n / m
    assert abs(pct(row[4]) - p) < 4 * math.sqrt(p * (1 - p) / 100_000) + 0.001
    before = hp.HashRing([str(i) for i in range(n)], vnodes=100)
    after = before
    for i in range(n, m):
        after = after.add(str(i))
    assert row[2] == f"{before.moved_share(after):.1%}"  # the exact arc measure, node by node


def test_moved_rows_refuse_a_bad_pair():
    with pytest.raises(ValueError, match=r"changes\[0\]"):
        hp.moved_rows([(4,)])
    with pytest.raises(ValueError, match="changes"):
        hp.moved_rows([])


# --- 20: logical shards -----------------------------------------------------------------------------


def test_logical_balance_rows_closed_form():
    logicals, physicals = (12, 64, 256), (3, 5, 7, 10)
    header, rows = hp.logical_balance_rows(logicals, physicals)
    assert header == ["logical shards L", "P = 3", "P = 5", "P = 7", "P = 10"]
    for el, row in zip(logicals, rows, strict=True):
        assert row[0] == str(el)
        for p, cell in zip(physicals, row[1:], strict=True):
            assert cell == f"{math.ceil(el / p) / (el / p):.3f}"
            # another way: the busiest machine of the placement the chapter uses
            counts = np.bincount(hp.logical_placement(el, p), minlength=p)
            assert float(cell) == pytest.approx(counts.max() / (el / p), abs=5e-4)


# --- 21: two-phase commit ---------------------------------------------------------------------------


def test_two_phase_rows_closed_form():
    a, rtt, log = 0.999, 1.0, 0.5
    _, rows = hp.two_phase_rows((1, 2, 16), a, rtt, log)
    for k, row in zip((1, 2, 16), rows, strict=True):
        assert row[:4] == (str(k), str(4 * k), "2", str(2 * k + 1))
        assert row[4] == f"{a ** (k + 1):.3%}"  # the participants and the coordinator all up
        assert row[5] == f"{1 - a ** (k + 1):.3%}"
        assert row[6] == f"{2 * rtt + 3 * log:g}"


# --- 22: pitfalls -----------------------------------------------------------------------------------


def test_alternatives_rows_closed_form():
    r, w, nr, nw = 40_000, 3_000, 10_000, 2_000
    _, rows = hp.alternatives_rows(r, w, nr, nw, replicas=3, cache_hit_rate=0.8)
    assert [row[0] for row in rows] == ["one node", "3 read replicas", "cache, 80% hits", "3 replicas and the cache"]
    expected_reads = [r / nr, r / 4 / nr, 0.2 * r / nr, 0.2 * r / 4 / nr]
    for row, reads in zip(rows, expected_reads, strict=True):
        assert row[1] == f"{reads:.0%}"
        assert row[2] == f"{w / nw:.0%}"  # nothing relieves the writes: every node, replicas included, applies them
        assert row[3] == f"{reads + w / nw:.0%}"  # a replica's load is its share of the reads plus all the writes
        assert row[4] == ("yes" if reads + w / nw <= 1 else "no")
    assert rows[1][3] == "250%"  # 3 replicas: 100% of reads per node, and the 150% of writes each replica applies


def test_half_applied_rows_closed_form_and_monte_carlo():
    header, rows = hp.half_applied_rows((2, 8, 32), (0.001, 0.01, 0.05))
    assert header == ["shards", "p = 0.1%", "p = 1%", "p = 5%"]
    for s, row in zip((2, 8, 32), rows, strict=True):
        for p, cell in zip((0.001, 0.01, 0.05), row[1:], strict=True):
            assert cell == f"{1 - (1 - p) ** s - p**s:.1%}"
    # Monte Carlo: 8 shards failing 5% each
    rng = np.random.default_rng(0)
    failed = rng.random((200_000, 8)) < 0.05
    half = np.mean(failed.any(axis=1) & ~failed.all(axis=1))
    assert abs(half - pct(rows[1][3])) < 4 * math.sqrt(half * (1 - half) / 200_000) + 0.0005


# --- 16: your table ---------------------------------------------------------------------------------


def test_zipf_coverage_dense_logs_cover_at_the_nominal_rate():
    c = hp.zipf_coverage(200, 1.0, 200_000, seeds=40)
    # every key seen often: the interval's nominal confidence holds (binomial: 40 draws at 95%, at least 33)
    assert c["covered"] >= 33 and abs(c["bias"]) < 3 * c["half_width"] / 2
    assert c["seeds"] == 40 and c["n_keys"] == 200


def test_zipf_coverage_sparse_logs_are_biased_low():
    c = hp.zipf_coverage(5_000, 1.1, 3_000, seeds=20)
    # the tail's ranks are shuffled and unseen keys drop out: the fitted exponent is flatter than the truth
    assert c["bias"] < 0 and c["covered"] < 20


# --- 18 and 19: the cases ---------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "splits"), [(3, 1), (8, 3), (4, 4)])
def test_range_split_case_against_the_closed_form(n, splits):
    c = hp.range_split_case(n, splits=splits, n_keys=100_000, seed=3)
    # each split range gives half of its 1/n to a new shard: (m - n) / (2n)
    assert c["formula"] == pytest.approx(splits / (2 * n)) == pytest.approx(c["exact"])
    assert abs(c["measured"] - c["exact"]) < 4 * math.sqrt(c["exact"] * (1 - c["exact"]) / 100_000) + 1e-3
    assert c["from_split"] == 1.0 and c["to_new"] == 1.0
    # afterwards: the untouched ranges hold 1/n each, the mean is 1/(n + splits)
    expected_busiest = (1 / n if splits < n else 1 / (2 * n)) * (n + splits)
    assert c["busiest"] == pytest.approx(expected_busiest)


def test_jump_growth_case_moves_one_in_n_plus_one_to_the_new_bucket():
    c = hp.jump_growth_case(10, 100_000)
    p = 1 / 11
    assert c["expected"] == pytest.approx(p)
    assert abs(c["moved"] - p) < 4 * math.sqrt(p * (1 - p) / 100_000)
    assert c["to_new"] == 1.0


def test_logical_move_case_moves_the_floor_in_whole_logical_shards():
    el, p0, p1 = 256, 3, 4
    c = hp.logical_move_case(el, p0, p1)
    # the new machine takes its quota, floor(L / P1), and nothing else moves
    assert c["moved_logical"] == c["new_holds"] == el // p1
    assert c["moved_share"] == pytest.approx((el // p1) / el)
    assert c["whole"] == 1.0
    assert abs(c["key_moved"] - c["moved_share"]) < 0.01  # keys spread evenly over the logical shards
    assert c["modulo"] == pytest.approx(1 - min(p0, p1) / math.lcm(p0, p1))
    assert c["balance_before"] == pytest.approx(math.ceil(el / p0) / (el / p0))


def test_logical_shards_needed_is_the_smallest_by_brute_force():
    c = hp.logical_shards_needed(1.05, 20)
    worst = lambda el: max(math.ceil(el / p) / (el / p) for p in range(1, 21))  # noqa: E731
    el = int(c["n_logical"])
    assert worst(el) <= 1.05 and c["worst"] == pytest.approx(worst(el))
    assert all(worst(x) > 1.05 for x in range(20, el))


# --- 22: the cases ----------------------------------------------------------------------------------


def test_auto_increment_case_repeats_are_s_minus_one_over_s():
    for s in (1, 2, 4, 7):
        c = hp.auto_increment_case(s, 500)
        assert c["rows"] == 500 * s and c["distinct"] == 500
        assert c["repeats"] == pytest.approx((s - 1) / s)
        assert c["shared"] == (1.0 if s > 1 else 0.0)


def test_ids_for_collision_inverts_the_birthday_bound():
    for p, bits in ((0.01, 64), (0.001, 64), (0.5, 32)):
        n = hp.ids_for_collision(p, bits)
        assert 1 - math.exp(-n * n / 2.0 ** (bits + 1)) == pytest.approx(p, rel=1e-9)
        # and the model of chapter 22 (which uses N(N-1)) agrees at that many IDs
        assert hp.id_collision_probability(1, int(n), "random", bits) == pytest.approx(p, rel=1e-3)
    # a published figure: 77,163 random 32-bit values give even odds of a collision
    assert round(hp.ids_for_collision(0.5, 32)) == 77_163


def test_suffix_spread_case():
    c = hp.suffix_spread_case(5_000, 10, 60, seed=0)
    assert c["sequential_max"] == c["even"] == 500
    counts = hp.simulate_shard_writes(5_000, 10, 60, seed=0)
    assert c["random_max"] == counts.max() > c["even"]


@pytest.mark.parametrize(("reads", "node", "h"), [(90_000, 10_000, 0.8), (40_000, 10_000, 0.0), (5_000, 10_000, 0.5)])
def test_replicas_needed_is_the_fewest_that_fit(reads, node, h):
    def fits(k):
        return hp.unsharded_load(reads, 0, node, 1, replicas=k, cache_hit_rate=h)["read_utilisation"] <= 1

    k = hp.replicas_needed(reads, node, h)
    assert fits(k) and (k == 0 or not fits(k - 1))


@pytest.mark.parametrize("writes", [0.0, 500.0, 1_500.0, 1_900.0])
def test_replicas_needed_counts_the_writes_every_replica_applies(writes):
    reads, node_r, node_w, h = 90_000, 10_000, 2_000, 0.8

    def fits(k):
        return hp.unsharded_load(reads, writes, node_r, node_w, replicas=k, cache_hit_rate=h)["fits"] == 1.0

    k = hp.replicas_needed(reads, node_r, h, writes_per_s=writes, node_writes_per_s=node_w)
    assert fits(k) and (k == 0 or not fits(k - 1))
    # brute force: the node load (1-h)R/((k+1)C_r) + W/C_w by hand
    assert k == next(j for j in range(1_000) if (1 - h) * reads / (j + 1) / node_r + writes / node_w <= 1)
    assert hp.replicas_needed(reads, node_r, h, writes_per_s=node_w, node_writes_per_s=node_w) is None


def test_diagnosis_claims_recomputed():
    c = hp.diagnosis_claims(2_500.0, 10)
    # the spike by hand: 6,000 WCU/s over 4 partitions is 500 above each ceiling, for the spike's two minutes
    assert c["spike_keyrange"] == c["spike_events"] == 4 * (6_000 / 4 - hp.PARTITION_MAX_WCU) * 120
    assert c["spike_minutes_hit"] == 2
    # one key on on-demand is still capped at its partition's ceiling, whatever the table's peak
    assert c["od_hot_served"] == hp.PARTITION_MAX_WCU
    # under-provisioned: table-level events at the line; low cardinality: key-range events far below it
    assert c["under_provisioned"] > c["under_keyrange"] and c["under_use"] == pytest.approx(1.0, abs=0.05)
    assert c["low_keyrange"] > 0 and c["low_use"] < 0.7
    assert c["under_exceptions"] == c["low_exceptions"] == ("ProvisionedThroughputExceededException",)
    # the read-throttled index leaves the table's writes alone
    assert c["gsi_read_table_refused"] == 0.0
    gsi = hp.scenario("GSI-only throttling").metrics
    assert c["gsi_index"] == float(gsi.indexes["by-status"]["WriteThrottleEvents"].sum()) > 0
    # a date key: today's key carries its share, and it all lands on one partition
    assert c["date_busiest"] == pytest.approx(c["date_today"], abs=1e-6)


def test_dual_write_case_against_a_monte_carlo_run():
    c = hp.dual_write_case(10.0, 1.0, 0.05)
    assert c["writes"] == 36_000
    assert c["p_split"] == pytest.approx(2 * 0.05 * 0.95)
    rng = np.random.default_rng(1)
    fails = rng.random((200_000, 2)) < 0.05
    split = np.mean(fails[:, 0] != fails[:, 1])
    assert abs(split - c["p_split"]) < 4 * math.sqrt(split * (1 - split) / 200_000)
    assert c["diverged"] == pytest.approx(c["writes"] * c["p_split"])


def test_directory_hit_rate_needed_routes_the_target():
    for target, a in ((0.9999, 0.999), (0.99, 0.9), (0.999, 0.999)):
        h = hp.directory_hit_rate_needed(target, a)
        assert hp.DirectorySharding(4, lookup_availability=a, cache_hit_rate=h).point_availability == pytest.approx(target)
    with pytest.raises(ValueError, match="target"):
        hp.directory_hit_rate_needed(0.5, 0.9)  # the lookup alone routes more than that


def test_strategy_rows_label():
    header, _ = hp.strategy_rows("tenant_time", 4, 2, label="tenant ID + time")
    assert header[0] == "tenant ID + time"
    assert hp.strategy_rows("tenant_time", 4, 2)[0][0] == hp.STREAM_LABELS[3][1]


# --- issue 37: review findings of chapters 15 to 22 --------------------------------------------------


def test_growth_past_the_peak_counted_as_key_range_still_reads_as_past_double():
    c = hp.peak_as_key_range_case()
    assert c["growth"] == pytest.approx(3.0) and c["growth"] >= hp.ON_DEMAND_PEAK_MULTIPLIER
    for key in ("as_simulated", "as_key_range"):
        assert (c[key].symptom, c[key].findings[0].cause) == ("past double the previous peak", "past previous peak")
    assert c["as_key_range"].confidence == "medium"
    off = c["as_key_range_no_insights"]
    assert off.symptom == "hot partition, key unknown" and "past double the previous peak" in off.alternatives


def test_the_remedy_rows_carry_awss_first_steps():
    assert hp.REMEDIES["short spike"].remedy.startswith("First see whether the throttling stops by itself")
    gsi = hp.REMEDIES["GSI-only throttling"].remedy
    assert "at least the table's write capacity" in gsi and "maximum throughput and quota" in gsi
    assert "per-table quota" in hp.REMEDIES["past double the previous peak"].pitfall
    d = hp.diagnose(hp.scenario("short spike").metrics)
    # issue 37 round 3 (F15-3): the scenario's spike ends, so its throttling stopping says nothing of a split
    assert d.remedy == hp.REMEDIES["short spike"].remedy and "the spike ended, so nothing was split" in d.why
    assert "while the traffic goes on" in d.remedy
    pitfall = hp.REMEDIES["past double the previous peak"].pitfall
    assert "billed" in pitfall and "cannot be lowered" in pitfall  # F15-4


def test_flat_logs_fit_a_small_exponent_that_grows_as_the_log_thins():
    dense = hp.zipf_coverage(1_000, 0.0, 100_000, seeds=10)
    mid = hp.zipf_coverage(1_000, 0.0, 10_000, seeds=10)
    sparse = hp.zipf_coverage(2_000, 0.0, 5_000, seeds=10)
    assert 0.07 < dense["mean_exponent"] < 0.10  # the review's 0.086, not the 0.17 the box once said
    assert dense["mean_exponent"] < mid["mean_exponent"] < sparse["mean_exponent"]
    assert sparse["mean_exponent"] > hp.ZIPF_MIN_EXPONENT  # past the threshold ...
    assert sparse["mean_ks"] > hp.ZIPF_MAX_KS and sparse["fit"] == 0  # ... and rejected by the KS distance


def test_ring_busiest_case_matches_a_hand_built_ring():
    ring = hp.ring_growth_case(8, 16, vnodes=100)
    c = hp.ring_busiest_case(16, 100, ring["busiest"], n_rings=1_000, seed=1)
    assert 1.15 < c["mean_busiest"] < 1.22  # the review's 1.18
    assert c["share_at_least"] < 0.03  # the chapter's ring is a tail case
    one = hp.ring_busiest_case(10, 1, 1.0, n_rings=2_000)
    assert one["mean_busiest"] == pytest.approx(hp.harmonic(10, 1), rel=0.03)  # H_N for one point per node
    assert one["share_at_least"] == 1.0


def test_doubling_under_modulo_moves_exactly_the_floor():
    for n in (1, 3, 8, 100):
        c = hp.modulo_case(n, 2 * n)
        assert c["moved"] == pytest.approx(c["ideal"]) == pytest.approx(0.5)
        keys = np.arange(10_000 * n)
        moved = keys % n != keys % (2 * n)
        # a key that moves goes only to its old shard's sibling, k mod n + n
        assert np.all((keys % (2 * n))[moved] == (keys % n)[moved] + n)


def test_migration_case_states_the_deletion_rate():
    c = hp.migration_case(2_000, 50, 100)
    assert c["delete_gb_per_h"] == 50 and c["delete_h"] == 40
    assert c["total_days"] * 24 == pytest.approx(c["coexist_h"] + c["delete_h"])
    e = hp.EXPLORABLES["migration_timeline"]
    assert {k: e.defaults()[k] for k in ("data_gb", "copy_gb_per_h", "verify_gb_per_h")} == {
        "data_gb": 2_000,
        "copy_gb_per_h": 50,
        "verify_gb_per_h": 100,
    }  # the sliders hold the chapter's values exactly
