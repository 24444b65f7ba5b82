"""`python -m device [run] [options]`: the same as the `tablemate` command."""

import sys

from device.cli import main

args = sys.argv[1:]
if not args or args[0].startswith("-"):
    args = ["run", *args]
raise SystemExit(main(args))
