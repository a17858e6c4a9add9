"""PuTTY .ppk keys (v2 and v3, made by puttygen) load and convert to OpenSSH keys that OpenSSH accepts."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import paramiko
import pytest

from gpudesk.core.ssh.errors import KeyFileError, PassphraseRequired, UnsupportedKey, WrongPassphrase
from gpudesk.core.ssh.ppk import is_ppk, load_ppk, ppk_to_openssh, public_line

PPK = Path(__file__).resolve().parents[1] / "fixtures" / "sessions" / "ppk"
PASSPHRASE = "correct horse 电池"
KEYS = sorted(PPK.glob("*.ppk"))
try:
    import argon2  # noqa: F401

    HAVE_ARGON2 = True
except ImportError:  # encrypted v3 keys need argon2-cffi; without it they must fail with a clear message
    HAVE_ARGON2 = False


def needs_argon2(path: Path) -> bool:
    return "Key-Derivation:" in path.read_text()


def passphrase_for(path: Path) -> str | None:
    return None if "plain" in path.name else PASSPHRASE


def puttygen_public(path: Path) -> str:
    """The public key puttygen itself printed for this file (kept next to it)."""
    return path.with_suffix(".pub").read_text().split()[1]


def test_fixtures_cover_both_versions_and_all_kdfs() -> None:
    heads = {p.read_text().splitlines()[0] for p in KEYS}
    assert {"PuTTY-User-Key-File-2: ssh-rsa", "PuTTY-User-Key-File-3: ssh-ed25519"} <= heads
    kdfs = {line.split(": ")[1] for p in KEYS for line in p.read_text().splitlines() if line.startswith("Key-Derivation")}
    assert kdfs == {"Argon2id", "Argon2i", "Argon2d"}


@pytest.mark.parametrize("path", KEYS, ids=lambda p: p.name)
def test_load_matches_puttygens_public_key(path: Path) -> None:
    text = path.read_text()
    assert is_ppk(text)
    if needs_argon2(path) and not HAVE_ARGON2:
        with pytest.raises(UnsupportedKey, match="argon2-cffi"):
            load_ppk(text, passphrase_for(path), source=path.name)
        return
    key = load_ppk(text, passphrase_for(path), source=path.name)
    assert key.get_base64() == puttygen_public(path)
    assert public_line(text).split()[1] == puttygen_public(path)
    # The loaded key signs, and the signature verifies against the public half from the file.
    data = b"gpudesk"
    sig = key.sign_ssh_data(data)
    pub = paramiko.PKey.from_type_string(key.get_name(), key.asbytes())
    assert pub.verify_ssh_sig(data, paramiko.Message(sig.asbytes()))
    assert not pub.verify_ssh_sig(b"other data", paramiko.Message(sig.asbytes()))


@pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="OpenSSH ssh-keygen not installed")
@pytest.mark.parametrize("path", [KEYS[0], PPK / "rsa3072_v3_argon2d.ppk", PPK / "ed25519_v3_argon2id.ppk"], ids=lambda p: p.name)
def test_converted_key_is_accepted_by_openssh(path: Path, tmp_path: Path) -> None:
    if needs_argon2(path):
        pytest.importorskip("argon2", reason="encrypted PuTTY v3 keys need argon2-cffi")
    out = tmp_path / "id"
    out.write_text(ppk_to_openssh(path.read_text(), passphrase_for(path), new_passphrase="new pass"))
    out.chmod(0o600)
    assert out.read_text().startswith("-----BEGIN OPENSSH PRIVATE KEY-----")
    derived = subprocess.run(["ssh-keygen", "-y", "-P", "new pass", "-f", str(out)], capture_output=True, text=True, check=True)
    assert derived.stdout.split()[1] == puttygen_public(path)
    # and paramiko reads it back with the new passphrase
    reloaded = paramiko.PKey.from_path(out, password=b"new pass")  # type: ignore[arg-type]
    assert reloaded.get_base64() == puttygen_public(path)


def test_passphrase_errors() -> None:
    text = (PPK / "rsa2048_v2_enc.ppk").read_text()
    with pytest.raises(PassphraseRequired):
        load_ppk(text, None)
    with pytest.raises(WrongPassphrase):
        load_ppk(text, "wrong")
    if HAVE_ARGON2:
        with pytest.raises(WrongPassphrase):
            load_ppk((PPK / "ed25519_v3_argon2id.ppk").read_text(), "wrong")


def test_tampered_and_truncated_files() -> None:
    text = (PPK / "ed25519_v3_plain.ppk").read_text()
    lines = text.splitlines()
    mac_line = next(i for i, line in enumerate(lines) if line.startswith("Private-MAC"))
    bad_mac = lines[mac_line][:-1] + ("0" if lines[mac_line][-1] != "0" else "1")
    with pytest.raises(KeyFileError, match="checksum"):
        load_ppk("\n".join(lines[:mac_line] + [bad_mac]), None)
    changed_comment = text.replace("Comment: ed25519-v3-plain", "Comment: someone else")
    with pytest.raises(KeyFileError, match="checksum"):
        load_ppk(changed_comment, None)
    with pytest.raises(KeyFileError, match="cut off|truncated"):
        load_ppk("\n".join(lines[:5]), None)
    with pytest.raises(UnsupportedKey, match="version 1"):
        load_ppk(text.replace("PuTTY-User-Key-File-3", "PuTTY-User-Key-File-1"), None)


def test_hostile_argon2_cost_is_refused() -> None:
    """Checked before argon2 is even imported, so it holds with or without argon2-cffi."""
    text = (PPK / "ed25519_v3_argon2id.ppk").read_text().replace("Argon2-Memory: 8192", "Argon2-Memory: 99999999")
    with pytest.raises(UnsupportedKey, match="safe limits"):
        load_ppk(text, PASSPHRASE)


def test_openssh_output_loads_with_paramiko_without_passphrase() -> None:
    text = ppk_to_openssh((PPK / "ecdsa384_v2_enc.ppk").read_text(), PASSPHRASE)
    key = paramiko.ECDSAKey.from_private_key(io.StringIO(text))
    assert key.get_base64() == puttygen_public(PPK / "ecdsa384_v2_enc.ppk")
