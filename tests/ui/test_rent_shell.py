"""The rent dialog asks the app's shell (gpudesk.core.shell.Shell) for what it needs of the app: the Providers
page for a missing account, the rented server's tab; it never reaches into the main window."""

from __future__ import annotations

from typing import Any

import pytest

from gpudesk.core.catalog.data import load
from gpudesk.core.providers import rent
from gpudesk.core.providers.base import Instance
from gpudesk.core.sessions.model import Session
from gpudesk.core.sessions.store import SessionStore
from gpudesk.core.shell import Page
from gpudesk.ui.rent.dialog import RentDialog

pytestmark = pytest.mark.gui


class RecordingShell:
    """A shell that records what it was asked (and opens nothing)."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def say(self, text: str) -> None:
        self.calls.append(("say", text))

    def show_page(self, page: Page) -> object | None:
        self.calls.append(("show_page", page))
        return None

    def show_instance(self, account: str, instance_id: str) -> None:
        self.calls.append(("show_instance", account, instance_id))

    def open_session(self, session: Session, password: str | None = None, host_keys: Any = None) -> object | None:
        self.calls.append(("open_session", session.id, password, host_keys))
        return None

    def show_panel(self, name: str) -> object | None:
        self.calls.append(("show_panel", name))
        return None


def runpod_offer() -> rent.Offer:
    return next(o for o in load().offers if o.provider == "RunPod" and o.gpu_count == 1)


def test_without_an_account_add_account_asks_the_shell_for_the_providers_page(qtbot) -> None:
    shell = RecordingShell()
    dialog = RentDialog(shell, runpod_offer(), store=SessionStore())
    qtbot.addWidget(dialog)
    qtbot.waitUntil(
        lambda: dialog.add_account_button.isVisible() or dialog.pages.currentWidget() is dialog.message_page,
        timeout=10000,
    )
    dialog.add_account_button.click()
    assert shell.calls == [("show_page", Page.PROVIDERS)]


def test_a_usable_rental_is_listed_in_the_store_and_opened_through_the_shell(qtbot) -> None:
    shell, store = RecordingShell(), SessionStore()
    dialog = RentDialog(shell, runpod_offer(), store=store)
    qtbot.addWidget(dialog)
    session = SessionStore().add(
        Session(
            name="1× RTX 4090 · rp",
            host="127.0.0.1",
            port=22,
            username="root",
            provider="rp",
            provider_instance_id="pod1",
        )
    )
    assert store.get(session.id) is None  # another store's: this one lists it once the dialog says so
    dialog._report("saved", session)
    assert store.get(session.id) is not None
    dialog._usable(rent.Launched(session, Instance(id="pod1", provider="rp", status="running"), "SHA256:x", "recorded"))
    assert shell.calls == [("open_session", session.id, None, None)]
