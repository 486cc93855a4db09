"""The picture for the group chat (``gangci session --picture``, ``gangci history --picture``, the page's
``/api/picture.png``): one layout, one renderer. Read back: the PNG's size and format, the totals and settle-up
as the layout's data and as ink where the layout put them, every glyph in the font, under 300 KB; without Pillow
or a CJK font, one line saying what to install and no file."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from gangci_calc.cli import app
from gangci_calc.commands.service import settle_evening
from gangci_calc.io.export import picture as pic
from gangci_calc.io.load.load_session import load_session
from tests.conftest import EXAMPLES

Image = pytest.importorskip("PIL.Image", reason="the [picture] extra (Pillow) is in [test]")
try:
    pic.font_files()
    FONT = True
except Exception:
    FONT = False
needs_font = pytest.mark.skipif(not FONT, reason="no CJK font: apt-get install fonts-noto-cjk (CI installs it)")
LIMIT = 300 * 1024


def settled(path: Path = EXAMPLES / "session.yaml"):  # type: ignore[no-untyped-def]
    return settle_evening(load_session(path))


def long_evening(tmp_path: Path, hands: int = 120) -> Path:
    """A long night with long names: the largest picture a table makes."""
    seats = "ESWN"
    rows = []
    for i in range(hands):
        winner, other = seats[(i * 7) % 4], seats[(i * 7 + 1 + i // 4) % 4]
        rows.append({"win": {"type": "zhici", "winner": winner, "from": other}} if i % 3 and winner != other
                    else {"win": {"type": "bomb", "winner": winner}})  # fmt: skip
    names = {"E": "老王头儿老王头儿", "S": "小李子Xiaoli", "W": "张姐姐张姐姐", "N": "阿强哥哥哥哥哥"}
    doc = {"date": "2026-12-05", "stakes": 1, "policy": True, "dealer": "E", "players": names, "hands": rows}
    path = tmp_path / "long.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_layout_holds_the_evenings_totals_and_settle_up(lang: str, runner: CliRunner) -> None:
    done = runner.invoke(app, ["session", str(EXAMPLES / "session.yaml"), "-f", "json", "--lang", lang])
    document = json.loads(done.stdout)
    picture = pic.evening_picture(settled(), lang, "tonight")
    from gangci_calc.io.show.labels import amount_text
    from gangci_calc.io.show.render_session import settle_lines

    wanted = sorted(document["people"], key=lambda row: -row["total"])
    assert [amount for _, amount in picture.totals] == [amount_text(row["total"], signed=True) for row in wanted]
    assert all(row["name"] in label for row, (label, _) in zip(wanted, picture.totals, strict=True))
    texts = picture.texts()
    for name, amount in picture.totals:  # each drawn, largest first
        assert name in texts and amount in texts
    assert texts.index(picture.totals[0][0]) < texts.index(picture.totals[-1][0])
    assert list(picture.settle) == settle_lines(settled(), lang) and all(line in texts for line in picture.settle)
    assert "tonight" in texts[0]
    from gangci_calc.io.show.chat import session_header

    assert session_header(settled(), lang)[0] in texts  # the stakes and house rules in a line


def test_paid_is_marked_in_the_settle_up(tmp_path: Path) -> None:
    ledger = tmp_path / "paid.yaml"
    ledger.write_text((EXAMPLES / "session.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    assert CliRunner().invoke(app, ["session", str(ledger), "--paid", "小李 老王 1400"]).exit_code == 0
    picture = pic.evening_picture(settled(ledger), "zh")
    done = [item for item in picture.items if isinstance(item, pic.Text) and item.text.endswith("已付")]
    assert len(done) == 1 and "1400" in done[0].text and done[0].colour == pic.GREY


@needs_font
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_png_reads_back_with_the_layouts_size_and_ink_at_the_totals(lang: str) -> None:
    picture = pic.evening_picture(settled(), lang, "tonight")
    data = pic.png_bytes(picture)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.size == (picture.width, picture.height) == (720, picture.height)
    assert len(data) < LIMIT
    rgb = image.convert("RGB")
    for item in picture.items:
        if isinstance(item, pic.Text) and item.text in dict(picture.totals).values():
            box = (int(item.x) - 160, int(item.y), int(item.x), int(item.y) + item.size)  # right-anchored
            colours = {rgb.getpixel((x, y)) for x in range(box[0], box[2]) for y in range(box[1], box[3])}
            wanted = tuple(int(item.colour[i : i + 2], 16) for i in (1, 3, 5))
            assert any(sum(abs(a - b) for a, b in zip(c, wanted, strict=True)) < 60 for c in colours), item  # type: ignore[arg-type]


@needs_font
def test_every_glyph_of_the_evening_is_in_the_font(tmp_path: Path) -> None:
    from PIL import ImageFont

    regular, bold = pic.font_files()
    picture = pic.evening_picture(settled(long_evening(tmp_path)), "zh", "桌一")
    used = "".join(picture.texts())
    for path in {regular, bold}:
        face = pic.font_face(path, 24)
        assert pic.missing_glyphs(face, used) == set()
    # the check can fail: a Latin font lacks the Chinese
    dejavu = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    if dejavu.exists():
        assert {"老", "王"} <= pic.missing_glyphs(ImageFont.truetype(str(dejavu), 24), used)


@needs_font
def test_a_long_night_stays_under_300_kb_and_every_name_whole(tmp_path: Path) -> None:
    picture = pic.evening_picture(settled(long_evening(tmp_path)), "zh")
    data = pic.png_bytes(picture)
    assert len(data) < LIMIT
    assert all(name in picture.texts() for name, _ in picture.totals)
    assert all(0 <= item.x <= picture.width for item in picture.items if isinstance(item, pic.Text))


@needs_font
def test_session_and_history_write_the_picture(tmp_path: Path, runner: CliRunner) -> None:
    out = tmp_path / "out.png"
    done = runner.invoke(app, ["session", str(EXAMPLES / "session.yaml"), "--picture", str(out)])
    assert done.exit_code == 0, done.output
    assert out.read_bytes() == pic.png_bytes(pic.evening_picture(settled(), "zh", "session"))
    season = tmp_path / "season.png"
    done = runner.invoke(app, ["history", str(EXAMPLES / "club"), "--picture", str(season), "--lang", "en"])
    assert done.exit_code == 0, done.output
    image = Image.open(season)
    assert image.format == "PNG" and image.size[0] == 720 and season.stat().st_size < LIMIT


def test_the_picture_never_replaces_the_ledger(tmp_path: Path, runner: CliRunner) -> None:
    ledger = tmp_path / "tonight.yaml"
    ledger.write_bytes((EXAMPLES / "session.yaml").read_bytes())
    done = runner.invoke(app, ["session", str(ledger), "--picture", str(ledger)])
    assert done.exit_code == 2 and ledger.read_bytes() == (EXAMPLES / "session.yaml").read_bytes()


@pytest.mark.parametrize(
    ("env", "said"),
    [
        ({"GANGCI_FONT": "/nowhere/font.ttc"}, "fonts-noto-cjk"),
        ({"GANGCI_FONT": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"}, "DejaVuSans.ttf"),
    ],
    ids=["no-font", "no-glyphs"],
)
def test_no_cjk_font_is_one_line_and_no_file(tmp_path: Path, env: dict[str, str], said: str) -> None:
    if not Path(env["GANGCI_FONT"]).exists() and "dejavu" in env["GANGCI_FONT"]:
        pytest.skip("no DejaVu on this machine")
    out = tmp_path / "out.png"
    done = CliRunner(env=env).invoke(app, ["session", str(EXAMPLES / "session.yaml"), "--picture", str(out)])
    assert done.exit_code == 2
    assert done.stderr.strip().count("\n") == 0 and said in done.stderr, done.stderr
    assert not out.exists()


def test_without_pillow_one_line_says_what_to_install(tmp_path: Path) -> None:
    child = "import sys; sys.modules['PIL'] = None; from gangci_calc.cli import entry; sys.argv[0] = 'gangci'; entry()"
    out = tmp_path / "out.png"
    argv = ["session", str(EXAMPLES / "session.yaml"), "--picture", str(out), "--lang", "en"]
    done = subprocess.run([sys.executable, "-c", child, *argv], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().count("\n") == 0 and "pip install '.[picture]'" in done.stderr, done.stderr
    assert not out.exists() and done.stdout == ""


@needs_font
def test_the_page_serves_the_same_drawing(client) -> None:  # type: ignore[no-untyped-def]
    answer = client.get("/api/picture.png?lang=en")
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/png"
    ledger = Path(client.app.state.served.settings.ledger)
    assert answer.content == pic.png_bytes(pic.evening_picture(settled(ledger), "en", ledger.stem))
    assert len(answer.content) < LIMIT


def test_the_page_says_why_there_is_no_picture(client, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("GANGCI_FONT", "/nowhere/font.ttc")
    answer = client.get("/api/picture.png?lang=en")
    assert answer.status_code == 503 and "fonts-noto-cjk" in answer.json()["error"]


def test_the_picture_needs_the_token(ledger: Path) -> None:
    from tests.test_web import client_for

    with client_for(ledger) as signed_in:
        signed_in.cookies.clear()
        assert signed_in.get("/api/picture.png").status_code == 401
