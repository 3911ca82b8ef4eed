"""``replace`` for the engine's frozen records: :func:`dataclasses.replace`, made per class.

Every change of a state copies a frozen dataclass with some fields changed; an Infinite Horror
combatant has 45 fields, and :func:`dataclasses.replace` walks them through the generic field
list (a ``getattr`` and a keyword each) and then ``__init__`` every time: a third of an
import's replay of its journal (issue 30). Here each class gets one function, written once
from its field names, that builds the very object ``dataclasses.replace`` builds, field by
field. A class with an ``__post_init__`` or a field outside ``__init__`` is copied by
:func:`dataclasses.replace` itself (the engine has none).
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from types import MemberDescriptorType
from typing import TYPE_CHECKING, Any

Copier = Callable[[Any, dict[str, Any]], Any]

_COPIERS: dict[type, Copier] = {}


if TYPE_CHECKING:  # mypy checks the field names of a call as it does dataclasses.replace's
    from dataclasses import replace as replace
else:

    def replace(obj, /, **changes):
        """``obj`` with ``changes``, as :func:`dataclasses.replace` (a name that is not a field
        of its class is a ``TypeError``, as there)."""
        kind = type(obj)
        copier = _COPIERS.get(kind)
        if copier is None:
            copier = _COPIERS[kind] = _copier(kind)
        return copier(obj, changes)


def _copier(cls: type) -> Copier:
    """The copying function of ``cls`` (:func:`dataclasses.replace` for a class not plain)."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__"):
        return _generic
    if not cls.__dataclass_params__.init:  # type: ignore[attr-defined]
        return _generic  # its own __init__
    declared = cls.__dataclass_fields__.values()
    if any(f._field_type is not dataclasses._FIELD or not f.init for f in declared):  # type: ignore[attr-defined]
        return _generic  # a ClassVar/InitVar pseudo-field or a field outside __init__
    names = [f.name for f in dataclasses.fields(cls)]
    namespace: dict[str, Any] = {
        "cls": cls,
        "new_": object.__new__,
        "set_": object.__setattr__,
        "unexpected": lambda changes: _unexpected(cls, changes),
    }
    slots = [inspect.getattr_static(cls, name, None) for name in names]
    if all(isinstance(slot, MemberDescriptorType) for slot in slots):
        # Each field set through its slot: half the time of ``object.__setattr__`` by name (a
        # combatant has 45 fields, copied several times a ``next``; issue 30). The changes
        # are set after, through the same slots: a name that is not a field is refused.
        namespace["slots"] = {name: slot.__set__ for name, slot in zip(names, slots, strict=True)}
        lines = ["def copy(obj, changes):", "    new = new_(cls)"]
        for index, (name, slot) in enumerate(zip(names, slots, strict=True)):
            namespace[f"set_{index}"] = slot.__set__
            lines.append(f"    set_{index}(new, obj.{name})")
        lines += [
            "    for name, value in changes.items():",
            "        setter = slots.get(name)",
            "        if setter is None:",
            "            unexpected({name: value})",
            "        setter(new, value)",
            "    return new",
        ]
    else:
        lines = ["def copy(obj, changes):", "    new = new_(cls)"]
        lines += [
            f"    set_(new, {name!r}, changes.pop({name!r}) if {name!r} in changes else obj.{name})"
            for name in names
        ]
        lines += ["    if changes:", "        unexpected(changes)", "    return new"]
    exec("\n".join(lines), namespace)  # noqa: S102 - written from the class's own field names
    copier: Copier = namespace["copy"]
    return copier


def _unexpected(cls: type, changes: dict[str, Any]) -> None:
    raise TypeError(
        f"{cls.__name__}.__init__() got an unexpected keyword argument {next(iter(changes))!r}"
    )


def _generic(obj: Any, changes: dict[str, Any]) -> Any:
    return dataclasses.replace(obj, **changes)
