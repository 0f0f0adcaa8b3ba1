"""The survivors of ``make mutants`` on ``hotpart/models/write_sharding.py``'s write side (its functions other than
read_cost, ReadCost and query_units) that are equivalent mutants (no behaviour can tell them apart), each with the
reason: (function, the mutated line as mutmut shows it) -> why. ``benchmarks/mutants.py`` merges this file with the
module's other ``equivalent/write_sharding*.py`` files. The rest of the write side's survivors are killed by
``tests/test_write_sharding_writes.py``."""

_CHECK_COUNTS = "return check_counts(name, values, low=1, empty=False, ndim=ndim, max_size=max_size)"
_N_WRITES = 'k = check_array("n_writes", n_writes, low=0, high=_MAX_COUNT, empty=False)'
_AS_FLOAT = 'n = _check_counts("n_shards", n_shards, max_size=_SCIPY_MAX_SIZE).astype(float)'
_MU = "m = np.asarray(mu, dtype=float)"
_N = "nn = np.asarray(n, dtype=float)"
_CLAMP = "z = np.maximum((a - 1.0) / math.e, np.nextafter(-1.0 / math.e, 0.0))"
_ERRSTATE = 'with np.errstate(over="ignore", invalid="ignore"):  # m == 0 (a rate that underflows per shard): the where picks m'
_RETURN = "return np.asarray(np.where((nn == 1) | (m == 0), m, m * np.exp(t)), dtype=float)"
_ZEROS = "per_partition = np.zeros(p, dtype=np.int64)"
_ERRSTATE_A = 'with np.errstate(divide="ignore", over="ignore", invalid="ignore"):'
_EVEN = "if w > budget * _N_SEARCH_MAX:  # even an even split needs more shards (and w / budget may overflow)"
_LO = "lo = max(1, math.ceil(w / budget))"

_EMPTY = (
    "equivalent: check_array refuses an empty array when `not empty`, and `not None` is True as `not False` is; "
    "nothing else reads the flag (tests/test_write_sharding_writes.py refuses [] by name under both)"
)
_ASTYPE = (
    "equivalent: astype(None) converts to numpy's default dtype, float64, which is what astype(float) gives (numpy 2.4, pinned)"
)
_MU_WHY = (
    "equivalent: both callers pass float64 already (busiest_shard_bound: w / n of a float64 array; "
    "_needed_for_placement: a float times an int64 count over an int), and asarray keeps float64 as it is"
)
_N_WHY = (
    "equivalent: busiest_shard_bound passes a float64 array and _needed_for_placement a Python int (at most "
    "10**7), which becomes int64: np.log casts int64 to float64 before the same float64 log (exact below 2**53), "
    "and nn == 1 compares the same; nn is read nowhere else"
)
_OVER = (
    "equivalent: nothing in that block can overflow: t = 1 + W0(z) is at most 1 + W0(1.8e308) = 704.2 when finite "
    "(exp overflows above 709.78), exp(inf) is inf without a warning, and m * exp(t) stays small (when t is large "
    "m is tiny: m e^t is about ln n / ln z); the invalid 0 * inf of m == 0 is the errstate's other flag, kept"
)
_RETURN_WHY = "equivalent: np.where of float64 arrays (m and m * exp(t)) is float64 already, so asarray changes nothing"
_ZEROS_WHY = (
    "equivalent: float64 counts of at most 50,000 suffix keys (_N_PLACED_MAX) are exact: count_nonzero, max() and "
    "w * max / n_keys give the same values as with int64 (the product converts the int64 to float64 anyway)"
)

EQUIVALENT: dict[tuple[str, str], str] = {
    ("shards_needed", f"{_EVEN} -> {_EVEN.replace('w > budget', 'w >= budget')}"): "equivalent: at w == budget × "
    "10**6 the search that follows refuses with the same message: every count N up to 10**6 has a bound above the "
    "budget (N = 1 carries w; for N >= 2 the bound is at least mu + sqrt(2 mu ln N) >= mu (1 + 1.2e-6) with "
    "mu = w / N >= budget, by e^t - 1 >= t + t**2 / 2 and the AM-GM inequality, a margin far beyond rounding)",
    ("shards_needed", f"{_LO} -> {_LO.replace('max(1,', 'max(2,')}"): "equivalent: the two differ only when "
    "w / budget rounds to 1.0 with w > budget, and then count 1 is refused anyway (its bound is w, above the budget); "
    "the search tries every count from lo to one million in order, wherever its blocks start, so the first that "
    "fits is the same",
    ("_check_counts", f"{_CHECK_COUNTS} -> {_CHECK_COUNTS.replace('empty=False', 'empty=None')}"): _EMPTY,
    ("distinct_shards_written", f"{_N_WRITES} -> {_N_WRITES.replace('empty=False', 'empty=None')}"): _EMPTY,
    **{
        (function, f"{_AS_FLOAT} -> {_AS_FLOAT.replace('astype(float)', 'astype(None)')}"): _ASTYPE
        for function in ("busiest_shard_bound", "expected_refused_writes")
    },
    **{("_chernoff_max", f"{_MU} -> {_MU.replace('dtype=float', dtype)}"): _MU_WHY for dtype in ("dtype=None", "")},
    **{("_chernoff_max", f"{_N} -> {_N.replace('dtype=float', dtype)}"): _N_WHY for dtype in ("dtype=None", "")},
    (
        "_chernoff_max",
        f"{_CLAMP} -> {_CLAMP.replace('0.0))', '1.0))')}",
    ): "equivalent: nextafter from -1/e (a negative number) towards 0.0 or towards 1.0 is the same float, the next "
    "one above -1/e",
    **{
        ("_chernoff_max", f"{_CLAMP} -> {_CLAMP.replace('-1.0 / math.e, 0.0', floor)}"): "equivalent: the floor "
        "only acts for one shard (z = (0 - 1) / e = -1/e exactly, where scipy's W0 is NaN, silently), whose answer "
        "the final where replaces by m; for two or more shards a = ln N / m >= ln 2 / 1e12 (m is at most the 1e12 "
        "writes/s write_rate allows), so z lies above -1/e by far more than a rounding and the floor never binds"
        for floor in ("-1.0 * math.e, 0.0", "-2.0 / math.e, 0.0")
    },
    **{
        ("_chernoff_max", f"{_ERRSTATE_A} -> {_ERRSTATE_A.replace(old, new)}"): "equivalent: ln(nn) / m is never "
        "invalid (0 / 0 or inf / inf): ln(nn) is finite, and it is 0 only for one shard, where m is the whole rate, "
        "never 0 (busiest_shard_bound answers a zero rate before, and one occupied partition in "
        "_needed_for_placement carries W N / N); its divide and overflow flags, which the edges need, are kept "
        "(tests/test_write_sharding_writes.py turns warnings into errors there)"
        for old, new in (('invalid="ignore"', "invalid=None"), ('invalid="ignore"', ""))
    },
    **{
        ("_chernoff_max", f"{_ERRSTATE} -> {_ERRSTATE.replace(old, new)}"): _OVER
        for old, new in (('over="ignore"', "over=None"), ('over="ignore", ', ""))
    },
    **{("_chernoff_max", f"{_RETURN} -> {_RETURN.replace('dtype=float', dtype)}"): _RETURN_WHY for dtype in ("dtype=None", "")},
    **{
        ("_needed_for_placement", f"{_ZEROS} -> {_ZEROS.replace('dtype=np.int64', dtype)}"): _ZEROS_WHY
        for dtype in ("dtype=None", "")
    },
}
