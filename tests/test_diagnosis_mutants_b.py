"""What a reader of a diagnosis sees (``hotpart/models/diagnosis.py``: ``Diagnosis.explain``, ``summary``,
``__repr__``, ``finding``, ``__post_init__`` and ``_finding_text``), in process.

The diagnosis's words are tested mostly through the command line in a subprocess, which mutation testing cannot see.
These tests build :class:`hotpart.Finding` and :class:`hotpart.Diagnosis` objects as :func:`hotpart.diagnose` returns
them (a hot key on the table's writes, an index's reads, a short spike, a minor cause, a note) and assert the text
whole: every heading, label, blank line, share, the command that prints the queries, the wrapping at a width and the
refusals of a width or level out of range. Issue 49, part 6.
"""

from __future__ import annotations

import pytest

import hotpart as hp

R = hp.REMEDIES
HOT = "single-key write concentration"
GSI = "GSI read throttling"
QUOTA = "per-table quota reached"


def _hot(share=0.6, **kw):
    return hp.Finding(
        row=HOT, cause="hot key", scope="", kind="write", share=share, events=600.0,
        evidence=("key 'u#1' carries 80% of the throttled writes", "ConsumedWriteCapacityUnits 1,000 a second"),
        action="shard key 'u#1' over 4 suffixes", chapter="the write sharding chapter", confidence="high",
        why="Contributor Insights names the key", alternatives=(GSI, QUOTA),
        missing=("Contributor Insights for the index", "describe-table"), **kw,
    )  # fmt: skip


def _gsi(share=0.4, confidence="medium"):
    return hp.Finding(
        row=GSI, cause="spread", scope="status-index", kind="read", share=share, events=400.0,
        evidence=("ReadThrottleEvents 400 on the index",), action="raise the index's read capacity to 500",
        chapter="the GSI chapter", confidence=confidence, why="no key is named",
    )  # fmt: skip


def _spike(kind=""):
    return hp.Finding(
        row="short spike", cause="short spike", scope="", kind=kind, share=1.0, events=1000.0,
        evidence=("all in 3 minutes",), action="provision for the peak", chapter="the burst chapter",
        confidence="low", why="the spike is short",
    )  # fmt: skip


def _none():
    return hp.Finding(
        row="no throttling", cause="no throttling", scope="", kind="", share=0.0, events=0.0,
        evidence=("no throttle event",), action="nothing to do", chapter="the first chapter",
        confidence="high", why="nothing is throttled",
    )  # fmt: skip


def _quota(share=0.02, kind="write"):
    return hp.Finding(
        row=QUOTA, cause="account quota", scope="", kind=kind, share=share, events=20.0,
        evidence=("at the quota",), action="ask for a higher quota", chapter="the quota chapter",
        confidence="medium", why="the table sits at its quota",
    )  # fmt: skip


def _two():
    return hp.Diagnosis(
        findings=(_hot(), _gsi()),
        minor=(_quota(),),
        notes=("2 events no reason accounts for",),
        material_share=0.05,
        total_events=1000.0,
    )


def _md_hot(h="## "):
    return (
        f"{h}1. Single-key write concentration on the table's writes: 60% of the throttle events\n\n"
        f"**Symptom:** {R[HOT].symptom}.\n\n"
        "**Remedy:** Shard key 'u#1' over 4 suffixes. See the write sharding chapter.\n\n"
        f"**Pitfall:** {R[HOT].pitfall}.\n\n"
        "**Confidence:** high: Contributor Insights names the key.\n\n"
        "**Would settle it:** export Contributor Insights for the index; describe-table "
        "(`python -m hotpart queries TABLE` prints the queries and commands).\n\n"
        f"**Not ruled out:** {GSI}, {QUOTA}.\n\n"
        "**Evidence:**\n\n"
        "- key 'u#1' carries 80% of the throttled writes\n"
        "- ConsumedWriteCapacityUnits 1,000 a second\n"
    )


def _md_gsi(h="## "):
    return (
        f"{h}2. GSI read throttling on the reads of index 'status-index': 40% of the throttle events\n\n"
        f"**Symptom:** {R[GSI].symptom}.\n\n"
        "**Remedy:** Raise the index's read capacity to 500. See the GSI chapter.\n\n"
        f"**Pitfall:** {R[GSI].pitfall}.\n\n"
        "**Confidence:** medium: no key is named.\n\n"
        "**Evidence:**\n\n"
        "- ReadThrottleEvents 400 on the index\n"
    )


def _md_tail(h="## "):
    return (
        f"{h}Causes below the material share (5% of the throttle events)\n\n"
        f"- {QUOTA} on the table's writes: 2.0% of the throttle events; ask for a higher quota (the quota chapter)\n\n"
        f"{h}Also in the evidence\n\n"
        "- 2 events no reason accounts for\n"
    )


def test_explain_markdown_is_every_section_whole():
    assert _two().explain() == _md_hot() + "\n" + _md_gsi() + "\n" + _md_tail()


@pytest.mark.parametrize("level", [1, 3, 6])
def test_explain_level_sets_every_heading(level):
    h = "#" * level + " "
    assert _two().explain(level=level) == _md_hot(h) + "\n" + _md_gsi(h) + "\n" + _md_tail(h)


@pytest.mark.parametrize("level", [0, 7])
def test_explain_refuses_a_level_out_of_range(level):
    with pytest.raises(ValueError, match=rf"^level = {level} is out of range: must be in \[1, 6\]$"):
        _two().explain(level=level)


PLAIN = (
    "1. Single-key write concentration on the table's writes: 60% of the throttle events\n"
    "\n"
    f"Symptom: {R[HOT].symptom}.\n"
    "Remedy: Shard key 'u#1' over 4 suffixes. See the write sharding chapter.\n"
    f"Pitfall: {R[HOT].pitfall}.\n"
    "Confidence: high: Contributor Insights names the key.\n"
    "Would settle it: export Contributor Insights for the index; describe-table "
    "(python -m hotpart queries TABLE prints the queries and commands).\n"
    f"Not ruled out: {GSI}, {QUOTA}.\n"
    "\n"
    "Evidence:\n"
    "- key 'u#1' carries 80% of the throttled writes\n"
    "- ConsumedWriteCapacityUnits 1,000 a second\n"
    "\n"
    "2. GSI read throttling on the reads of index 'status-index': 40% of the throttle events\n"
    "\n"
    f"Symptom: {R[GSI].symptom}.\n"
    "Remedy: Raise the index's read capacity to 500. See the GSI chapter.\n"
    f"Pitfall: {R[GSI].pitfall}.\n"
    "Confidence: medium: no key is named.\n"
    "\n"
    "Evidence:\n"
    "- ReadThrottleEvents 400 on the index\n"
    "\n"
    "Causes below the material share (5% of the throttle events)\n"
    "\n"
    f"- {QUOTA} on the table's writes: 2.0% of the throttle events; ask for a higher quota (the quota chapter)\n"
    "\n"
    "Also in the evidence\n"
    "\n"
    "- 2 events no reason accounts for\n"
)


def test_explain_plain_text_is_every_section_whole():
    assert _two().explain(markdown=False) == PLAIN
    assert _two().explain(markdown=False, level=4) == PLAIN  # no heading marks in plain text


def test_explain_without_minor_causes_or_notes_ends_after_the_last_evidence():
    d = hp.Diagnosis(findings=(_gsi(share=1.0),), total_events=400.0)
    assert d.explain() == _md_gsi().replace("2. ", "1. ", 1).replace("40% of", "100% of", 1)


def test_explain_titles_of_findings_with_and_without_a_place():
    # No throttling: no place, no share. A short spike over every scope: its share, no place; over one capacity
    # kind: its place too. A cause with no kind (every capacity of the table): "on the table".
    assert hp.Diagnosis(findings=(_none(),)).explain().splitlines()[0] == "## 1. No throttling"
    assert hp.Diagnosis(findings=(_none(),)).explain(markdown=False).splitlines()[0] == "1. No throttling"
    assert hp.Diagnosis(findings=(_spike(),)).explain().splitlines()[0] == "## 1. Short spike: 100% of the throttle events"
    assert hp.Diagnosis(findings=(_spike("write"),)).explain().splitlines()[0] == (
        "## 1. Short spike on the table's writes: 100% of the throttle events"
    )
    assert hp.Diagnosis(findings=(_quota(1.0, kind=""),)).explain().splitlines()[0] == (
        "## 1. Per-table quota reached on the table: 100% of the throttle events"
    )


def _assert_wrapped(text, unwrapped, width):
    lines = text.splitlines()
    assert max(len(x) for x in lines) <= width
    if max(len(x) for x in unwrapped.splitlines()) > width:
        assert max(len(x) for x in lines) > width - 15  # filled, not wrapped at a narrower width
    else:
        assert text == unwrapped
    # The same words in the same order, paragraph by paragraph.
    assert " ".join(text.split()) == " ".join(unwrapped.split())
    assert text.count("\n\n") == unwrapped.count("\n\n")


@pytest.mark.parametrize("width", [40, 57, 200])
def test_explain_wraps_every_line_at_the_width(width):
    text = _two().explain(markdown=False, width=width)
    _assert_wrapped(text, PLAIN, width)
    assert text.endswith("\n") and not text.endswith("\n\n")
    # the evidence list item that is longer than 40 characters continues indented
    if width == 40:
        assert "- key 'u#1' carries 80% of the throttled\n  writes\n" in text


@pytest.mark.parametrize("width", [39, 201, 40.5])
def test_explain_and_summary_refuse_a_width_out_of_range(width):
    for call in (lambda: _two().explain(width=width), lambda: _two().summary(width=width)):
        with pytest.raises(ValueError, match=r"^width = .* must be in \[40, 200\]$"):
            call()


def test_summary_of_two_causes_with_a_minor_one():
    assert _two().summary() == (
        f"2 causes, each at least 5% of the 1,000 throttle events: {HOT} on the table's writes (60%), "
        f"{GSI} on the reads of index 'status-index' (40%). 1 more carry less than 5% each (listed after the findings)."
    )


def test_summary_of_one_cause_counts_the_events_or_names_the_requests():
    one = hp.Diagnosis(findings=(_hot(1.0),), total_events=600000.0)
    assert one.summary() == f"One cause, of the 600,000 throttle events: {HOT} on the table's writes (100%)."
    # No throttle event (throttled requests only): the share is of the throttled requests.
    req = hp.Diagnosis(findings=(_hot(1.0),), total_events=0.0)
    assert req.summary() == f"One cause, of the throttled requests: {HOT} on the table's writes (100%)."
    # Any positive count of events is counted, a single one included.
    half = hp.Diagnosis(findings=(_hot(1.0),), total_events=1.0, material_share=0.1)
    assert half.summary() == f"One cause, of the 1 throttle events: {HOT} on the table's writes (100%)."


def test_summary_of_a_short_spike_leads_with_the_window():
    spike_only = hp.Diagnosis(findings=(_spike(),), total_events=1000.0)
    assert spike_only.summary() == "All the throttling falls in one short window."
    spike_and_key = hp.Diagnosis(findings=(_spike(), _hot(0.7)), minor=(_quota(),), total_events=1000.0)
    assert spike_and_key.summary() == (
        "All the throttling falls in one short window. One cause, of the 1,000 throttle events: "
        f"{HOT} on the table's writes (70%). 1 more carry less than 5% each (listed after the findings)."
    )


def test_summary_of_no_throttling():
    assert hp.Diagnosis(findings=(_none(),)).summary() == (
        "Nothing is throttled: no throttle event and no ThrottledRequests in any minute."
    )


def test_summary_wrapped_at_a_width():
    assert _two().summary(width=40) == (
        "2 causes, each at least 5% of the 1,000\n"
        "throttle events: single-key write\n"
        "concentration on the table's writes\n"
        "(60%), GSI read throttling on the reads\n"
        "of index 'status-index' (40%). 1 more\n"
        "carry less than 5% each (listed after\n"
        "the findings)."
    )
    # 230 characters: the widest allowed width still breaks it once, at the last space within 200 characters
    assert _two().summary(width=200) == _two().summary().replace("carry less than", "carry less\nthan")


def test_repr_names_each_cause_its_place_and_share():
    assert repr(_two()) == f"Diagnosis({HOT} on the table's writes 60%; {GSI} on the reads of index 'status-index' 40%)"
    assert repr(hp.Diagnosis(findings=(_none(),))) == "Diagnosis(no throttling)"


def test_finding_by_row_and_scope():
    d = _two()
    assert d.finding(GSI) is d.findings[1]
    assert d.finding(GSI, "status-index") is d.findings[1]
    assert d.finding(GSI, "") is None  # the row is only on the index
    assert d.finding(HOT, "status-index") is None  # the scope only has another row
    assert d.finding(HOT, "") is d.findings[0]
    assert d.finding(QUOTA) is None  # a minor cause is not a material finding


def test_a_diagnosis_refuses_a_row_or_alternative_outside_the_symptom_table():
    with pytest.raises(ValueError, match=r"^symptom = 'bogus' is not allowed: must be one of 'low-cardinality key'"):
        hp.Diagnosis(findings=(hp.Finding(**{**_gsi().__dict__, "row": "bogus"}),))
    with pytest.raises(ValueError, match=r"^symptom = 'bogus' is not allowed"):
        hp.Diagnosis(findings=(_gsi(),), minor=(hp.Finding(**{**_quota().__dict__, "row": "bogus"}),))
    with pytest.raises(ValueError, match=r"^alternatives = 'nope' is not allowed: must be one of 'low-cardinality"):
        hp.Diagnosis(findings=(hp.Finding(**{**_gsi().__dict__, "alternatives": (HOT, "nope")}),))
    with pytest.raises(ValueError, match=r"^findings = \(\) is not allowed: must be at least one Finding$"):
        hp.Diagnosis(findings=())
