"""The game hall as domain services, with no transport: accounts, tables, the lobby.

The server (FastAPI) calls into these; storage is reached through :mod:`.ports`.
"""
