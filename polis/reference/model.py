"""The format of rule-text files (rules_data/rules/*.yaml) and the glossary."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from polis.rules.models import Text
from polis.rules.strict import Strict

Condition = Literal[
    "siege_discs",
    "ransom_action",
    "ransom_free",
    "phoros_needs_polis",
    "phoros_repeatable",
    "covered_slots",
    "project_removal",
    "events",
    "projects",
    "discs_limited",
    "forced_salpinx_rule",
    "defender_refills",
    "defender_two_minus_losses",
    "shared_victory",
    "single_round",
    "zero_prestige_loss",
    "zero_prestige_last_round",
    "battle_at_pass",
    "scenario",
]
SectionId = str


class Section(Strict):
    id: SectionId = Field(pattern=r"^[a-z_]+(\.[a-z_]+)*$")
    title: Text
    text: Text = Field(
        description="Markdown in our own words; {placeholders} from polis.reference.values; "
        "[[section.id]] links to another section"
    )
    when: list[Condition] = Field(
        default_factory=list, description="shown only for rulesets where all of these hold"
    )
    unless: list[Condition] = Field(
        default_factory=list, description="hidden for rulesets where any of these holds"
    )
    rulesets: list[str] = Field(
        default_factory=list, description="if set, shown only for these ruleset ids"
    )
    rules: list[str] = Field(
        default_factory=list, description="engine rule ids this section explains (besides its id)"
    )
    see: list[SectionId] = Field(default_factory=list)


class Chapter(Strict):
    id: str = Field(pattern=r"^[a-z_]+$")
    title: Text
    order: int
    sections: list[Section] = Field(min_length=1)


class Term(Strict):
    id: str = Field(pattern=r"^[a-z_]+$")
    term: Text
    definition: Text
    see: list[SectionId] = Field(default_factory=list)
    editions: list[Literal["1e", "2e"]] = Field(default_factory=list)


class Glossary(Strict):
    terms: list[Term]
