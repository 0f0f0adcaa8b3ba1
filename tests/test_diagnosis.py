"""From symptom to remedy (hotpart/models/diagnosis.py, hotpart/figures/diagnosis.py, chapter 15)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp
from hotpart.models.diagnosis import FEW_KEYS_SHARE, RULES

SOURCE_ROWS = ("low-cardinality key", "single-key write concentration", "short spike", "GSI-only throttling")
KEY_DESIGN_ROWS = ("low-cardinality key", "single-key write concentration", "single-key read concentration")
ON_DEMAND_ROWS = ("per-table quota reached", "maximum throughput reached", "past double the previous peak")

# the row, rule and confidence each canonical scenario must lead to (Contributor Insights on)
EXPECTED = {
    "low-cardinality key": ("5b", "high"),
    "single-key write concentration": ("5c", "high"),
    "short spike": ("3", "medium"),
    "GSI-only throttling": ("2a", "high"),
    "under-provisioned table": ("4a", "high"),
    "no throttling": ("1", "high"),
    "GSI read throttling": ("2b", "high"),
    "single-key read concentration": ("5c", "high"),
    "per-table quota reached": ("4b", "high"),
    "maximum throughput reached": ("4c", "high"),
    "past double the previous peak": ("4d", "medium"),
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
        "GSI read throttling": "index 'by-status': ReadThrottleEvents",
        "single-key read concentration": "PRODUCT#LAUNCH",
        "per-table quota reached": "WriteAccountLimitThrottleEvents",
        "maximum throughput reached": "WriteMaxOnDemandThroughputThrottleEvents",
        "past double the previous peak": "no reason metric accounts for",
    }[name]
    assert must in text


@pytest.mark.parametrize("name", KEY_DESIGN_ROWS)
def test_without_contributor_insights_the_key_rows_are_low_confidence_alternatives(name: str) -> None:
    d = hp.diagnose(hp.scenario(name, contributor_insights=False).metrics)
    assert d.symptom == "hot partition, key unknown"
    assert d.confidence == "low"
    assert d.rule == "5a"
    single = "single-key read concentration" if "read" in name else "single-key write concentration"
    assert set(d.alternatives) == {"low-cardinality key", single}


@pytest.mark.parametrize(
    "name",
    ["short spike", "GSI-only throttling", "GSI read throttling", "under-provisioned table", "no throttling", *ON_DEMAND_ROWS],
)
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


def _on_demand(mode: hp.OnDemand, rate: float = 400.0):
    """An on-demand table of 8 partitions offered ``rate`` WCU/s each (8 x 400 = 3,200 WCU/s, well under the ceilings)."""
    res = hp.simulate(hp.Table(8), [rate] * 8, 600, mode=mode)
    return res, hp.diagnose(hp.cloudwatch(res))


@pytest.mark.parametrize(
    ("mode", "reason", "row", "rule", "metric", "remedy_words"),
    [
        # quota 1,500 < 3,200 offered < 2 x the previous peak: refused above the per-table quota
        (
            hp.OnDemand(previous_peak=10_000, quota=1_500),
            "ON_DEMAND_QUOTA",
            "per-table quota reached",
            "4b",
            "WriteAccountLimitThrottleEvents",
            "Service Quotas",
        ),
        # a maximum of 2,000 set on the table
        (
            hp.OnDemand(previous_peak=10_000, max_throughput=2_000),
            "MAX_THROUGHPUT",
            "maximum throughput reached",
            "4c",
            "WriteMaxOnDemandThroughputThrottleEvents",
            "MaxWriteRequestUnits",
        ),
        # 3,200 offered against a previous peak of 1,000 (2,000 at once)
        (
            hp.OnDemand(previous_peak=1_000),
            "ON_DEMAND_PEAK",
            "past double the previous peak",
            "4d",
            "no reason metric accounts for",
            "warm throughput",
        ),
    ],
)
def test_on_demand_limits_get_their_own_rows_not_under_provisioned(mode, reason, row, rule, metric, remedy_words) -> None:
    """AWS's throttling guide: four reason families with different remedies. The old rule 4 called all three
    on-demand cases an under-provisioned table and prescribed raising provisioned capacity."""
    res, d = _on_demand(mode)
    codes = set(np.unique(res.reason[res.throttled > 0]).tolist())
    assert codes == {int(getattr(hp.Refusal, reason))}
    assert d.symptom == row and d.rule == rule
    assert d.symptom != "under-provisioned table" and "provisioned capacity" not in d.remedy
    assert remedy_words in d.remedy
    assert any(metric in e for e in d.evidence)


def test_past_double_the_peak_says_aws_documents_no_reason() -> None:
    res, d = _on_demand(hp.OnDemand(previous_peak=1_000))
    m = hp.cloudwatch(res)
    # none of the four reason metrics counts these refusals: only ThrottleEvents does
    reasons = (
        "WriteKeyRangeThroughputThrottleEvents",
        "WriteProvisionedThroughputThrottleEvents",
        "WriteMaxOnDemandThroughputThrottleEvents",
        "WriteAccountLimitThrottleEvents",
    )
    assert all(float(m[r].sum()) == 0 for r in reasons)
    assert float(m["WriteThrottleEvents"].sum()) > 0
    assert d.confidence == "medium"
    assert "without saying which" in hp.REMEDIES[d.symptom].symptom and "without naming its reason" in d.why


def test_index_reads_and_writes_get_distinct_diagnoses() -> None:
    """Only index writes push back onto the table; the old rule 2 called read throttling "write back-pressure"."""
    from hotpart.models.diagnosis import _status_of

    keys = [f"ORDER#{i:05d}" for i in range(2_000)]
    gsi = hp.GlobalSecondaryIndex("by-status", _status_of(2_000, 0.6), partitions=4, wcu=8_000, rcu=12_000)
    queries = {"by-status": [6_000.0 if v == "OPEN" else 500.0 for v in gsi.values]}
    res = hp.simulate_with_indexes(hp.Table(4, wcu=4_000), [0.5] * 2_000, 600, keys, [gsi], index_reads=queries)
    assert float(res.table.throttled.sum()) == 0  # the table's writes all pass
    d = hp.diagnose(hp.cloudwatch(res))
    assert d.symptom == "GSI read throttling" and d.rule == "2b"
    assert not any("back-pressure" in e and "write" in e and "not" not in e for e in d.evidence)
    assert "does not hold back the table's writes" in d.pitfall
    w = hp.diagnose(hp.scenario("GSI-only throttling").metrics)
    assert (w.symptom, w.rule) == ("GSI-only throttling", "2a")
    assert any("write back-pressure" in e for e in w.evidence)
    assert w.remedy != d.remedy


def test_a_key_hot_for_reads_gets_a_cache_not_write_sharding() -> None:
    keys = [f"USER#{i:05d}" for i in range(2_000)] + ["PRODUCT#LAUNCH"]
    res = hp.simulate(hp.Table(8, rcu=16_000), [1.0] * 2_000 + [4_500.0], 600, kind="read", keys=keys)
    d = hp.diagnose(hp.cloudwatch(res, top_k=10))
    assert d.symptom == "single-key read concentration" and d.rule == "5c"
    assert "DAX" in d.remedy and "cache" in d.remedy and "sharding" not in d.remedy
    assert hp.REMEDIES["single-key write concentration"].remedy != d.remedy


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
        (lambda m: hp.diagnose(m, few_keys=0), "few_keys"),
        (lambda m: hp.scenario("GSI read throttling", open_share=1.5), "open_share"),
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
    from hotpart.figures.diagnosis import CAPACITY_YMAX, EVENTS_YLIM

    e = hp.EXPLORABLES["symptom_to_remedy"]
    for code in range(len(hp.SCENARIO_NAMES)):
        for minutes in (5, 60):
            d = e.data(scenario=code, minutes=minutes)
            assert d["consumed"].max() < CAPACITY_YMAX and d["provisioned"].max() < CAPACITY_YMAX
            for k in ("keyrange", "provisioned_events", "index", "requests"):
                assert d[k].max() < EVENTS_YLIM[1] / 100


def test_an_index_short_of_its_own_capacity_says_so_in_the_evidence() -> None:
    """An index throttled by its provisioned capacity, not a hot key: the evidence names the index's capacity."""
    keys = [f"ORDER#{i:05d}" for i in range(2_000)]
    dates = [f"DAY#{i % 50:02d}" for i in range(2_000)]  # 50 values: no index partition above its ceiling
    gsi = hp.GlobalSecondaryIndex("by-date", dates, partitions=8, wcu=1_000)
    res = hp.simulate_with_indexes(hp.Table(4, wcu=4_000), [1.0] * 2_000, 600, keys, [gsi])
    d = hp.diagnose(hp.cloudwatch(res))
    assert (d.symptom, d.rule) == ("GSI-only throttling", "2a")
    assert any("WriteProvisionedThroughputThrottleEvents" in e and "provisioned capacity is short" in e for e in d.evidence)
    assert not any("an index partition is hot" in e for e in d.evidence)


def test_spread_key_range_throttling_on_demand_does_not_pretend_there_is_capacity_to_raise() -> None:
    keys = [f"K{i:04d}" for i in range(1_000)]
    res = hp.simulate(hp.Table(4), [6.0] * 1_000, 600, keys=keys, mode=hp.OnDemand(previous_peak=20_000))
    d = hp.diagnose(hp.cloudwatch(res, top_k=10))
    assert (d.symptom, d.rule, d.confidence) == ("under-provisioned table", "5e", "low")
    assert any("no provisioned capacity to raise" in e for e in d.evidence)


# --- hard edges (issue 15) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"spike_minutes": 1e300}, r"^spike_minutes = 1e\+300 is out of range"),
        ({"spike_minutes": "abc"}, r"^spike_minutes = 'abc'"),
        ({"one_key": float("nan")}, r"^one_key = nan"),
    ],
)
def test_edge_diagnose_refuses_bad_thresholds_by_name(kwargs, message) -> None:
    with pytest.raises(ValueError, match=message):
        hp.diagnose(hp.scenario(next(iter(hp.SCENARIOS))).metrics, **kwargs)


@pytest.mark.parametrize("bad", [None, 1e300, float("inf")])
def test_edge_scenario_refuses_bad_minutes_by_name(bad) -> None:
    with pytest.raises(ValueError, match=r"^minutes = "):
        hp.scenario(next(iter(hp.SCENARIOS)), minutes=bad)


# --- issue 39: inputs checked before the cache ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [({"batch_size": [1, 2]}, "batch_size"), ({"minutes": [5, 6]}, "minutes"), ({"gsi_fraction": [0.5, 1.0]}, "gsi_fraction")],
)
def test_diagnosis_case_refuses_a_list_by_name_before_its_cache(kwargs, named) -> None:
    with pytest.raises(ValueError, match=rf"^{named} = \[.*\] is a list, not a number"):
        hp.diagnosis_case("short spike", **kwargs)


def test_diagnosis_case_remembers_one_case_for_equal_inputs() -> None:
    a = hp.diagnosis_case("short spike", batch_size=1, minutes=10)
    assert hp.diagnosis_case("short spike", batch_size=1.0, minutes=np.int64(10)) is a
    assert a["batch_size"] == 1 and isinstance(a["minutes"], int)
    with pytest.raises(ValueError, match=r"^name = \['short spike'\] is not allowed"):
        hp.diagnosis_case(["short spike"])
