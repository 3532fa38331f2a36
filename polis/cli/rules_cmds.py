"""`polis list | validate | compile | diff`: the rules-data commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from polis.cli.common import Lang, UserError, emit_json, given_path, user_errors, write_atomic
from polis.i18n import translator

if TYPE_CHECKING:
    from polis.rules.issues import Issue

# Each command imports what it uses when it runs (pydantic models, the compiler): `polis
# --help` and `polis list` must not pay for the rules models' import (README, "Command line")


def register(app: typer.Typer) -> None:
    app.command("list")(list_rulesets)
    app.command("validate")(validate)
    app.command("compile")(compile_cmd)
    app.command("diff")(diff)
    app.command("schema")(schema)


@user_errors
def list_rulesets(
    lang: Lang = "",
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """List the rulesets: id, title, kind and how much of each is sourced."""
    from polis.i18n.formats import percent
    from polis.i18n.vocabulary import keyword_label
    from polis.summaries import ruleset_summaries

    tr = translator(lang)
    rows = ruleset_summaries()
    for r in rows:  # the title in the reader's language; `title` stays the data's own
        rid, title = r["id"], r["title"]
        r["label"] = tr.pgettext(f"{rid}:title", title)
    if as_json:
        emit_json(rows)
        return
    kinds = {r["id"]: keyword_label(tr, r["kind"]) for r in rows}
    width = max(len(r["id"]) for r in rows)
    kind_width = max(len(k) for k in kinds.values())
    for r in rows:
        share = percent(r["provenance"]["sourced_share"], lang)
        sourced = tr.gettext("{share} sourced").format(share=share)
        typer.echo(f"{r['id']:<{width}}  {kinds[r['id']]:<{kind_width}}  {sourced}  {r['label']}")


def _targets(paths: list[Path]) -> list[str | Path]:
    from polis.rules.registry import discover, display_path

    if not paths:
        return list(discover())
    targets: list[str | Path] = []
    for path in paths:
        if not path.exists():
            from polis.messages import msg
            from polis.rules.issues import Issue, RulesError

            raise RulesError([Issue(None, display_path(path), msg("file.missing"))])
        # a file inside an edition folder stands for the whole edition
        if (
            path.is_file()
            and (path.parent / "ruleset.yaml").is_file()
            and path.parent.parent.name == "editions"
        ):
            path = path.parent
        targets.append(path)
    return targets


@user_errors
def validate(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(parser=given_path, help="edition folders or overlay files; default: all"),
    ] = None,
    lang: Lang = "",
) -> None:
    """Check rulesets; print one `path:line:col: field: message` line per problem."""
    from polis import checked

    issues: list[Issue] = []
    valid: list[str] = []
    for target in _targets(paths or []):
        # files and code that passed before pass again: only a change is checked afresh
        known = checked.recall("valid", target)
        if isinstance(known, str):
            valid.append(known)
            continue
        from polis.rules.issues import RulesError
        from polis.rules.loader import load_ruleset

        try:
            rid = load_ruleset(target).model.id
        except RulesError as exc:
            issues.extend(exc.issues)
            continue
        checked.remember("valid", target, rid)
        valid.append(rid)
    if issues:
        from polis.rules.issues import RulesError

        raise RulesError(issues)
    said = translator(lang).gettext("{ruleset}: valid")
    for rid in valid:
        typer.echo(said.format(ruleset=rid))


@user_errors
def compile_cmd(
    ruleset: Annotated[str, typer.Argument(help="ruleset id or overlay file")],
    out: Annotated[
        Path | None,
        typer.Option("--out", parser=given_path, help="write to this file instead of stdout"),
    ] = None,
    lang: Lang = "",
) -> None:
    """Print the compiled engine configuration as JSON."""
    from polis.compiler import compile_ruleset
    from polis.compiler.provenance import provenance_report
    from polis.compiler.serialize import to_jsonable
    from polis.rules.loader import load_ruleset

    compiled = compile_ruleset(ruleset)
    report = provenance_report(load_ruleset(ruleset).model)
    data = {
        "id": compiled.config.id,
        "content_hash": compiled.content_hash,
        "provenance": report.summary(),
        "config": to_jsonable(compiled.config),
    }
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if out is None:
        typer.echo(text, nl=False)
    else:
        write_atomic(out, text)
        typer.echo(translator(lang).gettext("wrote {path}").format(path=out), err=True)


@user_errors
def diff(
    a: Annotated[str, typer.Argument(help="first ruleset id or overlay file")],
    b: Annotated[str, typer.Argument(help="second ruleset id or overlay file")],
    lang: Lang = "",
    rules: Annotated[
        bool, typer.Option("--rules", help="the rule text side by side, what changed marked")
    ] = False,
    topic: Annotated[
        str | None,
        typer.Option("--topic", help="with --rules: a section and the sections going on from it"),
    ] = None,
    paths: Annotated[
        bool, typer.Option("--paths", help="end each change with its data path (for authors)")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="machine-readable output")] = False,
) -> None:
    """Every difference between two rulesets, in your language: by topic, or in the rule text."""
    from polis.comparison import Comparison
    from polis.compiler import compile_ruleset
    from polis.rules.loader import load_ruleset

    _ = translator(lang).gettext
    if topic is not None and not rules:
        raise UserError(_("--topic goes with --rules"))
    la, lb = load_ruleset(a), load_ruleset(b)
    comparison = Comparison.of(
        (la.model, lb.model), (compile_ruleset(a).config, compile_ruleset(b).config), lang
    )
    if rules:
        found = comparison.rules_topic(topic) if topic is not None else None
        if topic is not None and not found:
            raise UserError(
                _("no section '{topic}' in the rules of {a} or {b}").format(topic=topic, a=a, b=b)
            )
        if as_json:
            emit_json(comparison.rules_json(found))
        else:
            typer.echo(comparison.rules_text(found), nl=False)
        return
    if as_json:
        emit_json(comparison.json())
        return
    typer.echo(comparison.text(with_paths=paths), nl=False)


@user_errors
def schema(
    check: Annotated[
        bool, typer.Option("--check", help="exit 1 if the committed schemas are stale")
    ] = False,
    lang: Lang = "",
) -> None:
    """Write the JSON Schemas of the rules files and of the state, action and record JSON."""
    from polis.balance.record import schema_files as balance_schemas
    from polis.engine import schema_files as engine_schema_files
    from polis.rules import schema_export
    from polis.rules.registry import display_path, rules_data_dir

    _ = translator(lang).gettext
    rules_folder = rules_data_dir() / "schema"
    docs_folder = rules_data_dir().parent / "docs" / "schema"
    docs_files = {**engine_schema_files(), **balance_schemas()}
    if check:
        names = schema_export.stale(rules_folder) + schema_export.stale(docs_folder, docs_files)
        if names:
            raise UserError(
                _("stale JSON Schema: {names}; run `polis schema`").format(names=", ".join(names))
            )
        typer.echo(_("schemas are up to date"))
        return
    written = schema_export.write(rules_folder)
    written += schema_export.write(docs_folder, docs_files)
    for path in written:
        typer.echo(_("wrote {path}").format(path=display_path(path)))
