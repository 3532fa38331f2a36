"""500 random mutations of valid rules files never raise anything but RulesError.

Mutations work on the text (deleting, inserting, duplicating, swapping, retyping
tokens, raw bytes) and on the parsed data (replacing, deleting and adding
values anywhere in the tree), so the loader, the merge, the schema and the
semantic checks all see broken input.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from polis.rules.issues import RulesError
from polis.rules.loader import load_overlay_text, load_ruleset
from polis.rules.registry import rules_data_dir
from polis.rules.yaml_loader import parse
from tests.fuzz.mutate import data_paths
from tests.fuzz.probe import edition_copy

EDITION_FILES = sorted((rules_data_dir() / "editions").glob("*/*.yaml"))
VARIANT_FILES = sorted((rules_data_dir() / "variants").glob("*.yaml"))
ODD_VALUES: list[Any] = [None, -1, 0, 10**12, "x", "", [], {}, True, 1.5, "attika", "✓", [1, 2]]


@st.composite
def text_mutation(draw: st.DrawFn, text: str) -> str:
    lines = text.splitlines(keepends=True)
    kind = draw(st.sampled_from(["delete", "insert", "duplicate", "swap", "retype", "drop_line"]))
    i = draw(st.integers(0, max(0, len(lines) - 1)))
    if kind == "delete":
        a = draw(st.integers(0, len(text)))
        b = draw(st.integers(a, min(len(text), a + 40)))
        return text[:a] + text[b:]
    if kind == "insert":
        a = draw(st.integers(0, len(text)))
        junk = draw(st.text(alphabet=" :-[]{}&*!|>#'\"\n\tabc0123é\x00", max_size=12))
        return text[:a] + junk + text[a:]
    if kind == "duplicate":
        lines.insert(i, lines[i] if lines else "")
    elif kind == "swap" and len(lines) > 1:
        j = draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind == "retype" and lines:
        value = draw(st.sampled_from(["-5", "three", "[]", "{}", "null", "99999", "attika", "~"]))
        head, sep, _ = lines[i].partition(": ")
        lines[i] = f"{head}{sep or ': '}{value}\n"
    elif kind == "drop_line" and lines:
        del lines[i]
    return "".join(lines)


@st.composite
def data_mutation(draw: st.DrawFn, text: str) -> str:
    data = parse(text, display="fuzz", allow_replace=True).data
    target = draw(st.sampled_from(data_paths(data)[1:] or [()]))
    parent: Any = data
    for part in target[:-1]:
        parent = parent[part]
    key = target[-1] if target else None
    kind = draw(st.sampled_from(["replace", "delete", "add_key"]))
    if kind == "replace" and key is not None:
        parent[key] = draw(st.sampled_from(ODD_VALUES))
    elif kind == "delete" and key is not None:
        del parent[key]
    elif isinstance(parent, dict):
        parent[draw(st.sampled_from(["zzz", "src", "id", "name", "extends"]))] = draw(
            st.sampled_from(ODD_VALUES)
        )
    return yaml.safe_dump(_plain(data), allow_unicode=True, sort_keys=False)


def _plain(node: Any) -> Any:
    """Replace-tagged mappings become plain dicts so PyYAML can dump them."""
    if isinstance(node, dict):
        return {k: _plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_plain(v) for v in node]
    return node


@st.composite
def mutated_file(draw: st.DrawFn) -> tuple[Path, str | bytes]:
    path = draw(st.sampled_from(EDITION_FILES + VARIANT_FILES))
    text = path.read_text("utf-8")
    kind = draw(st.sampled_from(["text", "data", "bytes"]))
    if kind == "bytes":
        raw = text.encode("utf-8")
        at = draw(st.integers(0, len(raw)))
        return path, raw[:at] + draw(st.binary(min_size=1, max_size=8)) + raw[at:]
    mutate = text_mutation if kind == "text" else data_mutation
    return path, draw(mutate(text))


@settings(
    max_examples=500,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated_file())
def test_mutations_only_ever_raise_rules_error(case: tuple[Path, str | bytes]) -> None:
    path, content = case
    try:
        if path in VARIANT_FILES:
            text = content.decode("utf-8", "replace") if isinstance(content, bytes) else content
            load_overlay_text(text, display=path.name)
            return
        copy = edition_copy(path.parent.name) / path.name
        original = copy.read_bytes()
        try:
            copy.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
            load_ruleset(copy.parent)
        finally:
            copy.write_bytes(original)
    except RulesError as exc:
        assert exc.issues, "a RulesError always carries at least one issue"
        for issue in exc.issues:
            assert issue.message and "Traceback" not in issue.message
