"""The corpus of realistic exports (tests/fixtures/exports/): each folder's files are written from AWS's documented
formats by make_corpus.py and make_corpus_issue47.py, not by hotpart's own writer, and each comes with the findings
AWS's documentation supports (verdict.json, with the quote). The command line is run on them as a user would, as a
subprocess; and every scenario's diagnosis is checked against its own input (tests/contradictions.py)."""

import argparse
import json
import os
import re
import subprocess
import sys

import pytest
from contradictions import contradictions

from conftest import ROOT

CORPUS = ROOT / "tests" / "fixtures" / "exports"
CASES = sorted(p.name for p in CORPUS.iterdir() if p.is_dir() and (p / "verdict.json").exists())
_TITLE = re.compile(r"^(\d+)\. (.+?)(?: on (?:the table's (\w+)s|the (\w+)s of index '([^']+)'|the table))?(?:: .*)?$")


def _run(folder, args, out):
    return subprocess.run(
        [sys.executable, "-m", "hotpart", "diagnose", *args, "--out", str(out)],
        capture_output=True, text=True, cwd=folder, timeout=240, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip


def _findings(stdout: str) -> list[tuple[str, str]]:
    """(row, scope) of every finding's heading line, in order."""
    import hotpart as hp

    rows = {r.lower(): r for r in hp.REMEDIES}
    out = []
    for line in stdout.splitlines():
        m = _TITLE.match(line)
        if m and m.group(2).lower() in rows:
            out.append((rows[m.group(2).lower()], m.group(5) or ""))
    return out


def test_the_corpus_has_every_scenario_the_issues_ask_for():
    assert len(CASES) >= 31
    for word in ("classic", "reasons", "on-demand", "gsi-short", "gsi-hot-key", "backfill", "short-spike",
                 "hot-reads", "at-capacity", "period-300", "two-tables", "get-metric-statistics", "partial-data",
                 "extra-metrics",
                 # issue 47's failure classes
                 "launch-spike-thin-keys", "no-contributor", "gsi-insights-per-scope", "writes-hot-reads-light",
                 "unique-count", "online-index-exported-active", "two-hourly-exports", "period-mismatch",
                 "max-throughput-numbers", "provisioned-numbers", "two-causes"):  # fmt: skip
        assert any(word in c for c in CASES), word


@pytest.mark.parametrize("case", CASES)
def test_each_export_gets_the_findings_aws_documentation_supports(case, tmp_path):
    folder = CORPUS / case
    v = json.loads((folder / "verdict.json").read_text())
    assert v["quote"] and v["url"].startswith("https://docs.aws.amazon.com/")
    r = _run(folder, v["args"], tmp_path / "report")
    if v.get("exit", 0) == 2:
        assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and v["message"] in r.stderr, r.stderr
        assert not (tmp_path / "report").exists()
        return
    assert r.returncode == 0, r.stderr
    assert "**" not in r.stdout and "##" not in r.stdout  # the terminal gets plain text
    found = _findings(r.stdout)
    assert found and found[0][0] == v["symptom"], (found, r.stdout)
    for row, scope in v.get("findings", []):
        assert (row, scope) in found, (row, scope, found)
    for field in ("key", "evidence", "note", "action"):
        if field in v:
            assert v[field] in r.stdout, (field, v[field], r.stdout)
    for text in v.get("absent", []):
        assert text not in r.stdout, text
    report = (tmp_path / "report" / "report.md").read_text()
    assert report.startswith("# Diagnosis of ") and "\n## Findings\n" in report and "\n### 1. " in report
    assert "\n**Remedy:** " in report and "\n**Evidence:**\n" in report
    for flag in v.get("refused_without", []):
        i = v["args"].index(flag)
        bare = v["args"][:i] + v["args"][i + 2 :]
        r2 = _run(folder, bare, tmp_path / "refused")
        assert r2.returncode == 2 and len(r2.stderr.strip().splitlines()) == 1, r2.stderr
        assert not (tmp_path / "refused").exists()


@pytest.mark.parametrize("case", CASES)
def test_no_diagnosis_contradicts_its_input(case, monkeypatch):
    """Issue 47: no line claims a metric missing that was read, no utilisation mixes reads and writes, no index is
    called being built unless something says so, no key or scope is named that the export does not hold."""
    from hotpart.__main__ import _parser, _read_exports
    from hotpart.models.diagnosis import diagnose

    folder = CORPUS / case
    v = json.loads((folder / "verdict.json").read_text())
    if v.get("exit", 0):
        return
    monkeypatch.chdir(folder)
    args: argparse.Namespace = _parser().parse_args(["diagnose", *v["args"]])
    m, _ = _read_exports(args)
    d = diagnose(m)
    assert contradictions(m, d) == []
    text = d.explain(markdown=False)
    for leak in ("one_key", "few_keys", "at_capacity", "hot_key_share", "ZipfFit(", "Finding(", "TopKeys(", "array("):
        assert leak not in text, leak


def test_the_contradiction_check_can_fail():
    """The check finds a claim the input contradicts (it would notice a broken diagnosis)."""
    import dataclasses

    from hotpart.__main__ import _parser, _read_exports
    from hotpart.models.diagnosis import diagnose

    os.chdir(CORPUS / "26-online-index-exported-active")
    try:
        m, _ = _read_exports(_parser().parse_args(["diagnose", *json.loads(open("verdict.json").read())["args"]]))
    finally:
        os.chdir(ROOT)
    d = diagnose(m)
    f = d.findings[0]
    lies = [
        dataclasses.replace(f, evidence=("not exported: WriteThrottleEvents",)),
        dataclasses.replace(f, evidence=("ConsumedWriteCapacityUnits peaked at 70% of the provisioned read capacity",)),
        dataclasses.replace(f, evidence=("no index metric was exported",)),
        dataclasses.replace(f, row="index backfill throttled", cause="backfill", scope="status-index"),
        dataclasses.replace(f, key="NO-SUCH-KEY"),
    ]
    for lie in lies:
        assert contradictions(m, dataclasses.replace(d, findings=(lie,))), lie


def test_unexported_reason_metrics_are_unknown_and_named_with_the_command_that_gets_them(tmp_path):
    folder = CORPUS / "01-classic-hot-key-provisioned"
    r = _run(folder, json.loads((folder / "verdict.json").read_text())["args"], tmp_path / "r")
    assert "not exported: WriteKeyRangeThroughputThrottleEvents" in r.stdout
    assert "unknown, not zero" in r.stdout
    settle = next(line for line in r.stdout.splitlines() if line.startswith("Would settle it:"))
    assert "WriteKeyRangeThroughputThrottleEvents" in settle and "python -m hotpart queries" in settle
    assert "past double" not in r.stdout


def test_the_provisioned_level_is_carried_forward_not_read_as_zero():
    from hotpart.models.observed import read_metric_data

    folder = CORPUS / "13-provisioned-period-300"
    m = read_metric_data(folder / "metrics.json", folder / "queries.json")
    assert m["ProvisionedWriteCapacityUnits"].tolist() == [4000.0] * 30


def test_throttled_requests_are_summed_over_operations():
    from hotpart.models.observed import read_metric_data

    folder = CORPUS / "01-classic-hot-key-provisioned"
    m = read_metric_data(folder / "metrics.json", folder / "queries.json")
    assert m["ThrottledRequests"].tolist() == pytest.approx(m["WriteThrottleEvents"].tolist())


def test_five_minute_insights_count_for_each_minute_they_cover():
    from hotpart.models.insight_reports import read_insight_report

    rep = read_insight_report(CORPUS / "19-insights-five-minute" / "accessed.json", "accessed")
    assert len(rep) == 30
    assert [dict(tk.accessed)["CUSTOMER#0042"] for tk in rep] == pytest.approx([3 * 950 * 60.0] * 30)


def test_the_second_hour_alone_would_give_too_few_suffixes(tmp_path):
    """Issue 47: the two hourly exports read together give three suffixes; the second hour alone, two."""
    folder = CORPUS / "27-two-hourly-exports"
    v = json.loads((folder / "verdict.json").read_text())
    both = _run(folder, v["args"], tmp_path / "both")
    i = v["args"].index("metrics-hour1.json")
    alone = _run(folder, v["args"][: i - 1] + v["args"][i + 1 :], tmp_path / "alone")
    assert "over at least 3 suffixes" in both.stdout and "over at least 2 suffixes" in alone.stdout, alone.stdout
