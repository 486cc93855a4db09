"""The table's page under a table's load: ``gangci serve`` started as docs/serve.md says, measured from outside.

    python benchmarks/bench_page.py [HANDS] [--rounds N] [--against DIR] [--strangers]

- page weight: the first load, everything included (the page, its script and style);
- ``POST /api/hands`` from 8 clients at once on loopback, while 8 open pages each fetch the new evening on
  every change, as the page does: p50 and p95; then ``GET /api/evening`` alone, beside it in the same run;
- a change reaching 8 open ``/api/events`` streams: the slowest of the 8;
- the server's memory (RSS) after HANDS hands (200 by default) with 8 pages connected;
- (issue #28) ``POST /api/hands`` from one phone, each with its ``number``: p95; 8 clients posting without pause:
  hands written a second, and that none was lost; ``GET /api/evening``: p95; with 1,100 half-open connections
  from the same address held open, a phone's ``GET /api/evening``: p95 (a fresh connection each, as a phone
  that has just woken up).
- a save as a table makes them (one every 0.3 s), each heard by the 8 pages, which fetch the evening again: p95,
  and the server's CPU a save, the 8 pages' fetches included.
- (issue #44) 55,000 pipelined requests without a token, from 4 connections at a time (each reconnecting as the
  server closes it), while a phone asks for the evening on a new connection: its p95 (goal 2 s); and
  ``serve --club`` over 3,000 ledgers: ``GET /api/season`` the first time, again (unchanged: kept by the
  ledgers' stat()), and 8 phones at once after a ledger changed, then unchanged: the slowest of the 8.
  ``--strangers``: these two alone (the flood on a ledger of its own), each tree in turn.
- (issue #42, in headless Chromium when Playwright is installed) the page weight of a 20-hand evening: every byte a
  phone's load transfers (bodies and headers, the event stream's opening included) until the page is live; and a
  restart as a host makes it (Ctrl-C, then ``gangci serve LEDGER`` again, no ``--token``) with 4 phones open: the
  time from the new server's start until every phone is live again, and from the moment it listens.
Goals (issue #16): 100 KB, p95 50 ms, 300 ms, 100 MB. Goals (issue #28): p95 20 ms, 100 hands/s none lost,
300 ms, p95 20 ms, p95 200 ms. Goals (issue #42): 60 KB, 3 s.

Beside each time, the server's own CPU a request (its process's user and system time over the series, from
/proc, divided by the requests): a wall time on a loaded machine includes the waits for a CPU, the CPU time
does not. ``uptime``'s load average is printed first and last. ``--against DIR`` runs the server from another
checkout (``git archive main | tar -x -C DIR``) too, in turns, ``--rounds`` times each (1 by default), and
prints each figure's runs side by side: this tree's first.
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
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "bench-token-0123456789abcdef"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
Figures = dict[str, str]


def server_cpu(pid: int) -> float:
    """The server process's CPU time so far, user and system, in seconds (Linux's /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def start(ledger: Path, tree: Path = ROOT) -> tuple[subprocess.Popen[str], str]:
    """``gangci serve`` with the code of ``tree`` (this checkout by default)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "gangci_calc", "serve", str(ledger), "--port", "0", "--no-qr", "--token", TOKEN],
        stdout=subprocess.PIPE,
        text=True,
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
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


def one_phone(base: str, count: int, gap: float = 0.0) -> list[float]:
    """One phone entering hands in turn, each with the number it means it to have; ``gap`` seconds between them."""
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
        time.sleep(gap)
    connection.close()
    return times


def fresh_get(base: str) -> float:
    """A phone that has just woken up: a new connection, one ``GET /api/evening``, closed; its time.

    With http.client, as the other figures: ``httpx.get`` makes a client (and its TLS context) each time, 50-80 ms
    of the benchmark's own CPU, which on a loaded machine was most of this figure.
    """
    import http.client
    from urllib.parse import urlsplit

    where = urlsplit(base)
    began = time.perf_counter()
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=10)
    connection.request("GET", "/api/evening", headers=AUTH)
    reply = connection.getresponse()
    reply.read()
    connection.close()
    assert reply.status == 200, reply.status
    return time.perf_counter() - began


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
        return [fresh_get(base) for _ in range(asks)]
    finally:
        for sock in sockets:
            sock.close()


def hands_in(base: str) -> int:
    return len(httpx.get(f"{base}/api/evening", headers=AUTH, timeout=60).json()["hands"])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def ms(values: list[float]) -> str:
    return f"p50 {statistics.median(values) * 1000:.1f} ms, p95 {percentile(values, 0.95) * 1000:.1f} ms"


class Server:
    """The server's process: its CPU a request over a series of them."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process

    @contextlib.contextmanager
    def cpu(self, figures: Figures, key: str, requests: Callable[[], int]) -> Iterator[None]:
        """Note the server's CPU a request over the block, ``requests()`` (asked after it) the count."""
        began = server_cpu(self.process.pid)
        yield
        figures[key] = f"{(server_cpu(self.process.pid) - began) * 1000 / max(1, requests()):.1f}"


def pages(base: str, streams: list[list[float]], fetched: list[int]) -> None:
    """8 open pages: each listens to ``/api/events`` and, a moment after the changes it hears of, fetches the
    evening again (as app.js does)."""
    ready = threading.Barrier(len(streams) + 1)

    def listen(heard: list[float]) -> None:
        with (
            httpx.Client(base_url=base, headers=AUTH, timeout=None) as client,
            httpx.Client(base_url=base, headers=AUTH, timeout=60) as page,
            client.stream("GET", "/api/events") as stream,
        ):
            due: list[threading.Timer] = []

            def fetch() -> None:
                with contextlib.suppress(httpx.HTTPError):  # the server stopped
                    page.get("/part")
                    fetched.append(1)

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


def flood(base: str, total: int, stop: threading.Event, answered: list[int]) -> None:
    """At least ``total`` pipelined ``GET /api/evening`` without a token (and on until ``stop``), a thousand at a
    time on a connection, reconnecting whenever the server closes one; the answers counted (the 401s)."""
    import socket
    from urllib.parse import urlsplit

    port = urlsplit(base).port
    assert port is not None
    batch = b"GET /api/evening HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 1000
    sent = 0
    while sent < total or not stop.is_set():
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(batch)
            sent += 1000
            while chunk := sock.recv(1 << 16):
                answered[0] += chunk.count(b"HTTP/1.1 ")


def flooded(base: str, say: Callable[[str], None], figures: Figures) -> None:
    """A phone's fresh GETs while 4 threads send 55,000 pipelined requests without a token."""
    stop, answered = threading.Event(), [0]
    threads = [threading.Thread(target=flood, args=(base, 55_000 // 4, stop, answered)) for _ in range(4)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    phone = []
    while len(phone) < 40 or (any(thread.is_alive() for thread in threads) and len(phone) < 400):
        phone.append(fresh_get(base))  # 40 at least, the flood going on until they are done
        time.sleep(0.05)
        if len(phone) >= 40:
            stop.set()
    for thread in threads:
        thread.join(60)
    figures["flood"] = ms(phone)
    say(
        f"55,000 pipelined requests (or more) without a token ({answered[0]} answered in "
        f"{time.perf_counter() - began:.1f} s): "
        f"a phone's GET /api/evening on a new connection, {len(phone)} of them: {figures['flood']} (goal p95 2 s)"
    )


def club(tree: Path, say: Callable[[str], None], figures: Figures, count: int = 3000) -> None:
    """``serve --club`` over ``count`` ledgers: the season view's JSON, first, again, and 8 phones at once."""
    import shutil
    from concurrent.futures import ThreadPoolExecutor

    folder = Path(tempfile.mkdtemp()) / "club"
    folder.mkdir()
    sources = sorted((ROOT / "examples" / "club").glob("*.yaml"))
    for n in range(count):
        shutil.copy(sources[n % len(sources)], folder / f"evening-{n:04d}.yaml")
    tonight = folder.parent / "tonight.yaml"
    shutil.copy(ROOT / "examples" / "session.yaml", tonight)
    process = subprocess.Popen(
        [sys.executable, "-m", "gangci_calc", "serve", str(tonight), "--club", str(folder), "--port", "0",
         "--no-qr", "--token", TOKEN],
        stdout=subprocess.PIPE, text=True, cwd=tree, env={**os.environ, "PYTHONPATH": str(tree)},
    )  # fmt: skip
    assert process.stdout is not None
    base = process.stdout.readline().strip().split("/?t=")[0]

    def season() -> float:
        began = time.perf_counter()
        answer = httpx.get(f"{base}/api/season", headers=AUTH, timeout=300)
        assert answer.status_code == 200, answer.text
        return time.perf_counter() - began

    try:
        first, again = season(), season()
        (folder / "evening-0000.yaml").touch()  # a ledger changed: added up again, once for the 8
        with ThreadPoolExecutor(8) as pool:
            changed = list(pool.map(lambda _: season(), range(8)))
        with ThreadPoolExecutor(8) as pool:
            kept = list(pool.map(lambda _: season(), range(8)))
    finally:
        process.terminate()
        process.wait(10)
    figures["club"] = f"{first:.2f} s, {again:.2f} s, {max(changed):.2f} s, {max(kept):.2f} s"
    say(
        f"serve --club over {count} ledgers, GET /api/season: first {first:.2f} s, again {again:.2f} s; 8 phones at "
        f"once after a ledger changed: the slowest {max(changed):.2f} s; unchanged: {max(kept):.2f} s"
    )


def strangers(tree: Path, say: Callable[[str], None]) -> Figures:
    """The two figures of issue #44 alone: the flood beside a phone, and the club of 3,000 ledgers."""
    figures: Figures = {}
    folder = Path(tempfile.mkdtemp())
    ledger = folder / "tonight.yaml"
    ledger.write_text((ROOT / "examples" / "session.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    process, base = start(ledger, tree)
    try:
        flooded(base, say, figures)
    finally:
        process.terminate()
        process.wait(10)
    club(tree, say, figures)
    return figures


def run(hands: int, tree: Path, say: Callable[[str], None]) -> Figures:
    """Every figure once, with the server's code from ``tree``; each line said as it is measured."""
    from concurrent.futures import ProcessPoolExecutor

    figures: Figures = {}
    folder = Path(tempfile.mkdtemp())
    ledger = folder / "tonight.yaml"
    ledger.write_text(
        "stakes: 1\npolicy: true\ndealer: E\nplayers: {E: 老王, S: 小李, W: 张姐, N: 阿强}\nhands:\n", encoding="utf-8"
    )
    process, base = start(ledger, tree)
    server = Server(process)
    try:
        with httpx.Client(base_url=base) as browser:
            browser.get(f"/?t={TOKEN}")
            weight = sum(len(browser.get(path).content) for path in ("/", "/static/app.js", "/static/app.css"))
        say(f"page weight, first load: {weight / 1024:.1f} KB (goal 100 KB)")

        with ProcessPoolExecutor(1) as pool, server.cpu(figures, "quiet cpu", lambda: 40):
            quiet = pool.submit(one_phone, base, 40).result()  # a phone of its own, no page open yet
        figures["quiet"] = ms(quiet)
        say(
            f"POST /api/hands, one phone, with its number, no page open: {figures['quiet']} (goal p95 20); "
            f"server CPU {figures['quiet cpu']} ms a hand"
        )

        streams: list[list[float]] = [[] for _ in range(8)]
        fetched: list[int] = []
        pages(base, streams, fetched)

        with ProcessPoolExecutor(1) as pool:  # a process of its own: not timed behind the 8 pages' threads here
            pool.submit(time.sleep, 0).result()
            with server.cpu(figures, "alone cpu", lambda: 40):
                alone = pool.submit(one_phone, base, 40).result()
                time.sleep(0.5)  # the pages' fetch after the last
            figures["alone"] = ms(alone)
            say(
                f"POST /api/hands, one phone, with its number, 8 pages open: {figures['alone']} (goal p95 20); "
                f"server CPU {figures['alone cpu']} ms a hand, the pages' one fetch after the last included"
            )
            time.sleep(0.5)
            fetched.clear()
            with server.cpu(figures, "table cpu", lambda: 20):
                table = pool.submit(one_phone, base, 20, 0.3).result()
                time.sleep(0.5)
            figures["table"] = ms(table)
            say(
                f"POST /api/hands, one phone, a save every 0.3 s, each fetched by the 8 pages ({len(fetched)} "
                f"fetches): {figures['table']} (goal p95 20); server CPU {figures['table cpu']} ms a save, "
                "the pages' fetches included"
            )
        time.sleep(0.5)
        before = hands_in(base)
        posts: list[float] = []
        per_client = max(1, hands // 8)
        with ProcessPoolExecutor(8) as pool:  # 8 clients of their own: no client waits on another's interpreter
            pool.submit(time.sleep, 0).result()
            began = time.perf_counter()
            with server.cpu(figures, "burst cpu", lambda: len(posts)):
                for times in pool.map(writer, [(base, n, per_client) for n in range(8)]):
                    posts.extend(times)
            took = time.perf_counter() - began
        written = hands_in(base) - before
        figures["burst"] = f"{written / took:.0f} hands/s"
        say(
            f"8 clients posting without pause: {len(posts)} posted, {written} written "
            f"({'none' if written == len(posts) else len(posts) - written} lost), "
            f"{figures['burst']} (goal 100)"
        )
        time.sleep(1)
        gets: list[float] = []
        with httpx.Client(base_url=base, headers=AUTH, timeout=60) as client:
            for i in range(40):
                if i % 2:  # every other one after a change, so half of them make the evening anew
                    client.post("/api/hands", json={"win": {"type": "draw"}})
                    client.post("/api/undo")
                began = time.perf_counter()
                client.get("/api/evening")
                gets.append(time.perf_counter() - began)
        figures["posts"], figures["gets"] = ms(posts), ms(gets)
        say(
            f"POST /api/hands, 8 clients, 8 pages, {len(posts)} hands: {figures['posts']} (goal p95 50); "
            f"server CPU {figures['burst cpu']} ms a hand"
        )
        say(f"GET /api/evening, {hands} hands, half of them after a change: {figures['gets']} (goal p95 20)")
        say(f"POST p50 / GET p50: {statistics.median(posts) / statistics.median(gets):.2f}")

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
        figures["reach"] = f"{slowest:.0f} ms"
        say(f"a change reaching 8 open event streams: {slowest:.0f} ms, the slowest of {sum(map(bool, streams))}")

        time.sleep(0.5)
        with server.cpu(figures, "fresh cpu", lambda: 40):
            fresh = [fresh_get(base) for _ in range(40)]
        with server.cpu(figures, "door cpu", lambda: 40):
            phone = half_open(base, 1100, 40)
        figures["fresh"], figures["door"] = ms(fresh), ms(phone)
        say(
            f"a phone's GET /api/evening on a new connection: {figures['fresh']}, "
            f"server CPU {figures['fresh cpu']} ms; "
            f"with 1,100 half-open connections held from the same address: {figures['door']} (goal p95 200), "
            f"server CPU {figures['door cpu']} ms a request, the 1,100 included"
        )

        rss = next(
            int(line.split()[1])
            for line in Path(f"/proc/{process.pid}/status").read_text().splitlines()
            if line.startswith("VmRSS")
        )
        say(f"server memory after {len(posts)} hands with 8 pages connected: {rss / 1024:.0f} MB RSS (goal 100 MB)")
        flooded(base, say, figures)
    finally:
        process.terminate()
        process.wait(10)
    club(tree, say, figures)
    try:
        import playwright.sync_api  # noqa: F401 - the [browser] extra
    except ImportError:
        say("round three (page weight of 20 hands, restart): skipped, pip install -e '.[browser]'")
        return figures
    figures.update(round_three(tree, say))
    return figures


CHROMIUM = os.environ.get("GANGCI_CHROMIUM", "/usr/bin/chromium-headless-shell")
LIVE = "!document.querySelector('#live').classList.contains('off') && document.querySelector('#down').hidden"


def serve_here(ledger: Path, tree: Path, port: int) -> tuple[subprocess.Popen[str], str, float]:
    """``gangci serve LEDGER --port PORT`` as a host starts it (no --token): the process, its URL, and when it
    printed it (listening)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "gangci_calc", "serve", str(ledger), "--port", str(port), "--no-qr"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
    )
    assert process.stdout is not None
    url = process.stdout.readline().strip()
    return process, url, time.monotonic()


def stop(process: subprocess.Popen[str]) -> None:
    import signal

    process.send_signal(signal.SIGINT)
    process.wait(20)


def round_three(tree: Path, say: Callable[[str], None]) -> Figures:
    """A 20-hand evening's page weight, transferred, and a restart's time until 4 phones are live again."""
    import socket

    from playwright.sync_api import sync_playwright

    figures: Figures = {}
    folder = Path(tempfile.mkdtemp())
    ledger = folder / "tonight.yaml"
    plays = ["{type: bomb, winner: S}", "{type: zhici, winner: W, from: N}", "{type: anci, winner: E}", "{type: draw}"]
    ledger.write_text(
        "stakes: 1\npolicy: true\ndealer: E\nplayers: {E: 老王, S: 小李, W: 张姐, N: 阿强}\nhands:\n"
        + "".join(f"  - win: {plays[n % 4]}\n" for n in range(20)),
        encoding="utf-8",
    )
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process, url, _ = serve_here(ledger, tree, port)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        try:
            phone = {"viewport": {"width": 360, "height": 740}, "is_mobile": True}
            first = browser.new_context(**phone).new_page()
            sizes: list[int] = []
            first.on("requestfinished", lambda request: sizes.append(_transferred(request)))
            first.goto(url)
            first.wait_for_function(LIVE)
            first.wait_for_timeout(1000)  # anything the page fetches once it is live
            weight = sum(sizes)
            figures["weight20"] = f"{weight / 1024:.1f} KB"
            say(f"page weight, a 20-hand evening, all a load transfers: {figures['weight20']} (goal 60 KB)")
            phones = [first, *(browser.new_context(**phone).new_page() for _ in range(3))]
            for page in phones[1:]:
                page.goto(url)
                page.wait_for_function(LIVE)
            stop(process)
            for page in phones:
                page.wait_for_selector("#down:not([hidden])", timeout=10_000)
            started = time.monotonic()
            process, _, listening = serve_here(ledger, tree, port)
            try:
                for page in phones:
                    page.wait_for_function(LIVE, timeout=10_000)
                done = time.monotonic()
                figures["restart"] = f"{done - started:.2f} s ({done - listening:.2f} s after it listens)"
            except Exception:  # the phones never came back (a new token each start)
                figures["restart"] = "not live within 10 s"
            say(f"a restart (Ctrl-C, serve again) until 4 phones are live again: {figures['restart']} (goal 3 s)")
        finally:
            browser.close()
            stop(process)
    return figures


def _transferred(request: object) -> int:
    """What one request moved over the wire: its response's headers and body (the event stream: what it had sent)."""
    try:
        sizes = request.sizes()  # type: ignore[attr-defined]
    except Exception:
        return 0
    return int(sizes.get("responseHeadersSize", 0)) + int(sizes.get("responseBodySize", 0))


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("hands", nargs="?", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--against", type=Path, help="another checkout, run in turns with this one")
    parser.add_argument("--strangers", action="store_true", help="only the flood and the club of issue #44")
    options = parser.parse_args()
    trees = [ROOT, *([options.against.resolve()] if options.against else [])]
    runs: dict[Path, list[Figures]] = {tree: [] for tree in trees}
    print(load(), flush=True)
    for round_ in range(options.rounds):
        for tree in trees:
            if len(trees) > 1 or options.rounds > 1:
                print(f"--- round {round_ + 1}, {tree}, {load()}", flush=True)
            said = lambda line: print(line, flush=True)  # noqa: E731
            runs[tree].append(strangers(tree, said) if options.strangers else run(options.hands, tree, said))
    print(load(), flush=True)
    if len(trees) > 1 or options.rounds > 1:
        print("\nside by side (each round's figure; " + " | ".join(str(tree) for tree in trees) + "):")
        for key in runs[ROOT][0]:
            print(f"  {key}: " + " | ".join("; ".join(figures[key] for figures in runs[tree]) for tree in trees))


if __name__ == "__main__":
    os.environ.setdefault("GANGCI_LANG", "zh")
    main()
