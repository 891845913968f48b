"""The deck's faces and backs, where the build has always found them (`generator.card_faces`)."""

from generator.card_faces import card_fields, face_of, faces_for, made_face

__all__ = ["card_fields", "face_of", "faces_for", "made_face"]
