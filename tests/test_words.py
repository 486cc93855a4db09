"""The one vocabulary: every message in both languages, and no message written outside it."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

import gangci_calc
from gangci_calc.cli import app
from gangci_calc.core.rules import HouseRules
from gangci_calc.core.rules.options import entries
from gangci_calc.words import Message, messages, say, speaking, ui
from gangci_calc.words import book as rule_book
from gangci_calc.words import club as club_words
from gangci_calc.words import help as help_texts
from gangci_calc.words import page as page_words
from tests.conftest import EXAMPLES

CJK = re.compile(r"[\u4e00-\u9fff]")
ALL = (
    [(f"messages.{name}", value) for name, value in vars(messages).items() if isinstance(value, Message)]
    + [(f"ui.WORDS[{key}]", value) for key, value in ui.WORDS.items()]
    + [(f"ui.ASK[{key}]", value) for key, value in ui.ASK.items()]
    + [(f"ui.PARTS[{key}]", value) for key, value in ui.PARTS.items()]
    + [(f"ui.ROLES[{key}]", value) for key, value in ui.ROLES.items()]
    + [(f"help.HELP[{key}]", value) for key, value in help_texts.HELP.items()]
    + [(f"page.PAGE[{key}]", value) for key, value in page_words.PAGE.items()]
    + [(f"club.PICTURE[{key}]", value) for key, value in club_words.PICTURE.items()]
    + [(f"club.CLUB[{key}]", value) for key, value in club_words.CLUB.items()]
)
GLOSSES = {"value", "en"}  # English may add the file's own key or an English name beside the Chinese term


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def faults_of(message: Message) -> list[str]:
    """What is wrong with one catalogue entry (nothing, for a good one)."""
    if bool(message.zh) != bool(message.en):  # both, or (a role with no word) neither
        return ["one language only"]
    try:
        zh, en = fields(message.zh), fields(message.en)
    except ValueError as error:
        return [f"a stray brace: {error}"]
    faults = [] if zh <= en and en - zh <= GLOSSES else [f"placeholders differ: zh {sorted(zh)}, en {sorted(en)}"]
    values = dict.fromkeys(en, 1)
    for template in (message.zh, message.en):
        try:
            template.format(**values)
        except (ValueError, KeyError, IndexError) as error:
            faults.append(f"a stray brace: {error}")
    english = re.search(r"[A-Za-z]{4,}", re.sub(r"\{[^{}]*\}", "", message.en))
    if english and not CJK.search(re.sub(r"\{[^{}]*\}", "", message.zh)):  # English words, so Chinese ones too
        faults.append("the Chinese is not Chinese")
    return faults


def test_every_message_is_in_both_languages() -> None:
    """The whole catalogue at once (about 400 entries), every fault of every entry in one report."""
    assert len(ALL) > 300
    faults = {name: found for name, message in ALL if (found := faults_of(message))}
    assert faults == {}


@pytest.mark.parametrize(
    ("message", "fault"),
    [
        (Message("中文", ""), "one language only"),
        (Message("{a} 和", "{a} and {b}"), "placeholders differ"),
        (Message("{a", "{a"), "a stray brace"),
        (Message("wrong here", "wrong here"), "the Chinese is not Chinese"),
    ],
)
def test_the_catalogue_check_finds_each_fault(message: Message, fault: str) -> None:
    assert any(found.startswith(fault) for found in faults_of(message))


def test_the_rule_book_is_in_both_languages() -> None:
    assert set(rule_book.SEED) == set(rule_book.TITLE) == {"zh", "en"}
    assert len(rule_book.SEED["zh"]) > 5 and len(rule_book.SEED["en"]) > 5


def test_every_option_entry_speaks_both_languages() -> None:
    for cls in (HouseRules,):
        for entry in entries(cls):
            assert CJK.search(entry.effect.zh) and re.search("[a-z]{3} [a-z]{3}", entry.effect.en), entry.key
            assert entry.names and all(CJK.search(name) for name in entry.names), entry.key
            assert entry.values_text("zh") and entry.values_text("en"), entry.key


PACKAGE = Path(gangci_calc.__file__).parent


def test_every_message_is_used() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    unused = [
        name
        for name, value in vars(messages).items()
        if isinstance(value, Message) and not re.search(rf"\bm\.{name}\b", source)
    ]
    assert unused == []


ERRORS = {"RuleError": 1, "InputError": 1, "OutputError": 1, "AnswerError": 0, "ClaimRejected": 0}
ERRORS |= {"LedgerBusy": 0, "TileSyntaxError": 0, "UnreadableInput": 0}


def test_no_error_is_raised_with_words_of_its_own() -> None:
    """Every error's message is a Said from the catalogue, never a literal or an f-string."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ERRORS):
                continue
            index = ERRORS[node.func.id]
            if len(node.args) > index and isinstance(node.args[index], (ast.Constant, ast.JoinedStr, ast.BinOp)):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert found == []


def test_a_message_follows_the_language() -> None:
    said = say(messages.NOT_A_SEAT, value="'X'")
    with speaking("en"):
        assert str(said) == "'X' is not a seat — use E S W N or 东 南 西 北"
    with speaking("zh"):
        assert str(said).startswith("'X' 不是座位")


ERROR_EXAMPLES = sorted((EXAMPLES / "errors").glob("*.yaml"))


@pytest.mark.parametrize("path", ERROR_EXAMPLES, ids=[p.name for p in ERROR_EXAMPLES])
def test_every_error_example_reads_in_chinese_by_default_and_english_on_request(runner, path: Path) -> None:
    command = "session" if "evening" in path.name or "session" in path.name else "score"
    zh = runner.invoke(app, [command, str(path)])
    en = runner.invoke(app, [command, str(path), "--lang", "en"])
    assert zh.exit_code == en.exit_code == 2
    where = str(path)
    for line in zh.stderr.splitlines():
        message = line.split(": ", 2)[-1]
        assert line.startswith(where) and CJK.search(message), line
    for line in en.stderr.splitlines():
        message = line.split(": ", 2)[-1]
        assert line.startswith(where) and re.search(r"[a-z]{3,}", CJK.sub("", message)), line
    assert zh.stderr != en.stderr


def test_gangci_lang_and_the_config_file_set_the_default(runner, tmp_path: Path) -> None:
    bad = str(EXAMPLES / "errors" / "gang-count.yaml")
    assert "out of range" in runner.invoke(app, ["score", bad], env={"GANGCI_LANG": "en"}).stderr
    config = tmp_path / "config.yaml"
    config.write_text("lang: en\n", encoding="utf-8")
    env = {"GANGCI_CONFIG": str(config), "GANGCI_LANG": ""}
    assert "out of range" in runner.invoke(app, ["score", bad], env=env).stderr
    assert "超出范围" in runner.invoke(app, ["score", bad, "--lang", "zh"], env=env).stderr  # --lang beats both
    config.write_text("lang: fr\n", encoding="utf-8")
    result = runner.invoke(app, ["score", bad], env=env)
    assert result.exit_code == 2 and f"{config}:1:7: lang: 'fr'" in result.stderr
    result = runner.invoke(app, ["score", bad], env={"GANGCI_LANG": "fr"})
    assert result.exit_code == 2 and result.stderr.startswith("GANGCI_LANG: 'fr'")


def test_a_config_file_that_is_not_a_mapping(runner, tmp_path: Path) -> None:
    config = tmp_path / "config.yaml"
    config.write_text("- en\n", encoding="utf-8")
    result = runner.invoke(app, ["dice", "5", "6"], env={"GANGCI_CONFIG": str(config), "GANGCI_LANG": ""})
    assert result.exit_code == 2 and result.stderr.startswith(f"{config}:1:1: 配置文件应该是映射")
    config.write_text("language: en\n", encoding="utf-8")
    result = runner.invoke(app, ["dice", "5", "6"], env={"GANGCI_CONFIG": str(config), "GANGCI_LANG": ""})
    assert result.exit_code == 2 and "language" in result.stderr


@pytest.mark.process
def test_help_speaks_the_language_gangci_starts_in() -> None:
    import subprocess
    import sys

    def helped(*args: str) -> str:
        env = {"GANGCI_LANG": "", "GANGCI_CONFIG": "/nonexistent", "PATH": "/usr/bin:/bin"}
        done = subprocess.run(
            [sys.executable, "-m", "gangci_calc", "score", *args], capture_output=True, text=True, env=env
        )
        return done.stdout

    assert "一局结束后每位玩家的输赢表" in helped("-h")
    assert "Per-player payout table for one finished hand" in helped("--lang", "en", "--help")


@pytest.mark.parametrize("path", sorted((EXAMPLES / "errors").glob("*.yaml")), ids=lambda p: p.name)
def test_chinese_errors_name_fields_and_seats_in_chinese(path: Path) -> None:
    """No English field path (``bets.S.di``) and no seat letter in a Chinese message; English keeps both."""
    from typer.testing import CliRunner

    for command in ("score", "session"):
        chinese = CliRunner().invoke(app, [command, str(path), "--lang", "zh"]).stderr
        english = CliRunner().invoke(app, [command, str(path), "--lang", "en"]).stderr
        assert chinese.strip() and english.strip()
        for line in chinese.splitlines():
            said = line.split(": ", 1)[1]  # after the file:line:col
            said = re.sub(
                r"应该是这些之一：.*|'[^']*'|用 东 南 西 北 或 E S W N", "", said
            )  # the keys a file takes, as typed
            assert not re.search(r"[A-Za-z_]+\.[A-Za-z_]+|\b[ESWN]\b|\b(from|winner|bets|kongs|dealer)\b", said), line
    english = CliRunner().invoke(app, ["session", str(EXAMPLES / "errors" / "evening.yaml"), "--lang", "en"]).stderr
    assert "bets.S.di" in english and "S is the dealer" in english


@pytest.mark.process
def test_click_s_own_words_follow_the_language() -> None:
    """``-h``'s own line, the usage and a parsing error: Chinese by default, English with --lang en."""
    import subprocess
    import sys

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        env = {k: v for k, v in __import__("os").environ.items() if k != "GANGCI_LANG"}
        return subprocess.run([sys.executable, "-m", "gangci_calc", *args], capture_output=True, text=True, env=env)

    chinese = run("score", "-h").stdout
    assert "显示这段说明后退出。" in chinese and "用法：" in chinese and "Show this message" not in chinese
    assert "Show this message and exit." in run("score", "-h", "--lang", "en").stdout
    error = run("score", "--format", "x", "y")
    assert error.returncode == 2 and "错误：" in error.stderr and "的值不对" in error.stderr
    assert "Error: Missing argument 'HAND'." in run("score", "--lang", "en").stderr
