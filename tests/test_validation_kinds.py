"""Wrong kinds refused, right kinds converted, at the one place that checks them (issue 49, part 4).

``hotpart/models/_validation.py`` decides what counts as a number: a bool, a complex number and a string are refused by
name, alone or inside an array or a list; a Decimal, a Fraction and a pandas Series are converted by rule (to the float
they equal, or to the Series' values); a DataFrame only where a 2-D array belongs. Values of the right type outside the
physical domain the course states are refused by name too: an item above DynamoDB's 400 KB limit, a "new" shard count
below the old. ``tests/test_api_walk.py`` probes every public callable with these kinds; here each rule is checked at
its boundary.
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

import hotpart as hp
from hotpart.models import _validation as v


@pytest.mark.parametrize(
    ("value", "what"),
    [
        (True, "a bool"),
        (np.bool_(False), "a bool"),
        (1 + 2j, "complex"),
        (np.complex128(3), "complex"),  # an imaginary part of 0 is still a complex number: refused whole
        (np.array(2 + 0j), "complex"),
        ("3", "a string"),
        (b"3", "a string"),
        (np.str_("3"), "a string"),
    ],
)
def test_a_scalar_of_the_wrong_kind_is_refused_by_name(value, what):
    with pytest.raises(ValueError, match=rf"^rcu = .* is {what}, not a number: must be >= 0$"):
        v.check_number("rcu", value, low=0)
    with pytest.raises(ValueError, match=r"^n_keys = "):
        v.check_count("n_keys", value, low=1)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (Decimal("2.5"), 2.5),
        (Decimal("0.1"), 0.1),  # the float nearest it, as float() rounds
        (Fraction(1, 3), 1 / 3),
        (np.float32(0.5), 0.5),
        (np.int64(7), 7.0),
    ],
)
def test_a_decimal_or_a_fraction_is_converted_to_the_float_it_equals(value, expected):
    out = v.check_number("rcu", value, low=0)
    assert out == expected and type(out) is float


def test_a_decimal_or_a_fraction_out_of_range_or_not_finite_is_refused_by_name():
    with pytest.raises(ValueError, match=r"^rcu = Decimal\('NaN'\) is not a number"):
        v.check_number("rcu", Decimal("NaN"), low=0)
    with pytest.raises(ValueError, match=r"^rcu = Decimal\('-1'\) is out of range"):
        v.check_number("rcu", Decimal("-1"), low=0)
    with pytest.raises(ValueError, match=r"^rcu = Fraction\(10\*\*400, 1\)|^rcu = Fraction\(.*is out of range"):
        v.check_number("rcu", Fraction(10**400), low=0)
    assert v.check_integer("n", Decimal("4"), low=1) == 4 and v.check_integer("n", Fraction(8, 2), low=1) == 4
    with pytest.raises(ValueError, match=r"^n = Fraction\(5, 2\) is not a whole number"):
        v.check_integer("n", Fraction(5, 2), low=1)


@pytest.mark.parametrize(
    ("values", "where", "what"),
    [
        ([1.0, True], r"demand\[1\] = True", "a bool"),
        ([True, False], r"demand\[0\] = True", "a bool"),
        (np.array([True, False]), r"demand\[0\] = True", "a bool"),
        ([[1, 2], [3, False]], r"demand\[1, 1\] = False", "a bool"),
        (np.array([1.0, 2.0 + 1e-9j]), r"demand\[1\] = \(2\+1e-09j\)", "complex"),
        (np.array([1.0, 2.0], dtype=complex), r"demand\[0\] = \(1\+0j\)", "complex"),  # refused whole
        ([1, 2 + 3j], r"demand\[1\] = \(2\+3j\)", "complex"),
        (["1", "2"], r"demand\[0\] = '1'", "a string"),
        ([1.0, "2"], r"demand\[0\] = '1.0'", "a string"),  # numpy makes the list text: named at its first element
        (np.array([Decimal(1), "2"], dtype=object), r"demand\[1\] = '2'", "a string"),
        (pd.Series([True, False]), r"demand\[0\] = True", "a bool"),
    ],
)
def test_an_array_holding_the_wrong_kind_is_refused_naming_its_element(values, where, what):
    with pytest.raises(ValueError, match=rf"^{where} is {what}, not a number: must be >= 0$"):
        v.check_array("demand", values, low=0)


def test_decimals_fractions_and_a_series_are_converted_by_rule():
    np.testing.assert_array_equal(v.check_array("demand", [Decimal("1.5"), Fraction(1, 4)], low=0), [1.5, 0.25])
    s = pd.Series([3.0, 4.0], index=["a", "b"])
    out = v.check_array("demand", s, low=0)
    assert type(out) is np.ndarray and out.tolist() == [3.0, 4.0]
    # a DataFrame only where a 2-D array belongs
    df = pd.DataFrame({"a": [1.0, 2.0], "b": [3.0, 4.0]})
    assert v.check_array("demand", df, low=0, ndim=2).tolist() == [[1.0, 3.0], [2.0, 4.0]]
    for ndim in (None, 1, (0, 1)):
        with pytest.raises(ValueError, match=r"^demand is a DataFrame of shape \(2, 2\): must be .*\(one column: df\['x'\]\)$"):
            v.check_array("demand", df, low=0, ndim=ndim)


@pytest.mark.parametrize("seed", [True, np.bool_(True), 1 + 0j, "7"])
def test_a_seed_of_the_wrong_kind_is_refused(seed):
    with pytest.raises(ValueError, match=r"^seed = .* is not allowed: must be a whole number"):
        v.check_seed("seed", seed)


# --- the physical domain the course states ------------------------------------------------------------------------


def test_the_item_limit_is_dynamodbs_400_kb_with_its_source():
    assert hp.ITEM_MAX_BYTES == 400 * 1024 == 409_600
    src = hp.SOURCES["ITEM_MAX_BYTES"]
    assert "400 KB" in src.quote and src.url.endswith("Constraints.html#limits-items")


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda b: hp.write_units(b), "item_bytes"),
        (lambda b: hp.write_units([1_000, b]), r"item_bytes\[1\]"),
        (lambda b: hp.index_write_units(b), "entry_bytes"),
        (lambda b: hp.days_to_collection_limit(1.0, b), "item_bytes"),
        (lambda b: hp.transact_write_calls(10, b), "item_bytes"),
        (lambda b: hp.query_units(3, b), "item_bytes"),
        (lambda b: hp.item_collection_gb(1.0, b, [1]), "item_bytes"),
    ],
)
def test_an_item_above_400_kb_is_refused_by_name_and_400_kb_is_taken(call, name):
    call(hp.ITEM_MAX_BYTES)  # the limit itself: an item of exactly 400 KB exists
    with pytest.raises(ValueError, match=rf"^{name} = 409601(\.0)? is out of range: must be .*409600"):
        call(hp.ITEM_MAX_BYTES + 1)


def test_a_write_of_400_kb_costs_400_units_and_a_querys_bytes_are_not_an_item():
    assert hp.write_units(hp.ITEM_MAX_BYTES) == 400.0
    # read_units also prices a Query's items summed (a page holds 1 MB), so it takes more than one item's bytes
    assert hp.read_units(1024 * 1024) == 256.0


def test_a_new_shard_count_below_the_old_is_refused_by_name():
    """modulo_case grows a table from n to m shards; its count of new shards (m - n) was -1 for 4 -> 3."""
    assert hp.modulo_case(4, 4)["new_shards"] == 0.0  # the boundary: no new shard, nothing moves
    with pytest.raises(ValueError, match=r"^m = 3 is out of range: must be in \[n, 10000\] = \[4, 10000\]"):
        hp.modulo_case(4, 3)
    assert hp.moved_fraction_modulo(4, 3) == 0.75  # shrinking is still priced, by the model itself


# --- where the kinds slipped past the checks before -----------------------------------------------------------------


def test_a_control_stores_the_floats_it_checked_never_a_decimal_or_a_fraction():
    c = hp.Control("rate", "Rate", Decimal("0"), Fraction(10, 1), Decimal("2.5"), Fraction(1, 2))
    for value in (c.low, c.high, c.default, c.step):
        assert type(value) is float
    assert (c.low, c.high, c.default, c.step) == (0.0, 10.0, 2.5, 0.5)
    assert "default 2.5" in repr(c)


def test_the_hash_functions_refuse_a_dataframe_by_name():
    df = pd.DataFrame({"key": np.arange(4, dtype=np.uint64)})
    with pytest.raises(ValueError, match=r"^keys is a DataFrame of shape \(4, 1\): must be one array of keys"):
        hp.hash64(df)
    with pytest.raises(ValueError, match=r"^keys is a DataFrame"):
        hp.HashSharding(4).shard_of(df)
    np.testing.assert_array_equal(hp.hash64(df["key"]), hp.hash64(np.arange(4, dtype=np.uint64)))  # a column is taken


def test_expected_max_excess_checks_n_as_expected_max_load_does():
    assert hp.expected_max_excess(10_000, Decimal(100)) == hp.expected_max_excess(10_000, 100)
    with pytest.raises(ValueError, match=r"^n = 0 is out of range"):
        hp.expected_max_excess(10_000, 0)


@pytest.mark.parametrize("value", [1, 1.0, 0, np.int64(1), "True"])
def test_a_flag_takes_only_a_bool_though_python_finds_one_equal_to_it(value) -> None:
    """``1.0 == True`` in Python: a flag checked by equality alone kept 1.0 (the table's repr showed ", LSI")."""
    with pytest.raises(ValueError, match=rf"^has_lsi = {re.escape(repr(value))} is not allowed: must be one of True, False$"):
        hp.Table(1, has_lsi=value)
    assert hp.Table(1, has_lsi=np.bool_(True)).has_lsi  # numpy's bool is a bool
    with pytest.raises(ValueError, match=r"^n = True is not allowed: must be one of 1, 2$"):
        hp.models._validation.check_choice("n", True, (1, 2))  # and a bool is not a count's 1


def test_a_negative_zero_capacity_is_zero_without_its_sign() -> None:
    table = hp.Table(2, wcu=-0.0, rcu=-0.0)
    assert not np.signbit(table.wcu) and not np.signbit(table.rcu)
    assert repr(table) == "Table(2 partitions, 0 WCU/s (0 each), 0 RCU/s, simple keys)"
