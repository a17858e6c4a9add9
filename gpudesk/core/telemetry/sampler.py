"""A long-lived sampler: one exec channel per connection streams GPU samples to callbacks.

The channel runs :func:`~gpudesk.core.telemetry.remote.stream_command`; a reader thread
decodes its lines and calls back (from that thread, so callbacks must be quick and
thread-safe). When the stream ends while the connection lives (nvidia-smi crashed, the
driver came back), it starts again after a pause; when the connection dies the thread
ends, and the owner starts a new sampler on the next connection.
"""

from __future__ import annotations

import codecs
import threading
import time
from collections.abc import Callable
from typing import Any, Protocol

from gpudesk.core.i18n import message_of, msg
from gpudesk.core.telemetry.model import Frame, GpuProcess, SmiState, SmiStatus, Versions
from gpudesk.core.telemetry.remote import Decoder, stream_command

_MAX_LINE = 65536  # characters of one streamed line kept; samples are a few hundred


class _Channel(Protocol):
    def settimeout(self, timeout: float | None) -> None: ...
    def exec_command(self, command: str) -> None: ...
    def recv(self, nbytes: int) -> bytes: ...
    def close(self) -> None: ...


class _Opens(Protocol):
    def open_channel(self) -> Any: ...

    @property
    def is_alive(self) -> bool: ...


class Sampler:
    """Stream GPU telemetry from one connection.

    Args:
        conn: a connected core ``Connection``.
        on_frame: called with each :class:`Frame` (all GPUs of one round).
        on_processes: called with the compute processes every ``apps_s`` seconds.
        on_versions: called once per stream with driver/CUDA versions.
        on_status: called when the nvidia-smi state changes (typed, explained).
        interval_ms: sampling period.
    """

    def __init__(
        self,
        conn: _Opens,
        on_frame: Callable[[Frame], None],
        on_processes: Callable[[list[GpuProcess]], None] | None = None,
        on_versions: Callable[[Versions], None] | None = None,
        on_status: Callable[[SmiStatus], None] | None = None,
        interval_ms: int = 1000,
        apps_s: int = 5,
        retry_s: float = 5.0,
    ) -> None:
        self.conn = conn
        self.interval_ms = interval_ms
        self.apps_s = apps_s
        self.retry_s = retry_s
        self.decoder = Decoder(on_frame, on_processes, on_versions, on_status)
        self.on_status = on_status
        self.streams_started = 0  # how many remote streams ran (tests check it stays 1 per connection)
        self._stop = threading.Event()
        self._chan: _Channel | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> Sampler:
        self._thread = threading.Thread(target=self._run, name="gpu-sampler", daemon=True)
        self._thread.start()
        return self

    def stop(self, wait: float = 0.0) -> None:
        """Stop streaming; closing the channel ends the remote loop (its next write fails)."""
        self._stop.set()
        chan, self._chan = self._chan, None
        if chan is not None:
            try:
                chan.close()
            except Exception:  # noqa: BLE001 - closing must never raise
                pass
        if wait and self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(wait)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def _run(self) -> None:
        delay = self.retry_s
        while not self._stop.is_set():
            if not getattr(self.conn, "is_alive", True):
                return
            began = time.monotonic()
            try:
                self._stream()
            except Exception as exc:  # noqa: BLE001 - a broken stream is a state, never a crash
                if self._stop.is_set() or not getattr(self.conn, "is_alive", True):
                    return
                self._report(
                    SmiStatus(
                        SmiState.ERROR, "", msg("NvidiaSmi", "GPU sampling stopped: {error}", error=message_of(exc))
                    )
                )
            if time.monotonic() - began > 120:
                delay = self.retry_s  # it ran fine for a while: start over with short pauses
            if self._stop.wait(delay):
                return
            delay = min(delay * 2, 60.0)

    def _stream(self) -> None:
        chan: _Channel = self.conn.open_channel()
        self._chan = chan
        if self._stop.is_set():
            chan.close()
            return
        self.streams_started += 1
        chan.settimeout(None)
        chan.exec_command(stream_command(self.interval_ms, self.apps_s))
        utf8 = codecs.getincrementaldecoder("utf-8")("replace")
        pending = ""
        try:
            while not self._stop.is_set():
                try:
                    data = chan.recv(65536)
                except (TimeoutError, OSError, EOFError):
                    break
                if not data:
                    break
                pending += utf8.decode(data)
                *lines, pending = pending.split("\n")
                # A line that never ends (a broken or hostile nvidia-smi) must not grow without bound.
                pending = pending[:_MAX_LINE]
                for line in lines:
                    self.decoder.feed(line)
        finally:
            self.decoder.flush()
            try:
                chan.close()
            except Exception:  # noqa: BLE001
                pass

    def _report(self, status: SmiStatus) -> None:
        if self.on_status is not None:
            self.on_status(status)
