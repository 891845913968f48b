"""Each game's buttons on a player's page (`hrdeck.web.buttons`)."""
