"""The base model every rules model derives from."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Strict(BaseModel):
    """A frozen model that rejects unknown keys.

    Why: a misspelt key in a rules file must be an error, not a silently ignored
    value, or a house rule could change nothing while looking as if it applied.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, validate_default=True)
