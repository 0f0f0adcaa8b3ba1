"""``profile_log``'s refusals of what DuckDB fails on, in process (issue 49, part 6, batch g).

Two kinds of failure, each asserted through :func:`hotpart.profile_log` as the user sees it (the refusal's message
whole, and its file, field and expectation):

1. **A value past DuckDB's CSV sample** in the key, the sort-key or the item-size column: DuckDB types the column
   BIGINT from the rows it samples (20,480 by default) and fails at ``abc`` on the file's last line, part-way through
   the read; each mapped column read alone names the one at fault, with what it was expected to hold.
2. **Whatever DuckDB raises that no earlier check names** (here, from the profile's last step, which no small log makes
   fail): one line naming the log as a whole, quoting DuckDB's first line whole, or the error's type when DuckDB's
   error has no text.
"""

from __future__ import annotations

import duckdb
import pytest

import hotpart as hp
from hotpart.models import logs
from hotpart.models.metric_data import ExportError

#: Good rows before the bad one: more than DuckDB's CSV sniffer samples to type a column (20,480 rows by default).
PAST_THE_SAMPLE = 30_000
#: What the refusal of input DuckDB fails on part-way says was expected (the log as a whole).
UNREADABLE = "input DuckDB can read and profile"


def _duckdb_first_line(sql: str) -> str:
    """The first line of DuckDB's own error for ``sql``: what a refusal quotes."""
    with pytest.raises(duckdb.Error) as e:
        duckdb.connect().execute(sql).fetchall()
    return str(e.value).splitlines()[0]


def _log_with_a_late_abc(path, header: str, row) -> str:
    """A CSV log of ``PAST_THE_SAMPLE`` good rows (``row(i)``, numbers in the column under test) and a last row whose
    column under test is ``abc`` (``row(None)``); returns its path."""
    rows = [row(i) for i in range(PAST_THE_SAMPLE)] + [row(None)]
    path.write_text(header + "\n" + "".join(r + "\n" for r in rows))
    return str(path)


def _refusal(path, **kwargs) -> ExportError:
    with pytest.raises(ExportError) as e:
        hp.profile_log(path, **kwargs)
    assert "\n" not in str(e.value)
    return e.value


# --- 1. a value past DuckDB's sample, named by its column -------------------------------------------------------------


def _late_abc_reason(path, column: str) -> str:
    # DuckDB's own line for the column read alone: the file's line 30,002 (the header, 30,000 good rows, then 'abc')
    reason = _duckdb_first_line(f"SELECT count(CAST({column} AS VARCHAR)) FROM read_csv('{path}')")
    assert reason == "Conversion Error: CSV Error on Line: 30002"
    return reason


@pytest.mark.parametrize(
    ("header", "tail", "column", "kwargs", "holding"),
    [
        # keys 0..6 in the sample make 'pk' BIGINT: the timestamps read alone succeed, the keys alone fail
        ("timestamp,pk", lambda v: v, "pk", {}, "keys"),
        # the keys ('a' throughout) read alone succeed, the sort keys fail
        ("timestamp,pk,sk", lambda v: f"a,{v}", "sk", {"sort_key": "sk"}, "sort keys"),
        # item sizes 100..106 bytes make 'b' BIGINT; the timestamps and keys succeed, the item sizes fail
        ("timestamp,pk,b", lambda v: f"a,{v}", "b", {"item_bytes": "b"}, "item sizes in bytes"),
    ],
    ids=["key", "sort key", "item size"],
)
def test_a_column_past_duckdbs_sample_that_is_not_a_number_is_refused_naming_the_column_and_what_it_holds(
    tmp_path, header, tail, column, kwargs, holding
):
    # a late 'abc' on line 30,002 fails the column's conversion: the column is named, with what it holds
    base = 100 if column == "b" else 0

    def row(i):
        return f"2026-11-30 09:00:{(i or 0) % 60:02d},{tail('abc' if i is None else base + i % 7)}"

    path = _log_with_a_late_abc(tmp_path / "log.csv", header, row)
    reason = _late_abc_reason(path, column)
    e = _refusal(path, **kwargs)
    assert (e.file, e.field, e.expected) == (path, f"column '{column}'", f"{holding} ({reason})")
    assert str(e) == f"{path}: column '{column}': expected {holding} ({reason})"


# --- 2. whatever no earlier check names: the log as a whole, DuckDB's first line --------------------------------------

#: A query DuckDB refuses with an error of several lines (its reason, a blank line, the query, a caret line).
FAILING_SQL = "SELECT CAST('abc' AS INTEGER)"


def _small_log(tmp_path) -> str:
    path = tmp_path / "log.csv"
    path.write_text("timestamp,pk\n2026-11-30 09:00:01,a\n2026-11-30 09:00:02,b\n")
    return str(path)


def test_an_error_no_check_names_is_refused_naming_the_log_with_duckdbs_first_line(tmp_path, monkeypatch):
    # the profile's last step runs a statement DuckDB refuses, on the profile's own connection: a Conversion Error of
    # four lines (its reason, a blank line, the query, a caret under it); the refusal quotes the first, whole, and
    # names the log as a whole ('(file)')
    def failing_step(con, *args, **kwargs):
        con.execute(FAILING_SQL)

    monkeypatch.setattr(logs, "_profile_per_minute", failing_step)
    with pytest.raises(duckdb.Error) as raw:
        duckdb.connect().execute(FAILING_SQL)
    assert len(str(raw.value).splitlines()) == 4  # the premise: a line to quote, and lines to leave out
    reason = _duckdb_first_line(FAILING_SQL)
    assert reason == "Conversion Error: Could not convert string 'abc' to INT32"
    path = _small_log(tmp_path)
    e = _refusal(path)
    assert (e.file, e.field, e.expected) == (path, "(file)", f"{UNREADABLE} ({reason})")
    assert str(e) == f"{path}: (file): expected {UNREADABLE} ({reason})"


def test_an_error_without_text_is_refused_naming_its_type(tmp_path, monkeypatch):
    # DuckDB's exceptions may carry no text (an interrupt raised bare): the refusal then names the error's type,
    # 'InterruptException', so the parentheses never stand empty
    def interrupted(*args, **kwargs):
        raise duckdb.InterruptException()

    assert str(duckdb.InterruptException()) == ""  # the premise: nothing to quote
    monkeypatch.setattr(logs, "_profile_per_minute", interrupted)
    path = _small_log(tmp_path)
    e = _refusal(path)
    assert str(e) == f"{path}: (file): expected {UNREADABLE} (InterruptException)"
