"""The survivors of ``make mutants`` on ``hotpart/models/_scopes.py`` in ``_past_peak`` (the reading "past previous
peak" of an on-demand table) that are equivalent mutants (no behaviour can tell them apart), each with the reason:
(function, the mutated line as mutmut shows it) -> why. The rest of its survivors, and ``_consumed_peak``'s, are killed
by ``tests/test__scopes_mutants_a.py``."""

EQUIVALENT: dict[tuple[str, str], str] = {
    ("_past_peak", "nums = {} -> nums = None"): "equivalent: nums is either replaced by the sized numbers (a positive "
    "offered peak) or handed as is to findings._finding, whose Finding holds dict(numbers or {}): None and {} both "
    "become a new empty dict, and nums is read nowhere else",
}
