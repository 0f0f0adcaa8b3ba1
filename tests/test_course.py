"""The course map: titles copied exactly from the sources, every section mapped, written chapters in the book."""

import json
import re

import pytest
import yaml

import hotpart as hp
from conftest import NOTEBOOKS, ROOT, SEEDS, under_ci


def _seed_lines(doc):
    files = sorted(SEEDS.glob(f"{doc}_*.txt"))
    if not files:
        if under_ci():
            pytest.fail(f"no seed document {doc} under {SEEDS}; CI has shared/ beside the clone")
        pytest.skip(f"the source documents are not beside this checkout ({SEEDS})")
    return [line.strip() for line in files[0].read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("doc", sorted(hp.DOCUMENTS))
def test_every_section_title_is_a_line_of_its_source(doc):
    lines = set(_seed_lines(doc))
    for section in (s for s in hp.SECTIONS if s.doc == doc):
        assert section.title in lines, f"{section} is not a line of document {doc}"


def test_every_section_has_a_chapter_and_every_covered_title_is_a_section():
    known = {(s.doc, s.title) for s in hp.SECTIONS}
    covered = {pair for c in hp.CHAPTERS for pair in c.covers}
    assert covered <= known, covered - known
    assert known <= covered, known - covered


def _toc_files():
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]]

    def walk(entries):
        for entry in entries:
            if "file" in entry:
                files.append(entry["file"])
            walk(entry.get("sections", []))
            walk(entry.get("chapters", []))

    walk(toc.get("parts", []))
    return files


def test_written_chapters_are_exactly_the_notebooks_and_all_are_in_the_toc():
    written = {c.notebook for c in hp.CHAPTERS if c.written(ROOT)}
    on_disk = {str(p.relative_to(ROOT)) for p in NOTEBOOKS}
    assert written == on_disk, "every notebook must be a chapter of the course map"
    toc = set(_toc_files())
    for nb in written:
        assert nb.removesuffix(".ipynb") in toc, f"{nb} is written but not in _toc.yml"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_chapter_lists_its_source_sections_exactly(notebook):
    chapter = next(c for c in hp.CHAPTERS if c.notebook == str(notebook.relative_to(ROOT)))
    first = "".join(json.loads(notebook.read_text(encoding="utf-8"))["cells"][0]["source"])
    assert first.startswith(f"# {chapter.number}. ")
    assert "What you will learn" in first
    objectives = re.findall(r"^\d+\. ", first, flags=re.M)
    assert 3 <= len(objectives) <= 5
    for doc, title in chapter.covers:
        assert f"「{title}」" in first, f"chapter {chapter.number} does not name {doc} 「{title}」"


def test_course_map_marks_status():
    rows = hp.course_map(ROOT)
    assert len(rows) == len(hp.SECTIONS)
    by_title = {r["section"]: r for r in rows}
    assert by_title["なぜ発生するか"]["status"] == "written"
    assert {r["status"] for r in rows} <= {"written", "partly written", "planned"}


def test_toc_is_generated_from_the_course_map():
    assert (ROOT / "_toc.yml").read_text(encoding="utf-8") == hp.toc_yaml(ROOT), "run `make toc`"
    for page in hp.PARTS.values():
        assert (ROOT / f"{page}.md").is_file(), f"part page {page}.md is missing"


def test_notebooks_cite_public_names_not_private_modules():
    """Chapters name the public API (``hp.simulate``), never a module behind it (``hotpart.models.simulator``)."""
    offenders = [
        f"{nb.name} cell {i}: {line.strip()}"
        for nb in NOTEBOOKS
        for i, cell in enumerate(json.loads(nb.read_text(encoding="utf-8"))["cells"])
        for line in "".join(cell["source"]).splitlines()
        if re.search(r"hotpart\.(_|models|figures|book)\b|from hotpart\.|hotpart/", line)
    ]
    assert not offenders, "cite hp.<name>, not a private module:\n" + "\n".join(offenders)


def test_public_names_cited_in_chapter_prose_exist():
    """Every `hp.<name>` (and `hp.explore("<explorable>")`) in a chapter's markdown is a real public name."""
    missing = []
    for nb in NOTEBOOKS:
        for cell in json.loads(nb.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            text = "".join(cell["source"])
            for name in re.findall(r'`hp\.explore\("([^"]+)"\)`', text):
                if name not in hp.EXPLORABLES:
                    missing.append(f'{nb.name}: hp.explore("{name}")')
            for dotted in re.findall(r"`hp\.([A-Za-z_][\w.]*)`", text):
                obj = hp
                for part in dotted.split("."):
                    if part.startswith("_") or not hasattr(obj, part):
                        missing.append(f"{nb.name}: hp.{dotted}")
                        break
                    obj = getattr(obj, part)
    assert not missing, "names cited in prose that hotpart does not export:\n" + "\n".join(missing)


# --- the landing page and the sources map (issue 46) ---------------------------------------------------------


def test_every_section_and_document_has_its_english():
    assert set(hp.DOCUMENT_ENGLISH) == set(hp.DOCUMENTS)
    titles = {s.title for s in hp.SECTIONS} | {s.parent for s in hp.SECTIONS if s.parent}
    assert titles <= set(hp.SECTION_ENGLISH), f"sections with no English: {sorted(titles - set(hp.SECTION_ENGLISH))}"
    assert not set(hp.SECTION_ENGLISH) - titles, "English for a section the course map does not have"
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    assert not [e for e in hp.SECTION_ENGLISH.values() if japanese.search(e)]


def test_every_chapter_has_a_one_line_summary():
    slugs = {hp.chapter_slug(c) for c in hp.CHAPTERS}
    assert set(hp.SUMMARIES) == slugs, (
        f"summaries missing for {sorted(slugs - set(hp.SUMMARIES))}, left over for {sorted(set(hp.SUMMARIES) - slugs)}"
    )
    long = [s for s, line in hp.SUMMARIES.items() if len(line.split()) > 35 or not line.endswith(".")]
    assert not long, f"a summary is one sentence of at most 35 words: {long}"


def test_the_reading_paths_name_chapters_in_order_and_the_exam_path_ends_in_self_checks():
    slugs = {hp.chapter_slug(c) for c in hp.CHAPTERS}
    titles = [title for title, _, _ in hp.READING_PATHS]
    assert titles == ["My table throttles today", "I am designing keys", "I am preparing for an AWS exam"]
    for title, _, path in hp.READING_PATHS:
        assert set(path) <= slugs and len(set(path)) == len(path) >= 3, title
    text = hp.reading_paths(ROOT)
    exam = text.split("**I am preparing for an AWS exam**", 1)[1]
    checks = re.findall(r'href="\.\./(notebooks/[\w]+)\.html#self-check"', exam)
    with_check = [c.notebook.removesuffix(".ipynb") for c in hp.CHAPTERS if hp.has_self_check(c, ROOT)]
    assert checks and set(checks) <= set(with_check), (checks, with_check)
    assert text.count('class="hp-reading-time"') == len(hp.READING_PATHS)


def test_the_sources_map_has_no_column_that_says_nothing():
    table = hp.sources_map_table(ROOT).splitlines()
    assert table[0] == "| doc | section | in English | chapters |" and len(table) == 2 + len(hp.SECTIONS)
    for column in range(4):
        values = {row.split(" | ")[column] for row in table[2:]}
        assert len(values) > 1, f"column {column} says the same on every row"
    chapters = hp.chapters_table(ROOT).splitlines()
    assert len(chapters) == 2 + sum(c.written(ROOT) for c in hp.CHAPTERS)
    assert all(row.count('class="hp-reading-time"') == 1 for row in chapters[2:])
