"""Passwords and passphrases a dialog asked for, written to the system keyring off the GUI thread.

A keyring can block (a locked wallet asks to be unlocked, a D-Bus service starts): the window stays
responsive meanwhile, and what needs the secret (a connection that reads it) starts once it is written.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from gpudesk.core import secrets
from gpudesk.ui.background import run_in_background

if TYPE_CHECKING:
    from gpudesk.core.sessions.model import Session

_log = logging.getLogger(__name__)

#: (keyring entry, user name, secret)
Entry = tuple[str, str, str]


class AskedSecrets(Protocol):
    """What the session editor asked for (``SessionDialog``)."""

    save_secret: bool
    password: str | None
    proxy_secret: str | None
    passphrase: str | None


def from_dialog(session: Session, dialog: AskedSecrets) -> list[Entry]:
    """The entries the session editor's secrets go to (none when the user chose not to save them)."""
    if not dialog.save_secret:
        return []
    entries: list[Entry] = []
    if dialog.password:
        entries.append((session.secret_key, session.username, dialog.password))
    if dialog.proxy_secret and session.proxy_username:
        entries.append(
            (secrets.proxy_entry(session.proxy_host, session.proxy_port), session.proxy_username, dialog.proxy_secret)
        )
    if dialog.passphrase and session.auth == "key_file":
        entries.append((secrets.passphrase_entry(session.identity_file), session.username, dialog.passphrase))
    return entries


def keep(entries: list[Entry], say: Callable[[str], None], then: Callable[[], None] | None = None) -> None:
    """Write ``entries`` off the GUI thread; a keyring that cannot keep them is said (``say``); ``then`` runs
    on the GUI thread once they are written (or could not be)."""
    if not entries:
        if then is not None:
            then()
        return

    def write() -> None:
        for entry, user, secret in entries:
            secrets.set_secret(entry, user, secret)

    def done(_result: object) -> None:
        if then is not None:
            then()

    def failed(exc: BaseException) -> None:
        if isinstance(exc, secrets.SecretsUnavailable):
            say(str(exc))
        else:
            _log.error("the keyring could not keep a secret", exc_info=exc)
        if then is not None:
            then()

    run_in_background(write, done, failed)
