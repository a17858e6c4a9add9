"""A keyring that keeps secrets in a plain file is no keyring unless the user says so."""

from __future__ import annotations

from pathlib import Path

import keyring
import pytest
from keyring.backends import chainer, fail, null
from keyrings.alt.file import EncryptedKeyring, PlaintextKeyring

from gpudesk.core import secrets, settings

SECRET = "Pl41n-F1le-Secret-value"


@pytest.fixture
def no_opt_in(monkeypatch: pytest.MonkeyPatch) -> None:
    """As on a user's machine: no test opt-in in the environment, the setting at its default."""
    monkeypatch.delenv(secrets.ALLOW_ENV, raising=False)
    assert settings.get("secrets.allow_plaintext_keyring") is False


@pytest.fixture
def swap_keyring():
    previous = keyring.get_keyring()
    yield keyring.set_keyring
    keyring.set_keyring(previous)


def _file_text() -> str:
    path = Path(PlaintextKeyring().file_path)
    return path.read_text("utf-8", errors="replace") if path.exists() else ""


def test_the_plaintext_file_backend_is_refused_and_nothing_is_written(no_opt_in, keyring_dir: Path) -> None:
    assert type(keyring.get_keyring()).__name__ == "PlaintextKeyring"
    before = _file_text()
    assert not secrets.available()
    with pytest.raises(secrets.SecretsUnavailable, match=r"PlaintextKeyring.*file.*not saved"):
        secrets.set_secret("ssh@plain.example:22", "root", SECRET)
    with pytest.raises(secrets.SecretsUnavailable):
        secrets.get_secret("ssh@plain.example:22", "root")
    assert _file_text() == before
    assert SECRET not in _file_text()
    info = secrets.backend_info()
    assert (info.name, info.kind, info.usable) == ("PlaintextKeyring", "plaintext", False)
    assert "Settings" in info.reason


def test_the_setting_opts_in_to_the_file_backend(no_opt_in, keyring_dir: Path) -> None:
    settings.set("secrets.allow_plaintext_keyring", True)
    assert secrets.available()
    secrets.set_secret("ssh@optin.example:22", "root", SECRET)
    assert secrets.get_secret("ssh@optin.example:22", "root") == SECRET
    secrets.delete_secret("ssh@optin.example:22", "root")
    assert secrets.backend_info().usable


def test_the_null_backends_are_refused_even_with_the_opt_in(swap_keyring) -> None:
    settings.set("secrets.allow_plaintext_keyring", True)
    for backend in (null.Keyring(), fail.Keyring()):
        swap_keyring(backend)
        assert not secrets.available()
        with pytest.raises(secrets.SecretsUnavailable, match="not saved"):
            secrets.set_secret("x", "y", SECRET)
        assert secrets.backend_info().kind == "none"


def test_the_console_password_file_backend_is_refused_without_opt_in(no_opt_in, swap_keyring) -> None:
    # Built without its constructor: it needs pycryptodome, and gpudesk decides on its type alone.
    swap_keyring(object.__new__(EncryptedKeyring))
    info = secrets.backend_info()
    assert (info.name, info.kind, info.usable) == ("EncryptedKeyring", "plaintext", False)
    with pytest.raises(secrets.SecretsUnavailable):
        secrets.set_secret("x", "y", SECRET)


def test_a_chainer_does_not_fall_back_to_a_file_child(no_opt_in, swap_keyring, keyring_dir: Path) -> None:
    class FileOnlyChain(chainer.ChainerBackend):
        backends = [PlaintextKeyring()]

    swap_keyring(FileOnlyChain())
    before = _file_text()
    assert not secrets.available()
    with pytest.raises(secrets.SecretsUnavailable, match="PlaintextKeyring"):
        secrets.set_secret("ssh@chain.example:22", "root", SECRET)
    assert _file_text() == before
