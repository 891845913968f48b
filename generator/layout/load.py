"""Read a deck's layout file and the built-in looks it extends into one checked `Look`.

Each file is read on its own (YAML safely, every key checked, files it names found beside
it), so a problem names the file and line it is in. Then the files are merged, base look
first: fonts, icons, colours and labels by name; a template of the same name element by
element, and an element key by key, so that `label: {text: "OMEN {number}"}` changes only
the words of the look's label. Last, each template's `extends` is followed and every element
is checked against its type.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from engine.errors import did_you_mean
from generator.deck_file import UnreadableDeck, read_deck_bytes
from generator.issues import Issue, make_issue
from generator.printing.units import Box
from generator.yamlmarks import Path as YamlPath
from generator.yamlmarks import YamlError, read_yaml

from .check_files import file_problem
from .errors import LayoutSource, field_name, validate
from .look import Cmyk, Look, Origin, Placed
from .measures import MeasureError, length, points, resolve_box
from .model import BUILTIN_FAMILIES, Cover, Element, LayoutFile

LOOKS_DIR = Path(__file__).resolve().parents[2] / "templates" / "layouts"
DEFAULT_LOOK = "classic"
MAX_EXTENDS = 8  # looks extending looks; more is a loop

# The keys each type of element may have, beyond the ones every element has.
COMMON = ("type", "box", "when", "turn", "repeat", "layer")
KEYS: dict[str, tuple[str, ...]] = {
    "text": ("text", "font", "style", "size", "min_size", "colour", "align", "valign",
             "padding", "leading", "paragraph_gap", "hyphens", "one_line", "upper"),
    "rect": ("fill", "stroke", "stroke_width", "radius"),
    "image": ("src", "fit"),
    "icon": ("icon", "colour", "padding"),
    "shapes": ("ink", "padding"),
    "pattern": ("pattern", "stroke", "stroke_width", "spacing"),
}
NEEDS: dict[str, tuple[str, ...]] = {"text": ("text",), "image": ("src",), "icon": ("icon",),
                                     "pattern": ("pattern",)}
HEX = re.compile(r"#[0-9a-fA-F]{6}")
MEASURES = ("size", "min_size", "padding", "stroke_width", "radius", "spacing")
FONT_SIZES = ("size", "min_size")
COLOURS = ("colour", "fill", "stroke", "ink")
HEX = re.compile(r"#[0-9a-fA-F]{6}")
MIX = re.compile(r"mix\(([^,]*),([^,]*),\s*(\d+(?:\.\d+)?)\s*%\s*\)")


def builtin_looks() -> list[str]:
    """The looks hrdeck ships, by name."""
    return sorted(path.stem for path in LOOKS_DIR.glob("*.yaml"))


def builtin_path(name: str) -> Path:
    return LOOKS_DIR / f"{name}.yaml"


class _Read:
    """One layout file read and checked on its own."""

    def __init__(self, source: LayoutSource, model: LayoutFile, data: dict[str, Any]) -> None:
        self.source = source
        self.model = model
        self.data = data  # what it sets, paths made absolute

    def origin(self, at: YamlPath) -> Origin:
        mark = self.source.marked.keys.get(at) or self.source.marked.mark(at)
        return (str(self.source.path), mark.line if mark else None,
                mark.column if mark else None, field_name(at))


def read_layout(path: Path, folder: Path) -> tuple[_Read | None, list[Issue]]:
    """One layout file: checked against the model, the files it names looked for in `folder`
    (which they may not leave)."""
    try:
        text = read_deck_bytes(path).decode("utf-8")
        marked = read_yaml(text)
    except (UnreadableDeck, UnicodeDecodeError) as error:
        reason = str(error) if isinstance(error, UnreadableDeck) else "it is not UTF-8 text"
        return None, [make_issue("file-unreadable", f"The layout file cannot be read: "
                                 f"{reason}.", str(path))]
    except YamlError as error:
        line, column = (error.mark.line, error.mark.column) if error.mark else (None, None)
        return None, [make_issue("yaml-syntax", str(error), str(path), line, column)]
    source = LayoutSource(path=path, marked=marked)
    for problem in marked.problems:
        source.add(problem.code, problem.message, problem.path)
    if not isinstance(marked.data, dict):
        source.add("wrong-type", "A layout file is a mapping: fonts, icons, colours, labels, "
                   "templates and cover.")
        return None, source.issues
    model = validate(source, LayoutFile, _elements_checked(source, marked.data))
    if model is None:
        return None, source.issues
    data = model.model_dump(exclude_unset=True)
    _place_files(source, data, folder)
    return _Read(source, model, data), source.issues


def _elements_checked(source: LayoutSource, data: dict[str, Any]) -> dict[str, Any]:
    """`data` without the elements that are not good elements, each checked on its own so
    that one element's mistake hides no other's."""
    templates = data.get("templates")
    if not isinstance(templates, dict):
        return data
    kept: dict[str, Any] = {}
    for name, template in templates.items():
        elements = template.get("elements") if isinstance(template, dict) else None
        if not isinstance(elements, dict):
            kept[name] = template
            continue
        good = {element: keys for element, keys in elements.items()
                if keys is None or validate(source, Element, keys,
                                            ("templates", name, "elements", element))}
        kept[name] = {**template, "elements": good}
    return {**data, "templates": kept}


def _place_files(source: LayoutSource, data: dict[str, Any], folder: Path) -> None:
    """Every file the layout names, made an absolute path beside it (checked to exist and to
    stay inside `folder`)."""
    here = source.path.parent

    def place(value: str, at: YamlPath, kind: str = "art") -> str:
        path = (here / value).resolve()
        if not path.is_relative_to(folder.resolve()):
            source.add("bad-value", f'"{value}" lies outside the deck\'s folder ({folder}); '
                       "keep fonts, icons and pictures beside the deck.", at)
        elif not path.exists():
            source.add("art-missing", f'There is no file "{value}" (looked for {path}).', at)
        else:
            problem = file_problem(kind, path, value)
            if problem is not None:
                source.add(*problem, at)
        return str(path)

    for family, files in data.get("fonts", {}).items():
        if isinstance(files, str):
            data["fonts"][family] = {"regular": place(files, ("fonts", family), "font")}
        else:
            for style, value in files.items():
                if value is not None:
                    files[style] = place(value, ("fonts", family, style), "font")
    for name, value in data.get("icons", {}).items():
        data["icons"][name] = place(value, ("icons", name), "icon")
    for key in ("art", "logo"):
        cover = data.get("cover") or {}
        if cover.get(key):
            cover[key] = place(cover[key], ("cover", key))
    for name, template in data.get("templates", {}).items():
        for element, spec in template.get("elements", {}).items():
            src = (spec or {}).get("src")
            if src and "{" not in src:
                spec["src"] = place(src, ("templates", name, "elements", element, "src"))


def load_look(layout: Path | None, folder: Path, default: str = DEFAULT_LOOK
              ) -> tuple[Look | None, list[Issue]]:
    """The look of a deck whose layout file is `layout` (None: the built-in `default`), with
    every problem found; the look is None when it cannot be drawn."""
    issues: list[Issue] = []
    chain: list[_Read] = []
    if layout is not None:
        read, found = read_layout(layout, folder)
        issues += found
        if read is None:
            return None, issues
        chain.append(read)
    base: str | None = chain[0].model.extends if chain and chain[0].model.extends else default
    while base is not None:
        if len(chain) > MAX_EXTENDS or base in (read.source.path.stem for read in chain[1:]):
            issues.append(make_issue("bad-value", f'The look "{base}" extends itself.',
                                     str(chain[-1].source.path)))
            return None, issues
        path = builtin_path(base)
        if not path.is_file():
            where = chain[-1].origin(("extends",)) if chain else ("", None, None, "")
            issues.append(make_issue(
                "bad-value", f'There is no built-in look "{base}"; the looks are '
                f"{', '.join(builtin_looks())}.{did_you_mean(base, builtin_looks())}",
                where[0], where[1], where[2], where[3]))
            return None, issues
        read, found = read_layout(path, LOOKS_DIR)
        issues += found
        if read is None:
            return None, issues
        chain.append(read)
        base = read.model.extends
    chain.reverse()  # base look first
    look = _merge(chain, issues)
    return look, issues


def _merge(chain: list[_Read], issues: list[Issue]) -> Look:
    fonts: dict[str, dict[str, Path]] = {}
    icons: dict[str, Path] = {}
    colours: dict[str, str] = {}
    inks: dict[str, tuple[list[float], Origin]] = {}  # cmyk: as written, and where
    labels: dict[str, str] = {}
    fallback: tuple[str, ...] = ()
    language = "en"
    cover: dict[str, Any] = {}
    templates: dict[str, dict[str, Any]] = {}  # name: {"extends", "elements": {name: keys}}
    origins: dict[tuple[str, str], Origin] = {}
    for read in chain:
        data = read.data
        for family, files in data.get("fonts", {}).items():
            fonts[family] = {style: Path(file) for style, file in files.items() if file}
        icons.update({name: Path(file) for name, file in data.get("icons", {}).items()})
        colours.update(data.get("colours", {}))
        inks.update({name: (values, read.origin(("cmyk", name)))
                     for name, values in data.get("cmyk", {}).items()})
        labels.update(data.get("labels", {}))
        fallback = tuple(data.get("fallback", fallback))
        language = data.get("language") or language
        cover.update({key: value for key, value in (data.get("cover") or {}).items()})
        for name, template in data.get("templates", {}).items():
            merged = templates.setdefault(name, {"extends": None, "elements": {}})
            if "extends" in template:
                merged["extends"] = template["extends"]
                origins[(name, "")] = read.origin(("templates", name, "extends"))
            for element, keys in template.get("elements", {}).items():
                at = ("templates", name, "elements", element)
                origins[(name, element)] = read.origin(at)
                if keys is None:
                    merged["elements"][element] = None
                else:
                    before = merged["elements"].get(element) or {}
                    merged["elements"][element] = {**before, **keys}
    resolved = {name: _resolve(name, templates, origins, issues, set())
                for name in templates}
    known_colours = set(colours)
    families = sorted({*BUILTIN_FAMILIES, *fonts})
    placed: dict[str, tuple[Placed, ...]] = {}
    found: list[Issue] = []
    for name, elements in resolved.items():
        placed[name] = tuple(_checked(name, element, keys, origins, found, known_colours,
                                      families)
                             for element, keys in elements.items() if keys is not None)
    issues += _once_each(found)
    for key in ("background", "ink"):
        value = cover.get(key)
        if value is not None and not HEX.fullmatch(value) and value not in colours:
            origin = chain[-1].origin(("cover", key))
            issues.append(make_issue("bad-value", f'cover.{key}: "{value}" is not a colour: '
                                     f"write #rrggbb or a name from colours: "
                                     f"({', '.join(sorted(colours)) or 'none'})."
                                     f"{did_you_mean(value, sorted(colours))}", *origin))
    for family in fallback:
        if family not in families:
            origin = chain[-1].origin(("fallback",))
            issues.append(make_issue("bad-value", f'The fallback font "{family}" is neither '
                                     f"one of fonts: nor built in ({', '.join(families)})."
                                     f"{did_you_mean(family, families)}", *origin))
    return Look(name=str(chain[-1].source.path), templates=placed, fonts=fonts,
                fallback=fallback, icons=icons, colours=colours, labels=labels,
                cmyk=_given_inks(inks, colours, issues),
                language=language, cover=Cover(**cover) if cover else None,
                files=tuple(read.source.path for read in chain))


def _given_inks(inks: dict[str, tuple[list[float], Origin]], colours: dict[str, str],
                issues: list[Issue]) -> dict[str, Cmyk]:
    """`cmyk:` by the #rrggbb each entry names (lower case), as fractions of full ink; a
    name that is neither a colour of `colours:` nor #rrggbb is reported where it is written."""
    given: dict[str, Cmyk] = {}
    known = sorted(colours)
    for name, (values, origin) in inks.items():
        colour = name if HEX.fullmatch(name) else colours.get(name)
        if colour is None:
            issues.append(make_issue(
                "bad-value", f'cmyk: "{name}" is neither a name from colours: '
                f"({', '.join(known) or 'none'}) nor #rrggbb.{did_you_mean(name, known)}",
                *origin))
            continue
        cyan, magenta, yellow, black = (value / 100 for value in values)
        given[colour.lower()] = (cyan, magenta, yellow, black)
    return given


def _once_each(found: list[Issue]) -> list[Issue]:
    """Each problem of an element once, where it is written, though every template that
    inherits the element found it again."""
    seen: set[tuple[str, str, int | None, int | None, str]] = set()
    kept: list[Issue] = []
    for issue in found:
        what = issue.message.split(": ", 1)[-1]
        key = (issue.code, issue.path, issue.line, issue.column, what)
        if key not in seen:
            seen.add(key)
            kept.append(issue)
    return kept


def _resolve(name: str, templates: dict[str, dict[str, Any]],
             origins: dict[tuple[str, str], Origin], issues: list[Issue],
             seen: set[str]) -> dict[str, Any]:
    """A template's elements with the ones it extends merged under them, in order."""
    template = templates[name]
    parent = template["extends"]
    if parent is None:
        return dict(template["elements"])
    if parent not in templates or parent in seen | {name}:
        problem = ("extends itself." if parent == name else
                   f'extends "{parent}", which leads back to it: templates may not extend '
                   "each other in a loop." if parent in seen else
                   f'extends "{parent}", which is not a template; the templates are '
                   f"{', '.join(templates)}.{did_you_mean(parent, templates)}")
        issues.append(make_issue("bad-value", f'The template "{name}" {problem}',
                                 *origins[(name, "")]))
        return dict(template["elements"])
    elements = _resolve(parent, templates, origins, issues, seen | {name})
    for element, keys in template["elements"].items():
        if keys is None or elements.get(element) is None:
            elements[element] = keys
        else:
            elements[element] = {**elements[element], **keys}
        if (name, element) not in origins and (parent, element) in origins:
            origins[(name, element)] = origins[(parent, element)]
    for element in elements:
        origins.setdefault((name, element), origins.get((parent, element),
                                                         ("", None, None, "")))
    return elements


def _checked(template: str, name: str, keys: dict[str, Any],
             origins: dict[tuple[str, str], Origin], issues: list[Issue],
             colours: Iterable[str], families: list[str]) -> Placed:
    """The element built from its merged keys; what its type does not allow is reported."""
    origin = origins.get((template, name), ("", None, None, ""))

    def problem(code: str, message: str) -> None:
        issues.append(make_issue(code, f'The element "{name}" of the template "{template}": '
                                 f"{message}", *origin))

    spec = Element(**keys)
    kind = spec.type
    if kind is None:
        problem("missing-field", f"it has no type ({', '.join(KEYS)}).")
        return Placed(name, spec, origin)
    allowed = set(COMMON) | set(KEYS[kind])
    for key in keys:
        if key not in allowed:
            problem("bad-value", f'a {kind} element has no "{key}"; it has '
                    f"{', '.join(k for k in (*COMMON, *KEYS[kind]))}.")
    for key in NEEDS.get(kind, ()):
        if keys.get(key) in (None, ""):
            problem("missing-field", f'a {kind} element needs "{key}".')
    turned = any(turn % 360 for turn in [keys.get("turn") or 0, *(keys.get("repeat") or [])])
    if kind == "image" and turned:
        problem("bad-value", "a picture is drawn upright: it cannot be turned or repeated "
                "turned (turn your picture file instead).")
    if kind == "rect" and keys.get("fill") is None and keys.get("stroke") is None:
        problem("missing-field", 'a rect needs a "fill", a "stroke" or both.')
    for key in MEASURES:
        if keys.get(key) is not None:
            try:
                if key in FONT_SIZES:
                    points(keys[key])
                else:
                    length(keys[key], 100.0)
            except MeasureError as error:
                problem("bad-value", f"{key}: {error}")
    if spec.box is not None and not isinstance(spec.box, str):
        try:
            resolve_box(spec.box, _TRIAL_BOXES)
        except MeasureError as error:
            problem("bad-value", f"box: {str(error).rstrip('.')}.")
    family = keys.get("font")
    if family is not None and family not in families:
        problem("bad-value", f'font: "{family}" is neither one of fonts: nor built in '
                f"({', '.join(families)}).{did_you_mean(family, families)}")
    known = sorted(colours)
    for key in COLOURS:
        value = keys.get(key)
        wrong = None if value is None else _not_a_colour(value, known, key == "colour")
        if wrong is not None:
            problem("bad-value", f'{key}: "{wrong}" is not a colour: write #rrggbb, a name '
                    f"from colours: ({', '.join(known) or 'none'}), a field such as "
                    f"{{accent}}, mix(A, B, 20%){' or auto' if key == 'colour' else ''}."
                    f"{did_you_mean(wrong.strip(), known)}")
    return Placed(name, spec, origin)


_TRIAL_BOXES = {name: Box(0.0, 0.0, 180.0, 250.0) for name in ("trim", "bleed", "safe")}


def _not_a_colour(value: str, known: list[str], auto: bool) -> str | None:
    """The part of `value` that is not a colour (None: it is one, or a {field} whose value
    only a card knows)."""
    value = value.strip()
    if "{" in value or HEX.fullmatch(value) or value in known or (auto and value == "auto"):
        return None
    mixed = MIX.fullmatch(value)
    if mixed is None:
        return value
    return _not_a_colour(mixed[1], known, False) or _not_a_colour(mixed[2], known, False)


__all__ = ["DEFAULT_LOOK", "LOOKS_DIR", "builtin_looks", "load_look", "read_layout"]
