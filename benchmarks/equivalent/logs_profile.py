"""The last survivors of ``make mutants`` on ``hotpart/models/logs.py`` in :func:`profile_log` that are equivalent
mutants (no input can tell them apart), each with the reason: (function, the mutated line as mutmut shows it) -> why.
``benchmarks/mutants.py`` merges this file into ``logs``'s ``EQUIVALENT``. The other survivors of this part (the
instant branch of ``_per_minute_from_log``, the refusal of what DuckDB cannot read) are killed by
``tests/test_logs_mutants_profile.py``.

The suffix line gained its comment after ``logs_entry.py`` explained its ``"X"`` mutant, so that key no longer matches
mutmut's line; the current line's key is here.
"""

_SUFFIX = 'suffix = Path(name.replace("*", "x")).suffix.lower()  # a glob\'s \'*\' read as a letter: logs/*.csv is .csv'
_ACCEPTED = 'accepted = ", ".join(sorted(LOG_FORMATS, key=len))'

_GLOB_LETTER = (
    "equivalent: pathlib's suffix is the final component's text from its last '.', none when that '.' is the "
    "component's first or last character; standing for '*' with any non-empty text holding no '.' or '/' ('x', 'X', "
    "'XXxXX', or '*' itself, which replace('XX*XX', ...) leaves in place) moves no '.' to either end and no '/', so the "
    "suffix differs only in the characters that stand for a '*'. A suffix holding one is none of LOG_FORMATS "
    "('.csv', '.json', '.jsonl', '.parquet': no '*', no 'x', compared in lower case) under any of them, and only a "
    "suffix in LOG_FORMATS is used further (the refusal shows Path(name).suffix, unreplaced). Checked on all 271,452 "
    "names of up to five pieces from '*', '.', '/', 'x', 'X', 'a', 'CSV', '.C*SV' and the four suffixes: the same "
    "accepted suffix, or none, for each"
)
_ORDER = (
    "equivalent: LOG_FORMATS is the module's constant, not an input, and its four suffixes sort alike by length "
    "(4, 5, 6, 8 characters) and by their letters: '.csv', '.json', '.jsonl', '.parquet' either way "
    "(tests/test_logs_mutants_entry.py asserts the refusal's message whole)"
)

_NO_STAR = _SUFFIX.replace('name.replace("*"', 'name.replace("XX*XX"')
_LETTERS = _SUFFIX.replace('"x")', '"XXxXX")')
_CAPITAL = _SUFFIX.replace('"x")', '"X")')

EQUIVALENT: dict[tuple[str, str], str] = {
    ("profile_log", f"{_SUFFIX} -> {_NO_STAR}"): _GLOB_LETTER,
    ("profile_log", f"{_SUFFIX} -> {_LETTERS}"): _GLOB_LETTER,
    ("profile_log", f"{_SUFFIX} -> {_CAPITAL}"): _GLOB_LETTER,
    ("profile_log", f"{_ACCEPTED} -> {_ACCEPTED.replace('key=len', 'key=None')}"): _ORDER,
    ("profile_log", f"{_ACCEPTED} -> {_ACCEPTED.replace('key=len', '')}"): _ORDER,
}
