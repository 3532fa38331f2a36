"""Messages for people: a key from one table plus parameters, rendered in any language.

Why: a validation issue or a record error is made once (while loading, often
deep in the package) and shown later to a reader whose language is known only
then: the CLI's `--lang`, an app session. So problems carry a `Message` — the
key of an entry in polis/messages.yaml and the values to fill in — and are
rendered when shown:

    >>> m = msg("yaml.too_deep", limit=64)
    >>> m.render("en")
    'the YAML is nested more than 64 levels deep'

The table is the one place these sentences live. Each entry is extracted into
the catalogs with the context `message:<key>`, so a translator sees the key
and the English sentence. An entry written as a two-item list is a plural
message: its count is the parameter `n`.

Parameter values are rendered for the language too: whole numbers with the
language's digit grouping, a nested `Message` in the same language, a
`Gettext` (a sentence from the code, such as an engine refusal) through the
catalogs, a list as its items joined by commas. Text is inserted as it is, so
values quoted from a file stay exactly as written.
"""

from __future__ import annotations

import difflib
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import yaml

from polis.i18n import N_, translator
from polis.i18n.formats import number

CONTEXT = "message:"
Params = tuple[tuple[str, Any], ...]
Template = str | tuple[str, str]  # a sentence, or (singular, plural) counted by {n}


@cache
def table() -> dict[str, Template]:
    """Every message key and its English sentence (polis/messages.yaml)."""
    text = resources.files("polis").joinpath("messages.yaml").read_text("utf-8")
    raw = yaml.safe_load(text)
    assert isinstance(raw, dict)
    out: dict[str, Template] = {}
    for key, value in raw.items():
        if isinstance(value, list):
            singular, plural = value
            out[str(key)] = (str(singular), str(plural))
        else:
            out[str(key)] = str(value)
    return out


def _frozen(value: Any) -> Any:
    """Lists become tuples so a message can be hashed (issues are de-duplicated in sets);
    a mapping from a file (an entry written where a name belongs) is shown as written."""
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, dict | set):
        return quoted(value)
    return value


@dataclass(frozen=True, slots=True)
class Message:
    """A key of the message table and the values its sentence needs."""

    key: str
    params: Params = ()

    def render(self, lang: str = "en") -> str:
        template = table().get(self.key)
        values = dict(self.params)
        tr = translator(lang)
        if template is None:  # a key missing from the table still says something useful
            text = self.key
        elif isinstance(template, tuple):
            n = values.get("n", 0)
            text = tr.npgettext(CONTEXT + self.key, template[0], template[1], int(n))
        else:
            text = tr.pgettext(CONTEXT + self.key, template)
        return _fill(text, {name: _show(value, lang) for name, value in values.items()})

    def __str__(self) -> str:
        return self.render("en")


@dataclass(frozen=True, slots=True)
class Gettext:
    """A sentence kept in the code's own catalog entry (an engine refusal, say)."""

    message: str
    params: Params = ()

    def render(self, lang: str = "en") -> str:
        text = translator(lang).gettext(self.message)
        return _fill(text, {name: _show(value, lang) for name, value in self.params})


@dataclass(frozen=True, slots=True)
class DidYouMean:
    """The hint naming the option closest to `word` ("did you mean 'x'?"), or nothing.

    The search runs when the message is shown, not when the problem is found: a
    file with 10,000 misspelt keys costs one search per problem a reader sees.
    """

    word: str
    options: tuple[str, ...]

    def render(self, lang: str = "en") -> str:
        close = difflib.get_close_matches(self.word, self.options, n=1, cutoff=0.6)
        return msg("hint.did_you_mean", name=close[0]).render(lang) if close else ""


def did_you_mean(word: object, options: Iterable[object]) -> DidYouMean:
    if isinstance(options, tuple) and all(type(o) is str for o in options):
        return DidYouMean(str(word), options)  # shared by every problem of one mapping
    return DidYouMean(str(word), tuple(str(o) for o in options))


def msg(key: str, /, **params: Any) -> Message:
    """The message `key` of polis/messages.yaml with its parameters."""
    return Message(key, tuple([(name, _frozen(value)) for name, value in params.items()]))


def gettext_message(message: str, params: Mapping[str, Any] | None = None) -> Gettext:
    return Gettext(message, tuple((k, _frozen(v)) for k, v in (params or {}).items()))


def _show(value: Any, lang: str) -> str:
    if isinstance(value, Message | Gettext | DidYouMean):
        return value.render(lang)
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int):
        return number(value, lang)
    if isinstance(value, tuple):
        return ", ".join(_show(v, lang) for v in value)
    return str(value)


class _Keep(dict[str, str]):
    """Placeholders without a value stay as written instead of failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fill(text: str, values: Mapping[str, str]) -> str:
    try:
        return string.Formatter().vformat(text, (), _Keep(values))
    except (ValueError, IndexError, AttributeError):  # a broken translation: show it unfilled
        return text


# words the location part of a `path:line:col: field: message` line may need
WHOLE_FILE = N_("(file)")
NO_PLACE = N_("<ruleset>")


class MessageError(ValueError):
    """An error whose message is a `Message`: `str()` gives English, `render(lang)` any language."""

    def __init__(self, problem: Message) -> None:
        super().__init__(problem.render("en"))
        self.problem = problem

    def render(self, lang: str = "en") -> str:
        return self.problem.render(lang)


SHOWN = 60  # characters of a value from a file quoted in a message


def quoted(value: object, limit: int = SHOWN) -> str:
    """A value as written (repr), cut short so one message stays one readable line."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
