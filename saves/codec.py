"""Explicit, generic codecs between engine dataclasses and JSON-able documents (no pickle).

Every state, command and event of the engine is a frozen dataclass whose fields are only
primitives, enum members, tuples, other such dataclasses, or unions of these (the codec rule of
the project). The codec walks the type hints once per class and compiles an encoder and a
decoder for it, so a journal of thousands of entries is converted quickly.

A dataclass is written as a JSON object with a ``"__type__"`` tag (``"engine.session.Scene"``)
and one key per field; an enum member in a position whose type is not known exactly (``Any``,
a union) as ``{"__enum__": "module.Name", "value": ...}``; a tuple as a list. Decoding only
accepts tags naming classes under the allowed packages (``engine`` by default), so a crafted
file cannot make the loader import or build anything else, and checks every value against the
field's type: a hand-edited file gives a :class:`DocumentError` naming where it went wrong.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import re
import threading
import types
import typing
from collections.abc import Callable
from typing import Any

Encoder = Callable[[Any], Any]
Decoder = Callable[[Any], Any]

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")
_MISSING = dataclasses.MISSING


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


def _type_name(value: Any) -> str:
    return "null" if value is None else type(value).__name__


class Memo:
    """The documents of the objects one :meth:`Codec.encode_reusing` call made, by identity."""

    def __init__(self) -> None:
        self.previous: dict[int, tuple[Any, dict[str, Any]]] = {}
        self.current: dict[int, tuple[Any, dict[str, Any]]] = {}


class Codec:
    """Encoders and decoders compiled per class; only classes under ``packages`` are trusted."""

    def __init__(self, packages: tuple[str, ...] = ("engine",)) -> None:
        self.packages = packages
        self._encoders: dict[Any, Encoder] = {}
        self._decoders: dict[Any, Decoder] = {}
        self._classes: dict[str, type] = {}
        self._local = threading.local()

    # -- public --------------------------------------------------------------------------------

    def encode(self, value: Any) -> Any:
        """A JSON-able document for any engine value (dataclass, enum, tuple, primitive)."""
        return self._encode_any(value)

    def encode_reusing(self, value: Any, memo: Memo) -> Any:
        """:meth:`encode`, reusing the documents of objects encoded last time with ``memo``.

        Engine values are immutable and successive states share every unchanged part, so a
        part that is the very object encoded last time gets the same document (never copied:
        callers must not mutate documents). ``memo`` then holds this time's parts only.
        """
        memo.current = {}
        self._local.memo = memo
        try:
            return self._encode_any(value)
        finally:
            self._local.memo = None
            memo.previous, memo.current = memo.current, {}

    def decode(self, document: Any) -> Any:
        """The value a document of :meth:`encode` describes.

        Raises:
            DocumentError: an unknown or untrusted type, a missing field, a wrong value type.
        """
        return self._decode_any(document)

    def encoder(self, hint: Any) -> Encoder:
        """The compiled encoder of values of type ``hint`` (a dataclass, a tuple type, ...)."""
        return self._encoder_for(hint)

    def decoder(self, hint: Any) -> Decoder:
        """The compiled, checking decoder of documents of type ``hint``."""
        return self._decoder_for(hint)

    def tag(self, cls: type) -> str:
        """The ``__type__`` tag of a dataclass."""
        return f"{cls.__module__}.{cls.__qualname__}"

    def resolve(self, tag: str) -> type:
        """The trusted dataclass or enum a tag names.

        Raises:
            DocumentError: the tag is malformed, outside the trusted packages, or unknown.
        """
        found = self._classes.get(tag)
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

    # -- encoding ------------------------------------------------------------------------------

    def _encode_any(self, value: Any) -> Any:
        if value is None or type(value) in (str, int, float, bool):
            return value
        if isinstance(value, enum.Enum):
            return {"__enum__": self.tag(type(value)), "value": value.value}
        if isinstance(value, tuple):
            return [self._encode_any(item) for item in value]
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return self._encoder_for(type(value))(value)
        raise TypeError(f"cannot encode a {type(value).__name__}: not an engine value")

    def _encoder_for(self, hint: Any) -> Encoder:
        found = self._encoders.get(hint)
        if found is None:
            found = self._build_encoder(hint)
            self._encoders[hint] = found
        return found

    def _build_encoder(self, hint: Any) -> Encoder:
        if hint in (int, str, float, bool, type(None)):
            return _identity
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return _enum_value
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            return self._dataclass_encoder(hint)
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                item = self._encoder_for(args[0])
                if item is _identity:
                    return list
                return lambda value: [item(x) for x in value]
            parts = [self._encoder_for(arg) for arg in args]
            return lambda value: [enc(x) for enc, x in zip(parts, value, strict=True)]
        optional = optional_of(hint)
        if optional is not None:
            inner = self._encoder_for(optional)
            return lambda value: None if value is None else inner(value)
        return self._encode_any

    def _dataclass_encoder(self, cls: type) -> Encoder:
        tag = self.tag(cls)
        plan: list[tuple[str, Encoder]] = []

        local = self._local

        def encode(value: Any) -> dict[str, Any]:
            if type(value) is not cls:
                return self._encode_any(value)  # type: ignore[no-any-return]
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

        self._encoders[cls] = encode  # before the fields: a class may nest itself
        hints = typing.get_type_hints(cls)
        for field in dataclasses.fields(cls):
            plan.append((field.name, self._encoder_for(hints[field.name])))
        return encode

    # -- decoding ------------------------------------------------------------------------------

    def _decode_any(self, document: Any) -> Any:
        kind = type(document)
        if document is None or kind in (str, int, float, bool):
            return document
        if kind is list:
            return tuple(self._decode_any(item) for item in document)
        if kind is dict:
            if "__type__" in document:
                cls = self.resolve(document["__type__"])
                if not dataclasses.is_dataclass(cls):
                    raise DocumentError(f"{document['__type__']!r} is not a dataclass")
                return self._decoder_for(cls)(document)
            if "__enum__" in document:
                cls = self.resolve(document["__enum__"])
                if not issubclass(cls, enum.Enum) or set(document) != {"__enum__", "value"}:
                    raise DocumentError(f"bad enum value {document!r}")
                try:
                    return cls(document["value"])
                except ValueError:
                    raise DocumentError(f"{document['value']!r} is not a {cls.__name__}") from None
            raise DocumentError("an object without a __type__ tag")
        raise DocumentError(f"unexpected {_type_name(document)}")

    def _decoder_for(self, hint: Any) -> Decoder:
        found = self._decoders.get(hint)
        if found is None:
            found = self._build_decoder(hint)
            self._decoders[hint] = found
        return found

    def _build_decoder(self, hint: Any) -> Decoder:
        if hint in (int, str, bool, type(None)):
            return _exact(hint)
        if hint is float:
            return _float
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return _enum_decoder(hint)
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            return self._dataclass_decoder(hint)
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin is tuple:
            return self._tuple_decoder(args)
        optional = optional_of(hint)
        if optional is not None:
            inner = self._decoder_for(optional)
            return lambda document: None if document is None else inner(document)
        if origin in (typing.Union, types.UnionType):
            return self._union_decoder(args)
        return self._decode_any

    def _tuple_decoder(self, args: tuple[Any, ...]) -> Decoder:
        if len(args) == 2 and args[1] is Ellipsis:
            item = self._decoder_for(args[0])

            def decode_items(document: Any) -> tuple[Any, ...]:
                if type(document) is not list:
                    raise DocumentError(f"expected a list, got {_type_name(document)}")
                try:
                    return tuple([item(x) for x in document])
                except DocumentError as error:
                    index = _failing_index(item, document)
                    raise error.at(f"[{index}]") from None

            return decode_items
        parts = [self._decoder_for(arg) for arg in args]

        def decode_fixed(document: Any) -> tuple[Any, ...]:
            if type(document) is not list or len(document) != len(parts):
                raise DocumentError(f"expected a list of {len(parts)} values")
            out = []
            for index, (dec, x) in enumerate(zip(parts, document, strict=True)):
                try:
                    out.append(dec(x))
                except DocumentError as error:
                    raise error.at(f"[{index}]") from None
            return tuple(out)

        return decode_fixed

    def _union_decoder(self, args: tuple[Any, ...]) -> Decoder:
        allowed = tuple(typing.get_origin(a) or a for a in args)

        def decode_union(document: Any) -> Any:
            value = self._decode_any(document)
            if type(value) is int and float in allowed and int not in allowed:
                value = float(value)
            if not isinstance(value, allowed) or (type(value) is bool and bool not in allowed):
                names = ", ".join(getattr(a, "__name__", str(a)) for a in allowed)
                raise DocumentError(f"expected one of {names}, got {_type_name(value)}")
            return value

        return decode_union

    def _dataclass_decoder(self, cls: type) -> Decoder:
        tag = self.tag(cls)
        plan: list[tuple[str, Decoder, Any]] = []
        names: set[str] = {"__type__"}

        def decode(document: Any) -> Any:
            if type(document) is not dict:
                raise DocumentError(f"expected a {cls.__name__} object, got {_type_name(document)}")
            if document.get("__type__") != tag:
                value = self._decode_any(document)
                if not isinstance(value, cls):
                    raise DocumentError(f"expected a {cls.__name__}, got {type(value).__name__}")
                return value
            args = []
            for name, dec, default in plan:
                try:
                    raw = document[name]
                except KeyError:
                    if default is _MISSING:
                        raise DocumentError(f"{cls.__name__} needs {name!r}") from None
                    args.append(default)
                    continue
                try:
                    args.append(dec(raw))
                except DocumentError as error:
                    raise error.at(f".{name}") from None
            if len(document) > len(plan) + 1:
                extra = sorted(set(document) - names)
                if extra:
                    raise DocumentError(f"{cls.__name__} has no field {extra[0]!r}")
            return cls(*args)

        self._decoders[cls] = decode
        hints = typing.get_type_hints(cls)
        for field in dataclasses.fields(cls):
            if not field.init:
                raise TypeError(f"{tag}.{field.name}: init=False fields are not supported")
            default: Any = field.default
            if default is _MISSING and field.default_factory is not _MISSING:
                default = field.default_factory()  # type: ignore[operator]
            plan.append((field.name, self._decoder_for(hints[field.name]), default))
            names.add(field.name)
        return decode


def _identity(value: Any) -> Any:
    return value


def _enum_value(value: Any) -> Any:
    return value.value


def optional_of(hint: Any) -> Any:
    """``X`` for ``X | None`` (one non-None member), else ``None``."""
    if typing.get_origin(hint) not in (typing.Union, types.UnionType):
        return None
    members = [a for a in typing.get_args(hint) if a is not type(None)]
    if len(members) == 1 and len(typing.get_args(hint)) == 2:
        return members[0]
    return None


def _exact(kind: type) -> Decoder:
    def decode(document: Any) -> Any:
        if type(document) is not kind:
            name = "null" if kind is type(None) else kind.__name__
            raise DocumentError(f"expected {name}, got {_type_name(document)}")
        return document

    return decode


def _float(document: Any) -> float:
    if type(document) is float:
        return document
    if type(document) is int:
        return float(document)
    raise DocumentError(f"expected a number, got {_type_name(document)}")


def _enum_decoder(cls: type[enum.Enum]) -> Decoder:
    members = {member.value: member for member in cls}

    def decode(document: Any) -> Any:
        if type(document) is dict:
            document = document.get("value") if document.get("__enum__") else document
        try:
            return members[document]
        except (KeyError, TypeError):
            raise DocumentError(f"{document!r} is not a {cls.__name__}") from None

    return decode


def _failing_index(item: Decoder, document: list[Any]) -> int:
    for index, x in enumerate(document):
        try:
            item(x)
        except DocumentError:
            return index
    return 0


DEFAULT = Codec()
"""The codec of saved files: engine types only."""
