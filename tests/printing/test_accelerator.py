"""reportlab's optional C accelerator (the rl_accel package): sheets are written the same
without it, byte for byte, as with it.

reportlab decides at import whether `_rl_accel` is there, so each side runs in its own Python
process; the one without hides the module before reportlab is imported.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from .conftest import HOSTILE, PRINTED_HOSTILE
from .pdfread import verify_fonts_embedded

ROOT = Path(__file__).resolve().parents[2]
TEXTS = [
    "When a ♥ is played on a ♠, say “nice” — then draw two.",
    HOSTILE,
    "Short.",
    "far too many words " * 120,  # overflows: drawn clipped at the smallest size
    "Every ♦ scores 0.125 points\nand every ♣ scores 1/3 of that.",
]

# Writes a print-and-play PDF and a shop PDF of TEXTS into the folder argv[2], hiding the
# accelerator first when argv[1] is "without"; prints what reportlab took from C and the
# summaries, as JSON.
WRITE = """
import json, sys
if sys.argv[1] == "without":
    sys.modules["_rl_accel"] = None  # reportlab's `import _rl_accel` now fails
from pathlib import Path
from reportlab.lib import rl_accel
from generator.printing import CardBack, CardFace, write_pnp, write_shop_pdf
folder, texts = Path(sys.argv[2]), json.loads(sys.argv[3])
accents = {"trigger": "#1f6feb", "action": "#c2410c"}
fronts, backs = [], []
for number, text in enumerate(texts * 3, start=1):
    kind = "trigger" if number % 2 else "action"
    fronts.append(CardFace(kind=kind, label=kind.upper(), number=number, text=text,
                           accent=accents[kind], title=text[:20] if number % 3 else None,
                           ident=f"{kind[0]}{number}"))
    backs.append(CardBack(kind=kind, label=kind.upper(), deck_name=texts[1],
                          accent=accents[kind]))
sheets = write_pnp(folder / "sheets.pdf", fronts, backs, deck_name=texts[1],
                   back_offset_mm=(0.4, -1.25))
shop = write_shop_pdf(folder / "shop.pdf", fronts, backs)
print(json.dumps({"in_c": sorted(rl_accel._c_funcs), "pages": sheets.pages,
                  "overflow": [o.ident for o in sheets.overflow]}))
"""


@dataclass(frozen=True)
class Written:
    folder: Path
    in_c: list[str]
    pages: int
    overflow: list[str]


def write(folder: Path, accelerator: str) -> Written:
    """Write the PDFs in a fresh Python, `accelerator` "with" or "without"."""
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([sys.executable, "-c", WRITE, accelerator, str(folder),
                           json.dumps(TEXTS)], cwd=ROOT, capture_output=True, text=True,
                          check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    found: dict[str, Any] = json.loads(done.stdout)
    return Written(folder=folder, in_c=found["in_c"], pages=found["pages"],
                   overflow=found["overflow"])


@pytest.fixture(scope="module")
def without(tmp_path_factory: pytest.TempPathFactory) -> Written:
    return write(tmp_path_factory.mktemp("without"), "without")


def test_sheets_are_written_in_pure_python_without_the_accelerator(without: Written) -> None:
    assert without.in_c == []  # every helper was reportlab's Python fallback
    cards = 3 * len(TEXTS)
    assert without.pages == 2 * -(-cards // 8)  # 8-up on A4: fronts and backs per sheet
    path = without.folder / "sheets.pdf"
    reader = PdfReader(path)
    assert len(reader.pages) == without.pages
    text = " ".join(page.extract_text() for page in reader.pages).replace("\n", " ")
    for card_text in (TEXTS[0], PRINTED_HOSTILE, "Short.", "Every ♦ scores 0.125 points"):
        assert card_text in text
    assert without.overflow == ["a4", "t9", "a14"]
    assert verify_fonts_embedded(path) == {"DejaVuSans", "DejaVuSans-Bold"}


def test_the_accelerator_changes_not_one_byte(without: Written, tmp_path: Path) -> None:
    if importlib.util.find_spec("_rl_accel") is None:
        pytest.skip("rl_accel is not installed here")
    accelerated = write(tmp_path, "with")
    assert {"fp_str", "escapePDF", "instanceStringWidthTTF"} <= set(accelerated.in_c)
    assert (accelerated.pages, accelerated.overflow) == (without.pages, without.overflow)
    for name in ("sheets.pdf", "shop.pdf"):
        assert (tmp_path / name).read_bytes() == (without.folder / name).read_bytes(), name
