"""Sending alerts without blocking anyone: a worker thread, a small persistent outbox, retries with backoff.

``Sender.send(alert)`` returns at once: for each channel that wants the alert's event it puts one
delivery in the outbox (``alerts/outbox.json``, written atomically) and wakes the worker. The
worker delivers, retries what failed with a growing pause (a receiver that is down, slow or answers
5xx), logs each failure and, after the last try, keeps the alert under ``failed`` in the outbox and
logs it as an error — never dropped silently. An outbox left by an earlier run is sent on start.

Per (event, channel): the same happening (``Alert.key``) is sent once (deduplicated for
``dedupe_s``), and two alerts of one event are at least ``min_interval_s`` apart (a later one waits
its turn; more than ``MAX_WAITING`` waiting are dropped and logged). Texts carry no secret: they are
scrubbed and bounded (``Alert.bounded``), and the outbox holds only them, never a token or URL key.
"""

from __future__ import annotations

import itertools
import json
import logging
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from gpudesk.core import atomic, datafile, paths
from gpudesk.core.alerts.channels import TIMEOUT_S, Answer, deliver
from gpudesk.core.alerts.model import TEST_EVENT, Alert, Channel, event_title
from gpudesk.core.alerts.store import ChannelStore
from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.events import Event
from gpudesk.core.i18n import msg

log = logging.getLogger("gpudesk.alerts")

BACKOFF_S = (5.0, 15.0, 60.0, 300.0, 900.0, 1800.0)
MAX_ATTEMPTS = 8
MAX_WAITING = 20  # per (event, channel) behind the rate limit
MAX_FAILED = 50
MAX_SEEN = 500
_ids = itertools.count(1)

#: the app's desktop alerts (its tray listens, on the GUI thread through the bridge); shared by every sender
DESKTOP: Event[Alert] = Event("desktop alert")


def outbox_file() -> Path:
    return paths.data_dir() / "alerts" / "outbox.json"


@dataclass(frozen=True)
class Delivery:
    """What happened to one alert on one channel (for the log view and tests)."""

    channel: str
    alert: Alert
    answer: Answer
    attempts: int
    final: bool  # no further try follows


class Sender:
    """One per app (or CLI run); ``close()`` ends its worker."""

    def __init__(
        self,
        store: ChannelStore | None = None,
        outbox: Path | None = None,
        *,
        min_interval_s: float = 60.0,
        dedupe_s: float = 6 * 3600.0,
        backoff_s: Iterable[float] = BACKOFF_S,
        max_attempts: int = MAX_ATTEMPTS,
        timeout_s: float = TIMEOUT_S,
        clock: Callable[[], float] = time.time,
        desktop: Event[Alert] | None = None,
    ) -> None:
        self.store = store or ChannelStore()
        self.outbox = outbox or outbox_file()
        self.min_interval_s = min_interval_s
        self.dedupe_s = dedupe_s
        self.backoff_s = tuple(backoff_s) or BACKOFF_S
        self.max_attempts = max(1, max_attempts)
        self.timeout_s = timeout_s
        self._clock = clock
        #: a core text (a Msg) in the user's language; the app sets its translator, the command line keeps English
        self.translate: Callable[[str], str] = str
        #: an alert for a desktop channel: the app shows it in its tray (any thread; the UI hops over)
        self.desktop: Event[Alert] = DESKTOP if desktop is None else desktop
        #: each delivery attempt's outcome (any thread)
        self.delivered: Event[Delivery] = Event("alert delivered")
        self._cond = threading.Condition()
        self._inbox: list[tuple[Alert, list[Channel] | None]] = []
        self._pending: list[JSONObject] = []
        self._failed: list[JSONObject] = []
        self._seen: dict[str, float] = {}
        self._last: dict[str, float] = {}
        self._busy = 0
        self._closed = False
        self._load()
        self._thread = threading.Thread(target=self._run, name="gpudesk-alerts", daemon=True)
        self._thread.start()

    # -- the callers' side --------------------------------------------------------------------------
    def send(self, alert: Alert, channels: list[Channel] | None = None) -> None:
        """Hand ``alert`` to the worker, which queues it for every channel that wants it. Returns at once.

        Title and text that are a :class:`~gpudesk.core.i18n.Msg` go out in the user's language
        (``translate``, set by the app; English otherwise)."""
        translate = self.translate
        alert = Alert(
            alert.event, translate(alert.title), translate(alert.text), alert.key, alert.priority, alert.server
        )
        with self._cond:
            self._inbox.append((alert.bounded(), channels))
            self._cond.notify_all()

    def _fan_out(self, alert: Alert, channels: list[Channel] | None) -> int:
        try:
            targets = channels if channels is not None else self.store.channels()
        except OSError as exc:
            log.error("alert %s not sent: the channel list cannot be read (%s)", alert.event, exc)
            return 0
        now = self._clock()
        queued = 0
        with self._cond:
            for channel in targets:
                if not channel.wants(alert.event):
                    continue
                if alert.key:
                    seen_key = f"{channel.name}|{alert.event}|{alert.key}"
                    if now - self._seen.get(seen_key, -1e18) < self.dedupe_s:
                        log.debug("alert %s to %s already sent: not repeated", alert.event, channel.name)
                        continue
                    self._seen[seen_key] = now
                pair = f"{channel.name}|{alert.event}"
                waiting = [p for p in self._pending if p["pair"] == pair]
                if len(waiting) >= MAX_WAITING:
                    log.warning(
                        "alert %s to %s dropped: %d more of its kind wait already",
                        alert.event,
                        channel.name,
                        len(waiting),
                    )
                    continue
                latest = max([self._last.get(pair, -1e18)] + [p["not_before"] for p in waiting])
                not_before = max(now, latest + self.min_interval_s) if alert.event != TEST_EVENT else now
                self._pending.append(
                    {
                        "id": f"{int(now * 1000)}-{next(_ids)}",
                        "channel": channel.name,
                        "pair": pair,
                        "event": alert.event,
                        "title": alert.title,
                        "text": alert.text,
                        "key": alert.key,
                        "priority": alert.priority,
                        "server": alert.server,
                        "attempts": 0,
                        "created": now,
                        "not_before": not_before,
                        "next_at": not_before,
                        "last_error": "",
                    }
                )
                queued += 1
            if queued:
                self._save_locked()
                self._cond.notify_all()
        return queued

    def test(self, names: list[str] | None = None) -> list[tuple[str, Answer]]:
        """Send a test message now to the named channels (all but desktop ones when None), on the caller's thread."""
        return send_test(self.store, names, self.desktop, self.timeout_s)

    def deliver_now(self, channel: Channel, alert: Alert) -> Answer:
        """One delivery on this thread (the worker's, or a test's)."""
        return deliver_one(channel, alert, self.desktop, self.timeout_s)

    def pending(self) -> list[JSONObject]:
        with self._cond:
            return [dict(p) for p in self._pending]

    def failed(self) -> list[JSONObject]:
        with self._cond:
            return [dict(p) for p in self._failed]

    def flush(self, timeout_s: float = 10.0) -> bool:
        """Wait until nothing is due or in flight (tests; a clean exit). False when time ran out."""
        deadline = time.monotonic() + timeout_s
        with self._cond:
            while self._busy or self._inbox or any(p["next_at"] <= self._clock() for p in self._pending):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(min(left, 0.05))
            return True

    def close(self, wait_s: float = 2.0) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(wait_s)

    # -- the worker ---------------------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._closed:
                    if self._inbox:
                        break
                    now = self._clock()
                    due = [p for p in self._pending if p["next_at"] <= now]
                    if due:
                        break
                    waits = [p["next_at"] - now for p in self._pending]
                    self._cond.wait(min([*waits, 1.0]) if waits else None)
                if self._closed:
                    return
                inbox, self._inbox = self._inbox, []
                item = None if inbox else min(due, key=lambda p: p["next_at"])
                self._busy += 1
            try:
                for alert, channels in inbox:
                    self._fan_out(alert, channels)
                if item is not None:
                    self._attempt(item)
            except Exception:  # noqa: BLE001 - the worker must outlive any one delivery's bug
                log.exception("alert delivery failed unexpectedly")
            finally:
                with self._cond:
                    self._busy -= 1
                    self._cond.notify_all()

    def _attempt(self, item: JSONObject) -> None:
        alert = Alert(item["event"], item["title"], item["text"], item["key"], item["priority"], item["server"])
        channel = self.store.get(item["channel"])
        attempts = item["attempts"] + 1
        if channel is None:
            answer = Answer(False, msg("Alerts", "the channel was removed"))
        else:
            answer = self.deliver_now(channel, alert)
        now = self._clock()
        final = answer.ok or not answer.retry or attempts >= self.max_attempts
        with self._cond:
            # Logged under the lock: whoever sees the new state (failed(), the outbox) also finds its log line.
            if answer.ok:
                log.info("alert %s sent to %s", alert.event, item["channel"])
            elif final:
                log.error(
                    "alert %s to %s not delivered after %d attempt(s): %s (kept in %s)",
                    alert.event,
                    item["channel"],
                    attempts,
                    answer.detail,
                    self.outbox,
                )
            else:
                log.warning(
                    "alert %s to %s failed (attempt %d, retrying): %s",
                    alert.event,
                    item["channel"],
                    attempts,
                    answer.detail,
                )
            if item in self._pending:
                if answer.ok:
                    self._pending.remove(item)
                    self._last[item["pair"]] = now
                elif final:
                    self._pending.remove(item)
                    item.update(attempts=attempts, last_error=str(answer.detail), failed_at=now)
                    self._failed = [*self._failed, item][-MAX_FAILED:]
                else:
                    pause = self.backoff_s[min(attempts - 1, len(self.backoff_s) - 1)]
                    item.update(attempts=attempts, next_at=now + pause, last_error=str(answer.detail))
                self._save_locked()
        self.delivered.emit(Delivery(item["channel"], alert, answer, attempts, final))

    # -- the outbox file ----------------------------------------------------------------------------
    def _load(self) -> None:
        def check(raw: JSON) -> tuple[JSONObject, list[str]]:
            data = datafile.mapping(raw, "outbox")
            pending = [
                p for p in data.get("pending", []) if isinstance(p, dict) and {"channel", "event", "title"} <= p.keys()
            ]
            failed = [p for p in data.get("failed", []) if isinstance(p, dict)]
            seen = {k: v for k, v in (data.get("seen") or {}).items() if isinstance(v, (int, float))}
            return {"pending": pending, "failed": failed, "seen": seen}, []

        loaded = datafile.load(
            self.outbox,
            check,
            what=msg("Alerts", "The alerts outbox"),
            empty=lambda: {"pending": [], "failed": [], "seen": {}},
        )
        now = self._clock()
        for p in loaded.data["pending"]:
            p.setdefault("pair", f"{p['channel']}|{p['event']}")
            p.setdefault("text", "")
            p.setdefault("key", "")
            p.setdefault("priority", 3)
            p.setdefault("server", "")
            p.setdefault("attempts", 0)
            p.setdefault("not_before", now)
            p["next_at"] = min(float(p.get("next_at", now)), now)  # a new run tries what waited at once
        self._pending = loaded.data["pending"]
        self._failed = loaded.data["failed"][-MAX_FAILED:]
        self._seen = {k: v for k, v in loaded.data["seen"].items() if now - v < self.dedupe_s}

    def _save_locked(self) -> None:
        seen = dict(sorted(self._seen.items(), key=lambda kv: kv[1])[-MAX_SEEN:])
        self._seen = seen
        data = {"pending": self._pending, "failed": self._failed, "seen": seen}
        try:
            atomic.write_text(self.outbox, json.dumps(data, ensure_ascii=False, indent=1))
        except OSError as exc:
            log.error("the alerts outbox %s cannot be written: %s", self.outbox, exc)


def deliver_one(
    channel: Channel, alert: Alert, desktop: Event[Alert] | None = None, timeout_s: float = TIMEOUT_S
) -> Answer:
    """Deliver ``alert`` to ``channel`` now; a desktop channel is handed to ``desktop``'s listeners (the app's tray)."""
    desktop = DESKTOP if desktop is None else desktop
    if channel.kind == "desktop":
        if desktop is None or not len(desktop):
            return Answer(
                False, msg("Alerts", "desktop notifications are shown by the running app, and none is listening here")
            )
        desktop.emit(alert.bounded())
        return Answer(True, msg("Alerts", "shown by the app"))
    secret, url = ChannelStore.credentials(channel)
    return deliver(channel, alert, secret=secret, url=url, timeout=timeout_s)


def send_test(
    store: ChannelStore,
    names: list[str] | None = None,
    desktop: Event[Alert] | None = None,
    timeout_s: float = TIMEOUT_S,
) -> list[tuple[str, Answer]]:
    """A test message to the named channels (all but desktop ones when None), now, on this thread."""
    channels = store.channels()
    chosen = (
        [c for c in channels if c.name in names] if names is not None else [c for c in channels if c.kind != "desktop"]
    )
    alert = Alert(
        TEST_EVENT,
        str(msg("Alerts", "gpudesk test message")),
        str(msg("Alerts", "If you read this, gpudesk's alerts reach you here.")),
    )
    return [(c.name, deliver_one(c, alert, desktop, timeout_s)) for c in chosen]


def describe(event: str) -> str:
    """An event's short name in English (the CLI's lists)."""
    return str(event_title(event))


__all__ = ["DESKTOP", "Delivery", "Sender", "deliver_one", "describe", "outbox_file", "send_test"]
