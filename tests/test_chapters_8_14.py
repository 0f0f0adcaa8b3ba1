"""The numbers chapters 8 to 14 compute, as package functions: each value recomputed another way.

A closed form, a direct model call or a published number checks what the chapter's function returns, so that a
chapter's hidden cells only call and glue.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import hotpart as hp

# --- chapter 8: burst's closed form against the simulator ------------------------------------------------


@pytest.mark.parametrize(("spike", "idle_s"), [(150.0, 300), (400.0, 300), (400.0, 60), (400.0, 900), (1_500.0, 300)])
def test_burst_check_matches_the_closed_form(spike: float, idle_s: int) -> None:
    rate, window, ceiling = 100.0, hp.BURST_WINDOW_S, hp.PARTITION_MAX_WCU
    out = hp.burst_check(rate, spike, idle_s)
    bank = min(idle_s * rate, window * rate)  # all unused capacity banked (the default portion is 1)
    expected = bank / (min(spike, ceiling) - rate)
    assert out["closed_s"] == pytest.approx(expected)
    assert out["closed_s"] == hp.burst_seconds(rate, spike, idle_seconds=idle_s, ceiling=ceiling)
    assert abs(out["closed_s"] - out["simulated_s"]) <= 1.0  # the last second is partly burst
    assert out["refused_first"] == pytest.approx(max(0.0, spike - ceiling))


def test_burst_check_idle_past_the_window_buys_nothing() -> None:
    assert hp.burst_check(100, 400, 900)["closed_s"] == hp.burst_check(100, 400, 300)["closed_s"] == 100.0


def test_burst_check_needs_a_spike_above_the_rate() -> None:
    assert math.isinf(hp.burst_seconds(100, 80, idle_seconds=300))  # never needs burst: nothing to check
    with pytest.raises(ValueError, match="spike"):
        hp.burst_check(100, 80, 300)


@pytest.mark.parametrize("bad", [math.nan, -1.0, math.inf, "abc", None])
def test_burst_check_refuses_bad_rates(bad: object) -> None:
    with pytest.raises(ValueError, match="rate"):
        hp.burst_check(bad, 400, 300)  # type: ignore[arg-type]


# --- chapter 11: refusal windows, and a day of auto scaling ------------------------------------------------


def _window_by_loop(res: hp.SimulationResult, start: int) -> tuple[int, int, int]:
    """The refusal window recomputed second by second, with plain Python."""
    refused = [t - start for t in range(res.seconds) if t >= start and float(res.throttled[t].sum()) > 0]
    raises = [t - start for t in range(1, res.seconds) if res.capacity[t] > res.capacity[t - 1]]
    return refused[0], refused[-1], sum(1 for r in raises if r <= refused[-1] + 1)


@pytest.mark.parametrize("step", [2, 3])
def test_refusal_window_matches_a_loop_and_the_explorable(step: int) -> None:
    data = hp.EXPLORABLES["capacity_modes"].data(mode=1, step=step)
    w = hp.refusal_window(data["res"], data["start"])
    assert (w["first_s"], w["last_s"], w["raises_needed"]) == _window_by_loop(data["res"], data["start"])
    assert w["last_s"] == data["last"]  # the explorable's own count of the last refused second
    # the first raise: the rule's minutes above target, evaluated at a minute's end, plus the provisioning lag
    assert w["first_raise_s"] >= 60 * hp.AUTOSCALING_SCALE_UP_MINUTES + hp.AUTOSCALING_LAG_S - data["start"] % 60


def test_refusal_window_without_refusals() -> None:
    res = hp.simulate(hp.Table(1, wcu=1_000), [[10.0]] * 120, 120)
    assert hp.refusal_window(res, 0) == {"first_s": None, "last_s": None, "raises": 0, "raises_needed": 0, "first_raise_s": None}


def test_refusal_window_refuses_bad_input() -> None:
    res = hp.simulate(hp.Table(1, wcu=1_000), [[10.0]] * 10, 10)
    with pytest.raises(ValueError, match="start"):
        hp.refusal_window(res, 10)
    with pytest.raises(ValueError, match="res"):
        hp.refusal_window("abc", 0)  # type: ignore[arg-type]


def test_diurnal_demand_is_a_cosine_between_its_bounds() -> None:
    d = hp.diurnal_demand(300, 2_500, seconds=1_000)
    t = np.arange(1_000)
    assert np.allclose(d, 1_400 - 1_100 * np.cos(2 * np.pi * t / 1_000))  # mid-point minus half the swing
    assert d[0] == 300 and d[500] == pytest.approx(2_500)
    with pytest.raises(ValueError, match="high"):
        hp.diurnal_demand(300, 200)


def test_scale_in_day_respects_the_decrease_quota_and_the_naive_rule_does_not() -> None:
    day, naive = hp.scale_in_day(), hp.scale_in_day(naive=True)
    assert day["down"] <= hp.AUTOSCALING_DECREASES_PER_DAY < naive["down"]  # the quota AWS publishes
    assert day["refused"] == 0.0
    assert day["idle_units"] > naive["idle_units"] > 0  # the slower scale-in keeps more capacity unused
    # recomputed by a direct model call
    demand = hp.diurnal_demand()
    res = hp.simulate(hp.Table(1, rcu=1_000), demand[:, None], demand.size, kind="read", mode=hp.AutoScaling(min_capacity=1.0))
    assert day["up"] == int(np.count_nonzero(np.diff(res.capacity) > 0))
    with pytest.raises(ValueError, match="naive"):
        hp.scale_in_day(naive=math.nan)  # type: ignore[arg-type]


# --- chapter 12: the sparse-index sweep ------------------------------------------------------------------


def test_sparse_index_sweep_threshold_is_the_ceiling_over_the_open_demand() -> None:
    s = hp.sparse_index_sweep(400, 2_400, 0.6, points=3)
    open_demand = 2_400 * 0.6  # OPEN alone on its index partition; adaptive capacity lifts it to the ceiling
    assert s["f_star"] == pytest.approx(hp.PARTITION_MAX_WCU / open_demand, rel=1e-9)
    assert s["simulated"][0] == 0.0 and s["simulated"][1] == 0.0  # f = 0 and 0.5 are below f*
    assert s["simulated"][2] == pytest.approx(open_demand - hp.PARTITION_MAX_WCU)  # dense: the excess over the ceiling
    assert s["max_gap"] < 1e-6
    # the same dense case through the explorable's function, another set-up of the same table
    assert hp.gsi_case(60, 100, 4_000, 2_400)["backpressure"] == pytest.approx(s["simulated"][2])


def test_sparse_index_sweep_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match="open_share"):
        hp.sparse_index_sweep(400, 2_400, 1.5)
    with pytest.raises(ValueError, match="points"):
        hp.sparse_index_sweep(400, 2_400, 0.6, points=1)


def test_an_index_partition_never_splits_for_heat_so_the_back_pressure_lasts() -> None:
    """INDEX_SPLIT_FOR_HEAT: chapter 12's OPEN value is held to one index partition for the whole run, so its
    back-pressure is the same in the last minute as in the first (issue 37)."""
    assert hp.INDEX_SPLIT_FOR_HEAT is False and hp.ASSUMPTIONS["INDEX_SPLIT_FOR_HEAT"].value is False
    case = hp.gsi_chapter_case(2_000, 2_400, minutes=15)  # three times the trigger of chapter 10's splits
    idx = case["res"].indexes["by-status"]
    assert idx.splits == () and idx.partitions == case["gsi"].partitions
    bp = case["res"].backpressure["by-status"].sum(axis=1)
    assert bp[-60:].mean() == pytest.approx(bp[:60].mean()) == pytest.approx(2_400 * 0.6 - hp.PARTITION_MAX_WCU)
    # the same OPEN load on a table that may split: chapter 10's model would cut the many-item value
    table = hp.Table(1, items_per_key=1_200)
    split = hp.simulate(table, [1_440.0], 900, keys=["OPEN"], mode=hp.OnDemand(previous_peak=20_000.0), split=hp.SplitForHeat())
    assert split.splits and split.throttled[-1].sum() == 0.0


# --- chapter 14: sleeps, spikes and the lockstep herd ------------------------------------------------------


def test_sleep_check_closed_forms_and_gaps() -> None:
    out = hp.sleep_check(7, 0.05, 1.0, size=20_000, seed=14)
    rows = {(j, n): (closed, mean, gap) for j, n, closed, mean, gap in out["rows"]}
    assert len(out["rows"]) == 4 * 6  # four strategies, six retries each
    for n in range(6):
        v = min(1.0, 0.05 * 2**n)  # the capped exponential, recomputed
        assert rows[("none", n)][0] == pytest.approx(v) and rows[("none", n)][2] == 0.0
        assert rows[("full", n)][0] == pytest.approx(v / 2)
        assert rows[("equal", n)][0] == pytest.approx(3 * v / 4)
        assert rows[("decorrelated", n)][0] is None and rows[("decorrelated", n)][1] > 0
    assert out["worst_gap"] < 5  # a mean more than five standard errors away would be a broken sampler
    with pytest.raises(ValueError, match="cap_s"):
        hp.sleep_check(7, 0.05, 0.01)


def test_spike_demand() -> None:
    d = hp.spike_demand(400, 2_000, 8, 2)
    assert d.tolist() == [400, 400, 2_400, 400, 400, 400, 400, 400] and d.sum() == 400 * 8 + 2_000
    with pytest.raises(ValueError, match="at"):
        hp.spike_demand(400, 2_000, 8, 8)


def test_lockstep_admitted_matches_the_retry_simulator() -> None:
    java, ceiling = hp.DYNAMODB_JAVA_V1, hp.PARTITION_MAX_WCU
    bucket = ceiling * hp.DEFAULT_BURST_S
    out = hp.lockstep_admitted(java, bucket, ceiling)
    sim = hp.simulate_retries(java, [], ceiling, herd_s=np.zeros(2_000), seed=0)
    assert out["admitted"] == sim.successes  # the formula against the event simulation (no jitter: deterministic)
    assert out["gaps_s"] == tuple(min(java.cap_s, java.base_s * 2**n) for n in range(java.retries))
    with pytest.raises(ValueError, match="policy"):
        hp.lockstep_admitted("abc", bucket, ceiling)  # type: ignore[arg-type]


def test_index_capacity_sweep_floor_and_closed_forms() -> None:
    out = hp.index_capacity_sweep([1_000.0, 4_000.0, 16_000.0], n_orders=400)
    open_demand = 2_400 * 0.6
    assert out["floor"] == pytest.approx(open_demand - hp.PARTITION_MAX_WCU)  # unlimited capacity: the ceiling binds
    for row in out["rows"]:
        assert row["simulated"] == pytest.approx(row["closed"])  # the simulator's steady state is the closed form
        assert row["share"] == row["wcu"] / 4
    assert [r["simulated"] for r in out["rows"][1:]] == pytest.approx([out["floor"]] * 2)  # past w_min, no gain
    assert out["rows"][0]["simulated"] > out["floor"]
    assert 1_000.0 < out["w_min"] <= 4_000.0
    # at w_min the closed form reaches the floor; just below it, not yet
    statuses = hp.order_statuses(400, 0.6)
    g = hp.GlobalSecondaryIndex("by-status", statuses, partitions=4, wcu=4_000)
    demand = np.bincount(g.value_partitions(), weights=[2_400 * statuses.count(v) / 400 for v in g.values], minlength=4)
    assert hp.steady_backpressure(demand, out["w_min"]) == pytest.approx(out["floor"], abs=1e-6)
    assert hp.steady_backpressure(demand, out["w_min"] * 0.99) > out["floor"] + 1e-6


def test_capacity_ahead_stops_at_the_ceiling() -> None:
    spike = hp.spike_demand(400, 2_000, 8, 2)
    low, at, high = (hp.capacity_ahead(s, spike, hp.SDK_STANDARD) for s in (500.0, 1_000.0, 2_000.0))
    assert (low["rate"], at["rate"], high["rate"]) == (500.0, 1_000.0, 1_000.0)  # the retry model's rate: capped
    assert low["success"] < at["success"] == high["success"]  # no gain past the ceiling
    # with 300 s of burst banked, the spike second is served up to the ceiling, whatever the share
    assert {a["refused_banked"] for a in (low, at, high)} == {float(spike[2] - hp.PARTITION_MAX_WCU)}
    assert low["served_banked"][2] == min(hp.PARTITION_MAX_WCU, spike[2])
    # recomputed by a direct model call
    direct = hp.simulate_retries(hp.SDK_STANDARD, spike, 500.0, seed=14)
    assert low["success"] == direct.success_rate and low["events"] == direct.throttle_events
    with pytest.raises(ValueError, match="share"):
        hp.capacity_ahead(0, spike, hp.SDK_STANDARD)


def test_cap_binding_retry_is_the_ceiling_of_a_log() -> None:
    for base, cap in [(5.0, 2_000.0), (50.0, 1_000.0), (1.0, 1.0), (25.0, 20_000.0)]:
        assert hp.cap_binding_retry(base, cap) == max(1, math.ceil(math.log2(cap / base)))
    b = hp.BROOKER_2015
    assert hp.cap_binding_retry(b["base_ms"], b["cap_ms"]) == 9  # Brooker's 5 ms base and 2 s cap: 5 * 2**9 = 2,560
    with pytest.raises(ValueError, match="cap_ms"):
        hp.cap_binding_retry(10, 5)


def test_jitter_order_text_and_regime_table() -> None:
    assert hp.jitter_order_text(("none", "full")) == "no jitter < Full Jitter"
    with pytest.raises(ValueError, match="order"):
        hp.jitter_order_text(("fast",))
    r = hp.jitter_regimes([50, 100], [0.0], models=("bucket",), capacity=hp.PARTITION_MAX_WCU, runs=3, seed=0)
    header, rows = hp.regime_table([r], by="calls")
    assert len(header) == 3 + len(hp.JITTERS) and [row[1] for row in rows] == ["50", "100"]
    for row, n in zip(rows, (50, 100), strict=True):
        for j, text in zip(hp.JITTERS, row[3:], strict=True):
            med, q1, q3 = r.spread("bucket", n, 0.0, j, "calls")  # recomputed from the runs themselves
            assert med == pytest.approx(np.median(r.runs[("bucket", n, 0.0, j)][0]))
            assert text == f"{med:,.0f} ({q1:,.0f}-{q3:,.0f})"
    with pytest.raises(ValueError, match="by"):
        hp.regime_table([r], by="speed")


# --- chapter 8: a ceiling above the axis says so ----------------------------------------------------------


def test_burst_check_refused_counts_the_whole_default_spike() -> None:
    """Chapter 8's printed burst_check: 240,000 WCU refused are (400 - 100) WCU/s over the 900 s spike minus the 100 s
    that burst carries, so the horizon must be on the page (BURST_CHECK_SPIKE_S)."""
    out = hp.burst_check(100, 400, idle_s=300, spike_s=hp.BURST_CHECK_SPIKE_S)
    assert hp.BURST_CHECK_SPIKE_S == 900
    assert out["refused"] == pytest.approx((400 - 100) * (hp.BURST_CHECK_SPIKE_S - out["closed_s"]))
    assert out == hp.burst_check(100, 400, idle_s=300)


def test_burst_readings_figure_leaves_room_for_its_legends() -> None:
    """The two-reading figure: the offered line and the banked-burst curve stay in the lower part of their axes, under
    the legends (upper left and upper right)."""
    fig, _ = hp.new_figure(ncols=2)
    data = hp.burst_readings(100, 400, 300, busy_s=400)
    hp.plot_burst_readings(fig, data, 100)
    main = fig.axes[:2]
    twins = fig.axes[2:]
    for ax in main:
        assert 400 / ax.get_ylim()[1] < 0.6
    for ax2 in twins:
        assert hp.BURST_WINDOW_S * 100 / ax2.get_ylim()[1] < 0.6
        assert ax2.get_legend()._loc == 1  # "upper right"


def test_plot_simulation_marks_a_ceiling_above_the_axis_off_scale() -> None:
    _fig, (ax,) = hp.new_figure()
    res = hp.simulate(hp.Table(1, wcu=100), [400.0], 10)
    hp.plot_simulation(ax, res, [0], title="t", ymax=450.0)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert any(lab.startswith("partition ceiling 1,000") and "off-scale" in lab for lab in labels)
    _fig2, (ax2,) = hp.new_figure()
    hp.plot_simulation(ax2, res, [0], title="t")  # the default axis reaches the ceiling: no remark
    assert all("off-scale" not in t.get_text() for t in ax2.get_legend().get_texts())


# --- chapter 10: a stricter split trigger ------------------------------------------------------------------


def test_split_case_threshold_changes_the_splits_not_the_refusals() -> None:
    """Chapter 10's 'near its throughput capacity limit' paragraph: at 90% many hot keys split once, at 50% three
    times; the refusals end at the first split either way, so the same units are refused."""
    loose, strict = hp.split_case(0, 1_600, 5), hp.split_case(0, 1_600, 5, threshold=0.9)
    assert len(strict["res"].splits) == 1 < len(loose["res"].splits) == 3
    assert strict["refused"] == pytest.approx(loose["refused"]) == pytest.approx((1_660 - 1_000) * 300)
    with pytest.raises(ValueError, match="threshold"):
        hp.split_case(0, 1_600, 5, threshold=0.0)


# --- chapter 9: where the ceiling starts to bind -----------------------------------------------------------


def test_the_ceiling_figure_of_chapter_9_shows_the_ceiling_bind() -> None:
    """Chapter 9's second figure: at 2,000 WCU/s over four partitions the share (500) is below the ceiling, so without
    adaptive capacity the hot partition falls to its share once burst is spent, and with it stays at the ceiling."""
    d = hp.EXPLORABLES["adaptive"].data(hot_wcu=1_500, table_wcu=2_000)
    hot = d["hot"]
    assert d["share"] == 500 < hp.PARTITION_MAX_WCU
    assert d["sustainable"] == hp.adaptive_rate(2_000, 4, 250) == hp.PARTITION_MAX_WCU  # 500 + 3 x 250 > 1,000
    burst = hp.burst_seconds(500, 1_500, idle_seconds=hp.BURST_WINDOW_S, ceiling=hp.PARTITION_MAX_WCU)
    assert burst == pytest.approx(500 * hp.BURST_WINDOW_S / (hp.PARTITION_MAX_WCU - 500))
    without, with_ac = d["without"].served[:, hot], d["with"].served[:, hot]
    assert np.all(with_ac == pytest.approx(hp.PARTITION_MAX_WCU))
    assert np.all(without[: int(burst)] == pytest.approx(hp.PARTITION_MAX_WCU))
    assert np.all(without[int(burst) :] == pytest.approx(500))


def test_the_adaptive_hint_does_not_promise_the_ceiling_at_the_books_table() -> None:
    """The explorable's hint: at its fixed table capacity the hot demand's slider end meets the table's bound, not
    the ceiling, and the hint says so."""
    e = hp.EXPLORABLES["adaptive"]
    d = e.defaults()
    top = e.control("hot_wcu").high
    bound = hp.adaptive_rate(d["table_wcu"], d["n_partitions"], d["table_wcu"] / d["n_partitions"] / 2)
    assert bound < hp.PARTITION_MAX_WCU
    assert e.data(hot_wcu=top)["sustained"] == pytest.approx(bound)
    assert "lesser of its two bounds" in e.try_this


def test_adaptive_lending_splits_the_same_seconds_unused_units_in_proportion() -> None:
    """ADAPTIVE_LOAN_SPLIT: two hot partitions short of 300 and 100 share the 200 units the others leave unused that
    second, 3 : 1."""
    assert hp.ASSUMPTIONS["ADAPTIVE_LOAN_SPLIT"].value == hp.ADAPTIVE_LOAN_SPLIT
    table = hp.Table(4, wcu=400)  # shares of 100
    res = hp.simulate(table, [0.0, 0.0, 400.0, 200.0], 5)  # no burst banked at the start
    lent_hot = res.served[-1, 2] - 100
    lent_warm = res.served[-1, 3] - 100
    assert lent_hot + lent_warm == pytest.approx(200)  # exactly what the two idle partitions leave unused
    assert lent_hot / lent_warm == pytest.approx(300 / 100)


@pytest.mark.parametrize("n", [2, 3, 4, 7, 10])
def test_adaptive_ceiling_capacity_matches_a_search_with_adaptive_rate(n: int) -> None:
    found = min(c for c in range(100, 40_001, 100) if hp.adaptive_rate(c, n, c / n / 2) >= hp.PARTITION_MAX_WCU)
    assert hp.adaptive_ceiling_capacity(n) == found
    with pytest.raises(ValueError, match="step"):
        hp.adaptive_ceiling_capacity(n, step=0)


# --- chapter 13: batches and heavy hitters -----------------------------------------------------------------


def test_batch_refusal_threshold_gives_one_expected_throttled_request() -> None:
    for n, b in [(150_000, 25), (1_000, 10), (60, 1)]:
        q = hp.batch_refusal_threshold(n, b)
        assert float(hp.batch_throttled_requests(n, q, b)) == pytest.approx(1.0)  # the model's own count
    assert hp.batch_refusal_threshold(60, 1) == pytest.approx(1 / 60)  # single items: one in N
    with pytest.raises(ValueError, match="n_items"):
        hp.batch_refusal_threshold(10, 25)


def test_heavy_hitter_coverage_monitors_every_heavy_key() -> None:
    out = hp.heavy_hitter_coverage(0.01, 50_000, n_keys=100_000)
    assert out["k"] == 100
    stream = hp.heavy_hitter_stream(1.0, 50_000, n_keys=100_000)
    exact = hp.exact_counts(stream)  # recounted with the exact counter
    assert out["heavy"] == sum(1 for c in exact.values() if c > 0.01 * len(stream))
    assert out["found"] == out["heavy"] > 0  # Space-Saving's guarantee
    assert hp.heavy_hitter_coverage(0.3, 1_000)["k"] == 4
    with pytest.raises(ValueError, match="phi"):
        hp.heavy_hitter_coverage(0, 1_000)


def test_projection_case_charges_the_entry_not_the_item() -> None:
    full, keys, change = hp.projection_case(3_000), hp.projection_case(200), hp.projection_case(200, key_change=True)
    assert (full["units"], keys["units"], change["units"]) == (3.0, 1.0, 2.0)  # per 1 KB; a key change is 2 writes
    open_writes = 800.0 * 0.6  # OPEN orders' writes per second
    for case in (full, keys):
        assert case["open_load"] == pytest.approx(open_writes * case["units"])
    # a key change puts its delete on the old value's partition and its put on the new one's: OPEN's partition takes
    # at most one entry (1 unit) per order write, 800 a second when half the writes enter OPEN and half leave it
    assert change["enter_open"] == 400.0
    assert change["open_load"] == pytest.approx(800.0 * 1.0)
    assert change["open_load"] < change["units"] * 800.0  # not both index writes on OPEN's partition
    for case in (full, keys, change):
        per_open_side = case["units"] / (2 if case is change else 1)  # index units a write costs OPEN's partition
        # the single-hot-partition closed form: what the OPEN partition cannot serve, in base-table units
        expected = max(0.0, case["open_load"] - hp.PARTITION_MAX_WCU) / per_open_side * 3.0
        assert case["backpressure"] == pytest.approx(expected, abs=1e-6)
    with pytest.raises(ValueError, match="key_change"):
        hp.projection_case(200, key_change=math.nan)  # type: ignore[arg-type]


def test_hot_key_batches_recomputed_from_the_simulation() -> None:
    quiet = hp.hot_key_batches(500.0, 2_000.0)
    assert quiet["q_max"] == 0.0 and quiet["expected_requests"] == 0.0  # below the ceiling: nothing refused
    out = hp.hot_key_batches(2_000.0, 2_000.0)
    case = hp.detection_case(2_000.0, 2_000.0, hp.BATCH_WRITE_MAX_ITEMS)
    res, p = case["res"], out["partition"]
    assert p == int(hp.partition_of([res.keys[-1]], res.table.partitions)[0])
    # second by second, with plain Python: the refused share and the expected all-refused batches
    total = 0.0
    for t in range(res.seconds):
        q = float(res.throttled[t, p] / res.offered[t, p]) if res.offered[t, p] > 0 else 0.0
        n = 2_000.0 * t / (res.seconds - 1)
        total += n / hp.BATCH_WRITE_MAX_ITEMS * q**hp.BATCH_WRITE_MAX_ITEMS
    assert out["expected_requests"] == pytest.approx(total, rel=1e-9)
    assert 0 < out["q_max"] < 1
