"""The second batch of survivors of ``make mutants`` on ``hotpart/models/simulator.py`` that are equivalent mutants (no
input can tell them apart), each with the reason: (function, the mutated line as mutmut shows it) -> why.
``benchmarks/mutants.py`` merges this file into ``simulator``'s ``EQUIVALENT``. The other survivors of this part (the
base table's conservation with indexes, the room for splits, where a split cuts, each key's minutes and refused
shares, and the reach of both steady copies) are killed by ``tests/test_simulator_mutants_b.py``.

Two of them are equivalent in every run but not by a proof over all inputs, and are marked so: the hash position
refined from 62 to 63 bits (it differs only for two keys whose MD5 digests agree in their first 62 bits), and a
booked refusal share left uninitialised where a partition was offered nothing (it differs only if numpy hands out
memory holding an infinity or a NaN there).

Each reason was also checked by running 1,500 random simulations under each mutant (in process, switching mutmut's
mutant under test): provisioned per partition (adaptive capacity on or off, delays of 0 to 30 s, 0 to 300 s of burst
banked, runs of equal rows a few percent apart), on demand (look-backs of 1 to 19.5 s), per key with splits for heat
(thresholds of 0.1 to 0.5 of the ceiling after 0.6 to 30 s, items of 1, 2 or 7 per key, LSI or not, provisioned or on
demand) and with an index of 0.3 to 500 WCU/s (base refusals moved by an ulp): the same bits in every record, the same
splits and blocked splits, and the same per-key minutes (or the same refusal) as the unmutated module. The same runs
tell apart (200 of them) 7 of 40 of the mutants the tests kill, a check that they reach the mutated code: the others
change a result only at a boundary random runs seldom hit, or only how a run is computed (columns, seconds copied).
"""

_CONSERVE_MASKED = "_subtract(offered, out_throttled, out=out_served, where=up)"
_HOT_CAP = "hot = np.minimum(np.floor(totals / threshold), 2.0**53)"
_DOUBLINGS = "return n0 * ((1 << min(doublings, 40)) - 1)"
_KEY = "key=np.arange(k, dtype=np.int64),"
_POS = "pos=partition_of(keys, 2**62),"
_ITEMS = "items=np.full(k, table.items_per_key, dtype=np.int64),"
_FRAC = "frac_thr = np.divide(throttled[t0:t1][:, seg.part], o_seg, out=np.zeros(o_seg.shape), where=o_seg > 0)"
_BINCOUNT = "per_second = np.bincount(cells, weights=w.ravel(), minlength=rows * k).reshape(rows, k)"
_BACK = "back = step.totals[first - step.lookback : t + k - step.lookback + 1]"
_K_NONE = "if k <= 0:"
_SUMS = "sums = np.empty((2 * k + 1, level.size))"
_ACCUMULATE = "np.add.accumulate(sums, axis=0, out=sums)"
_BURST = 'if name != "burst":'
_RUN_IF = "if adaptive.enabled and any_short:"

_MASK_NOT_NEEDED = (
    "equivalent: in the cells where up is False, out_served already holds offered - out_throttled, computed two "
    "lines above from the same out_throttled (the nextafter before writes only where up is True); subtracting again "
    "there gives the same bits, and the inputs are separate arrays (served is never out_served: the records' inlined "
    "copy does not call this function, and indexes' _combine passes np.minimum(...), a new array)"
)
_CAP_ABOVE = (
    "equivalent: the cap changes a second's count only where floor(D_t / threshold) exceeds 2**53, and then the heat "
    "room is at least 2**53 // A under either cap (A = ceil(60 x minutes)); the heat room is consulted only when the "
    "room before it is > 0, which needs _split_room > 0, i.e. A <= seconds <= 10,000,000 (simulate's bound), so it is "
    "at least 2**53 // 1e7 = 900,719,925, above max_partitions - partitions (at most 999,999), which the room is "
    "never more than: min() never picks it under either cap"
)
_DOUBLING_CAP = (
    "equivalent: the two differ only for 41 doublings or more, where the room is partitions x (2**40 - 1) >= "
    "1.1e12 against partitions x (2**41 - 1): both above max_partitions - partitions (at most 999,999), which "
    "_KeyPlacement's min() then picks either way; nothing else reads _split_room"
)
_INT64 = (
    "equivalent: numpy's default integer is int64 (numpy 2 on every 64-bit platform, the pinned numpy 2.4), so "
    "np.arange of a Python int k and np.full of Table.items_per_key (a Python int in [1, 2**53] after check_count, "
    "whatever integer type was passed) are int64 arrays without the dtype too: the same values and dtype"
)
_POS_63 = (
    "equivalent in every run, not by proof: a key's 63-bit position (top 63 bits of its MD5) orders keys exactly as "
    "the 62-bit one does (the 62-bit position is the 63-bit one shifted right by 1, a monotone map), except for two "
    "keys whose digests agree in their first 62 bits, which the 62-bit order breaks by segment index and the 63-bit "
    "one by bit 63. Such a pair is a 62-bit MD5 prefix collision: by the birthday bound about 3e9 keys must be hashed "
    "to find one, beyond MAX_SIMULATED_CELLS' 1e8 keys a run holds, and none is known. Pieces of one item collection "
    "share their key's position under both, ordered by segment index alike. (The 124-position mutant, which puts "
    "keys in ties, is killed: test_a_split_cuts_the_keys_in_their_hash_order)"
)
_FRAC_ZEROS = (
    "equivalent in every run, not by proof: with out=None the cells where o_seg == 0 are left uninitialised instead "
    "of 0 (numpy warns of that only when out= is left out: that mutant is killed by "
    "test_a_run_with_splits_prints_no_warning). Those cells are only ever multiplied by seg_demand, the key's demand "
    "x frac on a partition offered 0: the "
    "partition's offered units are the bincount of exactly those products (fill, the same seg, the same rows), and a "
    "sum of non-negative floats from 0 is 0 only if every term is, so each factor is 0 and the product 0 (or -0.0, "
    "which added to the +0.0 of bincount and of the accumulator gives +0.0), unless the memory numpy hands out holds "
    "an infinity or a NaN (0 x inf = NaN); the arrays freed before it in a run (demands, offered and refused units, "
    "their fractions) are finite. Where o_seg > 0 both divide alike"
)
_EVERY_KEY = (
    "equivalent: minlength only pads bincount's counts with zeros past the largest cell; cells = row x k + seg.key "
    "over every row, and seg.key holds every key 0 .. k - 1 (np.arange(k) at the start; a split only appends pieces "
    "of keys, never drops one), so the largest cell is (rows - 1) x k + k - 1 = rows x k - 1 and the counts are "
    "rows x k long either way: reshape(rows, k) gets the same values"
)
_ONE_MORE_BACK = (
    "equivalent: the slice takes one more total, that of second t + k - L + 1 (<= t, as k <= L - 1: already summed by "
    "sum_totals(t)), after the others. raised.argmax() is the first total above the peak: if it is one of the others, "
    "the same index; if it is only the added one, its index is t + k - first + 1, and k = first - t - 1 + that "
    "index = k, unchanged; none raised, k unchanged. The same k in every case"
)
_K_ZERO = (
    "equivalent: the two differ only for k == 0, where the copy that follows assigns the empty rows t + 1 : t + 1 of "
    "each record and returns k = 0, exactly what returning 0 does; k is never negative (first >= t + 1 and "
    "argmax >= 0 give k >= 0)"
)
_EXTRA_ROW = (
    "equivalent: the extra row is the last, 2k + 1: it takes -draw from sums[1::2] (sums[2::2] ends at row 2k as "
    "before) and is accumulated after every row before it (add.accumulate runs in row order), while banks = "
    "sums[::2] is rows 0, 2, ..., 2k as before: the same banks, bit for bit"
)
_AXIS_0 = "equivalent: ufunc.accumulate's axis defaults to 0: the same call"
_BURST_OVERWRITTEN = (
    "equivalent: the loop then also copies row t of rec.burst into rows t + 1 .. t + k, which the next line "
    "overwrites whole with banks[1 : k + 1]: the same records"
)
_RUN_UNREAD = (
    "equivalent: the two differ only with adaptive capacity off and a partition short, where the mutant adds k to "
    "those partitions' adaptive.run; with adaptive capacity off nothing reads run (_AdaptiveCapacity.lend returns "
    "before it, copy_forward reads it only when adaptive.enabled, and a split, which copies it, switches the copy "
    "off). With adaptive capacity on and none short, short is all False and run[short] += k changes nothing"
)

EQUIVALENT: dict[tuple[str, str], str] = {
    ("_conserve_into", f"{_CONSERVE_MASKED} -> {_CONSERVE_MASKED.replace('where=up)', ')')}"): _MASK_NOT_NEEDED,
    ("_heat_room", f"{_HOT_CAP} -> {_HOT_CAP.replace('2.0**53', '3.0**53')}"): _CAP_ABOVE,
    ("_heat_room", f"{_HOT_CAP} -> {_HOT_CAP.replace('2.0**53', '2.0**54')}"): _CAP_ABOVE,
    ("_split_room", f"{_DOUBLINGS} -> {_DOUBLINGS.replace('40', '41')}"): _DOUBLING_CAP,
    ("_KeyPlacement.__init__", f"{_KEY} -> {_KEY.replace('np.int64', 'None')}"): _INT64,
    ("_KeyPlacement.__init__", f"{_KEY} -> {_KEY.replace('dtype=np.int64', '')}"): _INT64,
    ("_KeyPlacement.__init__", f"{_POS} -> {_POS.replace('2**62', '2**63')}"): _POS_63,
    ("_KeyPlacement.__init__", f"{_ITEMS} -> {_ITEMS.replace('np.int64', 'None')}"): _INT64,
    ("_KeyPlacement.__init__", f"{_ITEMS} -> {_ITEMS.replace('dtype=np.int64', '')}"): _INT64,
    ("_KeyPlacement.book", f"{_FRAC} -> {_FRAC.replace('out=np.zeros(o_seg.shape)', 'out=None')}"): _FRAC_ZEROS,
    ("_KeyPlacement.book", f"{_BINCOUNT} -> {_BINCOUNT.replace('minlength=rows * k)', ')')}"): _EVERY_KEY,
    ("_SteadyOnDemand.copy_forward", f"{_BACK} -> {_BACK.replace('+ 1]', '+ 2]')}"): _ONE_MORE_BACK,
    ("_SteadyOnDemand.copy_forward", f"{_K_NONE} -> {_K_NONE.replace('<=', '<')}"): _K_ZERO,
    ("_SteadyState.copy_forward", f"{_SUMS} -> {_SUMS.replace('+ 1,', '+ 2,')}"): _EXTRA_ROW,
    ("_SteadyState.copy_forward", f"{_ACCUMULATE} -> {_ACCUMULATE.replace('axis=0, ', '')}"): _AXIS_0,
    ("_SteadyState.copy_forward", f"{_BURST} -> {_BURST.replace('burst', 'XXburstXX')}"): _BURST_OVERWRITTEN,
    ("_SteadyState.copy_forward", f"{_BURST} -> {_BURST.replace('burst', 'BURST')}"): _BURST_OVERWRITTEN,
    ("_SteadyState.copy_forward", f"{_RUN_IF} -> {_RUN_IF.replace(' and ', ' or ')}"): _RUN_UNREAD,
}
