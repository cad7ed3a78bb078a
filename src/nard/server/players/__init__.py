"""Players: accounts and guests, profiles, ratings' routes, display names, tokens and
passwords."""
