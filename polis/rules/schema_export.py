"""Export the JSON Schemas of the rules files (committed under rules_data/schema/).

Editors such as VS Code use them for completion and inline errors; a test fails
when the committed files no longer match the models.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

from polis.rules.models import Overlay, Ruleset
from polis.rules.sources import Sources

SCHEMAS: dict[str, type[BaseModel]] = {
    "ruleset.schema.json": Ruleset,
    "overlay.schema.json": Overlay,
    "sources.schema.json": Sources,
}


def render(model: type[BaseModel]) -> str:
    schema = model.model_json_schema(mode="validation")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    return json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def stale(folder: Path) -> list[str]:
    """Names of schema files that are missing or differ from the models."""
    return [
        name
        for name, model in SCHEMAS.items()
        if not (folder / name).is_file() or (folder / name).read_text("utf-8") != render(model)
    ]


def write(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, model in SCHEMAS.items():
        path = folder / name
        path.write_text(render(model), "utf-8")
        written.append(path)
    return written
