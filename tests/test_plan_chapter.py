"""Chapter 17's numbers, each recomputed a second way: the formula against the plan, chapter 1's units and rules,
the index's and the counter's excess over the ceiling, auto scaling's settled capacity, chapter 6's read cost,
on-demand's doubling, burst's bank; and the remedies checked by applying them."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp


@pytest.fixture(scope="module")
def n():
    return hp.plan_chapter_numbers()


def test_the_formula_is_the_plans_refusal_on_every_example_target():
    for name in hp.PLAN_EXAMPLES:
        p = hp.plan_example(name)
        for t in p.targets:
            limit = t.capacity if t.capacity is not None else t.limit
            assert hp.plan_formula_refused(t.partition_demand, t.ceiling, limit) == pytest.approx(t.refused, abs=1e-6), t


@settings(deadline=None, max_examples=25)
@given(
    st.floats(10, 1e6), st.floats(0.0, 2.0), st.integers(1, 8), st.floats(1, 1000), st.floats(1_000, 40_000), st.integers(0, 1)
)
def test_the_formula_is_the_plans_refusal_on_the_explorables_design(keys, zipf, suffixes, values, capacity, mode):
    c = hp.plan_case(keys, zipf, suffixes, values, capacity, mode)
    if c["mode"] == "provisioned":
        assert c["limit"] == capacity
    else:  # a steady peak has been served before: only the per-table quota bounds it (no maximum throughput set)
        assert c["limit"] == hp.ON_DEMAND_TABLE_QUOTA_WRU
    # the table's partitions carry what the index lets through; the index is refused by the same formula
    assert hp.plan_formula_refused(c["demand"], c["ceiling"], c["limit"]) == pytest.approx(
        c["refused"] - c["backpressure"], abs=1e-6
    )
    index_limit = capacity if c["mode"] == "provisioned" else hp.ON_DEMAND_TABLE_QUOTA_WRU
    index_refused = hp.plan_formula_refused(c["index_demand"], c["ceiling"], index_limit)
    assert index_refused == pytest.approx(c["backpressure"], abs=1e-6)  # one KEYS_ONLY entry (1 WCU) per write
    assert float(c["index_demand"].sum()) == pytest.approx(hp.PLAN_CASE_RATE)  # every write reaches the index
    assert float(c["demand"].sum()) == pytest.approx(hp.PLAN_CASE_RATE - c["backpressure"])


def test_the_orders_numbers(n):
    o = hp.plan_example("orders")
    assert n["o_write_units"] == n["o_order_rps"] * hp.write_units(1_800) == 2_400  # chapter 1: 2 WCU per 1.8 KB
    assert n["o_idx_units"] == hp.index_write_units(1_800) == 2  # ALL projects the whole item into the entry
    # every new order is PENDING: the index's one partition takes it all, and refuses all above the ceiling
    assert n["o_idx_hot"] == n["o_write_units"] * 1.0
    assert n["o_bp"] == n["o_idx_hot"] - hp.PARTITION_MAX_WCU == 1_400
    assert n["o_parts"] == hp.estimate_partitions(12_000, 4_000, 72.0)  # a new on-demand table's instant capacity
    # at the launch's start: double the previous peak, a new table's at least (chapter 11)
    assert n["o_limit"] == 2 * max(n["o_from_rps"] * 2, hp.ON_DEMAND_NEW_TABLE_PEAK["write"]) == 4_000
    assert o.exit_status("throttles") == 1 and n["o_throttles"] == 2


def test_the_counter_numbers(n):
    assert n["d_refused"] == n["d_rate"] - hp.PARTITION_MAX_WCU == 200  # one item: no split, no capacity helps
    assert n["d_parts"] == hp.estimate_partitions(500, 1_500)
    assert n["d_blocked"] == "single item"
    # chapter 6: each read of the counter asks every suffix; strongly consistent 200-byte reads cost 1 RCU each
    assert n["d_reads_per"] == n["d_suffixes"]
    assert n["d_extra_rcu"] == pytest.approx(n["d_read_rps"] * (n["d_suffixes"] - 1) * hp.read_units(200, "strong"))
    # and the suffixes it names fit: the counter written over them refuses nothing
    assert n["d_per_suffix"] == pytest.approx(n["d_rate"] / n["d_suffixes"])
    # the per-key arithmetic (each suffix on a partition of its own) asks for 2; the course's placement on 2
    # partitions, of the key the workload writes (today's date, not a stand-in name: review turn 11 S2), for 21;
    # both read costs
    assert n["d_suffixes_free"] == hp.shards_needed(n["d_rate"]) == 2
    assert n["d_suffixes"] == hp.shards_needed(n["d_rate"], n_partitions=n["d_parts"], base_key="2026-04-01") == 21
    assert n["d_extra_rcu_free"] == n["d_read_rps"] * (2 - 1) * hp.read_units(200, "strong") == 20


def test_the_sessions_and_catalogue_numbers(n):
    assert n["s_capacity"] == pytest.approx(n["s_demand"] / n["s_scale_target"])  # auto scaling settled at its target
    assert n["s_parts"] == hp.estimate_partitions(2_000, n["s_capacity"], 2.1)
    assert n["s_refused"] == pytest.approx(n["s_hot"] - hp.PARTITION_MAX_WCU)
    assert n["s_after"] == 0 and n["s_hot_key"] < hp.PARTITION_MAX_WCU  # no key alone reaches the ceiling
    assert n["s_split_min"] == hp.SPLIT_TRIGGER_MINUTES * math.ceil(math.log2(n["s_hot"] / hp.PARTITION_MAX_WCU))
    # the catalogue: the two lists, each one key above the read ceiling, stay refused by their excess
    ca = hp.plan_example("catalog").target("Catalog", "read")
    assert n["c_after"] == pytest.approx(
        sum(max(k - hp.PARTITION_MAX_RCU, 0.0) for k in (n["c_hot_key"] + 196.1, 4_000.0)), abs=1
    )
    assert ca.blocked == "single item"
    # both lists hash onto the busiest partition; each is a third of the browse reads (3 of the 9 sample items)
    assert n["c_lists"] == {"BRANDS": 12_000 * 3 / 9, "CATEGORIES": 12_000 * 3 / 9}
    parts = hp.partition_of(["BRANDS", "CATEGORIES"], ca.partitions)
    assert parts[0] == parts[1] == int(np.argmax(ca.partition_demand)) and n["c_lists_on_hot"] == ["BRANDS", "CATEGORIES"]
    assert n["c_hot_rest"] == pytest.approx(ca.hot_partition - 8_000)
    # what stays refused: the lists' excess, and the product's hottest key merged into the hottest list
    assert n["c_after_lists"] == 2 * (4_000 - hp.PARTITION_MAX_RCU)
    assert n["c_after"] == pytest.approx(n["c_after_lists"] + n["c_product_hot"], abs=1e-6)
    assert n["c_after_rest"] == pytest.approx(0.0, abs=1e-6) and n["c_lists_all_on_hot"]
    assert n["c_list_names"] == "BRANDS and CATEGORIES" and n["c_list_sample"] == 4_000
    # the cache serves what is above the headroom; read copies by chapter 5's bound, each on a partition of its own
    assert n["c_cache_share"] == pytest.approx(100 * (1 - hp.SHARD_UTILIZATION * hp.PARTITION_MAX_RCU / 4_000)) == 40
    assert n["c_copies"] == hp.shards_needed(4_000, hp.PARTITION_MAX_RCU) == 2
    assert n["c_read_row_in_source"] is False


def test_every_example_rehearses_as_it_plans(n):
    assert n["agree"] == n["rehearsed"] == 4
    rows = hp.plan_rehearsal_rows()
    assert all(len(row) == 7 and row[1] == "yes" for row in rows)
    by_table = {row[0]: row for row in rows}
    # each row gives the diagnosis's confidence and the keys its remedy names
    for row in rows:  # the keys are counted as they are named (the diagnosis's numbers are its own: not pinned here)
        m = re.search(r"confidence (high|medium|low); (\d+) keys?: ([^)]*)\)$", row[6])
        assert m and int(m.group(2)) == len(m.group(3).split(", ")), row[6]
    assert set(re.search(r"keys?: ([^)]*)\)$", by_table["Catalog"][6]).group(1).split(", ")) <= {"BRANDS", "CATEGORIES"}
    assert by_table["orders"][6].endswith("1 key: PENDING)")
    # the plan's remedy sizes, beside the diagnosis's
    # the per-key count first, the course's placement's after it (review turn 11 S2)
    assert by_table["orders"][2].startswith(f"{n['o_sh_free']} suffixes ({n['o_sh']} where the course's hash puts them) / ")
    assert by_table["daily-stats"][2].startswith(f"{n['d_suffixes_free']:.0f} suffixes ({n['d_suffixes']:.0f} where")
    assert by_table["sessions-prod"][2].startswith(f"{n['s_suffixes']:.0f} suffixes / at least ")
    assert by_table["Catalog"][2].startswith("cache BRANDS (40%), CATEGORIES (40%) / cache ")


def test_the_index_suffixes_are_sized_by_the_busiest_second_and_the_placement(n):
    assert hp.plan_index_suffix_case(1)["refused"] == 1_400
    assert hp.plan_index_suffix_case(2)["refused"] == pytest.approx(2 * (2_400 / 2 - 1_000))  # apart, each above
    # three: the mean is exactly the course's headroom, the busiest second above it (chapter 5's bound, per write)
    three = hp.plan_index_suffix_case(3)
    assert three["per_suffix"] == hp.SHARD_UTILIZATION * hp.PARTITION_MAX_WCU == 800
    busiest = 2 * hp.busiest_shard_bound(1_200, 3)  # 1,200 orders a second over 3 suffixes, 2 WCU an entry
    assert three["index_hot_partition"] == pytest.approx(busiest) and three["utilization"] > hp.SHARD_UTILIZATION
    assert three["verdict"] == "at risk"
    # four: two suffixes share a partition, its busiest second above the ceiling; the other partitions fit
    four = hp.plan_index_suffix_case(4)
    parts = hp.partition_of([f"PENDING#{i}" for i in range(4)], 8)
    assert four["shared"] == np.bincount(parts).max() == 2
    # the busiest second (the headroom test) is above the ceiling, but what is refused is the mean excess: the shared
    # partition's 2 x 600 WCU/s less its 1,000, half of two suffixes' 400, so that refusals compare across suffix
    # counts (review turn 11 S1; the plan refused the busiest second's 273 before)
    assert four["index_hot_partition"] > 2 * 600 and four["refused"] == pytest.approx(2 * 600 - 1_000) == 200
    assert hp.plan_index_suffix_case(5)["refused"] == 0 and hp.plan_index_suffix_case(5)["verdict"] == "at risk"
    # the plan's remedy is chapter 5's rule with the course's placement: it fits, and one suffix fewer does not
    k = hp.shards_needed(1_200, 1_000, units_per_write=2, n_partitions=8, base_key="PENDING")
    assert n["o_sh"] == k == 7 and n["o_sh_free"] == hp.shards_needed(1_200, 1_000, units_per_write=2) == 4
    assert hp.plan_index_suffix_case(k)["verdict"] == "fits" and hp.plan_index_suffix_case(k - 1)["verdict"] == "at risk"
    # with entries of at most 1 KB (1 WCU), two suffixes fit and one does not
    assert n["o_proj_sh"] == hp.shards_needed(1_200, 1_000, n_partitions=8, base_key="PENDING") == 2
    assert hp.plan_index_suffix_case(2, "KEYS_ONLY")["verdict"] == "fits"
    assert hp.plan_index_suffix_case(1, "KEYS_ONLY")["verdict"] == "throttles"


def test_the_index_remedies_numbers(n):
    # fewer projected attributes: 1 WCU an entry, PENDING at 1,200, the index refusing 200 (200 orders, 2 WCU each)
    assert n["o_proj_units"] == hp.index_write_units(hp.PLAN_KEYS_ONLY_ENTRY_BYTES) == 1
    assert n["o_proj_hot"] == n["o_order_rps"] * 1 and n["o_proj_refused"] == n["o_proj_hot"] - hp.PARTITION_MAX_WCU
    assert n["o_proj_bp"] == n["o_proj_refused"] * n["o_units_per_write"] == 400 and n["o_idx_refused"] == 1_400
    # the listing reads its 25 orders back from the table, 0.5 RCU each (eventually consistent, under 4 KB)
    listing = hp.plan_example("orders").verdict("3").pattern
    assert n["o_proj_back_rcu"] == listing.rps * listing.item_count * hp.read_units(1_800, "eventual") == 500
    # and over 7 suffixes each of its PENDING queries asks all 7 (chapter 6)
    seven = hp.read_cost([1, 7], "random", "aggregate", 1_800, 25 // 7, "eventual").read_units
    one = hp.read_cost(1, "random", "aggregate", 1_800, 25, "eventual").read_units
    assert n["o_sh_extra_rcu"] == pytest.approx(listing.rps * n["o_pending_share"] * (seven[1] - one[0]))
    assert n["o_sparse_readers"]  # the listing queries PENDING: a sparse index cannot leave it out


def test_the_launch_is_refused_past_a_new_tables_warm_throughput():
    new_table = 2 * hp.ON_DEMAND_NEW_TABLE_PEAK["write"]  # 4,000 WCU/s of warm throughput, never decreased
    c = hp.plan_launch_case(10_000, 300)
    assert c["limit"] == new_table == 4_000 and c["refused"] == 10_000 - 4_000
    assert c["warm"] == 10_000
    doublings = math.ceil(math.log2(10_000 / new_table))
    assert c["ramp_min"] == doublings * hp.ON_DEMAND_DOUBLING_S / 60  # 30 minutes a doubling
    # a previous peak of 300 does not lower the instant ceiling to 600: 3,000 and 4,000 are served at once
    fits = hp.plan_launch_case(3_000, 300)
    assert fits["refused"] == 0 and fits["verdict"] == "fits" and fits["limit"] == 4_000
    assert hp.plan_launch_case(4_000, 300)["refused"] == 0 and hp.plan_launch_case(4_001, 300)["refused"] > 0
    # above half the new table's warm throughput, the previous peak decides again: double 3,000
    assert hp.plan_launch_case(10_000, 3_000)["limit"] == 6_000


def test_burst_carries_a_short_sale_and_not_a_long_one():
    s = hp.SALE_TABLE
    short, long_ = hp.plan_spike_case(s["short_s"]), hp.plan_spike_case(s["long_s"])
    bank = hp.burst_seconds(s["write_units"], s["sale_rps"], idle_seconds=300.0, idle_demand=s["base_rps"])
    assert short["burst_s"] == bank == 300.0
    assert short["verdict"] == "at risk" and short["refused_after"] == 0
    assert long_["verdict"] == "throttles" and long_["refused_after"] == s["sale_rps"] - s["write_units"]
    assert long_["provision"] == s["sale_rps"] / hp.SHARD_UTILIZATION


@settings(deadline=None, max_examples=20)
@given(st.floats(100, 1e6), st.floats(0.8, 2.0), st.floats(4_000, 40_000))
def test_the_suffixes_a_remedy_names_on_the_tables_partitions_leave_nothing_refused(keys, zipf, capacity):
    c = hp.plan_case(keys, zipf, 1, 1_000, capacity)
    m = re.match(r"Write the hot key over (\d+) random suffixes, on the table's", c["remedy"])
    if m is None or int(m.group(1)) > 1000:
        return
    after = hp.plan_case(keys, zipf, int(m.group(1)), 1_000, capacity)
    assert after["refused"] == pytest.approx(0.0, abs=1e-6), (c["remedy"], after["refused"])


def test_the_pattern_table_and_the_remedies_rows():
    rows = hp.plan_pattern_rows(hp.plan_example("orders"))
    assert [r[0] for r in rows][:2] == ["1: Place an order", "2: Get an order"]
    assert rows[0][1] == "PutItem on orders" and rows[2][1] == "Query on orders/by-status"
    remedies = hp.plan_remedy_rows(hp.plan_example("sessions"))
    # chapters by number, and a percentage glued to its number (review turn 11 P7)
    assert any("suffixes 3 (chapter 5)" in r[2] for r in remedies)
    cells = " ".join(r[2] for r in remedies + hp.plan_remedy_rows(hp.plan_example("catalog")))
    assert not re.search(r"\(\d\d_", cells) and " %" not in cells and "serve 40% (chapter 3)" in cells


def test_the_example_paths_and_bad_names():
    d, w = hp.plan_example_paths("catalog")
    assert d.name == "catalog-workbench.json" and w.suffix == ".yaml"
    with pytest.raises(ValueError, match="name"):
        hp.plan_example_paths("nope")
    with pytest.raises(ValueError, match="suffixes"):
        hp.plan_index_suffix_case(0)
    with pytest.raises(ValueError, match="rps"):
        hp.plan_launch_case(200, 300)


def test_the_formula_refuses_bad_partition_loads_by_name_and_takes_no_limit():
    assert hp.plan_formula_refused([1_500, 200, 200], 1_000, float("inf")) == 500.0  # no table-level limit binds
    assert hp.plan_formula_refused([0.0], 1_000, 0) == 0.0
    for bad in ([], [[1_500, 200]], [1_500, -1], [1_500, float("nan")], [1_500, float("inf")], "1500", [1_500, True]):
        with pytest.raises(ValueError, match=r"^partition_demand"):
            hp.plan_formula_refused(bad, 1_000, 8_000)
