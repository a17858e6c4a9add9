"""Build a :class:`Connection` for a saved session, fetching its secrets from the keyring."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from gpudesk.core import secrets, settings
from gpudesk.core.sessions.model import Session
from gpudesk.core.ssh.connection import AskHostKey, AskPassword, AskPrompt, Connection, Credentials, Target
from gpudesk.core.ssh.hostkeys import HostKeyStore
from gpudesk.core.ssh.proxy import ProxySpec
from gpudesk.core.sshsyntax import parse_jump_hosts as parse_jump_hosts  # a ProxyJump list


def proxy_for(session: Session) -> ProxySpec | None:
    if not session.proxy_kind:
        return None
    spec = ProxySpec(
        session.proxy_kind,
        session.proxy_host,
        int(session.proxy_port or 0),
        session.proxy_username,
        command=session.proxy_command,
    )
    if spec.username:
        try:
            spec.password = secrets.get_secret(secrets.proxy_entry(spec.host, spec.port), spec.username)
        except secrets.SecretsUnavailable:
            pass
    return spec


def target_for(session: Session) -> Target:
    keepalive = session.keepalive_s if session.keepalive_s is not None else settings.get("ssh.keepalive_s")
    return Target(
        host=session.host,
        port=session.port,
        username=session.username,
        timeout_s=settings.get("ssh.connect_timeout_s"),
        keepalive_s=keepalive,
        dead_after_s=settings.get("ssh.dead_after_s"),
        proxy=proxy_for(session),
        forward_agent=session.forward_agent,
    )


def credentials_for(session: Session, password: str | None = None, passphrase: str | None = None) -> Credentials:
    """Credentials for ``session``; secrets not passed in come from the keyring when it has them."""
    creds = Credentials(method=session.auth, identity_file=session.identity_file)
    try:
        if session.auth == "password":
            creds.password = (
                password if password is not None else secrets.get_secret(session.secret_key, session.username)
            )
        elif session.auth == "key_file":
            creds.passphrase = (
                passphrase
                if passphrase is not None
                else secrets.get_secret(secrets.passphrase_entry(session.identity_file), session.username)
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


def _jump_connection(
    session: Session,
    host_keys: HostKeyStore,
    ask_host_key: AskHostKey | None,
    passphrase: str | None,
    saved: Iterable[Session],
) -> Connection | None:
    """Build the chain of jump-host connections for ``session`` (innermost last), unconnected.

    A hop named like one of the ``saved`` sessions logs in the way that session does.
    """
    if not session.jump_host:
        return None
    saved = list(saved)
    via: Connection | None = None
    for host, port, user in parse_jump_hosts(session.jump_host):
        match = next(
            (
                s
                for s in saved
                if (s.name == host) or (s.host == host and s.port == port and (not user or s.username == user))
            ),
            None,
        )
        if match is not None:
            hop = Session.from_json(match.to_json())
            hop.jump_host = ""
        else:
            # An unknown bastion: log in the way the target does (same key, or the agent).
            hop = Session(name=host, host=host, port=port, username=user or session.username)
            hop.auth = session.auth if session.auth in ("key_file", "agent", "stored_key") else "agent"
            hop.identity_file = session.identity_file
            hop.id = session.id if session.auth == "stored_key" else hop.id
        via = Connection(
            target_for(hop), credentials_for(hop, passphrase=passphrase), host_keys, ask_host_key=ask_host_key, via=via
        )
    return via


def connection_for(
    session: Session,
    host_keys: HostKeyStore,
    ask_host_key: AskHostKey | None = None,
    on_drop: Callable[[str], None] | None = None,
    password: str | None = None,
    passphrase: str | None = None,
    ask_prompt: AskPrompt | None = None,
    ask_password: AskPassword | None = None,
    saved: Iterable[Session] = (),
) -> Connection:
    """``ask_password`` (password login): asked after the host key check when no password is known.

    ``host_keys``: the caller's store of trusted keys (the link's, the command line's); ``saved``: the
    caller's saved sessions, so a jump host named like one logs in the way it does.
    """
    return Connection(
        target_for(session),
        credentials_for(session, password, passphrase),
        host_keys,
        ask_host_key=ask_host_key,
        on_drop=on_drop,
        via=_jump_connection(session, host_keys, ask_host_key, passphrase, saved),
        ask_prompt=ask_prompt,
        ask_password=ask_password,
    )
