"""Source-code rules that keep every visible string extractable."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(
    [*ROOT.glob("polis/**/*.py"), ROOT / "app.py", *ROOT.glob("app_pages/*.py")],
    key=lambda p: p.as_posix(),
)
GETTEXT = {"_", "gettext", "ngettext", "pgettext", "N_"}


def _name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_translation_inside_an_f_string(path: Path) -> None:
    """pybabel (on Python 3.11) skips calls inside f-strings: such text would stay English."""
    tree = ast.parse(path.read_text("utf-8"))
    found = [
        f"{path.name}:{node.lineno}"
        for fstring in ast.walk(tree)
        if isinstance(fstring, ast.JoinedStr)
        for node in ast.walk(fstring)
        if isinstance(node, ast.Call)
        and _name(node) in GETTEXT
        and any(isinstance(arg, ast.Constant) for arg in node.args)
    ]
    assert not found, f"format the translated message instead: {found}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_translated_text_is_a_literal_or_marked_elsewhere(path: Path) -> None:
    """`_(TABLE["key"])` makes pybabel extract "key": look the message up first."""
    tree = ast.parse(path.read_text("utf-8"))
    found = [
        f"{path.name}:{node.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and _name(node) in GETTEXT
        and node.args
        and isinstance(node.args[0], ast.Subscript)
        and isinstance(node.args[0].slice, ast.Constant)
    ]
    assert not found, found
