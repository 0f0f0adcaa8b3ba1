"""The report folder under hostile folders, two writers and interrupts (issue 49, part 1), and the command line's
signals and pipes (part 2).

Every fault the issue names is reproduced here as it was found: through the command line as a subprocess where a
user meets it, through the writer directly where the window is too narrow to hit from outside (two writers racing,
an interrupt between two renames), with the interrupt delivered as a real signal at a chosen step.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from conftest import ROOT
from hotpart._outdir import MARKER, TMP_PREFIX, write_output_folder

DATA = ROOT / "notebooks" / "data"
ARGS = ["--metrics", str(DATA / "metrics.json"), "--queries", str(DATA / "queries.json")]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def _hotpart(*args, cwd, timeout=240):
    return subprocess.run(
        [sys.executable, "-m", "hotpart", *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=timeout, env=ENV
    )


def _tree(folder):
    return {
        str(p.relative_to(folder)): ("link -> " + os.readlink(p) if p.is_symlink() else p.read_bytes() if p.is_file() else None)
        for p in sorted(folder.rglob("*"))
    }


def _one_line(r, code=2):
    assert r.returncode == code, (r.returncode, r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    return lines[0]


def _no_temporaries(folder):
    return [p.name for p in folder.iterdir() if p.name.startswith(TMP_PREFIX)]


# --- part 1: nothing outside the folder, whatever it holds -------------------------------------------------------


@pytest.mark.parametrize("planted", [".hotpart-tmp-report.md", ".hotpart-tmp-metrics.png", ".hotpart-tmp-.hotpart-output.json"])
def test_a_link_planted_under_a_temporary_name_is_never_written_through(tmp_path, planted):
    """The issue's attack: a link named as the old fixed temporary file pointed the next run's write anywhere."""
    assert _hotpart("diagnose", *ARGS, "--out", "report", cwd=tmp_path).returncode == 0
    victim = tmp_path / "victim.txt"
    victim.write_text("the user's precious file")
    (tmp_path / "report" / planted).symlink_to(victim)
    r = _hotpart("diagnose", *ARGS, "--out", "report", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert victim.read_text() == "the user's precious file"
    assert (tmp_path / "report" / planted).is_symlink()  # not ours: left where the user (or attacker) put it
    assert (tmp_path / "report" / "report.md").read_text().startswith("# Diagnosis")


@pytest.mark.parametrize("name", ["report.md", "metrics.png"])
@pytest.mark.parametrize("what", ["link to a file", "dangling link", "folder"])
def test_a_link_or_folder_where_a_report_file_belongs_is_refused_by_name(tmp_path, name, what):
    assert _hotpart("diagnose", *ARGS, "--out", "report", cwd=tmp_path).returncode == 0
    victim = tmp_path / "victim.txt"
    victim.write_text("keep")
    target = tmp_path / "report" / name
    target.unlink()
    if what == "folder":
        target.mkdir()
        (target / "inside.txt").write_text("mine")
    else:
        target.symlink_to(victim if what == "link to a file" else tmp_path / "nowhere")
    before = _tree(tmp_path)
    line = _one_line(_hotpart("diagnose", *ARGS, "--out", "report", cwd=tmp_path))
    assert f"'{name}'" in line and "link or a folder" in line and "nothing was written" in line
    assert _tree(tmp_path) == before


def test_a_linked_marker_is_not_hotparts_and_unlocks_nothing(tmp_path):
    folder = tmp_path / "report"
    folder.mkdir()
    elsewhere = tmp_path / "forged.json"
    elsewhere.write_text(json.dumps({"written_by": "hotpart", "kind": "report", "files": ["report.md"]}))
    (folder / MARKER).symlink_to(elsewhere)
    (folder / "report.md").write_text("the user's")
    before = _tree(tmp_path)
    line = _one_line(_hotpart("diagnose", *ARGS, "--out", "report", cwd=tmp_path))
    assert "is not hotpart's" in line
    assert _tree(tmp_path) == before


def test_temporary_names_are_unpredictable_and_created_exclusively(tmp_path, monkeypatch):
    seen = []
    real_open = os.open

    def spy(path, flags, *a, **k):
        if str(path).startswith(TMP_PREFIX):
            seen.append((path, flags))
        return real_open(path, flags, *a, **k)

    monkeypatch.setattr(os, "open", spy)
    write_output_folder(tmp_path / "a", {"x.txt": b"1"}, kind="report")
    write_output_folder(tmp_path / "a", {"x.txt": b"2"}, kind="report")
    names = [p for p, _ in seen]
    assert len(names) == 4 and len(set(names)) == 4  # two files a run, none named twice
    for _, flags in seen:
        assert flags & os.O_EXCL and flags & os.O_CREAT and flags & os.O_NOFOLLOW
    assert (tmp_path / "a" / "x.txt").read_bytes() == b"2" and not _no_temporaries(tmp_path / "a")


# --- two writers ---------------------------------------------------------------------------------------------------


def _writer(args):
    folder, tag, barrier = args
    files = {f"f{i}.txt": f"{tag}:{i}".encode() for i in range(6)}
    try:
        barrier.wait()
        write_output_folder(folder, files, kind="report")
        return "ok"
    except ValueError as e:
        assert "another hotpart run is writing" in str(e), e
        return "refused"


def test_two_writers_never_mix_a_report_and_never_leave_temporaries(tmp_path):
    """The issue's race: 15 of 500 rounds left a report mixed from two runs. Each round starts two processes at a
    barrier; afterwards the folder holds one run's complete set, or the earlier round's, and nothing else."""
    ctx = multiprocessing.get_context("fork")
    folder = str(tmp_path / "out")
    outcomes = {"ok": 0, "refused": 0}
    with ctx.Manager() as manager, ctx.Pool(2) as pool:
        barrier = manager.Barrier(2)  # both writers start each round together
        for rnd in range(150):
            results = pool.map(_writer, [(folder, f"A{rnd}", barrier), (folder, f"B{rnd}", barrier)])
            for r in results:
                outcomes[r] += 1
            assert "ok" in results
            names = sorted(os.listdir(folder))
            assert names == sorted([MARKER, *(f"f{i}.txt" for i in range(6))]), names
            tags = {open(os.path.join(folder, f"f{i}.txt")).read().split(":")[0] for i in range(6)}
            assert len(tags) == 1, f"round {rnd}: a report mixed from {tags}"
    assert outcomes["ok"] >= 150


def test_a_second_command_line_writer_is_refused_with_one_line_while_the_first_holds_the_folder(tmp_path):
    folder = tmp_path / "report"
    folder.mkdir()
    import fcntl

    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        line = _one_line(_hotpart("diagnose", *ARGS, "--out", "report", cwd=tmp_path))
        assert "another hotpart run is writing this folder" in line
        assert os.listdir(folder) == []
    finally:
        os.close(fd)
    assert _hotpart("diagnose", *ARGS, "--out", "report", cwd=tmp_path).returncode == 0


# --- interrupts ----------------------------------------------------------------------------------------------------

_INTERRUPT = textwrap.dedent(
    """
    import os, signal, sys
    import hotpart._outdir as o
    from hotpart.__main__ import main
    sig, where, nth = getattr(signal, sys.argv[1]), sys.argv[2], int(sys.argv[3])
    real = getattr(o.os, where)
    calls = [0]
    def hooked(*a, **k):
        calls[0] += 1
        if calls[0] == nth:
            os.kill(os.getpid(), sig)  # the signal arrives at this step, as Ctrl-C would
        return real(*a, **k)
    setattr(o.os, where, hooked)
    sys.exit(main(sys.argv[4:]))
    """
)


@pytest.mark.parametrize("sig,code,word", [("SIGINT", 130, "hotpart: interrupted"), ("SIGTERM", 143, "hotpart: terminated")])
@pytest.mark.parametrize(
    "where,nth",
    [("fsync", 1), ("fsync", 2), ("rename", 1), ("rename", 2), ("rename", 4)],
    ids=["first-file-written", "second-file-written", "first-set-aside", "second-set-aside", "first-new-in-place"],
)
def test_an_interrupt_leaves_the_old_report_or_the_new_one_whole_and_no_temporaries(tmp_path, sig, code, word, where, nth):
    """The issue's case: an interrupt between the renames left a new report.md beside the old metrics.png."""
    assert _hotpart("diagnose", *ARGS, "--out", "report", cwd=tmp_path).returncode == 0
    folder = tmp_path / "report"
    (folder / "report.md").write_text("old report")
    (folder / "metrics.png").write_bytes(b"old figure")
    (folder / "notes.txt").write_text("the user's")
    r = subprocess.run(
        [sys.executable, "-c", _INTERRUPT, sig, where, str(nth), "diagnose", *ARGS, "--out", "report"],
        capture_output=True, text=True, cwd=tmp_path, timeout=240, env=ENV,
    )  # fmt: skip
    assert r.returncode == code, (r.stdout, r.stderr)
    assert r.stderr.strip().splitlines() == [word]
    report, png = (folder / "report.md").read_bytes(), (folder / "metrics.png").read_bytes()
    old = (report, png) == (b"old report", b"old figure")
    new = report.startswith(b"# Diagnosis") and png.startswith(b"\x89PNG")
    assert old or new, "a report mixed from two runs"
    # before the swap the old set stays; once the swap began it completes (the signals wait for its renames)
    assert old == (where == "fsync")
    assert sorted(os.listdir(folder)) == sorted([MARKER, "metrics.png", "notes.txt", "report.md"])
    assert (folder / "notes.txt").read_text() == "the user's"


def test_an_interrupt_in_a_new_folder_removes_only_what_the_run_created(tmp_path):
    (tmp_path / "keep").mkdir()
    r = subprocess.run(
        [sys.executable, "-c", _INTERRUPT, "SIGINT", "fsync", "2", "diagnose", *ARGS, "--out", "keep/a/b"],
        capture_output=True, text=True, cwd=tmp_path, timeout=240, env=ENV,
    )  # fmt: skip
    assert r.returncode == 130, r.stderr
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["keep"]


def test_a_failure_during_the_swap_puts_every_old_file_back(tmp_path, monkeypatch):
    folder = tmp_path / "out"
    write_output_folder(folder, {"a.txt": b"old a", "b.txt": b"old b"}, kind="report")
    real = os.rename
    calls = [0]

    def flaky(*a, **k):
        calls[0] += 1
        if calls[0] == 5:  # a.txt, b.txt and the marker set aside; the new a.txt in place; then the disk fails
            raise OSError(5, "Input/output error")
        return real(*a, **k)

    monkeypatch.setattr(os, "rename", flaky)
    with pytest.raises(OSError):
        write_output_folder(folder, {"a.txt": b"new a", "b.txt": b"new b"}, kind="report")
    monkeypatch.undo()
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.name != MARKER} == {"a.txt": b"old a", "b.txt": b"old b"}
    assert json.loads((folder / MARKER).read_text())["files"] == ["a.txt", "b.txt"]


@pytest.fixture(scope="module")
def big_log(tmp_path_factory):
    import numpy as np
    import pandas as pd

    path = tmp_path_factory.mktemp("log") / "log.csv"
    rng = np.random.default_rng(1)
    rows = 3_000_000
    pd.DataFrame({"timestamp": 1_700_000_000 + np.sort(rng.integers(0, 3600, rows)), "pk": rng.zipf(1.2, rows) % 100_000}).to_csv(
        path, index=False
    )
    return path


def _wait_until_reading(pid, path, timeout=120.0):
    """Until the process has the log open (DuckDB is reading it), so the signal comes during the work, not while
    Python imports (an interrupt during the import is Python's, before hotpart runs)."""
    fds = f"/proc/{pid}/fd"
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if any(os.readlink(os.path.join(fds, fd)) == str(path) for fd in os.listdir(fds)):
                return
        except OSError:  # a descriptor closed while listed, or the process ended
            if not os.path.exists(fds):
                return
        time.sleep(0.005)


@pytest.mark.parametrize("sig,code,word", [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")])
def test_a_signal_during_a_long_profile_gives_one_line_and_its_exit_status(tmp_path, big_log, sig, code, word):
    """Ctrl-C while DuckDB reads a log printed a traceback (``Query interrupted``) and exited 1. The signal comes
    at several moments of the run (DuckDB's query, the fit, the printing); each run that it stopped exits with the
    signal's status and one line, whatever it was doing."""
    stopped = 0
    for delay in (0.0, 0.3, 0.6, 0.9):
        p = subprocess.Popen(
            [sys.executable, "-m", "hotpart", "profile", str(big_log), "--partitions", "4"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=ENV,
        )  # fmt: skip
        _wait_until_reading(p.pid, big_log)
        time.sleep(delay)
        p.send_signal(sig)
        _out, err = p.communicate(timeout=120)
        if p.returncode == 0:  # the profile finished first
            continue
        stopped += 1
        assert p.returncode == code, (delay, p.returncode, err)
        assert err.strip().splitlines() == [f"hotpart: {word}"], err
    assert stopped >= 1, "every profile finished before its signal: make the log longer"
    assert sorted(os.listdir(tmp_path)) == []  # DuckDB left no spill folder behind


# --- part 2: pipes and usage errors --------------------------------------------------------------------------------


def test_a_closed_stdout_ends_quietly():
    r, w = os.pipe()
    os.close(r)
    p = subprocess.run(
        [sys.executable, "-m", "hotpart", "queries", "orders", "--index", "byStatus"],
        stdout=w, stderr=subprocess.PIPE, text=True, env=ENV, timeout=120,
    )  # fmt: skip
    os.close(w)
    assert p.returncode == 141 and p.stderr == "", p.stderr


def test_queries_piped_to_head_is_quiet():
    r = subprocess.run(
        f"'{sys.executable}' -m hotpart queries orders 2>/dev/null | head -1; exit ${{PIPESTATUS[0]}}",
        shell=True, executable="/bin/bash", capture_output=True, text=True, env=ENV, timeout=120,
    )  # fmt: skip
    assert r.stdout == "[\n" and r.returncode in (0, 141), r


@pytest.mark.parametrize(
    "args,names",
    [
        ([], "command"),
        (["diagnose", "--batch-size", "x"], "--batch-size"),
        (["profile"], "log"),
        (["fetch", "orders"], "--start"),
        (["nonsense"], "nonsense"),
        (["diagnose", "--no-such-option"], "--no-such-option"),
    ],
)
def test_usage_errors_are_one_line_naming_the_option_and_pointing_to_help(tmp_path, args, names):
    line = _one_line(_hotpart(*args, cwd=tmp_path))
    assert line.startswith("hotpart") and names in line and "--help" in line, line
