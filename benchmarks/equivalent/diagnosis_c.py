"""The survivors of ``make mutants`` on ``hotpart/models/diagnosis.py`` in ``scenario``, ``_wrap`` and ``_status_of``
that are equivalent mutants (no input can tell them apart), each with the reason: (function, the mutated line as
mutmut shows it) -> why. ``benchmarks/mutants.py`` merges every ``equivalent/diagnosis_*.py``. The tests:
tests/test_diagnosis_mutants_c.py."""

_BUILD = 'result = _build(name, 60 * m, float(f) if name == "GSI-only throttling" else 1.0, float(o) if gsi else GSI_OPEN_SHARE)'
_WRAP = "text, width, initial_indent=first, subsequent_indent=rest, break_long_words=False, break_on_hyphens=False"
_ONLY_GSI = (
    "_build reads its gsi_fraction only in the 'GSI-only throttling' branch and its open_share only in the two GSI branches; "
)

EQUIVALENT = {
    ("scenario", f"{_BUILD} -> {_BUILD.replace('else 1.0', 'else 2.0')}"): (
        f"equivalent: {_ONLY_GSI}every other scenario ignores the gsi_fraction passed (1.0 or 2.0), so the "
        "simulation is the same (only the lru_cache key differs)"
    ),
    (
        "scenario",
        _BUILD + " -> " + _BUILD.replace("if name ==", "if (name ==").replace('throttling" else', 'throttling") or True else'),
    ): (
        f"equivalent: {_ONLY_GSI}passing the validated gsi_fraction to the other scenarios instead of 1.0 changes "
        "nothing they compute (only the lru_cache key differs)"
    ),
    ("scenario", f"{_BUILD} -> {_BUILD.replace('if gsi else', 'if (gsi) or True else')}"): (
        f"equivalent: {_ONLY_GSI}for the GSI scenarios the value is float(o) either way, and the other scenarios "
        "ignore the open_share passed (only the lru_cache key differs)"
    ),
    ("_wrap", f"{_WRAP} -> {_WRAP.replace('break_long_words=False', 'break_long_words=None')}"): (
        "equivalent: textwrap reads break_long_words only as `if self.break_long_words:` (TextWrapper._handle_long_word"
        ", Python 3.11), so None acts exactly as False"
    ),
    ("_wrap", f"{_WRAP} -> {_WRAP.replace('break_on_hyphens=False', 'break_on_hyphens=None')}"): (
        "equivalent: textwrap splits at hyphens only when `self.break_on_hyphens is True` (TextWrapper._split, "
        "Python 3.11), so None acts exactly as False"
    ),
}
