"""``yuanzi loadtest``: many bot-played WebSocket clients against a hall, measured."""
