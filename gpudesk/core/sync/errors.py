"""The error of a sync that cannot go ahead."""

from __future__ import annotations


class SyncError(Exception):
    """A sync cannot go ahead; the message says why and what to do."""
