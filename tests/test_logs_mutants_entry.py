"""``profile_log``, the log profile's public entry point, in process (issue 49, part 6: its mutation survivors).

Each test calls :func:`hotpart.profile_log` on small files written under ``tmp_path`` in the formats it documents
(a CSV log with a header row, JSON lines, Parquet, a glob of CSV files, the query's output as Athena's results CSV
and as Parquet) and asserts what a caller sees: the refusals' exact messages (the parameter, its value and the
allowed range; the file, the field and what was expected), the bounds at their edge (the last value accepted and the
first refused), the defaults, and the ``progress`` lines, whose row counts say which reader sized the log.
"""

from __future__ import annotations

import math
import re

import duckdb
import numpy as np
import pytest

import hotpart as hp
from hotpart.models import logs
from hotpart.models.metric_data import ExportError

#: Two minutes of writes: a hot key ``a`` (3 requests) and ``b`` (1), one request a line.
LOG_ROWS = ("2026-11-30 09:00:01,a", "2026-11-30 09:00:02,a", "2026-11-30 09:00:30,b", "2026-11-30 09:01:00,a")


def _csv(path, rows=LOG_ROWS, header="timestamp,pk"):
    path.write_text(header + "\n" + "".join(r + "\n" for r in rows))
    return path


@pytest.fixture
def log(tmp_path):
    return _csv(tmp_path / "log.csv")


# --- the parameters: each refused by name, with its value and range, at the edge of its range ---------------------


def test_kind_is_read_or_write(log):
    with pytest.raises(ValueError, match=r"^kind = 'both' is not allowed: must be one of 'write', 'read'$"):
        hp.profile_log(log, kind="both")
    assert hp.profile_log(log, kind="read").kind == "read"


def test_partitions_from_1_to_a_million(log):
    for bad in (0, 1_000_001):
        with pytest.raises(ValueError, match=rf"^partitions = {bad} is out of range: must be in \[1, 1e\+06\]$"):
            hp.profile_log(log, partitions=bad)
    one = hp.profile_log(log, partitions=1)
    assert one.partitions == 1 and one.busiest_partition == 0
    # the whole log on one partition: its busiest minute, 09:00, has 3 requests: 3 / 60 units/s
    assert one.partition_peak == pytest.approx(3 / 60)
    most = hp.profile_log(log, partitions=1_000_000)
    assert most.partitions == 1_000_000 and 0 <= most.busiest_partition < 1_000_000


def test_top_from_1_to_10_000_and_20_by_default(tmp_path, log):
    for bad in (0, 10_001):
        with pytest.raises(ValueError, match=rf"^top = {bad} is out of range: must be in \[1, 10000\]$"):
            hp.profile_log(log, top=bad)
    assert hp.profile_log(log, top=1).demand.shape == (2, 1)  # the hottest key only: a
    # 26 keys in the first minute: 20 kept per minute by default, every one with top = 10,000
    many = _csv(tmp_path / "many.csv", [f"2026-11-30 09:00:{i:02d},k{i:02d}" for i in range(26)] + ["2026-11-30 09:01:00,k00"])
    assert hp.profile_log(many).demand.shape == (2, 20)
    assert hp.profile_log(many, top=10_000).demand.shape == (2, 26)


def test_sample_rate_in_0_exclusive_to_1(log):
    for bad in (0, -0.5, math.nextafter(1.0, 2.0)):
        with pytest.raises(ValueError, match=rf"^sample_rate = {re.escape(repr(bad))} is out of range: must be in \(0, 1\]$"):
            hp.profile_log(log, sample_rate=bad)
    # a positive rate so small that a count divided by it overflows: refused, saying why
    least = logs._MAX_COUNT / np.finfo(float).max
    with pytest.raises(ValueError) as e:
        hp.profile_log(log, sample_rate=5e-324)
    assert str(e.value) == (
        f"sample_rate = 5e-324 is out of range: must be >= {least:g} (a key's requests / sample_rate, the log scaled "
        "up, overflows)"
    )
    assert hp.profile_log(log, sample_rate=1).key_requests.tolist() == [3.0, 1.0]
    assert hp.profile_log(log, sample_rate=0.25).key_requests.tolist() == [12.0, 4.0]  # 1 in 4 requests logged


def test_aggregated_is_true_or_false(log):
    with pytest.raises(ValueError, match=r"^aggregated = 'yes' is not allowed: must be one of False, True$"):
        hp.profile_log(log, aggregated="yes")


@pytest.mark.parametrize("option", ["sort_key", "units", "item_bytes", "timestamp_unit"])
def test_the_raw_logs_options_are_refused_with_the_querys_output(tmp_path, option):
    with pytest.raises(ValueError) as e:
        hp.profile_log(tmp_path / "out.parquet", aggregated=True, **{option: "s"})
    assert str(e.value) == (
        f"{option} = 's' is not used with aggregated=True: allowed: None (the query's output has its units per minute and key)"
    )


# --- the file: its name, its presence, its size -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("file", "got"),
    [
        ("log.txt", "'.txt'"),
        ("LOG.TXT", "'.TXT'"),  # the suffix is compared in lower case, and shown as written
        ("log", "'no suffix'"),
        ("log.csv.gz", "'.gz'"),  # a compressed raw log is not read: only the query's output may be gzip
        # a glob's '*' is read as a letter to find the suffix (logs/*.csv is a .csv), and shown as written
        ("log.csv*", "'.csv*'"),
    ],
)
def test_a_log_of_another_format_is_refused_by_its_suffix(tmp_path, file, got):
    name = str(tmp_path / file)
    with pytest.raises(ExportError) as e:
        hp.profile_log(name)
    assert str(e.value) == f"{name}: (file name): expected a file ending in one of .csv, .json, .jsonl, .parquet, got {got}"


def test_a_missing_file_and_an_empty_one_are_refused_by_name(tmp_path):
    missing = str(tmp_path / "log.csv")
    with pytest.raises(ExportError) as e:
        hp.profile_log(missing)
    assert str(e.value) == f"{missing}: (file): expected a readable file, got 'no such file'"
    (tmp_path / "log.csv").write_text("")
    with pytest.raises(ExportError) as e:
        hp.profile_log(missing)
    assert str(e.value) == f"{missing}: (file): expected a log with a header and rows, not an empty file"


def test_a_glob_reads_every_file_it_matches(tmp_path):
    _csv(tmp_path / "log-1.csv", LOG_ROWS[:2])
    _csv(tmp_path / "log-2.csv", LOG_ROWS[2:])
    p = hp.profile_log(str(tmp_path / "log-*.csv"))  # no file of that name: the files it matches
    assert (p.rows, p.keys, p.key_requests.tolist(), p.minutes) == (4, ("a", "b"), [3.0, 1.0], 2)


# --- what profile_log passes on ---------------------------------------------------------------------------------------


def test_a_numeric_timestamps_unit_is_the_one_given(tmp_path):
    """Epoch values 60,000 apart: a minute in milliseconds (as given), 1,000 minutes in seconds (as guessed)."""
    _csv(tmp_path / "log.csv", ["60000,a", "120000,b"])
    given = hp.profile_log(tmp_path / "log.csv", timestamp_unit="ms")
    assert (given.start, given.minutes) == (np.datetime64("1970-01-01T00:01"), 2)
    guessed = hp.profile_log(tmp_path / "log.csv")
    assert (guessed.start, guessed.minutes) == (np.datetime64("1970-01-01T16:40"), 1001)


def test_a_memory_limit_is_passed_to_duckdb(log):
    assert hp.profile_log(log, memory_limit="64MB").key_requests.tolist() == [3.0, 1.0]
    assert hp.profile_log(log, memory_limit="1.5 gb").key_requests.tolist() == [3.0, 1.0]  # DuckDB's any case


@pytest.mark.parametrize("limit", ["lots", "64", "MB", "1GB'; SET threads = 1; --", "-1GB", "1 PB", 64, b"64MB"])
def test_a_memory_limit_duckdb_cannot_read_is_refused_by_name_before_any_file_is_opened(tmp_path, limit):
    """The entry helper's finding: 'lots' reached DuckDB and came back as an error in the log's file; a quote would
    have ended the SQL string. Refused first, naming the parameter (the file is not even looked at)."""
    with pytest.raises(ValueError) as e:
        hp.profile_log(str(tmp_path / "missing.csv"), memory_limit=limit)
    assert str(e.value) == (
        f"memory_limit = {limit!r} is not allowed: must be a size such as '512MB' or '2GiB' (a number, then B, KB, MB, "
        "GB, TB, KiB, MiB, GiB or TiB)"
    )


# --- progress: the lines a caller is given ----------------------------------------------------------------------------


class _HalfWay(logs._Progress):
    """The progress line at half of the read, said through the caller's callback when the read starts: what a long
    read would say then, without waiting for one."""

    def reading(self, scan_share: float) -> None:
        super().reading(scan_share)
        if self.report is not None:
            self.report(self.line(50.0 * scan_share, 3.0))


def _lines(monkeypatch, path, **kw) -> list[str]:
    monkeypatch.setattr(logs, "_Progress", _HalfWay)
    lines: list[str] = []
    hp.profile_log(path, progress=lines.append, **kw)
    return lines


def _parquet(path, sql: str):
    con = duckdb.connect()
    con.execute(f"COPY ({sql}) TO '{path}' (FORMAT parquet)")
    con.close()
    return path


def test_a_csv_logs_rows_are_counted_less_its_header(tmp_path, monkeypatch):
    rows = [f"2026-11-30 09:00:{i:02d},k{i % 7}" for i in range(40)]
    path = _csv(tmp_path / "log.csv", rows)
    # the whole file is the sample: exact; 40 lines of data below one header
    assert _lines(monkeypatch, path) == ["reading log.csv: 20 of 40 rows (50%), 3 s left"]


def test_a_json_lines_logs_rows_are_all_its_lines(tmp_path, monkeypatch):
    path = tmp_path / "log.jsonl"
    path.write_text("".join(f'{{"timestamp": "2026-11-30 09:00:{i:02d}", "pk": "k{i % 7}"}}\n' for i in range(40)))
    assert _lines(monkeypatch, path) == ["reading log.jsonl: 20 of 40 rows (50%), 3 s left"]  # no header row


def test_a_parquet_logs_rows_come_from_its_metadata(tmp_path, monkeypatch):
    sql = "SELECT TIMESTAMP '2026-11-30 09:00:00' + to_seconds(i) AS timestamp, 'k' || (i % 7) AS pk FROM range(40) t(i)"
    path = _parquet(tmp_path / "log.parquet", sql)
    assert _lines(monkeypatch, path) == ["reading log.parquet: 20 of 40 rows (50%), 3 s left"]


def test_a_globs_rows_are_its_files(tmp_path, monkeypatch):
    _csv(tmp_path / "log-1.csv", [f"2026-11-30 09:00:{i:02d},k{i % 7}" for i in range(20)])
    _csv(tmp_path / "log-2.csv", [f"2026-11-30 09:01:{i:02d},k{i % 7}" for i in range(20)])
    # the second file is beyond the sample: estimated from the first file's mean line (a header among 21 lines,
    # 946 bytes / (473 / 21) = 42 lines), less a header per file: about 40
    lines = _lines(monkeypatch, str(tmp_path / "log-*.csv"))
    assert lines == ["reading log-*.csv: 20 of about 40 rows (50%), 3 s left"]


def _output_rows(n: int) -> str:
    return (
        "SELECT TIMESTAMP '2026-11-30 09:00:00' + to_minutes(i) AS minute, 'k' || (i % 7) AS pk, "
        f"CAST(2 AS BIGINT) AS requests, 2.0 AS units FROM range({n}) t(i)"
    )


def test_the_querys_parquet_outputs_rows_come_from_its_metadata(tmp_path, monkeypatch):
    path = _parquet(tmp_path / "out.parquet", _output_rows(40))
    # one pipeline (the scan): half of DuckDB's progress is half of the rows
    assert _lines(monkeypatch, path, aggregated=True) == ["reading out.parquet: 20 of 40 rows (50%), 3 s left"]


def test_the_querys_results_csvs_rows_are_counted_less_its_header(tmp_path, monkeypatch):
    path = tmp_path / "results.csv"
    path.write_text(
        '"minute","pk","requests","units"\n'
        + "".join(f'"2026-11-30 09:{i:02d}:00.000","k{i % 7}","2","2.0"\n' for i in range(40))
    )
    assert _lines(monkeypatch, path, aggregated=True) == ["reading results.csv: 20 of 40 rows (50%), 3 s left"]


def test_duckdbs_own_progress_is_read_while_a_log_is_read(tmp_path, monkeypatch):
    """A real read, sampled every 5 ms: DuckDB tracks the query's progress only when asked to, and the lines say it."""
    path = tmp_path / "log.csv"
    con = duckdb.connect()
    con.execute(
        "COPY (SELECT TIMESTAMP '2026-11-30 09:00:00' + to_microseconds(CAST(i * 12000 AS BIGINT)) AS timestamp, "
        f"'k' || CAST(i % 997 AS INT) AS pk FROM range(300000) t(i)) TO '{path}' (HEADER)"
    )
    con.close()
    monkeypatch.setattr(logs, "_PROGRESS_EVERY_S", 0.005)
    lines: list[str] = []
    p = hp.profile_log(path, progress=lines.append)
    assert p.rows == 300_000
    reading = [line for line in lines if line.startswith("reading log.csv: ")]
    said = re.compile(r"reading log\.csv: ([\d,]+) of about 300,\d{3} rows \(\d+%\), .*")  # estimated: beyond the sample
    assert reading and all(said.fullmatch(line) for line in reading), lines
    # rows read: DuckDB's progress moved (it stays at 0 or -1 when not tracked)
    assert any(said.fullmatch(line)[1] != "0" for line in reading), reading
