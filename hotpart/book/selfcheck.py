"""Check yourself: a chapter's short self-check, answered in the page without a kernel and without another host.

A chapter ends with three to five questions (:func:`self_check`), each a :class:`Question` whose right answer and
wrong answers the chapter's hidden cell computes with the models and passes in, every wrong answer with the
sentence that says why it is wrong. The questions render as plain HTML that works everywhere:

* **multiple choice** (``answer`` is text): every choice is a ``<details>`` element; opening one (a click) shows
  whether it is right and why. The choices of a question share a ``name``, so Chromium, Firefox and Safari keep
  one open at a time (an exclusive accordion), and the book's style sheet marks them right or wrong.
* **a number** (``answer`` is a number): the book's script (``book/_assets/hotpart-reading.js``) builds a field
  to type it in and says whether it is right (within ``tolerance``), and why a common slip is wrong. Without the
  script (JupyterLab, GitHub, the downloaded notebook) there is no field, and the answer sits folded below the
  question, with the slips and why they are wrong.

Nothing is fetched and no kernel runs: the built book answers from the page, JupyterLab from the saved output
(its sanitizer keeps ``<details>``, ``<summary>`` and ``class``).
"""

from __future__ import annotations

import hashlib
import html as _html
import json
import math
import numbers
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from .evidence import _inline_html
from .wording import plural

__all__ = ["Question", "SelfCheck", "self_check"]

#: How many questions a chapter's self-check has (issue 46: 3 to 5).
QUESTIONS_PER_CHAPTER = (3, 5)
#: How many wrong choices a multiple-choice question offers: 2 to 4 (3 to 5 choices in all).
_WRONG_CHOICES = (2, 4)
#: The id of the self-check's block on the page: the landing page's exam path links to ``<chapter>.html#self-check``.
SELF_CHECK_ID = "self-check"
_NUMBER = re.compile(r"^\s*[-+]?[\d,\s]*\.?\d+(?:[eE][-+]?\d+)?")


def _text(name: str, value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{name} = {value!r} is not allowed: must be a non-empty sentence")
    return " ".join(value.split())


def _number(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(float(value)):
        raise ValueError(f"{name} = {value!r} is not allowed: must be a finite number")
    return float(value)


def _leading_number(text: str) -> float | None:
    """The number a choice starts with (``"7,000 WCU/s"`` -> 7000.0), or None."""
    m = _NUMBER.match(text)
    if not m:
        return None
    try:
        return float(re.sub(r"[,\s]", "", m.group(0)))
    except ValueError:
        return None


@dataclass(frozen=True)
class Question:
    """One question of a self-check: multiple choice when ``answer`` is text, a number to type in when it is a number.

    Parameters
    ----------
    prompt : str
        The question, in plain text with ``code`` in backquotes and **bold** in double stars.
    answer : str or float
        The right choice's text (multiple choice), or the right number (a number to type in), computed by the models.
    why : str
        Why the answer is right: the sentence a reader sees on choosing it.
    wrong : mapping
        Each wrong answer and why it is wrong. Multiple choice: 2 to 4 choices' texts. A number: the common slips
        (at least one), numbers, each with why it is wrong.
    unit : str
        A number's unit, shown after the field and the answer (``"WCU/s"``); ``""`` for none.
    unit_one : str
        The unit after a number written as exactly 1, when it differs from ``unit`` (``"copy"`` for ``"copies"``):
        the answer and the slips then read as :func:`hotpart.plural` writes a count. ``""``: ``unit`` throughout.
    tolerance : float
        A number's relative tolerance, in ``[0, 0.5]``: a typed value within ``tolerance * |answer|`` of the answer
        is right (an answer of 0 takes 0 exactly). Default 0.5%, so that a reader who rounds is right.
    decimals : int
        A number's decimals when it is written out (the answer and the slips), 0 to 6.

    Examples
    --------
    >>> q = Question("How many WCU does a 2.5 KB write cost?", 3, "Writes round up per 1 KB.", {2.5: "Units are whole."})
    >>> q.kind, q.accepts(3.0), q.accepts(2.99), q.accepts(2.5)
    ('number', True, True, False)
    >>> Question("Pick one", "a", "because", {"a": "no"})
    Traceback (most recent call last):
    ...
    ValueError: wrong = {'a': 'no'} is not allowed: must give 2 to 4 wrong choices, none of them the answer
    """

    prompt: str
    answer: str | float
    why: str
    wrong: Mapping[str | float, str] = field(default_factory=dict)
    unit: str = ""
    tolerance: float = 0.005
    decimals: int = 0
    unit_one: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "prompt", _text("prompt", self.prompt))
        object.__setattr__(self, "why", _text("why", self.why))
        if not isinstance(self.wrong, Mapping):
            raise ValueError(f"wrong = {self.wrong!r} is not allowed: must map each wrong answer to why it is wrong")
        whys = {}
        for choice, reason in self.wrong.items():
            whys[choice] = _text(f"wrong[{choice!r}]", reason)
        if isinstance(self.answer, str):
            answer = _text("answer", self.answer)
            choices = [_text("a wrong choice", c) if isinstance(c, str) else None for c in whys]
            low, high = _WRONG_CHOICES
            if None in choices or not low <= len(choices) <= high or answer in choices or len(set(choices)) < len(choices):
                raise ValueError(
                    f"wrong = {dict(self.wrong)!r} is not allowed: must give {low} to {high} wrong choices, none of them "
                    "the answer"
                )
            object.__setattr__(self, "answer", answer)
            object.__setattr__(self, "wrong", dict(zip(choices, whys.values(), strict=True)))
            return
        answer = _number("answer", self.answer)
        tolerance = _number("tolerance", self.tolerance)
        if not 0 <= tolerance <= 0.5:
            raise ValueError(f"tolerance = {self.tolerance!r} is out of range: must be in [0, 0.5]")
        if isinstance(self.decimals, bool) or not isinstance(self.decimals, int) or not 0 <= self.decimals <= 6:
            raise ValueError(f"decimals = {self.decimals!r} is out of range: must be a whole number in [0, 6]")
        slips = {_number("a wrong number", c): r for c, r in whys.items()}
        if not slips or any(self._close(s, answer, tolerance) for s in slips):
            raise ValueError(
                f"wrong = {dict(self.wrong)!r} is not allowed: must give at least one wrong number, none of them within "
                "the tolerance of the answer"
            )
        if not isinstance(self.unit, str):
            raise ValueError(f"unit = {self.unit!r} is not allowed: must be text")
        if not isinstance(self.unit_one, str) or (self.unit_one and not self.unit):
            raise ValueError(f"unit_one = {self.unit_one!r} is not allowed: must be text, and given only with a unit")
        object.__setattr__(self, "answer", answer)
        object.__setattr__(self, "tolerance", tolerance)
        object.__setattr__(self, "wrong", slips)

    @staticmethod
    def _close(value: float, answer: float, tolerance: float) -> bool:
        return abs(value - answer) <= max(tolerance * abs(answer), 1e-9)

    @property
    def kind(self) -> str:
        """``"choice"`` or ``"number"``."""
        return "choice" if isinstance(self.answer, str) else "number"

    def accepts(self, value: float) -> bool:
        """Whether a typed number is the answer, within the tolerance (a number question only)."""
        if self.kind != "number":
            raise ValueError("accepts() is for a number question; a multiple-choice question is answered by its choices")
        return self._close(_number("value", value), float(self.answer), self.tolerance)

    def written(self, value: float) -> str:
        """A number of this question as the page writes it: ``"7,000 WCU/s"``.

        Examples
        --------
        >>> Question("Units?", 7_000, "The ceiling times seven.", {1_000: "One partition."}, unit="WCU/s").written(7_000)
        '7,000 WCU/s'
        >>> q = Question("Copies?", 5, "Five.", {1: "The hot key itself."}, unit="copies", unit_one="copy")
        >>> q.written(1), q.written(5)
        ('1 copy', '5 copies')
        """
        if self.unit_one:  # singular for exactly one, as a count is written elsewhere
            return plural(_number("value", value), self.unit_one, self.unit, fmt=f",.{self.decimals}f")
        text = f"{_number('value', value):,.{self.decimals}f}"
        return f"{text} {self.unit}".strip()

    def choices(self) -> list[tuple[str, bool, str]]:
        """A multiple-choice question's choices in the order shown: ``(text, right, why)``.

        Choices that all start with a number are shown in increasing order; others in an order fixed by the prompt
        (so the right one is not always first, and a rebuild does not move it).
        """
        if self.kind != "choice":
            raise ValueError("choices() is for a multiple-choice question; a number question has a field instead")
        options = [(str(self.answer), True, self.why)] + [(str(c), False, r) for c, r in self.wrong.items()]
        numbers_ = [_leading_number(text) for text, _, _ in options]
        if all(n is not None for n in numbers_):
            return [o for _, o in sorted(zip(numbers_, options, strict=True), key=lambda pair: pair[0])]
        key = lambda o: hashlib.sha256(f"{self.prompt}\0{o[0]}".encode()).hexdigest()  # noqa: E731
        return sorted(options, key=key)


class SelfCheck:
    """A chapter's self-check, rendered as HTML (the book, JupyterLab, GitHub) and as Markdown (the fallback).

    Build it with :func:`self_check`.
    """

    def __init__(self, questions: list[Question]) -> None:
        self.questions = questions

    def _group(self, number: int, question: Question) -> str:
        digest = hashlib.sha256(question.prompt.encode()).hexdigest()[:8]
        return f"hp-sc-{number}-{digest}"

    def _choice_html(self, number: int, q: Question) -> str:
        group = self._group(number, q)
        options = []
        for text, right, why in q.choices():
            verdict = "Right." if right else "Not this one."
            options.append(
                f'<details class="hp-sc-option hp-sc-{"right" if right else "wrong"}" name="{group}">'
                f'<summary>{_inline_html(text)}</summary><p class="hp-sc-why"><strong>{verdict}</strong> '
                f"{_inline_html(why)}</p></details>"
            )
        return f'<div class="hp-sc-options">{"".join(options)}</div>'

    def _number_html(self, number: int, q: Question) -> str:
        slips = [{"value": v, "why": r} for v, r in q.wrong.items()]
        data = {
            "answer": q.answer,
            "tolerance": q.tolerance,
            "written": q.written(float(q.answer)),
            "why": q.why,
            "slips": slips,
            "unit": q.unit,
            "id": f"{self._group(number, q)}-entry",
        }
        slips_html = "".join(
            f"<li><strong>{_html.escape(q.written(v))}</strong>: {_inline_html(r)}</li>" for v, r in q.wrong.items()
        )
        # the field is built by the book's script from data-check: where no script runs (JupyterLab, whose sanitizer
        # also drops data-*), the block stays empty and the answer waits, folded, below
        return (
            f'<div class="hp-sc-entry" data-check="{_html.escape(json.dumps(data))}"></div>'
            f'<details class="hp-sc-answer"><summary>Show the answer</summary>'
            f'<p class="hp-sc-why"><strong>{_html.escape(q.written(float(q.answer)))}.</strong> {_inline_html(q.why)}</p>'
            f"<p>Common slips:</p><ul>{slips_html}</ul></details>"
        )

    def _repr_html_(self) -> str:
        parts = []
        for number, q in enumerate(self.questions, 1):
            body = self._choice_html(number, q) if q.kind == "choice" else self._number_html(number, q)
            parts.append(
                f'<div class="hp-sc-question hp-sc-{q.kind}"><p class="hp-sc-prompt"><strong>{number}.</strong> '
                f"{_inline_html(q.prompt)}</p>{body}</div>"
            )
        lead = (
            "Pick an answer to see whether it is right, and why."
            if all(q.kind == "choice" for q in self.questions)
            else "Pick an answer, or type a number, to see whether it is right, and why."
        )
        return (
            f'<section class="hp-selfcheck" id="{SELF_CHECK_ID}"><p class="hp-sc-lead">'
            f"{len(self.questions)} questions. {lead}</p>{''.join(parts)}</section>"
        )

    def _repr_markdown_(self) -> str:
        lines = []
        for number, q in enumerate(self.questions, 1):
            lines += [f"**{number}.** {q.prompt}", ""]
            if q.kind == "choice":
                for text, right, why in q.choices():
                    verdict = "Right." if right else "Not this one."
                    lines += [f"<details><summary>{text}</summary>", "", f"**{verdict}** {why}", "", "</details>", ""]
            else:
                slips = "; ".join(f"{q.written(v)}: {r}" for v, r in q.wrong.items())
                lines += [
                    "<details><summary>Show the answer</summary>",
                    "",
                    f"**{q.written(float(q.answer))}.** {q.why} Common slips: {slips}",
                    "",
                    "</details>",
                    "",
                ]
        return "\n".join(lines).rstrip() + "\n"

    def __repr__(self) -> str:
        return f"SelfCheck({len(self.questions)} questions)"


def self_check(*questions: Question) -> SelfCheck:
    """A chapter's self-check: 3 to 5 questions, for a ``remove-input`` cell under the chapter's *Check yourself*.

    Parameters
    ----------
    *questions : Question
        The questions, in order, their answers computed by the models in the chapter's hidden cell.

    Returns
    -------
    SelfCheck
        Displayed, it is the kernel-free self-check (see the module's docstring).

    Examples
    --------
    >>> q = Question("1 + 1?", "2", "Arithmetic.", {"3": "One too many.", "1": "One too few."})
    >>> check = self_check(q, q, q)
    >>> check._repr_html_().count('class="hp-sc-option hp-sc-')
    9
    >>> self_check(q)
    Traceback (most recent call last):
    ...
    ValueError: questions = 1 is not allowed: a self-check has 3 to 5 questions
    """
    low, high = QUESTIONS_PER_CHAPTER
    if not low <= len(questions) <= high:
        raise ValueError(f"questions = {len(questions)} is not allowed: a self-check has {low} to {high} questions")
    for q in questions:
        if not isinstance(q, Question):
            raise ValueError(f"questions contains {q!r}: each must be an hp.Question")
    return SelfCheck(list(questions))
