"""Which language the console and the command line speak (issue 18 §1; INTERFACE.md §1).

``--lang`` overrides everything; then the choice remembered in the save directory's settings
(the console's language key writes it); then the user's locale, read as POSIX does (``LC_ALL``,
then ``LC_MESSAGES``, then ``LANG``): ``zh_CN``/``zh_SG`` (and a bare ``zh``, or ``zh_Hans``)
are Simplified Chinese, ``zh_TW``/``zh_HK``/``zh_MO`` (or ``zh_Hant``) Traditional, anything
else English.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from console.i18n import LANGUAGES

TRADITIONAL_REGIONS = frozenset({"tw", "hk", "mo", "hant"})
"""Locale regions (or scripts) whose Chinese is written in Traditional characters."""


def from_locale(environ: Mapping[str, str] | None = None) -> str:
    """The language the user's locale asks for: ``en``, ``zh`` or ``zh-Hant``."""
    env = os.environ if environ is None else environ
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if value:
            return _language_of(value)
    return "en"


def _language_of(locale_name: str) -> str:
    """``zh_TW.UTF-8`` → ``zh-Hant``; ``zh_CN.UTF-8`` → ``zh``; ``C.UTF-8`` → ``en``."""
    name = locale_name.split(".", 1)[0].split("@", 1)[0].replace("-", "_").casefold()
    language, _, rest = name.partition("_")
    if language != "zh":
        return "en"
    parts = set(rest.split("_")) if rest else set()
    return "zh-Hant" if parts & TRADITIONAL_REGIONS else "zh"


def choose(given: str | None, saved: str | None, environ: Mapping[str, str] | None = None) -> str:
    """``--lang`` if given, else the saved choice (when still a language we have), else locale."""
    if given is not None and given in LANGUAGES:
        return given
    if saved is not None and saved in LANGUAGES:
        return saved
    return from_locale(environ)


def following(lang: str) -> str:
    """The next language in the console's cycle (the language key: en → zh → zh-Hant → en)."""
    index = LANGUAGES.index(lang) if lang in LANGUAGES else -1
    return LANGUAGES[(index + 1) % len(LANGUAGES)]
