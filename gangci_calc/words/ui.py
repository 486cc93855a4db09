"""The words of the screens: labels, titles, captions and the prompts' questions, in Chinese and English.

Tables by key, each entry a :class:`~gangci_calc.words.Message`; ``io/show/labels.py``
``word()`` and the prompts read them.
"""

from __future__ import annotations

from gangci_calc.words import Message as M

WORDS: dict[str, M] = {
    "seat": M("座位", "Seat"),
    "player": M("玩家", "Player"),
    "dealer": M("庄", "Dealer"),
    "bets": M("加番", "Add-ons"),
    "win": M("胡牌", "Win"),
    "kongs": M("杠", "Kongs"),
    "net": M("净额", "Net"),
    "fee_house": M("台费", "table fee"),
    "fee": M("台费", "fee"),
    "total": M("合计", "Total"),
    "tiles_checked": M("牌已核对 ✓", "tiles checked ✓"),
    "pao": M("跑", "pao"),
    "pao_sep": M("，", ", "),  # before a share's 跑 in --explain
    "bao_by_mark": M("包次: 剩牌 {left} 张 ≤ 包次线 {line}", "bao: {left} tiles left ≤ the mark {line}"),
    "no_bao_by_mark": M("不包次: 剩牌 {left} 张 > 包次线 {line}", "no bao: {left} tiles left > the mark {line}"),
    "no_bao_below_zero": M("不包次: 包次线 {line} 已低于 0", "no bao: the mark {line} is below 0"),
    "mark_concealed": M(" − 2 × {n} 个暗杠", " − 2 × {n} concealed kong"),
    "mark_open": M(" − {n} 个明杠/续杠", " − {n} exposed/added kong"),
    "mark_fixed": M(" (包次线固定，杠不降线)", " (a fixed mark: kongs do not lower it)"),
    "piao": M("飘", "piao"),
    "di": M("抵", "di"),
    "gang": M("杠", "gang"),
    "policy_on": M("带政策", "add-ons on"),
    "policy_off": M("不带政策", "add-ons off"),
    "scheme": M("起底", "Stakes"),
    "wins": M("胡", "wins"),
    "from": M("来自", "from"),
    "none": M("—", "—"),
    "payments": M("明细", "Payments"),
    "hand": M("局", "Hand"),
    "running": M("累计", "Running"),
    "standings": M("总排名", "Standings"),
    "club_record": M("历史战绩", "Club record"),
    "evenings": M("场次", "Evenings"),
    "hands_played": M("局数", "Hands"),
    "wins_by_type": M("胡牌", "Wins"),
    "discards": M("点炮", "Discards"),
    "best_hand": M("最好一局", "Best hand"),
    "worst_hand": M("最差一局", "Worst hand"),
    "date": M("日期", "Date"),
    "file": M("文件", "File"),
    "top": M("赢最多", "Top"),
    "fees_taken": M("台费合计 {fees}", "table fees taken: {fees}"),
    "no_evenings": M("没有场次", "no evenings"),
    "chart_title": M("每人累计（按场次）", "Each person's running total, evening by evening"),
    "paid": M("已付", "paid"),
    "owed": M("还欠", "Owes"),  # what a person still has to pay; negative: what is still owed to him
    "fees_paid": M("台费", "Fees"),
    "fed": M("续呲供", "Fed 续呲"),  # the times one fed the pung a 续呲 grew from
    "win_rate": M("胜率", "Win rate"),
    "draws": M("流局", "Draws"),
    "draws_count": M("流局 {n} 局", "{n} draws (流局)"),
    "open_transfers": M("还没付", "Still to pay"),
    "all_paid": M("都付清了", "everything is paid"),
    "per_evening": M("每场每人", "Each evening, each person"),
    "mixed_stakes": M(
        "注意：这些场次起底不同，合计照原样相加 ({stakes})",
        "Note: the evenings were played at different stakes; the totals add them as they are ({stakes})",
    ),
    "paid_recorded": M("已记下已付：{payment}", "recorded as paid: {payment}"),
    "unpaid_recorded": M("已撤回已付：{payment} (又算没付)", "payment taken back: {payment} (open again)"),
    "nothing_open": M(
        "这一场的账都付清了，没有要记的", "every transfer of this evening is paid already: nothing to record"
    ),
    "long_ledger": M(
        "账本共 {count} 局；这里只列最新一局 (全部：gangci session {file})",
        "the ledger has {count} hands; the newest is shown here (all of them: gangci session {file})",
    ),
    "settle": M("结账", "Settle up"),
    "pays": M("付给", "pays"),
    "nothing": M("无需转账", "nothing to transfer"),
    "override": M("指定", "set by hand"),
    "house": M("规矩", "house rules"),
    "seed_rules": M("默认规矩", "seed rules"),
    "share_of": M("{seat}的份", "{seat}'s share"),
    "hands": M("牌局", "Hands"),
    "total_lower": M("合计", "total"),
    "yes": M("是", "yes"),
    "totals_seats": M("各座位合计: ", "totals by seat: "),
    "no": M("否", "no"),
    "bao_mark": M(" 包次", " (baoci)"),
    "dealer_short": M("[庄{seat}]", "[dealer {seat}]"),
    "mi_held": M("米", "mi held"),
    "mi_paid": M("付米", "mi paid"),
    "is_dealer": M("{who}（庄）", "{who} (dealer)"),
    "list_sep": M(" ", ", "),
    "count_of": M("{name}{count}", "{name} {count}"),
    "house_sep": M(" · ", ", "),
    # the session's ledger
    "since_hand": M("第 {n} 局起 ", "from hand {n}: "),
    "next_change": M("下一局 (第 {n} 局) 起改：", "from the next hand (hand {n}) on: "),
    "each_line": M("每格: 本局 / 累计", "each line: this hand / running total"),
    "each_cell": M(
        "每格: 本局 / 累计 · * 庄家由牌桌指定", "each cell: this hand / running total · * dealer set by hand"
    ),
    "table_changes": M(" · † 本局起改了起底/规矩/玩家", " · † stakes, rules or players change here"),
    # the payout table and its explanation
    "stakes_line": M("杠底{gang} 炸弹底{bomb} 杠呲底{ci}", "kong {gang}, bomb {bomb}, ci {ci}"),
    "stakes_dianpao": M(" 点炮底{dianpao}", ", discard {dianpao}"),
    "draw_nobody_pays": M("流局：无人付钱", "draw: nobody pays"),
    "kongs_void": M("，杠作废", ", kongs are void"),
    "source_zhici": M("点炮", "discarded"),
    "source_xuci": M("被续杠", "fed the pung"),
    "source_dianpao": M("点炮", "discarded"),
    "source_qianggang": M("被抢杠", "was robbed"),
    # the referee
    "ci_tile_is": M("◆ = 杠底牌 {tile}", "◆ = the ci tile {tile}"),
    "holds": M("✓ 成立", "✓ holds"),
    "does_not_hold": M("✗ 不成立", "✗ does not hold"),
    "tiles_make": M("这副牌可以是: {wins}", "these tiles make: {wins}"),
    "waits_hand": M("手牌 {tiles}", "hand {tiles}"),
    "waits_pungs": M("  碰 {tiles}", "  pungs {tiles}"),
    "waits_kongs": M("  杠 {tiles}", "  kongs {tiles}"),
    "waits_concealed_kongs": M("  暗杠 {tiles}", "  concealed kongs {tiles}"),
    "waits_ci": M("杠底牌 {tile}", "ci tile {tile}"),
    "waits_on": M("听: {tiles}", "waits: {tiles}"),
    "not_ready": M("不听", "not ready"),
    "ready_on_ci": M("听杠底牌: {answer}", "ready on the ci tile: {answer}"),
    "pung_of": M("碰{tile}", "pung {tile}"),
    "kong_of": M("杠{tile}", "kong {tile}"),
    "no_next_tile": M("没有牌能胡", "no next tile wins"),
    "next_drawn": M("摸到 {tile}", "draw {tile}"),
    "next_robbed": M("别家加杠 {tile}", "someone adds {tile} to a pung"),
    "next_discarded": M("别家打出 {tile}", "someone discards {tile}"),
    "next_win": M("{zh}", "{zh} {en}"),
    "next_kong": M("，杠 {tile}", ", kong of {tile}"),
    # the dice
    "dice_throw": M("{dealer}坐庄，掷出 {a} 和 {b}，和为 {total}。", "{dealer} deals and throws {a} and {b}: {total}."),
    "dice_count": M(
        "从庄家顺时针数（庄家为1）：{counted} → {owner}。",
        "Counting clockwise from the dealer as 1: {counted} → {owner}.",
    ),
    "dice_skip": M(
        "从{owner}面前右手边过 {skipped} 敦，第 {start} 敦起拿牌；",
        "From {owner}'s right-hand end skip {skipped} stacks; dealing starts at stack {start};",
    ),
    "dice_ci": M(
        "右手第 {stack} 敦上面一张翻开，作为杠底牌（呲牌）。",
        "the top tile of stack {stack} is flipped as the ci tile (杠底牌).",
    ),
    "dice_legend": M("◆ 杠底牌   ▶ 起拿   · 跳过", "◆ ci tile   ▶ deal starts   · skipped"),
    "dice_wall": M("{owner}的牌墙（从右手边数）", "{owner}'s wall, counted from its right-hand end"),
    "dice_table": M("★ 庄家  ◆ 翻杠底牌的牌墙", "★ dealer  ◆ wall of the ci tile"),
    # the rule book
    "rules_unchanged": M("与默认规矩相同", "the seed's rules, unchanged"),
}

ASK: dict[str, M] = {
    "dealer": M("庄家", "Dealer"),
    "winner": M("谁胡的", "Who won"),
    "from_zhici": M("谁点的炮", "Who discarded"),
    "from_xuci": M("谁喂的碰 (被续杠)", "Who fed the pung"),
    "bets": M("加番 (如 南飘1 北抵2杠1; - 为无)", "Add-ons (e.g. S piao 1, N di 2 gang 1; - for none)"),
    "bets_pao": M(
        "加番和跑 (如 南飘1跑2 北抵2杠1; - 为无)", "Add-ons and pao (e.g. S piao 1 pao 2, N di 2 gang 1; - for none)"
    ),
    "pao_only": M("跑 (如 南跑2 北跑1; - 为无)", "Pao (e.g. S pao 2, N pao 1; - for none)"),
    "kongs": M(
        "这局的杠 (如 北暗杠 东明杠南 南续杠西; - 为无)",
        "Kongs this hand (e.g. N concealed, E exposed S, S added W; - for none)",
    ),
    "stakes": M("起底方案 (1 / 2 / 杠底金额如 500)", "Stakes scheme (1 / 2 / a kong base like 500)"),
    "policy": M("带政策 (加番)?", "Add-ons on (带政策)?"),
    "name": M("{seat} 玩家名 (可空)", "{seat} player's name (may be empty)"),
    "first": M("第一局庄家", "Dealer of the first hand"),
    "hand": M("第 {n} 局", "Hand {n}"),
    "saved": M("已记入 {file}", "saved to {file}"),
    "same_as_last": M(
        "  ⚠ 这一局和上一局 (第 {n} 局) 一模一样；如果是记重了，用 --undo 撤销",
        "  ⚠ this hand is exactly hand {n} again; if it was entered twice, --undo removes it",
    ),
    "waiting": M(
        "{file} 正在被另一个 gangci 记账，等它完成…", "{file} is being written by another gangci; waiting for it…"
    ),
    "house": M(
        "规矩和台费 (如 包次 庄家翻倍 下米500 台费 每局10; - 为默认)",
        "House rules and fee (e.g. baoci dealer_double xiami=500 fee per_hand=10; - for the seed's)",
    ),
    "bao": M("包次?", "Baoci (包次)?"),
    "ci": M("杠底牌 (如 东 7z 四万)", "The ci tile (e.g. 东 7z 四万)"),
    "win_house": M("怎么胡的 ({wins})", "How did it end ({wins})"),
    "seating": M("座位:", "Seating:"),
    "dealer_change": M("庄家换成 {new}? (该坐庄的是 {usual})", "Change the dealer to {new}? ({usual} deals this hand)"),
    "kongs_ci": M("  胡牌的那个杠已算在{win}里, 这里不要再写", "  not the winning kong: {win} counts it already"),
    "own_kong": M(
        "  ⚠ {kong} 就是{win}胡牌的那个杠, 已算过一次; 再写会多算一个杠",
        "  ⚠ {kong} is the winning kong of the {win}, counted already; listing it adds a second kong",
    ),
    "own_kong_keep": M("真的另有这个杠?", "Was there really another such kong?"),
    "unchanged": M("第 {n} 局没有改动, 文件未动", "hand {n} is unchanged; the file is untouched"),
    "removed": M("已撤销 {hand}", "removed {hand}"),
    "play_keys": M(
        "每局先问庄家; 任何一问都可输入 :u 撤销上一局 · :s 排名 · :l 账本 · :q 结账离开 (这一局从头再问);"
        " 问庄家时: 换人 北 小赵 · 换座 东 南",
        "Each hand starts at the dealer; at any question type :u undo the last hand · :s standings · :l the ledger"
        " · :q settle up and leave (the hand is asked again from its start); at the dealer: sub N Zhao · swap E S",
    ),
    "yes_no": M("[是/否, 默认{default}]", "[{default}]"),
}

# English names of the game's things, by their hand-file value; the Chinese are the game's own terms
# (core/rules/terms.py), which the files also accept.
WIN_EN: dict[str, str] = {
    "bomb": "bomb",
    "heavenly": "heavenly win",
    "anci": "concealed ci",
    "tianci": "heavenly ci",
    "zhici": "direct ci",
    "xuci": "follow-up ci",
    "draw": "draw",
    "dianpao": "discard win",
    "qianggang": "robbed kong",
}
KONG_EN: dict[str, str] = {"concealed": "concealed kong", "exposed": "exposed kong", "added": "added kong"}
PARTS: dict[str, M] = {
    "bomb": M("炸弹底", "bomb base"),
    "ci": M("杠呲底", "ci base"),
    "gang": M("杠底", "kong base"),
    "dianpao": M("点炮底", "discard base"),
    "mi": M("米", "mi"),
    "fee": M("台费", "table fee"),
}
ROLES: dict[str, M] = {
    "loser": M("", ""),
    "discarder": M("点炮", "discarder"),
    "feeder": M("被续杠", "fed the pung"),
    "robbed": M("被抢杠", "kong robbed"),
    "bao": M("包次", "baoci"),
    "kong": M("", ""),
    "mi": M("下米", "mi"),
    "fee": M("台费", "table fee"),
}
