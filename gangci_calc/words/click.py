"""The words Click (as Typer carries it) prints itself: usage, ``-h``'s own line, its parsing errors, in Chinese.

Click writes them in English, as literals; :func:`in_chinese` turns each known phrase of
its output into Chinese (``gangci score -h`` under ``--lang zh``, the default). The English
is Click's own, so each entry is the English phrase as a pattern and its Chinese.
"""

from __future__ import annotations

import re

PHRASES: tuple[tuple[str, str], ...] = (
    (r"^Usage:", "用法："),
    (r"\[OPTIONS\]", "[选项]"),
    (r"COMMAND \[ARGS\]\.\.\.", "命令 [参数]..."),
    (r"^Arguments:$", "参数："),
    (r"^Options:$", "选项："),
    (r"^Commands:$", "命令："),
    (r"Show this message and exit\.", "显示这段说明后退出。"),
    (r"\[required\]", "[必填]"),
    (r"\[default: ", "[默认："),
    (r"Try '(.+?)' for help\.", r"用 '\1' 看说明。"),
    (r"^Error: ", "错误："),
    (r"Missing argument '(.+?)'\.", r"缺少参数 '\1'。"),
    (r"Missing option '(.+?)'\.", r"缺少选项 '\1'。"),
    (r"Invalid value for (.+?): ", r"\1 的值不对："),
    (r"(\S+) is not one of (.+?)\.$", r"\1 不是 \2 之一。"),
    (r"(\S+) is not in the range (.+?)\.$", r"\1 不在 \2 范围内。"),
    (r"(\S+) is not a valid integer\.", r"\1 不是整数。"),
    (r"No such option: (\S+)", r"没有选项：\1"),
    (r"No such command '(.+?)'\.", r"没有命令 '\1'。"),
    (r"Did you mean (.+?)\?", r"是不是 \1？"),
    (r"\(Possible options: (.+?)\)", r"(可用的选项：\1)"),
    (r"Option '(.+?)' requires an argument\.", r"选项 '\1' 后面要写一个值。"),
    (r"Option '(.+?)' does not take a value\.", r"选项 '\1' 不带值。"),
    (r"Got unexpected extra arguments? \((.+?)\)", r"多出的参数 (\1)"),
    (r"^Aborted!", "已中止！"),
)
_COMPILED = tuple((re.compile(pattern, re.MULTILINE), chinese) for pattern, chinese in PHRASES)


def in_chinese(text: str) -> str:
    """Click's English phrases in ``text`` put into Chinese; anything else (gangci's own words) as it is.

    >>> in_chinese("Error: Missing argument 'HAND'.")
    "错误：缺少参数 'HAND'。"
    """
    for pattern, chinese in _COMPILED:
        text = pattern.sub(chinese, text)
    return text
