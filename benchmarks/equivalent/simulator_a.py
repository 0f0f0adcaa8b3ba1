"""The first survivors of ``make mutants`` on ``hotpart/models/simulator.py`` that are equivalent mutants (no input can
tell them apart), each with the reason: (function, the mutated line as mutmut shows it) -> why.
``benchmarks/mutants.py`` merges this file into ``simulator``'s ``EQUIVALENT``. The other survivors of this part
(``Table.__repr__``, ``SimulationResult.__repr__``, its partition bounds, the refused units by reason and exception,
the first throttled second, and the reach of ``_SteadyOnDemand.copy_forward``) are killed by
``tests/test_simulator_mutants_a.py``.

Each reason was also checked by running 3,000 random simulations (2,000 of them on demand, look-backs of 1 to 1,800 s,
fractional ones included, peaks raised inside runs of equal rows; per partition and per key) under each mutant: the
same bits in every record and the same totals by reason and exception as the unmutated module.
"""

_BINCOUNT = "totals = np.bincount(self.reason.ravel(), weights=self.throttled.ravel(), minlength=len(Refusal))"
_NO_MINLENGTH = _BINCOUNT.replace("minlength=len(Refusal))", ")")

_K = "k = min(self._runs[i], limit, step.lookback - 1)"
_FIRST = "first = max(t + 1, math.ceil(step.mode.doubling_s))  # the first of them that looks back"
_COPY_IF = "if k > 0 and first <= t + k:"

_MINLENGTH = (
    "equivalent: minlength only pads the counts with zeros up to the last Refusal code; without it the counts end at "
    "the largest code present, and the codes left out are exactly the zero totals the loop skips (it keeps a code "
    "only where i > 0 and the total > 0). The codes are never negative (int8 Refusal codes 0 to 7, bincount's "
    "domain), a run has at least one second, and the totals kept, their order (by code) and values (float64 with "
    "weights either way) are the same"
)
_LIMIT = (
    "equivalent: on demand the limit is always _SteadyState.limit(t, None) = _BLOCK_S = 1,024 (auto scaling, the only "
    "mode with a controller, is provisioned, and splits switch the copy off), while self._runs[i] counts the rows "
    "after row i of a block, which holds at most _BLOCK_S rows (simulate's blocks and _KeyPlacement.fill's alike): "
    "at most 1,023, so min() never picks the limit"
)
_FIRST_EARLIER = (
    "equivalent: the mutant starts the look-back window at second t - 1 (or t, when ceil(doubling_s) == t) instead of "
    "t + 1, that is one or two totals earlier: totals[t - 1 - L] and totals[t - L], which seconds t - 1 and t "
    "(both past doubling_s then) already folded into the peak (served: peak = max(peak, total); copied: only when "
    "the total was at most the peak), so neither is above it; raised.argmax() moves by the same offset the formula "
    "k = first - t - 1 + argmax takes off, giving the same k. The window never starts below 0 (first >= "
    "ceil(doubling_s) >= L), and with k > 0 both conditions first <= t + k hold alike"
)
_K_ZERO = (
    "equivalent: the two differ only for k == 0, where first <= t + k is false either way (first >= t + 1 > t), so "
    "the look-back is skipped and the copy returns 0 under both; k is never negative (the least of a run's length, "
    "the limit and L - 1 >= 1, _SteadyOnDemand applying only from a look-back of 2 s)"
)

EQUIVALENT: dict[tuple[str, str], str] = {
    ("SimulationResult.throttled_by_reason", f"{_BINCOUNT} -> {_NO_MINLENGTH}"): _MINLENGTH,
    ("SimulationResult.throttled_by_exception", f"{_BINCOUNT} -> {_NO_MINLENGTH}"): _MINLENGTH,
    ("_SteadyOnDemand.copy_forward", f"{_K} -> {_K.replace('limit, ', '')}"): _LIMIT,
    ("_SteadyOnDemand.copy_forward", f"{_FIRST} -> {_FIRST.replace('t + 1', 't - 1')}"): _FIRST_EARLIER,
    ("_SteadyOnDemand.copy_forward", f"{_COPY_IF} -> {_COPY_IF.replace('k > 0', 'k >= 0')}"): _K_ZERO,
}
