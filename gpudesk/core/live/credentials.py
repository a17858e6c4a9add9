"""A session's secrets (password, key passphrase), read and written in one place, never on the GUI thread.

A keyring may be slow (a Secret Service that starts, a locked wallet that asks) and reading a key may
be slow too (an encrypted PuTTY v3 key runs Argon2). So the views never call these directly: they run
them on the link's IO thread (``Link.run_io``) or another background thread, and the link itself reads
secrets only on its IO thread while it connects. Secrets never go into logs or exception texts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpudesk.core import secrets
from gpudesk.core.ssh.open import credentials_for

if TYPE_CHECKING:
    from gpudesk.core.sessions.model import Session
    from gpudesk.core.ssh.connection import Credentials


class SessionSecrets:
    """The keyring entries of one session (blocking: call off the GUI thread)."""

    def __init__(self, session: Session) -> None:
        self.session = session

    @staticmethod
    def available() -> bool:
        """A keyring gpudesk will keep secrets in (cheap: asks no entry)."""
        return secrets.available()

    # -- password ----------------------------------------------------------------
    def password(self) -> str | None:
        """The saved password, or None (none saved, or no keyring)."""
        s = self.session
        try:
            return secrets.get_secret(s.secret_key, s.username)
        except secrets.SecretsUnavailable:
            return None

    def has_password(self) -> bool:
        return self.password() is not None

    def save_password(self, password: str) -> None:
        """Raises :class:`~gpudesk.core.secrets.SecretsUnavailable` (its text says why) without a keyring."""
        secrets.set_secret(self.session.secret_key, self.session.username, password)

    def forget_password(self) -> None:
        try:
            secrets.delete_secret(self.session.secret_key, self.session.username)
        except secrets.SecretsUnavailable:
            pass

    # -- key passphrase ------------------------------------------------------------
    def save_passphrase(self, passphrase: str) -> None:
        s = self.session
        secrets.set_secret(secrets.passphrase_entry(s.identity_file), s.username, passphrase)

    # -- for a connection ------------------------------------------------------------
    def credentials(self, password: str | None = None, passphrase: str | None = None) -> Credentials:
        """Login credentials; secrets not given come from the keyring."""
        return credentials_for(self.session, password, passphrase)


__all__ = ["SessionSecrets"]
