"""The terminal: a Qt-free screen model, key encoding and SSH shell sessions."""

from __future__ import annotations

from gpudesk.core.terminal.screen import TerminalScreen

__all__ = ["TerminalScreen"]
