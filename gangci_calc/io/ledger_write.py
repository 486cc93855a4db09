"""Writing session files: new hands appended as text, the rest left byte for byte.

Files are replaced atomically (see :mod:`gangci_calc.io.atomic`), so a crash
never leaves a broken ledger behind.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from gangci_calc.io.atomic import atomic_file
from gangci_calc.io.schema import normalize_key
from gangci_calc.rules import SEATS, Bets, Hand, Kong, Seat


def hand_yaml(hand: Hand, *, dealer_overridden: bool) -> str:
    """One ``hands:`` item in the house style (flow mappings, one line per field), indented two spaces."""
    outcome = hand.outcome
    win = f"type: {outcome.win.value}"
    if outcome.winner is not None:
        win += f", winner: {outcome.winner.name}"
    if outcome.source is not None:
        win += f", from: {outcome.source.name}"
    if outcome.bao:
        win += ", bao: true"
    fields = []
    if dealer_overridden:
        fields.append(f"dealer: {hand.dealer.name}")
    fields.append(f"win: {{{win}}}")
    if hand.ci is not None:
        from gangci_calc.tiles.notation import tile_text

        fields.append(f"ci: {tile_text(hand.ci)}")
    bets = _bets_flow(hand.bets)
    if bets:
        fields.append(f"bets: {bets}")
    lines = [f"  - {fields[0]}", *(f"    {field}" for field in fields[1:])]
    if hand.kongs:
        lines.append("    kongs:")
        lines += [f"      - {_kong_flow(kong)}" for kong in hand.kongs]
    return "\n".join(lines) + "\n"


def _bets_flow(bets: tuple[Bets, ...]) -> str:
    parts = []
    for seat in SEATS:
        counts = ", ".join(
            f"{name}: {getattr(bets[seat], name)}" for name in ("piao", "di", "gang") if getattr(bets[seat], name)
        )
        if counts:
            parts.append(f"{seat.name}: {{{counts}}}")
    return "{" + ", ".join(parts) + "}" if parts else ""


def _kong_flow(kong: Kong) -> str:
    text = f"{{by: {kong.by.name}, type: {kong.type.value}"
    if kong.source is not None:
        text += f", from: {kong.source.name}"
    return text + "}"


def _item_indent(text: str, node: yaml.SequenceNode) -> str:
    first = node.value[0].start_mark
    line = text.splitlines()[first.line]
    dash = line.rfind("-", 0, first.column)
    return " " * max(dash, 0) if dash >= 0 else "  "


def append_hand_text(text: str, item: str) -> str:
    """The session text with ``item`` (built for a 2-space indent) added to ``hands:``."""
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    body = text if text.endswith("\n") or not text else text + "\n"
    if not isinstance(root, yaml.MappingNode):
        return body + "hands:\n" + item
    pairs = root.value
    for index, (key, value) in enumerate(pairs):
        if normalize_key(key.value) != "hands":
            continue
        last = index == len(pairs) - 1
        if isinstance(value, yaml.SequenceNode) and value.flow_style:
            if value.value:  # rewriting someone's one-line list would disturb it
                raise ValueError("hands is written as a [flow list]; write it as a block list to use --add")
            start, end = value.start_mark.index, value.end_mark.index
            return text[:start].rstrip(" ") + "\n" + item + text[end:].lstrip(" ").removeprefix("\n")
        if isinstance(value, yaml.SequenceNode) and value.value:
            indent = _item_indent(text, value)
            item = "".join(
                indent + line[2:] + "\n" if line.startswith("  ") else line + "\n" for line in item.splitlines()
            )
        if last:
            return body + item
        next_line = pairs[index + 1][0].start_mark.line  # insert before the next top-level key
        lines = body.splitlines(keepends=True)
        while next_line > 0 and lines[next_line - 1].lstrip().startswith("#"):
            next_line -= 1  # that key's own comments stay with it
        return "".join(lines[:next_line]) + item + "".join(lines[next_line:])
    return body + "hands:\n" + item


def write_atomically(path: str | Path, text: str) -> None:
    """Replace ``path`` with ``text`` whole: a crash never leaves a broken ledger."""
    with atomic_file(path) as handle:
        handle.write(text)


def new_session_text(
    stakes: str, policy: bool, names: dict[Seat, str], dealer: Seat, house: dict[str, object] | None = None
) -> str:
    """A new ledger's header; ``house`` holds the house options as hand-file keys and values."""
    players = ", ".join(f"{seat.name}: {name}" for seat, name in names.items())
    lines = [
        "# gangci session: settle with `gangci session FILE`, add a hand with `gangci session FILE --add`",
        f"stakes: {stakes}",
        f"policy: {'true' if policy else 'false'}",
        f"dealer: {dealer.name}            # deals the first hand",
    ]
    if players:
        lines.append(f"players: {{{players}}}")
    if house:
        options = ", ".join(f"{key}: {str(value).lower()}" for key, value in house.items())
        lines.append(f"rules: {{{options}}}")
    lines.append("hands:")
    return "\n".join(lines) + "\n"
