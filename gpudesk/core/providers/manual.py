"""The manual provider: no API. gpudesk only meters and reminds; the user stops the server."""

from __future__ import annotations

from gpudesk.core.i18n import msg
from gpudesk.core.providers.base import BaseProvider, Instance


class ManualProvider(BaseProvider):
    kind = "manual"
    title = "Manual"
    actions = frozenset()

    def check(self) -> None:
        return None

    def list_instances(self) -> list[Instance]:
        return []

    def stop_note(self) -> str:
        return msg(
            "ProviderNote",
            "gpudesk cannot stop this server: there is no provider API. Stop or release it in your "
            "provider's console; until then it keeps billing.",
        )

    def terminate_note(self) -> str:
        return self.stop_note()
