"""The survivors of ``make mutants`` on ``hotpart/models/findings.py`` in ``_spike``, ``_merge_same`` and
``Finding.__post_init__`` that are equivalent mutants (no behaviour can tell them apart), each with the reason:
(function, the mutated line as mutmut shows it) -> why. ``benchmarks/mutants.py`` reads ``EQUIVALENT`` from every
``findings_*.py`` of this folder; tests/test_findings_mutants_b.py kills the rest."""

_SHARE = "1.0 if events > 0 else 0.0,"
_ALWAYS_THROTTLED = (
    "equivalent: the spike's share differs only when the run has no throttle event, and find_causes never asks "
    "for a spike then: no throttling at all is the 'no throttling' finding, throttled requests with no throttle event "
    "the requests-only finding (both returned before _spike); _spike is private, so its events are always > 0"
)
EQUIVALENT: dict[tuple[str, str], str] = {
    ("_spike", f"{_SHARE} -> 1.0 if (events > 0) or True else 0.0,"): _ALWAYS_THROTTLED,
    ("_spike", f"{_SHARE} -> 1.0 if events >= 0 else 0.0,"): _ALWAYS_THROTTLED,
    ("_spike", f"{_SHARE} -> 1.0 if events > 0 else 1.0,"): _ALWAYS_THROTTLED,
}
_SHOWN = 'shown = f"{peak:,.0f}" if peak >= 10 else f"{peak:.2g}"'
_SAME_DIGITS = (
    "equivalent: from 10 to 11 units/s the two formats print the same two digits ('10' or '11': checked every 1e-6 "
    "and at 10.5's neighbours), so moving the bound from 10 into (10, 11] changes no sentence"
)
EQUIVALENT |= {
    ("_spike", f"{_SHOWN} -> {_SHOWN.replace('>= 10', '> 10')}"): _SAME_DIGITS,
    ("_spike", f"{_SHOWN} -> {_SHOWN.replace('>= 10', '>= 11')}"): _SAME_DIGITS,
}
