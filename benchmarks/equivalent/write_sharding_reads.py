"""The survivors of ``make mutants`` on ``hotpart/models/write_sharding.py`` in its read side (:func:`read_cost`,
:class:`ReadCost`, :func:`query_units`) that are equivalent mutants (no behaviour can tell them apart), each with the
reason: (function, the mutated line as mutmut shows it) -> why. ``benchmarks/mutants.py`` merges ``EQUIVALENT`` from
every ``equivalent/write_sharding*.py``; the write side's are in ``write_sharding_writes.py``. The tests that kill the
read side's other survivors are in ``tests/test_write_sharding_reads.py``."""

_N = 'n = _check_counts("n_shards", n_shards, ndim=(0, 1)).reshape(-1)'
_N_OBJ = 'n = _check_counts("n_shards", self.n_shards, ndim=(0, 1)).reshape(-1)'
_ARR = "arr = check_array(name, getattr(self, name), low=0, high=math.inf, high_open=True, ndim=(0, 1)).reshape(-1)"
_K = 'k = check_count("items_per_shard", items_per_shard, low=1, high=_MAX_COUNT)'
_PER_CALL = "per_call = max(1, min(BATCH_GET_MAX_ITEMS, BATCH_GET_MAX_BYTES // max(math.ceil(b), 1)))"
_ITEMS = 'k = check_array("items", items, low=0, high=_MAX_COUNT, empty=False)'
_RETURN = "return _scalar_or_array(np.asarray(read_units(k * b, consistency), dtype=float))"
_RESHAPE_2 = (
    "equivalent: numpy (2.4, pinned) takes any negative size in reshape as the one unknown dimension, without a "
    "warning, so reshape(-2) is reshape(-1)"
)

EQUIVALENT: dict[tuple[str, str], str] = {
    **{
        (function, f"{line} -> {line.replace('reshape(-1)', 'reshape(-2)')}"): _RESHAPE_2
        for function, line in (("read_cost", _N), ("ReadCost.__post_init__", _N_OBJ), ("ReadCost.__post_init__", _ARR))
    },
    ("read_cost", f"{_N} -> {_N.replace('reshape(-1)', 'reshape(None)')}"): "equivalent: reshape(None) leaves the "
    "array as it is (numpy 2.4), so one count stays a 0-d array: every step after it is elementwise (the same values), "
    "and the ReadCost it returns reshapes n_shards, requests and read_units to 1-D in __post_init__ (tests/"
    "test_write_sharding_reads.py checks that ReadCost does so, with one count)",
    ("read_cost", "nf = n.astype(float) -> nf = n.astype(None)"): "equivalent: numpy's astype(None) is astype(float64), "
    "the default float type",
    ("read_cost", "empty = float(read_units(0, consistency)) -> empty = float(read_units(1, consistency))"): "equivalent: "
    "a read of 0 bytes and a read of 1 byte are both charged one 4 KB block (read_units rounds up, at least one block)",
    ("read_cost", f"{_K} -> {_K.replace(', high=_MAX_COUNT', ', ')}"): "equivalent: check_count's high defaults to "
    "MAX_COUNT, the same 2**53 as _MAX_COUNT (write_sharding imports it from _validation)",
    ("read_cost", f"{_PER_CALL} -> {_PER_CALL.replace('max(1, min(', 'max(2, min(')}"): "equivalent: the outer max "
    "never binds: item_bytes is at most ITEM_MAX_BYTES = 409,600 (checked before, refused by name above it), so "
    "16 MiB // ceil(item_bytes) is at least 40 and min(100, it) at least 40, above both 1 and 2",
    ("read_cost", f"{_PER_CALL} -> {_PER_CALL.replace('ceil(b), 1)', 'ceil(b), 2)')}"): "equivalent: the two differ "
    "only where ceil(item_bytes) <= 1 (item_bytes in [0, 1]), where 16 MiB // 1 and 16 MiB // 2 are both above "
    "BATCH_GET_MAX_ITEMS = 100, so min gives 100 items a call either way",
    ("query_units", f"{_ITEMS} -> {_ITEMS.replace('empty=False', 'empty=None')}"): "equivalent: check_array refuses an "
    "empty array when `not empty`, and None is falsy as False is: the same refusal, word for word",
    **{
        ("query_units", f"{_RETURN} -> {_RETURN.replace(', dtype=float', dtype)}"): "equivalent: read_units returns a "
        "Python float or a float64 array, which np.asarray keeps as float64 without being told"
        for dtype in (", dtype=None", ", ")
    },
}
