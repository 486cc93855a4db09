"""Every bad hand file ends in exit 2 and one located line on stderr, nothing on stdout."""

from __future__ import annotations

import pytest

from gangci_calc.cli import app

BASE = "stakes: 1\npolicy: true\ndealer: E\n"

# (id, file text, pieces the one-line message must contain)
CASES = [
    (
        "count out of range",
        BASE + "bets:\n  S: {piao: 4}\nwin: {type: bomb, winner: S}\n",
        [":5:13:", "bets.S.piao", "4 is out of range", "0 to 3"],
    ),
    (
        "negative count",
        BASE + "bets:\n  S: {gang: -1}\nwin: {type: bomb, winner: S}\n",
        [":5:13:", "bets.S.gang", "out of range"],
    ),
    (
        "yes is not 1",
        BASE + "bets:\n  S: {piao: yes}\nwin: {type: bomb, winner: S}\n",
        ["bets.S.piao", "true is not a whole number"],
    ),
    (
        "1.5 is not whole",
        BASE + "bets:\n  S: {piao: 1.5}\nwin: {type: bomb, winner: S}\n",
        ["bets.S.piao", "1.5 is not a whole number"],
    ),
    (
        "text count",
        BASE + "bets:\n  S: {piao: '2'}\nwin: {type: bomb, winner: S}\n",
        ["bets.S.piao", "'2' is not a whole number"],
    ),
    (
        "di on the dealer",
        BASE + "bets:\n  东: {抵: 1}\nwin: {type: bomb, winner: S}\n",
        [":5:10:", "bets.E.di", "dealer cannot 抵"],
    ),
    (
        "count while policy off",
        "stakes: 1\ndealer: E\nbets:\n  S: {piao: 1}\nwin: {type: bomb, winner: S}\n",
        [":4:13:", "bets.S.piao", "add-ons are off", "policy: true"],
    ),
    ("bad seat", BASE + "win: {type: bomb, winner: X}\n", [":4:27:", "win.winner", "'X' is not a seat"]),
    ("bad seat key", BASE + "bets:\n  Q: {piao: 1}\nwin: {type: bomb, winner: S}\n", ["bets.Q", "'Q' is not a seat"]),
    ("zhici without from", BASE + "win: {type: zhici, winner: W}\n", [":4:6:", "win.from", "missing", "discarder"]),
    ("xuci without from", BASE + "win: {type: xuci, winner: W}\n", ["win.from", "missing", "fed the pung"]),
    ("from equals winner", BASE + "win: {type: zhici, winner: W, from: W}\n", ["win.from", "W is the winner"]),
    ("from on a bomb", BASE + "win: {type: bomb, winner: W, from: S}\n", [":4:30:", "win.from", "no 'from'"]),
    (
        "heavenly by non-dealer",
        BASE + "win: {type: heavenly, winner: S}\n",
        ["win.winner", "天胡", "dealer's only", "E is"],
    ),
    ("draw with a winner", BASE + "win: {type: draw, winner: S}\n", ["win.winner", "no winner"]),
    ("no winner", BASE + "win: {type: anci}\n", ["win.winner", "missing"]),
    ("unknown win type", BASE + "win: {type: zimo, winner: S}\n", ["win.type", "'zimo' is not a win"]),
    (
        "exposed kong without from",
        BASE + "win: {type: bomb, winner: S}\nkongs:\n  - {by: N, type: exposed}\n",
        [":6:5:", "kongs[0]", "needs 'from'"],
    ),
    (
        "added kong without from",
        BASE + "win: {type: bomb, winner: S}\nkongs:\n  - {by: N, type: added}\n",
        ["kongs[0]", "needs 'from'"],
    ),
    (
        "kong from its maker",
        BASE + "win: {type: bomb, winner: S}\nkongs:\n  - {by: N, type: exposed, from: N}\n",
        [":6:34:", "kongs[0].from", "N made this kong"],
    ),
    (
        "concealed kong with from",
        BASE + "win: {type: bomb, winner: S}\nkongs:\n  - {by: N, type: concealed, from: S}\n",
        ["kongs[0].from", "paid by all three"],
    ),
    (
        "unknown kong type",
        BASE + "win: {type: bomb, winner: S}\nkongs:\n  - {by: N, type: big}\n",
        ["kongs[0].type", "not a kong"],
    ),
    (
        "unknown key with suggestion",
        BASE + "winn: {type: bomb, winner: S}\n",
        [":4:1:", "unknown key 'winn'", "did you mean 'win'?"],
    ),
    (
        "unknown bet key",
        BASE + "bets:\n  S: {piaoo: 1}\nwin: {type: bomb, winner: S}\n",
        [":5:7:", "bets.S.piaoo", "did you mean 'piao'?"],
    ),
    ("alias given twice", BASE + "庄家: S\nwin: {type: bomb, winner: S}\n", ["dealer", "given twice"]),
    ("missing win", BASE, ["missing win"]),
    ("missing stakes", "dealer: E\nwin: {type: bomb, winner: S}\n", ["missing stakes"]),
    ("missing dealer", "stakes: 1\nwin: {type: bomb, winner: S}\n", ["missing dealer"]),
    ("stakes as text", "stakes: high\ndealer: E\nwin: {type: bomb, winner: S}\n", [":1:9:", "not a stakes scheme"]),
    ("stakes as 方案2", "stakes: 方案3\ndealer: E\nwin: {type: draw}\n", ["not a stakes scheme"]),
    (
        "stakes without gang",
        "stakes: {bomb: 200}\ndealer: E\nwin: {type: bomb, winner: S}\n",
        [":1:9:", "needs at least gang"],
    ),
    (
        "stakes unknown key",
        "stakes: {gang: 100, kong: 5}\ndealer: E\nwin: {type: draw}\n",
        [":1:21:", "stakes.kong", "unknown key 'kong'"],
    ),
    (
        "stakes amount as text",
        "stakes: {gang: lots}\ndealer: E\nwin: {type: draw}\n",
        [":1:16:", "stakes.gang", "'lots' is not a positive whole amount"],
    ),
    ("bad scheme", "stakes: 3\ndealer: E\nwin: {type: bomb, winner: S}\n", [":1:9:", "stakes", "no scheme 3"]),
    (
        "bad custom stakes",
        "stakes: {gang: 0}\ndealer: E\nwin: {type: bomb, winner: S}\n",
        ["stakes.gang", "not a positive whole amount"],
    ),
    (
        "policy not a flag",
        "stakes: 1\npolicy: maybe\ndealer: E\nwin: {type: bomb, winner: S}\n",
        [":2:9:", "policy", "not true or false"],
    ),
    ("yaml syntax", BASE + "win: {type: bomb, winner: S\n", ["YAML syntax"]),
    ("python tag", "!!python/object/apply:os.system ['echo HACKED']\n", ["tag", "only plain YAML"]),
    ("top level a list", "- 1\n- 2\n", ["should be a mapping", "not a list"]),
    ("top level text", "hello\n", ["should be a mapping", "the text 'hello'"]),
    ("empty file", "", ["is empty"]),
    ("a session file", "stakes: 1\ndealer: E\nhands: []\n", [":3:1:", "session file", "gangci session"]),
    ("comments only", "# nothing yet\n", ["is empty"]),
]


@pytest.mark.parametrize(("text", "pieces"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_file_is_one_line_exit_2(english, write, text: str, pieces: list[str]) -> None:
    path = write(text)
    result = english.invoke(app, ["score", path])
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    message = result.stderr
    assert message.count("\n") == 1 and message.startswith(path), message
    assert "Traceback" not in message
    for piece in pieces:
        assert piece in message, f"{piece!r} not in {message!r}"


def test_python_tag_is_never_executed(runner, write, tmp_path) -> None:
    marker = tmp_path / "executed"
    path = write(f"!!python/object/apply:os.system ['touch {marker}']\n")
    assert runner.invoke(app, ["score", path]).exit_code == 2
    assert not marker.exists()


def test_missing_file(english, tmp_path) -> None:
    result = english.invoke(app, ["score", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 2
    assert result.stderr.strip().endswith("nope.yaml: no such file")
    assert result.stdout == ""


def test_unreadable_file(english, tmp_path) -> None:
    path = str(tmp_path / ("x" * 300 + ".yaml"))  # a name no file system takes: open() fails, whoever runs this
    result = english.invoke(app, ["score", path])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"{path}: cannot be read: File name too long\n"


def test_non_utf8_file(english, tmp_path) -> None:
    path = tmp_path / "gbk.yaml"
    path.write_bytes("stakes: 1\ndealer: 东\n".encode("gbk"))
    result = english.invoke(app, ["score", str(path)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == f"{path}:2: is not UTF-8 text\n"


def test_directory_instead_of_file(english, tmp_path) -> None:
    result = english.invoke(app, ["score", str(tmp_path)])
    assert result.exit_code == 2
    assert "is a directory" in result.stderr


def test_json_hand_file_errors_are_located(english, write) -> None:
    path = write('{"stakes": 1, "dealer": "E",\n "win": {"type": "bomb", "winner": "Z"}}\n', "hand.json")
    result = english.invoke(app, ["score", path])
    assert result.exit_code == 2
    assert ":2:36: win.winner: 'Z' is not a seat" in result.stderr


def test_a_directory_as_the_rules_file_is_not_called_a_hand_file(english, tmp_path) -> None:
    hand = tmp_path / "hand.yaml"
    hand.write_text("stakes: 1\ndealer: E\nwin: {type: bomb, winner: S}\n", encoding="utf-8")
    result = english.invoke(app, ["score", str(hand), "--rules", str(tmp_path)])
    assert result.exit_code == 2 and result.stderr == f"{tmp_path}: is a directory, not a file\n"


def test_a_misspelt_rules_key_is_said_as_one(english, write) -> None:
    """``rule:`` over house options: "did you mean 'rules'?", not the list of every option."""
    rules = write("rule:\n  dealer_double: all\n", "club.yaml")
    hand = write("stakes: 1\ndealer: E\nwin: {type: bomb, winner: S}\n", "hand.yaml")
    result = english.invoke(app, ["score", hand, "--rules", rules])
    assert result.exit_code == 2
    assert result.stderr == f"{rules}:1:1: rule: unknown key 'rule' in a rules file — did you mean 'rules'?\n"
    bare = write("dealer_double: all\n", "bare.yaml")  # bare options are still bare options
    assert english.invoke(app, ["score", hand, "--rules", bare]).exit_code == 0


def test_tiles_with_the_ci_tile_alone_say_where_the_ci_tile_goes(english, write) -> None:
    hand = write("stakes: 1\ndealer: E\nwin: {type: bomb, winner: S}\ntiles: {ci: 4m}\n", "hand.yaml")
    result = english.invoke(app, ["score", hand])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "tiles: needs hand (the winning hand's tiles); for the ci tile alone, give ci: at the top" in result.stderr
