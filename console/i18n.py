"""The console's labels in English, Simplified and Traditional Chinese.

Every label lives in ``console/locale/<lang>.json`` under a dotted key; a key missing from a
Chinese file falls back to English, so a new label never shows up blank. ``zh`` is Simplified
Chinese as the M.I.S.T. text writes it, ``zh-Hant`` Traditional as the Infinite Horror core texts
write it; IH and Mist term names come from RULES.md's tables.
"""

from __future__ import annotations

import errno
import json
import re
from functools import cache
from pathlib import Path

from rich.cells import cell_len

from engine.errors import RuleError, set_renderer

LANGUAGES: tuple[str, ...] = ("en", "zh", "zh-Hant")

LOCALE_DIR = Path(__file__).parent / "locale"
"""The label files, installed as package data (a plain path: ``importlib.resources`` is a
measurable part of a cold start)."""


@cache
def _table(lang: str) -> dict[str, str]:
    text = (LOCALE_DIR / f"{lang}.json").read_text("utf-8")
    data: dict[str, str] = json.loads(text)
    return data


class Translator:
    """Looks up labels for one language, falling back to English."""

    def __init__(self, lang: str = "en") -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}: use {', '.join(LANGUAGES)}")
        self.lang = lang
        self._own = _table(lang)
        self._english = _table("en")

    def __call__(self, key: str, **values: object) -> str:
        """The label for ``key`` with ``{name}`` fields filled from ``values``.

        A key with a ``.one`` form in this language (English ``report.effect.one``: "(1 round)"
        beside ``report.effect``: "(N rounds)") takes it when the one count among ``values``
        is 1; Chinese has one form and needs none.
        """
        template = self._own.get(key + ".one") if _counts_one(values) else None
        template = template or self._own.get(key) or self._english.get(key)
        if template is None:
            return key
        return template.format(**values) if values else template

    def has(self, key: str) -> bool:
        """Whether ``key`` has a label in English (the reference table)."""
        return key in self._english

    @property
    def is_chinese(self) -> bool:
        return self.lang != "en"

    @property
    def colon(self) -> str:
        """What follows a label before its value: ``": "``, or the full-width ``：`` in a
        Chinese sentence (no ASCII punctuation inside Chinese, issue 27)."""
        return "：" if self.is_chinese else ": "


DEFAULT_SCENE = re.compile(r"Scene (\d+)")
"""The name the M.I.S.T. engine gives a scene nobody named (``Scene 2``)."""


def scene_name(t: Translator, name: str) -> str:
    """A scene's name as the table says it: a scene nobody named (the engine's ``Scene 2``) in
    ``t``'s language (场景 2), any other as it was typed (issue 27: no English in zh)."""
    unnamed = DEFAULT_SCENE.fullmatch(name.strip())
    return t("mist.nav.scene-number", number=unnamed.group(1)) if unnamed else name


def refuted_text(text: str, refutes: str | None) -> str | None:
    """The refuted conclusion's text when ``text`` is the clue a failed Deduction made with none
    typed (the engine's ``refutes k1: TEXT``, RULES.md §4.7), else ``None``."""
    prefix = f"refutes {refutes}: "
    return text[len(prefix) :] if refutes and text.startswith(prefix) else None


def clue_text(t: Translator, text: str, refutes: str | None = None) -> str:
    """A clue's text as the table says it: the refuting clue a failed Deduction made with none
    typed in ``t``'s language (驳斥 k1：TEXT; it was English in Chinese), any other as typed."""
    refuted = refuted_text(text, refutes)
    return text if refuted is None else t("mist.case.refuting-clue", id=refutes, text=refuted)


HOLDER = re.compile(
    r"(?P<program>.+) \(pid (?P<pid>\d+) on host (?P<host>.*), since (?P<since>.+)\)"
)
"""How ``saves.lock.Holder.describe`` names the console that holds a campaign."""


def lock_holder(t: Translator, described: str) -> str:
    """Who holds a campaign's lock (``st-console (pid 4242 on host vm, since …)``) in ``t``'s
    language; a description of another shape as it is."""
    held = HOLDER.fullmatch(described.strip())
    return t("saves.holder", **held.groupdict()) if held else described


LISTED = frozenset(
    {"known", "skills", "attributes", "specialties", "fields", "tags", "pending", "options", "have"}
)
"""Refusal parameters that are lists the engine joined with ", " (never what was typed)."""

FIELD_CODES = frozenset({"input.control-character", "input.name-too-long", "input.text-too-long"})
"""Refusals whose ``field`` is a command's field (``name``, ``text``), said in the table's words;
elsewhere ``field`` is an option as typed (``count=60``)."""

TRAIT_LISTS = frozenset({"attributes", "skills"})
"""Refusal parameters listing a sheet's traits by their English names: in Chinese, the names the
console shows and reads (力量、敏捷…)."""


def _counts_one(values: dict[str, object]) -> bool:
    """Whether the one whole number among a label's values is 1 (its singular form)."""
    counts = [v for v in values.values() if type(v) is int]
    return counts == [1]


def error_text(error: RuleError, lang: str = "en") -> str:
    """A refusal in ``lang``: the ``error.<code>`` template filled from its parameters.

    A code missing from ``lang``'s table falls back to English; one missing from English too
    reads ``code key=value …`` (a test holds every code the engine raises to have an English
    template). Parameters named ``*_key`` are label keys, translated before they are filled in
    (``kind_key="action.swift"`` fills ``{kind}``).
    """
    if error.code == "text":
        return str(error.params["text"])
    key = f"error.{error.code}"
    table = _table(lang) if lang in LANGUAGES else _table("en")
    template = table.get(key) or _table("en").get(key)
    if template is None:
        details = " ".join(f"{name}={value!r}" for name, value in error.params.items())
        return f"{error.code} {details}".strip()
    values: dict[str, object] = {}
    for name, value in error.params.items():
        if name.endswith("_key") and isinstance(value, str):
            values[name[: -len("_key")]] = table.get(value) or _table("en").get(value, value)
        elif name == "field" and error.code in FIELD_CODES and isinstance(value, str):
            # a command's field by its name in the table's words (名字, 文字), else marked as one
            word = table.get(f"word.field.{value.rpartition('.')[2]}")
            values[name] = word or table.get("word.field", "{field}").format(field=value)
        elif name == "what" and isinstance(value, str) and f"what.{value}" in table:
            values[name] = table[f"what.{value}"]  # "Damage" is 伤害 in a Chinese refusal
        elif name in TRAIT_LISTS and isinstance(value, str) and value and lang != "en":
            # the sheet's traits by the names the console shows (射击), which it reads too
            words = (table.get(f"trait.{word}", word) for word in value.split(", "))
            values[name] = table.get("word.list-sep", "、").join(words)
        elif name in LISTED and isinstance(value, str) and lang != "en":
            # A list the engine made (the verbs, skills, tags): 、 between, — for none.
            if value == "nobody yet":
                values[name] = table.get("report.nobody", value)
            elif value == "none yet":
                values[name] = table.get("word.none-yet", value)
            else:
                values[name] = "—" if value in ("none", "none left") else value.replace(", ", "、")
        else:
            values[name] = _plain_word(table, name, value)
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return template


_EMPTY_LISTS = {"nobody yet": "word.nobody-yet", "none yet": "word.none-yet", "none": "word.none"}
"""What the engine says of an empty list of names (``known: nobody yet``), by its label key."""

_LIST_FIELDS = frozenset({"known", "have", "tags"})
"""The refusals' fields that list names (the engine's words for an empty list fill them)."""

_QUOTE_PROBLEMS = {
    "No closing quotation": "word.no-closing-quotation",
    "No escaped character": "word.no-escaped-character",
}
"""Why a line could not be split into words (``engine/language.py``), by its label key."""


_JSON_PROBLEMS = {
    "Expecting value": "word.json.expecting-value",
    "Expecting property name enclosed in double quotes": "word.json.expecting-property",
    "Expecting ':' delimiter": "word.json.expecting-colon",
    "Expecting ',' delimiter": "word.json.expecting-comma",
    "Invalid control character at": "word.json.control-character",
    "Unterminated string starting at": "word.json.unterminated-string",
    "Invalid \\escape": "word.json.invalid-escape",
    "Extra data": "word.json.extra-data",
    "extra data after the object": "word.json.extra-data",
}
"""What Python's JSON reader (and saves/json_stream.py) says of a damaged file, by label key."""

_JSON_EXPECTED = re.compile(r"expected ('.*'), found (.*)")


def _json_problem(table: dict[str, str], problem: str) -> str:
    """A JSON problem of a damaged file in the table's words (``Expecting value``: 这里应当有一个
    值), ``; truncated?`` too; one it does not know as it is."""
    base, truncated, _ = problem.partition("; truncated?")
    key = _JSON_PROBLEMS.get(base)
    expected = _JSON_EXPECTED.fullmatch(base)
    if key is not None:
        said = table.get(key, base)
    elif expected is not None:
        found = expected.group(2)
        found = (
            table.get("word.json.end-of-file", found) if found == "'the end of the file'" else found
        )
        said = table.get("word.json.expected", base).format(expected=expected.group(1), found=found)
    else:
        said = base
    return said + (table.get("word.json.truncated", truncated) if truncated else "")


def _plain_word(table: dict[str, str], name: str, value: object) -> object:
    """A refusal's field in the table's language where the engine fills it with English prose:
    what a number names (``what="Damage"``: ``word.what.damage``) and an empty list of names
    (``known="nobody yet"``). Names, ids and option words are kept as they are."""
    if name == "error" and isinstance(value, ValueError):
        return table.get(_QUOTE_PROBLEMS.get(str(value), ""), value)
    if not isinstance(value, str):
        return value
    if name == "what":
        return table.get("word.what." + "-".join(value.lower().split()), value)
    if name == "problem":  # a damaged file's JSON problem (Python's words) in the table's
        return _json_problem(table, value)
    if name in _LIST_FIELDS and value in _EMPTY_LISTS:
        return table.get(_EMPTY_LISTS[value], value)
    if name in ("known", "names"):  # the campaigns, scenes or profiles a save refusal lists
        return table.get("word.list-sep", ", ").join(value.split(", "))
    return value


set_renderer(error_text)


def translator_of(node: object) -> Translator:
    """The translator of ``node``'s app (a dialog's, a widget's): the table's language."""
    translate = getattr(getattr(node, "app", None), "t", None)
    return translate if isinstance(translate, Translator) else Translator()


def refusal_text(error: RuleError, node: object) -> str:
    """A refusal in the language of ``node``'s app (a dialog's, a widget's): the table's."""
    return error.render(translator_of(node).lang)


def save_error_text(error: Exception, lang: str = "en") -> str:
    """A save/load refusal in ``lang``: its ``error.<code>`` template when it has a code with
    words in the locale files, else its own (English) message. Every refusal ``saves`` raises
    has a code (tests/console/test_save_error_words.py walks them)."""
    code = getattr(error, "code", "")
    if isinstance(error, OSError) and not code:
        return os_error_text(error, lang)
    if code and lang in LANGUAGES and lang != "en":  # English: the message itself
        template = _table(lang).get(f"error.{code}")
        if template is not None:
            try:
                params = getattr(error, "params", {}).items()
                table = _table(lang)
                return template.format(**{k: _inner(table, k, v, lang) for k, v in params})
            except (KeyError, IndexError, ValueError):
                pass
    return str(error)


def os_error_text(error: OSError, lang: str = "en") -> str:
    """The system's refusal to write (a full disk, no permission) in ``lang``: the words of its
    ``errno`` when the locale files have them (``saves.os.ENOSPC``), else the system's own
    message, in a Chinese sentence (系统拒绝：…) when the table speaks Chinese."""
    t = Translator(lang if lang in LANGUAGES else "en")
    name = errno.errorcode.get(error.errno or 0, "")
    if name and t.has(f"saves.os.{name}"):
        path = "" if error.filename is None else str(error.filename)
        text = t(f"saves.os.{name}", path=path)
        return text if path else text.replace(" ()", "").replace("（）", "")
    return str(error) if t.lang == "en" else t("saves.os.other", problem=str(error))


def os_problem(error: OSError, lang: str = "en") -> str:
    """What the system said of a path a subcommand was given (no such file, a directory, no
    permission), in ``lang``: the words of its ``errno`` when the locale files have them
    (``cli.os.ENOENT``), else the system's own message."""
    t = Translator(lang if lang in LANGUAGES else "en")
    name = errno.errorcode.get(error.errno or 0, "")
    if name and t.has(f"cli.os.{name}"):
        return t(f"cli.os.{name}")
    return error.strerror or str(error)


def _inner(table: dict[str, str], name: str, value: object, lang: str) -> object:
    """A save refusal's field in ``lang``: a rule's refusal inside it (an imported sheet no
    command could make) in that language too."""
    if isinstance(value, RuleError):
        return value.render(lang)
    return _plain_word(table, name, value)


def pad(text: str, width: int) -> str:
    """Pad ``text`` with spaces to ``width`` terminal cells (CJK characters take two)."""
    return text + " " * max(0, width - cell_len(text))


def fit(text: str, width: int) -> str:
    """Cut ``text`` to at most ``width`` cells, marking the cut with an ellipsis, then pad."""
    if cell_len(text) <= width:
        return pad(text, width)
    out = ""
    for char in text:
        if cell_len(out + char) > width - 1:
            break
        out += char
    return pad(out + "…", width)
