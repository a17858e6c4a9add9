"""An IDE's server at work on the instance holds the idle stop off (up to its ceiling); without it the stop comes.

The IDE server is a real process of the test user started over the real sshd, named like VS Code's
(``~/.vscode-server/bin/<commit>/node``) and burning CPU; the probe runs over a real connection.
"""

from __future__ import annotations

import time

import pytest

from gpudesk.core.billing.guard import Guard, GuardConfig
from gpudesk.core.billing.idle import IdleConfig
from gpudesk.core.handoff import PROBE, TTY_STEP_S, IdeActivity, parse_probe, tty_inputs

pytestmark = pytest.mark.e2e

BURN = "while :; do :; done"


def _guard() -> Guard:
    cfg = GuardConfig(idle=IdleConfig(minutes=10, ide_ceiling_minutes=60), policy="stop")
    return Guard("s1", cfg)


def _idle_gpu(guard: Guard, t0: float, minutes: float) -> None:
    for i in range(int(minutes * 2) + 1):
        guard.feed_gpu([0.0], [1000.0], t0 + i * 30.0)


def _start_ide_server(connect, sshd) -> None:
    conn = connect()
    folder = ".vscode-server/bin/0123abcd"
    conn.exec(f"mkdir -p ~/{folder} && cp /bin/sh ~/{folder}/node")
    # Detached from the channel: it lives on after this exec, as an IDE's server does.
    conn.exec(f"cd ~ && setsid -f ./{folder}/node -c '{BURN}' </dev/null >/dev/null 2>&1; echo started", timeout=10)


def _stop_ide_server(sshd) -> None:
    sshd.run_as_user("pkill", "-u", sshd.username, "-f", ".vscode-server/bin/0123abcd/node")


def _probe_twice(connect) -> str | None:
    conn = connect()
    watch = IdeActivity()
    assert watch.feed(conn.exec(PROBE).out) is None  # the first probe only sets the reference
    time.sleep(2.5)  # ps counts CPU in whole seconds
    return watch.feed(conn.exec(PROBE).out)


def test_an_ide_server_burning_cpu_holds_the_idle_stop_off(connect, sshd) -> None:
    _start_ide_server(connect, sshd)
    try:
        first = connect().exec(PROBE).out
        assert any(ide == "code" for ide, _cpu in parse_probe(first).values()), first
        ide = _probe_twice(connect)
    finally:
        _stop_ide_server(sshd)
    assert ide == "code"

    guard = _guard()
    t0 = 1_000_000.0
    _idle_gpu(guard, t0, 12)
    guard.note_ide(ide, t0 + 11 * 60)  # the IDE worked a minute ago
    assert guard.tick(t0 + 12 * 60) is None
    assert guard.detector.rule(t0 + 12 * 60) == "ide"
    assert guard.detector.ide_in_use(t0 + 12 * 60) == "code"


def test_without_an_ide_the_idle_stop_comes(connect, sshd) -> None:
    ide = _probe_twice(connect)  # nothing named like an IDE server runs
    assert ide is None
    guard = _guard()
    t0 = 1_000_000.0
    _idle_gpu(guard, t0, 12)
    prompt = guard.tick(t0 + 12 * 60)
    assert prompt is not None and prompt.reason == "idle" and prompt.action == "stop" and prompt.rule == "gpu"


def test_an_ide_left_open_on_an_idle_gpu_meets_the_ceiling() -> None:
    guard = _guard()
    t0 = 1_000_000.0
    _idle_gpu(guard, t0, 75)
    for minute in range(0, 75):
        guard.note_ide("cursor", t0 + minute * 60)  # the editor hums all night
    # Held off until the ceiling (60 min of idle GPU), then the usual 10 idle minutes: the stop comes.
    assert guard.tick(t0 + 65 * 60) is None
    prompt = guard.tick(t0 + 75 * 60)
    assert prompt is not None and prompt.reason == "idle" and prompt.rule == "ide_ceiling"
    guard.note_ide("cursor", t0 + 75 * 60)  # past the ceiling the IDE does not answer the question
    assert guard.prompt is not None


def test_probe_parsing_is_bounded_and_strict() -> None:
    text = "\n".join(
        [
            "  101 00:00:07 /home/u/.vscode-server/bin/abc/node --max-old-space-size",
            "  102 1-02:03:04 /home/u/.cursor-server/bin/x/node server",
            "  103 00:10 /home/u/.windsurf-server/bin/y/node",
            "  104 00:00:09 python train.py",
            "garbage line",
        ]
        * 3000
    )
    parsed = parse_probe(text)
    assert parsed == {101: ("code", 7.0), 102: ("cursor", 93784.0), 103: ("windsurf", 10.0)}


def test_the_live_billing_probes_the_ide_over_its_own_connection(connect, sshd, trusting_store, monkeypatch) -> None:
    from gpudesk.core.live import billing as live_billing
    from gpudesk.core.live.server import LiveServer
    from gpudesk.core.live.state import LinkState
    from gpudesk.core.sessions.model import Session
    from gpudesk.core.telemetry.model import Frame, GpuSample

    monkeypatch.setattr(live_billing, "IDE_PROBE_S", 0.5)
    session = Session(
        name="ide", host=sshd.host, port=sshd.port, username=sshd.username, auth="key_file",
        identity_file=str(sshd.key_path),
    )  # fmt: skip
    server = LiveServer(session, host_keys=trusting_store)
    _start_ide_server(connect, sshd)
    try:
        server.link.connect()
        deadline = time.monotonic() + 30
        while server.state != LinkState.CONNECTED and time.monotonic() < deadline:
            time.sleep(0.1)
        assert server.state == LinkState.CONNECTED, server.link.last_error
        deadline = time.monotonic() + 20
        while not server.billing.ide_in_use() and time.monotonic() < deadline:
            server.telemetry.frame.emit(
                Frame(time.time(), [GpuSample(0, "GPU-0", "H100", util_gpu=0.0, mem_used_mib=1.0)])
            )
            time.sleep(0.5)
        assert server.billing.ide_in_use() == "code"
    finally:
        _stop_ide_server(sshd)
        server.close()


def test_typing_in_an_ssh_terminal_of_the_user_counts(connect, sshd) -> None:
    """``ssh HOST`` from the system terminal: a key read by the user's terminal on the server is activity."""
    if not sshd.pty_ok:
        pytest.skip("this sshd cannot hand out a terminal")
    import re
    import subprocess
    import uuid

    mark = f"gd-tty-{uuid.uuid4().hex[:8]}"
    term = subprocess.Popen(
        ["ssh", *sshd.ssh_args(), "-tt", "-p", str(sshd.port), f"{sshd.username}@{sshd.host}"],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    assert term.stdin is not None
    conn = connect()
    try:
        term.stdin.write(f"tty > ~/{mark}\n".encode())
        term.stdin.flush()
        deadline = time.monotonic() + 20
        while not (name := conn.exec(f"cat ~/{mark} 2>/dev/null").out.strip()) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert name.startswith("/dev/pts/"), name

        def ours(text: str) -> float:
            (value,) = re.findall(rf"^--tty (\d+) {re.escape(name)}$", text, re.M)
            return float(value)

        watch = IdeActivity()
        time.sleep(TTY_STEP_S + 1.1)  # the server's clock moves past the terminal's last key (stamped in 8 s steps)
        first = conn.exec(PROBE).out
        watch.feed(first)
        clock = tty_inputs(first)[0]
        assert clock is not None and ours(first) <= clock - TTY_STEP_S
        time.sleep(1.1)
        second = conn.exec(PROBE).out
        assert ours(second) <= clock - TTY_STEP_S  # nobody typed in it: its last key is older than the previous probe
        watch.feed(second)
        clock = tty_inputs(second)[0]
        time.sleep(1.1)
        term.stdin.write(b"echo typed\n")
        term.stdin.flush()
        time.sleep(1.0)
        third = conn.exec(PROBE).out
        assert clock is not None and ours(third) > clock - TTY_STEP_S
        assert watch.feed(third) in ("ssh", "code", "cursor", "windsurf")
    finally:
        term.kill()
        term.wait()
        conn.exec(f"rm -f ~/{mark}")
