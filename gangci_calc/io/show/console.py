"""The one place that writes to the terminal: results to stdout, everything else to stderr.

Rich consoles for tables and panels, and two plain writers for text that is
already rendered (``write_out``) or is one message (``write_err``).
"""

from __future__ import annotations

import codecs
import errno
import os
import sys
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import TextIO

    from rich.console import Console


@cache
def out() -> Console:
    from rich.console import Console

    return Console(highlight=False, soft_wrap=False, markup=False, emoji=False)


@cache
def err() -> Console:
    from rich.console import Console

    return Console(stderr=True, highlight=False, soft_wrap=True, markup=False, emoji=False)


def capture(*renderables: object) -> str:
    """Render to a string first, so a failure never leaves half a table on screen."""
    console = out()
    with console.capture() as captured:
        for renderable in renderables:
            console.print(renderable)
    return captured.get()


# What stands in for a character the console cannot show (a GBK console, PYTHONIOENCODING=gbk).
_STAND_INS = {
    "✓": "OK", "✗": "X", "◆": "*", "▶": ">", "★": "*", "▮": "#", "·": ".", "—": "-", "…": "...",
    "×": "x", "←": "<-", "→": "->", "½": "1/2",
    **dict.fromkeys("━─╌┄", "-"), **dict.fromkeys("┃│╎┆", "|"),
    **dict.fromkeys("┏┓┗┛┌┐└┘┡┩┢┪╭╮╰╯┣┫├┤┳┻┬┴╇╈╋┼", "+"),
}  # fmt: skip


def _stand_in(error: UnicodeError) -> tuple[str, int]:
    """A stand-in for each character the stream cannot encode; ``?`` as many columns as the character took in
    the table Rich laid out (😀: ``??``; a combining accent, no column: nothing), so the columns stay in line."""
    from rich.cells import cell_len

    assert isinstance(error, UnicodeEncodeError)
    bad = error.object[error.start : error.end]
    return "".join(_STAND_INS.get(c) or "?" * cell_len(c) for c in bad), error.end


codecs.register_error("gangci-stand-in", _stand_in)


def _json_escape(error: UnicodeError) -> tuple[str, int]:
    """A character the stream cannot encode as JSON's own escape (UTF-16, a pair above U+FFFF): the same JSON."""
    assert isinstance(error, UnicodeEncodeError)
    units = error.object[error.start : error.end].encode("utf-16-be", "surrogatepass")
    return "".join(f"\\u{units[i]:02x}{units[i + 1]:02x}" for i in range(0, len(units), 2)), error.end


codecs.register_error("gangci-json-escape", _json_escape)


def fit_stream(stream: TextIO, json: bool) -> None:
    """Have ``stream`` write what its encoding cannot (a GBK console and 😀) as JSON escapes (``json``: lines of
    JSON stay the same data) or as the stand-ins, never an error."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="gangci-json-escape" if json else "gangci-stand-in")


def fit(text: str, stream: TextIO) -> str:
    """``text`` as ``stream``'s encoding can show it: ASCII stand-ins for what it cannot (never an error)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return text.encode(encoding, "gangci-stand-in").decode(encoding)
    except LookupError:
        return text
    return text


def write_out(text: str) -> None:
    """A command's result on stdout, ending in exactly one newline, written whole or not at all.

    With ``PYTHONUNBUFFERED`` (or ``-u``) a text stream hands one write to the system, which may take only
    part of it when the reader goes away (``| head``) and say nothing: here every byte is written, or the
    write fails with :class:`BrokenPipeError` (exit 141).
    """
    stream = sys.stdout
    if stream is None:  # started with stdout closed (>&-): nowhere to write (exit 74)
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))
    text = fit(text if text.endswith("\n") else text + "\n", stream)
    buffer = getattr(stream, "buffer", None)
    if buffer is None or sys.platform == "win32":  # no bytes underneath, or newlines the text layer translates
        stream.write(text)
        return
    stream.flush()
    view = memoryview(text.encode(getattr(stream, "encoding", None) or "utf-8", "replace"))
    while view:
        written = buffer.write(view)
        if not written:  # a non-blocking stream that took nothing: no place to go on
            raise BlockingIOError(errno.EAGAIN, os.strerror(errno.EAGAIN))
        view = view[written:]


def write_prompt(text: str) -> None:
    """A question on stderr, the cursor left after it for the answer."""
    sys.stderr.write(fit(text, sys.stderr))
    sys.stderr.flush()


def write_err(text: str) -> None:
    """A message (one line, or several) on stderr: errors, prompts' remarks, summaries."""
    if sys.stderr is None:  # started with stderr closed (2>&-): the message has nowhere to go
        return
    sys.stderr.write(fit(text.rstrip("\n") + "\n", sys.stderr))
    sys.stderr.flush()


def say_err(text: str) -> None:
    """:func:`write_err` for the last word of a run: a stderr that cannot be written (``/dev/full``, closed)
    must not change the exit status the message was about, nor print a traceback at exit."""
    try:
        write_err(text)
    except (OSError, ValueError):
        quiet(sys.stderr)


def quiet(stream: TextIO | None) -> None:
    """Point a standard stream at /dev/null, so the flush at exit cannot fail again and print a traceback."""
    if stream is None:  # started without it: nothing to flush
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
