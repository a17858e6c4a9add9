"""Typing counts as activity only in an SSH login's terminal: a tmux pane (the guard's own runs in one) reads
its terminal all the time with nobody typing, and must not hold off the idle stop."""

from __future__ import annotations

from gpudesk.core.handoff import IdeActivity, tty_inputs

GUARD_IN_TMUX = """\
21961 00:00:00 sh /home/u/.gpudesk/guard/guard.sh
22041 00:00:00 sshd: u@notty
--now {now}
--tty {now} /dev/pts/9
"""
SSH_LOGIN = """\
26596 00:00:00 sshd: u@pts/0
26600 00:00:00 -bash
--now {now}
--tty {now} /dev/pts/0
--tty {now} /dev/pts/9
"""


def test_a_tmux_pane_reading_its_terminal_is_not_typing() -> None:
    probe = IdeActivity()
    assert probe.feed(GUARD_IN_TMUX.format(now=1000)) is None
    assert probe.feed(GUARD_IN_TMUX.format(now=1020)) is None  # pts/9 was read just now: still nobody typing
    assert tty_inputs(GUARD_IN_TMUX.format(now=1020)) == (1020.0, [])


def test_a_key_in_an_ssh_login_terminal_is_typing() -> None:
    probe = IdeActivity()
    assert probe.feed(SSH_LOGIN.format(now=1000)) is None
    assert probe.feed(SSH_LOGIN.format(now=1020)) == "ssh"
    assert tty_inputs(SSH_LOGIN.format(now=1020)) == (1020.0, [1020.0])  # pts/0 only: pts/9 is no login
    newer = SSH_LOGIN.replace("sshd: u@pts/0", "sshd-session: u@pts/0")  # OpenSSH 9.8 and later
    assert tty_inputs(newer.format(now=5)) == (5.0, [5.0])
