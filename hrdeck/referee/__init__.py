"""`hrdeck referee`: the tabletop referee. All of its I/O lives here; the game is `engine`'s.

store      the SQLite journal (every entry committed before it is acknowledged), sessions
locking    one referee process per session (`fcntl.flock`, released even on SIGKILL)
recovery   resuming a journal damaged by a crash: keep what replays, say what was dropped
rule_deck  the rule cards of a session, kept in the database with it
commands   the command language: a typed line becomes a command (shared by every front end)
session    runs commands against the journal, the referee and the store; returns data
watcher    the journal watcher: the engine's referee, plus the sums the history shows
announce   what the referee says after each change (sums, tricks, points, the winner)
reports    the scoreboard, history, reveal and final state of a session, as data
views      the data types of what is shown: lines, scoreboard, history, reveal, help
screen     rich rendering of views and outcomes
script     scripted use: commands from a file or standard input
interactive  the prompt loop: completion, confirmations, pass-the-laptop rule picking, timer
exporting  JSON and CSV exports of a session
cli        the typer commands: new, resume, list, export
"""
