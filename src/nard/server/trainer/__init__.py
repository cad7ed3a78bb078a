"""The trainer on the server: the rules drills' levels and the mistakes trainer, with their
routes."""
