"""Input checks shared by every model.

Each check raises :class:`ValueError` whose message names the parameter, the
value it got and the range it allows, so that a bad slider value or a typo in
a notebook points straight at its cause. No model returns a silent NaN.

What counts as a number is decided here once, for scalars and arrays alike (issue 49):

* refused by name: a bool (``True`` is not 1 unit), a complex number (its imaginary part would be dropped), a
  string (``"3"`` is text, even where it would parse), and arrays or lists holding any of them;
* converted by rule: a ``Decimal`` or a ``Fraction`` to the float nearest it (what ``float()`` gives, exactly the
  value when it is one), a numpy number to its Python float, a pandas ``Series`` to its values (the index is
  dropped); a pandas ``DataFrame`` only where the parameter takes a 2-D array, refused by name elsewhere (take one
  column: ``df["x"]``).
"""

from __future__ import annotations

import math
import reprlib
import sys
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

__all__ = [
    "MAX_COUNT",
    "MAX_ELEMENTS",
    "MAX_SEED",
    "check_array",
    "check_broadcast",
    "check_choice",
    "check_count",
    "check_counts",
    "check_divisor",
    "check_integer",
    "check_number",
    "check_seed",
    "describe_range",
]

#: The largest count (requests, keys, shards, items, runs) a model takes: 2**53, the largest integer below which
#: every whole number is exactly a float64, the type the models compute in. Not an AWS figure: a limit of the
#: course's arithmetic, so it lives here and not among the model constants.
MAX_COUNT = 2**53

#: The most array elements a model allocates for one call (ten million, 80 MB of float64): a count that sizes an
#: array (keys drawn, shards simulated, rings built) is refused above it instead of exhausting memory or hanging.
#: Not an AWS figure: a limit of the machine the course runs on.
MAX_ELEMENTS = 10**7


def describe_range(low: float | None, high: float | None, low_open: bool = False, high_open: bool = False) -> str:
    """Say in words which values a range allows.

    Examples
    --------
    >>> describe_range(0, None)
    '>= 0'
    >>> describe_range(0, 1, low_open=True)
    'in (0, 1]'
    >>> describe_range(-sys.float_info.max, sys.float_info.max)
    'a finite number'
    """
    if low is not None and high is not None and -low == high == sys.float_info.max:
        return "a finite number"
    if low is not None and high is not None:
        left = "(" if low_open else "["
        right = ")" if high_open else "]"
        return f"in {left}{low:g}, {high:g}{right}"
    if low is not None:
        return f"{'>' if low_open else '>='} {low:g}"
    if high is not None:
        return f"{'<' if high_open else '<='} {high:g}"
    return "a finite number"


def _short(value: Any) -> str:
    """A repr of bounded length on one line (a list of ten million numbers is not spelled out in a message; numpy's
    repr of a 2-D or long array, wrapped over several lines, is joined)."""
    return " ".join((reprlib.repr(value) if isinstance(value, (list, tuple)) else repr(value)).split())


def _not_a_scalar(value: Any) -> str | None:
    """What a value that holds several numbers is ("a list", "an array of shape (2,)"), or ``None`` for a scalar.

    A numpy scalar or 0-d array is a scalar; a list, a tuple or an array of one or more dimensions is not, whatever
    its size (a list of one number is a list).
    """
    if isinstance(value, list):
        return "a list"
    if isinstance(value, tuple):
        return "a tuple"
    if isinstance(value, np.ndarray) and value.ndim > 0:
        return f"an array of shape {value.shape}"
    return None


def _not_real(value: Any) -> str | None:
    """What a single value is when it is no real number the models take (``"a bool"``, ``"complex"``,
    ``"a string"``), or ``None``."""
    if isinstance(value, (bool, np.bool_)):
        return "a bool"
    if isinstance(value, (complex, np.complexfloating)) or (isinstance(value, np.ndarray) and value.dtype.kind == "c"):
        return "complex"
    if isinstance(value, (str, bytes, np.str_, np.bytes_)):
        return "a string"
    if isinstance(value, np.ndarray) and value.dtype.kind == "b":
        return "a bool"
    return None


def _outside(x: float, low: float | None, high: float | None, low_open: bool, high_open: bool) -> bool:
    if low is not None and (x < low or (low_open and x == low)):
        return True
    return high is not None and (x > high or (high_open and x == high))


def check_number(
    name: str,
    value: Any,
    *,
    low: float | None = None,
    high: float | None = None,
    low_open: bool = False,
    high_open: bool = False,
) -> float:
    """Return ``value`` as a float, or raise ``ValueError`` naming ``name``.

    A scalar parameter takes one number: a Python or numpy number, or a 0-d array. A list, a tuple or an array
    of one or more dimensions is refused by name, whatever its size, so that a list never silently stands for
    its first element.

    Parameters
    ----------
    name : str
        The parameter's name, as the caller spells it.
    value : Any
        What the caller passed.
    low, high : float, optional
        Bounds; ``None`` leaves that side open-ended.
    low_open, high_open : bool
        Whether the bound itself is excluded.

    Returns
    -------
    float
        The checked value.

    Examples
    --------
    >>> check_number("rcu", 5, low=0), check_number("rcu", -0.0, low=0)
    (5.0, 0.0)
    >>> check_number("rcu", -1, low=0)
    Traceback (most recent call last):
    ...
    ValueError: rcu = -1 is out of range: must be >= 0
    >>> check_number("n_shards", [5.0, 2.0], low=1)
    Traceback (most recent call last):
    ...
    ValueError: n_shards = [5.0, 2.0] is a list, not a number: must be >= 1
    >>> check_number("rcu", np.float64(5.0)), check_number("rcu", np.array(5.0))
    (5.0, 5.0)
    >>> from decimal import Decimal
    >>> from fractions import Fraction
    >>> check_number("rcu", Decimal("2.5")), check_number("rcu", Fraction(1, 3))  # converted by rule: float()
    (2.5, 0.3333333333333333)
    >>> check_number("rcu", "5", low=0)
    Traceback (most recent call last):
    ...
    ValueError: rcu = '5' is a string, not a number: must be >= 0
    >>> check_number("rcu", np.complex128(5 + 1j), low=0)
    Traceback (most recent call last):
    ...
    ValueError: rcu = np.complex128(5+1j) is complex, not a number: must be >= 0
    """
    allowed = describe_range(low, high, low_open, high_open)
    what = _not_real(value)
    if what is not None:
        raise ValueError(f"{name} = {value!r} is {what}, not a number: must be {allowed}")
    several = _not_a_scalar(value)
    if several is not None:
        raise ValueError(f"{name} = {_short(value)} is {several}, not a number: must be {allowed}")
    try:
        x = float(value)
    except OverflowError:  # a Python int beyond float64 (2**1024 and up)
        raise ValueError(f"{name} = {value!r} is out of range: must be {allowed}") from None
    except (TypeError, ValueError):
        raise ValueError(f"{name} = {value!r} is not a number: must be {allowed}") from None
    if math.isnan(x):
        raise ValueError(f"{name} = {value!r} is not a number: must be {allowed}")
    if _outside(x, low, high, low_open, high_open):
        raise ValueError(f"{name} = {value!r} is out of range: must be {allowed}")
    return x + 0.0  # -0.0 becomes 0.0: a zero capacity or rate has no sign to show ("-0 WCU/s")


def check_integer(name: str, value: Any, *, low: int | None = None, high: int | None = None) -> int:
    """Return ``value`` as an int, or raise ``ValueError`` naming ``name``.

    Floats with an integral value (``4.0``) are accepted, since slider values
    arrive as floats. A list, a tuple or an array of one or more dimensions is refused, as by
    :func:`check_number`.

    Examples
    --------
    >>> check_integer("n_partitions", 4.0, low=1)
    4
    >>> check_integer("n_partitions", 2.5, low=1)
    Traceback (most recent call last):
    ...
    ValueError: n_partitions = 2.5 is not a whole number: must be >= 1
    >>> check_integer("batch_size", [1, 2], low=1)
    Traceback (most recent call last):
    ...
    ValueError: batch_size = [1, 2] is a list, not a number: must be >= 1
    """
    allowed = describe_range(low, high)
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        exact = int(value)  # compared exactly: a float would round integers above 2**53
        if (low is not None and exact < low) or (high is not None and exact > high):
            raise ValueError(f"{name} = {value!r} is out of range: must be {allowed}")
        return exact
    x = check_number(name, value, low=low, high=high)
    if not math.isfinite(x) or x != int(x):
        raise ValueError(f"{name} = {value!r} is not a whole number: must be {allowed}")
    return int(x)


def check_count(name: str, value: Any, *, low: int = 0, high: int = MAX_COUNT) -> int:
    """Return ``value`` as a whole count in ``[low, high]``, or raise ``ValueError`` naming ``name``.

    Like :func:`check_integer` with an upper bound that defaults to :data:`MAX_COUNT`, so that a count never
    overflows an int64 or loses its units in float64 arithmetic. Pass ``high=MAX_ELEMENTS`` for a count that sizes
    an array.

    Examples
    --------
    >>> check_count("n_keys", 1e3, low=1)
    1000
    >>> check_count("n_keys", 1e300, low=1)
    Traceback (most recent call last):
    ...
    ValueError: n_keys = 1e+300 is out of range: must be in [1, 9.0072e+15]
    >>> check_count("n_rings", 1e8, high=MAX_ELEMENTS)
    Traceback (most recent call last):
    ...
    ValueError: n_rings = 100000000.0 is out of range: must be in [0, 1e+07]
    """
    if value is None:
        raise ValueError(f"{name} = {value!r} is not a number: must be {describe_range(low, high)}")
    return check_integer(name, value, low=low, high=high)


def check_counts(
    name: str,
    values: ArrayLike,
    *,
    low: int = 0,
    high: int = MAX_COUNT,
    empty: bool = True,
    ndim: int | tuple[int, ...] | None = None,
    max_size: int | None = None,
) -> NDArray[np.int64]:
    """Return ``values`` as an int64 array of whole counts in ``[low, high]``, or raise naming the bad element.

    ``empty=False`` also refuses an array with no elements; ``ndim`` and ``max_size`` are :func:`check_array`'s.

    Examples
    --------
    >>> check_counts("n_shards", [1, 4.0], low=1)
    array([1, 4])
    >>> check_counts("n_shards", [1, 2.5], low=1)
    Traceback (most recent call last):
    ...
    ValueError: n_shards[1] = 2.5 is not a whole number: must be in [1, 9.0072e+15]
    >>> check_counts("n_shards", [1e19], low=1)
    Traceback (most recent call last):
    ...
    ValueError: n_shards[0] = 1e+19 is out of range: must be in [1, 9.0072e+15]
    """
    if isinstance(values, (str, bytes)) or values is None:
        raise ValueError(f"{name} = {values!r} is not numeric: must be {describe_range(low, high)}")
    arr = check_array(name, values, low=low, high=high, empty=empty, ndim=ndim, max_size=max_size)
    fractional = arr != np.floor(arr)
    if fractional.any():
        index = tuple(int(i) for i in np.argwhere(fractional)[0])
        where = f"{name}[{', '.join(map(str, index))}]" if arr.ndim else name
        raise ValueError(f"{where} = {float(arr[index])!r} is not a whole number: must be {describe_range(low, high)}")
    return arr.astype(np.int64)


def check_array(
    name: str,
    values: ArrayLike,
    *,
    low: float | None = None,
    high: float | None = None,
    low_open: bool = False,
    high_open: bool = False,
    empty: bool = True,
    ndim: int | tuple[int, ...] | None = None,
    max_size: int | None = None,
) -> NDArray[np.float64]:
    """Return ``values`` as a float array, or raise naming the first bad element.

    ``empty=False`` also refuses an array with no elements. ``ndim`` is the number of dimensions the parameter
    takes (``1`` for a list of values, ``(0, 1)`` for a number or a list), so that a 2-D array is refused by
    name instead of being read flat; ``None`` (the default) takes any shape, for an elementwise parameter.
    ``max_size`` is the most elements it takes (a bound from :data:`MAX_ELEMENTS` or from the work per element),
    refused by name before anything is computed.

    Examples
    --------
    >>> check_array("demand", [1, 2], low=0)
    array([1., 2.])
    >>> check_array("demand", [1, -2], low=0)
    Traceback (most recent call last):
    ...
    ValueError: demand[1] = -2.0 is out of range: must be >= 0
    >>> check_array("demand", [], low=0, empty=False)
    Traceback (most recent call last):
    ...
    ValueError: demand = [] is empty: must hold at least one value >= 0
    >>> check_array("counts", [[1, 2, 3], [4, 5, 6]], low=0, ndim=1)
    Traceback (most recent call last):
    ...
    ValueError: counts has 2 dimensions (shape (2, 3)): must be a 1-D array of values >= 0
    >>> check_array("clients", np.ones(2_000), low=1, max_size=1_000)
    Traceback (most recent call last):
    ...
    ValueError: clients has 2,000 values: must have at most 1,000
    >>> check_array("demand", [10, True], low=0)
    Traceback (most recent call last):
    ...
    ValueError: demand[1] = True is a bool, not a number: must be >= 0
    >>> check_array("demand", np.array([1, 2 + 1j]), low=0)
    Traceback (most recent call last):
    ...
    ValueError: demand[1] = (2+1j) is complex, not a number: must be >= 0
    """
    allowed = describe_range(low, high, low_open, high_open)
    _check_kinds(name, values, allowed, ndim)
    try:
        arr = np.asarray(values, dtype=float)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"{name} = {_short(values)} is not numeric: must be {allowed}") from None
    if max_size is not None and arr.size > max_size:
        raise ValueError(f"{name} has {arr.size:,} values: must have at most {max_size:,}")
    if ndim is not None and arr.ndim not in ((ndim,) if isinstance(ndim, int) else tuple(ndim)):
        raise ValueError(f"{name} has {arr.ndim} dimensions (shape {arr.shape}): must be {_dimensions(ndim)} of values {allowed}")
    if not empty and arr.size == 0:
        raise ValueError(f"{name} = {values!r} is empty: must hold at least one value {allowed}")
    bad = np.isnan(arr)
    if low is not None:
        bad |= (arr <= low) if low_open else (arr < low)
    if high is not None:
        bad |= (arr >= high) if high_open else (arr > high)
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        where = f"{name}[{', '.join(map(str, index))}]" if arr.ndim else name
        value = float(arr[index]) if arr.ndim else float(arr)
        raise ValueError(f"{where} = {value!r} is out of range: must be {allowed}")
    return arr


def _check_kinds(name: str, values: Any, allowed: str, ndim: int | tuple[int, ...] | None) -> None:
    """Refuse by name an array-like that holds anything but real numbers (:func:`_not_real`), naming its first such
    element, and a pandas DataFrame where no 2-D array belongs; numbers, Decimals, Fractions and Series pass (their
    conversion to float is :func:`check_array`'s)."""
    what = _not_real(values) if not isinstance(values, np.ndarray) or values.ndim == 0 else None
    if what is not None:
        raise ValueError(f"{name} = {_short(values)} is {what}, not a number: must be {allowed}")
    if type(values).__name__ == "DataFrame" and type(values).__module__.startswith("pandas"):
        if ndim is None or 2 not in ((ndim,) if isinstance(ndim, int) else tuple(ndim)):
            raise ValueError(
                f"{name} is a DataFrame of shape {values.shape}: must be {_dimensions(ndim or (0, 1))} of values {allowed} "
                "(one column: df['x'])"
            )
    if isinstance(values, np.ndarray):
        raw = values
    elif isinstance(values, (list, tuple)) or hasattr(values, "__array__"):
        try:
            raw = np.asarray(values)
        except (TypeError, ValueError, OverflowError):
            return  # ragged or otherwise not an array: check_array's conversion names it
    else:
        return
    kind = raw.dtype.kind
    if kind in "bcUS":
        what = {"b": "a bool", "c": "complex"}.get(kind, "a string")
        bad = np.ones(raw.shape, dtype=bool) if kind != "c" else raw.imag != 0
        if kind == "c" and not bad.any():
            bad = np.ones(raw.shape, dtype=bool)  # a complex array is refused whole, its imaginary parts zero or not
        _refuse_element(name, raw, bad, what, allowed)
    if kind == "O" or (kind in "iuf" and isinstance(values, (list, tuple))):
        # a list's bools become 1 and 0 beside numbers, and an object array may hold anything: look at each element
        flat = raw.ravel() if kind == "O" else _flat_python(values)
        for i, v in enumerate(flat):
            what = _not_real(v)
            if what is not None:
                index = np.unravel_index(i, raw.shape) if raw.ndim else ()
                where = f"{name}[{', '.join(map(str, index))}]" if raw.ndim else name
                raise ValueError(f"{where} = {v!r} is {what}, not a number: must be {allowed}")


def _flat_python(values: Any) -> list[Any]:
    """The elements of a (nested) list or tuple, in C order."""
    out: list[Any] = []
    stack = [values]
    while stack:
        v = stack.pop()
        if isinstance(v, (list, tuple)):
            stack.extend(reversed(v))
        else:
            out.append(v)
    return out


def _refuse_element(name: str, raw: NDArray[Any], bad: NDArray[np.bool_], what: str, allowed: str) -> None:
    index = tuple(int(i) for i in np.argwhere(bad)[0]) if raw.ndim else ()
    where = f"{name}[{', '.join(map(str, index))}]" if raw.ndim else name
    value = raw[index].item() if raw.ndim else raw.item()
    raise ValueError(f"{where} = {value!r} is {what}, not a number: must be {allowed}")


def check_broadcast(*named: tuple[str, NDArray[Any]], max_size: int | None = None) -> tuple[int, ...]:
    """Return the shape that checked arrays broadcast to, or raise ``ValueError`` naming each and its shape.

    ``named`` holds ``(name, array)`` pairs (arrays already checked, e.g. by :func:`check_array`);
    ``max_size`` is the most elements the broadcast may hold (the work is done on that many).

    Examples
    --------
    >>> check_broadcast(("q", np.ones(3)), ("n", np.ones(1)))
    (3,)
    >>> check_broadcast(("items", np.ones(3)), ("refused_share", np.ones(2)))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: items (shape (3,)) and refused_share (shape (2,)) do not broadcast: must have the same shape, or ...
    >>> check_broadcast(("q", np.ones(3)), ("n", np.ones((4, 1))), max_size=10)
    Traceback (most recent call last):
    ...
    ValueError: q (shape (3,)) and n (shape (4, 1)) broadcast to 12 values: must be at most 10
    """
    shapes = " and ".join(f"{name} (shape {np.shape(arr)})" for name, arr in named)
    try:
        shape = np.broadcast_shapes(*(np.shape(arr) for _, arr in named))
    except ValueError:
        raise ValueError(f"{shapes} do not broadcast: must have the same shape, or one of them one value") from None
    size = math.prod(shape)
    if max_size is not None and size > max_size:
        raise ValueError(f"{shapes} broadcast to {size:,} values: must be at most {max_size:,}")
    return shape


def check_divisor(name: str, value: float, dividend: float, why: str) -> float:
    """Return a checked positive ``value`` if ``dividend / value`` is finite, or raise ``ValueError`` naming ``name``.

    A positive number passes :func:`check_number`'s ``> 0`` however small, but a subnormal one (``5e-324``) makes
    any quotient of it infinite, and a count or time computed from it overflows. The least value allowed is
    ``|dividend|`` over the largest float64; ``why`` says what the quotient is.

    Examples
    --------
    >>> check_divisor("rate", 0.1, 5.19, "H_n / rate, the expected maximum")
    0.1
    >>> check_divisor("rate", 5e-324, 5.19, "H_n / rate, the expected maximum")
    Traceback (most recent call last):
    ...
    ValueError: rate = 5e-324 is out of range: must be >= 2.88703e-308 (H_n / rate, the expected maximum, overflows)
    """
    if not math.isfinite(abs(dividend) / value):
        least = abs(dividend) / sys.float_info.max
        raise ValueError(f"{name} = {value!r} is out of range: must be >= {least:g} ({why}, overflows)")
    return value


def _dimensions(ndim: int | tuple[int, ...]) -> str:
    """``1`` -> "a 1-D array", ``(0, 1)`` -> "a number or a 1-D array"."""
    dims = (ndim,) if isinstance(ndim, int) else tuple(ndim)
    words = ["a number" if d == 0 else f"a {d}-D array" for d in dims]
    return " or ".join(words)


def check_choice(name: str, value: Any, choices: Iterable[Any]) -> Any:
    """Return ``value`` if it is one of ``choices``, else raise ``ValueError``.

    A bool matches only a bool (Python's or numpy's): ``1``, ``1.0`` or ``"True"`` is not a flag's ``True``, and
    ``True`` is not a count's ``1``, though Python finds them equal.

    Examples
    --------
    >>> check_choice("consistency", "eventual", ("strong", "eventual"))
    'eventual'
    >>> check_choice("has_lsi", 1.0, (True, False))
    Traceback (most recent call last):
    ...
    ValueError: has_lsi = 1.0 is not allowed: must be one of True, False
    """
    options = tuple(choices)
    flag = isinstance(value, (bool, np.bool_))
    if not any(value == c and flag == isinstance(c, (bool, np.bool_)) for c in options):
        listed = ", ".join(repr(c) for c in options)
        raise ValueError(f"{name} = {value!r} is not allowed: must be one of {listed}")
    return value


#: The largest seed accepted: numpy's generators take any non-negative integer, the course keeps seeds to 64 bits.
MAX_SEED = 2**64 - 1


def check_seed(name: str, value: Any) -> int:
    """Return ``value`` as a seed for :func:`numpy.random.default_rng`, or raise ``ValueError`` naming ``name``.

    Every random result in the course takes a seed, so that a run can be repeated: ``None`` (fresh entropy, a
    different answer per call) is refused, as are negative, fractional and non-numeric seeds.

    Examples
    --------
    >>> check_seed("seed", 7)
    7
    >>> check_seed("seed", None)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: seed = None is not allowed: must be a whole number from 0 to 18,446,744,073,709,551,615 (results ...)
    """
    allowed = f"a whole number from 0 to {MAX_SEED:,} (results are repeatable only with a seed)"
    if value is None or _not_real(value) is not None:
        raise ValueError(f"{name} = {value!r} is not allowed: must be {allowed}")
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        seed = int(value)
    elif isinstance(value, (Decimal, Fraction)):  # exact kinds: no detour through a float's 53 bits
        if (isinstance(value, Decimal) and not value.is_finite()) or value != int(value):
            raise ValueError(f"{name} = {value!r} is not allowed: must be {allowed}")
        seed = int(value)
    else:
        try:
            x = float(value)
        except (TypeError, ValueError):
            raise ValueError(f"{name} = {value!r} is not allowed: must be {allowed}") from None
        if not math.isfinite(x) or x != int(x):
            raise ValueError(f"{name} = {value!r} is not allowed: must be {allowed}")
        seed = int(x)
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"{name} = {value!r} is out of range: must be {allowed}")
    return seed
