"""The reader's edition: the book's MyST prose rewritten as Markdown that stock JupyterLab renders, and
explorables that leave a figure in a saved notebook."""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys

import nbformat
import pytest

import hotpart as hp
from conftest import NOTEBOOKS, ROOT
from hotpart.book import _reader as reader

CITES = reader.bibliography(ROOT / "book" / "references.bib")
TITLES = reader._titles(NOTEBOOKS)
#: What must never reach a reader of the edition: MyST markup only the book understands.
MYST_LEFTOVERS = ("{glue", "{cite", ":class:", "```{", ":::{", "{doc}", "{ref}", "{term}", "{evidence}")
#: Where the course lives, as _config.yml says.
URLS = reader.CourseUrls.from_config(ROOT)


def test_glue_values_are_formatted_as_the_book_formats_them():
    text = "a {glue:text}`s` b {glue:text}`x:.1f` c {glue}`s` d {glue:text}`pct:.0%`"
    out = reader.reader_markdown(text, {"s": "'1,000'", "x": "2.345", "pct": "0.251"}, CITES)
    assert out == "a 1,000 b 2.3 c 1,000 d 25%"


def test_a_missing_glue_key_or_citation_is_an_error_not_a_blank():
    with pytest.raises(KeyError, match="glue key 'nope'"):
        reader.reader_markdown("{glue:text}`nope`", {}, CITES)
    with pytest.raises(KeyError, match="citation key 'nope'"):
        reader.reader_markdown("{cite:p}`nope`", {}, CITES)


def test_citations_read_author_year_and_link_to_the_references():
    out = reader.reader_markdown("see {cite:p}`dean2013tail,elhemali2022dynamodb`; {cite:t}`dean2013tail`", {}, CITES)
    assert out == (
        "see ([Dean and Barroso 2013](references.ipynb); [Elhemali et al. 2022](references.ipynb)); "
        "[Dean and Barroso 2013](references.ipynb)"
    )


def test_cross_references_become_links_to_the_chapters():
    out = reader.reader_markdown("{doc}`../notebooks/10_isolation` and {doc}`ch 8 <../notebooks/08_burst>`", {}, CITES, TITLES)
    assert out == f"[{TITLES['10_isolation']}](10_isolation.ipynb) and [ch 8](08_burst.ipynb)"


def test_evidence_citations_become_links_to_the_numbered_boxes():
    numbers = {"ceiling": 2, "never-merge": 5}
    out = reader.reader_markdown("GB {evidence}`ceiling`, and {evidence}`AWS's addition <never-merge>`.", {}, CITES, {}, numbers)
    assert out == "GB [[2]](#ev-ceiling), and [AWS's addition](#ev-never-merge)."
    with pytest.raises(KeyError, match="evidence anchor 'nope'"):
        reader.reader_markdown("{evidence}`nope`", {}, CITES, {}, numbers)


def test_the_boxes_of_an_executed_chapter_are_numbered_in_order():
    boxes = [hp.source_box("PARTITION_MAX_WCU", anchor="ceiling"), hp.assumption_box("PARTITION_READS_WRITES_APART")]
    outputs = [nbformat.v4.new_output("display_data", data={"text/html": b._repr_html_(), "text/plain": "box"}) for b in boxes]
    ran = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(outputs=[o]) for o in outputs])
    assert reader.evidence_numbers(ran) == {"ceiling": 1, "partition-reads-writes-apart": 2}
    source = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("hp.source_box(...)") for _ in outputs])
    source.cells.insert(0, nbformat.v4.new_markdown_cell("# 1. T\n\nSee {evidence}`partition-reads-writes-apart`."))
    ran.cells.insert(0, nbformat.v4.new_markdown_cell(""))
    nb = reader.reader_notebook(source, ran, CITES, {}, "x.ipynb")
    assert nb.cells[0].source.endswith("See [[2]](#ev-partition-reads-writes-apart).")
    titles = [re.search(r'hp-ev-number">([^<]*)<', c.outputs[0]["data"]["text/html"]).group(1) for c in nb.cells[1:]]
    assert titles == ["[1]", "[2]"]


def test_the_course_urls_come_from_the_config(tmp_path):
    assert URLS.repository.startswith("https://") and URLS.book.startswith("https://") and URLS.book.endswith("/")
    assert URLS.page("notebooks/01_partitions") == URLS.book + "notebooks/01_partitions.html"
    (tmp_path / "_config.yml").write_text("title: t\nhtml:\n  baseurl: https://example.org/b\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"repository\.url and html\.baseurl"):
        reader.CourseUrls.from_config(tmp_path)


def test_the_download_copy_links_the_books_pages_not_notebooks_beside_it():
    text = "{doc}`../notebooks/10_isolation`, {doc}`ch 8 <08_burst>`, {doc}`../book/glossary`, {cite:p}`dean2013tail`"
    out = reader.reader_markdown(text, {}, CITES, TITLES, urls=URLS)
    assert out == (
        f"[{TITLES['10_isolation']}]({URLS.book}notebooks/10_isolation.html), [ch 8]({URLS.book}notebooks/08_burst.html), "
        f"[glossary]({URLS.book}book/glossary.html), ([Dean and Barroso 2013]({URLS.book}book/references.html))"
    )


def test_dropdowns_fold_and_admonitions_become_quotes_with_nested_code_kept():
    text = "\n".join(
        [
            "(my-label)=",
            "````{admonition} Solution",
            ":class: dropdown",
            "It is {glue:text}`n`.",
            "```python",
            "hp.simulate(t, [1], 2)",
            "```",
            "````",
            ":::{note}",
            "Mind the {glue:text}`n`.",
            ":::",
        ]
    )
    out = reader.reader_markdown(text, {"n": "'7'"}, CITES)
    assert out.startswith("<details>\n<summary><b>Solution</b></summary>\n\nIt is 7.\n```python\n")
    assert "</details>\n> **Note**\n>\n> Mind the 7." in out
    assert "(my-label)=" not in out and ":class:" not in out


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_every_markdown_cell_of_every_chapter_converts_cleanly(notebook):
    nb = nbformat.read(notebook, as_version=4)
    keys = set()
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            keys |= {m.split(":")[0] for m in re.findall(r"\{glue(?::\w+)?\}`([^`]+)`", cell.source)}
    fake = {k: "'0.5'" for k in keys}
    anchors = {m.split("<")[-1].rstrip(">").strip() for c in nb.cells for m in re.findall(r"\{evidence\}`([^`]+)`", c.source)}
    numbers = {anchor: n for n, anchor in enumerate(sorted(anchors), 1)}
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "markdown":
            continue
        out = reader.reader_markdown(cell.source, fake, CITES, TITLES, numbers)
        left = [m for m in MYST_LEFTOVERS if m in out]
        assert not left, f"{notebook.name} cell {i} keeps {left}:\n{out[:600]}"
        assert out.count("<details>") == out.count("</details>")


def test_the_edition_of_a_chapter_hides_glue_cells_and_shows_every_explorable_frame(tmp_path):
    source = nbformat.read(ROOT / "notebooks" / "09_adaptive.ipynb", as_version=4)
    executed = reader._execute(ROOT / "notebooks" / "09_adaptive.ipynb")
    nb = reader.reader_notebook(source, executed, CITES, TITLES, "09_adaptive.ipynb")
    assert "Reader's edition of `notebooks/09_adaptive.ipynb`" in nb.cells[0].source
    for cell, original in zip(nb.cells, source.cells, strict=True):
        tags = set(original.metadata.get("tags", []))
        if cell.cell_type == "code":
            # the code stays live and unchanged, but for the glue import: hotpart's stand-in, not myst-nb's
            assert cell.source == original.source.replace(reader._MYST_GLUE, reader._HOTPART_GLUE)
            assert "myst_nb" not in cell.source
            if "remove-cell" in tags:
                assert cell.metadata["jupyter"]["source_hidden"] and cell.outputs == []
            if "explore(" in cell.source:
                assert [sorted(o["data"]) for o in cell.outputs] == [["image/png", "text/plain"]]
            for out in cell.outputs:
                assert "application/vnd.jupyter.widget-view+json" not in out.get("data", {})
                assert not out.get("metadata", {}).get("scrapbook")
        else:
            assert not [m for m in MYST_LEFTOVERS if m in cell.source]
    nbformat.validate(nb)


def _count_draws(monkeypatch) -> list[object]:
    from hotpart.book.explorable import Explorable

    rendered: list[object] = []
    draw = Explorable.draw
    monkeypatch.setattr(Explorable, "draw", lambda self, data: rendered.append(self) or draw(self, data))
    return rendered


def test_first_frames_are_kept_and_reused_while_the_package_is_unchanged(tmp_path, monkeypatch):
    from hotpart.book.plotting import render_png

    cell = 'explore("partition_ceiling")\nexplore("burst")'
    fresh = reader._explorable_output(cell)
    assert [o["data"]["image/png"] for o in fresh] == [
        base64.b64encode(render_png(e.draw(e.data()))).decode("ascii")
        for e in map(hp.EXPLORABLES.get, ("partition_ceiling", "burst"))
    ]  # the figure drawn anew at the defaults, lossless
    rendered = _count_draws(monkeypatch)
    kept = reader._explorable_output(cell, tmp_path)  # draws both, and keeps their PNGs and captions
    assert len(rendered) == 2 and len(list(tmp_path.glob("*/frame.png"))) == 2 and not list(tmp_path.rglob("*.tmp"))
    again = reader._explorable_output(cell, tmp_path)  # reused: nothing computed or drawn
    assert len(rendered) == 2
    assert fresh == kept == again  # the same PNG bytes and caption as a fresh draw
    monkeypatch.setattr(reader, "_package_digest", lambda: "a changed package")
    assert reader._explorable_output(cell, tmp_path) == fresh  # a new key: drawn again
    assert len(rendered) == 4


def test_the_kernels_rendering_the_books_frames_keep_the_readers_first_frames(tmp_path, monkeypatch):
    """static_html draws the defaults anyway (to size the frames); it keeps that figure where the reader's edition,
    written after the book, looks for it, so the edition draws nothing."""
    from hotpart.book._frames import static_html

    out = tmp_path / "_build" / "html"
    out.mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOTPART_FRAME_WORKERS", "1")
    static_html(hp.EXPLORABLES["burst"], out)
    cell = 'explore("burst")'
    rendered = _count_draws(monkeypatch)
    kept = reader._explorable_output(cell, tmp_path / "_build" / ".explorable-cache" / reader.FIRST_FRAMES)
    assert rendered == []
    assert kept == reader._explorable_output(cell)  # the same bytes and caption as the edition's own draw


def _stand_in_repo(tmp_path):
    """A copy of the course's notebooks and bibliography, and stand-ins for their executed copies."""
    import os
    import shutil
    import time

    root = tmp_path / "repo"
    shutil.copytree(ROOT / "notebooks", root / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    (root / "book").mkdir()
    shutil.copy(ROOT / "book" / "references.bib", root / "book" / "references.bib")
    shutil.copy(ROOT / "_config.yml", root / "_config.yml")  # where the course lives, for the downloads
    sources = sorted((root / "notebooks").glob("*.ipynb"))
    before = {p: p.read_bytes() for p in sources}
    executed_dir = tmp_path / "ran"
    executed_dir.mkdir()
    for p in sources:  # stand-ins for executed copies: the sources themselves, newer than everything
        nb = nbformat.read(p, as_version=4)
        keys = set()
        for cell in nb.cells:
            if cell.cell_type == "markdown":
                keys |= {m.split(":")[0] for m in re.findall(r"\{glue(?::\w+)?\}`([^`]+)`", cell.source)}
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.outputs = []
        next(c for c in nb.cells if c.cell_type == "code").outputs = [
            nbformat.v4.new_output(
                "display_data",
                data={"application/papermill.record/text/plain": "'1'"},
                metadata={"scrapbook": {"name": k, "mime_prefix": "application/papermill.record/"}},
            )
            for k in keys
        ] + [  # a box for every evidence anchor the prose cites
            nbformat.v4.new_output("display_data", data={"text/html": hp.Box("t", ["q"], anchor=a)._repr_html_()})
            for a in sorted(
                {m.split("<")[-1].rstrip(">").strip() for c in nb.cells for m in re.findall(r"\{evidence\}`([^`]+)`", c.source)}
            )
        ]
        nbformat.write(nb, executed_dir / p.name)
        later = time.time() + 3600  # newer than the chapter and the models: the build reuses it
        os.utime(executed_dir / p.name, (later, later))
    return root, sources, before, executed_dir


def test_build_writes_every_chapter_and_the_references_without_touching_the_sources(tmp_path):
    root, sources, before, executed_dir = _stand_in_repo(tmp_path)
    paths = reader.build_reader_edition(root, tmp_path / "lab", executed=executed_dir)
    assert [p.name for p in paths] == [p.name for p in sources] + ["references.ipynb"]
    assert {p: p.read_bytes() for p in sources} == before
    refs = nbformat.read(tmp_path / "lab" / "references.ipynb", as_version=4).cells[0].source
    assert all(c.label in refs for c in CITES.values())


def test_nbconvert_executed_notebook_stores_an_image_for_each_explorable(tmp_path):
    cells = [nbformat.v4.new_code_cell("import hotpart as hp")]
    cells += [nbformat.v4.new_code_cell(f'hp.explore("{name}")') for name in hp.EXPLORABLES]
    path = tmp_path / "all_explorables.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=cells), path)
    env_free = {k: v for k, v in __import__("os").environ.items() if k != "HOTPART_STATIC"}
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace", str(path)],
        check=True,
        capture_output=True,
        env=env_free,
        timeout=600,
    )
    ran = json.loads(path.read_text(encoding="utf-8"))["cells"][1:]
    for name, cell in zip(hp.EXPLORABLES, ran, strict=True):
        bundles = [o.get("data", {}) for o in cell["outputs"]]
        assert any("image/png" in b and len(b["image/png"]) > 1000 for b in bundles), f"{name}: no image stored"
        assert any("application/vnd.jupyter.widget-view+json" in b for b in bundles), f"{name}: no live widget"


def test_a_rebuild_keeps_the_readers_edits_and_reset_restores_the_edition(tmp_path):
    root, sources, _, executed_dir = _stand_in_repo(tmp_path)
    lab = tmp_path / "lab"
    reader.build_reader_edition(root, lab, executed=executed_dir)
    edited, untouched = lab / sources[0].name, lab / sources[1].name
    fresh = edited.read_bytes()
    nb = nbformat.read(edited, as_version=4)
    nb.cells.insert(1, nbformat.v4.new_code_cell("my_own_partitions = 12  # the reader's note"))
    nbformat.write(nb, edited)
    mine = edited.read_bytes()
    untouched.write_bytes(untouched.read_bytes())  # saved unchanged: still the edition's bytes
    notes = lab / "my-notes.txt"
    notes.write_text("kept", encoding="utf-8")

    kept: list = []
    written = reader.build_reader_edition(root, lab, executed=executed_dir, kept=kept)
    assert kept == [edited] and edited not in written and untouched in written
    assert edited.read_bytes() == mine  # the edit survives the rebuild
    assert notes.read_text(encoding="utf-8") == "kept"  # a file the edition never wrote is left alone
    record = json.loads((lab / reader.EDITION_MANIFEST).read_text(encoding="utf-8"))
    assert set(record) == {p.name for p in sources} | {"references.ipynb"}
    overrides = json.loads((lab / reader.LAB_SETTINGS_DIR / "overrides.json").read_text(encoding="utf-8"))
    assert overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"  # no news toast

    kept = []
    written = reader.build_reader_edition(root, lab, executed=executed_dir, kept=kept, reset=True)
    assert kept == [] and edited in written and edited.read_bytes() == fresh  # the edition as built

    # the download buttons' copies are always written whole, with no record and no lab settings
    downloads = tmp_path / "downloads"
    reader.build_reader_edition(root, downloads, executed=executed_dir, for_lab=False)
    assert not (downloads / reader.EDITION_MANIFEST).exists() and not (downloads / reader.LAB_SETTINGS_DIR).exists()


def test_the_download_copy_says_where_the_course_lives_what_it_needs_and_checks_for_hotpart():
    source = nbformat.read(ROOT / "notebooks" / "05_write_sharding.ipynb", as_version=4)
    executed = reader._execute(ROOT / "notebooks" / "05_write_sharding.ipynb")
    nb = reader.reader_notebook(source, executed, CITES, TITLES, "05_write_sharding.ipynb", standalone=True, urls=URLS)
    install = f'python -m pip install "hotpart @ git+{URLS.repository}" jupyterlab'
    first = nb.cells[0].source
    assert first.startswith("> *Chapter 5 of **") and f"<{URLS.book}>" in first and f"<{URLS.repository}>" in first
    assert install in first  # what it needs, before any code
    for word in ("make ", "lab-build", "clone of", "notebooks/05_write_sharding.ipynb"):
        assert word not in first, f"the download's first cell talks about {word!r}"
    prose = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert not re.search(r"\]\([\w.-]+\.ipynb\)", prose), "a link to a notebook the download does not have"
    assert f"]({URLS.book}notebooks/" in prose
    check = nb.cells[1]
    assert check.cell_type == "code" and 'find_spec("hotpart")' in check.source
    assert len(nb.cells) == len(source.cells) + 1
    assert not any("myst_nb" in c.source for c in nb.cells if c.cell_type == "code")
    # the check's message names the one thing to do
    env = {"__name__": "__main__"}
    import importlib.util

    real = importlib.util.find_spec
    importlib.util.find_spec = lambda name, *a: None if name == "hotpart" else real(name, *a)
    try:
        with pytest.raises(ModuleNotFoundError, match=re.escape(install)):
            exec(check.source, env)
    finally:
        importlib.util.find_spec = real
