"""Start to window: a fresh `gpudesk` process until its main window is shown (median of 3).

Prints `startup: seconds=…` last. Target ≤ 1.5 s.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time


def once() -> float:
    env = dict(os.environ, GPUDESK_EXIT_AFTER_SHOW="1", QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    env["GPUDESK_HOME"] = tempfile.mkdtemp(prefix="gpudesk-bench-")
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "gpudesk"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.strip() == "window-shown":
            elapsed = time.perf_counter() - start
            break
    else:
        raise RuntimeError("the window was never shown")
    proc.wait(30)
    return elapsed


def main() -> None:
    once()  # warm the OS file cache, as a second start of an installed app would be
    times = [once() for _ in range(3)]
    print(f"startup_runs: {' '.join(f'{t:.3f}' for t in times)}")
    print(f"startup: seconds={statistics.median(times):.3f}")


if __name__ == "__main__":
    main()
