"""The main line of a built page: the words a reader who never opens a collapsed block reads, and how long that takes.

A chapter's main line is its visible prose: what is left of the page's article when the collapsed blocks (the
evidence boxes, "Going deeper" blocks, solutions), code, and what code cells print or display (stdout, plain-text
values, HTML outputs: explorables, evidence boxes, the self-check) are taken out. Tables a code cell computes with
:func:`hotpart.markdown_table` are prose the page shows, and count. ``tests/test_reading.py`` holds every chapter to
:data:`MAIN_LINE_MAX_WORDS`; the landing page gives each chapter's reading time from the same count
(``hotpart/book/_sphinx.py`` fills it in once the pages are written).

It reads the HTML with the standard library's parser, so that the package needs nothing the book does not.
"""

from __future__ import annotations

import math
import re
from html.parser import HTMLParser

__all__ = [
    "MAIN_LINE_MAX_WORDS",
    "READING_WORDS_PER_MINUTE",
    "main_line_text",
    "main_line_words",
    "reading_minutes",
    "reading_time_text",
]

#: The most words a chapter's main line may have: a lecture a reader finishes in one sitting (issue 46).
MAIN_LINE_MAX_WORDS = 4_000
#: Reading speed for the landing page's reading times, words per minute: a technical text read with care (the
#: 238 words per minute of Brysbaert's 2019 meta-analysis is for fiction and non-fiction read silently).
READING_WORDS_PER_MINUTE = 200

#: Elements whose text is never main line.
_SKIP_TAGS = frozenset({"script", "style", "pre", "details", "noscript", "svg", "button", "template", "form", "nav"})
#: Classes that take an element's text out of the main line: code cells' input and their outputs (stdout, values,
#: HTML such as explorables, evidence boxes and self-checks), dropdown admonitions (solutions, Going deeper),
#: maths, heading permalinks.
_SKIP_CLASSES = frozenset({"cell_input", "output", "dropdown", "toggle-hidden", "math", "headerlink", "hp-selfcheck"})
#: Elements that end a run of words (their text never runs into the next element's).
_BLOCKS = frozenset(
    {"p", "div", "li", "td", "th", "tr", "br", "dt", "dd", "h1", "h2", "h3", "h4", "h5", "h6", "section", "table", "ul", "ol"}
)
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
_WORD = re.compile(r"\S+")
_HAS_WORD_CHAR = re.compile(r"\w")


class _MainLine(HTMLParser):
    """Collects the text of the page's article outside the skipped elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool, bool]] = []  # (tag, skipped, inside the article)
        self.parts: list[str] = []
        self.found_article = False

    def _state(self) -> tuple[bool, bool]:
        return (self.stack[-1][1], self.stack[-1][2]) if self.stack else (False, False)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        skipped, inside = self._state()
        classes = set((dict(attrs).get("class") or "").split())
        if tag == "article" and "bd-article" in classes:
            inside, self.found_article = True, True
        if tag in _BLOCKS:
            self.parts.append("\n")
        if tag in _VOID:
            return
        self.stack.append((tag, skipped or tag in _SKIP_TAGS or bool(classes & _SKIP_CLASSES), inside))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _BLOCKS:
            self.parts.append("\n")
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        skipped, inside = self._state()
        if inside and not skipped:
            self.parts.append(data)


def main_line_text(html: str) -> str:
    """The main line's text of a built page (see the module's docstring), whitespace as the page has it.

    Parameters
    ----------
    html : str
        A page of the built book (it has an ``<article class="bd-article">``; without one, nothing counts).

    Examples
    --------
    >>> page = ('<article class="bd-article"><h1>Title<a class="headerlink">#</a></h1><p>Two words.</p>'
    ...         '<div class="cell_input"><pre>x = 1</pre></div><details><summary>3 sources</summary>quote</details>'
    ...         '<div class="dropdown admonition"><p>Solution text</p></div></article><p>footer</p>')
    >>> " ".join(main_line_text(page).split())
    'Title Two words.'
    """
    parser = _MainLine()
    parser.feed(html)
    parser.close()
    return "".join(parser.parts)


def main_line_words(html: str) -> int:
    """The number of words in a built page's main line: whitespace-separated tokens with a letter or a digit.

    Examples
    --------
    >>> main_line_words('<article class="bd-article"><p>A table <code>hp.f()</code> of 1,000 WCU/s — full.</p></article>')
    7
    """
    return sum(1 for token in _WORD.findall(main_line_text(html)) if _HAS_WORD_CHAR.search(token))


def reading_minutes(words: int, words_per_minute: int = READING_WORDS_PER_MINUTE) -> int:
    """Minutes to read ``words`` words at ``words_per_minute``, rounded up (at least 1).

    Examples
    --------
    >>> reading_minutes(3_450), reading_minutes(1), reading_minutes(4_000)
    (18, 1, 20)
    >>> reading_minutes(-1)
    Traceback (most recent call last):
    ...
    ValueError: words = -1 is not allowed: must be a whole number >= 0
    """
    if isinstance(words, bool) or not isinstance(words, int) or words < 0:
        raise ValueError(f"words = {words!r} is not allowed: must be a whole number >= 0")
    if isinstance(words_per_minute, bool) or not isinstance(words_per_minute, int) or words_per_minute < 1:
        raise ValueError(f"words_per_minute = {words_per_minute!r} is not allowed: must be a whole number >= 1")
    return max(1, math.ceil(words / words_per_minute))


def reading_time_text(minutes: int) -> str:
    """A reading time as a page writes it: ``"12 min"``, ``"1 h 42 min"``, ``"2 h"``.

    Examples
    --------
    >>> reading_time_text(12), reading_time_text(102), reading_time_text(120)
    ('12 min', '1 h 42 min', '2 h')
    """
    if isinstance(minutes, bool) or not isinstance(minutes, int) or minutes < 0:
        raise ValueError(f"minutes = {minutes!r} is not allowed: must be a whole number >= 0")
    hours, rest = divmod(minutes, 60)
    if not hours:
        return f"{rest} min"
    return f"{hours} h" + (f" {rest} min" if rest else "")


def reading_time_html(pages: list[str]) -> str:
    """A placeholder for the reading time of ``pages`` (docnames, ``"notebooks/01_partitions"``), which the build
    fills in once the pages are written: ``<span class="hp-reading-time" data-pages="...">…</span>``.

    Examples
    --------
    >>> reading_time_html(["notebooks/01_partitions"])
    '<span class="hp-reading-time" data-pages="notebooks/01_partitions">…</span>'
    """
    return f'<span class="hp-reading-time" data-pages="{",".join(pages)}">…</span>'
