"""Explicit, generic codecs between engine dataclasses and JSON-able documents (no pickle).

Every state, command and event of the engine is a frozen dataclass whose fields are only
primitives, enum members, tuples, other such dataclasses, or unions of these (the codec rule of
the project). The codec walks the type hints once per class and compiles an encoder
(:mod:`saves.encoder`) and a checking decoder (:mod:`saves.checked_decoder`) for it, so a
journal of thousands of entries is converted quickly; the type tags a document may name are
resolved only among trusted packages (:mod:`saves.type_registry`), so a crafted file cannot
make the loader import or build anything else, and a hand-edited file gives a
:class:`DocumentError` naming where it went wrong.
"""

from __future__ import annotations

from typing import Any

from saves.checked_decoder import CheckedDecoders, Decoder
from saves.encoder import Encoder, Encoders, Memo
from saves.type_registry import DocumentError, TypeRegistry

__all__ = ["DEFAULT", "Codec", "DocumentError"]
# DocumentError is re-exported for saves/migrations.py (branch engine2's file), which imports
# it from here; everything else imports it from saves.type_registry.


class Codec:
    """Encoders and decoders compiled per class; only classes under ``packages`` are trusted."""

    def __init__(self, packages: tuple[str, ...] = ("engine",)) -> None:
        self.packages = packages
        self.registry = TypeRegistry(packages)
        self._encoders = Encoders(self.registry)
        self._decoders = CheckedDecoders(self.registry)

    def encode(self, value: Any) -> Any:
        """A JSON-able document for any engine value (dataclass, enum, tuple, primitive)."""
        return self._encoders.encode(value)

    def encode_reusing(self, value: Any, memo: Memo) -> Any:
        """:meth:`encode`, reusing the documents of objects encoded last time with ``memo``
        (see :meth:`saves.encoder.Encoders.encode_reusing`)."""
        return self._encoders.encode_reusing(value, memo)

    def decode(self, document: Any) -> Any:
        """The value a document of :meth:`encode` describes.

        Raises:
            DocumentError: an unknown or untrusted type, a missing field, a wrong value type.
        """
        return self._decoders.decode(document)

    def encoder(self, hint: Any) -> Encoder:
        """The compiled encoder of values of type ``hint`` (a dataclass, a tuple type, ...)."""
        return self._encoders.encoder(hint)

    def decoder(self, hint: Any) -> Decoder:
        """The compiled, checking decoder of documents of type ``hint``."""
        return self._decoders.decoder(hint)

    def tag(self, cls: type) -> str:
        """The ``__type__`` tag of a dataclass."""
        return self.registry.tag(cls)

    def resolve(self, tag: str) -> type:
        """The trusted dataclass or enum a tag names (see :meth:`TypeRegistry.resolve`)."""
        return self.registry.resolve(tag)


DEFAULT = Codec()
"""The codec of saved files: engine types only."""
