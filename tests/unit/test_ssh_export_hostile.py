"""A hostile session name or field cannot add an option to gpudesk's ssh config (read back by OpenSSH ``ssh -G``)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from gpudesk.core.sessions import ssh_export
from gpudesk.core.sessions.model import Session

HOSTILE_NAMES = [
    "box\nProxyCommand touch /tmp/pwned",
    "Match all",
    "a ProxyCommand sh -c id",
    "%h%p%r%d",
    "\"quoted\" 'name'",
    "*",
    "!neg,other",
    "\u2028Host evil",
    "-oProxyCommand=id",
    "",
]


def _session(name: str, **kw) -> Session:
    base = dict(host="203.0.113.7", port=2222, username="root", auth="agent")
    base.update(kw)
    return Session(name=name, **base)  # type: ignore[arg-type]


def _parsed(cfg: Path, alias: str) -> dict[str, str]:
    out = subprocess.run(["ssh", "-G", "-F", str(cfg), alias], capture_output=True, text=True, check=True).stdout
    return {k: v for k, _, v in (line.partition(" ") for line in out.splitlines())}


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_hostile_names_become_safe_aliases_and_add_no_option() -> None:
    sessions = [_session(n) for n in HOSTILE_NAMES]
    cfg = ssh_export.write_config(sessions)
    text = cfg.read_text()
    names = ssh_export.aliases_for(sessions)
    for alias in names.values():
        assert re.fullmatch(r"gpudesk-[a-z0-9][a-z0-9._-]*", alias), alias
    assert len(set(names.values())) == len(sessions)
    for line in text.splitlines():
        word = line.strip().split(" ", 1)[0]
        assert (
            word == ""
            or word.startswith("#")
            or word
            in {
                "Host",
                "HostName",
                "Port",
                "User",
                "HostKeyAlias",
                "UserKnownHostsFile",
                "GlobalKnownHostsFile",
                "StrictHostKeyChecking",
                "UpdateHostKeys",
                "CheckHostIP",
            }
        ), line
    if shutil.which("ssh"):
        for alias in names.values():
            opts = _parsed(cfg, alias)
            assert opts["hostname"] == "203.0.113.7" and opts["port"] == "2222" and opts["user"] == "root"
            assert "proxycommand" not in opts and opts["stricthostkeychecking"] in ("true", "yes")


@pytest.mark.parametrize(
    "field",
    [
        {"username": "root%h"},
        {"username": "ro ot"},
        {"host": "h\nProxyCommand id"},
        {"identity_file": "/k\nMatch all", "auth": "key_file"},
        {"identity_file": '/k" ProxyCommand id', "auth": "key_file"},
        {"jump_host": "-oProxyCommand=id"},
        {"proxy_kind": "command", "proxy_command": "nc %h %p %d"},
        {"proxy_kind": "http", "proxy_host": "127.0.0.1", "proxy_port": 3128},
    ],
)
def test_a_hostile_field_leaves_the_session_out(field) -> None:
    s = _session("x", **field)
    (entry,) = ssh_export.entries([s])
    assert entry.skipped
    assert all(line.startswith("#") for line in entry.lines)
    assert "\n" not in entry.lines[0]


def test_percent_in_a_key_path_is_literal_for_openssh(tmp_path: Path) -> None:
    key = tmp_path / "my keys %d" / "id"
    s = _session("k", auth="key_file", identity_file=str(key))
    cfg = ssh_export.write_config([s])
    assert '"' + str(key).replace("%", "%%") + '"' in cfg.read_text()
    if shutil.which("ssh"):
        # ``ssh -G`` shows the value before token expansion, where "%%" becomes one literal "%".
        assert _parsed(cfg, "gpudesk-k")["identityfile"] == str(key).replace("%", "%%")


def test_proxy_command_keeps_gpudesk_words() -> None:
    s = _session("p", proxy_kind="command", proxy_command="nc -X connect -x 'proxy host:3128' %h %p")
    (entry,) = ssh_export.entries([s])
    assert "    ProxyCommand nc -X connect -x 'proxy host:3128' %h %p" in entry.lines


def test_include_line_is_added_at_the_top_and_removed(home: Path) -> None:
    user = home / ".ssh" / "config"
    user.parent.mkdir(parents=True)
    user.write_text("Host mine\n    User me\n")
    user.chmod(0o644)
    assert ssh_export.add_include()
    assert not ssh_export.add_include()
    lines = user.read_text().splitlines()
    assert lines[1] == ssh_export.include_line() and lines[0].startswith("# Added by gpudesk")
    assert ssh_export.include_present()
    assert ssh_export.remove_include()
    assert user.read_text() == "Host mine\n    User me\n"
    assert oct(user.stat().st_mode & 0o777) == "0o644"


def test_adding_a_session_with_the_same_name_keeps_the_first_alias() -> None:
    first = _session("Box")
    assert ssh_export.aliases_for([first])[first.id] == "gpudesk-box"
    second = _session("box")
    names = ssh_export.aliases_for([first, second])
    assert names[first.id] == "gpudesk-box" and names[second.id].startswith("gpudesk-box-")
    assert ssh_export.alias_for(second, [first]) == names[second.id]


def test_a_linked_ssh_config_stays_a_link(home: Path, tmp_path: Path) -> None:
    dotfiles = tmp_path / "dotfiles" / "ssh_config"
    dotfiles.parent.mkdir()
    dotfiles.write_text("Host mine\n")
    user = home / ".ssh" / "config"
    user.parent.mkdir(parents=True)
    user.symlink_to(dotfiles)
    assert ssh_export.add_include()
    assert user.is_symlink() and ssh_export.include_line() in dotfiles.read_text()
    assert ssh_export.remove_include()
    assert user.is_symlink() and dotfiles.read_text() == "Host mine\n"


def test_the_users_own_include_is_respected_and_never_removed(home: Path) -> None:
    user = home / ".ssh" / "config"
    user.parent.mkdir(parents=True)
    user.write_text("Include ~/.ssh/gpudesk_config\nHost mine\n")
    assert ssh_export.include_present()
    assert not ssh_export.add_include()
    assert not ssh_export.remove_include()
    assert user.read_text() == "Include ~/.ssh/gpudesk_config\nHost mine\n"
