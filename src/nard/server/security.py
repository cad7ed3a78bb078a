"""Tokens and passwords: unguessable tokens, SHA-256 for stored tokens, argon2id hashes.

>>> token = new_token()
>>> len(token) >= 43 and token != new_token()
True
>>> len(token_hash(token))
64
>>> hashed = hash_password("correct horse")
>>> hashed.startswith("$argon2id$"), verify_password(hashed, "correct horse")
(True, True)
>>> verify_password(hashed, "wrong")
False
"""

from __future__ import annotations

import hashlib
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_HASHER = PasswordHasher()  # argon2id with the library's recommended costs


def new_token() -> str:
    """32 random bytes, URL-safe: a cookie, an invitation or a spectator link."""
    return secrets.token_urlsafe(32)


def new_public_id() -> str:
    """A game's id in URLs (12 random bytes): not a secret, but not enumerable either."""
    return secrets.token_urlsafe(12)


def token_hash(token: str) -> str:
    """What is stored for a login token: its SHA-256, hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def verify_password(hashed: str, password: str) -> bool:
    try:
        return _HASHER.verify(hashed, password)
    except (VerificationError, InvalidHashError):
        return False
