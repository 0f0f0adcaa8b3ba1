"""Verification as a property of the course: every model constant is sourced or a named assumption,
every source carries its quoted sentence, and every assumption is shown by the chapters that rely on it."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import json
import numbers
import pkgutil
import re

import numpy as np
import pytest

import hotpart as hp
from conftest import ROOT, SEEDS, under_ci

#: Modules whose public constants are part of a model (not figure sizes or book plumbing): the models layer.
MODEL_MODULES = tuple(m.name for m in pkgutil.iter_modules(hp.models.__path__) if not m.name.startswith("_"))
SEED_PREFIXES = ("000", "001", "002", "003")


def _numeric(value: object) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, numbers.Number | np.ndarray):
        return True
    if isinstance(value, dict):
        return any(_numeric(v) for v in value.values())
    if isinstance(value, tuple | list):
        return any(_numeric(v) for v in value)
    return False


def model_constants() -> list[tuple[str, str]]:
    found = []
    for module in MODEL_MODULES:
        mod = importlib.import_module(f"hotpart.models.{module}")
        for name, value in vars(mod).items():
            if name.isupper() and not name.startswith("_") and _numeric(value):
                found.append((module, name))
    return found


@pytest.mark.parametrize(("module", "name"), model_constants(), ids=lambda x: x)
def test_every_model_constant_is_sourced_or_an_assumption(module, name):
    assert name in hp.SOURCES or name in hp.ASSUMPTIONS, (
        f"hotpart.{module}.{name} is neither in hp.SOURCES (a published figure, with its quote) "
        "nor in hp.ASSUMPTIONS (a modelling choice, with why and what AWS says)"
    )


def test_the_check_sees_an_unregistered_constant(monkeypatch):
    import hotpart.models.capacity as capacity

    monkeypatch.setattr(capacity, "MADE_UP_LIMIT", 42.0, raising=False)
    assert ("capacity", "MADE_UP_LIMIT") in model_constants()
    assert "MADE_UP_LIMIT" not in hp.SOURCES and "MADE_UP_LIMIT" not in hp.ASSUMPTIONS


@pytest.mark.parametrize("name", sorted(hp.SOURCES))
def test_every_source_has_a_page_a_date_and_its_quote(name):
    src = hp.SOURCES[name]
    assert src.where.strip() and src.as_of
    assert src.quote.strip(), f"SOURCES[{name!r}] has no quoted sentence"
    seed_only = src.where.startswith(SEED_PREFIXES) and not src.url
    assert seed_only or src.url.startswith("https://"), f"SOURCES[{name!r}] has no https URL"


def _seed_texts() -> dict[str, str]:
    return {p.name[:3]: p.read_text(encoding="utf-8") for p in sorted(SEEDS.glob("00*_*.txt"))}


def _normalise(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("name", sorted(n for n, s in hp.SOURCES.items() if s.where.startswith(SEED_PREFIXES)))
def test_a_quote_from_a_source_document_is_copied_exactly(name):
    texts = _seed_texts()
    if not texts:
        if under_ci():
            pytest.fail(f"the source documents are not at {SEEDS}")
        pytest.skip(f"the source documents are not at {SEEDS}")
    src = hp.SOURCES[name]
    quote = src.quote
    if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", quote) is None:
        pytest.skip("an English quote: from AWS's page, not the source document")
    parts = [p for p in re.split(r"…|\.\.\.", quote) if p.strip()]
    docs = [d for d in SEED_PREFIXES if src.where.startswith(d) or f"; {d}" in src.where]
    haystack = _normalise("".join(texts.get(d, "") for d in docs))
    for part in parts:
        assert _normalise(part) in haystack, f"SOURCES[{name!r}] quote {part!r} is not in documents {docs}"


def _resolve_default(target: str) -> object:
    if "." not in target:
        return getattr(hp, target)
    owner_name, attr = target.split(".", 1)
    owner = getattr(hp, owner_name)
    if dataclasses.is_dataclass(owner):
        fields = {f.name: f for f in dataclasses.fields(owner)}
        assert attr in fields, f"{owner_name} has no field {attr}"
        return fields[attr].default
    param = inspect.signature(owner).parameters[attr]
    return param.default


@pytest.mark.parametrize("name", sorted(hp.ASSUMPTIONS))
def test_every_assumption_is_the_code_default_it_names(name):
    a = hp.ASSUMPTIONS[name]
    assert a.used_by, f"ASSUMPTIONS[{name!r}] names no place in the code"
    for target in a.used_by:
        assert _resolve_default(target) == a.value, f"{target}'s default is not ASSUMPTIONS[{name!r}].value = {a.value}"


@pytest.mark.parametrize("name", sorted(hp.ASSUMPTIONS))
def test_every_chapter_that_relies_on_an_assumption_shows_it(name):
    for stem in hp.ASSUMPTIONS[name].chapters:
        path = ROOT / "notebooks" / f"{stem}.ipynb"
        assert path.exists(), f"ASSUMPTIONS[{name!r}] names chapter {stem}, which does not exist"
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        shown = [
            c
            for c in cells
            if c["cell_type"] == "code" and "assumption_box(" in "".join(c["source"]) and f'"{name}"' in "".join(c["source"])
        ]
        assert shown, f"{stem} relies on {name} but never shows it with hp.assumption_box"


def test_assumption_box_and_source_box_render_collapsed_boxes_without_myst():
    name = next(iter(hp.ASSUMPTIONS), None)
    if name is not None:
        box = hp.assumption_box(name)
        html = box._repr_html_()
        assert html.startswith(f'<details class="admonition warning hp-evidence" id="ev-{name.lower().replace("_", "-")}">')
        assert name in html and " open" not in html.split(">", 1)[0]
        assert name in box._repr_markdown_() and "{" not in box._repr_markdown_().replace("{glue", "")
    quoted = next(n for n, s in hp.SOURCES.items() if s.quote)
    assert hp.SOURCES[quoted].quote.split()[0] in hp.source_box(quoted).data
    assert "<script" not in hp.Box("t", ["<script>x</script>"])._repr_html_()
    with pytest.raises(ValueError, match="names = 'nope'"):
        hp.source_box("nope")
    with pytest.raises(ValueError, match="anchor"):
        hp.source_box(quoted, anchor="Has Spaces")


def test_a_box_title_says_what_it_holds():
    """``"7 sources: AWS's key-range page, 002, …"``: the count, then the pages in order, at most three names."""
    box = hp.source_box("PARTITION_MAX_WCU", "EXAMPLE_HOT_PARTITION", "PARTITION_MAX_RCU")
    assert box.title == "3 sources: AWS's warm-throughput scenarios, 000"  # two sources from one page, one name
    names = ["KEY_RANGE_REASON", "EXAMPLE_HOT_PARTITION", "PARTITION_MAX_WCU", "BURST_WINDOW_S", "EXAMPLE_ADAPTIVE"]
    four = hp.source_box(*names)
    assert four.title.startswith("5 sources: ") and four.title.endswith(", …") and four.title.count(",") == 3
    titled = hp.source_box("PARTITION_MAX_WCU", title="The ceiling", anchor="ceiling")
    assert (titled.title, titled.detail, titled.id) == ("The ceiling", "1 source: AWS's warm-throughput scenarios", "ev-ceiling")
    assert '<span class="hp-ev-detail">1 source: ' in titled._repr_html_()
    assert hp.assumption_box(*list(hp.ASSUMPTIONS)[:2]).title.startswith("2 assumptions AWS does not publish: ")


_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.parametrize("name", sorted(n for n, s in hp.SOURCES.items() if _JAPANESE.search(s.quote)))
def test_a_quote_in_japanese_keeps_the_courses_english_beside_it(name):
    src = hp.SOURCES[name]
    assert src.gloss, f"SOURCES[{name!r}] quotes Japanese with no translation: add it to hotpart/models/_source_display.py"
    assert not _JAPANESE.search(src.gloss), f"SOURCES[{name!r}]: the translation is not English: {src.gloss!r}"
    html = hp.source_box(name)._repr_html_()
    assert '<span lang="ja">' in html and f"(the course's translation: “{src.gloss}”)" in html.replace("&#x27;", "'")
    # the quote in Japanese, its English quotation marks outside (a Japanese font would draw them full-width)
    assert html.count('“<span lang="ja">') == 1 and '<span lang="ja">“' not in html


def test_no_translation_is_left_from_a_quote_that_changed_and_every_page_name_is_used():
    from hotpart.models import _source_display

    quotes = {s.quote for s in hp.SOURCES.values()}
    stale = [q[:40] for q in _source_display.GLOSSES if q not in quotes]
    assert not stale, f"translations of quotes no source has (the quote changed? translate it again): {stale}"
    urls = [s.url for s in hp.SOURCES.values() if s.url]
    unused = [key for key in _source_display.PAGE_NAMES if not any(u.endswith(key) for u in urls)]
    assert not unused, f"page names no source's URL ends with: {unused}"


@pytest.mark.parametrize("name", sorted(hp.SOURCES))
def test_every_source_has_a_short_name_for_a_box_title(name):
    from hotpart.models import _source_display

    src = hp.SOURCES[name]
    assert src.short.strip() and len(src.short) <= _source_display.MAX_NAME_CHARS, f"SOURCES[{name!r}].short = {src.short!r}"
    if re.match(r"00[0-3]\b", src.where):
        assert src.short == src.where[:3]
    elif src.url:
        assert _source_display.page_name(src.url) == src.short, (
            f"SOURCES[{name!r}] has no page name: add its page to PAGE_NAMES in hotpart/models/_source_display.py"
        )


def test_the_glossary_gives_the_sources_japanese_terms_copied_exactly():
    texts = _seed_texts()
    if not texts:
        if under_ci():
            pytest.fail(f"the source documents are not at {SEEDS}")
        pytest.skip(f"the source documents are not at {SEEDS}")
    glossary = (ROOT / "book" / "glossary.md").read_text(encoding="utf-8")
    terms = re.findall(r"\*In the sources:\* 「([^」]+)」", glossary)
    assert len(terms) >= 20
    corpus = "".join(texts.values())
    missing = [t for t in terms if t not in corpus]
    assert not missing, f"glossary terms not found in the source documents: {missing}"
    assert "one key can never be served" not in glossary
