"""The commands: the fast path (show, bid, tricks, TAB), the Typer CLI, play's guided game,
the live scoreboard and the completion scripts."""
