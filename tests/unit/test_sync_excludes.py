"""Exclude rules: defaults, a gitignore subset (anchors, folders, negation, **), user patterns."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpudesk.core.sync.excludes import ExcludeRules
from gpudesk.core.sync.scan import scan_local


@pytest.mark.parametrize(
    ("path", "is_dir", "excluded"),
    [
        (".git", True, True),
        ("src/.git", True, True),
        ("a/__pycache__/m.pyc", False, True),
        (".venv/lib/site.py", False, True),
        ("web/node_modules/x/i.js", False, True),
        ("runs/epoch3.ckpt", False, True),
        ("model.bin.gpudesk-part", False, True),
        ("src/train.py", False, False),
        (".gitignore", False, False),
        ("ckpt/notes.txt", False, False),
    ],
)
def test_defaults(path: str, is_dir: bool, excluded: bool) -> None:
    assert ExcludeRules.for_sync().excluded(path, is_dir) is excluded


GITIGNORE = """
# comment
build/
*.log
!keep.log
/top.tmp
docs/**/draft.md
data/*.npy
\\#literal
out
"""


@pytest.mark.parametrize(
    ("path", "is_dir", "excluded"),
    [
        ("build", True, True),
        ("a/build/x.o", False, True),
        ("build", False, False),  # "build/" means folders only
        ("logs/train.log", False, True),
        ("logs/keep.log", False, False),
        ("top.tmp", False, True),
        ("sub/top.tmp", False, False),
        ("docs/draft.md", False, True),
        ("docs/a/b/draft.md", False, True),
        ("other/docs/draft.md", False, False),
        ("data/x.npy", False, True),
        ("data/sub/x.npy", False, False),  # one * stays inside one folder
        ("#literal", False, True),
        ("out", False, True),
        ("a/out/result.csv", False, True),
        ("outer.txt", False, False),
    ],
)
def test_gitignore_subset(path: str, is_dir: bool, excluded: bool) -> None:
    assert ExcludeRules.for_sync(gitignore=GITIGNORE).excluded(path, is_dir) is excluded


def test_user_patterns_come_last_and_win() -> None:
    rules = ExcludeRules.for_sync(["!*.ckpt", "scratch/", "[ab]?.txt"], gitignore="*.txt\n")
    assert not rules.excluded("best.ckpt")
    assert rules.excluded("scratch/x")
    assert rules.excluded("a1.txt") and rules.excluded("notes.txt")
    assert not ExcludeRules.for_sync(["!notes.txt"], gitignore="*.txt\n").excluded("notes.txt")
    # A file in an excluded folder cannot be re-included (as in git).
    assert ExcludeRules.for_sync(["!.venv/keep.py"]).excluded(".venv/keep.py")


def test_local_scan_prunes_excluded_folders_and_skips_links(tmp_path: Path) -> None:
    tmp_path = tmp_path / "proj"
    for rel in ("src/a.py", "node_modules/p/i.js", "src/__pycache__/a.pyc", "logs/x.log", "logs/keep.log"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(rel)
    (tmp_path / "link.py").symlink_to(tmp_path / "src" / "a.py")
    listing = scan_local(tmp_path, ExcludeRules.for_sync(gitignore="*.log\n!keep.log\n"))
    assert sorted(listing.files) == ["logs/keep.log", "src/a.py"]
    assert listing.dirs == {"src", "logs"}
    assert listing.files["src/a.py"].size == len("src/a.py")
