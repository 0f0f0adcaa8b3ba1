"""The survivors of ``make mutants`` on ``hotpart/models/_readings.py`` in ``_other_kind_units`` (batch h: the other
kind's consumption in the most-accessed report's units) that are equivalent mutants, each with the reason:
(function, the mutated line as mutmut shows it) -> why. ``benchmarks/mutants.py`` merges every ``_readings_*.py`` here.
The rest of batch h's survivors (``_key_rate``'s one-key rule, ``_one_key_scope``, ``_accessed_total`` and the rest of
``_other_kind_units``) are killed by ``tests/test__readings_mutants_h.py`` or ``tests/test_diagnosis_consumed.py``.

None of the four is equivalent by a proof over every input; each rests on what ``hp.gather_evidence`` builds, and says
so. Two (a fresh array each time, ``=`` for ``+=``) rest on the evidence holding one entry per scope and kind:
``gather_evidence`` makes one per scope and kind, but a hand-built ``hp.Evidence``, or a hand-built ``hp.Metrics`` whose
``indexes`` include one named ``""`` (checked: it gives two ``("", "Read")`` entries; no DynamoDB index can have that
name, 3 to 255 characters), holds two, and then the mutants keep the last entry's units where the module sums them
(``Evidence.scope`` reads the first only). Two (no ``dtype=float``) rest on the consumed series being float64, as
``gather_evidence`` makes it (``np.asarray(..., dtype=float)``) and ``ScopeEvidence`` declares it; a hand-built float32
series would be weighted in float32 and round differently (3 x 16,777,215 is 50,331,645 in float64, 50,331,644 in
float32).
"""

_ADD = 'out[:n] += (_WRITE_WEIGHT if t.kind == "Write" else 1.0) * np.asarray(t.consumed[:n], dtype=float)'
_ONE_ENTRY = (
    "equivalent: ev.scopes holds one entry per scope and kind (gather_evidence builds one for each), so exactly one "
    "entry matches t.scope == s.scope and t.kind != s.kind, the loop's body runs at most once, and out is None there: "
)
_FLOAT64 = (
    "equivalent: t.consumed is float64 (gather_evidence makes it with np.asarray(..., dtype=float)), so np.asarray "
    "returns it as it is with or without dtype=float, and the product by the float weight is the same float64 array; "
    "an integer series is cast to float64 by the product either way, with the same values (only a hand-built float32 "
    "series would differ, rounded in float32)"
)
EQUIVALENT: dict[tuple[str, str], str] = {
    (
        "_other_kind_units",
        "out = np.zeros(ev.minutes) if out is None else out -> out = np.zeros(ev.minutes) if (out is None) or True else out",
    ): _ONE_ENTRY + "a fresh zero array is what both make (with two entries of one scope and kind, from a hand-built "
    "Evidence, the mutant would keep only the last one's units)",
    ("_other_kind_units", f"{_ADD} -> {_ADD.replace('+=', '=')}"): _ONE_ENTRY + "adding the weighted units to its "
    "zeros and assigning them give the same array (with two entries of one scope and kind, from a hand-built "
    "Evidence, the mutant would keep only the last one's units)",
    ("_other_kind_units", f"{_ADD} -> {_ADD.replace('dtype=float', 'dtype=None')}"): _FLOAT64,
    ("_other_kind_units", f"{_ADD} -> {_ADD.replace('dtype=float', '')}"): _FLOAT64,
}
