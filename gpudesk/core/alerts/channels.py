"""Delivering one alert to one channel: each provider's documented message shape, nothing else.

Sources (checked 2026-12):
- ntfy: https://docs.ntfy.sh/publish/ — POST the text to ``https://host/topic``; headers ``Title``,
  ``Priority`` (1–5), ``Tags`` (comma list); an access token as ``Authorization: Bearer tk_…``.
- Telegram: https://core.telegram.org/bots/api#sendmessage — POST ``https://api.telegram.org/bot<token>/sendMessage``
  with ``chat_id`` and ``text`` (1–4096 characters); the answer is ``{"ok": true, …}`` or
  ``{"ok": false, "description": …}``.
- Feishu/Lark custom bot: https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot —
  ``{"msg_type": "text", "content": {"text": …}}``; with signing, ``timestamp`` (seconds) and
  ``sign`` = base64(HMAC-SHA256(key = "<timestamp>\\n<secret>", message = empty)); answer ``{"code": 0, …}``.
- DingTalk custom robot: https://open.dingtalk.com/document/orgapp/custom-bot-send-message-type and
  https://open.dingtalk.com/document/robots/customize-robot-security-settings —
  ``{"msgtype": "text", "text": {"content": …}}``; with signing, query ``timestamp`` (milliseconds) and
  ``sign`` = urlencode(base64(HMAC-SHA256(key = secret, message = "<timestamp>\\n<secret>"))); answer
  ``{"errcode": 0, "errmsg": "ok"}``.
- WeCom group robot: https://developer.work.weixin.qq.com/document/path/91770 —
  ``{"msgtype": "text", "text": {"content": …}}`` (content at most 2 048 bytes of UTF-8); answer ``{"errcode": 0}``.
- Generic webhook: gpudesk's own JSON ``{"event", "title", "text", "priority", "server", "source": "gpudesk"}``;
  a secret is sent as ``Authorization: Bearer …``.
- Email: SMTP with implicit TLS (``smtps://``, port 465) or STARTTLS (``smtp://``, port 587), :mod:`smtplib`.

No secret ever reaches a returned text: answers from the far side are scrubbed and cut short.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import smtplib
import ssl
import time
import urllib.parse
from dataclasses import dataclass
from email.header import Header
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

from gpudesk.core.alerts.model import Alert, Channel, clip, url_secrets
from gpudesk.core.datafile import JSON, JSONObject
from gpudesk.core.i18n import msg
from gpudesk.core.redact import scrub_text

TIMEOUT_S = 15.0
WECOM_MAX_BYTES = 2048
TELEGRAM_MAX = 4096
USER_AGENT = "gpudesk-alerts"


@dataclass(frozen=True)
class Answer:
    """How a delivery went: ``ok``, the far side's answer in words, and whether trying again may help."""

    ok: bool
    detail: str
    retry: bool = False


def deliver(channel: Channel, alert: Alert, *, secret: str | None, url: str, timeout: float = TIMEOUT_S) -> Answer:
    """Send ``alert`` through ``channel`` (``url`` is the full URL, secrets included). Never raises for the far side."""
    alert = alert.bounded()
    secrets = [s for s in (secret, *url_secrets(url)) if s]
    try:
        if channel.kind == "smtp":
            return _smtp(channel, alert, secret, url, timeout)
        _method, target, headers, body = prepare(channel, alert, secret=secret, url=url)
        return _post(channel, target, headers, body, timeout, secrets)
    except _Unusable as exc:
        return Answer(False, _safe(_describe(exc), secrets), retry=False)
    except Exception as exc:  # noqa: BLE001 - any failure of the far side is an answer, never a crash
        return Answer(False, _safe(_describe(exc), secrets), retry=True)


def prepare(
    channel: Channel, alert: Alert, *, secret: str | None, url: str, now: float | None = None
) -> tuple[str, str, dict[str, str], bytes]:
    """``(method, url, headers, body)`` of the HTTP request a channel kind documents."""
    now = time.time() if now is None else now
    text = f"{alert.title}\n{alert.text}" if alert.text else alert.title
    headers = {"User-Agent": USER_AGENT}
    kind = channel.kind
    if kind == "ntfy":
        headers.update(
            {
                "Content-Type": "text/plain; charset=utf-8",
                # HTTP headers are Latin-1: ntfy documents RFC 2047 encoded words for anything else
                "Title": _header_text(alert.title),
                "Priority": str(alert.priority),
                "Tags": ",".join(_tags(alert)),
            }
        )
        if secret:
            headers["Authorization"] = f"Bearer {secret}"
        return "POST", url, headers, (alert.text or alert.title).encode("utf-8")
    headers["Content-Type"] = "application/json; charset=utf-8"
    body: JSONObject
    if kind == "webhook":
        body = {
            "source": "gpudesk",
            "event": alert.event,
            "title": alert.title,
            "text": alert.text,
            "priority": alert.priority,
            "server": alert.server,
        }
        if secret:
            headers["Authorization"] = f"Bearer {secret}"
    elif kind == "telegram":
        if not secret:
            raise _Unusable(
                msg("Alerts", "This Telegram channel has no bot token in the keyring; add it again with --secret-env.")
            )
        parts = urllib.parse.urlsplit(url)
        query = dict(urllib.parse.parse_qsl(parts.query))
        chat = query.get("chat_id", "")
        if not chat:
            raise _Unusable(
                msg("Alerts", "Add the chat to the Telegram URL: https://api.telegram.org/?chat_id=123456789")
            )
        base = urllib.parse.urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))
        url = f"{base}/bot{secret}/sendMessage"
        body = {"chat_id": chat, "text": clip(text, TELEGRAM_MAX), "disable_web_page_preview": True}
    elif kind == "feishu":
        body = {"msg_type": "text", "content": {"text": text}}
        if secret:
            stamp = str(int(now))
            body = {"timestamp": stamp, "sign": feishu_sign(secret, stamp), **body}
    elif kind == "dingtalk":
        body = {"msgtype": "text", "text": {"content": text}}
        if secret:
            stamp = str(int(now * 1000))
            sep = "&" if urllib.parse.urlsplit(url).query else "?"
            url = f"{url}{sep}timestamp={stamp}&sign={urllib.parse.quote_plus(dingtalk_sign(secret, stamp))}"
    elif kind == "wecom":
        body = {"msgtype": "text", "text": {"content": _utf8_clip(text, WECOM_MAX_BYTES)}}
    else:
        raise _Unusable(msg("Alerts", "A {kind} channel is not sent over HTTP.", kind=kind))
    return "POST", url, headers, json.dumps(body, ensure_ascii=False).encode("utf-8")


def feishu_sign(secret: str, timestamp: str) -> str:
    """Feishu/Lark: base64(HMAC-SHA256 keyed with "timestamp\\nsecret" over an empty message)."""
    key = f"{timestamp}\n{secret}".encode()
    return base64.b64encode(hmac.new(key, b"", hashlib.sha256).digest()).decode()


def dingtalk_sign(secret: str, timestamp: str) -> str:
    """DingTalk: base64(HMAC-SHA256 keyed with the secret over "timestamp\\nsecret") (URL-encode it in the query)."""
    data = f"{timestamp}\n{secret}".encode()
    return base64.b64encode(hmac.new(secret.encode(), data, hashlib.sha256).digest()).decode()


class _Unusable(Exception):
    """The channel's own definition is incomplete: trying again will not help."""


def _post(
    channel: Channel, url: str, headers: dict[str, str], body: bytes, timeout: float, secrets: list[str]
) -> Answer:
    import requests

    try:
        response = requests.post(url, data=body, headers=headers, timeout=timeout, allow_redirects=False)
    except requests.Timeout:
        return Answer(False, msg("Alerts", "no answer within {s:.0f} s", s=timeout), retry=True)
    except requests.RequestException as exc:
        return Answer(
            False, _safe(msg("Alerts", "could not reach it: {error}", error=_describe(exc)), secrets), retry=True
        )
    status = response.status_code
    raw = response.text[:2000] if response.content else ""
    if status >= 300:
        retry = status >= 500 or status in (408, 429)
        return Answer(
            False,
            _safe(
                msg(
                    "Alerts", "HTTP {status}: {answer}", status=status, answer=clip(raw.strip(), 300) or response.reason
                ),
                secrets,
            ),
            retry=retry,
        )
    # The group bots answer HTTP 200 with an error code in the body.
    data: JSON = None
    try:
        data = json.loads(raw) if raw else None
    except ValueError:
        data = None
    if isinstance(data, dict):
        code = data.get("errcode", data.get("code", data.get("StatusCode", 0)))
        if channel.kind == "telegram" and data.get("ok") is False:
            return Answer(
                False,
                _safe(
                    msg("Alerts", "Telegram said: {answer}", answer=clip(str(data.get("description", "")), 300)),
                    secrets,
                ),
            )
        if channel.kind in ("feishu", "dingtalk", "wecom") and code not in (0, None, "0"):
            words = data.get("errmsg") or data.get("msg") or data.get("StatusMessage") or ""
            return Answer(
                False, _safe(msg("Alerts", "error {code}: {answer}", code=code, answer=clip(str(words), 300)), secrets)
            )
    return Answer(True, msg("Alerts", "accepted (HTTP {status})", status=status))


def _smtp(channel: Channel, alert: Alert, secret: str | None, url: str, timeout: float) -> Answer:
    parts = urllib.parse.urlsplit(url)
    query = dict(urllib.parse.parse_qsl(parts.query))
    password = parts.password or secret
    user = urllib.parse.unquote(parts.username or "")
    host = parts.hostname or ""
    implicit = parts.scheme == "smtps"
    port = parts.port or (465 if implicit else 587)
    if query.get("tls") == "none" and not implicit and host not in ("localhost", "127.0.0.1", "::1"):
        # plain SMTP only to a relay on this machine: a password never crosses a network in clear
        raise _Unusable(msg("Alerts", "tls=none is allowed only for a mail relay on this computer (localhost)."))
    to = [a.strip() for a in query.get("to", "").split(",") if a.strip()]
    sender = query.get("from") or (user if "@" in user else f"gpudesk@{host}")
    mail = EmailMessage()
    mail["Subject"] = alert.title
    mail["From"] = sender
    mail["To"] = ", ".join(to)
    mail["Date"] = formatdate(localtime=True)
    mail["Message-ID"] = make_msgid(domain="gpudesk")
    mail.set_content(alert.text or alert.title)
    # ?cafile=PATH trusts a private CA (a relay on the user's own network) on top of the system's
    context = ssl.create_default_context(cafile=query.get("cafile") or None)
    if query.get("tls") == "insecure":  # a self-signed relay on the user's own network, chosen explicitly
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    secrets = [s for s in (password, secret) if s]
    try:
        client: smtplib.SMTP
        if implicit:
            client = smtplib.SMTP_SSL(host, port, timeout=timeout, context=context)
        else:
            client = smtplib.SMTP(host, port, timeout=timeout)
        with client:
            client.ehlo()
            if not implicit and query.get("tls") != "none":  # "none": a relay on this machine, checked above
                client.starttls(context=context)
                client.ehlo()
            if user and password:
                client.login(user, password)
            refused = client.send_message(mail)
    except smtplib.SMTPAuthenticationError as exc:
        return Answer(
            False, _safe(msg("Alerts", "the mail server refused the login ({code})", code=exc.smtp_code), secrets)
        )
    except smtplib.SMTPResponseException as exc:
        retry = 400 <= exc.smtp_code < 500
        words = exc.smtp_error.decode("utf-8", "replace") if isinstance(exc.smtp_error, bytes) else str(exc.smtp_error)
        return Answer(
            False,
            _safe(
                msg("Alerts", "the mail server said {code}: {answer}", code=exc.smtp_code, answer=clip(words, 300)),
                secrets,
            ),
            retry=retry,
        )
    except (OSError, smtplib.SMTPException) as exc:
        return Answer(
            False,
            _safe(msg("Alerts", "could not reach the mail server: {error}", error=_describe(exc)), secrets),
            retry=True,
        )
    if refused:
        return Answer(False, msg("Alerts", "the mail server refused {count} recipient(s)", count=len(refused)))
    return Answer(True, msg("Alerts", "accepted by the mail server"))


def _tags(alert: Alert) -> list[str]:
    # ntfy turns known tag names into emoji (https://docs.ntfy.sh/publish/#tags-emojis)
    emoji = {
        "job_finished": "white_check_mark",
        "job_failed": "x",
        "idle_prompt": "hourglass",
        "stop_unconfirmed": "warning",
        "guard_acted": "shield",
        "instance_gone": "rotating_light",
        "credit_low": "money_with_wings",
        "budget_near": "moneybag",
        "gpu_in_stock": "tada",
        "test": "bell",
    }
    return [emoji.get(alert.event, "bell"), "gpudesk"]


def _header_text(text: str) -> str:
    try:
        text.encode("latin-1")
        return text.replace("\r", " ").replace("\n", " ")
    except UnicodeEncodeError:
        encoded = Header(text.replace("\r", " ").replace("\n", " "), "utf-8").encode()
        # A long title is folded into lines ("\n "); a header value is one line: the encoded words, space apart
        # (RFC 2047 decoders drop the space between two encoded words).
        return " ".join(part.strip() for part in encoded.splitlines())


def _utf8_clip(text: str, limit: int) -> str:
    data = text.encode("utf-8")
    if len(data) <= limit:
        return text
    return data[: limit - 3].decode("utf-8", "ignore") + "…"


def _describe(exc: BaseException) -> str:
    if isinstance(exc, _Unusable):
        return str(exc.args[0])
    text = str(exc) or exc.__class__.__name__
    if "Caused by " in text:  # urllib3's "Max retries exceeded with url: … (Caused by NewConnectionError(…: reason))"
        cause = text.split("Caused by ", 1)[1]
        kind = cause.split("(", 1)[0]
        reason = cause.rsplit(": ", 1)[-1].rstrip("')\" ")
        text = f"{kind}: {reason}" if reason and reason != cause else kind
    return clip(text, 300)


def _safe(text: str, secrets: list[str]) -> str:
    """Scrubbed of the channel's own secrets (also URL-encoded) and of anything that looks like one."""
    out = str(text)
    for secret in secrets:
        for form in {secret, urllib.parse.quote(secret, safe=""), urllib.parse.quote_plus(secret)}:
            if form:
                out = out.replace(form, "***")
    return clip(scrub_text(out), 400)


__all__ = ["Answer", "deliver", "dingtalk_sign", "feishu_sign", "prepare"]
