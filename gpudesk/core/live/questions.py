"""Questions a connection asks while its IO thread waits: a new host key, a 2FA code, a late password.

The link's IO thread makes a question, publishes it on ``link.question`` and waits on it. Whoever
shows it (a dialog, a test, a CLI prompt) calls ``question.answer(...)`` from any thread; the first
answer wins and later ones are ignored. ``cancel()`` gives the refusing answer (reject the key, no
code, no password), which is what ``Link.cancel()`` does to every open question.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from gpudesk.core.ssh.connection import PromptQuestion
    from gpudesk.core.ssh.errors import ConnectError
    from gpudesk.core.ssh.hostkeys import HostKeyQuestion


class Question:
    """Something the IO thread waits on; answered once, from any thread."""

    kind: ClassVar[str] = "question"
    #: the answer that refuses (given by cancel(), and when nobody listens)
    refusal: ClassVar[Any] = None

    def __init__(self) -> None:
        self._done = threading.Event()
        self._lock = threading.Lock()
        self._value: Any = self.refusal
        self.cancelled = False

    def answer(self, value: Any) -> bool:
        """Give the answer; False when the question was answered (or cancelled) before."""
        with self._lock:
            if self._done.is_set():
                return False
            self._value = self._check(value)
            self._done.set()
            return True

    def cancel(self) -> None:
        with self._lock:
            if self._done.is_set():
                return
            self.cancelled = True
            self._value = self.refusal
            self._done.set()

    @property
    def answered(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> Any:
        """Block until answered (the IO thread); the refusal when ``timeout`` passed first."""
        if not self._done.wait(timeout):
            return self.refusal
        return self._value

    def _check(self, value: Any) -> Any:
        return value


class HostKeyAsk(Question):
    """A server whose key is not known yet: "always", "once" or "reject"."""

    kind = "host_key"
    refusal = "reject"
    CHOICES = ("always", "once", "reject")

    def __init__(self, question: HostKeyQuestion) -> None:
        super().__init__()
        self.question = question

    @property
    def host(self) -> str:
        return self.question.host

    @property
    def port(self) -> int:
        return self.question.port

    @property
    def fingerprint(self) -> str:
        return self.question.fingerprint

    def _check(self, value: Any) -> Any:
        # Anything but a clear yes is a no: a typo must never trust a key.
        return value if value in self.CHOICES else "reject"


class PromptAsk(Question):
    """A keyboard-interactive round (a 2FA code, a second password): one string per prompt, or None."""

    kind = "prompt"

    def __init__(self, question: PromptQuestion) -> None:
        super().__init__()
        self.question = question

    def _check(self, value: Any) -> Any:
        if value is None:
            return None
        answers = [str(v) for v in value]
        if len(answers) != len(self.question.prompts):
            return None  # a wrong number of answers is a cancel, never a half login
        return answers


class PasswordAsk(Question):
    """The password, asked once the server answered and its key checked out; ``reason`` is the last failure."""

    kind = "password"

    def __init__(self, reason: ConnectError | None = None) -> None:
        super().__init__()
        self.reason = reason

    def _check(self, value: Any) -> Any:
        return None if value is None else str(value)

    def __repr__(self) -> str:  # never show a typed password
        return f"<PasswordAsk answered={self.answered}>"


__all__ = ["HostKeyAsk", "PasswordAsk", "PromptAsk", "Question"]
