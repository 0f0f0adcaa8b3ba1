"""Chapters 8 to 10's case and rows functions
(hotpart/figures/burst.py, adaptive.py, split_for_heat.py), each checked another way: closed forms,
direct simulator calls, or the published figures; and the simulator explorables' update path."""

import math
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp

# --- chapter 8 ---------------------------------------------------------------------------------------------


def test_burst_check_rows_matches_burst_check_and_the_closed_form():
    cases = [(150.0, 300), (400.0, 300), (400.0, 60), (1_500.0, 300)]
    out = hp.burst_check_rows(100.0, cases)
    direct = [hp.burst_check(100.0, s, i) for s, i in cases]
    assert out["checks"] == direct
    assert out["max_diff_s"] == max(abs(c["closed_s"] - c["simulated_s"]) for c in direct)
    # a full bank of 300 s x 100 WCU/s drained at 400 - 100 WCU/s lasts 100 s; 60 s idle bank 6,000 lasts 20 s
    assert out["rows"][1] == ("400", "300", "100.0", "100", "0")
    assert out["rows"][2][2] == f"{6_000 / 300:,.1f}"
    # above the ceiling, 1,500 - 1,000 WCU/s are refused from the first second
    assert out["rows"][3][4] == "500"
    assert len(out["header"]) == len(out["rows"][0])


def test_burst_check_rows_refuses_no_cases_and_a_bad_rate():
    with pytest.raises(ValueError, match="cases"):
        hp.burst_check_rows(100.0, [])
    with pytest.raises(ValueError, match="rate"):
        hp.burst_check_rows(0.0, [(150.0, 300)])


def test_burst_reading_rows_match_the_closed_forms():
    cases = [("long", dict(rate=100.0, spike=150.0, idle_s=300)), ("aws", dict(rate=150.0, spike=200.0, idle_s=300))]
    out = hp.burst_reading_rows(cases)
    for (name, kw), row in zip(cases, out["rows"], strict=True):
        bank = hp.burst_seconds(kw["rate"], kw["spike"], idle_seconds=kw["idle_s"])
        window = hp.burst_seconds(kw["rate"], kw["spike"], idle_seconds=kw["idle_s"], reading="window")
        assert row == (name, f"{bank:,.0f}", f"{window:,.0f}")
    # AWS's example: 150 x 300 banked units drained at 50/s last 15 minutes under the bank reading
    assert out["rows"][1][1] == f"{15 * 60:,}"
    with pytest.raises(ValueError, match="cases"):
        hp.burst_reading_rows([])


def test_burst_bank_case_agrees_with_the_simulator():
    rate, idle, idle_demand, spike = 200.0, 120, 50.0, 500.0
    case = hp.burst_bank_case(rate, idle, idle_demand, spike)
    trace = np.concatenate([np.full(idle, idle_demand), np.full(200, spike)])[:, None]
    res = hp.simulate(hp.Table(1, wcu=rate), trace, trace.size, mode=hp.Provisioned(adaptive=False))
    assert case["bank"] == pytest.approx(res.burst[idle - 1, 0]) == 120 * 150
    assert case["drain"] == 300.0
    above = int(np.count_nonzero(res.served[idle:, 0] > rate * (1 + 1e-9)))
    assert case["seconds"] == above == 60


@settings(max_examples=40, deadline=None)
@given(
    rate=st.floats(1.0, 1_000.0),
    idle=st.integers(0, 900),
    frac=st.floats(0.0, 1.0),
    extra=st.floats(1.0, 500.0),
)
def test_burst_bank_case_bank_is_capped_at_the_window(rate, idle, frac, extra):
    case = hp.burst_bank_case(rate, idle, rate * frac, rate + extra)
    assert 0.0 <= case["bank"] <= hp.BURST_WINDOW_S * rate * (1 + 1e-12)
    assert case["bank"] == pytest.approx(min(idle * rate * (1 - frac), hp.BURST_WINDOW_S * rate), abs=1e-6)
    if rate + extra <= hp.PARTITION_MAX_WCU:  # below the ceiling the spike lasts bank / drain
        assert case["seconds"] == pytest.approx(case["bank"] / case["drain"], rel=1e-9, abs=1e-9)


def test_burst_bank_case_refuses_bad_input():
    with pytest.raises(ValueError, match="idle_demand"):
        hp.burst_bank_case(100.0, 60, 150.0, 400.0)
    with pytest.raises(ValueError, match="spike"):
        hp.burst_bank_case(100.0, 60, 50.0, 100.0)


@settings(max_examples=40, deadline=None)
@given(rate=st.floats(1.0, 2_000.0), seconds=st.floats(1.0, 3_600.0))
def test_burst_spike_lasting_inverts_burst_seconds(rate, seconds):
    spike = hp.burst_spike_lasting(rate, seconds)
    assert hp.burst_seconds(rate, spike) == pytest.approx(seconds, rel=1e-9)


def test_burst_spike_lasting_refuses_zero_seconds():
    with pytest.raises(ValueError, match="seconds"):
        hp.burst_spike_lasting(100.0, 0.0)


# --- chapter 9 ---------------------------------------------------------------------------------------------


def test_adaptive_case_on_aws_example():
    ex = hp.EXAMPLE_ADAPTIVE
    demand = list(ex["demand_wcu"])
    c = hp.adaptive_case(float(ex["table_wcu"]), demand)
    n, table = int(ex["n_partitions"]), float(ex["table_wcu"])
    assert c["n"] == n and c["share"] == table / n
    # unused: the table less the hot partition's share less what the others use
    assert c["unused"] == pytest.approx(table - table / n - sum(demand[:-1]))
    assert c["bound"] == pytest.approx(min(hp.PARTITION_MAX_WCU, c["share"] + c["unused"]))
    assert c["served"] == pytest.approx(min(demand[-1], c["bound"]))
    assert c["refused"] == pytest.approx(demand[-1] - c["served"])
    assert c["total"] == sum(demand) and c["hottest"] == max(demand)
    assert c["even_over"] == pytest.approx(max(demand) * n / table - 1)


@settings(max_examples=25, deadline=None)
@given(
    table=st.floats(100.0, 4_000.0),
    n=st.integers(2, 8),
    cool_frac=st.floats(0.0, 1.0),
    hot=st.floats(0.0, 3_000.0),
)
def test_adaptive_case_serves_the_lesser_of_demand_and_bound(table, n, cool_frac, hot):
    share = table / n
    c = hp.adaptive_case(table, [share * cool_frac] * (n - 1) + [hot], seconds=5)
    assert c["unused"] == pytest.approx((n - 1) * share * (1 - cool_frac), abs=1e-6)
    assert c["served"] + c["refused"] == pytest.approx(hot)  # requests are conserved
    assert c["served"] <= c["bound"] + 1e-6


def test_adaptive_case_refuses_one_partition_and_bad_capacity():
    with pytest.raises(ValueError, match="demand_wcu"):
        hp.adaptive_case(400.0, [100.0])
    with pytest.raises(ValueError, match="table_wcu"):
        hp.adaptive_case(0.0, [100.0, 100.0])
    with pytest.raises(ValueError, match="demand_wcu"):
        hp.adaptive_case(400.0, [100.0, -1.0])


def test_adaptive_default_follows_provisioned():
    assert hp.adaptive_default() == ("on" if hp.Provisioned().adaptive else "off")


def test_hot_item_case_against_the_simulator():
    big = hp.Table(10, wcu=10_000)
    res = hp.simulate(big, [100.0] * 9 + [1_500.0], 60)
    case = hp.hot_item_case(1_500.0)
    assert case["served"] == pytest.approx(res.served[-1, -1])
    assert case["refused"] == pytest.approx(res.throttled[-1, -1])
    assert case["shards"] == 2


@given(rate=st.floats(0.0, 1e6))
def test_hot_item_case_shards_are_the_fewest_that_fit(rate):
    case = hp.hot_item_case(rate)
    assert case["shards"] * hp.PARTITION_MAX_WCU >= rate * (1 - 1e-12)
    assert case["shards"] == 1 or (case["shards"] - 1) * hp.PARTITION_MAX_WCU < rate
    assert case["served"] + case["refused"] == pytest.approx(rate)


def test_hot_item_case_reads_and_bad_kind():
    assert hp.hot_item_case(6_000.0, kind="read")["shards"] == math.ceil(6_000 / hp.PARTITION_MAX_RCU)
    with pytest.raises(ValueError, match="kind"):
        hp.hot_item_case(100.0, kind="both")


# --- chapter 10 --------------------------------------------------------------------------------------------


def test_split_case_rows_at_the_chapter_settings():
    minutes = hp.SplitForHeat().minutes
    out = hp.split_case_rows(1_600.0, minutes)
    s = out["summaries"]
    runs = out["runs"]
    # many hot keys: the first split comes after the trigger's minutes and ends the refusals
    assert s[0]["first_split_min"] == pytest.approx(minutes) == s[0]["relief_min"]
    # the closed form refuses (offered - ceiling) for the trigger's minutes: the simulator refuses the same
    assert s[0]["closed_refused"] == pytest.approx(runs[0]["refused"])
    # partition 0 carries the spike and its share of the cool keys at 10 WCU/s each
    cool = [f"USER#{i}" for i in range(runs[0]["cool_keys"])]
    cool_on_0 = int(np.count_nonzero(np.asarray(hp.partition_of(cool, 4)) == 0))
    assert s[0]["hot_offered"] == pytest.approx(1_600.0 + 10.0 * cool_on_0)
    # one item, an LSI, a monotonic sort key: blocked, and the item is held to the key limit
    for i, why in ((1, "single item"), (3, "LSI"), (4, "monotonic sort key")):
        assert s[i]["blocked"] == why and s[i]["relief_s"] is None
        assert s[i]["end_refused"] == pytest.approx(1_600.0 - hp.max_key_rate("write"))
        assert out["rows"][i][2] == why
    assert out["rows"][0][2] == "-"
    # the item collection: the traffic median lies inside it, so the first split cuts it between its items and
    # relieves it as soon as the many keys (issue 37, review finding 10.1); each half carries about half the hot
    # traffic, and nothing is refused after the first split
    assert out["relief_ratios"] == [1.0, None, 1.0, None, None]
    assert s[2]["splits_to_relief"] == 1
    assert runs[2]["refused"] == pytest.approx(s[2]["closed_refused"]) == pytest.approx(runs[0]["refused"])
    assert s[2]["end_refused"] == 0 and s[2]["end_served_max"] < hp.PARTITION_MAX_WCU
    assert [r[0] for r in out["rows"]] == list(hp.SPLIT_CASES)


@pytest.mark.parametrize(("hot", "cool"), [(1_600.0, 60.0), (1_200.0, 400.0), (900.0, 900.0)])
def test_a_split_cuts_at_the_traffic_median_even_inside_an_item_collection(hot, cool):
    """Chapter 10's rule: the cut goes where the traffic is halved. A 64-item collection beside a simple key on one
    partition: after the first split each side carries half the traffic to within one item's share, wherever the
    median falls (inside the collection for the first two, on the key boundary for the third)."""
    keys = ["COLLECTION", "SIMPLE"]
    table = hp.Table(1, items_per_key=64)
    res = hp.simulate(
        table, [hot, cool], 200, keys=keys, mode=hp.OnDemand(previous_peak=20_000.0), split=hp.SplitForHeat(minutes=1)
    )
    t = res.splits[0][0]
    halves = res.offered[t + 1, :2]
    per_item = hot / 64
    assert halves.sum() == pytest.approx(hot + cool)
    assert abs(halves[0] - halves[1]) <= per_item + 1e-9
    # and with an LSI the collection is never cut: the key boundary is the only cut
    lsi = hp.simulate(
        hp.Table(1, items_per_key=64, has_lsi=True),
        [hot, cool],
        200,
        keys=keys,
        mode=hp.OnDemand(previous_peak=20_000.0),
        split=hp.SplitForHeat(minutes=1),
    )
    assert sorted(lsi.offered[lsi.splits[0][0] + 1, :2].tolist()) == sorted([hot, cool])


def test_split_summary_without_refusals_and_bad_input():
    quiet = hp.split_summary(hp.split_case(0, 0.0, 1, seconds=120, start=10))
    assert quiet["relief_s"] == 0 and quiet["splits"] == 0 and quiet["first_split_min"] is None
    with pytest.raises(ValueError, match="case"):
        hp.split_summary({"res": None})


#: Chapter 10's captions at the two waits either side of the step (review turn 9): at 9 minutes the next split (or the
#: blocked one) falls inside the 19-minute run, at 10 minutes after it. Whole captions: the spike named once ("at
#: time 0"), every time in "min", the blocked split's reason in words. Refused: 660 WCU/s (1,660 - 1,000) for 60 x M
#: seconds before the split, then 600 WCU/s for good in the indivisible cases; halves of 830 WCU/s split at 2 x M.
_CAPTIONS = {
    (0, 9): "Many hot keys: 1,600 WCU/s arrives at once at time 0. 3 splits, the first at 9 min. 7 partitions at "
    "19 min, the end of the run (dash-dotted lines: splits). Refused: 356,400 WCU in all, 0 WCU/s still at the end.",
    (0, 10): "Many hot keys: 1,600 WCU/s arrives at once at time 0. 1 split at 10 min; the next would be due at 20 min, "
    "after the run. 5 partitions at 19 min, the end of the run (dash-dotted lines: splits). Refused: 396,000 WCU in "
    "all, 0 WCU/s still at the end.",
    (1, 9): "One hot item: 1,600 WCU/s arrives at once at time 0. 1 split at 9 min moves all 6 cool keys off the hot "
    "key's partition; the next, due at 18 min, is blocked (one item is never split). 5 partitions at 19 min, the end "
    "of the run (dash-dotted lines: splits). Refused: 716,400 WCU in all, 600 WCU/s still at the end.",
    (1, 10): "One hot item: 1,600 WCU/s arrives at once at time 0. 1 split at 10 min moves all 6 cool keys off the hot "
    "key's partition; the next would be due at 20 min, after the run. 5 partitions at 19 min, the end of the run "
    "(dash-dotted lines: splits). Refused: 720,000 WCU in all, 600 WCU/s still at the end.",
    (2, 9): "One item collection: 1,600 WCU/s arrives at once at time 0. 3 splits, the first at 9 min. 7 partitions "
    "at 19 min, the end of the run (dash-dotted lines: splits). Refused: 356,400 WCU in all, 0 WCU/s still at the end.",
    (2, 10): "One item collection: 1,600 WCU/s arrives at once at time 0. 1 split at 10 min; the next would be due at "
    "20 min, after the run. 5 partitions at 19 min, the end of the run (dash-dotted lines: splits). Refused: 396,000 "
    "WCU in all, 0 WCU/s still at the end.",
    (3, 9): "An item collection, table with an LSI: 1,600 WCU/s arrives at once at time 0. 1 split at 9 min moves all "
    "6 cool keys off the hot key's partition; the next, due at 18 min, is blocked (a table with an LSI keeps an item "
    "collection on one partition). 5 partitions at 19 min, the end of the run (dash-dotted lines: splits). Refused: "
    "716,400 WCU in all, 600 WCU/s still at the end.",
    (3, 10): "An item collection, table with an LSI: 1,600 WCU/s arrives at once at time 0. 1 split at 10 min moves "
    "all 6 cool keys off the hot key's partition; the next would be due at 20 min, after the run. 5 partitions at "
    "19 min, the end of the run (dash-dotted lines: splits). Refused: 720,000 WCU in all, 600 WCU/s still at the end.",
    (4, 9): "An item collection, monotonic sort key: 1,600 WCU/s arrives at once at time 0. 1 split at 9 min moves all "
    "6 cool keys off the hot key's partition; the next, due at 18 min, is blocked (every write lands on the newest "
    "item, so no cut spreads it). 5 partitions at 19 min, the end of the run (dash-dotted lines: splits). Refused: "
    "716,400 WCU in all, 600 WCU/s still at the end.",
    (4, 10): "An item collection, monotonic sort key: 1,600 WCU/s arrives at once at time 0. 1 split at 10 min moves "
    "all 6 cool keys off the hot key's partition; the next would be due at 20 min, after the run. 5 partitions at "
    "19 min, the end of the run (dash-dotted lines: splits). Refused: 720,000 WCU in all, 600 WCU/s still at the end.",
}


def _no_break(text: str) -> str:
    """A caption as written: each number and the word after it joined by a no-break space."""
    return re.sub(r"(\d) (?=[A-Za-z])", "\\1\u00a0", text)


@pytest.mark.parametrize(("case", "minutes"), sorted(_CAPTIONS), ids=lambda v: str(v))
def test_split_for_heat_caption_whole_at_the_step_from_9_to_10_minutes(case, minutes):
    """Review turn 9 (chapter 10): the spike named once, one spelling of the minute, the blocked split's reason in
    words, and at 10 minutes the next split named as due after the run. The refused units against the closed forms."""
    e = hp.EXPLORABLES["split_for_heat"]
    data = e.data(case=case, minutes=minutes)
    caption = e.caption(data)
    assert caption == _no_break(_CAPTIONS[case, minutes])
    indivisible = case in (1, 3, 4)
    assert data["refused"] == pytest.approx(660 * 60 * minutes + (600 * (1_140 - 60 * minutes) if indivisible else 0))
    assert "after the spike" not in caption and "minute" not in caption


def _one_partition(
    keys: list[str], demand: list[float], seconds: int, hot_wcu: float, cool_keys: int, threshold: float = 0.5
) -> dict:
    """A :func:`hotpart.split_case`-shaped record of a one-partition on-demand table, splits after 1 minute above
    ``threshold`` of the ceiling, whose first key is one hot item of ``hot_wcu`` and the rest cool keys of 10 WCU/s:
    the caption's input."""
    res = hp.simulate(
        hp.Table(1),
        np.array(demand),
        seconds,
        keys=keys,
        mode=hp.OnDemand(previous_peak=20_000.0),
        split=hp.SplitForHeat(threshold=threshold, minutes=1),
    )
    return {
        "res": res,
        "refused": float(res.throttled.sum()),
        "case": 1,
        "hot_wcu": hot_wcu,
        "minutes": 1.0,
        "threshold": threshold,
        "start": 0,
        "hot_keys": 1,
        "cool_keys": cool_keys,
        "cool_wcu": 10.0,
        "items_per_key": 1,
        "indivisible": True,
    }


def test_split_for_heat_caption_writes_the_first_split_in_whole_minutes():
    """Review turn 6, 10.2: the caption said "the first 5.0 min" (the split's second, 299 s after the spike, over
    60); it now counts the minutes as the chapter's text does, to the split's effect, and writes them whole."""
    e = hp.EXPLORABLES["split_for_heat"]
    data = e.data()
    assert hp.split_summary(data)["first_split_min"] == hp.SPLIT_TRIGGER_MINUTES
    nb = "\u00a0"
    assert f"3{nb}splits, the first at {hp.SPLIT_TRIGGER_MINUTES:g}{nb}min." in e.caption(data)
    assert f"1{nb}split at 3{nb}min." in e.caption(e.data(case=0, minutes=3, hot_wcu=500))
    assert ".0 min" not in e.caption(e.data(case=2, minutes=7, hot_wcu=3_000))
    short = hp.split_case(0, 1_600, 2, seconds=120, start=59)  # 61 s after the spike: the run's minute, rounded
    assert f"at 1{nb}min, the end of the run" in e.caption(short)


def test_split_for_heat_caption_without_a_split_names_the_first_due_or_blocked():
    """No split in the run: the sentence starts with a capital and names the first split due after the run, or the
    one blocked (a partition holding nothing but one hot item), or nothing when no partition is hot."""
    e = hp.EXPLORABLES["split_for_heat"]
    nb = "\u00a0"
    late = e.caption(hp.split_case(0, 1_600, 30))  # hot from time 0, due 30 minutes in; the run ends at 19
    assert f"at once at time 0. No split; the first would be due at 30{nb}min, after the run. 4{nb}partitions" in late
    cool = e.caption(hp.split_case(0, 0.0, 1))  # nothing hot: nothing due
    assert f"at once at time 0. No split. 4{nb}partitions at 19{nb}min" in cool
    from hotpart.figures import split_for_heat

    # a blocked partition is never tried again: the hot item's, hot to the end, has no next split due
    assert split_for_heat._next_due_s(hp.split_case(1, 1_600, 5)) is None
    alone = _one_partition(["HOT"], [1_500.0], 240, 1_500.0, 0)
    assert f"No split; the one due at 1{nb}min is blocked (one item is never split)." in e.caption(alone)


def test_split_for_heat_caption_counts_the_cool_keys_the_split_moved_off_the_hot_key():
    """Review turn 9: "moves the cool keys off" held only because the hot key sorts last in its partition. The
    caption counts the cool keys the split moved, from the partitions' offered units either side of it: with the hot
    item in the middle of the hash order, the cut nearest half the traffic leaves some cool keys with it."""
    from hotpart.figures import split_for_heat

    assert split_for_heat._cool_keys_moved(hp.split_case(1, 1_600, 5)) == (6, 6)  # the chapter's: the hot key last
    assert split_for_heat._cool_keys_moved(hp.split_case(0, 1_600, 5)) is None  # divisible hot traffic: not counted
    # 3 cool keys before the hot item in hash order, 3 after
    cool = [f"C#{i}" for i in range(40)]
    pos = hp.partition_of([*cool, "HOT"], 2**62)
    below = [k for k, p in zip(cool, pos[:-1], strict=True) if p < pos[-1]][:3]
    above = [k for k, p in zip(cool, pos[:-1], strict=True) if p > pos[-1]][:3]
    assert len(below) == len(above) == 3
    data = _one_partition(["HOT", *below, *above], [900.0] + [10.0] * 6, 120, 900.0, 6)
    second, parent, child = data["res"].splits[0]
    # the key boundary nearest half of 960 WCU/s: 30 (before the hot item) ties with 930 (after it); the first is taken
    assert sorted(data["res"].offered[second + 1, [parent, child]].tolist()) == [30.0, 930.0]
    assert split_for_heat._cool_keys_moved(data) == (3, 6)
    # the same keys, 15 WCU/s on the hot item, splitting at 5% of the ceiling: either side (30, 45 WCU/s) could hold
    # it, so the caption says nothing of the cool keys; nor when the run ends with the split (nothing after it)
    faint = _one_partition(data["res"].keys, [15.0] + [10.0] * 6, 120, 15.0, 6, threshold=0.05)
    assert split_for_heat._cool_keys_moved(faint) is None and "cool keys" not in hp.EXPLORABLES["split_for_heat"].caption(faint)
    assert split_for_heat._cool_keys_moved(hp.split_case(1, 1_600, 5, seconds=360)) is None  # split in second 359
    # the hot side (930 WCU/s) splits again at 2 minutes, in the run's last second
    assert hp.EXPLORABLES["split_for_heat"].caption(data) == _no_break(
        "One hot item: 900 WCU/s arrives at once at time 0. 2 splits; the first, at 1 min, moves 3 of the 6 cool keys "
        "off the hot key's partition. 3 partitions at 2 min, the end of the run (dash-dotted lines: splits). Refused: "
        "0 WCU in all, 0 WCU/s still at the end."
    )


def test_split_for_heat_caption_keeps_each_number_with_its_word_and_acronyms_in_capitals():
    """Review turn 8: lines broke between "0" and "WCU/s", and "1" and "split"; "table with an lsi" (capitalize())."""
    e = hp.EXPLORABLES["split_for_heat"]
    for case in range(5):
        for minutes in (1, 9, 10):
            caption = e.caption(e.data(case=case, minutes=minutes))
            assert not re.search(r"\d [A-Za-z]", caption), caption
            assert caption[0].isupper()
    assert e.caption(e.data(case=3)).startswith("An item collection, table with an LSI: 1,600\u00a0WCU/s arrives")


# --- the explorables' update path ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["burst", "adaptive", "split_for_heat", "capacity_modes"])
def test_simulator_explorables_update_the_figure_they_drew(name):
    """Every simulator explorable declares update, and it keeps the figure and its axes (the pixel comparison
    is tests/test_explorables_pixels.py::test_an_updated_figure_is_pixel_identical_to_a_fresh_draw)."""
    e = hp.EXPLORABLES[name]
    assert e.update is not None
    fig = e.draw(e.data())
    ax = fig.axes[0]
    low = {c.name: c.low for c in e.controls}
    assert e.redraw(fig, e.data(**low)) is fig and fig.axes[0] is ax and len(fig.axes) == 1
