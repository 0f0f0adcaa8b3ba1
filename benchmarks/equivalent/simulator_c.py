"""The third batch of survivors of ``make mutants`` on ``hotpart/models/simulator.py`` that are equivalent mutants (no
input can tell them apart), each with the reason: (function, the mutated line as mutmut shows it) -> why.
``benchmarks/mutants.py`` merges this file into ``simulator``'s ``EQUIVALENT``. The other survivors of this part (the
room for splits, keys placed block by block, each key's minutes without splits, and the edges of the steady copies)
are killed by ``tests/test_simulator_mutants_c.py``.

Three of them change only how a run is computed, never its results (bit for bit), and are marked so: the rows of a
block gathered where they were already in order (twice: an extra copy of the block, which made no measurable
difference on 20,000 s of 256 keys changing every second, on demand or provisioned), and a block of two rows where
one was asked (only with more than 131,072 keys or columns; at most one more row of temporaries). The mutants of this
part that did cost time (a minute of placed seconds thrown away at each split, a demand the same every second added
up every second, a copy tried after every second served) are killed by counting tests instead. The two-row block
also rests on the rest of the simulator rather than on its own lines: its second row gives the bits a block of one
row gives only because the steady copies and the calm blocks of seconds give the bits of seconds served one by one,
which ``tests/test_simulator_speed.py`` checks.

Each reason was also checked by running 480 random simulations under each mutant: per key (1 to 5 keys of 1 or 3
items, demands of 0, -0.0, 100, 300 or 600 WCU/s held for 5 s, a tenth of the cells' zeros signed) provisioned
(adaptive capacity on or off, 0 to 4 s of burst banked), on demand, with splits for heat (threshold 0.3 after 3 or
12 s) and with auto scaling (0.5 to 5,000 WCU/s, lags of 0 to 89 s), and the same modes per partition: the same bits
in every record, the same splits and blocked splits, the same per-key minutes and their flags as the unmutated
module; the two-row block with ``_BLOCK_CELLS`` lowered to 2 (so that every block of 2 keys or more asks one row).
The same runs tell apart the mutant comparing the steady copy's rows as floats (killed by
``test_a_second_offered_minus_zero_is_not_a_copy_of_one_offered_zero``), a check that they reach signed zeros.
"""

_FILL_DEF = "def fill(self, t: int, offered: NDArray[np.float64], split: bool = False) -> int:"
_ROWS = "rows = max(1, min(_SPLIT_BLOCK_S if split else _BLOCK_S, _BLOCK_CELLS // max(seg.key.size, n_alloc)))"
_BITS = "bits = block.view(np.uint64)"
_GATHER = "offered[t:end] = placed if starts.size == end - t else placed[np.cumsum(first) - 1]"
_OFF_RO = "self.key_off_min.flags.writeable = False"
_RUNS = "self._runs: list[int] = []"
_PENDING = "if scaler.pending_cap >= 0.0:"

_SPLIT_ALWAYS_PASSED = (
    "equivalent: the default is never used: _KeyPlacement is private and its only caller, simulate, always passes "
    "split (placement.fill(t, offered, splitter is not None)); split_for_heat imports the class for its type and "
    "calls book, never fill"
)
_SIGNED_ZEROS = (
    "equivalent: comparing the rows as float64 instead of as their bits differs only for two rows equal as numbers "
    "but not bit for bit, which (NaN being refused by check_array, and demand never negative) means rows differing "
    "only in the sign of some zeros; the mutant then places such a row as the row before instead of adding it up. "
    "Adding it up gives the same bits: each partition's cell is bincount's +0.0 plus its keys' weights (demand x "
    "frac, frac > 0, so a -0.0 demand gives a -0.0 weight) in key order, and x + (-0.0) == x + (+0.0) bit for bit "
    "for any x that is not -0.0, which a sum started at +0.0 never is (+0.0 + -0.0 is +0.0)"
)
_GATHER_IN_ORDER = (
    "equivalent in results, only slower by a copy: the gather placed[np.cumsum(first) - 1] is right for every "
    "block (each row takes the placement of the first row of its run); where every row starts a run, cumsum(first) "
    "- 1 is 0, 1, ..., rows - 1 and the gather is a copy of placed, the same values written to offered[t:end]. The "
    "copy is of at most _BLOCK_CELLS cells (2 MB) per block of up to 1,024 s: no measurable difference on 20,000 s of "
    "256 keys changing every second (0.22 s on demand, 0.063 s provisioned, with and without it)"
)
_GATHER_AT_ZERO = (
    "equivalent in results, only slower by a copy: starts.size <= end - t <= end + t, so the mutant's condition holds "
    "only at t == 0 where it is the original's, and elsewhere the block takes the gather, which is right for every "
    "block and, where every row starts a run, a copy of placed: the same values (as for the gather forced always)"
)
_TWO_ROWS = (
    "equivalent in results, bit for bit: the two differ only when a block holds fewer than 2 rows of "
    "max(keys, columns) cells, i.e. more than 131,072 keys or columns, and the run has a second row after t; the "
    "block is then 2 rows instead of 1. Each row is placed by the same additions (cells offset by row x n_alloc, "
    "keys in order), a row placed before a split is placed again from the next second (simulate sets end = t + 1), "
    "and without splits 2-row blocks let a steady copy or a calm block cover the second row, which give the bits of "
    "seconds served one by one (tests/test_simulator_speed.py). Memory: the block's temporaries hold 2 rows instead "
    "of 1, never more cells than the run's demand matrix (seconds x keys <= MAX_SIMULATED_CELLS: a second row exists "
    "only in a run of 2 seconds or more) or its records (seconds x columns, bounded alike)"
)
_NONE_IS_FALSE = (
    "equivalent: numpy sets a flag from the truth value of what is assigned, and None is false: key_offered is "
    "read-only either way (flags.writeable is False after it; numpy 2.4)"
)
_RUNS_SET_BEFORE_READ = (
    "equivalent: _runs is read only by repeats and copy_forward, and simulate calls neither before new_block sets it: "
    "the steady copy is made before the loop, whose first iteration (t = 0 >= end = 0) prepares a block and calls "
    "new_block before serving second 0; applies and limit are static and never read it"
)
_PENDING_NEVER_ZERO = (
    "equivalent: the two differ only for pending_cap == 0.0, which never happens. pending_cap is -1.0 (nothing in "
    "flight) or a capacity _AutoScalingController._evaluate issued: new_cap = max(cap_table, wanted) or "
    "min(cap_table, wanted), with wanted >= min_capacity > 0 (AutoScaling refuses min_capacity <= 0) and cap_table > "
    "0 (it starts at min(max(capacity, min_capacity), max_capacity) >= min_capacity and changes only to a landed "
    "pending_cap): so every pending capacity is > 0. (The other bound, pending_cap >= 1.0, is killed: "
    "test_an_update_to_less_than_one_unit_a_second_lands_when_its_lag_says)"
)

EQUIVALENT: dict[tuple[str, str], str] = {
    ("_KeyPlacement.fill", f"{_FILL_DEF} -> {_FILL_DEF.replace('= False', '= True')}"): _SPLIT_ALWAYS_PASSED,
    ("_KeyPlacement.fill", f"{_BITS} -> {_BITS.replace('np.uint64', 'None')}"): _SIGNED_ZEROS,
    ("_KeyPlacement.fill", f"{_GATHER} -> {_GATHER.replace('starts.size == end - t', '(starts.size == end - t) and False')}"): (
        _GATHER_IN_ORDER
    ),
    ("_KeyPlacement.fill", f"{_GATHER} -> {_GATHER.replace('end - t else', 'end + t else')}"): _GATHER_AT_ZERO,
    ("_KeyPlacement.fill", f"{_ROWS} -> {_ROWS.replace('max(1,', 'max(2,')}"): _TWO_ROWS,
    ("_KeyPlacement.per_key", f"{_OFF_RO} -> {_OFF_RO.replace('False', 'None')}"): _NONE_IS_FALSE,
    ("_SteadyState.__init__", f"{_RUNS} -> {_RUNS.replace('[]', 'None')}"): _RUNS_SET_BEFORE_READ,
    ("_SteadyState.limit", f"{_PENDING} -> {_PENDING.replace('>=', '>')}"): _PENDING_NEVER_ZERO,
}
