import sys, time, threading, traceback
from tests.e2e.test_gpus_cli import _collect, wait_for, nvsmi  # noqa
def test_dbg(sshd, nvsmi, connect, proxy):
    nvsmi("v100-x8")
    conn = connect(port=proxy.port)
    sampler, frames, _, _ = _collect(conn)
    wait_for(lambda: len(frames) >= 2)
    proxy.cut()
    time.sleep(3)
    print("active", conn.transport and conn.transport.is_active(), conn.is_alive, sampler.running, len(frames))
    for th in threading.enumerate():
        if th.name.startswith("gpu-sampler"):
            traceback.print_stack(sys._current_frames()[th.ident])
    assert 0
