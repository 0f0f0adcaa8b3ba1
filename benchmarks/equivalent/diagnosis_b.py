"""The survivors of ``make mutants`` on ``hotpart/models/diagnosis.py`` in ``_finding_text`` and the ``Diagnosis``
methods that write for a reader (``explain``, ``summary``, ``__repr__``, ...) that are equivalent mutants (no behaviour
can tell them apart), each with the reason: (function, the mutated line as mutmut shows it) -> why. Part b.
``benchmarks/mutants.py`` reads ``EQUIVALENT`` from this folder's files named after the module."""

_SIG = "def _finding_text(i: int, f: Finding, markdown: bool, h: str = {}) -> list[str]:"
_WRAP = "out = [wrapped for line in out for wrapped in (_wrap(line, w) if {} else [line])]"

EQUIVALENT = {
    ("_finding_text", _SIG.format('"## "') + " -> " + _SIG.format('"XX## XX"')): (
        "equivalent: the default heading mark is never used: the one caller, Diagnosis.explain, always passes h"
    ),
    ("Diagnosis.explain", _WRAP.format("line") + " -> " + _WRAP.format("(line) or True")): (
        "equivalent: an empty line wrapped is itself: _wrap('', w) is textwrap.wrap's [] or [line], i.e. ['']"
    ),
}
