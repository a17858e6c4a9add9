import subprocess
from pathlib import Path

import keyring
import pytest
from keyring.backends import fail

from gpudesk.core import secrets


def test_round_trip_and_delete(keyring_dir: Path) -> None:
    secrets.set_secret("ssh@h.example:22", "root", "hunter2-pw")
    assert secrets.get_secret("ssh@h.example:22", "root") == "hunter2-pw"
    assert secrets.get_secret("ssh@h.example:22", "other") is None
    secrets.delete_secret("ssh@h.example:22", "root")
    assert secrets.get_secret("ssh@h.example:22", "root") is None


def test_a_4096_bit_rsa_key_is_chunked_under_the_windows_limit(tmp_path: Path, keyring_dir: Path) -> None:
    subprocess.run(["ssh-keygen", "-q", "-t", "rsa", "-b", "4096", "-N", "", "-f", str(tmp_path / "k")], check=True)
    text = (tmp_path / "k").read_text()
    assert len(text) > 3000
    secrets.set_secret("key:abc", "root", text)
    backend = keyring.get_keyring()
    head = backend.get_password("gpudesk/key:abc", "root")
    assert head.startswith("gpudesk-chunks:")
    count = int(head.split(":")[1])
    parts = [backend.get_password(f"gpudesk/key:abc#{i}", "root") for i in range(count)]
    assert all(len(p) <= 1000 for p in parts), "each entry must fit Windows Credential Manager"
    assert secrets.get_secret("key:abc", "root") == text
    # Replacing a long secret with a short one leaves no stale chunks behind.
    secrets.set_secret("key:abc", "root", "short")
    assert secrets.get_secret("key:abc", "root") == "short"
    assert backend.get_password("gpudesk/key:abc#0", "root") is None


def test_no_backend_is_reported_not_crashed(monkeypatch: pytest.MonkeyPatch) -> None:
    previous = keyring.get_keyring()
    keyring.set_keyring(fail.Keyring())
    try:
        assert not secrets.available()
        with pytest.raises(secrets.SecretsUnavailable, match="not saved"):
            secrets.set_secret("x", "y", "z")
    finally:
        keyring.set_keyring(previous)
    assert secrets.available()
