"""The survivors of ``make mutants`` on ``hotpart/models/logs.py`` in :func:`profile_log` (the public entry point) that
are equivalent mutants (no behaviour can tell them apart), each with the reason: (function, the mutated line as mutmut
shows it) -> why. ``benchmarks/mutants.py`` merges this file into ``logs``'s ``EQUIVALENT``; the other survivors of
``profile_log`` are killed by ``tests/test_logs_mutants_entry.py``."""

_SUFFIX = 'suffix = Path(name.replace("*", "x")).suffix.lower()'
_BAR = "con.execute(f\"SET enable_progress_bar = {'true' if progress is not None else 'false'}\")"
_BAR_ON = "con.execute(f\"SET enable_progress_bar = {'true' if (progress is not None) or True else 'false'}\")"
_BAR_TRUE = "con.execute(f\"SET enable_progress_bar = {'TRUE' if progress is not None else 'false'}\")"
_BAR_FALSE = "con.execute(f\"SET enable_progress_bar = {'true' if progress is not None else 'FALSE'}\")"
_PRINT = 'con.execute("SET enable_progress_bar_print = false")'
_ZONE = "con.execute(\"SET TimeZone = 'UTC'\")"
_ROWS = 'watch.rows = _log_rows(con, readers[1], readers[0] == "parquet", header=readers[0] != "parquet")'
_ROWS_HEADER_1 = _ROWS.replace("header=readers[0]", "header=readers[1]")
_ROWS_XX = _ROWS.replace('!= "parquet")', '!= "XXparquetXX")')
_ROWS_UPPER = _ROWS.replace('!= "parquet")', '!= "PARQUET")')
_CASE = (
    "equivalent: DuckDB reads SQL keywords, setting names and boolean literals in any case (SET, set; "
    "enable_progress_bar_print, ENABLE_PROGRESS_BAR_PRINT; true, TRUE), so the statement sets the same value"
)
_ZONE_CASE = (
    "equivalent: DuckDB reads setting names in any case, and its TimeZone setting takes a zone name in any case "
    "and stores ICU's spelling: after SET timezone = 'utc', current_setting('TimeZone') is 'UTC' and a timestamp "
    "with an offset converts as under 'UTC' (duckdb 1.x, pinned)"
)
_HEADER = (
    "equivalent: the header flag changes only a text file's count (a header row less per file); the query's output "
    "is read as text only in its CSV formats ('csv', 'csv.gz'), where the original's readers[0] != 'parquet' is True "
    "as the mutant's is (a list is never equal to a string; 'XXparquetXX' and 'PARQUET' are no format's name), and a "
    "Parquet output's rows come from its metadata, where the flag is not read"
)
EQUIVALENT: dict[tuple[str, str], str] = {
    ("profile_log", f'{_SUFFIX} -> suffix = Path(name.replace("*", "X")).suffix.lower()'): (
        "equivalent: the letter that stands for a glob's '*' is lowered with the rest of the suffix, so 'X' gives "
        "the suffix 'x' gives (pathlib's suffix depends on where the dots are, not on the letters)"
    ),
    ("profile_log", f"{_BAR} -> {_BAR_ON}"): (
        "equivalent: without a callback DuckDB tracks the query's progress and nobody reads it: no thread is started "
        "(_Progress does nothing without a callback) and DuckDB never prints it (enable_progress_bar_print = false, "
        "set next); the profile is the same"
    ),
    ("profile_log", f"{_BAR} -> {_BAR_TRUE}"): _CASE,
    ("profile_log", f"{_BAR} -> {_BAR_FALSE}"): _CASE,
    ("profile_log", f'{_PRINT} -> con.execute("set enable_progress_bar_print = false")'): _CASE,
    ("profile_log", f'{_PRINT} -> con.execute("SET ENABLE_PROGRESS_BAR_PRINT = FALSE")'): _CASE,
    ("profile_log", f"{_ZONE} -> con.execute(\"set timezone = 'utc'\")"): _ZONE_CASE,
    ("profile_log", f"{_ZONE} -> con.execute(\"SET TIMEZONE = 'UTC'\")"): _CASE,
    ("profile_log", f"{_ROWS} -> {_ROWS_HEADER_1}"): _HEADER,
    ("profile_log", f"{_ROWS} -> {_ROWS_XX}"): _HEADER,
    ("profile_log", f"{_ROWS} -> {_ROWS_UPPER}"): _HEADER,
}
