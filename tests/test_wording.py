"""Captions and prompts that read right: hp.plural, and no "(s)" left in what the figures and the build print."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import hotpart as hp
from conftest import ROOT


@pytest.mark.parametrize(
    ("count", "noun", "expected"),
    [
        (1, "suffix", "1 suffix"),
        (2, "suffix", "2 suffixes"),
        (0, "shard", "0 shards"),
        (1, "partition key", "1 partition key"),
        (3, "partition key", "3 partition keys"),
        (2, "retry", "2 retries"),
        (2, "day", "2 days"),
        (2, "match", "2 matches"),
        (2, "index", "2 indexes"),
        (12_345, "request", "12,345 requests"),
        (-1, "unit", "-1 unit"),
    ],
)
def test_plural_reads_right(count, noun, expected):
    assert hp.plural(count, noun) == expected


def test_plural_follows_the_number_as_written():
    # 0.96 written with no decimals is "1": one request, as the reader sees it
    assert hp.plural(0.96, "request", fmt=",.0f") == "1 request"
    assert hp.plural(1.0, "request", fmt=".1f") == "1.0 requests"
    assert hp.plural(1.04, "second", fmt=".0f") == "1 second"
    assert hp.plural(2, "criterion", "criteria") == "2 criteria"


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), "3", None, True])
def test_plural_refuses_what_is_not_a_count(bad):
    with pytest.raises(ValueError, match="count"):
        hp.plural(bad, "shard")
    with pytest.raises(ValueError, match="noun"):
        hp.plural(2, "  ")


@given(st.integers(min_value=-(10**9), max_value=10**9), st.sampled_from(["shard", "suffix", "key", "retry", "index"]))
def test_plural_is_singular_exactly_for_one(n, noun):
    text = hp.plural(n, noun)
    number, _, word = text.partition(" ")
    assert number == f"{n:,}"
    assert (word == noun) == (abs(n) == 1)


_RATES = ("at the first rate", "at the second")


def test_plural_by_case_says_agreeing_counts_once():
    """Review turn 6, 15-A: chapter 15's "2 suffixes at the first rate and 2 at the second" reads as if the counts
    differed; equal counts (as written) are said once, different ones case by case."""
    assert hp.plural_by_case((2, 2), "suffix", _RATES, "at either rate") == "2 suffixes at either rate"
    assert hp.plural_by_case((2.0, 2), "suffix", _RATES, "at either rate", fmt=",.0f") == "2 suffixes at either rate"
    assert hp.plural_by_case((1, 1), "suffix", _RATES, "at either rate") == "1 suffix at either rate"
    assert hp.plural_by_case((2, 3), "suffix", _RATES, "at either rate") == "2 suffixes at the first rate and 3 at the second"
    assert hp.plural_by_case((1, 2), "suffix", _RATES, "at either rate") == "1 suffix at the first rate and 2 at the second"
    # 2.4 and 2.0 differ, but are written alike with no decimals
    assert hp.plural_by_case((2.4, 2.0), "shard", _RATES, "alike", fmt=".0f") == "2 shards alike"
    three = hp.plural_by_case((2, 2, 3), "criterion", ("here", "there", "elsewhere"), "everywhere", "criteria")
    assert three == "2 criteria here, 2 there and 3 elsewhere"


@pytest.mark.parametrize(
    ("counts", "cases", "alike", "match"),
    [
        ((2,), ("here",), "alike", "counts"),
        ((2, 3), ("here",), "alike", "counts"),
        ((2, float("nan")), _RATES, "alike", r"counts\[1\]"),
        ((2, True), _RATES, "alike", r"counts\[1\]"),
        ((2, 3), _RATES, " ", "alike"),
        ((2, 3), ("here", ""), "alike", r"cases\[1\]"),
    ],
)
def test_plural_by_case_refuses_by_name(counts, cases, alike, match):
    with pytest.raises(ValueError, match=match):
        hp.plural_by_case(counts, "shard", cases, alike)


def test_no_maybe_plural_in_captions_or_build_output():
    """No "(s)" after a word in the strings the package shows (units such as "time (s)" are seconds, the maths'
    zeta(s) and Zipf(s) functions of s; the sources' quotes in models/constants.py are copied exactly)."""
    offenders = []
    for path in sorted((ROOT / "hotpart").rglob("*.py")):
        if path.name == "constants.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("#"):
                continue
            for literal in re.findall(r"f?\"[^\"]*\"", line):
                if re.search(r"\b(?!zeta|zipf)[a-z]{3,}\(s\)", literal, re.IGNORECASE):
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {literal}")
    assert not offenders, "write the count with hp.plural instead:\n" + "\n".join(offenders)


@pytest.mark.parametrize("bad", [None, 1.5, 2, "22", b"22"])
def test_plural_by_case_refuses_counts_that_are_not_a_sequence_by_name(bad):
    with pytest.raises(ValueError, match=r"^counts = .* is not allowed: must be a sequence, one entry per case$"):
        hp.plural_by_case(bad, "suffix", ("at the first rate", "at the second"), "at either rate")
    with pytest.raises(ValueError, match=r"^cases = .* is not allowed: must be a sequence"):
        hp.plural_by_case((1, 2), "suffix", bad, "at either rate")
