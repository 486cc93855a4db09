"""Hardening against the red team (issue 44): its reproductions, each a test that failed before its fix."""

from __future__ import annotations

import asyncio
import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from gangci_calc.cli import app
from gangci_calc.commands.web.app import Settings, build_app
from gangci_calc.words.page import PAGE
from tests.conftest import EXAMPLES

TOKEN = "round-four-token-0123"


@pytest.fixture
def served(tmp_path: Path) -> Any:
    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    return build_app(Settings(ledger, TOKEN, frozenset({"127.0.0.1"}), 8000, ""))


def call(app: Any, path: str, headers: dict[str, str], pieces: int, query: str = "") -> tuple[int, bytes, int]:
    """POST to ``app`` a body of ``pieces`` chunks of 1 KiB; the status, the answer, and how many chunks the app
    pulled."""
    pulled = [0]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        if pulled[0] >= pieces:
            await asyncio.sleep(3600)  # the client says no more: the body was all read
        pulled[0] += 1
        return {"type": "http.request", "body": b" " * 1024, "more_body": pulled[0] < pieces}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": query.encode(),
        "headers": [(k.lower().encode(), v.encode()) for k, v in {"host": "127.0.0.1:8000", **headers}.items()],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    asyncio.run(asyncio.wait_for(app(scope, receive, send), 30))
    status = next(message["status"] for message in sent if message["type"] == "http.response.start")
    body = b"".join(message.get("body", b"") for message in sent if message["type"] == "http.response.body")
    return status, body, pulled[0]


ROUTES = ["/api/paid", "/api/hands", "/api/preview", "/api/table", "/api/evening", "/api/undo"]
TOKENS = {"?t=": ({}, f"t={TOKEN}"), "bearer": ({"authorization": f"Bearer {TOKEN}"}, "")}


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("how", TOKENS)
def test_a_declared_length_over_the_limit_is_refused_before_a_byte_is_read(served: Any, route: str, how: str) -> None:
    headers, query = TOKENS[how]
    status, body, pulled = call(served, route, {**headers, "content-length": str(300 << 20)}, 300 << 10, query)
    assert (status, pulled) == (413, 0)
    limit = 4 if route == "/api/paid" else 256
    assert PAGE["too_large"].zh.format(limit=limit) in body.decode()


@pytest.mark.parametrize("route", ROUTES)
@pytest.mark.parametrize("how", TOKENS)
def test_a_chunked_body_is_stopped_as_it_passes_the_limit(served: Any, route: str, how: str) -> None:
    headers, query = TOKENS[how]
    status, body, pulled = call(served, route, headers, 10 << 10, query)  # 10 MiB, in pieces, no length said
    limit = 4 if route == "/api/paid" else 256
    if route != "/api/undo":  # undo reads no body: it holds none of it
        assert status == 413 and PAGE["too_large"].zh.format(limit=limit) in body.decode()
    assert pulled <= limit + 1


# --- 8: numbers are ASCII digits ----------------------------------------------------------------------------------

UNICODE_DIGITS = ["²", "①", "٣", "１２"]


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_ascii_whole_takes_ascii_digits_only(digit: str) -> None:
    from gangci_calc.core.digits import ascii_whole

    assert ascii_whole(digit) is None and ascii_whole(f"1{digit}") is None
    assert ascii_whole("0042") == 42 and ascii_whole("1_000") is None and ascii_whole(" 1") is None
    assert ascii_whole("9" * 5000) is None  # past int()'s own bound: refused, not a ValueError


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
@pytest.mark.parametrize("command", ["session", "history", "batch"])
def test_a_paid_amount_in_unicode_digits_is_a_located_error(
    english: CliRunner, tmp_path: Path, digit: str, command: str
) -> None:
    text = (EXAMPLES / "session-people.yaml").read_text(encoding="utf-8")
    path = tmp_path / "evening.yaml"
    path.write_text(text + f'paid: [{{from: 老王, to: 小李, amount: "{digit}"}}]\n', encoding="utf-8")
    result = english.invoke(app, [command, str(path)])
    assert result.exit_code == (1 if command == "batch" else 2), result.output  # batch: the record's error line
    assert f"{path}:" in result.output and "paid[0].amount" in result.output
    assert f"{digit!r} is not a payment amount" in result.output


def test_a_payment_in_unicode_digits_is_a_422(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session-people.yaml", ledger)
    client = TestClient(build_app(Settings(ledger, TOKEN, frozenset({"127.0.0.1"}), 8000, "")))
    bearer = {"Authorization": f"Bearer {TOKEN}"}
    for digit in UNICODE_DIGITS:
        body = {"file": str(ledger), "from": "老王", "to": "小李", "amount": digit}
        answer = client.post("http://127.0.0.1:8000/api/paid", json=body, headers=bearer)
        assert answer.status_code == 422 and answer.json()["field"] == "amount", answer.text


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_unicode_digits_at_the_prompts_are_asked_again(english: CliRunner, tmp_path: Path, digit: str) -> None:
    path = tmp_path / "evening.yaml"
    path.write_text((EXAMPLES / "session.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    added = english.invoke(app, ["session", str(path), "--add"], input=f"\n{digit}\ndraw\n-\n-\n")
    assert added.exit_code == 0 and f"{digit!r}: 炸弹" in added.output, added.output
    new = tmp_path / "new.yaml"
    made = english.invoke(app, ["session", str(new), "--new"], input=f"{digit}\n1\ny\n-\n老王\n小李\n张姐\n阿强\n东\n")
    assert made.exit_code == 0 and f"{digit!r}: 1, 2" in made.output, made.output
    assert yaml.safe_load(new.read_text(encoding="utf-8"))["stakes"] == 1


# --- 7: a key twice in a Parquet cell's JSON ----------------------------------------------------------------------


@pytest.mark.parametrize("typed", [True, False], ids=["arrow.json", "string"])
def test_a_key_twice_in_a_cell_is_refused_on_every_path(english: CliRunner, tmp_path: Path, typed: bool) -> None:
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    from gangci_calc.arrow import score_batch

    kind = pa.json_() if typed else pa.string()
    bomb = '{"type": "bomb", "winner": "E"}'
    table = pa.table(
        {
            "dealer": ["E", "E", "E"],
            "win": pa.array([bomb, '{"type": "bomb", "type": "draw", "winner": "E"}', bomb], type=kind),
            "stakes": pa.array(['{"gang": 1, "gang": 2}', '{"gang": 500}', '{"gang": 500}'], type=kind),
        }
    )
    path = tmp_path / "hands.parquet"
    pq.write_table(table, path)
    errors = score_batch(table, lang="en").column("error").to_pylist()
    assert errors[0] == "stakes: 'gang' is given twice in one object; say it once"
    assert errors[1] == "win: 'type' is given twice in one object; say it once" and errors[2] is None
    lines = english.invoke(app, ["batch", str(path)])
    assert lines.exit_code == 1 and lines.stdout.count("is given twice in one object") == 2, lines.output
    out = tmp_path / "out.parquet"
    assert english.invoke(app, ["batch", str(path), "-o", str(out)]).exit_code == 1
    written = pq.read_table(out).column("error").to_pylist()
    assert "'gang' is given twice" in written[0] and "'type' is given twice" in written[1] and written[2] is None


# --- 9: lone surrogates -------------------------------------------------------------------------------------------

PLATFORM = (EXAMPLES / "batch" / "platform.jsonl").read_text(encoding="utf-8").splitlines()[:2]
BOMB = '"stakes": 2, "dealer": "E", "win": {"type": "bomb", "winner": "E"}'
LONE = [
    ('{"id": "a\\ud800", ' + BOMB + "}", "id"),
    ("{" + BOMB + ', "meta": {"x": "\\ud800"}}', "meta.x"),
    ("{" + BOMB + ', "meta": {"\\udc00": 1}}', "meta.\\udc00"),
    ("{" + BOMB + ', "players": {"E": "\\uDBFF"}}', "players.E"),
]


@pytest.mark.parametrize("suffix", [".parquet", ".csv", ".jsonl", ""])
def test_a_lone_surrogate_refuses_its_record_and_the_rest_are_scored(
    english: CliRunner, tmp_path: Path, suffix: str
) -> None:
    source = tmp_path / "records.jsonl"
    pair = "{" + BOMB + ', "meta": {"x": "\\ud83d\\ude00"}}'  # a pair is one character: scored
    source.write_text("\n".join([*PLATFORM, *(line for line, _ in LONE), pair]) + "\n", encoding="utf-8")
    out = tmp_path / f"out{suffix}"
    result = english.invoke(app, ["batch", str(source), *(["-o", str(out)] if suffix else [])])
    assert result.exit_code == 1, result.output
    if suffix == ".parquet":
        pq = pytest.importorskip("pyarrow.parquet")
        errors = pq.read_table(out).column("error").to_pylist()
    elif suffix == ".csv":
        import csv

        errors = [row["error"] or None for row in csv.DictReader(out.open(encoding="utf-8"))]
    else:
        text = out.read_text(encoding="utf-8") if suffix else result.stdout
        errors = [json.loads(line).get("error") for line in text.splitlines()]
    assert len(errors) == 7 and errors[:2] == [None, None] and errors[6] is None
    for (_, field), error in zip(LONE, errors[2:6], strict=True):
        assert f": {field}: holds a lone surrogate" in error


def test_a_lone_surrogate_in_a_request_is_a_422(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session-people.yaml", ledger)
    client = TestClient(build_app(Settings(ledger, TOKEN, frozenset({"127.0.0.1"}), 8000, "")))
    bearer = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"}
    before = ledger.read_bytes()
    hand = '{"win": {"type": "draw"}, "\\ud800": 1}'
    paid = json.dumps({"file": str(ledger), "from": "@", "to": "小李", "amount": 100}).replace("@", "\\ud800")
    for path, body in [("/api/hands", hand), ("/api/preview", hand), ("/api/paid", paid), ("/api/table", hand)]:
        answer = client.post(f"http://127.0.0.1:8000{path}", content=body.encode(), headers=bearer)
        assert answer.status_code == 422 and "不成对的代理码" in answer.json()["error"], answer.text
    assert ledger.read_bytes() == before


# --- 11: a bad byte, and lines that end in CR ---------------------------------------------------------------------

GOOD_LINE = ('{"id": "g-%d", ' + BOMB + ', "players": {"E": "ana", "S": "bo", "W": "cy", "N": "dee"}}').encode()


@pytest.mark.process
@pytest.mark.parametrize("how", ["file", "--jobs 2", "stdin", "yaml"])
def test_a_byte_that_is_not_utf8_refuses_its_line_alone(tmp_path: Path, how: str) -> None:
    lines = [GOOD_LINE % number for number in range(1, 801)]
    lines[11] = lines[11].replace(b'"ana"', b'"an\xffa"')
    path = tmp_path / "records.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    if how == "yaml":
        lines = [b"---\n" + line for line in lines]  # a JSON mapping is YAML too: line 12's record is on line 24
        path = tmp_path / "records.yaml"
        path.write_bytes(b"\n".join(lines) + b"\n")
    args = [sys.executable, "-m", "gangci_calc", "batch", "-" if how == "stdin" else str(path), "--lang", "en"]
    args += ["--jobs", "2"] if how == "--jobs 2" else []
    stdin = path.open("rb") if how == "stdin" else subprocess.DEVNULL
    done = subprocess.run(args, stdin=stdin, capture_output=True, timeout=120)
    assert done.returncode == 1, done.stderr
    found = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert len(found) == 800 and sum("net" in one for one in found) == 799
    source = "<stdin>" if how == "stdin" else str(path)
    at = 24 if how == "yaml" else 12
    assert found[11] == {"error": f"{source}:{at}: is not UTF-8 text", "source": f"{source}:{at}"}
    assert b"800 hands, 799 scored, 1 failed" in done.stderr


def test_lines_that_end_in_a_lone_cr_are_lines(english: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    path.write_bytes(b"\r".join(GOOD_LINE % number for number in range(1, 6)) + b"\r")
    result = english.invoke(app, ["batch", str(path)])
    assert result.exit_code == 0, result.output
    found = [json.loads(line) for line in result.stdout.splitlines()]
    assert [one["id"] for one in found] == [f"g-{n}" for n in range(1, 6)]
    assert [one["source"] for one in found] == [f"{path}:{n}" for n in range(1, 6)]


# --- 12: SIGHUP is SIGTERM ----------------------------------------------------------------------------------------


@pytest.mark.process
@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_sighup_stops_batch_as_sigterm_does(tmp_path: Path, jobs: str) -> None:
    from tests.test_robust import finish

    stream = tmp_path / "many.jsonl"
    stream.write_bytes(b"\n".join(GOOD_LINE % (n % 50) for n in range(300_000)) + b"\n")
    out = tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "gangci_calc", "batch", str(stream), "--jobs", jobs, "-o", str(out)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not any(p.name.endswith(".part") and p.stat().st_size > 0 for p in tmp_path.iterdir()):
        assert time.monotonic() < deadline and process.poll() is None, "the run ended before it could be stopped"
        time.sleep(0.01)
    process.send_signal(signal.SIGHUP)
    _, err = finish(process, 60)
    assert process.returncode == 143, err
    assert err.strip().splitlines()[-1].startswith("gangci：被终止；") and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["many.jsonl"]  # no .part, no half output


@pytest.mark.process
@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX")
def test_sighup_at_a_prompt_of_add_leaves_no_lock(tmp_path: Path) -> None:
    """No lock is held at a prompt at all (issue 50: the phones write meanwhile); SIGHUP there leaves nothing."""
    import threading

    ledger = tmp_path / "evening.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    before = ledger.read_bytes()
    command = [sys.executable, "-m", "gangci_calc", "session", str(ledger), "--add"]
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert process.stderr is not None
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.extend(iter(lambda: process.stderr.read(1), "")), daemon=True)
    reader.start()
    lock = tmp_path / ".evening.yaml.lock"
    deadline = time.monotonic() + 30
    while "庄家" not in "".join(said):
        assert time.monotonic() < deadline and process.poll() is None, "no prompt"
        time.sleep(0.01)
    assert not lock.exists()  # at the first prompt, waiting for the person who has gone: nothing locked
    process.send_signal(signal.SIGHUP)
    process.wait(timeout=30)
    reader.join(10)
    err = "".join(said)
    assert process.returncode == 143, err
    assert "Traceback" not in err and not lock.exists() and ledger.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evening.yaml"]


# --- 10: score and score_many take the same records, and the generator never ends early -------------------------

ZHICI = {"stakes": 2, "dealer": "E", "win": {"type": "zhici", "winner": "W", "from": "S"}}


def _strange() -> list[tuple[dict[str, Any], str]]:
    import datetime
    import decimal

    holds_itself: dict[str, Any] = {}
    holds_itself["again"] = holds_itself
    return [
        ({**ZHICI, "meta": {"at": datetime.datetime(2026, 12, 4, 20, 0)}}, "meta.at: a datetime is not data"),
        ({**ZHICI, "meta": {"d": decimal.Decimal("1.5")}}, "meta.d: a Decimal is not data"),
        ({**ZHICI, "meta": {"seen": {1, 2}}}, "meta.seen: a set is not data"),
        ({**ZHICI, "meta": {"raw": b"x"}}, "meta.raw: a bytes is not data"),
        ({**ZHICI, "meta": holds_itself}, "nested too deeply"),
        ({**ZHICI, "stakes": decimal.Decimal(2)}, "stakes: a Decimal is not data"),
    ]


def test_values_no_file_holds_are_hand_errors_and_the_generator_goes_on() -> None:
    from gangci_calc.api import HandError, score, score_many

    strange = _strange()
    records = [record for record, _ in strange]
    found = list(score_many([*records, ZHICI], lang="en"))
    assert len(found) == len(strange) + 1 and found[-1].net["W"] == 19000  # type: ignore[union-attr]
    for (record, said), got in zip(strange, found, strict=False):
        assert isinstance(got, HandError) and said in str(got)
        with pytest.raises(HandError, match=said.split(": ", 1)[-1]):
            score(record, lang="en")


def test_score_and_score_many_take_any_mapping_and_sequence() -> None:
    from types import MappingProxyType

    from gangci_calc.api import score, score_many

    np = pytest.importorskip("numpy")
    kongs = [{"by": "E", "type": "concealed"}, {"by": "N", "type": "exposed", "from": "S"}]
    plain = {**ZHICI, "kongs": kongs, "meta": {"table": 7}}
    same = [
        {**plain, "kongs": tuple(kongs)},
        {**plain, "win": MappingProxyType(plain["win"])},
        MappingProxyType(plain),
        {**plain, "stakes": np.int64(2), "meta": {"table": np.int32(7)}},
    ]
    expected = score(plain)
    for record in same:
        assert score(record) == expected
    assert list(score_many(same)) == [expected] * len(same)


# --- 2: a ledger's limits -----------------------------------------------------------------------------------------

DRAW = "  - win: {type: draw}\n"


def _ledger_of(path: Path, hands: int, extra: str = "") -> Path:
    head = (EXAMPLES / "session.yaml").read_text(encoding="utf-8").split("hands:")[0]
    path.write_text(head + "hands:\n" + DRAW * hands + extra, encoding="utf-8")
    return path


@pytest.mark.process
@pytest.mark.parametrize("command", ["session", "history", "session --add", "serve --club"])
def test_a_30_mb_ledger_is_refused_at_once(tmp_path: Path, command: str) -> None:

    folder = tmp_path / "club"
    folder.mkdir()
    ledger = _ledger_of(folder / "long.yaml", 1_430_000)  # 30 MB of one-line 流局
    assert ledger.stat().st_size > 30_000_000
    if command == "serve --club":
        from starlette.testclient import TestClient

        tonight = shutil.copy(EXAMPLES / "session.yaml", tmp_path / "tonight.yaml")
        settings = Settings(Path(tonight), TOKEN, frozenset({"127.0.0.1"}), 8000, "", club=folder)
        client = TestClient(build_app(settings))
        start = time.monotonic()
        answer = client.get("http://127.0.0.1:8000/api/season", headers={"Authorization": f"Bearer {TOKEN}"})
        assert answer.status_code == 422 and "1 MiB" in answer.json()["error"]
        assert time.monotonic() - start < 5
        return
    args = [sys.executable, "-m", "gangci_calc", *command.split(), str(ledger), "--lang", "en"]
    # its own peak, from a process whose one child it is: this worker's RUSAGE_CHILDREN holds every child before it
    measured = (
        "import json, resource, subprocess, sys, time\n"
        "start = time.monotonic()\n"
        "done = subprocess.run(json.loads(sys.argv[1]), input='', capture_output=True, text=True, timeout=60)\n"
        "print(json.dumps([done.returncode, done.stderr, time.monotonic() - start,"
        " resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss]))\n"
    )
    ran = subprocess.run([sys.executable, "-c", measured, json.dumps(args)], capture_output=True, text=True, timeout=90)
    status, stderr, took, peak = json.loads(ran.stdout)
    assert status == 2, stderr
    assert f"{ledger}: is larger than 1 MiB; an evening's ledger never is" in stderr
    assert took < 10 and peak < 200_000  # KB: not the file's


def test_a_ledger_of_too_many_hands_is_refused_before_its_hands_are_read(english: CliRunner, tmp_path: Path) -> None:
    ledger = _ledger_of(tmp_path / "long.yaml", 5_001)
    for command in (["session"], ["history"]):
        result = english.invoke(app, [*command, str(ledger)])
        assert result.exit_code == 2 and "a ledger holds at most 5,000 hands (this one has 5,001)" in result.stderr


@pytest.mark.parametrize("flow", [False, True])
def test_a_long_ledger_of_tiny_hands_is_counted_not_read(english: CliRunner, tmp_path: Path, monkeypatch, flow) -> None:
    """1 MiB of `- win: {type: draw}` is 52,000 hands: counted from the parser's events and refused at its hands,
    the ledger never built (it took 6 s to be read whole, then composed again to locate the error)."""
    from gangci_calc.io.load import load_session

    item = "{win: {type: draw}}"
    hands = f"牌局: [{', '.join([item] * 30_000)}]\n" if flow else "hands:\n" + f"- {item}\n" * 30_000
    ledger = tmp_path / "tiny.yaml"
    ledger.write_text("stakes: 1\ndealer: E\n" + hands, encoding="utf-8")
    monkeypatch.setattr(load_session, "parse_yaml", lambda *args, **kwargs: pytest.fail("the ledger was read"))
    result = english.invoke(app, ["session", str(ledger)])
    where = "3:5" if flow else "4:1"
    assert result.exit_code == 2
    assert (
        result.stderr
        == f"{ledger}:{where}: hands: a ledger holds at most 5,000 hands (this one has 30,000): start a new one\n"
    )


def test_a_full_ledger_takes_no_more_hands_and_says_so(english: CliRunner, tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    ledger = _ledger_of(tmp_path / "full.yaml", 5_000)
    before = ledger.read_bytes()
    added = english.invoke(app, ["session", str(ledger), "--add"], input="\ndraw\n-\n-\n")
    assert added.exit_code == 2 and "the ledger is full (at most 5,000 hands, 1 MiB)" in added.stderr
    client = TestClient(build_app(Settings(ledger, TOKEN, frozenset({"127.0.0.1"}), 8000, "")))
    bearer = {"Authorization": f"Bearer {TOKEN}"}
    answer = client.post("http://127.0.0.1:8000/api/hands?lang=en", json={"win": {"type": "draw"}}, headers=bearer)
    assert answer.status_code == 422 and "the ledger is full" in answer.json()["error"]
    assert ledger.read_bytes() == before


def test_the_page_refuses_a_meta_or_a_hand_past_its_limit(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    before = ledger.read_bytes()
    client = TestClient(build_app(Settings(ledger, TOKEN, frozenset({"127.0.0.1"}), 8000, "")))
    bearer = {"Authorization": f"Bearer {TOKEN}"}
    url = "http://127.0.0.1:8000/api/hands?lang=en"
    big_meta = {"win": {"type": "draw"}, "meta": {"note": "x" * 5000}}
    answer = client.post(url, json=big_meta, headers=bearer)
    assert answer.status_code == 422 and "meta takes at most 4 KiB (this one takes 5 KiB)" in answer.json()["error"]
    big_hand = {"win": {"type": "draw"}, "id": "x" * 20_000}
    answer = client.post(url, json=big_hand, headers=bearer)
    assert answer.status_code == 422 and "a hand takes at most 16 KiB" in answer.json()["error"]
    assert ledger.read_bytes() == before
    fine = {"win": {"type": "draw"}, "meta": {"note": "x" * 3000}}
    assert client.post(url, json=fine, headers=bearer).status_code == 201


# --- 13: errors in the file's words; a table of three ------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("dealer", "true", "dealer: true is not a seat"),
        ("dealer", "null", None),  # null is absent: the dealer is missing
        ("policy", "1000.5", "policy: 1000.5 is not true or false"),
        ("win", '{"type": "bomb", "winner": "E", "from": false}', "win.from: false is not a seat"),
        ("bets", '{"E": {"piao": 1e400}}', "bets.E.piao: Infinity is not a whole number"),
    ],
)
def test_errors_show_values_as_files_write_them(
    english: CliRunner, tmp_path: Path, field: str, value: str, said: str | None
) -> None:
    record = {"stakes": "2", "dealer": '"E"', "win": '{"type": "bomb", "winner": "E"}', field: value}
    path = tmp_path / "hand.json"
    path.write_text("{" + ", ".join(f'"{key}": {text}' for key, text in record.items()) + "}", encoding="utf-8")
    result = english.invoke(app, ["score", str(path)])
    assert result.exit_code == 2
    for python in ("True", "False", "None", "inf"):
        assert f" {python} " not in result.stderr, result.stderr
    if said is not None:
        assert said in result.stderr, result.stderr


def test_a_hand_number_of_23_digits_is_not_cut(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    ledger = tmp_path / "tonight.yaml"
    shutil.copy(EXAMPLES / "session.yaml", ledger)
    client = TestClient(build_app(Settings(ledger, TOKEN, frozenset({"127.0.0.1"}), 8000, "")))
    bearer = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"}
    body = '{"win": {"type": "draw"}, "number": 12345678901234567890123}'
    answer = client.post("http://127.0.0.1:8000/api/hands?lang=en", content=body, headers=bearer)
    assert answer.status_code == 422 and "12345678901234567890" not in answer.json()["error"]
    assert "a number of more than 18 digits is not a hand number" in answer.json()["error"]
    answer = client.post(
        "http://127.0.0.1:8000/api/hands?lang=en", json={"win": "draw", "number": True}, headers=bearer
    )
    assert answer.status_code == 422 and answer.json()["error"].startswith("true is not a hand number")


@pytest.mark.parametrize("bets", ["{N: {pao: 0}}", "{N: {piao: 0, di: 0}}", "{北: {pao: 0}}"])
def test_a_table_of_three_refuses_bets_for_north_even_at_zero(english: CliRunner, tmp_path: Path, bets: str) -> None:
    path = tmp_path / "three.yaml"
    text = "stakes: 1\npolicy: true\ndealer: E\nrules: {three_players: true, pao: true}\n"
    path.write_text(text + f"win: {{type: bomb, winner: S}}\nbets: {bets}\n", encoding="utf-8")
    result = english.invoke(app, ["score", str(path)])
    assert result.exit_code == 2 and "bets.N" in result.stderr, result.output


# --- the two measured: a stranger's pipelined flood, and the club's season kept by its ledgers' stat() ----------


def test_a_request_without_a_token_closes_its_connection(served: Any) -> None:
    status, _, _ = call(served, "/api/hands", {}, 0)
    assert status == 401
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": "/api/evening",
        "raw_path": b"/api/evening",
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"127.0.0.1:8000")],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
    }
    asyncio.run(served(scope, receive, send))
    start = next(message for message in sent if message["type"] == "http.response.start")
    assert start["status"] == 401 and (b"connection", b"close") in start["headers"]  # pipelined ones never read


def test_the_season_is_added_up_again_only_when_a_ledger_changes(tmp_path: Path, monkeypatch: Any) -> None:
    import os

    from starlette.testclient import TestClient

    import gangci_calc.commands.web.season as season

    club = tmp_path / "club"
    shutil.copytree(EXAMPLES / "club", club)
    tonight = shutil.copy(EXAMPLES / "session.yaml", tmp_path / "tonight.yaml")
    added: list[int] = []
    real = season.club_of

    def counted(*args: Any) -> Any:
        added.append(1)
        return real(*args)

    monkeypatch.setattr(season, "club_of", counted)
    client = TestClient(build_app(Settings(Path(tonight), TOKEN, frozenset({"127.0.0.1"}), 8000, "", club=club)))
    bearer = {"Authorization": f"Bearer {TOKEN}"}
    first = client.get("http://127.0.0.1:8000/api/season", headers=bearer).json()
    assert client.get("http://127.0.0.1:8000/api/season", headers=bearer).json() == first and len(added) == 1
    changed = sorted(club.glob("*.yaml"))[0]
    os.utime(changed, ns=(1, 1))  # its stat() is not what it was
    assert client.get("http://127.0.0.1:8000/api/season", headers=bearer).json() == first and len(added) == 2
    (club / "extra.yaml").write_text(changed.read_text(encoding="utf-8"), encoding="utf-8")  # a ledger comes
    grown = client.get("http://127.0.0.1:8000/api/season", headers=bearer).json()
    assert len(added) == 3 and grown != first
