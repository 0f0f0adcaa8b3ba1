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
