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


def test_every_example_rehearses_as_it_plans(n):
    assert n["agree"] == n["rehearsed"] == 4
    assert all(row[-1] == "yes" for row in hp.plan_rehearsal_rows())


def test_the_index_suffixes_fit_at_three_and_collide_at_four():
    assert hp.plan_index_suffix_case(1)["refused"] == 1_400
    assert hp.plan_index_suffix_case(2)["refused"] == pytest.approx(2 * (2_400 / 2 - 1_000))  # apart, each above
    three = hp.plan_index_suffix_case(3)
    assert three["verdict"] == "fits" and three["per_suffix"] == 800  # exactly the course's headroom: not above it
    four = hp.plan_index_suffix_case(4)
    parts = hp.partition_of([f"PENDING#{i}" for i in range(4)], 8)
    shared = np.bincount(parts).max()
    assert shared == 2 and four["index_hot_partition"] == pytest.approx(shared * 600)
    assert four["refused"] == pytest.approx(shared * 600 - 1_000)


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
    assert any("suffixes 3 (05_write_sharding)" in r[2] for r in remedies)


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
