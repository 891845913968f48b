"""What the Rule?! in the browser against the machine master (`hrdeck play what-the-rule`):
the card pictures (`pictures`), what a page sees of the cards (`cards_view`), its buttons
(`play_buttons`) and the game's start (`play`)."""
