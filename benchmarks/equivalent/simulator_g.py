"""The simulator's former timeouts that are survivors (``--resume --recheck-timeouts``, one at a time, 2026-12-07) and
equivalent mutants, each with the reason: (function, the mutated line as mutmut shows it) -> why. The others are
killed by ``tests/test_simulator_mutants_g.py`` or time out alone too.

One entry is equivalent in practice, not strictly: ``np.divide`` without ``out`` leaves the cells its ``where`` skips
uninitialised, and those cells are multiplied by a key demand of zero; only a NaN or an infinity left in that memory
would show (as a NaN in the key's throttled units), which no test can arrange.
"""

_TOTALS = "tot_blk = m_blk.cumsum(axis=1)[:, -1].tolist() if on_demand else [None] * (end - t)"
_BLOCK = "end = min(n_sec, t + max(1, min(_BLOCK_S, _BLOCK_CELLS // offered.shape[1])))"
_DIVIDE = "frac_blk = np.divide(throttled[block][:, seg.part], o_blk, out=np.zeros_like(o_blk), where=o_blk > 0)"
EQUIVALENT: dict[tuple[str, str], str] = {
    (
        "_steps",
        "step = _ProvisionedStep(mode, capacity, table.partitions, n_alloc, ceiling) -> "
        "step = _ProvisionedStep(mode, capacity, table.partitions, n_alloc, None)",
    ): "equivalent: _ProvisionedStep reads its ceiling only in serve() when its caller passes over=None, to find "
    "whether any partition is above it; simulate always passes over (over_blk, computed against the same ceiling), "
    "and no other caller makes a _ProvisionedStep",
    (
        "_KeyPlacement.per_key",
        _DIVIDE + " -> " + _DIVIDE.replace(", out=np.zeros_like(o_blk)", ""),
    ): "equivalent in practice: the cells where o_blk is 0 are left uninitialised instead of 0, and each is "
    "multiplied by its keys' demand on that partition in that second, which is 0 (a partition's offered units are its "
    "keys' demand summed, each >= 0); the product differs only if the memory held a NaN or an infinity",
    (
        "_place_demand",
        "if placement.n_alloc > table.partitions:  # the room for splits, allocated up front -> "
        "if placement.n_alloc >= table.partitions:  # the room for splits, allocated up front",
    ): "equivalent: with no room for splits n_alloc equals table.partitions, and the check the mutant adds is of the "
    "same cells (seconds x the table's partitions, with records) that _check_arguments checked before simulate "
    "called _place_demand (its only caller): it passed there, so it passes again",
    (
        "simulate",
        _TOTALS + " -> " + _TOTALS.replace("if on_demand else", "if (on_demand) or True else"),
    ): "equivalent: the row totals go to step.serve as total=, which only the on-demand step reads "
    "(_ProvisionedStep.serve: 'total is unused'); a provisioned run computes them and drops them, one cumulative sum "
    "per block, the results the same bit for bit",
    (
        "simulate",
        "if kind_of_steady.applies(step, scaler, splitter): -> if kind_of_steady.applies(step, None, splitter):",
    ): "equivalent: neither _SteadyState.applies nor _SteadyOnDemand.applies reads its scaler argument (they test the "
    "step's kind, the splitter and the burst's order or the look-back); the scaler is passed to limit(), unchanged",
    (
        "simulate",
        _BLOCK + " -> " + _BLOCK.replace("max(1,", "max(2,"),
    ): "equivalent in results, bit for bit, as simulator_c.py's two-row block of _KeyPlacement.fill: the two differ "
    "only when a row has more than _BLOCK_CELLS // 2 = 131,072 columns and the run a second row after t; every second "
    "is still served in order, and a block of 2 rows lets a steady copy or a calm block cover the second, which give "
    "the bits of seconds served one by one (tests/test_simulator_speed.py); its temporaries hold 2 rows instead of 1",
    (
        "_KeyPlacement.per_key",
        "self.key_thr_min.flags.writeable = False -> self.key_thr_min.flags.writeable = None",
    ): "equivalent: numpy sets the flag to bool(value), and bool(None) is False: the array is read-only either way",
}
