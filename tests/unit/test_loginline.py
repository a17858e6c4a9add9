import pytest

from gpudesk.core.sessions.loginline import LoginLineError, parse


@pytest.mark.parametrize(
    ("text", "host", "port", "user"),
    [
        ("ssh -p 34567 root@region-9.example.com", "region-9.example.com", 34567, "root"),
        ("ssh root@connect.westb.seetacloud.com -p 18745", "connect.westb.seetacloud.com", 18745, "root"),
        ("ssh -o StrictHostKeyChecking=no -p 2222 ubuntu@198.51.100.2", "198.51.100.2", 2222, "ubuntu"),
        ("ssh -p22 -i ~/.ssh/id_ed25519 ubuntu@h.example", "h.example", 22, "ubuntu"),
        ("ssh://alice@10.0.0.5:2200", "10.0.0.5", 2200, "alice"),
        ("ssh://host.example", "host.example", 22, "root"),
        ("root@1.2.3.4", "1.2.3.4", 22, "root"),
        ("gpu.example.com:2022", "gpu.example.com", 2022, "root"),
        ("  ssh -l bob gpu.example.com  ", "gpu.example.com", 22, "bob"),
        ("ssh -p 41022 root@ssh4.vast.ai -L 8080:localhost:8080", "ssh4.vast.ai", 41022, "root"),
        ("ssh root@213.173.1.2 -p 10322 -i ~/.ssh/id_ed25519", "213.173.1.2", 10322, "root"),
    ],
)
def test_provider_login_lines_fill_the_session(text: str, host: str, port: int, user: str) -> None:
    line = parse(text)
    assert (line.host, line.port, line.username) == (host, port, user)


def test_identity_and_jump_are_kept() -> None:
    line = parse("ssh -J bastion.example -i /keys/id_rsa -p 2200 me@inner")
    assert line.identity_file == "/keys/id_rsa"
    assert line.jump_host == "bastion.example"


@pytest.mark.parametrize("text", ["", "ssh", "ssh -p 99999 root@h", "ssh -p abc root@h", "ssh://root@h:0x1"])
def test_bad_lines_say_what_is_wrong(text: str) -> None:
    with pytest.raises(LoginLineError) as info:
        parse(text)
    assert str(info.value)
