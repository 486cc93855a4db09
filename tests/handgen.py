"""Random valid hands (a fixed seed), for tests and benchmarks: what a club's recorder exports.

Tables mostly play 方案1 or 方案2; about half play with add-ons, and then most
players bet nothing on a given hand; most hands have no kong or one.
"""

from __future__ import annotations

import random
from typing import Any

SEATS = "ESWN"
WINS = (
    ["bomb"] * 40 + ["draw"] * 15 + ["anci"] * 12 + ["zhici"] * 14 + ["xuci"] * 10 + ["tianci"] * 5 + ["heavenly"] * 4
)
KONG_COUNTS = [0] * 55 + [1] * 30 + [2] * 12 + [3] * 3


def random_hand(rng: random.Random) -> dict[str, Any]:
    dealer = rng.choice(SEATS)
    policy = rng.random() < 0.5
    hand: dict[str, Any] = {"stakes": rng.choice([1, 1, 1, 2, 2, {"gang": 500}]), "policy": policy, "dealer": dealer}
    if policy:
        bets = {}
        for seat in SEATS:
            if rng.random() < 0.35:
                counts = {
                    "piao": rng.choice([0, 0, 1, 1, 2, 3]),
                    "di": 0 if seat == dealer else rng.choice([0, 0, 0, 1, 2, 3]),
                    "gang": rng.choice([0, 0, 0, 1, 2, 3]),
                }
                counts = {k: v for k, v in counts.items() if v}
                if counts:
                    bets[seat] = counts
        if bets:
            hand["bets"] = bets
    win = rng.choice(WINS)
    if win == "draw":
        hand["win"] = {"type": "draw"}
    else:
        winner = dealer if win == "heavenly" else rng.choice(SEATS)
        hand["win"] = {"type": win, "winner": winner}
        if win in ("zhici", "xuci"):
            hand["win"]["from"] = rng.choice([s for s in SEATS if s != winner])
    kongs = []
    for _ in range(rng.choice(KONG_COUNTS)):
        by = rng.choice(SEATS)
        kind = rng.choice(["concealed", "exposed", "added"])
        kong = {"by": by, "type": kind}
        if kind != "concealed":
            kong["from"] = rng.choice([s for s in SEATS if s != by])
        kongs.append(kong)
    if kongs:
        hand["kongs"] = kongs
    return hand


def hands(n: int, seed: int = 20261129) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(n)]


def distinct_hands(n: int, seed: int = 20261129) -> list[dict[str, Any]]:
    """``n`` hands no two of which are alike (a recorded export repeats little): nothing to remember."""
    import json

    rng = random.Random(seed)
    seen: set[str] = set()
    out: list[dict[str, Any]] = []
    while len(out) < n:
        hand = random_hand(rng)
        key = json.dumps(hand, sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(hand)
    return out


# --- a warehouse's export: what a platform's table holds, as DuckDB writes it ---------------------------------

WAREHOUSE_RULES = ({"dealer_double": "wins"}, {"zhici_split": "even"}, {"concealed_kong": 2})  # 规矩, now and then


def warehouse_hand(rng: random.Random, number: int, pool: int = 3000) -> dict[str, Any]:
    """One row of a platform's hands table: every column present, ``None`` where the hand has no value (as a
    warehouse keeps a column for every key), player ids from a pool, an id, a date, mixed stakes, and house
    rules on about one hand in six. ``None`` is what DuckDB exports as ``null``."""
    hand = random_hand(rng)
    seats = rng.sample(range(pool), 4)
    bets = hand.get("bets") or {}
    win = hand["win"]
    kongs = hand.get("kongs")
    stakes = hand["stakes"] if rng.random() < 0.8 else {"gang": rng.choice([200, 500, 1000]), "bomb": None}
    return {
        "id": f"h-{number:08d}",
        "stakes": stakes,
        "policy": hand["policy"] if bets or rng.random() < 0.8 else None,  # null: off
        "dealer": hand["dealer"],
        "players": {seat: f"p{who:05d}" for seat, who in zip(SEATS, seats, strict=True)},
        "bets": {seat: {k: bets.get(seat, {}).get(k) for k in ("piao", "di", "gang")} for seat in SEATS}
        if bets
        else None,
        "win": {"type": win["type"], "winner": win.get("winner"), "from": win.get("from"), "bao": None},
        "kongs": [{"by": k["by"], "type": k["type"], "from": k.get("from")} for k in kongs] if kongs else None,
        "rules": rng.choice(WAREHOUSE_RULES) if rng.random() < 1 / 6 else None,
        "meta": {"played_on": f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}", "table": rng.randint(1, 40)},
    }


def warehouse_hands(n: int, seed: int = 20261202, *, rules: bool = True) -> list[dict[str, Any]]:
    """``n`` warehouse rows (:func:`warehouse_hand`); ``rules=False``: the plain shape, no house rules on any."""
    rng = random.Random(seed)
    made = [warehouse_hand(rng, number) for number in range(1, n + 1)]
    if not rules:
        for row in made:
            row["rules"] = None
    return made


# the table's types, as a platform declares them: stakes and rules JSON (a number or a mapping), the rest typed
WAREHOUSE_COLUMNS = {
    "id": "VARCHAR",
    "stakes": "JSON",
    "policy": "BOOLEAN",
    "dealer": "VARCHAR",
    "players": "STRUCT(E VARCHAR, S VARCHAR, W VARCHAR, N VARCHAR)",
    "bets": "STRUCT(" + ", ".join(f"{s} STRUCT(piao INTEGER, di INTEGER, gang INTEGER)" for s in SEATS) + ")",
    "win": 'STRUCT("type" VARCHAR, winner VARCHAR, "from" VARCHAR, bao BOOLEAN)',
    "kongs": 'STRUCT("by" VARCHAR, "type" VARCHAR, "from" VARCHAR)[]',
    "rules": "JSON",
    "meta": 'STRUCT(played_on DATE, "table" INTEGER)',
}


def duckdb_export(
    rows: list[dict[str, Any]], folder: Any, name: str = "warehouse", columns: dict[str, str] | None = None
) -> tuple[Any, Any]:
    """The rows as a DuckDB table of :data:`WAREHOUSE_COLUMNS`, exported by DuckDB itself: ``COPY ... (FORMAT
    json)`` (every absent value a ``null``) and ``COPY ... (FORMAT parquet)`` (``stakes`` a JSON column). Returns
    the paths of the JSON Lines and the Parquet file."""
    import json
    from pathlib import Path

    import duckdb

    folder = Path(folder)
    raw = folder / f"{name}.raw.jsonl"
    with raw.open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row) + "\n")
    jsonl, parquet = folder / f"{name}.jsonl", folder / f"{name}.parquet"
    typed = WAREHOUSE_COLUMNS if columns is None else columns
    declared = "{" + ", ".join(f"'{key}': '{kind}'" for key, kind in typed.items()) + "}"
    con = duckdb.connect()
    try:
        con.execute("SET TimeZone = 'UTC'")  # a TIMESTAMPTZ's JSON text in UTC, as Parquet holds it (docs/platforms.md)
        read = f"read_json('{raw}', format='newline_delimited', columns={declared})"
        con.execute(f"CREATE TABLE hands AS SELECT * FROM {read}")
        con.execute(f"COPY hands TO '{jsonl}' (FORMAT json)")
        con.execute(f"COPY hands TO '{parquet}' (FORMAT parquet)")
    finally:
        con.close()
    raw.unlink()
    return jsonl, parquet


def null_free(value: Any) -> Any:
    """A warehouse row without its nulls, as the loader reads it (a null is absent), written out independently."""
    if isinstance(value, dict):
        return {key: null_free(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [null_free(item) for item in value]
    return value


# --- a platform's month: rooms choosing their rules, hands with every field a server keeps ----------------------

PLATFORM_PRESETS: tuple[dict[str, Any], ...] = (
    {},
    {"dealer_double": "wins"},
    {"zhici_split": "even"},
    {"concealed_kong": 2},
    {"pao": {"unit": 100}},
    {"honor_ci_double": True},
    {"baoci": True},
    {"three_players": True},
    {"xiami": 50},
)  # nine presets; a room in three chooses its own


def platform_rules(rng: random.Random) -> dict[str, Any]:
    """A room's rules: a preset, or one of its own (options mixed, amounts of its own: thousands of distinct sets)."""
    if rng.random() < 0.7:
        return dict(rng.choice(PLATFORM_PRESETS))
    rules: dict[str, Any] = {}
    if rng.random() < 0.3:
        rules["dealer_double"] = rng.choice(["wins", "all"])
    if rng.random() < 0.3:
        rules["zhici_split"] = "even"
    if rng.random() < 0.3:
        rules["concealed_kong"] = rng.choice([2] * 9 + [3])  # 3: a planted mistake (暗杠倍数 is 1 or 2)
    if rng.random() < 0.3:
        rules["pao"] = {"unit": rng.randrange(0, 2000, 10), "kong": rng.random() < 0.5}
    if rng.random() < 0.3:
        rules["honor_ci_double"] = True
    if rng.random() < 0.3:
        rules["baoci"] = True
        rules["bao_mark"] = rng.randint(4, 16)
    if rng.random() < 0.2:
        rules["xiami"] = rng.randrange(10, 500, 10)
    if rng.random() < 0.1:
        rules["three_players"] = True
    if rng.random() < 0.2:
        rules["draw_kongs"] = "paid"
    return rules


def platform_hand(
    rng: random.Random, number: int, rules: dict[str, Any], ids: str = "pool", pool: int = 100_000
) -> dict[str, Any]:
    """One hand of a room at ``rules`` as a server's table keeps it: every field present (``None`` where absent,
    跑 0 where none), the ci tile and the tiles left on every hand; player ids from a Zipf-like pool, or
    (``ids="never"``) anonymised per hand."""
    three = bool(rules.get("three_players"))
    seats = SEATS[:3] if three else SEATS
    while True:
        hand = random_hand(rng)
        named = [hand["dealer"], hand["win"].get("winner"), hand["win"].get("from")]
        named += [s for k in hand.get("kongs", ()) for s in (k["by"], k.get("from"))]
        named += list(hand.get("bets", {}))
        if not three or "N" not in named:
            break
    pao = "pao" in rules
    given = hand.get("bets") or {}
    bets = {
        seat: {
            "piao": given.get(seat, {}).get("piao", 0),
            "di": given.get(seat, {}).get("di", 0),
            "gang": given.get(seat, {}).get("gang", 0),
            "pao": rng.choice([0, 0, 1, 2, 3]) if pao else 0,
        }
        if seat in seats
        else None  # nobody sits at N at a table of three: the server's row holds no bets there
        for seat in SEATS
    }
    if not hand["policy"] and not pao:
        bets = None  # type: ignore[assignment]
    if ids == "never":
        players = {seat: f"u{number:08d}{seat}" for seat in seats}
    else:
        players = {seat: f"p{min(int(rng.paretovariate(1.1)), pool):06d}{seat}" for seat in seats}
    win = hand["win"]
    honours = rules.get("honours", True)
    ci = rng.randrange(34 if honours else 27)
    mi = {seat: rng.choice([0, 0, 0, 1, 2]) if rules.get("xiami") and seat in seats else 0 for seat in SEATS}
    return {
        "id": f"h-{number:09d}" if ids != "never" else number * 7919 % 10**12,
        "stakes": hand["stakes"],
        "policy": hand["policy"],
        "dealer": hand["dealer"],
        "players": {seat: players.get(seat) for seat in SEATS},
        "bets": bets,
        "win": {"type": win["type"], "winner": win.get("winner"), "from": win.get("from"), "bao": None},
        "kongs": [{"by": k["by"], "type": k["type"], "from": k.get("from")} for k in hand.get("kongs", ())] or None,
        "rules": rules or None,
        "ci": f"{ci % 9 + 1}{'mpsz'[ci // 9]}",
        "tiles_left": rng.randint(0, 40),
        "mi": mi if rules.get("xiami") else None,
        "meta": {"played_on": f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}", "room": number // 12},
    }


def platform_hands(n: int, seed: int = 20261204, ids: str = "pool") -> list[dict[str, Any]]:
    """``n`` hands in rooms of 8–16, each room at its rules (:func:`platform_rules`)."""
    rng = random.Random(seed)
    made: list[dict[str, Any]] = []
    while len(made) < n:
        rules = platform_rules(rng)
        for _ in range(min(rng.randint(8, 16), n - len(made))):
            made.append(platform_hand(rng, len(made) + 1, rules, ids))
    return made


PLATFORM_COLUMNS = {
    **{k: v for k, v in WAREHOUSE_COLUMNS.items() if k not in ("bets", "meta", "rules")},
    "bets": "STRUCT("
    + ", ".join(f"{s} STRUCT(piao INTEGER, di INTEGER, gang INTEGER, pao INTEGER)" for s in SEATS)
    + ")",
    "rules": "JSON",
    "ci": "VARCHAR",
    "tiles_left": "INTEGER",
    "mi": "STRUCT(" + ", ".join(f"{s} INTEGER" for s in SEATS) + ")",
    "meta": "STRUCT(played_on DATE, room INTEGER)",
}
