"""Clubs (亲友圈, issue 26): a town's group's home in the hall — who is in it, who runs it,
how one comes in. Club tables and session rooms build on this."""
