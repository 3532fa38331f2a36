"""Load a ruleset: YAML with positions -> overlays merged -> models -> semantic checks.

Every failure along the way is collected into one RulesError, so a person sees
all problems of a file at once (docs/rules-data.md#errors).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from polis.messages import msg
from polis.rules.checks import semantic_issues
from polis.rules.issues import Issue, Location, RulesError
from polis.rules.models import Overlay, Ruleset
from polis.rules.overlay import apply_overlay
from polis.rules.pydantic_issues import issues_from_validation
from polis.rules.registry import RulesetRef, discover, display_path, ref_for, rules_data_dir
from polis.rules.sources import Sources
from polis.rules.yaml_loader import MAX_RULES_FILE_BYTES, Document, decode, load_file, parse

# an uploaded overlay (or one carried in a game record) is untrusted: small, and based
# on a shipped ruleset only, so its `extends` can never name a file on the server
MAX_OVERLAY_BYTES = 256 * 1024

MAX_EXTENDS_DEPTH = 8


@dataclass(frozen=True)
class LoadedRuleset:
    """A validated ruleset with the document it came from (for locating facts)."""

    model: Ruleset
    doc: Document
    files: tuple[Path, ...]


def _validate(model: type[BaseModel], doc: Document) -> Any:
    try:
        return model.model_validate(doc.data)
    except ValidationError as exc:
        raise RulesError(issues_from_validation(exc, doc, model)) from None


@cache
def load_sources(root: Path | None = None) -> Sources:
    path = (root or rules_data_dir()) / "sources.yaml"
    doc = load_file(path, display=display_path(path))
    result: Sources = _validate(Sources, doc)
    return result


def _load_edition_dir(folder: Path) -> Document:
    """Merge the YAML files of an edition folder; each top-level key may appear once."""
    merged = Document(data={})
    issues: list[Issue] = []
    first_seen: dict[str, str] = {}
    for file in sorted(folder.glob("*.yaml")):
        shown = display_path(file)
        try:
            doc = load_file(file, display=shown)
        except RulesError as exc:
            issues.extend(exc.issues)
            continue
        if not isinstance(doc.data, dict):
            issues.append(Issue(Location(shown, 1, 1), "", msg("loader.edition_not_mapping")))
            continue
        for key, value in doc.data.items():
            if key in first_seen:
                issues.append(
                    Issue(
                        doc.keys.get((key,)),
                        str(key),
                        msg("loader.section_twice", file=first_seen[key]),
                    )
                )
                continue
            first_seen[key] = shown
            merged.data[key] = value
        merged.keys.update(doc.keys)
        merged.values.update(doc.values)
    if issues:
        raise RulesError(issues)
    return merged


def _load_overlay_file(
    path: Path, *, max_bytes: int
) -> tuple[tuple[str, str], Document, list[Issue]]:
    doc = load_file(path, display=display_path(path), allow_replace=True, max_bytes=max_bytes)
    return _overlay_from_doc(doc)


def _overlay_from_doc(doc: Document) -> tuple[tuple[str, str], Document, list[Issue]]:
    """Validate an overlay's header; its issues are returned so merging can go on.

    Why: a typo in the header must not hide the problems in the overrides; only a
    missing or unusable `extends` stops here, since nothing can be merged without it.
    """
    if not isinstance(doc.data, dict):
        raise RulesError([Issue(doc.locate(()), "", msg("overlay.not_mapping"))])
    try:
        header = Overlay.model_validate(doc.data)
        return (header.id, header.extends), doc, []
    except ValidationError as exc:
        issues = issues_from_validation(exc, doc, Overlay)
    extends = doc.data.get("extends")
    if not isinstance(extends, str) or not extends:
        raise RulesError(issues)
    return (str(doc.data.get("id") or "overlay"), extends), doc, issues


Resolved = tuple[Document, list[Path], list[Issue]]


def _resolve(ref: RulesetRef, chain: tuple[str, ...], *, max_bytes: int) -> Resolved:
    if ref.form == "edition":
        return _load_edition_dir(ref.path), ref.files(), []
    header, doc, header_issues = _load_overlay_file(ref.path, max_bytes=max_bytes)
    merged, files, issues = _apply(header, doc, chain, [ref.path])
    return merged, files, header_issues + issues


def _apply(
    header: tuple[str, str],
    doc: Document,
    chain: tuple[str, ...],
    files: list[Path],
    *,
    shipped_base: bool = False,
) -> Resolved:
    """Merge an overlay onto its base; merge issues are returned, not raised.

    Why: keys that could not be merged are skipped, so the rest of the file is
    still validated and the person sees every problem in one run.
    """
    overlay_id, extends = header
    where = doc.locate(("extends",))
    if overlay_id in chain or len(chain) > MAX_EXTENDS_DEPTH:
        loop = " -> ".join((*chain, overlay_id))
        raise RulesError([Issue(where, "extends", msg("loader.extends_loop", chain=loop))])
    if shipped_base and extends not in discover():
        shipped = list(discover())
        raise RulesError([Issue(where, "extends", msg("overlay.upload_base", shipped=shipped))])
    base_ref = ref_for(extends)
    if base_ref is None:
        raise RulesError([Issue(where, "extends", msg("loader.no_base", base=extends))])
    base_doc, base_files, base_issues = _resolve(
        base_ref, (*chain, overlay_id), max_bytes=MAX_RULES_FILE_BYTES
    )
    merged, issues = apply_overlay(base_doc, doc, extends)
    return merged, base_files + files, base_issues + issues


def _finish(doc: Document, files: list[Path], merge_issues: list[Issue]) -> LoadedRuleset:
    try:
        model: Ruleset = _validate(Ruleset, doc)
    except RulesError as exc:
        raise RulesError([*merge_issues, *exc.issues]) from None
    issues = merge_issues + semantic_issues(model, doc, load_sources())
    if issues:
        raise RulesError(issues)
    return LoadedRuleset(model, doc, tuple(files))


def load_ruleset(target: str | Path, *, max_bytes: int = MAX_RULES_FILE_BYTES) -> LoadedRuleset:
    """Load and fully validate a ruleset by id, edition folder or overlay file."""
    ref = ref_for(target)
    if ref is None:
        shown = str(target)
        raise RulesError([Issue(None, shown, msg("loader.no_ruleset", name=shown))])
    doc, files, merge_issues = _resolve(ref, (), max_bytes=max_bytes)
    loaded = _finish(doc, files, merge_issues)
    if ref.form == "edition" and loaded.model.id != ref.id:
        raise RulesError(
            [
                Issue(
                    doc.locate(("id",)),
                    "id",
                    msg("loader.folder_id", folder=ref.id, id=loaded.model.id),
                )
            ]
        )
    return loaded


def load_overlay_text(
    text: str | bytes, *, display: str, max_bytes: int = MAX_OVERLAY_BYTES
) -> LoadedRuleset:
    """Validate an untrusted overlay (an upload, or one inside a game record)."""
    raw = text.encode("utf-8") if isinstance(text, str) else text
    doc = parse(
        decode(raw, display=display, max_bytes=max_bytes), display=display, allow_replace=True
    )
    header, doc, header_issues = _overlay_from_doc(doc)
    merged, files, merge_issues = _apply(header, doc, (), [], shipped_base=True)
    return _finish(merged, files, header_issues + merge_issues)
