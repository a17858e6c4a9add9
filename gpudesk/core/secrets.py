"""The only module that touches the OS keyring.

Passwords, passphrases, imported private keys and API tokens live here and nowhere else.
Windows Credential Manager holds about 1 280 characters per entry, so anything longer is
split into chunks of at most 1 000 characters (a 4096-bit RSA key is ~3 300). With no
keyring backend at all, :func:`available` says so and every call raises
:class:`SecretsUnavailable`; the app keeps working and simply does not save secrets.
"""

from __future__ import annotations

import threading

SERVICE = "gpudesk"
CHUNK = 1000
_MARK = "gpudesk-chunks:"
_lock = threading.Lock()


class SecretsUnavailable(RuntimeError):
    """No usable keyring backend on this machine."""


def _backend():  # type: ignore[no-untyped-def]
    import keyring
    from keyring.backends import fail

    backend = keyring.get_keyring()
    children = getattr(backend, "backends", None)
    if isinstance(backend, fail.Keyring) or (children is not None and not children):
        raise SecretsUnavailable(
            "No secure password store was found on this computer, so passwords are not saved. "
            "On Linux install and unlock a Secret Service (GNOME Keyring or KWallet)."
        )
    return backend


def available() -> bool:
    try:
        _backend()
    except SecretsUnavailable:
        return False
    return True


def describe_backend() -> str:
    try:
        backend = _backend()
    except SecretsUnavailable:
        return "none"
    return type(backend).__name__


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


def delete_secret(name: str, account: str) -> None:
    backend = _backend()
    with _lock:
        _delete_locked(backend, name, account)


def _delete_locked(backend, name: str, account: str) -> None:  # type: ignore[no-untyped-def]
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
