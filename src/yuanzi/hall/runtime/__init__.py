"""The hall's machinery that is no game's and no player's business (issue 29's target
``runtime/``): what a node runs on. Today: the per-account socket cap; the pub/sub, the
mailboxes, the rate limits and the thinking pool move here next."""
