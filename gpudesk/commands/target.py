"""Resolve a command-line TARGET (saved session name or ``ssh://user@host:port``) to a Connection.

Shared by every command that talks to a server (``gpus``, ``check``, ``jobs`` …) so they all
take the same flags: ``--identity FILE``, ``--password-env VAR``, ``--known-hosts FILE``,
``--accept-new-host-key``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from gpudesk.core.i18n import message_of
from gpudesk.core.sessions.loginline import LoginLineError
from gpudesk.core.sessions.loginline import parse as parse_login
from gpudesk.core.sessions.model import Session
from gpudesk.core.sessions.store import SessionStore
from gpudesk.core.ssh.agent import may_have_agent
from gpudesk.core.ssh.connection import Connection
from gpudesk.core.ssh.hostkeys import HostKeyQuestion, HostKeyStore
from gpudesk.core.ssh.open import connection_for


class UsageError(Exception):
    """Bad command-line input (exit code 2)."""

    exit_code = 2


def add_target_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("target", metavar="TARGET", help="a saved session name, or ssh://user@host:port")
    parser.add_argument("--identity", metavar="FILE", help="private key file to log in with")
    parser.add_argument("--password-env", metavar="VAR", help="name of an environment variable that holds the password")
    parser.add_argument(
        "--known-hosts",
        metavar="FILE",
        help="trust only host keys in FILE (not the app's store nor ~/.ssh/known_hosts)",
    )
    parser.add_argument("--accept-new-host-key", action="store_true", help="trust a server seen for the first time")


def resolve_session(target: str, identity: str | None = None) -> Session:
    if target.startswith("ssh://") or "@" in target:
        try:
            line = parse_login(target)
        except LoginLineError as exc:
            raise UsageError(message_of(exc)) from None  # still the translatable Msg
        session = Session(name=target, host=line.host, port=line.port, username=line.username)
        session.auth = "agent"
    else:
        found = SessionStore().find(target)
        if found is None:
            raise UsageError(
                f"No saved session is called '{target}'. See 'gpudesk sessions list', or use ssh://user@host:port."
            )
        session = found
    if identity:
        session.auth = "key_file"
        session.identity_file = identity
    return session


def open_connection(args: argparse.Namespace) -> Connection:
    """Connect as the flags say; raises ConnectError (exit 3) or UsageError (exit 2)."""
    session = resolve_session(args.target, args.identity)
    password = None
    if args.password_env:
        password = os.environ.get(args.password_env)
        if password is None:
            raise UsageError(f"The environment variable {args.password_env} is not set.")
        if not args.identity:
            session.auth = "password"
    elif session.auth == "agent" and not args.identity and not may_have_agent():  # Windows: Pageant / OpenSSH pipe
        raise UsageError("Say how to log in: --identity FILE or --password-env VAR (no SSH agent is running).")
    if args.known_hosts:
        path = Path(args.known_hosts)
        if not path.exists():
            raise UsageError(f"The known-hosts file {path} does not exist.")
        store = HostKeyStore(path, extra_files=[])
        if args.accept_new_host_key:
            # Remember new keys for this run only; never write into the user's chosen file.
            pass
    else:
        store = HostKeyStore()

    def accept(question: HostKeyQuestion) -> str:
        # accept-new, as in OpenSSH: only a host with no stored key at all is new. A host known
        # with any key (of any type) never gets here (CHANGED stops first); refuse if it ever does.
        if store.known_keys(question.host, question.port):
            return "reject"
        print(f"Trusting new host key {question.fingerprint} for {question.host}:{question.port}", file=sys.stderr)
        return "once" if args.known_hosts else "always"

    conn = connection_for(
        session,
        host_keys=store,
        ask_host_key=accept if args.accept_new_host_key else None,
        password=password,
        saved=SessionStore(),  # a jump host named like a saved session logs in the way it does
    )
    return conn.connect()
