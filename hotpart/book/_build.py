"""The author's build loop: ``make book`` rebuilds what changed, ``make book-clean`` rebuilds everything.

Jupyter Book 1 can cache each notebook's execution (jupyter-cache, keyed by the notebook's code cells): a prose
edit then reuses the chapter's outputs, a code edit re-executes that chapter alone, and Sphinx re-reads and
re-writes only the pages whose sources changed. The cache cannot see the models the notebooks import, so
:func:`book_key` hashes everything an execution depends on besides the notebook itself (every file of the
``hotpart`` package, ``_config.yml``, the requirements, ``pyproject.toml``, the kernel configuration and the
Python version). When the key differs from the last build's, :func:`prepare` wipes every cached execution, page
and doctree, and the next build re-executes every chapter. The explorables' frames follow the models through the
same digest (:func:`source_digest`, used by :func:`hotpart.book._frames.frame_key`).

The test suite and CI never use this loop: they build with ``_config.yml`` as it is (``execute_notebooks: force``,
``--all``), so every number and frame is recomputed from the models.

Command line: ``python -m hotpart.book._build [--clean] [--root DIR]``.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

__all__ = ["KEY_FILE", "book_key", "edit_config", "prepare", "source_digest"]

#: Where the last successful build's key is kept, relative to the book's root.
KEY_FILE = Path("_build") / ".book-key"
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


def main(argv: list[str] | None = None) -> int:
    """Build the book incrementally (or from scratch with ``--clean``), then its reader's edition downloads."""
    parser = argparse.ArgumentParser(description="Build the course's book, re-executing only what changed.")
    parser.add_argument("--root", default=".", help="the book's root")
    parser.add_argument("--clean", action="store_true", help="wipe every cached execution and page first")
    args = parser.parse_args(argv)
    root = Path(args.root).resolve()
    start = time.perf_counter()
    full = prepare(root, clean=args.clean)
    key = book_key(root)  # before the build: a change made while it runs invalidates the next one
    config = edit_config(root)
    html = root / "_build" / "html"
    bin_dir = Path(sys.executable).parent
    command = [str(bin_dir / "jupyter-book"), "build", str(root), "-W", "--keep-going", "--config", str(config)]
    if full:
        command.append("--all")
    print(f"book: {'full build (models or settings changed)' if full else 'incremental build'}", flush=True)
    env = dict(os.environ, HOTPART_STATIC=str(html))
    if subprocess.run(command, cwd=root, env=env).returncode != 0:
        return 1
    executed = root / "_build" / "jupyter_execute" / "notebooks"
    reader = [
        sys.executable,
        "-m",
        "hotpart.book._reader",
        "--root",
        str(root),
        "--downloads",
        str(html),
        "--executed",
        str(executed),
    ]
    if subprocess.run(reader, cwd=root).returncode != 0:
        return 1
    (root / KEY_FILE).write_text(key + "\n", encoding="utf-8")
    print(f"book: built in {time.perf_counter() - start:.0f} s")
    print(f"Book: {html / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
