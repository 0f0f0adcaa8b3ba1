"""The survivors of ``make mutants`` on ``hotpart/models/_readings.py`` (every function but ``_key_reading``) that are
equivalent mutants (no behaviour can tell them apart), each with the reason: (function, the mutated line as mutmut
shows it) -> why. ``benchmarks/mutants.py`` reads ``EQUIVALENT`` from this folder's files named after the module."""

_READS = 'reads = sum((t.events for t in ev.scopes if t.kind == "Read"), np.zeros(ev.minutes))'
EQUIVALENT: dict[tuple[str, str], str] = {
    ("_offered_peak", f'{_READS} -> reads = sum((t.events for t in ev.scopes if t.kind == "Read"), )'): "equivalent: "
    "sum's start 0 instead of a zero array: 0 plus the read scopes' float arrays is the same array, and with no read "
    "scope ev.requests - 0 is ev.requests, as ev.requests - zeros is",
    (
        "_offered_peak",
        "return float(rate.max(initial=0.0)) -> return float(rate.max(initial=None))",
    ): "equivalent: initial=None is numpy's no-initial, which differs only on an empty array; rate is never empty: "
    "Metrics refuses seconds < 1, so every Evidence has at least one minute, and the minutes selection is taken only "
    "when minutes.any(); and the rates are consumed and refused units, never negative (read_metric_data refuses a "
    "value below 0), so 0.0 never wins over them either",
    ("_key_rate", "continue -> break"): "equivalent: np.flatnonzero gives the minutes in ascending order, so once one "
    "is at or past len(rep.top) every later one is too: stopping skips exactly the minutes continuing would skip",
    (
        "_shard_words",
        'reads = float(read_cost(n, "random", "aggregate").requests[0]) -> reads = float(read_cost(n, "random", ).requests[0])',
    ): 'equivalent: read_cost\'s read parameter defaults to "aggregate" (hotpart/models/write_sharding.py)',
}
