"""The Sync dialog: a session's local ⇄ remote folder pair, previewed then synced."""
