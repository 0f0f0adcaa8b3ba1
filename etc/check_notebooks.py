"""Pre-commit checks on committed files, with the standard library only (no hook repository is fetched).

``python etc/check_notebooks.py FILE.ipynb ...``: every notebook parses as JSON and is committed without outputs:
no code cell has ``outputs`` or an ``execution_count``. Clear them with
``jupyter nbconvert --clear-output --inplace FILE.ipynb``.

``python etc/check_notebooks.py --json FILE ...``: every file parses as JSON (``.json`` and ``.ipynb`` alike).

Exit status 1 and one line per problem when a file fails, 0 otherwise.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def json_problems(path: Path) -> list[str]:
    """A one-line description of why ``path`` is not valid UTF-8 JSON, or nothing."""
    try:
        json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        return [f"{path}: not valid JSON: {error}"]
    return []


def notebook_problems(path: Path) -> list[str]:
    """What keeps ``path`` from being committed: invalid JSON, or code cells with outputs or execution counts."""
    problems = json_problems(path)
    if problems:
        return problems
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        return [f"{path}: not a notebook (no list of cells)"]
    for index, cell in enumerate(cells):
        if cell.get("cell_type") != "code":
            continue
        if cell.get("outputs"):
            problems.append(f"{path}: cell {index} has outputs")
        if cell.get("execution_count") is not None:
            problems.append(f"{path}: cell {index} has an execution count")
    if problems:
        problems.append(f"{path}: clear it with `jupyter nbconvert --clear-output --inplace {path}`")
    return problems


def main(argv: list[str]) -> int:
    check = notebook_problems
    if argv and argv[0] == "--json":
        check, argv = json_problems, argv[1:]
    problems = [line for name in argv for line in check(Path(name))]
    for line in problems:
        print(line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
