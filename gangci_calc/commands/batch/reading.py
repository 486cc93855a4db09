"""Inputs -> chunks of whole records -> records, streaming, without parsing.

A chunk is a block of text (about 256K characters, ``BLOCK``) cut at a record boundary, so
chunks can be scored anywhere, in this process or another, and memory stays
flat however long the input.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator
from contextlib import suppress
from pathlib import Path
from typing import IO, NamedTuple

from gangci_calc.core.errors import UnreadableInput
from gangci_calc.io.load.boundary import HAND_FILE_LIMIT, is_regular_or_stdin
from gangci_calc.words import messages as m
from gangci_calc.words import say

YAML_SUFFIXES = (".yaml", ".yml")
JSONL_SUFFIXES = (".jsonl", ".ndjson")
PARQUET_SUFFIXES = (".parquet", ".parq")  # read by commands/batch/parquet_in.py (the [arrow] extra)


def is_parquet(name: str) -> bool:
    return name != "-" and name.lower().endswith(PARQUET_SUFFIXES)


BLOCK = 1 << 18  # characters read at a time
UNDECODED = re.compile("[\udc80-\udcff]")  # a byte of the file that is not UTF-8, as the reader keeps it
RECORD_LIMIT = HAND_FILE_LIMIT  # the most one record may take: what `gangci score` takes of a file
TOO_LARGE = "large"  # the kind of a chunk that stands for one record too long to read


def undecoded(text: str) -> int:
    """Where the first byte of the file that was not UTF-8 is in ``text`` (:data:`UNDECODED`), or -1. Encoding
    is the check (a text with no surrogate at all encodes: about a tenth of a regular expression's search); only
    a text that does not is searched."""
    try:
        text.encode()
    except UnicodeEncodeError:
        found = UNDECODED.search(text)
        return -1 if found is None else found.start()
    return -1


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
            suffixes = (*YAML_SUFFIXES, *JSONL_SUFFIXES, *PARQUET_SUFFIXES)
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
        if stream is sys.stdin and hasattr(stream, "reconfigure"):
            with suppress(ValueError, OSError):  # a bad byte refuses its record, as in a file
                stream.reconfigure(errors="surrogateescape")
        return stream, "<stdin>", ""  # the kind is told by the first text
    path = Path(name)
    if not is_regular_or_stdin(name):  # a device or a pipe could block, or never end
        raise UnreadableInput(say(m.WHERE_WHAT, where=name, what=m.NOT_REGULAR))
    try:  # a byte that is not UTF-8 kept as a lone surrogate, for its record alone to be refused (UNDECODED);
        # a line ends at \n, \r\n or a lone \r, as JSON and YAML say
        stream = path.open(encoding="utf-8-sig", errors="surrogateescape")
    except FileNotFoundError:
        raise UnreadableInput(say(m.WHERE_WHAT, where=name, what=m.NO_SUCH_FILE)) from None
    except OSError as error:
        raise UnreadableInput(say(m.WHERE_WHAT, where=name, what=say(m.CANNOT_READ, reason=error.strerror))) from None
    shown = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")  # a name that is not UTF-8, shown
    return stream, shown, "json" if path.suffix.lower() in JSONL_SUFFIXES else "yaml"


def read_chunks(name: str, stdin: IO[str] | None = None, kind: str = "") -> Iterator[Chunk]:
    """Stream one text input as chunks (Parquet: :func:`.parquet_in.input_chunks`); raises
    :class:`UnreadableInput`. ``kind`` (``json`` or ``yaml``) settles
    what standard input holds; else it is told by the first text after any byte order mark.

    A record longer than ``gangci score`` takes (1 MiB) becomes a :data:`TOO_LARGE` chunk holding its first
    line's number and its first KiB (where its id may be), and is read past without being kept: memory stays
    flat and time linear, however long it is.
    """
    stream, source, told = _open(name, stdin)
    kind = kind or told
    line, pending = 1, ""
    try:
        while True:
            block = _read(stream, source)
            if line == 1 and not pending and block.startswith("\ufeff"):  # a byte order mark on standard input
                block = block[1:]
            final = not block
            text = pending + block
            if not kind:
                first = _CONTENT.search(text)
                if first is None and not final:
                    pending = text
                    continue
                kind = _sniff(text, first.start() if first else 0)
            cut = len(text) if final else _cut(kind, text)
            if cut == 0 and len(text) > RECORD_LIMIT:  # one record, too long to be a hand: pass it by
                bare_marker = kind == "yaml" and re.match(r"---[ \t]*\r?\n", text)  # the record is on the next line
                yield Chunk(TOO_LARGE, source, line + (1 if bare_marker else 0), text[:1024])  # its id, if first
                text, skipped = _past_record(stream, source, kind, text)
                line += skipped
                final, cut = not text, 0
            if cut:
                yield Chunk(kind, source, line, text[:cut])
                line += text.count("\n", 0, cut)
            pending = text[cut:]
            if final:
                return
    finally:
        if stream is not stdin and stream is not sys.stdin:
            stream.close()


def _sniff(text: str, start: int) -> str:
    """JSON Lines if the first line with content is a JSON object (a YAML flow mapping ``{stakes: 1}`` is not)."""
    end = text.find("\n", start)
    first = text[start : end if end >= 0 else len(text)].strip()
    if not first.startswith("{"):
        return "yaml"
    if first.startswith(('{"', '{ "', "{}")):
        return "json"
    import json

    try:
        return "json" if isinstance(json.loads(first), dict) else "yaml"
    except ValueError:
        return "yaml"


def _read(stream: IO[str], source: str) -> str:
    try:
        return stream.read(BLOCK)
    except UnicodeDecodeError:
        raise UnreadableInput(say(m.WHERE_WHAT, where=source, what=m.NOT_UTF8)) from None


def _past_record(stream: IO[str], source: str, kind: str, text: str) -> tuple[str, int]:
    """Read on to where the next record starts; the text from there, and the lines passed."""
    skipped = 0
    while True:
        at = _next_start(kind, text)
        if at is not None:
            return text[at:], skipped + text.count("\n", 0, at)
        keep = 4 if kind == "yaml" else 0  # a ``---`` line may start in this block and end in the next
        skipped += text.count("\n", 0, len(text) - keep)
        block = _read(stream, source)
        if not block:
            return "", skipped
        text = text[len(text) - keep :] + block


def _next_start(kind: str, text: str) -> int | None:
    """Where the record after the first one starts in ``text`` (``None``: not in it yet)."""
    if kind == "json":
        at = text.find("\n")
        return at + 1 if at >= 0 else None
    mark = _DOC_MARK.search(text, 1)
    return mark.start() if mark is not None and text[mark.start() - 1] == "\n" else None


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
