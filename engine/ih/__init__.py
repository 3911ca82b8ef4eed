"""Infinite Horror: characters and the combat encounter (RULES.md §2–§3)."""
