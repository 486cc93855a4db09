"""Table rules (规矩): the stakes, the add-ons switch and every house option, in one object.

:class:`HouseRules` holds the options a table may switch (docs/rules.md,
"House rules"); its defaults are the seed's rules, so a table that names none
settles exactly as the seed says. :class:`TableRules` is what a hand carries.

To add an option: a field here, declared with :func:`.options.option` (its
default and its whole description), and its effect in :mod:`.settle` or
:mod:`.hand` (docs/maintaining.md).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum

from gangci_calc.core.rules.fee import NO_FEE, Fee
from gangci_calc.core.rules.options import Option, check_all, option
from gangci_calc.core.rules.stakes import MAX_AMOUNT, Stakes
from gangci_calc.words import Message as M


class ZhiciSplit(Enum):
    """直呲分摊: who pays what for a 直呲."""

    DOUBLE = "double"  # 点炮双倍 (seed): discarder 2C + G, the other two ½C
    EVEN = "even"  # 平摊: discarder C + G, the other two C


class DealerDouble(Enum):
    """庄家翻倍: shares between the dealer and another player × 2."""

    NONE = "none"  # 不翻
    WINS = "wins"  # 胡牌翻倍: the 炸弹底 / 杠呲底 (and 点炮底) parts
    ALL = "all"  # 全部翻倍: the 杠底 parts too


class DrawKongs(Enum):
    """荒庄荒杠: are a drawn hand's kongs paid?"""

    VOID = "void"  # 荒杠 (seed): no
    PAID = "paid"  # 荒庄不荒杠: yes, as usual


@dataclass(frozen=True, slots=True)
class Pao:
    """带跑 / 杠跑: each seat bets 0–3 跑 for the hand (``bets: {E: {pao: 2}}``); a share from X to W carries
    p(X) + p(W), p being a seat's count × ``unit`` (docs/rules.md, "跑")."""

    unit: int = option(  # 跑底: the money of one 跑; 0 = the table's 杠底 G
        0,
        Option(
            names=("跑底", "单位"),
            prompt_names=("跑底",),
            amounts=range(MAX_AMOUNT + 1),
            values_note=M("0 (= 杠底 G，默认) / 金额", "0 (= the 杠底 G, default) / an amount"),
            effect=M("一个跑多少钱；不写就是本桌的杠底 G。", "the money of one 跑; not given: the table's 杠底 G."),
            where="`core/rules/settle.py` `pao_unit`",
        ),
    )
    kong: bool = option(  # 杠跑: kongs carry 跑 too
        False,
        Option(
            names=("杠跑",),
            prompt_names=("杠跑",),
            effect=M(
                "杠也带跑: 每个杠（胡牌那个杠也算，天呲除外）的每一笔加 付款人和开杠人的跑，再按庄家全部翻倍翻。",
                "kongs carry 跑 too: each share of a kong (the winning kong included, not tianci's) gets the payer's"
                " and the maker's 跑, then dealer_double all doubles it.",
            ),
            where="`core/rules/settle.py` `pao_unit`",
        ),
    )

    def __post_init__(self) -> None:
        check_all(self, "pao")


class DrawDealer(Enum):
    """流局庄家: who deals after a drawn hand."""

    STAYS = "stays"  # 连庄 (seed): the same dealer
    NEXT = "next"  # 下庄: the next seat in play order


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The house options of one table (规矩 / 玩法); the defaults are the seed's rules.

    Each field is the one entry of its option (:mod:`.options`): key, Chinese
    names, values, prompt word, effect and the code that applies it.
    """

    zhici_split: ZhiciSplit = option(  # 直呲分摊
        ZhiciSplit.DOUBLE,
        Option(
            names=("直呲分摊", "直次分摊"),
            values={ZhiciSplit.DOUBLE: ("点炮双倍",), ZhiciSplit.EVEN: ("平摊",)},
            on=ZhiciSplit.EVEN,
            effect=M(
                "直呲谁付: 点炮双倍 = 点炮者 2C + G、其他各 ½C；平摊 = 点炮者 C + G、其他各 C。",
                "who pays a zhici: double = discarder 2C + G, others ½C; even = discarder C + G, others C.",
            ),
            where="`core/rules/settle.py` `win_rows`",
        ),
    )
    baoci: bool = option(  # 包次: allows win.bao on a 直呲
        False,
        Option(
            names=("包次", "包呲"),
            effect=M(
                "允许 win.bao: true（直呲包次）: 点炮者替另两家付他们的 C（各按原付款人算），另两家不付胡牌钱；杠照付。",
                "allows win.bao: true on a zhici: the discarder pays the other two's C shares (each as its payer's),"
                " they pay nothing for the win; kongs are still paid.",
            ),
            where="`core/rules/settle.py` `rows` (role `bao`); check in `core/rules/hand.py`",
        ),
    )
    dealer_double: DealerDouble = option(  # 庄家翻倍
        DealerDouble.NONE,
        Option(
            names=("庄家翻倍", "庄加倍"),
            values={DealerDouble.NONE: ("不翻",), DealerDouble.WINS: ("胡牌翻倍",), DealerDouble.ALL: ("全部翻倍",)},
            on=DealerDouble.WINS,
            effect=M(
                "庄家与闲家之间的每笔 × 2（加番之后）: 胡牌翻倍 = B、C 部分；全部翻倍 = 连杠底一起。",
                "every share between the dealer and another player × 2, after add-ons: wins = the B and C parts;"
                " all = the G parts too.",
            ),
            where="`core/rules/settle.py` `doublings`",
        ),
    )
    hard_ci: bool = option(  # 硬次: only ci wins count
        False,
        Option(
            names=("硬次", "硬呲"),
            values={True: ("硬次",), False: ("软次",)},
            effect=M(
                "硬次: 只认杠呲胡；炸弹、天胡不算胡（输入报错，裁判说明原因）。",
                "only ci wins count; bomb and heavenly are not wins (an input error; the referee says why).",
            ),
            where="`core/rules/hand.py`; `core/tiles/claims.py` `allowed`",
        ),
    )
    honor_ci_double: bool = option(  # 次风翻倍: an honour ci tile doubles a ci win
        False,
        Option(
            names=("次风翻倍", "呲风翻倍"),
            effect=M(
                "杠底牌是字牌（东南西北中发白）时，杠呲胡每笔的 C 部分 × 2（胡牌那个杠的 G 不翻）；天呲整笔（C + G）× 2；需写 ci: 东。",
                "when the ci tile is an honour, the C part of each share of a ci win × 2 (not the winning kong's G);"
                " for tianci the whole share (C + G); needs ci: 东 on the hand.",
            ),
            where="`core/rules/settle.py` `doublings`; check in `core/rules/hand.py`",
        ),
    )
    xiami: int = option(  # 下米: the amount of one 米; 0 = off
        0,
        Option(
            names=("下米",),
            amounts=range(MAX_AMOUNT + 1),
            values_note=M("0 (关) / 金额", "0 (off) / an amount"),
            effect=M(
                "每次流局在庄家位上下一米；下一次杠呲胡时每个有米的位付赢家 金额 × 米数（不加番不翻倍），然后清零。",
                "each draw puts one mi on its dealer's seat; at the next ci win every seat with mi pays the winner"
                " amount × count (flat), then all counts go back to 0.",
            ),
            where="`core/evening/sequence.py` `next_mi`; `core/rules/settle.py` (role `mi`)",
        ),
    )
    concealed_kong: int = option(  # 暗杠倍数: × 杠底 for each concealed kong
        1,
        Option(
            names=("暗杠倍数",),
            amounts=range(1, 3),
            prompt_names=("暗杠",),
            effect=M(
                "暗杠（含暗呲、天呲胡的那个杠）其他三家各付 倍数 × G。",
                "each of the 3 others pays this × G for every concealed kong, the winning one of anci / tianci"
                " included.",
            ),
            where="`core/rules/settle.py` `_kong_k`",
        ),
    )
    draw_kongs: DrawKongs = option(  # 荒庄荒杠
        DrawKongs.VOID,
        Option(
            names=("荒庄荒杠",),
            values={DrawKongs.VOID: ("荒杠",), DrawKongs.PAID: ("荒庄不荒杠",)},
            on=DrawKongs.PAID,
            effect=M("荒庄不荒杠: 流局时这局的杠照常付。", "paid: on a draw the hand's kongs are still paid."),
            where="`core/rules/settle.py` `rows`",
        ),
    )
    draw_dealer: DrawDealer = option(  # 流局庄家
        DrawDealer.STAYS,
        Option(
            names=("流局庄家",),
            values={DrawDealer.STAYS: ("连庄",), DrawDealer.NEXT: ("下庄",)},
            on=DrawDealer.NEXT,
            effect=M(
                "流局后: 连庄 = 原庄家；下庄 = 下一家（东→南→西→北）。",
                "after a draw: stays = the same dealer; next = the next seat in play order (E→S→W→N).",
            ),
            where="`core/evening/sequence.py` `next_dealer`",
        ),
    )
    dianpao: bool = option(  # 点炮胡: allows win type dianpao
        False,
        Option(
            names=("点炮胡",),
            effect=M(
                "允许点炮胡（dianpao）: 普通成牌胡别家打出的牌，只有点炮者付一份点炮底 P（默认 = B，算作 B 部分）。",
                "allows win type dianpao: an ordinary complete hand on a discard; only the discarder pays P"
                " (stakes.dianpao, default B; a B part for add-ons and dealer_double).",
            ),
            where="`core/rules/settle.py` `win_rows`; check in `core/rules/hand.py`",
        ),
    )
    qianggang: bool = option(  # 抢杠胡: allows win type qianggang
        False,
        Option(
            names=("抢杠胡",),
            effect=M(
                "允许抢杠胡（qianggang）: 胡别家加杠的那张牌，只有被抢者付一份 P；被抢的杠不算，不写进 kongs（他这局早先的杠照写照付）；给了牌时，胡家的牌里不能再有那张牌。",
                "allows win type qianggang: win on the tile another adds to his pung; only he pays P;"
                " the robbed kong is not made and not listed (his earlier kongs are, and are paid);"
                " with tiles given, the winner holds no other copy of the robbed tile.",
            ),
            where="`core/rules/settle.py` `win_rows`; check in `core/rules/hand.py`",
        ),
    )

    three_players: bool = option(  # 三人场: a table of three, seats E S W
        False,
        Option(
            names=("三人场", "三人"),
            effect=M(
                "三个人打：座位东南西，没有北；每笔、分摊、翻倍、轮庄（东→南→西→东）、下米和结账都按三家算。",
                "a table of three: seats E S W, no N; every share, split, doubling, the dealer's turn"
                " (E→S→W→E), mi and the settle-up are for three.",
            ),
            where="`core/rules/seats.py` `in_play`; `core/rules/hand.py`, `core/evening/sequence.py`",
        ),
    )
    pao: Pao | None = option(  # 带跑: each seat's 跑 on every share of the win (and of a kong under 杠跑)
        None,
        Option(
            names=("带跑", "跑"),
            group=Pao,
            on=Pao(),
            values_note=M(
                "关 / {跑底: 金额 (默认杠底), 杠跑: 是/否}", "off / {unit: amount (default G), kong: true/false}"
            ),
            effect=M(
                "每家每局自己下 0–3 个跑（bets: {东: {pao: 2}}，带不带政策都行）。X 付 W 的每笔胡牌钱加 (X 的跑 + W 的跑) ×"
                " 跑底：庄家翻倍之后加、次风翻倍跟着翻；天呲只加一次；包次每笔带原付款人的跑；杠跑时杠也带跑（庄家全部翻倍连跑一起翻）；"
                "米和台费不带跑。",
                "each seat bets 0–3 跑 for the hand (bets: {E: {pao: 2}}, with or without add-ons). Each share of the"
                " win from X to W gets (X's 跑 + W's 跑) × unit: after dealer_double, doubled by honor_ci_double; once"
                " on tianci; under bao each share keeps its payer's 跑; with kong: true kongs carry 跑 (dealer_double"
                " all doubles it); never on mi or the fee.",
            ),
            where="`core/rules/settle.py` `pao_unit`; check in `core/rules/hand.py` `check_bets`",
        ),
    )
    bao_mark: int = option(  # 包次线: 包次 when tiles_left is at or under it
        10,
        Option(
            names=("包次线", "包次张数"),
            amounts=range(137),
            values_note=M("10 (默认) / 0–136", "10 (default) / 0–136"),
            effect=M(
                "包次时，直呲写了 tiles_left（剩牌）且不多于这条线就算包次；杠降包次线时每个暗杠线减 2，每个明杠、续杠减 1；"
                "线低于 0 就不再包次。写了 bao 以 bao 为准。",
                "under baoci, a zhici with tiles_left at or under this mark is bao; under bao_kongs the mark drops 2"
                " for each concealed kong and 1 for each exposed or added kong of the hand, and below 0 there is no"
                " bao; a bao the hand gives decides.",
            ),
            where="`core/rules/hand.py` `Hand.bao`, `Hand.bao_line`",
        ),
    )
    bao_kongs: bool = option(  # 杠降包次线: kongs lower the 包次 line (the Java server); false: a fixed line
        True,
        Option(
            names=("杠降包次线", "包次线随杠"),
            values={False: ("包次线固定", "固定包次线")},
            effect=M(
                "是（Java 服务器）: 包次线 = bao_mark − 每个暗杠 2 − 每个明杠、续杠 1；否（包次线固定，Lua、Python 服务器）:"
                " 不管开了几个杠，线就是 bao_mark。",
                "true (the Java server): the line is bao_mark less 2 for each concealed kong and 1 for each exposed or"
                " added kong; false (a fixed line, the Lua and Python servers): the line is bao_mark whatever kongs"
                " were made.",
            ),
            where="`core/rules/hand.py` `Hand.bao_line`",
        ),
    )
    qidui: bool = option(  # 可胡七对: seven pairs complete a hand
        False,
        Option(
            names=("可胡七对", "七对"),
            effect=M(
                "裁判把七对当成胡牌：炸弹、天胡、点炮、抢杠（杠呲的胡要开杠，成不了七对）。",
                "the referee takes seven pairs as a complete hand: bomb, heavenly, dianpao, qianggang (a ci win"
                " makes a kong, so it cannot be seven pairs).",
            ),
            where="`core/tiles/analysis.py` `is_seven_pairs`; `core/tiles/claims.py` `for_table`",
        ),
    )
    no_honour_ci: bool = option(  # 不次风: an honour flipped is not the ci tile
        False,
        Option(
            names=("不次风", "风不次"),
            effect=M(
                "翻出字牌时不拿它当杠底牌，杠底牌顺到下一张数牌：一万（见规则书）；裁判和听牌按一万算，次风翻倍不翻。",
                "an honour flipped is not the ci tile: it moves on to the next suited tile, 1m (see the rule book);"
                " check and waits use 1m, and honor_ci_double doubles nothing.",
            ),
            where="`core/tiles/claims.py` `for_table`; `core/rules/hand.py` `Hand.honour_ci`",
        ),
    )
    honours: bool = option(  # 带字牌: false = 108 tiles, no honours
        True,
        Option(
            names=("带字牌", "带风"),
            values={False: ("不带字牌", "无字牌")},
            effect=M(
                "不带字牌: 108 张，没有东南西北中发白；check、waits 和 score 的核牌拒收字牌并说明原因。",
                "false: 108 tiles, no honours; check, waits and score's tile check refuse honour tiles, with the"
                " reason.",
            ),
            where="`core/tiles/claims.py` `for_table`; check of `ci:` in `core/rules/hand.py`",
        ),
    )
    pici: bool = option(  # 皮次: holding the three other ci tiles is a win (天呲)
        True,
        Option(
            names=("皮次", "皮呲", "屁呲"),
            values={False: ("不皮次", "无皮次")},
            effect=M(
                "皮次: 手里有三张次牌就是天呲；摸牌后手里有三张次牌，这一摸只能报天呲，不能报炸弹、天胡、暗呲、续呲"
                "（服务器如此）。不皮次: 手里有三张次牌不算胡，天呲在本桌不是胡（输入错误，点名这条规矩）。",
                "true: holding three ci tiles is tianci, and a draw after which the hand holds three ci tiles can"
                " claim tianci only, not bomb, heavenly, anci or xuci (as the server offers it); false: holding three"
                " ci tiles is no win: tianci is not a win at this table (an input error naming the option).",
            ),
            where="`core/rules/hand.py` `_check_house_win`; `core/tiles/claims.py` `pici_draw`",
        ),
    )
    tianci_ci_only: bool = option(  # 天呲只付呲底: 天呲 paid as C alone, no G for its kong (the Lua server)
        False,
        Option(
            names=("天呲只付呲底", "天呲不加杠底"),
            effect=M(
                "天呲每家只付杠呲底 C，不加胡牌那个暗杠的杠底 G（Lua 服务器的皮呲）；不写就按种子规则 C + G（同暗呲）。"
                "加番、庄家翻倍、次风翻倍和跑照旧算在 C 上。",
                "tianci is paid as C alone by each of the others, no G for its winning concealed kong (the Lua"
                " server's 皮呲); off: C + G, as anci (the seed). Add-ons, dealer_double, honor_ci_double and 跑"
                " act on C as before.",
            ),
            where="`core/rules/settle.py` `rows` (`WINNING_KONG`)",
        ),
    )

    def __post_init__(self) -> None:
        check_all(self, "rules")

    def changed(self) -> tuple[tuple[str, object], ...]:
        """``(key, value)`` of every option that differs from the seed's rules, in field order.

        >>> HouseRules(baoci=True, xiami=500).changed()
        (('baoci', True), ('xiami', 500))
        """
        return tuple(
            (f.name, getattr(self, f.name))
            for f in fields(self)
            if getattr(self, f.name) != getattr(SEED_RULES, f.name)
        )


SEED_RULES = HouseRules()


@dataclass(frozen=True, slots=True)
class TableRules:
    """Everything a table decides: 起底, 带政策, the house options and the table fee (台费)."""

    stakes: Stakes
    policy: bool = False  # 带政策: add-ons on
    house: HouseRules = SEED_RULES
    fee: Fee = NO_FEE  # 台费
