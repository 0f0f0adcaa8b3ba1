"""The survivors of ``make mutants`` on ``hotpart/models/logs.py`` in its SQL-building steps (:func:`_per_minute_from_log`,
:func:`_per_minute_from_output`, :func:`_output_rows`, :func:`_output_columns`, :func:`_output_reader`,
:func:`_one_results_csv`, :func:`_aggregated_readers`, :func:`_epoch_unit`, :func:`_sql_path`) that are equivalent
mutants (no behaviour can tell them apart), each with the reason: (function, the mutated line as mutmut shows it) ->
why. ``benchmarks/mutants.py`` merges ``EQUIVALENT`` from every ``equivalent/logs*.py``. The tests that kill these
steps' other survivors are in ``tests/test_logs_mutants_sql.py``.

Most of them change the letter case of SQL the module hands DuckDB (2.0.1, pinned): its keywords, function names and
unquoted identifiers are case-insensitive, so the statement is the same one; each is listed with the clause it changes.
"""


def _to(line: str, old, new: str | None = None) -> str:
    """The key's text of a mutant of ``line``: ``old`` replaced by ``new``, or ``line`` passed through ``old`` (a str method)."""
    return f"{line} -> {old(line) if new is None else line.replace(old, new)}"


_CASE = (
    "equivalent: DuckDB's SQL keywords, function names and unquoted identifiers (the temporary tables and their "
    "columns) are case-insensitive, so the mutant runs the same statement"
)
_CASE_DATE_PART = (
    "equivalent: DuckDB's keywords, function names and unquoted identifiers are case-insensitive, and so is "
    "date_trunc's date part (date_trunc('MINUTE', TIMESTAMP '2026-11-30 09:01:31') is 09:01:00 in DuckDB 2.0.1)"
)

_FILTER = '"SELECT count(*) FILTER (WHERE minute IS NULL), count(*) FILTER (WHERE pk IS NULL), "'
_PER_MINUTE = "\"CREATE TEMP TABLE per_minute AS SELECT date_trunc('minute', minute) AS minute, pk, \""
_SUMS = '"CAST(sum(requests) AS BIGINT) AS requests, sum(units) AS units FROM output_rows GROUP BY 1, 2"'
_DROP = 'con.execute("DROP TABLE output_rows")'
_KINDS = 'kinds = {"instant" if "WITH TIME ZONE" in t else "timestamp" if "TIMESTAMP" in t else "text" for t in minute_types}'
_UNITS_CHECK = '("units", f"units IS NULL OR NOT (units BETWEEN 0 AND {_MAX_LOG_UNITS})", "raw_units",'
_MINUTE_CHECK = '("minute", "minute IS NULL", "raw_minute", what_minute),'
_PK_CHECK = '("pk", "pk IS NULL", "pk", "keys"),'
_UNITS_NAME = '(timestamp, key, units or item_bytes or "units"),'
_PER_US = "per_us = 1_000_000 // _EPOCH_DIVISOR[unit]"
_GZ = 'gz = ", compression = \'gzip\'" if fmt == "csv.gz" else ""'

_STRICT = (
    "equivalent: zip's three sequences always have three items (the column names, the one row of three counts that "
    "the SELECT returns, the three expectations), so strict=True, None or absent never raises nor stops early"
)
_DEFAULT_UNITS = (
    "equivalent: the name 'units' is the column's only when neither units nor item_bytes is mapped; then each request "
    "is 1.0 unit, so a minute and key's units are its count of requests, at least 1 (never NULL) and at most the "
    "log's rows: above 1e15 only for 10**15 requests of one key in one minute, a log of petabytes no machine reads, so "
    "that refusal is never raised and its column's name never shown"
)
_TEXT_LABEL = (
    "equivalent: the label of the third kind is only counted (several kinds are refused) and never compared: a minute "
    "that is neither an instant nor a timestamp takes the else branch under any label"
)

EQUIVALENT: dict[tuple[str, str], str] = {
    # _per_minute_from_log
    ("_per_minute_from_log", _to(_FILTER, str.lower)): _CASE,
    ("_per_minute_from_log", _to(_FILTER, str.upper)): _CASE,
    ("_per_minute_from_log", "strict=False, -> strict=True,"): _STRICT,
    ("_per_minute_from_log", "strict=False, -> strict=None,"): _STRICT,
    ("_per_minute_from_log", "strict=False, / ): -> ):"): _STRICT,
    ("_per_minute_from_log", _to(_UNITS_NAME, '"units"', '"XXunitsXX"')): _DEFAULT_UNITS,
    ("_per_minute_from_log", _to(_UNITS_NAME, '"units"', '"UNITS"')): _DEFAULT_UNITS,
    ("_per_minute_from_log", _to(_PER_US, "//", "/")): "equivalent: 10**6 / d for d in (1, 1,000, "
    "10**6) is a whole float, written 1000000.0, 1000.0 or 1.0 in the SQL; the timestamp column is cast to DOUBLE "
    "before it is multiplied, so DuckDB multiplies two DOUBLEs either way and rounds the same product",
    # _output_rows
    ("_output_rows", _to(_PER_MINUTE, str.lower)): _CASE,
    ("_output_rows", _to(_PER_MINUTE, str.upper)): _CASE_DATE_PART,
    ("_output_rows", _to(_SUMS, str.lower)): _CASE,
    ("_output_rows", _to(_SUMS, str.upper)): _CASE,
    ("_output_rows", _to(_DROP, "DROP TABLE", "drop table")): _CASE,
    ("_output_rows", _to(_DROP, "output_rows", "OUTPUT_ROWS")): _CASE,
    ("_output_rows", _to(_UNITS_CHECK, '"raw_units"', '"RAW_UNITS"')): _CASE,
    ("_output_rows", '"raw_requests", -> "RAW_REQUESTS",'): _CASE,
    ("_output_rows", _to(_MINUTE_CHECK, "minute IS NULL", "minute is null")): _CASE,
    ("_output_rows", _to(_MINUTE_CHECK, "minute IS NULL", "MINUTE IS NULL")): _CASE,
    ("_output_rows", _to(_MINUTE_CHECK, "raw_minute", "RAW_MINUTE")): _CASE,
    ("_output_rows", _to(_PK_CHECK, "pk IS NULL", "pk is null")): _CASE,
    ("_output_rows", _to(_PK_CHECK, "pk IS NULL", "PK IS NULL")): _CASE,
    ("_output_rows", _to(_PK_CHECK, 'IS NULL", "pk"', 'IS NULL", "PK"')): _CASE,
    ("_output_rows", 'watch.summing("output_rows") -> watch.summing("OUTPUT_ROWS")'): _CASE,
    ("_output_rows", _to(_KINDS, '"text"', '"XXtextXX"')): _TEXT_LABEL,
    ("_output_rows", _to(_KINDS, '"text"', '"TEXT"')): _TEXT_LABEL,
    # _epoch_unit
    # _output_reader
    ("_output_reader", _to(_GZ, "compression = 'gzip'", "COMPRESSION = 'GZIP'")): "equivalent: "
    "DuckDB's named parameters and its compression names are case-insensitive: read_csv(..., COMPRESSION = 'GZIP') "
    "reads the gzip file as compression = 'gzip' does (DuckDB 2.0.1; tests/test_logs_mutants_sql.py reads a gzip part "
    "file)",
}
