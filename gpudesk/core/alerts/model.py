"""What an alert is, where it can go and which news it may carry (no IO here)."""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import dataclass, field

from gpudesk.core.datafile import JSONObject
from gpudesk.core.i18n import Msg, msg
from gpudesk.core.redact import scrub_text

#: the channel kinds; "desktop" is the app's tray, fulfilled by the UI (the core only hands it the alert)
KINDS = ("desktop", "ntfy", "webhook", "smtp", "telegram", "feishu", "dingtalk", "wecom")

#: news the app can send, each on or off per channel
EVENTS = (
    "job_finished",
    "job_failed",
    "idle_prompt",
    "stop_unconfirmed",
    "guard_acted",
    "instance_gone",
    "credit_low",
    "budget_near",
    "gpu_in_stock",
)
#: "every event" as channels saved before gpu_in_stock existed wrote it: such a channel still takes every event
_ALL_BEFORE = frozenset(EVENTS) - {"gpu_in_stock"}
TEST_EVENT = "test"

MAX_TITLE = 120
MAX_TEXT = 1500  # well under WeCom's 2 048 bytes once CJK text is counted (see channels.py) and Telegram's 4 096

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
# query fields that carry a credential in the group bots' and common webhook URLs
_SECRET_QUERY = frozenset(
    {"access_token", "key", "token", "secret", "sign", "password", "apikey", "api_key", "auth", "signature"}
)
_TOKENISH = re.compile(r"^[A-Za-z0-9_\-.~:]{20,}$")
HIDDEN = "***"


class ChannelError(ValueError):
    """A channel's definition cannot be used (the message says which part and what to do)."""


def event_title(event: str) -> Msg:
    """The short name of a kind of news, for lists and settings."""
    titles = {
        "job_finished": msg("Alerts", "Job finished"),
        "job_failed": msg("Alerts", "Job failed"),
        "idle_prompt": msg("Alerts", "Idle server, question not answered"),
        "stop_unconfirmed": msg("Alerts", "Stop requested but not confirmed"),
        "guard_acted": msg("Alerts", "Server guard acted"),
        "instance_gone": msg("Alerts", "Instance preempted or gone"),
        "credit_low": msg("Alerts", "Provider credit low"),
        "budget_near": msg("Alerts", "Budget or deadline near"),
        "gpu_in_stock": msg("Alerts", "A GPU you want is in stock"),
        TEST_EVENT: msg("Alerts", "Test message"),
    }
    return titles.get(event, msg("Alerts", "{event}", event=event))


@dataclass(frozen=True)
class Alert:
    """One piece of news. ``key`` identifies the happening itself (two alerts with one key are one)."""

    event: str
    title: str
    text: str
    key: str = ""
    priority: int = 3  # 1 (min) … 5 (urgent), ntfy's scale
    server: str = ""

    def bounded(self) -> Alert:
        """Title and text cut to size and scrubbed of anything that looks like a secret."""
        return Alert(
            self.event,
            clip(scrub_text(str(self.title)), MAX_TITLE),
            clip(scrub_text(str(self.text)), MAX_TEXT),
            self.key,
            max(1, min(5, int(self.priority))),
            self.server,
        )


def clip(text: str, limit: int) -> str:
    text = text.replace("\x00", "")
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass
class Channel:
    """A place alerts go. ``url`` never holds a secret (see :func:`split_url`); ``events`` empty means all."""

    name: str
    kind: str
    url: str = ""
    events: list[str] = field(default_factory=list)
    has_secret: bool = False  # a token/password/signing key waits in the keyring
    has_url_secret: bool = False  # the full URL (with its key) waits in the keyring

    def wants(self, event: str) -> bool:
        return event == TEST_EVENT or not self.events or event in self.events

    def to_json(self) -> JSONObject:
        return {
            "name": self.name,
            "kind": self.kind,
            "url": self.url,
            "events": list(self.events) or list(EVENTS),
            "has_secret": self.has_secret,
            "has_url_secret": self.has_url_secret,
        }

    @staticmethod
    def from_json(data: JSONObject) -> Channel:
        events = [e for e in data.get("events") or [] if isinstance(e, str)]
        return Channel(
            name=str(data["name"]),
            kind=str(data["kind"]),
            url=str(data.get("url") or ""),
            events=[] if set(events) >= _ALL_BEFORE else events,
            has_secret=bool(data.get("has_secret")),
            has_url_secret=bool(data.get("has_url_secret")),
        )


def check_name(name: str) -> str:
    if not _NAME.match(name or ""):
        raise ChannelError(
            msg(
                "Alerts",
                "'{name}' is not a usable channel name: use letters, digits, '.', '_' or '-' (up to 64).",
                name=clip(name or "", 80),
            )
        )
    return name


def check_kind(kind: str) -> str:
    if kind not in KINDS:
        raise ChannelError(
            msg(
                "Alerts",
                "Unknown channel kind '{kind}'; use one of: {kinds}.",
                kind=clip(kind, 40),
                kinds=", ".join(KINDS),
            )
        )
    return kind


def parse_events(text: str) -> list[str]:
    """``job_failed,idle_prompt`` (or ``all``) as a list; an unknown name is an error naming the known ones."""
    names = [part.strip() for part in (text or "").split(",") if part.strip()]
    if not names or names == ["all"]:
        return []
    unknown = [n for n in names if n not in EVENTS]
    if unknown:
        raise ChannelError(
            msg(
                "Alerts",
                "Unknown event '{event}'; use one of: {events}.",
                event=clip(unknown[0], 40),
                events=", ".join(EVENTS),
            )
        )
    return list(dict.fromkeys(names))


def split_url(kind: str, url: str) -> tuple[str, bool]:
    """``(url with its secrets hidden, whether anything was hidden)``.

    Group bots put their credential in the URL itself (DingTalk ``access_token``, WeCom ``key``, the
    Feishu/Lark hook id); a user:password, a secret-looking query field or a token-like path segment
    is hidden as well. The full URL then goes to the keyring, and files and lists show the hidden one.
    """
    if kind == "desktop":
        return "", False
    if kind == "smtp":
        return _split_smtp(url)
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ChannelError(msg("Alerts", "The URL must start with http:// or https:// and name a host."))
    hidden = False
    netloc = parts.netloc
    if parts.password is not None:
        netloc = f"{parts.username or ''}:{HIDDEN}@{netloc.rsplit('@', 1)[1]}"
        hidden = True
    segments = parts.path.split("/")
    for i, segment in enumerate(segments):
        after_hook = i > 0 and segments[i - 1] == "hook"
        if segment and (after_hook or _TOKENISH.match(segment) or (segment.startswith("bot") and ":" in segment)):
            segments[i] = HIDDEN
            hidden = True
    query = []
    for name, value in urllib.parse.parse_qsl(parts.query, keep_blank_values=True):
        if name.lower() in _SECRET_QUERY and value:
            query.append((name, HIDDEN))
            hidden = True
        else:
            query.append((name, value))
    shown = urllib.parse.urlunsplit(
        (parts.scheme, netloc, "/".join(segments), urllib.parse.urlencode(query, safe="*"), "")
    )
    return shown, hidden


def url_secrets(url: str) -> list[str]:
    """The parts of ``url`` that :func:`split_url` hides (so a text quoting the URL can be cleaned of them)."""
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError:
        return []
    found = [parts.password] if parts.password else []
    segments = parts.path.split("/")
    for i, segment in enumerate(segments):
        after_hook = i > 0 and segments[i - 1] == "hook"
        if segment and (after_hook or _TOKENISH.match(segment) or (segment.startswith("bot") and ":" in segment)):
            found.append(segment)
    for name, value in urllib.parse.parse_qsl(parts.query, keep_blank_values=True):
        if name.lower() in _SECRET_QUERY and value:
            found.append(value)
    return [f for f in found if f]


def _split_smtp(url: str) -> tuple[str, bool]:
    """``smtp://user@host:587?to=a@b&from=c@d`` (STARTTLS), ``smtps://…:465`` (TLS); the password is hidden."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
        raise ChannelError(
            msg(
                "Alerts",
                "An email channel's URL looks like smtps://user@mail.example.com:465?to=you@example.com (smtp:// uses STARTTLS).",
            )
        )
    query = dict(urllib.parse.parse_qsl(parts.query))
    if not query.get("to"):
        raise ChannelError(msg("Alerts", "Say where the mail goes: add ?to=you@example.com to the URL."))
    if parts.password is None:
        return urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path, parts.query, "")), False
    netloc = f"{parts.username or ''}:{HIDDEN}@{parts.netloc.rsplit('@', 1)[1]}"
    return urllib.parse.urlunsplit((parts.scheme, netloc, parts.path, parts.query, "")), True


__all__ = [
    "EVENTS",
    "KINDS",
    "TEST_EVENT",
    "Alert",
    "Channel",
    "ChannelError",
    "check_kind",
    "check_name",
    "clip",
    "event_title",
    "parse_events",
    "split_url",
    "url_secrets",
]
