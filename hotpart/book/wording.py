"""Captions and prompts that read right: a count with its noun in the right number, never "1 suffixes" or "(s)".

Figures' captions and chapters' glued sentences call :func:`plural` wherever a computed count meets a noun, and
:func:`plural_by_case` where one noun is counted in several cases (said once when the counts agree).
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Iterable, Sequence

from ..models._validation import _short

__all__ = ["plural", "plural_by_case"]

#: Nouns whose plural the rules below would get wrong.
_IRREGULAR = {"index": "indexes", "child": "children", "datum": "data", "person": "people", "matrix": "matrices"}


def _plural_of(noun: str) -> str:
    """The plural of an English noun (the last word of ``noun`` takes it): ``"suffix"`` -> ``"suffixes"``."""
    head, _, last = noun.rpartition(" ")
    lower = last.lower()
    if lower in _IRREGULAR:
        word = _IRREGULAR[lower]
        word = word.capitalize() if last[:1].isupper() else word
    elif re.search(r"(s|x|z|ch|sh)$", lower):
        word = last + "es"
    elif re.search(r"[^aeiou]y$", lower):
        word = last[:-1] + "ies"
    else:
        word = last + "s"
    return f"{head} {word}" if head else word


def plural(count: float, noun: str, plural: str | None = None, fmt: str = ",") -> str:
    """A count and its noun, singular for exactly one, plural otherwise: ``"1 suffix"``, ``"10 suffixes"``.

    The number is written with ``fmt`` (thousands separated by default), and the noun is singular when the number
    as written is ``1`` (``"1.0 requests"``, as English writes it).

    Parameters
    ----------
    count : int or float
        The count, finite.
    noun : str
        The singular noun (several words: the last takes the plural, ``"partition key"`` -> ``"partition keys"``).
    plural : str, optional
        The plural, when the rules (``-es`` after s, x, z, ch and sh; ``-ies`` after a consonant and y; else ``-s``)
        would get it wrong.
    fmt : str
        The format specification of the number (``","``, ``",.0f"``, ``".1f"``).

    Returns
    -------
    str
        ``"<number> <noun>"``.

    Examples
    --------
    >>> plural(1, "suffix"), plural(10, "suffix"), plural(0, "request"), plural(2_500, "partition key")
    ('1 suffix', '10 suffixes', '0 requests', '2,500 partition keys')
    >>> plural(1.0, "request", fmt=".1f"), plural(3, "retry"), plural(2, "day"), plural(1, "shard", fmt=",.0f")
    ('1.0 requests', '3 retries', '2 days', '1 shard')
    >>> plural(2, "index"), plural(2, "criterion", "criteria")
    ('2 indexes', '2 criteria')
    >>> plural(float("nan"), "shard")
    Traceback (most recent call last):
    ...
    ValueError: count = nan is not a finite number
    """
    text = _count_text(count, fmt)
    if not isinstance(noun, str) or not noun.strip():
        raise ValueError(f"noun = {noun!r} is not allowed: must be a non-empty word")
    if text.lstrip("-") == "1":
        return f"{text} {noun}"
    return f"{text} {plural if plural is not None else _plural_of(noun)}"


def _count_text(count: float, fmt: str, name: str = "count") -> str:
    """``count`` written with ``fmt``, after checking it is a finite real number (``ValueError`` naming ``name``)."""
    if isinstance(count, bool) or not isinstance(count, numbers.Real) or count != count or abs(count) == float("inf"):
        raise ValueError(f"{name} = {count!r} is not a finite number")
    if not isinstance(count, (int, float)):  # a Fraction, a numpy number: formatted as the float it is
        count = int(count) if isinstance(count, numbers.Integral) or count == int(count) else float(count)
    return format(count, fmt)


def plural_by_case(
    counts: Sequence[float], noun: str, cases: Sequence[str], alike: str, plural_form: str | None = None, fmt: str = ","
) -> str:
    """One noun counted in several cases, said once when the counts agree: ``"2 suffixes at either rate"``, else
    ``"2 suffixes at the first rate and 3 at the second"``.

    Parameters
    ----------
    counts : sequence of int or float
        The counts, one per case (at least two): any finite numbers, each written as :func:`plural` writes it.
    noun : str
        The singular noun, put in the right number for the first count (:func:`plural`).
    cases : sequence of str
        What each count is for, as the sentence says it (``"at the first rate"``, ``"at the second"``).
    alike : str
        What the sentence says instead when every count is written the same (``"at either rate"``).
    plural_form : str, optional
        The noun's plural, when :func:`plural`'s rules would get it wrong.
    fmt : str
        The format specification of the numbers (``","``, ``",.0f"``); counts agree when they are written alike.

    Returns
    -------
    str
        ``"<count> <noun> <alike>"``, or ``"<count> <noun> <case>, <count> <case> and <count> <case>"``.

    Examples
    --------
    >>> cases = ("at the first rate", "at the second")
    >>> plural_by_case((2, 2.0), "suffix", cases, "at either rate", fmt=",.0f")
    '2 suffixes at either rate'
    >>> plural_by_case((1, 3), "suffix", cases, "at either rate")
    '1 suffix at the first rate and 3 at the second'
    >>> plural_by_case((2, 3, 3), "shard", ("in May", "in June", "in July"), "each month")
    '2 shards in May, 3 in June and 3 in July'
    >>> plural_by_case((2,), "shard", ("in May",), "each month")
    Traceback (most recent call last):
    ...
    ValueError: counts = (2,) for cases = ('in May',) is not allowed: must be one count per case, two cases or more
    """
    for name, seq in (("counts", counts), ("cases", cases)):
        if isinstance(seq, (str, bytes)) or not isinstance(seq, Iterable):
            raise ValueError(f"{name} = {seq!r} is not allowed: must be a sequence, one entry per case")
    counts, cases = tuple(counts), tuple(cases)
    if len(cases) < 2 or len(counts) != len(cases):
        raise ValueError(
            f"counts = {_short(counts)} for cases = {_short(cases)} is not allowed: must be one count per case, two cases or more"
        )
    for name, text in (("alike", alike), *((f"cases[{i}]", c) for i, c in enumerate(cases))):
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"{name} = {text!r} is not allowed: must be a non-empty phrase")
    written = [_count_text(c, fmt, f"counts[{i}]") for i, c in enumerate(counts)]
    head = plural(counts[0], noun, plural_form, fmt)
    if len(set(written)) == 1:
        return f"{head} {alike}"
    parts = [f"{head} {cases[0]}", *(f"{w} {c}" for w, c in zip(written[1:], cases[1:], strict=True))]
    return f"{', '.join(parts[:-1])} and {parts[-1]}"
