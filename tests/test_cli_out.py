"""``diagnose --out`` never removes or replaces a file hotpart did not write (issue 36, part 1).

Each case runs the command line as a subprocess on the sample exports and
checks the folder afterwards, byte for byte.
"""

import json
import os
import subprocess
import sys

import pytest

from conftest import ROOT
from hotpart._outdir import MARKER, write_output_folder

DATA = ROOT / "notebooks" / "data"
ARGS = ["--metrics", DATA / "metrics.json", "--queries", DATA / "queries.json"]
REPORT = sorted(["metrics.png", "report.md", MARKER])


def _diagnose(out, cwd):
    return subprocess.run(
        [sys.executable, "-m", "hotpart", "diagnose", *map(str, ARGS), "--out", str(out)],
        capture_output=True, text=True, cwd=cwd, timeout=240, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip


def _tree(folder):
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None) for p in sorted(folder.rglob("*"))}


def _refused(r):
    assert r.returncode == 2, r.stdout + r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    assert "nothing was written" in lines[0]
    return lines[0]


def test_a_new_name_is_created_with_its_parents(tmp_path):
    r = _diagnose(tmp_path / "a" / "b" / "report", tmp_path)
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in (tmp_path / "a" / "b" / "report").iterdir()) == REPORT
    assert json.loads((tmp_path / "a/b/report" / MARKER).read_text())["files"] == ["metrics.png", "report.md"]


def test_an_empty_folder_is_used(tmp_path):
    (tmp_path / "report").mkdir()
    assert _diagnose("report", tmp_path).returncode == 0
    assert sorted(p.name for p in (tmp_path / "report").iterdir()) == REPORT


def test_dot_in_a_working_directory_with_the_users_files_is_refused_and_untouched(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "data.csv").write_text("a,b\n1,2\n")
    before = _tree(tmp_path)
    line = _refused(_diagnose(".", tmp_path))
    assert line.startswith("hotpart: error: .: (output folder)")
    assert _tree(tmp_path) == before


def test_dot_in_an_empty_working_directory_writes_the_report_there(tmp_path):
    assert _diagnose(".", tmp_path).returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == REPORT


def test_a_folder_holding_a_users_file_is_refused_and_untouched(tmp_path):
    (tmp_path / "report").mkdir()
    (tmp_path / "report" / "report.md").write_text("my own notes")
    before = _tree(tmp_path)
    _refused(_diagnose("report", tmp_path))
    assert _tree(tmp_path) == before


def test_a_file_is_refused_and_untouched(tmp_path):
    (tmp_path / "report").write_text("a file")
    line = _refused(_diagnose("report", tmp_path))
    assert "got a file" in line
    assert (tmp_path / "report").read_text() == "a file"


def test_a_previous_report_is_replaced_and_the_users_additions_kept(tmp_path):
    assert _diagnose("report", tmp_path).returncode == 0
    (tmp_path / "report" / "report.md").write_text("stale")
    (tmp_path / "report" / "my-notes.txt").write_text("keep me")
    assert _diagnose("report", tmp_path).returncode == 0
    folder = tmp_path / "report"
    assert (folder / "report.md").read_text().startswith("# Diagnosis")
    assert (folder / "my-notes.txt").read_text() == "keep me"
    assert sorted(p.name for p in folder.iterdir()) == sorted([*REPORT, "my-notes.txt"])


def test_a_forged_or_foreign_marker_does_not_unlock_a_folder(tmp_path):
    folder = tmp_path / "report"
    folder.mkdir()
    (folder / "data.csv").write_text("precious")
    (folder / MARKER).write_text("{not json")
    _refused(_diagnose("report", tmp_path))
    (folder / MARKER).write_text(json.dumps({"written_by": "hotpart", "kind": "exports", "files": ["data.csv"]}))
    _refused(_diagnose("report", tmp_path))
    assert (folder / "data.csv").read_text() == "precious"


def test_a_name_the_marker_does_not_list_is_refused(tmp_path):
    folder = tmp_path / "report"
    folder.mkdir()
    (folder / MARKER).write_text(json.dumps({"written_by": "hotpart", "kind": "report", "files": ["metrics.png"]}))
    (folder / "report.md").write_text("the user's")
    _refused(_diagnose("report", tmp_path))
    assert (folder / "report.md").read_text() == "the user's"


def test_files_a_previous_run_wrote_and_this_one_does_not_are_removed_and_nothing_else(tmp_path):
    folder = tmp_path / "out"
    write_output_folder(folder, {"a.txt": b"1", "b.txt": b"2"}, kind="exports")
    (folder / "c.txt").write_text("user")
    assert write_output_folder(folder, {"a.txt": b"3"}, kind="exports") == ["b.txt"]
    assert sorted(p.name for p in folder.iterdir()) == sorted([MARKER, "a.txt", "c.txt"])
    assert (folder / "a.txt").read_bytes() == b"3"


def test_a_failed_write_leaves_no_folder_and_no_temporary_files(tmp_path, monkeypatch):
    folder = tmp_path / "new" / "out"
    real_fsync = os.fsync
    calls = {"n": 0}

    def flaky_fsync(fd):
        calls["n"] += 1
        if calls["n"] == 2:  # the second file: the disk is full
            raise OSError(28, "No space left on device")
        return real_fsync(fd)

    monkeypatch.setattr(os, "fsync", flaky_fsync)
    with pytest.raises(OSError):
        write_output_folder(folder, {"a.txt": b"1", "b.txt": b"2"}, kind="report")
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["", "../x", "a/b", MARKER, ".."])
def test_names_that_are_not_plain_files_are_refused(tmp_path, name):
    with pytest.raises(ValueError, match="expected a plain file name"):
        write_output_folder(tmp_path / "o", {name: b""}, kind="report")
    assert not (tmp_path / "o").exists()
