"""``profile_log``'s last mutation survivors, in process (issue 49, part 6): instants, and what DuckDB cannot read.

Each test calls :func:`hotpart.profile_log` on small files written under ``tmp_path`` as a user's logs look: a CSV
log whose times carry an offset (``2026-01-05T10:00:30+09:00``, which DuckDB reads as ``TIMESTAMP WITH TIME ZONE``),
Parquet instants written by pyarrow with their zone, a folder of daily Parquet logs of which one was written with
another schema, and a CSV log whose bad value lies past the rows DuckDB samples to type its columns. Each asserts the
profile (its first minute, its per-minute totals) or the refusal's message whole: the input, the field, what was
expected and DuckDB's own first line, taken from DuckDB on the same files.
"""

from __future__ import annotations

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import hotpart as hp
from hotpart.models.metric_data import ExportError

#: 2026-11-30 09:00:00 UTC in epoch seconds (numpy's own arithmetic, not the module's).
T0_S = int(np.datetime64("2026-11-30T09:00:00", "s").astype(np.int64))
#: What the refusal of input DuckDB fails on part-way says was expected.
UNREADABLE = "input DuckDB can read and profile"
#: What a refusal of a text timestamp adds (hotpart's documented rule for text timestamps).
TS_TEXT_RULE = (
    " in UTC or with their offset (+09:00, Z, UTC), not a zone name (in the engine: CAST(ts AT TIME ZONE 'UTC' AS timestamp))"
)


def _duckdb_first_line(sql: str) -> str:
    """The first line of DuckDB's own error for ``sql``: what the refusal quotes."""
    with pytest.raises(duckdb.Error) as e:
        duckdb.connect().execute(sql).fetchall()
    return str(e.value).splitlines()[0]


def _column_type(reader: str, column: str) -> str:
    """The type DuckDB gives a log's column (the premise of a test: which kind of column it reads)."""
    return {row[0]: row[1] for row in duckdb.connect().execute(f"DESCRIBE SELECT * FROM {reader}").fetchall()}[column]


# --- instants: a time with an offset is bucketed in its UTC minute, whatever its year -------------------------------


def test_iso_times_with_an_offset_are_bucketed_in_their_utc_minute(tmp_path):
    # Tokyo's 10:00:30 and 10:00:59 (+09:00) are 01:00 UTC, as is 01:00:10Z; 10:01:30+09:00 is 01:01 UTC; New York's
    # 20:01:05-05:00 is 01:01 UTC the next day: 3 requests in 01:00 and 2 in 01:01 (by hand, not by DuckDB)
    path = tmp_path / "log.csv"
    path.write_text(
        "timestamp,pk\n2026-01-05T10:00:30+09:00,a\n2026-01-05T10:00:59+09:00,b\n2026-01-05T01:00:10Z,a\n"
        "2026-01-05T10:01:30+09:00,a\n2026-01-04T20:01:05-05:00,b\n"
    )
    assert _column_type(f"read_csv('{path}')", "timestamp") == "TIMESTAMP WITH TIME ZONE"  # the instant's branch
    p = hp.profile_log(path)
    assert p.start == np.datetime64("2026-01-05T01:00") and p.minutes == 2 and p.rows == 5
    assert p.total.tolist() == [3 / 60, 2 / 60]
    assert p.keys == ("a", "b") and p.key_requests.tolist() == [3.0, 2.0]


def _edge_of_9999_as_csv(tmp_path):
    # Tokyo's 10000-01-01 08:59:30 is 9999-12-31 23:59:30 UTC, its 09:00:10 is 10000-01-01 00:00:10 UTC
    path = tmp_path / "log.csv"
    path.write_text("timestamp,pk\n10000-01-01T08:59:30+09:00,a\n10000-01-01T09:00:10+09:00,b\n")
    return path, f"read_csv('{path}')"


def _edge_of_9999_as_parquet(tmp_path):
    # the last microsecond of 9999 and the first of 10000, UTC, in a column whose zone is Tokyo's
    us = [int(np.datetime64(t, "us").astype(np.int64)) for t in ("9999-12-31T23:59:59.999999", "10000-01-01T00:00:00")]
    path = tmp_path / "log.parquet"
    pq.write_table(pa.table({"timestamp": pa.array(us, pa.timestamp("us", tz="Asia/Tokyo")), "pk": ["a", "b"]}), path)
    return path, f"read_parquet('{path}')"


@pytest.mark.parametrize("write", [_edge_of_9999_as_csv, _edge_of_9999_as_parquet], ids=["csv offsets", "parquet"])
def test_instants_on_both_sides_of_the_year_10000_are_bucketed_by_their_instant(tmp_path, write):
    # DuckDB holds instants up to the year 294,246; no text form with a four-digit year writes the second one, so an
    # instant is bucketed from its value, never from its text: one request in the last minute of 9999, one in the first
    # of 10000
    path, reader = write(tmp_path)
    assert _column_type(reader, "timestamp") == "TIMESTAMP WITH TIME ZONE"
    p = hp.profile_log(path)
    assert p.start == np.datetime64("9999-12-31T23:59") and p.minutes == 2 and p.rows == 2
    assert p.total.tolist() == [1 / 60, 1 / 60]
    assert p.demand[:, list(p.keys).index("a")].tolist() == [1 / 60, 0.0]


# --- input DuckDB fails on part-way: one line naming the input and DuckDB's first line ------------------------------


def _daily_logs(folder, second_day: dict) -> str:
    """Two days of epoch-second logs in ``folder`` (the second day's columns given), and the glob of both."""
    folder.mkdir()
    pq.write_table(pa.table({"timestamp": pa.array([T0_S, T0_S + 30], pa.int64()), "pk": ["a", "a"]}), folder / "day-1.parquet")
    pq.write_table(pa.table(second_day), folder / "day-2.parquet")
    return str(folder / "day-*.parquet")


def test_a_glob_whose_second_file_lacks_the_timestamp_column_is_refused_naming_the_glob(tmp_path):
    # DuckDB types a glob from its first file: the second day's file, written with its time as 'ts', fails the read
    glob = _daily_logs(tmp_path / "logs", {"ts": pa.array([T0_S + 60], pa.int64()), "pk": ["b"]})
    reason = _duckdb_first_line(f"SELECT min(timestamp) FROM read_parquet('{glob}')")
    assert reason.startswith("Invalid Input Error: Failed to read file ")  # DuckDB's reason, not one of hotpart's
    with pytest.raises(ExportError) as e:
        hp.profile_log(glob)
    # DuckDB's line whole: cut at 60 characters it kept the failing file and lost the missing column (issue 49)
    assert (e.value.file, e.value.field, e.value.expected) == (glob, "(file)", f"{UNREADABLE} ({reason})")
    assert str(e.value) == f"{glob}: (file): expected {UNREADABLE} ({reason})"
    assert "\n" not in str(e.value)


def test_a_glob_whose_files_agree_is_profiled_whole(tmp_path):
    # the edge of the refusal above: the same second day, its time named as the first day's, is read with it
    glob = _daily_logs(tmp_path / "logs", {"timestamp": pa.array([T0_S + 60], pa.int64()), "pk": ["b"]})
    p = hp.profile_log(glob)
    assert p.start == np.datetime64("2026-11-30T09:00") and p.minutes == 2 and p.total.tolist() == [2 / 60, 1 / 60]


#: Good rows before the bad one: more than DuckDB's CSV sniffer reads to type a column (its sample_size, 20,480 rows by
#: default, taken from a few places in a file on disk; the test checks the column was typed from good rows only).
PAST_THE_SAMPLE = 30_000


def test_a_bad_epoch_past_duckdbs_sample_is_refused_with_its_line(tmp_path):
    # epoch seconds in every row DuckDB samples (typed BIGINT), and 'abc' on the file's line 30,002 (a header line and
    # 30,000 good rows before it), which it did not sample: DuckDB stops there, and the refusal names the column (read
    # alone, it fails) and quotes DuckDB's first line
    path = tmp_path / "log.csv"
    path.write_text("timestamp,pk\n" + "".join(f"{T0_S + i % 60},a\n" for i in range(PAST_THE_SAMPLE)) + "abc,b\n")
    assert _column_type(f"read_csv('{path}')", "timestamp") == "BIGINT"
    reason = "Conversion Error: CSV Error on Line: 30002"
    assert _duckdb_first_line(f"SELECT max(timestamp) FROM read_csv('{path}')") == reason
    with pytest.raises(ExportError) as e:
        hp.profile_log(path)
    assert str(e.value) == f"{path}: column 'timestamp': expected timestamps ({reason})"


def test_the_same_bad_epoch_inside_the_sample_is_refused_naming_the_column(tmp_path):
    # the edge of the refusal above: within the rows DuckDB samples, 'abc' makes the column text, and a text column is
    # read by hotpart's rule for text timestamps: neither the epoch number nor 'abc' is one, 2 groups refused by column
    path = tmp_path / "log.csv"
    path.write_text(f"timestamp,pk\n{T0_S},a\nabc,b\n")
    assert _column_type(f"read_csv('{path}')", "timestamp") == "VARCHAR"
    with pytest.raises(ExportError) as e:
        hp.profile_log(path)
    assert str(e.value) == f"{path}: column 'timestamp': expected timestamps{TS_TEXT_RULE} in every row (2 groups without)"
