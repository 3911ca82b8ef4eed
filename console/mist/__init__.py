"""The M.I.S.T. screen (RULES.md §4): scene loop, characters, roll builder, case file."""
