"""One hand file -> its rendered result (the work behind ``gangci score``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gangci_calc.errors import ClaimRejected
from gangci_calc.io.load import LoadedHand, load_hand
from gangci_calc.rules import SEED_RULES, Hand, HouseRules, Settlement, settle

if TYPE_CHECKING:
    from gangci_calc.tiles.claims import TileClaim, Verdict


def check_tiles(loaded: LoadedHand) -> None:
    """Refuse a claim that the hand's ``tiles:`` do not support."""
    if loaded.tiles is None:
        return
    problem = claim_verdict_line(loaded.hand, loaded.tiles)
    if problem:
        raise ClaimRejected(f"{loaded.source}: {problem}")


def claim_verdict_line(hand: Hand, tiles: TileClaim) -> str | None:
    """Why the tiles do not support the hand's claim, in one line; ``None`` when they do."""
    from gangci_calc.tiles.claims import check_claim

    outcome = hand.outcome
    verdict = check_claim(outcome.win, tiles, dealer_wins=outcome.winner is hand.dealer, house=hand.house)
    return None if verdict.holds else verdict_line(verdict)


def verdict_line(verdict: Verdict) -> str:
    """``直呲 is not supported: ...; these tiles make 暗呲`` in one line."""
    text = f"the claimed {verdict.win.zh} ({verdict.win.value}) does not hold: {verdict.reason}"
    if verdict.alternatives:
        text += "; these tiles make " + " or ".join(f"{w.zh} ({w.value})" for w in verdict.alternatives)
    return text


def render(loaded: LoadedHand, settlement: Settlement, fmt: str, lang: str, *, explain: bool) -> str:
    """The whole output as one string, so nothing is half-written on error."""
    if fmt in ("json", "csv"):
        from gangci_calc.io import export

        if fmt == "csv":
            return export.settlement_csv(loaded.hand, settlement, loaded.names)
        import json

        return json.dumps(export.settlement_object(loaded.hand, settlement, loaded.names), ensure_ascii=False)
    from gangci_calc.io.console import capture
    from gangci_calc.io.render import house_line, payout_table

    renderables: list[object] = [payout_table(loaded.hand, settlement, lang, loaded.names)]
    house = house_line(loaded.hand.house, lang)
    if house:  # a table's own rules are never silent
        renderables.append(house)
    if explain:
        from gangci_calc.io.explain import explain_lines

        lines = explain_lines(settlement, lang, loaded.names)
        if not lines:  # only a drawn hand pays nothing
            kongs = bool(loaded.hand.kongs)
            if lang == "zh":
                lines = ["流局：无人付钱" + ("，杠作废" if kongs else "")]
            else:
                lines = ["draw: nobody pays" + (", kongs are void" if kongs else "")]
        renderables.append("\n".join(lines))
    return capture(*renderables)


def score_file(
    path: str, fmt: str, lang: str, *, explain: bool = False, check: bool = True, base: HouseRules = SEED_RULES
) -> str:
    loaded = load_hand(path, base)
    if check:
        check_tiles(loaded)
    return render(loaded, settle(loaded.hand), fmt, lang, explain=explain)


def session_output(path: str, fmt: str, lang: str, base: HouseRules = SEED_RULES) -> str:
    """Load, settle and render a whole session file."""
    from gangci_calc.io.load_session import load_session
    from gangci_calc.io.render_session import session_csv, session_json, session_view
    from gangci_calc.session import settle_session

    session = load_session(path, base)
    false_claims = [
        f"{item.loaded.source}: hand {item.number}: {problem}"
        for item in session.hands
        if item.loaded.tiles is not None and (problem := claim_verdict_line(item.loaded.hand, item.loaded.tiles))
    ]
    if false_claims:  # a ledger is settled whole or not at all
        raise ClaimRejected("\n".join(false_claims))
    result = settle_session(session)
    if fmt == "json":
        return session_json(result)
    if fmt == "csv":
        return session_csv(result)
    from gangci_calc.io.console import capture

    return capture(*session_view(result, lang))
