"""The one error the engine raises for a move the rules (or the input) forbid."""

from __future__ import annotations


class RuleError(Exception):
    """A command was refused; the message is written for the Storyteller.

    The state it was applied to is left exactly as it was (STYLE.md: apply succeeds fully or
    raises).
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message
