"""What every importer shares: the result type, the typed error, text decoding, small helpers."""

from __future__ import annotations

import getpass
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from gpudesk.core.sessions.model import Session

#: Said once per import: other tools' saved passwords are encrypted with keys bound to that tool,
#: user and machine, and copying secrets between stores is exactly what users should not have to trust.
PASSWORD_NOTE = (
    "Passwords saved in {tool} are not imported (they are encrypted for {tool} only); "
    "gpudesk asks for each password on the first connect and keeps it in the system keyring."
)

#: Upper bound for one input file: session exports are kilobytes; a huge file is a wrong pick.
MAX_FILE_BYTES = 16 * 1024 * 1024


class ImportFileError(Exception):
    """A file cannot be imported at all (unreadable, wrong format, truncated). ``str(exc)`` is for the user."""

    def __init__(self, message: str, path: str = "") -> None:
        super().__init__(message)
        self.path = path


@dataclass
class ImportedSession:
    """One session found in a file, with what the user should know about it."""

    session: Session
    source: str  # the file it came from
    notes: list[str] = field(default_factory=list)


@dataclass
class FileResult:
    """Everything one file gave: sessions, warnings, and how many entries were not SSH."""

    path: str
    sessions: list[ImportedSession] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    skipped: int = 0
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.error


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """Read a whole input file, turning OS errors into :class:`ImportFileError`.

    Only regular files are read: a FIFO, a device or a folder (also behind a symlink, or swapped in
    after a check) is refused without blocking, because the file is opened non-blocking and checked
    after opening. At most :data:`MAX_FILE_BYTES` are read, also from files that report no size.
    """
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise ImportFileError(f"{p} does not exist.", str(p)) from None
    except IsADirectoryError:
        raise ImportFileError(f"{p} is a folder; choose a file.", str(p)) from None
    except PermissionError:
        if p.is_dir():
            raise ImportFileError(f"{p} is a folder; choose a file.", str(p)) from None
        raise ImportFileError(f"{p} cannot be read (permission denied).", str(p)) from None
    except (OSError, ValueError) as exc:
        raise ImportFileError(f"{p} cannot be read: {getattr(exc, 'strerror', None) or exc}.", str(p)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise ImportFileError(f"{p} is a folder; choose a file.", str(p))
        if not stat.S_ISREG(info.st_mode):
            raise ImportFileError(f"{p} is not a regular file (a pipe, socket or device); choose a file.", str(p))
        if info.st_size > MAX_FILE_BYTES:
            raise ImportFileError(
                f"{p} is {info.st_size // (1024 * 1024)} MiB, too large to be a session export.", str(p)
            )
        chunks: list[bytes] = []
        size = 0
        while chunk := os.read(fd, 1024 * 1024):
            chunks.append(chunk)
            size += len(chunk)
            if size > MAX_FILE_BYTES:
                raise ImportFileError(
                    f"{p} is larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB, too large to be a session export.",
                    str(p),
                )
        return b"".join(chunks)
    except BlockingIOError:
        raise ImportFileError(f"{p} cannot be read now (it is not a plain file).", str(p)) from None
    except PermissionError:
        raise ImportFileError(f"{p} cannot be read (permission denied).", str(p)) from None
    except OSError as exc:
        raise ImportFileError(f"{p} cannot be read: {exc.strerror or exc}.", str(p)) from None
    finally:
        os.close(fd)


def split_lines(text: str) -> list[str]:
    """Lines the way OpenSSH, regedit and INI readers see them: ended by LF (a CR before it dropped).

    ``str.splitlines`` also breaks at VT, FF, FS/GS/RS, NEL and U+2028/9, which the other tools read
    as part of a line; breaking there would let a value hide a line of its own from them.
    """
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def decode_text(data: bytes, source: str = "", encoding: str | None = None) -> str:
    """Decode an export file the way Windows tools write them.

    A BOM wins (Xshell 7 and regedit write UTF-16LE with one). Without a BOM, UTF-8 is tried, then the
    Windows ANSI code page: GBK when the bytes look like GB2312 text (Chinese Windows), else Windows-1252.
    ``encoding`` forces one.
    """
    if encoding:
        try:
            return data.decode(encoding)
        except (UnicodeDecodeError, LookupError) as exc:
            raise ImportFileError(f"{source} is not {encoding} text ({exc.__class__.__name__}).", source) from None
    if data.startswith(b"\xff\xfe") or data.startswith(b"\xfe\xff"):
        codec = "utf-16-le" if data.startswith(b"\xff\xfe") else "utf-16-be"
        body = data[2:]
        if len(body) % 2:
            raise ImportFileError(
                f"{source} is cut off in the middle of a character (a truncated UTF-16 file).", source
            )
        try:
            return body.decode(codec)
        except UnicodeDecodeError:
            raise ImportFileError(
                f"{source} says it is UTF-16 but holds invalid characters (damaged file?).", source
            ) from None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if b"\x00" in data[:4096]:
        # UTF-16 without a BOM puts NULs between ASCII letters; anything else with NULs is binary.
        even, odd = data[0:4096:2].count(0), data[1:4096:2].count(0)
        if odd > 8 * max(even, 1) and len(data) % 2 == 0:
            try:
                return data.decode("utf-16-le")
            except UnicodeDecodeError:
                pass
        raise ImportFileError(f"{source} is a binary file, not a text export.", source)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    if looks_like_gb(data):
        try:
            return data.decode("gbk")
        except UnicodeDecodeError:
            pass
    return data.decode("cp1252", errors="replace")


def looks_like_gb(data: bytes) -> bool:
    """True when every non-ASCII byte pairs up as a GB2312/GBK double-byte character.

    Western Windows-1252 text puts an accented letter between ASCII letters, which never pairs up
    this way, so the two ANSI code pages the importers meet are told apart without guessing wildly.
    """
    i, pairs, n = 0, 0, len(data)
    while i < n:
        b = data[i]
        if b < 0x80:
            i += 1
            continue
        if not (0x81 <= b <= 0xFE) or i + 1 >= n or not (0x80 <= data[i + 1] <= 0xFE):
            return False
        pairs += 1
        i += 2
    return pairs > 0


def local_username() -> str:
    """The user name OpenSSH and MobaXterm fall back to when a session names none."""
    try:
        return getpass.getuser() or "root"
    except (OSError, KeyError, ImportError):
        return "root"


def parse_port(text: str, default: int = 22) -> int | None:
    """A port from text, or None when it is not a valid port number."""
    text = text.strip()
    if not text:
        return default
    try:
        port = int(text, 10)
    except ValueError:
        return None
    return port if 1 <= port <= 65535 else None


def key_auth(identity_file: str, session: Session, notes: list[str], agent_word: str = "the SSH agent") -> None:
    """Point ``session`` at ``identity_file``: a key file when it is on this computer, else the agent.

    A session whose key file is missing cannot be saved as key-file login (the editor would refuse it),
    so it logs in with the agent until the user picks the copied key; the path stays for reference.
    """
    session.identity_file = identity_file
    if identity_file and is_file(os.path.expanduser(identity_file)):
        session.auth = "key_file"
        return
    session.auth = "agent"
    if identity_file:
        notes.append(
            f"The key file {identity_file} is not on this computer: copy it here and choose it in the "
            f"session editor. Until then the session logs in with {agent_word}."
        )


def is_file(path: str) -> bool:
    """``Path(path).is_file()`` that is False, not an error, for a path with a NUL or one that cannot be checked."""
    try:
        return Path(path).is_file()
    except (OSError, ValueError):
        return False


def jump_spec(host: str, port: int | None, user: str) -> str:
    """One ProxyJump hop as text: ``user@host:port`` with the parts that are set."""
    text = host
    if ":" in host and not host.startswith("["):
        text = f"[{host}]" if port and port != 22 else host
    if port and port != 22:
        text = f"{text}:{port}"
    return f"{user}@{text}" if user else text


def looks_like_placeholder(host: str) -> bool:
    """``<public-ip>`` and friends: documentation placeholders, not addresses."""
    return host.startswith("<") or host.endswith(">") or host.upper() in {"HOST", "HOSTNAME", "IP"}
