"""Off-desk alerts: channels (desktop, ntfy, webhook, email, Telegram, Feishu/Lark, DingTalk, WeCom),
a non-blocking sender with a persistent outbox, and the dispatcher that turns live events into alerts."""

from __future__ import annotations

from gpudesk.core.alerts.model import EVENTS, KINDS, Alert, Channel, ChannelError

__all__ = ["EVENTS", "KINDS", "Alert", "Channel", "ChannelError"]
