"""Bad and unusual input to the command line (issue 36, part 6), run as a subprocess: files in other encodings are read
or refused by name, overflowing values are refused in one line, epoch timestamps are read in their unit, and what a
profile assumes is said."""

import gzip
import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT
from test_logs import ATHENA_METADATA, athena_csv, query_output

DATA = ROOT / "notebooks" / "data"


def _run(*args, cwd, env=None):
    return subprocess.run(
        [sys.executable, "-W", "default", "-m", "hotpart", *map(str, args)],
        capture_output=True, text=True, cwd=cwd, timeout=240, env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
    )  # fmt: skip


def _one_line(r, *words):
    assert r.returncode == 2, r.stdout + r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr and "Warning" not in r.stderr, r.stderr
    for w in words:
        assert w in lines[0], lines[0]


def test_utf16_with_a_bom_and_gzip_are_read(tmp_path):
    text = (DATA / "metrics.json").read_text()
    (tmp_path / "m16.json").write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))  # PowerShell's `>`
    (tmp_path / "q.json.gz").write_bytes(gzip.compress((DATA / "queries.json").read_bytes()))
    r = _run("diagnose", "--metrics", "m16.json", "--queries", "q.json.gz", "--out", "r", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "1. Hot partition, key unknown on the table's writes" in r.stdout


def test_a_file_that_is_not_utf8_is_refused_by_name(tmp_path):
    (tmp_path / "latin.json").write_bytes('{"MetricDataResults": [{"Label": "caf\xe9"}]}'.encode("latin-1"))
    _one_line(_run("diagnose", "--metrics", "latin.json", "--out", "r", cwd=tmp_path), "latin.json", "UTF-8")
    assert not (tmp_path / "r").exists()


@pytest.mark.parametrize("value", ["1" + "0" * 400, "1e400", "1e308"])
def test_overflowing_values_are_refused_in_one_line(tmp_path, value):
    doc = json.dumps({"MetricDataResults": [{"Id": "m0", "Label": "WriteThrottleEvents",
                      "Timestamps": ["2026-11-30T09:00:00Z", "2026-11-30T09:01:00Z"], "Values": [0, 0]}]})  # fmt: skip
    (tmp_path / "big.json").write_text(doc.replace("[0, 0]", f"[{value}, {value}]"))
    _one_line(_run("diagnose", "--metrics", "big.json", "--out", "r", cwd=tmp_path), "big.json", "Values[0]")
    assert not (tmp_path / "r").exists()


@pytest.mark.parametrize(("scale", "unit"), [(1, "s"), (1_000, "ms"), (1_000_000, "us")])
def test_epoch_timestamps_are_read_in_their_unit(tmp_path, scale, unit):
    t0 = 1_795_000_000  # 2026-11-18
    rows = [f"{(t0 + i) * scale},a" for i in range(3)] + [f"{(t0 + 60) * scale},b"]
    (tmp_path / "log.csv").write_text("timestamp,pk\n" + "\n".join(rows) + "\n")
    for extra in ([], ["--timestamp-unit", unit]):
        r = _run("profile", "log.csv", *extra, cwd=tmp_path)
        assert r.returncode == 0 and "Warning" not in r.stderr, r.stderr
        assert "over 2 minutes from 2026-11-18" in r.stdout, r.stdout


def test_an_epoch_in_no_known_unit_is_refused(tmp_path):
    (tmp_path / "log.csv").write_text("timestamp,pk\n1795000000000000000,a\n")
    _one_line(_run("profile", "log.csv", cwd=tmp_path), "log.csv", "--timestamp-unit")


def test_units_that_overflow_in_a_log_are_refused(tmp_path):
    (tmp_path / "log.csv").write_text("timestamp,pk,u\n2026-11-30 09:00:01,a,1e400\n")
    _one_line(_run("profile", "log.csv", "--units", "u", cwd=tmp_path), "log.csv", "column 'u'")


def test_the_profile_says_what_it_assumed_and_takes_partitions_from_the_description(tmp_path):
    (tmp_path / "log.csv").write_text("timestamp,pk\n2026-11-30 09:00:01,a\n2026-11-30 09:01:01,b\n")
    r = _run("profile", "log.csv", cwd=tmp_path)
    assert "partitions: 1 assumed" in r.stdout and "sample rate: 1 assumed" in r.stdout
    desc = ROOT / "tests" / "fixtures" / "exports" / "20-description-gives-the-mode" / "table.json"
    r = _run("profile", "log.csv", "--table-description", desc, "--sample-rate", "0.01", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "busiest of 5 partitions" in r.stdout and "estimated from" in r.stdout and "sample rate" not in r.stdout


def test_diagnose_with_a_log_and_a_description_replays_the_log_on_the_described_table(tmp_path):
    desc = ROOT / "tests" / "fixtures" / "exports" / "20-description-gives-the-mode" / "table.json"
    r = _run(
        "diagnose", "--metrics", DATA / "metrics.json", "--queries", DATA / "queries.json",
        "--log", DATA / "access-log.parquet", "--timestamp", "request_time", "--key", "customer_id",
        "--units", "consumed_wcu", "--sample-rate", "0.005", "--table-description", desc, "--out", "r", cwd=tmp_path,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "partitions: 5, estimated from" in r.stdout
    assert "- as is:" in r.stdout and "- write sharding (10 suffixes" in r.stdout
    assert "| remedy | units refused |" in (tmp_path / "r" / "report.md").read_text()


def test_profile_aggregated_reads_the_querys_output_as_the_log(tmp_path):
    # issue 40: Athena's results CSV (header, every value quoted) of the query over the sample log
    log = DATA / "access-log.parquet"
    columns = "request_time AS ts, customer_id AS pk, consumed_wcu AS units"
    athena_csv(query_output(log, columns), tmp_path / "results.csv")
    args = ["--partitions", "8", "--sample-rate", "0.005"]
    raw = _run("profile", log, "--timestamp", "request_time", "--key", "customer_id", "--units", "consumed_wcu", *args,
               cwd=tmp_path)  # fmt: skip
    agg = _run("profile", "--aggregated", "results.csv", *args, cwd=tmp_path)
    assert raw.returncode == 0 and agg.returncode == 0, raw.stderr + agg.stderr
    assert agg.stdout.startswith("results.csv: ")
    assert agg.stdout.splitlines()[1:] == raw.stdout.splitlines()[1:]
    assert "Zipf fits" in agg.stdout


@pytest.mark.parametrize(
    ("write", "words"),
    [
        (lambda d: (d / "o.csv").write_text('"minute","pk","units"\n"2026-11-30 09:00:00.000","a","1.0"\n'),
         ["o.csv: column 'requests': expected the query's columns"]),
        (lambda d: (d / "o.csv").mkdir() or (d / "o.csv" / "_SUCCESS").write_text(""), ["o.csv: (folder)", "none"]),
        (lambda d: (d / "o.csv").write_text('"minute","pk","requests","units"\n"2026-11-30 09:00:00.000","a","x","1"\n'),
         ["o.csv: column 'requests'", "got 'x'"]),
    ],
    ids=["missing column", "empty folder", "wrong type"],
)  # fmt: skip
def test_profile_aggregated_refuses_bad_output_in_one_line(tmp_path, write, words):
    write(tmp_path)
    r = _run("profile", "--aggregated", "o.csv", cwd=tmp_path)
    _one_line(r, *words)
    assert r.stdout == ""


def test_profile_aggregated_reads_athenas_result_location_as_downloaded(tmp_path):
    # `aws s3 cp --recursive` of a result location: QueryID.csv beside its binary QueryID.csv.metadata, and the
    # CREATE VIEW's QueryID.txt with its own .metadata; the folder profiles as the CSV alone
    log = DATA / "access-log.parquet"
    out = query_output(log, "request_time AS ts, customer_id AS pk, consumed_wcu AS units")
    (tmp_path / "results").mkdir()
    athena_csv(out, tmp_path / "results" / "1b2c3d4e-aaaa-bbbb-cccc-0123456789ab.csv")
    (tmp_path / "results" / "1b2c3d4e-aaaa-bbbb-cccc-0123456789ab.csv.metadata").write_bytes(ATHENA_METADATA)
    (tmp_path / "results" / "0a0b0c0d-aaaa-bbbb-cccc-0123456789ab.txt").write_text("")
    (tmp_path / "results" / "0a0b0c0d-aaaa-bbbb-cccc-0123456789ab.txt.metadata").write_bytes(ATHENA_METADATA)
    athena_csv(out, tmp_path / "one.csv")
    args = ["--partitions", "8", "--sample-rate", "0.005"]
    folder, one = (
        _run("profile", "--aggregated", "results", *args, cwd=tmp_path),
        _run("profile", "--aggregated", "one.csv", *args, cwd=tmp_path),
    )
    assert folder.returncode == 0 and one.returncode == 0, folder.stderr + one.stderr
    assert folder.stdout.splitlines()[1:] == one.stdout.splitlines()[1:]


def test_profile_aggregated_refuses_a_folder_of_several_results_csvs(tmp_path):
    # round 4b, F4b-3: two runs of the query in one downloaded result location would be profiled as twice the traffic
    log = DATA / "access-log.parquet"
    out = query_output(log, "request_time AS ts, customer_id AS pk, consumed_wcu AS units")
    (tmp_path / "results").mkdir()
    for qid in ("1b2c3d4e-aaaa-bbbb-cccc-0123456789ab", "5e6f7a8b-aaaa-bbbb-cccc-0123456789ab"):
        athena_csv(out, tmp_path / "results" / f"{qid}.csv")
        (tmp_path / "results" / f"{qid}.csv.metadata").write_bytes(ATHENA_METADATA)
    r = _run("profile", "--aggregated", "results", "--partitions", "8", cwd=tmp_path)
    _one_line(r, "results: (folder): expected one query's output, not 2 results CSVs",
              "1b2c3d4e-aaaa-bbbb-cccc-0123456789ab.csv, 5e6f7a8b-aaaa-bbbb-cccc-0123456789ab.csv",
              "download the one QueryID.csv")  # fmt: skip
    assert r.stdout == ""


@pytest.mark.parametrize(
    ("name", "content", "words"),
    [
        ("q.csv.metadata", ATHENA_METADATA, ["q.csv.metadata: (file)", "got 'binary data'"]),
        ("unload-0", gzip.compress(b"2026-11-30 09:00:00.000\x01a\x012\x012.0\n"),
         ["unload-0: (file)", "TEXTFILE", "WITH (format = 'PARQUET')"]),
        ("unload-1", gzip.compress(b'{"minute": "2026-11-30 09:00:00.000", "pk": "a"}\n'),
         ["unload-1: (file)", "got 'JSON'", "WITH (format = 'PARQUET')"]),
        ("cut.parquet", b"PAR1" + bytes(10), ["cut.parquet: (file): expected the query's output as Parquet"]),
        ("text.csv", b"not,the,query\n1,2,3\n", ["text.csv: column 'minute': expected the query's columns"]),
    ],
    ids=["Athena's metadata", "UNLOAD TEXTFILE", "UNLOAD JSON", "truncated Parquet", "another query's CSV"],
)  # fmt: skip
def test_profile_aggregated_refuses_an_unreadable_file_in_one_line(tmp_path, name, content, words):
    (tmp_path / name).write_bytes(content)
    r = _run("profile", "--aggregated", name, cwd=tmp_path)
    _one_line(r, *words)
    assert r.stdout == ""


def test_a_minute_is_read_in_utc_whatever_the_machines_zone(tmp_path):
    # one instant, written in two zones, on a machine in Tokyo: one minute, 09:00 UTC (DuckDB's default zone is local)
    (tmp_path / "r.csv").write_text(
        '"minute","pk","requests","units"\n"2026-11-30 09:00:00.000 UTC","k","2","2.0"\n'
        '"2026-11-30 18:00:00.000 +09:00","k","1","1.0"\n'
    )
    (tmp_path / "log.csv").write_text("timestamp,pk\n2026-11-30 09:00:01,k\n2026-11-30T18:00:02+09:00,k\n")
    for args in (["--aggregated", "r.csv"], ["log.csv"]):
        r = _run("profile", *args, cwd=tmp_path, env={"TZ": "Asia/Tokyo"})
        assert r.returncode == 0, r.stderr
        assert "over 1 minute from 2026-11-30T09:00" in r.stdout, r.stdout


def test_metrics_read_with_another_exports_queries_are_refused_not_misread(tmp_path):
    """The sample's metrics with the queries ``hotpart queries orders`` prints (another export's Ids): each result's
    Label is the one its query gave, so a mismatch is refused by name, not read as the opposite diagnosis."""
    queries = tmp_path / "queries.json"
    r = _run("queries", "orders", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    queries.write_text(r.stdout, encoding="utf-8")
    r = _run("diagnose", "--metrics", DATA / "metrics.json", "--queries", queries, cwd=tmp_path)
    _one_line(r, "metrics.json", "MetricDataResults[0].Label", "'ConsumedReadCapacityUnits'", "queries.json")
    # the same queries with their Labels removed cannot be checked, and the sample's own queries still read
    bare = [{k: v for k, v in q.items() if k != "Label"} for q in json.loads(r.stdout or queries.read_text())]
    queries.write_text(json.dumps(bare), encoding="utf-8")
    assert _run("diagnose", "--metrics", DATA / "metrics.json", "--queries", queries, cwd=tmp_path).returncode == 0
    own = _run("diagnose", "--metrics", DATA / "metrics.json", "--queries", DATA / "queries.json", cwd=tmp_path)
    assert own.returncode == 0 and "writes" in own.stdout, own.stderr
