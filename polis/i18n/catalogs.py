"""Compile the gettext catalogs (.po -> .mo); .mo files are build output, never committed."""

from __future__ import annotations

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from polis.i18n import DOMAIN, LOCALES_DIR
from polis.safe_write import writing


def compile_catalogs(locales_dir: Path = LOCALES_DIR, *, force: bool = False) -> list[Path]:
    """Write a .mo next to every .po that is newer than its .mo; return the files written."""
    written = []
    for po_path in sorted(locales_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo_path = po_path.with_suffix(".mo")
        if not force and mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        with po_path.open("rb") as fh:
            catalog = read_po(fh, locale=po_path.parent.parent.name, domain=DOMAIN)
        # each writer has a temporary file of its own: test workers and app sessions may
        # compile at once
        with writing(mo_path) as fh:
            write_mo(fh, catalog, use_fuzzy=False)
        written.append(mo_path)
    return written
