"""``python -m console``: the same as ``st-console``."""

from console.cli import main

raise SystemExit(main())
