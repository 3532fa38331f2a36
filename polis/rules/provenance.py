"""Provenance: where each fact in a ruleset comes from.

Why: the rulebooks lose everything printed only on the board, the tiles and the
cards, so some values are reconstructions. Every record says whether it is
sourced (a rulebook section or a public page) or an estimate with its reason,
and the compiler counts both so nobody mistakes a guess for a printed value.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from polis.rules.strict import Strict

_KINDS = ("book", "page", "url", "printed", "estimate")


class Source(Strict):
    """One reference: a rulebook section, a stored public page, or an estimate."""

    book: str | list[str] | None = Field(
        default=None, description="rulebook id(s) from rules_data/sources.yaml"
    )
    section: str | None = Field(default=None, description="section or heading in the book")
    page: str | None = Field(default=None, description="public page id from sources.yaml")
    url: str | None = Field(default=None, description="a public URL not listed in sources.yaml")
    estimate: str | None = Field(
        default=None, description="reason for a reconstructed value (reference/reconstruction.md)"
    )
    printed: str | None = Field(
        default=None,
        description="checked against the physical component by the overlay's author (which one)",
    )
    conf: Literal["H", "M", "L"] | None = Field(
        default=None, description="confidence: H stated, M one source or strong inference, L guess"
    )
    note: str | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> Source:
        kinds = [k for k in _KINDS if getattr(self, k) is not None]
        if len(kinds) != 1:
            raise PydanticCustomError(
                "model.source_kinds" if kinds else "model.source_none",
                "give exactly one of book, page, url, printed or estimate",
                {"found": ", ".join(kinds)},
            )
        if self.book is not None and not self.section:
            raise PydanticCustomError("model.book_section", "a book reference needs a section")
        return self

    @property
    def is_estimate(self) -> bool:
        return self.estimate is not None

    def books(self) -> list[str]:
        if self.book is None:
            return []
        return [self.book] if isinstance(self.book, str) else list(self.book)


class PartialEstimate(Strict):
    """Marks part of an otherwise sourced record as reconstructed."""

    field: str = Field(description="the field (or dotted sub-field) holding the estimate")
    items: list[str] | None = Field(
        default=None, description="for list fields: only these items are estimates"
    )
    reason: str


class Record(Strict):
    """Base for every data record: carries its source and any estimated parts."""

    src: Source
    estimates: list[PartialEstimate] = Field(default_factory=list)

    @property
    def provenance(self) -> Literal["sourced", "partly estimated", "estimated"]:
        if self.src.is_estimate:
            return "estimated"
        return "partly estimated" if self.estimates else "sourced"
