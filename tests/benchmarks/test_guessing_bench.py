"""The guessing harness drives the hall's own doors: a botnet held to its allowance, a
friend who still comes in."""

from __future__ import annotations

from benchmarks import guessing


def test_the_botnet_is_held_to_its_own_allowance() -> None:
    out = guessing.run(seconds=5, seed=1, hours=3, step=60)
    assert out["hours_simulated"] == 3
    # each address: 40 an hour (twice an account's 20) after a first burst of as many
    assert out["guesses_per_hour"] == 50 * 40
    assert 2 * 50 * 40 - 100 <= out["guesses_first_hour"] <= 2 * 50 * 40 + 100
    assert out["friend_gets_in"] is True and out["hours_per_hit"] > 10


def test_club_codes_are_guessed_within_the_same_allowance() -> None:
    """Issue 44: the botnet spending its allowance on nine-digit club codes gets as many
    guesses as on room codes (one allowance), about a club in 450 hours among 1,000; a
    member with the right code still comes in."""
    out = guessing.run(seconds=5, seed=1, hours=3, step=60)
    assert out["club_code_digits"] == 9 and out["clubs_guesses_per_hour"] == 50 * 40
    assert out["clubs_hours_per_hit"] > 300 and out["clubs_friend_gets_in"] is True
    assert out["clubs_before_hits_per_hour_expected"] > 2  # six digits: two an hour
