"""The fifth batch of survivors of ``make mutants`` on ``hotpart/models/simulator.py`` that are equivalent mutants (no
input can tell them apart), each with the reason: (function, the mutated line as mutmut shows it) -> why.
``benchmarks/mutants.py`` merges this file into ``simulator``'s ``EQUIVALENT``. The other survivors of this part (the
calm blocks of seconds, a wide table's blocks, the on-demand step's fast path, and the memory a run holds: the
per-block row totals and the demand per key held once) are killed by ``tests/test_simulator_mutants_e.py``.

Each of these rests on the simulator's own lines alone but one, which says so: ``numpy.argmax`` of a numpy scalar
returns 0 (numpy 2.4.6, pinned), and even that value is never read.
"""

_WORST = "worst = int(np.argmax(per_second)) if per_second.ndim else 0"
_ASSERT = "assert isinstance(step, _ProvisionedStep) and steady is not None"
_END = "end = t + 1  # keys moved: place them again from the next second"
_SETTLE_MASKED = "_subtract(offered, throttled, out=out_served, where=up)"

_WORST_UNREAD = (
    "equivalent: worst is read only by the refusal's message, and only where d.ndim == 2 "
    '(at = f" in second {worst}" if d.ndim == 2 else " each second"); there per_second = d.sum(axis=-1) is 1-D, '
    "ndim 1 is true, and both lines take argmax. The lines differ only where d.ndim == 1 (per_second a numpy scalar, "
    "ndim 0), whose worst is never read: the message says ' each second'. (The mutant calls np.argmax on the scalar "
    "there, which returns 0 without raising, numpy 2.4.6: the value is not read either way)"
)
_ASSERT_BOTH_TRUE = (
    "equivalent: the assert runs only inside `if calm`, and calm = type(steady) is _SteadyState holds only when "
    "steady was built, which needs _SteadyState.applies(step, ...), i.e. isinstance(step, _ProvisionedStep) "
    "(_SteadyOnDemand, its subclass, applies only to an _OnDemandStep and would make the type not _SteadyState). So "
    "both operands are true there, `and` and `or` both give True and the assert never fires; it only narrows the "
    "types for the type checker (and python -O drops it whole)"
)
_END_NEXT_BLOCK = (
    "equivalent: end is set here only to start a new block at the next second. Right after it t += 1, and the loop "
    "either ends (t == n_sec: end is not read after the loop) or first tests t >= end, true for end = t + 1 and for "
    "end = t - 1 alike (t is then the old t + 1), so a block starts at the new t and end is reassigned "
    "(placement.fill) before anything reads it. The calm path, the other reader of end (asked = min(end - t, ...)), "
    "is off with splits anyway (calm needs a _SteadyState, which does not apply when splitter is not None)"
)
_SETTLE_MASK_NOT_NEEDED = (
    "equivalent: in the cells where up is False, out_served already holds offered - throttled, computed two lines "
    "above from the same throttled (the nextafter before writes only where up is True); subtracting again there "
    "gives the same bits. offered (a row of the run's offered units: the demand matrix, or the keys' zeros placed a "
    "block at a time) and throttled (a row of rec.throttled) are never the out_served row (of rec.served), so that "
    "earlier result is still in place. The same reason as _conserve_into's masked subtract (simulator_b.py), whose "
    "inlined copy this is"
)

EQUIVALENT: dict[tuple[str, str], str] = {
    ("_demand_matrix", f"{_WORST} -> {_WORST.replace('if per_second.ndim', 'if (per_second.ndim) or True')}"): _WORST_UNREAD,
    ("_demand_matrix", f"{_WORST} -> {_WORST.replace('else 0', 'else 1')}"): _WORST_UNREAD,
    ("simulate", f"{_ASSERT} -> {_ASSERT.replace(' and ', ' or ')}"): _ASSERT_BOTH_TRUE,
    ("simulate", f"{_END} -> {_END.replace('t + 1', 't - 1')}"): _END_NEXT_BLOCK,
    ("_Records.settle", f"{_SETTLE_MASKED} -> {_SETTLE_MASKED.replace('where=up)', ')')}"): _SETTLE_MASK_NOT_NEEDED,
}
