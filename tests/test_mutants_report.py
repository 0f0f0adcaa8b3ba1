"""`make mutants`'s report (benchmarks/mutants.py): what it counts and lists, on a module's results made up here.

A mutant no in-process test covers is a survivor in all but name (the command line's subprocess tests reach it, and
mutmut cannot see them), so the report lists it among the survivors to kill or explain; a timeout counts as killed
and is listed apart, with its changed line, so a reader can judge that the mutant really hangs.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "mutants.py"
MODULE = "hotpart/models/toy.py"
#: Made-up results of toy.py's six mutants (mutmut's exit codes: 1 killed, 0 survived, 33 no tests, 36 timeout).
CODES = {
    "hotpart.models.toy.x_f__mutmut_1": 1,
    "hotpart.models.toy.x_f__mutmut_2": 0,
    "hotpart.models.toy.x_f__mutmut_3": 0,
    "hotpart.models.toy.x_g__mutmut_1": 33,
    "hotpart.models.toy.x_g__mutmut_2": 36,
    "hotpart.models.other.x_h__mutmut_1": 0,  # another module's: not counted here
}
DIFFS = {
    "hotpart.models.toy.x_f__mutmut_2": "--- a\n+++ b\n-    return a < b\n+    return a <= b\n",
    "hotpart.models.toy.x_f__mutmut_3": "--- a\n+++ b\n-    x = 1\n+    x = 2\n",
    "hotpart.models.toy.x_g__mutmut_1": "--- a\n+++ b\n-    s = 'a'\n+    s = 'XXaXX'\n",
    "hotpart.models.toy.x_g__mutmut_2": "--- a\n+++ b\n-    while j < n:\n+    while j <= n:\n",
}


@pytest.fixture()
def mutants(monkeypatch: pytest.MonkeyPatch):
    spec = importlib.util.spec_from_file_location("mutants_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "_diff", lambda _module, name: DIFFS[name])
    monkeypatch.setattr(module, "_equivalent", lambda _module: {("f", "x = 1 -> x = 2"): "equivalent: x is overwritten"})
    return module


def test_the_report_counts_a_modules_mutants_and_lists_each_survivor_and_timeout(mutants) -> None:
    text, unexplained = mutants._report(MODULE, ["tests/test_toy.py"], CODES, 0.0)
    row = next(line for line in text.splitlines() if line.startswith("| `"))
    # 5 mutants of toy.py: 1 killed, 2 survived, 1 timeout (killed), 1 without a test; kill rate (1 + 1) / 4 tested
    assert row == f"| `{MODULE}` | 5 | 1 | 2 | 1 | 1 | 0 | 50.0% |"
    survivors, timeouts = text.split("Timeouts, each counted as killed")
    assert "* `hotpart.models.toy.x_f__mutmut_2` (f: `return a < b -> return a <= b`): **not yet explained**" in survivors
    assert "* `hotpart.models.toy.x_f__mutmut_3` (f: `x = 1 -> x = 2`): equivalent: x is overwritten" in survivors
    assert (
        "* `hotpart.models.toy.x_g__mutmut_1` (g: `s = 'a' -> s = 'XXaXX'`) (no test covers it): **not yet explained**"
        in survivors
    )
    assert "x_g__mutmut_2" not in survivors and "x_f__mutmut_1" not in text and "x_h__" not in text
    assert "* `hotpart.models.toy.x_g__mutmut_2` (g: `while j < n: -> while j <= n:`)" in timeouts
    # the mutant no test covers is unexplained like the survivor: the run exits 1 while either is left
    assert unexplained == 2


def test_a_module_with_every_mutant_killed_says_none_twice(mutants) -> None:
    text, unexplained = mutants._report(MODULE, ["tests/test_toy.py"], {"hotpart.models.toy.x_f__mutmut_1": 3}, 60.0)
    assert unexplained == 0 and text.count("\nNone.") == 2
    assert "1 min on this machine's 2 shared cores" in text and "| 100.0% |" in text


def test_a_resumed_run_takes_the_current_package_but_keeps_its_mutated_module(mutants, tmp_path, monkeypatch) -> None:
    """``--resume`` copies the tests afresh, and with them the package's other modules (a new test of the book layer
    failed against the scratch copy's old one, and mutmut then tested nothing), never the mutated module."""
    root, work = tmp_path / "root", tmp_path / "root" / "_build" / "mutants" / "toy"
    monkeypatch.setattr(mutants, "ROOT", root)
    monkeypatch.setattr(mutants, "WORK_ROOT", root / "_build" / "mutants")
    files = {"hotpart/models/toy.py": "x = 1\n", "hotpart/book/toy.py": "old\n", "tests/test_toy.py": "toy\n",
             "notebooks/01.md": "old\n", "benchmarks/b.py": "old\n"}  # fmt: skip
    for name, text in files.items():
        for base in (root, work, work / "mutants"):
            if base != work / "mutants" or name.startswith("hotpart/"):
                (base / name).parent.mkdir(parents=True, exist_ok=True)
                (base / name).write_text(text)
    (work / "mutants" / "hotpart/models/toy.py").write_text("x = trampolined\n")  # mutmut's mutated module
    (work / "mutants" / "hotpart/models/toy.py.meta").write_text("{}")
    for name in ("hotpart/book/toy.py", "tests/test_toy.py", "notebooks/01.md", "benchmarks/b.py"):
        (root / name).write_text("new\n" if "toy" not in name or "book" in name else "toy, new\n")
    mutants._sync_tests(MODULE)
    for base in (work, work / "mutants"):
        assert (base / "hotpart/book/toy.py").read_text() == "new\n"  # the same file name as the mutated module's
    assert (work / "mutants" / "hotpart/models/toy.py").read_text() == "x = trampolined\n"
    assert (work / "mutants" / "hotpart/models/toy.py.meta").read_text() == "{}"
    assert all((work / n).read_text() == "new\n" for n in ("notebooks/01.md", "benchmarks/b.py"))
    assert (work / "tests/test_toy.py").read_text() == "toy, new\n"
    assert "    tests/test_toy.py" in (work / "setup.cfg").read_text()
    # a changed mutated module is copied in, newer than mutmut's mutated copy: mutmut mutates it again and re-tests
    # the functions whose hash changed (its record is left for mutmut to merge)
    (root / "hotpart/models/toy.py").write_text("x = 2\n")
    mutants._sync_tests(MODULE)
    assert (work / "hotpart/models/toy.py").read_text() == "x = 2\n"
    assert (work / "hotpart/models/toy.py").stat().st_mtime_ns >= (work / "mutants/hotpart/models/toy.py").stat().st_mtime_ns
    assert (work / "mutants" / "hotpart/models/toy.py").read_text() == "x = trampolined\n"
    assert (work / "mutants" / "hotpart/models/toy.py.meta").read_text() == "{}"


def test_a_runs_state_is_saved_sorted_and_restored_as_mutmuts_record(mutants, tmp_path, monkeypatch) -> None:
    """The state a run leaves in benchmarks/results (to commit) holds each mutant's result and each function's hash,
    and a fresh scratch folder gets it back as mutmut's record, with the fields mutmut's loader requires."""
    import json

    monkeypatch.setattr(mutants, "WORK_ROOT", tmp_path / "work")
    monkeypatch.setattr(mutants, "RESULTS_DIR", tmp_path / "results")
    meta = mutants._meta_path(MODULE)
    assert meta == tmp_path / "work" / "toy" / "mutants" / "hotpart/models/toy.py.meta"
    assert mutants._save_state(MODULE) is None  # no run yet: nothing written
    assert not (tmp_path / "results").exists()
    meta.parent.mkdir(parents=True)
    record = {
        "exit_code_by_key": {"hotpart.models.toy.x_g__mutmut_1": None, "hotpart.models.toy.x_f__mutmut_1": 1},
        "hash_by_function_name": {"x_g": "bbb", "x_f": "aaa"},
        "type_check_error_by_key": {},
        "durations_by_key": {"hotpart.models.toy.x_f__mutmut_1": 0.5},
        "estimated_durations_by_key": {},
    }
    meta.write_text(json.dumps(record))
    path = mutants._save_state(MODULE)
    assert path == tmp_path / "results" / "mutants-toy.state.json"
    state = json.loads(path.read_text())
    assert state == {
        "module": MODULE,
        "exit_code_by_key": {"hotpart.models.toy.x_f__mutmut_1": 1, "hotpart.models.toy.x_g__mutmut_1": None},
        "hash_by_function_name": {"x_f": "aaa", "x_g": "bbb"},
    }
    assert list(state["exit_code_by_key"]) == sorted(state["exit_code_by_key"])
    assert not list((tmp_path / "results").glob("*.tmp"))
    meta.unlink()
    mutants._restore_state(MODULE)
    back = json.loads(meta.read_text())
    assert back["exit_code_by_key"] == state["exit_code_by_key"]
    assert back["hash_by_function_name"] == state["hash_by_function_name"]
    assert set(back) == set(record)  # mutmut's SourceFileMutationData.load pops exactly these
    # another module's state under this name is refused, naming both
    path.write_text(json.dumps({**state, "module": "hotpart/models/other.py"}))
    with pytest.raises(SystemExit, match=r"expected the state of hotpart/models/toy\.py, found 'hotpart/models/other\.py'"):
        mutants._restore_state(MODULE)


def test_a_half_written_record_is_read_again(mutants, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(mutants, "WORK_ROOT", tmp_path / "work")
    monkeypatch.setattr(mutants, "RESULTS_DIR", tmp_path / "results")
    meta = mutants._meta_path(MODULE)
    meta.parent.mkdir(parents=True)
    meta.write_text('{"exit_code_by_key": {"a": 1')
    reads = []
    real = mutants.time.sleep

    def finish(seconds):  # mutmut finishes writing while the script waits
        reads.append(seconds)
        meta.write_text('{"exit_code_by_key": {"a": 1}, "hash_by_function_name": {}}')

    monkeypatch.setattr(mutants.time, "sleep", finish)
    try:
        assert mutants._save_state(MODULE) is not None
    finally:
        monkeypatch.setattr(mutants.time, "sleep", real)
    assert reads == [0.1]


TOY_SOURCE = "def f(a, b):\n    return a < b\n\n\ndef g(n):\n    return n + 1\n"


def _git(root: Path, *args: str) -> str:
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}
    run = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, env={**os.environ, **env})
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


def _generated(mutants, tmp_path: Path, source: str) -> list[str]:
    """The toy's mutants as mutmut makes them (in a folder with its settings: it refuses to run without)."""
    folder = tmp_path / "settings"
    (folder / "hotpart").mkdir(parents=True, exist_ok=True)
    (folder / "setup.cfg").write_text("[mutmut]\nsource_paths = hotpart\n")
    cmd = [sys.executable, "-c", mutants._REPORTED, MODULE]
    run = subprocess.run(cmd, cwd=folder, input=source, capture_output=True, text=True, check=True)
    return json.loads(run.stdout)["names"]


def test_a_state_is_rebuilt_from_the_committed_report_of_a_run_that_left_none(mutants, tmp_path, monkeypatch) -> None:
    """A report written before runs kept their state: mutmut generates the mutants of the module *as committed with
    the report*, the survivors and timeouts it lists keep their codes, every other mutant is killed; a report whose
    count or names differ from what mutmut generates is refused, naming both."""
    root = tmp_path / "repo"
    (root / "hotpart" / "models").mkdir(parents=True)
    (root / "benchmarks" / "results").mkdir(parents=True)
    monkeypatch.setattr(mutants, "ROOT", root)
    monkeypatch.setattr(mutants, "RESULTS_DIR", root / "benchmarks" / "results")
    monkeypatch.setattr(mutants, "WORK_ROOT", root / "_build" / "mutants")
    _git(root, "init", "-q")
    (root / MODULE).write_text(TOY_SOURCE)
    generated = _generated(mutants, tmp_path, TOY_SOURCE)
    survivor = next(n for n in generated if ".x_f__" in n)
    timeout = next(n for n in generated if ".x_g__" in n)
    report = mutants._report_path(MODULE)

    def commit_report(count: int, survivor: str) -> str:
        report.write_text(
            f"# toy\n\n| `{MODULE}` | {count} | 0 | 1 | 1 | 0 | 0 | 50% |\n\nSurvivors:\n\n"
            f"* `{survivor}` (f: `a -> b`): equivalent: why\n\nTimeouts, each counted as killed:\n\n"
            f"* `{timeout}` (g: `a -> b`)\n\n## How this run was made\n\n* `not.a.mutant` (a note)\n"
        )
        _git(root, "add", "-A")
        _git(root, "commit", "-qm", "report")
        return _git(root, "rev-parse", "HEAD")

    rev = commit_report(len(generated), survivor)
    (root / MODULE).write_text(TOY_SOURCE.replace("n + 1", "n * 2 + 1"))  # changed since: not what is read
    state = json.loads(mutants._state_from_report(MODULE).read_text())
    codes = state["exit_code_by_key"]
    assert set(codes) == set(generated)  # the module as committed with the report, not as it is now
    assert codes[survivor] == 0 and codes[timeout] == 36
    assert all(c == 1 for n, c in codes.items() if n not in (survivor, timeout))
    assert state["from_report"] == f"benchmarks/results/mutants-toy.md at {rev}"
    assert set(state["hash_by_function_name"]) == {"x_f", "x_g"}
    assert not list((root / "_build" / "mutants").iterdir())  # its scratch folder removed
    # a later save keeps where the carried-over results came from
    meta = mutants._meta_path(MODULE)
    meta.parent.mkdir(parents=True)
    meta.write_text(json.dumps({"exit_code_by_key": codes, "hash_by_function_name": state["hash_by_function_name"]}))
    assert json.loads(mutants._save_state(MODULE).read_text())["from_report"] == state["from_report"]
    # a count one off, or a name mutmut does not generate, is refused
    (root / MODULE).write_text(TOY_SOURCE)
    commit_report(len(generated) + 1, survivor)
    with pytest.raises(SystemExit, match=rf"expected its {len(generated) + 1} mutants to be the {len(generated)} "):
        mutants._state_from_report(MODULE)
    commit_report(len(generated), "hotpart.models.toy.x_f__mutmut_99")
    with pytest.raises(SystemExit, match=r"it names 1 it does not, hotpart\.models\.toy\.x_f__mutmut_99 first"):
        mutants._state_from_report(MODULE)


def test_a_recheck_runs_again_only_the_survivors_not_explained_as_equivalent(mutants, monkeypatch) -> None:
    """An equivalent survivor survives any test: running its tests again costs minutes and changes nothing."""
    made = []
    monkeypatch.setattr(mutants, "_ensure_mutants", made.append)  # mutmut's first step, done before the record is read
    monkeypatch.setattr(mutants, "_results", lambda _module: CODES if made else {"gone__mutmut_1": 0})
    # toy's survivors: f 2 (not explained), f 3 (equivalent: x is overwritten); g 1 has no test, g 2 timed out
    assert mutants._unexplained_survivors(MODULE) == ["hotpart.models.toy.x_f__mutmut_2"]
    monkeypatch.setattr(mutants, "_equivalent", lambda _module: {})
    assert mutants._unexplained_survivors(MODULE) == ["hotpart.models.toy.x_f__mutmut_2", "hotpart.models.toy.x_f__mutmut_3"]
