"""Reusable widgets of the console: meters, budget slots, the dice log, the odds chart and the
command line. Each draws values handed down to it and posts messages up; none calls the engine."""
