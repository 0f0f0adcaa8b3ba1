"""The book's Sphinx extension: evidence links, glossary links and reading times (``_config.yml`` loads it).

* **The ``evidence`` role.** ``{evidence}`key-range-reason``` is a numbered citation of the evidence box whose
  anchor is ``key-range-reason`` (``hp.source_box(..., anchor="key-range-reason")``, or the default anchor of its
  first name), written ``[2]`` where the box is the page's second; ``{evidence}`AWS says so <key-range-reason>```
  links the words instead. When the page is resolved, each link is checked against the boxes the page shows (a
  link to a box that is not there is a warning, so ``-W`` fails the build), and every box's title gets its number.
  The book's script (``book/_assets/hotpart-reading.js``) opens a box when a link or the address's fragment points
  at it.
* **Glossary links.** On every chapter (``notebooks/``), the first use of each term of ``book/glossary.md`` becomes
  a link to its entry: in the prose, tables and lists, not in code, headings, links, maths or collapsed blocks.
  The links are ordinary ``term`` cross-references, so Sphinx resolves them (and warns on one it cannot).
* **Break points in long code names.** Inline code in the prose may wrap on a phone's column: the build marks where a
  code name may break (``<wbr>`` between the words of a camel-case name and after ``.``, ``_``, ``/`` and similar
  separators, :func:`code_break_points`), so that ``ProvisionedThroughputExceededException`` wraps as
  ``ProvisionedThroughput`` / ``ExceededException``, never inside a word (the style sheet's ``overflow-wrap:
  anywhere`` is the last resort, for a name with no such point). Table cells keep code names whole (``nowrap``).
  Long names in the text outside code (a link's words naming a Terraform resource, a file path, an exception) get
  the same points (:func:`name_break_points`).
* **Japanese text.** Every run of Japanese text outside code (the source documents' section titles, quotes) is marked
  ``lang="ja"`` (:func:`japanese_runs`): screen readers read it as Japanese, the browser picks Japanese glyphs, and
  the style sheet's ``line-break: strict`` for it keeps a line from starting with a small kana or a closing mark
  ("ホットパーティシ" / "ョン"), as Japanese typesetting does.
* **Stacked tables on a phone.** Every table of :data:`STACKED_MIN_COLUMNS` columns or more gets the class
  ``hp-stacked`` and, on each cell of its body, ``data-label`` with its column's header (:func:`stacked_table_labels`):
  on a narrow screen the style sheet (``book/_assets/hotpart.css``) shows each row as a block and each cell on its
  own line under its label, instead of a table wider than the column; at desktop width the table is unchanged.
  It is done at build time, so the page needs no script for it.
* **Reading times.** Once the pages are written, every ``<span class="hp-reading-time" data-pages="...">`` of the
  book's own pages (the landing page's chapter list and reading paths) gets the minutes the named pages' main lines
  take to read (:func:`hotpart.main_line_words`, :func:`hotpart.reading_minutes`), from the pages as written.
"""

from __future__ import annotations

import functools
import html as html_module
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform
from sphinx.util import logging

from .evidence import BOX_ID, EVIDENCE_ID_PREFIX, number_boxes, parse_citation
from .reading import main_line_words, reading_minutes, reading_time_text

__all__ = [
    "GlossaryLinks",
    "code_break_points",
    "evidence_role",
    "glossary_forms",
    "glossary_terms",
    "japanese_runs",
    "name_break_points",
    "setup",
    "stacked_table_labels",
]

logger = logging.getLogger(__name__)

#: The book's glossary page, from the book's root.
GLOSSARY = "book/glossary"
#: The pages whose first uses of glossary terms become links: the chapters.
LINKED_PAGES = "notebooks/"
#: How a reading-time placeholder looks in a built page (the landing page writes them with
#: :func:`hotpart.book.reading.reading_time_html`).
READING_TIME = re.compile(r'(<span class="hp-reading-time" data-pages="([^"]*)">)[^<]*(</span>)')

_ANCHOR = re.compile(r"[a-z0-9][a-z0-9-]*")

#: Other words the prose uses for a glossary term, besides the term's own (its parts around " / " and a
#: parenthesis count already: "RCU / read unit" is "RCU" and "read unit").
ALIASES: dict[str, tuple[str, ...]] = {
    "RCU / read unit": ("read capacity unit",),
    "WCU / write unit": ("write capacity unit",),
    "Throttling": ("throttled",),
    "On-demand mode": ("on-demand capacity mode",),
    "Provisioned mode": ("provisioned capacity mode",),
    "Exponential backoff and jitter": ("exponential backoff", "jitter"),
    "CloudWatch data point": ("data point",),
    "Cross-shard query": ("cross-shard queries",),
    "Distributed transaction": ("two-phase commit",),
}


def evidence_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any, options: Any = None, content: Any = None):
    """``{evidence}`anchor``` (a numbered citation) or ``{evidence}`words <anchor>``` (a link on the words)."""
    label, anchor = parse_citation(text)
    if not _ANCHOR.fullmatch(anchor):
        message = inliner.reporter.error(
            f"evidence anchor {anchor!r} is not allowed: lower-case letters, digits and hyphens, as in "
            "{evidence}`key-range-reason`",
            line=lineno,
        )
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    ref = nodes.reference(rawtext, "", internal=True, refuri=f"#{EVIDENCE_ID_PREFIX}{anchor}", classes=["hp-evidence-ref"])
    ref["hp_evidence"] = anchor
    ref["hp_numbered"] = not label
    ref += nodes.Text(label or "[?]")
    return [ref], []


def _html_raw(doctree: nodes.Node) -> list[nodes.raw]:
    return [raw for raw in doctree.findall(nodes.raw) if "html" in raw.get("format", "").split()]


def number_evidence(app: Any, doctree: nodes.document, docname: str) -> None:
    """Number the page's evidence boxes in order, write each number into its box's title and into the citations,
    and warn about a citation of a box the page does not show or two boxes with one anchor."""
    numbers: dict[str, int] = {}
    for raw in _html_raw(doctree):
        for match in BOX_ID.finditer(raw.astext()):
            if match.group(1) in numbers:
                logger.warning(
                    f"two evidence boxes have the anchor {match.group(1)!r} on this page: give one an anchor=", location=raw
                )
            numbers.setdefault(match.group(1), len(numbers) + 1)
    for raw in _html_raw(doctree):
        text = raw.astext()
        numbered = number_boxes(text, numbers)
        if numbered != text:
            new = nodes.raw("", numbered, format=raw["format"])
            new["classes"] = list(raw.get("classes", []))
            raw.replace_self(new)
    for ref in list(doctree.findall(nodes.reference)):
        anchor = ref.get("hp_evidence")
        if anchor is None:
            continue
        if anchor not in numbers:
            shown = ", ".join(sorted(numbers)) or "none"
            logger.warning(
                f"{{evidence}} links to {anchor!r}, which no evidence box on this page has (anchors: {shown})", location=ref
            )
            continue
        if ref["hp_numbered"]:
            ref.children = []
            ref += nodes.Text(f"[{numbers[anchor]}]")


@functools.cache
def _glossary_terms(path: str, mtime: float) -> tuple[str, ...]:
    text = Path(path).read_text(encoding="utf-8")
    block = re.search(r"^```\{glossary\}[^\n]*\n(.*?)^```", text, re.S | re.M)
    if block is None:
        return ()
    return tuple(line.strip() for line in block.group(1).splitlines() if line.strip() and not line[0].isspace())


def glossary_terms(srcdir: str | Path) -> tuple[str, ...]:
    """The terms of the book's glossary (``book/glossary.md`` under ``srcdir``), in its order; none without it.

    Examples
    --------
    >>> terms = glossary_terms(Path(__file__).resolve().parents[2])
    >>> terms[:2], "Heavy hitter" in terms
    (('Partition', 'Partition key'), True)
    """
    path = Path(srcdir) / f"{GLOSSARY}.md"
    return _glossary_terms(str(path), path.stat().st_mtime) if path.is_file() else ()


def glossary_forms(term: str) -> tuple[str, ...]:
    """The words that name a glossary term in the prose: the term, its parts around " / " and a parenthesis, and
    its :data:`ALIASES`.

    Examples
    --------
    >>> glossary_forms("Global secondary index (GSI)")
    ('Global secondary index (GSI)', 'Global secondary index', 'GSI')
    >>> glossary_forms("RCU / read unit")
    ('RCU / read unit', 'RCU', 'read unit', 'read capacity unit')
    """
    forms = [term]
    for part in re.split(r"\s+/\s+", term):
        forms += [p.strip() for p in re.split(r"[()]", part) if p.strip()]
    forms += ALIASES.get(term, ())
    return tuple(dict.fromkeys(forms))


@functools.cache
def _term_pattern(terms: tuple[str, ...]) -> tuple[re.Pattern[str], dict[str, str]]:
    """One pattern matching any form of any term (longest first), and the term of each form, by its lower case.

    A form written with two capitals or more (``GSI``, ``ThrottledRequests``) matches in that case only; the others
    in any case. A plural ``s`` or ``es`` may follow; a letter, digit or hyphen may not touch either end.
    """
    owner: dict[str, str] = {}
    for term in terms:
        for form in glossary_forms(term):
            owner.setdefault(form.lower(), term)
    alternatives = []
    for form in sorted(owner, key=len, reverse=True):
        original = next(f for t in terms for f in glossary_forms(t) if f.lower() == form)
        escaped = re.sub(r"\\? ", r"\\s+", re.escape(original))
        exact = sum(c.isupper() for c in original) >= 2
        alternatives.append(escaped if exact else f"(?i:{escaped})")
    pattern = re.compile(r"(?<![\w-])(?:" + "|".join(alternatives) + r")(?:e?s)?(?![\w-])")
    return pattern, owner


#: Nodes whose text never links to the glossary: code, headings, links, maths, raw HTML and the like.
_NO_LINK = (
    nodes.title,
    nodes.subtitle,
    nodes.rubric,
    nodes.literal,
    nodes.literal_block,
    nodes.reference,
    nodes.raw,
    nodes.math,
    nodes.math_block,
    nodes.comment,
    nodes.target,
    nodes.term,
    nodes.thead,
    nodes.citation_reference,
    nodes.footnote_reference,
    addnodes.pending_xref,
    nodes.FixedTextElement,
)


def _linkable(text: nodes.Text) -> bool:
    node = text.parent
    while node is not None:
        if isinstance(node, _NO_LINK):
            return False
        classes = set(node.get("classes", [])) if isinstance(node, nodes.Element) else set()
        if classes & {"dropdown", "cell_input", "pasted-text", "toggle"}:
            return False
        node = node.parent
    return True


class GlossaryLinks(SphinxTransform):
    """Link the first use of each glossary term on a chapter to the term's entry (see the module's docstring)."""

    default_priority = 700

    def apply(self, **kwargs: Any) -> None:
        docname = self.env.docname
        if not docname.startswith(LINKED_PAGES) or GLOSSARY not in self.env.found_docs:
            return
        terms = glossary_terms(self.env.srcdir)
        if not terms:
            return
        pattern, owner = _term_pattern(terms)
        linked: set[str] = set()
        for text in list(self.document.findall(nodes.Text)):
            if len(linked) == len(terms):
                return
            if not _linkable(text):
                continue
            value = str(text)
            pieces: list[nodes.Node] = []
            at = 0
            for match in pattern.finditer(value):
                word = match.group(0)
                form = " ".join(word.lower().split())
                term = owner.get(form) or owner.get(re.sub(r"e?s$", "", form)) or owner.get(form[:-1])
                if term is None or term in linked:
                    continue
                if value.count("「", 0, match.start()) > value.count("」", 0, match.start()):
                    continue  # inside a Japanese title (「Write Sharding (書き込みシャーディング)」): quoted, not used
                linked.add(term)
                pieces.append(nodes.Text(value[at : match.start()]))
                xref = addnodes.pending_xref(
                    "", refdomain="std", reftype="term", reftarget=term, refexplicit=True, refwarn=True, refdoc=docname
                )
                xref += nodes.inline(word, word, classes=["xref", "std", "std-term", "hp-glossary-link"])
                pieces.append(xref)
                at = match.end()
            if pieces:
                pieces.append(nodes.Text(value[at:]))
                text.parent.replace(text, [p for p in pieces if not (isinstance(p, nodes.Text) and not str(p))])


def fill_reading_times(outdir: str | Path) -> int:
    """Fill every reading-time placeholder of the book's own pages (``book/*.html``) under ``outdir`` from the
    written chapters; return how many were filled. A placeholder naming a page that was not written keeps ``…``.
    """
    outdir = Path(outdir)
    minutes_of: dict[str, int | None] = {}

    def words(page: str) -> int | None:
        if page not in minutes_of:
            path = outdir / f"{page}.html"
            minutes_of[page] = main_line_words(path.read_text(encoding="utf-8")) if path.is_file() else None
        return minutes_of[page]

    filled = 0
    for path in sorted((outdir / "book").glob("*.html")):
        text = path.read_text(encoding="utf-8")
        if "hp-reading-time" not in text:
            continue

        def fill(match: re.Match[str]) -> str:
            nonlocal filled
            counts = [words(p) for p in match.group(2).split(",") if p]
            if not counts or None in counts:
                return match.group(0)
            filled += 1
            return f"{match.group(1)}{reading_time_text(reading_minutes(sum(counts)))}{match.group(3)}"

        new = READING_TIME.sub(fill, text)
        if new != text:
            path.write_text(new, encoding="utf-8")
    return filled


#: Inline code (and a name in the text) at least this long, in characters as written in the page, gets break points.
#: A shorter name fits any line of the prose whole, at 390 px too (the narrowest prose box, a list in a dropdown, holds
#: about 30 characters of the book's monospace), so it moves to the next line whole rather than breaking at a line's
#: end into what reads as two words ("ApproximateUnique" / "Count"); in a table cell code stays whole anyway (nowrap).
CODE_BREAK_MIN = 24
#: A code name's text as Sphinx writes inline code (each word of it in its own ``<span class="pre">``) and as the
#: evidence boxes' quotes write it (``<code>`` around the text alone).
_PRE_SPAN = re.compile(r'(<span class="pre">|<code(?: [^>]*)?>)([^<]+)(</span>|</code>)')
#: Where a code name may break: before a capitalised word that follows a lower-case letter or a digit (``Exceeded|
#: Exception``; not before a closing acronym: ``DynamoDB`` stays whole), before the last capital of a run followed by
#: a lower-case one (``HTTP|Server``), after a separator followed by a letter or digit (``hp.|SOURCES``,
#: ``ON_DEMAND_|TABLE``), never inside an HTML entity.
_CAMEL = r"(?<=[a-z0-9])(?=[A-Z][a-z])|(?<=[A-Z])(?=[A-Z][a-z])"
_BREAK_AT = re.compile(_CAMEL + r"|(?<=[._/#:,(\[=-])(?=[A-Za-z0-9])")
_ENTITY = re.compile(r"(&[A-Za-z0-9#]+;)")


def code_break_points(html: str, min_length: int = CODE_BREAK_MIN) -> str:
    """``html`` with ``<wbr>`` at the break points of every inline code word of at least ``min_length`` characters
    (a ``<span class="pre">`` or a ``<code>`` holding text alone).

    >>> code_break_points('<span class="pre">ProvisionedThroughputExceededException</span>')
    '<span class="pre">Provisioned<wbr>Throughput<wbr>Exceeded<wbr>Exception</span>'
    >>> code_break_points('<span class="pre">hp.SOURCES[&quot;CI_THROTTLE&quot;]</span>', min_length=8)
    '<span class="pre">hp.<wbr>SOURCES[&quot;CI_<wbr>THROTTLE&quot;]</span>'
    >>> code_break_points("<code>AWS::DynamoDB::GlobalTable</code>")
    '<code>AWS::<wbr>DynamoDB::<wbr>Global<wbr>Table</code>'
    >>> code_break_points("<code>global_secondary_index[*].range_key</code>")
    '<code>global_<wbr>secondary_<wbr>index[*].<wbr>range_<wbr>key</code>'
    """

    def mark(match: re.Match[str]) -> str:
        text = match.group(2)
        if len(_ENTITY.sub("x", text)) < min_length:
            return match.group(0)
        parts = _ENTITY.split(text)  # entities at odd positions stay whole
        marked = "".join(p if i % 2 else _BREAK_AT.sub("<wbr>", p) for i, p in enumerate(parts))
        return f"{match.group(1)}{marked}{match.group(3)}"

    return _PRE_SPAN.sub(mark, html)


#: A long name in the prose's text (a Terraform resource type, a file path, a dotted or camel-case name in a link's
#: words): letters and digits, joined by ``_``, ``.``, ``/`` or ``-``, at least :data:`CODE_BREAK_MIN` characters.
_LONG_NAME = re.compile(r"(?<![\w\\$])[A-Za-z0-9]+(?:[_./-]+[A-Za-z0-9]+)*(?![\w$])")
#: Where such a name may break: camel-case words (as in code) and after ``_``, ``.`` or ``/``.
_NAME_BREAK_AT = re.compile(_CAMEL + r"|(?<=[_./])(?=[A-Za-z0-9])")
#: What text marking leaves alone: scripts, styles, preformatted text, typeset maths (its TeX), and tags themselves.
_UNTOUCHED = re.compile(
    r"(<(script|style|pre|textarea)\b.*?</\2>|<span class=\"math[^\"]*\">.*?</span>|<div class=\"math[^\"]*\">.*?</div>"
    r"|<[^>]*>)",
    re.DOTALL,
)


def name_break_points(html: str, min_length: int = CODE_BREAK_MIN) -> str:
    """``html`` with ``<wbr>`` in every long name of its text outside code, at its camel-case words and after its
    ``_``, ``.`` and ``/``, so that a link's words such as ``aws_dynamodb_global_secondary_index`` wrap there, never
    inside a word (a long English word, with no such point, is left as it is).

    >>> name_break_points('<a href="a_b_c_d.html">resource aws_dynamodb_global_secondary_index</a>')
    '<a href="a_b_c_d.html">resource aws_<wbr>dynamodb_<wbr>global_<wbr>secondary_<wbr>index</a>'
    >>> name_break_points("<li>ProvisionedThroughputExceededException's documentation, internationalisation</li>")
    "<li>Provisioned<wbr>Throughput<wbr>Exceeded<wbr>Exception's documentation, internationalisation</li>"
    >>> name_break_points('<span class="math notranslate nohighlight">x_{max_value_of_all_units}</span>')
    '<span class="math notranslate nohighlight">x_{max_value_of_all_units}</span>'
    """

    def mark(match: re.Match[str]) -> str:
        name = match.group(0)
        return _NAME_BREAK_AT.sub("<wbr>", name) if len(name) >= min_length else name

    return _in_text(html, lambda text: _LONG_NAME.sub(mark, text))


def _in_text(html: str, change: Callable[[str], str]) -> str:
    """``html`` with ``change`` applied to its text between tags, leaving the tags and :data:`_UNTOUCHED` alone."""
    parts = _UNTOUCHED.split(html)
    out, i = [], 0
    while i < len(parts):
        out.append(change(parts[i]))  # text between tags
        if i + 1 < len(parts):
            out.append(parts[i + 1])  # a tag or a block left alone (its inner group, parts[i + 2], is dropped)
        i += 3
    return "".join(out)


#: A run of Japanese text: kana, kanji, CJK punctuation and full-width forms, with the spaces inside it.
_JAPANESE = "[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]"
_JAPANESE_RUN = re.compile(f"{_JAPANESE}+(?:[ \u00a0]+{_JAPANESE}+)*")
#: An English word: letters in lower case, with the punctuation around it stripped ("and", "the", "(hot").
_ENGLISH_WORD = re.compile(r"[a-z]+")
_AROUND_WORD = "()[]{}\"'\u201c\u201d\u2018\u2019,.;:!?"
#: The longest stretch of Latin text (names, numbers) a Japanese phrase carries between its Japanese characters.
_JAPANESE_GAP_MAX = 40
#: An element already marked Japanese (the evidence boxes' quotes): its text is left as it is, nested spans and all.
_JAPANESE_SPAN = re.compile(r'<span lang="ja">')
_SPAN_TAG = re.compile(r"<span\b[^>]*>|</span>")


def _inside_japanese_phrase(gap: str, in_brackets: bool) -> bool:
    """True when ``gap``, the text between two runs of Japanese in one text node, belongs to the Japanese phrase: any
    Latin text inside 「...」 (a title: 「RDS vs DynamoDB のシャーディング」), else a name, a number or a unit
    ("DynamoDB ", " 5 ", " ID", "Suffix", "split-for-heat"), not English words ("and") nor an English list's comma
    (", 001 ": Japanese writes 、)."""
    if len(gap) > _JAPANESE_GAP_MAX:
        return False
    if in_brackets:
        return True
    if re.search(r"[,;] ", gap):
        return False
    return not any(_ENGLISH_WORD.fullmatch(token.strip(_AROUND_WORD)) for token in gap.split())


def _mark_japanese(text: str) -> str:
    """``text`` (between tags) with each Japanese phrase in a ``<span lang="ja">``: its runs of Japanese joined across
    the names and numbers between them (:func:`_inside_japanese_phrase`)."""
    phrases: list[list[int]] = []
    for m in _JAPANESE_RUN.finditer(text):
        if phrases and _inside_japanese_phrase(
            text[phrases[-1][1] : m.start()],
            in_brackets=text.count("「", *phrases[-1]) > text.count("」", *phrases[-1]),
        ):
            phrases[-1][1] = m.end()
        else:
            phrases.append([m.start(), m.end()])
    out, at = [], 0
    for start, end in phrases:
        out += [text[at:start], f'<span lang="ja">{text[start:end]}</span>']
        at = end
    return "".join(out) + text[at:]


def _outside_japanese_spans(html: str) -> list[tuple[str, bool]]:
    """``html`` cut into pieces, each with True when it is an element already marked ``<span lang="ja">`` (whole,
    with the spans nested in it)."""
    pieces: list[tuple[str, bool]] = []
    at = 0
    for m in _JAPANESE_SPAN.finditer(html):
        if m.start() < at:
            continue  # inside the marked element just taken
        depth, end = 0, len(html)
        for tag in _SPAN_TAG.finditer(html, m.start()):
            depth += -1 if tag.group(0) == "</span>" else 1
            if depth == 0:
                end = tag.end()
                break
        pieces += [(html[at : m.start()], False), (html[m.start() : end], True)]
        at = end
    return [*pieces, (html[at:], False)]


def japanese_runs(html: str) -> str:
    """``html`` with every Japanese phrase in its text (outside code, scripts, styles, maths and elements already
    marked Japanese) wrapped in ``<span lang="ja">``, so that the style sheet's strict Japanese line breaking applies
    to it. A phrase is a run of Japanese characters with the names and numbers inside it: a title such as
    「DynamoDB のアダプティブキャパシティ」 is one phrase, not three.

    >>> japanese_runs("<td>000 ホットパーティション 「症状から手を選ぶ」 (the short-spike row)</td>")
    '<td>000 <span lang="ja">ホットパーティション 「症状から手を選ぶ」</span> (the short-spike row)</td>'
    >>> japanese_runs("<li>「DynamoDB のアダプティブ」 and 「直前 5 分間」</li>")
    '<li><span lang="ja">「DynamoDB のアダプティブ」</span> and <span lang="ja">「直前 5 分間」</span></li>'
    >>> japanese_runs('<pre>ホット</pre><img alt="ホット"> English only <span lang="ja">“キー <em>設計</em>”</span>')
    '<pre>ホット</pre><img alt="ホット"> English only <span lang="ja">“キー <em>設計</em>”</span>'
    """
    return "".join(piece if marked else _in_text(piece, _mark_japanese) for piece, marked in _outside_japanese_spans(html))


#: A table with this many header cells or more is stacked on a phone (the style sheet's breakpoint).
STACKED_MIN_COLUMNS = 4
_TABLE = re.compile(r"<table\b([^>]*)>(.*?)</table>", re.DOTALL)
_THEAD = re.compile(r"<thead\b[^>]*>(.*?)</thead>", re.DOTALL)
_TBODY = re.compile(r"<tbody\b[^>]*>.*?</tbody>", re.DOTALL)
_TR = re.compile(r"<tr\b[^>]*>.*?</tr>", re.DOTALL)
_TH = re.compile(r"<th\b[^>]*>(.*?)</th>", re.DOTALL)
_TD_OPEN = re.compile(r"<td\b([^>]*)>")
_TAG = re.compile(r"<[^>]*>")


#: TeX a header's maths uses, as plain text for a label (a label is an attribute: MathJax never typesets it).
_TEX_WORDS = {
    r"\max": "max",
    r"\min": "min",
    r"\to": "→",
    r"\infty": "∞",
    r"\zeta": "ζ",
    r"\,": " ",
    r"\cdot": "·",
    r"\times": "×",
    r"\le": "≤",
    r"\ge": "≥",
    r"\pi": "π",
    r"\lambda": "λ",
    r"\mu": "μ",
    r"\sigma": "σ",
}
_SUB = str.maketrans("0123456789+-=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ")
_SUP = str.maketrans("0123456789+-=()in", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁱⁿ")
_INLINE_MATH = re.compile(r"\\\((.*?)\\\)")
_SCRIPT = re.compile(r"([_^])(?:\{([^{}]*)\}|(\\?[A-Za-z0-9]))")


def _tex_text(tex: str) -> str:
    r"""Inline TeX as plain text: ``p_{\max}`` as pₘₐₓ, ``10^{8}`` as 10⁸, ``n \to \infty`` as n → ∞; a sub- or
    superscript with no Unicode form as ``_(...)``/``^(...)``.

    >>> _tex_text(r"C/p_{\max}"), _tex_text(r"n = 10^{12}"), _tex_text(r"C\,\zeta(s)"), _tex_text(r"n \to \infty")
    ('C/pₘₐₓ', 'n = 10¹²', 'C ζ(s)', 'n → ∞')
    >>> _tex_text(r"p_1"), _tex_text(r"x_{B}")
    ('p₁', 'x_(B)')
    """
    text = re.sub(r"\\[A-Za-z]+|\\,", lambda m: _TEX_WORDS.get(m.group(0), m.group(0)), tex)

    def script(m: re.Match[str]) -> str:
        body = m.group(2) if m.group(2) is not None else m.group(3)
        table = _SUB if m.group(1) == "_" else _SUP
        if all(ord(c) in table for c in body.replace(" ", "")):
            return body.replace(" ", "").translate(table)
        return f"{m.group(1)}({body})"

    text = _SCRIPT.sub(script, text)
    return re.sub(r"\\([A-Za-z]+)", r"\1", text).replace("{", "").replace("}", "")


def _label(cell_html: str) -> str:
    """A header cell's text, as an attribute's value: tags dropped, its inline maths as plain text (:func:`_tex_text`),
    spaces joined, quoted."""
    text = html_module.unescape(_TAG.sub("", cell_html))
    text = " ".join(_INLINE_MATH.sub(lambda m: _tex_text(m.group(1)), text).split())
    return html_module.escape(text, quote=True)


def stacked_table_labels(html: str, min_columns: int = STACKED_MIN_COLUMNS) -> str:
    """``html`` with every table whose header row has at least ``min_columns`` cells marked for stacking on a phone:
    the class ``hp-stacked`` on the table and ``data-label="<its column's header>"`` on each cell of its body. A
    table without a header row, with merged cells (``colspan``, ``rowspan``) or with a table inside is left alone.

    >>> head = "<thead><tr><th><p>row</p></th><th>a</th><th>b &amp; c</th><th><em>d</em></th></tr></thead>"
    >>> out = stacked_table_labels(
    ...     f'<table class="table">{head}<tbody><tr><td>1</td><td>2</td><td>3</td><td>4</td></tr></tbody></table>'
    ... )
    >>> out.startswith('<table class="table hp-stacked">'), re.findall(r"<td [^>]*>", out)
    (True, ['<td data-label="row">', '<td data-label="a">', '<td data-label="b &amp; c">', '<td data-label="d">'])
    >>> three = "<table><thead><tr><th>a</th><th>b</th><th>c</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>"
    >>> stacked_table_labels(three) == three
    True
    """

    def mark(match: re.Match[str]) -> str:
        attributes, inner = match.group(1), match.group(2)
        head = _THEAD.search(inner)
        if head is None or "<table" in inner or re.search(r"\b(?:colspan|rowspan)=", inner):
            return match.group(0)
        rows = _TR.findall(head.group(1))
        labels = [_label(cell) for cell in _TH.findall(rows[0])] if len(rows) == 1 else []
        if len(labels) < min_columns:
            return match.group(0)

        def label_row(row: re.Match[str]) -> str:
            cells = iter(labels)
            return _TD_OPEN.sub(lambda td: f'<td data-label="{next(cells, "")}"{td.group(1)}>', row.group(0))

        body = _TBODY.sub(lambda tbody: _TR.sub(label_row, tbody.group(0)), inner)
        if re.search(r'\bclass="', attributes):
            attributes = re.sub(r'\bclass="([^"]*)"', r'class="\1 hp-stacked"', attributes, count=1)
        else:
            attributes += ' class="hp-stacked"'
        return f"<table{attributes}>{body}</table>"

    return _TABLE.sub(mark, html)


def _code_breaks(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    if "body" in context:
        body = stacked_table_labels(context["body"])
        context["body"] = japanese_runs(name_break_points(code_break_points(body)))


def _reading_times(app: Any, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        fill_reading_times(app.outdir)


def setup(app: Any) -> dict[str, Any]:
    """Register the role, the glossary links, the evidence numbering, the code names' break points, the reading times,
    and the script and style sheet they need (served from ``book/_assets``, the book's ``html_static_path``)."""
    app.add_role("evidence", evidence_role)
    app.add_transform(GlossaryLinks)
    app.connect("doctree-resolved", number_evidence)
    app.connect("build-finished", _reading_times)
    app.connect("html-page-context", _code_breaks)
    app.add_css_file("hotpart-reading.css")
    app.add_js_file("hotpart-reading.js", loading_method="defer")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
