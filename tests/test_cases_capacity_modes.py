"""Chapter 11's cases (``hotpart/figures/capacity_modes.py``), recomputed another way: by hand from the on-demand
doubling rule, from the simulator's raw arrays, from closed forms, and as properties."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp
from hotpart import figures
from hotpart.figures import capacity_modes


def test_the_module_is_registered():
    assert capacity_modes in figures.MODULES
    assert set(capacity_modes.__all__) <= set(hp.__all__)
    assert hp.mode_step_case is capacity_modes.mode_step_case


@pytest.mark.parametrize(("mode", "step"), [(0, 2.0), (0, 3.0), (1, 2.0), (1, 3.0), (1, 4.0)])
def test_step_case_conserves_requests_and_matches_the_explorable(mode: int, step: float):
    c = hp.mode_step_case(mode, step)
    res = c["res"]
    assert c["refused"] == pytest.approx(float(res.offered.sum() - res.served.sum()))
    assert c["demand"] == pytest.approx(float(res.offered[-1].sum())) == c["peak"] * step
    data = hp.EXPLORABLES["capacity_modes"].data(mode=mode, step=step)
    # the refusal window's last second is the explorable's own "last"
    assert c["last_s"] == data["last"]
    assert c["end_min"] == (None if data["last"] is None else (data["last"] + 1) / 60)


def test_on_demand_steps_by_hand():
    peak, doubling = 10_000.0, hp.ON_DEMAND_DOUBLING_S
    assert hp.mode_step_case(0, 2.0)["refused"] == 0.0 and hp.mode_step_case(0, 2.0)["exceptions"] == "none"
    od3 = hp.mode_step_case(0, 3.0)
    # double the peak is served for one doubling period; the rest is refused (the model's worst case)
    assert od3["refused"] == pytest.approx((3 * peak - 2 * peak) * doubling)
    assert od3["closed_min"] == pytest.approx(doubling / 60 * math.ceil(math.log2(3 / 2)))
    assert od3["end_min"] == pytest.approx(od3["closed_min"])
    assert od3["exceptions"] == hp.THROTTLE_EXCEPTION["on-demand"]
    # past the quota: served up to it, the rest refused from the step to the end of the run
    quota = hp.mode_step_case(0, 2.5, peak_k=20)
    seconds_after = quota["res"].seconds - quota["start_s"]
    assert quota["served_end"] == pytest.approx(hp.ON_DEMAND_TABLE_QUOTA_WRU)
    assert quota["quota_units"] == pytest.approx((50_000 - hp.ON_DEMAND_TABLE_QUOTA_WRU) * seconds_after)
    assert quota["exceptions"] == hp.QUOTA_EXCEPTION
    # a maximum throughput set on the table: served up to it, refused as a ThrottlingException
    maxtp = hp.mode_step_case(0, 1.5, max_k=12)
    assert maxtp["max_throughput"] == 12_000.0 == pytest.approx(maxtp["served_end"])
    assert maxtp["exceptions"] == hp.THROTTLE_EXCEPTION["on-demand"]


def test_auto_scaling_steps():
    rules = hp.autoscaling_rules()
    for step in (2.0, 3.0, 4.0):
        c = hp.mode_step_case(1, step)
        # the first raise comes at the earliest the rules allow: the minutes above target, then the lag
        assert c["first_raise_min"] == rules["earliest_raise_min"]
        assert c["capacity_before"] == pytest.approx(c["peak"] / c["target"])
        # refusals start when the burst banked before the step runs out (to the second)
        assert abs(c["first_s"] - c["burst_s"]) <= 1
        assert c["raises_after"] == c["raises"] - c["raises_needed"] >= 0
        assert c["exceptions"] == hp.THROTTLE_EXCEPTION["provisioned"]
    as2 = hp.mode_step_case(1, 2.0)
    # burst served the doubling through the minutes the rule read: the raise is sized on twice the peak
    assert as2["capacity_after"] == pytest.approx(2 * as2["peak"] / as2["target"])
    assert as2["raise_factor"] == pytest.approx(2.0) and as2["raise_factor"] > as2["inverse_target"]
    assert hp.mode_step_case(0, 3.0)["burst_s"] is None


def test_step_case_refuses_bad_input():
    for kwargs, name in (
        ({"mode": 2, "step": 2.0}, "mode"),
        ({"mode": 0, "step": 5.0}, "step"),
        ({"mode": 0, "step": 2.0, "peak_k": 0.0}, "peak_k"),
        ({"mode": 0, "step": 2.0, "max_k": -5.0}, "max_k"),
    ):
        with pytest.raises(ValueError, match=name):
            hp.mode_step_case(**kwargs)


def test_on_demand_bounds_by_hand():
    b = hp.on_demand_bounds(3.0)
    assert b["worst_refused"] == hp.mode_step_case(0, 3.0)["refused"]
    assert b["best_refused"] == 0.0 and b["warm_refused"] == 0.0 and b["warm_value"] == 30_000.0
    # a step to four times: twice the peak refused for one doubling period, then the doubled peak serves it all
    assert hp.on_demand_bounds(4.0)["worst_refused"] == pytest.approx(2 * 10_000.0 * hp.ON_DEMAND_DOUBLING_S)


@settings(max_examples=6, deadline=None)
@given(step=st.sampled_from([1.5, 2.0, 2.5, 3.0, 4.0]))
def test_no_lag_never_refuses_more(step: float):
    c = hp.autoscaling_no_lag(step)
    assert c["refused_no_lag"] <= c["refused"] == pytest.approx(hp.mode_step_case(1, step)["refused"])


def test_autoscaling_rules_from_the_constants():
    r = hp.autoscaling_rules()
    assert r["scale_in_below"] == pytest.approx(hp.AUTOSCALING_TARGET - hp.AUTOSCALING_SCALE_DOWN_MARGIN) == 0.5
    assert r["lag_min"] * 60 == hp.AUTOSCALING_LAG_S and r["margin_points"] == 20.0
    assert r["decreases_per_day"] == hp.AUTOSCALING_DECREASES_PER_DAY
    # a day's decreases: those in hand at midnight plus one per refill period (the last one at 23:00)
    assert r["decreases_at_once"] + 24 * 60 / r["refill_min"] - 1 == r["decreases_per_day"]


def test_scale_in_case_keeps_the_daily_quota():
    c = hp.scale_in_case()
    assert c["down"] <= hp.AUTOSCALING_DECREASES_PER_DAY < c["naive_down"]
    assert c["refused"] == 0.0 and c["idle_ratio"] > 1
    day, naive = hp.scale_in_day(), hp.scale_in_day(naive=True)
    assert c["idle_ratio"] == pytest.approx(day["idle_units"] / naive["idle_units"])


def test_margin_hold_case_scales_in_only_past_the_margin():
    half = hp.margin_hold_case(0.5)
    assert half == {"points": 10.0, "minutes": 60.0, "decreases": 0}
    assert hp.margin_hold_case(1.5)["decreases"] >= 1
    with pytest.raises(ValueError, match="share_of_margin"):
        hp.margin_hold_case(3.0)
    with pytest.raises(ValueError, match="hold_s"):
        hp.margin_hold_case(0.5, hold_s=10)


@settings(max_examples=20, deadline=None)
@given(hot=st.floats(min_value=1.0, max_value=1e5))
def test_on_demand_hot_item_is_capped_at_its_partition(hot: float):
    c = hp.on_demand_hot_item(hot_wcu=hot)
    assert c["served"] == pytest.approx(min(hot, hp.PARTITION_MAX_WCU))
    assert c["served"] + c["refused"] == pytest.approx(hot)  # conservation
    if hot > hp.PARTITION_MAX_WCU:
        assert c["exception"] == hp.THROTTLE_EXCEPTION["on-demand"]
        assert c["throttling_reason"] == hp.Refusal.PARTITION_CEILING.throttling_reason("write")


def test_on_demand_hot_item_defaults_and_bad_input():
    c = hp.on_demand_hot_item()
    assert (c["served"], c["refused"], c["reason"]) == (1_000.0, 1_500.0, hp.Refusal.PARTITION_CEILING.label)
    with pytest.raises(ValueError, match="previous_peak"):
        hp.on_demand_hot_item(previous_peak=1e6)
    with pytest.raises(ValueError, match="n_partitions"):
        hp.on_demand_hot_item(n_partitions=1)


def test_refusal_rows_follow_the_refusal_model():
    header, rows = hp.refusal_rows("write")
    assert header[1] == "ThrottlingReason (a table write)"
    by_label = {r[0]: r for r in rows}
    assert len(rows) == len(capacity_modes._REFUSAL_MODES)
    for cause, modes in capacity_modes._REFUSAL_MODES.items():
        _, reason, mode_text, exc = by_label[cause.label]
        assert mode_text.split(" and ") == list(modes)
        assert set(exc.split(" / ")) == {hp.refusal_exception(cause, m) for m in modes}
        assert reason.startswith(cause.throttling_reason("write") or "none documented")
    # a partition held to its share: the reason is the model's choice, and the row says so (review finding 11.2)
    assert "model's choice" in by_label[hp.Refusal.PARTITION_SHARE.label][1]
    assert "SHARE_REFUSAL_METRIC" in by_label[hp.Refusal.PARTITION_SHARE.label][1]
    assert all("model's choice" not in r[1] for r in rows if r[0] != hp.Refusal.PARTITION_SHARE.label)
    # the model's own cause: AWS documents no reason for traffic past double the previous peak
    assert by_label[hp.Refusal.ON_DEMAND_PEAK.label][1] == "none documented"
    assert hp.refusal_rows("read")[1][0][1] == "TableReadKeyRangeThroughputExceeded"
    with pytest.raises(ValueError, match="kind"):
        hp.refusal_rows("delete")


def test_on_demand_sale_case_by_hand():
    c = hp.on_demand_sale_case(5_000.0, 35_000.0, 45_000.0, 50_000.0)
    doubling_min = hp.ON_DEMAND_DOUBLING_S / 60
    assert c["now"] == 2 * 5_000.0
    # doublings until twice the peak covers the demand: 10k -> 20k -> 40k
    assert c["doublings"] == math.ceil(math.log2(35_000 / 10_000)) == 2
    assert c["minutes"] == c["doublings"] * doubling_min
    assert c["quota_only_min"] == math.ceil(math.log2(45_000 / 10_000)) * doubling_min
    assert c["big_served"] == "never"
    # pre-warmed under the default quota: the excess over the quota is refused every second
    assert c["warm_only_refused"] == pytest.approx(45_000.0 - hp.ON_DEMAND_TABLE_QUOTA_WRU)
    assert c["warm_only_exc"] == hp.QUOTA_EXCEPTION
    assert c["both_refused"] == 0.0
    with pytest.raises(ValueError, match="big"):
        hp.on_demand_sale_case(big=30_000.0)  # under the default quota
    with pytest.raises(ValueError, match="demand"):
        hp.on_demand_sale_case(demand=1_000.0)  # under the previous peak
    assert np.isfinite(hp.on_demand_seconds_to_serve(45_000.0, 5_000.0, quota=50_000.0))
