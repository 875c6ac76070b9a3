"""Tournaments (比赛, issue 28): sit-and-go and scheduled, on duplicate deals. This package
holds the pure part — who sits where each round, and how results become standings — so
that it is tested alone and the same on every node."""
