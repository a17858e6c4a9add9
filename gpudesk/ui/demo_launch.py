"""The demo GPU server: started (or found) off the GUI thread, then its session opens in a tab.

The app (``run_gui``) runs the demo in a detached demo host that outlives it, so the server guard can be
shown; a bare window (tests, screenshots) keeps the demo server and its provider API in-process.
"""

from __future__ import annotations

import os
import shutil
import sys
from typing import TYPE_CHECKING, Any

from gpudesk.core.sessions.model import Session
from gpudesk.ui import demo_phone
from gpudesk.ui.background import run_in_background
from gpudesk.ui.qt import QCoreApplication, QtWidgets

if TYPE_CHECKING:
    from gpudesk.ui.main_window import MainWindow


def start_demo(window: MainWindow) -> None:
    """Start the built-in demo server off the GUI thread, then open its session."""
    for session in window.sidebar.transient.values():
        window.open_session(session.id)
        return
    if sys.platform == "win32":
        # The demo's server runs a POSIX shell, nvidia-smi stand-in and training job; Windows
        # would run them through cmd.exe, and every panel would show errors instead.
        window.demo_box = QtWidgets.QMessageBox(
            QtWidgets.QMessageBox.Icon.Information,
            QCoreApplication.translate("MainWindow", "Demo"),
            QCoreApplication.translate(
                "MainWindow",
                "The demo GPU server is not available on Windows: it simulates a Linux server with a POSIX "
                "shell and tools that Windows does not have. Everything else works: connect to your own "
                "server with New session, or import your sessions from MobaXterm or Xshell.",
            ),
            QtWidgets.QMessageBox.StandardButton.Ok,
            window,
        )
        window.demo_box.open()
        return
    window.statusBar().showMessage(QCoreApplication.translate("MainWindow", "Starting the demo GPU server…"))
    detached = window.demo_detached

    def start() -> tuple[Any, Any, Any]:
        from gpudesk.core.ssh.hostkeys import HostKeyStore

        store = HostKeyStore()
        if detached:
            from gpudesk.core.demo import host as demo_host

            server: Any = demo_host.find_or_spawn(train_s=demo_host.timing()["train_s"])
            demo_host.wake(server)  # stopped by its guard while the app was away: start it again
            store.trust_once(server.host, server.port, server.host_key)  # we started it: its key is known
            return server, store, None
        from gpudesk.core.demo.provider_api import DemoProviderAPI
        from gpudesk.core.demo.server import DemoConfig, DemoServer

        # The demo's training run ends after 6 minutes; a minute later the idle prompt asks
        # whether to stop the (demo) instance.
        server = DemoServer(DemoConfig(train_s=360)).start()
        store.trust_once(server.host, server.port, server.host_key)  # we started it: its key is known
        api = DemoProviderAPI(server.host, server.port).start()  # so Stop in the idle prompt works
        return server, store, api

    def started(result: tuple[Any, Any, Any]) -> None:
        server, store, api = result
        window.demo_server = server
        window.demo_api = api
        name = QCoreApplication.translate("MainWindow", "Demo GPU server")
        session = Session(name=name, host=server.host, port=server.port, username=server.username)
        session.hourly_price = 2.49
        session.currency = "USD"
        if api is not None:
            api.link(session, idle_minutes=1.0)  # a short idle threshold, so the demo shows the prompt
            api_url = api.url
        else:  # the detached demo host
            link_demo_host(window, session, server)
            api_url = server.api_url
        if api_url:
            demo_phone.attach(window, api_url)  # where the demo's alerts arrive
        window.sidebar.transient[session.id] = session
        window.sidebar.refresh()
        tab = window._make_tab(session, password=server.password, host_keys=store)
        tab.start()
        window.statusBar().clearMessage()

    def failed(exc: BaseException) -> None:
        text = QCoreApplication.translate("MainWindow", "The demo server could not start: %1").replace("%1", str(exc))
        QtWidgets.QMessageBox.warning(window, QCoreApplication.translate("MainWindow", "Demo"), text)

    run_in_background(start, started, failed)


def link_demo_host(window: MainWindow, session: Session, server: Any) -> None:
    """The demo host's session: the same id every run (its meter and audit log carry over), tied
    to the demo pod, with the server guard on where the demo server can run it."""
    from gpudesk.core.demo import host as demo_host
    from gpudesk.core.demo.provider_api import link

    times = demo_host.timing()
    session.id = server.session_id
    guard = "on" if os.name == "posix" and (shutil.which("curl") or shutil.which("wget")) else "off"
    link(
        session,
        server.api_url,
        server.token,
        server.pod_id,
        2.49,
        idle_minutes=times["idle_minutes"],
        answer_minutes=times["answer_minutes"],
        policy="stop",
        server_guard=guard,
    )
    if guard == "on":
        text = QCoreApplication.translate(
            "MainWindow",
            "The demo server is guarded: quit gpudesk and the demo instance stops by itself after %1 min without work.",
        )
        window.statusBar().showMessage(
            text.replace("%1", f"{times['idle_minutes'] + times['answer_minutes']:g}"), 60_000
        )


def stop_demo(window: MainWindow) -> None:
    """At shutdown: the in-process demo server and its provider API end (a detached demo host lives on)."""
    if window.demo_server is not None:
        if not window.demo_detached:  # a detached demo host lives on: it ends itself (see core.demo.host)
            window.demo_server.stop()
        window.demo_server = None
    if window.demo_api is not None:
        from gpudesk.core.demo.provider_api import DEMO_ACCOUNT
        from gpudesk.core.providers.accounts import remove_transient

        window.demo_api.stop()
        window.demo_api = None
        remove_transient(DEMO_ACCOUNT)  # the demo's provider account lives for one run only
