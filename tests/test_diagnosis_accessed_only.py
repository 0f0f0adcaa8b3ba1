"""Contributor Insights with its most-accessed report only (the most-throttled rule off, or not fetched): the
diagnosis names a hot key from the key's own rate against a partition's ceiling, or from its share of the traffic
while the table throttles, and says which report would settle it. The exports are AWS's formats, written by
`hp.simulated_exports` and read back as `hotpart diagnose` reads a user's files."""

from __future__ import annotations

import pytest

import hotpart as hp

KEYS = [f"K{i:04d}" for i in range(1_000)]


def _accessed_only(demand: list[float]) -> hp.Finding:
    res = hp.simulate(hp.Table(4, wcu=4_000), demand, 600, keys=KEYS)
    files = hp.simulated_exports(res)
    m = hp.read_metric_data(
        files["metrics.json"], files["queries.json"], insights=[files["insights-accessed.json"]], description=files["table.json"]
    )
    (f,) = hp.diagnose(m).findings
    return f


def test_a_key_at_a_partitions_worth_of_traffic_is_a_hot_key_with_high_confidence():
    f = _accessed_only([1.0] * 999 + [1_500.0])
    assert (f.row, f.cause, f.key, f.confidence) == ("single-key write concentration", "hot key", "K0999", "high")
    assert any("'K0999' at 1,500 WCU/s in its busiest minute" in e for e in f.evidence)
    assert any("a partition's worth of traffic on one key" in e for e in f.evidence)
    assert any(m.startswith("the most-throttled report of the table") for m in f.missing)


@pytest.mark.parametrize(("rate", "confidence"), [(870.0, "medium"), (900.0, "high")])
def test_below_the_ceiling_a_key_is_named_by_its_share_with_medium_confidence(rate, confidence):
    # 870 WCU/s is below 90% of a partition's 1,000 WCU/s (the at-capacity threshold, at 900 exactly: high), but
    # the key carries more than half the traffic while its partition (its 249 neighbours add about 200 WCU/s) throttles
    f = _accessed_only([0.8] * 999 + [rate])
    assert (f.cause, f.key, f.confidence) == ("hot key", "K0999", confidence)
    if confidence == "medium":
        assert f.alternatives == ("low-cardinality key",)
        assert any("52% of the traffic counted while the table throttles" in e for e in f.evidence)


def test_even_throttling_over_many_keys_names_no_key():
    f = _accessed_only([6.0] * 1_000)
    assert (f.cause, f.key, f.confidence) == ("key unknown", "", "low")
    assert "no key stands out" in f.evidence
