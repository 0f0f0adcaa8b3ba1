"""Chapter 15's cases (``hotpart/figures/diagnosis.py``), recomputed another way: the scenarios' raw simulation
results, closed forms, and the defining condition of each number."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp
from hotpart.figures import diagnosis


def test_remedy_rows_are_the_remedies_table():
    header, rows = hp.remedy_rows()
    assert header == ["row", "symptom", "remedy", "pitfall", "in 000's table"]
    assert [r[0] for r in rows] == list(hp.REMEDIES)
    for key, symptom, remedy, pitfall, in_source in rows:
        row = hp.REMEDIES[key]
        assert (symptom, remedy, pitfall) == (row.symptom, row.remedy, row.pitfall)
        assert in_source == ("yes" if row.in_source else "no (course)")
    _, source_rows = hp.remedy_rows(in_source_only=True)
    # another way: count 000's rows by hand
    assert len(source_rows) == len([k for k, r in hp.REMEDIES.items() if r.in_source]) > 0
    assert len(source_rows) < len(rows)
    with pytest.raises(ValueError, match="in_source_only"):
        hp.remedy_rows(in_source_only=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", list(hp.SCENARIOS))
def test_verdict_phrases_quote_the_diagnosis(name: str):
    d = hp.diagnose(hp.scenario(name).metrics)
    v = hp.verdict_phrases(d)
    f = d.findings[0]
    assert (v["row"], v["where"], v["share"], v["confidence"]) == (d.symptom, f.where, f"{f.share:.0%}", d.confidence)
    assert v["findings"] == str(len(d.findings)) and v["chapter"] == f.chapter
    for key, text in (("remedy", d.remedy), ("pitfall", d.pitfall), ("action", f.action)):
        assert v[key] == text[0].lower() + text[1:]
        assert v[key].lower() == text.lower()


def test_verdict_phrases_refuse_what_is_not_a_diagnosis():
    with pytest.raises(ValueError, match="diagnosis"):
        hp.verdict_phrases("short spike")  # type: ignore[arg-type]


def test_date_vs_device_case_against_todays_share():
    c = hp.date_vs_device_case(3_000.0, 10)
    # today's key carries its share, all of it on one partition; the other days are negligible
    assert c["date_max"] == pytest.approx(3_000.0 * c["today_share"], rel=1e-6)
    assert c["date_refused"] == pytest.approx(c["date_max"] - hp.PARTITION_MAX_WCU)
    # device IDs spread evenly: the busiest partition is at least the mean and far under the ceiling
    assert 3_000.0 / 10 <= c["device_max"] < hp.PARTITION_MAX_WCU
    # under the ceiling nothing is refused
    assert hp.date_vs_device_case(1_000.0, 10)["date_refused"] == 0.0
    with pytest.raises(ValueError, match="rate"):
        hp.date_vs_device_case(0.0, 10)
    with pytest.raises(ValueError, match="partitions"):
        hp.date_vs_device_case(3_000.0, 0)


@settings(max_examples=25, deadline=None)
@given(rate=st.floats(min_value=1.0, max_value=1e6))
def test_date_vs_device_case_scales_with_the_rate(rate: float):
    base, c = hp.date_vs_device_case(1.0, 10), hp.date_vs_device_case(rate, 10)
    assert c["date_max"] == pytest.approx(rate * base["date_max"])
    assert c["device_max"] == pytest.approx(rate * base["device_max"])
    assert c["date_refused"] == pytest.approx(max(rate * base["date_max"] - hp.PARTITION_MAX_WCU, 0.0), abs=1e-6)


def test_shard_count_case_is_the_least_count_that_keeps_the_busiest_shard_under_the_target():
    c = hp.shard_count_case(10_000.0)
    target = c["utilization"] * hp.PARTITION_MAX_WCU
    assert c["utilization"] == hp.SHARD_UTILIZATION
    # the defining condition, on the busiest shard
    assert hp.busiest_shard_bound(10_000.0, c["shards"]) <= target < hp.busiest_shard_bound(10_000.0, c["shards"] - 1)
    # the naive count by integer arithmetic: the least n with n x 800 >= 10,000
    assert c["naive"] == next(n for n in range(1, 100) if n * target >= 10_000.0) == 13
    assert c["more"] == c["shards"] - c["naive"] == 1
    with pytest.raises(ValueError, match="rate"):
        hp.shard_count_case(-1.0)


@settings(max_examples=25, deadline=None)
@given(rate=st.floats(min_value=1.0, max_value=1e5))
def test_shard_count_case_needs_at_least_the_average(rate: float):
    c = hp.shard_count_case(rate)
    assert c["shards"] >= c["naive"] >= 1
    assert c["naive"] == math.ceil(rate / (hp.SHARD_UTILIZATION * hp.PARTITION_MAX_WCU) - 1e-12)


def test_counter_case_against_the_partition_it_sits_on():
    c = hp.hot_counter_case()
    single = hp.scenario("single-key write concentration")
    res = single.result
    k = res.keys.index("COUNTER#2026-11-30")
    p = hp.partition_of("COUNTER#2026-11-30", res.partitions)
    # the key's served units are part of its partition's, which the ceiling caps
    assert c["served"] * res.seconds <= res.served[:, p].sum() + 1e-6
    assert c["served"] <= hp.PARTITION_MAX_WCU < c["offered"]
    # the key's offered units are part of its partition's, and the key's totals are the ones simulated
    assert c["offered"] * res.seconds <= res.offered[:, p].sum() + 1e-6
    assert (c["offered"] - c["served"]) * res.seconds == pytest.approx(float(res.key_throttled[:, k].sum()))
    # another way: the table's consumed capacity per second, divided by what is provisioned
    consumed = single.metrics["ConsumedWriteCapacityUnits"] / single.metrics.seconds_in_minute()
    assert c["peak_use"] == pytest.approx(float(consumed.max()) / c["table_wcu"])
    assert c["partitions"] == res.partitions == 8
    with pytest.raises(ValueError, match="key"):
        hp.hot_counter_case("NO#SUCH#KEY")


def test_gsi_read_case_every_throttled_query_is_a_throttled_request():
    c = hp.gsi_read_case()
    assert c["requests"] == c["throttled_queries"] == c["index_read_events"] > 0
    assert c["index_write_events"] == 0.0 and c["table_refused"] == 0.0
    assert c["diagnosis"].symptom == "GSI read throttling"
    assert c["table_refused"] == hp.diagnosis_claims()["gsi_read_table_refused"]


def test_diagnosis_claims_texts_join_the_names():
    c = hp.diagnosis_claims()
    for key in ("under_exceptions", "low_exceptions", "spike_alternatives"):
        assert c[f"{key}_text"] == ", ".join(c[key])
        assert c[f"{key}_text"].split(", ") == list(c[key]) or not c[key]


def test_symptom_to_remedy_declares_update():
    e = hp.EXPLORABLES["symptom_to_remedy"]
    assert e.update is diagnosis._update
    # an update from a scenario with an index to one without leaves no index line behind
    fig = e.draw(e.data(scenario=hp.SCENARIO_NAMES.index("GSI-only throttling")))
    e.redraw(fig, e.data(scenario=0))
    fresh = e.draw(e.data(scenario=0))
    for ax, ref in zip(fig.axes, fresh.axes, strict=True):
        assert [ln.get_label() for ln in ax.lines] == [ln.get_label() for ln in ref.lines]
        assert [t.get_text() for t in ax.get_legend().get_texts()] == [t.get_text() for t in ref.get_legend().get_texts()]
        assert np.array_equal(ax.get_xlim(), ref.get_xlim()) and ax.get_title() == ref.get_title()


# --- issue 37, round 3 review (chapter 15) -------------------------------------------------------


def test_exercise_two_previous_peak_is_the_highest_traffic_served():
    # F15-1: surges reach 5,000, so that is the previous peak; the yearly 20,000 is refused for one doubling
    case = hp.on_demand_surge_case(previous_peak=5_000.0, surge=20_000.0)
    assert case["ceiling_now"] == 10_000.0
    by_hand = (20_000.0 - 10_000.0) * hp.ON_DEMAND_DOUBLING_S  # 30 minutes at 10,000, then 20,000 is served
    assert case["refused_cold"] == pytest.approx(by_hand) == 18_000_000.0
    assert case["closed_form_min"] == pytest.approx(30.0) and case["minutes_throttled"] == 30


def test_past_double_scenario_starts_from_a_real_tables_floor():
    # F15-2: no on-demand table serves less than a new table's 4,000 WCU/s at once
    s = hp.scenario("past double the previous peak")
    peak = hp.ON_DEMAND_NEW_TABLE_PEAK["write"]
    offered = float(s.result.offered.sum()) / s.result.seconds
    assert offered > hp.on_demand_ceiling(peak) == 4_000.0
    assert float(s.result.throttled.sum()) == pytest.approx((offered - 4_000.0) * s.result.seconds)
    # evenly spread on 8 partitions: no partition is past its ceiling, so only the table-level peak refuses
    assert offered / s.result.partitions < hp.PARTITION_MAX_WCU
    assert hp.diagnose(s.metrics).symptom == "past double the previous peak"


def test_short_spike_says_whether_the_traffic_went_on():
    # F15-3: the same throttled minutes read as a possible split only when consumed capacity stays up after them
    import dataclasses

    m = hp.scenario("short spike").metrics
    d = hp.diagnose(m)
    assert d.symptom == "short spike" and "nothing was split" in d.why
    table = dict(m.table)
    consumed = np.asarray(table["ConsumedWriteCapacityUnits"], dtype=float)
    table["ConsumedWriteCapacityUnits"] = np.full_like(consumed, consumed.max())
    went_on = hp.diagnose(dataclasses.replace(m, table=table))
    assert went_on.symptom == "short spike" and "may mean DynamoDB has split" in went_on.why


def test_exercise_four_and_five_inputs_reproduce_the_answers():
    # F15-7: the busiest-shard bound decides 14, and proportional sharing with the neighbours gives the counter's share
    c = hp.shard_count_case(10_000.0)
    assert c["bound"] == pytest.approx(float(hp.busiest_shard_bound(10_000.0, c["shards"])))
    assert c["bound"] <= c["target"] == 800.0 < c["bound_fewer"]
    e5 = hp.hot_counter_case()
    assert e5["neighbours"] == pytest.approx(279.0)
    assert e5["served"] == pytest.approx(1_000.0 * e5["offered"] / (e5["offered"] + e5["neighbours"]), rel=1e-6)


def test_on_demand_peak_reason_metric_box_shows_a_value():
    # F15-6
    assert hp.ASSUMPTIONS["ON_DEMAND_PEAK_REASON_METRIC"].value == hp.ON_DEMAND_PEAK_REASON_METRIC != ""
