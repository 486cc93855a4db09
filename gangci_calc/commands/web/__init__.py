"""``gangci serve``: the table's page on the LAN (the ``[web]`` extra: Starlette, uvicorn, Jinja2, segno).

Nothing here is imported by any other command: ``gangci score`` starts without the web stack.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING

from gangci_calc.core.errors import GangciError, InputError, OutputError
from gangci_calc.core.rules import SEED_RULES, HouseRules
from gangci_calc.words import messages as m
from gangci_calc.words import say as said

if TYPE_CHECKING:
    from gangci_calc.commands.web.serve import CannotBind

NEEDED = ("starlette", "uvicorn", "jinja2", "segno")


@dataclass(frozen=True)
class Serving:
    """What ``gangci serve`` is asked: where to listen (``--lan``, ``--host``, ``--port``), the page's token, a QR
    code or not, the table's house rules, the club's folder for the 赛季 view, and
    whether to make a fresh token (``--new-token``)."""

    lan: bool
    host: str | None
    port: int | None
    token: str | None
    qr: bool
    base: HouseRules = SEED_RULES
    club: str | None = None
    fresh_token: bool = False  # --new-token: not the one kept beside the ledger


def serve_ledger(ledger: str, serving: Serving, say: Callable[[str], None]) -> None:
    """Check the extra is there, the club's folder is one, and the port can be had; then serve until Ctrl-C."""
    missing = [name for name in NEEDED if find_spec(name) is None]
    if missing:
        raise InputError("gangci serve", said(m.NEEDS_WEB, missing=", ".join(missing)))
    if serving.club is not None and not Path(serving.club).is_dir():
        raise InputError(serving.club, said(m.NOT_A_FOLDER))
    from gangci_calc.commands.web.serve import CannotBind, serve
    from gangci_calc.commands.web.token import check_token

    check_token(serving.token)  # before any port is taken or file written

    try:
        if Path(ledger).is_dir():  # a club's folder: every evening in it at one address (the lobby)
            from gangci_calc.commands.web.club.lobby import serve_club

            serve_club(ledger, serving, say)
            return
        serve(ledger, serving, say)
    except CannotBind as cannot:  # only the listening: a stdout that fails is the CLI's 74 or 141
        raise _not_bound(cannot, serving.host) from None


def _not_bound(cannot: CannotBind, host: str | None) -> GangciError:
    """The port taken (another server: an output that cannot be written), or an address that is not this
    machine's (the input is wrong)."""
    import errno

    reason = cannot.error.strerror or str(cannot.error)
    if cannot.error.errno == errno.EADDRINUSE:
        return OutputError(cannot.address, said(m.PORT_TAKEN, port=cannot.port or 8000, reason=reason))
    return InputError(f"--host {host or cannot.address}", said(m.CANNOT_BIND, address=cannot.address, reason=reason))
