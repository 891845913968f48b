"""What the Rule?!'s own commands on `hrdeck`, loaded through its declaration
(engine/games/what_the_rule): `hrdeck rule …` and `hrdeck play what-the-rule`."""

from hrdeck.what_the_rule import play_command, rule_commands

__all__ = ["play_command", "rule_commands"]
