"""One small runner for the catalog workflow (`polis i18n extract|update|compile|check`).

extract  code and rules data -> locales/polis.pot (pybabel extract with babel.cfg)
update   polis.pot -> locales/<lang>/LC_MESSAGES/polis.po (init when missing; no fuzzy matching)
compile  .po -> .mo (build output, never committed; also done by ./run before tests and the app)
check    every catalog complete, placeholders and markup identical, plural counts right
"""

from __future__ import annotations

import contextlib
import io
import tomllib
from pathlib import Path

from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po, write_po

from polis.i18n import DOMAIN, LANGUAGES, LOCALES_DIR
from polis.i18n.plurals import follow_babel
from polis.safe_write import writing

ROOT = LOCALES_DIR.parent
POT = LOCALES_DIR / f"{DOMAIN}.pot"
TARGETS = tuple(lang for lang in LANGUAGES if lang != "en")
# refusal messages are the second argument; NP_ marks a message with its context
KEYWORDS = ("Refusal:2", "NP_:1c,2")


def _pybabel(*args: str) -> str:
    """Run a pybabel command in-process; returns what it printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        CommandLineInterface().run(["pybabel", *args])  # type: ignore[no-untyped-call]
    return out.getvalue()


def _project() -> dict[str, str]:
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    return {"name": meta["name"], "version": meta["version"]}


def extract(out: Path = POT) -> Path:
    """Write the template from the code and the rules data (normally to locales/polis.pot)."""
    meta = _project()
    args = [
        "extract",
        "-F",
        str(ROOT / "babel.cfg"),
        "-o",
        str(out),
        "--project",
        meta["name"],
        "--version",
        meta["version"],
        "--copyright-holder",
        "Polis reference team",
        "--add-comments",
        "TRANSLATORS:",
        "--sort-by-file",
        "--no-wrap",
        # file names without line numbers: a code edit elsewhere in a file leaves the catalogs alone
        "--add-location=file",
    ]
    for keyword in KEYWORDS:
        args += ["-k", keyword]
    with contextlib.chdir(ROOT):
        _pybabel(*args, ".")
    return out


def _follow_plural_rule(po: Path, lang: str) -> None:
    """pybabel keeps a catalog's old plural rule when Babel's changes: bring it along."""
    with po.open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=DOMAIN)
    if follow_babel(catalog, lang):
        with writing(po) as fh:
            # width=None: no wrapping, as pybabel's --no-wrap (Babel documents None; its
            # annotation says int)
            write_po(fh, catalog, width=None, ignore_obsolete=True)  # type: ignore[arg-type]


def update(languages: tuple[str, ...] = TARGETS) -> list[Path]:
    """Bring each catalog up to the template; a missing catalog is created."""
    written = []
    for lang in languages:
        po = LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        target = ["-i", str(POT), "-d", str(LOCALES_DIR), "-D", DOMAIN, "-l", lang, "--no-wrap"]
        if po.exists():
            # no fuzzy matching: a changed English sentence comes back empty, never pre-filled
            _pybabel("update", *target, "--no-fuzzy-matching", "--ignore-obsolete")
        else:
            _pybabel("init", *target)
        _follow_plural_rule(po, lang)
        written.append(po)
    return written
