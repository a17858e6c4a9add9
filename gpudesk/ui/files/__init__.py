"""The Files sub-tab: local and remote panes, drag-and-drop, and the transfer queue."""
