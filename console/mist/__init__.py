"""The M.I.S.T. screen of the console (issue 7): scene loop, characters, roll builder, case file."""
