"""Several servers at once: connect all, run on all, upload to all, one GPU dashboard."""
