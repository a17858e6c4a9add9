"""What a view may ask of the app's shell: open a session, show a page, say a line.

The main window is the shell of the desktop app; a test passes a recorder. Views, dialogs and the
guide get a :class:`Shell` (``workspace.shell``) instead of the window, so none of them reaches into
the window's parts, and the core stays free of Qt: pages are named by :class:`Page`, never by a
module path.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from gpudesk.core.sessions.model import Session
    from gpudesk.core.ssh.hostkeys import HostKeyStore


class Page(enum.Enum):
    """The app's pages a view may bring forward."""

    PROVIDERS = "providers"
    CATALOG = "catalog"


class Shell(Protocol):
    """The app's shell as views see it. Every method is called on the GUI thread."""

    def say(self, text: str) -> None:
        """A line in the status bar (already translated)."""

    def show_page(self, page: Page) -> object | None:
        """Bring ``page`` forward (building it the first time); the page, or None where there is none."""

    def show_instance(self, account: str, instance_id: str) -> None:
        """Show the Providers page with this instance's row selected."""

    def open_session(
        self, session: Session, password: str | None = None, host_keys: HostKeyStore | None = None
    ) -> object | None:
        """Open ``session`` in a tab (or bring its open tab forward) and connect; the tab, or None."""

    def show_panel(self, name: str) -> object | None:
        """Bring a connected server's panel forward ("jobs", "files", "gpus", "terminal", "forwards")."""
