"""The Infinite Horror screen (RULES.md §1–§3): initiative, budgets, sheets, attacks, checks."""
