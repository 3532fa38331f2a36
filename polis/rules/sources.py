"""The registry of sources (rules_data/sources.yaml) that records cite."""

from __future__ import annotations

from typing import Literal

from polis.rules.strict import Strict


class Book(Strict):
    file: str
    language: Literal["en", "es", "pl", "ru", "cs", "it", "de"]
    edition: Literal["1e", "2e"]
    title: str


class Page(Strict):
    url: str
    title: str


class Sources(Strict):
    books: dict[str, Book]
    pages: dict[str, Page]
