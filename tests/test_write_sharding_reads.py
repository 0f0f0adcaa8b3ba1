"""write_sharding.py's read side at its boundaries (issue 49, part 6: the survivors of ``make mutants`` on
``hotpart/models/write_sharding.py`` in :func:`hotpart.query_units`, :func:`hotpart.read_cost` and
:class:`hotpart.ReadCost`).

Every expected value is a hand computation from DynamoDB's documented rules, not a call of the code under test: a read
is charged per 4 KB block (``READ_UNIT_BYTES``), rounded up and at least one block, at 0.5 units a block eventually
consistent, 1 strongly consistent, 2 transactional; a Query sums the sizes of the items it returns before it rounds
(``SOURCES["QUERY_SUMS_ITEM_SIZES"]``); an empty read still costs the minimum unit; BatchGetItem prices each item as
its own GetItem and returns at most 100 items or 16 MB a call (``SOURCES["BATCH_GET_MAX_ITEMS"]``). Each parameter's
range is pinned at both ends (the bound accepted, the next value refused by name, value and range on one line), the
defaults by the figures they give, and :class:`hotpart.ReadCost`'s own checks and ``repr``. ``benchmarks/mutants.py``
runs this file for ``write_sharding.py``; ``benchmarks/equivalent/write_sharding_reads.py`` explains the survivors no
input can tell apart.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp

#: Read units per 4 KB block, by the kind of read (AWS's rule, written out here rather than read from the code).
FACTOR = {"eventual": 0.5, "strong": 1.0, "transactional": 2.0}
KB = 1024
MAX_COUNT = 2**53
MAX_COUNT_RANGE = r"9\.0072e\+15"


def _blocks(nbytes: int) -> int:
    """4 KB blocks a read of ``nbytes`` is charged for: rounded up, at least one (integer arithmetic)."""
    return max(1, -(-nbytes // 4096))


# --- query_units: a Query's items summed, then rounded up once --------------------------------------------------------


@pytest.mark.parametrize("consistency", ["eventual", "strong", "transactional"])
def test_query_units_sum_the_items_then_round_up_once(consistency):
    f = FACTOR[consistency]
    assert hp.query_units(3, 1000, consistency) == f  # 3,000 B: one block
    assert hp.query_units(4, 1024, consistency) == f  # exactly 4,096 B: still one block
    assert hp.query_units(5, 1000, consistency) == 2 * f  # 5,000 B: two blocks, not five
    assert hp.query_units(10, 4097, consistency) == 11 * f  # 40,970 B: ceil(40970 / 4096) = 11 blocks, not 20
    units = hp.query_units([0, 1, 4, 5], 1024, consistency)
    assert isinstance(units, np.ndarray) and units.dtype == np.float64
    assert units.tolist() == [f, f, f, 2 * f]  # 0, 1,024, 4,096 and 5,120 B


def test_query_units_default_to_an_eventually_consistent_read():
    assert hp.query_units(3, 1000) == 0.5
    assert hp.query_units(9, 1000) == 1.5  # 9,000 B: three blocks at half a unit


def test_a_query_that_returns_nothing_costs_the_minimum_unit():
    """Zero items is a valid Query (the lower bound of ``items`` is 0, not 1): it costs one block of its kind."""
    assert hp.query_units(0, 1000) == 0.5
    assert hp.query_units(0, 1000, "strong") == 1.0
    assert hp.query_units(0, 400 * KB, "transactional") == 2.0
    assert isinstance(hp.query_units(0, 1000), float)


@settings(max_examples=80, deadline=None)
@given(
    st.integers(min_value=0, max_value=10**6),
    st.integers(min_value=0, max_value=400 * KB),
    st.sampled_from(["eventual", "strong", "transactional"]),
)
def test_query_units_match_the_rule_in_integer_arithmetic(k, b, consistency):
    assert hp.query_units(k, b, consistency) == FACTOR[consistency] * _blocks(k * b)


def test_query_units_items_range_is_zero_to_2_53_and_refused_by_name_outside():
    assert hp.query_units(MAX_COUNT, 4096, "strong") == float(MAX_COUNT)  # 2**53 items of one block each
    for bad, shown in ((-1, "-1.0"), (MAX_COUNT + 2, "9007199254740994.0")):
        with pytest.raises(ValueError, match=rf"^items = {shown} is out of range: must be in \[0, {MAX_COUNT_RANGE}\]$"):
            hp.query_units(bad, 1000)
    with pytest.raises(ValueError, match=rf"^items\[1\] = -1.0 is out of range: must be in \[0, {MAX_COUNT_RANGE}\]$"):
        hp.query_units([2, -1], 1000)
    with pytest.raises(ValueError, match=rf"^items = \[\] is empty: must hold at least one value in \[0, {MAX_COUNT_RANGE}\]$"):
        hp.query_units([], 1000)


def test_query_units_item_bytes_range_is_zero_to_400_kb_and_refused_by_name_outside():
    assert hp.query_units(5, 0) == 0.5  # empty items: the minimum unit
    assert hp.query_units(1, 400 * KB, "strong") == 100.0  # 409,600 B = 100 blocks exactly
    for bad, shown in ((-1, "-1"), (400 * KB + 1, "409601"), (math.nextafter(400 * KB, math.inf), "409600.00000000006")):
        for items in (0, 1):  # zero items would hide a negative size in their product
            with pytest.raises(ValueError, match=rf"^item_bytes = {shown} is out of range: must be in \[0, 409600\]$"):
                hp.query_units(items, bad)


def test_query_units_refuse_an_unknown_consistency_by_name():
    with pytest.raises(
        ValueError, match=r"^consistency = 'weak' is not allowed: must be one of 'eventual', 'strong', 'transactional'$"
    ):
        hp.query_units(1, 1000, "weak")


# --- read_cost: requests and units of one logical read ----------------------------------------------------------------


@pytest.mark.parametrize("consistency", ["eventual", "strong", "transactional"])
@pytest.mark.parametrize("request_", ["query", "get_item"])
def test_read_cost_by_strategy_and_read_against_hand_computations(consistency, request_):
    """Items of 6,000 B (two blocks each). A random-suffix point read asks all N shards: one returns the item (two
    blocks), N - 1 come back empty (one block each). A calculated point read asks one shard. An aggregate asks all N,
    each shard's one item at two blocks."""
    f = FACTOR[consistency]
    n = [1, 2, 7]
    cost = {
        (strategy, read): hp.read_cost(n, strategy, read, item_bytes=6000, consistency=consistency, request=request_)
        for strategy in ("random", "calculated")
        for read in ("point", "aggregate")
    }
    assert cost["random", "point"].requests.tolist() == [1.0, 2.0, 7.0]
    assert cost["random", "point"].read_units.tolist() == [2 * f, 3 * f, 8 * f]  # 2f + (N - 1) f
    assert cost["calculated", "point"].requests.tolist() == [1.0, 1.0, 1.0]
    assert cost["calculated", "point"].read_units.tolist() == [2 * f, 2 * f, 2 * f]
    for strategy in ("random", "calculated"):
        assert cost[strategy, "aggregate"].requests.tolist() == [1.0, 2.0, 7.0]
        assert cost[strategy, "aggregate"].read_units.tolist() == [2 * f, 4 * f, 14 * f]
    for c in cost.values():
        assert c.n_shards.tolist() == n and c.n_shards.dtype == np.int64
        assert c.requests.dtype == np.float64 and c.read_units.dtype == np.float64


@pytest.mark.parametrize("consistency", ["eventual", "strong", "transactional"])
def test_an_aggregate_query_sums_each_shards_items_before_rounding(consistency):
    """Three items of 6,000 B a shard: 18,000 B, five blocks a Query (not six, as three items rounded apart would be);
    a point read takes one item whatever ``items_per_shard`` is."""
    f = FACTOR[consistency]
    agg = hp.read_cost([1, 4], "random", "aggregate", item_bytes=6000, items_per_shard=3, consistency=consistency)
    assert agg.requests.tolist() == [1.0, 4.0]
    assert agg.read_units.tolist() == [5 * f, 20 * f]
    point = hp.read_cost([1, 4], "random", "point", item_bytes=6000, items_per_shard=3, consistency=consistency)
    assert point.read_units.tolist() == [2 * f, 5 * f]  # 2f + 3 empty shards at f


def test_read_cost_defaults_are_a_random_suffix_aggregate_query_of_one_1_kb_item_eventually_consistent():
    # ten Queries of one 1,024 B item each, eventually consistent: 10 requests, 10 × 0.5 units
    c = hp.read_cost(10)
    assert c.requests.tolist() == [10.0] and c.read_units.tolist() == [5.0]
    # the default item is exactly 1 KB: four of them fill one 4 KB block (1,025 B items would need two)
    assert hp.read_cost(1, items_per_shard=4, consistency="strong").read_units.tolist() == [1.0]
    assert hp.read_cost(1, items_per_shard=5, consistency="strong").read_units.tolist() == [2.0]
    # one item a shard by default: a 4 KB item is one block (two items would be two)
    assert hp.read_cost(3, item_bytes=4096, consistency="strong").read_units.tolist() == [3.0]
    # a random suffix by default: a point read asks all ten shards, a calculated one asks one
    assert hp.read_cost(10, read="point").requests.tolist() == [10.0]
    assert hp.read_cost(10, "calculated", "point").requests.tolist() == [1.0]
    # an aggregate by default: a calculated suffix still asks every shard
    assert hp.read_cost(10, "calculated").requests.tolist() == [10.0]
    # eventually consistent by default: half a unit a block
    assert hp.read_cost(10, item_bytes=6000).read_units.tolist() == [10.0]  # 10 × 2 blocks × 0.5
    # a Query by default: several items a shard are allowed (GetItem reads one), one request a shard
    assert hp.read_cost(10, items_per_shard=2).requests.tolist() == [10.0]


@pytest.mark.parametrize(
    ("item_bytes", "n", "calls"),
    [
        # 1 KB items: 100 items a call (16 MB would hold 16,384)
        (1024, [1, 100, 101, 250], [1, 1, 2, 3]),
        # empty items: still 100 a call
        (0, [100, 101], [1, 2]),
        # 400 KB items: 16 MB // 400 KB = 40 a call (16,777,216 / 409,600 = 40.96, floored: a 41st would not fit)
        (400 * KB, [40, 41, 80, 81, 82], [1, 2, 2, 3, 3]),
        # 200 KB items: 16,777,216 // 204,800 = 81 a call
        (200 * KB, [81, 82, 162, 163], [1, 2, 2, 3]),
    ],
)
def test_batch_get_item_calls_hold_at_most_100_items_and_16_mb(item_bytes, n, calls):
    batch = hp.read_cost(n, "random", "aggregate", item_bytes=item_bytes, request="batch_get_item", consistency="strong")
    assert batch.requests.tolist() == [float(c) for c in calls]
    # each item priced as its own GetItem: N × its blocks, as many units as N GetItems
    assert batch.read_units.tolist() == [float(k * _blocks(math.ceil(item_bytes))) for k in n]
    loop = hp.read_cost(n, "random", "aggregate", item_bytes=item_bytes, request="get_item", consistency="strong")
    assert loop.requests.tolist() == [float(k) for k in n]


def test_batch_get_item_point_reads_batch_the_keys_a_point_read_asks_for():
    # a random suffix's point read asks all 250 keys: three calls of at most 100; units 2 + 249 × 1 strongly consistent
    c = hp.read_cost(250, "random", "point", item_bytes=6000, request="batch_get_item", consistency="strong")
    assert c.requests.tolist() == [3.0] and c.read_units.tolist() == [251.0]
    # a calculated suffix's point read asks one key: one call
    c = hp.read_cost([1, 250], "calculated", "point", item_bytes=6000, request="batch_get_item", consistency="strong")
    assert c.requests.tolist() == [1.0, 1.0] and c.read_units.tolist() == [2.0, 2.0]


def test_items_per_shard_range_is_one_to_2_53_and_refused_by_name_outside():
    assert hp.read_cost(2, items_per_shard=1, item_bytes=4096, consistency="strong").read_units.tolist() == [2.0]
    top = hp.read_cost(1, items_per_shard=MAX_COUNT, item_bytes=4096, consistency="strong")
    assert top.read_units.tolist() == [float(MAX_COUNT)]  # 2**53 one-block items in one Query
    for bad in (0, -1, MAX_COUNT + 1):
        with pytest.raises(ValueError, match=rf"^items_per_shard = {bad} is out of range: must be in \[1, {MAX_COUNT_RANGE}\]$"):
            hp.read_cost(10, items_per_shard=bad)
    with pytest.raises(ValueError, match=rf"^items_per_shard = 2\.5 is not a whole number: must be in \[1, {MAX_COUNT_RANGE}\]$"):
        hp.read_cost(10, items_per_shard=2.5)


@pytest.mark.parametrize("request_", ["get_item", "batch_get_item"])
def test_get_item_and_batch_get_item_read_one_item_a_key(request_):
    assert hp.read_cost(10, items_per_shard=1, request=request_).read_units.tolist() == [5.0]
    for k in (2, 3):
        with pytest.raises(
            ValueError,
            match=rf"^items_per_shard = {k} is not allowed with request = '{request_}': GetItem reads one item; allowed: 1$",
        ):
            hp.read_cost(10, items_per_shard=k, request=request_)
    # a Query may return several
    assert hp.read_cost(10, items_per_shard=3, request="query").read_units.tolist() == [5.0]  # 3 KB: one block each


def test_read_cost_item_bytes_range_is_zero_to_400_kb_and_refused_by_name_outside():
    assert hp.read_cost(3, item_bytes=0, consistency="strong").read_units.tolist() == [3.0]  # the minimum unit each
    assert hp.read_cost(3, item_bytes=400 * KB, consistency="strong").read_units.tolist() == [300.0]  # 100 blocks each
    for bad, shown in (
        (-1, "-1"),
        (-0.5, "-0.5"),
        (400 * KB + 1, "409601"),
        (math.nextafter(400 * KB, math.inf), "409600.00000000006"),
    ):
        with pytest.raises(ValueError, match=rf"^item_bytes = {shown} is out of range: must be in \[0, 409600\]$"):
            hp.read_cost(3, item_bytes=bad)


@pytest.mark.parametrize(
    ("name", "allowed"),
    [
        ("strategy", "'random', 'calculated'"),
        ("read", "'point', 'aggregate'"),
        ("consistency", "'eventual', 'strong', 'transactional'"),
        ("request", "'query', 'get_item', 'batch_get_item'"),
    ],
)
def test_read_cost_refuses_an_unknown_choice_by_name(name, allowed):
    with pytest.raises(ValueError, match=rf"^{name} = 'other' is not allowed: must be one of {allowed}$"):
        hp.read_cost(10, **{name: "other"})


def test_read_cost_n_shards_range_is_one_to_2_53_one_count_or_a_list():
    assert hp.read_cost(1, consistency="strong").read_units.tolist() == [1.0]
    top = hp.read_cost(MAX_COUNT, "calculated", "point", consistency="strong")
    assert top.n_shards.tolist() == [MAX_COUNT] and top.requests.tolist() == [1.0]
    with pytest.raises(ValueError, match=rf"^n_shards = 0\.0 is out of range: must be in \[1, {MAX_COUNT_RANGE}\]$"):
        hp.read_cost(0)
    with pytest.raises(ValueError, match=rf"^n_shards\[1\] = 0\.0 is out of range: must be in \[1, {MAX_COUNT_RANGE}\]$"):
        hp.read_cost([3, 0])
    with pytest.raises(ValueError, match=r"^n_shards has 2 dimensions \(shape \(2, 2\)\): must be"):
        hp.read_cost([[1, 2], [3, 4]])


# --- ReadCost: a validated result ---------------------------------------------------------------------------------


def test_read_cost_object_takes_one_count_or_a_list_and_holds_1d_arrays():
    one = hp.ReadCost(10.0, 1, 0.5)
    assert isinstance(one.n_shards, np.ndarray) and one.n_shards.dtype == np.int64 and one.n_shards.tolist() == [10]
    assert isinstance(one.requests, np.ndarray) and one.requests.dtype == np.float64 and one.requests.tolist() == [1.0]
    assert isinstance(one.read_units, np.ndarray) and one.read_units.dtype == np.float64
    assert one.read_units.tolist() == [0.5]
    many = hp.ReadCost([1, 10], [1, 10], (0.5, 5))
    assert many.n_shards.tolist() == [1, 10] and many.n_shards.dtype == np.int64
    assert many.requests.tolist() == [1.0, 10.0] and many.read_units.tolist() == [0.5, 5.0]
    assert isinstance(many.requests, np.ndarray) and isinstance(many.read_units, np.ndarray)
    # zero requests and zero units are within range ([0, inf))
    assert hp.ReadCost(1, 0, 0).read_units.tolist() == [0.0]


@pytest.mark.parametrize("name", ["requests", "read_units"])
def test_read_cost_object_refuses_negative_infinite_or_missing_values_by_name(name):
    good = {"requests": [1, 2], "read_units": [1, 2]}
    for bad, shown in ((-1, r"-1\.0"), (math.inf, "inf"), (math.nan, "nan"), (-math.inf, "-inf")):
        with pytest.raises(ValueError, match=rf"^{name}\[1\] = {shown} is out of range: must be in \[0, inf\)$"):
            hp.ReadCost([1, 2], **{**good, name: [1, bad]})
    with pytest.raises(ValueError, match=rf"^{name} = inf is out of range: must be in \[0, inf\)$"):
        hp.ReadCost(1, **{"requests": 1, "read_units": 1, name: math.inf})


@pytest.mark.parametrize("name", ["requests", "read_units"])
def test_read_cost_object_needs_one_value_per_shard_count(name):
    good = {"requests": [1, 2], "read_units": [1, 2]}
    with pytest.raises(ValueError, match=rf"^{name} has shape \(1,\): must be \(2,\), one value per n_shards$"):
        hp.ReadCost([1, 2], **{**good, name: [1]})
    with pytest.raises(ValueError, match=rf"^{name} has shape \(3,\): must be \(1,\), one value per n_shards$"):
        hp.ReadCost(5, **{"requests": 1, "read_units": 1, name: [1, 2, 3]})
    # a 2-D column of the right size is refused as n_shards is, not read flat
    with pytest.raises(ValueError, match=rf"^{name} has 2 dimensions \(shape \(2, 1\)\): must be a number or a 1-D array"):
        hp.ReadCost([1, 2], **{**good, name: [[1], [2]]})


def test_read_cost_object_refuses_bad_shard_counts_by_name():
    with pytest.raises(ValueError, match=r"^n_shards has 2 dimensions \(shape \(1, 2\)\): must be"):
        hp.ReadCost([[1, 2]], [1, 2], [1, 2])
    with pytest.raises(ValueError, match=rf"^n_shards = 0\.0 is out of range: must be in \[1, {MAX_COUNT_RANGE}\]$"):
        hp.ReadCost(0, 1, 1)
    with pytest.raises(ValueError, match=rf"^n_shards\[0\] = 2\.5 is not a whole number: must be in \[1, {MAX_COUNT_RANGE}\]$"):
        hp.ReadCost([2.5], [1], [1])


def test_read_cost_repr_names_the_span_and_the_first_counts_figures():
    assert repr(hp.read_cost(10)) == "ReadCost(N=10: 10 requests and 5 RCU per read at N=10)"
    assert repr(hp.ReadCost(7, 3, 1.5)) == "ReadCost(N=7: 3 requests and 1.5 RCU per read at N=7)"
    # three counts: the span is the first to the last, the figures the first's (strongly consistent 1 KB items)
    three = hp.read_cost([2, 5, 10], consistency="strong")
    assert repr(three) == "ReadCost(N=2..10: 2 requests and 2 RCU per read at N=2)"
    two = hp.read_cost([3, 4], "random", "point", consistency="transactional")
    assert repr(two) == "ReadCost(N=3..4: 3 requests and 6 RCU per read at N=3)"
