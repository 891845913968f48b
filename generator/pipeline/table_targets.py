"""The build targets for virtual tables: `tts` (Tabletop Simulator) and `vtt` (a PNG per card
and a manifest). Their print code loads only when one is written."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from generator.pipeline.targets import Job, PrintTarget, Written
    from generator.printing.virtual_tables import TableSummary

# Targets whose pictures are for screens, not for a print shop's resolution checks.
SCREEN_TARGETS = frozenset({"tts", "vtt"})


def _written(target: PrintTarget, summary: TableSummary,
             what: str) -> tuple[list[Written], tuple[str, ...]]:
    from generator.pipeline.targets import Written, described

    problems = described(summary.overflow, summary.missing_glyphs)
    return [Written(summary.directory, what, None, summary.file_bytes, target.name,
                    problems=problems)], problems


def write_tts_target(target: PrintTarget, job: Job) -> tuple[list[Written], tuple[str, ...]]:
    from generator.pipeline.publish import published_path
    from generator.printing.tts import write_tts

    job.say("Tabletop Simulator sheets")
    tts = write_tts(job.folder / f"{job.ident}-tts", job.fronts, job.backs, ident=job.ident,
                    deck_name=job.deck_name, size=job.size, base_url=job.sheets.tts_url,
                    image_folder=published_path(job.folder) / f"{job.ident}-tts")
    width, height = tts.pixels
    return _written(target, tts, f"Tabletop Simulator: {tts.cards} cards in {tts.decks} "
                    f"deck(s), one per back, on {tts.sheets} face sheet(s) of {width} × "
                    f"{height} px cards; {job.ident}.json goes in TTS's Saved Objects "
                    "(README.txt says where)")


def write_vtt_target(target: PrintTarget, job: Job) -> tuple[list[Written], tuple[str, ...]]:
    from generator.printing.vtt import VTT_DPI, write_vtt

    job.say("card pictures for virtual tables")
    vtt = write_vtt(job.folder / f"{job.ident}-vtt", job.fronts, job.backs, ident=job.ident,
                    deck_name=job.deck_name, size=job.size)
    width, height = vtt.pixels
    return _written(target, vtt, f"virtual tables: {vtt.images} card pictures and "
                    f"{vtt.backs} back(s) of {width} × {height} px ({VTT_DPI} dpi, trim "
                    f"only); manifest.json lists the {vtt.cards} cards")
