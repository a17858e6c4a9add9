"""A receive buffer for paramiko channels that does not copy on every packet.

paramiko's ``BufferedPipe`` appends each 32 KiB packet to an ``array`` and deletes from its
front on every read, which moves the whole backlog each time: with a 16 MiB window full of
SFTP data that costs more than the decryption. This one keeps the packets as a list of
``bytes`` and joins only what a read asks for. Same interface, used on our own channels.
"""

from __future__ import annotations

import threading
import time
from collections import deque

from paramiko.buffered_pipe import PipeTimeout


class FastPipe:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._cv = threading.Condition(self._lock)
        self._chunks: deque[bytes] = deque()
        self._size = 0
        self._closed = False
        self._event: threading.Event | None = None

    def set_event(self, event: threading.Event) -> None:
        with self._lock:
            self._event = event
            if self._closed or self._size:
                event.set()
            else:
                event.clear()

    def feed(self, data: bytes) -> None:
        with self._lock:
            if self._event is not None:
                self._event.set()
            if data:
                self._chunks.append(bytes(data))
                self._size += len(data)
            self._cv.notify_all()

    def read_ready(self) -> bool:
        with self._lock:
            return self._size > 0

    def read(self, nbytes: int, timeout: float | None = None) -> bytes:
        with self._lock:
            if not self._size:
                if self._closed:
                    return b""
                if timeout == 0.0:
                    raise PipeTimeout()
                deadline = None if timeout is None else time.monotonic() + timeout
                while not self._size and not self._closed:
                    left = None if deadline is None else deadline - time.monotonic()
                    if left is not None and left <= 0:
                        raise PipeTimeout()
                    self._cv.wait(left)
                if not self._size:
                    return b""
            chunks = self._chunks
            first = chunks[0]
            if len(first) >= nbytes:
                if len(first) == nbytes:
                    chunks.popleft()
                    out = first
                else:
                    out = first[:nbytes]
                    chunks[0] = first[nbytes:]
            else:
                parts = []
                want = nbytes
                while chunks and want > 0:
                    c = chunks[0]
                    if len(c) <= want:
                        parts.append(chunks.popleft())
                        want -= len(c)
                    else:
                        parts.append(c[:want])
                        chunks[0] = c[want:]
                        want = 0
                out = b"".join(parts)
            self._size -= len(out)
            if not self._size and self._event is not None and not self._closed:
                self._event.clear()
            return out

    def empty(self) -> bytes:
        with self._lock:
            out = b"".join(self._chunks)
            self._chunks.clear()
            self._size = 0
            if self._event is not None and not self._closed:
                self._event.clear()
            return out

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._cv.notify_all()
            if self._event is not None:
                self._event.set()

    def __len__(self) -> int:
        with self._lock:
            return self._size
