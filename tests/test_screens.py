"""Every built page on a phone (390 x 844) and on a desktop (1280 x 900), in Chromium, as a reader sees it.

On each page and at each width: nothing scrolls the page sideways; the rendered text outside code has no raw TeX
and no doubled word; no console error and no request to another host. At 390 px every figure shows its smallest
text (the legends' 8 pt, drawn at the book's 100 dpi) at least :data:`MIN_TEXT_PX` CSS pixels high: measured from
the image's size on screen, not its file's.
"""

from __future__ import annotations

import re

import pytest
from test_book import _open

import hotpart as hp
from allowlist import BENIGN_CONSOLE_ERRORS
from conftest import NOTEBOOKS
from hotpart.book.plotting import DPI

pytestmark = [pytest.mark.book, pytest.mark.browser]

#: The widths read: a phone (an iPhone 12-15's CSS viewport) and a desktop.
SCREENS = ((390, 844), (1280, 900))
#: The smallest text a reader should have to read in a figure, CSS px (the legends' 8 pt is 11.1 px at 100 dpi).
MIN_TEXT_PX = 8.0
_SMALLEST_PT = 8.0  # finish_axes draws legends at 8 pt; titles 11, ticks and labels 10
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
  const vw = document.documentElement.clientWidth;
  const wide = document.documentElement.scrollWidth - vw;
  const article = document.querySelector("article") || document.body;
  const copy = article.cloneNode(true);
  copy.querySelectorAll("pre, script, style").forEach(x => x.remove());
  copy.querySelectorAll("mjx-container, .MathJax").forEach(x => x.replaceWith(" \u00a4 "));  // typeset maths
  copy.querySelectorAll("code").forEach(x => x.replaceWith(" \u00a4 "));  // code names are not words of the prose
  copy.querySelectorAll("td, th, li, p, div").forEach(x => x.append("\\n"));
  const figures = [...article.querySelectorAll("img")]
    .filter(i => i.naturalWidth > 0 && i.getBoundingClientRect().width > 0)
    .map(i => ({src: i.getAttribute("src"), scale: i.getBoundingClientRect().width / i.naturalWidth}));
  return {wide, text: copy.textContent, figures};
}"""


def test_the_theme_mode_error_is_no_longer_allowed():
    """The book sets its colour mode (html_context.default_mode), so a fresh profile logs nothing to excuse."""
    assert not [k for k in BENIGN_CONSOLE_ERRORS if "theme mode" in k]


@pytest.mark.parametrize(("width", "height"), SCREENS, ids=lambda v: str(v))
@pytest.mark.parametrize("path", _PAGES)
def test_every_page_reads_at_phone_and_desktop_width(browser, book_server, path, width, height):
    page, external, failed, errors = _open(browser, book_server + path, width, height)
    try:
        page.evaluate("() => window.MathJax && MathJax.startup ? MathJax.startup.promise : null")
        m = page.evaluate(_MEASURE)
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
    if width <= 400:
        smallest = _SMALLEST_PT * DPI / 72.0
        small = [(f["src"].rsplit("/", 1)[-1], round(f["scale"] * smallest, 1)) for f in m["figures"]]
        small = [s for s in small if s[1] < MIN_TEXT_PX]
        assert not small, f"{path} at {width} px: figure text below {MIN_TEXT_PX} px: {small[:4]}"
