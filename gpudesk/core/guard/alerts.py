"""The alert channels as the server guard sends them: from the server, while the laptop is closed.

For each channel the user lets the server use, gpudesk renders the request its kind documents
(:func:`gpudesk.core.alerts.channels.prepare`, the same code the app sends with) once, with
``@TITLE@``, ``@TEXT@`` and ``@EVENT@`` where the words go, into two files in the guard's folder:
``alerts/NAME.ch`` (kind, events, URL and headers; mode 600, beside the guard's key, because a
group bot's URL or a token is the channel's secret) and ``alerts/NAME.body``. The guard fills in
its own words with sh and posts with curl (or wget), reading URL and headers on stdin.

What the server cannot send is said, never dropped silently: e-mail and desktop alerts are the
app's; a Feishu or DingTalk robot with a signing secret needs a signature made at send time with
that secret, which the guard does not carry out (it would need the secret on a command line).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gpudesk.core.alerts.channels import prepare
from gpudesk.core.alerts.model import Alert, Channel
from gpudesk.core.i18n import message_of, msg

#: the news the guard itself has: its own actions, a remind, limits near, jobs ended while the app is away
SERVER_EVENTS = ("guard_acted", "idle_prompt", "budget_near", "job_finished", "job_failed")
SERVER_KINDS = ("ntfy", "webhook", "telegram", "feishu", "dingtalk", "wecom")
_BAD = frozenset('"\\') | {chr(c) for c in range(32)} | {"\x7f"}


@dataclass(frozen=True)
class ServerChannel:
    name: str
    kind: str
    events: tuple[str, ...]
    spec: str  # alerts/NAME.ch
    body: str  # alerts/NAME.body


def render(channel: Channel, secret: str | None, url: str, server_name: str = "") -> ServerChannel:
    """The channel's request for the guard; raises ValueError (words for the user) when the server cannot send it."""
    if channel.kind not in SERVER_KINDS:
        raise ValueError(
            msg("ServerGuard", "{name}: {kind} alerts are sent by the app only.", name=channel.name, kind=channel.kind)
        )
    if channel.kind in ("feishu", "dingtalk") and secret:
        raise ValueError(
            msg(
                "ServerGuard",
                "{name}: a signed {kind} robot needs a signature made with its secret at send time; the server "
                "guard does not keep that secret on a command line. Use the robot's keyword or IP setting for "
                "server alerts, or leave them to the app.",
                name=channel.name,
                kind=channel.kind,
            )
        )
    events = tuple(e for e in SERVER_EVENTS if channel.wants(e))
    placeholder = Alert("@EVENT@", "@TITLE@", "@TEXT@", key="", priority=4, server=server_name)
    _method, target, headers, body = prepare(channel, placeholder, secret=secret, url=url)
    parts = [target, *headers.keys(), *headers.values()]
    if any(ch in _BAD for part in parts for ch in part) or any(ch.isspace() for ch in target):
        raise ValueError(
            msg(
                "ServerGuard",
                "{name}: its address or headers hold characters the server cannot pass on safely.",
                name=channel.name,
            )
        )
    if not target.lower().startswith(("https://", "http://")):
        raise ValueError(msg("ServerGuard", "{name}: the server sends only to http(s) addresses.", name=channel.name))
    lines = [
        f"kind {channel.kind}",
        "events " + " ".join(events),
        "escape " + ("raw" if channel.kind == "ntfy" else "json"),
        f"url {target}",
        *(f"header {k}: {v}" for k, v in headers.items()),
    ]
    return ServerChannel(channel.name, channel.kind, events, "\n".join(lines) + "\n", body.decode("utf-8"))


def server_channels(
    channels: list[Channel],
    credentials: Callable[[Channel], tuple[str | None, str]],
    server_name: str = "",
    only: list[str] | None = None,
) -> tuple[list[ServerChannel], list[str]]:
    """The channels the guard can send through (``only``: these names), and why each other one cannot.

    ``credentials(channel) -> (secret, url)`` reads the keyring (:meth:`ChannelStore.credentials`)."""
    out: list[ServerChannel] = []
    skipped: list[str] = []
    for channel in channels:
        if only is not None and channel.name not in only:
            continue
        if not any(channel.wants(e) for e in SERVER_EVENTS):
            continue
        try:
            secret, url = credentials(channel)
            if (channel.has_secret and not secret) or (channel.has_url_secret and url == channel.url):
                # The keyring could not give its secret: a channel sent without it would only fail on the server.
                raise ValueError(
                    msg(
                        "ServerGuard",
                        "{name}: its secret could not be read from the keyring, so the server cannot send to it.",
                        name=channel.name,
                    )
                )
            out.append(render(channel, secret, url, server_name))
        except ValueError as exc:
            skipped.append(message_of(exc))
    if only is not None:
        known = {c.name for c in channels}
        skipped += [msg("ServerGuard", "{name}: no such alert channel.", name=n) for n in only if n not in known]
    return out, skipped
