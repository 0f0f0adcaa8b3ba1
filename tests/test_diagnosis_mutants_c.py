"""Boundaries of the diagnosis's canonical scenarios and of its terminal wrapping (issue 49, part 6).

``scenario`` validates its parameters (a refusal names the parameter, the value and the range) and passes the GSI
knobs to the GSI scenarios only; the statuses of the orders follow its documented split (``open_share`` OPEN, the rest
SHIPPED:CLOSED 3:1). ``Diagnosis.explain``/``summary`` with ``width`` wrap each line at exactly ``width`` characters,
a list item's continuation indented under its text, never splitting a word at a hyphen or in the middle.
"""

from __future__ import annotations

import dataclasses
import math

import pytest

from hotpart.models import diagnosis
from hotpart.models.constants import BATCH_WRITE_MAX_ITEMS
from hotpart.models.diagnosis import GSI_OPEN_SHARE, SCENARIOS, diagnose, scenario

# --------------------------------------------------------------------------- scenario: its parameters


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"minutes": 4}, "minutes = 4 is out of range: must be in [5, 60]"),
        ({"minutes": 61}, "minutes = 61 is out of range: must be in [5, 60]"),
        ({"batch_size": 0}, "batch_size = 0 is out of range: must be in [1, 25]"),
        ({"batch_size": 26}, "batch_size = 26 is out of range: must be in [1, 25]"),
        ({"gsi_fraction": -5e-324}, "gsi_fraction = -5e-324 is out of range: must be in [0, 1]"),
        ({"gsi_fraction": math.nextafter(1.0, 2.0)}, "gsi_fraction = 1.0000000000000002 is out of range: must be in [0, 1]"),
        ({"open_share": -5e-324}, "open_share = -5e-324 is out of range: must be in [0, 1]"),
        ({"open_share": math.nextafter(1.0, 2.0)}, "open_share = 1.0000000000000002 is out of range: must be in [0, 1]"),
    ],
)
def test_scenario_refuses_a_parameter_just_outside_its_range_by_name(kwargs, message):
    assert math.nextafter(0.0, -1.0) == -5e-324  # the next float below the lower bound 0
    with pytest.raises(ValueError) as err:
        scenario("no throttling", **kwargs)
    assert str(err.value) == message


def test_scenario_accepts_the_bounds_of_minutes_and_batch_size():
    assert BATCH_WRITE_MAX_ITEMS == 25
    low = scenario("no throttling", minutes=5, batch_size=1)
    assert low.metrics.minutes == 5 and low.metrics.batch_size == 1
    high = scenario("under-provisioned table", minutes=60, batch_size=25)
    assert high.metrics.minutes == 60 and high.metrics.batch_size == 25
    assert diagnose(high.metrics).symptom == "under-provisioned table"


@pytest.mark.parametrize("value", [0.0, 1.0])
def test_scenario_accepts_the_bounds_of_the_shares(value):
    s = scenario("GSI-only throttling", minutes=5, gsi_fraction=value, open_share=value)
    assert s.name == "GSI-only throttling"


def test_scenario_carries_its_name_description_and_expected_row():
    for name in ("low-cardinality key", "GSI read throttling"):
        s = scenario(name, minutes=5)
        assert s.name == name
        assert s.description == SCENARIOS[name]
        assert s.expected == name
        assert repr(s) == f"Scenario({name!r}: {SCENARIOS[name]}; expect {name!r})"


def test_contributor_insights_lists_the_ten_top_keys_or_is_off():
    # 2,001 keys: Contributor Insights' report lists its top 10, in every minute
    s = scenario("single-key write concentration", minutes=5)
    assert s.metrics.top is not None and len(s.metrics.top) == 5
    assert all(len(t.accessed) == 10 for t in s.metrics.top)
    assert s.metrics.top[0].accessed[0][0] == "COUNTER#2026-11-30"
    off = scenario("single-key write concentration", minutes=5, contributor_insights=False)
    assert off.metrics.top is None


# --------------------------------------------------------------------------- the GSI knobs and the statuses


@pytest.fixture
def fresh_simulations():
    """Build the scenarios' simulations anew: ``scenario`` remembers the last 64 (``functools.lru_cache``), and a
    remembered one would hide how the statuses are assigned (as in a process that built it before the test)."""
    diagnosis._build.cache_clear()
    yield
    diagnosis._build.cache_clear()


def _index_offered_per_minute(s):
    """The index's writes offered in a minute, per status (index write units)."""
    r = s.result.indexes["by-status"]
    return {k: round(v, 6) for k, v in zip(r.keys, r.key_offered[0].tolist(), strict=True)}


@pytest.mark.parametrize(
    ("open_share", "by_status"),
    [
        # 2,000 orders at 1.2 WCU/s each, 60 s a minute: 72 units per order per minute.
        # open_share 0.6: 1,200 OPEN, round(0.75 * 800) = 600 SHIPPED, 200 CLOSED
        (0.6, {"OPEN": 1_200 * 72.0, "SHIPPED": 600 * 72.0, "CLOSED": 200 * 72.0}),
        # open_share 0.1: 200 OPEN, round(0.75 * 1,800) = 1,350 SHIPPED, 450 CLOSED
        (0.1, {"OPEN": 200 * 72.0, "SHIPPED": 1_350 * 72.0, "CLOSED": 450 * 72.0}),
    ],
)
def test_gsi_write_scenario_gives_open_share_of_the_orders_the_status_open(open_share, by_status, fresh_simulations):
    s = scenario("GSI-only throttling", minutes=5, open_share=open_share)
    assert _index_offered_per_minute(s) == by_status
    assert s.expected == "GSI-only throttling"
    assert diagnose(s.metrics).symptom == "GSI-only throttling"


def test_gsi_write_scenario_sparse_index_fix_leaves_nothing_to_diagnose():
    # gsi_fraction 0: no write carries the index key, so the index refuses nothing and the table has room
    s = scenario("GSI-only throttling", minutes=5, gsi_fraction=0.0)
    assert sum(_index_offered_per_minute(s).values()) == 0.0
    assert s.expected == "no throttling"
    assert diagnose(s.metrics).symptom == "no throttling"


def test_gsi_read_scenario_follows_open_share(fresh_simulations):
    # no OPEN order: only the 500 RCU/s queries of the other two statuses, well inside the index's capacity
    none_open = scenario("GSI read throttling", minutes=5, open_share=0.0)
    assert none_open.expected == "no throttling"
    assert diagnose(none_open.metrics).symptom == "no throttling"
    assert set(none_open.result.indexes["by-status"].keys) == {"SHIPPED", "CLOSED"}
    default = scenario("GSI read throttling", minutes=5)
    assert GSI_OPEN_SHARE == 0.6
    assert default.expected == "GSI read throttling"
    assert diagnose(default.metrics).symptom == "GSI read throttling"


# --------------------------------------------------------------------------- wrapping for the terminal


def _no_throttling(notes=()):
    return dataclasses.replace(diagnose(scenario("no throttling", minutes=5).metrics), notes=tuple(notes))


_CONFIDENCE = "Confidence: high: every data point is zero."  # 43 characters


def test_explain_keeps_a_line_of_exactly_width_and_wraps_one_longer():
    d = _no_throttling()
    assert len(_CONFIDENCE) == 43
    assert _CONFIDENCE in d.explain(markdown=False, width=43).splitlines()
    # one character narrower: the last word moves to a line of its own, not indented (not a list item)
    lines = d.explain(markdown=False, width=42).splitlines()
    i = lines.index("Confidence: high: every data point is")
    assert lines[i + 1] == "zero."


def test_explain_at_width_40_exactly():
    assert _no_throttling().explain(markdown=False, width=40) == (
        "1. No throttling\n"
        "\n"
        "Symptom: Nothing is throttled.\n"
        "Remedy: Nothing to fix. See chapter 15.\n"
        "Pitfall: Nothing to watch for.\n"
        "Confidence: high: every data point is\n"
        "zero.\n"
        "\n"
        "Evidence:\n"
        "- no throttle events and no\n"
        "  ThrottledRequests in any of the 5\n"
        "  minutes\n"
    )


def test_explain_never_breaks_a_word_at_a_hyphen_or_in_the_middle():
    long_key = "TENANT#" + "x" * 40  # 47 characters: longer than the line
    d = _no_throttling([f"{'a' * 30} well-known", f"{long_key} yy"])
    text = d.explain(markdown=False, width=40)
    assert text.endswith(
        "Also in the evidence\n"
        "\n"
        f"- {'a' * 30}\n"  # 32 characters; "- aaa… well-" (38) would split the word at its hyphen
        "  well-known\n"
        f"- {long_key}\n"  # a word longer than the line goes whole on its line, the list's dash before it
        "  yy\n"
    )


def test_summary_wraps_at_width_without_indent():
    d = diagnose(scenario("under-provisioned table", minutes=5).metrics)
    text = d.summary()
    # 1,000 keys at 3,000 WCU/s on 2,000 WCU/s: 1,000 refused a second, 60,000 a minute, over 5 minutes
    assert text == "One cause, of the 300,000 throttle events: under-provisioned table on the table's writes (100%)."
    assert d.summary(width=len(text)) == text
    assert d.summary(width=40) == (
        "One cause, of the 300,000 throttle\nevents: under-provisioned table on the\ntable's writes (100%)."
    )
