"""hashing.py at its boundaries (issue 49, part 6: the survivors of ``make mutants`` on ``hotpart/models/hashing.py``).

Each test pins a boundary with a value. :class:`hotpart.HashRangeSharding`: the exact cut points and shares of
:meth:`~hotpart.HashRangeSharding.even`, its shard count's range at both ends, the cuts ``upper`` accepts (1-D,
strictly increasing, the first above 0; a list of ints on both sides of 2**63 too) and refuses by name on one line,
the first range starting at hash 0, ``shard_order`` taking whole numbers only, moved shares exact to one hash.
:func:`hotpart.partition_of` against its documented MD5 rule; :func:`hotpart.rendezvous`'s and
:class:`hotpart.HashRing`'s nodes; the ring against its documented definition at its points and one hash either
side; ring points that share their top bits. ``benchmarks/mutants.py`` runs this file for ``hashing.py``;
``benchmarks/results/mutants-hashing.md`` accounts for every mutant that survives.
"""

from __future__ import annotations

import numpy as np
import pytest

import hotpart as hp
from hotpart.models import hashing

TWO64 = 2**64


def _cuts(layout: hp.HashRangeSharding) -> list[int]:
    return [int(x) for x in layout.upper]


# --- even(n): the cut points and the shares, exactly ---------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 4, 7, 8, 1024])
def test_even_cuts_the_hash_space_at_i_times_2_64_over_n_exactly(n):
    """The cuts are the integers ``i * 2**64 // n`` (not a float's rounding of ``i * 2**64 / n``), one fewer than the
    shards, and the layout has exactly ``n`` shards in hash order."""
    layout = hp.HashRangeSharding.even(n)
    assert _cuts(layout) == [(i * TWO64) // n for i in range(1, n)]
    assert layout.n_shards == n and layout.shard_order == tuple(range(n))
    assert layout.upper.dtype == np.uint64 and layout.upper.shape == (n - 1,)


def test_even_three_shards_has_the_exact_integer_cuts():
    """2**64 / 3 is not a double: the cuts are 6148914691236517205 and 12297829382473034410, which a float division
    would round to 6148914691236517888 and 12297829382473035776."""
    assert _cuts(hp.HashRangeSharding.even(3)) == [6148914691236517205, 12297829382473034410]


@pytest.mark.parametrize("n", [1, 2, 4, 8, 1024, 2**20])
def test_even_shares_are_exactly_one_over_n_for_powers_of_two(n):
    """For a power of two every range is exactly ``2**64 / n`` hashes: each share is ``1/n`` exactly, and they sum
    to exactly 1 (the first range starts at hash 0, the last ends at 2**64)."""
    s = hp.HashRangeSharding.even(n).shares()
    assert s.dtype == np.float64 and s.shape == (n,)
    assert np.all(s == 1.0 / n)
    assert float(s.sum()) == 1.0


def test_shares_of_uneven_ranges_are_their_lengths_over_2_64():
    """Cuts at 2**62 and 2**63 (shard order 2, 0, 1): shards hold [2**62, 2**63), [2**63, 2**64) and [0, 2**62)."""
    layout = hp.HashRangeSharding(np.array([2**62, 2**63], dtype=np.uint64), (2, 0, 1))
    assert layout.shares().tolist() == [0.25, 0.5, 0.25]
    # one cut at hash 1: the first range is the single hash 0
    tiny = hp.HashRangeSharding(np.array([1], dtype=np.uint64))
    assert tiny.shares().tolist() == [1 / TWO64, (TWO64 - 1) / TWO64]
    assert tiny.shares()[0] == 2.0**-64


def test_even_takes_one_to_2_20_shards_and_refuses_by_name_outside():
    assert hp.HashRangeSharding.even(1).n_shards == 1 and _cuts(hp.HashRangeSharding.even(1)) == []
    top = hp.HashRangeSharding.even(2**20)
    assert top.n_shards == 2**20 and int(top.upper[0]) == 2**44 and int(top.upper[-1]) == TWO64 - 2**44
    for bad in (0, 2**20 + 1, -1):
        with pytest.raises(ValueError, match=rf"^n_shards = {bad} is out of range: must be in \[1, 1\.04858e\+06\]$"):
            hp.HashRangeSharding.even(bad)
    with pytest.raises(ValueError, match=r"^n_shards = 2\.5 is not a whole number"):
        hp.HashRangeSharding.even(2.5)


# --- upper: 1-D, strictly increasing, above 0; refused by name -----------------------------------------------------


@pytest.mark.parametrize(
    "upper",
    [
        [5, 3],  # decreasing
        [5, 5],  # equal neighbours: not strictly increasing
        [1, 5, 3],  # increasing from the first, decreasing between neighbours
        [1, 2, 3, 3],  # equal at the end
        [0],  # a range [0, 0): the first cut must be above hash 0
        [0, 5],
        [0, 2**63],  # ints numpy alone would read as floats: refused for the zero, not for the kind
        [[1, 2]],  # 2-D
        [[1], [2]],
    ],
    ids=["decreasing", "equal", "neighbours", "equal-last", "zero", "zero-first", "zero-and-big", "2-D-row", "2-D-column"],
)
def test_upper_refused_naming_upper(upper):
    with pytest.raises(ValueError, match=r"^upper = .* must be a 1-D, strictly increasing array of positive hashes$"):
        hp.HashRangeSharding(np.array(upper, dtype=np.uint64))
    with pytest.raises(ValueError, match=r"^upper = .* must be a 1-D, strictly increasing array of positive hashes$"):
        hp.HashRangeSharding(upper)  # as a list


@pytest.mark.parametrize(
    ("upper", "match"),
    [
        ([1.5], r"^upper = array\(\[1\.5\]\) is not an integer array"),
        (["1"], r"^upper = array\(\['1'\], dtype='<U1'\) is not an integer array"),
        ([True], r"^upper = array\(\[ True\]\) is not an integer array"),
        ([2**64], r"^upper = array\(\[18446744073709551616\], dtype=object\) is not an integer array"),
        ([3, 2**64], r"^upper = array\(\[3, 18446744073709551616\], dtype=object\) is not an integer array"),
        ([-1, 5], r"^upper has a negative entry -1"),
        ([-1, 2**63], r"^upper = array\(\[-1\.0*e\+00, +9\.2\d+e\+18\]\) is not an integer array"),
    ],
)
def test_upper_of_the_wrong_kind_refused_naming_upper(upper, match):
    """Refused by name in one line, whatever numpy made of the list."""
    with pytest.raises(ValueError, match=match) as err:
        hp.HashRangeSharding(upper)
    assert "\n" not in str(err.value)


def test_a_2_d_or_long_upper_is_refused_in_one_line():
    for upper in (np.array([[1], [2]], dtype=np.uint64), np.arange(100, 0, -1, dtype=np.uint64), np.ones((3, 40))):
        with pytest.raises(ValueError, match=r"^upper = array\(") as err:
            hp.HashRangeSharding(upper)
        assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    ("upper", "cuts"),
    [
        ([], []),
        ((), []),
        (np.zeros(0, np.uint64), []),
        ([1], [1]),  # one cut at the smallest allowed hash
        ([TWO64 - 1], [TWO64 - 1]),  # and at the largest
        ([7], [7]),  # a 1-element array is increasing: nothing to compare
        (np.uint64(7), [7]),  # a scalar is one cut
        ([1, 2], [1, 2]),
        ([3, 2**63, TWO64 - 1], [3, 2**63, TWO64 - 1]),  # numpy alone reads this list as floats
        ((2**62, 2**63), [2**62, 2**63]),
        ([0 + 1, 2**64 - 1], [1, TWO64 - 1]),
    ],
)
def test_upper_accepted_as_a_uint64_array_of_cuts(upper, cuts):
    """An empty list (a float array to numpy) is one range; a list of ints becomes the uint64 array ``upper``, exactly
    (a list mixing ints below and above 2**63, which numpy would read as floats, included)."""
    layout = hp.HashRangeSharding(upper)
    assert isinstance(layout.upper, np.ndarray) and layout.upper.dtype == np.uint64 and layout.upper.ndim == 1
    assert _cuts(layout) == cuts and layout.n_shards == len(cuts) + 1
    assert float(layout.shares().sum()) == pytest.approx(1.0, abs=1e-15)


# --- the first range starts at hash 0, the last ends at 2**64 -------------------------------------------------------


def test_a_split_may_cut_at_hash_1_and_at_2_64_minus_1_but_not_at_the_ends():
    """The one range is [0, 2**64): a cut strictly inside is any hash from 1 to 2**64 - 1."""
    one = hp.HashRangeSharding()
    assert _cuts(one.split(0, at=1)) == [1] and _cuts(one.split(0, at=TWO64 - 1)) == [TWO64 - 1]
    for bad in (0, TWO64):
        with pytest.raises(ValueError, match=rf"^at = {bad} is out of range"):
            one.split(0, at=bad)
    assert _cuts(one.split(0)) == [2**63]  # the midpoint of [0, 2**64)


def test_the_midpoint_of_the_first_range_counts_from_hash_0():
    """Range [0, 3) splits at (0 + 3) // 2 = 1; the last range [3, 2**64) at (3 + 2**64) // 2."""
    layout = hp.HashRangeSharding(np.array([3], dtype=np.uint64))
    assert _cuts(layout.split(0)) == [1, 3]
    assert _cuts(layout.split(1)) == [3, (3 + TWO64) // 2]
    assert layout.split(0).shares().tolist() == [1 / TWO64, (TWO64 - 3) / TWO64, 2 / TWO64]


def test_hashes_at_the_cuts_belong_to_the_upper_range():
    """A cut is the exclusive upper end of its range: hash 2**63 - 1 is in the first shard, hash 2**63 in the
    second, the largest hash in the last."""
    layout = hp.HashRangeSharding(np.array([2**63], dtype=np.uint64))
    # hash64 is a bijection: the keys whose hashes are these
    want = np.array([0, 2**63 - 1, 2**63, TWO64 - 1], dtype=np.uint64)
    keys = np.array([_unhash(int(h)) for h in want], dtype=np.uint64)
    assert hp.hash64(keys).tolist() == want.tolist()
    assert layout.shard_of(keys).tolist() == [0, 0, 1, 1]


def _unhash(h: int) -> int:
    """The key whose :func:`hotpart.hash64` is ``h`` (SplitMix64's finaliser inverted step by step)."""
    m = TWO64 - 1

    def unshift(z: int, s: int) -> int:
        x = z
        for _ in range(64 // s + 1):
            x = z ^ (x >> s)
        return x & m

    z = unshift(h, 31)
    z = (z * pow(0x94D049BB133111EB, -1, TWO64)) & m
    z = unshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, TWO64)) & m
    z = unshift(z, 30)
    return (z - 0x9E3779B97F4A7C15) & m


# --- shard_order: a permutation of whole numbers, refused by name ----------------------------------------------------


@pytest.mark.parametrize(
    "order",
    [(0, 0), (0, 2), (1,), (0, 1, 2), (1.0, 0), ("1", 0), (True, False), (0.5, 1)],
    ids=["repeat", "gap", "short", "long", "float", "str", "bool", "fraction"],
)
def test_shard_order_refused_naming_shard_order(order):
    with pytest.raises(ValueError, match=r"^shard_order = .* must be a permutation of 0\.\.1$"):
        hp.HashRangeSharding(np.array([5], dtype=np.uint64), order)


def test_shard_order_takes_numpy_integers_and_defaults_to_hash_order():
    layout = hp.HashRangeSharding(np.array([5], dtype=np.uint64), (np.int64(1), np.uint8(0)))
    assert layout.shard_order == (1, 0) and all(type(x) is int for x in layout.shard_order)
    assert hp.HashRangeSharding(np.array([5, 9], dtype=np.uint64)).shard_order == (0, 1, 2)


def test_index_refuses_what_is_not_a_whole_int_by_its_repr():
    """The helper behind ``shard_order``: an int or a numpy integer, never a bool, a float or a string."""
    assert hashing._index(3) == 3 and hashing._index(np.int32(3)) == 3 and type(hashing._index(np.int32(3))) is int
    for bad, shown in ((1.0, "1.0"), ("1", "'1'"), (True, "True"), (None, "None")):
        with pytest.raises(TypeError, match=rf"^{shown} is not an int$"):
            hashing._index(bad)


# --- the layouts' moved share, split's shard, shard_of's type -------------------------------------------------------


def test_moved_share_is_exact_to_one_hash():
    """Moved shares are counted in whole hashes over 2**64: an unchanged layout moves exactly 0, one hash moved is
    exactly 2**-64 (cuts one hash apart near 2**62, where a double cannot tell them apart), and the single hashes at
    the bottom of the space count."""
    layout = hp.HashRangeSharding.even(3)
    assert layout.moved_share(layout) == 0.0 and hp.HashRangeSharding().moved_share(hp.HashRangeSharding()) == 0.0
    a, b = hp.HashRangeSharding([2**62 + 1]), hp.HashRangeSharding([2**62])
    assert a.moved_share(b) == b.moved_share(a) == 2.0**-64
    # hashes 0 and 1 change shards (ranges [0, 1) and [1, 2) swap), the rest stays
    swap = hp.HashRangeSharding([1, 2], (1, 0, 2))
    assert hp.HashRangeSharding([1, 2]).moved_share(swap) == 2.0**-63
    assert hp.HashRangeSharding([1]).moved_share(hp.HashRangeSharding([1], (1, 0))) == 1.0


def test_split_takes_shards_0_to_n_minus_1_and_refuses_by_name_outside():
    layout = hp.HashRangeSharding.even(2)
    assert _cuts(layout.split(0)) == [2**62, 2**63] and _cuts(layout.split(1)) == [2**63, 3 * 2**62]
    for bad in (-1, 2, 3):
        with pytest.raises(ValueError, match=rf"^shard = {bad} is out of range: must be in \[0, 1\]$"):
            layout.split(bad)


def test_shard_of_answers_int64_shard_indices():
    got = hp.HashRangeSharding.even(4).shard_of(np.arange(1_000, dtype=np.uint64))
    assert got.dtype == np.int64 and set(got.tolist()) == {0, 1, 2, 3}


# --- partition_of: MD5 over contiguous ranges of [0, 2**128) --------------------------------------------------------


def _md5_partition(key: str, n: int) -> int:
    """The documented rule, written out: the key's MD5 as a big-endian 128-bit integer, times n, over 2**128."""
    import hashlib

    return int(hashlib.md5(key.encode("utf-8")).hexdigest(), 16) * n // 2**128


@pytest.mark.parametrize("n", [1, 2, 4, 10, 1_000, 2**40, 2**63])
def test_partition_of_is_md5_times_n_over_2_128(n):
    keys = ["USER#1", "USER#2", "2026-04-01", "ACTIVE", "", "ü-é-日本", "a" * 300]
    got = hp.partition_of(keys, n)
    assert got.dtype == np.int64 and got.tolist() == [_md5_partition(k, n) for k in keys]


def test_partition_of_published_values_and_a_single_string_is_one_key():
    assert hp.partition_of(["USER#1", "USER#2", "2026-04-01"], 4).tolist() == [3, 1, 2]
    assert hp.partition_of("ACTIVE", 10).tolist() == [_md5_partition("ACTIVE", 10)] == [0]
    assert hp.partition_of("USER#1", 2**63).tolist() == [_md5_partition("USER#1", 2**63)]
    # a key's UTF-8 bytes, not its characters one by one
    assert hp.partition_of("日本", 2**40).tolist() == [_md5_partition("日本", 2**40)]


def test_partition_of_takes_one_to_2_63_partitions_and_refuses_by_name_outside():
    assert hp.partition_of(["x", "y"], 1).tolist() == [0, 0]
    for bad in (0, 2**63 + 1, -1):
        with pytest.raises(ValueError, match=rf"^n_partitions = {bad} is out of range: must be in \[1, 9\.22337e\+18\]$"):
            hp.partition_of(["x"], bad)


def test_partition_of_refuses_what_is_not_strings_by_name():
    with pytest.raises(ValueError, match=r"^keys = 5 is not allowed: must be a str or an iterable of str$"):
        hp.partition_of(5, 4)
    with pytest.raises(ValueError, match=r"^keys\[1\] = 7 is not a string: partition keys must be str$"):
        hp.partition_of(["a", 7], 4)


# --- rendezvous: nodes refused by name ---------------------------------------------------------------------------


@pytest.mark.parametrize("nodes", [[], ["a", "a"], ["a", "b", "a"], ["a", 1], [None]])
def test_rendezvous_refuses_empty_repeated_or_non_string_nodes(nodes):
    with pytest.raises(ValueError, match=r"^nodes = .* must be a non-empty sequence of unique strings$"):
        hp.rendezvous(np.arange(4, dtype=np.uint64), nodes)


def test_rendezvous_one_node_takes_every_key_and_keeps_the_keys_shape():
    keys = np.arange(12, dtype=np.uint64).reshape(3, 4)
    assert hp.rendezvous(keys, ["only"]).tolist() == [[0] * 4] * 3
    got = hp.rendezvous(keys, ["a", "b", "c"])
    assert got.shape == (3, 4) and got.dtype == np.int64
    assert got.reshape(-1).tolist() == hp.rendezvous(keys.reshape(-1), ["a", "b", "c"]).tolist()


# --- HashRing against its definition, at the points themselves -------------------------------------------------------

_GOLDEN = 0x9E3779B97F4A7C15


def _ring_reference(nodes: list[str], vnodes: int) -> list[tuple[int, int, int]]:
    """The ring as documented, in Python's integers: node ``i``'s points are ``hash64(label_i + s * golden)`` for
    ``s < vnodes`` (``label_i``, the first 8 bytes of the MD5 of its name, big-endian), sorted by point, then by
    point index ``i * vnodes + s`` (equal points keep that order): (point, index, owner)."""
    import hashlib

    out = []
    for i, name in enumerate(nodes):
        label = int.from_bytes(hashlib.md5(name.encode("utf-8")).digest()[:8], "big")
        seeds = np.array([(label + s * _GOLDEN) % TWO64 for s in range(vnodes)], dtype=np.uint64)
        out += [(int(p), i * vnodes + s, i) for s, p in enumerate(hp.hash64(seeds))]
    return sorted(out)


def _ring_owner(ref: list[tuple[int, int, int]], h: int) -> int:
    """The owner of hash ``h``: the first point at or after it, wrapping past the largest to the first."""
    for point, _, owner in ref:
        if point >= h:
            return owner
    return ref[0][2]


@pytest.mark.parametrize(("nodes", "vnodes"), [(["a"], 1), (["a", "b", "c"], 1), (["a", "b", "c"], 7), (["n0", "n1"], 300)])
def test_hash_ring_owns_each_hash_by_the_first_point_at_or_after_it(nodes, vnodes):
    """Keys whose hashes are the points themselves (a point owns its own hash), one below and one above each point,
    0, 2**64 - 1 (past the largest point: the first point's node) and the edges of the lookup table's buckets."""
    ref = _ring_reference(nodes, vnodes)
    ring = hp.HashRing(nodes, vnodes)
    points = [p for p, _, _ in ref]
    hashes = {0, TWO64 - 1, *points, *(min(p + 1, TWO64 - 1) for p in points), *(max(p - 1, 0) for p in points)}
    bits = min(20, max(8, (len(points) - 1).bit_length() + 5))  # the table's: ceil(log2(points)) + 5, in [8, 20]
    hashes |= {b << (64 - bits) for b in range(0, 2**bits, max(1, 2**bits // 64))}
    hashes |= {((b + 1) << (64 - bits)) - 1 for b in range(0, 2**bits, max(1, 2**bits // 64))}
    hashes = sorted(hashes)
    keys = np.array([_unhash(h) for h in hashes], dtype=np.uint64)
    got = ring.lookup(keys)
    assert got.dtype == np.int64
    assert got.tolist() == [_ring_owner(ref, h) for h in hashes]
    # the shares: each node's arcs (from the point before, wrapping) over 2**64, exactly
    arcs = [0] * len(nodes)
    for k, (p, _, owner) in enumerate(ref):
        arcs[owner] += (p - ref[k - 1][0]) % TWO64 if len(ref) > 1 else TWO64
    assert ring.shares() == pytest.approx([a / TWO64 for a in arcs], rel=1e-14, abs=0)


def test_hash_ring_moved_share_is_the_arcs_whose_owner_changes():
    """Adding a node moves exactly the new node's share; removing it moves it back; the same ring moves nothing; a
    renamed node moves everything it owned."""
    ring = hp.HashRing(["a", "b", "c"], 5)
    bigger = ring.add("d")
    assert bigger.nodes == ("a", "b", "c", "d")
    assert ring.moved_share(bigger) == pytest.approx(bigger.shares()[3], abs=1e-15) and bigger.shares()[3] > 0
    assert bigger.moved_share(bigger.remove("d")) == pytest.approx(bigger.shares()[3], abs=1e-15)
    assert ring.moved_share(ring) == 0.0 and hp.HashRing(["a"], 1).moved_share(hp.HashRing(["a"], 1)) == 0.0
    assert hp.HashRing(["a"], 1).moved_share(hp.HashRing(["b"], 1)) == 1.0


@pytest.mark.parametrize("nodes", [[], ["a", "a"], ["a", 1]])
def test_hash_ring_refuses_empty_repeated_or_non_string_nodes(nodes):
    with pytest.raises(ValueError, match=r"^nodes = .* must be a non-empty sequence of unique strings$"):
        hp.HashRing(nodes)


def test_hash_ring_vnodes_from_1_to_100_000_refused_by_name_outside():
    assert hp.HashRing(["a", "b"], 1).vnodes == 1 and hp.HashRing(["a"], 1).shares().tolist() == [1.0]
    assert hp.HashRing(["a"], 100_000).shares() == pytest.approx([1.0], rel=1e-14)
    for bad in (0, 100_001):
        with pytest.raises(ValueError, match=rf"^vnodes = {bad} is out of range: must be in \[1, 100000\]$"):
            hp.HashRing(["a"], bad)
    with pytest.raises(ValueError, match=r"^node = 'z' is not on the ring: must be one of \['a', 'b'\]$"):
        hp.HashRing(["a", "b"], 3).remove("z")


def test_an_empty_float_array_is_no_cuts():
    """numpy's empty array is float64: as no cuts it is one range (only a non-empty float array is refused)."""
    for empty in (np.array([]), np.zeros((0,)), np.array([], dtype=np.int64)):
        layout = hp.HashRangeSharding(empty)
        assert layout.n_shards == 1 and layout.upper.dtype == np.uint64 and layout.shares().tolist() == [1.0]


def test_hash_ring_keeps_its_nodes_as_a_tuple_and_vnodes_as_an_int_and_never_changes():
    """The ring holds what it validated (a tuple of names, an int count); its points, owners and lookup table are
    read-only, since rings are shared and their lookups cached."""
    ring = hp.HashRing(["a", "b"], 3.0)
    assert ring.nodes == ("a", "b") and type(ring.nodes) is tuple
    assert ring.vnodes == 3 and type(ring.vnodes) is int and repr(ring).startswith("HashRing(2 nodes x 3 vnodes,")
    ring.lookup(np.arange(4, dtype=np.uint64))  # builds the table
    table, _ = ring._table
    for arr in (ring._points, ring._owners, table):
        with pytest.raises(ValueError, match="read-only"):
            arr[0] = 0


def _labels_for_points(points: list[int]) -> np.ndarray:
    """Node labels whose single virtual node (``vnodes=1``: the point is ``hash64(label)``) lands on ``points``."""
    return np.array([_unhash(p) for p in points], dtype=np.uint64)


@pytest.mark.parametrize(
    "points",
    [
        [2**40 * 3 + 1, 2**40 * 3],  # two points that agree in every bit but the last, the larger listed first
        [2**40, 4 * 2**50 + 3, 4 * 2**50 + 1],  # a far point first, then two sharing their top 62 bits, reversed
        [TWO64 - 1, TWO64 - 2, 5, 4, 2**63],
        [7],
    ],
    ids=["pair", "three", "five", "one"],
)
def test_ring_points_sort_points_that_share_their_top_bits_with_their_owners(points):
    """The fast sort tags each point's top bits with its index; points that share those top bits must fall back to a
    full sort, or an owner would be paired with another node's point. Each node has one point here, placed by hand."""
    got_points, got_owners = hashing._ring_points(_labels_for_points(points), 1)
    assert hp.hash64(_labels_for_points(points)).tolist() == points
    order = sorted(range(len(points)), key=lambda i: points[i])
    assert got_points.tolist() == [points[i] for i in order]
    assert got_owners.tolist() == order
    # as one row of a batch of rings, beside a reversed copy
    batch = np.stack([_labels_for_points(points), _labels_for_points(points[::-1])])
    rows_p, rows_o = hashing._ring_points(batch, 1)
    assert rows_p.tolist() == [sorted(points)] * 2
    assert rows_o.tolist() == [order, [len(points) - 1 - i for i in order]]


def test_signed_integer_keys_from_0_are_taken_exactly_as_uint64():
    """A signed array of keys (numpy's default integers) is taken from 0 up, exactly: 0 is a key, and keys above
    2**53 keep every bit (no trip through floats); a negative key is refused by name."""
    signed = np.array([0, 1, 2**53 + 1, 2**62 + 1, 2**63 - 1], dtype=np.int64)
    assert hp.hash64(signed).tolist() == hp.hash64(signed.astype(np.uint64)).tolist()
    assert hp.jump_hash(signed, 1000).tolist() == hp.jump_hash(signed.astype(np.uint64), 1000).tolist()
    layout = hp.HashRangeSharding(np.array([1, 2**62 + 1], dtype=np.int64))
    assert layout.upper.dtype == np.uint64 and [int(x) for x in layout.upper] == [1, 2**62 + 1]
    with pytest.raises(ValueError, match=r"^keys has a negative entry -1: must be unsigned 64-bit integers"):
        hp.hash64(np.array([0, -1], dtype=np.int64))


def test_reprs_say_how_many_ranges_or_nodes_and_their_shares():
    assert repr(hp.HashRangeSharding.even(4)) == "HashRangeSharding(4 ranges, shares 0.250 to 0.250)"
    assert repr(hp.HashRangeSharding.even(2).split(0)) == "HashRangeSharding(3 ranges, shares 0.250 to 0.500)"
    assert repr(hp.HashRing(["a"], 1)) == "HashRing(1 nodes x 1 vnodes, shares 1.000 to 1.000)"
    assert repr(hp.HashRing(["a", "b", "c"], 100)) == "HashRing(3 nodes x 100 vnodes, shares 0.315 to 0.366)"
