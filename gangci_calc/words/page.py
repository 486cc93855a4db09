"""The words of the table's page (``gangci serve``), in Chinese and English.

The server puts them into the page and hands the form's words to its script, so
the script itself holds no word of either language.
"""

from __future__ import annotations

from gangci_calc.words import Message as M

PAGE: dict[str, M] = {
    "title": M("杠次记账", "Gangci table"),
    "other_language": M("English", "中文"),
    "live": M("实时", "live"),
    "offline": M("连接中断，重连中…", "connection lost, reconnecting…"),
    "standings": M("总排名", "Standings"),
    "hands": M("牌局", "Hands"),
    "no_hands": M("还没有牌局", "no hands yet"),
    "settle_up": M("结账", "Settle-up"),
    "nothing_to_settle": M("无需转账", "nobody owes anybody"),
    "pays": M("付给", "pays"),
    "chart": M("走势 (每局后的累计)", "Running totals, hand by hand"),
    "chat": M("发到群里", "For the group chat"),
    "copy_text": M("复制", "Copy"),
    "download": M("下载账本", "Download the ledger"),
    "download_hint": M(
        "账本 {file} 下载好了。换一台电脑接着打：装好 gangci-calc (带 web)，运行 gangci serve {file}；"
        "gangci session {file} 和 gangci history 也都认它。",
        "The ledger {file} is downloaded. To carry on elsewhere: install gangci-calc with its web extra and run "
        "gangci serve {file}; gangci session {file} and gangci history read it too.",
    ),
    "copied": M("已复制", "Copied"),
    "enter": M("记第 {n} 局", "Enter hand {n}"),
    "edit_hand": M("改第 {n} 局", "Edit hand {n}"),
    "edit": M("改", "edit"),
    "win_type": M("怎么胡的", "How it ended"),
    "winner": M("谁胡", "Winner"),
    "from_discard": M("谁放的", "From"),
    "bao": M("包次 (点炮的人包三家)", "包次: the discarder pays for all three"),
    "tiles_left": M("剩牌 (按包次线算包次)", "tiles left (包次 by the mark)"),
    "ci": M("次牌 (翻出的字牌)", "ci tile (an honour turned up)"),
    "ci_none": M("不是字牌", "not an honour"),
    "dealer": M("庄家", "Dealer"),
    "dealer_usual": M("按规矩：{who}", "as the rules say: {who}"),
    "addons": M("加番 (飘 / 抵 / 杠)", "Add-ons (piao / di / gang)"),
    "bets_title": M("加番 ({list})", "Add-ons ({list})"),  # the steppers this table has: 飘 抵 杠, and 跑 under 带跑
    "kongs": M("杠", "Kongs"),
    "add_kong": M("+ 加一个杠", "+ add a kong"),
    "remove": M("删", "remove"),
    "kong_by": M("谁杠", "by"),
    "kong_type": M("哪种杠", "kind"),
    "kong_from": M("谁放的", "from"),
    "preview": M("先算一下", "Preview"),
    "save": M("保存", "Save"),
    "cancel": M("取消", "Cancel"),
    "undo": M("撤销最后一局", "Undo the last hand"),
    "undo_confirm": M("撤销第 {n} 局？", "Undo hand {n}?"),
    "saved": M("已保存第 {n} 局", "hand {n} saved"),
    "removed": M("已撤销第 {n} 局", "hand {n} removed"),
    "heard_saved": M("{who} 记了第 {n} 局：{amounts}", "{who} entered hand {n}: {amounts}"),
    "heard_edited": M("{who} 改了第 {n} 局：{amounts}", "{who} edited hand {n}: {amounts}"),
    "heard_edited_same": M("{who} 改了第 {n} 局 (钱数没变)", "{who} edited hand {n} (the amounts stay)"),
    "heard_undone": M("{who} 撤销了第 {n} 局 (原来：{amounts})", "{who} undid hand {n} (it was: {amounts})"),
    "heard_table": M("{who} 改了下一局的座位或规矩", "{who} changed the next hand's seats or rules"),
    "heard_paid": M("{who} 记了已付：{payment}", "{who} marked paid: {payment}"),
    "heard_unpaid": M("{who} 撤回了已付：{payment}", "{who} took back a payment: {payment}"),
    "by_phone": M("一台手机", "a phone"),
    "by_terminal": M("记账电脑上的终端", "the terminal"),
    "phone_name": M(
        "这台手机的名字 (改动时告诉别人是谁改的)", "This phone's name (told to the others with its changes)"
    ),
    "phone_name_hint": M("例如 小李", "e.g. Li"),
    "heard_list": M("这一场的改动", "This evening's changes"),
    "stale": M("别人刚改了账本，已刷新 — 请再看一眼", "someone changed the ledger meanwhile: look again"),
    "table_changes": M("换人 · 换座 · 改规矩", "Seats and rules"),
    "seat_names": M("每个座位的人 (换人、换座都在这里改)", "Who sits where (substitute or swap here)"),
    "stakes": M("起底", "Stakes"),
    "stakes_hint": M("1、2 或杠底金额，如 500", "1, 2, or a kong base like 500"),
    "policy": M("带政策 (飘 / 抵 / 杠)", "Add-ons (带政策)"),
    "house_rules": M("规矩", "House rules"),
    "apply_next": M("保存 (从下一局起生效)", "Save (from the next hand on)"),
    "pending": M("从这一局起：{what}", "from this hand on: {what}"),
    "new_evening": M("开始新的一晚", "A new evening"),
    "first_dealer": M("第一局的庄家", "First dealer"),
    "name_of": M("{seat} 的名字", "name at {seat}"),
    "start": M("开始", "Start"),
    "join": M("扫码加入", "Scan to join"),
    "show_qr": M("二维码", "QR code"),
    "error": M("出错了", "Something went wrong"),
    "unreadable": M("账本读不了：{reason}", "the ledger cannot be read: {reason}"),
    "need_link": M(
        "请用主持人屏幕上的二维码或链接打开这一页。", "Open this page from the QR code or link on the host's screen."
    ),
    "bad_link": M("这个链接不对或已过期：请重新扫码。", "This link is wrong or out of date: scan the QR code again."),
    "expired": M(
        "这个链接已经作废了：请扫主持人屏幕上新的二维码。",
        "This link has expired: scan the new QR code on the host's screen.",
    ),
    "bad_host": M("不认识的地址", "unknown host"),
    "bad_origin": M("这个请求不是从本页发出的", "this request did not come from this page"),
    "not_json": M("请求内容不是 JSON：{reason}", "the request body is not JSON: {reason}"),
    "no_evening": M("还没有开局", "no evening yet"),
    "no_such_page": M("没有这一页", "no such page"),
    "server_fault": M(
        "服务器出错了，账本没有改动：请再试一次", "the server failed; the ledger is unchanged: try again"
    ),
    "too_large": M("请求太大 (最多 {limit} KB)", "the request is too large (at most {limit} KB)"),
    "too_deep": M("嵌套太深", "nested too deep"),
    "too_many_digits": M("数字位数太多", "a number with too many digits"),
    "taken": M("第 {n} 局已经有另一台手机保存了：", "hand {n} was already saved by another phone:"),
    "taken_mine": M(
        "第 {n} 局这台手机已经保存好了 (刚才的回答在路上丢了)：",
        "hand {n}: this phone's save already arrived (its answer was lost on the way):",
    ),
    "lost": M(
        "这次的回答在路上丢了 — 看一眼账再试一次 (保存过的不会记两次)",
        "the answer was lost on the way — look at the evening and try again (a save that arrived is not entered twice)",
    ),
    "taken_keep": M("那就是这一局 (不再保存)", "That is this hand (do not save again)"),
    "taken_other": M("这是另一局：记为第 {n} 局", "This is another hand: enter it as hand {n}"),
    "edited_meanwhile": M(
        "第 {n} 局在你打开之后已被改过，现在存的是：", "hand {n} was changed after you opened it; saved now:"
    ),
    "edited_yours": M("你改的：{line}", "yours: {line}"),
    "edited_keep": M("保留已存的 (放弃我的修改)", "Keep the saved one (drop my edit)"),
    "edited_mine": M("用我的覆盖", "Save mine over it"),
    "need_win": M("先选怎么胡的", "choose how the hand ended first"),
    "down": M(
        "连不上记账的电脑 — 先别保存，已填的内容会留着",
        "the host's computer cannot be reached — do not save yet; what you entered stays",
    ),
    "back": M("又连上了，已刷新", "connected again, up to date"),
    "not_live": M("不是实时的：这是 {when} 最后看到的账", "not live: the ledger as last seen at {when}"),
    "changed_later": M("后面跟着变了：第 {list} 局", "later hands that changed: {list}"),
    "table_saved": M("已保存：从第 {n} 局起生效", "saved: from hand {n} on"),
    "fee": M("台费", "Table fee"),
    "rules_now": M("这一桌的规矩：{list}", "This table's rules: {list}"),
    "rules_seed": M("这一桌按原版规矩打", "This table plays the seed rules"),
    "more_rules": M("改其他规矩 ({n} 项)", "Change other rules ({n})"),
    "paid_would_dangle": M(
        "这样改完，已付里的 {name} 就不是这一场的人了：先在结账里把那笔已付撤回，账本没动",
        "after this change, {name} of a recorded payment would be nobody of the evening: take the payment back "
        "in the settle-up first; the ledger is unchanged",
    ),
}
