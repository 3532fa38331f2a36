"""The safe writer: what it refuses to replace, what it never writes through, what it leaves."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from polis import safe_write
from polis.safe_write import WriteError, write_bytes, write_text, writing
from tests.fuzz.writes import tmpfs

OLD = b"as it was\n"


def listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_writes_a_new_file_and_its_folders(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "out.json"
    write_text(target, "é\n")
    assert target.read_bytes() == "é\n".encode()
    assert listing(target.parent) == ["out.json"]


def test_replaces_a_file_keeping_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "out.json"
    target.write_bytes(OLD)
    target.chmod(0o640)
    write_bytes(target, b"new")
    assert target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert listing(tmp_path) == ["out.json"]


def test_a_new_file_gets_the_usual_permissions_not_private_ones(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        write_bytes(tmp_path / "out.json", b"x")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "out.json").stat().st_mode) == 0o644


def test_a_symlink_at_the_target_is_refused_and_its_file_untouched(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_bytes(OLD)
    (tmp_path / "out.json").symlink_to(victim)
    with pytest.raises(WriteError, match="symbolic link"):
        write_bytes(tmp_path / "out.json", b"new")
    assert victim.read_bytes() == OLD and (tmp_path / "out.json").is_symlink()
    assert listing(tmp_path) == ["out.json", "victim"]


def test_links_planted_at_every_predictable_name_are_never_written_through(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    victim = tmp_path / "victim"
    victim.write_bytes(OLD)
    planted = ["out.json.tmp", "out.tmp", ".out.json.tmp", ".out.json.0123456789abcdef.tmp"]
    for name in planted:
        (tmp_path / name).symlink_to(victim)
    # the first name it draws is one a planted link already has: it must draw another
    names = iter(["0123456789abcdef", "fedcba9876543210"])
    monkeypatch.setattr(safe_write.secrets, "token_hex", lambda _n: next(names))
    write_bytes(tmp_path / "out.json", b"new")
    assert victim.read_bytes() == OLD
    assert (tmp_path / "out.json").read_bytes() == b"new"
    assert not (tmp_path / "out.json").is_symlink()
    assert all((tmp_path / name).is_symlink() for name in planted)


def test_a_folder_taken_by_someone_planting_names_gives_up_cleanly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".out.json.same.tmp").write_bytes(OLD)
    monkeypatch.setattr(safe_write.secrets, "token_hex", lambda _n: "same")
    with pytest.raises(WriteError):
        write_bytes(tmp_path / "out.json", b"new")
    assert listing(tmp_path) == [".out.json.same.tmp"]


@pytest.fixture
def device(tmp_path: Path) -> Path:
    """A device node of our own (the one /dev/full is), or skip where mknod is not allowed."""
    node = tmp_path / "full"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
    except PermissionError:
        pytest.skip("creating a device node needs root")
    return node


def test_a_device_is_refused_not_replaced(device: Path) -> None:
    with pytest.raises(WriteError, match="not a regular file"):
        write_bytes(device, b"new")
    assert stat.S_ISCHR(os.lstat(device).st_mode)
    assert listing(device.parent) == ["full"]


def test_a_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "out.json")
    with pytest.raises(WriteError, match="not a regular file"):
        write_bytes(tmp_path / "out.json", b"new")
    assert stat.S_ISFIFO(os.lstat(tmp_path / "out.json").st_mode)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "out.json").mkdir()
    with pytest.raises(WriteError, match="it is a folder"):
        write_bytes(tmp_path / "out.json", b"new")


def test_a_nul_in_the_name_is_refused_with_the_name_shown(tmp_path: Path) -> None:
    with pytest.raises(WriteError) as caught:
        write_bytes(str(tmp_path / "out\x00.json"), b"new")
    assert "NUL" in str(caught.value) and "\\x00" in str(caught.value)
    assert listing(tmp_path) == []


def test_a_file_where_a_folder_must_be(tmp_path: Path) -> None:
    (tmp_path / "afile").write_bytes(OLD)
    with pytest.raises(WriteError, match="not a folder"):
        write_bytes(tmp_path / "afile" / "out.json", b"new")


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        (errno.ENOSPC, "the disk is full"),
        (errno.EDQUOT, "the disk is full"),
        (errno.EIO, "input/output error"),
        (errno.ESTALE, "tale"),  # no sentence of ours: the system's own words
    ],
)
def test_a_failing_disk_leaves_the_old_file_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int, reason: str
) -> None:
    target = tmp_path / "out.json"
    target.write_bytes(OLD)

    def fail(_fd: int) -> None:
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(safe_write.os, "fsync", fail)
    with pytest.raises(WriteError, match=reason):
        write_bytes(target, b"new" * 1000)
    assert target.read_bytes() == OLD
    assert listing(tmp_path) == ["out.json"]


def test_a_folder_without_permission(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_open = os.open

    def refuse(path: str, flags: int, mode: int = 0o777) -> int:
        if str(path).startswith(str(tmp_path)):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, mode)

    monkeypatch.setattr(safe_write.os, "open", refuse)
    with pytest.raises(WriteError, match="permission denied"):
        write_bytes(tmp_path / "out.json", b"new")
    assert listing(tmp_path) == []


def test_an_error_inside_the_block_removes_the_temporary_file(tmp_path: Path) -> None:
    (tmp_path / "out.json").write_bytes(OLD)
    with pytest.raises(KeyError), writing(tmp_path / "out.json") as fh:
        fh.write(b"half")
        raise KeyError("the caller failed")
    assert (tmp_path / "out.json").read_bytes() == OLD
    assert listing(tmp_path) == ["out.json"]


def test_the_reason_reads_in_the_readers_language(tmp_path: Path) -> None:
    (tmp_path / "out.json").mkdir()
    with pytest.raises(WriteError) as caught:
        write_bytes(tmp_path / "out.json", b"new")
    german = caught.value.render("de")
    assert str(tmp_path) in german and german != caught.value.render("en")


# ---------------------------------------------------------------- real file systems (root)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    with tmpfs(tmp_path / "mnt") as mounted:
        if not mounted:
            pytest.skip("mounting a tmpfs needs root")
        yield tmp_path / "mnt"


def test_a_real_full_disk(small_disk: Path) -> None:
    fd = os.open(small_disk / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        with pytest.raises(OSError, match="No space"):
            while True:  # fill it
                os.write(fd, b"\0" * 4096)
    finally:
        os.close(fd)
    before = (small_disk / "out.json").read_bytes()
    with pytest.raises(WriteError, match="the disk is full"):
        write_bytes(small_disk / "out.json", b"x" * 32 * 1024)
    assert (small_disk / "out.json").read_bytes() == before
    assert listing(small_disk) == ["filler", "out.json"]


def test_a_real_read_only_file_system(tmp_path: Path) -> None:
    with tmpfs(tmp_path / "mnt", read_only=True) as mounted:
        if not mounted:
            pytest.skip("mounting a tmpfs needs root")
        with pytest.raises(WriteError, match="read-only"):
            write_bytes(tmp_path / "mnt" / "out.json", b"new")
        assert listing(tmp_path / "mnt") == ["out.json"]
