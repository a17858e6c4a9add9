"""End-to-end terminal benchmark: a 20 MB training-log mix ``cat``ed over a real sshd into the real widget.

Run: ``python tests/benchmarks/bench_terminal_e2e.py [--mb 20] [--repeat 3] [--no-alacritty]`` (needs root,
like the e2e tests: it starts the test sshd of ``tests/helpers/sshd.py``).

The bytes are :func:`bench_terminal.build_output` (tqdm bars redrawn with ``\\r``, coloured log lines,
``ls --color``, long wrapped lines, CJK). The widget is a real :class:`TerminalView` (120×40 or so) on
Qt's offscreen platform, fed by a real shell channel. Per run:

- ``seconds``: from typing ``cat FILE; echo DONE`` until DONE is on the screen (every byte parsed);
- ``worst_frame_ms``: the longest gap between ticks of a 1 ms GUI heartbeat meanwhile (a stalled
  event loop shows as a long gap: that is the worst frame the user would see);
- ``ctrl_c_s``: during an endless ``while :; do cat FILE; done``, from Ctrl+C typed into the widget
  until a command typed after it has answered.

Where Alacritty and Xvfb are installed, Alacritty runs ``ssh … cat FILE`` against the same sshd on a
virtual screen in the same run: its time is the wall time of that window minus the same window running
``ssh … true`` (start-up, connect and exit cancel out). Medians of ``--repeat``; the last line is
``terminal_e2e: seconds=S worst_frame_ms=F ctrl_c_s=C [alacritty_s=A ratio=R]`` (ratio = Alacritty's
time ÷ ours: higher is better).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.benchmarks.bench_terminal import build_output  # noqa: E402


def _start_xvfb() -> tuple[subprocess.Popen[bytes] | None, str]:
    """A virtual screen for Alacritty (None where Xvfb is missing or does not start)."""
    if shutil.which("Xvfb") is None:
        return None, ""
    for n in range(91, 120):
        if Path(f"/tmp/.X11-unix/X{n}").exists() or Path(f"/tmp/.X{n}-lock").exists():
            continue
        proc = subprocess.Popen(
            ["Xvfb", f":{n}", "-screen", "0", "1280x900x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                return proc, f":{n}"
            if proc.poll() is not None:
                break
            time.sleep(0.1)
        proc.kill()
        proc.wait()
    return None, ""


def time_alacritty(sshd, remote_name: str, repeat: int) -> tuple[float | None, str]:
    """Median seconds Alacritty takes to show ``cat remote_name`` over ssh, or (None, why not)."""
    if shutil.which("alacritty") is None:
        return None, "alacritty is not installed"
    xvfb, display = _start_xvfb()
    if xvfb is None:
        return None, "no virtual screen (Xvfb) could be started"
    ssh = ["ssh", *sshd.ssh_args(), "-p", str(sshd.port), f"{sshd.username}@{sshd.host}"]
    env = dict(os.environ, DISPLAY=display, LIBGL_ALWAYS_SOFTWARE="1")
    env.pop("WAYLAND_DISPLAY", None)

    def window(*remote: str) -> float:
        argv = ["alacritty", "-o", "window.dimensions.columns=120", "-o", "window.dimensions.lines=40",
                "-o", "scrolling.history=10000", "-e", *ssh, *remote]  # fmt: skip
        t0 = time.perf_counter()
        proc = subprocess.run(argv, env=env, capture_output=True, timeout=300, check=False)
        elapsed = time.perf_counter() - t0
        if proc.returncode != 0:
            raise RuntimeError(
                f"alacritty exited with {proc.returncode}: {proc.stderr.decode(errors='replace')[-300:]}"
            )
        return elapsed

    try:
        window("true")  # warm-up: caches, the font, the ssh connection path
        cats, empties = [], []
        for _ in range(repeat):
            empties.append(window("true"))
            cats.append(window("cat", remote_name))
        return statistics.median(cats) - statistics.median(empties), ""
    except (RuntimeError, subprocess.TimeoutExpired, OSError) as exc:
        return None, f"alacritty could not run here: {exc}"
    finally:
        xvfb.kill()
        xvfb.wait()


def measure(data: bytes, repeat: int, alacritty: bool) -> dict[str, float | None | str]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("GPUDESK_HOME", tempfile.mkdtemp(prefix="gpudesk-bench-home-"))
    from PySide6.QtGui import QKeyEvent

    from gpudesk.core.live.workspace import Workspace
    from gpudesk.core.sessions import Session
    from gpudesk.core.ssh.hostkeys import HostKeyStore
    from gpudesk.ui.qt import QtCore, QtWidgets
    from gpudesk.ui.terminal.view import TerminalView
    from tests.helpers.sshd import start_sshd

    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication([])
    workdir = Path(tempfile.mkdtemp(prefix="gpudesk-bench-sshd-"))
    sshd = start_sshd(workdir)
    remote = sshd.home / f"bench-{uuid.uuid4().hex[:6]}.log"
    remote.write_bytes(data)
    os.chown(remote, sshd.uid, sshd.gid)
    session = Session(
        name="bench", host=sshd.host, port=sshd.port, username=sshd.username, auth="key_file",
        identity_file=str(sshd.key_path), persistent_tmux=False,
    )  # fmt: skip
    server = Workspace().open(session, host_keys=HostKeyStore(sshd.known_hosts, extra_files=[]))
    view = TerminalView(server, "bench")
    from gpudesk.ui import runtime

    runtime.tune()  # as the app does once its window is up (gpudesk.ui.app.run_gui)
    view.typed.connect(view.send_to_host)  # what the panel's broadcast router does for a lone terminal
    view.resize(1000, 640)
    view.show()

    def wait_until(cond, timeout: float) -> None:
        loop = QtCore.QEventLoop()
        poll = QtCore.QTimer()
        poll.timeout.connect(lambda: loop.quit() if cond() else None)
        poll.start(5)
        QtCore.QTimer.singleShot(int(timeout * 1000), loop.quit)
        loop.exec()
        poll.stop()
        if not cond():
            raise RuntimeError("the terminal benchmark timed out")

    def shown(text: str) -> bool:
        return any(text in row for row in view.canvas.screen.display)

    def type_line(text: str) -> None:
        view.canvas.type_bytes(text.encode() + b"\r")

    def ctrl_c() -> None:
        event = QKeyEvent(
            QtCore.QEvent.Type.KeyPress, QtCore.Qt.Key.Key_C, QtCore.Qt.KeyboardModifier.ControlModifier, "\x03"
        )
        QtWidgets.QApplication.sendEvent(view.canvas, event)

    verbose = bool(os.environ.get("GPUDESK_BENCH_VERBOSE"))
    seconds: list[float] = []
    worst: list[float] = []
    stops: list[float] = []
    try:
        server.link.connect()
        wait_until(lambda: view.state == "running", 30)
        view.start()
        wait_until(lambda: view.state == "running" and "$" in "".join(view.canvas.screen.display), 30)
        print(f"widget: {view.canvas.screen.cols}x{view.canvas.screen.rows} cells, "
              f"scrollback {view.canvas.screen.scrollback_limit} lines, platform {app.platformName()}")  # fmt: skip
        gaps: list[float] = []
        last = [time.perf_counter()]

        def beat() -> None:
            now = time.perf_counter()
            gaps.append(now - last[0])
            last[0] = now

        heartbeat = QtCore.QTimer()
        heartbeat.setTimerType(QtCore.Qt.TimerType.PreciseTimer)
        heartbeat.timeout.connect(beat)
        for i in range(repeat):
            type_line("clear")
            wait_until(lambda: not "".join(view.canvas.screen.display[1:]).strip(), 10)
            gaps.clear()
            done = "DONE" + uuid.uuid4().hex[:6]
            type_line(f"cat {remote.name}; echo {done[:4]}''{done[4:]}")
            t0 = time.perf_counter()
            last[0] = t0
            heartbeat.start(1)
            wait_until(lambda done=done: shown(done), 300)
            seconds.append(time.perf_counter() - t0)
            heartbeat.stop()
            worst.append(max(gaps) * 1000 if gaps else 0.0)

            stop = "STOP" + uuid.uuid4().hex[:6]
            type_line(f"while :; do cat {remote.name}; done")
            parsed = view.canvas.screen.generation
            wait_until(lambda parsed=parsed: view.canvas.screen.generation > parsed + 50, 30)  # the flood is on
            t1 = time.perf_counter()
            ctrl_c()
            type_line(f"echo {stop[:4]}''{stop[4:]}")
            wait_until(lambda stop=stop: shown(stop), 60)
            stops.append(time.perf_counter() - t1)
            print(f"run {i + 1}: seconds={seconds[-1]:.2f} worst_frame_ms={worst[-1]:.1f} ctrl_c_s={stops[-1]:.2f}"
                  + (f" slowest_frames_ms={[round(g * 1000, 1) for g in sorted(gaps)[-6:]]} frames={len(gaps)}"
                     if verbose else ""))  # fmt: skip
        result: dict[str, float | None | str] = {
            "seconds": statistics.median(seconds),
            "worst_frame_ms": statistics.median(worst),
            "ctrl_c_s": statistics.median(stops),
            "alacritty_s": None,
            "why": "skipped (--no-alacritty)",
        }
        view.close_shell()
        server.close()  # its link's too
        if alacritty:
            result["alacritty_s"], result["why"] = time_alacritty(sshd, remote.name, repeat)
        return result
    finally:
        view.close_shell()
        server.close()  # its link's too
        sshd.stop()
        remote.unlink(missing_ok=True)
        shutil.rmtree(workdir, ignore_errors=True)
        del app


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mb", type=float, default=20.0, help="megabytes of output to cat")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-alacritty", action="store_true", help="do not time Alacritty on the same file")
    args = ap.parse_args()
    data = build_output(args.mb)
    r = measure(data, args.repeat, not args.no_alacritty)
    line = f"terminal_e2e: seconds={r['seconds']:.2f} worst_frame_ms={r['worst_frame_ms']:.1f} ctrl_c_s={r['ctrl_c_s']:.2f}"
    if r["alacritty_s"] is not None:
        ala = float(r["alacritty_s"])  # type: ignore[arg-type]
        print(f"alacritty: {len(data) / 1e6:.1f} MB over ssh in {ala:.2f} s (window time minus an empty ssh window's)")
        line += f" alacritty_s={ala:.2f} ratio={ala / float(r['seconds']):.2f}"  # type: ignore[arg-type]
    else:
        print(f"alacritty: not timed: {r['why']}")
    print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
