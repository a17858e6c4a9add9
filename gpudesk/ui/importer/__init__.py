"""The import dialog (sessions from OpenSSH, MobaXterm, Xshell and PuTTY)."""
