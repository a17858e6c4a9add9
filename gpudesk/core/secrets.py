"""The only module that touches the OS keyring.

Passwords, passphrases, imported private keys and API tokens live here and nowhere else.
Windows Credential Manager holds about 1 280 characters per entry, so anything longer is
split into chunks of at most 1 000 characters (a 4096-bit RSA key is ~3 300). With no
keyring backend at all, :func:`available` says so and every call raises
:class:`SecretsUnavailable`; the app keeps working and simply does not save secrets.

A "keyring" that keeps secrets in a plain file (keyrings.alt's PlaintextKeyring, which keyring
picks on a bare Linux without a Secret Service) or in a file whose password it asks for on a
console the app cannot show counts as *no* keyring unless the user opts in with the setting
``secrets.allow_plaintext_keyring`` (or ``GPUDESK_ALLOW_PLAINTEXT_KEYRING=1``, for CI and tests).
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gpudesk.core import settings
from gpudesk.core.i18n import msg

if TYPE_CHECKING:  # keyring is imported when first used: the test set-up picks its backend first
    from keyring.backend import KeyringBackend

SERVICE = "gpudesk"
CHUNK = 1000
_MARK = "gpudesk-chunks:"
ALLOW_ENV = "GPUDESK_ALLOW_PLAINTEXT_KEYRING"
_lock = threading.Lock()

# Backends that store nothing at all.
_NO_STORE = {("keyring.backends.fail", "Keyring"), ("keyring.backends.null", "Keyring")}
# File backends: readable by anything that can read the user's files, or (EncryptedKeyring)
# unlocked by a password typed on a console, which a desktop app does not have.
_FILE_STORE = {
    ("keyrings.alt.file", "PlaintextKeyring"),
    ("keyrings.alt.file", "EncryptedKeyring"),
    ("keyrings.alt.pyfs", "PlaintextKeyring"),
    ("keyrings.alt.pyfs", "EncryptedKeyring"),
}


class SecretsUnavailable(RuntimeError):
    """No usable keyring backend on this machine."""


@dataclass(frozen=True)
class BackendInfo:
    """What keyring chose here and whether gpudesk will keep secrets in it."""

    name: str  # the backend's class name, "none" when there is none
    kind: str  # "secure", "plaintext" (a file store) or "none"
    usable: bool
    reason: str  # why it is not used; "" when it is


def _kind(backend: KeyringBackend) -> str:
    cls = type(backend)
    key = (cls.__module__, cls.__name__)
    if key in _NO_STORE:
        return "none"
    if key in _FILE_STORE or "plaintext" in cls.__name__.lower():
        return "plaintext"
    children = getattr(backend, "backends", None)
    if children is not None and not children:
        return "none"  # an empty chainer stores nothing
    return "secure"


def plaintext_allowed() -> bool:
    """The user (or the test set-up) accepted a keyring that keeps secrets in a file."""
    if os.environ.get(ALLOW_ENV, "").strip().lower() in ("1", "true", "yes"):
        return True
    return bool(settings.get("secrets.allow_plaintext_keyring"))


def _choose() -> tuple[KeyringBackend | None, BackendInfo]:
    """(backend or None, BackendInfo) for the keyring keyring picked, after gpudesk's own rules."""
    import keyring

    backend = keyring.get_keyring()
    children = getattr(backend, "backends", None)
    if children:
        # A chainer reads from every child and writes to the first: keep only the ones we accept.
        allowed = plaintext_allowed()
        for child in children:
            if _kind(child) == "secure" or (_kind(child) == "plaintext" and allowed):
                backend = child
                break
        else:
            backend = next((c for c in children if _kind(c) == "plaintext"), children[0])
    name, kind = type(backend).__name__, _kind(backend)
    if kind == "none":
        reason = msg(
            "Secrets",
            "No secure password store was found on this computer, so passwords are not saved. "
            "On Linux install and unlock a Secret Service (GNOME Keyring or KWallet).",
        )
        return None, BackendInfo("none", "none", False, reason)
    if kind == "plaintext" and not plaintext_allowed():
        reason = msg(
            "Secrets",
            "The only password store on this computer ({name}) keeps secrets in a file without real "
            "protection, so passwords are not saved. Install and unlock a Secret Service (GNOME Keyring "
            "or KWallet), or allow the file store in Settings.",
            name=name,
        )
        return None, BackendInfo(name, kind, False, reason)
    return backend, BackendInfo(name, kind, True, "")


def _backend() -> KeyringBackend:
    backend, info = _choose()
    if backend is None:
        raise SecretsUnavailable(info.reason)
    return backend


def backend_info() -> BackendInfo:
    """The keyring backend in use (or refused) and why, for Settings and the diagnostics bundle."""
    return _choose()[1]


def available() -> bool:
    return backend_info().usable


def describe_backend() -> str:
    """The backend's class name, also when gpudesk refuses it ("none" when there is none)."""
    return backend_info().name


def set_secret(name: str, account: str, value: str) -> None:
    """Store ``value`` under ``name``/``account``, chunked when long."""
    backend = _backend()
    with _lock:
        _delete_locked(backend, name, account)
        if len(value) <= CHUNK and not value.startswith(_MARK):
            backend.set_password(_service(name), account, value)
            return
        chunks = [value[i : i + CHUNK] for i in range(0, len(value), CHUNK)]
        for index, chunk in enumerate(chunks):
            backend.set_password(_service(name, index), account, chunk)
        backend.set_password(_service(name), account, f"{_MARK}{len(chunks)}")


def get_secret(name: str, account: str) -> str | None:
    backend = _backend()
    with _lock:
        head = backend.get_password(_service(name), account)
        if head is None or not head.startswith(_MARK):
            return head
        count = int(head[len(_MARK) :])
        parts = []
        for index in range(count):
            part = backend.get_password(_service(name, index), account)
            if part is None:
                return None  # a damaged entry is as good as none
            parts.append(part)
        return "".join(parts)


def copy_secret(name: str, account: str, new_name: str, new_account: str) -> bool:
    """Store a copy of the secret ``name``/``account`` under ``new_name``/``new_account``.

    False when there is nothing to copy. The value never leaves this module's callers' stack.
    """
    value = get_secret(name, account)
    if value is None:
        return False
    set_secret(new_name, new_account, value)
    return True


def delete_secret(name: str, account: str) -> None:
    backend = _backend()
    with _lock:
        _delete_locked(backend, name, account)


def _delete_locked(backend: KeyringBackend, name: str, account: str) -> None:
    import keyring.errors

    head = backend.get_password(_service(name), account)
    if head is None:
        return
    if head.startswith(_MARK):
        for index in range(int(head[len(_MARK) :])):
            try:
                backend.delete_password(_service(name, index), account)
            except keyring.errors.PasswordDeleteError:
                pass
    try:
        backend.delete_password(_service(name), account)
    except keyring.errors.PasswordDeleteError:
        pass


def _service(name: str, chunk: int | None = None) -> str:
    base = f"{SERVICE}/{name}"
    return base if chunk is None else f"{base}#{chunk}"


# Names used across the app, so every caller spells them the same way.
def password_entry(host: str, port: int) -> str:
    return f"ssh@{host}:{port}"


def passphrase_entry(key_id: str) -> str:
    return f"passphrase:{key_id}"


def stored_key_entry(session_id: str) -> str:
    return f"key:{session_id}"


def api_token_entry(provider: str) -> str:
    return f"api:{provider}"


def proxy_entry(host: str, port: int) -> str:
    return f"proxy:{host}:{port}"
