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
name the tool wants that the marker does not list is refused.

What the writer guarantees, whatever the folder holds:

* **No write leaves the folder.** The folder is opened once and every later
  step works relative to that open handle (``dir_fd``), so renaming or
  replacing the folder's path mid-run changes nothing. The only files opened
  for writing are new temporary files, created exclusively
  (``O_CREAT | O_EXCL | O_NOFOLLOW``) under unpredictable names
  (:data:`TMP_PREFIX` and 16 random hex digits): a link planted under any name
  is never opened. Every name the report replaces must be a regular file the
  marker lists; a link or a folder there is refused by name. Renames and
  removals act on directory entries and never follow a link.
* **One writer at a time.** The folder's handle is locked (``flock``, released
  by the kernel when the process ends, however it ends); a second writer is
  refused with one line naming the folder, and writes nothing.
* **Whole or not at all.** The complete new set (every file and the marker) is
  written and flushed to disk under temporary names first. The swap then moves
  each old file aside, renames each new one into place and removes the old
  ones; SIGINT and SIGTERM are held back for its few renames, and any error
  during it puts every old file back. An interrupt or a failure before the
  swap removes only the temporary files and folders this run created.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import secrets
import signal
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

__all__ = ["MARKER", "TMP_PREFIX", "write_output_folder"]

#: The marker file: JSON ``{"written_by": "hotpart", "kind": ..., "files": [...]}``.
MARKER = ".hotpart-output.json"
#: Temporary and set-aside files start with this, then 16 random hex digits, a dash and the final name.
TMP_PREFIX = ".hotpart-tmp-"
_O_DIR = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
_O_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def _plain(name: object) -> bool:
    return isinstance(name, str) and bool(name) and "/" not in name and "\\" not in name and name not in (".", "..")


def _is_regular(name: str, dfd: int) -> bool | None:
    """True for a regular file, False for anything else (a link, a folder), None when absent."""
    try:
        st = os.stat(name, dir_fd=dfd, follow_symlinks=False)
    except FileNotFoundError:
        return None
    return stat.S_ISREG(st.st_mode)


def _marker(dfd: int) -> dict | None:
    try:
        fd = os.open(MARKER, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0), dir_fd=dfd)
    except OSError:  # absent, or a link (ELOOP): not ours
        return None
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            return None
        try:
            data = json.loads(fh.read(1 << 20).decode("utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            return None
    if not isinstance(data, dict) or data.get("written_by") != "hotpart" or not isinstance(data.get("files"), list):
        return None
    if not all(_plain(f) for f in data["files"]):
        return None
    return data


def _refuse(folder: Path, why: str) -> ValueError:
    return ValueError(
        f"{folder}: (output folder): expected a new folder name, an empty folder or a previous hotpart {why}; nothing was written"
    )


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back for the block, then deliver them to the handlers that were there before.

    Python may set signal handlers only in the main thread; elsewhere the block runs unprotected (a library
    caller in a worker thread gets no signals there anyway: Python delivers them to the main thread).
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    old = {}
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            old[sig] = signal.signal(sig, lambda s, _f: caught.append(s))
        except (ValueError, OSError):  # pragma: no cover - a signal this platform lacks
            pass
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)
        for sig in dict.fromkeys(caught):
            signal.raise_signal(sig)


def _make_folders(folder: Path) -> list[Path]:
    """Create ``folder`` and its missing parents; return the ones this call created, deepest first."""
    missing: list[Path] = []
    probe = folder
    while not (probe.exists() or probe.is_symlink()):
        missing.append(probe)
        probe = probe.parent
    created: list[Path] = []
    for d in reversed(missing):
        try:
            d.mkdir()
        except FileExistsError:  # another process made it first: not ours to remove
            continue
        created.append(d)
    return created[::-1]


def _remove_folders(created: list[Path]) -> None:
    for d in created:  # deepest first; a folder that is not empty is not removed
        try:
            d.rmdir()
        except OSError:
            pass


def _unlink_all(names: list[str], dfd: int) -> None:
    for name in names:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(name, dir_fd=dfd)


def _write_new(name: str, content: bytes, dfd: int, mine: list[str]) -> str:
    """Write ``content`` to a new file with an unpredictable name beside ``name``; return that name."""
    while True:
        tmp = f"{TMP_PREFIX}{secrets.token_hex(8)}-{name}"
        try:
            fd = os.open(tmp, _O_NEW, 0o666, dir_fd=dfd)
        except FileExistsError:  # pragma: no cover - 64 random bits collided
            continue
        break
    mine.append(tmp)
    with os.fdopen(fd, "wb") as fh:
        fh.write(content)
        fh.flush()
        os.fsync(fh.fileno())
    return tmp


def _aside(name: str, dfd: int) -> str:
    """A fresh, unused name to move ``name`` aside to."""
    while True:
        spare = f"{TMP_PREFIX}{secrets.token_hex(8)}-{name}"
        if _is_regular(spare, dfd) is None:
            return spare


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
        When the folder is a file, holds anything hotpart did not write, holds a
        link or a folder where a file the tool writes belongs, was written for
        another ``kind``, or another hotpart run is writing it. Nothing has been
        written then.
    """
    folder = Path(folder)
    for name in files:
        if not _plain(name) or name == MARKER or name.startswith(TMP_PREFIX):
            raise ValueError(f"files: {name!r}: expected a plain file name")
    if (folder.exists() or folder.is_symlink()) and not folder.is_dir():
        raise _refuse(folder, f"{kind} folder, got a file")
    created = _make_folders(folder)
    try:
        dfd = os.open(folder, _O_DIR)
    except NotADirectoryError:
        _remove_folders(created)
        raise _refuse(folder, f"{kind} folder, got a file") from None
    mine: list[str] = []
    try:
        try:
            fcntl.flock(dfd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise ValueError(
                    f"{folder}: (output folder): another hotpart run is writing this folder; nothing was written "
                    "(run again when it has finished)"
                ) from None
            raise
        previous = _check_folder(folder, dfd, files, kind)
        for name, content in files.items():
            _write_new(name, content, dfd, mine)
        new = dict(zip(files, mine, strict=True))
        mark = _write_new(
            MARKER, json.dumps({"written_by": "hotpart", "kind": kind, "files": sorted(files)}, indent=1).encode(), dfd, mine
        )
        new[MARKER] = mark
        stale = [f for f in previous if f not in files and _is_regular(f, dfd)]
        with _signals_held():
            _swap(new, stale, dfd, mine)
        with contextlib.suppress(OSError):
            os.fsync(dfd)
        return stale
    except BaseException:
        _unlink_all(mine, dfd)
        _remove_folders(created)
        raise
    finally:
        os.close(dfd)  # releases the lock


def _check_folder(folder: Path, dfd: int, files: dict[str, bytes], kind: str) -> list[str]:
    """Refuse a folder that is not new, empty or a marked ``kind`` folder; return the files its marker lists."""
    entries = set(os.listdir(dfd))
    if not entries:
        return []
    mark = _marker(dfd)
    if mark is None:
        why = "holding other files" if _is_regular(MARKER, dfd) is None else f"whose {MARKER} is not hotpart's"
        raise _refuse(folder, f"{kind} folder (one holding {MARKER}), got a folder {why}")
    if mark.get("kind") != kind:
        raise _refuse(folder, f"{kind} folder, got a previous hotpart {mark.get('kind')!r} folder")
    previous = [f for f in mark["files"] if f in entries]
    for name in files:
        regular = _is_regular(name, dfd)
        if regular is None:
            continue
        if not regular:
            raise _refuse(folder, f"{kind} folder, got {name!r} there as a link or a folder, not a file hotpart wrote")
        if name not in previous:
            raise _refuse(folder, f"{kind} folder, got {name!r} there that hotpart did not write")
    return previous


def _swap(new: dict[str, str], stale: list[str], dfd: int, mine: list[str]) -> None:
    """Move each old file aside, each new one into place, then drop the old; on any error, put the old back."""
    moved: list[tuple[str, str]] = []  # (final name, where the old one waits)
    placed: list[str] = []
    try:
        for name in [*new, *stale]:
            if _is_regular(name, dfd):
                spare = _aside(name, dfd)
                os.rename(name, spare, src_dir_fd=dfd, dst_dir_fd=dfd)
                moved.append((name, spare))
        for name, tmp in new.items():
            os.rename(tmp, name, src_dir_fd=dfd, dst_dir_fd=dfd)
            mine.remove(tmp)
            placed.append(name)
    except BaseException:
        _unlink_all(placed, dfd)
        for name, spare in reversed(moved):
            with contextlib.suppress(OSError):
                os.rename(spare, name, src_dir_fd=dfd, dst_dir_fd=dfd)
        raise
    _unlink_all([spare for _, spare in moved], dfd)
