"""Chapter 12's cases (hotpart/figures/indexes.py), recomputed another way: chapter 15's canonical scenario, the
single-hot-partition closed form written out here, and per-partition demand summed by hand."""

from __future__ import annotations

import numpy as np
import pytest

import hotpart as hp

ORDERS, RATE, OPEN = hp.SWEEP_ORDERS, hp.SWEEP_RATE_WCU, hp.SWEEP_OPEN_SHARE
OPEN_DEMAND = RATE * OPEN  # WCU/s of the OPEN orders' writes
# the OPEN value's index partition holds it alone, its share (4,000 / 4) equals the ceiling: the excess is refused
BACKPRESSURE = OPEN_DEMAND - hp.PARTITION_MAX_WCU


@pytest.fixture(scope="module")
def chapter():
    return hp.gsi_chapter_case()


def test_gsi_chapter_case_is_chapter_15s_scenario(chapter):
    scenario = hp.scenario("GSI-only throttling", minutes=5)
    assert chapter["res"].backpressure_total() == pytest.approx(scenario.result.backpressure_total())


def test_gsi_chapter_case_against_the_single_hot_partition_form(chapter):
    assert chapter["open_demand"] == pytest.approx(OPEN_DEMAND)
    assert chapter["bp"] == pytest.approx(BACKPRESSURE) and chapter["bp_closed"] == pytest.approx(BACKPRESSURE)
    assert chapter["above_share"] == 1
    assert chapter["open_rate_bound"] == pytest.approx(chapter["single_hot_rate"])
    assert chapter["open_served"] == pytest.approx(hp.PARTITION_MAX_WCU)
    assert chapter["bp_share_all"] == pytest.approx(BACKPRESSURE / RATE)
    assert chapter["bp_share_open"] == pytest.approx(BACKPRESSURE / OPEN_DEMAND)
    assert chapter["own_refused"] == 0 and chapter["idx_refused"] > 0
    assert chapter["per_order"] == pytest.approx(RATE / ORDERS)
    assert chapter["base_busiest"] < hp.PARTITION_MAX_WCU and chapter["exception"]


def test_gsi_metrics_case_adds_up(chapter):
    cw = hp.gsi_metrics_case(chapter["res"], 2)
    assert cw["bp_per_minute"] == pytest.approx(60 * BACKPRESSURE)
    assert cw["consumed_sum"] == pytest.approx(cw["consumed_ps"] + cw["idx_consumed_ps"])
    assert cw["consumed_ps"] == pytest.approx(RATE - BACKPRESSURE)  # the table consumes what it was allowed to write
    assert cw["events"] == 0 and cw["idx_events"] > 0
    with pytest.raises(ValueError, match="index"):
        hp.gsi_metrics_case(chapter["res"], 2, index="by-customer")
    with pytest.raises(ValueError, match="minute"):
        hp.gsi_metrics_case(chapter["res"], 99)


def test_second_index_loses_exactly_the_writes_pushed_back():
    c = hp.second_index_case(500)
    assert c["customers"] == 500
    assert c["alone"] == pytest.approx(RATE)  # ~600 WCU/s per partition: nothing refused on its own
    assert c["drop"] == pytest.approx(BACKPRESSURE)  # a refused base write never reaches any index
    assert c["refused"] == 0


def test_index_reads_throttle_on_the_index_alone():
    reads = {"CLOSED": 200.0, "OPEN": 4_500.0, "SHIPPED": 600.0}
    c = hp.index_reads_case(reads)
    gsi = hp.gsi_chapter_case(minutes=1)["gsi"]
    per_partition = np.bincount(gsi.value_partitions(), weights=[reads[v] for v in gsi.values], minlength=4)
    assert c["refused"] == pytest.approx(np.maximum(per_partition - hp.PARTITION_MAX_RCU, 0).sum())
    assert c["writes_unchanged"] is True and c["bp"] == pytest.approx(BACKPRESSURE)
    with pytest.raises(ValueError, match="reads_per_value"):
        hp.index_reads_case({"OPEN": 1.0})


def test_sparse_checks_case():
    c = hp.sparse_checks_case(0.99)
    # f* is where the OPEN partition's share of indexed writes reaches its ceiling
    assert c["f_star"] == pytest.approx(hp.PARTITION_MAX_WCU / OPEN_DEMAND, rel=1e-9)
    assert c["below_bp"] == 0
    assert c["open_only_load"] == pytest.approx(OPEN_DEMAND) and c["open_only_bp"] == pytest.approx(BACKPRESSURE)
    assert c["dense_load"] == pytest.approx(RATE)
    with pytest.raises(ValueError, match="below"):
        hp.sparse_checks_case(1.5)


@pytest.mark.parametrize("k", [1, 2, 3, 8])
def test_sharded_index_case_against_demand_summed_by_partition(k):
    c = hp.sharded_index_case(k)
    assert c["each"] == pytest.approx(OPEN_DEMAND / k)
    statuses = hp.order_statuses(ORDERS, OPEN)
    values = [f"OPEN#{i}" for i in range(k)] + ["SHIPPED", "CLOSED"]
    demand = [OPEN_DEMAND / k] * k + [RATE * statuses.count(v) / ORDERS for v in ("SHIPPED", "CLOSED")]
    parts = hp.partition_of(values, 4)
    per_partition = np.bincount(parts, weights=demand, minlength=4)
    assert c["bp"] == pytest.approx(hp.steady_backpressure(per_partition, 4_000.0))
    assert c["part"] == parts[0] and c["shared_load"] == pytest.approx(per_partition[parts[0]])
    others = [v for v, p in zip(values, parts, strict=True) if p == parts[0] and v != "OPEN#0"]
    assert c["shared"] == (", ".join(others) or "no other value")


def test_projection_case_new_fields():
    c = hp.projection_case(hp.PROJECTION_ITEM_BYTES)
    assert c["item_units"] == hp.write_units(hp.PROJECTION_ITEM_BYTES)
    assert c["open_writes"] == pytest.approx(hp.PROJECTION_ORDER_WRITES * OPEN)
    assert c["backpressure_writes"] * c["item_units"] == pytest.approx(c["backpressure"])


def test_base_bars_are_drawn_anew_when_the_groups_change():
    """An index with unindexed keys adds a "not indexed" bar: the update redraws the bars, as a fresh draw would."""
    from hotpart.book.plotting import render_rgba
    from hotpart.figures import indexes

    keys = [f"ORDER#{i:05d}" for i in range(400)]
    statuses = hp.order_statuses(400, 0.6)
    base = hp.Table(4, wcu=4_000)
    dense = hp.GlobalSecondaryIndex("by-status", statuses, partitions=4, wcu=4_000)
    sparse = hp.GlobalSecondaryIndex("by-status", [s if s == "OPEN" else None for s in statuses], partitions=4, wcu=4_000)
    runs = {g: hp.simulate_with_indexes(base, [6.0] * 400, 60, keys, [g]) for g in (dense, sparse)}

    def fresh(g):
        fig, (ax,) = hp.new_figure()
        hp.fixed_layout(fig)
        hp.plot_base_by_index_value(ax, runs[g], g, values=["OPEN"], ymax=3_000)
        return fig

    fig = fresh(dense)
    ax = fig.axes[0]
    indexes._update_base_bars(ax, *indexes._base_groups(runs[sparse], sparse, ["OPEN"]))
    assert [t.get_text() for t in ax.get_xticklabels()] == ["OPEN", "not indexed"]
    assert [len(c) for c in ax.containers] == [2, 2]
    assert np.array_equal(render_rgba(fig), render_rgba(fresh(sparse)))


def test_projection_case_key_change_puts_delete_and_put_on_two_partitions():
    """A status change costs OPEN's partition one entry (the put when it enters, the delete when it leaves), never two:
    recomputed by hand from the placement of the values, at a rate where the OPEN partition passes its ceiling."""
    writes = 1_500.0
    c = hp.projection_case(200, key_change=True, order_writes=writes)
    statuses = hp.order_statuses(hp.SWEEP_ORDERS, hp.SWEEP_OPEN_SHARE)
    g = hp.GlobalSecondaryIndex("by-status", statuses, partitions=4, wcu=4_000)
    parts = dict(zip(g.values, g.value_partitions(), strict=True))
    load = np.zeros(4)
    load[parts["OPEN"]] += writes  # 1 unit per write, on OPEN's side
    others = {v: statuses.count(v) for v in g.values if v != "OPEN"}
    for v, n in others.items():
        load[parts[v]] += writes * n / sum(others.values())
    assert c["enter_open"] == writes / 2
    assert c["open_load"] == pytest.approx(writes)
    assert c["backpressure"] == pytest.approx(hp.steady_backpressure(load, 4_000.0, units_per_write=1 / 3))
    assert c["backpressure"] > 0  # past the ceiling the key change does push back
