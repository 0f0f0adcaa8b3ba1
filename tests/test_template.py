"""Every chapter follows CHAPTER_TEMPLATE.md, and the template names exactly the headings these tests require.

What is checked, per chapter (``notebooks/NN_*.ipynb``):

* the required headings exist, once each, in the template's order (a chapter may add ``##`` sections between them);
  the title's number is the file's;
* *What you will learn* has 3 to 5 numbered objectives, and *Source sections covered* is a table of sections
  (document, Japanese title in 「」);
* *Prerequisites* links the earlier chapters it builds on with ``{doc}`` (chapter 1 links the intro);
* *Summary and what's next* has 3 to 6 bullet points and a ``{doc}`` link to the next chapter (the last chapter
  links back to the intro or the glossary);
* *The mechanism* displays a formula; *Explore* calls ``hp.explore(...)`` and says what to try (**Try this**);
* *Exercises* has at least two ``{admonition} Solution`` blocks, each a dropdown that glues its answer;
* every code cell that shows a figure (``hp.show(``, ``hp.plot_...(``) is followed by a caption, a markdown cell
  whose first paragraph starts with ``**Figure``;
* every ``{doc}`` link names a page that exists;
* every collapsed block is a *Solution* or a *Going deeper* block (a dropdown admonition whose title starts
  ``Going deeper:``), and every evidence box is shown from a ``remove-input`` cell;
* a chapter its issue-46 pass has reworked (not in ``tests/rework_pending.py``) ends with *Check yourself*, a
  ``remove-input`` cell calling ``hp.self_check(...)``, before *References*.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from conftest import ROOT
from rework_pending import reworked

CHAPTERS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
TEMPLATE = ROOT / "CHAPTER_TEMPLATE.md"

#: The headings every chapter has, in this order: (the text in CHAPTER_TEMPLATE.md, the pattern a chapter's
#: heading line must match in full). "The mechanism" may take a subtitle after a colon; "Explore" anything after it;
#: the claims section reads "What the sources claim, ..." or "What the source claims, ...".
REQUIRED: tuple[tuple[str, str], ...] = (
    ("# N. Title", r"# (\d+)\. \S.*"),
    ("## Prerequisites", r"## Prerequisites"),
    ("## The mechanism", r"## The mechanism(?:: \S.*)?"),
    ("## Explore", r"## Explore\b.*"),
    ("## What the sources claim, and what the model shows", r"## What the source.*"),
    ("## Summary and what's next", r"## Summary and what's next"),
    ("## Exercises", r"## Exercises"),
    ("## Check yourself", r"## Check yourself"),
    ("## References", r"## References"),
)
#: The headings a chapter gets in its issue-46 pass: a chapter still in tests/rework_pending.py may lack them.
FROM_THE_REWORK = ("## Check yourself",)
#: The title of a dropdown that holds a derivation, an edge case or a dated history, after the prefix.
GOING_DEEPER = "Going deeper: "
#: The bold paragraphs under the title.
OBJECTIVES, SOURCE_SECTIONS = "**What you will learn**", "**Source sections covered**"

_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
_HEADING = re.compile(r"^(#{1,2}) \S")
_DOC = re.compile(r"\{doc\}`([^`]+)`")
_FIGURE_CALL = re.compile(r"\bhp\.(?:show|plot_\w+)\(")
_SOLUTION = re.compile(r"^(`{3,}|:{3,})\{admonition\}[ \t]+Solution\b.*\n((?:[ \t]*:\w[^\n]*\n)*)", re.MULTILINE)


def _id(path: Path) -> str:
    return path.stem


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell: dict) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _tags(cell: dict) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def _lines_outside_fences(markdown: str):
    """Each line of some Markdown with whether it is a ``#``/``##`` heading outside a code fence."""
    fence = None
    for line in markdown.splitlines():
        opening = _FENCE.match(line)
        if fence is None and opening:
            fence = opening.group(1)
        elif fence is not None and line.strip().startswith(fence) and not line.strip().lstrip(fence[0]):
            fence = None
        elif fence is None and _HEADING.match(line):
            yield line, True
            continue
        yield line, False


def headings(markdown: str) -> list[str]:
    """The ``#`` and ``##`` heading lines of some Markdown, outside code fences, stripped of trailing space."""
    return [line.rstrip() for line, heading in _lines_outside_fences(markdown) if heading]


def markdown_text(path: Path) -> str:
    """A chapter's Markdown cells, joined in order (code cells left out)."""
    return "\n\n".join(_source(c) for c in _cells(path) if c["cell_type"] == "markdown")


def sections(path: Path) -> list[tuple[str, str]]:
    """(heading line, body) for each ``#``/``##`` heading of a chapter's Markdown; ``###`` stay in their section."""
    out: list[tuple[str, list[str]]] = []
    for line, heading in _lines_outside_fences(markdown_text(path)):
        if heading:
            out.append((line.rstrip(), []))
        elif out:
            out[-1][1].append(line)
    return [(heading, "\n".join(body)) for heading, body in out]


def section(path: Path, required: int) -> str:
    """The body of the chapter's section matching ``REQUIRED[required]`` (up to the next ``#``/``##`` heading)."""
    pattern = REQUIRED[required][1]
    bodies = [body for heading, body in sections(path) if re.fullmatch(pattern, heading)]
    assert bodies, f"{path.name}: no heading matching {REQUIRED[required][0]!r}"
    return bodies[0]


def doc_targets(markdown: str) -> list[str]:
    """The targets of the ``{doc}`` links in some Markdown: ``{doc}`02_x``` and ``{doc}`text <02_x>``` alike."""
    targets = []
    for inner in _DOC.findall(markdown):
        inner = inner.strip()
        if inner.endswith(">") and "<" in inner:
            inner = inner[inner.rindex("<") + 1 : -1]
        targets.append(inner.strip())
    return targets


def resolve(target: str) -> Path | None:
    """The page a chapter's ``{doc}`` target names (relative to ``notebooks/``, or to the root if it starts with
    ``/``), or None when there is none."""
    base = ROOT if target.startswith("/") else ROOT / "notebooks"
    stem = (base / target.lstrip("/")).resolve()
    for suffix in (".ipynb", ".md"):
        if stem.with_name(stem.name + suffix).is_file():
            return stem.with_name(stem.name + suffix)
    return None


def number(path: Path) -> int:
    return int(path.name[:2])


# --- the template ---------------------------------------------------------------------------------------------


def test_the_template_has_exactly_the_required_headings():
    text = TEMPLATE.read_text(encoding="utf-8")
    assert headings(text) == [template for template, _ in REQUIRED], (
        "CHAPTER_TEMPLATE.md's # and ## headings must be REQUIRED's, in order (describe optional sections in prose)"
    )
    for template, pattern in REQUIRED[1:]:
        assert re.fullmatch(pattern, template), f"REQUIRED's pattern for {template!r} does not match its own text"
    for bold in (OBJECTIVES, SOURCE_SECTIONS):
        assert bold in text, f"the template does not show the {bold} paragraph"


def test_the_book_does_not_build_the_template_and_contributing_points_at_it():
    config = (ROOT / "_config.yml").read_text(encoding="utf-8")
    patterns = re.search(r"^exclude_patterns:\s*\[(.*)\]", config, re.MULTILINE)
    assert patterns and "CHAPTER_TEMPLATE.md" in patterns.group(1), "add CHAPTER_TEMPLATE.md to exclude_patterns"
    assert "CHAPTER_TEMPLATE.md" in (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")


# --- every chapter --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", CHAPTERS, ids=_id)
def test_required_headings_in_order(path):
    found = headings(markdown_text(path))
    assert found and re.fullmatch(REQUIRED[0][1], found[0]), f"{path.name}: the first heading must be '# N. Title'"
    assert int(re.fullmatch(REQUIRED[0][1], found[0]).group(1)) == number(path), f"{path.name}: {found[0]!r}"
    assert sum(h.startswith("# ") for h in found) == 1, f"{path.name}: more than one '# ' heading"
    positions = []
    for template, pattern in REQUIRED:
        at = [i for i, heading in enumerate(found) if re.fullmatch(pattern, heading)]
        if not at and template in FROM_THE_REWORK and not reworked(path):
            continue  # the chapter's issue-46 pass adds it
        assert len(at) == 1, f"{path.name}: {len(at)} headings match {template!r} (one needed); headings: {found}"
        positions.append(at[0])
    assert positions == sorted(positions), (
        f"{path.name}: required headings out of order: {[found[i] for i in positions]}; the template's order is "
        f"{[template for template, _ in REQUIRED]}"
    )


@pytest.mark.parametrize("path", [c for c in CHAPTERS if reworked(c)], ids=_id)
def test_check_yourself_holds_the_self_check(path):
    """The self-check: a ``remove-input`` code cell under *Check yourself* calls ``hp.self_check(...)`` (its answers
    computed in the cell, or in a hidden cell before it)."""
    current, calls = None, []
    for cell in _cells(path):
        if cell["cell_type"] == "markdown":
            current = (headings(_source(cell)) or [current])[-1]
        elif "hp.self_check(" in _source(cell):
            calls.append((current, _tags(cell)))
    assert calls, f"{path.name}: no code cell calls hp.self_check(...)"
    assert all(heading == "## Check yourself" for heading, _ in calls), f"{path.name}: hp.self_check outside Check yourself"
    assert all("remove-input" in tags for _, tags in calls), f"{path.name}: the self-check's cell must be remove-input"


_DROPDOWN = re.compile(
    r"^(`{3,}|:{3,})\{(?:admonition|dropdown)\}[ \t]*(?P<title>[^\n]*)\n(?P<options>(?:[ \t]*:\w[^\n]*\n)*)", re.M
)


def collapsed_blocks(markdown: str) -> list[str]:
    """The titles of the collapsed blocks (dropdown admonitions) in some Markdown.

    Examples
    --------
    >>> collapsed_blocks("```{admonition} Going deeper: the rule\\n:class: dropdown\\nText\\n```\\n")
    ['Going deeper: the rule']
    >>> collapsed_blocks("```{admonition} Note\\nOpen.\\n```\\n")
    []
    """
    titles = []
    for m in _DROPDOWN.finditer(markdown + "\n"):
        if m.group(0).lstrip("`:").startswith("{dropdown}") or re.search(r":class:.*\bdropdown\b", m["options"]):
            titles.append(m["title"].strip())
    return titles


@pytest.mark.parametrize("path", CHAPTERS, ids=_id)
def test_collapsed_blocks_are_solutions_or_going_deeper(path):
    """What a chapter folds away is a *Solution* or a *Going deeper* block, so that a reader knows what a fold
    holds and the main line's word count knows what to leave out; evidence boxes come from ``remove-input`` cells."""
    titles = collapsed_blocks(markdown_text(path))
    odd = [t for t in titles if t != "Solution" and not (t.startswith(GOING_DEEPER) and len(t) > len(GOING_DEEPER))]
    assert not odd, f"{path.name}: a dropdown titled neither 'Solution' nor '{GOING_DEEPER}...': {odd}"
    shown = [c for c in _cells(path) if c["cell_type"] == "code" and re.search(r"\bhp\.(source|assumption)_box\(", _source(c))]
    loose = [i for i, c in enumerate(shown) if "remove-input" not in _tags(c)]
    assert not loose, f"{path.name}: evidence boxes shown from cells that are not remove-input: {loose}"


@pytest.mark.parametrize("path", CHAPTERS, ids=_id)
def test_objectives_and_source_sections(path):
    title = section(path, 0)
    assert OBJECTIVES in title, f"{path.name}: no {OBJECTIVES} paragraph under the title"
    assert SOURCE_SECTIONS in title, f"{path.name}: no {SOURCE_SECTIONS} paragraph under the title"
    after = title[title.index(OBJECTIVES) + len(OBJECTIVES) :]
    objectives = after.split(SOURCE_SECTIONS)[0] if SOURCE_SECTIONS in after else after
    count = len(re.findall(r"^\d+\.\s+\S", objectives, re.MULTILINE))
    assert 3 <= count <= 5, f"{path.name}: {count} numbered objectives (3 to 5)"
    table = [line for line in title[title.index(SOURCE_SECTIONS) :].splitlines() if line.startswith("|")]
    rows = [line for line in table[2:] if line.strip("|- ")]
    assert rows, f"{path.name}: {SOURCE_SECTIONS} has no table of sections"
    for row in rows:
        assert re.search(r"「[^」]+」", row), f"{path.name}: a source section without its Japanese title in 「」: {row}"


@pytest.mark.parametrize("path", CHAPTERS, ids=_id)
def test_prerequisites_link_earlier_chapters(path):
    targets = doc_targets(section(path, 1))
    if number(path) == 1:
        assert targets, f"{path.name}: Prerequisites should link the intro with {{doc}}"
        return
    earlier = [t for t in targets if (page := resolve(t)) and page.parent.name == "notebooks" and number(page) < number(path)]
    assert earlier, f"{path.name}: Prerequisites links no earlier chapter with {{doc}} (links: {targets})"


@pytest.mark.parametrize("path", CHAPTERS, ids=_id)
def test_summary_has_bullets_and_links_the_next_chapter(path):
    body = section(path, 5)
    bullets = len(re.findall(r"^[*-] \S", body, re.MULTILINE))
    assert 3 <= bullets <= 6, f"{path.name}: Summary has {bullets} bullet points (3 to 6)"
    pages = [resolve(t) for t in doc_targets(body)]
    later = [c for c in CHAPTERS if number(c) > number(path)]
    if later:
        wanted = {later[0].resolve()}
    else:
        wanted = {(ROOT / "book" / "intro.md").resolve(), (ROOT / "book" / "glossary.md").resolve()}
    assert wanted & set(pages), f"{path.name}: Summary does not link {sorted(p.name for p in wanted)} with {{doc}}"


@pytest.mark.parametrize("path", CHAPTERS, ids=_id)
def test_exercises_have_dropdown_solutions_with_glued_answers(path):
    body = section(path, 6) + "\n"
    solutions = list(_SOLUTION.finditer(body))
    assert len(solutions) >= 2, f"{path.name}: {len(solutions)} '{{admonition}} Solution' blocks under Exercises (2 or more)"
    for number_, match in enumerate(solutions, 1):
        assert re.search(r":class:.*\bdropdown\b", match.group(2)), f"{path.name}: Solution {number_} is not a dropdown"
        closing = re.compile(rf"^{re.escape(match.group(1))}[ \t]*$", re.MULTILINE).search(body, match.end())
        text = body[match.end() : closing.start() if closing else len(body)]
        assert "{glue" in text, f"{path.name}: Solution {number_} glues no answer ({{glue:text}})"


@pytest.mark.parametrize("path", CHAPTERS, ids=_id)
def test_mechanism_has_a_formula(path):
    body = section(path, 2)
    assert "$$" in body or "{math}" in body, f"{path.name}: The mechanism has no displayed formula ($$ ... $$)"


@pytest.mark.parametrize("path", CHAPTERS, ids=_id)
def test_explore_shows_an_explorable_and_says_what_to_try(path):
    assert "**Try this" in section(path, 3), f"{path.name}: the Explore section has no **Try this:** paragraph"
    current, shown = None, False
    for cell in _cells(path):
        if cell["cell_type"] == "markdown":
            current = (headings(_source(cell)) or [current])[-1]
        elif current and re.fullmatch(REQUIRED[3][1], current) and "hp.explore(" in _source(cell):
            shown = True
    assert shown, f"{path.name}: no code cell under the Explore heading calls hp.explore(...)"


@pytest.mark.parametrize("path", CHAPTERS, ids=_id)
def test_every_figure_has_a_caption(path):
    cells = _cells(path)
    missing = []
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "code" or _tags(cell) & {"remove-cell", "remove-output"}:
            continue
        code = "\n".join(line for line in _source(cell).splitlines() if not line.lstrip().startswith("#"))
        if not _FIGURE_CALL.search(code):
            continue
        following = [c for c in cells[i + 1 :] if "remove-cell" not in _tags(c)]
        caption = following[0] if following else None
        if caption is None or caption["cell_type"] != "markdown" or not _source(caption).lstrip().startswith("**Figure"):
            missing.append(i)
    assert not missing, f"{path.name}: code cells {missing} show a figure with no '**Figure.**' caption right after"


@pytest.mark.parametrize("path", CHAPTERS, ids=_id)
def test_doc_links_resolve(path):
    broken = [t for t in doc_targets(markdown_text(path)) if resolve(t) is None]
    assert not broken, f"{path.name}: {{doc}} links to pages that do not exist: {broken}"


#: What a hidden cell may not do itself (issue 16 §3): loops, branches, definitions, comprehensions and the
#: arithmetic helpers below belong in a tested package function that the cell calls.
_LOGIC_NODES = (
    ast.For,
    ast.AsyncFor,
    ast.While,
    ast.If,
    ast.IfExp,
    ast.FunctionDef,
    ast.ClassDef,
    ast.With,
    ast.Try,
    ast.ListComp,
    ast.SetComp,
    ast.DictComp,
    ast.GeneratorExp,
    ast.Lambda,
)
_LOGIC_CALLS = {"sum", "min", "max", "sorted", "zip", "range", "enumerate", "map", "filter", "round", "abs"}
_LOGIC_MODULES = {"np", "numpy", "math", "scipy", "statistics", "pd"}


def hidden_logic(code: str) -> list[str]:
    """The constructs in a hidden cell's code that compute rather than call and glue, as ``"line N: what"``.

    Examples
    --------
    >>> hidden_logic("x = hp.f(1)\\nglue('x', f'{x:,.0f}', display=False)")
    []
    >>> hidden_logic("rows = [r for r in hp.rows()]\\nn = np.sum(rows)")
    ['line 1: ListComp', 'line 2: np.sum']
    """
    found = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, _LOGIC_NODES):
            found.append((node.lineno, type(node).__name__))
        elif isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name) and f.id in _LOGIC_CALLS:
                found.append((node.lineno, f"{f.id}()"))
            elif isinstance(f, ast.Attribute) and f.attr == "join":
                found.append((node.lineno, ".join()"))
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in _LOGIC_MODULES:
            found.append((node.lineno, f"{node.value.id}.{node.attr}"))
    return [f"line {n}: {what}" for n, what in sorted(set(found))]


def _code(cell: dict) -> str:
    """A code cell's Python, with IPython magics and shell lines left out."""
    return "\n".join(line for line in _source(cell).splitlines() if not line.lstrip().startswith(("%", "!")))


@pytest.mark.parametrize("path", CHAPTERS, ids=_id)
def test_hidden_cells_only_call_and_glue(path):
    """A hidden cell (``remove-cell``/``remove-input``) calls package functions and glues what they return; any
    table or number it would compute itself comes from a tested function instead (issue 16 §3)."""
    problems = []
    for i, cell in enumerate(_cells(path)):
        if cell["cell_type"] == "code" and _tags(cell) & {"remove-cell", "remove-input"}:
            problems += [f"cell {i} {p}" for p in hidden_logic(_code(cell))]
    assert not problems, f"{path.name}: hidden cells compute instead of calling a tested function: {problems}"
