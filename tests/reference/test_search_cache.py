"""The rules reference and its search index kept on disk (polis.reference.rendered,
polis.reference.search_index): read back exactly as made, made again when an input
changes or an entry is damaged, and a damaged entry never breaks a search."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from polis import checked
from polis.i18n import LANGUAGES
from polis.reference import render as render_module
from polis.reference import rendered, search_build, search_index
from polis.reference import search as search_module
from polis.reference.search import Hit, index_for, search
from polis.reference.search_bench import QUERY_SETS, load_cases
from tests.helpers import OVERLAY_HEADER

OVERLAY = OVERLAY_HEADER + "override:\n  setup:\n    athens:\n      goods: {silver: 6}\n"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty cache folder, and no reference or index kept in this process."""
    monkeypatch.setenv("POLIS_CACHE_DIR", str(tmp_path / "cache"))
    forget()
    yield tmp_path / "cache"
    forget()


def forget() -> None:
    rendered.render.cache_clear()
    index_for.cache_clear()


def no_work(what: str) -> Callable[..., object]:
    def refuse(*_: object) -> object:
        raise AssertionError(f"{what} again although the cache folder holds it")

    return refuse


def from_disk_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on a reference or an index can only come from the cache folder."""
    forget()
    monkeypatch.setattr(render_module, "render_ruleset", no_work("rendered"))
    monkeypatch.setattr(search_build, "build", no_work("built"))


def entries(ruleset: str, lang: str) -> tuple[Path, Path]:
    """The kept reference and the kept index of a ruleset in a language."""
    reference = checked.entry_path(rendered.KIND, ruleset, rendered.text_digest(lang))
    assert reference is not None
    return reference, search_index.cache_path(rendered.render(ruleset, lang), lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_gives_the_same_hits_from_the_cache_as_made_afresh(
    lang: str, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every query of the search-bench sets, in the ruleset each set searches in `lang`."""
    blocks = [load_cases(path)[lang] for path in QUERY_SETS]
    asked = [(block.ruleset, case.query) for block in blocks for case in block.queries]
    with monkeypatch.context() as fresh:
        fresh.setattr(rendered.checked, "recall", lambda *_: None)  # nothing read: all made
        fresh.setattr(search_module, "index_data", search_build.build)
        made = [search(ruleset, lang, query) for ruleset, query in asked]
    forget()
    for ruleset in {ruleset for ruleset, _ in asked}:
        search(ruleset, lang, "hoplite")  # made and kept on disk
    from_disk_only(monkeypatch)
    kept = [search(ruleset, lang, query) for ruleset, query in asked]
    assert len(asked) >= 50 and sum(map(bool, made)) >= 0.9 * len(asked)
    for (ruleset, query), one, other in zip(asked, made, kept, strict=True):
        assert one == other, (ruleset, query)


def test_the_reference_is_kept_and_rendered_again_when_an_input_changes(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    overlay = tmp_path / "rich.yaml"
    overlay.write_text(OVERLAY, "utf-8")
    first = rendered.render(str(overlay), "de")
    assert any(s.id == "actions.besiege" for s in first)
    with monkeypatch.context() as kept:
        kept.setattr(render_module, "render_ruleset", no_work("rendered"))
        forget()
        assert rendered.render(str(overlay), "de") == first
        forget()
        overlay.write_text(OVERLAY.replace("silver: 6", "silver: 7"), "utf-8")
        with pytest.raises(AssertionError, match="rendered again"):
            rendered.render(str(overlay), "de")  # its file changed
        forget()
        monkeypatch.setattr(rendered, "text_digest", lambda lang: f"another catalog of {lang}")
        with pytest.raises(AssertionError, match="rendered again"):
            rendered.render("2e", "de")  # the rule text or the catalog changed


def test_the_digest_of_the_rule_text_covers_the_catalog_and_the_rule_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rendered, "rules_dir", lambda: tmp_path / "rules")
    monkeypatch.setattr(rendered, "LOCALES_DIR", tmp_path / "locales")
    (tmp_path / "rules").mkdir()
    catalog = tmp_path / "locales" / "de" / "LC_MESSAGES" / "polis.po"
    catalog.parent.mkdir(parents=True)
    catalog.write_text('msgid "a"\nmsgstr "b"\n', "utf-8")
    seen = {rendered.text_digest("de"), rendered.text_digest("it")}
    (tmp_path / "rules" / "01.yaml").write_text("id: x\n", "utf-8")
    seen.add(rendered.text_digest("de"))
    catalog.write_text('msgid "a"\nmsgstr "c"\n', "utf-8")
    seen.add(rendered.text_digest("de"))
    assert len(seen) == 4


def _nudged(good: bytes, change: Callable[[dict], None]) -> bytes:  # type: ignore[type-arg]
    data = json.loads(good)
    change(data)
    return json.dumps(data).encode()


def _first_posting(data: dict, value: object, at: int) -> None:  # type: ignore[type-arg]
    first = next(iter(data["postings"].values()))
    first[0][at] = value


INDEX_DAMAGES: dict[str, Callable[[bytes], bytes]] = {
    "cut short": lambda good: good[: len(good) // 2],
    "empty": lambda good: b"",
    "not text": lambda good: bytes(range(256)),
    "a list": lambda good: b"[1, 2, 3]",
    "nested too deep": lambda good: b"[" * 200_000,
    "a part missing": lambda good: _nudged(good, lambda d: d.pop("idf")),
    "a section out of range": lambda good: _nudged(good, lambda d: _first_posting(d, 10**6, 0)),
    "a negative section": lambda good: _nudged(good, lambda d: _first_posting(d, -1, 0)),
    "a weight as text": lambda good: _nudged(good, lambda d: _first_posting(d, "1.5", 1)),
    "a posting of three": lambda good: _nudged(
        good, lambda d: next(iter(d["postings"].values()))[0].append(1)
    ),
    "stop words as a number": lambda good: _nudged(good, lambda d: d.update(stop=7)),
}

REFERENCE_DAMAGES: dict[str, Callable[[bytes], bytes]] = {
    "cut short": lambda good: good[:-3],
    "not text": lambda good: b"\xff\xfe\x00",
    "an object": lambda good: b'{"sections": []}',
    "a field missing": lambda good: _nudged(good, lambda d: d[0].pop("title")),
    "a field more": lambda good: _nudged(good, lambda d: d[0].update(extra="x")),
    "a number for a title": lambda good: _nudged(good, lambda d: d[0].update(title=3)),
    "a number among the links": lambda good: _nudged(good, lambda d: d[0].update(see=[1])),
    "nested too deep": lambda good: b"[" * 200_000,
}


DAMAGES = [("index", name) for name in INDEX_DAMAGES] + [
    ("reference", name) for name in REFERENCE_DAMAGES
]


@pytest.mark.parametrize(("entry", "damage"), DAMAGES)
def test_a_damaged_entry_is_made_again_and_the_search_answers(
    entry: str, damage: str, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = search("1e", "ru", "осада городов")
    assert expected
    reference, index = entries("1e", "ru")
    path, damages = (index, INDEX_DAMAGES) if entry == "index" else (reference, REFERENCE_DAMAGES)
    good = path.read_bytes()
    path.write_bytes(damages[damage](good))
    forget()
    assert search("1e", "ru", "осада городов") == expected
    assert json.loads(path.read_bytes()) == json.loads(good)  # written again, whole
    from_disk_only(monkeypatch)
    assert search("1e", "ru", "осада городов") == expected


def test_a_folder_in_place_of_an_entry_or_no_cache_folder_breaks_nothing(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    expected: list[Hit] = search("2e", "de", "Belagerung")
    reference, index = entries("2e", "de")
    for entry in (reference, index):
        entry.unlink()
        entry.mkdir()
    forget()
    assert search("2e", "de", "Belagerung") == expected
    # a cache folder that cannot be made (a file is in its way): nothing kept, all answered
    blocked = tmp_path / "a file"
    blocked.write_text("", "utf-8")
    monkeypatch.setenv("POLIS_CACHE_DIR", str(blocked / "cache"))
    forget()
    assert search("2e", "de", "Belagerung") == expected
    assert blocked.read_text("utf-8") == ""


def test_the_command_answers_the_same_from_a_damaged_cache(tmp_path: Path) -> None:
    env = os.environ | {"POLIS_CACHE_DIR": str(tmp_path / "cache")}
    command = [sys.executable, "-m", "polis.cli.main", "rules", "2e", "--lang", "de"]
    command += ["--search", "Hopliten über See bewegen"]

    def run() -> str:
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        assert done.returncode == 0 and not done.stderr, done.stderr
        return done.stdout

    first = run()
    assert "«" in first
    kept = sorted((tmp_path / "cache").rglob("*.json"))
    assert {p.parent.name for p in kept} >= {rendered.KIND, "search"}
    for path in kept:
        path.write_bytes(path.read_bytes()[:100])
    assert run() == first
    assert all(json.loads(p.read_bytes()) for p in kept)  # all written again


def test_the_search_command_imports_no_renderer_and_no_index_builder(tmp_path: Path) -> None:
    """What `polis rules --search` loads once the reference and the index are kept."""
    env = os.environ | {"POLIS_CACHE_DIR": str(tmp_path / "cache")}
    heavy = (
        "bm25s",
        "numpy",
        "scipy",
        "num2words",
        "pydantic",
        "rich",
        "polis.reference.render",
        "polis.reference.search_build",
        "polis.rules.models",
        "polis.compiler.config",
        "importlib.abc",
    )
    code = (
        "import sys; from polis.cli.main import app\n"
        "try:\n"
        "    app(['rules', '2e', '--search', 'hoplite'])\n"
        "except SystemExit:\n"
        "    pass\n"
        f"print(sorted(m for m in {heavy!r} if m in sys.modules), file=sys.stderr)"
    )
    command = [sys.executable, "-c", code]
    subprocess.run(command, env=env, capture_output=True, check=True)  # made and kept
    again = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    assert again.stderr.strip().splitlines()[-1] == "[]", again.stderr
