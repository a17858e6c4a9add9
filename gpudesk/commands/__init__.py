"""Headless command implementations behind ``gpudesk <command>`` (DESIGN §3)."""
