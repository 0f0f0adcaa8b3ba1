"""The built book: -W build, nothing loaded from another host, every page clean in headless Chromium."""

from __future__ import annotations

import json
import os
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlparse

import pytest

import hotpart as hp
from allowlist import BENIGN_CONSOLE_ERRORS, LINK_RELS_NOT_LOADED, READER_LINK_HOSTS
from conftest import BUILD, NOTEBOOKS
from test_notebooks import explorables_in

pytestmark = pytest.mark.book


class _Links(HTMLParser):
    """Collects (tag, attribute, url) for every src= and href= in a page."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag, attrs):
        if tag == "link" and dict(attrs).get("rel") in LINK_RELS_NOT_LOADED:
            return
        for name, value in attrs:
            if name in ("src", "href") and value:
                self.links.append((tag, name, value))


def _pages(root: Path) -> list[Path]:
    skip = {"search.html", "genindex.html"}
    return sorted(p for p in root.rglob("*.html") if p.name not in skip and "_static" not in p.parts)


def _external(url: str) -> str | None:
    parsed = urlparse(url)
    if parsed.scheme in ("http", "https") or url.startswith("//"):
        return parsed.hostname
    return None


def test_book_builds_with_warnings_as_errors(built_book):
    assert (built_book / "index.html").is_file()
    assert (built_book / "notebooks" / "01_partitions.html").is_file()


def test_no_page_loads_anything_from_another_host(built_book):
    offenders = []
    for page in _pages(built_book):
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for tag, attr, url in parser.links:
            host = _external(url)
            if host is None:
                continue
            clicked = tag == "a" and attr == "href"
            if not (clicked and host in READER_LINK_HOSTS):
                offenders.append(f"{page.relative_to(built_book)}: <{tag} {attr}={url}>")
    assert not offenders, "\n".join(offenders)


def test_no_cdn_url_in_any_script(built_book):
    """No inline script names a CDN either (require.js, embed-amd, MathJax, thebe)."""
    cdn = re.compile(r"https?://(cdn\.jsdelivr\.net|cdnjs\.cloudflare\.com|unpkg\.com)")
    hits = [str(p.relative_to(built_book)) for p in _pages(built_book) if cdn.search(p.read_text(encoding="utf-8"))]
    assert not hits, hits


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_the_download_button_offers_the_readers_edition(built_book, notebook):
    page = (built_book / "notebooks" / f"{notebook.stem}.html").read_text(encoding="utf-8")
    assert f"_sources/notebooks/{notebook.name}" in page, "no download button for the notebook"
    edition = json.loads((built_book / "_sources" / "notebooks" / notebook.name).read_text(encoding="utf-8"))
    prose = "\n".join("".join(c["source"]) for c in edition["cells"] if c["cell_type"] == "markdown")
    assert "reader's edition" in prose.lower()
    assert not [m for m in ("{glue", "{cite", ":class:", "```{") if m in prose]
    shown = [c for c in edition["cells"] if c["cell_type"] == "code" and "explore(" in "".join(c["source"])]
    assert all(any("image/png" in o.get("data", {}) for o in c["outputs"]) for c in shown), "an explorable has no figure"


def test_the_sources_map_and_the_landing_page_render_their_tables(built_book):
    page = (built_book / "book" / "sources_map.html").read_text(encoding="utf-8")
    assert len(re.findall(r"<tr[ >]", page)) >= len(hp.SECTIONS) + len(hp.DOCUMENTS), "the sources map did not render"
    text = re.sub(r"<[^>]+>", "", page)  # as read: Japanese runs are marked lang="ja", long names get <wbr>
    for section in hp.SECTIONS:
        assert section.title.replace("&", "&amp;") in text, section
    landing = (built_book / "book" / "intro.html").read_text(encoding="utf-8")
    written = [c for c in hp.CHAPTERS if c.written(built_book.parent.parent)]
    assert len(re.findall(r"<tr[ >]", landing)) == len(written) + 1, "the chapter list did not render"


def test_every_explorable_in_the_notebooks_has_a_static_version(built_book):
    for notebook in NOTEBOOKS:
        page = (built_book / "notebooks" / f"{notebook.stem}.html").read_text(encoding="utf-8")
        for name in explorables_in(notebook):
            assert f'data-explorable="{name}"' in page, f"{notebook.name}: no static explorable {name!r}"
        assert "application/vnd.jupyter.widget-view+json" not in page, f"{notebook.name}: a live widget leaked"


# --- in the browser ----------------------------------------------------------------------------------


def _open(browser, url: str, width: int = 1280, height: int = 900):
    """Open url at a viewport of width x height; return the page and lists of external requests, failed requests and
    JS errors."""
    page = browser.new_page(viewport={"width": width, "height": height})
    external, failed, errors = [], [], []

    def route(r):
        host = urlparse(r.request.url).hostname
        if r.request.url.startswith(("data:", "file:")) or host in ("127.0.0.1", "localhost"):
            r.continue_()
        else:
            external.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    # a request the browser cancels itself (net::ERR_ABORTED: a <picture> candidate it dropped for another, a load
    # overtaken by a jump within the page) is no broken resource: a missing file is an HTTP status >= 400 below, and
    # this function's own refusals of other hosts fail as net::ERR_FAILED and are counted in `external`
    page.on("requestfailed", lambda r: None if r.failure == "net::ERR_ABORTED" else failed.append(f"{r.url} ({r.failure})"))
    page.on("response", lambda r: failed.append(f"{r.url} (HTTP {r.status})") if r.status >= 400 else None)
    page.on("pageerror", lambda e: errors.append(f"pageerror: {e}"))

    def console(msg):
        if msg.type == "error" and not any(k in msg.text for k in BENIGN_CONSOLE_ERRORS):
            errors.append(f"console: {msg.text}")

    page.on("console", console)
    # no request for 500 ms, and the load event (the whole document parsed, its scripts run): on a busy machine the
    # routed requests of a long page can go quiet while its parser still waits on a script
    page.goto(url, wait_until="networkidle")
    page.wait_for_load_state("load")
    return page, external, failed, errors


#: The book's pages that are not chapters; each chapter is opened once, by the chapter test below.
PAGES = (
    ["index.html", "book/intro.html"]
    + [f"{page}.html" for page in hp.PARTS.values()]
    + ["book/glossary.html", "book/sources_map.html", "book/evidence.html", "book/references.html"]
)

#: Every display equation, table and figure on a page, with how far it passes the content column, px. A table whose
#: words need more room than the column scrolls inside its box (the theme's .pst-scrollable-table-container): the box
#: must fit, the table in it may be wider.
_OVERFLOWING = """() => {
  const col = document.querySelector("article.bd-article") || document.querySelector("main");
  const limit = col.getBoundingClientRect().right + 2;
  const items = [...document.querySelectorAll(
    "article mjx-container[display='true'] > svg, article mjx-container[display='true'] mjx-math, "
    + "article .pst-scrollable-table-container, article table:not(.pst-scrollable-table-container > table), "
    + "article img, article figure")];
  return items
    .filter(e => e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().right > limit)
    .map(e => `${e.tagName.toLowerCase()} ${(e.getAttribute("alt") || e.textContent || "").slice(0, 60)}: `
              + `${Math.round(e.getBoundingClientRect().right - limit)} px past the column`);
}"""

#: Set to 1 for screenshots of whole pages in _build/screenshots (2 to 7 s each for the longest pages); by default
#: each is the first screen, which the checks do not need either: they read the whole page's layout.
FULL_SCREENSHOTS = os.environ.get("HOTPART_FULL_SCREENSHOTS", "") == "1"


def _check_clean(page, path: str, external: list[str], failed: list[str], errors: list[str]) -> None:
    """The page's typeset maths done, a screenshot kept, and nothing loaded from elsewhere, failed, thrown or too
    wide for the content column."""
    page.wait_for_timeout(300)
    page.evaluate("() => window.MathJax && MathJax.startup ? MathJax.startup.promise : null")
    overflowing = page.evaluate(_OVERFLOWING)
    shots = BUILD.parent / "screenshots"
    shots.mkdir(exist_ok=True)
    shot = shots / (path.replace("/", "__").removesuffix(".html") + ".png")
    page.screenshot(path=str(shot), full_page=FULL_SCREENSHOTS)
    assert not external, f"requests to other hosts: {external}"
    assert not failed, f"failed requests: {failed}"
    assert not errors, f"JS errors: {errors}"
    assert not overflowing, f"wider than the content column: {overflowing}"


@pytest.mark.browser
@pytest.mark.parametrize("path", PAGES)
def test_page_opens_clean_in_chromium(browser, book_server, path):
    page, external, failed, errors = _open(browser, book_server + path)
    try:
        _check_clean(page, path, external, failed, errors)
    finally:
        page.close()


def _images_loaded(page) -> list[str]:
    return page.eval_on_selector_all("article img", "els => els.filter(e => !(e.complete && e.naturalWidth > 0)).map(e => e.src)")


@pytest.mark.browser
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_chapter_opens_clean_shows_figures_and_explorables_respond(browser, book_server, notebook):
    """A chapter, opened once: clean as every page must be, its figures loaded, and every static explorable's
    controls each changing the frame, its caption and its readout."""
    path = f"notebooks/{notebook.stem}.html"
    page, external, failed, errors = _open(browser, book_server + path)
    try:
        _check_clean(page, path, external, failed, errors)
        minimum = 2 if notebook.name.startswith("01_") else 1  # chapter 1: its figures and the explorable
        assert page.locator("article img").count() >= minimum, "the chapter shows too few figures"
        assert not _images_loaded(page), "an image did not load"
        for name in explorables_in(notebook):
            box = page.locator(f'[data-explorable="{name}"]')
            assert box.count() == 1
            img = box.locator("img")
            assert img.evaluate("e => e.complete && e.naturalWidth > 0"), f"{name}: first frame not shown"
            for k in range(box.locator("input[type=range]").count()):
                slider = box.locator("input[type=range]").nth(k)
                before_src = img.get_attribute("src")
                last = int(slider.get_attribute("max"))
                target = 0 if int(slider.input_value()) == last else last
                slider.evaluate("(e, v) => { e.value = v; e.dispatchEvent(new Event('input', {bubbles: true})); }", target)
                page.wait_for_function("e => e.complete && e.naturalWidth > 0", arg=img.element_handle())
                assert img.get_attribute("src") != before_src, f"{name}: control {k} did not change the frame"
                caption = box.locator(".hp-caption").inner_text()
                assert caption and "nan" not in caption.lower(), f"{name}: control {k} left a bad caption: {caption!r}"
                labels = json.loads(slider.get_attribute("data-labels"))
                assert slider.locator("xpath=following-sibling::output").inner_text() == labels[target]
    finally:
        page.close()
    assert not external and not failed and not errors, (external, failed, errors)


@pytest.mark.browser
def test_chapter_1_works_from_file_url(browser, built_book):
    page, external, failed, errors = _open(browser, (built_book / "notebooks" / "01_partitions.html").as_uri())
    box = page.locator('[data-explorable="partition_ceiling"]')
    slider = box.locator("input[type=range]").first
    slider.evaluate("e => { e.value = 0; e.dispatchEvent(new Event('input', {bubbles: true})); }")
    img = box.locator("img")
    page.wait_for_function("e => e.complete && e.naturalWidth > 0", arg=img.element_handle())
    assert not _images_loaded(page)
    assert not external and not failed and not errors, (external, failed, errors)
    assert hp.EXPLORABLES["partition_ceiling"].static[0] == "hot_share"


@pytest.mark.browser
def test_live_widget_first_frame_renders_offline(browser, widget_book):
    """Without HOTPART_STATIC the page embeds the ipywidget; require.js and embed-amd.js come from the book."""
    html = (widget_book / "notebooks" / "01_partitions.html").read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget-state+json" in html
    assert "_static/widgets/embed-amd.js" in html and "_static/widgets/require-2.3.8.js" in html
    page, external, failed, errors = _open(browser, (widget_book / "notebooks" / "01_partitions.html").as_uri())
    page.wait_for_selector(".widget-image, .jupyter-widgets img", timeout=15_000)
    img = page.locator(".jupyter-widgets img").first
    page.wait_for_function("e => e.complete && e.naturalWidth > 0", arg=img.element_handle())
    assert page.locator(".jupyter-widgets input, .widget-slider").count() >= 1
    page.close()
    assert not external and not failed and not errors, (external, failed, errors)
