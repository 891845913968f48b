"""The referee at the keyboard: a prompt with Tab completion, help, confirmations, the
pass-the-laptop rule picking, rulings asked as questions, and an optional turn timer.

Every command goes through `Session.execute`, exactly as in scripts; this module only asks,
shows and waits.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace

from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from engine.errors import HrdeckError
from hrdeck.printable import plain, printable
from hrdeck.referee import commands as c
from hrdeck.referee.rule_deck import RuleCard
from hrdeck.referee.screen import print_outcome, render_board, render_shown_rule
from hrdeck.referee.session import Session
from hrdeck.referee.views import (
    Choice,
    Dealt,
    Outcome,
    PickRequest,
    PrivateAsk,
    PrivateRule,
    Question,
    ShownRule,
)

try:
    import readline
except ImportError:  # pragma: no cover - Windows without pyreadline
    readline = None  # type: ignore[assignment]

YES = ("y", "yes")
NO = ("n", "no")
TIMER_TICK = 0.25


class Interactive:
    """The prompt loop over one session."""

    def __init__(self, session: Session, console: Console, errors: Console,
                 read: Callable[[str], str] = input) -> None:
        self.session = session
        self.console = console
        self.errors = errors
        self.read = read
        self.lock = threading.Lock()          # held while a command runs
        self._warned: tuple[object, ...] | None = None
        self._prompt = "> "
        self._stop = threading.Event()

    # -- the loop ----------------------------------------------------------------------------

    def run(self) -> None:
        self._setup_completion()
        session = self.session
        self.console.print(plain(f"hrdeck referee · {session.name} · {session.mode} game · "
                                "help lists the commands, Tab completes, quit leaves (the game "
                                "is saved)", style="dim"), soft_wrap=True)
        if session.missing_rules() and not session.game.has_started():
            self.pick(session.pick_request(None))
        self.show_board()
        timer = threading.Thread(target=self._watch_timer, daemon=True)
        timer.start()
        try:
            if self._ask_ruling():
                while (line := self._input(self.prompt())) is not None:
                    if not line.strip():
                        continue
                    if not self.handle(line) or not self._ask_ruling():
                        break
        finally:
            self._stop.set()
        self.console.print(plain(f"The game is saved: hrdeck referee resume {session.name}",
                                style="dim"))

    def prompt(self) -> str:
        acting = self.session.to_act()
        if acting is None:
            asked = self.session.table.ask(self.session.game)
            return f"{asked}> " if asked else "> "
        return f"{self.session.names[acting[0]]}, {acting[1]}> "

    def handle(self, line: str) -> bool:
        """Run one typed line; False when it is time to leave."""
        try:
            command = self.session.parse(line)
        except HrdeckError as error:
            self.errors.print(Text.assemble(("error: ", "bold red"), printable(str(error))),
                              soft_wrap=True)
            return True
        outcome = self.execute(command)
        if outcome.confirm is not None:
            if not self.yes_no(outcome.confirm):
                self.console.print("Nothing changed.")
                return True
            if isinstance(command, c.Undo | c.Reveal):
                outcome = self.execute(replace(command, confirmed=True))
        if outcome.choice is not None:
            chosen = self.choose(outcome.choice)
            if chosen is None:
                self.console.print("Nothing changed.")
                return True
            outcome = self.execute(chosen)
        if outcome.private is not None:
            answered = self.ask_privately(outcome.private)
            if answered is None:
                return True
            outcome = self.execute(answered)
        if isinstance(outcome.view, ShownRule):
            ruling = self.show_privately(outcome.view, self.session.question())
            print_outcome(self.console, self.errors, replace(outcome, view=None), "error")
            if ruling is not None:
                print_outcome(self.console, self.errors, ruling, "error")
            self.show_board()
            return True
        if isinstance(outcome.view, PickRequest):
            self.pick(outcome.view)
            self.show_board()
            return True
        if isinstance(outcome.view, PrivateRule):
            self.private(outcome.view)
            return True
        print_outcome(self.console, self.errors, outcome, "error")
        if outcome.changed:
            self.show_board()
        return not outcome.quit

    def execute(self, command: c.Command) -> Outcome:
        with self.lock:
            outcome = self.session.execute(command)
        self._warned = None
        return outcome

    def show_board(self) -> None:
        self.console.print(render_board(self.session.board()))

    # -- questions ---------------------------------------------------------------------------

    def _ask_ruling(self) -> bool:
        """While a challenge waits, ask for the ruling; False when the user leaves."""
        while (question := self.session.question()) is not None:
            if question.shown is not None:  # the rule is for one player's eyes only
                ruling = self.show_privately(question.shown, question)
                if ruling is None:
                    return False
                print_outcome(self.console, self.errors, ruling, "error")
                self.show_board()
                continue
            self.console.print(Panel(plain(question.text), title="Challenge: the table rules",
                                     title_align="left"))
            answer = self._input("Upheld? y/n (or any command) ")
            if answer is None:
                return False
            word = answer.strip().lower()
            if word in YES + c.UPHELD_WORDS or word in NO + c.OVERTURNED_WORDS:
                outcome = self.execute(c.Rule(upheld=word in YES + c.UPHELD_WORDS))
                print_outcome(self.console, self.errors, outcome, "error")
                if outcome.changed:
                    self.show_board()
            elif word and not self.handle(answer):
                return False
        return True

    def choose(self, choice: Choice) -> c.Command | None:
        """Ask which of a few answers is meant; None when nobody chooses."""
        self.console.print(plain(choice.asked), soft_wrap=True)
        for number, (label, _) in enumerate(choice.options, start=1):
            self.console.print(plain(f"  {number}. {label}"))
        while True:
            answer = self._input(f"Which, 1 to {len(choice.options)}? (Enter: none) ")
            if answer is None or not answer.strip():
                return None
            if c.is_number(answer.strip()) and 1 <= int(answer) <= len(choice.options):
                return choice.options[int(answer) - 1][1]
            self.console.print(f"Type a number from 1 to {len(choice.options)}.")

    def ask_privately(self, ask: PrivateAsk) -> c.Command | None:
        """Pass the laptop: one player answers on a cleared screen; the answer is kept out of
        the line history and the screen is cleared again. None when nobody answers."""
        self.clear()
        self.console.print(Panel(plain(f"{ask.player} answers in private. Everyone else, "
                                      "look away."), title="Private", title_align="left"))
        if self._input(f"{ask.player}, press Enter when only you can see the screen. ") is None:
            self.console.print("Nothing changed.")
            return None
        while True:
            answer = self._input(f"{ask.question} ", remember=False)
            if answer is None or not answer.strip():
                self.clear()
                self.console.print("Nothing changed.")
                return None
            problem = None if ask.check is None else ask.check(answer.strip())
            if problem is None:
                break
            # still in private: the reason, then the question again (Enter alone leaves)
            self.console.print(plain(f"Not taken: {problem}", style="yellow"), soft_wrap=True)
            self.console.print(plain("Answer again, or press Enter to leave it.", style="dim"))
        shown = None if ask.shown is None else ask.shown(answer.strip())
        if shown:
            self.console.print(Panel(plain(shown), title=f"For {ask.player} alone",
                                     title_align="left"))
            self._input("Press Enter to hide it. ", remember=False)
        self.clear()
        try:
            return ask.answer(answer.strip())
        except HrdeckError:  # said without repeating the answer, which was private
            self.console.print("That answer could not be read; nothing changed.")
            return None

    def show_privately(self, shown: ShownRule, question: Question | None) -> Outcome | None:
        """Pass the laptop: the challenged rule, for its viewer (and its holder) alone.

        With a ruling still to give (`question`), it is given there, in private; the table
        then hears only the ruling and the points. None when the user leaves instead.
        """
        who = shown.viewer
        self.clear()
        self.console.print(Panel(plain(f"{shown.holder} shows the rule to {who} "
                                      f"({shown.holder} may look too).\nEveryone else, look "
                                      "away."), title="Challenge", title_align="left"))
        if self._input(f"{who}, press Enter when only you can see the screen. ") is None:
            return None
        self.console.print(render_shown_rule(shown))
        if question is None:
            self._input("Press Enter to hide it. ")
            self.clear()
            return Outcome()
        while True:
            answer = self._input("Was the enforcement right? y: upheld, n: overturned ",
                                 remember=False)
            if answer is None:
                return None
            word = answer.strip().lower()
            if word in YES + c.UPHELD_WORDS or word in NO + c.OVERTURNED_WORDS:
                break
            self.console.print("Please answer y or n.")
        self.clear()
        return self.execute(c.Rule(upheld=word in YES + c.UPHELD_WORDS))

    def yes_no(self, question: str) -> bool:
        while True:
            answer = self._input(f"{question} (y/n) ")
            if answer is None:
                return False
            word = answer.strip().lower()
            if word in YES or word in NO:
                return word in YES
            self.console.print("Please answer y or n.")

    def _input(self, prompt: str, remember: bool = True) -> str | None:
        """A line typed at `prompt`; None at end of input. Private answers (`remember` False)
        are kept out of the line history, where the next player could scroll to them."""
        self._prompt = prompt
        try:
            answer = self.read(prompt)
            if not remember and answer and readline is not None:
                length = readline.get_current_history_length()
                if length and readline.get_history_item(length) == answer:
                    readline.remove_history_item(length - 1)
            return answer
        except EOFError:
            self.console.print()
            return None
        except KeyboardInterrupt:
            self.console.print("\n(quit leaves; the game is saved)")
            return ""

    # -- private screens ---------------------------------------------------------------------

    def clear(self) -> None:
        """Clear the screen and the scrollback, so the next player cannot scroll up."""
        if self.console.is_terminal and os.environ.get("TERM", "") not in ("", "dumb"):
            self.console.file.write("\x1b[H\x1b[2J\x1b[3J")
            self.console.file.flush()
        else:
            self.console.print("\n" * 40)

    def pick(self, request: PickRequest) -> None:
        """Pass the laptop: each player in turn picks a trigger and an action in private."""
        for dealt in request.players:
            if not self._pick_one(dealt):
                self.console.print("Picking stopped; pick carries on later.")
                return
        self.clear()

    def _pick_one(self, dealt: Dealt) -> bool:
        name = dealt.name
        self.clear()
        self.console.print(Panel(plain(f"Pass the laptop to {name}.\nEveryone else, look away."),
                                 title="Secret rules", title_align="left"))
        if self._input(f"{name}, press Enter when only you can see the screen. ") is None:
            return False
        while True:
            self.clear()
            self.console.print(plain(f"{name}, your cards. Keep one trigger and one action: "
                                    "together they are your secret rule.", style="bold"))
            for kind, cards in (("Triggers", dealt.triggers), ("Actions", dealt.actions)):
                self.console.print(plain(f"\n{kind}:", style="bold"))
                for number, card in enumerate(cards, start=1):
                    self.console.print(plain(f"  {number}. {card.text}"), soft_wrap=True)
            self.console.print()
            trigger = self._choose("Keep which trigger, 1 or 2? ", dealt.triggers)
            action = self._choose("Keep which action, 1 or 2? ", dealt.actions) if trigger else None
            if trigger is None or action is None:
                return False
            self.console.print(Panel(plain(f"{trigger.text} {action.text}"), title="Your rule",
                                     title_align="left"))
            if self.yes_no("Keep this rule?"):
                break
        outcome = self.execute(c.Keep(player=dealt.seat, trigger=trigger.id, action=action.id))
        if outcome.error is not None:
            self.errors.print(Text.assemble(("error: ", "bold red"), printable(outcome.error)))
            return False
        self._input("Remember it (peek shows it again later). Press Enter to hide it, then "
                    "pass the laptop on. ")
        self.clear()
        print_outcome(self.console, self.errors, outcome)
        return True

    def _choose(self, prompt: str, cards: tuple[RuleCard, ...]) -> RuleCard | None:
        while True:
            answer = self._input(prompt, remember=False)
            if answer is None:
                return None
            if answer.strip() in ("1", "2") and int(answer) <= len(cards):
                return cards[int(answer) - 1]
            self.console.print("Type 1 or 2.")

    def private(self, rule: PrivateRule) -> None:
        self.clear()
        self.console.print(plain(f"Only {rule.name} should look now."))
        what = "it" if rule.title else "your rule"
        if self._input(f"{rule.name}, press Enter to see {what}. ") is None:
            return
        self.console.print(Panel(plain(rule.text), title=rule.title or f"{rule.name}'s secret "
                                 "rule", title_align="left"))
        self._input("Press Enter to hide it. ")
        self.clear()
        self.show_board()

    # -- Tab completion ----------------------------------------------------------------------

    def _setup_completion(self) -> None:
        if readline is None:
            return
        readline.set_completer(self.complete)
        readline.set_completer_delims(" \t\n\"")
        if "libedit" in (readline.__doc__ or ""):
            readline.parse_and_bind("bind ^I rl_complete")
        else:
            readline.parse_and_bind("tab: complete")

    def complete(self, text: str, state: int) -> str | None:
        assert readline is not None
        before = readline.get_line_buffer()[:readline.get_begidx()].split()
        options = [option + " " for option in completions(before, text, self.session.names,
                                                                 self.session.specs)]
        return options[state] if state < len(options) else None

    # -- the turn timer ----------------------------------------------------------------------

    def _watch_timer(self) -> None:
        while not self._stop.wait(TIMER_TICK):
            if not self.lock.acquire(blocking=False):
                continue
            try:
                overdue = self.session.overdue()
                key = (self.session.to_act(), self.session.turn_since)
            finally:
                self.lock.release()
            if overdue is None or self._warned == key:
                continue
            self._warned = key
            name, took = overdue
            buffer = readline.get_line_buffer() if readline is not None else ""
            sys.stdout.write(f"\n  ⏱ {name} has taken {took:.0f} s: over the "
                             f"{self.session.timer:g}-second limit. Anyone may call it: call "
                             f"WHO on {name} slow\n{self._prompt}{buffer}")
            sys.stdout.flush()


def completions(before: list[str], text: str, names: tuple[str, ...],
                specs: Sequence[c.Spec] = c.SPECS) -> list[str]:
    """What may come next on a line that reads `before` + `text` (for Tab), among the
    commands `specs` (a session's: the game's own and every game's)."""
    lowered = text.lower()
    if not before:
        words = [spec.name for spec in specs] + list(names)
        return [word for word in words if word.lower().startswith(lowered)]
    spec = c.words_of(specs).get(before[0].lower())
    kind = spec.completes if spec is not None else "players"
    choices: list[str] = []
    if kind == "players":
        choices = list(names)
    elif kind == "enforce":
        position = len(before)
        choices = (list(names) if position in (1, 3) or before[-1].lower() == "rule"
                   else ["on", *names] if position == 2 else ["rule", "for"])
        if position >= 3 and before[2].lower() == "on":
            choices = (list(names) if position == 3 or before[-1].lower() == "rule"
                       else ["rule", "for"])
        if before[-1].lower() == "for":
            choices = ["none"]
    elif kind == "call":
        position = len(before) - (1 if len(before) >= 3 and before[2].lower() == "on" else 0)
        choices = (list(names) if position in (1, 2) else ["slow", "turn"])
        if len(before) == 2:
            choices = ["on", *names]
    elif kind == "rulings":
        choices = ["upheld", "overturned"]
    elif kind == "yes":
        choices = ["yes"]
    elif kind == "timer":
        choices = ["on", "off"]
    elif kind == "commands":
        choices = [spec.name for spec in specs]
    return [word for word in choices if word.lower().startswith(lowered)]
