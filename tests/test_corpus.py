"""The corpus of realistic exports (tests/fixtures/exports/): each folder's files are written from AWS's documented
formats by make_corpus.py, not by hotpart's own writer, and each comes with the verdict AWS's documentation supports
(verdict.json, with the quote). The command line is run on them as a user would, as a subprocess."""

import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT

CORPUS = ROOT / "tests" / "fixtures" / "exports"
CASES = sorted(p.name for p in CORPUS.iterdir() if p.is_dir() and (p / "verdict.json").exists())


def _run(folder, args, out):
    return subprocess.run(
        [sys.executable, "-m", "hotpart", "diagnose", *args, "--out", str(out)],
        capture_output=True, text=True, cwd=folder, timeout=240, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip


def test_the_corpus_has_every_scenario_the_issue_asks_for():
    assert len(CASES) >= 15
    for word in ("classic", "reasons", "on-demand", "gsi-short", "gsi-hot-key", "backfill", "short-spike",
                 "hot-reads", "at-capacity", "period-300", "two-tables", "get-metric-statistics", "partial-data",
                 "extra-metrics"):  # fmt: skip
        assert any(word in c for c in CASES), word


@pytest.mark.parametrize("case", CASES)
def test_each_export_gets_the_verdict_aws_documentation_supports(case, tmp_path):
    folder = CORPUS / case
    v = json.loads((folder / "verdict.json").read_text())
    assert v["quote"] and v["url"].startswith("https://docs.aws.amazon.com/")
    r = _run(folder, v["args"], tmp_path / "report")
    assert r.returncode == 0, r.stderr
    assert "**" not in r.stdout  # the terminal gets plain text
    assert f"({v['symptom']})." in r.stdout.splitlines()[2], r.stdout
    assert f"rule {v['rule']})" in r.stdout
    for field in ("key", "evidence", "note"):
        if field in v:
            assert v[field] in r.stdout, (field, v[field])
    report = (tmp_path / "report" / "report.md").read_text()
    assert report.startswith("# Diagnosis of ") and "**Symptom:**" in report
    for flag in v.get("refused_without", []):
        i = v["args"].index(flag)
        bare = v["args"][:i] + v["args"][i + 2 :]
        r2 = _run(folder, bare, tmp_path / "refused")
        assert r2.returncode == 2 and len(r2.stderr.strip().splitlines()) == 1, r2.stderr
        assert not (tmp_path / "refused").exists()


def test_unexported_reason_metrics_are_unknown_and_named_with_the_command_that_gets_them(tmp_path):
    folder = CORPUS / "01-classic-hot-key-provisioned"
    r = _run(folder, json.loads((folder / "verdict.json").read_text())["args"], tmp_path / "r")
    assert "not exported: WriteKeyRangeThroughputThrottleEvents" in r.stdout
    assert "unknown, not zero" in r.stdout
    settle = next(line for line in r.stdout.splitlines() if line.startswith("Would settle it:"))
    assert "WriteKeyRangeThroughputThrottleEvents" in settle and "python -m hotpart queries" in settle
    assert "past double" not in r.stdout  # the old rule 4d verdict for a classic-only export


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
    from hotpart.models.observed import read_insight_report

    rep = read_insight_report(CORPUS / "19-insights-five-minute" / "accessed.json", "accessed")
    assert len(rep) == 30
    assert [dict(tk.accessed)["CUSTOMER#0042"] for tk in rep] == pytest.approx([3 * 950 * 60.0] * 30)
