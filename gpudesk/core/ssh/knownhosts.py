"""OpenSSH known_hosts files, read line by line as OpenSSH reads them.

One bad line (a broken base64 field, an unknown marker, bytes that are not UTF-8) is
skipped on its own: it never makes the rest of the file count as empty, and it is kept
byte-for-byte when the file is rewritten. Host matching follows OpenSSH's ``hostfile.c`` /
``match.c``: the host name is lower-cased, ``[host]:port`` for ports other than 22, comma
lists, ``*`` and ``?`` wildcards, ``!negation`` (a negated match excludes the line) and
hashed names (``|1|salt|hash``).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
import struct
from dataclasses import dataclass

from gpudesk.core.sshsyntax import host_entry as host_entry  # the name OpenSSH looks a host up by

MARKER_REVOKED = "@revoked"
MARKER_CA = "@cert-authority"
_MARKERS = (MARKER_REVOKED, MARKER_CA)
_LINE = re.compile(rb"[^\n]*\n|[^\n]+\Z")


@dataclass(frozen=True)
class Line:
    """One line of a known_hosts file. ``key_type`` is empty for comments and unparseable lines."""

    raw: bytes
    marker: str = ""
    hosts: str = ""
    key_type: str = ""
    blob: bytes = b""
    hosts_span: tuple[int, int] = (0, 0)  # where ``hosts`` sits in ``raw``

    @property
    def is_entry(self) -> bool:
        return bool(self.key_type)


def split_lines(data: bytes) -> list[bytes]:
    """Split on LF only (as OpenSSH does), keeping each line's ending."""
    return _LINE.findall(data)


def key_blob_type(blob: bytes) -> str:
    """The key type named inside a public-key blob, or "" when the blob is malformed."""
    if len(blob) < 4:
        return ""
    (size,) = struct.unpack(">I", blob[:4])
    if size == 0 or len(blob) < 4 + size:
        return ""
    try:
        return blob[4 : 4 + size].decode("ascii")
    except UnicodeDecodeError:
        return ""


def parse_line(raw: bytes) -> Line:
    """Parse one line; anything OpenSSH would not read comes back as a line with no key."""
    body = raw.rstrip(b"\r\n")
    fields = list(re.finditer(rb"[^ \t\r]+", body))
    if not fields or fields[0].group().startswith(b"#"):
        return Line(raw)
    marker = ""
    first = fields[0].group()
    if first.startswith(b"@"):
        marker = first.decode("ascii", "replace")
        if marker not in _MARKERS:
            return Line(raw)  # OpenSSH skips lines with an unknown marker
        fields = fields[1:]
    if len(fields) < 3:
        return Line(raw)
    host_field, type_field, data_field = fields[0], fields[1], fields[2]
    try:
        hosts = host_field.group().decode("ascii")
        key_type = type_field.group().decode("ascii")
        blob = base64.b64decode(data_field.group(), validate=True)
    except (UnicodeDecodeError, binascii.Error, ValueError):
        return Line(raw)
    if key_blob_type(blob) != key_type:
        return Line(raw)  # the type field and the key disagree: OpenSSH rejects the line
    return Line(raw, marker, hosts, key_type, blob, host_field.span())


def parse(data: bytes) -> list[Line]:
    return [parse_line(raw) for raw in split_lines(data)]


def _pattern_regex(pattern: str) -> re.Pattern[str]:
    parts = ("." if ch == "?" else ".*" if ch == "*" else re.escape(ch) for ch in pattern)
    return re.compile("".join(parts), re.DOTALL)


def match_pattern_list(name: str, patterns: str) -> int:
    """OpenSSH's ``match_pattern_list`` (lower-cased): 1 match, 0 no match, -1 negated match."""
    matched = 0
    for pattern in patterns.lower().split(","):
        negated = pattern.startswith("!")
        if negated:
            pattern = pattern[1:]
        if pattern and _pattern_regex(pattern).fullmatch(name):
            if negated:
                return -1
            matched = 1
    return matched


def _hashed_match(name: str, field: str) -> bool:
    """``|1|base64(salt)|base64(HMAC-SHA1(salt, name))``."""
    parts = field.split("|")
    if len(parts) != 4 or parts[0] != "" or parts[1] != "1":
        return False
    try:
        salt = base64.b64decode(parts[2], validate=True)
        digest = base64.b64decode(parts[3], validate=True)
    except (binascii.Error, ValueError):
        return False
    if len(salt) != hashlib.sha1().digest_size:
        return False
    return hmac.compare_digest(hmac.new(salt, name.encode("utf-8"), hashlib.sha1).digest(), digest)


def matches(line: Line, name: str) -> bool:
    """Whether ``line`` applies to the host entry ``name`` (see :func:`host_entry`)."""
    if not line.is_entry:
        return False
    if line.hosts.startswith("|"):
        return _hashed_match(name, line.hosts)
    return match_pattern_list(name, line.hosts) == 1


def without_host(line: Line, name: str) -> bytes | None:
    """The line with the literal name ``name`` taken out of its host list.

    Returns ``None`` when nothing is left (drop the line), and ``line.raw`` unchanged when the
    line does not name the host literally (wildcards cannot be narrowed; they are kept).
    """
    if not line.is_entry or line.marker:
        return line.raw
    if line.hosts.startswith("|"):
        return None if _hashed_match(name, line.hosts) else line.raw
    names = line.hosts.split(",")
    kept = [n for n in names if n.lower() != name]
    if len(kept) == len(names):
        return line.raw
    if not kept:
        return None
    start, end = line.hosts_span
    return line.raw[:start] + ",".join(kept).encode("ascii") + line.raw[end:]


def fingerprint_of_blob(blob: bytes) -> str:
    digest = hashlib.sha256(blob).digest()
    return "SHA256:" + base64.b64encode(digest).decode("ascii").rstrip("=")


def format_line(name: str, key_type: str, blob: bytes) -> bytes:
    return f"{name} {key_type} {base64.b64encode(blob).decode('ascii')}\n".encode("ascii")
