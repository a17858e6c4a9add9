"""Keepalive with a deadline: notice a link that went silent (Wi-Fi switch, laptop sleep, NAT timeout).

paramiko's own keepalive asks for no reply, so a link where packets simply vanish is never
noticed. Like OpenSSH's ServerAliveInterval/ServerAliveCountMax, this sends
``keepalive@openssh.com`` with want_reply after a quiet spell and notes when any packet last
arrived; the connection's monitor declares the link dead once that silence passes the deadline.
"""

from __future__ import annotations

import collections
import threading
import time
from typing import Any

import paramiko
from paramiko.common import MSG_IGNORE, MSG_REQUEST_FAILURE, MSG_REQUEST_SUCCESS, cMSG_GLOBAL_REQUEST
from paramiko.message import Message

REQUEST = "keepalive@openssh.com"
PROBES_PER_DEADLINE = 3  # as ServerAliveCountMax=3: one lost probe is not yet a dead link


def probe_interval(keepalive_s: float, dead_after_s: float) -> float:
    """Seconds of silence before a probe: the keepalive setting, but at least three probes per deadline.

    ``0`` means no probes at all (keepalives turned off), and so no deadline either: a quiet
    but healthy connection would otherwise count as dead.
    """
    if keepalive_s <= 0:
        return 0.0
    if dead_after_s <= 0:
        return float(keepalive_s)
    return max(0.2, min(float(keepalive_s), dead_after_s / PROBES_PER_DEADLINE))


class Keepalive:
    """Probes ``transport`` when it is quiet and tracks the time of the last packet received.

    Args:
        transport: an authenticated client transport.
        interval_s: seconds of silence before a probe (see :func:`probe_interval`).
        dead_after_s: silence after which :attr:`expired` turns true (0 = never).
    """

    def __init__(self, transport: paramiko.Transport, interval_s: float, dead_after_s: float) -> None:
        self.transport = transport
        self.interval_s = interval_s
        self.dead_after_s = dead_after_s if interval_s > 0 else 0.0
        self.last_rx = time.monotonic()
        self.sent = 0
        self.answered = 0
        # Replies to global requests come back in request order; True marks one of our probes,
        # False someone else's request (a remote forward) that paramiko itself waits for.
        self._replies: collections.deque[bool] = collections.deque()
        self._order = threading.Lock()
        self._stop = threading.Event()
        self._install()
        self._thread: threading.Thread | None = None
        if interval_s > 0:
            self._thread = threading.Thread(target=self._run, name="ssh-keepalive", daemon=True)
            self._thread.start()

    @property
    def silent_s(self) -> float:
        """Seconds since the last packet from the server."""
        return time.monotonic() - self.last_rx

    @property
    def expired(self) -> bool:
        return self.dead_after_s > 0 and self.silent_s >= self.dead_after_s

    def stop(self) -> None:
        self._stop.set()

    # -- wiring into the transport ------------------------------------------------
    def _install(self) -> None:
        packetizer = self.transport.packetizer
        read = packetizer.read_message
        replies = self._replies

        def read_message() -> tuple[int, Message]:
            ptype, m = read()
            self.last_rx = time.monotonic()
            if ptype in (MSG_REQUEST_SUCCESS, MSG_REQUEST_FAILURE) and replies and replies.popleft():
                self.answered += 1
                # Our probe's answer: paramiko must not take it for the reply to a request of its own.
                return MSG_IGNORE, m
            return ptype, m

        packetizer.read_message = read_message
        request = self.transport.global_request

        def global_request(kind: str, data: Any = None, wait: bool = True) -> Any:
            if wait:
                with self._order:
                    replies.append(False)
            return request(kind, data, wait)

        self.transport.global_request = global_request

    def _run(self) -> None:
        last_probe = 0.0
        tick = min(1.0, self.interval_s / 4)
        while not self._stop.wait(tick):
            if not self.transport.is_active():
                return
            now = time.monotonic()
            if now - self.last_rx >= self.interval_s and now - last_probe >= self.interval_s:
                last_probe = now
                self._probe()

    def _probe(self) -> None:
        m = Message()
        m.add_byte(cMSG_GLOBAL_REQUEST)
        m.add_string(REQUEST)
        m.add_boolean(True)  # want_reply: the answer is what proves the link alive
        with self._order:
            if not all(self._replies):
                return  # another request awaits its reply; that reply proves the link just as well
            self._replies.append(True)
            self.sent += 1
            try:
                # Sent as paramiko sends its own requests (waits out a key exchange); a stalled
                # link may block here, which the deadline, watched elsewhere, ends.
                self.transport._send_user_message(m)
            except Exception:  # noqa: BLE001 - a dead transport is noticed by the monitor
                pass
