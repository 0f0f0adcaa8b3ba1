"""Round 4's findings on chapters 8 to 14 (reviews/turn4-dispositions-08.md ... -14.md), held as facts.

Each test fails on the state the review found: the English page quoted as saying "instantly" today, Java 2.x's
throttling backoff left implicit, the burst bank's scope unnamed, the jitter control numbering its strategies.
"""

from __future__ import annotations

import hotpart as hp


def test_the_live_adaptive_capacity_page_is_quoted_without_instantly():
    today = hp.SOURCES["ADAPTIVE_AUTOMATIC_EN"]
    assert today.as_of == "2026-12-06" and "instantly" not in today.quote
    assert today.url.endswith("burst-adaptive-capacity.html")
    then = hp.SOURCES["ADAPTIVE_INSTANT_EN"]
    assert "instantly" in then.quote and "awsdocs/amazon-dynamodb-developer-guide/blob/53f0682" in then.url
    delay = hp.ASSUMPTIONS["ADAPTIVE_DELAY_S"]
    assert "ADAPTIVE_AUTOMATIC_EN" in delay.aws_says and "best case" in delay.why


def test_java_v2_throttling_backoff_is_the_legacy_strategys_500_ms():
    quote = hp.SOURCES["JAVA_V2_LEGACY_THROTTLING_BACKOFF"].quote
    assert "For throttling exceptions" in quote and "500 milliseconds" in quote and "20 seconds" in quote
    assert hp.JAVA_V2_LEGACY_THROTTLED_BASE_S == 0.5 and hp.JAVA_V2_MAX_BACKOFF_S == 20.0
    assert hp.JAVA_V2_DYNAMODB_BASE_S == 0.025  # the other errors' base, which the DynamoDB policy replaces


def test_botocore_1_40_changed_only_the_sts_default():
    assert "retry" not in hp.SOURCES["BOTOCORE_1_40_STS_ONLY"].quote.lower()
    assert "Python" in hp.SOURCES["SDK_RETRIES_2025_ANNOUNCED"].quote


def test_the_burst_banks_scope_is_a_named_assumption_shown_in_chapters_8_and_9():
    a = hp.ASSUMPTIONS["BURST_SCOPE"]
    assert a.value == hp.BURST_SCOPE == "partition"
    assert set(a.chapters) == {"08_burst", "09_adaptive"}


def test_the_storm_explorable_names_its_jitter_choices():
    c = hp.EXPLORABLES["retry_storm"].control("jitter")
    assert c.choices == ("none", "full", "equal", "decorrelated")
    assert [c.text(i) for i in range(4)] == list(c.choices)


def test_index_reads_and_throttled_requests_rest_on_quotes():
    assert hp.SOURCES["GSI_READS_EVENTUALLY_CONSISTENT"].quote == "All reads from GSIs and streams are eventually consistent."
    assert "TableName, Operation" in hp.SOURCES["THROTTLED_REQUESTS_DIMENSIONS"].quote
