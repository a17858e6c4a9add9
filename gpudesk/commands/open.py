"""``gpudesk open TARGET --with code|cursor|windsurf|terminal [--path DIR]``: hand a session to another tool.

gpudesk's ssh config (``~/.ssh/gpudesk_config``) is refreshed first, so the tool reaches the server with the
host key gpudesk trusts. The editors read ``~/.ssh/config``, which must include that file (``--add-include``
adds the line, shown here; nothing else is changed). A key kept in the keyring is added to ssh-agent only
with ``--add-key-to-agent`` (for ``--agent-lifetime`` seconds).
"""

from __future__ import annotations

import argparse
import os
import sys

from gpudesk.core import handoff


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("target", metavar="TARGET", help="a saved session's name")
    parser.add_argument("--with", dest="tool", required=True, choices=handoff.TOOLS, help="the program to open")
    parser.add_argument("--path", default="", metavar="DIR", help="remote folder to open (editors)")
    parser.add_argument("--add-include", action="store_true", help="add 'Include gpudesk_config' to ~/.ssh/config")
    parser.add_argument(
        "--add-key-to-agent", action="store_true", help="a key kept in the keyring: add it to the running ssh-agent"
    )
    parser.add_argument("--agent-lifetime", type=int, default=3600, metavar="S", help="seconds the agent keeps it")
    parser.add_argument("--passphrase-env", metavar="VAR", help="env var holding the stored key's passphrase")
    parser.add_argument("--print", dest="print_only", action="store_true", help="print the command, start nothing")


def run(args: argparse.Namespace) -> int:
    from gpudesk.commands.target import UsageError
    from gpudesk.core.sessions import ssh_export
    from gpudesk.core.sessions.store import SessionStore
    from gpudesk.core.ssh.hostkeys import untrusted_note

    store = SessionStore()
    sessions = list(store)
    session = store.find(args.target)
    if session is None:
        raise UsageError(f"no saved session is named '{args.target}' (see: gpudesk sessions list)")
    try:
        ssh_export.write_config(sessions)
        if args.add_include and ssh_export.add_include():
            print(f"Added to {ssh_export.user_config_path()}: {ssh_export.include_line()}", file=sys.stderr)
    except (OSError, ssh_export.ExportError) as exc:
        raise UsageError(str(exc)) from None
    entry = next(e for e in ssh_export.entries(sessions) if e.session_id == session.id)
    if entry.skipped:
        raise UsageError(f"'{args.target}' cannot be reached through OpenSSH: {entry.skipped}")
    included = ssh_export.include_present()
    note = untrusted_note(session)
    if note:
        print(f"gpudesk: {note}", file=sys.stderr)
    if args.tool in handoff.EDITORS and not included:
        raise UsageError(
            f"{handoff.TOOL_NAMES[args.tool]} reads ~/.ssh/config, which does not include gpudesk's hosts yet. "
            f"Add the line '{ssh_export.include_line()}' at its top, or run again with --add-include."
        )
    if session.auth == "stored_key":
        if args.add_key_to_agent:
            passphrase = os.environ.get(args.passphrase_env) if args.passphrase_env else None
            try:
                ssh_export.add_stored_key_to_agent(session, args.agent_lifetime, passphrase)
                ssh_export.write_config(sessions)  # now names the agent key
            except ssh_export.ExportError as exc:
                raise UsageError(str(exc)) from None
            print(f"Added the session's key to ssh-agent for {args.agent_lifetime} s.", file=sys.stderr)
        else:
            print(
                "This session's key is kept in gpudesk's keyring: OpenSSH can use it through ssh-agent. "
                "Run again with --add-key-to-agent to add it there (for --agent-lifetime seconds).",
                file=sys.stderr,
            )
    try:
        launch = handoff.plan(args.tool, entry.alias, args.path, None if included else ssh_export.config_path())
        if args.print_only:
            print(launch.describe())
            return 0
        handoff.start(launch)
    except handoff.HandoffError as exc:
        raise UsageError(str(exc)) from None
    print(f"Opened {entry.alias} in {handoff.TOOL_NAMES[args.tool]}.")
    return 0
