"""PuTTY ``.ppk`` private keys (format versions 2 and 3): load them and convert them to OpenSSH.

Implements the format as PuTTY's manual documents it (appendix C, "PPK file format"):

* Header lines ``PuTTY-User-Key-File-N: <algorithm>``, ``Encryption``, ``Comment``, ``Public-Lines``
  (+ base64), for v3 with encryption the ``Key-Derivation`` / ``Argon2-*`` lines, ``Private-Lines``
  (+ base64) and ``Private-MAC``.
* v2: AES-256-CBC key = SHA-1(0,0,0,0 ‖ pass) ‖ SHA-1(0,0,0,1 ‖ pass), first 32 bytes, zero IV;
  MAC = HMAC-SHA-1 keyed with SHA-1("putty-private-key-file-mac-key" ‖ pass).
* v3: Argon2 (d, i or id) over the passphrase and salt gives 80 bytes: cipher key 32, IV 16, MAC key 32;
  unencrypted keys use an empty MAC key. MAC = HMAC-SHA-256.
* The MAC covers string(algorithm), string(encryption), string(comment), string(public blob),
  string(private blob, padding included), each as an SSH string.

Argon2 needs the ``argon2-cffi`` package, and only for encrypted v3 keys.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import io
import struct

import paramiko
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from gpudesk.core.ssh.errors import KeyFileError, PassphraseRequired, UnsupportedKey, WrongPassphrase

#: the private keys a .ppk file can hold that this module reads
_PrivateKey = rsa.RSAPrivateKey | ec.EllipticCurvePrivateKey | ed25519.Ed25519PrivateKey

_CURVES: dict[str, ec.EllipticCurve] = {
    "nistp256": ec.SECP256R1(),
    "nistp384": ec.SECP384R1(),
    "nistp521": ec.SECP521R1(),
}
_KDF_TYPES = {"argon2d": 0, "argon2i": 1, "argon2id": 2}
#: Bounds on the Argon2 cost a file may ask for, so a hostile file cannot take the machine's memory.
MAX_ARGON2_MEMORY_KIB = 1024 * 1024
MAX_ARGON2_PASSES = 1000
MAX_ARGON2_WORK = 16 * 1024 * 1024  # memory (KiB) × passes: PuTTYgen's default is 8 MiB × ~20


def is_ppk(text: str) -> bool:
    return text.lstrip().startswith("PuTTY-User-Key-File-")


class _Reader:
    """SSH wire-format reader over one blob."""

    def __init__(self, data: bytes) -> None:
        self.data, self.pos = data, 0

    def string(self) -> bytes:
        if self.pos + 4 > len(self.data):
            raise ValueError("blob cut short")
        (length,) = struct.unpack(">I", self.data[self.pos : self.pos + 4])
        start = self.pos + 4
        if start + length > len(self.data):
            raise ValueError("blob cut short")
        self.pos = start + length
        return self.data[start : self.pos]

    def mpint(self) -> int:
        return int.from_bytes(self.string(), "big", signed=True)


def _ssh_string(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


class _PpkFile:
    """The parsed fields of a .ppk file, before decryption."""

    def __init__(self, text: str, source: str) -> None:
        self.source = source
        lines = [line.rstrip("\r") for line in text.strip().splitlines()]
        self.pos = 0
        self.lines = lines
        key, value = self._header()
        if not key.startswith("PuTTY-User-Key-File-"):
            raise KeyFileError(f"{source} is not a PuTTY key file.")
        version = key.rsplit("-", 1)[-1]
        if version not in ("2", "3"):
            raise UnsupportedKey(
                f"{source} is a PuTTY key in format version {version}. Open it in a current PuTTYgen and save it again."
            )
        self.version = int(version)
        self.algorithm = value
        self.encryption = self._expect("Encryption")
        self.comment = self._expect("Comment")
        self.public = self._blob("Public-Lines")
        self.kdf: dict[str, str] = {}
        if self.version == 3 and self.encryption != "none":
            self.kdf["type"] = self._expect("Key-Derivation")
            for name in ("Argon2-Memory", "Argon2-Passes", "Argon2-Parallelism", "Argon2-Salt"):
                self.kdf[name] = self._expect(name)
        self.private = self._blob("Private-Lines")
        self.mac = self._expect("Private-MAC")

    def _header(self) -> tuple[str, str]:
        if self.pos >= len(self.lines):
            raise KeyFileError(f"{self.source} is cut off (truncated PuTTY key file).")
        line = self.lines[self.pos]
        self.pos += 1
        key, sep, value = line.partition(": ")
        if not sep:
            raise KeyFileError(f"{self.source} is damaged: line {self.pos} should be 'Name: value'.")
        return key.strip(), value.strip()

    def _expect(self, name: str) -> str:
        key, value = self._header()
        if key != name:
            raise KeyFileError(f"{self.source} is damaged: expected '{name}' on line {self.pos}, found '{key}'.")
        return value

    def _blob(self, name: str) -> bytes:
        count_text = self._expect(name)
        if not count_text.isdigit() or int(count_text) > 10_000:
            raise KeyFileError(f"{self.source} is damaged: '{name}: {count_text}' is not a line count.")
        count = int(count_text)
        if self.pos + count > len(self.lines):
            raise KeyFileError(f"{self.source} is cut off (truncated PuTTY key file).")
        body = "".join(self.lines[self.pos : self.pos + count])
        self.pos += count
        try:
            return base64.b64decode(body, validate=True)
        except ValueError:
            raise KeyFileError(
                f"{self.source} is damaged: the {name.split('-')[0].lower()} key is not valid base64."
            ) from None


def _argon2(kdf: dict[str, str], passphrase: bytes, source: str) -> bytes:
    kind = kdf["type"].lower()
    if kind not in _KDF_TYPES:
        raise UnsupportedKey(f"{source} uses the key derivation '{kdf['type']}', which is not supported.")
    try:
        memory = int(kdf["Argon2-Memory"])
        passes = int(kdf["Argon2-Passes"])
        parallelism = int(kdf["Argon2-Parallelism"])
        salt = bytes.fromhex(kdf["Argon2-Salt"])
    except ValueError:
        raise KeyFileError(f"{source} is damaged: its Argon2 parameters are not numbers.") from None
    if not (
        1 <= memory <= MAX_ARGON2_MEMORY_KIB
        and 1 <= passes <= MAX_ARGON2_PASSES
        and 1 <= parallelism <= 255
        and memory * passes <= MAX_ARGON2_WORK
    ):
        raise UnsupportedKey(
            f"{source} asks for Argon2 settings outside safe limits (memory {memory} KiB, passes {passes})."
        )
    try:
        from argon2.low_level import Type, hash_secret_raw
    except ImportError:
        raise UnsupportedKey(
            f"{source} is an encrypted PuTTY v3 key, which needs the argon2-cffi package "
            "(pip install argon2-cffi). Or export it from PuTTYgen: Conversions → Export OpenSSH key."
        ) from None
    argon_type = {0: Type.D, 1: Type.I, 2: Type.ID}[_KDF_TYPES[kind]]
    try:
        return hash_secret_raw(passphrase, salt, passes, memory, parallelism, 80, argon_type)
    except Exception as exc:  # noqa: BLE001 - argon2 raises its own error types on bad parameters
        raise KeyFileError(f"{source}: its Argon2 parameters are not valid ({exc}).") from None


def _decrypt(ppk: _PpkFile, passphrase: str | None) -> bytes:
    """Check the MAC and return the private blob (decrypted)."""
    source = ppk.source
    encrypted = ppk.encryption != "none"
    if ppk.encryption not in ("none", "aes256-cbc"):
        raise UnsupportedKey(f"{source} is encrypted with '{ppk.encryption}', which PuTTY key files do not use.")
    if encrypted and not passphrase:
        raise PassphraseRequired(f"{source} is protected by a passphrase. Enter it to use the key.")
    secret = (passphrase or "").encode("utf-8") if encrypted else b""
    private = ppk.private
    if ppk.version == 2:
        mac_key = hashlib.sha1(b"putty-private-key-file-mac-key" + secret).digest()
        digest = hashlib.sha1
        if encrypted:
            key = (hashlib.sha1(b"\0\0\0\0" + secret).digest() + hashlib.sha1(b"\0\0\0\1" + secret).digest())[:32]
            private = _aes_cbc(key, b"\0" * 16, private, source)
    else:
        digest = hashlib.sha256
        if encrypted:
            material = _argon2(ppk.kdf, secret, source)
            key, iv, mac_key = material[:32], material[32:48], material[48:80]
            private = _aes_cbc(key, iv, private, source)
        else:
            mac_key = b""
    data = b"".join(
        _ssh_string(part)
        for part in (ppk.algorithm.encode(), ppk.encryption.encode(), ppk.comment.encode("utf-8"), ppk.public, private)
    )
    expected = hmac.new(mac_key, data, digest).hexdigest()
    if not hmac.compare_digest(expected.encode("ascii"), ppk.mac.strip().lower().encode("utf-8")):
        if encrypted:
            raise WrongPassphrase(f"The passphrase for {source} is wrong.")
        raise KeyFileError(f"{source} is damaged: its checksum (Private-MAC) does not match.")
    return private


def _aes_cbc(key: bytes, iv: bytes, data: bytes, source: str) -> bytes:
    if len(data) % 16:
        raise KeyFileError(f"{source} is damaged: the encrypted key has a wrong length.")
    decryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).decryptor()
    return decryptor.update(data) + decryptor.finalize()


def _private_key(ppk: _PpkFile, private: bytes) -> _PrivateKey:
    """Build the ``cryptography`` private key from the public and private blobs."""
    pub, priv = _Reader(ppk.public), _Reader(private)
    name = pub.string().decode("ascii", "replace")
    if name != ppk.algorithm:
        raise KeyFileError(f"{ppk.source} is damaged: it says {ppk.algorithm} but holds a {name} key.")
    if name == "ssh-rsa":
        e, n = pub.mpint(), pub.mpint()
        d, p, q, iqmp = priv.mpint(), priv.mpint(), priv.mpint(), priv.mpint()
        if p * q != n:
            raise KeyFileError(f"{ppk.source} is damaged: its RSA numbers do not match.")
        numbers = rsa.RSAPrivateNumbers(p, q, d, d % (p - 1), d % (q - 1), iqmp, rsa.RSAPublicNumbers(e, n))
        return numbers.private_key()
    if name.startswith("ecdsa-sha2-"):
        curve = _CURVES.get(pub.string().decode("ascii", "replace"))
        if curve is None:
            raise UnsupportedKey(f"{ppk.source} uses an unsupported elliptic curve.")
        point = pub.string()
        key = ec.derive_private_key(priv.mpint(), curve)
        if (
            key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
            != point
        ):
            raise KeyFileError(f"{ppk.source} is damaged: its private and public keys do not match.")
        return key
    if name == "ssh-ed25519":
        public = pub.string()
        secret = priv.string()
        edkey = ed25519.Ed25519PrivateKey.from_private_bytes(secret[:32])
        if edkey.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw) != public:
            raise KeyFileError(f"{ppk.source} is damaged: its private and public keys do not match.")
        return edkey
    if name == "ssh-dss":
        raise UnsupportedKey(f"{ppk.source} is a DSA key, which current servers refuse. Create an ed25519 key instead.")
    raise UnsupportedKey(f"{ppk.source} is a {name} key, which is not supported. Use ed25519, RSA or ECDSA.")


def _crypto_key(text: str, passphrase: str | None, source: str) -> tuple[_PrivateKey, str]:
    ppk = _PpkFile(text, source)
    private = _decrypt(ppk, passphrase)
    try:
        return _private_key(ppk, private), ppk.comment
    except (ValueError, struct.error) as exc:
        raise KeyFileError(f"{source} is damaged: {exc}.") from None


def ppk_to_openssh(
    text: str, passphrase: str | None = None, new_passphrase: str | None = None, source: str = "the PuTTY key"
) -> str:
    """Convert .ppk text to OpenSSH private key text (encrypted with ``new_passphrase`` when given)."""
    key, _comment = _crypto_key(text, passphrase, source)
    encryption = (
        serialization.BestAvailableEncryption(new_passphrase.encode("utf-8"))
        if new_passphrase
        else serialization.NoEncryption()
    )
    pem: bytes = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH, encryption)
    return pem.decode("ascii")


def load_ppk(text: str, passphrase: str | None = None, source: str = "the PuTTY key") -> paramiko.PKey:
    """Load .ppk text as a paramiko key.

    Raises:
        PassphraseRequired, WrongPassphrase, UnsupportedKey, KeyFileError: with a message for the user.
    """
    key, _comment = _crypto_key(text, passphrase, source)
    openssh = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.OpenSSH, serialization.NoEncryption()
    ).decode("ascii")
    if isinstance(key, rsa.RSAPrivateKey):
        cls: type[paramiko.PKey] = paramiko.RSAKey
    elif isinstance(key, ed25519.Ed25519PrivateKey):
        cls = paramiko.Ed25519Key
    else:
        cls = paramiko.ECDSAKey
    return cls.from_private_key(io.StringIO(openssh))


def public_line(text: str) -> str:
    """The OpenSSH public key line of a .ppk (needs no passphrase: the public half is stored in clear)."""
    ppk = _PpkFile(text, "the PuTTY key")
    line = f"{ppk.algorithm} {base64.b64encode(ppk.public).decode('ascii')}"
    return f"{line} {ppk.comment}" if ppk.comment else line
