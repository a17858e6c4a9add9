"""The embedded terminal widget, its tabs, splits, broadcast and quick commands."""

