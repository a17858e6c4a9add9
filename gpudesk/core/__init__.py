"""Qt-free core: all logic lives here and is usable from the CLI and tests."""
