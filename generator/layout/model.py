"""The layout file: what a deck's look may say, strictly typed.

A layout file holds fonts, icons, colours (and the process inks a CMYK build prints some of
them in), the labels printed for each kind of card, the templates that draw each side of a
card, and the rulebook's cover. Every key is checked
(unknown keys are refused with the closest name), and `hrdeck schema --layout` exports this
model as a JSON Schema for editors. docs/layout.md explains every field.

Elements are read as one flat model (every element key is optional here) because a template
may change a single key of an element it inherits: what each element type needs is checked
once the templates are merged (`generator.layout.load`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from generator.deck_model import Strict

Name = Annotated[str, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9 _.-]*$", max_length=60)]
IconName = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$", max_length=40)]
FileName = Annotated[str, Field(min_length=1, max_length=300)]
# A length: "4mm", "12pt", "0.5in", "25%" (of the box it is measured in), or a number of mm.
Measure = Annotated[str | float, Field(description='a length: "4mm", "12pt", "0.5in", "25%" '
                                                   "or a number of millimetres")]
# A colour: "#rrggbb", a name from the layout's colours, a {field} such as {accent}, or
# "auto" (text only: dark or light, whichever reads better on what lies under it).
ColourText = Annotated[str, Field(max_length=60, description='"#rrggbb", a colour name from '
                                  'colours:, a {field} such as {accent}, or "auto"')]
Turn = Literal[0, 90, 180, 270]
# A colour as a designer gives it in process inks: [C, M, Y, K], each 0 to 100 per cent.
InkPercents = Annotated[list[Annotated[float, Field(ge=0, le=100)]],
                        Field(min_length=4, max_length=4,
                              description="[C, M, Y, K], each 0 to 100 per cent")]
ElementType = Literal["text", "rect", "image", "icon", "shapes", "pattern"]
BoxName = Literal["trim", "bleed", "safe"]
# Font families a layout may name without a file of its own (generator.layout.typefaces).
BUILTIN_FAMILIES = ("DejaVu Sans", "DejaVu Serif", "DejaVu Sans Condensed", "Bebas Neue",
                    "Blankenburg")


class BoxSpec(Strict):
    """A box measured inward from the edges of a named box (the trim by default).

    Across, give any two of left, width and right (or one, the rest is the box's); down, any
    two of top, height and bottom. Percentages are of the named box's width or height.
    """

    of: BoxName = Field("trim", description="the box measured from: trim, bleed or safe")
    left: Measure | None = None
    right: Measure | None = None
    width: Measure | None = None
    top: Measure | None = None
    bottom: Measure | None = None
    height: Measure | None = None


class Element(Strict):
    """One thing drawn on a card side. Which keys an element may have depends on its type."""

    type: ElementType | None = Field(None, description="text, rect, image, icon, shapes or "
                                                       "pattern")
    box: BoxName | BoxSpec | None = Field(None, description="where it is drawn (default: trim)")
    when: str | None = Field(None, max_length=400, description='drawn only when this is true, '
                             'in the trigger language: card.colour == "black"')
    turn: Turn | None = Field(None, description="quarter turns anticlockwise, in degrees")
    repeat: list[Turn] | None = Field(None, description="drawn once per turn listed, turned "
                                      "about the card's centre: [0, 180] for corner indices")
    layer: int | None = Field(None, ge=-100, le=100, description="drawn under elements of a "
                              "higher layer; in the order written within a layer (default 0)")
    # text
    text: str | None = Field(None, max_length=400, description="what it says, with {fields}")
    font: Name | None = Field(None, description="a font family: one of fonts:, or DejaVu Sans")
    style: Literal["regular", "bold", "italic", "bold-italic"] | None = None
    size: Measure | None = Field(None, description="the size it is set at when it fits")
    min_size: Measure | None = Field(None, description="the smallest it may shrink to")
    colour: ColourText | None = None
    align: Literal["auto", "centre", "left", "right"] | None = Field(
        None, description="auto: short text centred, paragraphs and lists left")
    valign: Literal["top", "middle", "bottom"] | None = None
    padding: Measure | None = Field(None, description="space kept inside the box")
    leading: float | None = Field(None, ge=0.8, le=3.0, description="line height / size")
    paragraph_gap: float | None = Field(None, ge=0.0, le=2.0, description="room between "
                                        "paragraphs, as a share of the size (default 0.5)")
    hyphens: bool | None = Field(None, description="false: never hyphenated (default true)")
    one_line: bool | None = Field(None, description="never wrapped: shrunk to fit one line")
    upper: bool | None = Field(None, description="printed in capitals")
    # rect
    fill: ColourText | None = None
    stroke: ColourText | None = None
    stroke_width: Measure | None = None
    radius: Measure | None = None
    # image and icon
    src: str | None = Field(None, max_length=300, description="a picture file (PNG or JPEG) "
                            "beside the layout, or a {field} such as {art}; an SVG is an icon")
    fit: Literal["contain", "cover", "stretch"] | None = Field(
        None, description="contain: whole picture inside the box; cover: the box filled, "
                          "the picture cropped; stretch: both, distorted")
    icon: str | None = Field(None, max_length=60, description="an icon name or {field}")
    # pattern
    pattern: Literal["lattice", "stripes", "dots"] | None = None
    spacing: Measure | None = None
    # shapes
    ink: ColourText | None = Field(None, description="the shapes' colour (shapes only)")


class Template(Strict):
    """One side's look: named elements, drawn in order; `extends` starts from another."""

    extends: Name | None = None
    elements: dict[Name, Element | None] = Field(
        default_factory=dict, description="by name; ~ (null) removes an inherited element")


class FontFiles(Strict):
    regular: FileName
    bold: FileName | None = None
    italic: FileName | None = None
    bold_italic: FileName | None = None


class Cover(Strict):
    """The rulebook's cover."""

    title: str | None = Field(None, max_length=120, description="the book's title (default: "
                                                                "the deck's name)")
    subtitle: str | None = Field(None, max_length=200, description="a line under the art")
    art: FileName | None = Field(None, description="a picture (PNG or JPEG) for the title page")
    logo: FileName | None = Field(None, description="the game's logo, over the title")
    background: ColourText | None = Field(None, description="the colour of the band at the "
                                          "top of the title page that holds them")
    ink: ColourText | None = Field(None, description="the subtitle's colour on that band")


class LayoutFile(Strict):
    extends: Name | None = Field(None, description="a built-in look to start from (default: "
                                                   "the base game's)")
    fonts: dict[Name, FileName | FontFiles] = Field(
        default_factory=dict, description="font families by name: a file, or one per style")
    fallback: list[Name] = Field(default_factory=list, description="families tried, in order, "
                                 "for a character a text's own font lacks (DejaVu Sans last)")
    icons: dict[IconName, FileName] = Field(default_factory=dict,
                                            description=":name: in any text draws this file")
    colours: dict[Name, Annotated[str, Field(pattern=r"^#[0-9a-fA-F]{6}$")]] = Field(
        default_factory=dict)
    cmyk: dict[Annotated[str, Field(max_length=60)], InkPercents] = Field(
        default_factory=dict, description="colours printed in these inks by a CMYK build "
        "(dtc-cmyk): a name from colours: or a #rrggbb, and [C, M, Y, K] in per cent")
    labels: dict[Name, Annotated[str, Field(max_length=40)]] = Field(
        default_factory=dict, description="the label printed for a section: triggers: OMEN")
    language: Annotated[str, Field(pattern=r"^[a-z]{2}([_-][A-Za-z]{2})?$")] | None = Field(
        None, description="for hyphenation, e.g. en, de, fr (default en)")
    templates: dict[Name, Template] = Field(default_factory=dict)
    cover: Cover | None = None
