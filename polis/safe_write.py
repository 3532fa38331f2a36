"""Write a file so that a failure, a planted link or a device never does harm.

Every file the project writes (a compiled configuration, a schema, a catalog, a
balance record, the compile cache) goes through `write_text`, `write_bytes` or
`writing`:

1. the target must be a regular file or not exist yet: a symbolic link, a
   device (`/dev/full`), a pipe or a folder is refused, never replaced;
2. the data goes to a new temporary file in the target's folder, created
   exclusively under an unpredictable name without following a symbolic link
   (`O_CREAT | O_EXCL | O_NOFOLLOW`), so nothing planted there is written through;
3. it is flushed to the disk (`fsync`), then renamed over the target, so a
   reader sees the old file or the new one, never half of one;
4. on any failure the temporary file is removed and a `WriteError` says what went
   wrong in the reader's language (a full disk, a read-only folder, no
   permission, a NUL character in the name...).

Why not `tempfile.mkstemp`: its files are private (mode 0600), and a written
file should get the permissions of the file it replaces, or the usual ones.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from polis.messages import Message, MessageError, msg

# errno -> the key of the reason in polis/messages.yaml
_REASONS = {
    errno.ENOSPC: "write.reason.disk_full",
    errno.EDQUOT: "write.reason.disk_full",
    errno.EFBIG: "write.reason.too_large",
    errno.EACCES: "write.reason.permission",
    errno.EPERM: "write.reason.permission",
    errno.EROFS: "write.reason.read_only",
    errno.ENOENT: "write.reason.no_folder",
    errno.ENOTDIR: "write.reason.not_a_folder",
    errno.EISDIR: "write.reason.is_folder",
    errno.ENAMETOOLONG: "write.reason.name_too_long",
    errno.ELOOP: "write.reason.link",
    errno.EIO: "write.reason.io",
}
_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
_ATTEMPTS = 16  # unpredictable names: a clash means someone plants files there on purpose


class WriteError(MessageError):
    """A file could not be written; nothing was changed and no temporary file is left."""

    def __init__(self, path: os.PathLike[str] | str, reason: Message) -> None:
        super().__init__(msg("write.failed", path=_shown(path), reason=reason))
        self.path = str(path)
        self.reason = reason


def _shown(path: object) -> str:
    """The path as a message shows it: control characters (a NUL, a line break) made visible."""
    text = os.fsdecode(path) if isinstance(path, str | bytes | os.PathLike) else str(path)
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def _reason(exc: OSError) -> Message:
    key = _REASONS.get(exc.errno or 0)
    return msg(key) if key else msg("write.reason.other", detail=exc.strerror or str(exc))


def _refuse_unsafe_target(path: Path) -> int | None:
    """The permission bits of the regular file at `path` (None if there is none yet).

    Anything else at that name is refused: replacing a device node, a pipe or a
    symbolic link with a plain file changes what other programs rely on.
    """
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise WriteError(path, _reason(exc)) from None
    if stat.S_ISLNK(info.st_mode):
        raise WriteError(path, msg("write.reason.link"))
    if stat.S_ISDIR(info.st_mode):
        raise WriteError(path, msg("write.reason.is_folder"))
    if not stat.S_ISREG(info.st_mode):
        raise WriteError(path, msg("write.reason.not_regular"))
    return stat.S_IMODE(info.st_mode)


def _create_temporary(folder: Path, name: str) -> tuple[int, Path]:
    for _ in range(_ATTEMPTS):
        tmp = folder / f".{name}.{secrets.token_hex(8)}.tmp"
        try:
            return os.open(tmp, _FLAGS, 0o666), tmp  # the umask applies, as for any new file
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(folder))


@contextmanager
def writing(path: os.PathLike[str] | str) -> Iterator[BinaryIO]:
    """A binary file to write the new content of `path` into; it replaces `path` on success.

    For writers that stream (a catalog, a pickle); `write_text` and `write_bytes`
    cover the rest. Raises WriteError; an error raised inside the block removes
    the temporary file and passes through unchanged.
    """
    target = Path(path)
    if "\x00" in os.fspath(path):
        raise WriteError(path, msg("write.reason.nul"))
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise WriteError(path, msg("write.reason.not_a_folder")) from None
    except OSError as exc:
        raise WriteError(path, _reason(exc)) from None
    mode = _refuse_unsafe_target(target)
    try:
        fd, tmp = _create_temporary(target.parent, target.name)
    except OSError as exc:
        raise WriteError(path, _reason(exc)) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            if mode is not None:
                os.fchmod(fh.fileno(), mode)  # the file it replaces keeps its permissions
            yield fh
            fh.flush()
            os.fsync(fh.fileno())
        _refuse_unsafe_target(target)  # something may have been put there meanwhile
        tmp.replace(target)
    except OSError as exc:
        _remove(tmp)
        raise WriteError(path, _reason(exc)) from None
    except BaseException:
        _remove(tmp)
        raise


def _remove(tmp: Path) -> None:
    # already gone, or the folder itself became unusable: nothing more to do
    with contextlib.suppress(OSError):
        tmp.unlink()


def write_bytes(path: os.PathLike[str] | str, data: bytes) -> None:
    """Replace the file at `path` with `data`, safely (see the module's docstring)."""
    with writing(path) as fh:
        fh.write(data)


def write_text(path: os.PathLike[str] | str, text: str, encoding: str = "utf-8") -> None:
    """Replace the file at `path` with `text`, safely (see the module's docstring)."""
    write_bytes(path, text.encode(encoding))


def os_problem(exc: OSError) -> Message:
    """An OSError as one line: the file it names and the reason, or the output that failed.

    For the CLI, where an error printing the output (standard output on a full disk)
    or opening a file must end the command with a sentence, not a traceback.
    """
    if exc.filename is None:
        return msg("write.output", reason=_reason(exc))
    return msg("write.os_error", path=_shown(exc.filename), reason=_reason(exc))
