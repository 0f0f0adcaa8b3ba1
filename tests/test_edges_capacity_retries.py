"""Issue 39's hard edges in the capacity, burst, fan-out, aggregation, collection, transaction and retry callables.

Each family is one test: a subnormal divisor refused by name with the least value allowed; a bound shared by two
parameters named with both; an array whose size drives the work refused by name before the work; a 2-D array
refused where a 1-D one belongs; and the documented finite results at the edges (a subnormal item size fits in one
transaction and one page; a partition above its share leaves nothing unused).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hotpart as hp


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: hp.on_demand_seconds_to_serve(4_000, 5e-324), r"^previous_peak = 5e-324 is out of range: must be >= "),
        (lambda: hp.adaptive_ceiling_capacity(4, step=5e-324), r"^step = 5e-324 is out of range: must be >= "),
        (lambda: hp.fanout_read_limit(5e-324), r"^write_rate = 5e-324 is out of range: must be >= 2.67\d*e-305"),
        (lambda: hp.fanout_latency_case(4, exponential_mean_ms=5e-324), r"^exponential_mean_ms = 5e-324 is out of range"),
        (lambda: hp.burst_spike_lasting(100, 5e-324), r"^seconds = 5e-324 is out of range: must be >= "),
        (lambda: hp.two_phase_case(1, 0.999, coordinator_mtbf_s=5e-324), r"^coordinator_mtbf_s = 5e-324 is out of range"),
        (lambda: hp.read_hot_aggregate_case(8_000, 20_000, 50, 5e-324), r"^cache_ttl_s = 5e-324 is out of range"),
        (lambda: hp.adaptive_case(5e-324, [50, 50, 50, 150]), r"^table_wcu = 5e-324 is out of range: must be >= "),
        (lambda: hp.heavy_hitter_coverage(5e-324, 1_000), r"^phi = 5e-324 is out of range: must be in \[1e-07, 1\]"),
        (lambda: hp.cap_binding_retry(5e-324, 2_000), r"^base_ms = 5e-324 is out of range: must be >= cap_ms / 2\*\*63"),
    ],
)
def test_a_subnormal_divisor_is_refused_by_name_with_its_least_value(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize(
    ("call", "names"),
    [
        (lambda: hp.AutoScaling(min_capacity=100, max_capacity=5e-324), ("min_capacity", "max_capacity")),
        (lambda: hp.burst_bank_case(5e-324, 120, 50, 500), ("idle_demand", "rate")),
        (lambda: hp.mode_step_case(1, 2.0, max_k=5e-324), ("max_k", "0.1")),
        (lambda: hp.fanout_cost_case(8_000, 0.1, utilization=5e-324), ("read_write_ratio", "utilization", "write_rate")),
        (lambda: hp.aggregation_case(5e-324, 0.1, 1.0, 1_000, 10), ("write_rate", "read_write_ratio")),
        (lambda: hp.aggregation_case(8_000, 5e-324, 1.0, 1_000, 10), ("write_rate", "read_write_ratio")),
        (lambda: hp.device_collection(5e-324, 500), ("rate_per_s", "item_bytes")),
        (lambda: hp.device_collection(1.0, 5e-324), ("rate_per_s", "item_bytes")),
    ],
)
def test_a_bound_two_parameters_share_names_both(call, names):
    with pytest.raises(ValueError) as error:
        call()
    for name in names:
        assert name in str(error.value)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: hp.burst_check_rows(100, [(150, 300)] * 20_000), r"^cases has 20,000 pairs: must have at most 11,111"),
        (lambda: hp.burst_check_rows(100, [(150, 86_400)] * 200), r"^cases simulate 17,460,000 seconds in all"),
        (lambda: hp.two_phase_rows((1,) * 1_001, 0.999, 1.0, 0.5), r"^participants has 1,001 counts: must have at most"),
        (lambda: hp.collection_curves(np.ones(101), 500, 1.0), r"^rates_per_s has 101 values: must have at most 100"),
        (lambda: hp.collection_curves([1.0], 500, 1.0, days=np.ones(100_001)), r"^days has 100,001 values"),
        (lambda: hp.partition_history_case(np.full(100_001, 10.0)), r"^wcu has 100,001 values: must have at most 100,000"),
        (lambda: hp.plot_partition_history(np.full(1_001, 10.0)), r"^wcu has 1,001 values: must have at most 1,000"),
        (lambda: hp.herd_sweep(np.full(101, 10)), r"^sizes has 101 values: must have at most 100"),
        (lambda: hp.capacity_ahead_sweep(np.ones(101), [1], hp.SDK_STANDARD), r"^shares has 101 values"),
        (lambda: hp.retry_spike_case(np.full(100, 1_000_000)), r"^spike totals 100,000,000 requests"),
        (lambda: hp.adaptive_case(400, np.ones(1_000_001)), r"^demand_wcu has 1,000,001 values: must have at most"),
    ],
)
def test_an_array_that_drives_the_work_is_bounded_by_name(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_plot_aggregation_units_bounds_its_ratios():
    _fig, (ax,) = hp.new_figure()
    with pytest.raises(ValueError, match=r"^ratios has 10,001 values: must have at most 10,000"):
        hp.plot_aggregation_units(ax, hp.StreamsAggregation(1_000.0), 10, np.ones(10_001))


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: hp.capacity_ahead(2_000, [[1, 2], [3, 4]], hp.SDK_STANDARD), "spike"),
        (lambda: hp.retry_spike_case([[1, 2], [3, 4]]), "spike"),
        (lambda: hp.capacity_ahead_sweep([[500.0], [2_000.0]], [1, 2], hp.SDK_STANDARD), "shares"),
        (lambda: hp.herd_sweep([[100], [200]]), "sizes"),
        (lambda: hp.collection_curves([1.0], 500, 1.0, days=[[0.0, 1.0], [2.0, 3.0]]), "days"),
        (lambda: hp.partition_history_case([[10.0, 20.0]]), "wcu"),
    ],
)
def test_a_2d_array_is_refused_where_a_1d_one_belongs(call, name):
    with pytest.raises(ValueError, match=rf"^{name} has 2 dimensions"):
        call()


def test_capacity_ahead_refuses_a_fraction_of_a_request():
    with pytest.raises(ValueError, match=r"^spike\[0\] = 5e-324 is not a whole number"):
        hp.capacity_ahead(2_000, [5e-324, 400.0], hp.SDK_STANDARD)


def test_a_subnormal_item_fits_one_transaction_and_one_page():
    assert hp.transact_write_calls(100, 5e-324) == 1
    assert hp.transact_write_calls(101, 5e-324) == 2
    assert hp.transaction_case(250, 5e-324)["per_call"] == hp.TRANSACT_MAX_ACTIONS
    read = hp.query_cost(1_800, 5e-324)
    assert (read.pages, read.read_units) == (1, 0.5)  # one 4 KB block, halved for an eventual read


@given(st.integers(1, 10_000), st.floats(1e-300, hp.ITEM_MAX_BYTES))  # each item at most 400 KB (issue 49)
def test_transact_write_calls_is_the_fewer_of_the_two_limits(n, item_bytes):
    per_call = min(hp.TRANSACT_MAX_ACTIONS, int(hp.TRANSACT_MAX_BYTES // item_bytes))
    assert hp.transact_write_calls(n, item_bytes) == math.ceil(n / per_call)


@given(st.integers(0, 100_000), st.floats(1e-300, hp.ITEM_MAX_BYTES), st.integers(1, 50))
def test_query_cost_pages_are_the_items_over_a_page(n, item_bytes, keys):
    read = hp.query_cost(n, item_bytes, partition_keys=keys)
    per_page = max(1, int(hp.QUERY_PAGE_MAX_BYTES // item_bytes))
    base, extra = divmod(n, keys)
    expected = sum(
        how_many * max(1, math.ceil(count / per_page)) for count, how_many in ((base + 1, extra), (base, keys - extra))
    )
    assert read.pages == expected


def test_adaptive_case_counts_no_unused_capacity_above_a_share():
    assert hp.adaptive_case(400, [50, 50, 50, 150])["unused"] == 150.0  # AWS's example: unchanged
    case = hp.adaptive_case(100, [50, 10, 50, 150])  # shares of 25: only the second partition leaves 15 unused
    assert case["unused"] == 15.0
    assert case["bound"] == hp.adaptive_rate(100, 4, [50, 10, 50])
