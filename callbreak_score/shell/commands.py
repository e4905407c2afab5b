"""Every command, declared once: its name, the function that runs it, its help, its
arguments and options (types, ranges, choices, what TAB offers) and its subcommands.

From this table come the parser (words.py), every --help page (views/helpview.py), TAB
(tab.py), the Typer app that words a usage error (params.py, cli.py), the completion
scripts, the man page and the docs' command reference (completion.py). The rule options
of `new` and `event new` are the option table's rows (core/options.py, RULES below).

Adding a command, say `callbreak tally GAME --json`:

1. A row here, where `callbreak --help` should list it: Command("tally",
   "games_commands:tally", "One sentence of help.", GAME, Option("--json", flag=True,
   help="...")). Its help texts are the English the catalogs translate.
2. The function in the module of what the user is doing (games_commands.py), taking
   each parameter's name as a keyword (`def tally(game, json)`), its values as typed:
   text, a whole number, a choice's text, True or False for a flag.
3. `python -m callbreak_score.shell.completion` (the scripts, the man page and the
   reference), the catalogs' extract, the translations and compile; a line in README.md.
4. A test of what it does (tests/cli/).
"""

from __future__ import annotations

from callbreak_score.core import options

from .declare import Argument, Command, Option, Param

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable


def _rules(placed: dict[str, Param] | None = None) -> tuple[Param, ...]:
    """One option per row of the option table (a game's rules), named by its make_rules
    keyword; `placed` puts a command's own option before a row's (`new --dealer`)."""
    rows: list[Param] = []
    for row in options.NEW_OPTIONS:
        if placed and row.key in placed:
            rows.append(placed[row.key])
        rows.append(Option(f"--{row.key}", name=row.keyword, flag=row.flag,
                           whole=row.kind == options.WHOLE, choices=row.choices,
                           metavar=row.metavar, help=row.help))
    return tuple(rows)


GAME = Argument("game", "[GAME]", complete="ids",
                help="A game id (see 'callbreak list'); default: the current game.")
SINCE = Option("--since", metavar="WHEN", help="Games started since WHEN: a date "
               "(2026-11-29), a time today (19:30) or 'today'.")
UNTIL = Option("--until", metavar="WHEN", help="Games started until WHEN: a date "
               "(2026-11-29, that whole day), a time today (19:30) or 'today'.")
PRESET_ONLY = Option("--rules", metavar="PRESET", choices=options.PRESETS,
                     help="Only the games of this preset (nepal, pagat or tens).")
OUTPUT = Option("-o", "--output", metavar="FILE",
                help="Write to FILE instead of standard output.")
EVENT = Option("--event", name="event_id", metavar="ID", complete="events", help="The "
               "event (default: the current event, the one started or used last).")


def _json(help: str) -> Param:  # noqa: A002
    return Option("--json", flag=True, help=help)


def _event(name: str, help: str, *params: Param) -> Command:  # noqa: A002
    """A subcommand of `event`, run by event_commands.py's function of its name."""
    return Command(name, f"event_commands:{name}_event", help, *params)


COMMANDS = (
    Command("new", "round_commands:new", "Start a game; it becomes the current game.\n\n"
            "An option not given here comes from your settings when one is set ('callbreak "
            "config').",
            Argument("players", "P1 P2 P3 P4 [P5]", many=True, complete="people",
                     help="Three, four or five players in turn order (use -- before a name "
                     "that starts with '-')."),
            *_rules({"instant-win": Option("--dealer", complete="dealer",
                                           help="Who deals first (default: the first "
                                           "player).")}),
            Option("--again", flag=True, help="The same players and rules as the current "
                   "game; the deal goes on round the table.")),
    Command("bid", "round_commands:bid", "Enter this round's bids.",
            Argument("bids", "B1 B2 B3 B4 | NAME=N ...", required=True, many=True,
                     complete="pairs", help="This round's bids in seat order, or NAME=N "
                     "pairs in any order; b6 or NAME=b6 is a blind bid."),
            loose=True),
    Command("tricks", "round_commands:tricks",
            "Enter the tricks each player won; completes the round and shows the scorecard.",
            Argument("won", "T1 T2 T3 T4 | NAME=N ...", required=True, many=True,
                     complete="pairs", help="Tricks won in seat order, or NAME=N pairs in "
                     "any order; they add up to 13 (17 for three players, 10 for five)."),
            loose=True),
    Command("show", "games_commands:show",
            "Show the scorecard: every round, running totals, leader, who deals next.",
            GAME, _json("Print the game as JSON."),
            Option("--version", metavar="VERSION", help="Another device's version of a game "
                   "changed on two devices apart, as 'sync', 'list' and 'doctor' name it (to "
                   "look at before 'callbreak choose').")),
    Command("undo", "round_commands:undo", "Take back the last change, whatever it was "
            "(bids, tricks, edit, finish, restore,\na new game, a player's rename or merge)."),
    Command("redo", "round_commands:redo",
            "Put back what the last undo took back (until a new change is made)."),
    Command("history", "games_commands:history",
            "List every change made to a game, with its time, newest last.",
            GAME, _json("Print the changes as JSON.")),
    Command("edit", "round_commands:edit", "Correct a completed round; later totals follow.",
            Argument("number", "N", whole=True, required=True,
                     help="The completed round to correct."),
            Argument("words", "[--bids B1 B2 ...] [--tricks T1 T2 ...]", many=True,
                     help="The round's correct bids and/or tricks, one per player as for bid "
                     "and tricks."),
            loose=True),
    Command("list", "games_commands:list_games",
            "List games, newest first (the current one marked).",
            Option("--all", name="show_all", flag=True,
                   help="Every game, not just the 20 newest."),
            _json("Print the list as JSON.")),
    Command("use", "games_commands:use", "Make another game the current game.",
            Argument("game", "GAME", required=True, complete="ids",
                     help="The game id to make current.")),
    Command("abandon", "games_commands:abandon_game", "Abandon a game: kept and listed, but "
            "left out of settle, stats and ratings.", GAME),
    Command("redate", "games_commands:redate", "Correct when a game was played (a clock "
            "that was wrong); undo takes it back.",
            Argument("game", "GAME", required=True, complete="ids",
                     help="The game id whose date to correct."),
            Argument("date", "YYYY-MM-DD", required=True, help="The day the game was played "
                     "(its time of day is kept), or the day and the time: YYYY-MM-DDTHH:MM."),
            Argument("clock", "[HH:MM]", help="The time it started, in this device's time "
                     "zone.")),
    Command("delete", "games_commands:delete_game",
            "Move a game to the trash ('callbreak restore GAME' brings it back).",
            Argument("game", "GAME", required=True, complete="ids",
                     help="The game id to delete.")),
    Command("finish", "round_commands:finish", "End the current --open game now."),
    Command("export", "games_commands:export_game", "Export a game as CSV (default) or JSON.",
            GAME,
            Option("--format", name="fmt", choices=("csv", "json"), default="csv",
                   help="csv: one row per player per round; json: the whole game."),
            OUTPUT,
            Option("--excel", flag=True, help="CSV for Excel on Windows: a UTF-8 byte-order "
                   "mark and CRLF line ends.")),
    Command("rules", "games_commands:show_rules", "Describe a preset's rules; without PRESET, "
            "the rules in force for the current game.",
            Argument("preset", choices=options.PRESETS, help="A preset to describe (default: "
                     "the current game's, with its options).")),
    Command("path", "games_commands:path",
            "Print the data folder (set CALLBREAK_HOME to move it)."),
    Command("restore", "games_commands:restore", "Bring a deleted game back from the trash, "
            "or show a game's backups or put one back\n(the current version becomes a "
            "backup).",
            Argument("game", "GAME", required=True, complete="ids", help="The game id."),
            Option("--list", name="list_only", flag=True, help="Show the backups only."),
            Option("--backup", metavar="N", whole=True, default=1,
                   help="Which backup to put back: 1 is the newest."),
            Option("--synced", flag=True, help="Put back the version the last sync left (a "
                   "data folder that syncs keeps it in its git history).")),
    Command("doctor", "games_commands:doctor",
            "Check every file in the data folder and say how to fix what is wrong.",
            Option("--fix", flag=True, help="Move damaged and stray files aside (bytes kept), "
                   "make a data file marked executable plain, and remove stray temp files.")),
    Command("penalty", "round_commands:penalty", "The table's penalty (a revoke, a misdeal): "
            "the player scores minus the bid.",
            Argument("name", "NAME", required=True, complete="players", help="The player who "
                     "revoked or misdealt (a unique prefix will do)."),
            Option("--round", name="number", metavar="N", whole=True,
                   help="The round (default: the latest round with bids).")),
    Command("play", "round_commands:play", "Play the game round by round: bids and tricks "
            "asked in calling order, saved as you go.", GAME),
    Command("serve", "setup_commands:serve", "Serve a live scoreboard page for phones and "
            "browsers; with --entry, an entry page;\nwith --event, a club night's board and "
            "every table's entry link.",
            Argument("game", "[GAME]", complete="ids", help="A game id to show; default: the "
                     "current game, followed when it changes."),
            Option("--port", range=(0, 65535), default=8000,
                   help="The port to listen on (0: any free port)."),
            Option("--lan", flag=True, help="Listen on the network for the table's phones: "
                   "a secret address and a QR code."),
            Option("--host", metavar="ADDRESS", help="With --lan: the address to listen on "
                   "(default: this machine's)."),
            Option("--entry", flag=True, help="Also give a secret entry link: the table's "
                   "phone enters the bids and tricks of this game."),
            Option("--event", flag=True, help="Serve the current event: a projector page of "
                   "its standings and every table, and an entry link per table ('callbreak "
                   "event tables').")),
    Command("settle", "after_commands:settle_up", "Settle up a game, or a sitting with "
            "--since/--until: each net and the fewest transfers.",
            Option("--stake", metavar="AMOUNT", required=True, help="What one place (rank) "
                   "or one point (points) is worth, e.g. 10 or 0.50."),
            GAME,
            Option("--scheme", choices=("rank", "points"), default="rank", help="rank: the "
                   "places pay the winner; points: every pair settles the difference of their "
                   "totals."),
            SINCE, UNTIL,
            Option("--partial", flag=True,
                   help="Settle an unfinished game on its totals so far."),
            _json("Print the settlement as JSON.")),
    Command("stats", "after_commands:stats", "Standings per preset across finished games: "
            "wins, averages, bids made, head-to-head.",
            Argument("players", "[PLAYER...]", many=True, complete="people",
                     help="Only these players (default: everyone)."),
            PRESET_ONLY, SINCE, UNTIL,
            Option("--games", metavar="N", range=(1, None),
                   help="Only the N newest finished games."),
            _json("Print the figures as JSON.")),
    Command("ratings", "after_commands:ratings", "Skill ratings from finished games "
            "(openskill's Plackett-Luce), best first.",
            Argument("player", "[NAME]", complete="people",
                     help="Show this player's rating after each game."),
            PRESET_ONLY, SINCE, UNTIL, _json("Print the ratings as JSON.")),
    Command("players", "after_commands:players", "List the players: each person, the names "
            "they played under, and their games.", _json("Print the players as JSON.")),
    Command("player", None, "Rename a player, or merge two names of one person (Ram and "
            "राम), in stats, settle and\nratings; the games keep the names as played.",
            commands=(
                Command("rename", "after_commands:rename_player", "Give a person a new name "
                        "in stats, settle and ratings; the games keep the names as played.",
                        Argument("name", "NAME", required=True, complete="people",
                                 help="A player, as played or shown."),
                        Argument("new", "NEW", required=True, complete="people",
                                 help="The new name.")),
                Command("merge", "after_commands:merge_players", "Count two names as one "
                        "person (Ram and राम) in stats, settle and ratings.",
                        Argument("name", "NAME", required=True, complete="people",
                                 help="A player, as played or shown."),
                        Argument("other", "OTHER", required=True, complete="people",
                                 help="The other name of the same person.")))),
    Command("chart", "after_commands:chart",
            "Chart every player's running total round by round.", GAME),
    Command("share", "after_commands:share", "A game to send: the order as text, or a card of "
            "the standings, chart and scorecard.",
            GAME,
            Option("--format", name="fmt", choices=("text", "png", "svg", "html"),
                   help="text: a short summary for a chat app; png: a picture card to send "
                   "(needs the png extra); svg: the card as SVG; html: a page for any phone. "
                   "Default: as -o FILE's name ends, else text."),
            OUTPUT,
            Option("--open", name="open_it", flag=True, help="Hand the file to the system to "
                   "send or show (termux-share, xdg-open or open); where none is found, print "
                   "its path.")),
    Command("event", None, "Run a club night: several tables, seat draws, standings, "
            "substitutes and a final\ntable; each table plays an ordinary game.",
            commands=(
                _event("new", "Start an event with its players (8 to 256). Every game "
                       "plays by the rules given here.",
                       Argument("name", "NAME", required=True, help="The event's name."),
                       Argument("players", "P1 P2 ...", many=True, complete="people",
                                help="Its players (8 to 256)."),
                       *_rules(),
                       Option("--games", metavar="G", whole=True,
                              help="The game rounds before the final (default 3).")),
                _event("next", "Seat the next game round: a fresh draw of tables.", EVENT),
                _event("redraw", "Seat the latest game round again. It is seated from the "
                       "players now, before any score is in.", EVENT),
                _event("standings", "The event's standings: every player's points so far.",
                       EVENT,
                       Option("--points", choices=("placement", "total"), help="How "
                              "to count: placement points (4 top, 1 bottom; the default) or "
                              "the game totals."),
                       _json("Print them as JSON.")),
                _event("show", "Each table of a game round: its players and its game.", EVENT,
                       Option("--round", name="round_", metavar="N", whole=True,
                              help="Game round N's tables (default: the latest).")),
                _event("sub", "Put a substitute in a seat. IN plays OUT's seat at the table "
                       "from the game's next round.",
                       Argument("table", "TABLE", whole=True, required=True,
                                help="The table's number."),
                       Argument("out", "OUT", required=True, complete="people",
                                help="The player who leaves."),
                       Argument("into", "IN", required=True, complete="people",
                                help="The player who takes the seat."),
                       EVENT),
                _event("drop", "Take a player out of the event. They are not seated in the "
                       "game rounds after this one.",
                       Argument("player", "NAME", required=True, complete="people",
                                help="The player who leaves."), EVENT),
                _event("add", "Seat a player again, or a new one. They are seated from the "
                       "next game round.",
                       Argument("player", "NAME", required=True, complete="people",
                                help="The player who comes back or joins."), EVENT),
                _event("final", "Seat the final table: the top players of the standings.",
                       EVENT,
                       Option("--top", metavar="N", whole=True,
                              help="The players of the final table, 3 to 5 (default 4)."),
                       Option("--early", flag=True,
                              help="Seat it before every game round is played.")),
                _event("tables", "Each table's entry link (while 'serve --event' runs).",
                       EVENT, Option("--qr", flag=True, help="Each link's QR code too.")),
                _event("use", "Make an event the current event.",
                       Argument("event_id", "ID", required=True, complete="events",
                                help="An event's id (see 'callbreak event list').")),
                _event("list", "List the events, the current one marked."))),
    Command("sync", "sync_commands:sync_games", "Exchange the games with the other devices "
            "through git: commit, fetch, merge, push.",
            Option("--init", metavar="REMOTE", help="Set up syncing with a git remote: a URL, "
                   "or a folder (a bare repository is made there when it is empty).")),
    Command("choose", "sync_commands:choose_version", "Keep one version of a game changed on "
            "two devices apart; the others are dropped.",
            Argument("game", "GAME", required=True, complete="ids",
                     help="The game changed on two devices."),
            Argument("version", "VERSION", required=True, help="The version to keep, as "
                     "'sync', 'list' or 'doctor' name it.")),
    Command("config", "setup_commands:config", "Your table's settings: language, digits, "
            "currency and the defaults for 'new'.",
            Argument("key", "[KEY]", complete="settings", help="A setting: language, digits, "
                     "currency, or an option of 'new' without its dashes (rules, max-bid, ...)."),
            Argument("value", "[VALUE]", complete="setting-values", help="Its new value."),
            Option("--unset", metavar="KEY", complete="settings", help="Remove a setting."),
            loose=True),
    Command("completion", "setup_commands:completion", "Print the TAB-completion script for a "
            "shell (the same as completions/ holds).",
            Argument("shell", choices=("bash", "zsh", "fish", "powershell"), required=True,
                     help="The shell to print the script for.")),
)

ROOT = Command("", None, "Keep the score of a Call Break (Callbreak, Call Bridge, Lakdi) "
               "game at a real table.",
               Option("--version", "-V", flag=True, help="Print the version and exit."),
               commands=COMMANDS)


def walk(command: Command = ROOT) -> Iterable[Command]:
    """The command and every command under it, in the order help lists them."""
    yield command
    for sub in command.commands.values():
        yield from walk(sub)
