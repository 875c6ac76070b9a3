"""The FastAPI transport: REST for accounts and reads, one WebSocket for the lobby and play.

Thin by design: routes validate and translate; the hall's services decide.
"""
