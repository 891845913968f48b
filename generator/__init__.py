"""Everything with files: decks, the checker, PDF and PNG output, rulebooks."""
