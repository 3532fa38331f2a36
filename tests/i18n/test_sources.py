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


def gettext_calls(path: Path, inside_f_strings: bool) -> list[ast.Call]:
    tree = ast.parse(path.read_text("utf-8"))
    roots = (
        [n for n in ast.walk(tree) if isinstance(n, ast.JoinedStr)] if inside_f_strings else [tree]
    )
    return [
        node
        for root in roots
        for node in ast.walk(root)
        if isinstance(node, ast.Call) and _name(node) in GETTEXT
    ]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_translation_inside_an_f_string(path: Path) -> None:
    """pybabel (on Python 3.11) skips calls inside f-strings: such text would stay English."""
    found = [
        f"{path.name}:{call.lineno}"
        for call in gettext_calls(path, inside_f_strings=True)
        if any(isinstance(arg, ast.Constant) for arg in call.args)
    ]
    assert not found, f"format the translated message instead: {found}"


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_translated_text_is_a_literal_or_marked_elsewhere(path: Path) -> None:
    """`_(TABLE["key"])` makes pybabel extract "key": look the message up first."""
    found = [
        f"{path.name}:{call.lineno}"
        for call in gettext_calls(path, inside_f_strings=False)
        if call.args
        and isinstance(call.args[0], ast.Subscript)
        and isinstance(call.args[0].slice, ast.Constant)
    ]
    assert not found, found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_refusal_messages_are_literals(path: Path) -> None:
    """A refusal's message is looked up in the catalogs: values go in its parameters."""
    tree = ast.parse(path.read_text("utf-8"))
    found = [
        f"{path.name}:{node.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and _name(node) == "Refusal"
        and len(node.args) > 1
        and isinstance(node.args[1], ast.JoinedStr)
    ]
    assert not found, found
