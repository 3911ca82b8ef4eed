"""Dice of the three systems (``ih-d10``, ``ih-d6``, ``mist``) and their exact odds."""
