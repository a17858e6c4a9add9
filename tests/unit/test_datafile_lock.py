"""The data files' lock (``NAME.lock`` beside the file): nests in one thread, makes threads and processes wait."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
import time

from gpudesk.core import datafile


def test_same_thread_nests_and_the_lock_file_is_private(tmp_path) -> None:
    path = tmp_path / "sessions.json"
    with datafile.locked(path), datafile.locked(path):
        mode = stat.S_IMODE(os.stat(tmp_path / "sessions.json.lock").st_mode)
    if os.name != "nt":
        assert mode == 0o600


def test_threads_take_turns(tmp_path) -> None:
    path = tmp_path / "meter.json"
    inside = []
    overlap = []

    def work() -> None:
        for _ in range(3):
            with datafile.locked(path):
                inside.append(1)
                overlap.append(len(inside))
                time.sleep(0.01)
                inside.pop()

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert overlap == [1] * 9


def test_a_lock_held_by_another_process_is_waited_for_then_given_up(tmp_path, caplog, monkeypatch) -> None:
    path = tmp_path / "settings.json"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\nfrom gpudesk.core import datafile\n"
            f"with datafile.locked({str(path)!r}):\n    print('held', flush=True)\n    sys.stdin.readline()",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        monkeypatch.setattr(datafile, "LOCK_WAIT_S", 0.3)
        started = time.monotonic()
        with datafile.locked(path):
            waited = time.monotonic() - started
        assert waited >= 0.3
        assert "stayed locked" in caplog.text
    finally:
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.close()
        holder.wait(10)
    with datafile.locked(path):  # free again once the other process let go
        pass


def test_no_lock_where_no_file_can_be_made(tmp_path, caplog) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with datafile.locked(blocker / "inside.json"):
        pass
    assert "no lock file" in caplog.text
