"""The GPUs sub-tab: cards, live charts, processes, hints and the environment check."""
