"""The survivors of ``make mutants`` on ``hotpart/models/_scopes.py`` in the second half of ``_inferred`` (an on-demand
table's or an unknown mode's events no reason metric accounts for) that are equivalent mutants, each with the
reason: (function, the mutated line as mutmut shows it) -> why. The tests of the rest of that half:
tests/test__scopes_mutants_d.py."""

EQUIVALENT: dict[tuple[str, str], str] = {
    (
        "_inferred",
        'alts += ("maximum throughput reached",) -> alts = ("maximum throughput reached",)',
    ): (
        "equivalent: the line runs only right after 'alts: tuple[str, ...] = ()', with no statement between that binds "
        "alts, so 'alts += (x,)' is '() + (x,)', the same tuple as 'alts = (x,)', for every input"
    ),
}
