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
>>> same_token("é", token), same_token(token, token), token_shaped("ab\\x00c")
(False, True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import re
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


_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{1,64}")


def token_shaped(text: str) -> bool:
    """Whether ``text`` could be a token or public id of ours (URL-safe base64, short).

    Anything else (non-ASCII, a NUL byte PostgreSQL refuses, a megabyte) is
    answered "not found" without a comparison or a database look-up.
    """
    return _TOKEN_SHAPE.fullmatch(text) is not None


def same_token(given: str | None, expected: str) -> bool:
    """``given == expected`` in constant time; false for anything not token-shaped."""
    return (
        given is not None
        and token_shaped(given)
        and hmac.compare_digest(given.encode(), expected.encode())
    )


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
