"""What to do when YAML's punctuation breaks a line of plain text: the line, fixed.

A value written without quotes is "plain" text, and YAML gives some characters a meaning
there: a colon followed by a space starts a key, `#` a comment, `&` `*` `!` `|` `>` `%` `@`
at the start of a value are its own punctuation, and a value that starts with a quote ends
at the closing quote. Each is cured the same way: quote the whole value. The advice shows
the line as it should be written.
"""

from __future__ import annotations

import re

# indentation, list dashes and a plain key; then the value; then a comment (YAML's rule:
# a "#" after a space starts one)
_LINE = re.compile(r"^(?P<lead>\s*(?:-\s+)*(?:[A-Za-z_][\w-]*\s*:(?:\s+|$))?)(?P<value>.*?)"
                   r"(?P<comment>\s+#.*)?$")

_STARTERS = {
    "?": "a key written on its own", "&": "an anchor", "*": "a reference to an anchor",
    "!": "a tag", "|": "a block of text on the lines below", ">": "a block of text on the "
    "lines below", "%": "a directive", "@": "reserved punctuation", "`": "reserved "
    "punctuation", "-": "an item of a list",
}
_BLOCK_HEADER = re.compile(r"^[|>][-+1-9]*$")  # text: >- with its text on the lines below


def quoted(value: str) -> str:
    """`value` as a quoted YAML text: in double quotes unless it holds one (or a backslash).

    >>> quoted("Say: hello"), quoted('"arr" in said')
    ('"Say: hello"', '\\'"arr" in said\\'')
    """
    if '"' not in value and "\\" not in value:
        return f'"{value}"'
    return "'" + value.replace("'", "''") + "'"


def _trouble(value: str) -> str | None:
    """Why YAML cannot read `value` as plain text, or None when it can."""
    if not value:
        return None
    first = value[0]
    if first in "\"'":
        closing = value.find(first, 1)
        while first == "'" and closing >= 0 and value[closing + 1:closing + 2] == "'":
            closing = value.find(first, closing + 2)  # '' is a quote inside single quotes
        if 0 <= closing < len(value.rstrip()) - 1:
            return "quote"
        return None
    if first == "#" or " #" in value:
        return "#"
    if value.startswith("- "):
        return "-"
    if first in _STARTERS and first != "-" and not _BLOCK_HEADER.match(value):
        return first
    if value.startswith(": ") or ": " in value or value.endswith(":"):
        return ":"
    return None


def _fixed_value(value: str) -> tuple[str, str] | None:
    """(why, the value as it should be written), or None when nothing is to be quoted. A
    list written on one line ([a, b]) has each item that needs it quoted."""
    if value.startswith("[") and value.endswith("]") and len(value) > 1:
        items = [item.strip() for item in value[1:-1].split(",")]
        whys = [_trouble(item) for item in items]
        first = next((why for why in whys if why is not None), None)
        if first is None:
            return None
        fixed = [quoted(item) if why else item for item, why in zip(items, whys, strict=True)]
        return first, "[" + ", ".join(fixed) + "]"
    why = _trouble(value)
    return (why, quoted(value)) if why is not None else None


def quoting_advice(line: str) -> str:
    """The advice for a line YAML's punctuation breaks: why, and the line fixed ("" when
    quoting would not help).

    >>> quoting_advice('  when: "arr" in said')
    ' A value that starts with a quote ends at the closing quote: to write more after it, \
quote the whole value (in the other kind of quotes): when: \\'"arr" in said\\''
    """
    found = _LINE.match(line.rstrip())
    if found is None:
        return ""
    comment = found["comment"] or ""
    fixed = _fixed_value(found["value"])
    if fixed is None and comment and found["value"].startswith("["):
        # the "#" cut a list short: [You are #1, arr]
        fixed, comment = _fixed_value(found["value"] + comment), ""
    if fixed is None:
        return ""
    why, value = fixed
    line_fixed = (found["lead"] + value + comment).strip()
    key = re.sub(r"^[-\s]*", "", found["lead"]).split(":")[0] or "text"
    if why == ":":
        return (" A colon followed by a space starts a new key, so text that holds one must be "
                f"quoted: {line_fixed} (or write the text on the lines below \"{key}: >\").")
    if why == "#":
        return (' A "#" at the start of a value, or after a space, starts a comment (the rest '
                f"of the line is not read), so text that holds one must be quoted: {line_fixed}")
    if why == "quote":
        return (" A value that starts with a quote ends at the closing quote: to write more "
                f"after it, quote the whole value (in the other kind of quotes): {line_fixed}")
    return (f' YAML reads "{why}" at the start of a value as {_STARTERS[why]}, so text that '
            f"starts with it must be quoted: {line_fixed}")
