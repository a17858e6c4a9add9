"""Editing an open session is not lost: the live server takes the edit (a reconnect goes to the new address),
and a later change of its forwards writes only the forwards, never the old copy of the session back."""

from __future__ import annotations

import dataclasses

from gpudesk.core.live.workspace import Workspace
from gpudesk.core.sessions.model import Session
from gpudesk.core.sessions.store import SessionStore


def test_an_edit_while_open_survives_a_forward_change_and_reaches_the_live_server() -> None:
    store = SessionStore()
    session = store.add(
        Session(
            name="box",
            host="10.0.0.1",
            port=22,
            username="root",
            forwards=[{"kind": "local", "port": 8888, "host": "127.0.0.1", "remote_port": 8888}],
        )
    )
    workspace = Workspace(store=store)
    server = workspace.open(session)
    try:
        edited = dataclasses.replace(store.get(session.id), name="box (new address)", host="10.0.0.2", port=2222)
        store.update(edited)
        # The server and its parts use the edit from now on (the link reconnects to the new address).
        assert (server.session.host, server.session.port, server.session.name) == (
            "10.0.0.2",
            2222,
            "box (new address)",
        )
        assert server.link.session.host == "10.0.0.2" and server.billing.session.host == "10.0.0.2"
        # A forward is removed: the forwards are saved, and the edit is still on disk.
        server.session.forwards = []
        server.forwards._save()
        again = SessionStore().get(session.id)
        assert again is not None
        assert (again.host, again.port, again.name, again.forwards) == ("10.0.0.2", 2222, "box (new address)", [])
    finally:
        workspace.close_all()
