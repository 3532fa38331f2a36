"""Export the JSON Schemas of the rules files (committed under rules_data/schema/).

Editors such as VS Code use them for completion and inline errors; a test fails
when the committed files no longer match the models.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from polis.rules.models import Overlay, Ruleset
from polis.rules.sources import Sources
from polis.safe_write import write_text

SCHEMAS: dict[str, type[BaseModel]] = {
    "ruleset.schema.json": Ruleset,
    "overlay.schema.json": Overlay,
    "sources.schema.json": Sources,
}


def dump(schema: dict[str, Any]) -> str:
    """A JSON Schema as committed: draft 2020-12, keys sorted, UTF-8 kept readable."""
    schema = {**schema, "$schema": "https://json-schema.org/draft/2020-12/schema"}
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def render(model: type[BaseModel]) -> str:
    return dump(model.model_json_schema(mode="validation"))


def rules_files() -> dict[str, str]:
    return {name: render(model) for name, model in SCHEMAS.items()}


def stale(folder: Path, files: dict[str, str] | None = None) -> list[str]:
    """Names of schema files (the rules files' by default) missing or differing in `folder`."""
    files = rules_files() if files is None else files
    return [
        name
        for name, text in files.items()
        if not (folder / name).is_file() or (folder / name).read_text("utf-8") != text
    ]


def write(folder: Path, files: dict[str, str] | None = None) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in (rules_files() if files is None else files).items():
        path = folder / name
        write_text(path, text)
        written.append(path)
    return written
