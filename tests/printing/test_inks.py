"""Process inks for the CMYK shop file (issue 30): every colour through a real CMYK profile,
black text on black ink alone, never more ink than the shop allows, the designer's own CMYK
kept exactly, and a clear sentence when the profile is missing or wrong."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from generator.printing import PrintError, ink_profiles
from generator.printing.inks import InkOptions, Inks, find_inks

GHOSTSCRIPT_RGB = Path("/usr/share/color/icc/ghostscript/srgb.icc")


def system_inks(**options: object) -> Inks:
    try:
        return find_inks(InkOptions(**options))  # type: ignore[arg-type]
    except PrintError as error:
        pytest.skip(f"no CMYK colour profile on this machine ({error})")


@pytest.fixture(scope="module")
def inks() -> Inks:
    return system_inks()


def ink_sum(cmyk: tuple[float, float, float, float]) -> float:
    return sum(cmyk) * 100


def test_black_is_black_ink_alone(inks: Inks) -> None:
    assert inks.colour("#000000") == (0.0, 0.0, 0.0, 1.0)
    assert inks.colour("#ffffff") == (0.0, 0.0, 0.0, 0.0)


def test_every_grey_prints_on_black_ink_alone_darker_greys_with_more(inks: Inks) -> None:
    blacks = []
    for level in range(256):
        cyan, magenta, yellow, black = inks.colour(f"#{level:02x}{level:02x}{level:02x}")
        assert (cyan, magenta, yellow) == (0.0, 0.0, 0.0), level
        blacks.append(black)
    assert blacks == sorted(blacks, reverse=True)
    # The default ink of card text is near-full black; a middle grey about half.
    assert inks.colour("#1a1a1a")[3] > 0.9
    assert 0.45 < inks.colour("#808080")[3] < 0.7


@pytest.mark.parametrize("colour", ["#3333cc", "#6a1b9a", "#0000ff", "#1d4e63"])
def test_saturated_blues_and_purples_go_through_the_profile(inks: Inks, colour: str) -> None:
    red, green, blue = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    black = 1 - max(red, green, blue)
    naive = (*((1 - part - black) / (1 - black) for part in (red, green, blue)), black)
    converted = inks.colour(colour)
    assert ink_sum(converted) <= 300
    assert max(abs(a - b) for a, b in zip(converted, naive, strict=True)) > 0.05, \
        "the same as the naive 1 - rgb formula: the profile was not used"


def test_a_lower_ink_limit_holds_for_colours_and_pictures() -> None:
    limited = system_inks(ink_limit=240)
    darks = ["#000000", "#101010", "#1d1d5e", "#200020", "#102030", "#3b0a0a", "#052e16"]
    for colour in darks:
        assert ink_sum(limited.colour(colour)) <= 240, colour
    # Where the profile gives more than 240%, black is kept and C, M, Y give way.
    full = system_inks().colour("#102030")
    assert ink_sum(full) > 240 and limited.colour("#102030")[3] == full[3]
    picture = Image.new("RGB", (len(darks), 1))
    picture.putdata([tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for c in darks])
    cmyk, mask = limited.image(picture)
    sums = np.asarray(cmyk, dtype=np.int64).sum(axis=-1)
    assert cmyk.mode == "CMYK" and mask is None
    assert sums.max() <= 240 * 255 / 100


def test_colours_the_designer_gives_in_cmyk_are_printed_exactly() -> None:
    given = (("#6a1b9a", (0.6, 0.9, 0.0, 0.1)), ("#1a1a1a", (0.0, 0.0, 0.0, 1.0)))
    inks = system_inks(given=given)
    assert inks.colour("#6a1b9a") == (0.6, 0.9, 0.0, 0.1)
    assert inks.colour("#6A1B9A") == (0.6, 0.9, 0.0, 0.1)
    assert inks.colour("#1a1a1a") == (0.0, 0.0, 0.0, 1.0)
    assert inks.colour("#6a1b9b") != (0.6, 0.9, 0.0, 0.1)  # only the colour given


def test_pictures_flatten_onto_white_with_a_mask_where_they_are_at_least_half_opaque(
        inks: Inks) -> None:
    picture = Image.new("RGBA", (4, 1))
    picture.putdata([(0, 0, 255, 255), (0, 0, 255, 128), (0, 0, 255, 127), (0, 0, 0, 0)])
    cmyk, mask = inks.image(picture)
    assert cmyk.mode == "CMYK" and mask is not None and mask.mode == "1"
    assert [bool(value) for value in np.asarray(mask)[0]] == [True, True, False, False]
    solid, half = np.asarray(cmyk, dtype=np.int64)[0][:2]
    assert half.sum() < solid.sum()  # the half-opaque blue is lighter: blended with white
    opaque, none = inks.image(Image.new("RGB", (2, 2), (10, 120, 60)))
    assert none is None and opaque.mode == "CMYK"


def test_a_grey_picture_prints_on_black_ink_alone(inks: Inks) -> None:
    cmyk, mask = inks.image(Image.linear_gradient("L"))
    values = np.asarray(cmyk)
    assert mask is None and not values[..., :3].any() and values[..., 3].max() == 255


def test_the_profile_found_on_the_system_is_named(inks: Inks) -> None:
    assert inks.profile_bytes[36:40] == b"acsp"  # an ICC profile's signature
    assert inks.description and inks.profile_path.is_file()


def test_icc_that_is_not_a_profile_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "shop.icc"
    path.write_text("not a profile")
    with pytest.raises(PrintError) as caught:
        find_inks(InkOptions(icc=path))
    assert str(path) in str(caught.value) and "not an ICC colour profile" in str(caught.value)


def test_icc_that_is_missing_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PrintError, match="cannot be read"):
        find_inks(InkOptions(icc=tmp_path / "nowhere.icc"))


def test_an_rgb_profile_is_refused_saying_it_is_not_cmyk() -> None:
    if not GHOSTSCRIPT_RGB.is_file():
        pytest.skip(f"no {GHOSTSCRIPT_RGB} on this machine")
    with pytest.raises(PrintError) as caught:
        find_inks(InkOptions(icc=GHOSTSCRIPT_RGB))
    message = str(caught.value)
    assert str(GHOSTSCRIPT_RGB) in message and "it describes RGB colours, not CMYK" in message


def test_a_cmyk_profile_littlecms_cannot_convert_through_is_refused_in_a_sentence() -> None:
    """Ghostscript's "PS CMYK" profile opens, but Pillow cannot write it into a converted
    image: the build must say so before drawing, not fail halfway with a traceback."""
    odd = GHOSTSCRIPT_RGB.with_name("ps_cmyk.icc")
    if not odd.is_file():
        pytest.skip(f"no {odd} on this machine")
    with pytest.raises(PrintError) as caught:
        find_inks(InkOptions(icc=odd))
    assert str(odd) in str(caught.value)
    assert "cannot convert colours through it" in str(caught.value)


def test_the_designer_s_own_cmyk_profile_is_used(tmp_path: Path) -> None:
    found = system_inks()
    copy = tmp_path / "my-shop.icc"
    copy.write_bytes(found.profile_bytes)
    inks = find_inks(InkOptions(icc=copy))
    assert inks.profile_path == copy and inks.colour("#6a1b9a") == found.colour("#6a1b9a")


def test_no_profile_anywhere_says_what_to_install(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ink_profiles, "GHOSTSCRIPT_CMYK", tmp_path / "none.icc")
    monkeypatch.setattr(ink_profiles, "_search_places", lambda: [tmp_path])
    with pytest.raises(PrintError) as caught:
        find_inks(InkOptions())
    message = str(caught.value)
    assert "no CMYK colour profile was found" in message
    assert "apt install libgs-common" in message and "--icc FILE" in message


@pytest.mark.parametrize("limit", [50.0, 450.0])
def test_an_ink_limit_no_press_has_is_refused(limit: float) -> None:
    with pytest.raises(PrintError, match="ink limit"):
        find_inks(InkOptions(ink_limit=limit))


def test_a_cmyk_jpeg_keeps_its_inks_held_under_the_limit(tmp_path: Path) -> None:
    inks = system_inks(ink_limit=240)
    path = tmp_path / "art.jpg"
    source = Image.new("CMYK", (8, 8), (40, 200, 10, 0))
    source.paste((255, 255, 255, 255), (0, 0, 4, 8))  # 400% on the left half
    source.save(path, quality=100)
    with Image.open(path) as picture:
        cmyk, mask = inks.image(picture)
    values = np.asarray(cmyk, dtype=np.int64)
    assert mask is None and cmyk.mode == "CMYK"
    assert values.sum(axis=-1).max() <= 240 * 255 / 100
    assert values[0, 0, 3] >= 250 and abs(int(values[0, 7, 1]) - 200) <= 8  # K kept; as given
