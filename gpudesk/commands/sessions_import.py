"""``gpudesk sessions import FORMAT PATH… [--dry-run] [--json]`` and ``gpudesk sessions export``."""

from __future__ import annotations

import argparse
import sys

from gpudesk.commands.sessions import json_text, session_json
from gpudesk.core import ctrlchars
from gpudesk.core.sessions.importers import FORMATS, parse_paths
from gpudesk.core.sessions.importers.plan import CREATE, MERGE, apply_plan, build_plan, prepared
from gpudesk.core.sessions.model import ValidationError
from gpudesk.core.sessions.store import SessionStore

EXIT_OK, EXIT_USAGE = 0, 2


def _err(text: str) -> None:
    print(ctrlchars.escape(text), file=sys.stderr)


def _out(text: str) -> None:
    # Names, hosts, notes and warnings come from the imported files: control characters are shown escaped.
    print(ctrlchars.escape(text))


def run(args: argparse.Namespace) -> int:
    fmt = FORMATS[args.format]
    results = parse_paths(args.format, args.paths)
    failed = [r for r in results if not r.ok]
    if failed:
        for r in failed:
            _err(f"gpudesk: {r.error}")
        _err("gpudesk: nothing was imported. Fix or leave out the files above and run the command again.")
        return EXIT_USAGE
    store = SessionStore()
    if store.load_error:
        _err(f"gpudesk: {store.load_error}")
    plan = build_plan(results, store)
    try:
        new, _updated, _skipped = prepared(plan)
    except ValidationError as exc:
        _err(f"gpudesk: {exc} Nothing was imported.")
        return EXIT_USAGE
    # Human-readable detail goes to stderr under --json, so stdout stays one JSON document.
    say = _err if args.json else _out
    for item in plan.items:
        s = item.session
        where = f"{s.username}@{s.host}:{s.port}"
        if item.action == CREATE:
            folder = f"  [{plan.target_folder(item)}]" if plan.target_folder(item) else ""
            via = f"  via {s.jump_host}" if s.jump_host else ""
            say(f"+ {item.name}  {where}  ({s.auth}){folder}{via}")
        else:
            other = item.existing.name if item.existing else (item.earlier.name if item.earlier else "")
            verb = "merged into" if item.action == MERGE else "skipped, same server as"
            say(f"= {item.name}  {where}  {verb} '{other}'")
        for note in item.imported.notes:
            say(f"    note: {note}")
    for warning in plan.warnings:
        say(f"warning: {warning}")
    say(f"note: {fmt.password_note}")
    duplicates = sum(1 for i in plan.items if i.is_duplicate)
    summary = f"{len(new)} sessions, {duplicates} duplicates skipped, {plan.skipped_non_ssh} non-SSH entries skipped."
    if args.dry_run:
        say(f"Dry run: would import {summary} Nothing was changed.")
        created = new
    else:
        report = apply_plan(plan, store)
        created = report.created
        say(f"Imported {summary}")
    if args.json:
        print(json_text([session_json(s) for s in created]))
    return EXIT_OK


def run_export(args: argparse.Namespace) -> int:
    from gpudesk.core.sessions.export import export_ssh_config

    store = SessionStore()
    if store.load_error:
        _err(f"gpudesk: {store.load_error}")
    sys.stdout.write(export_ssh_config(list(store)))
    return EXIT_OK
