"""The table's page under a table's load: ``gangci serve`` started as the README says, measured from outside.

    python benchmarks/bench_page.py [HANDS]

- page weight: the first load, everything included (the page, its script and style);
- ``POST /api/hands`` from 8 clients at once on loopback, while 8 open pages each fetch the new evening on
  every change, as the page does: p50 and p95; then ``GET /api/evening`` alone, beside it in the same run;
- a change reaching 8 open ``/api/events`` streams: the slowest of the 8;
- the server's memory (RSS) after HANDS hands (200 by default) with 8 pages connected;
- (issue #28) ``POST /api/hands`` from one phone, each with its ``number``: p95; 8 clients posting without pause:
  hands written a second, and that none was lost; ``GET /api/evening``: p95; with 1,100 half-open connections
  from the same address held open, a phone's ``GET /api/evening``: p95 (a fresh connection each, as a phone
  that has just woken up).
Goals (issue #16): 100 KB, p95 50 ms, 300 ms, 100 MB. Goals (issue #28): p95 20 ms, 100 hands/s none lost,
300 ms, p95 20 ms, p95 200 ms.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "bench-token-0123456789abcdef"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def start(ledger: Path) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "gangci_calc", "serve", str(ledger), "--port", "0", "--no-qr", "--token", TOKEN],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert process.stdout is not None
    url = process.stdout.readline().strip()
    return process, url.split("/?t=")[0]


def writer(job: tuple[str, int, int]) -> list[float]:
    """One client on a connection of its own: ``count`` hands posted one after another; each one's time.

    http.client sends a small request's headers and body in one packet, as browsers do; httpx sends them apart,
    and the second waits for the first one's delayed ACK (about 40 ms on Linux loopback): a client's delay, not
    the server's.
    """
    import http.client
    import json
    from urllib.parse import urlsplit

    base, n, count = job
    where = urlsplit(base)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=60)
    headers = {**AUTH, "Content-Type": "application/json"}
    times = []
    for i in range(count):
        body = json.dumps({"win": {"type": "bomb", "winner": "ESWN"[(n + i) % 4]}}).encode()
        began = time.perf_counter()
        connection.request("POST", "/api/hands", body, headers)
        reply = connection.getresponse()
        reply.read()
        times.append(time.perf_counter() - began)
        assert reply.status == 201
    connection.close()
    return times


def one_phone(base: str, count: int) -> list[float]:
    """One phone entering hands in turn, each with the number it means it to have."""
    import http.client
    import json
    from urllib.parse import urlsplit

    where = urlsplit(base)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=60)
    headers = {**AUTH, "Content-Type": "application/json"}
    connection.request("GET", "/api/evening", headers=AUTH)
    number = json.loads(connection.getresponse().read())["next"]["number"]
    times = []
    for i in range(count):
        body = json.dumps({"win": {"type": "bomb", "winner": "ESWN"[i % 4]}, "number": number + i}).encode()
        began = time.perf_counter()
        connection.request("POST", "/api/hands", body, headers)
        reply = connection.getresponse()
        reply.read()
        times.append(time.perf_counter() - began)
        assert reply.status == 201, reply.status
    connection.close()
    return times


def half_open(base: str, held: int, asks: int) -> list[float]:
    """``held`` connections that never finish their headers, and a phone's requests beside them."""
    import socket
    from urllib.parse import urlsplit

    port = urlsplit(base).port
    assert port is not None
    sockets = []
    try:
        for _ in range(held):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            sockets.append(sock)
        times = []
        for _ in range(asks):
            began = time.perf_counter()
            answer = httpx.get(f"{base}/api/evening", headers=AUTH, timeout=10)
            times.append(time.perf_counter() - began)
            assert answer.status_code == 200
        return times
    finally:
        for sock in sockets:
            sock.close()


def hands_in(base: str) -> int:
    return len(httpx.get(f"{base}/api/evening", headers=AUTH, timeout=60).json()["hands"])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    folder = Path(tempfile.mkdtemp())
    ledger = folder / "tonight.yaml"
    ledger.write_text(
        "stakes: 1\npolicy: true\ndealer: E\nplayers: {E: 老王, S: 小李, W: 张姐, N: 阿强}\nhands:\n", encoding="utf-8"
    )
    process, base = start(ledger)
    try:
        with httpx.Client(base_url=base) as browser:
            browser.get(f"/?t={TOKEN}")
            weight = sum(len(browser.get(path).content) for path in ("/", "/static/app.js", "/static/app.css"))
        print(f"page weight, first load: {weight / 1024:.1f} KB (goal 100 KB)")

        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(1) as pool:  # a phone of its own, no page open yet
            quiet = pool.submit(one_phone, base, 40).result()
        print(
            f"POST /api/hands, one phone, with its number, no page open: p50 {statistics.median(quiet) * 1000:.1f} ms, "
            f"p95 {percentile(quiet, 0.95) * 1000:.1f} ms (goal 20)"
        )

        streams: list[list[float]] = [[] for _ in range(8)]
        ready = threading.Barrier(9)

        def listen(heard: list[float]) -> None:
            """A page: a moment after the changes it hears of, it fetches the evening again (as app.js does)."""
            with (
                httpx.Client(base_url=base, headers=AUTH, timeout=None) as client,
                httpx.Client(base_url=base, headers=AUTH, timeout=60) as page,
                client.stream("GET", "/api/events") as stream,
            ):
                due: list[threading.Timer] = []

                def fetch() -> None:
                    with contextlib.suppress(httpx.HTTPError):  # the server stopped
                        page.get("/part")

                ready.wait()
                try:
                    for line in stream.iter_lines():
                        if line.startswith("data: "):
                            heard.append(time.perf_counter())
                            for timer in due:
                                timer.cancel()
                            due[:] = [threading.Timer(0.15, fetch)]
                            due[0].start()
                except httpx.HTTPError:
                    return

        for heard in streams:
            threading.Thread(target=listen, args=(heard,), daemon=True).start()
        ready.wait()

        posts: list[float] = []
        gets: list[float] = []
        per_client = max(1, hands // 8)

        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(1) as pool:  # a process of its own: not timed behind the 8 pages' threads here
            alone = pool.submit(one_phone, base, 40).result()
        print(
            f"POST /api/hands, one phone, with its number, 8 pages open: p50 {statistics.median(alone) * 1000:.1f} ms, "
            f"p95 {percentile(alone, 0.95) * 1000:.1f} ms (goal 20)"
        )
        time.sleep(0.5)
        before = hands_in(base)
        with ProcessPoolExecutor(8) as pool:  # 8 clients of their own: no client waits on another's interpreter
            pool.submit(time.sleep, 0).result()
            began = time.perf_counter()
            for times in pool.map(writer, [(base, n, per_client) for n in range(8)]):
                posts.extend(times)
            took = time.perf_counter() - began
        written = hands_in(base) - before
        print(
            f"8 clients posting without pause: {len(posts)} posted, {written} written "
            f"({'none' if written == len(posts) else len(posts) - written} lost), "
            f"{written / took:.0f} hands/s (goal 100)"
        )
        time.sleep(1)
        with httpx.Client(base_url=base, headers=AUTH, timeout=60) as client:
            for i in range(40):
                if i % 2:  # every other one after a change, so half of them make the evening anew
                    client.post("/api/hands", json={"win": {"type": "draw"}})
                    client.post("/api/undo")
                began = time.perf_counter()
                client.get("/api/evening")
                gets.append(time.perf_counter() - began)
        p50, p95 = statistics.median(posts) * 1000, percentile(posts, 0.95) * 1000
        g50, g95 = statistics.median(gets) * 1000, percentile(gets, 0.95) * 1000
        print(f"POST /api/hands, 8 clients, 8 pages, {len(posts)} hands: p50 {p50:.1f} ms, p95 {p95:.1f} ms (goal 50)")
        print(
            f"GET /api/evening, {hands} hands, half of them after a change: p50 {g50:.1f} ms, p95 {g95:.1f} ms "
            "(goal 20)"
        )
        print(f"POST p50 / GET p50: {p50 / g50:.2f}")

        time.sleep(0.5)
        for heard in streams:
            heard.clear()
        with httpx.Client(base_url=base, headers=AUTH) as client:
            began = time.perf_counter()
            client.post("/api/undo")
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline and not all(streams):
            time.sleep(0.005)
        slowest = max(heard[0] - began for heard in streams if heard) * 1000
        print(f"a change reaching 8 open event streams: {slowest:.0f} ms, the slowest of {sum(map(bool, streams))}")

        phone = half_open(base, 1100, 40)
        print(
            f"with 1,100 half-open connections held from the same address, a phone's GET /api/evening: "
            f"p50 {statistics.median(phone) * 1000:.0f} ms, p95 {percentile(phone, 0.95) * 1000:.0f} ms (goal 200)"
        )

        rss = next(
            int(line.split()[1])
            for line in Path(f"/proc/{process.pid}/status").read_text().splitlines()
            if line.startswith("VmRSS")
        )
        print(f"server memory after {len(posts)} hands with 8 pages connected: {rss / 1024:.0f} MB RSS (goal 100 MB)")
    finally:
        process.terminate()
        process.wait(10)


if __name__ == "__main__":
    os.environ.setdefault("GANGCI_LANG", "zh")
    main()
