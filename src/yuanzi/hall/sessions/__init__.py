"""Session rooms (局数, issue 26): a table opened for N games, or until someone leaves,
with a running tally per player, a vote to end early and a summary at the end. The
tally is computed from the session's stored games alone, so a crash loses none of it."""
