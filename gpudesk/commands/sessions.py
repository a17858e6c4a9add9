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


def run_export_ssh_config(args: argparse.Namespace) -> int:
    """``gpudesk sessions export-ssh-config [--write] [--add-include|--remove-include] [--json]``."""
    import sys

    from gpudesk.commands.target import UsageError
    from gpudesk.core.sessions import ssh_export

    store = SessionStore()
    if store.load_error:
        print(f"gpudesk: {store.load_error}", file=sys.stderr)
    sessions = list(store)
    path = ssh_export.config_path()
    try:
        if args.write or args.add_include:
            ssh_export.write_config(sessions)
        added = ssh_export.add_include() if args.add_include else False
        removed = ssh_export.remove_include() if args.remove_include else False
    except (OSError, ssh_export.ExportError) as exc:
        raise UsageError(str(exc)) from None
    entries = ssh_export.entries(sessions)
    present = ssh_export.include_present()
    if args.json:
        print(
            json_text(
                {
                    "file": str(path),
                    "written": bool(args.write or args.add_include),
                    "include": {
                        "file": str(ssh_export.user_config_path()),
                        "line": ssh_export.include_line(),
                        "present": present,
                    },
                    "entries": [e.to_json() for e in entries],
                }
            )
        )
        return 0
    if not (args.write or args.add_include or args.remove_include):
        sys.stdout.write(ssh_export.render(sessions))
        return 0
    hosts = [e.alias for e in entries if not e.skipped]
    print(f"Wrote {len(hosts)} host(s) to {path}: {', '.join(hosts) or '-'}")
    for e in entries:
        if e.skipped:
            print(f"  left out {e.alias}: {ctrlchars.escape(e.skipped)}")
    if added:
        print(f"Added to {ssh_export.user_config_path()}: {ssh_export.include_line()}")
    if removed:
        print(f"Removed from {ssh_export.user_config_path()}: {ssh_export.include_line()}")
    if not present:
        print(
            f"VS Code, Cursor and `ssh HOST` read ~/.ssh/config: to use these hosts there, add the line\n"
            f"  {ssh_export.include_line()}\n"
            f"at its top (gpudesk sessions export-ssh-config --add-include does it), or use ssh -F {path} HOST."
        )
    return 0
