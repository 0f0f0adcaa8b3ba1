"""The capacity simulator and its closed-form bounds (chapters 8 to 11)."""

import importlib.util
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import hotpart as hp
from hotpart import Refusal

_REF_PATH = Path(__file__).resolve().parent / "reference_simulator.py"  # the test oracle, written independently
_spec = importlib.util.spec_from_file_location("reference_simulator", _REF_PATH)
reference = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(reference)

PROVISIONED_EXC = hp.THROTTLE_EXCEPTION["provisioned"]
ON_DEMAND_EXC = hp.THROTTLE_EXCEPTION["on-demand"]


# --- strategies --------------------------------------------------------------------------------

modes = st.one_of(
    st.builds(
        hp.Provisioned,
        adaptive=st.booleans(),
        adaptive_delay_s=st.sampled_from([0.0, 3.0, 10.0]),
        initial_burst_s=st.sampled_from([0.0, 5.0, 300.0]),
    ),
    st.builds(
        hp.AutoScaling,
        target=st.sampled_from([0.2, 0.5, 0.9]),
        min_capacity=st.sampled_from([1.0, 100.0]),
        max_capacity=st.sampled_from([500.0, 5_000.0]),
        scale_up_minutes=st.sampled_from([1, 2]),
        scale_down_points=st.sampled_from([1, 15]),
        initial_burst_s=st.sampled_from([0.0, 30.0]),
        lag_s=st.sampled_from([0.0, 7.5, 120.0]),
        scale_down_margin=st.sampled_from([0.0, 0.2]),
        decrease_quota=st.booleans(),
    ),
    st.builds(
        hp.OnDemand,
        previous_peak=st.sampled_from([50.0, 500.0, 5_000.0]),
        max_throughput=st.sampled_from([None, 300.0, 3_000.0]),
        quota=st.sampled_from([None, 1_000.0]),
        doubling_s=st.sampled_from([5.0, 20.0, 1800.0]),
    ),
)


@st.composite
def cases(draw, max_seconds=80, max_partitions=6):
    n = draw(st.integers(1, max_partitions))
    seconds = draw(st.integers(1, max_seconds))
    wcu = draw(st.sampled_from([0.0, 1.0, 100.0, 400.0, 3_000.0, 12_345.6]))
    scale = draw(st.sampled_from([1.0, 100.0, 1500.0]))
    demand = draw(arrays(np.float64, (seconds, n), elements=st.floats(0, 1, allow_nan=False, allow_infinity=False)))
    mode = draw(modes)
    return hp.Table(n, wcu=wcu), demand * scale, seconds, mode


# --- conservation and limits -----------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(cases())
def test_conservation_is_exact_and_limits_hold(case):
    table, demand, seconds, mode = case
    res = hp.simulate(table, demand, seconds, mode=mode)
    assert res.offered.shape == res.served.shape == res.throttled.shape == (seconds, table.partitions)
    np.testing.assert_array_equal(res.served + res.throttled, res.offered)
    assert np.all(res.served >= 0) and np.all(res.throttled >= 0)
    assert np.all(res.served <= res.offered)
    assert np.all(res.served <= res.ceiling)
    # every refusal has a reason, and only refusals do
    assert np.array_equal(res.reason > 0, res.throttled > 0)
    assert np.all(res.burst <= np.float32(hp.BURST_WINDOW_S) * np.float32(res.capacity.max() + 1))


@settings(max_examples=40, deadline=None)
@given(cases(max_seconds=60))
def test_provisioned_never_serves_more_than_capacity_plus_the_initial_bank(case):
    table, demand, seconds, mode = case
    if not isinstance(mode, hp.Provisioned) or isinstance(mode, hp.AutoScaling):
        mode = hp.Provisioned()
    res = hp.simulate(table, demand, seconds, mode=mode)
    cap = table.wcu
    allowed = np.cumsum(np.full(seconds, cap)) + cap * mode.initial_burst_s
    served = np.cumsum(res.served.sum(axis=1))
    assert np.all(served <= allowed * (1 + 1e-9) + 1e-9)


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(1, 20),
    wcu=st.floats(1, 20_000),
    utilisation=st.floats(0, 1),
    seconds=st.integers(1, 30),
)
@example(n=3, wcu=65.0, utilisation=1.0, seconds=1)  # 65 x (1 / 3) is an ulp below 65 / 3: 4e-15 units were refused
def test_uniform_demand_within_provisioned_capacity_is_never_throttled(n, wcu, utilisation, seconds):
    share = wcu / n
    rate = min(share, hp.PARTITION_MAX_WCU) * utilisation
    res = hp.simulate(hp.Table(n, wcu=wcu), np.full(n, rate), seconds, mode=hp.Provisioned(adaptive=False))
    assert res.throttled.sum() == 0
    np.testing.assert_array_equal(res.served, res.offered)


def test_result_arrays_are_read_only_and_repr_summarises():
    res = hp.simulate(hp.Table(2, wcu=200), [50, 300], 10)
    with pytest.raises(ValueError):
        res.served[0, 0] = 1.0
    assert repr(res).startswith("SimulationResult(10 s x 2 partitions, writes, provisioned")


# --- the reference loop ----------------------------------------------------------------------


def _assert_identical(a, b):
    for name in ("offered", "served", "throttled", "tokens", "burst", "reason", "capacity"):
        x, y = getattr(a, name), getattr(b, name)
        assert x.dtype == y.dtype and x.shape == y.shape, name
        np.testing.assert_array_equal(x, y, err_msg=name)


@settings(max_examples=60, deadline=None)
@given(cases(max_seconds=40, max_partitions=5))
def test_reference_loop_and_vectorised_simulator_agree_exactly(case):
    table, demand, seconds, mode = case
    _assert_identical(
        hp.simulate(table, demand, seconds, mode=mode),
        reference.reference_simulate(table, demand, seconds, mode=mode),
    )


@pytest.mark.parametrize(
    "mode",
    [
        hp.Provisioned(adaptive_delay_s=30, initial_burst_s=300),
        hp.AutoScaling(target=0.5, min_capacity=50, max_capacity=5_000, initial_burst_s=20),
        hp.AutoScaling(target=0.5, min_capacity=50, max_capacity=5_000, lag_s=0, scale_down_margin=0, decrease_quota=False),
        hp.AutoScaling(target=0.9, min_capacity=50, max_capacity=5_000, lag_s=45.5, scale_down_points=1),
        hp.OnDemand(previous_peak=300, doubling_s=60),
        hp.OnDemand(previous_peak=300, max_throughput=700, quota=900, doubling_s=30),
    ],
)
def test_reference_agrees_over_many_minutes(mode):
    rng = np.random.default_rng(7)
    demand = rng.gamma(0.7, 1.0, (900, 8)) * rng.uniform(20, 500, 8)
    table = hp.Table(8, wcu=1_500)
    _assert_identical(hp.simulate(table, demand, 900, mode=mode), reference.reference_simulate(table, demand, 900, mode=mode))


# --- AWS's adaptive-capacity example (002) ----------------------------------------------------


def _aws_example(mode):
    ex = hp.EXAMPLE_ADAPTIVE
    table = hp.Table(int(ex["n_partitions"]), wcu=float(ex["table_wcu"]))
    return hp.simulate(table, list(ex["demand_wcu"]), 1200, mode=mode)


def test_aws_example_phases_burst_then_throttled_then_adaptive_sustains_150():
    delay = 120
    res = _aws_example(hp.Provisioned(adaptive_delay_s=delay, initial_burst_s=hp.BURST_WINDOW_S))
    hot = 3
    share = 100.0
    drain_end = int(hp.burst_seconds(share, 150.0, idle_seconds=hp.BURST_WINDOW_S))  # 600 s
    # 1. burst absorbs: all 150 served while the bank drains
    assert np.all(res.served[:drain_end, hot] == 150.0)
    assert np.all(np.diff(res.burst[:drain_end, hot]) < 0)
    # 2. throttled at the even share, with the table still having unused capacity
    throttled_phase = slice(drain_end, drain_end + delay)
    assert np.all(res.served[throttled_phase, hot] == share)
    assert np.all(res.reason[throttled_phase, hot] == Refusal.PARTITION_SHARE)
    assert res.exception(drain_end, hot) == PROVISIONED_EXC
    # 3. adaptive capacity raises it: 150 sustained to the end, nothing else ever throttled
    assert np.all(res.served[drain_end + delay :, hot] == 150.0)
    assert res.first_throttled() == drain_end and res.last_throttled() == drain_end + delay - 1
    assert res.throttled[:, :hot].sum() == 0


def test_aws_example_instant_adaptive_never_throttles_and_without_it_never_recovers():
    instant = _aws_example(hp.Provisioned(initial_burst_s=hp.BURST_WINDOW_S))
    assert instant.throttled.sum() == 0
    off = _aws_example(hp.Provisioned(adaptive=False, initial_burst_s=hp.BURST_WINDOW_S))
    assert off.first_throttled(3) == 600 and off.last_throttled(3) == 1199
    assert np.all(off.served[600:, 3] == 100.0)


def test_adaptive_capacity_cannot_save_one_key_above_the_ceiling():
    table = hp.Table(4, wcu=10_000)
    res = hp.simulate(table, [50, 50, 50, 1_500], 120)
    assert np.all(res.served[:, 3] == hp.PARTITION_MAX_WCU)
    assert np.all(res.reason[:, 3] == Refusal.PARTITION_CEILING)
    assert hp.max_key_rate("write") == hp.PARTITION_MAX_WCU
    assert hp.max_key_rate("read") == hp.PARTITION_MAX_RCU


@settings(max_examples=40, deadline=None)
@given(
    capacity=st.floats(100, 20_000),
    n=st.integers(2, 8),
    cool=st.floats(0, 1),
    hot=st.floats(0, 3_000),
)
def test_adaptive_rate_closed_form_matches_the_steady_state(capacity, n, cool, hot):
    share = capacity / n
    others = cool * min(share, hp.PARTITION_MAX_WCU)
    demand = np.full(n, others)
    demand[-1] = hot
    res = hp.simulate(hp.Table(n, wcu=capacity), demand, 5)
    bound = hp.adaptive_rate(capacity, n, others)
    assert res.served[-1, -1] == pytest.approx(min(hot, bound), rel=1e-9, abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(
    capacity=st.floats(100, 20_000),
    n=st.integers(2, 8),
    loads=st.lists(st.floats(0, 3), min_size=7, max_size=7),
)
def test_adaptive_rate_counts_only_what_the_others_leave_unused(capacity, n, loads):
    """Other partitions drawn below *and above* their share: one above its share lends nothing (issue 15's
    mutant, dropping max(0, share - d), survived a test that drew them only at or below it)."""
    share = capacity / n
    others = [x * share for x in loads[: n - 1]]
    expected = min(hp.PARTITION_MAX_WCU, share + sum(max(0.0, share - d) for d in others))
    got = hp.adaptive_rate(capacity, n, others)
    assert got == pytest.approx(expected, rel=1e-12)
    assert min(share, hp.PARTITION_MAX_WCU) - 1e-9 <= got <= hp.PARTITION_MAX_WCU
    # raising one partition further above its share changes nothing
    hotter = [d * 2 if d > share else d for d in others]
    assert hp.adaptive_rate(capacity, n, hotter) == pytest.approx(got, rel=1e-12)


def test_adaptive_rate_validates_and_reproduces_aws():
    assert hp.adaptive_rate(400, 4, [50, 50, 50]) == 250.0
    assert hp.adaptive_rate(400, 4, 100) == 100.0
    # a partition above its share lends nothing, and takes nothing from what the others lend
    assert hp.adaptive_rate(400, 4, [150, 50, 50]) == 200.0
    with pytest.raises(ValueError, match="n_partitions - 1 = 3"):
        hp.adaptive_rate(400, 4, [50, 50])
    with pytest.raises(ValueError, match=r"^table_capacity = 0"):
        hp.adaptive_rate(0, 4)


# --- burst --------------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    rate=st.floats(1, 900),
    demand=st.floats(0, 2_000),
    idle=st.integers(0, 700),
    idle_fraction=st.floats(0, 1.2),
)
def test_burst_seconds_matches_the_simulator_within_one_step(rate, demand, idle, idle_fraction):
    idle_demand = rate * idle_fraction
    closed = hp.burst_seconds(rate, demand, idle_seconds=idle, idle_demand=idle_demand, ceiling=hp.PARTITION_MAX_WCU)
    horizon = 400
    trace = np.concatenate([np.full(idle, idle_demand), np.full(horizon, demand)])[:, None]
    res = hp.simulate(hp.Table(1, wcu=rate), trace, idle + horizon, mode=hp.Provisioned(adaptive=False))
    above = res.served[idle:, 0] > rate * (1 + 1e-9)  # served is m - shortfall, exact to an ulp
    lasted = int(np.argmin(above)) if not above.all() else horizon
    if math.isinf(closed):
        assert lasted == 0
    elif closed < horizon - 1:
        assert abs(lasted - closed) <= 1
        assert not above[lasted:].any()


def test_burst_never_lifts_the_ceiling_and_caps_at_300_seconds():
    assert hp.burst_seconds(100, 150) == 600.0
    assert hp.burst_seconds(100, 150, idle_seconds=3_600) == 600.0  # the bucket holds 300 s of the rate
    assert hp.burst_seconds(100, 5_000, ceiling=1_000) == hp.burst_seconds(100, 1_000)
    assert hp.burst_seconds(100, 50) == math.inf
    res = hp.simulate(hp.Table(1, wcu=100), [5_000], 30, mode=hp.Provisioned(initial_burst_s=300))
    assert res.served.max() == hp.PARTITION_MAX_WCU
    assert res.reason[0, 0] == Refusal.PARTITION_CEILING
    with pytest.raises(ValueError, match=r"^rate = 0"):
        hp.burst_seconds(0, 10)


@pytest.mark.parametrize(("rate", "demand"), [(100, 150), (100, 400), (250, 1_000)])
def test_burst_bucket_fills_to_300_seconds_while_idle(rate, demand):
    trace = np.concatenate([np.zeros(400), np.full(10, demand)])[:, None]
    res = hp.simulate(hp.Table(1, wcu=rate), trace, 410)
    assert res.burst[299, 0] == pytest.approx(300 * rate)
    assert res.burst[399, 0] == pytest.approx(300 * rate)
    assert res.served[400, 0] == min(demand, hp.PARTITION_MAX_WCU)


# --- on-demand ----------------------------------------------------------------------------------


def _step(peak, factor, seconds=120, start=10, n=64, mode=None):
    total = np.full(seconds, peak)
    total[start:] = peak * factor
    demand = np.repeat(total[:, None] / n, n, axis=1)
    mode = mode or hp.OnDemand(previous_peak=peak)
    return hp.simulate(hp.Table(n), demand, seconds, mode=mode)


def test_on_demand_serves_a_step_to_double_the_previous_peak_but_not_triple():
    assert _step(10_000, 2.0).throttled.sum() == 0
    res = _step(10_000, 3.0)
    assert res.throttled[10:].sum(axis=1).min() > 0
    assert res.served[10:].sum(axis=1) == pytest.approx(20_000.0)
    assert set(np.unique(res.reason[res.throttled > 0])) == {Refusal.ON_DEMAND_PEAK}
    assert res.exception(20, 0) == ON_DEMAND_EXC
    assert hp.on_demand_ceiling(10_000) == 20_000.0


@pytest.mark.parametrize(("factor", "expected_s"), [(3.0, 60.0), (4.0, 60.0), (5.0, 120.0), (8.0, 120.0)])
def test_on_demand_growth_matches_the_closed_form(factor, expected_s):
    peak, tau, start = 1_000.0, 60.0, 5
    mode = hp.OnDemand(previous_peak=peak, doubling_s=tau)
    res = _step(peak, factor, seconds=400, start=start, n=16, mode=mode)
    closed = hp.on_demand_seconds_to_serve(peak * factor, peak, doubling_s=tau)
    assert closed == expected_s
    # throttled until the peak has caught up with what was served a doubling period earlier
    last = res.last_throttled()
    assert last is not None and last - start + 1 == pytest.approx(closed, abs=tau)


def test_on_demand_quota_and_maximum_throughput_raise_different_exceptions():
    quota = _step(30_000, 1.6, n=64)  # 48,000 > 40,000
    assert set(quota.throttled_by_exception()) == {hp.QUOTA_EXCEPTION}
    assert quota.served.sum(axis=1).max() == pytest.approx(hp.ON_DEMAND_TABLE_QUOTA_WRU)
    capped = _step(10_000, 1.5, mode=hp.OnDemand(previous_peak=10_000, max_throughput=12_000))
    assert set(capped.throttled_by_exception()) == {ON_DEMAND_EXC}
    assert capped.throttled_by_reason().keys() == {"max throughput"}
    assert hp.on_demand_seconds_to_serve(50_000, 30_000) == math.inf


def test_partition_ceiling_holds_in_on_demand_mode():
    res = hp.simulate(hp.Table(4), [10, 10, 10, 2_500], 30, mode=hp.OnDemand(previous_peak=40_000))
    assert np.all(res.served[:, 3] == hp.PARTITION_MAX_WCU)
    assert res.exception(0, 3) == ON_DEMAND_EXC


# --- auto scaling -------------------------------------------------------------------------------


def test_auto_scaling_lags_a_step_by_at_least_two_minutes_then_scales_down_after_15_points():
    n, seconds = 8, 40 * 60
    base, high = 700.0, 2_100.0
    total = np.full(seconds, base)
    total[300:1200] = high
    demand = np.repeat(total[:, None] / n, n, axis=1)
    mode = hp.AutoScaling(target=0.7, min_capacity=100, max_capacity=10_000)
    res = hp.simulate(hp.Table(n, wcu=1_000), demand, seconds, mode=mode)
    cap = res.capacity
    raised = int(np.flatnonzero(cap > 1_000)[0])
    assert raised >= 300 + hp.AUTOSCALING_SCALE_UP_MINUTES * 60 - 60
    assert raised % 60 == 0
    assert res.throttled[300:raised].sum() > 0
    assert res.throttled[1100:1200].sum() == 0  # it caught up
    # after the step ends, capacity stays up for at least 15 one-minute points
    lowered = int(np.flatnonzero((np.arange(seconds) > 1200) & (cap < cap[1199]))[0])
    assert lowered >= 1200 + (hp.AUTOSCALING_SCALE_DOWN_POINTS - 1) * 60
    assert cap.min() >= 100 and cap.max() <= 10_000
    assert set(res.throttled_by_exception()) == {PROVISIONED_EXC}


# --- splits for heat ----------------------------------------------------------------------------


def _split(case, minutes=2.0, hot=1_600.0):
    return hp.split_case(case, hot, minutes, seconds=600, start=30)


def test_split_for_heat_relieves_many_hot_keys_only_after_the_delay():
    data = _split(0)
    res = data["res"]
    assert res.splits, "a partition above its ceiling for minutes splits"
    first = res.splits[0][0]
    assert first >= 30 + 2 * 60 - 1
    assert res.throttled[30:first].sum(axis=1).min() > 0  # the spike is refused until the split
    assert res.throttled[-1].sum() == 0
    np.testing.assert_array_equal(res.served + res.throttled, res.offered)
    assert res.offered.sum(axis=1)[-1] == pytest.approx(1_600.0 + 24 * 10.0)


@pytest.mark.parametrize(("case", "why"), [(1, "single item"), (3, "LSI"), (4, "monotonic sort key")])
def test_split_is_blocked_by_a_single_item_an_lsi_or_a_monotonic_sort_key(case, why):
    res = _split(case)["res"]
    # a first split may isolate the hot key from cool keys that shared its partition; then it is stuck
    assert len(res.splits) <= 1
    assert [b[2] for b in res.blocked] == [why]
    assert res.served[-1].max() == hp.PARTITION_MAX_WCU
    assert res.throttled[-1].sum() == pytest.approx(600.0)


def test_an_item_collection_without_lsi_splits_between_items():
    res = _split(2)["res"]
    assert res.splits and not res.blocked
    assert res.throttled[-1].sum() == 0
    assert res.served[-1].max() <= hp.PARTITION_MAX_WCU


def test_keys_map_to_partitions_with_partition_of():
    keys = [f"USER#{i}" for i in range(50)]
    demand = np.arange(50, dtype=float)
    res = hp.simulate(hp.Table(5, wcu=50_000), demand, 3, keys=keys)
    expected = np.bincount(hp.partition_of(keys, 5), weights=demand, minlength=5)
    np.testing.assert_allclose(res.offered[0], expected)


# --- validation and reprs -----------------------------------------------------------------------


def test_inputs_are_validated_by_name():
    table = hp.Table(2, wcu=100)
    with pytest.raises(ValueError, match=r"^demand\[1\] = -1.0"):
        hp.simulate(table, [1, -1], 5)
    with pytest.raises(ValueError, match="shaped"):
        hp.simulate(table, np.ones((4, 2)), 5)
    with pytest.raises(ValueError, match=r"^seconds = 0"):
        hp.simulate(table, [1, 1], 0)
    with pytest.raises(ValueError, match="split needs keys"):
        hp.simulate(table, [1, 1], 5, split=hp.SplitForHeat())
    with pytest.raises(ValueError, match=r"^kind = 'delete'"):
        hp.simulate(table, [1, 1], 5, kind="delete")
    with pytest.raises(ValueError, match=r"^partitions = 0"):
        hp.Table(0)
    with pytest.raises(ValueError, match=r"^target = 0.95"):
        hp.AutoScaling(target=0.95)
    with pytest.raises(ValueError, match=r"^initial_burst_s = 301"):
        hp.Provisioned(initial_burst_s=301)
    with pytest.raises(ValueError, match=r"^threshold = 0"):
        hp.SplitForHeat(threshold=0)
    with pytest.raises(ValueError, match=r"^max_throughput = -5"):
        hp.OnDemand(max_throughput=-5)


def test_reprs_are_informative():
    assert repr(hp.Table(4, wcu=400)) == "Table(4 partitions, 400 WCU/s (100 each), 0 RCU/s, simple keys)"
    assert "adaptive after 60 s" in repr(hp.Provisioned(adaptive_delay_s=60))
    assert "target 50%" in repr(hp.AutoScaling(target=0.5))
    assert "instant 2,000" in repr(hp.OnDemand(previous_peak=1_000))
    assert repr(hp.SplitForHeat(0.8, 5, monotonic_sort_key=True)).endswith("monotonic sort key)")


def test_reads_use_the_read_ceiling_and_capacity():
    table = hp.Table(2, rcu=12_000, wcu=10)
    res = hp.simulate(table, [5_000, 100], 5, kind="read")
    assert res.served[:, 0].max() == hp.PARTITION_MAX_RCU
    assert res.capacity[0] == 12_000


def test_refusal_exceptions_by_mode():
    assert hp.refusal_exception(Refusal.PROVISIONED_TOTAL, "auto scaling") == PROVISIONED_EXC
    assert hp.refusal_exception(Refusal.MAX_THROUGHPUT, "on-demand") == ON_DEMAND_EXC
    assert hp.refusal_exception(Refusal.NONE, "on-demand") == ""
    assert Refusal.ON_DEMAND_QUOTA.label == "on-demand quota"


# --- issue 12: burst readings, on-demand's "can", warm throughput, throttling reasons ------------


@pytest.mark.parametrize("reading", ["bank", "window"])
@pytest.mark.parametrize("portion", [1.0, 0.5])
@pytest.mark.parametrize(
    ("rate", "spike", "idle", "idle_demand"),
    [(100, 150, 300, 0), (100, 400, 60, 0), (100, 150, 900, 50), (100, 120, 600, 0), (150, 200, 300, 0)],
)
def test_burst_closed_form_matches_the_simulator_for_both_readings(reading, portion, rate, spike, idle, idle_demand):
    closed = hp.burst_seconds(
        rate, spike, idle_seconds=idle, idle_demand=idle_demand, ceiling=hp.PARTITION_MAX_WCU, reading=reading, portion=portion
    )
    horizon = 1_200
    trace = np.concatenate([np.full(idle, float(idle_demand)), np.full(horizon, float(spike))])[:, None]
    mode = hp.Provisioned(adaptive=False, burst_reading=reading, burst_portion=portion)
    res = hp.simulate(hp.Table(1, wcu=rate), trace, idle + horizon, mode=mode)
    np.testing.assert_array_equal(res.served + res.throttled, res.offered)
    above = res.served[idle:, 0] > rate * (1 + 1e-9)
    lasted = int(np.argmin(above)) if not above.all() else horizon
    assert lasted == pytest.approx(min(closed, horizon), abs=1)


def test_the_window_reading_expires_old_unused_capacity_and_the_bank_does_not():
    # idle 300 s (bank full), then 600 s exactly at the rate (nothing banked, nothing spent), then a spike
    rate, spike = 100.0, 400.0
    trace = np.concatenate([np.zeros(300), np.full(600, rate), np.full(60, spike)])[:, None]
    bank = hp.simulate(hp.Table(1, wcu=rate), trace, 960, mode=hp.Provisioned(adaptive=False))
    window = hp.simulate(hp.Table(1, wcu=rate), trace, 960, mode=hp.Provisioned(adaptive=False, burst_reading="window"))
    assert bank.burst[899, 0] == pytest.approx(hp.BURST_WINDOW_S * rate)
    assert window.burst[899, 0] == 0.0
    assert bank.served[900, 0] == spike and window.served[900, 0] == rate
    # under the window reading no spike outlasts the window, whatever the bank held
    assert hp.burst_seconds(150, 200, reading="window") == hp.BURST_WINDOW_S
    assert hp.burst_seconds(150, 200) == 900.0  # AWS's re:Post example: 45,000 / (200 - 150)


@settings(max_examples=30, deadline=None)
@given(cases(max_seconds=60, max_partitions=4), st.sampled_from(["bank", "window"]), st.sampled_from([0.25, 1.0]))
def test_burst_readings_conserve_and_never_bank_more_than_300_s(case, reading, portion):
    table, demand, seconds, _ = case
    mode = hp.Provisioned(initial_burst_s=30.0, burst_reading=reading, burst_portion=portion)
    res = hp.simulate(table, demand, seconds, mode=mode)
    np.testing.assert_array_equal(res.served + res.throttled, res.offered)
    share = table.wcu / table.partitions
    assert np.all(res.burst <= np.float32(hp.BURST_WINDOW_S * share) * np.float32(1 + 1e-6) + 1e-3)
    assert np.all(res.burst >= -1e-6)


def test_the_default_burst_is_the_old_bank_bit_for_bit():
    rng = np.random.default_rng(3)
    demand = rng.gamma(0.7, 1.0, (400, 4)) * 300
    table = hp.Table(4, wcu=800)
    old = hp.simulate(table, demand, 400, mode=hp.Provisioned(initial_burst_s=100))
    new = hp.simulate(table, demand, 400, mode=hp.Provisioned(initial_burst_s=100, burst_reading="bank", burst_portion=1.0))
    _assert_identical(old, new)


def test_on_demand_over_peak_refusal_is_a_named_worst_case():
    assert hp.OnDemand().over_peak_refused == hp.ASSUMPTIONS["ON_DEMAND_OVER_PEAK_REFUSED"].value == 1.0
    worst = _step(10_000, 3.0)
    half = _step(10_000, 3.0, mode=hp.OnDemand(previous_peak=10_000, over_peak_refused=0.5))
    none = _step(10_000, 3.0, mode=hp.OnDemand(previous_peak=10_000, over_peak_refused=0.0))
    assert worst.served[20].sum() == pytest.approx(20_000.0)
    assert half.served[20].sum() == pytest.approx(25_000.0)
    assert none.throttled.sum() == 0
    for res in (worst, half):
        np.testing.assert_array_equal(res.served + res.throttled, res.offered)
        assert set(np.unique(res.reason[res.throttled > 0])) == {Refusal.ON_DEMAND_PEAK}
    # serving over-peak traffic never lifts the quota
    quota = _step(30_000, 1.6, mode=hp.OnDemand(previous_peak=30_000, over_peak_refused=0.0))
    assert quota.served.sum(axis=1).max() == pytest.approx(hp.ON_DEMAND_TABLE_QUOTA_WRU)
    assert set(quota.throttled_by_reason()) == {"on-demand quota"}


def test_warm_throughput_serves_a_step_at_once():
    cold = _step(10_000, 3.0)
    warm = _step(10_000, 3.0, mode=hp.OnDemand(previous_peak=10_000, warm_throughput=30_000))
    assert cold.throttled.sum() > 0 and warm.throttled.sum() == 0
    assert "instant 30,000" in repr(hp.OnDemand(previous_peak=10_000, warm_throughput=30_000))


def test_a_table_switched_to_on_demand_starts_from_half_its_provisioned_capacity_or_a_new_tables_peak():
    assert hp.OnDemand.switched_from_provisioned(10_000).previous_peak == 5_000.0
    assert hp.OnDemand.switched_from_provisioned(1_000).previous_peak == hp.ON_DEMAND_NEW_TABLE_PEAK["write"]
    assert hp.OnDemand.switched_from_provisioned(30_000, "read").previous_peak == 15_000.0
    assert hp.OnDemand.switched_from_provisioned(10_000, max_throughput=7_000).max_throughput == 7_000.0
    assert hp.SOURCES["ON_DEMAND_SWITCHES_PER_DAY"].quote.count("four times") == 1


def test_every_refusal_maps_to_an_aws_throttling_reason_or_says_it_has_none():
    assert Refusal.PARTITION_CEILING.throttling_reason("write") == "TableWriteKeyRangeThroughputExceeded"
    assert Refusal.PARTITION_SHARE.throttling_reason("read") == "TableReadKeyRangeThroughputExceeded"
    assert Refusal.PROVISIONED_TOTAL.throttling_reason("write", "Index") == "IndexWriteProvisionedThroughputExceeded"
    assert Refusal.ON_DEMAND_QUOTA.throttling_reason("read") == "TableReadAccountLimitExceeded"
    assert Refusal.MAX_THROUGHPUT.throttling_reason("write") == "TableWriteMaxOnDemandThroughputExceeded"
    # not an AWS category: no documented reason
    assert Refusal.ON_DEMAND_PEAK.throttling_reason("write") == ""
    assert "undocumented" in Refusal.ON_DEMAND_PEAK.label
    assert Refusal.NONE.throttling_reason("write") == ""
    # the four families AWS lists, and nothing else
    families = {r.limit_type for r in Refusal} - {""}
    assert families == {
        "KeyRangeThroughputExceeded",
        "ProvisionedThroughputExceeded",
        "AccountLimitExceeded",
        "MaxOnDemandThroughputExceeded",
    }
    res = _step(10_000, 3.0)
    assert res.throttling_reason(20, 0) == ""
    hot = hp.simulate(hp.Table(4), [10, 10, 10, 2_500], 5, mode=hp.OnDemand(previous_peak=40_000))
    assert hot.throttling_reason(0, 3) == "TableWriteKeyRangeThroughputExceeded"


def test_split_trigger_defaults_are_the_named_assumptions():
    split = hp.SplitForHeat()
    assert split.threshold == hp.ASSUMPTIONS["SPLIT_TRIGGER_FRACTION"].value
    assert split.minutes == hp.ASSUMPTIONS["SPLIT_TRIGGER_MINUTES"].value


def test_max_partitions_caps_the_splits_and_records_the_block():
    keys = [f"K#{i}" for i in range(40)]
    demand = np.full(40, 200.0)
    res = hp.simulate(
        hp.Table(1),
        demand,
        700,
        keys=keys,
        mode=hp.OnDemand(previous_peak=40_000),
        split=hp.SplitForHeat(minutes=1),
        max_partitions=3,
    )
    assert res.partitions == 3
    assert any(b[2] == "partition cap" for b in res.blocked)
    with pytest.raises(ValueError, match=r"^max_partitions = 0"):
        hp.simulate(hp.Table(1), demand, 5, keys=keys, split=hp.SplitForHeat(), max_partitions=0)


def test_max_item_rate_is_max_key_rate_under_its_conditions():
    from hotpart.models.adaptive import max_item_rate

    assert max_item_rate("write") == hp.max_key_rate("write") == hp.PARTITION_MAX_WCU
    assert max_item_rate("read") == hp.PARTITION_MAX_RCU
    # one partition key with many items and no LSI is served above one item's ceiling once split (chapter 10)
    res = hp.split_case(2, 1_600.0, 2.0, seconds=600, start=30)["res"]
    assert res.throttled[-1].sum() == 0 and res.offered[-1].sum() > max_item_rate("write")


# --- Issue 12 review: independent checks of chapters 8, 9 and 11 -----------------------------------------------


def _reference_burst_seconds(rate, idle_demand, idle_s, spike, ceiling, reading, portion, window=300, horizon=1500):
    """A separate implementation: a FIFO of (second banked, units), spent oldest first, expiring after ``window``
    seconds in the window reading, capped at ``window * rate`` units in the bank reading. Returns the seconds of
    the spike served above the rate (fractions for a partly covered second)."""
    from collections import deque

    bank: deque[list[float]] = deque()
    lasted = 0.0
    for t in range(idle_s + horizon):
        demand = idle_demand if t < idle_s else spike
        if reading == "window":
            while bank and bank[0][0] <= t - window:
                bank.popleft()
        if demand <= rate:
            add = portion * (rate - demand)
            if reading == "bank":
                add = min(add, max(0.0, window * rate - sum(u for _, u in bank)))
            if add > 0:
                bank.append([t, add])
            continue
        need = min(demand, ceiling) - rate
        got = 0.0
        while bank and got < need - 1e-12:
            take = min(bank[0][1], need - got)
            got += take
            bank[0][1] -= take
            if bank[0][1] <= 1e-12:
                bank.popleft()
        lasted += got / need
    return lasted


@settings(max_examples=25, deadline=None)
@given(
    st.integers(50, 500),
    st.floats(0.0, 1.0),
    st.integers(0, 700),
    st.floats(1.05, 15.0),
    st.sampled_from([1.0, 0.5, 0.3]),
    st.sampled_from(["bank", "window"]),
)
def test_burst_closed_form_and_simulator_match_an_independent_fifo(rate, idle_frac, idle_s, spike_x, portion, reading):
    rate = float(rate)
    idle_demand, spike = idle_frac * rate, min(spike_x * rate, 1_500.0)
    if min(spike, hp.PARTITION_MAX_WCU) <= rate:
        return
    reference = _reference_burst_seconds(rate, idle_demand, idle_s, spike, hp.PARTITION_MAX_WCU, reading, portion)
    closed = hp.burst_seconds(
        rate,
        spike,
        idle_seconds=idle_s,
        idle_demand=idle_demand,
        ceiling=hp.PARTITION_MAX_WCU,
        reading=reading,
        portion=portion,
    )
    trace = np.concatenate([np.full(idle_s, idle_demand), np.full(1_500, spike)])[:, None]
    res = hp.simulate(
        hp.Table(1, wcu=rate),
        trace,
        idle_s + 1_500,
        mode=hp.Provisioned(adaptive=False, burst_reading=reading, burst_portion=portion),
    )
    simulated = float(((res.served[idle_s:, 0] - rate) / (min(spike, hp.PARTITION_MAX_WCU) - rate)).clip(0).sum())
    # The runs last 1,500 s of spike. Whether a second's unused capacity leaves the 300 s window at its 300th or
    # 301st second is a convention: the FIFO and the model may differ by one second at that edge, never more.
    assert min(closed, 1_500.0) == pytest.approx(reference, abs=1.0 + 1e-6)
    assert simulated == pytest.approx(reference, abs=1.0 + 1e-6)


@given(st.floats(100, 4_000), st.integers(2, 9))
def test_adaptive_bound_falls_with_partitions_and_rises_with_capacity(capacity, n):
    """Chapter 9's explorable: cool partitions at half their share. More partitions lower the hot partition's
    bound (smaller shares); more capacity raises it, up to the ceiling."""

    def bound(c, k):
        return hp.adaptive_rate(c, k, c / k / 2)

    assert bound(capacity, n + 1) <= bound(capacity, n) + 1e-9
    assert bound(capacity * 1.5, n) >= bound(capacity, n) - 1e-9
    assert bound(capacity, n) == pytest.approx(min(hp.PARTITION_MAX_WCU, capacity * (n + 1) / (2 * n)))


def test_on_demand_serves_any_previously_reached_level_at_once():
    """AWS: on-demand instantly accommodates traffic up to any previously reached level; a lull does not lower
    the previous peak."""
    n = 64
    total = np.array([20_000.0] * 3_600 + [5_000.0] * 3_600 + [40_000.0] * 600)
    res = hp.simulate(hp.Table(n), np.repeat(total[:, None] / n, n, axis=1), total.size, mode=hp.OnDemand(previous_peak=10_000))
    assert res.throttled[3_600:].sum() == 0.0


def _capacity_modes_step(step, lag_s):
    """Chapter 11's auto-scaled table (64 partitions at 70% of 10,000 / 0.7 WCU/s), a step at 300 s."""
    n, seconds, start, peak, target = 64, 2_400, 300, 10_000.0, 0.7
    total = np.full(seconds, peak)
    total[start:] = peak * step
    mode = hp.AutoScaling(target=target, min_capacity=100.0, max_capacity=80_000.0, lag_s=lag_s)
    res = hp.simulate(hp.Table(n, wcu=peak / target), np.repeat(total[:, None] / n, n, axis=1), seconds, mode=mode)
    return res, start, target


def test_a_burst_carried_step_is_raised_by_more_than_one_over_the_target():
    """Chapter 11: consumed capacity counts what was served, burst included, so the first raise after a step that
    burst carried can exceed 1/u; the bound 1/u holds only once burst is spent. Without a provisioning lag burst
    carries a doubling to the first raise; with the default lag the bank runs dry before the raise lands."""
    res, start, target = _capacity_modes_step(2, lag_s=0)
    raises = np.flatnonzero(np.diff(res.capacity) > 0) + 1
    assert res.throttled.sum() == 0.0
    assert res.capacity[raises[0]] / res.capacity[start] > 1 / target
    lagged, _, _ = _capacity_modes_step(2, lag_s=hp.AUTOSCALING_LAG_S)
    assert lagged.throttled.sum() > 0
    first = int(np.flatnonzero(np.diff(lagged.capacity) > 0)[0]) + 1
    assert first - start >= hp.AUTOSCALING_SCALE_UP_MINUTES * 60 - 60 + hp.AUTOSCALING_LAG_S


# --- auto scaling against its peer (issue 13): the provisioning lag, the scale-in margin, the decrease quota ---


def _even(total, n=4):
    return np.repeat(np.asarray(total, dtype=float)[:, None] / n, n, axis=1)


def _autoscaled(total, n=4, wcu=1_000.0, **settings):
    mode = hp.AutoScaling(target=0.7, min_capacity=1.0, max_capacity=40_000.0, **settings)
    return hp.simulate(hp.Table(n, wcu=wcu), _even(total, n), len(total), mode=mode)


def test_a_five_minute_spike_is_throttled_only_with_a_provisioning_lag():
    """Issue 13's spike: 1,000 WCU/s provisioned, 500 WCU/s spread evenly, five minutes at 3,000. Without a lag
    burst carries it to the first raise; with the lag, requests above the previous capacity are refused."""
    total = np.full(3_600, 500.0)
    total[600:900] = 3_000.0
    no_lag = _autoscaled(total, lag_s=0)
    lagged = _autoscaled(total, lag_s=120)
    assert no_lag.throttled.sum() == 0.0
    assert lagged.throttled.sum() > 100_000
    np.testing.assert_array_equal(lagged.served + lagged.throttled, lagged.offered)
    # while the update is in flight the previous capacity holds
    first_up = int(np.flatnonzero(np.diff(lagged.capacity) > 0)[0]) + 1
    decided = 600 + hp.AUTOSCALING_SCALE_UP_MINUTES * 60
    assert first_up == decided + 120
    assert np.all(lagged.capacity[decided:first_up] == 1_000.0)


def test_the_first_raise_comes_at_least_two_minutes_plus_the_lag_after_a_step():
    total = np.full(3_600, 500.0)
    total[600:2_400] = 2_000.0
    for lag in (0.0, 120.0, 300.0):
        res = _autoscaled(total, lag_s=lag)
        first = int(np.flatnonzero(np.diff(res.capacity) > 0)[0]) + 1
        assert first - 600 >= hp.AUTOSCALING_SCALE_UP_MINUTES * 60 + lag
        assert first - 600 <= hp.AUTOSCALING_SCALE_UP_MINUTES * 60 + 60 + lag


def _steady_then(util_points_below, minutes=40, target=0.7, wcu=1_000.0):
    """A table at its target utilisation, then ``util_points_below`` percentage points under it."""
    high = np.full(600, wcu * target)
    low = np.full(minutes * 60, wcu * (target - util_points_below))
    return np.concatenate([high, low])


def test_no_scale_in_at_10_points_below_target():
    res = _autoscaled(_steady_then(0.10))
    assert np.all(res.capacity == 1_000.0)
    # without the margin (the metrics page's plain "lower than the target") it would scale in
    res0 = _autoscaled(_steady_then(0.10), scale_down_margin=0.0)
    assert res0.capacity[-1] < 1_000.0


def test_scale_in_at_20_points_or_more_below_target_after_15_minutes():
    for below in (0.20, 0.35):
        res = _autoscaled(_steady_then(below), lag_s=0)
        lowered = np.flatnonzero(res.capacity < 1_000.0)
        assert lowered.size
        # 15 consecutive one-minute points, counted from the first minute wholly below
        assert lowered[0] == 600 + hp.AUTOSCALING_SCALE_DOWN_POINTS * 60
        assert res.capacity[-1] == pytest.approx(1_000.0 * (0.7 - below) / 0.7)
    # 14 minutes are not enough
    res = _autoscaled(_steady_then(0.3, minutes=hp.AUTOSCALING_SCALE_DOWN_POINTS - 1), lag_s=0)
    assert np.all(res.capacity == 1_000.0)


def _decreases_per_utc_day(capacity):
    down = np.flatnonzero(np.diff(capacity) < 0) + 1  # the second each decrease takes effect
    return np.bincount(down // 86_400, minlength=-(-capacity.size // 86_400))


def test_the_diurnal_trace_decreases_at_most_27_times_a_utc_day():
    """Issue 13's diurnal trace, 300 to 2,500 WCU/s and back over 24 h: without the margin and the quota the
    model lowered capacity 48 times a day; AWS allows at most 27 (4, then one per hour)."""
    t = np.arange(86_400)
    total = 300.0 + 2_200.0 * (0.5 - 0.5 * np.cos(2 * np.pi * t / 86_400))
    res = _autoscaled(total)  # four partitions, so no partition ceiling binds
    per_day = _decreases_per_utc_day(res.capacity)
    assert per_day.max() <= hp.AUTOSCALING_DECREASES_PER_DAY
    old = _autoscaled(total, lag_s=0, scale_down_margin=0.0, decrease_quota=False)
    assert _decreases_per_utc_day(old.capacity).max() > hp.AUTOSCALING_DECREASES_PER_DAY


def test_the_decrease_quota_allows_4_at_once_then_one_per_hour():
    """A sawtooth that asks for a scale-in every half hour (48 a day): the quota grants 4 at the start of the UTC
    day and one more each whole hour, never more than 4 held, so 27 in the day."""
    cycle = np.concatenate([np.full(600, 1_400.0), np.full(1_200, 200.0)])  # 10 min high, 20 min low
    total = np.tile(cycle, 48 + 4)
    res = _autoscaled(total, n=1, lag_s=0, scale_down_points=1)
    down = np.flatnonzero(np.diff(res.capacity) < 0) + 1
    assert _decreases_per_utc_day(res.capacity)[0] == hp.AUTOSCALING_DECREASES_PER_DAY
    by_hour = np.cumsum(np.bincount(down // 3_600, minlength=24)[:24])
    assert np.all(by_hour <= hp.AUTOSCALING_DECREASES_AT_ONCE + np.arange(24))
    free = _autoscaled(total, n=1, lag_s=0, scale_down_points=1, decrease_quota=False)
    assert _decreases_per_utc_day(free.capacity)[0] == 48


def test_capacity_is_sized_from_consumed_capacity_not_from_refused_demand():
    """Unlike the peer, which sizes from requested demand: one raise targets what was served over the target."""
    total = np.full(1_200, 600.0)
    total[300:] = 5_000.0
    res = _autoscaled(total, lag_s=0)
    first = int(np.flatnonzero(np.diff(res.capacity) > 0)[0]) + 1
    consumed = res.served[first - 60 : first].sum() / 60.0
    assert res.capacity[first] == pytest.approx(consumed / 0.7)
    assert res.capacity[first] < 5_000.0 / 0.7


@settings(max_examples=25, deadline=None)
@given(
    minutes=st.integers(3, 30),
    base=st.floats(0, 2_000),
    peak=st.floats(0, 6_000),
    lag=st.sampled_from([0.0, 30.0, 120.0, 300.0]),
    margin=st.sampled_from([0.0, 0.1, 0.2]),
    quota=st.booleans(),
    n=st.integers(1, 6),
)
def test_conservation_holds_with_auto_scaling(minutes, base, peak, lag, margin, quota, n):
    seconds = minutes * 60
    total = np.full(seconds, base)
    total[seconds // 3 : 2 * seconds // 3] = peak
    mode = hp.AutoScaling(min_capacity=10.0, lag_s=lag, scale_down_margin=margin, decrease_quota=quota, scale_down_points=2)
    res = hp.simulate(hp.Table(n, wcu=500.0), _even(total, n), seconds, mode=mode)
    np.testing.assert_array_equal(res.served + res.throttled, res.offered)
    assert np.all(res.served >= 0) and np.all(res.throttled >= 0)
    assert np.all((res.capacity >= 10.0) & (res.capacity <= hp.AUTOSCALING_MAX_CAPACITY))
    assert np.array_equal(res.reason > 0, res.throttled > 0)


def test_auto_scaling_defaults_are_the_named_constants_and_validated():
    a = hp.AutoScaling()
    assert a.target == hp.AUTOSCALING_TARGET == 0.7
    assert a.max_capacity == hp.AUTOSCALING_MAX_CAPACITY == 40_000.0
    assert a.min_capacity == hp.AUTOSCALING_MIN_CAPACITY
    assert a.lag_s == hp.AUTOSCALING_LAG_S
    assert a.scale_down_margin == hp.AUTOSCALING_SCALE_DOWN_MARGIN == 0.2
    assert a.decrease_quota is True
    assert "lag 120 s" in repr(a) and "20 points below target" in repr(a) and "4 decreases at once" in repr(a)
    for bad, match in (
        ({"lag_s": -1}, "^lag_s = -1"),
        ({"lag_s": math.inf}, "^lag_s = inf"),
        ({"lag_s": math.nan}, "^lag_s = nan"),
        ({"scale_down_margin": 0.8}, "^scale_down_margin = 0.8"),
        ({"scale_down_margin": -0.1}, "^scale_down_margin = -0.1"),
        ({"decrease_quota": "yes"}, "decrease_quota"),
        ({"scale_up_minutes": 1e300}, "^scale_up_minutes"),
        ({"max_capacity": math.inf}, "^max_capacity = inf"),
    ):
        with pytest.raises(ValueError, match=match):
            hp.AutoScaling(**bad)


# --- hard edges (issue 15) ----------------------------------------------------------------------


def test_extreme_demand_is_refused_by_name_never_answered_wrongly():
    with pytest.raises(ValueError, match=r"^demand totals .*MAX_SIMULATED_DEMAND"):
        hp.simulate(hp.Table(1, wcu=100), [1e308, 1e308], 5, keys=["a", "b"])
    with pytest.raises(ValueError, match=r"^demand totals 1e\+19 units/s"):
        hp.simulate(hp.Table(1, wcu=1000), [1e19], 3, mode=hp.Provisioned(adaptive=False))
    with pytest.raises(ValueError, match=r"^demand totals .* in second 1"):
        hp.simulate(hp.Table(2, wcu=1000), [[1.0, 1.0], [1e9, 1.0]], 2)
    # at the bound, conservation is exact and nothing served is lost
    res = hp.simulate(hp.Table(1, wcu=1000), [hp.MAX_SIMULATED_DEMAND], 3, mode=hp.Provisioned(adaptive=False))
    assert res.served[-1, 0] == 1_000.0
    np.testing.assert_array_equal(res.served + res.throttled, res.offered)


@settings(max_examples=40, deadline=None)
@given(demand=st.floats(1e3, 1e9), wcu=st.floats(1, 40_000))
def test_served_is_exact_up_to_the_demand_bound(demand, wcu):
    res = hp.simulate(hp.Table(1, wcu=wcu), [demand], 2, mode=hp.Provisioned(adaptive=False))
    assert res.served[-1, 0] == pytest.approx(min(demand, wcu, hp.PARTITION_MAX_WCU), abs=1e-6)
    np.testing.assert_array_equal(res.served + res.throttled, res.offered)


def test_refusal_exception_and_cells_refuse_bad_indices_by_name():
    with pytest.raises(ValueError, match=r"^reason = inf"):
        hp.refusal_exception(math.inf, "on-demand")
    with pytest.raises(ValueError, match=r"^reason = 8"):
        hp.refusal_exception(8, "provisioned")
    assert hp.refusal_exception(5.0, "on-demand") == hp.QUOTA_EXCEPTION
    res = hp.simulate(hp.Table(2, wcu=200), [50, 300], 10, mode=hp.Provisioned(adaptive=False))
    assert res.exception(9, 1) == PROVISIONED_EXC
    for second, partition, match in ((-1, -1, "^second = -1"), (10, 0, "^second = 10"), (0, 2, "^partition = 2")):
        with pytest.raises(ValueError, match=match):
            res.exception(second, partition)
        with pytest.raises(ValueError, match=match):
            res.throttling_reason(second, partition)
    with pytest.raises(ValueError, match=r"^partition = -1"):
        res.first_throttled(-1)


def test_split_case_names_the_callers_arguments():
    with pytest.raises(ValueError, match=r"^start = 1e\+300"):
        hp.split_case(0, 1_000.0, 5, start=1e300)
    with pytest.raises(ValueError, match=r"^hot_wcu = nan"):
        hp.split_case(0, math.nan, 5)
    with pytest.raises(ValueError, match=r"^minutes = -1"):
        hp.split_case(0, 1_000.0, -1)
    with pytest.raises(ValueError, match=r"^case = 9"):
        hp.split_case(9, 1_000.0, 5)


# --- the API walk (issue 15): every public call of chapters 8-11 refuses bad values by the caller's name ----------


def test_burst_readings_names_the_callers_arguments_not_the_simulators():
    """burst_readings builds a Table, a Provisioned mode and a demand matrix: an error must name rate, spike,
    idle_s, busy_s, spike_s or portion, never wcu, burst_portion or demand[300, 0]."""
    for kwargs, match in (
        ({"rate": math.nan}, r"^rate = nan"),
        ({"rate": -1}, r"^rate = -1"),
        ({"rate": 1e300}, r"^rate = 1e\+300"),
        ({"spike": math.inf}, r"^spike = inf"),
        ({"spike": -1}, r"^spike = -1"),
        ({"spike": 1e300}, r"^spike = 1e\+300"),
        ({"idle_s": math.inf}, r"^idle_s = inf"),
        ({"idle_s": "abc"}, r"^idle_s = 'abc'"),
        ({"busy_s": -1}, r"^busy_s = -1"),
        ({"spike_s": 0}, r"^spike_s = 0"),
        ({"spike_s": None}, r"^spike_s = None"),
        ({"portion": 0}, r"^portion = 0"),
    ):
        args = {"rate": 100.0, "spike": 400.0, "idle_s": 300, **kwargs}
        with pytest.raises(ValueError, match=match):
            hp.burst_readings(**args)


def test_burst_readings_closed_form_is_none_when_the_spike_needs_no_burst():
    out = hp.burst_readings(100, 0, 0)  # no spike at all: burst_seconds is inf, reported as None, never as inf
    assert out["bank"]["closed"] is None and out["window"]["closed"] is None
    assert out["bank"]["lasted"] == 0 and out["bank"]["refused"] == 0.0
    assert hp.burst_readings(100, 150, 300)["bank"]["closed"] == 600.0


def test_capacities_are_bounded_so_the_records_stay_finite():
    """A capacity above MAX_SIMULATED_DEMAND overflowed the float32 token record to inf (gsi_case(index_wcu=1e300));
    now the capacity is refused by name, and at the bound every record is finite."""
    for kwargs, match in (({"wcu": 1e300}, r"^wcu = 1e\+300"), ({"rcu": 2e9}, r"^rcu = 2000000000.0 .*\[0, 1e\+09\]")):
        with pytest.raises(ValueError, match=match):
            hp.Table(1, **kwargs)
    with pytest.raises(ValueError, match=r"^items_per_key = 1e\+300"):
        hp.Table(1, items_per_key=1e300)
    res = hp.simulate(hp.Table(1, wcu=hp.MAX_SIMULATED_DEMAND), [10.0], 3)
    assert np.isfinite(res.tokens).all() and np.isfinite(res.burst).all()
    with pytest.raises(ValueError, match=r"^max_capacity = 1e\+300"):
        hp.AutoScaling(max_capacity=1e300)
    with pytest.raises(ValueError, match=r"^min_capacity = 1e\+300 is out of range: must be in \(0, 40000\]"):
        hp.AutoScaling(min_capacity=1e300)
    with pytest.raises(ValueError, match=r"^min_capacity = 5000 .*\(0, 4000\]"):
        hp.AutoScaling(min_capacity=5_000, max_capacity=4_000)


def test_adaptive_rate_takes_any_count_of_partitions_with_a_scalar_demand():
    """A scalar others_demand no longer builds an array of n_partitions - 1 values (1e300 raised numpy's
    'Maximum allowed dimension exceeded'); counts above MAX_COUNT are refused by name."""
    with pytest.raises(ValueError, match=r"^n_partitions = 1e\+300"):
        hp.adaptive_rate(400, 1e300, 50)
    assert hp.adaptive_rate(1e12, 2**40, 0) == hp.PARTITION_MAX_WCU
    for n, d in ((4, 50.0), (7, 10.0), (3, 500.0)):
        assert hp.adaptive_rate(400, n, d) == hp.adaptive_rate(400, n, [d] * (n - 1))


def test_capacity_mode_helpers_refuse_bad_values_by_name():
    with pytest.raises(ValueError, match=r"^quota = inf"):
        hp.on_demand_seconds_to_serve(1_000, 500, quota=math.inf)
    with pytest.raises(ValueError, match=r"^max_partitions = 1e\+300"):
        hp.simulate(hp.Table(1), [10.0], 5, max_partitions=1e300)
    od = hp.OnDemand(previous_peak=1_000)
    assert od.instant_ceiling(1_000) == 2_000.0
    for bad in (0, -1, math.nan, "abc"):
        with pytest.raises(ValueError, match=r"^peak = "):
            od.instant_ceiling(bad)
    with pytest.raises(ValueError, match=r"^kind = 'writes'"):
        od.peak("writes")


def test_plot_helpers_refuse_bad_values_by_name():
    import matplotlib

    matplotlib.use("Agg")
    res = hp.simulate(hp.Table(4, wcu=400), [50, 50, 50, 150], 60, mode=hp.Provisioned(adaptive=False))
    _, (ax,) = hp.new_figure()
    for kwargs, match in (
        ({"partitions": [4]}, r"^partitions\[0\] = 4.0 is out of range: must be in \[0, 3\]"),
        ({"partitions": []}, r"^partitions = \[\] is empty"),
        ({"partitions": None}, r"^partitions = None"),
        ({"start": -1}, r"^start = -1"),
        ({"ymax": 0}, r"^ymax = 0"),
        ({"share": math.inf}, r"^share = inf"),
    ):
        with pytest.raises(ValueError, match=match):
            hp.plot_simulation(ax, res, **{"partitions": [3], "title": "t", **kwargs})
    with pytest.raises(ValueError, match=r"^start = 61"):
        hp.plot_table_totals(ax, res, title="t", start=61)
    fig, _ = hp.new_figure(ncols=2)
    with pytest.raises(ValueError, match=r"^rate = 0"):
        hp.plot_burst_readings(fig, hp.burst_readings(100, 400, 300), 0)


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(1, 40),
    seed=st.integers(0, 2**32 - 1),
    adaptive=st.booleans(),
    ceiling_share=st.floats(0.2, 3.0),
)
def test_refusal_causes_are_the_same_set_one_at_a_time_or_by_numpy(n, seed, adaptive, ceiling_share):
    """provisioned.py sets the causes of a few refused partitions one at a time and of many with numpy; both give
    the same code in every cell (every cause appears in these runs: ceiling, share, table total)."""
    from hotpart.models import provisioned

    rng = np.random.default_rng(seed)
    table = hp.Table(n, wcu=100.0 * n)
    demand = rng.gamma(0.5, 100.0 * ceiling_share, size=(300, n))
    demand[:, 0] += 1200.0 * ceiling_share  # one partition over the 1,000 WCU ceiling when the share is large
    mode = hp.Provisioned(adaptive=adaptive, adaptive_delay_s=30, initial_burst_s=10)
    scalar = hp.simulate(table, demand, 300, mode=mode).reason
    saved, provisioned._SCALAR_REFUSALS = provisioned._SCALAR_REFUSALS, 0  # numpy for every refusing second
    try:
        vector = hp.simulate(table, demand, 300, mode=mode).reason
    finally:
        provisioned._SCALAR_REFUSALS = saved
    assert np.array_equal(scalar, vector)


def test_both_refusal_paths_meet_every_cause():
    """The runs above are not vacuous: a run of the kind they draw refuses for all three provisioned causes."""
    rng = np.random.default_rng(7)
    demand = rng.gamma(0.5, 300.0, size=(300, 8))
    demand[:, 0] += 3600.0
    res = hp.simulate(hp.Table(8, wcu=800.0), demand, 300, mode=hp.Provisioned(adaptive_delay_s=30, initial_burst_s=10))
    codes = set(np.unique(res.reason).tolist())
    assert {int(Refusal.PARTITION_CEILING), int(Refusal.PARTITION_SHARE), int(Refusal.PROVISIONED_TOTAL)} <= codes


@settings(max_examples=300, deadline=None)
@given(
    arrays(
        np.float64,
        st.integers(0, 70),
        elements=st.one_of(
            st.floats(allow_nan=True, allow_infinity=True),
            st.sampled_from([0.0, -0.0, 1e-300, 1e300, 0.1, -0.1]),
        ),
    )
)
def test_seq_sum_is_numpys_left_to_right_sum_bit_for_bit(x):
    """_seq_sum adds a few values in a Python loop and more with cumsum: the same bits as cumsum either way."""
    from hotpart.models._capacity_common import _seq_sum

    with np.errstate(over="ignore", invalid="ignore"):  # infinities and NaN are part of the check
        expected = float(np.cumsum(x)[-1]) if x.size else 0.0
        got = _seq_sum(x)
    assert type(got) is float
    assert np.array_equal(np.float64(got), np.float64(expected), equal_nan=True)
    assert math.copysign(1.0, got) == math.copysign(1.0, expected) or math.isnan(expected)


def test_plot_simulation_and_split_case_refuse_what_they_cannot_draw_or_count_by_name():
    # issue 39: a 2-D partitions was read flat, a long one drew for ever, a subnormal threshold overflowed the splits
    res = hp.simulate(hp.Table(4, wcu=400), [50, 50, 50, 150], 60, mode=hp.Provisioned(adaptive=False))
    _fig, (ax,) = hp.new_figure()
    with pytest.raises(ValueError, match=r"^partitions has 2 dimensions \(shape \(2, 2\)\)"):
        hp.plot_simulation(ax, res, [[3, 0], [3, 0]], title="t")
    with pytest.raises(ValueError, match=r"^partitions has 21 values: must have at most 20"):
        hp.plot_simulation(ax, res, [0] * 21, title="t")
    with pytest.raises(ValueError, match=r"^threshold = 5e-324 is out of range: must be >= .*the splits it allows"):
        hp.split_case(0, 1_600, 2, seconds=600, start=30, threshold=5e-324)
