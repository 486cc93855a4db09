"""``gangci serve LEDGER``: choose the addresses and the port, print the URLs and the QR code, run the server.

The sockets are bound here (each address on one port: 8000, or the next free one), so
every printed URL works before the first request; uvicorn serves them all.
"""

from __future__ import annotations

import errno
import ipaddress
import os
import signal
import socket
import stat
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gangci_calc.commands.web.token import Token, ledger_token
from gangci_calc.core.errors import OutputError, file_text

if TYPE_CHECKING:
    from gangci_calc.commands.web import Serving

LOOPBACK = "127.0.0.1"
PORTS_TRIED = 50


@dataclass(frozen=True)
class Bound:
    """The sockets listening, their addresses and port, and the URLs to print (the first LAN one first)."""

    sockets: list[socket.socket]
    addresses: list[str]
    port: int

    def urls(self, token: str) -> list[str]:
        """A URL for each address a phone can open: ``0.0.0.0`` stands for this machine's LAN addresses."""
        shown: list[str] = []
        for address in self.addresses:
            if ipaddress.ip_address(address).is_unspecified:
                shown += [*lan_addresses(), LOOPBACK if ":" not in address else "::1"]
            else:
                shown.append(address)
        shown = list(dict.fromkeys(shown))
        lan = [a for a in shown if not ipaddress.ip_address(a).is_loopback]
        return [f"http://{_url_host(a)}:{self.port}/?t={token}" for a in [*lan, *(a for a in shown if a not in lan)]]


class CannotBind(Exception):
    """An address (or the port on it) that cannot be listened on."""

    def __init__(self, address: str, port: int, error: OSError) -> None:
        super().__init__(address)
        self.address = address
        self.port = port
        self.error = error


def host_addresses(host: str) -> list[str]:
    """``--host``: an address as given, or a name's addresses (``localhost``: 127.0.0.1), IPv4 first."""
    try:
        return [str(ipaddress.ip_address(host.strip("[]")))]
    except ValueError:
        pass
    try:
        found = [str(info[4][0]) for info in socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)]
    except (OSError, UnicodeError) as error:
        raise CannotBind(host, 0, OSError(errno.EADDRNOTAVAIL, str(error))) from None
    four = [a for a in found if ":" not in a]
    return list(dict.fromkeys(four or found))


def _url_host(address: str) -> str:
    return f"[{address}]" if ":" in address else address


def lan_addresses() -> list[str]:
    """This machine's own non-loopback IPv4 addresses: the one its default route uses first."""
    found: list[str] = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # a documentation address: nothing is sent, the route is only looked up
        found.append(probe.getsockname()[0])
    except OSError:
        pass
    finally:
        probe.close()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    return [a for a in dict.fromkeys(found) if not ipaddress.ip_address(a).is_loopback]


def bind(addresses: list[str], port: int | None) -> Bound:
    """Listen on every address on one port: ``port`` if given (refused if taken; 0: any free one), else 8000 or the
    next free one."""
    candidates = [port] if port is not None else list(range(8000, 8000 + PORTS_TRIED))
    last: CannotBind | None = None
    for candidate in candidates:
        opened: list[socket.socket] = []
        address = addresses[0]
        try:
            for address in addresses:
                family = socket.AF_INET6 if ":" in address else socket.AF_INET
                # IPPROTO_TCP named, so asyncio sets TCP_NODELAY on every connection accepted: without it, the
                # response's body waits behind its headers for the client's delayed ACK (40 ms a request)
                sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                opened.append(sock)
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                sock.bind((address, candidate))
                candidate = candidate or sock.getsockname()[1]  # port 0: the one the OS gave the first address
                sock.listen(128)
                sock.setblocking(False)
            return Bound(opened, addresses, candidate)
        except OSError as error:
            for sock in opened:
                sock.close()
            last = CannotBind(address, candidate, error)
            if error.errno != errno.EADDRINUSE:
                break
    assert last is not None
    raise last


def serve(ledger: str, serving: Serving, say: Callable[[str], None]) -> None:
    """Serve the page until Ctrl-C (uvicorn passes the signal on once it has stopped); ``club``: the season's
    folder, for the 赛季 view."""
    from gangci_calc.commands.web.app import Settings, build_app

    host, club = serving.host, serving.club
    addresses = host_addresses(host) if host else [LOOPBACK, *(lan_addresses() if serving.lan else [])]
    bound = bind(addresses, serving.port)
    try:
        notes = [left_alone(left)] if (left := leftovers(Path(ledger))) else []
    except OutputError as error:  # a lock file we may not open (another user's): the page reads; writes say whose
        notes = [str(error)]
    # the ledger's own token: the phones keep their link across a restart
    kept = ledger_token(Path(ledger), serving.token, fresh=serving.fresh_token)
    key = kept.value
    urls = bound.urls(key)
    hosts = set(addresses)
    if any(ipaddress.ip_address(a).is_unspecified for a in addresses):
        hosts |= {*lan_addresses(), socket.gethostname().lower()}
    kept_in = kept.file if kept.how != "unkept" else None  # the file the running server honours as it is now
    settings = Settings(
        Path(ledger), key, frozenset(hosts), bound.port, urls[0], serving.base, Path(club) if club else None, kept_in
    )
    for url in urls:
        say(url)
    say(token_said(kept))
    for note in notes:
        say(note)
    if serving.qr:
        import sys

        say(terminal_qr(urls[0], getattr(sys.stdout, "encoding", None) or "utf-8"))
    app = build_app(settings)
    run_until_stopped(app, bound.sockets, app.state.changes.stop)


def run_until_stopped(app: Any, sockets: list[Any], stop: Callable[[], None]) -> None:
    """Serve ``app`` on ``sockets`` until Ctrl-C or the terminal closes; ``stop`` ends the open event streams first,
    so the connections can close."""
    import uvicorn

    from gangci_calc.commands.web.door import Door

    config = uvicorn.Config(
        app,
        http=Door,
        log_level="error",  # a client's bad request is its own affair: never a line each in the host's terminal
        access_log=False,
        timeout_keep_alive=5,
        timeout_graceful_shutdown=2,
        lifespan="on",
        backlog=backlog(more_files()),
    )

    class Server(uvicorn.Server):
        @contextmanager
        def capture_signals(self) -> Iterator[None]:
            before = signal.signal(signal.SIGHUP, self.handle_exit) if hasattr(signal, "SIGHUP") else None
            try:
                with super().capture_signals():
                    yield
            finally:
                if before is not None:
                    signal.signal(signal.SIGHUP, before)

        def handle_exit(self, sig: int, frame: object) -> None:
            stop()
            if sig == getattr(signal, "SIGHUP", None):
                sig = signal.SIGTERM  # the terminal closed: the same orderly stop, told again as SIGTERM once done
            super().handle_exit(sig, frame)  # type: ignore[arg-type]

    Server(config).run(sockets=sockets)


def token_said(kept: Token) -> str:
    """One line on the token: kept (phones reconnect by themselves), new (phones scan again), or not kept."""
    from gangci_calc.words import messages as m
    from gangci_calc.words import say

    message = {"kept": m.TOKEN_KEPT, "given": m.TOKEN_GIVEN, "new": m.TOKEN_NEW}.get(kept.how, m.TOKEN_UNKEPT)
    return str(say(message, file=file_text(str(kept.file))))


def leftovers(ledger: Path) -> list[str]:
    """Remove what a killed writer of the ledger left beside its real file: the temporary files named exactly as
    :func:`~gangci_calc.io.ledger.atomic.temp_name` names them (every write of the ledger holds its lock, so any
    found while holding it are left over), and this user's only. Another user's, or one that cannot be removed,
    is left alone: their names are returned, for one line. Any other file (another output's temporary file, a
    name that only looks alike) is not touched. The lock file itself is taken over and removed by the lock."""
    from gangci_calc.io.ledger.atomic import is_temp_of, real_target
    from gangci_calc.io.ledger.lock import ledger_lock

    real = real_target(ledger)
    left: list[str] = []
    if not real.parent.is_dir():
        return left
    with ledger_lock(ledger):
        try:
            entries = [entry for entry in os.scandir(real.parent) if is_temp_of(entry.name, real.name)]
        except OSError:  # a folder we may enter but not list: nothing of ours can be found, nothing is touched
            return left
        for entry in entries:
            try:
                info = entry.stat(follow_symlinks=False)
                if not stat.S_ISREG(info.st_mode) or (hasattr(os, "geteuid") and info.st_uid != os.geteuid()):
                    left.append(entry.name)
                    continue
                os.unlink(entry.path)
            except FileNotFoundError:
                pass
            except OSError:
                left.append(entry.name)
    return left


def left_alone(names: list[str]) -> str:
    """One line naming the files :func:`leftovers` left alone (the first few, and how many more)."""
    from gangci_calc.words import messages as m
    from gangci_calc.words import say

    shown = ", ".join(file_text(name) for name in names[:3])
    if len(names) > 3:
        return str(say(m.LEFT_ALONE, files=shown, more=len(names) - 3))
    return str(say(m.LEFT_ALONE_FEW, files=shown))


def more_files() -> int | None:
    """As many open files as the system allows this process (every connection is one): how many, if known."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if hard == resource.RLIM_INFINITY or soft < hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 1 << 16) if hard != -1 else 1 << 16, hard))
        return resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, ValueError, OSError):
        return None


def backlog(files: int | None) -> int:
    """How many connections may wait to be accepted, which is also how many asyncio accepts at once: a quarter of
    the open files at most. A batch that runs out of files leaves asyncio retrying its accepts while the
    connections already taken are not served (1,100 half-open connections under a limit of 1,024: no phone answered
    in 5 s); the door keeps at most ``MOST_PER_CLIENT`` of an address's waiting, so a batch never does."""
    return 2048 if files is None or files < 0 else max(128, min(2048, files // 4))


def terminal_qr(url: str, encoding: str = "utf-8") -> str:
    """The QR code in text, light modules as blocks (a dark terminal's usual colours): half blocks, two rows of
    modules a line, where the console can show them; else a full block for each module (a GBK console has
    ``█`` and ``▄`` but not ``▀``)."""
    import io

    import segno

    code = segno.make(url, error="m")
    out = io.StringIO()
    code.terminal(out=out, compact=True, border=2)
    text = out.getvalue()
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        rows = [[bool(module & 1) for module in row] for row in code.matrix]
        width = len(rows[0]) + 4
        light = ["██" * width] * 2
        body = ["██" * 2 + "".join("  " if dark else "██" for dark in row) + "██" * 2 for row in rows]
        text = "\n".join([*light, *body, *light]) + "\n"
    return text
