"""The game itself, pure: rules, scores, moves, history, standings, settling up and statistics.
No files, no terminal, no language: errors are English sentences with named values."""
