"""The import dialog: preview, duplicates with merge/skip, folder mapping, per-file errors, then import."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpudesk.core.sessions import Session, SessionStore
from gpudesk.core.sessions.importers.plan import CREATE, MERGE, SKIP
from gpudesk.ui.importer.dialog import ImportDialog
from gpudesk.ui.importer.preview import COL_FOLDER, COL_NAME, COL_NOTES

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "sessions"


@pytest.fixture
def store(tmp_path: Path) -> SessionStore:
    return SessionStore(tmp_path / "sessions.json")


def open_dialog(qtbot, store: SessionStore, fmt: str, paths: list) -> ImportDialog:  # type: ignore[no-untyped-def]
    dialog = ImportDialog(store)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.set_format(fmt)
    with qtbot.waitSignal(dialog.preview_ready, timeout=10_000):
        dialog.set_paths(paths)
    return dialog


def test_preview_duplicates_folders_errors_then_import(qtbot, store: SessionStore, tmp_path: Path) -> None:
    saved = store.add(Session(name="old deck", host="192.168.137.40", username="deck", hourly_price=2.0))
    broken = tmp_path / "broken.mxtsessions"
    broken.write_text("[Bookmarks]\nDeck=#109#0%10.0.0.1\n")  # cut off mid-line
    dialog = open_dialog(qtbot, store, "mobaxterm", [FIX / "mobaxterm_bookmarks_sample.mxtsessions", broken])

    table = dialog.table
    assert table.rowCount() == 5
    names = [table.item(r, COL_NAME).text() for r in range(5)]
    deck_row = names.index("Deck")
    assert dialog.plan.items[deck_row].existing is saved and dialog.plan.items[deck_row].action == SKIP
    assert "old deck" in table.item(deck_row, COL_NOTES).text()
    combo = table.action_combo(deck_row)
    assert [combo.itemData(i) for i in range(combo.count())] == [CREATE, MERGE, SKIP]
    assert "broken.mxtsessions" in dialog.messages.toPlainText() and "cut off" in dialog.messages.toPlainText()
    assert "Passwords saved in MobaXterm are not imported" in dialog.messages.toPlainText()
    assert "4 to create" in dialog.summary.text() and "1 file(s) cannot be imported" in dialog.summary.text()

    # Folder mapping: rename "Supernova" on the way in; the preview follows.
    folders = dialog.folders
    row = next(r for r in range(folders.rowCount()) if folders.item(r, 0).text() == "Supernova")
    folders.item(row, 1).setText("Work")
    supernova_rows = [r for r, it in enumerate(dialog.plan.items) if it.folder == "Supernova"]
    assert all(table.item(r, COL_FOLDER).text() == "Work" for r in supernova_rows)

    # The merge switch applies to duplicates; one row can still be changed by hand.
    dialog.merge_duplicates.setChecked(True)
    assert dialog.plan.items[deck_row].action == MERGE and combo.currentData() == MERGE
    first = next(r for r in range(5) if r != deck_row)
    table.action_combo(first).setCurrentIndex(table.action_combo(first).findData(SKIP))
    assert dialog.plan.items[first].action == SKIP
    assert dialog.import_button.text() == "Import 4 session(s)"

    with qtbot.waitSignal(dialog.imported, timeout=5_000):
        dialog.import_button.click()
    assert dialog.result() == dialog.DialogCode.Accepted
    assert len(dialog.report.created) == 3 and len(dialog.report.merged) == 1
    assert len(store) == 4  # the saved one + 3 new
    assert store.get(saved.id).hourly_price == 2.0  # merge keeps what the user had
    assert {s.folder for s in store} == {"", "Work", "Supernova/Application servers"}
    assert len(SessionStore(store.path)) == 4  # on disk


def test_xshell_folder_and_changing_format_reparses(qtbot, store: SessionStore) -> None:
    dialog = open_dialog(qtbot, store, "xshell", [FIX / "xshell7" / "Sessions"])
    assert dialog.add_folder_button.isEnabled()
    assert {dialog.table.item(r, COL_NAME).text() for r in range(dialog.table.rowCount())} == {"a100-01", "a100-02", "h800"}
    assert "User Key Manager" in dialog.table.item(0, COL_NOTES).toolTip()
    dialog.table.selectRow(0)  # the full hint shows under the table
    assert "Tools → User Key Manager" in dialog.details.text() and "Export" in dialog.details.text()
    with qtbot.waitSignal(dialog.preview_ready, timeout=10_000):
        dialog.set_format("putty")  # a folder is not a PuTTY export
    assert not dialog.add_folder_button.isEnabled()
    assert dialog.table.rowCount() == 0 and not dialog.import_button.isEnabled()
    assert "choose the PuTTY file itself" in dialog.messages.toPlainText()


def test_encoding_choice_is_used(qtbot, store: SessionStore) -> None:
    dialog = open_dialog(qtbot, store, "mobaxterm", [FIX / "mobaxterm_gbk_chinese.mxtsessions"])
    assert "训练机-A100" in {dialog.table.item(r, COL_NAME).text() for r in range(dialog.table.rowCount())}
    with qtbot.waitSignal(dialog.preview_ready, timeout=10_000):
        dialog.encoding_combo.setCurrentIndex(dialog.encoding_combo.findData("utf-8"))
    assert dialog.table.rowCount() == 0 and "is not utf-8 text" in dialog.messages.toPlainText()


def test_cancel_writes_nothing(qtbot, store: SessionStore) -> None:
    dialog = open_dialog(qtbot, store, "ssh-config", [FIX / "openssh_config_examples.conf"])
    assert dialog.table.rowCount() == 6
    dialog.reject()
    assert len(store) == 0 and not store.path.exists()
