"""The survivors of ``make mutants`` on ``hotpart/models/_scopes.py`` in ``_inferred`` (throttle events no exported
reason metric accounts for), first half, that are equivalent mutants (no behaviour can tell them apart), each with the
reason: (function, the mutated line as mutmut shows it) -> why. The rest of this half's survivors are killed by
``tests/test__scopes_mutants_c.py``."""

_LIMITS = 'for stem, cap in (("MaxOnDemandThroughputThrottleEvents", s.maximum), ("AccountLimitThrottleEvents", _QUOTA[s.kind])):'
EQUIVALENT: dict[tuple[str, str], str] = {
    (
        "_inferred",
        f"{_LIMITS} -> {_LIMITS.replace('MaxOnDemandThroughputThrottleEvents', 'XXMaxOnDemandThroughputThrottleEventsXX')}",
    ): "equivalent: the stem is read twice, by '\"Max\" in stem' (still true of the mutated name, so the same words) "
    "and by _limit_finding, which compares it with 'ProvisionedThroughputThrottleEvents' and "
    "'AccountLimitThrottleEvents' only and reads any other stem as the maximum throughput: both names make the same "
    "maximum-throughput finding (tests/test__scopes_mutants_c.py checks that finding)",
}
