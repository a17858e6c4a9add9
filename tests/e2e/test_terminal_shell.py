"""The core shell session against the real sshd: output, resize, alt screen, CJK, paste, tmux re-attach."""

from __future__ import annotations

import shutil
import time
import uuid
from collections.abc import Callable

import pytest

from gpudesk.core.terminal import TerminalScreen
from gpudesk.core.terminal.keys import Mods, bracketed, encode_key
from gpudesk.core.terminal.shell import ShellSession, has_tmux, tmux_name

pytestmark = pytest.mark.e2e


class Term:
    """A screen fed by a shell session, with a wait-for-condition helper."""

    def __init__(self, conn, cols: int = 80, rows: int = 24, tmux: str | None = None) -> None:
        self.screen = TerminalScreen(cols, rows, scrollback=2000)
        self.closed: list[str] = []
        self.raw: list[bytes] = []
        self.shell = ShellSession(cols, rows, on_closed=self.closed.append, tmux_session=tmux)
        self.screen.on_reply = self.shell.write
        self.shell.start(conn)

    def pump(self) -> None:
        while data := self.shell.output.take(1 << 20):
            self.raw.append(data)
            self.screen.feed(data)

    def text(self) -> str:
        self.pump()
        return "\n".join(self.screen.scrollback + self.screen.display)

    def wait(self, cond: Callable[[], bool], timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.pump()
            if cond():
                return
            time.sleep(0.02)
        raise AssertionError(
            "timed out; screen:\n" + "\n".join(self.screen.display) + f"\nlast bytes: {self.raw[-6:]!r}"
        )

    def wait_text(self, needle: str, timeout: float = 20.0) -> None:
        self.wait(lambda: needle in self.text(), timeout)

    def run(self, command: str) -> None:
        self.shell.write(command.encode() + encode_key("Enter"))


@pytest.fixture
def term(connect):
    made: list[Term] = []

    def make(**kwargs) -> Term:
        t = Term(kwargs.pop("conn", None) or connect(), **kwargs)
        made.append(t)
        return t

    yield make
    for t in made:
        t.shell.close()


def _marker() -> str:
    return "M" + uuid.uuid4().hex[:8]


def test_type_a_command_and_see_its_output(term) -> None:
    t = term()
    m = _marker()
    # Split so the echoed command line itself never contains the result.
    t.run(f"echo {m[:3]}''{m[3:]}-$((6*7))")
    t.wait_text(f"{m}-42")
    t.run("exit")
    t.wait(lambda: bool(t.closed))
    assert t.closed == ["exited"]


def test_resize_reaches_the_remote_pty(term) -> None:
    t = term(cols=80, rows=24)
    t.run("stty size")
    t.wait_text("24 80")
    t.shell.resize(101, 33)
    t.screen.resize(101, 33)
    t.run("stty size")
    t.wait_text("33 101")


def test_alternate_screen_in_and_out(term) -> None:
    t = term(cols=60, rows=10)
    m = _marker()
    t.run(f"echo before-{m}")
    t.wait_text(f"before-{m}")
    t.run(r"printf '\033[?1049h\033[H\033[2JALT-%s\n' " + m + r"; sleep 1; printf '\033[?1049l'")
    t.wait(lambda: t.screen.alt_screen and any(f"ALT-{m}" in r for r in t.screen.display))
    t.wait(lambda: not t.screen.alt_screen)
    t.wait(lambda: any(f"before-{m}" in r for r in t.screen.display) and all(f"ALT-{m}" not in r for r in t.screen.display))


@pytest.mark.skipif(shutil.which("vim") is None, reason="vim is not installed on this machine")
def test_vim_alternate_screen(term) -> None:
    t = term(cols=80, rows=20)
    m = _marker()
    t.run(f"echo shell-{m}; vim -u NONE -N")
    t.wait(lambda: t.screen.alt_screen)
    t.shell.write(b"i" + f"typed-{m}".encode())
    t.wait(lambda: any(f"typed-{m}" in r for r in t.screen.display))
    assert any(r.startswith("~") for r in t.screen.display)  # vim's empty-line markers
    t.shell.write(encode_key("Escape") + b":q!" + encode_key("Enter"))
    t.wait(lambda: not t.screen.alt_screen)
    t.wait(lambda: any(f"shell-{m}" in r for r in t.screen.display))
    assert not any(f"typed-{m}" in r for r in t.screen.display)


def test_cjk_wide_characters_placed_in_two_cells(term) -> None:
    t = term(cols=40, rows=8)
    t.run("clear; printf 'ab\\344\\270\\255\\346\\226\\207cd\\n'")  # ab中文cd, as octal escapes
    t.wait(lambda: any("ab中文cd" in r for r in t.screen.display))
    row = next(i for i, r in enumerate(t.screen.display) if "ab中文cd" in r)
    chars = t.screen.lines()[row].chars
    start = chars.index("a")
    assert chars[start : start + 8] == ["a", "b", "中", "", "文", "", "c", "d"]


def test_paste_multi_line_and_bracketed(term) -> None:
    t = term()
    m = _marker()
    t.run(f"echo ready-{m[:3]}''{m[3:]}")
    t.wait_text(f"ready-{m}")
    # bash 5.1+ turns bracketed paste on at its prompt: the pasted lines are inserted, not
    # run one by one; the Enter afterwards runs them.
    t.wait(lambda: t.screen.bracketed_paste)
    t.shell.write(bracketed(f"echo P1-{m[:3]}''{m[3:]}\necho P2-{m[:3]}''{m[3:]}", enabled=t.screen.bracketed_paste))
    t.shell.write(encode_key("Enter"))
    t.wait(lambda: any(r.rstrip() == f"P1-{m}" for r in t.screen.display) and any(r.rstrip() == f"P2-{m}" for r in t.screen.display))


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed on this machine")
def test_tmux_session_survives_a_cut_connection(term, connect, proxy) -> None:
    conn = connect(port=proxy.port, keepalive_s=1)  # a keepalive is how a cut link gets noticed
    assert has_tmux(conn)
    name = tmux_name("test-" + uuid.uuid4().hex[:8])
    t = term(conn=conn, cols=80, rows=20, tmux=name)
    m = _marker()
    t.run(f"for i in $(seq 1 400); do echo tick-{m}-$i; sleep 0.05; done")
    t.wait_text(f"tick-{m}-2")
    proxy.cut()
    t.wait(lambda: bool(t.closed), timeout=30)
    assert t.closed == ["lost"]
    # Re-attach over a new connection: the loop kept running while we were away.
    again = term(conn=connect(), cols=80, rows=20, tmux=name)
    again.wait(lambda: any(f"tick-{m}-" in r for r in again.screen.display))
    assert not again.screen.alt_screen  # tmux draws on the main screen, so our scrollback keeps its lines
    seen = max(int(r.rsplit("-", 1)[1]) for r in again.screen.display if f"tick-{m}-" in r and r.strip()[-1].isdigit())
    again.wait(lambda: any(f"tick-{m}-{seen + 5}" in r for r in again.screen.display))
    again.shell.write(encode_key("c", Mods(ctrl=True)))
    again.run(f"tmux kill-session -t {name}")


def test_ctrl_c_flushes_a_flood(term) -> None:
    t = term(cols=80, rows=24)
    t.run("yes 'flood flood flood flood flood flood flood'")
    # Let output pile up unread, as when the screen cannot keep up.
    deadline = time.monotonic() + 20
    while len(t.shell.output) < 1_000_000 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert len(t.shell.output) >= 1_000_000
    t.shell.write(encode_key("c", Mods(ctrl=True)))
    dropped = t.shell.flush_output()
    assert dropped >= 900_000
    m = _marker()
    t.run(f"echo {m[:3]}''{m[3:]}-stopped")
    parsed_before = sum(map(len, t.raw))
    t.wait(lambda: any(r.rstrip() == f"{m}-stopped" for r in t.screen.display))
    # Only the kept tail and what arrives after the flush window get parsed, not the backlog.
    assert sum(map(len, t.raw)) - parsed_before < 8_000_000


def test_current_folder_of_a_plain_shell_and_its_children(term, connect) -> None:
    """The file browser follows the shell: found by its environment marker, not by any prompt hook."""
    conn = connect()
    t = term(conn=conn)
    other = term(conn=conn)  # a second shell of the same user must not be confused with it
    home = conn.exec("pwd").out.strip()
    folder = conn.exec("mktemp -d /tmp/cwd.XXXXXX").out.strip()
    m = _marker()
    t.run(f"cd {folder} && mkdir -p 'with space' && cd 'with space' && echo {m[:3]}''{m[3:]}")
    t.wait_text(m)
    other.run("cd /")
    assert t.shell.current_folder(connect()) == f"{folder}/with space"
    # A long-running program started from the shell carries the marker too; the shell is still the answer.
    t.run("sleep 30")
    time.sleep(0.3)
    assert t.shell.current_folder(conn) == f"{folder}/with space"
    t.shell.write(b"\x03")
    # Something that detached from the shell (nohup/setsid, a hand-started agent) carries the marker too and
    # has no marked parent; it must not win, even from another folder.
    t.run("(cd / && setsid sleep 30 >/dev/null 2>&1 &)")
    time.sleep(0.5)
    assert t.shell.current_folder(conn) == f"{folder}/with space"
    conn.exec("pkill -u $(id -u) -f '^sleep 30$' || true")
    t.run(f"cd {home}")
    t.wait(lambda: t.shell.current_folder(conn) == home)
    conn.exec(f"rm -rf {folder}")


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed on this machine")
def test_current_folder_of_a_tmux_shell(term, connect) -> None:
    conn = connect()
    name = tmux_name("cwd-" + uuid.uuid4().hex[:8])
    t = term(conn=conn, tmux=name)
    t.run("cd /usr/share && echo in''share")
    t.wait_text("inshare")
    t.wait(lambda: t.shell.current_folder(conn) == "/usr/share")
    conn.exec(f"tmux kill-session -t {name}")
