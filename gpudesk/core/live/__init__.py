"""The live core: one object per open server, and the workspace that holds them all.

Qt-free. What a live connection runs (its link, GPU feed, transfers, jobs, billing) is owned here,
not by the widgets that show it; views subscribe to :class:`~gpudesk.core.events.Event` s
through the one bridge in ``gpudesk/ui/bridge.py``. The CLI uses the same objects.
"""

from __future__ import annotations

from gpudesk.core.live.state import LinkState

__all__ = ["LinkState"]
