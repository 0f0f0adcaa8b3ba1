"""what_if: the replay conserves requests, and each remedy does what the course says it does."""

import numpy as np
import pytest

import hotpart as hp
from hotpart.models.whatif import WHATIF_REST_KEYS, what_if


def test_one_hot_key_only_sharding_helps():
    w = what_if([[1_500.0, 100.0]] * 3, hp.Table(4, wcu=4_000), shards=4, shard_above=1_000)
    as_is, sharded, more, on_demand, split = w.refused
    assert as_is == pytest.approx(3 * 60 * 500)  # 500 units/s above the 1,000 ceiling for 3 minutes
    assert sharded == 0 and w.read_cost[1] == pytest.approx(1 + 3 * 1_500 / 1_600)
    assert more == as_is and on_demand == as_is  # neither lifts the partition ceiling
    assert split == as_is  # one key: a split cannot cut an item


def test_an_under_provisioned_table_wants_capacity_not_shards():
    w = what_if([[75.0] * 40] * 2, hp.Table(8, wcu=2_000), capacity_factor=2.0)
    assert w.refused[0] > 0 and w.refused[2] == 0 and w.refused[3] == 0
    assert w.refused[1] == w.refused[0]  # no key above shard_above: nothing to shard


def test_replay_conserves_and_spreads_the_rest():
    rng = np.random.default_rng(0)
    d = rng.uniform(0, 400, size=(3, 5))
    w = what_if(d, hp.Table(2, wcu=2_000), rest=np.full(3, 640.0))
    assert w.offered == pytest.approx((d.sum() + 3 * 640.0) * 60)
    assert (w.refused <= w.offered + 1e-6).all() and (w.refused >= 0).all()
    assert WHATIF_REST_KEYS >= 1


def test_bad_inputs_name_the_parameter():
    with pytest.raises(ValueError, match="shards"):
        what_if([[1.0]], hp.Table(1, wcu=10), shards=1)
    with pytest.raises(ValueError, match="demand has shape"):
        what_if([1.0, 2.0], hp.Table(1, wcu=10))


def test_bad_arrays_and_the_views_arguments_are_refused_by_name():
    # issue 15: rest of the wrong length raised numpy's concatenation error, a scalar or empty rest was accepted,
    # inf passed the checks, and what_if_case's int()/float() raised raw errors for nan, inf, 'abc' and None
    table = hp.Table(1, wcu=4_000)
    for bad in (0.0, [], [1.0], np.inf, [np.inf, 1.0]):
        with pytest.raises(ValueError, match=r"^rest"):
            what_if([[1.0, 2.0]] * 2, table, rest=bad)
    with pytest.raises(ValueError, match=r"^demand\[0, 0\] = inf"):
        what_if([[np.inf, 2.0]] * 2, table)
    assert what_if([[0.0, 2.0]] * 2, table).refused.tolist() == [0.0] * 5  # an idle key-minute is valid
    for name, bad in (("shards", np.nan), ("shards", np.inf), ("shards", "abc"), ("shards", None), ("shards", 1)):
        with pytest.raises(ValueError, match=rf"^{name} = "):
            hp.what_if_case(**{name: bad})
    for bad in ("abc", None, np.nan, 0.5, 1e300):
        with pytest.raises(ValueError, match=r"^capacity_factor = "):
            hp.what_if_case(capacity_factor=bad)


def test_rest_per_partition_keeps_each_partitions_cold_load_where_it_is():
    # issue 37 (review F16-3): the stand-ins of the other keys hash to the partition whose load they carry
    from hotpart.models.whatif import _stand_ins

    rest = np.array([[100.0, 0.0, 300.0, 50.0]] * 2)
    cols, names = _stand_ins(rest, 4)
    per = max(1, WHATIF_REST_KEYS // 4)
    assert len(names) == 3 * per  # partition 1 carries nothing, so no stand-in
    placed = hp.partition_of(list(names), 4)
    for p in (0, 2, 3):
        mine = [c for c, q in zip(cols, placed, strict=True) if q == p]
        assert len(mine) == per and np.sum(mine, axis=0) == pytest.approx(rest[:, p])


def test_a_hot_partitions_cold_load_stays_on_it_in_the_replay():
    # one hot key at 900 units/s on its partition, plus 300 units/s of cold keys on the same partition: as is, the
    # partition is offered 1,200 and refuses 200 a second; spread over all partitions, the cold load would vanish
    key = "HOT"
    table = hp.Table(4, wcu=8_000)
    p = int(hp.partition_of(key, 4)[0])
    rest = np.zeros((2, 4))
    rest[:, p] = 300.0
    w = what_if([[900.0]] * 2, table, keys=(key,), rest=rest)
    assert w.refused[0] == pytest.approx(2 * 60 * 200)
    spread = what_if([[900.0]] * 2, table, keys=(key,), rest=rest.sum(axis=1))
    assert spread.refused[0] < w.refused[0]  # the old spreading under-counted the hot partition


def test_the_sample_replay_matches_the_exported_throttle_events():
    w = hp.what_if_numbers(10, 2.0)
    # as is, the replay of the sampled log is within a few percent of the metrics the same table exported
    assert abs(w["asis"] / w["observed"] - 1) < 0.05 and w["asis_vs_observed"] == pytest.approx(w["asis"] / w["observed"] - 1)
    prof = hp.sample_profile()
    assert prof.rest_by_partition is not None
    assert prof.rest_by_partition.sum(axis=1) == pytest.approx(prof.rest)


def test_more_capacity_comes_with_chapter_ones_partitions():
    # issue 37 round 3 (F16-1): doubling 8,000 WCU/s on 8 partitions implies 16 (estimate_partitions), which moves
    # cold keys off the hot key's partition; the hot key's own excess stays
    w = hp.what_if_numbers(10, 2.0)
    assert w["more_partitions"] == hp.estimate_partitions(rcu=0, wcu=2 * hp.SAMPLE_TABLE["wcu"]) == 16
    assert w["more_same"] == w["asis"]  # the old replay: same partitions, nothing changes
    assert w["hot_floor"] < w["more"] < w["asis"]
    assert hp.what_if_numbers(10, 1.0)["more"] == w["asis"]  # no raise, no new partitions
    # the hot key's floor by hand from the profile: its units/s above the ceiling, minute by minute
    hot = hp.sample_profile().demand[:, 0]
    assert w["hot_floor"] == pytest.approx(float(np.clip(hot - hp.PARTITION_MAX_WCU, 0, None).sum() * 60))


def test_rest_re_placed_on_more_partitions_is_conserved():
    from hotpart.models.whatif import _rest_on

    prof = hp.sample_profile()
    rest = prof.rest_by_partition
    moved = _rest_on(prof, rest, prof.partitions, 16)
    assert moved.shape == (rest.shape[0], 16)
    assert moved.sum(axis=1) == pytest.approx(rest.sum(axis=1))
    # contiguous hash ranges nest: each new partition q of 16 lies inside old partition q // 2 of 8
    assert moved.reshape(rest.shape[0], 8, 2).sum(axis=2) == pytest.approx(rest)


def test_capacity_partitions_is_checked():
    with pytest.raises(ValueError, match="capacity_partitions"):
        what_if([[1.0]], hp.Table(1, wcu=10), capacity_partitions="more")


def test_suffixes_needed_follows_chapter_five():
    # F16-4
    n = hp.sample_log_numbers()
    assert n["suffixes_needed"] == hp.shards_needed(n["hot_rate"]) == n["suffixes_by_average"] == 2


def test_what_if_views_refuse_a_list_by_name_before_the_cache():
    # issue 39: a list reached functools.lru_cache and failed as "unhashable type: 'list'"
    for view in (hp.what_if_case, hp.what_if_numbers):
        with pytest.raises(ValueError, match=r"^shards = \[1, 2\] is a list, not a number"):
            view(shards=[1, 2])
        with pytest.raises(ValueError, match=r"^capacity_factor = \[1, 2\] is a list, not a number"):
            view(capacity_factor=[1, 2])
    assert hp.what_if_case(10.0, 2) is hp.what_if_case(10, 2.0)  # equal inputs share one remembered case


def test_what_if_refuses_more_key_seconds_than_it_can_replay_by_name():
    # issue 39: 10**7 values of demand asked for 4.5 GiB; the sharded replay's key-seconds are bounded first
    demand = np.tile([[1_500.0, 100.0]], (50_000, 1))  # 50,000 minutes of two keys, the hot one in 10 suffixes
    with pytest.raises(ValueError, match=r"^demand has 50,000 minutes of 2 keys .* 33,000,000 key-seconds .* at most 10,000,000"):
        what_if(demand, hp.Table(1, wcu=4_000))
    assert [round(x) for x in what_if([[1_500.0, 100.0]] * 2, hp.Table(1, wcu=4_000)).refused][:3] == [72000, 72000, 60000]


def test_on_demand_replay_takes_a_switched_tables_previous_peak():
    """Review turn 4, 16-2: a provisioned table switched to on-demand has AWS's previous peak, half its provisioned
    throughput (or a new table's setting), not the demand it is about to see: 9,000 WCU/s spread over ten keys on a
    table provisioned at 4,000 is past double 2,000, so the on-demand replay refuses some of it (the observed peak as
    the previous peak would have served it all)."""
    demand = [[900.0] * 10] * 40
    low, high = hp.what_if(demand, hp.Table(10, wcu=4_000)), hp.what_if(demand, hp.Table(10, wcu=20_000))
    assert low.remedies[3] == high.remedies[3] == "on-demand"
    # provisioned at 20,000, the previous peak is 10,000: the table serves 9,000 at once, and refuses only what the
    # keys sharing a partition offer above its ceiling, as the table as it is does
    assert high.refused[3] == pytest.approx(high.refused[0])
    # provisioned at 4,000, the previous peak is 2,000: the growth to 9,000 is refused besides
    assert low.refused[3] > high.refused[3]
