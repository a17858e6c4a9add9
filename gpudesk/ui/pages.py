"""The app's pages (catalog, providers): each :class:`~gpudesk.core.shell.Page` with its class and tab title.

The main window builds a page the first time it is shown (:func:`build_page`, which hands the page what it
uses) and keeps it in an :class:`OpenPages` until its tab closes.
"""

from __future__ import annotations

from gpudesk.core.live.workspace import Workspace
from gpudesk.core.shell import Page
from gpudesk.ui.catalog.page import CatalogPage
from gpudesk.ui.providers.page import ProvidersPage
from gpudesk.ui.qt import QCoreApplication, QtWidgets

#: the class each page is built from
PAGE_CLASSES: dict[Page, type[CatalogPage] | type[ProvidersPage]] = {
    Page.CATALOG: CatalogPage,
    Page.PROVIDERS: ProvidersPage,
}


def build_page(page: Page, window: QtWidgets.QWidget, workspace: Workspace) -> CatalogPage | ProvidersPage:
    """``page`` for the main ``window``; the Catalog gets the window's ``workspace`` (a rent opens its tab there)."""
    if page is Page.CATALOG:
        return CatalogPage(window, workspace=workspace)
    return ProvidersPage(window)


def title(page: Page) -> str:
    """The page's tab title (and toolbar button), translated."""
    if page is Page.CATALOG:
        return QCoreApplication.translate("MainWindow", "Catalog")
    return QCoreApplication.translate("MainWindow", "Providers")


class OpenPages(dict[Page | str, QtWidgets.QWidget]):
    """The open pages by :class:`Page`, and a multi-server page by its own key (``"multi:…"``)."""
