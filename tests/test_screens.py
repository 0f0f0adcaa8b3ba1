"""Every built page on a phone (390 x 844) and on a desktop (1280 x 900), in Chromium, as a reader sees it.

On each page and at each width: nothing scrolls the page sideways; the rendered text outside code has no raw TeX
and no doubled word; no console error and no request to another host; no table cell shows a word or a number
broken across two lines (a table whose words need more room scrolls in its own box), and no word of the prose, a code
name or a link's words included, breaks inside a word (only at a space or the break points the build marks:
hotpart.book._sphinx.code_break_points and name_break_points). At 1280 px no code block
scrolls sideways (a code cell, a command in the prose, a cell's printed output; :data:`CODE_EXEMPT` lists the
exceptions, with their reasons: none today). Every figure and explorable frame shows whole: never wider than the
column or inside a box that scrolls; at 390 px it is the narrow layout (panels stacked, legends below) and its
smallest text, as drawn (``data-text-px``, the figure's smallest font at the book's 100 dpi) and scaled to the
image's size on screen, is at least :data:`MIN_TEXT_PX` CSS pixels high; at 1280 px it is the wide layout, as
before. Closed ``<details>`` are opened first, so that what a reader unfolds is measured too.
"""

from __future__ import annotations

import re

import pytest
from test_book import _open

import hotpart as hp
from allowlist import BENIGN_CONSOLE_ERRORS
from conftest import NOTEBOOKS
from test_notebooks import explorables_in

pytestmark = [pytest.mark.book, pytest.mark.browser]

#: The widths read: a phone (an iPhone 12-15's CSS viewport) and a desktop.
SCREENS = ((390, 844), (1280, 900))
#: The smallest text a reader should have to read in a figure, CSS px (the legends' 8 pt is 11.1 px at 100 dpi).
MIN_TEXT_PX = 8.0
#: Characters a code line may have: the code column at 1280 px holds 77 of the book's 14 px monospace (8.43 px each in
#: a 652 px box), one kept for fonts a little wider.
CODE_COLUMNS = 76
#: Code blocks allowed to scroll sideways at 1280 px, by page and the block's longest line's start, with the reason.
#: None: every code cell, command and output fits or wraps (tests/test_screens.py's code check keeps it so).
CODE_EXEMPT: dict[tuple[str, str], str] = {}
_PAGES = (
    ["index.html", "book/intro.html"]
    + [f"{page}.html" for page in hp.PARTS.values()]
    + ["book/glossary.html", "book/evidence.html", "book/references.html"]
    + [f"notebooks/{nb.stem}.html" for nb in NOTEBOOKS]
)
#: TeX that must not reach the reader: a dollar sign before a non-space, or a backslash command of the course's maths.
#: A dollar sign inside a name (AWS's API writes a member as ``ResultConfiguration$OutputLocation``) is not maths.
_RAW_TEX = re.compile(r"(?<!\w)\$[^\s$\d]|\\(?:frac|pi|text|sum|cdot|left|right|min|max|mathrm|quad|le|ge|times)\b|\\[()\[\]]")
#: A word written twice in a row within one line (across a line break it is two table cells or two list items).
_DOUBLED = re.compile(r"\b([A-Za-z]{2,})[ \t]+\1\b(?![-\w])", re.IGNORECASE)

_MEASURE = """() => {
  document.querySelectorAll("article details").forEach(d => { d.open = true; });
  const vw = document.documentElement.clientWidth;
  const wide = document.documentElement.scrollWidth - vw;
  const article = document.querySelector("article") || document.body;
  const column = (document.querySelector("article.bd-article") || article).getBoundingClientRect();
  const copy = article.cloneNode(true);
  copy.querySelectorAll("pre, script, style").forEach(x => x.remove());
  copy.querySelectorAll("mjx-container, .MathJax").forEach(x => x.replaceWith(" \\u00a4 "));  // typeset maths
  copy.querySelectorAll("code").forEach(x => x.replaceWith(" \\u00a4 "));  // code names are not words of the prose
  copy.querySelectorAll("td, th, li, p, div").forEach(x => x.append("\\n"));

  // Words and numbers broken across two lines in a table cell: a line break between two letters or digits
  // ("writte/n", "1/0", "5,20/0"), or between a number and its point, comma or percent sign ("100.0/%"). Breaks
  // at a space, after a hyphen or dash, around other punctuation ("members":/{), and between Japanese characters
  // (which break anywhere) are where text wraps.
  const CJK = /[\\u3000-\\u30ff\\u3400-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef]/;
  const ALNUM = /[\\p{L}\\p{N}]/u, DIGIT = /\\p{N}/u;
  // In Japanese, a line may not start with a small kana, a prolonged-sound mark or a closing mark, nor end with an
  // opening one ("ホットパーティシ/ョン", "「/症状"): Japanese typesetting's kinsoku rules.
  const NO_START = /[ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶー、。，．・：；！？」』）〕］｝〉》]/;
  const NO_END = /[「『（〔［｛〈《]/;
  const splits = (a, b) => (CJK.test(a) && (NO_START.test(b) || NO_END.test(a)))
    || (!CJK.test(a) && !CJK.test(b) && ((ALNUM.test(a) && ALNUM.test(b))
    || (DIGIT.test(a) && /[.,%]/.test(b)) || (/[.,]/.test(a) && DIGIT.test(b))));
  const line = (node, i) => {
    const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
    const box = [...r.getClientRects()].find(x => x.width > 0);
    return box ? Math.round(box.bottom) : null;
  };
  const split = [];
  // and the prose's words, inline code and links included, which break only at a space or at the points the build
  // marks (<wbr> splits a text node there: camel-case words, after a separator), never inside a word
  // ("ProvisionedThroughputExcee/ded", "aws_dynamodb_global_secondary_inde/x")
  const texts = [];
  for (const cell of article.querySelectorAll("td, th")) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node);
  }
  const prose = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
  for (let node = prose.nextNode(); node; node = prose.nextNode()) {
    const parent = node.parentElement;
    if (parent && parent.closest("p, li") && !parent.closest("td, th, pre, mjx-container, .MathJax, script, style")) {
      texts.push(node);
    }
  }
  for (const node of texts) {
    for (const m of node.textContent.matchAll(/\\S{2,}/g)) {
      const r = document.createRange(); r.setStart(node, m.index); r.setEnd(node, m.index + m[0].length);
      if (new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.bottom))).size < 2) continue;
      let last = line(node, m.index);
      for (let i = 1; i < m[0].length; i++) {
        const here = line(node, m.index + i);
        if (here === null) continue;
        if (last !== null && here !== last && splits(m[0][i - 1], m[0][i])) {
          split.push(m[0].slice(0, i) + "/" + m[0].slice(i, 60));
          break;
        }
        last = here;
      }
    }
  }

  // Code blocks that scroll sideways: inputs, commands in the prose, printed outputs.
  const code = [...article.querySelectorAll("pre")].filter(p => p.scrollWidth > p.clientWidth + 1).map(p => ({
    kind: p.closest(".cell_input") ? "code cell" : p.closest(".cell_output") ? "output" : "block in the prose",
    over: p.scrollWidth - p.clientWidth,
    line: p.textContent.split("\\n").reduce((a, b) => (b.length > a.length ? b : a), "").trim().slice(0, 40),
  }));

  // Figures: the image on screen against the column and every box around it that could clip it.
  const figures = [...article.querySelectorAll("img")]
    .filter(i => i.naturalWidth > 0 && i.getBoundingClientRect().width > 0)
    .map(i => {
      const r = i.getBoundingClientRect();
      let room = column.width;
      for (let e = i.parentElement; e && e !== article; e = e.parentElement) {
        if (getComputedStyle(e).overflowX !== "visible") room = Math.min(room, e.clientWidth);
      }
      const src = i.currentSrc || i.src;
      return {src: src.split("/").slice(-2).join("/"), narrow: /-narrow\\.png$/.test(src),
              picture: !!i.closest("picture.hp-figure"), drawn: r.width, natural: i.naturalWidth,
              fits: r.width <= room + 1 && r.left >= column.left - 1 && r.right <= column.right + 1,
              textPx: parseFloat((i.closest("picture") || i).dataset.textPx || i.dataset.textPx || "NaN")};
    });
  return {wide, text: copy.textContent, split, code, figures};
}"""


def _code_lines(notebook):
    """Every line of code a reader sees in a chapter, with where it is: visible code cells, and code blocks in the
    prose (```bash, ```sql, ...); cells the book removes are not shown."""
    import json

    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    for i, cell in enumerate(cells):
        source = "".join(cell["source"])
        if cell["cell_type"] == "code":
            if not {"remove-cell", "remove-input"} & set(cell.get("metadata", {}).get("tags", [])):
                yield from ((f"code cell {i}", line) for line in source.split("\n"))
        elif cell["cell_type"] == "markdown":
            for block in re.findall(r"^(`{3,})[a-z]+\n(.*?)^\1", source, re.M | re.S):
                yield from ((f"code block in cell {i}", line) for line in block[1].split("\n"))


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_the_code_a_reader_copies_fits_the_desktop_column(notebook):
    """Before any browser: each line of a visible code cell or a code block is at most :data:`CODE_COLUMNS`
    characters (long calls one argument a line, comments on their own line, shell commands continued with ``\\``);
    the browser test below measures the same on the built pages."""
    long = [(where, len(line)) for where, line in _code_lines(notebook) if len(line) > CODE_COLUMNS]
    assert not long, f"{notebook.name}: lines longer than {CODE_COLUMNS} characters: {long[:6]}"


def test_the_theme_mode_error_is_no_longer_allowed():
    """The book sets its colour mode (html_context.default_mode), so a fresh profile logs nothing to excuse."""
    assert not [k for k in BENIGN_CONSOLE_ERRORS if "theme mode" in k]


def _measure(page) -> dict:
    page.evaluate("() => window.MathJax && MathJax.startup ? MathJax.startup.promise : null")
    return page.evaluate(_MEASURE)


def _check_figures(path: str, width: int, figures: list[dict]) -> None:
    """Every figure whole in the column; on a phone the narrow layout, its smallest text readable; on a desktop the
    wide layout."""
    loose = [f["src"] for f in figures if not f["fits"]]
    assert not loose, f"{path} at {width} px: figures wider than the column or a box around them: {loose[:4]}"
    plain = [f["src"] for f in figures if not f["picture"]]
    assert not plain, f"{path}: figures without a narrow layout (not hp.show or an explorable): {plain[:4]}"
    if width <= 400:
        wide = [f["src"] for f in figures if not f["narrow"]]
        assert not wide, f"{path} at {width} px: the wide layout on a phone: {wide[:4]}"
        small = [(f["src"], round(f["textPx"] * f["drawn"] / f["natural"], 1)) for f in figures]
        small = [s for s in small if not s[1] >= MIN_TEXT_PX]
        assert not small, f"{path} at {width} px: figure text below {MIN_TEXT_PX} px: {small[:4]}"
    else:
        narrow = [f["src"] for f in figures if f["narrow"]]
        assert not narrow, f"{path} at {width} px: the narrow layout on a desktop: {narrow[:4]}"


@pytest.mark.parametrize(("width", "height"), SCREENS, ids=lambda v: str(v))
@pytest.mark.parametrize("path", _PAGES)
def test_every_page_reads_at_phone_and_desktop_width(browser, book_server, path, width, height):
    page, external, failed, errors = _open(browser, book_server + path, width, height)
    try:
        m = _measure(page)
    finally:
        page.close()
    assert m["wide"] <= 1, f"{path} at {width} px scrolls sideways by {m['wide']} px"
    tex = _RAW_TEX.findall(m["text"])
    assert not tex, f"{path}: raw TeX in the rendered text: {tex[:5]}"
    doubled = [d.group(0) for d in _DOUBLED.finditer(m["text"])]
    assert not doubled, f"{path}: doubled words {doubled[:5]}"
    assert not external, f"{path}: requests to other hosts {external[:3]}"
    assert not failed, f"{path}: failed requests {failed[:3]}"
    assert not errors, f"{path} at {width} px: {errors[:3]}"
    assert not m["split"], f"{path} at {width} px: {len(m['split'])} words broken in two: {m['split'][:6]}"
    if width >= 1280:
        scrolling = [c for c in m["code"] if (path, c["line"]) not in CODE_EXEMPT]
        assert not scrolling, f"{path} at {width} px: code blocks that scroll sideways: {scrolling[:4]}"
    _check_figures(path, width, m["figures"])


_EXPLORABLE_PAGES = [nb for nb in NOTEBOOKS if explorables_in(nb)]


@pytest.mark.parametrize("notebook", _EXPLORABLE_PAGES, ids=lambda p: p.name)
def test_explorable_frames_keep_the_narrow_layout_as_the_reader_moves_them(browser, book_server, notebook):
    """On a phone, each control of each explorable moved to its other end shows that frame's narrow layout, loaded,
    whole in the column, its text readable: the frame script swaps both layouts' images."""
    path = f"notebooks/{notebook.stem}.html"
    page, external, failed, errors = _open(browser, book_server + path, 390, 844)
    try:
        for name in explorables_in(notebook):
            box = page.locator(f'[data-explorable="{name}"]')
            img = box.locator("img")
            for k in range(box.locator("input[type=range]").count()):
                slider = box.locator("input[type=range]").nth(k)
                before = img.evaluate("e => e.currentSrc")
                last = int(slider.get_attribute("max"))
                target = 0 if int(slider.input_value()) == last else last
                slider.evaluate("(e, v) => { e.value = v; e.dispatchEvent(new Event('input', {bubbles: true})); }", target)
                page.wait_for_function(
                    "([e, before]) => e.currentSrc !== before && e.complete && e.naturalWidth > 0",
                    arg=[img.element_handle(), before],
                )
                figures = [f for f in page.evaluate(_MEASURE)["figures"] if f["src"] in img.evaluate("e => e.currentSrc")]
                assert figures, f"{name}: control {k} shows no frame"
                _check_figures(f"{path} ({name}, control {k} at {target})", 390, figures)
    finally:
        page.close()
    assert not external and not failed and not errors, (external, failed, errors)


@pytest.mark.parametrize(("strict", "broken"), [(False, True), (True, False)])
def test_the_broken_word_check_finds_a_japanese_line_starting_with_a_small_kana(browser, strict, broken):
    """The check itself can fail: in a narrow cell, Chromium's default line breaking puts "ョ" or "ィ" at a line's start
    somewhere between 60 and 240 px; the book's style (lang="ja", line-break: strict) never does."""
    css = ":lang(ja) { line-break: strict; }" if strict else ""
    found = []
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        for width in range(60, 244, 4):
            page.set_content(
                f"<style>{css}</style><article><table><tr><td style='width:{width}px;font-size:16px'>"
                "000 <span lang='ja'>ホットパーティション 「症状から手を選ぶ」</span></td></tr></table></article>"
            )
            found += _measure(page)["split"]
    finally:
        page.close()
    assert bool(found) is broken, found
    assert not broken or all(s.split("/")[1][0] in "ィョ" for s in found), found
