"""The survivors of ``make mutants`` on ``hotpart/models/_scopes.py`` after the turn-11 fixes (2026-12-07) that are
equivalent mutants, each with the reason: (function, the mutated line as mutmut shows it) -> why."""

_ON_DEMAND = 'if ev.mode == "on-demand" and not s.scope and kr.cause != "spread":'
_WHY = (
    "equivalent: the mutated name matches no reading, so the growth block also runs for a spread reading of an "
    "on-demand table; there it adds the growth line and the 'past double the previous peak' alternative only when the "
    "growth is unknown or at least double, and the spread branch then adds the same two (growth unknown: _name_growth) "
    "or returns _past_peak, which keeps each line once and takes no alternatives (at least double); below double "
    "neither adds anything. A finding keeps each evidence line and each alternative once (findings._finding), so "
    "every finding is the same (tests/test__scopes_mutants_e.py and _f.py check both spread paths)"
)
EQUIVALENT: dict[tuple[str, str], str] = {
    ("_key_range_finding", _ON_DEMAND + " -> " + _ON_DEMAND.replace('"spread"', '"XXspreadXX"')): _WHY,
    ("_key_range_finding", _ON_DEMAND + " -> " + _ON_DEMAND.replace('"spread"', '"SPREAD"')): _WHY,
}
