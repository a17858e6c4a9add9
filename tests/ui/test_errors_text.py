"""Connection failures are explained in the user's language, with the core's details kept."""

from __future__ import annotations

import pytest

from gpudesk.core.ssh import errors as E
from gpudesk.ui.errors_text import HEADLINES, explain

pytestmark = pytest.mark.gui


def test_every_failure_class_has_a_headline() -> None:
    kinds = {cls.kind for cls in vars(E).values() if isinstance(cls, type) and issubclass(cls, E.ConnectError)}
    assert kinds - {"error"} <= set(HEADLINES)


def test_english_shows_the_details_once_and_chinese_adds_a_translated_headline(qapp) -> None:
    from gpudesk.ui.i18n import install_translations

    exc = E.ConnectionRefused("127.0.0.1:2222 refused the connection: nothing listens on port 2222.")
    assert explain(exc) == str(exc)
    install_translations(qapp, "zh_CN")
    try:
        text = explain(exc)
        assert text.startswith("服务器拒绝连接") and text.endswith(str(exc))
    finally:
        install_translations(qapp, "en")
