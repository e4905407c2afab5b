"""A tie on the top total broken by tricks (--tiebreak tricks): the players and the rounds."""

from __future__ import annotations

PLAYERS = ("Asha", "Bimal", "Tulsi", "Ram")
# pagat scores a made bid as the bid, extra tricks or not: Asha and Bimal both make 4 and 4,
# Asha with one trick more each time; tricks 9 to 8
TWO_ROUNDS = [((4, 4, 2, 2), (5, 4, 2, 2)), ((4, 4, 2, 2), (4, 4, 3, 2))]
