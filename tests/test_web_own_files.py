"""``gangci serve`` touches only its own files, serves a ledger of any file name, and honours its token file as it is
now (issue 50, Build 3 and 5): each attack of the issue, as it was found."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient

from gangci_calc.commands.web import token as token_module
from gangci_calc.commands.web.app import Settings, build_app
from gangci_calc.commands.web.serve import leftovers
from gangci_calc.commands.web.token import ledger_token, token_file
from gangci_calc.core.errors import file_text
from gangci_calc.io.ledger.atomic import atomic_file, temp_name
from tests.conftest import EXAMPLES

TOKEN = "own-files-token-0123456789"
BEARER = {"Authorization": f"Bearer {TOKEN}"}
SAME_ORIGIN = {"Sec-Fetch-Site": "same-origin"}
GBK = os.fsdecode("这个".encode("gbk")) + ".yaml"  # a name from a Windows zip: its bytes are not UTF-8
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX names, owners and signals")


def a_ledger(folder: Path, name: str) -> Path:
    path = folder / name
    shutil.copy(EXAMPLES / "session.yaml", path)
    return path


def client_for(ledger: Path, club: Path | None = None, token_file: Path | None = None) -> TestClient:
    settings = Settings(ledger, TOKEN, frozenset({"127.0.0.1"}), 8000, "", club=club, token_file=token_file)
    client = TestClient(build_app(settings), base_url="http://127.0.0.1:8000")
    client.get(f"/?t={TOKEN}", follow_redirects=False)
    return client


# --- serve deletes other programs' files --------------------------------------------------------------------------


def test_starting_serve_leaves_another_outputs_temporary_file_alone(tmp_path: Path) -> None:
    """``gangci batch -o s.yaml.results.jsonl`` was writing when ``serve s.yaml`` started: its temporary file
    (``.s.yaml.results.jsonl.XXXXXXXX.part``) was removed by the prefix glob, and batch lost its work."""
    ledger = a_ledger(tmp_path, "s.yaml")
    results = tmp_path / "s.yaml.results.jsonl"
    with atomic_file(results) as out:
        out.write('{"hand": 1}\n')
        (writing,) = [p for p in tmp_path.iterdir() if p.name.endswith(".part")]
        assert leftovers(ledger) == []
        assert writing.exists()
    assert results.read_text() == '{"hand": 1}\n'  # batch's output arrived whole


def test_a_ledger_named_with_brackets_removes_its_own_leftovers_and_no_one_elses(tmp_path: Path) -> None:
    ledger = a_ledger(tmp_path, "[ab].yaml")
    own = tmp_path / temp_name("[ab].yaml")
    others = [tmp_path / temp_name("a.yaml"), tmp_path / temp_name("b.yaml"), tmp_path / ".[ab].yaml.x.part"]
    for path in [own, *others]:
        path.write_text("half a file")
    assert leftovers(ledger) == []
    assert not own.exists() and all(path.exists() for path in others)


def test_a_symlinked_ledger_clears_the_leftovers_beside_its_real_file(tmp_path: Path) -> None:
    real = a_ledger(tmp_path, "real.yaml")
    (tmp_path / "elsewhere").mkdir()
    link = tmp_path / "elsewhere" / "tonight.yaml"
    link.symlink_to(real)
    left = tmp_path / temp_name("real.yaml")  # a write through the link leaves its file beside the real one
    left.write_text("half a ledger")
    leftovers(link)
    assert not left.exists() and real.exists()


@POSIX
@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a file to another user")
def test_another_users_leftover_is_named_and_left_alone(tmp_path: Path) -> None:
    ledger = a_ledger(tmp_path, "s.yaml")
    theirs = tmp_path / temp_name("s.yaml")
    theirs.write_text("another user's")
    os.chown(theirs, 65534, 65534)
    assert leftovers(ledger) == [theirs.name]
    assert theirs.exists()


# --- a shared folder: another user's files beside the ledger --------------------------------------------------------


@contextmanager
def shared_folder() -> Iterator[Path]:
    """A folder anyone may write and only a file's owner may remove from (sticky, as /tmp), outside the test's
    private folder so another user can reach it."""
    folder = Path(tempfile.mkdtemp(prefix="gangci-shared-"))
    os.chmod(folder, 0o1777)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def as_another_user(work: Callable[[], object]) -> object:
    """What ``work`` returns (or the text of what it raised) when run by another user (nobody), in a child process
    forked from this one (so it needs nothing this user alone may read)."""
    import encodings.utf_8_sig  # noqa: F401 - what the child reads a ledger with: this user's Python may be closed to it
    import pwd  # noqa: F401 - what it names a lock file's owner with

    reading, writing = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child's own
        try:
            os.close(reading)
            os.setgid(65534)
            os.setuid(65534)
            try:
                found: object = {"returned": work()}
            except Exception as error:
                found = {"raised": f"{type(error).__name__}: {error}"}
            os.write(writing, json.dumps(found).encode())
        finally:
            os._exit(0)
    os.close(writing)
    with os.fdopen(reading, "rb") as answer:
        data = answer.read()
    os.waitpid(child, 0)
    return json.loads(data)


@POSIX
@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="becomes another user")
def test_a_shared_folder_another_users_files_do_not_stop_serve_and_their_lock_says_whose() -> None:
    """Another user's ``.s.yaml.x.part`` stopped ``serve`` (74, Operation not permitted, no file named); another
    user's ``.s.yaml.lock`` blocked every write with no word of whose."""
    from gangci_calc.commands.session import changes
    from gangci_calc.words import speaking

    with shared_folder() as folder:
        ledger = a_ledger(folder, "s.yaml")
        os.chown(ledger, 65534, 65534)
        theirs = [folder / ".s.yaml.x.part", folder / temp_name("s.yaml")]
        for path in theirs:
            path.write_text("root's")
        lock = folder / ".s.yaml.lock"
        lock.write_text("")
        os.chmod(lock, 0o644)

        def write() -> object:
            with speaking("en"), changes.locked(ledger):  # as a page's write takes it
                return changes.remove_last(str(ledger)).number

        refused = as_another_user(write)
        assert "root" in str(refused) and ".s.yaml.lock" in str(refused), refused  # whose, and which file
        lock.unlink()
        assert as_another_user(lambda: leftovers(ledger)) == {"returned": [theirs[1].name]}
        assert all(path.exists() for path in theirs)
        assert as_another_user(write) == {"returned": 13}  # with no one else's lock, the ledger is written


# --- a ledger whose file name is not UTF-8 (or holds brackets, CR LF, quotes) -----------------------------------------


@POSIX
def test_a_ledger_whose_name_is_not_utf8_is_served_downloaded_and_written(tmp_path: Path) -> None:
    """A GBK name: ``/``, ``/part`` and ``/api/ledger`` answered 500 (tracebacks in the host's terminal) while
    ``POST /api/hands`` still wrote."""
    ledger = a_ledger(tmp_path, GBK)
    with client_for(ledger) as phone:
        for url in ["/", "/part", "/api/evening"]:
            assert phone.get(url).status_code == 200, url
        download = phone.get("/api/ledger")
        assert download.status_code == 200 and download.content == ledger.read_bytes()
        disposition = download.headers["content-disposition"]
        assert disposition == (
            "attachment; filename=\"_xd5_xe2_xb8_xf6.yaml\"; filename*=UTF-8''%5Cxd5%5Cxe2%5Cxb8%5Cxf6.yaml"
        )
        hand = {"win": {"type": "bomb", "winner": "E"}}
        assert phone.post("/api/hands", json=hand, headers=SAME_ORIGIN).status_code == 201
        assert "\\xd5\\xe2\\xb8\\xf6.yaml" in phone.get("/").text  # what 下载账本 says it saves


@POSIX
def test_a_ledger_whose_name_is_not_utf8_and_cannot_be_read_is_a_problem_card(tmp_path: Path) -> None:
    ledger = tmp_path / GBK
    ledger.write_text("hands: [\n", encoding="utf-8")
    with client_for(ledger) as phone:
        part = phone.get("/part")
        assert part.status_code == 200 and 'class="card problem"' in part.text and "\\xd5\\xe2" in part.text
        assert phone.get("/api/evening").status_code == 422


@pytest.mark.parametrize("name", ["a\r\nb.yaml", 'q"u;o\\te.yaml', "[ab].yaml", "今晚 10%.yaml"])
def test_the_download_of_any_name_is_one_safe_header(tmp_path: Path, name: str) -> None:
    if sys.platform == "win32" and any(c in name for c in '\r\n"\\'):
        pytest.skip("not a Windows file name")
    ledger = a_ledger(tmp_path, name)
    with client_for(ledger) as phone:
        download = phone.get("/api/ledger")
    assert download.status_code == 200 and download.content == ledger.read_bytes()
    plain, extended = download.headers["content-disposition"].split("; filename*=UTF-8''")
    assert plain.startswith('attachment; filename="') and plain.count('"') == 2 and "\\" not in plain
    assert all(" " <= c <= "~" for c in download.headers["content-disposition"])  # no CR, LF or other control
    from urllib.parse import unquote

    assert unquote(extended) == file_text(name)  # as the name is shown: a CR or LF as \x0d, \x0a


@POSIX
def test_the_start_names_a_file_with_cr_lf_in_one_line(tmp_path: Path) -> None:
    from gangci_calc.commands.web.serve import token_said

    said = token_said(ledger_token(a_ledger(tmp_path, "a\r\nb.yaml")))
    assert "\n" not in said and "\r" not in said and ".a\\x0d\\x0ab.yaml.token" in said, said


@POSIX
def test_a_club_with_a_ledger_whose_name_is_not_utf8_adds_it_up_and_pays_it(tmp_path: Path) -> None:
    """Under ``--club`` one such ledger broke ``/season`` for the whole club (500)."""
    club = tmp_path / "club"
    club.mkdir()
    odd = a_ledger(club, GBK)
    plain = a_ledger(club, "plain.yaml")
    with client_for(plain, club=club) as phone:
        assert phone.get("/season").status_code == 200
        assert phone.get("/season/part").status_code == 200
        season = phone.get("/api/season")
        assert season.status_code == 200, season.text
        files = [evening["file"] for evening in season.json()["evenings"]]
        assert len(files) == 2 and any(f.endswith("\\xd5\\xe2\\xb8\\xf6.yaml") for f in files), files
        owed = next(t for t in season.json()["open"] if t["file"].endswith(".yaml") and "\\x" in t["file"])
        body = {"file": owed["file"], "from": owed["from"], "to": owed["to"], "amount": str(owed["amount"])}
        paid = phone.post("/api/paid", json=body, headers=SAME_ORIGIN)
        assert paid.status_code == 201, paid.text
    assert "paid:" in odd.read_text(encoding="utf-8")


# --- the token -------------------------------------------------------------------------------------------------------


@pytest.mark.process
@pytest.mark.parametrize(
    "given",
    ["", "short", "x" * 15, "令牌令牌令牌令牌令牌令牌令牌令牌", "abc#defghijklmnopq", "abc&defghijklmnopq", "y" * 257],
)
def test_a_token_that_is_not_16_url_safe_characters_is_refused_at_start(tmp_path: Path, given: str) -> None:
    """``--token ""`` served with an empty secret, 5 characters were taken, a non-ASCII token exited 70, and
    ``#`` or ``&`` cut the QR code's link."""
    ledger = a_ledger(tmp_path, "tonight.yaml")
    command = [sys.executable, "-m", "gangci_calc", "serve", str(ledger), "--port", "0", "--no-qr", "--token", given]
    env = {**os.environ, "GANGCI_LANG": "en"}
    try:
        done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail(f"gangci serve --token {given!r} served")
    assert done.returncode == 2 and done.stdout == "", (done.returncode, done.stdout)
    assert done.stderr.count("\n") == 1 and "16 to 256 characters" in done.stderr, done.stderr
    assert not token_file(ledger).exists()


def test_a_token_of_16_to_256_url_safe_characters_is_kept_as_given(tmp_path: Path) -> None:
    """201 characters were replaced in silence at the next start."""
    ledger = a_ledger(tmp_path, "tonight.yaml")
    for given in ["A-z_0.9~" * 2, "t" * 201, "u" * 256]:
        assert ledger_token(ledger, given).how == "given"
        again = ledger_token(ledger)
        assert (again.value, again.how) == (given, "kept")


def test_the_token_file_is_read_no_further_than_a_token_could_be(tmp_path: Path) -> None:
    """A token file of 800 MB was read whole (MemoryError, exit 70): one past the bound is no token."""
    ledger = a_ledger(tmp_path, "tonight.yaml")
    file = token_file(ledger)
    file.write_text("a-token-padded-past-the-bound" + " " * token_module.READ_AT_MOST + "\n", encoding="ascii")
    os.chmod(file, 0o600)
    made = ledger_token(ledger)
    assert made.how == "new" and made.value != "a-token-padded-past-the-bound"


@pytest.fixture
def looks_every_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server looks at the token file on every request (it looks at most once a second)."""
    monkeypatch.setattr(token_module, "LOOK_EVERY", 0.0)


@pytest.mark.usefixtures("looks_every_time")
def test_deleting_the_token_file_or_a_new_token_revokes_the_old_one_on_the_running_server(tmp_path: Path) -> None:
    """Deleting the token file or ``--new-token`` from a second start did not revoke the token a running server
    honoured; pages whose token was replaced said "reconnecting" for ever."""
    ledger = a_ledger(tmp_path, "tonight.yaml")
    kept = ledger_token(ledger, TOKEN)
    with client_for(ledger, token_file=kept.file) as phone:
        assert phone.get("/api/evening").status_code == 200
        assert phone.get("/api/evening", headers=BEARER).status_code == 200
        fresh = ledger_token(ledger, fresh=True)  # what a second start with --new-token writes
        for answer in [phone.get("/api/evening?lang=en"), phone.get("/api/evening?lang=en", headers=BEARER)]:
            assert answer.status_code == 401 and answer.json()["reason"] == "expired", answer.text
            assert "expired" in answer.json()["error"]
        assert "扫主持人屏幕上新的二维码" in phone.get("/").text
        assert phone.get("/api/evening", headers={"Authorization": f"Bearer {fresh.value}"}).status_code == 200
        assert phone.get(f"/?t={fresh.value}", follow_redirects=False).status_code == 303  # the new code signs in
        assert phone.get("/api/evening").status_code == 200
        token_file(ledger).unlink()
        assert phone.get("/api/evening").status_code == 401
        assert phone.get("/api/evening", headers={"Authorization": f"Bearer {fresh.value}"}).status_code == 401
        assert phone.get("/api/evening", headers={"Authorization": "Bearer never-a-token-here"}).status_code == 403


@pytest.mark.usefixtures("looks_every_time")
def test_an_event_stream_ends_when_its_token_is_revoked(tmp_path: Path) -> None:
    from tests.web_server import TOKEN as SERVED
    from tests.web_server import running

    ledger = a_ledger(tmp_path, "tonight.yaml")
    kept = ledger_token(ledger, SERVED)
    with running(ledger, token_file=kept.file) as base:
        headers = {"Authorization": f"Bearer {SERVED}"}
        with httpx.stream("GET", f"{base}/api/events", headers=headers, timeout=10) as stream:
            lines = stream.iter_lines()
            assert next(lines).startswith("retry:")
            kept.file.unlink()
            rest = list(lines)  # the stream ends (a read that waited 10 s would raise instead)
        assert all(not line.startswith("data:") or json.loads(line[5:]) for line in rest)
        again = httpx.get(f"{base}/api/evening", headers=headers)
        assert again.status_code == 401 and again.json()["reason"] == "expired"


@pytest.mark.process
def test_a_second_start_with_new_token_revokes_the_running_servers_token(tmp_path: Path) -> None:
    ledger = a_ledger(tmp_path, "tonight.yaml")
    env = {**os.environ, "GANGCI_LANG": "en"}

    def start(*more: str) -> tuple[subprocess.Popen[str], str, str]:
        command = [sys.executable, "-m", "gangci_calc", "serve", str(ledger), "--port", "0", "--no-qr", *more]
        process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        assert process.stdout is not None
        base, token = process.stdout.readline().strip().split("/?t=")
        return process, base, token

    first, base, old = start()
    try:
        bearer = {"Authorization": f"Bearer {old}"}
        assert httpx.get(f"{base}/api/evening", headers=bearer).status_code == 200
        second, _, new = start("--new-token")
        second.send_signal(signal.SIGINT)
        second.communicate(timeout=20)
        for _ in range(100):  # within seconds: the running server looks at the file at most once a second
            answer = httpx.get(f"{base}/api/evening", headers=bearer)
            if answer.status_code != 200:
                break
            time.sleep(0.1)
        assert answer.status_code == 401 and answer.json()["reason"] == "expired"
        assert httpx.get(f"{base}/api/evening", headers={"Authorization": f"Bearer {new}"}).status_code == 200
    finally:
        first.send_signal(signal.SIGINT)
        first.communicate(timeout=20)
