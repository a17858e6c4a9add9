"""Keep gpudesk's translations in step with the sources.

    python packaging/translations.py update     # lupdate over gpudesk/ui; keeps translations, drops obsolete ones
    python packaging/translations.py release    # compile the .ts files into the .qm files the app loads
    python packaging/translations.py check      # exit 1 when a .ts is unfinished or lacks strings the sources hold
    python packaging/translations.py todo [LANG]            # list unfinished entries as JSON lines
    python packaging/translations.py apply LANG FILE.json   # fill entries from a JSON file, then update

The translations live in the .ts files themselves; `update` fills the English file (translation = source), so only
the Chinese file needs a translator. A second pass is: update → todo zh_CN → translate those lines → apply → release.
The JSON for `apply` is a list of {"source", "translation"} objects: without a "context" one fills every unfinished
entry with that source; with one it sets that context's entry, finished or not. For %n entries "translation" may be a list of plural forms.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "gpudesk" / "ui"
TRANSLATIONS = ROOT / "gpudesk" / "resources" / "translations"
LANGUAGES = ("zh_CN", "en")


def ts_path(language: str) -> Path:
    return TRANSLATIONS / f"gpudesk_{language}.ts"


def _tool(name: str) -> str:
    found = shutil.which(f"pyside6-{name}") or shutil.which(name)
    if not found:
        sys.exit(f"{name} not found: install PySide6 (it ships pyside6-{name}).")
    return found


def run_lupdate(ts_files: list[Path], language: str | None = None) -> None:
    """Merge the strings found in gpudesk/ui into ``ts_files`` (created when missing)."""
    cmd = [
        _tool("lupdate"),
        "-silent",
        "-extensions",
        "py",
        "-no-obsolete",
        "-locations",
        "relative",
        "-source-language",
        "en",
    ]
    if language:
        cmd += ["-target-language", language]
    cmd += [str(SOURCES.relative_to(ROOT)), "-ts", *map(str, ts_files)]
    subprocess.run(cmd, check=True, cwd=ROOT)


def load(path: Path) -> ET.ElementTree:
    return ET.parse(path)


def save(tree: ET.ElementTree, path: Path) -> None:
    # ElementTree drops the doctype lupdate writes; lupdate's next run restores its own layout.
    body = ET.tostring(tree.getroot(), encoding="unicode")
    path.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n", encoding="utf-8")


def messages(tree: ET.ElementTree):
    """Yield (context name, message element) for every message."""
    for context in tree.getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            yield name, message


def is_unfinished(message: ET.Element) -> bool:
    translation = message.find("translation")
    if translation is None or translation.get("type") in ("unfinished", "vanished", "obsolete"):
        return True
    if message.get("numerus") == "yes":
        forms = translation.findall("numerusform")
        return not forms or any(not (f.text or "").strip() for f in forms)
    return not (translation.text or "").strip()


def source_set(path: Path) -> set[tuple[str, str]]:
    return {(ctx, m.findtext("source") or "") for ctx, m in messages(load(path))}


def unfinished(path: Path) -> list[dict[str, object]]:
    """Unfinished entries; "guess" is what lupdate pre-filled from the same text elsewhere (to review, not trust)."""
    entries: list[dict[str, object]] = []
    for ctx, m in messages(load(path)):
        if is_unfinished(m):
            entry: dict[str, object] = {
                "context": ctx,
                "source": m.findtext("source") or "",
                "numerus": m.get("numerus") == "yes",
            }
            guess = "".join(m.find("translation").itertext()).strip() if m.find("translation") is not None else ""
            if guess:
                entry["guess"] = guess
            entries.append(entry)
    return entries


def _set_translation(message: ET.Element, text: str | list[str], forms: int) -> None:
    translation = message.find("translation")
    if translation is None:
        translation = ET.SubElement(message, "translation")
    translation.attrib.pop("type", None)
    for child in list(translation):
        translation.remove(child)
    if message.get("numerus") == "yes":
        values = [text] * forms if isinstance(text, str) else list(text)
        translation.text = None
        for value in values:
            ET.SubElement(translation, "numerusform").text = value
    else:
        translation.text = text if isinstance(text, str) else text[0]


def fill(language: str, entries: list[dict[str, object]]) -> int:
    """Write ``entries`` into the .ts of ``language``; returns how many messages changed."""
    path = ts_path(language)
    tree = load(path)
    forms = 2 if language == "en" else 1
    by_context = {(e["context"], e["source"]): e["translation"] for e in entries if e.get("context")}
    by_source = {e["source"]: e["translation"] for e in entries if not e.get("context")}
    changed = 0
    for ctx, message in messages(tree):
        source = message.findtext("source") or ""
        # A bare source fills only unfinished entries, so it never overwrites a context's own wording.
        text = by_context.get((ctx, source), by_source.get(source) if is_unfinished(message) else None)
        if text is not None:
            _set_translation(message, text, forms)
            changed += 1
    save(tree, path)
    return changed


def fill_english() -> None:
    """English is the source language: every entry's translation is its source."""
    path = ts_path("en")
    tree = load(path)
    for _ctx, message in messages(tree):
        if is_unfinished(message):
            _set_translation(message, message.findtext("source") or "", 2)
    save(tree, path)


def update() -> None:
    TRANSLATIONS.mkdir(parents=True, exist_ok=True)
    for language in LANGUAGES:
        run_lupdate([ts_path(language)], language)
    fill_english()
    run_lupdate([ts_path("en")], "en")  # back to lupdate's own layout
    for language in LANGUAGES:
        left = len(unfinished(ts_path(language)))
        print(f"{ts_path(language).relative_to(ROOT)}: {left} unfinished")


def compile_qm(ts: Path, qm: Path) -> bytes:
    """lrelease ``ts`` into ``qm`` and return its bytes (lrelease output is deterministic)."""
    subprocess.run([_tool("lrelease"), "-silent", str(ts), "-qm", str(qm)], check=True)
    return qm.read_bytes()


def release() -> None:
    for language in LANGUAGES:
        qm = ts_path(language).with_suffix(".qm")
        compile_qm(ts_path(language), qm)
        print(f"{qm.relative_to(ROOT)}: {qm.stat().st_size} bytes")


def check() -> int:
    """Print problems; return the number found."""
    problems = 0
    with tempfile.TemporaryDirectory() as tmp:
        for language in LANGUAGES:
            path = ts_path(language)
            if not path.exists():
                print(f"{path.relative_to(ROOT)}: missing")
                problems += 1
                continue
            for entry in unfinished(path):
                print(f"{path.name}: unfinished [{entry['context']}] {entry['source']!r}")
                problems += 1
            fresh = Path(tmp) / path.name
            shutil.copy(path, fresh)
            run_lupdate([fresh], language)
            for ctx, source in sorted(source_set(fresh) - source_set(path)):
                print(f"{path.name}: missing [{ctx}] {source!r}")
                problems += 1
            qm = path.with_suffix(".qm")
            if not qm.exists() or qm.read_bytes() != compile_qm(path, Path(tmp) / qm.name):
                print(f"{qm.name}: not built from the current {path.name}; run `release`")
                problems += 1
    return problems


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "update":
        update()
    elif command == "release":
        release()
    elif command == "check":
        problems = check()
        print("translations ok" if not problems else f"{problems} problem(s)")
        return 1 if problems else 0
    elif command == "todo":
        for language in argv[1:] or LANGUAGES:
            for entry in unfinished(ts_path(language)):
                print(json.dumps({"language": language, **entry}, ensure_ascii=False))
    elif command == "apply" and len(argv) == 3:
        entries = json.loads(Path(argv[2]).read_text(encoding="utf-8"))
        print(f"{fill(argv[1], entries)} message(s) filled")
        run_lupdate([ts_path(argv[1])], argv[1])
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
