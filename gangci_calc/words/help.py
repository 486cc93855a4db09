"""``--help`` text for every command and option, in Chinese and English (picked when gangci starts)."""

from __future__ import annotations

from gangci_calc.words import Message as M

HELP: dict[str, M] = {
    "app": M("洛阳杠次 (杠呲) 麻将结算器。", "Settlement calculator for Luoyang Gangci mahjong (洛阳杠次 / 杠呲)."),
    "version": M("显示版本后退出。", "Show the version and exit."),
    "format": M("{choices} (第一种给人看)。", "{choices} (the first for people)."),
    "lang": M(
        "语言：zh 中文 (默认) 或 en English；也可设 GANGCI_LANG。",
        "Language: zh 中文 (default) or en English; or set GANGCI_LANG.",
    ),
    "no_check": M("牌不支持所报的胡也照算。", "Score even where the tiles given do not support the claimed win."),
    "rules": M(
        "本桌的规矩：一个写着 rules: {{...}} 的 YAML 文件；文件自己的 rules: 会改它。",
        "The table's house rules (规矩): a YAML file with rules: {{...}}; a file's own rules: change them.",
    ),
    "score": M("一局结束后每位玩家的输赢表。", "Per-player payout table for one finished hand."),
    "score_hand": M("一个牌局文件 (YAML 或 JSON)。", "A hand file (YAML or JSON)."),
    "explain": M("列出每笔钱和它的算式。", "List every payment with its formula."),
    "session_explain": M(
        "在后面按局列出每一局的每笔钱和算式。", "Then every hand's payments with their formulas, hand by hand."
    ),
    "session": M(
        "一晚上的每一局、累计，和最后谁付谁。",
        "Every hand of an evening, running totals, and who pays whom at the end.",
    ),
    "session_file": M("一个场次文件 (多局)。", "A session file (many hands)."),
    "serve": M(
        "在局域网上开一页：桌上每部手机都能看这一晚、记牌、撤销和改牌 (需要网页组件：pip install '.[web]')。",
        "Serve the evening as a page on the LAN: every phone at the table sees it and can enter, undo and edit hands"
        " (needs the web parts: pip install '.[web]').",
    ),
    "serve_ledger": M(
        "场次文件；不存在或还空着时，页面先开新的一晚。",
        "The session file; missing or empty, the page starts a new evening.",
    ),
    "serve_port": M("端口 (默认 8000，被占就用下一个空的)。", "The port (default 8000, or the next free one)."),
    "serve_lan": M(
        "也在本机的局域网地址上开 (默认只在本机)。",
        "Serve on this machine's LAN addresses too (default: this machine only).",
    ),
    "serve_host": M("只在这一个地址上开。", "Serve on this one address only."),
    "serve_token": M(
        "用这个口令，并存在账本旁边 (默认：沿用账本旁边存的那个，第一次随机生成)。",
        "Use this token, and keep it beside the ledger (default: the one kept there; a random one the first time).",
    ),
    "serve_no_qr": M("不打印二维码。", "Do not print the QR code."),
    "amounts": M(
        "金额写法：exact 整数照写 (默认)，decimal 每个金额都带一位小数 (-200.0, 1500.5)，让 polars、pandas 每行同一类型。",
        "How amounts are written: exact, whole ones as integers (the default), or decimal, every one with one decimal"
        " place (-200.0, 1500.5), so polars and pandas give every line the same type.",
    ),
    "history": M(
        "俱乐部的历史战绩：多个场次文件的每人合计、台费、还欠、局数、胜率、胡牌、点炮、续呲供、最好最差一局；"
        "每场每人、流局和还没付的转账。",
        "The club's record over many ledgers: each person's total, fees, what is still owed, hands, win rate, wins, "
        "discards, 续呲 fed, best and worst hand; each evening per person, the draws and the transfers still open.",
    ),
    "history_paths": M(
        "场次文件或文件夹 (文件夹里找所有 .yaml)。", "Ledger files or folders (folders are searched for .yaml ledgers)."
    ),
    "since": M("只算这天及以后的场次 (YYYY-MM-DD)。", "Only evenings on or after this date (YYYY-MM-DD)."),
    "until": M("只算这天及以前的场次 (YYYY-MM-DD)。", "Only evenings on or before this date (YYYY-MM-DD)."),
    "chart": M(
        "把每人的累计画成 SVG 图，写到这个文件。", "Draw each person's running total as an SVG chart, into this file."
    ),
    "picture": M(
        "把这一晚画成 PNG 图片 (合计、结账、走势、规矩)，写到这个文件，好发到群里 (需要 pip install '.[picture]' 和中文字体)。",
        "Draw the evening as a PNG picture (totals, settle-up, chart, rules) into this file, for the group chat "
        "(needs pip install '.[picture]' and a Chinese font).",
    ),
    "history_picture": M(
        "把赛季画成 PNG 图片 (合计、没付清的、走势)，写到这个文件 (需要 pip install '.[picture]' 和中文字体)。",
        "Draw the season as a PNG picture (totals, what is still open, chart) into this file "
        "(needs pip install '.[picture]' and a Chinese font).",
    ),
    "add": M("在提问中记下一局，加到文件末尾。", "Enter the next hand at the prompts and append it."),
    "new": M("在提问中开一个新的场次文件。", "Start a new session file at the prompts."),
    "paid": M(
        '把这一场的结账记为已付 (写进文件的 paid:)：全部，或后面写的一笔 (如 "小李 张姐 3700")。',
        "Record the evening's settle-up as paid (the ledger's paid:): all of it, or the one transfer given after it "
        '(say "小李 张姐 3700").',
    ),
    "date": M(
        "这一场的日期：--new 写进新文件 (不给就是今天)；文件没写日期时，输出用它。",
        "The evening's date: --new writes it into the new ledger (default today); the output of a ledger without "
        "one shows it.",
    ),
    "serve_club": M(
        "这个赛季的账本所在的文件夹：页面多一个赛季视图 (排名、还欠、走势、还没付的和已付按钮)。",
        "The folder of the season's ledgers: the page gains a 赛季 (season) view (standings with what is owed, the "
        "chart, the transfers still open, each with a Paid button).",
    ),
    "unpaid": M(
        '撤回一笔记下的已付 (从 paid: 里拿掉)，后面写那一笔 (如 "小李 张姐 3700")。',
        'Take back a payment recorded as paid (it leaves paid:): the one given after it (as "小李 张姐 3700").',
    ),
    "paid_to": M(
        "和 --paid/--unpaid 一起：收款人；这时 FILE 后面那一项是付款人 (名字带空格时不会读错)。",
        "With --paid/--unpaid: the payee; the item after FILE is then the payer (names with spaces read one way).",
    ),
    "paid_amount": M("和 --to 一起：金额 (如 3700 或 1850.5)。", "With --to: the amount (3700, or 1850.5)."),
    "serve_new_token": M(
        "换一个新令牌 (旧链接作废，每台手机都要重新扫码)；不加时沿用账本旁边存的那个。",
        "Make a fresh token (old links stop working; every phone scans again); without it the one kept beside the "
        "ledger is used again.",
    ),
    "paid_transfer": M(
        "和 --paid 一起：已付的一笔，付款人 收款人 金额，照结账里写的。",
        "With --paid: the transfer paid, payer payee amount, as the settle-up shows it.",
    ),
    "play": M(
        "整晚留在提问中：u 撤销 · s 排名 · l 账本 · q 结账离开。",
        "Stay at the prompts all evening: u undo, s standings, l ledger, q leave.",
    ),
    "undo": M("删掉最后一局 (并说出是哪一局)。", "Remove the last hand (and say which it was)."),
    "edit": M("重新问第 N 局，原来的答案作为默认。", "Ask hand N again, its answers as the defaults."),
    "check": M(
        "裁判：这副牌真能胡所报的胡吗？是 退出码 0，否 1。",
        "Referee: is the claimed win real for these tiles? Exit 0 yes, 1 no.",
    ),
    "check_hand": M(
        "一个有 tiles: 的牌局文件 (或者用下面的选项直接给牌)。",
        "A hand file with tiles: (or give the tiles with the options below).",
    ),
    "check_type": M(
        "所报的胡：{zh} (或 {en})；点炮、抢杠要本桌有这条规矩，不皮次的桌没有天呲。",
        "The claimed win: {en} (or {zh}); dianpao and qianggang where the table's rules have them, tianci where it"
        " plays 皮次 (pici, the default).",
    ),
    "check_winner": M(
        "谁胡的：E S W N 或 东南西北 (天胡时要和 --dealer 一样)。",
        "Who won: E S W N or 东南西北 (for 天胡, the same as --dealer).",
    ),
    "check_dealer": M("庄家 (只有天胡需要)。", "The dealer (only a heavenly win needs it)."),
    "check_tiles": M(
        '胡牌前手里的牌，如 "111s 222s 23m 33p 444p"。',
        'The concealed tiles before the winning tile, e.g. "111s 222s 23m 33p 444p".',
    ),
    "win_tile": M("胡的那张牌，如 1s。", "The tile that won, e.g. 1s."),
    "from_discard": M(
        "胡的那张牌是别家的 (打出或加杠)：只说这样能成的胡 (直呲、点炮、抢杠)。",
        "The winning tile came from another player (a discard, or an added kong): name only the wins it can make.",
    ),
    "self_drawn": M(
        "胡的那张牌是自己摸的：只说这样能成的胡 (炸弹、天胡、暗呲、续呲…)。",
        "The winning tile was self-drawn: name only the wins it can make (bomb, anci, xuci, ...).",
    ),
    "ci": M("杠底牌，如 4m 或 四万。", "The ci tile (杠底牌), e.g. 4m or 四万."),
    "pungs": M("碰出的牌，如 4m (可重复)。", "Exposed pungs (碰), e.g. 4m (repeatable)."),
    "kongs": M("明杠或续杠的牌 (可重复)。", "Exposed or added kongs (明杠 / 续杠) (repeatable)."),
    "concealed_kongs": M("以前开的暗杠 (可重复)。", "Concealed kongs declared earlier (暗杠) (repeatable)."),
    "waits": M(
        "一副牌听什么，下一张什么牌能胡、怎么胡 (按本桌规矩：--rules)。",
        "Waits of a hand, and which next tile makes which win (at this table: --rules).",
    ),
    "waits_pungs": M('碰出的牌，每张一副碰，如 "4m 7p"。', 'Exposed pungs (碰), one tile for each, e.g. "4m 7p".'),
    "waits_kongs": M(
        '明杠或续杠，每张一副杠，如 "1s" (杠算一副，手里 13 张要少 3 张)。',
        'Exposed or added kongs (明杠 / 续杠), one tile for each, e.g. "1s" (a kong counts as one set of three).',
    ),
    "waits_concealed_kongs": M(
        "以前开的暗杠，每张一副杠。", "Concealed kongs declared earlier (暗杠), one tile for each."
    ),
    "waits_hand": M('13 张牌，如 "111s 222s 23m 33p 444p"。', '13 tiles, e.g. "111s 222s 23m 33p 444p".'),
    "dice": M("从哪里起拿牌，翻哪张作杠底牌。", "Where dealing starts and which tile is flipped as the ci tile."),
    "die_first": M("第一颗骰子，1–6。", "First die, 1–6."),
    "die_second": M("第二颗骰子，1–6。", "Second die, 1–6."),
    "dice_dealer": M("谁坐庄：E S W N 或 东南西北。", "Who deals (庄家): E S W N or 东南西北."),
    "rules_command": M(
        "规则书：默认规则和每条规矩，或一桌的规矩。",
        "The rule book: the seed's rules and every house option (规矩), or one table's options.",
    ),
    "rules_file": M(
        "规矩文件、牌局文件或场次文件：显示那一桌的规矩。",
        "A rules file, hand file or session: show that table's options.",
    ),
    "schema": M(
        "牌局文件、场次文件、batch 结果行、score 或 session 的 JSON 输出的 JSON Schema (draft 2020-12)，给编辑器和校验器用。",
        "JSON Schema (draft 2020-12) of hand files, session files, batch's result lines, or score's and session's JSON,"
        " for editors and validators.",
    ),
    "schema_kind": M(
        "hand (牌局)、session (场次)、result (batch 的一行结果)、score (score -f json) 或 evening (session -f json)。",
        "hand, session, result (a line of batch), score (score -f json) or evening (session -f json).",
    ),
    "schema_arrow": M(
        "result：改为给出 batch -o FILE.parquet 写的 Arrow 结构 (和 --keep、--payments 一起：加上那些列)。",
        "result: the Arrow schema batch -o FILE.parquet writes instead (with --keep, --payments: their columns too).",
    ),
    "batch": M(
        "批量计算记录的牌局，流式处理，每局一行结果，按输入顺序。",
        "Score recorded hands in bulk, streaming, one result per hand, in input order.",
    ),
    "batch_inputs": M(
        "YAML 流、JSON Lines、Parquet 文件、文件夹，或 - 表示标准输入。",
        "YAML streams, JSON Lines, Parquet files, directories, or - for stdin.",
    ),
    "batch_format": M(
        "{choices}：每局一行，给程序和表格读 (-o FILE.parquet 写 Parquet)。",
        "{choices}: a line per hand, for programs and spreadsheets (-o FILE.parquet writes Parquet).",
    ),
    "output": M(
        "写到这里 (原子地：先写临时文件，最后改名)。", "Write here (atomically: a temporary file renamed at the end)."
    ),
    "input_format": M(
        "输入是什么: jsonl 或 yaml (默认看文件后缀；标准输入看第一行)。",
        "What the inputs hold: jsonl or yaml (default: each file's suffix; standard input's first line).",
    ),
    "jobs": M("用几个进程计算 (最多每个核 4 个)。", "Processes to score with (at most four per core)."),
    "keep": M(
        "把记录里这个顶层键原样带到结果里 (可重复)。",
        "Pass this top-level key of each record through to its result, untouched (repeatable).",
    ),
    "payments": M(
        "每局结果里列出每笔钱：付款人、收款人、金额、原因。",
        "Add each payment to a hand's result: payer, payee, amount, reason.",
    ),
    "totals": M(
        "最后在 stderr 列出每个座位的合计，和玩家合计表 (有名字时；多于 20 人只列输赢最多的各 10 人)。",
        "End with the totals per seat, and a table of the players' (where names are given; beyond 20 players, the"
        " 10 who won most and the 10 who lost most) on stderr.",
    ),
    "totals_out": M(
        "把全部合计写进这个文件：.csv 写成表 (kind,name,total)，其他写成 JSON。",
        "Write every total to this file: a table (kind,name,total) for .csv, else JSON.",
    ),
    "strict": M("遇到第一局失败就停。", "Stop at the first hand that fails."),
    "verbose": M(
        "旧脚本用的，不再多说什么：每一局都走同一条路算。",
        "Kept for scripts that pass it; it adds nothing: every hand is scored the one way.",
    ),
}
