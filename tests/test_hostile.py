"""Hostile input at the loading boundary (io/load/boundary.py): each refused in one located line, exit 2, quickly."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from gangci_calc.cli import app

HAND = "stakes: 1\ndealer: E\nwin: {type: bomb, winner: S}\n"

YAML_CASES = [
    ("key twice", "stakes: 1\nstakes: 2\ndealer: E\nwin: {type: draw}\n", ":2:1:", "'stakes' is given twice"),
    (
        "key twice in flow",
        "stakes: 1\ndealer: E\nwin: {type: draw, type: bomb}\n",
        ":3:19:",
        "line 3, columns 7 and 19",
    ),
    ("bool maybe", "stakes: 1\npolicy: !!bool maybe\ndealer: E\nwin: {type: draw}\n", ":2:9:", "'maybe' is not true"),
    ("int x", "stakes: !!int x\ndealer: E\nwin: {type: draw}\n", ":1:9:", "'x' is not a whole number"),
    ("float x", "stakes: !!float x\ndealer: E\nwin: {type: draw}\n", ":1:9:", "'x' is not a number"),
    ("timestamp x", "stakes: 1\ndealer: !!timestamp x\nwin: {type: draw}\n", ":2:9:", "'x' is not a seat"),
    ("binary", "stakes: !!binary aGk=\ndealer: E\nwin: {type: draw}\n", ":1:9:", "only plain YAML"),
    ("set", "stakes: !!set {a, b}\ndealer: E\nwin: {type: draw}\n", ":1:9:", "only plain YAML"),
    ("python", "!!python/object/apply:os.system ['true']\n", ":1:1:", "only plain YAML"),
    ("19 digits", "stakes: {gang: 1234567890123456789}\ndealer: E\nwin: {type: draw}\n", ":1:16:", "18 digits"),
    ("5000 digits", "stakes: {gang: " + "9" * 5000 + "}\ndealer: E\nwin: {type: draw}\n", ":1:16:", "18 digits"),
    ("hex 4000", "stakes: {gang: 0x" + "f" * 4000 + "}\ndealer: E\nwin: {type: draw}\n", ":1:16:", "18 digits"),
    ("deep", "stakes: " + "[" * 600 + "]" * 600 + "\ndealer: E\nwin: {type: draw}\n", ":1:", "nested more than"),
    (
        "deep block",
        "stakes:\n" + "".join("  " * i + "- \n" for i in range(1, 300)) + "dealer: E\n",
        ":",
        "nested more than",
    ),
    (
        "billion laughs",
        "a: &a [x, x, x, x, x, x, x, x, x]\n"
        + "".join(f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(8))
        + "stakes: *i\ndealer: E\nwin: {type: draw}\n",
        ":",
        "aliases",
    ),
    ("name with a newline", 'stakes: 1\nplayers: {E: "老\\n王"}\ndealer: E\nwin: {type: draw}\n', ":2:", "line breaks"),
    ("long bad value", "stakes: 1\ndealer: " + "x" * 200_000 + "\nwin: {type: draw}\n", ":2:9:", "xxxx…"),
]


@pytest.mark.parametrize(("text", "where", "piece"), [c[1:] for c in YAML_CASES], ids=[c[0] for c in YAML_CASES])
def test_hostile_yaml_is_one_located_line(english, write, text: str, where: str, piece: str) -> None:
    path = write(text)
    start = time.perf_counter()
    result = english.invoke(app, ["score", path])
    assert time.perf_counter() - start < 5
    assert result.exit_code == 2 and result.stdout == "", result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(path + where) and piece in lines[0], lines
    assert len(lines[0]) < len(path) + 300


def test_a_session_with_hands_twice_is_refused(english, write) -> None:
    path = write("stakes: 1\ndealer: E\nhands:\n  - win: {type: draw}\nhands:\n  - win: {type: draw}\n")
    result = english.invoke(app, ["session", path])
    assert result.exit_code == 2
    assert (
        ":5:1: YAML" not in result.stderr and "'hands' is given twice in one mapping (lines 3 and 5)" in result.stderr
    )
    add = english.invoke(app, ["session", path, "--add"], input="\n流局\n\n")
    assert add.exit_code == 2 and "given twice" in add.stderr


@pytest.mark.parametrize(
    ("record", "piece"),
    [
        ('{"stakes": 1, "stakes": 2, "dealer": "E", "win": {"type": "draw"}}', ":2:15: 'stakes' is given twice"),
        ('{"stakes": ' + "[" * 1500 + "]" * 1500 + "}", "nested more than 24 levels"),
        ('{"stakes": {"gang": ' + "9" * 30 + '}, "dealer": "E", "win": {"type": "draw"}}', ":2:21: stakes.gang: '999"),
        ('{"stakes": {"gang": ' + "9" * 5000 + '}, "dealer": "E", "win": {"type": "draw"}}', "has more than 18 digits"),
    ],
)
def test_hostile_json_records_fail_alone(english, write, record: str, piece: str) -> None:
    good = '{"stakes": 1, "dealer": "E", "win": {"type": "bomb", "winner": "S"}}'
    path = write(f"{good}\n{record}\n{good}\n", "records.jsonl")
    result = english.invoke(app, ["batch", path])
    assert result.exit_code == 1, result.output
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert [("net" in o) for o in out] == [True, False, True]
    assert piece in out[1]["error"] and len(out[1]["error"]) < 300


def test_special_files_are_refused(english, tmp_path: Path) -> None:
    for command in ("score", "session", "check"):
        result = english.invoke(app, [command, "/dev/zero"])
        assert result.exit_code == 2 and "not a regular file" in result.stderr, (command, result.output)
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    result = english.invoke(app, ["score", str(fifo)])
    assert result.exit_code == 2 and "not a regular file" in result.stderr
    batch = english.invoke(app, ["batch", "/dev/zero", str(fifo)])
    assert batch.exit_code == 2 and batch.stderr.count("not a regular file") == 2


def test_a_huge_hand_file_is_refused_without_reading_it_all(english, tmp_path: Path) -> None:
    path = tmp_path / "big.yaml"
    path.write_text(HAND + "# " + "x" * (2 << 20) + "\n", encoding="utf-8")
    result = english.invoke(app, ["score", str(path)])
    assert result.exit_code == 2 and "larger than 1 MiB" in result.stderr


def test_a_folder_scan_takes_upper_case_suffixes(runner, tmp_path: Path) -> None:
    (tmp_path / "A.YAML").write_text(HAND, encoding="utf-8")
    (tmp_path / "b.Jsonl").write_text('{"stakes": 1, "dealer": "E", "win": {"type": "draw"}}\n', encoding="utf-8")
    result = runner.invoke(app, ["batch", str(tmp_path)])
    assert result.exit_code == 0 and len(result.stdout.splitlines()) == 2


@pytest.mark.parametrize(
    ("hand_line", "where"),
    [
        ("  hand: 111m 2x2m\n", ":5:15:"),  # plain: the bad character itself
        ('  hand: "111m 2x2m"\n', ":5:16:"),  # quoted: past the quote
        ('  hand: "111m\\t2x2m"\n', ":5:9:"),  # escaped: the value, not a character of the text
        ("  hand: >\n    111m 2x2m\n", ":5:9:"),  # folded: the value
    ],
)
def test_tile_error_columns(runner, write, hand_line: str, where: str) -> None:
    text = "stakes: 1\ndealer: E\nwin: {type: tianci, winner: E}\ntiles:\n" + hand_line + "  ci: 1m\n"
    path = write(text)
    result = runner.invoke(app, ["score", path])
    assert result.exit_code == 2 and result.stderr.startswith(path + where), result.stderr


def test_a_tab_in_a_file_still_gets_a_line_and_column(runner, write) -> None:
    path = write("stakes:\t1\ndealer: X\nwin: {type: draw}\n")
    result = runner.invoke(app, ["score", path])
    assert result.exit_code == 2 and result.stderr.startswith(path + ":2:9: 庄家:"), result.stderr


# ---------------------------------------------------------------- null is absent (a warehouse's export)


def test_null_is_absent_in_files_batch_the_api_and_the_schema(runner, write) -> None:
    import jsonschema

    from gangci_calc.api import score
    from gangci_calc.io.export.json_schema import schema

    record = {
        "stakes": 2, "policy": None, "dealer": "E", "players": None, "rules": None, "fee": None, "ci": None,
        "bets": {"E": {"piao": None, "di": None, "gang": None}, "S": None}, "kongs": None, "tiles": None,
        "win": {"type": "zhici", "winner": "W", "from": "S", "bao": None}, "mi": None, "id": None, "meta": None,
    }  # fmt: skip
    plain = {"stakes": 2, "dealer": "E", "win": {"type": "zhici", "winner": "W", "from": "S"}}
    assert score(record).net == score(plain).net == {"E": -3000, "S": -13000, "W": 19000, "N": -3000}
    assert (
        json.loads(runner.invoke(app, ["score", write(json.dumps(record)), "-f", "json"]).stdout)["net"]["W"] == 19000
    )
    lines = runner.invoke(app, ["batch", write(json.dumps(record) + "\n", "h.jsonl")]).stdout
    assert json.loads(lines)["net"]["W"] == 19000
    assert list(jsonschema.Draft202012Validator(schema("hand")).iter_errors(record)) == []


def test_a_required_key_given_as_null_is_missing(english, write) -> None:
    result = english.invoke(app, ["score", write('{"stakes": 2, "dealer": null, "win": {"type": "draw"}}')])
    assert result.exit_code == 2 and "missing dealer" in result.stderr
    winner = english.invoke(
        app, ["score", write('{"stakes": 2, "dealer": "E", "win": {"type": "bomb", "winner": null}}')]
    )
    assert winner.exit_code == 2 and "win.winner: missing" in winner.stderr
