"""Every message gangci-calc reports, in Chinese and English: errors, referee reasons, prompt complaints.

Each is a :class:`~gangci_calc.words.Message` of ``str.format`` templates.
The English may carry the Chinese term as a gloss (``hard_ci (硬次)``); the
Chinese may leave out the English key where the field path already names it.
"""

from __future__ import annotations

from gangci_calc.words import Message as M

# --- values put into words -------------------------------------------------------------------------------
A_MAPPING = M("一个映射", "a mapping")
A_LIST = M("一个列表", "a list")
A_HUGE_NUMBER = M("超过 18 位的数", "a number of more than 18 digits")
NOTHING = M("空值", "nothing")

# --- the hand: add-ons (core/rules/hand.py) ----------------------------------------------------------------------
BET_NOT_WHOLE = M("{value} 不是整数 — {bet} 只能是 0 到 3", "{value} is not a whole number — {bet} takes 0 to 3")
BET_OUT_OF_RANGE = M("{value} 超出范围 — {bet} 只能是 0 到 3", "{value} is out of range — {bet} takes 0 to 3")
BET_WITHOUT_POLICY = M(
    "设了{bet} {value}，但本桌不带政策 (policy: false)；改成 policy: true 或删掉它",
    "{bet} {value} is set but add-ons are off (policy: false); set policy: true (带政策) or remove it",
)
PAO_NEEDS_RULE = M(
    "设了跑 {value}，但本桌不带跑；写 rules: {{pao: {{unit: 100}}}}（带跑）或删掉它",
    "跑 (pao) {value} is set but the table does not play 跑; set rules: {{pao: {{unit: 100}}}} (带跑) or remove it",
)
PAO_FLAT_RETIRED = M(
    "带跑的旧写法 {{win: N, kong: M}} 已停用：每家自己下跑，写 bets: {{东: {{pao: 2}}}} 和 rules: {{pao: {{unit: 100, kong: true}}}}",
    "the flat form pao: {{win: N, kong: M}} is retired: each seat bets its own 跑, bets: {{E: {{pao: 2}}}}, with"
    " rules: {{pao: {{unit: 100, kong: true}}}}",
)
BETS_PER_SEAT = M("每个座位要有一项", "needs one entry per seat")
DEALER_NO_DI = M(
    "{seat} 是庄家，庄家不能抵；只有闲家能抵",
    "{seat} is the dealer (庄家) and the dealer cannot 抵; only the others can",
)
# --- the hand: outcome ---------------------------------------------------------------------------------------
HARD_CI_NO_BOMB = M(
    "本桌打硬次，{zh}不算胡：只算呲", "{zh} ({value}) is not a win at this table: 硬次 (hard_ci) counts only ci wins"
)
WIN_NEEDS_RULE = M(
    "{zh}要有规矩 {rule}：写 rules: {{{key}: true}}",
    "{zh} ({value}) needs the house rule {rule}: set rules: {{{key}: true}}",
)
BAO_NEEDS_RULE = M(
    "包次要有规矩 包次：写 rules: {{baoci: true}}", "包次 (bao) needs the house rule: set rules: {{baoci: true}}"
)
BAO_ONLY_ZHICI = M("包次只用于直呲，不用于{zh}", "包次 (bao) is for a 直呲 only, not {zh} ({value})")
CI_TILE_NEEDED = M(
    "次风翻倍要知道这局的杠底牌：加上 ci: 东 (或 tiles: {{ci: ...}})",
    "次风翻倍 (honor_ci_double) needs the hand's ci tile: add ci: 东 (or tiles: {{ci: ...}})",
)
NOT_MI_COUNT = M("{value} 不是米的个数 (0 或更多)", "{value} is not a count of 米 (0 or more)")
MI_WITHOUT_XIAMI = M(
    "设了米，但本桌不下米：写 rules: {{xiami: 金额}}",
    "米 is set but the table does not play 下米: set rules: {{xiami: AMOUNT}}",
)
DRAW_NO_WINNER = M("流局没有赢家；删掉它", "a drawn hand (流局) has no winner; remove it")
DRAW_NO_FROM = M("流局没有 from；删掉它", "a drawn hand (流局) has no 'from'; remove it")
WINNER_MISSING = M("缺了 — 谁胡的{zh}？", "missing — who won the {value} ({zh})?")
HEAVENLY_DEALER_ONLY = M(
    "天胡只有庄家能胡，{winner} 不是庄家 (庄家是 {dealer})",
    "天胡 (heavenly) is the dealer's only, and {winner} is not the dealer ({dealer} is)",
)
FROM_MISSING = M("缺了 — {zh}要写{who}", "missing — {zh} needs {who}")
FROM_IS_WINNER = M("{seat} 是赢家；{zh}要写{who}，是另一家", "{seat} is the winner; {zh} needs {who}, another seat")
SELF_DRAWN_NO_FROM = M(
    "{zh}是自摸，没有 来自；来自 只用于直呲、续呲、点炮和抢杠",
    "{value} ({zh}) is self-drawn and has no 'from'; 'from' is for 直呲, 续呲, 点炮 and 抢杠 only",
)
WHO_DISCARDED = M("点炮的人", "the discarder (点炮)")
WHO_FED = M("被续杠的人", "the player who fed the pung (被续杠)")
WHO_ROBBED = M("被抢杠的人", "the player whose kong was robbed (被抢杠)")
# --- the hand: kongs -----------------------------------------------------------------------------------------
ROBBED_TILE_ELSEWHERE = M(
    "抢的是 {tile}：另外三张在被抢杠的人碰出的牌里，胡家的牌（和杠底牌）里不能再有 {tile}",
    "the robbed tile is {tile}: its other three copies are the robbed player's pung, so the winner's tiles"
    " (and the ci tile) cannot hold another {tile}",
)
KONG_NEEDS_FROM = M("{zh}要写 来自：{who}", "{value} ({zh}) needs 'from': {who}")
KONG_FROM_SELF = M(
    "{seat} 自己杠的；来自 要写另一家 ({who})", "{seat} made this kong; 'from' must be another seat ({who})"
)
KONG_CONCEALED_NO_FROM = M(
    "暗杠由其他三家付，没有 来自", "a concealed kong (暗杠) is paid by all three others and has no 'from'"
)
KONG_WHO_DISCARDED = M("放杠的人", "the discarder")
KONG_WHO_FED = M("被续杠的人", "who fed the pung")
# --- the referee: tiles and claims (core/tiles/claims.py) -------------------------------------------------------
TOO_MANY_TILES = M(
    "{count} 张{tile} (连杠底牌和碰杠)；每种牌只有 4 张",
    "{count} × {tile} with the ci tile and melds; there are only 4",
)
WIN_TILE_MISSING = M("缺了 — 哪张牌胡的{zh}？", "missing — which tile won the {zh}?")
HEAVENLY_NO_MELDS = M(
    "天胡是起手十四张：还不能有碰或杠",
    "a heavenly win (heavenly) is the first fourteen tiles: there can be no pungs or kongs yet",
)
HEAVENLY_FOURTEEN = M(
    "天胡要十四张牌；这里有 {size} 张", "a heavenly win (heavenly) needs fourteen tiles; there are {size}"
)
HAND_SIZE = M(
    "手牌 {count} 张{melds}；胡牌前必须是 13 张 (一个杠算 3 张)",
    "the hand has {count} tiles{melds}; before the winning tile it must have 13 (a kong counting as 3)",
)
HAND_SIZE_MELDS = M(" + {melds} 组碰杠 × 3 = {size}", " + {melds} melds × 3 = {size}")
TWO_PAIRS = M("{tiles} 是两个对子，不是几副加一对将", "{tiles} leaves two pairs, not sets and one pair")
NOT_SETS_AND_PAIR = M("{tiles} 不是几副加一对将", "{tiles} is not sets and one pair")
DRAWN_COMPLETES = M("摸到的{tile}成胡", "the drawn {tile} completes the hand")
BOMB_NEEDS_DRAWN = M("炸弹要摸到的{tile}成胡", "a bomb needs the drawn {tile} to complete the hand")
WAITS_ON = M("；它听 {tiles}", "; it waits on {tiles}")
NOT_READY = M("；它不听牌", "; it is not ready")
HOW_DISCARDED = M("打出的", "discarded")
HOW_ROBBED = M("抢来的", "robbed")
OTHER_COMPLETES = M("{how}{tile}成胡", "the {how} {tile} completes the hand")
OTHER_NEEDS = M("{zh}要{how}{tile}成胡", "{zh} needs the {how} {tile} to complete the hand")
HEAVENLY_COMPLETE = M("庄家的十四张成胡", "the dealer's fourteen tiles are complete")
HEAVENLY_INCOMPLETE = M(
    "天胡要十四张成胡；{tiles} 不成胡",
    "a heavenly win (heavenly) needs fourteen complete tiles; {tiles} is not complete",
)
KONG_REST_COMPLETE = M("{how}；其余的牌加杠底牌{ci}成胡", "{how}; the rest + the ci tile {ci} is complete")
KONG_REST_INCOMPLETE = M(
    "{zh}：{how}，但其余的牌加杠底牌{ci}：{why}", "{zh}: {how}, but the rest + the ci tile {ci}: {why}"
)
ANCI_NO_QUAD = M(
    "暗呲要摸牌后手里有四张一样的 (现在开暗杠)；没有",
    "concealed ci (anci) needs four alike in hand after the draw (a kong declared now); there are none",
)
ANCI_EARLIER_KONG = M(
    " — 之前已开的暗杠不算：「手中原有暗杠」按游戏服务器的读法，是留在手里、胡时才开的四张",
    " — a kong declared in an earlier turn does not count: the game servers read 手中原有暗杠 as four alike"
    " kept in hand and declared at the win",
)
NO_NORTH_AT_THREE = M(
    "三人场没有{seat}：只有东、南、西三家", "a table of three (三人场) has no {seat}: only E, S and W play"
)
CI_MOVED_ON = M(
    "不次风：翻出的{flipped}不算，杠底牌是{ci}；",
    "no honour ci (不次风): the {flipped} flipped does not count, the ci tile is {ci}; ",
)
NO_HONOURS_AT_108 = M(
    "本桌不带字牌 (108 张)：没有东南西北中发白", "this table plays 108 tiles (honours: false): there are no honours"
)
NOT_TILES_LEFT = M(
    "{value} 不是剩牌张数：0 或更多的整数", "{value} is not a count of tiles left: a whole number, 0 or more"
)
TILES_LEFT_OVER_WALL = M(
    "剩牌 {value} 张不可能：本桌起完牌墙上最多剩 {most} 张",
    "{value} tiles left cannot be: after the deal this table's wall holds at most {most}",
)
ANCI_HELD_KONG = M(
    "；「手中原有暗杠」按游戏服务器的读法：四张一直留在手里，胡时才开",
    "; 手中原有暗杠 read as the game servers read it: four alike kept in hand, declared at the win",
)
ANCI_KONG_NOW = M("现在开{tile}暗杠", "concealed kong of {tile} declared now")
ZHICI_NEEDS_THREE = M(
    "直呲要手里有三张{tile}；只有 {held} 张", "direct ci (zhici) needs three {tile} in hand; there {held}"
)
ZHICI_KONG = M("杠别人打出的{tile}", "kong of {tile} made on the discard")
XUCI_NEEDS_PUNG = M("续呲要有{tile}的碰；没有", "follow-up ci (xuci) needs an exposed pung of {tile}; there is none")
XUCI_KONG = M("摸到的{tile}续杠", "the drawn {tile} added to the pung")
TIANCI_HOLDS = M("手里有三张{tile}，就是杠底牌剩下的三张", "holds three {tile}, the remaining copies of the ci tile")
TIANCI_NEEDS_THREE = M(
    "天呲要手里有另外三张{tile} (杠底牌)；只有 {held} 张",
    "heavenly ci (tianci) needs the three other {tile} (the ci tile); there {held}",
)
DRAW_NO_CLAIM = M("流局没有要查的胡", "a drawn hand (流局) has no claim to check")
HARD_CI_NOT_A_WIN = M(
    "硬次：本桌只算呲，{zh}不算胡", "hard ci (hard_ci): only ci wins count at this table, so {zh} is not a win"
)
PICI_DRAW = M(
    "皮次：摸牌后手里有三张{tile} (杠底牌)，这一摸只能报皮次 (天呲)，不能报{zh}",
    "皮次 (pici): after this draw the hand holds three {tile}, the ci tile, so the draw can claim heavenly ci"
    " (tianci, 皮次) only, not {zh}",
)
NEEDS_ITS_RULE = M("本桌没有这条规矩，{zh}不算胡", "{zh} is not a win at this table without its house rule")
SIZE_AND = M("{size}；而且{reason}", "{size}; and {reason}")
CLAIM_FALSE = M("报的{zh}不成立：{reason}", "the claimed {zh} does not hold: {reason}")
CLAIM_MAKES = M("；这副牌能胡 {wins}", "; these tiles make {wins}")
JOINED = M("{first}{second}", "{first}{second}")
HAND_N_FALSE = M("第 {n} 局：{problem}", "hand {n}: {problem}")
# --- the table (core/rules/table.py, core/rules/stakes.py) and the dice ------------------------------------------------
NOT_POSITIVE_AMOUNT = M("{value} 不是正整数金额", "{value} is not a positive whole amount")
NOT_A_DIE = M("{value} 不是骰子点数 — 骰子是 1 到 6", "{value} is not a die face — dice show 1 to 6")
# --- tile notation (core/tiles/notation.py) -----------------------------------------------------------------------
NO_NUMBER_BEFORE = M("{char} 前面没有数字", "{char} has no number before it")
HONOUR_RANGE = M(
    "'{number}z' 不是牌：字牌是 1z–7z (东南西北白发中)", "'{number}z' is not a tile: honours are 1z–7z (东南西北白发中)"
)
NO_SUIT = M("{text} 没有花色 (m 万, p 筒, s 条, z 字)", "{text} has no suit (m 万, p 筒, s 条, z 字)")
NOT_A_SUIT = M("{char} 不是花色 (m 万, p 筒, s 条, z 字)", "{char} is not a suit (m 万, p 筒, s 条, z 字)")
NOT_A_TILE_CHAR = M("{char} 不是牌", "{char} is not a tile")
ONE_TILE_ONLY = M("{text} 应该是一张牌，不是 {count} 张", "{text} should be one tile, not {count}")
# --- reading a hand file's fields (io/load/fields.py) -------------------------------------------------------------
NOT_A_MAPPING_OF = M("应该是{what}的映射，不是{kind}", "should be a mapping of {what}, not {kind}")
GIVEN_TWICE_ALIAS = M("写了两次 (作为 {key} 和它的别名)", "given twice (as {key} and an alias of it)")
UNKNOWN_KEY = M("不认识的键 '{key}' (在{what}里) — {hint}", "unknown key '{key}' in {what} — {hint}")
DID_YOU_MEAN = M("是不是 '{close}'？", "did you mean '{close}'?")
EXPECTED_ONE_OF = M("应该是这些之一：{keys}", "expected one of {keys}")
NOT_A_SEAT = M("{value} 不是座位 — 用 东 南 西 北 或 E S W N", "{value} is not a seat — use E S W N or 东 南 西 北")
NO_SCHEME = M(
    "没有方案{value} — 用 1、2 或 {{gang: 1000, bomb: 2000, ci: 6000}}",
    "no scheme {value} — use 1, 2 or {{gang: 1000, bomb: 2000, ci: 6000}}",
)
NOT_A_SCHEME = M(
    "{value} 不是起底方案 — 用 1、2 或 {{gang: 500}}", "{value} is not a stakes scheme — use 1, 2 or {{gang: 500}}"
)
NOT_AN_AMOUNT_18 = M(
    "{value} 不是正整数金额 (最多 18 位)", "{value} is not a positive whole amount of at most 18 digits"
)
STAKES_NEED_GANG = M(
    "至少要有杠底 (gang)；炸弹底和杠呲底默认是它的 2 倍和 6 倍",
    "needs at least gang (杠底); bomb and ci default to 2× and 6× it",
)
NOT_A_FLAG = M("{value} 不是 是/否 (true/false)", "{value} is not true or false (是/否)")
NOT_A_RULE_VALUE = M("{value} 不是 {key} 的值 — 用 {choices}", "{value} is not a value of {key} — use {choices}")
NOT_A_WHOLE_NUMBER = M("{value} 不是整数", "{value} is not a whole number")
NAMES_MAPPING = M(
    "应该是座位到名字的映射，如 {{E: 老王}}，不是{kind}", "should map seats to names, like {{E: 老王}}, not {kind}"
)
NAME_TWICE = M("{name} 已经坐在 {seat}：一人一个座位", "{name} already sits at {seat}: one seat each")
NOT_A_NAME = M("{value} 不是名字", "{value} is not a name")
NAME_PRINTABLE = M(
    "{value} 不是名字：不能有制表符、换行或控制字符",
    "{value} is not a name: no tabs, line breaks or control characters",
)
NAME_IS_A_SEAT = M(
    "{value} 是座位的叫法；玩家的名字不能和座位一样 (东南西北、E S W N)",
    "{value} is what a seat is called; a player's name cannot be a seat (E S W N, 东南西北, East...)",
)
NOT_A_COMMAND = M("没有 {text} 这个命令；可用 {commands}", "no command {text}; there are {commands}")
SEAT_TWICE = M("同一个座位写了两次 ({first} 和 {second})", "the same seat given twice ({first} and {second})")
NAME_TOO_LONG = M("{value} 超过 {limit} 个字", "{value} is longer than {limit} characters")
BETS_MAPPING = M(
    "应该是座位到加番的映射，如 {{S: {{piao: 1}}}}，不是{kind}",
    "should map seats to add-ons, like {{S: {{piao: 1}}}}, not {kind}",
)
WIN_NEEDS_TYPE = M(
    "要写怎么胡的 (type)：炸弹、天胡、暗呲、天呲、直呲、续呲 或 流局",
    "needs type: bomb, heavenly, anci, tianci, zhici, xuci or draw",
)
NOT_A_WIN = M(
    "{value} 不是胡法 — 用 炸弹、天胡、暗呲、天呲、直呲、续呲 或 流局 (有相应规矩时还有 点炮、抢杠)",
    "{value} is not a win — use bomb 炸弹, heavenly 天胡, anci 暗呲, tianci 天呲, zhici 直呲, xuci 续呲 or draw 流局"
    " (dianpao 点炮, qianggang 抢杠 with those house rules)",
)
NOT_A_TILE_LIKE = M("{value} 不是牌，应该像 东、7z 或 四万", "{value} is not a tile like 东, 7z or 四万")
QUOTED_PROBLEM = M('"{text}"：{problem}', '"{text}": {problem}')
MI_MAPPING = M(
    "应该是座位到米数的映射，如 {{E: 2}}，不是{kind}", "should map seats to counts of 米, like {{E: 2}}, not {kind}"
)
NEEDS_KEY = M("缺了 {key}", "needs {key}")
TILES_NEED_HAND = M(
    "缺了 hand (赢的那手牌)；只给杠底牌，写在最上层：ci: …",
    "needs hand (the winning hand's tiles); for the ci tile alone, give ci: at the top of the hand",
)
NOT_TILE_NOTATION = M("{value} 不是牌的写法，应该像 123m 44p 7z", "{value} is not tile notation like 123m 44p 7z")
KONGS_LIST = M(
    "应该是杠的列表，如 [{{by: N, type: concealed}}]，不是{kind}",
    "should be a list of kongs, like [{{by: N, type: concealed}}], not {kind}",
)
NOT_A_KONG = M(
    "{value} 不是杠 — 用 暗杠 concealed、明杠 exposed 或 续杠 added",
    "{value} is not a kong — use concealed 暗杠, exposed 明杠 or added 续杠",
)
KIND_TEXT = M("文字 {value}", "the text {value}")
# what a mapping holds, for NOT_A_MAPPING_OF and UNKNOWN_KEY
WHAT_SESSION = M("场次文件", "a session file")
WHAT_NEXT = M("下一局的变更 (players, stakes, policy, rules, fee)", "the next hand's change (players, stakes, ...)")
WHAT_SESSION_HAND = M("一局 (win, bets, kongs, tiles, dealer, ...)", "a hand (win, bets, kongs, tiles, dealer, ...)")
WHAT_STAKES = M(
    "起底 (gang 杠底, bomb 炸弹底, ci 杠呲底, dianpao 点炮底)",
    "stakes (gang 杠底, bomb 炸弹底, ci 杠呲底, dianpao 点炮底)",
)
WHAT_RULES = M("规矩", "house rules (规矩)")
WHAT_RULES_FILE = M("规矩文件", "a rules file")
WHAT_PAO = M("带跑 (跑底 / 杠跑)", "pao (unit, kong)")
WHAT_FEE = M("台费 (每胡 / 每局 / 每晚 / 收款)", "a table fee (per_win, per_hand, per_evening, to)")
WHAT_BETS = M("加番和跑 (piao 飘, di 抵, gang 下杠, pao 跑)", "add-ons and 跑 (piao 飘, di 抵, gang 下杠, pao 跑)")
WHAT_WIN = M("胡牌 (type, winner, from)", "the win (type, winner, from)")
WHAT_TILES = M(
    "牌 (ci, hand, win_tile, pungs, kongs, concealed_kongs)",
    "tiles (ci, hand, win_tile, pungs, kongs, concealed_kongs)",
)
WHAT_KONG = M("一个杠 (by, type, from)", "a kong (by, type, from)")
WHAT_HAND_FILE = M("牌局文件", "a hand file")
# --- the loading boundary (io/load/boundary.py) -------------------------------------------------------------------
KEY_TWICE_COLUMNS = M(
    "'{key}' 在一个映射里写了两次 (第 {line} 行第 {first} 列和第 {second} 列)；只写一次",
    "'{key}' is given twice in one mapping (line {line}, columns {first} and {second}); say it once",
)
KEY_TWICE_LINES = M(
    "'{key}' 在一个映射里写了两次 (第 {first} 行和第 {second} 行)；只写一次",
    "'{key}' is given twice in one mapping (lines {first} and {second}); say it once",
)
NOT_PLAIN_DATA = M(
    "{kind} 不是牌局文件能写的数据 (文字、数字、true/false、null、列表或映射)；先换成其中一种 (日期写成文字)",
    "a {kind} is not data a hand file can hold (text, number, true/false, null, list or mapping); convert it first "
    "(a date to its text)",
)
LEDGER_TOO_LARGE = M(
    "大于 {size} MiB；一场的账本从来没有这么大 (几百局也只有几十 KB)：新开一个账本",
    "is larger than {size} MiB; an evening's ledger never is (hundreds of hands take tens of KB): start a new one",
)
TOO_MANY_HANDS = M(
    "一个账本最多 {most} 局 (这个有 {count} 局)：新开一个账本",
    "a ledger holds at most {most} hands (this one has {count}): start a new one",
)
LEDGER_FULL = M(
    "账本满了 (最多 {most} 局、{size} MiB)：这一局没有加；新开一个账本",
    "the ledger is full (at most {most} hands, {size} MiB): this hand was not added; start a new one",
)
HAND_TOO_LARGE = M(
    "一局最多 {size} KiB (这一局 {given} KiB)", "a hand takes at most {size} KiB (this one takes {given} KiB)"
)
META_TOO_LARGE = M(
    "附注最多 {size} KiB (这里 {given} KiB)", "meta takes at most {size} KiB (this one takes {given} KiB)"
)
LONE_SURROGATE = M(
    "含有不成对的代理码 (\\ud800 到 \\udfff 单独出现)，不是文字；写字符本身，或成对的两个",
    "holds a lone surrogate (\\ud800 to \\udfff alone), which is no text; write the character itself, or its pair",
)
KEY_TWICE_OBJECT = M("'{key}' 在一个对象里写了两次；只写一次", "'{key}' is given twice in one object; say it once")
NOT_TRUE_FALSE = M("'{value}' 不是 true 或 false", "'{value}' is not true or false")
TOO_MANY_DIGITS = M("'{value}' 超过 {digits} 位", "'{value}' has more than {digits} digits")
BEYOND_BIGINT = M(  # an id, meta or a kept key: a warehouse's BIGINT at most
    "'{value}' 超出 64 位整数 (BIGINT，最大 {largest})；写成文字",
    "'{value}' is beyond a 64-bit whole number (BIGINT, at most {largest}); give it as text",
)
BEYOND_UBIGINT = M(  # meta or a kept key: a warehouse's UBIGINT at most
    "'{value}' 超出 64 位整数 (UBIGINT，最大 {largest})；写成文字",
    "'{value}' is beyond a 64-bit whole number (UBIGINT, at most {largest}); give it as text",
)
NOT_WHOLE = M("'{value}' 不是整数", "'{value}' is not a whole number")
NOT_A_NUMBER = M("'{value}' 不是数", "'{value}' is not a number")
PLAIN_YAML_ONLY = M(
    "{tag} 标签：只接受普通 YAML (映射、列表、文字、数、true/false)",
    "the {tag} tag: only plain YAML is accepted (mappings, lists, text, numbers, true/false)",
)
NO_PYTHON_OBJECTS = M(
    "{tag} 标签：只接受普通 YAML (不能有 Python 对象)", "{tag} tag: only plain YAML is accepted (no Python objects)"
)
IS_A_DIRECTORY = M("是文件夹，不是文件", "is a directory, not a file")
NOT_REGULAR = M(
    "不是普通文件 (是设备、管道或套接字)；请给一个文件",
    "is not a regular file (a device, a pipe or a socket); give a file",
)
NO_SUCH_FILE = M("没有这个文件", "no such file")
CANNOT_READ = M("读不了：{reason}", "cannot be read: {reason}")
TOO_LARGE = M("大于 {size} MiB；这不是牌局文件", "is larger than {size} MiB; this is not a hand file")
NOT_UTF8 = M("不是 UTF-8 文字", "is not UTF-8 text")
JSON_EXPECTING_VALUE = M("这里应该有一个值", "a value was expected here")
JSON_EXPECTING_NAME = M("这里应该是用双引号括起来的键", "a key in double quotes was expected here")
JSON_EXPECTING_COMMA = M("这里少了逗号 ','", "a ',' was expected here")
JSON_EXPECTING_COLON = M("这里少了冒号 ':'", "a ':' was expected here")
JSON_EXTRA_DATA = M("对象结束后还有别的内容", "more text after the object ends")
JSON_UNTERMINATED = M("字符串没有结束的引号", "a string that never ends")
JSON_CONTROL = M("字符串里有控制字符", "a control character inside a string")
JSON_ESCAPE = M("无效的转义 (\\)", "an invalid escape (\\)")
YAML_FLOW_MAPPING = M("{{ }} 里少了逗号，或者少了收尾的 }}", "a ',' or the closing '}}' is missing in a {{ }} mapping")
YAML_FLOW_SEQUENCE = M("[ ] 里少了逗号，或者少了收尾的 ]", "a ',' or the closing ']' is missing in a [ ] list")
YAML_MAPPING_VALUES = M(
    "这里不能写冒号 (值里的冒号要加引号，或缩进不对)",
    "a ':' cannot stand here (quote a value with a colon, or check the indentation)",
)
YAML_EXPECTED_COLON = M("少了冒号 ':'", "a ':' is missing")
YAML_TAB = M("YAML 不能用制表符缩进；请用空格", "YAML cannot be indented with tabs; use spaces")
YAML_BAD_CHARACTER = M("这个字符不能开始一个值 (请加引号)", "this character cannot start a value (quote it)")
YAML_EXPECTED_KEY = M("这里应该是一个键 (缩进不对?)", "a key was expected here (is the indentation right?)")
YAML_EXPECTED_CONTENT = M("这里应该有一个值", "a value was expected here")
YAML_EXPECTED_DASH = M("列表项前面少了 '-'", "a list item is missing its '-'")
YAML_UNDEFINED_ALIAS = M("用了没定义的别名 (*name)", "an alias (*name) that is never defined")
YAML_INDENTATION = M("缩进不对", "the indentation is wrong")
YAML_UNEXPECTED_END = M("文件在引号或括号里结束了", "the file ends inside quotes or brackets")
YAML_ESCAPE = M("未知的转义字符 (\\)", "an unknown escape character (\\)")
YAML_ONE_DOCUMENT = M("只能有一个文档 (不要 ---)", "only one document is allowed (no ---)")
YAML_OTHER = M("解析器说：{problem}", "the parser says: {problem}")
YAML_SYNTAX = M("YAML 语法错误：{problem}", "YAML syntax: {problem}")
JSON_SYNTAX = M("JSON 语法错误：{problem}", "JSON syntax: {problem}")
NESTED_TOO_DEEP = M("嵌套太深 (超过 {depth} 层)", "nested too deeply (more than {depth} levels)")
NESTED_LEVELS = M("嵌套超过 {depth} 层；牌局文件从来不会这样", "nested more than {depth} levels deep; a hand never is")
TOO_MANY_ALIASES = M(
    "别名 (*name) 超过 {count} 个，或展开后超过 {items} 项；牌局文件用不着",
    "more than {count} aliases (*name), or more than {items} items once they are expanded; a hand needs none",
)
# --- loading hands and sessions (io/load/load.py, io/load/load_session.py) ---------------------------------------------
MISSING_STAKES = M(
    "缺了 stakes — 起底方案：1、2 或 {{gang: 1000}}", "missing stakes — 起底方案: 1, 2 or {{gang: 1000}}"
)
MISSING_WIN = M("缺了 win — 如 win: {{type: bomb, winner: S}}", "missing win — e.g. win: {{type: bomb, winner: S}}")
CI_DIFFERS = M("和 tiles.ci 不一样：一局只有一张杠底牌", "differs from tiles.ci: the hand has one ci tile (杠底牌)")
HAND_FILE_MAPPING = M(
    "牌局文件应该是字段的映射 (stakes, dealer, win, ...)，不是{kind}",
    "a hand file should be a mapping of fields (stakes, dealer, win, ...), not {kind}",
)
IS_A_SESSION = M(
    "这是场次文件 (多局)：用 `gangci session`", "this is a session file (many hands): use `gangci session`"
)
MISSING_DEALER = M("缺了 dealer — 谁坐庄：E、S、W 或 N", "missing dealer — who dealt (庄家): E, S, W or N")
RULES_FILE_MAPPING = M(
    "规矩文件应该是规矩的映射 (rules: {{...}})，不是{kind}",
    "a rules file should be a mapping of house options (rules: {{...}}), not {kind}",
)
EMPTY_FILE = M("是空的 — {need}", "is empty — {need}")
HAND_NEEDS = M("牌局文件至少要有 stakes、dealer 和 win", "a hand file needs at least stakes, dealer and win")
SESSION_NEEDS = M("场次文件要有 stakes、dealer 和 hands", "a session needs stakes, dealer and hands")
RULES_NEEDS = M("规矩文件要有规矩，如 {{baoci: true}}", "a rules file needs house options, like {{baoci: true}}")
SESSION_MAPPING = M(
    "场次文件应该是映射 (stakes, dealer, hands)，不是{kind}",
    "a session file should be a mapping (stakes, dealer, hands), not {kind}",
)
MISSING_FIRST_DEALER = M("缺了 dealer — 第一局谁坐庄", "missing dealer — who deals the first hand (庄家)")
HANDS_LIST = M("应该是牌局的列表，不是{kind}", "should be a list of hands, not {kind}")
SESSION_COUNTS_MI = M("场次自己一局局地算米：删掉 mi", "a session counts 米 itself, hand by hand: remove mi")
HAND_N = M("第 {n} 局", "hand {n}")
FIELD_MESSAGE = M("{field}: {message}", "{field}: {message}")
# --- writing (io/ledger/atomic.py, io/ledger/lock.py, io/export/export.py) --------------------------------------------------------
CANNOT_WRITE = M("写不了：{reason}", "cannot be written: {reason}")
IS_A_FOLDER = M("是文件夹；请给一个文件名", "is a folder; name a file")
HARD_LINKED = M(
    "有 {links} 个硬链接；gangci 整个替换账本，会把它们分成两份账；只留一个名字 (或用符号链接) 再写",
    "has {links} hard links; gangci replaces a ledger whole, which would split them into two ledgers; keep one name (or use a symlink)",
)
FOLDER_READ_ONLY = M("所在的文件夹不能写；什么也没写", "is in a folder we cannot write; nothing written")
NOT_OURS = M(
    "属于另一个用户；替换它会改掉它的主人；什么也没写 (请文件的主人来写)",
    "belongs to another user; replacing it would change its owner; nothing written (let its owner write it)",
)
READ_ONLY = M("是只读的；什么也没写 (先让它可写)", "is read-only; nothing written (make it writable first)")
CANNOT_LOCK = M("无法加锁写入 ({lock})：{reason}", "cannot be locked for writing ({lock}): {reason}")
LOCK_NOT_OURS = M(
    "无法加锁写入：锁文件 {lock} 是 {owner} 的 ({reason})；请他删掉它，或把账本放到你自己的文件夹",
    "cannot be locked for writing: the lock file {lock} belongs to {owner} ({reason}); ask them to remove it, or "
    "keep the ledger in a folder of your own",
)
LEDGER_BUSY = M(
    "{path}：另一个 gangci 正在往这个账本里记一局；等它完成再试",
    "{path}: another gangci is entering a hand in this ledger; try again when it is done",
)
EXPLAIN_NOT_IN_FORMAT = M(
    "{fmt} 放不下算式：用 --format {formats}", "{fmt} has no room for formulas: use --format {formats}"
)
RULES_NAME_NOTHING = M("它没写任何规矩", "it names no house options")
WHERE_WHAT = M("{where}: {what}", "{where}: {what}")
# --- the referee commands (referee.py) -----------------------------------------------------------------------
NO_TILES = M(
    "没有 tiles：要查胡牌，加上 tiles: {{ci: ..., hand: ..., win_tile: ...}}",
    "has no tiles: to check a claim, add tiles: {{ci: ..., hand: ..., win_tile: ...}}",
)
CHECK_NEEDS = M(
    "要查的牌：给一个有 tiles: 的牌局文件，或 --type、--hand 和 --ci",
    "what to check: a hand file with tiles:, or --type, --hand and --ci",
)
CHECK_FILE_OR_OPTIONS = M("给牌局文件或 --type/--hand，不要两样都给", "give a hand file or --type/--hand, not both")
# --- batch (commands/batch/) ------------------------------------------------------------------------------------------
CONFIG_UNREADABLE = M(
    "gangci：读不了设置文件 ({reason})；用中文 (GANGCI_LANG=en 或 --lang en 可改成英文)",
    "gangci: the config file cannot be read ({reason}); speaking Chinese (GANGCI_LANG=en or --lang en for English)",
)
RECORD_TOO_LARGE = M(
    "这一条记录大于 {size} MiB，gangci score 也不收；跳过",
    "the record is larger than {size} MiB, as gangci score refuses; passed by",
)
TOO_MANY_JOBS = M("{jobs} 太多；最多 {most} 个 (每个核 4 个)", "{jobs} is too many; at most {most} (four per core)")
LEDGER_IS_RULES = M(
    "账本 {ledger} 也是 --rules 的规矩文件；账本和规矩放在两个文件里",
    "the ledger {ledger} is also the --rules file; keep the ledger and the rules in two files",
)
OUTPUT_IS_INPUT = M(
    "{output} 是输入之一；把结果写到另一个文件", "{output} is one of the inputs; write the results to another file"
)
BATCH_SUMMARY = M(
    "batch：{hands}，{scored} 局算好，{failed} 局失败{unreadable}{blank}，{seconds:.2f} 秒，每秒 {rate:,.0f} 局{stopped}",
    "batch: {hands}, {scored} scored, {failed} failed{unreadable}{blank}, {seconds:.2f} s, {rate:,.0f} hands/s{stopped}",
)
BATCH_HANDS = M("{count} 局", "{count} hands")
BATCH_HANDS_ONE = M("1 局", "1 hand")
KEEP_NEVER_SEEN = M("注意：没有一局带 --keep 的键 {keys}", "note: no record had the --keep key {keys}")
ARROW_SCHEMA_OF_RESULT = M(
    "--arrow 只用于 result (batch -o FILE.parquet 的列)；--keep 和 --payments 要和 --arrow 一起用",
    "--arrow is for result only (the columns of batch -o FILE.parquet); --keep and --payments go with --arrow",
)
KEEP_KEEPS = M("{said}；要把它带到结果里，用 --keep {key}", "{said}; --keep {key} keeps it")  # batch's unknown key
BATCH_BLANK = M("，跳过 {count} 个空行", ", {count} blank lines passed by")
BATCH_BLANK_ONE = M("，跳过 1 个空行", ", 1 blank line passed by")
BATCH_UNREADABLE = M("，{count} 个输入读不了", ", {count} unreadable inputs")
BATCH_UNREADABLE_ONE = M("，1 个输入读不了", ", 1 unreadable input")
BATCH_STOPPED = M(" (遇到第一个失败就停了：--strict)", " (stopped at the first failure: --strict)")
# --- the command line (cli.py) -------------------------------------------------------------------------------
STOPPED_AT_PROMPT = M("\ngangci：在提问处停下；{left}", "\ngangci: stopped at a prompt; {left}")
INTERRUPTED = M("gangci：被中断；{left}", "gangci: interrupted; {left}")
TERMINATED = M("gangci：被终止；{left}", "gangci: terminated; {left}")
INTERRUPTED_BARE = M("gangci：被中断", "gangci: interrupted")
TERMINATED_BARE = M("gangci：被终止", "gangci: terminated")
NOTHING_WRITTEN = M("什么也没写", "nothing written")
NOTHING_WRITTEN_UNDER = M("{output} 什么也没写", "nothing written under {output}")
RESULTS_SO_FAR = M("已算好的结果已经写出", "the results so far were written")
SAVED_BEFORE_STOP = M("这一局已经存进 {file}，不要再记一次", "the hand was saved to {file}; do not enter it again")
WRITTEN_BEFORE_STOP = M("{file} 已经完整写好", "{file} was written in full")
HANDS_KEPT = M("已记入的牌局都在，这一局没记", "the hands entered are kept; this one was not written")
CANNOT_WRITE_OUTPUT = M("gangci：输出写不了：{reason}", "gangci: cannot write the output: {reason}")
INTERNAL_ERROR = M(
    "gangci：内部错误，请带上引起它的输入报告 (gangci {version})：{detail} — GANGCI_DEBUG=1 显示调用栈",
    "gangci: internal error, please report it with the input that caused it (gangci {version}): {detail}"
    " — GANGCI_DEBUG=1 shows the traceback",
)
ONE_AT_A_TIME = M("{options} 一次只能用一个", "use one of {options} at a time")
# --- the user's config file (io/load/config.py) -------------------------------------------------------------------
NOT_A_LANGUAGE = M("{value} 不是语言 — 用 zh 或 en", "{value} is not a language — use zh or en")
CONFIG_MAPPING = M(
    "配置文件应该是映射，如 lang: en，不是{kind}", "the config file should be a mapping, like lang: en, not {kind}"
)
WHAT_CONFIG = M("配置 (lang)", "the config (lang)")
CONFIG_NEEDS = M("配置文件可以写 lang: en", "a config file may say lang: en")
# --- answers at the prompts (io/load/answers.py, prompts.py, evening.py) ------------------------------------------
WIN_ANSWER = M(
    "{value}：炸弹 天胡 暗呲 天呲 直呲 续呲 流局，或它的编号",
    "{value}: 炸弹 天胡 暗呲 天呲 直呲 续呲 流局 (bomb heavenly anci tianci zhici xuci draw), or its number",
)
SEAT_ANSWER = M(
    "{value} 不是座位 — 东 南 西 北、E S W N 或玩家名字",
    "{value} is not a seat — 东 南 西 北, E S W N or a player's name",
)
NOT_UNDERSTOOD_IN = M("看不懂 {value} (在 {text} 里)", "{value} is not understood in {text}")
WHOSE_BET = M("先说是谁的{bet}，如 南飘1 或 S piao 1", "say whose {bet} it is first, e.g. 南飘1 or S piao 1")
COUNT_RANGE = M("{bet} {count}：只能是 0 到 3", "{bet} {count}: counts are 0 to 3")
NOT_AN_ADDON = M("{value} 不是加番 — 飘 piao、抵 di、杠 gang", "{value} is not an add-on — 飘 piao, 抵 di, 杠 gang")
WHO_MADE_KONG = M(
    "先说谁开的{kong}，如 北暗杠 或 N concealed", "say who made the {kong} first, e.g. 北暗杠 or N concealed"
)
NOT_A_KONG_ANSWER = M(
    "{value} 不是杠 — 暗杠 concealed、明杠 exposed、续杠 added",
    "{value} is not a kong — 暗杠 concealed, 明杠 exposed, 续杠 added",
)
KONG_NEEDS_KIND = M(
    "每个杠都要说是哪种：暗杠、明杠 或 续杠", "each kong needs its kind: 暗杠 concealed, 明杠 exposed or 续杠 added"
)
NOT_UNDERSTOOD = M("看不懂 {value}", "{value} is not understood")
NOT_HOW_IT_CAME = M("{how}的牌成不了{zh}", "{how} tile cannot make {zh}")
HOW_CAME_DISCARD = M("别家打出（或加杠）", "a discarded (or robbed)")
HOW_CAME_DRAWN = M("自己摸到", "a self-drawn")
PAID_LIST = M(
    "已付 要是一串付款 [{{from: 小李, to: 张姐, amount: 3700}}]，不是{kind}",
    "paid must be a list of payments [{{from: 小李, to: 张姐, amount: 3700}}], not {kind}",
)
WHAT_PAYMENT = M("一笔付款 (from 付款人, to 收款人, amount 金额)", "a payment (from, to, amount)")
NOT_A_PAYMENT = M(
    "{value} 不是付款金额 (最多 {most} 位的正整数，或半个如 1850.5)",
    "{value} is not a payment amount (whole, of at most {most} digits, or a half as 1850.5)",
)
MORE_DIGITS_THAN = M("超过 {most} 位的数", "a number of more than {most} digits")
PAID_NOT_A_PERSON = M(
    "{name} 不是这一场的人 (这一场有: {people})", "{name} is nobody of this evening (its people: {people})"
)
PAID_NOT_OPEN = M(
    "{payment} 不是这一场还没付的一笔 (没付的: {open})",
    "{payment} is not a transfer still open this evening (open: {open})",
)
TRANSFER_NEEDS_PAID = M(
    "多给的这一项只跟 --paid 或 --unpaid 一起用 (记一笔已付，或撤回一笔)",
    "a transfer is given only with --paid or --unpaid (to record a payment, or take one back)",
)
PAID_AMBIGUOUS = M(
    '{payment} 有两种读法：{readings}。用 --to 写收款人、--amount 写金额，例如 gangci session FILE "{payer}" --paid --to "{payee}" --amount {amount}',
    "{payment} reads two ways: {readings}. Name the payee with --to and the amount with --amount, for example "
    'gangci session FILE "{payer}" --paid --to "{payee}" --amount {amount}',
)
TO_NEEDS_AMOUNT = M(
    "--to 要跟付款人 (FILE 后面那一项) 和 --amount 一起给", "--to needs the payer (the item after FILE) and --amount"
)
UNPAID_NEEDS_ONE = M(
    "--unpaid 要说撤回哪一笔 (已付的: {paid})", "--unpaid needs the payment to take back (recorded: {paid})"
)
PAID_NOT_RECORDED = M(
    "{payment} 不是记下的已付 (已付的: {paid})", "{payment} is not a payment recorded (recorded: {paid})"
)
PAID_WOULD_DANGLE = M(
    "这样改完，已付里的 {name} 就不是这一场的人了：先撤回那笔已付 (--unpaid)，文件没动",
    "after this change, {name} of a recorded payment would be nobody of the evening: take the payment back "
    "first (--unpaid); the file is unchanged",
)
DATE_DISAGREES = M(
    "{given} 和 {file} 写的日期 {date} 不同：去掉 --date，或改文件里的 date:",
    "{given} is not the date {file} gives ({date}): leave --date out, or change the ledger's date:",
)
NOT_A_FOLDER = M("不是文件夹 (--club 要一个放账本的文件夹)", "is not a folder (--club takes the folder of the ledgers)")
CANNOT_RECORD_PAID = M(
    "记不下已付：文件开头写成了一整个 {{...}}，要一行一个键 (把 paid: [...] 自己写进去也行)",
    "cannot record the payment: the ledger is one {{...}} mapping, not a key a line (write paid: [...] into it)",
)
NOT_A_DATE = M("{value} 不是日期 — 写成 2026-12-01", "{value} is not a date — write it as 2026-12-01")
KEEP_TOP_LEVEL = M(
    "{key}：--keep 只取记录最外层的键；{top} 已经整个原样带回",
    "{key}: --keep takes a record's top-level keys; {top} is echoed whole already",
)
DISCARD_OR_DRAWN = M("--from-discard 和 --self-drawn 只能给一个", "give --from-discard or --self-drawn, not both")
NOT_A_FEE_ANSWER = M(
    "{value} 看不懂 — 如 每局10、每胡50、每晚100、收款=老王",
    "{value} is not a fee — e.g. per_hand=10 per_win=50 to=Zhao",
)
NOT_A_HOUSE_RULE = M(
    "{value} 不是规矩 — 如 包次 庄家翻倍 硬次 下米500", "{value} is not a house rule — e.g. 包次 庄家翻倍 硬次 下米500"
)
RULE_TWICE = M("{key} 写了两次", "{key} is given twice")
YES_OR_NO = M("{value}：是 或 否 (y / n)", "{value}: y or n (是 / 否)")
TILE_ANSWER = M("{value}：{problem}", "{value}: {problem}")
STAKES_ANSWER = M("{value}：1、2 或一个杠底金额，如 500", "{value}: 1, 2, or a kong base (杠底) like 500")
ALREADY_SITS = M("{name} 已经坐在 {seat}：换座 是两人换座位", "{name} already sits at {seat}: 换座 swaps two seats")
FILE_EXISTS = M("已经存在 — 用 --add 往里加一局", "already exists — use --add to add a hand to it")
NO_HAND_TO_UNDO = M("还没有牌局可撤销", "there is no hand to undo")
NO_SUCH_HAND = M("没有第 {n} 局 (共 {count} 局)", "there is no hand {n} (the ledger has {count})")
NOT_A_HAND_NUMBER = M("{value} 不是局号：写 1 起的整数", "{value} is not a hand number: give a whole number from 1")
NOT_A_TIME = M("{value} 不是时间：写成 2026-12-04T21:30", "{value} is not a time: write it as 2026-12-04T21:30")
HAND_NOT_NEXT = M(
    "第 {n} 局不是下一局：下一局是第 {next} 局，没有记",
    "hand {n} is not the next one: the next is hand {next}; not saved",
)
HAND_TAKEN = M(
    "第 {n} 局已经记过了 (账本里共 {count} 局)：没有再记一次",
    "hand {n} is already saved (the ledger has {count}): it was not saved again",
)
CANNOT_APPEND = M("加不进去：{reason}", "cannot add the hand: {reason}")
NEEDS_WEB = M(
    "gangci serve 需要网页组件：在 gangci 的目录里 pip install '.[web]' ({missing})",
    "gangci serve needs the web parts: pip install '.[web]' in gangci's folder ({missing})",
)
CANNOT_BIND = M("不能在 {address} 上开页面：{reason}", "cannot serve on {address}: {reason}")
PORT_TAKEN = M("端口 {port} 用不了：{reason}", "port {port} cannot be used: {reason}")
TOKEN_KEPT = M(
    "沿用这个账本的令牌 ({file})：已打开的手机会自己重连；要作废它，加 --new-token (每台手机都要重新扫码)",
    "the ledger's token is kept ({file}): open phones reconnect by themselves; --new-token revokes it "
    "(every phone scans again)",
)
TOKEN_NEW = M(
    "新令牌，存在 {file} (只有你能读)：每台手机都要扫一次码；下次用同一个账本开页面还是它",
    "a new token, kept in {file} (readable by you only): every phone scans once; serving this ledger again keeps it",
)
TOKEN_GIVEN = M(
    "用 --token 给的令牌，存在 {file}：下次用同一个账本开页面还是它",
    "the token --token gives, kept in {file} for the next start",
)
TOKEN_UNKEPT = M(
    "令牌存不进 {file}：这次的令牌只到这次停下为止，下次手机要重新扫码",
    "the token cannot be kept in {file}: it lasts until this server stops, and phones scan again next time",
)
LEFT_ALONE_FEW = M(
    "账本旁边这些临时文件不是你的 (或删不掉)，留着没动：{files}",
    "left alone beside the ledger (not yours, or cannot be removed): {files}",
)
LEFT_ALONE = M(
    "账本旁边这些临时文件不是你的 (或删不掉)，留着没动：{files} 等，还有 {more} 个",
    "left alone beside the ledger (not yours, or cannot be removed): {files} and {more} more",
)
BAD_TOKEN = M(
    "令牌要 {fewest} 到 {most} 个字符，只用 A–Z a–z 0–9 - _ . ~ (不加 --token 时自动生成一个)",
    "a token is {fewest} to {most} characters of A–Z a–z 0–9 - _ . ~ (without --token one is made for you)",
)
SERVE_LEFT = M("页面已停；账本里是已保存的每一局", "the page stopped; the ledger holds every hand saved")
NEEDS_ARROW = M(
    "Parquet 需要 Arrow 组件：在 gangci 的目录里 pip install '.[arrow]'",
    "Parquet needs the Arrow parts: pip install '.[arrow]' in gangci's folder",
)
COLUMN_TWICE = M("'{key}' 这一列写了两次；只写一次", "the column '{key}' is given twice; say it once")
NOT_PARQUET = M("不是能读的 Parquet 文件：{reason}", "not a Parquet file that can be read: {reason}")
TABLE_ALREADY = M("这个账本已经开局了 — 往里记牌即可", "this ledger already holds an evening — add hands to it")
# --- records (io/load/fields.py, commands/batch/) --------------------------------------------------------------------------
NOT_AN_ID = M("{value} 不是编号：写文字或整数", "{value} is not an id: give text or a whole number")
META_MAPPING = M("应该是映射 (随便什么键)，不是{kind}", "should be a mapping (any keys), not {kind}")
TOTALS_PLAYERS = M("各玩家合计 ({count:,} 人)", "totals by player ({count:,})")  # batch --totals' table
TOTALS_MORE = M("还有 {count:,} 人", "{count:,} more")
TOTALS_FILE_HINT = M("全部玩家：--totals-out 文件.csv (或 .json)", "every player: --totals-out FILE.csv (or .json)")
TOTALS_OUT_IS_OUTPUT = M("--totals-out 和 -o 不能是同一个文件", "--totals-out and -o cannot be the same file")
KEEP_CLASHES = M(
    "{key} 是牌局或结果本身的键，不能 --keep", "{key} is a key of the hand or of its result; it cannot be kept"
)
UNKNOWN_COLUMN = M(  # a table's column no hand has (a platform's room_id): said once, before any row is scored
    "'{key}' 这一列不是牌局的键；要把它原样带到每局的结果里，用 {keep}",
    "the column '{key}' is not a key of a hand; {keep} passes it through to each hand's result",
)
# --- the terminal beside the page: the lock and its holder (io/ledger/lock.py, commands/session/evening.py) ------
LEDGER_HELD = M(
    "{path}：账本正被{holder}占用 (锁文件 {lock})；稍后再试",
    "{path}: the ledger is held by {holder} (lock file {lock}); try again in a moment",
)
HELD_BY_TERMINAL = M("终端上的 {command} (进程 {pid})", "{command} at a terminal (process {pid})")
HELD_BY_PAGE = M("记账网页 (gangci serve，进程 {pid})", "the table's page (gangci serve, process {pid})")
HELD_BY_UNKNOWN = M("另一个程序", "another program")
HELD_OF_USER = M("用户 {user} 的{holder}", "{holder} of user {user}")
HELD_BY_PHONES = M("其他手机正在保存的改动", "other phones' changes being saved")
WRITE_ABANDONED = M("请求已放弃；什么也没写", "the request was given up; nothing was written")
EVENING_MOVED_NEXT = M(
    "你输入时账本变了 (别处记了、撤销或改了牌局，现在 {count} 局)：这一局记为第 {n} 局",
    "the evening changed while you answered (a hand added, undone or edited elsewhere; {count} hands now):"
    " this hand is saved as hand {n}",
)
EVENING_MOVED_AGAIN = M(
    "你输入时账本变了 (现在 {count} 局)，下一局 (第 {n} 局) 的庄家、座位或规矩已不同：什么也没写，请按现在的样子再输入",
    "the evening changed while you answered ({count} hands now) and the next hand, hand {n}, has another dealer,"
    " seats or rules: nothing written; enter it again as it is now",
)
EDIT_MOVED = M(
    "你输入时第 {n} 局或它之前的牌局被别处改了：什么也没写，请按现在的样子再改",
    "hand {n} or a hand before it was changed elsewhere while you answered: nothing written; edit it again as it"
    " is now",
)
