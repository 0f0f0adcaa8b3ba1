"""Mutation testing of the course's core models with mutmut (issue 49, part 6): ``make mutants``, not ``make test``.

mutmut (pinned in ``requirements-test.txt``) changes one operator, constant or comparison at a time in the modules
named (``--modules``, ``make mutants MODULES="..."``; by default the simulator's core, hashing, write sharding, the
log profile and the diagnosis: its rules, the evidence it reads and its findings) and runs the tests that cover the
changed function; a mutant no test notices *survives*. The run happens in a scratch copy (the package, the tests,
``benchmarks/`` and the chapters with their data, with a generated ``setup.cfg``), so the worktree is never touched.
A survivor must be explained as equivalent (in ``benchmarks/equivalent/<module>.py``: a change no behaviour can tell
apart, with the reason) or killed by a behavioural test, and the script exits 1 while one is neither. Each module
runs the test files of ``TESTS`` (or, for a module not listed, every test file that names it)::

    make mutants                                      # the default modules
    make mutants MODULES="hotpart/models/logs.py"     # another list

Each module runs on its own, in its own scratch folder (``_build/mutants/<module>``), and writes its own report,
``benchmarks/results/mutants-<module>.md``; ``benchmarks/results/mutants.md`` sums up every module's report there, so
a run of one module keeps the others' results. Notes written by hand under a report's ``## How this run was made``
heading are kept when the script writes that report again.

A run stopped part-way (Ctrl-C, or a deadline) keeps its results in its scratch folder: ``--resume`` copies the tests
afresh and runs only the mutants not yet checked (mutmut keeps every result), ``--recheck-survivors`` first runs the
survivors again against the current tests (after new tests were written for them), and ``--report-only`` writes the
report from what is there. mutmut keeps a hash of each function it mutated: a function changed since the run started
has its mutants tested again on ``--resume``, the others keep their results.

A module's run can outlive its machine: every run (and ``--checkpoint``, while one is under way) writes each mutant's
result and each function's hash to ``benchmarks/results/mutants-<module>.state.json``, to be committed; ``--resume``
on a machine without the scratch folder builds it afresh from that file, and mutmut tests only the mutants without a
result, or of a function whose hash differs.
"""

from __future__ import annotations

import argparse
import json
import re
import runpy
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK_ROOT = ROOT / "_build" / "mutants"
RESULTS_DIR = ROOT / "benchmarks" / "results"
SUMMARY = RESULTS_DIR / "mutants.md"
#: The heading under which a module's report keeps notes written by hand (kept when the report is written again).
NOTES = "## How this run was made"
DEFAULT_MODULES = (
    "hotpart/models/simulator.py",
    "hotpart/models/hashing.py",
    "hotpart/models/write_sharding.py",
    "hotpart/models/logs.py",
    "hotpart/models/diagnosis.py",
    "hotpart/models/evidence.py",
    "hotpart/models/_readings.py",
    "hotpart/models/findings.py",
    "hotpart/models/_scopes.py",
)
#: The modules of the diagnosis (their tests are shared: see TESTS).
_DIAGNOSIS = ("diagnosis", "evidence", "_readings", "findings", "_scopes")
#: The test files each module's mutants run (those that cover a mutated function are picked by mutmut).
TESTS = {
    "hotpart/models/simulator.py": [
        "tests/test_simulator.py",
        "tests/test_simulator_edges.py",
        "tests/test_simulator_steps.py",
        "tests/test_cases_simulator.py",
        "tests/test_boundaries.py",
        "tests/test_monotonicity.py",
        "tests/test_simulator_mutants*.py",  # the tests written for this module's survivors
    ],
    "hotpart/models/hashing.py": [
        "tests/test_hashing_speed.py",
        "tests/test_sharding.py",
        "tests/test_cases_sharding.py",
        "tests/test_boundaries.py",
        "tests/test_validation_kinds.py",
        "tests/test_hash_ranges.py",
    ],
    "hotpart/models/write_sharding.py": [
        "tests/test_sharding.py",
        "tests/test_boundaries.py",
        "tests/test_cases_sharding.py",
        "tests/test_fanout.py",
        "tests/test_cases_fanout.py",
        "tests/test_validation_kinds.py",
        "tests/test_write_sharding*.py",  # the tests written for this module's survivors
    ],
    "hotpart/models/logs.py": ["tests/test_logs*.py", "tests/test_boundaries.py", "tests/test_progress.py"],
    **{
        f"hotpart/models/{stem}.py": [
            "tests/test_diagnosis*.py",  # its rules, the accessed-only and consumed readings, turn 9's cases
            "tests/test_cases_diagnosis.py",
            "tests/test_evidence.py",
            "tests/test_boundaries.py",
            # the tests written for the survivors of every module of the diagnosis: they read it through find_causes
            # and diagnose, so one module's tests kill another's mutants
            *(f"tests/test_{other}_mutants*.py" for other in _DIAGNOSIS),
        ]
        # the diagnosis: its rules, the evidence it reads, what a scope's evidence says (thresholds), its findings and
        # each scope's reasons (_scopes, split from findings)
        for stem in _DIAGNOSIS
    },
}
#: A mutant's tests are stopped (a timeout, counted as killed) after this many times the CPU time the tests take
#: unmutated, twice over (mutmut's ``timeout_multiplier``; its default, 15, let a mutant that loops for ever in jump
#: hash run for minutes: 30 times the jump tests' time).
TIMEOUT_MULTIPLIER = 4
#: mutmut's exit codes of a mutant's test run, as its ``mutmut.stats.status_by_exit_code`` names them (importing mutmut
#: here would read its configuration from the current folder).
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 2: "interrupted", None: "not checked", 33: "no tests",
          34: "skipped", 35: "suspicious", 36: "timeout", 37: "caught by type check", -24: "timeout", 24: "timeout",
          152: "timeout", 255: "timeout", -11: "segfault", -9: "segfault"}  # fmt: skip
#: partition_of's hashing line, as mutmut shows it.
#: This folder's ``equivalent/<module>.py`` (and ``equivalent/<module>_<part>.py``, for a module's functions written up
#: apart) hold the module's equivalent survivors (``EQUIVALENT``: (function, the mutated line as mutmut shows it) -> why
#: no behaviour differs).
EQUIVALENT_DIR = Path(__file__).resolve().parent / "equivalent"


def _equivalent(module: str) -> dict[tuple[str, str], str]:
    """The module's equivalent survivors: ``equivalent/<module>.py`` and any ``equivalent/<module>_<part>.py`` merged."""
    stem = Path(module).stem
    out: dict[tuple[str, str], str] = {}
    for path in sorted([*EQUIVALENT_DIR.glob(f"{stem}.py"), *EQUIVALENT_DIR.glob(f"{stem}_*.py")]):
        out.update(runpy.run_path(str(path))["EQUIVALENT"])
    return out


def _tests_for(module: str) -> list[str]:
    """The test files a module's mutants run: ``TESTS[module]`` (a name with ``*`` is a pattern: every file it matches)
    or every test file that names the module."""
    if module in TESTS:
        return sorted({str(p.relative_to(ROOT)) for name in TESTS[module] for p in ROOT.glob(name)})
    stem = Path(module).stem
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests").glob("test_*.py") if stem in p.read_text())


def _stem(module: str) -> str:
    return Path(module).stem


def _work(module: str) -> Path:
    """A module's scratch folder: each module runs in its own, so one module's run keeps another's results."""
    return WORK_ROOT / _stem(module)


def _report_path(module: str) -> Path:
    return RESULTS_DIR / f"mutants-{_stem(module)}.md"


def _prepare(module: str, tests: list[str]) -> None:
    work = _work(module)
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for name in ("hotpart", "tests", "benchmarks"):
        shutil.copytree(ROOT / name, work / name, ignore=ignore)
    shutil.copytree(ROOT / "notebooks", work / "notebooks", ignore=ignore)  # the chapters and their data
    shutil.copy2(ROOT / "pyproject.toml", work / "pyproject.toml")  # pytest's settings; it has no [tool.mutmut]
    _configure(module, tests)


def _configure(module: str, tests: list[str]) -> None:
    """mutmut's settings in the scratch folder: the module to mutate and the test files to run."""
    lines = ["[mutmut]", "source_paths = hotpart", "only_mutate =", f"    {module}"]
    lines += ["pytest_add_cli_args_test_selection ="] + [f"    {t}" for t in tests]
    lines += ["also_copy =", "    benchmarks", "    notebooks"]  # read by tests (monotonicity's script, the chapters)
    lines += ["pytest_add_cli_args =", "    -p", "    no:cacheprovider", "    -q"]
    lines += [f"timeout_multiplier = {TIMEOUT_MULTIPLIER}"]
    (_work(module) / "setup.cfg").write_text("\n".join(lines) + "\n")


def _meta_path(module: str) -> Path:
    """mutmut's record of a module's mutants (each one's exit code, each function's hash), in the scratch folder."""
    return _work(module) / "mutants" / (module + ".meta")


def _state_path(module: str) -> Path:
    """The committed copy of a module's results: what ``--resume`` starts from on a machine without the scratch."""
    return RESULTS_DIR / f"mutants-{_stem(module)}.state.json"


def _save_state(module: str) -> Path | None:
    """Copy each mutant's result and each function's hash from mutmut's record into :func:`_state_path` (sorted, one
    entry a line, so that a commit shows what changed). mutmut rewrites its record as mutants finish: a read that
    catches it half-written is tried again. ``None`` when the run has no record yet."""
    meta = _meta_path(module)
    for _ in range(20):
        try:
            data = json.loads(meta.read_text())
            break
        except FileNotFoundError:
            return None
        except json.JSONDecodeError:
            time.sleep(0.1)
    else:
        raise RuntimeError(f"{meta} stayed unreadable (mutmut is writing it?): try --checkpoint again")
    state = {
        "module": module,
        "exit_code_by_key": dict(sorted(data.get("exit_code_by_key", {}).items())),
        "hash_by_function_name": dict(sorted(data.get("hash_by_function_name", {}).items())),
    }
    path = _state_path(module)
    if path.exists() and "from_report" in (earlier := json.loads(path.read_text())):
        state["from_report"] = earlier["from_report"]  # where the results of the unchanged functions came from
    RESULTS_DIR.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=1, ensure_ascii=False) + "\n")
    tmp.replace(path)
    return path


def _restore_state(module: str) -> None:
    """mutmut's record of a fresh scratch folder, from the committed state: mutmut keeps the result of each mutant
    whose function's hash is unchanged, and tests the rest."""
    state = json.loads(_state_path(module).read_text())
    if state.get("module") != module:
        raise SystemExit(f"{_state_path(module)}: expected the state of {module}, found {state.get('module')!r}")
    meta = _meta_path(module)
    meta.parent.mkdir(parents=True, exist_ok=True)
    record = {
        "exit_code_by_key": state["exit_code_by_key"],
        "hash_by_function_name": state["hash_by_function_name"],
        "type_check_error_by_key": {},
        "durations_by_key": {},
        "estimated_durations_by_key": {},
    }
    meta.write_text(json.dumps(record, indent=1))


_REPORTED = """
import json, sys
from pathlib import Path
from mutmut.mutation.file_mutation import mutate_file_contents
from mutmut.utils.format_utils import get_mutant_name
module = sys.argv[1]
made = mutate_file_contents(module, sys.stdin.read())
print(json.dumps({"names": [get_mutant_name(Path(module), n) for n in made.mutant_names],
                  "hashes": made.hash_by_function_name}))
"""


def _state_from_report(module: str) -> Path:
    """The state of a module's run rebuilt from its report as last committed, for a report written before runs kept
    their state: mutmut generates the mutants of the module's source *at that commit* (their names and each
    function's hash), the report's survivors and timeouts keep their status and every other mutant counts as killed,
    as the report says. Refused unless the report's mutant count and every mutant it names match what mutmut
    generates. ``--resume`` then tests only the mutants of the functions changed since (mutmut's own rule: a result
    stands while its function's hash does), and ``--recheck-survivors`` the survivors against the current tests."""
    report = _report_path(module).relative_to(ROOT).as_posix()
    git = ["git", "-C", str(ROOT)]
    rev = subprocess.run([*git, "log", "-1", "--format=%H", "--", report], capture_output=True, text=True).stdout
    if not rev.strip():
        raise SystemExit(f"{report}: no committed report of {module} to rebuild its state from")
    rev = rev.strip()
    text = subprocess.run([*git, "show", f"{rev}:{report}"], capture_output=True, text=True, check=True).stdout
    source = subprocess.run([*git, "show", f"{rev}:{module}"], capture_output=True, text=True, check=True).stdout
    scratch = WORK_ROOT / f".{_stem(module)}-from-report"  # mutmut needs its settings to generate mutants
    if scratch.exists():
        shutil.rmtree(scratch)
    (scratch / "hotpart").mkdir(parents=True)
    (scratch / "setup.cfg").write_text("[mutmut]\nsource_paths = hotpart\n")
    run = subprocess.run([sys.executable, "-c", _REPORTED, module], cwd=scratch, input=source, capture_output=True,
                         text=True)  # fmt: skip
    shutil.rmtree(scratch)
    if run.returncode != 0:
        raise RuntimeError(f"generating {module}'s mutants at {rev[:7]}: {run.stderr.strip().splitlines()[-1:]}")
    made = json.loads(run.stdout)
    row = next((line for line in text.splitlines() if line.startswith("| `")), "")
    cells = [c.strip() for c in row.strip("|").split("|")]
    survivors_part, _, rest = text.partition("\nTimeouts, each counted")
    listed = re.compile(r"^\* `([^`]+)`(.*)$", re.M)
    codes: dict[str, int] = {name: 1 for name in made["names"]}
    named = [(m.group(1), 33 if "(no test covers it)" in m.group(2) else 0) for m in listed.finditer(survivors_part)]
    named += [(m.group(1), 36) for m in listed.finditer(rest.split("\n## ")[0])]
    unknown = [name for name, _ in named if name not in codes]
    if len(cells) < 2 or cells[1] != str(len(codes)) or unknown:
        raise SystemExit(
            f"{report} at {rev[:7]}: expected its {cells[1] if len(cells) > 1 else '?'} mutants to be the "
            f"{len(codes)} mutmut generates from {module} at that commit"
            + (f" (it names {len(unknown)} it does not, {unknown[0]} first)" if unknown else "")
        )
    codes.update(named)
    state = {
        "module": module,
        "exit_code_by_key": dict(sorted(codes.items())),
        "hash_by_function_name": dict(sorted(made["hashes"].items())),
        "from_report": f"{report} at {rev}",
    }
    path = _state_path(module)
    path.write_text(json.dumps(state, indent=1, ensure_ascii=False) + "\n")
    return path


def _results(module: str) -> dict[str, int | None]:
    """Every mutant's exit code, from the ``.meta`` files mutmut writes beside the mutated module."""
    codes: dict[str, int | None] = {}
    for meta in (_work(module) / "mutants").rglob("*.meta"):
        data = json.loads(meta.read_text())
        for name, code in (data.get("exit_code_by_key") or {}).items():
            codes[name] = code
    return codes


def _sync_tests(module: str) -> None:
    """The current tests, benchmarks, chapters and the package's other modules into the scratch copy of a stopped run
    (its mutated module unchanged: the run's results are its), and the module's current list of test files into its
    settings. The other modules are copied too, into mutmut's copy as well: a test written since the run started may
    need what they gained since (a test of the book layer fails against the old one, and mutmut then tests nothing)."""
    work = _work(module)
    if (work / module).read_bytes() != (ROOT / module).read_bytes():
        # a new modification time: mutmut mutates the module again and re-tests the functions whose hash changed
        shutil.copy(ROOT / module, work / module)
        print(f"{module} changed since the run started: mutmut tests again the mutants of the functions that changed")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for name in ("tests", "benchmarks", "notebooks"):
        shutil.copytree(ROOT / name, work / name, ignore=ignore, dirs_exist_ok=True)
    mutated = (ROOT / module).resolve()

    def but_the_mutated(folder: str, names: list[str]) -> set[str]:
        return set(ignore(folder, names)) | {n for n in names if (Path(folder) / n).resolve() == mutated}

    for copy in (work / "hotpart", work / "mutants" / "hotpart"):
        if copy.is_dir():
            shutil.copytree(ROOT / "hotpart", copy, ignore=but_the_mutated, dirs_exist_ok=True)
    _configure(module, _tests_for(module))  # test files written since the run started are run too


def _unexplained_survivors(module: str) -> list[str]:
    """The survivors ``--recheck-survivors`` runs again: those not explained as equivalent (a survivor explained as
    equivalent survives any test, and running its tests again costs minutes: every test that covers it passes)."""
    equivalent = _equivalent(module)
    _ensure_mutants(module)  # before the record is read: a survivor of a function changed since may be gone
    survivors = sorted(n for n, c in _results(module).items() if STATUS.get(c) == "survived" and _module_of(n) == module)
    return [n for n in survivors if (_function_of(n), _changed_line(_diff(module, n))) not in equivalent]


def _mutmut(module: str, max_children: int, names: list[str] | None = None) -> int:
    cmd = [sys.executable, "-m", "mutmut", "run", "--max-children", str(max_children), *(names or [])]
    return subprocess.run(cmd, cwd=_work(module)).returncode


#: What ``mutmut show`` prints of a mutant, computed for many mutants in one process (``mutmut show`` itself starts
#: a process per mutant: about 2 s each on this machine, 20 minutes for a module's 600 survivors, against 0.05 s).
_SHOW_MANY = """
import json, sys
from mutmut.mutation.diff_apply import get_diff_for_mutant
module, names = sys.argv[1], json.load(sys.stdin)
print(json.dumps({n: get_diff_for_mutant(n, path=module) for n in names}))
"""
#: mutmut's own first step, for a scratch folder rebuilt from the state: the mutated module and its record, made in a
#: process of their own (the diffs read in the same process found a function missing, for logs.py).
_MAKE = """
import sys
from pathlib import Path
from mutmut.__main__ import create_mutants_for_file
module = sys.argv[1]
create_mutants_for_file(Path(module), Path("mutants") / module)
"""
_DIFFS: dict[str, dict[str, str]] = {}


def _diff(module: str, name: str) -> str:
    """The mutant's diff against the module, as ``mutmut show`` writes it (without its first line, the status);
    the first call for a module computes the diffs of all its mutants that were not killed, in one process."""
    known = _DIFFS.setdefault(module, {})
    if name not in known:
        _ensure_mutants(module)
        names = {name} | {n for n, c in _results(module).items() if STATUS.get(c) != "killed"} - set(known)
        cmd = [sys.executable, "-c", _SHOW_MANY, module]
        run = subprocess.run(cmd, cwd=_work(module), input=json.dumps(sorted(names)), capture_output=True, text=True)
        if run.returncode != 0:
            raise RuntimeError(f"the diffs of {module}'s mutants: {run.stderr.strip().splitlines()[-1:]}")
        known.update(json.loads(run.stdout))
    return known[name]


def _ensure_mutants(module: str) -> None:
    """The mutated module and mutmut's record merged with it, in a scratch folder rebuilt from the state (mutmut's own
    first step, done ahead): the record then names only the mutants of the module as it is, not those of a function
    changed since the state was saved, which no longer exist."""
    if not (_work(module) / "mutants" / module).exists():
        subprocess.run([sys.executable, "-c", _MAKE, module], cwd=_work(module), check=True, capture_output=True)


def _changed_line(diff: str) -> str:
    minus = [line[1:].strip() for line in diff.splitlines() if line.startswith("-") and not line.startswith("---")]
    plus = [line[1:].strip() for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]
    return f"{' / '.join(minus)} -> {' / '.join(plus)}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--modules", nargs="+", default=list(DEFAULT_MODULES), help="the modules to mutate, one by one")
    ap.add_argument("--max-children", type=int, default=2, help="mutants tested at once (default 2: the cores)")
    ap.add_argument(
        "--report-only",
        action="store_true",
        help="write the reports from the last run's results in _build/mutants (one interrupted, say), testing nothing",
    )
    ap.add_argument(
        "--resume",
        action="store_true",
        help="continue the last run in _build/mutants: copy the tests afresh, run the mutants not yet checked",
    )
    ap.add_argument(
        "--recheck-survivors",
        action="store_true",
        help="with --resume: first run the last run's survivors again, against the current tests (those not "
        "explained as equivalent)",
    )
    ap.add_argument(
        "--recheck-timeouts",
        action="store_true",
        help="with --resume: first run the last run's timeouts again, one at a time (on a loaded machine a mutant "
        "that only runs slowly can time out and pass for killed)",
    )
    ap.add_argument(
        "--checkpoint",
        action="store_true",
        help="only copy each module's results so far into benchmarks/results/mutants-<module>.state.json (to "
        "commit), while its run goes on or after it stopped",
    )
    ap.add_argument(
        "--state-from-report",
        action="store_true",
        help="only rebuild each module's state (for --resume) from its report as last committed, for a module whose "
        "run left no state: the report's survivors and timeouts as they were, every other mutant killed",
    )
    args = ap.parse_args(argv)
    if args.state_from_report:
        for module in dict.fromkeys(m.strip() for m in args.modules if m.strip()):
            if _state_path(module).exists():
                print(f"{_state_path(module).relative_to(ROOT)} exists: left as it is")
                continue
            print(f"wrote {_state_from_report(module).relative_to(ROOT)}")
        return 0
    if args.checkpoint:
        for module in dict.fromkeys(m.strip() for m in args.modules if m.strip()):
            saved = _save_state(module)
            print(f"wrote {saved.relative_to(ROOT)}" if saved else f"no run of {module} to save")
        return 0
    unexplained = 0
    for module in dict.fromkeys(m.strip() for m in args.modules if m.strip()):
        tests = _tests_for(module)
        seconds = 0.0
        if args.resume and not args.report_only:
            # Always from the state, in a fresh scratch folder: mutmut forgets every result when the settings it
            # last ran with differ (a test file added to the list, say), and a fresh folder has no earlier settings.
            if _work(module).exists():
                _save_state(module)
            if not _state_path(module).exists():
                raise SystemExit(f"no run of {module} to resume: neither {_work(module)} nor {_state_path(module)}")
            _prepare(module, tests)
            _restore_state(module)
            print(f"resuming {module} from {_state_path(module).relative_to(ROOT)}")
            _sync_tests(module)
            t0 = time.perf_counter()
            try:
                if args.recheck_survivors:
                    survivors = _unexplained_survivors(module)
                    if survivors:
                        _mutmut(module, args.max_children, survivors)
                if args.recheck_timeouts:
                    timeouts = sorted(n for n, c in _results(module).items() if STATUS.get(c) == "timeout")
                    if timeouts:
                        _mutmut(module, 1, timeouts)
                _mutmut(module, args.max_children)
            finally:
                _save_state(module)
            seconds = time.perf_counter() - t0
        elif not args.report_only:
            _prepare(module, tests)
            t0 = time.perf_counter()
            try:
                code = _mutmut(module, args.max_children)
            finally:
                _save_state(module)
            seconds = time.perf_counter() - t0
            if code != 0 and not _results(module):
                print(f"mutmut run of {module} failed ({code}) before testing any mutant", file=sys.stderr)
                return code
        if not _work(module).exists():
            print(f"no run of {module} in {_work(module).relative_to(ROOT)}: its report is left as it is")
            continue
        report, left = _report(module, tests, _results(module), seconds)
        path = _report_path(module)
        if path.exists() and f"\n{NOTES}" in path.read_text():
            report += "\n" + NOTES + path.read_text().split(f"\n{NOTES}", 1)[1]
        RESULTS_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text(report)
        print(f"wrote {path.relative_to(ROOT)}; {left} survivor(s) neither killed nor explained")
        unexplained += left
    SUMMARY.write_text(_summary())
    print(f"wrote {SUMMARY.relative_to(ROOT)}")
    return 1 if unexplained else 0


def _module_of(name: str) -> str:
    """``hotpart.models.hashing.x_jump_hash__mutmut_3`` -> ``hotpart/models/hashing.py``."""
    return name.split(".x")[0].replace(".", "/") + ".py" if ".x" in name else name


def _function_of(name: str) -> str:
    m = re.search(r"\.x[ǁ_]?(.*?)__mutmut_\d+$", name)
    return m.group(1).replace("ǁ", ".").strip(".") if m else name


_HEADER = "| module | mutants | killed | survived | timeout | no tests | not checked | kill rate (killed / tested) |"


def _report(module: str, tests: list[str], codes: dict[str, int | None], seconds: float) -> tuple[str, int]:
    mine = {n: c for n, c in codes.items() if _module_of(n) == module}
    status = [STATUS.get(c, f"exit {c}") for c in mine.values()]
    killed, survived = status.count("killed"), status.count("survived")
    timeout, none, unchecked = status.count("timeout"), status.count("no tests"), status.count("not checked")
    tested = killed + survived + timeout
    rate = f"{(killed + timeout) / tested:.1%}" if tested else "-"
    lines = [
        f"# Mutation testing of `{module}`: kill rate and every survivor",
        "",
        f"`make mutants MODULES={module}` ({time.strftime('%Y-%m-%d')}, mutmut"
        + (f", {seconds / 60:.0f} min on this machine's 2 shared cores): " if seconds else ", the last run's results): ")
        + "one mutation at a time, each mutant run against the tests that cover its function among "
        + ", ".join(f"`{t}`" for t in tests)
        + ".",
        "",
        _HEADER,
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
        f"| `{module}` | {len(mine)} | {killed} | {survived} | {timeout} | {none} | {unchecked} | {rate} |",
        "",
        'A mutant no test covers ("no tests": its function is reached only through a subprocess, which mutmut '
        "cannot see) counts as a survivor until a test covers it. Survivors, each equivalent or killed:",
        "",
    ]
    survivors = sorted(n for n, c in mine.items() if STATUS.get(c) in ("survived", "no tests"))
    unexplained = 0
    for name in survivors:
        key = (_function_of(name), _changed_line(_diff(module, name)))
        why = _equivalent(module).get(key)
        if why is None:
            unexplained += 1
            why = "**not yet explained**: kill it with a behavioural test, or explain it here as equivalent"
        no_test = " (no test covers it)" if STATUS.get(mine[name]) == "no tests" else ""
        lines += [f"* `{name}` ({key[0]}: `{key[1]}`){no_test}: {why}"]
    if not survivors:
        lines.append("None.")
    timeouts = sorted(n for n, c in mine.items() if STATUS.get(c) == "timeout")
    lines += [
        "",
        "Timeouts, each counted as killed (the mutant's tests ran past the time limit; a loop bound or a "
        "condition that no longer ends a loop, typically: `--resume --recheck-timeouts` runs them again alone):",
        "",
    ]
    lines += [f"* `{n}` ({_function_of(n)}: `{_changed_line(_diff(module, n))}`)" for n in timeouts] or ["None."]
    return "\n".join(lines) + "\n", unexplained


def _summary() -> str:
    """Every module's row, read from its report in benchmarks/results (each written by its own run)."""
    rows = []
    for path in sorted(RESULTS_DIR.glob("mutants-*.md")):
        row = next((line for line in path.read_text().splitlines() if line.startswith("| `")), None)
        if row:
            rows.append(f"{row} [{path.name}]({path.name}) |")
    return (
        "\n".join(
            [
                "# Mutation testing: kill rates",
                "",
                "`make mutants` (`benchmarks/mutants.py`, mutmut) runs each module on its own and writes its report beside "
                "this file, with every survivor killed by a behavioural test or explained as equivalent. A timeout counts "
                "as killed (the mutant hangs the tests); a mutant no test covers counts as a survivor.",
                "",
                _HEADER + " report |",
                "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
                *rows,
            ]
        )
        + "\n"
    )


if __name__ == "__main__":
    sys.exit(main())
