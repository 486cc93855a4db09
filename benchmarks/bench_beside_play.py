"""Four phones on the page while ``gangci session FILE --play`` waits at a prompt (issue #50): each answer's time.

    python benchmarks/bench_beside_play.py [ROUNDS]

``--play`` runs on a pseudo-terminal, at the question of hand 7 of ``examples/session-people.yaml``, the whole
time; a page (``tests/web_server.py``: the app on a loopback port) serves the same ledger. Four phones at once, for
ROUNDS rounds (10 by default): a hand added at the ``next`` the evening shows (409 when another phone took that
number first, as on a real table), hand 2 edited, and the last hand undone where the phone's own hand went in.
Printed: how many writes, their statuses, p50, p95 and the slowest; the same with no
terminal open, for comparison; then what the terminal said when its hand was answered after the phones. Goal
(issue #50): every answer under 1 s. POSIX only (a pseudo-terminal). ``uptime``'s load average is printed first
and last: a wall time on a shared machine includes waits for a CPU.
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.test_terminal_answers import Terminal  # noqa: E402
from tests.web_server import TOKEN, running  # noqa: E402

SEATS = {"E": "老王", "S": "小李", "W": "张姐", "N": "小赵"}
EDIT = {"win": {"type": "zhici", "winner": "N", "from": "E"}, "players": SEATS}


def phones(ledger: Path, rounds: int) -> tuple[list[float], list[int]]:
    took: list[float] = []
    statuses: list[int] = []
    with running(ledger) as base:

        def phone() -> None:
            with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=120) as client:
                for _ in range(rounds):
                    number = len(client.get("/api/evening").json()["hands"]) + 1
                    hand = {"win": {"type": "bomb", "winner": "N"}, "number": number}
                    added = timed(lambda hand=hand: client.post("/api/hands", json=hand))
                    timed(lambda: client.put("/api/hands/2", json=EDIT))
                    if added == 201:  # a phone undoes only after a hand of its own went in
                        timed(lambda: client.post("/api/undo"))

        def timed(send: Callable[[], httpx.Response]) -> int:
            began = time.monotonic()
            status = send().status_code
            took.append(time.monotonic() - began)
            statuses.append(status)
            return status

        threads = [threading.Thread(target=phone) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    return took, statuses


def said(took: list[float], statuses: list[int], what: str) -> None:
    ms = sorted(t * 1000 for t in took)
    p95 = ms[max(0, round(len(ms) * 0.95) - 1)]
    counts = {status: statuses.count(status) for status in sorted(set(statuses))}
    p50 = statistics.median(ms)
    print(f"{what}: {len(ms)} writes {counts}; p50 {p50:.0f} ms, p95 {p95:.0f} ms, max {ms[-1]:.0f} ms")


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    print("load average", os.getloadavg())
    folder = Path(tempfile.mkdtemp())
    ledger = folder / "evening.yaml"
    shutil.copy(ROOT / "examples" / "session-people.yaml", ledger)
    said(*phones(ledger, rounds), "four phones, no terminal")
    shutil.copy(ROOT / "examples" / "session-people.yaml", ledger)
    terminal = Terminal(["session", str(ledger), "--play"], folder)
    terminal.wait_for("庄家 [北]: ")
    said(*phones(ledger, rounds), "four phones, --play at a prompt")
    at = terminal.answer("庄家 [", "")
    at = terminal.answer("怎么胡的", "7", at)  # 流局
    at = terminal.answer("这局的杠", "-", at)
    terminal.answer("局 · 庄家", ":q", at)
    terminal.finish()
    lines = [line for line in terminal.screen().splitlines() if "你输入时账本变了" in line]
    print("the terminal said:", lines or "nothing (the evening was as it asked)")
    print("load average", os.getloadavg())
    shutil.rmtree(folder)


if __name__ == "__main__":
    main()
