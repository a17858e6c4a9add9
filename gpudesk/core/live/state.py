"""A live server's connection state: an enum, never free text."""

from __future__ import annotations

from enum import StrEnum


class LinkState(StrEnum):
    """Where a server's connection stands.

    A ``StrEnum``: it compares equal to its value ("connected"), so logs, JSON and older callers that
    compare strings keep working, while new code gets a closed set the type checker knows.
    While reconnecting by itself, the state is ``DROPPED`` between tries and ``CONNECTING`` during one.
    """

    IDLE = "idle"
    CONNECTING = "connecting"
    CONNECTED = "connected"
    DROPPED = "dropped"
    FAILED = "failed"
    CLOSED = "closed"

    @property
    def up(self) -> bool:
        return self is LinkState.CONNECTED
