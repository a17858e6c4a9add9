import subprocess
from pathlib import Path

import pytest

from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.keys import fingerprint, generate_ed25519, load_key_file, load_key_text


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("keys")
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(d / "plain")], check=True)
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "pass phrase", "-f", str(d / "enc")], check=True)
    subprocess.run(["ssh-keygen", "-q", "-t", "rsa", "-b", "2048", "-m", "PEM", "-N", "pw-12345", "-f", str(d / "rsa_pem")], check=True)
    subprocess.run(["ssh-keygen", "-q", "-t", "ecdsa", "-N", "", "-f", str(d / "ecdsa")], check=True)
    return d


def test_loads_plain_encrypted_pem_and_ecdsa(keys: Path) -> None:
    assert load_key_file(keys / "plain").get_name() == "ssh-ed25519"
    assert load_key_file(keys / "enc", "pass phrase").get_name() == "ssh-ed25519"
    assert load_key_file(keys / "rsa_pem", "pw-12345").get_name() == "ssh-rsa"
    assert load_key_file(keys / "ecdsa").get_name().startswith("ecdsa-sha2")


def test_fingerprint_matches_ssh_keygen(keys: Path) -> None:
    expected = subprocess.run(["ssh-keygen", "-lf", str(keys / "plain.pub")], capture_output=True, text=True).stdout.split()[1]
    assert fingerprint(load_key_file(keys / "plain")) == expected


@pytest.mark.parametrize(
    ("name", "passphrase", "error"),
    [
        ("enc", None, E.PassphraseRequired),
        ("enc", "Xq-bad-9f", E.WrongPassphrase),
        ("rsa_pem", None, E.PassphraseRequired),
        ("rsa_pem", "Xq-bad-9f", E.WrongPassphrase),
        ("plain.pub", None, E.KeyFileError),
        ("missing", None, E.KeyFileError),
    ],
)
def test_key_problems_are_typed_and_explained(keys: Path, name: str, passphrase: str | None, error: type) -> None:
    with pytest.raises(error) as info:
        load_key_file(keys / name, passphrase)
    assert str(info.value)
    if passphrase:
        assert passphrase not in str(info.value), "a passphrase must never appear in a message"


def test_truncated_putty_key_and_dsa_keys_are_explained() -> None:
    with pytest.raises(E.KeyFileError, match="cut off"):
        load_key_text("PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\n")
    with pytest.raises(E.UnsupportedKey, match="DSA"):
        load_key_text("-----BEGIN DSA PRIVATE KEY-----\nabc\n-----END DSA PRIVATE KEY-----\n")


def test_generated_ed25519_loads_and_matches_its_public_line() -> None:
    private, public = generate_ed25519("me@laptop")
    key = load_key_text(private)
    assert public.split()[:2] == [key.get_name(), key.get_base64()]
    assert public.endswith("me@laptop")
