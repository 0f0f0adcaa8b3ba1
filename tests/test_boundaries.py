"""Tests that fail when a boundary moves (issue 49, part 6).

The issue's hand-made mutants that no test noticed, each now pinned at its boundary: the simulator's over-ceiling flag
(a partition exactly at its ceiling, one just above, in a second where the others are below), jump hash's loop bound
(keys whose next bucket lands exactly on the bucket count), the floor of the shard capacity in the expected refused
writes, and the log profile's rounding of item sizes to units and the order of its hottest keys. ``make mutants``
(``benchmarks/mutants.py``) runs a mutation tool over these modules; ``benchmarks/results/mutants.md`` accounts for
every mutant that survives. The diagnosis thresholds are issue 47's (being rewritten): their boundaries are left to it.
"""

from __future__ import annotations

import duckdb
import numpy as np
import pytest

import hotpart as hp
from hotpart import Refusal

# --- the simulator's over-ceiling flag ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "mode",
    [hp.OnDemand(previous_peak=100_000), hp.Provisioned(initial_burst_s=300), hp.Provisioned(adaptive=False)],
    ids=["on-demand", "provisioned-burst", "provisioned"],
)
def test_only_a_partition_above_its_ceiling_is_refused_and_one_at_it_is_not(mode):
    """A second in which one partition is offered its ceiling exactly, one a half unit more, two far less: only the
    half unit is refused, with the ceiling's reason, and the partition at the ceiling serves all of it. The table has
    capacity to spare, so nothing else can refuse (the flag that says "some partition is over its ceiling" must be
    set by the one above, not by the one at it, and not left unset because the others are below)."""
    ceiling = hp.PARTITION_MAX_WCU
    demand = [ceiling, ceiling + 0.5, 10.0, 0.0]
    res = hp.simulate(hp.Table(4, wcu=40_000), demand, 3, mode=mode)
    np.testing.assert_array_equal(res.served[-1], [ceiling, ceiling, 10.0, 0.0])
    np.testing.assert_array_equal(res.throttled[-1], [0.0, 0.5, 0.0, 0.0])
    assert [Refusal(int(r)) for r in res.reason[-1]] == [Refusal.NONE, Refusal.PARTITION_CEILING, Refusal.NONE, Refusal.NONE]
    # every partition below or at its ceiling: nothing refused, in any second
    calm = hp.simulate(hp.Table(4, wcu=40_000), [ceiling, ceiling, 10.0, 0.0], 3, mode=mode)
    assert float(calm.throttled.sum()) == 0.0 and not calm.reason.any()


def test_the_over_ceiling_flag_is_per_second_within_a_block():
    """Seconds of one block prepared at once: the flag of each second is its own (the second above the ceiling is
    refused, the seconds at it around it are not)."""
    c = hp.PARTITION_MAX_WCU
    demand = np.array([[c, 0.0], [c + 1.0, 0.0], [c, 0.0], [0.0, c + 2.0]])
    res = hp.simulate(hp.Table(2, wcu=10_000), demand, 4, mode=hp.OnDemand(previous_peak=100_000))
    np.testing.assert_array_equal(res.throttled, [[0.0, 0.0], [1.0, 0.0], [0.0, 0.0], [0.0, 2.0]])


# --- jump hash's loop bound ---------------------------------------------------------------------------------------

_JUMP_MULT = 2862933555777941757


def _published_jump(key: int, n: int) -> int:
    """Lamping and Veach's loop as published (in Python's integers and doubles)."""
    b, j = -1, 0
    while j < n:
        b = j
        key = (key * _JUMP_MULT + 1) % 2**64
        j = int((b + 1) * (float(1 << 31) / ((key >> 33) + 1)))
    return b


def _key_whose_first_jump_is(n: int) -> int:
    """The key whose first step computes ``j = n`` exactly (``n`` a power of two up to 2**31): its generator state
    after one step has ``(state >> 33) + 1 = 2**31 / n``."""
    state = ((2**31 // n) - 1) << 33
    return ((state - 1) * pow(_JUMP_MULT, -1, 2**64)) % 2**64


@pytest.mark.parametrize("n", [1, 2, 1024, 2**20, 2**31])
def test_jump_hash_stops_when_the_next_bucket_equals_the_bucket_count(n):
    """The loop runs while ``j < n``: a key whose next bucket is exactly ``n`` stays in bucket 0 (with ``j <= n`` it
    would jump to bucket ``n``, out of range)."""
    key = _key_whose_first_jump_is(n)
    assert _published_jump(key, n) == 0
    assert hp.jump_hash(key, n) == 0
    assert hp.jump_hash(np.array([key, 42], dtype=np.uint64), n).tolist() == [0, _published_jump(42, n)]
    # one bucket more, and the same key does jump there: the boundary is exactly n
    if n < 2**31:
        assert hp.jump_hash(key, n + 1) == n == _published_jump(key, n + 1)


def test_jump_hash_takes_one_to_2_31_buckets_and_answers_an_int_key_with_an_int():
    """The survivors of the first mutation run (benchmarks/results/mutants.md): the bucket count's range, by name, at
    both ends, and the type of a scalar answer."""
    assert hp.jump_hash(42, 1) == 0 and hp.jump_hash(42, 2**31) == _published_jump(42, 2**31)
    for bad in (0, 2**31 + 1):
        with pytest.raises(ValueError, match=rf"^num_buckets = {bad} is out of range: must be in \[1, 2\.14748e\+09\]$"):
            hp.jump_hash(42, bad)
    assert type(hp.jump_hash(42, 57)) is int and type(hp.jump_hash(np.uint64(42), 57)) is int
    assert hp.jump_hash(np.array([42], dtype=np.uint64), 57).tolist() == [43]


def test_jump_hash_takes_keys_0_to_2_64_minus_1_and_refuses_by_name_outside():
    """An int key is taken exactly in [0, 2**64): 0 and 2**64 - 1 hash like their uint64 arrays; -1 and 2**64 are
    refused naming ``key``, as is an array that is not of integers."""
    for key in (0, 1, 2**63, 2**64 - 1):
        assert hp.jump_hash(key, 57) == _published_jump(key, 57) == int(hp.jump_hash(np.array([key], np.uint64), 57)[0])
    for bad in (-1, 2**64, 2**65):
        with pytest.raises(ValueError, match=rf"^key = {bad} is out of range: must be in \[0, 2\*\*64\)$"):
            hp.jump_hash(bad, 57)
    with pytest.raises(ValueError, match=r"^key = array\(\[1\.5\]\) is not an integer array"):
        hp.jump_hash(np.array([1.5]), 57)
    with pytest.raises(ValueError, match=r"^key has a negative entry -3"):
        hp.jump_hash(np.array([1, -3]), 57)


@pytest.mark.parametrize("n0", [1, 2, 1024])
def test_jump_hash_pair_stops_the_fewer_buckets_exactly_at_their_count(n0):
    """``_jump_hash_pair`` reads the bucket among ``n0`` off the loop for ``n``: a key whose next bucket is exactly
    ``n0`` stays in bucket 0 among ``n0``, as the published loop says."""
    from hotpart.models import hashing

    key = _key_whose_first_jump_is(n0)
    got0, got = hashing._jump_hash_pair(np.array([key, 7], dtype=np.uint64), n0, 4 * n0)
    assert got0.tolist() == [0, _published_jump(7, n0)] and got.tolist() == [
        _published_jump(key, 4 * n0),
        _published_jump(7, 4 * n0),
    ]


#: A key whose jumps, before truncation, are 28.018..., then exactly 232.0 (its generator state after two steps is
#: ``(2**28 - 1) << 33 | 9 * 12345``, so ``2**31 / ((state >> 33) + 1) = 8`` and ``j = (28 + 1) * 8``).
_KEY_SECOND_JUMP_232 = 4777520246605723051


def test_jump_chunk_records_the_fewer_buckets_at_a_later_jump_landing_exactly_on_their_count():
    """Among 232 buckets the key stops at its second jump (232 is not < 232): bucket 28; among 233 it reaches 232.
    ``_jump_chunk`` must record the 232-bucket answer in the iteration whose ``j`` equals 232 exactly (``j >= n0``):
    the arrays start filled with -1, so an answer never written shows."""
    from hotpart.models import hashing

    key = _KEY_SECOND_JUMP_232
    assert [_published_jump(key, n) for n in (29, 231, 232, 233)] == [28, 28, 28, 232]
    keys = np.array([key, 7, 42], dtype=np.uint64)
    out, out0 = np.full(3, -1, dtype=np.int64), np.full(3, -1, dtype=np.int64)
    hashing._jump_chunk(keys.copy(), 4 * 232, out, (232, out0))
    assert out0.tolist() == [28, _published_jump(7, 232), _published_jump(42, 232)]
    assert out.tolist() == [_published_jump(int(k), 4 * 232) for k in keys]
    got0, got = hashing._jump_hash_pair(keys, 232, 233)
    assert got0.tolist()[0] == 28 and got.tolist()[0] == 232
    assert hp.jump_hash(key, 232) == 28 and hp.jump_hash(key, 233) == 232


@pytest.mark.parametrize("pair", [False, True], ids=["jump_hash", "_jump_hash_pair"])
def test_jump_hash_takes_each_key_through_the_loop_once_a_chunk_at_a_time(monkeypatch, pair):
    """Keys go through the loop in chunks of ``_JUMP_CHUNK`` (cache-sized passes), each key once: 1,050 keys in chunks
    of 100 are ten passes of 100 and one of 50, 1,050 keys in all (a pass over every key from the start, or to the
    end, gives the same buckets at a quadratic cost); the caller's keys are left as they were."""
    from hotpart.models import hashing

    monkeypatch.setattr(hashing, "_JUMP_CHUNK", 100)
    real, sizes = hashing._jump_chunk, []

    def spy(k, n, out, fewer=None):
        sizes.append((k.size, out.size, k.size if fewer is None else fewer[1].size))
        return real(k, n, out, fewer)

    monkeypatch.setattr(hashing, "_jump_chunk", spy)
    keys = np.random.default_rng(9).integers(0, 2**64, size=1_050, dtype=np.uint64)
    before = keys.copy()
    if pair:
        got0, got = hashing._jump_hash_pair(keys, 7, 13)
        assert got0.tolist() == [_published_jump(int(k), 7) for k in keys]
    else:
        got = hp.jump_hash(keys, 13)
    assert got.tolist() == [_published_jump(int(k), 13) for k in keys]
    assert sizes == [(100, 100, 100)] * 10 + [(50, 50, 50)]
    np.testing.assert_array_equal(keys, before)


def test_jump_hash_matches_the_published_loop_on_random_keys():
    rng = np.random.default_rng(49)
    keys = rng.integers(0, 2**64, size=300, dtype=np.uint64)
    for n in (1, 3, 57, 1024, 10_007):
        assert hp.jump_hash(keys, n).tolist() == [_published_jump(int(k), n) for k in keys]


# --- the floor of the shard capacity in the expected refused writes ------------------------------------------------


def test_expected_refused_writes_floors_a_fractional_shard_capacity():
    """A shard serves whole writes: a capacity of 999.9 writes a second serves 999, never 1,000."""
    for w, n in ((8_000.0, 10), (8_000.0, 8), (1_500.0, 1)):
        at = hp.expected_refused_writes(w, n, 999)
        assert hp.expected_refused_writes(w, n, 999.9) == at == hp.expected_refused_writes(w, n, 999.0)
        assert hp.expected_refused_writes(w, n, 1_000) < at
    # one shard at 1,500 writes a second against 1,000 of capacity: 500 refused on average (Poisson: a hair more)
    assert hp.expected_refused_writes(1_500.0, 1, 1_000.5) == hp.expected_refused_writes(1_500.0, 1, 1_000) >= 500.0


# --- the log profile: item sizes to units, and the order of the hottest keys ---------------------------------------


def _log(tmp_path, rows: list[tuple[str, str, int]]) -> str:
    path = tmp_path / "log.csv"
    path.write_text("timestamp,pk,item_bytes\n" + "".join(f"{t},{k},{b}\n" for t, k, b in rows))
    return str(path)


@pytest.mark.parametrize(
    ("kind", "sizes", "units"),
    [
        ("write", [1, 1_023, 1_024], 3.0),  # up to 1 KB: one unit each
        ("write", [1_025, 1_100, 1_536, 2_048], 8.0),  # two each: rounded up, never to the nearest
        ("write", [2_049, 409_600], 3.0 + 400.0),
        ("read", [1, 4_096], 2.0),
        ("read", [4_097, 6_000, 8_192, 8_193], 2.0 + 2.0 + 2.0 + 3.0),
    ],
)
def test_the_log_profile_rounds_item_sizes_up_to_whole_units(tmp_path, kind, sizes, units):
    rows = [(f"2026-11-30 09:00:{i:02d}", "k", b) for i, b in enumerate(sizes)]
    p = hp.profile_log(_log(tmp_path, rows), item_bytes="item_bytes", kind=kind)
    assert p.key_units.tolist() == [units] and p.key_requests.tolist() == [float(len(sizes))]


def test_the_hottest_keys_are_ordered_by_units_then_by_key(tmp_path):
    """Hottest first by units over the log, not by requests; equal units in key order."""
    rows = (
        [("2026-11-30 09:00:01", "many-small", 100)] * 5  # 5 requests, 5 units
        + [("2026-11-30 09:00:02", "few-big", 5_000)] * 2  # 2 requests, 10 units
        + [("2026-11-30 09:01:03", "b-tie", 2_048)] * 2  # 4 units
        + [("2026-11-30 09:01:04", "a-tie", 4_096)]  # 4 units, and first of the tie by its key
    )
    p = hp.profile_log(_log(tmp_path, rows), item_bytes="item_bytes", top=3)
    assert p.keys == ("few-big", "many-small", "a-tie", "b-tie")
    assert p.key_units.tolist() == [10.0, 5.0, 4.0, 4.0] and p.key_requests.tolist() == [2.0, 5.0, 1.0, 2.0]
    # the top keys kept per minute are the first three of that order; the fourth goes to the rest
    assert p.demand.shape == (2, 3) and p.rest.tolist() == [0.0, 4.0 / 60]


def test_the_shipped_query_and_duckdb_agree_on_the_units(tmp_path):
    """The rounding lives in the view profile_log builds, not in the query: the query sums what the view gives."""
    con = duckdb.connect()
    con.execute("CREATE VIEW access_log AS SELECT TIMESTAMP '2026-11-30 09:00:00' AS ts, 'k' AS pk, 2.0 AS units")
    (row,) = con.execute(hp.log_profile_sql()).fetchall()
    assert row[1:] == ("k", 1, 2.0)
