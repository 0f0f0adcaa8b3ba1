"""What ``profile_log`` refuses, and whom it names (issue 49: four bugs a mutation-testing helper found in the log profile).

1. **The column at fault is named**: a ``--units`` or ``--item-bytes`` column of dates, times, bytes or booleans is
   refused by its name and type before the log is read; a value DuckDB fails to convert part-way (a CSV's ``abc``
   past the rows it samples) is refused naming its own column, found by reading each mapped column alone (for the
   timestamp column: ``tests/test_logs_mutants_profile.py``); a file of a glob without a column is refused by file,
   whatever the type of the times; running out of memory names the memory limit, not a column.
2. **memory_limit from 64MB to 1024TiB**, refused by name outside: below, DuckDB cannot read a small log at all; above,
   it is beyond any machine's memory and near DuckDB's own ceiling (2**64 - 1 bytes, whose edge DuckDB computes in
   floating point).
3. **A log's span is bounded before anything is allocated**: at most 31 days of minutes, and at most ``MAX_ELEMENTS``
   values of per-minute demand (minutes x hot keys), or the refusal says how many minutes, from when to when, and
   what to do.
4. **Instants before the year 1** are refused by file and column, as the other refusals are.

And the refusal of a file DuckDB cannot read quotes DuckDB's first line whole (it was cut at 60 characters, which for
a glob kept the failing file's path and lost the missing column). Each test writes the files a user's logs look like
(CSV with a header row, Parquet written by pyarrow, a folder of daily Parquet logs) under ``tmp_path``; DuckDB's own
reasons are taken from DuckDB on the same files. The last test runs ``hotpart profile`` as a subprocess: exit 2 and one
line.
"""

from __future__ import annotations

import datetime as dt
import re
import subprocess
import sys
import tracemalloc

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import hotpart as hp
from conftest import ROOT
from hotpart.models import logs
from hotpart.models.metric_data import ExportError

#: Three requests at 09:00:01, 09:00:02 and 09:00:03.
TIMES = [dt.datetime(2026, 11, 30, 9, 0, s) for s in (1, 2, 3)]
#: What the refusal of input DuckDB cannot read says was expected.
UNREADABLE = "input DuckDB can read and profile"
#: What a refused units column was expected to hold.
UNITS = "numbers of capacity units per request"
#: 31 days of minutes: the longest span a profile takes (counted by hand, not read from the module).
SPAN_MAX = 31 * 24 * 60
#: 64 MB and 1024 TiB in bytes: memory_limit's floor and ceiling.
FLOOR_B, CEILING_B = 64 * 10**6, 1024 * 2**40


def _duckdb_first_line(sql: str) -> str:
    """The first line of DuckDB's own error for ``sql``: what a refusal quotes."""
    with pytest.raises(duckdb.Error) as e:
        duckdb.connect().execute(sql).fetchall()
    return str(e.value).splitlines()[0]


def _csv(path, rows, header="timestamp,pk"):
    path.write_text(header + "\n" + "".join(r + "\n" for r in rows))
    return path


def _refusal(path, **kwargs) -> ExportError:
    with pytest.raises(ExportError) as e:
        hp.profile_log(path, **kwargs)
    assert "\n" not in str(e.value)
    return e.value


# --- 1. the column at fault ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "duckdb_type"),
    [
        (pa.array([dt.date(2026, 1, 1)] * 3), "DATE"),
        (pa.array([dt.time(1, 2)] * 3), "TIME"),
        (pa.array([b"x"] * 3, pa.binary()), "BLOB"),
        (pa.array([True, False, True]), "BOOLEAN"),  # would be read as 1 and 0 units
        (pa.array(TIMES, pa.timestamp("us")), "TIMESTAMP"),
    ],
    ids=["date", "time", "blob", "boolean", "timestamp"],
)
@pytest.mark.parametrize("option", ["units", "item_bytes"])
def test_a_units_column_of_another_type_is_refused_by_its_name_and_type(tmp_path, values, duckdb_type, option):
    # the bug: every one of these was 'column 'timestamp': expected timestamps (Conversion Error: ... source column u)'
    path = tmp_path / "log.parquet"
    pq.write_table(pa.table({"timestamp": TIMES, "pk": ["a", "b", "a"], "u": values}), path)
    e = _refusal(path, **{option: "u"})
    what = UNITS if option == "units" else "item sizes in bytes"
    assert str(e) == f"{path}: column 'u': expected {what}, as numbers or text, got {duckdb_type!r}"


@pytest.mark.parametrize("u", [pa.array([1, 2, 3], pa.int8()), pa.array([1.5, 2.0, 0.25]), pa.array(["1", "2", "3"])])
def test_a_units_column_of_numbers_or_text_is_read(tmp_path, u):
    # the edge of the refusal above: numbers of any width, and text that converts, are units
    path = tmp_path / "log.parquet"
    pq.write_table(pa.table({"timestamp": TIMES, "pk": ["a", "b", "a"], "u": u}), path)
    p = hp.profile_log(path, units="u")
    units = [float(x) for x in u.to_pylist()]
    assert dict(zip(p.keys, p.key_units.tolist(), strict=True)) == {"a": units[0] + units[2], "b": units[1]}


#: Good rows before the bad one: more than DuckDB's CSV sniffer samples to type a column (20,480 rows by default).
PAST_THE_SAMPLE = 30_000


def test_a_bad_units_value_past_duckdbs_sample_is_refused_naming_the_units_column(tmp_path):
    # DuckDB types 'u' BIGINT from the rows it samples and fails at 'abc' on the file's line 30,002: the bug blamed
    # the timestamp column; each mapped column read alone says it is 'u'
    path = _csv(
        tmp_path / "log.csv",
        [f"2026-11-30 09:00:{i % 60:02d},a,1" for i in range(PAST_THE_SAMPLE)] + ["2026-11-30 09:00:02,a,abc"],
        header="timestamp,pk,u",
    )
    reason = _duckdb_first_line(f"SELECT max(u) FROM read_csv('{path}')")
    assert reason == "Conversion Error: CSV Error on Line: 30002"
    e = _refusal(path, units="u")
    assert str(e) == f"{path}: column 'u': expected {UNITS} ({reason})"


def test_a_units_value_that_is_not_a_number_is_refused_naming_the_units_column(tmp_path):
    # within the sample, 'abc' makes the column text, and its cast to a number fails as the log is read; the column
    # read alone gives DuckDB's reason with the value
    path = _csv(tmp_path / "log.csv", ["2026-11-30 09:00:01,a,1", "2026-11-30 09:00:02,a,abc"], header="timestamp,pk,u")
    assert duckdb.connect().execute(f"DESCRIBE SELECT u FROM read_csv('{path}')").fetchall()[0][1] == "VARCHAR"
    reason = _duckdb_first_line(f"SELECT count(CAST(u AS DOUBLE)) FROM read_csv('{path}')")
    assert reason == "Conversion Error: Could not convert string 'abc' to DOUBLE when casting from source column u"
    e = _refusal(path, units="u")
    assert str(e) == f"{path}: column 'u': expected {UNITS} ({reason})"


def _daily_logs(folder, times) -> str:
    """Two daily Parquet logs in ``folder``, the second written with its time column named ``ts``; their glob (as
    ``tests/test_logs_mutants_profile.py`` writes them with epoch seconds)."""
    folder.mkdir()
    pq.write_table(pa.table({"timestamp": times[:2], "pk": ["a", "a"]}), folder / "day-1.parquet")
    pq.write_table(pa.table({"ts": times[2:], "pk": ["b"]}), folder / "day-2.parquet")
    return str(folder / "day-*.parquet")


def test_a_glob_with_a_file_lacking_the_time_column_is_refused_by_file_with_duckdbs_whole_line(tmp_path):
    # the bug: with TIMESTAMP times it was blamed on the column 'timestamp' (with epoch numbers on the file, as it
    # still is: tests/test_logs_mutants_profile.py); and the file-level line was cut at 60 characters, which kept the
    # first file's path and lost the missing column
    glob = _daily_logs(tmp_path / "logs", pa.array(TIMES, pa.timestamp("us")))
    reason = _duckdb_first_line(f"SELECT min(timestamp) FROM read_parquet('{glob}')")
    assert 'column "timestamp" was read from the original file' in reason and len(reason) > 60
    e = _refusal(glob)
    assert (e.file, e.field) == (glob, "(file)")
    assert str(e) == f"{glob}: (file): expected {UNREADABLE} ({reason})"


def _big_value_log(path):
    """A Parquet log whose one key is 40,000,000 characters: DuckDB needs 64 MiB to read it."""
    pq.write_table(
        pa.table({"timestamp": TIMES[:1], "pk": ["b" * 40_000_000]}), path, compression="snappy", use_dictionary=False,
        write_statistics=False,
    )  # fmt: skip
    return path


def test_running_out_of_memory_names_memory_limit_not_a_column(tmp_path):
    # the bug: 'column 'timestamp': expected timestamps (Out of Memory Error: ...)'
    path = _big_value_log(tmp_path / "log.parquet")
    with pytest.raises(ValueError) as e:
        hp.profile_log(path, memory_limit="64MB")
    assert not isinstance(e.value, ExportError)
    pattern = (
        rf"memory_limit = '64MB' is too small to profile {re.escape(str(path))}: DuckDB ran out of memory "
        r"\(Out of Memory Error: [^\n]+\): raise it, or pass None for DuckDB's default \(\d+(\.\d+)? [KMGT]iB here\)"
    )
    assert re.fullmatch(pattern, str(e.value)), str(e.value)
    assert hp.profile_log(path, memory_limit="1GB").rows == 1  # the same log within a larger limit


def test_running_out_of_memory_at_duckdbs_default_names_the_default(tmp_path, monkeypatch):
    # DuckDB's default limit (most of the machine's memory) cannot be filled in a test: the profile's last step
    # raises what DuckDB raises when it does
    path = _csv(tmp_path / "log.csv", ["2026-11-30 09:00:01,a"])

    def out_of_memory(*args, **kwargs):
        raise duckdb.OutOfMemoryException("Out of Memory Error: failed to allocate data of size 2.0 MiB")

    monkeypatch.setattr(logs, "_profile_per_minute", out_of_memory)
    default = duckdb.connect().execute("SELECT current_setting('memory_limit')").fetchall()[0][0]
    e = _refusal(path)
    assert str(e) == (
        f"{path}: (file): expected a log DuckDB can profile within its memory limit ({default} here, its default) "
        "(Out of Memory Error: failed to allocate data of size 2.0 MiB): profile it on a machine with more memory, "
        "or run the profile's query on Spark or Athena and profile its output (aggregated)"
    )


# --- 2. memory_limit's floor and ceiling -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "limit",
    ["99999999TB", "0.1B", "1KB", "2MB", "63999999B", "63.9999999MB", "1024.001TiB", f"{CEILING_B + 1}B", "1126TB"],
)
def test_a_memory_limit_outside_64mb_to_1024tib_is_refused_by_name(tmp_path, limit):
    # the bug: '99999999TB' reached DuckDB (which refuses more than 2**64 - 1 bytes) and came back blamed on the file;
    # '1KB' and '2MB' ran out of memory, blamed on the file or the timestamp column
    path = _csv(tmp_path / "log.csv", ["2026-11-30 09:00:01,a"])
    with pytest.raises(ValueError) as e:
        hp.profile_log(path, memory_limit=limit)
    assert str(e.value) == (
        f"memory_limit = {limit!r} is out of range: must be from 64MB (DuckDB needs some 40 MB to read a small log) to 1024TiB"
    )


@pytest.mark.parametrize("limit", ["64MB", f"{FLOOR_B}B", "64000KB", "1024TiB", f"{CEILING_B}B", "1125.899906842624TB"])
def test_a_memory_limit_at_its_edges_is_taken(tmp_path, limit):
    path = _csv(tmp_path / "log.csv", ["2026-11-30 09:00:01,a", "2026-11-30 09:00:02,b"])
    assert hp.profile_log(path, memory_limit=limit).rows == 2


def test_a_json_lines_log_profiles_at_the_floor(tmp_path):
    # the format that needs the most of the floor (DuckDB's JSON reader: some 37 MiB for a small log)
    path = tmp_path / "log.jsonl"
    path.write_text("".join(f'{{"timestamp": "2026-11-30 09:00:{s:02d}", "pk": "k{s % 3}"}}\n' for s in range(60)))
    assert hp.profile_log(path, memory_limit="64MB").rows == 60


# --- 3. the span -----------------------------------------------------------------------------------------------------


def _peak_mb(call) -> float:
    """The peak memory Python and numpy allocate during ``call()``, MB (tracemalloc sees numpy's arrays)."""
    tracemalloc.start()
    try:
        call()
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak / 1e6


def test_a_span_of_31_days_is_profiled(tmp_path):
    # 2026-11-01 00:00 to 2026-12-01 23:59 is 44,640 minutes, the first and the last included
    path = _csv(tmp_path / "log.csv", ["2026-11-01 00:00:10,a", "2026-12-01 23:59:50,b"])
    p = hp.profile_log(path)
    assert p.minutes == SPAN_MAX and p.demand.shape == (SPAN_MAX, 2)


def test_a_minute_more_is_refused_with_the_span_and_what_to_do(tmp_path):
    path = _csv(tmp_path / "log.csv", ["2026-11-01 00:00:10,a", "2026-12-02 00:00:00,b"])
    e = _refusal(path)
    assert str(e) == (
        f"{path}: column 'timestamp': expected at most 44,640 minutes (31 days) from the first request to the last, "
        "got 44,641 minutes, from 2026-11-01 00:00:00 to 2026-12-02 00:00:00: profile a window of the log (keep its "
        "rows between two times in a new file), or drop a stray row far from the others"
    )


def test_one_stray_row_in_1970_is_refused_before_anything_is_allocated(tmp_path):
    # the bug: 29,933,821 minutes, a 718 MB demand array, 1.36 GB with 3 keys
    path = _csv(tmp_path / "log.csv", ["1970-01-01 00:00:00,a", "2026-11-30 09:00:02,b", "2026-11-30 09:00:03,c"])

    def refuse():
        with pytest.raises(ExportError, match=r"got 29,933,821 minutes, from 1970-01-01 00:00:00 to 2026-11-30 09:00:00"):
            hp.profile_log(path)

    assert _peak_mb(refuse) < 20


def test_a_stray_minute_in_the_querys_output_is_refused_naming_its_minute_column(tmp_path):
    path = tmp_path / "results.csv"
    path.write_text(
        '"minute","pk","requests","units"\n"2026-11-30 09:00:00.000","a","2","2.0"\n"2027-01-01 00:00:00.000","b","1","1.0"\n'
    )
    e = _refusal(path, aggregated=True)
    assert str(e).startswith(f"{path}: column 'minute': expected at most 44,640 minutes (31 days) ")
    assert "got 45,541 minutes, from 2026-11-30 09:00:00 to 2027-01-01 00:00:00" in str(e)


def _keys_over_minutes(path, keys: int, minutes: int):
    """One request per key in the first minute, and one more of the first key ``minutes - 1`` minutes later."""
    first = np.datetime64("2026-11-01T00:00:05")
    last = first + np.timedelta64(minutes - 1, "m")
    rows = [f"{first},k{i:05d}" for i in range(keys)] + [f"{last},k00000"]
    return _csv(path, [r.replace("T", " ") for r in rows])


def test_demand_of_ten_million_values_is_profiled(tmp_path):
    # MAX_ELEMENTS: 10,000 minutes x 1,000 hot keys is 10,000,000 values, the most one array takes
    path = _keys_over_minutes(tmp_path / "log.csv", keys=1_001, minutes=10_000)
    p = hp.profile_log(path, top=1_000)
    assert p.demand.shape == (10_000, 1_000)


def test_demand_of_more_values_is_refused_naming_top_before_it_is_allocated(tmp_path):
    path = _keys_over_minutes(tmp_path / "log.csv", keys=1_001, minutes=10_000)

    def refuse():
        with pytest.raises(ValueError) as e:
            hp.profile_log(path, top=1_001)
        assert str(e.value) == (
            f"top = 1001 is out of range for {path}: 1,001 keys over its 10,000 minutes are 10,010,000 values of "
            "demand, at most 10,000,000: must be at most 1,000 for this log (or profile a shorter window)"
        )

    assert _peak_mb(refuse) < 20


# --- 4. instants before the year 1 -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rows", "first"),
    [
        (["0002-12-31 (BC) 23:59:00,a"], "0002-12-31 (BC) 23:59:00"),
        # the last minute of 1 BC, next to the first of the year 1: refused by its year, not by the span
        (["0001-12-31 (BC) 23:59:30,a", "0001-01-01 00:00:10,b"], "0001-12-31 (BC) 23:59:00"),
    ],
    ids=["2 BC", "1 BC"],
)
def test_a_time_before_the_year_1_is_refused_by_file_and_column(tmp_path, rows, first):
    # the bug: a bare ValueError 'Error parsing datetime string "0002-12-31 (BC) 23:59:00" at position 11'
    path = _csv(tmp_path / "log.csv", rows)
    assert duckdb.connect().execute(f"DESCRIBE SELECT * FROM read_csv('{path}')").fetchall()[0][1] == "TIMESTAMP"
    e = _refusal(path)
    assert str(e) == f"{path}: column 'timestamp': expected timestamps from the year 1 on, got {first!r}"


def test_the_first_minute_of_the_year_1_is_profiled(tmp_path):
    path = _csv(tmp_path / "log.csv", ["0001-01-01 00:00:10,a", "0001-01-01 00:01:10,b"])
    p = hp.profile_log(path)
    assert p.start == np.datetime64("0001-01-01T00:00") and p.minutes == 2


def test_a_minute_before_the_year_1_in_the_querys_output_is_refused_naming_minute(tmp_path):
    # a Parquet output (text minutes are refused by their pattern): a TIMESTAMP column reaches before the year 1
    us = int(np.datetime64("-0001-12-31T23:59", "us").astype(np.int64))  # ISO year -1 is 2 BC
    path = tmp_path / "out.parquet"
    pq.write_table(
        pa.table({"minute": pa.array([us], pa.timestamp("us")), "pk": ["a"], "requests": pa.array([1], pa.int64()),
                  "units": [1.0]}), path,
    )  # fmt: skip
    e = _refusal(path, aggregated=True)
    assert str(e) == f"{path}: column 'minute': expected timestamps from the year 1 on, got '0002-12-31 (BC) 23:59:00'"


# --- the command line: exit 2 and one line ---------------------------------------------------------------------------


def _profile_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "hotpart", "profile", *map(str, args)], capture_output=True, text=True, cwd=ROOT, timeout=240
    )


@pytest.mark.parametrize(
    ("rows", "args", "expected"),
    [
        (["2026-11-30 09:00:01,a,1", "2026-11-30 09:00:02,a,abc"], ["--units", "u"], "column 'u': expected numbers of"),
        (["1970-01-01 00:00:00,a,1", "2026-11-30 09:00:02,b,1"], [], "column 'timestamp': expected at most 44,640 minutes"),
        (["0002-12-31 (BC) 23:59:00,a,1"], [], "column 'timestamp': expected timestamps from the year 1 on"),
    ],
    ids=["units", "span", "before the year 1"],
)
def test_hotpart_profile_refuses_in_one_line_with_exit_2(tmp_path, rows, args, expected):
    path = _csv(tmp_path / "log.csv", rows, header="timestamp,pk,u")
    r = _profile_cli(path, *args)
    assert r.returncode == 2, r.stderr
    assert r.stdout == "" and "Traceback" not in r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"hotpart: error: {path}: {expected}"), r.stderr


@pytest.mark.parametrize(
    ("stamp", "expected"),
    [("infinity", "finite timestamps, got 'infinity'"), ("-infinity", "timestamps from the year 1 on, got '-infinity'")],
)
def test_an_infinite_timestamp_in_a_parquet_log_is_refused_naming_its_column(tmp_path, stamp, expected):
    """A Parquet log can hold DuckDB's TIMESTAMP 'infinity': the span to it has no minutes (DuckDB gives NULL), and the
    profile raised a bare TypeError on it; it is refused naming the column and the value."""
    import duckdb

    log = tmp_path / "inf.parquet"
    duckdb.connect().execute(
        "COPY (SELECT * FROM (VALUES (TIMESTAMP '2026-11-30 09:00:01', 'a'), "
        f"(TIMESTAMP '{stamp}', 'b')) t(timestamp, pk)) TO '{log}'"
    )
    with pytest.raises(ValueError, match=rf"^{re.escape(str(log))}: column 'timestamp': expected {re.escape(expected)}$"):
        hp.profile_log(log)
