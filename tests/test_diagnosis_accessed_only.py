"""Contributor Insights with its most-accessed report only (the most-throttled rule off, or not fetched): the
diagnosis names a hot key from the key's own consumption against a partition's ceiling, or from its share of the traffic
while the table throttles, and says which report would settle it. The exports are AWS's formats, written by
`hp.simulated_exports` and read back as `hotpart diagnose` reads a user's files: the most-accessed report counts what
each key consumed (AWS's ConsumedThroughputUnits), never more than its partition serves, so a hot key beside busy
neighbours shows less than the ceiling (the simulator shares a partition's ceiling among its keys in proportion to what
each is offered, hp.ASSUMPTIONS["KEY_REFUSAL_SHARE"])."""

from __future__ import annotations

import pytest

import hotpart as hp

KEYS = [f"K{i:04d}" for i in range(1_000)]
NONE_NAMED = "no key consumes 90% of a partition's 1,000 WCU/s or carries 50% of the traffic"


def _files(demand: list[float]) -> dict:
    return hp.simulated_exports(hp.simulate(hp.Table(4, wcu=4_000), demand, 600, keys=KEYS))


def _accessed_only(demand: list[float], *, throttled: bool = False) -> hp.Finding:
    files = _files(demand)
    m = hp.read_metric_data(
        files["metrics.json"],
        files["queries.json"],
        insights=[files["insights-accessed.json"]],
        throttled_keys=[files["insights-throttled.json"]] if throttled else None,
        description=files["table.json"],
    )
    (f,) = hp.diagnose(m).findings
    return f


def _hot_points(demand: list[float]) -> list[float]:
    """K0999's one-minute ConsumedThroughputUnits in the exported most-accessed report."""
    doc = _files(demand)["insights-accessed.json"]
    (hot,) = [c for c in doc["Contributors"] if c["Keys"] == ["K0999"]]
    return [p["ApproximateValue"] for p in hot["Datapoints"]]


def test_a_key_at_a_partitions_ceiling_is_a_hot_key_with_high_confidence():
    # K0999 offered 1,500 WCU/s beside neighbours at 0.1 WCU/s each: its partition serves 1,000 and K0999 consumes
    # 986 of them (its share of what the partition is offered), at least 90% of the ceiling
    f = _accessed_only([0.1] * 999 + [1_500.0])
    assert (f.row, f.cause, f.key, f.confidence) == ("single-key write concentration", "hot key", "K0999", "high")
    assert any("'K0999' at 986 WCU/s in its busiest minute" in e for e in f.evidence)
    assert any("a partition's worth of traffic on one key" in e for e in f.evidence)
    assert any(m.startswith("the most-throttled report of the table") for m in f.missing)
    # sized from what the report shows: at least its consumption, never the 1,500 it is offered
    assert f.numbers["rate"] == pytest.approx(986.3, abs=0.1) and f.numbers["shards"] == 2


def test_the_exported_most_accessed_report_holds_consumed_units_capped_at_the_ceiling():
    # K0999 alone is offered 1,500 WCU/s, 270,000 ConsumedThroughputUnits a minute, which no real report can hold:
    # the report shows what it consumed, 3 x 1,000 x 60 = 180,000 a minute at most (AWS's per-item maximum)
    alone = _hot_points([0.0] * 999 + [1_500.0])
    assert alone == pytest.approx([180_000.0] * 10)
    # beside neighbours it consumes less than the ceiling: its share of what its partition is offered
    assert max(_hot_points([1.0] * 999 + [1_500.0])) < 0.9 * 180_000.0


@pytest.mark.parametrize(("rate", "share"), [(870.0, "51%"), (900.0, "52%")])
def test_below_the_ceiling_a_key_is_named_by_its_share_with_medium_confidence(rate, share):
    # K0999's partition (its 249 neighbours add about 200 WCU/s) throttles, so K0999 consumes about 840 WCU/s, under
    # 90% of a partition's 1,000 WCU/s whether it is offered 870 or 900 (offered 900 used to read as 90% exactly:
    # a real report shows what it consumed), but it carries more than half the traffic while the table throttles
    f = _accessed_only([0.8] * 999 + [rate])
    assert (f.cause, f.key, f.confidence) == ("hot key", "K0999", "medium")
    assert f.alternatives == ("low-cardinality key",)
    assert any(f"{share} of the traffic counted while the table throttles" in e for e in f.evidence)


def test_a_hot_key_beside_busy_neighbours_needs_the_most_throttled_report():
    # K0999 offered 1,500 WCU/s beside about 210 neighbours at 1 WCU/s: it consumes 878 WCU/s, under 90% of the
    # ceiling, and 49% of the traffic, under half: the most-accessed report alone names no key, and says so by the
    # thresholds it missed, with the report that would settle it
    demand = [1.0] * 999 + [1_500.0]
    f = _accessed_only(demand)
    assert (f.cause, f.key, f.confidence) == ("key unknown", "", "low")
    assert any("'K0999' at 878 WCU/s in its busiest minute" in e and "49% of the traffic" in e for e in f.evidence)
    assert f.evidence[-1] == NONE_NAMED and f.why == f"{NONE_NAMED} in the most-accessed report"
    assert any(m.startswith("the most-throttled report of the table") for m in f.missing)
    # with it, the key is named, and its rate is what it consumed plus its refused requests: the 1,500 it is offered
    g = _accessed_only(demand, throttled=True)
    assert (g.row, g.key, g.confidence) == ("single-key write concentration", "K0999", "high")
    assert g.numbers["rate"] == pytest.approx(1_500.0) and g.numbers["shards"] == 2
    assert "it is offered at least 1,500 WCU/s" in g.action


def test_even_throttling_over_many_keys_names_no_key():
    f = _accessed_only([6.0] * 1_000)
    assert (f.cause, f.key, f.confidence) == ("key unknown", "", "low")
    assert NONE_NAMED in f.evidence
