"""The numbers chapters 1 to 7 compute in package functions (``hotpart/figures``), each recomputed another way."""

import math

import numpy as np
import pytest

import hotpart as hp

C = hp.PARTITION_MAX_WCU


# ---------------------------------------------------------------------------------------------
# Chapter 1
# ---------------------------------------------------------------------------------------------


def test_source_example_load_is_000s_example():
    ex = hp.EXAMPLE_HOT_PARTITION
    load = hp.source_example_load()
    assert load.n_partitions == ex["n_partitions"]
    assert load.table_capacity == ex["table_wcu"]
    # the other partitions are under the ceiling, so only partition A refuses: its demand above the ceiling
    assert load.min_refused == pytest.approx(ex["hot_wcu"] - C)
    assert load.offered == pytest.approx(ex["hot_wcu"] + (ex["n_partitions"] - 1) * ex["other_wcu"])


def test_ceiling_try_this_closed_forms():
    t = hp.ceiling_try_this()
    offered = t.default_table_wcu * t.default_load
    assert t.hot_wcu == pytest.approx(t.default_hot_share * offered)
    assert t.red_gone_share * offered == pytest.approx(C)  # the hot partition's demand at the ceiling
    assert t.scaled_hot_wcu == pytest.approx(2 * t.hot_wcu)  # the demand is a percentage of the capacity
    assert t.same_min_refused == pytest.approx(t.min_refused) == pytest.approx(t.hot_wcu - C)
    assert t.same_even_share == pytest.approx(t.scaled_table_wcu / 10)
    assert t.more_even_share == pytest.approx(t.default_table_wcu / t.more_partitions)
    assert t.more_min_refused == pytest.approx(t.min_refused)  # more partitions do not move the ceiling
    cool = (1 - t.default_hot_share) * offered / (t.more_partitions - 1)
    assert cool < t.more_even_share and t.more_cool_refused == 0.0
    assert t.more_even_refused == pytest.approx(t.hot_wcu - t.more_even_share)


def test_ceiling_try_this_refuses_bad_partitions():
    for bad in (0, 41, 1.5, "abc", None, math.nan):
        with pytest.raises(ValueError, match="more_partitions"):
            hp.ceiling_try_this(bad)


def test_partition_history_case_by_the_rule():
    c = hp.partition_history_case(hp.SALE_STEPS_WCU)
    by_rule = np.maximum.accumulate([math.ceil(w / C) for w in hp.SALE_STEPS_WCU])
    assert c.partitions == tuple(int(x) for x in by_rule)
    assert c.peak_partitions == max(by_rule) and c.new_partitions == max(by_rule) - by_rule[0]
    assert c.share_before == pytest.approx(hp.SALE_STEPS_WCU[0] / by_rule[0])
    assert c.share_after == pytest.approx(hp.SALE_STEPS_WCU[-1] / by_rule[-1])
    assert c.share_ratio == pytest.approx(min(hp.SALE_STEPS_WCU) / max(hp.SALE_STEPS_WCU))


@pytest.mark.parametrize("bad", [[], [0.0], [-1.0], [math.nan], [math.inf], "abc", [[1.0, 2.0]]])
def test_partition_history_case_refuses_bad_input(bad):
    with pytest.raises(ValueError, match="wcu"):
        hp.partition_history_case(bad)


def test_partition_utilization_apart_and_linear():
    R = hp.PARTITION_MAX_RCU
    # apart: each kind against its own ceiling; linear: the two fractions add up (the historical rule's sum)
    assert hp.partition_utilization(R, C) == pytest.approx(1.0)
    assert hp.partition_utilization(R, C, combine="linear") == pytest.approx(2.0)
    assert hp.partition_utilization(2_000, 600) == pytest.approx(2 / 3)
    assert hp.partition_utilization(2_000, 600, combine="linear") == pytest.approx(2 / 3 + 0.6)
    # the two agree whenever a partition is offered one kind only
    for r, w in ((1_234.0, 0.0), (0.0, 777.0)):
        assert hp.partition_utilization(r, w) == pytest.approx(hp.partition_utilization(r, w, combine="linear"))
    # linear is never below apart, and at most twice it
    rng = np.random.default_rng(0)
    for r, w in rng.uniform(0, 5_000, size=(200, 2)):
        a, lin = hp.partition_utilization(r, w), hp.partition_utilization(r, w, combine="linear")
        assert a <= lin <= 2 * a + 1e-12
    # the sum is the historical partition-count rule's, for whole units
    assert math.ceil(hp.partition_utilization(4_000, 2_000, combine="linear")) == hp.estimate_partitions(4_000, 2_000)
    assert hp.ASSUMPTIONS["PARTITION_READS_WRITES_APART"].value == "apart"


@pytest.mark.parametrize(
    ("kwargs", "name"),
    [
        ({"rcu": -1.0, "wcu": 0.0}, "rcu"),
        ({"rcu": 0.0, "wcu": math.nan}, "wcu"),
        ({"rcu": 1.0, "wcu": 1.0, "combine": "max"}, "combine"),
    ],
)
def test_partition_utilization_refuses_bad_input(kwargs, name):
    with pytest.raises(ValueError, match=name):
        hp.partition_utilization(**kwargs)


def test_plot_partition_history_labels_each_step_with_its_capacity():
    fig = hp.plot_partition_history(wcu=hp.SALE_STEPS_WCU, step_labels=hp.SALE_STEP_LABELS)
    for ax in fig.axes:
        labels = [t.get_text() for t in ax.get_xticklabels()]
        assert labels == [f"{n}\n{w:,.0f}" for n, w in zip(hp.SALE_STEP_LABELS, hp.SALE_STEPS_WCU, strict=True)]
    plain = hp.plot_partition_history(wcu=[1_000.0, 4_000.0])
    assert [t.get_text() for t in plain.axes[0].get_xticklabels()] == ["1,000", "4,000"]
    with pytest.raises(ValueError, match="step_labels"):
        hp.plot_partition_history(wcu=[1_000.0, 4_000.0], step_labels=("one",))


def test_plot_partition_history_ticks_read_apart_and_counts_are_whole():
    assert len(set(hp.SALE_STEP_LABELS)) == len(hp.SALE_STEPS_WCU)  # no two ticks alike
    with pytest.raises(ValueError, match="step_labels"):
        hp.plot_partition_history(wcu=[1_000.0, 4_000.0], step_labels=("sale", "sale"))
    fig = hp.plot_partition_history(wcu=hp.SALE_STEPS_WCU, step_labels=hp.SALE_STEP_LABELS)
    fig.canvas.draw()
    left, right = fig.axes
    assert all(float(t).is_integer() for t in left.get_yticks())
    # the even share has a marker at every step, drawn over the ceiling, so it shows where the two are equal
    share = next(line for line in right.get_lines() if line.get_label().startswith("even share"))
    ceiling = next(line for line in right.get_lines() if line.get_label().startswith("ceiling"))
    assert share.get_marker() == "o" and share.get_zorder() > ceiling.get_zorder()


# ---------------------------------------------------------------------------------------------
# Chapter 2
# ---------------------------------------------------------------------------------------------

T2, N2 = 6_000.0, 10


@pytest.fixture(scope="module")
def design_cases():
    return hp.key_design_cases(T2, N2)


def test_key_design_cases_status_by_hand(design_cases):
    status = design_cases["status"]
    shares = status.dist.shares_by_value
    # the limit with every value alone is C / p_max
    assert status.key_limit.max_total_demand == pytest.approx(C / max(shares.values()))
    # on the table's partitions: the values hashed together, summed
    where = hp.partition_of(list(shares), N2)
    per_partition = np.bincount(where, weights=list(shares.values()), minlength=N2)
    assert status.partition_limit.hottest_demand == pytest.approx(T2 * per_partition.max())
    assert status.partition_limit.max_total_demand == pytest.approx(C / per_partition.max())


def test_key_design_cases_date_moves_at_midnight(design_cases):
    date = design_cases["date"]
    by_day = [date.load[(hp.TIMELINE_H >= 24 * d) & (hp.TIMELINE_H < 24 * (d + 1))].sum(axis=0).argmax() for d in range(3)]
    assert date.hottest_by_day == tuple(int(j) for j in by_day)
    assert len(set(date.hottest_by_day)) > 1
    # the load conserves the table's demand at every time
    assert np.allclose(design_cases["userId"].load.sum(axis=1), T2)


def test_key_design_table_rows(design_cases):
    header, rows = hp.key_design_table(design_cases)
    assert len(rows) == len(hp.KEY_DESIGNS) and all(len(r) == len(header) for r in rows)
    status_row = rows[hp.KEY_DESIGNS.index("status")]
    assert status_row[-1] == f"{C / design_cases['status'].dist.top_share(1):,.0f}"
    with pytest.raises(ValueError, match="cases"):
        hp.key_design_table({})
    # review 2.2 and 3.2: no float exponent ("1e-07%") and no caret ("10^9") on the page
    order_row = rows[hp.KEY_DESIGNS.index("orderId")]
    assert order_row[3] == "1\u00a0×\u00a010⁻⁷%"  # no-break spaces: one line in a narrow column
    assert not any("e-0" in cell or "^" in cell for row in rows for cell in row)


def test_share_text_at_its_boundary():
    from hotpart.figures.key_designs import share_text

    assert share_text(1e-6) == "0.0001%" and share_text(0.5e-6) == "5\u00a0×\u00a010⁻⁵%"
    assert share_text(0.5e-9) == "5\u00a0×\u00a010⁻⁸%" and share_text(1.0) == "100%" and share_text(0.0) == "0%"
    with pytest.raises(ValueError, match="share"):
        share_text(1.5)


def test_sale_case_break_multiplier_puts_the_partition_at_the_ceiling():
    c = hp.sale_case(T2, N2)
    assert c.everyday_wcu < C
    dist = hp.key_design("popular item", multiplier=c.break_multiplier)
    during = hp.load_over_time(dist, [hp.SALE_START_H + 0.5], N2, T2)[0]
    assert during[c.partition] == pytest.approx(C, rel=1e-9)
    assert c.everyday_wcu == pytest.approx(T2 * c.item_share + c.others_wcu)
    # the sale share, by the formula of the chapter: M b / (1 + (M - 1) b)
    m, b = 20.0, c.item_share
    assert hp.sale_case(T2, N2, multiplier=m).sale_share == pytest.approx(m * b / (1 + (m - 1) * b))


@pytest.mark.parametrize("bad", [0, -1, math.nan, math.inf, 1e300, "abc", None])
def test_chapter_2_cases_refuse_bad_demand(bad):
    with pytest.raises(ValueError, match="total_wcu"):
        hp.key_design_cases(bad, N2)
    with pytest.raises(ValueError, match="total_wcu"):
        hp.sale_case(bad, N2)


# ---------------------------------------------------------------------------------------------
# Chapter 3
# ---------------------------------------------------------------------------------------------


def test_zipf_limits_table_against_the_harmonic_numbers():
    from scipy.special import zeta

    s_values, n_values = (0.5, 0.99, 1.5), (10**4, 10**8)
    header, rows = hp.zipf_limits_table(s_values, n_values)
    assert len(header) == 2 * len(n_values) + 2 and len(rows) == len(s_values)
    for s, row in zip(s_values, rows, strict=True):
        for j, n in enumerate(n_values):
            h = hp.harmonic(n, s)  # p_1 = 1 / H(n, s), so the limit is C H(n, s)
            assert row[1 + j] == (f"{100 / h:.3g}%" if 100 / h >= 1e-3 else row[1 + j])
            assert "e-0" not in row[1 + j]
            assert row[1 + len(n_values) + j] == f"{C * h:,.0f}"
        assert row[-1] == (f"{C * zeta(s):,.0f}" if s > 1 else "unbounded")


def test_zipf_sampled_shares_within_sampling_noise():
    dists = [hp.Zipf(10**12, s) for s in (0.6, 0.99, 1.4)]
    samples, gap = hp.zipf_sampled_shares(dists, n_requests=20_000, seed=1)
    worst = 0.0
    for d, (ks, shares) in zip(dists, samples, strict=True):
        assert ks[0] == 1 and ks[-1] == d.n_keys and np.all(np.diff(shares) >= 0)
        assert shares[-1] == 1.0  # every request hits one of all the keys
        worst = max(worst, max(abs(sh - d.top_share(int(k))) for k, sh in zip(ks, shares, strict=True)))
    assert gap == pytest.approx(worst)
    assert gap < 4 * math.sqrt(0.25 / 20_000)  # four standard errors of a share at its noisiest
    with pytest.raises(ValueError, match="dists"):
        hp.zipf_sampled_shares([])


def test_plot_top_shares_legend_outside_covers_no_curve():
    dists = [hp.Zipf(10**12, s) for s in (0.6, 0.99, 1.4)]
    samples, _ = hp.zipf_sampled_shares(dists, n_requests=2_000, seed=1)
    fig, (ax,) = hp.new_figure(9.5, 4.0)
    hp.plot_top_shares(ax, dists, samples, legend_outside=True)
    fig.canvas.draw()
    legend = ax.get_legend().get_window_extent()
    assert legend.x0 >= ax.get_window_extent().x1  # wholly to the right of the axes, where no curve is drawn
    assert len(ax.get_legend().get_texts()) == len(dists) + 1  # the three closed forms and the sampled dots
    with pytest.raises(ValueError, match="legend_outside"):
        hp.plot_top_shares(ax, dists, legend_outside="yes")


def test_balls_in_bins_table_exact_against_simulation():
    n, runs = 100, 2_000
    _header, rows = hp.balls_in_bins_table((100, 10**4), n, n_runs=runs, seed=1)
    for m, row in zip((100, 10**4), rows, strict=True):
        e = hp.expected_max_load(m, n)
        sim, se = hp.simulated_max_load(m, n, n_runs=runs, seed=1)
        assert abs(sim - e) < 5 * se + 1e-9  # the exact expectation against the simulation
        assert row[2] == f"{e:,.2f}" and row[5] == f"{m / n:,.0f}"
    # the last column, P(fullest passes the Raab-Steger level), against seeded multinomial layouts
    m = 10**4
    rs = hp.raab_steger_max_load(m, n)
    p_pass = float(1 - hp.max_load_cdf(m, n, math.floor(rs))[0])
    draws = np.random.default_rng(3).multinomial(m, [1 / n] * n, size=runs).max(axis=1)
    assert abs(float(np.mean(draws > rs)) - p_pass) < 4 * math.sqrt(p_pass * (1 - p_pass) / runs)
    assert rows[1][-1] == f"{p_pass:.0%}"


@pytest.mark.parametrize("bad", [0, -1, math.nan, math.inf, 1e300, "abc", None])
def test_chapter_3_tables_refuse_bad_counts(bad):
    with pytest.raises(ValueError):
        hp.zipf_limits_table([1.0], [bad])
    with pytest.raises(ValueError):
        hp.balls_in_bins_table([bad], 100)


# ---------------------------------------------------------------------------------------------
# Chapter 4
# ---------------------------------------------------------------------------------------------

GIB = 2**30


@pytest.fixture(scope="module")
def composite():
    return hp.composite_cases(10_000, 30, 500, 10)


def test_composite_cases_by_hand(composite):
    status, user, date, device, monthly = composite
    rate = 10_000 * 30 / 60  # writes/s of the whole workload
    assert status.total_wcu == pytest.approx(rate * hp.write_units(500))
    # the user keys as hashed: the fullest partition's users, counted
    counts = np.bincount(hp.partition_of(user.dist.keys(), 10), minlength=10)
    assert user.limit.hottest_demand == pytest.approx(user.total_wcu * counts.max() / 10_000)
    assert date.limit.hottest_demand == pytest.approx(date.total_wcu)  # one key takes the day's writes
    # an item collection grows at rate x bytes: 10 GiB after 10 GiB / (rate b) seconds
    per_device = rate / 10_000
    assert device.days_to_limit == pytest.approx(10 * GIB / (per_device * 500) / 86_400)
    assert math.isinf(device.capped_gb) and math.isinf(monthly.days_to_limit)
    assert monthly.capped_gb == pytest.approx(per_device * 500 * 31 * 86_400 / GIB)
    # refused writes store nothing: the date key keeps the ceiling's 1,000 writes/s, ACTIVE its share of it
    assert date.stored_rate == pytest.approx(C) and date.capped_gb == pytest.approx(C * 500 * 86_400 / GIB)
    assert status.stored_rate == pytest.approx(4_500 * C / 4_600)
    assert status.days_to_limit == pytest.approx(10 * GIB / (status.stored_rate * 500) / 86_400)
    assert device.stored_rate == device.hottest_rate  # under the ceiling, every write is stored


def test_composite_table_rows(composite):
    header, rows = hp.composite_table(composite)
    assert len(rows) == len(hp.COMPOSITE_DESIGNS) and all(len(r) == len(header) for r in rows)
    assert rows[3][-1].endswith(f"days to {hp.ITEM_COLLECTION_MAX_GB:g} GB") and rows[4][-1].startswith("capped at")
    # the date key would hold 40 GB a day: with an LSI it stops at the limit (writes fail), without one it has none
    date = composite[2]
    assert date.capped_gb > hp.ITEM_COLLECTION_MAX_GB and "capped" not in rows[2][-1]
    assert rows[2][-1].startswith(f"with an LSI: {hp.ITEM_COLLECTION_MAX_GB:g} GB after 6 h, then writes fail")
    assert date.hours_to_limit == pytest.approx(10 * GIB / (C * 500) / 3_600)
    assert "\\#" in rows[1][0]  # the # of USER#id is escaped for Markdown
    assert rows[1][1] == rows[1][2] == "10,000" and rows[0][2] == "1.22"  # key counts and cardinalities alike
    with pytest.raises(ValueError, match="cases"):
        hp.composite_table([])


def test_single_table_example_counts_and_order():
    t = hp.single_table_example(10)
    users, orders, items = 2, 3, 2
    assert len(t.items) == users * (1 + orders + orders * items)
    assert len(t.partitions) == users + users * orders
    got = t.query("USER#user123", "ORDER#")
    assert got == sorted(got) and len(got) == orders and all(o.startswith("ORDER#2026-04-0") for o in got)
    assert t.query("ORDER#order1230", "ITEM#") == ["ITEM#item0", "ITEM#item1"]
    assert t.partitions == dict(zip(sorted(t.partitions), hp.partition_of(sorted(t.partitions), 10).tolist(), strict=True))


def test_collection_curves_grow_linearly_until_the_bucket_ends():
    days = np.arange(0.0, 100.0)
    curves = hp.collection_curves([0.1, 10.0], 500, 1.0, bucket_days=31, days=days)
    assert curves["deviceId, 10 writes/s"] == pytest.approx(10 * 500 * 86_400 * days / GIB)
    bucket = curves["deviceId#YYYY-MM, 1 writes/s"]
    assert bucket[-1] == pytest.approx(500 * 86_400 * 31 / GIB) and bucket[10] == pytest.approx(500 * 86_400 * 10 / GIB)
    with pytest.raises(ValueError, match="rates_per_s"):
        hp.collection_curves([-1.0], 500, 1.0)


def test_between_query_cost_by_hand():
    # chapter 4's one-hour window at one item every 2 s: both ends included, summed then rounded up once
    per_device = 3600 // 2 + 1
    q = hp.query_cost(per_device, 500)
    assert q.pages == 1 and q.read_units == math.ceil(per_device * 500 / hp.READ_UNIT_BYTES) / 2


def test_composite_caption_gives_short_times_in_hours_and_the_growth_axis_in_gb():
    from hotpart.figures.item_collections import _duration_text

    assert _duration_text(0.02) == f"{0.02 * 1440:,.0f} minutes"
    assert _duration_text(0.0552) == f"{0.0552 * 24:.1f} hours"
    assert _duration_text(1.0) == "1 day" and _duration_text(497.1) == "497 days"
    with pytest.raises(ValueError, match="days"):
        _duration_text(-1.0)
    e = hp.EXPLORABLES["composite_keys"]
    assert "after 0 days" not in e.caption(e.data()) and "hours" in e.caption(e.data(design=0))
    _fig, (ax,) = hp.new_figure()
    hp.plot_collection_growth(ax, np.arange(31.0), {"x": np.linspace(0.0, 5.0, 31)})
    assert [t.get_text() for t in ax.get_yticklabels()] == ["0.001 GB", "1 GB", "1,000 GB", "1,000,000 GB"]
    assert ax.get_ylim() == pytest.approx((1e-3, 1e6))


def test_composite_caption_never_lets_a_collection_pass_the_lsi_limit():
    """Review 4.1: with an LSI a collection stops at 10 GB (its writes fail); without one there is no limit."""
    e = hp.EXPLORABLES["composite_keys"]
    date = e.caption(e.data(design=2))
    assert "reaches the 10 GB limit after 6 hours, and writes to it fail; without one it grows to 40.2 GB" in date
    assert "passes" not in date and "stops growing at 40" not in date
    assert "1 partition-key value." in date and "100% of the writes" in date  # a count that reads right
    assert "stops growing at 0.624 GB" in e.caption(e.data(design=4))  # under the limit: no LSI condition
    assert e.controls[0].text(2) == "date" and e.controls[0].choices == hp.COMPOSITE_CHOICES


# ---------------------------------------------------------------------------------------------
# Chapter 5
# ---------------------------------------------------------------------------------------------


def test_write_sharding_case_against_its_parts():
    from scipy import stats

    w, n = hp.EXAMPLE_HOT_PARTITION["hot_wcu"], hp.EXAMPLE_SHARD_COUNT
    c = hp.write_sharding_case(w, n, seconds=600, seed=5)
    assert c.even == w / n and c.budget == pytest.approx(c.utilization * C)
    assert c.bound == pytest.approx(float(hp.busiest_shard_bound(w, n)))
    busiest = hp.simulate_shard_writes(w, n, seconds=600, seed=5).max(axis=1)
    assert c.busiest_mean == pytest.approx(busiest.mean()) and c.busiest_max == busiest.max()
    assert c.even <= c.busiest_mean <= c.bound  # the bound holds for the simulated mean
    p = stats.poisson.sf(C, w / n)  # one shard's chance; for a small p, 1 - (1 - p)^n = n p (1 - (n - 1) p / 2 + ...)
    assert c.p_over_ceiling == pytest.approx(n * p * (1 - (n - 1) * p / 2), rel=1e-9)
    # above the 80% budget: likely in every second, but not certain (99.88%, which the old page printed as 100%)
    assert c.p_over_budget == pytest.approx(1 - stats.poisson.cdf(c.budget, w / n) ** n, rel=1e-9)
    assert 0.998 < c.p_over_budget < 0.9995
    assert c.needed == hp.shards_needed(w) >= c.even_needed == math.ceil(w / c.budget)
    # a sequential suffix: the busiest shard takes ceil(X / N) of a second's X writes, so at most one above even
    totals = np.random.default_rng(5).poisson(w, size=600)
    assert c.sequential_mean == pytest.approx(np.ceil(totals / n).mean())
    assert c.sequential_mean < c.busiest_mean


def test_suffix_partition_table_and_collisions():
    w = hp.EXAMPLE_HOT_PARTITION["hot_wcu"]
    header, rows = hp.suffix_partition_table(w, (20, 100), n_layouts=50)
    assert rows[0] == ("20", f"{hp.shards_needed(w, n_partitions=20)}", "–", "–", "–")  # below spread_from: no spread
    spread = hp.suffix_layout_spread(w, 100, n_layouts=50)
    exact = f"{spread['share_minimum']:.0%} (exactly {spread['p_minimum']:.1%})"
    summary = (exact, f"{spread['median']:,.0f}", f"{spread['upper_quartile']:,.0f}")
    assert rows[1] == ("100", "22", *summary)
    assert rows[-1] == ("many (no collisions)", f"{hp.shards_needed(w)}", "", "", "")
    assert all(len(r) == len(header) for r in rows)
    keys = [f"HOT#{i}" for i in range(12)]
    assert hp.suffix_collisions(12, 100) == max(np.bincount(hp.partition_of(keys, 100)))
    assert hp.suffix_collisions(1, 1) == 1 and hp.suffix_collisions(30, 1) == 30
    with pytest.raises(ValueError, match="partition_counts"):
        hp.suffix_partition_table(w, ())


def test_batch_get_item_prices_each_key_as_a_get_item():
    n = hp.EXAMPLE_SHARD_COUNT
    loop = hp.read_cost(n, "random", "aggregate", consistency="eventual", request="get_item")
    batch = hp.read_cost(n, "random", "aggregate", consistency="eventual", request="batch_get_item")
    assert batch.read_units[0] == loop.read_units[0] and batch.requests[0] == 1 and loop.requests[0] == n


# ---------------------------------------------------------------------------------------------
# Chapter 6
# ---------------------------------------------------------------------------------------------


def test_fanout_read_limit_is_where_a_shard_meets_its_read_headroom():
    w, u = 8_000.0, hp.ASSUMPTIONS["SHARD_UTILIZATION"].value
    r = hp.fanout_read_limit(w)
    cost = hp.fanout_cost(write_rate=w, read_write_ratio=r, consistency="eventual")
    assert cost.at(5)["shard_read_rcu"] == pytest.approx(u * hp.PARTITION_MAX_RCU)  # every shard gets every read
    assert hp.fanout_read_limit(w, consistency="strong") == pytest.approx(r / 2)
    assert hp.fanout_read_limit(w, item_bytes=8_192) == pytest.approx(r / 2)  # two 4 KB blocks per read


def test_tail_at_scale_case_reproduces_dean_and_barroso():
    ex = hp.TAIL_AT_SCALE_EXAMPLE
    c = hp.tail_at_scale_case(ex["p_slow"], int(ex["fanout"]), n_reads=20_000, seed=2013)
    assert c["model"] == pytest.approx(1 - (1 - ex["p_slow"]) ** ex["fanout"])
    assert round(c["model"], 2) == ex["published_fraction_slow"]  # their 63%
    se = math.sqrt(c["model"] * (1 - c["model"]) / 20_000)
    assert abs(c["simulated"] - c["model"]) < 4 * se


def test_median_passes_quantile_from_by_the_quantiles_of_the_maximum():
    n = hp.median_passes_quantile_from(0.99)
    dist = hp.latency_distribution("lognormal")
    p99 = float(dist.ppf(0.99))
    assert hp.fanout_quantile(0.5, n, dist) >= p99 > hp.fanout_quantile(0.5, n - 1, dist)
    for bad in (0.5, 1.0, math.nan, "abc", None):
        with pytest.raises(ValueError, match="q"):
            hp.median_passes_quantile_from(bad)


# ---------------------------------------------------------------------------------------------
# Chapter 7
# ---------------------------------------------------------------------------------------------


def test_staleness_table_rows_are_the_model():
    w, n = hp.EXAMPLE_HOT_PARTITION["hot_wcu"], hp.EXAMPLE_SHARD_COUNT
    _header, rows = hp.staleness_table(w, (0.0, 5.0), hp.STREAMS_MAX_BATCH_SIZE, n)
    for window, row in zip((0.0, 5.0), rows, strict=True):
        a = hp.StreamsAggregation(w, batch_window_s=window, batch_size=hp.STREAMS_MAX_BATCH_SIZE, n_stream_shards=n)
        largest = hp.STREAMS_MAX_PAYLOAD_BYTES / a.batch_records
        assert row == (
            f"{window:g}",
            f"{a.mean_staleness_s():.2f}",
            f"{a.max_staleness_s():.2f}",
            f"{a.aggregate_wcu:,.0f}",
            f"{a.batch_records:,.0f}",
            f"{largest:,.0f}",
        )
    # the mean staleness is half a batch's fill plus its processing (no stream delay)
    a = hp.StreamsAggregation(w, batch_window_s=5.0, batch_size=hp.STREAMS_MAX_BATCH_SIZE, n_stream_shards=n)
    assert a.mean_staleness_s() == pytest.approx(a.fill_s / 2 + a.service_s)
    # 8,000 records of the 10 s window fit in 6 MB only if each is at most 750 bytes
    ten = hp.StreamsAggregation(w, batch_window_s=10.0, batch_size=hp.STREAMS_MAX_BATCH_SIZE, n_stream_shards=n)
    assert ten.batch_records == 8_000 and hp.largest_record_bytes(ten) == pytest.approx(750.0)


def test_the_payload_limit_closes_a_batch_of_large_records_first():
    w, n, size = hp.EXAMPLE_HOT_PARTITION["hot_wcu"], hp.EXAMPLE_SHARD_COUNT, hp.STREAMS_MAX_BATCH_SIZE
    big = hp.StreamsAggregation(w, batch_window_s=10.0, batch_size=size, n_stream_shards=n, record_bytes=1_500)
    five = hp.StreamsAggregation(w, batch_window_s=5.0, batch_size=size, n_stream_shards=n)
    assert big.effective_batch_size == 4_000  # 6,000,000 // 1,500
    assert big.mean_staleness_s() == pytest.approx(five.mean_staleness_s())  # the 10 s window behaves as 5 s
    assert big.aggregate_wcu == pytest.approx(five.aggregate_wcu)
    # records of zero bytes (the default) leave the limit out
    assert hp.StreamsAggregation(w, 10.0, size, n).effective_batch_size == size
    with pytest.raises(ValueError, match="record_bytes"):
        hp.StreamsAggregation(w, 10.0, size, n, record_bytes=-1)


def test_a_slow_per_record_handler_falls_behind_before_it_offers_every_write():
    w, n = hp.EXAMPLE_HOT_PARTITION["hot_wcu"], hp.EXAMPLE_SHARD_COUNT
    slow = hp.StreamsAggregation(w, 1.0, 1_000, n, record_time_s=0.005, update_per_record=True)
    assert slow.utilization > 1
    # each consumer manages 1 / (o / r + tau) records a second: far fewer than the 8,000 writes
    per_consumer = 1 / (slow.batch_overhead_s / slow.batch_records + slow.record_time_s)
    assert slow.aggregate_wcu == pytest.approx(n * per_consumer)
    assert slow.aggregate_wcu < w


def test_parallelization_needed_is_the_smallest_that_keeps_up():
    p = hp.parallelization_needed(8_000, 0.0, 100, 1)
    assert hp.StreamsAggregation(8_000, 0, 100, 1, parallelization_factor=p).utilization <= 1
    assert p == 1 or hp.StreamsAggregation(8_000, 0, 100, 1, parallelization_factor=p - 1).utilization > 1
    with pytest.raises(ValueError, match="write_rate"):
        hp.parallelization_needed(1e6, 0.0, 1, 1)


def test_aggregation_breakeven_equalises_the_two_designs():
    agg = hp.StreamsAggregation(8_000, batch_window_s=1.0, batch_size=1_000, n_stream_shards=10)
    r = hp.aggregation_breakeven(agg, 10)
    cmp = agg.compare(8_000 * r, 10)
    assert cmp["aggregation_units"] == pytest.approx(cmp["fanout_rcu"])
    with pytest.raises(ValueError, match="agg"):
        hp.aggregation_breakeven(None, 10)


# ---------------------------------------------------------------------------------------------
# Checks the chapters used to make in their hidden cells
# ---------------------------------------------------------------------------------------------


def test_chapter_2_exercise_2_date_key_for_reads():
    days, demand, n = 7, 12_000.0, 10
    key = hp.DateKey(days, 1.0)
    alone = hp.scale_limit(key, demand, ceiling=hp.PARTITION_MAX_RCU)
    assert alone.max_total_demand == pytest.approx(hp.PARTITION_MAX_RCU * days)  # each date takes 1/7
    load = hp.partition_load(key, n)
    on_busiest = round(load.max() * days)
    assert load.max() * days == pytest.approx(on_busiest)  # whole dates per partition
    part = hp.scale_limit(load, demand, ceiling=hp.PARTITION_MAX_RCU)
    assert part.hottest_demand == pytest.approx(on_busiest * demand / days)


def test_chapter_3_euler_maclaurin_against_the_exact_sum():
    from scipy.special import zeta

    n, s = 10**12, 0.99
    exact, form = hp.harmonic(n, s), hp.harmonic_asymptotic(n, s)
    assert form / exact == pytest.approx(1, abs=1e-9)
    assert exact - zeta(s) == pytest.approx(n ** (1 - s) / (1 - s), abs=1e-6)  # the leading term, after zeta


def test_choice_controls_of_chapters_2_and_6_name_their_choices_in_words():
    """Issue 46 item 5: no numbered slider standing for named choices ("0 date, 1 status")."""
    design = hp.EXPLORABLES["key_design_load"].controls[0]
    assert design.choices == hp.KEY_DESIGNS and design.text(1) == "status" and ":" not in design.label
    fanout = {c.name: c for c in hp.EXPLORABLES["fanout_cost"].controls}
    assert [fanout[n].text(1) for n in ("dist", "strategy", "consistency")] == ["lognormal", "calculated", "strong"]
    assert not any("0 " in c.label for c in fanout.values())
