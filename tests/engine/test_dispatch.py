"""One dispatch shape for both families (engine/dispatch.py): every command type of each
family's ``Command`` union has exactly one handler, and nothing else has one."""

from __future__ import annotations

import random
import typing

import pytest

from engine import commands
from engine.dispatch import dispatch
from engine.errors import RuleError
from engine.ih import commands as ih
from engine.ih.handlers import HANDLERS as IH_HANDLERS
from engine.mist import commands as mist
from engine.mist.handlers import HANDLERS as MIST_HANDLERS


def test_every_ih_command_type_has_exactly_one_handler() -> None:
    assert set(IH_HANDLERS) == set(typing.get_args(ih.Command))
    assert len(set(IH_HANDLERS.values())) == len(IH_HANDLERS)


def test_every_mist_command_type_has_exactly_one_handler() -> None:
    assert set(MIST_HANDLERS) == set(typing.get_args(mist.Command))
    assert len(set(MIST_HANDLERS.values())) == len(MIST_HANDLERS)


def test_the_command_union_is_both_families_and_the_shared_commands() -> None:
    members = set(typing.get_args(commands.Command))
    assert set(typing.get_args(ih.Command)) <= members
    assert set(typing.get_args(mist.Command)) <= members
    assert {commands.NewScene, commands.Undo, commands.Redo} <= members


def test_handlers_are_named_functions() -> None:
    for handler in (*IH_HANDLERS.values(), *MIST_HANDLERS.values()):
        assert handler.__name__ != "<lambda>"


@pytest.mark.parametrize(
    ("system", "command", "code"),
    [
        ("ih-d10", mist.EndMission(), "ih.family.infinite-horror-command"),
        ("mist", ih.Begin(), "mist.family.command"),
    ],
)
def test_a_command_of_the_other_family_is_refused_by_code(
    system: str, command: object, code: str
) -> None:
    state = commands.new_state(system)
    handlers = IH_HANDLERS if system != "mist" else MIST_HANDLERS
    with pytest.raises(RuleError) as caught:
        dispatch(handlers, state, command, random.Random(0), lambda c: RuleError(code))  # type: ignore[arg-type]
    assert caught.value.code == code
    with pytest.raises(RuleError) as through_apply:
        commands.apply(state, system, command, random.Random(0))  # type: ignore[arg-type]
    assert through_apply.value.code == code
    assert through_apply.value.params == {"command": type(command).__name__}
