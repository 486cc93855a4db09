"""Find where a field sits in a YAML (or JSON) text, for error messages.

Loading takes the fast path (plain ``yaml.load``); only when a field is wrong
is the text composed again, with marks, to find that field's line and column.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import yaml


def locate(
    text: str,
    path: Sequence[str | int],
    normalize_key: Callable[[str], str],
    *,
    at_key: bool = False,
) -> tuple[int, int] | None:
    """1-based ``(line, column)`` of the node at ``path``, or of its nearest parent.

    Keys in the text are compared after ``normalize_key`` (aliases, seats), so
    ``("bets", "E", "piao")`` finds ``加番: {东: {飘: 1}}``. With ``at_key`` the
    position is that of the last key rather than its value.
    """
    try:
        node = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # the loader's own parser
    except yaml.YAMLError:
        return None
    if node is None:
        return None
    mark = node.start_mark
    for depth, part in enumerate(path):
        last = depth == len(path) - 1
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if isinstance(key_node, yaml.ScalarNode) and normalize_key(key_node.value) == part:
                    mark = key_node.start_mark if last and at_key else value_node.start_mark
                    node = value_node
                    break
            else:
                return mark.line + 1, mark.column + 1
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            node = node.value[part]
            mark = node.start_mark
        else:
            break
    return mark.line + 1, mark.column + 1
