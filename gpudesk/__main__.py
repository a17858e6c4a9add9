from gpudesk.cli import main

raise SystemExit(main())
