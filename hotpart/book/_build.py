"""The author's build loop: ``make book`` rebuilds what changed, ``make book-clean`` rebuilds everything.

Jupyter Book 1 can cache each notebook's execution (jupyter-cache, keyed by the notebook's code cells): a prose
edit then reuses the chapter's outputs, a code edit re-executes that chapter alone, and Sphinx re-reads and
re-writes only the pages whose sources changed. The cache cannot see the models the notebooks import, so
:func:`book_key` hashes everything an execution depends on besides the notebook itself (every file of the
``hotpart`` package, ``_config.yml``, the requirements, ``pyproject.toml``, the kernel configuration and the
Python version). When the key differs from the last build's, :func:`prepare` wipes every cached execution, page
and doctree, and the next build re-executes every chapter. The explorables' frames follow the models through the
same digest (:func:`source_digest`, used by :func:`hotpart.book._frames.frame_key`).

Before Sphinx reads anything, :func:`execute_notebooks` runs every chapter that has no current cached execution,
as many kernels at a time as the machine has cores, and stores each run in the cache under the key myst-nb looks
up; myst-nb then executes nothing (it would run them one at a time). Each kernel renders its explorables' frames on
its share of the cores (:func:`_frame_workers_per_kernel`).

The test suite and CI build with ``--clean`` (``make book-clean``): every cached execution, page and doctree is
wiped, so every number and frame is recomputed from the models.

Command line: ``python -m hotpart.book._build [--clean] [--root DIR] [--jobs N]``.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import re
import shutil
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

__all__ = [
    "KEY_FILE",
    "LOG_FILE",
    "TIMES_FILE",
    "book_key",
    "edit_config",
    "execute_notebooks",
    "export_executed",
    "memo_plugin_lookups",
    "prepare",
    "run_jupyter_book",
    "skip_iri_grammar",
    "source_digest",
    "toc_notebooks",
]

#: Where the last successful build's key is kept, relative to the book's root.
KEY_FILE = Path("_build") / ".book-key"
#: Seconds each chapter took to execute in the last build, kept outside the wiped folders to order the next one.
TIMES_FILE = Path("_build") / ".execution-seconds.json"
#: Where a build writes what Jupyter Book, Sphinx and the reader's edition print; the terminal gets the ``book:``
#: lines, the log's path, and the warnings and errors of a failed build.
LOG_FILE = Path("_build") / "book.log"
#: The most lines of a failed build's log printed to the terminal (the whole log stays in :data:`LOG_FILE`).
_FAILURE_LINES = 40
#: Files beside the package whose change invalidates every execution.
_SETTINGS = ("_config.yml", "requirements.txt", "pyproject.toml", "etc/ipython_kernel_config.py")
#: What a build leaves that depends on the models: cached executions, pages, doctrees, executed copies.
_DERIVED = ("_build/html", "_build/.jupyter_cache", "_build/.doctrees", "_build/jupyter_execute")


def source_digest(package: Path | None = None) -> hashlib._Hash:
    """A running SHA-256 over every source file of the package, subpackages included.

    Parameters
    ----------
    package : Path, optional
        The package folder; ``hotpart`` itself by default.

    Returns
    -------
    hashlib sha256 object
        Update it further (with a grid, a configuration) and take ``hexdigest()``.

    Examples
    --------
    >>> len(source_digest().hexdigest())
    64
    """
    package = Path(__file__).resolve().parents[1] if package is None else Path(package)
    h = hashlib.sha256()
    for path in sorted(p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        h.update(path.relative_to(package).as_posix().encode())
        h.update(b"\0")
        h.update(path.read_bytes())
        h.update(b"\0")
    return h


def book_key(root: str | os.PathLike[str]) -> str:
    """The hash of everything a chapter's execution depends on, besides the chapter itself.

    Parameters
    ----------
    root : path
        The book's root (the folder with ``_config.yml``).

    Returns
    -------
    str
        64 hexadecimal digits; it changes when any file of ``root/hotpart`` (or the installed package, when the
        root has none), the book's configuration, the requirements or the Python version changes.

    Examples
    --------
    >>> from pathlib import Path
    >>> root = Path(__file__).resolve().parents[2]
    >>> book_key(root) == book_key(root)
    True
    """
    root = Path(root)
    package = root / "hotpart" if (root / "hotpart" / "__init__.py").is_file() else Path(__file__).resolve().parents[1]
    h = source_digest(package)
    for name in _SETTINGS:
        path = root / name
        h.update(name.encode())
        h.update(path.read_bytes() if path.is_file() else b"<absent>")
    h.update(sys.version.encode())
    return h.hexdigest()


def prepare(root: str | os.PathLike[str], *, clean: bool = False) -> bool:
    """Wipe every derived file of the last build when the models or settings changed, or when asked.

    Parameters
    ----------
    root : path
        The book's root.
    clean : bool
        Wipe regardless of the key.

    Returns
    -------
    bool
        True when everything was wiped (the build must re-read and re-execute every page).
    """
    root = Path(root)
    key_file = root / KEY_FILE
    current = key_file.read_text(encoding="utf-8").strip() if key_file.is_file() else None
    if not clean and current == book_key(root):
        return False
    for name in _DERIVED:
        shutil.rmtree(root / name, ignore_errors=True)
    key_file.unlink(missing_ok=True)
    return True


def edit_config(root: str | os.PathLike[str]) -> Path:
    """Write ``_build/_config.edit.yml``: the book's configuration with executions cached instead of forced.

    Raises
    ------
    ValueError
        If ``_config.yml`` does not say ``execute_notebooks: force`` (the loop would not know what it changes).
    """
    root = Path(root)
    text = (root / "_config.yml").read_text(encoding="utf-8")
    if "execute_notebooks: force" not in text:
        raise ValueError(f"{root / '_config.yml'} must set 'execute_notebooks: force'; the edit loop switches it to cache")
    out = root / "_build" / "_config.edit.yml"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text.replace("execute_notebooks: force", "execute_notebooks: cache", 1), encoding="utf-8")
    return out


def toc_notebooks(root: str | os.PathLike[str]) -> list[Path]:
    """The pages the book executes, in ``_toc.yml``'s order: its ``.ipynb`` files and its MyST notebooks.

    A Markdown page is a notebook when myst-nb would read it as one (its top matter names a kernel).

    Examples
    --------
    >>> from pathlib import Path
    >>> names = [p.name for p in toc_notebooks(Path(__file__).resolve().parents[2])]
    >>> names[0], "01_partitions.ipynb" in names, "glossary.md" in names
    ('intro.md', True, True)
    """
    from myst_nb.core.read import is_myst_markdown_notebook

    root = Path(root)
    toc = (root / "_toc.yml").read_text(encoding="utf-8")
    pages = []
    for name in re.findall(r"^\s*-?\s*(?:file|root):\s*(\S+)\s*$", toc, re.M):
        # a table of contents names a page with or without its suffix
        named = Path(name).suffix in (".ipynb", ".md")
        for page in [root / name] if named else [root / f"{name}.ipynb", root / f"{name}.md"]:
            if not page.is_file():
                continue
            if page.suffix == ".ipynb" or is_myst_markdown_notebook(page.read_text(encoding="utf-8")):
                pages.append(page)
            break
    return pages


def _read_as_myst_nb(path: Path, extensions: list[str]) -> Any:
    """The notebook myst-nb reads from ``path`` (so that its cache key is the one myst-nb looks up)."""
    from myst_nb.core.config import NbParserConfig
    from myst_nb.core.read import create_nb_reader
    from myst_parser.config.main import MdParserConfig

    text = path.read_text(encoding="utf-8")
    reader = create_nb_reader(str(path), MdParserConfig(enable_extensions=set(extensions)), NbParserConfig(), text)
    return reader.read(text)


def execute_notebooks(
    root: str | os.PathLike[str],
    notebooks: list[Path] | None = None,
    *,
    workers: int | None = None,
    log: Callable[[str], object] = print,
) -> list[str]:
    """Execute, in parallel, every notebook with no current execution in the book's jupyter-cache.

    myst-nb, in ``execute_notebooks: cache`` mode, executes the notebooks one at a time as Sphinx reads them. This
    runs them first, ``workers`` kernels at a time, and stores each execution in the same cache
    (``_build/.jupyter_cache``) under the same key myst-nb looks up: the hash of the notebook's code cells and
    kernelspec, read as myst-nb reads it. The build that follows finds every chapter cached and executes none. The
    kernels run as myst-nb's would: in the notebook's folder (or a temporary one, with ``run_in_temp``), with
    ``_config.yml``'s timeout and ``allow_errors``, and with this process's environment (``HOTPART_STATIC``
    included, so the explorables' frames are written).

    Parameters
    ----------
    root : path
        The book's root (with ``_toc.yml`` and ``_config.yml``).
    notebooks : list of Path, optional
        What to execute; every notebook of the table of contents by default.
    workers : int, optional
        Kernels at a time, 1 to 64; the machine's cores by default.
    log : callable
        Where progress lines go.

    Returns
    -------
    list of str
        One failure report (the notebook and its traceback) per notebook that raised; empty when all ran.

    Raises
    ------
    ValueError
        If ``workers`` is outside 1 to 64.
    """
    import concurrent.futures
    import json
    import tempfile

    import yaml
    from jupyter_cache import get_cache
    from jupyter_cache.base import CacheBundleIn
    from jupyter_cache.executors.utils import single_nb_execution

    root = Path(root)
    if workers is None:
        workers = max(1, min(os.cpu_count() or 1, 64))
    if not 1 <= workers <= 64:
        raise ValueError(f"workers={workers!r} is outside the allowed range 1 to 64")
    config = yaml.safe_load((root / "_config.yml").read_text(encoding="utf-8")) or {}
    settings = config.get("execute") or {}
    extensions = list((config.get("parse") or {}).get("myst_enable_extensions", []))
    timeout = settings.get("timeout", 30)
    allow_errors = bool(settings.get("allow_errors", False))
    cache = get_cache(str(root / "_build" / ".jupyter_cache"))
    pending = []
    for path in toc_notebooks(root) if notebooks is None else notebooks:
        nb = _read_as_myst_nb(path, extensions)
        try:
            cache.match_cache_notebook(nb)
        except KeyError:
            pending.append((path, nb))
    times_file = root / TIMES_FILE
    last = json.loads(times_file.read_text(encoding="utf-8")) if times_file.is_file() else {}
    # the longest first, so that no long chapter starts last (sizes stand in for times never measured)
    pending.sort(key=lambda job: (-last.get(job[0].name, 0.0), -job[0].stat().st_size))
    if not pending:
        return []
    from .wording import plural

    log(f"book: executing {plural(len(pending), 'notebook')}, {min(workers, len(pending))} at a time")

    in_temp = bool(settings.get("run_in_temp", False))

    def run(path: Path, nb: Any) -> Any:
        # as myst-nb runs it: in the notebook's folder, or in a folder of its own with run_in_temp
        with tempfile.TemporaryDirectory() if in_temp else contextlib.nullcontext(str(path.parent)) as cwd:
            return single_nb_execution(nb, cwd=cwd, timeout=timeout, allow_errors=allow_errors, meta_override=True)

    failures = []
    kernels = min(workers, len(pending))
    with (
        _frame_workers_per_kernel(kernels),
        concurrent.futures.ThreadPoolExecutor(max_workers=kernels) as pool,
    ):
        running = {pool.submit(run, path, nb): (path, nb) for path, nb in pending}
        for done in concurrent.futures.as_completed(running):
            (path, nb), result = running[done], done.result()
            if result.err is not None:
                failures.append(f"{path.name}: {result.err.__class__.__name__}\n{result.exc_string}")
                log(f"book: {path.name} failed after {result.time:.1f} s")
                continue
            # the cache's database is written from this thread only
            cache.cache_notebook_bundle(
                CacheBundleIn(nb, str(path), data={"execution_seconds": result.time}), check_validity=False, overwrite=True
            )
            last[path.name] = round(result.time, 2)
            log(f"book: executed {path.name} in {result.time:.1f} s")
    times_file.parent.mkdir(parents=True, exist_ok=True)
    times_file.write_text(json.dumps(last, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return failures


def export_executed(root: str | os.PathLike[str]) -> list[Path]:
    """Write every chapter's cached execution, outputs included, over myst-nb's copy in ``_build/jupyter_execute``.

    In ``execute_notebooks: cache`` mode myst-nb writes its copy of a notebook without the outputs it took from the
    cache (it writes the notebook it read, not the one the cache filled in), so the reader's edition, which reads
    those copies, had no evidence box, table or printed value outside the explorables. This writes the cached
    execution itself, as myst-nb matched it, in their place; a chapter with no current execution is left as it is.

    Returns
    -------
    list of Path
        The copies written.
    """
    import nbformat
    import yaml
    from jupyter_cache import get_cache

    root = Path(root)
    config = yaml.safe_load((root / "_config.yml").read_text(encoding="utf-8")) or {}
    extensions = list((config.get("parse") or {}).get("myst_enable_extensions", []))
    cache = get_cache(str(root / "_build" / ".jupyter_cache"))
    written = []
    for path in toc_notebooks(root):
        if path.suffix != ".ipynb":
            continue
        try:
            _, merged = cache.merge_match_into_notebook(_read_as_myst_nb(path, extensions))
        except KeyError:
            continue
        target = root / "_build" / "jupyter_execute" / path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(nbformat.writes(merged), encoding="utf-8")
        written.append(target)
    return written


@contextlib.contextmanager
def _frame_workers_per_kernel(kernels: int) -> Iterator[None]:
    """While ``kernels`` chapters execute at once, each kernel renders its explorables' frames on its share of the
    cores (``HOTPART_FRAME_WORKERS``: the cores divided by the kernels, at least 1), not on every core: on 2 cores,
    two kernels each forking two frame workers kept four processes busy, and each worker drew its figure afresh.
    A cold ``make book-clean`` on 2 cores: 83.2 s wall and 144 CPU s with two frame workers a kernel, 76.6 s and
    130 CPU s with one (2026-12-02). A value the caller set is kept."""
    if os.environ.get("HOTPART_FRAME_WORKERS", "").strip():
        yield
        return
    os.environ["HOTPART_FRAME_WORKERS"] = str(max(1, (os.cpu_count() or 1) // max(1, kernels)))
    try:
        yield
    finally:
        del os.environ["HOTPART_FRAME_WORKERS"]


def skip_iri_grammar() -> None:
    """Keep jsonschema, in this process, from importing rfc3987-syntax, whose import builds a grammar for 2.7 s.

    nbformat imports jsonschema, and jsonschema imports the optional ``rfc3987_syntax`` to check the ``iri``
    string formats; that module builds an Earley parser from its grammar when it is imported (2.7 of the 3.0 s
    ``import nbformat`` took, ``python -X importtime``). nbformat never checks formats, so the build and the
    reader's edition lose nothing; a process that imported jsonschema already is left as it is.

    Examples
    --------
    >>> import subprocess, sys
    >>> code = "from hotpart.book._build import skip_iri_grammar as s; s(); import nbformat, sys"
    >>> code += "; print(sys.modules['rfc3987_syntax'])"
    >>> subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    'None\\n'
    """
    if "jsonschema" not in sys.modules:
        sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[assignment]  # an import of it raises ImportError


def memo_plugin_lookups() -> None:
    """Make pybtex, in this process, look each of its plugins up among the installed packages once, not on every use.

    sphinxcontrib-bibtex asks pybtex for a plugin (a style, the plain-text backend) each time it resolves a
    citation, and pybtex asks :func:`importlib.metadata.entry_points`, which reads the metadata of every installed
    distribution: 142 lookups in the book's build, 2.3 s of its 20 s in Sphinx (profiled, issue 17). What is
    installed does not change while the book builds, so each ``(group, name)`` is read once; plugins registered
    at run time (``pybtex.plugin.register_plugin``) are kept apart by pybtex and looked up first, as before.
    Calling it again changes nothing.

    Examples
    --------
    >>> import pybtex.plugin
    >>> memo_plugin_lookups()
    >>> memo_plugin_lookups()  # once is enough; a second call wraps nothing again
    >>> pybtex.plugin.find_plugin("pybtex.backends", "plaintext").__name__
    'Backend'
    >>> pybtex.plugin.entry_points(group="pybtex.backends", name="plaintext") is pybtex.plugin.entry_points(
    ...     group="pybtex.backends", name="plaintext")
    True
    """
    import functools

    import pybtex.plugin

    lookup = pybtex.plugin.entry_points
    if getattr(lookup, "memoised", False):
        return

    @functools.cache
    def memo(group: str, name: str | None) -> tuple[Any, ...]:
        return tuple(lookup(group=group) if name is None else lookup(group=group, name=name))

    def entry_points(*, group: str, name: str | None = None) -> tuple[Any, ...]:
        return memo(group, name)

    entry_points.memoised = True  # type: ignore[attr-defined]
    pybtex.plugin.entry_points = entry_points


def main(argv: list[str] | None = None) -> int:
    """Build the book incrementally (or from scratch with ``--clean``), then its reader's edition downloads."""
    parser = argparse.ArgumentParser(description="Build the course's book, re-executing only what changed.")
    parser.add_argument("--root", default=".", help="the book's root")
    parser.add_argument("--clean", action="store_true", help="wipe every cached execution and page first")
    parser.add_argument("--jobs", type=int, default=None, help="kernels at a time (default: the machine's cores)")
    args = parser.parse_args(argv)
    skip_iri_grammar()
    root = Path(args.root).resolve()
    start = time.perf_counter()
    full = prepare(root, clean=args.clean)
    key = book_key(root)  # before the build: a change made while it runs invalidates the next one
    config = edit_config(root)
    html = root / "_build" / "html"
    command = ["jupyter-book", "build", str(root), "-W", "--keep-going", "--config", str(config)]
    if full:
        command.append("--all")
    print(f"book: {'full build (models or settings changed)' if full else 'incremental build'}", flush=True)
    os.environ["HOTPART_STATIC"] = str(html)  # the kernels write the explorables' frames into the book
    phases = {}
    mark = time.perf_counter()
    failures = execute_notebooks(root, workers=args.jobs, log=lambda line: print(line, flush=True))
    if failures:
        print("\n\n".join(failures), file=sys.stderr)
        return 1
    phases["executing"], mark = time.perf_counter() - mark, time.perf_counter()
    # Sphinx and the reader's edition run in this process: they import what the executions above imported
    memo_plugin_lookups()
    log_path = root / LOG_FILE
    log_path.parent.mkdir(parents=True, exist_ok=True)
    print(f"book: Sphinx is writing the pages (its output: {log_path})", flush=True)
    with _output_to(log_path, "w"):
        status = run_jupyter_book(command[1:], root)
    if status != 0:
        _report_failure(log_path)
        return 1
    phases["Sphinx"], mark = time.perf_counter() - mark, time.perf_counter()
    from . import _reader

    export_executed(root)  # the chapters' executions with their outputs, for the reader's edition
    executed = root / "_build" / "jupyter_execute" / "notebooks"
    with _output_to(log_path, "a"):
        status = _reader.main(["--root", str(root), "--downloads", str(html), "--executed", str(executed)])
    if status != 0:
        _report_failure(log_path)
        return 1
    print("book: wrote the reader's edition behind the download buttons", flush=True)
    phases["the reader's edition"] = time.perf_counter() - mark
    (root / KEY_FILE).write_text(key + "\n", encoding="utf-8")
    spent = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in phases.items())
    print(f"book: built in {time.perf_counter() - start:.0f} s ({spent}); Sphinx's output: {log_path}")
    print(f"Book: {html / 'index.html'}")
    return 0


@contextlib.contextmanager
def _output_to(path: Path, mode: str) -> Iterator[None]:
    """Send what this process prints (Sphinx's status and warnings, Python's warnings) to ``path`` for the block."""
    with open(path, mode, encoding="utf-8") as handle, contextlib.redirect_stdout(handle), contextlib.redirect_stderr(handle):
        yield


def failure_lines(log: str, limit: int = _FAILURE_LINES) -> list[str]:
    """What a failed build's log says went wrong: its warning, error and traceback lines, or else its last lines.

    Examples
    --------
    >>> failure_lines("reading sources... [ 50%] a\\n/x/a.md:3: WARNING: undefined label\\nbuild finished\\n")
    ['/x/a.md:3: WARNING: undefined label']
    >>> failure_lines("one\\ntwo\\nthree\\n", limit=2)
    ['two', 'three']
    """
    plain = re.sub(r"\x1b\[[0-9;]*m", "", log).splitlines()
    wrong = [line for line in plain if re.search(r"warning|error|traceback|exception|failed", line, re.IGNORECASE)]
    return (wrong or plain)[-limit:]


def _report_failure(log_path: Path) -> None:
    lines = failure_lines(log_path.read_text(encoding="utf-8", errors="replace"))
    print("\n".join(lines), file=sys.stderr)
    print(f"book: the build failed; its whole output is in {log_path}", file=sys.stderr)


def run_jupyter_book(args: list[str], cwd: Path) -> int:
    """Run ``jupyter-book ARGS`` in this process, from ``cwd``, and return its exit status (0 when it built).

    The same command line run as a program would import Sphinx, myst-nb and nbformat again, which costs seconds
    on every edit.
    """
    import click
    from jupyter_book.cli.main import main as jupyter_book

    here = os.getcwd()
    os.chdir(cwd)
    try:
        jupyter_book.main(args, prog_name="jupyter-book", standalone_mode=False)
    except SystemExit as stop:  # jupyter-book exits with Sphinx's status when the build fails
        return stop.code if isinstance(stop.code, int) else 1
    except (RuntimeError, click.ClickException) as error:  # a build that raised, or a bad command line
        print(error, file=sys.stderr)
        return 1
    finally:
        os.chdir(here)
    return 0


if __name__ == "__main__":
    sys.exit(main())
