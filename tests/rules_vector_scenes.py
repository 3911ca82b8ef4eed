"""The scenes RULES.md §5's vectors start from, as console lines: the engine's vector tests
(tests/engine/test_rules_vectors_*.py) and the command line's (tests/test_rules_vectors_cli.py)
play the very same ones."""

from __future__ import annotations

NINE = ["add A init=15 com=3", "add B init=15 com=2", "add C init=12", "begin"]
THIRTEEN = ["add Ghoul init=15 defense=2 defense-bonus=1 health=9", "add Ann init=12", "begin"]
FIFTEEN = ["add T init=15 defense=3 willpower=2 health=20", "add A init=12", "begin"]
SEVENTEEN = [
    "add D init=15 defense=1 defense-bonus=3 health=20",
    "add A init=12",
    "add B init=10",
    "begin",
    "next",  # A: D has acted, so it is not flat-footed (§3.3)
]
EIGHTEEN = ["add A init=15", "add X init=12 health=20", "add Y init=10 health=20", "begin"]
NINETEEN = ['extended Ann "Lock" dp=3 dc=3 interval=turn mishap', "extended roll x1"]
TWENTY = ["sheet Ann pc intelligence=3 resolve=3 concentration=2 firearms=4"]
LANGUAGES = [
    'language Ann "Mandarin" 4 native family=Sinitic',
    'language Ann "Cantonese" 2 family=Sinitic',
    'language Ann "English" 1',
]
CASE_FILE = [
    "pc Mei",
    'clue "Claw marks"',
    'clue "Silver casings"',
    'conclusion "A werewolf" supports=c1,c2',
    'conclusion "A wolf" supports=c1',
    "casefile open",
]
"""Vector 24's case file, open (§4.7)."""
