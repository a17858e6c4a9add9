"""The embedded terminal widget, its tabs, splits, broadcast and quick commands."""

from gpudesk.ui.terminal import refguard  # noqa: E402,F401 - must run before any terminal paints
