"""The four session importers against real public files and files written from the formats' documentation."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from gpudesk.core.sessions.importers import parse_paths
from gpudesk.core.sessions.importers.common import ImportFileError, decode_text, local_username
from gpudesk.core.sessions.importers.mobaxterm import parse_mobaxterm
from gpudesk.core.sessions.importers.putty import parse_putty_reg, unmunge
from gpudesk.core.sessions.importers.ssh_config import parse_ssh_config
from gpudesk.core.sessions.importers.xshell import parse_xshell, parse_xshell_path

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "sessions"


def by_name(result) -> dict:  # type: ignore[no-untyped-def]
    return {item.session.name: item for item in result.sessions}


# -- OpenSSH config ---------------------------------------------------------------------------------------------
def test_ssh_config_public_examples() -> None:
    result = parse_ssh_config(FIX / "openssh_config_examples.conf", ssh_dir=FIX / "ssh")
    s = by_name(result)
    assert list(s) == ["hpc", "leibniz", "Project-Bastion", "target", "bastion", "internal"]  # "Host *" is no session
    hpc = s["hpc"].session
    assert (hpc.host, hpc.port, hpc.username) == ("login.hpc.kuleuven.be", 22, "vsc50005")
    assert hpc.identity_file.endswith(".ssh/id_rsa_vsc50005") and hpc.auth == "agent"  # key not on this machine
    assert any("not on this computer" in n for n in s["hpc"].notes)
    # ProxyJump to an alias becomes the alias's real address, so it resolves after import whatever the names.
    assert s["leibniz"].session.jump_host == "vsc50005@login.hpc.kuleuven.be"
    assert s["target"].session.jump_host == "david@<public-ip>"  # user@alias keeps the given user
    assert s["internal"].session.jump_host == "bastionuser@bastion.example.com"
    assert any("placeholder" in n for n in s["Project-Bastion"].notes)
    assert s["target"].session.identity_file == r"C:\Users\david\Downloads\bastion-2-target.cer"


def test_ssh_config_include_match_wildcards_and_hops(tmp_path: Path) -> None:
    marker = Path("/tmp/gpudesk-match-exec")
    marker.unlink(missing_ok=True)
    result = parse_ssh_config(FIX / "ssh" / "config", ssh_dir=FIX / "ssh")
    s = by_name(result)
    assert set(s) == {"h100-box", "rtx4090", "v100-old", "a100-node1", "a100", "deep-node", "jump1", "legacy-proxy"}
    # Included files (followed relative to ~/.ssh, nested too) give their sessions a folder named after the file.
    assert (s["h100-box"].session.folder, s["rtx4090"].session.folder, s["v100-old"].session.folder) == ("lab", "work", "inner")
    assert s["rtx4090"].session.port == 40022
    # "Host *" comes first, so its User wins over later ones, exactly as ssh resolves it.
    assert {item.session.username for item in result.sessions} == {"trainer"}
    assert s["a100-node1"].session.port == 34567 and s["a100"].session.host == "gpu1.lab.example.com"
    assert s["deep-node"].session.jump_host == "trainer@jump1.example.com:2022,ops@edge.example.com:2222"
    assert any("ProxyCommand" in n for n in s["legacy-proxy"].notes)
    assert any("Match" in w and "ignored" in w for w in result.warnings)
    assert not marker.exists(), "a Match exec command was run"
    assert s["jump1"].session.auth == "agent"  # no IdentityFile: ssh would offer the agent's keys


@pytest.mark.skipif(shutil.which("ssh") is None, reason="OpenSSH client not installed")
def test_ssh_config_resolves_like_openssh(tmp_path: Path) -> None:
    """Host, port and user of every imported session equal what `ssh -G` resolves from the same file."""
    text = (FIX / "ssh" / "config").read_text()
    text = text.replace("Include conf.d/", f"Include {FIX / 'ssh' / 'conf.d'}/").replace(
        'exec "echo this must never run > /tmp/gpudesk-match-exec"', ""
    )
    config = tmp_path / "config"
    config.write_text(text)
    sessions = parse_ssh_config(config, ssh_dir=tmp_path).sessions
    # work.conf's relative "Include conf.d/nested/*.conf" is looked up from ~/.ssh by both, so it is not found.
    assert len(sessions) == 7 and "v100-old" not in {i.session.name for i in sessions}
    for item in sessions:
        out = subprocess.run(["ssh", "-G", "-F", str(config), item.session.name], capture_output=True, text=True, check=True)
        resolved = dict(line.split(" ", 1) for line in out.stdout.splitlines() if " " in line)
        assert (item.session.host, str(item.session.port), item.session.username) == (
            resolved["hostname"], resolved["port"], resolved["user"]
        ), item.session.name


def test_ssh_config_include_cycle_and_missing(tmp_path: Path) -> None:
    (tmp_path / "config").write_text("Include loop\nInclude nothing-*.conf\nHost a\n  HostName 10.0.0.1\n")
    (tmp_path / "loop").write_text("Include config\nHost b\n  HostName 10.0.0.2\n")
    result = parse_ssh_config(tmp_path / "config", ssh_dir=tmp_path)
    assert {i.session.name for i in result.sessions} == {"a", "b"}
    assert any("includes itself" in w for w in result.warnings)
    assert any("matched no file" in w for w in result.warnings)


def test_ssh_config_not_a_config(tmp_path: Path) -> None:
    bad = tmp_path / "notes.txt"
    bad.write_text("dear diary\nthe GPU was slow today\n")
    with pytest.raises(ImportFileError, match="does not look like an OpenSSH config"):
        parse_ssh_config(bad, ssh_dir=tmp_path)


# -- MobaXterm --------------------------------------------------------------------------------------------------
def test_mobaxterm_public_sample() -> None:
    result = parse_mobaxterm(FIX / "mobaxterm_bookmarks_sample.mxtsessions")
    s = by_name(result)
    assert len(s) == 5
    deck = s["Deck"].session
    assert (deck.host, deck.port, deck.username, deck.folder, deck.auth) == ("192.168.137.40", 22, "deck", "", "password")
    tman = s["pv-arg-tman-i2 (WOR00159607)"].session
    assert (tman.username, tman.folder, tman.jump_host) == ("oracle", "Supernova", "markvd@10.250.252.17")
    batch = s["pv-arg-batch-a1(WOR05113408)"].session
    assert batch.folder == "Supernova/Application servers" and batch.host == "10.188.8.46"
    ref = s["Reference Session"]
    assert ref.session.username == local_username() and any("default login" in n for n in ref.notes)


def test_mobaxterm_gbk_file_with_gateways_keys_and_non_ssh() -> None:
    result = parse_mobaxterm(FIX / "mobaxterm_gbk_chinese.mxtsessions")
    s = by_name(result)
    assert set(s) == {"训练机-A100", "推理节点 1"}
    node = s["推理节点 1"].session
    assert node.folder == "实验室/GPU服务器" and node.port == 2222 and node.username == "ai"
    assert node.jump_host == "jump@bastion.lab.cn,ops@10.0.0.1:2200"  # two gateways joined by __PIPE__
    a100 = s["训练机-A100"].session
    assert a100.identity_file == "C:\\Users\\张伟\\keys\\a100.ppk"  # _CurrentDrive_ restored
    assert result.skipped == 2 and any("1 RDP, 1 Telnet" in w for w in result.warnings)


def test_mobaxterm_ini_reads_only_bookmarks() -> None:
    result = parse_mobaxterm(FIX / "MobaXterm.ini")
    s = by_name(result)
    assert set(s) == {"render box", "café-gpu"}  # cp1252 decoded
    assert s["café-gpu"].session.folder == "Café"
    assert result.skipped == 1 and "SFTP" in result.warnings[0]
    # The encrypted [Passwords] section is never read into a session.
    assert all("ZmFrZS" not in str(i.session.to_json()) for i in result.sessions)


def test_mobaxterm_damaged_and_truncated(tmp_path: Path) -> None:
    data = (FIX / "mobaxterm_bookmarks_sample.mxtsessions").read_bytes()
    cut = tmp_path / "cut.mxtsessions"
    cut.write_bytes(data[: data.index(b"Deck=") + 40])
    with pytest.raises(ImportFileError, match="cut off|truncated"):
        parse_mobaxterm(cut)
    other = tmp_path / "other.ini"
    other.write_text("[Misc]\nx=1\n")
    with pytest.raises(ImportFileError, match="no \\[Bookmarks\\] section"):
        parse_mobaxterm(other)


# -- Xshell -----------------------------------------------------------------------------------------------------
def test_xshell_public_xshell5_file() -> None:
    result = parse_xshell(FIX / "xshell5_vmware_excerpt.xsh")
    (item,) = result.sessions
    s = item.session
    assert (s.name, s.host, s.port, s.username, s.auth) == ("xshell5_vmware_excerpt", "192.168.190.129", 22, "wanghuiyong", "password")
    assert "redacted" not in str(s.to_json())


def test_xshell_utf16_folder_tree() -> None:
    results = parse_xshell_path(FIX / "xshell7" / "Sessions")
    assert [Path(r.path).name for r in results] == ["a100-01.xsh", "a100-02.xsh", "h800.xsh", "switch.xsh"]
    sessions = {i.session.name: i for r in results for i in r.sessions}
    assert set(sessions) == {"a100-01", "a100-02", "h800"}
    assert sessions["a100-01"].session.folder == "GPU 集群" and sessions["h800"].session.folder == ""
    assert sessions["a100-02"].session.username == "训练" and sessions["a100-02"].session.port == 10022
    hint = " ".join(sessions["a100-01"].notes)
    assert "id_rsa_2048" in hint and "User Key Manager" in hint and "Export" in hint
    assert sessions["a100-01"].session.auth == "agent"
    assert sum(r.skipped for r in results) == 1  # the TELNET session


def test_xshell_truncated_utf16(tmp_path: Path) -> None:
    data = (FIX / "xshell7" / "Sessions" / "h800.xsh").read_bytes()
    odd = tmp_path / "odd.xsh"
    odd.write_bytes(data[:101])
    with pytest.raises(ImportFileError, match="truncated"):
        parse_xshell(odd)
    short = tmp_path / "short.xsh"
    short.write_bytes(data[:80])  # ends before [CONNECTION]
    with pytest.raises(ImportFileError, match="CONNECTION"):
        parse_xshell(short)


# -- PuTTY ------------------------------------------------------------------------------------------------------
def test_putty_public_export() -> None:
    result = parse_putty_reg(FIX / "putty_sessions_export.reg")
    (item,) = result.sessions
    s = item.session
    assert (s.name, s.host, s.port) == ("algae", "192.168.56.133", 22)  # dword:00000016
    assert s.identity_file == r"C:\Program Files\PuTTY\keys\sklump.ppk"
    assert any("almond" in w for w in result.warnings)  # its values were elided: no host name


def test_putty_utf16_escaped_names_hex_ports_and_jump() -> None:
    result = parse_putty_reg(FIX / "putty_utf16_crlf.reg")
    s = by_name(result)
    assert set(s) == {"gpu node 1", "训练机"}  # %20 and %-escaped GBK bytes; Default Settings is no session
    node = s["gpu node 1"].session
    assert (node.port, node.username, node.identity_file) == (0x8707, "root", r"C:\Users\me\.ssh\gpu.ppk")
    cn = s["训练机"].session
    assert (cn.host, cn.username, cn.jump_host) == ("10.40.0.8", "admin", "hop@bastion.example.org:3333")
    assert result.skipped == 2 and "1 serial, 1 telnet" in result.warnings[-1]


def test_putty_unmunge() -> None:
    assert unmunge("a%20b%25c%2A%3F%5C") == "a b%c*?\\"
    assert unmunge("100%") == "100%"


def test_putty_damaged(tmp_path: Path) -> None:
    text = (FIX / "putty_sessions_export.reg").read_text()
    cut = tmp_path / "cut.reg"
    cut.write_text(text[: text.index('"HostName"') + 22])  # inside the quoted value
    with pytest.raises(ImportFileError, match="not closed"):
        parse_putty_reg(cut)
    notreg = tmp_path / "x.reg"
    notreg.write_text("hello\n")
    with pytest.raises(ImportFileError, match="not a regedit export"):
        parse_putty_reg(notreg)


# -- shared ---------------------------------------------------------------------------------------------------
def test_decode_text_variants() -> None:
    text = "[CONNECTION]\r\nHost=服务器\r\n"
    assert decode_text(b"\xff\xfe" + text.encode("utf-16-le")) == text
    assert decode_text(b"\xef\xbb\xbf" + text.encode("utf-8")) == text
    assert decode_text(text.encode("gbk")) == text
    assert decode_text("café résumé".encode("cp1252")) == "café résumé"
    with pytest.raises(ImportFileError, match="binary"):
        decode_text(b"\x7fELF\x00\x00\x01\x02" * 10, "a.out")


def test_parse_paths_collects_errors_per_file(tmp_path: Path) -> None:
    good = FIX / "putty_sessions_export.reg"
    missing = tmp_path / "nope.reg"
    results = parse_paths("putty", [good, missing, tmp_path])
    assert results[0].ok and len(results[0].sessions) == 1
    assert "does not exist" in results[1].error
    assert "folder" in results[2].error
    empty_dir = tmp_path / "empty"
    empty_dir.mkdir()
    assert "no .xsh" in parse_paths("xshell", [empty_dir])[0].error
