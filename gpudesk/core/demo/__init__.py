"""The built-in demo: an SSH server with shell, exec, SFTP and a simulated nvidia-smi."""
