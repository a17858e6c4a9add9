"""A server as the multi-server tools see it: a name and a way to reach it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from gpudesk.core.i18n import msg
from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.connection import Connection


@dataclass
class Server:
    """One row of a multi-server action.

    Args:
        name: what the user sees (the session's label); also the key of the results.
        connection: an established connection to reuse (the app's connection tab holds it).
        make: builds a new, not yet connected :class:`Connection` when ``connection`` is
            missing or closed; the action connects it on the server's own thread (so a cancel
            can abort the connect) and closes it when it ends.
    """

    name: str
    connection: Connection | None = None
    make: Callable[[], Connection] | None = None


def open_connection(server: Server, register: Callable[[Connection], None]) -> tuple[Connection, bool]:
    """A live connection for ``server`` and whether the caller owns (and must close) it.

    ``register`` sees a new connection before it connects, so another thread can cancel it.
    """
    conn = server.connection
    if conn is not None and conn.is_alive:
        return conn, False
    if server.make is None:
        raise E.Disconnected(msg("MultiServer", "{server} is not connected. Connect it first.", server=server.name))
    conn = server.make()
    register(conn)
    conn.connect()
    return conn, True


def unique_names(servers: list[Server]) -> None:
    """Results are keyed by name: two sessions with one label would overwrite each other."""
    seen: dict[str, int] = {}
    for server in servers:
        n = seen.get(server.name, 0) + 1
        seen[server.name] = n
        if n > 1:
            server.name = f"{server.name} ({n})"


def join_all(threads: list[threading.Thread], timeout: float | None = None) -> bool:
    """Join every thread within one shared deadline; ``False`` if ``timeout`` ran out first."""
    deadline = None if timeout is None else time.monotonic() + timeout
    for thread in threads:
        thread.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
        if thread.is_alive():
            return False
    return True
