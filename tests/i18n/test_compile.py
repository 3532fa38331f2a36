from __future__ import annotations

import gettext
import os
import shutil
from pathlib import Path

from polis.i18n import DOMAIN, LOCALES_DIR
from polis.i18n.catalogs import compile_catalogs


def test_builds_only_what_changed(tmp_path: Path) -> None:
    po = tmp_path / "it" / "LC_MESSAGES" / f"{DOMAIN}.po"
    po.parent.mkdir(parents=True)
    shutil.copy(LOCALES_DIR / "it" / "LC_MESSAGES" / f"{DOMAIN}.po", po)
    assert compile_catalogs(tmp_path) == [po.with_suffix(".mo")]
    assert compile_catalogs(tmp_path) == []
    os.utime(po, (po.stat().st_atime, po.stat().st_mtime + 10))
    assert compile_catalogs(tmp_path) == [po.with_suffix(".mo")]
    assert compile_catalogs(tmp_path, force=True) == [po.with_suffix(".mo")]
    tr = gettext.translation(DOMAIN, localedir=tmp_path, languages=["it"])
    assert tr.gettext("Pass") != "Pass"
    assert not list(tmp_path.rglob("*.tmp"))


def test_translations_build_their_catalogs_once(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import polis.i18n as i18n
    import polis.i18n.catalogs as catalogs

    calls = []

    def failing_compile() -> list[Path]:
        calls.append(1)
        raise PermissionError("read-only install")

    monkeypatch.setattr(catalogs, "compile_catalogs", failing_compile)
    monkeypatch.setattr(i18n, "_compiled", False)
    i18n._ensure_compiled()
    i18n._ensure_compiled()
    assert calls == [1]  # once per process, and a read-only tree is not an error
