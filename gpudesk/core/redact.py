"""What counts as a secret in names and text, and how it is hidden (one rule for logs, zips and bundles)."""

from __future__ import annotations

import re
from collections.abc import Mapping

REDACTED = "***"

# Names such as HF_TOKEN, WANDB_API_KEY, AWS_SECRET_ACCESS_KEY, DB_PASSWORD, GITHUB_PAT, OPENAI_APIKEY.
_SECRET_NAME = re.compile(
    r"(?i)(token|secret|passw(or)?d|passphrase|api_?key|access_?key|private_?key|credential|auth|cookie|session_?key|(^|_)pat$|(^|_)key$)"
)


def is_secret_name(name: str) -> bool:
    """True when an environment variable or field name looks like it holds a secret."""
    return bool(_SECRET_NAME.search(str(name)))


def redact_env(env: Mapping[str, str]) -> dict[str, str]:
    """A copy of ``env`` whose secret-looking values are replaced by ``***``."""
    return {str(k): (REDACTED if is_secret_name(k) and str(v) else str(v)) for k, v in env.items()}


# ---- free text (log lines, tracebacks, settings values) -------------------------------------

_KEY_BLOCK = re.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|\Z)", re.S)
_KEY_END = re.compile(r"-----END [A-Z0-9 ]*PRIVATE KEY-----")
_BASE64_LINE = re.compile(r"[A-Za-z0-9+/=]{16,}\r?")
_PPK_LINES = re.compile(r"(?m)^(Private-Lines:[ \t]*\d+\r?\n)(?:[A-Za-z0-9+/=]+(?:\r?\n|\Z))+")
_URL_USERINFO = re.compile(r"(?<=://)([^/\s:@]+):([^/\s@]+)@")
_SCHEME_TOKEN = re.compile(r"\b(Bearer|Basic|Token)([ \t]+)([A-Za-z0-9\-._~+/]{8,}=*)")
# Token shapes that are secret wherever they appear (Hugging Face, GitHub, OpenAI/Stripe, Slack, AWS, JWT).
_KNOWN_TOKENS = re.compile(
    r"\b(?:hf_[A-Za-z0-9]{30,}|gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,}"
    r"|sk-(?:proj-|live-|test-)?[A-Za-z0-9_\-]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}"
    r"|eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})"
)
# `name = value`, `"name": value`, `\"name\": value` (JSON inside a JSON string), `--name value`.
_ASSIGN = re.compile(
    r"""(?<![\w.])(?:(?P<q>\\*["']?)(?P<name>[A-Za-z_][\w.\-]*)(?P=q)[ \t]*(?P<sep>[:=])[ \t]*"""
    r"""|(?<!\S)--(?P<flag>[A-Za-z][\w\-]*)[ \t]+(?=[^\s\-]))"""
)
_OPEN_QUOTE = re.compile(r"""(\\*)(["'])""")
_AUTH_SCHEME = re.compile(r"(?i)(Bearer|Basic|Digest|Token|Negotiate|NTLM|AWS4-HMAC-SHA256)[ \t]+")
_LITERAL = re.compile(r"(?i)(true|false|null|none|\*\*\*)(?![\w\-+/=.])")


def _secret_field(name: str) -> bool:
    # X-Api-Key, proxy.password and HF_TOKEN all name secrets.
    return is_secret_name(name.replace("-", "_").replace(".", "_"))


def _closes(run: int, depth: int) -> bool:
    """A quote after ``run`` backslashes ends a value opened by ``depth`` backslashes and a quote.

    Opened by ``"`` it ends at an even run; by ``\\"`` (JSON inside a JSON string) at runs of
    1, 5, 9 …; by ``\\\\\\"`` at 3, 11, … — every deeper run is an escaped quote inside the value.
    """
    width = depth + 1
    if width & (width - 1):  # not 2**n - 1 backslashes: no known escaping, take it literally
        return run == depth
    return run % (2 * width) == depth


def _quoted_end(text: str, start: int, depth: int, quote: str) -> int:
    """Index of the closing quote's backslash run, or -1 when the value runs off its line."""
    i = start
    line_end = text.find("\n", start)
    limit = len(text) if line_end < 0 else line_end
    while True:
        i = text.find(quote, i, limit)
        if i < 0:
            return -1
        run = 0
        while i - run - 1 >= start and text[i - run - 1] == "\\":
            run += 1
        if _closes(run, depth):
            return i - depth
        i += 1


def _line_end(text: str, start: int) -> int:
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    return end - 1 if end > start and text[end - 1] == "\r" else end


def _hide_value(text: str, start: int, sep: str, in_url: bool, out: list[str]) -> int:
    """Append the hidden form of the value starting at ``start``; return where scanning resumes."""
    opening = _OPEN_QUOTE.match(text, start)
    if opening:
        depth, quote = len(opening.group(1)), opening.group(2)
        body = opening.end()
        end = _quoted_end(text, body, depth, quote)
        if end == body:  # an empty string hides nothing
            out.append(text[start:body])
            return body
        out.append(text[start:body] + REDACTED)
        return _line_end(text, body) if end < 0 else end
    literal = _LITERAL.match(text, start)
    if literal:
        out.append(literal.group(0))
        return literal.end()
    if sep == ":":
        # A header or YAML-like line: the value is the rest of the line (keep an auth scheme's name).
        scheme = _AUTH_SCHEME.match(text, start)
        keep = scheme.end() if scheme else start
        end = _line_end(text, keep)
        if end > keep:
            out.append(text[start:keep] + REDACTED)
            return end
        out.append(text[start:keep])
        return keep
    stop = re.compile(r"[\s&#\"'<>]" if in_url else r"\s").search(text, start)
    end = stop.start() if stop else len(text)
    if end > start:
        out.append(REDACTED)
    return end


def _hide_assignments(text: str) -> str:
    out: list[str] = []
    pos = 0
    while True:
        match = _ASSIGN.search(text, pos)
        if not match:
            out.append(text[pos:])
            return "".join(out)
        out.append(text[pos : match.end()])
        name = match.group("name") or match.group("flag")
        if not _secret_field(name):
            pos = match.end()
            continue
        before = text[match.start() - 1] if match.start() else ""
        sep = match.group("sep") or " "
        pos = _hide_value(text, match.end(), sep, before in "?&;" and before != "", out)


def _hide_scheme_token(match: re.Match[str]) -> str:
    token = match.group(3)
    if match.group(1) != "Bearer" and not re.search(r"[0-9+/=_\-.~]|[A-Z]", token[1:]):
        return match.group(0)  # "Basic authentication", "Token validation": words, not credentials
    return f"{match.group(1)}{match.group(2)}{REDACTED}"


def _hide_key_tails(text: str) -> str:
    """Remove the end of a key whose first lines were cut off (a log tail, a wrapped message)."""
    out: list[str] = []
    pos = 0
    for end in _KEY_END.finditer(text):
        if end.start() < pos:
            continue
        start = end.start()
        # Walk back over whole base64 lines (linear: each line is looked at once).
        while start > pos and text[start - 1] == "\n":
            line_start = text.rfind("\n", pos, start - 1) + 1 or pos
            line_start = max(line_start, pos)
            if not _BASE64_LINE.fullmatch(text, line_start, start - 1):
                break
            start = line_start
        if start == end.start():
            continue  # a lone END line: nothing of the key is left to hide
        out.append(text[pos:start] + "[private key removed]")
        pos = end.end()
    out.append(text[pos:])
    return "".join(out)


def scrub_text(text: str) -> str:
    """``text`` with passwords, tokens, auth headers and private keys replaced by ``***``."""
    text = _KEY_BLOCK.sub("[private key removed]", text)
    text = _hide_key_tails(text)
    text = _PPK_LINES.sub(lambda m: m.group(1) + "[private key removed]\n", text)
    text = _URL_USERINFO.sub(lambda m: f"{m.group(1)}:{REDACTED}@", text)
    text = _SCHEME_TOKEN.sub(_hide_scheme_token, text)
    text = _KNOWN_TOKENS.sub(REDACTED, text)
    return _hide_assignments(text)
