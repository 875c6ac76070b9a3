"""Password hashing with argon2id (argon2-cffi); costs come from the settings."""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from yuanzi.hall.settings import Settings


class Passwords:
    def __init__(self, settings: Settings) -> None:
        self._hasher = PasswordHasher(time_cost=settings.argon2_time_cost,
                                      memory_cost=settings.argon2_memory_kib,
                                      parallelism=settings.argon2_parallelism)

    def hash(self, password: str) -> str:
        return self._hasher.hash(password)

    def verify(self, password_hash: str, password: str) -> bool:
        try:
            return self._hasher.verify(password_hash, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False


DUMMY_PASSWORD = "not-a-password-of-anyone"
