"""The Infinite Horror encounter's commands: what the console language parses into.

The console's keys and dialogs build these same objects (STYLE.md: one path into the engine).
This package is their one import path; the classes live by subject in ``combat.py`` (the
fight, RULES.md §3) and ``sheets.py`` (sheets, checks, extended actions, §1.8, §2, §3.10).
"""

from __future__ import annotations

from engine.ih.commands.combat import (
    Ability,
    Add,
    AddEffect,
    AdjustWillpower,
    Attack,
    Begin,
    CapFree,
    ChangeInitiative,
    Damage,
    DeclareInterrupt,
    Defend,
    Delay,
    EndEffect,
    EndMovie,
    EndScene,
    Extra,
    Faint,
    Heal,
    Hide,
    Next,
    Note,
    Remove,
    ResolveInterrupt,
    Reveal,
    SetDefense,
    Spend,
    Surprise,
    Swap,
    Temporary,
    UseWillpower,
)
from engine.ih.commands.sheets import (
    AddFromSheet,
    Check,
    DeleteSheet,
    DropExtended,
    LoseExtended,
    RollExtended,
    SetFeat,
    SetLanguage,
    SetSheet,
    SetSpecialty,
    StartExtended,
)

__all__ = [
    "Command",
    "Add",
    "Surprise",
    "Begin",
    "Next",
    "Spend",
    "Delay",
    "ChangeInitiative",
    "Swap",
    "Remove",
    "Hide",
    "Reveal",
    "Faint",
    "Damage",
    "Heal",
    "AdjustWillpower",
    "UseWillpower",
    "Defend",
    "Attack",
    "AddEffect",
    "EndEffect",
    "DeclareInterrupt",
    "ResolveInterrupt",
    "Extra",
    "CapFree",
    "Note",
    "Temporary",
    "SetDefense",
    "Ability",
    "EndScene",
    "EndMovie",
    "SetSheet",
    "DeleteSheet",
    "SetSpecialty",
    "SetFeat",
    "SetLanguage",
    "AddFromSheet",
    "Check",
    "StartExtended",
    "RollExtended",
    "LoseExtended",
    "DropExtended",
]

Command = (
    Add
    | Surprise
    | Begin
    | Next
    | Spend
    | Delay
    | ChangeInitiative
    | Swap
    | Remove
    | Hide
    | Reveal
    | Faint
    | Damage
    | Heal
    | AdjustWillpower
    | UseWillpower
    | Defend
    | Attack
    | AddEffect
    | EndEffect
    | DeclareInterrupt
    | ResolveInterrupt
    | Extra
    | CapFree
    | Note
    | Ability
    | Temporary
    | SetDefense
    | EndScene
    | EndMovie
    | SetSheet
    | DeleteSheet
    | SetSpecialty
    | SetFeat
    | SetLanguage
    | AddFromSheet
    | Check
    | StartExtended
    | RollExtended
    | LoseExtended
    | DropExtended
)
"""Every command of the Infinite Horror family."""
