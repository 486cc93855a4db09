"""Inputs -> chunks of whole records -> records, streaming, without parsing.

A chunk is a block of text (about 256K characters, ``BLOCK``) cut at a record boundary, so
chunks can be scored anywhere, in this process or another, and memory stays
flat however long the input.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, NamedTuple

from gangci_calc.errors import UnreadableInput
from gangci_calc.io.boundary import is_regular_or_stdin
from gangci_calc.words import messages as m
from gangci_calc.words import say

YAML_SUFFIXES = (".yaml", ".yml")
JSONL_SUFFIXES = (".jsonl", ".ndjson")
BLOCK = 1 << 18  # characters read at a time


class Chunk(NamedTuple):
    """Whole records of one input, as text."""

    kind: str  # "yaml" or "json"
    source: str  # file name, or "<stdin>"
    first_line: int  # 1-based line of the text's first character
    text: str


class Record(NamedTuple):
    """One hand's text as it stands in its input (a tuple: cheap to make by the million)."""

    kind: str
    source: str
    line: int  # 1-based line where the hand starts
    text: str


def expand(paths: Iterable[str]) -> Iterator[str]:
    """Files in the order given; a folder gives its hand files, sorted."""
    for name in paths:
        path = Path(name)
        if name != "-" and path.is_dir():
            suffixes = (*YAML_SUFFIXES, *JSONL_SUFFIXES)
            yield from sorted(str(p) for p in path.rglob("*") if p.is_file() and p.suffix.lower() in suffixes)
        else:
            yield name


# a line that is not blank or a comment; a YAML document marker line
_CONTENT = re.compile(r"^[ \t]*[^\s#]", re.MULTILINE)
_DOC_MARK = re.compile(r"^(?:---|\.\.\.)(?=[ \t\r\n]|$)", re.MULTILINE)
_BLANK_LINES = re.compile(r"(?:[ \t]*\r?\n)*")


def _cut(kind: str, text: str) -> int:
    """Where ``text`` can be cut so that everything before it is whole records."""
    if kind == "json":
        return text.rfind("\n") + 1
    last = None
    for last in _DOC_MARK.finditer(text):  # noqa: B007 - the last marker is wanted
        pass
    if last is None or last.end() == len(text):  # none yet, or one that may go on
        return 0
    return last.start()


def _open(name: str, stdin: IO[str] | None) -> tuple[IO[str], str, str]:
    """(stream, source name, kind) of one input."""
    if name == "-":
        stream = stdin or sys.stdin
        return stream, "<stdin>", ""  # the kind is told by the first text
    path = Path(name)
    if not is_regular_or_stdin(name):  # a device or a pipe could block, or never end
        raise UnreadableInput(say(m.WHERE_WHAT, where=name, what=m.NOT_REGULAR))
    try:
        stream = path.open(encoding="utf-8-sig", newline="")
    except FileNotFoundError:
        raise UnreadableInput(say(m.WHERE_WHAT, where=name, what=m.NO_SUCH_FILE)) from None
    except OSError as error:
        raise UnreadableInput(say(m.WHERE_WHAT, where=name, what=say(m.CANNOT_READ, reason=error.strerror))) from None
    shown = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")  # a name that is not UTF-8, shown
    return stream, shown, "json" if path.suffix.lower() in JSONL_SUFFIXES else "yaml"


def read_chunks(name: str, stdin: IO[str] | None = None) -> Iterator[Chunk]:
    """Stream one input as chunks; raises :class:`UnreadableInput`."""
    stream, source, kind = _open(name, stdin)
    line, pending = 1, ""
    try:
        while True:
            try:
                block = stream.read(BLOCK)
            except UnicodeDecodeError:
                raise UnreadableInput(say(m.WHERE_WHAT, where=source, what=m.NOT_UTF8)) from None
            final = not block
            text = pending + block
            if not kind:  # standard input: JSON Lines if the first content is an object
                first = _CONTENT.search(text)
                if first is None and not final:
                    pending = text
                    continue
                kind = "json" if first and text[first.end() - 1] == "{" else "yaml"
            cut = len(text) if final else _cut(kind, text)
            if cut:
                yield Chunk(kind, source, line, text[:cut])
                line += text.count("\n", 0, cut)
            pending = text[cut:]
            if final:
                return
    finally:
        if stream is not stdin and stream is not sys.stdin:
            stream.close()


def records(chunk: Chunk) -> Iterator[Record]:
    """The records of a chunk, each with the line it starts on."""
    kind, source, line, text = chunk
    if kind == "json":
        for number, row in enumerate(text.split("\n"), line):
            if row.strip():
                yield Record(kind, source, number, row.rstrip("\r"))
        return
    yield from _yaml_documents(text, source, line)


def _yaml_documents(text: str, source: str, line: int) -> Iterator[Record]:
    """Split a YAML stream on ``---`` / ``...`` lines without parsing it."""
    cut, start, marker_first = 0, line, False  # where the next document starts; its line; on a marker line?
    for mark in _DOC_MARK.finditer(text):
        doc = text[cut : mark.start()]
        if _CONTENT.search(doc):
            yield _document(source, start, "   " + doc[3:] if marker_first else doc)
        marker_line = start + doc.count("\n")
        eol = text.find("\n", mark.end())
        after = text[mark.end() : eol if eol >= 0 else len(text)]
        if mark.group() == "---" and _CONTENT.search(after):  # `--- {stakes: 1, ...}`
            cut, start, marker_first = mark.start(), marker_line, True
        else:
            cut, start, marker_first = (eol + 1 if eol >= 0 else len(text)), marker_line + 1, False
    doc = text[cut:]
    if _CONTENT.search(doc):
        yield _document(source, start, "   " + doc[3:] if marker_first else doc)


def _document(source: str, line: int, text: str) -> Record:
    """A YAML record starting at its first line that is not blank (comments stay with it)."""
    blank = _BLANK_LINES.match(text)
    if blank and blank.end():
        return Record("yaml", source, line + text.count("\n", 0, blank.end()), text[blank.end() :])
    return Record("yaml", source, line, text)
