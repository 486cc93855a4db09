"""The words of the club night: the picture for the group chat, the page kept on a phone's home screen, each
person's own card, and the lobby of a club's tables. ``PICTURE``: the picture's own labels and the lines of
``--picture``; ``CLUB``: the page's and the lobby's (handed to the page's script with the page's own words)."""

from __future__ import annotations

from gangci_calc.words import Message as M

PICTURE: dict[str, M] = {
    "title": M("洛阳杠次", "Luoyang Gangci"),
    "season": M("赛季", "Season"),
    "evenings": M("共 {count} 场", "{count} evenings"),
    "needs_pillow": M(
        "画图需要 Pillow：在 gangci 的目录里 pip install '.[picture]'",
        "the picture needs Pillow: pip install '.[picture]' in gangci's folder",
    ),
    "no_cjk_font": M(
        "找不到中文字体，画不出汉字：装一个 (Debian/Ubuntu: sudo apt-get install fonts-noto-cjk "
        "或 fonts-wqy-microhei)，或用 GANGCI_FONT 指定字体文件",
        "no Chinese font to draw with: install one (Debian/Ubuntu: sudo apt-get install fonts-noto-cjk "
        "or fonts-wqy-microhei), or name a font file in GANGCI_FONT",
    ),
    "glyphs": M(
        "字体 {font} 里没有这些字：{chars} — 换一个字体 (GANGCI_FONT，或 apt-get install fonts-noto-cjk)",
        "the font {font} has no glyph for: {chars} — use another (GANGCI_FONT, or apt-get install fonts-noto-cjk)",
    ),
}

CLUB: dict[str, M] = {
    "share_picture": M("分享图片", "Share the picture"),
    "picture_hint": M("长按图片可以保存或转发", "Long-press the picture to save or forward it"),
    "picture_failed": M("图片没画出来：{reason}", "the picture could not be made: {reason}"),
    "copy_at": M("离线副本 · 上次同步 {time}", "offline copy · last synced {time}"),
    "copy_refused": M(
        "记账的电脑连不上：只能看，不能保存",
        "the host's computer is unreachable: to read only, nothing can be saved",
    ),
    "my_money": M("我今晚的账", "My money tonight"),
    "me": M("我是", "I am"),
    "won": M("赢", "won"),
    "lost": M("输", "lost"),
    "paid_out": M("已付", "paid"),
    "paid_in": M("已收", "received"),
    "total_tonight": M("今晚合计", "Tonight"),
    "fee_in": M("收的台费", "table fees collected"),
    "still_owes": M("还要付", "still to pay"),
    "still_owed": M("还要收", "still to receive"),
    "square": M("两清", "all square"),
    "clear_addons": M("清空飘/跑", "Clear piao/pao"),
    "carried": M("飘/跑沿用上一局", "piao/pao carried over from the last hand"),
    "lobby": M("今晚的牌桌", "Tonight's tables"),
    "older": M("以前的场次 (只读)", "Earlier evenings (read only)"),
    "read_only": M("只读", "read only"),
    "open_table": M("开一桌", "Open a table"),
    "table_name": M("桌名", "Table name"),
    "table_exists": M("已经有这一桌了：{name}", "there is a table of that name already: {name}"),
    "bad_table_name": M(
        "桌名只用字母、数字、汉字、- 和 _ (最多 40 个字)",
        "a table's name is letters, digits, Chinese, - and _ only (40 at most)",
    ),
    "no_tables": M("今晚还没有牌桌", "no tables tonight yet"),
    "no_table": M("没有这一桌", "there is no such table"),
    "read_only_table": M("这是以前的场次，只能看，不能改", "an earlier evening: to read only, nothing can be changed"),
    "season_link": M("赛季", "Season"),
    "hands_count": M("{count} 局", "{count} hands"),
    "lobby_link": M("全部牌桌", "All tables"),
}
