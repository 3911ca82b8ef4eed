"""Bad usage of ``st-console``: the one error every subcommand raises for it (INTERFACE.md §1).

Its own module so that ``console/cli.py`` (which catches it) and the subcommands it imports
(``cli_dice``, which raises it) do not import each other.
"""

from __future__ import annotations


class UsageError(Exception):
    """Bad usage: exit 2 with this one-line message."""
