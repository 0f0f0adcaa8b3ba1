"""The habits the repository keeps: pre-commit hooks that work offline and pass on the whole repository, and
`make test` measuring line coverage against a floor.

The hooks are run here directly, with the running virtualenv's tools, on the files pre-commit would give them
(`pre-commit run --all-files`: every tracked or new, not ignored, file matching the hook's `files` regex), so
`make test` enforces them without any git hook installed.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from conftest import ROOT

CONFIG = ROOT / ".pre-commit-config.yaml"
CHECKER = ROOT / "etc" / "check_notebooks.py"
#: `language: system` was renamed `unsupported` in pre-commit 4.4; both run the entry as it is, offline.
OFFLINE_LANGUAGES = {"system", "unsupported"}


def _config() -> dict:
    return yaml.safe_load(CONFIG.read_text(encoding="utf-8"))


def _hooks() -> list[dict]:
    return [hook for repo in _config()["repos"] for hook in repo["hooks"]]


def _command(entry: str) -> list[str]:
    """The hook's entry as an argument list, with `.venv/bin/X` taken from the virtualenv running the tests."""
    bin_dir = Path(sys.executable).parent
    return [
        str(bin_dir / word.removeprefix(".venv/bin/")) if word.startswith(".venv/bin/") else word for word in shlex.split(entry)
    ]


def _repository_files() -> list[str]:
    """Every file pre-commit's --all-files would see: tracked or new and not ignored, and still on disk."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        pytest.skip(f"not a git checkout: {error}")
    return sorted({name for name in listed.split("\0") if name and (ROOT / name).is_file()})


def _files_for(hook: dict) -> list[str]:
    config = _config()
    selected = []
    for name in _repository_files():
        if config.get("exclude") and re.search(config["exclude"], name):
            continue
        if not re.search(hook.get("files", ""), name) or (hook.get("exclude") and re.search(hook["exclude"], name)):
            continue
        selected.append(name)
    return selected


def test_the_config_parses_and_names_its_hooks():
    config = _config()
    assert isinstance(config, dict) and isinstance(config.get("repos"), list) and config["repos"]
    ids = [hook["id"] for hook in _hooks()]
    assert len(ids) == len(set(ids)), f"hook ids repeat: {ids}"
    assert {"ruff-check", "ruff-format", "notebooks-without-outputs", "json-valid"} <= set(ids)
    for hook in _hooks():
        assert {"id", "name", "entry", "language"} <= hook.keys(), hook
        assert "types" not in hook and "types_or" not in hook, f"{hook['id']}: select files with a `files` regex"


def test_every_hook_is_local_and_offline():
    for repo in _config()["repos"]:
        assert repo["repo"] == "local", f"{repo['repo']}: a hook repository would be fetched from the network"
        for hook in repo["hooks"]:
            assert hook["language"] in OFFLINE_LANGUAGES, f"{hook['id']}: language {hook['language']!r} installs things"
            assert not hook.get("additional_dependencies"), f"{hook['id']}: additional_dependencies are downloaded"
            program = shlex.split(hook["entry"])[0]
            assert program.startswith(".venv/bin/"), f"{hook['id']}: run a tool from .venv, not {program!r}"
            for word in shlex.split(hook["entry"])[1:]:
                if word.endswith(".py"):
                    assert (ROOT / word).is_file(), f"{hook['id']}: {word} does not exist"


@pytest.mark.parametrize("hook_id", [hook["id"] for hook in _hooks()])
def test_the_hook_passes_on_the_repository(hook_id):
    hook = next(hook for hook in _hooks() if hook["id"] == hook_id)
    files = _files_for(hook)
    assert files, f"{hook_id}: selects no file"
    result = subprocess.run([*_command(hook["entry"]), *hook.get("args", []), *files], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, f"{hook_id} fails:\n{result.stdout[-4000:]}\n{result.stderr[-2000:]}"


def test_pre_commit_accepts_the_config():
    pytest.importorskip("pre_commit")
    result = subprocess.run(
        [sys.executable, "-m", "pre_commit", "validate-config", str(CONFIG)], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


# --- the notebook checker catches what it is for -----------------------------------------------------------------


def _notebook(tmp_path: Path, **code_cell) -> Path:
    cell = {"cell_type": "code", "metadata": {}, "source": "1 + 1", "outputs": [], "execution_count": None, **code_cell}
    notebook = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": "# A"}, cell], "metadata": {}, "nbformat": 4}
    path = tmp_path / "chapter.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def _check(*args: str | Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(CHECKER), *map(str, args)], capture_output=True, text=True)


def test_the_notebook_check_passes_a_cleared_notebook(tmp_path):
    result = _check(_notebook(tmp_path))
    assert result.returncode == 0, result.stdout


@pytest.mark.parametrize(
    "cell",
    [
        {"outputs": [{"output_type": "stream", "name": "stdout", "text": "2\n"}]},
        {"execution_count": 3},
    ],
    ids=["outputs", "execution_count"],
)
def test_the_notebook_check_fails_an_executed_notebook(tmp_path, cell):
    result = _check(_notebook(tmp_path, **cell))
    assert result.returncode == 1
    assert "cell 1 has" in result.stdout and "--clear-output" in result.stdout


def test_the_json_check_fails_invalid_json(tmp_path):
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text('{"a": [1, 2]}', encoding="utf-8")
    bad.write_text('{"a": [1, 2}', encoding="utf-8")
    assert _check("--json", good).returncode == 0
    result = _check("--json", good, bad)
    assert result.returncode == 1 and "bad.json: not valid JSON" in result.stdout
    assert _check(bad).returncode == 1, "the notebook check parses the JSON too"


# --- coverage ----------------------------------------------------------------------------------------------------


def test_make_test_measures_coverage_against_a_floor():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    floor = re.search(r"^COV_FLOOR \?= (\d+(?:\.\d+)?)$", makefile, re.MULTILINE)
    assert floor, "the Makefile sets no COV_FLOOR"
    recipe = re.search(r"^test:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert recipe, "the Makefile has no test target"
    for flag in ("--cov=hotpart", "--cov-fail-under=$(COV_FLOOR)"):
        assert flag in recipe.group(1), f"`make test` does not pass {flag}"
    pins = (ROOT / "requirements.txt").read_text(encoding="utf-8")
    for package in ("pytest-cov", "coverage", "pre-commit"):
        assert re.search(rf"^{package}==\S+", pins, re.MULTILINE | re.IGNORECASE), f"{package} is not pinned"
