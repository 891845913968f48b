"""What the Rule?!'s own commands on `hrdeck` (`hrdeck rule …`), loaded through its
declaration (engine/games/what_the_rule)."""
