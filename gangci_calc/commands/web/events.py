"""``GET /api/events``: every open page hears of each change of the ledger, whoever made it; ``GET /api/heard``:
what the change did, and who made it.

One task looks at the file ten times a second (the CLI's ``--add`` replaces it by a
rename, an editor may write in place): the look (the bytes read and hashed) runs in a
worker thread, off the event loop. The server's own writes ring at once. Each
listener has a queue of versions; a slow one only ever needs the newest.

What a change did is derived from two versions of the ledger, the evening before and
the evening after (each a function of the ledger's bytes): the hands added,
undone or edited with their amounts before and after, a change of the next
hand's table, the payments recorded or taken back. Who made it is the one thing
the bytes cannot say: a page's write notes the version it wrote under the name
its phone gave (``X-Gangci-By``); a version no page request wrote is the
terminal's (``gangci session --add``, an editor). A page asks for what it has not
heard since the version it shows (``GET /api/heard?since=VERSION``).

The same notes answer a phone that saves a hand again because the answer to its
first save was lost: the form's id (``X-Gangci-Form``) and the hand it saved.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import unicodedata
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from starlette.concurrency import run_in_threadpool

from gangci_calc.commands.web.ledger_state import LedgerState, LedgerVersion
from gangci_calc.io.show.labels import amount_text, seat_name
from gangci_calc.words.page import PAGE

if TYPE_CHECKING:
    from starlette.requests import Request

    from gangci_calc.core.evening.transfers import Transfer
    from gangci_calc.core.rules import Seat
    from gangci_calc.io.load.load_session import SettledSession, SettledSessionHand

POLL_SECONDS = 0.1
KEEP_ALIVE_SECONDS = 15.0
STOP = -1  # told to every stream when the server stops


class Changes:
    """The ledger's versions as they change, told to every listener."""

    def __init__(self, state: LedgerState, seen: Callable[[LedgerVersion], None] | None = None) -> None:
        self.state = state
        self.version = state.version()
        self._seen = seen  # told each evening the ledger changes to, before the pages hear of it (events.py)
        if seen is not None:
            seen(state.current())
        self._listeners: set[asyncio.Queue[int]] = set()
        self._stopping = asyncio.Event()
        self._looking: set[asyncio.Task[None]] = set()
        self._checking: asyncio.Lock | None = None

    async def check(self) -> None:
        """Look at the file now (in a worker thread); tell every listener if it changed, then settle the evening
        for ``seen``. One look at a time, so the evenings seen follow each other in the order the file had them
        (and a page asking what changed waits for the look under way)."""
        if self._checking is None:
            self._checking = asyncio.Lock()
        async with self._checking:
            version = await run_in_threadpool(self.state.version)
            changed = version != self.version
            self.tell(version)
            if changed and self._seen is not None:
                self._seen(await run_in_threadpool(self.state.current))

    def soon(self) -> None:
        """Look at the file in a moment (for a writer that cannot wait for the look: a 已付 button's)."""
        task = asyncio.get_running_loop().create_task(self.check())
        self._looking.add(task)
        task.add_done_callback(self._looking.discard)

    def tell(self, version: int) -> None:
        if version == self.version:
            return
        self.version = version
        for queue in self._listeners:
            if queue.full():
                queue.get_nowait()
            queue.put_nowait(version)

    async def watch(self) -> None:
        """Look at the file until the server stops."""
        while not self._stopping.is_set():
            await self.check()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), POLL_SECONDS)

    def stop(self) -> None:
        """End the watch and every stream (the server is stopping)."""
        self._stopping.set()
        for queue in self._listeners:
            if queue.full():
                queue.get_nowait()
            queue.put_nowait(STOP)

    async def stream(self) -> AsyncIterator[str]:
        """An event stream: ``data: VERSION`` on each change, a comment now and then to keep the line open."""
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
        self._listeners.add(queue)
        try:
            yield f"retry: 1000\n\ndata: {self.version}\n\n"
            while not self._stopping.is_set():
                try:
                    version = await asyncio.wait_for(queue.get(), KEEP_ALIVE_SECONDS)
                except asyncio.TimeoutError:
                    yield ": still here\n\n"
                    continue
                if version == STOP:
                    return
                yield f"data: {version}\n\n"
        finally:
            self._listeners.discard(queue)


# --- what each change did, and who made it (GET /api/heard) ----------------------------------------------------


BY, PAGE_ID, FORM = "x-gangci-by", "x-gangci-page", "x-gangci-form"  # the headers the page sends with a write
MOST_NAME = 24  # a phone's name, as told to the others
KEPT = 64  # changes told, notes of who wrote a version, forms that saved a hand: the last this many


def _header(request: Request, name: str, most: int) -> str:
    """A header of the page's, percent-decoded, without control characters, at most ``most`` characters."""
    text = unquote(request.headers.get(name, ""), errors="replace")
    return "".join(c for c in text if unicodedata.category(c)[0] != "C").strip()[:most]


def phone_of(request: Request) -> tuple[str, str]:
    """The phone's name (``""``: it gave none) and the page's id, as the request gives them."""
    return _header(request, BY, MOST_NAME), _header(request, PAGE_ID, 64)


def form_of(request: Request) -> str:
    return _header(request, FORM, 64)


@dataclass(frozen=True)
class Change:
    """One thing a change of the ledger did: a hand ``added``, ``removed`` or ``edited`` (with the hands after it
    whose amounts followed), the ``table`` of the next hand changed, a payment ``paid`` or ``unpaid``."""

    kind: str
    number: int = 0
    old: SettledSessionHand | None = None
    new: SettledSessionHand | None = None
    later: tuple[int, ...] = ()
    payment: Transfer[str] | None = None


def _written(h: SettledSessionHand) -> Any:
    """A hand as its entry in the ledger gives it (a later hand whose dealer or 米 followed an edit is not itself
    edited)."""
    return h.hand.raw


def _table(settled: SettledSession) -> dict[str, Any]:
    from gangci_calc.io.export.export import next_object

    found = next_object(settled.session)
    return {key: found.get(key) for key in ("players", "stakes", "policy", "rules", "fee")}


def _taken_out(these: tuple[Transfer[str], ...], those: tuple[Transfer[str], ...]) -> list[Transfer[str]]:
    """The payments of ``these`` that ``those`` does not hold (each counted as often as it is recorded)."""
    rest = list(those)
    out = []
    for payment in these:
        if payment in rest:
            rest.remove(payment)
        else:
            out.append(payment)
    return out


def changes_between(before: SettledSession, after: SettledSession) -> tuple[Change, ...]:
    """What turned the evening ``before`` into ``after``, hand by hand, then the table, then the payments."""
    found: list[Change] = []
    old, new = before.hands, after.hands
    edited: Change | None = None
    for one, other in zip(old, new, strict=False):
        if _written(one) != _written(other):
            edited = Change("edited", other.hand.number, one, other)
            found.append(edited)
        elif one.settlement.net != other.settlement.net and edited is not None:  # followed the edit
            later = (*edited.later, other.hand.number)
            found[-1] = edited = Change("edited", edited.number, edited.old, edited.new, later)
    found += [Change("removed", h.hand.number, old=h) for h in reversed(old[len(new) :])]
    found += [Change("added", h.hand.number, new=h) for h in new[len(old) :]]
    if len(old) == len(new) and _table(before) != _table(after):
        found.append(Change("table"))
    found += [Change("unpaid", payment=p) for p in _taken_out(before.session.paid, after.session.paid)]
    found += [Change("paid", payment=p) for p in _taken_out(after.session.paid, before.session.paid)]
    return tuple(found)


def _person(seat: Seat, names: dict[Seat, str], lang: str) -> str:
    return names.get(seat) or seat_name(seat, lang)


def _amounts(h: SettledSessionHand, lang: str) -> str:
    """What the hand paid each seat: ``老王 +300，小李 −100 …``."""
    names = h.hand.loaded.names
    said = [
        f"{_person(s, names, lang)} {amount_text(h.settlement.net[s], signed=True)}" for s in h.hand.loaded.hand.seats
    ]
    return ("，" if lang == "zh" else ", ").join(said)


def _moved(old: SettledSessionHand, new: SettledSessionHand, lang: str) -> str:
    """Each seat whose amount the edit changed: ``老王 +100 → +300``."""
    names = new.hand.loaded.names
    said = [
        f"{_person(s, names, lang)} {amount_text(old.settlement.net[s], signed=True)} → "
        f"{amount_text(new.settlement.net[s], signed=True)}"
        for s in new.hand.loaded.hand.seats
        if old.settlement.net[s] != new.settlement.net[s]
    ]
    return ("，" if lang == "zh" else ", ").join(said)


def said(change: Change, who: str, lang: str) -> str:
    """One change in words, with who made it."""
    words = {key: PAGE[key].text(lang) for key in PAGE if key.startswith("heard_")}
    if change.kind == "added" and change.new is not None:
        return words["heard_saved"].format(who=who, n=change.number, amounts=_amounts(change.new, lang))
    if change.kind == "removed" and change.old is not None:
        return words["heard_undone"].format(who=who, n=change.number, amounts=_amounts(change.old, lang))
    if change.kind == "edited" and change.old is not None and change.new is not None:
        moved = _moved(change.old, change.new, lang)
        text = (
            words["heard_edited"].format(who=who, n=change.number, amounts=moved)
            if moved
            else words["heard_edited_same"].format(who=who, n=change.number)
        )
        if change.later:
            text += " · " + PAGE["changed_later"].text(lang).format(list=", ".join(map(str, change.later)))
        return text
    if change.kind in ("paid", "unpaid") and change.payment is not None:
        p = change.payment
        payment = f"{p.payer} → {p.payee} {amount_text(p.amount)}"
        return words[f"heard_{change.kind}"].format(who=who, payment=payment)
    return words["heard_table"].format(who=who)


class Heard:
    """The changes told since each version, and who wrote each version a page wrote; shared by every request."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._last: LedgerVersion | None = None
        self._told: deque[tuple[int, int, tuple[Change, ...]]] = deque(maxlen=KEPT)
        self._by: OrderedDict[int, tuple[str, str]] = OrderedDict()
        self._forms: OrderedDict[str, int] = OrderedDict()

    def seen(self, evening: LedgerVersion) -> None:
        """The ledger is at ``evening`` now: what changed since the evening seen before it, told from now on."""
        with self._lock:
            last, self._last = self._last, evening
            if last is None or last.version == evening.version:
                return
            found: tuple[Change, ...] = ()
            if last.settled is not None and evening.settled is not None:
                found = changes_between(last.settled, evening.settled)
            self._told.append((last.version, evening.version, found))

    def wrote(self, version: int, request: Request, form: int | None = None) -> None:
        """A page's request wrote ``version`` (under the ledger's lock, so no other writer came between);
        ``form``: the hand its form saved."""
        with self._lock:
            self._by[version] = phone_of(request)
            self._by.move_to_end(version)
            while len(self._by) > KEPT:
                self._by.popitem(last=False)
            key = form_of(request)
            if form is not None and key:
                self._forms[key] = form
                self._forms.move_to_end(key)
                while len(self._forms) > KEPT:
                    self._forms.popitem(last=False)

    def saved_by(self, request: Request) -> int | None:
        """The hand the request's form saved before (a save sent again, its first answer lost), if any."""
        with self._lock:
            return self._forms.get(form_of(request))

    def since(self, version: int, lang: str, page: str) -> list[dict[str, Any]]:
        """What was told after ``version`` (a page showing it asks), each with who and whether it was this page's
        own change; nothing where the page's version is not one a change was told from (it is up to date, or
        older than the changes kept)."""
        with self._lock:
            told = list(self._told)
            by = dict(self._by)
        start = next((i for i in range(len(told) - 1, -1, -1) if told[i][0] == version), None)
        if start is None:
            return []
        out: list[dict[str, Any]] = []
        at = version
        for before, after, changes in told[start:]:
            if before != at:
                break
            at = after
            name, writer = by.get(after, ("", ""))
            who = (name or PAGE["by_phone"].text(lang)) if after in by else PAGE["by_terminal"].text(lang)
            mine = bool(page) and writer == page
            out += [{"line": said(change, who, lang), "mine": mine} for change in changes]
        return out
