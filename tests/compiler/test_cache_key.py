"""compile_ruleset's in-memory path: no file is read again until one changes."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from polis import compiler
from polis.compiler import cache_key, compile_ruleset
from tests.conftest import ROOT


@pytest.fixture
def rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of rules_data that the test may edit."""
    copy = tmp_path / "rules_data"
    shutil.copytree(ROOT / "rules_data", copy)
    monkeypatch.setenv("POLIS_RULES_DATA", str(copy))
    compiler.clear_memory_caches()
    yield copy
    compiler.clear_memory_caches()


def _count_computations(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    computed: list[str] = []
    compute = cache_key._compute

    def counting(target: str | Path) -> object:
        computed.append(str(target))
        return compute(target)

    monkeypatch.setattr(cache_key, "_compute", counting)
    return computed


def _touch_later(path: Path) -> None:
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))


def test_unchanged_files_are_not_read_again(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    computed = _count_computations(monkeypatch)
    first = compile_ruleset("1e-corinthian-war")
    for _ in range(5):
        assert compile_ruleset("1e-corinthian-war") is first
    assert computed == ["1e-corinthian-war"]


def test_an_edited_file_is_noticed(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    computed = _count_computations(monkeypatch)
    before = compile_ruleset("2e")
    ruleset = rules / "editions" / "2e" / "ruleset.yaml"
    text = ruleset.read_text("utf-8")
    assert "title:" in text
    ruleset.write_text(text.replace('title: "', 'title: "Edited ', 1), "utf-8")
    _touch_later(ruleset)
    after = compile_ruleset("2e")
    assert len(computed) == 2
    assert after.content_hash != before.content_hash
    assert after.config.title.startswith("Edited")


def test_a_base_edition_edit_reaches_its_variants(
    rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = cache_key.files_key("1e-corinthian-war")
    sources = rules / "editions" / "1e" / "board.yaml"
    sources.write_text(sources.read_text("utf-8") + "\n# a comment\n", "utf-8")
    _touch_later(sources)
    assert cache_key.files_key("1e-corinthian-war") != before


def test_a_new_file_in_an_edition_folder_is_noticed(rules: Path) -> None:
    before = cache_key.files_key("2e")
    folder = rules / "editions" / "2e"
    (folder / "zz-extra.yaml").write_text("# nothing yet\n", "utf-8")
    _touch_later(folder)
    assert cache_key.files_key("2e") != before


def test_a_touched_but_unchanged_file_keeps_its_key(
    rules: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    computed = _count_computations(monkeypatch)
    before = cache_key.files_key("2e")
    _touch_later(rules / "editions" / "2e" / "events.yaml")
    assert cache_key.files_key("2e") == before
    assert len(computed) == 2  # read again (the stat changed), same content
