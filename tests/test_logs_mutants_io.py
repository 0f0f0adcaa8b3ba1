"""The log profile's input and output helpers, at their boundaries (issue 49, part 6: logs.py's mutation survivors).

In-process, so that mutation testing sees them: how a file of the query's output is told apart by its first bytes
(Parquet, CSV, gzip CSV, and the formats refused by name: ORC, Avro, JSON, UNLOAD's TEXTFILE, binary), which files of
a folder are skipped, how a log's rows are counted for the progress line, the progress line itself and the thread that
says it (driven by a fake connection and a fake clock, no sleeping on the clock), and the measured scaling record that
chapter 16 quotes (:func:`hotpart.log_scaling` and the functions built on it), read from a record written here.
"""

from __future__ import annotations

import gzip
import json
import locale
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import duckdb
import numpy as np
import pytest

import hotpart as hp
from hotpart.models import logs

#: The header and one row of the query's output as Athena's results CSV writes it (every value quoted).
HEADER = '"minute","pk","requests","units"\n'


def _row(minute: int, key: str, requests: int = 1) -> str:
    return f'"2026-11-30 09:{minute:02d}:00.000","{key}","{requests}","{float(requests)}"\n'


def _refusal(path: Path, got: str) -> str:
    """The one line a file of another format is refused with: the file, ``(file)``, what was expected, what it is."""
    return f"{path}: (file): expected {logs._OUTPUT_EXPECTED}, got {got!r}"


def _refused(path: Path) -> str:
    with pytest.raises(hp.ExportError) as e:
        hp.profile_log(path, aggregated=True)
    return str(e.value)


# ---------------------------------------------------------------------------------------------------------------
# _sniff: the format of the query's output, from its first bytes


@pytest.mark.parametrize(("head", "what"), [(b"ORC\x0a\x05\x08", "ORC data"), (b"Obj\x01\x04\x14avro.schema", "Avro data")])
def test_an_unloads_orc_and_avro_are_refused_by_name(tmp_path, head, what):
    path = tmp_path / "20261130_000000_00001_abcde"
    path.write_bytes(head + bytes(range(256)))
    assert _refused(path) == _refusal(path, what)


def test_a_gzip_file_that_does_not_decompress_is_refused_by_name(tmp_path):
    path = tmp_path / "part-00000.csv.gz"
    path.write_bytes(b"\x1f\x8b" + b"\x00" * 8 + b"not a deflate stream at all")
    assert _refused(path) == _refusal(path, "gzip data that does not decompress")


@pytest.mark.parametrize(
    "text",
    [
        '  {"minute": "2026-11-30 09:00:00.000", "pk": "a", "requests": 1, "units": 1.0}\n',  # indented JSON lines
        '\n{"minute": "2026-11-30 09:00:00.000", "pk": "a", "requests": 1, "units": 1.0}\n',  # after an empty line
        '[{"minute": "2026-11-30 09:00:00.000", "pk": "a", "requests": 1, "units": 1.0}]\n',  # a JSON array
    ],
)
def test_json_output_is_refused_by_name_even_after_white_space(tmp_path, text):
    path = tmp_path / "part-00000.json"
    path.write_text(text)
    assert _refused(path) == _refusal(path, "JSON")


def test_an_unloads_textfile_is_refused_by_name_even_of_one_row(tmp_path):
    """UNLOAD's TEXTFILE separates fields with \\001 and writes no header: one row is enough to tell it."""
    path = tmp_path / "20261130_000000_00001_abcde"
    path.write_bytes(b"2026-11-30 09:00:00.000\x01a\x011\x011.0\n")
    assert _refused(path) == _refusal(path, "^A-separated text, no header (UNLOAD's TEXTFILE)")


def test_a_control_byte_after_a_csv_header_is_binary_data_not_textfile(tmp_path):
    """A header row without \\001, then \\001 in a row: not UNLOAD's TEXTFILE (its first line is a row), so binary."""
    path = tmp_path / "results.csv"
    path.write_bytes((HEADER + _row(0, "a")).encode() + b'"2026-11-30 09:01:00.000","b\x01c","1","1.0"\n' + _row(2, "d").encode())
    assert _refused(path) == _refusal(path, "binary data")


def test_windows_line_ends_and_tabs_are_text_not_binary(tmp_path):
    """\\r (a results CSV saved on Windows) and \\t (in a key) are the control bytes a text file has."""
    path = tmp_path / "results.csv"
    text = HEADER + _row(0, "a\tb", 2) + _row(1, "c")
    path.write_bytes(text.replace("\n", "\r\n").encode())
    p = hp.profile_log(path, aggregated=True)
    assert p.keys == ("a\tb", "c") and p.key_requests.tolist() == [2.0, 1.0] and p.minutes == 2
    tabs = tmp_path / "tabs.csv"  # the same output separated by tabs (Spark's CSV writer with sep="\t")
    tabs.write_text("minute\tpk\trequests\tunits\n2026-11-30 09:00:00\ta\t2\t2.0\n2026-11-30 09:01:00\tc\t1\t1.0\n")
    q = hp.profile_log(tabs, aggregated=True)
    assert q.keys == ("a", "c") and q.key_requests.tolist() == [2.0, 1.0]


def _long_output(rows: int = 3000) -> bytes:
    """The query's output as a CSV of more than 64 KiB, whose last row's key has a control byte (0x02) in it."""
    text = HEADER + "".join(_row(i % 60, f"k{i % 50}") for i in range(rows))
    assert len(text) > logs._SNIFF_BYTES
    return text.encode() + b'"2026-11-30 09:00:00.000","k\x02x","1","1.0"\n'


def test_only_the_head_of_a_file_is_sniffed(tmp_path):
    """The format is told from the first 64 KiB: a control byte further on is DuckDB's to read (here, in a key)."""
    path = tmp_path / "results.csv"
    path.write_bytes(_long_output())
    p = hp.profile_log(path, aggregated=True)
    assert len(p.keys) == 51 and "k\x02x" in p.keys and p.key_requests.sum() == 3001


def test_only_the_head_of_a_gzip_file_is_decompressed_to_sniff_it(tmp_path):
    """A gzip CSV (Spark's compression='gzip'): 64 KiB of it, decompressed, are sniffed, not its whole first block."""
    raw = _long_output(6000)
    path = tmp_path / "part-00000.csv.gz"
    path.write_bytes(gzip.compress(raw))
    assert raw.index(b"\x02") > logs._SNIFF_BYTES and path.stat().st_size < logs._SNIFF_BYTES
    p = hp.profile_log(path, aggregated=True)
    assert len(p.keys) == 51 and p.key_requests.sum() == 6001


# ---------------------------------------------------------------------------------------------------------------
# _skipped: a folder's files that are not the output


def _parquet_output(path: Path) -> None:
    con = duckdb.connect()
    con.execute(
        "COPY (SELECT TIMESTAMP '2026-11-30 09:00:00' AS minute, 'a' AS pk, CAST(3 AS BIGINT) AS requests, "
        f"CAST(3.0 AS DOUBLE) AS units) TO '{path}' (FORMAT parquet)"
    )
    con.close()


def test_an_empty_part_file_is_skipped_and_a_one_byte_one_is_not(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    _parquet_output(out / "part-00000.parquet")
    (out / "part-00001.parquet").write_bytes(b"")  # Spark writes an empty part for an empty partition
    p = hp.profile_log(out, aggregated=True)
    assert p.keys == ("a",) and p.key_requests.tolist() == [3.0]
    (out / "part-00002.csv").write_bytes(b"\n")  # one byte: a file to read, here of another format
    with pytest.raises(hp.ExportError, match=r"expected part files of one format, got 'csv, parquet'$"):
        hp.profile_log(out, aggregated=True)


# ---------------------------------------------------------------------------------------------------------------
# _quote: a column name with a double quote in it


def test_a_column_named_with_a_double_quote_is_read(tmp_path):
    path = tmp_path / "log.csv"
    path.write_text('"time ""UTC""","p""k"\n2026-11-30 09:00:01,a\n2026-11-30 09:00:02,a\n2026-11-30 09:01:00,b\n')
    p = hp.profile_log(path, timestamp='time "UTC"', key='p"k')
    assert p.keys == ("a", "b") and p.key_requests.tolist() == [2.0, 1.0] and p.minutes == 2


# ---------------------------------------------------------------------------------------------------------------
# _files_of and _log_rows: the rows the progress line counts


def test_a_glob_names_its_matches_in_order_and_a_plain_path_itself(tmp_path):
    for name in ("b.csv", "a.csv", "c.parquet"):
        (tmp_path / name).write_text("x\n")
    assert logs._files_of(str(tmp_path / "*.csv")) == [str(tmp_path / "a.csv"), str(tmp_path / "b.csv")]
    assert logs._files_of(str(tmp_path / "*.json")) == []
    missing = str(tmp_path / "none.csv")  # not there: still the one file named (profile_log refuses it)
    assert logs._files_of(missing) == [missing]
    assert logs._files_of(str(tmp_path / "a.csv")) == [str(tmp_path / "a.csv")]


def test_parquet_rows_are_summed_from_every_files_metadata(tmp_path):
    con = duckdb.connect()
    files = []
    for i, n in enumerate((1200, 345)):
        files.append(str(tmp_path / f"part-{i}.parquet"))
        con.execute(f"COPY (SELECT range AS i FROM range({n})) TO '{files[-1]}' (FORMAT parquet)")
    assert logs._log_rows(con, files, True, header=False) == (1545, True)
    assert logs._log_rows(con, files[:1], True, header=False) == (1200, True)
    (tmp_path / "bad.parquet").write_text("not parquet\n")
    assert logs._log_rows(con, [str(tmp_path / "bad.parquet")], True, header=False) is None


def test_json_lines_rows_are_all_rows_and_csv_rows_less_a_header_per_file(tmp_path):
    f = tmp_path / "log.jsonl"
    f.write_text("".join(f'{{"timestamp": "2026-11-30 09:00:{i:02d}", "pk": "k{i}"}}\n' for i in range(40)))
    con = duckdb.connect()
    assert logs._log_rows(con, [str(f)], False, header=False) == (40, True)
    two = tmp_path / "two.csv"  # two lines: the fewest that give a line length
    two.write_text("timestamp,pk\n2026-11-30 09:00:01,a\n")
    assert logs._log_rows(con, [str(two)], False, header=True) == (1, True)
    assert logs._log_rows(con, [str(two)], False, header=False) == (2, True)


def test_a_row_estimate_is_never_negative(tmp_path):
    """Three files of which the first has a header and a row and the others nothing: 2 lines less 3 headers is 0."""
    first = tmp_path / "a.csv"
    first.write_text("pk\nk\n")
    others = [tmp_path / "b.csv", tmp_path / "c.csv"]
    for f in others:
        f.write_text("")
    assert logs._log_rows(duckdb.connect(), [str(first), *map(str, others)], False, header=True) == (0, True)


def test_the_mean_line_length_counts_each_lines_newline(tmp_path):
    """Lines of two bytes (``k\\n``): 200 bytes are 100 lines exactly, so a length off by a byte is seen."""
    f = tmp_path / "keys.csv"
    f.write_text("k\n" * 100)
    con = duckdb.connect()
    assert logs._log_rows(con, [str(f)], False, header=False) == (100, True)
    # a glob's files are estimated from the first one's lines: 200,200 bytes of 2-byte lines, where 2.01 would say 99,602
    more = tmp_path / "more.csv"
    more.write_text("k\n" * 100_000)
    assert logs._log_rows(con, [str(f), str(more)], False, header=False) == (100_100, False)


def test_a_log_larger_than_the_sample_is_estimated_from_its_head(tmp_path):
    """Lines of 20 bytes, then 40: the first MiB says 20, so the rows are over-counted, and said to be an estimate."""
    f = tmp_path / "log.csv"
    short, long = b"2026-11-30 09:00,k1\n", b"2026-11-30 09:00:00.000000,key-00000001\n"
    assert len(short) == 20 and len(long) == 40
    n_short = (logs._ROWS_SAMPLE_BYTES + 40) // 20
    f.write_bytes(short * n_short + long * 10_000)
    size = f.stat().st_size
    rows, exact = logs._log_rows(duckdb.connect(), [str(f)], False, header=False)
    assert not exact and rows == round(size / 20) and rows > n_short + 10_000


def test_a_gzip_logs_rows_are_not_guessed_from_its_size(tmp_path):
    f = tmp_path / "log.csv.gz"
    rng = np.random.default_rng(7)
    text = "timestamp,pk\n" + "".join(f"2026-11-30 09:00:{i % 60:02d},k{k}\n" for i, k in enumerate(rng.integers(0, 10**6, 5000)))
    f.write_bytes(gzip.compress(text.encode()))
    assert f.read_bytes().count(b"\n") >= 2  # its compressed bytes have line breaks, which count nothing
    assert logs._log_rows(duckdb.connect(), [str(f)], False, header=True) is None


# ---------------------------------------------------------------------------------------------------------------
# _duration and _Progress.line: the words of the progress line


@pytest.mark.parametrize(
    ("seconds", "words"),
    [
        (-3.0, "0 s"),
        (59.4, "59 s"),
        (59.5, "1 min 0 s"),
        (60, "1 min 0 s"),
        (61, "1 min 1 s"),
        (120, "2 min 0 s"),
        (3599, "59 min 59 s"),
        (3600, "1 h 0 min"),
        (3600 + 120, "1 h 2 min"),
        (2 * 3600 + 59 * 60 + 59, "2 h 59 min"),
    ],
)
def test_a_time_left_in_words_at_each_units_boundary(seconds, words):
    assert logs._duration(seconds) == words


def test_the_line_of_an_exact_count_says_no_about():
    p = logs._Progress(None, print, "out/log.parquet")
    p.rows = (3_000_000, True)
    p.reading(scan_share=1.0)
    assert p.line(50.0, 12.0) == "reading log.parquet: 1,500,000 of 3,000,000 rows (50%), 12 s left"
    p.rows = (3_000_000, False)
    assert p.line(50.0, 12.0) == "reading log.parquet: 1,500,000 of about 3,000,000 rows (50%), 12 s left"


def test_the_summing_line_says_the_read_time_and_the_groups():
    p = logs._Progress(None, print, "/data/log.csv")
    p.stage, p.read_s, p.groups = "summing", 125.0, 3_812_152
    assert p.line(-1.0, 61.0) == "log.csv: read in 2 min 5 s, summing 3,812,152 groups (1 min 1 s)"
    assert p.line(40.0, 3700.0) == "log.csv: read in 2 min 5 s, summing 3,812,152 groups (1 h 1 min)"


# ---------------------------------------------------------------------------------------------------------------
# _Progress: the thread, driven by a fake connection and a fake clock


class _Clock:
    """A monotonic clock the test sets (``logs.time`` is replaced; the thread's waits keep the real one)."""

    def __init__(self, now: float) -> None:
        self.now = now

    def monotonic(self) -> float:
        return self.now


class _Connection:
    """What ``_Progress``'s thread asks of DuckDB: ``query_progress`` (-1 until ``go``, then ``percent``; or an error);
    every other query is recorded and answered 0."""

    def __init__(self, percent: float = -1.0, error: Exception | None = None) -> None:
        self.percent, self.error = percent, error
        self.go = threading.Event()
        self.calls = 0
        self.queries: list[str] = []

    def query_progress(self) -> float:
        self.calls += 1
        if self.error is not None:
            raise self.error
        return self.percent if self.go.is_set() else -1.0

    def execute(self, sql: str) -> SimpleNamespace:
        self.queries.append(sql)
        return SimpleNamespace(fetchall=lambda: [(0,)])


def _until(condition, timeout_s: float = 3.0) -> bool:
    """Poll ``condition`` every 5 ms until it holds, ``timeout_s`` passes or no progress thread is left to make it
    hold; whether it holds."""
    deadline = time.monotonic() + timeout_s
    while not condition():
        running = any(t.name == "hotpart-progress" and t.is_alive() for t in threading.enumerate())
        if not running or time.monotonic() > deadline:
            return condition()
        time.sleep(0.005)
    return True


@pytest.fixture
def clock(monkeypatch):
    c = _Clock(100.0)
    monkeypatch.setattr(logs, "time", c)
    monkeypatch.setattr(logs, "_PROGRESS_EVERY_S", 0.01)
    return c


def test_the_thread_says_the_reading_line_from_duckdbs_progress_and_nothing_between_queries(clock):
    con, lines = _Connection(percent=25.0), []
    with logs._Progress(con, lines.append, "logs/log.csv") as p:
        p.reading(scan_share=0.5)  # at 100 s
        assert _until(lambda: con.calls >= 3)  # between queries (-1): nothing said
        assert lines == []
        clock.now = 112.0
        con.go.set()  # 25% of the query is half the scan, 12 s into it: 12 s left
        assert _until(lambda: len(lines) >= 2)
    said = len(lines)
    assert set(lines) == {"reading log.csv: 50%, 12 s left"}
    calls = con.calls
    time.sleep(0.05)  # stopped and joined on exit: no more questions, no more lines
    assert con.calls == calls and len(lines) == said


def test_the_thread_says_the_summing_line_timed_from_the_start(clock):
    """The groups are the rows of the table the log was read into (``per_minute`` unless named), counted on DuckDB's
    own connection, which the thread asks for progress meanwhile; with no reading stage said, the read is timed from
    the start."""
    con, lines = duckdb.connect(), []
    con.execute("CREATE TEMP TABLE per_minute AS SELECT range AS i FROM range(1234)")
    con.execute("CREATE TEMP TABLE output_rows AS SELECT range AS i FROM range(56789)")
    with logs._Progress(con, lines.append, "out/log.csv") as p:  # starts at 100 s
        clock.now = 107.0
        p.summing()
        clock.now = 108.4
        assert _until(lambda: len(lines) >= 1)
        assert lines[0] == "log.csv: read in 7 s, summing 1,234 groups (1 s)"
        p.summing("output_rows")  # a second stage is timed from the first's end (107 s to 108.4 s)
        assert p.line(-1.0, 0.0) == "log.csv: read in 1 s, summing 56,789 groups (0 s)"
    con.close()


def test_the_thread_is_a_named_daemon_that_ends_with_the_profile(clock):
    """A daemon (it never keeps the interpreter alive after an interrupt), named for a thread dump (py-spy, faulthandler)."""
    con = _Connection()
    with logs._Progress(con, lambda text: None, "log.csv"):
        named = [t for t in threading.enumerate() if t.name == "hotpart-progress"]
        assert len(named) == 1 and named[0].daemon
        assert _until(lambda: con.calls >= 2)  # it asks DuckDB every period while the profile runs
    assert not named[0].is_alive()


def test_the_thread_stops_when_the_connection_fails(clock):
    con, lines = _Connection(error=RuntimeError("connection closed")), []
    with logs._Progress(con, lines.append, "log.csv") as p:
        p.reading(scan_share=1.0)
        con.go.set()
        assert _until(lambda: con.calls >= 1)
        time.sleep(0.1)  # ten more periods: no more questions once the connection failed
        assert con.calls == 1
    assert lines == []


def test_without_a_callback_there_is_no_thread_and_no_query(clock):
    con = _Connection(percent=50.0)
    con.go.set()
    with logs._Progress(con, None, "log.csv") as p:
        p.reading(scan_share=1.0)
        time.sleep(0.05)
        p.summing()
    assert con.calls == 0 and con.queries == []
    assert p.stage == "reading" and p.line(50.0, 1.0) == "reading log.csv: 50%, 1 s left"


# ---------------------------------------------------------------------------------------------------------------
# log_scaling and the functions built on it, on a record written here

RECORD = {
    "date": "2026-12-04",
    "machine": "2 cores, x86_64, Linux, Python 3.11.7, DuckDB 2.0.1 \u2014 1 \u00b5s clock",
    "command": "python benchmarks/bench_logs.py --record",
    "keys": 1000,
    "minutes": 60,
    "partitions": 10,
    "runs": [
        {"rows": 1000, "memory_limit": None, "path": "raw log", "file_mb": 0.25, "groups": 900, "seconds": 0.3,
         "peak_rss_mb": 273.4},
        {"rows": 1000, "memory_limit": None, "path": "aggregated output", "file_mb": 0.1, "groups": 900, "seconds": 0.04,
         "peak_rss_mb": 190},
        {"rows": 10, "memory_limit": None, "path": "raw log", "file_mb": 0.0, "groups": 10, "seconds": 0, "peak_rss_mb": 0},
        {"rows": 100_000, "memory_limit": "1GB", "path": "raw log", "file_mb": 1234.56, "groups": 59_000, "seconds": 1234.5,
         "peak_rss_mb": 1024.5},
        {"rows": 100_000, "memory_limit": None, "path": "aggregated output", "file_mb": 12.5, "groups": 59_000,
         "seconds": 2.0, "peak_rss_mb": 300},
    ],
}  # fmt: skip
NAME = "hotpart/models/log_scaling.json"


@pytest.fixture
def record(tmp_path, monkeypatch):
    """Point :func:`log_scaling` at a record in ``tmp_path``; returns a function writing it (UTF-8, as the script)."""

    def files(package: str) -> Path:
        assert package == "hotpart.models"
        return tmp_path

    monkeypatch.setattr(logs, "resources", SimpleNamespace(files=files))

    def write(rec: dict) -> dict:
        (tmp_path / "log_scaling.json").write_text(json.dumps(rec, ensure_ascii=False), encoding="utf-8")
        return rec

    return write


def test_the_record_is_read_as_utf8_whatever_the_locale(record):
    record(RECORD)
    saved = locale.setlocale(locale.LC_CTYPE)
    locale.setlocale(locale.LC_CTYPE, "C")  # the locale's encoding is ASCII: only an explicit UTF-8 reads the record
    try:
        assert hp.log_scaling()["machine"].endswith("\u2014 1 \u00b5s clock")
    finally:
        locale.setlocale(locale.LC_CTYPE, saved)
    assert hp.log_scaling() == RECORD


@pytest.mark.parametrize("field", ["date", "machine", "command", "keys", "minutes", "partitions", "runs"])
def test_a_record_without_a_field_is_refused_naming_it(record, field):
    record({k: v for k, v in RECORD.items() if k != field})
    with pytest.raises(hp.ExportError) as e:
        hp.log_scaling()
    assert str(e.value) == f"{NAME}: {field}: expected a field of the measured record"


@pytest.mark.parametrize("field", logs._SCALING_FIELDS)
def test_a_run_without_a_field_is_refused_naming_the_run_and_field(record, field):
    runs = [dict(r) for r in RECORD["runs"]]
    del runs[3][field]
    record({**RECORD, "runs": runs})
    with pytest.raises(hp.ExportError) as e:
        hp.log_scaling()
    assert str(e.value) == f"{NAME}: runs[3].{field}: expected a field of each run"


@pytest.mark.parametrize("field", ["rows", "groups", "seconds", "peak_rss_mb", "file_mb"])
def test_a_negative_measure_is_refused_naming_the_run_and_zero_is_not(record, field):
    runs = [dict(r) for r in RECORD["runs"]]
    runs[1][field] = -0.5
    record({**RECORD, "runs": runs})
    with pytest.raises(ValueError) as e:
        hp.log_scaling()
    assert str(e.value) == f"runs[1].{field} = -0.5 is out of range: must be >= 0"
    runs[1][field] = 0
    assert record({**RECORD, "runs": runs}) == hp.log_scaling()


def test_the_table_rows_of_the_record(record):
    record(RECORD)
    assert hp.log_scaling_rows() == [
        ("1,000", "raw log", "0.2", "900", "0.30", "273"),
        ("1,000", "aggregated output", "0.1", "900", "0.04", "190"),
        ("10", "raw log", "0.0", "10", "0.00", "0"),
        ("100,000", "raw log (DuckDB memory_limit 1GB)", "1,234.6", "59,000", "1,234.50", "1,024"),
        ("100,000", "aggregated output", "12.5", "59,000", "2.00", "300"),
    ]


def test_the_shipped_records_first_table_row_is_its_first_run():
    run = hp.log_scaling()["runs"][0]
    assert hp.log_scaling_rows()[0] == (
        f"{run['rows']:,}", run["path"], f"{run['file_mb']:,.1f}", f"{run['groups']:,}", f"{run['seconds']:,.2f}",
        f"{run['peak_rss_mb']:,.0f}",
    )  # fmt: skip
    assert len(hp.log_scaling_rows()) == len(hp.log_scaling()["runs"])


def test_a_run_is_found_by_path_and_size(record):
    record(RECORD)
    assert hp.log_scaling_run("aggregated output", 1000) == RECORD["runs"][1]
    assert hp.log_scaling_run("raw log", 1000) == RECORD["runs"][0]
    assert hp.log_scaling_run("raw log", 100_000) == RECORD["runs"][3]
    with pytest.raises(ValueError) as e:
        hp.log_scaling_run("aggregated output", 10)  # measured for another path only
    assert str(e.value) == "rows = 10 is not a measured size: allowed: 10, 1000, 100000"
    with pytest.raises(ValueError) as e:
        hp.log_scaling_run("bare DuckDB query", 1000)
    assert str(e.value) == "path = 'bare DuckDB query' is not allowed: must be one of 'raw log', 'aggregated output'"


def test_the_shipped_record_has_each_path_at_each_size():
    runs = hp.log_scaling()["runs"]
    for r in runs:
        assert hp.log_scaling_run(r["path"], r["rows"]) == r


def test_a_month_is_arithmetic_on_the_records_largest_output(record):
    record(RECORD)
    m = hp.log_scaling_month(10)
    # the largest log is 100,000 requests; its output 59,000 rows of 60 minutes x 1,000 keys, 2 requests a row
    assert m["csv_row"] == '"2026-11-30 09:00:00.000","K999","2","2.0"'
    mean_key = (10 * 2 + 90 * 3 + 900 * 4) / 1000  # K0-K9, K10-K99, K100-K999
    assert m["csv_bytes_per_row"] == len(m["csv_row"]) + 1 - 4 + mean_key
    assert m["minutes"] == 60 and m["keys"] == 1000 and m["bound"] == 60_000 and m["groups"] == 59_000
    assert m["occupancy"] == 59_000 / 60_000 and m["rows"] == 590_000 and m["hours"] == 10.0
    assert m["parquet_gb"] == 12.5 * 10 / 1e3
    assert m["csv_gb_per_hour"] == 59_000 * m["csv_bytes_per_row"] / 1e9
    assert m["csv_gb"] == m["csv_gb_per_hour"] * 10


def test_a_months_hours_are_bounded_at_a_million_inclusive():
    assert hp.log_scaling_month(1e6)["hours"] == 1e6
    above = np.nextafter(1e6, np.inf)
    with pytest.raises(ValueError) as e:
        hp.log_scaling_month(above)
    assert str(e.value) == f"hours = {above!r} is out of range: must be in (0, 1e+06]"
