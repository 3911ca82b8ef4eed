"""Every save/load refusal speaks the table's language (the session-6 polish audit): each raise
of a :class:`saves.errors.SaveError` in saves/ and console/ carries a code, and each code has
its words in en, zh and zh-Hant, filled from the fields the raise gives. ``import bad.json
--lang zh`` once printed "is not valid JSON…" in English."""

from __future__ import annotations

import ast
import json
import string
from pathlib import Path

import pytest

from console.cli import main
from console.i18n import save_error_text
from engine.errors import RuleError
from saves import errors
from saves.error_words import WORDS

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "zh", "zh-Hant")
TABLES = {
    lang: json.loads((ROOT / f"console/locale/{lang}.json").read_text("utf-8")) for lang in LANGS
}
CLASSES = frozenset(
    name
    for name, value in vars(errors).items()
    if isinstance(value, type) and issubclass(value, errors.SaveError)
)
OWN_CODES = {  # the errors whose class words them itself (saves/errors.py)
    "NewerVersion": ("saves.documents.newer", {"path", "version", "supported"}),
    "LockHeld": ("saves.lock.held", {"holder", "path"}),
    "PastEnd": ("saves.scenefile.past-end", {"path", "length"}),
}


def _raise_sites() -> list[tuple[str, str, str | None, set[str]]]:
    """(where, class, code or None when it passes another error's on, fields given)."""
    found = []
    for path in sorted([*ROOT.glob("saves/*.py"), *ROOT.glob("console/**/*.py")]):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)):
                continue
            call, where = node.exc, f"{path.relative_to(ROOT)}:{node.lineno}"
            func = call.func
            if isinstance(func, ast.Attribute) and func.attr == "of":
                name = func.value.id if isinstance(func.value, ast.Name) else ""
                code_arg = call.args[1] if name == "BadFile" else call.args[0]
                assert isinstance(code_arg, ast.Constant), where
                fields = {k.arg for k in call.keywords if k.arg}
                found.append(
                    (
                        where,
                        name,
                        code_arg.value,
                        fields | ({"path"} if name == "BadFile" else set()),
                    )
                )
            elif isinstance(func, ast.Name) and func.id in CLASSES:
                if func.id in OWN_CODES:
                    code, fields = OWN_CODES[func.id]
                    found.append((where, func.id, code, fields))
                    continue
                keywords = {k.arg: k.value for k in call.keywords}
                code_node = keywords.get("code", call.args[2] if len(call.args) > 2 else None)
                if isinstance(code_node, ast.Attribute) and code_node.attr == "code":
                    found.append((where, func.id, None, set()))  # another error's code passed on
                    continue
                assert isinstance(code_node, ast.Constant), f"{where}: {func.id} without a code"
                params = keywords.get("params")
                fields = (
                    {k.value for k in params.keys if isinstance(k, ast.Constant)}
                    if isinstance(params, ast.Dict)
                    else set()
                )
                found.append(
                    (
                        where,
                        func.id,
                        code_node.value,
                        fields | ({"path"} if func.id == "BadFile" else set()),
                    )
                )
    return found


SITES = _raise_sites()


def test_the_walk_finds_the_raise_sites() -> None:
    assert len(SITES) > 100
    assert {code for _, _, code, _ in SITES} >= {"saves.stream.bad-json", "saves.store.no-backup"}


@pytest.mark.parametrize(("where", "cls", "code", "fields"), SITES, ids=[s[0] for s in SITES])
def test_every_raise_site_has_words_in_each_language(
    where: str, cls: str, code: str | None, fields: set[str]
) -> None:
    if code is None:
        return  # passes on the code of the error it caught, itself a raise site here
    for lang in LANGS:
        template = TABLES[lang].get(f"error.{code}")
        assert template, f"{where}: error.{code} has no {lang} words"
        named = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        assert named <= fields, f"{where}: {lang} error.{code} names {named - fields}, not given"


@pytest.mark.parametrize("code", sorted(WORDS))
def test_the_english_template_is_the_english_message(code: str) -> None:
    """str(error) (the CLI in English, logs, tests) reads what error.<code> in en.json says."""
    bad_file = any(c == code and cls == "BadFile" for _, cls, c, _ in SITES)
    expected = f"{{path}}: {WORDS[code]}. The file was left as it is." if bad_file else WORDS[code]
    assert TABLES["en"][f"error.{code}"] == expected


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


IMPORTS = [
    (
        '{"a":',
        {
            "en": ": is not valid JSON at character 6 (Expecting value; truncated?). "
            "The file was left as it is.",
            "zh": "：在第 6 个字符处不是有效的 JSON（这里应当有一个值；被截断了？）。"
            "文件保持原样。",
            "zh-Hant": "：在第 6 個字元處不是有效的 JSON（這裡應當有一個值；被截斷了？）。"
            "檔案保持原樣。",
        },
    ),
    (
        "",
        {
            "en": ": is empty (truncated?). The file was left as it is.",
            "zh": "：是空的（被截断了？）。文件保持原样。",
            "zh-Hant": "：是空的（被截斷了？）。檔案保持原樣。",
        },
    ),
    (
        "[1, 2]",
        {
            "en": ": is not one JSON object (not an export?). The file was left as it is.",
            "zh": "：不是一个 JSON 对象（不是导出文件？）。文件保持原样。",
            "zh-Hant": "：不是一個 JSON 物件（不是匯出檔案？）。檔案保持原樣。",
        },
    ),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("content", "told"), IMPORTS)
def test_import_of_a_bad_file_is_refused_in_the_tables_language(
    tmp_path: Path,
    content: str,
    told: dict[str, str],
    lang: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    bad = _write(tmp_path / "bad.json", content)
    status = main(["import", str(bad), "--lang", lang, "--save-dir", str(tmp_path / "saves")])
    err = capsys.readouterr().err
    assert status == 1
    assert err == f"st-console: {bad}{told[lang]}\n"


@pytest.mark.parametrize(
    ("error", "lang", "expected"),
    [
        (errors.NameTaken.of("saves.store.name-taken", name="'C'"), "zh", "已有名为 'C' 的战役。"),
        (
            errors.NameTaken.of("saves.store.name-taken", name="'C'"),
            "zh-Hant",
            "已有名為 'C' 的戰役。",
        ),
        (
            errors.BadName.of("saves.names.too-long", what="scene", length=300, limit=200),
            "zh",
            "场景名字长 300 个字符；名字最多 200 个字符。",
        ),
        (
            errors.BadName.of("saves.names.too-long", what="campaign", length=300, limit=200),
            "en",
            "The campaign name is 300 characters long; a name has at most 200.",
        ),
        (
            errors.ImportRefused.of(
                "saves.exports.sheet-refused",
                Path("x.json"),
                path=Path("x.json"),
                number=2,
                name="'Ann'",
                error=RuleError("ih.sheet.no-name"),
            ),
            "zh",
            "x.json（第 2 个场景）：其角色卡 'Ann' 被拒绝（"
            + RuleError("ih.sheet.no-name").render("zh")
            + "）。",
        ),
        (errors.PastEnd(Path("s.json"), 3), "zh-Hant", "s.json：日誌只有 3 個條目。"),
        (errors.LockHeld(Path("lock"), "pid 7"), "en", str(errors.LockHeld(Path("lock"), "pid 7"))),
    ],
)
def test_a_refusal_is_worded_in_the_language_asked(
    error: errors.SaveError, lang: str, expected: str
) -> None:
    assert save_error_text(error, lang) == expected


def test_a_rule_refusal_inside_a_save_refusal_is_in_english_in_str() -> None:
    inner = RuleError("ih.sheet.no-name")
    error = errors.ImportRefused.of(
        "saves.exports.sheet-refused", None, path="x", number=1, name="'A'", error=inner
    )
    assert str(error) == f"x (scene 1): its sheet 'A' is refused ({inner.render('en')})."
    assert error.code == "saves.exports.sheet-refused"
