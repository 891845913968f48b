"""`python -m hrdeck.referee ...`: the same as `hrdeck referee ...`, starting faster."""

from hrdeck.referee.cli import main

main()
