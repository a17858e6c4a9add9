"""Command lines for the tools the tests run, found from the running interpreter (``sys.executable``), never the
PATH: ``python -m pytest`` from a virtual environment that is not activated finds the same tools as one that is."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

LINT_IMPORTS = [sys.executable, "-c", "from importlinter.cli import lint_imports_command; lint_imports_command()"]


def pyside_tool(name: str) -> list[str] | None:
    """``pyside6-<name>`` (lupdate, lrelease) run through this interpreter's PySide6; None when it is not shipped."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations)))
    if not any(folder.glob(f"{name}*")):
        return None
    return [sys.executable, "-c", f"from PySide6.scripts.pyside_tool import {name}; {name}()"]
