"""Global secondary indexes: validation, conservation, the direction of back-pressure, the sparse fix, closed forms."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp
from hotpart import GlobalSecondaryIndex, Refusal, Table, simulate_with_indexes
from hotpart.figures.indexes import gsi_case, order_statuses
from hotpart.models.indexes import steady_backpressure

N_ORDERS = 400
KEYS = [f"ORDER#{i:04d}" for i in range(N_ORDERS)]
BASE = Table(8, wcu=8_000)  # 400 orders over 8 partitions: the busiest holds 58, far under its ceiling
RATE = 2_400.0  # WCU/s over all orders
CUSTOMERS = [f"CUSTOMER#{i % 100:03d}" for i in range(N_ORDERS)]  # a well-spread second index


def by_status(open_share=0.6, wcu=4_000.0, fraction=1.0, partitions=4, **kw):
    return GlobalSecondaryIndex(
        "by-status", order_statuses(N_ORDERS, open_share), partitions=partitions, wcu=wcu, fraction=fraction, **kw
    )


def by_customer(wcu=8_000.0):
    return GlobalSecondaryIndex("by-customer", CUSTOMERS, partitions=4, wcu=wcu)


def run(indexes, seconds=60, rate=RATE, **kw):
    return simulate_with_indexes(BASE, np.full(N_ORDERS, rate / N_ORDERS), seconds, KEYS, indexes, **kw)


def value_partition_demand(gsi, rate=RATE):
    """Index units/s offered to each index partition, from the inputs alone (no index refuses before it)."""
    per_key = rate / N_ORDERS * gsi.fraction * gsi.units_per_write
    parts = dict(zip(gsi.values, gsi.value_partitions(), strict=True))
    out = np.zeros(gsi.partitions)
    for k in gsi.keys:
        if k is not None:
            out[parts[k]] += per_key
    return out


# ---------------------------------------------------------------------------------------------
# validation: every error names its parameter
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        (dict(partitions=0), r"^partitions = 0"),
        (dict(wcu=-1), r"^wcu = -1"),
        (dict(rcu=float("nan")), r"^rcu = nan"),
        (dict(fraction=1.5), r"^fraction = 1.5"),
        (dict(units_per_write=0), r"^units_per_write = 0"),
        (dict(name=""), r"^name = ''"),
        (dict(keys=[]), r"^keys must hold"),
        (dict(keys=["A", 3]), r"^keys holds 3"),
        (dict(keys="ABC"), r"^keys = 'ABC'"),
        (dict(mode="fast"), r"^mode = 'fast'"),
    ],
)
def test_index_validation_names_the_parameter(kwargs, match):
    args = dict(name="g", keys=["A", "B"], partitions=1, wcu=100.0) | kwargs
    with pytest.raises(ValueError, match=match):
        GlobalSecondaryIndex(**args)


def test_simulate_with_indexes_validation_names_the_parameter():
    g = GlobalSecondaryIndex("g", ["A", "B"], wcu=100)
    ok = dict(table=Table(1, wcu=100), demand=[1, 1], seconds=10, keys=["a", "b"], indexes=[g])
    cases = [
        (dict(table="t"), r"^table = 't' is not a Table"),
        (dict(seconds=0), r"^seconds = 0"),
        (dict(demand=[1, -1]), r"^demand\[1\] = -1"),
        (dict(demand=[1, 1, 1]), r"^demand must hold one value per key"),
        (dict(keys=[]), r"^keys must hold at least one key"),
        (dict(keys="ab"), r"^keys = 'ab'"),
        (dict(indexes=[g, g]), r"^indexes must have distinct names"),
        (dict(indexes=["g"]), r"^indexes holds 'g'"),
        (dict(keys=["a", "b", "c"], demand=[1, 1, 1]), r"^indexes\['g'\].keys maps 2 keys"),
        (dict(reads=[1]), r"^reads must hold one value per key"),
        (dict(index_reads={"h": [1]}), r"^index_reads names 'h'"),
        (dict(index_reads={"g": [1, 2, 3]}), r"^index_reads\['g'\] must hold one value per index value"),
        (dict(mode="fast"), r"^mode = 'fast'"),
    ]
    for change, match in cases:
        with pytest.raises(ValueError, match=match):
            simulate_with_indexes(**(ok | change))


def test_steady_backpressure_validation_names_the_parameter():
    with pytest.raises(ValueError, match=r"^partition_demand\[0\] = -1"):
        steady_backpressure([-1, 0], 100)
    with pytest.raises(ValueError, match=r"^partition_demand must hold one value per index partition"):
        steady_backpressure([], 100)
    with pytest.raises(ValueError, match=r"^wcu = -5"):
        steady_backpressure([1], -5)
    with pytest.raises(ValueError, match=r"^units_per_write = 0"):
        steady_backpressure([1], 5, units_per_write=0)


def test_reprs_say_what_the_index_and_result_are():
    assert repr(by_status()) == "GlobalSecondaryIndex('by-status', 3 values over 4 partitions, 4,000 WCU/s, 0 RCU/s, dense)"
    sparse = GlobalSecondaryIndex("open", ["OPEN", None, None, "OPEN"], fraction=0.25)
    assert repr(sparse).endswith("sparse: 25% of writes, 2 of 4 keys never indexed)")
    r = repr(run([by_status()]))
    assert "refused by base partitions 0, by index back-pressure 26,400" in r


# ---------------------------------------------------------------------------------------------
# conservation: served + throttled == offered, exactly, everywhere
# ---------------------------------------------------------------------------------------------


@st.composite
def setups(draw):
    n = draw(st.integers(1, 30))
    keys = [f"K{i}" for i in range(n)]
    seconds = draw(st.integers(1, 90))
    demand = np.array(draw(st.lists(st.floats(0, 400), min_size=n, max_size=n)))
    n_idx = draw(st.integers(0, 3))
    indexes = []
    for j in range(n_idx):
        values = draw(st.lists(st.sampled_from(["A", "B", "C", None]), min_size=n, max_size=n))
        indexes.append(
            GlobalSecondaryIndex(
                f"g{j}",
                values,
                partitions=draw(st.integers(1, 4)),
                wcu=draw(st.floats(0, 3_000)),
                rcu=draw(st.floats(0, 3_000)),
                fraction=draw(st.floats(0, 1)),
                units_per_write=draw(st.sampled_from([0.5, 1.0, 2.0])),
            )
        )
    table = Table(draw(st.integers(1, 4)), wcu=draw(st.floats(0, 4_000)), rcu=draw(st.floats(0, 4_000)))
    reads = np.array(draw(st.lists(st.floats(0, 400), min_size=n, max_size=n)))
    index_reads = {g.name: np.full(len(g.values), draw(st.floats(0, 5_000))) for g in indexes}
    return table, demand, seconds, keys, indexes, reads, index_reads


@settings(max_examples=60, deadline=None)
@given(setups())
def test_conservation_is_exact_on_the_table_and_every_index(setup):
    table, demand, seconds, keys, indexes, reads, index_reads = setup
    res = simulate_with_indexes(table, demand, seconds, keys, indexes, reads=reads, index_reads=index_reads)
    parts = [res.table, res.own, *res.indexes.values(), *res.index_reads.values()]
    parts += [res.reads] if res.reads is not None else []
    for r in parts:
        assert np.array_equal(r.served + r.throttled, r.offered)
        assert (r.served >= 0).all() and (r.throttled >= 0).all()
    # the base table offers every write; what it refuses is its own refusals plus each index's back-pressure
    assert res.table.offered.sum() == pytest.approx(demand.sum() * seconds, rel=1e-9, abs=1e-6)
    bp = sum((b for b in res.backpressure.values()), np.zeros_like(res.table.throttled))
    np.testing.assert_allclose(res.table.throttled, res.own.throttled + bp, rtol=1e-9, atol=1e-7)
    assert res.backpressure_total() == pytest.approx(float(bp.sum()), abs=1e-9)
    # per key, per minute: the same totals
    assert res.table.key_offered.sum() == pytest.approx(res.table.offered.sum(), rel=1e-9, abs=1e-6)
    assert res.table.key_throttled.sum() == pytest.approx(res.table.throttled.sum(), rel=1e-9, abs=1e-6)


# ---------------------------------------------------------------------------------------------
# the direction of back-pressure
# ---------------------------------------------------------------------------------------------


def test_index_write_throttling_fails_base_writes_with_the_index_reason():
    res = run([by_status(), by_customer()])
    # the base partitions alone refuse nothing ...
    assert float(res.own.throttled.sum()) == 0.0
    # ... yet base writes fail, every refused cell with the index reason and the provisioned exception
    refused = res.table.throttled > 0
    assert refused.any()
    assert (res.table.reason[refused] == Refusal.INDEX_BACKPRESSURE).all()
    assert (res.table.reason[~refused] == Refusal.NONE).all()
    second, part = map(int, np.argwhere(refused)[0])
    assert res.table.exception(second, part) == hp.THROTTLE_EXCEPTION["provisioned"]
    assert res.table.throttled_by_reason() == {"index backpressure": pytest.approx(res.backpressure_total())}
    # only the status index pushes back; the well-spread one refuses nothing
    assert res.backpressure_total() > 0
    assert float(res.backpressure["by-customer"].sum()) == 0.0
    assert float(res.indexes["by-customer"].throttled.sum()) == 0.0
    # only OPEN orders lose writes (OPEN is alone on its index partition): the other keys exactly none
    open_keys = np.array([s == "OPEN" for s in by_status().keys])
    assert (res.table.key_throttled[:, ~open_keys] == 0).all()
    assert (res.table.key_throttled[:, open_keys] > 0).all()


def test_writes_refused_by_one_index_never_reach_the_next():
    alone = run([by_customer()])  # without the status index nothing is refused
    assert alone.backpressure_total() == 0
    res = run([by_status(), by_customer()])
    bp = res.backpressure_total()
    assert bp > 0
    # the dense second index (1 unit per base unit) loses exactly the writes the first one refused
    drop = float(alone.indexes["by-customer"].offered.sum() - res.indexes["by-customer"].offered.sum())
    assert drop == pytest.approx(bp, rel=1e-9)
    served_drop = float(alone.indexes["by-customer"].served.sum() - res.indexes["by-customer"].served.sum())
    assert served_drop == pytest.approx(bp, rel=1e-9)


def test_an_index_listed_before_the_throttled_one_is_charged_in_full():
    """The documented upper bound: an earlier index is charged for writes a later index refuses."""
    first = run([by_customer(), by_status()])
    alone = run([by_customer()])
    assert first.backpressure_total() > 0
    np.testing.assert_array_equal(first.indexes["by-customer"].offered, alone.indexes["by-customer"].offered)
    # the base table loses the same writes whichever order the indexes are listed in
    assert first.backpressure_total() == pytest.approx(run([by_status(), by_customer()]).backpressure_total(), rel=1e-9)


def test_index_read_throttling_is_not_pushed_back():
    gsi = by_status()
    heavy = {"by-status": np.full(len(gsi.values), 5_000.0)}  # 5,000 RCU/s per status: above the 3,000 ceiling
    reads = np.full(N_ORDERS, 1.0)
    quiet = run([gsi, by_customer()], reads=reads)
    loud = run([gsi, by_customer()], reads=reads, index_reads=heavy)
    assert float(loud.index_reads["by-status"].throttled.sum()) > 0
    assert "by-status" not in quiet.index_reads
    # base writes, base reads and the index writes are bit-for-bit the same
    for a, b in [(quiet.table, loud.table), (quiet.own, loud.own), (quiet.reads, loud.reads)]:
        for field in ("offered", "served", "throttled", "reason"):
            np.testing.assert_array_equal(getattr(a, field), getattr(b, field))
    for name in quiet.indexes:
        np.testing.assert_array_equal(quiet.indexes[name].served, loud.indexes[name].served)
        np.testing.assert_array_equal(quiet.backpressure[name], loud.backpressure[name])
    # CloudWatch: the index's read throttle events rise; the table's own throttle events do not move
    m_quiet, m_loud = hp.cloudwatch(quiet), hp.cloudwatch(loud)
    assert m_loud.total("ReadThrottleEvents", index="by-status") > 0
    for name in ("ReadThrottleEvents", "WriteThrottleEvents"):
        np.testing.assert_array_equal(m_quiet[name], m_loud[name])


def test_cloudwatch_shows_index_events_and_table_throttled_requests_only():
    res = run([by_status()], seconds=120)
    m = hp.cloudwatch(res)
    assert m.total("WriteThrottleEvents") == 0.0  # the table's own partitions
    idx = m.index("by-status")
    refused_index = float(res.indexes["by-status"].throttled.sum())
    assert float(idx["WriteThrottleEvents"].sum()) == pytest.approx(refused_index)
    assert float(idx["WriteKeyRangeThroughputThrottleEvents"].sum()) == pytest.approx(refused_index)
    assert m.total("ThrottledRequests") == pytest.approx(res.backpressure_total())


# ---------------------------------------------------------------------------------------------
# the sparse-index fix
# ---------------------------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(st.floats(0.0, 1.0), st.floats(0.1, 1.0))
def test_a_sparse_index_takes_its_fraction_of_the_writes(fraction, open_share):
    dense = run([by_status(open_share, wcu=1e6)], seconds=5)
    sparse = run([by_status(open_share, wcu=1e6, fraction=fraction)], seconds=5)
    np.testing.assert_allclose(
        sparse.indexes["by-status"].offered, fraction * dense.indexes["by-status"].offered, rtol=1e-12, atol=1e-9
    )


def test_a_sparse_fraction_under_the_ceiling_removes_the_back_pressure():
    gsi = by_status()
    open_demand = RATE * order_statuses(N_ORDERS, 0.6).count("OPEN") / N_ORDERS  # 1,440 WCU/s
    limit = hp.PARTITION_MAX_WCU / open_demand  # the largest fraction that fits under the ceiling
    assert gsi.wcu / gsi.partitions >= hp.PARTITION_MAX_WCU  # the ceiling, not the share, binds
    below = run([by_status(fraction=0.99 * limit)])
    above = run([by_status(fraction=min(1.0, 1.01 * limit))])
    assert below.backpressure_total() == 0
    assert float(below.table.throttled.sum()) == 0
    assert above.backpressure_total() > 0
    # and the diagnosis scenario built on the same model agrees on which side of the line it is
    assert hp.scenario("GSI-only throttling", gsi_fraction=0.5).result.backpressure_total() == 0


# ---------------------------------------------------------------------------------------------
# monotonicity and closed forms
# ---------------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    st.floats(0, 6_000),
    st.floats(0, 6_000),
    st.floats(0.1, 1.0),
    st.floats(500, 5_000),
    st.integers(1, 6),
    st.booleans(),
)
def test_more_index_capacity_never_increases_back_pressure(w1, w2, open_share, rate, partitions, adaptive):
    lo, hi = sorted((w1, w2))
    mode = hp.Provisioned(adaptive=adaptive)
    small = run([by_status(open_share, wcu=lo, partitions=partitions, mode=mode)], seconds=30, rate=rate)
    big = run([by_status(open_share, wcu=hi, partitions=partitions, mode=mode)], seconds=30, rate=rate)
    assert big.backpressure_total() <= small.backpressure_total() + 1e-6


@pytest.mark.parametrize(
    ("open_share", "fraction", "wcu", "adaptive", "binds"),
    [
        (0.6, 1.0, 4_000.0, True, "ceiling"),  # OPEN at 1,440 WCU/s against the 1,000 ceiling
        (0.9, 1.0, 800.0, True, "share"),  # OPEN at 2,160 against a share of 200 plus what the others leave
        (0.9, 1.0, 800.0, False, "share"),  # no adaptive capacity: held to its share of 200
        (0.6, 0.6, 4_000.0, True, "none"),  # sparse: OPEN at 864, nothing refused
    ],
)
def test_steady_back_pressure_matches_the_closed_form(open_share, fraction, wcu, adaptive, binds):
    gsi = by_status(open_share, wcu=wcu, fraction=fraction, mode=hp.Provisioned(adaptive=adaptive))
    demand = value_partition_demand(gsi)
    hot = int(np.argmax(demand))
    others = np.delete(demand, hot)
    share = wcu / gsi.partitions
    # the hot partition serves the ceiling, or its share plus the others' unused share (adaptive capacity)
    served = hp.adaptive_rate(wcu, gsi.partitions, others) if adaptive else min(share, hp.PARTITION_MAX_WCU)
    expected = max(0.0, demand[hot] - served)
    assert (others <= share).all()  # one hot partition: the closed form's assumption
    if binds == "ceiling":
        assert served == hp.PARTITION_MAX_WCU and expected > 0
    elif binds == "share":
        assert served < hp.PARTITION_MAX_WCU and expected > 0
    else:
        assert expected == 0
    res = run([gsi])
    per_second = res.backpressure["by-status"].sum(axis=1)
    np.testing.assert_allclose(per_second, expected, rtol=1e-12, atol=1e-9)
    assert steady_backpressure(demand, wcu, adaptive=adaptive) == pytest.approx(expected, rel=1e-12, abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(
    st.floats(0.0, 1.0),
    st.floats(0.05, 1.0),
    st.floats(0, 6_000),
    st.floats(100, 5_000),
    st.integers(1, 6),
    st.booleans(),
    st.sampled_from([0.5, 1.0, 2.0]),
)
def test_steady_backpressure_agrees_with_the_simulator_every_second(fraction, open_share, wcu, rate, parts, adaptive, u):
    gsi = by_status(
        open_share, wcu=wcu, fraction=fraction, partitions=parts, units_per_write=u, mode=hp.Provisioned(adaptive=adaptive)
    )
    res = run([gsi], seconds=20, rate=rate)
    expected = steady_backpressure(value_partition_demand(gsi, rate), wcu, units_per_write=u, adaptive=adaptive)
    np.testing.assert_allclose(res.backpressure["by-status"].sum(axis=1), expected, rtol=1e-9, atol=1e-7)
    # what the base loses is what the index refuses, in base units
    np.testing.assert_allclose(
        res.backpressure["by-status"].sum(axis=1), res.indexes["by-status"].throttled.sum(axis=1) / u, rtol=1e-9, atol=1e-7
    )


def test_explorable_case_numbers():
    open_share, rate = 0.6, 2_400.0
    c = gsi_case(100 * open_share, 100, 4_000, rate)
    hot = open_share * rate  # every OPEN order's write lands on one index partition
    lost = hot - hp.PARTITION_MAX_WCU  # the index holds 4,000 WCU/s, so the ceiling binds, not the share
    assert c["hot_values"] == ["OPEN"]
    assert c["hot_demand"] == pytest.approx(hot)
    assert c["backpressure"] == pytest.approx(lost) == c["closed"]
    assert c["refused_pct"] == pytest.approx(100 * lost / rate)
    assert c["open_refused_pct"] == pytest.approx(100 * lost / hot)
    assert c["own"] == 0.0
    sparse_pct = 65
    assert sparse_pct / 100 * hot < hp.PARTITION_MAX_WCU  # a sparse index that fits under the ceiling
    fixed = gsi_case(100 * open_share, sparse_pct, 4_000, rate)
    assert fixed["backpressure"] == 0.0 and fixed["closed"] == 0.0
    with pytest.raises(ValueError, match=r"^index_wcu = -1"):
        gsi_case(60, 100, -1, 2_400)


def test_an_on_demand_index_keeps_the_partition_ceiling():
    on_demand = by_status(mode=hp.OnDemand(previous_peak=20_000.0))
    res = run([on_demand])
    open_demand = RATE * order_statuses(N_ORDERS, 0.6).count("OPEN") / N_ORDERS
    per_second = res.backpressure["by-status"].sum(axis=1)
    np.testing.assert_allclose(per_second, open_demand - hp.PARTITION_MAX_WCU, rtol=1e-12)
    assert (
        res.indexes["by-status"].exception(0, int(np.argmax(res.indexes["by-status"].offered[0])))
        == (hp.THROTTLE_EXCEPTION["on-demand"])
    )


# chapter 12's set-up (notebooks/12_gsi.ipynb): 2,000 orders at 2,400 WCU/s, 60% OPEN, a 4-partition base of 4,000 WCU/s
CH12_ORDERS = 2_000
CH12_KEYS = [f"ORDER#{i:05d}" for i in range(CH12_ORDERS)]
CH12_STATUSES = order_statuses(CH12_ORDERS, 0.6)
CH12_BASE = Table(4, wcu=4_000)


@pytest.mark.parametrize("wcu", [1_000.0, 1_500.0, 4_000.0, 16_000.0])  # exercise 1's capacities
def test_the_general_closed_form_matches_the_simulator_at_exercise_1(wcu):
    gsi = GlobalSecondaryIndex("by-status", CH12_STATUSES, partitions=4, wcu=wcu)
    demand = np.full(CH12_ORDERS, RATE / CH12_ORDERS)
    res = simulate_with_indexes(CH12_BASE, demand, 60, CH12_KEYS, [gsi])
    offered = res.indexes["by-status"].offered[-1]
    # every index partition serves what the general form says, and the base loses the rest
    np.testing.assert_allclose(res.indexes["by-status"].served[-1], hp.steady_index_rates(offered, wcu), rtol=1e-12)
    simulated = float(res.backpressure["by-status"][-1].sum())
    assert simulated == pytest.approx(hp.steady_backpressure(offered, wcu), rel=1e-12)
    # the single-hot-partition form (the OPEN partition at adaptive_rate) holds only when no other is above its share
    hot = int(np.argmax(offered))
    others = np.delete(offered, hot)
    single_hot = max(0.0, offered[hot] - hp.adaptive_rate(wcu, gsi.partitions, others))
    if (others > wcu / gsi.partitions).any():
        assert single_hot < simulated - 100  # 930 and 555 WCU/s where the simulator refuses 1,400 and 900
    else:
        assert single_hot == pytest.approx(simulated, rel=1e-12)


def test_exercise_1_numbers_recomputed_by_hand():
    # OPEN 1,440 WCU/s, SHIPPED 720, CLOSED 240 on three partitions, one empty; at 1,000 WCU/s the share is 250:
    # the two partitions above it lack 1,190 and 470 and split the 250 + 10 units the others leave unused
    demand = [240.0, 0.0, 1_440.0, 720.0]
    unused, lack = 250.0 + 10.0, np.array([1_190.0, 470.0])
    served_hot = 250.0 + lack * unused / lack.sum()
    assert hp.steady_backpressure(demand, 1_000) == pytest.approx(1_440 + 720 - served_hot.sum())
    assert hp.steady_backpressure(demand, 1_000) == pytest.approx(1_400.0)
    assert hp.steady_backpressure(demand, 1_500) == pytest.approx(900.0)  # share 375: 1,065 + 345 lacking, 510 unused
    assert hp.steady_backpressure(demand, 16_000) == pytest.approx(440.0)  # only the ceiling binds


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0, 3_000), min_size=1, max_size=8), st.floats(0, 10_000), st.booleans())
def test_steady_index_rates_never_exceed_demand_capacity_or_ceiling(demand, wcu, adaptive):
    served = hp.steady_index_rates(demand, wcu, adaptive=adaptive)
    d = np.asarray(demand)
    assert (served <= d + 1e-9).all() and (served <= hp.PARTITION_MAX_WCU + 1e-9).all()
    assert served.sum() <= max(wcu, 0.0) + 1e-6 or served.sum() <= np.minimum(d, wcu / d.size).sum() + 1e-6
    if not adaptive:
        np.testing.assert_allclose(served, np.minimum(np.minimum(d, hp.PARTITION_MAX_WCU), wcu / d.size))


def test_index_write_units_follow_the_entry_size_and_key_changes():
    assert hp.index_write_units(100) == 1.0  # KEYS_ONLY entry under 1 KB
    assert hp.index_write_units(1_024) == 1.0 and hp.index_write_units(1_025) == 2.0
    assert hp.index_write_units(3_000) == 3.0  # an ALL projection of a 3 KB item
    assert hp.index_write_units(3_000, key_change=True) == 6.0  # delete the old entry, put the new
    with pytest.raises(ValueError, match=r"^entry_bytes = -1"):
        hp.index_write_units(-1)
    with pytest.raises(ValueError, match="key_change"):
        hp.index_write_units(10, key_change="yes")


def test_a_smaller_projection_lowers_the_index_load_and_the_back_pressure():
    item = 3_000  # bytes: 3 base write units per order write
    base_units = float(hp.write_units(item))
    loads = {}
    for name, entry in (("ALL", item), ("KEYS_ONLY", 200)):
        u = hp.index_write_units(entry) / base_units
        gsi = by_status(wcu=20_000.0, units_per_write=u, partitions=8)
        res = run([gsi])  # OPEN orders: 1,440 base write units/s
        loads[name] = (float(res.indexes["by-status"].offered[-1].sum()), res.backpressure_total())
    assert loads["KEYS_ONLY"][0] == pytest.approx(loads["ALL"][0] / 3)
    assert loads["KEYS_ONLY"][1] < loads["ALL"][1]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0, 3_000), min_size=1, max_size=8), st.floats(0, 10_000))
def test_the_split_of_unused_capacity_moves_refusals_but_not_their_total(demand, wcu):
    proportional = hp.steady_index_rates(demand, wcu)
    neediest = hp.steady_index_rates(demand, wcu, split="neediest-first")
    assert proportional.sum() == pytest.approx(neediest.sum(), rel=1e-9, abs=1e-6)
    assert (neediest <= np.minimum(np.asarray(demand), hp.PARTITION_MAX_WCU) + 1e-9).all()
    with pytest.raises(ValueError, match="split"):
        hp.steady_index_rates(demand, wcu, split="equal")


# --- hard edges (issue 15) ----------------------------------------------------------------------


def test_index_demand_beyond_the_simulation_bound_names_the_callers_arguments():
    """The index's demand is computed here (demand x fraction x units_per_write); an error must name those
    arguments, not an internal array ("demand[0, 0] = inf")."""
    keys = ["o1", "o2"]
    heavy = GlobalSecondaryIndex("by-status", ["OPEN", "OPEN"], wcu=300, units_per_write=1e300)
    with pytest.raises(ValueError, match=r"^demand x indexes\['by-status'\] .*units_per_write 1e\+300") as err:
        simulate_with_indexes(Table(1, wcu=1_000), [200.0, 200.0], 5, keys, [heavy])
    assert "demand[" not in str(err.value)
    light = GlobalSecondaryIndex("by-status", ["OPEN", "OPEN"], wcu=300)
    with pytest.raises(ValueError, match=r"^demand totals .*MAX_SIMULATED_DEMAND"):
        simulate_with_indexes(Table(1, wcu=1_000), [1e300, 1e300], 5, keys, [light])


def test_order_statuses_bounds_its_count():
    with pytest.raises(ValueError, match=r"^n_orders = 1e\+300"):
        order_statuses(1e300, 0.5)
    with pytest.raises(ValueError, match=r"^hot_share = nan"):
        order_statuses(10, float("nan"))


def test_gsi_case_bounds_the_rates_so_the_records_stay_finite():
    """gsi_case(index_wcu=1e300) returned a token record holding inf; gsi_case(rate=1e300) raised about
    'demand totals', not the caller's rate."""
    with pytest.raises(ValueError, match=r"^index_wcu = 1e\+300"):
        gsi_case(60, 100, 1e300, 2_400)
    with pytest.raises(ValueError, match=r"^rate = 1e\+300"):
        gsi_case(60, 100, 4_000, 1e300)
    with pytest.raises(ValueError, match=r"^wcu = 1e\+300"):
        GlobalSecondaryIndex("by-status", ["OPEN"], wcu=1e300)
    c = gsi_case(60, 100, hp.MAX_SIMULATED_DEMAND, 2_400)
    assert np.isfinite(c["res"].indexes["by-status"].tokens).all()


def test_gsi_plot_helpers_refuse_bad_values_by_name():
    import matplotlib

    matplotlib.use("Agg")
    c = gsi_case(60, 100, 4_000, 2_400)
    _, (ax,) = hp.new_figure()
    with pytest.raises(ValueError, match=r"^ymax = 0"):
        hp.plot_base_by_index_value(ax, c["res"], c["gsi"], ymax=0)
    with pytest.raises(ValueError, match=r"^ymax = inf"):
        hp.plot_index_partitions(ax, c["res"], c["gsi"], ymax=float("inf"))
    for args, kwargs, match in (
        (([0.0, 1.5], [0.0, 1.0], [0.0, 1.0]), {}, r"^fractions\[1\] = 1.5"),
        (([0.0, 1.0], [0.0, float("nan")], [0.0, 1.0]), {}, r"^simulated\[1\] = nan"),
        (([0.0, 1.0], [0.0, 1.0], [0.0, -1.0]), {}, r"^closed\[1\] = -1.0"),
        (([0.0, 1.0], [0.0], [0.0, 1.0]), {}, r"^len\(simulated\) = 1: must be len\(fractions\) = 2"),
        (
            ([0.0, 1.0], [0.0, 1.0], [0.0, 1.0]),
            {"closed_fractions": [0.5]},
            r"^len\(closed\) = 2: must be len\(closed_fractions\) = 1",
        ),
        (([[0.0, 1.0], [0.0, 1.0]], [0.0, 1.0], [0.0, 1.0]), {}, r"^fractions has 2 dimensions \(shape \(2, 2\)\)"),
        (([0.0, 1.0], [0.0, 1.0], [0.0, 1.0]), {"threshold": 2.0}, r"^threshold = 2.0"),
        (([], [], []), {}, r"^fractions = \[\] is empty"),
    ):
        with pytest.raises(ValueError, match=match):
            hp.plot_sparse_sweep(ax, *args, **kwargs)


def test_index_capacity_sweep_takes_a_list_of_capacities_and_bounds_its_simulations():
    # issue 39: a number raised "iteration over a 0-d array"; a long list ran one simulation per capacity unbounded
    with pytest.raises(ValueError, match=r"^capacities has 0 dimensions \(shape \(\)\): must be a 1-D array"):
        hp.index_capacity_sweep(5.0)
    with pytest.raises(ValueError, match=r"^capacities has 2 dimensions"):
        hp.index_capacity_sweep([[4_000.0, 8_000.0]], n_orders=400)
    with pytest.raises(ValueError, match=r"^capacities \(84 values\) × n_orders = 2,000 × 60 s is 10,080,000"):
        hp.index_capacity_sweep(np.full(84, 4_000.0))
    assert len(hp.index_capacity_sweep(np.full(2, 4_000.0), n_orders=400)["rows"]) == 2


def test_steady_backpressure_refuses_a_units_per_write_that_makes_the_refused_units_infinite():
    with pytest.raises(ValueError, match=r"^units_per_write = 5e-324 is out of range: must be >= .*units_per_write"):
        steady_backpressure([0, 0, 1_440, 0], 4_000, units_per_write=5e-324)
    assert steady_backpressure([0, 0, 100, 0], 4_000, units_per_write=5e-324) == 0.0  # nothing refused: 0 over it
    assert steady_backpressure([0, 0, 1_440, 0], 4_000) == 440.0
