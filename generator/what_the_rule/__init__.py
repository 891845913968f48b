"""What the Rule?! on paper: its two kinds of card (the 144 shape cards, made from their
attributes, and the rule cards a game master may draw) and its score sheet."""
