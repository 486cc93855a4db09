"""One referee whatever the input: a claim given by `check`'s options is judged as the same claim in a file.

Each claim below is written twice, as options and as a hand file (the file names its discarder itself), and
both go through `gangci check` under the same `--rules`. The two must agree: the same exit status, and the
same words (the verdict, or the error, which the options name by the option and the file by its field).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from gangci_calc.cli import app
from tests.conftest import examples

ENGLISH = CliRunner(env={"GANGCI_LANG": "en"})
SOURCED = ("zhici", "xuci", "dianpao", "qianggang")  # a file names who discarded (fed, was robbed)
OPTION_OF = {  # the field of the file -> the option that gives it
    "dealer": "--dealer",
    "win.type": "--type",
    "win.winner": "--winner",
    "tiles": "--hand",
    "tiles.hand": "--hand",
    "tiles.ci": "--ci",
    "tiles.win_tile": "--win-tile",
    "tiles.pungs": "--pungs",
    "tiles.kongs": "--kongs",
}


@dataclass(frozen=True)
class Claim:
    type: str
    hand: str
    ci: str
    win_tile: str | None = None
    winner: str = "E"
    dealer: str = "E"
    rules: str = "{}"
    pungs: tuple[str, ...] = field(default=())

    def options(self) -> list[str]:
        args = ["--type", self.type, "--winner", self.winner, "--dealer", self.dealer, "--hand", self.hand]
        args += ["--ci", self.ci] + (["--win-tile", self.win_tile] if self.win_tile else [])
        return args + [arg for pung in self.pungs for arg in ("--pungs", pung)]

    def file(self) -> str:
        win = f"type: {self.type}, winner: {self.winner}"
        if self.type in SOURCED:  # any other seat: who discarded is not in the tiles
            win += ", from: " + ("S" if self.winner != "S" else "W")
        tiles = f"ci: {self.ci}, hand: {self.hand}"
        tiles += f", win_tile: {self.win_tile}" if self.win_tile else ""
        tiles += f", pungs: {' '.join(self.pungs)}" if self.pungs else ""
        return f"stakes: 1\ndealer: {self.dealer}\nwin: {{{win}}}\ntiles: {{{tiles}}}\n"


def both_ways(claim: Claim, folder: Path) -> tuple[tuple[int, str], tuple[int, str]]:
    """(exit status, words) of the claim given by options, then by a file, at the same table."""
    rules, hand = folder / "rules.yaml", folder / "hand.yaml"
    rules.write_text(claim.rules, encoding="utf-8")
    hand.write_text(claim.file(), encoding="utf-8")
    by_options = ENGLISH.invoke(app, ["check", *claim.options(), "--rules", str(rules)])
    by_file = ENGLISH.invoke(app, ["check", str(hand), "--rules", str(rules)])
    return _said(by_options, options=True), _said(by_file, options=False)


def _said(result, *, options: bool) -> tuple[int, str]:
    """The exit status and the words; an error's place (option, or file:line:col and field) made common."""
    if result.exit_code != 2:
        return result.exit_code, result.stdout
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1, line
    if options:
        option, message = line.split(": ", 1)
        return 2, f"{option}: {message}"
    where, message = line.split(": ", 2)[1:] if line.count(": ") >= 2 else ("", line)
    field = where.split(":")[-1].strip()
    return 2, f"{OPTION_OF.get(field, field)}: {message}"


READY = "111s 222s 23m 33p 444p"  # ready on 1m 4m; with 1s a 暗呲 / 直呲 on 1s (ci 4m)
FOURTEEN = "111s 222s 234m 33p 444p"  # with 5p, 14 tiles that are not complete
THREE = "{three_players: true}"
PICI = "777s 123m 456m 789m 1p"  # ci 7s: three ci tiles held; the drawn 1p would complete it
NO_PICI = "{pici: false}"
DRAWN = ("bomb", "heavenly", "anci", "xuci")  # the wins the server looks for on a draw
CLAIMS = [
    # the cross-field checks of a file: each refuses by options too
    (Claim("heavenly", FOURTEEN, "4m", "5p", winner="S", dealer="E"), 2, "--winner"),  # 天胡 is the dealer's
    (Claim("heavenly", FOURTEEN, "4m", "5p", winner="E", dealer="E"), 1, None),  # his, but not complete
    (Claim("heavenly", "111s 222s 234m 33p 44p", "4m", "4p"), 0, None),
    (Claim("bomb", READY, "4m", "1m", winner="N", rules=THREE), 2, "--winner"),  # no North at three
    (Claim("bomb", READY, "4m", "1m", winner="S", dealer="N", rules=THREE), 2, "--dealer"),
    (Claim("zhici", READY, "4m", "1s", winner="W", rules=THREE), 0, None),
    (Claim("bomb", "111s 222s 23m 33p 44z", "4m", "1m", rules="{honours: false}"), 2, "--hand"),  # 108 tiles
    (Claim("bomb", READY, "4z", "1m", rules="{honours: false}"), 2, "--ci"),
    (Claim("bomb", READY, "4m", "1z", rules="{honours: false}"), 2, "--win-tile"),
    (Claim("dianpao", READY, "4m", "1m", winner="S"), 2, "--type"),  # 点炮 needs its rule
    (Claim("dianpao", READY, "4m", "1m", winner="S", rules="{dianpao: true}"), 0, None),
    (Claim("qianggang", READY, "4m", "1m", winner="S"), 2, "--type"),
    (Claim("qianggang", READY, "4m", "1m", winner="S", rules="{qianggang: true}"), 0, None),
    (Claim("bomb", READY, "4m", "1m", rules="{hard_ci: true}"), 1, None),  # 硬次: a claim that fails
    (Claim("bomb", "11m 23m 33p 444p 77z 5s", "4m", "1m", rules="{qidui: true}"), 1, None),
    (Claim("bomb", "11m 22m 55p 66p 99s 11z 7z", "5m", "7z", rules="{qidui: true}"), 0, None),  # 七对
    (Claim("bomb", "11m 22m 55p 66p 99s 11z 7z", "5m", "7z"), 1, None),
    (Claim("anci", "1111s 222s 23m 33p 444p", "1s", "1s"), 2, "--hand"),  # six 1s
    (Claim("zhici", READY, "4m"), 2, "--win-tile"),  # which tile?
    (Claim("chow", READY, "4m", "1m"), 2, "--type"),
    (Claim("bomb", READY, "4m", "5m"), 1, None),
    (Claim("xuci", "222s 23m 33p 444p 99m", "4m", "1s", winner="S", pungs=("1s", "5p")), 1, None),
    # 皮次 (the server's MJHandlerDispatchCard_lygc L101-120, L227-228): a draw that leaves three ci tiles in hand
    # offers 天呲, not 炸弹 / 天胡 / 暗呲 / 续呲; without 皮次 the draw is judged as any other, and 天呲 is refused
    (Claim("bomb", PICI, "7s", "1p"), 1, None),
    (Claim("bomb", PICI, "7s", "1p", rules=NO_PICI), 0, None),
    (Claim("heavenly", PICI, "7s", "1p"), 1, None),
    (Claim("heavenly", PICI, "7s", "1p", rules=NO_PICI), 0, None),
    (Claim("tianci", PICI, "7s", "1p"), 0, None),
    (Claim("tianci", PICI, "7s"), 0, None),
    (Claim("tianci", PICI, "7s", "1p", rules=NO_PICI), 2, "--type"),
    (Claim("anci", "1111m 77s 56s 456p 99p", "7s", "7s"), 1, None),  # the third 7s drawn
    (Claim("anci", "1111m 77s 56s 456p 99p", "7s", "7s", rules=NO_PICI), 0, None),
    (Claim("xuci", "777s 89s 11p 123m", "7s", "5p", winner="S", pungs=("5p",)), 1, None),
    (Claim("xuci", "777s 89s 11p 123m", "7s", "5p", winner="S", pungs=("5p",), rules=NO_PICI), 0, None),
    (Claim("dianpao", PICI, "7s", "1p", winner="S", rules="{dianpao: true}"), 0, None),  # a discard is no draw
]


@pytest.mark.parametrize(("claim", "code", "option"), CLAIMS)
def test_options_and_a_file_judge_a_claim_alike(tmp_path, claim: Claim, code: int, option: str | None) -> None:
    by_options, by_file = both_ways(claim, tmp_path)
    assert by_options == by_file
    assert by_options[0] == code, by_options
    if option is not None:
        assert by_options[1].startswith(option + ": "), by_options


HANDS = [READY, FOURTEEN, "111s 222s 23m 33p 44z", "11m 22m 55p 66p 99s 11z 7z", "1111s 222s 23m 33p 444p", PICI]
RULES = ["{}", THREE, "{honours: false}", "{dianpao: true, qianggang: true}", "{hard_ci: true}", "{qidui: true}"]
RULES += [NO_PICI]


@st.composite
def claims(draw: st.DrawFn) -> Claim:
    rules = draw(st.sampled_from(RULES))
    return Claim(
        type=draw(st.sampled_from(["bomb", "heavenly", "anci", "tianci", "zhici", "xuci", "dianpao", "qianggang"])),
        hand=draw(st.sampled_from(HANDS)),
        ci=draw(st.sampled_from(["4m", "1s", "5p", "7z", "7s"])),
        win_tile=draw(st.sampled_from([None, "1m", "1s", "5p", "7z"])),
        winner=draw(st.sampled_from("ESWN")),
        dealer=draw(st.sampled_from("ESWN")),
        rules=rules,
    )


@settings(max_examples=examples(40))
@given(claims())
def test_any_claim_is_judged_alike_both_ways(claim: Claim) -> None:
    with tempfile.TemporaryDirectory() as folder:
        by_options, by_file = both_ways(claim, Path(folder))
    assert by_options == by_file


# hands holding three of the ci tile once drawn ({c}: one copy; no other copy of it), pungs, the tiles drawn
CI_HANDS = [
    ("{c}{c}{c} 123m 456m 789m 1p", (), ("1p", "2p", "9s")),
    ("{c}{c} 123m 456m 789m 11p", (), ("{c}",)),
    ("1111m {c}{c} 56s 456p 99p", (), ("{c}",)),
    ("{c}{c}{c} 89s 11p 123m", ("5p",), ("5p",)),
]


@st.composite
def ci_claims(draw: st.DrawFn) -> Claim:
    """A drawn claim by a hand holding three ci tiles with the drawn one, at a table with 皮次 and the claimed
    win (a seat in play, 天胡 the dealer's, no honour at 108 tiles)."""
    rules = draw(st.sampled_from([r for r in RULES if r != NO_PICI]))
    kind = draw(st.sampled_from([k for k in DRAWN if not (rules == "{hard_ci: true}" and k in ("bomb", "heavenly"))]))
    ci = draw(st.sampled_from(["7s", "3p"] + (["7z", "1z"] if rules != "{honours: false}" else [])))
    hand, pungs, drawn = draw(st.sampled_from(CI_HANDS))
    copy = "{c}"
    winner = draw(st.sampled_from("ESW" if rules == THREE else "ESWN"))
    return Claim(
        type=kind,
        hand=hand.replace(copy * 3, ci[0] * 3 + ci[1]).replace(copy * 2, ci[0] * 2 + ci[1]),
        ci=ci,
        win_tile=draw(st.sampled_from(drawn)).replace(copy, ci),
        winner=winner,
        dealer=winner if kind == "heavenly" else draw(st.sampled_from("ESW" if rules == THREE else "ESWN")),
        rules=rules,
        pungs=pungs,
    )


@settings(max_examples=examples(20))
@given(ci_claims())
def test_a_draw_holding_three_ci_tiles_claims_tianci_only(claim: Claim) -> None:
    """Where 皮次 is played, a drawn win whose hand and drawn tile hold three of the ci tile does not hold, the
    reason says 皮次, and (a hand of the right size) the tiles make 天呲; counted here from the claim's words."""
    digit, suit = claim.ci
    held = sum(group[:-1].count(digit) for group in claim.hand.split() if group.endswith(suit))
    held += claim.win_tile == claim.ci
    assert held >= 3 and claim.rules != NO_PICI
    with tempfile.TemporaryDirectory() as folder:
        by_options, by_file = both_ways(claim, Path(folder))
    assert by_options == by_file
    assert by_options[0] == 1 and "皮次 (pici)" in by_options[1], by_options
    held_tiles = sum(c.isdigit() for c in claim.hand)
    sized = (
        not claim.pungs and held_tiles == 13 if claim.type == "heavenly" else held_tiles + 3 * len(claim.pungs) == 13
    )
    if sized:  # a miscounted hand makes no win at all
        assert "these tiles make: heavenly ci" in by_options[1], by_options
