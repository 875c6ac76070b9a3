"""The social desks (issue 15): friends, table chat and its rules, and what an admin
does to players and tables in the live hall."""
