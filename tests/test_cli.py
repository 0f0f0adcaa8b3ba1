"""The command line, run as a subprocess: it diagnoses the sample files; bad input gets one line and exit 2."""

import json
import subprocess
import sys

import pytest

from conftest import ROOT

DATA = ROOT / "notebooks" / "data"


def _run(*args, cwd=None):
    return subprocess.run(
        [sys.executable, "-m", "hotpart", *map(str, args)], capture_output=True, text=True, cwd=cwd or ROOT, timeout=240
    )


def test_diagnose_the_sample_files_writes_a_report(tmp_path):
    out = tmp_path / "report"
    r = _run(
        "diagnose", "--metrics", DATA / "metrics.json", "--queries", DATA / "queries.json",
        "--insights", DATA / "insights-accessed.json", "--throttled-keys", DATA / "insights-throttled.json",
        "--log", DATA / "access-log.parquet", "--timestamp", "request_time", "--key", "customer_id",
        "--units", "consumed_wcu", "--partitions", "8", "--sample-rate", "0.005", "--out", out,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "1. Single-key write concentration on the table's writes" in r.stdout and "**" not in r.stdout
    assert "write-shard 'customer#00000' over at least" in r.stdout.lower() and "See chapter 5" in r.stdout
    assert "Zipf fits" in r.stdout
    assert sorted(p.name for p in out.iterdir()) == [".hotpart-output.json", "metrics.png", "report.md"]


def test_profile_prints_the_profile():
    r = _run("profile", DATA / "access-log.parquet", "--timestamp", "request_time", "--key", "customer_id", "--partitions", "8")
    assert r.returncode == 0, r.stderr
    assert "CUSTOMER#00000" in r.stdout and "busiest of 8 partitions" in r.stdout


def _bad_cases(tmp):
    results = json.loads((DATA / "metrics.json").read_text())
    cases = {}
    (tmp / "notjson.json").write_text("{oops")
    cases["not JSON"] = (["--metrics", tmp / "notjson.json"], "notjson.json: (line 1): expected valid JSON")
    (tmp / "empty.json").write_text("")
    cases["empty"] = (["--metrics", tmp / "empty.json"], "empty.json: (file): expected a JSON document")
    missing = json.loads(json.dumps(results))
    del missing["MetricDataResults"][0]["Values"]
    (tmp / "missing.json").write_text(json.dumps(missing))
    cases["missing field"] = (["--metrics", tmp / "missing.json"], "missing.json: MetricDataResults[0].Values")
    unknown = json.loads(json.dumps(results))
    unknown["MetricDataResults"][0]["Label"] = "CPUUtilization"
    (tmp / "unknown.json").write_text(json.dumps(unknown))
    cases["unknown metric"] = (
        ["--metrics", tmp / "unknown.json"],
        "unknown.json: MetricDataResults[0].Label: expected a DynamoDB",
    )
    mism = json.loads(json.dumps(results))
    mism["MetricDataResults"][0]["Values"].pop()
    (tmp / "mismatch.json").write_text(json.dumps(mism))
    cases["mismatched"] = (["--metrics", tmp / "mismatch.json"], "mismatch.json: MetricDataResults[0].Values: expected as many")
    neg = json.loads(json.dumps(results))
    neg["MetricDataResults"][2]["Values"][3] = -5
    (tmp / "negative.json").write_text(json.dumps(neg))
    cases["negative"] = (
        ["--metrics", tmp / "negative.json"],
        "negative.json: MetricDataResults[2].Values[3]: expected a number from 0 to 1e+15",
    )
    cases["log columns"] = (
        ["--metrics", DATA / "metrics.json", "--log", DATA / "access-log.parquet"],
        "access-log.parquet: column 'timestamp': expected a column for timestamp",
    )
    return cases


@pytest.mark.parametrize(
    "case", ["not JSON", "empty", "missing field", "unknown metric", "mismatched", "negative", "log columns"]
)
def test_bad_input_gets_one_line_exit_2_and_no_report(tmp_path, case):
    args, expected = _bad_cases(tmp_path)[case]
    out = tmp_path / "report"
    r = _run("diagnose", *args, "--out", out)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0], r.stderr
    assert not out.exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".hotpart-report")]


def test_profile_of_a_missing_log_exits_2():
    r = _run("profile", "no-such-log.csv")
    assert r.returncode == 2 and r.stderr.startswith("hotpart: error: no-such-log.csv: (file)")


@pytest.mark.parametrize("args", [["--help"], ["diagnose", "--help"], ["queries", "orders", "--index", "status-index"]])
def test_help_and_queries_load_no_numerical_or_plotting_library(args):
    """Issue 47: the command line starts at once; the layers load only what a command uses (hotpart/_lazy.py)."""
    code = (
        "import contextlib, io, runpy, sys\n"
        f"sys.argv = ['hotpart', *{args!r}]\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
        "    try:\n"
        "        runpy.run_module('hotpart', run_name='__main__', alter_sys=True)\n"
        "    except SystemExit as e:\n"
        "        assert e.code in (0, None), e.code\n"
        "heavy = ('matplotlib', 'numpy', 'scipy', 'IPython', 'ipywidgets', 'boto3', 'duckdb')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]", r.stdout


def test_the_package_still_reaches_every_name_and_loads_each_layer_on_first_use():
    code = (
        "import sys, hotpart as hp\n"
        "assert 'numpy' not in sys.modules and 'matplotlib' not in sys.modules\n"
        "hp.simulate\n"
        "assert 'hotpart.models.simulator' in sys.modules and 'matplotlib' not in sys.modules\n"
        "assert callable(hp.explore) and 'burst' in hp.EXPLORABLES and 'matplotlib' in sys.modules\n"
        "assert hp.__all__ == [*hp.models.__all__, *hp.book.__all__, *hp.figures.__all__] and 'diagnose' in dir(hp)\n"
        "try:\n"
        "    hp.no_such_name\n"
        "except AttributeError as e:\n"
        "    assert 'no_such_name' in str(e)\n"
        "else:\n"
        "    raise SystemExit('no AttributeError')\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr


def _chapter_16_commands():
    """The `python -m hotpart` commands of chapter 16's first shell block (on the sample files), continuation lines
    joined and its `D=notebooks/data` variable filled in; and the block that follows it (the reader's own table)."""
    cells = json.loads((ROOT / "notebooks" / "16_your_table.ipynb").read_text(encoding="utf-8"))["cells"]
    text = next("".join(c["source"]) for c in cells if "python -m hotpart profile $D/access-log.parquet" in "".join(c["source"]))
    blocks = [b.split("```", 1)[0] for b in text.split("```bash")[1:]]
    sample = blocks[0].replace("\\\n", " ")
    assert "D=notebooks/data" in sample
    sample = sample.replace("$D/", "notebooks/data/")
    commands = [line.split("#")[0].split() for line in sample.splitlines() if line.startswith("python -m hotpart ")]
    return commands, blocks[1]


def test_chapter_16s_commands_give_the_answers_the_chapter_gives(tmp_path):
    """Issue 46 item 7: the printed profile command takes the log's units and sample rate, so it finds the busiest
    partition the chapter reports (above the ceiling), as diagnose does."""
    import hotpart as hp

    listed, own_table = _chapter_16_commands()
    commands = {c[3]: c for c in listed}
    # the sample's block never rewrites the sample's queries.json (a queries file written for another export maps
    # its series to other metrics); the reader's own table has its own block: queries, then the export
    assert "queries" not in commands and "python -m hotpart queries orders > queries.json" in own_table
    assert "--metric-data-queries file://queries.json" in own_table
    profile = commands["profile"]
    assert "--units" in profile and "--sample-rate" in profile
    r = _run(*profile[3:], cwd=ROOT)
    assert r.returncode == 0, r.stderr
    want = f"busiest of 8 partitions: peak {hp.sample_log_numbers()['peak_partition']:,.0f} units/s (ceiling 1,000)"
    assert want in r.stdout, r.stdout
    diagnose = [a if a != "report" else str(tmp_path / "report") for a in commands["diagnose"][3:]]
    r = _run(*diagnose, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert "1. Single-key write concentration on the table's writes" in r.stdout and want in r.stdout
    assert "ZipfFit(" not in r.stdout
