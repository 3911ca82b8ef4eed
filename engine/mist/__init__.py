"""M.I.S.T.: themes, tags, statuses, the scene loop and the case file (RULES.md §4)."""
