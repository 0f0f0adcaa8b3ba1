"""Wide tables on a phone: a table of four columns or more reads stacked, one block a row, each cell under its label.

The build marks every such table ``table.hp-stacked`` and gives each body cell ``data-label`` with its column's header
(``hotpart.book._sphinx.stacked_table_labels``); under the style sheet's 640 px breakpoint (``book/_assets/hotpart.css``)
the header row is hidden, each cell takes the column's width with its label above it in small bold type, and rows are
separated by a rule. At 1280 px the table is an ordinary table, its header row shown. Chapter 15's REMEDIES table (13
rows, 5 columns: 812 px wide in a 358 px column at 390 px before) is the case read here; every chapter's stacked tables
are measured too, those inside closed boxes ("Going deeper" dropdowns, evidence boxes) opened first.
"""

from __future__ import annotations

import re

import pytest
from test_book import _open

from conftest import BUILD, NOTEBOOKS
from hotpart.book._sphinx import STACKED_MIN_COLUMNS

pytestmark = [pytest.mark.book, pytest.mark.browser]

#: Chapter 15's REMEDIES table, by its header row.
REMEDIES_PAGE = "notebooks/15_diagnosis.html"
REMEDIES_HEADERS = ["row", "symptom", "remedy", "pitfall", "in 000’s table"]

#: Open every closed box a reader can open: <details> (evidence boxes, the self-check) and sphinx-togglebutton's
#: dropdown admonitions ("Going deeper").
_OPEN_ALL = """() => {
  document.querySelectorAll("article details").forEach(d => { d.open = true; });
  document.querySelectorAll("article .toggle-hidden > .admonition-title").forEach(t => t.click());
}"""

#: Each stacked table: its box against the column's, its container's sideways scroll, the header row's display,
#: and each body cell's label as drawn (the ::before's content, weight, size) against its column's header.
_TABLES = """() => {
  const article = document.querySelector("article.bd-article");
  return [...article.querySelectorAll("table.hp-stacked")].map(t => {
    const r = t.getBoundingClientRect();
    const holder = t.closest(".pst-scrollable-table-container") || t.parentElement;
    const box = holder.parentElement.getBoundingClientRect();
    // a header with maths (typeset by MathJax) is compared by its label alone
    const headers = [...t.querySelectorAll("thead th")].map(th => th.querySelector("mjx-container, .math")
      ? null : th.textContent.trim().replace(/\\s+/g, " "));
    const cells = [...t.querySelectorAll("tbody td")].map(td => {
      const before = getComputedStyle(td, "::before");
      const c = td.getBoundingClientRect();
      return {label: td.dataset.label, shown: before.content, weight: Number(before.fontWeight),
              size: parseFloat(before.fontSize), display: before.display, index: td.cellIndex,
              right: c.right, left: c.left};
    });
    return {width: r.width, left: r.left, right: r.right, room: box.width, roomLeft: box.left, roomRight: box.right,
            scrolls: holder.scrollWidth - holder.clientWidth, display: getComputedStyle(t).display,
            thead: getComputedStyle(t.querySelector("thead")).display,
            headHeight: t.querySelector("thead").getBoundingClientRect().height,
            headers, cells, first: (t.querySelector("tbody td") || {}).textContent};
  });
}"""


def _tables(browser, base: str, path: str, width: int) -> tuple[list[dict], int]:
    page, _external, _failed, errors = _open(browser, base + path, width, 844 if width < 640 else 900)
    try:
        page.evaluate(_OPEN_ALL)
        page.wait_for_timeout(200)
        tables = page.evaluate(_TABLES)
        wide = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
        four = page.evaluate('() => document.querySelectorAll("article.bd-article table:has(thead th:nth-child(4))").length')
    finally:
        page.close()
    assert not errors, errors
    assert len(tables) == four, f"{path}: {four} tables of four columns or more, {len(tables)} of them stacked"
    return tables, wide


def _remedies(tables: list[dict]) -> dict:
    found = [t for t in tables if t["headers"] == REMEDIES_HEADERS]
    assert len(found) == 1, f"{REMEDIES_PAGE}: the REMEDIES table (headers {REMEDIES_HEADERS}) not found stacked once"
    return found[0]


def _check_stacked(where: str, t: dict) -> None:
    """A table stacked on a phone: no wider than the column, no sideways scroll, header row hidden, every cell's
    label drawn above it in bold, the label its column's header."""
    assert t["display"] == "block" and t["thead"] == "none", f"{where}: not stacked ({t['display']}, {t['thead']})"
    assert t["width"] <= t["room"] + 1 and t["right"] <= t["roomRight"] + 1, (
        f"{where}: {t['width']:.0f} px wide in a column of {t['room']:.0f} px"
    )
    assert t["scrolls"] <= 1, f"{where}: scrolls sideways by {t['scrolls']} px"
    outside = [c for c in t["cells"] if c["right"] > t["roomRight"] + 1]
    assert not outside, f"{where}: {len(outside)} cells reach past the column"
    wrong = [
        (c["index"], c["label"])
        for c in t["cells"]
        if t["headers"][c["index"]] is not None and c["label"] != t["headers"][c["index"]]
    ]
    assert not wrong, f"{where}: cells labelled other than their column's header: {wrong[:4]}"
    unlabelled = [c for c in t["cells"] if not c["label"] or c["shown"] in ("none", "normal", '""')]
    assert not unlabelled, f"{where}: {len(unlabelled)} cells without a label drawn"
    unreadable = [c["label"] for c in t["cells"] if c["weight"] < 600 or c["size"] < 11 or c["display"] != "block"]
    assert not unreadable, f"{where}: labels not on their own line in bold of at least 11 px: {unreadable[:4]}"


def test_the_remedies_table_stacks_on_a_phone(browser, book_server):
    """At 390 px chapter 15's REMEDIES table is no wider than its column and shows each cell under its label."""
    tables, wide = _tables(browser, book_server, REMEDIES_PAGE, 390)
    assert wide <= 1, f"{REMEDIES_PAGE} at 390 px scrolls sideways by {wide} px"
    remedies = _remedies(tables)
    _check_stacked(f"{REMEDIES_PAGE} REMEDIES at 390 px", remedies)
    assert len(remedies["cells"]) == 13 * len(REMEDIES_HEADERS)
    assert {c["shown"] for c in remedies["cells"]} == {f'"{h}"' for h in REMEDIES_HEADERS}


def test_the_remedies_table_is_an_ordinary_table_on_a_desktop(browser, book_server):
    """At 1280 px the same table is a table: its header row shown, no labels in the cells."""
    tables, _ = _tables(browser, book_server, REMEDIES_PAGE, 1280)
    remedies = _remedies(tables)
    assert remedies["display"] == "table" and remedies["thead"] == "table-header-group", remedies["display"]
    assert remedies["headHeight"] > 10, "the header row is not shown at 1280 px"
    assert {c["shown"] for c in remedies["cells"]} == {"none"}, "labels drawn in the cells at 1280 px"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_wide_table_of_a_chapter_stacks_on_a_phone(browser, book_server, notebook):
    """At 390 px every stacked table of each chapter, closed boxes opened, fits its column with its labels."""
    path = f"notebooks/{notebook.stem}.html"
    tables, wide = _tables(browser, book_server, path, 390)
    assert wide <= 1, f"{path} at 390 px scrolls sideways by {wide} px"
    for i, t in enumerate(tables):
        _check_stacked(f"{path} table {i} ({t['first'][:30]!r})", t)


_TABLE = re.compile(r"<table\b[^>]*>.*?</table>", re.S)


def test_every_table_of_four_columns_or_more_is_marked(built_book):
    """In the built pages, every table whose header row has :data:`STACKED_MIN_COLUMNS` cells or more is
    ``hp-stacked`` and each of its body cells has a label with no raw TeX; narrower tables are left alone."""
    marked = 0
    for path in sorted(BUILD.glob("notebooks/*.html")):
        for table in _TABLE.findall(path.read_text(encoding="utf-8")):
            head = re.search(r"<thead>(.*?)</thead>", table, re.S)
            columns = len(re.findall(r"<th\b", head.group(1))) if head else 0
            stacked = "hp-stacked" in table.split(">", 1)[0]
            assert stacked == (columns >= STACKED_MIN_COLUMNS), f"{path.name}: a table of {columns} columns"
            if stacked:
                marked += 1
                cells = re.findall(r"<td\b([^>]*)>", table)
                labels = [re.search(r'data-label="([^"]*)"', c) for c in cells]
                assert all(labels) and all(m.group(1) for m in labels), f"{path.name}: cells without a label"
                assert not [m.group(1) for m in labels if "\\" in m.group(1)], f"{path.name}: raw TeX in a label"
    assert marked >= 40, marked
