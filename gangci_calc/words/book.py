"""The rule book's text, in Chinese and English: the seed's rules and the heading (each option's effect is in its entry).

``gangci rules`` (io/show/rulebook.py) lays it out; docs/rules.md is the long form.
"""

from __future__ import annotations

SEED: dict[str, list[str]] = {
    "zh": [
        "洛阳杠次（杠呲）结算规则",
        "",
        "起底: 杠底 G、炸弹底 B、杠呲底 C。方案1 = 100/200/600，方案2 = 1000/2000/6000；只给杠底时 B = 2G，C = 6G。",
        "带政策（加番）: 每家飘、抵、杠各 0–3。炸弹底/杠呲底 × (1 + 双方飘 + 抵)，抵只在闲家与庄家之间；"
        "杠底 × (1 + 双方杠)。",
        "",
        "胡牌与结算（未算加番）:",
        "  炸弹  自摸胡牌              其他三家各付 B",
        "  天胡  庄家起手十四张成牌    同炸弹",
        "  暗呲  起暗杠，杠底牌成牌    其他三家各付 C + G",
        "  天呲  手握三张杠底牌        同暗呲",
        "  直呲  别家打出第四张成杠    点炮者 2C + G，其他两家各 ½C",
        "  续呲  碰后摸到第四张        被续杠者 C + G，其他两家各 C",
        "  流局  牌摸完                无人付钱，杠作废",
        "杠: 暗杠 其他三家各付 G；明杠 打出者付 G；续杠 喂碰者付 G。",
        "庄家: 上局赢家坐庄；流局连庄。",
    ],
    "en": [
        "Luoyang Gangci (杠次 / 杠呲) settlement rules",
        "",
        "Stakes: kong base G, bomb base B, ci base C. Scheme 1 = 100/200/600, scheme 2 = 1000/2000/6000;"
        " given only G, B = 2G and C = 6G.",
        "Add-ons (带政策): each player sets piao, di and gang, 0-3 each. B and C parts × (1 + both piao + di),"
        " di only between a player and the dealer; G parts × (1 + both gang).",
        "",
        "Wins and who pays the winner (before add-ons):",
        "  bomb 炸弹          self-drawn win                 each of the 3 others: B",
        "  heavenly 天胡      dealer's first 14 complete     as bomb",
        "  anci 暗呲          concealed kong + the ci tile   each of the 3 others: C + G",
        "  tianci 天呲        holds 3 copies of the ci tile  as anci",
        "  zhici 直呲         kong on another's discard      discarder 2C + G, the other two ½C each",
        "  xuci 续呲          draws the 4th of a pung        who fed the pung C + G, the other two C each",
        "  draw 流局          the wall runs out              nobody pays; kongs are void",
        "Kongs: concealed, each of the 3 others pays G; exposed, the discarder pays G; added, who fed the pung pays G.",
        "Dealer: the last winner; after a draw the dealer stays.",
    ],
}

TITLE = {
    "zh": ("规矩（房规，写在 rules: 下；默认即上面的规则；可选值默认在前）", "", "", "本桌"),
    "en": ("House rules (under rules:; the defaults, listed first, are the rules above)", "", "", "here"),
}

FEE_TITLE = {
    "zh": "台费（写在 fee: 下，可在牌局文件、记账表头或某一局起设置；默认不收）",
    "en": "Table fee (under fee:, in a hand file, a session header or from a hand on; none by default)",
}
