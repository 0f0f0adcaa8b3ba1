"""The vectorised placements of chapter 19 against verbatim copies of the loops they replaced: bit for bit equal.

The references below are the implementations of :mod:`hotpart.models.hashing`, :mod:`hotpart.models.resharding`
and :mod:`hotpart.figures.resharding` before they were vectorised (one ring, one node, one call at a time); every
test asserts exact equality (``np.array_equal`` and ``==`` on floats), never closeness.
"""

import hashlib
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hotpart as hp
from hotpart.figures import resharding as fig_resharding
from hotpart.models import hashing
from hotpart.models import resharding as model_resharding

_U64 = np.uint64
_TWO64 = 2.0**64


# --- the references: the implementations before vectorising, copied verbatim ---------------------


def _hash64_reference(keys):
    z = np.array(np.asarray(keys).astype(np.uint64), dtype=np.uint64, copy=True)
    tmp = np.empty_like(z)
    with np.errstate(over="ignore"):
        z += _U64(0x9E3779B97F4A7C15)
        np.right_shift(z, _U64(30), out=tmp)
        z ^= tmp
        z *= _U64(0xBF58476D1CE4E5B9)
        np.right_shift(z, _U64(27), out=tmp)
        z ^= tmp
        z *= _U64(0x94D049BB133111EB)
        np.right_shift(z, _U64(31), out=tmp)
        z ^= tmp
    return z


def _label_hash_reference(label):
    return int.from_bytes(hashlib.md5(label.encode("utf-8"), usedforsecurity=False).digest()[:8], "big")


class _HashRingReference:
    """``HashRing`` before vectorising: ``__post_init__``, ``_owner_of_hash``, ``lookup``, ``shares``, ``moved_share``."""

    def __init__(self, nodes, vnodes):
        nodes = tuple(nodes)
        v = int(vnodes)
        steps = np.arange(v, dtype=np.uint64)
        with np.errstate(over="ignore"):
            seeds = [_U64(_label_hash_reference(name)) + steps * _U64(0x9E3779B97F4A7C15) for name in nodes]
        points = _hash64_reference(np.concatenate(seeds))
        owners = np.repeat(np.arange(len(nodes), dtype=np.int64), v)
        order = np.argsort(points, kind="stable")
        self.nodes, self.vnodes = nodes, v
        self._points, self._owners = points[order], owners[order]
        self._table = None

    def _owner_of_hash(self, h):
        idx = np.searchsorted(self._points, h, side="left")
        idx[idx == self._points.size] = 0
        return self._owners[idx]

    def lookup(self, keys):
        if self._table is None:
            bits = int(min(20, max(8, math.ceil(math.log2(self._points.size)) + 5)))
            shift = _U64(64 - bits)
            table = self._owner_of_hash(np.arange(2**bits, dtype=np.uint64) << shift).astype(np.int32)
            table[np.unique(self._points >> shift).astype(np.int64)] = -1
            self._table = (table, shift)
        table, shift = self._table
        h = _hash64_reference(keys)
        owner = table.take((h >> shift).astype(np.intp)).astype(np.int64)
        mixed = np.flatnonzero(owner < 0)
        owner[mixed] = self._owner_of_hash(h.take(mixed))
        return owner

    def shares(self):
        if self._points.size == 1:
            return np.ones(1)
        with np.errstate(over="ignore"):
            arcs = self._points - np.roll(self._points, 1)
        return np.bincount(self._owners, weights=arcs.astype(np.float64), minlength=len(self.nodes)) / _TWO64

    def moved_share(self, other):
        points = np.union1d(self._points, other._points)
        mine = np.array(self.nodes, dtype=object)[self._owner_of_hash(points)]
        theirs = np.array(other.nodes, dtype=object)[other._owner_of_hash(points)]
        if points.size == 1:
            return float(mine[0] != theirs[0])
        with np.errstate(over="ignore"):
            arcs = (points - np.roll(points, 1)).astype(np.float64)
        return float(arcs[mine != theirs].sum() / _TWO64)


def _rendezvous_reference(keys, nodes):
    names = tuple(nodes)
    hk = _hash64_reference(keys)
    best = np.zeros(hk.shape, dtype=np.uint64)
    owner = np.zeros(hk.shape, dtype=np.int64)
    for i, name in enumerate(names):
        w = _hash64_reference(hk ^ _U64(_label_hash_reference(name)))
        better = w > best if i else np.ones(hk.shape, dtype=bool)
        best = np.where(better, w, best)
        owner[better] = i
    return owner


def _ring_spread_reference(vnodes, n_nodes, n_rings=20):
    out = [_HashRingReference([f"r{j}-n{i}" for i in range(n_nodes)], vnodes).shares() * n_nodes for j in range(n_rings)]
    return np.concatenate(out)


def _moved_fraction_reference(method, n, m, vnodes=100, n_keys=100_000, seed=0):
    rng = np.random.default_rng(seed)
    if method == "ring":
        return _HashRingReference([str(i) for i in range(n)], vnodes).moved_share(
            _HashRingReference([str(i) for i in range(m)], vnodes)
        )
    assert method == "rendezvous"
    keys = rng.integers(0, 2**64, size=n_keys, dtype=np.uint64)
    before_r = np.array([str(i) for i in range(n)])[_rendezvous_reference(keys, [str(i) for i in range(n)])]
    after_r = np.array([str(i) for i in range(m)])[_rendezvous_reference(keys, [str(i) for i in range(m)])]
    return float(np.mean(before_r != after_r))


def _placements_reference(method, keys, n, vnodes):
    names = [str(i) for i in range(n)]
    if method == "modulo":
        return (keys % np.uint64(n)).astype(np.int64)
    if method == "jump":
        return hp.jump_hash(keys, n)
    if method == "ring":
        return _HashRingReference(names, vnodes).lookup(keys)
    return _rendezvous_reference(keys, names)


def _reshard_compute_reference(n_before, added, vnodes):
    n, m = n_before, n_before + added
    keys = np.random.default_rng(1).integers(0, 2**64, size=40_000, dtype=np.uint64)
    moved, balance = {}, {}
    for method in ("modulo", "ring", "jump", "rendezvous"):
        before = _placements_reference(method, keys, n, vnodes)
        after = _placements_reference(method, keys, m, vnodes)
        moved[method] = float(np.mean(before != after))
        counts = np.bincount(after, minlength=m)
        balance[method] = float(counts.max() / counts.mean())
    layout = hp.HashRangeSharding.even(n)
    for _ in range(m - n):
        layout = layout.split(int(np.argmax(layout.shares())))
    before_r, after_r = hp.HashRangeSharding.even(n).shard_of(keys), layout.shard_of(keys)
    moved["ranges"] = float(np.mean(before_r != after_r))
    counts = np.bincount(after_r, minlength=m)
    balance["ranges"] = float(counts.max() / counts.mean())
    exact = {
        "modulo": hp.moved_fraction_modulo(n, m),
        "ring": _moved_fraction_reference("ring", n, m, vnodes=vnodes),
        "jump": abs(1.0 - min(n, m) / max(n, m)),
    }
    return moved, balance, exact


# --- HashRing ------------------------------------------------------------------------------------


def _assert_same_ring(nodes, vnodes, keys):
    new, old = hp.HashRing(nodes, vnodes), _HashRingReference(nodes, vnodes)
    assert np.array_equal(new._points, old._points)
    assert np.array_equal(new._owners, old._owners)
    assert new._points.dtype == old._points.dtype and new._owners.dtype == old._owners.dtype
    assert np.array_equal(new.shares(), old.shares())
    got, want = new.lookup(keys), old.lookup(keys)
    assert got.dtype == want.dtype and np.array_equal(got, want)
    assert np.array_equal(new._table[0], old._table[0]) and new._table[1] == old._table[1]
    # the table's edges: the bucket starts and ends, every point and its neighbours
    probes = np.concatenate([new._points, new._points - _U64(1), new._points + _U64(1)])
    probes = np.concatenate([probes, np.array([0, 1, 2**63, 2**64 - 1], dtype=np.uint64)])
    assert np.array_equal(new._owner_of_hash(probes), old._owner_of_hash(probes))


@pytest.mark.parametrize(
    ("n", "v"), [(1, 1), (2, 1), (1, 2), (3, 1), (2, 2), (3, 100), (10, 1), (24, 1000), (32, 1000), (5, 7), (64, 3)]
)
def test_hash_ring_is_the_reference_ring(n, v):
    keys = np.random.default_rng(n * 1000 + v).integers(0, 2**64, size=20_000, dtype=np.uint64)
    _assert_same_ring([str(i) for i in range(n)], v, keys)


def test_hash_ring_edge_keys_and_one_point_ring():
    keys = np.array([0, 1, 2**63, 2**64 - 1, 12345], dtype=np.uint64)
    _assert_same_ring(["only"], 1, keys)
    assert np.array_equal(hp.HashRing(["only"], 1).shares(), np.ones(1))
    _assert_same_ring(["a", "b"], 1, keys)


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.text(min_size=1, max_size=6), min_size=1, max_size=8, unique=True),
    st.integers(1, 300),
    st.integers(0, 2**32),
)
def test_hash_ring_property(nodes, vnodes, seed):
    keys = np.random.default_rng(seed).integers(0, 2**64, size=3_000, dtype=np.uint64)
    _assert_same_ring(nodes, vnodes, keys)
    other = [*nodes[1:], "zz-new"] if "zz-new" not in nodes else nodes[:1]
    new = hp.HashRing(nodes, vnodes).moved_share(hp.HashRing(other, vnodes))
    assert new == _HashRingReference(nodes, vnodes).moved_share(_HashRingReference(other, vnodes))


@pytest.mark.parametrize(("n", "m", "v"), [(1, 1, 1), (1, 2, 1), (3, 4, 100), (24, 32, 1000), (8, 5, 10), (2, 2, 50)])
def test_moved_share_is_the_reference(n, m, v):
    a, b = [str(i) for i in range(n)], [str(i) for i in range(m)]
    assert hp.HashRing(a, v).moved_share(hp.HashRing(b, v)) == _HashRingReference(a, v).moved_share(_HashRingReference(b, v))
    renamed = [f"x{i}" for i in range(m)]  # no name in common: everything moves
    got = hp.HashRing(a, v).moved_share(hp.HashRing(renamed, v))
    assert got == _HashRingReference(a, v).moved_share(_HashRingReference(renamed, v))


# --- rendezvous ----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 24, 32, 200])
@pytest.mark.parametrize("n_keys", [0, 1, 7, 40_000])
def test_rendezvous_is_the_reference(n, n_keys):
    keys = np.random.default_rng(n + n_keys).integers(0, 2**64, size=n_keys, dtype=np.uint64)
    names = [str(i) for i in range(n)]
    got, want = hp.rendezvous(keys, names), _rendezvous_reference(keys, names)
    assert got.dtype == want.dtype and got.shape == want.shape and np.array_equal(got, want)


def test_rendezvous_of_a_scalar_and_of_no_keys():
    for keys in (np.array(7, dtype=np.uint64), np.zeros(0, dtype=np.uint64), np.zeros((2, 3), dtype=np.uint64)):
        got, want = hp.rendezvous(keys, ["a", "b", "c"]), _rendezvous_reference(keys, ["a", "b", "c"])
        assert got.shape == want.shape and got.dtype == want.dtype and np.array_equal(got, want)


def _scan_reference(hk, labels):
    """The reference loop over label hashes rather than names: equal labels give equal weights, ties."""
    best = np.zeros(hk.shape, dtype=np.uint64)
    owner = np.zeros(hk.shape, dtype=np.int64)
    for i, label in enumerate(labels):
        w = _hash64_reference(hk ^ _U64(label))
        better = w > best if i else np.ones(hk.shape, dtype=bool)
        best = np.where(better, w, best)
        owner[better] = i
    return best, owner


@pytest.mark.parametrize("first", [0, 1, 2, 3])
def test_rendezvous_scan_breaks_ties_for_the_earlier_node_and_resumes_exactly(first):
    # unique names never tie (their weights differ unless their 64-bit label hashes do), so tie through equal labels
    labels = np.array([5, 5, 9, 5, 9, 2**64 - 1], dtype=np.uint64)
    hk = hp.hash64(np.random.default_rng(2).integers(0, 2**64, size=20_000, dtype=np.uint64))
    want_best, want_owner = _scan_reference(hk, labels)
    best, owner = np.zeros(hk.size, dtype=np.uint64), np.zeros(hk.size, dtype=np.int64)
    hashing._rendezvous_scan(hk, labels[:first], 0, best, owner)
    hashing._rendezvous_scan(hk, labels[first:], first, best, owner)  # the nodes from ``first`` on, resumed
    assert np.array_equal(owner, want_owner) and np.array_equal(best, want_best)
    assert set(np.unique(owner).tolist()) <= {0, 2, 5}  # ties went to the first of the equal labels


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.text(min_size=1, max_size=5), min_size=1, max_size=40, unique=True), st.integers(0, 2**32), st.integers(0, 5_000)
)
def test_rendezvous_property(nodes, seed, n_keys):
    keys = np.random.default_rng(seed).integers(0, 2**64, size=n_keys, dtype=np.uint64)
    got, want = hp.rendezvous(keys, nodes), _rendezvous_reference(keys, nodes)
    assert got.dtype == want.dtype and np.array_equal(got, want)


@pytest.mark.parametrize(("n", "m"), [(1, 1), (3, 4), (4, 3), (24, 32), (1, 9)])
def test_moved_fraction_is_the_reference(n, m):
    for v in (1, 100):
        assert hp.moved_fraction("ring", n, m, vnodes=v) == _moved_fraction_reference("ring", n, m, vnodes=v)
    got = hp.moved_fraction("rendezvous", n, m, n_keys=20_000, seed=5)
    assert got == _moved_fraction_reference("rendezvous", n, m, n_keys=20_000, seed=5)


# --- ring_spread_measured -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("v", "n", "r"),
    [
        (1, 2, 1),
        (1, 2, 1000),
        (1, 10, 200),
        (100, 2, 1000),
        (100, 10, 200),
        (1000, 64, 5),
        (1000, 2, 150),
        (7, 3, 1),
        (50, 10, 5),
    ],
)
def test_ring_spread_measured_is_the_reference(v, n, r):
    got, want = hp.ring_spread_measured(v, n, n_rings=r), _ring_spread_reference(v, n, r)
    assert got.dtype == want.dtype and got.shape == want.shape and np.array_equal(got, want)


def test_ring_spread_measured_chunks_like_one_ring_at_a_time():
    # more points than one chunk holds: the rings are measured in several batches
    v, n = 3000, 64
    r = 2 * model_resharding._RING_CHUNK_POINTS // (v * n) + 3
    assert np.array_equal(hp.ring_spread_measured(v, n, n_rings=r), _ring_spread_reference(v, n, r))


def test_ring_spread_measured_without_the_label_cache(monkeypatch):
    # past _CACHED_LABELS node labels, each batch hashes its own labels
    monkeypatch.setattr(model_resharding, "_CACHED_LABELS", 10)
    monkeypatch.setattr(model_resharding, "_RING_CHUNK_POINTS", 64)
    for v, n, r in [(5, 3, 17), (100, 4, 3), (1, 2, 200)]:
        assert np.array_equal(hp.ring_spread_measured(v, n, n_rings=r), _ring_spread_reference(v, n, r))


def test_spread_labels_are_read_only():
    labels = model_resharding._spread_labels(3, 4)
    assert labels.shape == (4, 3) and not labels.flags.writeable
    assert [int(x) for x in labels[2]] == [_label_hash_reference(f"r2-n{i}") for i in range(3)]


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 400), st.integers(2, 40), st.integers(1, 40))
def test_ring_spread_measured_property(v, n, r):
    r = min(r, max(1, 10**7 // (n * v)))
    assert np.array_equal(hp.ring_spread_measured(v, n, n_rings=r), _ring_spread_reference(v, n, r))


def test_ring_spread_measured_keeps_its_errors():
    with pytest.raises(ValueError, match="n_nodes"):
        hp.ring_spread_measured(10, 1)
    with pytest.raises(ValueError, match="vnodes"):
        hp.ring_spread_measured(0, 4)


# --- the resharding explorable --------------------------------------------------------------------


@pytest.mark.parametrize(("n", "added", "v"), [(1, 1, 1), (3, 1, 100), (24, 8, 1000), (24, 1, 1), (7, 5, 13)])
def test_reshard_compute_is_the_reference(n, added, v):
    _clear_figure_caches()
    for _ in range(2):  # cold, then from the caches
        data = fig_resharding._reshard_compute(n, added, v)
        moved, balance, exact = _reshard_compute_reference(n, added, v)
        assert data["moved"] == moved and list(data["moved"]) == list(moved)
        assert data["balance"] == balance and list(data["balance"]) == list(balance)
        assert data["exact"] == exact


def _clear_figure_caches():
    for cached in (
        fig_resharding._placements_cached,
        fig_resharding._rendezvous_state,
        fig_resharding._rendezvous_grown,
        fig_resharding._ranges_grown,
        fig_resharding._jump_grown,
    ):
        cached.cache_clear()


def _assert_read_only(arr):
    assert not arr.flags.writeable
    with pytest.raises(ValueError):
        arr[0] = 1


def test_cached_placements_are_read_only_and_exact():
    _clear_figure_caches()
    keys = fig_resharding._uniform_keys(fig_resharding._RESHARD_KEYS)
    for method in ("modulo", "jump", "ring", "rendezvous"):
        got = fig_resharding._placements_cached(method, 5, 10)
        _assert_read_only(got)
        assert np.array_equal(got, _placements_reference(method, keys, 5, 10))
        assert np.array_equal(fig_resharding._placements(method, keys, 5, 10), got)  # uncached, writeable
    _assert_read_only(fig_resharding._placements_cached("ranges", 5))
    for arr in fig_resharding._rendezvous_state(5):
        _assert_read_only(arr)
    _assert_read_only(fig_resharding._rendezvous_grown(5, 9))
    _assert_read_only(fig_resharding._ranges_grown(5, 9))
    for arr in fig_resharding._jump_grown(5, 9):
        _assert_read_only(arr)


@pytest.mark.parametrize(("n", "m"), [(1, 1), (1, 2), (3, 4), (24, 32), (5, 13)])
def test_rendezvous_grown_from_fewer_nodes_is_rendezvous(n, m):
    _clear_figure_caches()
    keys = fig_resharding._uniform_keys(fig_resharding._RESHARD_KEYS)
    want = _rendezvous_reference(keys, [str(i) for i in range(m)])
    assert np.array_equal(fig_resharding._rendezvous_grown(n, m), want)
    assert np.array_equal(fig_resharding._rendezvous_state(m)[1], want)


def test_label_hashes_are_read_only_and_exact():
    names = ("a", "b", "node-7", "é")
    got = hashing._label_hashes(names)
    assert not got.flags.writeable
    assert [int(x) for x in got] == [_label_hash_reference(x) for x in names]


# --- the ring points: the fast sort and its stable fallback for equal points ------------------------


def _ring_points_reference(labels, vnodes):
    """One ring per row of ``labels``, each built as ``HashRing.__post_init__`` built it (a stable argsort)."""
    labels = np.atleast_2d(labels)
    rows_p, rows_o = [], []
    for row in labels:
        steps = np.arange(vnodes, dtype=np.uint64)
        with np.errstate(over="ignore"):
            seeds = [_U64(int(x)) + steps * _U64(0x9E3779B97F4A7C15) for x in row]
        points = _hash64_reference(np.concatenate(seeds))
        owners = np.repeat(np.arange(row.size, dtype=np.int64), vnodes)
        order = np.argsort(points, kind="stable")
        rows_p.append(points[order])
        rows_o.append(owners[order])
    return np.array(rows_p), np.array(rows_o)


_GOLDEN = 0x9E3779B97F4A7C15


@pytest.mark.parametrize(
    "labels",
    [
        [0, _GOLDEN],  # node 0's second point is node 1's first: equal points, which the stable order breaks by node
        [5, 5, 5],  # three nodes with the same label: every point three times
        [7, 7 + 2 * _GOLDEN % 2**64, 123],
        [2**64 - 1, 0, 1],
    ],
)
@pytest.mark.parametrize("vnodes", [1, 3, 10])
def test_ring_points_order_equal_points_stably(labels, vnodes):
    lab = np.array(labels, dtype=np.uint64)
    points, owners = hashing._ring_points(lab, vnodes)
    want_p, want_o = _ring_points_reference(lab, vnodes)
    assert np.array_equal(points, want_p[0]) and np.array_equal(owners, want_o[0])
    # as rows of a batch, next to a ring without equal points
    batch = np.stack([lab, np.array([11, 22, 33, 44][: lab.size], dtype=np.uint64)])
    points, owners = hashing._ring_points(batch, vnodes)
    want_p, want_o = _ring_points_reference(batch, vnodes)
    assert np.array_equal(points, want_p) and np.array_equal(owners, want_o)
    assert owners.dtype == np.int64


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 40), min_size=1, max_size=6), st.integers(1, 8), st.integers(1, 4))
def test_ring_points_property(small, vnodes, rows):
    # labels that are small multiples of the step collide often: the fallback to a stable sort is exercised
    lab = np.array([[(x * _GOLDEN + r) % 2**64 for x in small] for r in range(rows)], dtype=np.uint64)
    points, owners = hashing._ring_points(lab, vnodes)
    want_p, want_o = _ring_points_reference(lab, vnodes)
    assert np.array_equal(points, want_p) and np.array_equal(owners, want_o)


def _unhash64(h):
    """The key whose :func:`hotpart.hash64` is ``h`` (SplitMix64's finaliser inverted step by step)."""
    mask = 2**64 - 1
    x = h ^ (h >> 31) ^ (h >> 62)
    x = (x * pow(0x94D049BB133111EB, -1, 2**64)) & mask
    x = x ^ (x >> 27) ^ (x >> 54)
    x = (x * pow(0xBF58476D1CE4E5B9, -1, 2**64)) & mask
    x = x ^ (x >> 30) ^ (x >> 60)
    return (x - _GOLDEN) & mask


def test_unhash64_inverts_hash64():
    keys = np.random.default_rng(3).integers(0, 2**64, size=50, dtype=np.uint64)
    assert [_unhash64(int(h)) for h in hp.hash64(keys)] == [int(k) for k in keys]


@pytest.mark.parametrize("gap", [1, 2, 2**20 - 1, 0])
@pytest.mark.parametrize("vnodes", [1, 4])
def test_ring_points_with_points_that_share_their_top_bits(gap, vnodes):
    # nodes whose first points are a few apart: the fast sort's check sees them and sorts again (gap 0: equal points)
    target = 0xDEADBEEF00000000
    wanted = [target, target + gap, 12345, 2**64 - 1, 2**63]
    lab = np.array([_unhash64(p) for p in wanted], dtype=np.uint64)
    assert np.array_equal(hp.hash64(lab), np.array(wanted, dtype=np.uint64))
    points, owners = hashing._ring_points(lab, vnodes)
    want_p, want_o = _ring_points_reference(lab, vnodes)
    assert np.array_equal(points, want_p[0]) and np.array_equal(owners, want_o[0])


def test_ring_points_of_a_ring_past_the_fast_sorts_size():
    # more than 2**20 points in one ring: the default argsort, checked for equal points
    lab = np.array([_label_hash_reference("a"), _label_hash_reference("b")], dtype=np.uint64)
    vnodes = 2**19 + 3
    points, owners = hashing._ring_points(lab, vnodes)
    want_p, want_o = _ring_points_reference(lab, vnodes)
    assert np.array_equal(points, want_p[0]) and np.array_equal(owners, want_o[0])


# --- jump hash into two bucket counts in one loop --------------------------------------------------


def _jump_reference(key, num_buckets):
    """Lamping & Veach (2014), figure 1, transcribed line by line."""
    b, j = -1, 0
    while j < num_buckets:
        b = j
        key = (key * 2862933555777941757 + 1) & (2**64 - 1)
        j = int((b + 1) * (float(1 << 31) / float((key >> 33) + 1)))
    return b


@pytest.mark.parametrize(("n0", "n"), [(1, 1), (1, 2), (3, 4), (24, 32), (5, 5), (1, 1000), (999, 1000), (2**31 - 1, 2**31)])
def test_jump_hash_pair_is_jump_hash_twice(n0, n):
    keys = np.random.default_rng(n0 + n).integers(0, 2**64, size=3_000, dtype=np.uint64)
    keys[:4] = [0, 1, 2**63, 2**64 - 1]
    got0, got = hashing._jump_hash_pair(keys, n0, n)
    assert np.array_equal(got0, hp.jump_hash(keys, n0)) and np.array_equal(got, hp.jump_hash(keys, n))
    assert got0.dtype == got.dtype == np.int64
    assert [int(x) for x in got0[:50]] == [_jump_reference(int(k), n0) for k in keys[:50]]


def test_jump_hash_pair_over_several_chunks(monkeypatch):
    monkeypatch.setattr(hashing, "_JUMP_CHUNK", 100)
    keys = np.random.default_rng(9).integers(0, 2**64, size=1_050, dtype=np.uint64)
    got0, got = hashing._jump_hash_pair(keys, 7, 13)
    assert np.array_equal(got0, hp.jump_hash(keys, 7)) and np.array_equal(got, hp.jump_hash(keys, 13))


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 5_000), st.integers(0, 5_000), st.integers(0, 2**32))
def test_jump_hash_pair_property(n0, extra, seed):
    keys = np.random.default_rng(seed).integers(0, 2**64, size=500, dtype=np.uint64)
    got0, got = hashing._jump_hash_pair(keys, n0, n0 + extra)
    assert np.array_equal(got0, hp.jump_hash(keys, n0)) and np.array_equal(got, hp.jump_hash(keys, n0 + extra))
