"""Write docs/cli.md (English) and docs/cli-zh.md (中文) from each command's ``--help``, as a user's terminal shows it.

    python docs/gen_cli.py          # write both pages
    python docs/gen_cli.py --check  # exit 1, naming the page, where one is not what --help prints now

Each help is printed by the installed ``gangci`` in a process of its own, 80 columns wide, with ``GANGCI_LANG``
set, so the page is exactly what the command shown prints (``tests/test_cli_page.py`` checks it; the block
runner of ``tests/test_readme.py`` runs every command of the page again).
"""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = {"en": ROOT / "docs" / "cli.md", "zh": ROOT / "docs" / "cli-zh.md"}

HEAD = {
    "en": """# Every command's options

What `gangci COMMAND --help` prints, command by command (`gangci COMMAND -h` is the same). The help speaks the
language gangci speaks: Chinese by default, English with `--lang en` or `GANGCI_LANG=en`
([Language, errors and exit status](language-and-errors.md)). 中文版: [每个命令的选项](cli-zh.md).

This page is made by `python docs/gen_cli.py` from the commands themselves; a test fails when it is stale.
""",
    "zh": """# 每个命令的选项

`gangci 命令 --help` 打印的说明，一个命令一段（`-h` 也一样）。默认中文；英文加 `--lang en` 或设
`GANGCI_LANG=en`。English: [Every command's options](cli.md).

本页由 `python docs/gen_cli.py` 从命令本身生成；过时了测试会失败。
""",
}


def commands() -> list[str]:
    """The commands in the order ``gangci --help`` lists them."""
    import typer.main

    from gangci_calc.cli import app

    return list(typer.main.get_command(app).commands)  # type: ignore[attr-defined]


def shown(command: str, lang: str) -> str:
    """The command line as the page shows it."""
    if not command:
        return "GANGCI_LANG=en gangci --help" if lang == "en" else "gangci --help"
    return f"gangci {command} --help" + (" --lang en" if lang == "en" else "")


def help_text(command: str, lang: str) -> str:
    """What that command line prints, in a fresh process at 80 columns."""
    env = {**os.environ, "COLUMNS": "80", "GANGCI_LANG": lang}
    env.pop("CI", None)
    script = Path(sys.executable).parent / "gangci"  # the console script, as a user runs it (its usage line)
    run = [str(script)] if script.exists() else [sys.executable, "-m", "gangci_calc"]
    done = subprocess.run(
        [*run, *([command] if command else []), "--help"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
        check=True,
    )
    return done.stdout.rstrip("\n")


def page(lang: str, helps: dict[str, str]) -> str:
    parts = [HEAD[lang]]
    for command, text in helps.items():
        title = f"gangci {command}" if command else "gangci"
        parts.append(f"\n## `{title}`\n\n```text\n$ {shown(command, lang)}\n{text}\n```\n")
    return "".join(parts)


def pages() -> dict[str, str]:
    """Both pages, the helps printed two processes at a time."""
    names = ["", *commands()]
    jobs = [(command, lang) for lang in PAGES for command in names]
    with ThreadPoolExecutor(max_workers=2) as pool:
        texts = dict(zip(jobs, pool.map(lambda job: help_text(*job), jobs), strict=True))
    return {lang: page(lang, {command: texts[command, lang] for command in names}) for lang in PAGES}


def main(argv: list[str]) -> int:
    stale = []
    for lang, text in pages().items():
        path = PAGES[lang]
        if "--check" in argv:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(str(path.relative_to(ROOT)))
        else:
            path.write_text(text, encoding="utf-8")
    if stale:
        print(f"stale: {', '.join(stale)}: run python docs/gen_cli.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
