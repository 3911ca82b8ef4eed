"""Which classes a saved document may name: the ``__type__`` tags of the codec, resolved only
among trusted packages, and the error every decoder raises for a document of the wrong shape.

A dataclass is written with a ``"__type__"`` tag (``"engine.session.Scene"``) and an enum member
in a position of unknown type as ``{"__enum__": "module.Name", "value": ...}``. A tag is turned
back into a class only when it names a dataclass or enum under the allowed packages (``engine``
by default), so a crafted file cannot make the loader import or build anything else.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import re
import types
import typing
from typing import Any, Generic, TypeVar

Compiled = TypeVar("Compiled")

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")


class DocumentError(ValueError):
    """A document does not have the shape its types need; ``where`` is a path (``state.x[2]``)."""

    def __init__(self, problem: str, where: str = "") -> None:
        super().__init__(problem)
        self.problem = problem
        self.where = where

    def at(self, step: str) -> DocumentError:
        """The same error one level further out (``step`` is ``.name`` or ``[3]``)."""
        self.where = step + self.where
        return self

    def __str__(self) -> str:
        place = self.where.lstrip(".")
        return f"{place}: {self.problem}" if place else self.problem


def type_name(value: Any) -> str:
    """The JSON-ish name of a value's type, for messages (``null``, ``str``, ``dict``)."""
    return "null" if value is None else type(value).__name__


def optional_of(hint: Any) -> Any:
    """``X`` for ``X | None`` (one non-None member), else ``None``."""
    if typing.get_origin(hint) not in (typing.Union, types.UnionType):
        return None
    members = [a for a in typing.get_args(hint) if a is not type(None)]
    if len(members) == 1 and len(typing.get_args(hint)) == 2:
        return members[0]
    return None


class TypeRegistry:
    """The tags of dataclasses and enums, and the trusted classes they name (cached)."""

    def __init__(self, packages: tuple[str, ...] = ("engine",)) -> None:
        self.packages = packages
        self._classes: dict[str, type] = {}

    def tag(self, cls: type) -> str:
        """The ``__type__`` tag of a dataclass."""
        return f"{cls.__module__}.{cls.__qualname__}"

    def resolve(self, tag: str) -> type:
        """The trusted dataclass or enum a tag names.

        Raises:
            DocumentError: the tag is malformed, outside the trusted packages, or unknown.
        """
        found = self._classes.get(tag) if type(tag) is str else None  # [1] is no key
        if found is not None:
            return found
        if not isinstance(tag, str) or not _NAME.match(tag):
            raise DocumentError(f"bad type tag {tag!r}")
        if not any(tag == p or tag.startswith(p + ".") for p in self.packages):
            raise DocumentError(f"type {tag!r} is not an engine type; refusing to load it")
        module_name, _, class_name = tag.rpartition(".")
        module: Any = None
        while module_name:
            try:
                module = importlib.import_module(module_name)
                break
            except ImportError:
                module_name, _, outer = module_name.rpartition(".")
                class_name = f"{outer}.{class_name}"
        if module is None:
            raise DocumentError(f"unknown type {tag!r}")
        obj: Any = module
        for part in class_name.split("."):
            obj = getattr(obj, part, None)
        trusted = isinstance(obj, type) and (
            dataclasses.is_dataclass(obj) or issubclass(obj, enum.Enum)
        )
        if not trusted or self.tag(obj) != tag:
            raise DocumentError(f"unknown type {tag!r}")
        found_class: type = obj
        self._classes[tag] = found_class
        return found_class


class PerHint(Generic[Compiled]):
    """One compiled function per type hint, built on first use (the encoders and the checked
    decoders of a codec: a journal of thousands of entries walks each class's hints once)."""

    def __init__(self, registry: TypeRegistry) -> None:
        self.registry = registry
        self.compiled: dict[Any, Compiled] = {}

    def compiled_for(self, hint: Any) -> Compiled:
        """The compiled function for ``hint``, built now if it is the first time."""
        found = self.compiled.get(hint)
        if found is None:
            found = self.build(hint)
            self.compiled[hint] = found
        return found

    def build(self, hint: Any) -> Compiled:
        """Compile the function for ``hint``."""
        raise NotImplementedError
