"""Read YAML safely, keeping the line and column of every key and value.

A deck from a stranger is data: the text is only *composed* into nodes with PyYAML's safe
loader (no Python objects are ever built from tags), each scalar is converted by hand,
and anything but plain mappings, lists, text, numbers, booleans and nulls is refused.
Duplicate keys, which PyYAML would silently overwrite, are reported. Aliases are allowed
but counted, so a "billion laughs" file is refused instead of expanded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from generator.deck_file import MAX_BYTES

MAX_NODES = 200_000
MAX_DEPTH = 64  # levels of lists and mappings inside one another; a deck needs five

Path = tuple[str | int, ...]

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:map", "tag:yaml.org,2002:timestamp",  # a date is read as its text
}


@dataclass(frozen=True, slots=True)
class Mark:
    line: int     # 1-based
    column: int   # 1-based


@dataclass(frozen=True, slots=True)
class YamlProblem:
    code: str
    message: str
    mark: Mark | None
    path: Path = ()


@dataclass
class Marked:
    """Plain data, with the position of each value and each key by their path."""

    data: Any
    values: dict[Path, Mark] = field(default_factory=dict)
    keys: dict[Path, Mark] = field(default_factory=dict)
    styles: dict[Path, str] = field(default_factory=dict)  # quoting of text values
    spans: dict[Path, tuple[int, int]] = field(default_factory=dict)  # text values' source
    text: str = ""
    problems: list[YamlProblem] = field(default_factory=list)

    def mark_within(self, path: Path, offset: int) -> Mark | None:
        """Where character `offset` of a text value (as read, spaces folded) is in the file.

        The value's characters are matched in order against its source, which may be quoted,
        hold escapes or run over several lines; a run of spaces matches any run of blanks.
        """
        span = self.spans.get(path)
        value = self.value_at(path)
        if span is None or not isinstance(value, str):
            return None
        source = self.text[span[0]:span[1]]
        if self.styles.get(path) in ("|", ">"):
            first_line = source.find("\n")
            source = source[first_line + 1:] if first_line >= 0 else source
            span = (span[1] - len(source), span[1])
        wanted = " ".join(value.split())
        position = 0
        for index, char in enumerate(wanted[:offset + 1]):
            if char == " ":
                while position < len(source) and not source[position].isspace():
                    position += 1
                while position < len(source) and source[position].isspace():
                    position += 1
                if index == offset:
                    position -= 1
                continue
            found = source.find(char, position)
            if found < 0:
                return None
            position = found + (0 if index == offset else 1)
        absolute = span[0] + min(position, len(source) - 1 if source else 0)
        line = self.text.count("\n", 0, absolute) + 1
        column = absolute - (self.text.rfind("\n", 0, absolute) + 1) + 1
        return Mark(line, column)

    def value_at(self, path: Path) -> Any:
        value = self.data
        for part in path:
            try:
                value = value[part]
            except (KeyError, IndexError, TypeError):
                return None
        return value

    def mark(self, path: Path) -> Mark | None:
        """The position of `path`, or of its nearest parent that has one."""
        for length in range(len(path), -1, -1):
            found = self.values.get(path[:length])
            if found is not None:
                return found
        return None


class YamlError(Exception):
    """The text is not YAML at all; carries where the reader gave up."""

    def __init__(self, message: str, mark: Mark | None) -> None:
        super().__init__(message)
        self.mark = mark


def _advice(reason: str, text: str, mark: Mark | None) -> str:
    """What to do about the mistakes designers make most, in YAML's own words."""
    line = ""
    if mark is not None:
        lines = text.splitlines()
        line = lines[mark.line - 1] if 0 < mark.line <= len(lines) else ""
    if "mapping values are not allowed" in reason or (
            "could not find expected ':'" in reason and ":" in line):
        return (" A colon followed by a space starts a new key, so text that holds one must "
                "be quoted: text: \"Say: hello\" (or write the text on the lines below "
                "\"text: >\").")
    if "found character '\\t'" in reason or "\t" in line:
        return " Indent with spaces, not tabs."
    return ""


def read_yaml(text: str) -> Marked:
    """Compose and convert; raise `YamlError` when the text cannot be read as YAML."""
    if len(text.encode("utf-8", errors="replace")) > MAX_BYTES:
        raise YamlError(f"The file is larger than {MAX_BYTES // 1_000_000} MB.", None)
    try:
        root = _compose(text)
    except RecursionError:  # composing is recursive: find where it nests too deep
        raise YamlError(_TOO_DEEP, _too_deep_at(text)) from None
    except yaml.MarkedYAMLError as error:
        where = error.problem_mark or error.context_mark
        mark = Mark(where.line + 1, where.column + 1) if where is not None else None
        reason = error.problem or error.context or "unreadable YAML"
        raise YamlError(f"This is not valid YAML: {reason}.{_advice(reason, text, mark)}",
                        mark) from None
    except yaml.YAMLError as error:
        raise YamlError(f"This is not valid YAML: {error}.", None) from None
    marked = Marked(data=None, text=text)
    if root is None:
        return marked
    counter = [0]
    marked.data = _convert(root, (), marked, counter)
    return marked


def _compose(text: str) -> yaml.Node | None:
    """The YAML's nodes, by libyaml's safe reader where PyYAML has it (fifteen times
    faster), else by the pure-Python one. Text libyaml cannot read, or nested too deep for
    its recursive composer, goes to the pure reader, which words every error as before."""
    fast = getattr(yaml, "CSafeLoader", None)
    if fast is not None and _nesting_within(text, fast):
        try:
            return yaml.compose(text, Loader=fast)
        except yaml.YAMLError:
            pass
    return yaml.compose(text, Loader=yaml.SafeLoader)


def _nesting_within(text: str, loader: Any) -> bool:
    """Whether lists and mappings nest at most MAX_DEPTH deep (read from the parser's
    events, which do not recurse); False when the text cannot be parsed."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    return False
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        return False
    return True


_TOO_DEEP = (f"Values here are nested more than {MAX_DEPTH} levels deep (lists or mappings "
             "inside one another); a deck never needs that many.")


def _too_deep_at(text: str) -> Mark | None:
    """Where nesting first passes MAX_DEPTH, read from the parser's events (not recursive)."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                where = event.start_mark
                if depth > MAX_DEPTH and where is not None:
                    return Mark(where.line + 1, where.column + 1)
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        pass
    return None


def _mark_of(node: yaml.Node) -> Mark:
    return Mark(node.start_mark.line + 1, node.start_mark.column + 1)


def _convert(node: yaml.Node, path: Path, marked: Marked, counter: list[int]) -> Any:
    counter[0] += 1
    if counter[0] > MAX_NODES:
        raise YamlError(f"The file holds more than {MAX_NODES:,} values (too many aliases?).",
                        _mark_of(node))
    if len(path) > MAX_DEPTH:
        raise YamlError(_TOO_DEEP, _mark_of(node))
    marked.values[path] = _mark_of(node)
    if node.tag not in _PLAIN_TAGS:
        marked.problems.append(YamlProblem(
            "yaml-tag", f'The tag "{node.tag}" is not allowed in a deck; write plain values.',
            _mark_of(node), path))
        return None
    if isinstance(node, yaml.MappingNode):
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == "<<":
                marked.problems.append(YamlProblem(
                    "yaml-key", "YAML merge keys (<<) are not supported in decks: write the "
                    "values out in full.", _mark_of(key_node), path))
                continue
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in _PLAIN_TAGS:
                marked.problems.append(YamlProblem(
                    "yaml-key", "Keys must be plain words.", _mark_of(key_node), path))
                continue
            key = str(key_node.value)
            if key in result:
                first = marked.keys.get((*path, key))
                where = f" (first at line {first.line})" if first else ""
                marked.problems.append(YamlProblem(
                    "yaml-duplicate-key", f'The key "{key}" appears twice here{where}; '
                    "the second would silently replace the first.", _mark_of(key_node),
                    (*path, key)))
                continue
            marked.keys[(*path, key)] = _mark_of(key_node)
            result[key] = _convert(value_node, (*path, key), marked, counter)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, (*path, index), marked, counter)
                for index, item in enumerate(node.value)]
    if isinstance(node, yaml.ScalarNode):
        if node.style:
            marked.styles[path] = node.style
        marked.spans[path] = (node.start_mark.index, node.end_mark.index)
    return _scalar(node)


def _scalar(node: yaml.Node) -> Any:
    value = str(node.value)
    tag = node.tag
    if tag == "tag:yaml.org,2002:null":
        return None
    if tag == "tag:yaml.org,2002:bool":
        return value.lower() in ("true", "yes", "on", "y")
    if tag == "tag:yaml.org,2002:int":
        try:
            return int(value.replace("_", ""), 0)
        except ValueError:
            return value
    if tag == "tag:yaml.org,2002:float":
        try:
            return float(value.replace("_", ""))
        except ValueError:
            return value
    return value
