"""Token buckets: a burst, then a refill at the set rate; keys are independent."""

from __future__ import annotations

from yuanzi.hall.runtime.ratelimit import Bucket, RateLimiter


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_rate_limiter_per_key() -> None:
    clock = Clock()
    limiter = RateLimiter(3, 60, clock)
    assert [limiter.allow("ip1") for _ in range(4)] == [True, True, True, False]
    assert limiter.allow("ip2")
    clock.t = 20  # a third of the window gives one token back
    assert limiter.allow("ip1") and not limiter.allow("ip1")


def test_rate_limiter_forgets_full_buckets_when_it_has_too_many_keys() -> None:
    clock = Clock()
    limiter = RateLimiter(1, 1, clock, max_keys=10)
    for i in range(10):
        limiter.allow(f"k{i}")
    clock.t = 5
    assert limiter.allow("new")
    assert len(limiter._buckets) == 1


def test_bucket() -> None:
    clock = Clock()
    bucket = Bucket(rate=2, burst=2, clock=clock)
    assert [bucket.take() for _ in range(3)] == [True, True, False]
    clock.t = 0.5
    assert bucket.take() and not bucket.take()
