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
import operator
import threading
import typing
from collections.abc import Callable
from typing import Any

from saves.type_registry import PerHint, TypeRegistry, optional_of

Encoder = Callable[[Any], Any]


class Memo:
    """The documents of the objects one :meth:`Encoders.encode_reusing` call made, by identity
    (dataclasses' dicts; long tuples' lists, and per tuple encoder the last long tuple it
    encoded, so a tuple that grew by appending only encodes what it appended)."""

    def __init__(self) -> None:
        self.previous: dict[int, tuple[Any, Any]] = {}
        self.current: dict[int, tuple[Any, Any]] = {}
        self.previous_grown: dict[int, tuple[Any, list[Any]]] = {}
        self.current_grown: dict[int, tuple[Any, list[Any]]] = {}


LONG = 16
"""A tuple this long or longer is remembered by :meth:`Encoders.encode_reusing` (shorter ones
cost less to encode again than to look up)."""

_grown = threading.local()


def grown_lists() -> dict[int, tuple[list[Any], list[Any]]]:
    """The lists the last :meth:`Encoders.encode_reusing` in this thread made by appending to
    the list of an earlier one: ``id(new) → (new, earlier)`` (``saves.json_text`` then writes
    only the appended items' text)."""
    found: dict[int, tuple[list[Any], list[Any]]] | None = getattr(_grown, "lists", None)
    if found is None:
        found = _grown.lists = {}
    return found


class Encoders(PerHint[Encoder]):
    """The compiled encoders of one codec, per type hint."""

    def __init__(self, registry: TypeRegistry) -> None:
        super().__init__(registry)
        self._local = threading.local()
        self._reusing = [0]
        """How many :meth:`encode_reusing` calls are under way, in any thread: while none is,
        an encoder does not look for this thread's memo (half a million looks an import)."""
        self._reusing_lock = threading.Lock()
        self._classes: dict[type, Encoder] = {}
        """The encoder of each dataclass compiled so far, by the value's very type."""

    def encode(self, value: Any) -> Any:
        """A JSON-able document for any engine value (dataclass, enum, tuple, primitive)."""
        known = self._classes.get(type(value))
        if known is not None:  # a dataclass met before (a union field's value: every command)
            return known(value)
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
        memo.current_grown = {}
        _grown.lists = {}
        self._local.memo = memo
        with self._reusing_lock:
            self._reusing[0] += 1
        try:
            return self.encode(value)
        finally:
            self._local.memo = None
            with self._reusing_lock:
                self._reusing[0] -= 1
            memo.previous, memo.current = memo.current, {}
            memo.previous_grown, memo.current_grown = memo.current_grown, {}

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
                return self._items_encoder(item)
            parts = [self.encoder(arg) for arg in args]
            return lambda value: [enc(x) for enc, x in zip(parts, value, strict=True)]
        optional = optional_of(hint)
        if optional is not None:
            inner = self.encoder(optional)
            return lambda value: None if value is None else inner(value)
        return self.encode

    def _items_encoder(self, item: Encoder) -> Encoder:
        """The encoder of ``tuple[X, ...]``: with a memo, a long tuple encoded last time gets
        its list again, and one that only appended to the last long tuple of this type gets
        that list plus its new items (a scene's rolls grow by one at a time: issue 30)."""
        local = self._local
        reusing = self._reusing

        def encode_items(value: Any) -> list[Any]:
            memo: Memo | None = getattr(local, "memo", None) if reusing[0] else None
            if memo is None or len(value) < LONG:
                return [item(x) for x in value]
            seen = memo.previous.get(id(value)) or memo.current.get(id(value))
            if seen is not None and seen[0] is value:
                memo.current[id(value)] = seen
                memo.current_grown[id(encode_items)] = seen
                document: list[Any] = seen[1]
                return document
            base = memo.previous_grown.get(id(encode_items)) or memo.current_grown.get(
                id(encode_items)
            )
            start = len(base[0]) if base is not None else 0
            if base is not None and start <= len(value) and _begins(value, base[0]):
                document = base[1] + [item(x) for x in value[start:]]
                grown_lists()[id(document)] = (document, base[1])
            else:
                document = [item(x) for x in value]
            memo.current[id(value)] = (value, document)
            memo.current_grown[id(encode_items)] = (value, document)
            return document

        return encode_items

    def _dataclass_encoder(self, cls: type) -> Encoder:
        """The encoder of ``cls``, written as one function from its fields (a field of a
        primitive type is read straight into the document): a loop over the fields, calling
        each one's encoder, cost an import of 50,000 entries a second (issue 30)."""
        built: list[Encoder] = []

        def pending(value: Any) -> Any:  # a class that nests itself meets this while built
            return built[0](value)

        self.compiled[cls] = pending
        hints = typing.get_type_hints(cls)
        parts = []
        namespace: dict[str, Any] = {
            "cls": cls,
            "tag": self.registry.tag(cls),
            "local": self._local,
            "reusing": self._reusing,
            "generic": self.encode,
            "getattr": getattr,
            "id": id,
        }
        for index, field in enumerate(dataclasses.fields(cls)):
            enc = self.encoder(hints[field.name])
            read = f"value.{field.name}"
            if enc is _identity:
                parts.append(f"{field.name!r}: {read}")
            elif enc is list:
                parts.append(f"{field.name!r}: list({read})")
            else:
                namespace[f"e{index}"] = enc
                parts.append(f"{field.name!r}: e{index}({read})")
        body = ", ".join(["'__type__': tag", *parts])
        source = f"""
def encode(value):
    if type(value) is not cls:
        return generic(value)
    memo = getattr(local, "memo", None) if reusing[0] else None
    if memo is None:
        return {{{body}}}
    seen = memo.previous.get(id(value))
    if seen is not None and seen[0] is value:
        memo.current[id(value)] = seen
        return seen[1]
    document = {{{body}}}
    memo.current[id(value)] = (value, document)
    return document
"""
        exec(source, namespace)  # noqa: S102 - written from the class's own field names
        encode: Encoder = namespace["encode"]
        built.append(encode)
        self._classes[cls] = encode
        return encode


def _identity(value: Any) -> Any:
    return value


def _begins(value: tuple[Any, ...], start: tuple[Any, ...]) -> bool:
    """Whether ``value`` begins with the very objects of ``start`` (at C speed)."""
    return all(map(operator.is_, value[: len(start)], start))


def _enum_value(value: Any) -> Any:
    return value.value
