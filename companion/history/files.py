"""Writing exports: into a folder (the data folder's exports, or a USB stick),
owner-only, every file or none, with a sentence for a full or read-only stick."""
from __future__ import annotations

import errno
import glob
import os
import pathlib
import secrets
import time
from collections.abc import Iterable, Sequence

from companion.history.records import ExportError
from companion.store.paths import data_dir
from companion.words import N_, _

# --- writing: into its folder, owner-only, every file or none --------------------------
FILE_MODE = 0o600
FOLDER_MODE = 0o700


def save(files: dict[str, str], folder: pathlib.Path, where: str | None = None) -> list[pathlib.Path]:
    """Write {name: text} into `folder` (made, owner-only, when missing): every file
    or none. Each is written to a private temporary file and synced first; only when
    all are on the disk do they take their names, and a name that cannot be taken
    takes the others back (a file they replaced comes back too). ExportError says
    what was written: nothing. `where` names the folder for the players (export_folder's
    sentence: "the USB stick STICK"; in German with its preposition, "auf den USB-Stick STICK")."""
    # i18n: {where} is said after "written to"; German carries its preposition: "in den Ordner …"
    where = where or _("the folder {folder}", folder=folder)
    names = list(files)
    try:
        _make_folder(folder)
    except OSError as e:
        raise ExportError(_("Nothing was written to {where}: the folder could not be made ({reason}).",
                            where=where, reason=_reason(e))) from None
    temps: list[tuple[pathlib.Path, pathlib.Path]] = []
    try:
        for name, text in files.items():
            temps.append((_write_temp(folder, name, text), folder / name))
    except OSError as e:
        _remove(t for t, _p in temps)
        failed = names[len(temps)]
        if e.errno in NO_ROOM:
            raise ExportError(_("Nothing was written to {where}: {file} did not fit ({reason}). Free some room"
                                " or use another stick, then export again.", where=where, file=failed,
                                reason=_reason(e))) from None
        raise ExportError(_("Nothing was written to {where}: {file} could not be written ({reason}). Use another"
                            " stick, then export again.", where=where, file=failed, reason=_reason(e))) from None
    placed: list[tuple[pathlib.Path, pathlib.Path | None]] = []  # (name taken, the file it replaced)
    try:
        for tmp, path in temps:
            kept = _set_aside(path)
            try:
                os.replace(tmp, path)
            except OSError:
                if kept is not None:
                    os.replace(kept, path)
                raise
            placed.append((path, kept))
    except OSError as e:
        failed = names[len(placed)]
        for path, kept in reversed(placed):
            try:
                if kept is not None:
                    os.replace(kept, path)
                else:
                    path.unlink()
            except OSError:
                pass
        _remove(t for t, _p in temps[len(placed):])
        raise ExportError(_("Nothing was written to {where}: {file} could not take its name there ({reason}).",
                            where=where, file=failed, reason=_reason(e))) from None
    _remove(k for _p, k in placed if k is not None)
    _sync_folder(folder)
    return [path for _tmp, path in temps]


def _make_folder(folder: pathlib.Path) -> None:
    """The folder and any missing parent, made owner-only. A *file* where the folder
    belongs (Save game once wrote a record as a file named `exports`) is moved into
    the new folder under a name of its own: it blocks nothing and nothing is lost."""
    if folder.is_file():
        stray = folder.with_name(f".{folder.name}.{secrets.token_hex(4)}.tmp")
        os.replace(folder, stray)
        made = time.strftime("%Y%m%d-%H%M%S", time.localtime(stray.stat().st_mtime))
        _make_folder(folder)
        os.replace(stray, folder / f"saved-{made}.jsonl")
        os.chmod(folder / f"saved-{made}.jsonl", FILE_MODE)
        return
    missing = []
    p = folder
    while not p.exists():
        missing.append(p)
        p = p.parent
    for p in reversed(missing):
        try:
            p.mkdir(mode=FOLDER_MODE)
        except FileExistsError:
            if not p.is_dir():
                raise
        os.chmod(p, FOLDER_MODE)  # mkdir's mode passes through the umask


def _write_temp(folder: pathlib.Path, name: str, text: str) -> pathlib.Path:
    tmp = folder / f".{name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"  # never one another's
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    try:
        with open(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
    except OSError:
        _remove([tmp])
        raise
    return tmp


def _set_aside(path: pathlib.Path) -> pathlib.Path | None:
    """A second name for the file `path` is about to replace, so a failed export can
    put it back; None when there is none (or the disk has no hard links: FAT)."""
    if not path.is_file():
        return None
    kept = path.with_name(f".{path.name}.{secrets.token_hex(4)}.old")
    try:
        os.link(path, kept)
    except OSError:
        return None
    return kept


def _remove(paths: Iterable[pathlib.Path]) -> None:
    for p in paths:
        try:
            p.unlink()
        except OSError:
            pass


def _sync_folder(folder: pathlib.Path) -> None:
    """The renames on the disk too, not only in its cache (a stick pulled right after)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


#: A disk or stick that is full (or a file too big for it).
NO_ROOM = (errno.ENOSPC, errno.EFBIG, errno.EDQUOT)


def _reason(e: OSError) -> str:
    if e.errno in NO_ROOM:
        return _("there is not enough room left")
    if e.errno == errno.EROFS:
        return _("it is read-only")
    if e.errno in (errno.EACCES, errno.EPERM):
        return _("the companion may not write there")
    if e.errno in (errno.EISDIR, errno.ENOTDIR, errno.EEXIST):
        return _("a folder or file of that name is in the way")
    return e.strerror or str(e)


#: Where a USB stick is mounted on a Pi (/media/<user>/<label>) or a desktop (/run/media/<user>/<label>).
MOUNT_GLOBS = ("/media/*/*", "/run/media/*/*", "/media/usb*")


def export_folder(data: pathlib.Path | None = None, mounts: Sequence[str] | None = None
                  ) -> tuple[pathlib.Path, str]:
    """(folder, sentence): a mounted, writable USB stick when there is one, else
    the data folder's `exports`; the sentence says which, for the players."""
    for pattern in MOUNT_GLOBS if mounts is None else mounts:
        for found in sorted(glob.glob(pattern)):
            p = pathlib.Path(found)
            if p.is_dir() and (os.path.ismount(p) or mounts is not None) and os.access(p, os.W_OK):
                return p, _("the USB stick {name}", name=p.name)
    folder = data_exports(data)
    return folder, _("the data folder ({folder})", folder=folder)


def data_exports(data: pathlib.Path | None = None) -> pathlib.Path:
    """The data folder's `exports`: where files go when no stick is mounted."""
    return (data if data is not None else data_dir()) / "exports"


#: Said after files went to the data folder: a kiosk's players cannot open it, so
#: the sentence says why no stick took them and how to get them all the same.
#: Marked only: shown as `no_stick()` (or the chrome's `_(NO_STICK)` in the companion domain).
NO_STICK = N_("No USB stick was found (FAT or exFAT): plug one in and export again, "
              "or copy them from there over the network.")


def no_stick() -> str:
    """NO_STICK in the current language."""
    return _(NO_STICK)
