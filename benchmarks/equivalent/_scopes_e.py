"""The survivors of ``make mutants`` on ``hotpart/models/_scopes.py`` in ``_key_range_finding`` (its first half: the
growth beside a key-range finding, a small key space's remedy, the spread branch's growth) that are equivalent
mutants, each with the reason: (function, the mutated line as mutmut shows it) -> why. The rest of this half is
killed by ``tests/test__scopes_mutants_e.py``.

Four are equivalent for every input. One (``rate = ... if (kr.key) or True``) rests on DynamoDB's own rule, not on a
proof over every input, and is marked so: it differs only for a Contributor Insights report that lists a key whose
value is the empty string, which DynamoDB does not allow for a key attribute (so no export of a real table holds one);
a hand-made report that lists ``""`` (``read_insight_report`` accepts ``"Keys": [""]``) tells the two apart, the
mutant naming ``''`` with its rate where the original names no rate.
"""

_SPREAD_GROWTH = 'growth = _growth(s, ev, ev.hit()) if ev.mode == "on-demand" and not s.scope else None'

EQUIVALENT: dict[tuple[str, str], str] = {
    ("_key_range_finding", 'grew = None -> grew = ""'): "equivalent: grew is read only in the spread branch "
    '(`elif kr.cause == "spread"`), which assigns it (`grew = None if growth is None else ...`) before its first '
    "read; every other branch leaves it unread, so its first value is never seen",
    (
        "_key_range_finding",
        "rate = _key_rate(s, ev, kr.key, minutes) if kr.key else None -> "
        "rate = _key_rate(s, ev, kr.key, minutes) if (kr.key) or True else None",
    ): "equivalent: for every report a DynamoDB export can hold (resting on DynamoDB refusing an empty key value, see the "
    "module's docstring): the mutant adds the call _key_rate(s, ev, '', minutes) when no key is named; it returns "
    "None when the scope has no report, finds no units for '' in any minute (dict(...).get('', 0.0) is 0 unless a list "
    "holds the key ''), and _one_key_scope(rep, '') is true only if the most-accessed lists hold exactly {''}: so with "
    "no key named '' in a report the rate stays None, as in the original",
    (
        "_key_range_finding",
        'shard, _, nums = _shard_words(s, kr.key, rate) if s.kind == "Write" and kr.key else ("", "", {}) -> '
        'shard, _, nums = _shard_words(s, kr.key, rate) if s.kind == "Write" and kr.key else ("", "XXXX", {})',
    ): "equivalent: the tuple's second item is unpacked into `_` and never read (the chapter of a small key space is "
    "set on its own line below), so the mutated string is thrown away",
    (
        "_key_range_finding",
        f'{_SPREAD_GROWTH} -> growth = _growth(s, ev, ev.hit()) if (ev.mode == "on-demand" and not s.scope) or True else None',
    ): 'equivalent: in behaviour, growth (and grew, made from it) is read only under `ev.mode == "on-demand" and not '
    's.scope` (the past-peak return) or inside `if ev.mode == "on-demand"` under `not s.scope` (the growth '
    "alternative), and in both the original computes the same _growth; for a provisioned table or any index the "
    "mutant's extra growth is never read. _growth cannot raise there (it reads consumed, events and the kind's new-table "
    "peak, all set for every scope, and divides by a floor above 0): performance only, one pass over the minutes",
    (
        "_key_range_finding",
        f'{_SPREAD_GROWTH} -> growth = _growth(s, ev, ev.hit()) if ev.mode == "on-demand" or not s.scope else None',
    ): "equivalent: in behaviour, the mutant computes the growth also for an on-demand index and for a provisioned table; "
    'growth and grew are read only where `ev.mode == "on-demand"` and `not s.scope` both hold (the past-peak return, '
    "the growth alternative), where the original computes the same value, so the extra growth is never read (and "
    "_growth cannot raise: see the line above); performance only, one pass over the minutes",
}
