"""``gpudesk sessions …``: list saved sessions (import arrives with the importers)."""

from __future__ import annotations

import argparse
import json

from gpudesk.core.sessions.store import SessionStore

FIELDS = ("name", "host", "port", "username", "auth", "identity_file", "jump_host", "folder")


def session_json(session) -> dict[str, object]:  # type: ignore[no-untyped-def]
    return {field: getattr(session, field) for field in FIELDS}


def run_list(args: argparse.Namespace) -> int:
    store = SessionStore()
    sessions = list(store)
    if args.json:
        print(json.dumps([session_json(s) for s in sessions], ensure_ascii=False, indent=2))
        return 0
    if not sessions:
        print("No saved sessions. Start the app (gpudesk) and paste your provider's ssh command, or try gpudesk --demo.")
        return 0
    width = max(len(s.name) for s in sessions)
    for s in sessions:
        folder = f"  [{s.folder}]" if s.folder else ""
        print(f"{s.name:<{width}}  {s.username}@{s.host}:{s.port}  ({s.auth}){folder}")
    return 0
