"""From symptom to remedy (hotpart/_diagnosis.py, hotpart/_diagnosis_view.py, chapter 15)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp
from hotpart._diagnosis import FEW_KEYS_SHARE, RULES

SOURCE_ROWS = ("low-cardinality key", "single-key write concentration", "short spike", "GSI-only throttling")
KEY_DESIGN_ROWS = ("low-cardinality key", "single-key write concentration")

# the row, rule and confidence each canonical scenario must lead to (Contributor Insights on)
EXPECTED = {
    "low-cardinality key": ("5b", "high"),
    "single-key write concentration": ("5c", "high"),
    "short spike": ("3", "medium"),
    "GSI-only throttling": ("2", "high"),
    "under-provisioned table": ("4", "high"),
    "no throttling": ("1", "high"),
}


def test_remedies_hold_the_source_table_and_the_course_rows() -> None:
    assert tuple(k for k, r in hp.REMEDIES.items() if r.in_source) == SOURCE_ROWS
    assert set(hp.SCENARIOS) <= set(hp.REMEDIES)
    assert hp.REMEDIES["single-key write concentration"].remedy == "Widen the key space with write sharding"
    assert "exponential backoff" in hp.REMEDIES["short spike"].remedy
    assert "base table" in hp.REMEDIES["GSI-only throttling"].pitfall
    # every row a rule can choose exists
    assert {r[3] for r in RULES} <= set(hp.REMEDIES)


@pytest.mark.parametrize("name", list(hp.SCENARIOS))
def test_each_canonical_scenario_gets_its_row(name: str) -> None:
    s = hp.scenario(name)
    assert s.expected == name
    d = hp.diagnose(s.metrics)
    rule, confidence = EXPECTED[name]
    assert (d.symptom, d.rule, d.confidence) == (name, rule, confidence)
    assert d.remedy == hp.REMEDIES[name].remedy and d.pitfall == hp.REMEDIES[name].pitfall
    assert d.evidence and all(isinstance(e, str) and e for e in d.evidence)
    assert name in d.explain()


@pytest.mark.parametrize("name", list(hp.SCENARIOS))
def test_the_evidence_names_the_metric_that_decided(name: str) -> None:
    d = hp.diagnose(hp.scenario(name).metrics)
    text = " ".join(d.evidence)
    must = {
        "low-cardinality key": "WriteKeyRangeThroughputThrottleEvents",
        "single-key write concentration": "COUNTER#2026-11-30",
        "short spike": "minutes 6 to 7 of 10",
        "GSI-only throttling": "index 'by-status'",
        "under-provisioned table": "WriteProvisionedThroughputThrottleEvents",
        "no throttling": "no throttle events",
    }[name]
    assert must in text


@pytest.mark.parametrize("name", KEY_DESIGN_ROWS)
def test_without_contributor_insights_the_key_rows_are_low_confidence_alternatives(name: str) -> None:
    d = hp.diagnose(hp.scenario(name, contributor_insights=False).metrics)
    assert d.symptom == "hot partition, key unknown"
    assert d.confidence == "low"
    assert d.rule == "5a"
    assert set(d.alternatives) == set(KEY_DESIGN_ROWS)


@pytest.mark.parametrize("name", ["short spike", "GSI-only throttling", "under-provisioned table", "no throttling"])
def test_rows_that_need_no_key_do_not_depend_on_contributor_insights(name: str) -> None:
    on = hp.diagnose(hp.scenario(name).metrics)
    off = hp.diagnose(hp.scenario(name, contributor_insights=False).metrics)
    assert (on.symptom, on.confidence) == (off.symptom, off.confidence)


def test_under_provisioned_is_told_apart_from_a_hot_partition() -> None:
    """001: frequent ProvisionedThroughputExceededException is not always a hot partition."""
    under = hp.scenario("under-provisioned table")
    hot = hp.scenario("low-cardinality key")
    for s in (under, hot):  # both throttle every minute, with the same exception in provisioned mode
        assert np.all(s.metrics["WriteThrottleEvents"] > 0)
        assert set(s.result.throttled_by_exception()) == {hp.THROTTLE_EXCEPTION["provisioned"]}
    assert hp.diagnose(under.metrics).symptom == "under-provisioned table"
    assert hp.diagnose(hot.metrics).symptom == "low-cardinality key"


@settings(max_examples=12, deadline=None)
@given(fraction=st.floats(0.0, 0.3), minutes=st.integers(5, 20))
def test_sparse_index_fix_stops_the_gsi_throttling(fraction: float, minutes: int) -> None:
    s = hp.scenario("GSI-only throttling", gsi_fraction=fraction, minutes=minutes)
    assert s.expected == "no throttling"
    m = s.metrics
    counts = [m["ThrottledRequests"]] + [v for k, v in m.table.items() if k.endswith("ThrottleEvents")]
    counts += [v for i in m.indexes.values() for k, v in i.items() if k.endswith("ThrottleEvents")]
    assert sum(float(c.sum()) for c in counts) == 0  # no event on the table or the index, no throttled request
    assert hp.diagnose(s.metrics).symptom == "no throttling"


def test_dense_gsi_throttles_and_the_expected_row_follows_the_fraction() -> None:
    assert hp.scenario("GSI-only throttling", gsi_fraction=1.0).expected == "GSI-only throttling"
    assert hp.scenario("GSI-only throttling", gsi_fraction=0.0).expected == "no throttling"


@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(list(hp.SCENARIOS)),
    minutes=st.integers(5, 60),
    batch=st.integers(1, 25),
    fraction=st.floats(0.0, 1.0),
    insights=st.booleans(),
)
def test_diagnose_never_raises_and_matches_the_scenario(
    name: str, minutes: int, batch: int, fraction: float, insights: bool
) -> None:
    s = hp.scenario(name, minutes=minutes, batch_size=batch, gsi_fraction=fraction, contributor_insights=insights)
    d = hp.diagnose(s.metrics)
    assert d.symptom in hp.REMEDIES and d.confidence in ("high", "medium", "low")
    if insights or s.expected not in KEY_DESIGN_ROWS:
        assert d.symptom == s.expected
    else:
        assert d.symptom == "hot partition, key unknown" and s.expected in d.alternatives
    # the batch size changes only ThrottledRequests, never the row
    assert (
        hp.diagnose(hp.scenario(name, minutes=minutes, gsi_fraction=fraction, contributor_insights=insights).metrics).symptom
        == d.symptom
    )


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(list(hp.SCENARIOS)),
    minutes=st.integers(5, 30),
    spike=st.integers(1, 59),
)
def test_raising_spike_minutes_never_turns_a_short_spike_into_something_else(name: str, minutes: int, spike: int) -> None:
    m = hp.scenario(name, minutes=minutes).metrics
    if hp.diagnose(m, spike_minutes=spike).symptom == "short spike":
        assert hp.diagnose(m, spike_minutes=spike + 1).symptom == "short spike"


def test_spike_threshold_has_its_edge_at_the_spike_length() -> None:
    m = hp.scenario("short spike").metrics  # throttled in two one-minute data points
    assert hp.diagnose(m, spike_minutes=2).symptom == "short spike"
    assert hp.diagnose(m, spike_minutes=1).symptom != "short spike"
    # a table throttled every minute is never a spike, however long a spike may be
    assert hp.diagnose(hp.scenario("under-provisioned table").metrics, spike_minutes=60).symptom == "under-provisioned table"


@pytest.mark.parametrize("share", [0.5, 0.8, 0.9, 0.99, 1.0])
def test_key_thresholds_are_monotone(share: float) -> None:
    lowcard = hp.scenario("low-cardinality key").metrics  # the 4 keys carry all the traffic
    single = hp.scenario("single-key write concentration").metrics
    assert hp.diagnose(lowcard, small_key_space=share).symptom == "low-cardinality key"
    # lowering the bar for one key never loses a single-key verdict; raising it past the key's share does
    top1 = float(np.mean([tk.throttled_share(1) for tk in single.top if tk.total_throttled > 0]))
    verdict = hp.diagnose(single, one_key=share).symptom
    assert (verdict == "single-key write concentration") == (share <= top1)
    if share > top1:
        assert verdict == "low-cardinality key"  # the few throttled keys still carry most of it (rule 5d)


def test_throttling_spread_over_many_keys_reads_as_under_provisioned() -> None:
    keys = [f"K{i:04d}" for i in range(1_000)]
    res = hp.simulate(hp.Table(4, wcu=4_000), [6.0] * 1_000, 600, keys=keys)  # every partition above its ceiling
    m = hp.cloudwatch(res, top_k=10)
    assert m["WriteKeyRangeThroughputThrottleEvents"].sum() > m["WriteProvisionedThroughputThrottleEvents"].sum()
    d = hp.diagnose(m)
    assert (d.symptom, d.rule, d.confidence) == ("under-provisioned table", "5e", "medium")
    top = float(np.mean([tk.throttled_share(10) for tk in m.top if tk.total_throttled > 0]))
    assert top < FEW_KEYS_SHARE


def test_on_demand_limits_count_as_table_level() -> None:
    mode = hp.OnDemand(previous_peak=1_000, quota=1_500)
    res = hp.simulate(hp.Table(8), [400] * 8, 600, mode=mode)
    d = hp.diagnose(hp.cloudwatch(res))
    assert (d.symptom, d.rule) == ("under-provisioned table", "4")
    assert any("WriteAccountLimitThrottleEvents" in e for e in d.evidence)


def test_batch_trap_is_named_in_the_evidence() -> None:
    d = hp.diagnose(hp.scenario("single-key write concentration", batch_size=25).metrics)
    assert any("ThrottledRequests is only 0" in e for e in d.evidence)
    assert not any(
        "ThrottledRequests is only" in e for e in hp.diagnose(hp.scenario("single-key write concentration").metrics).evidence
    )


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda m: hp.diagnose("nope"), "metrics"),
        (lambda m: hp.diagnose(m, spike_minutes=0), "spike_minutes"),
        (lambda m: hp.diagnose(m, spike_minutes=61), "spike_minutes"),
        (lambda m: hp.diagnose(m, small_key_space=0), "small_key_space"),
        (lambda m: hp.diagnose(m, small_key_space=1.5), "small_key_space"),
        (lambda m: hp.diagnose(m, one_key=0), "one_key"),
        (lambda m: hp.diagnose(m, one_key=float("nan")), "one_key"),
        (lambda m: hp.scenario("hot"), "name"),
        (lambda m: hp.scenario("short spike", minutes=4), "minutes"),
        (lambda m: hp.scenario("short spike", minutes=61), "minutes"),
        (lambda m: hp.scenario("short spike", batch_size=26), "batch_size"),
        (lambda m: hp.scenario("short spike", gsi_fraction=1.5), "gsi_fraction"),
        (lambda m: hp.scenario("short spike", contributor_insights="yes"), "contributor_insights"),
        (lambda m: hp.Diagnosis("bogus", "", "", (), "high", ""), "symptom"),
        (lambda m: hp.Diagnosis("short spike", "", "", (), "sure", ""), "confidence"),
    ],
)
def test_validation_names_the_parameter(call, name: str) -> None:
    m = hp.scenario("no throttling").metrics
    with pytest.raises(ValueError, match=rf"^{name} = "):
        call(m)


def test_explorable_caption_carries_the_diagnosis() -> None:
    e = hp.EXPLORABLES["symptom_to_remedy"]
    for code, name in enumerate(hp.SCENARIO_NAMES):
        data = e.data(scenario=code)
        cap = e.caption(data)
        assert data["diagnosis"].symptom == name
        assert "as expected" in cap and hp.REMEDIES[name].remedy in cap
    off = e.caption(e.data(scenario=hp.SCENARIO_NAMES.index("low-cardinality key"), insights=0))
    assert "Confidence low" in off and "Not ruled out" in off


def test_explorable_axis_limits_do_not_depend_on_static_controls() -> None:
    e = hp.EXPLORABLES["symptom_to_remedy"]
    limits = set()
    for code in range(len(hp.SCENARIO_NAMES)):
        for ci in (0, 1):
            fig = e.draw(e.data(scenario=code, insights=ci))
            limits.add(tuple(tuple(ax.get_ylim()) + tuple(ax.get_xlim()) for ax in fig.axes))
    assert len(limits) == 1


def test_explorable_data_stays_inside_the_fixed_limits() -> None:
    from hotpart._diagnosis_view import CAPACITY_YMAX, EVENTS_YLIM

    e = hp.EXPLORABLES["symptom_to_remedy"]
    for code in range(len(hp.SCENARIO_NAMES)):
        for minutes in (5, 60):
            d = e.data(scenario=code, minutes=minutes)
            assert d["consumed"].max() < CAPACITY_YMAX and d["provisioned"].max() < CAPACITY_YMAX
            for k in ("keyrange", "provisioned_events", "index", "requests"):
                assert d[k].max() < EVENTS_YLIM[1] / 100
