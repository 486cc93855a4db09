"""What the table's page shows of an evening, made from the same settled session as ``gangci session``.

Pure: no Starlette, no file. :func:`evening_view` feeds the page's template;
:func:`form_context` gives the page's script what its form needs (names, the next
dealer, the table's options and their words), so the script holds no rule and no word.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from gangci_calc.commands.web.club.tonight import carried_bets, money_cards
from gangci_calc.core.rules import SEATS, HouseRules, KongType, TableRules, Win
from gangci_calc.core.rules.addons import ADDONS, PAO
from gangci_calc.core.rules.options import entries
from gangci_calc.core.rules.seats import in_play
from gangci_calc.io.export.chart import PAGE, lines_svg
from gangci_calc.io.show.chat import session_text
from gangci_calc.io.show.labels import (
    amount_text,
    kong_label,
    option_value_text,
    rule_name,
    seat_label,
    seat_name,
    win_label,
    word,
)
from gangci_calc.io.show.render import table_stakes_text
from gangci_calc.io.show.render_session import (
    mi_text,
    next_lines,
    person_label,
    ranked_people,
    running_lines,
    settle_lines,
    short_outcome,
)
from gangci_calc.io.show.season import tonight_paid_data
from gangci_calc.words.page import PAGE as WORDS
from gangci_calc.words.season import SEASON

if TYPE_CHECKING:
    from gangci_calc.io.load.load_session import SessionFile, SettledSession, SettledSessionHand

HONOURS = ("1z", "2z", "3z", "4z", "5z", "6z", "7z")  # 东 南 西 北 白 发 中 as tiles: the ci tiles 次风翻倍 doubles


def page_words(lang: str) -> dict[str, str]:
    """Every word of the page in ``lang``."""
    from gangci_calc.words.club import CLUB

    return {key: message.text(lang) for key, message in {**WORDS, **CLUB}.items()}


def hand_view(h: SettledSessionHand, lang: str) -> dict[str, Any]:
    """One hand as the page shows it: its number, dealer, outcome, each seat's amount and its 米."""
    loaded = h.hand.loaded
    hand = loaded.hand
    return {
        "number": h.hand.number,
        "dealer": word("dealer_short", lang).format(seat=seat_name(hand.dealer, lang)),
        "outcome": short_outcome(hand, lang),
        "amounts": [
            (seat_label(s, lang, loaded.names), amount_text(net, signed=True), net)
            for s in hand.seats
            for net in (h.settlement.net[s],)
        ],
        "mi": mi_text(hand, lang),
    }


def evening_view(settled: SettledSession, lang: str) -> dict[str, Any]:
    """The evening as the page's template shows it: standings, settle-up, chart, chat text; the hands, each shown
    by :func:`hand_view`, are the page's to render (``last``: the newest one's number)."""
    standings = [
        (person_label(settled, who, lang), amount_text(total, signed=True), total)
        for who, total in ranked_people(settled)
    ]
    return {
        "standings": standings,
        "last": settled.hands[-1].hand.number if settled.hands else None,
        "settle": settle_lines(settled, lang),
        "paying": tonight_paid_data(settled, lang),  # what each line's 已付 / 撤回 button sends and asks
        "paid_button": SEASON["paid_button"].text(lang),
        "unpaid_button": SEASON["unpaid_button"].text(lang),
        "chart": chart(settled, lang) if settled.hands else "",
        "chat": session_text(settled, lang),
        "file": ledger_name(settled.session.source),  # what 下载账本 saves it as
        "money": money_cards(settled, lang),  # 我今晚的账: each player's own card
    }


def ledger_name(source: str) -> str:
    """The ledger's own file name, as ``GET /api/ledger`` gives it (a byte that is not UTF-8 as ``\\xNN``)."""
    from pathlib import Path

    from gangci_calc.core.errors import file_text

    return file_text(Path(source).name)


def chart(settled: SettledSession, lang: str) -> str:
    """Each person's running total after every hand, drawn."""
    steps = [str(h.hand.number) for h in settled.hands]
    return lines_svg("", steps, running_lines(settled, lang), PAGE, slanted=False)


def form_context(session: SessionFile, lang: str) -> dict[str, Any]:
    """What the page's form needs for the next hand (and for an edit): seats and names, the dealer due, the
    table's options, and the words of its choices."""
    table = session.table_now
    rules = table.rules
    house = rules.house
    seats = in_play(house.three_players)
    return {
        "lang": lang,
        "next": len(session.hands) + 1,
        "dealer": session.next_dealer().name,
        "seats": [
            {"seat": s.name, "label": seat_label(s, lang, table.names), "name": table.names.get(s, "")} for s in seats
        ],
        "seat_names": {s.name: seat_name(s, lang) for s in SEATS},
        "wins": [
            {"value": win.value, "label": win_label(win, lang), "from": win.needs_source, "ci": win.is_ci}
            for win in offered_wins(house)
        ],
        "kong_types": [{"value": k.value, "label": kong_label(k, lang), "from": k.needs_source} for k in KongType],
        "policy": rules.policy,
        "baoci": bool(house.baoci),
        "honor_ci_double": bool(house.honor_ci_double),
        "honours": [{"value": tile, "label": _tile_label(tile, lang)} for tile in HONOURS],
        "addons": [{"value": name, "label": word(name, lang)} for name in steppers(rules)],
        "carry": carried_bets(session),  # the last hand's 飘 and 跑, the next hand's to start from
        "options": options_context(house, lang),
        "fee": options_context(rules.fee, lang),
        "rules_now": rules_now(house, lang),
        "pending": " ".join(next_lines(session, lang)),  # a change saved for this hand, said in the form
        "stakes": table_stakes_text(rules, lang),
        "words": page_words(lang),
    }


def steppers(rules: TableRules) -> tuple[str, ...]:
    """The counts the form steps per seat: the add-ons with 带政策, then 跑 under 带跑 (with or without it)."""
    return (*(ADDONS if rules.policy else ()), *((PAO,) if rules.house.pao is not None else ()))


def offered_wins(house: HouseRules) -> tuple[Win, ...]:
    """The ways a hand may end at this table (点炮 and 抢杠 only where the house plays them)."""
    from gangci_calc.core.tiles.claims import allowed

    return tuple(win for win in Win if allowed(win, house))


def rules_now(house: HouseRules, lang: str) -> list[str]:
    """The options this table plays that differ from the seed's, in words (the rules panel shows them first)."""
    from gangci_calc.io.show.labels import rule_value_text

    return [
        f"{rule_name(e.key, lang)} {rule_value_text(e.key, value, lang)}".strip()
        for e in entries(HouseRules)
        if (value := getattr(house, e.key)) != e.default
    ]


def options_context(options: object, lang: str) -> list[dict[str, Any]]:
    """Every option (house rules, or the fee's) with its kind, its value at this table and its choices, for the
    rules panel; each marked ``changed`` where it differs from its default."""
    found = []
    for entry in entries(type(options)):
        value = getattr(options, entry.key)
        if entry.group is not None:  # 带跑: on or off, then its parts, sent back as pao.unit and pao.kong
            found.append({"key": entry.key, "label": _option_name(entry, lang), "kind": "flag",
                          "value": value is not None, "changed": value != entry.default})  # fmt: skip
            held = value if value is not None else entry.group()
            for part in entries(entry.group):
                label = f"{rule_name(entry.key, lang)} {part.names[0] if lang == 'zh' else part.key}"
                now = getattr(held, part.key)
                found.append(
                    {"key": f"{entry.key}.{part.key}", "label": label, "kind": part.kind, "value": now,
                     "changed": value is not None and now != part.default}
                )  # fmt: skip
            continue
        item: dict[str, Any] = {
            "key": entry.key,
            "label": _option_name(entry, lang),
            "kind": entry.kind,
            "changed": value != entry.default,
        }
        if entry.kind == "choice":
            item["value"] = value.value
            item["choices"] = [
                {"value": member.value, "label": option_value_text(entry, member, lang)} for member in type(value)
            ]
        else:
            item["value"] = value if not isinstance(value, bool) else bool(value)
        found.append(item)
    return found


def _option_name(entry: Any, lang: str) -> str:
    return str(entry.names[0]) if lang == "zh" else str(entry.key)


def _tile_label(tile: str, lang: str) -> str:
    from gangci_calc.core.tiles.notation import parse_tile, tile_name

    tile_of = parse_tile(tile)
    return tile_name(tile_of, "zh") if lang == "zh" else f"{tile_name(tile_of, 'zh')} {tile}"


def hand_data(session: SessionFile, number: int) -> dict[str, Any]:
    """Hand ``number`` as the form fills it for an edit: what the form asks, from the hand as loaded, and
    ``kept``: every other field as the ledger gives it (``tiles:``, ``id:``, a change of rules ...), sent back
    with the edit so that nothing the form does not show is lost."""
    from gangci_calc.commands.session.changes import WRITTEN_FROM_HAND
    from gangci_calc.io.export.hand_data import hand_to_data
    from gangci_calc.io.load.schema import normalize_key

    item = session.hands[number - 1]
    given = item.raw  # the hand's mapping as the loader read it
    named = any(normalize_key(str(key)) == "players" for key in given)
    data = hand_to_data(item.loaded.hand, dealer_overridden=item.dealer_overridden)
    if named:  # after the hand's own fields, as the form reads them
        data["players"] = {seat.name: name for seat, name in item.loaded.names.items()}
    kept = {str(k): v for k, v in given.items() if normalize_key(str(k)) not in WRITTEN_FROM_HAND}
    return {
        "number": number,
        "hand": data,
        "kept": json.loads(json.dumps(kept, default=_plain)),
    }


def _plain(value: object) -> str:
    """A value YAML reads that JSON has no type for (a date): its text."""
    import datetime

    return value.isoformat() if isinstance(value, datetime.date) else str(value)
