"""Mao on paper: its kind of card, a whole rule on one card (`cards`, `card_kinds`)."""
