"""Terminal logs: escape sequences stripped (even when cut mid-sequence), rotation by size."""

from __future__ import annotations

import threading
from pathlib import Path

from gpudesk.core import paths
from gpudesk.core.terminal.termlog import AnsiStripper, TeeBuffer, TerminalLog, log_dir, strip_ansi

PROMPT = b"\x1b]0;ml@gpu: ~/proj\x07\x1b[?2004h\x1b[01;32mml@gpu\x1b[00m:\x1b[01;34m~/proj\x1b[00m$ "


def test_strip_removes_colours_titles_and_carriage_returns() -> None:
    data = PROMPT + b"ls\r\n\x1b[0m\x1b[01;34mdata\x1b[0m  train.py  \xe6\x97\xa5\xe5\xbf\x97.txt\r\n\x1b(B\x1b[m"
    assert strip_ansi(data) == "ml@gpu:~/proj$ ls\ndata  train.py  日志.txt\n"
    assert strip_ansi(b"loss 0.5\x08\x08\x0842\r\n\x07") == "loss 42\n"


def test_strip_survives_any_split() -> None:
    data = PROMPT + b"echo \xe4\xb8\xad\xe6\x96\x87\r\n\x1b[38;5;196mred\x1b[0m\x1bP1$r0m\x1b\\done\r\n"
    want = strip_ansi(data)
    assert want == "ml@gpu:~/proj$ echo 中文\nreddone\n"
    for cut in range(1, len(data)):
        s = AnsiStripper()
        assert s.feed(data[:cut]) + s.feed(data[cut:]) == want, cut


def test_rotation_keeps_whole_lines_and_a_bounded_number_of_files(tmp_path: Path) -> None:
    log = TerminalLog(tmp_path / "logs", "t1", max_bytes=2048, keep=2)
    lines = [f"step {i:05d} loss={1 / (i + 1):.6f}\n".encode() for i in range(600)]
    for n in range(0, len(lines), 7):  # pieces as a shell delivers them, not line by line
        log.write(b"\x1b[32m" + b"".join(lines[n : n + 7]).replace(b"\n", b"\r\n") + b"\x1b[0m")
    log.close()
    files = log.files()
    assert [p.name for p in files] == ["t1.log", "t1.log.1", "t1.log.2"]
    assert all(p.stat().st_size <= 2048 for p in files)
    text = "".join(p.read_text() for p in reversed(files))
    kept = text.splitlines()
    assert kept[-1] == "step 00599 loss=0.001667" and all(line.startswith("step ") for line in kept)
    # The kept lines are the newest ones, in order, with nothing lost in between.
    first = int(kept[0].split()[1])
    assert [int(line.split()[1]) for line in kept] == list(range(first, 600))
    assert "\x1b" not in text and "\r" not in text
    log.write(b"after close\n")  # ignored, not an error
    assert "after close" not in files[0].read_text()


def test_raw_keeps_every_byte_and_the_tee_logs_from_another_thread(tmp_path: Path) -> None:
    buf = TeeBuffer()
    buf.log = TerminalLog(log_dir("sess-1"), "t1", raw=True)
    t = threading.Thread(target=lambda: [buf.put(PROMPT), buf.put(b"x\r\n")])
    t.start()
    t.join()
    assert buf.take(1 << 20) == PROMPT + b"x\r\n"
    buf.log.close()
    assert buf.log.path.read_bytes() == PROMPT + b"x\r\n"
    assert buf.log.path.parent == paths.data_dir() / "terminal-logs" / "sess-1"
    assert not (tmp_path / "never").exists()
    lazy = TerminalLog(tmp_path / "never", "t2")
    assert not (tmp_path / "never").exists()  # nothing is created until output arrives
    lazy.close()
