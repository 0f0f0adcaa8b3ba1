"""profile_log's SQL-building steps, in process (issue 49, part 6): the raw log's view, epoch units, the query's output.

The command-line tests reach these steps through a subprocess; these call :func:`hotpart.profile_log` (and, for the
progress line, the step itself) on small files written in the documented formats under ``tmp_path``: a CSV log with a
header, Parquet written by pyarrow with the column types an engine writes (epoch numbers of every width, decimals,
instants with a zone, nanosecond timestamps), Athena's results CSV, Spark's gzip CSV part files. Each asserts the
computed profile (start minute, per-minute totals, keys) or the exact refusal: the file, the column, what was expected.
"""

from __future__ import annotations

import datetime as dt
import gzip
import re
import warnings
from decimal import Decimal

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import hotpart as hp
from hotpart.models import logs
from hotpart.models.observed import ExportError

#: 2026-11-30 09:00:00 UTC in epoch seconds (numpy's own arithmetic, not the module's).
T0_S = int(np.datetime64("2026-11-30T09:00:00", "s").astype(np.int64))
#: Requests at 09:00:00, 09:00:30 and 09:01:01: two in the first minute, one in the second.
OFFSETS_S = (0, 30, 61)
#: What the test files' CSV refusals of a text timestamp add (hotpart's documented rule for text timestamps).
TS_TEXT_RULE = (
    " in UTC or with their offset (+09:00, Z, UTC), not a zone name (in the engine: CAST(ts AT TIME ZONE 'UTC' AS timestamp))"
)
#: What every refusal of the query's output's format says it expected.
OUTPUT_EXPECTED = "the query's output as Parquet, or as CSV with a header row (an Athena UNLOAD: WITH (format = 'PARQUET'))"
MINUTE_EXPECTED = "timestamps (the query's date_trunc('minute', ts))"


def _duckdb_first_line(sql: str) -> str:
    """The first line of DuckDB's own error for ``sql``: what a refusal quotes."""
    with pytest.raises(duckdb.Error) as e:
        duckdb.connect().execute(sql).fetchall()
    return str(e.value).splitlines()[0]


def _parquet(path, **columns):
    pq.write_table(pa.table(columns), path)
    return path


def _assert_two_minutes_from_nine(p: hp.LogProfile, start="2026-11-30T09:00") -> None:
    """The profile of OFFSETS_S: 2 requests in the first minute, 1 in the second, 1 unit each."""
    assert p.start == np.datetime64(start) and p.minutes == 2 and p.rows == 3
    assert p.total.tolist() == [2 / 60, 1 / 60]


# --- the raw log: its columns' types ------------------------------------------------------------------------------


def _epoch_values(kind):
    """OFFSETS_S from 2026-11-30 09:00 UTC as a pyarrow column of the given type and unit (or 1970 for float32)."""
    if kind == "int64 s":
        return pa.array([T0_S + o for o in OFFSETS_S], pa.int64())
    if kind == "float64 s":
        return pa.array([T0_S + o + 0.25 for o in OFFSETS_S], pa.float64())
    if kind == "decimal s":
        return pa.array([Decimal(T0_S + o) + Decimal("0.500") for o in OFFSETS_S], pa.decimal128(14, 3))
    if kind == "int32 s":
        return pa.array([T0_S + o for o in OFFSETS_S], pa.int32())
    if kind == "int64 ms":
        return pa.array([(T0_S + o) * 1000 + 999 for o in OFFSETS_S], pa.int64())
    if kind == "int64 us":
        return pa.array([(T0_S + o) * 1_000_000 + 999_999 for o in OFFSETS_S], pa.int64())
    assert kind == "float32 s"  # float32 holds whole seconds exactly only below 2**24: 1970-01-01 01:00 onwards
    return pa.array([3600.0 + o for o in OFFSETS_S], pa.float32())


@pytest.mark.parametrize("kind", ["int64 s", "int32 s", "float64 s", "float32 s", "decimal s", "int64 ms", "int64 us"])
def test_an_epoch_column_of_any_numeric_type_is_read_in_its_unit(tmp_path, kind):
    # the unit from the values' size (below 1e11: seconds; 1e14: milliseconds; 1e17: microseconds), every numeric
    # type DuckDB reads from Parquet (BIGINT, INTEGER, DOUBLE, FLOAT, DECIMAL)
    path = _parquet(tmp_path / "log.parquet", ts=_epoch_values(kind), pk=pa.array(["a", "a", "b"]))
    p = hp.profile_log(path, timestamp="ts")
    _assert_two_minutes_from_nine(p, "1970-01-01T01:00" if kind == "float32 s" else "2026-11-30T09:00")
    assert p.keys == ("a", "b") and p.key_requests.tolist() == [2.0, 1.0]


def test_an_epoch_column_in_a_csv_log_is_read_as_seconds(tmp_path):
    path = tmp_path / "log.csv"
    path.write_text("ts,pk\n" + "".join(f"{T0_S + o},k\n" for o in OFFSETS_S))
    _assert_two_minutes_from_nine(hp.profile_log(path, timestamp="ts"))


def test_the_timestamp_unit_given_wins_over_the_values_size(tmp_path):
    # epoch seconds' values read as milliseconds, as the caller said: 1,796,029,200 ms is 1970-01-21 18:53:49.200
    path = _parquet(tmp_path / "log.parquet", ts=pa.array([T0_S], pa.int64()), pk=pa.array(["a"]))
    p = hp.profile_log(path, timestamp="ts", timestamp_unit="ms")
    assert p.start == np.datetime64(T0_S, "ms").astype("datetime64[m]") == np.datetime64("1970-01-21T18:53")
    assert hp.profile_log(path, timestamp="ts", timestamp_unit="s").start == np.datetime64("2026-11-30T09:00")
    assert hp.profile_log(path, timestamp="ts", timestamp_unit="us").start == np.datetime64("1970-01-01T00:29")


def test_a_timestamp_unit_not_offered_is_refused_by_name(tmp_path):
    path = _parquet(tmp_path / "log.parquet", ts=pa.array([T0_S], pa.int64()), pk=pa.array(["a"]))
    with pytest.raises(ValueError) as e:
        hp.profile_log(path, timestamp="ts", timestamp_unit="h")
    assert str(e.value) == "timestamp_unit = 'h' is not allowed: must be one of 's', 'ms', 'us'"


#: One epoch value and the UTC minute it is read as: the unit's bounds exactly (1e11, 1e14 and 1e17, each exclusive).
EPOCH_BOUNDS = [
    (0, "1970-01-01T00:00"),  # the smallest value taken: 0 seconds
    (99_999_999_999, "5138-11-16T09:46"),  # the largest in seconds
    (100_000_000_000, "1973-03-03T09:46"),  # 1e11: milliseconds
    (99_999_999_999_999, "5138-11-16T09:46"),
    (100_000_000_000_000, "1973-03-03T09:46"),  # 1e14: microseconds
    # the largest in microseconds, compared exactly: as a float it would round to 1e17 and be refused
    (99_999_999_999_999_999, "5138-11-16T09:46"),
]


@pytest.mark.parametrize(("value", "minute"), EPOCH_BOUNDS)
def test_the_epoch_unit_changes_exactly_at_its_bounds(tmp_path, value, minute):
    path = _parquet(tmp_path / "log.parquet", ts=pa.array([value], pa.int64()), pk=pa.array(["a"]))
    p = hp.profile_log(path, timestamp="ts")
    assert p.start == np.datetime64(minute) and p.minutes == 1 and p.rows == 1


@pytest.mark.parametrize(("values", "got"), [([-1, 5], "5"), ([100_000_000_000_000_000], "100000000000000000")])
def test_an_epoch_column_in_no_unit_is_refused_naming_the_column(tmp_path, values, got):
    # below 0 or from 1e17 on: no unit fits, so the column is refused rather than read in the wrong one (one value
    # alone at 1e17: were it read as microseconds, the profile would be one minute, not 10**9 of them from 1970)
    path = _parquet(tmp_path / "log.parquet", ts=pa.array(values, pa.int64()), pk=pa.array(["a"] * len(values)))
    with pytest.raises(ExportError) as e:
        hp.profile_log(path, timestamp="ts")
    assert str(e.value) == (
        f"{path}: column 'ts': expected epoch seconds, milliseconds or microseconds (or pass --timestamp-unit), got {got}"
    )


def test_an_epoch_column_without_a_value_is_refused_naming_the_column(tmp_path):
    path = _parquet(tmp_path / "log.parquet", ts=pa.array([None, None], pa.int64()), pk=pa.array(["a", "b"]))
    with pytest.raises(ExportError) as e:
        hp.profile_log(path, timestamp="ts")
    assert str(e.value) == f"{path}: column 'ts': expected timestamps in every row"


def test_epoch_seconds_beyond_what_a_timestamp_holds_are_refused_naming_the_column(tmp_path):
    # 1e13 seconds, said to be seconds: 1e19 microseconds, past a 64-bit timestamp; DuckDB's reason is quoted
    path = _parquet(tmp_path / "log.parquet", ts=pa.array([10**13], pa.int64()), pk=pa.array(["a"]))
    with pytest.raises(ExportError) as e:
        hp.profile_log(path, timestamp="ts", timestamp_unit="s")
    message = str(e.value)
    assert re.fullmatch(rf"{re.escape(str(path))}: column 'ts': expected timestamps \(Conversion Error: [^\n]*out of "
                        r"range[^\n]*\)", message), message  # fmt: skip


def test_a_log_of_instants_with_a_zone_profiles_as_utc_without_a_warning(tmp_path):
    # a Parquet timestamp with a zone (TIMESTAMP WITH TIME ZONE): its UTC wall time, and no numpy warning on the way
    instants = [dt.datetime(2026, 11, 30, 9, 0, tzinfo=dt.UTC) + dt.timedelta(seconds=o) for o in OFFSETS_S]
    path = _parquet(tmp_path / "log.parquet", ts=pa.array(instants, pa.timestamp("us", tz="Asia/Tokyo")),
                    pk=pa.array(["a", "a", "b"]))  # fmt: skip
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _assert_two_minutes_from_nine(hp.profile_log(path, timestamp="ts"))


def test_a_timestamp_column_is_taken_as_it_is_whatever_its_year(tmp_path):
    # DuckDB's TIMESTAMP reaches past the year 9999, which no text form of four digits writes
    us = int(np.datetime64("10000-01-01T00:01:30", "us").astype(np.int64))
    path = _parquet(tmp_path / "log.parquet", ts=pa.array([us], pa.timestamp("us")), pk=pa.array(["a"]))
    p = hp.profile_log(path, timestamp="ts")
    assert p.start == np.datetime64("10000-01-01T00:01") and p.rows == 1


def test_an_unreadable_log_is_refused_naming_the_file_and_duckdbs_reason(tmp_path):
    path = tmp_path / "log.parquet"
    path.write_bytes(b"PAR1" + bytes(range(64)))
    reason = _duckdb_first_line(f"SELECT * FROM read_parquet('{path}')")
    with pytest.raises(ExportError) as e:
        hp.profile_log(path)
    assert str(e.value) == f"{path}: (file): expected a readable .parquet log ({reason})"


def test_a_null_timestamp_is_refused_naming_the_column(tmp_path):
    stamps = pa.array([np.datetime64("2026-11-30T09:00:00", "us"), None], pa.timestamp("us"))
    path = _parquet(tmp_path / "log.parquet", ts=stamps, pk=pa.array(["a", "b"]))
    with pytest.raises(ExportError) as e:
        hp.profile_log(path, timestamp="ts")
    assert str(e.value) == f"{path}: column 'ts': expected timestamps in every row (1 groups without)"


def test_a_text_timestamp_that_is_none_is_refused_with_the_rule_for_text(tmp_path):
    path = tmp_path / "log.csv"
    path.write_text("ts,pk\n2026-11-30 09:00:00,a\nyesterday,b\n2026-11-30 09:01:00,a\n")
    with pytest.raises(ExportError) as e:
        hp.profile_log(path, timestamp="ts")
    assert str(e.value) == f"{path}: column 'ts': expected timestamps{TS_TEXT_RULE} in every row (1 groups without)"


def test_a_null_key_is_refused_naming_the_column(tmp_path):
    stamps = pa.array([np.datetime64("2026-11-30T09:00:00", "us")] * 3, pa.timestamp("us"))
    path = _parquet(tmp_path / "log.parquet", ts=stamps, customer=pa.array(["a", None, None]))
    with pytest.raises(ExportError) as e:
        hp.profile_log(path, timestamp="ts", key="customer")
    assert str(e.value) == f"{path}: column 'customer': expected keys in every row (1 groups without)"


def test_negative_item_sizes_are_refused_naming_their_column(tmp_path):
    # ceil(-5000 / 1024) = -4 units: below 0, refused by the column the units come from
    path = tmp_path / "log.csv"
    path.write_text("ts,pk,size\n2026-11-30 09:00:00,a,-5000\n2026-11-30 09:00:00,b,100\n")
    with pytest.raises(ExportError) as e:
        hp.profile_log(path, timestamp="ts", item_bytes="size")
    assert (
        str(e.value)
        == f"{path}: column 'size': expected units from 0 to 1e+15 per minute and key in every row (1 groups without)"
    )


def test_a_sort_key_makes_item_keys(tmp_path):
    path = tmp_path / "log.csv"
    path.write_text("ts,pk,sk\n2026-11-30 09:00:00,a,x\n2026-11-30 09:00:10,a,x\n2026-11-30 09:00:20,a,y\n")
    p = hp.profile_log(path, timestamp="ts", sort_key="sk")
    assert p.keys == ("a|x", "a|y") and p.key_requests.tolist() == [2.0, 1.0]


def test_a_path_with_a_quote_is_read(tmp_path):
    folder = tmp_path / "o'brien's logs"
    folder.mkdir()
    path = folder / "log.csv"
    path.write_text("ts,pk\n" + "".join(f"2026-11-30 09:{o // 60:02d}:{o % 60:02d},k\n" for o in OFFSETS_S))
    _assert_two_minutes_from_nine(hp.profile_log(path, timestamp="ts"))
    out = folder / "r.csv"
    out.write_text('"minute","pk","requests","units"\n"2026-11-30 09:00:00.000","k","2","2.0"\n'
                   '"2026-11-30 09:01:00.000","k","1","1.0"\n')  # fmt: skip
    _assert_two_minutes_from_nine(hp.profile_log(out, aggregated=True))


class _Recording(logs._Progress):
    """A progress whose line at the moment the read ends is kept: DuckDB at 25% of the reading query, 6 s in."""

    said_at_read_end = ""

    def summing(self, table: str = "per_minute") -> None:
        self.said_at_read_end = self.line(25.0, 6.0)
        super().summing(table)


def _connection() -> duckdb.DuckDBPyConnection:
    con = duckdb.connect()
    con.execute("SET TimeZone = 'UTC'")
    return con


def test_reading_a_log_says_the_scan_is_half_of_duckdbs_progress_then_the_groups(tmp_path):
    path = tmp_path / "log.csv"
    path.write_text("ts,pk\n2026-11-30 09:00:00,a\n2026-11-30 09:00:30,b\n2026-11-30 09:01:01,a\n")
    con, lines = _connection(), []
    watch = _Recording(con, lines.append, str(path))
    mapped = {"timestamp": "ts", "key": "pk", "sort_key": None, "units": None, "item_bytes": None}
    logs._per_minute_from_log(con, str(path), ".csv", mapped, "write", None, watch)
    # a GROUP BY's two pipelines: 25% of DuckDB's progress is half the scan, and as long again is left
    assert watch.said_at_read_end == "reading log.csv: 50%, 6 s left"
    # three groups: (09:00, a), (09:00, b), (09:01, a)
    assert re.fullmatch(r"log\.csv: read in \d+ s, summing 3 groups \(1 s\)", watch.line(-1.0, 1.0)), watch.line(-1, 1)
    assert lines == []  # the thread is never started outside its with block


# --- the query's output --------------------------------------------------------------------------------------------


def _output(**override):
    """The query's output of OFFSETS_S as pyarrow columns: minute TIMESTAMP, pk, requests BIGINT, units DOUBLE."""
    cols = {
        "minute": pa.array([np.datetime64("2026-11-30T09:00", "us"), np.datetime64("2026-11-30T09:01", "us")],
                           pa.timestamp("us")),
        "pk": pa.array(["a", "a"]),
        "requests": pa.array([2, 1], pa.int64()),
        "units": pa.array([2.0, 1.0], pa.float64()),
    }  # fmt: skip
    cols.update(override)
    return {k: v for k, v in cols.items() if v is not None}


@pytest.mark.parametrize(
    ("requests", "units"),
    [(pa.array([2, 1], pa.int16()), pa.array([2.0, 1.0], pa.float32())),
     (pa.array([Decimal(2), Decimal(1)], pa.decimal128(10, 0)), pa.array([Decimal("2.0"), Decimal("1.0")], pa.decimal128(6, 1))),
     (pa.array([2.0, 1.0], pa.float32()), pa.array([2, 1], pa.int32()))],
    ids=["SMALLINT and FLOAT", "DECIMAL", "FLOAT and INTEGER"],
)  # fmt: skip
def test_an_output_of_any_numeric_types_profiles_alike(tmp_path, requests, units):
    path = _parquet(tmp_path / "o.parquet", **_output(requests=requests, units=units))
    _assert_two_minutes_from_nine(hp.profile_log(path, aggregated=True))


@pytest.mark.parametrize(
    ("column", "values", "message"),
    [("requests", pa.array([True, False]), "column 'requests': expected whole numbers of requests, got 'BOOLEAN'"),
     ("units", pa.array([dt.date(2026, 1, 1)] * 2), "column 'units': expected numbers of units, got 'DATE'"),
     ("minute", pa.array([1.5, 2.5]), f"column 'minute': expected {MINUTE_EXPECTED}, got 'DOUBLE'")],
)  # fmt: skip
def test_an_output_column_of_another_type_is_refused_naming_it(tmp_path, column, values, message):
    path = _parquet(tmp_path / "o.parquet", **_output(**{column: values}))
    with pytest.raises(ExportError) as e:
        hp.profile_log(path, aggregated=True)
    assert str(e.value) == f"{path}: {message}"


@pytest.mark.parametrize(
    ("column", "values", "message"),
    [# a struct (as Spark writes a record) whose type merely names a number, STRUCT("real" BOOLEAN)
     ("units", pa.array([{"real": True}, {"real": False}]), "expected numbers of units, got 'STRUCT(\"REAL\" BOOLEAN)'"),
     # INTERVAL holds "INT", BIGINT[] holds "BIGINT" and TIMESTAMP[] "TIMESTAMP": the type is matched whole
     ("requests", pa.array([[2], [1]], pa.list_(pa.int64())), "expected whole numbers of requests, got 'BIGINT[]'"),
     ("minute", pa.array([[dt.datetime(2026, 1, 1, 9)]] * 2, pa.list_(pa.timestamp("us"))),
      f"expected {MINUTE_EXPECTED}, got 'TIMESTAMP[]'")],
    ids=["a struct", "a list of numbers", "a list of timestamps"],
)  # fmt: skip
def test_an_output_column_whose_type_only_holds_a_right_name_is_refused_by_its_type(tmp_path, column, values, message):
    path = _parquet(tmp_path / "o.parquet", **_output(**{column: values}))
    with pytest.raises(ExportError) as e:
        hp.profile_log(path, aggregated=True)
    assert str(e.value) == f"{path}: column {column!r}: {message}"


def test_an_output_of_intervals_is_refused_by_its_type(tmp_path):
    # INTERVAL holds "INT" (pyarrow cannot write one to Parquet: DuckDB writes the file)
    path = tmp_path / "o.parquet"
    duckdb.connect().execute(
        "COPY (SELECT TIMESTAMP '2026-11-30 09:00' + INTERVAL (i) MINUTE AS minute, 'a' AS pk, 2 - i AS requests, "
        f"INTERVAL (2 - i) SECOND AS units FROM range(2) t(i)) TO '{path}' (FORMAT parquet)"
    )
    with pytest.raises(ExportError) as e:
        hp.profile_log(path, aggregated=True)
    assert str(e.value) == f"{path}: column 'units': expected numbers of units, got 'INTERVAL'"


_NINE = [dt.datetime(2026, 11, 30, 9, 0), dt.datetime(2026, 11, 30, 9, 1)]


@pytest.mark.parametrize(
    "minute",
    [pa.array([t.replace(tzinfo=dt.UTC) for t in _NINE], pa.timestamp("us", tz="UTC")),
     pa.array(_NINE, pa.timestamp("ms")), pa.array(_NINE, pa.timestamp("ns")), pa.array(_NINE, pa.timestamp("s"))],
    ids=["with its zone", "milliseconds", "nanoseconds", "seconds"],
)  # fmt: skip
def test_an_output_minute_of_every_timestamp_type_is_read(tmp_path, minute):
    path = _parquet(tmp_path / "o.parquet", **_output(minute=minute))
    _assert_two_minutes_from_nine(hp.profile_log(path, aggregated=True))


def test_an_output_missing_a_column_is_refused_listing_the_columns(tmp_path):
    path = _parquet(tmp_path / "o.parquet", **_output(units=None))
    with pytest.raises(ExportError) as e:
        hp.profile_log(path, aggregated=True)
    assert str(e.value) == (
        f"{path}: column 'units': expected the query's columns ['minute', 'pk', 'requests', 'units'] (it has "
        "['minute', 'pk', 'requests'])"
    )
    csv = tmp_path / "r.csv"
    csv.write_text('"minute","pk","requests"\n"2026-11-30 09:00:00.000","a","2"\n')
    with pytest.raises(ExportError) as e:
        hp.profile_log(csv, aggregated=True)
    assert str(e.value) == (
        f"{csv}: column 'units': expected the query's columns ['minute', 'pk', 'requests', 'units'] in a header row (an "
        "UNLOAD writes none: use WITH (format = 'PARQUET')) (it has ['minute', 'pk', 'requests'])"
    )


def test_an_unreadable_output_file_is_refused_naming_it_and_duckdbs_reason(tmp_path):
    folder = tmp_path / "out"
    folder.mkdir()
    _parquet(folder / "part-00000.parquet", **_output())
    bad = folder / "part-00001.parquet"
    bad.write_bytes(b"PAR1" + bytes(range(64)))
    reason = _duckdb_first_line(f"SELECT * FROM read_parquet(['{bad}'])")
    with pytest.raises(ExportError) as e:
        hp.profile_log(folder, aggregated=True)
    assert str(e.value) == f"{bad}: (file): expected {OUTPUT_EXPECTED} ({reason})"


def test_an_output_that_breaks_past_its_first_rows_is_refused_naming_it(tmp_path):
    # the columns are read from the first rows; a row with a fifth field further on breaks the read itself
    path = tmp_path / "r.csv"
    rows = "".join(f"2026-11-30 09:00:00,k{i % 7},1,1.0\n" for i in range(30_000))
    path.write_text("minute,pk,requests,units\n" + rows + "2026-11-30 09:00:00,k,1,1.0,extra\n")
    reason = _duckdb_first_line(f"SELECT * FROM read_csv('{path}', header = true, all_varchar = true)")
    assert reason.startswith("Invalid Input Error: CSV Error on Line: 30002")
    with pytest.raises(ExportError) as e:
        hp.profile_log(path, aggregated=True)
    assert str(e.value) == f"{path}: (file): expected {OUTPUT_EXPECTED} ({reason})"


def test_a_gzip_csv_output_profiles_as_the_plain_one(tmp_path):
    # Spark's CSV writer with compression gzip: part-*.csv.gz
    text = '"minute","pk","requests","units"\n"2026-11-30 09:00:00.000","a","2","2.0"\n"2026-11-30 09:01:00.000","a","1","1.0"\n'
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "part-00000-0f1e2d3c-c000.csv.gz").write_bytes(gzip.compress(text.encode()))
    (folder / "_SUCCESS").write_bytes(b"")
    _assert_two_minutes_from_nine(hp.profile_log(folder, aggregated=True))


def _instants(*minutes):
    return pa.array([dt.datetime.fromisoformat(m).replace(tzinfo=dt.UTC) if m else None for m in minutes],
                    pa.timestamp("us", tz="Asia/Tokyo"))  # fmt: skip


def test_an_output_of_instants_profiles_as_utc(tmp_path):
    path = _parquet(tmp_path / "o.parquet", **_output(minute=_instants("2026-11-30 09:00", "2026-11-30 09:01")))
    _assert_two_minutes_from_nine(hp.profile_log(path, aggregated=True))


@pytest.mark.parametrize("minute", ["instants", "timestamps"])
def test_an_output_without_a_minute_is_refused_naming_the_column(tmp_path, minute):
    values = (_instants("2026-11-30 09:00", None) if minute == "instants"
              else pa.array([np.datetime64("2026-11-30T09:00", "us"), None], pa.timestamp("us")))  # fmt: skip
    path = _parquet(tmp_path / "o.parquet", **_output(minute=values))
    with pytest.raises(ExportError) as e:
        hp.profile_log(path, aggregated=True)
    assert str(e.value) == f"{path}: column 'minute': expected {MINUTE_EXPECTED} in every row (1 rows without)"


def test_an_output_without_a_key_is_refused_naming_the_column(tmp_path):
    path = _parquet(tmp_path / "o.parquet", **_output(pk=pa.array(["a", None])))
    with pytest.raises(ExportError) as e:
        hp.profile_log(path, aggregated=True)
    assert str(e.value) == f"{path}: column 'pk': expected keys in every row (1 rows without)"


@pytest.mark.parametrize(
    ("other", "types"),
    [("instants", "TIMESTAMP, TIMESTAMP WITH TIME ZONE"), ("text", "TIMESTAMP, VARCHAR")],
)
def test_part_files_whose_minutes_differ_in_type_are_refused(tmp_path, other, types):
    # an instant and a wall time (or a text) would be compared as if alike: refused, naming the types
    folder = tmp_path / "out"
    folder.mkdir()
    _parquet(folder / "part-00000.parquet", **_output())
    minute = _instants("2026-11-30 09:02", "2026-11-30 09:03") if other == "instants" else pa.array(["2026-11-30 09:02"] * 2)
    _parquet(folder / "part-00001.parquet", **_output(minute=minute))
    with pytest.raises(ExportError) as e:
        hp.profile_log(folder, aggregated=True)
    assert str(e.value) == f"{folder}: column 'minute': expected {MINUTE_EXPECTED} of one type in every file, got '{types}'"


def test_three_results_csvs_are_listed_without_a_count_of_more(tmp_path):
    folder = tmp_path / "results"
    folder.mkdir()
    for name in ("a.csv", "b.csv", "c.csv"):
        (folder / name).write_text('"minute","pk","requests","units"\n"2026-11-30 09:00:00.000","a","2","2.0"\n')
    with pytest.raises(ExportError) as e:
        hp.profile_log(folder, aggregated=True)
    assert str(e.value) == (
        f"{folder}: (folder): expected one query's output, not 3 results CSVs (a.csv, b.csv, c.csv), whose rows would be "
        "summed: download the one QueryID.csv (Spark's part-* files are read together)"
    )


def test_reading_an_output_says_the_scan_is_all_of_duckdbs_progress_then_the_rows(tmp_path):
    path = tmp_path / "r.csv"
    path.write_text('"minute","pk","requests","units"\n"2026-11-30 09:00:00.000","a","2","2.0"\n'
                    '"2026-11-30 09:01:00.000","a","1","1.0"\n"2026-11-30 09:01:00.000","b","1","1.0"\n')  # fmt: skip
    con, lines = _connection(), []
    watch = _Recording(con, lines.append, str(path))
    logs._per_minute_from_output(con, str(path), ("csv", [str(path)]), watch)
    # one pipeline, the scan into a table: 25% of DuckDB's progress is a quarter of the read, three times as long left
    assert watch.said_at_read_end == "reading r.csv: 25%, 18 s left"
    # the rows of the output read, one per minute and key of it
    assert re.fullmatch(r"r\.csv: read in \d+ s, summing 3 groups \(1 s\)", watch.line(-1.0, 1.0)), watch.line(-1, 1)
    assert lines == []


@pytest.mark.parametrize("option", ["timestamp", "key"])
def test_a_log_without_its_timestamp_or_key_column_named_is_refused_by_name(tmp_path, option):
    # the two columns every log has: None was an AssertionError without a word (an AttributeError under python -O)
    path = tmp_path / "log.csv"
    path.write_text("timestamp,pk\n2026-11-30 09:00:00,a\n")
    with pytest.raises(ValueError) as e:
        hp.profile_log(path, **{option: None})
    assert str(e.value) == f"{option} = None is not allowed: must be the name of one of the log's columns"
    assert not isinstance(e.value, ExportError)


@pytest.mark.parametrize(
    ("line", "options", "column", "duckdb_type"),
    [
        ('{"timestamp": [1764493200], "pk": "a"}', {}, "timestamp", "BIGINT[]"),
        ('{"timestamp": {"s": 1764493200}, "pk": "a"}', {}, "timestamp", "STRUCT(s BIGINT)"),
        ('{"timestamp": 1764493200, "pk": "a", "u": {"x": 1}}', {"units": "u"}, "u", "STRUCT(x BIGINT)"),
        ('{"timestamp": 1764493200, "pk": "a", "b": [100, 200]}', {"item_bytes": "b"}, "b", "BIGINT[]"),
    ],
)
def test_a_list_or_struct_where_one_value_belongs_is_refused_naming_its_column(tmp_path, line, options, column, duckdb_type):
    """The entry helper's finding: a list of epoch numbers was taken for a number ("INT" in BIGINT[]) and crashed
    with a TypeError; a struct of units was refused as a timestamp error. Each is refused by its own column now."""
    path = tmp_path / "log.jsonl"
    path.write_text(line + "\n")
    option = next(iter(options), "timestamp")
    with pytest.raises(ExportError) as e:
        hp.profile_log(str(path), **options)
    assert str(e.value) == (
        f"{path}: column {column!r}: expected one value per row for {option} (a number or text), not a list, struct "
        f"or map, got {duckdb_type!r}"
    )


def test_timestamp_types_are_matched_whole_not_by_a_word_inside_them(tmp_path):
    """A TIMESTAMP_NS column is a timestamp; an epoch in a DECIMAL is a number; neither is read as text."""
    ns = [(T0_S + s) * 10**9 for s in OFFSETS_S]
    path = _parquet(tmp_path / "ns.parquet", timestamp=pa.array(ns, pa.timestamp("ns")), pk=["a", "b", "a"])
    assert duckdb.sql(f"DESCRIBE SELECT * FROM '{path}'").fetchall()[0][1] == "TIMESTAMP_NS"
    _assert_two_minutes_from_nine(hp.profile_log(str(path)))
    decimals = pa.array([Decimal(T0_S + s) for s in OFFSETS_S], pa.decimal128(12, 1))
    path = _parquet(tmp_path / "dec.parquet", timestamp=decimals, pk=["a", "b", "a"])
    assert duckdb.sql(f"DESCRIBE SELECT * FROM '{path}'").fetchall()[0][1] == "DECIMAL(12,1)"
    _assert_two_minutes_from_nine(hp.profile_log(str(path)))
