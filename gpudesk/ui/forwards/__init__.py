"""The Forwards sub-tab: port forwards of one connection."""
