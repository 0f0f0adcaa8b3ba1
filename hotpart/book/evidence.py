"""The evidence boxes: the sources a chapter's claims rest on and the assumptions its models make, one click away.

A chapter shows the quotes its statements rest on with :func:`source_box` and the modelling choices AWS does not
publish with :func:`assumption_box`, each in a ``remove-input`` code cell next to the prose that relies on it. A box
is collapsed by default: an HTML ``<details>`` element with the book theme's admonition look, titled with what it
holds (``"7 sources: AWS's key-range page, 002, …"``), so that a reader who wants the quote gets it in one click
and a reader who does not never scrolls past it. It reads the same without the book: JupyterLab's sanitizer and
GitHub keep ``<details>``, ``<summary>``, ``class``, ``id`` and ``lang``.

Every box has a stable anchor, ``ev-<anchor>`` (by default the first name it shows, in lower case with hyphens:
``source_box("KEY_RANGE_REASON")`` is ``#ev-key-range-reason``), and the sentence that rests on it links to it with
the book's ``evidence`` role (``hotpart/book/_sphinx.py``): ``{evidence}`key-range-reason``` is a numbered
citation, ``[2]``, and ``{evidence}`AWS says so <key-range-reason>``` a link on the words. The book numbers a page's
boxes in order and opens a box when a link or the address's fragment points at it; the reader's edition
(``hotpart/book/_reader.py``) does the same numbering for Jupyter.

:func:`evidence_table` lists every source or every assumption for the book's page *What the course rests on*.
"""

from __future__ import annotations

import html as _html
import re
from collections.abc import Sequence
from typing import Any

from .plotting import markdown_table

__all__ = [
    "assumption_box",
    "Box",
    "EVIDENCE_ID_PREFIX",
    "evidence_table",
    "source_box",
]

#: Every evidence box's HTML id starts with this, followed by its anchor: ``ev-key-range-reason``.
EVIDENCE_ID_PREFIX = "ev-"
#: The class a box's summary carries for the number the book (or the reader's edition) writes into it: ``[2]``.
NUMBER_CLASS = "hp-ev-number"
#: Names listed in a box's title before the ellipsis.
_TITLE_NAMES = 3
_ANCHOR = re.compile(r"[a-z0-9][a-z0-9-]*")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


#: A box in a page's or an output's HTML; its group is the anchor (after ``ev-``).
BOX_ID = re.compile(rf'<details\b[^>]*\bid="{re.escape(EVIDENCE_ID_PREFIX)}([a-z0-9][a-z0-9-]*)"')
_NUMBER_SLOT = f'<span class="{NUMBER_CLASS}"></span>'
_CITATION = re.compile(r"(?P<text>.*?)\s*<(?P<anchor>[^<>]+)>\s*", re.S)


def parse_citation(body: str) -> tuple[str, str]:
    """The words and the anchor of an ``{evidence}`` citation: ``("", "ceiling")`` for ``ceiling`` (a numbered
    citation), ``("AWS says so", "ceiling")`` for ``AWS says so <ceiling>``.

    Examples
    --------
    >>> parse_citation("ceiling"), parse_citation("two ways <two-wordings>")
    (('', 'ceiling'), ('two ways', 'two-wordings'))
    """
    explicit = _CITATION.fullmatch(body.strip())
    return (explicit["text"].strip(), explicit["anchor"].strip()) if explicit else ("", body.strip())


def number_boxes(html: str, numbers: dict[str, int]) -> str:
    """``html`` with each evidence box's number, from ``numbers`` (by anchor), written into its title: ``[2]``.

    Examples
    --------
    >>> html = number_boxes(Box("t", ["x"], anchor="ceiling")._repr_html_(), {"ceiling": 2})
    >>> html[html.index("<span"):][:41]
    '<span class="hp-ev-number">[2]</span> t</'
    """
    pieces, at = [], 0
    for match in BOX_ID.finditer(html):
        slot = html.find(_NUMBER_SLOT, match.end())
        if slot < 0 or match.group(1) not in numbers:
            continue
        pieces += [html[at:slot], f'<span class="{NUMBER_CLASS}">[{numbers[match.group(1)]}]</span> ']
        at = slot + len(_NUMBER_SLOT)
    return "".join(pieces) + html[at:] if pieces else html


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _inline_html(text: str) -> str:
    """Plain text with ``code`` in backquotes, **bold** in double stars and [links](https://...) as HTML."""
    out = _html.escape(" ".join(str(text).split()), quote=False)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    out = re.sub(r"\[([^\]]+)\]\((https://[^)\s]+)\)", r'<a href="\2">\1</a>', out)
    return re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", out)


class _Item:
    """One paragraph of a box, written out for both renderings (Markdown and HTML)."""

    def __init__(self, markdown: str, html: str) -> None:
        self.markdown, self.html = markdown, html


def default_anchor(name: str) -> str:
    """The anchor a box gets from the first name it shows: lower case, ``_`` as ``-``.

    Examples
    --------
    >>> default_anchor("KEY_RANGE_REASON")
    'key-range-reason'
    """
    return str(name).lower().replace("_", "-")


class Box:
    """A collapsed evidence box that reads the same in the built book, in JupyterLab and on GitHub.

    Its HTML is a ``<details>`` element with the book theme's admonition classes (the book styles it as an
    admonition with a chevron; Jupyter shows a plain disclosure triangle), closed until the reader opens it, with a
    stable id. Its Markdown (for clients that render no HTML) is the same ``<details>`` block around a bullet list,
    never MyST syntax that only the book understands.

    Parameters
    ----------
    title : str
        The box's title, the one line a reader sees before opening it: what it holds.
    items : sequence of str
        One paragraph per item, in plain text with ``code`` in backquotes, **bold** in double stars and
        ``[text](https://...)`` links.
    kind : {"note", "warning"}
        The admonition class: ``"note"`` for sources, ``"warning"`` for assumptions.
    anchor : str, optional
        The box's anchor (lower-case letters, digits and hyphens): its id is ``ev-<anchor>``. By default derived
        from the title.
    detail : str, optional
        What the box holds, when ``title`` says what it is about: set on a line of its own under the title in the
        book (``"5 sources: AWS's warm-throughput scenarios, 001, 002, …"``), after a dash elsewhere.

    Examples
    --------
    >>> box = Box("2 sources: 000, 002", ["One.", "Two."], anchor="ceiling")
    >>> box._repr_html_()[:61]
    '<details class="admonition note hp-evidence" id="ev-ceiling">'
    >>> Box("t", ["x"], anchor="Not An Anchor")
    Traceback (most recent call last):
    ...
    ValueError: anchor = 'Not An Anchor' is not allowed: must be lower-case letters, digits and hyphens
    """

    def __init__(
        self,
        title: str,
        items: Sequence[str | _Item],
        kind: str = "note",
        anchor: str | None = None,
        detail: str | None = None,
    ) -> None:
        if kind not in ("note", "warning"):
            raise ValueError(f"kind = {kind!r} is not allowed; allowed: 'note' or 'warning'")
        if anchor is None:
            anchor = re.sub(r"[^a-z0-9]+", "-", str(title).lower()).strip("-") or "box"
        if not isinstance(anchor, str) or not _ANCHOR.fullmatch(anchor):
            raise ValueError(f"anchor = {anchor!r} is not allowed: must be lower-case letters, digits and hyphens")
        self.title, self.items, self.kind, self.anchor, self.detail = title, list(items), kind, anchor, detail or ""

    @property
    def id(self) -> str:
        """The box's HTML id, ``ev-<anchor>``: what a link to it names after the ``#``."""
        return EVIDENCE_ID_PREFIX + self.anchor

    @staticmethod
    def _inline_html(text: str) -> str:
        return _inline_html(text)

    def _item_html(self, item: str | _Item) -> str:
        return item.html if isinstance(item, _Item) else _inline_html(item)

    def _item_markdown(self, item: str | _Item) -> str:
        return item.markdown if isinstance(item, _Item) else " ".join(str(item).split())

    @property
    def heading(self) -> str:
        """The title and the detail on one line, as text: what a reader sees before opening the box."""
        return f"{self.title} — {self.detail}" if self.detail else self.title

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{self._item_html(i)}</li>" for i in self.items)
        detail = (
            f'<span class="hp-ev-sep"> — </span><span class="hp-ev-detail">{_html.escape(self.detail)}</span>'
            if self.detail
            else ""
        )
        return (
            f'<details class="admonition {self.kind} hp-evidence" id="{self.id}">'
            f'<summary class="admonition-title"><span class="{NUMBER_CLASS}"></span>{_html.escape(self.title)}'
            f"{detail}</summary><ul>{items}</ul></details>"
        )

    def _repr_markdown_(self) -> str:
        lines = [f'<details id="{self.id}"><summary><b>{_html.escape(self.heading)}</b></summary>', ""]
        lines += [f"* {self._item_markdown(i)}" for i in self.items]
        return "\n".join([*lines, "", "</details>"])

    def __repr__(self) -> str:
        return f"Box({self.title!r}, {len(self.items)} items, anchor={self.anchor!r})"

    @property
    def data(self) -> str:
        """The Markdown text (as :class:`IPython.display.Markdown` has it)."""
        return self._repr_markdown_()


def _format_value(value: object) -> str:
    """An assumption's value as the page shows it: floats to 4 significant digits (``1.157e-05``, not 17), whole
    floats as whole numbers (``5``, not ``5.0``).

    Examples
    --------
    >>> _format_value(1.157e-05), _format_value(5.0), _format_value(4096), _format_value("halved")
    ('1.157e-05', '5', '4096', 'halved')
    """
    if isinstance(value, float) and not value.is_integer():
        return f"{value:.4g}"
    if isinstance(value, float) and abs(value) < 1e15:
        return f"{value:.0f}"
    return str(value)


def _names_title(count: int, noun: str, names: Sequence[str]) -> str:
    """``"7 sources: AWS's key-range page, 002, …"``: the count, then the distinct names in order, at most three."""
    distinct = list(dict.fromkeys(names))
    shown = ", ".join(distinct[:_TITLE_NAMES]) + (", …" if len(distinct) > _TITLE_NAMES else "")
    return f"{count} {noun}{'' if count == 1 else 's'}: {shown}"


def _check_names(names: tuple[str, ...], registry: dict[str, Any], label: str) -> None:
    if not names:
        raise ValueError(f"names = () is empty; allowed: one or more keys of hotpart.{label}")
    for name in names:
        if name not in registry:
            raise ValueError(f"names = {name!r} is not in hotpart.{label}")


def assumption_box(*names: str, anchor: str | None = None) -> Box:
    """The named modelling assumptions as a collapsed box, for a ``remove-input`` cell of the chapter that relies on
    them.

    Each entry of :data:`hotpart.ASSUMPTIONS` gives its value, why the course chose it and what AWS does say, so a
    reader sees which parts of a result rest on a choice AWS does not publish. The title names them:
    ``"1 assumption AWS does not publish: PARTITION_READS_WRITES_APART"``.

    Parameters
    ----------
    *names : str
        Keys of :data:`hotpart.ASSUMPTIONS`.
    anchor : str, optional
        The box's anchor; by default the first name, in lower case with hyphens.

    Examples
    --------
    >>> assumption_box("PARTITION_READS_WRITES_APART").title
    '1 assumption AWS does not publish: PARTITION_READS_WRITES_APART'
    >>> assumption_box("nope")
    Traceback (most recent call last):
    ...
    ValueError: names = 'nope' is not in hotpart.ASSUMPTIONS
    """
    from ..models.constants import ASSUMPTIONS

    _check_names(names, ASSUMPTIONS, "ASSUMPTIONS")
    items = []
    for name in names:
        a = ASSUMPTIONS[name]
        unit = f" {a.unit}" if a.unit else ""
        items.append(f"**`{name}` = {_format_value(a.value)}{unit}.** {a.why} **What AWS says:** {a.aws_says}")
    title = _names_title(len(names), "assumption", names).replace(":", " AWS does not publish:", 1)
    return Box(title, items, kind="warning", anchor=default_anchor(names[0]) if anchor is None else anchor)


def _source_item(src: Any) -> _Item:
    """A source as one paragraph: its quote (in Japanese with ``lang="ja"`` and the course's translation beside it),
    its page and the date it was read."""
    where_md = f"[{src.where}]({src.url})" if src.url else src.where
    where_html = f'<a href="{_html.escape(src.url)}">{_html.escape(src.where)}</a>' if src.url else _html.escape(src.where)
    quote = " ".join(src.quote.split())
    japanese = bool(_JAPANESE.search(quote))
    quote_html = _inline_html(quote)
    if japanese:
        quote_html = f'“<span lang="ja">{quote_html}</span>”'  # the English quotation marks outside: not full-width
        gloss = src.gloss
        quote_html += f' <span class="hp-gloss">(the course\'s translation: “{_inline_html(gloss)}”)</span>' if gloss else ""
        quote_md = f"“{quote}”" + (f" (the course's translation: “{gloss}”)" if gloss else "")
    else:
        quote_html, quote_md = f"“{quote_html}”", f"“{quote}”"
    return _Item(
        f"{quote_md} ({where_md}, read {src.as_of})",
        f'{quote_html} <span class="hp-where">({where_html}, read {src.as_of})</span>',
    )


def source_box(*names: str, title: str | None = None, anchor: str | None = None) -> Box:
    """The named sources' quoted sentences, with their pages and dates, as a collapsed box.

    The title says what the box holds: how many sources and the pages they come from
    (``"7 sources: AWS's key-range page, 002, …"``, by :attr:`hotpart.Source.short`), on a line of its own under
    ``title`` when one is given. A quote in Japanese is shown with the course's English translation beside it.

    Parameters
    ----------
    *names : str
        Keys of :data:`hotpart.SOURCES` whose records hold a quote.
    title : str, optional
        What the sources are about, put before the count: ``"Which exception a throttled client sees"``.
    anchor : str, optional
        The box's anchor; by default the first name, in lower case with hyphens.

    Examples
    --------
    >>> box = source_box("PARTITION_MAX_WCU", "EXAMPLE_HOT_PARTITION")
    >>> box.title, box.id
    ("2 sources: AWS's warm-throughput scenarios, 000", 'ev-partition-max-wcu')
    >>> "docs.aws.amazon.com" in box._repr_html_()
    True
    """
    from ..models.constants import SOURCES

    _check_names(names, SOURCES, "SOURCES")
    for name in names:
        if not SOURCES[name].quote:
            raise ValueError(f"names = {name!r} has no quote in hotpart.SOURCES; allowed: sources with a quote")
    counted = _names_title(len(names), "source", [SOURCES[n].short for n in names])
    items = [_source_item(SOURCES[n]) for n in names]
    anchor = default_anchor(names[0]) if anchor is None else anchor
    if title:
        return Box(title, items, kind="note", anchor=anchor, detail=counted)
    return Box(counted, items, kind="note", anchor=anchor)


def evidence_table(kind: str) -> Any:
    """Every assumption or every source as one computed Markdown table, for the book's evidence page.

    Parameters
    ----------
    kind : {"assumptions", "sources"}
        Which registry to list: :data:`hotpart.ASSUMPTIONS` or :data:`hotpart.SOURCES`.

    Examples
    --------
    >>> evidence_table("sources").data.splitlines()[0]
    '| name | what | quote | read |'
    """
    from ..models.constants import ASSUMPTIONS, SOURCES

    if kind == "assumptions":
        rows = []
        for name, a in sorted(ASSUMPTIONS.items()):
            unit = f" {a.unit}" if a.unit else ""
            chapters = ", ".join(f"{{doc}}`../notebooks/{c}`" for c in a.chapters)
            rows.append((f"`{name}`", _cell(f"{a.value}{unit}"), _cell(a.why), _cell(a.aws_says), chapters))
        return markdown_table(["name", "value", "why this value", "what AWS says", "chapters"], rows)
    if kind == "sources":
        rows = []
        for name, src in sorted(SOURCES.items()):
            where = f"[{_cell(src.where)}]({src.url})" if src.url else _cell(src.where)
            quote = f"“{_cell(src.quote)}”" + (f" (the course's translation: “{_cell(src.gloss)}”)" if src.gloss else "")
            rows.append((f"`{name}`", where, quote, src.as_of))
        return markdown_table(["name", "what", "quote", "read"], rows)
    raise ValueError(f"kind = {kind!r} is not allowed; allowed: 'assumptions' or 'sources'")
