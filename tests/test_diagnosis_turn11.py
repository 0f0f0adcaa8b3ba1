"""What the diagnosis says where the mutation helpers of issue 49 found it saying too much or too little (2026-12-07).

- An on-demand table whose growth is unknown: :func:`_inferred` and :func:`_key_range_finding` both named the growth
  past the previous peak, so its sentence stood twice in the evidence.
- A hot key whose reads the reports show under the 2,400 RCU/s a cache must bring them down to: the remedy said the
  cache "must serve at least 0%" of them; a lower bound cannot size the cache.
- A small key space of reads cited "chapter 5, write sharding" with no sharding in its remedy.

Every expected number is worked out in the comment beside it.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from evidence_factory import evidence

import hotpart as hp
from hotpart.models._readings import _cache_words

GROWTH_UNKNOWN = "the export starts already throttling, so the growth into it is not in the data"


def _on_demand_hot_key_without_reasons() -> hp.Finding:
    # an on-demand table's writes: 600 throttle events in each of minutes 0-4, no reason metric exported, 6,000 WCU
    # consumed a minute; the most-throttled report names 'hot' with all 600: growth unknown (the export starts in it)
    s = hp.ScopeEvidence("", "Write", np.array([600.0] * 5 + [0.0]), True, {}, np.array([6_000.0] * 5 + [0.0]))
    top = tuple(hp.TopKeys(m, (), (("hot", 600.0),), 0.0, 600.0) for m in range(5))
    rep = hp.KeyReport(top, accessed=False, throttled=True, weighted=True)
    (f,) = hp.find_causes(dataclasses.replace(evidence([s], {"": rep}), mode="on-demand"))
    return f


def test_an_unknown_growth_is_named_once_in_the_evidence_and_the_alternatives():
    f = _on_demand_hot_key_without_reasons()
    assert f.key == "hot"
    assert sum(GROWTH_UNKNOWN in line for line in f.evidence) == 1
    assert len(set(f.evidence)) == len(f.evidence)
    assert f.alternatives.count("past double the previous peak") == 1


@pytest.mark.parametrize(("rate", "served"), [(2_400.0, None), (2_400.0 + 1e-9, "0%"), (4_800.0, "50%")])
def test_a_cache_is_sized_only_from_a_rate_above_what_it_must_bring_the_reads_to(rate, served):
    # 80% of 3,000 RCU/s = 2,400: at 4,800 the cache must serve 1 - 2,400 / 4,800 = 50%; just above 2,400 a share
    # rounds to 0% but is above zero, and is still given; at 2,400 exactly nothing is to be served, and the bound
    # cannot size the cache
    s = hp.ScopeEvidence("", "Read", np.array([1.0]), True, {})
    words, _, nums = _cache_words(s, "hot", rate)
    if served is None:
        assert nums["hit_ratio"] == 0.0
        assert "the cache must serve at least" not in words
        assert "the reports show at least 2,400 RCU/s, already under the 2,400 RCU/s (80% of a partition's 3,000)" in words
        assert "size the share it must serve from the key's offered reads (a log of its requests, chapter 16)" in words
    else:
        assert f"so the cache must serve at least {served} of them" in words
        assert nums["hit_ratio"] == pytest.approx(1.0 - 2_400.0 / rate)


@pytest.mark.parametrize(
    ("kind", "chapter"), [("Read", "chapter 2, key designs"), ("Write", "chapter 2, key designs; chapter 5, write sharding")]
)
def test_a_small_key_space_cites_write_sharding_only_where_its_remedy_shards(kind, chapter):
    # 3 keys listed, the whole key space (ApproximateUniqueCount 3): a small key space; for writes the remedy shards
    # the busiest key if it must stay, for reads it only moves the key
    s = hp.ScopeEvidence(
        "", kind, np.array([600.0] * 5 + [0.0]), True, {"KeyRangeThroughputThrottleEvents": np.array([600.0] * 5 + [0.0])}
    )
    listed = (("a", 60_000.0), ("b", 30_000.0), ("c", 10_000.0))
    top = tuple(hp.TopKeys(m, listed, (), 100_000.0, 0.0) for m in range(5))
    rep = hp.KeyReport(top, accessed=True, throttled=False, weighted=True, unique_accessed=3.0, listed_accessed=3)
    (f,) = hp.find_causes(evidence([s], {"": rep}))
    assert f.cause == "small key space"
    assert f.chapter == chapter
    assert ("if the key must stay, write-shard" in f.action) == (kind == "Write")


def test_reason_metrics_without_their_throttle_events_still_make_the_finding(tmp_path):
    # the corpus' 05-reasons-hot-key export with its WriteThrottleEvents left out: the reason metrics add up to a
    # lower bound of the events (every throttle event carries one reason): 105,000 key-range events over 25 minutes.
    # Without the sum, the table's writes had no events and the throttled requests read as 'GSI-only throttling'.
    import json
    from pathlib import Path

    from hotpart.models.observed import read_metric_data

    folder = Path(__file__).parent / "fixtures" / "exports" / "05-reasons-hot-key"
    export = json.loads((folder / "metrics.json").read_text())
    export["MetricDataResults"] = [r for r in export["MetricDataResults"] if r["Label"] != "WriteThrottleEvents"]
    (tmp_path / "metrics.json").write_text(json.dumps(export))
    m = read_metric_data(tmp_path / "metrics.json", folder / "queries.json")
    d = hp.diagnose(m)
    assert d.summary() == "One cause, of the 105,000 throttle events: hot partition, key unknown on the table's writes (100%)."
    assert d.notes[-1] == (
        "WriteThrottleEvents was not exported: the sum of its reason metrics stands for it, a lower bound (every "
        "throttle event carries one reason); export it to count them all"
    )


def _without(folder: str, labels: set[str], tmp_path, edit=None):
    """A corpus export read as a user's, with the metrics ``labels`` left out (``edit`` may change the rest)."""
    import json
    from pathlib import Path

    from hotpart.models.observed import read_metric_data

    src = Path(__file__).parent / "fixtures" / "exports" / folder
    export = json.loads((src / "metrics.json").read_text())
    export["MetricDataResults"] = [r for r in export["MetricDataResults"] if r["Label"] not in labels]
    if edit is not None:
        edit(export["MetricDataResults"])
    (tmp_path / "metrics.json").write_text(json.dumps(export))
    return read_metric_data(tmp_path / "metrics.json", src / "queries.json")


def test_an_indexs_events_are_its_own_reasons_summed_minute_by_minute(tmp_path):
    # 09-gsi-hot-key without 'status-index WriteThrottleEvents' (the table's is still there): the index's events,
    # minute by minute, are its two reason metrics added up, not the table's metric's presence nor one grand total
    from hotpart.models.evidence import gather_evidence

    m = _without("09-gsi-hot-key", {"status-index WriteThrottleEvents"}, tmp_path)
    ev = gather_evidence(m)
    idx = ev.scope("status-index", "Write")
    assert idx is not None and not idx.events_exported
    want = sum(idx.reasons.values())
    assert idx.events.shape == (ev.minutes,)
    assert idx.events.tolist() == want.tolist()
    assert float(idx.events.sum()) > 0


@pytest.mark.parametrize(("count", "noted"), [(0.0, False), (1.0, True)])
def test_the_note_on_missing_throttle_events_needs_one_event_from_the_reasons(tmp_path, count, noted):
    # 05-reasons-hot-key without WriteThrottleEvents, its key-range metric set to `count` in one minute and 0 elsewhere
    # (the other reasons have no data points): one event is enough for the note, none is nothing to note
    def edit(results):
        for r in results:
            if r["Label"] == "WriteKeyRangeThroughputThrottleEvents":
                r["Values"] = [count] + [0.0] * (len(r["Values"]) - 1)

    d = hp.diagnose(_without("05-reasons-hot-key", {"WriteThrottleEvents"}, tmp_path, edit))
    assert any("WriteThrottleEvents was not exported" in n for n in d.notes) == noted
