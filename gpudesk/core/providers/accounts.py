"""Provider accounts: name, kind and base URL in ``providers.json`` (tokens live in the keyring)."""

from __future__ import annotations

import contextlib
import copy
import threading
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from gpudesk.core import datafile, paths, secrets
from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.i18n import msg
from gpudesk.core.providers.autodl import AutoDLProvider
from gpudesk.core.providers.base import BaseProvider
from gpudesk.core.providers.errors import BadToken, ProviderError
from gpudesk.core.providers.generic import GenericRestProvider
from gpudesk.core.providers.lambda_cloud import LambdaProvider
from gpudesk.core.providers.manual import ManualProvider
from gpudesk.core.providers.runpod import RunPodProvider
from gpudesk.core.providers.vast import VastProvider

KINDS: dict[str, type[BaseProvider]] = {
    cls.kind: cls
    for cls in (LambdaProvider, RunPodProvider, VastProvider, AutoDLProvider, GenericRestProvider, ManualProvider)
}
TOKEN_ACCOUNT = "token"

# Accounts for this run only (the demo's): listed like saved ones, never written to disk,
# their tokens kept in memory like the demo server's password.
_transient: dict[str, tuple[Account, str]] = {}
_transient_lock = threading.Lock()


def account_gone(name: str) -> ProviderError:
    """The error for a session whose provider account was removed."""
    return ProviderError(msg("ProviderError", "The provider account '{name}' no longer exists.", name=name))


def add_transient(account: Account, token: str) -> None:
    with _transient_lock:
        _transient[account.name] = (account, token)


def remove_transient(name: str) -> None:
    with _transient_lock:
        _transient.pop(name, None)


@dataclass
class Account:
    name: str
    kind: str
    base_url: str = ""
    options: JSONObject = field(default_factory=dict)

    @property
    def title(self) -> str:
        return KINDS[self.kind].title if self.kind in KINDS else self.kind

    def to_json(self) -> JSONObject:
        return asdict(self)

    @classmethod
    def from_json(cls, data: JSONObject) -> Account:
        return cls(
            name=str(data.get("name", "")),
            kind=str(data.get("kind", "")),
            base_url=str(data.get("base_url", "")),
            options=dict(data.get("options") or {}),
        )


def accounts_file() -> Path:
    return paths.config_dir() / "providers.json"


class AccountStore:
    """The list of provider accounts; every change is written atomically."""

    _lock = threading.Lock()

    def __init__(self) -> None:
        self.path = accounts_file()
        self.accounts: list[Account] = []
        # A damaged file is kept aside (whole or, with damaged accounts, as a copy) and explained.
        loaded = datafile.load(self.path, _check_file, what=_what(), empty=dict)
        self.load_error = loaded.problem
        self._adopt(loaded.data)

    def _adopt(self, data: dict[str, JSONObject]) -> None:
        """Take ``data`` (checked JSON by name) as the state; Account objects others hold stay the same."""
        held = {a.name: a for a in self.accounts}
        accounts = []
        for name, item in data.items():
            new, old = Account.from_json(item), held.get(name)
            if old is not None and old.to_json() != item:
                old.kind, old.base_url, old.options = new.kind, new.base_url, new.options
            accounts.append(old or new)
        self.accounts = accounts
        self._base = copy.deepcopy(data)  # what this store last read or wrote: the merge base

    def __iter__(self) -> Iterator[Account]:
        with _transient_lock:
            extra = [a for a, _ in _transient.values() if all(s.name != a.name for s in self.accounts)]
        return iter(list(self.accounts) + extra)

    def get(self, name: str) -> Account | None:
        return next((a for a in self if a.name == name), None)

    def is_transient(self, name: str) -> bool:
        return name in _transient and all(a.name != name for a in self.accounts)

    def save(self, account: Account, token: str | None = None) -> None:
        """Add or replace ``account``; a token goes to the keyring, never into the file."""
        if account.kind not in KINDS:
            raise ValueError(msg("ProviderError", "Unknown provider kind '{kind}'.", kind=account.kind))
        if not account.name.strip():
            raise ValueError(msg("ProviderError", "Give the account a name."))
        if token:
            secrets.set_secret(secrets.api_token_entry(account.name), TOKEN_ACCOUNT, token)
        with self._lock:
            self.accounts = [a for a in self.accounts if a.name != account.name] + [account]
            self._write()

    def remove(self, name: str) -> None:
        with self._lock:
            self.accounts = [a for a in self.accounts if a.name != name]
            self._write()
        with contextlib.suppress(secrets.SecretsUnavailable):
            secrets.delete_secret(secrets.api_token_entry(name), TOKEN_ACCOUNT)

    def _write(self) -> None:
        """Re-read the file under its lock and apply this store's changes to it (other processes keep theirs)."""
        mine = {a.name: a.to_json() for a in self.accounts}

        def change(disk: datafile.Loaded) -> JSONObject:
            merged = datafile.merge(self._base, mine, self._base if disk.damaged else disk.data)
            return {"accounts": list(merged.values())}

        written = datafile.update(self.path, _check_file, change, what=_what(), empty=dict)
        if written.problem:
            self.load_error = written.problem
        self._adopt({a["name"]: a for a in written.data["accounts"]})


def _what() -> str:
    return msg("DataFile", "The provider accounts file")


_check_account = datafile.record_of(Account, name=datafile.nonempty_text)


def _check_file(raw: JSON) -> tuple[dict[str, JSONObject], list[str]]:
    """Accounts by name; a damaged or repeated account is skipped and reported."""
    top = datafile.mapping(raw, msg("DataFile", "the file"))
    good, skipped = datafile.entries(
        datafile.listof(top.get("accounts", []), "accounts"), _check_account, key=lambda a: a["name"]
    )
    return {a["name"]: Account.from_json(a).to_json() for a in good}, skipped


def token_for(account: Account) -> str:
    with _transient_lock:
        if account.name in _transient:
            return _transient[account.name][1]
    try:
        return secrets.get_secret(secrets.api_token_entry(account.name), TOKEN_ACCOUNT) or ""
    except secrets.SecretsUnavailable:
        return ""


def provider_for(account: Account, token: str | None = None, **kwargs: Any) -> BaseProvider:
    """Build the provider client for ``account`` (token from the keyring unless given)."""
    cls = KINDS.get(account.kind)
    if cls is None:
        raise ProviderError(
            msg(
                "ProviderError",
                "Unknown provider kind '{kind}' for account '{name}'.",
                kind=account.kind,
                name=account.name,
            )
        )
    if token is None:
        token = token_for(account)
    if not token and cls is not ManualProvider:
        raise BadToken(
            msg(
                "ProviderError",
                "No API token is stored for '{name}'. Add it in Providers (it goes to the keyring).",
                name=account.name,
            )
        )
    return cls(account.name, token or "", account.base_url, options=account.options, **kwargs)
