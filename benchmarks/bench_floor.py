"""How fast can a JSON Lines scorer in CPython be? Two floors beside ``gangci batch`` and the bare parse, whole
processes taking turns, best of R rounds:

    python benchmarks/bench_floor.py [N] [--rounds R]

- ``echo``: the fast path's own typed decode (msgspec) of each line, its colons counted, and a line written with
  the record's id, names and meta: no settlement at all;
- ``flat``: that, and the settlement from the fast path's plans (``gangci_calc/fastpath/fast.py``: the core's forms,
  read, not copied) in one straight function, with its checks left out (no key twice, names the loader keeps,
  抵 on the dealer, a refused plan, odd halves ...). It is no scorer: it is the most that rewriting
  the per-record Python could win, an upper bound on the speed of any pure-Python fast path.

Inputs (fixed seeds, as ``benchmarks/bench_platform.py`` makes them): a warehouse's table of N hands exported
by DuckDB to JSON Lines, and canonical records with four player ids each. The goals of the warehouse issue are
the ratios to the bare ``json.loads`` per line: 0.6× and 0.5×.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _echo(name: str) -> None:
    import gc

    gc.disable()  # as gangci batch runs
    from gangci_calc.fastpath.fast import FastPath

    decode, write = FastPath().decoder.decode, sys.stdout.write
    parts: list[str] = []
    text = Path(name).read_text(encoding="utf-8")
    for number, row in enumerate(text.split("\n"), 1):
        if not row:
            continue
        record, colons = decode(row), row.count(":")
        p, meta = record.players, record.meta
        parts.append(
            f'{{"id": "{record.id}", "net": {{"E": {colons}, "S": 0, "W": 0, "N": 0}}, "outcome": '
            f'"{record.win.type}", "players": {{"E": "{p.E}", "S": "{p.S}", "W": "{p.W}", "N": "{p.N}"}}, '
            f'"meta": {bytes(meta).decode() if meta else "null"}, "source": "{name}:{number}"}}\n'
        )
        if len(parts) >= 4096:
            write("".join(parts))
            parts = []
    write("".join(parts))


def _flat(name: str) -> None:
    import gc

    gc.disable()
    from msgspec import UNSET

    from gangci_calc.fastpath.fast import _COUNT_AT, FastPath
    from gangci_calc.fastpath.houses import raw_house
    from gangci_calc.fastpath.said import KEPT, kept_text

    fast = FastPath()
    decode, plans, stakes, kongs_of = fast.decoder.decode, fast.plans, fast.stakes, fast.kongs
    metas: dict[bytes, tuple[str, int]] = {}
    frames: dict[Any, str] = {}

    def name_text(who: str) -> str:
        return KEPT.get(who) or kept_text(who) or ""

    def settle(r: Any, colons: int) -> str:
        policy, dealer = r.policy is True, r.dealer
        house, keys = raw_house(bytes(r.rules), fast.digits) if r.rules is not UNSET else (0, 0)
        plan = plans.get((house, policy, dealer, r.win)) or fast.plan_for(policy, dealer, r.win, house)
        known = stakes.get(r.stakes) or fast.stakes_for(r.stakes)
        form = plan.forms.get(known.ratio) or plan.form(known.ratio, known.bases)
        e, s, w, n = form.const
        keys += plan.keys + known.keys + 8
        counted = []
        if r.bets:
            deltas = form.deltas
            for letter, counts in r.bets.items():
                _, piao_at, di_at, gang_at = _COUNT_AT[letter]
                keys += 1
                if counts is None:
                    continue
                keys += 3
                piao, di, gang = counts.piao, counts.di, counts.gang
                if piao:
                    counted.append((piao_at, piao))
                    if (d := deltas[piao_at]) is not None:
                        e, s, w, n = e + piao * d[0], s + piao * d[1], w + piao * d[2], n + piao * d[3]
                if di:
                    counted.append((di_at, di))
                    if (d := deltas[di_at]) is not None:
                        e, s, w, n = e + di * d[0], s + di * d[1], w + di * d[2], n + di * d[3]
                if gang:
                    counted.append((gang_at, gang))
                    if (d := deltas[gang_at]) is not None:
                        e, s, w, n = e + gang * d[0], s + gang * d[1], w + gang * d[2], n + gang * d[3]
        if r.kongs and not plan.draw:
            for kong in r.kongs:
                made = kongs_of.get((house, policy, dealer, kong)) or fast.kong_for(policy, dealer, kong, house)
                keys += made.keys
                kform = made.forms.get(known.ratio) or made.form(known.ratio, known.bases)
                ke, ks, kw, kn = kform.const
                e, s, w, n = e + ke, s + ks, w + kw, n + kn
                for at, count in counted:
                    if (d := kform.deltas[at]) is not None:
                        e, s, w, n = e + count * d[0], s + count * d[1], w + count * d[2], n + count * d[3]
        p = r.players
        meta = ""
        if r.meta is not UNSET:
            raw = bytes(r.meta)
            found = metas.get(raw)
            if found is None:
                found = metas[raw] = (raw.decode(), raw.count(b":"))
            meta = f', "meta": {found[0]}'
            keys += found[1]
        frame = frames.get(plan)
        if frame is None:
            how = plan.how
            frame = frames[plan] = (
                f'"outcome": "{how.outcome}", "winner": "{how.winner}", "from": "{how.source}", '
                f'"dealer": "{how.dealer}", "rules": {how.rules}'
            )
        k = known.scale  # the keys counted (as the fast path counts them) are written, not compared
        head = f'{{"id": "{r.id}", ' if r.id is not UNSET else "{"
        return (
            f'{head}"net": {{"E": {e * k >> 1}, "S": {s * k >> 1}, "W": {w * k >> 1}, "N": {n * k >> 1}}}, {frame}, '
            f'"players": {{"E": {name_text(p.E)}, "S": {name_text(p.S)}, "W": {name_text(p.W)}, '
            f'"N": {name_text(p.N)}}}{meta}, "source": "{name}:{colons - keys}"}}\n'
        )

    write = sys.stdout.write
    parts: list[str] = []
    for row in Path(name).read_text(encoding="utf-8").split("\n"):
        if row:
            parts.append(settle(decode(row), row.count(":")))
        if len(parts) >= 4096:
            write("".join(parts))
            parts = []
    write("".join(parts))


def main() -> None:
    from benchmarks.bench_platform import OURS, PY, race, warehouse_inputs, with_players, write_inputs

    args = sys.argv[1:]
    rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 3
    n = next((int(a) for a in args if a.isdigit() and a != str(rounds)), 200_000)
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        duckdb, _ = warehouse_inputs(here, n)
        plain, _ = write_inputs(here, n)
        ids = with_players(plain, here / "ids.jsonl")
        for label, path in (("DuckDB JSON Lines export", duckdb), ("canonical, four player ids", ids)):
            commands: dict[str, Any] = {
                "bare": [PY, "-c", "import json, sys; [json.loads(l) for l in open(sys.argv[1])]", str(path)],
                "echo": ([PY, __file__, "--echo", str(path)], OURS),
                "flat": ([PY, __file__, "--flat", str(path)], OURS),
                "gangci": ([PY, "-m", "gangci_calc", "batch", str(path)], OURS),
            }
            best = race(rounds, commands)
            print(f"{label}, {n} hands, best of {rounds}:")
            for name, seconds in best.items():
                print(f"  {name:7} {seconds:6.2f} s = {seconds / best['bare']:.2f}× bare")


if __name__ == "__main__":
    if "--echo" in sys.argv:
        _echo(sys.argv[sys.argv.index("--echo") + 1])
    elif "--flat" in sys.argv:
        _flat(sys.argv[sys.argv.index("--flat") + 1])
    else:
        main()
