"""``gpudesk sessions …``: list saved sessions (import arrives with the importers)."""

from __future__ import annotations

import argparse
import json

from gpudesk.core import ctrlchars
from gpudesk.core.sessions.store import SessionStore

FIELDS = ("name", "host", "port", "username", "auth", "identity_file", "jump_host", "folder")


def session_json(session) -> dict[str, object]:  # type: ignore[no-untyped-def]
    return {field: getattr(session, field) for field in FIELDS}


def json_text(data: object) -> str:
    """``data`` as JSON for stdout: DEL and C1 escaped too, so no name can drive the terminal."""
    return ctrlchars.escape_json(json.dumps(data, ensure_ascii=False, indent=2))


def run_list(args: argparse.Namespace) -> int:
    store = SessionStore()
    sessions = list(store)
    if args.json:
        print(json_text([session_json(s) for s in sessions]))
        return 0
    if not sessions:
        print(
            "No saved sessions. Start the app (gpudesk) and paste your provider's ssh command, or try gpudesk --demo."
        )
        return 0
    # A name that came from another program's file may hold control characters: print them escaped.
    esc = ctrlchars.escape
    width = max(len(esc(s.name)) for s in sessions)
    for s in sessions:
        folder = f"  [{esc(s.folder)}]" if s.folder else ""
        print(f"{esc(s.name):<{width}}  {esc(s.username)}@{esc(s.host)}:{s.port}  ({esc(s.auth)}){folder}")
    return 0
