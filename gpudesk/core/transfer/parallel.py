"""One big upload over several SFTP channels of the same connection.

A channel carries at most the window the server grants it per round trip (OpenSSH: 2 MiB, so
about 10 MB/s at 200 ms), however fast the link. Far away, a big file is therefore written by
several channels at once, each sending ranges of the same ``.gpudesk-part`` file in place.

Resume must never mistake a hole for data. The ranges are handed out in increasing order and
never more than :data:`SPAN` bytes past the lowest range not yet acknowledged, so after a cut
at any moment everything below ``part size - SPAN`` is on the server. A partial copy written
this way carries :data:`MARK` (the sticky bit) in its mode until it takes its real name, and a
resume of a marked copy starts ``SPAN`` below its end (:func:`safe_resume_point`); the SHA-256
check every resumed file gets confirms it.
"""

from __future__ import annotations

import math
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

import paramiko

from gpudesk.core.i18n import msg
from gpudesk.core.transfer.errors import ConnectionLost, RemoteError, TransferError
from gpudesk.core.transfer.rawsftp import O_WRITE, RawSftp

SPLIT_MIN = 16 * 1024 * 1024  # smaller files gain little: one channel sends them in a few round trips
SPAN = 16 * 1024 * 1024  # at most this far ahead of the lowest unacknowledged byte (84 MB/s at 200 ms)
MAX_CHANNELS = 4  # leaves sessions for shells and telemetry (OpenSSH allows 10 per connection)
NEAR_RTT_S = 0.015  # below this one channel's window already outruns the link (and the CPU)
MARK = 0o1000  # on a partial copy: written by several channels, may hold holes near its end


def channels_for(rtt_s: float, remaining: int, wanted: int | None = None) -> int:
    """How many channels an upload of ``remaining`` bytes should use at round trip ``rtt_s``.

    ``wanted`` overrides the choice by round trip (files under :data:`SPLIT_MIN` still go
    over one channel).
    """
    if remaining < SPLIT_MIN:
        return 1
    if wanted is not None:
        return max(1, wanted)
    if rtt_s < NEAR_RTT_S:
        return 1
    return max(2, min(MAX_CHANNELS, math.ceil(rtt_s / 0.025)))


def safe_resume_point(part_size: int, mode: int | None) -> int:
    """Where a resume of a partial copy may start without trusting bytes that may be holes."""
    if mode is not None and mode & MARK:
        return max(0, part_size - SPAN)
    return part_size


class Stripe:
    """Hands out the ranges of ``[start, end)`` to the channels and tracks what is acknowledged."""

    def __init__(self, start: int, end: int, on_bytes: Callable[[int], None],
                 should_stop: Callable[[], BaseException | None]) -> None:  # fmt: skip
        self.next = start
        self.end = end
        self._on_bytes = on_bytes
        self._should_stop = should_stop
        self._out: OrderedDict[int, int] = OrderedDict()  # unacknowledged ranges, in offset order
        self._cv = threading.Condition()
        self.error: BaseException | None = None
        self._active = 0
        self._closed = False

    def _low(self) -> int:
        return next(iter(self._out)) if self._out else self.next

    def take(self, chunk: int, wait: bool) -> tuple[int, int] | None:
        """The next range to send, or None: all handed out, failed, or (``wait`` False) no room yet."""
        with self._cv:
            while True:
                if self.error is not None or self.next >= self.end:
                    return None
                length = min(chunk, self.end - self.next)
                if self.next + length <= self._low() + SPAN:
                    start = self.next
                    self.next += length
                    self._out[start] = length
                    return start, length
                if not wait:
                    return None
                self._cv.wait()

    def done(self, start: int) -> None:
        """The server wrote the range at ``start``."""
        with self._cv:
            length = self._out.pop(start)
            self._on_bytes(length)  # under the lock: the meter is not thread-safe
            if self.error is None:
                self.error = self._should_stop()
            self._cv.notify_all()

    def fail(self, exc: BaseException) -> None:
        with self._cv:
            if self.error is None and not self._closed:  # after finish() the outcome is settled
                self.error = exc
            self._cv.notify_all()

    def join(self) -> bool:
        """A channel starts working on the stripe (False: too late, all is handed out or it failed)."""
        with self._cv:
            if self._closed or self.error is not None or self.next >= self.end:
                return False
            self._active += 1
            return True

    def leave(self) -> None:
        with self._cv:
            self._active -= 1
            self._cv.notify_all()

    def over(self) -> bool:
        """Nothing more to hand out: done, failed, or closed."""
        with self._cv:
            return self._closed or self.error is not None or self.next >= self.end

    def finish(self) -> None:
        """Wait for every channel that joined, then let no other join."""
        with self._cv:
            while self._active:
                self._cv.wait()
            self._closed = True


class ChannelPool:
    """Spare SFTP sessions on one transport for the extra channels of big uploads.

    They open in the background (a channel costs a few round trips far away) and are kept
    between files; :meth:`close` ends them. Used by one upload at a time.
    """

    def __init__(self, transport: paramiko.Transport, timeout: float) -> None:
        self.transport = transport
        self.timeout = timeout
        self._cv = threading.Condition()
        self._ready: list[RawSftp] = []
        self._opening = 0
        self._closed = False

    def want(self, count: int) -> None:
        """Have ``count`` sessions ready or on their way (a refused one is not retried)."""
        with self._cv:
            missing = count - len(self._ready) - self._opening
            if self._closed or missing <= 0:
                return
            self._opening += missing
        for _ in range(missing):
            threading.Thread(target=self._open, daemon=True, name="gpudesk-upload-channel").start()

    def _open(self) -> None:
        try:
            sftp: RawSftp | None = RawSftp(self.transport, self.timeout)
        except (ConnectionLost, RemoteError, OSError):
            sftp = None  # the server's session limit, or the link: one channel fewer
        with self._cv:
            self._opening -= 1
            if sftp is not None and not self._closed:
                self._ready.append(sftp)
                sftp = None
            self._cv.notify_all()
        if sftp is not None:
            sftp.shutdown()

    def take(self, give_up: Callable[[], bool]) -> RawSftp | None:
        """A ready session, waiting for one on its way; None when none will come or ``give_up()``."""
        with self._cv:
            while True:
                while self._ready:
                    sftp = self._ready.pop()
                    if sftp.dead is None and not sftp.chan.closed:
                        return sftp
                if self._closed or not self._opening or give_up():
                    return None
                self._cv.wait(0.5)

    def give(self, sftp: RawSftp) -> None:
        with self._cv:
            if sftp.dead is None and not self._closed:
                self._ready.append(sftp)
                self._cv.notify_all()
                return
        sftp.shutdown()

    def close(self) -> None:
        with self._cv:
            self._closed = True
            ready, self._ready = self._ready, []
            self._cv.notify_all()
        for sftp in ready:
            sftp.shutdown()


def upload_parallel(sftp: RawSftp, handle: bytes, part: str, mode: int, local: Path, offset: int, size: int,
                    channels: int, pool: ChannelPool, on_bytes: Callable[[int], None],
                    should_stop: Callable[[], BaseException | None], path: str = "") -> int:  # fmt: skip
    """Write ``local[offset:size]`` into the open ``handle`` of ``part`` over up to ``channels`` channels.

    ``sftp`` (whose ``handle`` it is) sends at once, alone and in order (no holes) until a
    session from ``pool`` joins: each opens the part and sets ``mode | MARK`` in one round
    trip, and writes only once the mark is there. A channel that cannot open (the server's
    session limit) or mark is simply left out. Returns the end offset; raises the first error
    of any channel once all have stopped.
    """
    stripe = Stripe(offset, size, on_bytes, should_stop)
    fd = os.open(local, os.O_RDONLY)

    def read_at(start: int, length: int) -> bytes:
        data = os.pread(fd, length, start)
        if len(data) != length:
            raise TransferError(
                msg(
                    "TransferError",
                    "{name} changed size while it was being uploaded; retry when it is complete.",
                    name=local.name,
                )
            )
        return data

    pool.want(channels - 1)
    for _ in range(channels - 1):
        threading.Thread(target=_helper, args=(pool, part, mode | MARK, stripe, read_at, path), daemon=True,
                         name="gpudesk-upload-channel").start()  # fmt: skip
    stripe.join()  # before the helpers can: the stripe is not empty yet
    try:
        sftp.upload_ranges(handle, stripe, read_at, path)
    except BaseException as exc:  # noqa: BLE001 - handed to the stripe, raised below
        stripe.fail(exc)
    finally:
        stripe.leave()
        stripe.finish()
        os.close(fd)
    if stripe.error is not None:
        raise stripe.error
    return size


def _helper(
    pool: ChannelPool, part: str, mark: int, stripe: Stripe, read_at: Callable[[int, int], bytes], path: str
) -> None:
    sftp = pool.take(give_up=stripe.over)
    if sftp is None:
        return
    handle: bytes | None = None
    try:
        if not stripe.over():
            # Marked before this channel's first write: a resume then knows holes are possible.
            handle, marked = sftp.open_and_chmod(part, O_WRITE, 0o600, mark)
            if marked and stripe.join():
                try:
                    sftp.upload_ranges(handle, stripe, read_at, path)
                finally:
                    stripe.leave()
    except BaseException as exc:  # noqa: BLE001 - the stripe reports it to the caller
        stripe.fail(exc)
    finally:
        if handle is not None:
            sftp.close_nowait(handle)  # its writes were all answered; nothing is sent on a dead session
        pool.give(sftp)
