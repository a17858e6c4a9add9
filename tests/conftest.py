"""Test set-up: a real sshd, a fault proxy, a real (file) keyring, and a private config dir per test."""

from __future__ import annotations

import atexit
import gc
import os
import shlex
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

# Before anything imports Qt or keyring.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_KEYRING_DIR = tempfile.mkdtemp(prefix="gpudesk-keyring-")
os.environ["PYTHON_KEYRING_BACKEND"] = "keyrings.alt.file.PlaintextKeyring"
os.environ["XDG_DATA_HOME"] = _KEYRING_DIR  # where that file backend keeps its file
# A plain file is no keyring: gpudesk refuses it unless told otherwise, as the tests do here.
os.environ["GPUDESK_ALLOW_PLAINTEXT_KEYRING"] = "1"
_MADE = [_KEYRING_DIR]  # removed when this test process ends: a run leaves no folders in the temp dir
if "GPUDESK_HOME" not in os.environ:
    os.environ["GPUDESK_HOME"] = tempfile.mkdtemp(prefix="gpudesk-home-")
    _MADE.append(os.environ["GPUDESK_HOME"])
atexit.register(lambda: [shutil.rmtree(d, ignore_errors=True) for d in _MADE])

import pytest  # noqa: E402

from tests.helpers.proxy import FaultProxy  # noqa: E402
from tests.helpers.sshd import SshServer, start_sshd  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"

# Tests that need a POSIX system beyond the `sshd` fixture (which marks its users itself): node-id prefix → why.
# They get the `posix_only` marker, so Windows runners skip them with the reason instead of failing.
POSIX_ONLY = {
    "tests/unit/test_server_guard_script.py": "runs the server guard's sh scripts with sh/dash and POSIX tools",
    "tests/unit/test_telemetry_demo.py": "the demo nvidia-smi stand-in is a #!/bin/sh script",
    "tests/unit/test_ssh_config_hostile.py::test_unreadable_include_matches_are_skipped": "makes a FIFO (os.mkfifo)",
    "tests/unit/test_ssh_config_hostile.py::test_a_fifo_or_a_symlink_loop_given_as_the_file_is_an_error_not_a_hang": "makes a FIFO (os.mkfifo)",
    "tests/unit/test_sessions.py::test_unreadable_key_file_is_reported": "file modes and os.geteuid",
    "tests/unit/test_sessions.py::test_store_survives_a_crash_mid_write": "kills a writer with SIGKILL",
}


# Tests that need a terminal (a pty) from the real sshd: where sshd runs as the tests' own user
# (GPUDESK_SSHD_AS_USER=1) it may not be allowed to hand one out, and they skip saying so.
SSHD_PTY = (
    "tests/e2e/test_terminal_shell.py",
    "tests/e2e/test_terminal_locale.py",
    "tests/e2e/test_keepalive.py",
    "tests/ui/test_terminal_",
    "tests/ui/test_auto_reconnect.py",
    "tests/ui/test_termlog.py",
)


# Each test folder is one kind of test, marked by where it lives: `pytest -m unit` is the fast subset.
FOLDER_MARKERS = {"unit": "unit", "ui": "ui", "e2e": "e2e"}


def _folder_marker(item: pytest.Item) -> str | None:
    try:
        parts = Path(str(item.path)).resolve().relative_to(ROOT).parts
    except ValueError:
        return None  # a test outside this repository (a suite a test writes to a temp folder)
    return FOLDER_MARKERS.get(parts[1]) if len(parts) > 2 and parts[0] == "tests" else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test by its folder; mark POSIX-only tests and skip them (with their reason) off POSIX."""
    for item in items:
        kind = _folder_marker(item)
        if kind is not None:
            item.add_marker(getattr(pytest.mark, kind))
        reason = next((why for prefix, why in POSIX_ONLY.items() if item.nodeid.startswith(prefix)), None)
        if reason is None and "sshd" in getattr(item, "fixturenames", ()):
            reason = "needs the real OpenSSH sshd, run as root on Linux/macOS"
        if reason is not None and item.get_closest_marker("posix_only") is None:
            item.add_marker(pytest.mark.posix_only(reason=reason))
        if item.nodeid.startswith(SSHD_PTY):
            item.add_marker(pytest.mark.sshd_pty)
        marker = item.get_closest_marker("posix_only")
        if marker is not None and os.name != "posix":
            item.add_marker(
                pytest.mark.skip(reason=f"POSIX only: {marker.kwargs.get('reason', 'needs a POSIX system')}")
            )


# -- leaked threads ---------------------------------------------------------------------------------
# Threads that live on purpose across tests: shared pools and the clock, made once per process.
LONG_LIVED_THREADS = ("gpudesk-bg", "gpudesk-clock", "gpudesk-transfers", "ssh-io ", "pydevd", "QDBusConnection")
THREAD_GRACE_S = 5.0  # a closed connection's threads see the close within a poll or two
_left_running: dict[threading.Thread, str] = {}  # daemon thread -> the test that started it


def _long_lived(thread: threading.Thread) -> bool:
    return thread.name.startswith(LONG_LIVED_THREADS)


def _describe(thread: threading.Thread) -> str:
    target = getattr(thread, "_target", None)
    where = getattr(target, "__qualname__", "") or type(thread).__name__
    return f"{thread.name} ({'daemon' if thread.daemon else 'NON-daemon'}, {where})"


def _join_all(threads: list[threading.Thread], budget_s: float) -> list[threading.Thread]:
    """Wait for the threads to end, ``budget_s`` in all; the ones still running."""
    deadline = time.monotonic() + budget_s
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    return [t for t in threads if t.is_alive()]


@pytest.fixture(autouse=True)
def no_leaked_threads(request: pytest.FixtureRequest) -> None:
    """A test ends the threads it started.

    A NON-daemon thread left running fails the test (it keeps the app, or the CLI, from exiting) after a
    grace wait on the thread's own end. A daemon thread that is not one of the known long-lived pools is
    noted and checked again when the run ends: one still running then is reported (daemon threads that
    end a moment after their test are not leaks, and waiting for each here would slow every test).
    Autouse and set up first, so its teardown runs after the test's other fixtures closed what they opened.
    """
    before = set(threading.enumerate())
    yield
    started = [t for t in threading.enumerate() if t not in before and t.is_alive() and not _long_lived(t)]
    for thread in started:
        if thread.daemon:
            _left_running.setdefault(thread, request.node.nodeid)
    stuck = _join_all([t for t in started if t not in _left_running], THREAD_GRACE_S)
    if stuck and os.environ.get("GPUDESK_THREAD_CHECK", "fail") != "warn":
        pytest.fail("the test left non-daemon threads running: " + ", ".join(map(_describe, stuck)), pytrace=False)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Name the daemon threads that tests started and that still run at the end of the run."""
    leaked = _join_all([t for t in _left_running if t.is_alive()], THREAD_GRACE_S)
    if leaked:
        terminalreporter.section("threads tests left running (still alive at the end of the run)")
        for thread in leaked:
            terminalreporter.line(f"{_left_running[thread]}: {_describe(thread)}")


@pytest.fixture(autouse=True)
def gpudesk_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own config/data dir, so no test touches the real one or another test's."""
    home = tmp_path / "gpudesk-home"
    monkeypatch.setenv("GPUDESK_HOME", str(home))
    from gpudesk.core import settings

    settings.reset_cache()
    # Shells run inside tmux only where a test asks for it: otherwise every UI test would leave
    # a detached tmux session behind on the test server.
    settings.set("terminal.persistent_tmux", False)
    yield home
    settings.reset_cache()
    store = sys.modules.get("gpudesk.core.alerts.store")
    if store is not None:  # the demo's phone channel lives for its run: never into the next test
        store._TRANSIENT.clear()
    runtime = sys.modules.get("gpudesk.ui.runtime")
    if runtime is not None and runtime.release():
        # A terminal's flood held the collector: what it kept is collected here, not inside the next test.
        gc.collect()


@pytest.fixture(scope="session")
def keyring_dir() -> Path:
    """The folder of the real file keyring backend used by every test (and subprocess)."""
    import keyring

    backend = keyring.get_keyring()
    assert type(backend).__name__ == "PlaintextKeyring", backend
    return Path(_KEYRING_DIR)


@pytest.fixture(scope="session")
def sshd(tmp_path_factory: pytest.TempPathFactory) -> SshServer:
    from tests.helpers.sshd import SSHD, as_user_allowed

    reason = ""
    if sys.platform == "win32" or (os.geteuid() != 0 and not as_user_allowed()):
        reason = "the real-sshd tests need Linux/macOS and root, or GPUDESK_SSHD_AS_USER=1 (keys only)"
    elif not Path(SSHD).exists():
        reason = "OpenSSH sshd is not installed (apt-get install openssh-server)"
    if reason:
        if os.environ.get("GPUDESK_REQUIRE_SSHD"):
            pytest.fail(reason)
        pytest.skip(reason)
    # Not under pytest's 0700 temp root: sshd reads authorized_keys as the test user.
    workdir = Path(tempfile.mkdtemp(prefix="gpudesk-sshd-"))
    server = start_sshd(workdir)
    yield server
    server.stop()
    if shutil.which("tmux"):
        server.run_as_user("tmux", "kill-server")
    shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture(autouse=True)
def _sshd_pty(request: pytest.FixtureRequest) -> None:
    """A test that needs a terminal from the real sshd skips where that sshd cannot give one."""
    if request.node.get_closest_marker("sshd_pty") is None or "sshd" not in request.fixturenames:
        return
    if not request.getfixturevalue("sshd").pty_ok:
        pytest.skip("this sshd (run as the tests' own user) may not hand out a terminal here")


@pytest.fixture
def proxy(sshd: SshServer) -> FaultProxy:
    p = FaultProxy(sshd.host, sshd.port)
    yield p
    p.close()


@pytest.fixture
def trusting_store(sshd: SshServer, tmp_path: Path):
    """A host-key store that already trusts the test sshd (as after a first 'trust always')."""
    from gpudesk.core.ssh.hostkeys import HostKeyStore

    own = tmp_path / "known_hosts"
    own.write_text(sshd.known_hosts.read_text())
    return HostKeyStore(own, extra_files=[])


@pytest.fixture
def connect(sshd: SshServer, trusting_store):
    """Open a key-authenticated Connection to the test sshd (closed after the test)."""
    from gpudesk.core.ssh.connection import Connection, Credentials, Target

    opened = []

    def _connect(port: int | None = None, **kwargs):
        # Through the fault proxy the port differs; trust the sshd's own key there too.
        kwargs.setdefault("ask_host_key", lambda q: "once" if q.fingerprint == sshd.host_key_fingerprint else "reject")
        conn = Connection(
            Target(sshd.host, port or sshd.port, sshd.username, timeout_s=10, keepalive_s=kwargs.pop("keepalive_s", 0)),
            Credentials("key_file", identity_file=str(sshd.key_path)),
            kwargs.pop("host_keys", trusting_store),
            **kwargs,
        )
        conn.connect()
        opened.append(conn)
        return conn

    yield _connect
    for conn in opened:
        conn.close()


@pytest.fixture
def remote_dir(connect, request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh folder in the test user's home on the test sshd (its path), removed with all it holds after the test
    (write bits restored first: a test may leave read-only files or folders in it)."""
    conn = connect()
    name = request.module.__name__.rsplit(".", 1)[-1]
    path = conn.exec(f"mktemp -d ~/{name}.XXXXXX").out.strip()
    yield path
    conn.exec(f"chmod -R u+w {shlex.quote(path)}; rm -rf {shlex.quote(path)}")
