"""Terminal logging: a shell's output written to a rotated file, plain text or raw.

Files live in ``data_dir()/terminal-logs/<session id>/``, one per terminal and start time
(``20260102-153000-t1.log``); past ``max_bytes`` a file is rotated to ``.1``, ``.2``, … and the
oldest beyond ``keep`` goes. Plain text drops escape sequences (colours, cursor moves, titles)
and carriage returns, so the log reads like the scrollback; raw keeps every byte for replay.
The writer runs on the shell's reader thread (never the GUI thread).
"""

from __future__ import annotations

import codecs
import contextlib
import os
import re
import threading
import time
from pathlib import Path
from typing import BinaryIO

from gpudesk.core import paths
from gpudesk.core.terminal.shell import OutputBuffer

_SAFE = re.compile(r"[^A-Za-z0-9_.-]")
#: DEL and the C1 controls once decoded (UTF-8 ``C2 9B`` is CSI to many terminals): a text log keeps none
_C1 = re.compile("[\x7f-\x9f]")


def log_dir(session_id: str) -> Path:
    return paths.data_dir() / "terminal-logs" / (_SAFE.sub("_", session_id) or "session")


class AnsiStripper:
    """Removes escape sequences from a byte stream fed in arbitrary pieces."""

    _NORMAL, _ESC, _CSI, _STRING, _STRING_ESC, _SKIP1 = range(6)

    def __init__(self) -> None:
        self._state = self._NORMAL
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def feed(self, data: bytes) -> str:
        out = bytearray()
        state = self._state
        for b in data:
            if state == self._NORMAL:
                if b == 0x1B:
                    state = self._ESC
                elif (
                    b == 0x9B or b >= 0x20 or b in (0x0A, 0x09)
                ):  # an 8-bit CSI only if it cannot be UTF-8 continuation: treat as text
                    out.append(b)
                elif b == 0x08:
                    out.append(b)  # resolved after decoding
                # other C0 controls (BEL, CR, SI/SO, …) leave no trace in a text log
            elif state == self._ESC:
                if b == 0x5B:  # [
                    state = self._CSI
                elif b in (0x5D, 0x50, 0x58, 0x5E, 0x5F):  # ] P X ^ _: strings until BEL or ST
                    state = self._STRING
                elif b in (0x28, 0x29, 0x2A, 0x2B, 0x23, 0x25, 0x20):  # charset and similar: one more byte
                    state = self._SKIP1
                else:
                    state = self._NORMAL
            elif state == self._CSI:
                if 0x40 <= b <= 0x7E:
                    state = self._NORMAL
                elif b == 0x1B:
                    state = self._ESC
            elif state == self._STRING:
                if b == 0x07:
                    state = self._NORMAL
                elif b == 0x1B:
                    state = self._STRING_ESC
            elif state == self._STRING_ESC:
                state = self._NORMAL if b == 0x5C else self._STRING
            else:  # _SKIP1
                state = self._NORMAL
        self._state = state
        text = _C1.sub("", self._decoder.decode(bytes(out)))
        if "\b" in text:
            text = self._backspace(text)
        return text

    @staticmethod
    def _backspace(text: str) -> str:
        chars: list[str] = []
        for c in text:
            if c == "\b":
                if chars and chars[-1] != "\n":
                    chars.pop()
            else:
                chars.append(c)
        return "".join(chars)


def strip_ansi(data: bytes) -> str:
    return AnsiStripper().feed(data)


class TerminalLog:
    """One terminal's log file with size-based rotation (thread-safe).

    Args:
        folder: where the files go (created when needed).
        name: the file's stem (e.g. ``20260102-153000-t1``).
        raw: keep every byte, escape sequences included.
        max_bytes: rotate once the file reaches this size.
        keep: rotated files kept besides the current one.
    """

    def __init__(
        self, folder: Path, name: str, raw: bool = False, max_bytes: int = 10 * 1024 * 1024, keep: int = 5
    ) -> None:
        self.folder = folder
        self.path = folder / f"{_SAFE.sub('_', name)}.log"
        self.raw = raw
        self.max_bytes = max(1024, max_bytes)
        self.keep = max(0, keep)
        self._strip = AnsiStripper()
        self._lock = threading.Lock()
        self._fh: BinaryIO | None = None
        self._size = 0
        self.closed = False  # the file opens on the first write, on the writer's thread

    @classmethod
    def for_session(
        cls, session_id: str, key: str, raw: bool = False, max_bytes: int = 10 * 1024 * 1024, keep: int = 5
    ) -> TerminalLog:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        return cls(log_dir(session_id), f"{stamp}-{key}", raw, max_bytes, keep)

    def _open(self) -> None:
        # Logs hold whatever was typed at a prompt (passwords echoed by a careless tool,
        # tokens pasted into commands): only the owner may read them, rotated files too.
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o600)
        if hasattr(os, "fchmod"):
            with contextlib.suppress(OSError):  # a file left by an older version keeps working
                os.fchmod(fd, 0o600)
        self._fh = os.fdopen(fd, "ab")
        self._size = self._fh.tell()

    def write(self, data: bytes) -> None:
        """Log ``data`` as the shell sent it; errors (a full disk) stop logging, never the shell."""
        with self._lock:
            if self.closed:
                return
            out = data if self.raw else self._strip.feed(data).encode("utf-8")
            try:
                if self._fh is None:
                    self._open()
                assert self._fh is not None
                while out:
                    room = self.max_bytes - self._size
                    if len(out) <= room:
                        piece, out = out, b""
                    else:
                        # Rotate at a line end so every file holds whole lines; only a line
                        # longer than a whole file is cut.
                        nl = out.rfind(b"\n", 0, room)
                        if nl < 0 and self._size > 0:
                            self._rotate()
                            continue
                        at = nl + 1 if nl >= 0 else room
                        piece, out = out[:at], out[at:]
                    self._fh.write(piece)
                    self._size += len(piece)
                    if out:
                        self._rotate()
                self._fh.flush()
            except OSError:
                self._close()

    def _rotate(self) -> None:
        assert self._fh is not None
        self._fh.close()
        if self.keep == 0:
            self.path.unlink(missing_ok=True)
        else:
            oldest = self.path.with_name(f"{self.path.name}.{self.keep}")
            oldest.unlink(missing_ok=True)
            for n in range(self.keep - 1, 0, -1):
                src = self.path.with_name(f"{self.path.name}.{n}")
                if src.exists():
                    os.replace(src, self.path.with_name(f"{self.path.name}.{n + 1}"))
            os.replace(self.path, self.path.with_name(f"{self.path.name}.1"))
        self._open()

    def files(self) -> list[Path]:
        """The current file and its rotated ones, newest first."""
        rotated = sorted(
            self.folder.glob(f"{self.path.name}.*"), key=lambda p: int(p.suffix[1:]) if p.suffix[1:].isdigit() else 0
        )
        return [self.path, *rotated]

    def _close(self) -> None:
        self.closed = True
        if self._fh is not None:
            with contextlib.suppress(OSError):
                self._fh.close()
            self._fh = None

    def close(self) -> None:
        with self._lock:
            self._close()


class TeeBuffer(OutputBuffer):
    """A shell output buffer that also hands every chunk to the current log, if any."""

    def __init__(self, limit: int = 4 * 1024 * 1024) -> None:
        super().__init__(limit)
        self.log: TerminalLog | None = None

    def put(self, data: bytes) -> None:
        log = self.log  # read once: the GUI may switch logging off from its thread
        if log is not None:
            log.write(data)
        super().put(data)
