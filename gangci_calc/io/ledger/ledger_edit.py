"""Changing one hand of a ledger in place: ``--undo`` and ``--edit N``, every other byte kept.

A hand's text runs from its dash (block list) or its ``{`` (flow list) to the
end of its last line; comment lines above it belong to the file and stay.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import yaml

from gangci_calc.io.load.boundary import Loader
from gangci_calc.io.load.schema import normalize_key

T = TypeVar("T", str, list[str])


def in_own_lines(text: str, change: Callable[[str], T]) -> T:
    """``change`` the ledger as if its lines ended in ``\\n``, then give back its own endings (``\\r\\n``, or
    an old Mac's lone ``\\r``), so an edit keeps them and the text edits need know only one."""
    ending = "\r\n" if "\r\n" in text else "\r" if "\r" in text and "\n" not in text else "\n"
    if ending == "\n":
        return change(text)
    changed = change(text.replace(ending, "\n"))
    if isinstance(changed, str):
        return changed.replace("\n", ending)
    return changed  # lines of text, without their endings


@dataclass(frozen=True)
class HandText:
    """Where one hand's text lies in the ledger."""

    start: int  # the start of the dash's line (block) or the item's first character (flow)
    end: int  # just past the item's last line, newline included (block) or its last character (flow)
    flow: bool
    indent: int  # the dash's column (block lists)
    node: yaml.Node


def hand_texts(text: str) -> list[HandText]:
    """The text of every item of ``hands:``, in order (the ledger has already loaded clean)."""
    root = yaml.compose(text, Loader=Loader)
    if not isinstance(root, yaml.MappingNode):
        return []
    for key, value in root.value:
        if normalize_key(key.value) == "hands" and isinstance(value, yaml.SequenceNode):
            return [_item_text(text, item, value) for item in value.value]
    return []


def _last_mark(node: yaml.Node) -> int:
    """The end of the last character that belongs to ``node`` (a block node's own end runs on past comments)."""
    if isinstance(node, yaml.MappingNode) and not node.flow_style and node.value:
        return _last_mark(node.value[-1][1]) if not _empty(node.value[-1][1]) else node.value[-1][0].end_mark.index
    if isinstance(node, yaml.SequenceNode) and not node.flow_style and node.value:
        return _last_mark(node.value[-1])
    return int(node.end_mark.index)


def _empty(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode) and node.start_mark.index == node.end_mark.index


def _item_text(text: str, item: yaml.Node, sequence: yaml.SequenceNode) -> HandText:
    if sequence.flow_style:
        return HandText(item.start_mark.index, item.end_mark.index, True, 0, item)
    dash = (
        text.rindex("-", 0, item.start_mark.index + 1) if text[item.start_mark.index] != "-" else item.start_mark.index
    )
    line_start = text.rfind("\n", 0, dash) + 1
    end = text.find("\n", _last_mark(item))
    end = len(text) if end < 0 else end + 1
    return HandText(line_start, end, False, dash - line_start, item)


def without_last_hand(text: str) -> str:
    """The ledger with its last hand removed (``--undo``)."""
    items = hand_texts(text)
    if not items:
        raise ValueError("no hand to remove")  # the caller checks first: a bug if reached
    last = items[-1]
    if not last.flow:
        start = last.start
        if last.end == len(text) and not text.endswith("\n") and text[:start].endswith("\n"):
            start -= 2 if text[:start].endswith("\r\n") else 1  # the file ended on this hand, with no newline
        return text[:start] + text[last.end :]
    start = items[-2].end if len(items) > 1 else last.start  # [a, b] -> [a]; [a] -> []
    return text[:start] + text[last.end :]


def with_hand_replaced(text: str, index: int, block_item: str, flow_item: str) -> str:
    """The ledger with hand ``index`` (0-based) replaced by a new one (``--edit N``).

    ``block_item`` is built for a two-space indent, as ``append_hand_text`` takes it.
    """
    target = hand_texts(text)[index]
    if target.flow:
        return text[: target.start] + flow_item + text[target.end :]
    pad = " " * target.indent
    lines = [pad + line[2:] if line.startswith("  ") else line for line in block_item.splitlines()]
    return text[: target.start] + "\n".join(lines) + "\n" + text[target.end :]


def kept_fields(text: str, index: int, asked: tuple[str, ...]) -> list[str]:
    """The source text of hand ``index``'s fields that the prompts do not ask (``tiles:``, ``id:``, ``meta:`` ...),
    then the comments written inside the hand, each re-indented for a two-space item, so an edit keeps them.

    Comments come last, as comment lines: the fields they stood beside are written anew.
    """
    target = hand_texts(text)[index]
    node = target.node
    if not isinstance(node, yaml.MappingNode):
        return []
    kept: list[str] = []
    spans: list[tuple[int, int]] = []
    for key, value in node.value:
        if normalize_key(key.value) in asked:
            continue
        start = key.start_mark.index
        stop = text.find("\n", _last_mark(value) if not _empty(value) else key.end_mark.index)
        stop = len(text) if stop < 0 else stop
        spans.append((start, stop))
        chunk = text[start:stop]
        if target.flow or node.flow_style:
            chunk = " ".join(part.strip() for part in chunk.splitlines())
            kept.append("    " + chunk.rstrip(", "))
            continue
        shift = key.start_mark.column - 4
        lines = chunk.splitlines()
        kept.append("    " + lines[0])
        kept += [line[shift:] if shift > 0 else " " * -shift + line for line in lines[1:]]
    notes = [note for at, note in _comments(text, target.start, target.end) if not any(a <= at < b for a, b in spans)]
    if notes and not target.flow:  # a flow list's item is written on one line: no room for a comment
        kept += [f"    {note}" for note in notes]
    return kept


def _comments(text: str, start: int, end: int) -> list[tuple[int, str]]:
    """Each comment within ``text[start:end]`` (where it starts, and its text), found by YAML's own scanner."""
    import re

    quoted: list[tuple[int, int]] = []
    try:
        for token in yaml.scan(text[start:end], Loader=Loader):
            if isinstance(token, yaml.ScalarToken) and token.style is not None:
                quoted.append((start + token.start_mark.index, start + token.end_mark.index))
    except yaml.YAMLError:
        return []
    found = []
    for match in re.finditer(r"(?:^|(?<=[ \t]))#[^\r\n]*", text[start:end], re.MULTILINE):
        at = start + match.start()
        if not any(a <= at < b for a, b in quoted):
            found.append((at, match.group().rstrip()))
    return found
