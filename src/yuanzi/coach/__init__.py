"""The coach (issue 17): a finished game's decisions of one seat, reviewed by the search
bot's sampled worlds and rollouts from that seat's own observation (R45)."""

from yuanzi.coach.marks import MARKS, accuracy_of, mark_of
from yuanzi.coach.review import Decision, ReviewSettings, SeatReview, review_seat

__all__ = ["MARKS", "Decision", "ReviewSettings", "SeatReview", "accuracy_of", "mark_of",
           "review_seat"]
