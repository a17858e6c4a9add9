"""The alert channels: their names, kinds, URLs (secrets hidden) and events in ``alerts/channels.json``.

Tokens, passwords, signing keys and URLs that carry a key live only in the keyring
(:mod:`gpudesk.core.secrets`, entries ``alert:NAME``/``secret`` and ``alert:NAME``/``url``).
"""

from __future__ import annotations

import logging
from pathlib import Path

from gpudesk.core import datafile, paths, secrets
from gpudesk.core.alerts.model import (
    Channel,
    ChannelError,
    check_kind,
    check_name,
    split_url,
)
from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.i18n import msg

log = logging.getLogger(__name__)

_CHECK = datafile.record(
    {
        "name": datafile.nonempty_text,
        "kind": datafile.text,
        "url": datafile.text,
        "events": datafile.items_of(datafile.text),
        "has_secret": datafile.boolean,
        "has_url_secret": datafile.boolean,
    },
    required=("name", "kind"),
)


def channels_file() -> Path:
    return paths.data_dir() / "alerts" / "channels.json"


def secret_entry(name: str) -> str:
    return f"alert:{name}"


def _check(raw: JSON) -> tuple[JSONObject, list[str]]:
    items = datafile.mapping(raw, "channels file").get("channels", [])
    good, skipped = datafile.entries(datafile.listof(items, "channels"), _CHECK, key=lambda c: c["name"])
    return {"channels": good}, skipped


def _empty() -> JSONObject:
    return {"channels": []}


#: channels for this run only, never written (the demo's stand-in phone): name -> Channel
_TRANSIENT: dict[str, Channel] = {}


def add_transient(channel: Channel) -> None:
    """A channel this run sends to, kept in memory only (its URL holds no secret)."""
    check_name(channel.name)
    check_kind(channel.kind)
    _TRANSIENT[channel.name] = channel


def remove_transient(name: str) -> None:
    _TRANSIENT.pop(name, None)


class ChannelStore:
    """Read and change the channel list (every change re-reads the file under its lock)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or channels_file()
        self.problem = ""

    def channels(self) -> list[Channel]:
        loaded = datafile.load(self.path, _check, what=msg("Alerts", "The alert channels file"), empty=_empty)
        self.problem = loaded.problem
        saved = [Channel.from_json(c) for c in loaded.data["channels"] if c["name"] not in _TRANSIENT]
        return saved + list(_TRANSIENT.values())

    def get(self, name: str) -> Channel | None:
        return next((c for c in self.channels() if c.name == name), None)

    def add(self, name: str, kind: str, url: str, events: list[str], secret: str | None = None) -> Channel:
        """Save a channel (replacing one of that name); its secret and secret-bearing URL go to the keyring."""
        check_name(name)
        check_kind(kind)
        if kind != "desktop" and not url:
            raise ChannelError(msg("Alerts", "A {kind} channel needs --url.", kind=kind))
        shown, url_hidden = split_url(kind, url)
        if (secret or url_hidden) and not secrets.available():
            raise ChannelError(
                msg(
                    "Alerts",
                    "This channel needs a secret kept in the system keyring, and none is usable here: {reason}",
                    reason=secrets.backend_info().reason,
                )
            )
        entry = secret_entry(name)
        if secret:
            secrets.set_secret(entry, "secret", secret)
        elif secrets.available():
            secrets.delete_secret(entry, "secret")
        if url_hidden:
            secrets.set_secret(entry, "url", url)
        elif secrets.available():
            secrets.delete_secret(entry, "url")
        channel = Channel(name, kind, shown, list(events), bool(secret), url_hidden)

        def change(current: datafile.Loaded) -> JSONObject:
            kept = [c for c in current.data["channels"] if c["name"] != name]
            return {"channels": [*kept, channel.to_json()]}

        datafile.update(self.path, _check, change, what=msg("Alerts", "The alert channels file"), empty=_empty)
        return channel

    def remove(self, name: str) -> bool:
        found = _TRANSIENT.pop(name, None) is not None

        def change(current: datafile.Loaded) -> JSONObject:
            nonlocal found
            kept = [c for c in current.data["channels"] if c["name"] != name]
            found = found or len(kept) != len(current.data["channels"])
            return {"channels": kept}

        datafile.update(self.path, _check, change, what=msg("Alerts", "The alert channels file"), empty=_empty)
        if secrets.available():
            secrets.delete_secret(secret_entry(name), "secret")
            secrets.delete_secret(secret_entry(name), "url")
        return found

    def set_events(self, name: str, events: list[str]) -> None:
        if name in _TRANSIENT:
            _TRANSIENT[name].events = list(events)
            return

        def change(current: datafile.Loaded) -> JSONObject:
            out = []
            for c in current.data["channels"]:
                if c["name"] == name:
                    c = {**c, "events": list(events) or Channel(name, c["kind"]).to_json()["events"]}
                out.append(c)
            return {"channels": out}

        datafile.update(self.path, _check, change, what=msg("Alerts", "The alert channels file"), empty=_empty)

    @staticmethod
    def credentials(channel: Channel) -> tuple[str | None, str]:
        """``(secret, full URL)`` for sending, read from the keyring when the channel has them there."""
        secret: str | None = None
        url = channel.url
        if channel.has_secret or channel.has_url_secret:
            try:
                if channel.has_secret:
                    secret = secrets.get_secret(secret_entry(channel.name), "secret")
                if channel.has_url_secret:
                    url = secrets.get_secret(secret_entry(channel.name), "url") or channel.url
            except secrets.SecretsUnavailable:
                log.warning("alert channel %s: keyring not usable, sending without its secret", channel.name)
        return secret, url


__all__ = ["ChannelStore", "add_transient", "channels_file", "remove_transient", "secret_entry"]
