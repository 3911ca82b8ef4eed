"""A case file for the players' clue board tests (issue 29 §3)."""

BOARD = [
    'mission "Harbour"',
    'cutin "Three sailors vanished"',
    'clue "Claw marks"',
    'clue "Silver casings"',
    'clue "A dog barked"',
    'conclusion "A werewolf" supports=c1,c2 contradicts=c3',
    "answer q1 k1",
]
