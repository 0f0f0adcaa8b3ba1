"""A table's checks: what a reader is told when a ``Table`` is refused, and what it keeps of what it was given
(issue 49, part 6).

The sixth batch of survivors of ``make mutants`` on ``hotpart/models/simulator.py``, all in
:meth:`hotpart.Table.__post_init__`, each killed by what a reader sees:

* each refusal's message whole, at its boundary: 1,000,000 partitions accepted and 1,000,001 refused with the range
  ``[1, 1e+06]``; a write capacity of 0 accepted and -1 refused with ``[0, 1e+09]``; one item per key accepted and 0
  refused with ``[1, 9.0072e+15]``; ``has_lsi`` other than a bool refused by its own name, listing ``True, False``;
* what the table keeps is the checked value, converted by rule (``hotpart.models._validation``), not what the caller
  passed: a slider's whole float ``4.0`` of partitions is kept as the int 4 (its ``repr`` says "4 partitions" and its
  run is the int table's, bit for bit), a whole float ``50.0`` of items per key as 50 ("50 items per key"), and a read
  capacity given as a ``Decimal`` as its float (a read run with it is the float table's run, bit for bit).

No survivor of this batch is equivalent: ``benchmarks/equivalent/simulator_f.py`` holds none.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from simulator_oracle import assert_identical

import hotpart as hp

# --------------------------------------------------------------------------- refusals, at each boundary


@pytest.mark.parametrize(
    ("partitions", "message"),
    [
        # the most partitions a table takes: accepted (its repr spells the count without separators)
        (1_000_000, None),
        # one more: refused, the range printed with 6 significant digits (1,000,000 is "1e+06")
        (1_000_001, "partitions = 1000001 is out of range: must be in [1, 1e+06]"),
    ],
)
def test_a_table_is_refused_from_one_million_and_one_partitions(partitions, message):
    if message is None:
        assert repr(hp.Table(partitions)) == "Table(1000000 partitions, 0 WCU/s (0 each), 0 RCU/s, simple keys)"
        return
    with pytest.raises(ValueError) as err:
        hp.Table(partitions)
    assert str(err.value) == message


def test_a_negative_write_capacity_is_refused_with_its_range():
    """0 WCU/s is a table's default (on-demand ignores it): accepted. -1 WCU/s is refused, the message giving both
    bounds, 0 and MAX_SIMULATED_DEMAND (1e9, printed "1e+09")."""
    assert hp.Table(2, wcu=0).wcu == 0.0
    with pytest.raises(ValueError) as err:
        hp.Table(2, wcu=-1)
    assert str(err.value) == "wcu = -1 is out of range: must be in [0, 1e+09]"


def test_a_key_with_no_items_is_refused_with_its_range():
    """One item per key is a simple primary key: accepted. Zero items per key is refused, the message giving both
    bounds, 1 and 2**53 = 9,007,199,254,740,992 (printed with 6 significant digits: "9.0072e+15")."""
    assert repr(hp.Table(2, items_per_key=1)) == "Table(2 partitions, 0 WCU/s (0 each), 0 RCU/s, simple keys)"
    with pytest.raises(ValueError) as err:
        hp.Table(2, items_per_key=0)
    assert str(err.value) == "items_per_key = 0 is out of range: must be in [1, 9.0072e+15]"


def test_has_lsi_other_than_a_bool_is_refused_by_its_name():
    with pytest.raises(ValueError) as err:
        hp.Table(2, has_lsi="yes")
    assert str(err.value) == "has_lsi = 'yes' is not allowed: must be one of True, False"


# --------------------------------------------------------------------------- what the table keeps


def test_a_whole_float_of_partitions_is_kept_as_an_int():
    """A slider gives 4.0 partitions: the table keeps 4, an int. Its repr is the int table's, "4 partitions" (400 WCU/s
    over 4: 100 each), and AWS's example run on it (partition 3 offered 150 WCU/s against 100) is the int table's run,
    bit for bit."""
    table = hp.Table(4.0, wcu=400)
    assert type(table.partitions) is int and table.partitions == 4
    assert repr(table) == "Table(4 partitions, 400 WCU/s (100 each), 0 RCU/s, simple keys)"
    mode = hp.Provisioned(adaptive=False)
    demand = [50.0, 50.0, 50.0, 150.0]
    assert_identical(hp.simulate(table, demand, 30, mode=mode), hp.simulate(hp.Table(4, wcu=400), demand, 30, mode=mode))


def test_a_whole_float_of_items_per_key_is_kept_as_an_int():
    """50.0 items per key are kept as 50, an int: the repr says "50 items per key", as for the int 50."""
    table = hp.Table(4, wcu=400, items_per_key=50.0, has_lsi=True)
    assert type(table.items_per_key) is int and table.items_per_key == 50
    assert repr(table) == "Table(4 partitions, 400 WCU/s (100 each), 0 RCU/s, 50 items per key, LSI)"


def test_a_read_capacity_given_as_a_decimal_or_a_fraction_is_kept_as_its_float():
    """A Decimal or a Fraction is converted by rule to the float nearest it: Decimal("300") to 300.0, Fraction(1, 3)
    to 0.3333333333333333 (1/3 in float64). A read run on one partition at 300 RCU/s offered 200 RCU/s for 5 s serves
    all 200 each second (5 x 200 = 1,000 units, none throttled), the float table's run bit for bit."""
    table = hp.Table(1, rcu=Decimal("300"))
    assert type(table.rcu) is float and table.rcu == 300.0
    third = hp.Table(1, rcu=Fraction(1, 3)).rcu
    assert type(third) is float and third == 1 / 3
    mode = hp.Provisioned(adaptive=False)
    res = hp.simulate(table, [200.0], 5, kind="read", mode=mode)
    assert res.served.sum() == 1_000.0 and res.throttled.sum() == 0.0
    assert_identical(res, hp.simulate(hp.Table(1, rcu=300.0), [200.0], 5, kind="read", mode=mode))
