"""How long a test waits for an answer before it fails: one figure for the whole suite, so a slow CI machine
is allowed for in one place. A wait ends as soon as its condition holds; these are only the upper bounds."""

from __future__ import annotations

WAIT = 30_000  # ms (qtbot waits): an answer from the test sshd, a panel filling in, a worker finishing
WAIT_LONG = 60_000  # ms: a reconnect after a cut, a health probe over several polls
WAIT_S = WAIT / 1000  # the same in seconds, for waits outside Qt
WAIT_LONG_S = WAIT_LONG / 1000
