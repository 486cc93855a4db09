"""An independent settlement of hand-file mappings, written straight from the spec's words.

It shares no code with gangci_calc: plain dicts in, exact Fractions out, one
branch per sentence of the rule book (docs/rules.md). The property tests compare
it with every command. It reads only canonical English keys and values.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

SEATS = "ESWN"
CI_WINS = ("anci", "tianci", "zhici", "xuci")
DEFAULTS: dict[str, Any] = {
    "zhici_split": "double",
    "baoci": False,
    "dealer_double": "none",
    "hard_ci": False,
    "honor_ci_double": False,
    "xiami": 0,
    "concealed_kong": 1,
    "draw_kongs": "void",
    "draw_dealer": "stays",
    "dianpao": False,
    "qianggang": False,
    "three_players": False,
    "pao": None,  # 带跑 off; on: {unit: U (0 or absent: 杠底 G), kong: true/false}
    "bao_mark": 10,
    "bao_kongs": True,  # kongs lower the 包次 line (the Java server); false: the line is bao_mark, fixed
    "qidui": False,
    "no_honour_ci": False,
    "honours": True,
    "pici": True,  # 皮次: a 天呲 at a table without it is refused, never settled
    "tianci_ci_only": False,  # 天呲 paid as C alone, no G for its kong (the Lua server); off: C + G, as 暗呲
}


class Refused(Exception):
    """A hand the spec does not settle at this table; ``args[0]``: the option that refuses it."""


def playing(house: dict[str, Any]) -> str:
    """The seats at the table: ESWN, or ESW at a table of three."""
    return "ESW" if house.get("three_players") else SEATS


def others(seat: str, seats: str = SEATS) -> list[str]:
    i = seats.index(seat)
    return [seats[(i + k) % len(seats)] for k in range(1, len(seats))]


def bases(stakes: Any) -> tuple[int, int, int, int]:
    """(G, B, C, P)."""
    if stakes == 1:
        return 100, 200, 600, 200
    if stakes == 2:
        return 1000, 2000, 6000, 2000
    g = stakes["gang"]
    b = stakes.get("bomb", 2 * g)
    return g, b, stakes.get("ci", 6 * g), stakes.get("dianpao", b)


def is_honour(tile: str) -> bool:
    return tile.endswith("z") or tile in ("东", "南", "西", "北", "中", "发", "白")


def settle(hand: dict[str, Any], house: dict[str, Any], mi: dict[str, int] | None = None) -> dict[str, Fraction]:
    """Net per seat of one hand under ``house`` (a full option dict); ``mi``: 米 held before it."""
    g, b, c, pt = bases(hand["stakes"])
    policy = hand.get("policy", False)
    dealer = hand["dealer"]
    bets = {s: {"piao": 0, "di": 0, "gang": 0, "pao": 0, **(hand.get("bets") or {}).get(s, {})} for s in SEATS}
    win = hand["win"]
    kind, winner, source = win["type"], win.get("winner"), win.get("from")
    ci_tile = hand.get("ci") or (hand.get("tiles") or {}).get("ci")
    if kind == "tianci" and not house["pici"]:  # 皮次 off: holding three ci tiles is no win at this table
        raise Refused("pici")
    net = dict.fromkeys(SEATS, Fraction(0))
    seats = playing(house)
    pao = house.get("pao")  # 带跑: off (None, false), on with its defaults (true, {}), or {unit, kong}
    pao = {} if pao is True else pao if isinstance(pao, dict) else None
    unit = (pao.get("unit") or g) if pao is not None else 0  # one 跑's money: the unit, else 杠底 G
    kong_pao = pao is not None and bool(pao.get("kong"))  # 杠跑: kongs carry 跑 too
    bao = bool(win.get("bao"))
    left = hand.get("tiles_left")
    if kind == "zhici" and house["baoci"] and left is not None and win.get("bao") is None:  # a given bao decides
        line = house["bao_mark"]
        if house["bao_kongs"]:  # each 暗杠 lowers the line by 2, each 明杠 / 续杠 by 1; a fixed line stays
            line -= sum(2 if k["type"] == "concealed" else 1 for k in hand.get("kongs") or [])
        bao = left <= line  # a line below 0: no count is under it, so no 包次

    def pay(payer: str, payee: str, amount: Fraction) -> None:
        net[payer] -= amount
        net[payee] += amount

    def others_here(seat: str) -> list[str]:
        return others(seat, seats)

    def p(x: str, w: str) -> int:
        """跑 on one share from x to w: p(x) + p(w), each seat's count × unit (0 without 带跑)."""
        return (bets[x]["pao"] + bets[w]["pao"]) * unit

    def win_factor(payee: str, payer: str) -> int:
        """(1 + piao[R] + piao[L] + di(R, L)), then × 2 under 庄家翻倍."""
        f = 1
        if policy:
            f += bets[payee]["piao"] + bets[payer]["piao"]
            if payee == dealer:
                f += bets[payer]["di"]
            elif payer == dealer:
                f += bets[payee]["di"]
        if house["dealer_double"] in ("wins", "all") and dealer in (payee, payer):
            f *= 2
        return f

    def kong_share(payee: str, payer: str, k: int, own_pao: bool = True, times: int = 1) -> Fraction:
        """One kong's share: k × G × (1 + gang[R] + gang[L]), plus 跑 under 杠跑 (``own_pao`` false: 天呲's own
        kong, whose one share took its 跑 on C), then × 2 under 庄家翻倍 all, and × ``times``."""
        f = 1 + (bets[payee]["gang"] + bets[payer]["gang"] if policy else 0)
        amount = Fraction(k * g * f) + (p(payer, payee) if kong_pao and own_pao else 0)
        if house["dealer_double"] == "all" and dealer in (payee, payer):
            amount *= 2
        return amount * times

    def win_share(payee: str, payer: str, base: Fraction) -> Fraction:
        """One share of the win: base × k × the add-on factor × 庄家翻倍, plus 跑, then all × 2 under 次风翻倍."""
        return (base * win_factor(payee, payer) + p(payer, payee)) * h

    if ci_tile is not None and is_honour(str(ci_tile)) and house["no_honour_ci"]:
        ci_tile = "1m"  # 不次风: an honour flipped is not the ci tile; the next suited tile in tile order is 一万
    honour = house["honor_ci_double"] and kind in CI_WINS and ci_tile is not None and is_honour(str(ci_tile))
    h = 2 if honour else 1  # the C part of a ci win's every share
    tianci = kind == "tianci"
    hg = h if tianci else 1  # the winning kong's G: doubled for 天呲 only (the servers' code)
    ck = house["concealed_kong"]

    def kong_shares(k: dict[str, Any]) -> None:
        by = k["by"]
        if k["type"] == "concealed":
            for payer in others_here(by):
                pay(payer, by, kong_share(by, payer, ck))
        else:
            pay(k["from"], by, kong_share(by, k["from"], 1))

    if kind == "draw":
        if house["draw_kongs"] == "paid":
            for k in hand.get("kongs") or []:
                kong_shares(k)
        return net

    if kind in ("bomb", "heavenly"):
        for payer in others_here(winner):
            pay(payer, winner, win_share(winner, payer, Fraction(b)))
    elif kind in ("anci", "tianci"):  # 天呲: one share of C + G, its 跑 once (on C), all × 2 under 次风翻倍
        for payer in others_here(winner):
            pay(payer, winner, win_share(winner, payer, Fraction(c)))
            if not (tianci and house["tianci_ci_only"]):  # 天呲只付呲底: C alone, no G for its kong
                pay(payer, winner, kong_share(winner, payer, ck, own_pao=not tianci, times=hg))
    elif kind == "zhici":
        even = house["zhici_split"] == "even"
        own_k, other_k = (Fraction(1), Fraction(1)) if even else (Fraction(2), Fraction(1, 2))
        pay(source, winner, win_share(winner, source, own_k * c))
        pay(source, winner, kong_share(winner, source, 1))
        for payer in others_here(winner):
            if payer != source:  # 包次: the discarder pays it, as the payer's share (his 跑 included)
                pay(source if bao else payer, winner, win_share(winner, payer, other_k * c))
    elif kind == "xuci":
        pay(source, winner, win_share(winner, source, Fraction(c)))
        pay(source, winner, kong_share(winner, source, 1))
        for payer in others_here(winner):
            if payer != source:
                pay(payer, winner, win_share(winner, payer, Fraction(c)))
    elif kind in ("dianpao", "qianggang"):
        pay(source, winner, (Fraction(pt) * win_factor(winner, source) + p(source, winner)))
    else:
        raise ValueError(kind)
    for k in hand.get("kongs") or []:
        kong_shares(k)
    held = mi if mi is not None else hand.get("mi") or {}
    if house["xiami"] and kind in CI_WINS:
        for seat, count in held.items():
            if seat != winner and count:
                pay(seat, winner, Fraction(house["xiami"] * count))
    return net


def settle_hand(hand: dict[str, Any], base: dict[str, Any] | None = None) -> dict[str, Fraction]:
    """A one-hand file; ``base`` is a --rules file's options, under the file's own rules:."""
    house = {**DEFAULTS, **(base or {}), **(hand.get("rules") or {})}
    return settle(hand, house)


def settle_session(session: dict[str, Any]) -> list[dict[str, Fraction]]:
    """Net of every hand of a session file: dealers, 米 and table changes followed hand by hand."""
    table = {
        "stakes": session["stakes"],
        "policy": session.get("policy", False),
        "house": {**DEFAULTS, **(session.get("rules") or {})},
    }
    dealer = session["dealer"]
    mi = dict.fromkeys(SEATS, 0)
    out = []
    for item in session.get("hands") or []:
        if "stakes" in item:
            table["stakes"] = item["stakes"]
        if "policy" in item:
            table["policy"] = item["policy"]
        if "rules" in item:
            merged = {**table["house"], **item["rules"]}
            if isinstance(item["rules"].get("pao"), dict):  # 带跑's own mapping: a hand's keys replace the table's
                held = table["house"].get("pao")
                merged["pao"] = {**(held if isinstance(held, dict) else {}), **item["rules"]["pao"]}
            table["house"] = merged
        house = table["house"]
        if item.get("dealer"):
            dealer = item["dealer"]
        if not house["xiami"]:
            mi = dict.fromkeys(SEATS, 0)
        hand = {**item, "stakes": table["stakes"], "policy": table["policy"], "dealer": dealer}
        out.append(settle(hand, house, mi))
        kind, winner = item["win"]["type"], item["win"].get("winner")
        if house["xiami"]:
            if kind == "draw":
                mi[dealer] += 1
            elif kind in CI_WINS:
                mi = dict.fromkeys(SEATS, 0)
        if winner is not None:
            dealer = winner
        elif house["draw_dealer"] == "next":
            dealer = others(dealer, playing(house))[0]
    return out


def people(session: dict[str, Any]) -> dict[str, Fraction]:
    """Each person's total over a session, the table fee included, and whoever collects the fee.

    The fee, as the spec words it: the winner of a hand that is not a draw
    pays ``per_win``; every seat pays ``per_hand`` on every hand; at the end
    everyone who played pays ``per_evening`` (the fee in force at the end). It
    goes to the player ``to`` names, else to a house (named ``to``, or 台费).
    """
    nets = settle_session(session)
    seating = dict(session.get("players") or {})
    fee = dict(session.get("fee") or {})
    totals: dict[str, Fraction] = {}
    taken: list[tuple[str, int]] = []
    house = {**DEFAULTS, **(session.get("rules") or {})}
    seen: set[str] = set()
    for item, net in zip(session.get("hands") or [], nets, strict=True):
        if "players" in item:
            seating = dict(item["players"])
        if "fee" in item:
            fee = {**fee, **item["fee"]}
        paid = dict.fromkeys(SEATS, 0)
        if item["win"]["type"] != "draw":
            paid[item["win"]["winner"]] += fee.get("per_win", 0)
        house = {**house, **(item.get("rules") or {})}
        for seat in playing(house):
            paid[seat] += fee.get("per_hand", 0)
            who = seating.get(seat, seat)
            seen.add(who)
            totals[who] = totals.get(who, Fraction(0)) + net[seat] - paid[seat]
        taken.append((fee.get("to", ""), sum(paid.values())))

    def collector(to: str) -> str:
        return to if to else "台费"

    for to, amount in taken:
        if amount:
            totals[collector(to)] = totals.get(collector(to), Fraction(0)) + amount
    if fee.get("per_evening"):
        payee = collector(fee.get("to", ""))
        players = [who for who in seen if who != payee]
        for who in players:
            totals[who] -= fee["per_evening"]
        totals[payee] = totals.get(payee, Fraction(0)) + fee["per_evening"] * len(players)
    return totals
