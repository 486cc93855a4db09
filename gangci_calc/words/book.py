"""The rule book's text, in Chinese and English: the seed's rules, each house option's effect, the heading.

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

# each house option's effect, by its key in rules:
EFFECT: dict[str, dict[str, str]] = {
    "zhici_split": {
        "zh": "直呲谁付: 点炮双倍 = 点炮者 2C + G、其他各 ½C；平摊 = 点炮者 C + G、其他各 C。",
        "en": "who pays a zhici: double = discarder 2C + G, others ½C; even = discarder C + G, others C.",
    },
    "baoci": {
        "zh": "允许 win.bao: true（直呲包次）: 点炮者替另两家付他们的 C（各按原付款人算），另两家不付胡牌钱；杠照付。",
        "en": "allows win.bao: true on a zhici: the discarder pays the other two's C shares (each as its payer's),"
        " they pay nothing for the win; kongs are still paid.",
    },
    "dealer_double": {
        "zh": "庄家与闲家之间的每笔 × 2（加番之后）: 胡牌翻倍 = B、C 部分；全部翻倍 = 连杠底一起。",
        "en": "every share between the dealer and another player × 2, after add-ons: wins = the B and C parts;"
        " all = the G parts too.",
    },
    "hard_ci": {
        "zh": "硬次: 只认杠呲胡；炸弹、天胡不算胡（输入报错，裁判说明原因）。",
        "en": "only ci wins count; bomb and heavenly are not wins (an input error; the referee says why).",
    },
    "honor_ci_double": {
        "zh": "杠底牌是字牌（东南西北中发白）时，杠呲胡的 C 和胡牌那个杠的 G × 2；需写 ci: 东。",
        "en": "when the ci tile is an honour, a ci win's C part and winning kong's G × 2; needs ci: 东 on the hand.",
    },
    "xiami": {
        "zh": "每次流局在庄家位上下一米；下一次杠呲胡时每个有米的位付赢家 金额 × 米数（不加番不翻倍），然后清零。",
        "en": "each draw puts one mi on its dealer's seat; at the next ci win every seat with mi pays the winner"
        " amount × count (flat), then all counts go back to 0.",
    },
    "concealed_kong": {
        "zh": "暗杠（含暗呲、天呲胡的那个杠）其他三家各付 倍数 × G。",
        "en": "each of the 3 others pays this × G for every concealed kong, the winning one of anci / tianci included.",
    },
    "draw_kongs": {
        "zh": "荒庄不荒杠: 流局时这局的杠照常付。",
        "en": "paid: on a draw the hand's kongs are still paid.",
    },
    "draw_dealer": {
        "zh": "流局后: 连庄 = 原庄家；下庄 = 下一家（东→南→西→北）。",
        "en": "after a draw: stays = the same dealer; next = the next seat in play order (E→S→W→N).",
    },
    "dianpao": {
        "zh": "允许点炮胡（dianpao）: 普通成牌胡别家打出的牌，只有点炮者付一份点炮底 P（默认 = B，算作 B 部分）。",
        "en": "allows win type dianpao: an ordinary complete hand on a discard; only the discarder pays P"
        " (stakes.dianpao, default B; a B part for add-ons and dealer_double).",
    },
    "qianggang": {
        "zh": "允许抢杠胡（qianggang）: 胡别家加杠的那张牌，只有被抢者付一份 P；他的杠不算，不写进 kongs。",
        "en": "allows win type qianggang: win on the tile another adds to his pung; only he pays P;"
        " his kong is not made and must not be listed.",
    },
}

TITLE = {
    "zh": ("规矩（房规，写在 rules: 下；默认即上面的规则；可选值默认在前）", "", "", "本桌"),
    "en": ("House rules (under rules:; the defaults, listed first, are the rules above)", "", "", "here"),
}
