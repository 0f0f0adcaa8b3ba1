"""The survivors of ``make mutants`` on ``hotpart/models/logs.py`` in :func:`_out_of_memory` (batch g of issue 49, part
6) that are equivalent mutants (no behaviour can tell them apart), each with the reason: (function, the mutated line as
mutmut shows it) -> why. ``benchmarks/mutants.py`` merges ``EQUIVALENT`` from every ``equivalent/logs*.py``. The tests
that kill the batch's other survivors (in :func:`profile_log`, :func:`_per_minute_from_log` and :func:`_first_line`)
are in ``tests/test_logs_mutants_g.py``.

Both change only the letter case of the query that reads DuckDB's memory limit for the refusal's text. DuckDB's
keywords and function names are case-insensitive ("Keywords and Identifiers", duckdb.org/docs/2.0/sql/dialect/
keywords_and_identifiers: identifiers are resolved case-insensitively, as in PostgreSQL). The upper-cased mutant also
upper-cases the setting's name inside the string literal: that one rests on ``current_setting`` looking the name up
case-insensitively, as DuckDB's settings do (its source binds the name as an ``Identifier``, compared without case),
checked in DuckDB 2.0.1, the pinned version: ``current_setting('MEMORY_LIMIT')`` returns the same text as
``current_setting('memory_limit')`` both at the default (``18.8 GiB`` on the machine checked) and after
``SET memory_limit = '1GB'`` (``953.6 MiB``).
"""

_DEFAULT = "default = duckdb.connect().execute(\"SELECT current_setting('memory_limit')\").fetchall()[0][0]"

EQUIVALENT: dict[tuple[str, str], str] = {
    ("_out_of_memory", f"{_DEFAULT} -> {_DEFAULT.replace('SELECT', 'select')}"): (
        "equivalent: DuckDB's SQL keywords are case-insensitive (its documentation, Keywords and Identifiers), so "
        "'select' runs the same statement and the refusal quotes the same memory limit"
    ),
    (
        "_out_of_memory",
        f"{_DEFAULT} -> {_DEFAULT.replace('current_setting', 'CURRENT_SETTING').replace('memory_limit', 'MEMORY_LIMIT')}",
    ): (
        "equivalent: DuckDB's function names are case-insensitive, and current_setting looks a setting's name up "
        "without case (DuckDB 2.0.1, pinned: CURRENT_SETTING('MEMORY_LIMIT') is current_setting('memory_limit') at "
        "the default and after SET memory_limit), so the refusal quotes the same memory limit"
    ),
}
