"""The four-step guide (Choose → Log in & verify → Deploy & run → Collect & release) for novices."""
