"""The plain-words reader's test table (tests/test_wtr_words.py): phrases as players say
them, each with the rule it must mean, and phrases it must refuse.

A rule is a rule card of decks/what-the-rule.yaml by its id ("@only-black"), or written in
the rule language. Every rule card is here, several ways, and so are the seed's example
rules and the issue's examples.
"""

from __future__ import annotations

# (phrase, the rule it must mean)
MEANT: tuple[tuple[str, str], ...] = (
    # -- the examples
    ("just black ones", "@only-black"),
    ("squares are banned", 'card.shape != "square"'),
    ("switch between filled and empty", "@fill-takes-turns"),
    ("one more shape each time", "first or card.count == previous.count + 1"),
    ("copy the shape of the last card", "first or card.shape == previous.shape"),
    ("only cards with 5 or 6", "card.count >= 5"),
    ("no two whites in a row", 'first or card.colour == "black" or previous.colour == "black"'),
    ("triangles only on black cards", 'card.shape != "triangle" or card.colour == "black"'),
    # -- the seed's examples (the rule cards' translation, the text's own)
    ("Always alternate black and white cards", "@colours-take-turns"),
    ("Ascending number from 1 to 6 (and then starting over again)", "@count-up-and-round"),
    ("white cards only", 'card.colour == "white"'),
    ("no black cards", 'card.colour == "white"'),
    ("only circle or triangle may be laid", 'card.shape != "square"'),
    ("only circle may be laid", 'card.shape == "circle"'),
    ("Alternate between filled and unfilled cards.", "@fill-takes-turns"),
    ("Alternate between cards with even and odd numbers.", "@odd-even-take-turns"),
    ("Circle must be followed by triangle, triangle must be followed by square and square "
     "must be followed by circle.", "@shapes-go-round"),
    ("Black cards must always show a number between 1 and 3, white cards must show a number "
     "between 4 and 6.", "@colour-sets-the-count"),
    ("Two black cards and two white cards must always be played alternately.",
     "@colours-in-pairs"),
    ("All cards can be played except those with circles.", "@no-circles"),
    ("The next played card must show another shape as the card before.", "@a-new-shape"),
    ("White cards must be filled, black cards must be unfilled.",
     "@white-filled-black-unfilled"),
    ("Cards with the numbers 1 or 2 are not allowed to be played.", "@three-or-more"),
    ("Cards with even numbers must be white and cards with odd numbers must be black.",
     "@even-white-odd-black"),
    # -- 1 fill-takes-turns
    ("filled and unfilled take turns", "@fill-takes-turns"),
    ("alternate the fill", "@fill-takes-turns"),
    ("solid, hollow, solid, hollow", "@fill-takes-turns"),
    ("the fill changes every card", "@fill-takes-turns"),
    ("no two filled cards in a row and no two empty ones in a row", "@fill-takes-turns"),
    ("filled then unfilled then filled and so on", "@fill-takes-turns"),
    # -- 2 odd-even-take-turns
    ("odd and even numbers take turns", "@odd-even-take-turns"),
    ("switch between odd and even", "@odd-even-take-turns"),
    ("alternate odd and even counts", "@odd-even-take-turns"),
    ("after an odd number comes an even number and after an even number an odd one",
     "@odd-even-take-turns"),
    # -- 3 shapes-go-round
    ("circle then triangle then square, and round again", "@shapes-go-round"),
    ("circles, then triangles, then squares, then start over", "@shapes-go-round"),
    ("after a circle comes a triangle, after a triangle a square, after a square a circle",
     "@shapes-go-round"),
    ("a triangle must follow a circle, a square must follow a triangle and a circle must "
     "follow a square", "@shapes-go-round"),
    # -- 4 colour-sets-the-count
    ("black cards show 1 to 3 shapes, white cards 4 to 6", "@colour-sets-the-count"),
    ("black ones have three or fewer, white ones four or more", "@colour-sets-the-count"),
    ("dark cards 1-3, light cards 4-6", "@colour-sets-the-count"),
    # -- 5 colours-in-pairs
    ("two blacks then two whites", "@colours-in-pairs"),
    ("colours come in pairs", "@colours-in-pairs"),
    ("2 black, 2 white, 2 black and so on", "@colours-in-pairs"),
    ("pairs of colours", "@colours-in-pairs"),
    # -- 6 no-circles
    ("no circles", "@no-circles"),
    ("circles are banned", "@no-circles"),
    ("anything but circles", "@no-circles"),
    ("never a circle", "@no-circles"),
    ("any card except ones with circles", "@no-circles"),
    ("only triangles and squares", "@no-circles"),
    ("circles can't be played", "@no-circles"),
    ("no round ones", "@no-circles"),
    # -- 7 a-new-shape
    ("a different shape each time", "@a-new-shape"),
    ("never the same shape twice in a row", "@a-new-shape"),
    ("the shape changes every card", "@a-new-shape"),
    ("no two cards of the same shape in a row", "@a-new-shape"),
    ("each card shows another shape than the card before", "@a-new-shape"),
    ("not the same shape as the last card", "@a-new-shape"),
    # -- 8 white-filled-black-unfilled
    ("white cards are filled and black cards are empty", "@white-filled-black-unfilled"),
    ("white ones solid, black ones hollow", "@white-filled-black-unfilled"),
    ("filled shapes only on white cards, unfilled only on black", "@white-filled-black-unfilled"),
    ("on white cards the shapes are filled, on black cards they are unfilled",
     "@white-filled-black-unfilled"),
    # -- 9 three-or-more
    ("at least three shapes", "@three-or-more"),
    ("no ones or twos", "@three-or-more"),
    ("3 or more shapes", "@three-or-more"),
    ("a card with just one or two shapes may never be played", "@three-or-more"),
    ("only cards with three or more shapes", "@three-or-more"),
    ("more than two shapes", "@three-or-more"),
    # -- 10 even-white-odd-black
    ("even numbers must be white, odd numbers must be black", "@even-white-odd-black"),
    ("even on white, odd on black", "@even-white-odd-black"),
    ("white cards have an even number of shapes and black cards an odd number",
     "@even-white-odd-black"),
    ("black cards odd, white cards even", "@even-white-odd-black"),
    # -- 11 only-black
    ("only black cards", "@only-black"),
    ("black only", "@only-black"),
    ("no white cards", "@only-black"),
    ("dark cards", "@only-black"),
    ("every card is black", "@only-black"),
    ("cards must be black", "@only-black"),
    ("whites are banned", "@only-black"),
    # -- 12 only-filled
    ("only filled shapes", "@only-filled"),
    ("just solid ones", "@only-filled"),
    ("no empty shapes", "@only-filled"),
    ("the shapes must be filled in", "@only-filled"),
    ("only coloured-in shapes", "@only-filled"),
    ("hollow ones are not allowed", "@only-filled"),
    # -- 13 only-squares
    ("only squares", "@only-squares"),
    ("just boxes", "@only-squares"),
    ("squares only", "@only-squares"),
    ("no circles and no triangles", "@only-squares"),
    ("every card shows squares", "@only-squares"),
    # -- 14 only-even-counts
    ("only even numbers", "@only-even-counts"),
    ("an even number of shapes", "@only-even-counts"),
    ("2, 4 or 6 shapes", "@only-even-counts"),
    ("twos, fours and sixes", "@only-even-counts"),
    ("no odd numbers", "@only-even-counts"),
    ("only cards with an even number of shapes", "@only-even-counts"),
    # -- 15 three-at-most
    ("no card with more than three shapes", "@three-at-most"),
    ("at most 3 shapes", "@three-at-most"),
    ("three or fewer", "@three-at-most"),
    ("only ones, twos and threes", "@three-at-most"),
    ("cards with 4, 5 or 6 shapes are banned", "@three-at-most"),
    ("up to three shapes", "@three-at-most"),
    # -- 16 colours-take-turns
    ("black and white take turns", "@colours-take-turns"),
    ("alternate colours", "@colours-take-turns"),
    ("the colour changes every time", "@colours-take-turns"),
    ("never two cards of the same colour in a row", "@colours-take-turns"),
    ("black, white, black, white", "@colours-take-turns"),
    ("a different colour from the last card", "@colours-take-turns"),
    ("switch colours each card", "@colours-take-turns"),
    # -- 17 one-colour-all-along
    ("the same colour as the card before", "@one-colour-all-along"),
    ("keep the colour", "@one-colour-all-along"),
    ("the colour never changes", "@one-colour-all-along"),
    ("copy the colour of the previous card", "@one-colour-all-along"),
    ("each card is the colour of the card before it", "@one-colour-all-along"),
    ("same colour all along", "@one-colour-all-along"),
    # -- 18 triangles-or-singles
    ("triangles or cards with a single shape", "@triangles-or-singles"),
    ("only triangles or ones", "@triangles-or-singles"),
    ("only triangles, or else cards with one shape", "@triangles-or-singles"),
    ("only triangles and single shapes", "@triangles-or-singles"),
    # -- 19 count-up-and-round
    ("one more shape each time, and start over after six", "@count-up-and-round"),
    ("count up from 1 to 6 and start again", "@count-up-and-round"),
    ("each card has one shape more than the card before, after six comes one",
     "@count-up-and-round"),
    ("counting up by one, wrapping around", "@count-up-and-round"),
    ("one more than the last card, and after 6 back to 1", "@count-up-and-round"),
    # -- 20 one-step-away
    ("one more or one fewer than the card before", "@one-step-away"),
    ("one shape more or one shape less than the last card", "@one-step-away"),
    ("the number differs by one from the card before", "@one-step-away"),
    ("up or down by one", "first or card.count == previous.count + 1 "
     "or card.count == previous.count - 1"),
    # -- 21 shape-or-colour-matches
    ("the same shape or the same colour as the card before", "@shape-or-colour-matches"),
    ("same shape or same colour as the last card, or both", "@shape-or-colour-matches"),
    ("match the shape or the colour of the card before", "@shape-or-colour-matches"),
    ("same shape or colour as the previous card", "@shape-or-colour-matches"),
    # -- 22 count-or-fill-matches
    ("as many shapes as the card before, or the same fill", "@count-or-fill-matches"),
    ("the same number or the same fill as the card before", "@count-or-fill-matches"),
    ("same count or fill as the last card", "@count-or-fill-matches"),
    # -- 23 black-means-circles
    ("black cards may only show circles", "@black-means-circles"),
    ("black cards only with circles, white cards can be anything", "@black-means-circles"),
    ("black cards must be circles", "@black-means-circles"),
    ("no triangles or squares on black cards", "@black-means-circles"),
    ("only circles on black cards", "@black-means-circles"),
    # -- 24 triangles-are-filled
    ("triangles must be filled", "@triangles-are-filled"),
    ("triangles must be filled, circles and squares may be filled or not",
     "@triangles-are-filled"),
    ("no empty triangles", "@triangles-are-filled"),
    ("triangles are always solid", "@triangles-are-filled"),
    ("hollow triangles are banned", "@triangles-are-filled"),
    # -- 25 never-two-filled
    ("two filled cards may never lie side by side", "@never-two-filled"),
    ("no two filled in a row", "@never-two-filled"),
    ("never two solid cards in a row", "@never-two-filled"),
    ("a filled card may never follow a filled card", "@never-two-filled"),
    ("after a filled card comes an unfilled one", "@never-two-filled"),
    # -- 26 never-two-black
    ("a black card may never follow a black card", "@never-two-black"),
    ("no two blacks in a row", "@never-two-black"),
    ("never two dark cards one after the other", "@never-two-black"),
    ("no black after black", "@never-two-black"),
    ("after a black card comes a white card", "@never-two-black"),
    # -- 27 two-three-five
    ("only cards with two, three or five shapes", "@two-three-five"),
    ("2, 3 or 5", "@two-three-five"),
    ("only twos, threes and fives", "@two-three-five"),
    ("no 1s, 4s or 6s", "@two-three-five"),
    # -- 28 each-shape-its-counts
    ("circles come one or two to a card, triangles three or four, squares five or six",
     "@each-shape-its-counts"),
    ("circles 1 or 2, triangles 3 or 4, squares 5 or 6", "@each-shape-its-counts"),
    ("circles have 1-2 shapes, triangles 3-4 and squares 5-6", "@each-shape-its-counts"),
    # -- 29 squares-in-even-numbers
    ("squares only come in even numbers", "@squares-in-even-numbers"),
    ("squares must be even", "@squares-in-even-numbers"),
    ("no odd numbers of squares", "@squares-in-even-numbers"),
    ("squares only in even numbers, circles and triangles any number",
     "@squares-in-even-numbers"),
    # -- 30 more-or-just-one
    ("more shapes than the card before, or else just a single shape", "@more-or-just-one"),
    ("more shapes than the last card or just one shape", "@more-or-just-one"),
    ("a higher number than the card before, or a single shape", "@more-or-just-one"),
    # -- 31 odd-stays-odd
    ("odd after odd and even after even", "@odd-stays-odd"),
    ("if the card before is odd, the next one is odd; if the card before is even, the next "
     "one is even", "@odd-stays-odd"),
    ("after an odd number comes an odd number, after an even number an even one",
     "@odd-stays-odd"),
    # -- 32 threes-and-sixes
    ("only cards with three or six shapes", "@threes-and-sixes"),
    ("threes and sixes", "@threes-and-sixes"),
    ("multiples of three", "@threes-and-sixes"),
    ("only 3 or 6", "@threes-and-sixes"),
    # -- 33 nothing-in-common
    ("nothing in common with the card before", "@nothing-in-common"),
    ("different in every way from the last card", "@nothing-in-common"),
    ("a different shape, number, fill and colour from the card before",
     "@nothing-in-common"),
    ("each card differs from the card before in everything", "@nothing-in-common"),
    # -- 34 seven-between-two
    ("a card and the card before add up to 7", "@seven-between-two"),
    ("together with the last card it makes seven", "@seven-between-two"),
    ("adds up to seven with the previous card", "@seven-between-two"),
    # -- 35 every-third-black
    ("every third card is black and the others are white", "@every-third-black"),
    ("every 3rd card black, the rest white", "@every-third-black"),
    # -- 36 never-three-of-a-colour
    ("never three cards of the same colour in a row", "@never-three-of-a-colour"),
    ("no three of a colour in a row", "@never-three-of-a-colour"),
    ("no 3 cards in a row with the same colour", "@never-three-of-a-colour"),
    # -- 37 not-the-last-two-shapes
    ("not the shape of either of the last two cards", "@not-the-last-two-shapes"),
    ("neither the shape of the card before nor of the card before that",
     "@not-the-last-two-shapes"),
    ("a different shape from the last two cards", "@not-the-last-two-shapes"),
    # -- 38 count-of-two-back
    ("the same number as the card two back", "@count-of-two-back"),
    ("as many shapes as the card before last", "@count-of-two-back"),
    ("copy the number of the card two before", "@count-of-two-back"),
    # -- 39 black-up-white-down
    ("black cards have more shapes than the card before, white cards fewer",
     "@black-up-white-down"),
    ("a black card goes up, a white card goes down", "@black-up-white-down"),
    ("black ones more than the last card, white ones fewer than the last card",
     "@black-up-white-down"),
    # -- 40 new-shape-new-colour
    ("the colour changes exactly when the shape does", "@new-shape-new-colour"),
    ("the colour changes if and only if the shape changes", "@new-shape-new-colour"),
    ("same shape means same colour, a different shape means a different colour",
     "@new-shape-new-colour"),
    # -- 41 colour-or-fill-changes
    ("either the colour changes or the fill does, never both and never neither",
     "@colour-or-fill-changes"),
    ("the colour or the fill changes, but not both", "@colour-or-fill-changes"),
    ("exactly one of colour and fill changes", "@colour-or-fill-changes"),
    # -- 42 triangle-leads
    ("start with a triangle, then a different shape each time", "@triangle-leads"),
    ("the first card is a triangle, after that the shape changes every card",
     "@triangle-leads"),
    ("the row begins with a triangle and each card has another shape than the card before",
     "@triangle-leads"),
    # -- 43 more-white-fewer-black
    ("more shapes than the card before means white, fewer means black",
     "@more-white-fewer-black"),
    ("if a card has more shapes than the card before it is white, if fewer it is black",
     "@more-white-fewer-black"),
    # -- 44 filled-must-climb
    ("a filled card has more shapes than the card before", "@filled-must-climb"),
    ("filled cards must have more shapes than the last card", "@filled-must-climb"),
    ("solid ones go up", "@filled-must-climb"),
    # -- more ways of saying things
    ("only black triangles", 'card.colour == "black" and card.shape == "triangle"'),
    ("no black squares", 'not (card.colour == "black" and card.shape == "square")'),
    ("only cards with 2 to 4 shapes", "2 <= card.count <= 4"),
    ("between 2 and 5 shapes", "2 <= card.count <= 5"),
    ("fewer than three shapes", "card.count <= 2"),
    ("odd numbers only", "card.count % 2 == 1"),
    ("no circles unless they are black", 'card.shape != "circle" or card.colour == "black"'),
    ("no white circles", 'not (card.colour == "white" and card.shape == "circle")'),
    ("one less each time", "first or card.count == previous.count - 1"),
    ("count down from 6 to 1 and start over",
     "first or card.count == (previous.count + 4) % 6 + 1"),
    ("after a square comes a circle", 'first or previous.shape != "square" or '
     'card.shape == "circle"'),
    ("no three blacks in a row", 'position <= 2 or not (card.colour == "black" and '
     'previous.colour == "black" and previous_2.colour == "black")'),
    ("the first card must be black", 'not first or card.colour == "black"'),
    ("every other card is white", 'position % 2 != 0 or card.colour == "white"'),
    ("same fill as the card before", "first or card.fill == previous.fill"),
    ("going up", "first or card.count > previous.count"),
    ("fewer shapes than the card before", "first or card.count < previous.count"),
    ("black circles or white squares", '(card.colour == "black" and card.shape == "circle") '
     'or (card.colour == "white" and card.shape == "square")'),
    ("circles and triangles take turns", '(card.shape != "square") and (first or '
     'card.shape != previous.shape)'),
    ("only filled black cards", 'card.fill == "filled" and card.colour == "black"'),
    ("no single shapes", "card.count != 1"),
    ("I think it's black cards only", "@only-black"),
    ("the rule is: no squares", 'card.shape != "square"'),
    ("only black cards with 5 or 6 shapes", 'card.colour == "black" and card.count >= 5'),
)

# phrases the reader must refuse (it never guesses at a meaning)
REFUSED: tuple[str, ...] = (
    "nice cards",
    "the usual",
    "what is the rule?",
    "is it about colours?",
    "hexagons only",
    "only stars",
    "no pentagons",
    "only 7s",
    "cards with 8 shapes",
    "no zeros",
    "black",  # a colour alone is fine (only black): kept out below
    "pretty ones only",
    "big numbers",
    "high cards only",
    "only black cards and only white cards",
    "black white cards",
    "the rule is",
    "only",
    "no",
    "alternate",
    "after a circle",
    "more shapes than",
    "same as",
    "cards with",
    "every card",
    "it depends on the weather",
    "something to do with the shapes",
    "anything goes except sometimes",
    "circles then",
    "one more",
    "red cards only",
    "only green squares",
    "no black shapes",
    "the colour of the sky",
    "follow the leader",
    "black cards 9 to 12",
    "two",
    "just guess",
)
REFUSED = tuple(phrase for phrase in REFUSED if phrase != "black")
