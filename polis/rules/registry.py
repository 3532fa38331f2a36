"""Where rulesets live and how they are named.

An edition is a folder `rules_data/editions/<id>/` whose YAML files together
form one ruleset; a variant or scenario is one file `rules_data/variants/<id>.yaml`
that `extends` another ruleset. A user overlay is any such file elsewhere.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

_PACKAGE_ROOT = Path(__file__).resolve().parents[2]


def rules_data_dir() -> Path:
    """The rules_data folder: $POLIS_RULES_DATA, the source checkout, or the installed copy."""
    env = os.environ.get("POLIS_RULES_DATA")
    if env:
        return Path(env)
    checkout = _PACKAGE_ROOT / "rules_data"
    if checkout.is_dir():
        return checkout
    return Path(__file__).resolve().parents[1] / "_rules_data"


@dataclass(frozen=True, slots=True)
class RulesetRef:
    id: str
    path: Path
    form: Literal["edition", "overlay"]

    def files(self) -> list[Path]:
        if self.form == "overlay":
            return [self.path]
        return sorted(self.path.glob("*.yaml"))


def display_path(path: Path) -> str:
    """A path as shown in messages: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def discover(root: Path | None = None) -> dict[str, RulesetRef]:
    """Every ruleset shipped in rules_data, editions first, by id."""
    base = root or rules_data_dir()
    found: dict[str, RulesetRef] = {}
    for folder in sorted((base / "editions").glob("*/")):
        if (folder / "ruleset.yaml").is_file():
            found[folder.name] = RulesetRef(folder.name, folder, "edition")
    for file in sorted((base / "variants").glob("*.yaml")):
        found[file.stem] = RulesetRef(file.stem, file, "overlay")
    return found


def ref_for(target: str | Path, root: Path | None = None) -> RulesetRef | None:
    """Resolve a ruleset id, an edition folder or an overlay file path."""
    known = discover(root)
    if isinstance(target, str) and target in known:
        return known[target]
    path = Path(target)
    if path.is_dir() and (path / "ruleset.yaml").is_file():
        return RulesetRef(path.name, path, "edition")
    if path.suffix in (".yaml", ".yml") and path.exists():
        return RulesetRef(path.stem, path, "overlay")
    return None
