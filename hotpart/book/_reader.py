"""The reader's edition: every chapter as a notebook that reads well in stock JupyterLab, GitHub and nbviewer.

The chapters in ``notebooks/`` are written for the book: their prose carries
MyST roles (``{glue:text}``, ``{cite:p}``, ``{doc}``) and directives (dropdown
solutions, admonitions) that only Jupyter Book understands, and their computed
numbers exist only after execution. The reader's edition is generated from the
same notebooks: it executes each one (or takes the book build's executed copy),
then writes a copy in which

* every glue reference is replaced by its value, formatted exactly as the book
  formats it (myst-nb's own ``format_plain_text``);
* dropdown solutions become collapsible ``<details>`` blocks, and other
  admonitions block quotes with a bold title;
* citations become "(Author Year)" links to a generated ``references.ipynb``,
  cross-references become links to the other chapters (in the download button's
  copy, to the book's pages: a single notebook has no other chapters beside it);
* citations of an evidence box (``{evidence}``) become links to the box, numbered
  as the book numbers them, and every box's title gets its number;
* cells the book hides keep their code (later cells need its variables) but
  open collapsed; every explorable's output holds its default frame as a PNG,
  so the notebook shows a figure before any cell runs.

``make lab-build`` writes the edition to ``_lab/`` (ignored by git) and ``make
lab`` starts JupyterLab there; nothing a reader does touches ``notebooks/``.
``make book`` also puts the edition behind the book's download button.

Run it as ``python -m hotpart.book._reader --out _lab [--executed _build/jupyter_execute/notebooks]``.
"""

from __future__ import annotations

import argparse
import base64
import codecs
import concurrent.futures
import copy
import functools
import hashlib
import json
import os
import posixpath
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .evidence import BOX_ID, EVIDENCE_ID_PREFIX, number_boxes, parse_citation

__all__ = [
    "Citation",
    "CourseUrls",
    "evidence_numbers",
    "FIRST_FRAMES",
    "bibliography",
    "build_reader_edition",
    "glue_values",
    "first_frame",
    "reader_markdown",
    "reader_notebook",
]

#: The folder, beside the book's frame cache (``_build/.explorable-cache``), that keeps the edition's first frames.
FIRST_FRAMES = "first-frames"

#: Where the edition says it comes from, at the top of every chapter of ``make lab``'s edition.
_BANNER = (
    "> *Reader's edition of `notebooks/{name}`, written by `make lab`: every number is filled in and the"
    " solutions fold. Run the cells and move the sliders; edits here never reach the course's sources.*"
)
#: The same for the download button's copy, which is read outside the course: what it is and where the course lives.
_STANDALONE_BANNER = (
    "> *Chapter {number} of **{course}**, a course on DynamoDB's hot partitions and on sharding. This notebook is its"
    " reader's edition: every number is filled in and the solutions fold. The course's book is at <{book}> and its"
    " source at <{repository}>.*"
)
#: What a downloaded chapter needs, said before its first cell (the download button's copy runs outside the course).
_NEEDS = (
    "> **To run this notebook** you need Python 3.11 or later and Jupyter, with the course's `hotpart` package, which "
    "is not on PyPI: install both from the course's repository with `{install}`, then run `jupyter lab` and open this "
    "file. The next cell checks that `hotpart` is there. Nothing else is needed: the numbers in the text are already "
    "filled in, and the links to other chapters open the book's pages."
)
#: The install command the download names: the package from the course's repository, and JupyterLab.
_INSTALL = 'python -m pip install "hotpart @ git+{repository}" jupyterlab'
#: The cell that says, in one line, what is missing when ``hotpart`` is not installed.
_CHECK_CELL = (
    "# What this chapter needs: the hotpart package (see above) and Jupyter.\n"
    "import importlib.util\n"
    "\n"
    'if importlib.util.find_spec("hotpart") is None:\n'
    "    raise ModuleNotFoundError(\n"
    '        "this chapter needs the course\'s hotpart package: run "\n'
    "        {command!r}\n"
    '        ", then restart the kernel"\n'
    "    )"
)
#: The book's glue import, and what the edition calls instead (no myst-nb outside the book).
_MYST_GLUE = "from myst_nb import glue"
_HOTPART_GLUE = "from hotpart import glue  # records the values; the book's myst-nb fills them into the text"

_ROLE = re.compile(r"\{(?P<name>[\w:-]+)\}`(?P<body>[^`]*)`")
_FENCE_OPEN = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|:{3,})\{(?P<name>[\w:-]+)\}\s*(?P<arg>.*)$")
_PLAIN_FENCE = re.compile(r"^\s*(?P<fence>`{3,}|~{3,})")
_TITLES = {
    "note": "Note",
    "warning": "Warning",
    "tip": "Tip",
    "important": "Important",
    "hint": "Hint",
    "caution": "Caution",
    "attention": "Attention",
    "seealso": "See also",
    "dropdown": "",
}


@dataclass(frozen=True)
class Citation:
    """One bibliography entry as the reader's edition cites it.

    Parameters
    ----------
    key : str
        The BibTeX key.
    label : str
        "Author Year" (organisations add a short title, since they publish many pages a year).
    entry : str
        The full reference, in Markdown.
    """

    key: str
    label: str
    entry: str


def _plain(latex: str) -> str:
    import latexcodec  # noqa: F401 - registers the "ulatex" codec (installed with pybtex)

    text = str(latex)
    try:
        text = codecs.decode(text, "ulatex")
    except (LookupError, ValueError):  # a string latexcodec cannot decode stays as it is
        pass
    return " ".join(text.replace("{", "").replace("}", "").split())


def bibliography(bib: str | Path) -> dict[str, Citation]:
    """Every entry of a BibTeX file as a :class:`Citation`, by key.

    Parameters
    ----------
    bib : str or Path
        The ``.bib`` file (the book's ``book/references.bib``).

    Examples
    --------
    >>> from pathlib import Path
    >>> cites = bibliography(Path(__file__).resolve().parents[2] / "book" / "references.bib")
    >>> cites["dean2013tail"].label
    'Dean and Barroso 2013'
    """
    from pybtex.database import parse_file

    db = parse_file(str(bib))
    out: dict[str, Citation] = {}
    for key, e in db.entries.items():
        people = e.persons.get("author", [])
        lasts = [_plain(" ".join(p.last_names)) for p in people]
        year = _plain(e.fields.get("year", "n.d."))
        title = _plain(e.fields.get("title", key))
        if len(lasts) == 1 and not people[0].first_names:  # an organisation: add the page's title
            short = " ".join(title.split()[:6]) + ("…" if len(title.split()) > 6 else "")
            label = f"{lasts[0]} {year}, “{short}”"
        elif len(lasts) == 1:
            label = f"{lasts[0]} {year}"
        elif len(lasts) == 2:
            label = f"{lasts[0]} and {lasts[1]} {year}"
        else:
            label = f"{lasts[0]} et al. {year}" if lasts else f"{key} {year}"
        names = [
            _plain(" ".join(p.first_names + p.middle_names + p.prelast_names + p.last_names + p.lineage_names)) for p in people
        ]
        authors = (", ".join(names[:-1]) + " and " + names[-1]) if len(names) > 1 else (names[0] if names else "Anonymous")
        venue = _plain(e.fields.get("booktitle") or e.fields.get("journal") or e.fields.get("howpublished") or "")
        url = e.fields.get("url") or (f"https://doi.org/{e.fields['doi']}" if "doi" in e.fields else "")
        parts = [f"{authors}. {title}."] + ([f"*{venue}*."] if venue else []) + ([f"<{url}>"] if url else [])
        out[key] = Citation(key, label, " ".join(parts))
    return out


def glue_values(executed: Any) -> dict[str, str]:
    """The ``text/plain`` value of every ``glue`` call in an executed notebook, by key.

    Parameters
    ----------
    executed : nbformat.NotebookNode
        A notebook whose cells have run (outputs present).
    """
    values: dict[str, str] = {}
    for cell in executed.cells:
        if cell.cell_type != "code":
            continue
        for out in cell.get("outputs", []):
            name = out.get("metadata", {}).get("scrapbook", {}).get("name")
            if not name:
                continue
            data = out.get("data", {})
            plain = data.get("text/plain", data.get("application/papermill.record/text/plain"))
            if plain is not None:
                values[name] = "".join(plain) if isinstance(plain, list) else str(plain)
    return values


@dataclass(frozen=True)
class CourseUrls:
    """Where the course lives, as ``_config.yml`` says (``repository.url`` and ``html.baseurl``).

    Parameters
    ----------
    repository : str
        The course's source repository (``https://github.com/...``).
    book : str
        The published book, ending in ``/``: a page is ``book + "notebooks/01_partitions.html"``.
    title : str
        The book's title.
    """

    repository: str
    book: str
    title: str = "hotpart"

    @classmethod
    def from_config(cls, root: str | Path) -> CourseUrls:
        """Read them from ``root/_config.yml``.

        Raises
        ------
        ValueError
            If the file names no ``repository.url`` or no ``html.baseurl`` (both ``https://``).
        """
        import yaml

        path = Path(root) / "_config.yml"
        config = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        repository = str((config.get("repository") or {}).get("url") or "")
        book = str((config.get("html") or {}).get("baseurl") or "")
        if not repository.startswith("https://") or not book.startswith("https://"):
            raise ValueError(f"{path} must give repository.url and html.baseurl as https:// addresses (the download names them)")
        return cls(repository.rstrip("/"), book.rstrip("/") + "/", str(config.get("title") or "hotpart"))

    def page(self, docname: str) -> str:
        """The book's address of a page: ``page("notebooks/01_partitions")``."""
        return f"{self.book}{docname}.html"


def _role(
    name: str,
    body: str,
    glue: dict[str, str],
    cites: dict[str, Citation],
    titles: dict[str, str],
    evidence: dict[str, int] | None = None,
    urls: CourseUrls | None = None,
) -> str:
    if name == "evidence":
        label, anchor = parse_citation(body)
        numbers = evidence or {}
        if anchor not in numbers:
            raise KeyError(f"evidence anchor {anchor!r} has no evidence box in the notebook")
        return f"[{label or f'[{numbers[anchor]}]'}](#{EVIDENCE_ID_PREFIX}{anchor})"
    if name.startswith("glue"):
        from myst_nb.core.variables import format_plain_text

        key, _, fmt = body.rpartition(":") if ":" in body else (body, "", "")
        if key not in glue:
            raise KeyError(f"glue key {key!r} is not glued by the notebook")
        return format_plain_text(glue[key], fmt)
    if name.startswith("cite"):
        links = []
        for key in (k.strip() for k in body.split(",")):
            c = cites.get(key)
            if c is None:
                raise KeyError(f"citation key {key!r} is not in the bibliography")
            links.append(f"[{c.label}]({urls.page('book/references') if urls else 'references.ipynb'})")
        return "; ".join(links) if name == "cite:t" else "(" + "; ".join(links) + ")"
    text, target = body, body
    explicit = re.fullmatch(r"(?P<text>.*?)\s*<(?P<target>[^>]+)>", body)
    if explicit:
        text, target = explicit["text"], explicit["target"]
    if name == "doc":
        stem = Path(target).name
        if urls is not None:  # a single notebook: link the book's page
            docname = posixpath.normpath(target[1:] if target.startswith("/") else posixpath.join("notebooks", target))
            shown = text if explicit else titles.get(stem, stem.replace("_", " "))
            return f"[{shown}]({urls.page(docname)})"
        if stem in titles:
            return f"[{text if explicit else titles[stem]}]({stem}.ipynb)"
        return text if explicit else stem.replace("_", " ")
    if name == "math":
        return f"${body}$"
    return text  # ref, term, abbr and the like: their text


def _roles(
    text: str,
    glue: dict[str, str],
    cites: dict[str, Citation],
    titles: dict[str, str],
    evidence: dict[str, int] | None = None,
    urls: CourseUrls | None = None,
) -> str:
    out, in_code = [], None
    for line in text.split("\n"):
        fence = _PLAIN_FENCE.match(line)
        if in_code is None and fence and "{" not in line:
            in_code = fence["fence"]
        elif in_code is not None and line.strip().startswith(in_code):
            in_code = None
            out.append(line)
            continue
        if in_code is None:
            line = _ROLE.sub(lambda m: _role(m["name"], m["body"], glue, cites, titles, evidence, urls), line)
        out.append(line)
    return "\n".join(out)


def _directive(name: str, arg: str, body: list[str]) -> list[str]:
    options: dict[str, str] = {}
    while body and re.match(r"^:\w[\w-]*:", body[0].strip()):
        opt = body.pop(0).strip()
        k, _, v = opt[1:].partition(":")
        options[k] = v.strip()
    while body and not body[0].strip():
        body.pop(0)
    while body and not body[-1].strip():
        body.pop()
    title = arg.strip() or _TITLES.get(name, name.capitalize())
    if name == "dropdown" or "dropdown" in options.get("class", "").split():
        return ["<details>", f"<summary><b>{title or 'Details'}</b></summary>", "", *body, "", "</details>"]
    if name in ("admonition", *_TITLES):
        quoted = [f"> {line}" if line.strip() else ">" for line in body]
        return [f"> **{title}**", ">", *quoted]
    if name in ("math",):
        return ["$$", *body, "$$"]
    if name in ("code-block", "code", "sourcecode"):
        return [f"```{arg.strip()}", *body, "```"]
    return body  # any other directive: its content, as Markdown


def _directives(lines: list[str]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(lines):
        m = _FENCE_OPEN.match(lines[i])
        if not m:
            out.append(lines[i])
            i += 1
            continue
        fence, depth, j = m["fence"], 0, i + 1
        body: list[str] = []
        while j < len(lines):
            line = lines[j]
            inner = _FENCE_OPEN.match(line)
            if inner and inner["fence"][0] == fence[0] and len(inner["fence"]) == len(fence):
                depth += 1
            elif line.strip() == fence and depth == 0:
                break
            elif line.strip() == fence:
                depth -= 1
            body.append(line)
            j += 1
        out += _directive(m["name"], m["arg"], _directives(body))
        i = j + 1
    return out


def reader_markdown(
    text: str,
    glue: dict[str, str],
    cites: dict[str, Citation],
    titles: dict[str, str] | None = None,
    evidence: dict[str, int] | None = None,
    urls: CourseUrls | None = None,
) -> str:
    """One markdown cell of the book rewritten as Markdown that stock JupyterLab renders.

    Parameters
    ----------
    text : str
        The cell's MyST source.
    glue : dict
        Glued ``text/plain`` values by key (:func:`glue_values`).
    cites : dict
        The bibliography (:func:`bibliography`).
    titles : dict, optional
        Chapter titles by notebook stem, for ``{doc}`` links.
    evidence : dict, optional
        The number of each evidence box of the notebook, by anchor (:func:`evidence_numbers`), for ``{evidence}``.
    urls : CourseUrls, optional
        Where the course lives: given, ``{doc}`` links and citations go to the book's pages (a single notebook's
        copy), not to the notebooks beside this one.

    Examples
    --------
    >>> cites = {"k": Citation("k", "Doe 2020", "Doe. T.")}
    >>> print(reader_markdown("At {glue:text}`n` WCU/s {cite:p}`k`.", {"n": "'1,000'"}, cites))
    At 1,000 WCU/s ([Doe 2020](references.ipynb)).
    >>> print(reader_markdown("```{admonition} Solution\\n:class: dropdown\\nIt is 2.\\n```", {}, {}))
    <details>
    <summary><b>Solution</b></summary>
    <BLANKLINE>
    It is 2.
    <BLANKLINE>
    </details>
    """
    lines = [line for line in text.split("\n") if not re.match(r"^\(\S+\)=\s*$", line) and not line.startswith("% ")]
    return _roles("\n".join(_directives(lines)), glue, cites, titles or {}, evidence, urls)


def _explorable_output(source: str, frames: Path | None = None) -> list[dict[str, Any]]:
    """The default frame and caption of every explorable a cell shows, as saved outputs.

    With ``frames``, a folder, each figure's PNG and caption are kept there under a key that hashes every file of
    the package and the matplotlib version (as the book's frames are, :func:`hotpart.book._frames.frame_key`), and
    reused while the key holds: a prose edit then costs no explorable a new computation or draw.
    """
    import nbformat

    from .explorable import _declared
    from .plotting import render_rgba

    outputs = []
    for name in re.findall(r"""explore\(\s*["']([\w-]+)["']""", source):
        e = _declared()[name]
        kept = None if frames is None else frames / _first_frame_key(name)
        if kept is not None and (kept / "frame.png").is_file() and (kept / "caption.txt").is_file():
            png_bytes = (kept / "frame.png").read_bytes()
            text = (kept / "caption.txt").read_text(encoding="utf-8")
        else:
            data = e.data()
            png_bytes, text = first_frame(e, data, render_rgba(e.draw(data)), keep_in=frames)
        png = base64.b64encode(png_bytes).decode("ascii")
        outputs.append(nbformat.v4.new_output("display_data", data={"image/png": png, "text/plain": text}, metadata={}))
    return outputs


def first_frame(explorable: Any, data: Any, pixels: Any, keep_in: Path | None = None) -> tuple[bytes, str]:
    """An explorable's first frame in the reader's edition: the lossless PNG of ``pixels`` (its figure drawn at the
    defaults, whose data is ``data``) and the caption; with ``keep_in``, a folder, also kept there under the key
    :func:`_explorable_output` looks up.

    The kernels that render the book's frames draw this figure anyway (to size the frames) and keep it, so that the
    reader's edition, written after the book, draws none.
    """
    from .plotting import _lossless_png

    png_bytes = _lossless_png(pixels)
    text = f"{explorable.title}: {explorable.caption(data)}"
    kept = None if keep_in is None else keep_in / _first_frame_key(explorable.name)
    if kept is not None and not ((kept / "frame.png").is_file() and (kept / "caption.txt").is_file()):
        _write_whole(kept / "caption.txt", text.encode("utf-8"))
        _write_whole(kept / "frame.png", png_bytes)
    return png_bytes, text


def _write_whole(path: Path, content: bytes) -> None:
    """Write ``path`` whole or not at all (another process may read it meanwhile)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    partial.write_bytes(content)
    partial.replace(path)


@functools.cache
def _package_digest() -> str:
    """Every file of the package and the matplotlib version, hashed once per process."""
    import matplotlib

    from ._build import source_digest

    h = source_digest()
    h.update(matplotlib.__version__.encode())
    return h.hexdigest()


def _first_frame_key(name: str) -> str:
    return hashlib.sha256(f"{_package_digest()}\0first-frame\0{name}".encode()).hexdigest()[:16]


def _clean_outputs(outputs: list[Any]) -> list[Any]:
    kept = []
    for out in outputs:
        if out.get("metadata", {}).get("scrapbook"):
            continue  # a glue record: its value is in the prose now
        data = out.get("data")
        if data is not None:
            data.pop("application/vnd.jupyter.widget-view+json", None)  # no widget state is saved
            for mime in out.get("metadata", {}).pop("hotpart", {}).get("book_only", []):
                data.pop(mime, None)  # a figure's <picture> of files beside the book's pages: its PNG stays
            if not data:
                continue
        kept.append(out)
    return kept


def _html_outputs(cell: Any) -> list[Any]:
    return [o for o in cell.get("outputs", []) if "text/html" in (o.get("data") or {})]


def evidence_numbers(executed: Any) -> dict[str, int]:
    """The number of each evidence box an executed notebook shows, by anchor, in order (as the book numbers them).

    Examples
    --------
    >>> import nbformat
    >>> html = '<details class="admonition note hp-evidence" id="ev-ceiling"><summary>x</summary></details>'
    >>> out = nbformat.v4.new_output("display_data", data={"text/html": html})
    >>> evidence_numbers(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(outputs=[out])]))
    {'ceiling': 1}
    """
    numbers: dict[str, int] = {}
    for cell in executed.cells:
        for out in _html_outputs(cell):
            html = out["data"]["text/html"]
            for anchor in BOX_ID.findall("".join(html) if isinstance(html, list) else html):
                numbers.setdefault(anchor, len(numbers) + 1)
    return numbers


def _number_boxes(outputs: list[Any], numbers: dict[str, int]) -> None:
    """Write each evidence box's number into its title, in the outputs' HTML, as the book does."""
    for out in outputs:
        data = out.get("data") or {}
        if "text/html" in data:
            html = "".join(data["text/html"]) if isinstance(data["text/html"], list) else data["text/html"]
            data["text/html"] = number_boxes(html, numbers)


def reader_notebook(
    source: Any,
    executed: Any,
    cites: dict[str, Citation],
    titles: dict[str, str],
    name: str,
    glue: dict[str, str] | None = None,
    frames: Path | None = None,
    standalone: bool = False,
    urls: CourseUrls | None = None,
) -> Any:
    """The reader's edition of one chapter.

    Parameters
    ----------
    source : nbformat.NotebookNode
        The chapter as committed (no outputs).
    executed : nbformat.NotebookNode
        The same chapter after execution, cell for cell.
    cites, titles : dict
        The bibliography and the chapter titles by notebook stem.
    name : str
        The notebook's file name, for the banner.
    glue : dict, optional
        Glued values by key, when they are not in ``executed``'s outputs (the
        book build keeps them beside the notebook, in ``NAME.glue.json``).
    frames : Path, optional
        A folder where the explorables' first frames are kept between builds (see :func:`_explorable_output`).
    standalone : bool
        The download button's copy: it opens with where the course lives and what it needs, and a cell that checks
        ``hotpart`` is installed; its links to other chapters and to the references open the book's pages.
    urls : CourseUrls, optional
        Where the course lives, for ``standalone`` (by default read from the repository's ``_config.yml``).

    Every edition imports :func:`hotpart.glue` where the chapter imported myst-nb's, so it runs without myst-nb.
    """
    import nbformat

    if len(source.cells) != len(executed.cells):
        raise ValueError(f"executed = {len(executed.cells)} cells, source = {len(source.cells)}; allowed: the same notebook")
    glue = {**glue_values(executed), **(glue or {})}
    if standalone and urls is None:
        urls = CourseUrls.from_config(Path(__file__).resolve().parents[2])
    links = urls if standalone else None
    numbers = evidence_numbers(executed)
    nb = copy.deepcopy(source)
    nb.metadata.pop("widgets", None)
    for i, (cell, ran) in enumerate(zip(nb.cells, executed.cells, strict=True)):
        tags = set(cell.get("metadata", {}).get("tags", []))
        if cell.cell_type == "markdown":
            cell.source = reader_markdown(cell.source, glue, cites, titles, numbers, links)
            if i == 0:
                cell.source = _banner(name, cell.source, links) + "\n\n" + cell.source
            continue
        if cell.cell_type != "code":
            continue
        cell.source = "\n".join(_HOTPART_GLUE if ln.strip() == _MYST_GLUE else ln for ln in cell.source.split("\n"))
        jupyter = cell.metadata.setdefault("jupyter", {})
        if "explore(" in cell.source:
            cell.outputs = _explorable_output(cell.source, frames)
        elif "remove-cell" in tags:
            cell.outputs = []
        else:
            cell.outputs = _clean_outputs(copy.deepcopy(ran.get("outputs", [])))
            _number_boxes(cell.outputs, numbers)
        if tags & {"remove-cell", "remove-input", "hide-input", "hide-cell"}:
            jupyter["source_hidden"] = True
        if tags & {"remove-output", "hide-output"}:
            jupyter["outputs_hidden"] = True
        cell.execution_count = None
        for out in cell.outputs:
            if "execution_count" in out:
                out["execution_count"] = None
    if links is not None:
        install = _INSTALL.format(repository=links.repository)
        first = nb.cells[0].source.split("\n\n", 1)
        nb.cells[0].source = "\n\n".join([first[0], _NEEDS.format(install=install), *first[1:]])
        nb.cells.insert(1, nbformat.v4.new_code_cell(_CHECK_CELL.format(command=install)))
    return nb


def _banner(name: str, first_cell: str, urls: CourseUrls | None) -> str:
    """The line above a chapter's title: ``make lab``'s edition, or (``urls`` given) where a downloaded copy comes
    from."""
    if urls is None:
        return _BANNER.format(name=name)
    number = re.match(r"#\s*(\d+)\.", first_cell.lstrip())
    return _STANDALONE_BANNER.format(
        number=number.group(1) if number else "?", course=urls.title, book=urls.book, repository=urls.repository
    )


def _references_notebook(cites: dict[str, Citation]) -> Any:
    import nbformat

    lines = ["# References", "", "The works the chapters cite, as in the book's references page.", ""]
    for c in sorted(cites.values(), key=lambda c: c.label.lower()):
        lines += [f"### {c.label}", "", c.entry, ""]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("\n".join(lines))])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nb


def _execute(path: Path, timeout_s: int = 600, source: Any = None) -> Any:
    import os

    import nbformat
    from nbclient import NotebookClient

    nb = copy.deepcopy(source) if source is not None else nbformat.read(path, as_version=4)
    saved = os.environ.pop("HOTPART_STATIC", None)
    try:
        NotebookClient(nb, timeout=timeout_s, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    finally:
        if saved is not None:
            os.environ["HOTPART_STATIC"] = saved
    return nb


def _titles(notebooks: list[Path]) -> dict[str, str]:
    import nbformat

    titles = {}
    for p in notebooks:
        first = nbformat.read(p, as_version=4).cells[0].source.split("\n", 1)[0]
        titles[p.stem] = first.lstrip("# ").strip()
    return titles


#: The record of what the edition wrote, in ``out``: each notebook's name and the SHA-256 of the bytes written.
EDITION_MANIFEST = ".hotpart-edition.json"
#: JupyterLab's application settings for ``make lab`` (``--LabApp.app_settings_dir``), in ``out``: its defaults
#: turned off the news toast and the update check, which would cover every chapter and call another host.
LAB_SETTINGS_DIR = ".jupyterlab"
_LAB_OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
}


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _edited(path: Path, manifest: dict[str, str]) -> bool:
    """Whether the reader changed ``path`` since the edition wrote it (a file the edition never wrote counts)."""
    return path.exists() and _sha256(path.read_bytes()) != manifest.get(path.name)


def build_reader_edition(
    root: str | Path = ".",
    out: str | Path = "_lab",
    executed: str | Path | None = None,
    jobs: int = 2,
    reset: bool = False,
    kept: list[Path] | None = None,
    for_lab: bool = True,
) -> list[Path]:
    """Write the reader's edition of every chapter, and ``references.ipynb``, to ``out``.

    A notebook the reader has edited (its bytes are not those the edition last wrote, recorded in
    ``out/.hotpart-edition.json``) is kept as it is, unless ``reset``; so ``make lab`` never overwrites an edit.

    Parameters
    ----------
    root : str or Path
        The repository root (``notebooks/`` and ``book/references.bib`` below it).
    out : str or Path
        The folder to write (created; its notebooks are replaced).
    executed : str or Path, optional
        A folder of already-executed copies of the chapters (the book build's
        ``_build/jupyter_execute/notebooks``). A copy is used only when it is
        newer than the chapter and every module of :mod:`hotpart`; otherwise
        the chapter is executed here, and the result kept in ``out/.executed``
        for the next build.
    jobs : int
        Chapters executed at once, each in its own kernel.
    reset : bool
        Overwrite edited notebooks too (``make lab-reset``): the edition as built.
    kept : list of Path, optional
        Filled with the edited notebooks left as they were.
    for_lab : bool
        Also write the record of what was written and JupyterLab's settings (``make lab``); ``False`` for the
        download buttons' copies in the built book, which are always written whole.

    Returns
    -------
    list of Path
        The notebooks written (edited ones kept are not among them).
    """
    import nbformat

    root, out = Path(root), Path(out)
    if jobs < 1:
        raise ValueError(f"jobs = {jobs} is not allowed; allowed: 1 or more")
    notebooks = sorted((root / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    if not notebooks:
        raise ValueError(f"root = {str(root)!r} has no notebooks/NN_*.ipynb")
    cites = bibliography(root / "book" / "references.bib")
    titles = _titles(notebooks)
    urls = None if for_lab else CourseUrls.from_config(root)

    # the models' newest change (this module's own does not change a glued value)
    newest_model = max(
        f.stat().st_mtime for f in Path(__file__).resolve().parents[1].rglob("*.py") if f.name != Path(__file__).name
    )
    sources = {p: nbformat.read(p, as_version=4) for p in notebooks}
    cache = out / ".executed"  # this build's own executed copies, reused while current
    frames = root / "_build" / ".explorable-cache" / FIRST_FRAMES  # beside the book's frames, keyed the same way
    cache.mkdir(parents=True, exist_ok=True)

    def executed_copy(p: Path) -> tuple[Any, dict[str, str]]:
        for folder in ([Path(executed)] if executed is not None else []) + [cache]:
            ran = folder / p.name
            if ran.exists() and ran.stat().st_mtime > max(p.stat().st_mtime, newest_model):
                # current: run after the chapter and the models last changed. myst-nb moves the glue
                # outputs of the notebooks it executes into NAME.glue.json beside them.
                sidecar = folder / f"{p.stem}.glue.json"
                glued = {}
                if sidecar.exists():
                    records = json.loads(sidecar.read_text(encoding="utf-8"))
                    glued = glue_values(nbformat.from_dict({"cells": [{"cell_type": "code", "outputs": list(records.values())}]}))
                return nbformat.read(ran, as_version=4), glued
        ran = _execute(p, source=sources[p])
        nbformat.write(ran, cache / p.name)
        return ran, {}

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        runs = list(pool.map(executed_copy, notebooks))
    out.mkdir(parents=True, exist_ok=True)
    record = out / EDITION_MANIFEST
    manifest: dict[str, str] = json.loads(record.read_text(encoding="utf-8")) if record.exists() else {}
    books = [
        (
            p.name,
            reader_notebook(sources[p], ran, cites, titles, p.name, glue=glued, frames=frames, standalone=not for_lab, urls=urls),
        )
        for p, (ran, glued) in zip(notebooks, runs, strict=True)
    ]
    books.append(("references.ipynb", _references_notebook(cites)))
    written = []
    for name, nb in books:
        target, data = out / name, nbformat.writes(nb).encode("utf-8")
        if for_lab and not reset and _edited(target, manifest) and target.read_bytes() != data:
            if kept is not None:
                kept.append(target)
            continue
        _write_whole(target, data)
        manifest[name] = _sha256(data)
        written.append(target)
    if for_lab:
        _write_whole(record, json.dumps(manifest, indent=1, sort_keys=True).encode("utf-8"))
        settings = out / LAB_SETTINGS_DIR / "overrides.json"
        _write_whole(settings, json.dumps(_LAB_OVERRIDES, indent=1).encode("utf-8"))
    return written


def main(argv: list[str] | None = None) -> int:
    """Command line: ``python -m hotpart.book._reader --out _lab [--executed DIR] [--jobs N]``."""
    parser = argparse.ArgumentParser(description="Write the reader's edition of the course's notebooks.")
    parser.add_argument("--root", default=".", help="the repository root")
    parser.add_argument("--out", default="_lab", help="where to write the edition")
    parser.add_argument(
        "--downloads",
        default=None,
        help="a built book's HTML folder: write the edition behind its download buttons (_sources/notebooks)",
    )
    parser.add_argument("--executed", default=None, help="a folder of executed copies (the book build's)")
    parser.add_argument("--jobs", type=int, default=2, help="chapters executed at once")
    parser.add_argument("--reset", action="store_true", help="overwrite the notebooks you edited too (make lab-reset)")
    args = parser.parse_args(argv)
    from ._build import skip_iri_grammar

    skip_iri_grammar()
    out = Path(args.downloads) / "_sources" / "notebooks" if args.downloads else Path(args.out)
    kept: list[Path] = []
    paths = build_reader_edition(
        args.root, out, args.executed, args.jobs, reset=args.reset, kept=kept, for_lab=not args.downloads
    )
    print(f"reader's edition: {len(paths)} notebooks in {out}")
    if kept:
        names = ", ".join(p.name for p in kept)
        print(f"kept your edited {names} as they are (make lab-reset writes the edition over them)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
