"""The app's pages (catalog, providers): each :class:`~gpudesk.core.shell.Page` with its class and tab title.

The main window builds a page the first time it is shown and keeps it in an :class:`OpenPages` until its
tab closes. A page is built as ``PageClass(window)``.
"""

from __future__ import annotations

from typing import Any

from gpudesk.core.shell import Page
from gpudesk.ui.catalog.page import CatalogPage
from gpudesk.ui.providers.page import ProvidersPage
from gpudesk.ui.qt import QCoreApplication, QtWidgets

#: the class each page is built from
PAGE_CLASSES: dict[Page, type[CatalogPage] | type[ProvidersPage]] = {
    Page.CATALOG: CatalogPage,
    Page.PROVIDERS: ProvidersPage,
}

#: the "module:Class" names tests and the screenshot scripts still open pages by (``MainWindow.open_page``)
LEGACY_NAMES = {
    "gpudesk.ui.catalog.page:CatalogPage": Page.CATALOG,
    "gpudesk.ui.providers.page:ProvidersPage": Page.PROVIDERS,
}


def title(page: Page) -> str:
    """The page's tab title (and toolbar button), translated."""
    if page is Page.CATALOG:
        return QCoreApplication.translate("MainWindow", "Catalog")
    return QCoreApplication.translate("MainWindow", "Providers")


class OpenPages(dict[Any, QtWidgets.QWidget]):
    """The open pages by :class:`Page` (and a multi-server page by its own key); a legacy "module:Class"
    name reads as its Page, for the callers that still use one."""

    def __missing__(self, key: object) -> QtWidgets.QWidget:
        page = LEGACY_NAMES.get(key) if isinstance(key, str) else None
        if page is not None and page in self:
            return self[page]
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        legacy = LEGACY_NAMES.get(key) if isinstance(key, str) else None
        return super().__contains__(legacy if legacy is not None else key)

    def get(self, key: object, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default
