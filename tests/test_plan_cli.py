"""`hotpart plan` run as a subprocess, as a CI pipeline runs it: the exit status is the gate, bad input is one line
naming the file and the field with exit 2, and --out follows the report folder's never-lose-data rules."""

from __future__ import annotations

import json
import subprocess
import sys

import jsonschema
import pytest

import hotpart as hp
from conftest import ROOT

DATA = ROOT / "notebooks" / "data" / "plan"
FIX = ROOT / "tests" / "fixtures" / "plan"


def _run(*args, cwd=None):
    """As a pipeline runs it: a new process (the gate's exit status as the shell sees it)."""
    return subprocess.run(
        [sys.executable, "-m", "hotpart", "plan", *map(str, args)], capture_output=True, text=True, cwd=cwd or ROOT, timeout=240
    )


@pytest.fixture
def run(capsys, monkeypatch):
    """The same command in this process (the parsers' imports paid once): returns what _run returns."""
    from hotpart.__main__ import main

    def go(*args, cwd=None):
        monkeypatch.chdir(cwd or ROOT)
        capsys.readouterr()
        code = main(["plan", *map(str, args)])
        out, err = capsys.readouterr()
        return subprocess.CompletedProcess(args, code, out, err)

    return go


def test_a_design_that_throttles_fails_the_gate_with_the_json_report(tmp_path):
    r = _run(DATA / "orders-cdk.template.json", "--workload", DATA / "orders-workload.yaml", "--format", "json")
    assert r.returncode == 1, r.stderr
    doc = json.loads(r.stdout)
    jsonschema.validate(doc, hp.plan_report_schema())
    assert doc["schema_version"] == hp.PLAN_SCHEMA_VERSION and doc["exit_status"] == 1
    assert {v["pattern"]: v["verdict"] for v in doc["patterns"]} == {
        "1": "throttles",
        "2": "fits",
        "3": "fits",
        "4": "throttles",
        "5": "fits",
    }


def test_an_at_risk_design_passes_by_default_and_fails_with_fail_on_at_risk():
    args = [DATA / "sessions-plan.json", "--workload", DATA / "sessions-workload.json"]
    ok = _run(*args)
    assert ok.returncode == 0, ok.stderr
    assert "AT RISK: 1" in ok.stdout and "Remedy:" in ok.stdout and "[chapter 10]" in ok.stdout
    assert _run(*args, "--fail-on", "at-risk").returncode == 1


def test_markdown_and_the_report_folder(tmp_path, run):
    out = tmp_path / "plan-report"
    r = run(DATA / "catalog-workbench.json", "--workload", DATA / "catalog-workload.yaml", "--format", "markdown", "--out", out)
    assert r.returncode == 1, r.stderr
    assert r.stdout.startswith("# Plan of") and "`10_isolation`" in r.stdout
    assert sorted(p.name for p in out.iterdir()) == [".hotpart-output.json", "report.json", "report.md"]
    assert json.loads((out / "report.json").read_text())["worst"] == "throttles"
    # a second run replaces the report; a folder holding a user's file is refused and left as it was
    assert run(DATA / "catalog-workbench.json", "--workload", DATA / "catalog-workload.yaml", "--out", out).returncode == 1
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    r = run(DATA / "catalog-workbench.json", "--workload", DATA / "catalog-workload.yaml", "--out", mine)
    assert r.returncode == 2 and "nothing was written" in r.stderr
    assert sorted(p.name for p in mine.iterdir()) == ["notes.txt"]


@pytest.mark.parametrize(
    ("setup", "expected"),
    [
        ("rps", "workload.yaml: access_pattern_list[0].rps: expected a number, got 'fast'"),
        (
            "table",
            "workload.yaml: access_pattern_list[0].table: expected one of the definition's tables (orders, daily-stats), "
            "got 'orderz'",
        ),
        ("attribute", "workload.yaml: access_pattern_list[0].key: expected the partition key of orders (orderId), got 'id'"),
        ("format", "mystery.json: (document): expected a CloudFormation template"),
        ("parameter", "--parameter: expected NAME=VALUE, got 'Stage'"),
    ],
)
def test_bad_input_is_one_line_naming_the_file_and_the_field_with_exit_2(tmp_path, run, setup, expected):
    import yaml

    doc = yaml.safe_load((DATA / "orders-workload.yaml").read_text())
    definition = DATA / "orders-cdk.template.json"
    extra = []
    if setup == "rps":
        doc["access_pattern_list"][0]["rps"] = "fast"
    elif setup == "table":
        doc["access_pattern_list"][0]["table"] = "orderz"
    elif setup == "attribute":
        doc["access_pattern_list"][0]["key"] = "id"
    elif setup == "format":
        definition = tmp_path / "mystery.json"
        definition.write_text('{"widgets": []}')
    else:
        extra = ["--parameter", "Stage"]
    (tmp_path / "workload.yaml").write_text(yaml.safe_dump(doc))
    r = run(definition, "--workload", "workload.yaml", *extra, cwd=tmp_path)
    assert r.returncode == 2 and r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("hotpart: error: ") and expected in lines[0], r.stderr


def test_missing_arguments_and_the_schemas(run):
    r = run("--workload", DATA / "orders-workload.yaml")
    assert r.returncode == 2 and "(DEFINITION): expected a table definition file" in r.stderr
    r = run(DATA / "orders-cdk.template.json")
    assert r.returncode == 2 and "(--workload): expected a workload file" in r.stderr
    schema = json.loads(run("--schema", "workload").stdout)
    assert schema == hp.workload_schema()
    assert json.loads(run("--schema", "report").stdout) == hp.plan_report_schema()


def test_a_terraform_plan_with_a_parameter_and_a_table(tmp_path, run):
    w = {"access_pattern_list": [{"pattern": "1", "table": "Leaderboard-dev", "operation": "PutItem", "rps": 300,
                                  "item_size_bytes": 400, "spread": {"keys": 100000}}]}  # fmt: skip
    (tmp_path / "w.json").write_text(json.dumps(w))
    r = run(FIX / "tf", "--workload", tmp_path / "w.json", "--parameter", "stage=dev", "--table", "Leaderboard-dev")
    assert r.returncode == 0, r.stderr
    assert "FITS: 1" in r.stdout and "Leaderboard-dev" in r.stdout


def test_cdk_synth_yaml_on_stdout_is_read_as_the_json_template(run, tmp_path):
    # review turn 11 P3: `cdk synth OrdersStack > orders.template.yaml` writes the template as YAML (AWS's CDK
    # reference, hp.SOURCES["CDK_SYNTH_STDOUT_YAML"]); the plan reads it as it reads cdk.out's JSON
    import yaml

    template = json.loads((DATA / "orders-cdk.template.json").read_text())
    path = tmp_path / "orders.template.yaml"
    path.write_text(yaml.safe_dump(template, sort_keys=False))
    workload = DATA / "orders-workload.yaml"
    from_yaml = run(path, "--workload", workload, "--format", "json")
    from_json = run(DATA / "orders-cdk.template.json", "--workload", workload, "--format", "json")
    assert from_yaml.returncode == from_json.returncode == 1, from_yaml.stderr
    a, b = json.loads(from_yaml.stdout), json.loads(from_json.stdout)
    assert a["patterns"] == b["patterns"] and a["targets"] == b["targets"]
    assert "CDK_SYNTH_STDOUT_YAML" in hp.SOURCES


def test_the_report_schema_says_what_refused_measures():
    # review turn 11 S1: refused is the mean refusal; the busiest second is the headroom test
    props = hp.plan_report_schema()["properties"]
    pattern, target = props["patterns"]["items"]["properties"], props["targets"]["items"]["properties"]
    assert "on average" in pattern["refused"]["description"] == target["refused"]["description"]
    assert "busiest second" in target["hottest_partition"]["description"]
    assert "busiest second" in pattern["utilization"]["description"]
    assert hp.PLAN_SCHEMA_VERSION == "1.1"
