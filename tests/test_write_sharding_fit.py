"""Write sharding on a hash the reader cannot see (review turn 11, S2): :func:`hotpart.suffixes_fit_share`, the share
of random placements of a key's suffix keys that meet chapter 5's rule (:func:`hotpart.shards_needed`).

Every expected value is worked out in the comment beside it, or recomputed here from the rule trial by trial.
"""

from __future__ import annotations

import numpy as np
import pytest

import hotpart as hp


def _by_hand(w: float, n: int, p: int, trials: int, seed: int, budget: float = 800.0) -> float:
    """The rule on every placement, one trial at a time, from the same seeded draws (row after row)."""
    where = np.random.default_rng(seed).integers(0, p, size=(trials, n))
    fit = 0
    for row in where:
        counts = np.bincount(row, minlength=p)
        occupied = int(np.count_nonzero(counts))
        # the fullest partition's mean, W k_max / N, as one of `occupied` shards: busiest_shard_bound takes their total
        bound = min(w, float(hp.busiest_shard_bound(w * counts.max() / n * occupied, occupied)))
        fit += bound <= budget
    return fit / trials


def test_suffixes_fit_share_is_the_shards_needed_rule_over_random_placements():
    # review turn 11 S2: DynamoDB's hash is not published, so a suffix count holds over placements with a probability
    # 50 trials by hand: the rule of shards_needed on each drawn placement; 2 write units a write leave 400 writes/s
    # of the 800 WCU/s budget
    by_hand = _by_hand(1_200, 7, 8, 50, 0, budget=400.0)
    assert 0.0 < by_hand < 1.0
    assert hp.suffixes_fit_share(1_200, 7, 8, 1_000, units_per_write=2, trials=50, seed=0) == by_hand
    # the reviewer's figures (200,000 trials of their own): 7 PENDING suffixes on 8 partitions fit in about 64%, the
    # per-key 4 in about 41%; seeded, so the same share every time
    seven = hp.suffixes_fit_share(1_200, 7, 8, 1_000, units_per_write=2)
    assert seven == hp.suffixes_fit_share(1_200, 7, 8, 1_000, units_per_write=2)
    assert seven == pytest.approx(0.64, abs=0.02)
    assert hp.suffixes_fit_share(1_200, 4, 8, 1_000, units_per_write=2) == pytest.approx(0.41, abs=0.02)
    # one partition per key, never shared: every placement of one key fits when its rate does
    assert hp.suffixes_fit_share(500, 1, 1) == 1.0 and hp.suffixes_fit_share(900, 1, 4) == 0.0


def test_many_trials_in_several_blocks_are_the_rule_on_every_placement():
    # 5,000 suffix keys on 5 partitions: the trials go in blocks of 2,000,000 // 5,005 = 399, so 1,000 trials take
    # three; 3,600 writes/s put about 720 on a partition, and its busiest second's bound sits near the 800 budget,
    # so some placements fit and some do not (about two in three)
    share = hp.suffixes_fit_share(3_600, 5_000, 5, trials=1_000, seed=3)
    assert 0.1 < share < 0.9
    assert share == _by_hand(3_600, 5_000, 5, 1_000, 3)


def test_a_key_exactly_at_the_budget_fits_and_the_next_float_does_not():
    # one key on one partition: its bound is its own rate; 80% of 1,000 WCU/s = 800 fits, 800 and a little does not
    assert hp.suffixes_fit_share(800.0, 1, 1) == 1.0
    assert hp.suffixes_fit_share(float(np.nextafter(800.0, np.inf)), 1, 1) == 0.0
    # the budget is the utilization of the ceiling, in write units: 2 units a write halve it, a 50% cap halves it
    assert hp.suffixes_fit_share(400.0, 1, 1, units_per_write=2) == 1.0
    assert hp.suffixes_fit_share(float(np.nextafter(400.0, np.inf)), 1, 1, units_per_write=2) == 0.0
    assert hp.suffixes_fit_share(500.0, 1, 1, 1_000, 0.5) == 1.0
    assert hp.suffixes_fit_share(float(np.nextafter(500.0, np.inf)), 1, 1, 1_000, 0.5) == 0.0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"write_rate": -1.0}, "write_rate"),
        ({"n_suffixes": 0}, "n_suffixes"),
        ({"n_partitions": 10_001}, "n_partitions"),
        ({"partition_ceiling": 0.0}, "partition_ceiling"),
        ({"utilization": 0.0}, "utilization"),
        ({"units_per_write": 0.0}, "units_per_write"),
        ({"trials": 0}, "trials"),
    ],
)
def test_bad_arguments_are_refused_by_name(kwargs, message):
    args = {"write_rate": 100.0, "n_suffixes": 2, "n_partitions": 2, **kwargs}
    with pytest.raises(ValueError, match=message):
        hp.suffixes_fit_share(**args)
