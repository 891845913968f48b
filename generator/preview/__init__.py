"""`hrdeck preview`: PNGs of chosen card sides, quickly, for a designer editing a look.

sides.py loads and checks a deck as far as drawing it needs and composes the chosen sides;
render.py turns a side into a PNG (the bleed lightened); hints.py draws the proof sheet;
watch.py tells which files to watch and which sides changed.
"""
