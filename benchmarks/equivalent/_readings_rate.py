"""The survivors of ``make mutants`` on ``hotpart/models/_readings.py`` in ``_rate`` (how the diagnosis writes a rate)
that are equivalent mutants, each with the reason: (function, the mutated line as mutmut shows it) -> why. The
tests of ``_rate``: tests/test__readings_mutants_rest.py (its words in the capacity remedy) and
tests/test_findings_mutants_a.py (the backfill's)."""

_RATE = 'return f"{units_per_s:,.0f}" if units_per_s >= 10 else f"{units_per_s:.2g}"'
_SAME_DIGITS = (
    "equivalent: from 10 to 11 units/s both formats write the same two digits (',.0f' and '.2g' of a value in [10, 11) "
    "both round to '10' or '11', half to even alike: 10.5 is '10' in both), so moving the bound within [10, 11] "
    "changes no word a reader sees"
)


def _changed(old: str, new: str) -> str:
    return f"{_RATE} -> {_RATE.replace(old, new)}"


EQUIVALENT: dict[tuple[str, str], str] = {
    ("_rate", _changed(">= 10", "> 10")): _SAME_DIGITS,
    ("_rate", _changed(">= 10", ">= 11")): _SAME_DIGITS,
}
