"""The words of the page's 赛季 view (``gangci serve LEDGER --club DIR``), in Chinese and English.

Like the page's own (:mod:`gangci_calc.words.page`), the server puts them into the
view and hands the script the few it shows, so the script holds no word of either language.
"""

from __future__ import annotations

from gangci_calc.words import Message as M

SEASON: dict[str, M] = {
    "season": M("赛季", "Season"),
    "tonight": M("今晚", "Tonight"),
    "title": M("赛季 · {club}", "Season · {club}"),
    "standings": M("赛季排名", "Season standings"),
    "owed": M("还欠", "owes"),
    "fees": M("台费", "fees"),
    "win_rate": M("胜率", "win rate"),
    "chart": M("走势 (每场后的累计)", "Running totals, evening by evening"),
    "open": M("还没付", "Still to pay"),
    "all_paid": M("都付清了", "everything is paid"),
    "paid_button": M("已付", "Paid"),
    "paid_done": M("已记下：{payment}", "Recorded as paid: {payment}"),
    "paid_ask": M("{payer} 已付 {payee} {amount}？", "Has {payer} paid {payee} {amount}?"),
    "unpaid_button": M("撤回", "Take back"),
    "unpaid_ask": M(
        "撤回这笔已付？{payer} 付给 {payee} {amount} 会回到还没付里。",
        "Take this payment back? {payer} pays {payee} {amount} goes back to what is still to pay.",
    ),
    "unpaid_done": M("已撤回：{payment}", "Taken back: {payment}"),
    "no_season": M("这个文件夹里还没有场次", "no evenings in this folder yet"),
    "not_in_season": M("{file} 不是这个赛季的账本", "{file} is not a ledger of this season"),
    "live": M("实时", "live"),
    "offline": M("连接中断，重连中…", "connection lost, reconnecting…"),
    "other_language": M("English", "中文"),
}


def season_words(lang: str) -> dict[str, str]:
    """Every word of the view in ``lang``."""
    return {key: message.text(lang) for key, message in SEASON.items()}
