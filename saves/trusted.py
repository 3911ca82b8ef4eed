"""The fast path for loading what ST Console wrote itself (sealed, checksummed journal chunks).

:class:`saves.codec.Codec` checks every value of a document against its type, which a
hand-edited file needs. A sealed journal chunk carries its checksum in its file name, so bytes
that match are exactly the ones written from checked values; they are decoded here without the
checks, objects built bottom-up from the JSON parser's object hook, each class with a compiled
builder. Loading a 5,000-entry journal then costs about as much as parsing it
(tests/benchmarks/). Type tags are still resolved only among the codec's trusted packages.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import typing
from collections.abc import Callable
from typing import Any

from saves.codec import DEFAULT, Codec
from saves.type_registry import DocumentError, optional_of

_MISSING = dataclasses.MISSING


class TrustedDecoder:
    """Builds engine values from verified JSON bytes; one per codec, builders cached."""

    def __init__(self, codec: Codec) -> None:
        self.codec = codec
        self._builders: dict[str, Callable[[dict[str, Any]], Any]] = {}
        self._flat_tags: set[str] = set()

    def loads(self, raw: bytes) -> Any:
        """Parse JSON this program wrote itself, building engine objects as the parser goes.

        Used only where the bytes were verified first (a sealed journal chunk's checksum): it
        skips the type checks of :meth:`Codec.decode` and builds objects bottom-up from the parser's
        object hook, so loading a long journal costs little more than parsing it. Equal small
        values (``Next()``, the default interpretations) are built once and shared: they are
        immutable. Tags are still resolved only among the trusted packages.

        Raises:
            DocumentError: an unknown tag or a field the class does not have.
            ValueError: not JSON.
        """
        builders = self._builders
        flat = self._flat_tags
        shared: dict[tuple[Any, ...], Any] = {}

        def hook(document: dict[str, Any]) -> Any:
            tag = document.get("__type__")
            if tag is None:
                return self._trusted_plain(document)
            if tag in flat:
                key = tuple(document.values())
                found = shared.get(key)
                if found is None:
                    found = shared[key] = builders[tag](document)
                return found
            builder = builders.get(tag)
            if builder is None:
                builder = self._trusted_builder(self.codec.resolve(tag))
                if self._flat(self.codec.resolve(tag)):
                    flat.add(tag)
                    return hook(document)
            return builder(document)

        return json.loads(raw, object_hook=hook)

    def _flat(self, cls: type) -> bool:
        """Whether every field of ``cls`` holds a primitive (cheap to compare and share)."""
        hints = typing.get_type_hints(cls)
        simple = (int, str, float, bool, type(None))
        return all(
            hints[f.name] in simple
            or (isinstance(hints[f.name], type) and issubclass(hints[f.name], enum.Enum))
            or (optional_of(hints[f.name]) in simple)
            for f in dataclasses.fields(cls)
        )

    def _trusted_plain(self, document: dict[str, Any]) -> Any:
        enum_tag = document.get("__enum__")
        if enum_tag is None:
            return document
        cls = self.codec.resolve(enum_tag)
        try:
            return cls(document["value"])
        except (KeyError, ValueError, TypeError):
            raise DocumentError(f"bad enum value {document!r}") from None

    def _trusted_builder(self, cls: type) -> Callable[[dict[str, Any]], Any]:
        """Compile, remember and return the trusted builder of ``cls``."""
        if not dataclasses.is_dataclass(cls):
            raise DocumentError(f"{self.codec.tag(cls)!r} is not a dataclass")
        hints = typing.get_type_hints(cls)
        fields = dataclasses.fields(cls)
        size = len(fields) + 1
        namespace: dict[str, Any] = {"cls": cls, "new": object.__new__}
        direct = _slot_setters(cls)
        body = []
        for index, field in enumerate(fields):
            if not field.name.isidentifier():
                raise DocumentError(f"{cls.__name__}: unsupported field {field.name!r}")
            converter = _trusted_converter(hints[field.name])
            value = f"d[{field.name!r}]"
            if converter is not None:
                namespace[f"c{index}"] = converter
                value = f"c{index}({value})"
            if direct is not None:
                namespace[f"s{index}"] = direct[field.name]
                body.append(f"        s{index}(o, {value})")
            else:
                body.append(f"{field.name}={value}")
        if direct is not None:
            # As pickle does: a new object with its slots filled, no __init__ frame per object.
            construct = "        o = new(cls)\n" + "\n".join(body) + "\n        return o\n"
        else:
            construct = f"        return cls({', '.join(body)})\n"
        namespace.update(size=size, fields=fields, complete=_complete, DocumentError=DocumentError)
        source = (
            "def build(d):\n"
            "    if len(d) != size:\n"
            "        complete(cls, fields, d)\n"
            "    try:\n"
            f"{construct}"
            "    except KeyError as error:\n"
            "        raise DocumentError(f'{cls.__name__} needs {error}') from None\n"
            "    except TypeError as error:\n"
            "        raise DocumentError(f'{cls.__name__}: {error}') from None\n"
        )
        exec(source, namespace)
        build: Callable[[dict[str, Any]], Any] = namespace["build"]
        self._builders[self.codec.tag(cls)] = build
        return build


def _complete(cls: type, fields: tuple[dataclasses.Field[Any], ...], document: Any) -> None:
    """Fill a trusted document's missing defaulted fields; refuse fields the class lacks."""
    names = {field.name for field in fields} | {"__type__"}
    extra = sorted(set(document) - names)
    if extra:
        raise DocumentError(f"{cls.__name__} has no field {extra[0]!r}")
    for field in fields:
        if field.name not in document:
            if field.default is not _MISSING:
                document[field.name] = field.default
            elif field.default_factory is not _MISSING:
                document[field.name] = field.default_factory()


def _freeze(value: Any) -> Any:
    """JSON lists as tuples, all the way down (values in ``Any`` positions)."""
    if type(value) is list:
        return tuple([_freeze(item) for item in value])
    return value


def _slot_setters(cls: type) -> dict[str, Callable[[Any, Any], None]] | None:
    """The slot setters of a slotted dataclass with a generated ``__init__`` and no
    ``__post_init__``, whose objects can be filled directly; else ``None``."""
    if hasattr(cls, "__post_init__") or "__slots__" not in cls.__dict__:
        return None
    setters = {}
    for field in dataclasses.fields(cls):
        slot = cls.__dict__.get(field.name)
        if slot is None or not hasattr(slot, "__set__"):
            return None
        setters[field.name] = slot.__set__
    return setters


def _freeze_items(value: Any) -> tuple[Any, ...]:
    """A list of ``Any`` values as a tuple; a call only for the items that are lists."""
    return tuple([x if type(x) is not list else _freeze(x) for x in value])


def _trusted_converter(hint: Any) -> Callable[[Any], Any] | None:
    """What a trusted value of type ``hint`` needs after parsing, or ``None`` for nothing."""
    if hint in (int, str, float, bool, type(None)):
        return None
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        members = {member.value: member for member in hint}
        return lambda value: members[value] if type(value) is not dict else value
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return None
    optional = optional_of(hint)
    if optional is not None:
        inner = _trusted_converter(optional)
        if inner is None:
            return None
        return lambda value: None if value is None else inner(value)
    if typing.get_origin(hint) is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            item = _trusted_converter(args[0])
            if item is None:
                return tuple
            if item is _freeze:
                return _freeze_items
            return lambda value: tuple([item(x) for x in value])
        parts = [_trusted_converter(arg) or _identity for arg in args]
        return lambda value: tuple([p(x) for p, x in zip(parts, value, strict=True)])
    return _freeze


def _identity(value: Any) -> Any:
    return value


TRUSTED = TrustedDecoder(DEFAULT)
"""The trusted decoder of the default (engine-only) codec."""
