"""Engine values to JSON-able documents: one encoder compiled per class from its type hints.

A dataclass becomes a JSON object with its ``"__type__"`` tag and one key per field; an enum
member its value where the field's type says which enum, else ``{"__enum__": tag, "value": v}``;
a tuple a list. An autosave re-encodes a state that shares almost every part with the last one:
:meth:`Encoders.encode_reusing` gives an unchanged part (the very same object) the document it
got last time.
"""

from __future__ import annotations

import dataclasses
import enum
import threading
import typing
from collections.abc import Callable
from typing import Any

from saves.type_registry import PerHint, TypeRegistry, optional_of

Encoder = Callable[[Any], Any]


class Memo:
    """The documents of the objects one :meth:`Encoders.encode_reusing` call made, by identity."""

    def __init__(self) -> None:
        self.previous: dict[int, tuple[Any, dict[str, Any]]] = {}
        self.current: dict[int, tuple[Any, dict[str, Any]]] = {}


class Encoders(PerHint[Encoder]):
    """The compiled encoders of one codec, per type hint."""

    def __init__(self, registry: TypeRegistry) -> None:
        super().__init__(registry)
        self._local = threading.local()

    def encode(self, value: Any) -> Any:
        """A JSON-able document for any engine value (dataclass, enum, tuple, primitive)."""
        if value is None or type(value) in (str, int, float, bool):
            return value
        if isinstance(value, enum.Enum):
            return {"__enum__": self.registry.tag(type(value)), "value": value.value}
        if isinstance(value, tuple):
            return [self.encode(item) for item in value]
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return self.encoder(type(value))(value)
        raise TypeError(f"cannot encode a {type(value).__name__}: not an engine value")

    def encode_reusing(self, value: Any, memo: Memo) -> Any:
        """:meth:`encode`, reusing the documents of objects encoded last time with ``memo``.

        Engine values are immutable and successive states share every unchanged part, so a
        part that is the very object encoded last time gets the same document (never copied:
        callers must not mutate documents). ``memo`` then holds this time's parts only.
        """
        memo.current = {}
        self._local.memo = memo
        try:
            return self.encode(value)
        finally:
            self._local.memo = None
            memo.previous, memo.current = memo.current, {}

    encoder = PerHint.compiled_for
    """The compiled encoder of values of type ``hint`` (a dataclass, a tuple type, ...)."""

    def build(self, hint: Any) -> Encoder:
        if hint in (int, str, float, bool, type(None)):
            return _identity
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return _enum_value
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            return self._dataclass_encoder(hint)
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                item = self.encoder(args[0])
                if item is _identity:
                    return list
                return lambda value: [item(x) for x in value]
            parts = [self.encoder(arg) for arg in args]
            return lambda value: [enc(x) for enc, x in zip(parts, value, strict=True)]
        optional = optional_of(hint)
        if optional is not None:
            inner = self.encoder(optional)
            return lambda value: None if value is None else inner(value)
        return self.encode

    def _dataclass_encoder(self, cls: type) -> Encoder:
        tag = self.registry.tag(cls)
        plan: list[tuple[str, Encoder]] = []

        local = self._local

        def encode(value: Any) -> dict[str, Any]:
            if type(value) is not cls:
                return self.encode(value)  # type: ignore[no-any-return]
            memo: Memo | None = getattr(local, "memo", None)
            if memo is not None:
                seen = memo.previous.get(id(value))
                if seen is not None and seen[0] is value:
                    memo.current[id(value)] = seen
                    return seen[1]
            document: dict[str, Any] = {"__type__": tag}
            for name, enc in plan:
                document[name] = enc(getattr(value, name))
            if memo is not None:
                memo.current[id(value)] = (value, document)
            return document

        self.compiled[cls] = encode  # before the fields: a class may nest itself
        hints = typing.get_type_hints(cls)
        for field in dataclasses.fields(cls):
            plan.append((field.name, self.encoder(hints[field.name])))
        return encode


def _identity(value: Any) -> Any:
    return value


def _enum_value(value: Any) -> Any:
    return value.value
