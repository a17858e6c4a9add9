"""Build a :class:`Connection` for a saved session, fetching its secrets from the keyring."""

from __future__ import annotations

from collections.abc import Callable

from gpudesk.core import secrets, settings
from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh.connection import AskHostKey, Connection, Credentials, Target
from gpudesk.core.ssh.hostkeys import HostKeyStore


def target_for(session: Session) -> Target:
    keepalive = session.keepalive_s if session.keepalive_s is not None else settings.get("ssh.keepalive_s")
    return Target(
        host=session.host,
        port=session.port,
        username=session.username,
        timeout_s=settings.get("ssh.connect_timeout_s"),
        keepalive_s=keepalive,
    )


def credentials_for(session: Session, password: str | None = None, passphrase: str | None = None) -> Credentials:
    """Credentials for ``session``; secrets not passed in come from the keyring when it has them."""
    creds = Credentials(method=session.auth, identity_file=session.identity_file)
    try:
        if session.auth == "password":
            creds.password = password if password is not None else secrets.get_secret(session.secret_key, session.username)
        elif session.auth == "key_file":
            creds.passphrase = passphrase if passphrase is not None else secrets.get_secret(
                secrets.passphrase_entry(session.identity_file), session.username
            )
        elif session.auth == "stored_key":
            creds.key_text = secrets.get_secret(secrets.stored_key_entry(session.id), session.username)
            creds.passphrase = passphrase
    except secrets.SecretsUnavailable:
        if password is not None:
            creds.password = password
        if passphrase is not None:
            creds.passphrase = passphrase
    return creds


def connection_for(
    session: Session,
    host_keys: HostKeyStore | None = None,
    ask_host_key: AskHostKey | None = None,
    on_drop: Callable[[str], None] | None = None,
    password: str | None = None,
    passphrase: str | None = None,
) -> Connection:
    return Connection(
        target_for(session),
        credentials_for(session, password, passphrase),
        host_keys or HostKeyStore(),
        ask_host_key=ask_host_key,
        on_drop=on_drop,
    )
