"""gpudesk: a desktop client for renting and using cloud GPU servers."""

__version__ = "0.1.0"
