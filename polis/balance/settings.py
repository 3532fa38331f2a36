"""The balance lab's settings: `rules_data/balance/settings.yaml`, checked on load."""

from __future__ import annotations

from functools import cache

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from polis.rules.registry import rules_data_dir


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RecordSettings(_Strict):
    bot: str
    level: str | None = None
    seed: int = 1
    games: int = Field(ge=1)


class AppSettings(_Strict):
    default_games: int = Field(ge=1)
    max_games: int = Field(ge=1)


class Group(_Strict):
    id: str = Field(pattern=r"^[a-z_]+$")
    fields: list[str] = Field(
        min_length=1, description="record.field patterns (fnmatch) of estimated whole numbers"
    )


class SensitivitySettings(_Strict):
    games: int = Field(ge=1)
    max_groups: int = Field(ge=0)
    groups: list[Group]


class Settings(_Strict):
    records: RecordSettings
    app: AppSettings
    sensitivity: SensitivitySettings


@cache
def settings() -> Settings:
    path = rules_data_dir() / "balance" / "settings.yaml"
    try:
        data = yaml.safe_load(path.read_text("utf-8"))
        return Settings.model_validate(data)
    except (OSError, yaml.YAMLError, ValidationError) as exc:
        raise ValueError(f"{path}: {exc}") from None
