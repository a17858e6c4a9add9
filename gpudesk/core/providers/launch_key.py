"""The key pair gpudesk rents servers with: made once, private half only in the keyring.

A rented server gets the public half (Lambda ssh-keys, Vast.ai account keys, RunPod's
``PUBLIC_KEY`` env); each session made for a rented server gets a copy of the private half in
its own keyring entry (``key:<session id>``), as "Set up key login" does, so removing the session
removes its copy and the launch key stays for the next rental.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from paramiko import PKey

from gpudesk.core import secrets
from gpudesk.core.i18n import msg
from gpudesk.core.ssh.errors import ConnectError
from gpudesk.core.ssh.keys import generate_ed25519, load_key_text, public_line

if TYPE_CHECKING:
    from gpudesk.core.sessions.model import Session

ENTRY = "key:gpudesk-launch"
ACCOUNT = "gpudesk"
COMMENT = "gpudesk-launch"


def public_key() -> str | None:
    """The launch key's public line, or None when there is no (readable) launch key yet."""
    private = secrets.get_secret(ENTRY, ACCOUNT)
    if not private:
        return None
    try:
        return public_line(load_key_text(private), COMMENT)
    except (ConnectError, ValueError):
        return None  # a damaged entry is as good as none: ensure() replaces it


def private_key() -> PKey | None:
    """The launch key's private half (from the keyring), to log in with; None when there is none."""
    private = secrets.get_secret(ENTRY, ACCOUNT)
    if not private:
        return None
    try:
        return load_key_text(private)
    except (ConnectError, ValueError):
        return None


def ensure() -> str:
    """The launch key's public line, creating the pair when there is none.

    Raises :class:`secrets.SecretsUnavailable` when no keyring can hold the private key: nothing
    is created then (a key that lives only in memory would lock the user out of the server).
    """
    existing = public_key()
    if existing is not None:
        return existing
    private, public = generate_ed25519(comment=COMMENT)
    secrets.set_secret(ENTRY, ACCOUNT, private)
    if public_key() is None:  # the keyring did not keep it
        raise secrets.SecretsUnavailable(msg("ConnectError", "The keyring did not keep gpudesk's key."))
    return public


def adopt(session: Session) -> None:
    """Give ``session`` (auth "stored_key") its own copy of the launch key's private half."""
    if not secrets.copy_secret(ENTRY, ACCOUNT, secrets.stored_key_entry(session.id), session.username):
        raise secrets.SecretsUnavailable(
            msg("ConnectError", "gpudesk's key is not in the keyring: rent again to make one.")
        )
    session.auth = "stored_key"
