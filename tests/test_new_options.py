"""The six options the game servers play: 三人场, 带跑 (tests/test_pao.py), 包次 from the tiles left, 七对, 不次风,
108 tiles."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gangci_calc.cli import app
from tests import oracle
from tests.conftest import EXAMPLES

SEATS = "ESWN"


def score(runner: Any, write: Any, text: str, *args: str) -> Any:
    return runner.invoke(app, ["score", write(text), "-f", "json", *args])


def nets(runner: Any, write: Any, text: str) -> tuple[Any, ...]:
    result = score(runner, write, text)
    assert result.exit_code == 0, result.output
    return tuple(json.loads(result.stdout)["net"][s] for s in SEATS)


ZHICI = "stakes: 2\ndealer: E\nwin: {type: zhici, winner: W, from: S}\n"
# (house rules and hand lines, expected nets E S W N), each checked against the test reference too
CASES = [
    # 包次 from the tiles left: the mark (10) less 2 per 暗杠, 1 per 明杠 / 续杠
    ("rules: {baoci: true}\ntiles_left: 10\n", (0, -19000, 19000, 0)),
    ("rules: {baoci: true}\ntiles_left: 11\n", (-3000, -13000, 19000, -3000)),
    ("rules: {baoci: true}\ntiles_left: 8\nkongs: [{by: N, type: concealed}]\n", (-1000, -20000, 18000, 3000)),
    ("rules: {baoci: true}\ntiles_left: 9\nkongs: [{by: N, type: concealed}]\n", (-4000, -14000, 18000, 0)),
    ("rules: {baoci: true, bao_mark: 4}\ntiles_left: 5\n", (-3000, -13000, 19000, -3000)),
    ("rules: {baoci: true, bao_mark: 0}\ntiles_left: 0\n", (0, -19000, 19000, 0)),
    ("tiles_left: 3\n", (-3000, -13000, 19000, -3000)),  # without 包次 the count changes nothing
    ("rules: {baoci: true}\ntiles_left: 60\nwin: {bao: true}\n", (0, -19000, 19000, 0)),  # bao: true overrides
    ("rules: {baoci: true}\ntiles_left: 3\nwin: {bao: false}\n", (-3000, -13000, 19000, -3000)),  # and false
    # the line below 0 (1 − 2 for the 暗杠): no count of tiles is under it, so no 包次, not even at 0 tiles
    (
        "rules: {baoci: true, bao_mark: 1}\ntiles_left: 0\nkongs: [{by: N, type: concealed}]\n",
        (-4000, -14000, 18000, 0),
    ),
    (
        "rules: {baoci: true, bao_mark: 2}\ntiles_left: 0\nkongs: [{by: N, type: concealed}]\n",
        (-1000, -20000, 18000, 3000),
    ),
    # 带跑 (跑 per seat): tests/test_pao.py, case by case
    # 三人场: the only other seat pays ½C
    ("rules: {three_players: true, zhici_split: even}\n", (-6000, -7000, 13000, 0)),
]


def _merged(extra: str) -> str:
    """ZHICI with ``extra``'s lines; a ``win:`` line in extra adds keys to the win."""
    text = ZHICI
    for line in extra.splitlines():
        if line.startswith("win: {"):
            text = text.replace("from: S}", "from: S, " + line[len("win: {") :])
        else:
            text += line + "\n"
    return text


@pytest.mark.parametrize(("extra", "expected"), CASES)
def test_new_options_table(runner, write, extra: str, expected: tuple[int, ...]) -> None:
    import yaml

    text = _merged(extra)
    assert nets(runner, write, text) == expected
    reference = oracle.settle_hand(yaml.safe_load(text))
    assert tuple(reference[s] for s in SEATS) == expected


def test_the_mark_is_shown_when_the_tiles_left_decide(runner, write) -> None:
    data = json.loads(score(runner, write, _merged("rules: {baoci: true}\ntiles_left: 9\n")).stdout)
    assert data["win"]["bao"] is True
    assert data["tiles_left"] == 9 and data["bao_line"] == 10


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("zh", "包次: 剩牌 9 张 ≤ 包次线 9 (10 − 1 个明杠/续杠)"),
        ("en", "bao: 9 tiles left ≤ the mark 9 (10 − 1 exposed/added kong)"),
    ],
)
def test_explain_shows_the_computed_mark(runner, lang: str, line: str) -> None:
    out = runner.invoke(app, ["score", str(EXAMPLES / "house" / "bao-tiles-left.yaml"), "--explain", "--lang", lang])
    assert line in out.stdout


@pytest.mark.parametrize(
    ("rules", "left", "most"),
    [
        ("{}", 84, 83),
        ("{three_players: true}", 97, 96),
        ("{honours: false}", 56, 55),
        ("{three_players: true, honours: false}", 69, 68),
    ],
)
def test_more_tiles_left_than_the_wall_holds_after_the_deal_is_refused(english, write, rules, left, most) -> None:
    text = f"stakes: 2\ndealer: E\nrules: {rules}\nwin: {{type: zhici, winner: W, from: S}}\ntiles_left: {left}\n"
    result = english.invoke(app, ["score", write(text)])
    assert result.exit_code == 2
    said = f"tiles_left: {left} tiles left cannot be: after the deal this table's wall holds at most {most}"
    assert f"hand.yaml:5:13: {said}" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    at_most = text.replace(f"tiles_left: {left}", f"tiles_left: {most}")
    assert english.invoke(app, ["score", write(at_most)]).exit_code == 0


def test_a_line_below_0_is_explained(runner, write) -> None:
    text = _merged("rules: {baoci: true, bao_mark: 1}\ntiles_left: 0\nkongs: [{by: N, type: concealed}]\n")
    out = runner.invoke(app, ["score", write(text), "--explain", "--lang", "en"]).stdout
    assert "no bao: the mark -1 is below 0 (1 − 2 × 1 concealed kong)" in out


def test_three_players_rotate_and_pay_fees_for_three(runner, write) -> None:
    text = (
        "stakes: 1\ndealer: W\nrules: {three_players: true, draw_dealer: next}\nfee: {per_hand: 10}\n"
        "players: {E: 老王, S: 小李, W: 张姐}\n"
        "hands:\n  - win: {type: draw}\n  - win: {type: bomb, winner: S}\n"
    )
    data = json.loads(runner.invoke(app, ["session", write(text), "-f", "json"]).stdout)
    assert [h["dealer"] for h in data["hands"]] == ["W", "E"]  # after 西 comes 东 at a table of three
    assert data["fees"] == 60
    assert {p["name"] for p in data["people"]} == {"老王", "小李", "张姐", "台费"}


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("players: {E: a, S: b, W: c, N: d}\n" + "win: {type: bomb, winner: S}\n", "players.N"),
        ("win: {type: bomb, winner: N}\n", "win.winner"),
        ("policy: true\nbets: {N: {piao: 1}}\nwin: {type: bomb, winner: S}\n", "bets.N"),
        ("win: {type: bomb, winner: S}\nkongs: [{by: N, type: concealed}]\n", "kongs[0].by"),
        ("win: {type: bomb, winner: S}\nkongs: [{by: E, type: exposed, from: N}]\n", "kongs[0].from"),
    ],
)
def test_a_fourth_seat_at_a_table_of_three_is_a_located_error(english, write, text: str, where: str) -> None:
    result = english.invoke(app, ["score", write("stakes: 2\ndealer: E\nrules: {three_players: true}\n" + text)])
    assert result.exit_code == 2
    assert f"{where}: a table of three (三人场) has no N" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


SEVEN = "11m 22m 55p 66p 99s 11z 7z"


@pytest.mark.parametrize(
    ("rules", "lang", "code", "reason"),
    [
        ("{qidui: true}", "zh", 0, "摸到的中成胡"),
        ("{qidui: true}", "en", 0, "the drawn 7z completes the hand"),
        ("{}", "en", 1, "a bomb needs the drawn 7z to complete the hand; it is not ready"),
    ],
)
def test_seven_pairs_only_where_the_table_plays_them(runner, write, rules, lang, code, reason) -> None:
    text = f"stakes: 2\ndealer: E\nrules: {rules}\nwin: {{type: bomb, winner: S}}\n"
    text += f"tiles: {{ci: 5m, hand: {SEVEN}, win_tile: 7z}}\n"
    result = runner.invoke(app, ["check", write(text), "-f", "json", "--lang", lang])
    assert (result.exit_code, json.loads(result.stdout)["reason"]) == (code, reason)


def test_waits_on_seven_pairs(runner, write) -> None:
    rules = write("rules: {qidui: true}\n", "rules.yaml")
    out = json.loads(runner.invoke(app, ["waits", SEVEN, "--ci", "5m", "--rules", rules, "-f", "json"]).stdout)
    assert out["waits"] == ["7z"] and {w["win"] for w in out["wins"]} == {"bomb"}
    plain = json.loads(runner.invoke(app, ["waits", SEVEN, "--ci", "5m", "-f", "json"]).stdout)
    assert plain["waits"] == []


@pytest.mark.parametrize(
    ("lang", "reason"),
    [
        ("zh", "不次风：翻出的中不算，杠底牌是一万；现在开一条暗杠；其余的牌加杠底牌一万成胡"),
        (
            "en",
            "no honour ci (不次风): the 7z flipped does not count, the ci tile is 1m; concealed kong of 1s declared"
            " now; the rest + the ci tile 1m is complete",
        ),
    ],
)
def test_no_honour_ci_moves_the_ci_tile_on(runner, lang: str, reason: str) -> None:
    path = str(EXAMPLES / "house" / "no-honour-ci.yaml")
    result = runner.invoke(app, ["check", path, "-f", "json", "--lang", lang])
    assert (result.exit_code, json.loads(result.stdout)["reason"]) == (0, reason)


def test_waits_under_no_honour_ci(runner, write) -> None:
    rules = write("rules: {no_honour_ci: true}\n", "rules.yaml")
    hand = "111s 222s 23m 33p 444p"
    moved = json.loads(runner.invoke(app, ["waits", hand, "--ci", "中", "--rules", rules, "-f", "json"]).stdout)
    assert moved["ci"] == "1m" and moved["ready_on_ci"] is True
    assert "1s" in {w["tile"] for w in moved["wins"] if w["win"] == "anci"}
    plain = json.loads(runner.invoke(app, ["waits", hand, "--ci", "中", "-f", "json"]).stdout)
    assert not any(w["win"] == "anci" for w in plain["wins"])


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["waits", "111m 234m 567p 789s 1z", "--ci", "5m"], "hand"),
        (["waits", "111m 234m 567p 789s 1s", "--ci", "东"], "--ci"),
        (["check", "--type", "bomb", "--hand", "111m 234m 567p 789s 1z", "--win-tile", "1z", "--ci", "5m"], "--hand"),
    ],
)
def test_108_tiles_refuse_honours(english, write, args: list[str], option: str) -> None:
    rules = write("rules: {honours: false}\n", "rules.yaml")
    result = english.invoke(app, [*args, "--rules", rules])
    assert result.exit_code == 2
    assert f"{option}: this table plays 108 tiles (honours: false): there are no honours" in result.stderr


def test_108_tiles_refuse_an_honour_in_a_hand_file(english) -> None:
    result = english.invoke(app, ["check", str(EXAMPLES / "errors" / "honour-at-108.yaml")])
    assert result.exit_code == 2
    assert "tiles.hand: this table plays 108 tiles (honours: false): there are no honours" in result.stderr


def test_the_new_options_at_the_prompt() -> None:
    from gangci_calc.io.load.answers import parse_house

    assert parse_house("三人场 带跑100 杠跑 七对 包次线8 不次风 不带字牌") == {
        "three_players": True,
        "pao": {"unit": 100, "kong": True},
        "qidui": True,
        "bao_mark": 8,
        "no_honour_ci": True,
        "honours": False,
    }
    assert parse_house("three_players pao=100") == {"three_players": True, "pao": {"unit": 100}}


def test_a_new_ledger_of_three_with_pao(tmp_path) -> None:
    from gangci_calc.core.rules import Seat
    from gangci_calc.io.ledger.ledger_write import new_session_text
    from gangci_calc.io.load.load_session import session_from_text

    house = {"three_players": True, "pao": {"unit": 100, "kong": True}}
    text = new_session_text("2", True, {Seat.E: "老王", Seat.S: "小李", Seat.W: "张姐"}, Seat.E, house)
    assert "rules: {three_players: true, pao: {unit: 100, kong: true}}" in text
    session = session_from_text(text, str(tmp_path / "new.yaml"))
    pao = session.table.rules.house.pao
    assert pao is not None and pao.unit == 100 and pao.kong and session.table.rules.house.three_players


def test_the_prompt_refuses_north_at_a_table_of_three(english, tmp_path) -> None:
    path = tmp_path / "three.yaml"
    path.write_text("stakes: 2\ndealer: E\nrules: {three_players: true}\nhands:\n", encoding="utf-8")
    # dealer E; 直呲; winner N (refused), W; from S; kongs naming N (refused), then S's 暗杠
    answers = "\nzhici\nN\nW\nS\nS concealed N exposed W\nS concealed\n"
    result = english.invoke(app, ["session", str(path), "--add", "-f", "json"], input=answers)
    assert result.exit_code == 0, result.output
    assert result.output.count("a table of three (三人场) has no N") == 2
    assert path.read_text(encoding="utf-8").endswith(
        "  - win: {type: zhici, winner: W, from: S}\n    kongs:\n      - {by: S, type: concealed}\n"
    )
    data = json.loads(result.stdout)
    assert data["totals"]["N"] == 0 and "N" not in {p["name"] for p in data["people"]}


@pytest.mark.parametrize(("rules_file", "answer"), [(None, "三人场"), ("{three_players: true}", "-")])
def test_new_asks_the_rules_first_and_three_names_at_a_table_of_three(english, tmp_path, rules_file, answer) -> None:
    path = tmp_path / "three.yaml"
    args = ["session", str(path), "--new"]
    if rules_file is not None:
        (tmp_path / "rules.yaml").write_text(rules_file, encoding="utf-8")
        args += ["--rules", str(tmp_path / "rules.yaml")]
    result = english.invoke(app, args, input=f"1\ny\n{answer}\n老王\n小李\n张姐\n北\n东\n")
    assert result.exit_code == 0, result.stderr
    asked = result.stderr
    assert asked.index("House rules and fee") < asked.index("E player's name")  # the rules before the names
    assert asked.count("player's name") == 3 and "N player's name" not in asked
    assert "a table of three (三人场) has no N" in asked  # North refused as the first dealer, asked again
    assert 'players: {E: "老王", S: "小李", W: "张姐"}' in path.read_text(encoding="utf-8")


def test_new_asks_four_names_at_a_table_of_four(english, tmp_path) -> None:
    path = tmp_path / "four.yaml"
    result = english.invoke(app, ["session", str(path), "--new"], input="1\ny\n-\na\nb\nc\nd\n北\n")
    assert result.exit_code == 0, result.stderr
    assert result.stderr.count("player's name") == 4
    assert "dealer: N" in path.read_text(encoding="utf-8")
