"""The second attack campaign (issue 17): each defect's reproduction, failing before its fix.

Process-level reproductions kill their child on a timeout (``run``); the long
trials are in the slow tier.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from gangci_calc.cli import app
from tests.conftest import EXAMPLES, examples
from tests.test_batch_records import plain_records

GANGCI = [sys.executable, "-m", "gangci_calc"]
BOMB = '{"stakes":1,"dealer":"E","win":{"type":"bomb","winner":"S"}}\n'


def run(args: list[str], timeout: float = 60, **kwargs: object) -> subprocess.CompletedProcess[str]:
    """A gangci process, killed (never left behind) when it outlives ``timeout``."""
    return subprocess.run([*GANGCI, *args], capture_output=True, text=True, timeout=timeout, **kwargs)  # type: ignore[call-overload,no-any-return]


# ---------------------------------------------------------------- 1. an output that is an input


@pytest.mark.process
@pytest.mark.parametrize("how", ["totals-out", "stdin", "hard link"])
def test_an_output_that_is_an_input_is_refused(english: CliRunner, tmp_path: Path, how: str) -> None:
    records = tmp_path / "in.jsonl"
    records.write_text(BOMB * 3, encoding="utf-8")
    if how == "totals-out":
        done = run(["batch", str(records), "--totals-out", str(records), "--lang", "en"])
    elif how == "stdin":
        with records.open() as stdin:
            done = run(["batch", "-", "-o", str(records), "--lang", "en"], stdin=stdin)
    else:
        link = tmp_path / "link.jsonl"
        os.link(records, link)
        done = run(["batch", str(link), "-o", str(records), "--lang", "en"])
    assert done.returncode == 2 and "is one of the inputs" in done.stderr, done.stderr
    assert records.read_text(encoding="utf-8") == BOMB * 3


@pytest.mark.process
def test_stdin_from_dev_null_may_write_to_dev_null() -> None:
    with open(os.devnull) as stdin:
        assert run(["batch", "-", "-o", os.devnull], stdin=stdin).returncode == 0


# ---------------------------------------------------------------- 2. --edit keeps what it does not ask

EDITED = """stakes: 1
dealer: E
hands:
  # the first hand
  - id: hand-7            # the platform's id
    win: {type: bomb, winner: S}   # 小李 self-draws
    # a note inside the hand
    meta: {table: 3, "a # b": 1}
    ci: 4m
  - win: {type: draw}
"""


def test_edit_keeps_id_meta_and_comments(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "ledger.yaml"
    path.write_text(EDITED, encoding="utf-8")
    result = runner.invoke(app, ["session", str(path), "--edit", "1"], input="\n炸\n北\n\n")
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert "winner: N" in text
    for kept in ("id: hand-7", 'meta: {table: 3, "a # b": 1}', "# the platform's id",
                 "# 小李 self-draws", "# a note inside the hand", "# the first hand"):  # fmt: skip
        assert text.count(kept) == 1, (kept, text)
    assert "# b" not in text.replace('"a # b"', "")


# ---------------------------------------------------------------- 3, 4. ledgers that cannot be replaced as they are

LEDGER = "stakes: 1\ndealer: E\nhands:\n  - win: {type: bomb, winner: S}\n"
DRAW = "\n流局\n\n"


def test_a_hard_linked_ledger_is_refused_before_the_prompts(english: CliRunner, tmp_path: Path) -> None:
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    first.write_text(LEDGER, encoding="utf-8")
    os.link(first, second)
    for flag in ("--add", "--undo", "--play"):
        result = english.invoke(app, ["session", str(second), flag], input=DRAW)
        assert result.exit_code == 74, result.output
        assert "has 2 hard links" in result.stderr and "Dealer" not in result.stderr  # no prompt was shown
    assert first.read_text(encoding="utf-8") == LEDGER and os.stat(first).st_nlink == 2


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to become another user")
def test_another_users_ledger_is_refused_and_keeps_its_owner(tmp_path: Path) -> None:
    """A root-owned 0644 ledger in a 0777 folder, added to by ``nobody``: 74 before the prompts, nothing changed."""
    import pwd
    import tempfile

    folder = Path(tempfile.mkdtemp(dir="/tmp"))  # pytest's own folder is closed to other users
    folder.chmod(0o777)
    path = folder / "ledger.yaml"
    path.write_text(LEDGER, encoding="utf-8")
    path.chmod(0o644)
    nobody = pwd.getpwnam("nobody")
    warm = tmp_path / "warm.yaml"  # the child may not read this Python's library: import all it needs first
    warm.write_text(LEDGER, encoding="utf-8")
    assert CliRunner().invoke(app, ["session", str(warm), "--add", "--lang", "en"], input=DRAW).exit_code == 0
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child reports through the pipe
        status = 99
        try:
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)
            result = CliRunner().invoke(app, ["session", str(path), "--add", "--lang", "en"], input=DRAW)
            refused = "is read-only" in result.stderr and "Dealer" not in result.stderr  # before any prompt
            status = result.exit_code if refused else 98
        finally:
            os.write(write, bytes([status]))
            os._exit(0)
    os.close(write)
    status = os.read(read, 1)[0]
    os.waitpid(child, 0)
    assert status == 74
    assert path.read_text(encoding="utf-8") == LEDGER
    assert os.stat(path).st_uid == 0 and sorted(p.name for p in folder.iterdir()) == ["ledger.yaml"]
    path.unlink()
    folder.rmdir()


# ---------------------------------------------------------------- 5. a stop after the save says the hand was saved


STOPS = [(KeyboardInterrupt, 130, "interrupted"), (None, 143, "terminated")]


@pytest.mark.parametrize(("stop", "status", "said"), STOPS)
def test_a_stop_after_the_save_says_the_hand_was_saved(
    english: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stop: type[BaseException] | None, status: int,
    said: str,
) -> None:  # fmt: skip
    import gangci_calc.commands.session.show
    from gangci_calc.core.errors import Terminated

    def stopped(*args: object, **kwargs: object) -> str:
        raise stop() if stop is not None else Terminated()

    path = tmp_path / "ledger.yaml"
    path.write_text(LEDGER, encoding="utf-8")
    # the final render, after the save
    monkeypatch.setattr(gangci_calc.commands.session.show, "session_output", stopped)
    result = english.invoke(app, ["session", str(path), "--add"], input=DRAW)
    assert result.exit_code == status
    last = result.stderr.strip().splitlines()[-1]
    assert last == f"gangci: {said}; the hand was saved to {path}; do not enter it again"
    assert path.read_text(encoding="utf-8").count("draw") == 1


def test_a_stop_before_the_save_still_says_nothing_was_written(english: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "ledger.yaml"
    path.write_text(LEDGER, encoding="utf-8")
    result = english.invoke(app, ["session", str(path), "--add"], input="\n")
    assert result.exit_code == 130 and result.stderr.strip().endswith("nothing written")


def test_a_hand_equal_to_the_last_is_pointed_out(english: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "ledger.yaml"
    path.write_text(LEDGER.replace("dealer: E", "dealer: S"), encoding="utf-8")
    again = english.invoke(app, ["session", str(path), "--add"], input="\nbomb\nS\n-\n")
    assert again.exit_code == 0 and "this hand is exactly hand 1 again" in again.stderr
    draw = english.invoke(app, ["session", str(path), "--add"], input=DRAW)
    other = english.invoke(app, ["session", str(path), "--add"], input=DRAW)
    assert "exactly" not in draw.stderr + other.stderr  # a bare 流局 again is common


# ---------------------------------------------------------------- 7, 8. seats under two spellings, names like seats

HAND = "stakes: 1\npolicy: true\ndealer: E\nwin: {type: bomb, winner: S}\n"


@pytest.mark.parametrize(
    ("field", "where"),
    [
        ("bets: {S: {piao: 3}, 南: {piao: 0}}", "bets.南"),
        ("players: {S: 小李, s: 老王}", "players.s"),
        ("rules: {xiami: 500}\nmi: {E: 1, 东: 2}", "mi.东"),
    ],
)
def test_one_seat_under_two_spellings_is_refused(english: CliRunner, write, field: str, where: str) -> None:
    path = write(HAND + field + "\n")
    result = english.invoke(app, ["score", path])
    assert result.exit_code == 2 and f": {where}: the same seat given twice" in result.stderr, result.stderr
    batch = english.invoke(app, ["batch", path])
    assert batch.exit_code == 1 and "the same seat given twice" in batch.stdout


@pytest.mark.parametrize("name", ["E", "e", "东", "東", "南风", "East", " north "])
def test_a_name_that_is_a_seat_is_refused_everywhere(english: CliRunner, write, name: str) -> None:
    path = write(HAND + f"players: {{S: {json.dumps(name, ensure_ascii=False)}}}\n")
    result = english.invoke(app, ["score", path])
    assert result.exit_code == 2 and "a player's name cannot be a seat" in result.stderr, result.stderr
    record = {"stakes": 1, "dealer": "E", "win": {"type": "bomb", "winner": "S"}, "players": {"S": name}}
    batch = english.invoke(app, ["batch", "-"], input=json.dumps(record) + "\n")
    assert "a player's name cannot be a seat" in batch.stdout and '"net"' not in batch.stdout
    new = english.invoke(app, ["session", str(Path(path).with_name("new.yaml")), "--new"], input=f"\n\n\n{name}\n")
    assert "a player's name cannot be a seat" in new.stderr


# ---------------------------------------------------------------- 9. a command never shadows an answer


def test_english_play_chooses_south_by_its_letter_and_by_enter(english: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "evening.yaml"
    path.write_text("stakes: 1\ndealer: S\nhands:\n", encoding="utf-8")
    # S as the dealer, then Enter on the default [S] (the dealer stays after a draw), then :s and :q
    result = english.invoke(app, ["session", str(path), "--play"], input="S\ndraw\n-\n\ndraw\n-\n:s\n:x\n:q\n")
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert text.count("type: draw") == 2 and "dealer: S" not in text.split("hands:")[1]
    assert result.stderr.count("Standings") >= 3  # after each hand, and :s
    assert "no command :x; there are :u :s :l :q" in result.stderr


# ---------------------------------------------------------------- 6, 10, 12, 16, 17, 18. batch keeps score's limits


def laughs(levels: int = 31) -> str:
    lines = ["stakes: 1", "dealer: E", "win: {type: bomb, winner: S}", "meta:", "  a0: &a0 [x, y]"]
    lines += [f"  a{i}: &a{i} [*a{i - 1}, *a{i - 1}]" for i in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


@pytest.mark.process
def test_aliases_that_expand_to_billions_are_refused_by_score_and_batch(english: CliRunner, write) -> None:
    path = write(laughs(), "laughs.yaml")
    for command in (["score", path], ["batch", path], ["batch", path, "--jobs", "2"]):
        done = run([*command, "--lang", "en"], timeout=30)
        assert "more than 10000 items once they are expanded" in done.stdout + done.stderr, done
        assert done.returncode in (1, 2) and "Traceback" not in done.stderr
    fine = write(laughs(3), "few.yaml")  # a few aliases, a few items: still a hand
    assert english.invoke(app, ["score", fine]).exit_code == 0


def test_a_deep_yaml_record_is_refused_by_batch_as_by_score(english: CliRunner, write) -> None:
    path = write("stakes: 1\ndealer: E\nwin: {type: bomb, winner: S}\nmeta: " + "[" * 30 + "]" * 30 + "\n")
    assert "nested more than 24 levels" in english.invoke(app, ["score", path]).stderr
    assert "nested more than 24 levels" in english.invoke(app, ["batch", path]).stdout


@pytest.mark.process
@pytest.mark.parametrize("size", [2 << 20, 200 << 20])
def test_a_record_over_one_mebibyte_is_passed_by_in_linear_time(tmp_path: Path, size: int) -> None:
    big = json.dumps({**json.loads(BOMB), "meta": {"x": "a" * size}})
    path = tmp_path / "big.jsonl"
    path.write_text(BOMB + big + "\n" + BOMB, encoding="utf-8")
    done = run(["batch", str(path), "--lang", "en"], timeout=30)  # 200 MB took 69 s before
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert ["net" in line for line in lines] == [True, False, True]
    assert lines[1]["error"] == f"{path}:2: the record is larger than 1 MiB, as gangci score refuses; passed by"
    yaml_path = tmp_path / "big.yaml"
    hand = "stakes: 1\ndealer: E\nwin: {type: bomb, winner: S}\n"
    yaml_path.write_text(hand + "---\n" + hand + f"meta: {{x: {'a' * (2 << 20)}}}\n---\n" + hand, encoding="utf-8")
    lines = [json.loads(line) for line in run(["batch", str(yaml_path), "--lang", "en"]).stdout.splitlines()]
    assert ["net" in line for line in lines] == [True, False, True] and lines[1]["source"].endswith(":5")


@pytest.mark.process
@pytest.mark.parametrize("args", [[], ["--keep", "x"], ["--jobs", "2"], ["-f", "csv"], ["-o", "OUT"]])
def test_json_nested_a_thousand_deep_is_a_located_error(tmp_path: Path, args: list[str]) -> None:
    deep = BOMB.strip()[:-1] + ', "meta": {"a": ' + "[" * 5000 + "]" * 5000 + "}}\n"
    path = tmp_path / "deep.jsonl"
    path.write_text(deep + BOMB, encoding="utf-8")
    out = tmp_path / "out.txt"
    done = run(["batch", str(path), *[str(out) if a == "OUT" else a for a in args], "--lang", "en"],
               env={**os.environ, "GANGCI_DEBUG": "1"})  # fmt: skip
    assert done.returncode == 1 and "internal error" not in done.stderr and "Traceback" not in done.stderr
    text = out.read_text(encoding="utf-8") if args == ["-o", "OUT"] else done.stdout
    assert "deep.jsonl:1:98: nested more than 24 levels" in text and text.count("-200") >= 1


@pytest.mark.parametrize(
    ("record", "verdict"),
    [
        ('"id": 1e3', "id: 1000.0 is not an id"),
        ('"meta": {"x": {"y": 1234567890123456789012}}', "meta.x.y: '1234567890123456789012' is beyond a 64-bit"),
        ('"id": 1234567890123456789012', "id: '1234567890123456789012' is beyond a 64-bit whole number"),
        ('"id": 9223372036854775807', None),  # a BIGINT id (#43.3)
        ('"players": {"S": "\\ud83d\\ude00"}', None),
        ('"id": "\\u003a", "stakes": 2', "'stakes' is given twice in one object"),
    ],
)
def test_score_and_batch_give_one_verdict(english: CliRunner, tmp_path: Path, record: str, verdict: str | None) -> None:
    text = BOMB.strip()[:-1] + ", " + record + "}\n"
    for name in ("r.json", "r.yaml"):
        (tmp_path / name).write_text(text, encoding="utf-8")
        score = english.invoke(app, ["score", str(tmp_path / name), "-f", "json"])
        assert (score.exit_code == 0) == (verdict is None) and (verdict or "") in score.stderr, score.output
    (tmp_path / "r.jsonl").write_text(text, encoding="utf-8")
    batch = json.loads(english.invoke(app, ["batch", str(tmp_path / "r.jsonl")]).stdout)
    if verdict is None:
        assert batch["net"] == json.loads(score.stdout)["net"] == {"E": -200, "S": 600, "W": -200, "N": -200}
    else:
        assert verdict in batch["error"]


def test_stdin_is_sniffed_after_a_bom_and_input_format_settles_it(english: CliRunner) -> None:
    with_bom = english.invoke(app, ["batch", "-"], input="\ufeff" + BOMB)
    assert json.loads(with_bom.stdout)["net"]["S"] == 600
    flow = "{stakes: 1, dealer: E, win: {type: bomb, winner: S}}\n"
    assert json.loads(english.invoke(app, ["batch", "-"], input=flow).stdout)["net"]["S"] == 600
    told = english.invoke(app, ["batch", "-", "--input-format", "jsonl"], input=flow)
    assert "JSON syntax: a key in double quotes was expected here" in json.loads(told.stdout)["error"]
    chinese = CliRunner().invoke(app, ["batch", "-", "--input-format", "jsonl"], input=flow)
    assert "JSON 语法错误：这里应该是用双引号括起来的键" in json.loads(chinese.stdout)["error"]


# ---------------------------------------------------------------- 11, 14. workers: bounded, and never a hang


def test_jobs_are_bounded(english: CliRunner) -> None:
    result = english.invoke(app, ["batch", "-", "--jobs", "99999999999999999999"], input=BOMB)
    most = 4 * (os.cpu_count() or 1)
    assert result.exit_code == 2 and f"--jobs: 99999999999999999999 is too many; at most {most}" in result.stderr


@pytest.mark.process
def test_workers_give_the_same_lines_in_order(tmp_path: Path) -> None:
    from tests.handgen import hands

    path = tmp_path / "many.jsonl"
    path.write_text("".join(json.dumps(h) + "\n" for h in hands(30_000, seed=3)), encoding="utf-8")
    one, two = run(["batch", str(path)]), run(["batch", str(path), "--jobs", "3"])
    assert one.returncode == two.returncode == 0 and one.stdout == two.stdout and one.stdout.count("\n") == 30_000


# ---------------------------------------------------------------- 15. a config that cannot be read


@pytest.mark.process
@pytest.mark.parametrize("args", [["--version"], ["score", str(EXAMPLES / "bomb.yaml")], ["rules"]])
def test_a_config_path_that_cannot_be_read_is_one_warning(args: list[str]) -> None:
    env = {**os.environ, "GANGCI_CONFIG": "a" * 5000}
    env.pop("GANGCI_LANG", None)
    done = run(args, env=env)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "读不了设置文件 (File name too long)" in done.stderr


def test_no_home_at_all_is_one_warning(monkeypatch: pytest.MonkeyPatch) -> None:
    from gangci_calc.io.load import config

    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    for name in ("GANGCI_CONFIG", "XDG_CONFIG_HOME", "GANGCI_LANG", "APPDATA"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(Path, "home", no_home)
    monkeypatch.setattr(config, "_WARNED", [])
    assert config.default_language() == "zh" == config.default_language()
    assert config._WARNED == [
        "gangci：读不了设置文件 (Could not determine home directory.)；用中文 (GANGCI_LANG=en 或 --lang en 可改成英文)"
    ]


# ---------------------------------------------------------------- 20, 21. ledgers the reader takes, and words


@pytest.mark.parametrize(
    "text",
    [
        "stakes: 1\ndealer: E\nhands: [\n {win: {type: bomb, winner: S}},\n]\n",  # a trailing comma
        "stakes: 1\ndealer: E\nhands:\n  - win: {type: bomb, winner: S}",  # no final newline
        "stakes: 1\rdealer: E\rhands:\r  - win: {type: bomb, winner: S}\r",  # an old Mac's lone CR
        "stakes: 1\r\ndealer: E\r\nhands:\r\n  - win: {type: bomb, winner: S}\r\n",  # Windows
    ],
    ids=["trailing comma", "no final newline", "CR", "CRLF"],
)
def test_add_edit_and_undo_on_every_ledger_the_reader_takes(runner: CliRunner, tmp_path: Path, text: str) -> None:
    path = tmp_path / "ledger.yaml"
    path.write_bytes(text.encode("utf-8"))
    assert runner.invoke(app, ["session", str(path), "--add"], input=DRAW).exit_code == 0
    assert len(json.loads(runner.invoke(app, ["session", str(path), "-f", "json"]).stdout)["hands"]) == 2
    edited = runner.invoke(app, ["session", str(path), "--edit", "1"], input="\n炸\n北\n\n")
    assert edited.exit_code == 0, edited.output
    assert "winner: N" in path.read_text(encoding="utf-8")
    if "\r" in text:
        assert path.read_bytes().count(b"\n") == (text.count("\r\n") + 1 if "\r\n" in text else 0)
    assert runner.invoke(app, ["session", str(path), "--undo"]).exit_code == 0
    assert path.read_bytes() == text.replace("winner: S", "winner: N").encode("utf-8")


def test_messages_never_show_doubled_braces() -> None:
    import string

    from gangci_calc.words import Message, say
    from gangci_calc.words import messages as m

    for name, message in vars(m).items():
        if not isinstance(message, Message):
            continue
        fields = {f for _, f, _, _ in string.Formatter().parse(message.en) if f}
        for lang in ("zh", "en"):
            template = message.zh if lang == "zh" else message.en
            shown = say(message, **dict.fromkeys(fields, 1)).text(lang)
            assert shown == template.format(**dict.fromkeys(fields, 1)), name  # {{ shown as {, with values or not


@pytest.mark.parametrize("stakes", ["案1", "方方1", "方案案2", "1方案"])
def test_stakes_are_spelt_exactly(english: CliRunner, write, stakes: str) -> None:
    result = english.invoke(app, ["score", write(f"stakes: {stakes}\ndealer: E\nwin: draw\n")])
    assert result.exit_code == 2 and "stakes:" in result.stderr
    assert english.invoke(app, ["score", write("stakes: 方案 2\ndealer: E\nwin: draw\n")]).exit_code == 0


def test_the_yaml_parsers_problems_speak_chinese(runner: CliRunner, english: CliRunner, write) -> None:
    path = write("stakes: 1\ndealer: E\nwin: {type: bomb, winner: S\n")
    assert runner.invoke(app, ["score", path]).stderr.endswith(
        ":4:1: YAML 语法错误：{ } 里少了逗号，或者少了收尾的 }\n"
    )
    assert english.invoke(app, ["score", path]).stderr.endswith(
        "a ',' or the closing '}' is missing in a { } mapping\n"
    )


def test_api_refuses_bad_rules_and_languages_as_hand_errors() -> None:
    from gangci_calc.api import HandError, score

    record = json.loads(BOMB)
    assert score(record, lang="zh-CN").net["S"] == 600 and score(record, lang="en_GB").explain()[0].isascii() is False
    with pytest.raises(HandError) as bad_rules:
        score(record, rules="x")  # type: ignore[arg-type]
    assert bad_rules.value.field == "rules"
    with pytest.raises(HandError, match="'fr' is not a language"):
        score(record, lang="fr")


# ----------------------------------------------------------- 19. exit statuses as docs/language-and-errors.md says them


@pytest.mark.process
def test_exit_statuses_hold_when_stderr_is_full(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("stakes: [\n", encoding="utf-8")
    with open("/dev/full", "w") as full:
        assert subprocess.run([*GANGCI, "score", str(bad)], stderr=full, timeout=60).returncode == 2
        both = subprocess.run([*GANGCI, "score", str(EXAMPLES / "zhici.yaml")], stdout=full, stderr=full, timeout=60)
        assert both.returncode == 74


@pytest.mark.process
@pytest.mark.parametrize("command", [["session", "LEDGER"], ["batch", "RECORDS"]])
def test_a_reader_that_goes_away_gives_141(tmp_path: Path, command: list[str]) -> None:
    ledger = tmp_path / "long.yaml"
    ledger.write_text("stakes: 1\ndealer: E\nhands:\n" + "  - win: {type: bomb, winner: S}\n" * 3000, encoding="utf-8")
    records = tmp_path / "many.jsonl"
    records.write_text(BOMB * 20_000, encoding="utf-8")
    args = [str(ledger) if a == "LEDGER" else str(records) if a == "RECORDS" else a for a in command]
    proc = subprocess.Popen([*GANGCI, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stdout is not None and len(proc.stdout.read(10)) == 10
        proc.stdout.close()  # | head -c 10
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()  # never left behind, even on a time-out
    assert proc.returncode == 141 and b"Traceback" not in err and err.count(b"\n") <= 1


# ---------------------------------------------------------------- 13. a long ledger takes a hand, not read whole

HANDS_TO_ADD = ["\n炸\n南\n\n\n", "\n直\n北\n东\n\n北暗杠\n\n", "\n流\n\n\n\n", "换人 北 小赵\n\n暗\n西\n\n\n\n"]


@pytest.mark.parametrize("ledger", ["session.yaml", "session-people.yaml", "house/session-xiami.yaml", "long"])
def test_adding_from_the_tail_writes_what_a_whole_read_writes(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ledger: str
) -> None:
    if ledger == "long":
        text = "stakes: 2\ndealer: E\nplayers: {E: a, S: b, W: c, N: d}\nhands:\n"
        text += "  - {win: {type: zhici, winner: W, from: S}, kongs: [{by: N, type: concealed}]}\n" * 250
    else:
        text = (EXAMPLES / ledger).read_text(encoding="utf-8")
    with_tail, whole = tmp_path / "tail.yaml", tmp_path / "whole.yaml"
    for path in (with_tail, whole):
        path.write_text(text, encoding="utf-8")
    outputs = []
    for answers in HANDS_TO_ADD:
        monkeypatch.setenv("GANGCI_CACHE_DIR", str(tmp_path / "kept"))
        kept = runner.invoke(app, ["session", str(with_tail), "--add"], input=answers)
        monkeypatch.setenv("GANGCI_CACHE_DIR", str(tmp_path / f"fresh{len(outputs)}"))
        fresh = runner.invoke(app, ["session", str(whole), "--add"], input=answers)
        assert kept.exit_code == fresh.exit_code == 0, kept.output + fresh.output
        assert with_tail.read_bytes() == whole.read_bytes()
        outputs.append((kept.stdout.replace("tail.yaml", "X"), fresh.stdout.replace("whole.yaml", "X")))
    assert all(a == b for a, b in outputs)
    assert len(list((tmp_path / "kept" / "ledgers").iterdir())) == 1
    settled = json.loads(runner.invoke(app, ["session", str(whole), "-f", "json"]).stdout)
    if ledger == "long":  # the standings after --add are the whole evening's
        standings = outputs[-1][0].split("总排名\n")[1].split("\n\n")[0].splitlines()
        people = {line.split(": ")[0].split(" ")[-1]: int(line.split(": ")[1]) for line in standings}
        assert people == {p["name"]: p["total"] for p in settled["people"]}
        assert outputs[-1][0].startswith("账本共 254 局；这里只列最新一局")


def test_a_stale_or_broken_tail_is_never_trusted(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GANGCI_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "ledger.yaml"
    path.write_text(LEDGER, encoding="utf-8")
    assert runner.invoke(app, ["session", str(path), "--add"], input=DRAW).exit_code == 0
    path.write_text(path.read_text(encoding="utf-8").replace("winner: S", "winner: W"), encoding="utf-8")  # by hand
    assert runner.invoke(app, ["session", str(path), "--add"], input="\n炸\n南\n\n\n").exit_code == 0
    (cached,) = (tmp_path / "cache" / "ledgers").iterdir()
    cached.write_text("{not json", encoding="utf-8")
    assert runner.invoke(app, ["session", str(path), "--add"], input=DRAW).exit_code == 0
    hands = json.loads(runner.invoke(app, ["session", str(path), "-f", "json"]).stdout)["hands"]
    assert [h["dealer"] for h in hands] == ["E", "W", "W", "S"]  # W won hand 1 (edited by hand), S hand 3


# ---------------------------------------------------------------- 17. one record, one verdict, whatever reads it


@st.composite
def hostile_records(draw: st.DrawFn) -> tuple[str, str]:
    """A record as JSON Lines text and as YAML text, with escapes, aliases, nesting and big numbers."""
    record = draw(plain_records())
    twist = draw(st.sampled_from(["none", "escapes", "nesting", "digits", "twice", "aliases"]))
    if twist == "escapes":  # every text escaped (\\u4e1c, \\ud83d\\ude00), a colon among them
        record["meta"] = {"note": draw(st.sampled_from(["a:b", "😀", "东:南", ":"]))}
        if "players" in record:
            record["players"] = {seat: name + "😀" for seat, name in record["players"].items()}
    elif twist == "nesting":
        depth = draw(st.integers(18, 30))
        record["meta"] = {"deep": json.loads("[" * depth + "]" * depth)}
    elif twist == "digits":
        digits = draw(st.integers(17, 20))
        record[draw(st.sampled_from(["id", "meta"]))] = 10**digits if draw(st.booleans()) else {"n": -(10**digits)}
    json_text = json.dumps(record, ensure_ascii=twist != "escapes" or draw(st.booleans()))
    if twist == "twice":  # a key given twice behind an escaped colon
        json_text = json_text[:-1] + ', "id": "\\u003a", "stakes": 2}' if '"id"' not in json_text else json_text
    yaml_text = yaml.safe_dump(record, allow_unicode=True, sort_keys=False)
    if twist == "aliases":
        count = draw(st.integers(1, 40))
        yaml_text += "meta:\n  base: &a [1, 2]\n" + "".join(f"  k{i}: *a\n" for i in range(count))
        yaml_text = yaml_text.replace("meta:", "meta_old:", 1) if yaml_text.count("meta:") > 1 else yaml_text
        json_text = json_text[:-1] + ', "meta": {"base": [1, 2]}}' if '"meta"' not in json_text else json_text
    return json_text, yaml_text


def verdict_of_score(text: str, suffix: str) -> dict[str, object] | str:
    """``gangci score FILE -f json``'s net, or its error message (the part after the field)."""
    import tempfile

    from gangci_calc.commands.score import score_file
    from gangci_calc.core.errors import GangciError

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"r{suffix}"
        path.write_text(text, encoding="utf-8")
        try:
            return dict(json.loads(score_file(str(path), "json", "en"))["net"])
        except GangciError as error:
            return error.text("en").split(": ", 1)[1]


def verdict_of_batch(text: str, kind: str) -> dict[str, object] | str:
    from gangci_calc.commands.batch import Chunk, Scorer
    from gangci_calc.commands.batch.scoring import BatchOptions

    (line,) = Scorer(BatchOptions(lang="en")).score_chunk(Chunk(kind, "r", 1, text + "\n")).text[:-1].split("\n")
    out = json.loads(line)
    return dict(out["net"]) if "net" in out else str(out["error"]).split(": ", 1)[1]


@settings(max_examples=examples(250))
@given(hostile_records())
def test_batch_and_score_agree_on_every_verdict_and_amount(texts: tuple[str, str]) -> None:
    json_text, yaml_text = texts
    from_score, from_batch = verdict_of_score(json_text, ".json"), verdict_of_batch(json_text, "json")
    assert isinstance(from_score, dict) == isinstance(from_batch, dict), (json_text, from_score, from_batch)
    if isinstance(from_score, dict):
        assert from_score == from_batch
    yaml_score, yaml_batch = verdict_of_score(yaml_text, ".yaml"), verdict_of_batch(yaml_text, "yaml")
    assert isinstance(yaml_score, dict) == isinstance(yaml_batch, dict), (yaml_text, yaml_score, yaml_batch)
    if isinstance(yaml_score, dict):
        assert yaml_score == yaml_batch


def test_too_many_digits_name_the_field_in_yaml(english: CliRunner, write) -> None:
    path = write(
        "stakes: 1\npolicy: true\ndealer: E\nwin: {type: bomb, winner: S}\nbets: {S: {piao: 1234567890123456789012}}\n"
    )
    result = english.invoke(app, ["score", path])
    assert result.stderr.endswith(":5:18: bets.S.piao: '1234567890123456789012' has more than 18 digits\n")


def processes_running(piece: str) -> list[int]:
    """The processes whose command line names ``piece`` (read from /proc: no pgrep to match itself)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                if piece.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


@pytest.mark.process
@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="reads /proc")
def test_workers_end_with_a_parent_killed_outright(tmp_path: Path) -> None:
    import signal
    import time

    from tests.handgen import hands

    path = tmp_path / "many.jsonl"
    path.write_text("".join(json.dumps(h) + "\n" for h in hands(200_000, seed=5)), encoding="utf-8")
    proc = subprocess.Popen([*GANGCI, "batch", str(path), "--jobs", "2", "-o", str(tmp_path / "o.jsonl")],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)  # fmt: skip
    try:
        deadline = time.monotonic() + 30  # a loaded machine starts them late
        while len(processes_running(str(path))) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(processes_running(str(path))) == 2  # the parent (one of the two jobs) and its worker
        proc.kill()  # SIGKILL: no handler runs, no finally
        proc.wait(timeout=30)
        deadline = time.monotonic() + 10
        while processes_running(str(path)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert processes_running(str(path)) == [], "a worker outlived its parent"
    finally:
        if processes_running(str(path)):  # never left behind, whatever failed
            os.killpg(proc.pid, signal.SIGKILL)


def test_a_bug_in_a_worker_comes_back_as_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    from gangci_calc.commands.batch import Chunk, Scorer
    from gangci_calc.commands.batch.run import scored_chunks
    from gangci_calc.commands.batch.scoring import BatchOptions

    def broken(self: Scorer, chunk: Chunk) -> None:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(Scorer, "score_chunk", broken)  # the workers are forked from here: they have it too
    with pytest.raises(ZeroDivisionError, match="a bug"):
        list(scored_chunks([Chunk("json", "r", 1, BOMB)] * 3, BatchOptions(), jobs=2))
