"""A saved session logs in as ssh does: the server is reached and its host key checked before the password is
asked for (a refused port or a changed key is said first, and nothing is typed for a stranger), a wrong
password is asked again with the reason, and only a password that logged in is kept in the keyring."""

from __future__ import annotations

import socket

import pytest

from gpudesk.core import secrets
from gpudesk.core.sessions.model import Session
from gpudesk.ui import connection_tab
from tests.helpers.waits import WAIT

pytestmark = pytest.mark.gui


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def asked(monkeypatch):
    """Answers the password prompt from a list, and records what each prompt said."""
    answers: list[tuple[str, bool] | None] = []
    texts: list[str] = []

    def ask(_parent, _title, text, _can_save):  # noqa: ANN001
        texts.append(text)
        return answers.pop(0) if answers else None

    monkeypatch.setattr(connection_tab, "ask_secret", ask)
    return answers, texts


def test_a_refused_port_is_said_before_any_password_is_asked(window, qtbot, asked) -> None:
    _answers, texts = asked
    session = window.store.add(Session(name="nobody home", host="127.0.0.1", port=free_port(), username="u"))
    tab = window._make_tab(session)
    tab.start()
    qtbot.waitUntil(lambda: tab.controller.state == "failed", timeout=WAIT)
    assert texts == []  # no password was asked for a server that never answered


def test_the_password_is_asked_after_the_host_key_then_again_after_a_wrong_one(window, qtbot, app_trusts_sshd, asked):
    sshd = app_trusts_sshd
    answers, texts = asked
    session = window.store.add(Session(name="box", host=sshd.host, port=sshd.port, username=sshd.username))
    secrets.delete_secret(session.secret_key, session.username)
    answers.extend([("definitely-wrong", True), (sshd.password, True)])
    tab = window._make_tab(session)
    tab.start()
    qtbot.waitUntil(lambda: tab.controller.state == "connected", timeout=WAIT)
    assert len(texts) == 2 and "Wrong user name or password" in texts[1]
    qtbot.waitUntil(lambda: secrets.get_secret(session.secret_key, session.username) == sshd.password, timeout=WAIT)
    secrets.delete_secret(session.secret_key, session.username)
