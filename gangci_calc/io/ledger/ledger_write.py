"""Writing session files: new hands appended as text, the rest left byte for byte.

Files are replaced atomically (see :mod:`gangci_calc.io.ledger.atomic`), so a crash
never leaves a broken ledger behind.
"""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from gangci_calc.core.rules import Hand, Kong, Seat
from gangci_calc.io.export.hand_data import hand_to_data
from gangci_calc.io.ledger.atomic import atomic_file
from gangci_calc.io.load.boundary import Loader
from gangci_calc.io.load.schema import normalize_key


def hand_yaml(hand: Hand, *, dealer_overridden: bool, players: dict[Seat, str] | None = None) -> str:
    """One ``hands:`` item in the house style (flow mappings, one line per field), indented two spaces.

    ``players``: the seating from this hand on, where it changed.
    """
    fields = _fields(hand, dealer_overridden, players)
    lines = [f"  - {fields[0]}", *(f"    {field}" for field in fields[1:] if not field.startswith("kongs:"))]
    if hand.kongs:
        lines.append("    kongs:")
        lines += [f"      - {_kong_flow(kong)}" for kong in hand.kongs]
    return "\n".join(lines) + "\n"


def hand_flow(hand: Hand, *, dealer_overridden: bool, players: dict[Seat, str] | None = None) -> str:
    """The same hand as one flow mapping, for a ledger written in flow style (``hands: [...]``)."""
    return "{" + ", ".join(_fields(hand, dealer_overridden, players)) + "}"


def players_flow(names: dict[Seat, str]) -> str:
    """``{E: "老王", S: "小李"}``: names JSON-quoted, so any printable name reads back as itself."""
    return "{" + ", ".join(f"{seat.name}: {json.dumps(name, ensure_ascii=False)}" for seat, name in names.items()) + "}"


def _fields(hand: Hand, dealer_overridden: bool, players: dict[Seat, str] | None = None) -> list[str]:
    """``key: flow value`` of each field the hand needs, in the house order (``io/export`` ``hand_to_data``)."""
    data = hand_to_data(hand, dealer_overridden=dealer_overridden)
    fields = [] if players is None else [f"players: {players_flow(players)}"]
    fields += [f"{key}: {_flow(value)}" for key, value in data.items()]
    return fields


def _flow(value: object) -> str:
    """A value in YAML's flow style: a hand's fields (mappings, lists, seat letters, words, counts) and an option's
    (``true``, ``500``, ``even``, ``{win: 100, kong: 50}``)."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {_flow(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(item) for item in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _kong_flow(kong: Kong) -> str:
    return _flow({"by": kong.by.name, "type": kong.type.value, **({"from": kong.source.name} if kong.source else {})})


def _item_indent(node: yaml.SequenceNode) -> str:
    """The indent of a block list's dashes (``- # note`` and items whose content starts on the next line too)."""
    return " " * node.start_mark.column


def append_hand_text(text: str, item: str, flow_item: str = "") -> str:
    """:func:`_appended`, and a file that did not end in a newline still does not (``--undo`` gives it back)."""
    result = _appended(text, item, flow_item)
    if text and not text.endswith("\n") and result.endswith("\n"):
        return result[:-1]
    return result


def append_at_end(text: str, item: str, indent: int) -> str:
    """``item`` (built for a two-space indent) added at the very end, its dash at ``indent``: what
    :func:`append_hand_text` gives where the hands are the file's last lines (:func:`end_indent`), without
    parsing the file."""
    pad = " " * indent
    lines = "".join(pad + line[2:] + "\n" if line.startswith("  ") else line + "\n" for line in item.splitlines())
    if not text:
        return lines
    if not text.endswith("\n"):  # the file ends without a newline, and so it stays
        return text + "\n" + lines[:-1]
    return text + lines


_PROBE = "  - win: {type: draw}\n"


def end_indent(text: str) -> int | None:
    """The column of the hands' dashes where a hand can go at the very end of ``text`` (a block list of hands,
    the file's last key, no ``...``, one kind of line ending); ``None`` where it cannot."""
    from gangci_calc.io.ledger.ledger_edit import hand_texts

    if "\r" in text:
        return None
    try:
        items = hand_texts(text)
    except yaml.YAMLError:
        return None
    if not items or items[-1].flow:
        return None
    indent = items[-1].indent
    return indent if append_at_end(text, _PROBE, indent) == append_hand_text(text, _PROBE) else None


def _appended(text: str, item: str, flow_item: str = "") -> str:
    """The session text with ``item`` (built for a 2-space indent) added to ``hands:``, every other byte kept.

    It reads the text with the same parser as the loader, so it accepts what the
    loader accepts: a block or flow list, ``hands: ~``, a top level in flow style
    (where ``flow_item`` is written), a document ending in ``...``.
    """
    root = yaml.compose(text, Loader=Loader)
    end = _document_end(text, root)
    body, tail = text[:end], text[end:]
    if body and not body.endswith("\n"):
        body += "\n"
    if not isinstance(root, yaml.MappingNode):
        return body + "hands:\n" + item + tail
    if root.flow_style:  # {stakes: 1, dealer: E, hands: [...]}: stay in flow style
        return _append_flow(text, root, flow_item or item.strip())
    pairs = root.value
    for index, (key, value) in enumerate(pairs):
        if normalize_key(key.value) == "hands":
            following = pairs[index + 1][0].start_mark.line if index + 1 < len(pairs) else None
            return _into_hands(text, body, tail, value, following, item, flow_item)
    return body + "hands:\n" + item + tail


def _into_hands(
    text: str, body: str, tail: str, value: yaml.Node, following: int | None, item: str, flow_item: str
) -> str:
    """``item`` added to the ``hands:`` whose value is ``value``; ``following``: the line of the next top-level key."""
    if isinstance(value, yaml.SequenceNode) and value.flow_style:
        return _insert_flow_item(text, value, flow_item or item.strip())
    if isinstance(value, yaml.ScalarNode):  # hands: ~ (or empty): the list starts here
        start, stop = value.start_mark.index, value.end_mark.index
        head = text[:start].rstrip(" ")
        rest = text[stop:]
        rest = rest[rest.index("\n") + 1 :] if "\n" in rest else ""
        return head + ("" if head.endswith("\n") else "\n") + item + rest
    if isinstance(value, yaml.SequenceNode) and value.value:
        indent = _item_indent(value)
        item = "".join(indent + line[2:] + "\n" if line.startswith("  ") else line + "\n" for line in item.splitlines())
    if following is None:
        return body + item + tail
    lines = body.splitlines(keepends=True)
    while following > 0 and lines[following - 1].lstrip().startswith("#"):
        following -= 1  # that key's own comments stay with it
    return "".join(lines[:following]) + item + "".join(lines[following:]) + tail


def _document_end(text: str, root: yaml.Node | None) -> int:
    """Where the document ends: before a closing ``...`` line, else at the end of the text."""
    if root is None:
        return len(text)
    marker = text.rfind("\n...", root.end_mark.index - 1)
    if text.startswith("...") and root.end_mark.index == 0:
        return 0
    return marker + 1 if marker >= 0 and text[marker + 4 : marker + 5] in ("", "\n", " ", "\r", "\t") else len(text)


def _insert_flow_item(text: str, node: yaml.SequenceNode, flow_item: str) -> str:
    """``[a, b]`` -> ``[a, b, new]`` (``[]`` -> ``[new]``), everything else as it was."""
    close = text.rindex("]", 0, node.end_mark.index)
    before = text[:close].rstrip()
    if before.endswith(","):  # [a, b,] (a trailing comma, as YAML allows): [a, b, new,], so --undo gives it back
        return before + " " + flow_item + "," + text[len(before) :]
    separator = ", " if node.value else ""
    return before + separator + flow_item + text[close:]


def _append_flow(text: str, root: yaml.MappingNode, flow_item: str) -> str:
    for key, value in root.value:
        if normalize_key(key.value) == "hands" and isinstance(value, yaml.SequenceNode):
            return _insert_flow_item(text, value, flow_item)
    close = text.rindex("}", 0, root.end_mark.index)
    return text[:close].rstrip() + f", hands: [{flow_item}]" + text[close:]


def write_atomically(path: str | Path, text: str, *, keep_bom: bool = False) -> None:
    """Replace ``path`` with ``text`` whole: a crash never leaves a broken ledger."""
    with atomic_file(path, keep_bom=keep_bom) as handle:
        handle.write(text)


def new_session_text(
    stakes: str,
    policy: bool,
    names: dict[Seat, str],
    dealer: Seat,
    house: dict[str, object] | None = None,
    fee: dict[str, object] | None = None,
    date: str | None = None,
) -> str:
    """A new ledger's header; ``house`` and ``fee`` hold the house options and the table fee as file keys and values."""
    lines = [
        "# gangci session: settle with `gangci session FILE`, add a hand with `gangci session FILE --add`",
        f"stakes: {stakes}",
        f"policy: {'true' if policy else 'false'}",
        f"dealer: {dealer.name}            # deals the first hand",
    ]
    if date:
        lines.append(f"date: {date}")
    if names:
        lines.append(f"players: {players_flow(names)}")
    if house:
        options = ", ".join(f"{key}: {_flow(value)}" for key, value in house.items())
        lines.append(f"rules: {{{options}}}")
    if fee:  # a name is written quoted, as players' names are
        parts = ", ".join(
            f"{key}: {json.dumps(v, ensure_ascii=False) if isinstance(v, str) else v}" for key, v in fee.items()
        )
        lines.append(f"fee: {{{parts}}}")
    lines.append("hands:")
    return "\n".join(lines) + "\n"
