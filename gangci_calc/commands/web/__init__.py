"""``gangci serve``: the table's page on the LAN (the ``[web]`` extra: Starlette, uvicorn, Jinja2, segno).

Nothing here is imported by any other command: ``gangci score`` starts without the web stack.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.util import find_spec
from pathlib import Path

from gangci_calc.core.errors import InputError, OutputError
from gangci_calc.core.rules import SEED_RULES, HouseRules
from gangci_calc.words import messages as m
from gangci_calc.words import say as said

NEEDED = ("starlette", "uvicorn", "jinja2", "segno")


def serve_ledger(
    ledger: str,
    *,
    lan: bool,
    host: str | None,
    port: int | None,
    token: str | None,
    qr: bool,
    say: Callable[[str], None],
    base: HouseRules = SEED_RULES,
    club: str | None = None,
    fresh_token: bool = False,
) -> None:
    """Check the extra is there, the club's folder is one, and the port can be had; then serve until Ctrl-C."""
    missing = [name for name in NEEDED if find_spec(name) is None]
    if missing:
        raise InputError("gangci serve", said(m.NEEDS_WEB, missing=", ".join(missing)))
    if club is not None and not Path(club).is_dir():
        raise InputError(club, said(m.NOT_A_FOLDER))
    import errno

    from gangci_calc.commands.web.serve import CannotBind, serve

    try:
        serve(
            ledger, lan=lan, host=host, port=port, token=token, qr=qr, say=say, base=base, club=club,
            fresh_token=fresh_token,
        )  # fmt: skip
    except CannotBind as cannot:  # only the listening: a stdout that fails is the CLI's 74 or 141
        reason = cannot.error.strerror or str(cannot.error)
        if cannot.error.errno == errno.EADDRINUSE:
            raise OutputError(cannot.address, said(m.PORT_TAKEN, port=cannot.port or 8000, reason=reason)) from None
        raise InputError(
            f"--host {host or cannot.address}", said(m.CANNOT_BIND, address=cannot.address, reason=reason)
        ) from None
