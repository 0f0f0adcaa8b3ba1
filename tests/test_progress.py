"""Long work shows its progress on a terminal, and nothing on a pipe (issue 49, part 3).

``hotpart profile`` on a log of 10**7 rows (the issue's size: 16 s and no sign of life before) is run as a subprocess
twice: on a pseudo-terminal (python's ``pty``: stdin, stdout and stderr on it, as a user at a terminal), where one
line rewritten in place says the rows read and the time left, then the groups being summed, and is cleared before the
report; and on pipes, where standard error stays empty and standard output is the same report. ``profile_log``'s
``progress`` callback and the line it is given are checked in-process too.
"""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time

import duckdb
import pytest

import hotpart as hp
from conftest import ROOT
from hotpart.models import logs

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
ROWS = 10**7
#: One progress line while the log is read: rows read, the log's rows (estimated from a CSV's first lines), the time.
READING = re.compile(
    rb"\r\x1b\[Khotpart: reading log\.csv: ([\d,]+) of about ([\d,]+) rows \((\d+)%\), (\d+ s|\d+ min \d+ s|estimating the "
    rb"time) left"
)
SUMMING = re.compile(rb"\r\x1b\[Khotpart: log\.csv: read in \d+ s, summing ([\d,]+) groups \(\d+ s\)")


@pytest.fixture(scope="module")
def big_log(tmp_path_factory):
    """A CSV access log of 10**7 requests over an hour, 100,000 keys of skewed popularity (about 320 MB)."""
    path = tmp_path_factory.mktemp("progress") / "log.csv"
    con = duckdb.connect()
    con.execute("SET enable_progress_bar = false")
    con.execute(
        "COPY (SELECT TIMESTAMP '2026-11-30 09:00:00' + to_microseconds(CAST(i * 360 AS BIGINT)) AS timestamp, "
        f"'k' || CAST(floor(100000 * pow(random(), 3)) AS INT) AS pk FROM range({ROWS}) t(i)) TO '{path}' (HEADER)"
    )
    con.close()
    return path


def _on_a_terminal(args: list[str], timeout: float = 300.0) -> tuple[int, bytes]:
    """Run ``python -m hotpart ARGS`` with stdin, stdout and stderr on a new pseudo-terminal; its exit and all it wrote."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "hotpart", *args], stdin=slave, stdout=slave, stderr=slave, env=ENV, cwd=ROOT, close_fds=True
    )
    os.close(slave)
    out = b""
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 1.0)
            if not ready:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the child closed its side
                break
            if not chunk:
                break
            out += chunk
        code = proc.wait(timeout=max(1.0, deadline - time.monotonic()))
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
    return code, out


def test_a_long_profile_on_a_terminal_shows_rows_read_and_time_left(big_log):
    code, out = _on_a_terminal(["profile", str(big_log)])
    assert code == 0, out[-2000:]
    report_at = out.index(f"{big_log}: 10,000,000 requests".encode())
    progress, report = out[:report_at], out[report_at:]
    reading = [tuple(m.groups()) for m in READING.finditer(progress)]
    assert reading, progress[:2000]
    read = [int(r[0].replace(b",", b"")) for r in reading]
    estimate = {int(r[1].replace(b",", b"")) for r in reading}
    percent = [int(r[2]) for r in reading]
    assert len(estimate) == 1 and abs(estimate.pop() - ROWS) <= ROWS // 100  # the CSV's rows, from its first lines
    assert read == sorted(read) and percent == sorted(percent) and all(0 <= p <= 100 for p in percent)
    assert all(n <= ROWS * 1.01 for n in read)
    # then the groups summed: the query's output rows, one per minute and key seen
    groups = {int(m.group(1).replace(b",", b"")) for m in SUMMING.finditer(progress)}
    assert len(groups) <= 1 and all(60 <= g <= 60 * 100_000 for g in groups)
    # the line is cleared before the report starts, and nothing of it comes after
    assert progress.endswith(b"\r\x1b[K")
    assert b"hotpart: reading" not in report and b"\x1b[K" not in report
    assert b"Traceback" not in out


def test_the_same_profile_on_a_pipe_writes_no_progress(big_log):
    r = subprocess.run(
        [sys.executable, "-m", "hotpart", "profile", str(big_log)], capture_output=True, env=ENV, cwd=ROOT, timeout=300
    )
    assert r.returncode == 0, r.stderr
    assert r.stderr == b""  # not a word: no progress, no escape sequence
    assert r.stdout.startswith(f"{big_log}: 10,000,000 requests".encode())
    assert b"\r" not in r.stdout and b"\x1b" not in r.stdout


def test_progress_is_reported_in_process_and_changes_nothing(tmp_path):
    """The callback gets lines while a log is read, and the profile is the same as without it."""
    path = tmp_path / "log.parquet"
    con = duckdb.connect()
    con.execute("SET enable_progress_bar = false")
    con.execute(
        "COPY (SELECT TIMESTAMP '2026-11-30 09:00:00' + to_microseconds(CAST(i * 360 AS BIGINT)) AS timestamp, "
        f"'k' || CAST(i % 997 AS INT) AS pk FROM range(3000000) t(i)) TO '{path}'"
    )
    con.close()
    lines: list[str] = []
    with_progress = hp.profile_log(path, progress=lines.append)
    without = hp.profile_log(path)
    assert with_progress.key_units.tolist() == without.key_units.tolist()
    assert with_progress.total.tolist() == without.total.tolist()
    # Parquet's rows come from its metadata: exact, no "about"
    assert all(" of about " not in line for line in lines)
    said = re.compile(r"reading log\.parquet: [\d,]+ of 3,000,000 rows \(\d+%\), .* left|log\.parquet: read in .*")
    assert all(said.fullmatch(line) for line in lines), lines


def test_a_progress_that_is_not_callable_is_refused_by_name(tmp_path):
    with pytest.raises(ValueError, match=r"^progress = 'yes' is not allowed"):
        hp.profile_log(ROOT / "notebooks" / "data" / "access-log.parquet", progress="yes")


@pytest.mark.parametrize(
    ("percent", "elapsed", "share", "expected"),
    [
        (0.0, 0.5, 0.5, "reading log.csv: 0 of about 10,000,000 rows (0%), estimating the time left"),
        (0.4, 2.0, 0.5, "reading log.csv: 80,000 of about 10,000,000 rows (1%), estimating the time left"),
        (0.5, 2.0, 0.5, "reading log.csv: 100,000 of about 10,000,000 rows (1%), 3 min 18 s left"),
        (25.0, 6.0, 0.5, "reading log.csv: 5,000,000 of about 10,000,000 rows (50%), 6 s left"),
        (50.0, 12.0, 0.5, "reading log.csv: 10,000,000 of about 10,000,000 rows (100%), 0 s left"),
        (93.0, 12.5, 0.5, "reading log.csv: 10,000,000 of about 10,000,000 rows (100%), 0 s left"),  # never past the log
        (25.0, 6.0, 1.0, "reading log.csv: 2,500,000 of about 10,000,000 rows (25%), 18 s left"),
        (10.0, 4000.0, 1.0, "reading log.csv: 1,000,000 of about 10,000,000 rows (10%), 10 h 0 min left"),
    ],
)
def test_the_line_reads_rows_and_time_left_from_duckdbs_progress(percent, elapsed, share, expected):
    p = logs._Progress(None, print, "logs/log.csv")
    p.rows = (ROWS, False)
    p.reading(scan_share=share)
    assert p.line(percent, elapsed) == expected


def test_the_line_without_a_row_count_says_the_share():
    p = logs._Progress(None, print, "log.csv.gz")
    p.reading(scan_share=1.0)
    assert p.line(40.0, 2.0) == "reading log.csv.gz: 40%, 3 s left"
    assert p.line(-1.0, 2.0) == ""  # between queries: nothing new to say


def test_a_text_logs_rows_are_estimated_from_its_first_lines(tmp_path):
    f = tmp_path / "log.csv"
    f.write_text("timestamp,pk\n" + "".join(f"2026-11-30 09:00:{i % 60:02d},k{i % 10}\n" for i in range(5000)))
    con = duckdb.connect()
    rows, exact = logs._log_rows(con, [str(f)], False, header=True)
    assert exact and rows == 5000  # the whole file is the sample: its lines, less the header
    (tmp_path / "one.csv").write_text("timestamp,pk")
    assert logs._log_rows(con, [str(tmp_path / "one.csv")], False, header=True) is None
    assert logs._log_rows(con, [], False, header=True) is None
