""" "Set up key login": what ssh-copy-id does, with the private key kept in the keyring."""

from __future__ import annotations

import shlex

from gpudesk.core import secrets
from gpudesk.core.i18n import msg
from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh.connection import Connection
from gpudesk.core.ssh.errors import RemoteCommandError
from gpudesk.core.ssh.keys import generate_ed25519


def install_public_key(conn: Connection, public_line: str) -> None:
    """Append ``public_line`` to the remote ``~/.ssh/authorized_keys`` unless it is already there."""
    key_body = " ".join(public_line.split()[:2])
    script = (
        "umask 077; mkdir -p ~/.ssh && touch ~/.ssh/authorized_keys && "
        f"(grep -qF {shlex.quote(key_body)} ~/.ssh/authorized_keys || "
        f"printf '%s\\n' {shlex.quote(public_line)} >> ~/.ssh/authorized_keys) && "
        "chmod 700 ~/.ssh && chmod 600 ~/.ssh/authorized_keys"
    )
    result = conn.exec(script, timeout=30)
    if result.exit_code != 0:
        reason = result.err.strip() or msg("ConnectError", "exit code {code}", code=result.exit_code)
        raise RemoteCommandError(
            msg("ConnectError", "Could not add the key to ~/.ssh/authorized_keys on the server: {error}", error=reason)
        )


def set_up_key_login(conn: Connection, session: Session) -> str:
    """Generate an ed25519 key, install it over ``conn``, store it, and switch ``session`` to it.

    Returns the public key line. The caller saves the session. If the keyring is not
    available this raises :class:`secrets.SecretsUnavailable` before touching the server.
    """
    private, public = generate_ed25519(comment=f"gpudesk-{session.name.replace(' ', '-')}")
    secrets.set_secret(secrets.stored_key_entry(session.id), session.username, private)
    try:
        install_public_key(conn, public)
    except Exception:
        secrets.delete_secret(secrets.stored_key_entry(session.id), session.username)
        raise
    session.auth = "stored_key"
    return public
