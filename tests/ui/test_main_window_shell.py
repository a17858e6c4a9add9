"""The main window is the app's Shell: views ask it through ``workspace.shell`` for pages, panels and status lines."""

from __future__ import annotations

import pytest

from gpudesk.core.shell import Page, Shell
from gpudesk.ui.catalog.page import CatalogPage
from gpudesk.ui.providers.page import ProvidersPage

pytestmark = pytest.mark.gui


def test_the_window_is_the_workspace_shell(window) -> None:
    shell: Shell = window
    assert window.workspace.shell is shell


def test_a_page_is_built_once_and_brought_forward_again(window) -> None:
    catalog = window.show_page(Page.CATALOG)
    assert isinstance(catalog, CatalogPage) and window.tabs.currentWidget() is catalog
    providers = window.show_page(Page.PROVIDERS)
    assert isinstance(providers, ProvidersPage) and window.tabs.currentWidget() is providers
    assert window.show_page(Page.CATALOG) is catalog and window.tabs.count() == 2
    assert window.pages[Page.PROVIDERS] is providers
    window.close_tab(window.tabs.indexOf(catalog))
    assert Page.CATALOG not in window.pages and window.pages.get(Page.CATALOG) is None


def test_a_panel_needs_a_connected_server_and_a_line_goes_to_the_status_bar(window) -> None:
    for name in ("jobs", "files", "gpus", "terminal", "forwards"):
        assert window.show_panel(name) is None  # nothing connected
    window.workspace.shell.say("hello from a view")
    assert window.statusBar().currentMessage() == "hello from a view"


def test_every_attribute_the_rooms_read_is_set_before_they_run(window) -> None:
    for name in ("quick_flow", "quick_note", "guide_dock", "before_guide", "demo_api", "session_sync", "alerts"):
        assert getattr(window, name) is None, name
    assert window.quit_confirmed is False
