"""Documents back to engine values, every value checked against its field's type.

A hand-edited file must get a message naming where it went wrong, never a half-built state:
each class gets one compiled decoder that checks the document's shape as it builds
(:class:`DocumentError` with a path such as ``state.order[2].health``). What ST Console wrote
itself and verified by checksum takes the faster path of :mod:`saves.trusted` instead.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable
from typing import Any

from saves.type_registry import DocumentError, PerHint, TypeRegistry, optional_of, type_name

Decoder = Callable[[Any], Any]

_MISSING = dataclasses.MISSING


class CheckedDecoders(PerHint[Decoder]):
    """The compiled, checking decoders of one codec, per type hint."""

    def __init__(self, registry: TypeRegistry) -> None:
        super().__init__(registry)
        self._tags: dict[str, Decoder] = {}
        """The decoder of each ``__type__`` tag resolved so far."""

    def decode(self, document: Any) -> Any:
        """The value a document describes, its classes named by its tags.

        Raises:
            DocumentError: an unknown or untrusted type, a missing field, a wrong value type.
        """
        kind = type(document)
        if document is None or kind in (str, int, float, bool):
            return document
        if kind is list:
            return tuple(self.decode(item) for item in document)
        if kind is dict:
            tag = document.get("__type__")
            known = self._tags.get(tag) if type(tag) is str else None
            if known is not None:  # a tag met before (a union field's value: every command)
                return known(document)
            if "__type__" in document:
                cls = self.registry.resolve(document["__type__"])
                if not dataclasses.is_dataclass(cls):
                    raise DocumentError(f"{document['__type__']!r} is not a dataclass")
                found = self.decoder(cls)
                if type(document["__type__"]) is str:
                    self._tags[document["__type__"]] = found
                return found(document)
            if "__enum__" in document:
                cls = self.registry.resolve(document["__enum__"])
                if not issubclass(cls, enum.Enum) or set(document) != {"__enum__", "value"}:
                    raise DocumentError(f"bad enum value {document!r}")
                try:
                    return cls(document["value"])
                except ValueError:
                    raise DocumentError(f"{document['value']!r} is not a {cls.__name__}") from None
            raise DocumentError("an object without a __type__ tag")
        raise DocumentError(f"unexpected {type_name(document)}")

    decoder = PerHint.compiled_for
    """The compiled, checking decoder of documents of type ``hint``."""

    def build(self, hint: Any) -> Decoder:
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
            inner = self.decoder(optional)
            return lambda document: None if document is None else inner(document)
        if origin in (typing.Union, types.UnionType):
            return self._union_decoder(args)
        return self.decode

    def _tuple_decoder(self, args: tuple[Any, ...]) -> Decoder:
        if len(args) == 2 and args[1] is Ellipsis:
            item = self.decoder(args[0])

            def decode_items(document: Any) -> tuple[Any, ...]:
                if type(document) is not list:
                    raise DocumentError(f"expected a list, got {type_name(document)}")
                try:
                    return tuple([item(x) for x in document])
                except DocumentError as error:
                    index = _failing_index(item, document)
                    raise error.at(f"[{index}]") from None

            return decode_items
        parts = [self.decoder(arg) for arg in args]

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
        classes = [a for a in allowed if isinstance(a, type) and dataclasses.is_dataclass(a)]
        by_tag: dict[str, Decoder] = {}

        def decode_union(document: Any) -> Any:
            if type(document) is dict and classes:
                if not by_tag:  # on first use: a member may hold this very union
                    by_tag.update((self.registry.tag(c), self.decoder(c)) for c in classes)
                tag = document.get("__type__")
                found = by_tag.get(tag) if type(tag) is str else None
                if found is not None:  # a member's own tag: its decoder makes a member
                    return found(document)
            value = self.decode(document)
            if type(value) is int and float in allowed and int not in allowed:
                value = float(value)
            if not isinstance(value, allowed) or (type(value) is bool and bool not in allowed):
                names = ", ".join(getattr(a, "__name__", str(a)) for a in allowed)
                raise DocumentError(f"expected one of {names}, got {type_name(value)}")
            return value

        return decode_union

    def _dataclass_decoder(self, cls: type) -> Decoder:
        tag = self.registry.tag(cls)
        plan: list[tuple[str, Decoder, Any]] = []
        names: set[str] = {"__type__"}

        def decode(document: Any) -> Any:
            if type(document) is not dict:
                raise DocumentError(f"expected a {cls.__name__} object, got {type_name(document)}")
            if document.get("__type__") != tag:
                value = self.decode(document)
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

        self.compiled[cls] = decode  # before the fields: a class may nest itself
        hints = typing.get_type_hints(cls)
        for field in dataclasses.fields(cls):
            if not field.init:
                raise TypeError(f"{tag}.{field.name}: init=False fields are not supported")
            default: Any = field.default
            if default is _MISSING and field.default_factory is not _MISSING:
                default = field.default_factory()  # type: ignore[operator]
            plan.append((field.name, self.decoder(hints[field.name]), default))
            names.add(field.name)
        return _fast_decoder(cls, tag, plan, [hints[name] for name, _, _ in plan], decode)


_PRIMITIVES = {int: "int", str: "str", bool: "bool", type(None): "NoneType"}
"""The field types whose documents are the values themselves, checked by their exact type."""

SHARED_LIMIT = 4096
"""How many documents of small all-primitive records (the interpretations every roll of a
journal carries) a decoder remembers the value of."""


def _fast_decoder(
    cls: type, tag: str, plan: list[tuple[str, Decoder, Any]], hints: list[Any], slow: Decoder
) -> Decoder:
    """``slow`` (the decoder above, that names what is wrong), with a faster path written as
    one function for the document the encoder writes: the class's own tag, every field there
    and nothing else, each primitive field of its exact type. Any other document (a default
    left out, an ``int`` for a ``float``, a bad value) is handed to ``slow`` whole: what is
    accepted, and what each value decodes to, are the same (issue 30: an import's decoding).

    A record of 8 or more fields, each ``int``, ``str``, ``bool`` or ``None``, decoded again
    from a document of the same keys, values and value types, is the value decoded before
    (records are immutable): the interpretations are in every roll of a journal."""
    namespace: dict[str, Any] = {
        "cls": cls,
        "tag": tag,
        "slow": slow,
        "DocumentError": DocumentError,
    }
    reads, checks, args = [], [], []
    for index, ((name, dec, _), hint) in enumerate(zip(plan, hints, strict=True)):
        reads.append(f"v{index} = document[{name!r}]")
        inner = optional_of(hint)
        if hint in _PRIMITIVES:
            namespace[_PRIMITIVES[hint]] = hint
            checks.append(f"type(v{index}) is not {_PRIMITIVES[hint]}")
            args.append(f"v{index}")
        elif inner in _PRIMITIVES and inner is not type(None):
            namespace[_PRIMITIVES[inner]] = inner
            checks.append(f"(v{index} is not None and type(v{index}) is not {_PRIMITIVES[inner]})")
            args.append(f"v{index}")
        else:
            namespace[f"d{index}"] = dec
            args.append(f"d{index}(v{index})")
    flat = len(plan) >= 8 and all(hint in _PRIMITIVES for hint in hints)
    lines = [
        "def decode(document):",
        f"    if type(document) is not dict or len(document) != {len(plan) + 1} "
        "or document.get('__type__') != tag:",
        "        return slow(document)",
    ]
    if flat:
        lines += [
            "    values = tuple(document.items())",
            "    key = (values, tuple([type(value) for _, value in values]))",
            "    try:",
            "        found = shared.get(key)",
            "    except TypeError:  # a list or an object where a primitive belongs",
            "        return slow(document)",
            "    if found is not None:",
            "        return found",
        ]
        namespace["shared"] = {}
    if reads:  # the length and tag checked, a key missing means another key is extra
        lines += [
            "    try:",
            *(f"        {read}" for read in reads),
            "    except KeyError:",
            "        return slow(document)",
        ]
    if checks:
        lines += [f"    if {' or '.join(checks)}:", "        return slow(document)"]
    lines += [
        "    try:",
        f"        value = cls({', '.join(args)})",
        "    except DocumentError:",
        "        return slow(document)  # names the field",
    ]
    if flat:
        lines += [
            f"    if len(shared) >= {SHARED_LIMIT}:",
            "        shared.clear()",
            "    shared[key] = value",
        ]
    lines += ["    return value"]
    exec("\n".join(lines), namespace)  # noqa: S102 - written from the class's own field names
    fast: Decoder = namespace["decode"]
    return fast


def _exact(kind: type) -> Decoder:
    def decode(document: Any) -> Any:
        if type(document) is not kind:
            name = "null" if kind is type(None) else kind.__name__
            raise DocumentError(f"expected {name}, got {type_name(document)}")
        return document

    return decode


def _float(document: Any) -> float:
    if type(document) is float:
        return document
    if type(document) is int:
        return float(document)
    raise DocumentError(f"expected a number, got {type_name(document)}")


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
