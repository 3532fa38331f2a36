"""The committed JSON Schemas match the models and describe the shipped data."""

from __future__ import annotations

import json

import jsonschema
import pytest

from polis.rules import schema_export
from polis.rules.loader import load_ruleset
from polis.rules.registry import discover, rules_data_dir


def test_committed_schemas_are_current() -> None:
    stale = schema_export.stale(rules_data_dir() / "schema")
    assert stale == [], f"run `polis schema` to regenerate {stale}"


@pytest.mark.parametrize("name", list(schema_export.SCHEMAS))
def test_schemas_are_valid_json_schema(name: str) -> None:
    schema = json.loads((rules_data_dir() / "schema" / name).read_text("utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("ruleset", list(discover()))
def test_shipped_rulesets_validate_against_the_exported_schema(ruleset: str) -> None:
    schema = json.loads((rules_data_dir() / "schema" / "ruleset.schema.json").read_text("utf-8"))
    data = json.loads(json.dumps(load_ruleset(ruleset).doc.data, default=str))
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors(data))
    assert errors == []


def test_stale_detection(tmp_path) -> None:  # type: ignore[no-untyped-def]
    schema_export.write(tmp_path)
    assert schema_export.stale(tmp_path) == []
    (tmp_path / "overlay.schema.json").write_text("{}", "utf-8")
    assert schema_export.stale(tmp_path) == ["overlay.schema.json"]
