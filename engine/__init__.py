"""The rules of Infinite Horror and M.I.S.T.: pure Python, no I/O, no UI (STYLE.md)."""
