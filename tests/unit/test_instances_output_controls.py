"""``gpudesk instances list`` / ``storage`` never pass a provider's control characters to the terminal."""

from __future__ import annotations

import json

import pytest

from gpudesk.cli import main
from gpudesk.core.providers.accounts import Account, AccountStore
from tests.helpers_providers.vast_stub import VastStub

EVIL = "box\x1b]0;pwned\x07\x1b[2J\u009b31m\u0085end"


@pytest.fixture
def vast():
    stub = VastStub().start()
    for inst in stub.instances.values():
        inst["label"] = EVIL
        inst["actual_status"] = "stopped"  # its disk keeps billing: listed under storage too
    AccountStore().save(Account("vast", "vast", stub.url), token=stub.token)
    yield stub
    stub.stop()


def _controls(text: str) -> list[str]:
    return [c for c in text if (ord(c) < 0x20 and c not in "\n\t") or 0x7F <= ord(c) <= 0x9F]


@pytest.mark.parametrize("command", ["list", "storage"])
def test_table_output_escapes_provider_text(vast, capsys, command):
    main(["instances", command])
    out = capsys.readouterr().out
    assert not _controls(out)
    assert "box\\x1b]0;pwned\\x07" in out


@pytest.mark.parametrize("command", ["list", "storage"])
def test_json_output_keeps_no_raw_c1_and_reads_back_the_same(vast, capsys, command):
    main(["instances", command, "--json"])
    out = capsys.readouterr().out
    assert not _controls(out)
    if command == "list":
        assert any(item.get("name") == EVIL for item in json.loads(out))
