"""Entry point of the packaged app (PyInstaller starts here)."""

import sys

from gpudesk.cli import main

if __name__ == "__main__":
    sys.exit(main())
