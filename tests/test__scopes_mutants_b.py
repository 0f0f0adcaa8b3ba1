"""A table-level reason's finding, as a reader sees it (issue 49, part 6: _scopes.py's mutation survivors in
``_limit_finding``).

In-process, so that mutation testing sees them: each test builds one scope's evidence (:class:`hotpart.ScopeEvidence`
in a :class:`hotpart.Evidence`) with its throttle events but no consumption, so the remedy's size is the sentence that
asks for ``Consumed<kind>CapacityUnits`` (no target or peak in the numbers), and reads the finding
``_limit_finding`` makes of a provisioned-throughput, account-limit or maximum-throughput reason: the remedy's words
with their unit, the chapter, the numbers, and the alternatives and exports passed through to the reader.
"""

from __future__ import annotations

import numpy as np

import hotpart as hp
from hotpart.models._scopes import _limit_finding

N = 6  #: minutes in the export; 5 throttle events in each of the first 5
MISSING = ("an export that would settle it",)
ALTS = ("hot partition, key unknown",)


def _scope(scope: str, kind: str, *, provisioned: float | None = None, maximum: float | None = None) -> hp.ScopeEvidence:
    prov = None if provisioned is None else np.full(N, provisioned)
    events = np.array([5.0] * 5 + [0.0])
    return hp.ScopeEvidence(scope, kind, events, True, {}, None, prov, "the metric" if prov is not None else "", maximum)


def _limit(stem: str, s: hp.ScopeEvidence, *others: hp.ScopeEvidence, mode: str = "on-demand") -> hp.Finding:
    scopes = (s, *others)
    ev = hp.Evidence(
        minutes=N,
        seconds=np.full(N, 60.0),
        scopes=scopes,
        backfills={},
        requests=np.zeros(N),
        requests_exported=False,
        key_reports={},
        mode=mode,
        mode_from="the test says so",
        exported=None,
        indexes=tuple(sorted({t.scope for t in scopes if t.scope})),
        gaps=np.zeros(N, dtype=bool),
        item_units=1.0,
    )
    # 25 events of 25: the whole share
    return _limit_finding(stem, s, ev, 25.0, 25.0, ["a line"], missing=MISSING, alternatives=ALTS)


def test_account_quota_names_write_units_for_writes_and_read_units_for_reads():
    # the default per-table quota is 40,000 units (ON_DEMAND_TABLE_QUOTA_*), in WCU for writes, RCU for reads
    w = _limit("AccountLimitThrottleEvents", _scope("", "Write"))
    assert w.action == (
        "request a per-table write quota of above its present level (export ConsumedWriteCapacityUnits to size it), "
        "through Service Quotas (the default is 40,000 WRU per table or index)"
    )
    r = _limit("AccountLimitThrottleEvents", _scope("", "Read"))
    assert r.action == (
        "request a per-table read quota of above its present level (export ConsumedReadCapacityUnits to size it), "
        "through Service Quotas (the default is 40,000 RRU per table or index)"
    )


def test_account_quota_finding_keeps_the_alternatives_and_missing_exports():
    f = _limit("AccountLimitThrottleEvents", _scope("", "Write"))
    assert (f.cause, f.chapter, f.numbers) == ("account quota", "chapter 11, on-demand capacity", {})
    assert f.missing == MISSING
    assert f.alternatives == ALTS


def test_provisioned_capacity_of_the_table_cites_chapter_11_only_and_keeps_the_alternatives():
    f = _limit("ProvisionedThroughputThrottleEvents", _scope("", "Write", provisioned=100.0), mode="provisioned")
    assert f.cause == "provisioned capacity"
    assert f.chapter == "chapter 11, capacity modes"
    assert f.missing == MISSING
    assert f.alternatives == ALTS


def test_provisioned_capacity_of_an_index_asks_for_the_tables_units_and_cites_chapter_12():
    # the index's writes throttle at 100 WCU; the table is provisioned at 1,000 WCU: its level is the first remedy
    idx = _scope("by-status", "Write", provisioned=100.0)
    f = _limit("ProvisionedThroughputThrottleEvents", idx, _scope("", "Write", provisioned=1000.0), mode="provisioned")
    assert f.action == (
        "set the provisioned write capacity of index 'by-status' to above its present level (export by-status "
        "ConsumedWriteCapacityUnits to size it), and at least the table's 1,000 WCU (AWS's first remedy for an index's "
        "write throttling); the index's units are its own, which its projection's size sets (chapter 12), or turn on "
        "auto scaling with that maximum, or switch to on-demand"
    )
    assert f.chapter == "chapter 11, capacity modes; chapter 12, an index's writes"
    assert f.numbers == {"table_capacity": 1000.0}
    assert f.alternatives == ALTS


def test_maximum_throughput_reports_the_cap_set_now_with_its_number():
    # MaxWriteRequestUnits is 500 units/s: said in the action and kept as numbers["maximum"]
    f = _limit("MaxOnDemandThroughputThrottleEvents", _scope("", "Write", maximum=500.0))
    assert f.action == (
        "raise MaxWriteRequestUnits of the table to above its present level (export ConsumedWriteCapacityUnits to size "
        "it) (set now: 500), or remove it (-1) if the cap no longer serves its purpose"
    )
    assert f.numbers == {"maximum": 500.0}
    assert f.missing == MISSING
    assert f.alternatives == ALTS
