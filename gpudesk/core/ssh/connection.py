"""Connection: one SSH transport to one server, with typed errors and drop detection.

Blocking by design (paramiko is blocking): the UI runs :meth:`Connection.connect` on the
connection's own worker thread. Questions (an unknown host key) go to a callback that
returns the answer; the core never opens a window.
"""

from __future__ import annotations

import errno
import os
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import paramiko

from gpudesk.core.i18n import msg
from gpudesk.core.ssh import errors as E
from gpudesk.core.ssh.agent import forwarding_problem as agent_forwarding_problem
from gpudesk.core.ssh.hostkeys import HostKeyQuestion, HostKeyRevoked, HostKeyStore, Verdict, order_algorithms
from gpudesk.core.ssh.keepalive import Keepalive, probe_interval
from gpudesk.core.ssh.keys import fingerprint, load_key_file, load_key_text
from gpudesk.core.ssh.proxy import CommandPipe, ProxySpec, open_via_proxy

# Large windows keep bulk transfers from stalling on flow control; GCM ciphers are the
# fastest paramiko offers with AES-NI, so they go first.
WINDOW_SIZE = 16 * 1024 * 1024
MAX_PACKET_SIZE = 32768
PREFERRED_CIPHERS = (
    "aes128-gcm@openssh.com",
    "aes256-gcm@openssh.com",
    "aes128-ctr",
    "aes192-ctr",
    "aes256-ctr",
)

AskHostKey = Callable[[HostKeyQuestion], str]


@dataclass
class PromptQuestion:
    """A keyboard-interactive round (a 2FA code, a second password) for the UI to answer.

    ``prompts`` are ``(text, echo)`` pairs; the answer is one string per prompt, or ``None``
    to cancel.
    """

    title: str
    instructions: str
    prompts: list[tuple[str, bool]]


AskPrompt = Callable[[PromptQuestion], "list[str] | None"]
#: Asked for the password once the server answered and its host key was checked: called with
#: ``None`` the first time, with the failure after a wrong one; returns the password, or ``None`` to cancel.
AskPassword = Callable[["E.ConnectError | None"], "str | None"]
#: Passwords asked on one connection before giving up (OpenSSH's NumberOfPasswordPrompts).
PASSWORD_PROMPTS = 3


class WrongPassword(E.AuthenticationFailed):
    """The server refused this password (it may take another on the same connection)."""


@dataclass
class Credentials:
    """How to log in. Secrets are held in memory only for the duration of a connect."""

    method: str = "password"  # password | key_file | stored_key | agent
    password: str | None = None
    identity_file: str = ""
    key_text: str | None = None  # the private key itself (stored_key)
    passphrase: str | None = None

    def __repr__(self) -> str:  # never print secrets
        return f"Credentials(method={self.method!r}, identity_file={self.identity_file!r})"


@dataclass
class Target:
    host: str
    port: int = 22
    username: str = "root"
    timeout_s: float = 15.0
    keepalive_s: int = 15
    dead_after_s: float = 30.0  # no packet from the server this long: the link is dead (0 = never)
    proxy: ProxySpec | None = None
    forward_agent: bool = False  # let the server use this computer's SSH agent (ForwardAgent)


@dataclass
class ExecResult:
    exit_code: int
    stdout: bytes
    stderr: bytes

    @property
    def out(self) -> str:
        return self.stdout.decode("utf-8", errors="replace")

    @property
    def err(self) -> str:
        return self.stderr.decode("utf-8", errors="replace")


@dataclass
class ConnectionInfo:
    host_key_type: str = ""
    host_key_fingerprint: str = ""
    cipher: str = ""
    server_version: str = ""
    connected_at: float = field(default_factory=time.time)


class Connection:
    """An authenticated SSH transport.

    Args:
        target: where to connect.
        credentials: how to log in.
        host_keys: the trust store.
        ask_host_key: called with a :class:`HostKeyQuestion` for a new server; returns
            "once", "always" or "reject". ``None`` means "reject unknown keys".
        on_drop: called once (from a monitor thread) when an established connection dies, also
            when the server stayed silent past ``target.dead_after_s`` (the transport is then closed,
            so every shell, SFTP or command on it ends with an error instead of hanging).
        ask_password: for password login without a password: asked only after the server answered
            and its host key was checked, so a wrong port, an unknown name or a changed key fail
            before anyone types a password; asked again (on the same connection) after a wrong one.
    """

    def __init__(
        self,
        target: Target,
        credentials: Credentials,
        host_keys: HostKeyStore,
        ask_host_key: AskHostKey | None = None,
        on_drop: Callable[[str], None] | None = None,
        via: Connection | None = None,
        ask_prompt: AskPrompt | None = None,
        ask_password: AskPassword | None = None,
    ) -> None:
        self.ask_prompt = ask_prompt
        self.ask_password = ask_password
        self.target = target
        self.via = via  # a jump host (ProxyJump): we tunnel through it and close it with us
        self.credentials = credentials
        self.host_keys = host_keys
        self.ask_host_key = ask_host_key
        self.on_drop = on_drop
        self.transport: paramiko.Transport | None = None
        self.info = ConnectionInfo()
        self._sock: socket.socket | CommandPipe | paramiko.Channel | None = None
        self._cancelled = threading.Event()
        self._closing = False
        self._dropped = False
        self._monitor: threading.Thread | None = None
        self._keepalive: Keepalive | None = None
        self._remaining: list[str] = []
        #: A second door to a server known elsewhere (a provider's gateway): the key it presents must be one
        #: already trusted for this address or for the target itself; anything else is a changed key.
        self.same_server_as: tuple[str, int] | None = None

    # -- connect -------------------------------------------------------------
    def connect(self) -> Connection:
        try:
            self._connect()
        except E.ConnectError:
            self._teardown()
            if self._cancelled.is_set():
                raise E.Cancelled(msg("ConnectError", "Connecting was cancelled.")) from None
            raise
        except BaseException:
            self._teardown()
            if self._cancelled.is_set():
                raise E.Cancelled(msg("ConnectError", "Connecting was cancelled.")) from None
            raise
        finally:
            # The password/passphrase are no longer needed once we are in (or out).
            self.credentials.password = None
            self.credentials.passphrase = None
            self.credentials.key_text = None
        return self

    def cancel(self) -> None:
        """Abort a connect in progress from any thread."""
        self._cancelled.set()
        self._teardown()
        if self.via is not None:
            self.via.cancel()

    def _check_cancel(self) -> None:
        if self._cancelled.is_set():
            raise E.Cancelled(msg("ConnectError", "Connecting was cancelled."))

    def _connect(self) -> None:
        t = self.target
        where = f"{t.host}:{t.port}"
        if self.via is not None:
            self._sock = self._open_tunnel()
        elif t.proxy is not None and t.proxy.kind:
            self._sock = open_via_proxy(t.proxy, t.host, t.port, t.username, t.timeout_s)
            if isinstance(self._sock, socket.socket):
                self._sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        else:
            self._sock = self._open_socket()
        self._check_cancel()
        transport = paramiko.Transport(
            self._sock, default_window_size=WINDOW_SIZE, default_max_packet_size=MAX_PACKET_SIZE
        )
        opts = transport.get_security_options()
        opts.ciphers = tuple(c for c in PREFERRED_CIPHERS if c in opts.ciphers) + tuple(
            c for c in opts.ciphers if c not in PREFERRED_CIPHERS
        )
        # As OpenSSH orders HostKeyAlgorithms: ask first for the key types we already know for
        # this host, so a server with several host keys shows the one we can check.
        opts.key_types = order_algorithms(opts.key_types, self.host_keys.known_key_types(t.host, t.port))
        transport.banner_timeout = t.timeout_s
        self.transport = transport
        started = time.monotonic()
        try:
            transport.start_client(timeout=t.timeout_s)
        except (paramiko.SSHException, EOFError, OSError) as exc:
            self._check_cancel()
            text = E.reason(exc)
            cause = exc.__context__ or exc.__cause__
            timed_out = isinstance(exc, TimeoutError) or isinstance(cause, TimeoutError)
            if timed_out or time.monotonic() - started >= t.timeout_s * 0.9:
                text += " (timed out)"
            if timed_out or "timed out" in text or "timeout" in text.lower():
                raise E.ConnectTimeout(
                    msg(
                        "ConnectError",
                        "{address} did not finish the SSH handshake in {seconds:.0f} s. "
                        "The network may be stalled, or the server is overloaded.",
                        address=where,
                        seconds=t.timeout_s,
                    )
                ) from None
            if "Error reading SSH protocol banner" in text or isinstance(exc, EOFError):
                raise E.ServerClosed(
                    msg(
                        "ConnectError",
                        "{address} accepted the connection but closed it before speaking SSH. "
                        "Check the port (is it the SSH port?) and that the server is up.",
                        address=where,
                    )
                ) from None
            raise E.ServerClosed(
                msg("ConnectError", "The SSH handshake with {address} failed: {error}.", address=where, error=text)
            ) from None
        self._check_cancel()
        if not getattr(transport, "initial_kex_done", False):  # start_client returns quietly on timeout
            raise E.ConnectTimeout(
                msg(
                    "ConnectError",
                    "{address} accepted the connection but did not finish the SSH handshake in {seconds:.0f} s. "
                    "The network may be stalled, or the server is overloaded.",
                    address=where,
                    seconds=t.timeout_s,
                )
            )
        self._verify_host_key(transport)
        self._check_cancel()
        self._authenticate(transport)
        interval = probe_interval(t.keepalive_s, t.dead_after_s)
        if interval:
            self._keepalive = Keepalive(transport, interval, t.dead_after_s)
        self.info.cipher = transport.remote_cipher
        self.info.server_version = transport.remote_version
        self.info.connected_at = time.time()
        self._monitor = threading.Thread(target=self._watch, name=f"ssh-monitor {where}", daemon=True)
        self._monitor.start()

    def _open_tunnel(self) -> paramiko.Channel:
        """Reach the target through the jump host with a direct-tcpip channel (what ProxyJump does)."""
        t = self.target
        via = self.via
        assert via is not None
        if not via.is_alive:
            via.connect()
        self._check_cancel()
        try:
            return via._require().open_channel("direct-tcpip", (t.host, t.port), ("127.0.0.1", 0), timeout=t.timeout_s)
        except paramiko.ChannelException as exc:
            raise E.ConnectionRefused(
                msg(
                    "ConnectError",
                    "The jump host {jump} could not reach {address} ({error}). "
                    "Check the address as seen from the jump host.",
                    jump=via.target.host,
                    address=f"{t.host}:{t.port}",
                    error=str(exc.text),
                )
            ) from None
        except (paramiko.SSHException, EOFError, OSError) as exc:
            raise E.ConnectTimeout(
                msg(
                    "ConnectError",
                    "The jump host {jump} did not open a tunnel: {error}.",
                    jump=via.target.host,
                    error=str(exc),
                )
            ) from None

    def _open_socket(self) -> socket.socket:
        t = self.target
        where = f"{t.host}:{t.port}"
        try:
            infos = socket.getaddrinfo(t.host, t.port, type=socket.SOCK_STREAM)
        except socket.gaierror:
            raise E.HostNotFound(
                msg(
                    "ConnectError",
                    "The server name '{host}' could not be found. Check the spelling and your internet connection.",
                    host=t.host,
                )
            ) from None
        last: OSError | None = None
        deadline = time.monotonic() + t.timeout_s
        for family, type_, proto, _, addr in infos:
            sock = socket.socket(family, type_, proto)
            sock.settimeout(max(0.1, deadline - time.monotonic()))
            try:
                sock.connect(addr)
            except TimeoutError:
                sock.close()
                raise E.ConnectTimeout(
                    msg(
                        "ConnectError",
                        "{address} did not answer within {seconds:.0f} s. The server may be off, "
                        "or a firewall blocks the port.",
                        address=where,
                        seconds=t.timeout_s,
                    )
                ) from None
            except OSError as exc:
                sock.close()
                last = exc
                continue
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
            sock.settimeout(None)
            return sock
        self._check_cancel()
        if isinstance(last, ConnectionRefusedError) or (last and last.errno == errno.ECONNREFUSED):
            raise E.ConnectionRefused(
                msg(
                    "ConnectError",
                    "{address} refused the connection: nothing listens on port {port}. "
                    "Check the port number, and that the server is running.",
                    address=where,
                    port=t.port,
                )
            )
        reason = os.strerror(last.errno) if last and last.errno else str(last)
        raise E.ConnectTimeout(msg("ConnectError", "Could not reach {address}: {error}.", address=where, error=reason))

    def _verify_host_key(self, transport: paramiko.Transport) -> None:
        t = self.target
        key = transport.get_remote_server_key()
        fp = fingerprint(key)
        self.info.host_key_type = key.get_name()
        self.info.host_key_fingerprint = fp
        verdict, known = self.host_keys.check(t.host, t.port, key)
        if verdict is Verdict.KNOWN:
            return
        if self.same_server_as is not None and verdict is not Verdict.REVOKED:
            self._verify_same_server(key, fp, known)
            return
        if verdict is Verdict.REVOKED:
            raise HostKeyRevoked(
                msg(
                    "ConnectError",
                    "WARNING: {address} presented the host key {fingerprint}, which is marked as REVOKED "
                    "in your known_hosts. The connection was closed and nothing was sent. "
                    "Ask your provider for the server's current key.",
                    address=f"{t.host}:{t.port}",
                    fingerprint=fp,
                )
            )
        if verdict is Verdict.CHANGED:
            known_types = self.host_keys.known_key_types(t.host, t.port)
            if key.get_name() not in known_types:
                raise E.HostKeyChanged(
                    msg(
                        "ConnectError",
                        "WARNING: the host key of {address} has CHANGED.\n"
                        "It is known by a key of type {known_type} ({known}); the server now sent a key of "
                        "type {key_type} ({fingerprint}).\n"
                        "Someone may be intercepting the connection, or the server was reinstalled. "
                        "Connect only after you confirm the new key with your provider.",
                        address=f"{t.host}:{t.port}",
                        known_type=", ".join(known_types),
                        known=known,
                        key_type=key.get_name(),
                        fingerprint=fp,
                    ),
                    t.host,
                    t.port,
                    fp,
                    known,
                )
            raise E.HostKeyChanged(
                msg(
                    "ConnectError",
                    "WARNING: the host key of {address} has CHANGED.\n"
                    "Expected {known}, the server sent {fingerprint}.\n"
                    "Someone may be intercepting the connection, or the server was reinstalled. "
                    "Connect only after you confirm the new key with your provider.",
                    address=f"{t.host}:{t.port}",
                    known=known,
                    fingerprint=fp,
                ),
                t.host,
                t.port,
                fp,
                known,
            )
        if self.ask_host_key is None:
            raise E.HostKeyUnknown(
                msg(
                    "ConnectError",
                    "{address} is a new server (key {fingerprint}); it is not trusted yet.",
                    address=f"{t.host}:{t.port}",
                    fingerprint=fp,
                ),
                fp,
            )
        answer = self.ask_host_key(HostKeyQuestion(t.host, t.port, key.get_name(), fp))
        self._check_cancel()
        if answer == "always":
            self.host_keys.add(t.host, t.port, key)
        elif answer == "once":
            self.host_keys.trust_once(t.host, t.port, key)
        else:
            raise E.HostKeyRejected(
                msg(
                    "ConnectError",
                    "You did not trust the key of {address}; the connection was closed.",
                    address=f"{t.host}:{t.port}",
                )
            )

    def _verify_same_server(self, key: paramiko.PKey, fp: str, known: str) -> None:
        """A gateway passes only with a key trusted for the server it leads to; never as a new server."""
        t = self.target
        assert self.same_server_as is not None
        host, port = self.same_server_as
        direct, direct_known = self.host_keys.check(host, port, key)
        if direct is Verdict.KNOWN:
            self.host_keys.trust_once(t.host, t.port, key)  # for this connection's reconnects only
            return
        if direct is Verdict.REVOKED:
            raise HostKeyRevoked(
                msg(
                    "ConnectError",
                    "WARNING: {address} presented the host key {fingerprint}, which is marked as REVOKED "
                    "in your known_hosts. The connection was closed and nothing was sent. "
                    "Ask your provider for the server's current key.",
                    address=f"{t.host}:{t.port}",
                    fingerprint=fp,
                )
            )
        expected = known or direct_known or ", ".join(k.fingerprint for k in self.host_keys.known_keys(host, port))
        raise E.HostKeyChanged(
            msg(
                "ConnectError",
                "WARNING: the provider's gateway {address} presented the host key {fingerprint}, which is not "
                "a key trusted for {server}. The connection was closed and nothing was sent.\n"
                "A gateway must show the same server you already trust. Someone may be intercepting the "
                "connection; connect only after you confirm the key with your provider.",
                address=f"{t.host}:{t.port}",
                fingerprint=fp,
                server=f"{host}:{port}",
            ),
            t.host,
            t.port,
            fp,
            expected,
        )

    def _authenticate(self, transport: paramiko.Transport) -> None:
        c = self.credentials
        user = self.target.username
        try:
            if c.method == "password":
                self._login_with_password(transport, user, c.password)
            elif c.method in ("key_file", "stored_key"):
                if c.method == "key_file":
                    key = load_key_file(c.identity_file, c.passphrase)
                else:
                    if not c.key_text:
                        raise E.KeyFileError(
                            msg("ConnectError", "The key stored for this session is missing from the keyring.")
                        )
                    key = load_key_text(c.key_text, c.passphrase)
                self._auth_key(transport, user, key)
            elif c.method == "agent":
                self._auth_agent(transport, user)
            else:
                raise E.ConnectError(msg("ConnectError", "Unknown login method '{method}'.", method=c.method))
            self._further_factors(transport, user)
        except (paramiko.SSHException, EOFError, OSError) as exc:
            if isinstance(exc, paramiko.AuthenticationException):
                raise
            self._check_cancel()
            raise E.ServerClosed(
                msg("ConnectError", "The server closed the connection during login ({error}).", error=E.reason(exc))
            ) from None

    def _ask(self, question: PromptQuestion) -> list[str]:
        if self.ask_prompt is None:
            raise E.AuthenticationFailed(
                msg(
                    "ConnectError",
                    "The server asks for more ({step}), which cannot be answered here.",
                    step=question.title or msg("ConnectError", "a verification step"),
                )
            )
        answers = self.ask_prompt(question)
        self._check_cancel()
        if answers is None:
            raise E.Cancelled(msg("ConnectError", "Login was cancelled."))
        return answers

    def _interactive_handler(self, password: str | None) -> Callable[[str, str, list[tuple[str, bool]]], list[str]]:
        """Answer password prompts with the password we have; ask the user for anything else (2FA codes)."""

        def handler(title: str, instructions: str, prompts: list[tuple[str, bool]]) -> list[str]:
            if not prompts:
                return []
            if password is not None and len(prompts) == 1 and "password" in prompts[0][0].lower():
                return [password]
            return self._ask(PromptQuestion(title or "Verification", instructions, list(prompts)))

        return handler

    def _further_factors(self, transport: paramiko.Transport, user: str) -> None:
        """Servers with AuthenticationMethods may want a second step after the first succeeded."""
        rounds = 0
        while not transport.is_authenticated():
            rounds += 1
            if rounds > 3:
                raise E.AuthenticationFailed(
                    msg("ConnectError", "The server keeps asking for more login steps; giving up.")
                )
            remaining = getattr(self, "_remaining", [])
            try:
                if "keyboard-interactive" in remaining:
                    self._remaining = transport.auth_interactive(user, self._interactive_handler(None))
                elif "password" in remaining:
                    answer = self._ask(
                        PromptQuestion(
                            msg("ConnectError", "Password"),
                            msg("ConnectError", "The server also asks for the password of {user}.", user=user),
                            [(msg("ConnectError", "Password:"), False)],
                        )
                    )
                    self._remaining = transport.auth_password(user, answer[0], fallback=False)
                else:
                    raise E.AuthenticationFailed(
                        msg(
                            "ConnectError",
                            "The server wants another login step ({methods}) this app cannot do.",
                            methods=", ".join(remaining) or msg("ConnectError", "unknown"),
                        )
                    )
            except paramiko.AuthenticationException:
                raise E.AuthenticationFailed(
                    msg("ConnectError", "The server did not accept the second login step (code or password).")
                ) from None

    def _login_with_password(self, transport: paramiko.Transport, user: str, password: str | None) -> None:
        """Log in with ``password``; without one (or after a wrong one) ask ``ask_password`` if there is one."""
        asked = 0
        reason: E.ConnectError | None = None
        while True:
            if password is None and self.ask_password is not None:
                if asked >= PASSWORD_PROMPTS:
                    assert reason is not None
                    raise reason
                password = self.ask_password(reason)
                asked += 1
                self._check_cancel()
                if password is None:
                    raise E.Cancelled(msg("ConnectError", "Login was cancelled."))
            try:
                self._auth_password(transport, user, password or "")
                return
            except WrongPassword as exc:
                if self.ask_password is None or not transport.is_active():
                    raise
                reason, password = exc, None

    def _auth_password(self, transport: paramiko.Transport, user: str, password: str) -> None:
        try:
            try:
                self._remaining = transport.auth_password(user, password, fallback=False)
            except paramiko.BadAuthenticationType as exc:
                if "keyboard-interactive" not in exc.allowed_types:
                    raise
                # Many providers only offer keyboard-interactive: answer its password prompt ourselves.
                self._remaining = transport.auth_interactive(user, self._interactive_handler(password))
        except paramiko.BadAuthenticationType as exc:
            allowed = ", ".join(exc.allowed_types) or "none"
            raise E.AuthenticationFailed(
                msg(
                    "ConnectError",
                    "The server does not accept password login for {user} (it allows: {allowed}). Use a key instead.",
                    user=user,
                    allowed=allowed,
                )
            ) from None
        except paramiko.AuthenticationException:
            raise WrongPassword(
                msg(
                    "ConnectError",
                    "Wrong user name or password for {user}@{host}. Check both and try again.",
                    user=user,
                    host=self.target.host,
                )
            ) from None

    def _auth_key(self, transport: paramiko.Transport, user: str, key: paramiko.PKey) -> None:
        try:
            self._remaining = transport.auth_publickey(user, key)
        except paramiko.BadAuthenticationType as exc:
            allowed = ", ".join(exc.allowed_types) or "none"
            raise E.KeyRejected(
                msg(
                    "ConnectError",
                    "The server does not accept key login for {user} (it allows: {allowed}).",
                    user=user,
                    allowed=allowed,
                )
            ) from None
        except paramiko.AuthenticationException:
            raise E.KeyRejected(
                msg(
                    "ConnectError",
                    "The server rejected the key {fingerprint} for {user}. "
                    "Is its public key in ~/.ssh/authorized_keys on the server?",
                    fingerprint=fingerprint(key),
                    user=user,
                )
            ) from None

    def _auth_agent(self, transport: paramiko.Transport, user: str) -> None:
        agent = paramiko.Agent()
        keys = agent.get_keys()
        if not keys:
            raise E.KeyRejected(
                msg(
                    "ConnectError",
                    "The SSH agent has no keys (or none is running). Add a key with ssh-add, or start Pageant on Windows.",
                )
            )
        for key in keys:
            try:
                self._remaining = transport.auth_publickey(user, key)
                return
            except paramiko.AuthenticationException:
                continue
        raise E.KeyRejected(
            msg("ConnectError", "The server rejected every key in the SSH agent for {user}.", user=user)
        )

    # -- use -----------------------------------------------------------------
    @property
    def is_alive(self) -> bool:
        return self.transport is not None and self.transport.is_active() and not self._dropped

    def _require(self) -> paramiko.Transport:
        if self.transport is None or not self.transport.is_active():
            raise E.Disconnected(msg("ConnectError", "The connection is closed. Reconnect and try again."))
        return self.transport

    def open_channel(self) -> paramiko.Channel:
        try:
            chan = self._require().open_session(timeout=self.target.timeout_s)
        except (paramiko.SSHException, EOFError, OSError) as exc:
            raise E.Disconnected(
                msg("ConnectError", "Could not open a channel: {error}.", error=E.reason(exc))
            ) from None
        if self.target.forward_agent and not agent_forwarding_problem():  # paramiko's needs fcntl: not on Windows
            try:
                paramiko.agent.AgentRequestHandler(chan)
            except paramiko.SSHException:
                pass  # the server refused agent forwarding; the channel still works
        return chan

    def exec(self, command: str, timeout: float | None = 60.0, stdin: bytes | None = None) -> ExecResult:
        """Run ``command`` and collect its output. Output is read concurrently so large stderr never deadlocks."""
        chan = self.open_channel()
        try:
            chan.settimeout(timeout)
            chan.exec_command(command)
            if stdin is not None:
                chan.sendall(stdin)
                chan.shutdown_write()
            err = bytearray()

            def read_stderr() -> None:
                try:
                    while chunk := chan.recv_stderr(65536):
                        err.extend(chunk)
                except (OSError, EOFError):
                    pass

            reader = threading.Thread(target=read_stderr, name="ssh-exec-stderr", daemon=True)
            reader.start()
            out = bytearray()
            while chunk := chan.recv(65536):
                out.extend(chunk)
            reader.join(timeout)
            code = chan.recv_exit_status()
            return ExecResult(code, bytes(out), bytes(err))
        except TimeoutError:
            raise E.RemoteCommandError(
                msg("ConnectError", "The command did not finish within {seconds:.0f} s.", seconds=timeout)
            ) from None
        finally:
            chan.close()

    def open_shell(
        self, term: str = "xterm-256color", cols: int = 80, rows: int = 24, env: dict[str, str] | None = None
    ) -> paramiko.Channel:
        chan = self.open_channel()
        if env:
            for key, value in env.items():
                try:
                    chan.set_environment_variable(key, value)
                except paramiko.SSHException:
                    pass
        chan.get_pty(term=term, width=cols, height=rows)
        chan.invoke_shell()
        return chan

    def open_sftp(self) -> paramiko.SFTPClient:
        try:
            client = paramiko.SFTPClient.from_transport(
                self._require(), window_size=WINDOW_SIZE, max_packet_size=MAX_PACKET_SIZE
            )
        except (paramiko.SSHException, EOFError, OSError) as exc:
            raise E.Disconnected(msg("ConnectError", "Could not start SFTP: {error}.", error=E.reason(exc))) from None
        if client is None:
            raise E.Disconnected(msg("ConnectError", "The server refused the SFTP subsystem."))
        return client

    # -- close ---------------------------------------------------------------
    def _watch(self) -> None:
        where = f"{self.target.host}:{self.target.port}"
        text = msg("ConnectError", "The connection to {address} was lost.", address=where)
        while not self._closing:
            transport = self.transport
            if transport is None or not transport.is_active():
                break
            keepalive = self._keepalive
            if keepalive is not None and keepalive.expired:
                text = msg(
                    "ConnectError",
                    "The connection to {address} was lost: no answer for {seconds:.0f} s.",
                    address=where,
                    seconds=keepalive.silent_s,
                )
                self._dropped = True
                # Closing ends every channel on it with an error. Off this thread: through a jump
                # host, closing the tunnel channel may itself wait on a stalled link.
                threading.Thread(target=transport.close, name="ssh-close-dead", daemon=True).start()
                break
            time.sleep(0.25)
        keepalive = self._keepalive
        if keepalive is not None:
            keepalive.stop()
        if not self._closing:  # this thread runs once per connection: the drop is told once
            self._dropped = True
            if self.on_drop:
                self.on_drop(text)

    def close(self) -> None:
        self._closing = True
        self._teardown()
        if self.via is not None:
            self.via.close()

    def _teardown(self) -> None:
        keepalive, self._keepalive = self._keepalive, None
        if keepalive is not None:
            keepalive.stop()
        transport, self.transport = self.transport, None
        if transport is not None:
            try:
                transport.close()
            except Exception:  # noqa: BLE001 - closing must never raise
                pass
        sock, self._sock = self._sock, None
        if sock is not None:
            try:
                sock.close()
            except OSError:
                pass

    def __enter__(self) -> Connection:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
