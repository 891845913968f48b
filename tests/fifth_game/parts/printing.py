"""Registers what a build of a fifth-game deck prints of its own: the number cards' face
design, a print target and a tally sheet."""

from generator.pipeline.targets import register_game_sheet, register_target
from generator.printing.face_designs import register_face_design
from tests.fifth_game.printing import DESIGN, TALLY_SHEET, TARGET, compose_number

register_face_design(DESIGN, compose_number)
register_target(TARGET)
register_game_sheet(TALLY_SHEET)
