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
from generator.yaml_advice import quoting_advice

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
    """What to do about the mistakes designers make most: YAML's punctuation in plain text
    (the line, fixed) and tabs. The line the reader stopped on is looked at, then the one
    above it (a reader may only notice a broken value at the start of the next line)."""
    lines = text.splitlines()
    at = mark.line if mark is not None else 0
    for line in (lines[number - 1] for number in (at, at - 1) if 0 < number <= len(lines)):
        advice = quoting_advice(line)
        if advice:
            return advice
    if "found character '\\t'" in reason or "\t" in (lines[at - 1] if 0 < at <= len(lines)
                                                       else ""):
        return " Indent with spaces, not tabs."
    return ""


def read_yaml(text: str) -> Marked:
    """Compose and convert; raise `YamlError` when the text cannot be read as YAML."""
    if len(text.encode("utf-8", errors="replace")) > MAX_BYTES:
        raise YamlError(f"The file is larger than {MAX_BYTES // 1_000_000} MB.", None)
    try:
        root = _compose(text)
    except RecursionError:  # composing is recursive: find where it nests too deep
        raise YamlError(_TOO_DEEP, _pure_too_deep_at(text)) from None
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


class _PureLoader(yaml.SafeLoader):
    """PyYAML's pure-Python safe reader, holding plain text in lists and mappings written on
    one line ([Where is your eye patch?]) to libyaml's rule (and YAML 1.2's): a "?" inside
    such text is a letter like any other, not the end of the text."""

    def scan_plain(self) -> Any:
        if not self.flow_level:
            return super().scan_plain()
        peek = self.peek
        self.peek = lambda index=0: "a" if peek(index) == "?" else peek(index)  # type: ignore
        try:
            return super().scan_plain()
        finally:
            del self.peek


def _compose(text: str) -> yaml.Node | None:
    """The YAML's nodes. libyaml's safe reader, where PyYAML has it (fifteen times faster),
    alone decides what is valid, so what a designer is told never depends on the rest of the
    file; when it refuses the text, the pure-Python reader's words are used if that reader
    gives up at the same place (they name the character found), else libyaml's own."""
    fast = getattr(yaml, "CSafeLoader", None)
    if fast is None:
        return yaml.compose(text, Loader=_PureLoader)
    try:
        deep = _too_deep_at(text, fast)
        if deep is not None:
            raise YamlError(_TOO_DEEP, deep)
        return yaml.compose(text, Loader=fast)
    except yaml.MarkedYAMLError as refused:
        raise _in_pure_words(refused, text) from None


def _in_pure_words(refused: yaml.MarkedYAMLError, text: str) -> yaml.MarkedYAMLError:
    """The pure reader's error for a text libyaml refused, where it stops on the same line
    (or the one before: libyaml places an unexpected end at the next line's start)."""
    where = refused.problem_mark or refused.context_mark
    try:
        yaml.compose(text, Loader=_PureLoader)
    except yaml.MarkedYAMLError as worded:
        there = worded.problem_mark or worded.context_mark
        if where is None or (there is not None and where.line - 1 <= there.line <= where.line):
            return worded
    except (yaml.YAMLError, RecursionError):
        pass
    return refused


_TOO_DEEP = (f"Values here are nested more than {MAX_DEPTH} levels deep (lists or mappings "
             "inside one another); a deck never needs that many.")


def _too_deep_at(text: str, loader: Any) -> Mark | None:
    """Where nesting first passes MAX_DEPTH, read from the parser's events (not recursive);
    None when it never does. Raises the reader's error for text that is not YAML."""
    depth = 0
    for event in yaml.parse(text, Loader=loader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            where = event.start_mark
            if depth > MAX_DEPTH and where is not None:
                return Mark(where.line + 1, where.column + 1)
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return None


def _pure_too_deep_at(text: str) -> Mark | None:
    try:
        return _too_deep_at(text, _PureLoader)
    except yaml.YAMLError:
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
        line = marked.text.splitlines()[node.start_mark.line] if marked.text else ""
        marked.problems.append(YamlProblem(
            "yaml-tag", f'The tag "{node.tag}" is not allowed in a deck; write plain values.'
            + (quoting_advice(line) if node.tag.startswith("!") else ""),
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
