"""`hrdeck play what-the-rule` played through the pages (in-process): the machine master
draws each rule, deals, judges every card and guess, and scores as the seed does; each page
holds its own hand as card pictures and nothing of another's; the machine's rule reaches no
page while its round is under way."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from PIL import Image

from hrdeck.web.seats import TABLE
from hrdeck.web.what_the_rule.pictures import CODES, SIZE, Pictures
from tests.web.play_wtr_helpers import Table, codes_in, served_game, without_hand

HAND, GUESS_BONUS, HINTED_BONUS = 10, 5, 2


def acting(table: Table) -> tuple[int, str]:
    """Whose move it is, and what: read from the table page's board."""
    game = table.game
    round_ = game.under_way
    if round_ is None:
        return 0, "lead"
    if round_.guesser is not None:
        return round_.guesser, "guess"
    return round_.turn, "play"


def rule_under_way(table: Table) -> str:
    round_ = table.game.under_way
    return "" if round_ is None else round_.rule.source


def no_leak(table: Table) -> None:
    """No view or reply holds the engine's hands; the table page's holds no hand at all."""
    for seat, text in table.seen:
        data = json.loads(text)
        assert '"hands"' not in text
        if seat == TABLE and "board" in data:
            assert "hand" not in data


def play_round(table: Table, *, guess_when: str, hints: bool = False,
               wrong_words: str = "") -> dict[str, Any]:
    """Play one round through the pages: each player in turn taps their first card (every
    seventh turn shows the hand instead); after a card that fits they pass, until
    `guess_when` ("early": the first chance; "late": once ten cards are down and everyone
    has had two turns; "never") when they guess the rule right. Returns what the seed's
    scoring needs, counted by the test itself."""
    number = table.game.round.number
    turns = [0] * table.players
    moves = 0
    if hints:
        assert not table.send(0, "hints")["error"]
    wrong_said = False
    while table.game.under_way is not None:
        moves += 1
        assert moves < 3000
        rule = rule_under_way(table)
        public = ""
        for seat in (TABLE, *range(table.players)):
            view = table.view(seat)
            text = table.seen[-1][1]
            assert rule not in text  # the machine's rule stays secret while the round runs
            if seat == TABLE:
                public = text
                continue
            # beyond its own hand, a page holds no card the table page does not show
            assert codes_in(without_hand(text)) <= codes_in(public)
            assert [card["code"] for card in view["hand"]] == [
                card.code for card in table.game.round.hands[seat]]
        seat, what = acting(table)
        if what == "guess":
            played = len(table.view(TABLE)["row"]["cards"]) + len(
                table.view(TABLE)["row"]["below"])
            ready = {"early": True, "never": False,
                     "late": played >= 10 and min(turns) >= 2}[guess_when]
            if wrong_words and not wrong_said:
                reply = table.send(seat, f"guess {wrong_words}")
                assert not reply["error"], reply
                heard = " ".join(line["text"] for line in reply["lines"]).lower()
                assert "understood as" in heard and "not machine's rule" in heard, heard
                wrong_said = True
                continue
            if ready:
                reply = table.send(seat, f"guess {rule}")
                assert "Right! That is Machine's rule" in " ".join(
                    line["text"] for line in reply["lines"]), reply
                guesser = seat
                break
            assert not table.press(seat, "No guess")["error"]
            continue
        view = table.view(seat)
        turns[seat] += 1
        if moves % 7 == 0:
            reply = table.press(seat, "Nothing fits")
        else:
            reply = table.send(seat, view["hand"][0]["line"])
        assert not reply["error"], reply
    else:
        guesser = None
    board = table.view(TABLE)["board"]
    row = table.view(TABLE)["row"]
    assert row["round"] == number and row["over"]
    return {"guesser": guesser, "turns": turns, "hints": hints,
            "played": len(row["cards"]) + len(row["below"]),
            "left": [board["rows"][seat]["counts"][0] for seat in range(table.players)]}


def seed_points(round_: dict[str, Any]) -> list[int]:
    """The seed's scoring, worked out here: each player 10 minus their cards in hand, the
    guesser 5 more (2 once hints were agreed); the master the best player's points, halved
    (rounded down) when the rule was guessed before every player had two turns or before ten
    cards were played, or not guessed at all."""
    points = [HAND - left for left in round_["left"]]
    if round_["guesser"] is not None:
        points[round_["guesser"]] += HINTED_BONUS if round_["hints"] else GUESS_BONUS
    best = max(points)
    halved = (round_["guesser"] is None or min(round_["turns"]) < 2
              or round_["played"] < 10)
    return [*points, best // 2 if halved else best]


def scores(table: Table) -> list[int]:
    return [row["score"] for row in table.view(TABLE)["board"]["rows"]]


def test_three_players_play_three_rounds_on_their_pages_scored_as_the_seed_does(
        tmp_path: Path) -> None:
    with served_game(tmp_path, "Ann,Ben,Cat", seed=11) as table:
        totals = [0, 0, 0, 0]
        for how, hints in (("late", True), ("never", False), ("early", False)):
            if table.game.under_way is None:
                reply = table.press(1, "New round: medium")
                assert not reply["error"], reply
            round_ = play_round(table, guess_when=how, hints=hints,
                                wrong_words="just black ones" if how == "late" else "")
            totals = [total + points for total, points in
                      zip(totals, seed_points(round_), strict=True)]
            assert scores(table) == totals, (how, round_)
            said = " ".join(line["text"] for line in table.view(0)["log"])
            assert "Machine's rule was" in said
        view = table.view(TABLE)
        assert view["over"]
        best = max(totals[:3])
        winners = [name for name, total in zip(("Ann", "Ben", "Cat"), totals, strict=False)
                   if total == best]
        ended = " ".join(line["text"] for line in view["log"][-3:])
        assert winners[0] in ended and "Machine won" not in ended
        assert "2. Machine" not in ended and "Machine, the machine master:" in ended
        assert table.view(0)["buttons"] == []
        no_leak(table)


def test_one_player_alone_plays_without_points_to_the_end(tmp_path: Path) -> None:
    with served_game(tmp_path, "Ann", seed=5, rounds=2) as table:
        assert not table.game.settings.points  # the seed: a game without points
        assert table.view(TABLE)["board"]["mode"] == "machine-dealt"  # not the engine's word
        play_round(table, guess_when="late")
        assert next(button["label"] for button in table.view(0)["buttons"]) == (
            "New round: easy rule")
        assert not table.press(0, "New round: hard")["error"]
        play_round(table, guess_when="early")
        view = table.view(0)
        assert view["over"] and "played without points" in view["log"][-1]["text"]
        assert scores(table) == [0, 0]


def test_a_hand_is_in_its_own_page_alone_as_pictures(tmp_path: Path) -> None:
    with served_game(tmp_path, "Ann,Ben", seed=3) as table:
        ann, ben, shown = table.view(0), table.view(1), table.view(TABLE)
        assert len(ann["hand"]) == len(ben["hand"]) == HAND
        card = ann["hand"][0]
        assert card["picture"] == f"/cards/{card['code']}.png" and card["line"] == card["code"]
        assert "hand" not in shown
        held = {card.code for card in table.game.round.hands[1]}
        assert {item["code"] for item in ben["hand"]} == held
        assert "hand" in ann and ann["hand"] != ben["hand"]
        # the machine's seat has no page, and the pages list only the players
        assert len(table.keys.players) == 2
        links = table.client.get(f"/p/{table.keys.key(TABLE)}/links").json()
        assert [link["name"] for link in links] == ["Ann", "Ben"]
        assert table.client.get(f"/p/{table.keys.key(TABLE)}/qr/2.svg").status_code == 404


def test_a_phone_cannot_choose_the_machines_rule(tmp_path: Path) -> None:
    with served_game(tmp_path, "Ann", seed=2, rounds=1) as table:
        table.game.under_way.ended = "x"  # pretend the round is over, to try a lead
        reply = table.send(0, "lead: card.colour == \"white\"")
        assert "draws its own rule" in (reply["error"] or "")


def test_the_card_pictures_are_served_drawn_once(tmp_path: Path) -> None:
    with served_game(tmp_path, "Ann", seed=1) as table:
        first = table.client.get("/cards/w2ft.png")
        again = table.client.get("/cards/w2ft.png")
        assert first.status_code == 200 and first.headers["content-type"] == "image/png"
        assert first.content == again.content
        with Image.open(io.BytesIO(first.content)) as image:
            assert image.format == "PNG" and image.size == SIZE
        other = table.client.get("/cards/b6us.png").content
        assert other != first.content
        assert table.client.get("/cards/x9zz.png").status_code == 404
    # kept on disk: another game reads the same picture back
    assert (tmp_path / "cards" / "w2ft.png").read_bytes() == first.content
    assert Pictures(tmp_path / "cards").png("w2ft") == first.content
    assert len(CODES) == 72


def test_the_referee_serving_a_game_against_the_machine_gives_the_machine_no_page(
        tmp_path: Path) -> None:
    """`hrdeck referee resume NAME --web` on a game against the machine: a page for each
    player, none for the machine."""
    from rich.console import Console

    from hrdeck.referee.store import Store
    from hrdeck.web.console import start
    from hrdeck.web.what_the_rule.play import new_session, players_of
    from tests.web.helpers import free_port

    session = new_session(Store(tmp_path / "db"), players_of("Ann,Ben"), rounds=1, seed=3,
                          name="m")
    shown = io.StringIO()
    served = start(session, Console(file=shown, width=200), "127.0.0.1", free_port())
    try:
        assert served.keys.players == ("Ann", "Ben")
        assert "Ann: http" in shown.getvalue() and "Machine:" not in shown.getvalue()
    finally:
        served.stop()
