"""Chapter 1's models: units, partition counts and the per-partition ceiling."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import hotpart as hp

# --- units, against AWS's published examples (read-write-operations.html, 2026-08) -----------


@pytest.mark.parametrize(
    ("item_bytes", "consistency", "expected"),
    [
        (3_500, "strong", 1.0),  # "reading a 3,500-byte item consumes the same throughput as a 4 KB item"
        (8 * 1024, "strong", 2.0),  # "if your item size is 8 KB, you require 2 read units"
        (8 * 1024, "eventual", 1.0),
        (8 * 1024, "transactional", 4.0),
        (10 * 1024, "strong", 3.0),  # "a 10 KB item is rounded up to 12 KB"
        (0, "strong", 1.0),
    ],
)
def test_read_units_match_published_examples(item_bytes, consistency, expected):
    assert hp.read_units(item_bytes, consistency) == expected


@pytest.mark.parametrize(
    ("item_bytes", "transactional", "expected"),
    [(500, False, 1.0), (1024, False, 1.0), (1025, False, 2.0), (1.5 * 1024, True, 4.0)],
)
def test_write_units_round_up_per_kb(item_bytes, transactional, expected):
    assert hp.write_units(item_bytes, transactional=transactional) == expected


def test_units_accept_arrays():
    np.testing.assert_array_equal(hp.read_units([1, 4097]), [1.0, 2.0])
    np.testing.assert_array_equal(hp.write_units(np.array([[1024], [2049]])), [[1.0], [3.0]])


def test_units_reject_bad_input_by_name():
    with pytest.raises(ValueError, match=r"item_bytes = -1.0 is out of range: must be in \[0, inf\)"):
        hp.read_units(-1)
    with pytest.raises(ValueError, match=r"consistency = 'weak' is not allowed"):
        hp.read_units(10, "weak")
    with pytest.raises(ValueError, match="transactional"):
        hp.write_units(10, transactional="yes")


@given(st.floats(0, 1e9), st.floats(0, 1e9))
def test_units_are_monotone_in_size(a, b):
    lo, hi = sorted((a, b))
    assert hp.read_units(lo) <= hp.read_units(hi)  # a read's bytes: a Query's items summed, so beyond one item too
    lo, hi = (x % (hp.ITEM_MAX_BYTES + 1) for x in (lo, hi))  # a write is of one item, at most 400 KB (issue 49)
    lo, hi = sorted((lo, hi))
    assert hp.write_units(lo) <= hp.write_units(hi)


@given(st.floats(0, 1e7))
def test_eventual_is_half_strong_and_transactional_double(b):
    strong = hp.read_units(b)
    assert hp.read_units(b, "eventual") == strong / 2
    assert hp.read_units(b, "transactional") == 2 * strong


# --- partitions ---------------------------------------------------------------------------------


def test_estimate_partitions_examples():
    example = hp.EXAMPLE_HOT_PARTITION
    assert hp.estimate_partitions(0, example["table_wcu"]) == example["n_partitions"]
    assert hp.estimate_partitions(hp.PARTITION_MAX_RCU, hp.PARTITION_MAX_WCU) == 2
    assert hp.estimate_partitions(0, 0) == 1
    assert hp.estimate_partitions(0, 0, size_gb=10.0) == 1
    assert hp.estimate_partitions(0, 0, size_gb=10.5) == 2


@pytest.mark.parametrize("kwargs", [dict(rcu=-1, wcu=0), dict(rcu=0, wcu=float("nan")), dict(rcu=0, wcu=0, size_gb=float("inf"))])
def test_estimate_partitions_rejects_bad_input(kwargs):
    with pytest.raises(ValueError, match=r"(rcu|wcu|size_gb) = "):
        hp.estimate_partitions(**kwargs)


sizes = st.floats(0, 1e7)


@given(sizes, sizes, sizes, sizes, sizes, sizes)
def test_estimate_partitions_is_monotone(r1, r2, w1, w2, s1, s2):
    r1, r2 = sorted((r1, r2))
    w1, w2 = sorted((w1, w2))
    s1, s2 = sorted((s1, s2))
    assert 1 <= hp.estimate_partitions(r1, w1, s1) <= hp.estimate_partitions(r2, w2, s2)


@given(st.lists(st.tuples(sizes, sizes), min_size=1, max_size=20))
def test_partition_history_never_merges(settings_seq):
    rcu, wcu = zip(*settings_seq, strict=True)
    counts = hp.partition_history(rcu, wcu)
    assert np.all(np.diff(counts) >= 0)
    assert counts[-1] == max(hp.estimate_partitions(r, w) for r, w in settings_seq)


def test_partition_history_keeps_peak_partitions():
    np.testing.assert_array_equal(hp.partition_history([0, 0, 0], [10_000, 30_000, 10_000]), [10, 30, 30])


# --- throttling -----------------------------------------------------------------------------------

demand_arrays = arrays(np.float64, st.integers(1, 50), elements=st.floats(0, 1e6))


@given(demand_arrays, st.floats(0, 1e6))
def test_refused_is_never_negative_and_never_above_demand(demand, capacity):
    refused = hp.throttled(demand, capacity)
    assert np.all(refused >= 0)
    assert np.all(refused <= demand)
    np.testing.assert_allclose(refused + np.minimum(demand, capacity), demand)


def test_throttled_rejects_negative_capacity():
    with pytest.raises(ValueError, match=r"capacity = -1.0"):
        hp.throttled([1.0], -1.0)


@given(st.floats(1, 1e6), st.integers(1, 200), st.floats(0, 1))
def test_split_demand_conserves_total(total, n, share):
    d = hp.split_demand(total, n, share)
    assert d.shape == (n,)
    assert d.sum() == pytest.approx(total, rel=1e-12)
    assert np.all(d >= 0)


@given(st.floats(1, 1e6), st.integers(1, 500))
def test_more_partitions_never_raise_any_partitions_capacity(table, n):
    """At the same table capacity, adding partitions never raises what any one of them may serve."""
    a = hp.PartitionLoad(np.ones(n), table_capacity=table)
    b = hp.PartitionLoad(np.ones(n + 1), table_capacity=table)
    assert min(b.even_share, b.ceiling) <= min(a.even_share, a.ceiling)
    assert b.ceiling == a.ceiling == hp.PARTITION_MAX_WCU


def test_source_example_refuses_7000_of_9800():
    ex = hp.EXAMPLE_HOT_PARTITION
    n = int(ex["n_partitions"])
    load = hp.PartitionLoad([ex["hot_wcu"]] + [ex["other_wcu"]] * (n - 1), table_capacity=ex["table_wcu"])
    assert load.offered == ex["hot_wcu"] + (n - 1) * ex["other_wcu"]
    assert load.headroom == ex["table_wcu"] - load.offered > 0
    assert load.min_refused == ex["hot_wcu"] - hp.PARTITION_MAX_WCU
    assert "refused >= 7,000" in repr(load)


@given(demand_arrays, st.floats(1, 1e6), st.floats(1, 1e4))
def test_partition_load_bounds(demand, table, ceiling):
    load = hp.PartitionLoad(demand, table_capacity=table, ceiling=ceiling)
    assert 0 <= load.min_refused <= load.offered + 1e-9
    assert load.min_refused >= load.refused_at_ceiling.sum() - 1e-6 * max(1.0, load.offered)
    assert np.all(load.refused_even_split >= load.refused_at_ceiling)


@settings(max_examples=30, deadline=None)
@given(
    arrays(np.int64, st.integers(1, 8), elements=st.integers(0, 400)),
    st.integers(1, 1500),
    st.integers(1, 300),
    st.integers(0, 2**32 - 1),
)
def test_min_refused_matches_unit_by_unit_admission(demand, table, ceiling, seed):
    """Monte Carlo: admit unit requests in random order, each if its partition and the table have room.

    However the requests arrive, the count refused equals the closed form of ``min_refused``.
    """
    rng = np.random.default_rng(seed)
    requests = rng.permutation(np.repeat(np.arange(demand.size), demand))
    served = np.zeros(demand.size, dtype=int)
    for p in requests:
        if served[p] < ceiling and served.sum() < table:
            served[p] += 1
    refused = int(demand.sum() - served.sum())
    if demand.sum() == 0:
        return
    load = hp.PartitionLoad(demand, table_capacity=table, ceiling=ceiling)
    assert refused == pytest.approx(load.min_refused)


def test_partition_load_validates():
    with pytest.raises(ValueError, match="table_capacity = 0"):
        hp.PartitionLoad([1.0], table_capacity=0)
    with pytest.raises(ValueError, match="non-empty 1-D"):
        hp.PartitionLoad([], table_capacity=1)
    with pytest.raises(ValueError, match=r"demand\[0\] = -5.0"):
        hp.PartitionLoad([-5.0], table_capacity=1)


def test_constants_have_sources():
    for name in [
        "PARTITION_MAX_RCU",
        "PARTITION_MAX_WCU",
        "PARTITION_MAX_STORAGE_GB",
        "READ_UNIT_BYTES",
        "WRITE_UNIT_BYTES",
        "THROTTLE_EXCEPTION",
        "EXAMPLE_HOT_PARTITION",
    ]:
        source = hp.SOURCES[name]
        assert source.where and len(source.as_of) in (7, 10)
    assert hp.PARTITION_MAX_RCU == 3000 and hp.PARTITION_MAX_WCU == 1000
    assert hp.THROTTLE_EXCEPTION == {
        "provisioned": "ProvisionedThroughputExceededException",
        "on-demand": "ThrottlingException",
    }


def test_headroom_is_never_shown_as_minus_zero():
    # 10,000 WCU/s split by shares sums to 10,000.000000000002: the caption once read "headroom -0"
    from hotpart.figures.capacity import units_text

    e = hp.EXPLORABLES["partition_ceiling"]
    caption = e.caption(e.data(**e.defaults()))
    assert "headroom 0)" in caption and "-0" not in caption
    assert units_text(-1e-9) == "0" and units_text(-0.49) == "0" and units_text(-0.5) == "0"
    assert units_text(-2_500.6) == "-2,501" and units_text(1_234.4) == "1,234"


# --- Issue 12 review: the claims chapter 1's "Try this" makes about the explorable ---------------------------


def test_explorable_capacity_moves_no_ceiling_at_constant_hot_demand():
    """Offered demand is a percentage of capacity: doubling capacity alone doubles the hot demand; doubling it and
    halving the percentage keeps the hot partition's demand, and what it refuses, exactly as before."""
    e = hp.EXPLORABLES["partition_ceiling"]
    d = e.defaults()
    base = e.data()["load"]
    scaled = e.data(table_wcu=2 * d["table_wcu"])["load"]
    same = e.data(table_wcu=2 * d["table_wcu"], load_pct=d["load_pct"] / 2)["load"]
    assert scaled.demand[0] == 2 * base.demand[0] and scaled.min_refused > base.min_refused
    assert same.demand[0] == base.demand[0]
    assert same.even_share == 2 * base.even_share
    assert same.min_refused == pytest.approx(base.min_refused)


@given(st.floats(1, 1e6), st.integers(2, 200), st.floats(0, 1), st.floats(0.1, 1.0))
def test_cool_partitions_never_refuse_an_even_split_while_the_hot_one_takes_its_share(table, n, hot, load):
    """The old "Try this" said that adding partitions makes the cool ones refuse under an even split: not while the
    hot partition takes at least 1/n of a demand within the table's capacity and no share exceeds the ceiling."""
    if hot < 1.0 / n or table / n > hp.PARTITION_MAX_WCU:
        return
    split = hp.PartitionLoad(hp.split_demand(table * load, n, hot), table_capacity=table)
    assert split.refused_even_split[1:].max() <= 1e-9 * table


# --- hard edges (issue 15) ---------------------------------------------------------------------


def test_edge_partition_history_refuses_capacity_beyond_max_count_by_name():
    with pytest.raises(ValueError, match=r"^rcu\[0\] = 1e\+300 is out of range"):  # was OverflowError
        hp.partition_history([1e300], [0.0])
    with pytest.raises(ValueError, match=r"^wcu = 1e\+300 is out of range"):
        hp.estimate_partitions(0, 1e300)


def test_edge_the_largest_capacities_give_an_exact_finite_count():
    big = hp.models._validation.MAX_COUNT
    assert hp.estimate_partitions(0, big) == big // 1000 + 1  # 2**53 / 1000 rounded up
    assert hp.partition_history([0, 0], [big, 0]).tolist() == [big // 1000 + 1] * 2


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: hp.read_units([math.inf]), r"^item_bytes\[0\] = inf is out of range"),
        (lambda: hp.write_units([math.inf]), r"^item_bytes\[0\] = inf is out of range"),
        (lambda: hp.throttled([math.inf], 1000), r"^demand\[0\] = inf is out of range"),
        (lambda: hp.split_demand(1000, 1e300, 0.5), r"^n_partitions = 1e\+300 is out of range"),
        (lambda: hp.PartitionLoad([1e300], 1000), r"^demand\[0\] = 1e\+300 is out of range"),
    ],
)
def test_edge_infinite_or_huge_inputs_are_refused_by_name(call, message):
    with pytest.raises(ValueError, match=message):
        call()
