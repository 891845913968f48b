"""The referee on the web: a table page and one page per player, served beside the terminal
on the same session (`hub`), each page seeing only what its seat may know (`seat_view`).

Loaded only with `--web` (and by `hrdeck play`): no other command imports the web stack.
"""
