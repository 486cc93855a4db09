"""The referee's rulings, with their exact verdict text in both languages (issue: a referee both players accept)."""

from __future__ import annotations

import json

import pytest

from gangci_calc.cli import app
from tests.conftest import EXAMPLES

HEAD = "stakes: 2\ndealer: E\nplayers: {E: 老王, S: 小李, W: 张姐, N: 小赵}\n"
# seed example 2 of 暗呲: 1111 held in hand, 二万 drawn
HELD = HEAD + "win: {type: anci, winner: E}\ntiles: {ci: 四万, hand: 1111m 222m 3m 33p 456p, win_tile: 2m}\n"
# a kong of 1m declared in an earlier turn, and no four alike after the draw
EARLIER = (
    HEAD + "win: {type: anci, winner: E}\n"
    "tiles: {ci: 四万, hand: 23m 33p 456p 789s, concealed_kongs: [1m], win_tile: 1s}\n"
)
VERDICTS = [
    (
        HELD,
        "zh",
        True,
        "现在开一万暗杠；「手中原有暗杠」按游戏服务器的读法：四张一直留在手里，胡时才开；其余的牌加杠底牌四万成胡",
    ),
    (
        HELD,
        "en",
        True,
        "concealed kong of 1m declared now; 手中原有暗杠 read as the game servers read it: four alike kept in hand,"
        " declared at the win; the rest + the ci tile 4m is complete",
    ),
    (
        EARLIER,
        "zh",
        False,
        "暗呲要摸牌后手里有四张一样的 (现在开暗杠)；没有 — 之前已开的暗杠不算：「手中原有暗杠」按游戏服务器的读法，"
        "是留在手里、胡时才开的四张",
    ),
    (
        EARLIER,
        "en",
        False,
        "concealed ci (anci) needs four alike in hand after the draw (a kong declared now); there are none — a kong"
        " declared in an earlier turn does not count: the game servers read 手中原有暗杠 as four alike kept in hand"
        " and declared at the win",
    ),
]


@pytest.mark.parametrize(("text", "lang", "holds", "reason"), VERDICTS)
def test_concealed_kong_reading_is_named(runner, write, text: str, lang: str, holds: bool, reason: str) -> None:
    result = runner.invoke(app, ["check", write(text), "-f", "json", "--lang", lang])
    data = json.loads(result.stdout)
    assert (result.exit_code, data["holds"], data["reason"]) == (0 if holds else 1, holds, reason)


@pytest.mark.parametrize(("lang", "title"), [("zh", "东 老王 暗呲 ✓ 成立"), ("en", "E 老王 concealed ci ✓ holds")])
def test_check_names_the_winner_beside_his_seat(runner, write, lang: str, title: str) -> None:
    result = runner.invoke(app, ["check", write(HELD), "--lang", lang])
    assert title in result.stdout
    data = json.loads(runner.invoke(app, ["check", write(HELD), "-f", "json"]).stdout)
    assert data["winner"] == "E" and data["players"]["E"] == "老王"


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("check-*.yaml")))
def test_english_reasons_begin_in_english(english, name: str) -> None:
    data = json.loads(english.invoke(app, ["check", str(EXAMPLES / name), "-f", "json"]).stdout)
    assert data["reason"][0].isascii(), data["reason"]


@pytest.mark.parametrize(("lang", "line"), [("zh", "牌已核对 ✓"), ("en", "tiles checked ✓")])
@pytest.mark.parametrize("fmt", ["table", "text", "markdown"])
def test_score_says_the_tiles_were_checked(runner, lang: str, line: str, fmt: str) -> None:
    checked = runner.invoke(app, ["score", str(EXAMPLES / "check-anci.yaml"), "-f", fmt, "--lang", lang])
    assert checked.exit_code == 0 and line in checked.stdout
    plain = runner.invoke(app, ["score", str(EXAMPLES / "anci.yaml"), "-f", fmt, "--lang", lang])
    assert plain.exit_code == 0 and line not in plain.stdout


def test_score_json_says_whether_the_tiles_were_checked(runner) -> None:
    def checked(*args: str) -> object:
        return json.loads(runner.invoke(app, ["score", *args, "-f", "json"]).stdout)["tiles_checked"]

    assert checked(str(EXAMPLES / "check-anci.yaml")) is True
    assert checked(str(EXAMPLES / "check-anci.yaml"), "--no-check") is False
    assert checked(str(EXAMPLES / "anci.yaml")) is False


@pytest.mark.parametrize(
    ("lang", "lines"),
    [
        (
            "zh",
            [
                "南 → 西  直呲 点炮: 杠呲底 6000 × 2 = 12000",
                "南 → 西  直呲 明杠: 杠底 1000 = 1000",
                "南 → 西  直呲 包次 北的份: 杠呲底 6000 × 0.5 = 3000",
                "南 → 西  直呲 包次 东的份: 杠呲底 6000 × 0.5 = 3000",
                "南 → 西  合计 19000",
            ],
        ),
        (
            "en",
            [
                "S → W  direct ci discarder: ci base 6000 × 2 = 12000",
                "S → W  direct ci exposed kong: kong base 1000 = 1000",
                "S → W  direct ci baoci N's share: ci base 6000 × 0.5 = 3000",
                "S → W  direct ci baoci E's share: ci base 6000 × 0.5 = 3000",
                "S → W  total 19000",
            ],
        ),
    ],
)
def test_baoci_explain_has_one_total_per_payer(runner, lang: str, lines: list[str]) -> None:
    out = runner.invoke(app, ["score", str(EXAMPLES / "house" / "baoci.yaml"), "--explain", "--lang", lang]).stdout
    assert out.splitlines()[-len(lines) :] == lines
