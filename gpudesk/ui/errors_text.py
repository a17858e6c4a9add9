"""A translated headline for every connection failure class.

Core messages carry the specifics (host, port, fingerprints); most are a
:class:`~gpudesk.core.i18n.Msg`, shown in the UI language by ``tr_msg`` (the others stay English).
In another language the UI puts a translated explanation of the failure class above them, so
every failure is explained in the user's language.
"""

from __future__ import annotations

from gpudesk.ui.i18n import tr_msg
from gpudesk.ui.qt import QT_TRANSLATE_NOOP, QCoreApplication

HEADLINES = {
    "dns": QT_TRANSLATE_NOOP("ConnectError", "The server name could not be found. Check the spelling and your internet connection."),
    "refused": QT_TRANSLATE_NOOP("ConnectError", "The server refused the connection: check the port number and that the server is running."),
    "timeout": QT_TRANSLATE_NOOP("ConnectError", "The server did not answer in time: it may be off, or a firewall or the network is in the way."),
    "auth": QT_TRANSLATE_NOOP("ConnectError", "Login failed: the user name or password is wrong, or the server does not allow this login method."),
    "key_rejected": QT_TRANSLATE_NOOP("ConnectError", "The server rejected the key: its public key must be in ~/.ssh/authorized_keys on the server."),
    "passphrase_required": QT_TRANSLATE_NOOP("ConnectError", "This private key is protected by a passphrase: enter it to use the key."),
    "wrong_passphrase": QT_TRANSLATE_NOOP("ConnectError", "The passphrase of the private key is wrong."),
    "unsupported_key": QT_TRANSLATE_NOOP("ConnectError", "This kind of key cannot be used: convert it, or create an ed25519 key."),
    "key_file": QT_TRANSLATE_NOOP("ConnectError", "The private key file cannot be read."),
    "host_key_unknown": QT_TRANSLATE_NOOP("ConnectError", "This server is new and its host key is not trusted yet."),
    "host_key_changed": QT_TRANSLATE_NOOP("ConnectError", "WARNING: the server's host key has CHANGED. Someone may be intercepting the connection, or the server was reinstalled: confirm the new key with your provider before you connect."),
    "host_key_revoked": QT_TRANSLATE_NOOP("ConnectError", "BLOCKED: the server presented a host key that your known_hosts file marks as revoked. Do not connect; ask your provider what happened to the server."),
    "host_key_rejected": QT_TRANSLATE_NOOP("ConnectError", "You did not trust the server's key, so the connection was closed."),
    "closed": QT_TRANSLATE_NOOP("ConnectError", "The server closed the connection: check that the port is the SSH port and that the server is up."),
    "cancelled": QT_TRANSLATE_NOOP("ConnectError", "Connecting was cancelled."),
    "dropped": QT_TRANSLATE_NOOP("ConnectError", "The connection was lost."),
}


def explain(exc: BaseException) -> str:
    """The message to show: the core's text in the UI language, under a translated headline when one applies."""
    detail = tr_msg(exc)
    source = HEADLINES.get(getattr(exc, "kind", ""))
    if source is None:
        return detail
    headline = QCoreApplication.translate("ConnectError", source)
    # English needs no headline (the detail says it); nor does a detail that is the headline already.
    return detail if headline == source or detail == headline else f"{headline}\n{detail}"
