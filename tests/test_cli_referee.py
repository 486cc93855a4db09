"""`gangci check`, `waits`, `dice`, and `score` refusing a false claim."""

from __future__ import annotations

import json

import pytest

from gangci_calc.cli import app
from gangci_calc.core.rules import Win
from tests.conftest import EXAMPLES


@pytest.mark.parametrize("name", ["check-anci.yaml", "check-zhici.yaml", "check-xuci.yaml"])
def test_check_true_claims_exit_0(runner, name: str) -> None:
    result = runner.invoke(app, ["check", str(EXAMPLES / name)])
    assert result.exit_code == 0, result.output
    assert "✓" in result.stdout and "◆" in result.stdout


def test_check_panel_marks_kong_and_ci(runner) -> None:
    out = runner.invoke(app, ["check", str(EXAMPLES / "check-zhici.yaml"), "--lang", "en"]).stdout
    assert "[2m×4 kong]" in out
    assert "5s6s7s◆" in out


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("check-zhici-bad-one-tile.yaml", "direct ci (zhici) needs three 3m in hand; there is one"),
        ("check-zhici-bad-two-pairs.yaml", "leaves two pairs"),
    ],
)
def test_check_loose_seed_examples_exit_1(english, name: str, reason: str) -> None:
    result = english.invoke(app, ["check", str(EXAMPLES / name), "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["holds"] is False and reason in data["reason"]


def test_check_names_the_other_win(runner, write) -> None:
    path = write(
        "stakes: 1\ndealer: E\nwin: {type: bomb, winner: E}\n"
        "tiles: {ci: 4m, hand: 111s 222s 23m 33p 444p, win_tile: 1s}\n"
    )
    result = runner.invoke(app, ["check", path])
    assert result.exit_code == 1
    assert "暗呲" in result.stdout and "这副牌可以是" in result.stdout


def test_check_without_tiles_is_an_input_error(english) -> None:
    result = english.invoke(app, ["check", str(EXAMPLES / "zhici.yaml")])
    assert result.exit_code == 2
    assert "has no tiles" in result.stderr


def test_score_refuses_a_false_claim_unless_no_check(english) -> None:
    path = str(EXAMPLES / "check-zhici-bad-one-tile.yaml")
    refused = english.invoke(app, ["score", path])
    assert refused.exit_code == 1 and refused.stdout == ""
    assert "direct ci (zhici) needs three 3m in hand; there is one" in refused.stderr
    forced = english.invoke(app, ["score", path, "--no-check", "-f", "json"])
    assert forced.exit_code == 0
    assert json.loads(forced.stdout)["net"]["S"] == -13000


def test_score_with_true_tiles(runner) -> None:
    result = runner.invoke(app, ["score", str(EXAMPLES / "check-zhici.yaml"), "-f", "json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["net"]["W"] == 19000


@pytest.mark.parametrize(
    ("tiles", "pieces"),
    [
        ("{ci: 7s, hand: 12x3m, win_tile: 1m}", ["tiles.hand: \"12x3m\": 'x' is not a suit (m 万, p 筒, s 条, z 字)"]),
        ("{ci: 7s, hand: 111m 222m 333m 44p 56s}", ["tiles.win_tile", "missing"]),
        ("{ci: 1m, hand: 111m 222m 333m 44p 56s, win_tile: 1m}", ["5 × 1m", "only 4"]),
        ("{hand: 111m 222m 333m 44p 56s, win_tile: 1m}", ["tiles", "needs ci"]),
        ("{ci: 7s, hand: 111m 222m 333m 44p 56s, win_tile: 1m, extra: 1}", ["unknown key 'extra'"]),
    ],
)
def test_tile_input_errors(english, write, tiles: str, pieces: list[str]) -> None:
    path = write(f"stakes: 1\ndealer: E\nwin: {{type: zhici, winner: W, from: S}}\ntiles: {tiles}\n")
    result = english.invoke(app, ["check", path])
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1
    for piece in pieces:
        assert piece in result.stderr


def test_waits(runner) -> None:
    result = runner.invoke(app, ["waits", "111s 222s 23m 33p 444p", "--ci", "4m", "--lang", "en"])
    assert result.exit_code == 0
    out = result.stdout
    assert "waits: 1m 4m◆" in out
    assert "ready on the ci tile: yes" in out
    assert "draw 1s → 暗呲 concealed ci, kong of 1s" in out
    assert "someone discards 2s → 直呲 direct ci, kong of 2s" in out


def test_waits_chinese_and_pungs(runner) -> None:
    result = runner.invoke(app, ["waits", "123p 456p 77p 56s", "--ci", "七条", "--pungs", "4m"])
    assert result.exit_code == 0
    assert "摸到 四万 → 续呲，杠 四万" in result.stdout


@pytest.mark.parametrize(
    ("args", "piece"),
    [
        (["12x3m", "--ci", "4m"], "'x' is not a suit"),
        (["111s 222s 23m", "--ci", "4m"], "it must have 13"),
        (["111s 222s 23m 33p 444p", "--ci", "4"], "has no suit"),
    ],
)
def test_waits_errors(english, args: list[str], piece: str) -> None:
    result = english.invoke(app, ["waits", *args])
    assert result.exit_code == 2 and piece in result.stderr


def test_dice_seed_example(runner) -> None:
    result = runner.invoke(app, ["dice", "--dealer", "E", "5", "6", "--lang", "en"])
    assert result.exit_code == 0
    out = result.stdout
    assert "E 1, N 2, W 3, S 4, E 5, N 6, W 7, S 8, E 9, N 10, W 11 → W" in out
    assert "skip 5 stacks; dealing starts at stack 6" in out
    assert "top tile of stack 5" in out


def test_dice_chinese(runner) -> None:
    out = runner.invoke(app, ["dice", "5", "6"]).stdout
    assert "从西面前右手边过 5 敦，第 6 敦起拿牌" in out


@pytest.mark.parametrize(
    ("rules", "dealer", "counted", "stacks"),
    [
        ("{three_players: true}", "E", "E 1, W 2, S 3, E 4, W 5, S 6, E 7, W 8, S 9, E 10, W 11 → W", 22),
        ("{three_players: true}", "S", "S 1, E 2, W 3, S 4, E 5, W 6, S 7, E 8, W 9, S 10, E 11 → E", 22),
        ("{honours: false}", "E", "E 1, N 2, W 3, S 4, E 5, N 6, W 7, S 8, E 9, N 10, W 11 → W", 13),
        (
            "{three_players: true, honours: false}",
            "W",
            "W 1, S 2, E 3, W 4, S 5, E 6, W 7, S 8, E 9, W 10, S 11 → S",
            18,
        ),
    ],
)
def test_dice_at_a_table_of_three_and_at_108(english, write, rules, dealer, counted, stacks) -> None:
    path = write(rules, "rules.yaml")
    result = english.invoke(app, ["dice", "--dealer", dealer, "5", "6", "--rules", path])
    assert result.exit_code == 0, result.stderr
    assert counted in result.stdout
    numbers = [line.split() for line in result.stdout.splitlines() if line.strip().startswith("1  2  3")]
    assert numbers and numbers[0][-1] == str(stacks)  # the owner's wall, stack by stack
    assert ("N" in result.stdout.split("wall of the ci tile")[0].split("┐")[1]) is ("three" not in rules)


def test_dice_refuses_a_north_dealer_at_a_table_of_three(english, write) -> None:
    result = english.invoke(app, ["dice", "--dealer", "N", "5", "6", "--rules", write("{three_players: true}")])
    assert result.exit_code == 2 and result.stderr.startswith("--dealer: a table of three (三人场) has no N")


@pytest.mark.parametrize(
    ("args", "piece"),
    [(["0", "3"], "0 is not a die face"), (["7", "1"], "7 is not"), (["--dealer", "X", "1", "2"], "'X' is not a seat")],
)
def test_dice_errors(english, args: list[str], piece: str) -> None:
    result = english.invoke(app, ["dice", *args])
    assert result.exit_code == 2 and piece in result.stderr


@pytest.mark.parametrize(("value", "column"), [("111m 12x3m", 16), ('"111m 12x3m"', 17)])
def test_a_bad_tile_is_pointed_at(english, write, value: str, column: int) -> None:
    path = write(f"stakes: 1\ndealer: E\nwin: {{type: bomb, winner: E}}\ntiles:\n  ci: 1z\n  hand: {value}\n")
    result = english.invoke(app, ["check", path])
    assert result.exit_code == 2
    assert f":6:{column}: tiles.hand:" in result.stderr and "'x' is not a suit" in result.stderr


def test_waits_as_json(runner) -> None:
    result = runner.invoke(app, ["waits", "111s 222s 23m 33p 444p", "--ci", "4m", "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["waits"] == ["1m", "4m", "4p", "1s", "2s"] and data["ready_on_ci"] is True
    assert {"tile": "4p", "drawn": False, "win": "zhici", "kong": "4p"} in data["wins"]
    assert data["waits"] == sorted({w["tile"] for w in data["wins"]}, key=data["waits"].index)


def test_waits_never_contradicts_its_wins(runner) -> None:
    """A hand that waits only through a kong (1111s) is waiting: the line says so, in both languages."""
    args = ["waits", "1111s 222s 3m 33p 456p", "--ci", "4m"]
    zh = runner.invoke(app, args).stdout
    assert "听: 二万 五万\n" in zh and "不听" not in zh and "摸到 二万 → 暗呲，杠 一条" in zh
    en = runner.invoke(app, [*args, "--lang", "en"]).stdout
    assert "waits: 2m 5m\n" in en and "draw 2m → 暗呲 concealed ci, kong of 1s" in en


CLAIM = ["--hand", "111s 222s 23m 33p 444p", "--win-tile", "1s", "--ci", "4m"]


def test_check_without_a_file(english) -> None:
    held = english.invoke(app, ["check", "--type", "anci", "--winner", "S", *CLAIM, "-f", "json"])
    assert held.exit_code == 0 and json.loads(held.stdout)["holds"] is True
    false = english.invoke(app, ["check", "--type", "炸弹", *CLAIM])
    assert false.exit_code == 1 and "these tiles make" in false.stdout
    xuci = ["check", "--type", "xuci", "--hand", "222s 23m 33p 444p 99m", "--win-tile", "1s", "--ci", "4m"]
    pung = english.invoke(app, [*xuci, "--pungs", "1s", "--pungs", "5p"])
    assert pung.exit_code == 1 and "1s" in pung.stdout
    heavenly = english.invoke(app, ["check", "--type", "heavenly", "--winner", "S", "--dealer", "E", *CLAIM])
    assert heavenly.exit_code == 2 and heavenly.stderr.startswith("--winner: ")  # 天胡 is the dealer's, as in a file


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--type", "anci", "--hand", "111s"], "check: what to check"),
        (["--type", "chow", *CLAIM], "--type: 'chow' is not a win"),
        (["--type", "anci", "--winner", "X", *CLAIM], "--winner: 'X' is not a seat"),
        (["--type", "anci", "--hand", "111s 222s 23m 33p 44x", "--ci", "4m"], '--hand: "111s 222s 23m 33p 44x"'),
        (["--type", "anci", "--hand", "111s 222s 23m 33p 444p", "--ci", "4q"], '--ci: "4q"'),
        (["--type", "zhici", "--hand", "111s 222s 23m 33p 444p", "--ci", "4m"], "--win-tile: missing"),
        (["--type", "anci", "--hand", "1111s 222s 23m 33p 444p", "--ci", "1s", "--win-tile", "1s"], "--hand: 6 × 1s"),
        ([str(EXAMPLES / "check-anci.yaml"), "--type", "anci"], "check: give a hand file or --type/--hand"),
    ],
)
def test_check_without_a_file_names_the_option_at_fault(english, args: list[str], message: str) -> None:
    result = english.invoke(app, ["check", *args])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(message), result.stderr


# how the winning tile came: the wins named instead are only those it can make (both languages, exact)
HOW_IT_CAME = [
    (["--type", "bomb"], "en", "these tiles make: concealed ci"),  # drawn, as a bomb claims: never 直呲
    (["--type", "bomb", "--from-discard"], "en", "these tiles make: direct ci"),
    (["--type", "zhici", "--self-drawn"], "en", "a self-drawn tile cannot make direct ci (zhici)"),
    (["--type", "zhici", "--self-drawn"], "zh", "自己摸到的牌成不了直呲"),
    (["--type", "xuci", "--from-discard"], "en", "a discarded (or robbed) tile cannot make follow-up ci (xuci)"),
    (["--type", "xuci", "--from-discard"], "zh", "别家打出（或加杠）的牌成不了续呲"),
    (["--type", "xuci", "--from-discard"], "zh", "这副牌可以是: 直呲"),
    (["--type", "炸弹"], "zh", "这副牌可以是: 暗呲"),
]


@pytest.mark.parametrize(("args", "lang", "said"), HOW_IT_CAME)
def test_the_wins_named_respect_how_the_tile_came(runner, args: list[str], lang: str, said: str) -> None:
    tiles = ["--hand", "111s 222s 23m 33p 444p", "--win-tile", "1s", "--ci", "4m"]
    result = runner.invoke(app, ["check", *args, *tiles, "--lang", lang])
    assert result.exit_code == 1 and said in result.stdout, result.stdout
    named = json.loads(runner.invoke(app, ["check", *args, *tiles, "-f", "json"]).stdout)["alternatives"]
    from_another = "--from-discard" in args or (args[1] == "zhici" and "--self-drawn" not in args)
    assert named and all((w in ("zhici", "dianpao", "qianggang")) is from_another for w in named), named


def test_from_discard_and_self_drawn_together_are_refused(english) -> None:
    both = ["check", "--type", "bomb", "--hand", "111s", "--ci", "4m", "--from-discard", "--self-drawn"]
    result = english.invoke(app, both)
    assert result.exit_code == 2 and "give --from-discard or --self-drawn, not both" in result.stderr


def test_english_names_the_tiles_waited_on_one_by_one(english) -> None:
    result = english.invoke(app, ["check", "--type", "bomb", "--hand", "111s 222s 23m 33p 444p", "--win-tile", "5m"])
    assert result.exit_code == 2  # no --ci
    result = english.invoke(app, ["check", "--type", "bomb", *CLAIM[:2], "--win-tile", "5m", "--ci", "7m"])
    assert "it waits on 1m or 4m" in result.stdout and "14m" not in result.stdout
    chinese = ["check", "--type", "bomb", *CLAIM[:2], "--win-tile", "5m", "--ci", "7m", "--lang", "zh"]
    assert "它听 一万或四万" in english.invoke(app, chinese).stdout


@pytest.mark.parametrize("win", [w for w in Win if w is not Win.DRAW])
def test_each_win_is_named_once_in_each_language(win: Win) -> None:
    from gangci_calc.core.rules.terms import WIN_ZH, win_word

    word = win_word(win)
    assert word.zh == WIN_ZH[win]
    assert word.en.count(win.value) == 1 and WIN_ZH[win] not in word.en


@pytest.mark.parametrize(("lang", "said"), [("en", "so bomb is not a win"), ("zh", "炸弹不算胡")])
def test_hard_ci_names_the_bomb_once(runner, write, lang: str, said: str) -> None:
    rules = write("{hard_ci: true}", "rules.yaml")
    args = ["check", "--type", "bomb", *CLAIM[:2], "--win-tile", "1m", "--ci", "4m", "--rules", rules, "--lang", lang]
    out = runner.invoke(app, args).stdout
    assert said in out and "bomb (bomb)" not in out


def test_check_type_help_lists_every_win_a_claim_can_name(english) -> None:
    from gangci_calc.core.rules.terms import WIN_ZH

    text = " ".join(english.invoke(app, ["check", "--help"]).stdout.split())
    for win in Win:
        if win is not Win.DRAW:
            assert win.value in text and WIN_ZH[win] in text
    assert "dianpao and qianggang where the table's rules have them" in text or "点炮、抢杠要本桌有这条规矩" in text


def test_waits_takes_kongs(runner) -> None:
    args = ["waits", "111s 23m 33p", "--kongs", "2s", "--concealed-kongs", "5p", "--ci", "4m", "-f", "json"]
    data = json.loads(runner.invoke(app, args).stdout)
    assert data["kongs"] == ["2s"] and data["concealed_kongs"] == ["5p"]
    assert data["waits"] == ["1m", "4m", "1s"]
    shown = runner.invoke(app, [*args[:-2], "--lang", "en"]).stdout
    assert "kongs 2s  concealed kongs 5p" in shown


def test_waits_kongs_are_refused_where_the_table_refuses_them(english, write) -> None:
    rules = write("{honours: false}", "rules.yaml")
    result = english.invoke(app, ["waits", "111s 23m 33p 444p", "--kongs", "2z", "--ci", "4m", "--rules", rules])
    assert result.exit_code == 2 and result.stderr.startswith("--kongs: this table plays 108 tiles")


@pytest.mark.parametrize(("rules", "seventh"), [("{}", "tianci"), ("{pici: false}", "bomb")])
def test_waits_give_the_third_ci_tile_drawn_as_tianci_under_pici(runner, write, rules: str, seventh: str) -> None:
    """Two 7s held, 7s the ci tile: under 皮次 drawing the third offers 天呲 only (the server's dispatch; its own
    list of waits adds the ci tile to a hand holding two, MJTable L11175-11180); without it, the bomb it makes."""
    path = write(rules, "rules.yaml")
    args = ["waits", "77s 123m 456m 789m 11p", "--ci", "7s", "-f", "json", "--rules", path]
    data = json.loads(runner.invoke(app, args).stdout)
    assert data["waits"] == ["1p", "7s"]
    assert [(w["tile"], w["win"]) for w in data["wins"]] == [("1p", "bomb"), ("7s", seventh)]
