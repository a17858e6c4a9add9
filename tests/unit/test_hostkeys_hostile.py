"""The host-key store against hostile known_hosts files, judged as OpenSSH judges them.

Each test writes a real known_hosts file the way an attacker (or a messy ``~/.ssh``) would
and checks the verdict the store gives for a key a server presents.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from pathlib import Path

import pytest

from gpudesk.core.ssh.hostkeys import HostKeyStore, Verdict
from gpudesk.core.ssh.keys import fingerprint
from tests.helpers.evil_server import new_key, public_line

HOST, PORT = "gpu1.example.com", 2222
ENTRY = f"[{HOST}]:{PORT}"


@pytest.fixture(scope="module")
def keys():
    """Stored ed25519 key, an attacker's ed25519/rsa/ecdsa keys."""
    return {
        "known": new_key("ed25519"),
        "evil": new_key("ed25519"),
        "rsa": new_key("rsa"),
        "ecdsa": new_key("ecdsa"),
    }


def store_with(tmp_path: Path, own: bytes = b"", user: bytes | None = None) -> HostKeyStore:
    (tmp_path / "own").write_bytes(own)
    extra = []
    if user is not None:
        (tmp_path / "user").write_bytes(user)
        extra = [tmp_path / "user"]
    return HostKeyStore(tmp_path / "own", extra_files=extra)


def line(hosts: str, key, marker: str = "") -> bytes:
    return (f"{marker} " if marker else "").encode() + f"{hosts} {public_line(key)}\n".encode()


def hashed(name: str, salt: bytes = b"s" * 20) -> str:
    digest = hmac.new(salt, name.encode(), hashlib.sha1).digest()
    return f"|1|{base64.b64encode(salt).decode()}|{base64.b64encode(digest).decode()}"


# -- 1. a key of another type for a known host is CHANGED, not new -----------------------------


@pytest.mark.parametrize("kind", ["rsa", "ecdsa"])
@pytest.mark.parametrize("where", ["own", "user"])
def test_other_key_type_for_known_host_is_changed(tmp_path: Path, keys, kind: str, where: str) -> None:
    known = line(ENTRY, keys["known"])
    store = store_with(tmp_path, own=known) if where == "own" else store_with(tmp_path, user=known)
    verdict, expected = store.check(HOST, PORT, keys[kind])
    assert verdict is Verdict.CHANGED, "a host known with an ed25519 key must not accept an RSA/ECDSA key as new"
    assert expected == fingerprint(keys["known"])
    assert store.check(HOST, PORT, keys["known"])[0] is Verdict.KNOWN
    assert store.known_key_types(HOST, PORT) == ["ssh-ed25519"]


# -- 2. one bad line never blanks or crashes the file ------------------------------------------

BAD_LINES = {
    "cert-authority": lambda k: line("*.example.com", k["rsa"], marker="@cert-authority"),
    "revoked-other-host": lambda k: line("other.example.com", k["rsa"], marker="@revoked"),
    "unknown-marker": lambda k: line(ENTRY, k["rsa"], marker="@bogus"),
    "bad-base64": lambda k: f"{ENTRY} ssh-ed25519 AAAA!!notbase64\n".encode(),
    "truncated-key": lambda k: f"{ENTRY} ssh-ed25519 AAAAC3NzaC1lZDI1\n".encode(),
    "type-mismatch": lambda k: f"{ENTRY} ssh-rsa {k['evil'].get_base64()}\n".encode(),
    "unknown-type": lambda k: b"other.example.com ssh-foo AAAAB3NzaC1yc2E=\n",
    "non-utf8-comment": lambda k: b"# caf\xe9 \xff\xfe server\n",
    "non-utf8-host": lambda k: b"caf\xe9.example.com " + public_line(k["rsa"]).encode() + b"\n",
    "too-few-fields": lambda k: b"just-a-host\n",
    "crlf": lambda k: line("crlf.example.com", k["rsa"]).replace(b"\n", b"\r\n"),
}


@pytest.mark.parametrize("bad", sorted(BAD_LINES))
@pytest.mark.parametrize("where", ["own", "user"])
def test_one_bad_line_is_skipped_alone(tmp_path: Path, keys, bad: str, where: str) -> None:
    data = BAD_LINES[bad](keys) + line(ENTRY, keys["known"])
    store = store_with(tmp_path, own=data) if where == "own" else store_with(tmp_path, user=data)
    # The attack: a different key must still be CHANGED (not NEW because the file "was empty").
    assert store.check(HOST, PORT, keys["evil"])[0] is Verdict.CHANGED
    assert store.check(HOST, PORT, keys["rsa"])[0] is Verdict.CHANGED
    assert store.check(HOST, PORT, keys["known"])[0] is Verdict.KNOWN


def test_cert_authority_line_does_not_trust_a_plain_key(tmp_path: Path, keys) -> None:
    store = store_with(tmp_path, own=line("*.example.com", keys["evil"], marker="@cert-authority"))
    assert store.check(HOST, PORT, keys["evil"])[0] is Verdict.UNKNOWN
    assert store.known_key_types(HOST, PORT) == []


# -- 2. @revoked ---------------------------------------------------------------------------------


@pytest.mark.parametrize("revoked_in", ["own", "user"])
def test_revoked_key_is_refused_even_when_trusted(tmp_path: Path, keys, revoked_in: str) -> None:
    trusted = line(ENTRY, keys["known"])
    revoked = line("*", keys["known"], marker="@revoked")
    if revoked_in == "own":
        store = store_with(tmp_path, own=revoked + trusted)
    else:
        store = store_with(tmp_path, own=trusted, user=revoked)
    assert store.check(HOST, PORT, keys["known"])[0] is Verdict.REVOKED
    store.trust_once(HOST, PORT, keys["known"])
    assert store.check(HOST, PORT, keys["known"])[0] is Verdict.REVOKED, "'trust once' cannot undo a revocation"


def test_revoked_line_for_another_host_does_not_apply(tmp_path: Path, keys) -> None:
    """As in OpenSSH, the host patterns of an @revoked line choose where it applies."""
    store = store_with(tmp_path, own=line("other.example.com", keys["known"], marker="@revoked") + line(ENTRY, keys["known"]))
    assert store.check(HOST, PORT, keys["known"])[0] is Verdict.KNOWN
    assert store.check("other.example.com", 22, keys["known"])[0] is Verdict.REVOKED


# -- 2. host names match as in OpenSSH -------------------------------------------------------------


@pytest.mark.parametrize(
    "hosts, host, port",
    [
        (ENTRY, "GPU1.Example.COM", PORT),  # OpenSSH lower-cases the name
        ("[GPU1.EXAMPLE.COM]:2222", HOST, PORT),  # and compares patterns without case
        (hashed(ENTRY), "Gpu1.Example.Com", PORT),  # a hashed name is the hash of the lower-cased name
        ("other.example.com,[GPU1.example.com]:2222", HOST, PORT),
        ("[*.example.com]:2222", HOST, PORT),
        ("[gpu?.example.com]:*", HOST, PORT),
        ("*.EXAMPLE.com", HOST, 22),
        ("!gpu2.example.com,*.example.com", HOST, 22),
    ],
)
def test_patterns_match_like_openssh(tmp_path: Path, keys, hosts: str, host: str, port: int) -> None:
    store = store_with(tmp_path, own=line(hosts, keys["known"]))
    assert store.check(host, port, keys["known"])[0] is Verdict.KNOWN
    assert store.check(host, port, keys["evil"])[0] is Verdict.CHANGED, "a matching line makes another key CHANGED"
    assert store.check(host, port, keys["rsa"])[0] is Verdict.CHANGED


@pytest.mark.parametrize(
    "hosts, host, port",
    [
        ("!gpu1.example.com,*.example.com", HOST, 22),  # a negated match excludes the line
        ("*.example.com,!GPU1.example.com", HOST, 22),
        (f"!{ENTRY},[*.example.com]:*", HOST, PORT),
        ("gpu1.example.com", HOST, PORT),  # port 22 entry does not cover another port
        ("[gpu1.example.com]:2222", HOST, 22),
        ("[gpu1.example.com]:22222", HOST, PORT),
        (hashed(f"[{HOST}]:22222"), HOST, PORT),
        ("gpu1.example.co?", "gpu1.example.c", 22),
        ("gpu1.example.com.*", HOST, 22),
    ],
)
def test_patterns_that_must_not_match(tmp_path: Path, keys, hosts: str, host: str, port: int) -> None:
    """The other half of each pattern test: a line that does not apply neither trusts nor blocks."""
    store = store_with(tmp_path, own=line(hosts, keys["known"]) + line("*", keys["rsa"]))
    # The catch-all RSA line applies everywhere here, so the excluded line decides KNOWN vs CHANGED.
    assert store.check(host, port, keys["known"])[0] is Verdict.CHANGED
    assert store.check(host, port, keys["rsa"])[0] is Verdict.KNOWN


# -- 3. the app's own file: appended to, or rewritten with every other line kept -------------------

HOSTILE_FILE = lambda k: (  # noqa: E731 - built per test from the module's keys
    b"# my servers \xff\n"
    + line("*.example.com", k["rsa"], marker="@cert-authority")
    + line("*", k["ecdsa"], marker="@revoked")
    + b"broken.example.com ssh-ed25519 AAAA!!notbase64\n"
    + b"caf\xe9.example.com " + public_line(k["rsa"]).encode() + b"\n"
    + line(hashed("hashed.example.com"), k["rsa"])
    + line("other.example.com", k["evil"]).replace(b"\n", b"\r\n")
    + b"\n"
)


def test_add_appends_and_keeps_every_line(tmp_path: Path, keys) -> None:
    before = HOSTILE_FILE(keys)
    store = store_with(tmp_path, own=before)
    store.add(HOST, PORT, keys["known"])
    after = (tmp_path / "own").read_bytes()
    assert after == before + line(ENTRY, keys["known"])
    store.add(HOST, PORT, keys["known"])
    assert (tmp_path / "own").read_bytes() == after, "an already trusted key is not added twice"


def test_add_to_a_file_without_final_newline(tmp_path: Path, keys) -> None:
    before = line("other.example.com", keys["evil"]).rstrip(b"\n")
    store = store_with(tmp_path, own=before)
    store.add("GPU1.example.com", PORT, keys["known"])
    assert (tmp_path / "own").read_bytes() == before + b"\n" + line(ENTRY, keys["known"])
    assert store.check("other.example.com", 22, keys["evil"])[0] is Verdict.KNOWN


def test_replace_keeps_unparseable_lines_byte_for_byte(tmp_path: Path, keys) -> None:
    hostile = HOSTILE_FILE(keys)
    before = hostile + line(ENTRY, keys["known"]) + line(hashed(ENTRY), keys["known"])
    store = store_with(tmp_path, own=before)
    assert store.check(HOST, PORT, keys["rsa"])[0] is Verdict.CHANGED
    store.replace(HOST, PORT, keys["rsa"])
    after = (tmp_path / "own").read_bytes()
    assert after == hostile + line(ENTRY, keys["rsa"])
    assert store.check(HOST, PORT, keys["rsa"])[0] is Verdict.KNOWN
    assert store.check(HOST, PORT, keys["known"])[0] is Verdict.CHANGED
    assert store.check("other.example.com", 22, keys["evil"])[0] is Verdict.KNOWN


def test_replace_takes_the_host_out_of_a_shared_line_only(tmp_path: Path, keys) -> None:
    before = f"other.example.com,{ENTRY},10.0.0.9 {public_line(keys['known'])} a comment\n".encode()
    store = store_with(tmp_path, own=before)
    store.replace(HOST, PORT, keys["rsa"])
    after = (tmp_path / "own").read_bytes()
    assert after == f"other.example.com,10.0.0.9 {public_line(keys['known'])} a comment\n".encode() + line(ENTRY, keys["rsa"])
    assert store.check("other.example.com", 22, keys["known"])[0] is Verdict.KNOWN
    assert store.check(HOST, PORT, keys["rsa"])[0] is Verdict.KNOWN

