"""One HTTP client for every provider: timeouts, retries with backoff, typed errors.

The retries are urllib3's ``Retry`` on the ``requests`` adapter, with the rules below.

Retries cover 429 and 502/503/504/500 and refused connections, with exponential backoff
and jitter; a ``Retry-After`` header (seconds or an HTTP date) wins over the backoff when
the server sends one (RunPod v2 does; Vast.ai documents that it does not). A read timeout
is not retried: a slow API is reported at once rather than multiplied by the retry count.

A request that changes state (a POST such as "stop" or "launch") is not retried after a 5xx
or a connection that broke after it was sent: the provider may have done it already, and a
second launch is a second bill. Such calls are retried only on 429 (refused before any work)
and on a connection that was never made. Read-only POSTs (search queries) say
``idempotent=True``.

A 410 Gone means the provider retired the API version gpudesk speaks (RunPod's REST v1 since
15 Nov 2026): it is reported as such, never as a bad token.
"""

from __future__ import annotations

import email.utils
import json
import logging
import random
import time
from collections.abc import Callable, Mapping
from types import TracebackType
from typing import Any
from urllib.parse import urlsplit

import requests
from requests.adapters import HTTPAdapter
from urllib3.connectionpool import ConnectionPool
from urllib3.exceptions import MaxRetryError, ReadTimeoutError, ResponseError
from urllib3.response import BaseHTTPResponse
from urllib3.util.retry import Retry

from gpudesk.core.datafile import JSON
from gpudesk.core.i18n import msg
from gpudesk.core.providers.errors import (
    BadToken,
    Conflict,
    NotFound,
    ProviderError,
    ProviderTimeout,
    RateLimited,
    ServerError,
    VersionRetired,
)

RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})
IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "PUT", "DELETE"})
USER_AGENT = "gpudesk"


_log = logging.getLogger("gpudesk.providers")


def _path_of(url: str) -> str:
    """The URL's path only: a query may carry a key (Vast.ai's ``api_key=``)."""
    return urlsplit(url).path[:200]


def retry_after(value: str | None) -> float | None:
    """A ``Retry-After`` header in seconds (it may be seconds or an HTTP date); None when absent or unreadable."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


class _Retry(Retry):
    """urllib3's retry with gpudesk's rules (module docstring), mounted on the client's sessions.

    A connection that was never made (refused, DNS, connect timeout) is tried again for any call;
    a 5xx or a connection that broke after the request went out only for an idempotent one; a 429
    always; a read timeout never. A ``Retry-After`` longer than ``max_wait_s`` ends the retries (the
    caller reports it). Waits go through the client's ``sleep``, and each retry counts one more
    request sent.
    """

    def __init__(
        self,
        total: int = 3,
        *,
        idempotent: bool = True,
        backoff_s: float = 0.5,
        max_wait_s: float = 30.0,
        pause: Callable[[float], None] = time.sleep,
        resent: Callable[[], None] = lambda: None,
        **kw: Any,
    ) -> None:
        kw.setdefault("allowed_methods", None)  # idempotence is decided per client below, not per method
        kw.setdefault("raise_on_status", False)  # the last answer goes back to the caller, which reports it
        kw.setdefault("redirect", False)
        super().__init__(total, **kw)
        self.idempotent = idempotent
        self.backoff_s = backoff_s
        self.max_wait_s = max_wait_s
        self.pause = pause
        self.resent = resent

    def new(self, **kw: Any) -> _Retry:
        fresh = super().new(**kw)
        fresh.idempotent, fresh.backoff_s, fresh.max_wait_s = self.idempotent, self.backoff_s, self.max_wait_s
        fresh.pause, fresh.resent = self.pause, self.resent
        return fresh

    def is_retry(self, method: str, status_code: int, has_retry_after: bool = False) -> bool:
        return status_code in RETRY_STATUSES and (self.idempotent or status_code == 429)

    def increment(
        self,
        method: str | None = None,
        url: str | None = None,
        response: BaseHTTPResponse | None = None,
        error: Exception | None = None,
        _pool: ConnectionPool | None = None,
        _stacktrace: TracebackType | None = None,
    ) -> _Retry:
        # A read timeout is reported at once; an exchange that broke after sending may have done the work.
        sent = error is not None and not self._is_connection_error(error)
        if error is not None and sent and (isinstance(error, ReadTimeoutError) or not self.idempotent):
            raise error.with_traceback(_stacktrace)
        if response is not None:
            wait = retry_after(response.headers.get("Retry-After"))
            if wait is not None and wait > self.max_wait_s:
                raise MaxRetryError(_pool, url or "", ResponseError("Retry-After too long"))  # type: ignore[arg-type]
        return super().increment(method, url, response, error, _pool, _stacktrace)

    def get_backoff_time(self) -> float:
        attempt = max(1, len(self.history))
        base = float(self.backoff_s * (2 ** (attempt - 1)))
        return float(min(self.max_wait_s, base * (0.8 + 0.4 * random.random())))

    def sleep(self, response: BaseHTTPResponse | None = None) -> None:
        wait = retry_after(response.headers.get("Retry-After")) if response is not None else None
        self.pause(self.get_backoff_time() if wait is None else wait)
        self.resent()


class ApiClient:
    """A small JSON-over-HTTP client bound to one base URL and one auth header."""

    def __init__(
        self,
        base_url: str,
        headers: Mapping[str, str],
        *,
        provider: str = "provider",
        secret: str = "",
        timeout: float = 15.0,
        connect_timeout: float = 5.0,
        retries: int = 3,
        backoff_s: float = 0.5,
        max_wait_s: float = 30.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.provider = provider
        self.timeout = (connect_timeout, timeout)
        self.retries = retries
        self.backoff_s = backoff_s
        self.max_wait_s = max_wait_s
        self._secret = secret
        self._sleep = sleep
        self.calls = 0  # requests actually sent (tests read it to see retries)
        # Idempotence is a property of the call, a Retry one of the adapter: one session for each kind.
        self._session = self._new_session(idempotent=True)
        self._once = self._new_session(idempotent=False)
        self._session.headers.update({"User-Agent": USER_AGENT, "Accept": "application/json", **headers})
        self._once.headers = self._session.headers

    def _new_session(self, *, idempotent: bool) -> requests.Session:
        session = requests.Session()
        retry = _Retry(
            self.retries,
            idempotent=idempotent,
            backoff_s=self.backoff_s,
            max_wait_s=self.max_wait_s,
            pause=lambda seconds: self._sleep(seconds),
            resent=self._resent,
        )
        adapter = HTTPAdapter(max_retries=retry)
        session.mount("http://", adapter)
        session.mount("https://", adapter)
        return session

    def _resent(self) -> None:
        self.calls += 1

    def close(self) -> None:
        self._session.close()
        self._once.close()

    def request(
        self,
        method: str,
        path: str,
        *,
        json_body: JSON = None,
        params: Mapping[str, Any] | None = None,
        idempotent: bool | None = None,
    ) -> JSON:
        """Send one request (with retries) and return the decoded JSON body, or None when empty.

        ``idempotent`` defaults to the method's own meaning (GET, PUT, DELETE are; POST is not).
        """
        url = path if path.startswith(("http://", "https://")) else f"{self.base_url}{path}"
        if idempotent is None:
            idempotent = method.upper() in IDEMPOTENT_METHODS
        session = self._session if idempotent else self._once
        try:
            self.calls += 1
            response = session.request(method, url, json=json_body, params=params, timeout=self.timeout)
        except requests.Timeout:
            raise ProviderTimeout(
                msg(
                    "ProviderError",
                    "{provider} did not answer within {seconds:g} s. Try again later.",
                    provider=self.provider,
                    seconds=self.timeout[1],
                )
            ) from None
        except requests.ConnectionError:
            raise ProviderTimeout(
                msg(
                    "ProviderError",
                    "Could not reach {provider} at {url}. Check the network or the API address.",
                    provider=self.provider,
                    url=self.base_url,
                )
            ) from None
        try:
            return self._result(response)
        except ProviderError as exc:
            # Keep the provider's code and words beside the message: a launch decides
            # "no capacity" on Lambda's error.code, never on the wording.
            body = _decode(response)
            exc.code = error_code(body)
            exc.detail = self._scrub(error_message(body, response.text))[:300]
            raise

    # -- helpers ------------------------------------------------------------------
    @staticmethod
    def _retry_after(response: requests.Response) -> float | None:
        return retry_after(response.headers.get("Retry-After"))

    def _result(self, response: requests.Response) -> JSON:
        status = response.status_code
        body = _decode(response)
        if 200 <= status < 300:
            return body
        message = self._scrub(error_message(body, response.text))
        request = getattr(response, "request", None)
        _log.warning(
            "%s API %s %s: HTTP %s %s",
            self.provider,
            getattr(request, "method", "?"),
            _path_of(str(getattr(response, "url", "") or "")),
            status,
            message[:300],
        )
        # The provider's own words (``message``) stay as it wrote them; ours are translatable.
        where = {"provider": self.provider, "status": status}
        if status in (401, 403):
            raise BadToken(
                msg(
                    "ProviderError",
                    "{provider} ({status}): {message}. Check the token in Providers → account.",
                    message=message or msg("ProviderError", "the API token was refused"),
                    **where,
                ),
                status,
            )
        if status == 410:
            raise VersionRetired(
                msg(
                    "ProviderError",
                    "{provider} ({status}): this API version is no longer served by {provider}. Update gpudesk to a "
                    "version that speaks its current API. ({message})",
                    message=message or "Gone",
                    **where,
                ),
                status,
            )
        if status == 409:
            raise Conflict(
                msg(
                    "ProviderError",
                    "{provider} ({status}): {message}",
                    message=message or msg("ProviderError", "not possible in the instance's current state"),
                    **where,
                ),
                status,
            )
        if status == 404:
            raise NotFound(
                msg(
                    "ProviderError",
                    "{provider} ({status}): {message}",
                    message=message or msg("ProviderError", "not found"),
                    **where,
                ),
                status,
            )
        if status == 429:
            raise RateLimited(
                msg(
                    "ProviderError",
                    "{provider} ({status}): too many requests: {message}. Wait a moment and try again.",
                    message=message,
                    **where,
                )
                if message
                else msg(
                    "ProviderError", "{provider} ({status}): too many requests. Wait a moment and try again.", **where
                ),
                status,
                self._retry_after(response),
            )
        if status >= 500:
            raise ServerError(
                msg(
                    "ProviderError",
                    "{provider} ({status}): server error: {message}. Try again later.",
                    message=message,
                    **where,
                )
                if message
                else msg("ProviderError", "{provider} ({status}): server error. Try again later.", **where),
                status,
            )
        raise ProviderError(
            msg(
                "ProviderError",
                "{provider} ({status}): {message}",
                message=message or msg("ProviderError", "request refused"),
                **where,
            ),
            status,
        )

    def _scrub(self, text: str) -> str:
        # A server that echoes the request must not leak the token into a message or log.
        if self._secret and len(self._secret) >= 4:
            text = text.replace(self._secret, "***")
        return text


def _decode(response: requests.Response) -> JSON:
    if not response.content:
        return None
    try:
        return response.json()
    except (ValueError, json.JSONDecodeError):
        return response.text


def error_code(body: object) -> str:
    """The machine-readable code of an error body: Lambda ``error.code``, Vast.ai ``error``; "" if none."""
    if not isinstance(body, dict):
        return ""
    err = body.get("error")
    if isinstance(err, dict):
        err = err.get("code")
    return err[:100] if isinstance(err, str) else ""


def error_message(body: object, text: str = "") -> str:
    """The human part of an error body, whatever the provider's shape (see reference §1)."""
    if isinstance(body, dict):
        err = body.get("error")
        if isinstance(err, dict):
            msg = str(err.get("message") or err.get("code") or "")
            if err.get("suggestion"):
                msg = f"{msg} {err['suggestion']}".strip()
            if msg:
                return msg
        for key in ("msg", "message", "detail", "Message", "title"):
            value = body.get(key)
            if isinstance(value, str) and value:
                return value
        errors = body.get("errors")
        if isinstance(errors, list) and errors and isinstance(errors[0], dict):
            return str(errors[0].get("message", ""))
        if isinstance(err, str) and err:
            return err
        return ""
    if isinstance(body, str):
        return body.strip()[:300]
    return text.strip()[:300]
