"""The lobby (issue 14): which tables it lists, its news sent at most once an interval,
what a client asked to see, and the free seats quick match may offer."""
