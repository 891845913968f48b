"""The CMYK output profile a print build converts through: the designer's `--icc FILE`,
checked, or the first one found where systems keep colour profiles.

A profile must be a real ICC profile of the output (printer) class whose colours are CMYK;
anything else is refused with a sentence naming the file and what is wrong with it.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageCms

from .errors import PrintError

MAX_PROFILE_BYTES = 20_000_000  # a large CMYK profile is ~4 MB
# Debian's and Ubuntu's ghostscript data (package libgs-common): "Artifex CMYK SWOP Profile".
GHOSTSCRIPT_CMYK = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")
NO_PROFILE = ("no CMYK colour profile was found: install ghostscript's profiles "
              "(Debian/Ubuntu: apt install libgs-common) or give one with --icc FILE, "
              "e.g. your shop's")
_CLASSES = {"scnr": "an input (scanner or camera)", "mntr": "a display", "link": "a device link",
            "spac": "a colour space conversion", "abst": "an abstract", "nmcl": "a named colour"}
_SPACES = {"RGB": "RGB", "GRAY": "grey", "LAB": "Lab", "XYZ": "XYZ"}


@dataclass(frozen=True, slots=True)
class CmykProfile:
    path: Path
    data: bytes  # the file as it is, to embed in the PDF
    profile: ImageCms.ImageCmsProfile
    description: str  # its own name: "Artifex CMYK SWOP Profile"


def _search_places() -> list[Path]:
    """Where systems keep colour profiles, most usual first (few, so the search stays quick)."""
    home = Path.home()
    places = [Path("/usr/share/color/icc"), Path("/usr/local/share/color/icc"),
              home / ".local/share/color/icc", home / ".color/icc",
              Path("/Library/ColorSync/Profiles"), home / "Library/ColorSync/Profiles"]
    windows = os.environ.get("SYSTEMROOT")  # Windows matches names in any case
    if windows:
        places.append(Path(windows) / "System32" / "spool" / "drivers" / "color")
    return places


def _profile_files(folder: Path) -> Iterator[Path]:
    """The .icc and .icm files under `folder`, in a stable order."""
    for root, folders, files in os.walk(folder):
        folders.sort()
        for name in sorted(files):
            if name.lower().endswith((".icc", ".icm")):
                yield Path(root) / name


def cmyk_problem(path: Path) -> tuple[CmykProfile | None, str]:
    """The profile at `path`, or None and why it is not a CMYK output profile."""
    try:
        if path.stat().st_size > MAX_PROFILE_BYTES:
            return None, f"it is larger than {MAX_PROFILE_BYTES // 1_000_000} MB"
        data = path.read_bytes()
    except OSError as error:
        return None, f"it cannot be read ({error.strerror or error.__class__.__name__})"
    try:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(data))
    except (OSError, ImageCms.PyCMSError, ValueError, TypeError):
        return None, "it is not an ICC colour profile"
    core = profile.profile
    space = core.xcolor_space.strip()
    if space != "CMYK":
        return None, f"it describes {_SPACES.get(space, space)} colours, not CMYK inks"
    if core.device_class != "prtr":
        kind = _CLASSES.get(core.device_class, f'a "{core.device_class}"')
        return None, f"it is {kind} profile, not an output (printer) profile"
    if not _converts(profile):
        return None, ("littleCMS cannot convert colours through it (a tag in it is damaged "
                      "or of a kind it does not read)")
    description = (ImageCms.getProfileDescription(profile) or path.stem).strip()
    return CmykProfile(path=path, data=data, profile=profile, description=description), ""


def _converts(profile: ImageCms.ImageCmsProfile) -> bool:
    """Whether one colour goes through `profile` whole: Pillow writes the output profile into
    every converted image, which fails for some profiles that otherwise open."""
    try:
        transform = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), profile, "RGB",
                                            "CMYK")
        transform.apply(Image.new("RGB", (1, 1), (40, 90, 160)))
    except (OSError, ImageCms.PyCMSError, ValueError):
        return False
    return True


def given_profile(path: Path) -> CmykProfile:
    """The designer's profile (`--icc FILE`), or a PrintError saying what is wrong with it."""
    found, problem = cmyk_problem(path)
    if found is None:
        raise PrintError(f"The colour profile {path} cannot be used: {problem}. Give a CMYK "
                         "output profile (.icc), such as the one your print shop names.")
    return found


def system_profile() -> CmykProfile:
    """The first CMYK output profile on this system, ghostscript's SWOP profile first."""
    candidates = [GHOSTSCRIPT_CMYK]
    for place in _search_places():
        if place.is_dir():
            candidates.extend(_profile_files(place))
    for path in candidates:
        if path.is_file():
            found, _ = cmyk_problem(path)
            if found is not None:
                return found
    raise PrintError(f"The cards cannot be converted to CMYK: {NO_PROFILE}.")
