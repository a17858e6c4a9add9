"""The diagnostics bundle removes what it promises: hosts, gateways, accounts, ids, users, paths, e-mails."""

from __future__ import annotations

import getpass
import logging
import zipfile
from pathlib import Path

from gpudesk.core import diagnostics, logs
from gpudesk.core.providers.accounts import Account, AccountStore
from gpudesk.core.sessions import Session, SessionStore


def test_the_bundle_keeps_no_gateway_account_id_user_path_or_email(tmp_path: Path) -> None:
    store = SessionStore()
    store.add(
        Session(name="box", host="203.0.113.9", username="ubuntu", provider="myvast", provider_instance_id="28561234")
    )
    AccountStore().save(Account("team-lab-account", "vast", "http://127.0.0.1:1"), token="t0ken-not-shown")
    log = logs.setup()
    me = getpass.getuser()
    home = str(Path.home())
    lines = [
        "direct address 203.0.113.9:40123 refused; trying the gateway ssh5.vast.ai:31234",
        "provider team-lab-account: instance 28561234 is not yours (owner: carol@example.org)",
        f"upload {home}/projects/secret-model/weights.safetensors to /workspace/secret-model/ failed",
        f"local user {me} opened C:\\Users\\{me}\\Documents\\plan.txt",
        "gateway [2001:db8::7]:22 and 198.51.100.20 answered",
    ]
    for line in lines:
        logging.getLogger("gpudesk.test").warning(line)
    for handler in logging.getLogger("gpudesk").handlers:
        handler.flush()
    assert log.exists()
    out = diagnostics.build(tmp_path / "bundle.zip")
    with zipfile.ZipFile(out) as bundle:
        text = "".join(bundle.read(n).decode("utf-8", "replace") for n in bundle.namelist())
    for needle in (
        "ssh5.vast.ai", "team-lab-account", "28561234", "carol@example.org", "secret-model", "weights.safetensors",
        "plan.txt", "2001:db8::7", "198.51.100.20", "203.0.113.9", home,
    ):  # fmt: skip
        assert needle not in text, needle
    if len(me) > 2:
        assert f"local user {me} " not in text
    assert "refused; trying the gateway" in text  # the story stays readable


def test_a_traceback_keeps_its_source_file_names() -> None:
    anonymise = diagnostics._anonymiser(SessionStore())
    line = 'File "/opt/venv/lib/python3.11/site-packages/gpudesk/core/ssh/connection.py", line 42, in connect'
    assert anonymise(line) == 'File "<path>/connection.py", line 42, in connect'
    for kept in (
        "2026-12-04 16:00:00,123 INFO gpudesk.core.live.link: started",
        "gpudesk.ui.app",
        "gpudesk.core.demo.host",
    ):
        assert anonymise(kept) == kept
