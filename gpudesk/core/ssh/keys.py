"""Private keys: load any OpenSSH/PEM key with clear errors, generate ed25519 pairs."""

from __future__ import annotations

import base64
import hashlib
import io
import os
import struct
from pathlib import Path

import paramiko

from gpudesk.core.i18n import msg
from gpudesk.core.ssh.errors import KeyFileError, PassphraseRequired, UnsupportedKey, WrongPassphrase
from gpudesk.core.ssh.ppk import load_ppk

_CLASSES = {
    "ssh-ed25519": paramiko.Ed25519Key,
    "ssh-rsa": paramiko.RSAKey,
    "ecdsa-sha2-nistp256": paramiko.ECDSAKey,
    "ecdsa-sha2-nistp384": paramiko.ECDSAKey,
    "ecdsa-sha2-nistp521": paramiko.ECDSAKey,
}


def load_key_file(path: str | os.PathLike[str], passphrase: str | None = None) -> paramiko.PKey:
    path = Path(os.path.expanduser(str(path)))
    try:
        text = path.read_text("utf-8", errors="replace")
    except FileNotFoundError:
        raise KeyFileError(msg("ConnectError", "The key file {path} does not exist.", path=str(path))) from None
    except PermissionError:
        raise KeyFileError(
            msg("ConnectError", "The key file {path} cannot be read (permission denied).", path=str(path))
        ) from None
    except OSError as exc:
        raise KeyFileError(
            msg("ConnectError", "The key file {path} cannot be read: {error}.", path=str(path), error=str(exc.strerror))
        ) from None
    return load_key_text(text, passphrase, source=str(path))


def load_key_text(text: str, passphrase: str | None = None, source: str | None = None) -> paramiko.PKey:
    """Load a private key from its text; raise a typed error a novice can act on."""
    if source is None:
        source = msg("ConnectError", "the stored key")
    head = text.lstrip()[:80]
    if head.startswith("PuTTY-User-Key-File"):
        return load_ppk(text, passphrase, source)
    if head.startswith("ssh-") or head.startswith("ecdsa-"):
        raise KeyFileError(
            msg(
                "ConnectError",
                "{source} is a public key. Choose the private key (the file without .pub).",
                source=source,
            )
        )
    if "BEGIN DSA PRIVATE KEY" in head:
        raise UnsupportedKey(
            msg(
                "ConnectError",
                "{source} is a DSA key, which current servers refuse. Create an ed25519 key instead.",
                source=source,
            )
        )
    if "BEGIN OPENSSH PRIVATE KEY" in head:
        key_type = _openssh_key_type(text)
        cls = _CLASSES.get(key_type)
        if cls is None:
            raise UnsupportedKey(
                msg(
                    "ConnectError",
                    "{source} is a {kind} key, which is not supported. Use ed25519, RSA or ECDSA.",
                    source=source,
                    kind=key_type or msg("ConnectError", "unknown"),
                )
            )
        classes: list[type[paramiko.PKey]] = [cls]
    elif "BEGIN RSA PRIVATE KEY" in head:
        classes = [paramiko.RSAKey]
    elif "BEGIN EC PRIVATE KEY" in head:
        classes = [paramiko.ECDSAKey]
    elif "BEGIN PRIVATE KEY" in head or "BEGIN ENCRYPTED PRIVATE KEY" in head:
        classes = [paramiko.RSAKey, paramiko.ECDSAKey, paramiko.Ed25519Key]
    else:
        raise KeyFileError(msg("ConnectError", "{source} is not a private key file this app can read.", source=source))
    last: Exception | None = None
    for cls in classes:
        try:
            return cls.from_private_key(io.StringIO(text), password=passphrase or None)
        except paramiko.PasswordRequiredException:
            raise PassphraseRequired(
                msg("ConnectError", "{source} is protected by a passphrase. Enter it to use the key.", source=source)
            ) from None
        except (paramiko.SSHException, ValueError, TypeError) as exc:
            last = exc
    if passphrase:
        raise WrongPassphrase(msg("ConnectError", "The passphrase for {source} is wrong.", source=source)) from None
    raise KeyFileError(
        msg("ConnectError", "{source} could not be read as a private key ({error}).", source=source, error=str(last))
    ) from None


def _openssh_key_type(text: str) -> str:
    body = "".join(line.strip() for line in text.splitlines() if line and not line.startswith("-----"))
    try:
        blob = base64.b64decode(body)
        magic = b"openssh-key-v1\x00"
        if not blob.startswith(magic):
            return ""
        pos = len(magic)
        for _ in range(3):  # ciphername, kdfname, kdfoptions
            (length,) = struct.unpack(">I", blob[pos : pos + 4])
            pos += 4 + length
        pos += 4  # number of keys
        pos += 4  # length of the public key blob
        (length,) = struct.unpack(">I", blob[pos : pos + 4])
        return blob[pos + 4 : pos + 4 + length].decode("ascii")
    except (ValueError, struct.error, UnicodeDecodeError):
        return ""


def generate_ed25519(comment: str = "gpudesk") -> tuple[str, str]:
    """Return ``(private_key_openssh_text, public_key_line)`` for a new ed25519 key."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    key = Ed25519PrivateKey.generate()
    private = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH, serialization.NoEncryption()
    ).decode("ascii")
    public = key.public_key().public_bytes(serialization.Encoding.OpenSSH, serialization.PublicFormat.OpenSSH)
    return private, f"{public.decode('ascii')} {comment}"


def public_line(key: paramiko.PKey, comment: str = "gpudesk") -> str:
    return f"{key.get_name()} {key.get_base64()} {comment}"


def fingerprint(key: paramiko.PKey) -> str:
    """OpenSSH-style ``SHA256:…`` fingerprint (what ``ssh-keygen -lf`` prints)."""
    digest = hashlib.sha256(key.asbytes()).digest()
    return "SHA256:" + base64.b64encode(digest).decode("ascii").rstrip("=")
