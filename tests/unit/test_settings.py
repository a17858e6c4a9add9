import json

import pytest

from gpudesk.core import paths, settings


def test_defaults_and_persisted_values() -> None:
    assert settings.get("terminal.scrollback") == 10000
    settings.set("terminal.scrollback", 5000)
    settings.reset_cache()
    assert settings.get("terminal.scrollback") == 5000
    assert json.loads(paths.settings_file().read_text())["terminal.scrollback"] == 5000


def test_wrong_types_fall_back_to_default_and_are_refused() -> None:
    paths.settings_file().write_text(json.dumps({"ssh.keepalive_s": "often", "ssh.connect_timeout_s": 5}))
    settings.reset_cache()
    assert settings.get("ssh.keepalive_s") == 15
    assert settings.get("ssh.connect_timeout_s") == 5.0
    with pytest.raises(TypeError):
        settings.set("ssh.keepalive_s", "often")


def test_every_setting_is_described() -> None:
    for setting in settings.SETTINGS.values():
        assert setting.description.endswith(".") and isinstance(setting.default, setting.type)
