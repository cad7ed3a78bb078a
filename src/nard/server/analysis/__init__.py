"""Analyses of finished or running matches: the job that walks a match, and the service
that starts, saves and publishes it."""
