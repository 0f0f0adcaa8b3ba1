"""The fourth batch of survivors of ``make mutants`` on ``hotpart/models/simulator.py`` that are equivalent mutants (no
input can tell them apart), each with the reason: (function, the mutated line as mutmut shows it) -> why.
``benchmarks/mutants.py`` merges this file into ``simulator``'s ``EQUIVALENT``. The other survivors of this part
(simulate's refusals and their order, the seconds' bound, the cell limit's message, the demand's checks,
``Table.capacity``'s refusal, the result's table and the records held once) are killed by
``tests/test_simulator_mutants_d.py``.

Three of them rest on numpy rather than on the simulator's own lines, and say so: setting ``flags.writeable`` takes
the truth value of what is assigned (numpy 2.4.6, pinned; checked: ``a.flags.writeable = None`` leaves ``a``
read-only), and ``records=None`` is falsy in Python itself.
"""

_RECORDS_ARG = '_check_cells("keys", n_sec, len(key_list), "simulate fewer seconds or fewer keys", records=False)'
_OUT_RO = "a.flags.writeable = False"
_CAP_RO = "self.capacity.flags.writeable = False"
_RUNS_INIT = "runs, after = [0] * len(same), 0"
_LOOP = "for j in range(len(same) - 1, -1, -1):"

_NONE_IS_FALSY = (
    'equivalent: _check_cells reads records only as the condition of `... if records else ""`, where None and False '
    "are both false: the same message (no records' size) for the keys' cells, and nothing else reads it"
)
_WRITEABLE_NONE = (
    "equivalent: numpy's flags.writeable setter takes the truth value of what is assigned, so None sets it False, as "
    "False does (numpy 2.4.6, the pinned version: a.flags.writeable = None leaves a read-only); the same read-only "
    "array, refusing an assignment with the same error"
)
_RUNS_OVERWRITTEN = (
    "equivalent: runs' initial values are never read: the loop that follows assigns runs[j] for every j from "
    "len(same) - 1 down to 0 (every index of the list) before new_block stores it, and nothing reads runs meanwhile"
)
_AFTER_RESET = (
    "equivalent: after's initial value is never read: the loop's first step is j = len(same) - 1, where same[j] is the "
    "False appended to the comparisons (len(same) >= 1, a block holds at least one row), so after = 0 there under "
    "either start"
)
_LAST_SKIPPED = (
    "equivalent: the loop skips j = len(same) - 1, whose step the original does with same[j] the appended False: "
    "after = 0 and runs[j] = 0. The mutant leaves runs[j] at its initial 0 and after at its initial 0, the same "
    "values, and the steps from len(same) - 2 down then run alike (a block of one row: no step either way, runs = [0])"
)
_ONE_MORE_STEP = (
    "equivalent: the loop takes one more step after j = 0, at j = -1, Python's last element: same[-1] is the appended "
    "False, so after = 0 and runs[-1] = 0, the value the first step (j = len(same) - 1, the same element) gave it; "
    "after is not read after the loop"
)

EQUIVALENT: dict[tuple[str, str], str] = {
    ("_place_demand", f"{_RECORDS_ARG} -> {_RECORDS_ARG.replace('records=False', 'records=None')}"): _NONE_IS_FALSY,
    ("_Records.result", f"{_OUT_RO} -> {_OUT_RO.replace('False', 'None')}"): _WRITEABLE_NONE,
    ("_Records.result", f"{_CAP_RO} -> {_CAP_RO.replace('False', 'None')}"): _WRITEABLE_NONE,
    ("_SteadyState.new_block", f"{_RUNS_INIT} -> {_RUNS_INIT.replace('[0]', '[1]')}"): _RUNS_OVERWRITTEN,
    ("_SteadyState.new_block", f"{_RUNS_INIT} -> {_RUNS_INIT.replace(', 0', ', 1')}"): _AFTER_RESET,
    ("_SteadyState.new_block", f"{_LOOP} -> {_LOOP.replace('- 1, -1', '- 2, -1')}"): _LAST_SKIPPED,
    ("_SteadyState.new_block", f"{_LOOP} -> {_LOOP.replace('-1, -1)', '-2, -1)')}"): _ONE_MORE_STEP,
}
