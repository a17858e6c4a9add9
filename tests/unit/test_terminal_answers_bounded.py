"""The terminal's answers to a server that stops reading are bounded: duplicates coalesce, the rest is capped."""

from __future__ import annotations

from gpudesk.core.terminal import TerminalScreen
from gpudesk.core.terminal.shell import MAX_PENDING_ANSWERS, ShellSession


def test_a_flood_of_the_same_query_queues_one_answer() -> None:
    shell = ShellSession()  # not started: nothing is sent, as with a server that stopped reading
    screen = TerminalScreen(80, 24)
    screen.on_reply = shell.answer
    screen.feed(b"\x1b[c" * 200_000)  # 600 kB of "who are you?"
    assert shell._writes.qsize() == 1
    assert 0 < shell.pending_answers < 64
    assert shell.answers_dropped == 200_000 - 1


def test_distinct_answers_stop_at_the_cap() -> None:
    shell = ShellSession()
    for i in range(50_000):
        shell.answer(f"\x1b[{i};1R".encode())
    assert shell.pending_answers <= MAX_PENDING_ANSWERS
    assert shell._writes.qsize() < 10_000 and shell.answers_dropped > 40_000


def test_typed_input_is_never_dropped() -> None:
    shell = ShellSession()
    for _ in range(1000):
        shell.write(b"x")
    assert shell._writes.qsize() == 1000
