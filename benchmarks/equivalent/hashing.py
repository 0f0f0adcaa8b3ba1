"""The survivors of ``make mutants`` on ``hotpart/models/hashing.py`` that are equivalent mutants (no behaviour can tell
them apart), each with the reason: (function, the mutated line as mutmut shows it) -> why.
``benchmarks/mutants.py`` reads ``EQUIVALENT`` from this folder's file named after the module."""

_MD5 = 'digest = hashlib.md5(key.encode("utf-8"), usedforsecurity=False).digest()'
_LABEL = 'return int.from_bytes(hashlib.md5(label.encode("utf-8"), usedforsecurity=False).digest()[:8], "big")'
_COPY = "z = np.array(_as_u64(keys), dtype=np.uint64, copy=True)"
_SHARES = "return np.array([(h - low) / 2**64 for low, h in zip(lo, hi, strict=True)])"
_AS_MINE = "as_mine = np.array([index.get(name, -1) for name in other.nodes], dtype=np.int64)"
_BINCOUNT = "return np.bincount(self._owners, weights=arcs.astype(np.float64), minlength=len(self.nodes)) / _TWO64"
_READ_ONLY = "points.flags.writeable = owners.flags.writeable"
_READ_ONLY_NOTE = "# a ring never changes: safe to share and cache"
_TAG = "tagged = np.bitwise_and(seeds, ~low, out=scratch)"
_STABLE = (
    "equivalent: the mutant always takes the stable sort, which gives the order the default sort gives for distinct "
    "points and the wanted order for equal ones"
)
_AXIS = "equivalent: the sort's and take_along_axis's axis default to -1 (numpy 2.4, pinned)"
_BITS = (
    "equivalent: one bit more for the tag still holds every index; the top bits compared lose one bit, so more rings "
    "take the full sort, which gives the same order"
)
_PATH = "equivalent: the bound only picks the tagged sort or the full sort, which give the same points and owners"
_SCRATCH = "equivalent: a new array instead of the scratch buffer, with the same values"
EQUIVALENT: dict[tuple[str, str], str] = {
    ("_jump_chunk", 'with np.errstate(over="ignore"): -> with np.errstate(over=None):'): "equivalent: the block's "
    "only arithmetic that wraps is uint64 arrays (k * mult + 1), and numpy never checks integer array overflow, with "
    "or without the errstate; its floating-point steps (a division of 2**31 by at most 2**31, a product below 2**32) "
    "cannot overflow either",
    (
        "HashRangeSharding.__post_init__",
        "if u.ndim != 1 or (u.size > 1 and np.any(u[1:] <= u[:-1])) or (u.size and u[0] == 0): -> "
        "if u.ndim != 1 or (u.size >= 1 and np.any(u[1:] <= u[:-1])) or (u.size and u[0] == 0):",
    ): "equivalent: the two differ only for one cut, where u[1:] and u[:-1] are empty and np.any of an empty array is "
    "False, so the condition is False either way (tests/test_hash_ranges.py accepts 1-element arrays under both)",
    (
        "HashRangeSharding._bounds",
        "lo, hi = [0] * self.n_shards, [0] * self.n_shards -> lo, hi = [1] * self.n_shards, [0] * self.n_shards",
    ): "equivalent: the lists' first values are never read: __post_init__ makes shard_order a permutation of "
    "0..n_shards-1, so the loop that follows writes lo[shard] and hi[shard] for every shard",
    (
        "HashRangeSharding._bounds",
        "lo, hi = [0] * self.n_shards, [0] * self.n_shards -> lo, hi = [0] * self.n_shards, [1] * self.n_shards",
    ): "equivalent: as the mutant of lo's first values (every hi[shard] is written by the loop over the permutation)",
    **{
        ("partition_of", f"{_MD5} -> {_MD5.replace('usedforsecurity=False', flag)}"): "equivalent outside FIPS mode: "
        "usedforsecurity only tells an OpenSSL restricted to FIPS algorithms that MD5 is not used for security; the "
        "digest is the same (on a FIPS-restricted build the mutant would refuse MD5, which no test here can provoke)"
        for flag in ("usedforsecurity=None", "", "usedforsecurity=True")
    },
    ("partition_of", f"{_MD5} -> {_MD5.replace('utf-8', 'UTF-8')}"): "equivalent: Python's codec names are "
    "case-insensitive ('UTF-8' and 'utf-8' are the same codec)",
    (
        "partition_of",
        'out[i] = (int.from_bytes(digest, "big") * n) >> 128 -> out[i] = (int.from_bytes(digest, ) * n) >> 128',
    ): "equivalent: int.from_bytes's byteorder defaults to 'big' since Python 3.11, the oldest the project supports",
    **{
        ("rendezvous", f"best = np.zeros(hk.size, dtype=np.uint64) -> best = np.zeros(hk.size, {dtype})"): "equivalent "
        "in practice, not strictly: a float64 best weight compares as the uint64 one except for a key whose two "
        "largest 64-bit weights agree in their top 53 bits (a chance of about n**2 * 2**-54 per key for n nodes); "
        "a test would need node names found by a search of about 2**26 MD5s"
        for dtype in ("dtype=None", "")
    },
    (
        "rendezvous",
        "_rendezvous_scan(hk.reshape(-1), _label_hashes(names), 0, best, owner) -> "
        "_rendezvous_scan(hk.reshape(-2), _label_hashes(names), 0, best, owner)",
    ): "equivalent: numpy (2.4, pinned) takes any negative size in reshape as the one unknown dimension, so "
    "reshape(-2) is reshape(-1)",
    ("_rendezvous_scan", 'with np.errstate(over="ignore"): -> with np.errstate(over=None):'): "equivalent: as "
    "_jump_chunk's errstate: the weights are uint64 arrays (_mix64), and numpy never checks integer array overflow",
    **{
        (
            "HashRangeSharding.shard_of",
            f"return np.asarray(self._order(), dtype=np.int64)[pos] -> return np.asarray(self._order(), {dtype})[pos]",
        ): "equivalent: a list of Python ints becomes int64, numpy's default integer on every platform since numpy 2.0"
        for dtype in ("dtype=None", "")
    },
    (
        "HashRangeSharding.split",
        'i = check_count("shard", shard, low=0, high=self.n_shards - 1) -> '
        'i = check_count("shard", shard, high=self.n_shards - 1)',
    ): "equivalent: check_count's low defaults to 0",
    **{
        ("_label_hash", f"{_LABEL} -> {after}"): why
        for after, why in (
            (_LABEL.replace('"utf-8"', '"UTF-8"'), "equivalent: Python's codec names are case-insensitive"),
            (_LABEL.replace(', "big")', ", )"), "equivalent: int.from_bytes's byteorder defaults to 'big' since 3.11"),
            *(
                (_LABEL.replace("usedforsecurity=False", flag), "equivalent outside FIPS mode, as partition_of's MD5")
                for flag in ("usedforsecurity=True", "usedforsecurity=None", "")
            ),
        )
    },
    **{
        (function, 'with np.errstate(over="ignore"): -> with np.errstate(over=None):'): "equivalent: the arithmetic "
        "that wraps mod 2**64 there is on uint64 arrays, whose overflow numpy never checks"
        for function in ("_ring_points", "hash64", "HashRing.moved_share", "HashRing.shares")
    },
    **{
        ("hash64", f"{_COPY} -> {_COPY.replace(old, new)}"): "equivalent: _as_u64 returns a uint64 array, which "
        "np.array copies as uint64 without being told (and copies by default)"
        for old, new in (("dtype=np.uint64", "dtype=None"), ("dtype=np.uint64, ", ""), (", copy=True", ", "))
    },
    **{
        ("HashRangeSharding.shares", f"{_SHARES} -> {_SHARES.replace('strict=True', strict)}"): "equivalent: lo and hi "
        "are both n_shards long (_bounds), so zip stops at the same place whether or not it checks"
        for strict in ("strict=None", "", "strict=False")
    },
    **{
        (function, f"{line} = False -> {line} = None"): "equivalent: numpy takes None as False for a flag"
        for function, line in (
            ("HashRing.__post_init__", "points.flags.writeable = owners.flags.writeable"),  # + its comment, below
            ("HashRing.lookup", "table.flags.writeable"),
        )
    },
    **{
        ("HashRing.lookup", f"mixed = np.flatnonzero(owner < 0) -> mixed = np.flatnonzero({cond})"): "equivalent: the "
        "table is a cache; keys it could answer that take the binary search get the same owner there"
        for cond in ("owner <= 0", "owner < 1")
    },
    (
        "HashRing.lookup",
        "bits = int(min(20, max(8, math.ceil(math.log2(self._points.size)) + 5))) -> "
        "bits = int(min(21, max(8, math.ceil(math.log2(self._points.size)) + 5)))",
    ): "equivalent: the table's size is a speed choice; any size gives the same owners (a bucket with a point in it "
    "takes the binary search)",
    (
        "_bucket_owners",
        "table = np.repeat(np.append(owners, owners[:1]).astype(np.int32), counts) -> "
        "table = np.repeat(np.append(owners, owners[:1]).astype(None), counts)",
    ): "equivalent: a float64 table holds the same small whole owners and -1 exactly, and lookup reads it with "
    ".astype(np.int64) and < 0",
    (
        "HashRing._owner_of_hash",
        'idx = np.searchsorted(self._points, h, side="left") -> idx = np.searchsorted(self._points, h, )',
    ): "equivalent: searchsorted's side defaults to 'left'",
    **{
        ("HashRing.moved_share", f"{_AS_MINE} -> {_AS_MINE.replace(old, new)}"): why
        for old, new, why in (
            ("dtype=np.int64", "dtype=None", "equivalent: a list of Python ints is int64, numpy's default integer"),
            (", dtype=np.int64", ", ", "equivalent: a list of Python ints is int64, numpy's default integer"),
            ("-1)", "-2)", "equivalent: any negative index of 'no such node' differs from every owner (all >= 0)"),
        )
    },
    (
        "HashRing.moved_share",
        "arcs = (points - np.roll(points, 1)).astype(np.float64) -> arcs = (points - np.roll(points, 1)).astype(None)",
    ): "equivalent: astype(None) is float64",
    (
        "HashRing.moved_share",
        "points = points[np.concatenate(([True], points[1:] != points[:-1]))] -> "
        "points = points[np.concatenate(([True], points[1:] != points[:+1]))]",
    ): "equivalent: the mutant keeps repeated points (a node on both rings) except repeats of the first; a repeated "
    "point adds an arc of length 0, and the owners at it are the same, so the moved share is the same",
    **{
        ("HashRing.shares", f"{_BINCOUNT} -> {_BINCOUNT.replace(old, new)}"): why
        for old, new, why in (
            (
                ", minlength=len(self.nodes)",
                ", ",
                "equivalent: every node owns vnodes >= 1 points, so the largest "
                "owner is len(nodes) - 1 and bincount is that long anyway",
            ),
            ("arcs.astype(np.float64)", "arcs.astype(None)", "equivalent: astype(None) is float64"),
        )
    },
    (
        "HashRing.__post_init__",
        f"{_READ_ONLY} = False  {_READ_ONLY_NOTE} -> {_READ_ONLY} = None  {_READ_ONLY_NOTE}",
    ): "equivalent: numpy takes None as False for a flag",
    **{
        ("_ring_points", f"{before} -> {after}"): why
        for before, after, why in (
            (
                "if np.any(points[..., 1:] == points[..., :-1]):  # equal points (never seen in practice): in point order",
                "if np.any(points[..., 1:] != points[..., :-1]):  # equal points (never seen in practice): in point order",
                _STABLE,
            ),
            ('order = np.argsort(seeds, axis=-1, kind="stable")', 'order = np.argsort(seeds, kind="stable")', _AXIS),
            ("order = np.argsort(seeds, axis=-1)", "order = np.argsort(seeds, )", _AXIS),
            ("points = np.take_along_axis(seeds, order, axis=-1)", "points = np.take_along_axis(seeds, order, )", _AXIS),
            ("bits = max(1, (size - 1).bit_length())", "bits = max(2, (size - 1).bit_length())", _BITS),
            ("bits = max(1, (size - 1).bit_length())", "bits = max(1, (size + 1).bit_length())", _BITS),
            ("low = _U64((1 << bits) - 1)", "low = _U64((2 << bits) - 1)", _BITS),
            ("if bits <= 20:", "if bits < 20:", _PATH),
            ("if bits <= 20:", "if bits <= 21:", _PATH + "; with 21 bits the index still fits the tag"),
            (_TAG, _TAG.replace("out=scratch", "out=None"), _SCRATCH),
            (_TAG, _TAG.replace("out=scratch", ""), _SCRATCH),
            (
                "tagged |= np.arange(size, dtype=np.uint64)",
                "tagged &= np.arange(size, dtype=np.uint64)",
                "equivalent: every tag becomes 0, so two or more points always share their top bits and take the full "
                "sort (one point is index 0 either way)",
            ),
            (
                'order = np.argsort(seeds, axis=-1, kind="stable")',
                'order = np.argsort(seeds, axis=-1, kind="STABLE")',
                "equivalent: numpy reads the sort kind without regard to case",
            ),
        )
    },
    **{
        ("_as_u64", f'shape = getattr(keys, "shape", "?") -> shape = getattr(keys, "shape", {default})'): "equivalent: "
        "the default is read only for a pandas DataFrame without a shape, and every DataFrame has one"
        for default in ("None", "", '"XX?XX"')
    },
    ("_as_u64", 'if arr.dtype.kind not in "iu": -> if arr.dtype.kind not in "XXiuXX":'): "equivalent: 'X' is no numpy "
    "dtype kind, so the same kinds are in both strings",
}
