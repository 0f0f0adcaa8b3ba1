"""The survivors of ``make mutants`` on ``hotpart/models/_readings.py`` after the turn-11 fix of ``_key_rate`` (a key's
rate leaves out the other kind's units, 2026-12-07) that are equivalent mutants, each with the reason: (function, the
mutated line as mutmut shows it) -> why. The rest are killed by ``tests/test_diagnosis_consumed.py``."""

_LINE = "other_refused = _other_kind_units(s, ev, False, events=True) if refusals and not s.scope else None"
_WHY = (
    "equivalent: with events=True _other_kind_units weighs nothing ('weighted and not events' is false whatever "
    "weighted is): throttle events are requests, counted one each, so the weighted flag cannot change the result"
)
EQUIVALENT: dict[tuple[str, str], str] = {
    ("_key_rate", _LINE + " -> " + _LINE.replace("ev, False,", "ev, None,")): _WHY,
    ("_key_rate", _LINE + " -> " + _LINE.replace("ev, False,", "ev, True,")): _WHY,
}
