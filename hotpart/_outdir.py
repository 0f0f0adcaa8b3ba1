"""Writing the command line's output folders without touching anything the tool did not write.

``diagnose --out DIR`` and ``fetch --out DIR`` write a handful of files into a
folder. The folder is one of

* a new name: the folder (and any missing parents) is created;
* an existing empty folder;
* a folder holding a previous hotpart output of the same kind, recognised by
  the marker file :data:`MARKER` the tool writes there, which lists the files
  it wrote.

Anything else (a file, a folder holding a user's files, ``.`` in a working
directory that is not empty) is refused with a :class:`ValueError` before a
single byte is written. In a marked folder only the files the marker lists are
replaced or removed; a file the user added beside them is left alone, and a
name the tool wants that the marker does not list is refused. Every file is
first written under a temporary name in the folder and renamed into place only
when all of them are complete, so a failure leaves the folder as it was.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

__all__ = ["MARKER", "write_output_folder"]

#: The marker file: JSON ``{"written_by": "hotpart", "kind": ..., "files": [...]}``.
MARKER = ".hotpart-output.json"
_TMP = ".hotpart-tmp-"


def _marker(folder: Path) -> dict | None:
    path = folder / MARKER
    if not path.is_file() or path.is_symlink():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("written_by") != "hotpart" or not isinstance(data.get("files"), list):
        return None
    if not all(isinstance(f, str) and f and "/" not in f and "\\" not in f and f not in (".", "..") for f in data["files"]):
        return None
    return data


def _refuse(folder: Path, why: str) -> ValueError:
    return ValueError(
        f"{folder}: (output folder): expected a new folder name, an empty folder or a previous hotpart {why}; nothing was written"
    )


def write_output_folder(folder: str | os.PathLike, files: dict[str, bytes], *, kind: str) -> list[str]:
    """Write ``files`` (name -> content) into ``folder``, never touching what hotpart did not write.

    Parameters
    ----------
    folder : path
        The output folder: a new name, an empty folder, or a folder a previous
        run of the same ``kind`` wrote (it holds :data:`MARKER`).
    files : dict of str to bytes
        Plain file names (no folders) and their contents.
    kind : str
        What the folder holds (``"report"``, ``"exports"``); a marked folder of
        another kind is refused.

    Returns
    -------
    list of str
        The names of the files the tool removed because a previous run wrote
        them and this run does not (empty in a new folder).

    Raises
    ------
    ValueError
        When the folder is a file, holds anything hotpart did not write, or was
        written for another ``kind``. Nothing has been written then.
    """
    folder = Path(folder)
    for name in files:
        if not name or "/" in name or "\\" in name or name in (".", "..", MARKER) or name.startswith(_TMP):
            raise ValueError(f"files: {name!r}: expected a plain file name")
    previous: list[str] = []
    if folder.exists() or folder.is_symlink():
        if not folder.is_dir():
            raise _refuse(folder, f"{kind} folder, got a file")
        entries = {p.name for p in folder.iterdir()}
        if entries:
            mark = _marker(folder)
            if mark is None:
                raise _refuse(folder, f"{kind} folder (one holding {MARKER}), got a folder holding other files")
            if mark.get("kind") != kind:
                raise _refuse(folder, f"{kind} folder, got a previous hotpart {mark.get('kind')!r} folder")
            previous = [f for f in mark["files"] if f in entries]
            for name in files:
                path = folder / name
                if name in entries and (name not in previous or path.is_dir() or path.is_symlink()):
                    raise _refuse(folder, f"{kind} folder, got {name!r} there that hotpart did not write")
    created: list[Path] = []
    probe = folder
    while not (probe.exists() or probe.is_symlink()):
        created.append(probe)
        probe = probe.parent
    for d in reversed(created):
        d.mkdir()
    temps: list[Path] = []
    try:
        for name, content in files.items():
            tmp = folder / f"{_TMP}{name}"
            temps.append(tmp)
            with open(tmp, "wb") as fh:  # the folder is new, empty or marked: a leftover temp is ours
                fh.write(content)
        mark_tmp = folder / f"{_TMP}{MARKER}"
        temps.append(mark_tmp)
        with open(mark_tmp, "w", encoding="utf-8") as fh:
            json.dump({"written_by": "hotpart", "kind": kind, "files": sorted(files)}, fh, indent=1)
    except BaseException:
        for tmp in temps:
            tmp.unlink(missing_ok=True)
        for d in created:
            try:
                d.rmdir()
            except OSError:
                pass
        raise
    for name in files:
        os.replace(folder / f"{_TMP}{name}", folder / name)
    stale = [f for f in previous if f not in files and (folder / f).is_file() and not (folder / f).is_symlink()]
    for f in stale:
        (folder / f).unlink()
    os.replace(mark_tmp, folder / MARKER)
    return stale
