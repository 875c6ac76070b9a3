"""Accounts: registration, logging in, sessions, nicknames and passwords, and the names
the hall gives its bots."""
