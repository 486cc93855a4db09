"""The user's defaults: the language, from ``GANGCI_LANG`` or a small config file.

The file is YAML with one key, ``lang: en`` (or ``zh``). It lives at
``$GANGCI_CONFIG`` if set, else ``%APPDATA%\\gangci\\config.yaml`` on Windows,
else ``$XDG_CONFIG_HOME/gangci/config.yaml`` (``~/.config/gangci/config.yaml``).
``--lang`` beats ``GANGCI_LANG``, which beats the file; without any, Chinese.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from typing import Any

from gangci_calc.core.errors import InputError, RuleError
from gangci_calc.words import LANGS, say
from gangci_calc.words import messages as m


def user_folder(windows: str, xdg: str, dot: str) -> Path:
    """gangci's folder of one kind in the user's home: ``%WINDOWS%\\gangci`` on Windows, else ``$XDG/gangci``
    or ``~/DOT/gangci`` (config: APPDATA, XDG_CONFIG_HOME, .config; cache: LOCALAPPDATA, XDG_CACHE_HOME, .cache)."""
    if sys.platform == "win32" and os.environ.get(windows):
        return Path(os.environ[windows]) / "gangci"
    return Path(os.environ.get(xdg) or str(Path.home() / dot)) / "gangci"


def config_path() -> Path:
    """Where the config file is looked for (it need not exist)."""
    if os.environ.get("GANGCI_CONFIG"):
        return Path(os.environ["GANGCI_CONFIG"])
    return user_folder("APPDATA", "XDG_CONFIG_HOME", ".config") / "config.yaml"


def default_language() -> str:
    """``GANGCI_LANG``, else the config file's ``lang``, else ``zh``; a bad value is an :class:`InputError`."""
    chosen = os.environ.get("GANGCI_LANG", "").strip()
    if chosen:
        if chosen not in LANGS:
            raise InputError("GANGCI_LANG", say(m.NOT_A_LANGUAGE, value=repr(chosen)))
        return chosen
    try:
        path = config_path()
        if not path.is_file():
            return "zh"
        if not os.access(path, os.R_OK):
            raise PermissionError(13, os.strerror(13))
    except (OSError, RuntimeError, KeyError) as error:  # a path too long, a home we may not read, no home at all
        _warn_once(say(m.CONFIG_UNREADABLE, reason=getattr(error, "strerror", None) or str(error)).text("zh"))
        return "zh"
    try:
        stamp = (str(path), path.stat().st_mtime_ns)
    except OSError:
        stamp = None
    if stamp is not None and _READ.get("stamp") == stamp:  # read once, until the file changes
        return _READ["lang"]  # type: ignore[return-value]
    from gangci_calc.io.load.load import load_file

    found: str = load_file(path, _language_of, m.CONFIG_NEEDS)
    _READ.update(stamp=stamp, lang=found)
    return found


_READ: dict[str, object] = {}  # the config file's language, with the file's path and time it was read at


def process_language() -> str:
    """:func:`default_language`, read once per process (the API asks on every call; a command runs once): again
    only where the variables that name it change, not when the file does."""
    key = tuple(map(os.environ.get, _NAMING))
    known = _ONCE.get(key)
    if known is None:
        known = default_language()
        _ONCE.clear()
        _ONCE[key] = known
    return known


_NAMING = ("GANGCI_LANG", "GANGCI_CONFIG", "XDG_CONFIG_HOME", "APPDATA", "HOME")  # what says which file it is
_ONCE: dict[tuple[str | None, ...], str] = {}


_WARNED: list[str] = []


def _warn_once(text: str) -> None:
    """One line on stderr, once per run, however often the language is asked for."""
    if not _WARNED:
        _WARNED.append(text)
        with contextlib.suppress(OSError, ValueError):  # a closed or full stderr: the warning is not worth a stop
            sys.stderr.write(text + "\n")


def _language_of(data: Any) -> str:
    from gangci_calc.io.load.fields import kind_of, read_mapping
    from gangci_calc.io.load.schema import Keys

    if not isinstance(data, dict):
        raise RuleError((), say(m.CONFIG_MAPPING, kind=kind_of(data)))
    given = read_mapping(data, (), Keys.of({"lang": ("lang", "语言")}), m.WHAT_CONFIG)
    lang = given.get("lang", "zh")
    if lang not in LANGS:
        raise RuleError(("lang",), say(m.NOT_A_LANGUAGE, value=repr(lang)))
    return str(lang)


def startup_language(argv: list[str]) -> str:
    """The language for ``--help`` (built before the command runs): ``--lang`` in ``argv``, else the default.

    Never fails: a bad setting is reported when the command runs.
    """
    for index, arg in enumerate(argv):
        if arg == "--lang" and index + 1 < len(argv) and argv[index + 1] in LANGS:
            return argv[index + 1]
        if arg.startswith("--lang=") and arg[7:] in LANGS:
            return arg[7:]
    try:
        return default_language()
    except InputError:
        return "zh"
