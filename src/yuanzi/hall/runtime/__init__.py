"""The hall's machinery that is no game's and no player's business (issue 29): what a
node runs on — the publish/subscribe seam, the actors' mailboxes, the rate limits, the
per-account socket cap and the pool where bots think."""
